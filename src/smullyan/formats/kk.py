"""The K&K benchmark's JSONL (Xie et al. 2024): one knights-and-knaves puzzle per line.

Fields used: `id`, `names`, and `statements`, a Python literal of nested tuples where statement i is
said by person i: ('telling-truth', i), ('lying', i), ('not', s), ('and', …), ('or', …),
('->', a, b), ('<=>', a, b).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any, Iterator

from ..deduce.model import Constraint, Deduction
from ..errors import PuzzleError, did_you_mean
from ..logic import expr as E
from ..logic.types import LIAR, TRUTHFUL
from .toml_common import distinct


def kk_statement(node: Any, names: list[str]) -> E.Expr:
    """Return the expression of one K&K statement tuple (nested at most `E.MAX_DEPTH` deep)."""
    E.check_depth(node, what="the statement")
    return _statement(node, names)


KK_KINDS = ("telling-truth", "lying", "not", "and", "or", "->", "<=>")


def _statement(node: Any, names: list[str]) -> E.Expr:
    if not isinstance(node, tuple) or not node:
        raise PuzzleError(f"malformed statement {E.show(node)}: expected a tuple starting with one of "
                          f"{', '.join(KK_KINDS)}")
    head, args = node[0], node[1:]
    if not isinstance(head, str) or head not in KK_KINDS:
        raise PuzzleError(f"unknown statement kind {E.show(head)} in {E.show(node)}; known: {', '.join(KK_KINDS)}"
                          f"{did_you_mean(head, KK_KINDS)}")
    if head in ("telling-truth", "lying"):
        if (len(args) != 1 or isinstance(args[0], bool) or not isinstance(args[0], int)
                or not 0 <= args[0] < len(names)):
            raise PuzzleError(f"'{head}' needs a person number from 0 to {len(names) - 1}, got {E.show(args)}")
        return E.TypeIs(names[args[0]], TRUTHFUL if head == "telling-truth" else LIAR)
    parts = [_statement(a, names) for a in args]
    if head == "not" and len(parts) == 1:
        return E.Not(parts[0])
    if head in ("and", "or") and len(parts) >= 2:
        return E.And(tuple(parts)) if head == "and" else E.Or(tuple(parts))
    if head == "->" and len(parts) == 2:
        return E.Implies(*parts)
    if head == "<=>" and len(parts) == 2:
        return E.Iff(*parts)
    raise PuzzleError(f"'{head}' takes {'one statement' if head == 'not' else 'two statements' if head in ('->', '<=>') else 'at least two statements'}, "
                      f"got {len(parts)} in {E.show(node)}")


def kk_puzzle(record: dict[str, Any]) -> Deduction:
    """Return the deduction puzzle of one K&K record (checked against `schema.KKRecord` first)."""
    from .schema import KKRecord, validate

    rec = validate(record, KKRecord, json=True)
    names = distinct(rec.names, "names")
    try:
        stmts = ast.literal_eval(rec.statements)
    except SyntaxError as bad:
        raise PuzzleError(f"not a Python literal of tuples (SyntaxError: {bad.msg})", key="statements") from None
    except (ValueError, TypeError, MemoryError, RecursionError) as bad:
        raise PuzzleError(f"not a Python literal of tuples ({type(bad).__name__})", key="statements") from None
    if not isinstance(stmts, tuple) or len(stmts) != len(names):
        raise PuzzleError(f"expected {len(names)} statements, one per person", key="statements")
    constraints = []
    for i, (name, st) in enumerate(zip(names, stmts)):
        try:
            e = kk_statement(st, names)
        except PuzzleError as err:
            raise PuzzleError(err.message, key=f"statements[{i}]") from None
        constraints.append(Constraint(f"{name}'s statement", E.Says(name, e), None))
    return Deduction(tuple(names), tuple((TRUTHFUL, LIAR) for _ in names), constraints=tuple(constraints),
                     title=str(record.get("id", "")), display={TRUTHFUL: "knight", LIAR: "knave"})


def read_kk(path: str | Path) -> Iterator[tuple[str, Deduction]]:
    """Yield (id, puzzle) for each line of a K&K JSONL file; errors name the file and line."""
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        raise PuzzleError(f"cannot read the file: {e.strerror or e}", source=str(path)) from None
    with f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            where = f"{path}:{n}"
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                raise PuzzleError(f"invalid JSON: {e.msg} (column {e.colno})", source=where) from None
            except RecursionError:
                raise PuzzleError("the line is nested too deeply to read", source=where) from None
            if not isinstance(record, dict):
                raise PuzzleError("each line must be a JSON object", source=where)
            try:
                yield str(record.get("id", n)), kk_puzzle(record)
            except PuzzleError as e:
                raise e.located(source=where) from None
