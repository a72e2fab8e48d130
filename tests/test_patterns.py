"""Worst-case search over counted patterns: exact values, agreement with the plain search, proofs."""

from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.patterns import PatternSearch, stuck_pair
from smullyan.interrogate.search import Budget, StrategySearch
from smullyan.interrogate.solve import solve
from smullyan.interrogate.verify import verify

from conftest import allowed, gods

NAMES = {"T": "truthful", "L": "liar", "R": "random"}


def puzzle(spec: str, **kw):
    """Return the gods puzzle whose types are spelled by letters T, L, R."""
    return gods([NAMES[c] for c in spec], random=kw.pop("random", "coin"), language="any", **kw)


def searches(p):
    """Return the pattern search and the plain search over the same representatives."""
    budget = Budget()
    anyl = AnyLanguage(p.contexts(), p.goal, budget)
    patterns = PatternSearch.applicable(anyl, budget)
    plain = StrategySearch(anyl.n_reps, anyl.goal_class, anyl.max_outcomes, anyl, budget)
    return anyl, patterns, plain


@pytest.mark.parametrize("spec, questions", [
    ("TLR", 3), ("TLLR", 4), ("RRLLL", 5), ("TTLRR", 6), ("TTLLLR", 7), ("TTTLRR", 7), ("TTLLRR", 8),
])
def test_fewest_questions_in_the_worst_case(spec, questions):
    p = puzzle(spec)
    sol = solve(p)
    assert sol.questions == questions
    v = verify(p, sol.strategy)
    assert (v.ok, v.worst) == (True, questions)


@pytest.mark.parametrize("spec", ["TLLR", "RRLLL"])
def test_agrees_with_the_plain_search_on_every_subset(spec):
    anyl, patterns, plain = searches(puzzle(spec))
    for reps in range(1, 1 << anyl.n_reps):
        for k in range(5):
            assert patterns.within(reps, k) == plain.within(reps, k), (bin(reps), k)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sets(st.sampled_from(["truthful", "liar", "random"]), min_size=1), min_size=2, max_size=3),
       st.sampled_from(["word", "coin"]))
def test_agrees_with_the_plain_search_on_allowed_tables(types, random):
    p = allowed({a: sorted(t) for a, t in zip("ABC", types)}, random=random, language="any")
    anyl, patterns, plain = searches(p)
    root = (1 << anyl.n_reps) - 1
    if patterns is None:  # two worlds of one goal class: not a counting problem
        assert len(set(anyl.goal_class)) < anyl.n_reps
        return
    for k in range(5):
        assert patterns.within(root, k) == plain.within(root, k)
    assert patterns.solvable(root) == (stuck_pair(anyl, root) is None)
    if anyl.n_reps <= 8:  # the plain search proves unsolvability by exhausting every subset
        assert plain.solvable(root) == patterns.solvable(root)


def test_a_stuck_pair_proves_no_strategy_exists():
    # truthful, liar, random, random: the worlds R R T L and T L R R are never told apart, since every
    # god is random in one of them
    anyl, patterns, _ = searches(puzzle("TLRR"))
    u, v = stuck_pair(anyl, (1 << anyl.n_reps) - 1)
    types = {anyl.ctx.space.worlds[anyl.members[r][0]].types for r in (u, v)}
    assert all({a[i], b[i]} & {"random"} for a, b in [tuple(types)] for i in range(4))
    assert solve(puzzle("TLRR")).solvable is False


def test_not_used_where_representatives_share_a_goal():
    # with the goal "types" and silence possible, patterns do not apply and the plain search runs
    p = gods(["truthful", "liar", "random"], random="word-or-silent", paradox="silent", language="any")
    anyl, patterns, _ = searches(p)
    assert patterns is None


def test_expected_strategy_keeps_the_odds_under_the_coin_reading():
    # the realised questions must give random the fair odds the search assumed
    p = puzzle("RRLLL", max_questions=5, objective="expected")
    sol = solve(p)
    assert sol.expected == verify(p, sol.strategy).expected


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=10, max_size=10))
def test_renamings_fixing_a_node_are_found_through_the_trie(counts):
    """T,T,L,R,R has 10 patterns (which two gods are random) and 120 renamings of gods."""
    from smullyan.interrogate.renaming import fixing_renamings

    p = gods(["truthful", "truthful", "liar", "random", "random"], language="any")
    budget = Budget()
    search = PatternSearch.applicable(AnyLanguage(p.contexts(), p.goal, budget), budget)
    node = tuple(counts)
    assert search.n_groups == 10 and len(search.renamings) == 120
    brute = [i for i, inv in enumerate(search.renamings) if tuple(node[j] for j in inv) == node]
    assert sorted(fixing_renamings(node, search.trie)) == brute


@pytest.fixture(scope="module")
def five_and_seven():
    """Pattern searches of T,T,L,R,R and T,T,T,T,R,R,R, built once."""
    return [_search("TTLRR"), _search("TTTTRRR")]


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_the_refined_canonical_form_is_the_same_for_every_renaming_of_a_node(five_and_seven, data):
    """Canonical forms through signatures (gods of equal signature permuted among themselves) agree
    with the definition: a node and each of its renamings get one form, and the form is a renaming of
    the node; the fixing renamings equal those found by trying all (T,T,L,R,R: 10 patterns, 120
    renamings; T,T,T,T,R,R,R: 35 patterns, 5,040)."""
    search = data.draw(st.sampled_from(five_and_seven))
    renamer = search.renamer
    assert renamer.refined
    node = tuple(data.draw(st.lists(st.integers(0, 2), min_size=search.n_groups, max_size=search.n_groups)))
    inv = renamer.renamings[data.draw(st.integers(0, len(renamer.renamings) - 1))]
    image = tuple(node[j] for j in inv)
    form = renamer.least(node)
    assert renamer.least(image) == form
    assert any(tuple(node[j] for j in r) == form for r in renamer.renamings)
    brute = sorted(p for p, r in zip(renamer.agent_maps, renamer.renamings) if tuple(node[j] for j in r) == node)
    assert sorted(renamer.fixing(node)) == brute


def test_a_lazy_probe_is_bounded_as_a_whole_and_easy_nodes_need_no_batch():
    """T,T,L,L,R,R within 8: the first probe takes splits as they come and settles it after 9 splits;
    T,T,T,T,R,R,R within 7: that probe gives up after at most LAZY_PROBE splits at the top (plus the
    one that overdraws each level), and the best-first probes then find a strategy."""
    from smullyan.interrogate.patterns import LAZY_PROBE

    easy = _search("TTLLRR")
    assert easy.within((1 << easy.anyl.n_reps) - 1, 8)
    assert easy.stats.nodes <= 20
    hard = _search("TTTTRRR")
    assert hard.within((1 << hard.anyl.n_reps) - 1, 7)
    assert LAZY_PROBE < hard.stats.nodes < 5 * LAZY_PROBE


def _search(types: str) -> PatternSearch:
    p = puzzle(types)
    budget = Budget()
    return PatternSearch.applicable(AnyLanguage(p.contexts(), p.goal, budget), budget)


def _seven_gods_search() -> PatternSearch:
    from smullyan.survey.table import Reading, gods_puzzle

    puzzle = gods_puzzle(("truthful",) * 3 + ("liar",) * 2 + ("random",) * 2, Reading())
    return PatternSearch.applicable(AnyLanguage(puzzle.contexts(), puzzle.goal), Budget())


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_renaming_carrying_one_node_onto_another_is_found(data):
    search = _seven_gods_search()
    renamer = search.renamer
    node = tuple(data.draw(st.lists(st.integers(0, 2), min_size=search.n_groups, max_size=search.n_groups)))
    index = data.draw(st.integers(0, len(renamer.renamings) - 1))
    target = tuple(node[j] for j in renamer.renamings[index])
    p = renamer.carrying(node, target)
    assert p is not None and tuple(node[j] for j in renamer.inverse(p)) == target
    assert renamer.least_with(node)[0] == renamer.least(node)


def test_tree_carries_the_splits_the_search_found_instead_of_listing_splits(monkeypatch):
    # every node of the rebuilt tree takes the split the search proved (for it or for a renaming of it)
    search = _seven_gods_search()
    root = (1 << search.anyl.n_reps) - 1
    k = search.fewest(root, 12)
    monkeypatch.setattr(PatternSearch, "_proved_split", lambda *a: pytest.fail("splits were listed again"))
    tree = search.tree(root, k)
    assert k == 9 and tree is not None


def test_no_renaming_carries_a_node_onto_one_of_another_form():
    renamer = _seven_gods_search().renamer
    node = (1,) + (0,) * (len(renamer.keys) - 1)
    assert renamer.carrying(node, (2,) + node[1:]) is None
