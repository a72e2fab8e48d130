"""Zebra (Einstein) grid puzzles: unique, irredundant, explained and graded.

1. Draw the setting: N houses in a row and K categories (people's names first, as ZebraLogic and our
   examples have them, then K-1 of the pools below), N values of each; and the hidden solution: each
   category's values in a random order along the houses.
2. While another solution fits the clues so far (asked of one incremental solver, generator/incremental.py),
   draw clues about a value that the other solution puts elsewhere until one holds in the hidden
   solution and fails in the other; add it. Every clue added rules a solution out; the hidden one
   always fits.
3. Drop every clue the others make unnecessary (one pass, in random order): what is left is
   irredundant, since dropping any clue lets another solution in.
4. Explain: for each fact "value v is in house h" (all N*K of them), a minimal set of clues that
   forces it (an unsat core, then deletion). In a zebra puzzle the hardest value needs nearly every
   clue (difficulty "largest_forcing"), so that size does not tell puzzles apart.
5. Grade by solving step by step as a person would: single-clue steps (narrow where each value may be
   by one clue and what is known, and one house per value) while they place anything, else a
   supposition (a value in a house) that single-clue steps refute. Grade 1: single-clue steps
   suffice; 2, 3, 4: up to 4, up to 12, more suppositions; 5: even suppositions do not finish it.

Clues are the relations the grid writer and reader (render/english_grid.py, english/grid.py) carry
to the same expression: same person, not the same person, in house k, not in house k, somewhere
left/right of, directly left/right of, next to, not next to, k houses between, at one of the ends.
Each clue is kept as its clue-language JSON (the constraint's source) and the expression
formats/deduction_toml.py reads from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from ..deduce.model import Constraint, Deduction, Grid, Variable, World
from ..logic import expr as E
from .canonical import Sym, canonical_form, key_of
from .incremental import Checker
from .names import PEOPLE
from .record import Made

TRIES = 60  # clues drawn to rule out one other solution before the candidate is given up
NAME = "name"

# value pools, each value spelled so that the grid reader finds it in one category only (singular,
# plural and -ing forms included) and so that no pool's word is a word of the writer's phrases
POOLS: dict[str, tuple[str, ...]] = {
    "drink": ("tea", "coffee", "milk", "water", "juice", "cocoa", "lemonade", "soda", "cider", "smoothie"),
    "pet": ("cat", "dog", "bird", "fish", "horse", "rabbit", "hamster", "turtle", "snake", "ferret"),
    "color": ("red", "green", "blue", "white", "yellow", "purple", "black", "pink", "brown", "grey"),
    "nationality": ("Brit", "Dane", "Swede", "German", "Norwegian", "Spaniard", "Italian", "Japanese", "Mexican",
                    "Chinese"),
    "hobby": ("painting", "gardening", "cooking", "hiking", "knitting", "dancing", "photography", "pottery",
              "woodworking", "origami"),
    "car": ("Ford", "Honda", "Tesla", "Volvo", "BMW", "Toyota", "Audi", "Fiat", "Mazda", "Kia"),
    "food": ("pizza", "sushi", "soup", "curry", "pasta", "tacos", "salad", "stew", "noodles", "pancakes"),
    "music genre": ("jazz", "rock", "pop", "classical", "folk", "reggae", "punk", "soul", "metal", "techno"),
    "sport": ("tennis", "golf", "soccer", "hockey", "rugby", "cricket", "baseball", "volleyball", "rowing", "boxing"),
    "flower": ("rose", "tulip", "lily", "daisy", "orchid", "daffodil", "carnation", "sunflower", "peony", "lavender"),
    "job": ("doctor", "teacher", "lawyer", "nurse", "pilot", "chef", "farmer", "baker", "engineer", "artist"),
    "instrument": ("piano", "guitar", "violin", "flute", "cello", "harp", "trumpet", "saxophone", "clarinet",
                   "banjo"),
}
NAMES = PEOPLE  # no first name is another pool's value, in any of its forms (tests/test_generate_zebra.py)
MAX_HOUSES = min(len(v) for v in POOLS.values())
MAX_CATEGORIES = 12  # what a grid document holds (formats/schema.py LIMITS["categories"])

# kind -> weight when drawing (roughly the mix of ZebraLogic's clues)
KINDS: dict[str, float] = {
    "same": 5.0, "not_same": 2.0, "at": 1.0, "not_at": 2.0, "left_of": 1.5, "right_of": 1.5,
    "directly_left": 1.5, "directly_right": 1.5, "next_to": 2.0, "not_next_to": 0.5, "between": 1.5,
    "ends": 0.5,
}
# the kinds that tell the row from its mirror image (without one, no set of clues is ever unique)
SIDED = ("at", "not_at", "left_of", "right_of", "directly_left", "directly_right")


@dataclass(frozen=True)
class ZebraOptions:
    """What zebra puzzles to make."""

    houses: int = 6
    categories: int = 6  # including the people's names when `names` is set
    names: bool = True  # the first category is the people's names (ZebraLogic's 'Name')
    kinds: tuple[str, ...] = tuple(KINDS)  # the clue relations drawn (see KINDS)

    def __post_init__(self) -> None:
        if not 2 <= self.houses <= MAX_HOUSES:
            raise ValueError(f"houses must be between 2 and {MAX_HOUSES}")
        most = min(MAX_CATEGORIES, len(POOLS) + (1 if self.names else 0))
        if not 2 <= self.categories <= most:
            raise ValueError(f"categories must be between 2 and {most}")
        if isinstance(self.kinds, str):
            object.__setattr__(self, "kinds", tuple(k.strip() for k in self.kinds.split(",") if k.strip()))
        object.__setattr__(self, "kinds", tuple(self.kinds))
        unknown = [k for k in self.kinds if k not in KINDS]
        if unknown or not self.kinds:
            raise ValueError(f"kinds must be some of {', '.join(KINDS)}" + (f"; unknown: {', '.join(unknown)}"
                                                                            if unknown else ""))
        if not set(self.kinds) & set(SIDED):
            raise ValueError(f"kinds must include one of {', '.join(SIDED)}: the others cannot tell the row from "
                             "its mirror image")


@dataclass(frozen=True)
class Clue:
    """One clue: a relation between value x and value y (variables 'category:value'), or of x and house k."""

    kind: str
    x: str
    y: str = ""
    k: int = 0  # the house (at, not_at) or the number of houses between (between)


# ---------------------------------------------------------------- meaning

def holds(c: Clue, pos: Mapping[str, int], n: int) -> bool:
    """Return whether a clue holds where each value is in house pos[value] of n."""
    a = pos[c.x]
    b = pos[c.y] if c.y else 0
    match c.kind:
        case "same":
            return a == b
        case "not_same":
            return a != b
        case "at":
            return a == c.k
        case "not_at":
            return a != c.k
        case "left_of":
            return a < b
        case "right_of":
            return a > b
        case "directly_left":
            return a == b - 1
        case "directly_right":
            return a == b + 1
        case "next_to":
            return abs(a - b) == 1
        case "not_next_to":
            return abs(a - b) != 1
        case "between":
            return abs(a - b) == c.k + 1
        case "ends":
            return a in (1, n)
    raise ValueError(f"unknown clue kind {c.kind!r}")


def source(c: Clue, n: int) -> list[Any]:
    """Return a clue in the clue language (JSON), in the shape the grid reader reads its English to."""
    match c.kind:
        case "not_same":
            return ["not", ["same", c.x, c.y]]
        case "not_next_to":
            return ["not", ["next_to", c.x, c.y]]
        case "at" | "not_at":
            return [c.kind, c.x, c.k]
        case "between":
            return ["between", c.x, c.y, c.k]
        case "ends":
            return ["or", ["at", c.x, 1], ["at", c.x, n]]
    return [c.kind, c.x, c.y]


def expr(c: Clue, n: int) -> E.Expr:
    """Return a clue's expression, exactly as formats/deduction_toml.py reads its source."""
    x, y = E.Term(c.x), E.Term(c.y)
    match c.kind:
        case "same":
            return E.Cmp("eq", x, y)
        case "not_same":
            return E.Not(E.Cmp("eq", x, y))
        case "at":
            return E.Cmp("eq", x, E.Term(None, c.k))
        case "not_at":
            return E.Cmp("ne", x, E.Term(None, c.k))
        case "left_of":
            return E.Cmp("lt", x, y)
        case "right_of":
            return E.Cmp("gt", x, y)
        case "directly_left":
            return E.Cmp("eq", x, E.Term(c.y, -1))
        case "directly_right":
            return E.Cmp("eq", x, E.Term(c.y, 1))
        case "next_to" | "not_next_to":
            e = E.Or((E.Cmp("eq", x, E.Term(c.y, 1)), E.Cmp("eq", x, E.Term(c.y, -1))))
            return e if c.kind == "next_to" else E.Not(e)
        case "between":
            return E.Or((E.Cmp("eq", x, E.Term(c.y, c.k + 1)), E.Cmp("eq", x, E.Term(c.y, -(c.k + 1)))))
        case "ends":
            return E.Or((E.Cmp("eq", x, E.Term(None, 1)), E.Cmp("eq", x, E.Term(None, n))))
    raise ValueError(f"unknown clue kind {c.kind!r}")


# ---------------------------------------------------------------- drawing

def draw_setting(rng: random.Random, options: ZebraOptions) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Return the categories and their values (each category's values in a random order)."""
    n = options.houses
    others = rng.sample(sorted(POOLS), options.categories - (1 if options.names else 0))
    cats = [(c, tuple(rng.sample(POOLS[c], n))) for c in others]
    if options.names:
        cats.insert(0, (NAME, tuple(rng.sample(NAMES, n))))
    return tuple(cats)


def _category(var: str) -> str:
    return var.split(":", 1)[0]


def _partner(rng: random.Random, kind: str, x: str, pos: Mapping[str, int], n: int) -> Clue | None:
    """Return a clue of this kind about x (as first or second value) that holds where the values are at pos."""
    if kind == "at":
        return Clue("at", x, k=pos[x])
    if kind == "not_at":
        return Clue("not_at", x, k=rng.choice([h for h in range(1, n + 1) if h != pos[x]]))
    if kind == "ends":
        return Clue("ends", x) if pos[x] in (1, n) else None
    k = 0
    if kind == "between":
        k = 1 if n <= 3 or rng.random() < 0.75 else rng.randint(2, n - 2)
        if k > n - 2:
            return None
    first = rng.random() < 0.5
    others = [y for y in pos if y != x and (kind not in ("same", "not_same") or _category(y) != _category(x))]
    rng.shuffle(others)
    for y in others:
        c = Clue(kind, x, y, k) if first else Clue(kind, y, x, k)
        if holds(c, pos, n):
            return c
    return None


def draw_clue(rng: random.Random, kinds: tuple[str, ...], hidden: Mapping[str, int], other: Mapping[str, int],
              n: int) -> Clue | None:
    """Return a clue that holds in the hidden solution and fails in the other one (None after TRIES draws)."""
    moved = [v for v in hidden if hidden[v] != other[v]]
    weights = [KINDS[k] for k in kinds]
    for _ in range(TRIES):
        kind = rng.choices(kinds, weights)[0]
        c = _partner(rng, kind, rng.choice(moved), hidden, n)
        if c is not None and not holds(c, other, n):
            return c
    return None


# ---------------------------------------------------------------- making one puzzle

def skeleton(n: int, categories: tuple[tuple[str, tuple[str, ...]], ...]) -> Deduction:
    """Return the grid puzzle of these houses and categories, without clues."""
    domain = tuple(range(1, n + 1))
    variables = tuple(Variable(f"{c}:{v}", domain) for c, vals in categories for v in vals)
    groups = tuple(tuple(f"{c}:{v}" for v in vals) for c, vals in categories)
    return Deduction((), (), variables, groups, (), Grid(n, categories))


def _positions(puzzle: Deduction, world: World) -> dict[str, int]:
    return {v.name: h for v, h in zip(puzzle.variables, world.values)}


def make(rng: random.Random, options: ZebraOptions) -> Made | None:
    """Return one unique, irredundant zebra puzzle drawn from rng, or None if this draw was given up."""
    n = options.houses
    categories = draw_setting(rng, options)
    base = skeleton(n, categories)
    order = {c: rng.sample(range(1, n + 1), n) for c, _ in categories}
    hidden = {f"{c}:{v}": order[c][i] for c, vals in categories for i, v in enumerate(vals)}
    facts = [(v.name, hidden[v.name]) for v in base.variables]
    with Checker(base, World((), tuple(h for _, h in facts))) as check:
        clues = _draw_until_unique(rng, options, base, hidden, check)
        if clues is None:
            return None
        shuffled = list(range(len(clues)))
        rng.shuffle(shuffled)
        kept = check.minimise(shuffled)
        rng.shuffle(kept)
        because = [check.forcing(kept, E.Cmp("eq", E.Term(var), E.Term(None, h))) for var, h in facts]
    labels = {i: f"clue {k + 1}" for k, i in enumerate(kept)}
    puzzle = Deduction((), (), base.variables, base.distinct, tuple(
        Constraint(labels[i], expr(clues[i], n), source(clues[i], n)) for i in kept), base.grid)
    explanation = tuple({"fact": f"{var.split(':', 1)[1]} ({_category(var)}) is in house {h}",
                         "because": [labels[i] for i in b]} for (var, h), b in zip(facts, because))
    final = [clues[i] for i in kept]
    return Made(puzzle, solution(categories, hidden), explanation,
                _difficulty(final, because, steps(final, categories, n)), key_of(canonical_form(*items(puzzle))))


def _draw_until_unique(rng: random.Random, options: ZebraOptions, base: Deduction, hidden: dict[str, int],
                       check: Checker) -> list[Clue] | None:
    """Return clues, each added to the checker in turn, until the hidden solution is the only one (None when
    no clue of the kinds asked for rules out the other solution found, or too many were needed)."""
    n = options.houses
    clues: list[Clue] = []
    other = check.other([])
    while other is not None:
        if len(clues) >= 4 * n * len(base.distinct):
            return None
        c = draw_clue(rng, options.kinds, hidden, _positions(base, other), n)
        if c is None:
            return None
        clues.append(c)
        check.add(expr(c, n))
        other = check.other(range(len(clues)))
    return clues


def solution(categories: tuple[tuple[str, tuple[str, ...]], ...], pos: Mapping[str, int]) -> dict[str, list[str]]:
    """Return each category's values house by house (as the API shows a grid solution)."""
    out = {}
    for c, vals in categories:
        row = [""] * len(vals)
        for v in vals:
            row[pos[f"{c}:{v}"] - 1] = v
        out[c] = row
    return out


def _difficulty(kept: list[Clue], because: list[list[int]], solving: "Steps") -> dict[str, Any]:
    """Return the grade (how far step-wise solving must go) and the measures it comes from."""
    sizes = [len(b) for b in because]
    kinds: dict[str, int] = {}
    for c in kept:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    return {"grade": solving.grade, "clues": len(kept), "suppositions": solving.suppositions,
            "solved_by_steps": solving.solved, "largest_forcing": max(sizes),
            "mean_forcing": round(sum(sizes) / len(sizes), 3), "forcing_sizes": sizes,
            "kinds": dict(sorted(kinds.items()))}


# ---------------------------------------------------------------- step-wise solving (the grade)

GRADE_SUPPOSITIONS = (0, 4, 12)  # most suppositions for grades 1, 2, 3; more is grade 4


@dataclass(frozen=True)
class Steps:
    """How a person solves the puzzle step by step: the grade and the suppositions it took."""

    grade: int  # 1: single-clue steps suffice; 2-4: a few / several / many suppositions; 5: not solved so
    suppositions: int  # houses ruled out by supposing a value there and reaching a contradiction
    solved: bool  # whether single-clue steps and suppositions place every value


class _Domains:
    """Where each value may still be (a bitmask of houses), narrowed one clue at a time."""

    def __init__(self, clues: list[Clue], categories: tuple[tuple[str, tuple[str, ...]], ...], n: int):
        self.n = n
        self.groups = [[f"{c}:{v}" for v in vals] for c, vals in categories]
        self.tables = [self._table(c) for c in clues]

    def _table(self, c: Clue) -> tuple[Any, ...]:
        """Return a clue as (x, allowed mask) or (x, y, supports of x's houses, supports of y's houses)."""
        n = self.n
        if not c.y:
            return (c.x, sum(1 << (h - 1) for h in range(1, n + 1) if holds(c, {c.x: h}, n)))
        same = _category(c.x) == _category(c.y)
        sx, sy = [0] * n, [0] * n
        for a in range(1, n + 1):
            for b in range(1, n + 1):
                if (not same or a != b) and holds(c, {c.x: a, c.y: b}, n):
                    sx[a - 1] |= 1 << (b - 1)
                    sy[b - 1] |= 1 << (a - 1)
        return (c.x, c.y, sx, sy)

    def propagate(self, dom: dict[str, int]) -> bool:
        """Narrow dom in place by each clue alone and by 'one house each' until nothing changes; return False
        on a contradiction."""
        n = self.n
        changed = True
        while changed:
            changed = False
            for t in self.tables:
                if len(t) == 2:
                    x, mask = t
                    nx = dom[x] & mask
                    if nx != dom[x]:
                        if not nx:
                            return False
                        dom[x], changed = nx, True
                    continue
                x, y, sx, sy = t
                dx, dy = dom[x], dom[y]
                nx = sum(1 << a for a in range(n) if dx >> a & 1 and sx[a] & dy)
                ny = sum(1 << b for b in range(n) if dy >> b & 1 and sy[b] & nx)
                if nx != dx or ny != dy:
                    if not nx or not ny:
                        return False
                    dom[x], dom[y], changed = nx, ny, True
            for g in self.groups:
                ok = self._one_each(dom, g)
                if ok is None:
                    return False
                changed |= ok
        return True

    def _one_each(self, dom: dict[str, int], group: list[str]) -> bool | None:
        """Apply 'a placed value's house is no one else's' and 'a house only one value can take is its';
        return whether anything changed, None on a contradiction."""
        changed = False
        for v in group:
            d = dom[v]
            if d & (d - 1) == 0:
                for w in group:
                    if w != v and dom[w] & d:
                        dom[w] &= ~d
                        if not dom[w]:
                            return None
                        changed = True
        for h in range(self.n):
            bit = 1 << h
            have = [v for v in group if dom[v] & bit]
            if not have:
                return None
            if len(have) == 1 and dom[have[0]] != bit:
                dom[have[0]], changed = bit, True
        return changed


def steps(clues: list[Clue], categories: tuple[tuple[str, tuple[str, ...]], ...], n: int) -> Steps:
    """Return how the puzzle is solved step by step: single-clue steps (each clue against what is known, and
    one house per value) while they place anything, else a supposition (a value in a house) that single-clue
    steps refute; the grade grows with the suppositions needed."""
    d = _Domains(clues, categories, n)
    dom = {v: (1 << n) - 1 for g in d.groups for v in g}
    d.propagate(dom)
    supposed = 0
    while not _placed(dom):
        refuted = _refuted(d, dom)
        if refuted is None:
            return Steps(len(GRADE_SUPPOSITIONS) + 2, supposed, False)
        var, bit = refuted
        dom[var] &= ~bit
        d.propagate(dom)
        supposed += 1
    grade = 1 + next((g for g, most in enumerate(GRADE_SUPPOSITIONS) if supposed <= most), len(GRADE_SUPPOSITIONS))
    return Steps(grade, supposed, True)


def _placed(dom: dict[str, int]) -> bool:
    return all(d & (d - 1) == 0 for d in dom.values())


def _refuted(d: _Domains, dom: dict[str, int]) -> tuple[str, int] | None:
    """Return the first (value, house bit) whose supposition single-clue steps refute, or None."""
    for var, mask in dom.items():
        if mask & (mask - 1) == 0:
            continue
        for h in range(d.n):
            bit = 1 << h
            if mask & bit:
                trial = dict(dom)
                trial[var] = bit
                if not d.propagate(trial):
                    return var, bit
    return None


# ---------------------------------------------------------------- canonical form

def _value(t: E.Term) -> Sym:
    assert t.var is not None
    return Sym(t.var)


def _tree(e: E.Expr) -> tuple[Any, ...]:
    """Return a clue's expression as a canonical-form item: houses are constants, values symbols; the same
    relation said either way round ('left of' / 'right of', 'next to' both ways) is one item."""
    match e:
        case E.Not(arg):
            return ("not", _tree(arg))
        case E.Or((E.Cmp("eq", x, E.Term(None, h1)), E.Cmp("eq", x2, E.Term(None, h2)))) if x == x2:
            return ("one_of", _value(x), ("set", h1, h2))
        case E.Or((E.Cmp("eq", x, y1), E.Cmp("eq", x2, y2))) if x == x2 and y1.var and y1.var == y2.var \
                and y1.offset == -y2.offset != 0:
            return ("apart", ("set", _value(x), _value(y1)), abs(y1.offset))
        case E.Cmp("eq", x, E.Term(None, h)):
            return ("at", _value(x), h)
        case E.Cmp("ne", x, E.Term(None, h)):
            return ("not_at", _value(x), h)
        case E.Cmp("eq", x, y) if y.offset == 0:
            return ("eq_terms", _value(x), _value(y))
        case E.Cmp("eq", x, y) if y.offset == -1:
            return ("directly_left", _value(x), _value(y))
        case E.Cmp("eq", x, y) if y.offset == 1:
            return ("directly_left", _value(y), _value(x))
        case E.Cmp("lt", x, y):
            return ("left_of", _value(x), _value(y))
        case E.Cmp("gt", x, y):
            return ("left_of", _value(y), _value(x))
    raise ValueError(f"no canonical form for {E.to_json(e)!r}")


def items(puzzle: Deduction) -> tuple[list[tuple[Any, ...]], dict[Sym, str]]:
    """Return a zebra puzzle as canonical-form items (its clues, and each value's category) and the class of
    each symbol (values and categories are renamed; houses are positions and are not)."""
    assert puzzle.grid is not None
    out = [_tree(c.expr) for c in puzzle.constraints]
    classes: dict[Sym, str] = {}
    for cat, vals in puzzle.grid.categories:
        classes[Sym(cat)] = "c"
        for v in vals:
            classes[Sym(f"{cat}:{v}")] = "v"
            out.append(("in", Sym(cat), Sym(f"{cat}:{v}")))
    return out, classes
