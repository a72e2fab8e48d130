"""Solving an interrogation puzzle: the fewest questions, a verified strategy, or a proof.

1. Bound: search the complete language `any` for the fewest questions k (at most the budget).
   If none exists there, none exists in any grammar: that is the proof of impossibility.
2. Grammar puzzles: for k = that bound upwards, for complexity 0, 1, … up to the limit, search the
   grammar; the first strategy found uses the fewest questions and, for that number, the least
   complex questions. `any` puzzles realise the bound's own tree as questions.
3. Verify the strategy against every world and hidden state before returning it.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterator

from ..errors import InternalError, LimitReached, PuzzleError, SearchLimitReached
from .expected import INFINITE
from .anylang import AnyLanguage
from .depth_sat import DepthSat
from .grammar import Grammar
from .patterns import PatternSearch, stuck_pair
from .profiles import ProfileExpected, ProfileSearch
from .puzzle import Interrogation
from .realise import AnyRealiser, realise_grammar
from .search import Ask, Budget, Leaf, Limits, StrategySearch, depth_of
from .signatures import GrammarLanguage
from .strategy import Node
from .verify import verify

REALISE_COMPLEXITY = 2  # grammar questions tried first when wording an `any` split
NO_AVERAGE = ("the fewest questions on average is not defined here: every strategy asks a god who may choose "
              "between several words (for example, with four words two mean neither), and an average needs every "
              "answer decided by fair coins; use objective = \"worst\"")


@dataclass(frozen=True)
class Solution:
    """The answer to an interrogation puzzle."""

    solvable: bool
    questions: int | None
    expected: Fraction | None
    strategy: Node | None
    complexity: int | None  # grammar complexity bound the strategy was found at (None for `any`)
    proof: dict | None
    stats: dict


def bound_search(anyl: AnyLanguage, root: int, bound: int, unbounded: bool, budget: Budget):
    """Return (search, tree): the fewest-questions tree of the complete language within `bound`
    questions (None if there is none), from the pattern search where it applies. A level that search
    does not settle on its share is offered to the ranked search (note 39): with k - 1 refuted, a
    ranked tree of at most k questions proves k the fewest (it is worded and verified like any other)."""
    patterns = PatternSearch.applicable(anyl, budget)
    if patterns is not None:
        if unbounded and not patterns.solvable(root):
            return patterns, None
        witnessed: dict[int, Ask | Leaf] = {}

        def witness(k: int) -> bool:
            """Return whether the ranked search finds a strategy of at most k questions (kept)."""
            found = ranked_tree(anyl, budget, k) if root == (1 << anyl.n_reps) - 1 else None
            if found is not None:
                witnessed[k] = found[1]
            return found is not None

        k = patterns.fewest(root, bound, witness)
        if k is None:
            return patterns, None
        return patterns, witnessed[k] if k in witnessed else patterns.tree(root, k)
    if anyl.max_outcomes > 2:
        profiles = ProfileSearch(anyl, budget)
        if unbounded and (stuck_pair(anyl, root) is not None or not profiles.solvable(root)):
            return profiles, None
        k, tree = DepthSat(anyl, budget).fewest(root, bound)  # every level whose formula fits (note 41)
        if tree is not None:
            return profiles, _regular_tree(profiles, root, k, budget) or tree
        if k > bound:
            return profiles, None
        found = profiles.fewest(root, bound, start=k)
        return profiles, None if found is None else profiles.tree(root, found)
    search = StrategySearch(anyl.n_reps, anyl.goal_class, anyl.max_outcomes, anyl, budget, root_refutes=True)
    if unbounded and (stuck_pair(anyl, root) is not None or not search.solvable(root)):
        return search, None
    return search, search.solve(root, bound)


def _regular_tree(profiles: ProfileSearch, root: int, k: int, budget: Budget) -> Ask | Leaf | None:
    """Return the profile search's strategy of k questions if it finds one within REGULAR_SPLITS splits, else
    None. Its splits treat interchangeable classes alike and word as shorter questions than a SAT model's
    (brewery: 11,334 characters against 16,036), so it is preferred where it is cheap."""
    if profiles.picks(root) > REGULAR_PICKS:
        return None  # its choices alone would take seconds to list
    side = budget.share(REGULAR_SPLITS, 1.0)
    profiles.budget = side
    try:
        return profiles.tree(root, k) if profiles.within(root, k) else None
    except SearchLimitReached:
        return None
    finally:
        profiles.budget = budget
        budget.nodes += side.nodes


REGULAR_SPLITS = 5_000  # splits the profile search may spend rewording a level the SAT search settled
REGULAR_PICKS = 8  # ... if no class has more ways than this to answer one addressee (options per key, multiplied)
EXTRA_DEPTH = 4  # with no budget, averages are searched to at most this many questions past the worst case
DEEPEN_SHARE = 0.5  # of the time left, what a relaxed or deeper average search may take (the rest: words, verifies)
RELAXED_SPLITS = 20_000  # at least this many splits (or twice the capped search's) for the any-length bound
FLOOR_SHARE = 0.25  # of the time left, what the relaxed search for a lower bound may take when the fit fails
FIT_SPLITS = 250_000  # splits the search for a strategy at the lower bound may explore with no time limit
POLISH_SHARE = 0.25  # of the time left, what polishing the worst-case strategy (an average upper bound) may take


def any_length_floor(patterns: PatternSearch, budget: Budget, state, within: int) -> Fraction | None:
    """Return a lower bound on the fewest questions on average over strategies of any length (the
    relaxed search to depth `within`, RelaxedExpected), or None if its own split budget runs out first."""
    from ..errors import SearchLimitReached
    from .expected_patterns import RelaxedExpected

    own = share_of(budget, max(RELAXED_SPLITS, 2 * budget.nodes))
    try:
        return RelaxedExpected(patterns, own).value(state, within)
    except SearchLimitReached:
        return None
    finally:
        budget.nodes += own.nodes


def raised_floor(patterns: PatternSearch, budget: Budget, state, within: int) -> tuple[Fraction, bool]:
    """Return (a lower bound on the fewest questions on average over strategies of any length, whether
    it is the relaxed search's whole value at depth `within`): the relaxed search run on FLOOR_SHARE of
    the time left (with no time limit, RELAXED_SPLITS splits), keeping the bound its rounds reached if
    that runs out (each round proves the value at least its limit, note 29)."""
    from ..errors import SearchLimitReached
    from .expected_patterns import RelaxedExpected

    own = share_of(budget, None if budget.deadline is not None else RELAXED_SPLITS, FLOOR_SHARE)
    relaxed = RelaxedExpected(patterns, own)
    try:
        return relaxed.value(state, within), True
    except SearchLimitReached:
        return relaxed.floor_reached, False
    finally:
        budget.nodes += own.nodes


def share_of(budget: Budget, splits: int | None, share: float = DEEPEN_SHARE) -> Budget:
    """Return a budget of its own for a side search (`Budget.share`; DEEPEN_SHARE by default)."""
    return budget.share(splits, share)


def ranked_tree(anyl: AnyLanguage, budget: Budget, cap: int | None) -> tuple[Fraction, Ask | Leaf] | None:
    """Return (the exact average, the tree) of the ranked search's strategy (design note 38; within `cap`
    questions, None: its own depth), or None if it does not apply, finds none, or stops at its share of
    the time. Where the average equals a proved lower bound for strategies of any length, the tree is
    optimal among them all; it is worded and verified like any other before it is shown."""
    from ..errors import SearchLimitReached
    from .ranked import RankedSearch

    search = RankedSearch.applicable(anyl, share_of(budget, None))
    if search is None:
        return None
    k = search.depth_cap() if cap is None else cap
    try:
        if search.cost(search.root(), k) == float("inf"):
            return None
        tree = search.tree(search.root(), k)
    except SearchLimitReached:
        return None
    finally:
        budget.nodes += search.budget.nodes
    return search.average(tree), tree


def _keep_upper(puzzle: Interrogation, ctx, anyl: AnyLanguage, grammar: Grammar,
                ranked: tuple[Fraction | None, Ask | Leaf], budget: Budget, proved: dict[str, Any],
                best: list[Node]) -> None:
    """Word and verify a strategy found before the exact average search (the ranked search's, whose
    average the tree gives, or the worst-case search's, average None: the verifier computes it); record
    its average and worst case as proved upper bounds and keep it as the best answer a limit can report
    (it is shown only as an upper bound). A strategy no better than the one kept is dropped."""
    realiser = AnyRealiser(ctx, anyl, puzzle.goal, grammar, min(REALISE_COMPLEXITY, puzzle.max_complexity),
                           same_odds=True)
    stage = budget.stage
    what = "the fewest-questions strategy" if ranked[0] is None else f"the heuristic strategy averaging {ranked[0]}"
    with _presenting(budget, f"{what} questions" if ranked[0] is not None else what):
        strategy = realiser.realise(ranked[1], puzzle.space.all_worlds)
        verdict = verify(puzzle, strategy, budget.check_time)
    budget.stage = stage
    if not verdict.ok or (ranked[0] is not None and verdict.expected != ranked[0]):
        raise InternalError(f"the strategy kept as an upper bound verifies as {verdict}"
                            + ("" if ranked[0] is None else f" but its tree averages {ranked[0]}"))
    if verdict.expected is None:
        return  # no average is defined (a god who may choose): nothing to bound
    if "expected_at_most" in proved and Fraction(proved["expected_at_most"]) <= verdict.expected:
        return
    proved["expected_at_most"] = str(verdict.expected)
    proved["worst_at_most"] = verdict.worst
    best[:] = [strategy]


def fit_at_floor(counted, budget: Budget, levels: dict[int, int], fewest: int, within: int, floor: Fraction):
    """Return (the average, its tree) if a strategy within `within` questions reaches the root's lower
    bound for strategies of any length (`floor`), so that it is optimal among them all (fitting.py), or
    None if the first-fit search finds none within its own budget (DEEPEN_SHARE of the time, or with
    no time limit FIT_SPLITS). Once one is found, a smaller worst case (from `fewest` up) is tried
    briefly."""
    from ..errors import SearchLimitReached
    from .fitting import FirstFit

    state = counted.state_of(levels)
    if floor >= INFINITE:
        return None
    saved = counted.budget
    fitter = FirstFit(counted)

    def attempt(k: int, splits: int | None) -> bool:
        counted.budget = share_of(budget, splits)
        try:
            return fitter.fit(state, k, floor) is not None
        finally:
            budget.nodes += counted.budget.nodes
            counted.budget = saved

    try:
        # a time limit bounds the fit by its share of the time; with none, FIT_SPLITS does
        if not attempt(within, None if budget.deadline is not None else FIT_SPLITS):
            return None
        depth = within
        for k in range(min(fewest, within), within):
            try:
                if attempt(k, FIT_SPLITS // 10):
                    depth = k
                    break
            except SearchLimitReached:
                continue
        return floor, fitter.tree(levels, depth, floor)
    except SearchLimitReached:
        return None


def deepen(counted, budget: Budget, state, within: int) -> Fraction | None:
    """Return the average optimum within one more question, or None if it runs past its share of the
    time left (the memo keeps only finished values, so the searches before stay usable)."""
    from ..errors import SearchLimitReached

    deadline = budget.deadline
    if deadline is not None:
        budget.deadline = time.perf_counter() + DEEPEN_SHARE * max(0.0, deadline - time.perf_counter())
    try:
        return counted.value(state, within)
    except SearchLimitReached:
        if deadline is None or budget.limits.nodes is not None and budget.nodes > budget.limits.nodes:
            raise
        return None
    finally:
        budget.deadline = deadline


@contextmanager
def _presenting(budget: Budget, what: str) -> Iterator[None]:
    """Say, if a limit stops the wording or verification of a strategy the search found, that it did
    (the strategy is not shown unverified)."""
    budget.stage = f"wording and verifying {what}"
    try:
        yield
    except LimitReached as e:
        reason = e.message.removesuffix(" without an answer")
        raise LimitReached(f"{reason} while wording and verifying {what} the search found; "
                           "it is not shown unverified") from None


def solve(puzzle: Interrogation, limits: Limits | None = None) -> Solution:
    """Return the fewest-question strategy of a puzzle, verified, or a proof that none exists.

    A limit raises LimitReached carrying what was proved before it: `fewer_impossible` (no strategy
    of that many questions exists, with every possible question), and once the complete language
    is searched `fewest_any_language` (the fewest questions when every question may be asked); for
    an average, `expected_at_least` (no strategy of any length does better) and, where a heuristic
    strategy was worded and verified before the limit, `expected_at_most` and `worst_at_most` with
    that strategy as the error's `best` (an upper bound, not proved optimal)."""
    budget = Budget(limits)
    proved: dict[str, Any] = {}
    best: list[Node] = []
    try:
        return _solve(puzzle, budget, proved, best)
    except LimitReached as e:
        if budget.fewer_refuted:
            proved.setdefault("fewer_impossible", budget.fewer_refuted)
        raise e.with_proved(proved, best[0] if best else None) from None


def average_lower_bound(puzzle: Interrogation) -> Fraction | None:
    """Return the root's lower bound on the average over strategies of any length (the code and
    random-answer bounds, note 29) where the counted model applies, without any search; else None."""
    from .expected_patterns import UNLIMITED, PatternExpected

    anyl = AnyLanguage(puzzle.contexts(), puzzle.goal)
    patterns = PatternSearch.applicable(anyl, Budget())
    if patterns is None or len({len(m) for m in anyl.members}) != 1:
        return None
    counted = PatternExpected(patterns, Budget())
    floor = counted.bound(counted.state_of({r: 0 for r in range(anyl.n_reps)}), UNLIMITED)
    return None if floor >= INFINITE else floor


def _searched_average(puzzle: Interrogation, counted, any_search: PatternSearch, budget: Budget, stats: dict,
                      levels: dict[int, int], k_any: int, within: int, relaxed: Fraction | None
                      ) -> tuple[Fraction, Ask | Leaf, int]:
    """Return (the fewest questions on average, a tree reaching it, the cap it holds within) by branch and
    bound over counted nodes; with no cap given, the cap rises while the any-length lower bound (note
    29; `relaxed`: already computed at `within`) leaves room for longer strategies to do better."""
    state = counted.state_of(levels)
    optimum = counted.value(state, within)
    if optimum >= INFINITE:
        raise PuzzleError(NO_AVERAGE, key="objective")
    floor = relaxed if relaxed is not None else any_length_floor(any_search, budget, state, within)
    # no budget given: allow longer strategies while they may still lower the average
    while (puzzle.max_questions is None and floor is not None and floor < optimum
           and within < k_any + EXTRA_DEPTH):
        budget.stage = f"fewest questions on average, within {within + 1}"
        deeper_optimum = deepen(counted, budget, state, within + 1)
        if deeper_optimum is None:  # stopped at the limit: the last cap's optimum is the answer
            stats["expected_deepening_stopped"] = within + 1
            break
        within, optimum = within + 1, deeper_optimum
        deeper = any_length_floor(any_search, budget, state, within)
        floor = None if deeper is None else max(floor, deeper)
    # the same average with a smaller worst case, if there is one
    depth = next(k for k in range(min(k_any, within), within + 1) if counted.reaches(state, k, optimum))
    tree = counted.tree(levels, depth)
    if floor is not None:
        stats["expected_any_length_floor"] = str(floor)
        stats["expected_any_length"] = floor == optimum
    return optimum, tree, within


def _solve(puzzle: Interrogation, budget: Budget, proved: dict[str, Any], best: list[Node]) -> Solution:
    budget.stage = "building the question tables"
    ctx = puzzle.contexts(check=budget.check_time)
    space = puzzle.space
    anyl = AnyLanguage(ctx, puzzle.goal, budget)
    unbounded = puzzle.max_questions is None
    bound = anyl.n_reps if unbounded else puzzle.max_questions
    root = (1 << anyl.n_reps) - 1
    any_search, any_tree = bound_search(anyl, root, bound, unbounded, budget)
    stats = {"bound": any_search.finish().to_json()}
    if any_tree is None:
        proof = {
            "language": "any",
            "questions": None if unbounded else bound,
            "statement": ("no strategy of any length identifies the goal, even with every possible question"
                          if unbounded else
                          f"no strategy of at most {bound} questions identifies the goal, even with every possible question"),
            "splits_explored": any_search.stats.nodes,
        }
        return Solution(False, None, None, None, None, proof, stats)
    k_any = depth_of(any_tree)
    proved["fewest_any_language"] = k_any
    stats["fewest_any_language"] = k_any
    if k_any:
        proved["fewer_impossible"] = k_any - 1
    grammar = Grammar(ctx, budget=budget)
    strategy: Node | None = None
    complexity = None
    if puzzle.objective == "expected":
        within = puzzle.max_questions if puzzle.max_questions is not None else k_any + 1
        budget.stage = f"fewest questions on average, within {within}"
        if isinstance(any_search, PatternSearch) and len({len(m) for m in anyl.members}) == 1:
            from .expected_patterns import UNLIMITED, PatternExpected  # numpy: imported only when needed

            counted = PatternExpected(any_search, budget)
            levels = {r: 0 for r in range(anyl.n_reps)}
            floor = counted.bound(counted.state_of(levels), UNLIMITED)  # true of every strategy (note 29)
            if floor < INFINITE:
                proved["expected_at_least"] = str(floor)
            fitted = fit_at_floor(counted, budget, levels, k_any, within, floor)
            ranked = None
            if fitted is None:
                ranked = ranked_tree(anyl, budget, None if puzzle.max_questions is None else within)
                if ranked is not None and ranked[0] == floor:
                    fitted = ranked
            relaxed = floor
            if fitted is None:
                # what no strategy can beat, proved before the exact search (which may not finish)
                relaxed, whole = raised_floor(any_search, budget, counted.state_of(levels), within)
                if relaxed > floor:
                    proved["expected_at_least"] = str(relaxed)
                if ranked is not None and ranked[0] == relaxed:  # the raised bound is met: the same proof
                    fitted = ranked
                    stats["expected_bound_depth"] = within  # how deep the search proving the bound went
            if fitted is None and ranked is not None:  # a verified upper bound, kept in case a limit stops the search
                _keep_upper(puzzle, ctx, anyl, grammar, ranked, budget, proved, best)
            if fitted is not None:  # a lower bound is reached: optimal for any length, nothing to search
                optimum, tree = fitted
                if fitted is ranked:  # its tree may be longer than the fit's cap: say how long
                    within = depth_of(tree)
                    stats["expected_ranked"] = True
                stats["expected_any_length_floor"] = str(optimum)
                stats["expected_any_length"] = True
                stats["expected_at_lower_bound"] = True
            else:
                optimum, tree, within = _searched_average(puzzle, counted, any_search, budget, stats, levels, k_any,
                                                          within, relaxed if whole else None)
        elif isinstance(any_search, ProfileSearch) and ProfileExpected.applicable(anyl):
            _keep_upper(puzzle, ctx, anyl, grammar, (None, any_tree), budget, proved, best)
            counted_profiles = ProfileExpected(any_search, budget)
            node = any_search.node_of(root)
            optimum = counted_profiles.value(node, within)
            if optimum >= INFINITE:
                raise PuzzleError(NO_AVERAGE, key="objective")
            depth = next(k for k in range(min(k_any, within), within + 1)
                         if counted_profiles.value(node, k) == optimum)
            tree = counted_profiles.tree(root, depth)
        else:
            from .expected import ExpectedSearch

            search = ExpectedSearch(anyl, any_search, budget)
            masses = {r: Fraction(len(m)) for r, m in enumerate(anyl.members)}
            proved["expected_at_least"] = str(search.floor(masses))  # true of every strategy (the code bound)
            # the worst-case strategy polished on a share of the time, worded and verified: an upper bound
            # a limit can still report (the exact values found on the way stay in the search's memo)
            side = budget.share(None, POLISH_SHARE)
            try:
                upper = search.polished(any_tree, masses, k_any, side)
            finally:
                budget.nodes += side.nodes
            _keep_upper(puzzle, ctx, anyl, grammar, (None, upper), budget, proved, best)  # the verifier's average
            optimum = search.value(masses, within)
            if optimum >= INFINITE:
                raise PuzzleError(NO_AVERAGE, key="objective")
            depth = next(k for k in range(min(k_any, within), within + 1) if search.value(masses, k) == optimum)
            tree = search.strategy(masses, depth)
        realiser = AnyRealiser(ctx, anyl, puzzle.goal, grammar, min(REALISE_COMPLEXITY, puzzle.max_complexity),
                               same_odds=True)
        with _presenting(budget, f"the strategy averaging {optimum} questions"):
            strategy = realiser.realise(tree, space.all_worlds)
            verdict = verify(puzzle, strategy, budget.check_time)
        if not verdict.ok or verdict.expected != optimum:
            raise InternalError(f"the expected-optimal strategy verifies as {verdict} "
                                 f"but the search computed {optimum}")
        stats["expected_within"] = within
        stats["splits_explored"] = budget.nodes
        return Solution(True, verdict.worst, verdict.expected, strategy, None, None, stats)
    if puzzle.language == "any":
        realiser = AnyRealiser(ctx, anyl, puzzle.goal, grammar, min(REALISE_COMPLEXITY, puzzle.max_complexity))
        with _presenting(budget, f"the {k_any}-question strategy"):
            strategy = realiser.realise(any_tree, space.all_worlds)
    else:
        goal_ids: dict[tuple, int] = {}
        goal_class = [goal_ids.setdefault(space.goal_value(i, puzzle.goal), len(goal_ids)) for i in range(len(space.worlds))]
        searches: dict[int, StrategySearch] = {}

        def search_at(c: int) -> StrategySearch:
            budget.stage = f"questions of complexity at most {c}"
            if c not in searches:
                budget.check_time()
                lang = GrammarLanguage(ctx, grammar, c)
                searches[c] = StrategySearch(len(space.worlds), goal_class, lang.max_outcomes, lang, budget)
            return searches[c]

        gbound = len(space.worlds) if unbounded else bound
        found = None
        if not unbounded or search_at(puzzle.max_complexity).solvable(space.all_worlds):
            for k in range(k_any, gbound + 1):
                for c in range(puzzle.max_complexity + 1):
                    tree = search_at(c).solve(space.all_worlds, k)
                    if tree is not None:
                        found, complexity = tree, c
                        break
                if found is not None:
                    break
        stats["grammar"] = {str(c): s.finish().to_json() for c, s in searches.items()}
        if found is None:
            proof = {
                "language": "grammar",
                "max_complexity": puzzle.max_complexity,
                "questions": None if unbounded else bound,
                "any_language_questions": k_any,
                "statement": (f"no strategy of {'any length' if unbounded else f'at most {bound} questions'} with "
                              f"questions of complexity at most {puzzle.max_complexity} identifies the goal; "
                              f"with every possible question {k_any} suffice"),
                "distinct_questions": len(grammar.upto(puzzle.max_complexity)),
            }
            return Solution(False, None, None, None, None, proof, stats)
        strategy = realise_grammar(space, puzzle.goal, list(space.words) + ["silent"], found)
    with _presenting(budget, "the strategy"):
        verdict = verify(puzzle, strategy, budget.check_time)
    if not verdict.ok:
        raise InternalError(f"a strategy found by the search failed verification: {verdict.failure}")
    stats["splits_explored"] = budget.nodes
    return Solution(True, verdict.worst, verdict.expected, strategy, complexity, None, stats)
