"""Leaf-count certificates (certificate.check arguments 6 and 7, certificate.leaf_prove): a strategy of k
questions has at most 2**k leaves, and layers of worlds with disjoint goal classes each fill their own."""

import json
import pathlib

import pytest

import smullyan
from smullyan.cli import main

from conftest import EXAMPLES

LEADERBOARD = pathlib.Path(__file__).resolve().parent.parent / "docs" / "leaderboard"


def _layer_lemmas(spec: str, questions: int):
    """Return a liar row's puzzle, its first layer (one world per set of random gods) and the leaf-count
    lemmas the writer proves about that layer within `questions` questions, as a certificate document."""
    from smullyan.certificate.leaf_prove import LeafProver, layers
    from smullyan.interrogate.anylang import AnyLanguage
    from smullyan.interrogate.search import Budget

    types = [{"T": "truthful", "L": "liar", "R": "random"}[c] for c in spec]
    puzzle = smullyan.gods(list("ABCDEF"[:len(spec)]), types, language="any", max_complexity=0)
    anyl = AnyLanguage(puzzle.model.contexts(), puzzle.model.goal)
    layer = sum(1 << r for r in layers(anyl)[0] if r >= 0)
    prover = LeafProver(anyl, Budget())
    value = prover.least(layer, questions, 10**6)
    first = [m[0] for m in anyl.members]
    lemmas = [{"worlds": [first[r] for r in range(anyl.n_reps) if s >> r & 1], "questions": q, "leaves": v}
              for s, q, v in prover.lemmas]
    used = sorted({i for lemma in lemmas for i in lemma["worlds"]})
    doc = smullyan.certify(puzzle, questions=2).to_dict() | {"lemmas": lemmas}
    doc["claim"]["questions"] = 4
    doc["worlds"] = {str(i): puzzle.model.space.describe(i) for i in used}
    return puzzle, value, doc


def test_leaf_count_lemmas_are_checked_split_by_split():
    """Argument 6: T,T,T,L,R,R's layer (the 15 worlds of T,T,T,T,R,R) needs 23 leaves within 5 questions,
    one more than the checker's floor; the writer's 10 lemmas are checked by enumerating splits, one leaf
    more is rejected with the split that escapes it, and argument 7 turns the lemma into "not 4"."""
    puzzle, value, doc = _layer_lemmas("TTTLRR", 5)
    assert (value, len(doc["lemmas"]), doc["lemmas"][-1]["leaves"]) == (23, 10, 23)
    doc["lemmas"].append({"worlds": doc["lemmas"][-1]["worlds"], "questions": 4, "parts": [9]})
    checked = smullyan.check_certificate(puzzle, doc)
    assert checked.ok and checked.splits > 0 and checked.lemmas == 11
    raised = json.loads(json.dumps(doc))
    raised["lemmas"][9]["leaves"] = 24
    failure = smullyan.check_certificate(puzzle, raised).failure
    assert failure.startswith("lemma 10: a question to A whose children need ") and "fewer than 24" in failure
    for parts, message in (([0], "lemma 11: its parts need 16 leaves, and 4 questions have room for 16"),
                           ([9, 9], "lemma 11: part 10 shares a goal class with an earlier part")):
        wrong = json.loads(json.dumps(doc))
        wrong["lemmas"][10]["parts"] = parts
        assert smullyan.check_certificate(puzzle, wrong).failure == message
    low = json.loads(json.dumps(doc))
    low["lemmas"][10]["questions"] = 6
    assert smullyan.check_certificate(puzzle, low).failure == (
        "lemma 11: part 10 is about 5 questions or worlds outside the set")


@pytest.mark.slow
def test_one_three_three_cannot_be_done_in_eight_by_counting_leaves(tmp_path):
    """1, 3, 3 (140 worlds): four layers of 35, each needing 65 leaves within 8 questions (the checker's
    floor gives 60), 260 > 2**8: the worst case 9 is certified (about 30 s to write, 2 minutes to check)."""
    path = LEADERBOARD / "worst" / "gods_1_3_3.toml"
    puzzle = smullyan.load(path)
    cert = smullyan.certify(puzzle, questions=8)
    doc = cert.to_dict()
    assert [(len(lemma["worlds"]), lemma.get("leaves"), lemma.get("parts")) for lemma in doc["lemmas"]] == [
        (35, 65, None)] * 4 + [(140, None, [0, 1, 2, 3])]
    assert "(4 of them on the leaves a strategy must fill)" in cert.text()
    out = tmp_path / "not-8.json"
    out.write_text(cert.to_json())
    assert main(["verify", str(path), str(out)]) == 0


def test_a_set_of_one_goal_class_fills_one_leaf():
    puzzle, _, doc = _layer_lemmas("TTTLRR", 5)
    doc["lemmas"] = [{"worlds": doc["lemmas"][0]["worlds"][:1], "questions": q, "leaves": 2} for q in (0, 3)]
    doc["lemmas"].append({"worlds": doc["lemmas"][0]["worlds"], "questions": 1, "parts": [0, 1]})
    assert smullyan.check_certificate(puzzle, doc).failure == (
        "lemma 1: its worlds share one goal value: a strategy may ask nothing and hold them in 1 leaf")


@pytest.mark.parametrize("item, key, message", [
    ({"worlds": [0], "questions": 1, "leaves": -1}, "lemmas[1].leaves",
     "expected a whole number of at least 0, at most 2**64"),
    ({"worlds": [0], "questions": 1, "parts": [5]}, "lemmas[1].parts",
     "expected a non-empty list of earlier lemmas' indices (and no 'leaves' beside it)"),
    ({"worlds": [0], "questions": 1, "parts": [0], "leaves": 3}, "lemmas[1].parts",
     "expected a non-empty list of earlier lemmas' indices (and no 'leaves' beside it)"),
])
def test_malformed_leaf_lemmas_are_bad_input(item, key, message):
    puzzle = smullyan.load(EXAMPLES / "hardest.toml")
    doc = smullyan.certify(puzzle).to_dict()
    doc["lemmas"].append(item)
    with pytest.raises(smullyan.BadInput) as e:
        smullyan.check_certificate(puzzle, doc)
    assert (e.value.key, e.value.message) == (key, message)
