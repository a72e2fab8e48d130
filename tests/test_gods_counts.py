"""Counts in gods puzzles: "exactly two of them are liars", in TOML ([counts]) and in English, read, solved,
written back."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

import smullyan
from smullyan.logic.worlds import counts_of, with_counts
from smullyan.render.english_gods import gods_text

FOUR = """title = "Four gods"
agents = ["A", "B", "C", "D"]
words = ["ja", "da"]
[allowed]
A = ["truthful", "liar", "random"]
B = ["truthful", "liar", "random"]
C = ["truthful", "liar", "random"]
D = ["truthful", "liar", "random"]
[counts]
"""


def test_counts_filter_the_worlds_and_write_back():
    p = smullyan.loads(FOUR + "random = 1\n")
    assert p.worlds == 4 * 2 ** 3 * 2  # where Random is, the others' types, the language
    back = smullyan.loads(p.to_toml())
    assert set(back.model.space.worlds) == set(p.model.space.worlds)
    assert "[counts]\nrandom = 1\n" in p.to_toml()


def test_counts_that_fix_a_multiset_are_written_as_types():
    p = smullyan.loads(FOUR.replace('"liar", "random"]', '"liar"]') + "liar = 2\n")
    assert p.worlds == 6 * 2
    assert 'types = ["truthful", "truthful", "liar", "liar"]' in p.to_toml()
    res = p.solve()
    assert res.questions == 3 and smullyan.verify(p, res.strategy).ok


@pytest.mark.parametrize("counts, message", [
    ("liar = 5\n", "key 'counts': no assignment of the gods' types has these counts"),
    ("wizard = 1\n", "counts.wizard"),
])
def test_bad_counts(counts, message):
    with pytest.raises(smullyan.BadInput) as e:
        smullyan.loads(FOUR + counts)
    assert message in e.value.render()


ENGLISH = ("Three gods are called A, B, and C. A is True, False, or Random. B is True, False, or Random. "
           "C is True or False. Exactly one of them is Random. True always speaks truly and False always speaks "
           "falsely, but whether Random speaks truly or falsely is a completely random matter. Your task is to "
           "determine the identities of A, B, and C by asking yes-no questions; each question must be put to "
           "exactly one god.")


def test_english_counts_read_solve_and_round_trip():
    p = smullyan.read(ENGLISH)
    types = {w.types for w in p.model.space.worlds}
    assert len(types) == 2 * 2 * 2 and all(t.count("random") == 1 for t in types) and all(t[2] != "random" for t in types)
    for seed in range(5):
        text = gods_text(p.model, variant=random.Random(seed))
        assert "Exactly one of" in text
        assert smullyan.read(text).model.space.worlds == p.model.space.worlds


def test_english_counts_errors():
    with pytest.raises(smullyan.BadInput, match=r"no assignment of the gods' types has these counts \(exactly 3 Random\)"):
        smullyan.read(ENGLISH.replace("Exactly one of them is Random", "Exactly three of them are Random"))
    cast = ("Three gods A, B, and C are called, in some order, True, False, and Random. Exactly one of them is "
            "Random. Your task is to determine the identities of A, B, and C by asking three yes-no questions; "
            "each question must be put to exactly one god.")
    with pytest.raises(smullyan.BadInput, match="goes with one sentence per god"):
        smullyan.read(cast)


TYPES = ["truthful", "liar", "random"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sets(st.sampled_from(TYPES), min_size=1), min_size=2, max_size=4),
       st.dictionaries(st.sampled_from(TYPES), st.integers(0, 4), max_size=2))
def test_counts_of_recovers_a_filter_that_gives_the_same_assignments(per_agent, counts):
    per = [sorted(s) for s in per_agent]
    assignments = with_counts([tuple(c) for c in itertools.product(*per)], counts)
    found = counts_of(assignments)
    if not assignments:
        assert found is None
        return
    assert found is not None
    again = with_counts([tuple(c) for c in itertools.product(*found[0])], found[1])
    assert set(again) == set(assignments)


def test_builder_takes_counts():
    p = smullyan.gods(["A", "B", "C"], allowed={a: ["truthful", "liar"] for a in "ABC"}, counts={"liar": 1},
                      words=["yes", "no"])
    assert sorted(w.types for w in p.model.space.worlds) == sorted(
        [("liar", "truthful", "truthful"), ("truthful", "liar", "truthful"), ("truthful", "truthful", "liar")])
    assert p.solve().questions == 2
