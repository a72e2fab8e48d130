"""Generated zebra puzzles (generator/zebra.py) keep their guarantees, checked without the SAT solver that made
them: by the enumeration backend on small grids and by a plain search over the houses on larger ones; their
varied English (render/english_grid.py) reads back to the same clues; their canonical key ignores renaming."""

from __future__ import annotations

import dataclasses
import random

import pytest

from smullyan.deduce.enumerate import EnumerationBackend
from smullyan.deduce.model import Constraint, Deduction, Grid, Variable
from smullyan.english.grid_words import LEFTOVER, REJECT, value_forms
from smullyan.english.read import parse_text
from smullyan.generator import zebra
from smullyan.generator.canonical import canonical_form, key_of
from smullyan.logic import expr as E
from smullyan.render import english_grid as EG
from smullyan.render.english_grid import grid_text


def made_ones(options: zebra.ZebraOptions, n: int, seed: str) -> list:
    out, i = [], 0
    while len(out) < n:
        m = zebra.make(random.Random(f"{seed}:{i}"), options)
        i += 1
        if m is not None:
            out.append(m)
    return out


# ---------------------------------------------------------------- an independent check: a plain search

def value(t: E.Term, pos: dict[str, int]) -> int:
    return (pos[t.var] if t.var is not None else 0) + t.offset


def true(e: E.Expr, pos: dict[str, int]) -> bool:
    """Return whether a grid clue holds where each value is at pos (a separate evaluator from the generator's)."""
    if isinstance(e, E.Not):
        return not true(e.arg, pos)
    if isinstance(e, E.Or):
        return any(true(a, pos) for a in e.args)
    if isinstance(e, E.And):
        return all(true(a, pos) for a in e.args)
    assert isinstance(e, E.Cmp)
    return E.compare(e.op, value(e.left, pos), value(e.right, pos))


def variables_of(e: E.Expr) -> set[str]:
    if isinstance(e, E.Cmp):
        return {t.var for t in (e.left, e.right) if t.var is not None}
    return set().union(*(variables_of(k) for k in e.children()))


def count_solutions(puzzle: Deduction, keep: list[int], most: int = 2) -> list[dict[str, int]]:
    """Return up to `most` placements of every value satisfying the clues at `keep` (backtracking value by value)."""
    exprs = [puzzle.constraints[i].expr for i in keep]
    needs = [variables_of(e) for e in exprs]
    order: list[str] = []
    left = [v.name for v in puzzle.variables]
    while left:  # the value sharing most clues with those already placed first
        best = max(left, key=lambda v: (sum(v in s and bool(s & set(order)) for s in needs),
                                        sum(v in s for s in needs)))
        order.append(best)
        left.remove(best)
    checks: list[list[int]] = [[] for _ in order]
    for k, s in enumerate(needs):
        checks[max(order.index(v) for v in s)].append(k)
    group = {v: tuple(g) for g in puzzle.distinct for v in g}
    n = puzzle.grid.houses
    found: list[dict[str, int]] = []
    pos: dict[str, int] = {}

    def place(i: int) -> None:
        if len(found) >= most:
            return
        if i == len(order):
            found.append(dict(pos))
            return
        v = order[i]
        taken = {pos[w] for w in group[v] if w in pos}
        for h in range(1, n + 1):
            if h in taken:
                continue
            pos[v] = h
            if all(true(exprs[k], pos) for k in checks[i]):
                place(i + 1)
            del pos[v]
    place(0)
    return found


def solution_positions(made) -> dict[str, int]:
    return {f"{c}:{v}": h for c, row in made.solution.items() for h, v in enumerate(row, 1)}


def fact_expr(text: str) -> E.Expr:
    """Return the expression of an explanation's fact 'tea (drink) is in house 3'."""
    head, house = text.rsplit(" is in house ", 1)
    value, cat = head[:-1].rsplit(" (", 1)
    return E.Cmp("eq", E.Term(f"{cat}:{value}"), E.Term(None, int(house)))


def worlds(enum: EnumerationBackend, keep: list[int]) -> int:
    mask = enum.base
    for i in keep:
        mask &= enum.constraint_masks[i]
    return mask


@pytest.mark.parametrize("houses, categories", [(3, 3), (2, 4), (3, 2)])
def test_small_grids_by_enumerating_every_world(houses, categories):
    for made in made_ones(zebra.ZebraOptions(houses=houses, categories=categories), 12, f"enum{houses}{categories}"):
        p = made.model
        enum = EnumerationBackend(p)
        every = list(range(len(p.constraints)))
        only = worlds(enum, every)
        assert only.bit_count() == 1
        world = enum.decode(only.bit_length() - 1)
        assert dict(zip((v.name for v in p.variables), world.values)) == solution_positions(made)
        for i in every:
            assert worlds(enum, [j for j in every if j != i]).bit_count() > 1, f"clue {i + 1} is redundant"
        labels = [c.label for c in p.constraints]
        assert len(made.explanation) == len(p.variables)
        for reason in made.explanation:
            fact = enum.eval(fact_expr(reason["fact"]))
            used = [labels.index(x) for x in reason["because"]]
            assert worlds(enum, used) & ~fact == 0, f"{reason} does not force its fact"
            for u in used:
                assert worlds(enum, [x for x in used if x != u]) & ~fact, f"{reason} is not minimal"
        assert made.difficulty["largest_forcing"] == max(len(r["because"]) for r in made.explanation)


@pytest.mark.parametrize("houses, categories, n", [(4, 4, 6), (5, 3, 3), (6, 6, 4)])
def test_larger_grids_by_plain_search(houses, categories, n):
    for made in made_ones(zebra.ZebraOptions(houses=houses, categories=categories), n, f"search{houses}"):
        p = made.model
        every = list(range(len(p.constraints)))
        assert count_solutions(p, every) == [solution_positions(made)]
        for i in every:
            assert len(count_solutions(p, [j for j in every if j != i])) == 2, f"clue {i + 1} is redundant"


def test_clues_are_what_the_toml_reader_reads_from_their_sources():
    from smullyan.formats.deduction_toml import grid_from_dict

    for made in made_ones(zebra.ZebraOptions(houses=5, categories=4), 5, "toml"):
        p = made.model
        doc = {"kind": "grid", "houses": p.grid.houses, "categories": {c: list(v) for c, v in p.grid.categories},
               "clue": [{"expr": c.source} for c in p.constraints]}
        back = grid_from_dict(doc)
        assert [c.expr for c in back.constraints] == [c.expr for c in p.constraints]
        assert back.variables == p.variables and back.distinct == p.distinct and back.grid == p.grid


# ---------------------------------------------------------------- English

def same_puzzle(a: Deduction, b: Deduction) -> bool:
    return (a.grid == b.grid and a.variables == b.variables and sorted(a.distinct) == sorted(b.distinct)
            and [c.expr for c in a.constraints] == [c.expr for c in b.constraints])


@pytest.mark.parametrize("houses, categories, n", [(3, 3, 6), (4, 4, 6), (6, 6, 10), (5, 12, 4), (10, 4, 2)])
def test_varied_english_reads_back_to_the_same_clues(houses, categories, n):
    for k, made in enumerate(made_ones(zebra.ZebraOptions(houses=houses, categories=categories), n, "words")):
        for w in range(3):
            text = grid_text(made.model, variant=random.Random(f"{k}:{w}"), check=False)
            assert same_puzzle(parse_text(text), made.model), text
        assert grid_text(made.model, check=False) == grid_text(made.model)


def test_a_puzzle_with_questions_keeps_the_plain_wording():
    made = made_ones(zebra.ZebraOptions(houses=3, categories=3), 1, "asked")[0]
    value = made.model.variables[0].name
    asked = dataclasses.replace(made.model, questions=(value_question(made.model, value),))
    assert grid_text(asked, variant=random.Random(1)) == grid_text(asked)


def value_question(p: Deduction, var: str):
    from smullyan.formats.deduction_toml import value_question as ask

    return ask([(c, list(v)) for c, v in p.grid.categories], f"Who is {var.split(':')[1]}?", var)


def plain_header(doc: dict) -> str:
    return EG._Writer(doc).text({**doc, "clue": []})


def reads_as(doc: dict, sentences: list[str]) -> list:
    """Return the clue sources the reader reads from these sentences under the puzzle's plain header."""
    lines = [f"{i}. {s[0].upper()}{s[1:]}.\n" for i, s in enumerate(sentences, 1)]
    text = plain_header(doc) + "\nClues:\n" + "".join(lines)
    from smullyan.formats.toml_write import puzzle_document

    back = puzzle_document(parse_text(text))
    return [c["expr"] for c in back["clue"]]


ALL = {"name": list(zebra.NAMES[:10]), **{c: list(v) for c, v in zebra.POOLS.items() if c != "instrument"}}


def test_every_value_phrasing_reads_back():
    """Every value of every pool, in every phrasing of REFS and VERBS, as subject and as object."""
    doc = {"houses": 10, "categories": ALL}
    for cat, values in ALL.items():
        other = "drink" if cat != "drink" else "pet"
        sentences, want = [], []
        for v in values:
            w = EG._Writer(doc)
            for form in EG.REFS.get(cat, ()):
                phrase = EG._fill(form, v)
                y = ALL[other][0]
                sentences += [f"{phrase} is next to {w.ref(f'{other}:{y}')}", f"{w.ref(f'{other}:{y}')} is {phrase}"]
                want += [["next_to", f"{cat}:{v}", f"{other}:{y}"], ["same", f"{other}:{y}", f"{cat}:{v}"]]
            for pair in EG.VERBS.get(cat, ()):
                for negated, verb in enumerate(pair):
                    sentences.append(f"{w.ref(f'{other}:{ALL[other][1]}')} {EG._fill(verb, v)}")
                    same = ["same", f"{other}:{ALL[other][1]}", f"{cat}:{v}"]
                    want.append(["not", same] if negated else same)
        assert reads_as(doc, sentences) == want, cat


def test_instruments_read_back():
    """The instruments (left out above: a grid document holds at most 12 characteristics)."""
    cats = {**{c: v for c, v in ALL.items() if c not in ("sport", "instrument")},
            "instrument": list(zebra.POOLS["instrument"])}
    doc = {"houses": 10, "categories": cats}
    sentences, want = [], []
    for v in cats["instrument"]:
        for form in EG.REFS["instrument"]:
            sentences.append(f"{EG._fill(form, v)} is Ada")
            want.append(["same", f"instrument:{v}", "name:Ada"])
        for negated, verb in enumerate(EG.VERBS["instrument"][0]):
            sentences.append(f"Ada {EG._fill(verb, v)}")
            same = ["same", "name:Ada", f"instrument:{v}"]
            want.append(["not", same] if negated else same)
    assert reads_as({**doc, "categories": {"name": ALL["name"], **{k: v for k, v in cats.items() if k != "name"}}},
                    sentences) == want


@pytest.mark.parametrize("houses", [3, 6])
def test_every_relation_phrasing_reads_back(houses):
    cats = {"name": ALL["name"][:houses], "drink": ALL["drink"][:houses], "pet": ALL["pet"][:houses]}
    doc = {"houses": houses, "categories": cats}
    w = EG._Writer(doc)
    x, y = "name:" + cats["name"][0], "pet:" + cats["pet"][1]
    sentences, want = [], []
    for kind, forms in EG.RELATIONS.items():
        ks = range(1, houses - 1) if kind == "between" else range(1, houses + 1) if kind in ("at", "not_at") else [0]
        for k in ks:
            source = zebra.source(zebra.Clue(kind if kind != "not_ends" else "ends", x, y if kind not in
                                             ("at", "not_at", "ends", "not_ends") else "", k), houses)
            if kind == "not_ends":
                source = ["not", source]
            for form in forms:
                for house in w.houses(k) if kind in ("at", "not_at") else [""]:
                    words = {"X": w.ref(x), "Y": w.ref(y), "H": house, "k": EG._count(k), "K": EG._count(k + 1),
                             "is": "is" if k == 1 else "are", "s": "" if k == 1 else "s",
                             "separate": "separates" if k == 1 else "separate"}
                    sentences.append(form.format(**words))
                    want.append(source)
    assert reads_as(doc, sentences) == want


@pytest.mark.parametrize("houses", [3, 6])
def test_every_setting_and_declaration_reads_back(houses):
    rng = random.Random(houses)
    for cat in ALL:
        if cat == "name":
            continue
        doc = {"houses": houses, "categories": {"name": ALL["name"][:houses], cat: ALL[cat][:houses]},
               "clue": [{"expr": ["at", f"{cat}:{ALL[cat][0]}", 1]}]}
        p = parse_text(EG._Writer(doc).text(doc))
        seen = set()
        for _ in range(40):
            text = grid_text(p, variant=rng, check=False)
            seen.add(text.splitlines()[0] + text.splitlines()[2])
            assert same_puzzle(parse_text(text), p), text
        assert len(seen) >= 5


# ---------------------------------------------------------------- canonical keys

def renamed(made, rng: random.Random) -> Deduction:
    """Return the puzzle with its categories and values renamed, its clues shuffled and said the other way
    round where that means the same ('left of' as 'right of', 'next to' with its values swapped)."""
    p = made.model
    cats = [c for c, _ in p.grid.categories]
    new_cat = dict(zip(cats, rng.sample([f"k{i}" for i in range(len(cats))], len(cats))))
    new_var = {}
    for c, vals in p.grid.categories:
        names = rng.sample([f"w{i}" for i in range(len(vals))], len(vals))
        new_var.update({f"{c}:{v}": f"{new_cat[c]}:{w}" for v, w in zip(vals, names)})

    def term(t: E.Term) -> E.Term:
        return E.Term(new_var[t.var], t.offset) if t.var else t

    def swap(e: E.Expr) -> E.Expr:
        if isinstance(e, E.Not):
            return E.Not(swap(e.arg))
        if isinstance(e, E.Or):
            first = e.args[0]
            if first.right.var and rng.random() < 0.5:  # next_to / between with its two values swapped
                d = first.right.offset
                x, y = E.Term(new_var[first.left.var]), new_var[first.right.var]
                return E.Or((E.Cmp("eq", E.Term(y), E.Term(x.var, d)), E.Cmp("eq", E.Term(y), E.Term(x.var, -d))))
            return E.Or(tuple(E.Cmp(a.op, term(a.left), term(a.right)) for a in e.args))
        assert isinstance(e, E.Cmp)
        if e.op in ("lt", "gt") and rng.random() < 0.5:
            return E.Cmp({"lt": "gt", "gt": "lt"}[e.op], term(e.right), term(e.left))
        if e.op == "eq" and e.right.var and rng.random() < 0.5:
            return E.Cmp("eq", term(E.Term(e.right.var)), E.Term(new_var[e.left.var], -e.right.offset))
        return E.Cmp(e.op, term(e.left), term(e.right))

    order = list(p.grid.categories)
    rng.shuffle(order)
    categories = tuple((new_cat[c], tuple(new_var[f"{c}:{v}"].split(":")[1] for v in rng.sample(vals, len(vals))))
                       for c, vals in order)
    constraints = [Constraint(c.label, swap(c.expr)) for c in p.constraints]
    rng.shuffle(constraints)
    variables = tuple(Variable(f"{c}:{v}", tuple(range(1, p.grid.houses + 1))) for c, vals in categories for v in vals)
    return Deduction((), (), variables, tuple(tuple(f"{c}:{v}" for v in vals) for c, vals in categories),
                     tuple(constraints), Grid(p.grid.houses, categories))


def key(p: Deduction) -> str:
    return key_of(canonical_form(*zebra.items(p)))


def test_canonical_key_ignores_renaming_values_and_categories():
    rng = random.Random(5)
    for made in made_ones(zebra.ZebraOptions(houses=5, categories=5), 8, "canon"):
        assert key(made.model) == made.canonical
        for _ in range(2):
            assert key(renamed(made, rng)) == made.canonical


def test_canonical_key_tells_puzzles_apart():
    made = made_ones(zebra.ZebraOptions(houses=4, categories=4), 30, "apart")
    assert len({m.canonical for m in made}) == 30
    p = made[0].model
    fewer = dataclasses.replace(p, constraints=p.constraints[1:])
    assert key(fewer) != made[0].canonical
    mirrored = dataclasses.replace(p, constraints=tuple(Constraint(c.label, mirror(c.expr, 4)) for c in p.constraints))
    assert key(mirrored) != made[0].canonical  # houses are positions: the row read from the right is another puzzle


def mirror(e: E.Expr, n: int) -> E.Expr:
    """Return a clue with the row read from the right (house h becomes n + 1 - h)."""
    if isinstance(e, E.Not):
        return E.Not(mirror(e.arg, n))
    if isinstance(e, E.Or):
        return E.Or(tuple(mirror(a, n) for a in e.args))
    if e.right.var is None:
        return E.Cmp(e.op, e.left, E.Term(None, n + 1 - e.right.offset))
    return E.Cmp({"lt": "gt", "gt": "lt"}.get(e.op, e.op), e.left, E.Term(e.right.var, -e.right.offset))


# ---------------------------------------------------------------- options, grade, a pinned puzzle

def test_options_are_checked():
    with pytest.raises(ValueError, match="houses must be between 2 and 10"):
        zebra.ZebraOptions(houses=11)
    with pytest.raises(ValueError, match="categories must be between 2 and 12"):
        zebra.ZebraOptions(categories=13)
    with pytest.raises(ValueError, match="unknown: sideways"):
        zebra.ZebraOptions(kinds=("same", "sideways"))
    with pytest.raises(ValueError, match="cannot tell the row from its mirror image"):
        zebra.ZebraOptions(kinds=("same", "next_to", "between"))
    assert zebra.ZebraOptions(kinds="same, at").kinds == ("same", "at")


def test_only_the_kinds_asked_for():
    for made in made_ones(zebra.ZebraOptions(houses=4, categories=3, kinds=("same", "at", "next_to")), 5, "kinds"):
        assert set(made.difficulty["kinds"]) <= {"same", "at", "next_to"}


def test_grade_follows_the_suppositions():
    made = made_ones(zebra.ZebraOptions(houses=5, categories=5), 10, "grade")
    for m in made:
        d = m.difficulty
        assert d["solved_by_steps"] and (d["grade"] == 1) == (d["suppositions"] == 0)
    assert len({m.difficulty["grade"] for m in made}) > 1
    placed = [zebra.Clue("at", "a:x", k=1), zebra.Clue("at", "a:y", k=2)]
    only_places = zebra.steps(placed, (("a", ("x", "y", "z")),), 3)
    assert only_places == zebra.Steps(1, 0, True)


def test_pools_are_told_apart_by_the_reader():
    owners: dict[str, str] = {}
    for cat, values in [("name", zebra.NAMES), *zebra.POOLS.items()]:
        assert len(values) >= zebra.MAX_HOUSES
        for v in values:
            for form in value_forms(v):
                assert owners.setdefault(form, f"{cat}:{v}") == f"{cat}:{v}", form
                assert not set(form.split()) & (LEFTOVER | REJECT), form
    phrases = [*EG.REFS.values(), *(f for pairs in EG.VERBS.values() for f in pairs), *EG.RELATIONS.values()]
    words = {w for t in phrases for f in t for w in f.lower().split() if "{" not in w}
    assert not words & set(owners), words & set(owners)


def test_pinned_puzzle():
    made = zebra.make(random.Random("pin"), zebra.ZebraOptions(houses=4, categories=3))
    assert made.solution == {"name": ["Cora", "Anna", "Olga", "Tobias"], "drink": ["cider", "juice", "lemonade", "tea"],
                             "instrument": ["guitar", "saxophone", "clarinet", "violin"]}
    assert [c.source for c in made.model.constraints] == [
        ["between", "drink:cider", "drink:tea", 2], ["directly_right", "name:Olga", "instrument:saxophone"],
        ["directly_right", "instrument:saxophone", "drink:cider"],
        ["left_of", "instrument:saxophone", "drink:lemonade"],
        ["directly_left", "name:Cora", "name:Anna"], ["directly_left", "instrument:saxophone", "instrument:clarinet"],
        ["between", "instrument:violin", "name:Anna", 1]]
    assert made.canonical == "2746ab994a92882f"
    assert made.difficulty == {"grade": 1, "clues": 7, "suppositions": 0, "solved_by_steps": True, "largest_forcing": 5,
                               "mean_forcing": 3.333, "forcing_sizes": [4, 3, 4, 4, 3, 2, 2, 3, 2, 3, 5, 5],
                               "kinds": {"between": 2, "directly_left": 2, "directly_right": 2, "left_of": 1}}
    assert made.explanation[0] == {"fact": "Cora (name) is in house 1",
                                   "because": ["clue 1", "clue 2", "clue 3", "clue 5"]}
    assert grid_text(made.model, variant=random.Random("pin")) == PINNED_TEXT


PINNED_TEXT = """\
There are 4 houses, numbered 1 to 4 from left to right, as seen from across the street. \
Each house is occupied by a different person.
 - Each person has a unique name: `Cora`, `Olga`, `Tobias`, `Anna`
 - Each person has a unique drink: `lemonade`, `cider`, `tea`, `juice`
 - Each person has a unique instrument: `saxophone`, `clarinet`, `violin`, `guitar`

## Clues:
1. There are two houses between the person who drinks cider and the tea drinker.
2. The person called Olga is immediately to the right of the saxophone player.
3. The person whose instrument is saxophone lives in the house immediately to the right of the person whose drink is \
cider.
4. The saxophone player is somewhere to the left of the person whose drink is lemonade.
5. Cora lives directly to the left of Anna.
6. The person whose instrument is saxophone is directly left of the person whose instrument is clarinet.
7. The violin player and Anna are separated by one house.
"""
