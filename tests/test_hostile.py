"""Tests that attack (issue 13, item 6): hostile puzzle files, strategies, English texts and option lists
for every subcommand, each run through the command line in this process (`conftest.run`), asserting the
exit contract:

- the exit status is one of 0 (answered), 1 (inconsistent / verification failed), 2 (bad input) or
  3 (a limit stopped the work) — never 70 (internal error) or anything else;
- "Traceback" never appears in the output;
- an exit-2 message starts with "error: " and, when a file was given, names it on its first line.

Plus a Ctrl-C test on a real `survey` process (exit 130 within 5 s, no worker left running), and one
regression test per bug found by these tests or by `benchmarks/contract_sweep.py`. A test of a bug not
yet fixed is marked `xfail(strict=True, reason="issue 13: ...")`, so that it fails (XPASS) the day the
bug is fixed and the mark is removed; every bug found so far is fixed and its test runs plainly.

Sizes stay small enough for in-process runs (every solve also gets `--limit 2s`); the sweep
(`benchmarks/contract_sweep.py`) runs the big and slow inputs as separate processes with timeouts and a
memory cap. Examples per property: `SMULLYAN_FUZZ_EXAMPLES` (default 40; the file then runs in well
under a minute). A longer profile: `SMULLYAN_FUZZ_EXAMPLES=1000 pytest tests/test_hostile.py`.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import math
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, ROOT, run

FUZZ = int(os.environ.get("SMULLYAN_FUZZ_EXAMPLES", "40"))
SETTINGS = settings(max_examples=FUZZ, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable


# ====================================================================== running and the contract

@contextlib.contextmanager
def _folder():
    with tempfile.TemporaryDirectory(prefix="smullyan-hostile-") as d:
        yield Path(d)


def attack(*args, stdin: str = "", file: str | Path | None = None):
    """Run the command line in this process and assert the exit contract; return what it printed.

    The command line caps the address space of its process (the memory budget's backstop); this
    process is pytest's, so the cap is put back after each run."""
    saved = resource.getrlimit(resource.RLIMIT_AS)
    try:
        ran = run(*args, stdin=stdin)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, saved)
    assert_contract(ran, file, args)
    return ran


def assert_contract(ran, file, args) -> None:
    shown = f"smullyan {' '.join(str(a)[:80] for a in args)}\nexit {ran.exit_code}\nstderr: {ran.stderr[:800]}"
    assert "Traceback" not in ran.stdout + ran.stderr, shown
    assert ran.exit_code in (0, 1, 2, 3), shown
    if ran.exit_code == 2:
        first = ran.stderr.splitlines()[0] if ran.stderr else ""
        assert first.startswith("error: "), shown
        if file is not None:
            assert str(file) in first, shown


def write(folder: Path, name: str, data: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    return path


# ====================================================================== TOML and JSON writing

def toml_str(s: str) -> str:
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif o < 0x20 or o == 0x7F:
            out.append("\\u%04x" % o)
        elif 0xD800 <= o <= 0xDFFF:
            out.append("?")
        else:
            out.append(ch)
    return "".join(out) + '"'


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return toml_str(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{toml_str(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"


def toml_dumps(doc: dict) -> str:
    return "".join(f"{toml_str(k)} = {toml_value(v)}\n" for k, v in doc.items())


def set_path(doc, path: tuple, value):
    doc = copy.deepcopy(doc)
    node = doc
    for p in path[:-1]:
        node = node[p]
    if isinstance(node, dict) != isinstance(path[-1], str):
        raise TypeError("the path does not fit the document")
    node[path[-1]] = value
    return doc


# ====================================================================== hostile values

WORDS = ["", " ", "[/]", "[bold]x[/bold]", "[red]", "\x00", "a\x00b", "Ωμέγα", "🙂", "A\nB", "\x1b[31m", "x" * 3000,
         "truthfull", "knave-or-random", "constant:neither", "constant:maybe", "random", "liar", "knight", "ja", "da",
         "yes", "no", "silent", "types+language", "grammar", "any", "expected", "coin-shared", "word-or-silent",
         "A", "B", "C", "red", "cat", "age.A", "count", "says", "type", "not", "and", "knave", "normal"]
SCALARS = st.one_of(
    st.sampled_from(WORDS),
    st.text(max_size=12),
    st.integers(-3, 6),
    st.integers(min_value=-(2 ** 63), max_value=2 ** 63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
)
VALUES = st.recursive(SCALARS, lambda c: st.one_of(st.lists(c, max_size=4),
                                                    st.dictionaries(st.sampled_from(WORDS[:12] + ["min", "max", "per_agent",
                                                                                                  "expr", "text", "value"]),
                                                                    c, max_size=3)),
                      max_leaves=10)
SMALL_INTS = st.one_of(st.integers(-3, 4), st.sampled_from([2 ** 63 - 1, -(2 ** 63)]), st.floats(allow_nan=True), st.booleans(),
                       st.sampled_from(["3", "", "[/]"]))

GODS_BASE = {"title": "T", "kind": "interrogation", "agents": ["A", "B", "C"], "types": ["truthful", "liar", "random"],
             "words": ["ja", "da"], "goal": "types", "max_questions": 3, "random": "word", "paradox": "forbidden",
             "questions": {"language": "grammar", "max_complexity": 1}, "objective": "worst"}
GODS_PATHS = [("title",), ("description",), ("kind",), ("agents",), ("types",), ("allowed",), ("words",), ("goal",),
              ("max_questions",), ("random",), ("paradox",), ("questions",), ("questions", "language"),
              ("questions", "max_complexity"), ("objective",), ("types", 0), ("agents", 1), ("words", 0), ("colour",)]
# keys whose size drives the work: hostile values there stay small (the sweep tries the big ones)
GODS_SIZE_KEYS = {("max_questions",), ("questions", "max_complexity")}

DEDUCTION_BASE = {"kind": "deduction", "agents": ["A", "B", "C"], "types": ["knight", "knave"],
                  "statements": [["says", "B", ["says", "A", ["type", "A", "knave"]]], ["says", "C", ["type", "B", "knave"]]],
                  "facts": [["count", "knave", ">=", 1]], "counts": {"knight": 1},
                  "variables": {"age": {"per_agent": True, "min": 0, "max": 3}}}
DEDUCTION_PATHS = [("title",), ("kind",), ("agents",), ("types",), ("allowed",), ("counts",), ("variables",), ("statements",),
                   ("facts",), ("statements", 0), ("statements", 0, 1), ("statements", 0, 2), ("statements", 1, 2, 2),
                   ("facts", 0, 3), ("facts", 0, 2), ("counts", "knight"), ("variables", "age"),
                   ("variables", "age", "per_agent"), ("variables", "age", "min"), ("variables", "age", "max"), ("x",)]
DEDUCTION_SIZE_KEYS = {("variables", "age", "min"), ("variables", "age", "max"), ("variables", "age"), ("variables",)}

GRID_BASE = {"kind": "grid", "houses": 3, "categories": {"color": ["red", "green", "blue"], "pet": ["cat", "dog", "fish"]},
             "clue": [{"expr": ["at", "red", 1], "text": "Red is first."}, {"expr": ["directly_left", "green", "blue"]},
                      {"expr": ["same", "cat", "blue"]}],
             "question": [{"text": "Who owns the fish?", "value": "fish"}]}
GRID_PATHS = [("houses",), ("categories",), ("clue",), ("question",), ("categories", "color"), ("categories", "color", 0),
              ("clue", 0), ("clue", 0, "expr"), ("clue", 0, "expr", 0), ("clue", 0, "expr", 2), ("clue", 1, "expr", 1),
              ("clue", 0, "text"), ("question", 0), ("question", 0, "value"), ("question", 0, "text"), ("title",), ("y",)]
GRID_SIZE_KEYS = {("houses",)}


@st.composite
def mutated_docs(draw, base, paths, size_keys):
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths))
        value = draw(SMALL_INTS if path in size_keys else VALUES)
        try:
            doc = set_path(doc, path, value)
        except (KeyError, IndexError, TypeError):
            pass
    if draw(st.booleans()):
        # shrink the search: every hostile solve stays quick
        doc.pop("variables", None) if draw(st.booleans()) else None
    return doc


def _solve_toml(text: str, *extra: str, name: str = "puzzle.toml", limit: str = "2s") -> None:
    with _folder() as d:
        path = write(d, name, text)
        attack("solve", path, "--limit", limit, *extra, file=path)


@SETTINGS
@given(mutated_docs(GODS_BASE, GODS_PATHS, GODS_SIZE_KEYS))
def test_hostile_gods_toml(doc):
    _solve_toml(toml_dumps(doc))


@SETTINGS
@given(mutated_docs(DEDUCTION_BASE, DEDUCTION_PATHS, DEDUCTION_SIZE_KEYS), st.sampled_from([[], ["--backend", "sat"], ["--explain"]]))
def test_hostile_deduction_toml(doc, extra):
    _solve_toml(toml_dumps(doc), *extra)


@SETTINGS
@given(mutated_docs(GRID_BASE, GRID_PATHS, GRID_SIZE_KEYS), st.sampled_from([[], ["--json"], ["--explain"]]))
def test_hostile_grid_toml(doc, extra):
    _solve_toml(toml_dumps(doc), *extra)


GOD_TYPES = ["truthful", "liar", "random", "silent", "constant:yes", "constant:no", "constant:neither", "knave", "True"]


@st.composite
def unusual_gods(draw):
    """Valid-looking gods puzzles off the beaten track: odd types, 1-4 words, every reading, goal and objective."""
    agents = ["A", "B", "C"][: draw(st.integers(1, 2))]
    doc: dict = {"agents": agents}
    if draw(st.booleans()):
        doc["types"] = [draw(st.sampled_from(GOD_TYPES)) for _ in agents]
    else:
        doc["allowed"] = {a: draw(st.lists(st.sampled_from(GOD_TYPES), min_size=1, max_size=3, unique=True)) for a in agents}
    words = draw(st.sampled_from([None, ["ja", "da"], ["ja", "da", "ba"], ["foo", "bar", "baz", "qux"]]))
    if words:
        doc["words"] = words
    doc["random"] = draw(st.sampled_from(["word", "word-or-silent", "coin", "coin-shared"]))
    doc["paradox"] = draw(st.sampled_from(["forbidden", "silent"]))
    doc["goal"] = draw(st.sampled_from(["types", "types+language"]))
    doc["objective"] = draw(st.sampled_from(["worst", "expected"]))
    if draw(st.booleans()):
        doc["max_questions"] = draw(st.integers(0, 3))
    doc["questions"] = {"language": draw(st.sampled_from(["grammar", "any"])), "max_complexity": draw(st.integers(0, 2))}
    return doc


@SETTINGS
@given(unusual_gods())
def test_unusual_gods_puzzles(doc):
    _solve_toml(toml_dumps(doc), limit="1s")


def _bytes_mutation(data: bytes, rng: random.Random, kind: str) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return {
        "truncate": data[:pos],
        "bom": b"\xef\xbb\xbf" + data,
        "crlf": data.replace(b"\n", b"\r\n"),
        "nul": data[:pos] + b"\x00" + data[pos:],
        "ff": data[:pos] + b"\xff" + data[pos:],
        "utf16": data.decode("utf-8", "replace").encode("utf-16"),
        "latin1": data + "# é\n".encode("latin-1"),
        "duplicate-line": data + data.splitlines(keepends=True)[rng.randrange(len(data.splitlines()))],
        "garbage": data[:pos] + bytes(rng.randrange(256) for _ in range(8)) + data[pos:],
    }[kind]


BYTE_KINDS = ["truncate", "bom", "crlf", "nul", "ff", "utf16", "latin1", "duplicate-line", "garbage"]
TOML_EXAMPLES = ["hardest.toml", "smullyan_said_knave.toml", "zebra.toml", "knight_or_knave.toml", "islanders_ages.toml"]


@SETTINGS
@given(st.sampled_from(TOML_EXAMPLES), st.sampled_from(BYTE_KINDS), st.randoms(use_true_random=False))
def test_hostile_bytes_of_puzzle_files(example, kind, rng):
    data = _bytes_mutation((EXAMPLES / example).read_bytes(), rng, kind)
    with _folder() as d:
        path = write(d, "puzzle.toml", data)
        attack("solve", path, "--limit", "2s", file=path)


# ====================================================================== strategies

BOOLOS = json.loads((EXAMPLES / "boolos_strategy.json").read_text())


def _ask_nodes(node, out):
    if isinstance(node, dict) and "ask" in node:
        out.append(node)
        branches = node.get("branches")
        for sub in branches.values() if isinstance(branches, dict) else ():
            _ask_nodes(sub, out)
    return out


JSON_SCALARS = st.one_of(st.sampled_from(WORDS[:20]), st.text(max_size=8), st.integers(-3, 10),
                         st.floats(allow_nan=False), st.booleans(), st.none())
JSON_VALUES = st.recursive(JSON_SCALARS, lambda c: st.one_of(st.lists(c, max_size=4),
                                                             st.dictionaries(st.sampled_from(["ask", "question", "branches",
                                                                                              "identified", "ja", "da", "A",
                                                                                              "strategy", "x"]), c, max_size=3)),
                           max_leaves=10)
QUESTIONS = st.one_of(
    JSON_VALUES,
    st.sampled_from(["Is A random?", "Ask B: If I asked you 'Is A random?', would you say ja?", "What is the meaning of life?",
                     "", "Is [bold]A[/bold] random?", "Does ja mean yes?", "Is A a wizard?", "Is Z random?"]),
    st.recursive(st.sampled_from([True, False, ["type", "A", "random"], ["means", "ja", "yes"], ["self", "ja"]]),
                 lambda c: st.one_of(st.tuples(st.sampled_from(["not", "and", "or", "xor", "iff", "implies"]), c, c).map(list),
                                     st.tuples(st.just("answers"), st.sampled_from(["A", "B", "Z"]), c,
                                               st.sampled_from(["ja", "da", "zz"])).map(list)),
                 max_leaves=6),
)


@st.composite
def mutated_strategies(draw):
    strategy = copy.deepcopy(BOOLOS)
    for _ in range(draw(st.integers(1, 3))):
        nodes = _ask_nodes(strategy, [])
        node = draw(st.sampled_from(nodes)) if nodes else None
        what = draw(st.sampled_from(["ask", "question", "branches", "outcome", "leaf", "drop", "extra", "root"]))
        if node is None or what == "root":
            strategy = draw(JSON_VALUES)
            break
        if what == "ask":
            node["ask"] = draw(JSON_SCALARS)
        elif what == "question":
            node["question"] = draw(QUESTIONS)
        elif what == "branches":
            node["branches"] = draw(JSON_VALUES)
        elif what in ("outcome", "leaf") and not (isinstance(node.get("branches"), dict) and node["branches"]):
            continue
        elif what == "outcome":
            outcome = draw(st.sampled_from(sorted(node["branches"])))
            node["branches"][draw(st.sampled_from(["JA", "yes", "silent", "maybe", "", "[/]"]))] = node["branches"].pop(outcome)
        elif what == "leaf":
            outcome = draw(st.sampled_from(sorted(node["branches"])))
            node["branches"][outcome] = {"identified": draw(st.dictionaries(st.sampled_from(["A", "B", "C", "Z"]),
                                                                            JSON_SCALARS, max_size=3))}
        elif what == "drop":
            node.pop(draw(st.sampled_from(["ask", "question", "branches"])), None)
        else:
            node[draw(st.sampled_from(["english", "x", "identified"]))] = draw(JSON_VALUES)
    return strategy


@SETTINGS
@given(mutated_strategies(), st.sampled_from([[], ["--json"]]))
def test_hostile_strategies(strategy, extra):
    with _folder() as d:
        puzzle = write(d, "boolos.toml", (EXAMPLES / "boolos.toml").read_bytes())
        path = write(d, "strategy.json", json.dumps(strategy))
        ran = attack("verify", puzzle, path, *extra, file=path)
        assert ran.exit_code != 3


@SETTINGS
@given(st.sampled_from(BYTE_KINDS), st.randoms(use_true_random=False))
def test_hostile_bytes_of_strategy_files(kind, rng):
    data = _bytes_mutation((EXAMPLES / "boolos_strategy.json").read_bytes(), rng, kind)
    with _folder() as d:
        puzzle = write(d, "boolos.toml", (EXAMPLES / "boolos.toml").read_bytes())
        path = write(d, "strategy.json", data)
        attack("verify", puzzle, path, file=path)


# ====================================================================== English

TEXTS = ["four_gods.txt", "smullyan_truth_tellers.txt", "three_houses.txt", "zebralogic_3x3.txt"]
INSERTS = st.one_of(st.sampled_from(["banana", "Zorblax", "not", "and", "if", "said,", '"', "[/]", "42", "knave", "house",
                                     "Random", "\x00", "\n", ".", "Ωμέγα", "neither", "between", "§", "§0", "@@1@@"]),
                     st.text(max_size=10))


@st.composite
def mutated_texts(draw):
    text = (EXAMPLES / draw(st.sampled_from(TEXTS))).read_text()
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["truncate", "insert", "delete", "shuffle", "repeat"]))
        if how == "truncate":
            text = text[: draw(st.integers(0, len(text)))]
        elif how == "insert":
            i = draw(st.integers(0, len(text)))
            text = text[:i] + " " + draw(INSERTS) + " " + text[i:]
        elif how == "delete":
            words = text.split(" ")
            if len(words) > 1:
                del words[draw(st.integers(0, len(words) - 1))]
            text = " ".join(words)
        elif how == "shuffle":
            sentences = text.replace("\n", " ").split(". ")
            text = ". ".join(draw(st.permutations(sentences)))
        else:
            text = text * draw(st.integers(2, 4))
    return text


@SETTINGS
@given(mutated_texts())
@example((EXAMPLES / "three_houses.txt").read_text().replace("\nThe Welshman", "\n § The Welshman"))  # CI, stop 43
def test_hostile_english(text):
    with _folder() as d:
        path = write(d, "puzzle.txt", text)
        attack("solve", path, "--limit", "2s", file=path)


@SETTINGS
@given(mutated_texts())
def test_hostile_english_on_stdin(text):
    attack("solve", "-", "--format", "text", "--limit", "2s", stdin=text)


# ====================================================================== JSONL batches

KK_LINE = json.dumps({"id": "kk-1", "names": ["Zoey", "Oliver"],
                      "statements": "(('not', ('telling-truth', 1)), ('<=>', ('telling-truth', 1), ('lying', 0)))"})
TEXT_LINE = json.dumps({"id": "t-1", "quiz": (EXAMPLES / "smullyan_truth_tellers.txt").read_text()})
BAD_LINES = st.one_of(
    st.sampled_from(["{not json", "[1, 2]", "42", "null", '"x"', "{}", "[" * 3000 + "]" * 3000,
                     '{"names": "A", "statements": "()"}', '{"names": ["A"], "statements": "((\'lying\', 0)"}',
                     '{"names": ["A"], "statements": "((\'lying\', 5),)"}', '{"names": ["A"], "statements": "__import__(\'os\')"}',
                     '{"names": ["A"], "statements": "((\'maybe\', 0),)"}', '{"names": ["A", "A"], "statements": "((\'lying\', 1), (\'lying\', 0))"}',
                     '{"quiz": 3}', '{"quiz": "Hello."}', '{"id": "[/]", "quiz": ""}']),
    JSON_VALUES.map(json.dumps),
)


@SETTINGS
@given(st.sampled_from(["kk", "text"]), st.lists(st.one_of(st.just(None), BAD_LINES), min_size=1, max_size=5))
def test_hostile_batches_answer_every_line(kind, lines):
    good = KK_LINE if kind == "kk" else TEXT_LINE
    lines = [good if line is None else line for line in lines] + [good]
    with _folder() as d:
        path = write(d, "batch.jsonl", "\n".join(lines) + "\n")
        ran = attack("solve", "--format", kind, path, file=path)
    answered = [json.loads(x) for x in ran.stdout.splitlines() if x.strip()]
    expected = [line for line in lines if line.strip()]
    assert len(answered) == len(expected), ran.stdout[-1000:]
    if ran.exit_code == 0:
        assert all("error" not in a for a in answered)


# ====================================================================== options

FILES = {"hardest.toml": "hardest.toml", "said.toml": "smullyan_said_knave.toml", "zebra.toml": "zebra.toml",
         "kk.txt": "smullyan_truth_tellers.txt", "gods.txt": "four_gods.txt"}
LIMITS = ["0", "-1", "5", "0.01s", "abc", "1e9s", "", "2s", "0s", "-5s", "nans", "infs", "1,000", "5m", "[/]", "1e400s"]
SOLVE_OPTIONS = st.one_of(
    st.tuples(st.just("--limit"), st.sampled_from(LIMITS)),
    st.tuples(st.just("--backend"), st.sampled_from(["auto", "enum", "sat", "bogus", ""])),
    st.tuples(st.just("--objective"), st.sampled_from(["worst", "expected", "average", ""])),
    st.tuples(st.just("--format"), st.sampled_from(["auto", "toml", "text", "kk", "json"])),
    st.tuples(st.just("--field"), st.sampled_from(["quiz", "", "[/]"])),
    st.tuples(st.just("--svg"), st.sampled_from(["/proc/x.svg", "/nonexistent/x.svg", ".", "{dir}/o.svg", ""])),
    st.tuples(st.just("--memory"), st.sampled_from(["2G", "500M", "0", "-1", "abc", "", "1e3G", "100%"])),
    st.sampled_from([("--json",), ("--mermaid",), ("--stats",), ("--explain",), ("--frobnicate",)]),
)


@SETTINGS
@given(st.sampled_from(sorted(FILES)), st.lists(SOLVE_OPTIONS, max_size=4))
def test_hostile_solve_options(name, options):
    with _folder() as d:
        path = write(d, name, (EXAMPLES / FILES[name]).read_bytes())
        args = [a.replace("{dir}", str(d)) for opt in options for a in opt]
        if "--limit" not in args:
            args += ["--limit", "2s"]
        attack("solve", path, *args)


SURVEY_OPTIONS = st.one_of(
    st.tuples(st.just("--min"), st.sampled_from(["0", "-1", "1", "2", "9", "abc", "", "1.5"])),
    st.tuples(st.just("--extra"), st.sampled_from(["0", "-1", "1", "9", "1100", "abc"])),
    st.tuples(st.just("--workers"), st.sampled_from(["0", "-1", "1", "1000", "abc"])),
    st.tuples(st.just("--random"), st.sampled_from(["coin", "word", "coin-shared", "word-or-silent", "bogus", "", "[/]"])),
    st.tuples(st.just("--paradox"), st.sampled_from(["forbidden", "silent", "explode", ""])),
    st.tuples(st.just("--table-gods"), st.sampled_from(["0", "1", "5", "abc"])),
    st.tuples(st.just("--limit"), st.sampled_from(["5", "abc", "0.01s", "-1s", "0", "", "2s"])),
    st.tuples(st.just("--out"), st.sampled_from(["{file}", "{dir}/out", "/proc/smullyan-out", ""])),
    st.tuples(st.just("--strategies"), st.sampled_from(["{file}", "{dir}/s", "/proc/smullyan-s"])),
    st.tuples(st.just("--memory"), st.sampled_from(["2G", "0", "abc", "-5M"])),
    st.sampled_from([("--json",), ("--grammar",), ("--no-expected",), ("--frobnicate",)]),
)


@SETTINGS
@given(st.sampled_from(["1", "2", "3", "0", "abc", "9"]), st.lists(SURVEY_OPTIONS, max_size=3))
def test_hostile_survey_options(largest, options):
    with _folder() as d:
        existing = write(d, "existing.txt", "x")
        args = [a.replace("{file}", str(existing)).replace("{dir}", str(d)) for opt in options for a in opt]
        if "--workers" not in args:
            args += ["--workers", "1"]
        if "--limit" not in args:
            args += ["--limit", "2s"]
        attack("survey", "--max", largest, *args)


# certificates: T,T,L,L,R,R's "not 7" (six leaf-count layers, five of them copies, and a last lemma of parts)
CERT_KEYS = ["worlds", "questions", "leaves", "parts", "copy", "extra"]
CERT_COPY_VALUES = st.one_of(
    st.fixed_dictionaries({"of": st.integers(-1, 8), "images": st.lists(st.integers(-1, 200), max_size=16)}),
    st.fixed_dictionaries({"of": JSON_SCALARS, "images": JSON_VALUES}),
    st.just({"of": 0, "images": [10**12] * 15}), st.just({"of": 0}), JSON_VALUES)


@functools.lru_cache(maxsize=1)
def _leaf_certificate() -> tuple[str, dict]:
    """Return the puzzle TOML and the certificate document of T,T,L,L,R,R's "not 7"."""
    import smullyan

    puzzle = smullyan.gods(list("ABCDEF"), ["truthful", "truthful", "liar", "liar", "random", "random"],
                           language="any", max_complexity=0)
    return puzzle.to_toml(), smullyan.certify(puzzle).to_dict()


@st.composite
def mutated_certificates(draw, base):
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        n = draw(st.integers(0, len(doc["lemmas"]) - 1))
        key = draw(st.sampled_from(CERT_KEYS))
        lemma = doc["lemmas"][n]
        if key == "copy" and "copy" in lemma and draw(st.booleans()):
            if draw(st.booleans()):
                lemma["copy"]["of"] = draw(st.one_of(st.integers(-1, 9), JSON_SCALARS))
            elif lemma["copy"].get("images"):
                images = lemma["copy"]["images"]
                images[draw(st.integers(0, len(images) - 1))] = draw(st.one_of(st.integers(-1, 200), JSON_SCALARS))
        elif key == "copy":
            lemma["copy"] = draw(CERT_COPY_VALUES)
        elif draw(st.booleans()):
            lemma.pop(key, None)
        else:
            lemma[key] = draw(st.one_of(st.integers(-1, 300), st.just(10**12), JSON_VALUES))
    return doc


@SETTINGS
@given(st.data())
def test_hostile_certificates(data):
    """Mutated leaf-count certificates (copies, parts, leaves) through `verify`: the exit contract holds, and
    a document the checker accepts still proves a true claim (7 questions cannot do; 8 can)."""
    text, base = _leaf_certificate()
    doc = data.draw(mutated_certificates(base))
    with _folder() as d:
        puzzle = write(d, "gods.toml", text)
        path = write(d, "not-7.json", json.dumps(doc))
        ran = attack("verify", puzzle, path, "--limit", "5s", file=path)
        assert ran.exit_code != 0 or doc["claim"]["questions"] <= 7


VERIFY_ARGS = st.lists(st.one_of(st.sampled_from(["{puzzle}", "{strategy}", "{deduction}", "-", "missing.json", "{dir}",
                                                  "/dev/null", "--json", "--format", "toml", "text", "kk", "--limit", "5"]),
                                 st.text(max_size=6)), max_size=4)


@SETTINGS
@given(VERIFY_ARGS)
def test_hostile_verify_arguments(args):
    with _folder() as d:
        names = {"{puzzle}": write(d, "boolos.toml", (EXAMPLES / "boolos.toml").read_bytes()),
                 "{strategy}": write(d, "s.json", (EXAMPLES / "boolos_strategy.json").read_bytes()),
                 "{deduction}": write(d, "said.toml", (EXAMPLES / "smullyan_said_knave.toml").read_bytes()), "{dir}": d}
        attack("verify", *[str(names.get(a, a)) for a in args])


# ====================================================================== Ctrl-C

def _children(pid: int) -> list[int]:
    try:
        import psutil
    except ImportError:  # the children from /proc
        out = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                fields = stat[stat.rfind(")") + 2:].split()
                if int(fields[1]) == pid:
                    out.append(int(entry))
        return out
    try:
        return [c.pid for c in psutil.Process(pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2:].split()[0] != "Z"


def _interrupt_survey(to_group: bool) -> tuple[int | None, float, list[int], str]:
    """Start a survey, send SIGINT after 2 s, and return (exit status or None if still running after 5 s,
    seconds to stop, children still alive, stderr)."""
    proc = subprocess.Popen([PYTHON, "-m", "smullyan", "survey", "--min", "7", "--max", "7", "--workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, cwd=ROOT)
    try:
        time.sleep(2)
        children = _children(proc.pid)
        sent = time.monotonic()
        if to_group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=5)
            status = proc.returncode
        except subprocess.TimeoutExpired:
            status, err = None, b""
        took = time.monotonic() - sent
        time.sleep(0.3)
        left = [c for c in children if _alive(c)]
        return status, took, left, err.decode("utf-8", "replace")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def test_ctrl_c_on_a_terminal_stops_a_survey():
    """Ctrl-C on a terminal sends SIGINT to the whole foreground process group."""
    status, took, left, err = _interrupt_survey(to_group=True)
    assert status == 130, f"still running 5 s after SIGINT (or exit {status}); stderr: {err[-500:]}"
    assert took < 5
    assert not left, f"worker processes left running: {left}"
    assert "Traceback" not in err


def test_sigint_to_the_survey_process_alone_stops_it():
    """`kill -INT PID` reaches the main process only; it must stop its workers itself."""
    status, took, left, err = _interrupt_survey(to_group=False)
    assert status == 130, f"still running 5 s after SIGINT (or exit {status}); stderr: {err[-500:]}"
    assert not left, f"worker processes left running: {left}"
    assert "Traceback" not in err


# ====================================================================== bugs found (regression tests)

def _process(*args: str, stdin: bytes | None = None, timeout: float = 60, cwd: Path | None = None,
             memory: int = 4 * 1024 ** 3) -> tuple[int | None, float, str]:
    """Run `python -m smullyan ARGS` as a process (for hangs and memory); return (status or None on timeout,
    seconds, stderr)."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    start = time.monotonic()
    proc = subprocess.Popen([PYTHON, "-m", "smullyan", *args], stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd or ROOT, preexec_fn=cap,
                            start_new_session=True)
    try:
        _, err = proc.communicate(stdin, timeout=timeout)
        return proc.returncode, time.monotonic() - start, err.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, time.monotonic() - start, ""


def _watch(args: list[str], seconds: float, memory_mb: float | None = None, env: dict | None = None) -> tuple[int | None, float, float, str]:
    """Run `python -m smullyan ARGS` as a process, killed past `seconds` or once its peak memory passes
    `memory_mb`; return (exit status or None if killed, seconds, peak MB, stderr)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([PYTHON, "-m", "smullyan", *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=err, cwd=ROOT, start_new_session=True, env={**os.environ, **(env or {})})
        peak = 0.0
        status = None
        while True:
            try:
                for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]) / 1024)
            except (OSError, ValueError):
                pass
            status = proc.poll()
            if status is not None:
                break
            if time.monotonic() - start > seconds or (memory_mb is not None and peak > memory_mb):
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                status = None
                break
            time.sleep(0.05)
        took = time.monotonic() - start
        err.seek(0)
        return status, took, peak, err.read().decode("utf-8", "replace")


def _contract_of(status: int | None, took: float, stderr: str) -> str:
    return f"exit {status} after {took:.1f} s; stderr: {stderr[-600:]}"


GOOD_KK = KK_LINE


def test_a_batch_line_that_is_not_utf8_costs_only_itself():
    with _folder() as d:
        path = write(d, "batch.jsonl", (GOOD_KK + "\n").encode() + b"\xff\xfe{}\n" + (GOOD_KK + "\n").encode())
        ran = attack("solve", "--format", "kk", path, file=path)
    assert ran.exit_code == 2
    assert len([x for x in ran.stdout.splitlines() if x.strip()]) == 3, ran.stdout


@pytest.mark.parametrize("address", ["bogus", "tcp://127.0.0.1:notaport", "inproc://nothing"])
def test_a_malformed_scheduler_address_is_bad_input(address):
    ran = attack("survey", "--scheduler", address, "--max", "2")
    assert ran.exit_code == 2


EXPECTED_CRASH = """agents = ["A", "B"]
allowed = {A = ["constant:no"], B = ["constant:neither", "constant:no"]}
words = ["foo", "bar", "baz", "qux"]
objective = "expected"
"""


def test_expected_objective_with_constant_gods_and_four_words():
    with _folder() as d:
        path = write(d, "puzzle.toml", EXPECTED_CRASH)
        attack("solve", path, "--limit", "20s", file=path)


FIVE_GODS = 'agents = ["A", "B", "C", "D", "E"]\ntypes = ["truthful", "liar", "random", "truthful", "liar"]\nwords = ["ja", "da"]\n'
SIX_WORDS = 'agents = ["A", "B"]\ntypes = ["truthful", "liar"]\nwords = ["w0", "w1", "w2", "w3", "w4", "w5"]\n'


def test_limit_holds_for_five_gods():
    """Found by the sweep: five gods T,L,R,T,L (ja/da, grammar to complexity 2) ran for minutes past --limit 5s (~880 MB) before 3135474."""
    with _folder() as d:
        path = write(d, "five.toml", FIVE_GODS)
        status, took, _, err = _watch(["solve", str(path), "--limit", "5s"], seconds=1.25 * 5 + 1.5 + 1)
    assert status in (0, 3), _contract_of(status, took, err)


def test_limit_holds_for_six_words():
    """Found by the sweep: two gods answering in six words ran 80 s past --limit 5s (1.1 GB) before 3135474."""
    with _folder() as d:
        path = write(d, "six.toml", SIX_WORDS)
        status, took, _, err = _watch(["solve", str(path), "--limit", "5s"], seconds=1.25 * 5 + 1.5 + 1)
    assert status in (0, 3), _contract_of(status, took, err)


def test_memory_budget_holds_for_five_gods():
    """Found by the sweep: with --memory 300M and --limit 20s, five gods passed 830 MB and ran past 60 s before f520bd7/3135474."""
    with _folder() as d:
        path = write(d, "five.toml", FIVE_GODS)
        status, took, peak, err = _watch(["solve", str(path), "--limit", "20s", "--memory", "300M"],
                                         seconds=1.25 * 20 + 1.5 + 1, memory_mb=1.25 * 300)
    assert peak <= 1.25 * 300, f"peak {peak:.0f} MB; " + _contract_of(status, took, err)
    assert status in (0, 3), _contract_of(status, took, err)


def test_the_documented_type_normal_reads():
    with _folder() as d:
        path = write(d, "p.toml", 'kind = "deduction"\nagents = ["A", "B"]\ntypes = ["knight", "knave", "normal"]\n'
                                  'statements = [["says", "A", ["type", "B", "knave"]]]\n')
        ran = attack("solve", path, file=path)
    assert ran.exit_code == 0


def test_an_error_message_stays_short():
    with _folder() as d:
        doc = {"kind": "deduction", "agents": ["x" * 10_000, "y"], "statements": [["says", "B", True]]}
        path = write(d, "p.toml", toml_dumps(doc))
        ran = attack("solve", path, file=path)
    assert ran.exit_code == 2
    assert len(ran.stderr.splitlines()[0]) <= 1000


def test_no_arguments_is_bad_input_with_a_message():
    attack()


def test_an_ascii_terminal_is_not_an_internal_error():
    with _folder() as d:
        path = write(d, "p.toml", 'agents = ["Ωμέγα", "B"]\ntypes = ["truthful", "liar"]\n')
        status, took, _, err = _watch(["solve", str(path)], seconds=30, env={"PYTHONIOENCODING": "ascii"})
    assert status in (0, 1, 2, 3), _contract_of(status, took, err)


def test_the_command_line_leaves_the_callers_address_space_alone():
    before = resource.getrlimit(resource.RLIMIT_AS)
    try:
        run("solve", EXAMPLES / "smullyan_said_knave.toml", "--memory", "300M")
        after = resource.getrlimit(resource.RLIMIT_AS)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, before)
    assert after == before
