"""Generated puzzles keep their guarantees, checked with the other backend (bitset enumeration), and a run
is reproducible by seed whatever the number of workers, resumable, and refuses bad options."""

from __future__ import annotations

import dataclasses
import json
import random
from itertools import permutations

import pytest
from hypothesis import given, settings, strategies as st

import smullyan
from smullyan.api.generation import Generated, generate
from smullyan.cli import run
from smullyan.deduce.enumerate import EnumerationBackend
from smullyan.deduce.model import Constraint, Deduction
from smullyan.generator import ages, kk
from smullyan.generator.canonical import Sym, canonical_form
from smullyan.logic import expr as E


def worlds_of(puzzle: Deduction, keep: list[int]) -> int:
    """Return the bitset of worlds consistent with the constraints at the indices `keep` (enumeration)."""
    enum = EnumerationBackend(puzzle)
    mask = enum.base
    for i in keep:
        mask &= enum.constraint_masks[i]
    return mask


def check_guarantees(made, fact_of) -> None:
    """Assert unique, irredundant and explained, by enumerating every world."""
    p = made.model
    enum = EnumerationBackend(p)
    every = list(range(len(p.constraints)))
    assert worlds_of(p, every).bit_count() == 1
    for i in every:
        assert worlds_of(p, [j for j in every if j != i]).bit_count() > 1, f"statement {i + 1} is redundant"
    labels = [c.label for c in p.constraints]
    for reason in made.explanation:
        fact = enum.eval(fact_of(reason["fact"]))
        used = [labels.index(x) for x in reason["because"]]
        assert worlds_of(p, used) & ~fact == 0, f"{reason} does not force the fact"
        for u in used:
            assert worlds_of(p, [x for x in used if x != u]) & ~fact, f"{reason} is not minimal"


def kk_fact(text: str) -> E.Expr:
    who, _, _, t = text.split()
    return E.TypeIs(who, t)


def ages_fact(text: str) -> E.Expr:
    who, _, rest = text.split(" ", 2)
    if rest.startswith("a "):
        return E.TypeIs(who, rest[2:])
    return E.Cmp("eq", E.Term(f"age.{who}"), E.Term(None, int(rest)))


def made_ones(module, options, n: int, seed: int = 0) -> list:
    out = []
    i = 0
    while len(out) < n:
        m = module.make(random.Random(f"{seed}:{i}"), options)
        i += 1
        if m is not None:
            out.append(m)
    return out


@pytest.mark.parametrize("people", [3, 5, 8])
def test_kk_unique_irredundant_explained(people):
    for made in made_ones(kk, kk.KKOptions(people=people), 15, seed=people):
        check_guarantees(made, kk_fact)
        enum = EnumerationBackend(made.model)
        world = worlds_of(made.model, list(range(len(made.model.constraints))))
        for who, t in made.solution.items():
            assert world & enum.eval(E.TypeIs(who, t))
        assert made.difficulty["grade"] == max(len(r["because"]) for r in made.explanation)


def test_ages_unique_irredundant_explained():
    for made in made_ones(ages, ages.AgesOptions(people=3, ages=4), 12):
        check_guarantees(made, ages_fact)


def test_kk_pinned():
    made = kk.make(random.Random("pin"), kk.KKOptions(people=4, letters=True))
    assert [E.to_json(c.expr) for c in made.model.constraints] == PINNED_KK
    assert made.solution == {"A": "knight", "B": "knave", "C": "knave", "D": "knight"}
    assert made.difficulty == {"grade": 3, "statements": 4, "forcing_sizes": [3, 2, 3, 1], "mean_forcing": 2.25}
    assert made.explanation[2] == {"fact": "C is a knave", "because": ["A's statement", "B's statement", "C's statement"]}


PINNED_KK = [
    ["says", "A", ["type", "B", "knave"]],
    ["says", "B", ["type", "D", "knave"]],
    ["says", "C", ["iff", ["type", "A", "knave"], ["type", "D", "knight"]]],
    ["says", "D", ["count", [["type", "A", "knave"], ["type", "B", "knave"], ["type", "C", "knave"],
                             ["type", "D", "knave"]], "ge", 1]],
]


# ---------------------------------------------------------------- canonical forms

def renamed(made, rng: random.Random) -> list:
    """Return the canonical-form items of a puzzle with its people renamed, statements shuffled and
    the arguments of 'and'/'or' swapped."""
    people = list(made.model.agents)
    new = dict(zip(people, rng.sample([f"Q{i}" for i in range(len(people))], len(people))))

    def swap(e: E.Expr) -> E.Expr:
        match e:
            case E.TypeIs(a, t):
                return E.TypeIs(new[a], t)
            case E.Not(x):
                return E.Not(swap(x))
            case E.And(args):
                return E.And(tuple(reversed([swap(x) for x in args])))
            case E.Or(args):
                return E.Or(tuple(reversed([swap(x) for x in args])))
            case E.Implies(a, b):
                return E.Implies(swap(a), swap(b))
            case E.Iff(a, b):
                return E.Iff(swap(b), swap(a))
            case E.Count(items, op, n):
                return E.Count(tuple(swap(x) for x in reversed(items)), op, n)
            case E.Says(a, s):
                return E.Says(new[a], swap(s))
        raise AssertionError(e)
    constraints = [Constraint(c.label, swap(c.expr)) for c in made.model.constraints]
    rng.shuffle(constraints)
    p = dataclasses.replace(made.model, agents=tuple(new[a] for a in people), constraints=tuple(constraints))
    return kk._items(p)


def test_canonical_form_ignores_renaming_and_order():
    rng = random.Random(3)
    for made in made_ones(kk, kk.KKOptions(people=6), 30):
        assert canonical_form(*renamed(made, rng)) == canonical_form(*kk._items(made.model))


def _brute_same(a: list, b: list, people: list[str]) -> bool:
    """Return whether two item lists are equal under some renaming of the people (every permutation)."""
    def text(items, name):
        from smullyan.generator.canonical import _render
        return sorted(_render(i, name) for i in items)
    want = text(a, {Sym(p): p for p in people})
    return any(text(b, {Sym(p): q for p, q in zip(people, perm)}) == want for perm in permutations(people))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.booleans(), st.integers(0, 3), st.booleans(),
                          st.sampled_from(["and", "or", "iff", "one"])), min_size=1, max_size=4),
       st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.booleans(), st.integers(0, 3), st.booleans(),
                          st.sampled_from(["and", "or", "iff", "one"])), min_size=1, max_size=4))
def test_canonical_form_agrees_with_trying_every_renaming(xs, ys):
    people = ["A", "B", "C", "D"]

    def items(spec):
        out = []
        for speaker, a, ta, b, tb, op in spec:
            x = ("type", Sym(people[a]), "knight" if ta else "knave")
            y = ("type", Sym(people[b]), "knight" if tb else "knave")
            out.append(("says", Sym(people[speaker]), x if op == "one" else (op, x, y)))
        return out
    classes = {Sym(p): "p" for p in people}
    a, b = items(xs), items(ys)
    assert (canonical_form(a, classes) == canonical_form(b, classes)) == _brute_same(a, b, people)


# ---------------------------------------------------------------- runs

def ids(run) -> list[tuple[str, str, str]]:
    return [(g.id, g.canonical, g.text) for g in run]


def test_run_is_the_same_with_any_number_of_workers():
    one = ids(generate("kk", 40, seed=7, people=5))
    two = ids(generate("kk", 40, seed=7, people=5, workers=2))
    assert one == two and len({c for _, c, _ in one}) == 40


def test_resumed_run_equals_an_unbroken_one():
    whole = [g.to_dict() for g in generate("ages", 12, seed=2, people=3)]
    first = [g.to_dict() for g in generate("ages", 5, seed=2, people=3)]
    rest = [g.to_dict() for g in generate("ages", 12, seed=2, people=3, resume=first)]
    assert first + rest == whole


def test_records_read_back_and_solve_to_their_solution():
    for g in generate("kk", 10, seed=1, people=6):
        assert Generated.from_dict(json.loads(g.to_json())) == g
        res = smullyan.read(g.text).solve()
        assert len(res.solutions) == 1
        assert {k: v for k, v in res.solutions[0].items()} == g.solution
        again = smullyan.loads(g.toml).solve(backend="enum")
        assert again.solutions == res.solutions


def test_grade_window_and_limits():
    got = list(generate("kk", 5, seed=3, people=5, grade=(2, 3)))
    assert all(2 <= g.difficulty["grade"] <= 3 for g in got)
    with pytest.raises(smullyan.LimitReached, match=r"made 0 of 5 puzzles: tried 3 candidates"):
        list(generate("kk", 5, seed=3, people=5, grade=40, tries=3))


@pytest.mark.parametrize("call, message", [
    (lambda: generate("sudoku"), "unknown kind 'sudoku'; kinds are kk, ages, zebra, gods"),
    (lambda: generate("kk", 0), "count must be a whole number of at least 1, got 0"),
    (lambda: generate("kk", 3, people=1), "bad kk option: people must be between 2 and 25"),
    (lambda: generate("kk", 3, persons=4), "kk puzzles have no option 'persons'"),
    (lambda: generate("kk", 3, workers=0), "workers must be a whole number of at least 1, got 0"),
])
def test_bad_options(call, message):
    with pytest.raises(smullyan.BadInput) as e:
        call()
    assert e.value.message.startswith(message)


# ---------------------------------------------------------------- the command line

def test_cli_writes_streams_and_resumes(tmp_path, capsys):
    out = tmp_path / "kk.jsonl"
    assert run(["generate", "kk", "--count", "3", "--seed", "4", "--people", "5", "--out", str(out), "--quiet"]) == 0
    first = out.read_text().splitlines()
    assert len(first) == 3
    assert run(["generate", "kk", "--count", "3", "--seed", "4", "--people", "5", "--out", str(out)]) == 2
    assert "the file exists; add --resume" in capsys.readouterr().err
    with open(out, "a") as f:
        f.write('{"half a rec')  # a run killed mid-line
    assert run(["generate", "kk", "--count", "6", "--seed", "4", "--people", "5", "--out", str(out), "--resume",
                "--quiet"]) == 0
    lines = out.read_text().splitlines()
    assert lines[:3] == first and len(lines) == 6
    assert run(["generate", "kk", "--count", "6", "--seed", "4", "--people", "6", "--out", str(out), "--resume"]) == 2
    assert "was made by another run" in capsys.readouterr().err


def test_cli_limit_and_bad_input(tmp_path, capsys):
    assert run(["generate", "kk", "--count", "5", "--grade", "40", "--tries", "2", "--quiet"]) == 3
    err = capsys.readouterr().err
    assert "limit: tried 2 candidates" in err
    assert run(["generate", "kk", "--people", "x"]) == 2
    assert "argument --people: invalid int value: 'x'" in capsys.readouterr().err
    assert run(["generate", "kk", "--grade", "4-2"]) == 2
    assert "--grade 4-2: the range is empty" in capsys.readouterr().err
    assert run(["generate", "kk", "--limit", "100"]) == 2


def test_run_on_dask_equals_the_local_run():
    distributed = pytest.importorskip("distributed")
    local = ids(generate("kk", 12, seed=9, people=4))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_dask = ids(generate("kk", 12, seed=9, people=4, scheduler=cluster.scheduler_address))
    assert on_dask == local


def test_unreachable_scheduler_is_bad_input():
    with pytest.raises(smullyan.BadInput, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        list(generate("kk", 2, scheduler="tcp://127.0.0.1:9"))


def test_ctrl_c_keeps_complete_records_and_resumes(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "z.jsonl"
    cmd = [sys.executable, "-m", "smullyan", "generate", "zebra", "--count", "5000", "--seed", "3", "--houses", "5",
           "--categories", "5", "--workers", "2", "--out", str(out)]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 60
        while time.time() < deadline and (not out.exists() or out.read_text().count("\n") < 2):
            time.sleep(0.05)
        assert len(_running(cmd)) == 3  # the run and its two workers
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:  # whatever failed, leave no run behind to slow the tests after this one
        for pid in _running(cmd):
            try:
                os.kill(int(pid), signal.SIGKILL)
            except OSError:
                pass
    assert proc.returncode == 130, err
    assert "interrupted; the records written are complete puzzles" in err
    lines = out.read_text().splitlines()
    assert len(lines) >= 2 and all(json.loads(line)["kind"] == "zebra" for line in lines)
    whole = [json.loads(line) for line in lines]
    again = subprocess.run(cmd[:6] + [str(len(lines) + 1)] + cmd[7:] + ["--resume"], capture_output=True, text=True,
                           timeout=120)
    assert again.returncode == 0, again.stderr
    resumed = [json.loads(line) for line in out.read_text().splitlines()]
    assert resumed[:len(whole)] == whole and len(resumed) == len(whole) + 1
    fresh = [g.to_dict() for g in generate("zebra", len(lines) + 1, seed=3, houses=5, categories=5)]
    assert [r["canonical"] for r in resumed] == [r["canonical"] for r in fresh]
    assert not _running(cmd), "a worker outlived the interrupted run"


def _running(cmd: list[str]) -> list[str]:
    """Return the ids of processes whose command line is `cmd` (forked workers share their parent's)."""
    import pathlib

    want = "\0".join(cmd).encode()
    found = []
    for d in pathlib.Path("/proc").iterdir():
        try:
            if d.name.isdigit() and (d / "cmdline").read_bytes().rstrip(b"\0") == want:
                found.append(d.name)
        except OSError:
            pass
    return found


def test_a_name_starting_with_q_reads_in_a_reported_claim():
    text = ("On this island, knights always tell the truth and knaves always lie. You meet 2 inhabitants: Bo and Quin. "
            "Bo says that Quin is a knave.")
    (c,) = smullyan.read(text).model.constraints
    assert E.to_json(c.expr) == ["says", "Bo", ["type", "Quin", "knave"]]


def test_gods_records_carry_a_worded_strategy_that_verifies():
    for g in generate("gods", 6, seed=4, gods=3):
        puzzle = smullyan.loads(g.toml)
        assert smullyan.read(g.text).model.space.worlds == puzzle.model.space.worlds
        if not g.solution["solvable"]:
            continue
        strategy = smullyan.loads_strategy({"strategy": g.solution["strategy"]}, puzzle)
        verdict = smullyan.verify(puzzle, strategy)
        assert verdict.ok and verdict.worst == g.solution["questions"] == g.difficulty["questions"]
        assert g.solution["strategy"]["english"].endswith("?")


def test_depth_one_needs_counts_and_makes_puzzles():
    with pytest.raises(smullyan.BadInput, match="depth 1 needs counts: claims that are only 'X is a knight/knave'"):
        generate("kk", 2, depth=1, counts=False)
    for made in made_ones(kk, kk.KKOptions(people=6, depth=1), 8):
        check_guarantees(made, kk_fact)
        assert all(isinstance(c.expr.statement, (E.TypeIs, E.Count)) for c in made.model.constraints)


def test_canonical_form_skips_interchangeable_people():
    """People named only inside one count trade places freely: the form must not try their 12! orders."""
    import time

    people = [Sym(f"P{i}") for i in range(16)]
    items = [("says", people[0], ("count", ("set", *[("type", p, "knave") for p in people]), "eq", 5)),
             ("says", people[1], ("type", people[2], "knight")), ("says", people[3], ("type", people[1], "knave"))]
    classes = {p: "p" for p in people}
    t = time.perf_counter()
    form = canonical_form(items, classes)
    assert time.perf_counter() - t < 2.0
    shuffled = dict(zip(people, random.Random(1).sample(people, len(people))))

    def rename(x):
        return tuple(rename(a) for a in x) if isinstance(x, tuple) else shuffled.get(x, x)
    assert canonical_form([rename(i) for i in items], classes) == form
