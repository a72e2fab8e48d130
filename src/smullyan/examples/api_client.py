"""A client of smullyan's public API, type-checked under `mypy --strict` by the test suite."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import smullyan

EXAMPLES = Path(__file__).resolve().parent


def fewest_questions(path: Path) -> tuple[int | None, Fraction | None, str]:
    """Return the worst case, the average and the proof sentence of a gods puzzle file."""
    puzzle = smullyan.load(path)
    if not isinstance(puzzle, smullyan.GodsPuzzle):
        raise TypeError(f"{path} is not a gods puzzle")
    result = puzzle.solve(limit="10s")
    return result.questions, result.expected, result.proof


def knights() -> tuple[bool, tuple[str, ...]]:
    """Return whether a small knights-and-knaves puzzle built in code is unique, and why B is a knave."""
    from smullyan import knave, knight, says

    puzzle = smullyan.deduction(["A", "B"], [says("A", knave("B")), says("B", knight("A") & knight("B"))])
    answer = puzzle.solve()
    return answer.unique, answer.why("A").because


def checked(path: Path) -> bool:
    """Return whether the strategy the solver prints verifies against the puzzle."""
    puzzle = smullyan.load(path)
    assert isinstance(puzzle, smullyan.GodsPuzzle)
    result = puzzle.solve()
    return smullyan.verify(puzzle, result).ok


def main() -> None:
    """Print a few answers."""
    print(fewest_questions(EXAMPLES / "hardest.toml"))
    print(knights())
    print(checked(EXAMPLES / "boolos.toml"))
    try:
        smullyan.loads("agents = [")
    except smullyan.BadInput as e:
        print(e.exit_status, e.render())


if __name__ == "__main__":
    main()
