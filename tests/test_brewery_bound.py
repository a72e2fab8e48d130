"""benchmarks/brewery_average/lagrange.py: the brewery's average bounded below for strategies of any length.

The certificate in docs/brewery holds the multipliers and case splits; the check recomputes each case's
bound exactly (no linear programme), so a claim above what they prove fails, and any multipliers at all give a bound that
a naive search (brute.py, which shares no code with lagrange.py) never finds above a small node's value."""

import importlib
import itertools
import json
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CERT = ROOT / "docs" / "brewery" / "average_lower_bound.json"


@pytest.fixture(scope="module")
def modules():
    sys.path.insert(0, str(ROOT / "benchmarks" / "brewery_average"))
    try:
        yield importlib.import_module("lagrange"), importlib.import_module("brute")
    finally:
        sys.path.remove(str(ROOT / "benchmarks" / "brewery_average"))


def test_the_certificate_proves_301_72(modules, capsys):
    lagrange, _ = modules
    assert lagrange.main(["--check", str(CERT)]) == 0
    assert capsys.readouterr().out == (
        "checked (depth 3): every strategy of any length costs at least 301 >= 301: "
        "averages at least 301/72 = 4.180556\n")


def test_a_claim_a_third_higher_fails_at_the_first_triple_at_301(modules, tmp_path, capsys):
    lagrange, _ = modules
    cert = json.loads(CERT.read_text())
    cert["claim"] = "904/3"
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert lagrange.main(["--check", str(path)]) == 1
    assert capsys.readouterr().out == "children ask [1, 1, 2]: 301 is below the claim 904/3\n"


def deep_leaf(proof):
    """Return the first leaf of a proof tree whose bound is taken one question deeper (step 7)."""
    if "mu" in proof:
        return proof if proof.get("depth") == 4 else None
    return next((leaf for kid in proof["ask"] if (leaf := deep_leaf(kid)) is not None), None)


def test_a_leaf_one_question_deeper_is_needed_and_checked_as_such(modules, tmp_path, capsys):
    """The weakest triples close at 301 only with leaves at depth 4: the same multipliers at depth 3 fall
    short, and a depth the argument does not cover is bad input."""
    lagrange, _ = modules
    cert = json.loads(CERT.read_text())
    case = next(c for c in cert["cases"] if c["children_ask"] == [1, 2, 3])
    leaf = deep_leaf(case["proof"])
    assert leaf is not None
    del leaf["depth"]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert lagrange.main(["--check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("children ask [1, 2, 3]: ") and out.endswith(" is below the claim 301\n")
    leaf["depth"] = 5
    with pytest.raises(ValueError, match="a leaf's depth is the certificate's or, below depth 3 without alpha, 4"):
        lagrange.check_proof((1, 2, 3), case["proof"], {}, Fraction(301), 3, (), "t")


def test_every_case_of_a_split_is_checked(modules, tmp_path, capsys):
    lagrange, _ = modules
    cert = json.loads(CERT.read_text())
    case = next(c for c in cert["cases"] if c["children_ask"] == [1, 2, 3])
    assert "split" in case["proof"]  # the six weakest triples share their grandchildren's addressees
    leaf = case["proof"]["ask"][3]
    while "split" in leaf:
        leaf = leaf["ask"][0]
    leaf["mu"] = {}  # no multipliers: that case's bound falls to the internal nodes' masses
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert lagrange.main(["--check", str(path)]) == 1
    assert capsys.readouterr().out.startswith("children ask [1, 2, 3]: ")
    case["proof"]["ask"].pop()
    path.write_text(json.dumps(cert))
    assert lagrange.main(["--check", str(path)]) == 2
    assert "a split needs a proof for each of the 4 addressees" in capsys.readouterr().err


def test_a_missing_triple_or_a_damaged_file_is_bad_input(modules, tmp_path, capsys):
    lagrange, _ = modules
    cert = json.loads(CERT.read_text())
    cert["cases"] = cert["cases"][1:]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert lagrange.main(["--check", str(path)]) == 2
    assert capsys.readouterr().err == f"error: {path}: no proof for children asking [0, 0, 0]\n"
    path.write_text('{"depth": 3, "root_asks": 0, "claim": "1", "cases": [{"children_ask": [0, 0], "proof": {}}]}')
    assert lagrange.main(["--check", str(path)]) == 2
    assert "cases[0].children_ask must be three persons 0-3" in capsys.readouterr().err
    path.write_bytes(b"\xff")
    assert lagrange.main(["--check", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"error: {path}: not a certificate of this form (UnicodeDecodeError")


def bound(lagrange, worlds, p, q, depth, mu0, assume_internal=False):
    """Return the argument's bound for the node asking p then q, with multiplier mu0 on every node (only
    the cells' count: an internal node's multiplier enters with weight alpha = 0)."""
    paths = [w for n in range(1, depth + 1) for w in itertools.product(range(3), repeat=n)]
    model = lagrange.Model(worlds, p, q, depth, assume_internal)
    return lagrange.exact_bound(model, {w: mu0 for w in paths})


def test_the_small_node_check_catches_a_wrong_bound(modules):
    """Counting every child as internal (wrong: a child may hold one class) goes above this node's value."""
    lagrange, brute = modules
    node = [(54, 1), (52, 0), (53, 0), (51, 0), (55, 1)]   # seed 3 of the test below
    assert brute.BF(node, 4) == Fraction(11, 3)
    worlds = {w: Fraction(1, 3**e) for w, e in node}
    qs = [(p, q) for p in range(4) for q in itertools.product(range(4), repeat=3)]
    assert min(bound(lagrange, worlds, p, q, 2, Fraction(1, 2)) for p, q in qs) == Fraction(11, 3)
    assert min(bound(lagrange, worlds, p, q, 2, Fraction(1, 2), True) for p, q in qs) == Fraction(13, 3)


@pytest.mark.parametrize("seed", range(8))
def test_any_multipliers_bound_a_small_node_from_below(modules, seed):
    """A safety net, not the measurement: fixed multipliers give weak bounds (check_lagrange.py, with the
    LP's multipliers, finds the bound equal to the value on about half of such nodes)."""
    lagrange, brute = modules
    rnd = random.Random(seed)
    pis = rnd.sample(range(24), rnd.randint(2, 4))
    cand = [3 * i + x for i in pis for x in range(3)]
    first = [3 * pis[0] + rnd.randrange(3), 3 * pis[1] + rnd.randrange(3)]  # two classes at least
    rest = rnd.sample([w for w in cand if w not in first], rnd.randint(1, 3))
    node = [(w, rnd.choice([0, 0, 1])) for w in first + rest]
    value = brute.BF(node, 4)
    worlds = {w: Fraction(1, 3**e) for w, e in node}
    mu0 = Fraction(rnd.choice([1, 2, 3]), 2)
    for depth in (2, 3):
        least = min(bound(lagrange, worlds, p, q, depth, mu0)
                    for p in range(4) for q in itertools.product(range(4), repeat=3))
        assert least <= value
