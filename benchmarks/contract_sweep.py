#!/usr/bin/env python3
"""Contract sweep: run smullyan on thousands of hostile and edge-case inputs and measure the exit contract.

    .venv/bin/python benchmarks/contract_sweep.py [--count N] [--seed S] [--out DIR] [--timeout SEC]
                                                  [--workers W] [--only SUBSTRING] [--list]

Issue 13 ("Never crash, hang or mislead") asks for figures on at least 1,500 hostile inputs covering every
subcommand and option. This script generates them deterministically (the same seed gives the same inputs,
byte for byte) and runs each as a real process, `python -m smullyan ...`, in its own folder, with

- a wall-clock timeout (default 60 s; the whole process group is killed past it),
- an address-space cap of 4 GB (`resource.setrlimit(RLIMIT_AS)` in `preexec_fn`),
- `--limit 10s` wherever the command takes a limit (unless the input is about `--limit` itself).

How the inputs are made (the "Say how you produced the inputs" of the issue's Figures):

- puzzle TOML of all three kinds (gods, deduction, grid): every top-level and nested key of a few valid
  base puzzles replaced by each of ~30 hostile values (lists, tables, floats, nan/inf, bools, 0, -1,
  2**63-1, an integer overflowing TOML, empty / blank / 100,000-character strings, unicode, Rich
  markup such as `[/]` and `[bold]`, NUL and ANSI escapes, newlines, lists nested 1,000 deep, ...)
  plus misspelt keys, kinds, types and values; byte-level mutations (BOM, CRLF, UTF-16, Latin-1,
  a stray 0xFF, NUL, truncation, duplicate keys, garbage); structural extremes (many agents, words,
  huge ranges and houses, deep and wide expressions, duplicate names); and a seeded random sample of
  the cross product types x random reading x paradox x words x goal x objective for 1-2 gods;
- strategy JSON for `verify`: wrong shapes at the root and at random nodes, unknown agents, types
  and outcomes, missing branches, English questions that do and do not parse, trees and
  questions nested thousands deep, strategies that exceed the question budget, encodings;
- English texts (gods, knights and knaves, ZebraLogic, classic zebra): truncated, shuffled,
  with unknown words inserted or words deleted, empty, huge, markup names, duplicate names, the
  same role word for both roles, encodings, and on stdin;
- JSONL batches for `--format kk` and `--format text` mixing good lines and bad lines of ~20 kinds
  (each batch must answer every line and exit 2 when a line is bad);
- option combinations for `solve` (`--limit` in ~25 spellings, `--memory`, `--backend`, `--objective`,
  `--format`, `--field`, `--svg` to unwritable places, `--mermaid`, `--stats`, `--explain`, `--json`),
  and memory budgets on inputs that grow without bound (peak must stay within 1.25 x the budget),
  `verify` and `survey` (`--min/--max/--extra/--workers/--random/--paradox/--table-gods/--out/
  --strategies/--scheduler/--grammar/--limit`), top-level usage mistakes, and a few hostile
  environments (ASCII-only output encoding, stdout on /dev/full).

Recorded per input: exit status, whether stdout or stderr holds "Traceback", whether the exit
status is in the contract, whether an exit-2 message starts with "error: ", names the file
(the path in its first line) and is at most 3 lines, the wall time and peak memory, and flags:

    traceback        "Traceback" in the output
    exit-not-contract  exit status not in {0, 1, 2, 3, 130} (70 is counted here and below)
    exit70           internal error
    hang             killed at the timeout
    over-limit       wall time > 1.25 x N + 1.5 s with `solve --limit Ns`
    over-memory      peak resident memory > 1.25 x the budget given with `--memory`
    memory           killed by a signal, or MemoryError / "out of memory" in the output
    exit2-format     exit 2 whose first stderr line does not start with "error: "
    exit2-unnamed    exit 2 whose first stderr line does not name the file at fault
    exit2-long       exit 2 with more than 3 lines on stderr
    exit2-long-line  exit 2 whose first line is longer than 2,000 characters (not "a short message")
    exit3-format     exit 3 whose stderr does not start with "limit:"
    unexpected       the exit status (or number of batch lines) differs from what the input must give
                     (e.g. a 4-question strategy for a 3-question puzzle must fail verification:
                     exit 1; a value of the wrong type must be exit 2; a batch answers every line)
    markup-lost      a name with Rich-markup-like text is missing from the output
    orphan           a process of the run's session was still alive after it exited

A summary table (per subcommand and per flag, then the distinct failure signatures) is printed
and written to OUT/summary.txt; OUT/results.jsonl has every input's record; every failing input
is kept under OUT/failures/ID/ with its files, its output and `cmd.sh` to replay it.

Only the standard library is used. The default run (every generated input, about 2,770) takes about
8-9 minutes on 2 cores; `--count N` runs a seeded sample of N, `--only TEXT` one category.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import copy
import json
import math
import os
import random
import re
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")
CONTRACT = {0, 1, 2, 3, 130}
MEMORY_CAP = 4 * 1024 ** 3
LIMIT = "10s"
LIMIT_SECONDS = 10.0


def venv_python() -> str:
    candidate = os.path.join(ROOT, ".venv", "bin", "python")
    return candidate if os.path.exists(candidate) else sys.executable


# ====================================================================== TOML and JSON writing

class Raw:
    """A TOML (or JSON) fragment written as is: invalid numbers, deep nesting."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return f"Raw({self.text[:30]!r}...)"


def toml_str(s: str) -> str:
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif o < 0x20 or o == 0x7F:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else toml_str(k)


def toml_value(v) -> str:
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return toml_str(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(type(v))


def toml_dumps(doc: dict) -> str:
    """Every table inline, so any value may stand anywhere."""
    return "".join(f"{toml_key(k)} = {toml_value(v)}\n" for k, v in doc.items())


def json_dumps(v) -> str:
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {json_dumps(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(json_dumps(x) for x in v) + "]"
    return json.dumps(v)


def deep_list(n: int, leaf: str = "1") -> Raw:
    return Raw("[" * n + leaf + "]" * n)


def deep_not(n: int, leaf: str = "true") -> Raw:
    return Raw('["not", ' * n + leaf + "]" * n)


def read_example(name: str) -> bytes:
    with open(os.path.join(EXAMPLES, name), "rb") as f:
        return f.read()


# ====================================================================== base puzzles

GODS_BASES = {
    "hardest": {"title": "The Hardest Logic Puzzle Ever", "kind": "interrogation", "agents": ["A", "B", "C"],
                "types": ["truthful", "liar", "random"], "words": ["ja", "da"], "goal": "types", "max_questions": 3,
                "random": "word", "paradox": "forbidden",
                "questions": {"language": "grammar", "max_complexity": 2}, "objective": "worst"},
    "knight_or_knave": {"title": "Knight or knave", "description": "one question", "agents": ["A"], "max_questions": 1,
                        "allowed": {"A": ["knight", "knave"]}},
    "two_gods": {"agents": ["A", "B"], "types": ["truthful", "liar"], "words": ["ja", "da"], "random": "coin",
                 "questions": {"language": "any"}},
}
DEDUCTION_BASES = {
    "said_knave": {"title": "B: 'A said he is a knave'. C: 'B is lying.'", "kind": "deduction",
                   "agents": ["A", "B", "C"], "types": ["knight", "knave"],
                   "statements": [["says", "B", ["says", "A", ["type", "A", "knave"]]], ["says", "C", ["type", "B", "knave"]]]},
    "ages": {"kind": "deduction", "agents": ["a", "b", "c"], "types": ["truth-teller", "liar"],
             "statements": [["says", "a", ["gt", "age.b", 3]], ["says", "b", ["lt", "age.c", 2]],
                            ["says", "c", ["count", "liar", ">=", 1]]],
             "facts": [["forall", "x", ["implies", ["type", "x", "liar"], ["ge", "age.x", 1]]]],
             "counts": {"liar": 1},
             "variables": {"age": {"per_agent": True, "min": 0, "max": 5}}},
    "allowed": {"kind": "deduction", "agents": ["A", "B"], "allowed": {"A": ["knight"], "B": ["knight", "knave", "random"]},
                "statements": [["says", "B", ["type", "A", "knave"]]], "facts": [["or", True, False]]},
}
GRID_BASES = {
    "small": {"title": "Two houses", "kind": "grid", "houses": 3,
              "categories": {"color": ["red", "green", "blue"], "pet": ["cat", "dog", "fish"]},
              "clue": [{"expr": ["at", "red", 1], "text": "The red house is first."},
                       {"expr": ["directly_left", "green", "blue"]},
                       {"expr": ["same", "cat", "blue"]}, {"expr": ["next_to", "dog", "red"]}],
              "question": [{"text": "Who owns the fish?", "value": "fish"}]},
}

# which Python types each key takes (a value of another type must be refused: exit 2)
STR, INT, LIST, DICT, CHOICE = "str", "int", "list", "dict", "choice"
GODS_KEYS = {"title": STR, "description": STR, "kind": (CHOICE, ("interrogation",)), "agents": LIST, "types": LIST,
             "allowed": DICT, "words": LIST, "goal": (CHOICE, ("types", "types+language")), "max_questions": INT,
             "random": (CHOICE, ("word", "word-or-silent", "coin", "coin-shared")),
             "paradox": (CHOICE, ("forbidden", "silent")), "questions": DICT,
             "questions.language": (CHOICE, ("grammar", "any")), "questions.max_complexity": INT,
             "objective": (CHOICE, ("worst", "expected"))}
DEDUCTION_KEYS = {"title": STR, "description": STR, "kind": (CHOICE, ("deduction",)), "agents": LIST, "types": LIST,
                  "allowed": DICT, "counts": DICT, "variables": DICT, "statements": LIST, "facts": LIST,
                  "variables.age": (DICT, LIST), "variables.age.per_agent": "bool", "variables.age.min": INT,
                  "variables.age.max": INT, "counts.liar": INT, "allowed.B": LIST, "statements.0": LIST}
GRID_KEYS = {"title": STR, "description": STR, "kind": (CHOICE, ("grid",)), "houses": INT, "categories": DICT,
             "clue": LIST, "question": LIST, "categories.color": LIST, "clue.0": DICT, "clue.0.expr": LIST,
             "clue.0.text": STR, "question.0": DICT, "question.0.value": STR, "question.0.text": STR}

# keys that get every hostile value; the others (and nested keys) get a subset of 15
FULL_KEYS = {"title", "agents", "types", "allowed", "words", "max_questions", "variables", "statements", "facts", "houses",
             "categories", "clue"}

MISSPELT = {
    "kind": ["interogation", "Deduction", "grids", "gods"], "types": [["truthfull", "liar", "random"], ["wizard", "liar", "random"]],
    "random": ["wrod", "Coin", "knave-or-random"], "paradox": ["forbiden", "explode"], "goal": ["type", "types+lang"],
    "objective": ["worse", "average"], "questions.language": ["grammer", "all"], "words": [["ja", "ja"], ["silent", "da"]],
    "agents": [["A", "A", "B"], ["A", "B", "A"]],
}


def hostile_values() -> list[tuple[str, object]]:
    return [
        ("list-str", ["A", "B"]), ("list-empty", []), ("list-nested", [["A", "B"]]), ("list-mixed", ["A", 1, True]),
        ("table", {"a": 1}), ("table-empty", {}), ("float", 1.5), ("float-nan", float("nan")),
        ("float-inf", float("inf")), ("bool-true", True), ("bool-false", False), ("int-0", 0), ("int-neg", -1),
        ("int-max", 2 ** 63 - 1), ("int-overflow", Raw("99999999999999999999999")), ("str-empty", ""),
        ("str-blank", "   "), ("str-long", "x" * 100_000), ("str-unicode", "Ωμέγα·神🙂"), ("str-markup-close", "[/]"),
        ("str-markup-bold", "[bold]B[/bold]"), ("str-nul", "a\x00b"), ("str-ansi", "\x1b[31mred\x1b[0m"),
        ("str-rtl", "\u202eA"), ("str-newline", "A\nB"), ("deep-list", deep_list(1000)),
        ("list-markup", ["[/]", "[bold]"]), ("list-long-str", ["x" * 10_000, "y"]),
        ("list-many", [f"A{i}" for i in range(500)]), ("str-number", "3"),
    ]


def value_fits(spec, value) -> bool | None:
    """True if `value` has the type the key takes, False if not, None if it cannot be told here."""
    if isinstance(value, Raw):
        return False if value.text.startswith("[") and spec in (STR, INT, DICT, "bool") else None
    if isinstance(spec, tuple) and spec and spec[0] == CHOICE:
        return value in spec[1]
    if isinstance(spec, tuple):
        return any(value_fits(s, value) is not False for s in spec) or False
    if spec == STR:
        return isinstance(value, str)
    if spec == "bool":
        return isinstance(value, bool)
    if spec == INT:
        return (isinstance(value, int) and not isinstance(value, bool) and value >= 0) or (None if isinstance(value, int) and not isinstance(value, bool) else False)
    if spec == LIST:
        return None if isinstance(value, list) else False
    if spec == DICT:
        return None if isinstance(value, dict) else False
    return None


def set_path(doc: dict, path: str, value) -> dict:
    doc = copy.deepcopy(doc)
    parts = path.split(".")
    node = doc
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return doc


def del_path(doc: dict, path: str) -> dict:
    doc = copy.deepcopy(doc)
    parts = path.split(".")
    node = doc
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    if isinstance(node, list):
        del node[int(parts[-1])]
    else:
        del node[parts[-1]]
    return doc


# ====================================================================== cases

class Gen:
    """Collects cases: each a dict with the command, its files, what it must give."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.cases: list[dict] = []

    def add(self, cat: str, sub: str, argv: list[str], files: dict[str, bytes] | None = None, *, stdin: bytes | None = None,
            named: str | None = None, expect: set[int] | None = None, expect_lines: int | None = None,
            markup: str | None = None, env: dict | None = None, stdout: str | None = None, dirs: list[str] | None = None,
            add_limit: bool = True, why: str = "") -> None:
        argv = list(argv)
        limit_s = None
        if add_limit and sub in ("solve", "survey") and "--limit" not in argv and "--help" not in argv:
            argv += ["--limit", LIMIT]
        if sub == "solve" and "--limit" in argv:
            for i, a in enumerate(argv[:-1]):
                if a == "--limit":
                    m = re.fullmatch(r"\s*([0-9.eE+]+)\s*[sS]\s*", argv[i + 1])
                    try:
                        sec = float(m.group(1)) if m else None
                    except ValueError:
                        sec = None
                    if sec is not None and 0 < sec < 1e6:
                        limit_s = min(limit_s or sec, sec)
        memory_mb = None
        if "--memory" in argv[:-1]:
            m = re.fullmatch(r"([0-9.]+)([MG])", argv[argv.index("--memory") + 1])
            if m:
                memory_mb = float(m.group(1)) * (1024 if m.group(2) == "G" else 1)
        self.cases.append({"id": "", "cat": cat, "sub": sub, "argv": argv, "files": files or {}, "stdin": stdin,
                           "memory_mb": memory_mb,
                           "named": named, "expect": sorted(expect) if expect is not None else None,
                           "expect_lines": expect_lines, "markup": markup, "env": env or {}, "stdout": stdout,
                           "dirs": dirs or [], "limit_s": limit_s, "why": why})

    # ------------------------------------------------------------------ puzzle files

    def toml_key_mutations(self, kind: str, bases: dict, keys: dict) -> None:
        names = list(bases)
        hostile = hostile_values()
        subset = {"list-str", "list-empty", "table", "float", "float-nan", "bool-true", "int-neg", "int-max",
                  "str-empty", "str-long", "str-markup-close", "str-nul", "deep-list", "list-mixed", "str-number"}
        for ki, (key, spec) in enumerate(keys.items()):
            for hi, (hname, value) in enumerate(hostile):
                if key not in FULL_KEYS and hname not in subset:
                    continue
                base_name = names[(ki + hi) % len(names)]
                base = bases[base_name]
                try:
                    doc = set_path(base, key, value)
                except (KeyError, IndexError, TypeError):
                    base_name = next((n for n in names if _has_path(bases[n], key)), None)
                    if base_name is None:
                        continue
                    doc = set_path(bases[base_name], key, value)
                fits = value_fits(spec, value)
                expect = {2} if fits is False else ({0, 1} if fits and key in ("title", "description") else None)
                if key in ("title", "description") and isinstance(value, str) and len(value) > 50_000:
                    expect = None  # a size cap refusing it is fine too
                markup = None
                if key == "title" and isinstance(value, str) and "[" in value:
                    markup = value
                self.puzzle_case(f"{kind}-toml/key:{key}={hname}", toml_dumps(doc).encode(), expect=expect, markup=markup)
            for mname in MISSPELT.get(key, []):
                doc = set_path(bases[names[0]], key, mname) if _has_path(bases[names[0]], key) else None
                if doc is not None:
                    self.puzzle_case(f"{kind}-toml/misspelt:{key}", toml_dumps(doc).encode(), expect={2})
            # the key missing, and misspelt as a key
            for base_name in names:
                if _has_path(bases[base_name], key):
                    self.puzzle_case(f"{kind}-toml/missing:{key}", toml_dumps(del_path(bases[base_name], key)).encode())
                    if "." not in key:
                        doc = dict(bases[base_name])
                        doc[key + "s" if not key.endswith("s") else key[:-1]] = doc.pop(key)
                        self.puzzle_case(f"{kind}-toml/misspelt-key:{key}", toml_dumps(doc).encode(), expect={2})
                    break

    def puzzle_case(self, cat: str, data: bytes, *, name: str = "puzzle.toml", expect=None, markup=None,
                    extra: list[str] | None = None, expect_lines=None, why: str = "") -> None:
        self.add(cat, "solve", ["solve", name, *(extra or [])], {name: data}, named=name, expect=expect, markup=markup,
                 expect_lines=expect_lines, why=why)

    def byte_mutations(self, cat: str, data: bytes, name: str, base_expect: set[int] | None, runner=None,
                       truncations: int = 4) -> None:
        run = runner or (lambda c, d, e: self.puzzle_case(c, d, name=name, expect=e))
        rng = self.rng
        run(f"{cat}/valid", data, base_expect)
        run(f"{cat}/bom", b"\xef\xbb\xbf" + data, base_expect)
        run(f"{cat}/crlf", data.replace(b"\n", b"\r\n"), base_expect)
        run(f"{cat}/utf16", data.decode("utf-8").encode("utf-16"), {2})
        run(f"{cat}/latin1-e-acute", data + "# café\n".encode("latin-1"), {2})
        pos = rng.randrange(len(data) + 1)
        run(f"{cat}/stray-0xff", data[:pos] + b"\xff" + data[pos:], {2})
        pos = rng.randrange(len(data) + 1)
        run(f"{cat}/nul-byte", data[:pos] + b"\x00" + data[pos:], None)
        run(f"{cat}/empty", b"", None)
        run(f"{cat}/only-newlines", b"\n\n\r\n", None)
        for k in range(truncations):
            cut = rng.randrange(1, max(2, len(data)))
            run(f"{cat}/truncated", data[:cut], None)
        run(f"{cat}/garbage-tail", data + bytes(rng.randrange(256) for _ in range(40)), None)
        run(f"{cat}/huge-comment", data + b"#" + b"x" * 2_000_000 + b"\n", None)

    def gods_files(self) -> None:
        self.toml_key_mutations("gods", GODS_BASES, GODS_KEYS)
        for name, base in GODS_BASES.items():
            self.byte_mutations(f"gods-toml/bytes:{name}", toml_dumps(base).encode(), "puzzle.toml", {0})
            dup = toml_dumps(base) + 'agents = ["X"]\n'
            self.puzzle_case("gods-toml/duplicate-key", dup.encode(), expect={2})
            self.puzzle_case("gods-toml/unknown-key", (toml_dumps(base) + "colour = 1\n").encode(), expect={2})
            self.puzzle_case("gods-toml/unknown-questions-key",
                             toml_dumps({**base, "questions": {"langauge": "any"}}).encode(), expect={2})
        # markup and unicode names
        for token in ("[/]", "[bold]A[/bold]", "[red]", "[link=http://x]B[/link]", "Ωμέγα", "A\u0301", "🙂"):
            doc = {**GODS_BASES["two_gods"], "agents": [token, "B"]}
            self.puzzle_case("gods-toml/markup-agent", toml_dumps(doc).encode(), expect={0}, markup=token)
            doc = {**GODS_BASES["two_gods"], "words": [token, "da"]}
            self.puzzle_case("gods-toml/markup-word", toml_dumps(doc).encode(), expect={0}, markup=token)
            doc = {**GODS_BASES["two_gods"], "types": [token, "liar"]}
            self.puzzle_case("gods-toml/markup-type", toml_dumps(doc).encode(), expect={2}, markup=token)
        # many agents and words
        for n in (5, 7, 12, 20):
            types = (["truthful", "liar", "random"] * n)[:n]
            doc = {"agents": [f"G{i}" for i in range(n)], "types": types, "words": ["ja", "da"]}
            self.puzzle_case(f"gods-toml/many-gods-perm:{n}", toml_dumps(doc).encode(), expect={0, 2, 3})
        for n in (4, 8, 20):
            doc = {"agents": [f"G{i}" for i in range(n)], "allowed": {f"G{i}": ["truthful", "liar", "random"] for i in range(n)}}
            self.puzzle_case(f"gods-toml/many-gods-allowed:{n}", toml_dumps(doc).encode(), expect={0, 2, 3})
        for n in (3, 4, 6, 10, 50):
            doc = {"agents": ["A", "B"], "types": ["truthful", "liar"], "words": [f"w{i}" for i in range(n)]}
            self.puzzle_case(f"gods-toml/many-words:{n}", toml_dumps(doc).encode())
        for n in (3, 5, 10, 40):
            doc = {"agents": ["A"], "allowed": {"A": ["truthful", "liar"]}, "questions": {"max_complexity": n}}
            self.puzzle_case(f"gods-toml/max-complexity:{n}", toml_dumps(doc).encode())
            doc = {"agents": ["A", "B", "C"], "types": ["truthful", "liar", "random"], "words": ["ja", "da"],
                   "questions": {"max_complexity": n}}
            self.puzzle_case(f"gods-toml/max-complexity-3gods:{n}", toml_dumps(doc).encode())
        for mq in (0, 1, 2, 100, 2 ** 62):
            doc = {**GODS_BASES["hardest"], "max_questions": mq}
            self.puzzle_case(f"gods-toml/max-questions:{mq}", toml_dumps(doc).encode(), expect={0} if mq < 100 else None)
            doc = {**GODS_BASES["hardest"], "max_questions": mq, "objective": "expected"}
            self.puzzle_case(f"gods-toml/max-questions-expected:{mq}", toml_dumps(doc).encode(),
                             expect={0} if mq < 100 else None)
        self.puzzle_case("gods-toml/deep-nesting-10000", ("agents = " + "[" * 10000 + '"A"' + "]" * 10000 + "\n").encode(),
                         expect={2})
        self.puzzle_case("gods-toml/deep-table-2000", ("x = " + "{a = " * 2000 + "1" + "}" * 2000 + "\n").encode(), expect={2})
        self.puzzle_case("gods-toml/allowed-case-dup",
                         toml_dumps({"agents": ["A", "a"], "allowed": {"A": ["truthful"], "a": ["liar", "truthful"]}}).encode())
        # the cross product of small gods puzzles (where "no question realises a split" used to live)
        types = ["truthful", "liar", "random", "silent", "constant:yes", "constant:no", "constant:neither", "knave", "true"]
        randoms = ["word", "word-or-silent", "coin", "coin-shared"]
        for i in range(200):
            rng = self.rng
            n = rng.choice([1, 1, 2, 2, 2, 3])
            agents = ["A", "B", "C"][:n]
            words = rng.choice([None, ["ja", "da"], ["ja", "da", "ba"], ["foo", "bar", "baz", "qux"]])
            doc: dict = {"agents": agents}
            if rng.random() < 0.5:
                doc["types"] = [rng.choice(types) for _ in agents]
            else:
                doc["allowed"] = {a: rng.sample(types, rng.randint(1, 3)) for a in agents}
            if words:
                doc["words"] = words
            doc["random"] = rng.choice(randoms)
            doc["paradox"] = rng.choice(["forbidden", "silent"])
            doc["goal"] = rng.choice(["types", "types", "types+language"])
            doc["objective"] = rng.choice(["worst", "worst", "expected"])
            if rng.random() < 0.5:
                doc["max_questions"] = rng.randint(0, 4)
            doc["questions"] = {"language": rng.choice(["grammar", "any"]), "max_complexity": rng.randint(0, 2)}
            self.puzzle_case("gods-toml/cross-product", toml_dumps(doc).encode(), expect={0, 2, 3})
        # found by an earlier run of this sweep (exit 70: "no split reaches the optimum it was computed from")
        doc = {"agents": ["A", "B"], "allowed": {"A": ["constant:no"], "B": ["constant:neither", "constant:no"]},
               "words": ["foo", "bar", "baz", "qux"], "objective": "expected"}
        self.puzzle_case("gods-toml/cross-product-found", toml_dumps(doc).encode(), expect={0, 2, 3})

    def deduction_files(self) -> None:
        self.toml_key_mutations("deduction", DEDUCTION_BASES, DEDUCTION_KEYS)
        for name, base in DEDUCTION_BASES.items():
            self.byte_mutations(f"deduction-toml/bytes:{name}", toml_dumps(base).encode(), "puzzle.toml", {0, 1})
        base = DEDUCTION_BASES["said_knave"]
        bad_statements = [
            ["says"], ["says", "A"], ["says", "Z", True], ["says", 1, True], ["says", ["A"], True], ["says", "A", ["type", "A", "wizard"]],
            ["says", "A", ["type", "A"]], ["says", "A", ["count", "knave", ">=", -1]], ["says", "A", ["count", "knave", "~", 1]],
            ["says", "A", ["count", "knave", ">=", 1.5]], ["says", "A", ["count", "knave", ">=", 2 ** 62]],
            ["says", "A", ["count", "wizard", ">=", 1]], ["says", "A", ["count", [], "eq", 0]], ["says", "A", ["forall", 1, True]],
            ["forall", "x"], ["exists", "x", ["type", "x", "knave"]], ["says", "A", ["gt", "age.A", 20]],
            ["says", "A", ["and"]], ["says", "A", ["or", True]], ["says", "A", ["not", True, False]], ["says", "A", ["implies", True]],
            ["says", "A", ["iff", True, True, True]], ["says", "A", []], ["says", "A", {}], ["says", "A", "knave"],
            ["says", "A", ["means", "ja", "yes"]], ["says", "A", ["answers", "B", True, "ja"]], ["says", "A", ["self", "ja"]],
            ["says", "A", ["says", "Z", True]], ["says", "A", ["type", "[/]", "knave"]], ["says", "A", ["type", "A", "[bold]"]],
            ["says", "A", ["forall", "x", ["type", "x.y", "knave"]]], ["says", "A", ["eq", 1, 2]], ["says", "A", ["eq", "x", True]],
            ["says", "A", ["xor", True, False]], ["says", "A", [True]], ["says", "A", ["true", 1]], 1, "x", True, [],
        ]
        for st in bad_statements:
            doc = {**base, "statements": [st]}
            self.puzzle_case("deduction-toml/statement", toml_dumps(doc).encode())
            doc = {**base, "statements": [], "facts": [st]}
            self.puzzle_case("deduction-toml/fact", toml_dumps(doc).encode())
        for n in (100, 500, 1000, 3000, 20000):
            doc = toml_dumps({**base, "statements": [["says", "A", deep_not(n)]]})
            self.puzzle_case(f"deduction-toml/deep-not:{n}", doc.encode(), expect={0, 1, 2})
            doc = toml_dumps({**base, "statements": [], "facts": [Raw('["and", true, ' * n + "true" + "]" * n)]})
            self.puzzle_case(f"deduction-toml/deep-and:{n}", doc.encode(), expect={0, 1, 2})
            doc = toml_dumps({**base, "statements": [Raw('["says", "A", ' * n + "true" + "]" * n)]})
            self.puzzle_case(f"deduction-toml/deep-says:{n}", doc.encode(), expect={0, 1, 2})
        self.puzzle_case("deduction-toml/wide-and-20000",
                         toml_dumps({**base, "facts": [["and", *([True] * 20000)]]}).encode(), expect={0, 1, 2})
        self.puzzle_case("deduction-toml/many-statements-5000",
                         toml_dumps({**base, "statements": [["says", "A", ["type", "B", "knave"]]] * 5000}).encode(), expect={0, 1, 2, 3})
        for n in (20, 25, 30, 60, 200):
            agents = [f"P{i}" for i in range(n)]
            doc = {"kind": "deduction", "agents": agents,
                   "statements": [["says", agents[i], ["type", agents[(i + 1) % n], "knave"]] for i in range(0, n, 3)]}
            self.puzzle_case(f"deduction-toml/many-agents:{n}", toml_dumps(doc).encode(), expect={0, 1, 2, 3})
            self.puzzle_case(f"deduction-toml/many-agents-sat:{n}", toml_dumps(doc).encode(), extra=["--backend", "sat"],
                             expect={0, 1, 2, 3})
        for name, var in [("range-1e9", {"per_agent": True, "min": 0, "max": 10 ** 9}),
                          ("range-1e18", {"min": -10 ** 18, "max": 10 ** 18}),
                          ("range-1e6-shared", {"min": 0, "max": 10 ** 6}),
                          ("range-120-10agents", {"per_agent": True, "min": 0, "max": 120}),
                          ("per-agent-no", {"per_agent": "no", "min": 0, "max": 3}),
                          ("per-agent-0", {"per_agent": 0, "min": 0, "max": 3}),
                          ("per-agent-yes", {"per_agent": "yes", "min": 0, "max": 3}),
                          ("min-gt-max", {"min": 5, "max": 1}), ("float-bounds", {"min": 0.5, "max": 3}),
                          ("list-empty", []), ("list-mixed", [1, "a"]), ("list-bools", [True, False]),
                          ("list-huge", list(range(200000))), ("unknown-key", {"min": 0, "max": 1, "step": 1}),
                          ("missing-max", {"min": 0})]:
            agents = [f"p{i}" for i in range(10)] if name == "range-120-10agents" else ["A", "B", "C"]
            doc = {"kind": "deduction", "agents": agents, "variables": {"age": var}}
            expect = {2} if name in ("per-agent-no", "per-agent-0", "per-agent-yes", "min-gt-max", "float-bounds", "list-empty",
                                     "list-mixed", "list-bools", "unknown-key", "missing-max") else {0, 1, 2, 3}
            self.puzzle_case(f"deduction-toml/variables:{name}", toml_dumps(doc).encode(), expect=expect)
        for name, counts in [("wizard", {"wizard": 1}), ("neg", {"knave": -1}), ("float", {"knave": 1.5}),
                             ("huge", {"knave": 2 ** 62}), ("str", {"knave": "one"}), ("markup", {"[/]": 1}),
                             ("too-many", {"knave": 4}), ("both", {"knave": 2, "knight": 2})]:
            self.puzzle_case(f"deduction-toml/counts:{name}", toml_dumps({**base, "counts": counts}).encode(),
                             expect={2} if name in ("wizard", "neg", "float", "str", "markup") else {0, 1})
        for token in ("[/]", "[bold]A[/bold]", "Ωμέγα", "[red]x"):
            doc = {**base, "agents": [token, "B", "C"],
                   "statements": [["says", "B", ["says", token, ["type", token, "knave"]]], ["says", "C", ["type", "B", "knave"]]]}
            self.puzzle_case("deduction-toml/markup-agent", toml_dumps(doc).encode(), expect={0}, markup=token)
            doc = {**base, "types": [token, "knave"]}
            self.puzzle_case("deduction-toml/markup-type", toml_dumps(doc).encode(), expect={2}, markup=token)
        self.puzzle_case("deduction-toml/duplicate-agents", toml_dumps({**base, "agents": ["A", "A", "C"]}).encode(), expect={2})
        self.puzzle_case("deduction-toml/types-twice", toml_dumps({**base, "types": ["knight", "knight"]}).encode())
        self.puzzle_case("deduction-toml/types-same-role", toml_dumps({**base, "types": ["knight", "truthful"]}).encode())
        # the README's deduction example says: types = [...]  # default knight/knave; add "normal"/random
        self.puzzle_case("deduction-toml/type-normal-documented", toml_dumps({**base, "types": ["knight", "knave", "normal"]}).encode(),
                         expect={0, 1}, why="README: add \"normal\"/random")
        self.puzzle_case("deduction-toml/types-gods-only", toml_dumps({**base, "types": ["silent", "constant:yes"]}).encode(),
                         expect={2})

    def grid_files(self) -> None:
        self.toml_key_mutations("grid", GRID_BASES, GRID_KEYS)
        base = GRID_BASES["small"]
        self.byte_mutations("grid-toml/bytes:small", toml_dumps(base).encode(), "puzzle.toml", {0})
        for h in (0, -1, 1, 2, 9, 26, 100, 10 ** 9, 2 ** 62):
            cats = {"color": [f"c{i}" for i in range(h)]} if 0 < h <= 100 else {"color": ["red"]}
            doc = {"kind": "grid", "houses": h, "categories": cats}
            self.puzzle_case(f"grid-toml/houses:{h}", toml_dumps(doc).encode(), expect={2} if h < 1 or h > 100 else {0, 2, 3})
        for n, k in ((6, 6), (8, 8), (9, 9), (10, 3)):
            doc = {"kind": "grid", "houses": n, "categories": {f"k{j}": [f"v{j}_{i}" for i in range(n)] for j in range(k)}}
            self.puzzle_case(f"grid-toml/no-clues:{n}x{k}", toml_dumps(doc).encode(), expect={0, 3})
        cats = base["categories"]
        bad_categories = [("mismatch", {"color": ["red", "green"], "pet": ["cat", "dog", "fish"]}),
                          ("dup-value", {"color": ["red", "red", "blue"], "pet": ["cat", "dog", "fish"]}),
                          ("dup-case", {"color": ["Red", "red", "blue"], "pet": ["cat", "dog", "fish"]}),
                          ("shared-value", {"color": ["red", "green", "blue"], "pet": ["cat", "dog", "red"]}),
                          ("empty-value", {"color": ["", "green", "blue"], "pet": ["cat", "dog", "fish"]}),
                          ("non-str", {"color": [1, 2, 3], "pet": ["cat", "dog", "fish"]}),
                          ("colon-value", {"color": ["a:b", "green", "blue"], "pet": ["cat", "dog", "fish"]}),
                          ("markup-value", {"color": ["[/]", "green", "blue"], "pet": ["cat", "dog", "fish"]}),
                          ("empty", {}), ("list-cat", {"color": {"a": 1}})]
        for name, c in bad_categories:
            doc = {**base, "categories": c}
            exp = {2} if name in ("mismatch", "dup-value", "dup-case", "empty-value", "non-str", "empty", "list-cat") else None
            self.puzzle_case(f"grid-toml/categories:{name}", toml_dumps(doc).encode(), expect=exp)
        bad_clues = [["same"], ["same", "red"], ["same", "red", "cat", "dog"], ["at", "red", 0], ["at", "red", 4], ["at", "red", 1.5],
                     ["at", "red", "1"], ["at", "red", True], ["at", "red", 2 ** 62], ["between", "red", "cat", -1],
                     ["between", "red", "cat", 1.5], ["between", "red", "cat", 100], ["same", "zebra", "red"], ["same", 1, 2],
                     ["left_of", "red", "red"], ["not"], ["and", ["at", "red", 1]], ["or"], ["xor", ["at", "red", 1], ["at", "red", 2]],
                     ["type", "A", "knave"], [], "red", 1, ["same", "color:red", "pet:cat"], ["same", "COLOR:RED", "Cat"],
                     ["same", "colour:red", "cat"], ["next_to", "[/]", "cat"]]
        for clue in bad_clues:
            doc = {**base, "clue": [{"expr": clue}]}
            self.puzzle_case("grid-toml/clue", toml_dumps(doc).encode())
        for n in (500, 1000, 5000):
            doc = {**base, "clue": [{"expr": deep_not(n, '["at", "red", 1]')}]}
            self.puzzle_case(f"grid-toml/deep-clue:{n}", toml_dumps(doc).encode(), expect={0, 1, 2})
        self.puzzle_case("grid-toml/clue-table-extra", toml_dumps({**base, "clue": [{"expr": ["at", "red", 1], "hint": 1}]}).encode(),
                         expect={2})
        self.puzzle_case("grid-toml/clue-text-list", toml_dumps({**base, "clue": [{"expr": ["at", "red", 1], "text": ["x"]}]}).encode(),
                         expect={2})
        self.puzzle_case("grid-toml/inconsistent", toml_dumps({**base, "clue": [{"expr": ["at", "red", 1]}, {"expr": ["at", "red", 2]}]}).encode(),
                         expect={1})
        for q in ([{"text": "Who?", "value": "zebra"}], [{"text": "Who?"}], [{"text": 1, "value": "cat"}], [{"value": "cat"}],
                  [{"text": "Who?", "value": "cat", "extra": 1}], [{"text": "[/]", "value": "cat"}]):
            self.puzzle_case("grid-toml/question", toml_dumps({**base, "question": q}).encode())

    # ------------------------------------------------------------------ strategies

    def strategies(self) -> None:
        rng = self.rng
        boolos_toml = read_example("boolos.toml")
        boolos = json.loads(read_example("boolos_strategy.json"))
        hardest_toml = read_example("hardest.toml")
        hardest_strategy = solved_strategy(os.path.join(EXAMPLES, "hardest.toml"))
        knight = {"ask": "A", "question": True,
                  "branches": {"yes": {"identified": {"A": "knight"}}, "no": {"identified": {"A": "knave"}}}}
        kok_toml = toml_dumps(GODS_BASES["knight_or_knave"]).encode()
        pairs = [("boolos", boolos_toml, boolos), ("knight", kok_toml, knight)]
        if hardest_strategy is not None:
            pairs.append(("hardest", hardest_toml, hardest_strategy))

        def verify_case(cat, puzzle_bytes, strategy_bytes, expect=None, named="strategy.json", extra=(), markup=None):
            self.add(cat, "verify", ["verify", "puzzle.toml", "strategy.json", *extra],
                     {"puzzle.toml": puzzle_bytes, "strategy.json": strategy_bytes}, named=named, expect=expect, markup=markup)

        for pname, ptoml, strat in pairs:
            sbytes = json.dumps(strat, indent=1).encode()
            verify_case(f"strategy/valid:{pname}", ptoml, sbytes, {0})
            verify_case(f"strategy/valid-json:{pname}", ptoml, sbytes, {0}, extra=["--json"])
            self.byte_mutations(f"strategy/bytes:{pname}", sbytes, "strategy.json", {0},
                                runner=lambda c, d, e, p=ptoml: verify_case(c, p, d, e), truncations=5)
            roots = [[], "x", 1, None, True, {}, {"ask": "A"}, {"identified": "x"}, {"identified": {"A": "wizard"}},
                     {"identified": {"Z": "truthful"}}, {"identified": {"A": 1}}, {"strategy": None}, {"strategy": 1},
                     {"identified": {}}, {"identified": {"A": "truthful"}, "language": "x"}]
            for r in roots:
                verify_case(f"strategy/root:{pname}", ptoml, json.dumps(r).encode(), {1, 2})
            asks = _ask_paths(strat)
            node_mutations = [
                ("ask", "Z", {1, 2}), ("ask", 1, {2}), ("ask", [], {2}), ("ask", "", {1, 2}), ("ask", "[/]", {1, 2}),
                ("question", ["foo"], {2}), ("question", [], {2}), ("question", {}, {2}), ("question", 1, {2}),
                ("question", None, {2}), ("question", "Is A random?", {0, 1, 2}),
                ("question", "What is the meaning of life?", {2}), ("question", "", {2}), ("question", "[bold]x", {2}),
                ("question", ["type", "A", "wizard"], {2}), ("question", ["type", "Z", "random"], {2}),
                ("question", ["means", "ja", "maybe"], {2}), ("question", ["means", "xx", "yes"], {2}),
                ("question", ["self", "ja"], {1, 2}), ("question", ["answers", "A", True, "zz"], {2}),
                ("question", ["and", True], {2}), ("question", deep_not(3000), {1, 2}),
                ("question", deep_not(100), {0, 1}), ("question", "Ask A: " + "Is B random and " * 300 + "is C random?", {1, 2}),
                ("branches", {}, {2}), ("branches", [], {2}), ("branches", None, {2}),
                ("branches", {"maybe": {"identified": {"A": "truthful"}}}, {1, 2}),
                ("english", 1, None), ("extra", 1, {2}), ("del:branches", None, {2}), ("del:question", None, {2}),
            ]
            for field, value, expect in node_mutations:
                path = rng.choice(asks)
                s = copy.deepcopy(strat)
                node = _node_at(s, path)
                if field.startswith("del:"):
                    node.pop(field[4:], None)
                else:
                    node[field] = value
                verify_case(f"strategy/node:{field}:{pname}", ptoml, json_dumps(s).encode(), expect)
            # outcomes: a missing branch fails verification; an unknown outcome is wrong input or a failure
            for kind in ("missing", "renamed-upper", "renamed-yes", "silent-added", "dup-leaf-wrong"):
                path = rng.choice(asks)
                s = copy.deepcopy(strat)
                node = _node_at(s, path)
                outs = list(node["branches"])
                if kind == "missing":
                    node["branches"].pop(outs[0])
                    expect = {1}
                elif kind == "renamed-upper":
                    node["branches"][outs[0].upper()] = node["branches"].pop(outs[0])
                    expect = {1, 2}
                elif kind == "renamed-yes":
                    node["branches"]["yes" if outs[0] != "yes" else "ja"] = node["branches"].pop(outs[0])
                    expect = {1, 2}
                elif kind == "silent-added":
                    node["branches"]["silent"] = copy.deepcopy(node["branches"][outs[0]])
                    expect = {0, 1}
                else:
                    for o in outs:
                        node["branches"][o] = copy.deepcopy(node["branches"][outs[0]])
                    expect = {1}
                verify_case(f"strategy/outcome:{kind}:{pname}", ptoml, json.dumps(s).encode(), expect)
            # more questions than the budget allows: must fail verification (exit 1)
            first = strat["ask"] if isinstance(strat.get("ask"), str) else "A"
            longer = {"ask": first, "question": True, "branches": {o: copy.deepcopy(strat) for o in _outcomes(ptoml)}}
            verify_case(f"strategy/over-budget:{pname}", ptoml, json.dumps(longer).encode(), {1},)
            # deep trees
            for n in (200, 1000, 5000):
                chain = '{"ask": "A", "question": true, "branches": {"%s": ' % _outcomes(ptoml)[0]
                leaf = json.dumps({"identified": {a: "truthful" for a in ("A",)}})
                verify_case(f"strategy/deep-tree:{n}:{pname}", ptoml, (chain * n + leaf + "}}" * n).encode(), {1, 2})
            verify_case(f"strategy/deep-json:{pname}", ptoml, ("[" * 100000 + "]" * 100000).encode(), {2})
            verify_case(f"strategy/solve-document-null:{pname}", ptoml,
                        json.dumps({"schema": "smullyan/solve/gods", "solvable": False, "strategy": None}).encode(), {2})
            verify_case(f"strategy/solve-document:{pname}", ptoml, json.dumps({"schema": "x", "strategy": strat}).encode(), {0})
        # puzzle side of verify
        boolos_s = json.dumps(boolos).encode()
        verify_case("verify/puzzle-is-deduction", read_example("smullyan_said_knave.toml"), boolos_s, {2}, named="puzzle.toml")
        verify_case("verify/puzzle-bad-toml", b"agents = [", boolos_s, {2}, named="puzzle.toml")
        verify_case("verify/puzzle-mismatch", hardest_toml, json.dumps(knight).encode(), {1, 2})
        self.add("verify/puzzle-english", "verify", ["verify", "four_gods.txt", "strategy.json"],
                 {"four_gods.txt": read_example("four_gods.txt"), "strategy.json": boolos_s}, expect={1, 2})
        self.add("verify/puzzle-english-format-toml", "verify", ["verify", "--format", "toml", "four_gods.txt", "strategy.json"],
                 {"four_gods.txt": read_example("four_gods.txt"), "strategy.json": boolos_s}, named="four_gods.txt", expect={2})
        self.add("verify/puzzle-missing", "verify", ["verify", "nope.toml", "strategy.json"], {"strategy.json": boolos_s},
                 named="nope.toml", expect={2})
        self.add("verify/strategy-missing", "verify", ["verify", "puzzle.toml", "nope.json"], {"puzzle.toml": boolos_toml},
                 named="nope.json", expect={2})
        self.add("verify/strategy-dir", "verify", ["verify", "puzzle.toml", "d"], {"puzzle.toml": boolos_toml}, dirs=["d"],
                 named="d", expect={2})
        self.add("verify/strategy-dev-zero", "verify", ["verify", "puzzle.toml", "/dev/zero"], {"puzzle.toml": boolos_toml},
                 named="/dev/zero", expect={2})
        self.add("verify/strategy-huge", "verify", ["verify", "puzzle.toml", "strategy.json"],
                 {"puzzle.toml": boolos_toml, "strategy.json": b" " * (17 * 1024 * 1024) + boolos_s}, named="strategy.json", expect={2})
        self.add("verify/stdin-puzzle", "verify", ["verify", "-", "strategy.json"], {"strategy.json": boolos_s},
                 stdin=read_example("four_gods.txt"), expect={1, 2})
        self.add("verify/stdin-puzzle-toml", "verify", ["verify", "--format", "toml", "-", "strategy.json"],
                 {"strategy.json": boolos_s}, stdin=boolos_toml, expect={0})
        self.add("verify/format-kk", "verify", ["verify", "--format", "kk", "puzzle.toml", "strategy.json"],
                 {"puzzle.toml": boolos_toml, "strategy.json": boolos_s}, expect={2})
        self.add("verify/too-many-args", "verify", ["verify", "a.toml", "b.json", "c"], expect={2})

    # ------------------------------------------------------------------ English

    def english(self) -> None:
        rng = self.rng
        texts = {
            "gods": read_example("four_gods.txt").decode(),
            "knights": read_example("smullyan_truth_tellers.txt").decode(),
            "classic": read_example("three_houses.txt").decode(),
            "zebralogic": read_example("zebralogic_3x3.txt").decode(),
            "kk": KK_QUIZ,
        }
        words = ["banana", "quux", "Zorblax", "not", "and", "if", "said", "\u00e9t\u00e9", "[/]", "42", "knave", "house", "Random"]
        for name, text in texts.items():
            data = text.encode()

            def run(c, d, e, name=name):
                self.puzzle_case(c, d, name="puzzle.txt", expect=e)
            self.byte_mutations(f"english/bytes:{name}", data, "puzzle.txt", {0}, runner=run, truncations=8)
            sentences = re.split(r"(?<=[.!?])\s+", text.strip())
            for _ in range(5):
                s = sentences[:]
                rng.shuffle(s)
                run(f"english/shuffled:{name}", " ".join(s).encode(), None)
            for _ in range(6):
                toks = text.split(" ")
                i = rng.randrange(len(toks))
                toks.insert(i, rng.choice(words))
                run(f"english/unknown-word:{name}", " ".join(toks).encode(), None)
            for _ in range(4):
                toks = text.split(" ")
                del toks[rng.randrange(len(toks))]
                run(f"english/word-deleted:{name}", " ".join(toks).encode(), None)
            run(f"english/sentence-twice:{name}", (text + "\n" + sentences[-1] + "\n").encode(), None)
            run(f"english/huge-1MB:{name}", (text + "\n") .encode() * max(1, 1_000_000 // len(data)), None)
            run(f"english/one-long-line:{name}", (" ".join(["and"] * 200_000)).encode(), {2})
            run(f"english/repeated-100:{name}", (text.strip() + " ") .encode() * 100, None)
            self.add(f"english/stdin:{name}", "solve", ["solve", "-", "--format", "text"], stdin=data, expect={0})
            self.add(f"english/stdin-auto:{name}", "solve", ["solve", "-"], stdin=data, expect={0})
            self.add(f"english/as-toml:{name}", "solve", ["solve", "puzzle.txt", "--format", "toml"], {"puzzle.txt": data},
                     named="puzzle.txt", expect={2})
            self.add(f"english/no-suffix:{name}", "solve", ["solve", "puzzle"], {"puzzle": data}, named="puzzle", expect={2})
            self.add(f"english/md-suffix:{name}", "solve", ["solve", "puzzle.md"], {"puzzle.md": data}, expect={0})
            self.add(f"english/upper-suffix:{name}", "solve", ["solve", "PUZZLE.TXT"], {"PUZZLE.TXT": data}, expect={0})
        for t in ("", " ", "\n\n", "Knights.", "Hello world.", "?", "\x00", "[/]", "A said, \"", '"' * 1000, "There are -3 houses."):
            self.puzzle_case("english/tiny", t.encode(), name="puzzle.txt", expect={2})
        kk = "Knights always tell the truth and knaves always lie. You meet 2 inhabitants: {a} and {b}. {a} said, \"{b} is a knave.\" {b} said, \"We are both knights.\""
        for a, b, exp, mk in (("Al", "Al", {2}, None), ("[bold]Al[/bold]", "Bo", None, None), ("Al", "[/]", None, None),
                              ("Ωμέγα", "Bo", {0, 2}, None), ("Al", "Al-Bo", None, None), ("Al", "al", {0, 2}, None)):
            self.puzzle_case("english/names", kk.format(a=a, b=b).encode(), name="puzzle.txt", expect=exp, markup=mk)
        self.puzzle_case("english/same-role-word",
                         b"On this island, knights always tell the truth, and knights always lie. You meet 2 inhabitants: Al and Bo. Al said, \"Bo is a knight.\"",
                         name="puzzle.txt", expect={2})
        for n in (10, 30, 60, 200):
            names = ["P" + "".join("abcdefghijklmnopqrstuvwxyz"[d] for d in (i // 26, i % 26)) for i in range(n)]
            said = " ".join(f'{names[i]} said, "{names[(i + 1) % n]} is a knave."' for i in range(n))
            txt = f"Knights always tell the truth and knaves always lie. You meet {n} inhabitants: {', '.join(names[:-1])} and {names[-1]}. {said}"
            self.puzzle_case(f"english/many-inhabitants:{n}", txt.encode(), name="puzzle.txt", expect={0, 1, 2, 3})
        for n, word in ((1, "one"), (2, "Two"), (5, "Five"), (7, "Seven"), (12, "Twelve"), (20, "Twenty")):
            names = [chr(65 + i) for i in range(min(n, 26))]
            g = (f"{word} gods {', '.join(names)} are called, in some order, " + ", ".join(["True", "False", "Random"] * n)[: 0] +
                 ", ".join((["True", "False", "Random"] * n)[:n]) + ". True always speaks truly, False always speaks falsely, but "
                 "whether Random answers 'ja' or 'da' is a completely random matter. Your task is to determine the identities of "
                 f"{', '.join(names)} by asking {word.lower()} yes-no questions; each question must be put to exactly one god. "
                 "The gods understand English, but will answer all questions in their own language, in which the words for yes "
                 "and no are ja and da, in some order. You do not know which word means which.")
            self.puzzle_case(f"english/gods-count:{n}", g.encode(), name="puzzle.txt")

    # ------------------------------------------------------------------ batches

    def batches(self) -> None:
        good_kk = [json.dumps(r) for r in KK_RECORDS]
        good_text = [json.dumps({"id": f"t{i}", "quiz": r["quiz"]}) for i, r in enumerate(KK_RECORDS)]
        bad_common = [
            ("invalid-json", "{not json"), ("array", "[1, 2]"), ("number", "42"), ("string", '"x"'), ("null", "null"),
            ("deep-json", "[" * 100000 + "]" * 100000), ("empty-object", "{}"), ("truncated", good_kk[0][: len(good_kk[0]) // 2]),
        ]
        bad_kk = bad_common + [
            ("odd-id-nul", '{"id": "x\\u0000", "names": ["A"], "statements": "((\'lying\', 0),)"}', {0, 1}),
            ("odd-id-markup", '{"id": "[/]", "names": ["A"], "statements": "((\'lying\', 0),)"}', {0, 1}),
            ("names-not-list", '{"names": "A", "statements": "()"}'),
            ("statements-bad-literal", '{"names": ["A"], "statements": "((\'lying\', 0)"}'),
            ("statements-code", '{"names": ["A"], "statements": "__import__(\'os\')"}'),
            ("statements-count", '{"names": ["A", "B"], "statements": "((\'lying\', 0),)"}'),
            ("person-out-of-range", '{"names": ["A"], "statements": "((\'lying\', 5),)"}'),
            ("person-negative", '{"names": ["A"], "statements": "((\'lying\', -1),)"}'),
            ("person-huge", '{"names": ["A"], "statements": "((\'lying\', 10**100),)"}'),
            ("unknown-head", '{"names": ["A"], "statements": "((\'maybe\', 0),)"}'),
            ("deep-literal", '{"names": ["A"], "statements": "' + "(" * 5000 + "'lying', 0" + ")" * 5000 + '"}'),
            ("deep-not", '{"names": ["A"], "statements": "(' + "('not', " * 300 + "('lying', 0)" + ")" * 300 + ',)"}'),
            ("statements-number", '{"names": ["A"], "statements": 3}'),
            ("dup-names", '{"names": ["A", "A"], "statements": "((\'lying\', 1), (\'lying\', 0))"}'),
            ("odd-id-list", '{"id": [1], "names": ["A"], "statements": "((\'lying\', 0),)"}', {0, 1}),
            ("names-empty-str", '{"names": [""], "statements": "((\'lying\', 0),)"}'),
        ]
        bad_text = bad_common + [
            ("odd-id-nul", json.dumps({"id": "x\u0000", "quiz": KK_QUIZ}), {0}),
            ("odd-id-markup", json.dumps({"id": "[/]", "quiz": KK_QUIZ}), {0}),
            ("no-field", '{"id": "x", "text": "hello"}'), ("field-number", '{"quiz": 3}'), ("field-list", '{"quiz": ["a"]}'),
            ("bad-english", '{"quiz": "Hello there. Nothing to see."}'), ("empty-english", '{"quiz": ""}'),
            ("gods-text", json.dumps({"quiz": read_example("four_gods.txt").decode()})),
            ("odd-zebra-text", json.dumps({"quiz": read_example("zebralogic_3x3.txt").decode()}), {0}),
            ("huge-text", json.dumps({"quiz": "Zorblax said, " * 100000})),
        ]
        for kind, good, bad in (("kk", good_kk, bad_kk), ("text", good_text, bad_text)):
            self.add(f"batch-{kind}/all-good", "solve", ["solve", "--format", kind, "batch.jsonl"],
                     {"batch.jsonl": ("\n".join(good) + "\n").encode()}, expect={0}, expect_lines=len(good))
            for name, line, *exp in bad:
                lines = [good[0], line, good[1], good[2]]
                self.add(f"batch-{kind}/bad-line:{name}", "solve", ["solve", "--format", kind, "batch.jsonl"],
                         {"batch.jsonl": ("\n".join(lines) + "\n").encode()}, named="batch.jsonl",
                         expect=exp[0] if exp else {2}, expect_lines=len(lines))
            data = ("\n".join(good)).encode()
            self.add(f"batch-{kind}/non-utf8-line", "solve", ["solve", "--format", kind, "batch.jsonl"],
                     {"batch.jsonl": data + b"\n\xff\xfe{}\n" + data + b"\n"}, named="batch.jsonl", expect={2},
                     expect_lines=2 * len(good) + 1, why="one undecodable line must not cost the others")
            self.add(f"batch-{kind}/bom-crlf", "solve", ["solve", "--format", kind, "batch.jsonl"],
                     {"batch.jsonl": b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n") + b"\r\n"}, expect={0}, expect_lines=len(good))
            self.add(f"batch-{kind}/empty", "solve", ["solve", "--format", kind, "batch.jsonl"], {"batch.jsonl": b""}, expect={0, 2})
            self.add(f"batch-{kind}/blank-lines", "solve", ["solve", "--format", kind, "batch.jsonl"],
                     {"batch.jsonl": b"\n\n  \n" + data + b"\n\n"}, expect={0}, expect_lines=len(good))
            self.add(f"batch-{kind}/many-good", "solve", ["solve", "--format", kind, "batch.jsonl"],
                     {"batch.jsonl": ("\n".join(good * 300)).encode()}, expect={0}, expect_lines=3 * len(good) * 100)
            self.add(f"batch-{kind}/stdin", "solve", ["solve", "--format", kind, "-"], stdin=data, expect={0, 2})
            self.add(f"batch-{kind}/no-jsonl-suffix", "solve", ["solve", "--format", kind, "batch.txt"],
                     {"batch.txt": data}, expect={0, 2})
            for opt in (["--backend", "sat"], ["--backend", "enum"], ["--explain"], ["--json"], ["--limit", "0"],
                        ["--limit", "0.01s"], ["--objective", "expected"], ["--svg", "x.svg"], ["--mermaid"]):
                self.add(f"batch-{kind}/option:{' '.join(opt)}", "solve", ["solve", "--format", kind, "batch.jsonl", *opt],
                         {"batch.jsonl": data}, add_limit="--limit" not in opt)
        gt = ("\n".join(json.dumps({"id": i, "text": r["quiz"]}) for i, r in enumerate(KK_RECORDS))).encode()
        for field, exp, lines in (("text", {0}, 3), ("quiz", {2}, 3), ("", {2}, 3), ("id", {2}, 3), ("[/]", {2}, 3), ("text.x", {2}, 3)):
            self.add(f"batch-text/field:{field or 'empty'}", "solve", ["solve", "--format", "text", "--field", field, "batch.jsonl"],
                     {"batch.jsonl": gt}, expect=exp, expect_lines=lines)
        self.add("batch/jsonl-auto", "solve", ["solve", "batch.jsonl"], {"batch.jsonl": gt}, named="batch.jsonl", expect={2})
        self.add("batch/field-without-batch", "solve", ["solve", "--field", "quiz", "puzzle.toml"],
                 {"puzzle.toml": read_example("hardest.toml")})

    # ------------------------------------------------------------------ options

    def options(self) -> None:
        files = {"hardest.toml": read_example("hardest.toml"), "said.toml": read_example("smullyan_said_knave.toml"),
                 "zebra.toml": read_example("zebra.toml"), "kk.txt": read_example("smullyan_truth_tellers.txt"),
                 "four_gods.txt": read_example("four_gods.txt"), "unsolvable.toml": read_example("truthful_or_random.toml"),
                 "seven.toml": toml_dumps({"agents": list("ABCDEFG"), "types": ["truthful"] * 3 + ["liar"] * 2 + ["random"] * 2,
                                           "words": ["ja", "da"], "questions": {"language": "any"}}).encode(),
                 "six_expected.toml": read_example("six_gods_expected.toml")}
        bases = ["hardest.toml", "said.toml", "zebra.toml", "kk.txt", "four_gods.txt"]
        limits = [("0", {0, 3}), ("-1", {2}), ("5", {0, 3}), ("0.01s", {0, 3}), ("abc", {2}), ("1e9s", {0}), ("", {2}),
                  ("10s", {0}), ("0s", {2}), ("-5s", {2}), ("nans", {2}), ("infs", {2}), ("1,000", {0, 3}), ("1_000", {0, 3}),
                  (" 5 s", {0, 2}), ("5S", {0}), ("5m", {2}), ("5ms", {2}), ("1e3", {0, 2, 3}), ("1.5", {0, 2, 3}),
                  ("99999999999999999999999", {0}), ("1e400s", {2}), ("0x10", {2}), ("[/]", {2}), ("5s5s", {2})]
        for b in bases:
            for value, exp in limits:
                if b == "kk.txt" and value in ("0", "5", "1,000", "1_000", "1e3", "1.5"):
                    exp = exp | {0, 3}
                self.add(f"option/limit={value or 'empty'}", "solve", ["solve", b, "--limit", value], {b: files[b]}, expect=exp)
            self.add("option/limit-twice", "solve", ["solve", b, "--limit", "5", "--limit", "10s"], {b: files[b]}, expect={0, 3})
            self.add("option/limit-twice-bad", "solve", ["solve", b, "--limit", "abc", "--limit", "10s"], {b: files[b]}, expect={2})
            self.add("option/limit-three", "solve", ["solve", b, "--limit", "1s", "--limit", "2s", "--limit", "3"], {b: files[b]})
            for backend in ("auto", "enum", "sat", "search", "bogus", ""):
                exp = {2} if backend in ("search", "bogus", "") else ({0, 2} if b in ("hardest.toml", "four_gods.txt") else {0, 1, 2})
                self.add(f"option/backend={backend or 'empty'}", "solve", ["solve", b, "--backend", backend], {b: files[b]}, expect=exp)
            for obj in ("worst", "expected", "average", ""):
                exp = {2} if obj in ("average", "") else ({0} if b in ("hardest.toml", "four_gods.txt") else {2})
                self.add(f"option/objective={obj or 'empty'}", "solve", ["solve", b, "--objective", obj], {b: files[b]}, expect=exp)
            for fmt in ("auto", "toml", "text", "kk", "json", ""):
                self.add(f"option/format={fmt or 'empty'}", "solve", ["solve", b, "--format", fmt], {b: files[b]},
                         named=b if fmt in ("toml", "text", "kk") else None)
            for svg in ("/proc/smullyan.svg", "/nonexistent/dir/x.svg", ".", "/dev/full", "", "out.svg", "[bold].svg"):
                exp = {0} if svg in ("out.svg", "[bold].svg") and b in ("hardest.toml", "four_gods.txt") else {2}
                if svg == "":
                    exp = {0, 2}
                self.add(f"option/svg={svg or 'empty'}", "solve", ["solve", b, "--svg", svg], {b: files[b]}, expect=exp,
                         named=(svg or None) if b in ("hardest.toml", "four_gods.txt") and svg not in ("out.svg", "[bold].svg") else None)
            for flags in (["--json"], ["--mermaid"], ["--stats"], ["--explain"], ["--json", "--mermaid"], ["--json", "--stats"],
                          ["--explain", "--json"], ["--mermaid", "--stats"], ["--field", "quiz"], ["--json", "--explain", "--backend", "sat"]):
                self.add(f"option/flags:{' '.join(flags)}", "solve", ["solve", b, *flags], {b: files[b]})
            self.add("option/unknown-flag", "solve", ["solve", b, "--frobnicate"], {b: files[b]}, expect={2})
            self.add("option/two-puzzles", "solve", ["solve", b, b], {b: files[b]}, expect={2})
        # random flag combinations
        pool = [["--json"], ["--mermaid"], ["--stats"], ["--explain"], ["--svg", "o.svg"], ["--backend", "sat"], ["--backend", "enum"],
                ["--objective", "expected"], ["--objective", "worst"], ["--format", "toml"], ["--format", "text"], ["--limit", "3"],
                ["--limit", "2s"], ["--field", "x"]]
        for i in range(80):
            b = self.rng.choice(bases + ["unsolvable.toml"])
            flags = [x for f in self.rng.sample(pool, self.rng.randint(1, 4)) for x in f]
            self.add("option/combination", "solve", ["solve", b, *flags], {b: files[b]})
        # unsolvable with drawing options
        for flags in (["--svg", "o.svg"], ["--mermaid"], ["--json"], ["--stats"]):
            self.add(f"option/unsolvable:{flags[0]}", "solve", ["solve", "unsolvable.toml", *flags], {"unsolvable.toml": files["unsolvable.toml"]},
                     expect={0, 2})
        # limits that must stop a long search in time
        for value in ("1s", "2s", "5s", "10s"):
            self.add(f"option/limit-stops-seven-gods:{value}", "solve", ["solve", "seven.toml", "--limit", value],
                     {"seven.toml": files["seven.toml"]}, expect={0, 3})
        self.add("option/limit-stops-six-expected:2s", "solve", ["solve", "six_expected.toml", "--limit", "2s"],
                 {"six_expected.toml": files["six_expected.toml"]}, expect={0, 3})
        self.add("option/limit-nodes-seven-gods", "solve", ["solve", "seven.toml", "--limit", "1000"],
                 {"seven.toml": files["seven.toml"]}, expect={0, 3})
        # memory budgets: parsed as options, and held on inputs that grow without bound
        for b in ("hardest.toml", "said.toml"):
            for value, exp in (("2G", {0}), ("500M", {0}), ("1.5G", {0}), ("0", {2}), ("-1", {2}), ("abc", {2}), ("", {0, 2}),
                               ("1K", {2}), ("10T", {0, 2}), ("1e3G", {2}), ("100%", {2}), ("[/]", {2})):
                self.add(f"option/memory={value or 'empty'}", "solve", ["solve", b, "--memory", value], {b: files[b]}, expect=exp)
        hungry = {
            "words6.toml": toml_dumps({"agents": ["A", "B"], "types": ["truthful", "liar"], "words": [f"w{i}" for i in range(6)]}),
            "perm5.toml": toml_dumps({"agents": [f"G{i}" for i in range(5)], "types": ["truthful", "liar", "random", "truthful", "liar"],
                                      "words": ["ja", "da"]}),
            "ages.toml": toml_dumps({"kind": "deduction", "agents": ["A", "B", "C"],
                                     "variables": {"age": {"per_agent": True, "min": 0, "max": 10 ** 9}}}),
            "grid.toml": toml_dumps({"kind": "grid", "houses": 9, "categories": {f"k{j}": [f"v{j}_{i}" for i in range(9)] for j in range(9)}}),
        }
        for name, text in hungry.items():
            for budget in ("300M", "1G"):
                self.add(f"option/memory-holds:{name}:{budget}", "solve", ["solve", name, "--memory", budget, "--limit", "20s"],
                         {name: text.encode()}, expect={2, 3})
        # hostile environments
        uni = toml_dumps({**GODS_BASES["two_gods"], "agents": ["Ωμέγα", "神"]}).encode()
        self.add("env/ascii-output", "solve", ["solve", "p.toml"], {"p.toml": uni}, env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"})
        self.add("env/ascii-output-error", "solve", ["solve", "Ωμέγα.toml"], {"Ωμέγα.toml": b"agents = ["},
                 env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"}, expect={2})
        self.add("env/stdout-dev-full", "solve", ["solve", "hardest.toml"], {"hardest.toml": files["hardest.toml"]}, stdout="/dev/full")
        self.add("env/stdout-dev-full-survey", "survey", ["survey", "--max", "3"], stdout="/dev/full")
        self.add("env/columns-1", "solve", ["solve", "hardest.toml"], {"hardest.toml": files["hardest.toml"]}, env={"COLUMNS": "1"},
                 expect={0})
        self.add("env/survey-columns-1", "survey", ["survey", "--max", "3"], env={"COLUMNS": "1"}, expect={0})

    def survey(self) -> None:
        def s(cat, args, expect=None, **kw):
            self.add(f"survey/{cat}", "survey", ["survey", *args], expect=expect, **kw)

        for v in ("0", "-1", "1", "2", "3", "9", "100", "abc", "1.5", "", "[/]"):
            s(f"min={v or 'empty'}", ["--min", v, "--max", "3"], {0} if v in ("1", "2", "3") else {2})
        for v in ("0", "-1", "1", "2", "4", "9", "100", "abc", "1.5", ""):
            s(f"max={v or 'empty'}", ["--max", v], {0, 3} if v in ("2", "4") else {2})
        s("min>max", ["--min", "4", "--max", "2"], {2})
        s("max=7-limit-1s", ["--min", "7", "--max", "7", "--limit", "1s"], {0, 3})
        for v in ("0", "-1", "1", "8", "9", "1100", "abc", ""):
            s(f"extra={v or 'empty'}", ["--extra", v, "--max", "3"], {0} if v in ("1", "8") else {2})
        for v in ("0", "-1", "1", "2", "256", "257", "1000", "abc", ""):
            s(f"workers={v or 'empty'}", ["--workers", v, "--max", "3"], {0} if v in ("1", "2", "256") else {2})
        for v in ("coin", "word", "coin-shared", "word-or-silent", "COIN", "bogus", "", "[/]", "knave-or-random"):
            s(f"random={v or 'empty'}", ["--random", v, "--max", "3"],
              {0} if v in ("coin", "word", "coin-shared", "word-or-silent") else {2}, markup="[/]" if v == "[/]" else None)
        for v in ("forbidden", "silent", "explode", ""):
            s(f"paradox={v or 'empty'}", ["--paradox", v, "--max", "3"], {0} if v in ("forbidden", "silent") else {2})
        for v in ("0", "1", "3", "4", "5", "abc"):
            s(f"table-gods={v}", ["--grammar", "--table-gods", v, "--max", "2"], {0, 3} if v in ("1", "3", "4") else {2})
        s("grammar", ["--grammar", "--max", "3"], {0, 3})
        s("grammar-json", ["--grammar", "--max", "2", "--json"], {0, 3})
        s("no-expected", ["--no-expected", "--max", "4"], {0})
        s("json", ["--json", "--max", "3"], {0})
        for v in ("5", "abc", "0.01s", "-1s", "0", "", "1e9s"):
            s(f"limit={v or 'empty'}", ["--limit", v, "--max", "3"], {0, 3} if v in ("0.01s", "1e9s") else {2})
        s("out=existing-file", ["--out", "f.txt", "--max", "2"], {2}, files={"f.txt": b"x"}, named="f.txt")
        s("out=dir", ["--out", "d", "--max", "2"], {0}, dirs=["d"])
        s("out=new-nested", ["--out", "a/b/c", "--max", "2"], {0})
        s("out=proc", ["--out", "/proc/smullyan-out", "--max", "2"], {2}, named="/proc/smullyan-out")
        s("out=dev-null", ["--out", "/dev/null", "--max", "2"], {2}, named="/dev/null")
        s("out=empty", ["--out", "", "--max", "2"], {0, 2})
        s("out=grammar-existing", ["--grammar", "--out", "f.txt", "--max", "2"], {2}, files={"f.txt": b"x"}, named="f.txt")
        s("strategies=existing-file", ["--strategies", "f.txt", "--max", "2"], {2}, files={"f.txt": b"x"}, named="f.txt")
        s("strategies=dir", ["--strategies", "d", "--max", "3"], {0}, dirs=["d"])
        s("strategies=proc", ["--strategies", "/proc/smullyan-s", "--max", "2"], {2}, named="/proc/smullyan-s")
        s("strategies-grammar", ["--grammar", "--strategies", "d", "--max", "2"], {2})
        for v in ("tcp://127.0.0.1:9", "bogus", "tcp://256.0.0.1:1", "", "tcp://127.0.0.1:notaport", "inproc://nothing"):
            s(f"scheduler={v or 'empty'}", ["--scheduler", v, "--max", "2"], {0, 2} if v == "" else {2})
        for v in ("2G", "0", "abc", "-5M", ""):
            s(f"memory={v or 'empty'}", ["--memory", v, "--max", "3"], {0} if v == "2G" else {0, 2} if v == "" else {2})
        s("unknown-flag", ["--frobnicate"], {2})
        s("positional", ["extra"], {2})

    def top(self) -> None:
        for args, exp in (([], {2}), (["--version"], {0}), (["--help"], {0}), (["bogus"], {2}), (["solve"], {2}), (["verify"], {2}),
                          (["verify", "x.toml"], {2}), (["solve", "--help"], {0}), (["verify", "--help"], {0}), (["survey", "--help"], {0}),
                          (["solve", "missing.toml"], {2}), (["solve", "."], {2}), (["solve", "/dev/null"], {2}),
                          (["solve", "--format", "toml", "/dev/null"], {2}), (["solve", "--format", "toml", "/dev/zero"], {2}),
                          (["solve", "--format", "text", "/dev/zero"], {2}), (["solve", "--format", "kk", "/dev/zero"], {2}),
                          (["solve", "-"], {2}), (["solve", "--format", "toml", "-"], {2}), (["--bogus"], {2}),
                          (["solve", "--version"], {2}), (["-h"], {0}), (["SOLVE", "x"], {2}), (["solve", "x.toml", "--", "-y"], {2}),
                          (["solve", "/proc/self/status", "--format", "text"], {2}), (["solve", "/etc/passwd", "--format", "toml"], {2})):
            sub = args[0] if args and args[0] in ("solve", "verify", "survey") else "top"
            named = None
            paths = [a for a in args[1:] if a.startswith("/") or a.endswith(".toml") or a == "."]
            if sub == "solve" and paths and "--" not in args:
                named = paths[0]
            self.add(f"top/{' '.join(args) or 'no-args'}", sub, args, expect=exp, named=named,
                     add_limit=args not in ([], ["solve"]) and "--help" not in args and "--version" not in args)

    def build(self) -> list[dict]:
        self.gods_files()
        self.deduction_files()
        self.grid_files()
        self.strategies()
        self.english()
        self.batches()
        self.options()
        self.survey()
        self.top()
        for i, c in enumerate(self.cases):
            c["id"] = f"c{i:05d}"
        return self.cases


def _has_path(doc, path: str) -> bool:
    node = doc
    for p in path.split("."):
        try:
            node = node[int(p)] if isinstance(node, list) else node[p]
        except (KeyError, IndexError, ValueError, TypeError):
            return False
    return True


def _ask_paths(node, path=()):
    if not isinstance(node, dict) or "ask" not in node:
        return []
    out = [path]
    for o, sub in node.get("branches", {}).items():
        out += _ask_paths(sub, path + (o,))
    return out


def _node_at(node, path):
    for o in path:
        node = node["branches"][o]
    return node


def _outcomes(puzzle_toml: bytes) -> list[str]:
    return ["ja", "da"] if b"ja" in puzzle_toml else ["yes", "no"]


def solved_strategy(path: str):
    """Return the strategy `solve --json` prints for a puzzle (None if it cannot be had)."""
    try:
        p = subprocess.run([venv_python(), "-m", "smullyan", "solve", path, "--json"], capture_output=True, timeout=60)
        return json.loads(p.stdout)["strategy"]
    except Exception:
        return None


KK_RECORDS = [
    {"id": "kk-test-2p-0", "names": ["Zoey", "Oliver"],
     "statements": "(('not', ('telling-truth', 1)), ('<=>', ('telling-truth', 1), ('lying', 0)))",
     "quiz": "A very special island is inhabited only by knights and knaves. Knights always tell the truth, and knaves always lie. "
             "You meet 2 inhabitants: Zoey, and Oliver. Zoey remarked, \"Oliver is not a knight\". Oliver stated, \"Oliver is a "
             "knight if and only if Zoey is a knave\". So who is a knight and who is a knave?"},
    {"id": "kk-test-2p-1", "names": ["William", "Evelyn"],
     "statements": "(('->', ('telling-truth', 1), ('lying', 1)), ('and', ('telling-truth', 0), ('telling-truth', 1)))",
     "quiz": "A very special island is inhabited only by knights and knaves. Knights always tell the truth, and knaves always lie. "
             "You meet 2 inhabitants: William, and Evelyn. William stated, \"If Evelyn is a knight then Evelyn is a knave\". "
             "Evelyn was heard saying, \"William is a knight and Evelyn is a knight\". So who is a knight and who is a knave?"},
    {"id": "kk-test-2p-3", "names": ["Zoey", "Jacob"],
     "statements": "(('->', ('telling-truth', 1), ('telling-truth', 0)), ('not', ('lying', 0)))",
     "quiz": "A very special island is inhabited only by knights and knaves. Knights always tell the truth, and knaves always lie. "
             "You meet 2 inhabitants: Zoey, and Jacob. As Zoey put it, \"If Jacob is a knight then Zoey is a knight\". Jacob told "
             "you that Zoey is not a knave. So who is a knight and who is a knave?"},
]
KK_QUIZ = KK_RECORDS[0]["quiz"]


# ====================================================================== running

def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _session_members(sid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        if len(fields) > 3 and int(fields[3]) == sid and fields[0] != "Z":
            out.append(int(entry))
    return out


def _write_files(case: dict, folder: str) -> None:
    for d in case["dirs"]:
        os.makedirs(os.path.join(folder, d), exist_ok=True)
    for name, data in case["files"].items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    if case["stdin"] is not None:
        with open(os.path.join(folder, ".stdin"), "wb") as f:
            f.write(case["stdin"])


def run_case(case: dict, workdir: str, timeout: float, python: str) -> dict:
    folder = os.path.join(workdir, case["id"])
    os.makedirs(folder, exist_ok=True)
    _write_files(case, folder)
    env = {**os.environ, "COLUMNS": "120", "TMPDIR": folder, **case["env"]}  # crash reports land in the case's folder
    env.pop("PYTHONBREAKPOINT", None)
    stdin = open(os.path.join(folder, ".stdin"), "rb") if case["stdin"] is not None else subprocess.DEVNULL
    out_path = case["stdout"] or os.path.join(folder, ".stdout")
    out = open(out_path, "wb")
    err = open(os.path.join(folder, ".stderr"), "wb")
    start = time.monotonic()
    proc = subprocess.Popen([python, "-m", "smullyan", *case["argv"]], cwd=folder, stdin=stdin, stdout=out, stderr=err,
                            env=env, preexec_fn=_limits, start_new_session=True)
    hung = False
    delay = 0.002
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - start > timeout:
            hung = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            pid, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(delay)
        delay = min(0.05, delay * 1.5)
    wall = time.monotonic() - start
    rc = os.waitstatus_to_exitcode(status)
    proc.returncode = rc
    for f in (out, err):
        f.close()
    if stdin is not subprocess.DEVNULL:
        stdin.close()
    orphans = _session_members(proc.pid)
    if orphans and not hung:
        time.sleep(0.5)
        orphans = _session_members(proc.pid)
    for pid in orphans:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    stdout = b"" if case["stdout"] else open(os.path.join(folder, ".stdout"), "rb").read()
    stderr = open(os.path.join(folder, ".stderr"), "rb").read()
    record = evaluate(case, rc, hung, wall, stdout, stderr, usage.ru_maxrss / 1024, bool(orphans and not hung))
    if record["flags"]:
        record["stdout_head"] = stdout[:4000].decode("utf-8", "replace")
        record["stderr_head"] = stderr[:4000].decode("utf-8", "replace")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    return record


def evaluate(case: dict, rc: int, hung: bool, wall: float, stdout: bytes, stderr: bytes, peak_mb: float, orphan: bool) -> dict:
    out = stdout.decode("utf-8", "replace")
    err = stderr.decode("utf-8", "replace")
    lines = [l for l in err.splitlines() if l.strip()]
    first = lines[0] if lines else ""
    flags = []
    if "Traceback" in out or "Traceback" in err:
        flags.append("traceback")
    if hung:
        flags.append("hang")
    elif rc not in CONTRACT:
        flags.append("exit-not-contract")
    if rc == 70:
        flags.append("exit70")
    if not hung and (rc < 0 or (rc == 70 and re.search(r"MemoryError|out of memory|Cannot allocate memory|bad_alloc", err))):
        flags.append("memory")
    if rc == 2:
        if not first.startswith("error: "):
            flags.append("exit2-format")
        if case["named"] and case["named"] not in first:
            flags.append("exit2-unnamed")
        if len(lines) > 3:
            flags.append("exit2-long")
        if len(first) > 2000:
            flags.append("exit2-long-line")
    if rc == 3 and not any(l.startswith("limit:") for l in lines):
        flags.append("exit3-format")
    if case["limit_s"] is not None and wall > 1.25 * case["limit_s"] + 1.5:
        flags.append("over-limit")
    if case["memory_mb"] is not None and peak_mb > 1.25 * case["memory_mb"]:
        flags.append("over-memory")
    unexpected = []
    if case["expect"] is not None and not hung and rc not in case["expect"]:
        unexpected.append(f"exit {rc}, expected {'/'.join(map(str, case['expect']))}")
    if case["expect_lines"] is not None and not hung:
        got = len([l for l in out.splitlines() if l.strip()])
        if got != case["expect_lines"]:
            unexpected.append(f"{got} output lines, expected {case['expect_lines']}")
    if unexpected:
        flags.append("unexpected")
    if case["markup"] and not hung and rc in (0, 1, 2) and case["markup"] not in out + err:
        flags.append("markup-lost")
    if orphan:
        flags.append("orphan")
    return {"id": case["id"], "cat": case["cat"], "sub": case["sub"], "argv": case["argv"], "exit": rc, "wall": round(wall, 3),
            "peak_mb": round(peak_mb, 1), "flags": flags, "first_stderr": first[:300], "stderr_lines": len(lines),
            "unexpected": "; ".join(unexpected), "why": case["why"]}


def _worker(args):
    case, workdir, timeout, python = args
    try:
        return run_case(case, workdir, timeout, python)
    except Exception as e:  # the sweep itself must not die on one input
        return {"id": case["id"], "cat": case["cat"], "sub": case["sub"], "argv": case["argv"], "exit": None, "wall": 0.0,
                "peak_mb": 0.0, "flags": ["sweep-error"], "first_stderr": f"{type(e).__name__}: {e}", "stderr_lines": 0,
                "unexpected": "", "why": ""}


# ====================================================================== reporting

FLAG_ORDER = ["traceback", "exit-not-contract", "exit70", "hang", "over-limit", "over-memory", "memory", "exit2-format", "exit2-unnamed",
              "exit2-long", "exit2-long-line", "exit3-format", "unexpected", "markup-lost", "orphan", "sweep-error"]


def signature(r: dict) -> str:
    text = r["first_stderr"]
    text = re.sub(r"/tmp/\S+", "PATH", text)
    text = re.sub(r"\d+", "N", text)
    text = re.sub(r"'[^']{20,}'", "'…'", text)
    text = re.sub(r"\[\[.*", "[…", text)
    return text[:140]


def summarise(results: list[dict], seconds: float) -> str:
    lines = []
    subs = sorted({r["sub"] for r in results})
    flags = [f for f in FLAG_ORDER if any(f in r["flags"] for r in results)]
    head = ["subcommand", "inputs", "exit0", "exit1", "exit2", "exit3", "exit130", "exit70", "other", "failing"] + flags
    rows = []
    for sub in subs + ["all"]:
        rs = [r for r in results if sub == "all" or r["sub"] == sub]
        codes = collections.Counter(r["exit"] for r in rs)
        other = sum(n for c, n in codes.items() if c not in (0, 1, 2, 3, 130, 70))
        rows.append([sub, len(rs), codes[0], codes[1], codes[2], codes[3], codes[130], codes[70], other,
                     sum(1 for r in rs if r["flags"])] + [sum(1 for r in rs if f in r["flags"]) for f in flags])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = lambda row: "  ".join(str(x).rjust(w) if i else str(x).ljust(w) for i, (x, w) in enumerate(zip(row, widths)))
    lines.append(fmt(head))
    lines.append("  ".join("-" * w for w in widths))
    lines += [fmt(r) for r in rows]
    walls = sorted(r["wall"] for r in results)
    lines.append("")
    lines.append(f"{len(results)} inputs in {seconds:.0f} s; wall per input median {walls[len(walls) // 2]:.2f} s, "
                 f"max {walls[-1]:.1f} s; peak memory max {max(r['peak_mb'] for r in results):.0f} MB")
    limited = [r for r in results if "--limit" in r["argv"] and r["sub"] == "solve"]
    if limited:
        worst = max(limited, key=lambda r: r["wall"])
        lines.append(f"slowest solve with a --limit: {worst['wall']:.1f} s ({worst['id']} {worst['cat']})")
    lines.append("")
    lines.append("flag totals: " + ", ".join(f"{f} {sum(1 for r in results if f in r['flags'])}" for f in flags))
    lines.append("")
    lines.append("distinct failure signatures (flags | first stderr line, normalised) — count, example:")
    groups: dict = collections.defaultdict(list)
    for r in results:
        if r["flags"]:
            key = (" ".join(r["flags"]), signature(r) if r["exit"] != 0 or not r["unexpected"] else "(exit 0)")
            groups[key].append(r)
    for (fl, sig), rs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        ex = rs[0]
        extra = f" [{ex['unexpected']}]" if ex["unexpected"] else ""
        lines.append(f"  {len(rs):4d}  {fl} | exit {ex['exit']} | {sig}{extra}")
        lines.append(f"        e.g. {ex['id']} {ex['cat']}: smullyan {' '.join(shlex.quote(a[:60]) for a in ex['argv'])}")
    return "\n".join(lines)


def save_failure(case: dict, record: dict, workdir: str, out: str, python: str) -> None:
    dest = os.path.join(out, "failures", case["id"])
    src = os.path.join(workdir, case["id"])
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    if os.path.isdir(src):
        shutil.copytree(src, dest, symlinks=True)
    else:
        os.makedirs(dest, exist_ok=True)
        _write_files(case, dest)
    cmd = f"{shlex.quote(python)} -m smullyan {' '.join(shlex.quote(a) for a in case['argv'])}"
    if case["stdin"] is not None:
        cmd += " < .stdin"
    if case["stdout"]:
        cmd += f" > {shlex.quote(case['stdout'])}"
    envs = " ".join(f"{k}={shlex.quote(v)}" for k, v in case["env"].items())
    with open(os.path.join(dest, "cmd.sh"), "w") as f:
        f.write("#!/bin/sh\n# " + case["cat"] + "\ncd \"$(dirname \"$0\")\" && " + (f"env {envs} " if envs else "") + cmd + "\n")
    os.chmod(os.path.join(dest, "cmd.sh"), 0o755)
    with open(os.path.join(dest, "result.json"), "w") as f:
        json.dump(record, f, indent=1, ensure_ascii=False)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=None, help="run this many inputs (default: every generated one)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--out", default=None, help="folder for the results and the failing inputs (default: a temp dir)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per input before it counts as a hang")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default=None, help="only inputs whose category contains this text")
    ap.add_argument("--list", action="store_true", help="list the generated inputs and exit")
    args = ap.parse_args(argv)

    cases = Gen(args.seed).build()
    total = len(cases)
    if args.only:
        cases = [c for c in cases if args.only in c["cat"]]
    if args.count is not None and args.count < len(cases):
        pick = random.Random(args.seed).sample(range(len(cases)), args.count)
        cases = [cases[i] for i in sorted(pick)]
    if args.list:
        for c in cases:
            print(c["id"], c["sub"], c["cat"], " ".join(shlex.quote(a[:40]) for a in c["argv"]))
        print(f"{len(cases)} of {total} inputs", file=sys.stderr)
        return 0
    out = args.out or tempfile.mkdtemp(prefix="smullyan-sweep-")
    os.makedirs(out, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="work-", dir=out)
    python = venv_python()
    print(f"contract sweep: {len(cases)} of {total} generated inputs (seed {args.seed}), {args.workers} processes, "
          f"timeout {args.timeout:.0f} s, memory cap {MEMORY_CAP // 1024 ** 3} GB; results in {out}", file=sys.stderr)
    by_id = {c["id"]: c for c in cases}
    # slow-looking inputs first so the pool ends evenly
    order = sorted(cases, key=lambda c: -int(any(k in c["cat"] for k in ("many-gods", "survey", "limit-stops", "max-complexity",
                                                                          "huge", "range", "no-clues", "many-"))))
    results = []
    start = time.monotonic()
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(_worker, (c, workdir, args.timeout, python)) for c in order]
        for n, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            r = fut.result()
            results.append(r)
            if r["flags"]:
                save_failure(by_id[r["id"]], r, workdir, out, python)
            if n % 100 == 0 or n == len(futures):
                bad = sum(1 for x in results if x["flags"])
                print(f"  {n}/{len(futures)} done, {bad} failing, {time.monotonic() - start:.0f} s", file=sys.stderr)
    seconds = time.monotonic() - start
    shutil.rmtree(workdir, ignore_errors=True)
    results.sort(key=lambda r: r["id"])
    with open(os.path.join(out, "results.jsonl"), "w") as f:
        for r in results:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    summary = summarise(results, seconds)
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(summary + "\n")
    print(summary)
    print(f"\nresults: {out}/results.jsonl; failing inputs (replay with cmd.sh): {out}/failures/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
