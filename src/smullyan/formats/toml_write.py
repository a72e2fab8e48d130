"""Puzzles written back as TOML: the document `puzzle_from_dict` reads to an equivalent puzzle.

`puzzle_document(puzzle)` returns the TOML document as a dict (in exactly the schema of
`formats.puzzle_toml` / `formats.deduction_toml`), `dumps_puzzle(puzzle)` its text. Every document
is read back before it is returned; a puzzle no document can express raises PuzzleError saying why
(for example a world space whose type assignments are neither the orderings of one multiset nor
every combination of per-agent types, or languages other than "one word yes, one no, the rest
neither").

What comes back exactly: agents, types (as the puzzle spells them), words, options, world spaces,
variables, grids, clues, questions, titles, and every constraint's expression, each constraint's
source (the JSON the user wrote, sugar included) where it expands to the expression.

What does not come back exactly:
- `description` comes back as written (puzzles keep it for people; the solver never reads it).
- Interrogation: the order of the worlds follows the reader (assignments in permutation or
  product order, then languages); a space built in another order comes back with the same worlds
  reordered. A display name that is not a known spelling of its type is written as the canonical
  type, and display entries for types no agent may have are dropped.
- Deduction: constraints come back as `[counts]`, then statements, then facts. Leading constraints
  labelled `exactly N t` with source `["count", t, "eq", N]` (what `[counts]` reads into) are written
  as `[counts]` and keep their labels; every other constraint is a statement (an expression
  `["says", …]` not labelled `fact …`) or a fact, and its label becomes `statement i` / `fact i`
  by its place — so labels change only for constraints not made by the TOML reader (for example a
  knights-and-knaves text's statements keep theirs, but a constraint labelled "A's claim" becomes
  "statement 1"). The statements' own words (`Constraint.text`, kept by the English reader) have no
  place in the deduction schema and are dropped. All-different groups of a non-grid deduction
  become facts (`["ne", x, y]` for each pair). Variable domains come back sorted, without repeats;
  each variable is written by its full name ("age.a", never `per_agent`), as {min, max} when its
  values are a range that no list-written variable follows (TOML puts lists before tables, and the
  variables must keep their order), else as the list of its values.
- Grid: a clue with no source (or one that does not read back to its expression) is written by
  inverting its expression into the clue language (same, at, not_at, left_of, right_of,
  directly_left, directly_right, next_to, between, not, and, or); comparisons with other offsets,
  constants, implications, equivalences and counts are spelled with those, so the clue reads back
  to an expression with the same worlds but not always the same tree.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from collections import Counter
from typing import Any


from ..deduce.model import DEDUCTION_TYPES, Ask, Constraint, Deduction
from ..errors import PuzzleError
from ..interrogate.puzzle import Interrogation
from ..logic import expr as E
from ..logic.types import canonical_type
from ..logic.worlds import PLAIN_WORDS, World, counts_of, default_languages, distinct_permutations
from .deduction_toml import _Values, expand_sugar, grid_expr
from .puzzle_toml import puzzle_from_dict

__all__ = ["dumps_puzzle", "puzzle_document"]

_FLIP = {"eq": "eq", "ne": "ne", "lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}
MAX_COUNT_ITEMS = 10  # a grid clue's count is written out as a disjunction over subsets of its items


def _cannot(reason: str) -> PuzzleError:
    return PuzzleError(f"this puzzle cannot be written as TOML: {reason}")


def _type_name(display: dict[str, str], t: str) -> str:
    """Return a type as the puzzle spells it, if that spelling reads back to the type."""
    name = display.get(t, t)
    try:
        return name.strip() if isinstance(name, str) and canonical_type(name) == t else t
    except PuzzleError:
        return t


def _heading(p: Interrogation | Deduction, kind: str) -> dict[str, Any]:
    """Return a document's first keys: title and description (when set) and kind."""
    doc: dict[str, Any] = {}
    if p.title:
        doc["title"] = p.title
    if p.description:
        doc["description"] = p.description
    doc["kind"] = kind
    return doc


def dumps_puzzle(puzzle: Interrogation | Deduction) -> str:
    """Return the TOML text of a puzzle (see `puzzle_document`), expressions written inline."""
    return _checked_document(puzzle)[1]


BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
LINE = 100  # an array longer than this is written one item per line


def dumps_document(doc: dict[str, Any]) -> str:
    """Return a document as TOML for people: expressions as one-line arrays (`["says", "A", …]`),
    arrays of tables as `[[clue]]`, long arrays one item per line. Checked by reading back."""
    lines: list[str] = []
    _table_lines(doc, [], lines)
    text = "\n".join(lines).strip("\n") + "\n"
    if tomllib.loads(text) != doc:  # pragma: no cover - a writer bug would show here, never as a wrong file
        raise PuzzleError("internal: the TOML written does not read back")
    return text


def _key(k: str) -> str:
    return k if BARE_KEY.fullmatch(k) else _string(k)


def _string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def _inline(v: Any) -> str:
    """Return a value as an inline TOML literal."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_inline(x)}" for k, x in v.items()) + " }" if v else "{}"
    return "[" + ", ".join(_inline(x) for x in v) + "]"


def _value(v: Any) -> str:
    """Return a value for `key = …`: inline, or an array one item per line when long."""
    text = _inline(v)
    if isinstance(v, list) and len(text) > LINE and v:
        return "[\n" + "".join(f"    {_inline(x)},\n" for x in v) + "]"
    return text


def _is_tables(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _table_lines(doc: dict[str, Any], path: list[str], lines: list[str]) -> None:
    """Append a table's plain keys, then its sub-tables and arrays of tables."""
    for k, v in doc.items():
        if not isinstance(v, dict) and not _is_tables(v):
            lines.append(f"{_key(k)} = {_value(v)}")
    for k, v in doc.items():
        name = ".".join(_key(p) for p in [*path, k])
        if isinstance(v, dict):
            lines += ["", f"[{name}]"]
            _table_lines(v, [*path, k], lines)
        elif _is_tables(v):
            for item in v:
                lines += ["", f"[[{name}]]"]
                _table_lines(item, [*path, k], lines)


def puzzle_document(puzzle: Interrogation | Deduction) -> dict[str, Any]:
    """Return the TOML document (as a dict) that `puzzle_from_dict` reads back to an equivalent puzzle.

    Raise PuzzleError when no document can express the puzzle."""
    return _checked_document(puzzle)[0]


def _checked_document(puzzle: Interrogation | Deduction) -> tuple[dict[str, Any], str]:
    """Return (document, its TOML text), the text read back to a puzzle equal to the one given."""
    if isinstance(puzzle, Interrogation):
        doc = _interrogation(puzzle)
    elif isinstance(puzzle, Deduction):
        doc = _grid(puzzle) if puzzle.grid is not None else _deduction(puzzle)
    else:
        raise TypeError(f"not a puzzle: {puzzle!r}")
    try:
        text = dumps_document(doc)
    except (TypeError, ValueError) as e:
        raise _cannot(f"TOML cannot hold one of its values ({e})") from None
    try:
        back = puzzle_from_dict(tomllib.loads(text))
    except PuzzleError as e:
        raise _cannot(f"its document does not read back ({e.render()})") from None
    problem = _differs(puzzle, back)
    if problem:
        raise _cannot(f"it reads back with {problem}")
    return doc, text


# ---------------------------------------------------------------- interrogation


def _interrogation(p: Interrogation) -> dict[str, Any]:
    space = p.space
    worlds = space.worlds
    assigns = list(dict.fromkeys(w.types for w in worlds))
    langs = list(dict.fromkeys(w.language for w in worlds))
    if len(worlds) != len(assigns) * len(langs) or set(worlds) != {World(a, l) for a in assigns for l in langs}:
        raise _cannot("its worlds are not every type assignment combined with every language")
    if len(langs) != len(default_languages(space.words)) or set(langs) != set(default_languages(space.words)):
        raise _cannot("its languages are not the usual ones (one word means yes, one no, the rest neither, "
                      "in every way)")
    name = lambda t: _type_name(p.display, t)  # noqa: E731
    doc = _heading(p, "interrogation")
    doc["agents"] = list(space.agents)
    perms = distinct_permutations(assigns[0])
    per_agent = [list(dict.fromkeys(a[i] for a in assigns)) for i in range(len(space.agents))]
    product = list(itertools.product(*per_agent))
    allowed = None
    counts: dict[str, int] = {}
    counted = counts_of(assigns)
    if len(perms) == len(assigns) and set(perms) == set(assigns):
        doc["types"] = [name(t) for t in assigns[0]]
    elif len(product) == len(assigns) and set(product) == set(assigns):
        allowed = {a: [name(t) for t in ts] for a, ts in zip(space.agents, per_agent)}
    elif counted is not None:
        allowed = {a: [name(t) for t in ts] for a, ts in zip(space.agents, counted[0])}
        counts = {name(t): n for t, n in counted[1].items()}
    else:
        raise _cannot("its type assignments are neither the orderings of one multiset of types ('types') "
                      "nor every combination of per-agent types ('[allowed]', with '[counts]')")
    if tuple(space.words) != PLAIN_WORDS:
        doc["words"] = list(space.words)
    doc["goal"] = p.goal
    doc["objective"] = p.objective
    if p.max_questions is not None:
        doc["max_questions"] = p.max_questions
    doc["random"] = space.random_mode
    doc["paradox"] = space.paradox
    if allowed is not None:
        doc["allowed"] = allowed
    if counts:
        doc["counts"] = counts
    doc["questions"] = {"language": p.language, "max_complexity": p.max_complexity}
    return doc


# ---------------------------------------------------------------- deduction


def _expr_json(c: Constraint, agents: list[str]) -> Any:
    """Return the constraint's source when it expands to its expression, else the canonical JSON."""
    if c.source is not None:
        try:
            if E.from_json(expand_sugar(c.source, agents)) == c.expr:
                return c.source
        except PuzzleError:
            pass
    return E.to_json(c.expr)


def _count_entry(c: Constraint, agents: list[str]) -> tuple[str, int] | None:
    """Return (type, n) when the constraint is what `[counts] type = n` reads into, else None."""
    src = c.source
    if not (isinstance(src, list) and len(src) == 4 and src[0] == "count" and src[2] == "eq"):
        return None
    t, n = src[1], src[3]
    if not isinstance(t, str) or isinstance(n, bool) or not isinstance(n, int) or n < 0:
        return None
    try:
        if canonical_type(t) not in DEDUCTION_TYPES:
            return None
    except PuzzleError:
        return None
    if c.label != f"exactly {n} {t}" or E.from_json(expand_sugar(src, agents)) != c.expr:
        return None
    return t, n


def _variables(variables) -> dict[str, Any]:
    """Return the [variables] table: {min, max} for a range, else the list of values.

    TOML writes a table's plain values before its sub-tables, so a range that comes before a
    variable written as a list is written as a list too: the variables keep their order."""
    domains = [sorted(set(v.domain)) for v in variables]
    ranges = [bool(d) and d == list(range(d[0], d[-1] + 1)) for d in domains]
    last_list = max((i for i, r in enumerate(ranges) if not r), default=-1)
    return {v.name: {"min": d[0], "max": d[-1]} if r and i > last_list else d
            for i, (v, d, r) in enumerate(zip(variables, domains, ranges))}


def _deduction(p: Deduction) -> dict[str, Any]:
    if not p.agents:
        raise _cannot("a deduction puzzle without a grid needs at least one agent")
    agents = list(p.agents)
    name = lambda t: _type_name(p.display, t)  # noqa: E731
    union = list(dict.fromkeys(t for ts in p.allowed for t in ts))
    doc = _heading(p, "deduction")
    doc["agents"] = agents
    doc["types"] = [name(t) for t in union]
    counts: dict[str, int] = {}
    rest = list(p.constraints)
    while rest:
        entry = _count_entry(rest[0], agents)
        if entry is None or entry[0] in counts:
            break
        counts[entry[0]] = entry[1]
        rest.pop(0)
    statements, facts = [], []
    for c in rest:
        src = _expr_json(c, agents)
        if isinstance(c.expr, E.Says) and not c.label.startswith("fact "):
            statements.append(src)
        else:
            facts.append(src)
    facts += _distinct_facts(p)
    if statements:
        doc["statements"] = statements
    if facts:
        doc["facts"] = facts
    allowed = {a: [name(t) for t in ts] for a, ts in zip(agents, p.allowed) if list(ts) != union}
    if allowed:
        doc["allowed"] = allowed
    if counts:
        doc["counts"] = counts
    if p.variables:
        doc["variables"] = _variables(p.variables)
    if p.questions:
        doc["question"] = _questions(p.questions, lambda e, src: _expr_json(Constraint("", e, src), agents))
    return doc


def _questions(asks: tuple[Ask, ...], write: Any) -> list[dict[str, Any]]:
    """Return the `[[question]]` tables of a puzzle's asks; `write(expr, source)` gives an expression's form."""
    out = []
    for q in asks:
        table: dict[str, Any] = {"text": q.text, "kind": q.kind}
        if q.kind == "yes_no":
            table["expr"] = write(q.choices[0].expr, q.choices[0].source)
        else:
            table["choice"] = [{"answer": c.answer, "expr": write(c.expr, c.source), **({"label": c.label} if c.label else {})}
                               for c in q.choices]
        if q.none != "nobody":
            table["none"] = q.none
        out.append(table)
    return out


# ---------------------------------------------------------------- grid


class _ClueWriter:
    """Inverts grid expressions into the clue language."""

    def __init__(self, houses: int, anchor: str):
        self.houses = houses
        self.true = ["or", ["at", anchor, 1], ["not_at", anchor, 1]]
        self.false = ["and", ["at", anchor, 1], ["not_at", anchor, 1]]

    def write(self, e: E.Expr) -> Any:
        match e:
            case E.Const(value):
                return self.true if value else self.false
            case E.Not(arg):
                return ["not", self.write(arg)]
            case E.And(args) | E.Or(args):
                conj = isinstance(e, E.And)
                if not args:
                    return self.true if conj else self.false
                if len(args) == 1:
                    return self.write(args[0])
                if not conj:
                    pair = self._pair(args)
                    if pair is not None:
                        return pair
                return ["and" if conj else "or", *map(self.write, args)]
            case E.Implies(a, b):
                return ["or", ["not", self.write(a)], self.write(b)]
            case E.Iff(a, b):
                return self._iff(a, b)
            case E.Xor(a, b):
                return ["not", self._iff(a, b)]
            case E.Count(items, op, n):
                return self._count(items, op, n)
            case E.Cmp(op, left, right):
                return self._cmp(op, left, right)
        raise _cannot(f"a grid clue cannot say {E.to_json(e)!r}")

    def _iff(self, a: E.Expr, b: E.Expr) -> Any:
        x, y = self.write(a), self.write(b)
        return ["or", ["and", x, y], ["and", ["not", x], ["not", y]]]

    def _count(self, items: tuple[E.Expr, ...], op: str, n: int) -> Any:
        sizes = [k for k in range(len(items) + 1) if E.compare(op, k, n)]
        if len(sizes) == len(items) + 1:
            return self.true
        if not sizes:
            return self.false
        if len(items) > MAX_COUNT_ITEMS:
            raise _cannot(f"a grid clue counting more than {MAX_COUNT_ITEMS} statements is too long to write out")
        parts = [self.write(i) for i in items]
        cases = []
        for k in sizes:
            for chosen in itertools.combinations(range(len(items)), k):
                lits = [parts[i] if i in chosen else ["not", parts[i]] for i in range(len(items))]
                cases.append(lits[0] if len(lits) == 1 else ["and", *lits])
        return cases[0] if len(cases) == 1 else ["or", *cases]

    @staticmethod
    def _diff(e: E.Expr) -> tuple[str, str, int] | None:
        """Return (x, y, d) when e says x = y + d of two variables, else None."""
        if isinstance(e, E.Cmp) and e.op == "eq" and e.left.var is not None and e.right.var is not None:
            return e.left.var, e.right.var, e.right.offset - e.left.offset
        return None

    def _pair(self, args: tuple[E.Expr, ...]) -> Any:
        """Return next_to / between for x = y + d or x = y - d (d >= 1), else None."""
        if len(args) != 2:
            return None
        a, b = self._diff(args[0]), self._diff(args[1])
        if a is None or b is None or a[0] == a[1]:
            return None
        if (b[0], b[1]) == (a[1], a[0]):
            b = (a[0], a[1], -b[2])
        if (b[0], b[1]) != (a[0], a[1]) or a[2] == 0 or b[2] != -a[2]:
            return None
        k = abs(a[2]) - 1
        return ["next_to", a[0], a[1]] if k == 0 else ["between", a[0], a[1], k]

    def _cmp(self, op: str, left: E.Term, right: E.Term) -> Any:
        if left.var is None and right.var is None:
            return self.true if E.compare(op, left.offset, right.offset) else self.false
        if left.var is None:
            op, left, right = _FLIP[op], right, left
        x = left.var
        assert x is not None
        if right.var is None:  # x + p op n, i.e. x op n - p
            c = right.offset - left.offset
            return self._position(x, [h for h in range(1, self.houses + 1) if E.compare(op, h, c)])
        y, d = right.var, right.offset - left.offset  # x op y + d
        if x == y:
            return self.true if E.compare(op, 0, d) else self.false
        if op == "eq":
            return self._exactly(x, y, d)
        if op == "ne":
            return ["not", self._exactly(x, y, d)]
        span = range(-(self.houses - 1), self.houses)
        ok = [delta for delta in span if E.compare(op, delta, d)]
        if not ok:
            return self.false
        if len(ok) == len(span):
            return self.true
        parts = []
        if all(delta in ok for delta in span if delta < 0) and any(delta < 0 for delta in span):
            parts.append(["left_of", x, y])
            ok = [delta for delta in ok if delta >= 0]
        if all(delta in ok for delta in span if delta > 0) and any(delta > 0 for delta in span):
            parts.append(["right_of", x, y])
            ok = [delta for delta in ok if delta <= 0]
        parts += [self._exactly(x, y, delta) for delta in ok]
        return parts[0] if len(parts) == 1 else ["or", *parts]

    def _position(self, x: str, houses: list[int]) -> Any:
        if not houses:
            return self.false
        if len(houses) == self.houses:
            return self.true
        if len(houses) == self.houses - 1:
            return ["not_at", x, next(h for h in range(1, self.houses + 1) if h not in houses)]
        ats = [["at", x, h] for h in houses]
        return ats[0] if len(ats) == 1 else ["or", *ats]

    def _exactly(self, x: str, y: str, d: int) -> Any:
        """Return the clue x = y + d."""
        if d == 0:
            return ["same", x, y]
        if d == -1:
            return ["directly_left", x, y]
        if d == 1:
            return ["directly_right", x, y]
        if abs(d) >= self.houses:
            return self.false
        return ["and", ["between", x, y, abs(d) - 1], ["right_of" if d > 0 else "left_of", x, y]]


def _grid(p: Deduction) -> dict[str, Any]:
    grid = p.grid
    assert grid is not None
    if p.agents:
        raise _cannot("a grid puzzle has no agents")
    categories = [(c, list(vals)) for c, vals in grid.categories]
    values = _Values(categories)
    writer = _ClueWriter(grid.houses, p.variables[0].name)
    clues = []
    for c in p.constraints:
        expr = None
        if c.source is not None:
            try:
                if grid_expr(c.source, values, grid.houses) == c.expr:
                    expr = c.source
            except PuzzleError:
                pass
        clue: dict[str, Any] = {"expr": writer.write(c.expr) if expr is None else expr}
        if c.text is not None:
            clue["text"] = c.text
        clues.append(clue)
    doc = _heading(p, "grid")
    doc["houses"] = grid.houses
    doc["categories"] = {c: vals for c, vals in categories}
    if clues:
        doc["clue"] = clues
    if p.questions:
        def write(e: E.Expr, src: Any) -> Any:
            try:
                if src is not None and grid_expr(src, values, grid.houses) == e:
                    return src
            except PuzzleError:
                pass
            return writer.write(e)
        doc["question"] = _questions(p.questions, write)
    return doc


# ---------------------------------------------------------------- reading back


def _differs(p: Interrogation | Deduction, back: Interrogation | Deduction) -> str | None:
    """Return what the read-back puzzle has different from the puzzle, or None."""
    if isinstance(p, Interrogation):
        if not isinstance(back, Interrogation):
            return "another kind of puzzle"
        s, b = p.space, back.space
        fields: list[tuple[str, Any, Any]] = [
            ("agents", s.agents, b.agents), ("words", s.words, b.words), ("random", s.random_mode, b.random_mode),
            ("paradox", s.paradox, b.paradox), ("goal", p.goal, back.goal), ("objective", p.objective, back.objective),
            ("max_questions", p.max_questions, back.max_questions), ("language", p.language, back.language),
            ("max_complexity", p.max_complexity, back.max_complexity), ("title", p.title, back.title),
              ("description", p.description, back.description)]
        for what, mine, theirs in fields:
            if mine != theirs:
                return f"other {what} ({theirs!r}, not {mine!r})"
        if Counter(s.worlds) != Counter(b.worlds):
            return "other worlds"
        return None
    if not isinstance(back, Deduction):
        return "another kind of puzzle"
    variables = [(v.name, tuple(sorted(set(v.domain)))) for v in p.variables]
    distinct = p.distinct if p.grid is not None else ()
    fields = [("agents", p.agents, back.agents), ("types", p.allowed, back.allowed),
              ("variables", variables, [(v.name, v.domain) for v in back.variables]),
              ("all-different groups", distinct, back.distinct), ("grid", p.grid, back.grid),
              ("title", p.title, back.title), ("questions", p.questions, back.questions),
              ("description", p.description, back.description)]
    for what, mine, theirs in fields:
        if mine != theirs:
            return f"other {what} ({theirs!r}, not {mine!r})"
    if p.grid is None:
        extra = [E.from_json(f) for f in _distinct_facts(p)]
        if Counter(c.expr for c in p.constraints) + Counter(extra) != Counter(c.expr for c in back.constraints):
            return "other constraints"
    elif len(back.constraints) != len(p.constraints):
        return "another number of clues"
    return None


def _distinct_facts(p: Deduction) -> list[Any]:
    """Return the facts that say a non-grid deduction's all-different groups: x != y for each pair."""
    out = []
    for group in p.distinct:
        pairs = [["ne", a, b] for a, b in itertools.combinations(group, 2)]
        if pairs:
            out.append(pairs[0] if len(pairs) == 1 else ["and", *pairs])
    return out
