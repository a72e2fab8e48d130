"""Prove that no strategy of any length for a row of truthful and random gods averages below a target: the
whole chain, one step after another, resumable.

Run: python benchmarks/gods_average/prove_average.py N R TARGET [--dir DIR] [--jobs 2] [--margin 0.125]
     [--query-limit 60] [--cap2-limit 1500] [--only K,K..]    (needs nauty's genbg)

N gods of which R are random (the others truthful; the n-god leaderboard's rows with no liars), TARGET an
average, e.g. `8 3 729/112` for 0,5,3's ranked strategy. The chain:

1. The root's question goes to god 0 (every god is alike, so any first question is one to god 0 up to a
   renaming), and its divisions of the worlds are taken one per orbit under renamings of the other gods
   (`worst_bound.divisions`, genbg): DIR/roots.g6.
2. Each division's relaxed bound capped at one question (avg.c `below`: the root's mass plus each child's
   bound, a lower bound on every strategy of any length that begins with it). A division at or above the
   target (in cost units, TARGET x worlds, rounded up to a double if it is not one) needs nothing more;
   the others are listed in DIR/below.txt and written one per file, DIR/div_K.g6 (K from 1, in the
   listing's order).
3. Each listed division goes to lazy_division.py (its cap-2 search, then the grandchildren of its
   relaxation's near splits asked deeper): DIR/div_K.out. "reaches" proves it; a division already proved
   by an earlier run (its .out says so) is not run again.

Every strategy begins with one of the root's divisions, so when every listed division reaches the target,
every strategy of any length averages at least TARGET. Exit 0 then; 1 when a division does not reach it
(not proved, which is not a disproof: the bound it reached is printed); 2 bad input; 3 when a step gave no
verdict (a limit, or --only left divisions unrun); 130 interrupted.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

from children import popen_child, run_child
from layers import model_text
from lazy_division import double_at_least
from run import compile_solver, fail
from worst_bound import divisions

HERE = Path(__file__).resolve().parent


def listed_divisions(
    exe: str, text: str, roots: Path, limit: float, below: Path, seconds: float
) -> list[tuple[str, str]]:
    """Return (graph6 line, cap-1 bound) of each root division whose cap-1 bound is below limit, listing them
    into below (kept: a later run reads it instead of searching again)."""
    if not below.exists():
        run = run_child(
            [
                exe,
                "1",
                str(seconds),
                "22",
                f"roots={roots}",
                f"limit={limit!r}",
                "below",
            ],
            input=text,
            capture_output=True,
            text=True,
            check=False,
        )
        lines = run.stdout.splitlines()
        if run.returncode != 0 or not lines or not lines[-1].startswith("divisions "):
            raise fail(
                f"the cap-1 listing gave no verdict (exit {run.returncode}): {run.stderr[-300:]}",
                3,
            )
        below.write_text(run.stdout, encoding="ascii")
    try:
        lines = below.read_text(encoding="ascii").splitlines()
    except UnicodeDecodeError:
        raise fail(f"{below}: not a listing (delete it to list again)", 2) from None
    if not lines or not lines[-1].startswith("divisions "):
        raise fail(f"{below}: not a complete listing (delete it to list again)", 2)
    print(f"cap-1 listing: {lines[-1]}", flush=True)
    return [(x.split()[1], x.split()[2]) for x in lines if x.startswith("below ")]


def verdict(out: Path) -> str | None:
    """Return the last line of a finished lazy_division.py run's output, or None if there is none."""
    if not out.exists():
        return None
    lines = out.read_text(encoding="utf-8").splitlines()
    return lines[-1] if lines else None


def proved(line: str | None) -> bool:
    """Return whether a lazy_division.py verdict line says its division reaches the target."""
    return line is not None and ": reaches " in line


def spans(numbers: list[int]) -> str:
    """Return sorted numbers as runs, e.g. "1, 3-5", or "none"."""
    runs: list[list[int]] = []
    for k in sorted(numbers):
        if runs and k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs) or "none"


def run_divisions(
    args: argparse.Namespace, folder: Path, todo: list[int]
) -> dict[int, tuple[int, str]]:
    """Return each division's exit status and verdict line, running lazy_division.py on at most --jobs at once."""
    done: dict[int, tuple[int, str]] = {}
    running: dict[int, tuple[subprocess.Popen, float]] = {}
    queue = list(todo)
    try:
        while queue or running:
            while queue and len(running) < args.jobs:
                k = queue.pop(0)
                with (
                    open(folder / f"div_{k}.out", "w", encoding="utf-8") as out,
                    open(folder / f"div_{k}.err", "w", encoding="utf-8") as err,
                ):
                    proc = popen_child(
                        [
                            sys.executable,
                            str(HERE / "lazy_division.py"),
                            str(folder / f"div_{k}.g6"),
                            str(args.n),
                            str(args.r),
                            f"--target={args.cost!r}",
                            f"--margin={args.margin!r}",
                            f"--limit={args.cap2_limit!r}",
                            f"--query-limit={args.query_limit!r}",
                            f"--solver={args.exe}",
                        ],
                        stdout=out,
                        stderr=err,
                    )
                running[k] = (proc, time.monotonic())
            time.sleep(0.2)
            for k, (proc, start) in list(running.items()):
                if proc.poll() is None:
                    continue
                del running[k]
                line = (
                    verdict(folder / f"div_{k}.out")
                    or (
                        (folder / f"div_{k}.err")
                        .read_text(encoding="utf-8")
                        .strip()
                        .splitlines()
                        or ["no output"]
                    )[-1]
                )
                done[k] = (proc.returncode, line)
                print(
                    f"division {k}: exit {proc.returncode}, {time.monotonic() - start:.0f} s: {line}",
                    flush=True,
                )
    finally:
        for proc, _ in running.values():
            proc.kill()
    return done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="gods")
    ap.add_argument("r", type=int, help="random gods among them")
    ap.add_argument("target", type=Fraction, help="an average, e.g. 729/112")
    ap.add_argument(
        "--dir",
        help="where every step's files are kept (default: prove_N_R_TARGET here)",
    )
    ap.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="divisions searched at once",
    )
    ap.add_argument(
        "--margin", type=float, default=0.125, help="lazy_division.py's --margin"
    )
    ap.add_argument(
        "--query-limit",
        type=float,
        default=60.0,
        help="lazy_division.py's --query-limit",
    )
    ap.add_argument(
        "--cap2-limit", type=float, default=1500.0, help="lazy_division.py's --limit"
    )
    ap.add_argument(
        "--list-limit", type=float, default=3600.0, help="seconds for the cap-1 listing"
    )
    ap.add_argument("--only", help="run only these listed divisions (K,K,..; from 1)")
    args = ap.parse_args()
    if not 2 <= args.n <= 9 or not 1 <= args.r < args.n or args.jobs < 1:
        raise fail("N from 2 to 9, R from 1 to N - 1, --jobs at least 1", 2)
    if args.target <= 0:
        raise fail("the target is a positive average", 2)
    worlds = math.comb(args.n, args.r)
    args.cost = double_at_least(args.target * worlds)
    folder = Path(
        args.dir or f"prove_{args.n}_{args.r}_{str(args.target).replace('/', '_')}"
    )
    folder.mkdir(parents=True, exist_ok=True)
    question = f"{args.n} {args.r} {args.cost!r}\n"  # what the folder's files answer
    kept = folder / "question.txt"
    if kept.exists() and kept.read_text(encoding="ascii") != question:
        raise fail(
            f"{folder} holds the chain for gods, random gods and cost {kept.read_text(encoding='ascii').split()}: "
            "use another --dir",
            2,
        )
    kept.write_text(question, encoding="ascii")
    text = model_text(args.n, args.r)
    print(
        f"{args.n} gods, {args.r} random, {worlds} worlds: is every strategy's average at least {args.target} "
        f"(cost {args.cost!r})? files in {folder}",
        flush=True,
    )
    roots = folder / "roots.g6"
    if not roots.exists():
        divisions(args.n, args.r, str(folder / "roots.part"))
        shutil.move(folder / "roots.part", roots)
    with open(roots, "rb") as fh:
        print(f"root divisions up to renaming: {sum(1 for _ in fh)}", flush=True)
    exe = args.exe = compile_solver(str(folder))
    listed = listed_divisions(
        exe, text, roots, args.cost, folder / "below.txt", args.list_limit
    )
    for k, (line, _) in enumerate(listed, 1):
        (folder / f"div_{k}.g6").write_text(line + "\n", encoding="ascii")
    wanted = range(1, len(listed) + 1)
    if args.only:
        try:
            wanted = sorted({int(x) for x in args.only.split(",")})
        except ValueError:
            raise fail(
                f"--only {args.only}: division numbers separated by commas", 2
            ) from None
        if any(not 1 <= k <= len(listed) for k in wanted):
            raise fail(
                f"--only {args.only}: the listing has divisions 1 to {len(listed)}", 2
            )
    todo = [k for k in wanted if not proved(verdict(folder / f"div_{k}.out"))]
    print(
        f"{len(listed)} divisions below the target; of the {len(wanted)} asked for, {len(wanted) - len(todo)} "
        f"already proved, {len(todo)} to search",
        flush=True,
    )
    run_divisions(args, folder, todo)
    results = {k: verdict(folder / f"div_{k}.out") for k in range(1, len(listed) + 1)}
    reached = [k for k, line in results.items() if proved(line)]
    short = [
        k
        for k, line in results.items()
        if line is not None and "does not reach" in line
    ]
    print(
        f"proved {len(reached)} of {len(listed)}; not reached: {spans(short)}; "
        f"no verdict: {spans([k for k in results if k not in reached and k not in short])}"
    )
    if len(reached) == len(listed):
        print(f"every strategy of any length averages at least {args.target}")
        return 0
    return 1 if short else 3


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except (
        OSError,
        UnicodeDecodeError,
    ) as exc:  # an unwritable --dir, a damaged file in it
        print(
            f"{getattr(exc, 'filename', None) or 'a file in --dir'}: {exc}",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    except BrokenPipeError:
        sys.exit(1)
