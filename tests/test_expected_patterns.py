"""Expected questions over counted patterns: agreement with the representative search, code bounds."""

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.expected import ExpectedSearch, code_bound
from smullyan.interrogate.expected_patterns import PatternExpected, code_lengths, kraft_relaxation, package_merge
from smullyan.interrogate.patterns import PatternSearch
from smullyan.interrogate.search import Budget

from conftest import gods

NAMES = {"T": "truthful", "L": "liar", "R": "random"}


def best_code(weights, limit):
    """Return the least sum of weight x length over all length vectors meeting Kraft (brute force)."""
    best = None
    for lengths in itertools.product(range(1, limit + 1), repeat=len(weights)):
        if sum(Fraction(1, 2 ** l) for l in lengths) <= 1:
            cost = sum(w * l for w, l in zip(weights, lengths))
            best = cost if best is None else min(best, cost)
    return best


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=5), st.integers(1, 4))
def test_package_merge_is_the_best_length_limited_code(weights, limit):
    if len(weights) > 2 ** limit:
        return
    assert package_merge(weights, limit) == best_code(weights, limit)
    lengths = code_lengths(weights, limit)
    assert max(lengths) <= limit and sum(Fraction(1, 2 ** l) for l in lengths) <= 1
    assert sum(w * l for w, l in zip(weights, lengths)) == package_merge(weights, limit)


@pytest.mark.parametrize("spec, within", [("TLR", 3), ("TLR", 4), ("TTLL", 3), ("TLLR", 4), ("TLLR", 5), ("RRLLL", 5)])
def test_counted_search_agrees_with_the_representative_search(spec, within):
    p = gods([NAMES[c] for c in spec], random="coin", language="any")
    budget = Budget()
    anyl = AnyLanguage(p.contexts(), p.goal, budget)
    worst = PatternSearch.applicable(anyl, budget)
    counted = PatternExpected(worst, budget)
    plain = ExpectedSearch(anyl, worst, budget)
    levels = {r: 0 for r in range(anyl.n_reps)}
    masses = {r: Fraction(len(m)) for r, m in enumerate(anyl.members)}
    assert counted.value(counted.state_of(levels), within) == plain.value(masses, within)


def huffman_average(weights):
    """Return the average codeword length of a Huffman code (no length limit)."""
    return Fraction(package_merge(weights, len(weights)), sum(weights))


@pytest.mark.parametrize("n", range(2, 100))
def test_kraft_relaxation_of_equal_worlds_is_the_best_code(n):
    assert kraft_relaxation([n]) == huffman_average([1] * n)


def test_kraft_relaxation_known_values():
    assert (kraft_relaxation([3]), kraft_relaxation([60]), kraft_relaxation([1, 2]), kraft_relaxation([0, 1, 2])) == \
        (Fraction(5, 3), Fraction(89, 15), Fraction(3, 2), Fraction(3, 2))
    assert kraft_relaxation([1]) == kraft_relaxation([0, 0, 1]) == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=5))
def test_kraft_relaxation_lies_between_entropy_and_the_best_code(levels):
    weights = [2 ** (len(levels) - 1 - j) for j, c in enumerate(levels) for _ in range(c)]
    if len(weights) < 2:
        return
    total = sum(weights)
    entropy = -sum(w / total * math.log2(w / total) for w in weights)
    assert entropy - 1e-9 <= kraft_relaxation(levels) <= huffman_average(weights)


def counted(spec):
    p = gods([NAMES[c] for c in spec], random="coin", language="any")
    budget = Budget()
    anyl = AnyLanguage(p.contexts(), p.goal, budget)
    return PatternExpected(PatternSearch.applicable(anyl, budget), budget)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_split_guard_never_cuts_a_split_below_the_cut(data):
    search = counted(data.draw(st.sampled_from(["TLRR", "TTLRR", "TTTRR", "TLLR"])))
    state = search.normalise(tuple(tuple(data.draw(st.lists(st.integers(0, 2), max_size=2)))
                                   for _ in range(search.worst.n_groups)))
    if sum(search.counts(state)) < 2:
        return
    k = data.draw(st.integers(2, 6))
    every = search.candidates(state, k)
    if not every:
        return
    bounds = sorted({lb for lb, _, _ in every})
    cut = data.draw(st.sampled_from(bounds + [bounds[-1] + 1]))
    guarded = type(search)(search.worst, Budget()).candidates(state, k, cut)
    assert [(lb, split) for lb, split, _ in guarded] == [(lb, split) for lb, split, _ in every if lb < cut]


def best_code_in(base, weights, limit=5):
    """Return the least average length over base-ary prefix codes (brute force over lengths)."""
    best = None
    for lengths in itertools.product(range(0, limit + 1), repeat=len(weights)):
        if sum(Fraction(1, base ** l) for l in lengths) <= 1:
            cost = Fraction(sum(w * l for w, l in zip(weights, lengths)), sum(weights))
            best = cost if best is None else min(best, cost)
    return best


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=5), st.sampled_from([2, 3]))
def test_code_bound_lies_between_entropy_and_the_best_code(weights, base):
    total = sum(weights)
    entropy = -sum(w / total * math.log2(w / total) for w in weights) / math.log2(base)
    got = code_bound([float(w) for w in weights], base)
    assert entropy - 1e-9 <= got <= float(best_code_in(base, weights)) + 1e-9


def test_code_bound_agrees_with_the_kraft_relaxation():
    for levels in ([3], [60], [1, 2], [2, 5, 7], [0, 4, 1]):
        masses = [2.0 ** -j for j, c in enumerate(levels) for _ in range(c)]
        assert abs(code_bound(masses, 2) - float(kraft_relaxation(levels))) < 1e-12
    # four equal items in 3 letters: all to length 1 frees 8/3 of the excess 3, the last 1/3 takes
    # one and a half items to length 2: (4 + 1.5) / 4 = 11/8, below the best code's 3/2 (1, 1, 2, 2)
    assert abs(code_bound([1.0] * 4, 3) - 11 / 8) < 1e-12 and best_code_in(3, [1] * 4) == Fraction(3, 2)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_tied_cells_lose_no_split(data):
    # taking interchangeable cells in order keeps one split per orbit: the same children up to renaming
    spec = data.draw(st.sampled_from(["TTTLR", "TTLLR", "TTTTR", "TLLR"]))
    search = counted(spec)
    state = search.normalise(tuple(tuple(data.draw(st.lists(st.integers(0, 3), min_size=1, max_size=2)))
                                   for _ in range(search.worst.n_groups)))
    if sum(search.counts(state)) < 2:
        return
    k = data.draw(st.integers(2, 7))

    def kinds(s):
        return {frozenset((m, s.canonical(c)) for m, c in children) for _, _, children in s.candidates(state, k)}

    untied = counted(spec)
    untied.tied = lambda state, a, cells: [-1] * len(cells)
    assert kinds(search) == kinds(untied)



def test_a_deeper_average_search_stopped_by_its_time_share_leaves_the_last_optimum_usable():
    """T,T,L,R,R: 671/120 within 7; the search within 9 cannot finish in a millisecond, so `deepen`
    answers None (no partial figure) and the finished values are still there."""
    import time

    from smullyan.interrogate.solve import deepen
    from smullyan.interrogate.search import Limits

    p = gods([NAMES[c] for c in "TTLRR"], random="coin", language="any")
    budget = Budget(Limits(seconds=600))
    anyl = AnyLanguage(p.contexts(), p.goal, budget)
    counted = PatternExpected(PatternSearch.applicable(anyl, budget), budget)
    state = counted.state_of({r: 0 for r in range(anyl.n_reps)})
    assert counted.value(state, 7) == Fraction(671, 120)
    deadline = budget.deadline = time.perf_counter() + 0.002
    assert deepen(counted, budget, state, 9) is None
    assert budget.deadline == deadline  # restored
    budget.deadline = None
    assert counted.value(state, 7) == Fraction(671, 120)
    assert counted.reaches(state, 7, Fraction(671, 120))


@pytest.mark.parametrize("spec, within, value", [("TTLRR", 7, Fraction(671, 120)), ("TTTLR", 6, Fraction(23, 5))])
def test_memo_budgets_of_a_few_entries_change_no_average(spec, within, value):
    """Every table of the average search has an entry budget (issue 18: memory bounded in every search);
    an evicted entry only costs time, so with tables of 4 entries the averages stay exact."""
    from smullyan.interrogate.effort import BoundedMemo

    p = gods([NAMES[c] for c in spec], language="any")
    budget = Budget()
    anyl = AnyLanguage(p.contexts(), p.goal, budget)
    worst = PatternSearch.applicable(anyl, budget)
    worst._memo, worst._canon = BoundedMemo(4), BoundedMemo(4)
    counted = PatternExpected(worst, budget)
    tables = ("_memo", "_floor", "_bounds", "_canon", "_costly")
    for name in tables:
        setattr(counted, name, BoundedMemo(4))
    assert counted.value(counted.state_of({r: 0 for r in range(anyl.n_reps)}), within) == value
    assert all(len(getattr(counted, name)) <= 4 for name in tables)
    assert counted._bounds.evicted > 0 and counted._canon.evicted > 0
