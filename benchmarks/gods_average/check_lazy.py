"""Cross-check lazy_division.py against whole searches: on 0,4,3 (7 gods, 3 random), for the root divisions
with the least cap-1 bounds, the full search of each division alone (avg.c, cap 14) with its limit just under
the bound lazy_division.py reports must find no strategy below it.

Run: python benchmarks/gods_average/check_lazy.py [--divisions 8]    (needs nauty's genbg)
Exit 0 when every division agrees, 1 on a bound above an exact value.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from layers import model_text
from run import compile_solver
from worst_bound import divisions
from children import run_child

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--divisions", type=int, default=8)
    ap.add_argument(
        "--limit", type=float, default=600.0, help="seconds for each full search"
    )
    args = ap.parse_args()
    text = model_text(7, 3)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)
        roots = f"{tmp}/roots.g6"
        divisions(7, 3, roots)
        below = run_child(
            [exe, "1", "60", "22", f"roots={roots}", "limit=213", "below"],
            input=text,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        ranked = sorted(
            (float(x.split()[2]), x.split()[1]) for x in below if x.startswith("below ")
        )
        for bound, line in ranked[: args.divisions]:
            one = f"{tmp}/one.g6"
            Path(one).write_text(line + "\n", encoding="utf-8")
            lazy = run_child(
                [
                    sys.executable,
                    str(HERE / "lazy_division.py"),
                    one,
                    "7",
                    "3",
                    "--margin=1",
                ],
                capture_output=True,
                text=True,
                check=False,
            )
            last = lazy.stdout.splitlines()[-1] if lazy.stdout else lazy.stderr
            if "at least" not in last:
                raise SystemExit(f"{line}: lazy_division.py gave no bound: {last}")
            claimed = float(last.split("at least ")[1].split(":")[0])
            full = run_child(
                [
                    exe,
                    "14",
                    str(args.limit),
                    "22",
                    f"roots={one}",
                    f"limit={claimed - 1e-6!r}",
                ],
                input=text,
                capture_output=True,
                text=True,
                check=False,
            ).stdout.split()
            if full and full[0] == "at-least":
                verdict = "confirmed"
            elif full and full[0] == "value":
                verdict = f"WRONG: a strategy through it costs {full[1]}"
                bad += 1
            else:
                verdict = f"not decided ({' '.join(full[:3])})"
            print(
                f"{line}: cap-1 bound {bound}, lazy bound {claimed}: {verdict}",
                flush=True,
            )
    print("all agree" if not bad else f"{bad} disagreements")
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
