"""Strategy files: the JSON form of a question strategy, read (with one clear message per mistake) and written.

A strategy document is a tree of `{"ask": AGENT, "question": EXPR or English, "english": …,
"branches": {OUTCOME: subtree}}` nodes with `{"identified": {AGENT: TYPE}, "language": {WORD:
MEANING}}` leaves; a whole `solve --json` document is accepted too (its `strategy` key is read).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import PuzzleError
from ..interrogate.puzzle import Interrogation
from ..interrogate.strategy import Ask, Identified, Node
from ..logic import expr as E
from ..logic.types import canonical_type

if TYPE_CHECKING:
    from .schema import StrategyNode


def strategy_from_json(data: Any, where: str = "strategy") -> Node:
    """Return the strategy tree of a JSON node (or of a whole result document holding one); raise
    PuzzleError naming the bad part. The document is checked against `schema.StrategyNode` (or
    `schema.StrategyDocument`) first; here only what a schema cannot say: a node asks or identifies,
    its question reads, its types are types."""
    from .schema import StrategyDocument, StrategyNode, validate

    if isinstance(data, dict) and "strategy" in data and "ask" not in data and "identified" not in data:
        _check_depth(data["strategy"], "strategy")
        doc = validate(data, StrategyDocument, json=True)
        if doc.strategy is None:
            raise PuzzleError("the file holds no strategy (the puzzle was reported unsolvable)", key="strategy")
        return _node(doc.strategy, "strategy")
    if isinstance(data, dict) and "schema" in data and "ask" not in data and "identified" not in data:
        raise PuzzleError(f"the document holds no strategy (it is a {E.show(data['schema'])} document)")
    _check_depth(data, where)
    return _node(validate(data, StrategyNode, key=where, json=True), where)


def _check_depth(data: Any, where: str) -> None:
    """Raise PuzzleError if a strategy asks more than `E.MAX_DEPTH` questions along one path (without recursion)."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if not isinstance(node, dict) or not isinstance(node.get("branches"), dict):
            continue
        if len(path) >= E.MAX_DEPTH:
            steps = [f"branches.{o}" for o in path]
            key = ".".join([where, *steps[:2], "…", *steps[-1:]])
            raise PuzzleError(f"the strategy asks more than {E.MAX_DEPTH} questions along one path; at most "
                              f"{E.MAX_DEPTH} are allowed", key=key)
        stack.extend((child, (*path, str(o)[:40])) for o, child in node["branches"].items())


def _node(node: StrategyNode, where: str) -> Node:
    import msgspec

    asks = [k for k in ("ask", "question", "branches") if getattr(node, k) not in (None, msgspec.UNSET)]
    if node.identified is not None:
        if asks or node.english is not None:
            raise PuzzleError(f"a node either asks ('ask', 'question', 'branches') or is a leaf ('identified', "
                              f"'language'), not both; this one has 'identified' and '{(asks or ['english'])[0]}'",
                              key=where)
        types = []
        for agent, t in node.identified.items():
            try:
                types.append((agent, canonical_type(t)))
            except PuzzleError as e:
                raise e.located(key=f"{where}.identified.{agent}") from None
        return Identified(tuple(types), tuple(node.language.items()) if node.language else None)
    if node.language is not None:
        raise PuzzleError("'language' belongs to a leaf, next to 'identified'", key=f"{where}.language")
    for k in ("ask", "question", "branches"):
        if k not in asks:
            raise PuzzleError("missing; a node asks ('ask', 'question', 'branches') or is a leaf ('identified')",
                              key=f"{where}.{k}")
    ask: str = node.ask  # type: ignore[assignment]
    try:
        if isinstance(node.question, str):  # a question in English, as a person would ask it
            if len(node.question) > E.MAX_STRING:
                raise PuzzleError(f"is {len(node.question):,} characters long; at most {E.MAX_STRING:,} are allowed")
            from ..english.questions import parse_question  # lark: imported only for English questions
            q = parse_question(node.question, ask)[1]
        else:
            q = E.from_json(node.question)
    except PuzzleError as e:
        raise e.located(key=f"{where}.question") from None
    branches = tuple((o, _node(n, f"{where}.branches.{o}")) for o, n in (node.branches or {}).items())
    return Ask(ask, q, branches)


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
