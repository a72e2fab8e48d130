"""Helpers shared by the benchmark scripts."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))


def timed(fn, repeat: int = 3) -> tuple[float, object]:
    """Return (median seconds, last result) over `repeat` runs."""
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def print_table(rows: list[tuple]) -> None:
    """Print (name, seconds, reference seconds or None, note) rows with ratios."""
    print(f"{'benchmark':<72} {'smullyan':>10} {'reference':>11} {'ratio':>7}")
    for name, t, r, note in rows:
        rtxt = f"{r * 1000:9.2f}ms" if r else ""
        ratio = f"{r / t:6.1f}x" if r else ""
        print(f"{name:<72} {t * 1000:8.2f}ms {rtxt:>11} {ratio:>7}  {note}")
