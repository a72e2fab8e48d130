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
    floor gives 60), 260 > 2**8: the worst case 9 is certified (about 26 s to write, 29 s to check: the first
    layer's splits are enumerated, the other three are its copies)."""
    path = LEADERBOARD / "worst" / "gods_1_3_3.toml"
    puzzle = smullyan.load(path)
    cert = smullyan.certify(puzzle, questions=8)
    doc = cert.to_dict()
    assert [(len(lemma["worlds"]), lemma.get("leaves"), lemma.get("parts"), lemma.get("copy", {}).get("of"))
            for lemma in doc["lemmas"]] == [(35, 65, None, None)] + [(35, 65, None, 0)] * 3 + [(140, None, [0, 1, 2, 3], None)]
    assert "(4 of them on the leaves a strategy must fill, 3 of those copies of another)" in cert.text()
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


def _two_two_two():
    """Return T,T,L,L,R,R and its certificate of "not 7": six layers of 15 worlds, each 22 leaves within 7
    questions by the floor alone, the last five copies of the first (argument 8), 132 > 2**7."""
    types = [{"T": "truthful", "L": "liar", "R": "random"}[c] for c in "TTLLRR"]
    puzzle = smullyan.gods(list("ABCDEF"), types, language="any", max_complexity=0)
    return puzzle, smullyan.certify(puzzle).to_dict()


def test_layers_that_copy_the_first_are_checked_as_copies():
    puzzle, doc = _two_two_two()
    assert [(len(lemma["worlds"]), lemma.get("leaves"), lemma.get("copy", {}).get("of")) for lemma in doc["lemmas"]] == [
        (15, 22, None)] + [(15, 22, 0)] * 5 + [(90, None, None)]
    assert (doc["claim"]["questions"], doc["lemmas"][-1]["parts"]) == (7, [0, 1, 2, 3, 4, 5])
    for lemma in doc["lemmas"][1:6]:
        assert sorted(lemma["copy"]["images"]) == lemma["worlds"]
    checked = smullyan.check_certificate(puzzle, doc)
    assert (checked.ok, checked.lemmas, checked.splits) == (True, 7, 0)


def test_a_copy_must_keep_every_worlds_options_and_claim_no_more():
    puzzle, doc = _two_two_two()
    # two images exchanged: world 0 is then carried to world 14, whose random gods are D and F, not E and F
    wrong = json.loads(json.dumps(doc))
    images = wrong["lemmas"][1]["copy"]["images"]
    images[0], images[1] = images[1], images[0]
    assert (images[0], puzzle.model.space.describe(14)) == (14, "A=truthful B=liar C=truthful D=random E=liar F=random; "
                                                                "ja=yes da=no")
    assert smullyan.check_certificate(puzzle, wrong).failure == (
        "lemma 2: world 14 is the image of world 0, but a question to D can make them answer differently")
    for key, value, message in (
            ("leaves", 23, "lemma 2: it claims more than lemma 1, which it copies (questions 7 against 7, leaves 23 "
                           "against 22)"),
            ("questions", 8, "lemma 2: it claims more than lemma 1, which it copies (questions 8 against 7, leaves 22 "
                             "against 22)")):
        more = json.loads(json.dumps(doc))
        more["lemmas"][1][key] = value
        assert smullyan.check_certificate(puzzle, more).failure == message
    fewer = json.loads(json.dumps(doc))
    fewer["lemmas"][1]["leaves"] = 21  # a weaker copy holds, and the parts then need 131 > 128 leaves
    assert smullyan.check_certificate(puzzle, fewer).ok


@pytest.mark.parametrize("copy, key, message", [
    ({"of": 1, "images": []}, "lemmas[1].copy", 'expected {"of": an earlier lemma\'s index, "images": [world numbers]}'),
    ({"of": 0}, "lemmas[1].copy", 'expected {"of": an earlier lemma\'s index, "images": [world numbers]}'),
    ({"of": 0, "images": [True]}, "lemmas[1].copy", 'expected {"of": an earlier lemma\'s index, "images": [world numbers]}'),
    ({"of": 0, "images": [12] * 15}, "lemmas[1].copy.images",
     "expected each of lemma 1's 15 worlds mapped to a different world of this lemma, covering them all"),
    ({"of": 0, "images": [10**12] * 15}, "lemmas[1].copy.images",
     "expected each of lemma 1's 15 worlds mapped to a different world of this lemma, covering them all"),
])
def test_malformed_copies_are_bad_input(copy, key, message):
    puzzle, doc = _two_two_two()
    doc["lemmas"][1]["copy"] = copy
    with pytest.raises(smullyan.BadInput) as e:
        smullyan.check_certificate(puzzle, doc)
    assert (e.value.key, e.value.message) == (key, message)


def test_a_copy_keeps_goal_classes_together_and_apart():
    """Argument 8 on goal classes, where worlds share them: two worlds of one class may not be carried to two
    classes, nor two classes to one (the options here are all alike, so only the classes can fail)."""
    from smullyan.certificate.check import Rejected, _check_copy

    class Alike:
        n_agents, agents = 1, ("A",)
        options = [[[1, 2]]] * 4

        def __init__(self, goal):
            self.goal = goal

    lemmas = [(0b0011, 2, 3, None, None)]
    _check_copy(Alike([0, 0, 1, 1]), 2, 3, (0, [2, 3]), lemmas)  # one class to one class
    with pytest.raises(Rejected, match="^world 1's goal class is carried to two classes"):
        _check_copy(Alike([0, 0, 1, 2]), 2, 3, (0, [2, 3]), lemmas)
    with pytest.raises(Rejected, match="^two goal classes of lemma 1 are carried to one$"):
        _check_copy(Alike([0, 1, 2, 2]), 2, 3, (0, [2, 3]), lemmas)
