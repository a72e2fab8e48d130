"""Average lemmas: checking an average above the floor node by node, without the search.

A node is what a strategy still has to tell apart at some point: worlds with weights (the prior mass
they still carry there; a random answer halves it). A lemma says "every strategy of any length, run
from node N, costs at least v", where the cost is the sum over N's worlds of weight x expected number
of questions. The lemma about the root, whose worlds all weigh 1, with v = claim x worlds, shows that
no strategy averages fewer than the claim. Why a lemma holds once checked (each one line of reasoning):
1. Splits. A question to god a sends each world of N where a answers as asked (free) to the side the
   question picks, a world where a always says one word to that word's side, and a world where a is
   random to both sides with half its weight (module average: these are all the cases it admits).
   Checking every choice of side for every free world covers every question of every language.
2. Units. Worlds of one goal class answering alike under every god can be made to follow one path
   (the cheaper one's: it passes every question the other could), so they are one unit whose weight
   is their sum.
3. Scaling and renaming. Cost is linear in the weights; a renaming of the gods that maps the worlds
   onto themselves, keeping how each god answers and which worlds share a goal class, maps strategies
   to strategies of equal cost. So a lemma about N covers every renaming of N, with its weights scaled.
4. Interchangeable units. Two free units with the same answers under every god and the same weight,
   each the only unit of its goal class in N, can be exchanged in every question that follows; so
   splits that differ by such exchanges cost the same, and per group only the count sent to each side
   matters (the checker sends the first units of the group, in unit order, to the first word).
5. Induction on depth. A lemma holds if the floor of N reaches v, or if every split has weight(N) + B(first child) + B(second child) >= v, where B is
   0 for a child of at most one goal class and otherwise the larger of the floor (module average,
   weighted) and the value of a lemma covering the child (3), then every strategy of depth d from N
   costs at least v, given that every lemma holds for depth below d (a child's subtree is shallower).
   A node of two or more goal classes has no strategy of depth 0, so lemmas may cite any lemma,
   themselves included, and all hold together.
6. Caps. A lemma may carry a number of questions j: "every strategy of at most j questions from N costs
   at least v". It holds at once when N's goal classes cannot all be told apart in j questions (j = 0,
   or more classes than 2^j leaves), for no such strategy exists; otherwise as in 5, with each child
   taking at most j - 1 questions: B is then also infinite for a child that counting rules out, and
   a covering lemma must be one of any length or with a cap of at least j - 1 (a strategy of j - 1
   questions is one of at most that many). Lemmas of any length cite only lemmas of any length, so 5
   still holds for them; for the capped ones, induction on the depth of the strategy (at most the cap).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterator

from .average import FIXED, FREE, RANDOM, answering, huffman_cost, kraft_cost, random_charge

Items = tuple[tuple[int, int], ...]  # a node: (unit, whole-number weight), by unit
Cap = int | None  # at most this many questions, or None: any length
MAX_RENAMED_AGENTS = 6  # renamings are tried for puzzles of at most this many gods (6! = 720)
CANONICAL_KEPT = 1 << 18  # nodes whose keys are remembered (then forgotten all at once: memory stays bounded)
MAX_COST_CHARS = 200  # a lemma's cost, written as a fraction, at most (real ones have a few digits)
MAX_COST_BITS = 600  # and its numerator and denominator, in bits ("1e9999" is short but huge)
MAX_WEIGHT = 2 ** 256  # a world's weight in a lemma, below this (a random answer halves it: 2**256 is deep)
MAX_CAP = 64  # a lemma's number of questions, at most (2**64 leaves tell apart any puzzle's classes)
NEVER = math.inf  # B of a child no strategy within its cap can solve (argument 6)


class Rejected(Exception):
    """A lemma does not hold as checked (the message says which split escapes it)."""


class Malformed(ValueError):
    """A certificate's lemmas are not well formed, or were written for another puzzle ("key: what")."""


class Units:
    """What the checker derives from the puzzle: units (argument 2), their rows and the renamings (3)."""

    def __init__(self, puzzle: Any, check_time: Callable[[], None] | None = None):
        goal, kinds = answering(puzzle, check_time)
        space = puzzle.space
        self.agents = space.agents
        self.describe = space.describe
        self.n_worlds = len(goal)
        index: dict[tuple, int] = {}
        self.unit_of: list[int] = []
        self.first: list[int] = []  # each unit's first world
        self.goal: list[int] = []
        self.rows: list[tuple[str, ...]] = []
        self.size: list[int] = []
        for w, (g, row) in enumerate(zip(goal, kinds)):
            u = index.setdefault((g, tuple(row)), len(self.first))
            if u == len(self.first):
                self.first.append(w)
                self.goal.append(g)
                self.rows.append(tuple(row))
                self.size.append(0)
            self.unit_of.append(u)
            self.size[u] += 1
        self.renamings = self._renamings(space, goal, kinds, check_time)
        self._canonical: dict[Items, tuple[Items, int]] = {}

    def _renamings(self, space: Any, goal: list[int], kinds: list[list[str]],
                   check_time: Callable[[], None] | None) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Return the renamings of the gods that map the puzzle onto itself (argument 3), each as the place
        each god's role goes to and the unit each unit becomes; only the identity for puzzles of more
        than MAX_RENAMED_AGENTS gods."""
        n_agents = len(space.agents)
        identity = (tuple(range(n_agents)), tuple(range(len(self.first))))
        if n_agents > MAX_RENAMED_AGENTS:
            return [identity]
        where = {(w.types, w.language): i for i, w in enumerate(space.worlds)}
        out = []
        for perm in itertools.permutations(range(n_agents)):
            if check_time is not None:
                check_time()
            world_to: list[int] = []
            class_to: dict[int, int] = {}
            ok = True
            for i, w in enumerate(space.worlds):
                types = [""] * n_agents
                for a in range(n_agents):
                    types[perm[a]] = w.types[a]
                j = where.get((tuple(types), w.language))
                if j is None or any(kinds[j][perm[a]] != kinds[i][a] for a in range(n_agents)) \
                        or class_to.setdefault(goal[i], goal[j]) != goal[j]:
                    ok = False
                    break
                world_to.append(j)
            if ok and len(set(class_to.values())) == len(class_to):
                units = tuple(self.unit_of[world_to[f]] for f in self.first)
                if all(units[self.unit_of[i]] == self.unit_of[world_to[i]] for i in range(self.n_worlds)):
                    out.append((perm, units))
        return out or [identity]

    def root(self) -> Items:
        """Return the node every strategy starts from: each unit with its number of worlds (each world
        weighs 1)."""
        return tuple((u, s) for u, s in enumerate(self.size))

    def classes(self, items: Items) -> int:
        """Return how many goal classes a node holds."""
        return len({self.goal[u] for u, _ in items})

    def floor(self, items: Items) -> Fraction:
        """Return the floor of a node: module average's bound, for these weights (the cost, not per mass)."""
        masses: dict[int, int] = {}
        for u, m in items:
            masses[self.goal[u]] = masses.get(self.goal[u], 0) + m
        if len(masses) <= 1:
            return Fraction(0)
        whole = list(masses.values())
        code = huffman_cost(whole)
        charge, _ = random_charge([self.goal[u] for u, _ in items], [list(self.rows[u]) for u, _ in items],
                                  self.agents, [m for _, m in items])
        return max(Fraction(code), kraft_cost(whole) + charge * sum(whole))

    def canonical(self, items: Items) -> tuple[Items, int]:
        """Return a node's key up to renamings and scaling (argument 3), and the scale that gives it back
        (remembered for the last CANONICAL_KEPT nodes asked about: a minimum over up to 720 renamings)."""
        known = self._canonical.get(items)
        if known is not None:
            return known
        g = 0
        for _, m in items:
            g = math.gcd(g, m)
        out = min(tuple(sorted((r[u], m // g) for u, m in items)) for _, r in self.renamings), g
        if len(self._canonical) >= CANONICAL_KEPT:
            self._canonical.clear()
        self._canonical[items] = out
        return out

    def addressees(self, items: Items) -> list[int]:
        """Return the gods whose questions must be checked at a node: one per orbit of the renamings that
        map the node onto itself (argument 3: a question to the other gods of an orbit is the image of
        a question to the first, with children of equal cost)."""
        orbit_least = list(range(len(self.agents)))
        for perm, r in self.renamings:
            if tuple(sorted((r[u], m) for u, m in items)) == items:
                for a in range(len(self.agents)):
                    orbit_least[perm[a]] = min(orbit_least[perm[a]], a)
        # those renamings form a group, so every god of b's orbit is some a with perm[a] = b
        return [a for a in range(len(self.agents)) if orbit_least[a] == a]

    def splits(self, items: Items, agent: int) -> Iterator[tuple[Items, Items]]:
        """Yield the two children of every split of a node by a question to `agent` (arguments 1 and 4),
        with the node's weights doubled so that halves stay whole."""
        sides: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
        free: list[tuple[int, int]] = []
        for u, m in items:
            kind = self.rows[u][agent]
            if kind == RANDOM:
                sides[0].append((u, m))
                sides[1].append((u, m))
            elif kind == FREE:
                free.append((u, 2 * m))
            else:
                sides[FIXED.index(kind)].append((u, 2 * m))
        per_class: dict[int, int] = {}
        for u, _ in items:
            per_class[self.goal[u]] = per_class.get(self.goal[u], 0) + 1
        groups: dict[Any, list[tuple[int, int]]] = {}
        for u, m in free:  # by unit order, so each group is listed in it
            alone = per_class[self.goal[u]] == 1
            groups.setdefault((self.rows[u], m) if alone else u, []).append((u, m))
        members = list(groups.values())
        for counts in itertools.product(*(range(len(g) + 1) for g in members)):
            first, second = list(sides[0]), list(sides[1])
            for group, k in zip(members, counts):
                first.extend(group[:k])
                second.extend(group[k:])
            yield tuple(sorted(first)), tuple(sorted(second))


@dataclass
class LemmaTable:
    """Lemmas by key (a node up to renamings and scaling), each with its value at scale 1: those of any
    length in `values`, those with a cap in `capped` (key -> cap -> value)."""

    units: Units
    values: dict[Items, Fraction]
    capped: dict[Items, dict[int, Fraction]] = field(default_factory=dict)

    def bound(self, items: Items, floors: dict[Items, Fraction], cap: Cap = None) -> Fraction | float:
        """Return B of arguments 5 and 6: 0 for at most one goal class, NEVER for a node counting rules out
        within `cap` questions, else the floor or the best covering lemma's value."""
        classes = self.units.classes(items)
        if classes <= 1:
            return Fraction(0)
        if cap is not None and (cap == 0 or classes > 2 ** cap):
            return NEVER
        key, g = self.units.canonical(items)
        known = self.known(key, cap)
        f = self.floor(items, floors)
        return f if known is None else max(f, known * g)

    def known(self, key: Items, cap: Cap) -> Fraction | None:
        """Return the best value (scale 1) of a lemma about `key` that covers strategies within `cap`."""
        best = self.values.get(key)
        if cap is not None:
            for c, v in self.capped.get(key, {}).items():
                if c >= cap and (best is None or v > best):
                    best = v
        return best

    def covering(self, key: Items, cap: Cap) -> Cap:
        """Return the cap of the lemma `known` uses for `key` within `cap` (None: the one of any length)."""
        best, which = self.values.get(key), None
        if cap is not None:
            for c, v in sorted(self.capped.get(key, {}).items()):
                if c >= cap and (best is None or v > best):
                    best, which = v, c
        return which

    def record(self, key: Items, value: Fraction, cap: Cap) -> None:
        """Keep a lemma about `key` (value at scale 1), within `cap` questions or of any length."""
        if cap is None:
            self.values[key] = max(self.values.get(key, value), value)
        else:
            row = self.capped.setdefault(key, {})
            row[cap] = max(row.get(cap, value), value)

    def code(self, items: Items) -> int:
        """Return the prefix-code part of a node's floor (cheap: it settles most splits)."""
        masses: dict[int, int] = {}
        for u, m in items:
            masses[self.units.goal[u]] = masses.get(self.units.goal[u], 0) + m
        return huffman_cost(list(masses.values()))

    def floor(self, items: Items, floors: dict[Items, Fraction]) -> Fraction:
        """Return a node's floor, computed once per node up to scaling."""
        if self.units.classes(items) <= 1:
            return Fraction(0)
        g = 0
        for _, m in items:
            g = math.gcd(g, m)
        key = tuple((u, m // g) for u, m in items)
        f = floors.get(key)
        if f is None:
            f = floors[key] = self.units.floor(key)
        return f * g


def check_lemma(table: LemmaTable, items: Items, value: Fraction, floors: dict[Items, Fraction],
                cite: Callable[[Items, Cap], None] | None = None, tick: Callable[[], None] | None = None,
                cap: Cap = None) -> int:
    """Return how many splits were checked if every split of node `items` (by strategies of at most `cap`
    questions, or of any length) costs at least `value` (arguments 5 and 6); raise Rejected naming one
    that does not. `cite` is told each child a lemma was needed for, with the child's cap."""
    units = table.units
    classes = units.classes(items)
    if classes < 2:
        if value > 0:
            raise Rejected("its worlds share one goal class: they need no question")
        return 0
    if cap is not None and (cap == 0 or classes > 2 ** cap):
        return 0
    if table.floor(items, floors) >= value:
        return 0
    below = None if cap is None else cap - 1
    mass2 = 2 * sum(m for _, m in items)
    target = 2 * value
    checked = 0
    for agent in units.addressees(items):
        for first, second in units.splits(items, agent):
            checked += 1
            if tick is not None:
                tick()
            if mass2 + table.code(first) + table.code(second) >= target:
                continue
            f1, f2 = table.floor(first, floors), table.floor(second, floors)
            if mass2 + f1 + f2 >= target:
                continue
            b1, b2 = table.bound(first, floors, below), table.bound(second, floors, below)
            if mass2 + b1 + b2 < target:
                raise Rejected(f"a question to {units.agents[agent]} whose children are bounded by "
                               f"{b1 / 2} and {b2 / 2} costs at least {(mass2 + b1 + b2) / 2} only, below {value}: "
                               f"first {describe(units, first)}; second {describe(units, second)}")
            if cite is not None:
                for child, f, b in ((first, f1, b1), (second, f2, b2)):
                    if b > f and b != NEVER:
                        cite(child, below)
    return checked


def describe(units: Units, items: Items, most: int = 4) -> str:
    """Return a node in words: its units' first worlds with their weights (the first `most` of them)."""
    shown = ", ".join(f"{units.describe(units.first[u])} (weight {m})" for u, m in items[:most]) or "no world"
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


def read_lemmas(units: Units, raw: Any, described: Any) -> list[tuple[Items, Fraction, Cap]]:
    """Return the lemmas of a certificate document (each node by its units, with its least cost and its
    number of questions, None for any length); raise Malformed "key: what is wrong" for a malformed one
    or one written for another puzzle."""
    if not isinstance(described, dict):
        raise Malformed("worlds: expected an object from world number to its description")
    for key, text in described.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < units.n_worlds):
            raise Malformed(f"worlds.{key}: not a world of this puzzle (it has {units.n_worlds})")
        if text != units.describe(int(key)):
            raise Malformed(f"worlds.{key}: the certificate was written for another puzzle: this world is "
                             f"{units.describe(int(key))!r} here, {text!r} there")
    if not isinstance(raw, list) or not raw:
        raise Malformed("lemmas: expected a non-empty list")
    out = []
    for n, item in enumerate(raw):
        where = f"lemmas[{n}]"
        if not isinstance(item, dict) or not isinstance(item.get("node"), list) or not isinstance(item.get("cost"), str):
            raise Malformed(f"{where}: expected {{\"node\": [[world, weight], ...], \"cost\": \"p/q\"}}")
        try:
            if len(item["cost"]) > MAX_COST_CHARS:
                raise ValueError
            cost = Fraction(item["cost"])
            if max(abs(cost.numerator).bit_length(), cost.denominator.bit_length()) > MAX_COST_BITS:
                raise ValueError
        except (ValueError, ZeroDivisionError):
            raise Malformed(f"{where}.cost: expected a fraction such as \"1337/8\" of at most {MAX_COST_CHARS} "
                             f"characters and {MAX_COST_BITS} bits, got {item['cost'][:40]!r}") from None
        weights: dict[int, int] = {}
        for pair in item["node"]:
            if not (isinstance(pair, list) and len(pair) == 2 and all(_whole(x) for x in pair)
                    and 0 < pair[1] < MAX_WEIGHT):
                raise Malformed(f"{where}.node: expected [world, weight] pairs of whole numbers, weights above 0 "
                                 f"and below 2**256; got {str(pair)[:60]}")
            if str(pair[0]) not in described:
                raise Malformed(f"{where}.node: {pair[0]!r} is not a world listed under worlds")
            u = units.unit_of[pair[0]]
            if u in weights:
                raise Malformed(f"{where}.node: world {pair[0]} answers like another world of the node and shares "
                                 "its goal class; list such worlds once, with their summed weight")
            weights[u] = pair[1]
        if not weights:
            raise Malformed(f"{where}.node: expected at least one world")
        cap = item.get("questions")
        if cap is not None and not (_whole(cap) and cap <= MAX_CAP):
            raise Malformed(f"{where}.questions: expected a whole number of questions from 0 to {MAX_CAP} (or no "
                             f"key: any length), got {str(cap)[:40]}")
        out.append((tuple(sorted(weights.items())), cost, cap))
    return out


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def check_lemmas(units: Units, lemmas: list[tuple[Items, Fraction, Cap]], tick: Callable[[], None] | None = None,
                 cap: Cap = None) -> tuple[Fraction | float, int]:
    """Return the least cost the lemmas prove for the root (every world weighing 1) for strategies of at
    most `cap` questions (None: any length), and the splits checked, having checked every lemma against
    all of them; raise Rejected naming the first that fails."""
    table = LemmaTable(units, {})
    for items, cost, within in lemmas:
        key, g = units.canonical(items)
        table.record(key, cost / g, within)
    floors: dict[Items, Fraction] = {}
    splits = 0
    for n, (items, cost, within) in enumerate(lemmas):
        try:
            splits += check_lemma(table, items, cost, floors, tick=tick, cap=within)
        except Rejected as e:
            raise Rejected(f"lemma {n}: {e}") from None
    return table.bound(units.root(), floors, cap), splits
