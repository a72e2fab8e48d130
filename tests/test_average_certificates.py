"""Average certificates: a strategy, its average, and a lower bound the checker derives without the search."""

import ast
import json
import pathlib
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import smullyan
from smullyan.certificate.average import Unbounded, floor, huffman, kraft
from smullyan.cli import main
from smullyan.interrogate.solve import average_lower_bound

from conftest import EXAMPLES

LEADERBOARD = pathlib.Path(__file__).resolve().parent.parent / "docs" / "leaderboard"
SIX = EXAMPLES / "six_gods_expected.toml"
SIX_STRATEGY = EXAMPLES / "six_gods_expected_strategy.json"


def gods(spec: str, random: str = "coin") -> smullyan.GodsPuzzle:
    """Return the n-god puzzle of a spec such as 'TTLR' (T truthful, L liar, R random)."""
    types = [{"T": "truthful", "L": "liar", "R": "random"}[c] for c in spec]
    return smullyan.gods(list("ABCDEFGH"[:len(spec)]), types, random=random, language="any", max_complexity=0)


def test_six_gods_average_is_certified_with_its_bound():
    puzzle = smullyan.load(SIX)
    cert = smullyan.certify(puzzle, objective="expected", strategy=smullyan.load_strategy(SIX_STRATEGY))
    assert cert.average == Fraction(317, 45)
    b = cert.bound
    assert (b.value, b.code, b.informative, b.random) == (Fraction(317, 45), Fraction(296, 45), Fraction(296, 45),
                                                          Fraction(7, 15))
    assert cert.statement() == ("no strategy of any length identifies the gods with fewer than 317/45 = 7.044444 "
                                "questions on average")
    doc = json.loads(cert.to_json())
    assert doc["claim"]["average"] == "317/45" and doc["puzzle"] == {"agents": list("ABCDEF"), "worlds": 180}
    checked = smullyan.check_certificate(puzzle, doc)
    assert checked.ok and (checked.average, checked.bound) == (Fraction(317, 45), Fraction(317, 45))
    assert checked.text().startswith("Certificate checked: the strategy averages 317/45 = 7.044444 questions, "
                                     "verified against every world and hidden state, and no strategy of any length "
                                     "averages fewer (lower bound 317/45).")


@pytest.mark.parametrize("row, average", [("0_6_2", "145/28"), ("1_5_2", "655/84"), ("2_4_2", "3823/420"),
                                          ("3_3_2", "1329/140")])
def test_leaderboard_rows_carry_checkable_average_certificates(row, average):
    puzzle = smullyan.load(LEADERBOARD / f"gods_{row}.toml")
    strategy = smullyan.load_strategy(LEADERBOARD / f"gods_{row}_strategy.json")
    cert = smullyan.certify(puzzle, objective="expected", strategy=strategy)
    assert str(cert.average) == average
    assert smullyan.check_certificate(puzzle, cert.to_json()).ok


def _six_doc() -> dict:
    puzzle = smullyan.load(SIX)
    return smullyan.certify(puzzle, objective="expected", strategy=smullyan.load_strategy(SIX_STRATEGY)).to_dict()


def test_a_claim_other_than_the_verified_average_is_rejected():
    puzzle, doc = smullyan.load(SIX), _six_doc()
    doc["claim"]["average"] = "316/45"
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok and checked.failure == "the strategy averages 317/45, not the claimed 316/45"


def test_an_average_above_the_bound_is_rejected_by_the_checker():
    puzzle, doc = smullyan.load(SIX), _six_doc()
    worst = puzzle.solve(objective="worst")  # fewest in the worst case: it averages more than the optimum
    verdict = smullyan.verify(puzzle, worst)
    assert verdict.expected > Fraction(317, 45)
    doc["strategy"], doc["claim"]["average"] = worst.strategy.tree(), str(verdict.expected)
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok
    assert checked.failure.startswith(f"the lower bound is 317/45 (7.044444), below the claimed {verdict.expected}")


def test_a_strategy_that_fails_is_rejected():
    puzzle, doc = smullyan.load(SIX), _six_doc()
    node = doc["strategy"]
    while "branches" in node:
        node = next(iter(node["branches"].values()))
    wrong = dict(node["identified"])
    first, second = list(wrong)[:2]
    wrong[first], wrong[second] = wrong[second], wrong[first]
    node["identified"] = wrong
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok and checked.failure.startswith("the strategy fails:")


@pytest.mark.parametrize("change, key, message", [
    (lambda d: d["claim"].update(average="seven"), "claim.average", 'expected a fraction such as "655/84"'),
    (lambda d: d["claim"].update(average=7), "claim.average", 'expected a fraction such as "655/84", got 7'),
    (lambda d: d.pop("puzzle"), "puzzle", "expected the puzzle's agents and number of worlds"),
    (lambda d: d["puzzle"].update(worlds=12), "puzzle.worlds", "the certificate was written for 12 worlds, "
                                                               "this puzzle has 180"),
    (lambda d: d.pop("strategy"), "strategy", "expected the strategy whose average is claimed"),
])
def test_malformed_average_certificates_are_bad_input(change, key, message):
    doc = _six_doc()
    change(doc)
    with pytest.raises(smullyan.BadInput) as e:
        smullyan.check_certificate(smullyan.load(SIX), doc)
    assert e.value.key == key and message in str(e.value)


FIVE = EXAMPLES / "five_gods_expected.toml"  # R, R, L, L, L: 163/40 (within 6; any length too), bound 4


def _five_doc() -> dict:
    puzzle = smullyan.load(FIVE)
    return smullyan.certify(puzzle, objective="expected", strategy=smullyan.load_strategy(
        EXAMPLES / "five_gods_expected_strategy.json")).to_dict()


def test_an_average_above_the_bound_is_certified_with_lemmas_about_nodes():
    puzzle = smullyan.load(FIVE)
    cert = smullyan.certify(puzzle, objective="expected",
                            strategy=smullyan.load_strategy(EXAMPLES / "five_gods_expected_strategy.json"))
    assert (cert.average, cert.bound.value, len(cert.proof.lemmas), cert.proof.depth) == (
        Fraction(163, 40), Fraction(4), 6, 3)
    assert "the lower bound from the semantics is 4, and 6 lemmas about nodes raise it to 163/40" in cert.text()
    doc = cert.to_dict()
    assert doc["lemmas"][-1] == {"node": [[i, 1] for i in range(0, 20, 2)], "cost": "163/4"}  # the root
    checked = smullyan.check_certificate(puzzle, doc)
    assert (checked.ok, checked.average, checked.bound, checked.lemmas) == (True, Fraction(163, 40),
                                                                           Fraction(163, 40), 6)
    assert checked.text().startswith("Certificate checked: the strategy averages 163/40 = 4.075000 questions, "
                                     "verified against every world and hidden state, and no strategy of any length "
                                     "averages fewer (lower bound 163/40, from 6 lemmas about nodes, ")


@pytest.mark.parametrize("spec, average, bound, lemmas", [("TTTR", "19/8", "9/4", 1), ("TTTRR", "163/40", "4", 6)])
def test_leaderboard_rows_above_the_bound_are_certified(spec, average, bound, lemmas):
    puzzle = gods(spec)
    cert = smullyan.certify(puzzle, objective="expected")  # the solver's strategy
    assert (str(cert.average), str(cert.bound.value), len(cert.proof.lemmas)) == (average, bound, lemmas)
    checked = smullyan.check_certificate(puzzle, cert.to_json())
    assert (checked.ok, str(checked.bound), checked.lemmas) == (True, average, lemmas)


@pytest.mark.slow
def test_five_gods_any_length_is_certified_with_three_lemmas():
    # T, T, L, R, R: 1337/240 (the leaderboard's conjectured 5.6833 beaten), the bound 83/15
    puzzle = smullyan.load(EXAMPLES / "five_gods_any_length.toml")
    strategy = smullyan.load_strategy(EXAMPLES / "five_gods_any_length_strategy.json")
    cert = smullyan.certify(puzzle, objective="expected", strategy=strategy)
    assert (cert.average, cert.bound.value, len(cert.proof.lemmas)) == (Fraction(1337, 240), Fraction(83, 15), 3)
    checked = smullyan.check_certificate(puzzle, cert.to_json())
    assert (checked.ok, checked.bound, checked.lemmas) == (True, Fraction(1337, 240), 3)


def test_a_raised_lemma_is_rejected_with_the_split_that_escapes_it():
    puzzle, doc = smullyan.load(FIVE), _five_doc()
    first = doc["lemmas"][0]
    assert first["cost"] == "23"
    first["cost"] = "46"
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok and checked.failure.startswith("lemma 0: a question to ")
    assert "below 46: first " in checked.failure


def test_a_missing_lemma_leaves_a_split_unproved():
    puzzle, doc = smullyan.load(FIVE), _five_doc()
    del doc["lemmas"][0]
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok and "a question to " in checked.failure and "costs at least" in checked.failure


def test_lemmas_that_prove_less_than_the_claim_are_rejected():
    puzzle, doc = smullyan.load(FIVE), _five_doc()
    doc["lemmas"][-1]["cost"] = "163/5"  # the root's: true, but too weak for the claim
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok and checked.failure == ("the lemmas show that every strategy averages at least 4 "
                                                  "(4.000000), below the claimed 163/40 (4.075000)")


def test_a_lemma_about_one_goal_class_must_cost_nothing():
    puzzle, doc = smullyan.load(FIVE), _five_doc()
    doc["lemmas"].insert(0, {"node": [[0, 1]], "cost": "1"})
    doc["worlds"]["0"] = puzzle.model.space.describe(0)
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok and checked.failure == "lemma 0: its worlds share one goal class: they need no question"


@pytest.mark.parametrize("change, key, message", [
    (lambda d: d.update(lemmas=[]), "lemmas", "expected a non-empty list"),
    (lambda d: d["lemmas"][0].update(cost="much"), "lemmas[0].cost", 'expected a fraction such as "1337/8"'),
    (lambda d: d["lemmas"][0].update(cost=3), "lemmas[0]", 'expected {"node": [[world, weight], ...], "cost": "p/q"}'),
    (lambda d: d["lemmas"][0]["node"].append([0, 0]), "lemmas[0].node", "weights above 0 and below 2**256; got [0, 0]"),
    (lambda d: d["lemmas"][0]["node"].append(["x", 1]), "lemmas[0].node", "expected [world, weight] pairs"),
    (lambda d: d["lemmas"][-1]["node"].append([1, 1]), "lemmas[5].node", "1 is not a world listed under worlds"),
    (lambda d: d["worlds"].update({"1": d["worlds"]["0"]}) or d["lemmas"][-1]["node"].append([1, 1]),
     "worlds.1", "the certificate was written for another puzzle"),
    (lambda d: d["worlds"].update({"99": "?"}), "worlds.99", "not a world of this puzzle (it has 20)"),
    (lambda d: d["worlds"].update({"1": "A=random B=random C=liar D=liar E=liar; ja=no da=yes"}) or
     d["lemmas"][-1]["node"].append([1, 1]), "lemmas[5].node", "answers like another world of the node"),
    (lambda d: d["lemmas"][0].update(node=[]), "lemmas[0].node", "expected at least one world"),
    (lambda d: d["lemmas"][0].update(cost="1e9999"), "lemmas[0].cost", "of at most 200 characters and 600 bits, "
                                                                        "got '1e9999'"),
    (lambda d: d["lemmas"][0]["node"][0].__setitem__(1, 2 ** 256), "lemmas[0].node", "below 2**256; got [0, 1157"),
])
def test_malformed_lemmas_are_bad_input(change, key, message):
    doc = _five_doc()
    change(doc)
    with pytest.raises(smullyan.BadInput) as e:
        smullyan.check_certificate(smullyan.load(FIVE), doc)
    assert e.value.key == key and message in str(e.value)


@pytest.mark.parametrize("text, message", [
    ('{"schema": "smullyan/certificate", "n": ' + "9" * 5000 + "}", "invalid JSON: a number is too long"),
    ("[" * 100_000 + "]" * 100_000, "invalid JSON: nested too deeply"),
])
def test_hostile_json_is_bad_input(text, message):
    with pytest.raises(smullyan.BadInput) as e:
        smullyan.check_certificate(smullyan.load(FIVE), text)
    assert str(e.value).startswith(message)


def test_a_strategy_above_the_optimum_gets_no_certificate():
    puzzle = smullyan.load(FIVE)
    worst = puzzle.solve(objective="worst")
    assert smullyan.verify(puzzle, worst).expected == Fraction(367, 80)  # above 163/40
    with pytest.raises(smullyan.PuzzleError) as e:
        smullyan.certify(puzzle, objective="expected", strategy=worst)
    assert e.value.key == "strategy" and e.value.message == (
        "the strategy averages 367/80 = 4.587500, above the lower bound 4 = 4.000000, and the branch and bound that "
        "writes lemmas, 6 questions deep, found no proof that it is the fewest, nor within the puzzle's 6 questions (a "
        "strategy may average less)")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=st.lists(st.sampled_from("TLR"), min_size=3, max_size=5).map("".join),
       random=st.sampled_from(["coin", "word"]))
def test_lemmas_prove_the_searched_optimum_and_nothing_above_it(spec, random):
    # two implementations sharing no code: the package's average search and the lemma prover and checker
    from smullyan.certificate.average_prove import prove_average
    from smullyan.certificate.lemmas import Units, check_lemmas

    puzzle = gods(spec, random)
    result = puzzle.solve(objective="expected", limit="20s")
    if not result.solvable or result.stats.get("expected_any_length") is not True:
        return  # no strategy, or an optimum proved only within a cap
    units = Units(puzzle.model)
    proof = prove_average(units, result.expected, lambda: None, 12)
    assert proof is not None
    least, _ = check_lemmas(units, list(proof.lemmas))
    assert least == result.expected * units.n_worlds
    assert prove_average(units, result.expected + Fraction(1, 1000), lambda: None, 6) is None


def test_three_words_are_outside_the_bound():
    puzzle = smullyan.load(EXAMPLES / "brewery_hard.toml")
    with pytest.raises(Unbounded) as e:
        floor(puzzle.model)
    assert str(e.value) == "the bound is for two answer words; this puzzle has 3"


@pytest.mark.parametrize("spec", ["TLR", "TTLR", "TTLLR", "TTLRR", "TTTRR", "TTLLRR", "TTTLRR", "TTTTRRR"])
def test_the_checker_and_the_search_compute_the_same_root_bound(spec):
    # two implementations sharing no code: the search's pattern model and the checker's own reading
    puzzle = gods(spec)
    assert floor(puzzle.model).value == average_lower_bound(puzzle.model)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=st.lists(st.sampled_from("TLR"), min_size=2, max_size=4).map("".join),
       random=st.sampled_from(["coin", "word"]))
def test_the_bound_never_exceeds_a_proved_optimum(spec, random):
    puzzle = gods(spec, random)
    result = puzzle.solve(objective="expected", limit="20s")
    if not result.solvable:
        return  # no strategy identifies the gods
    # the optimum (for any length where the search proved it, else within its cap): never below the bound
    assert floor(puzzle.model).value <= result.expected


@given(st.integers(min_value=1, max_value=300))
def test_kraft_relaxation_equals_the_code_for_equal_masses(n):
    masses = [Fraction(1)] * n
    assert kraft(masses) == huffman(masses)


@given(st.lists(st.integers(min_value=1, max_value=50), min_size=1, max_size=30))
def test_kraft_relaxation_lies_between_entropy_and_code(weights):
    import math

    masses = [Fraction(w) for w in weights]
    total = sum(weights)
    entropy = -sum(w / total * math.log2(w / total) for w in weights)
    assert entropy - 1e-9 <= float(kraft(masses)) and kraft(masses) <= huffman(masses)


def test_the_average_checker_imports_nothing_of_the_search():
    root = pathlib.Path(smullyan.__file__).parent

    def imports(path: pathlib.Path) -> set[str]:
        tree = ast.parse(path.read_text())
        found = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        return found | {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}

    assert imports(root / "certificate" / "average.py") == {"__future__", "heapq", "math", "time", "dataclasses",
                                                            "fractions", "typing", "logic.options",
                                                            "interrogate.verify", "lemmas"}
    assert imports(root / "certificate" / "lemmas.py") == {"__future__", "itertools", "math", "dataclasses",
                                                           "fractions", "typing", "average"}
    # the verifier it trusts reads strategies and the semantics, nothing of the search
    for name in ("verify.py", "puzzle.py", "strategy.py"):
        assert not {m for m in imports(root / "interrogate" / name) if m.startswith(".") or "interrogate" in m} - {
            "puzzle", "strategy"}, name


def test_cli_certify_average_then_verify(tmp_path, capsys):
    out = tmp_path / "average.json"
    assert main(["certify", str(SIX), "--objective", "expected", "--strategy", str(SIX_STRATEGY),
                 "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("Certificate: no strategy of any length identifies the gods with fewer "
                                              "than 317/45 = 7.044444 questions on average.\n")
    assert main(["verify", str(SIX), str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) | {"seconds": 0} == {"ok": True, "average": "317/45",
                                                                     "bound": "317/45", "seconds": 0, "failure": None}
    assert main(["verify", str(EXAMPLES / "hardest.toml"), str(out)]) == 2
    assert "key 'puzzle.agents'" in capsys.readouterr().err
    assert main(["certify", str(SIX), "--strategy", str(SIX_STRATEGY)]) == 2
    assert "--strategy is certified for its average: add --objective expected" in capsys.readouterr().err
    worst = tmp_path / "worst.json"
    worst.write_text(smullyan.load(FIVE).solve(objective="worst").to_json())
    assert main(["certify", str(FIVE), "--objective", "expected", "--strategy", str(worst)]) == 2
    assert "above the lower bound 4 = 4.000000, and the branch and bound" in capsys.readouterr().err


def test_cli_certify_average_solves_when_no_strategy_is_given(capsys):
    assert main(["certify", str(EXAMPLES / "hardest.toml"), "--objective", "expected"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["claim"]["average"] == "3" and doc["bound"]["value"] == "3"


def test_random_gods_whose_odds_could_vary_are_outside_the_bound():
    puzzle = gods("TTLR", random="coin-shared")
    with pytest.raises(Unbounded) as e:
        floor(puzzle.model)
    assert str(e.value) == ("the bound is for random gods whose every undetermined answer is a fresh fair choice "
                            "(random = 'word' or 'coin'); this puzzle has 'coin-shared'")


def test_certify_refuses_before_searching_where_no_certificate_can_be(capsys, monkeypatch):
    with monkeypatch.context() as m:  # the brewery's average search alone runs for hours: it must not start
        m.setattr(smullyan.GodsPuzzle, "solve", lambda *a, **k: pytest.fail("searched"))
        assert main(["certify", str(EXAMPLES / "brewery_hard.toml"), "--objective", "expected"]) == 2
    assert capsys.readouterr().err.endswith("no average certificate for this puzzle: the bound is for two answer "
                                            "words; this puzzle has 3\n")
    assert main(["certify", str(EXAMPLES / "truthful_or_random.toml"), "--objective", "expected"]) == 2
    assert "no strategy identifies the goal here, so there is no average to certify" in capsys.readouterr().err


def test_a_silent_paradox_is_outside_the_bound():
    puzzle = smullyan.gods(list("ABC"), ["truthful", "liar", "random"], language="any", paradox="silent")
    with pytest.raises(Unbounded) as e:
        floor(puzzle.model)
    assert "with paradox = 'silent' a question can make a god say nothing" in str(e.value)


def test_certify_refuses_a_deduction_puzzle(capsys):
    assert main(["certify", str(EXAMPLES / "zebra.toml"), "--objective", "expected"]) == 2
    assert capsys.readouterr().err.endswith("certify writes proofs about question strategies; this is a deduction "
                                            "puzzle\n")


def _capped_five(cap: int = 5):
    """Return R,R,L,L,L's certificate of 163/40 proved for strategies of at most `cap` questions (lemmas
    with caps, as certify writes for a puzzle whose budget raises its optimum), and its document."""
    from smullyan.api.certificates import AverageCertificate
    from smullyan.certificate.average import floor as average_floor
    from smullyan.certificate.average_prove import prove_average
    from smullyan.certificate.lemmas import Units

    puzzle = smullyan.load(FIVE)
    units = Units(puzzle.model)
    proof = prove_average(units, Fraction(163, 40), lambda: None, cap=cap)
    strategy = smullyan.verify(puzzle, smullyan.load_strategy(EXAMPLES / "five_gods_expected_strategy.json")).strategy
    cert = AverageCertificate(puzzle, Fraction(163, 40), strategy, average_floor(puzzle.model), 0.0, proof, units)
    return puzzle, cert, cert.to_dict()


def test_a_capped_average_is_certified_with_lemmas_that_carry_their_questions():
    puzzle, cert, doc = _capped_five()
    assert cert.cap == 5 and doc["claim"]["questions"] == 5
    assert cert.statement().startswith("no strategy of at most 5 questions identifies the gods with fewer than 163/40")
    assert doc["lemmas"][-1] == {"node": [[i, 1] for i in range(0, 20, 2)], "cost": "163/4", "questions": 5}
    assert all(0 <= lemma["questions"] <= 5 for lemma in doc["lemmas"])
    checked = smullyan.check_certificate(puzzle, doc)
    assert (checked.ok, checked.bound, checked.within) == (True, Fraction(163, 40), 5)
    assert "and no strategy of at most 5 questions averages fewer (lower bound 163/40, from " in checked.text()
    assert checked.to_dict()["questions"] == 5


def test_a_capped_lemma_cannot_cover_a_child_with_more_questions():
    puzzle, _, doc = _capped_five()
    for lemma in doc["lemmas"][:-1]:
        lemma["questions"] = 0  # a node of two classes has no strategy of 0 questions: true, but covers nothing
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok and checked.failure.startswith("lemma ") and "a question to " in checked.failure


def test_a_strategy_longer_than_the_claims_cap_is_rejected():
    puzzle, _, doc = _capped_five()
    doc["claim"]["questions"] = 4
    checked = smullyan.check_certificate(puzzle, doc)
    assert not checked.ok and checked.failure == "the strategy asks up to 5 questions, more than the claim's 4"


@pytest.mark.parametrize("change, key, message", [
    (lambda d: d["claim"].update(questions=-1), "claim.questions",
     "expected a whole number of questions from 0 to 64 (or no key: any length), got -1"),
    (lambda d: d["claim"].update(questions="5"), "claim.questions",
     "expected a whole number of questions from 0 to 64 (or no key: any length), got 5"),
    (lambda d: d["lemmas"][0].update(questions=10**100), "lemmas[0].questions",
     "expected a whole number of questions from 0 to 64 (or no key: any length), got 1" + "0" * 39),
])
def test_malformed_caps_are_bad_input(change, key, message):
    puzzle, _, doc = _capped_five()
    change(doc)
    with pytest.raises(smullyan.BadInput) as e:
        smullyan.check_certificate(puzzle, doc)
    assert (e.value.key, str(e.value).split(": ", 1)[-1]) == (key, message)


def test_the_writer_proves_each_node_in_the_form_the_checker_splits():
    """A node reached under a renaming of the gods has, in the checker's form, other children: argument 4
    keeps one of each set of interchangeable units by their order. The writer used to split the node as
    reached, so the lemmas it cited were about children the checker never looks up, and the checker
    rejected its certificate (T,T,L,R,R within 6 questions at 1337/240 did so). Every renaming of one node
    now gives the same proof."""
    from smullyan.certificate.average_prove import AverageProver, collect
    from smullyan.certificate.lemmas import Units

    units = Units(gods("TTLRR").with_options(objective="expected", max_questions=6).model)
    node = ((0, 1), (1, 2), (3, 1), (10, 4), (11, 4), (12, 1), (17, 4))  # within 3 questions it costs 47
    for _, rename in units.renamings[:12]:
        reached = tuple(sorted((rename[u], 2 * m) for u, m in node))
        prover = AverageProver(units, lambda: None)
        assert prover.bound(reached, Fraction(10**6), 3, capped=True) == 94
        lemmas = collect(prover.table, reached, prover.floors, 3)
        assert (len(lemmas), lemmas[-1][1:]) == (9, (47, 3))
