"""Deduction puzzles: exact worlds, determined facts, reasons, and both backends agreeing."""

import pytest
from hypothesis import given, settings, strategies as st

from smullyan.deduce.model import Constraint, Deduction
from smullyan.deduce.solve import solve_deduction
from smullyan.errors import PuzzleError
from smullyan.formats.deduction_toml import deduction_from_dict, grid_from_dict
from smullyan.formats.puzzle_toml import load_puzzle, read_toml
from smullyan.logic import expr as E
from smullyan.render.deduction import determined_json, grid_rows, value_ranges

from conftest import EXAMPLES

BACKENDS = ["enum", "sat"]


def types_of(res):
    return sorted(w.types for w in res.worlds)


@pytest.mark.parametrize("backend", BACKENDS)
def test_at_least_one_of_us_is_a_knave(backend):
    res = solve_deduction(load_puzzle(EXAMPLES / "smullyan_at_least_one_knave.toml"), backend, explain=True)
    assert types_of(res) == [("truthful", "liar")]
    assert [(E.to_json(r.fact), r.because) for r in res.reasons] == [
        (["type", "A", "truthful"], ("statement 1",)), (["type", "B", "liar"], ("statement 1",))]


@pytest.mark.parametrize("backend", BACKENDS)
def test_we_are_both_knaves(backend):
    res = solve_deduction(load_puzzle(EXAMPLES / "smullyan_both_knaves.toml"), backend)
    assert types_of(res) == [("liar", "truthful")]


@pytest.mark.parametrize("backend", BACKENDS)
def test_b_says_a_said_he_is_a_knave(backend):
    res = solve_deduction(load_puzzle(EXAMPLES / "smullyan_said_knave.toml"), backend, explain=True)
    assert types_of(res) == [("liar", "liar", "truthful"), ("truthful", "liar", "truthful")]
    assert not res.unique
    assert res.possible_types[0] == ("truthful", "liar")
    assert [r.because for r in res.reasons] == [("statement 1",), ("statement 1", "statement 2")]


def test_islanders_ages_match_the_seed():
    puzzle = load_puzzle(EXAMPLES / "islanders_ages.toml")
    res = solve_deduction(puzzle)
    assert res.backend == "sat" and res.consistent == 17 * 101
    assert determined_json(puzzle, res) == {
        "types": {"a": "liar", "b": "liar", "c": "truth-teller", "d": "truth-teller", "e": "liar"},
        "values": {"age.a": "19", "age.b": "20", "age.c": "18", "age.d": "..16", "age.e": "20.."},
    }


def test_islanders_are_too_many_worlds_to_enumerate():
    with pytest.raises(PuzzleError) as err:
        solve_deduction(load_puzzle(EXAMPLES / "islanders_ages.toml"), "enum")
    assert err.value.message == ("829,997,587,232 candidate worlds are too many to enumerate "
                                 "(limit 4,194,304); use the sat backend")


@pytest.mark.parametrize("values, text", [
    ((19,), "19"), (tuple(range(0, 17)), "..16"), (tuple(range(20, 121)), "20.."),
    ((6, 7, 9, 11), "6..7;9;11"), (tuple(range(0, 121)), "anything"), ((), "none"),
])
def test_value_ranges(values, text):
    assert value_ranges(values, tuple(range(0, 121))) == text


def pet_owner(puzzle, world, pet):
    row = next(r for r in grid_rows(puzzle, world) if r["pet"] == pet)
    return row["nationality"]


def test_einstein_german_owns_the_fish():
    puzzle = load_puzzle(EXAMPLES / "einstein.toml")
    res = solve_deduction(puzzle)
    assert res.unique
    assert pet_owner(puzzle, res.worlds[0], "fish") == "German"


def test_einstein_with_next_to_has_two_solutions_both_with_the_german():
    # seed 003 encodes "green is immediately left of white" as next-door: two solutions, same answer
    data = read_toml(EXAMPLES / "einstein.toml")
    data["clue"][3]["expr"] = ["next_to", "green", "white"]
    puzzle = grid_from_dict(data)
    res = solve_deduction(puzzle)
    assert res.consistent == 2
    assert {pet_owner(puzzle, w, "fish") for w in res.worlds} == {"German"}


def test_classic_zebra():
    puzzle = load_puzzle(EXAMPLES / "zebra.toml")
    res = solve_deduction(puzzle)
    assert res.unique
    rows = grid_rows(puzzle, res.worlds[0])
    assert pet_owner(puzzle, res.worlds[0], "zebra") == "Japanese"
    assert next(r for r in rows if r["drink"] == "water")["nationality"] == "Norwegian"


def small_grid(clues):
    return grid_from_dict({"kind": "grid", "houses": 3,
                           "categories": {"color": ["red", "green", "blue"], "pet": ["cat", "dog", "fish"]},
                           "clue": [{"expr": c} for c in clues]})


CLUES = st.sampled_from([
    ["same", "red", "cat"], ["at", "green", 2], ["not_at", "dog", 1], ["left_of", "blue", "fish"],
    ["right_of", "cat", "green"], ["directly_left", "red", "dog"], ["directly_right", "fish", "blue"],
    ["next_to", "cat", "dog"], ["between", "red", "blue", 1], ["not", ["same", "green", "fish"]],
    ["or", ["at", "cat", 3], ["at", "red", 3]],
])


@settings(max_examples=60, deadline=None)
@given(st.lists(CLUES, max_size=4))
def test_backends_agree_on_grids(clues):
    puzzle = small_grid(clues)
    a, b = solve_deduction(puzzle, "enum"), solve_deduction(puzzle, "sat")
    assert sorted(w.values for w in a.worlds) == sorted(w.values for w in b.worlds)


AGENTS = ["A", "B", "C"]
ATOMS = st.builds(lambda a, t: E.TypeIs(a, t), st.sampled_from(AGENTS), st.sampled_from(["truthful", "liar", "random"]))
STATEMENTS = st.recursive(ATOMS, lambda kids: st.one_of(
    kids.map(E.Not), st.lists(kids, min_size=2, max_size=3).map(lambda x: E.And(tuple(x))),
    st.lists(kids, min_size=2, max_size=3).map(lambda x: E.Or(tuple(x))), st.builds(E.Implies, kids, kids),
    st.builds(E.Iff, kids, kids), st.builds(E.Xor, kids, kids),
    st.builds(E.Count, st.lists(kids, min_size=1, max_size=3).map(tuple), st.sampled_from(E.COMPARISONS), st.integers(0, 3)),
    st.builds(E.Says, st.sampled_from(AGENTS), kids)), max_leaves=6)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(AGENTS), STATEMENTS), max_size=4), st.booleans())
def test_backends_agree_on_knights_knaves_and_normals(statements, normals):
    allowed = tuple(("truthful", "liar", "random") if normals else ("truthful", "liar") for _ in AGENTS)
    constraints = tuple(Constraint(f"statement {i + 1}", E.Says(a, s)) for i, (a, s) in enumerate(statements))
    puzzle = Deduction(tuple(AGENTS), allowed, constraints=constraints)
    a, b = solve_deduction(puzzle, "enum", explain=True), solve_deduction(puzzle, "sat", explain=True)
    assert sorted(a.worlds) == sorted(b.worlds)
    assert a.contradiction == b.contradiction and a.reasons == b.reasons


def test_inconsistent_puzzle_names_a_minimal_contradiction():
    puzzle = deduction_from_dict({"kind": "deduction", "agents": ["A", "B"],
                                  "statements": [["says", "B", ["type", "A", "knave"]],
                                                 ["says", "A", ["type", "A", "knave"]]]})
    for backend in BACKENDS:
        res = solve_deduction(puzzle, backend)
        assert (res.consistent, res.contradiction) == (0, ("statement 2",))


def test_counts_and_quantifiers():
    puzzle = deduction_from_dict({"kind": "deduction", "agents": ["A", "B", "C"], "counts": {"knave": 1},
                                  "statements": [["says", "A", ["forall", "x", ["type", "x", "knight"]]]]})
    res = solve_deduction(puzzle)
    assert types_of(res) == [("liar", "truthful", "truthful")]
