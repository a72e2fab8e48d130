"""HTML fragments of the web page (`smullyan serve`): reports, verdicts and game views, from result values.

Rendering only: every fragment is built from a result value or a game's view, every text is escaped,
and nothing here reads, solves or decides anything.
"""

from __future__ import annotations

from html import escape
from typing import Any


def _p(cls: str, text: object) -> str:
    return f'<p class="{cls}">{escape(str(text))}</p>'


def _stats_table(stats: dict[str, Any]) -> str:
    """Return the search statistics as a small table (numbers only; per-level detail is in the JSON)."""
    rows = [(k.replace("_", " "), v) for k, v in stats.items() if isinstance(v, (int, float, str)) and not isinstance(v, bool)]
    if not rows:
        return ""
    body = "".join(f"<tr><th>{escape(k)}</th><td>{escape(f'{v:,}' if isinstance(v, int) else str(v))}</td></tr>"
                   for k, v in rows)
    return f'<details class="stats"><summary>Statistics</summary><table>{body}</table></details>'


def gods_report(result: Any) -> str:
    """Return a gods puzzle's report: verdict, proof, a place for the drawn strategy, and statistics."""
    out = ['<section class="report gods">']
    if result.puzzle.title:
        out.append(f"<h2>{escape(result.puzzle.title)}</h2>")
    out.append(_p("verdict ok" if result.solvable else "verdict unsolvable", result.summary()))
    out.append(_p("proof", f"Proof: {result.proof}"))
    if result.strategy is not None:
        out.append('<p class="hint-line">Click a question to fold or unfold its branch; hover a box to see '
                   "which worlds remain there.</p>")
        out.append('<div class="tree" data-role="tree"></div>')
    out.append(_stats_table({**result.stats, "seconds": round(result.seconds, 4)}))
    out.append("</section>")
    return "".join(out)


def worlds_report(result: Any) -> str:
    """Return a deduction puzzle's report: the API's worlds table, answers, what is determined and why."""
    return f'<section class="report deduction">{result.html()}</section>'


def verdict_report(verdict: Any) -> str:
    """Return a verification verdict: one sentence, and for a failure the world and the path of answers."""
    out = [f'<section class="report verdict {"ok" if verdict.ok else "failed"}">', _p("verdict", verdict.text())]
    if not verdict.ok and verdict.path:
        steps = "".join(f"<li>{escape(step)}</li>" for step in verdict.path)
        out.append(f'<p>The failing path:</p><ol class="path">{steps}</ol>')
    if not verdict.ok and verdict.world:
        out.append(_p("world", f"In the world: {verdict.world}"))
    out.append("</section>")
    return "".join(out)


def limit_report(error: Any) -> str:
    """Return what a limit stopped, and what was proved before it."""
    out = ['<section class="report limit">', _p("verdict limit", error.message)]
    if error.proved:
        items = "".join(f"<li>{escape(str(k).replace('_', ' '))}: {escape(str(v))}</li>"
                        for k, v in error.proved.items())
        out.append(f'<p>Proved before the limit:</p><ul class="proved">{items}</ul>')
    if callable(getattr(error.best, "svg", None)):
        from .text import best_sentence

        out.append(_p("best", best_sentence(error.proved)))
        out.append('<div class="tree" data-role="tree"></div>')
    out.append("</section>")
    return "".join(out)


def _moves(view: dict[str, Any]) -> str:
    if not view["moves"]:
        return ""
    rows = "".join(f'<li><span class="q">{escape(m["question"])}</span> <span class="a">→ {escape(m["answer"])}</span>'
                   f' <span class="left">({m["worlds_left"]} world{"s" if m["worlds_left"] != 1 else ""} left)</span></li>'
                   for m in view["moves"])
    return f'<ol class="moves">{rows}</ol>'


def _status(view: dict[str, Any]) -> str:
    left = view["questions_left"]
    budget = "" if left is None else f"; {left} question{'s' if left != 1 else ''} left"
    n = view["possibilities_left"]
    return _p("status", f"{n} possibilit{'ies' if n != 1 else 'y'} remain{'s' if n == 1 else ''}{budget}.")


def game_view(view: dict[str, Any], hint: Any = None) -> str:
    """Return a game as the player sees it: the moves so far, what remains, and the controls for the next step."""
    out = [f'<section class="game" data-role="game" data-over="{str(view["over"]).lower()}">']
    title = view["title"] or "A game"
    who = "You ask; the gods answer" if view["role"] == "ask" else "The tool asks; you answer for the gods"
    adversary = " (the adversary answers)" if view["adversary"] else ""
    out.append(f"<h2>{escape(title)}</h2>")
    out.append(_p("who", f"{who}{adversary}. Gods: {', '.join(view['gods'])}; types: {', '.join(view['types'])}; "
                         f"words: {', '.join(view['words'])}."))
    out.append(_moves(view))
    ending = view["ending"]
    if ending is not None:
        cls = "ending " + ("right" if ending["right"] else "wrong" if ending["right"] is False else "named")
        out.append(_p(cls, ending["message"]))
        out.append('<div class="controls"><button type="button" data-play="undo">Undo</button> '
                   '<button type="button" data-play="restart">New game</button></div>')
    elif view["contradiction"]:
        out.append(_p("contradiction", view["contradiction"]))
        out.append('<div class="controls"><button type="button" data-play="undo">Undo the last answer</button></div>')
    elif view["role"] == "answer":
        out.append(_status(view))
        nxt = view["next_question"]
        if nxt is not None:
            out.append(_p("question", nxt["question"]))
            words = [*view["words"], "silent"]
            buttons = "".join(f'<button type="button" data-play="answer" data-word="{escape(w, quote=True)}">'
                              f"{escape(w)}</button> " for w in words)
            out.append(f'<div class="controls answers">{buttons}'
                       '<button type="button" data-play="undo" class="secondary">Undo</button></div>')
    else:
        out.append(_status(view))
        if hint is not None:
            out.append(_p("hint", f"Hint: {hint.text}"
                          + (f" ({hint.questions} question{'s' if hint.questions != 1 else ''} needed from here)"
                             if hint.questions else "")))
        out.append('<form class="controls ask" data-play="ask"><label>Your question '
                   '<input name="question" autocomplete="off" placeholder="Ask A: Is B random?" required></label>'
                   '<button type="submit">Ask</button></form>')
        out.append('<form class="controls guess" data-play="guess"><label>Name them '
                   '<input name="guess" autocomplete="off" placeholder="A is truthful, B is a liar, C is random" '
                   'required></label><button type="submit">Guess</button></form>')
        out.append('<div class="controls"><button type="button" data-play="hint" class="secondary">Hint</button> '
                   '<button type="button" data-play="undo" class="secondary">Undo</button></div>')
    out.append("</section>")
    return "".join(out)
