"""The `smullyan` command line: solve and verify puzzles.

Exit status: 0 done (an unsolvable puzzle with its proof is a result too), 1 a strategy failed
verification or a deduction puzzle is inconsistent, 2 bad input, 3 a search limit was reached.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from .deduce.model import Deduction
from .deduce.solve import solve_deduction
from .errors import PuzzleError, SearchLimitReached, SmullyanError
from .english.read import parse_text
from .formats.kk import read_kk
from .formats.puzzle_toml import load_puzzle
from .interrogate import strategy as S
from .interrogate.puzzle import OBJECTIVES
from .interrogate.search import Limits
from .interrogate.solve import solve as solve_puzzle
from .interrogate.verify import verify as verify_strategy
from .render.deduction import result_json, result_text
from .render.strategies import solution_json, strategy_mermaid, strategy_tree

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Exact solver for puzzles about truth-tellers, liars and random answerers.")

EXIT_FAILED, EXIT_INPUT, EXIT_LIMIT = 1, 2, 3


def parse_limits(values: list[str] | None) -> Limits:
    """Return the limits of '--limit' values: a whole number of nodes, or seconds such as '5s'."""
    limits = Limits()
    for v in values or []:
        text = v.strip().lower()
        try:
            if text.endswith("s"):
                limits.seconds = float(text[:-1])
                if limits.seconds <= 0:
                    raise ValueError
            else:
                limits.nodes = int(text)
                if limits.nodes < 0:
                    raise ValueError
        except ValueError:
            raise PuzzleError(f"--limit takes a number of nodes (e.g. 100000) or seconds (e.g. 5s), got {v!r}") from None
    return limits


def _fail(err: SmullyanError) -> None:
    Console(stderr=True).print(f"[bold red]error:[/] {err.render()}", highlight=False, soft_wrap=True)
    raise typer.Exit(EXIT_LIMIT if isinstance(err, SearchLimitReached) else EXIT_INPUT)


def _stats_table(stats: dict[str, Any], title: str) -> Table:
    table = Table(title=title)
    for col in ("level", "explored", "pruned", "memo hits"):
        table.add_column(col, justify="right")
    tot = [0, 0, 0]
    for row in stats["levels"]:
        table.add_row(str(row["level"]), str(row["explored"]), str(row["pruned"]), str(row["memo_hits"]))
        tot = [tot[0] + row["explored"], tot[1] + row["pruned"], tot[2] + row["memo_hits"]]
    table.add_row("total", *map(str, tot))
    return table


def _read_text(path: Path) -> str:
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return path.read_text(encoding="utf-8")
    except OSError as e:
        raise PuzzleError(f"cannot read the file: {e.strerror or e}", source=str(path)) from None


def _read_text_puzzle(path: Path, backend: str, explain: bool, field: str, limits: Limits):
    """Return the puzzle of an English file (or print one JSON line per puzzle of a JSONL file and return None)."""
    if path.suffix == ".jsonl":
        for n, line in enumerate(_read_text(path).splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                key = field or next(k for k in ("quiz", "puzzle") if k in record)
                text = record[key]
            except (json.JSONDecodeError, KeyError, TypeError, StopIteration):
                raise PuzzleError(f"expected a JSON object with a text field '{field or 'quiz or puzzle'}'",
                                  source=f"{path}:{n}") from None
            try:
                puzzle = parse_text(text, str(record.get("id", n)))
                if not isinstance(puzzle, Deduction):
                    raise PuzzleError("JSONL lines of text are read as deduction puzzles only")
            except PuzzleError as e:
                raise e.located(source=f"{path}:{n}") from None
            res = solve_deduction(puzzle, backend, explain, limits)
            print(json.dumps({"id": record.get("id", n), **result_json(puzzle, res)}))
        return None
    try:
        puzzle = parse_text(_read_text(path), path.stem)
    except PuzzleError as e:
        raise e.located(source=str(path)) from None
    return puzzle


def _solve_kk(path: Path, backend: str, explain: bool, limits: Limits) -> None:
    """Print one JSON line per K&K puzzle: its id and its deduction result."""
    for pid, puzzle in read_kk(path):
        res = solve_deduction(puzzle, backend, explain, limits)
        print(json.dumps({"id": pid, **result_json(puzzle, res)}))


def _solve_deduction(puzzle: Deduction, as_json: bool, backend: str, explain: bool, limits: Limits) -> None:
    res = solve_deduction(puzzle, backend, explain or False, limits)
    if as_json:
        print(json.dumps(result_json(puzzle, res), indent=2))
    else:
        Console(highlight=False).print(result_text(puzzle, res), markup=False)
    if res.consistent == 0:
        raise typer.Exit(EXIT_FAILED)


@app.command()
def solve(
    puzzle_file: Path = typer.Argument(..., help="Puzzle file (TOML), or JSONL with --format kk."),
    as_json: bool = typer.Option(False, "--json", help="Print the solution as JSON."),
    mermaid: bool = typer.Option(False, "--mermaid", help="Print the strategy as a Mermaid flowchart."),
    limit: Optional[list[str]] = typer.Option(None, "--limit", help="Stop after N explored splits (deduction: N consistent "
                                                                 "worlds listed, default 1,000,000), or after Ns seconds."),
    stats: bool = typer.Option(False, "--stats", help="Show search statistics per level."),
    fmt: str = typer.Option("auto", "--format", help="Input: auto (by suffix: .txt is English), toml, text (English; '-' reads stdin; "
                                                      "FILE.jsonl reads --field of each line), or kk (K&K JSONL)."),
    field: str = typer.Option("", "--field", help="With --format text and a JSONL file: the field holding the text "
                                                  "(default: quiz or puzzle, whichever the line has)."),
    backend: str = typer.Option("auto", "--backend", help="Deduction backend: auto, enum or sat."),
    explain: bool = typer.Option(False, "--explain", help="Deduction: give a minimal set of statements forcing each determined fact."),
    objective: Optional[str] = typer.Option(None, "--objective", help="Gods: 'worst' (fewest questions in the worst case) "
                                                                     "or 'expected' (fewest on average, exact)."),
) -> None:
    """Solve a puzzle: a question strategy with the fewest questions (or a proof that none exists),
    or every world consistent with what was said."""
    try:
        if fmt not in ("auto", "toml", "text", "kk"):
            raise PuzzleError(f"unknown format '{fmt}'; choose auto, toml, text or kk")
        if fmt == "auto":
            fmt = "text" if puzzle_file.suffix in (".txt", ".text") or str(puzzle_file) == "-" else "toml"
        limits = parse_limits(limit)
        if fmt == "kk":
            _solve_kk(puzzle_file, backend, explain, limits)
            return
        if fmt == "text":
            puzzle = _read_text_puzzle(puzzle_file, backend, explain, field, limits)
            if puzzle is None:
                return
        else:
            puzzle = load_puzzle(puzzle_file)
        if isinstance(puzzle, Deduction):
            try:
                _solve_deduction(puzzle, as_json, backend, explain, limits)
            except PuzzleError as e:
                raise e.located(source=str(puzzle_file)) from None
            return
        if objective is not None:
            if objective not in OBJECTIVES:
                raise PuzzleError(f"--objective takes one of: {', '.join(OBJECTIVES)}; got {objective!r}")
            puzzle = dataclasses.replace(puzzle, objective=objective)
        sol = solve_puzzle(puzzle, limits)
    except SmullyanError as e:
        _fail(e)
        return
    out = Console(highlight=False)
    if as_json:
        print(json.dumps(solution_json(puzzle, sol), indent=2))
        return
    if mermaid:
        if sol.strategy is None:
            print(f"%% unsolvable: {sol.proof['statement']}")
        else:
            print(strategy_mermaid(puzzle, sol.strategy))
        return
    if puzzle.title:
        out.print(f"[bold]{puzzle.title}[/]")
    if not sol.solvable:
        out.print(f"[bold red]Unsolvable:[/] {sol.proof['statement']} (exhaustive search).")
    else:
        how = (f"questions of complexity at most {sol.complexity}" if sol.complexity is not None
               else "questions from the complete language")
        if puzzle.objective == "expected":
            out.print(f"[bold green]Solvable[/] with {sol.expected} questions on average (= {float(sol.expected):.4f}), "
                      f"the fewest possible among strategies of at most {sol.stats['expected_within']} questions; "
                      f"worst case {sol.questions}. Verified against all {len(puzzle.space.worlds)} worlds and every hidden state.")
        else:
            out.print(f"[bold green]Solvable[/] in {sol.questions} question{'s' if sol.questions != 1 else ''} "
                      f"(expected {sol.expected}), {how}; fewer is impossible. "
                      f"Verified against all {len(puzzle.space.worlds)} worlds and every hidden state.")
        out.print(strategy_tree(puzzle, sol.strategy))
    if stats:
        out.print(_stats_table(sol.stats["bound"], "lower bound: complete question language"))
        for c, st in sol.stats.get("grammar", {}).items():
            out.print(_stats_table(st, f"grammar, complexity ≤ {c}"))


def _read_strategy(path: Path) -> S.Node:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise PuzzleError(f"cannot read the file: {e.strerror or e}", source=str(path)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PuzzleError(f"invalid JSON: {e.msg} (line {e.lineno}, column {e.colno})", source=str(path)) from None
    try:
        return S.from_json(data)
    except PuzzleError as e:
        raise e.located(source=str(path)) from None


@app.command()
def verify(
    puzzle_file: Path = typer.Argument(..., help="Puzzle file (TOML)."),
    strategy_file: Path = typer.Argument(..., help="Strategy (JSON, as printed by `solve --json` or written by hand)."),
    as_json: bool = typer.Option(False, "--json", help="Print the verdict as JSON."),
) -> None:
    """Check a strategy against every world and every hidden state."""
    try:
        if puzzle_file.suffix in (".txt", ".text"):
            try:
                puzzle = parse_text(_read_text(puzzle_file), puzzle_file.stem)
            except PuzzleError as e:
                raise e.located(source=str(puzzle_file)) from None
        else:
            puzzle = load_puzzle(puzzle_file)
        if isinstance(puzzle, Deduction):
            raise PuzzleError("verify checks question strategies; this is a deduction puzzle (use solve)", source=str(puzzle_file))
        strategy = _read_strategy(strategy_file)
        try:
            verdict = verify_strategy(puzzle, strategy)
        except PuzzleError as e:
            raise e.located(source=str(strategy_file)) from None
    except SmullyanError as e:
        _fail(e)
        return
    if as_json:
        print(json.dumps({"ok": verdict.ok, "worlds": verdict.worlds, "worst": verdict.worst,
                          "expected": None if verdict.expected is None else str(verdict.expected),
                          "failure": verdict.failure}, indent=2))
    elif verdict.ok:
        Console(highlight=False).print(f"[bold green]OK:[/] the strategy identifies the goal in all {verdict.worlds} worlds "
                                       f"under every hidden state; worst case {verdict.worst} questions, "
                                       f"expected {verdict.expected}.")
    else:
        Console(highlight=False, soft_wrap=True).print(f"[bold red]FAILED:[/] {verdict.failure}")
    if not verdict.ok:
        raise typer.Exit(EXIT_FAILED)


def _progress(total: int, label: str):
    """Return (progress bar context, advance callback) on stderr; silent when stderr is not a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console, transient=True, disable=not console.is_terminal)
    task = bar.add_task(label, total=total)
    return bar, lambda _row: bar.advance(task)


@app.command()
def survey(
    smallest: int = typer.Option(2, "--min", help="Fewest gods."),
    largest: Optional[int] = typer.Option(None, "--max", help="Most gods (default 6; with --grammar, of the multiset "
                                                               "family, default 5)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object per puzzle (one per line)."),
    workers: Optional[int] = typer.Option(None, "--workers", help="Local processes (default: one per core)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Run on an existing Dask cluster, e.g. tcp://host:8786."),
    random: str = typer.Option("coin", "--random", help="Reading of random: coin (Boolos), word, coin-shared, word-or-silent."),
    paradox: str = typer.Option("forbidden", "--paradox", help="Paradoxical questions: forbidden or silent."),
    expected: bool = typer.Option(True, "--expected/--no-expected", help="Also find the fewest questions on average."),
    extra: int = typer.Option(1, "--extra", help="Average optimum among strategies of at most worst + EXTRA questions (>= 1)."),
    limit: Optional[list[str]] = typer.Option(None, "--limit", help="Per puzzle and search: Ns seconds (default 20s)."),
    grammar: bool = typer.Option(False, "--grammar", help="Classify the puzzle grammar (questions and complexity) instead."),
    table_gods: int = typer.Option(3, "--table-gods", help="With --grammar: most gods of table puzzles."),
    out: Optional[Path] = typer.Option(None, "--out", help="Also write the results to this directory (JSON lines; "
                                                            "with --grammar, CSV and JSON)."),
    strategies: Optional[Path] = typer.Option(None, "--strategies", help="Write each solvable puzzle (TOML) and its "
                                                                          "optimal strategies (JSON) here, for `smullyan verify`."),
) -> None:
    """Survey gods puzzles: every multiset of truthful, liar and random gods (or the puzzle grammar),
    solved exactly, in parallel."""
    from .logic.types import PARADOX_MODES, RANDOM_MODES
    from .render.survey import grammar_csv, grammar_record, grammar_table, row_json, survey_table
    from .survey.grammar import classify, grow
    from .survey.run import run_parallel, run_survey
    from .survey.table import Reading, multisets, rule_exceptions

    try:
        if random not in RANDOM_MODES:
            raise PuzzleError(f"--random takes one of: {', '.join(RANDOM_MODES)}; got {random!r}")
        if paradox not in PARADOX_MODES:
            raise PuzzleError(f"--paradox takes one of: {', '.join(PARADOX_MODES)}; got {paradox!r}")
        if largest is None:
            largest = 5 if grammar else 6
        if not 1 <= smallest <= largest <= 8:
            raise PuzzleError("--min and --max must satisfy 1 <= min <= max <= 8")
        if extra < 1:
            raise PuzzleError("--extra must be at least 1 (the average optimum is taken among strategies of at "
                              "most the worst case plus EXTRA questions)")
        if workers is not None and workers < 1:
            raise PuzzleError("--workers must be at least 1")
        limits = parse_limits(limit or ["20s"])
        if limits.nodes is not None:
            raise PuzzleError("survey --limit takes seconds per puzzle, such as 10s")
        reading = Reading(random=random, paradox=paradox, expected=expected, extra=extra, seconds=limits.seconds)
        console = Console(highlight=False)
        if grammar:
            puzzles = grow("table", table_gods) + grow("multiset", largest)
            bar, advance = _progress(len(puzzles), "classifying")
            with bar:
                rows = run_parallel(classify, puzzles, reading, workers, scheduler, advance,
                                    cost=lambda gp: len(gp.shape) * 10 + sum(len(a) for a in gp.shape))
            records = [grammar_record(r) for r in rows]
            if out:
                out.mkdir(parents=True, exist_ok=True)
                (out / "survey-grammar.csv").write_text(grammar_csv(rows), encoding="utf-8")
                (out / "survey-grammar.json").write_text(json.dumps(records, indent=2) + "\n", encoding="utf-8")
            if as_json:
                for rec in records:
                    print(json.dumps(rec))
            else:
                console.print(grammar_table(rows, f"Puzzle grammar (random: {random}; paradox: {paradox})"))
                needs2 = [r.puzzle.name for r in rows if r.complexity == 2]
                above = [r.puzzle.name for r in rows if r.solvable and r.complexity is None and not r.note.startswith("grammar:")]
                console.print(f"Need complexity-2 questions: {', '.join(needs2) if needs2 else 'none'}.")
                if above:
                    console.print(f"Need questions above complexity 2: {', '.join(above)}.")
            incomplete = [r for r in rows if r.solvable is None or r.note.startswith("grammar:")]
        else:
            specs = multisets(smallest, largest)
            bar, advance = _progress(len(specs), "surveying")
            with bar:
                rows = run_survey(specs, reading, workers, scheduler, advance)
            if out:
                out.mkdir(parents=True, exist_ok=True)
                (out / "survey.jsonl").write_text("".join(json.dumps(row_json(r)) + "\n" for r in rows), encoding="utf-8")
            if strategies:
                _write_strategies(strategies, rows, reading)
            if as_json:
                for r in rows:
                    print(json.dumps(row_json(r)))
            else:
                console.print(survey_table(rows, f"Gods puzzles, {smallest} to {largest} gods (random: {random}; paradox: {paradox})"))
            err = Console(stderr=True, highlight=False)
            exceptions = rule_exceptions(rows)
            decided = [r for r in rows if r.solvable is not None and any(t != "random" for t in r.types)]
            if exceptions:
                err.print(f"Random-fewer rule (Vallström) fails for: {', '.join(''.join(t[0].upper() for t in r.types) for r in exceptions)}")
            else:
                err.print(f"Random-fewer rule (Vallström): solvable exactly when the random gods are fewer than the others, "
                          f"in all {len(decided)} decided puzzles with a non-random god.")
            incomplete = [r for r in rows if r.note]
    except SmullyanError as e:
        _fail(e)
        return
    if incomplete:
        Console(stderr=True).print(f"[bold yellow]limit:[/] {len(incomplete)} puzzle(s) stopped at the limit; their "
                                   f"missing figures are left empty, not guessed (raise --limit to compute them).")
        raise typer.Exit(EXIT_LIMIT)


def _write_strategies(folder: Path, rows, reading) -> None:
    """Write each solvable surveyed puzzle as TOML with its optimal strategies as JSON."""
    from .render.strategies import strategy_json
    from .survey.table import spell, strategy_of

    folder.mkdir(parents=True, exist_ok=True)
    for row in rows:
        if not row.solvable or not row.worst:
            continue
        name = spell(row.types)
        agents = ", ".join(f'"{chr(ord("A") + i)}"' for i in range(len(row.types)))
        types = ", ".join(f'"{t}"' for t in row.types)
        (folder / f"{name}.toml").write_text(
            f'title = "{len(row.types)} gods: {", ".join(row.types)}"\nagents = [{agents}]\ntypes = [{types}]\n'
            f'words = ["ja", "da"]\nrandom = "{reading.random}"\nparadox = "{reading.paradox}"\n\n'
            f'[questions]\nlanguage = "any"\n', encoding="utf-8")
        puzzle, tree = strategy_of(row.types, reading, "worst", row.worst)
        (folder / f"{name}.worst.json").write_text(json.dumps(strategy_json(puzzle, tree), indent=1) + "\n", encoding="utf-8")
        if row.expected is not None:
            puzzle, tree = strategy_of(row.types, reading, "expected", row.expected_within)
            (folder / f"{name}.expected.json").write_text(json.dumps(strategy_json(puzzle, tree), indent=1) + "\n",
                                                          encoding="utf-8")


def main() -> None:
    """Run the command line."""
    app()


if __name__ == "__main__":
    sys.exit(main())
