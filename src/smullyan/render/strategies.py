"""Strategies and solutions as JSON, as a Rich text tree, and as a Mermaid flowchart."""

from __future__ import annotations

from typing import Any

from rich.tree import Tree

from ..interrogate.puzzle import Interrogation
from ..interrogate.solve import Solution
from ..interrogate.strategy import Identified, Node
from ..logic import expr as E
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


def strategy_json(puzzle: Interrogation, node: Node) -> dict[str, Any]:
    """Return the JSON form of a strategy tree."""
    if isinstance(node, Identified):
        out: dict[str, Any] = {"identified": {a: puzzle.type_name(t) for a, t in node.types}}
        if node.language:
            out["language"] = dict(node.language)
        return out
    eng = english_for(puzzle)
    return {
        "ask": node.addressee,
        "question": E.to_json(node.question),
        "english": eng.question(node.question, node.addressee),
        "branches": {o: strategy_json(puzzle, n) for o, n in node.branches},
    }


def solution_json(puzzle: Interrogation, sol: Solution) -> dict[str, Any]:
    """Return the JSON form of a solution (DESIGN's `solve --json` schema)."""
    if not sol.solvable:
        return {"solvable": False, "questions": None, "proof": sol.proof, "stats": sol.stats}
    out = {
        "solvable": True,
        "questions": sol.questions,
        "expected_questions": str(sol.expected),
        "strategy": strategy_json(puzzle, sol.strategy),
        "stats": sol.stats,
    }
    if puzzle.objective == "expected":
        out["objective"] = "expected"
        out["expected_within"] = sol.stats["expected_within"]
    return out


def strategy_tree(puzzle: Interrogation, node: Node, label: str = "") -> Tree:
    """Return a Rich tree of a strategy."""
    eng = english_for(puzzle)
    if isinstance(node, Identified):
        return Tree(f"{label}[bold green]{leaf_text(puzzle, node)}[/]")
    tree = Tree(f"{label}[bold]Ask {node.addressee}:[/] {eng.question(node.question, node.addressee)}")
    for outcome, child in node.branches:
        _add(tree, puzzle, child, f"[cyan]{outcome}[/] → ", eng)
    return tree


def _add(parent: Tree, puzzle: Interrogation, node: Node, label: str, eng: English) -> None:
    if isinstance(node, Identified):
        parent.add(f"{label}[bold green]{leaf_text(puzzle, node)}[/]")
        return
    branch = parent.add(f"{label}[bold]Ask {node.addressee}:[/] {eng.question(node.question, node.addressee)}")
    for outcome, child in node.branches:
        _add(branch, puzzle, child, f"[cyan]{outcome}[/] → ", eng)


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
