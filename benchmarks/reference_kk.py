"""The published brute-force way of making knights-and-knaves puzzles (the K&K benchmark's approach,
Xie et al. 2024), written here from its description for timing: every person makes one random
statement (nested up to depth 2, width 2, over 'telling-truth' / 'lying' atoms with not, and, or, ->
and <=>); the puzzle is solved by trying all 2^n knight/knave assignments; it is kept when exactly
one assignment is consistent. Nothing checks whether a statement is redundant.
"""

from __future__ import annotations

import itertools
import random

OPS = ("not", "and", "or", "->", "<=>")


def statement(rng: random.Random, n: int, depth: int) -> tuple:
    """Return a random statement tuple about n people, nested at most `depth` deep."""
    if depth <= 1 or rng.random() < 0.4:
        return (rng.choice(("telling-truth", "lying")), rng.randrange(n))
    op = rng.choice(OPS)
    if op == "not":
        return ("not", statement(rng, n, depth - 1))
    return (op, statement(rng, n, depth - 1), statement(rng, n, depth - 1))


def holds(s: tuple, world: tuple[bool, ...]) -> bool:
    """Return whether a statement holds when world[i] says whether person i is a knight."""
    head = s[0]
    if head == "telling-truth":
        return world[s[1]]
    if head == "lying":
        return not world[s[1]]
    if head == "not":
        return not holds(s[1], world)
    if head == "and":
        return all(holds(x, world) for x in s[1:])
    if head == "or":
        return any(holds(x, world) for x in s[1:])
    if head == "->":
        return not holds(s[1], world) or holds(s[2], world)
    return holds(s[1], world) == holds(s[2], world)


def solutions(statements: list[tuple], n: int, skip: int | None = None) -> list[tuple[bool, ...]]:
    """Return every assignment in which each person's statement is true exactly when they are a knight."""
    return [w for w in itertools.product((True, False), repeat=n)
            if all(i == skip or holds(s, w) == w[i] for i, s in enumerate(statements))]


def make(rng: random.Random, n: int, depth: int = 2) -> list[tuple] | None:
    """Return n statements with exactly one solution, or None for a draw that has several or none."""
    statements = [statement(rng, n, depth) for _ in range(n)]
    return statements if len(solutions(statements, n)) == 1 else None


def redundant(statements: list[tuple], n: int) -> bool:
    """Return whether some statement can be dropped with the solution still unique (brute force again)."""
    return any(len(solutions(statements, n, skip=i)) == 1 for i in range(n))
