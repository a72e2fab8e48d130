"""Generators of English puzzle texts, with answers computed by their own brute force (`truth`).

They are the wording corpus the English reader must pass (tests/test_wording.py,
benchmarks/bench_reading.py); every generator takes a `random.Random` and is deterministic.

- `knights`: knights and knaves, web-of-lies chains, a mixed sub-family with a third kind.
- `grids`: zebra-style grids of positions and characteristics.
- `framing`: noise around any puzzle text, and hostile texts that must be rejected.

Each item is a dict {"family", "subfamily", "text", "answers": [{"question", "answer", "option"?}],
"solution"?} or, for a text that must be rejected, {"family", "subfamily", "text", "error": True}.
"""

from __future__ import annotations

import random
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

FAMILIES = ("knights", "grids", "orders", "framing")


def generator(family: str) -> "Callable[[random.Random], dict[str, Any]]":
    """Return the one-item generator of a family."""
    from . import framing, grids, knights, orders

    return {"knights": knights.generate, "grids": grids.generate, "orders": orders.generate,
            "framing": framing.generate}[family]


def corpus(family: str, seed: int, n: int) -> "list[dict[str, Any]]":
    """Return n items of a family generated from one seed."""
    rng = random.Random(f"{family}/{seed}")
    make = generator(family)
    return [make(rng) for _ in range(n)]


OUTCOMES = ("correct", "wrong", "mismatch", "rejected", "error", "crash")


def norm_question(q: object) -> str:
    """Return a question with markdown, case and spacing ignored."""
    return re.sub(r"\s+", " ", re.sub(r"[*_`]", "", str(q))).strip().casefold()


def norm_answer(a: object) -> str:
    """Return an answer with runs of white space made one space."""
    return re.sub(r"\s+", " ", str(a)).strip()


def compare(expected: "list[dict[str, str]]", got: object) -> tuple[str, str]:
    """Return (outcome, detail) of a reader's answers against the expected ones.

    "wrong": an answer (or option label) differs; "mismatch": the answers agree but the number of
    answers, a question as reported or a missing option label does not; else "correct".
    """
    if not isinstance(got, list) or not all(isinstance(a, dict) for a in got):
        return "mismatch", f"to_dict()['answers'] is {got!r}, not a list of dicts"
    for i, (e, g) in enumerate(zip(expected, got)):
        if norm_answer(g.get("answer")) != norm_answer(e["answer"]):
            return "wrong", f"answer {i + 1}: expected {e['answer']!r}, got {g.get('answer')!r}"
        if "option" in e and "option" in g and str(g["option"]) != e["option"]:
            return "wrong", f"answer {i + 1}: expected option {e['option']!r}, got {g['option']!r}"
    if len(got) != len(expected):
        return "mismatch", f"{len(expected)} questions expected, {len(got)} answered"
    for i, (e, g) in enumerate(zip(expected, got)):
        if norm_question(g.get("question")) != norm_question(e["question"]):
            return "mismatch", f"question {i + 1}: expected {e['question']!r}, got {g.get('question')!r}"
        if "option" in e and "option" not in g:
            return "mismatch", f"answer {i + 1}: no option label (expected {e['option']!r})"
    return "correct", ""


def judge(item: "dict[str, Any]", result: "dict[str, Any] | None", error: BaseException | None) -> tuple[str, str]:
    """Return (outcome, detail) of one item given the solved result's to_dict() or the exception raised."""
    import smullyan

    if error is not None:
        if isinstance(error, smullyan.BadInput):
            return ("correct", "") if item.get("error") else ("rejected", str(error))
        if isinstance(error, smullyan.SmullyanError):
            return "error", f"{type(error).__name__}: {error}"
        return "crash", f"{type(error).__name__}: {error}"
    if item.get("error"):
        return "wrong", "answered a text that must be rejected"
    return compare(item["answers"], (result or {}).get("answers"))
