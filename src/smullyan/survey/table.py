"""The n-gods survey: every multiset of truthful, liar and random gods, solved exactly.

- Puzzle of a multiset: the gods A, B, … have these types in some order; they answer with the
  words ja and da, whose meanings are unknown; any question may be asked (the complete language);
  the goal is every god's type.
- Row: what the survey reports for one multiset — solvable or not (with the pair of worlds that
  proves it when not), the fewest questions in the worst case, and the fewest on average among
  strategies of at most `expected_within` questions (the worst case plus one unless told, raised while
  longer strategies may still average less), and `any_length` says when it is proved optimal for
  strategies of any length. A row a limit stopped keeps what was proved (`worst_at_least`,
  `expected_at_least`) and the figures of verified strategies (`worst_at_most`, `expected_at_most`:
  the worst-case strategy's, or the ranked search's, run with a limit of its own; design note 38).
  Where a verified average meets the proved lower bound, the row is settled: optimal for any length.
- Random-fewer rule (Vallström, arXiv 2201.09801): a puzzle with at least one non-random god is
  solvable iff its random gods are fewer than the others. `rule_exceptions` lists the rows that
  contradict it; under the standard readings of random there are none.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import SearchLimitReached
from ..interrogate.anylang import AnyLanguage
from ..interrogate.patterns import PatternSearch, stuck_pair
from ..interrogate.puzzle import Interrogation
from ..interrogate.ranked import Ranked, ranked_strategy
from ..interrogate.search import Budget, Limits
from ..interrogate.solve import average_lower_bound, solve
from ..interrogate.strategy import Node
from ..logic.types import RANDOM
from ..logic.worlds import assignments_from_permutation, build_space

TYPES = ("truthful", "liar", "random")
LETTERS = {"truthful": "T", "liar": "L", "random": "R"}
WORDS = ("ja", "da")


@dataclass(frozen=True)
class Reading:
    """How the gods of a survey behave: random's reading, paradoxes, and what is computed."""

    random: str = "coin"
    paradox: str = "forbidden"
    expected: bool = True
    extra: int = 1  # expected optimum among strategies of at most worst + extra questions
    seconds: float | None = None  # limit per puzzle and search (None: none)
    memory: int | None = None  # resident bytes each process may reach (None: no budget)
    cancel: str | None = None  # name of a Dask Event that, once set, stops every search of the survey


def limits_of(reading: Reading) -> Limits:
    """Return the limits of one search of a survey: its seconds and memory, and the cancellation flag."""
    cancelled = None
    if reading.cancel is not None:
        from distributed import Event  # only on a Dask worker, where the event lives on the scheduler

        cancelled = Event(reading.cancel).is_set
    return Limits(seconds=reading.seconds, memory=reading.memory, cancelled=cancelled)


@dataclass(frozen=True)
class Row:
    """One surveyed puzzle."""

    types: tuple[str, ...]
    solvable: bool | None  # None: a limit stopped the search before it knew
    worst: int | None
    expected: Fraction | None
    expected_within: int | None
    seconds: float
    stuck: tuple[tuple[str, ...], tuple[str, ...]] | None = None  # two worlds no question separates
    note: str = ""  # what a limit stopped, if anything
    same_as: tuple[str, ...] | None = None  # figures taken from this multiset: the same counted problem
    any_length: bool | None = None  # the average is proved optimal over strategies of any length (None: not known)
    worst_at_least: int | None = None  # worst case not reached: no strategy of fewer questions exists (proved)
    expected_at_most: Fraction | None = None  # average not reached: the least average of a verified strategy
    expected_at_least: Fraction | None = None  # average not reached: a lower bound true of every strategy
    worst_at_most: int | None = None  # worst case not reached: the worst case of a verified strategy
    # the verified strategy whose average is `expected_at_most` (written by `survey --strategies`; not compared)
    upper: Node | None = field(default=None, compare=False, repr=False)


def multisets(smallest: int, largest: int) -> list[tuple[str, ...]]:
    """Return every multiset of the three types with `smallest` to `largest` gods, by size then
    fewest random gods, then fewest liars."""
    out = []
    for n in range(smallest, largest + 1):
        for r in range(n + 1):
            for liars in range(n - r + 1):
                out.append(("truthful",) * (n - r - liars) + ("liar",) * liars + ("random",) * r)
    return out


def spell(types: tuple[str, ...]) -> str:
    """Return a multiset as letters, e.g. 'TLR'."""
    return "".join(LETTERS[t] for t in types)


def gods_puzzle(types: tuple[str, ...], reading: Reading, **kw) -> Interrogation:
    """Return the puzzle of a multiset: gods A, B, … with these types in some order."""
    agents = tuple(chr(ord("A") + i) for i in range(len(types)))
    space = build_space(agents, assignments_from_permutation(types), WORDS,
                        random_mode=reading.random, paradox=reading.paradox)
    title = f"{len(types)} gods: {', '.join(types)}"
    # complexity 0: strategies are worded with the lemma and direct questions, not a grammar search
    kw.setdefault("max_complexity", 0)
    return Interrogation(space, language="any", title=title, **kw)


def survey_one(types: tuple[str, ...], reading: Reading) -> Row:
    """Return the survey row of one multiset (every figure exact, or left out with a note)."""
    start = time.perf_counter()
    limits = limits_of(reading)
    puzzle = gods_puzzle(types, reading)
    try:
        sol = solve(puzzle, limits)
    except SearchLimitReached as e:
        refuted = (e.proved or {}).get("fewer_impossible")
        solvable = _solvable(puzzle)
        floor = average_lower_bound(puzzle) if solvable and reading.expected else None
        found = _ranked(puzzle, reading) if solvable else None
        least = None if refuted is None else refuted + 1
        most = None if found is None else found.worst
        if least is not None and most is not None and least < most:
            most = _tightest(puzzle, reading, least, most)
        upper = None if found is None or not reading.expected else found
        if least is not None and most == least:  # a verified strategy meets the refutation: the worst case
            return Row(types, True, least, None, None, time.perf_counter() - start,
                       note=f"expected: not searched (the worst-case search took the limit: {e.message})",
                       expected_at_least=floor, expected_at_most=None if upper is None else upper.expected,
                       upper=None if upper is None else upper.strategy)
        return Row(types, solvable, None, None, None, time.perf_counter() - start,
                   note=f"worst case: {e.message}", worst_at_least=least,
                   expected_at_least=floor, worst_at_most=most,
                   expected_at_most=None if upper is None else upper.expected,
                   upper=None if upper is None else upper.strategy)
    if not sol.solvable:
        return Row(types, False, None, None, None, time.perf_counter() - start, stuck=_stuck(puzzle))
    if not reading.expected:
        return Row(types, True, sol.questions, None, None, time.perf_counter() - start)
    within = sol.questions + reading.extra
    # the default (one question past the worst case) lets solve allow longer strategies while they may
    # still lower the average (see design note 29); an explicit --extra keeps its cap
    cap = None if reading.extra == 1 else within
    try:
        best = solve(dataclasses.replace(puzzle, objective="expected", max_questions=cap), limits)
    except SearchLimitReached as e:
        # no cap is shown: none was finished (the note says where the search stopped)
        found = _kept(e) or _ranked(puzzle, reading)
        at_most = sol.expected if found is None else min(sol.expected, found.expected)
        floor = _fraction((e.proved or {}).get("expected_at_least"))  # true of strategies of any length
        reach = found.worst if found is not None and found.expected == at_most else sol.questions
        if floor is not None and at_most == floor and (cap is None or reach <= cap):
            # a verified strategy meets what was proved: that is the optimum, for strategies of any length
            return Row(types, True, sol.questions, floor, reach, time.perf_counter() - start, any_length=True)
        return Row(types, True, sol.questions, None, None, time.perf_counter() - start,
                   note=f"expected: {e.message}", expected_at_most=at_most, expected_at_least=floor,
                   upper=found.strategy if found is not None and found.expected == at_most else None)
    return Row(types, True, sol.questions, best.expected, best.stats.get("expected_within", within),
               time.perf_counter() - start, any_length=best.stats.get("expected_any_length"))


def _ranked(puzzle: Interrogation, reading: Reading) -> Ranked | None:
    """Return the ranked search's verified strategy for a row the exact search did not settle (a
    limit of its own, the reading's), or None if it does not apply, finds none or stops at the limit."""
    try:
        return ranked_strategy(puzzle, Budget(limits_of(reading)))
    except SearchLimitReached:
        return None


def _tightest(puzzle: Interrogation, reading: Reading, least: int, most: int) -> int:
    """Return the fewest questions, from `least` up to `most` (which one strategy already reaches), of
    a verified strategy the ranked search finds with its depth capped there (one limit for all tries)."""
    budget = Budget(limits_of(reading))
    for k in range(least, most):
        try:
            found = ranked_strategy(puzzle, budget, depth=k)
        except SearchLimitReached:
            return most
        if found is not None:
            return found.worst
    return most


def _kept(e: SearchLimitReached) -> Ranked | None:
    """Return the ranked strategy solve verified before its limit stopped the exact average, if any."""
    ceiling, worst = e.proved.get("expected_at_most"), e.proved.get("worst_at_most")
    if e.best is None or ceiling is None or worst is None:
        return None
    return Ranked(e.best, Fraction(ceiling), worst, 0)


def _fraction(text: str | None) -> Fraction | None:
    """Return a proved fraction carried as text ('41/7'), or None."""
    return None if text is None else Fraction(text)


def counted_form(types: tuple[str, ...], reading: Reading) -> tuple | None:
    """Return the counted problem of a multiset (its patterns with their counts, up to order), or None
    where the pattern search does not apply. Equal forms are the same search, so they have the same
    solvability, worst case and average (T and L swapped give equal forms under word and coin)."""
    puzzle = gods_puzzle(types, reading)
    anyl = AnyLanguage(puzzle.contexts(), puzzle.goal)
    patterns = PatternSearch.applicable(anyl, Budget())
    if patterns is None or len({len(m) for m in anyl.members}) != 1:
        return None
    counts = patterns.counts((1 << anyl.n_reps) - 1)
    return tuple(sorted(zip(patterns.keys, counts))), len(anyl.members[0])


def copied_row(source: Row, types: tuple[str, ...], reading: Reading) -> Row:
    """Return the row of a multiset whose counted problem equals that of `source`'s."""
    stuck = None if source.solvable is not False else _stuck(gods_puzzle(types, reading))
    # the source's strategies ask about its own gods: the copy's are rebuilt when written
    return dataclasses.replace(source, types=types, seconds=0.0, stuck=stuck, same_as=source.types, upper=None)


def _solvable(puzzle: Interrogation) -> bool | None:
    """Return whether some strategy exists, where the pair test decides it (the pattern search applies:
    solvable exactly when no two representatives are stuck); None where it does not."""
    anyl = AnyLanguage(puzzle.contexts(), puzzle.goal)
    if PatternSearch.applicable(anyl, Budget()) is None:
        return None
    return stuck_pair(anyl, (1 << anyl.n_reps) - 1) is None


def _stuck(puzzle: Interrogation) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """Return the types of two worlds that no question separates, if the pair test finds them."""
    anyl = AnyLanguage(puzzle.contexts(), puzzle.goal)
    pair = stuck_pair(anyl, (1 << anyl.n_reps) - 1)
    if pair is None:
        return None
    u, v = (puzzle.space.worlds[anyl.members[r][0]].types for r in pair)
    return u, v


def strategy_of(types: tuple[str, ...], reading: Reading, objective: str, within: int | None) -> tuple[Interrogation, Node | None]:
    """Return a multiset's puzzle and its verified optimal strategy under an objective."""
    puzzle = gods_puzzle(types, reading, objective=objective, max_questions=within)
    return puzzle, solve(puzzle, limits_of(reading)).strategy


def random_fewer(types: tuple[str, ...]) -> bool:
    """Return whether the random gods are fewer than the others."""
    r = sum(1 for t in types if t == RANDOM)
    return r < len(types) - r


def rule_exceptions(rows: list[Row]) -> list[Row]:
    """Return the rows (with a non-random god, solved) where solvable differs from random-fewer."""
    return [row for row in rows
            if row.solvable is not None and any(t != RANDOM for t in row.types)
            and row.solvable != random_fewer(row.types)]


def same_results(a: list[Row], b: list[Row]) -> bool:
    """Return whether two runs agree on everything but the time taken."""
    def strip(rows):
        return [dataclasses.replace(r, seconds=0.0) for r in rows]
    return strip(a) == strip(b)

