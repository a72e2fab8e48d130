"""Deduction results as JSON, text and plain-English reasons."""

from __future__ import annotations

from typing import Any

from ..deduce.model import Deduction, World
from ..deduce.solve import DeductionResult
from ..formats.deduction_toml import expand_sugar
from ..logic import expr as E
from .english import English


def value_ranges(values: tuple[int, ...], domain: tuple[int, ...]) -> str:
    """Return possible values as ranges the way seed 004 prints them: '19', '..16', '20..', '6..7;9'."""
    if not values:
        return "none"
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    lo_d, hi_d = domain[0], domain[-1]
    parts = []
    for lo, hi in runs:
        if lo == hi:
            parts.append(str(lo))
        elif lo == lo_d and hi == hi_d:
            parts.append("anything")
        elif lo == lo_d:
            parts.append(f"..{hi}")
        elif hi == hi_d:
            parts.append(f"{lo}..")
        else:
            parts.append(f"{lo}..{hi}")
    return ";".join(parts)


def grid_rows(puzzle: Deduction, world: World) -> list[dict[str, str]]:
    """Return the houses of a grid world, each {category: value}."""
    pos = {v.name: x for v, x in zip(puzzle.variables, world.values)}
    rows = [{"house": str(h)} for h in range(1, puzzle.grid.houses + 1)]
    for cat, values in puzzle.grid.categories:
        for v in values:
            rows[pos[f"{cat}:{v}"] - 1][cat] = v
    return rows


def world_json(puzzle: Deduction, world: World) -> dict[str, Any]:
    """Return one world as JSON: types and values, or the houses of a grid."""
    if puzzle.grid is not None:
        return {"houses": grid_rows(puzzle, world)}
    out: dict[str, Any] = {"types": {a: puzzle.type_name(t) for a, t in zip(puzzle.agents, world.types)}}
    if puzzle.variables:
        out["values"] = {v.name: x for v, x in zip(puzzle.variables, world.values)}
    return out


def determined_json(puzzle: Deduction, res: DeductionResult) -> dict[str, Any]:
    """Return what every consistent world agrees on (null where they differ)."""
    if puzzle.grid is not None:
        cells = []
        pos = dict(zip((v.name for v in puzzle.variables), res.possible_values))
        for h in range(1, puzzle.grid.houses + 1):
            row: dict[str, Any] = {}
            for cat, values in puzzle.grid.categories:
                here = [v for v in values if pos[f"{cat}:{v}"] == (h,)]
                row[cat] = here[0] if here else None
            cells.append(row)
        return {"houses": cells}
    out: dict[str, Any] = {"types": {a: (puzzle.type_name(ts[0]) if len(ts) == 1 else None)
                                     for a, ts in zip(puzzle.agents, res.possible_types)}}
    if puzzle.variables:
        out["values"] = {v.name: value_ranges(vs, v.domain) for v, vs in zip(puzzle.variables, res.possible_values)}
    return out


def answers(puzzle: Deduction, res: DeductionResult) -> list[dict[str, str]]:
    """Return each question the text asks with its answer over the consistent worlds ('undetermined'
    where they disagree), and the option's label for a multiple choice."""
    from ..deduce.asks import UNDETERMINED, answer, chosen_label

    out = []
    for q in puzzle.questions:
        said = answer(puzzle, q, res.worlds)
        item = {"question": q.text, "answer": said}
        if said != UNDETERMINED and any(c.label for c in q.choices):
            label = chosen_label(puzzle, q, res.worlds)
            if label:
                item["option"] = label
        out.append(item)
    return out


def result_json(puzzle: Deduction, res: DeductionResult, max_solutions: int | None = None) -> dict[str, Any]:
    """Return the JSON of a deduction result."""
    sols = res.worlds if max_solutions is None else res.worlds[:max_solutions]
    out: dict[str, Any] = {
        "consistent": res.consistent,
        "unique": res.unique,
        "solutions": [world_json(puzzle, w) for w in sols],
        "determined": determined_json(puzzle, res),
    }
    if puzzle.questions:
        out["answers"] = answers(puzzle, res) if res.worlds else []
    if res.contradiction is not None:
        out["contradiction"] = list(res.contradiction)
    if res.reasons is not None:
        out["reasons"] = [{"fact": fact_text(puzzle, r.fact), "because": list(r.because)} for r in res.reasons]
    return out


def fact_text(puzzle: Deduction, fact: E.Expr) -> str:
    """Return a determined fact in words."""
    if isinstance(fact, E.TypeIs):
        return f"{fact.agent} is {English(puzzle.display).type_phrase(fact.type)}"
    if isinstance(fact, E.Cmp) and puzzle.grid is not None:
        cat, value = fact.left.var.split(":", 1)
        return f"{value} ({cat}) is in house {fact.right.offset}"
    if isinstance(fact, E.Cmp):
        return f"{fact.left.var} is {fact.right.offset}"
    return str(E.to_json(fact))


def labels_text(labels: tuple[str, ...]) -> str:
    """Return constraint labels compactly: 'clues 1, 2 and 5, statement 3'."""
    groups: dict[str, list[str]] = {}
    for lab in labels:
        kind, _, num = lab.rpartition(" ")
        if num.isdigit() and kind:
            groups.setdefault(kind, []).append(num)
        else:
            groups.setdefault(lab, [])
    parts = []
    for kind, nums in groups.items():
        if not nums:
            parts.append(kind)
        elif len(nums) == 1:
            parts.append(f"{kind} {nums[0]}")
        else:
            parts.append(f"{kind}s {', '.join(nums[:-1])} and {nums[-1]}")
    return "; ".join(parts)


def result_text(puzzle: Deduction, res: DeductionResult, max_solutions: int = 20) -> str:
    """Return a plain-text report of a deduction result."""
    lines = []
    if puzzle.title:
        lines.append(puzzle.title)
    if res.consistent == 0:
        lines.append("Inconsistent: no world satisfies every statement.")
        lines.append("These contradict each other: " + labels_text(res.contradiction or ()) + ".")
        lines += legend(puzzle, set(res.contradiction or ()))
        return "\n".join(lines)
    verdict = "unique" if res.unique else "not unique"
    lines.append(f"{res.consistent} consistent world{'s' if res.consistent != 1 else ''} ({verdict}; {res.backend} backend).")
    for i, w in enumerate(res.worlds[:max_solutions], 1):
        lines.append(f"Solution {i}:")
        if puzzle.grid is not None:
            rows = grid_rows(puzzle, w)
            cats = [c for c, _ in puzzle.grid.categories]
            lines.append("  house | " + " | ".join(cats))
            for r in rows:
                lines.append(f"  {r['house']:>5} | " + " | ".join(r[c] for c in cats))
        else:
            det = dict(zip((v.name for v in puzzle.variables), w.values))
            for a, t in zip(puzzle.agents, w.types):
                extra = "".join(f"  {v}={x}" for v, x in det.items() if v.endswith(f".{a}"))
                lines.append(f"  {a}: {puzzle.type_name(t)}{extra}")
            for v, x in det.items():
                if not any(v.endswith(f".{a}") for a in puzzle.agents):
                    lines.append(f"  {v} = {x}")
    if res.consistent > max_solutions:
        lines.append(f"… and {res.consistent - max_solutions} more (use --json for all).")
    for a in answers(puzzle, res) if res.worlds else ():
        lines.append(f"{a['question']} {a['answer']}" + (f" (option {a['option']})" if "option" in a else ""))
    if puzzle.grid is None:
        det = determined_json(puzzle, res)
        eng = English(puzzle.display)
        lines.append("Determined: " + ", ".join(
            f"{a} is {eng.type_phrase(ts[0])}" if len(ts) == 1 else f"{a} undetermined"
            for a, ts in zip(puzzle.agents, res.possible_types)))
        for v, r in det.get("values", {}).items():
            lines.append(f"  {v}: {r}")
    if res.reasons:
        lines.append("Why:")
        for r in res.reasons:
            lines.append(f"  {fact_text(puzzle, r.fact)}: forced by {labels_text(r.because) or 'the setup alone'}")
        lines += legend(puzzle, {lab for r in res.reasons for lab in r.because})
    return "\n".join(lines)


def quantified_text(data: Any, agents: list[str], display: dict[str, str]) -> str | None:
    """Return a quantified expression in words ('for every x among A, B, …'), or None if it has no quantifier."""
    if not (isinstance(data, list) and len(data) == 3 and data[0] in ("forall", "exists")):
        return None
    head, name, body = data
    inner = quantified_text(body, agents, display)
    if inner is None:
        inner = English(display).clause(E.from_json(expand_sugar(body, agents)))
    return f"for {'every' if head == 'forall' else 'some'} {name} among {', '.join(agents)}, {inner}"


def constraint_text(puzzle: Deduction, c) -> str:
    """Return a constraint in words: the clue's own text when the puzzle gives one."""
    return (c.text or quantified_text(c.source, list(puzzle.agents), puzzle.display)
            or English(puzzle.display).clause(c.expr))


def legend(puzzle: Deduction, labels: set[str]) -> list[str]:
    """Return 'label: words' lines for the constraints named, in puzzle order."""
    return [f"  {c.label}: {constraint_text(puzzle, c)}" for c in puzzle.constraints if c.label in labels]
