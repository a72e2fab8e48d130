"""Writing average lemmas: a plain branch and bound that records what it proves about each node.

It proves "node N costs at least t" the way the checker (certificate.lemmas) will check it: a node
whose floor reaches t needs nothing; otherwise every split, cheapest floors first, is shown to reach t
with its children's bounds, each proved in turn with one question fewer to go (at no questions to go
a node is charged its floor, so what it proves holds for strategies of any length). A node it cannot
raise to t gets the least bound its splits showed. The root is tried at 1, 2, 3 ... questions deep
until it reaches the claim. Then the lemmas the root's proof cites, and theirs, are collected by
running the checker itself from the root, so a certificate holds only lemmas its proof uses.

A claim about strategies of at most j questions (a puzzle with a question budget, whose optimum may lie
above the optimum for any length) is proved the same way once, j questions deep, each child with one
question fewer: a child that counting rules out within its questions needs nothing (argument 6), and
each lemma carries the number of questions it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from .lemmas import NEVER, Cap, Items, LemmaTable, Units, check_lemma


@dataclass(frozen=True)
class AverageProof:
    """The lemmas proving that no strategy of any length averages below the claim."""

    claim: Fraction
    lemmas: tuple[tuple[Items, Fraction, Cap], ...]  # (node, least cost, questions or None), the root's last
    depth: int  # questions deep the search went before the root reached the claim
    splits: int  # splits the search looked at
    cap: Cap = None  # the claim is about strategies of at most this many questions (None: any length)


class AverageProver:
    """Raises nodes' lower bounds toward targets, recording each bound it proves as a lemma."""

    def __init__(self, units: Units, tick: Callable[[], None]):
        self.units = units
        self.table = LemmaTable(units, {})
        self.floors: dict[Items, Fraction] = {}
        self.failed: dict[tuple[Items, Cap], tuple[int, Fraction, Fraction]] = {}  # key -> (depth, target, bound)
        self.tick = tick
        self.splits = 0

    def bound(self, items: Items, target: Fraction, depth: int, capped: bool = False,
              canonical: bool = False) -> Fraction | float:
        """Return a proved lower bound on the cost of node `items`, at least `target` if the search of
        `depth` questions shows it; `capped`: for strategies of at most `depth` questions (NEVER where
        counting rules them all out), else for any length. Capped, a bound below `target` is the node's
        exact least cost: every split is then searched against the cheapest total found so far, so a
        sibling's target is never raised by a child's weak bound (with the first failure kept instead,
        T,T,L,R,R within 6 questions was proved only to 337/60). `canonical`: `items` is its own key."""
        cap = depth if capped else None
        classes = self.units.classes(items)
        if capped and classes > 1 and (depth == 0 or classes > 2 ** depth):
            return NEVER
        floor = self.table.floor(items, self.floors)
        if floor >= target or depth == 0 or classes <= 1:
            return floor
        key, g = (items, 1) if canonical else self.units.canonical(items)
        if key != items:  # search the node as the checker will see it: its splits (argument 4 takes one of
            # each set of interchangeable units, by their order) are then the ones the checker looks up
            return self.bound(key, target / g, depth, capped, True) * g
        known = self.table.known(key, cap) or Fraction(0)
        if known >= target:
            return known
        failed = self.failed.get((key, cap))  # capped, a failure's bound is the node's least cost
        if failed is not None and failed[0] >= depth and (capped or failed[1] <= target):
            return max(floor, failed[2])
        mass2 = 2 * sum(m for _, m in items)
        goal = 2 * target
        options = []
        most = 2 ** (depth - 1) if capped else len(items)  # goal classes a child can hold (argument 6)
        classes = self.units.classes
        for agent in self.units.addressees(items):
            for first, second in self.units.splits(items, agent):
                self.splits += 1
                self.tick()
                if classes(first) > most or classes(second) > most \
                        or mass2 + self.table.code(first) + self.table.code(second) >= goal:
                    continue
                f1, f2 = self.table.floor(first, self.floors), self.table.floor(second, self.floors)
                if mass2 + f1 + f2 < goal:
                    options.append((mass2 + f1 + f2, first, f1, second, f2))
        options.sort(key=lambda o: o[0])
        least = goal  # the least total shown so far (doubled), or the goal once every split reached it
        for n, (cheap, first, f1, second, f2) in enumerate(options):
            if cheap >= least:
                break
            if f1 < f2:  # raise the child whose floor is further from what it must reach first
                first, f1, second, f2 = second, f2, first, f1
            b1 = self.bound(first, least - mass2 - f2, depth - 1, capped)
            b2 = self.bound(second, least - mass2 - b1, depth - 1, capped) if mass2 + b1 + f2 < least else f2
            total = mass2 + b1 + b2
            if total < least and capped:  # exact below the target (see below): the split's true cost
                least = total
            elif total < least:
                rest = options[n + 1][0] if n + 1 < len(options) else goal
                least = min(total, rest)
                break
        proved = max(floor, least / 2, known)
        if proved > floor:
            self.table.record(key, proved, cap)
        if proved < target:
            self.failed[key, cap] = (depth, target, proved)
        return proved


def prove_average(units: Units, claim: Fraction, tick: Callable[[], None],
                  max_depth: int = 64, cap: Cap = None) -> AverageProof | None:
    """Return lemmas proving that every strategy of any length (or of at most `cap` questions) averages
    at least `claim` questions, or None if the search of `max_depth` questions (or `cap`) does not show it."""
    prover = AverageProver(units, tick)
    root = units.root()
    target = claim * units.n_worlds
    depths = range(1, max_depth + 1) if cap is None else [cap]
    for depth in depths:
        if prover.bound(root, target, depth, cap is not None) >= target:
            key, g = units.canonical(root)
            prover.table.record(key, target / g, cap)
            return AverageProof(claim, collect(prover.table, root, prover.floors, cap), depth, prover.splits, cap)
    return None


def collect(table: LemmaTable, root: Items, floors: dict[Items, Fraction], cap: Cap = None
            ) -> tuple[tuple[Items, Fraction, Cap], ...]:
    """Return the lemmas the root's proof cites, and theirs, found by running the checker from the root."""
    units = table.units
    key, _ = units.canonical(root)
    order: list[tuple[Items, Cap]] = [(key, cap)]
    seen = set(order)

    def cite(child: Items, within: Cap) -> None:
        k, _ = units.canonical(child)
        lemma = (k, table.covering(k, within))
        if lemma not in seen:
            seen.add(lemma)
            order.append(lemma)

    n = 0
    while n < len(order):
        k, within = order[n]
        check_lemma(table, k, value_of(table, k, within), floors, cite, cap=within)
        n += 1
    return tuple((k, value_of(table, k, within), within) for k, within in reversed(order))


def value_of(table: LemmaTable, key: Items, cap: Cap) -> Fraction:
    """Return the value of the lemma about `key` with exactly `cap` questions (None: of any length)."""
    return table.values[key] if cap is None else table.capped[key][cap]
