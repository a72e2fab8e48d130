"""The web server under load, on loopback. Run: python benchmarks/bench_web.py [--requests 1000] [--workers 6] [--concurrency 8]

Starts `smullyan serve` on a free loopback port and measures, through the JSON API:
1. the classic puzzle (examples/hardest.toml): 50 sequential round trips after 5 warm-up ones, beside
   the same solve in this process (`smullyan.load(...).solve()`, median of 50); the ratio is the API's
   overhead;
2. a light solve while 4 heavy ones run (six_gods_expected.toml with a limit of 8 s): 20 sequential
   light solves, started 1 s after the heavies;
3. a mixed load of --requests requests (seeded: 80% light, 10% heavy with a limit of 2 s, 10% malformed)
   sent --concurrency at a time: statuses, latency per class, workers and memory before and after.
Ends with one markdown table of the figures beside their targets (issue: the web face), and the machine.
Traffic is bounded: nothing leaves 127.0.0.1 and at most --concurrency requests are in flight.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import platform
import random
import statistics
import sys
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
from web_server import Server, resident  # noqa: E402

import smullyan  # noqa: E402

EXAMPLES = ROOT / "examples"
LIGHT = ["hardest.toml", "boolos.toml", "four_gods.toml", "smullyan_both_knaves.toml", "zebra.toml",
         "knight_or_knave.toml", "smullyan_truth_tellers.txt"]
HEAVY = "six_gods_expected.toml"
MALFORMED = ["invalid JSON", "wrong types", "bad TOML", "bad English", "oversized 70 KB"]
TIMEOUT = 60.0  # seconds a client waits for one reply
MB = 2**20


class BenchServer(Server):
    """The tests' live server, with the settle target fixed and the memory of all its processes."""

    def __init__(self, workers: int):
        super().__init__("--workers", str(workers))
        self.workers_wanted = workers

    def settle(self, workers: int | None = None, timeout: float = 30.0) -> dict:
        """Return the health once every worker is back and idle."""
        return super().settle(self.workers_wanted if workers is None else workers, timeout)

    def memory(self) -> int:
        """Return the resident bytes of the server process and its workers together."""
        total = 0
        for pid in [self.process.pid, *self.workers()]:
            try:
                total += resident(pid)
            except OSError:
                pass
        return total


def survivors(pids: list[int], wait: float = 3.0) -> list[int]:
    """Return the pids still alive (not zombies) after up to `wait` seconds."""
    deadline = time.monotonic() + wait
    while True:
        alive = [pid for pid in pids if _alive(pid)]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    """Return whether a process exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def pct(values: list[float], q: float) -> float:
    """Return the nearest-rank q-quantile (0 < q <= 1) of the values."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


def spread(ms: list[float]) -> str:
    """Return 'median / p90 / p99 / max' of latencies in ms."""
    if not ms:
        return "-"
    return f"{statistics.median(ms):8.1f} {pct(ms, 0.9):8.1f} {pct(ms, 0.99):8.1f} {max(ms):8.1f}"


def solve_body(name: str, limit: float | None = None) -> dict:
    """Return the JSON body of a solve request for an example file."""
    body = {"puzzle": (EXAMPLES / name).read_text(), "format": "text" if name.endswith(".txt") else "toml"}
    if limit is not None:
        body["limit"] = limit
    return body


def round_trip(client: httpx.Client, body: dict) -> tuple[float, httpx.Response]:
    """Return (ms, response) of one POST /api/solve."""
    t = time.perf_counter()
    response = client.post("/api/solve", json=body)
    return (time.perf_counter() - t) * 1000, response


def expect_answer(response: httpx.Response) -> None:
    """Raise if a solve of a light example did not come back complete."""
    if response.status_code != 200 or not response.json().get("complete"):
        raise SystemExit(f"a light solve failed: {response.status_code} {response.text[:300]}")


def classic(server: BenchServer) -> dict:
    """Time the classic puzzle through the API (50 after 5 warm-up) and in this process (median of 50)."""
    body = solve_body("hardest.toml")
    for _ in range(5):
        expect_answer(round_trip(server.client, body)[1])
    api = []
    for _ in range(50):
        ms, response = round_trip(server.client, body)
        expect_answer(response)
        api.append(ms)
    puzzle = smullyan.load(EXAMPLES / "hardest.toml")
    puzzle.solve()
    local = []
    for _ in range(50):
        t = time.perf_counter()
        puzzle.solve()
        local.append((time.perf_counter() - t) * 1000)
    return {"api": api, "local": statistics.median(local)}


def heavy_thread(url: str, limit: float, out: list) -> threading.Thread:
    """Return a started thread posting one heavy solve; it appends (ms, status, complete) to `out`."""
    def go() -> None:
        with httpx.Client(base_url=url, timeout=TIMEOUT) as client:
            ms, response = round_trip(client, solve_body(HEAVY, limit))
            out.append((ms, response.status_code, response.json().get("complete")))

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    return thread


def light_under_heavy(server: BenchServer) -> dict:
    """Time 20 sequential light solves started 1 s after 4 heavy solves (limit 8 s)."""
    heavies: list = []
    start = time.perf_counter()
    threads = [heavy_thread(server.url, 8, heavies) for _ in range(4)]
    time.sleep(1.0)
    body = solve_body("hardest.toml")
    light = []
    for _ in range(20):
        ms, response = round_trip(server.client, body)
        expect_answer(response)
        light.append(ms)
    lights_done = time.perf_counter() - start
    for thread in threads:
        thread.join(TIMEOUT)
    return {"light": light, "heavies": heavies, "lights_done": lights_done,
            "overlap": not heavies or lights_done * 1000 < min(h[0] for h in heavies)}


def malformed(kind: str, rng: random.Random) -> dict:
    """Return httpx keyword arguments (content and headers) of one malformed request of a kind."""
    if kind == "invalid JSON":
        content = rng.choice(['{"puzzle": "agents = [\\"A\\"]", ', "not json", '{"puzzle": "x" "format": "toml"}'])
    elif kind == "wrong types":
        content = json.dumps(rng.choice([{"puzzle": 42}, {"puzzle": "agents = []", "limit": "fast"},
                                         {"puzzle": ["a"], "format": "toml"}, {"puzzle": "x", "format": "yaml"},
                                         {"puzzle": "x", "limit": 60}, {"puzzle": "x", "colour": "red"}, []]))
    elif kind == "bad TOML":
        content = json.dumps({"puzzle": rng.choice(['agents = ["A", "B"', 'agents = ["A"]\ntypes = 3\n',
                                                    "= = =", 'agents = ["A", "A"]\ntypes = ["truthful", "liar"]\n']),
                              "format": "toml"})
    elif kind == "bad English":
        content = json.dumps({"puzzle": rng.choice(["The moon is purple and sings.", "Ann says Bob says.",
                                                    "There are three gods, A, B and C. They are True, False and"]),
                              "format": "text"})
    else:
        content = json.dumps({"puzzle": "#" * (70 * 1024), "format": "toml"})
    return {"content": content.encode(), "headers": {"content-type": "application/json"}}


def plan(n: int, seed: int = 1) -> list[tuple[str, str, dict]]:
    """Return n requests as (class, label, httpx kwargs), a deterministic mix from a seeded random."""
    rng = random.Random(seed)
    requests = []
    for _ in range(n):
        r = rng.random()
        if r < 0.1:
            kind = rng.choice(MALFORMED)
            requests.append(("malformed", kind, malformed(kind, rng)))
        elif r < 0.2:
            requests.append(("heavy", HEAVY, {"json": solve_body(HEAVY, 2)}))
        else:
            name = rng.choice(LIGHT)
            requests.append(("light", name, {"json": solve_body(name)}))
    return requests


async def send(client: httpx.AsyncClient, gate: asyncio.Semaphore, kwargs: dict) -> tuple[float, int | str, dict]:
    """Return (ms, status or transport error name, JSON body or {}) of one request, at most `gate` in flight."""
    async with gate:
        t = time.perf_counter()
        try:
            response = await client.post("/api/solve", **kwargs)
        except httpx.TransportError as e:
            return (time.perf_counter() - t) * 1000, type(e).__name__, {}
        ms = (time.perf_counter() - t) * 1000
    try:
        body = response.json()
    except ValueError:
        body = {"unreadable": response.text[:200]}
    return ms, response.status_code, body


async def fire(url: str, requests: list, concurrency: int) -> list:
    """Return the outcome of every request, sent with bounded concurrency."""
    gate = asyncio.Semaphore(concurrency)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT, limits=limits) as client:
        return await asyncio.gather(*(send(client, gate, kwargs) for _, _, kwargs in requests))


def odd(cls: str, label: str, status: int | str, body: dict) -> bool:
    """Return whether a reply is not what its class should get (light: complete; heavy: 200; bad input: 4xx)."""
    if cls == "light":
        return status != 200 or not body.get("complete")
    if cls == "heavy":
        return status != 200
    return not (isinstance(status, int) and (413 if label.startswith("oversized") else 400) == status)


def mixed(server: BenchServer, n: int, concurrency: int) -> dict:
    """Send the mixed load; return statuses, latencies per class, odd replies, workers and memory around it."""
    server.settle()
    workers_before, memory_before = len(server.workers()), server.memory()
    requests = plan(n)
    start = time.perf_counter()
    outcomes = asyncio.run(fire(server.url, requests, concurrency))
    wall = time.perf_counter() - start
    health = server.settle()
    workers_after = server.workers()
    memory_after = settle_memory(server, memory_before)
    statuses: dict[str, Counter] = defaultdict(Counter)
    latency: dict[str, list[float]] = defaultdict(list)
    oddities = []
    for (cls, label, _), (ms, status, body) in zip(requests, outcomes):
        statuses[cls][status] += 1
        latency[cls].append(ms)
        if odd(cls, label, status, body):
            oddities.append((cls, label, status, json.dumps(body)[:240]))
    return {"statuses": statuses, "latency": latency, "oddities": oddities, "wall": wall, "health": health,
            "workers_before": workers_before, "workers_after": len(workers_after),
            "memory_before": memory_before, "memory_after": memory_after}


def tolerance(start: int) -> float:
    """Return the growth in bytes still counted as 'back to start': 20 MB or 5%, whichever is more."""
    return max(20 * MB, 0.05 * start)


def settle_memory(server: BenchServer, start: int, wait: float = 10.0) -> int:
    """Return the server's memory once back within tolerance of `start`, or after `wait` seconds."""
    deadline = time.monotonic() + wait
    now = server.memory()
    while now - start > tolerance(start) and time.monotonic() < deadline:
        time.sleep(0.5)
        now = server.memory()
    return now


def print_classic(result: dict) -> None:
    """Print the classic puzzle's latencies and the API's overhead."""
    api = result["api"]
    print("\n1. Classic puzzle (hardest.toml), 50 sequential round trips after 5 warm-up ones")
    print(f"{'':<28} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}   (ms)")
    print(f"{'POST /api/solve':<28} {spread(api)}")
    print(f"{'in-process solve()':<28} {result['local']:8.1f}")
    print(f"API overhead: median {statistics.median(api) - result['local']:.1f} ms, "
          f"ratio {statistics.median(api) / result['local']:.1f}x")


def print_light(result: dict) -> None:
    """Print the light latencies under 4 heavy solves, and how the heavies ended."""
    light = result["light"]
    print("\n2. Light under heavy: 20 sequential hardest.toml solves, 1 s after 4 six_gods_expected.toml (limit 8 s)")
    print(f"{'':<28} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}   (ms)")
    print(f"{'light while 4 heavy':<28} {spread(light)}")
    for ms, status, complete in sorted(result["heavies"]):
        print(f"  heavy: {ms / 1000:5.2f} s, status {status}, complete {complete}")
    print(f"  lights done {result['lights_done']:.2f} s after the heavies started; "
          f"all while every heavy ran: {result['overlap']}")


def print_mixed(result: dict, n: int, concurrency: int, workers: int) -> None:
    """Print the mixed load's statuses, latencies per class, odd replies, workers and memory."""
    print(f"\n3. Mixed load: {n} requests, {concurrency} in flight, {workers} workers, {result['wall']:.1f} s wall")
    print(f"{'class':<10} {'n':>5} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}   (ms)  statuses")
    for cls in ("light", "heavy", "malformed"):
        ms = result["latency"][cls]
        counts = ", ".join(f"{s}: {c}" for s, c in sorted(result["statuses"][cls].items(), key=str))
        print(f"{cls:<10} {len(ms):>5} {spread(ms)}   {counts}")
    print(f"server counters: {result['health']['served']}")
    for cls, label, status, body in result["oddities"][:15]:
        print(f"  unexpected: {cls} {label}: {status} {body}")
    if len(result["oddities"]) > 15:
        print(f"  ... and {len(result['oddities']) - 15} more unexpected replies")
    print(f"workers before {result['workers_before']}, after {result['workers_after']} (wanted {workers})")
    print(f"memory (server + workers) before {result['memory_before'] / MB:.1f} MB, "
          f"after {result['memory_after'] / MB:.1f} MB, "
          f"difference {(result['memory_after'] - result['memory_before']) / MB:+.1f} MB")


def summary(classic_r: dict, light_r: dict, mixed_r: dict, n: int, workers: int) -> list[tuple[str, str, str, bool]]:
    """Return rows (measure, figure, target, met) of the final table."""
    st = mixed_r["statuses"]
    s500 = sum(c for counts in st.values() for s, c in counts.items() if s == 500)
    bad5xx = sum(c for s, c in st["malformed"].items() if isinstance(s, int) and s >= 500)
    s503 = sum(c for counts in st.values() for s, c in counts.items() if s == 503)
    errors = sum(c for counts in st.values() for s, c in counts.items() if not isinstance(s, int))
    leaked = mixed_r["workers_after"] - workers
    grown = (mixed_r["memory_after"] - mixed_r["memory_before"]) / MB
    allowed = tolerance(mixed_r["memory_before"]) / MB
    classic_ms = statistics.median(classic_r["api"])
    light_ms = statistics.median(light_r["light"])
    return [
        ("classic puzzle via API, median", f"{classic_ms:.1f} ms ({classic_ms / classic_r['local']:.1f}x in-process)",
         "< 100 ms", classic_ms < 100),
        ("light solve while 4 heavy, median", f"{light_ms:.1f} ms (max {max(light_r['light']):.1f} ms)",
         "< 300 ms", light_ms < 300),
        (f"{n:,} mixed: status 500", str(s500), "0", s500 == 0),
        (f"{n:,} mixed: 5xx for bad input", str(bad5xx), "0", bad5xx == 0),
        (f"{n:,} mixed: leaked workers", f"{leaked} ({mixed_r['workers_before']} -> {mixed_r['workers_after']})",
         "0", leaked == 0),
        (f"{n:,} mixed: memory after - before", f"{grown:+.1f} MB ({mixed_r['memory_before'] / MB:.0f} -> "
         f"{mixed_r['memory_after'] / MB:.0f} MB)", f"back to start (within {allowed:.0f} MB)", grown <= allowed),
        (f"{n:,} mixed: 503 (busy)", str(s503), "allowed, reported", True),
        (f"{n:,} mixed: unexpected replies / transport errors", f"{len(mixed_r['oddities'])} / {errors}",
         "reported", True),
    ]


def print_summary(rows: list[tuple[str, str, str, bool]]) -> None:
    """Print the final markdown table and the machine."""
    print("\n| measure | figure | target | met |")
    print("|---|---|---|---|")
    for measure, figure, target, met in rows:
        print(f"| {measure} | {figure} | {target} | {'yes' if met else 'NO'} |")
    print(f"\nmachine: {os.cpu_count()} CPUs, {platform.platform()}, Python {platform.python_version()} "
          f"({platform.python_implementation()})")


def main() -> None:
    """Start the server, run the three measures, print their tables and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=6)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    server = BenchServer(args.workers)
    try:
        server.settle()
        classic_r = classic(server)
        print_classic(classic_r)
        server.settle()
        light_r = light_under_heavy(server)
        print_light(light_r)
        mixed_r = mixed(server, args.requests, args.concurrency)
        print_mixed(mixed_r, args.requests, args.concurrency, args.workers)
    finally:
        pids = server.workers()
        status = server.stop()
        leftover = survivors(pids)
        log = server.stderr().strip().splitlines()
    print(f"\nserver exit status {status}; worker processes alive after stop: {len(leftover)}; "
          f"server stderr lines: {len(log)}")
    for line in log[-10:]:
        print(f"  stderr: {line}")
    print_summary(summary(classic_r, light_r, mixed_r, args.requests, args.workers))


if __name__ == "__main__":
    main()
