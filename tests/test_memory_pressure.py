"""Memory pressure: near the memory budget the run's transposition tables are squeezed, and the
search goes on with the same answers instead of stopping."""

import gc

import pytest

import smullyan
from smullyan.interrogate import depth_sat, effort, search
from smullyan.interrogate.effort import BoundedMemo, Tables
from smullyan.interrogate.search import Budget, Limits

from conftest import EXAMPLES

MB = 2**20


def test_squeeze_halves_a_table_and_caps_it():
    memo = BoundedMemo(10_000)
    for i in range(4000):
        memo.put(i, i)
    memo.squeeze()
    assert len(memo) == 2000 and memo.limit == 2000 and min(memo.data) == 2000  # the older half went
    for i in range(4000, 5001):
        memo.put(i, i)
    assert len(memo) <= 2000 and max(memo.data) == 5000


def test_squeeze_keeps_a_smallest_table():
    memo = BoundedMemo(100)
    for i in range(100):
        memo.put(i, i)
    memo.squeeze()
    assert memo.limit == effort.SMALLEST_TABLE and len(memo) == 100


def test_squeeze_of_a_weighted_table_counts_weight():
    memo = BoundedMemo(100_000, lambda key, value: len(value))
    for i in range(3000):
        memo.put(i, "xx")
    memo.squeeze()
    assert memo.limit == 3000 and memo.weight == 3000 and len(memo) == 1500


def test_tables_hold_their_memos_weakly():
    tables = Tables()
    kept = BoundedMemo(10, tables=tables)
    BoundedMemo(10, tables=tables)
    gc.collect()
    assert len(tables) == 1 and kept.limit == 10


def test_relieve_squeezes_past_the_mark_then_moves_the_mark_towards_the_budget():
    tables = Tables()
    memo = BoundedMemo(1_000_000, tables=tables)
    for i in range(10_000):
        memo.put(i, i)
    budget = 1000 * MB
    assert not tables.relieve(750 * MB, budget)  # at the mark (3/4 of the budget): nothing yet
    assert tables.relieve(751 * MB, budget) and len(memo) == 5000
    assert not tables.relieve(830 * MB, budget)  # the mark moved a third of the way: 751 + 83 MB
    assert tables.relieve(835 * MB, budget) and len(memo) == 2500
    assert tables.squeezes == 2


def test_shared_budgets_share_the_tables():
    whole = Budget(Limits(seconds=10.0, memory=100 * MB))
    side = whole.share(1000, 0.5)
    assert side.tables is whole.tables


def _rising_memory(budget: int):
    """Return a fake resident-memory reading that starts at 80% of `budget` and grows towards it."""
    state = {"used": int(0.8 * budget)}

    def read() -> int:
        state["used"] = min(budget - MB, state["used"] + 2 * MB)
        return state["used"]

    return read


@pytest.mark.parametrize("name, objective", [("four_gods_three_words", "worst"), ("five_gods_expected", "expected")])
def test_a_search_under_memory_pressure_gives_the_same_answer(monkeypatch, name, objective):
    puzzle = smullyan.load(EXAMPLES / f"{name}.toml").with_options(objective=objective)
    free = smullyan.solve(puzzle)
    squeezed = []
    real = Tables.squeeze

    def counting(self):
        squeezed.append(len(self))
        return real(self)

    monkeypatch.setattr(Tables, "squeeze", counting)
    monkeypatch.setattr(search, "POLL_SECONDS", 0.001)
    reading = _rising_memory(500 * MB)
    monkeypatch.setattr(search, "resident_bytes", reading)
    monkeypatch.setattr(depth_sat, "resident_bytes", reading)  # the SAT solver's watcher reads it too
    monkeypatch.setattr(depth_sat, "child_private_bytes", lambda pid: 0)
    pressed = smullyan.solve(puzzle, memory="500M")
    assert squeezed and max(squeezed) > 0  # tables were registered and squeezed
    assert (pressed.questions, pressed.expected, pressed.proof) == (free.questions, free.expected, free.proof)
    assert smullyan.verify(puzzle, pressed).ok
