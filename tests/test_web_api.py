"""The JSON API of `smullyan serve`, through a live server on loopback, as a client program uses it:
the exit contract as HTTP statuses, limits, the queue, cancellation, game states kept server-side."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import time
import xml.etree.ElementTree as ET

import httpx
import pytest

from conftest import EXAMPLES
from web_server import Server

HARD = (EXAMPLES / "hardest.toml").read_text()
# a search that runs for hours: counting proves 9 questions needed at once, and 9 are not settled (README)
HEAVY = """title = "Seven gods: two Trues, two Falses and three Randoms"
agents = ["A", "B", "C", "D", "E", "F", "G"]
types = ["truthful", "truthful", "liar", "liar", "random", "random", "random"]
words = ["ja", "da"]
random = "word"

[questions]
language = "any"
"""
BOOLOS = (EXAMPLES / "boolos_strategy.json").read_text()
KK = "Knights always tell the truth and knaves always lie. You meet Al and Bo. Al says \"Bo is a knave.\" " \
     "Bo says \"We are both knights.\""


@pytest.fixture(scope="module")
def server():
    s = Server("--workers", "4")
    yield s
    s.stop()


def test_the_classic_puzzle_is_solved_with_its_proof_and_drawn_tree(server):
    r = server.client.post("/api/solve", json={"puzzle": HARD})
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    body = r.json()
    assert (body["exit_status"], body["complete"], body["kind"]) == (0, True, "gods")
    result = body["result"]
    assert (result["questions"], result["expected_questions"], result["worlds"]) == (3, "3", 12)
    assert result["proof"] == ("No strategy of 2 questions identifies the goal, even with every possible question "
                               "(exhaustive search).")
    svg = ET.fromstring(body["svg"])
    leaves = [g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "leaf"]
    assert len(leaves) == 8
    assert 'data-role="tree"' in body["html"] and "Solvable in 3 questions" in body["html"]
    assert body["toml"].startswith('title = "The Hardest Logic Puzzle Ever"')


def test_english_knights_and_knaves_give_every_world_and_why(server):
    body = server.client.post("/api/solve", json={"puzzle": KK}).json()
    assert body["exit_status"] == 0 and body["kind"] == "deduction"
    assert body["result"]["solutions"] == [{"types": {"Al": "knight", "Bo": "knave"}}]
    assert body["svg"] is None and "Why" in body["html"]


def test_an_inconsistent_puzzle_is_an_answer_with_exit_status_1(server):
    text = 'Knights always tell the truth and knaves always lie. You meet Al. Al says "I am a knave."'
    r = server.client.post("/api/solve", json={"puzzle": text})
    assert r.status_code == 200
    assert (r.json()["exit_status"], r.json()["result"]["contradiction"]) == (1, ["statement 1"])


@pytest.mark.parametrize("text, fmt, where, message", [
    ('agents = ["A"\ntypes = 3', "auto", {"line": 2, "column": 1}, "invalid TOML: Unclosed array (at line 2, column 1)"),
    ('title = "x"\nagents = ["A"]\ntypes = ["wizard"]\n', "auto", {"line": 3, "column": 1, "key": "types[0]"},
     "unknown type 'wizard'; known types: "),
    ("Knights always tell the truth. A says that B is a flurb.", "text", {"line": 1, "column": 51},
     "line 1, column 51: unknown role word 'flurb'"),
    ("A says hello", "toml", {"line": 1, "column": 3}, "invalid TOML: Expected '=' after a key in a key/value pair"),
])
def test_bad_puzzles_are_400_with_line_and_column(server, text, fmt, where, message):
    r = server.client.post("/api/solve", json={"puzzle": text, "format": fmt})
    assert r.status_code == 400
    body = r.json()
    assert (body["error"], body["exit_status"], body["source"]) == ("bad_input", 2, "puzzle")
    assert {k: body.get(k) for k in where} == where
    assert body["message"].startswith(message)


@pytest.mark.parametrize("payload, where, message", [
    (b'{"puzzle": "x",', {"line": None}, "the request is not valid JSON: Input data was truncated"),
    (b'{"puzzle":\n  "x"\n  "format": 1}', {"line": 3, "column": 3}, "the request is not valid JSON: "),
    (b'{"puzzle": 3}', {"key": "puzzle"}, "Expected `str`, got `int`"),
    (b'{}', {"key": "puzzle"}, "Object missing required field `puzzle`"),
    (b'{"puzzle": "x", "colour": 1}', {"key": "colour"}, "Object contains unknown field `colour`"),
    (b'{"puzzle": "x", "format": "yaml"}', {"key": "format"}, "Invalid enum value 'yaml'"),
    (b'{"puzzle": "x", "limit": 1000}', {"key": "limit"}, "a time limit is more than 0 and at most 10 seconds"),
    (b'[1, 2]', {}, "Expected `object`, got `array`"),
])
def test_malformed_requests_are_400_naming_the_key_or_position(server, payload, where, message):
    r = server.client.post("/api/solve", content=payload)
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["source"] == "request" and body["message"].startswith(message)
    assert {k: body.get(k) for k in where} == where


def test_requests_over_64_kb_are_refused_before_any_work(server):
    before = server.health()["served"]["served"]
    r = server.client.post("/api/solve", content=b" " * (64 * 1024 + 1))
    assert r.status_code == 413
    assert r.json()["message"] == "the request has more than 64 KB (65,537 bytes); puzzles are smaller"
    assert server.health()["served"]["served"] == before


def test_a_time_limit_answers_200_with_what_was_proved(server):
    t = time.monotonic()
    r = server.client.post("/api/solve", json={"puzzle": HEAVY, "limit": 1})
    assert time.monotonic() - t < 5
    body = r.json()
    assert r.status_code == 200 and (body["complete"], body["exit_status"], body["error"]) == (False, 3, "limit_reached")
    assert body["message"].startswith("search stopped at the time limit (1 s")
    assert body["proved"]["fewer_impossible"] == 8 and "Proved before the limit" in body["html"]


def test_verify_reports_ok_and_the_failing_path(server):
    ok = server.client.post("/api/verify", json={"puzzle": HARD, "strategy": BOOLOS}).json()
    assert (ok["exit_status"], ok["verdict"]["ok"], ok["verdict"]["worst"]) == (0, True, 3)
    bad = json.loads(BOOLOS)
    leaves = bad["branches"]["ja"]["branches"]["da"]["branches"]
    leaves["ja"], leaves["da"] = leaves["da"], leaves["ja"]  # two verdicts swapped
    failed = server.client.post("/api/verify", json={"puzzle": HARD, "strategy": bad}).json()
    assert (failed["exit_status"], failed["verdict"]["ok"]) == (1, False)
    assert failed["verdict"]["path"] and 'class="path"' in failed["html"]
    broken = server.client.post("/api/verify", json={"puzzle": HARD, "strategy": '{"ask": 3}'})
    assert broken.status_code == 400 and (broken.json()["source"], broken.json()["key"]) == ("strategy", "strategy.ask")


def test_a_game_played_to_the_end_with_hints_keeps_its_secret_on_the_server(server):
    c = server.client
    r = c.post("/api/play", json={"puzzle": HARD, "seed": 7})
    body = r.json()
    game = body["game"]
    assert r.status_code == 200 and "state" not in body and "secret" not in json.dumps(body)
    for _ in range(3):
        hint = c.post(f"/api/play/{game}/hint", json={}).json()["hint"]
        asked = c.post(f"/api/play/{game}/ask", json={"question": hint["question"]}).json()
        assert "state" not in asked and asked["view"]["ending"] is None
    assert asked["view"]["possibilities_left"] == 1
    wrong = c.post(f"/api/play/{game}/guess", json={"guess": "A is truthful, B is a liar, C is random"}).json()
    truth = wrong["view"]["ending"]["truth"]
    c.post(f"/api/play/{game}/undo", json={})
    named = ", ".join(f"{g} is {truth[g]}" for g in "ABC")
    right = c.post(f"/api/play/{game}/guess", json={"guess": named}).json()["view"]["ending"]
    assert (right["right"], right["proved"], right["questions"], right["optimum"]) == (True, True, 3, 3)
    assert c.get(f"/api/play/{game}").json()["view"]["over"] is True


def test_the_tool_asks_and_names_the_gods_from_your_answers(server):
    c = server.client
    game = c.post("/api/play", json={"puzzle": HARD, "role": "answer"}).json()["game"]
    for _ in range(3):
        view = c.post(f"/api/play/{game}/answer", json={"word": "ja"}).json()["view"]
    assert view["ending"]["named"] == {"A": "liar", "B": "random", "C": "truthful"}
    assert view["ending"]["message"].startswith("You are thinking of: A is a liar, B is random, C is truthful.")


@pytest.mark.parametrize("path, body, status, message", [
    ("/api/play/nosuchgame/ask", {"question": "Ask A: Is B random?"}, 404, "no such game"),
    ("/api/play/x/fly", {}, 404, "no action 'fly'"),
    ("/api/solve/more", {}, 404, "no such page: /api/solve/more"),
])
def test_unknown_games_actions_and_pages_are_404(server, path, body, status, message):
    r = server.client.post(path, json=body)
    assert r.status_code == status and r.json()["message"].startswith(message)


def test_a_bad_step_is_400_and_the_game_goes_on(server):
    c = server.client
    game = c.post("/api/play", json={"puzzle": HARD, "seed": 1}).json()["game"]
    r = c.post(f"/api/play/{game}/ask", json={"question": "zzz"})
    assert r.status_code == 400 and r.json()["message"].startswith("column 1: unexpected 'zzz'; expected 'are', 'ask'")
    r = c.post(f"/api/play/{game}/ask", json={})
    assert r.status_code == 400 and r.json()["key"] == "question"
    assert c.post(f"/api/play/{game}/ask", json={"question": "Ask A: Is B random?"}).status_code == 200


def test_examples_are_served_from_the_package_and_nothing_else(server):
    listed = server.client.get("/api/examples").json()
    names = {e["name"] for e in listed}
    assert names == {p.stem for p in EXAMPLES.iterdir() if p.suffix in (".toml", ".txt")}
    one = server.client.get("/api/examples/hardest").json()
    assert one["format"] == "toml" and one["text"] == HARD
    for path in ("/api/examples/..%2F..%2Fpyproject", "/static/../pyproject.toml", "/static/%2e%2e/app.py",
                 "/static/..%2f..%2f__init__.py", "/api/examples/tour"):
        assert server.client.get(path).status_code == 404, path


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.iterdir() if p.suffix in (".toml", ".txt")))
def test_every_bundled_example_solves_through_the_api(server, name):
    example = server.client.get(f"/api/examples/{name}").json()
    slow = {"brewery_hard"}  # seconds of search (about 7): stopped by a 1 s limit, reported incomplete
    limit = 1 if name in slow else None
    r = server.client.post("/api/solve", json={"puzzle": example["text"], "format": example["format"], "limit": limit})
    assert r.status_code == 200
    assert r.json()["complete"] is (name not in slow)


def test_openapi_describes_every_route_and_request(server):
    doc = server.client.get("/api/openapi.json").json()
    assert doc["openapi"] == "3.1.0"
    assert set(doc["paths"]) == {"/api/parse", "/api/solve", "/api/verify", "/api/play", "/api/play/{game}",
                                 "/api/play/{game}/{action}", "/api/examples", "/api/examples/{name}", "/api/health"}
    schemas = doc["components"]["schemas"]
    assert set(schemas["SolveRequest"]["properties"]) == {"puzzle", "format", "objective", "limit"}
    assert schemas["SolveRequest"]["required"] == ["puzzle"]
    assert set(doc["paths"]["/api/solve"]["post"]["responses"]) == {"200", "400", "404", "413", "503", "500"}


def test_the_page_prefills_a_shared_puzzle_and_ships_its_assets(server):
    import base64

    code = base64.urlsafe_b64encode("A <b>says</b> ‘hi’".encode()).decode().rstrip("=")
    page = server.client.get(f"/?p={code}")
    assert page.status_code == 200 and "A &lt;b&gt;says&lt;/b&gt; ‘hi’</textarea>" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert "damaged" in server.client.get("/?p=%%%").text
    assert "http://" not in page.text.replace('href="/', "") and "https://" not in page.text
    for asset in ("/static/app.js", "/static/app.css"):
        r = server.client.get(asset)
        assert r.status_code == 200 and "http://" not in r.text and "https://" not in r.text


def test_a_client_that_goes_away_has_its_work_stopped(server):
    before = server.settle(4)
    busy_before = set(server.workers())
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(f"{server.url}/api/solve", json={"puzzle": HEAVY}, timeout=0.8)
    after = server.settle(4)
    assert after["served"]["cancelled"] == before["served"]["cancelled"] + 1
    assert len(set(server.workers()) - busy_before) == 1  # the busy worker was killed and replaced


def test_a_light_solve_is_not_stalled_by_heavy_ones(server):
    server.settle(4)
    with concurrent.futures.ThreadPoolExecutor(4) as ex:
        heavy = [ex.submit(httpx.post, f"{server.url}/api/solve", json={"puzzle": HEAVY, "limit": 4}, timeout=30)
                 for _ in range(3)]
        time.sleep(0.5)
        t = time.monotonic()
        light = server.client.post("/api/solve", json={"puzzle": HARD})
        light_done = time.monotonic() - t
        assert light.status_code == 200 and light.json()["result"]["questions"] == 3
        assert not any(f.done() for f in heavy) and light_done < 3
        assert [f.result().json()["complete"] for f in heavy] == [False] * 3
    server.settle(4)


def test_a_full_queue_answers_503_with_retry_after_and_the_server_recovers():
    s = Server("--workers", "1", "--queue", "1")
    try:
        with concurrent.futures.ThreadPoolExecutor(3) as ex:
            futures = []
            for _ in range(3):
                futures.append(ex.submit(httpx.post, f"{s.url}/api/solve", json={"puzzle": HEAVY, "limit": 1},
                                         timeout=30))
                time.sleep(0.2)
            replies = [f.result() for f in futures]
        assert sorted(r.status_code for r in replies) == [200, 200, 503]
        busy = next(r for r in replies if r.status_code == 503)
        assert busy.headers["retry-after"] == "2" and busy.json()["error"] == "busy"
        assert s.client.post("/api/solve", json={"puzzle": HARD}).status_code == 200
        assert s.health()["served"]["refused"] == 1
    finally:
        workers = s.workers()
        assert len(workers) == 1
        assert s.stop() == 0
    assert not any(pid in s.workers() for pid in workers)


def test_a_memory_budget_stops_a_search_with_200_and_what_was_proved():
    # a time limit far above the 3 s this takes when idle: under load (CI beside other work) the tables alone
    # once took over the default 10 s, and the time limit, not the memory budget, stopped the search
    s = Server("--workers", "1", "--memory", "64M", "--limit", "120s")
    try:
        body = s.client.post("/api/solve", json={"puzzle": HEAVY}).json()
        assert (body["complete"], body["exit_status"]) == (False, 3)
        assert body["message"].startswith("search stopped at the memory budget")
    finally:
        s.stop()


def test_stopping_the_server_leaves_no_worker_behind():
    s = Server("--workers", "3")
    workers = s.workers()
    assert len(workers) == 3
    assert s.stop() == 0
    time.sleep(0.2)
    import os

    for pid in workers:
        assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split(")")[1].split()[0] == "Z"


def test_the_server_binds_loopback_by_default_and_refuses_a_busy_port(tmp_path):
    import subprocess
    import sys

    s = Server("--workers", "1")
    try:
        taken = subprocess.run([sys.executable, "-m", "smullyan", "serve", "--port", str(s.port)],
                               capture_output=True, text=True, timeout=60)
        assert taken.returncode == 2 and taken.stderr.startswith(f"error: cannot listen on 127.0.0.1:{s.port}:")
        import socket

        with socket.socket() as other:  # nothing listens on the machine's other addresses
            other.settimeout(1)
            addresses = {a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)} - {"127.0.0.1"}
            for address in addresses:
                assert other.connect_ex((address, s.port)) != 0
    finally:
        s.stop()


def test_a_worker_past_its_hard_limit_is_killed_and_replaced():
    from smullyan.web.pool import WorkerPool

    async def go():
        pool = WorkerPool(1, 1)
        await pool.start()
        try:
            first = pool.pids()
            with pytest.raises(TimeoutError, match="stopped at the time limit of 0.2 s"):
                # the search's own limit (30 s) is beyond the pool's: the pool kills it after 0.2 s + grace
                await pool.run("solve", {"puzzle": HEAVY, "limit": "30s"}, 0.2)
            for _ in range(100):
                if pool.load()["idle"] == 1:
                    break
                await asyncio.sleep(0.1)
            assert pool.pids() != first and len(pool.pids()) == 1
            status, body = await pool.run("solve", {"puzzle": HARD}, 5)
            assert status == 200 and body["result"]["questions"] == 3
        finally:
            await pool.close()
        assert pool.pids() == []

    asyncio.run(go())


def test_a_limit_with_a_verified_strategy_shows_it_as_an_upper_bound(monkeypatch):
    """A solve stopped after a strategy was verified (e.g. the ranked search's, before the exact average
    search) answers with that strategy, its figures as upper bounds, and its drawing (the job, in process)."""
    import smullyan
    from smullyan.web import jobs

    puzzle = smullyan.load(EXAMPLES / "hardest.toml")
    best = puzzle.solve().strategy
    proved = {"fewer_impossible": 2, "expected_at_least": "3", "expected_at_most": "3", "worst_at_most": 3}

    def stopped(self, *args, **kw):
        raise smullyan.LimitReached("search stopped at the time limit (1 s, 10 splits explored) without an answer",
                                    proved=proved, best=best)

    monkeypatch.setattr(smullyan.GodsPuzzle, "solve", stopped)
    status, body = jobs.run("solve", {"puzzle": HARD})
    assert (status, body["exit_status"], body["complete"], body["error"]) == (200, 3, False, "limit_reached")
    assert (body["best_expected_questions"], body["best_questions"]) == ("3", 3)
    assert body["best_strategy"] == best.tree() and body["svg"] == best.svg()
    assert ("Best strategy found, verified against every world and hidden state but not proved optimal: "
            "3 questions on average, 3 at worst.") in body["html"] and 'data-role="tree"' in body["html"]
