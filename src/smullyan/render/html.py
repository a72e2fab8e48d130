"""Results as HTML fragments (for notebooks and web pages): no <html> or <body>, one inline <style>
whose rules all sit under the `smullyan-` class prefix, every text from the puzzle escaped.

The words are those of `render.deduction` (verdict, solutions, what is determined, answers, reasons);
strategy pictures are the SVG of `render.svg`, inline.
"""

from __future__ import annotations

from html import escape

from ..deduce.model import Deduction
from ..deduce.solve import DeductionResult
from ..interrogate.puzzle import Interrogation
from ..interrogate.strategy import Node
from .deduction import answers, constraint_text, determined_json, fact_text, grid_rows, labels_text
from .english import English
from .svg import strategy_svg

STYLE = (
    ".smullyan-report{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;"
    "font-size:14px;line-height:1.4;color:#1b1f23}"
    ".smullyan-report .smullyan-title{font-size:16px;font-weight:600;margin:0 0 .4em}"
    ".smullyan-report .smullyan-verdict{font-weight:600;margin:.3em 0}"
    ".smullyan-report .smullyan-unique{color:#2b7a2b}"
    ".smullyan-report .smullyan-several{color:#8a6d00}"
    ".smullyan-report .smullyan-inconsistent{color:#b00020}"
    ".smullyan-report .smullyan-section{font-size:14px;font-weight:600;margin:.8em 0 .3em}"
    ".smullyan-report table{border-collapse:collapse;margin:.3em 1em .6em 0;display:inline-table;vertical-align:top}"
    ".smullyan-report caption{text-align:left;font-weight:600;padding-bottom:.2em}"
    ".smullyan-report th,.smullyan-report td{border:1px solid #c9d1d9;padding:.15em .5em;text-align:left}"
    ".smullyan-report th{background:#f4f7fb;font-weight:600}"
    ".smullyan-report td.smullyan-open{color:#8a96a3}"
    ".smullyan-report ul,.smullyan-report dl{margin:.2em 0 .6em;padding-left:1.4em}"
    ".smullyan-report dt{font-weight:600}"
    ".smullyan-report dd{margin:0 0 .3em 1em}"
    ".smullyan-report .smullyan-label{font-weight:600}"
    ".smullyan-report .smullyan-scroll{overflow:auto;max-width:100%}"
)


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _legend(puzzle: Deduction, labels: set[str]) -> str:
    """Return the constraints named, in puzzle order, as a definition list (the words of `legend`)."""
    items = [f"<dt>{_e(c.label)}</dt><dd>{_e(constraint_text(puzzle, c))}</dd>"
             for c in puzzle.constraints if c.label in labels]
    return f'<dl class="smullyan-legend">{"".join(items)}</dl>' if items else ""


def _table(head: list[str], rows: list[list[str]], caption: str | None = None, cls: str = "") -> str:
    """Return a table of escaped cells; a cell None is shown as an open '?'."""
    out = [f'<table class="smullyan-table{" " + cls if cls else ""}">']
    if caption:
        out.append(f"<caption>{_e(caption)}</caption>")
    out.append("<thead><tr>" + "".join(f'<th scope="col">{_e(h)}</th>' for h in head) + "</tr></thead><tbody>")
    for row in rows:
        cells = [f'<th scope="row">{_e(row[0])}</th>']
        cells += ['<td class="smullyan-open">?</td>' if c is None else f"<td>{_e(c)}</td>" for c in row[1:]]
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _solutions(puzzle: Deduction, res: DeductionResult, max_solutions: int) -> list[str]:
    shown = res.worlds[:max_solutions]
    out = [f'<p class="smullyan-section">Solution{"s" if len(shown) != 1 else ""}</p>']
    if puzzle.grid is not None:
        cats = [c for c, _ in puzzle.grid.categories]
        for i, w in enumerate(shown, 1):
            rows = [[r["house"]] + [r[c] for c in cats] for r in grid_rows(puzzle, w)]
            out.append(_table(["house"] + cats, rows, f"Solution {i}", "smullyan-grid"))
    else:
        names = [v.name for v in puzzle.variables]
        rows = [[str(i)] + [puzzle.type_name(t) for t in w.types] + [str(x) for x in w.values]
                for i, w in enumerate(shown, 1)]
        out.append(_table(["solution"] + list(puzzle.agents) + names, rows, None, "smullyan-worlds"))
    if res.consistent > len(shown):
        out.append(f'<p class="smullyan-more">… and {res.consistent - len(shown)} more, not shown.</p>')
    return out


def _determined(puzzle: Deduction, res: DeductionResult) -> list[str]:
    det = determined_json(puzzle, res)
    if puzzle.grid is not None:
        if res.unique:
            return []  # the one solution is what is determined
        cats = [c for c, _ in puzzle.grid.categories]
        rows = [[str(h)] + [cells[c] for c in cats] for h, cells in enumerate(det["houses"], 1)]
        return ['<p class="smullyan-section">Determined in every solution</p>',
                _table(["house"] + cats, rows, None, "smullyan-determined")]
    eng = English(puzzle.display)
    items = [f"<li>{_e(f'{a} is {eng.type_phrase(ts[0])}' if len(ts) == 1 else f'{a} undetermined')}</li>"
             for a, ts in zip(puzzle.agents, res.possible_types)]
    items += [f"<li>{_e(v)}: {_e(r)}</li>" for v, r in det.get("values", {}).items()]
    return ['<p class="smullyan-section">Determined</p>', f'<ul class="smullyan-determined">{"".join(items)}</ul>']


def deduction_html(puzzle: Deduction, res: DeductionResult, max_solutions: int = 20) -> str:
    """Return an HTML fragment reporting a deduction: the verdict, the solutions (at most `max_solutions`),
    what is determined, the answers to the puzzle's questions, and why (when `res.reasons` is present);
    for an inconsistent puzzle, the statements that contradict each other, in words."""
    out = ['<div class="smullyan-report smullyan-deduction">', f"<style>{STYLE}</style>"]
    if puzzle.title:
        out.append(f'<p class="smullyan-title">{_e(puzzle.title)}</p>')
    if res.consistent == 0:
        labels = res.contradiction or ()
        out.append('<p class="smullyan-verdict smullyan-inconsistent">'
                   "Inconsistent: no world satisfies every statement.</p>")
        out.append(f'<p class="smullyan-contradiction">These contradict each other: {_e(labels_text(labels))}.</p>')
        out.append(_legend(puzzle, set(labels)))
        out.append("</div>")
        return "\n".join(x for x in out if x)
    n = res.consistent
    verdict = "unique" if res.unique else "not unique"
    out.append(f'<p class="smullyan-verdict {"smullyan-unique" if res.unique else "smullyan-several"}">'
               f"{n} consistent world{'s' if n != 1 else ''} ({verdict}; {_e(res.backend)} backend).</p>")
    out += _solutions(puzzle, res, max_solutions)
    found = answers(puzzle, res) if res.worlds else []
    if found:
        out.append('<p class="smullyan-section">Answers</p>')
        out.append('<dl class="smullyan-answers">' + "".join(
            f"<dt>{_e(a['question'])}</dt><dd>{_e(a['answer'])}</dd>" for a in found)
            + "</dl>")
    out += _determined(puzzle, res)
    if res.reasons:
        out.append('<p class="smullyan-section">Why</p>')
        out.append('<ul class="smullyan-reasons">' + "".join(
            f'<li><span class="smullyan-label">{_e(fact_text(puzzle, r.fact))}</span>: forced by '
            f"{_e(labels_text(r.because) or 'the setup alone')}</li>" for r in res.reasons) + "</ul>")
        out.append(_legend(puzzle, {lab for r in res.reasons for lab in r.because}))
    out.append("</div>")
    return "\n".join(x for x in out if x)


def strategy_html(puzzle: Interrogation, node: Node, *, heading: str | None = None) -> str:
    """Return an HTML fragment: an optional heading paragraph and the strategy's SVG inline (scrollable)."""
    out = ['<div class="smullyan-report smullyan-strategy-figure">', f"<style>{STYLE}</style>"]
    if heading:
        out.append(f'<p class="smullyan-title">{_e(heading)}</p>')
    out.append(f'<div class="smullyan-scroll">{strategy_svg(puzzle, node).rstrip()}</div>')
    out.append("</div>")
    return "\n".join(out)


__all__ = ["deduction_html", "strategy_html"]
