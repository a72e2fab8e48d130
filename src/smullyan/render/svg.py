"""Strategy trees as standalone SVG, drawn here (no Graphviz, no external program).

Layout: left to right, one column per depth, one row per leaf (a tidy tree: an inner node is centred
vertically on its first and last child). Text is wrapped to the fixed column width, so a box grows
downwards with its lines and the picture is at most (depth + 1) columns wide whatever the number of
leaves; its height grows linearly with the leaves. A subtree owns a horizontal band of the picture
that no sibling's band enters (a node taller than its children's span widens its band), so no two
boxes overlap. Same tree in, same bytes out.

For a page's script: every node group has an `id` (`n0` is the root, then preorder), its parent's id
(`data-parent`), its depth and the number of leaves below it (`data-leaves`); every edge is a
`<g class="link">` naming the node it enters (`data-child`), so hiding a subtree is hiding the groups
and links of its ids. A node's tooltip also names the worlds that can reach it (the referee's answers,
any hidden state).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from html import escape
from typing import Callable

from ..interrogate.puzzle import Interrogation
from ..interrogate.referee import Referee, members_of
from ..interrogate.strategy import Identified, Node
from .game import count, world_text
from .strategies import english_for, leaf_text

FONT = 12  # px, box text
TITLE_FONT = 15  # px, the picture's title
ANSWER_FONT = 11  # px, the answer word on an edge
CHAR_WIDTH = 0.56  # average glyph width as a fraction of the font size (no font metrics)
LINE = 16  # px between baselines in a box
PAD = 7  # px inside a box, around its text
BOX_WIDTH = 230  # px, every box
MIN_GAP = 80  # px between columns (wider when an answer word needs it)
ROW_GAP = 10  # px between the bands of two sibling subtrees
MARGIN = 16  # px around the picture
WRAP = int((BOX_WIDTH - 2 * PAD) / (CHAR_WIDTH * FONT))  # characters per line in a box
MOST_WORLDS = 8  # worlds named in a tooltip; the rest are counted

STYLE = (
    "svg.smullyan-strategy{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;"
    f"font-size:{FONT}px}}"
    "svg.smullyan-strategy .question rect{fill:#f4f7fb;stroke:#4a6a8a;stroke-width:1.2}"
    "svg.smullyan-strategy .leaf rect{fill:#e3f4e1;stroke:#3d8b37;stroke-width:1.2}"
    "svg.smullyan-strategy text.label{fill:#1b1f23}"
    "svg.smullyan-strategy .who{font-weight:600}"
    "svg.smullyan-strategy .edge{fill:none;stroke:#8a96a3;stroke-width:1.2}"
    f"svg.smullyan-strategy .answer{{font-size:{ANSWER_FONT}px;fill:#1f5f99;font-weight:600}}"
    f"svg.smullyan-strategy .caption{{font-size:{TITLE_FONT}px;font-weight:600;fill:#1b1f23}}"
)

_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """Return text safe inside XML content or a quoted attribute (characters XML forbids become U+FFFD)."""
    return escape(_NOT_XML.sub("\ufffd", text), quote=True)


def text_width(text: str, size: float) -> float:
    """Return the estimated width in px of a line of text (average glyph width, no font metrics)."""
    return len(text) * CHAR_WIDTH * size


def wrap(text: str, width: int = WRAP) -> list[str]:
    """Return the lines of text wrapped to `width` characters (long words are broken)."""
    return textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False) or [""]


def wrap_clauses(text: str, width: int = WRAP) -> list[str]:
    """Return the lines of a list of clauses ('A is a liar, B is random; ja means yes'), breaking lines
    between clauses where each fits on a line, inside a clause only where it does not."""
    units = re.findall(r"[^,;]+(?:[,;]|$)", text)
    lines: list[str] = []
    for unit in (u.strip() for u in units):
        if not unit:
            continue
        if lines and len(lines[-1]) + 1 + len(unit) <= width:
            lines[-1] += " " + unit
        elif len(unit) <= width:
            lines.append(unit)
        else:
            lines += wrap(unit, width)
    return lines or [""]


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def remaining_text(worlds: int, name: Callable[[int], str], most: int = MOST_WORLDS) -> str:
    """Return '3 worlds remain: A is truthful, …; …' for a world set, naming at most `most` worlds
    (in index order, each worded by `name`) and counting the rest ('and 4 more')."""
    n = worlds.bit_count()
    if n == 0:
        return "0 worlds remain"
    shown = [name(i) for i in members_of(worlds)[:most]]
    if n > most:
        shown.append(f"and {n - most} more")
    return f"{count(n, 'world')} {'remains' if n == 1 else 'remain'}: " + "; ".join(shown)


def world_namer(puzzle: Interrogation) -> Callable[[int], str]:
    """Return a function wording a world as `render.game.world_text` does, each world worded once."""
    said: dict[int, str] = {}

    def name(index: int) -> str:
        if index not in said:
            said[index] = world_text(puzzle, index)
        return said[index]

    return name


@dataclass(slots=True)
class _Box:
    """One node of the tree as drawn."""

    kind: str  # "question" or "leaf"
    depth: int
    heading: str | None  # "Ask A" for a question
    lines: list[str]
    tooltip: str
    outcome: str | None  # the answer on the edge into this node (None at the root)
    parent: int | None  # index of the parent box
    worlds: int  # the world set that can reach this node (any hidden state)
    end: int = 0  # index one past the last box of this subtree (preorder)
    y: float = 0.0  # top, relative until the final pass

    @property
    def height(self) -> float:
        return 2 * PAD + LINE * (len(self.lines) + (1 if self.heading else 0))

    @property
    def centre(self) -> float:
        return self.y + self.height / 2


def leaf_counts(boxes: list[_Box]) -> list[int]:
    """Return the number of leaves in each box's subtree, in preorder (1 for a leaf)."""
    before = [0]
    for b in boxes:
        before.append(before[-1] + (b.kind == "leaf"))
    return [before[b.end] - before[i] for i, b in enumerate(boxes)]


def _collect(puzzle: Interrogation, root: Node) -> list[_Box]:
    """Return the boxes of a tree in preorder, each knowing its subtree's index range and the worlds
    that can reach it (the referee's `children`: every answer any hidden state allows)."""
    eng = english_for(puzzle)
    referee = Referee(puzzle)
    name = world_namer(puzzle)
    boxes: list[_Box] = []
    questions: dict[tuple[str, object], str] = {}  # the same question is worded once

    def visit(node: Node, depth: int, parent: int | None, outcome: str | None, path: tuple[str, ...],
              worlds: int) -> None:
        where = "after " + ", ".join(path) if path else "first question"
        remain = remaining_text(worlds, name)
        if isinstance(node, Identified):
            text = leaf_text(puzzle, node)
            boxes.append(_Box("leaf", depth, None, wrap_clauses(text), f"{text} ({where})\n{remain}", outcome,
                              parent, worlds))
            boxes[-1].end = len(boxes)
            return
        key = (node.addressee, node.question)
        if key not in questions:
            questions[key] = eng.question(node.question, node.addressee)
        text = questions[key]
        me = len(boxes)
        boxes.append(_Box("question", depth, f"Ask {node.addressee}:", wrap(text),
                          f"Ask {node.addressee}: {text} ({where})\n{remain}", outcome, parent, worlds))
        heard = referee.children(worlds, node.addressee, node.question)
        for o, child in node.branches:
            visit(child, depth + 1, me, o, path + (o,), heard.get(o, 0))
        boxes[me].end = len(boxes)

    visit(root, 0, None, None, (), puzzle.space.all_worlds)
    return boxes


def _place(boxes: list[_Box], i: int, top: float) -> float:
    """Place the subtree at index i in the band starting at `top`; return the band's bottom."""
    box = boxes[i]
    if box.kind == "leaf":
        box.y = top
        return top + box.height
    children = [j for j in range(i + 1, box.end) if boxes[j].parent == i]
    bottom = top
    for n, j in enumerate(children):
        bottom = _place(boxes, j, bottom + (ROW_GAP if n else 0))
    centre = (boxes[children[0]].centre + boxes[children[-1]].centre) / 2
    box.y = centre - box.height / 2
    if box.y < top:  # taller than its children's span: push the whole subtree down into the band
        shift = top - box.y
        for j in range(i, box.end):
            boxes[j].y += shift
        bottom += shift
    return max(bottom, box.y + box.height)


def layout(puzzle: Interrogation, node: Node) -> tuple[list[_Box], float]:
    """Return the boxes of a strategy with their tops (relative to the first row) and the rows' height."""
    boxes = _collect(puzzle, node)
    return boxes, _place(boxes, 0, 0.0)


def strategy_svg(puzzle: Interrogation, node: Node, *, title: str | None = None) -> str:
    """Return a standalone SVG document drawing a question strategy, left to right.

    Inner nodes (class `question`) name the addressee and the question as `render.strategies` words it;
    each edge carries the answer heard (class `answer`); leaves (class `leaf`) give the verdict. Every
    node group has an `id` (`n0` the root, then preorder), a `data-parent` (but the root), a `data-depth`,
    a `data-leaves` (leaves in its subtree) and a `<title>` tooltip with its full text, the answers leading
    to it and, on a second line, the worlds that can reach it. Each edge is a `<g class="link">` holding its
    path and answer, with the `data-child` it leads to; the `<svg>` has the tree's `data-leaves`."""
    boxes, rows_height = layout(puzzle, node)
    below = leaf_counts(boxes)
    outcomes = {b.outcome for b in boxes if b.outcome is not None}
    gap = max(MIN_GAP, int(max((text_width(o, ANSWER_FONT) for o in outcomes), default=0) * 2 + 28))
    columns = max(b.depth for b in boxes) + 1
    width = 2 * MARGIN + columns * BOX_WIDTH + (columns - 1) * gap
    title_lines = wrap(title, max(1, int((width - 2 * MARGIN) / (CHAR_WIDTH * TITLE_FONT)))) if title else []
    top = MARGIN + (len(title_lines) * (TITLE_FONT + 5) + 10 if title_lines else 0)
    height = top + rows_height + MARGIN

    def x_of(depth: int) -> float:
        return MARGIN + depth * (BOX_WIDTH + gap)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="smullyan-strategy" width="{_num(width)}" '
           f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}" data-leaves="{below[0]}" role="img"'
           + (f' aria-label="{xml_text(title)}"' if title else ' aria-label="question strategy"') + ">",
           f"<style>{STYLE}</style>"]
    if title:
        out.append(f"<title>{xml_text(title)}</title>")
        out.append(f'<text class="caption" x="{MARGIN}" y="{MARGIN + TITLE_FONT}">'
                   + "".join(f'<tspan x="{MARGIN}" dy="{0 if k == 0 else TITLE_FONT + 5}">{xml_text(t)}</tspan>'
                             for k, t in enumerate(title_lines)) + "</text>")
    # edges first, so boxes are drawn over them
    out.append('<g class="edges">')
    for i, b in enumerate(boxes):
        if b.parent is None:
            continue
        p = boxes[b.parent]
        x0, y0 = x_of(p.depth) + BOX_WIDTH, top + p.centre
        x1, y1 = x_of(b.depth), top + b.centre
        xm = x0 + gap / 2
        out.append(f'<g class="link" data-child="n{i}">'
                   f'<path class="edge" d="M{_num(x0)} {_num(y0)}H{_num(xm)}V{_num(y1)}H{_num(x1)}"/>'
                   f'<text class="answer" x="{_num((xm + x1) / 2)}" y="{_num(y1 - 4)}" text-anchor="middle">'
                   f"{xml_text(b.outcome or '')}</text></g>")
    out.append("</g>")
    out.append('<g class="nodes">')
    for i, b in enumerate(boxes):
        x, y = x_of(b.depth), top + b.y
        parent = "" if b.parent is None else f' data-parent="n{b.parent}"'
        out.append(f'<g class="{b.kind}" id="n{i}"{parent} data-depth="{b.depth}" data-leaves="{below[i]}">'
                   f'<title>{xml_text(b.tooltip)}</title>'
                   f'<rect x="{_num(x)}" y="{_num(y)}" width="{BOX_WIDTH}" height="{_num(b.height)}" rx="6"/>')
        tx = _num(x + PAD)
        spans = []
        if b.heading:
            spans.append(f'<tspan class="who" x="{tx}" dy="0">{xml_text(b.heading)}</tspan>')
        for line in b.lines:
            spans.append(f'<tspan x="{tx}" dy="{0 if not spans else LINE}">{xml_text(line)}</tspan>')
        # the first baseline sits one line (less the descent) below the padding
        out.append(f'<text class="label" x="{tx}" y="{_num(y + PAD + LINE - 4)}">{"".join(spans)}</text></g>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["strategy_svg", "layout", "leaf_counts", "remaining_text", "world_namer", "wrap", "wrap_clauses",
           "xml_text", "text_width"]
