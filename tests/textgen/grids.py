"""Zebra-style grid texts in many wordings, with answers from `truth`'s brute force.

Positions are houses, seats in a row, places in a line (numbered from the left) or places in a queue
(numbered from the front); 2–5 positions and 2–4 characteristics, one of which may be the people's
names. Clues are drawn true of a random solution until it is the only one, then pruned. Sub-family: the
layout ("houses", "seats", "line", "queue"), or "multiple-choice".
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import truth
from .knights import cap, pick

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

    Tamper = Callable[[random.Random, "Grid", list[tuple[str, ...]], list[str], list[str], list[str]],
                      tuple[list[str], list[str], list[str]]]

ORD = ("first", "second", "third", "fourth", "fifth")
ORDNUM = ("1st", "2nd", "3rd", "4th", "5th")
NUM = ("zero", "one", "two", "three", "four", "five")
PEOPLE = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Oscar",
          "Peggy", "Trent", "Victor", "Walter", "Nadia", "Omar", "Priya", "Quentin")


@dataclass(frozen=True)
class Category:
    """One characteristic: its values and its wordings ({v} a value, {x} a person, {list} the values)."""

    key: str
    values: tuple[str, ...]
    intros: tuple[str, ...]
    nps: tuple[str, ...]          # noun phrases for the one with value v; the first ones are compact
    compact: int                  # how many of `nps` take a possessive ('the tea drinker's')
    preds: tuple[str, ...]        # predicates; one starting with "'s" needs a compact subject
    negs: tuple[str, ...]
    who: tuple[str, ...]
    what: tuple[str, ...]         # questions about someone's value; "'s" ones need a compact {x}
    yes_no: tuple[str, ...]


NAMES = Category(
    "name", PEOPLE, ("The people are {and}.", "Their names are {and}.", "The {n} people are {and}."),
    ("{v}",), 1, ("is {v}",), ("is not {v}", "isn't {v}"), (), (), ("Is {x} {v}?",))
DRINKS = Category(
    "drink", ("tea", "coffee", "milk", "water", "juice", "cocoa"),
    ("Each person has a different favourite drink: {or}.", "The drinks are {and}.",
     "Each of them drinks exactly one of {and}, and no two drink the same."),
    ("the {v} drinker", "the person who drinks {v}", "the one who drinks {v}", "whoever drinks {v}"), 1,
    ("drinks {v}", "'s favourite drink is {v}", "prefers {v}"), ("does not drink {v}", "doesn't drink {v}"),
    ("Who drinks {v}?", "Whose favourite drink is {v}?"),
    ("What does {x} drink?", "What is the favourite drink of {x}?", "Which drink does {x} prefer?",
     "What is {x}'s favourite drink?"),
    ("Does {x} drink {v}?",))
PETS = Category(
    "pet", ("cat", "dog", "fish", "bird", "hamster", "rabbit", "horse"),
    ("ONE_OF_THEM", "The pets are {a_and}.", "Each person owns a different pet: {or}."),
    ("the {v} owner", "the owner of the {v}", "the person who keeps the {v}", "the one with the {v}"), 1,
    ("owns the {v}", "keeps the {v}", "has the {v}"), ("does not own the {v}", "doesn't keep the {v}"),
    ("Who owns the {v}?", "Who keeps the {v}?"),
    ("Which pet does {x} own?", "What pet does {x} keep?", "What animal does {x} have?"),
    ("Does {x} own the {v}?",))
COLOURS = Category(
    "colour", ("red", "green", "blue", "yellow", "white"),
    ("Each house is painted a different colour: {or}.", "The houses are {and}, in some order.",
     "The colours of the houses are {and}."),
    ("the person in the {v} house", "whoever lives in the {v} house", "the owner of the {v} house"), 0,
    ("lives in the {v} house", "owns the {v} house"), ("does not live in the {v} house",),
    ("Who lives in the {v} house?",),
    ("What colour is the house of {x}?", "In what colour house does {x} live?", "What colour is {x}'s house?"),
    ("Does {x} live in the {v} house?",))
SHIRTS = Category(
    "shirt", ("red", "green", "blue", "yellow", "white", "black"),
    ("Each person wears a shirt of a different colour: {or}.", "The shirt colours are {and}."),
    ("the person wearing {v}", "the one in the {v} shirt", "whoever wears {v}"), 0,
    ("wears {v}", "wears the {v} shirt", "is dressed in {v}"), ("does not wear {v}", "isn't wearing {v}"),
    ("Who wears {v}?", "Who is wearing the {v} shirt?"),
    ("What colour shirt does {x} wear?", "What colour is {x} wearing?"),
    ("Does {x} wear {v}?",))
JOBS = Category(
    "job", ("doctor", "teacher", "painter", "baker", "pilot", "lawyer", "nurse"),
    ("Each person has a different job: {or}.", "Their jobs are {and}.", "ONE_OF_THEM"),
    ("the {v}",), 1, ("is the {v}", "works as the {v}"), ("is not the {v}", "isn't the {v}"),
    ("Who is the {v}?",),
    ("What is {x}'s job?", "What does {x} do for a living?", "What is the job of {x}?"),
    ("Is {x} the {v}?",))
NATIONS = Category(
    "nationality", ("Brit", "Dane", "German", "Norwegian", "Swede", "Spaniard"),
    ("Each person has a different nationality: {or}.", "The nationalities are {and}.",
     "Among them are {the_and}, one each."),
    ("the {v}",), 1, ("is the {v}",), ("is not the {v}",), ("Who is the {v}?",),
    ("What nationality is {x}?", "What is the nationality of {x}?"), ("Is {x} the {v}?",))
SPORTS = Category(
    "sport", ("tennis", "golf", "soccer", "hockey", "rugby", "cricket"),
    ("Each person plays a different sport: {or}.", "The sports are {and}."),
    ("the {v} player", "the person who plays {v}", "whoever plays {v}"), 1,
    ("plays {v}", "'s favourite sport is {v}"), ("does not play {v}", "doesn't play {v}"),
    ("Who plays {v}?",), ("Which sport does {x} play?", "What sport does {x} play?"),
    ("Does {x} play {v}?",))
FOODS = Category(
    "food", ("pizza", "pasta", "sushi", "ramen", "curry", "soup"),
    ("Each person has a different favourite food: {or}.", "The favourite foods are {and}."),
    ("the {v} lover", "the person who likes {v}", "whoever eats {v}"), 1,
    ("likes {v}", "loves {v}", "'s favourite food is {v}"), ("does not like {v}", "doesn't eat {v}"),
    ("Who likes {v}?", "Whose favourite food is {v}?"),
    ("What is {x}'s favourite food?", "Which food does {x} like?"),
    ("Does {x} like {v}?",))
CARS = Category(
    "car", ("Ford", "Toyota", "BMW", "Honda", "Tesla", "Volvo"),
    ("Each person drives a different car: {or}.", "The cars are {a_and}."),
    ("the {v} driver", "the person who drives the {v}", "the owner of the {v}"), 1,
    ("drives the {v}", "drives a {v}"), ("does not drive the {v}", "doesn't drive a {v}"),
    ("Who drives the {v}?",), ("Which car does {x} drive?", "What car does {x} drive?"),
    ("Does {x} drive the {v}?",))
MUSIC = Category(
    "music", ("jazz", "rock", "pop", "blues", "folk", "reggae"),
    ("Each person prefers a different kind of music: {or}.", "The music genres are {and}."),
    ("the {v} fan", "the person who listens to {v}", "whoever listens to {v}"), 1,
    ("listens to {v}", "is a {v} fan"), ("does not listen to {v}",),
    ("Who listens to {v}?", "Who is the {v} fan?"),
    ("What music does {x} like?", "Which genre does {x} listen to?"),
    ("Does {x} listen to {v}?",))
CATEGORIES = (DRINKS, PETS, COLOURS, JOBS, NATIONS, SPORTS, FOODS, CARS, MUSIC)
PERSONLIKE = ("job", "nationality")


@dataclass(frozen=True)
class Layout:
    """Positions and their wordings: houses, seats, a line or a queue."""

    key: str
    verb: str       # 'lives', 'sits', 'stands'
    base: str       # 'live', 'sit', 'stand'


LAYOUTS = (Layout("houses", "lives", "live"), Layout("seats", "sits", "sit"), Layout("line", "stands", "stand"),
           Layout("queue", "stands", "stand"))


@dataclass(frozen=True)
class Grid:
    """A puzzle's vocabulary: its layout, size and categories in the order the text lists them."""

    layout: Layout
    n: int
    cats: tuple[Category, ...]
    values: tuple[tuple[str, ...], ...]

    def answer_cat(self) -> int:
        """Return the category a 'who' question answers with: the names, else the nationalities, else the
        first listed (as a reader would: 'Who keeps the zebra?' - 'the Norwegian')."""
        for want in ("name", "nationality"):
            for i, c in enumerate(self.cats):
                if c.key == want:
                    return i
        return 0


def ordinal(rng: random.Random, p: int) -> str:
    """Return 'third' or '3rd' for position p."""
    return ORD[p - 1] if rng.random() < 0.7 else ORDNUM[p - 1]


def and_list(values: list[str], oxford: bool = False) -> str:
    """Return 'a, b and c' (or 'a or b' via the caller)."""
    if len(values) == 2:
        return f"{values[0]} and {values[1]}"
    return ", ".join(values[:-1]) + (", and " if oxford else " and ") + values[-1]


# --- noun phrases and places ------------------------------------------------------------------


def np(g: Grid, a: tuple, rng: random.Random, compact: bool = False) -> str:
    """Return a noun phrase for the one with attribute a = (category, value)."""
    cat = g.cats[a[0]]
    forms = cat.nps[: cat.compact] if compact else cat.nps
    return pick(rng, list(forms)).format(v=a[1])


def has_compact(g: Grid, a: tuple) -> bool:
    """Return whether the attribute has a noun phrase that takes a possessive."""
    return g.cats[a[0]].compact > 0


def loc_pred(g: Grid, p: int, rng: random.Random, possessive: bool = True) -> str:
    """Return a predicate putting its subject at position p ('lives in the third house')."""
    n, o, k = g.n, ordinal(rng, p), g.layout.key
    r = ordinal(rng, n + 1 - p)
    forms = {"houses": [f"lives in house {p}", f"lives in the {o} house", f"is in the {o} house",
                        f"lives in house number {p}", f"lives in the {r} house from the right"],
             "seats": [f"sits in seat {p}", f"is in the {o} seat", f"sits in seat number {p}", f"occupies seat {p}",
                       f"sits {o} from the left", f"sits {r} from the right"],
             "line": [f"is in position {p}", f"stands in the {o} position", f"is {o} from the left",
                      f"stands in position {p}", f"is {r} from the right"],
             "queue": [f"is {o} in line", f"is {o} in the queue", f"stands in position {p} of the queue",
                       f"is in position {p}", f"is {r} from the back of the queue"]}[k]
    if possessive and k == "houses":
        forms.append(f"'s house is number {p}")
    if p == 1:
        forms += {"houses": ["lives in the leftmost house", "lives in the first house"],
                  "seats": ["sits at the far left", "sits in the leftmost seat"],
                  "line": ["is at the far left", "stands at the left end of the line"],
                  "queue": ["is at the front of the queue", "is first in line"]}[k]
    if p == n:
        forms += {"houses": ["lives in the rightmost house", "lives in the last house"],
                  "seats": ["sits at the far right", "sits in the rightmost seat"],
                  "line": ["is at the far right", "stands at the right end of the line"],
                  "queue": ["is at the back of the queue", "is last in line"]}[k]
    if n % 2 == 1 and p == (n + 1) // 2 and n > 1:
        forms += {"houses": ["lives in the middle house"], "seats": ["sits in the middle seat"],
                  "line": ["stands in the middle of the line"], "queue": ["is in the middle of the queue"]}[k]
    return pick(rng, forms)


def not_loc_pred(g: Grid, p: int, rng: random.Random) -> str:
    """Return a predicate saying its subject is not at position p."""
    o = ordinal(rng, p)
    return pick(rng, {"houses": [f"does not live in house {p}", f"does not live in the {o} house",
                                 f"is not in the {o} house"],
                      "seats": [f"does not sit in seat {p}", f"is not in the {o} seat"],
                      "line": [f"is not in position {p}", f"does not stand in the {o} position"],
                      "queue": [f"is not {o} in line", f"is not in position {p}"]}[g.layout.key])


def loc_np(g: Grid, p: int, rng: random.Random) -> str:
    """Return a noun phrase for the one at position p ('the person in the third house')."""
    n, o, k = g.n, ordinal(rng, p), g.layout.key
    forms = {"houses": [f"the person in the {o} house", f"the person who lives in house {p}",
                        f"whoever lives in house {p}", f"the resident of house {p}"],
             "seats": [f"the person in seat {p}", f"the person sitting in the {o} seat", f"whoever sits in seat {p}"],
             "line": [f"the person in position {p}", f"the person standing {o} from the left"],
             "queue": [f"the person {o} in line", f"the person in position {p} of the queue"]}[k]
    if n % 2 == 1 and p == (n + 1) // 2 and n > 1:
        forms.append("the person in the middle")
    if k == "queue" and p == 1:
        forms.append("the person at the front of the queue")
    return pick(rng, forms)


# --- clues -------------------------------------------------------------------------------------


def pred(g: Grid, clue: tuple, rng: random.Random, compact: bool) -> str | None:
    """Return a predicate of the clue's first attribute (None when the clue has none)."""
    op = clue[0]
    if op in ("same", "not_same"):
        cat = g.cats[clue[2][0]]
        forms = [f for f in (cat.preds if op == "same" else cat.negs) if compact or not f.startswith("'s")]
        return pick(rng, forms).format(v=clue[2][1])
    if op == "at":
        return loc_pred(g, clue[2], rng, possessive=compact)
    if op == "not_at":
        return not_loc_pred(g, clue[2], rng)
    b = np(g, clue[2], rng) if len(clue) > 2 and isinstance(clue[2], tuple) else ""
    v = g.layout.verb
    if op == "left_adj":
        return pick(rng, [f"{v} directly in front of {b}", f"is just ahead of {b}"] if g.layout.key == "queue"
                    else [f"{v} directly left of {b}", f"is directly to the left of {b}", f"{v} just left of {b}"])
    if op == "next":
        return pick(rng, [f"{v} next to {b}", f"is adjacent to {b}"])
    if op == "end":
        return pick(rng, ["is either first or last in line"] if g.layout.key == "queue"
                    else [f"{v} at one of the ends", "is at one of the ends"])
    return None


def sentence(g: Grid, clue: tuple, rng: random.Random) -> str:
    """Return one clue as an English sentence."""
    op = clue[0]
    a = clue[1]
    if op in ("same", "not_same") and g.cats[clue[2][0]].key == "name" and rng.random() < 0.6:
        clue = (op, clue[2], clue[1])
        a = clue[1]
    if op in ("same", "not_same", "at", "not_at") or (op in ("left_adj", "next", "end") and rng.random() < 0.3):
        compact = has_compact(g, a) and rng.random() < 0.4
        subject, predicate = np(g, a, rng, compact), pred(g, clue, rng, compact)
        assert predicate is not None
        return cap(subject) + ("" if predicate.startswith("'s") else " ") + predicate + "."
    b = clue[2] if len(clue) > 2 and isinstance(clue[2], tuple) else a
    A = np(g, a, rng)
    B = np(g, b, rng)
    v, base, k = g.layout.verb, g.layout.base, g.layout.key
    queue = k == "queue"
    if op == "left_adj":
        forms = ([f"{A} is directly in front of {B}", f"{B} stands right behind {A}", f"{B} is immediately behind {A}",
                  f"{A} is just ahead of {B} in the queue"] if queue else
                 [f"{A} is on the immediate left of {B}", f"{A} is directly to the left of {B}",
                  f"{A} {v} just left of {B}",
                  f"{B} is immediately to the right of {A}", f"{B} {v} immediately right of {A}",
                  f"{A} {v} directly left of {B}"])
        if k == "houses" and has_compact(g, a) and has_compact(g, b):
            forms.append(f"{np(g, a, rng, True)}'s house is immediately to the left of {np(g, b, rng, True)}'s")
    elif op == "left_of":
        forms = ([f"{A} is somewhere ahead of {B}", f"{B} is somewhere behind {A}",
                  f"{A} stands closer to the front than {B}", f"{A} is ahead of {B} in the queue"] if queue else
                 [f"{A} is somewhere to the left of {B}", f"{A} {v} to the left of {B}",
                  f"{B} is somewhere to the right of {A}", f"{A} {v} further left than {B}",
                  f"{B} {v} somewhere to the right of {A}"])
    elif op == "next":
        forms = [f"{A} and {B} are neighbours", f"{A} {v} next to {B}", f"{A} is adjacent to {B}",
                 f"{A} {v} beside {B}"]
        forms += {"houses": [f"{A} and {B} live in adjacent houses", f"{A} lives next door to {B}"],
                  "seats": [f"{A} and {B} sit side by side"], "line": [f"{A} and {B} stand side by side"],
                  "queue": [f"{A} and {B} stand next to each other in the queue",
                            f"{A} is directly in front of or directly behind {B}"]}[k]
    elif op == "not_next":
        forms = [f"{A} is not next to {B}", f"{A} and {B} are not neighbours", f"{A} does not {base} next to {B}"]
        if k == "seats":
            forms.append(f"{A} and {B} do not sit side by side")
    elif op == "end":
        forms = ([f"{A} is either first or last in line", f"{A} is at the front or the back of the queue"] if queue else
                 [f"{A} is at one of the ends", f"{A} {v} at an end", f"{A} is at one end of the row"])
        if k == "houses":
            forms.append(f"{A} lives in one of the end houses")
    elif op == "parity":
        par = clue[2]
        unit = {"houses": "house", "seats": "seat", "line": "position", "queue": "position"}[k]
        forms = [f"{A} is in an {par}-numbered position", f"{A} {v} in an {par}-numbered {unit}"]
        if k == "houses" and has_compact(g, a):
            forms.append(f"{np(g, a, rng, True)}'s house number is {par}")
    elif op == "gap":
        m = clue[3]
        unit = "house" if k == "houses" else "person"
        units = "houses" if k == "houses" else "people"
        one = m == 1
        forms = [f"There {'is' if one else 'are'} {NUM[m]} {unit if one else units} between {A} and {B}",
                 f"{A} and {B} have exactly {NUM[m]} {unit if one else units} between them"]
        if k != "houses":
            who = f"{NUM[m]} {'person' if one else 'people'} {g.layout.verb if one else base}"
            forms.append(f"Exactly {who} between {A} and {B}")
    else:
        raise ValueError(op)
    return cap(pick(rng, forms)) + "."


def two_facts(g: Grid, c1: tuple, c2: tuple, rng: random.Random) -> str:
    """Return two clues about the same attribute as one sentence: 'Alice drinks tea and lives in house 1.'

    A clue whose predicate ends in another person ('… next to the cat owner') goes last, so that the
    'and' cannot be read as part of that person's description.
    """
    if c1[0] in RELATIONAL:
        c1, c2 = c2, c1
    p1, p2 = pred(g, c1, rng, False), pred(g, c2, rng, False)
    return f"{cap(np(g, c1[1], rng))} {p1} and {p2}."


RELATIONAL = ("left_adj", "next")


def mergeable(g: Grid, c: tuple, d: tuple) -> bool:
    """Return whether two clues about one attribute can be said as two predicates of it."""
    ok = ("same", "not_same", "at", "not_at", "left_adj", "next", "end")
    return c[0] in ok and d[0] in ok and c[1] == d[1] and not (c[0] in RELATIONAL and d[0] in RELATIONAL)


def random_clue(rng: random.Random, g: Grid, sol: list[tuple[str, ...]]) -> tuple:
    """Return a random clue that is true of the solution (values by position, per category)."""
    n, k = g.n, len(g.cats)

    def attr(p: int) -> tuple:
        c = rng.randrange(k)
        return (c, sol[c][p - 1])

    ops = ["same", "not_same", "at", "not_at", "left_adj", "left_of", "next"]
    weights = [6, 2, 3, 1, 2, 1, 2]
    if n >= 3:
        ops += ["not_next", "end", "parity", "gap"]
        weights += [1, 1, 1, 1]
    op = rng.choices(ops, weights)[0]
    if op == "same":
        p = rng.randint(1, n)
        c1, c2 = rng.sample(range(k), 2)
        return ("same", (c1, sol[c1][p - 1]), (c2, sol[c2][p - 1]))
    if op == "not_same":
        p, q = rng.sample(range(1, n + 1), 2)
        c1, c2 = rng.sample(range(k), 2)
        return ("not_same", (c1, sol[c1][p - 1]), (c2, sol[c2][q - 1]))
    if op == "at":
        p = rng.randint(1, n)
        return ("at", attr(p), p)
    if op == "not_at":
        p, q = rng.sample(range(1, n + 1), 2)
        return ("not_at", attr(p), q)
    if op == "left_adj":
        p = rng.randint(1, n - 1)
        return ("left_adj", attr(p), attr(p + 1))
    if op == "left_of":
        p, q = sorted(rng.sample(range(1, n + 1), 2))
        return ("left_of", attr(p), attr(q))
    if op == "next":
        p = rng.randint(1, n - 1)
        pair = [attr(p), attr(p + 1)]
        rng.shuffle(pair)
        return ("next", *pair)
    if op == "not_next":
        p, q = rng.sample(range(1, n + 1), 2)
        while abs(p - q) == 1:
            p, q = rng.sample(range(1, n + 1), 2)
        return ("not_next", attr(p), attr(q))
    if op == "end":
        p = pick(rng, [1, n])
        return ("end", attr(p))
    if op == "parity":
        p = rng.randint(1, n)
        return ("parity", attr(p), "even" if p % 2 == 0 else "odd")
    p, q = rng.sample(range(1, n + 1), 2)
    while abs(p - q) < 2:
        p, q = rng.sample(range(1, n + 1), 2)
    return ("gap", attr(p), attr(q), abs(p - q) - 1)


def clue_set(rng: random.Random, g: Grid, sol: list[tuple[str, ...]]) -> list[tuple]:
    """Return true clues that leave exactly one solution, pruned so that none is redundant."""
    values = [list(v) for v in g.values]
    clues: list[tuple] = []
    while True:
        c = random_clue(rng, g, sol)
        if c in clues:
            continue
        clues.append(c)
        if len(truth.grid_solutions(g.n, values, clues)) == 1:
            break
    for c in list(clues):
        rest = [x for x in clues if x is not c]
        if len(truth.grid_solutions(g.n, values, rest)) == 1:
            clues = rest
    rng.shuffle(clues)
    return clues


# --- text --------------------------------------------------------------------------------------


def layout_intro(rng: random.Random, g: Grid, names: list[str] | None) -> str:
    """Return the sentence setting out the positions (naming the people when `names` is given)."""
    n, N = g.n, NUM[g.n]
    k = g.layout.key
    if names:
        who = and_list(names)
        rows = f"numbered 1 to {n} from left to right"
        return pick(rng, {"houses": [f"{who} live in {N} houses in a row, {rows}, one per house."],
                          "seats": [f"{cap(N)} friends, {who}, sit in a row of seats {rows}."],
                          "line": [f"{who} stand in a line, in positions 1 to {n} from left to right."],
                          "queue": [f"{who} stand in a queue, one behind the other; position 1 is the front."]}[k])
    return pick(rng, {
        "houses": [f"There are {N} houses in a row, numbered 1 to {n} from left to right.",
                   f"{cap(N)} houses stand side by side, numbered 1 to {n} from left to right.",
                   f"A street has {N} houses, numbered 1 to {n} from left to right. One person lives in each house.",
                   f"There are {n} houses, numbered 1 to {n} from left to right, each occupied by a different person."],
        "seats": [f"{cap(N)} people sit in a row of seats, numbered 1 to {n} from left to right.",
                  f"{cap(N)} friends sit side by side on a bench; seat 1 is the leftmost and seat {n} the rightmost.",
                  f"{cap(N)} people are seated in a row of {n} chairs, numbered 1 to {n} from left to right."],
        "line": [f"{cap(N)} people stand in a line, in positions 1 to {n} from left to right.",
                 f"{cap(N)} people are standing in a line. The positions are numbered 1 to {n} from left to right."],
        "queue": [f"{cap(N)} people stand in a queue, one behind the other. Position 1 is at the front.",
                  f"{cap(N)} people wait in a queue; the person at the front is in position 1 and the one at the back"
                  f" in position {n}.",
                  f"{cap(N)} customers are queuing at a counter, numbered 1 (front) to {n} (back)."]}[k])


def category_intro(rng: random.Random, g: Grid, c: int) -> str:
    """Return the sentence listing a category's values."""
    cat, vals = g.cats[c], list(g.values[c])
    form = pick(rng, list(cat.intros))
    if form == "ONE_OF_THEM":
        verb = "keeps" if cat.key == "pet" else "is"
        parts = [f"a {v}" for v in vals]
        if len(vals) == 2:
            return f"One of them {verb} {parts[0]} and the other {parts[1]}."
        middle = ", ".join(f"one {x}" for x in parts[1:-1])
        return f"One of them {verb} {parts[0]}, {middle} and one {parts[-1]}."
    or_list = ", ".join(vals[:-1]) + " or " + vals[-1] if len(vals) > 2 else f"{vals[0]} or {vals[1]}"
    return form.format(n=NUM[len(vals)], **{"and": and_list(vals), "or": or_list,
                                            "a_and": and_list([f"a {v}" for v in vals]),
                                            "the_and": and_list([f"the {v}" for v in vals])})


def who_answer(g: Grid, sol: list[tuple[str, ...]], p: int) -> str:
    """Return the answer to 'who …' for position p: the name, else the nationality, else the first listed
    category's value."""
    return sol[g.answer_cat()][p - 1]


def position_question(g: Grid, x: str, rng: random.Random, compact_x: str | None) -> str:
    """Return 'In which house does X live?' and the like."""
    forms = {"houses": [f"In which house does {x} live?", f"Which house does {x} live in?"],
             "seats": [f"In which seat does {x} sit?", f"Which seat is {x} in?"],
             "line": [f"Which position is {x} in?", f"In what position does {x} stand?"],
             "queue": [f"At which position in the queue is {x}?",
                       f"Which position in the queue does {x} have?"]}[g.layout.key]
    if compact_x and g.layout.key == "houses":
        forms.append(f"What is the number of {compact_x}'s house?")
    return pick(rng, forms)


def questions(rng: random.Random, g: Grid, sol: list[tuple[str, ...]], count: int) -> list[tuple[str, str]]:
    """Return `count` (question, answer) pairs of different shapes."""
    shapes = ["who", "who_at", "what", "where", "next", "yes_no"]
    rng.shuffle(shapes)
    shapes = ["who", "what"] + shapes if rng.random() < 0.5 else shapes
    out: list[tuple[str, str]] = []
    for s in shapes:
        qa = question(rng, s, g, sol)
        if qa and qa[0] not in [q for q, _ in out]:
            out.append(qa)
        if len(out) == count:
            break
    return out


def question(rng: random.Random, shape: str, g: Grid, sol: list[tuple[str, ...]]) -> tuple[str, str] | None:
    """Return a (question, answer) of a shape, or None when it does not fit this grid."""
    n, k, ans = g.n, len(g.cats), g.answer_cat()
    where = {(c, v): i + 1 for c in range(k) for i, v in enumerate(sol[c])}
    others = [c for c in range(k) if c != ans]
    if shape == "who":
        c = pick(rng, others)
        v = pick(rng, list(g.values[c]))
        return pick(rng, list(g.cats[c].who)).format(v=v), sol[ans][where[(c, v)] - 1]
    if shape == "who_at":
        p = rng.randint(1, n)
        return f"Who {loc_pred(g, p, rng, possessive=False)}?", sol[ans][p - 1]
    if shape == "what":
        c = pick(rng, others)
        cat = g.cats[c]
        if rng.random() < 0.4:
            p = rng.randint(1, n)
            if cat.key == "colour":
                return f"What colour is the {ordinal(rng, p)} house?", sol[c][p - 1]
            x, compact = loc_np(g, p, rng), False
        else:
            xc = pick(rng, [i for i in range(k) if i != c])
            p = rng.randint(1, n)
            compact = has_compact(g, (xc, "")) and rng.random() < 0.5
            x = np(g, (xc, sol[xc][p - 1]), rng, compact)
        forms = [f for f in cat.what if compact or "{x}'s" not in f]
        return cap(pick(rng, forms).format(x=x)), sol[c][p - 1]
    if shape == "where":
        c = pick(rng, [i for i in range(k) if g.cats[i].key != "colour"])
        p = rng.randint(1, n)
        short = np(g, (c, sol[c][p - 1]), rng, True) if has_compact(g, (c, "")) else None
        return position_question(g, np(g, (c, sol[c][p - 1]), rng), rng, short), str(p)
    if shape == "next":
        p, q = rng.sample(range(1, n + 1), 2)
        c1, c2 = rng.randrange(k), rng.randrange(k)
        a, b = np(g, (c1, sol[c1][p - 1]), rng), np(g, (c2, sol[c2][q - 1]), rng)
        form = pick(rng, [f"Is {a} next to {b}?", f"Are {a} and {b} neighbours?",
                          f"Does {a} {g.layout.base} next to {b}?"])
        return form, "yes" if abs(p - q) == 1 else "no"
    c1, c2 = rng.sample(range(k), 2)
    p, q = rng.randint(1, n), rng.randint(1, n)
    x = np(g, (c1, sol[c1][p - 1]), rng)
    form = pick(rng, list(g.cats[c2].yes_no))
    return cap(form.format(x=x, v=sol[c2][q - 1])), "yes" if p == q else "no"


def choice(rng: random.Random, g: Grid, sol: list[tuple[str, ...]], letters: bool,
           ) -> tuple[str, list[str], dict[str, str]]:
    """Return (question, option lines, answer entry) of a multiple-choice question."""
    from .knights import options_block

    while True:
        qa = question(rng, pick(rng, ["who", "what", "who_at"]), g, sol)
        assert qa is not None
        q, a = qa
        pool = next(list(vals) for vals in g.values if a in vals)
        if len(pool) >= 3 or rng.random() < 0.3:
            break
    others = [v for v in pool if v != a]
    rng.shuffle(others)
    opts = [a] + others[: rng.randint(min(2, len(others)), len(others))]
    rng.shuffle(opts)
    lines, ids, written = options_block(rng, opts, letters)
    right = opts.index(a)
    return q, lines, {"question": q, "answer": written[right], "option": ids[right]}


def build(rng: random.Random, mc: bool = False, tamper: Tamper | None = None) -> dict[str, Any]:
    """Return one grid item.

    `tamper(rng, grid, solution, intro, clue_lines, questions)` may return changed parts (for texts
    that must be rejected).
    """
    from .knights import heading, instruction

    n = rng.choices([2, 3, 4, 5], [1, 4, 4, 2])[0]
    k = rng.choices([2, 3, 4], [3, 4, 2] if n < 5 else [3, 4, 1])[0]
    layout = pick(rng, list(LAYOUTS))
    pool = [c for c in CATEGORIES if c.key != ("colour" if layout.key != "houses" else "shirt")]
    if layout.key != "houses":
        pool.append(SHIRTS)
    with_names = rng.random() < 0.65
    cats = rng.sample(pool, k - 1 if with_names else k)
    if with_names:
        cats.insert(rng.randrange(len(cats) + 1), NAMES)
    elif rng.random() < 0.8:
        lead = [c for c in cats if c.key in PERSONLIKE]
        if not lead:
            lead = [pick(rng, [c for c in pool if c.key in PERSONLIKE])]
            cats[0] = lead[0]
        cats.remove(lead[0])
        cats.insert(0, lead[0])
    values = tuple(tuple(rng.sample(c.values, n)) for c in cats)
    g = Grid(layout, n, tuple(cats), values)
    sol = [tuple(rng.sample(v, n)) for v in values]
    clues = clue_set(rng, g, sol)
    lines = clue_lines(rng, g, clues)
    names_first = with_names and rng.random() < 0.3
    intro = [layout_intro(rng, g, list(values[g.answer_cat()]) if names_first else None)]
    intro += [category_intro(rng, g, c) for c in range(k) if not (names_first and cats[c].key == "name")]
    count = rng.choices([1, 2, 3], [5, 2, 1])[0]
    options: list[str] = []
    if mc:
        q, options, entry = choice(rng, g, sol, letters=False)
        pairs, answers = [(q, entry["answer"])], [entry]
    else:
        pairs = questions(rng, g, sol, count)
        answers = [{"question": q, "answer": a} for q, a in pairs]
    qs = [q for q, _ in pairs]
    if tamper:
        intro, lines, qs = tamper(rng, g, sol, intro, lines, qs)
    text = assemble(rng, [heading(rng, "Logic grid"), instruction(rng) if rng.random() < 0.3 else ""] + intro,
                    lines, qs)
    if options:
        text += "\n" + "\n".join(options)
    if rng.random() < 0.25:
        text += "\n" + instruction(rng)
    return {"family": "grids", "subfamily": "multiple-choice" if mc else layout.key, "text": text.rstrip(),
            "answers": answers,
            "solution": {str(p + 1): {cats[c].key: sol[c][p] for c in range(k)} for p in range(n)}}


def clue_lines(rng: random.Random, g: Grid, clues: list[tuple]) -> list[str]:
    """Return the clue sentences, two of them sometimes merged into one."""
    lines = []
    rest = list(clues)
    while rest:
        c = rest.pop(0)
        mate = next((d for d in rest if mergeable(g, c, d)), None)
        if mate is not None and rng.random() < 0.5:
            rest.remove(mate)
            lines.append(two_facts(g, c, mate, rng))
        else:
            lines.append(sentence(g, c, rng))
    return lines


def assemble(rng: random.Random, preamble: list[str], clues: list[str], qs: list[str]) -> str:
    """Return the text: a paragraph, or lines with the clues perhaps numbered or bulleted."""
    preamble = [x for x in preamble if x]
    style = rng.choices(["paragraph", "lines", "list"], [2, 3, 5])[0]
    if style == "paragraph":
        head = [x for x in preamble if x.startswith(("#", "**", "Puzzle"))]
        prose = [x if x.endswith((".", ":", "?")) else x + "." for x in preamble if x not in head]
        return "\n\n".join(head + [" ".join(prose + clues + qs)])
    if style == "list":
        marker = pick(rng, ["{i}. ", "{i}) ", "- ", "* ", "{i}. "])
        clues = [marker.format(i=i + 1) + c for i, c in enumerate(clues)]
        label = pick(rng, ["Clues:", "## Clues:", "**Clues:**", "Clues", ""])
        if label:
            clues = [label] + clues
    if rng.random() < 0.4:
        clues = [c[:-1] if c.endswith(".") and rng.random() < 0.3 else c for c in clues]
    qlabel = pick(rng, ["", "", "Question: ", "**Question:** ", "Q: "])
    qs = [qlabel + qs[0]] + qs[1:]
    sep = pick(rng, ["\n", "\n\n"])
    return sep.join(["\n".join(preamble), "\n".join(clues), "\n".join(qs)])


def generate(rng: random.Random) -> dict[str, Any]:
    """Return one random grid item."""
    return build(rng, mc=rng.random() < 0.2)
