"""BoolosBrewery interop in the public API: `smullyan.to_brewery`, `smullyan.from_brewery`.

BoolosBrewery (github.com/SheafificationOfG/BoolosBrewery) keeps a high-score table of strategies
written in Python. `to_brewery` writes a strategy as such a submission; `from_brewery` reads one
back, which means running its code (in a separate, limited process: `run_code=True` is required).
The question syntax, the translation and the one difference of semantics are described in
`smullyan.formats.brewery`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BadInput
from ..formats import brewery as _brewery
from ..logic.expr import Expr
from .contract import guarded
from .puzzles import GodsPuzzle
from .results import Strategy, StrategyResult


def _gods(puzzle: object) -> GodsPuzzle:
    if not isinstance(puzzle, GodsPuzzle):
        raise BadInput(f"expected a gods puzzle (one of BoolosBrewery's variants), got {type(puzzle).__name__}")
    return puzzle


@dataclass(frozen=True)
class BreweryReading:
    """A BoolosBrewery submission read by running it: its strategy, and what the reading met."""

    strategy: Strategy
    variant: str  # easy, default or hard: the class the submission derives from
    engg_question_limit: int | None  # as the submission declares it
    nodes: int  # runs of the submission's solve(), one per node of its tree
    dropped: tuple[str, ...]  # paths where the program raised (answers it says cannot occur)
    seconds: float


@guarded
def check_brewery_variant(puzzle: GodsPuzzle) -> str:
    """Return which BoolosBrewery variant the puzzle is (easy, default, hard); raise BadInput saying how
    it differs otherwise."""
    return _brewery.Names(_gods(puzzle).model).variant().name


@guarded
def to_brewery(puzzle: GodsPuzzle, strategy: Strategy | StrategyResult) -> str:
    """Return the strategy as a BoolosBrewery submission (Python source: `class Strategy(Hard)` …)."""
    return _brewery.to_brewery(_gods(puzzle).model, strategy)


@guarded
def read_brewery(puzzle: GodsPuzzle, source_text: str, *, run_code: bool = False, timeout: float | None = None,
                 memory: int = 2 << 30, max_depth: int = 12, max_nodes: int = 100_000,
                 source: str | None = None) -> BreweryReading:
    """Return the reading of a BoolosBrewery submission: its strategy, variant, declared engineer
    limit and the paths where it raised. Reading runs the code: `run_code=True` is required."""
    got = _brewery.read_brewery(_gods(puzzle).model, source_text, run_code=run_code, timeout=timeout,
                                memory=memory, max_depth=max_depth, max_nodes=max_nodes, source=source)
    return BreweryReading(Strategy(got.root, puzzle), got.variant, got.engg_question_limit, got.nodes, got.dropped,
                          got.seconds)


@guarded
def from_brewery(puzzle: GodsPuzzle, source_text: str, *, run_code: bool = False, timeout: float | None = None,
                 memory: int = 2 << 30, max_depth: int = 12, max_nodes: int = 100_000,
                 source: str | None = None) -> Strategy:
    """Return the strategy a BoolosBrewery submission (Python source) plays on the puzzle.

    Reading a submission runs its code, in a separate process with a time limit (`timeout` seconds,
    60 by default), a memory limit (`memory` bytes) and an empty temporary working directory; so
    `run_code=True` is required, else BadInput. Past the limits, or `max_depth` questions on one
    path, or `max_nodes` nodes: LimitReached."""
    return read_brewery(puzzle, source_text, run_code=run_code, timeout=timeout, memory=memory,
                        max_depth=max_depth, max_nodes=max_nodes, source=source).strategy


@guarded
def parse_brewery_question(puzzle: GodsPuzzle, text: str) -> tuple[str, Expr]:
    """Return (addressee, question) of a question in BoolosBrewery's syntax (`Alice: Bob studies Math?`)."""
    return _brewery.parse_question(text, _gods(puzzle).model)


@guarded
def write_brewery_question(puzzle: GodsPuzzle, addressee: str, question: Expr) -> str:
    """Return a question in BoolosBrewery's syntax (reading it back gives the same expression)."""
    return _brewery.write_question(_gods(puzzle).model, addressee, question)


RUN_CODE_REFUSAL = _brewery.RUN_CODE_REFUSAL

__all__ = ["BreweryReading", "RUN_CODE_REFUSAL", "check_brewery_variant", "from_brewery", "parse_brewery_question",
           "read_brewery", "to_brewery", "write_brewery_question"]
