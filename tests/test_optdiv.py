"""avg.c's optdiv mode (design note 60): every division of least value of a node, the list a search for a strategy
meeting the layer bound may take its divisions from. check_optdiv.py compares it with a plain exhaustive search
(no bounds, no renamings) on random small nodes, plain and padded; a few of them here, and one fact of 0,4,3."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "benchmarks" / "gods_average"


def test_optdiv_lists_exactly_the_divisions_an_exhaustive_search_finds_optimal():
    r = subprocess.run([sys.executable, str(FOLDER / "check_optdiv.py"), "--cases", "15", "--seed", "7"],
                       check=False, capture_output=True, text=True, timeout=600, cwd=FOLDER)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("optdiv agrees with the exhaustive search on ")


def test_the_first_child_of_0_4_3s_padded_optimum_has_48_optimal_divisions(tmp_path):
    import itertools

    sys.path.insert(0, str(FOLDER))
    from run import compile_solver

    exe = compile_solver(str(tmp_path))
    masks = [sum(1 << g for g in c) for c in itertools.combinations(range(7), 3)]
    text = "\n".join(["7 35", *map(str, masks), "239075327 1 0 0 0 0 0 0"]) + "\n"
    r = subprocess.run([exe, "14", "120", "20", "lambda=256", "optdiv"], input=text, capture_output=True, text=True,
                       timeout=300, check=True)
    lines = r.stdout.splitlines()
    assert lines[0] == "V 154.5625 charged 0" and lines[-1] == "end"
    gods = [int(line.split()[1]) for line in lines[1:-1]]
    assert (len(gods), sorted(set(gods))) == (48, [4, 5, 6])
    assert all(line.split()[4] == "154.5625" for line in lines[1:-1])


def _tight(*args):
    return subprocess.run([sys.executable, str(FOLDER / "tight.py"), *map(str, args)], check=False, capture_output=True,
                          text=True, timeout=600, cwd=FOLDER)


def test_tight_finds_a_strategy_at_the_layer_bound_where_the_optimum_is_the_bound():
    # 1,2,1 and 1,3,1: the leaderboard's optimal 47/12 and 23/5 are the layer bounds (README's table)
    for row, lam, average in (((1, 2, 1), 16, "47/12"), ((1, 3, 1), 32, "23/5")):
        r = _tight(*row, "--lam", lam)
        assert r.returncode == 0, r.stderr
        head = f"{','.join(map(str, row))} at lambda {lam}: meets: a strategy of average {average} ("
        assert r.stdout.startswith(head), r.stdout


def test_tight_proves_1_2_2s_layer_bound_loose():
    # the bound is 667/120; the package proves the optimum 1337/240, above it: no strategy may meet the bound
    r = _tight(1, 2, 2, "--lam", 32)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("1,2,2 at lambda 32: none: no strategy meets the layer bound ("), r.stdout
    stopped = _tight(1, 2, 2, "--lam", 32, "--limit", 0.5)
    assert stopped.returncode == 3 and stopped.stdout.startswith("stopped at the limit (0.5 s) after ")
