"""The profile search (any number of answer words) against a plain exhaustive search, and its pinned results."""

import dataclasses

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import smullyan
from smullyan.errors import LimitReached
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.effort import BoundedMemo
from smullyan.interrogate.profiles import ProfileSearch
from smullyan.interrogate.search import Budget, Limits, StrategySearch

from conftest import EXAMPLES

TYPES = ["truthful", "liar", "random", "constant:neither"]


class Plain:
    """The complete language with no pruning but the no-progress rule: the reference."""

    def __init__(self, anyl: AnyLanguage):
        self.anyl = anyl

    def splits(self, reps, cap):
        return self.anyl.splits(reps, None)


def searches(puzzle, seconds=1.0, memo_entries=None):
    """Return (language, profile search, reference search, root) for a gods puzzle."""
    model = puzzle.model
    budget = Budget(Limits(seconds=seconds))
    anyl = AnyLanguage(model.contexts(), model.goal, budget)
    profiles = ProfileSearch(anyl, budget, **({} if memo_entries is None else {"memo_entries": memo_entries}))
    plain = StrategySearch(anyl.n_reps, anyl.goal_class, anyl.max_outcomes, Plain(anyl), budget)
    return anyl, profiles, plain, (1 << anyl.n_reps) - 1


def plain_fewest(plain, root, limit):
    """Return the fewest questions of the reference search (None above `limit`)."""
    node = plain.solve(root, limit)
    return None if node is None else _depth(node)


def _depth(node):
    return 0 if not hasattr(node, "branches") else 1 + max(_depth(c) for _, c in node.branches)


@st.composite
def small_puzzles(draw):
    """Return a gods puzzle of two or three gods over three words, types allowed per god."""
    n = draw(st.integers(2, 3))
    agents = ["A", "B", "C"][:n]
    allowed = {a: draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True)) for a in agents}
    return smullyan.gods(agents, allowed=allowed, words=["foo", "bar", "baz"], language="any")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_profile_search_agrees_with_the_plain_search(puzzle):
    anyl, profiles, plain, root = searches(puzzle)
    try:
        expected = plain_fewest(plain, root, 3)
    except LimitReached:
        event("reference stopped at its limit")
        return
    event(f"fewest {expected}")
    profiles.budget.restart()
    assert profiles.fewest(root, 3) == expected
    if expected is not None:
        tree = profiles.tree(root, expected)
        assert _depth(tree) == expected


def test_three_words_four_gods_each_truthful_or_liar():
    puzzle = smullyan.load(EXAMPLES / "four_gods_three_words.toml")
    anyl, profiles, _plain, root = searches(puzzle, seconds=60.0)
    assert (anyl.n_reps, len(set(anyl.goal_class))) == (48, 16)  # the language merges with its yes/no swap
    assert not profiles.within(root, 3)
    assert profiles.fewest(root, 5) == 4
    result = smullyan.solve(puzzle)
    assert result.questions == 4 and smullyan.verify(puzzle, result.strategy).ok


def test_brewery_hard_needs_five_questions():
    """No strategy of four questions solves BoolosBrewery's hard variant: the root's splits all leave a
    child whose load is above 27 (pinned: it is refuted without exploring a split)."""
    puzzle = smullyan.load(EXAMPLES / "brewery_hard.toml")
    anyl, profiles, _plain, root = searches(puzzle, seconds=60.0)
    assert (anyl.n_reps, len(set(anyl.goal_class))) == (72, 24)
    assert [anyl.load(root, a) for a in range(4)] == [60, 60, 60, 60]
    assert profiles.fewest(root, 4) is None
    assert profiles.stats.nodes == 0


def test_a_tiny_memo_gives_the_same_answer():
    puzzle = smullyan.load(EXAMPLES / "four_gods_three_words.toml")
    _anyl, profiles, _plain, root = searches(puzzle, seconds=60.0, memo_entries=2)
    assert profiles.fewest(root, 5) == 4
    assert profiles.memo.evicted > 0


def test_bounded_memo_drops_the_older_half():
    memo = BoundedMemo(4)
    for i in range(5):
        memo.put(i, i)
    assert sorted(memo.data) == [2, 3, 4] and memo.evicted == 2


def test_weighted_memo_drops_the_older_half_of_its_weight():
    memo = BoundedMemo(10, lambda key, value: len(value))
    memo.put("a", "xxxx")
    memo.put("b", "xx")
    memo.put("c", "xxx")
    assert memo.weight == 9
    memo.put("b", "x")  # a replaced entry keeps its place and its new weight counts
    assert list(memo.data) == ["a", "b", "c"] and memo.weight == 8
    memo.put("d", "xxxxx")  # 8 + 5 > 10: the oldest go until at most half of 8 is left (a: 4)
    assert list(memo.data) == ["b", "c", "d"] and memo.weight == 9 and memo.evicted == 1


def test_unsolvable_three_word_puzzle_is_proved():
    puzzle = smullyan.gods(["A"], allowed={"A": ["truthful", "random"]}, words=["foo", "bar", "baz"], language="any")
    result = smullyan.solve(puzzle)
    assert not result.solvable
    assert result.proof_details["statement"] == "no strategy of any length identifies the goal, even with every possible question"


@pytest.mark.parametrize("budget", [3, 4])
def test_symmetry_images_share_answers(budget):
    puzzle = smullyan.load(EXAMPLES / "four_gods_three_words.toml")
    _anyl, profiles, _plain, root = searches(puzzle, seconds=60.0)
    node = profiles.node_of(root)
    for s in range(len(profiles.symmetries)):
        image = tuple(sorted((profiles._map_profile(p, s), n) for p, n in node))
        assert profiles.canonical(image) == profiles.canonical(node)
    assert profiles.within_node(node, budget) == (budget >= 4)


@st.composite
def determined_puzzles(draw):
    """Return a puzzle of two or three gods, each truthful or a liar (or fixed), over three words."""
    n = draw(st.integers(2, 3))
    agents = ["A", "B", "C"][:n]
    allowed = {a: draw(st.lists(st.sampled_from(["truthful", "liar", "constant:neither"]), min_size=1, max_size=2,
                                unique=True)) for a in agents}
    return smullyan.gods(agents, allowed=allowed, words=["foo", "bar", "baz"], language="any")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(determined_puzzles())
def test_profile_average_agrees_with_the_representative_search(puzzle):
    from fractions import Fraction

    from smullyan.interrogate.expected import ExpectedSearch
    from smullyan.interrogate.profiles import ProfileExpected

    anyl, profiles, _plain, root = searches(puzzle, seconds=2.0)
    assert ProfileExpected.applicable(anyl)
    try:
        k = profiles.fewest(root, 6)
        if k is None:
            return
        within = k + 1
        ours = ProfileExpected(profiles, profiles.budget).value(profiles.node_of(root), within)
        reference = ExpectedSearch(anyl, profiles, profiles.budget).value(
            {r: Fraction(len(m)) for r, m in enumerate(anyl.members)}, within)
    except LimitReached:
        event("stopped at the limit")
        return
    assert ours == reference
    event(f"average {ours}")


def test_three_word_average_is_solved_and_verified():
    puzzle = smullyan.gods(["A", "B", "C"], allowed={a: ["truthful", "liar"] for a in "ABC"},
                           words=["foo", "bar", "baz"], language="any")
    result = smullyan.solve(puzzle, objective="expected")
    verdict = smullyan.verify(puzzle, result.strategy)
    assert verdict.ok and verdict.expected == result.expected
    assert (result.questions, result.expected) == (3, 3)
