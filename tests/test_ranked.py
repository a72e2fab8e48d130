"""The ranked search (interrogate/ranked.py): verified upper bounds on the average, never a proof.

Pinned: what it finds on small rows (exact fractions), that it is never below the proved optimum,
that it applies only where the counted model does, that its limit holds, and how the survey uses it."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smullyan.errors import SearchLimitReached
from smullyan.interrogate import ranked as ranked_module
from smullyan.interrogate.ranked import RankedSearch, ranked_strategy
from smullyan.interrogate.search import Budget, Limits
from smullyan.interrogate.solve import average_lower_bound, solve
from smullyan.interrogate.verify import verify
from smullyan.survey import table
from smullyan.survey.table import Reading, gods_puzzle, survey_one

T, L, R = "truthful", "liar", "random"


def ranked(types, seconds=60.0):
    return ranked_strategy(gods_puzzle(types, Reading()), Budget(Limits(seconds=seconds)))


@pytest.mark.parametrize("types, average, worst", [
    ((T, L, R), Fraction(3), 3),
    ((T, T, T, R, R), Fraction(327, 80), 5),  # the optimum is 163/40: the widths miss it
    ((T, T, L, R, R), Fraction(1337, 240), 9),  # optimal (the exact search's, whose worst case is 6)
    ((T, T, T, L, R, R), Fraction(32, 5), 7),  # optimal
    ((T, T, T, T, R, R), Fraction(22, 5), 5),  # optimal (the row's lower bound)
])
def test_what_it_finds_on_small_rows(types, average, worst):
    found = ranked(types)
    assert (found.expected, found.worst) == (average, worst)
    puzzle = gods_puzzle(types, Reading())
    verdict = verify(puzzle, found.strategy)
    assert (verdict.ok, verdict.expected, verdict.worst) == (True, average, worst)


def test_seven_gods_with_three_random_below_the_leaderboard():
    """T,T,T,T,R,R,R: the exact average search does not finish in 300 s; the ranked search finds a
    verified strategy below the n-god leaderboard's upper bound 6.232143 in a few seconds."""
    found = ranked((T,) * 4 + (R,) * 3)
    assert (found.expected, found.worst) == (Fraction(851, 140), 8)
    assert average_lower_bound(gods_puzzle((T,) * 4 + (R,) * 3, Reading())) == Fraction(41, 7) < found.expected
    assert float(found.expected) < 6.232143


def test_three_god_seeds_come_closer_on_seven_gods():
    """With triple_seeds the root may ask "are at most one of B, C, D random?" (0, 4, 3's optimal first
    question, benchmarks/gods_average): 169/28, 1/140 above the optimum 211/35, instead of 851/140."""
    puzzle = gods_puzzle((T,) * 4 + (R,) * 3, Reading())
    found = ranked_strategy(puzzle, Budget(Limits(seconds=120.0)), triple_seeds=True)
    assert (found.expected, found.worst) == (Fraction(169, 28), 9)
    assert verify(puzzle, found.strategy).expected == Fraction(169, 28) > Fraction(211, 35)


@pytest.mark.parametrize("types", [(T, T, T, R, R), (T, T, L, R, R), (T, T, T, L, R, R)])
def test_three_god_seeds_never_do_worse_than_the_optimum(types):
    """The wider seeds still give verified strategies, never below the proved optimum."""
    puzzle = gods_puzzle(types, Reading(), objective="expected")
    found = ranked_strategy(puzzle, Budget(Limits(seconds=60.0)), triple_seeds=True)
    assert verify(puzzle, found.strategy).ok and found.expected >= solve(puzzle).expected


@settings(max_examples=12, deadline=None)
@given(st.lists(st.sampled_from([T, L, R]), min_size=2, max_size=4))
def test_never_below_the_optimum(types):
    """On random rows of 2-4 gods: None exactly when no strategy exists; otherwise a verified strategy
    averaging at least the exact optimum (a ranked result is an upper bound, never below the truth)."""
    types = tuple(types)
    found = ranked(types)
    puzzle = gods_puzzle(types, Reading(), objective="expected")
    best = solve(puzzle)
    if not best.solvable:
        assert found is None
        return
    assert found is not None and found.expected >= best.expected
    assert verify(puzzle, found.strategy).ok


def test_it_applies_only_where_the_counted_model_does():
    """Three answer words (the brewery's hard variant): the ranked search does not apply."""
    import smullyan
    from pathlib import Path

    puzzle = smullyan.load(Path(__file__).resolve().parent.parent / "examples" / "brewery_hard.toml").model
    assert ranked_strategy(puzzle, Budget()) is None


def test_its_limit_holds():
    with pytest.raises(SearchLimitReached):
        ranked((T,) * 4 + (R,) * 3, seconds=0.05)


def test_a_node_with_a_god_never_random_is_solved_by_a_code():
    """Where some god is random in no world, asking it for an optimal code is optimal: T,T,L (no random
    god) gets the exact optimum 5/3 at once, with one node searched."""
    found = ranked((T, T, L))
    assert (found.expected, found.worst, found.nodes) == (Fraction(5, 3), 2, 1)


def test_its_memo_is_bounded_by_the_worlds_its_keys_hold():
    """A memo budget of 200 worlds (entries weigh one more than their node's worlds) forces evictions
    on T,T,T,L,R,R; the tree it rebuilds is still verified and averages what an unbounded run finds."""
    from smullyan.interrogate.anylang import AnyLanguage
    from smullyan.interrogate.effort import BoundedMemo

    puzzle = gods_puzzle((T, T, T, L, R, R), Reading())
    anyl = AnyLanguage(puzzle.contexts(), puzzle.goal)
    search = RankedSearch(anyl, Budget())
    search.memo = BoundedMemo(200, search.memo.weigh)
    k = search.depth_cap()
    search.cost(search.root(), k)
    tree = search.tree(search.root(), k)
    assert search.memo.evicted > 0 and search.memo.weight <= 200
    assert search.average(tree) == Fraction(32, 5)


def test_interchangeable_gods_are_asked_once():
    """At the root of T,T,T,R,R every god is like every other: one addressee is tried."""
    from smullyan.interrogate.anylang import AnyLanguage

    puzzle = gods_puzzle((T, T, T, R, R), Reading())
    search = RankedSearch(AnyLanguage(puzzle.contexts(), puzzle.goal), Budget())
    assert search.addressees(search.root()) == [0]


def test_the_survey_reports_it_where_the_exact_search_stops(monkeypatch):
    """A row whose worst-case search stops keeps 'at most' figures from the ranked strategy."""
    def stopped(*args, **kw):
        raise SearchLimitReached("search stopped at the time limit")

    monkeypatch.setattr(table, "solve", stopped)
    row = survey_one((T, T, T, R, R), Reading(seconds=20.0))
    assert (row.worst, row.worst_at_most, row.expected, row.expected_at_most) == (None, 5, None, Fraction(327, 80))
    from smullyan.render.survey import row_json

    doc = row_json(row)
    assert (doc["worst_at_most"], doc["expected_at_most"]) == (5, "327/80")


def test_the_survey_keeps_the_strategy_solve_verified_before_its_limit(monkeypatch):
    """A row whose average search stops after solve verified the ranked strategy takes that strategy's
    figures; the survey does not run the ranked search a second time."""
    real = table.solve

    def stopped_on_average(puzzle, limits):
        return real(puzzle, Limits(nodes=300) if puzzle.objective == "expected" else limits)

    def again(*args, **kw):
        raise AssertionError("the ranked search ran twice")

    monkeypatch.setattr(table, "solve", stopped_on_average)
    monkeypatch.setattr(table, "_ranked", again)
    row = survey_one((T, T, T, R, R), Reading(seconds=20.0))
    assert (row.worst, row.expected, row.expected_at_least, row.expected_at_most) == (5, None, Fraction(259, 64),
                                                                                      Fraction(327, 80))


def test_a_stopped_worst_case_is_settled_by_a_capped_ranked_strategy(monkeypatch):
    """A row whose worst-case search stops after refuting k - 1 questions: the ranked search capped at
    k, k + 1, … finds the tightest verified strategy it can; T,T,L,R,R's default ranked strategy needs
    9 questions, capped at 6 it needs 6, which meets the refutation of 5, so the worst case is 6."""
    def stopped(*args, **kw):
        raise SearchLimitReached("search stopped at the time limit", proved={"fewer_impossible": 5})

    monkeypatch.setattr(table, "solve", stopped)
    row = survey_one((T, T, L, R, R), Reading(seconds=20.0))
    assert (row.worst, row.worst_at_least, row.worst_at_most) == (6, None, None)
    assert (row.expected, row.expected_at_most) == (None, Fraction(1337, 240))
    assert row.note.startswith("expected: not searched (the worst-case search took the limit")

    def stopped_early(*args, **kw):
        raise SearchLimitReached("search stopped at the time limit", proved={"fewer_impossible": 4})

    monkeypatch.setattr(table, "solve", stopped_early)  # 4 refuted only: 5 to 6 (6 verified)
    row = survey_one((T, T, L, R, R), Reading(seconds=20.0))
    assert (row.worst, row.worst_at_least, row.worst_at_most) == (None, 5, 6)


def test_the_ranked_strategy_is_written_for_verify(monkeypatch, tmp_path):
    """survey --strategies: a row with no worst case or average settled gets its puzzle and the ranked
    strategy (NAME.upper.json), which `smullyan verify` checks and finds at the row's 'at most'."""
    import json

    from smullyan.api.survey import SurveyResult
    from conftest import run

    def stopped(*args, **kw):
        raise SearchLimitReached("search stopped at the time limit")

    monkeypatch.setattr(table, "solve", stopped)
    reading = Reading(seconds=20.0)
    row = survey_one((T, T, L, R, R), reading)
    assert row.upper is not None  # the row carries the strategy it measured: writing it runs nothing again

    def not_again(*args, **kw):
        raise AssertionError("the ranked search ran again")

    monkeypatch.setattr(ranked_module, "ranked_strategy", not_again)
    files = SurveyResult((row,), False, reading, 5, 5).write_strategies(tmp_path)
    assert sorted(p.name for p in files) == ["TTLRR.toml", "TTLRR.upper.json"]
    monkeypatch.undo()
    v = run("verify", tmp_path / "TTLRR.toml", tmp_path / "TTLRR.upper.json", "--json")
    assert v.exit_code == 0 and (json.loads(v.stdout)["worst"], json.loads(v.stdout)["expected"]) == (9, "1337/240")
    # a row copied from an equivalent multiset asks about other gods: its strategy is searched again
    copy = table.copied_row(row, (T, L, L, R, R), reading)
    assert copy.upper is None
    files = SurveyResult((copy,), False, reading, 5, 5).write_strategies(tmp_path / "copy")
    assert sorted(p.name for p in files) == ["TLLRR.toml", "TLLRR.upper.json"]
    v = run("verify", tmp_path / "copy" / "TLLRR.toml", tmp_path / "copy" / "TLLRR.upper.json", "--json")
    assert v.exit_code == 0 and json.loads(v.stdout)["expected"] == "1337/240"


def test_at_the_lower_bound_it_proves_the_optimum():
    """Nine gods, seven truthful and two random (the leaderboard's row 0, 7, 2: 5.527778, conjectured):
    the ranked strategy averages 11/2, the root's lower bound for strategies of any length, so it is
    optimal among them all; solve uses it when the depth-first fit misses. T,T,T,R,R's ranked 327/80
    is above its root bound: no claim can be made from it."""
    from smullyan.interrogate.anylang import AnyLanguage
    from smullyan.interrogate.grammar import Grammar
    from smullyan.interrogate.realise import AnyRealiser
    from smullyan.interrogate.solve import ranked_tree

    puzzle = gods_puzzle((T,) * 7 + (R,) * 2, Reading())
    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal)
    average, tree = ranked_tree(anyl, Budget(), None)
    assert average == average_lower_bound(puzzle) == Fraction(11, 2)
    strategy = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx), 0, same_odds=True).realise(tree, puzzle.space.all_worlds)
    verdict = verify(puzzle, strategy)
    assert (verdict.ok, verdict.expected) == (True, Fraction(11, 2))
    small = gods_puzzle((T, T, T, R, R), Reading())
    average, _ = ranked_tree(AnyLanguage(small.contexts(), small.goal), Budget(), None)
    assert average == Fraction(327, 80) > average_lower_bound(small)


def test_solve_takes_the_ranked_strategy_when_the_fit_misses(monkeypatch):
    """With the depth-first fit made to miss, T,T,T,T,R,R's optimum 22/5 (its root's lower bound) still
    comes without the exact search: from the ranked strategy, verified and reported as optimal for any
    length."""
    from smullyan.interrogate import solve as solving

    monkeypatch.setattr(solving, "fit_at_floor", lambda *args, **kw: None)
    puzzle = gods_puzzle((T,) * 4 + (R,) * 2, Reading(), objective="expected")
    found = solving.solve(puzzle)
    assert (found.expected, found.stats["expected_ranked"], found.stats["expected_any_length"]) == (Fraction(22, 5), True, True)
    assert verify(puzzle, found.strategy).expected == Fraction(22, 5)


@settings(max_examples=10, deadline=None)
@given(st.lists(st.sampled_from([T, L, R]), min_size=3, max_size=5))
def test_the_tree_average_agrees_with_the_verifier(types):
    """RankedSearch.average (exact, over representatives) equals the verifier's average of the worded
    strategy on random rows: solve trusts it to compare with the lower bound before wording."""
    from smullyan.interrogate.anylang import AnyLanguage
    from smullyan.interrogate.grammar import Grammar
    from smullyan.interrogate.realise import AnyRealiser

    puzzle = gods_puzzle(tuple(types), Reading())
    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal)
    search = RankedSearch(anyl, Budget())
    k = search.depth_cap()
    if search.cost(search.root(), k) == float("inf"):
        return  # unsolvable: nothing found
    tree = search.tree(search.root(), k)
    strategy = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx), 0, same_odds=True).realise(tree, puzzle.space.all_worlds)
    assert verify(puzzle, strategy).expected == search.average(tree)


def test_a_stopped_average_is_settled_when_a_verified_strategy_meets_the_proved_bound(monkeypatch):
    """T,T,L,R,R: if the exact average search stops after proving 'at least 1337/240' (the relaxed search
    often does within a fraction of a second), the ranked strategy's verified 1337/240 meets it, so the row
    is settled, optimal for any length, with nothing left incomplete."""
    real = table.solve

    def stopped_average(puzzle, *args, **kw):
        if puzzle.objective == "expected":
            raise SearchLimitReached("search stopped at the time limit", proved={"expected_at_least": "1337/240"})
        return real(puzzle, *args, **kw)

    monkeypatch.setattr(table, "solve", stopped_average)
    row = survey_one((T, T, L, R, R), Reading(seconds=20.0))
    assert (row.worst, row.expected, row.expected_within, row.any_length, row.note) == (6, Fraction(1337, 240), 9, True, "")
    # with only a weaker bound proved, the row keeps both figures and says it stopped
    monkeypatch.setattr(table, "solve", lambda puzzle, *a, **kw: (_ for _ in ()).throw(
        SearchLimitReached("stopped", proved={"expected_at_least": "83/15"})) if puzzle.objective == "expected"
        else real(puzzle, *a, **kw))
    row = survey_one((T, T, L, R, R), Reading(seconds=20.0))
    assert (row.expected, row.expected_at_least, row.expected_at_most) == (None, Fraction(83, 15), Fraction(1337, 240))
    assert row.note.startswith("expected: stopped")


def test_solve_settles_an_average_where_the_ranked_strategy_meets_the_raised_bound(monkeypatch):
    """T,T,L,R,R: the root's bound is 83/15, the optimum 1337/240. With the fit made to miss, the relaxed
    search raises the bound to 1337/240 and the ranked strategy meets it, so solve answers without the
    exact search (made to fail here, to show it is not needed)."""
    from smullyan.interrogate import solve as solving

    monkeypatch.setattr(solving, "fit_at_floor", lambda *args, **kw: None)

    def no_search(*args, **kw):
        raise AssertionError("the exact average search ran")

    monkeypatch.setattr(solving, "_searched_average", no_search)
    puzzle = gods_puzzle((T, T, L, R, R), Reading(), objective="expected")
    found = solving.solve(puzzle)
    assert (found.expected, found.stats["expected_ranked"], found.stats["expected_any_length"]) == (Fraction(1337, 240), True, True)


FIVE_GODS_TOML = ('title = "T,T,T,R,R"\nagents = ["A", "B", "C", "D", "E"]\n'
                  'types = ["truthful", "truthful", "truthful", "random", "random"]\nwords = ["ja", "da"]\n'
                  'objective = "expected"\n[questions]\nlanguage = "any"\nmax_complexity = 0\n')


def test_a_stopped_average_reports_the_verified_ranked_strategy():
    """T,T,T,R,R within 300 splits: the fit misses the root bound 259/64, the ranked strategy (327/80,
    5 at worst) is worded and verified, and the limit that stops the exact search carries it as an
    upper bound beside the lower bound (the optimum, 163/40, lies between)."""
    puzzle = gods_puzzle((T, T, T, R, R), Reading(), objective="expected")
    with pytest.raises(SearchLimitReached) as stopped:
        solve(puzzle, Limits(nodes=300))
    proved = stopped.value.proved
    assert (proved["expected_at_least"], proved["expected_at_most"], proved["worst_at_most"]) == ("259/64", "327/80", 5)
    verdict = verify(puzzle, stopped.value.best)
    assert (verdict.ok, verdict.expected, verdict.worst) == (True, Fraction(327, 80), 5)


def test_the_api_and_the_command_line_show_it_as_an_upper_bound(tmp_path):
    import json

    import smullyan
    from conftest import run

    f = tmp_path / "five.toml"
    f.write_text(FIVE_GODS_TOML)
    with pytest.raises(smullyan.LimitReached) as stopped:
        smullyan.load(f).solve(limit=300)
    best = stopped.value.best
    assert isinstance(best, smullyan.Strategy) and best.questions == 5
    r = run("solve", f, "--limit", "300")
    assert r.exit_code == 3
    assert r.stdout.splitlines()[0] == (
        "Not settled (the limit stopped the search). Best strategy found, verified against every world and "
        "hidden state but not proved optimal: 327/80 questions on average, 5 at worst.")
    assert r.stderr.splitlines()[1] == (
        "proved before the limit: no strategy of 4 questions or fewer exists; with every possible question 5 "
        "suffice; no strategy averages fewer than 259/64 = 4.0469 questions; a strategy verified against every "
        "world averages 327/80 = 4.0875 questions, 5 at worst (an upper bound, not proved optimal).")
    r = run("solve", f, "--limit", "300", "--json")
    doc = json.loads(r.stdout)
    assert r.exit_code == 3 and doc["complete"] is False
    assert (doc["best_expected_questions"], doc["best_questions"]) == ("327/80", 5)
    written = tmp_path / "best.json"
    written.write_text(json.dumps({"strategy": doc["best_strategy"]}))
    checked = run("verify", f, written, "--json")
    assert checked.exit_code == 0 and json.loads(checked.stdout)["expected"] == "327/80"


def test_a_level_the_exact_search_does_not_settle_is_offered_to_the_ranked_search(monkeypatch):
    """With the exact search given 3 splits per level before the witness is asked: T,T,T,R,R's 4
    questions are refuted within them, 5 is not settled, and the ranked search's strategy of 5
    questions (k - 1 refuted: the fewest) is worded and verified; when the ranked search finds
    nothing, the exact search goes on to the same answer."""
    from smullyan.interrogate import patterns
    from smullyan.interrogate import solve as solving

    asked = []
    real = patterns.PatternSearch.fewest

    def spying(self, reps, limit, witness=None):
        def noted(k):
            asked.append(k)
            return witness(k)
        return real(self, reps, limit, None if witness is None else noted)

    monkeypatch.setattr(patterns, "WITNESS_SPLITS", 3)
    monkeypatch.setattr(patterns.PatternSearch, "fewest", spying)
    puzzle = gods_puzzle((T, T, T, R, R), Reading())
    sol = solve(puzzle)
    assert asked == [5]
    assert (sol.questions, verify(puzzle, sol.strategy).ok) == (5, True)
    monkeypatch.setattr(solving, "ranked_tree", lambda *args: None)
    sol = solve(puzzle)
    assert asked == [5, 5]
    assert (sol.questions, verify(puzzle, sol.strategy).ok) == (5, True)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(T, T, T, R, R), (T, T, L, R, R), (T, L, R, R)]), st.integers(0, 2**20 - 1), st.integers(0, 5))
def test_the_lookahead_bound_it_prunes_by_is_necessary(types, chosen, k):
    """A part the ranked search prunes (`fits` false) is one the exact pattern search cannot solve in k
    questions: the pruning never drops a split that could still fit."""
    from smullyan.interrogate.anylang import AnyLanguage
    from smullyan.interrogate.patterns import PatternSearch

    puzzle = gods_puzzle(types, Reading())
    anyl = AnyLanguage(puzzle.contexts(), puzzle.goal)
    search = RankedSearch(anyl, Budget())
    mask = chosen & ((1 << anyl.n_reps) - 1)
    part = tuple((r, 0) for r in range(anyl.n_reps) if mask >> r & 1)
    if not search.fits(part, k):
        assert not PatternSearch.applicable(anyl, Budget()).within(mask, k)


def test_its_tight_cap_finds_what_the_exact_search_proves():
    """T,T,T,R,R: the root passes the bound for 4 questions, not 3 (10 worlds, least load 14); 4 are
    impossible (the exact search proves it), so the search capped at 4 finds nothing, and at 5 finds 5."""
    puzzle = gods_puzzle((T, T, T, R, R), Reading())
    from smullyan.interrogate.anylang import AnyLanguage

    search = RankedSearch(AnyLanguage(puzzle.contexts(), puzzle.goal), Budget())
    assert (search.fits(search.root(), 3), search.fits(search.root(), 4)) == (False, True)
    assert ranked_strategy(puzzle, Budget(), depth=5).worst == 5
    assert ranked_strategy(puzzle, Budget(), depth=4) is None
