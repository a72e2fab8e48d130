"""The public Python API: loading, building, solving, verifying, documents, errors, pictures."""

import doctest
import json
from fractions import Fraction

import pytest

import smullyan
from smullyan import (BadInput, InternalError, Interrupted, LimitReached, SmullyanError, at, directly_left, eq,
                      knave, knight, left_of, lt, next_to, same, says, var)
from smullyan.api.contract import guarded, parse_limit

from conftest import EXAMPLES


def test_load_solve_verify_the_hardest_puzzle():
    p = smullyan.load(EXAMPLES / "hardest.toml")
    assert isinstance(p, smullyan.GodsPuzzle)
    assert (p.agents, p.words, p.worlds, p.max_questions) == (("A", "B", "C"), ("ja", "da"), 12, 3)
    r = p.solve()
    assert (r.solvable, r.questions, r.expected, r.complexity, r.objective) == (True, 3, Fraction(3), 1, "worst")
    assert r.proof == ("No strategy of 2 questions identifies the goal, even with every possible question "
                       "(exhaustive search).")
    assert (r.strategy.questions, r.strategy.leaves) == (3, 8)
    assert r.strategy.text().splitlines()[0] == "Ask A: If I asked you 'Is B random?', would you say ja?"
    v = smullyan.verify(p, r.strategy)
    assert (v.ok, v.worst, v.expected, v.worlds, v.failure) == (True, 3, Fraction(3), 12, None)
    assert smullyan.verify(p, r).ok and smullyan.verify(p, r.to_json()).ok  # a result, or its JSON, verifies too


def test_documents_carry_schema_version_and_semantics():
    p = smullyan.load(EXAMPLES / "hardest.toml")
    doc = json.loads(p.solve().to_json())
    assert (doc["schema"], doc["schema_version"], doc["smullyan_version"]) == ("smullyan/solve/gods", 1,
                                                                               smullyan.__version__)
    assert doc["semantics"]["random"] == "word" and doc["semantics"]["paradox"] == "forbidden"
    strategy_doc = json.loads(p.solve().strategy.to_json())
    assert (strategy_doc["schema"], strategy_doc["questions"]) == ("smullyan/strategy", 3)
    again = smullyan.loads_strategy(strategy_doc)
    assert again.root == p.solve().strategy.root
    kk = json.loads(smullyan.load(EXAMPLES / "smullyan_said_knave.toml").solve().to_json())
    assert (kk["schema"], kk["consistent"], kk["unique"]) == ("smullyan/solve/deduction", 2, False)
    verdict = json.loads(smullyan.verify(p, p.solve().strategy).to_json())
    assert (verdict["schema"], verdict["ok"], verdict["worst"], verdict["expected"]) == ("smullyan/verify", True, 3, "3")


def test_unsolvable_is_an_answer_with_its_proof():
    r = smullyan.load(EXAMPLES / "truthful_or_random.toml").solve()
    assert (r.solvable, r.questions, r.strategy) == (False, None, None)
    assert r.proof == "no strategy of any length identifies the goal, even with every possible question"
    assert r.summary().startswith("Unsolvable: ")


def test_expected_objective_and_with_options():
    p = smullyan.gods(["A", "B", "C", "D"], ["truthful", "liar", "liar", "random"], random="coin", language="any",
                      max_complexity=0, max_questions=5)
    r = p.solve(objective="expected")
    assert (r.expected, r.questions, r.objective) == (Fraction(47, 12), 4, "expected")
    assert r.proof == ("No strategy of any length averages fewer than 47/12 questions (exhaustive search to 5 "
                       "questions, deeper nodes charged a lower bound for any length).")
    assert p.with_options(max_questions=3).solve().solvable is False
    with pytest.raises(BadInput, match="objective takes one of: worst, expected; got 'fastest'"):
        p.solve(objective="fastest")
    with pytest.raises(BadInput, match="unknown option 'colour'"):
        p.with_options(colour="red")


def test_deduction_results_and_why():
    r = smullyan.load(EXAMPLES / "smullyan_said_knave.toml").solve()
    assert r.solutions == ({"A": "knight", "B": "knave", "C": "knight"}, {"A": "knave", "B": "knave", "C": "knight"})
    assert (r.consistent, r.unique) == (2, False)
    assert r.determined == {"A": None, "B": "knave", "C": "knight"}
    why = r.why("C")
    assert (why.fact, why.because) == ("C is a knight", ("statement 1", "statement 2"))
    assert why.statements[1] == "statement 2: C says that B is a knave"
    assert r.why("B", "liar").because == ("statement 1",)
    with pytest.raises(BadInput, match="A's type is not determined"):
        r.why("A")
    with pytest.raises(BadInput, match="does not force A is a knave"):
        r.why("A", "knave")
    explained = smullyan.load(EXAMPLES / "smullyan_said_knave.toml").solve(explain=True)
    assert [x.because for x in explained.reasons] == [("statement 1",), ("statement 1", "statement 2")]


def test_inconsistent_puzzle_is_an_answer():
    p = smullyan.deduction(["A"], [says("A", knave("A"))])
    r = p.solve()
    assert (r.consistent, r.solutions, r.contradiction) == (0, (), ("statement 1",))
    assert r.summary() == "Inconsistent: these contradict each other: statement 1."


def test_grid_solutions_determined_and_why():
    r = smullyan.load(EXAMPLES / "einstein.toml").solve()
    assert r.unique and r.solutions[0]["nationality"][3] == "German" and r.solutions[0]["pet"][3] == "fish"
    assert r.determined["pet:fish"] == 4
    assert r.why("fish").fact == "fish (pet) is in house 4"
    assert r.why("pet:fish", 4).because == r.why("fish").because


def test_builders_equal_the_toml_puzzles():
    built = smullyan.gods(["A", "B", "C"], ["truthful", "liar", "random"], words=["ja", "da"], max_questions=3,
                          title="The Hardest Logic Puzzle Ever",
                          description=smullyan.load(EXAMPLES / "hardest.toml").description)
    assert built.to_dict() == smullyan.load(EXAMPLES / "hardest.toml").to_dict()
    kk = smullyan.deduction(["A", "B"], [says("A", knave("B")), says("B", knight("A") & knight("B"))])
    assert kk.solve().solutions == ({"A": "knight", "B": "knave"},)
    assert knight("A") == knight("A") and (knight("A") == knave("A")) is False  # == compares, never builds
    ages = smullyan.deduction(["a", "b"], [says("a", lt("age.b", 20)), says("b", eq(var("age.a"), var("age.b", 1)))],
                              types=["truth-teller", "liar"], counts={"liar": 1},
                              variables={"age": {"per_agent": True, "min": 18, "max": 21}})
    r = ages.solve()
    # a a liar: age.b >= 20 and age.a = age.b + 1, so (21, 20); a truthful: age.b in 18..19, age.a any but age.b + 1
    assert r.consistent == 1 + 2 * 3 and r.determined == {"a": None, "b": None, "age.a": None, "age.b": None}
    assert [w for w in r.solutions if w["a"] == "liar"] == [{"a": "liar", "b": "truth-teller", "age.a": 21, "age.b": 20}]
    g = smullyan.grid(3, {"color": ["red", "green", "blue"], "pet": ["cat", "dog", "fish"]},
                      [at("red", 1), directly_left("green", "blue"), same("cat", "green"), ["left_of", "fish", "dog"],
                       left_of("fish", "cat") | at("fish", 3), ~next_to("fish", "blue")],
                      questions={"Who keeps the fish?": "fish"})
    gr = g.solve()
    assert gr.solutions == ({"color": ("red", "green", "blue"), "pet": ("fish", "cat", "dog")},)
    assert gr.answers == (smullyan.Answer("Who keeps the fish?", "red"),) and g.statements[3] == "clue 4"
    with pytest.raises(TypeError):
        at("fish", 3) | ["at", "fish", 3]  # only expressions combine
    with pytest.raises(BadInput, match="unknown value 'purple'"):
        smullyan.grid(2, {"color": ["red", "blue"]}, [at("purple", 1)])
    with pytest.raises(BadInput, match="key 'types\\[0\\]': unknown type 'wizard'"):
        smullyan.gods(["A"], ["wizard"])


def test_toml_round_trip_of_loaded_and_built_puzzles():
    for name in ("hardest.toml", "smullyan_said_knave.toml", "einstein.toml", "islanders_ages.toml", "four_gods.txt"):
        p = smullyan.load(EXAMPLES / name)
        assert smullyan.loads(p.to_toml()).to_dict() == p.to_dict(), name


def test_load_formats_and_errors(tmp_path):
    assert isinstance(smullyan.load(EXAMPLES / "four_gods.txt"), smullyan.GodsPuzzle)
    f = tmp_path / "puzzle.dat"
    f.write_text((EXAMPLES / "hardest.toml").read_text())
    with pytest.raises(BadInput) as err:
        smullyan.load(f)
    assert err.value.render() == (f"{f}: cannot tell the format from the suffix '.dat'; name a .toml or .txt file, "
                                  "or give the format (toml or text)")
    assert smullyan.load(f, format="toml").worlds == 12
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'agents = ["A"]\n# caf\xe9\n')
    with pytest.raises(BadInput) as err:
        smullyan.load(latin)
    assert (err.value.render(), err.value.line) == (f"{latin}: line 2: the file is not UTF-8 text", 2)
    with pytest.raises(BadInput, match="cannot read the file: No such file or directory"):
        smullyan.load(tmp_path / "missing.toml")
    with pytest.raises(BadInput, match="is a directory"):
        smullyan.load(tmp_path, format="toml")
    with pytest.raises(BadInput) as err:
        smullyan.loads('agents = ["A"\n')
    assert err.value.line == 2 and err.value.render().startswith("invalid TOML: ")
    with pytest.raises(BadInput, match="expected TOML text"):
        smullyan.loads(42)  # type: ignore[arg-type]


def test_read_english():
    p = smullyan.read("Knights always tell the truth and knaves always lie. You meet 2 inhabitants: Al and Bo. "
                      "Al said, \"Bo is a knave.\" Bo said, \"We are both knights.\"")
    assert p.solve().solutions == ({"Al": "knight", "Bo": "knave"},)
    with pytest.raises(BadInput) as err:
        smullyan.read("Gods A, B, and C are called True and False.", source="x.txt")
    assert err.value.render().startswith("x.txt: ")


def test_batch_goes_on_past_bad_lines(tmp_path):
    f = tmp_path / "b.jsonl"
    f.write_text('{"id": "ok1", "names": ["A"], "statements": "((\'telling-truth\', 0),)"}\n'
                 "not json\n\n[1, 2]\n"
                 '{"id": "ok2", "names": ["A", "B"], "statements": "((\'lying\', 1), (\'lying\', 0))"}\n')
    items = list(smullyan.load_batch(f, format="kk"))
    assert [(i.line, i.id, i.ok) for i in items] == [(1, "ok1", True), (2, "2", False), (4, "4", False),
                                                     (5, "ok2", True)]
    assert items[1].error.render() == f"{f}:2: invalid JSON: Expecting value (column 1)"
    assert items[2].error.render() == f"{f}:4: each line must be a JSON object"
    assert items[3].puzzle.solve().consistent == 2
    with pytest.raises(BadInput, match="unknown batch format 'csv'"):
        smullyan.load_batch(f, format="csv")


def test_strategy_that_fails_is_a_verdict_with_world_and_path():
    p = smullyan.load(EXAMPLES / "exploding_heads.toml")
    data = json.loads(p.solve().to_json())
    data["strategy"]["branches"]["silent"]["ask"] = "B"
    v = smullyan.verify(p, data)
    assert not v.ok and v.world and v.path[0] == "A:silent" and v.failure.startswith(f"fails in world {v.world}")
    assert v.text().startswith("FAILED: fails in world")
    doc = json.loads(v.to_json())
    assert (doc["ok"], doc["path"][0]) == (False, "A:silent")


def test_strategy_over_the_question_budget_fails_verification():
    p = smullyan.load(EXAMPLES / "hardest.toml")
    tight = p.with_options(max_questions=2)
    v = smullyan.verify(tight, p.solve().strategy)
    assert not v.ok and v.reason == "it asks 3 questions here; the puzzle allows at most 2"


def test_limit_reached_carries_what_is_proved():
    p = smullyan.gods(["A", "B", "C"], allowed={a: ["truthful", "liar", "random"] for a in "ABC"},
                      paradox="silent", max_questions=4)
    with pytest.raises(LimitReached) as err:
        p.solve(limit="0.5s")
    assert err.value.exit_status == 3
    assert err.value.to_dict()["complete"] is False
    assert set(err.value.proved) <= {"fewer_impossible", "fewest_any_language"}
    with pytest.raises(LimitReached) as err:
        smullyan.load(EXAMPLES / "hardest.toml").solve(limit=3)
    assert err.value.message == "search stopped at the node limit (3 splits explored) without an answer"


def test_error_hierarchy_and_contract():
    assert [c.exit_status for c in (BadInput, LimitReached, Interrupted, InternalError)] == [2, 3, 130, 70]
    assert all(issubclass(c, SmullyanError) for c in (BadInput, LimitReached, Interrupted, InternalError))
    assert smullyan.PuzzleError is BadInput and smullyan.SearchLimitReached is LimitReached

    @guarded
    def boom(kind):
        raise kind()

    with pytest.raises(Interrupted):
        boom(KeyboardInterrupt)
    with pytest.raises(InternalError) as err:
        boom(ZeroDivisionError)
    assert err.value.message == "ZeroDivisionError: " and isinstance(err.value.__cause__, ZeroDivisionError)
    assert BadInput("x", source="f.toml", key="agents").to_dict() == {
        "error": "bad_input", "exit_status": 2, "message": "x", "source": "f.toml", "key": "agents"}


@pytest.mark.parametrize("spec, nodes, seconds", [
    ("5s", None, 5.0), (100, 100, None), ("1,000", 1000, None), (2.5, None, 2.5), (["10s", 7], 7, 10.0), (None, None, None),
])
def test_parse_limit(spec, nodes, seconds):
    limits = parse_limit(spec)
    assert (limits.nodes, limits.seconds) == (nodes, seconds)


@pytest.mark.parametrize("spec", ["soon", "-3", "0s", "infs", True, -1, float("nan")])
def test_parse_limit_rejects(spec):
    with pytest.raises(BadInput):
        parse_limit(spec)


def test_pictures_and_notebook_displays():
    p = smullyan.load(EXAMPLES / "hardest.toml")
    r = p.solve()
    assert r.strategy._repr_svg_().lstrip().startswith(("<svg", "<?xml"))
    assert "<svg" in r._repr_html_() and "No strategy of 2 questions" in r._repr_html_()
    assert "agents" in p._repr_html_()
    grid_html = smullyan.load(EXAMPLES / "einstein.toml").solve()._repr_html_()
    assert "German" in grid_html and "fish" in grid_html
    assert "OK:" in smullyan.verify(p, r.strategy)._repr_html_()
    assert r.strategy.mermaid().startswith("flowchart TD")


def test_doctests_run():
    import smullyan.api.build
    import smullyan.api.loading

    for module in (smullyan, smullyan.api.build, smullyan.api.loading):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_public_names_resolve():
    for name in smullyan.__all__:
        assert getattr(smullyan, name) is not None, name
    with pytest.raises(AttributeError):
        smullyan.nonexistent  # noqa: B018
