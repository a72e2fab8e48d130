"""Start-up time of whole processes, beside `python -c pass` in the same run. Run: python benchmarks/bench_startup.py

Each command is run as a fresh process (median of 7 after one warm-up) by the interpreter running this
script, with bytecode compiled first (as `pip install .` leaves it): `smullyan --help`, `smullyan solve
examples/hardest.toml`, `import smullyan`, and the SVG of the five-gods average strategy (rendering
only, in-process). The ratio column is the command's time over `python -c pass`; the targets (issue
12) are 150 ms for the two commands, 100 ms for the import and 200 ms for the SVG.
"""

from __future__ import annotations

import compileall
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT  # noqa: E402

REPEAT = 7


def process_ms(args: list[str], env: dict[str, str]) -> float:
    """Return the median wall time in ms of running `args` as a process (after one warm-up run)."""
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    times = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        times.append(time.perf_counter() - t)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(args)} exited with {done.returncode}")
    return statistics.median(times) * 1000


def svg_ms() -> tuple[float, int]:
    """Return (median ms, leaves) of drawing the five-gods average strategy as SVG."""
    import smullyan

    puzzle = smullyan.load(ROOT / "examples" / "five_gods_expected.toml")
    assert isinstance(puzzle, smullyan.GodsPuzzle)
    strategy = smullyan.load_strategy(ROOT / "examples" / "five_gods_expected_strategy.json", puzzle)
    times = []
    for _ in range(REPEAT):
        t = time.perf_counter()
        strategy.svg()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000, strategy.leaves


def main() -> None:
    """Print the table of start-up times and ratios."""
    compileall.compile_dir(str(ROOT / "src" / "smullyan"), quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT / "src")
    py = sys.executable
    cli = [py, "-c", "import sys; from smullyan.cli import main; sys.exit(main())"]
    base = process_ms([py, "-c", "pass"], env)
    rows = [
        ("python -c pass", base, None),
        ("python -c 'import smullyan'", process_ms([py, "-c", "import smullyan"], env), 100),
        ("smullyan --help", process_ms(cli + ["--help"], env), 150),
        ("smullyan solve examples/hardest.toml", process_ms(cli + ["solve", str(ROOT / "examples" / "hardest.toml")], env), 150),
        ("smullyan solve examples/hardest.toml --json", process_ms(cli + ["solve", str(ROOT / "examples" / "hardest.toml"), "--json"], env), None),
        ("smullyan solve examples/smullyan_said_knave.toml", process_ms(cli + ["solve", str(ROOT / "examples" / "smullyan_said_knave.toml")], env), None),
        ("smullyan solve examples/four_gods.txt (English: lark)", process_ms(cli + ["solve", str(ROOT / "examples" / "four_gods.txt")], env), None),
    ]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{'command (whole process, median of ' + str(REPEAT) + ')':<56} {'ms':>8} {'x pass':>7} {'target':>8}")
    for name, ms, target in rows:
        print(f"{name:<56} {ms:8.1f} {ms / base:6.1f}x {(str(target) + ' ms') if target else '':>8}")
    ms, leaves = svg_ms()
    print(f"{'SVG of the five-gods average strategy (' + str(leaves) + ' leaves, in-process)':<56} {ms:8.1f} {'':>7} {'200 ms':>8}")
    if "--json" in sys.argv:
        print(json.dumps({name: round(v, 1) for name, v, _ in rows}))


if __name__ == "__main__":
    main()
