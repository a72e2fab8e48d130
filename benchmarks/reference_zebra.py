"""The brute-force way of making zebra puzzles, written here from its usual description for timing:
draw a random solution; add random clues true in it until a search over every assignment finds no
other solution; then try dropping each clue, searching again each time. The search fills one
category at a time with each of its permutations and checks every clue whose categories are all
filled (the pruning every such generator has; with none, 6x6 would be 720^6 assignments).
"""

from __future__ import annotations

import itertools
import random
import time

KINDS = ("same", "not_same", "at", "directly_left", "next_to", "left_of")


def holds(clue: tuple, pos: dict[tuple[int, int], int]) -> bool:
    """Return whether a clue holds when pos[(category, value)] is its house."""
    kind, x, y = clue
    if kind == "at":
        return pos[x] == y
    a, b = pos[x], pos[y]
    return {"same": a == b, "not_same": a != b, "directly_left": a + 1 == b, "next_to": abs(a - b) == 1,
            "left_of": a < b}[kind]


def count(clues: list[tuple], houses: int, categories: int, stop: int = 2) -> int:
    """Return how many solutions the clues allow (at most `stop`), filling categories in order."""
    by_cat = [[c for c in clues if max(c[1][0], c[2][0] if c[0] != "at" else 0) == k] for k in range(categories)]
    pos: dict[tuple[int, int], int] = {}
    found = 0

    def fill(k: int) -> bool:
        nonlocal found
        if k == categories:
            found += 1
            return found >= stop
        for perm in itertools.permutations(range(houses)):
            for v, h in enumerate(perm):
                pos[(k, v)] = h
            if all(holds(c, pos) for c in by_cat[k]) and fill(k + 1):
                return True
        return False
    fill(0)
    return found


def clue(rng: random.Random, solution: list[list[int]], houses: int, categories: int) -> tuple:
    """Return a random clue true in the solution (solution[k][v] is the house of value v of category k)."""
    while True:
        kind = rng.choice(KINDS)
        x = (rng.randrange(categories), rng.randrange(houses))
        if kind == "at":
            c = ("at", x, solution[x[0]][x[1]])
        else:
            y = (rng.randrange(categories), rng.randrange(houses))
            if x == y:
                continue
            c = (kind, x, y)
        pos = {(k, v): solution[k][v] for k in range(categories) for v in range(houses)}
        if holds(c, pos):
            return c


def make(rng: random.Random, houses: int, categories: int, deadline: float) -> list[tuple] | None:
    """Return an irredundant clue list with one solution, or None past `deadline` (perf_counter)."""
    solution = [rng.sample(range(houses), houses) for _ in range(categories)]
    clues: list[tuple] = []
    while count(clues, houses, categories) > 1:
        if time.perf_counter() > deadline:
            return None
        clues.append(clue(rng, solution, houses, categories))
    for c in list(clues):
        if time.perf_counter() > deadline:
            return None
        rest = [d for d in clues if d is not c]
        if count(rest, houses, categories) == 1:
            clues = rest
    return clues


def compare(puzzles: int, cap: float = 120.0) -> None:
    """Print the brute-force time per puzzle at 4x4, 5x5 and 6x6 (each puzzle stopped at `cap` seconds)."""
    for size in (4, 5, 6):
        rng = random.Random(size)
        times, done = [], 0
        for _ in range(puzzles if size < 6 else 1):
            t = time.perf_counter()
            got = make(rng, size, size, t + cap)
            times.append(time.perf_counter() - t)
            done += got is not None
        print(f"reference zebra {size}x{size} (brute force, 1 process): {done}/{len(times)} finished within {cap:g} s; "
              f"{sum(times) / len(times):.2f} s per puzzle{' (at least: stopped at the cap)' if done < len(times) else ''}")
