"""ZebraLogic puzzles (Lin et al. 2025) in their English wording: read by the grid reader.

The header ("There are N houses…" and one line per characteristic: " - description: `v1`, `v2`, …")
and the numbered clues are read by english/grid.py like any other grid text.
"""

from __future__ import annotations

from ..deduce.model import Deduction


def parse_zebralogic(text: str, title: str = "") -> Deduction:
    """Return the grid puzzle of a ZebraLogic text; raise PuzzleError naming the line of a bad clue."""
    from .grid import read_grid
    from .sentences import split_sentences

    puzzle = read_grid(text, split_sentences(text), title).puzzle
    assert isinstance(puzzle, Deduction)
    return puzzle
