"""smullyan: exact solver for puzzles about truth-tellers, liars and random answerers.

>>> import smullyan
>>> p = smullyan.gods(["A", "B", "C"], ["truthful", "liar", "random"], words=["ja", "da"])
>>> result = p.solve()
>>> result.questions, result.expected
(3, Fraction(3, 1))
>>> result.proof
'No strategy of 2 questions identifies the goal, even with every possible question (exhaustive search).'
>>> smullyan.verify(p, result.strategy).ok
True

Glossary (DESIGN.md has the full map):
- world: each agent's type and each word's meaning; a world set is an int bitset over worlds.
- expression: an immutable proposition tree (`logic.expr`), with one JSON form.
- semantics: the rules of answering (`logic.semantics`), the only place they live.
- strategy: a tree of questions whose leaves identify the goal (`interrogate`).

Layers, imports pointing down only: faces (`cli`) → the API (`api`: what this module exports) →
I/O (`formats`, `english`, `render`) → engines (`logic`, `deduce`, `interrogate`, `survey`,
`generator`).
Every name below is imported on first use, so `import smullyan` stays fast.
"""

from __future__ import annotations

import importlib

from ._version import __version__
from .errors import (BadInput, InternalError, Interrupted, LimitReached, PuzzleError, SearchLimitReached,
                     SmullyanError)

TYPE_CHECKING = False  # typing is not imported at run time: `import smullyan` stays fast
if TYPE_CHECKING:
    from typing import Any

    from .api.build import (FALSE, TRUE, answers, at, between, count, deduction, directly_left, directly_right,
                            eq, ge, gods, grid, gt, iff, implies, is_a, knave, knight, le, left_of, liar, lt,
                            means, ne, next_to, not_at, right_of, same, says, truthful, var, you_answer)
    from .api.brewery import from_brewery, to_brewery
    from .api.certificates import AverageCertificate, Certificate, CertificateCheck, certify, check_certificate
    from .api.checking import solve, verify
    from .api.contract import Progress
    from .api.game import Game, play
    from .api.generation import Generated, Generation, generate
    from .api.loading import BatchItem, load, load_batch, load_strategy, loads, loads_strategy, parse, read
    from .api.puzzles import DeductionPuzzle, GodsPuzzle, Puzzle
    from .api.results import Answer, Reason, Strategy, StrategyResult, Verdict, WorldsResult
    from .api.survey import SurveyResult, survey_gods
    from .logic.expr import Expr

_LAZY = {
    "api.build": ("FALSE", "TRUE", "answers", "at", "between", "count", "deduction", "directly_left",
                  "directly_right", "eq", "ge", "gods", "grid", "gt", "iff", "implies", "is_a", "knave", "knight",
                  "le", "left_of", "liar", "lt", "means", "ne", "next_to", "not_at", "right_of", "same", "says",
                  "truthful", "var", "you_answer"),
    "api.brewery": ("from_brewery", "to_brewery"),
    "api.certificates": ("AverageCertificate", "Certificate", "CertificateCheck", "certify", "check_certificate"),
    "api.checking": ("solve", "verify"),
    "api.contract": ("Progress",),
    "api.game": ("Game", "play"),
    "api.generation": ("Generated", "Generation", "generate"),
    "api.loading": ("BatchItem", "load", "load_batch", "load_strategy", "loads", "loads_strategy", "parse", "read"),
    "api.puzzles": ("DeductionPuzzle", "GodsPuzzle", "Puzzle"),
    "api.results": ("Answer", "Reason", "Strategy", "StrategyResult", "Verdict", "WorldsResult"),
    "api.survey": ("SurveyResult", "survey_gods"),
    "logic.expr": ("Expr",),
}
_WHERE = {name: module for module, names in _LAZY.items() for name in names}

__all__ = ["Answer", "AverageCertificate", "BadInput", "BatchItem", "Certificate", "CertificateCheck", "DeductionPuzzle", "Expr", "FALSE", "Game", "Generated", "Generation", "GodsPuzzle", "InternalError",
           "Interrupted", "LimitReached", "Progress", "Puzzle", "PuzzleError", "Reason", "SearchLimitReached",
           "SmullyanError", "Strategy", "StrategyResult", "SurveyResult", "TRUE", "Verdict", "WorldsResult",
           "__version__", "answers", "at", "between", "certify", "check_certificate", "count", "deduction",
           "directly_left", "directly_right", "eq", "from_brewery", "ge", "generate", "gods", "grid", "gt", "iff", "implies", "is_a", "knave", "knight",
           "le", "left_of", "liar", "load", "load_batch", "load_strategy", "loads", "loads_strategy", "lt",
           "means", "ne", "next_to", "not_at", "parse", "play", "read", "right_of", "same", "says", "solve", "survey_gods",
           "to_brewery", "truthful", "var", "verify", "you_answer"]


def __getattr__(name: str) -> Any:
    """Return a public name, importing its module on first use."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'smullyan' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
