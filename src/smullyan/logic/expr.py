"""Expressions: immutable trees built with `&`, `|`, `~`, `^` and named constructors.

The JSON form is nested lists (DESIGN §2): `true`, `["type", "B", "random"]`, `["not", e]`, …
`==` is never overloaded to build expressions; it compares trees structurally.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import PuzzleError, did_you_mean

MAX_DEPTH = 200  # lists nested in an expression's JSON form (formats.schema.LIMITS["depth"])
MAX_STRING = 10_000  # characters in a name inside an expression (formats.schema.LIMITS["string"])


class Expr:
    """Base of every expression node."""

    __slots__ = ()

    def __and__(self, other: "Expr") -> "Expr":
        if not isinstance(other, Expr):
            return NotImplemented
        return And((self, other))

    def __or__(self, other: "Expr") -> "Expr":
        if not isinstance(other, Expr):
            return NotImplemented
        return Or((self, other))

    def __invert__(self) -> "Expr":
        return Not(self)

    def __xor__(self, other: "Expr") -> "Expr":
        if not isinstance(other, Expr):
            return NotImplemented
        return Xor(self, other)

    def children(self) -> tuple["Expr", ...]:
        """Return the direct sub-expressions."""
        return ()


@dataclass(frozen=True, slots=True)
class Const(Expr):
    value: bool


@dataclass(frozen=True, slots=True)
class TypeIs(Expr):
    agent: str
    type: str


@dataclass(frozen=True, slots=True)
class Means(Expr):
    word: str
    meaning: str


@dataclass(frozen=True, slots=True)
class SelfAnswer(Expr):
    """The addressee of the enclosing question answers that very question with `word`."""

    word: str


@dataclass(frozen=True, slots=True)
class Not(Expr):
    arg: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.arg,)


@dataclass(frozen=True, slots=True)
class And(Expr):
    args: tuple[Expr, ...]

    def children(self) -> tuple[Expr, ...]:
        return self.args


@dataclass(frozen=True, slots=True)
class Or(Expr):
    args: tuple[Expr, ...]

    def children(self) -> tuple[Expr, ...]:
        return self.args


@dataclass(frozen=True, slots=True)
class Xor(Expr):
    left: Expr
    right: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.left, self.right)


@dataclass(frozen=True, slots=True)
class Iff(Expr):
    left: Expr
    right: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.left, self.right)


@dataclass(frozen=True, slots=True)
class Implies(Expr):
    left: Expr
    right: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.left, self.right)


@dataclass(frozen=True, slots=True)
class Answers(Expr):
    """Agent, asked `question`, would answer `word`."""

    agent: str
    question: Expr
    word: str

    def children(self) -> tuple[Expr, ...]:
        return (self.question,)


@dataclass(frozen=True, slots=True)
class Says(Expr):
    """Agent makes the statement (deduction puzzles): true iff the agent's type permits it."""

    agent: str
    statement: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.statement,)


@dataclass(frozen=True, slots=True)
class Count(Expr):
    """How many of `items` hold, compared with n by `op` (one of COMPARISONS)."""

    items: tuple[Expr, ...]
    op: str
    n: int

    def children(self) -> tuple[Expr, ...]:
        return self.items


@dataclass(frozen=True, slots=True)
class Term:
    """A puzzle variable plus a constant offset, or a constant alone (var None)."""

    var: str | None
    offset: int = 0


@dataclass(frozen=True, slots=True)
class Cmp(Expr):
    """left op right, comparing puzzle variables (ages, house positions) and constants."""

    op: str
    left: Term
    right: Term


COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge")
_OP_SYMBOLS = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}


def compare(op: str, a: int, b: int) -> bool:
    """Return whether a op b holds."""
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[op]


TRUE = Const(True)
FALSE = Const(False)


def type_is(agent: str, type_name: str) -> TypeIs:
    """Return the atom 'agent is of type type_name'."""
    return TypeIs(agent, type_name)


def means(word: str, meaning: str) -> Means:
    """Return the atom 'word means meaning'."""
    return Means(word, meaning)


def self_answer(word: str) -> SelfAnswer:
    """Return the atom 'you answer this very question with word'."""
    return SelfAnswer(word)


def answers(agent: str, question: Expr, word: str) -> Answers:
    """Return the atom 'agent, asked question, would answer word'."""
    return Answers(agent, question, word)


def iff(left: Expr, right: Expr) -> Iff:
    """Return 'left if and only if right'."""
    return Iff(left, right)


def implies(left: Expr, right: Expr) -> Implies:
    """Return 'if left then right'."""
    return Implies(left, right)


def complexity(e: Expr) -> int:
    """Return the nesting depth of connectives and embedded questions (atoms are 0)."""
    kids = e.children()
    return 1 + max(complexity(k) for k in kids) if kids else 0


def size(e: Expr) -> int:
    """Return the number of nodes in the tree."""
    return 1 + sum(size(k) for k in e.children())


def uses_self(e: Expr) -> bool:
    """Return whether the expression mentions the addressee's own answer."""
    return isinstance(e, SelfAnswer) or any(uses_self(k) for k in e.children())


# ---------------------------------------------------------------- JSON form

_UNARY = {"not": Not}
_NARY = {"and": And, "or": Or}
_BINARY = {"xor": Xor, "iff": Iff, "implies": Implies}
KINDS = ("true", "false", "type", "means", "self", "not", "and", "or", "xor", "iff", "implies", "answers",
         "says", "count") + COMPARISONS


def to_json(e: Expr) -> Any:
    """Return the canonical JSON form (nested lists) of an expression."""
    match e:
        case Const(value):
            return value
        case TypeIs(agent, t):
            return ["type", agent, t]
        case Means(word, meaning):
            return ["means", word, meaning]
        case SelfAnswer(word):
            return ["self", word]
        case Not(arg):
            return ["not", to_json(arg)]
        case And(args):
            return ["and", *map(to_json, args)]
        case Or(args):
            return ["or", *map(to_json, args)]
        case Xor(a, b):
            return ["xor", to_json(a), to_json(b)]
        case Iff(a, b):
            return ["iff", to_json(a), to_json(b)]
        case Implies(a, b):
            return ["implies", to_json(a), to_json(b)]
        case Answers(agent, q, word):
            return ["answers", agent, to_json(q), word]
        case Says(agent, st):
            return ["says", agent, to_json(st)]
        case Count(items, op, n):
            return ["count", [to_json(i) for i in items], op, n]
        case Cmp(op, left, right):
            return [op, _term_json(left), _term_json(right)]
    raise TypeError(f"not an expression: {e!r}")


def _term_json(t: Term) -> Any:
    if t.var is None:
        return t.offset
    if t.offset == 0:
        return t.var
    return ["+", t.var, t.offset] if t.offset > 0 else ["-", t.var, -t.offset]


def show(data: Any) -> str:
    """Return a short repr of a JSON form for messages (long or deep forms are abbreviated)."""
    import reprlib

    r = reprlib.Repr()
    r.maxlevel, r.maxlist, r.maxtuple, r.maxdict, r.maxstring, r.maxother = 6, 8, 8, 8, 60, 60
    text = r.repr(data)
    return text if len(text) <= 200 else text[:199] + "…"


def check_depth(data: Any, limit: int = MAX_DEPTH, what: str = "the expression") -> None:
    """Raise PuzzleError if lists (or tuples) nest more than `limit` deep in `data`; never recurses."""
    stack = [(data, 0)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, (list, tuple)):
            if depth >= limit:
                raise PuzzleError(f"{what} is nested more than {limit} levels deep; at most {limit} are allowed")
            stack.extend((y, depth + 1) for y in x)


def _term(data: Any, whole: Any) -> Term:
    if isinstance(data, bool):
        raise PuzzleError(f"expected a variable or a number, got {data!r} in {show(whole)}")
    if isinstance(data, int):
        return Term(None, data)
    if isinstance(data, str) and data:
        return Term(_need_str(data, "a variable", whole), 0)
    if (isinstance(data, list) and len(data) == 3 and data[0] in ("+", "-") and isinstance(data[1], str)
            and isinstance(data[2], int) and not isinstance(data[2], bool)):
        return Term(_need_str(data[1], "a variable", whole), data[2] if data[0] == "+" else -data[2])
    raise PuzzleError(f"expected a variable, a number or [\"+\", variable, number], got {show(data)} in {show(whole)}")


def _need_str(x: Any, what: str, data: Any) -> str:
    if not isinstance(x, str) or not x:
        raise PuzzleError(f"expected {what} (a string) in {show(data)}")
    if len(x) > MAX_STRING:
        raise PuzzleError(f"{what} of {len(x):,} characters in {show(data)}; at most {MAX_STRING:,} are allowed")
    return x


def from_json(data: Any) -> Expr:
    """Return the expression for a JSON form; raise PuzzleError naming what is malformed.

    The nesting depth is checked first, without recursion: a form nested more than MAX_DEPTH deep
    is refused before it is read."""
    check_depth(data)
    return _from_json(data)


def _from_json(data: Any) -> Expr:
    if isinstance(data, bool):
        return Const(data)
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise PuzzleError(f"malformed expression {show(data)}: expected true, false or a list starting with one of "
                          f"{', '.join(KINDS)}")
    head, args = data[0], data[1:]

    def arity(n: int) -> None:
        if len(args) != n:
            raise PuzzleError(f"'{head}' takes {n} argument{'s' if n != 1 else ''}, got {len(args)} in {show(data)}")

    if head in ("true", "false"):
        arity(0)
        return Const(head == "true")
    if head == "type":
        arity(2)
        return TypeIs(_need_str(args[0], "an agent", data), _need_str(args[1], "a type", data))
    if head == "means":
        arity(2)
        return Means(_need_str(args[0], "a word", data), _need_str(args[1], "a meaning", data))
    if head == "self":
        arity(1)
        return SelfAnswer(_need_str(args[0], "a word", data))
    if head in _UNARY:
        arity(1)
        return _UNARY[head](_from_json(args[0]))
    if head in _NARY:
        if len(args) < 2:
            raise PuzzleError(f"'{head}' takes at least 2 arguments, got {len(args)} in {show(data)}")
        return _NARY[head](tuple(_from_json(a) for a in args))
    if head in _BINARY:
        arity(2)
        return _BINARY[head](_from_json(args[0]), _from_json(args[1]))
    if head == "answers":
        arity(3)
        return Answers(_need_str(args[0], "an agent", data), _from_json(args[1]), _need_str(args[2], "a word", data))
    if head == "says":
        arity(2)
        return Says(_need_str(args[0], "an agent", data), _from_json(args[1]))
    if head == "count":
        arity(3)
        items, op, n = args
        op = _OP_SYMBOLS.get(op, op) if isinstance(op, str) else op
        if not isinstance(items, list) or not items:
            raise PuzzleError(f"'count' needs a non-empty list of statements in {show(data)}")
        if op not in COMPARISONS:
            raise PuzzleError(f"unknown comparison {show(args[1])} in {show(data)}; use one of {', '.join(COMPARISONS)} "
                              f"or ==, !=, <, <=, >, >={did_you_mean(op, COMPARISONS)}")
        if isinstance(n, bool) or not isinstance(n, int):
            raise PuzzleError(f"'count' compares with a whole number, got {show(n)} in {show(data)}")
        return Count(tuple(_from_json(i) for i in items), op, n)
    if head in COMPARISONS or head in _OP_SYMBOLS:
        arity(2)
        return Cmp(_OP_SYMBOLS.get(head, head), _term(args[0], data), _term(args[1], data))
    raise PuzzleError(f"unknown expression kind {show(head)} in {show(data)}; known: {', '.join(KINDS)}"
                      f"{did_you_mean(head, KINDS)}")
