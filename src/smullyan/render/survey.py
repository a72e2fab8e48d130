"""Survey tables as text (Rich), JSON lines and CSV."""

from __future__ import annotations

import csv
import io
from typing import Any

from rich.table import Table

from ..survey.grammar import GrammarRow, spell_shape
from ..survey.table import Row, spell


def row_json(row: Row) -> dict[str, Any]:
    """Return one surveyed puzzle as the JSON object `smullyan survey --json` prints."""
    out: dict[str, Any] = {
        "types": list(row.types),
        "solvable": row.solvable,
        "worst": row.worst,
        "expected": None if row.expected is None else f"{row.expected.numerator}/{row.expected.denominator}",
        "expected_within": row.expected_within,
        "any_length": row.any_length,
        "seconds": round(row.seconds, 3),
    }
    if row.worst_at_least is not None:
        out["worst_at_least"] = row.worst_at_least
    if row.worst_at_most is not None:
        out["worst_at_most"] = row.worst_at_most
    if row.expected_at_most is not None:
        out["expected_at_most"] = f"{row.expected_at_most.numerator}/{row.expected_at_most.denominator}"
    if row.expected_at_least is not None:
        out["expected_at_least"] = f"{row.expected_at_least.numerator}/{row.expected_at_least.denominator}"
    if row.stuck:
        out["never_separated"] = [list(row.stuck[0]), list(row.stuck[1])]
    if row.note:
        out["incomplete"] = row.note
    if row.same_as:
        out["same_as"] = list(row.same_as)
    return out


def survey_table(rows: list[Row], title: str) -> Table:
    """Return the survey as a text table."""
    table = Table(title=title, title_justify="left")
    for name, justify in (("gods", "left"), ("solvable", "left"), ("worst", "right"), ("expected", "right"),
                          ("≈", "right"), ("within", "right"), ("any length", "left"), ("seconds", "right"), ("note", "left")):
        table.add_column(name, justify=justify)
    for r in rows:
        table.add_row(
            spell(r.types),
            "?" if r.solvable is None else "yes" if r.solvable else "no",
            str(r.worst) if r.worst is not None else _worst_between(r),
            str(r.expected) if r.expected is not None else _between(r, str),
            f"{float(r.expected):.4f}" if r.expected is not None else _between(r, lambda x: f"{float(x):.4f}"),
            "" if r.expected_within is None else str(r.expected_within),
            "" if r.any_length is None else "proved" if r.any_length else "open",
            f"{r.seconds:.2f}",
            _short_note(r),
        )
    return table


def _worst_between(r: Row) -> str:
    """Return the proved bounds of a worst case not reached ('≥ a, ≤ b'), or ''."""
    parts = [f"{sign} {x}" for sign, x in (("≥", r.worst_at_least), ("≤", r.worst_at_most)) if x is not None]
    return ", ".join(parts)


def _between(r: Row, show) -> str:
    """Return the proved bounds of an average not reached ('≥ a, ≤ b'), or ''."""
    parts = [f"{sign} {show(x)}" for sign, x in (("≥", r.expected_at_least), ("≤", r.expected_at_most)) if x is not None]
    return ", ".join(parts)


def _short_note(r: Row) -> str:
    """Return a table cell for a row's note: what hit a limit, or the two worlds never separated."""
    if r.note:
        return r.note.split(":")[0] + ": limit"
    if r.stuck:
        return f"{spell(r.stuck[0])} ~ {spell(r.stuck[1])}"
    return f"as {spell(r.same_as)}" if r.same_as else ""


GRAMMAR_FIELDS = ("family", "puzzle", "gods", "worlds", "solvable", "questions", "complexity",
                  "derived_from", "rule", "seconds", "note")


def grammar_record(row: GrammarRow) -> dict[str, Any]:
    """Return one classified grammar puzzle as a flat record (JSON object, CSV row)."""
    gp = row.puzzle
    return {
        "family": gp.family,
        "puzzle": gp.name,
        "gods": len(gp.shape),
        "worlds": row.worlds,
        "solvable": row.solvable,
        "questions": row.questions,
        "complexity": row.complexity,
        "derived_from": None if gp.parent is None else spell_shape(gp.family, gp.parent),
        "rule": gp.rule,
        "seconds": round(row.seconds, 3),
        "note": row.note,
    }


def grammar_csv(rows: list[GrammarRow]) -> str:
    """Return the grammar survey as CSV text."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=GRAMMAR_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: "" if v is None else v for k, v in grammar_record(row).items()})
    return buf.getvalue()


def grammar_table(rows: list[GrammarRow], title: str) -> Table:
    """Return the grammar survey as a text table."""
    table = Table(title=title, title_justify="left")
    for name in ("family", "puzzle", "worlds", "solvable", "questions", "complexity", "derived by", "note"):
        table.add_column(name)
    for row in rows:
        rec = grammar_record(row)
        table.add_row(rec["family"], rec["puzzle"], str(rec["worlds"]),
                      "?" if row.solvable is None else "yes" if row.solvable else "no",
                      "" if row.questions is None else str(row.questions),
                      "" if row.complexity is None else str(row.complexity),
                      rec["rule"] if rec["derived_from"] is None else f"{rec['derived_from']}: {rec['rule']}",
                      rec["note"])
    return table


def rule_sentence(exceptions: list[Row], decided: int) -> str:
    """Return what the survey says of the random-fewer rule (Vallström): where it fails, or that it holds."""
    if exceptions:
        return f"Random-fewer rule (Vallström) fails for: {', '.join(spell(r.types) for r in exceptions)}"
    return (f"Random-fewer rule (Vallström): solvable exactly when the random gods are fewer than the others, "
            f"in all {decided} decided puzzles with a non-random god.")
