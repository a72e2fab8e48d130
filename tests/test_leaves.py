"""The leaf-count floor of the pattern search (interrogate/leaves.py, design note 44)."""

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smullyan.interrogate.leaves import INFINITE, LeafFloor

from conftest import allowed
from test_patterns import puzzle, searches


def floor_of(spec: str, effort: int | None = None):
    """Return the pattern search of a puzzle spelled T, L, R, its root counts and a floor."""
    _, patterns, _ = searches(puzzle(spec))
    counts = patterns.counts((1 << patterns.anyl.n_reps) - 1)
    return patterns, counts, LeafFloor(patterns) if effort is None else LeafFloor(patterns, effort)


@pytest.mark.parametrize("spec, worst", [
    ("TLR", 3), ("TLLR", 4), ("TTLRR", 6), ("TTTLRR", 7), ("TTLLRR", 8), ("TTTTLRR", 8), ("TTTLLRR", 9),
    ("TTTLRRR", 9),
])
def test_refutes_one_fewer_than_the_worst_case_and_never_the_worst_case(spec, worst):
    _, counts, floor = floor_of(spec)
    assert floor.refutes(counts, worst - 1)
    assert not floor.refutes(counts, worst)  # a strategy of `worst` questions exists: refuting it would be wrong


@pytest.mark.parametrize("spec, k, leaves", [("TTR", 2, 4), ("TTTTR", 3, 6), ("TTTRR", 5, 18), ("TTTTRR", 5, 23),
                                             ("TTTTTRR", 5, 30), ("TTTRR", 4, INFINITE)])
def test_fewest_occupied_leaves_of_rows_without_liars(spec, k, leaves):
    patterns, counts, floor = floor_of(spec)
    assert floor.least((1 << patterns.n_groups) - 1, k, INFINITE) == (leaves, True)


def plain_least(random_sets: list[int], n_gods: int, S: int, k: int) -> int:
    """Return the fewest occupied leaves for the worlds S (bits over random_sets) within k questions, by
    trying every addressee and every division of the worlds it can answer freely in."""

    @lru_cache(maxsize=None)
    def best(S: int, k: int) -> int:
        worlds = [w for w in range(len(random_sets)) if S >> w & 1]
        if len(worlds) <= 1:
            return len(worlds)
        if k == 0:
            return INFINITE
        value = INFINITE
        for a in range(n_gods):
            both = sum(1 << w for w in worlds if random_sets[w] >> a & 1)
            free = [w for w in worlds if not random_sets[w] >> a & 1]
            for bits in range(1 << len(free)):
                yes = both | sum(1 << free[j] for j in range(len(free)) if bits >> j & 1)
                no = both | sum(1 << free[j] for j in range(len(free)) if not bits >> j & 1)
                if yes != S and no != S:
                    value = min(value, best(yes, k - 1) + best(no, k - 1))
        return value

    return best(S, k)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["TTTR", "TTTRR", "TTTTRR", "TTTRRR"]), st.data())
def test_agrees_with_a_plain_search_on_sets_of_patterns(spec, data):
    patterns, _, floor = floor_of(spec)
    random_sets = [sum(1 << a for a in range(patterns.n_agents) if patterns.both[g][a]) for g in range(patterns.n_groups)]
    S = sum(1 << g for g in data.draw(st.sets(st.integers(0, patterns.n_groups - 1), min_size=1, max_size=9)))
    k = data.draw(st.integers(0, 5))
    value, exact = floor.least(S, k, INFINITE)
    assert exact and value == plain_least(random_sets, patterns.n_agents, S, k)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sets(st.sampled_from(["truthful", "liar", "random"]), min_size=1), min_size=2, max_size=3))
def test_never_refutes_what_the_pattern_search_solves(types):
    p = allowed({a: sorted(t) for a, t in zip("ABC", types)}, random="coin", language="any")
    anyl, patterns, _ = searches(p)
    if patterns is None:
        return
    root = (1 << anyl.n_reps) - 1
    floor = LeafFloor(patterns)
    for k in range(6):
        if floor.refutes(patterns.counts(root), k):
            assert not patterns.within(root, k)


def test_running_out_of_effort_refutes_nothing():
    """T,T,T,L,R,R,R: refuting 8 takes about 150,000 partial splits; with 1,000 the floor gives up, and a
    floor that gives up says nothing."""
    _, counts, floor = floor_of("TTTLRRR", effort=1_000)
    assert not floor.refutes(counts, 8)
    _, counts, floor = floor_of("TTTLRRR")
    assert floor.refutes(counts, 8)


@pytest.mark.parametrize("types, sentence", [
    ("TLR", "No strategy of 2 questions identifies the goal, even with every possible question (exhaustive search)."),
    ("TTLLRR", "No strategy of 7 questions identifies the goal, even with every possible question (counting leaves: "
               "the worlds, one per set of random gods at a time, need more leaves than 7 questions give)."),
])
def test_the_proof_names_the_argument_that_refuted_one_fewer(types, sentence):
    import smullyan

    names = {"T": "truthful", "L": "liar", "R": "random"}
    kinds = [names[c] for c in types]
    result = smullyan.gods([chr(65 + i) for i in range(len(kinds))], kinds, random="coin", language="any",
                           max_complexity=0).solve()
    assert result.proof == sentence
    assert (result.stats["bound"].get("leaf_floor"), result.questions) == ((7, 8) if types == "TTLLRR" else (None, 3))
