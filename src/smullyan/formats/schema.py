"""The schemas of every document smullyan reads, checked at the boundary with msgspec.

One schema per document: the TOML puzzle files (`InterrogationDoc`, `DeductionDoc`, `GridDoc`, with
`PuzzleKind` choosing among them), the strategy JSON (`StrategyNode`, recursive, or a whole result
document, `StrategyDocument`) and a K&K JSONL record (`KKRecord`). `validate(data, schema)` returns
the document as a Struct or raises BadInput naming the key in smullyan's form (`questions.language`,
`agents[1]`, `allowed.A[0]`), what was expected and what was found, with "did you mean" for a
misspelt key or choice. msgspec's own wording never reaches the user: its error only says where to
look, and the message is composed here from the schema and the value found.

The schema checks shapes, types (a boolean is `true` or `false`, never "no"; a whole number is never
a decimal number or a boolean), choices, required and unknown keys, and sizes. What it cannot check
(names that must be distinct, agents named in `[allowed]`, counts that must match, the values of a
grid, expressions) the readers check next, each in one place.

Caps on sizes (`LIMITS`, the one table):

| key              | cap       | what                                                                 |
|------------------|-----------|----------------------------------------------------------------------|
| gods_agents      | 16        | agents in a gods (interrogation) puzzle                              |
| deduction_agents | 64        | agents in a deduction puzzle or a K&K record                         |
| words            | 8         | answer words in a gods puzzle                                        |
| houses           | 12        | houses in a grid puzzle                                              |
| categories       | 12        | categories in a grid puzzle                                          |
| items            | 100,000   | statements, facts, clues, questions, entries of any list or table   |
| domain           | 1,000,000 | values of one variable (a {min, max} range is measured, not built)   |
| expansion        | 1,000,000 | nodes of an expression once its quantifiers over agents are expanded |
| depth            | 200       | lists nested in an expression; questions along one strategy path     |
| string           | 10,000    | characters in any string (names, titles, descriptions, texts)       |

Three caps are enforced below the schema, where the layers need them, and the table refers to them:
`depth` and `string` are `logic.expr.MAX_DEPTH` / `MAX_STRING` (`expr.from_json` checks the depth
without recursion before reading an expression, from any caller), `expansion` is
`deduction_toml.MAX_EXPANSION`. A cap that is exceeded is a BadInput naming the key and the size.

This module imports msgspec; the readers import it only when they validate, so that starting
smullyan (`smullyan --help`) does not pay for it.
"""

from __future__ import annotations

import re
import types as _types
import typing
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta, Struct

from ..errors import BadInput, did_you_mean
from ..interrogate.puzzle import GOALS, LANGUAGES, OBJECTIVES
from ..logic import expr as E
from ..logic.types import PARADOX_MODES, RANDOM_MODES
from .deduction_toml import MAX_EXPANSION

LIMITS: dict[str, int] = {
    "gods_agents": 16,
    "deduction_agents": 64,
    "words": 8,
    "houses": 12,
    "categories": 12,
    "items": 100_000,
    "domain": 1_000_000,
    "expansion": MAX_EXPANSION,
    "depth": E.MAX_DEPTH,
    "string": E.MAX_STRING,
}

KINDS = ("interrogation", "deduction", "grid")


def _words(one: str, many: str | None = None) -> dict[str, str]:
    return {"one": one, "many": many or one + "s"}


def _list(item: Any, one: str, many: str | None = None, lo: int = 0, hi: int | None = None) -> Any:
    """Return the type: a list of `item`, from `lo` to `hi` (default LIMITS['items']) long."""
    return Annotated[list[item], Meta(min_length=lo, max_length=LIMITS["items"] if hi is None else hi,
                                      extra=_words(one, many))]


def _table(value: Any, one: str, many: str | None = None, lo: int = 0, hi: int | None = None,
           expect: str | None = None) -> Any:
    """Return the type: a table of names to `value`, with `lo` to `hi` (default LIMITS['items']) entries."""
    extra: dict[str, str] = _words(one, many)
    if expect:
        extra["expect"] = expect
    return Annotated[dict[Name, value], Meta(min_length=lo, max_length=LIMITS["items"] if hi is None else hi,
                                             extra=extra)]


def _choice(values: Any) -> Any:
    return Literal[tuple(values)]  # type: ignore[valid-type]


Text = Annotated[str, Meta(max_length=LIMITS["string"])]
Name = Annotated[str, Meta(pattern=r"\S", max_length=LIMITS["string"])]  # not empty, not only spaces
TypeName = Annotated[str, Meta(max_length=LIMITS["string"], extra={"expect": "a type name (a string)"})]
Count = Annotated[int, Meta(ge=0)]
ALLOWED = "a table mapping each agent to its list of types"
Expression = Annotated[Any, Meta(extra={"expect": "an expression"})]


# ---------------------------------------------------------------- TOML puzzles


class PuzzleKind(Struct, kw_only=True):
    """Only the `kind` of a puzzle document (absent: an interrogation), read first to pick the schema."""

    kind: _choice(KINDS) = "interrogation"  # type: ignore[valid-type]


class Questions(Struct, forbid_unknown_fields=True, kw_only=True):
    """`[questions]` of a gods puzzle: which questions may be asked."""

    language: _choice(LANGUAGES) = "grammar"  # type: ignore[valid-type]
    max_complexity: Count = 2


class InterrogationDoc(Struct, forbid_unknown_fields=True, kw_only=True):
    """A gods puzzle: who the agents are, which types they may have, the words, the options."""

    title: Text = ""
    description: Text = ""
    kind: Literal["interrogation"] = "interrogation"
    agents: _list(Name, "agent", lo=1, hi=LIMITS["gods_agents"])  # type: ignore[valid-type]
    types: _list(TypeName, "type", hi=LIMITS["gods_agents"]) | None = None  # type: ignore[valid-type]
    allowed: _table(_list(TypeName, "type", lo=1), "agent", hi=LIMITS["gods_agents"], expect=ALLOWED) | None = None  # type: ignore[valid-type]
    counts: _table(Count, "count", expect="a table of types and how many gods have each, such as {liar = 2}") = {}  # type: ignore[valid-type]
    words: _list(Name, "word", lo=2, hi=LIMITS["words"]) | None = None  # type: ignore[valid-type]
    goal: _choice(GOALS) = "types"  # type: ignore[valid-type]
    max_questions: Count | None = None
    random: _choice(RANDOM_MODES) = "word"  # type: ignore[valid-type]
    paradox: _choice(PARADOX_MODES) = "forbidden"  # type: ignore[valid-type]
    questions: Questions = msgspec.field(default_factory=Questions)
    objective: _choice(OBJECTIVES) = "worst"  # type: ignore[valid-type]


class VariableRange(Struct, forbid_unknown_fields=True, kw_only=True):
    """A variable written as a range `{min, max}` (per agent: one variable `name.A` for each agent)."""

    min: int
    max: int
    per_agent: bool = False


VariableSpec = Union[_list(int, "value", lo=1, hi=LIMITS["domain"]), VariableRange]  # type: ignore[valid-type]


class QuestionChoice(Struct, forbid_unknown_fields=True, kw_only=True):
    """One possible answer of a `[[question]]`: the words, the expression that makes it true, an option's label."""

    answer: Text
    expr: Expression
    label: Text = ""


class Question(Struct, forbid_unknown_fields=True, kw_only=True):
    """One `[[question]]` the text asks: `value` (a grid: whose house holds it), or a `kind` with `expr`
    (yes_no) or `choice` tables (all: every true one; one: the true one; each: every true clause)."""

    text: Text
    value: Name | None = None
    kind: Literal["yes_no", "all", "one", "each"] | None = None
    expr: Expression | None = None
    choice: _list(QuestionChoice, "choice") = []  # type: ignore[valid-type]
    none: Text = "nobody"


class DeductionDoc(Struct, forbid_unknown_fields=True, kw_only=True):
    """A deduction puzzle: agents, their types, counts, variables, statements and facts."""

    title: Text = ""
    description: Text = ""
    kind: Literal["deduction"] = "deduction"
    agents: _list(Name, "agent", lo=1, hi=LIMITS["deduction_agents"])  # type: ignore[valid-type]
    types: _list(TypeName, "type", lo=1) = msgspec.field(default_factory=lambda: ["knight", "knave"])  # type: ignore[valid-type]
    allowed: _table(_list(TypeName, "type", lo=1), "agent", hi=LIMITS["deduction_agents"], expect=ALLOWED) = {}  # type: ignore[valid-type]
    counts: _table(Count, "count", expect="a table of types and how many agents have each, such as {knave = 1}") = {}  # type: ignore[valid-type]
    variables: _table(VariableSpec, "variable",  # type: ignore[valid-type]
                      expect="a table of variables, each a list of whole numbers or {min, max, per_agent}") = {}
    statements: _list(Expression, "statement") = []  # type: ignore[valid-type]
    facts: _list(Expression, "fact") = []  # type: ignore[valid-type]
    question: _list(Question, "question") = []  # type: ignore[valid-type]


class Clue(Struct, forbid_unknown_fields=True, kw_only=True):
    """One `[[clue]]` of a grid puzzle."""

    expr: Expression
    text: Text | None = None


class GridDoc(Struct, forbid_unknown_fields=True, kw_only=True):
    """A grid (zebra) puzzle: houses, categories of values, clues and questions."""

    title: Text = ""
    description: Text = ""
    kind: Literal["grid"] = "grid"
    houses: Annotated[int, Meta(ge=1, le=LIMITS["houses"])]
    categories: _table(_list(Name, "value", lo=1, hi=LIMITS["houses"]), "category", "categories",  # type: ignore[valid-type]
                       lo=1, hi=LIMITS["categories"], expect="a table of categories, each a list of values")
    clue: _list(Clue, "clue") = []  # type: ignore[valid-type]
    question: _list(Question, "question") = []  # type: ignore[valid-type]


# ---------------------------------------------------------------- strategies and K&K records


class StrategyNode(Struct, forbid_unknown_fields=True, kw_only=True):
    """A strategy node: a question (`ask`, `question`, `english`, `branches`) or a leaf (`identified`, `language`)."""

    ask: Name | None = None
    question: Any = msgspec.UNSET  # an expression, or a question in English (a string)
    english: Text | None = None
    branches: Annotated[dict[Text, "StrategyNode"], Meta(
        min_length=1, max_length=LIMITS["items"],
        extra={**_words("branch", "branches"), "expect": "an object mapping each answer to the next node"})] | None = None
    identified: _table(TypeName, "agent", expect="an object mapping each agent to its type") | None = None  # type: ignore[valid-type]
    language: _table(Name, "word", expect="an object mapping each word to its meaning") | None = None  # type: ignore[valid-type]


class StrategyDocument(Struct, kw_only=True):
    """A whole document holding a strategy (what `solve --json` prints): only `strategy` is read; the
    header (`schema`, `schema_version`, `smullyan_version`, `semantics`) and the result's other keys are
    smullyan's own output and are accepted as they are."""

    strategy: StrategyNode | None


class KKRecord(Struct, kw_only=True):
    """A line of the K&K benchmark's JSONL: `names` and `statements` are read, other fields ignored."""

    names: _list(Name, "name", lo=1, hi=LIMITS["deduction_agents"])  # type: ignore[valid-type]
    statements: Text


_EXPECT: dict[type, str] = {
    StrategyNode: "{obj} with 'ask', 'question' and 'branches', or with 'identified'",
    VariableRange: "{obj} {{min, max, per_agent}}",
}


# ---------------------------------------------------------------- validation


S = typing.TypeVar("S", bound=Struct)


def validate(data: Any, schema: type[S], *, key: str = "", json: bool = False) -> S:
    """Return `data` converted to the Struct `schema`; raise BadInput naming the key, what was expected
    and what was found. `key` prefixes every key named (the document's place in a larger one); `json`
    says objects rather than tables."""
    try:
        out = msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as e:
        where, message = _explain(data, schema, str(e), key, "an object" if json else "a table")
        raise BadInput(message, key=where or None) from None
    return out


_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]|\[\.\.\.\]")


def _explain(data: Any, tp: Any, error: str, key: str, obj: str) -> tuple[str, str]:
    """Return (key, message) for a msgspec error: its path locates the value; the message is ours."""
    at = ""
    if " - at `" in error:
        at = error.rsplit(" - at ", 1)[1]
    key_error = at.startswith("`key` in `")
    path = at[len("`key` in `"):-1] if key_error else at[1:-1]
    steps = _STEP.findall(path[1:]) if path.startswith("$") else []
    value = data
    for i, (field, index) in enumerate(steps):
        base = _unwrap(_pick(_unwrap(tp)[0], value))[0]
        try:
            if field:
                value, tp, key = value[field], _field_type(base, field), _join(key, field)
            elif index:
                value, tp, key = value[int(index)], typing.get_args(base)[0], f"{key}[{index}]"
            else:  # a table's value: msgspec does not say which; find the first that fails
                item_type = typing.get_args(base)[1]
                for k, v in value.items():
                    try:
                        msgspec.convert(v, item_type, strict=True)
                    except msgspec.ValidationError as sub:
                        return _explain(v, item_type, str(sub), _join(key, k), obj)
                break
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    if key_error and isinstance(value, dict):
        base = _unwrap(_pick(_unwrap(tp)[0], value))[0]
        key_type = typing.get_args(base)[0] if typing.get_origin(base) is dict else str
        for k in value:
            problem = _problem(k, key_type, obj)
            if problem:
                return _join(key, k), f"the name {problem[1]}"
    problem = _problem(value, tp, obj)
    if problem:
        suffix, message = problem
        return _join(key, suffix) if suffix else key, message
    return key, f"must be {_expect(tp, obj)}"  # msgspec found a fault we did not: say what is expected


def _join(key: str, name: Any) -> str:
    name = str(name)
    if len(name) > 40:
        name = name[:39] + "…"
    return f"{key}.{name}" if key else name


def _unwrap(tp: Any) -> tuple[Any, dict[str, Any]]:
    """Return (the type under Annotated, the merged constraints and extra of its Meta)."""
    meta: dict[str, Any] = {}
    while typing.get_origin(tp) is Annotated:
        args = typing.get_args(tp)
        tp = args[0]
        for m in args[1:]:
            if isinstance(m, Meta):
                for name in ("ge", "le", "gt", "lt", "min_length", "max_length", "pattern"):
                    if getattr(m, name) is not None:
                        meta[name] = getattr(m, name)
                meta.update(m.extra or {})
    return tp, meta


def _members(tp: Any) -> list[Any]:
    if typing.get_origin(tp) in (Union, _types.UnionType):
        return [m for m in typing.get_args(tp) if m is not type(None)]
    return [tp]


def _is_struct(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, Struct)


def _field_type(tp: Any, name: str) -> Any:
    for f in msgspec.structs.fields(tp):
        if f.encode_name == name:
            return f.type
    raise KeyError(name)


def _kind_fits(tp: Any, value: Any) -> bool:
    """Return whether a value is of the JSON kind of a type (not yet whether it meets its constraints)."""
    base = _unwrap(tp)[0]
    origin = typing.get_origin(base) or base
    if base is Any:
        return True
    if origin is Literal:
        return isinstance(value, str)
    if _is_struct(base) or origin is dict:
        return isinstance(value, dict)
    if origin is list:
        return isinstance(value, (list, tuple))
    if base is bool:
        return isinstance(value, bool)
    if base is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if base is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if base is str:
        return isinstance(value, str)
    return False


def _pick(tp: Any, value: Any) -> Any:
    """Return the member of a union that has the value's kind (the union itself when none has)."""
    members = _members(tp)
    if len(members) == 1 and typing.get_origin(tp) not in (Union, _types.UnionType):
        return tp
    fits = [m for m in members if _kind_fits(m, value)]
    return fits[0] if len(fits) == 1 else tp


def _problem(value: Any, tp: Any, obj: str) -> tuple[str, str] | None:
    """Return (key suffix, message) for what is wrong with the value itself, or None if nothing is."""
    if value is None and type(None) in typing.get_args(_unwrap(tp)[0]):
        return None
    members = _members(_unwrap(tp)[0])
    if len(members) > 1:
        fits = [m for m in members if _kind_fits(m, value)]
        if not fits:
            return "", f"must be {_expect(tp, obj)}, got {_found(value, obj)}"
        return _problem(value, fits[0], obj)
    if typing.get_origin(_unwrap(tp)[0]) in (Union, _types.UnionType):
        tp = members[0]
    base, meta = _unwrap(tp)
    origin = typing.get_origin(base) or base
    if origin is Literal:
        choices = [str(c) for c in typing.get_args(base)]
        if isinstance(value, str):
            if value in choices:
                return None
            return "", f"unknown value {_short(value)}; choose one of: {', '.join(choices)}{did_you_mean(value, choices)}"
        return "", f"must be one of: {', '.join(choices)}; got {_found(value, obj)}"
    if not _kind_fits(tp, value):
        return "", f"must be {_expect(tp, obj)}, got {_found(value, obj)}"
    if _is_struct(base):
        fields = [f.encode_name for f in msgspec.structs.fields(base)]
        for k in value:
            if not isinstance(k, str):
                return "", f"keys must be strings, got {_found(k, obj)}"
            if k not in fields and base.__struct_config__.forbid_unknown_fields:
                return k, f"unknown key {_short(k)}; expected one of: {', '.join(fields)}{did_you_mean(k, fields)}"
        for f in msgspec.structs.fields(base):
            if f.required and f.encode_name not in value:
                return f.encode_name, f"missing; expected {_expect(f.type, obj)}"
        return None
    if origin in (list, dict):
        n = len(value)
        one, many = meta.get("one", "item"), meta.get("many", "items")
        if "max_length" in meta and n > meta["max_length"]:
            return "", f"has {n:,} {many}; at most {meta['max_length']:,} are allowed"
        if "min_length" in meta and n < meta["min_length"]:
            lo = meta["min_length"]
            return "", f"needs at least {lo} {one if lo == 1 else many}, got {n}"
        return None
    if base is str:
        if "max_length" in meta and len(value) > meta["max_length"]:
            return "", f"is {len(value):,} characters long; at most {meta['max_length']:,} are allowed"
        if "pattern" in meta and not re.search(meta["pattern"], value):
            return "", "must not be empty"
        return None
    if base is int:
        if any(bound in meta and not ok for bound, ok in (
                ("ge", value >= meta.get("ge", value)), ("le", value <= meta.get("le", value)))):
            return "", f"must be {_expect(tp, obj)}, got {value}"
    return None


def _expect(tp: Any, obj: str) -> str:
    """Return what a type expects, in words ('a list of agents', 'a whole number of at least 0')."""
    base, meta = _unwrap(tp)
    if "expect" in meta:
        return str(meta["expect"])
    members = _members(base)
    if len(members) > 1:
        return " or ".join(_expect(m, obj) for m in members)
    if typing.get_origin(base) in (Union, _types.UnionType):
        return _expect(members[0], obj)
    origin = typing.get_origin(base) or base
    if base is Any:
        return "a value"
    if origin is Literal:
        return "one of: " + ", ".join(str(c) for c in typing.get_args(base))
    if _is_struct(base):
        if base in _EXPECT:
            return _EXPECT[base].format(obj=obj)
        return obj
    if origin in (list, dict):
        what = "a list" if origin is list else obj
        if "many" in meta:
            return f"{what} of {meta['many']}"
        item = typing.get_args(base)[0 if origin is list else 1]
        plural = _plural(item, obj)
        return f"{what} of {plural}" if plural else what
    if base is str:
        return "a string"
    if base is bool:
        return "true or false"
    if base is int:
        lo, hi = meta.get("ge"), meta.get("le")
        if lo is not None and hi is not None:
            return f"a whole number from {lo} to {hi}"
        if lo is not None:
            return f"a whole number of at least {lo}"
        if hi is not None:
            return f"a whole number of at most {hi}"
        return "a whole number"
    if base is float:
        return "a number"
    return getattr(base, "__name__", str(base))


def _plural(tp: Any, obj: str) -> str:
    base, meta = _unwrap(tp)
    if "many" in meta:
        return str(meta["many"])
    origin = typing.get_origin(base) or base
    if base is str:
        return "strings"
    if base is int:
        return "whole numbers"
    if origin is list:
        return "lists"
    if _is_struct(base) or origin is dict:
        return "tables" if obj == "a table" else "objects"
    return ""


def _found(value: Any, obj: str) -> str:
    """Return what a value is, in words ('a list', 'a decimal number (2.5)', 'a string ('no')')."""
    import datetime

    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean ({'true' if value else 'false'})"
    if isinstance(value, int):
        return f"a whole number ({value})"
    if isinstance(value, float):
        return f"a decimal number ({value})"
    if isinstance(value, str):
        return f"a string ({_short(value)})"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return obj
    if isinstance(value, (datetime.date, datetime.time, datetime.datetime)):
        return f"a date or time ({value})"
    return f"a {type(value).__name__}"


def _short(text: Any) -> str:
    """Return a quoted name, abbreviated when long."""
    s = str(text)
    return repr(s if len(s) <= 60 else s[:59] + "…")
