"""Surveys of many gods puzzles: every multiset of truthful, liar and random gods (or the puzzle
grammar), solved exactly, in local processes or on a Dask cluster. `smullyan.survey_gods(...)` returns a
SurveyResult; the command line only renders it."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BadInput, InternalError, LimitReached, PuzzleError
from .contract import LimitSpec, MemorySpec, guarded, parse_limit, parse_memory
from .documents import header

MAX_GODS = 8


@dataclass(frozen=True)
class SurveyResult:
    """The rows of a survey (a `survey.table.Row` per multiset, or a `survey.grammar.GrammarRow` per
    grammar puzzle) and the reading they were solved under."""

    rows: tuple[Any, ...]
    grammar: bool
    reading: Any  # survey.table.Reading
    smallest: int
    largest: int

    @property
    def incomplete(self) -> tuple[Any, ...]:
        """Return the rows a limit left with figures missing (left empty, never guessed)."""
        if self.grammar:
            return tuple(r for r in self.rows if r.solvable is None or r.note.startswith("grammar:"))
        return tuple(r for r in self.rows if r.note)

    @property
    def complete(self) -> bool:
        """Return whether every figure of every row was computed."""
        return not self.incomplete

    def semantics(self) -> dict[str, Any]:
        """Return the reading of random and of paradoxes the survey holds under."""
        return {"random": self.reading.random, "paradox": self.reading.paradox, "words": ["ja", "da"],
                "language": "any", "expected": self.reading.expected, "extra": self.reading.extra}

    def records(self) -> list[dict[str, Any]]:
        """Return one JSON-ready record per row (what `survey --json` prints, one per line)."""
        from ..render.survey import grammar_record, row_json

        return [grammar_record(r) if self.grammar else row_json(r) for r in self.rows]

    def rule_exceptions(self) -> tuple[Any, ...]:
        """Return the rows that contradict the random-fewer rule (Vallström)."""
        from ..survey.table import rule_exceptions

        return () if self.grammar else tuple(rule_exceptions(list(self.rows)))

    def decided(self) -> int:
        """Return how many rows with a non-random god have a known solvability."""
        return sum(1 for r in self.rows if r.solvable is not None and any(t != "random" for t in r.types))

    def to_dict(self) -> dict[str, Any]:
        """Return the whole survey as one document."""
        return {**header("survey/grammar" if self.grammar else "survey", self.semantics()),
                "complete": self.complete, "min": self.smallest, "max": self.largest, "rows": self.records()}

    def to_json(self) -> str:
        """Return the survey document as JSON text."""
        return json.dumps(self.to_dict(), indent=2)

    def write(self, folder: str | Path) -> list[Path]:
        """Write the rows to a folder (survey.jsonl; with the grammar, CSV and JSON); return the files."""
        from ..render.survey import grammar_csv

        out = _folder(folder)
        if self.grammar:
            csv_file, json_file = out / "survey-grammar.csv", out / "survey-grammar.json"
            csv_file.write_text(grammar_csv(list(self.rows)), encoding="utf-8")
            json_file.write_text(json.dumps(self.records(), indent=2) + "\n", encoding="utf-8")
            return [csv_file, json_file]
        lines = out / "survey.jsonl"
        lines.write_text("".join(json.dumps(r) + "\n" for r in self.records()), encoding="utf-8")
        return [lines]

    def write_strategies(self, folder: str | Path) -> list[Path]:
        """Write each solvable puzzle (TOML) with its optimal strategies (JSON) for `smullyan verify`, and
        a certificate that one question fewer cannot do (`NAME.certificate.json`, also for `smullyan
        verify`) where the certificate writer finishes within the survey's limit, and an average
        certificate (`NAME.average-certificate.json`) where the average meets the checker's lower bound or
        the lemma writer proves it within that limit."""
        from .certificates import certify
        from .puzzles import GodsPuzzle
        from ..formats.strategy_json import strategy_to_json
        from ..formats.toml_write import dumps_puzzle
        from ..survey.table import spell, strategy_of

        if self.grammar:
            raise BadInput("strategies are written for the multiset survey, not the grammar")
        out = _folder(folder)
        written = []
        for row in self.rows:
            if row.solvable and not row.worst and row.expected_at_most is not None:
                written += self._write_ranked(out, row)
            if not row.solvable or not row.worst:
                continue
            name = spell(row.types)
            puzzle, tree = strategy_of(row.types, self.reading, "worst", row.worst)
            if tree is None:
                raise InternalError(f"the survey found {name} solvable but rebuilding its strategy found none")
            toml_file = out / f"{name}.toml"
            toml_file.write_text(dumps_puzzle(puzzle), encoding="utf-8")
            files = [toml_file, out / f"{name}.worst.json"]
            files[1].write_text(json.dumps(strategy_to_json(puzzle, tree), indent=1) + "\n", encoding="utf-8")
            try:
                cert = certify(GodsPuzzle(puzzle), questions=row.worst - 1, limit=f"{self.reading.seconds or 20:g}s",
                               memory=self.reading.memory)
            except LimitReached:
                cert = None  # the plain writer needs more than the limit: no certificate for this row
            if cert is not None:
                files.append(out / f"{name}.certificate.json")
                files[-1].write_text(cert.to_json() + "\n", encoding="utf-8")
            if row.expected is not None:
                puzzle, tree = strategy_of(row.types, self.reading, "expected", row.expected_within)
                if tree is None:
                    raise InternalError(f"the survey found {name}'s average but rebuilding its strategy found none")
                tree_doc = strategy_to_json(puzzle, tree)
                files.append(out / f"{name}.expected.json")
                files[-1].write_text(json.dumps(tree_doc, indent=1) + "\n", encoding="utf-8")
                try:
                    average = certify(GodsPuzzle(puzzle), objective="expected", strategy={"strategy": tree_doc},
                                      limit=f"{self.reading.seconds or 20:g}s", memory=self.reading.memory)
                except (PuzzleError, LimitReached):
                    average = None  # above the bound, and the lemma writer found no proof within the limit
                if average is not None:
                    files.append(out / f"{name}.average-certificate.json")
                    files[-1].write_text(average.to_json() + "\n", encoding="utf-8")
            elif row.expected_at_most is not None:
                files += self._write_ranked(out, row, puzzle_written=True)
            written += files
        return written

    def _write_ranked(self, out: Path, row: Any, puzzle_written: bool = False) -> list[Path]:
        """Write the verified strategy of a row whose average was not settled (NAME.upper.json, an upper
        bound) where it is the row's 'at most' figure — the row carries it, except a row copied from an
        equivalent multiset, for which the ranked search is run again — and the puzzle's TOML unless
        written already."""
        from ..formats.strategy_json import strategy_to_json
        from ..formats.toml_write import dumps_puzzle
        from ..interrogate.ranked import ranked_strategy
        from ..interrogate.search import Budget
        from ..survey.table import gods_puzzle, limits_of, spell

        name = spell(row.types)
        puzzle = gods_puzzle(row.types, self.reading, objective="expected")
        if row.upper is not None:
            upper = row.upper
        else:
            try:
                found = ranked_strategy(puzzle, Budget(limits_of(self.reading)))
            except LimitReached:
                found = None
            upper = found.strategy if found is not None and found.expected == row.expected_at_most else None
        files = []
        if not puzzle_written:
            files.append(out / f"{name}.toml")
            files[-1].write_text(dumps_puzzle(puzzle), encoding="utf-8")
        if upper is not None:
            files.append(out / f"{name}.upper.json")
            files[-1].write_text(json.dumps(strategy_to_json(puzzle, upper), indent=1) + "\n", encoding="utf-8")
        return files


def _folder(folder: str | Path) -> Path:
    """Return a folder to write into, made if missing; raise BadInput if it cannot be."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise BadInput("exists and is not a folder", source=str(out))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise BadInput(f"cannot make the folder: {e.strerror or e}", source=str(out)) from None
    return out


@guarded
def survey_gods(smallest: int = 2, largest: int | None = None, *, random: str = "coin", paradox: str = "forbidden",
           expected: bool = True, extra: int = 1, limit: LimitSpec = "20s", workers: int | None = None,
           scheduler: str | None = None, grammar: bool = False, table_gods: int = 3,
           progress: Callable[[int], None] | None = None, memory: MemorySpec = None) -> SurveyResult:
    """Return the survey of every multiset of `smallest`..`largest` gods (default 6; with `grammar`,
    the puzzle grammar up to 5), each figure exact or left empty when `limit` (seconds per puzzle
    and search) stops it. `progress(total)` is called once first, then `progress(-1)` per finished row."""
    from ..logic.types import PARADOX_MODES, RANDOM_MODES
    from ..survey.table import Reading, multisets

    if random not in RANDOM_MODES:
        raise BadInput(f"random takes one of: {', '.join(RANDOM_MODES)}; got {random!r}")
    if paradox not in PARADOX_MODES:
        raise BadInput(f"paradox takes one of: {', '.join(PARADOX_MODES)}; got {paradox!r}")
    if largest is None:
        largest = 5 if grammar else 6
    for name, value in (("min", smallest), ("max", largest), ("extra", extra), ("table_gods", table_gods)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput(f"{name} must be a whole number, got {value!r}")
    if not 1 <= smallest <= largest <= MAX_GODS:
        raise BadInput(f"min and max must satisfy 1 <= min <= max <= {MAX_GODS}")
    if not 1 <= extra <= 8:
        raise BadInput("extra must be from 1 to 8 (the average optimum is taken among strategies of at most "
                       "the worst case plus EXTRA questions)")
    if not 1 <= table_gods <= 4:
        raise BadInput("table_gods must be from 1 to 4")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 256):
        raise BadInput("workers must be from 1 to 256")
    limits = parse_limit(limit)
    if limits.nodes is not None:
        raise BadInput("a survey's limit is seconds per puzzle, such as '10s'")
    reading = Reading(random=random, paradox=paradox, expected=expected, extra=extra, seconds=limits.seconds,
                      memory=parse_memory(memory))

    def tick(_row: Any) -> None:
        if progress:
            progress(-1)

    if grammar:
        from ..survey.grammar import classify, grow
        from ..survey.run import run_parallel

        puzzles = grow("table", table_gods) + grow("multiset", largest)
        if progress:
            progress(len(puzzles))
        rows = run_parallel(classify, puzzles, reading, workers, scheduler, tick,
                            cost=lambda gp: len(gp.shape) * 10 + sum(len(a) for a in gp.shape))
    else:
        from ..survey.run import run_survey

        specs = multisets(smallest, largest)
        if progress:
            progress(len(specs))
        rows = run_survey(specs, reading, workers, scheduler, tick)
    return SurveyResult(tuple(rows), grammar, reading, smallest, largest)
