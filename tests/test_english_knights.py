"""Knights-and-knaves puzzles read from English: the K&K texts and the common wordings."""

import json

import pytest

from smullyan.deduce.solve import solve_deduction
from smullyan.english.knights import parse_knights
from smullyan.errors import PuzzleError

from conftest import EXAMPLES, shared, run

KNIGHTS = "Knights always tell the truth, and knaves always lie. "


def worlds(text):
    return [w.types for w in solve_deduction(parse_knights(text)).worlds]


@pytest.mark.slow
def test_all_kk_quiz_texts_read_and_solve():
    rows = [json.loads(x) for x in shared("knights_knaves/kk_clean.jsonl").read_text().splitlines()]
    for r in rows:
        p = parse_knights(r["quiz"])
        assert list(p.agents) == r["names"], r["id"]
        assert worlds(r["quiz"]) == [tuple("truthful" if b else "liar" for b in r["solution"])], r["id"]
    assert len(rows) == 6900


@pytest.mark.parametrize("text, expected", [
    ('On this island, truth-tellers always tell the truth, and liars always lie. You meet two inhabitants: '
     'Ann and Bob. Ann says, "At least one of us is a liar."', [("truthful", "liar")]),
    (KNIGHTS + 'You meet 2 inhabitants: A and B. A said, "We are both knaves."', [("liar", "truthful")]),
    (KNIGHTS + 'You meet 2 inhabitants: Al and Bo. Al said, "I am a knave and Bo is a knave."', [("liar", "truthful")]),
    (KNIGHTS + 'You meet 2 inhabitants: Al and Bo. Al said, "It is not the case that Bo is a knight." '
     'Bo said, "Al is a knave."', [("liar", "truthful"), ("truthful", "liar")]),
    ('Knaves always lie, and knights always tell the truth. You meet 2 inhabitants: Al and Bo. '
     'Al claimed that Al and Bo are different types. "If Al is a knave then I am a knight," Bo declared.',
     [("liar", "liar")]),
    ('Every inhabitant is a knight or a knave. You meet 3 inhabitants: Al, Bo and Cy. '
     'Al remarked, "Exactly two of us are knaves." In Bo\'s words: "Al is a knave or Cy is a knight." '
     '"Neither of us is a knight" - Cy.', [("truthful", "liar", "liar")]),
])
def test_common_wordings(text, expected):
    assert worlds(text) == expected


@pytest.mark.parametrize("text, message", [
    ('You meet 2 inhabitants: Al and Bo. Al said, "Bo is a wizard."',
     "line 1, column 54: unknown role word 'wizard'; the puzzle's roles are knight, knave, truth-teller, liar"),
    ('You meet 2 inhabitants: Al and Bo.\nAl said, "Bo is a knight.\nBo sang loudly.',
     "line 3, column 1: unexpected 'Bo'; expected a quotation mark"),
    ('You meet 2 inhabitants: Al and Bo. Cy said, "Bo is a knight."',
     "line 1, column 36: 'Cy' is not one of the inhabitants (Al, Bo)"),
    (KNIGHTS + 'You meet 2 inhabitants: Al and Bo. Al said, "Bo is knight."',
     "line 1, column 106: unexpected 'knight'; expected 'a', 'not'"),
])
def test_unreadable_sentences_name_line_column_and_expectation(text, message):
    with pytest.raises(PuzzleError) as err:
        parse_knights(text)
    assert err.value.message == message


def test_cli_reads_text_files_stdin_and_jsonl_fields(tmp_path):
    r = run("solve", EXAMPLES / "smullyan_truth_tellers.txt", "--json")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["determined"] == {"types": {"Ann": "truth-teller", "Bob": "liar", "Cal": "liar"}}
    r = run("solve", "--format", "text", "-", stdin=KNIGHTS + 'You meet 1 inhabitant: Al. Al said, "I am a knight."')
    assert r.exit_code == 0 and "2 consistent worlds" in r.stdout
    lines = shared("knights_knaves/kk_clean.jsonl").read_text().splitlines()[:2]
    f = tmp_path / "two.jsonl"
    f.write_text("\n".join(lines))
    r = run("solve", "--format", "text", f)
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [(o["id"], o["unique"]) for o in out] == [("kk-test-2p-0", True), ("kk-test-2p-1", True)]
    bad = tmp_path / "bad.txt"
    bad.write_text('You meet 1 inhabitant: Al.\nAl said "hi".')
    r = run("solve", bad)
    assert r.exit_code == 2
    assert r.stderr.strip().startswith(f"error: {bad}: line 2, column 9: unexpected")
