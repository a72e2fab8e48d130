"""The questions a puzzle's text asks, and their answers over the consistent worlds.

- Choice: a possible answer in the text's own words, and the expression that makes it true.
- Ask: a question as written, of one of three kinds:
  * "yes_no": one choice; the answer is "yes" in a world where it holds, else "no";
  * "all": every choice holding in a world, joined with "and" ("A and B", "A, B, and C"), or the
    ask's `none` word ("nobody") when none holds;
  * "one": the one choice holding in a world (a value, an option of a multiple choice); "none of
    the options" when none holds, and the holding ones joined as for "all" when several hold;
  * "each": every choice holding in a world, in order, as clauses ("Zoey is a knave, and Oliver is a
    knight"): who is what, one clause per person.
- The answer to an ask is its answer in every consistent world when they agree, else "undetermined".
"""

from __future__ import annotations

from typing import Iterable

from ..logic import expr as E
from ..logic.types import RANDOM, TRUTHFUL, canonical_type
from .model import Ask, Choice, Deduction, World  # noqa: F401  (Ask and Choice live with the puzzle)

UNDETERMINED = "undetermined"


def join_and(words: list[str]) -> str:
    """Return words joined as English lists them: 'A', 'A and B', 'A, B, and C'."""
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + ", and " + words[-1]


def join_clauses(clauses: list[str]) -> str:
    """Return clauses joined as a list of facts: 'A', 'A, and B', 'A, B, and C'."""
    return clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + ", and " + clauses[-1]


def holds(puzzle: Deduction, e: E.Expr, world: World) -> bool:
    """Return whether an expression holds in one world of a puzzle."""
    match e:
        case E.Const(value):
            return value
        case E.TypeIs(agent, t):
            return world.types[puzzle.agents.index(agent)] == canonical_type(t)
        case E.Not(arg):
            return not holds(puzzle, arg, world)
        case E.And(args):
            return all(holds(puzzle, a, world) for a in args)
        case E.Or(args):
            return any(holds(puzzle, a, world) for a in args)
        case E.Xor(a, b):
            return holds(puzzle, a, world) != holds(puzzle, b, world)
        case E.Iff(a, b):
            return holds(puzzle, a, world) == holds(puzzle, b, world)
        case E.Implies(a, b):
            return not holds(puzzle, a, world) or holds(puzzle, b, world)
        case E.Says(agent, st):
            t = world.types[puzzle.agents.index(agent)]
            return t == RANDOM or (t == TRUTHFUL) == holds(puzzle, st, world)
        case E.Count(items, op, n):
            return E.compare(op, sum(holds(puzzle, i, world) for i in items), n)
        case E.Cmp(op, left, right):
            return E.compare(op, _term(puzzle, left, world), _term(puzzle, right, world))
    raise TypeError(f"cannot evaluate {E.to_json(e)!r} in a world")


def _term(puzzle: Deduction, t: E.Term, world: World) -> int:
    if t.var is None:
        return t.offset
    names = [v.name for v in puzzle.variables]
    return world.values[names.index(t.var)] + t.offset


def answer_in(puzzle: Deduction, ask: Ask, world: World) -> str:
    """Return an ask's answer in one world."""
    true = [c.answer for c in ask.choices if holds(puzzle, c.expr, world)]
    if ask.kind == "yes_no":
        return "yes" if true else "no"
    if ask.kind == "one" and not true:
        return "none of the options"
    if ask.kind == "each":
        return join_clauses(true) if true else ask.none
    return join_and(true) if true else ask.none


def answer(puzzle: Deduction, ask: Ask, worlds: Iterable[World]) -> str:
    """Return an ask's answer in every given world when they agree, else 'undetermined'."""
    found = {answer_in(puzzle, ask, w) for w in worlds}
    return found.pop() if len(found) == 1 else UNDETERMINED


def chosen_label(puzzle: Deduction, ask: Ask, worlds: Iterable[World]) -> str:
    """Return the label of the option that holds in every world ('' when not one option)."""
    labels = set()
    for w in worlds:
        true = [c.label for c in ask.choices if holds(puzzle, c.expr, w)]
        labels.add(true[0] if len(true) == 1 else "")
    return labels.pop() if len(labels) == 1 else ""
