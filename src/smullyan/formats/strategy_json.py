"""Strategy files: the JSON form of a question strategy, read (with one clear message per mistake) and written.

A strategy document is a tree of `{"ask": AGENT, "question": EXPR or English, "english": …,
"branches": {OUTCOME: subtree}}` nodes with `{"identified": {AGENT: TYPE}, "language": {WORD:
MEANING}}` leaves; a whole `solve --json` document is accepted too (its `strategy` key is read).
"""

from __future__ import annotations

from typing import Any

from ..errors import PuzzleError
from ..interrogate.puzzle import Interrogation
from ..interrogate.strategy import Ask, Identified, Node
from ..logic import expr as E
from ..logic.types import canonical_type


def strategy_from_json(data: Any, where: str = "strategy") -> Node:
    """Return the strategy tree of a JSON node; raise PuzzleError naming the bad part."""
    if isinstance(data, dict) and "strategy" in data and "ask" not in data and "identified" not in data:
        if data["strategy"] is None:
            raise PuzzleError("the file holds no strategy (the puzzle was reported unsolvable)", key=where)
        return strategy_from_json(data["strategy"], "strategy")
    if not isinstance(data, dict):
        raise PuzzleError(f"expected an object with 'ask' or 'identified', got {type(data).__name__}", key=where)
    if "identified" in data:
        ident = data["identified"]
        if not isinstance(ident, dict) or not all(isinstance(v, str) for v in ident.values()):
            raise PuzzleError("'identified' must map agents to types", key=where)
        lang = data.get("language")
        if lang is not None and not isinstance(lang, dict):
            raise PuzzleError("'language' must map words to meanings", key=where)
        types = []
        for agent, t in ident.items():
            try:
                types.append((agent, canonical_type(t)))
            except PuzzleError as e:
                raise e.located(key=f"{where}.identified.{agent}") from None
        return Identified(tuple(types), tuple(lang.items()) if lang else None)
    for k in ("ask", "question", "branches"):
        if k not in data:
            raise PuzzleError(f"missing '{k}'", key=where)
    unknown = set(data) - {"ask", "question", "english", "branches"}
    if unknown:
        raise PuzzleError(f"unknown key '{sorted(unknown)[0]}'", key=where)
    if not isinstance(data["ask"], str):
        raise PuzzleError("'ask' must name an agent", key=where)
    try:
        if isinstance(data["question"], str):  # a question in English, as a person would ask it
            from ..english.questions import parse_question  # lark: imported only for English questions
            q = parse_question(data["question"], data["ask"])[1]
        else:
            q = E.from_json(data["question"])
    except PuzzleError as e:
        raise e.located(key=f"{where}.question") from None
    br = data["branches"]
    if not isinstance(br, dict) or not br:
        raise PuzzleError("'branches' must map outcomes to strategies", key=where)
    branches = tuple((o, strategy_from_json(n, f"{where}.branches.{o}")) for o, n in br.items())
    return Ask(data["ask"], q, branches)


def strategy_to_json(puzzle: Interrogation, node: Node) -> dict[str, Any]:
    """Return the JSON form of a strategy tree, each question also in English."""
    from ..render.english import English

    return _to_json(puzzle, node, English(puzzle.display))


def _to_json(puzzle: Interrogation, node: Node, eng: Any) -> dict[str, Any]:
    if isinstance(node, Identified):
        out: dict[str, Any] = {"identified": {a: puzzle.type_name(t) for a, t in node.types}}
        if node.language:
            out["language"] = dict(node.language)
        return out
    return {
        "ask": node.addressee,
        "question": E.to_json(node.question),
        "english": eng.question(node.question, node.addressee),
        "branches": {o: _to_json(puzzle, n, eng) for o, n in node.branches},
    }
