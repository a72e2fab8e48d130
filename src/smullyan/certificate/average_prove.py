"""Writing average lemmas: a plain branch and bound that records what it proves about each node.

It proves "node N costs at least t" the way the checker (certificate.lemmas) will check it: a node
whose floor reaches t needs nothing; otherwise every split, cheapest floors first, is shown to reach t
with its children's bounds, each proved in turn with one question fewer to go (at no questions to go
a node is charged its floor, so what it proves holds for strategies of any length). A node it cannot
raise to t gets the least bound its splits showed. The root is tried at 1, 2, 3 ... questions deep
until it reaches the claim. Then the lemmas the root's proof cites, and theirs, are collected by
running the checker itself from the root, so a certificate holds only lemmas its proof uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from .lemmas import Items, LemmaTable, Units, check_lemma


@dataclass(frozen=True)
class AverageProof:
    """The lemmas proving that no strategy of any length averages below the claim."""

    claim: Fraction
    lemmas: tuple[tuple[Items, Fraction], ...]  # (node, least cost), the root's last
    depth: int  # questions deep the search went before the root reached the claim
    splits: int  # splits the search looked at


class AverageProver:
    """Raises nodes' lower bounds toward targets, recording each bound it proves as a lemma."""

    def __init__(self, units: Units, tick: Callable[[], None]):
        self.units = units
        self.table = LemmaTable(units, {})
        self.floors: dict[Items, Fraction] = {}
        self.failed: dict[Items, tuple[int, Fraction, Fraction]] = {}  # key -> (depth, target, bound), scale 1
        self.tick = tick
        self.splits = 0

    def bound(self, items: Items, target: Fraction, depth: int) -> Fraction:
        """Return a proved lower bound on the cost of node `items`, at least `target` if the search of
        `depth` questions shows it."""
        floor = self.table.floor(items, self.floors)
        if floor >= target or depth == 0 or self.units.classes(items) <= 1:
            return floor
        key, g = self.units.canonical(items)
        known = self.table.values.get(key, Fraction(0)) * g
        if known >= target:
            return known
        failed = self.failed.get(key)
        if failed is not None and failed[0] >= depth and failed[1] * g <= target:
            return max(floor, failed[2] * g)
        mass2 = 2 * sum(m for _, m in items)
        goal = 2 * target
        options = []
        for agent in self.units.addressees(items):
            for first, second in self.units.splits(items, agent):
                self.splits += 1
                self.tick()
                if mass2 + self.table.code(first) + self.table.code(second) >= goal:
                    continue
                f1, f2 = self.table.floor(first, self.floors), self.table.floor(second, self.floors)
                if mass2 + f1 + f2 < goal:
                    options.append((mass2 + f1 + f2, first, f1, second, f2))
        options.sort(key=lambda o: o[0])
        least = goal  # the least total shown so far (doubled), or the goal once every split reached it
        for n, (cheap, first, f1, second, f2) in enumerate(options):
            if f1 < f2:  # raise the child whose floor is further from what it must reach first
                first, f1, second, f2 = second, f2, first, f1
            b1 = self.bound(first, goal - mass2 - f2, depth - 1)
            b2 = self.bound(second, goal - mass2 - b1, depth - 1) if mass2 + b1 + f2 < goal else f2
            total = mass2 + b1 + b2
            if total < goal:
                rest = options[n + 1][0] if n + 1 < len(options) else goal
                least = min(total, rest)
                break
        proved = max(floor, least / 2, known)
        if proved > floor:
            self.table.values[key] = max(self.table.values.get(key, Fraction(0)), proved / g)
        if proved < target:
            self.failed[key] = (depth, target / g, proved / g)
        return proved


def prove_average(units: Units, claim: Fraction, tick: Callable[[], None],
                  max_depth: int = 64) -> AverageProof | None:
    """Return lemmas proving that every strategy of any length averages at least `claim` questions, or
    None if the search of `max_depth` questions does not show it."""
    prover = AverageProver(units, tick)
    root = units.root()
    target = claim * units.n_worlds
    for depth in range(1, max_depth + 1):
        if prover.bound(root, target, depth) >= target:
            key, g = units.canonical(root)
            prover.table.values[key] = max(prover.table.values.get(key, Fraction(0)), target / g)
            return AverageProof(claim, collect(prover.table, root, prover.floors), depth, prover.splits)
    return None


def collect(table: LemmaTable, root: Items, floors: dict[Items, Fraction]) -> tuple[tuple[Items, Fraction], ...]:
    """Return the lemmas the root's proof cites, and theirs, found by running the checker from the root."""
    units = table.units
    key, _ = units.canonical(root)
    order = [key]
    seen = {key}

    def cite(child: Items) -> None:
        k, _ = units.canonical(child)
        if k not in seen:
            seen.add(k)
            order.append(k)

    n = 0
    while n < len(order):
        check_lemma(table, order[n], table.values[order[n]], floors, cite)
        n += 1
    return tuple((k, table.values[k]) for k in reversed(order))
