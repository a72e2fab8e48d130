"""The `smullyan` command line: a face over the public API (`smullyan.api`).

It parses arguments, calls the API, renders what comes back and maps errors to exit statuses; it
reads, chooses and searches nothing itself. argparse keeps start-up fast; Rich is imported only by
the survey's tables and progress bar.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

from ._version import __version__
from .errors import BadInput, InternalError, Interrupted, LimitReached, SmullyanError

EXIT_OK, EXIT_FAILED, EXIT_INPUT, EXIT_LIMIT, EXIT_INTERRUPTED, EXIT_INTERNAL = 0, 1, 2, 3, 130, 70

BATCH_LIMIT = "60s"  # per line of a JSONL batch, unless --limit says otherwise

EXIT_CONTRACT = """exit status:
  0    answered (a proof that no strategy exists within the budget is an answer)
  1    the puzzle is inconsistent, or the strategy fails verification (or exceeds the question budget)
  2    the input is wrong (the message names the file and the line, column or key)
  3    a limit stopped the work (what was proved so far is reported)
  130  interrupted
  70   internal error (a bug in smullyan; please report it)"""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is bad input (exit 2, one line), like every other."""

    def error(self, message: str) -> NoReturn:
        raise BadInput(f"{message} (see {self.prog} --help)")


def _out(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


MAX_MESSAGE = 600  # characters of an error line; longer ones keep their start and end


def _err(text: str) -> None:
    if len(text) > MAX_MESSAGE:
        text = f"{text[:MAX_MESSAGE - 120]} … {text[-100:]}"
    sys.stderr.write(text + "\n")


# ---------------------------------------------------------------- solve

def _stopped_json(e: LimitReached) -> str:
    """Return a stopped solve as JSON: the error (`complete` false, what was proved) and, where one was
    verified before the limit, the best strategy with its figures, labelled as upper bounds."""
    import json

    return json.dumps(e.to_dict(), indent=2)


def _best_before_limit(e: LimitReached) -> str:
    """Return the strategy a stopped solve verified before its limit, labelled an upper bound."""
    from .render.text import best_sentence

    return f"Not settled (the limit stopped the search). {best_sentence(e.proved)}\n{e.best.text()}"


def _load_puzzle(path: str, fmt: str) -> Any:
    """Return the puzzle of a file or of stdin ('-': English unless --format toml)."""
    import smullyan

    if path == "-":
        text = sys.stdin.read()
        return smullyan.loads(text, source="<stdin>") if fmt == "toml" else smullyan.read(text, source="<stdin>")
    return smullyan.load(path, format=fmt)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve one puzzle (or a JSONL batch) and print the answer."""
    import smullyan
    from .api.contract import parse_limit

    parse_limit(args.limit)  # an option's mistake is reported as the option's, before any file is read
    fmt = args.format
    if fmt == "kk" or (fmt == "text" and args.puzzle.endswith(".jsonl")):
        return _solve_batch(args, "kk" if fmt == "kk" else "text")
    if args.puzzle.endswith(".jsonl") and fmt == "auto":
        raise BadInput("a .jsonl file is a batch: give --format kk (K&K records) or --format text (English in a field)",
                       source=args.puzzle)
    puzzle = _load_puzzle(args.puzzle, fmt)
    if isinstance(puzzle, smullyan.DeductionPuzzle):
        for flag, given in (("--objective", args.objective), ("--mermaid", args.mermaid), ("--svg", args.svg),
                            ("--brewery", args.brewery)):
            if given:
                raise BadInput(f"{flag} applies to gods puzzles (questions to ask); this is a deduction puzzle")
        try:
            with _status() as progress:
                result = puzzle.solve(limit=args.limit, backend=args.backend, explain=args.explain,
                                      memory=args.memory, progress=progress)
        except BadInput as e:
            raise e.located(source=args.puzzle) from None
        _out(result.to_json() if args.json else result.text())
        if args.verbose and not args.json:
            _print_ignored(puzzle)
        return EXIT_OK if result.consistent else EXIT_FAILED
    if args.backend not in (None, "auto") or args.explain:
        raise BadInput("--backend and --explain apply to deduction puzzles; this is a gods puzzle")
    if args.brewery:  # before the search: a puzzle that is no BoolosBrewery variant is refused at once
        from .api.brewery import check_brewery_variant

        try:
            check_brewery_variant(puzzle)
        except BadInput as e:
            raise e.located(source=args.puzzle) from None
    try:
        with _status() as progress:
            res = puzzle.solve(limit=args.limit, objective=args.objective, memory=args.memory, progress=progress)
    except BadInput as e:
        raise e.located(source=args.puzzle) from None
    except LimitReached as e:
        if args.json:  # a document on stdout whatever stopped it; the message goes to stderr as well
            _out(_stopped_json(e))
        elif e.best is not None:  # shown as what it is: verified, not proved optimal; the exit status stays 3
            _out(_best_before_limit(e))
        raise
    if args.svg:
        if res.strategy is None:
            raise BadInput("the puzzle is unsolvable: there is no strategy to draw", source=args.svg)
        _write(args.svg, res.strategy.svg())
    if args.brewery:
        from .api.brewery import to_brewery

        if res.strategy is None:
            raise BadInput("the puzzle is unsolvable: there is no strategy to write", source=args.brewery)
        _write(args.brewery, to_brewery(puzzle, res.strategy))
    if args.json:
        _out(res.to_json())
    elif args.mermaid:
        _out(res.strategy.mermaid() if res.strategy is not None else f"%% unsolvable: {res.proof}")
    else:
        _out(res.text())
        if args.stats:
            _print_stats(res.stats)
        if args.verbose:
            _print_ignored(puzzle)
    return EXIT_OK


def _print_ignored(puzzle: Any) -> None:
    """Print the sentences of an English text passed over as stating nothing about the puzzle."""
    if puzzle.ignored:
        _out("Passed over (they state nothing about the puzzle):")
        for t in puzzle.ignored:
            _out(f"  {' '.join(t.split())}")


@contextlib.contextmanager
def _status() -> Iterator[Callable[[Any], None] | None]:
    """Yield a progress callback that keeps one status line on stderr (a terminal only), cleared at the end."""
    if not sys.stderr.isatty():
        yield None
        return
    shown = False

    def show(p: Any) -> None:
        nonlocal shown
        shown = True
        sys.stderr.write(f"\r\x1b[K{p.stage}: {p.explored:,} explored, {p.seconds:.1f} s (Ctrl-C stops)")
        sys.stderr.flush()

    try:
        yield show
    finally:
        if shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


@contextlib.contextmanager
def _restored_address_space() -> Iterator[None]:
    """Restore the caller's address-space limit afterwards (main() may be called in a longer-lived process)."""
    import resource

    saved = resource.getrlimit(resource.RLIMIT_AS)
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, saved)


def _memory_backstop(budget: str | None) -> str:
    """Return the memory budget (default half the machine's memory) and cap the address space a little above
    it, so that even an allocation outside the searches' checks ends as 'limit' (MemoryError), not the machine."""
    import resource

    from .api.contract import parse_memory

    total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    size = parse_memory(budget) if budget else total // 2
    assert size is not None
    try:
        with open("/proc/self/statm", "rb") as f:
            virtual = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        virtual = 0
    cap = virtual + int(size * 1.25) + 512 * 2**20
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard == resource.RLIM_INFINITY or cap < hard:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    return str(size)


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise BadInput(f"cannot write the file: {e.strerror or e}", source=path) from None


def _print_stats(stats: dict[str, Any]) -> None:
    from .render.text import stats_table_lines

    lines = stats_table_lines(stats["bound"]["levels"], "lower bound: complete question language")
    for c, st in stats.get("grammar", {}).items():
        lines += [""] + stats_table_lines(st["levels"], f"grammar, complexity ≤ {c}")
    _out("\n".join(lines))


def _solve_batch(args: argparse.Namespace, kind: str) -> int:
    """Print one JSON line per puzzle of a JSONL batch; a bad line gets an error line, the rest go on;
    a summary on stderr says how many lines were read and answered."""
    import json

    import smullyan

    bad = limited = total = 0
    first_error = ""
    for item in smullyan.load_batch(args.puzzle, format=kind, field=args.field or None):
        total += 1
        record: dict[str, Any] = {"id": item.id, "line": item.line}
        error: SmullyanError | None = None
        if item.puzzle is None:
            assert item.error is not None
            error = item.error
        elif not isinstance(item.puzzle, smullyan.DeductionPuzzle):
            error = BadInput("JSONL lines of text are read as deduction puzzles only", source=f"{args.puzzle}:{item.line}")
        else:
            try:
                record.update(item.puzzle.solve(limit=args.limit or BATCH_LIMIT, backend=args.backend,
                                                explain=args.explain, memory=args.memory).to_dict())
            except LimitReached as e:
                limited += 1
                record["error"] = e.located(source=f"{args.puzzle}:{item.line}").render()
                record["exit_status"] = e.exit_status
        if error is not None:
            bad += 1
            first_error = first_error or error.render()
            record["error"] = error.render()
            record["exit_status"] = error.exit_status
        _out(json.dumps(record, ensure_ascii=False))
    answered = total - bad - limited
    _err(("error: " if bad else "limit: " if limited else "")
         + f"read {total - bad} of {total} line{'s' if total != 1 else ''}; answered {answered}"
         + (f"; {limited} stopped at the limit" if limited else "")
         + (f"; {bad} could not be read (the first: {first_error})" if bad else ""))
    if bad:
        return EXIT_INPUT
    if limited:
        return EXIT_LIMIT
    return EXIT_OK


# ---------------------------------------------------------------- parse

def cmd_parse(args: argparse.Namespace) -> int:
    """Print the puzzle a file states: TOML (what solve accepts), JSON, or English read back."""
    puzzle = _load_puzzle(args.puzzle, args.format)
    ignored = getattr(puzzle, "ignored", None) or ()
    if args.json:
        import json

        doc = puzzle.to_dict()
        if puzzle.ignored is not None:
            doc = {**doc, "ignored": list(ignored)}
        _out(json.dumps(doc, ensure_ascii=False, indent=2))
    elif args.english:
        _out(puzzle.to_english())
    else:
        notes = "".join(f"# passed over: {' '.join(t.split())}\n" for t in ignored)
        _out((notes + "\n" if notes else "") + puzzle.to_toml().rstrip("\n"))
    return EXIT_OK


# ---------------------------------------------------------------- verify

def cmd_verify(args: argparse.Namespace) -> int:
    """Check a strategy against every world and hidden state."""
    import smullyan

    from .api.contract import parse_limit, parse_memory

    parse_limit(args.limit)  # the options first, so that their errors are not put on the files
    parse_memory(args.memory)
    puzzle = _load_puzzle(args.puzzle, args.format)
    if not isinstance(puzzle, smullyan.GodsPuzzle):
        raise BadInput("verify checks question strategies; this is a deduction puzzle (use solve)", source=args.puzzle)
    if args.strategy.endswith(".py"):
        from .api.brewery import RUN_CODE_REFUSAL, from_brewery

        if not args.run_python:
            raise BadInput(RUN_CODE_REFUSAL, source=args.strategy)
        from .api.loading import read_file_text

        strategy = from_brewery(puzzle, read_file_text(args.strategy), run_code=True, source=args.strategy)
    else:
        from .api.loading import read_file_text

        text = read_file_text(args.strategy)
        if '"smullyan/certificate"' in text[:2000]:
            try:
                checked = smullyan.check_certificate(puzzle, text, limit=args.limit)
            except SmullyanError as e:
                raise e.located(source=args.strategy) from None
            _out(checked.to_json() if args.json else checked.text())
            return EXIT_OK if checked.ok else EXIT_FAILED
        try:
            strategy = smullyan.loads_strategy(text)
        except SmullyanError as e:
            raise e.located(source=args.strategy) from None
    if parse_limit(args.limit).nodes is not None:
        raise BadInput("verify takes a time limit in seconds (e.g. 60s) for a strategy; a number of splits limits "
                       "only the check of a certificate")
    try:
        verdict = smullyan.verify(puzzle, strategy, limit=args.limit, memory=args.memory)
    except SmullyanError as e:
        raise e.located(source=args.strategy) from None
    _out(verdict.to_json() if args.json else verdict.text())
    return EXIT_OK if verdict.ok else EXIT_FAILED


# ---------------------------------------------------------------- certify

def cmd_certify(args: argparse.Namespace) -> int:
    """Write a certificate that no strategy of K questions exists, for a separate checker."""
    import smullyan
    from .api.contract import parse_limit

    parse_limit(args.limit)
    puzzle = _load_puzzle(args.puzzle, args.format)
    if not isinstance(puzzle, smullyan.GodsPuzzle):
        raise BadInput("certify writes proofs about question strategies; this is a deduction puzzle",
                       source=args.puzzle)
    try:
        strategy = None
        if args.strategy:
            from .api.loading import read_file_text

            try:
                strategy = smullyan.loads_strategy(read_file_text(args.strategy))
            except SmullyanError as e:
                raise e.located(source=args.strategy) from None
            if args.objective != "expected":
                raise BadInput("--strategy is certified for its average: add --objective expected")
        with _status() as progress:
            cert = smullyan.certify(puzzle, args.questions, limit=args.limit, objective=args.objective,
                                    strategy=strategy, memory=args.memory, progress=progress)
    except BadInput as e:
        raise e.located(source=args.puzzle) from None
    if args.out:
        _write(args.out, cert.to_json() + "\n")
        _out(cert.text().replace("CERTIFICATE.json", args.out))
    else:
        _out(cert.to_json())
    return EXIT_OK


# ---------------------------------------------------------------- generate

def _generate_parser(kind: str, options: dict[str, Any], types: dict[str, str]) -> argparse.ArgumentParser:
    """Return the parser of `smullyan generate KIND`: the run's flags and the kind's own options."""
    p = _Parser(prog=f"smullyan generate {kind}", epilog=EXIT_CONTRACT,
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                description=f"Generate {kind} puzzles as JSON lines, one record per puzzle, each "
                                            "checked before it is written (see the README).")
    p.add_argument("--count", type=int, default=10, help="puzzles to make (default 10)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed: the same seed and options give the same "
                                                      "puzzles with any number of workers (default 0)")
    p.add_argument("--out", default=None, help="JSON-lines file to write (default: standard output)")
    p.add_argument("--resume", action="store_true", help="continue the run that wrote --out")
    p.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    p.add_argument("--workers", type=int, default=None, help="local processes (default: one per core)")
    p.add_argument("--scheduler", default=None, help="run on an existing Dask cluster, e.g. tcp://host:8786")
    p.add_argument("--limit", default=None, metavar="Ns", help="stop after this many seconds (what was made is kept)")
    p.add_argument("--grade", default=None, metavar="N or A-B", help="keep only puzzles of this difficulty grade")
    p.add_argument("--tries", type=int, default=None, help="stop after this many candidates (default 200 per puzzle)")
    p.add_argument("--quiet", action="store_true", help="no progress bar or summary")
    group = p.add_argument_group(f"{kind} options")
    for name, default in options.items():
        flag, kind_of = "--" + name.replace("_", "-"), types.get(name, "")
        if kind_of.startswith("bool"):
            group.add_argument(flag, dest=f"opt_{name}", action=argparse.BooleanOptionalAction, default=default,
                               help=f"(default {default})")
            continue
        convert: Callable[[str], Any] = int if kind_of.startswith("int") else float if kind_of == "float" else \
            (lambda text: int(text) if text.strip().isdigit() else text)
        shown = ",".join(default) if isinstance(default, tuple) else default
        group.add_argument(flag, dest=f"opt_{name}", type=convert, default=default,
                           metavar="N" if kind_of.startswith("int") else "VALUE", help=f"(default {shown})")
    return p


def _grade_range(text: str | None) -> tuple[int, int] | None:
    """Return the grade window a user wrote: '3' or '2-4'."""
    if text is None:
        return None
    import re

    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if not m:
        raise BadInput(f"--grade takes a number or a range such as 2-4, got {text!r}")
    low, high = int(m.group(1)), int(m.group(2) or m.group(1))
    if low > high:
        raise BadInput(f"--grade {text}: the range is empty")
    return low, high


def _resume_records(path: str) -> list[dict[str, Any]]:
    """Return the records of a run's file, cutting a last line left half-written by a stopped run."""
    import json

    with open(path, "rb") as f:
        data = f.read()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with open(path, "r+b") as f:
            f.truncate(end)
    records = []
    for number, line in enumerate(data[:end].splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, UnicodeDecodeError) as e:
            raise BadInput(f"not a JSON record ({e})", source=path, line=number) from None
        if not isinstance(record, dict):
            raise BadInput("not a JSON record", source=path, line=number)
        records.append(record)
    return records


def cmd_generate(args: argparse.Namespace) -> int:
    """Make puzzles of a kind and write them as JSON lines as they are made."""
    from .api.generation import KINDS, option_names, option_types

    if args.kind is None or args.kind in ("-h", "--help"):
        _out(f"usage: smullyan generate KIND [--count N] [--seed S] [--out FILE] …\nkinds: {', '.join(KINDS)}; "
             "`smullyan generate KIND --help` lists a kind's options")
        return EXIT_OK if args.kind else EXIT_INPUT
    if args.kind not in KINDS:
        from .errors import did_you_mean

        raise BadInput(f"unknown kind {args.kind!r}; kinds are {', '.join(KINDS)}{did_you_mean(args.kind, KINDS)}")
    defaults = option_names(args.kind)
    parser = _generate_parser(args.kind, defaults, option_types(args.kind))
    try:
        opts = parser.parse_args(args.rest)
    except SystemExit as done:
        return EXIT_OK if not done.code else EXIT_INPUT
    return _generate(args.kind, opts, defaults)


def _generate(kind: str, opts: argparse.Namespace, defaults: dict[str, Any]) -> int:
    from .api.generation import generate

    options = {name: getattr(opts, f"opt_{name}") for name in defaults
               if getattr(opts, f"opt_{name}") != defaults[name]}
    seconds = None
    if opts.limit is not None:
        from .api.contract import parse_limit

        seconds = parse_limit(opts.limit).seconds
        if seconds is None:
            raise BadInput(f"--limit takes seconds, such as 60s; got {opts.limit!r}")
    records: list[dict[str, Any]] = []
    if opts.out is not None and os.path.exists(opts.out):
        if os.path.isdir(opts.out):
            raise BadInput("--out names a folder; give a file", source=opts.out)
        if opts.resume:
            records = _resume_records(opts.out)
        elif not opts.force:
            raise BadInput("the file exists; add --resume to continue the run that wrote it or --force to "
                           "overwrite it", source=opts.out)
    elif opts.resume:
        raise BadInput("--resume needs the --out file of an earlier run", source=opts.out)
    run = generate(kind, opts.count, opts.seed, workers=opts.workers, scheduler=opts.scheduler, limit=seconds,
                   grade=_grade_range(opts.grade), tries=opts.tries, resume=records, **options)
    bar, advance = _progress(f"making {kind} puzzles")
    if opts.quiet:
        bar.disable = True
    if run.resumed:
        advance(opts.count)
        for _ in range(run.resumed):
            advance(-1)
    try:
        out = open(opts.out, "a" if opts.resume else "w", encoding="utf-8") if opts.out else sys.stdout
    except OSError as e:
        raise BadInput(f"cannot write here: {e.strerror}", source=opts.out) from None
    status = EXIT_OK
    try:
        with bar:
            advance(opts.count)
            for made in run:
                out.write(made.to_json() + "\n")
                out.flush()
                advance(-1)
    except LimitReached:
        status = EXIT_LIMIT
    except KeyboardInterrupt:
        status = EXIT_INTERRUPTED
    finally:
        if out is not sys.stdout:
            out.close()
    t = run.tally
    if not opts.quiet or status != EXIT_OK:
        where = f"; wrote {opts.out}" if opts.out else ""
        _err(f"made {t.made + run.resumed:,} of {opts.count:,} {kind} puzzles in {t.seconds:.1f} s "
             f"(tried {t.tried:,}: {t.duplicates:,} duplicates, {t.given_up:,} given up, {t.filtered:,} outside "
             f"the grade, {t.unworded:,} not worded){where}")
    if status == EXIT_LIMIT:
        _err(f"limit: {t.stopped}; the records written are complete puzzles: run again with --resume to go on")
    elif status == EXIT_INTERRUPTED:
        _err("interrupted; the records written are complete puzzles: run again with --resume to go on")
    return status


# ---------------------------------------------------------------- survey

def _progress(label: str) -> tuple[Any, Callable[[int], None]]:
    """Return (progress bar context, callback) on stderr; silent when stderr is not a terminal."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    bar = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console, transient=True, disable=not console.is_terminal)
    task = bar.add_task(label, total=None)

    def advance(n: int) -> None:
        if n >= 0:
            bar.update(task, total=n)
        else:
            bar.advance(task)

    return bar, advance


def cmd_survey(args: argparse.Namespace) -> int:
    """Survey every multiset of gods (or the puzzle grammar) and print the table."""
    import json

    import smullyan

    for flag, path in (("--out", args.out), ("--strategies", args.strategies)):
        if path is not None and os.path.exists(path) and not os.path.isdir(path):
            raise BadInput(f"{flag} names an existing file; give a folder", source=path)
    bar, advance = _progress("classifying" if args.grammar else "surveying")
    with bar:
        result = smullyan.survey_gods(args.min, args.max, random=args.random, paradox=args.paradox,
                                 expected=args.expected, extra=args.extra, limit=args.limit or "20s",
                                 workers=args.workers, scheduler=args.scheduler, grammar=args.grammar,
                                 table_gods=args.table_gods, progress=advance, memory=args.memory)
    if args.out:
        result.write(args.out)
    if args.strategies:
        result.write_strategies(args.strategies)
    if args.json:
        for record in result.records():
            _out(json.dumps(record))
    else:
        _print_survey(result, args)
    if not result.grammar:
        _print_rule(result)
    if not result.complete:
        _err(f"limit: {len(result.incomplete)} puzzle(s) stopped at the limit; their missing figures are left "
             "empty, not guessed (raise --limit to compute them).")
        return EXIT_LIMIT
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    """Play a puzzle in the terminal until the player leaves."""
    from .terminal.game import play

    puzzle = _load_puzzle(args.puzzle, args.format)
    if puzzle.kind == "deduction":
        result = puzzle.solve(limit=args.limit or "10s")
        if result.consistent == 0:  # an answer, not an error: status 1, as solve gives it
            _err(f"nothing to play: {result.summary()}")
            return EXIT_FAILED
    return play(puzzle, args.role, args.adversary, args.seed, args.limit or "10s", args.transcript)


def _print_survey(result: Any, args: argparse.Namespace) -> None:
    from rich.console import Console

    from .render.survey import grammar_table, survey_table

    console = Console(highlight=False)
    reading = f"random: {args.random}; paradox: {args.paradox}"
    if result.grammar:
        rows = list(result.rows)
        console.print(grammar_table(rows, f"Puzzle grammar ({reading})"))
        needs2 = [r.puzzle.name for r in rows if r.complexity == 2]
        above = [r.puzzle.name for r in rows if r.solvable and r.complexity is None and not r.note.startswith("grammar:")]
        _out(f"Need complexity-2 questions: {', '.join(needs2) if needs2 else 'none'}.")
        if above:
            _out(f"Need questions above complexity 2: {', '.join(above)}.")
        return
    console.print(survey_table(list(result.rows), f"Gods puzzles, {result.smallest} to {result.largest} gods ({reading})"))


def _print_rule(result: Any) -> None:
    from .render.survey import rule_sentence

    _err(rule_sentence(list(result.rule_exceptions()), result.decided()))


# ---------------------------------------------------------------- the parser

def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the web playground until interrupted."""
    import socket

    from .api.contract import parse_limit, parse_memory

    seconds = parse_limit(args.limit).seconds
    if seconds is None:
        raise BadInput(f"--limit takes seconds, such as 10s; got {args.limit!r}")
    memory = parse_memory(args.worker_memory)
    for flag, value, low in (("--workers", args.workers, 1), ("--queue", args.queue, 0), ("--port", args.port, 0)):
        if value < low or (flag == "--port" and value > 65535):
            raise BadInput(f"{flag} out of range: {value}")
    try:
        with socket.create_server((args.host, args.port)):
            pass
    except OSError as e:
        raise BadInput(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}") from None
    import uvicorn

    from .web.app import Settings, create_app

    app = create_app(Settings(workers=args.workers, queue=args.queue, seconds=seconds, memory=memory or 0))
    shown = f"[{args.host}]" if ":" in args.host else args.host
    _err(f"smullyan {__version__}: serving on http://{shown}:{args.port}/ with {args.workers} workers "
         "(Ctrl-C stops)")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", lifespan="on")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of every subcommand."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog="smullyan", formatter_class=fmt, epilog=EXIT_CONTRACT,
                     description="Exact solver for puzzles about truth-tellers, liars and random answerers.")
    parser.add_argument("--version", action="version", version=f"smullyan {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    s = sub.add_parser("solve", formatter_class=fmt, epilog=EXIT_CONTRACT,
                       help="solve a puzzle: a strategy of fewest questions (or a proof that none exists), "
                            "or every world consistent with what was said",
                       description="Solve a puzzle: a strategy of fewest questions (or a proof that none exists), "
                                   "or every world consistent with what was said.")
    s.add_argument("puzzle", metavar="PUZZLE", help="puzzle file: .toml, English .txt, '-' for stdin, or JSONL with "
                                                    "--format kk/text")
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    s.add_argument("--mermaid", action="store_true", help="print the strategy as a Mermaid flowchart")
    s.add_argument("--svg", metavar="FILE", help="also draw the strategy as SVG into FILE")
    s.add_argument("--brewery", metavar="FILE", help="also write the strategy as a BoolosBrewery submission (Python) "
                                                      "into FILE (its easy, default or hard variant)")
    s.add_argument("--limit", action="append", metavar="N|Ns",
                   help="stop after N explored splits (deduction: N consistent worlds listed, default 1,000,000), "
                        "or after N seconds (e.g. 5s); may be given twice")
    s.add_argument("--stats", action="store_true", help="show search statistics per level")
    s.add_argument("--memory", metavar="SIZE", help="memory budget, e.g. 2G or 500M (default: half the machine's "
                                                    "memory); past it the work stops with exit status 3")
    s.add_argument("--format", default="auto", choices=("auto", "toml", "text", "kk"),
                   help="input: auto (by suffix: .txt is English), toml, text (English; FILE.jsonl reads --field "
                        "of each line), or kk (K&K JSONL)")
    s.add_argument("--field", default="", help="with --format text and a JSONL file: the field holding the text "
                                               "(default: the first of quiz, puzzle, question, problem, text, input, prompt)")
    s.add_argument("--backend", default=None, choices=("auto", "enum", "sat"), help="deduction backend")
    s.add_argument("--explain", action="store_true",
                   help="deduction: a minimal set of statements forcing each determined fact")
    s.add_argument("--objective", choices=("worst", "expected"),
                   help="gods: fewest questions in the worst case, or fewest on average (exact)")
    s.add_argument("--verbose", action="store_true", help="also list the sentences of an English text passed over")
    s.set_defaults(run=cmd_solve)

    r = sub.add_parser("parse", formatter_class=fmt, epilog=EXIT_CONTRACT,
                       help="print the puzzle a file states, as the TOML solve accepts (check a reading)",
                       description="Print the puzzle a file states: the TOML that solve accepts, with the text's "
                                   "questions and options, and the sentences passed over as comments.")
    r.add_argument("puzzle", metavar="PUZZLE", help="puzzle file: English .txt, .toml, or '-' for stdin (English)")
    r.add_argument("--format", default="auto", choices=("auto", "toml", "text"), help="input: auto (by suffix), toml, text")
    r.add_argument("--json", action="store_true", help="print the puzzle document as JSON (with 'ignored')")
    r.add_argument("--english", action="store_true", help="print the puzzle back in English (reads back the same)")
    r.set_defaults(run=cmd_parse)

    v = sub.add_parser("verify", formatter_class=fmt, epilog=EXIT_CONTRACT,
                       help="check a strategy against every world and every hidden state (or check a certificate)",
                       description="Check a strategy against every world and every hidden state, or check a "
                                   "certificate written by `smullyan certify` with the separate checker.")
    v.add_argument("puzzle", metavar="PUZZLE", help="puzzle file (TOML or English text)")
    v.add_argument("strategy", metavar="STRATEGY", help="strategy (JSON, as `solve --json` prints it, or by hand; or a "
                                                        "BoolosBrewery .py submission with --run-python), or a "
                                                        "certificate (JSON, as `certify` writes it)")
    v.add_argument("--json", action="store_true", help="print the verdict as JSON")
    v.add_argument("--run-python", action="store_true",
                   help="allow a BoolosBrewery strategy (.py): reading it runs its code, in a separate process "
                        "with time and memory limits")
    v.add_argument("--format", default="auto", choices=("auto", "toml", "text"), help="the puzzle file's format")
    v.add_argument("--limit", action="append", metavar="N|Ns", help="stop checking after N seconds (e.g. 60s; exit 3, "
                                                                   "no verdict); a certificate also takes N "
                                                                   "enumerated splits")
    v.add_argument("--memory", default=None, metavar="SIZE",
                   help="stop checking a strategy when resident memory passes this (e.g. 2G; exit 3)")
    v.set_defaults(run=cmd_verify)

    c = sub.add_parser("certify", formatter_class=fmt, epilog=EXIT_CONTRACT,
                       help="write a certificate that no strategy of K questions exists, or that an average is "
                            "the fewest (checked by verify)",
                       description="Write a certificate that no strategy of K questions identifies the goal, even "
                                   "with every possible question: lemmas about sets of worlds that `smullyan verify "
                                   "PUZZLE CERTIFICATE` checks with a separate checker sharing no code with the "
                                   "search. Without --questions, K is one fewer than the fewest that suffice (so "
                                   "the certificate proves the worst case optimal), or the puzzle's budget if "
                                   "even that is too few. The writing search uses no symmetry: large puzzles may "
                                   "need a --limit. With --objective expected the certificate carries a strategy "
                                   "(--strategy, or the one solve finds) and its average; the checker verifies it "
                                   "and shows from the semantics alone that no strategy of any length averages "
                                   "fewer (two-word puzzles): by a lower bound, or where the average is above it "
                                   "by lemmas about nodes that a branch and bound proves (puzzles of a few gods).")
    c.add_argument("puzzle", metavar="PUZZLE", help="gods puzzle file (TOML or English text)")
    c.add_argument("--questions", type=int, default=None, metavar="K", help="the number of questions to refute")
    c.add_argument("--objective", default="worst", choices=("worst", "expected"),
                   help="worst: no strategy of K questions (default); expected: the average of a strategy (--strategy, "
                        "or the one solve finds) is the fewest of any strategy")
    c.add_argument("--strategy", metavar="FILE", help="with --objective expected: the strategy to certify (JSON)")
    c.add_argument("--out", metavar="FILE", help="write the certificate into FILE (default: print it)")
    c.add_argument("--limit", action="append", metavar="N|Ns", help="stop after N explored splits or N seconds")
    c.add_argument("--memory", metavar="SIZE", help="memory budget, e.g. 2G (default: half the machine's memory)")
    c.add_argument("--format", default="auto", choices=("auto", "toml", "text"), help="the puzzle file's format")
    c.set_defaults(run=cmd_certify)

    g = sub.add_parser("play", formatter_class=fmt, epilog=EXIT_CONTRACT.replace(
                           "  0    answered", "  0    played (whatever the verdict)").replace(
                           "  1    the puzzle is inconsistent", "  1    you left with answers that fit no world; "
                           "the puzzle is inconsistent"),
                       help="play a puzzle in the terminal: ask the gods, or be the gods and answer",
                       description="Play a puzzle in the terminal. --role ask (default): the tool secretly picks "
                                   "the gods and you ask them questions, then name them. --role answer: you think "
                                   "of the gods and answer the tool's questions; it names them.")
    g.add_argument("puzzle", metavar="PUZZLE", help="puzzle file: gods or knights-and-knaves, TOML or English .txt")
    g.add_argument("--role", default="ask", choices=("ask", "answer"),
                   help="ask: you ask the gods; answer: you are the gods and answer the tool's questions")
    g.add_argument("--adversary", action="store_true",
                   help="the gods answer so as to keep you in the dark as long as the rules allow")
    g.add_argument("--seed", type=int, default=None, help="a whole number making the game reproducible")
    g.add_argument("--transcript", metavar="FILE", help="write the game as JSON to FILE after every move")
    g.add_argument("--limit", action="append", metavar="Ns", help="time limit of each search (default 10s)")
    g.add_argument("--format", default="auto", choices=("auto", "toml", "text"), help="the puzzle file's format")
    g.set_defaults(run=cmd_play)

    w = sub.add_parser("serve", formatter_class=fmt, epilog=EXIT_CONTRACT.replace(
                           "  0    answered", "  0    the server stopped cleanly"),
                       help="serve the web playground and its JSON API on this machine",
                       description="Serve the web playground (solve, verify and play in a browser) and its JSON "
                                   "API (/api/, described at /api/openapi.json). Work runs in a pool of worker "
                                   "processes, each request within a time limit and a memory budget.")
    w.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only; "
                                                       "0.0.0.0 shares it with the network)")
    w.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    w.add_argument("--workers", type=int, default=6, help="worker processes (default 6)")
    w.add_argument("--queue", type=int, default=24, help="requests that may wait for a worker before "
                                                        "the server answers 503 (default 24)")
    w.add_argument("--limit", default="10s", metavar="Ns", help="time limit of each request (default 10s)")
    w.add_argument("--memory", dest="worker_memory", default="1G", metavar="SIZE",
                   help="memory budget of each worker (default 1G)")
    w.set_defaults(run=cmd_serve)

    u = sub.add_parser("survey", formatter_class=fmt, epilog=EXIT_CONTRACT,
                       help="survey gods puzzles: every multiset of truthful, liar and random gods, solved exactly",
                       description="Survey gods puzzles: every multiset of truthful, liar and random gods (or the "
                                   "puzzle grammar), solved exactly, in parallel.")
    u.add_argument("--min", type=int, default=2, help="fewest gods")
    u.add_argument("--max", type=int, default=None, help="most gods (default 6; with --grammar 5)")
    u.add_argument("--json", action="store_true", help="print one JSON object per puzzle (one per line)")
    u.add_argument("--workers", type=int, default=None, help="local processes (default: one per core)")
    u.add_argument("--scheduler", default=None, help="run on an existing Dask cluster, e.g. tcp://host:8786 "
                                                     "(needs pip install 'smullyan[dask]')")
    u.add_argument("--random", default="coin", help="reading of random: coin (Boolos), word, coin-shared, word-or-silent")
    u.add_argument("--paradox", default="forbidden", help="paradoxical questions: forbidden or silent")
    u.add_argument("--expected", action=argparse.BooleanOptionalAction, default=True,
                   help="also find the fewest questions on average")
    u.add_argument("--extra", type=int, default=1, help="average optimum among strategies of at most worst + EXTRA "
                                                        "questions (1-8)")
    u.add_argument("--limit", action="append", metavar="Ns", help="per puzzle and search: seconds (default 20s)")
    u.add_argument("--grammar", action="store_true", help="classify the puzzle grammar (questions and complexity)")
    u.add_argument("--memory", metavar="SIZE", help="memory budget per process, e.g. 2G (default: half the machine's "
                                                    "memory)")
    u.add_argument("--table-gods", type=int, default=3, help="with --grammar: most gods of table puzzles")
    u.add_argument("--out", default=None, help="also write the results to this folder (JSON lines; with --grammar, "
                                               "CSV and JSON)")
    u.add_argument("--strategies", default=None, help="write each solvable puzzle (TOML) and its optimal strategies "
                                                      "(JSON) into this folder")
    u.set_defaults(run=cmd_survey)

    g = sub.add_parser("generate", formatter_class=fmt, epilog=EXIT_CONTRACT,
                       help="generate puzzles: unique, irredundant, graded, in English that reads back",
                       description="Generate puzzles of a kind (kk, ages, zebra, gods) as JSON lines; "
                                   "`smullyan generate KIND --help` lists the kind's options.")
    g.add_argument("kind", nargs="?", help="kk, ages, zebra or gods")
    g.add_argument("rest", nargs=argparse.REMAINDER, help="--count N --seed S --out FILE and the kind's options")
    g.set_defaults(run=cmd_generate)
    return parser


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line on `argv`; return the exit status (errors are printed, never raised)."""
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as done:  # --help and --version
            return int(done.code or 0)
        if args.command is None:
            raise BadInput("no command given; choose solve, parse, verify, play, serve, survey or generate (see smullyan --help)")
        for stream in (sys.stdout, sys.stderr):  # a name no terminal can show is escaped, never a crash
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="backslashreplace")
        if hasattr(args, "memory"):
            with _restored_address_space():
                args.memory = _memory_backstop(args.memory)
                return int(args.run(args))
        return int(args.run(args))
    except SmullyanError as e:
        if isinstance(e, Interrupted):
            _err("interrupted")
            return e.exit_status
        if isinstance(e, InternalError):
            _err(f"internal error: {e.render()} {_crash_report(e)}")
            return e.exit_status
        _err(f"{'limit' if isinstance(e, LimitReached) else 'error'}: {e.render()}")
        if isinstance(e, LimitReached) and e.proved:
            from .render.text import proved_sentence

            said = proved_sentence(e.proved)
            if said:
                _err(f"proved before the limit: {said}.")
        return e.exit_status
    except KeyboardInterrupt:
        _err("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except OSError as e:  # writing the answer failed (a full disk, a closed terminal): not a bug
        _err(f"error: cannot write the output: {e.strerror or e}")
        return EXIT_INPUT
    except RecursionError:
        _err("error: the input is nested too deeply to read")
        return EXIT_INPUT
    except MemoryError:
        _err("limit: the memory budget ran out (raise it with --memory, or simplify the puzzle)")
        return EXIT_LIMIT
    except Exception as e:  # a bug: one line, never a traceback
        _err(f"internal error: {type(e).__name__}: {e} {_crash_report(e)}")
        return EXIT_INTERNAL


def _crash_report(error: BaseException) -> str:
    """Write the full traceback of a bug to a file; return the sentence saying where."""
    import tempfile
    import time
    import traceback

    text = "".join(traceback.format_exception(error))
    try:
        fd, path = tempfile.mkstemp(prefix=f"smullyan-crash-{time.strftime('%Y%m%d-%H%M%S')}-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(f"smullyan {__version__}, python {sys.version.split()[0]}\n{' '.join(sys.argv)}\n\n{text}")
    except OSError:
        return "(a bug in smullyan; please report it)"
    return f"(a bug in smullyan; the traceback is in {path}; please report it)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status (the console script exits with it)."""
    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
