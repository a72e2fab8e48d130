"""The SAT search for strategies of at most k questions, against the reference search, on puzzles the
split-enumerating searches could not settle, and under limits."""

import os
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

import smullyan
from smullyan.errors import LimitReached
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.depth_sat import DepthSat, Shape
from smullyan.interrogate.search import Ask, Budget, Leaf, Limits, depth_of

from conftest import EXAMPLES
from test_profiles import TYPES, plain_fewest, searches

FOUR_WORDS = ["a", "b", "c", "d"]


def sat_of(puzzle, seconds=30.0):
    """Return (language, SAT search, root) for a gods puzzle."""
    model = puzzle.model
    budget = Budget(Limits(seconds=seconds))
    anyl = AnyLanguage(model.contexts(), model.goal, budget)
    return anyl, DepthSat(anyl, budget), (1 << anyl.n_reps) - 1


def check_tree(anyl, node, k):
    """Assert a tree over representatives ends in single goal classes within k questions, each split sending
    every representative to the outcomes of one of its options for the addressee."""
    assert depth_of(node) <= k
    if isinstance(node, Leaf):
        assert len({anyl.goal_class[r] for r in range(anyl.n_reps) if node.worlds >> r & 1}) <= 1
        return
    assert isinstance(node, Ask)
    split = node.split
    union = 0
    for r in range(anyl.n_reps):
        if node.worlds >> r & 1:
            mask = split.payload[r]
            assert mask in [o.outcomes for o in anyl.rep_options[r][split.addressee]]
            for o, child in split.children:
                assert bool(child >> r & 1) == bool(mask >> o & 1)
    for o, child in node.branches:
        union |= child.worlds
        check_tree(anyl, child, k - 1)
    assert union == node.worlds


def test_shape_numbers_nodes_breadth_first():
    shape = Shape.of((0, 2), 2)
    assert shape.depth == (0, 1, 1, 2, 2, 2, 2)
    assert shape.children == ((1, 2), (3, 4), (5, 6), (), (), (), ())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 3).flatmap(lambda n: st.fixed_dictionaries(
    {a: st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True) for a in "ABC"[:n]})))
def test_sat_agrees_with_the_plain_search(allowed):
    puzzle = smullyan.gods(list(allowed), allowed=allowed, words=["foo", "bar", "baz"], language="any")
    anyl, _profiles, plain, root = searches(puzzle)
    try:
        expected = plain_fewest(plain, root, 3)
    except LimitReached:
        event("reference stopped at its limit")
        return
    _anyl, sat, _root = sat_of(puzzle)
    k, tree = sat.fewest(root, 3)
    event(f"fewest {expected}")
    if expected is None:
        assert tree is None and k == 4
    else:
        assert k == expected
        check_tree(anyl, tree, k)


@pytest.mark.parametrize("types, words, fewest", [
    # a god who always says yes tells the language; four words, two of them meaning neither
    ({"A": ["constant:yes"], "B": ["constant:no", "liar", "truthful"]}, FOUR_WORDS, 2),
    ({"A": ["liar"], "B": ["liar", "constant:no"]}, FOUR_WORDS, 2),
])
def test_tiny_four_word_puzzles_are_settled(types, words, fewest):
    """Two gods, three classes, four words: the profile search ran 60 s without settling 2 questions (each
    class has 12 keys and 4,096 ways to answer); the SAT search refutes 1 and finds 2 in well under a second."""
    puzzle = smullyan.gods(list(types), allowed=types, words=words, language="any")
    anyl, sat, root = sat_of(puzzle, seconds=20.0)
    k, tree = sat.fewest(root, 4)
    assert k == fewest
    check_tree(anyl, tree, k)
    result = smullyan.solve(puzzle, limit="20s")
    assert result.questions == fewest and smullyan.verify(puzzle, result.strategy).ok


def test_constant_gods_among_truthful_ones_need_five():
    """A liar, a truthful god and two who always say yes, three words: 4 questions refuted, 5 found."""
    puzzle = smullyan.gods(["A", "B", "C", "D"], types=["liar", "constant:yes", "truthful", "constant:yes"],
                           words=["foo", "bar", "baz"], language="any")
    anyl, sat, root = sat_of(puzzle)
    assert (anyl.n_reps, len(set(anyl.goal_class))) == (72, 12)
    assert sat.within(root, 4) is None
    tree = sat.within(root, 5)
    check_tree(anyl, tree, 5)


def test_brewery_hard_five_questions_by_sat():
    puzzle = smullyan.load(EXAMPLES / "brewery_hard.toml")
    anyl, sat, root = sat_of(puzzle, seconds=120.0)
    assert sat.fewest(root, 5)[0] == 5
    assert sat.solved == 3  # 3 and 4 refuted (2 by counting: 24 classes, 9 outcomes), 5 found


def test_a_time_limit_stops_the_solver():
    puzzle = smullyan.load(EXAMPLES / "brewery_hard.toml")
    anyl, sat, root = sat_of(puzzle, seconds=0.5)
    start = time.perf_counter()
    with pytest.raises(LimitReached, match=r"time limit \(0.5 s"):
        sat.within(root, 5)
    assert time.perf_counter() - start < 2.0


def test_a_split_limit_counts_the_solvers_conflicts():
    puzzle = smullyan.load(EXAMPLES / "brewery_hard.toml")
    with pytest.raises(LimitReached, match=r"node limit \(1000 splits explored, the SAT solver's conflicts counted") as e:
        puzzle.solve(limit=1000)
    assert e.value.proved == {"fewer_impossible": 3}  # 4 questions need more conflicts than the limit leaves
    solved = puzzle.solve(limit=1_000_000)
    assert solved.questions == 5 and 100_000 < solved.stats["splits_explored"] <= 1_000_000


def test_a_formula_too_large_is_left_to_the_other_searches():
    puzzle = smullyan.load(EXAMPLES / "brewery_hard.toml")
    anyl, sat, root = sat_of(puzzle)
    assert sat.fits(root, 5) and sat.fits(root, 8) and not sat.fits(root, 9)  # 7.6 M and 22.7 M literals


def _children(pid):
    """Return the ids of the processes whose parent is `pid` (Linux /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux signals and /proc")
def test_ctrl_c_during_the_solver_exits_130():
    """SIGINT while the SAT solver's process runs stops it at once: exit 130, no traceback, no process left."""
    proc = subprocess.Popen([sys.executable, "-m", "smullyan", "solve", str(EXAMPLES / "brewery_hard.toml")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    start = time.time()
    solver = []
    while time.time() < start + 60 and proc.poll() is None:
        time.sleep(0.05)
        solver = _children(proc.pid)
        if solver and time.time() > start + 2.0:
            break  # the solver's process for five questions (4 s; 3 and 4 are refuted within 1.5 s)
    assert solver, "the SAT solver's process was not seen"
    proc.send_signal(signal.SIGINT)
    sent = time.perf_counter()
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert time.perf_counter() - sent < 2.0
    time.sleep(0.2)
    for pid in solver:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_an_adversary_game_with_three_words_starts_within_its_limit():
    """The adversary's measure (the fewest questions left) comes from SAT where the words are three: before,
    the split search ran 60 s on these gods without an answer, so no such game could start."""
    puzzle = smullyan.gods(["A", "B", "C", "D"], types=["liar", "constant:yes", "truthful", "constant:yes"],
                           words=["foo", "bar", "baz"], language="any")
    game = smullyan.play(puzzle, adversary=True, seed=1, limit="20s")
    assert game.referee.fewest(game.node) == 5


SOLVER_MEMORY_JOB = """
import json, smullyan
puzzle = smullyan.gods(["A", "B", "C", "D"], types=["liar", "constant:no", "constant:yes", "constant:yes"],
                       words=["a", "b", "c", "d"], language="any")
try:
    puzzle.solve(limit="60s", memory="250MB")
    print(json.dumps({"stopped": None}))
except smullyan.LimitReached as e:
    print(json.dumps({"stopped": e.message, "proved": e.proved}))
"""


def test_the_solver_process_counts_toward_the_memory_budget():
    """Four gods, four words: the process is about 160 MB and the solver's about 350 MB at five questions; a
    250 MB budget stops the run (in the solver, whose memory is measured with the process's). In a fresh
    process: a test worker that has run other tests already holds more than 160 MB."""
    import json

    out = subprocess.run([sys.executable, "-c", SOLVER_MEMORY_JOB], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    stopped = json.loads(out.stdout)
    assert "memory budget" in stopped["stopped"] and stopped["proved"]["fewer_impossible"] >= 3


@pytest.mark.parametrize("random_mode, allowed", [
    ("word", {"A": ["constant:no", "liar"], "B": ["constant:no", "liar"], "C": ["constant:neither", "constant:no"]}),
    ("coin-shared", {"A": ["constant:neither", "constant:yes", "liar"], "B": ["constant:no", "liar"],
                     "C": ["liar", "random"]}),
])
def test_paradoxes_answered_by_silence_and_shared_coins_through_sat(random_mode, allowed):
    """Two puzzles of a differential sweep (60 random small puzzles, every answer equal to the release before
    where both finished) that the release before did not settle in 20 s: 3 questions, worded and verified."""
    puzzle = smullyan.gods(list(allowed), allowed=allowed, words=["foo", "bar", "baz"], language="any",
                           random=random_mode, paradox="silent")
    result = puzzle.solve(limit="60s")
    assert result.questions == 3 and smullyan.verify(puzzle, result.strategy).ok


@pytest.mark.parametrize("allowed, first", [
    ({"A": ["liar"], "B": ["liar", "constant:no"]}, [0, 1]),  # the gods differ: both may come first
    ({"A": ["truthful", "liar"], "B": ["truthful", "liar"], "C": ["truthful", "liar"]}, [0]),
])
def test_the_first_addressee_is_taken_up_to_the_puzzles_symmetries(allowed, first):
    puzzle = smullyan.gods(list(allowed), allowed=allowed, words=["foo", "bar", "baz"], language="any")
    _anyl, sat, _root = sat_of(puzzle)
    assert sat.first_addressees() == first


def test_the_brewery_asks_anyone_first():
    """Renaming the people (with the words permuted) makes every person alike at the root."""
    _anyl, sat, _root = sat_of(smullyan.load(EXAMPLES / "brewery_hard.toml"))
    assert sat.first_addressees() == [0]


def test_a_forked_child_is_measured_by_its_own_pages_not_the_parents_it_shares():
    """A forked child's resident size counts every page it still shares with its parent; added to the
    parent's, a parent of 200 MB would count twice the moment it forks. Its private pages do not."""
    from smullyan.interrogate.depth_sat import child_private_bytes

    held = bytearray(200 * 2**20)
    held[:: 4096] = b"x" * len(held[:: 4096])  # touch every page: resident in the parent
    pid = os.fork()
    if pid == 0:  # the child: hold the shared pages, write nothing, wait to be killed
        time.sleep(30)
        os._exit(0)
    try:
        time.sleep(0.2)
        with open(f"/proc/{pid}/statm") as f:
            resident = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        own = child_private_bytes(pid)
        assert resident > 200 * 2**20 and own is not None and own < 50 * 2**20
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    del held
