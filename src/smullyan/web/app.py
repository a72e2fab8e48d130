"""The web face: a Starlette app serving one page and a JSON API over a pool of worker processes.

Routes: `/` the page (`?p=` carries a shared puzzle, base64url of its UTF-8 text), `/static/…` its
assets (all in the package), `/api/…` the JSON API (`/api/openapi.json` describes it). The app holds
no puzzle logic: each API call is one job of `web.jobs` run by a worker (`web.pool`); the app reads
the request, enforces the size cap, the time limit, the queue and cancellation, keeps game states
(never sent to the client) and maps the job's reply to HTTP.
"""

from __future__ import annotations

import asyncio
import dataclasses
import base64
import binascii
import contextlib
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import dataclass
from html import escape
from importlib import resources
from string import Template
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .._version import __version__
from ..errors import BadInput, SmullyanError
from . import schema
from .pool import Busy, Cancelled, WorkerFailed, WorkerPool

EXAMPLE_SUFFIXES = {".toml": "toml", ".txt": "text"}


@dataclass(frozen=True)
class Settings:
    """How the server runs: workers, queue, per-request time and memory, request size, games kept."""

    workers: int = 6
    queue: int = 24
    seconds: float = 10.0  # per request, the most a client may ask for and the default
    memory: int = 1024 * 2**20  # bytes of memory per worker
    max_body: int = 64 * 1024  # bytes in one request
    games: int = 2000  # game states kept (least recently used dropped first)
    retry_after: int = 2  # seconds a client is told to wait when the queue is full


class Games:
    """The states of games in progress, by id, least recently used dropped first (never sent to clients)."""

    def __init__(self, capacity: int):
        self.capacity = capacity
        self._states: OrderedDict[str, str] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}

    def add(self, state: str) -> str:
        """Return the id of a new game holding this state."""
        game = secrets.token_urlsafe(12)
        self._states[game] = state
        while len(self._states) > self.capacity:
            old, _ = self._states.popitem(last=False)
            self._locks.pop(old, None)
        return game

    def get(self, game: str) -> str:
        """Return a game's state; raise KeyError for an unknown or expired game."""
        state = self._states[game]
        self._states.move_to_end(game)
        return state

    def put(self, game: str, state: str) -> None:
        """Replace a game's state (if it is still kept)."""
        if game in self._states:
            self._states[game] = state

    def __len__(self) -> int:
        return len(self._states)

    def lock(self, game: str) -> asyncio.Lock:
        """Return the lock that keeps one game's steps in order."""
        return self._locks.setdefault(game, asyncio.Lock())


def _json(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(msgspec.json.encode(body), status_code=status, media_type="application/json", headers=headers)


def _error(status: int, kind: str, exit_status: int, message: str, **where: Any) -> Response:
    body = {"error": kind, "exit_status": exit_status, "message": message,
            **{k: v for k, v in where.items() if v is not None}}
    headers = {"Retry-After": str(where.pop("retry_after"))} if "retry_after" in where else None
    body.pop("retry_after", None)
    return _json(body, status, headers)


def _examples() -> dict[str, tuple[str, str]]:
    """Return every bundled example puzzle: name -> (format, text), read once at start-up."""
    found = {}
    for entry in sorted(resources.files("smullyan").joinpath("examples").iterdir(), key=lambda e: e.name):
        stem, dot, suffix = entry.name.rpartition(".")
        fmt = EXAMPLE_SUFFIXES.get(dot + suffix)
        if fmt and entry.is_file():
            found[stem] = (fmt, entry.read_text(encoding="utf-8"))
    return found


async def _body(request: Request, cap: int) -> bytes:
    """Return the request body; raise BadInput(413) past the cap, before reading more than it."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > cap:
        raise _TooLarge(int(declared), cap)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            raise _TooLarge(size, cap)
        chunks.append(chunk)
    return b"".join(chunks)


class _TooLarge(Exception):
    def __init__(self, size: int, cap: int):
        super().__init__(f"the request has more than {cap // 1024} KB ({size:,} bytes); puzzles are smaller")


async def _disconnect(request: Request) -> None:
    """Return when the client has gone away (the body is read already)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


def create_app(settings: Settings | None = None) -> Starlette:
    """Return the web app (start it with uvicorn; the worker pool starts and stops with it)."""
    settings = settings or Settings()
    pool = WorkerPool(settings.workers, settings.queue, memory=settings.memory)
    games = Games(settings.games)
    examples = _examples()
    page = Template(resources.files("smullyan.web").joinpath("page.html").read_text(encoding="utf-8"))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await pool.start()
        app.state.pool = pool
        try:
            yield
        finally:
            await pool.close()

    async def work(request: Request, job: str, args: dict[str, Any], seconds: float) -> tuple[int, dict[str, Any]]:
        """Return (status, body) of a job run by the pool, cancelled if the client leaves."""
        gone = asyncio.ensure_future(_disconnect(request))
        try:
            return await pool.run(job, args, seconds, gone)
        finally:
            gone.cancel()

    def seconds_of(limit: float | None) -> float:
        if limit is None:
            return settings.seconds
        if not 0 < limit <= settings.seconds:
            raise BadInput(f"a time limit is more than 0 and at most {settings.seconds:g} seconds on this server",
                           key="limit", source="request")
        return float(limit)

    async def call(request: Request, job: str, args: dict[str, Any], seconds: float) -> Response:
        status, body = await work(request, job, args, seconds)
        return _json(body, status)

    async def parse(request: Request) -> Response:
        req = schema.decode(await _body(request, settings.max_body), schema.PuzzleRequest)
        return await call(request, "parse", msgspec.structs.asdict(req), settings.seconds)

    async def solve(request: Request) -> Response:
        req = schema.decode(await _body(request, settings.max_body), schema.SolveRequest)
        seconds = seconds_of(req.limit)
        args = {**msgspec.structs.asdict(req), "limit": f"{seconds}s", "memory": settings.memory}
        return await call(request, "solve", args, seconds)

    async def verify(request: Request) -> Response:
        req = schema.decode(await _body(request, settings.max_body), schema.VerifyRequest)
        args = {**msgspec.structs.asdict(req), "limit": f"{settings.seconds}s", "memory": settings.memory}
        return await call(request, "verify", args, settings.seconds)

    async def play(request: Request) -> Response:
        req = schema.decode(await _body(request, settings.max_body), schema.PlayRequest)
        args = {**msgspec.structs.asdict(req), "limit": f"{settings.seconds}s"}
        status, body = await work(request, "play", args, settings.seconds)
        if status == 200 and "state" in body:
            body["game"] = games.add(body.pop("state"))
        return _json(body, status)

    async def step(request: Request) -> Response:
        game = request.path_params["game"]
        action = request.path_params["action"]
        if action not in ("ask", "answer", "guess", "undo", "hint"):
            return _error(404, "not_found", 2, f"no action {action!r}: ask, answer, guess, undo or hint")
        req = schema.decode(await _body(request, settings.max_body), schema.StepRequest)
        return await advance(request, game, {"action": action, **msgspec.structs.asdict(req)})

    async def view(request: Request) -> Response:
        return await advance(request, request.path_params["game"], {"action": "view"})

    async def advance(request: Request, game: str, args: dict[str, Any]) -> Response:
        async with games.lock(game):
            try:
                state = games.get(game)
            except KeyError:
                return _error(404, "not_found", 2, "no such game (games are kept while the server runs, "
                                                   f"the {settings.games} most recent)", key="game")
            status, body = await work(request, "play_step", {**args, "state": state}, settings.seconds)
            if status == 200 and "state" in body:
                games.put(game, body.pop("state"))
            body.pop("state", None)
            if status == 200:
                body["game"] = game
            return _json(body, status)

    async def example_list(request: Request) -> Response:
        return _json([{"name": name, "format": fmt, "title": _title(fmt, text)}
                      for name, (fmt, text) in examples.items()])

    async def example(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in examples:
            return _error(404, "not_found", 2, f"no example named {name!r}", key="name")
        fmt, text = examples[name]
        return _json({"name": name, "format": fmt, "text": text})

    async def openapi(request: Request) -> Response:
        return _json(schema.openapi())

    async def health(request: Request) -> Response:
        return _json({**pool.load(), "games": len(games), "served": dataclasses.asdict(pool.stats),
                      "version": __version__})

    async def index(request: Request) -> Response:
        text, note = "", ""
        shared = request.query_params.get("p")
        if shared:
            try:
                raw = base64.b64decode(shared + "=" * (-len(shared) % 4), altchars=b"-_", validate=True)
                if len(raw) > settings.max_body:
                    raise ValueError("too long")
                text = raw.decode("utf-8")
            except (binascii.Error, ValueError):
                note = "The shared link is damaged: it does not hold a puzzle."
        options = "".join(f'<option value="{escape(n, quote=True)}">{escape(_title(f, t) or n)}</option>'
                          for n, (f, t) in examples.items())
        return HTMLResponse(page.substitute(version=escape(__version__), examples=options, puzzle=escape(text),
                                            note=escape(note)),
                            headers={"Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                                                                "img-src 'self' data: blob:",
                                     "X-Content-Type-Options": "nosniff"})

    async def on_error(request: Request, exc: Exception) -> Response:
        if isinstance(exc, SmullyanError):
            status = 400 if exc.exit_status == 2 else 500
            return _json(exc.to_dict(), status)
        if isinstance(exc, _TooLarge):
            return _error(413, "bad_input", 2, str(exc), source="request")
        if isinstance(exc, Busy):
            return _error(503, "busy", 3, f"{exc}; retry in a moment", retry_after=settings.retry_after)
        if isinstance(exc, Cancelled):
            return _error(499, "interrupted", 130, str(exc))
        if isinstance(exc, TimeoutError):
            return _json({"error": "limit_reached", "exit_status": 3, "complete": False,
                          "message": f"{exc} (the search was stopped; nothing further was proved)", "proved": {}})
        if isinstance(exc, WorkerFailed):
            return _error(500, "internal_error", 70, str(exc))
        return _error(500, "internal_error", 70, f"{type(exc).__name__}: {exc}")

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error(404, "not_found", 2, f"no such page: {request.url.path}")

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return _error(405, "bad_input", 2, f"{request.method} is not allowed on {request.url.path}")

    routes = [
        Route("/", index),
        Route("/api/parse", parse, methods=["POST"]),
        Route("/api/solve", solve, methods=["POST"]),
        Route("/api/verify", verify, methods=["POST"]),
        Route("/api/play", play, methods=["POST"]),
        Route("/api/play/{game}", view, methods=["GET"]),
        Route("/api/play/{game}/{action}", step, methods=["POST"]),
        Route("/api/examples", example_list),
        Route("/api/examples/{name}", example),
        Route("/api/openapi.json", openapi),
        Route("/api/health", health),
        Mount("/static", StaticFiles(packages=[("smullyan.web", "static")]), name="static"),
    ]
    handlers: dict[Any, Any] = {Exception: on_error, SmullyanError: on_error, _TooLarge: on_error, Busy: on_error,
                                Cancelled: on_error, TimeoutError: on_error, WorkerFailed: on_error,
                                404: not_found, 405: not_allowed}
    return Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)


def _title(fmt: str, text: str) -> str:
    """Return an example's title: its TOML `title`, or the first words of its text."""
    if fmt == "toml":
        for line in text.splitlines():
            if line.startswith("title"):
                return line.partition("=")[2].strip().strip('"')
        return ""
    first = " ".join(text.split()[:8])
    return first + ("…" if len(text.split()) > 8 else "")
