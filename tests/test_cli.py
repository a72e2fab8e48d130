"""The command line: outputs, exit codes and one-line errors for bad input."""

import json

import pytest

from conftest import EXAMPLES, ROOT, run




def test_solve_json_schema():
    r = run("solve", EXAMPLES / "hardest.toml", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert set(data) == {"schema", "schema_version", "smullyan_version", "semantics", "complete", "title", "solvable",
                         "questions", "expected_questions", "objective", "complexity", "proof", "worlds", "strategy",
                         "stats"}
    assert (data["schema"], data["schema_version"], data["complete"]) == ("smullyan/solve/gods", 1, True)
    assert data["semantics"] == {"random": "word", "paradox": "forbidden", "goal": "types", "objective": "worst",
                                 "max_questions": 3, "language": "grammar", "max_complexity": 2, "words": ["ja", "da"]}
    assert (data["solvable"], data["questions"], data["expected_questions"]) == (True, 3, "3")
    assert data["proof"] == ("No strategy of 2 questions identifies the goal, even with every possible question "
                             "(exhaustive search).")
    root = data["strategy"]
    assert set(root) == {"ask", "question", "english", "branches"}
    assert root["ask"] == "A"
    assert root["question"] == ["answers", "A", ["type", "B", "random"], "ja"]
    assert root["english"] == "If I asked you 'Is B random?', would you say ja?"
    assert set(root["branches"]) == {"ja", "da"}
    leaves = []

    def walk(n):
        if "identified" in n:
            leaves.append(tuple(sorted(n["identified"].items())))
        else:
            for child in n["branches"].values():
                walk(child)
    walk(root)
    assert len(leaves) == 8 and len(set(leaves)) == 6


def test_unsolvable_json_has_proof_and_exit_zero():
    r = run("solve", EXAMPLES / "truthful_or_random.toml", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert (data["solvable"], data["questions"]) == (False, None)
    assert data["proof"] == "no strategy of any length identifies the goal, even with every possible question"
    assert data["proof_details"]["language"] == "any"


def test_solve_text_and_mermaid():
    r = run("solve", EXAMPLES / "knight_or_knave.toml")
    assert r.exit_code == 0
    assert "Solvable in 1 question" in r.stdout
    assert "Ask A: Is it true that 1 + 1 = 2?" in r.stdout
    m = run("solve", EXAMPLES / "knight_or_knave.toml", "--mermaid")
    assert m.stdout.splitlines()[:2] == ["flowchart TD", '    n1["Ask A: Is it true that 1 + 1 = 2?"]']
    assert "n1 -->|yes| n2" in m.stdout


def test_verify_round_trip_of_emitted_strategy(tmp_path):
    out = tmp_path / "s.json"
    out.write_text(run("solve", EXAMPLES / "exploding_heads.toml", "--json").stdout)
    r = run("verify", EXAMPLES / "exploding_heads.toml", out)
    assert r.exit_code == 0
    assert "identifies the goal in all 12 worlds" in r.stdout
    data = json.loads(out.read_text())
    data["strategy"]["branches"]["silent"]["ask"] = "B"  # corrupt: ask the wrong god
    out.write_text(json.dumps(data))
    bad = run("verify", EXAMPLES / "exploding_heads.toml", out)
    assert bad.exit_code == 1
    assert "FAILED: fails in world" in bad.stdout


BAD_PUZZLES = [
    ('agents = ["A"]\ntypes = ["truthful"]\ncolour = 1\n', "key 'colour': unknown key 'colour'; expected one of: title, description, kind, agents, types, allowed, counts, words, goal, max_questions, random, paradox, questions, objective"),
    ('agents = ["A", "B"]\n[allowed]\nA = ["knight"]\nC = ["knave"]\n', "key 'allowed.C': unknown agent 'C'; agents are A, B"),
    ('agents = ["A"]\ntypes = ["wizard"]\n', "key 'types[0]': unknown type 'wizard'; known types:"),
    ('agents = ["A"]\ntypes = ["knight"]\nwords = []\n', "key 'words': needs at least 2 words, got 0"),
    ('agents = ["A"]\ntypes = ["knight"]\nmax_questions = -1\n', "key 'max_questions': must be a whole number of at least 0, got -1"),
    ('agents = ["A"\ntypes = ["knight"]\n', "invalid TOML:"),
    ('agents = ["A"]\ntypes = ["knight"]\nrandom = "dice"\n', "key 'random': unknown value 'dice'; choose one of: word, word-or-silent, coin, coin-shared"),
    ('agents = ["A"]\ntypes = ["knight"]\n[questions]\nlanguage = "latin"\n', "key 'questions.language': unknown value 'latin'; choose one of: grammar, any"),
    ('agents = ["A"]\ntypes = ["knight", "knave"]\n', "key 'types': must list one type per agent (1)"),
    ('types = ["knight"]\n', "key 'agents': missing"),
]


def test_missing_file_is_one_line(tmp_path):
    r = run("solve", tmp_path / "nope.toml")
    assert r.exit_code == 2
    assert r.stderr.strip() == f"error: {tmp_path / 'nope.toml'}: cannot read the file: No such file or directory"


def test_bad_strategy_file(tmp_path):
    f = tmp_path / "s.json"
    f.write_text('{"ask": "Q", "question": true, "branches": {"ja": {"identified": {"A": "truthful"}}}}')
    r = run("verify", EXAMPLES / "hardest.toml", f)
    assert r.exit_code == 2
    assert r.stderr.strip() == f"error: {f}: unknown agent 'Q'; agents are A, B, C"
    f.write_text("{not json")
    r = run("verify", EXAMPLES / "hardest.toml", f)
    assert r.stderr.strip() == f"error: {f}: invalid JSON: Expecting property name enclosed in double quotes (line 1, column 2)"


def test_limit_stops_cleanly():
    r = run("solve", EXAMPLES / "hardest.toml", "--limit", "3")
    assert r.exit_code == 3
    assert r.stderr.splitlines()[0] == "limit: search stopped at the node limit (3 splits explored) without an answer"
    r = run("solve", EXAMPLES / "hardest.toml", "--limit", "soon")
    assert r.exit_code == 2
    assert r.stderr.strip() == "error: a limit is a number of nodes (e.g. 100000) or seconds (e.g. 5s), got 'soon'"


def test_a_stopped_solve_with_json_prints_a_document():
    """--json: whatever stopped the search, stdout holds one JSON document saying it is not complete and what
    was proved (7 gods T,T,L,L,R,R,R: 8 questions refuted by counting before the first split)."""
    r = run("solve", ROOT / "docs/leaderboard/worst/gods_2_2_3.toml", "--limit", "100",
            "--json")
    assert r.exit_code == 3
    assert json.loads(r.stdout) == {
        "error": "limit_reached", "exit_status": 3, "complete": False, "proved": {"fewer_impossible": 8},
        "message": "search stopped at the node limit (100 splits explored) without an answer"}
    assert r.stderr.splitlines()[0] == "limit: search stopped at the node limit (100 splits explored) without an answer"


def test_time_limit_stops_a_huge_search(tmp_path):
    f = tmp_path / "big.toml"
    f.write_text('agents = ["A", "B", "C"]\nwords = ["ja", "da"]\nparadox = "silent"\nmax_questions = 4\n'
                 '[allowed]\nA = ["truthful", "liar", "random"]\nB = ["truthful", "liar", "random"]\n'
                 'C = ["truthful", "liar", "random"]\n')
    r = run("solve", f, "--limit", "1s")
    assert r.exit_code == 3
    assert r.stderr.startswith("limit: search stopped at the time limit (1 s, ")


def test_deduction_text_and_json():
    r = run("solve", EXAMPLES / "smullyan_said_knave.toml", "--explain")
    assert r.exit_code == 0
    assert "2 consistent worlds (not unique; enum backend)." in r.stdout
    assert "Determined: A undetermined, B is a knave, C is a knight" in r.stdout
    assert "C is a knight: forced by statements 1 and 2" in r.stdout
    assert "  statement 1: B says that (A says that A is a knave)" in r.stdout
    ages = run("solve", EXAMPLES / "islanders_ages.toml", "--explain")
    assert ("fact 1: for every x among a, b, c, d, e, for every y among a, b, c, d, e, if (x is a liar and y is a "
            "truth-teller) then age.x is more than age.y") in " ".join(ages.stdout.split())
    data = json.loads(run("solve", EXAMPLES / "einstein.toml", "--json").stdout)
    assert (data["consistent"], data["unique"]) == (1, True)
    assert data["determined"]["houses"][3] == {"color": "green", "nationality": "German", "drink": "coffee",
                                                "smoke": "Prince", "pet": "fish"}


def test_inconsistent_deduction_exits_1(tmp_path):
    f = tmp_path / "liar.toml"
    f.write_text('kind = "deduction"\nagents = ["A"]\nstatements = [["says", "A", ["type", "A", "knave"]]]\n')
    r = run("solve", f)
    assert r.exit_code == 1
    assert "These contradict each other: statement 1." in r.stdout


BAD_DEDUCTIONS = [
    ('kind = "deduction"\nagents = ["A"]\nstatements = [["says", "Q", true]]\n',
     "key 'statements[0]': unknown agent 'Q'; agents are A"),
    ('kind = "deduction"\nagents = ["A"]\nstatements = [["type", "A", "knave"]]\n',
     "key 'statements[0]': a statement is [\"says\", AGENT, EXPRESSION]; put other truths under 'facts'"),
    ('kind = "deduction"\nagents = ["A"]\nfacts = [["lt", "age", 3]]\n',
     "key 'facts[0]': unknown variable 'age'; variables are none"),
    ('kind = "deduction"\nagents = ["A"]\nfacts = [["blah", 1]]\n',
     "key 'facts[0]': unknown expression kind 'blah'"),
    ('kind = "grid"\nhouses = 2\n[categories]\ncolor = ["red", "blue"]\n[[clue]]\nexpr = ["same", "red", "green"]\n',
     "key 'clue[0].expr': unknown value 'green'"),
    ('kind = "grid"\nhouses = 2\n[categories]\ncolor = ["red", "blue"]\nshirt = ["red", "white"]\n[[clue]]\nexpr = ["at", "red", 1]\n',
     "key 'clue[0].expr': 'red' is a value of color and shirt; write it as 'color:red'"),
    ('kind = "grid"\nhouses = 2\n[categories]\ncolor = ["red", "blue", "white"]\n',
     "key 'categories.color': has 3 values for 2 houses"),
    ('kind = "grid"\nhouses = 2\n[categories]\ncolor = ["red", "blue"]\n[[clue]]\nexpr = ["at", "red", 7]\n',
     "key 'clue[0].expr': a house is a number from 1 to 2, got 7 in ['at', 'red', 7]"),
    ('kind = "puzzle"\n', "key 'kind': unknown value 'puzzle'; choose one of: interrogation, deduction, grid"),
]


@pytest.mark.parametrize("text, message", BAD_PUZZLES + BAD_DEDUCTIONS)
def test_bad_puzzle_is_one_line_exit_2(tmp_path, text, message):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    r = run("solve", f)
    assert r.exit_code == 2
    err = r.stderr.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"error: {f}: ")
    assert message in err
    assert "Traceback" not in r.output


def test_enum_backend_refuses_a_huge_space():
    r = run("solve", EXAMPLES / "islanders_ages.toml", "--backend", "enum")
    assert r.exit_code == 2
    assert r.stderr.strip() == (f"error: {EXAMPLES / 'islanders_ages.toml'}: 829,997,587,232 candidate worlds are too "
                                "many to enumerate (limit 4,194,304); use the sat backend")


def test_bad_kk_line(tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text('{"id": "x", "names": ["A"], "statements": "((\'lying\', 3),)"}\n')
    f.write_text(f.read_text() + '{"id": "y", "names": ["A"], "statements": "((\'lying\', 0),)"}\n')
    r = run("solve", "--format", "kk", f)
    assert r.exit_code == 2
    message = f"{f}:1: key 'statements[0]': 'lying' needs a person number from 0 to 0, got (3,)"
    assert r.stderr.strip() == f"error: read 1 of 2 lines; answered 1; 1 could not be read (the first: {message})"
    bad, good = [json.loads(line) for line in r.stdout.splitlines()]
    assert (bad["id"], bad["line"], bad["error"], bad["exit_status"]) == ("x", 1, message, 2)
    assert (good["id"], good["consistent"]) == ("y", 0)  # the line after a bad one is still answered


def test_deduction_with_too_many_worlds_stops_cleanly(tmp_path):
    f = tmp_path / "open.toml"
    f.write_text('kind = "grid"\nhouses = 5\n[categories]\na = ["1","2","3","4","5"]\nb = ["6","7","8","9","10"]\n'
                 'c = ["11","12","13","14","15"]\n')
    r = run("solve", f, "--limit", "1000")
    assert r.exit_code == 3
    assert r.stderr.strip() == "limit: more than 1,000 consistent worlds; stopped without listing them all (raise the limit with --limit N)"
    r = run("solve", f, "--limit", "0.2s")
    assert r.exit_code == 3
    assert r.stderr.startswith("limit: search stopped at the time limit after ")


def test_version_and_help_show_the_exit_contract():
    import smullyan

    r = run("--version")
    assert (r.exit_code, r.stdout.strip()) == (0, f"smullyan {smullyan.__version__}")
    for args in (("--help",), ("solve", "--help"), ("verify", "--help"), ("survey", "--help")):
        r = run(*args)
        assert r.exit_code == 0 and "exit status:" in r.stdout and "130  interrupted" in r.stdout, args


def test_usage_mistakes_are_bad_input():
    r = run("solve")
    assert r.exit_code == 2
    assert r.stderr.strip() == "error: the following arguments are required: PUZZLE (see smullyan solve --help)"
    r = run("sovle", EXAMPLES / "hardest.toml")
    assert r.exit_code == 2 and r.stderr.startswith("error: argument COMMAND: invalid choice: 'sovle'")
    assert run("solve", EXAMPLES / "hardest.toml", "--format", "xml").exit_code == 2
    r = run("solve", EXAMPLES / "einstein.toml", "--objective", "expected")
    assert (r.exit_code, r.stderr.strip()) == (2, "error: --objective applies to gods puzzles (questions to ask); "
                                                  "this is a deduction puzzle")


def test_svg_file_is_written(tmp_path):
    f = tmp_path / "hardest.svg"
    r = run("solve", EXAMPLES / "hardest.toml", "--svg", f)
    assert r.exit_code == 0 and "Solvable in 3 questions" in r.stdout
    svg = f.read_text()
    assert svg.count('class="leaf"') == 8 and svg.count('class="question"') == 7
    r = run("solve", EXAMPLES / "truthful_or_random.toml", "--svg", f)
    assert (r.exit_code, r.stderr.strip()) == (2, f"error: {f}: the puzzle is unsolvable: there is no strategy to draw")


def test_stdin_toml_and_english():
    r = run("solve", "--format", "toml", "-", stdin=(EXAMPLES / "hardest.toml").read_text())
    assert r.exit_code == 0 and "Solvable in 3 questions" in r.stdout
    r = run("solve", "-", stdin="Gods A, B and C are called.")
    assert r.exit_code == 2 and r.stderr.startswith("error: <stdin>: ")


def test_internal_errors_are_one_line_exit_70(monkeypatch):
    import smullyan.api.puzzles as puzzles

    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr(puzzles.GodsPuzzle, "solve", broken)
    r = run("solve", EXAMPLES / "hardest.toml")
    assert r.exit_code == 70
    head, _, rest = r.stderr.strip().partition(" (a bug in smullyan; the traceback is in ")
    assert head == "internal error: KeyError: 'boom'" and rest.endswith(".txt; please report it)")
    report = rest.split(";")[0]
    assert "raise KeyError(\"boom\")" in open(report).read() and len(r.stderr.splitlines()) == 1


def test_interrupt_exits_130(monkeypatch):
    import smullyan.interrogate.solve as engine

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(engine, "solve", interrupted)
    r = run("solve", EXAMPLES / "hardest.toml")
    assert (r.exit_code, r.stderr.strip()) == (130, "interrupted")


def test_the_installed_command_runs_as_a_process():
    import subprocess
    import sys

    ok = subprocess.run([sys.executable, "-m", "smullyan", "solve", str(EXAMPLES / "hardest.toml")],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.splitlines()[0] == "The Hardest Logic Puzzle Ever"
    bad = subprocess.run([sys.executable, "-m", "smullyan", "solve", "/nonexistent.toml"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr == "error: /nonexistent.toml: cannot read the file: No such file or directory\n"


def test_verify_honours_a_time_limit_and_refuses_a_node_limit():
    strategy = EXAMPLES / "boolos_strategy.json"
    r = run("verify", EXAMPLES / "boolos.toml", strategy, "--limit", "1e-9s")
    assert r.exit_code == 3 and r.stdout == ""
    assert r.stderr.strip() == (f"limit: {strategy}: verification stopped at the time limit (1e-09 s) after checking "
                                "0 of 12 worlds; no verdict")
    r = run("verify", EXAMPLES / "boolos.toml", strategy, "--limit", "100")
    assert r.exit_code == 2
    assert r.stderr.strip() == ("error: verify takes a time limit in seconds (e.g. 60s) for a strategy; a number of "
                                "splits limits only the check of a certificate")
    r = run("verify", EXAMPLES / "boolos.toml", strategy, "--limit", "0s")
    assert r.exit_code == 2
    assert r.stderr.strip() == "error: a limit is a number of nodes (e.g. 100000) or seconds (e.g. 5s), got '0s'"
    r = run("verify", EXAMPLES / "boolos.toml", strategy, "--limit", "60s", "--memory", "8G")
    assert r.exit_code == 0 and r.stdout.startswith("OK:")
