"""Validation at the boundary (issue 13): every bad document is one BadInput naming the key, what was
expected and what was found, with "did you mean" for a misspelt name; caps on sizes hold at reading."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import smullyan
from smullyan import BadInput
from smullyan.formats.kk import kk_puzzle
from smullyan.formats.puzzle_toml import puzzle_from_dict
from smullyan.formats.schema import LIMITS

from conftest import EXAMPLES, run

KNOWN_TYPES = ("constant:neither, constant:no, constant:yes, false, falsely, honest, knave, knight, liar, lying, "
               "normal, random, randomly, silent, true, truly, truth-teller, truthful, truthteller")
EXPR_KINDS = "true, false, type, means, self, not, and, or, xor, iff, implies, answers, says, count, eq, ne, lt, le, gt, ge"
TOP_KEYS = "title, description, kind, agents, types, allowed, counts, words, goal, max_questions, random, paradox, questions, objective"

GODS = 'agents = ["A", "B"]\ntypes = ["knight", "knave"]\n'
DEDUCTION = 'kind = "deduction"\nagents = ["Alice", "Bob"]\n'
GRID = 'kind = "grid"\nhouses = 3\n[categories]\ncolor = ["red", "green", "blue"]\npet = ["cat", "dog", "fish"]\n'


KNIGHTS_20 = ", ".join(['"knight"'] * 20)


def names(prefix: str, n: int) -> str:
    return ", ".join(f'"{prefix}{i}"' for i in range(n))


def nested(depth: int) -> object:
    e: object = True
    for _ in range(depth):
        e = ["not", e]
    return e


BAD_TOML = [
    # gods puzzles: shapes and types
    ('agents = [["A"]]\ntypes = ["knight"]\n', "agents[0]", "must be a string, got a list"),
    ('agents = ["A", {name = "B"}]\ntypes = ["knight", "knave"]\n', "agents[1]", "must be a string, got a table"),
    (GODS + 'words = ["ja", ["da"]]\n', "words[1]", "must be a string, got a list"),
    ('agents = "A"\ntypes = ["knight"]\n', "agents", "must be a list of agents, got a string ('A')"),
    (GODS + 'max_questions = 2.5\n', "max_questions", "must be a whole number of at least 0, got a decimal number (2.5)"),
    (GODS + 'max_questions = true\n', "max_questions", "must be a whole number of at least 0, got a boolean (true)"),
    (GODS + '[questions]\nmax_complexity = 1.0\n', "questions.max_complexity",
     "must be a whole number of at least 0, got a decimal number (1.0)"),
    (GODS + 'random = ["word"]\n', "random", "must be one of: word, word-or-silent, coin, coin-shared; got a list"),
    (GODS + 'questions = "any"\n', "questions", "must be a table, got a string ('any')"),
    ('types = ["knight"]\n', "agents", "missing; expected a list of agents"),
    # gods puzzles: misspelt keys, choices and types
    ('agents = ["A", "B"]\ntpyes = ["knight", "knave"]\n', "tpyes",
     f"unknown key 'tpyes'; expected one of: {TOP_KEYS} (did you mean 'types'?)"),
    (GODS + '[questions]\nlangauge = "any"\n', "questions.langauge",
     "unknown key 'langauge'; expected one of: language, max_complexity (did you mean 'language'?)"),
    ('agents = ["A", "B"]\ntypes = ["knigth", "knave"]\n', "types[0]",
     f"unknown type 'knigth'; known types: {KNOWN_TYPES} (did you mean 'knight'?)"),
    (GODS + 'random = "wrod"\n', "random",
     "unknown value 'wrod'; choose one of: word, word-or-silent, coin, coin-shared (did you mean 'word'?)"),
    (GODS + 'random = "coin_shared"\n', "random",
     "unknown value 'coin_shared'; choose one of: word, word-or-silent, coin, coin-shared (did you mean 'coin-shared'?)"),
    (GODS + 'random = "dice"\n', "random", "unknown value 'dice'; choose one of: word, word-or-silent, coin, coin-shared"),
    (GODS + 'paradox = "silence"\n', "paradox",
     "unknown value 'silence'; choose one of: forbidden, silent (did you mean 'silent'?)"),
    (GODS + 'goal = "type"\n', "goal", "unknown value 'type'; choose one of: types, types+language (did you mean 'types'?)"),
    (GODS + 'objective = "worts"\n', "objective",
     "unknown value 'worts'; choose one of: worst, expected (did you mean 'worst'?)"),
    ('kind = "dedution"\n' + GODS, "kind",
     "unknown value 'dedution'; choose one of: interrogation, deduction, grid (did you mean 'deduction'?)"),
    (GODS + '[questions]\nlanguage = "gramar"\n', "questions.language",
     "unknown value 'gramar'; choose one of: grammar, any (did you mean 'grammar'?)"),
    ('agents = ["Alice", "Bob"]\n[allowed]\nAlice = ["knight"]\nAlcie = ["knave"]\n', "allowed.Alcie",
     "unknown agent 'Alcie'; agents are Alice, Bob (did you mean 'Alice'?)"),
    ('agents = ["A", "A"]\ntypes = ["knight", "knave"]\n', "agents", "'A' appears twice"),
    # gods puzzles: caps
    (f'agents = [{names("G", 20)}]\ntypes = [{KNIGHTS_20}]\n', "agents",
     "has 20 agents; at most 16 are allowed"),
    (GODS + f'words = [{names("w", 9)}]\n', "words", "has 9 words; at most 8 are allowed"),
    ('title = "' + "x" * 10_001 + '"\n' + GODS, "title", "is 10,001 characters long; at most 10,000 are allowed"),
    # deduction puzzles
    (DEDUCTION + '[variables]\nage = { per_agent = "no", min = 0, max = 9 }\n', "variables.age.per_agent",
     "must be true or false, got a string ('no')"),
    (DEDUCTION + '[variables]\nage = { per_agent = true, min = 0, max = 1000000000 }\n', "variables.age",
     "ranges over 1,000,000,001 values (0 to 1000000000); at most 1,000,000 are allowed"),
    (DEDUCTION + '[variables]\nage = { min = 5, max = 1 }\n', "variables.age", "min (5) is more than max (1)"),
    (DEDUCTION + '[variables]\nage = { min = 0, max = 9, perAgent = true }\n', "variables.age.perAgent",
     "unknown key 'perAgent'; expected one of: min, max, per_agent (did you mean 'per_agent'?)"),
    (DEDUCTION + '[variables]\nage = [1, 2.5]\n', "variables.age[1]", "must be a whole number, got a decimal number (2.5)"),
    (DEDUCTION + '[variables]\nage = "young"\n', "variables.age",
     "must be a list of values or a table {min, max, per_agent}, got a string ('young')"),
    (DEDUCTION + '[counts]\nknave = 1.5\n', "counts.knave",
     "must be a whole number of at least 0, got a decimal number (1.5)"),
    (f'kind = "deduction"\nagents = [{names("P", 65)}]\n', "agents", "has 65 agents; at most 64 are allowed"),
    (DEDUCTION + 'statements = "Alice is a knave"\n', "statements",
     "must be a list of statements, got a string ('Alice is a knave')"),
    (DEDUCTION + 'statements = [["says", "Alcie", true]]\n', "statements[0]",
     "unknown agent 'Alcie'; agents are Alice, Bob (did you mean 'Alice'?)"),
    (DEDUCTION + 'statements = [["sayz", "Alice", true]]\n', "statements[0]",
     f"unknown expression kind 'sayz' in ['sayz', 'Alice', True]; known: {EXPR_KINDS} (did you mean 'says'?)"),
    (DEDUCTION + 'statements = [["says", "Alice", ["type", "Bob", "knigth"]]]\n', "statements[0]",
     f"unknown type 'knigth'; known types: {KNOWN_TYPES} (did you mean 'knight'?)"),
    (DEDUCTION + 'facts = [["lt", "ag", 3]]\n[variables]\nage = [1, 2]\n', "facts[0]",
     "unknown variable 'ag'; variables are age (did you mean 'age'?)"),
    (DEDUCTION + '[allowed]\nAlcie = ["knight"]\n', "allowed.Alcie",
     "unknown agent 'Alcie'; agents are Alice, Bob (did you mean 'Alice'?)"),
    # grid puzzles
    (f'kind = "grid"\nhouses = 13\n[categories]\ncolor = [{names("c", 13)}]\npet = [{names("p", 13)}]\n', "houses",
     "must be a whole number from 1 to 12, got 13"),
    ('kind = "grid"\nhouses = 2\n[categories]\n' + "".join(f'k{i} = ["a{i}", "b{i}"]\n' for i in range(13)),
     "categories", "has 13 categories; at most 12 are allowed"),
    ('kind = "grid"\nhouses = 3.0\n[categories]\ncolor = ["red", "green", "blue"]\n', "houses",
     "must be a whole number from 1 to 12, got a decimal number (3.0)"),
    ('kind = "grid"\nhouses = 3\n[categories]\ncolor = "red, green, blue"\n', "categories.color",
     "must be a list of values, got a string ('red, green, blue')"),
    (GRID + '[[clue]]\nexpr = ["at", "grene", 1]\n', "clue[0].expr", "unknown value 'grene' (did you mean 'green'?)"),
    (GRID + '[[clue]]\nexpr = ["nex_to", "red", "cat"]\n', "clue[0].expr",
     "unknown clue kind 'nex_to' in ['nex_to', 'red', 'cat']; known: same, at, not_at, left_of, right_of, "
     "directly_left, directly_right, next_to, between, not, and, or (did you mean 'next_to'?)"),
    (GRID + '[[clue]]\nexp = ["at", "red", 1]\n', "clue[0].exp",
     "unknown key 'exp'; expected one of: expr, text (did you mean 'expr'?)"),
    (GRID + '[[clue]]\nexpr = ["at", "red", 1]\ntext = ["red first"]\n', "clue[0].text", "must be a string, got a list"),
    (GRID + '[[question]]\ntext = "Who owns the fish?"\nvalue = "fihs"\n', "question[0].value",
     "unknown value 'fihs' (did you mean 'fish'?)"),
]


@pytest.mark.parametrize("text, key, message", BAD_TOML, ids=[f"{k}-{i}" for i, (_, k, _) in enumerate(BAD_TOML)])
def test_a_bad_puzzle_names_the_key_what_was_expected_and_what_was_found(text, key, message):
    with pytest.raises(BadInput) as err:
        smullyan.loads(text)
    assert (err.value.key, err.value.message) == (key, message)
    assert err.value.render() == f"key '{key}': {message}"


def test_the_command_line_names_the_file_too(tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text(GODS + 'random = "wrod"\n')
    r = run("solve", f)
    assert r.exit_code == 2
    assert r.stderr.strip() == (f"error: {f}: key 'random': unknown value 'wrod'; choose one of: word, word-or-silent, "
                                "coin, coin-shared (did you mean 'word'?)")


def test_per_agent_false_is_still_read():
    p = smullyan.loads(DEDUCTION + '[variables]\nage = { per_agent = false, min = 0, max = 3 }\n')
    assert [v.name for v in p.model.variables] == ["age"]


@pytest.mark.parametrize("document, key, message", [
    ({"kind": "deduction", "agents": ["A"], "statements": [["says", "A", nested(500)]]}, "statements[0]",
     "the expression is nested more than 200 levels deep; at most 200 are allowed"),
    ({"kind": "deduction", "agents": ["A"], "facts": [True] * 100_001}, "facts",
     "has 100,001 facts; at most 100,000 are allowed"),
    ({"kind": "deduction", "agents": [f"P{i}" for i in range(64)],
      "facts": [["forall", "x", ["forall", "y", ["forall", "z", ["forall", "w", ["type", "x", "knave"]]]]]]},
     "facts[0]", "its quantifiers over 64 agents expand to more than 1,000,000 terms (the most allowed); nest fewer "
     "quantifiers"),
    ({"kind": "grid", "houses": 2, "categories": {"c": ["a", "b"]}, "clue": [{"expr": nested(500)}]}, "clue[0].expr",
     "the expression is nested more than 200 levels deep; at most 200 are allowed"),
    ({"agents": ["A"], "allowed": {"A": [1]}}, "allowed.A[0]", "must be a type name (a string), got a whole number (1)"),
    ({"agents": ["A"], "allowed": {"B" * 20_000: ["knight"]}}, "allowed." + "B" * 39 + "…",
     "the name is 20,000 characters long; at most 10,000 are allowed"),
    (["agents"], None, "must be a table, got a list"),
])
def test_documents_built_in_python_meet_the_same_checks(document, key, message):
    with pytest.raises(BadInput) as err:
        puzzle_from_dict(document)
    assert (err.value.key, err.value.message) == (key, message)


def test_the_api_builders_meet_the_same_checks():
    with pytest.raises(BadInput) as err:
        smullyan.gods([f"G{i}" for i in range(20)], ["knight"] * 20)
    assert err.value.render() == "key 'agents': has 20 agents; at most 16 are allowed"
    with pytest.raises(BadInput) as err:
        smullyan.deduction(["A"], [["says", "A", nested(500)]])
    assert err.value.render() == ("key 'statements[0]': the expression is nested more than 200 levels deep; at most 200 "
                                  "are allowed")
    with pytest.raises(BadInput) as err:
        smullyan.grid(13, {"c": [f"v{i}" for i in range(13)]})
    assert err.value.render() == "key 'houses': must be a whole number from 1 to 12, got 13"


def leaf(t: str = "knight") -> dict:
    return {"identified": {"A": t}}


def deep_strategy(questions: int) -> dict:
    node = leaf()
    for _ in range(questions):
        node = {"ask": "A", "question": True, "branches": {"ja": node}}
    return node


@pytest.mark.parametrize("document, key, message", [
    ({"ask": "A", "question": nested(500), "branches": {"ja": leaf()}}, "strategy.question",
     "the expression is nested more than 200 levels deep; at most 200 are allowed"),
    ({"ask": "A", "question": True, "branchs": {"ja": leaf()}}, "strategy.branchs",
     "unknown key 'branchs'; expected one of: ask, question, english, branches, identified, language "
     "(did you mean 'branches'?)"),
    ({"ask": "A", "question": True, "branches": {"ja": leaf("Randmo")}}, "strategy.branches.ja.identified.A",
     f"unknown type 'Randmo'; known types: {KNOWN_TYPES} (did you mean 'random'?)"),
    ({"ask": ["A"], "question": True, "branches": {"ja": leaf()}}, "strategy.ask", "must be a string, got a list"),
    ({"ask": "A", "question": ["tpye", "A", "knight"], "branches": {"ja": leaf()}}, "strategy.question",
     f"unknown expression kind 'tpye' in ['tpye', 'A', 'knight']; known: {EXPR_KINDS} (did you mean 'type'?)"),
    ({"ask": "A", "question": True}, "strategy.branches",
     "missing; a node asks ('ask', 'question', 'branches') or is a leaf ('identified')"),
    ({"ask": "A", "question": True, "branches": {"ja": {**leaf(), "ask": "B"}}}, "strategy.branches.ja",
     "a node either asks ('ask', 'question', 'branches') or is a leaf ('identified', 'language'), not both; this one "
     "has 'identified' and 'ask'"),
    ({"strategy": {"ask": "A", "question": True, "branches": "ja"}, "schema": "smullyan/strategy"}, "strategy.branches",
     "must be an object mapping each answer to the next node, got a string ('ja')"),
    (deep_strategy(201), "strategy.branches.ja.branches.ja.….branches.ja",
     "the strategy asks more than 200 questions along one path; at most 200 are allowed"),
    ({"schema": "smullyan/solve/deduction", "consistent": 1}, None,
     "the document holds no strategy (it is a 'smullyan/solve/deduction' document)"),
    ([1, 2], "strategy", "must be an object with 'ask', 'question' and 'branches', or with 'identified', got a list"),
])
def test_a_bad_strategy_names_the_key(document, key, message):
    with pytest.raises(BadInput) as err:
        smullyan.loads_strategy(json.dumps(document))
    assert (err.value.key, err.value.message) == (key, message)


def test_a_whole_result_document_is_still_a_strategy():
    hardest = smullyan.load(EXAMPLES / "hardest.toml")
    strategy = smullyan.load_strategy(EXAMPLES / "boolos_strategy.json", hardest)
    document = json.loads(strategy.to_json())
    assert {"schema", "schema_version", "smullyan_version", "semantics", "strategy"} <= set(document)
    again = smullyan.loads_strategy(json.dumps({**document, "solvable": True, "stats": {"seconds": 1.5}}), hardest)
    assert smullyan.verify(hardest, again).ok
    assert smullyan.loads_strategy(json.dumps(deep_strategy(200))).questions == 200  # the cap itself is allowed


@pytest.mark.parametrize("record, key, message", [
    ({"names": "Al", "statements": "()"}, "names", "must be a list of names, got a string ('Al')"),
    ({"names": ["Al", "Al"], "statements": "(('lying', 1), ('lying', 0))"}, "names", "'Al' appears twice"),
    ({"names": ["Al", "Bo"]}, "statements", "missing; expected a string"),
    ({"names": ["Al", "Bo"], "statements": 3}, "statements", "must be a string, got a whole number (3)"),
    ({"names": ["Al", "Bo"], "statements": "(('lying', True), ('lying', 0))"}, "statements[0]",
     "'lying' needs a person number from 0 to 1, got (True,)"),
    ({"names": ["Al", "Bo"], "statements": "(('telling_truth', 1), ('lying', 0))"}, "statements[0]",
     "unknown statement kind 'telling_truth' in ('telling_truth', 1); known: telling-truth, lying, not, and, or, ->, "
     "<=> (did you mean 'telling-truth'?)"),
    ({"names": [f"P{i}" for i in range(65)], "statements": "()"}, "names", "has 65 names; at most 64 are allowed"),
    ({"names": ["Al", "Bo"], "statements": "(" * 300 + ")" * 300}, "statements",
     "not a Python literal of tuples (SyntaxError: too many nested parentheses)"),
])
def test_a_bad_kk_record_names_the_key(record, key, message):
    with pytest.raises(BadInput) as err:
        kk_puzzle({"id": 7, **record})
    assert (err.value.key, err.value.message) == (key, message)


def test_a_bad_kk_line_in_a_batch_names_the_line_and_key(tmp_path):
    f = tmp_path / "kk.jsonl"
    good = {"id": "ok", "names": ["Al", "Bo"], "statements": "(('lying', 1), ('telling-truth', 0))"}
    f.write_text(json.dumps(good) + "\n" + json.dumps({"id": "bad", "names": ["Al", ["Bo"]], "statements": "()"}) + "\n")
    items = list(smullyan.load_batch(f))
    assert items[0].ok and items[1].error.render() == f"{f}:2: key 'names[1]': must be a string, got a list"


def test_the_caps_are_one_table():
    assert LIMITS == {"gods_agents": 16, "deduction_agents": 64, "words": 8, "houses": 12, "categories": 12,
                      "items": 100_000, "domain": 1_000_000, "expansion": 1_000_000, "depth": 200, "string": 10_000}


def test_reading_a_puzzle_module_does_not_import_msgspec():
    code = "import sys, smullyan.formats.puzzle_toml; print('msgspec' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
