"""Checking anyone's strategy, and solving through one call: `smullyan.verify`, `smullyan.solve`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from ..errors import BadInput, LimitReached
from ..interrogate.strategy import Ask, Identified
from .contract import LimitSpec, MemorySpec, Progress, guarded
from .puzzles import DeductionPuzzle, GodsPuzzle, Puzzle
from .results import Strategy, StrategyResult, Verdict, WorldsResult


@guarded
def verify(puzzle: GodsPuzzle, strategy: Strategy | StrategyResult | dict[str, Any] | str, *,
           limit: LimitSpec = None, memory: MemorySpec = None) -> Verdict:
    """Return the verdict on a strategy (a Strategy, a solve result, or its JSON document or text):
    checked against every world and every hidden state, with the worst case and the average, or the
    first world and path where it fails (a failing strategy is a verdict, not an error). A time `limit`
    ('5s') or `memory` budget ('2G') that stops the check raises LimitReached: no partial verdict."""
    from ..interrogate.verify import Verifier
    from .loading import loads_strategy

    if isinstance(puzzle, DeductionPuzzle):
        raise BadInput("verify checks question strategies; this is a deduction puzzle (solve it instead)")
    if not isinstance(puzzle, GodsPuzzle):
        raise BadInput(f"expected a gods puzzle, got {type(puzzle).__name__}")
    if isinstance(strategy, StrategyResult):
        if strategy.strategy is None:
            raise BadInput("the result holds no strategy (the puzzle was proved unsolvable)")
        strategy = strategy.strategy
    if isinstance(strategy, (dict, str)):
        strategy = loads_strategy(strategy)
    if not isinstance(strategy, Strategy) or not isinstance(strategy.root, (Ask, Identified)):
        raise BadInput(f"expected a strategy, got {type(strategy).__name__}")
    tied = Strategy(strategy.root, puzzle)
    verifier = Verifier(puzzle.model, strategy.root, _stopper(limit, memory))
    try:
        v = verifier.run()
    except LimitReached as e:
        raise LimitReached(f"verification stopped at {e} after checking {verifier.checked} of {len(puzzle.model.space.worlds)} "
                           "worlds; no verdict") from None
    return Verdict(puzzle, tied, v.ok, v.worst, v.expected, v.worlds, v.failure, v.world, v.path, v.reason)


def _stopper(limit: LimitSpec, memory: MemorySpec) -> Callable[[], None] | None:
    """Return a check that raises LimitReached past the time limit or over the memory budget (None: no limits)."""
    import time

    from ..interrogate.search import resident_bytes
    from .contract import limits_of

    limits = limits_of(limit, memory)
    if limits.nodes is not None:
        raise BadInput(f"verify takes a time limit in seconds (e.g. '5s') and a memory budget, not a node limit: {limit!r}")
    seconds, budget = limits.seconds, limits.memory
    if seconds is None and budget is None:
        return None
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    next_poll = [start]

    def check() -> None:
        now = time.perf_counter()
        if deadline is not None and now > deadline:
            raise LimitReached(f"the time limit ({seconds:g} s)")
        if budget is not None and now >= next_poll[0]:
            next_poll[0] = now + 0.1
            used = resident_bytes()
            if used > budget:
                raise LimitReached(f"the memory budget ({used / 2**20:,.0f} MB resident, budget "
                                   f"{budget / 2**20:,.0f} MB; raise it with --memory)")

    return check


@overload
def solve(puzzle: GodsPuzzle, limit: LimitSpec = ..., objective: str | None = ..., backend: str | None = ..., *,
          memory: MemorySpec = ..., progress: Callable[[Progress], None] | None = ...) -> StrategyResult: ...
@overload
def solve(puzzle: DeductionPuzzle, limit: LimitSpec = ..., objective: str | None = ..., backend: str | None = ..., *,
          memory: MemorySpec = ..., progress: Callable[[Progress], None] | None = ...) -> WorldsResult: ...


def solve(puzzle: Puzzle, limit: LimitSpec = None, objective: str | None = None, backend: str | None = None, *,
          memory: MemorySpec = None, progress: Callable[[Progress], None] | None = None) -> StrategyResult | WorldsResult:
    """Return `puzzle.solve(...)`: a strategy result for gods, a worlds result for deduction puzzles
    (time or node `limit`, `memory` budget and `progress` callback as there)."""
    if not isinstance(puzzle, (GodsPuzzle, DeductionPuzzle)):
        raise BadInput(f"expected a puzzle (smullyan.load, read or a builder), got {type(puzzle).__name__}")
    return puzzle.solve(limit=limit, objective=objective, backend=backend, memory=memory, progress=progress)
