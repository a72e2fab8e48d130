"""Knights-and-knaves puzzles: unique, irredundant, explained and graded.

1. Draw the hidden world: each person a knight or a knave.
2. While another world fits the statements so far (asked of one incremental solver), draw claims
   until one, said by someone whose type makes it hold in the hidden world, is false in that other
   world; add it. So every statement added rules a world out and the hidden world always fits.
3. Drop every statement the others make unnecessary (one pass, in random order): what is left is
   irredundant, since dropping any statement lets another world in. (Steps 2-3: generator/speech.py.)
4. Explain: for each person, a minimal set of statements that forces their type (an unsat core,
   then deletion). The grade is the size of the largest such set: how many statements one must
   combine at once to settle the hardest person (1: every person follows from one statement).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ..deduce.model import Deduction, World
from ..logic import expr as E
from ..logic.types import LIAR, TRUTHFUL
from .canonical import Sym, canonical_form, key_of
from .names import LETTERS, draw_names, letters
from .record import Made
from .speech import speak

KNIGHT, KNAVE = "knight", "knave"
SPELLING = {TRUTHFUL: KNIGHT, LIAR: KNAVE}


@dataclass(frozen=True)
class KKOptions:
    """What knights-and-knaves puzzles to make."""

    people: int = 8
    depth: int = 2  # 1: single claims ('X is a knight', 'exactly 2 of us are knaves'); 2: also not/and/or/if/iff
    counts: bool = True  # claims such as 'exactly two of us are knaves'
    letters: bool = False  # people named A, B, C … (no I or Q) instead of drawn first names

    def __post_init__(self) -> None:
        if not 2 <= self.people <= 25:
            raise ValueError("people must be between 2 and 25")
        if self.letters and self.people > len(LETTERS):
            raise ValueError(f"letters name at most {len(LETTERS)} people (A to Z without I and Q)")
        if self.depth not in (1, 2):
            raise ValueError("depth must be 1 or 2")
        if self.depth == 1 and not self.counts:
            raise ValueError("depth 1 needs counts: claims that are only 'X is a knight/knave' never have one "
                             "solution (making everyone the other type keeps every statement as true or false "
                             "as it was)")


def _atom(rng: random.Random, people: tuple[str, ...], avoid: str | None = None) -> E.TypeIs:
    who = rng.choice([p for p in people if p != avoid] or list(people))
    return E.TypeIs(who, rng.choice((KNIGHT, KNAVE)))


def draw_claim(rng: random.Random, people: tuple[str, ...], options: KKOptions) -> E.Expr:
    """Return a random claim about the people's types."""
    if options.depth == 1:  # single claims: a type, or a count
        if rng.random() < 0.7:
            return _atom(rng, people)
        return _count(rng, people)
    r = rng.random()
    if r < 0.3:
        return _atom(rng, people)
    if r < 0.9 or not options.counts:
        a = _atom(rng, people)
        b = _atom(rng, people, avoid=a.agent)
        if r < 0.4:
            return E.Not(E.And((a, b)) if rng.random() < 0.5 else E.Or((a, b)))
        if r < 0.55:
            return E.And((a, b))
        if r < 0.7:
            return E.Or((a, b))
        if r < 0.8:
            return E.Implies(a, b)
        return E.Iff(a, b)
    return _count(rng, people)


def _count(rng: random.Random, people: tuple[str, ...]) -> E.Count:
    """Return a random claim about how many of everyone are knights (or knaves)."""
    t = rng.choice((KNIGHT, KNAVE))
    return E.Count(tuple(E.TypeIs(p, t) for p in people), rng.choice(("eq", "eq", "ge", "le")),
                   rng.randint(1, len(people) - 1))


def make(rng: random.Random, options: KKOptions) -> Made | None:
    """Return one unique, irredundant puzzle drawn from rng, or None if this draw was given up."""
    people = letters(options.people) if options.letters else draw_names(rng, options.people)
    hidden = World(tuple(rng.choice((TRUTHFUL, LIAR)) for _ in people), ())
    skeleton = Deduction(people, tuple((TRUTHFUL, LIAR) for _ in people), display={TRUTHFUL: KNIGHT, LIAR: KNAVE})
    facts = [E.TypeIs(p, SPELLING[t]) for p, t in zip(people, hidden.types)]
    spoken = speak(rng, skeleton, hidden, lambda r: draw_claim(r, people, options), facts, 3 * len(people), _source)
    if spoken is None:
        return None
    puzzle = dataclasses.replace(skeleton, constraints=spoken.constraints)
    explanation = spoken.explanation([f"{p} is a {SPELLING[t]}" for p, t in zip(people, hidden.types)])
    solution = {p: SPELLING[t] for p, t in zip(people, hidden.types)}
    return Made(puzzle, solution, explanation, spoken.difficulty(), key_of(canonical_form(*_items(puzzle))))


def _source(st: E.Says) -> list:
    """Return the statement's JSON form, counts over everyone written as the `["count", type, op, n]` sugar."""
    doc = E.to_json(st)
    if isinstance(st.statement, E.Count):
        doc[2] = ["count", st.statement.items[0].type, st.statement.op, st.statement.n]
    return doc


def _tree(e: E.Expr) -> tuple:
    match e:
        case E.TypeIs(agent, t):
            return ("type", Sym(agent), t)
        case E.Not(arg):
            return ("not", _tree(arg))
        case E.And(args):
            return ("and", *map(_tree, args))
        case E.Or(args):
            return ("or", *map(_tree, args))
        case E.Implies(a, b):
            return ("implies", _tree(a), _tree(b))
        case E.Iff(a, b):
            return ("iff", _tree(a), _tree(b))
        case E.Xor(a, b):
            return ("xor", _tree(a), _tree(b))
        case E.Count(items, op, n):
            return ("count", ("set", *map(_tree, items)), op, n)
        case E.Says(agent, st):
            return ("says", Sym(agent), _tree(st))
    raise ValueError(f"no canonical form for {E.to_json(e)!r}")


def _items(puzzle: Deduction) -> tuple[list[tuple], dict[Sym, str]]:
    """Return a knights-and-knaves puzzle as canonical-form items and the class of each person."""
    return [_tree(c.expr) for c in puzzle.constraints], {Sym(p): "p" for p in puzzle.agents}
