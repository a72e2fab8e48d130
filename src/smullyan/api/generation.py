"""Generating puzzles at scale: `smullyan.generate(kind, count, seed, …)`.

- Candidate i of a run is drawn from its own random stream, seeded by (kind, seed, i), and its
  English wording from another; so a run's puzzles depend on the seed and the options only, never
  on how many processes (or which Dask cluster) made them.
- Each candidate is made by the kind's engine (generator/kk.py, ages.py, zebra.py, gods.py), which
  proves it unique and irredundant (or, for gods, proves its fewest questions), explains and grades
  it; here it is written in English and read back by smullyan's own reader to the same puzzle.
- Candidates are taken in index order: one is kept when its canonical form (the puzzle up to
  renaming people, values and categories) is new in the run. Work goes out in chunks of indices to
  local processes or a Dask cluster and comes back in order, so records stream out as they are made,
  and a run stopped part way resumes from the records it wrote (`resume=`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .._version import __version__
from ..errors import BadInput, LimitReached, SmullyanError

KINDS = ("kk", "ages", "zebra", "gods")
CHUNK = {"kk": 64, "ages": 32, "zebra": 4, "gods": 1}  # candidates per task: enough to outweigh the hand-off
RECORD_SCHEMA = "smullyan.generated/1"


def _engine(kind: str) -> Any:
    """Return the engine module that makes puzzles of a kind."""
    import importlib

    if kind not in KINDS:
        raise BadInput(f"unknown kind {kind!r}; kinds are {', '.join(KINDS)}", key="kind")
    return importlib.import_module(f"..generator.{kind}", __package__)


def _options_class(kind: str) -> Any:
    """Return the dataclass of a kind's options (the one its engine module defines)."""
    module = _engine(kind)
    return next(getattr(module, n) for n in dir(module) if n.endswith("Options") and n != "Options"
                and dataclasses.is_dataclass(getattr(module, n)) and getattr(module, n).__module__ == module.__name__)


def options_for(kind: str, options: dict[str, Any]) -> Any:
    """Return the kind's options value from keyword options; a BadInput names an unknown or bad one."""
    cls = _options_class(kind)
    known = {f.name for f in dataclasses.fields(cls)}
    for name in options:
        if name not in known:
            from ..errors import did_you_mean

            raise BadInput(f"{kind} puzzles have no option {name!r}; options are {', '.join(sorted(known))}"
                           f"{did_you_mean(name, known)}", key=name)
    try:
        return cls(**options)
    except (ValueError, TypeError) as e:
        raise BadInput(f"bad {kind} option: {e}") from None


def option_names(kind: str) -> dict[str, Any]:
    """Return each option of a kind with its default."""
    return {f.name: f.default for f in dataclasses.fields(_options_class(kind))}


def option_types(kind: str) -> dict[str, str]:
    """Return each option of a kind with its declared type as written ('int', 'bool | None', …)."""
    return {f.name: str(f.type) for f in dataclasses.fields(_options_class(kind))}


@dataclass(frozen=True)
class Generated:
    """One generated puzzle, checked: its TOML, its English, solution, explanation, grade and canonical key."""

    kind: str
    seed: int
    index: int  # the candidate's number in the run (puzzles keep their candidates' order)
    canonical: str
    toml: str
    text: str
    solution: dict[str, Any]
    explanation: tuple[dict[str, Any], ...]
    difficulty: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """Return the puzzle's name in its run: kind-seed-index."""
        return f"{self.kind}-{self.seed}-{self.index}"

    @property
    def puzzle(self) -> Any:
        """Return the puzzle as an API object (read from its TOML)."""
        from .loading import loads

        return loads(self.toml)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-lines record of this puzzle."""
        return {"schema": RECORD_SCHEMA, "id": self.id, "kind": self.kind, "seed": self.seed, "index": self.index,
                "canonical": self.canonical, "difficulty": self.difficulty, "text": self.text,
                "solution": self.solution, "explanation": list(self.explanation), "toml": self.toml,
                "generator": {"options": self.options, "smullyan_version": __version__}}

    def to_json(self) -> str:
        """Return the record as one line of JSON."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, record: dict[str, Any]) -> "Generated":
        """Return a generated puzzle from its record (as `to_dict` writes it)."""
        try:
            return cls(record["kind"], record["seed"], record["index"], record["canonical"], record["toml"],
                       record["text"], record["solution"], tuple(record["explanation"]), record["difficulty"],
                       record.get("generator", {}).get("options", {}))
        except (KeyError, TypeError) as e:
            raise BadInput(f"not a generated-puzzle record (missing {e})") from None


@dataclass(frozen=True)
class Job:
    """What every candidate of a run needs: the kind, the seed, the options and the grade window."""

    kind: str
    seed: int
    options: Any
    grades: tuple[int, int] | None = None


# ---------------------------------------------------------------- one candidate (in a worker)

def _rng(job: Job, index: int, stream: str) -> random.Random:
    return random.Random(f"{job.kind}:{job.seed}:{index}:{stream}")


def _same(a: Any, b: Any) -> bool:
    """Return whether a read-back puzzle states exactly what the generated one does."""
    from ..deduce.model import Deduction

    if isinstance(a, Deduction) and isinstance(b, Deduction):
        return (a.agents == b.agents and a.allowed == b.allowed and a.variables == b.variables
                and sorted(a.distinct) == sorted(b.distinct) and a.grid == b.grid
                and [c.expr for c in a.constraints] == [c.expr for c in b.constraints])
    from ..interrogate.puzzle import Interrogation

    if isinstance(a, Interrogation) and isinstance(b, Interrogation):
        return (a.space.worlds == b.space.worlds and a.goal == b.goal and a.max_questions == b.max_questions
                and a.language == b.language)
    return False


def word(kind: str, model: Any, variant: random.Random | None) -> str:
    """Return the English of a generated puzzle (not yet read back)."""
    if kind == "kk":
        from ..render.english_knights import knights_text

        return knights_text(model, variant=variant, check=False)
    if kind == "ages":
        from ..render.english_ages import ages_text

        return ages_text(model, variant=variant, check=False)
    if kind == "zebra":
        from ..render.english_grid import grid_text

        return grid_text(model, variant=variant, check=False)
    from ..render.english_gods import gods_text

    text: str = gods_text(model, variant=variant, check=False)
    return text


def _read_back(kind: str, model: Any, variant: random.Random | None) -> str | None:
    """Return the English of a puzzle if smullyan's reader reads it back to the same puzzle, else None."""
    from ..english.read import parse_text

    try:
        text = word(kind, model, variant)
        return text if _same(model, parse_text(text)) else None
    except SmullyanError:
        return None


def candidate(job: Job, index: int) -> tuple[str, dict[str, Any] | None]:
    """Return (outcome, record) for candidate `index`: outcome 'made', 'given up', 'filtered' or 'unworded'
    (neither the varied nor the plain English reads back to the same puzzle)."""
    from ..formats.toml_write import dumps_puzzle

    made = _engine(job.kind).make(_rng(job, index, "puzzle"), job.options)
    if made is None:
        return "given up", None
    grade = made.difficulty.get("grade")
    if job.grades is not None and not (job.grades[0] <= grade <= job.grades[1]):
        return "filtered", None
    text = next((t for t in (_read_back(job.kind, made.model, v) for v in (_rng(job, index, "words"), None))
                 if t is not None), None)  # the varied wording, else the plain one
    if text is None:
        return "unworded", None
    toml = dumps_puzzle(made.model)
    record = Generated(job.kind, job.seed, index, made.canonical, toml, text, _worded(made), made.explanation,
                       made.difficulty, _plain(job.options))
    return "made", record.to_dict()


def _worded(made: Any) -> dict[str, Any]:
    """Return a solution with its strategy's questions also in English (gods), read as `smullyan verify` reads it."""
    solution: dict[str, Any] = made.solution
    if solution.get("strategy") is None:
        return solution
    from .loading import loads_strategy
    from .puzzles import GodsPuzzle

    strategy = loads_strategy({"strategy": solution["strategy"]}, GodsPuzzle(made.model))
    return {**solution, "strategy": strategy.tree()}


def _plain(options: Any) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in dataclasses.asdict(options).items()}


def chunk(job: Job, start: int, stop: int) -> list[tuple[str, dict[str, Any] | None]]:
    """Return the outcomes of candidates start … stop-1 (one task for a worker)."""
    return [candidate(job, i) for i in range(start, stop)]


# ---------------------------------------------------------------- the run (in the caller)

@dataclass
class Tally:
    """How a run went: puzzles made, candidates tried, and why the others were not kept."""

    made: int = 0
    tried: int = 0
    given_up: int = 0
    filtered: int = 0
    unworded: int = 0
    duplicates: int = 0
    seconds: float = 0.0
    stopped: str | None = None  # why the run ended before `count` puzzles, if it did

    def to_dict(self) -> dict[str, Any]:
        """Return the tally as a JSON-ready dict."""
        return dataclasses.asdict(self)


class Generation:
    """A run of the generator: iterate it for the puzzles, in order; `tally` says how it went."""

    def __init__(self, job: Job, count: int, *, workers: int = 1, scheduler: str | None = None,
                 seconds: float | None = None, tries: int | None = None, resume: Iterable[dict[str, Any]] = (),
                 progress: Callable[[Tally], None] | None = None):
        self.job, self.count, self.workers, self.scheduler = job, count, workers, scheduler
        self.seconds, self.progress = seconds, progress
        self.tally = Tally()
        self.seen: set[str] = set()
        self.start = 0
        for record in resume:
            got = Generated.from_dict(record)
            if got.kind != job.kind or got.seed != job.seed or got.options != _plain(job.options):
                raise BadInput(f"record {got.id} was made by another run (kind, seed or options differ); "
                               "resume only the run that wrote the file")
            self.seen.add(got.canonical)
            self.start = max(self.start, got.index + 1)
        self.resumed = len(self.seen)
        self.tries = tries if tries is not None else max(1000, 200 * count)

    def __iter__(self) -> Iterator[Generated]:
        began = time.perf_counter()
        need = self.count - self.resumed
        tally = self.tally
        if need <= 0:
            return
        size = CHUNK[self.job.kind]
        stops = self.start + self.tries
        try:
            for outcomes in self._outcomes(size, stops, began):
                for outcome, record in outcomes:
                    tally.tried += 1
                    if outcome == "made":
                        assert record is not None
                        if record["canonical"] in self.seen:
                            tally.duplicates += 1
                            continue
                        self.seen.add(record["canonical"])
                        tally.made += 1
                        tally.seconds = time.perf_counter() - began
                        yield Generated.from_dict(record)
                        if tally.made >= need:
                            return
                    else:
                        setattr(tally, outcome.replace(" ", "_"), getattr(tally, outcome.replace(" ", "_")) + 1)
                if self.progress:
                    self.progress(tally)
            tally.stopped = f"tried {tally.tried:,} candidates (the limit of tries)"
        finally:
            tally.seconds = time.perf_counter() - began
        raise LimitReached(f"made {tally.made + self.resumed:,} of {self.count:,} puzzles: {tally.stopped}",
                           proved={"made": tally.made + self.resumed, "tried": tally.tried})

    def _over(self, began: float) -> bool:
        if self.seconds is not None and time.perf_counter() - began > self.seconds:
            self.tally.stopped = f"the time limit of {self.seconds:g} s"
            return True
        return False

    def _outcomes(self, size: int, stops: int, began: float) -> Iterator[list[tuple[str, dict[str, Any] | None]]]:
        """Yield the outcomes of each chunk of candidates, in order, until `stops` or the time limit."""
        starts = range(self.start, stops, size)
        if self.scheduler:
            yield from self._on_dask(starts, size, stops, began)
            return
        if self.workers <= 1:
            for s in starts:
                if self._over(began):
                    raise self._limit()
                yield chunk(self.job, s, min(s + size, stops))
            return
        from concurrent.futures import ProcessPoolExecutor

        from ..survey.run import _ignore_interrupts, _terminate

        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupts)
        window = []
        it = iter(starts)
        try:
            for s in it:
                window.append(pool.submit(chunk, self.job, s, min(s + size, stops)))
                if len(window) >= 3 * self.workers:
                    break
            while window:
                head = window.pop(0)
                while True:
                    try:
                        out = head.result(timeout=0.2)
                        break
                    except TimeoutError:
                        if self._over(began):
                            raise self._limit() from None
                nxt = next(it, None)
                if nxt is not None:
                    window.append(pool.submit(chunk, self.job, nxt, min(nxt + size, stops)))
                if self._over(began):
                    raise self._limit()
                yield out
        except KeyboardInterrupt:  # stop the workers now, mid-chunk
            _terminate(pool)
            raise
        except BaseException:  # a limit, or the caller stopped early: drop what has not started, let the rest end
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)

    def _limit(self) -> LimitReached:
        made = self.tally.made + self.resumed
        return LimitReached(f"made {made:,} of {self.count:,} puzzles: {self.tally.stopped}",
                            proved={"made": made, "tried": self.tally.tried})

    def _on_dask(self, starts: range, size: int, stops: int,
                 began: float) -> Iterator[list[tuple[str, dict[str, Any] | None]]]:
        try:
            from distributed import Client
        except ImportError:
            raise BadInput("a Dask scheduler needs the optional extra: pip install 'smullyan[dask]'") from None
        try:
            client = Client(self.scheduler, timeout="5s")  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError, TypeError) as e:
            raise BadInput(f"cannot reach the Dask scheduler at {self.scheduler}: {e}") from None
        try:
            lanes = max(1, sum(client.nthreads().values()))  # type: ignore[no-untyped-call]
            it = iter(starts)
            window = [client.submit(chunk, self.job, s, min(s + size, stops), pure=False)
                      for s in (next(it, None) for _ in range(3 * lanes)) if s is not None]
            while window:
                head = window.pop(0)
                out = head.result()
                nxt = next(it, None)
                if nxt is not None:
                    window.append(client.submit(chunk, self.job, nxt, min(nxt + size, stops), pure=False))
                if self._over(began):
                    raise self._limit()
                yield out
        finally:
            client.close()  # type: ignore[no-untyped-call]


def generate(kind: str, count: int = 1, seed: int = 0, *, workers: int | None = 1, scheduler: str | None = None,
             limit: float | None = None, grade: tuple[int, int] | int | None = None, tries: int | None = None,
             resume: Iterable[dict[str, Any]] = (), progress: Callable[[Tally], None] | None = None,
             **options: Any) -> Generation:
    """Return a run making `count` distinct puzzles of a kind (iterate it; each is checked before it is yielded).

    `options` are the kind's (see `option_names(kind)`); `grade` keeps only puzzles whose grade is in
    the range; `limit` is a time limit in seconds and `tries` a limit on candidates: either stops
    the run with LimitReached after the puzzles made so far. `resume` takes the records a stopped
    run wrote; the run then makes only the rest, exactly as it would have."""
    if kind not in KINDS:
        raise BadInput(f"unknown kind {kind!r}; kinds are {', '.join(KINDS)}", key="kind")
    for name, value, low in (("count", count, 1), ("tries", tries, 1)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < low):
            raise BadInput(f"{name} must be a whole number of at least {low}, got {value!r}", key=name)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadInput(f"seed must be a whole number, got {seed!r}", key="seed")
    workers = (os.cpu_count() or 1) if workers is None else workers
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise BadInput(f"workers must be a whole number of at least 1, got {workers!r}", key="workers")
    grades = (grade, grade) if isinstance(grade, int) else None if grade is None else (int(grade[0]), int(grade[1]))
    job = Job(kind, seed, options_for(kind, options), grades)
    return Generation(job, count, workers=workers, scheduler=scheduler, seconds=limit, tries=tries, resume=resume,
                      progress=progress)
