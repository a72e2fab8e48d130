"""Classic zebra puzzles in their usual wording: values found by their frames, questions answered."""

import json

import pytest

from smullyan.deduce.solve import solve_deduction
from smullyan.english.classic import find_mentions, parse_classic
from smullyan.errors import PuzzleError
from smullyan.render.deduction import answers, grid_rows

from conftest import EXAMPLES, shared


@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_three_classic_puzzles_answer_their_questions(index):
    p = json.loads(shared("zebra/classic_zebra_puzzles.json").read_text())[index]
    puzzle = parse_classic("\n".join(p["clues"] + list(p["questions"])))
    res = solve_deduction(puzzle)
    assert res.unique
    got = {a["question"]: a["answer"].lower() for a in answers(puzzle, res)}
    assert got == {q: a.lower() for q, a in p["questions"].items()}
    # the published grids spell some values differently from the clues (the Brit is "english" there),
    # so the grid is compared on every characteristic but nationality, which the answers cover
    cats = [h.lower() for h in p["solution"]["header"][1:]]
    rows = grid_rows(puzzle, res.worlds[0])
    norm = lambda v: v.lower().replace(" ", "").replace("-", "").rstrip("s")  # noqa: E731
    for row, expected in zip(rows, p["solution"]["rows"]):
        for cat, value in zip(cats, expected[1:]):
            if cat != "nationality":
                assert norm(row[cat]) == norm(value), (cat, row, expected)


def test_own_example():
    puzzle = parse_classic((EXAMPLES / "three_houses.txt").read_text())
    res = solve_deduction(puzzle)
    assert res.unique
    assert answers(puzzle, res) == [{"question": "Who drinks milk?", "answer": "Welshman"}, {"question": "Who owns the dog?", "answer": "Welshman"}]


def test_frames():
    assert [(m.category, m.value) for m in find_mentions("The Old Gold smoker owns snails.")] == [
        ("smoke", "Old Gold"), ("pet", "snails")]
    assert [(m.category, m.value) for m in find_mentions("They drink water in a house next to the house where they smoke Blend.")] == [
        ("drink", "water"), ("smoke", "Blend")]


def test_unreadable_classic_clue():
    # a sentence naming none of the values is passed over; one naming them in an unknown way is an error
    with pytest.raises(PuzzleError) as err:
        parse_classic("There are three houses.\nThe weather is fine.\n")
    assert err.value.message.startswith("the text names no characteristics")
    text = (EXAMPLES / "three_houses.txt").read_text().replace("lives next to the Welshman", "lives near the Welshman")
    with pytest.raises(PuzzleError) as err:
        parse_classic(text)
    assert err.value.message.startswith("line 8, column 1: cannot read 'The man who keeps the cat lives near the "
                                        "Welshman.': expected one of the puzzle's values")


def test_classic_relations_are_never_guessed():
    # "on the immediate left of" was once read as 'the same house'; unknown relation words are errors
    text = (EXAMPLES / "three_houses.txt").read_text()
    immediate = text.replace("is immediately to the left of", "is on the immediate left of")
    assert parse_classic(immediate).constraints[1].source == ["directly_left", "color:green", "color:red"]
    with pytest.raises(PuzzleError) as err:
        parse_classic(text.replace("is immediately to the left of", "is across from"))
    assert err.value.message.startswith("line 3, column 1: cannot read 'The green house is across from the red house.'")
