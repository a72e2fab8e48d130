"""Strategies in words: leaf verdicts and a Mermaid flowchart (text trees: `render.text`; SVG: `render.svg`)."""

from __future__ import annotations

from ..interrogate.puzzle import Interrogation
from ..interrogate.strategy import Identified, Node
from .english import English


def english_for(puzzle: Interrogation) -> English:
    """Return the English renderer using the puzzle's names for types."""
    return English(puzzle.display)


def leaf_text(puzzle: Interrogation, leaf: Identified) -> str:
    """Return 'A is random, B is truthful, C is liar' (and the language when identified)."""
    eng = english_for(puzzle)
    text = ", ".join(f"{a} is {eng.type_phrase(t)}" for a, t in leaf.types)
    if leaf.language:
        text += "; " + ", ".join(f"{w} means {m}" for w, m in leaf.language)
    return text


def strategy_mermaid(puzzle: Interrogation, node: Node) -> str:
    """Return a Mermaid flowchart of a strategy."""
    eng = english_for(puzzle)
    lines = ["flowchart TD"]
    counter = [0]

    def esc(text: str) -> str:
        return text.replace('"', "#quot;")

    def visit(n: Node) -> str:
        counter[0] += 1
        nid = f"n{counter[0]}"
        if isinstance(n, Identified):
            lines.append(f'    {nid}(["{esc(leaf_text(puzzle, n))}"])')
            return nid
        lines.append(f'    {nid}["Ask {n.addressee}: {esc(eng.question(n.question, n.addressee))}"]')
        for outcome, child in n.branches:
            cid = visit(child)
            lines.append(f"    {nid} -->|{outcome}| {cid}")
        return nid

    visit(node)
    return "\n".join(lines)
