"""smullyan: exact solver for puzzles about truth-tellers, liars and random answerers.

Glossary (DESIGN.md has the full map):
- world: each agent's type and each word's meaning; a world set is an int bitset over worlds.
- expression: an immutable proposition tree (`logic.expr`), with one JSON form.
- semantics: the rules of answering (`logic.semantics`), the only place they live.
- strategy: a tree of questions whose leaves identify the goal (`interrogate`).
"""

from .errors import PuzzleError, SearchLimitReached, SmullyanError

__all__ = ["PuzzleError", "SearchLimitReached", "SmullyanError"]
__version__ = "0.1.0"
