"""The representative-level average search (`interrogate/expected.py`): the exact code bound, candidate
batches (memory), polishing a strategy into an upper bound, and what a stopped brewery average reports."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import smullyan
from smullyan.errors import LimitReached
from smullyan.interrogate import expected as expected_module
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.expected import INFINITE, ExpectedSearch, code_bound, exact_code_bound
from smullyan.interrogate.profiles import ProfileSearch
from smullyan.interrogate.search import Budget, Limits, depth_of

WORDS = ["foo", "bar", "baz"]


def test_the_exact_code_bound_of_24_equal_classes_in_three_letters():
    assert exact_code_bound([Fraction(1, 24)] * 24, 3) == Fraction(47, 16)
    assert exact_code_bound([Fraction(1)] * 4, 2) == 2
    assert exact_code_bound([Fraction(1)], 3) == 0


@given(st.lists(st.fractions(min_value=Fraction(1, 50), max_value=5), min_size=1, max_size=30), st.integers(2, 5))
def test_the_exact_code_bound_is_the_float_bound(masses, base):
    exact = exact_code_bound(masses, base)
    assert abs(float(exact) - code_bound([float(m) for m in masses], base)) < 1e-9
    assert exact >= 0


@st.composite
def random_three_word_puzzles(draw):
    """Return a puzzle of two or three gods over three words, one of them possibly random."""
    n = draw(st.integers(2, 3))
    agents = ["A", "B", "C"][:n]
    kinds = ["truthful", "liar", "random", "constant:neither"]
    if draw(st.booleans()):  # the gods are some order of these types: renamings map worlds onto worlds
        return smullyan.gods(agents, types=draw(st.lists(st.sampled_from(kinds), min_size=n, max_size=n)),
                             words=WORDS, language="any")
    allowed = {a: draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=2, unique=True)) for a in agents}
    return smullyan.gods(agents, allowed=allowed, words=WORDS, language="any")


def _search(puzzle, seconds=3.0):
    model = puzzle.model
    budget = Budget(Limits(seconds=seconds))
    anyl = AnyLanguage(model.contexts(), model.goal, budget)
    worst = ProfileSearch(anyl, budget)
    masses = {r: Fraction(len(m)) for r, m in enumerate(anyl.members)}
    return ExpectedSearch(anyl, worst, budget), masses, (1 << anyl.n_reps) - 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_three_word_puzzles())
def test_small_candidate_batches_give_the_same_optimum(puzzle):
    """Splits held a few at a time (memory) are pruned per batch: the optimum must not change."""
    try:
        search, masses, root = _search(puzzle)
        k = search.worst.fewest(root, 5)
        if k is None or k == 0:
            return
        whole = search.value(masses, k + 1)
        original = expected_module.CANDIDATE_BATCH
        expected_module.CANDIDATE_BATCH = 2
        try:
            batched, _, _ = _search(puzzle)
            assert batched.value(masses, k + 1) == whole
        finally:
            expected_module.CANDIDATE_BATCH = original
    except LimitReached:
        event("stopped at the limit")
        return
    event(f"average {whole}")


MIXED = {"A": ["truthful", "constant:neither"], "B": ["random"], "C": ["constant:neither", "liar"]}


def test_polishing_reaches_the_optimum_when_every_node_settles():
    puzzle = smullyan.gods(["A", "B", "C"], allowed=MIXED, words=WORDS, language="any")
    search, masses, root = _search(puzzle, seconds=60)
    k = search.worst.fewest(root, 6)
    tree = search.worst.tree(root, k)
    assert (k, search.average(tree, masses)) == (3, Fraction(5, 2))
    polished = search.polished(tree, masses, k, Budget(Limits(seconds=60)))
    assert depth_of(polished) <= k
    assert search.average(polished, masses) == search.value(masses, k) == Fraction(29, 12)
    strategy = smullyan.solve(puzzle, objective="expected").strategy
    assert smullyan.verify(puzzle, strategy).expected == Fraction(29, 12)


def test_polishing_on_no_budget_keeps_the_tree():
    puzzle = smullyan.gods(["A", "B", "C"], allowed=MIXED, words=WORDS, language="any")
    search, masses, root = _search(puzzle, seconds=60)
    k = search.worst.fewest(root, 6)
    tree = search.worst.tree(root, k)
    assert search.polished(tree, masses, k, Budget(Limits(nodes=0))) is tree


def test_a_stopped_brewery_average_reports_both_bounds_and_a_verified_strategy():
    """Three words and a random speaker: the exact average search does not finish; what was proved and a
    polished, verified strategy are reported (split limit: deterministic; the worst-case SAT level spends
    about 171,000 of them as conflicts, leaving the average search about 100,000)."""
    puzzle = smullyan.load("examples/brewery_hard.toml")
    with pytest.raises(LimitReached) as stopped:
        puzzle.solve(280_000, objective="expected")
    proved = stopped.value.proved
    assert proved["fewer_impossible"] == 4 and proved["fewest_any_language"] == 5
    assert proved["expected_at_least"] == "47/16"  # the code bound of 24 classes in three words
    assert proved["expected_at_most"] == "3169/648" and proved["worst_at_most"] == 5  # the SAT tree: 3193/648 before polishing
    verdict = smullyan.verify(puzzle, stopped.value.best)
    assert verdict.ok and (verdict.expected, verdict.worst) == (Fraction(3169, 648), 5)
    assert INFINITE > Fraction(proved["expected_at_most"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_three_word_puzzles())
def test_memo_keys_up_to_renaming_gods_and_words_keep_the_optimum(puzzle):
    """Nodes that a renaming of gods and a permutation of words maps onto each other share a memo entry:
    the optimum must be the one found with no renaming at all."""
    try:
        search, masses, root = _search(puzzle)
        k = search.worst.fewest(root, 5)
        if k is None or k == 0:
            return
        plain, _, _ = _search(puzzle)
        plain.perms = []
        assert search.value(masses, k + 1) == plain.value(masses, k + 1)
    except LimitReached:
        event("stopped at the limit")
        return
    event(f"{len(search.perms)} renamings")


def test_the_brewery_has_144_renamings():
    """Four gods of four different types (24 renamings) and three words (6 permutations)."""
    search, _, _ = _search(smullyan.load("examples/brewery_hard.toml"))
    assert len(search.perms) == 144 and search.perms[0] == list(range(len(search.perms[0])))


def test_answers_without_odds_leave_the_tree_as_it_is():
    """A god who may choose between two words that mean neither: no average is defined, so the tree has
    none (INFINITE) and polishing keeps it; solve says so as bad input (tests/test_hostile.py)."""
    puzzle = smullyan.gods(["A", "B"], allowed={"A": ["constant:no"], "B": ["constant:neither", "constant:no"]},
                           words=["foo", "bar", "baz", "qux"], language="any")
    search, masses, root = _search(puzzle)
    k = search.worst.fewest(root, 4)
    tree = search.worst.tree(root, k)
    assert search.average(tree, masses) == INFINITE == search.value(masses, k)
    assert search.polished(tree, masses, k, Budget(Limits(seconds=10))) == tree


def _reference(search, masses, k, memo):
    """Return the optimum within k by trying every candidate split, no bound and no cut (small puzzles)."""
    reps = search._reps(masses)
    if search.worst.classes(reps) <= 1:
        return Fraction(0)
    if k == 0 or not search.worst.within(reps, k):
        return INFINITE
    key = (tuple(sorted(masses.items())), k)
    if key not in memo:
        total = sum(masses.values())
        memo[key] = min((1 + sum(sum(c.values()) / total * _reference(search, c, k - 1, memo) for _, c in children)
                         for batch in search.candidates(masses, k) for _, _, children in batch), default=INFINITE)
    return memo[key]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_three_word_puzzles())
def test_the_cut_search_finds_the_optimum_of_every_split_tried(puzzle):
    """value() prunes by the information bound and passes each child what is left of its parent's cut;
    it must return the minimum over every split, found here with neither."""
    try:
        search, masses, root = _search(puzzle)
        k = search.worst.fewest(root, 4)
        if k is None or k == 0:
            return
        expected = _reference(search, masses, k + 1, {})
        assert search.value(masses, k + 1) == expected
    except LimitReached:
        event("stopped at the limit")
        return
    event(f"average {expected}")
