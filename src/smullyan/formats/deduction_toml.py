"""Deduction and grid (zebra) puzzles in TOML, read into `Deduction` values.

Deduction: agents, the types they may have, optional integer variables, and the statements
(`["says", A, e]`) and facts (any expression) that hold. Sugar expanded here:
`["forall", "x", e]` / `["exists", "x", e]` over agents (a string "x" or a "name.x" inside e stands
for the agent), and `["count", "knave", op, n]` for how many agents have a type.

Grid: houses, categories of values, and clues over the values' houses; a value is named alone or
as "category:value". Each value becomes the variable "category:value" ranging over the houses, and
the values of one category are all different. `[[question]]` tables (`text`, `value`) ask whose
house holds a value ("Who owns the zebra?", value "zebra" or "pet:zebra").
"""

from __future__ import annotations

from typing import Any

from ..deduce.model import DEDUCTION_TYPES, Constraint, Deduction, Grid, Variable, check_expr
from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import canonical_type
from .toml_common import allowed_table, description, names, unknown_keys

DEDUCTION_KEYS = ("title", "description", "kind", "agents", "types", "allowed", "counts", "variables",
                  "statements", "facts")
GRID_KEYS = ("title", "description", "kind", "houses", "categories", "clue", "question")
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
    """Return the JSON expression with quantifiers over agents and type counts written out."""
    if not isinstance(data, list) or not data:
        return data
    head = data[0]
    if head in ("forall", "exists"):
        if len(data) != 3 or not isinstance(data[1], str):
            raise PuzzleError(f"'{head}' takes a name and an expression, got {data!r}")
        parts = [expand_sugar(_substitute(data[2], data[1], a), agents) for a in agents]
        if len(parts) == 1:
            return parts[0]
        return ["and" if head == "forall" else "or", *parts]
    if head == "count" and len(data) == 4 and isinstance(data[1], str):
        return ["count", [["type", a, data[1]] for a in agents], data[2], data[3]]
    return [head] + [expand_sugar(x, agents) for x in data[1:]]


def _expr(data: Any, agents: list[str], key: str) -> E.Expr:
    try:
        return E.from_json(expand_sugar(data, agents))
    except PuzzleError as e:
        raise PuzzleError(e.message, key=key) from None


def _variables(spec: Any, agents: list[str]) -> list[Variable]:
    if not isinstance(spec, dict):
        raise PuzzleError("must be a table of variables", key="variables")
    out = []
    for name, v in spec.items():
        key = f"variables.{name}"
        if isinstance(v, list):
            if not v or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise PuzzleError("must be a non-empty list of whole numbers, or {min, max}", key=key)
            domain = tuple(sorted(set(v)))
            per_agent = False
        elif isinstance(v, dict):
            unknown = set(v) - {"min", "max", "per_agent"}
            if unknown:
                raise PuzzleError(f"unknown key '{sorted(unknown)[0]}'; expected min, max, per_agent", key=key)
            lo, hi = v.get("min"), v.get("max")
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in (lo, hi)) or lo > hi:
                raise PuzzleError("needs whole numbers min <= max", key=key)
            domain = tuple(range(lo, hi + 1))
            per_agent = bool(v.get("per_agent", False))
        else:
            raise PuzzleError("must be a list of values or a table {min, max, per_agent}", key=key)
        if per_agent:
            out += [Variable(f"{name}.{a}", domain) for a in agents]
        else:
            out.append(Variable(name, domain))
    return out


def deduction_from_dict(data: dict[str, Any]) -> Deduction:
    """Return the deduction puzzle a TOML document describes."""
    unknown_keys(data, DEDUCTION_KEYS)
    agents = names(data, "agents", "agents", 1)
    display: dict[str, str] = {}

    def types_of(names: Any, key: str) -> tuple[str, ...]:
        if not isinstance(names, list) or not names:
            raise PuzzleError("must be a non-empty list of types", key=key)
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

    default = types_of(data.get("types", ["knight", "knave"]), "types")
    allowed_spec = allowed_table(data, agents, required=False)
    allowed = tuple(types_of(allowed_spec[a], f"allowed.{a}") if a in allowed_spec else default for a in agents)
    variables = _variables(data.get("variables", {}), agents)
    base = Deduction(tuple(agents), allowed, tuple(variables), title=str(data.get("title", "")), display=display)
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

    counts = data.get("counts", {})
    if not isinstance(counts, dict):
        raise PuzzleError("must be a table such as {knave = 1}", key="counts")
    for t, n in counts.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise PuzzleError("must be a whole number of at least 0", key=f"counts.{t}")
        types_of([t], f"counts.{t}")
        add(f"exactly {n} {t}", ["count", t, "eq", n], f"counts.{t}")
    for key, label in (("statements", "statement"), ("facts", "fact")):
        items = data.get(key, [])
        if not isinstance(items, list):
            raise PuzzleError("must be a list of expressions", key=key)
        for i, src in enumerate(items):
            add(f"{label} {i + 1}", src, f"{key}[{i}]", statement=key == "statements")
    return Deduction(base.agents, base.allowed, base.variables, (), tuple(constraints),
                     title=base.title, display=display, description=description(data))


class _Values:
    """Resolves value names of a grid puzzle to their position variables."""

    def __init__(self, categories: list[tuple[str, list[str]]]):
        self.owner: dict[str, list[str]] = {}
        self.qualified: set[str] = set()
        for cat, values in categories:
            for v in values:
                self.owner.setdefault(v.lower(), []).append(cat)
                self.qualified.add(f"{cat}:{v}".lower())
        self.canon = {f"{cat}:{v}".lower(): f"{cat}:{v}" for cat, values in categories for v in values}

    def var(self, name: Any) -> str:
        if not isinstance(name, str):
            raise PuzzleError(f"expected a value name, got {name!r}")
        low = name.lower()
        if ":" in low and low in self.qualified:
            return self.canon[low]
        cats = self.owner.get(low)
        if not cats:
            raise PuzzleError(f"unknown value '{name}'")
        if len(cats) > 1:
            raise PuzzleError(f"'{name}' is a value of {' and '.join(cats)}; write it as '{cats[0]}:{name}'")
        for cat_value, canon in self.canon.items():
            if cat_value == f"{cats[0]}:{low}".lower():
                return canon
        raise PuzzleError(f"unknown value '{name}'")


def grid_expr(data: Any, values: _Values, houses: int) -> E.Expr:
    """Return the expression of a grid clue (atoms over houses, combined with not/and/or)."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise PuzzleError(f"malformed clue {data!r}: expected a list starting with one of {', '.join(GRID_ATOMS)}, not, and, or")
    head, args = data[0], data[1:]

    def need(n: int) -> None:
        if len(args) != n:
            raise PuzzleError(f"'{head}' takes {n} arguments, got {len(args)} in {data!r}")

    def house(n: Any) -> int:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= houses:
            raise PuzzleError(f"a house is a number from 1 to {houses}, got {n!r} in {data!r}")
        return n

    if head == "not":
        need(1)
        return E.Not(grid_expr(args[0], values, houses))
    if head in ("and", "or"):
        if len(args) < 2:
            raise PuzzleError(f"'{head}' takes at least 2 arguments in {data!r}")
        parts = tuple(grid_expr(a, values, houses) for a in args)
        return E.And(parts) if head == "and" else E.Or(parts)
    if head not in GRID_ATOMS:
        raise PuzzleError(f"unknown clue kind '{head}' in {data!r}; known: {', '.join(GRID_ATOMS)}, not, and, or")
    x = E.Term(values.var(args[0])) if args else None
    if head in ("at", "not_at"):
        need(2)
        return E.Cmp("eq" if head == "at" else "ne", x, E.Term(None, house(args[1])))
    if head == "between":
        need(3)
        k = args[2]
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise PuzzleError(f"'between' counts houses with a whole number, got {k!r} in {data!r}")
        y = values.var(args[1])
        return E.Or((E.Cmp("eq", x, E.Term(y, k + 1)), E.Cmp("eq", x, E.Term(y, -(k + 1)))))
    need(2)
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
    unknown_keys(data, GRID_KEYS)
    houses = data.get("houses")
    if isinstance(houses, bool) or not isinstance(houses, int) or houses < 1:
        raise PuzzleError("must be a whole number of at least 1", key="houses")
    cats = data.get("categories")
    if not isinstance(cats, dict) or not cats:
        raise PuzzleError("must be a table of categories, each a list of values", key="categories")
    categories = []
    for name, vals in cats.items():
        if not isinstance(vals, list) or not all(isinstance(v, str) and v for v in vals):
            raise PuzzleError("must be a list of value names", key=f"categories.{name}")
        if len(vals) != houses:
            raise PuzzleError(f"has {len(vals)} values for {houses} houses", key=f"categories.{name}")
        if len({v.lower() for v in vals}) != len(vals):
            raise PuzzleError("a value appears twice", key=f"categories.{name}")
        categories.append((name, list(vals)))
    values = _Values(categories)
    domain = tuple(range(1, houses + 1))
    variables = tuple(Variable(f"{c}:{v}", domain) for c, vals in categories for v in vals)
    distinct = tuple(tuple(f"{c}:{v}" for v in vals) for c, vals in categories)
    clues = data.get("clue", [])
    if not isinstance(clues, list):
        raise PuzzleError("write each clue as a [[clue]] table with expr = [...]", key="clue")
    constraints = []
    for i, clue in enumerate(clues):
        key = f"clue[{i}]"
        if not isinstance(clue, dict) or "expr" not in clue or set(clue) - {"expr", "text"}:
            raise PuzzleError("a clue is a table with 'expr' (and optionally 'text')", key=key)
        try:
            e = grid_expr(clue["expr"], values, houses)
        except PuzzleError as err:
            raise PuzzleError(err.message, key=f"{key}.expr") from None
        text = clue.get("text")
        if text is not None and not isinstance(text, str):
            raise PuzzleError("must be a string", key=f"{key}.text")
        constraints.append(Constraint(f"clue {i + 1}", e, clue["expr"], text))
    grid = Grid(houses, tuple((c, tuple(v)) for c, v in categories))
    return Deduction((), (), variables, distinct, tuple(constraints), grid, title=str(data.get("title", "")),
                     questions=_questions(data.get("question", []), values), description=description(data))


def _questions(items: Any, values: _Values) -> tuple[tuple[str, str], ...]:
    """Return the (text, "category:value") of each [[question]] table."""
    if not isinstance(items, list):
        raise PuzzleError("write each question as a [[question]] table with text and value", key="question")
    out = []
    for i, q in enumerate(items):
        key = f"question[{i}]"
        if not isinstance(q, dict) or set(q) != {"text", "value"}:
            raise PuzzleError("a question is a table with 'text' (the question) and 'value' (the value it asks "
                              "about, such as \"zebra\" or \"pet:zebra\")", key=key)
        if not isinstance(q["text"], str):
            raise PuzzleError("must be a string", key=f"{key}.text")
        try:
            out.append((q["text"], values.var(q["value"])))
        except PuzzleError as err:
            raise PuzzleError(err.message, key=f"{key}.value") from None
    return tuple(out)
