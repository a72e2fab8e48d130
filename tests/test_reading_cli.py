"""Reading English from the faces: `smullyan parse`, `solve --verbose`, answers and ignored sentences in
`--json`, text batches with a summary, and the API's `read` with its errors."""

import json

import pytest

import smullyan

from conftest import EXAMPLES, run

FRAMED = ("# A puzzle\nSolve the following logic puzzle.\n\n" + (EXAMPLES / "three_houses.txt").read_text()
          + "\nThink step by step.\n")


def test_parse_prints_the_toml_solve_accepts_with_questions_and_passed_over_sentences(tmp_path):
    f = tmp_path / "framed.txt"
    f.write_text(FRAMED)
    r = run("parse", f)
    assert r.exit_code == 0, r.stderr
    head = r.stdout.splitlines()[:3]
    assert head == ["# passed over: A puzzle", "# passed over: Solve the following logic puzzle.",
                    "# passed over: Think step by step."]
    back = smullyan.loads(r.stdout)
    assert back.to_toml() == smullyan.read(FRAMED, title="framed").to_toml()
    assert back.questions == ("Who drinks milk?", "Who owns the dog?")
    assert [a.answer for a in back.solve().answers] == ["Welshman", "Welshman"]


def test_parse_json_lists_the_ignored_sentences(tmp_path):
    f = tmp_path / "framed.txt"
    f.write_text(FRAMED)
    doc = json.loads(run("parse", f, "--json").stdout)
    assert doc["kind"] == "grid" and doc["ignored"] == ["A puzzle", "Solve the following logic puzzle.",
                                                         "Think step by step."]
    assert [q["text"] for q in doc["question"]] == ["Who drinks milk?", "Who owns the dog?"]


def test_parse_english_reads_back_to_the_same_puzzle(tmp_path):
    f = tmp_path / "framed.txt"
    f.write_text(FRAMED)
    r = run("parse", f, "--english")
    assert r.exit_code == 0, r.stderr
    assert without_words(smullyan.read(r.stdout)) == without_words(smullyan.read(FRAMED))


def without_words(puzzle):
    """Return a puzzle's document without the clues' own words (which English written back rephrases)."""
    doc = puzzle.to_dict()
    for clue in doc.get("clue", []):
        clue.pop("text", None)
    return doc


def test_solve_json_answers_and_ignored_and_verbose_text(tmp_path):
    f = tmp_path / "framed.txt"
    f.write_text(FRAMED)
    doc = json.loads(run("solve", f, "--json").stdout)
    assert doc["answers"] == [{"question": "Who drinks milk?", "answer": "Welshman"},
                              {"question": "Who owns the dog?", "answer": "Welshman"}]
    assert doc["ignored"] == ["A puzzle", "Solve the following logic puzzle.", "Think step by step."]
    text = run("solve", f, "--verbose").stdout
    assert text.splitlines()[-4:] == ["Passed over (they state nothing about the puzzle):", "  A puzzle",
                                      "  Solve the following logic puzzle.", "  Think step by step."]
    assert "Passed over" not in run("solve", f).stdout


def test_toml_puzzles_carry_no_ignored_list():
    doc = json.loads(run("solve", EXAMPLES / "zebra.toml", "--json").stdout)
    assert "ignored" not in doc


def test_text_batch_answers_every_line_and_summarises(tmp_path):
    f = tmp_path / "texts.jsonl"
    lines = [{"id": "a", "question": FRAMED}, {"id": "b", "question": "The Welshman is north of the Scot. Who owns the dog?"},
             {"id": "c", "puzzle": (EXAMPLES / "three_houses.txt").read_text()}, {"id": "d", "other": 1}]
    f.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    r = run("solve", "--format", "text", f)
    assert r.exit_code == 2
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["id"] for x in out] == ["a", "b", "c", "d"]
    assert out[0]["answers"][0] == {"question": "Who drinks milk?", "answer": "Welshman"}
    assert out[2]["answers"][1] == {"question": "Who owns the dog?", "answer": "Welshman"}
    assert isinstance(out[1]["error"], str) and out[1]["error"].startswith(f"{f}:2: line 1, column ")
    assert out[1]["exit_status"] == 2
    assert out[3]["error"] == (f"{f}:4: expected a JSON object with a text field (one of quiz, puzzle, question, "
                               "problem, text, input, prompt; or name it with --field)")
    summary = r.stderr.strip()
    assert summary.startswith("error: read 2 of 4 lines; answered 2; 2 could not be read (the first: ")


def test_read_errors_are_bad_input_with_line_and_column():
    with pytest.raises(smullyan.BadInput) as err:
        smullyan.read("There are three houses.\nThe Welshman lives in the red house.\nThe Scot is north of the Welshman.\n"
                      "The Irishman drinks tea.\nWho owns the dog?")
    assert err.value.exit_status == 2
    assert str(err.value).startswith("line 3, column 1: ")


def test_gods_texts_pass_over_framing_and_refuse_unknown_sentences_about_the_gods():
    text = (EXAMPLES / "four_gods.txt").read_text()
    framed = smullyan.read("# Puzzle\nSolve the following logic puzzle.\n" + text + "Think step by step.\n")
    assert framed.ignored == ("Puzzle", "Solve the following logic puzzle.", "Think step by step.")
    assert framed.to_toml() == smullyan.read(text).to_toml()
    with pytest.raises(smullyan.BadInput) as err:
        smullyan.read(text + "The gods hate questions about cheese.\n")
    assert str(err.value) == ("line 6, column 10: cannot read 'The gods hate questions about cheese.': "
                              "unexpected 'hate'; expected 'understand'")
