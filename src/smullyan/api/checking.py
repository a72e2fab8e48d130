"""Checking anyone's strategy, and solving through one call: `smullyan.verify`, `smullyan.solve`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from ..errors import BadInput
from ..interrogate.strategy import Ask, Identified
from .contract import LimitSpec, MemorySpec, Progress, guarded
from .puzzles import DeductionPuzzle, GodsPuzzle, Puzzle
from .results import Strategy, StrategyResult, Verdict, WorldsResult


@guarded
def verify(puzzle: GodsPuzzle, strategy: Strategy | StrategyResult | dict[str, Any] | str) -> Verdict:
    """Return the verdict on a strategy (a Strategy, a solve result, or its JSON document or text):
    checked against every world and every hidden state, with the worst case and the average, or the
    first world and path where it fails (a failing strategy is a verdict, not an error)."""
    from ..interrogate.verify import verify as check
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
    v = check(puzzle.model, strategy.root)
    return Verdict(puzzle, tied, v.ok, v.worst, v.expected, v.worlds, v.failure, v.world, v.path, v.reason)


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
