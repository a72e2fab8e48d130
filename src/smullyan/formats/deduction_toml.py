"""Deduction and grid (zebra) puzzles in TOML, read into `Deduction` values.

Deduction: agents, the types they may have, optional integer variables, and the statements
(`["says", A, e]`) and facts (any expression) that hold. Sugar expanded here:
`["forall", "x", e]` / `["exists", "x", e]` over agents (a string "x" or a "name.x" inside e stands
for the agent), and `["count", "knave", op, n]` for how many agents have a type.

Grid: houses, categories of values, and clues over the values' houses; a value is named alone or
as "category:value". Each value becomes the variable "category:value" ranging over the houses, and
the values of one category are all different.

Questions (both kinds): `[[question]]` tables with the `text` as asked and a `kind`: "yes_no" with an
`expr`, or "all"/"one" with `[[question.choice]]` tables (`answer`, `expr`, optional `label`); a grid
question may instead give a `value` ("Who owns the zebra?", value "zebra"): whose house holds it,
answered with the nationality (else a category of names, else the first category).
"""

from __future__ import annotations

from typing import Any

from ..deduce.model import DEDUCTION_TYPES, Ask, Choice, Constraint, Deduction, Grid, Variable, check_expr
from ..errors import PuzzleError, did_you_mean
from ..logic import expr as E
from ..logic.types import canonical_type
from .toml_common import check_allowed, distinct

MAX_EXPANSION = 1_000_000  # nodes of an expression once quantifiers are expanded (schema.LIMITS["expansion"])
GRID_ATOMS = ("same", "at", "not_at", "left_of", "right_of", "directly_left", "directly_right", "next_to", "between")


def _substitute(data: Any, name: str, agent: str) -> Any:
    if isinstance(data, str):
        if data == name:
            return agent
        if data.endswith("." + name):
            return data[: -len(name)] + agent
        return data
    if isinstance(data, list):
        return [_substitute(x, name, agent) for x in data]
    return data


def expand_sugar(data: Any, agents: list[str]) -> Any:
    """Return the JSON expression with quantifiers over agents and type counts written out.

    The form is checked first: nested at most `E.MAX_DEPTH` deep, and at most MAX_EXPANSION nodes once
    expanded (each quantifier copies its body once per agent)."""
    E.check_depth(data)
    size = _expanded_size(data, len(agents))
    if size > MAX_EXPANSION:
        raise PuzzleError(f"its quantifiers over {len(agents)} agents expand to more than {MAX_EXPANSION:,} terms "
                          "(the most allowed); nest fewer quantifiers")
    return _expand(data, agents)


def _expanded_size(data: Any, n: int) -> int:
    """Return the number of nodes of a form once its quantifiers are expanded (capped past MAX_EXPANSION)."""
    if not isinstance(data, list) or not data:
        return 1
    if data[0] in ("forall", "exists") and len(data) == 3:
        return min(MAX_EXPANSION + 1, 1 + n * _expanded_size(data[2], n))
    if data[0] == "count" and len(data) == 4 and isinstance(data[1], str):
        return 4 + 4 * n
    total = 1
    for x in data:
        total += _expanded_size(x, n)
        if total > MAX_EXPANSION:
            break
    return total


def _expand(data: Any, agents: list[str]) -> Any:
    if not isinstance(data, list) or not data:
        return data
    head = data[0]
    if head in ("forall", "exists"):
        if len(data) != 3 or not isinstance(data[1], str):
            raise PuzzleError(f"'{head}' takes a name and an expression, got {E.show(data)}")
        parts = [_expand(_substitute(data[2], data[1], a), agents) for a in agents]
        if len(parts) == 1:
            return parts[0]
        return ["and" if head == "forall" else "or", *parts]
    if head == "count" and len(data) == 4 and isinstance(data[1], str):
        return ["count", [["type", a, data[1]] for a in agents], data[2], data[3]]
    return [head] + [_expand(x, agents) for x in data[1:]]


def _expr(data: Any, agents: list[str], key: str) -> E.Expr:
    try:
        return E.from_json(expand_sugar(data, agents))
    except PuzzleError as e:
        raise PuzzleError(e.message, key=key) from None


def _variables(spec: dict[str, Any], agents: list[str]) -> list[Variable]:
    """Return the variables of a checked `[variables]` table (a list of values or a {min, max} range each)."""
    from .schema import LIMITS

    out = []
    for name, v in spec.items():
        key = f"variables.{name}"
        if isinstance(v, list):
            domain = tuple(sorted(set(v)))
            per_agent = False
        else:
            if v.min > v.max:
                raise PuzzleError(f"min ({v.min}) is more than max ({v.max})", key=key)
            size = v.max - v.min + 1
            if size > LIMITS["domain"]:
                raise PuzzleError(f"ranges over {size:,} values ({v.min} to {v.max}); at most {LIMITS['domain']:,} "
                                  "are allowed", key=key)
            domain = tuple(range(v.min, v.max + 1))
            per_agent = v.per_agent
        if per_agent:
            out += [Variable(f"{name}.{a}", domain) for a in agents]
        else:
            out.append(Variable(name, domain))
    return out


def deduction_from_dict(data: dict[str, Any]) -> Deduction:
    """Return the deduction puzzle a TOML document describes."""
    from .schema import DeductionDoc, validate

    doc = validate(data, DeductionDoc)
    agents = distinct(doc.agents, "agents")
    display: dict[str, str] = {}

    def types_of(names: list[str], key: str) -> tuple[str, ...]:
        out = []
        for n in names:
            try:
                t = canonical_type(n)
            except PuzzleError as e:
                raise PuzzleError(e.message, key=key) from None
            if t not in DEDUCTION_TYPES:
                raise PuzzleError(f"type '{n}' has no meaning in a deduction puzzle; use truthful, liar or random (normal)", key=key)
            display.setdefault(t, n.strip())
            if t not in out:
                out.append(t)
        return tuple(out)

    default = types_of(doc.types, "types")
    check_allowed(doc.allowed, agents, required=False)
    allowed = tuple(types_of(doc.allowed[a], f"allowed.{a}") if a in doc.allowed else default for a in agents)
    variables = _variables(doc.variables, agents)
    base = Deduction(tuple(agents), allowed, tuple(variables), title=doc.title, display=display)
    constraints: list[Constraint] = []

    def add(label: str, src: Any, key: str, statement: bool = False) -> None:
        e = _expr(src, agents, key)
        if statement and not isinstance(e, E.Says):
            raise PuzzleError("a statement is [\"says\", AGENT, EXPRESSION]; put other truths under 'facts'", key=key)
        try:
            check_expr(base, e, label)
        except PuzzleError as err:
            raise PuzzleError(err.message.split(": ", 1)[1], key=key) from None
        constraints.append(Constraint(label, e, src))

    asks = tuple(read_question(q, i, lambda src, key: _expr(src, agents, key)) for i, q in enumerate(doc.question))
    for t, n in doc.counts.items():
        types_of([t], f"counts.{t}")
        add(f"exactly {n} {t}", ["count", t, "eq", n], f"counts.{t}")
    for key, label, items in (("statements", "statement", doc.statements), ("facts", "fact", doc.facts)):
        for i, src in enumerate(items):
            add(f"{label} {i + 1}", src, f"{key}[{i}]", statement=key == "statements")
    return Deduction(base.agents, base.allowed, base.variables, (), tuple(constraints),
                     title=base.title, display=display, description=doc.description, questions=asks)


def read_question(q: Any, i: int, expr_of: Any, value_ask: Any = None) -> Ask:
    """Return the Ask of a checked `[[question]]` table; `expr_of(src, key)` reads an expression."""
    key = f"question[{i}]"
    if q.value is not None:
        if value_ask is None or q.kind is not None or q.expr is not None or q.choice:
            raise PuzzleError("'value' asks whose house holds a value (grid puzzles only) and takes no kind, "
                              "expr or choice", key=f"{key}.value")
        return value_ask(q.text, q.value, f"{key}.value")
    if q.kind is None:
        raise PuzzleError("a question needs a kind: yes_no (with expr), all or one (with choice tables)", key=key)
    if q.kind == "yes_no":
        if q.expr is None or q.choice:
            raise PuzzleError("a yes_no question takes an expr (and no choice tables)", key=key)
        return Ask(q.text, "yes_no", (Choice("yes", expr_of(q.expr, f"{key}.expr"), q.expr),), q.none)
    if q.expr is not None or not q.choice:
        raise PuzzleError(f"a question of kind {q.kind!r} takes choice tables (and no expr)", key=key)
    choices = tuple(Choice(c.answer, expr_of(c.expr, f"{key}.choice[{j}].expr"), c.expr, c.label)
                    for j, c in enumerate(q.choice))
    return Ask(q.text, q.kind, choices, q.none)


def who_category(categories: list[tuple[str, list[str]]]) -> str:
    """Return the category that answers 'who': nationality, else one of names, else the first."""
    names = [c for c, _ in categories]
    for want in ("nationality", "name", "names", "person", "people"):
        if want in names:
            return want
    return next((c for c in names if "name" in c.lower()), names[0])


def value_question(categories: list[tuple[str, list[str]]], text: str, var: str) -> Ask:
    """Return the Ask 'whose house holds value `var`' ('Who owns the zebra?'), answered with the who category."""
    who = who_category(categories)
    vals = next(v for c, v in categories if c == who)
    choices = tuple(Choice(w, E.Cmp("eq", E.Term(f"{who}:{w}"), E.Term(var)), ["same", f"{who}:{w}", var])
                    for w in vals)
    return Ask(text, "one", choices, "nobody")


class _Values:
    """Resolves value names of a grid puzzle to their position variables."""

    def __init__(self, categories: list[tuple[str, list[str]]]):
        self.owner: dict[str, list[str]] = {}
        for cat, values in categories:
            for v in values:
                self.owner.setdefault(v.lower(), []).append(cat)
        self.canon = {f"{cat}:{v}".lower(): f"{cat}:{v}" for cat, values in categories for v in values}
        self.names = list(dict.fromkeys([v for _, values in categories for v in values] + list(self.canon.values())))

    def var(self, name: Any) -> str:
        if not isinstance(name, str):
            raise PuzzleError(f"expected a value name, got {E.show(name)}")
        low = name.lower()
        if ":" in low and low in self.canon:
            return self.canon[low]
        cats = self.owner.get(low)
        if not cats:
            raise PuzzleError(f"unknown value {E.show(name)}{did_you_mean(name, self.names)}")
        if len(cats) > 1:
            raise PuzzleError(f"'{name}' is a value of {' and '.join(cats)}; write it as '{cats[0]}:{name}'")
        return self.canon[f"{cats[0]}:{low}".lower()]


def grid_expr(data: Any, values: _Values, houses: int) -> E.Expr:
    """Return the expression of a grid clue (atoms over houses, combined with not/and/or); the nesting
    depth is checked first (at most `E.MAX_DEPTH`)."""
    E.check_depth(data)
    return _grid_expr(data, values, houses)


def _grid_expr(data: Any, values: _Values, houses: int) -> E.Expr:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise PuzzleError(f"malformed clue {E.show(data)}: expected a list starting with one of {', '.join(GRID_ATOMS)}, not, and, or")
    head, args = data[0], data[1:]

    def need(n: int) -> None:
        if len(args) != n:
            raise PuzzleError(f"'{head}' takes {n} arguments, got {len(args)} in {E.show(data)}")

    def house(n: Any) -> int:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= houses:
            raise PuzzleError(f"a house is a number from 1 to {houses}, got {E.show(n)} in {E.show(data)}")
        return n

    if head == "not":
        need(1)
        return E.Not(_grid_expr(args[0], values, houses))
    if head in ("and", "or"):
        if len(args) < 2:
            raise PuzzleError(f"'{head}' takes at least 2 arguments in {E.show(data)}")
        parts = tuple(_grid_expr(a, values, houses) for a in args)
        return E.And(parts) if head == "and" else E.Or(parts)
    if head not in GRID_ATOMS:
        kinds = (*GRID_ATOMS, "not", "and", "or")
        raise PuzzleError(f"unknown clue kind {E.show(head)} in {E.show(data)}; known: {', '.join(kinds)}"
                          f"{did_you_mean(head, kinds)}")
    need(3 if head == "between" else 2)
    x = E.Term(values.var(args[0]))
    if head in ("at", "not_at"):
        return E.Cmp("eq" if head == "at" else "ne", x, E.Term(None, house(args[1])))
    if head == "between":
        k = args[2]
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise PuzzleError(f"'between' counts houses with a whole number, got {E.show(k)} in {E.show(data)}")
        y = values.var(args[1])
        return E.Or((E.Cmp("eq", x, E.Term(y, k + 1)), E.Cmp("eq", x, E.Term(y, -(k + 1)))))
    y = values.var(args[1])
    if head == "same":
        return E.Cmp("eq", x, E.Term(y))
    if head == "left_of":
        return E.Cmp("lt", x, E.Term(y))
    if head == "right_of":
        return E.Cmp("gt", x, E.Term(y))
    if head == "directly_left":
        return E.Cmp("eq", x, E.Term(y, -1))
    if head == "directly_right":
        return E.Cmp("eq", x, E.Term(y, 1))
    return E.Or((E.Cmp("eq", x, E.Term(y, 1)), E.Cmp("eq", x, E.Term(y, -1))))  # next_to


def grid_from_dict(data: dict[str, Any]) -> Deduction:
    """Return the grid puzzle a TOML document describes."""
    from .schema import GridDoc, validate

    doc = validate(data, GridDoc)
    houses = doc.houses
    categories = []
    for name, vals in doc.categories.items():
        key = f"categories.{name}"
        if len(vals) != houses:
            raise PuzzleError(f"has {len(vals)} values for {houses} houses", key=key)
        lowered = [v.lower() for v in vals]
        twice = next((v for i, v in enumerate(vals) if lowered[i] in lowered[:i]), None)
        if twice is not None:
            raise PuzzleError(f"a value appears twice: '{twice}'", key=key)
        categories.append((name, list(vals)))
    values = _Values(categories)
    domain = tuple(range(1, houses + 1))
    variables = tuple(Variable(f"{c}:{v}", domain) for c, vals in categories for v in vals)
    distinct_groups = tuple(tuple(f"{c}:{v}" for v in vals) for c, vals in categories)
    constraints = []
    for i, clue in enumerate(doc.clue):
        key = f"clue[{i}].expr"
        try:
            e = grid_expr(clue.expr, values, houses)
        except PuzzleError as err:
            raise PuzzleError(err.message, key=key) from None
        constraints.append(Constraint(f"clue {i + 1}", e, clue.expr, clue.text))
    def value_ask(text: str, value: str, key: str) -> Ask:
        try:
            return value_question(categories, text, values.var(value))
        except PuzzleError as err:
            raise PuzzleError(err.message, key=key) from None

    def expr_of(src: Any, key: str) -> E.Expr:
        try:
            return grid_expr(src, values, houses)
        except PuzzleError as err:
            raise PuzzleError(err.message, key=key) from None

    questions = [read_question(q, i, expr_of, value_ask) for i, q in enumerate(doc.question)]
    grid = Grid(houses, tuple((c, tuple(v)) for c, v in categories))
    return Deduction((), (), variables, distinct_groups, tuple(constraints), grid, title=doc.title,
                     questions=tuple(questions), description=doc.description)
