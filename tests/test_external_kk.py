"""All 6,900 K&K puzzles (Xie et al. 2024): unique, equal to the published solution, on both backends."""

import json

import pytest

from smullyan.deduce.solve import solve_deduction
from smullyan.formats.kk import read_kk

from conftest import shared, run

KK = "knights_knaves/kk_clean.jsonl"


def expected():
    return {r["id"]: tuple("truthful" if b else "liar" for b in r["solution"])
            for r in map(json.loads, shared(KK).read_text().splitlines())}


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["enum", "sat"])
def test_every_kk_puzzle_is_unique_and_matches(backend):
    truth = expected()
    seen = 0
    for pid, puzzle in read_kk(shared(KK)):
        res = solve_deduction(puzzle, backend)
        assert [w.types for w in res.worlds] == [truth[pid]], pid
        seen += 1
    assert seen == 6900


def test_cli_kk_json_lines(tmp_path):
    lines = shared(KK).read_text().splitlines()[:3]
    f = tmp_path / "three.jsonl"
    f.write_text("\n".join(lines) + "\n")
    r = run("solve", "--format", "kk", f, "--json")
    assert r.exit_code == 0
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [o["id"] for o in out] == ["kk-test-2p-0", "kk-test-2p-1", "kk-test-2p-2"]
    assert (out[0]["schema"], out[0]["line"], out[0]["complete"]) == ("smullyan/solve/deduction", 1, True)
    assert {k: out[0][k] for k in ("id", "consistent", "unique", "solutions", "determined")} == {
                      "id": "kk-test-2p-0", "consistent": 1, "unique": True,
                      "solutions": [{"types": {"Zoey": "knave", "Oliver": "knight"}}],
                      "determined": {"types": {"Zoey": "knave", "Oliver": "knight"}}}
