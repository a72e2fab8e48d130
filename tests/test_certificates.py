"""Certificates of impossibility: written by a search, checked by a separate checker that shares no search code."""

import ast
import json
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import smullyan
from smullyan.cli import main

from conftest import EXAMPLES

TYPES = ["truthful", "liar", "random", "constant:neither"]
CHAIN = dict(types=["constant:neither", "truthful", "constant:neither", "constant:neither"],
             words=["foo", "bar", "baz"], language="any", goal="types+language")


def chain_puzzle():
    """Return a puzzle whose certificate needs a chain of lemmas (counting alone does not refute its root)."""
    return smullyan.gods(["A", "B", "C", "D"], **CHAIN)


def test_the_hardest_puzzle_needs_three_questions_by_certificate():
    puzzle = smullyan.load(EXAMPLES / "hardest.toml")
    cert = smullyan.certify(puzzle)
    assert (cert.questions, cert.fewest, len(cert.lemmas)) == (2, 3, 1)
    assert cert.statement() == ("no strategy of at most 2 questions identifies the gods, even with every possible "
                                "question")
    checked = smullyan.check_certificate(puzzle, cert.to_json())
    assert checked.ok and checked.questions == 2 and checked.lemmas == 1


def test_five_gods_certificate_enumerates_splits():
    puzzle = smullyan.load(EXAMPLES / "five_gods_expected.toml")
    cert = smullyan.certify(puzzle)
    assert (cert.questions, cert.fewest, len(cert.lemmas)) == (4, 5, 1)
    checked = smullyan.check_certificate(puzzle, cert)
    assert checked.ok and checked.splits == 145


def test_brewery_four_questions_impossible_by_certificate():
    """The hard BoolosBrewery variant: one lemma, checked by enumerating every split the load leaves."""
    puzzle = smullyan.load(EXAMPLES / "brewery_hard.toml")
    cert = smullyan.certify(puzzle, questions=4)
    assert len(cert.lemmas) == 1 and len(cert.lemmas[0][0]) == 72  # one world per representative
    checked = smullyan.check_certificate(puzzle, cert.to_dict())
    assert checked.ok and checked.splits == 15660


def test_a_chain_of_lemmas_every_one_needed():
    puzzle = chain_puzzle()
    cert = smullyan.certify(puzzle)
    assert (cert.questions, cert.fewest, len(cert.lemmas)) == (3, 4, 57)
    assert [q for _, q in cert.lemmas] == [2] * 56 + [3]
    assert smullyan.check_certificate(puzzle, cert).ok
    for i in range(len(cert.lemmas) - 1):
        doc = cert.to_dict()
        del doc["lemmas"][i]
        assert not smullyan.check_certificate(puzzle, doc).ok, i


def test_a_false_claim_is_rejected_with_a_split_that_escapes():
    puzzle = chain_puzzle()
    doc = smullyan.certify(puzzle).to_dict()
    doc["lemmas"] = doc["lemmas"][-1:]
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok
    assert checked.failure == ("lemma 1: a question to A leaves no child known to be unsolvable in 2: "
                               "foo: worlds [3, 5, 9, 11, 15, 17, 18, 19, 20]; bar: worlds [1, 4, 7, 10, 13, 16, 21, "
                               "23]; baz: worlds [0, 2, 6, 8, 12, 14, 22]")
    assert checked.text().startswith("Certificate rejected: lemma 1:")


def test_a_lemma_of_one_goal_value_is_rejected():
    puzzle = smullyan.load(EXAMPLES / "hardest.toml")
    doc = smullyan.certify(puzzle).to_dict()
    doc["lemmas"].insert(0, {"worlds": [0], "questions": 0})
    doc["worlds"]["0"] = puzzle.model.space.describe(0)
    checked = smullyan.check_certificate(puzzle, doc)
    assert checked.failure == "lemma 1: its worlds share one goal value: they need no question"


@pytest.mark.parametrize("edit, key, message", [
    (lambda d: d.update(schema="smullyan/strategy"), "schema",
     "not a smullyan certificate (expected 'smullyan/certificate')"),
    (lambda d: d["claim"].update(questions=True), "claim.questions", "expected a whole number of at least 0"),
    (lambda d: d.update(lemmas=[]), "lemmas", "expected a non-empty list"),
    (lambda d: d["lemmas"].append({"worlds": [99]}), "lemmas[1]",
     "expected {\"worlds\": [numbers], \"questions\": number}"),
    (lambda d: d["lemmas"].append({"worlds": [99], "questions": 1}), "lemmas[1].worlds",
     "99 is not a world listed under worlds"),
    (lambda d: d["worlds"].update({"12": "x"}), "worlds.12", "not a world of this puzzle (it has 12)"),
    (lambda d: d["worlds"].update({"0": "A=liar"}), "worlds.0",
     "the certificate was written for another puzzle: this world is 'A=truthful B=liar C=random; ja=yes da=no' "
     "here, 'A=liar' there"),
    (lambda d: d["semantics"].update(goal="types+language"), "semantics.goal",
     "the certificate was written for 'types+language', this puzzle has 'types'"),
])
def test_malformed_certificates_are_bad_input_naming_the_key(edit, key, message):
    puzzle = smullyan.load(EXAMPLES / "hardest.toml")
    doc = smullyan.certify(puzzle).to_dict()
    edit(doc)
    with pytest.raises(smullyan.BadInput) as e:
        smullyan.check_certificate(puzzle, doc)
    assert (e.value.key, e.value.message) == (key, message)


def test_certify_refuses_a_true_claim_and_an_unbounded_impossibility():
    puzzle = smullyan.load(EXAMPLES / "hardest.toml")
    with pytest.raises(smullyan.BadInput, match="3 questions suffice here: there is no impossibility to certify"):
        smullyan.certify(puzzle, questions=3)
    with pytest.raises(smullyan.BadInput, match="questions must be a whole number"):
        smullyan.certify(puzzle, questions=-1)
    stuck = smullyan.gods(["A", "B"], ["random", "random"], language="any", goal="types+language")
    with pytest.raises(smullyan.BadInput, match="no strategy of any length exists here"):
        smullyan.certify(stuck)


@st.composite
def small_puzzles(draw):
    """Return a gods puzzle of two to four gods (three with three words), types in some order."""
    words = draw(st.sampled_from([["ja", "da"], ["foo", "bar", "baz"]]))
    n = draw(st.integers(2, 4 if len(words) == 2 else 3))
    types = draw(st.lists(st.sampled_from(TYPES if len(words) == 3 else TYPES[:3]), min_size=n, max_size=n))
    goal = draw(st.sampled_from(["types", "types+language"]))
    random = draw(st.sampled_from(["word", "coin-shared"]))
    return smullyan.gods(["A", "B", "C", "D"][:n], types, words=words, goal=goal, random=random, language="any")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_certificates_check_and_an_inflated_claim_never_does(puzzle):
    """A written certificate checks; the same lemmas each claiming one question more never do (that
    claim is false: the fewest questions suffice, and the search found them)."""
    try:
        cert = smullyan.certify(puzzle, limit="20s")
    except smullyan.BadInput:
        return  # solvable with no question, or by no strategy at all
    except smullyan.LimitReached:
        return  # the plain writer (no symmetry) needs longer on a loaded machine: nothing is claimed
    assert smullyan.check_certificate(puzzle, cert).ok
    doc = cert.to_dict()
    doc["claim"]["questions"] += 1
    for lemma in doc["lemmas"]:
        lemma["questions"] += 1
    assert not smullyan.check_certificate(puzzle, doc).ok


def test_the_checker_imports_nothing_of_the_search():
    source = pathlib.Path(smullyan.__file__).parent / "certificate" / "check.py"
    tree = ast.parse(source.read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported == {"__future__", "time", "dataclasses", "typing", "logic.options"}


def test_cli_certify_then_verify(tmp_path, capsys):
    out = tmp_path / "cert.json"
    assert main(["certify", str(EXAMPLES / "five_gods_expected.toml"), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Certificate: no strategy of at most 4 questions identifies the gods, even with every "
                           "possible question.\nThe search found a strategy of 5")
    assert json.loads(out.read_text())["schema"] == "smullyan/certificate"
    assert main(["verify", str(EXAMPLES / "five_gods_expected.toml"), str(out)]) == 0
    assert capsys.readouterr().out.startswith("Certificate checked: no strategy of at most 4 questions")
    assert main(["verify", str(EXAMPLES / "hardest.toml"), str(out)]) == 2
    assert "key 'worlds." in capsys.readouterr().err
    doc = json.loads(out.read_text())
    doc["claim"]["questions"] = doc["lemmas"][0]["questions"] = 5
    out.write_text(json.dumps(doc))
    assert main(["verify", str(EXAMPLES / "five_gods_expected.toml"), str(out), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["ok"] is False
    assert main(["certify", str(EXAMPLES / "hardest.toml"), "--questions", "3"]) == 2
    assert main(["certify", str(EXAMPLES / "brewery_hard.toml"), "--limit", "1"]) == 3  # (the SAT search counts no splits)


def test_checking_honours_a_limit(tmp_path, capsys):
    puzzle = smullyan.load(EXAMPLES / "brewery_hard.toml")
    doc = smullyan.certify(puzzle, questions=4).to_json()
    with pytest.raises(smullyan.LimitReached, match="node limit"):
        smullyan.check_certificate(puzzle, doc, limit=1000)
    path = tmp_path / "cert.json"
    path.write_text(doc)
    assert main(["verify", str(EXAMPLES / "brewery_hard.toml"), str(path), "--limit", "1000"]) == 3


def test_a_huge_number_of_questions_is_answered_at_once():
    puzzle = smullyan.load(EXAMPLES / "hardest.toml")
    doc = smullyan.certify(puzzle).to_dict()
    doc["claim"]["questions"] = doc["lemmas"][0]["questions"] = 10**12
    checked = smullyan.check_certificate(puzzle, doc, limit="10s")
    assert not checked.ok and "unsolvable in 999999999999:" in checked.failure
    with pytest.raises(smullyan.BadInput, match="1000000000000 questions suffice here"):
        smullyan.certify(puzzle, questions=10**12, limit="10s")

