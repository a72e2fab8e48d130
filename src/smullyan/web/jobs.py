"""The work a web worker does: each job is one call of the public API, answered as (HTTP status, body).

The exit contract becomes HTTP statuses here, once: an answer (consistent or not, verified or not)
is 200 with `exit_status` 0 or 1; a limit is 200 with `"complete": false` and what was proved
(`exit_status` 3); bad input is 400 with the line and column or key; a bug is 500 with one line.
Game states stay on the server: a game job gets the state text and returns the next one beside the
player's view (which never holds the hidden world before the end).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

import smullyan
from ..errors import BadInput, LimitReached, SmullyanError

from ..render import web as views

Reply = tuple[int, dict[str, Any]]
PLAY_ACTIONS = ("ask", "answer", "guess", "undo", "hint", "view")


def _puzzle(args: dict[str, Any]) -> smullyan.Puzzle:
    """Return the puzzle a request's text states (TOML or English, as its format says or as it looks)."""
    return smullyan.parse(args["puzzle"], format=args.get("format", "auto"), source="puzzle")


def parse(args: dict[str, Any]) -> Reply:
    """Return the puzzle read back: its kind, title, people and TOML."""
    puzzle = _puzzle(args)
    body: dict[str, Any] = {"exit_status": 0, "kind": puzzle.kind, "title": puzzle.title,
                            "agents": list(puzzle.agents), "toml": puzzle.to_toml()}
    if isinstance(puzzle, smullyan.GodsPuzzle):
        body["worlds"] = puzzle.worlds
    return 200, body


def solve(args: dict[str, Any]) -> Reply:
    """Return the puzzle solved: the result document, its TOML, the strategy's SVG and the report as HTML."""
    puzzle = _puzzle(args)
    limit, memory = args.get("limit"), args.get("memory")
    if isinstance(puzzle, smullyan.GodsPuzzle):
        result = puzzle.solve(limit=limit, objective=args.get("objective"), memory=memory)
        svg = result.strategy.svg() if result.strategy is not None else None
        return 200, {"exit_status": 0, "complete": True, "kind": puzzle.kind, "result": result.to_dict(),
                     "toml": puzzle.to_toml(), "svg": svg, "html": views.gods_report(result)}
    if args.get("objective"):
        raise BadInput("an objective applies to gods puzzles (questions to ask); this is a deduction puzzle",
                       key="objective")
    result_w = puzzle.solve(limit=limit, explain=True, memory=memory)
    return 200, {"exit_status": 0 if result_w.consistent else 1, "complete": True, "kind": puzzle.kind,
                 "result": result_w.to_dict(), "toml": puzzle.to_toml(), "svg": None,
                 "html": views.worlds_report(result_w)}


def verify(args: dict[str, Any]) -> Reply:
    """Return a strategy checked against every world and hidden state, with the failing path if any."""
    puzzle = _puzzle(args)
    if not isinstance(puzzle, smullyan.GodsPuzzle):
        raise BadInput("only gods puzzles have strategies to verify; this is a deduction puzzle", key="puzzle")
    try:
        strategy = smullyan.loads_strategy(args["strategy"], puzzle)
    except SmullyanError as e:
        raise e.located(source="strategy") from None
    verdict = smullyan.verify(puzzle, strategy, limit=args.get("limit"), memory=args.get("memory"))
    return 200, {"exit_status": 0 if verdict.ok else 1, "complete": True, "verdict": verdict.to_dict(),
                 "html": views.verdict_report(verdict)}


def play(args: dict[str, Any]) -> Reply:
    """Return a new game: its state (kept by the server) and the player's view."""
    puzzle = _puzzle(args)
    game = smullyan.play(puzzle, role=args.get("role", "ask"), adversary=bool(args.get("adversary")),
                         seed=args.get("seed"), limit=args.get("limit"))
    return _game_reply(game)


def play_step(args: dict[str, Any]) -> Reply:
    """Return the game after one step (ask, answer, guess, undo, hint or just view it)."""
    action = args["action"]
    if action not in PLAY_ACTIONS:
        raise BadInput(f"unknown action {action!r}; choose one of: {', '.join(PLAY_ACTIONS)}", key="action")
    game = smullyan.Game.from_json(args["state"])
    hint = None
    if action == "ask":
        game = game.ask(_text(args, "question"), to=args.get("to") or None)
    elif action == "answer":
        game = game.answer(_text(args, "word"))
    elif action == "guess":
        game = game.guess(_text(args, "guess"))
    elif action == "undo":
        game = game.undo()
    elif action == "hint":
        hint = game.hint()
    return _game_reply(game, hint)


def _text(args: dict[str, Any], key: str) -> str:
    """Return a required text field of a step, or raise BadInput naming the key."""
    value = args.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadInput("missing: this step needs it", key=key)
    return value


def _game_reply(game: smullyan.Game, hint: Any = None) -> Reply:
    view = game.view()
    body: dict[str, Any] = {"exit_status": 1 if game.contradiction else 0, "view": view,
                            "html": views.game_view(view, hint), "state": game.to_json()}
    if hint is not None:
        body["hint"] = hint.to_dict()
    return 200, body


JOBS: dict[str, Callable[[dict[str, Any]], Reply]] = {
    "parse": parse, "solve": solve, "verify": verify, "play": play, "play_step": play_step}


def run(job: str, args: dict[str, Any]) -> Reply:
    """Return (status, body) of one job; errors become the contract's statuses, never exceptions."""
    try:
        return JOBS[job](args)
    except LimitReached as e:  # with the strategy verified before the limit, if any, drawn like a result's
        svg = e.best.svg() if callable(getattr(e.best, "svg", None)) else None
        return 200, {**e.to_dict(), "exit_status": 3, "html": views.limit_report(e), "svg": svg}
    except SmullyanError as e:
        status = {2: 400, 3: 200, 130: 503}.get(e.exit_status, 500)
        return status, e.to_dict()
    except MemoryError:
        e2 = LimitReached("stopped: the memory budget of a web request ran out")
        return 200, {**e2.to_dict(), "exit_status": 3, "html": views.limit_report(e2)}
    except RecursionError:
        return 400, BadInput("the input is nested too deeply to read").to_dict()
    except Exception as e:  # a bug: one line for the client, nothing else
        return 500, {"error": "internal_error", "exit_status": 70, "message": f"{type(e).__name__}: {e}"}


def run_line(line: bytes) -> bytes:
    """Return the reply line to one job line (a malformed line is a bug of the server: status 500)."""
    try:
        request = msgspec.json.decode(line)
        status, body = run(request["job"], request["args"])
    except (msgspec.DecodeError, KeyError, TypeError) as e:
        status, body = 500, {"error": "internal_error", "exit_status": 70, "message": f"bad job line: {e}"}
    try:
        return msgspec.json.encode({"status": status, "body": body})
    except (TypeError, msgspec.EncodeError) as e:
        return msgspec.json.encode({"status": 500, "body": {"error": "internal_error", "exit_status": 70,
                                                             "message": f"unencodable reply: {e}"}})


WARM_UP = 'agents = ["A", "B"]\ntypes = ["truthful", "liar"]\n'


def warm_up() -> None:
    """Import and exercise the engines, readers and renderers once, so the first request is as fast as any."""
    run("solve", {"puzzle": WARM_UP, "format": "toml"})
    run("solve", {"puzzle": "Knights always tell the truth and knaves always lie. Al says Bo is a knave. "
                            "Bo says they are both knights.", "format": "text"})
    run("parse", {"puzzle": "There are three gods, A, B and C. They are True, False and Random.",
                  "format": "text"})
