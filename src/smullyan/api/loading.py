r"""Reading puzzles and strategies: files, TOML text, English text, strategy JSON, JSONL batches.

Every reader raises BadInput naming the file and the line and column or key at fault. A batch never
stops at a bad line: it yields an item with the error and goes on.

>>> import smullyan
>>> p = smullyan.loads('''
... agents = ["A", "B"]
... types = ["knight", "knave"]
... ''')
>>> p.solve().questions
1
>>> smullyan.read("Knights always tell the truth and knaves always lie. You meet 2 inhabitants: "
...               "Al and Bo. Al said, \"We are both knaves.\"").solve().solutions
({'Al': 'knave', 'Bo': 'knight'},)
>>> smullyan.loads('agents = ["A"]\ntypes = ["wizard"]')
Traceback (most recent call last):
...
smullyan.errors.BadInput: key 'types[0]': unknown type 'wizard'; known types: ...
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import BadInput, SmullyanError
from .contract import guarded
from .puzzles import DeductionPuzzle, GodsPuzzle, Puzzle, wrap
from .results import Strategy

if TYPE_CHECKING:
    from pathlib import Path

TEXT_SUFFIXES = (".txt", ".text", ".md")
TOML_SUFFIXES = (".toml",)
FORMATS = ("auto", "toml", "text")
BATCH_FORMATS = ("kk", "text")
MAX_FILE_BYTES = 16 * 1024 * 1024  # a puzzle or strategy file larger than this is refused, not read
MAX_TEXT_CHARS = 200_000  # an English puzzle longer than this is refused (the grammars are not for books)


def read_file_text(path: str | Path) -> str:
    """Return a file's text; raise BadInput (naming the file) if it cannot be read, is too large or is not UTF-8."""
    data = read_file_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise BadInput(f"line {line}: the file is not UTF-8 text", source=str(path), line=line) from None


def read_file_bytes(path: str | Path) -> bytes:
    """Return a file's bytes; raise BadInput (naming the file) if it cannot be read or is too large."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise BadInput("is a directory, not a file", source=str(path)) from None
    except OSError as e:
        raise BadInput(f"cannot read the file: {e.strerror or e}", source=str(path)) from None
    if len(data) > MAX_FILE_BYTES:
        raise BadInput(f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; not a puzzle", source=str(path))
    return data


def format_of(path: str | Path, fmt: str | None) -> str:
    """Return 'toml' or 'text' for a path: as asked, else by its suffix (.toml, .txt/.text/.md)."""
    fmt = fmt or "auto"
    if fmt not in FORMATS:
        raise BadInput(f"unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    if fmt != "auto":
        return fmt
    suffix = os.path.splitext(str(path))[1].lower()
    if suffix in TOML_SUFFIXES:
        return "toml"
    if suffix in TEXT_SUFFIXES:
        return "text"
    raise BadInput(f"cannot tell the format from the suffix {suffix or '(none)'!r}; name a .toml or .txt file, "
                   "or give the format (toml or text)", source=str(path))


@guarded
def load(path: str | Path, format: str | None = None) -> Puzzle:
    """Return the puzzle of a file: TOML, or English text (by suffix, or `format='toml'|'text'`)."""
    kind = format_of(path, format)
    text = read_file_text(path)
    try:
        return loads(text) if kind == "toml" else read(text, title=os.path.splitext(os.path.basename(str(path)))[0])
    except SmullyanError as e:
        raise e.located(source=str(path)) from None


@guarded
def loads(toml_text: str, source: str | None = None) -> Puzzle:
    """Return the puzzle a TOML document describes (gods, deduction or grid, by its `kind`)."""
    import tomllib

    from ..formats.puzzle_toml import puzzle_from_dict

    if not isinstance(toml_text, str):
        raise BadInput(f"expected TOML text (a str), got {type(toml_text).__name__}", source=source)
    try:
        data = tomllib.loads(toml_text)
    except tomllib.TOMLDecodeError as e:
        line, column = _toml_position(str(e), toml_text)
        raise BadInput(f"invalid TOML: {e}", source=source, line=line, column=column) from None
    try:
        return wrap(puzzle_from_dict(data))
    except SmullyanError as e:
        raise e.located(source=source) from None


def _toml_position(message: str, text: str) -> tuple[int | None, int | None]:
    """Return (line, column) of a TOML error from tomllib's message ('… (at line 3, column 7)')."""
    import re

    m = re.search(r"\(at line (\d+), column (\d+)\)", message)
    if m:
        return int(m.group(1)), int(m.group(2))
    if "(at end of document)" in message:
        lines = text.split("\n")
        return len(lines), len(lines[-1]) + 1
    return None, None


@guarded
def parse(text: str, format: str = "auto", title: str = "", source: str | None = None) -> Puzzle:
    """Return the puzzle of a text: TOML or English, as `format` says or (auto) as the text looks.

    A text is TOML when a line outside quotes starts a table (`[gods]`) or assigns a key (`agents =`);
    English puzzles have neither. Every error carries the line and column (or key) it is at.
    """
    if format not in FORMATS:
        raise BadInput(f"unknown format {format!r}; choose one of: {', '.join(FORMATS)}")
    if not isinstance(text, str):
        raise BadInput(f"expected puzzle text (a str), got {type(text).__name__}", source=source)
    kind = format if format != "auto" else ("toml" if looks_like_toml(text) else "text")
    if kind == "text":
        return read(text, title=title, source=source)
    try:
        return loads(text, source=source)
    except SmullyanError as e:
        raise located_in_toml(e, text) from None


_TOML_LINE = re.compile(r"^[ \t]*(?:\[\[?[ \t]*[A-Za-z0-9_\-\"'.]+[ \t]*\]\]?|[A-Za-z0-9_\-]+(?:[ \t]*\.[ \t]*[A-Za-z0-9_\-]+)*[ \t]*=)",
                        re.M)


def looks_like_toml(text: str) -> bool:
    """Return True when a line of the text is a TOML table header or key assignment."""
    return _TOML_LINE.search(text) is not None


def located_in_toml(error: SmullyanError, text: str) -> SmullyanError:
    """Return the error with the line and column of its key in the TOML text, where it has a key but no line."""
    if error.line is not None or not error.key:
        return error
    first = re.split(r"[.\[]", error.key, maxsplit=1)[0]
    m = re.search(rf"^([ \t]*)(?:\[\[?[ \t]*)?{re.escape(first)}\b", text, re.M)
    if not m:
        return error
    other = copy.copy(error)
    other.line = text.count("\n", 0, m.start()) + 1
    other.column = len(m.group(1)) + 1
    return other


_WHERE_IN_TEXT = re.compile(r"^line (\d+)(?:, column (\d+))?: ")


def located_in_text(error: SmullyanError) -> SmullyanError:
    """Return the error with its line and column as fields, where its message begins 'line L, column C: '."""
    m = _WHERE_IN_TEXT.match(error.message)
    if error.line is not None or not m:
        return error
    other = copy.copy(error)
    other.line = int(m.group(1))
    other.column = int(m.group(2)) if m.group(2) else None
    return other


@guarded
def read(text: str, title: str = "", source: str | None = None) -> Puzzle:
    """Return the puzzle an English text states (gods, knights and knaves, a zebra grid)."""
    from ..english.read import read_text

    if not isinstance(text, str):
        raise BadInput(f"expected English text (a str), got {type(text).__name__}", source=source)
    if len(text) > MAX_TEXT_CHARS:
        raise BadInput(f"the text has {len(text):,} characters; puzzles of at most {MAX_TEXT_CHARS:,} are read",
                       source=source)
    try:
        reading = read_text(text, title)
        return wrap(reading.puzzle, tuple(s.text for s in reading.ignored))
    except SmullyanError as e:
        raise located_in_text(e).located(source=source) from None


@guarded
def load_strategy(path: str | Path, puzzle: GodsPuzzle | None = None) -> Strategy:
    """Return the strategy of a JSON file (as `solve --json` writes it, or written by hand)."""
    text = read_file_text(path)
    try:
        return loads_strategy(text, puzzle)
    except SmullyanError as e:
        raise e.located(source=str(path)) from None


@guarded
def loads_strategy(document: str | dict[str, Any], puzzle: GodsPuzzle | None = None) -> Strategy:
    """Return the strategy of a JSON document (text, or the parsed dict)."""
    from ..formats.strategy_json import strategy_from_json

    data = json_document(document) if isinstance(document, str) else document
    return Strategy(strategy_from_json(data), puzzle)


def json_document(text: str) -> Any:
    """Return the parsed JSON of a text; BadInput with line and column if it is not JSON."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInput(f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno})", line=e.lineno,
                       column=e.colno) from None
    except ValueError as e:  # a number too long to convert: Python refuses integers of over 4,300 digits
        raise BadInput(f"invalid JSON: a number is too long ({e})") from None
    except RecursionError:
        raise BadInput("invalid JSON: nested too deeply") from None


@dataclass(frozen=True)
class BatchItem:
    """One line of a JSONL batch: its puzzle, or the error that line has."""

    line: int
    id: str
    puzzle: Puzzle | None
    error: BadInput | None = None

    @property
    def ok(self) -> bool:
        """Return whether the line holds a readable puzzle."""
        return self.puzzle is not None


@guarded
def load_batch(path: str | Path, format: str = "kk", field: str | None = None) -> Iterator[BatchItem]:
    """Yield each line of a JSONL file as a BatchItem: `kk` lines (the K&K benchmark's records) or
    `text` lines (English in the `field`, default the first of TEXT_FIELDS present). Bad lines carry their error."""
    if format not in BATCH_FORMATS:
        raise BadInput(f"unknown batch format {format!r}; choose one of: {', '.join(BATCH_FORMATS)}")
    data = read_file_bytes(path)
    return _batch(data.split(b"\n"), str(path), format, field)


def _batch(lines: list[bytes], source: str, format: str, field: str | None) -> Iterator[BatchItem]:
    import json

    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        where = f"{source}:{n}"
        ident = str(n)
        try:
            try:
                line = raw.decode("utf-8-sig" if n == 1 else "utf-8")
            except UnicodeDecodeError:
                raise BadInput("the line is not UTF-8 text") from None
            try:
                record = json.loads(line)
            except json.JSONDecodeError as e:
                raise BadInput(f"invalid JSON: {e.msg} (column {e.colno})", column=e.colno) from None
            except RecursionError:
                raise BadInput("the line is nested too deeply to read") from None
            if not isinstance(record, dict):
                raise BadInput("each line must be a JSON object")
            if "id" in record and isinstance(record["id"], (str, int)) and not isinstance(record["id"], bool):
                ident = str(record["id"])
            yield BatchItem(n, ident, _batch_puzzle(record, format, field))
        except SmullyanError as e:
            err = e if isinstance(e, BadInput) else BadInput(e.message)
            yield BatchItem(n, ident, None, err.located(source=where, key=None))  # type: ignore[arg-type]
        except RecursionError:
            yield BatchItem(n, ident, None, BadInput("the statement is nested too deeply to read", source=where))


TEXT_FIELDS = ("quiz", "puzzle", "question", "problem", "text", "input", "prompt")


def _batch_puzzle(record: dict[str, Any], format: str, field: str | None) -> Puzzle:
    if format == "kk":
        from ..formats.kk import kk_puzzle

        return DeductionPuzzle(kk_puzzle(record))
    keys = [field] if field else list(TEXT_FIELDS)
    key = next((k for k in keys if k in record), None)
    if key is None or not isinstance(record[key], str):
        wanted = f"'{field}'" if field else "(one of " + ", ".join(TEXT_FIELDS) + "; or name it with --field)"
        raise BadInput(f"expected a JSON object with a text field {wanted}")
    return read(record[key], title=str(record.get("id", "")))
