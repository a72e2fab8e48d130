"""HTML for notebooks: puzzles, reports and verdicts display themselves (`_repr_html_`)."""

from __future__ import annotations

from html import escape

STYLE = ("<style>.smullyan-report{font-family:system-ui,sans-serif;line-height:1.4}"
         ".smullyan-report .ok{color:#1a7f37;font-weight:600}.smullyan-report .failed{color:#cf222e;font-weight:600}"
         ".smullyan-report pre{background:#f6f8fa;padding:.5em;overflow:auto}</style>")


def puzzle_html(title: str, kind: str, toml_text: str) -> str:
    """Return a puzzle as HTML: its title and kind, and its TOML."""
    head = f"<h4>{escape(title)}</h4>" if title else ""
    return f'{STYLE}<div class="smullyan-report">{head}<p>A {escape(kind)} puzzle.</p><pre>{escape(toml_text)}</pre></div>'


def report_html(title: str, sentences: list[str], svg: str | None, ok: bool | None = None) -> str:
    """Return a report as HTML: a heading, sentences, and a picture (inline SVG) when there is one."""
    head = f"<h4>{escape(title)}</h4>" if title else ""
    cls = "" if ok is None else (' class="ok"' if ok else ' class="failed"')
    body = "".join(f"<p{cls if i == 0 else ''}>{escape(s)}</p>" for i, s in enumerate(sentences))
    return f'{STYLE}<div class="smullyan-report">{head}{body}{svg or ""}</div>'
