"""Plain-text pictures: a strategy as an indented tree (no Rich, so the command line starts fast),
and the sentences that head a strategy result."""

from __future__ import annotations

from fractions import Fraction

from ..interrogate.puzzle import Interrogation
from ..interrogate.strategy import Identified, Node
from .english import English
from .strategies import leaf_text


def strategy_lines(puzzle: Interrogation, node: Node) -> list[str]:
    """Return the strategy as tree lines: 'Ask A: …', then '├── ja → …' per branch."""
    eng = English(puzzle.display)

    def label(n: Node) -> str:
        if isinstance(n, Identified):
            return leaf_text(puzzle, n)
        return f"Ask {n.addressee}: {eng.question(n.question, n.addressee)}"

    lines = [label(node)]

    def walk(n: Node, prefix: str) -> None:
        if isinstance(n, Identified):
            return
        for i, (outcome, child) in enumerate(n.branches):
            last = i == len(n.branches) - 1
            lines.append(f"{prefix}{'└── ' if last else '├── '}{outcome} → {label(child)}")
            walk(child, prefix + ("    " if last else "│   "))

    walk(node, "")
    return lines


def plural(n: int, word: str) -> str:
    """Return '1 question', '3 questions'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def solved_sentence(questions: int, expected: Fraction, objective: str, complexity: int | None,
                    within: int | None, worlds: int, floor: Fraction | None = None, at_bound: bool = False) -> str:
    """Return the sentence opening a solved gods puzzle's report (`floor`: a proved lower bound on the
    average over strategies of any length; `at_bound`: the average meets the root's bound itself)."""
    checked = ("Verified against the only world and every hidden state." if worlds == 1 else
               f"Verified against all {worlds} worlds and every hidden state.")
    if objective == "expected":
        if at_bound and floor == expected:
            scope = "among strategies of any length (it meets a lower bound that holds for every strategy)"
        elif floor is not None and floor == expected:
            scope = "among strategies of any length"
        elif floor is not None:
            scope = (f"among strategies of at most {within} questions (longer ones average at least {floor} "
                     f"= {float(floor):.4f})")
        else:
            scope = f"among strategies of at most {within} questions"
        return (f"Solvable with {expected} questions on average (= {float(expected):.4f}), the fewest possible "
                f"{scope}; worst case {questions}. {checked}")
    how = (f"questions of complexity at most {complexity}" if complexity is not None
           else "questions from the complete language")
    return (f"Solvable in {plural(questions, 'question')} (expected {expected}), {how}; fewer is impossible. "
            f"{checked}")


def stats_table_lines(levels: list[dict[str, int]], title: str) -> list[str]:
    """Return a plain table of search statistics per level, with totals."""
    rows = [(str(r["level"]), str(r["explored"]), str(r["pruned"]), str(r["memo_hits"])) for r in levels]
    rows.append(("total", str(sum(r["explored"] for r in levels)), str(sum(r["pruned"] for r in levels)),
                 str(sum(r["memo_hits"] for r in levels))))
    head = ("level", "explored", "pruned", "memo hits")
    widths = [max(len(x) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join("{:>%d}" % w for w in widths)
    return [title, fmt.format(*head)] + [fmt.format(*r) for r in rows]


def best_sentence(proved: dict) -> str:
    """Return the sentence that presents a strategy verified before a limit: an upper bound, not an optimum."""
    return ("Best strategy found, verified against every world and hidden state but not proved optimal: "
            f"{proved.get('expected_at_most')} questions on average, {proved.get('worst_at_most')} at worst.")


def proved_sentence(proved: dict[str, object]) -> str:
    """Return what a search stopped by a limit had proved, in words ('' when nothing)."""
    parts = []
    fewer = proved.get("fewer_impossible")
    if isinstance(fewer, int) and fewer > 0:
        parts.append(f"no strategy of {plural(fewer, 'question')} or fewer exists")
    fewest = proved.get("fewest_any_language")
    if isinstance(fewest, int):
        parts.append(f"with every possible question {fewest} suffice")
    floor = proved.get("expected_at_least")
    if isinstance(floor, str):
        parts.append(f"no strategy averages fewer than {floor} = {float(Fraction(floor)):.4f} questions")
    ceiling, worst = proved.get("expected_at_most"), proved.get("worst_at_most")
    if isinstance(ceiling, str) and isinstance(worst, int):
        parts.append(f"a strategy verified against every world averages {ceiling} = {float(Fraction(ceiling)):.4f} "
                     f"questions, {worst} at worst (an upper bound, not proved optimal)")
    return "; ".join(parts)
