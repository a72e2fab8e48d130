"""Ground truth by brute force, independent of smullyan: statements about kinds, and grid clues.

Kinds: "T" tells the truth, "F" lies, "N" may do either. A statement is a tuple tree:

- ("is", person, kind)            the person is of that kind
- ("not", e), ("and", e, ...), ("or", e, ...), ("implies", a, b), ("iff", a, b)
- ("same", p, q) / ("diff", p, q)  the two are of the same / different kinds
- ("count", people, kind, op, k)  the number of `people` of `kind` is op ("eq", "ge", "le") k
- ("would", person, e)            the person's kind would assert e (T: e holds, F: it does not)

A grid clue is a tuple over attributes (category, value); positions are 1 … n:
("same", a, b), ("not_same", a, b), ("at", a, p), ("not_at", a, p), ("left_adj", a, b) (a just left of
b), ("left_of", a, b), ("next", a, b), ("not_next", a, b), ("end", a), ("parity", a, "even"|"odd"),
("gap", a, b, k) (exactly k positions between them).
"""

from __future__ import annotations

import itertools

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any

UNDETERMINED = "undetermined"


def holds(e: tuple, world: dict[str, str]) -> bool:
    """Return whether statement e is true in a world (person -> kind)."""
    op = e[0]
    if op == "is":
        return world[e[1]] == e[2]
    if op == "not":
        return not holds(e[1], world)
    if op == "and":
        return all(holds(x, world) for x in e[1:])
    if op == "or":
        return any(holds(x, world) for x in e[1:])
    if op == "implies":
        return (not holds(e[1], world)) or holds(e[2], world)
    if op == "iff":
        return holds(e[1], world) == holds(e[2], world)
    if op == "same":
        return world[e[1]] == world[e[2]]
    if op == "diff":
        return world[e[1]] != world[e[2]]
    if op == "count":
        n = sum(world[p] == e[2] for p in e[1])
        return {"eq": n == e[4], "ge": n >= e[4], "le": n <= e[4]}[e[3]]
    if op == "would":
        kind = world[e[1]]
        if kind == "N":
            raise ValueError("what a random answerer would say is not defined")
        return holds(e[2], world) == (kind == "T")
    raise ValueError(f"unknown statement {op!r}")


def speech_ok(kind: str, true: bool) -> bool:
    """Return whether a speaker of a kind can make a statement of that truth value."""
    return kind == "N" or true == (kind == "T")


def consistent(world: dict[str, str], says: list[tuple[str, tuple]], facts: "Sequence[tuple]") -> bool:
    """Return whether a world satisfies every (speaker, statement) and every narrator fact."""
    return (all(speech_ok(world[s], holds(e, world)) for s, e in says)
            and all(holds(f, world) for f in facts))


def worlds(people: list[str], kinds: str, says: list[tuple[str, tuple]], facts: "Sequence[tuple]" = (),
           one_of_each: bool = False) -> list[dict[str, str]]:
    """Return every world (person -> kind) consistent with the speeches and facts, by brute force."""
    choices: "Iterable[tuple[str, ...]]"
    if one_of_each:
        choices = itertools.permutations(kinds, len(people))
    else:
        choices = itertools.product(kinds, repeat=len(people))
    out = []
    for combo in choices:
        world = dict(zip(people, combo))
        if consistent(world, says, facts):
            out.append(world)
    return out


def settle(solutions: list[Any], ask: "Callable[[Any], str]") -> str:
    """Return the answer every solution gives to a question, or "undetermined" when they differ."""
    answers = {ask(s) for s in solutions}
    if len(answers) != 1:
        return UNDETERMINED
    return answers.pop()


def join_names(names: list[str], none: str = "nobody") -> str:
    """Return names joined as 'A' / 'A and B' / 'A, B, and C', or `none` for no names."""
    if not names:
        return none
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return f"{names[0]} and {names[1]}"
    return ", ".join(names[:-1]) + ", and " + names[-1]


def join_clauses(clauses: list[str]) -> str:
    """Return clauses joined as 'X, and Y' / 'X, Y, and Z'."""
    if len(clauses) == 1:
        return clauses[0]
    return ", ".join(clauses[:-1]) + ", and " + clauses[-1]


def article(word: str) -> str:
    """Return the word with its indefinite article: 'a knight', 'an angel'."""
    return ("an " if word[0].lower() in "aeiou" else "a ") + word


# --- grids -----------------------------------------------------------------------------------


def clue_holds(clue: tuple, pos: "Callable[[tuple], int]", n: int) -> bool:
    """Return whether a grid clue holds, given the position (1 … n) of each attribute."""
    op = clue[0]
    if op == "same":
        return pos(clue[1]) == pos(clue[2])
    if op == "not_same":
        return pos(clue[1]) != pos(clue[2])
    if op == "at":
        return pos(clue[1]) == clue[2]
    if op == "not_at":
        return pos(clue[1]) != clue[2]
    if op == "left_adj":
        return pos(clue[1]) + 1 == pos(clue[2])
    if op == "left_of":
        return pos(clue[1]) < pos(clue[2])
    if op == "next":
        return abs(pos(clue[1]) - pos(clue[2])) == 1
    if op == "not_next":
        return abs(pos(clue[1]) - pos(clue[2])) != 1
    if op == "end":
        return pos(clue[1]) in (1, n)
    if op == "parity":
        return pos(clue[1]) % 2 == (0 if clue[2] == "even" else 1)
    if op == "gap":
        return abs(pos(clue[1]) - pos(clue[2])) == clue[3] + 1
    raise ValueError(f"unknown clue {op!r}")


def grid_solutions(n: int, values: list[list[str]], clues: list[tuple], limit: int = 2) -> list[list[tuple]]:
    """Return up to `limit` solutions: for each category, its values by position (index 0 = position 1).

    A search over the position of each attribute (category, value): the attribute with the fewest
    positions left is placed first, and each placement strikes the positions the clues and the
    one-value-per-position rule then forbid. Every solution found is checked against every clue.
    """
    attrs = [(c, v) for c, vals in enumerate(values) for v in vals]
    domains = {a: set(range(1, n + 1)) for a in attrs}
    links: dict[tuple, list[tuple[tuple, "Callable[[int, int], bool]"]]] = {a: [] for a in attrs}
    for clue in clues:
        ends = [x for x in clue[1:] if isinstance(x, tuple)]
        if len(ends) == 1:
            a = ends[0]
            domains[a] = {p for p in domains[a] if clue_holds(clue, _constant(p), n)}
            continue
        a, b = ends
        links[a].append((b, _relation(clue, a, b, n)))
        links[b].append((a, _relation(clue, b, a, n)))
    for a in attrs:
        for b in attrs:
            if a != b and a[0] == b[0]:
                links[a].append((b, lambda p, q: p != q))
    found: list[list[tuple]] = []

    def search(doms: dict[tuple, set[int]], placed: dict[tuple, int]) -> None:
        if len(found) >= limit:
            return
        free = [a for a in attrs if a not in placed]
        if not free:
            if all(clue_holds(c, placed.__getitem__, n) for c in clues):
                by_pos = [[""] * n for _ in values]
                for (c, v), p in placed.items():
                    by_pos[c][p - 1] = v
                found.append([tuple(row) for row in by_pos])
            return
        a = min(free, key=lambda x: len(doms[x]))
        for p in sorted(doms[a]):
            new = dict(doms)
            new[a] = {p}
            ok = True
            for b, rel in links[a]:
                if b in placed:
                    continue
                kept = {q for q in new[b] if rel(p, q)}
                if not kept:
                    ok = False
                    break
                new[b] = kept
            if ok:
                search(new, {**placed, a: p})
            if len(found) >= limit:
                return

    if all(domains.values()):
        search(domains, {})
    return found


def _constant(p: int) -> "Callable[[tuple], int]":
    """Return the function giving every attribute position p."""
    return lambda _a: p


def _relation(clue: tuple, a: tuple, b: tuple, n: int) -> "Callable[[int, int], bool]":
    """Return (position of a, position of b) -> whether the clue holds."""
    return lambda p, q: clue_holds(clue, lambda x: p if x == a else q, n)
