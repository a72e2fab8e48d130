"""Ages puzzles: truth-tellers and liars make claims about each other's ages; unique, irredundant, graded.

Everyone is a truth-teller or a liar and has a whole-number age in a stated range. The hidden world
gives each a type and an age; statements are drawn as for knights and knaves (generator/kk.py): each
one, said by someone whose type makes it hold in the hidden world, rules out the other world the
incremental solver found, until no other world is left; then every statement the others make
unnecessary is dropped. Claims: an age against a number ("Ben is older than 22", "I am 23"), two
ages ("Ben is older than Cal", "… the same age"), a difference ("Ben is two years older than
Cal"), a type ("Cal is a liar"), and (depth 2) 'and'/'or' of two of these. The explanation gives,
for each person's type and age, a minimal set of statements forcing it; the grade is the largest.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ..deduce.model import Deduction, Variable, World
from ..logic import expr as E
from ..logic.types import LIAR, TRUTHFUL
from .canonical import Sym, canonical_form, key_of
from .names import LETTERS, draw_names, letters
from .record import Made
from .speech import speak

SPELLING = {TRUTHFUL: "truth-teller", LIAR: "liar"}


@dataclass(frozen=True)
class AgesOptions:
    """What ages puzzles to make."""

    people: int = 4
    youngest: int = 20  # the lowest age anyone may have
    ages: int = 6  # how many ages are possible: youngest … youngest + ages - 1
    depth: int = 2  # 1: single claims; 2: also 'and'/'or' of two claims
    letters: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.people <= 12:
            raise ValueError("people must be between 2 and 12")
        if self.letters and self.people > len(LETTERS):
            raise ValueError(f"letters name at most {len(LETTERS)} people (A to Z without I and Q)")
        if not 2 <= self.ages <= 30:
            raise ValueError("ages must be between 2 and 30")
        if not 1 <= self.youngest <= 120:
            raise ValueError("youngest must be between 1 and 120")
        if self.depth not in (1, 2):
            raise ValueError("depth must be 1 or 2")


def _age(p: str) -> E.Term:
    return E.Term(f"age.{p}")


def _atom(rng: random.Random, people: tuple[str, ...], options: AgesOptions) -> E.Expr:
    a = rng.choice(people)
    r = rng.random()
    low, high = options.youngest, options.youngest + options.ages - 1
    if r < 0.4:
        op = rng.choice(("eq", "eq", "ne", "lt", "gt"))
        n = rng.randint(low, high)
        return E.Cmp(op, _age(a), E.Term(None, n))
    b = rng.choice([p for p in people if p != a])
    if r < 0.7:
        return E.Cmp(rng.choice(("gt", "lt", "eq", "ne")), _age(a), _age(b))
    if r < 0.85:
        k = rng.randint(1, max(1, min(3, options.ages - 1)))
        return E.Cmp("eq", _age(a), E.Term(f"age.{b}", k))
    return E.TypeIs(a, SPELLING[rng.choice((TRUTHFUL, LIAR))])


def draw_claim(rng: random.Random, people: tuple[str, ...], options: AgesOptions) -> E.Expr:
    """Return a random claim about ages and types."""
    first = _atom(rng, people, options)
    if options.depth < 2 or rng.random() < 0.7:
        return first
    second = _atom(rng, people, options)
    return E.And((first, second)) if rng.random() < 0.5 else E.Or((first, second))


def make(rng: random.Random, options: AgesOptions) -> Made | None:
    """Return one unique, irredundant ages puzzle drawn from rng, or None if this draw was given up."""
    people = letters(options.people) if options.letters else draw_names(rng, options.people)
    domain = tuple(range(options.youngest, options.youngest + options.ages))
    hidden = World(tuple(rng.choice((TRUTHFUL, LIAR)) for _ in people), tuple(rng.choice(domain) for _ in people))
    skeleton = Deduction(people, tuple((TRUTHFUL, LIAR) for _ in people),
                         variables=tuple(Variable(f"age.{p}", domain) for p in people), display=dict(SPELLING))
    facts = [(f"{p} is a {SPELLING[t]}", E.TypeIs(p, SPELLING[t])) for p, t in zip(people, hidden.types)]
    facts += [(f"{p} is {x}", E.Cmp("eq", _age(p), E.Term(None, x))) for p, x in zip(people, hidden.values)]
    spoken = speak(rng, skeleton, hidden, lambda r: draw_claim(r, people, options), [f for _, f in facts],
                   6 * len(people))
    if spoken is None:
        return None
    puzzle = dataclasses.replace(skeleton, constraints=spoken.constraints)
    solution = {p: {"type": SPELLING[t], "age": x} for p, t, x in zip(people, hidden.types, hidden.values)}
    return Made(puzzle, solution, spoken.explanation([said for said, _ in facts]), spoken.difficulty(),
                key_of(canonical_form(*_items(puzzle, options))))


def _tree(e: E.Expr) -> tuple:
    match e:
        case E.TypeIs(agent, t):
            return ("type", Sym(agent), t)
        case E.And(args):
            return ("and", *map(_tree, args))
        case E.Or(args):
            return ("or", *map(_tree, args))
        case E.Cmp(op, left, right):
            return ("cmp", op, _term(left), _term(right))
        case E.Says(agent, st):
            return ("says", Sym(agent), _tree(st))
    raise ValueError(f"no canonical form for {E.to_json(e)!r}")


def _term(t: E.Term) -> tuple:
    return ("n", t.offset) if t.var is None else ("age", Sym(t.var.split(".", 1)[1]), t.offset)


def _items(puzzle: Deduction, options: AgesOptions) -> tuple[list[tuple], dict[Sym, str]]:
    """Return an ages puzzle as canonical-form items (with its age range) and the class of each person."""
    items = [_tree(c.expr) for c in puzzle.constraints] + [("range", options.youngest, options.ages)]
    return items, {Sym(p): "p" for p in puzzle.agents}
