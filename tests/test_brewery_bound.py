"""benchmarks/brewery_average/lagrange.py: the brewery's average bounded below for strategies of any length.

The certificate in docs/brewery holds the multipliers; the check recomputes each triple's bound exactly
(no linear programme), so a claim above what they prove fails, and any multipliers at all give a bound that
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


def test_the_certificate_proves_33_8(modules, capsys):
    lagrange, _ = modules
    assert lagrange.main(["--check", str(CERT)]) == 0
    assert capsys.readouterr().out == (
        "checked (depth 3): every strategy of any length costs at least 297 >= 297: "
        "averages at least 33/8 = 4.125000\n")


def test_a_claim_one_unit_higher_fails_at_the_weakest_triple(modules, tmp_path, capsys):
    lagrange, _ = modules
    cert = json.loads(CERT.read_text())
    cert["claim"] = "298"
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert lagrange.main(["--check", str(path)]) == 1
    assert capsys.readouterr().out == "children ask [1, 2, 3]: 297 is below the claim 298\n"


def test_a_missing_triple_or_a_damaged_file_is_bad_input(modules, tmp_path, capsys):
    lagrange, _ = modules
    cert = json.loads(CERT.read_text())
    cert["cases"] = cert["cases"][1:]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert lagrange.main(["--check", str(path)]) == 2
    assert capsys.readouterr().err == f"error: {path}: no multipliers for children asking [0, 0, 0]\n"
    path.write_text('{"depth": 3, "root_asks": 0, "claim": "1", "cases": [{"children_ask": [0, 0], "mu": {}}]}')
    assert lagrange.main(["--check", str(path)]) == 2
    assert "cases[0].children_ask must be three persons 0-3" in capsys.readouterr().err
    path.write_bytes(b"\xff")
    assert lagrange.main(["--check", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"error: {path}: not a certificate of this form (UnicodeDecodeError")


def bound(lagrange, worlds, p, q, depth, mu0):
    """Return the argument's bound for the node asking p then q, with multiplier mu0 on every cell it uses."""
    children, grand = lagrange.shape(worlds, p, q, depth)
    routes = lagrange.class_routes(worlds, p, q, children, grand)
    cells = set()
    for rs in routes:
        for _, cs, pats in rs:
            cells |= {k for k, _ in cs} | {("z",) + g + (z,) for g, _ in pats for z in range(3)}
    return lagrange.exact_bound(sum(worlds.values()), routes, {k: mu0 for k in cells})


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
