"""Building puzzles in code, with the expression builders (`&`, `|`, `~`, `^`; `==` is never overloaded).

Puzzles: `gods(...)`, `deduction(...)`, `grid(...)` check their input exactly as the TOML reader
does (they go through it), so a puzzle built in code and the same puzzle written in TOML are equal.

Expressions: `is_a(agent, type)` and its shorthands `knight`, `knave`, `truthful`, `liar`; `says`;
`means`; `answers` (an embedded question); `you_answer` (the addressee's own answer to this very
question); `iff`, `implies`; `count`; `var` with `eq`, `ne`, `lt`, `le`, `gt`, `ge` for numbers such
as ages; and the grid relations `same`, `at`, `not_at`, `left_of`, `right_of`, `directly_left`,
`directly_right`, `next_to`, `between`, over value names ("red", "zebra" or "pet:zebra").

>>> from smullyan import deduction, grid, says, knight, knave, at, directly_left, same
>>> kk = deduction(["A", "B"], [says("A", knave("B")), says("B", knight("A") & knight("B"))])
>>> kk.solve().solutions
({'A': 'knight', 'B': 'knave'},)
>>> kk.solve().why("B").because
('statement 1', 'statement 2')
>>> zebra = grid(2, {"color": ["red", "blue"], "pet": ["cat", "dog"]}, [at("red", 2), same("cat", "blue")])
>>> zebra.solve().solutions
({'color': ('blue', 'red'), 'pet': ('cat', 'dog')},)
>>> knight("A") | ~knave("B")
Or(args=(TypeIs(agent='A', type='knight'), Not(arg=TypeIs(agent='B', type='knave'))))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import BadInput, SmullyanError
from ..logic import expr as E
from .contract import guarded
from .puzzles import DeductionPuzzle, GodsPuzzle

Expression = E.Expr
Operand = E.Term | str | int

TRUE = E.TRUE
FALSE = E.FALSE


def is_a(agent: str, type_name: str) -> E.Expr:
    """Return 'agent is of type type_name' (knight, knave, truthful, liar, random, …)."""
    return E.TypeIs(agent, type_name)


def knight(agent: str) -> E.Expr:
    """Return 'agent is a knight' (a truth-teller)."""
    return E.TypeIs(agent, "knight")


def knave(agent: str) -> E.Expr:
    """Return 'agent is a knave' (a liar)."""
    return E.TypeIs(agent, "knave")


def truthful(agent: str) -> E.Expr:
    """Return 'agent is truthful'."""
    return E.TypeIs(agent, "truthful")


def liar(agent: str) -> E.Expr:
    """Return 'agent is a liar'."""
    return E.TypeIs(agent, "liar")


def says(agent: str, statement: E.Expr) -> E.Expr:
    """Return 'agent says statement' (true exactly when the agent's type permits saying it)."""
    return E.Says(agent, statement)


def means(word: str, meaning: str) -> E.Expr:
    """Return 'word means meaning' (yes, no or neither)."""
    return E.Means(word, meaning)


def answers(agent: str, question: E.Expr, word: str) -> E.Expr:
    """Return 'agent, asked question, would answer word'."""
    return E.Answers(agent, question, word)


def you_answer(word: str) -> E.Expr:
    """Return 'you (the god asked) answer this very question with word'."""
    return E.SelfAnswer(word)


def iff(left: E.Expr, right: E.Expr) -> E.Expr:
    """Return 'left if and only if right'."""
    return E.Iff(left, right)


def implies(left: E.Expr, right: E.Expr) -> E.Expr:
    """Return 'if left then right'."""
    return E.Implies(left, right)


def count(items: Sequence[E.Expr], op: str, n: int) -> E.Expr:
    """Return 'how many of items hold' compared with n (op: eq ne lt le gt ge, or == != < <= > >=)."""
    return E.from_json(["count", [E.to_json(i) for i in items], op, n])


def var(name: str, offset: int = 0) -> E.Term:
    """Return a puzzle variable (such as 'age.A') plus an optional constant offset."""
    return E.Term(name, offset)


def _term(x: Operand) -> E.Term:
    if isinstance(x, E.Term):
        return x
    if isinstance(x, bool) or not isinstance(x, (str, int)):
        raise BadInput(f"expected a variable name, a number or var(...), got {x!r}")
    return E.Term(x, 0) if isinstance(x, str) else E.Term(None, x)


def eq(x: Operand, y: Operand) -> E.Expr:
    """Return 'x equals y'."""
    return E.Cmp("eq", _term(x), _term(y))


def ne(x: Operand, y: Operand) -> E.Expr:
    """Return 'x differs from y'."""
    return E.Cmp("ne", _term(x), _term(y))


def lt(x: Operand, y: Operand) -> E.Expr:
    """Return 'x is less than y'."""
    return E.Cmp("lt", _term(x), _term(y))


def le(x: Operand, y: Operand) -> E.Expr:
    """Return 'x is at most y'."""
    return E.Cmp("le", _term(x), _term(y))


def gt(x: Operand, y: Operand) -> E.Expr:
    """Return 'x is more than y'."""
    return E.Cmp("gt", _term(x), _term(y))


def ge(x: Operand, y: Operand) -> E.Expr:
    """Return 'x is at least y'."""
    return E.Cmp("ge", _term(x), _term(y))


# ---------------------------------------------------------------- grid relations (over value names)

def same(x: str, y: str) -> E.Expr:
    """Return 'x and y are in the same house'."""
    return E.Cmp("eq", E.Term(x), E.Term(y))


def at(x: str, house: int) -> E.Expr:
    """Return 'x is in house number `house`' (1 is the leftmost)."""
    return E.Cmp("eq", E.Term(x), E.Term(None, house))


def not_at(x: str, house: int) -> E.Expr:
    """Return 'x is not in house number `house`'."""
    return E.Cmp("ne", E.Term(x), E.Term(None, house))


def left_of(x: str, y: str) -> E.Expr:
    """Return 'x is somewhere to the left of y'."""
    return E.Cmp("lt", E.Term(x), E.Term(y))


def right_of(x: str, y: str) -> E.Expr:
    """Return 'x is somewhere to the right of y'."""
    return E.Cmp("gt", E.Term(x), E.Term(y))


def directly_left(x: str, y: str) -> E.Expr:
    """Return 'x is immediately to the left of y'."""
    return E.Cmp("eq", E.Term(x), E.Term(y, -1))


def directly_right(x: str, y: str) -> E.Expr:
    """Return 'x is immediately to the right of y'."""
    return E.Cmp("eq", E.Term(x), E.Term(y, 1))


def next_to(x: str, y: str) -> E.Expr:
    """Return 'x and y are in neighbouring houses'."""
    return E.Or((E.Cmp("eq", E.Term(x), E.Term(y, 1)), E.Cmp("eq", E.Term(x), E.Term(y, -1))))


def between(x: str, y: str, houses: int) -> E.Expr:
    """Return 'there are exactly `houses` houses between x and y'."""
    d = houses + 1
    return E.Or((E.Cmp("eq", E.Term(x), E.Term(y, d)), E.Cmp("eq", E.Term(x), E.Term(y, -d))))


# ---------------------------------------------------------------- puzzles

def _json(e: Any, what: str) -> Any:
    """Return the JSON form of an expression given as a builder value or already as JSON."""
    if isinstance(e, E.Expr):
        return E.to_json(e)
    if isinstance(e, (list, bool)):
        return e
    raise BadInput(f"{what} must be an expression (built with smullyan's builders) or its JSON form, got {e!r}")


@guarded
def gods(agents: Sequence[str], types: Sequence[str] | None = None, *,
         allowed: Mapping[str, Sequence[str]] | None = None, counts: Mapping[str, int] | None = None,
         words: Sequence[str] = ("ja", "da"), random: str = "word", paradox: str = "forbidden", goal: str = "types", objective: str = "worst",
         max_questions: int | None = None, language: str = "grammar", max_complexity: int = 2,
         title: str = "", description: str = "") -> GodsPuzzle:
    """Return a gods puzzle: the agents have `types` in some unknown order (or each one of its
    `allowed` types, with exactly `counts[t]` gods of type t) and answer with `words` of unknown meaning."""
    from ..formats.puzzle_toml import interrogation_from_dict

    doc: dict[str, Any] = {"title": title, "description": description, "agents": list(agents),
                           "words": list(words), "random": random,
                           "paradox": paradox, "goal": goal, "objective": objective,
                           "questions": {"language": language, "max_complexity": max_complexity}}
    if types is not None:
        doc["types"] = list(types)
    if allowed is not None:
        doc["allowed"] = {a: list(ts) for a, ts in allowed.items()}
    if counts is not None:
        doc["counts"] = dict(counts)
    if max_questions is not None:
        doc["max_questions"] = max_questions
    return GodsPuzzle(interrogation_from_dict(doc))


@guarded
def deduction(agents: Sequence[str], statements: Sequence[E.Expr | list[Any]] = (), *,
              facts: Sequence[E.Expr | list[Any]] = (), types: Sequence[str] = ("knight", "knave"),
              allowed: Mapping[str, Sequence[str]] | None = None, counts: Mapping[str, int] | None = None,
              variables: Mapping[str, Any] | None = None, title: str = "", description: str = "") -> DeductionPuzzle:
    """Return a deduction puzzle: agents of the given types, what each said (`says(...)`), facts that
    hold, exact counts of types, and integer variables such as ages."""
    from ..formats.deduction_toml import deduction_from_dict

    doc: dict[str, Any] = {"title": title, "description": description, "agents": list(agents), "types": list(types),
                           "statements": [_json(s, f"statement {i + 1}") for i, s in enumerate(statements)],
                           "facts": [_json(f, f"fact {i + 1}") for i, f in enumerate(facts)]}
    if allowed is not None:
        doc["allowed"] = {a: list(ts) for a, ts in allowed.items()}
    if counts is not None:
        doc["counts"] = dict(counts)
    if variables is not None:
        doc["variables"] = dict(variables)
    return DeductionPuzzle(deduction_from_dict(doc))


@guarded
def grid(houses: int, categories: Mapping[str, Sequence[str]], clues: Sequence[E.Expr | list[Any]] = (), *,
         questions: Mapping[str, str] | None = None, title: str = "", description: str = "") -> DeductionPuzzle:
    """Return a zebra puzzle: `houses` in a row, each category's values one per house, and clues built
    with the grid relations (or in the TOML clue form). `questions` maps a question to the value it
    asks about ({"Who owns the zebra?": "zebra"})."""
    import dataclasses

    from ..deduce.model import Constraint
    from ..formats.deduction_toml import _Values, grid_from_dict, value_question

    doc: dict[str, Any] = {"title": title, "description": description, "houses": houses, "categories": {c: list(v) for c, v in categories.items()},
                           "clue": [{"expr": c} for c in clues if not isinstance(c, E.Expr)]}
    base = grid_from_dict(doc)
    values = _Values([(c, list(v)) for c, v in categories.items()])
    constraints = list(base.constraints)
    json_clues = iter(constraints)
    built = []
    for i, clue in enumerate(clues):
        if isinstance(clue, E.Expr):
            try:
                e = _resolve(clue, values)
            except SmullyanError as err:
                raise BadInput(err.message, key=f"clue[{i}]") from None
            built.append(Constraint(f"clue {i + 1}", e, None))
        else:
            c = next(json_clues)
            built.append(dataclasses.replace(c, label=f"clue {i + 1}"))
    asked = []
    for q, value in (questions or {}).items():
        try:
            asked.append(value_question([(c, list(v)) for c, v in categories.items()], q, values.var(value)))
        except SmullyanError as err:
            raise BadInput(err.message, key=f"questions[{q!r}]") from None
    return DeductionPuzzle(dataclasses.replace(base, constraints=tuple(built), questions=tuple(asked)))


def _resolve(e: E.Expr, values: Any) -> E.Expr:
    """Return a grid clue with each value name replaced by its position variable ('red' -> 'color:red')."""
    if isinstance(e, E.Cmp):
        def term(t: E.Term) -> E.Term:
            return t if t.var is None else E.Term(values.var(t.var), t.offset)
        return E.Cmp(e.op, term(e.left), term(e.right))
    if isinstance(e, E.Not):
        return E.Not(_resolve(e.arg, values))
    if isinstance(e, (E.And, E.Or)):
        return type(e)(tuple(_resolve(a, values) for a in e.args))
    if isinstance(e, (E.Xor, E.Iff, E.Implies)):
        return type(e)(_resolve(e.left, values), _resolve(e.right, values))
    if isinstance(e, E.Const):
        return e
    raise BadInput(f"a grid clue compares houses of values; {E.to_json(e)!r} has no meaning in a grid")
