"""Puzzles written back as TOML read back to the same puzzle: same document, same worlds, same answers."""

import json
import tomllib

import pytest
from hypothesis import given, settings, strategies as st

from smullyan.deduce.model import Constraint, Deduction, Variable
from smullyan.deduce.solve import solve_deduction
from smullyan.english.read import parse_text
from smullyan.errors import PuzzleError
from smullyan.formats.deduction_toml import grid_expr, grid_from_dict, _Values
from smullyan.formats.puzzle_toml import load_puzzle, puzzle_from_dict
from smullyan.formats.toml_write import dumps_puzzle, puzzle_document
from smullyan.interrogate.puzzle import GOALS, LANGUAGES, OBJECTIVES, Interrogation
from smullyan.interrogate.solve import solve
from smullyan.logic import expr as E
from smullyan.logic.types import PARADOX_MODES, RANDOM_MODES
from smullyan.logic.worlds import (World, WorldSpace, assignments_from_allowed, assignments_from_permutation,
                                   build_space)

from conftest import EXAMPLES, shared

LONG = {"five_gods_expected.toml", "six_gods.toml", "six_gods_expected.toml", "brewery_hard.toml"}  # searches too long to repeat here


def reread(puzzle):
    """Return the puzzle read back from its TOML text."""
    return puzzle_from_dict(tomllib.loads(dumps_puzzle(puzzle)))


def same_worlds(a: Deduction, b: Deduction) -> bool:
    return solve_deduction(a).worlds == solve_deduction(b).worlds


def example(path):
    return load_puzzle(path) if path.suffix == ".toml" else parse_text(path.read_text())


EXAMPLE_FILES = sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".toml", ".txt"))


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_every_example_round_trips(path):
    puzzle = example(path)
    back = reread(puzzle)
    assert puzzle_document(back) == puzzle_document(puzzle)
    assert back.title == puzzle.title
    if isinstance(puzzle, Interrogation):
        assert back.space == puzzle.space  # agents, words, options and every world in order
        assert (back.goal, back.objective, back.max_questions, back.language, back.max_complexity) == (
            puzzle.goal, puzzle.objective, puzzle.max_questions, puzzle.language, puzzle.max_complexity)
        assert all(back.type_name(t) == puzzle.type_name(t) for t in puzzle.space.type_names())
        if path.name not in LONG:
            a, b = solve(puzzle), solve(back)
            assert (a.solvable, a.questions, a.complexity) == (b.solvable, b.questions, b.complexity)
        return
    assert (back.agents, back.allowed, back.variables, back.distinct, back.grid, back.questions) == (
        puzzle.agents, puzzle.allowed, puzzle.variables, puzzle.distinct, puzzle.grid, puzzle.questions)
    assert [(c.label, c.expr) for c in back.constraints] == [(c.label, c.expr) for c in puzzle.constraints]
    assert all(back.type_name(t) == puzzle.type_name(t) for ts in puzzle.allowed for t in ts)
    assert same_worlds(back, puzzle)


def test_grid_texts_keep_their_clue_texts_and_questions():
    puzzle = parse_text((EXAMPLES / "three_houses.txt").read_text())
    back = reread(puzzle)
    assert back.questions == puzzle.questions
    assert [q.text for q in back.questions] == ["Who drinks milk?", "Who owns the dog?"]
    assert [c.text for c in back.constraints] == [c.text for c in puzzle.constraints]
    assert back.constraints[0].text == "The Welshman lives in the red house."


def test_knights_text_keeps_labels_but_not_the_statements_words():
    puzzle = parse_text((EXAMPLES / "smullyan_truth_tellers.txt").read_text())
    back = reread(puzzle)
    assert [c.label for c in back.constraints] == ["statement 1", "statement 2", "statement 3"]
    assert puzzle.constraints[0].text == 'Ann says, "At least one of us is a liar."'
    assert back.constraints[0].text is None  # the deduction schema has no place for a statement's words
    assert back.display == {"truthful": "truth-teller", "liar": "liar"}


# ---------------------------------------------------------------- pinned text

GODS_TOML = '''title = "Two gods"
kind = "interrogation"
agents = ["A", "B"]
types = ["True", "False"]
words = ["ja", "da"]
goal = "types"
objective = "worst"
max_questions = 1
random = "word"
paradox = "forbidden"

[questions]
language = "grammar"
max_complexity = 1
'''


def test_pinned_gods_text():
    space = build_space(["A", "B"], assignments_from_permutation(["truthful", "liar"]), ["ja", "da"])
    puzzle = Interrogation(space, max_questions=1, max_complexity=1, title="Two gods",
                           display={"truthful": "True", "liar": "False"})
    assert dumps_puzzle(puzzle) == GODS_TOML
    assert reread(puzzle) == puzzle


KK_TOML = '''kind = "deduction"
agents = ["A", "B"]
types = ["knight", "knave"]
statements = [["says", "A", ["count", "knave", ">=", 1]], ["says", "B", ["type", "A", "knave"]]]
facts = [["not", ["type", "B", "knight"]]]

[allowed]
B = ["knave", "knight"]

[counts]
knave = 1
'''


def test_pinned_knights_text():
    puzzle = puzzle_from_dict({
        "kind": "deduction", "agents": ["A", "B"], "types": ["knight", "knave"], "allowed": {"B": ["knave", "knight"]},
        "counts": {"knave": 1}, "statements": [["says", "A", ["count", "knave", ">=", 1]]]})
    puzzle = Deduction(puzzle.agents, puzzle.allowed, constraints=puzzle.constraints + (
        Constraint("B's claim", E.Says("B", E.TypeIs("A", "knave"))),
        Constraint("a fact", E.Not(E.TypeIs("B", "knight")))), display=puzzle.display)
    assert dumps_puzzle(puzzle) == KK_TOML
    back = reread(puzzle)
    assert [c.label for c in back.constraints] == ["exactly 1 knave", "statement 1", "statement 2", "fact 1"]
    assert back.allowed == puzzle.allowed and same_worlds(back, puzzle)


# ---------------------------------------------------------------- interrogation: properties and limits

SPELLINGS = {"truthful": ["truthful", "True", "knight", "truth-teller"], "liar": ["liar", "False", "knave"],
             "random": ["random", "Random"], "constant:neither": ["constant:neither", "Constant:Neither"]}
NAMES = ["A", "B", "C", "D", "Ann", "Bo", "god 7"]


@st.composite
def gods_puzzles(draw):
    n = draw(st.integers(2, 4))
    agents = draw(st.permutations(NAMES))[:n]
    kinds = list(SPELLINGS)
    if draw(st.booleans()):
        types = draw(st.lists(st.sampled_from(kinds), min_size=n, max_size=n))
        assignments, used = assignments_from_permutation(types), set(types)
    else:
        per_agent = {a: draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=3, unique=True)) for a in agents}
        assignments, used = assignments_from_allowed(agents, per_agent), {t for ts in per_agent.values() for t in ts}
    words = (["ja", "da", "ba"] if "constant:neither" in used
             else draw(st.sampled_from([None, ["ja", "da"], ["yes", "no"], ["ja", "da", "ba"]])))
    space = build_space(agents, assignments, words, random_mode=draw(st.sampled_from(list(RANDOM_MODES))),
                        paradox=draw(st.sampled_from(list(PARADOX_MODES))))
    display = {t: draw(st.sampled_from(SPELLINGS[t])) for t in sorted(used)}
    return Interrogation(space, goal=draw(st.sampled_from(GOALS)), objective=draw(st.sampled_from(OBJECTIVES)),
                         max_questions=draw(st.none() | st.integers(0, 6)), language=draw(st.sampled_from(LANGUAGES)),
                         max_complexity=draw(st.integers(0, 3)), title=draw(st.sampled_from(["", "Gods", 'a "quoted"\ntitle'])),
                         display=display)


@settings(max_examples=150, deadline=None)
@given(gods_puzzles())
def test_gods_puzzles_round_trip(puzzle):
    back = reread(puzzle)
    assert puzzle_document(back) == puzzle_document(puzzle)
    assert back == puzzle  # the same space (worlds in order), options, title and spellings


def test_a_space_no_document_can_express_is_refused():
    worlds = tuple(World(t, ("yes", "no")) for t in [("truthful", "liar"), ("liar", "truthful"), ("truthful", "truthful")])
    with pytest.raises(PuzzleError, match="cannot be written as TOML.*neither the orderings of one multiset"):
        puzzle_document(Interrogation(WorldSpace(("A", "B"), ("yes", "no"), worlds)))
    space = build_space(["A"], [("truthful",), ("liar",)], ["ja", "da"], languages=[("yes", "no")])
    with pytest.raises(PuzzleError, match="cannot be written as TOML.*languages"):
        puzzle_document(Interrogation(space))
    space = build_space(["A"], [("truthful",), ("liar",)], ["ja", "silent"])
    with pytest.raises(PuzzleError, match="cannot be written as TOML.*key 'words'"):
        puzzle_document(Interrogation(space))


def test_a_product_space_is_written_as_allowed():
    space = build_space(["A", "B"], assignments_from_allowed(["A", "B"], {"A": ["truthful", "random"], "B": ["liar"]}))
    doc = puzzle_document(Interrogation(space))
    assert "types" not in doc and doc["allowed"] == {"A": ["truthful", "random"], "B": ["liar"]}
    assert "words" not in doc  # plain yes/no


# ---------------------------------------------------------------- knights and knaves: properties

KK_AGENTS = ["A", "B", "C", "D", "E"]
KK_SPELLINGS = {"truthful": ["knight", "truth-teller", "truthful"], "liar": ["knave", "liar"], "random": ["random"]}


def kk_statements(agents):
    atoms = st.builds(E.TypeIs, st.sampled_from(agents),
                      st.sampled_from([s for ss in KK_SPELLINGS.values() for s in ss]))
    counts = st.builds(lambda t, op, n: E.Count(tuple(E.TypeIs(a, t) for a in agents), op, n),
                       st.sampled_from(["knave", "liar", "knight"]), st.sampled_from(E.COMPARISONS),
                       st.integers(0, len(agents)))
    return st.recursive(atoms | counts, lambda kids: st.one_of(
        kids.map(E.Not), st.lists(kids, min_size=2, max_size=3).map(lambda x: E.And(tuple(x))),
        st.lists(kids, min_size=2, max_size=3).map(lambda x: E.Or(tuple(x))), st.builds(E.Implies, kids, kids),
        st.builds(E.Iff, kids, kids), st.builds(E.Says, st.sampled_from(agents), kids),
        st.builds(E.Count, st.lists(kids, min_size=1, max_size=3).map(tuple), st.sampled_from(E.COMPARISONS),
                  st.integers(0, 3))), max_leaves=6)


@st.composite
def kk_puzzles(draw):
    agents = KK_AGENTS[: draw(st.integers(2, 5))]
    if draw(st.booleans()):
        allowed = tuple(("truthful", "liar") for _ in agents)
    else:
        allowed = tuple(tuple(draw(st.lists(st.sampled_from(["truthful", "liar", "random"]), min_size=1, max_size=3,
                                            unique=True))) for _ in agents)
    used = sorted({t for ts in allowed for t in ts})
    display = {t: draw(st.sampled_from(KK_SPELLINGS[t])) for t in used if draw(st.booleans())}
    statements = draw(st.lists(st.tuples(st.sampled_from(agents), kk_statements(agents)), max_size=4))
    facts = draw(st.lists(kk_statements(agents), max_size=2))
    counts = draw(st.dictionaries(st.sampled_from(["knave", "liar", "knight", "random"]), st.integers(0, 2), max_size=2))
    constraints = list(puzzle_from_dict({"kind": "deduction", "agents": list(agents), "counts": counts}).constraints)
    for i, (a, s) in enumerate(statements):
        e = E.Says(a, s)
        constraints.append(Constraint(f"statement {i + 1}", e, E.to_json(e) if draw(st.booleans()) else None))
    for i, f in enumerate(facts):
        constraints.append(Constraint(f"fact {i + 1}", f, E.to_json(f) if draw(st.booleans()) else None))
    return Deduction(tuple(agents), allowed, constraints=tuple(constraints), display=display,
                     title=draw(st.sampled_from(["", "Island"])))


@settings(max_examples=150, deadline=None)
@given(kk_puzzles())
def test_knights_puzzles_round_trip(puzzle):
    back = reread(puzzle)
    assert puzzle_document(back) == puzzle_document(puzzle)
    assert (back.agents, back.allowed, back.title) == (puzzle.agents, puzzle.allowed, puzzle.title)
    assert [(c.label, c.expr) for c in back.constraints] == [(c.label, c.expr) for c in puzzle.constraints]
    assert all(back.type_name(t) == puzzle.type_name(t) for ts in puzzle.allowed for t in ts)
    assert same_worlds(back, puzzle)


def test_variables_are_written_by_their_full_names():
    puzzle = Deduction(("a", "b"), (("truthful", "liar"),) * 2,
                       (Variable("age.a", tuple(range(0, 5))), Variable("age.b", (1, 3, 4)), Variable("n", (2,))),
                       constraints=(Constraint("fact 1", E.Cmp("lt", E.Term("age.a"), E.Term("age.b", -1))),))
    doc = puzzle_document(puzzle)
    # age.a, a range before a list, is a list too: TOML writes lists before tables, and order must hold
    assert doc["variables"] == {"age.a": [0, 1, 2, 3, 4], "age.b": [1, 3, 4], "n": {"min": 2, "max": 2}}
    assert '"age.a"' in dumps_puzzle(puzzle)
    back = reread(puzzle)
    assert back.variables == puzzle.variables and same_worlds(back, puzzle)


def test_all_different_groups_of_a_deduction_become_facts():
    puzzle = Deduction(("a",), (("truthful", "liar"),), (Variable("x", (1, 2, 3)), Variable("y", (1, 2, 3)),
                                                         Variable("z", (1, 2, 3))), distinct=(("x", "y", "z"),))
    doc = puzzle_document(puzzle)
    assert doc["facts"] == [["and", ["ne", "x", "y"], ["ne", "x", "z"], ["ne", "y", "z"]]]
    back = reread(puzzle)
    assert back.distinct == () and same_worlds(back, puzzle)
    assert len(solve_deduction(back, "enum").worlds) == 2 * 6


def test_a_deduction_without_agents_is_refused():
    with pytest.raises(PuzzleError, match="cannot be written as TOML.*at least one agent"):
        puzzle_document(Deduction((), (), (Variable("x", (1, 2)),)))


# ---------------------------------------------------------------- grids

COLORS, PETS = ["red", "green", "blue"], ["cat", "dog", "fox"]
ATOM_KINDS = ["same", "at", "not_at", "left_of", "right_of", "directly_left", "directly_right", "next_to", "between"]


def grid_of(houses, clues, questions=()):
    data = {"kind": "grid", "houses": houses, "categories": {"color": COLORS[:houses], "pet": PETS[:houses]},
            "clue": [{"expr": c} for c in clues]}
    if questions:
        data["question"] = list(questions)
    return grid_from_dict(data)


@st.composite
def grid_atoms(draw, houses):
    names = [f"color:{v}" for v in COLORS[:houses]] + [f"pet:{v}" for v in PETS[:houses]] + COLORS[:houses] + PETS[:houses]
    kind = draw(st.sampled_from(ATOM_KINDS))
    x = draw(st.sampled_from(names))
    if kind in ("at", "not_at"):
        return [kind, x, draw(st.integers(1, houses))]
    y = draw(st.sampled_from(names))
    return [kind, x, y, draw(st.integers(0, houses))] if kind == "between" else [kind, x, y]


def grid_clues(houses):
    return st.recursive(grid_atoms(houses), lambda kids: st.one_of(
        kids.map(lambda k: ["not", k]), st.lists(kids, min_size=2, max_size=3).map(lambda x: ["and", *x]),
        st.lists(kids, min_size=2, max_size=3).map(lambda x: ["or", *x])), max_leaves=4)


def cmp_exprs(houses):
    variables = [f"color:{v}" for v in COLORS[:houses]] + [f"pet:{v}" for v in PETS[:houses]]
    terms = st.builds(E.Term, st.sampled_from(variables), st.integers(-3, 3)) | st.builds(
        lambda n: E.Term(None, n), st.integers(-1, 4))
    cmps = st.builds(E.Cmp, st.sampled_from(E.COMPARISONS), terms, terms)
    return st.recursive(cmps | st.sampled_from([E.TRUE, E.FALSE]), lambda kids: st.one_of(
        kids.map(E.Not), st.lists(kids, min_size=1, max_size=3).map(lambda x: E.And(tuple(x))),
        st.lists(kids, min_size=1, max_size=3).map(lambda x: E.Or(tuple(x))), st.builds(E.Implies, kids, kids),
        st.builds(E.Iff, kids, kids), st.builds(E.Xor, kids, kids),
        st.builds(E.Count, st.lists(kids, min_size=1, max_size=3).map(tuple), st.sampled_from(E.COMPARISONS),
                  st.integers(-1, 4))), max_leaves=5)


@st.composite
def grid_puzzles(draw):
    houses = draw(st.integers(2, 3))
    base = grid_of(houses, draw(st.lists(grid_clues(houses), max_size=4)))
    constraints = []
    for c in base.constraints:  # some clues lose their source: the writer inverts the expression
        keep = draw(st.booleans())
        constraints.append(Constraint(c.label, c.expr, c.source if keep else None,
                                      draw(st.sampled_from([None, "A clue."]))))
    for e in draw(st.lists(cmp_exprs(houses), max_size=3)):
        constraints.append(Constraint(f"clue {len(constraints) + 1}", e))
    return Deduction((), (), base.variables, base.distinct, tuple(constraints), base.grid, title=base.title)


@settings(max_examples=150, deadline=None)
@given(grid_puzzles())
def test_grid_puzzles_round_trip_to_the_same_worlds(puzzle):
    back = reread(puzzle)
    assert puzzle_document(back) == puzzle_document(puzzle)
    assert (back.variables, back.distinct, back.grid) == (puzzle.variables, puzzle.distinct, puzzle.grid)
    assert [(c.label, c.text) for c in back.constraints] == [(c.label, c.text) for c in puzzle.constraints]
    assert same_worlds(back, puzzle)


@pytest.mark.parametrize("houses", [3, 5])
@pytest.mark.parametrize("kind", ATOM_KINDS)
def test_each_clue_kind_is_inverted_to_itself(kind, houses):
    values = _Values([("color", ["red", "green", "blue", "white", "ivory"][:houses]),
                      ("pet", ["cat", "dog", "fox", "yak", "emu"][:houses])])
    atom = {"at": ["at", "color:red", 2], "not_at": ["not_at", "color:red", 2],
            "between": ["between", "color:red", "pet:dog", 1]}.get(kind, [kind, "color:red", "pet:dog"])
    expr = grid_expr(atom, values, houses)
    categories = {"color": ["red", "green", "blue", "white", "ivory"][:houses],
                  "pet": ["cat", "dog", "fox", "yak", "emu"][:houses]}
    grid = grid_from_dict({"kind": "grid", "houses": houses, "categories": categories})
    puzzle = Deduction((), (), grid.variables, grid.distinct, (Constraint("clue 1", ~expr),), grid.grid)
    assert puzzle_document(puzzle)["clue"] == [{"expr": ["not", atom]}]
    assert reread(puzzle).constraints[0].expr == ~expr


def test_between_none_is_next_to():
    values = _Values([("color", ["red", "green", "blue"]), ("pet", ["cat", "dog", "fox"])])
    assert grid_expr(["between", "red", "dog", 0], values, 3) == grid_expr(["next_to", "red", "dog"], values, 3)


def test_grid_questions_read_and_round_trip():
    puzzle = grid_of(3, [["same", "red", "dog"]],
                     [{"text": "Who owns the fox?", "value": "fox"}, {"text": "Where is red?", "value": "color:Red"}])
    assert [(q.text, q.kind, [(c.answer, c.source) for c in q.choices]) for q in puzzle.questions] == [
        ("Who owns the fox?", "one", [(c, ["same", f"color:{c}", "pet:fox"]) for c in ("red", "green", "blue")]),
        ("Where is red?", "one", [(c, ["same", f"color:{c}", "color:red"]) for c in ("red", "green", "blue")])]
    assert puzzle_document(puzzle)["question"][0] == {"text": "Who owns the fox?", "kind": "one", "choice": [
        {"answer": c, "expr": ["same", f"color:{c}", "pet:fox"]} for c in ("red", "green", "blue")]}
    text = dumps_puzzle(puzzle)
    assert reread(puzzle).questions == puzzle.questions
    assert puzzle_from_dict(tomllib.loads(text)).questions == puzzle.questions


def test_questions_as_an_array_of_tables():
    puzzle = puzzle_from_dict(tomllib.loads('''kind = "grid"
houses = 2
[categories]
color = ["red", "blue"]
pet = ["cat", "zebra"]
[[question]]
text = "Who owns the zebra?"
value = "zebra"
'''))
    (q,) = puzzle.questions
    assert (q.text, q.kind, [c.answer for c in q.choices]) == ("Who owns the zebra?", "one", ["red", "blue"])


def test_yes_no_and_all_questions_of_a_deduction_read_and_round_trip():
    puzzle = puzzle_from_dict(tomllib.loads('''kind = "deduction"
agents = ["A", "B"]
statements = [["says", "A", ["type", "B", "knave"]]]
[[question]]
text = "Is A a knight?"
kind = "yes_no"
expr = ["type", "A", "knight"]
[[question]]
text = "Who is a knave?"
kind = "all"
none = "nobody"
choice = [{answer = "A", expr = ["type", "A", "knave"]}, {answer = "B", expr = ["type", "B", "knave"]}]
'''))
    assert [q.kind for q in puzzle.questions] == ["yes_no", "all"]
    assert reread(puzzle).questions == puzzle.questions
    from smullyan.deduce.asks import answer
    from smullyan.deduce.solve import solve_deduction

    worlds = solve_deduction(puzzle).worlds
    assert [answer(puzzle, q, worlds) for q in puzzle.questions] == ["undetermined", "undetermined"]


@pytest.mark.parametrize("table, message", [
    ({"text": "Is A?"}, "key 'question[0]': a question needs a kind: yes_no (with expr), all or one (with choice tables)"),
    ({"text": "Is A?", "kind": "yes_no"}, "key 'question[0]': a yes_no question takes an expr (and no choice tables)"),
    ({"text": "Who?", "kind": "all", "expr": ["type", "A", "knight"]},
     "key 'question[0]': a question of kind 'all' takes choice tables (and no expr)"),
    ({"text": "Who?", "value": "zebra"}, "key 'question[0].value': 'value' asks whose house holds a value (grid puzzles "
                                         "only) and takes no kind, expr or choice"),
])
def test_malformed_questions_name_their_key(table, message):
    with pytest.raises(PuzzleError) as err:
        puzzle_from_dict({"kind": "deduction", "agents": ["A"], "question": [table]})
    assert str(err.value) == message


@pytest.mark.parametrize("question, key, message", [
    ({"text": "Who owns the yak?", "value": "yak"}, "question[1].value", "unknown value 'yak'"),
    ({"text": "Who?", "value": 3}, "question[1].value", "must be a string, got a whole number (3)"),
    ({"text": 3, "value": "dog"}, "question[1].text", "must be a string"),
    ({"value": "dog"}, "question[1].text", "missing; expected a string"),
    ({"text": "Who?", "value": "dog", "why": "x"}, "question[1].why", "unknown key 'why'; expected one of: text, value"),
])
def test_a_bad_question_names_its_key(question, key, message):
    with pytest.raises(PuzzleError) as err:
        grid_of(3, [], [{"text": "Who owns the fox?", "value": "fox"}, question])
    assert err.value.key == key and message in err.value.message


def test_questions_must_be_tables():
    with pytest.raises(PuzzleError) as err:
        puzzle_from_dict({"kind": "grid", "houses": 2, "categories": {"pet": ["cat", "dog"]}, "question": "Who?"})
    assert err.value.key == "question"


# ---------------------------------------------------------------- the reference data

@pytest.mark.parametrize("index", [0, 1, 2])
def test_classic_zebra_puzzles_round_trip_with_their_questions(index):
    from smullyan.english.classic import parse_classic
    p = json.loads(shared("zebra/classic_zebra_puzzles.json").read_text())[index]
    puzzle = parse_classic("\n".join(p["clues"] + list(p["questions"])))
    back = reread(puzzle)
    assert puzzle_document(back) == puzzle_document(puzzle)
    assert back.questions == puzzle.questions and len(back.questions) == len(p["questions"])
    assert same_worlds(back, puzzle)


@pytest.mark.slow
def test_every_zebralogic_and_knights_text_round_trips():
    from smullyan.english.zebralogic import parse_zebralogic
    for name in ("zebralogic_final_with_solutions.jsonl", "zebralogic_final_puzzles_without_solutions.jsonl"):
        for line in shared(f"zebra/{name}").read_text().splitlines():
            puzzle = parse_zebralogic(json.loads(line)["puzzle"])
            back = reread(puzzle)
            assert puzzle_document(back) == puzzle_document(puzzle)
            assert [c.expr for c in back.constraints] == [c.expr for c in puzzle.constraints]
    for line in shared("knights_knaves/kk_clean.jsonl").read_text().splitlines():
        puzzle = parse_text(json.loads(line)["quiz"])
        back = reread(puzzle)
        assert puzzle_document(back) == puzzle_document(puzzle)
        assert [(c.label, c.expr) for c in back.constraints] == [(c.label, c.expr) for c in puzzle.constraints]
        assert back.display == puzzle.display


_scalars = st.one_of(st.booleans(), st.integers(-2**63, 2**63 - 1), st.text(max_size=12))
_keys = st.text(max_size=8)
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=12)


@st.composite
def documents(draw, depth=2):
    doc = draw(st.dictionaries(_keys, _values, max_size=4))
    if depth:
        for k in draw(st.lists(_keys, max_size=2)):
            doc[k] = draw(documents(depth=depth - 1)) if draw(st.booleans()) else \
                draw(st.lists(documents(depth=depth - 1), min_size=1, max_size=2))
    return doc


@given(documents())
@settings(max_examples=200, deadline=None)
def test_documents_are_written_inline_and_read_back(doc):
    from smullyan.formats.toml_write import dumps_document

    assert tomllib.loads(dumps_document(doc)) == doc
