"""The average checker: verifies that a strategy's average is the fewest possible, without the search.

A certificate of this kind carries a strategy and its claimed average. The checker runs the strategy
through the verifier (every world, every hidden state: `interrogate.verify`, which shares no code with
the search) and computes, from the semantics alone, a lower bound that holds for every strategy of any
length. If the verified average equals the claim and the bound reaches it, no strategy does better.

The bound covers puzzles with two answer words in which, in every world, each god either answers as
the question makes it (free), always gives one word (fixed), or is a random god answering either word
with even odds (random in that world; random mode "word" or "coin", where every undetermined answer is
a fresh fair choice). An answer some question leaves to the god's choice is counted by the verifier at
its worst, which costs at least as much as settling it by a fair coin, so the argument below, made for
fair coins, covers such strategies too. Worlds have equal prior mass; a goal class's mass is its share of
the worlds. Why it holds, for any strategy (each step one line of reasoning):
1. Paths. In world w every question on a path is informative (its addressee is free or fixed in w: the
   answer is determined) or random for w (w's probability halves). So w's expected number of questions
   is mu_w (informative ones) + rho_w (random ones), and a leaf L reached from w is reached with
   probability 2**-r, r the random questions on its path, with 2**-depth(L) = 2**-r * 2**-s.
2. Kraft. Leaves hold one goal class each, and the leaves of a binary tree satisfy sum 2**-depth <= 1.
   For w in class c, the sum over c's leaves of 2**-depth is at least E_w[2**-s] >= phi(mu_w) (Jensen:
   phi, the straight-line interpolation of 2**-x between whole numbers, is convex and equals 2**-s at
   whole s). With nu_c the least mu_w over c (phi decreases): sum_c phi(nu_c) <= 1, and the informative
   questions cost at least sum_c M_c nu_c, which is at least the least value of that sum under that
   constraint (a fractional knapsack: raising a class from i to i + 1 frees 2**-(i+1) at cost M_c, so
   the cheapest ratio first is optimal).
3. Random charge. Let a be the first addressee and b and c the addressees in its two children (no one
   where a child is a leaf, which then holds a single goal class). A world random under a pays 1 for the
   first question and then 1/2 for each child whose addressee is random in it (it reaches each child
   with probability 1/2); a world not random under a reaches one child, chosen by the question, and
   pays 1 there if that child's addressee is random in it, so at least 1 when both are. Later questions
   only add. The least total over every (a, b, c), and every leaf child possible, is a lower bound.
4. The bound is max(code, Kraft + random charge), where code is the optimal prefix code (Huffman) of
   the class masses: the shallowest leaf of each class obeys Kraft's inequality, so the mass-weighted
   depth of each class is at least its length in some prefix code.
"""

from __future__ import annotations

import heapq
import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..logic.options import local_options
from ..interrogate.verify import verify

FREE, RANDOM = "free", "random"
FIXED = ("fixed 0", "fixed 1")  # always the first word, always the second
RANDOM_TYPE = "random"
# a random god's answer is a fresh fair choice between the two words in every world whatever is asked
# ("word"), or the truth or a lie by a fresh fair coin, a proposition being unable to see that coin ("coin")
FAIR_MODES = ("word", "coin")


class Unbounded(Exception):
    """The puzzle is outside what the bound covers (the message says why)."""


@dataclass(frozen=True)
class Floor:
    """The lower bound on the average of every strategy, and its parts."""

    value: Fraction
    code: Fraction  # optimal prefix code of the goal classes' masses
    informative: Fraction  # the Kraft relaxation of the informative questions
    random: Fraction  # the least first-two-questions random charge
    first: str  # the addressees that give that least charge, in words


@dataclass(frozen=True)
class AverageChecked:
    """What checking an average certificate found."""

    ok: bool
    claim: Fraction | None
    average: Fraction | None  # the strategy's verified average
    floor: Floor | None
    seconds: float
    failure: str | None = None
    proved: Fraction | None = None  # the lower bound shown: the floor's, or the lemmas'
    lemmas: int = 0  # lemmas checked
    splits: int = 0  # splits the lemma checker enumerated


def answering(puzzle: Any, check_time: Callable[[], None] | None = None) -> tuple[list[int], list[list[str]]]:
    """Return each world's goal class and, per world and god, how the god answers there (free, fixed to one
    word, or random); raise Unbounded if some god does otherwise (silence, three words, uneven odds)."""
    space = puzzle.space
    if len(space.words) != 2:
        raise Unbounded(f"the bound is for two answer words; this puzzle has {len(space.words)}")
    if space.paradox != "forbidden":
        raise Unbounded("the bound counts two answers per question; with paradox = 'silent' a question can make a "
                        "god say nothing, a third answer")
    if space.random_mode not in FAIR_MODES and any(RANDOM_TYPE in w.types for w in space.worlds):
        raise Unbounded(f"the bound is for random gods whose every undetermined answer is a fresh fair choice "
                        f"(random = {' or '.join(map(repr, FAIR_MODES))}); this puzzle has {space.random_mode!r}")
    ctx = puzzle.contexts(check=check_time)
    values: dict[tuple, int] = {}
    goal, kinds = [], []
    both = 0b11
    for i, world in enumerate(space.worlds):
        goal.append(values.setdefault(space.goal_value(i, puzzle.goal), len(values)))
        row = []
        for a in range(len(space.agents)):
            masks = sorted(o.outcomes for o in local_options(ctx, i, a)[0])
            if masks == [0b01, 0b10]:
                row.append(FREE)
            elif masks in ([0b01], [0b10]):
                row.append(FIXED[masks[0] >> 1])
            elif masks == [both] and world.types[a] == RANDOM_TYPE:
                row.append(RANDOM)
            else:
                raise Unbounded(f"in world {space.describe(i)!r}, {space.agents[a]} answers in a way the bound does "
                                "not cover (it covers gods who answer as asked, always alike, or at random)")
        kinds.append(row)
    return goal, kinds


def huffman(masses: list[Fraction]) -> Fraction:
    """Return the least mass-weighted length of a binary prefix code for these masses (over their total)."""
    return Fraction(huffman_cost(masses)) / sum(masses) if len(masses) > 1 else Fraction(0)


def huffman_cost(masses: list) -> Any:
    """Return the least mass-weighted length of a binary prefix code for these masses (whole numbers give
    a whole number)."""
    if len(masses) <= 1:
        return 0
    heap = [(m, i) for i, m in enumerate(masses)]
    heapq.heapify(heap)
    cost, tag = 0, len(masses)
    while len(heap) > 1:
        x, _ = heapq.heappop(heap)
        y, _ = heapq.heappop(heap)
        cost += x + y
        heapq.heappush(heap, (x + y, tag))
        tag += 1
    return cost


def kraft(masses: list[Fraction]) -> Fraction:
    """Return the least sum of M_c * nu_c over real nu_c >= 0 with sum phi(nu_c) <= 1 (over the total mass)."""
    return kraft_cost(masses) / sum(masses) if len(masses) > 1 else Fraction(0)


def kraft_cost(masses: list) -> Fraction:
    """Return the least sum of M_c * nu_c over real nu_c >= 0 with sum phi(nu_c) <= 1."""
    n = len(masses)
    if n <= 1:
        return Fraction(0)
    # raising a class from length i to i + 1 frees 2**-(i + 1); amounts are counted in units of
    # 2**-scale, the scale growing when a class goes deeper, so that every amount stays whole
    scale = n + 1
    excess, cost = (n - 1) << scale, 0
    heap = [(m * 2, c, 0) for c, m in enumerate(masses)]  # (cost per unit freed, class, current length)
    heapq.heapify(heap)
    while excess > 0:
        ratio, c, i = heapq.heappop(heap)
        if i + 1 > scale:
            excess <<= i + 1 - scale
            scale = i + 1
        freed = 1 << (scale - i - 1)
        if freed >= excess:
            return cost + Fraction(masses[c]) * excess / freed
        excess -= freed
        cost += masses[c]
        heapq.heappush(heap, (ratio * 2, c, i + 1))
    return Fraction(cost)


def random_charge(goal: list[int], kinds: list[list[str]], agents: tuple[str, ...],
                  weights: list[int] | None = None) -> tuple[Fraction, str]:
    """Return the least expected number of random questions the first two questions of any strategy put
    to the worlds (argument 3), per unit of mass (equal masses unless `weights` are given), with the
    addressees that give it."""
    n, n_agents = len(goal), len(agents)
    wt = [1] * n if weights is None else weights
    r = [[k == RANDOM for k in row] for row in kinds]
    # worlds random under the same gods are charged alike outside the leaf cases: sum their weights once
    by_row: dict[tuple[bool, ...], int] = {}
    for w in range(n):
        by_row[tuple(r[w])] = by_row.get(tuple(r[w]), 0) + wt[w]
    rows = list(by_row.items())
    best: tuple[int, str] | None = None

    def keep(charge2: int, what: str) -> None:  # charge2: twice the summed charge over the worlds
        nonlocal best
        if best is None or charge2 < best[0]:
            best = (charge2, what)

    for a in range(n_agents):
        for b in range(n_agents):
            for c in range(b, n_agents):
                keep(sum(m * (2 + rr[b] + rr[c] if rr[a] else 2 * (rr[b] and rr[c])) for rr, m in rows),
                     f"{agents[a]}, then {agents[b]} and {agents[c]}")
        # one child a leaf: it holds a single goal class k, so every world random under a lies in k
        random_classes = {goal[w] for w in range(n) if r[w][a]}
        if len(random_classes) > 1:
            continue
        per_class: dict[int, list[int]] = {}
        for w in range(n):
            per_class.setdefault(goal[w], []).append(w)
        ks = random_classes or set(per_class)
        for c in range(n_agents):
            for k in ks:
                inside = set(per_class[k])
                keep(sum(wt[w] * ((2 + r[w][c]) if r[w][a] else (0 if w in inside else 2 * r[w][c]))
                         for w in range(n)), f"{agents[a]}, then a leaf and {agents[c]}")
        if len(per_class) == 2:
            keep(sum(2 * wt[w] for w in range(n) if r[w][a]), f"{agents[a]}, then two leaves")
    assert best is not None
    return Fraction(best[0], 2 * sum(wt)), best[1]


def floor(puzzle: Any, check_time: Callable[[], None] | None = None) -> Floor:
    """Return the lower bound on the average number of questions of every strategy (module notes)."""
    goal, kinds = answering(puzzle, check_time)
    n = len(goal)
    counts: dict[int, int] = {}
    for g in goal:
        counts[g] = counts.get(g, 0) + 1
    masses = [Fraction(m, n) for m in counts.values()]
    if len(masses) <= 1:
        zero = Fraction(0)
        return Floor(zero, zero, zero, zero, "no question")
    code = huffman(masses)
    informative = kraft(masses)
    charge, first = random_charge(goal, kinds, puzzle.space.agents)
    return Floor(max(code, informative + charge), code, informative, charge, first)


def check_average(puzzle: Any, claim: Fraction, root: Any, check_time: Callable[[], None] | None = None,
                  lemmas: tuple[Any, Any] | None = None, tick: Callable[[], None] | None = None,
                  cap: int | None = None) -> AverageChecked:
    """Return whether a strategy (the root of its tree) averages `claim` questions and no strategy of any
    length (or of at most `cap` questions, which the strategy must keep to) averages fewer: by the floor,
    or else by `lemmas` (the document's lemmas and worlds, checked by certificate.lemmas; a malformed one
    raises lemmas.Malformed "key: what is wrong")."""
    start = time.perf_counter()
    verdict = verify(puzzle, root, check_time)

    def done(ok: bool, bound: Floor | None, failure: str | None = None, proved: Fraction | None = None,
             counted: tuple[int, int] = (0, 0)) -> AverageChecked:
        return AverageChecked(ok, claim, verdict.expected, bound, time.perf_counter() - start, failure,
                              bound.value if proved is None and bound is not None else proved, *counted)

    if not verdict.ok:
        return done(False, None, f"the strategy fails: {verdict.failure}")
    if verdict.expected != claim:
        return done(False, None, f"the strategy averages {verdict.expected}, not the claimed {claim}")
    if cap is not None and (verdict.worst is None or verdict.worst > cap):
        return done(False, None, f"the strategy asks up to {verdict.worst} questions, more than the claim's {cap}")
    try:
        bound = floor(puzzle, check_time)
    except Unbounded as e:
        return done(False, None, f"no lower bound here: {e}")
    if bound.value >= claim:
        return done(True, bound)
    if lemmas is None:
        return done(False, bound, f"the lower bound is {bound.value} ({float(bound.value):.6f}), below the claimed "
                                  f"{claim} ({float(claim):.6f}): this checker cannot show that no strategy does "
                                  "better (a certificate with lemmas about nodes can)")
    from .lemmas import Rejected, Units, check_lemmas, read_lemmas

    units = Units(puzzle, check_time)
    items = read_lemmas(units, *lemmas)
    try:
        least, splits = check_lemmas(units, items, tick, cap)
    except Rejected as e:
        return done(False, bound, str(e), counted=(len(items), 0))
    if least == math.inf:  # counting alone rules out the cap: a verified strategy within it cannot exist
        return done(False, bound, f"no strategy of at most {cap} questions can tell the goal classes apart")
    proved = least / units.n_worlds
    if proved < claim:
        return done(False, bound, f"the lemmas show that every strategy averages at least {proved} "
                                  f"({float(proved):.6f}), below the claimed {claim} ({float(claim):.6f})",
                    proved, (len(items), splits))
    return done(True, bound, None, proved, (len(items), splits))
