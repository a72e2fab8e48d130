"""The JSON API's request bodies, validated with msgspec, and its OpenAPI description.

Every request body is a msgspec Struct: unknown fields, wrong types and missing fields are bad input
(400) naming the key; malformed JSON names the line and column.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from .._version import __version__
from ..errors import BadInput

Format = Literal["auto", "toml", "text"]


class PuzzleRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A puzzle as text: TOML or English (`format` auto tells them apart by how the text looks)."""

    puzzle: str
    format: Format = "auto"


class SolveRequest(PuzzleRequest, kw_only=True):
    """Solve a puzzle; `limit` is in seconds, at most the server's limit (the default)."""

    objective: Literal["worst", "expected"] | None = None
    limit: float | None = None


class VerifyRequest(PuzzleRequest, kw_only=True):
    """Check a strategy (a strategy document as `solve` returns it, or its JSON text) against a gods puzzle."""

    strategy: str | dict[str, Any]


class PlayRequest(PuzzleRequest, kw_only=True):
    """Start a game: you ask (`role` ask, optionally against the adversary) or you answer the tool's questions."""

    role: Literal["ask", "answer"] = "ask"
    adversary: bool = False
    seed: int | None = None


class StepRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One step of a game: a question (and optionally to whom), an answer word, or a guess."""

    question: str | None = None
    to: str | None = None
    word: str | None = None
    guess: str | None = None


class ErrorBody(msgspec.Struct, kw_only=True):
    """What went wrong: the kind, the exit status the command line would give, the message and where."""

    error: str
    exit_status: int
    message: str
    line: int | None = None
    column: int | None = None
    key: str | None = None
    source: str | None = None


REQUESTS: dict[str, type[msgspec.Struct]] = {"parse": PuzzleRequest, "solve": SolveRequest, "verify": VerifyRequest,
                                             "play": PlayRequest, "step": StepRequest}


def decode(body: bytes, kind: type[msgspec.Struct]) -> Any:
    """Return the request body decoded and validated; raise BadInput with the key or the line and column."""
    try:
        return msgspec.json.decode(body, type=kind)
    except msgspec.ValidationError as e:
        text = str(e)
        key = None
        if " - at `$." in text:
            text, _, where = text.partition(" - at `$.")
            key = where.rstrip("`")
        elif " field `" in text:  # 'Object missing required field `x`', 'Object contains unknown field `x`'
            key = text.split(" field `", 1)[1].split("`", 1)[0]
        raise BadInput(text, key=key, source="request") from None
    except msgspec.DecodeError as e:
        text = str(e)
        line = column = None
        if "(byte " in text:
            offset = int(text.rsplit("(byte ", 1)[1].rstrip(")"))
            line = body.count(b"\n", 0, offset) + 1
            column = offset - (body.rfind(b"\n", 0, offset) + 1) + 1
        raise BadInput(f"the request is not valid JSON: {text}", line=line, column=column, source="request") from None


RESPONSES = {
    "200": "An answer: `exit_status` 0 (answered) or 1 (inconsistent, or the strategy fails verification), "
           "or a limit: `complete` false, `exit_status` 3 and what was `proved` (with `best_strategy`, its figures "
           "and its `svg` where a strategy was verified before the limit: upper bounds, not proved optimal).",
    "400": "Bad input: the message names the key or the line and column.",
    "404": "No such example or game (games expire).",
    "413": "The request is larger than the server accepts.",
    "503": "Every worker is busy and the queue is full: retry after the seconds in Retry-After.",
    "500": "A bug in smullyan (never bad input).",
}

OPERATIONS = [
    ("/api/parse", "post", "parse", "Read a puzzle (TOML or English) and return it as TOML."),
    ("/api/solve", "post", "solve", "Solve a puzzle: a verified strategy or proof (gods), or every consistent world."),
    ("/api/verify", "post", "verify", "Check a strategy against every world and hidden state."),
    ("/api/play", "post", "play", "Start a game; returns its id and the player's view."),
    ("/api/play/{game}/{action}", "post", "step",
     "One step of a game: action ask, answer, guess, undo or hint."),
]


def openapi() -> dict[str, Any]:
    """Return the OpenAPI 3.1 description of the JSON API."""
    structs = [*REQUESTS.values(), ErrorBody]
    (*_, ), components = msgspec.json.schema_components(structs, ref_template="#/components/schemas/{name}")
    responses = {code: {"description": text, "content": {"application/json": {"schema": (
        {"$ref": "#/components/schemas/ErrorBody"} if code not in ("200",) else {"type": "object"})}}}
        for code, text in RESPONSES.items()}
    paths: dict[str, Any] = {}
    for path, method, kind, summary in OPERATIONS:
        op: dict[str, Any] = {"summary": summary, "operationId": kind if kind != "step" else "play_step",
                              "requestBody": {"required": True, "content": {"application/json": {
                                  "schema": {"$ref": f"#/components/schemas/{REQUESTS[kind].__name__}"}}}},
                              "responses": responses}
        if kind == "step":
            op["parameters"] = [
                {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "action", "in": "path", "required": True,
                 "schema": {"enum": ["ask", "answer", "guess", "undo", "hint"]}}]
        paths.setdefault(path, {})[method] = op
    paths["/api/play/{game}"] = {"get": {"summary": "The player's view of a game.", "operationId": "play_view",
                                         "parameters": [{"name": "game", "in": "path", "required": True,
                                                         "schema": {"type": "string"}}],
                                         "responses": {k: v for k, v in responses.items() if k in ("200", "404")}}}
    paths["/api/examples"] = {"get": {"summary": "The bundled example puzzles.", "operationId": "examples",
                                      "responses": {"200": {"description": "name, format and title of each"}}}}
    paths["/api/examples/{name}"] = {"get": {"summary": "One bundled example's text.", "operationId": "example",
                                             "parameters": [{"name": "name", "in": "path", "required": True,
                                                             "schema": {"type": "string"}}],
                                             "responses": {k: v for k, v in responses.items() if k in ("200", "404")}}}
    paths["/api/health"] = {"get": {"summary": "The worker pool's load.", "operationId": "health",
                                    "responses": {"200": {"description": "workers, idle, waiting, queue"}}}}
    return {"openapi": "3.1.0",
            "info": {"title": "smullyan", "version": __version__,
                     "description": "Exact solver for puzzles about truth-tellers, liars and random answerers. "
                                    "Statuses follow the command line's exit contract."},
            "paths": paths, "components": {"schemas": components}}
