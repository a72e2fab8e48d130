"""What a generator returns for one puzzle, before the API words it in English."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Made:
    """A generated puzzle before it is worded: the model, its solution, why, how hard, and its canonical key."""

    model: Any  # Deduction or Interrogation
    solution: dict[str, Any]  # JSON-ready
    explanation: tuple[dict[str, Any], ...]  # JSON-ready reasons
    difficulty: dict[str, Any]  # JSON-ready; "grade" (int) and the measures it comes from
    canonical: str  # equal for two puzzles that are the same up to renaming
