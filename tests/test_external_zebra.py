"""ZebraLogic (Lin et al. 2025) read from English and solved: every published grid, and uniqueness."""

import json

import pytest

from smullyan.deduce.solve import solve_deduction
from smullyan.english.zebralogic import parse_zebralogic
from smullyan.errors import PuzzleError
from smullyan.render.deduction import grid_rows

from conftest import EXAMPLES, shared, run

WITH = "zebra/zebralogic_final_with_solutions.jsonl"
WITHOUT = "zebra/zebralogic_final_puzzles_without_solutions.jsonl"


def records(path):
    return [json.loads(x) for x in shared(path).read_text().splitlines()]


def solved_grid(puzzle, world):
    cats = [c for c, _ in puzzle.grid.categories]
    return [[row[c].lower() for c in cats] for row in grid_rows(puzzle, world)]


@pytest.mark.slow
def test_all_216_published_grids():
    rows = records(WITH)
    for r in rows:
        puzzle = parse_zebralogic(r["puzzle"], r["id"])
        res = solve_deduction(puzzle)
        assert res.unique, r["id"]
        assert solved_grid(puzzle, res.worlds[0]) == [[x.lower() for x in row[1:]] for row in r["solution"]["rows"]], r["id"]
    assert len(rows) == 216


@pytest.mark.slow
def test_all_247_unpublished_have_exactly_one_solution():
    rows = records(WITHOUT)
    assert [r["id"] for r in rows if solve_deduction(parse_zebralogic(r["puzzle"])).consistent != 1] == []
    assert len(rows) == 247


@pytest.mark.parametrize("pid", ["lgp-test-4x5-5", "lgp-test-6x5-2", "lgp-test-6x6-5"])
def test_reported_malformed_puzzles_read_with_shared_values(pid):
    # each has a value in two characteristics (bird/fish/cat as animal and pet; Alice as name and child);
    # the noun phrase tells them apart, and the published grid is the only solution
    r = next(x for x in records(WITH) if x["id"] == pid)
    puzzle = parse_zebralogic(r["puzzle"])
    res = solve_deduction(puzzle)
    assert res.unique
    assert solved_grid(puzzle, res.worlds[0]) == [[x.lower() for x in row[1:]] for row in r["solution"]["rows"]]


def test_reading_is_fast():
    # median under 50 ms per published text (the parser and phrase tables are built once)
    import statistics
    import time

    times = []
    for r in records(WITH):
        start = time.perf_counter()
        parse_zebralogic(r["puzzle"])
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.05


def test_example_text_and_clue_errors():
    text = (EXAMPLES / "zebralogic_3x3.txt").read_text()
    res = solve_deduction(parse_zebralogic(text))
    assert res.unique
    bad = text.replace("2. The person who likes milk is directly left of Ada.",
                       "2. The person who likes milk hums near Ada.")
    with pytest.raises(PuzzleError) as err:
        parse_zebralogic(bad)
    assert err.value.message.startswith("line 8, column 4: cannot read 'The person who likes milk hums near Ada.': "
                                        "expected one of the puzzle's values and a position")
    r = run("solve", EXAMPLES / "zebralogic_3x3.txt", "--json")
    assert json.loads(r.stdout)["determined"]["houses"][0] == {
        "name": "Ben", "favorite drink": "milk", "favorite sports": "golf"}
