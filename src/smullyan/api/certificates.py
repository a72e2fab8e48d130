"""Certificates of impossibility: `smullyan.certify` writes one, `smullyan.check_certificate` checks it.

A certificate proves "no strategy of at most k questions identifies the goal, even with every possible
question" as a list of lemmas about world sets; the checker (certificate.check) re-derives everything
from the semantics and shares no code with the search. With the fewest questions known, a certificate
for one fewer makes "optimal in the worst case" checkable by others.

An average certificate (`certify(puzzle, objective="expected")`) carries a strategy and its average; the
checker (certificate.average) verifies the strategy and shows, from the semantics alone, a lower bound
for strategies of any length that the average meets — so "optimal on average" is checkable too. Where
the average is above that bound, a branch and bound (certificate.average_prove) writes lemmas about
nodes, each a least cost the checker (certificate.lemmas) re-derives split by split from the bound and
the other lemmas; certify does this for puzzles small enough (gods whose worlds are few) within its limit.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..errors import BadInput, PuzzleError
from .contract import LimitSpec, MemorySpec, Progress, guarded, limits_of
from .documents import header
from .puzzles import GodsPuzzle


@dataclass(frozen=True)
class Certificate:
    """A proof that no strategy of `questions` questions exists, as lemmas a separate checker verifies."""

    puzzle: GodsPuzzle
    questions: int
    lemmas: tuple[tuple[tuple[int, ...], int], ...]  # (world numbers, questions), each from those before it
    fewest: int | None  # fewest questions that suffice with every possible question, when known
    splits: int  # splits the writing search explored
    seconds: float
    notes: tuple[dict[str, Any], ...] = ()  # per lemma: {"leaves": L}, {"parts": [indices]}, a "copy" (counting leaves)

    def statement(self) -> str:
        """Return the claim in words."""
        k = self.questions
        claim = (f"no strategy of at most {k} question{'s' * (k != 1)} identifies the "
                 f"{'gods and the language' if self.puzzle.model.goal == 'types+language' else 'gods'}, "
                 "even with every possible question")
        return claim

    def to_dict(self) -> dict[str, Any]:
        """Return the certificate as a JSON document (the checker reads exactly this)."""
        space = self.puzzle.model.space
        used = sorted({i for worlds, _ in self.lemmas for i in worlds})
        return {**header("certificate", self.puzzle.semantics()),
                "claim": {"questions": self.questions, "language": "any", "statement": self.statement(),
                          "fewest": self.fewest},
                "worlds": {str(i): space.describe(i) for i in used},
                "lemmas": [{"worlds": list(worlds), "questions": q, **(self.notes[n] if n < len(self.notes) else {})}
                           for n, (worlds, q) in enumerate(self.lemmas)]}

    def to_json(self) -> str:
        """Return the certificate as JSON text."""
        return json.dumps(self.to_dict(), indent=1)

    def text(self) -> str:
        """Return a short account of the certificate."""
        fewest = "" if self.fewest != self.questions + 1 else (
            f"The search found a strategy of {self.fewest} (`smullyan solve` prints it verified), so {self.fewest} "
            "is the fewest in the worst case.\n")
        counted = sum(1 for note in self.notes if "leaves" in note)
        copied = sum(1 for note in self.notes if "copy" in note)
        leaves = f" ({counted} of them on the leaves a strategy must fill" if counted else ""
        if counted and copied:
            leaves += f", {copied} of those copies of another"
        leaves += ")" if counted else ""
        return (f"Certificate: {self.statement()}.\n{fewest}"
                f"{len(self.lemmas)} lemma{'s' * (len(self.lemmas) != 1)} about world sets{leaves}; written in "
                f"{self.seconds:.2f} s ({self.splits:,} splits explored). Check it with "
                "`smullyan verify PUZZLE CERTIFICATE.json`.")


@dataclass(frozen=True)
class AverageCertificate:
    """A strategy whose average no strategy of any length beats, with the lower bound that shows it."""

    puzzle: GodsPuzzle
    average: Fraction
    strategy: Any  # the strategy (smullyan.Strategy)
    bound: Any  # certificate.average.Floor: the bound and its parts
    seconds: float
    proof: Any = None  # certificate.average_prove.AverageProof, where the average is above the bound
    units: Any = None  # certificate.lemmas.Units of the puzzle, with a proof

    @property
    def cap(self) -> int | None:
        """Return the number of questions the claim is about (None: strategies of any length)."""
        return None if self.proof is None else self.proof.cap

    def statement(self) -> str:
        """Return the claim in words."""
        which = "any length" if self.cap is None else f"at most {self.cap} question{'s' * (self.cap != 1)}"
        return (f"no strategy of {which} identifies the "
                f"{'gods and the language' if self.puzzle.model.goal == 'types+language' else 'gods'} "
                f"with fewer than {self.average} = {float(self.average):.6f} questions on average")

    def to_dict(self) -> dict[str, Any]:
        """Return the certificate as a JSON document (the checker reads the claim and the strategy)."""
        b = self.bound
        return {**header("certificate", self.puzzle.semantics()),
                "claim": {"average": str(self.average), "language": "any", "statement": self.statement(),
                          **({} if self.cap is None else {"questions": self.cap})},
                "puzzle": {"agents": list(self.puzzle.agents), "worlds": self.puzzle.worlds},
                "bound": {"value": str(b.value), "code": str(b.code), "informative": str(b.informative),
                          "random": str(b.random), "first_questions": b.first},
                "strategy": self.strategy.tree(), **self._lemmas()}

    def _lemmas(self) -> dict[str, Any]:
        """Return the lemmas of a proof above the bound, as the document lists them (none without one)."""
        if self.proof is None:
            return {}
        units = self.units
        used = sorted({units.first[u] for items, *_ in self.proof.lemmas for u, _ in items})
        space = self.puzzle.model.space
        return {"worlds": {str(i): space.describe(i) for i in used},
                "lemmas": [{"node": [[units.first[u], m] for u, m in items], "cost": str(cost),
                            **({} if cap is None else {"questions": cap})}
                           for items, cost, cap in self.proof.lemmas]}

    def to_json(self) -> str:
        """Return the certificate as JSON text."""
        return json.dumps(self.to_dict(), indent=1)

    def text(self) -> str:
        """Return a short account of the certificate."""
        b = self.bound
        shown = (f"every strategy averages at least {b.value} (prefix code {b.code}; informative questions "
                 f"{b.informative} + random ones {b.random})")
        if self.proof is not None:
            p = self.proof
            shown = (f"the lower bound from the semantics is {b.value}, and {len(p.lemmas)} lemma"
                     f"{'s' * (len(p.lemmas) != 1)} about nodes raise it to {self.average} (a branch and bound "
                     f"{p.depth} question{'s' * (p.depth != 1)} deep, {p.splits:,} splits)")
        return (f"Certificate: {self.statement()}.\nThe strategy (worst case {self.strategy.questions}) averages "
                f"{self.average}; {shown}. Written in {self.seconds:.2f} s. Check it "
                "with `smullyan verify PUZZLE CERTIFICATE.json`.")


@dataclass(frozen=True)
class CertificateCheck:
    """What the separate checker found: the claim proved, or the first lemma that fails and why."""

    ok: bool
    questions: int
    lemmas: int
    splits: int
    seconds: float
    failure: str | None
    average: Fraction | None = None  # an average certificate: the claim checked
    bound: Fraction | None = None  # an average certificate: the checker's lower bound
    within: int | None = None  # an average certificate about strategies of at most this many questions

    def text(self) -> str:
        """Return the verdict in words."""
        k = self.questions
        if self.ok and self.average is not None:
            how = "" if not self.lemmas else (f", from {self.lemmas} lemma{'s' * (self.lemmas != 1)} about nodes, "
                                              f"{self.splits:,} splits enumerated by the checker")
            which = "any length" if self.within is None else f"at most {self.within} questions"
            return (f"Certificate checked: the strategy averages {self.average} = {float(self.average):.6f} questions, "
                    f"verified against every world and hidden state, and no strategy of {which} averages fewer "
                    f"(lower bound {self.bound}{how}).\n{self.seconds:.2f} s.")
        if self.ok:
            return (f"Certificate checked: no strategy of at most {k} question{'s' * (k != 1)} identifies the goal, "
                    f"even with every possible question.\n{self.lemmas} lemma{'s' * (self.lemmas != 1)}, "
                    f"{self.splits:,} splits enumerated by the checker, {self.seconds:.2f} s.")
        return f"Certificate rejected: {self.failure}"

    def to_dict(self) -> dict[str, Any]:
        """Return the verdict as JSON data."""
        if self.average is not None or self.bound is not None:
            lemmas = {} if not self.lemmas else {"lemmas_checked": self.lemmas, "splits": self.splits}
            within = {} if self.within is None else {"questions": self.within}
            return {"ok": self.ok, "average": None if self.average is None else str(self.average),
                    "bound": None if self.bound is None else str(self.bound), **within, **lemmas,
                    "seconds": round(self.seconds, 6), "failure": self.failure}
        return {"ok": self.ok, "questions": self.questions, "lemmas_checked": self.lemmas, "splits": self.splits,
                "seconds": round(self.seconds, 6), "failure": self.failure}

    def to_json(self) -> str:
        """Return the verdict as JSON text."""
        return json.dumps(self.to_dict(), indent=1)


def _gods(puzzle: Any) -> GodsPuzzle:
    if not isinstance(puzzle, GodsPuzzle):
        raise BadInput(f"certificates are about question strategies; expected a gods puzzle, got {type(puzzle).__name__}")
    return puzzle


@guarded
def certify(puzzle: GodsPuzzle, questions: int | None = None, limit: LimitSpec = None, *,
            objective: str = "worst", strategy: Any = None, memory: MemorySpec = None,
            progress: Callable[[Progress], None] | None = None) -> Certificate | AverageCertificate:
    """Return a certificate that no strategy of `questions` questions exists (default: one fewer than the
    fewest that suffice, found first by the fast search; or the puzzle's budget if even that is too few).
    Raises PuzzleError if that many questions suffice, LimitReached past `limit` or `memory`.

    With objective="expected": an AverageCertificate for `strategy` (a Strategy, result or strategy
    document; default: the one `solve` finds for the fewest questions on average), if its verified
    average meets the checker's lower bound; else PuzzleError saying by how much it misses."""
    if objective not in ("worst", "expected"):
        raise BadInput(f"objective must be 'worst' or 'expected', got {objective!r}", key="objective")
    if objective == "expected":
        if questions is not None:
            raise BadInput("questions is for certificates of impossibility (objective 'worst')", key="questions")
        return _certify_average(_gods(puzzle), strategy, limit, memory, progress)
    if strategy is not None:
        raise BadInput("a strategy is certified for its average: give objective='expected'", key="strategy")
    from ..certificate.prove import prove
    from ..interrogate.anylang import AnyLanguage
    from ..interrogate.search import Budget, depth_of
    from ..interrogate.solve import bound_search

    model = _gods(puzzle).model
    if questions is not None and (isinstance(questions, bool) or not isinstance(questions, int) or questions < 0):
        raise BadInput(f"questions must be a whole number of at least 0, got {questions!r}", key="questions")
    start = time.perf_counter()
    budget = Budget(limits_of(limit, memory, progress))
    budget.stage = "building the question tables"
    anyl = AnyLanguage(model.contexts(check=budget.check_time), model.goal, budget)
    fewest = None
    if questions is not None:
        claim = questions
    else:
        unbounded = model.max_questions is None
        bound = anyl.n_reps if model.max_questions is None else model.max_questions
        _, tree = bound_search(anyl, (1 << anyl.n_reps) - 1, bound, unbounded, budget)
        if tree is None and unbounded:
            raise PuzzleError("no strategy of any length exists here; a certificate covers a number of questions "
                              "(give one: questions=K, or --questions K)")
        fewest = None if tree is None else depth_of(tree)
        claim = bound if fewest is None else fewest - 1
        if claim < 0:
            raise PuzzleError("the goal is known before any question: there is no impossibility to certify")
    proof = prove(anyl, budget, claim)
    if proof is None:
        raise PuzzleError(f"{claim} question{'s' * (claim != 1)} suffice here: there is no impossibility "
                          "to certify (smullyan solve gives the strategy)", key="questions")
    lemmas = tuple((tuple(i for i in range(len(model.space.worlds)) if w >> i & 1), q) for w, q in proof.lemmas)
    return Certificate(puzzle, claim, lemmas, fewest, budget.nodes, time.perf_counter() - start, proof.notes)


def _certify_average(puzzle: GodsPuzzle, strategy: Any, limit: LimitSpec, memory: MemorySpec,
                     progress: Callable[[Progress], None] | None) -> AverageCertificate:
    """Return the average certificate of a strategy (default: the solver's), or raise PuzzleError."""
    from ..certificate.average import Unbounded, floor
    from ..interrogate.search import Budget
    from .checking import verify

    start = time.perf_counter()
    budget = Budget(limits_of(limit, memory, progress))
    budget.stage = "computing the lower bound"
    try:  # first: a puzzle outside the bound needs no search to be refused
        bound = floor(puzzle.model, budget.check_time)
    except Unbounded as e:
        raise PuzzleError(f"no average certificate for this puzzle: {e}") from None
    if strategy is None:
        solved = puzzle.with_options(objective="expected").solve(limit=limit, memory=memory, progress=progress)
        if solved.strategy is None:
            raise PuzzleError("no strategy identifies the goal here, so there is no average to certify")
        strategy = solved
    budget.stage = "verifying the strategy"
    verdict = verify(puzzle, strategy)
    if not verdict.ok:
        raise PuzzleError(f"the strategy fails, so there is nothing to certify: {verdict.failure}", key="strategy")
    average = verdict.expected
    if average is None:  # a verified strategy always has an average; kept for the type checker
        raise PuzzleError("the strategy has no average to certify", key="strategy")
    if bound.value >= average:
        return AverageCertificate(puzzle, average, verdict.strategy, bound, time.perf_counter() - start)
    from ..certificate.average_prove import prove_average
    from ..certificate.lemmas import Units

    budget.stage = "proving the average node by node"
    units = Units(puzzle.model, budget.check_time)
    cap = puzzle.model.max_questions
    deepest = 2 * max(1, verdict.worst or 1)
    if cap is not None:  # first for any length, as deep as the budget, then within it
        deepest = min(deepest, cap)
    proof = prove_average(units, average, budget.tick, deepest)
    if proof is None and cap is not None and (verdict.worst or 0) <= cap:
        budget.stage = f"proving the average node by node, within {cap} questions"
        proof = prove_average(units, average, budget.tick, cap=cap)
    if proof is None:
        within = "" if cap is None else f", nor within the puzzle's {cap} questions"
        raise PuzzleError(f"the strategy averages {average} = {float(average):.6f}, above the lower bound "
                          f"{bound.value} = {float(bound.value):.6f}, and the branch and bound that writes lemmas, "
                          f"{deepest} questions deep, found no proof that it is the fewest{within} (a strategy may "
                          "average less)", key="strategy")
    return AverageCertificate(puzzle, average, verdict.strategy, bound, time.perf_counter() - start, proof, units)


@guarded
def check_certificate(puzzle: GodsPuzzle, certificate: Certificate | dict[str, Any] | str,
                      limit: LimitSpec = None) -> CertificateCheck:
    """Return the separate checker's verdict on a certificate (a Certificate, its JSON document or text).
    A certificate written for another puzzle, or malformed, is bad input naming the key."""
    from ..certificate.check import check_certificate as check
    from ..interrogate.search import Budget
    from .loading import json_document

    model = _gods(puzzle).model
    if isinstance(certificate, Certificate):
        doc: Any = certificate.to_dict()
    elif isinstance(certificate, str):
        doc = json_document(certificate)
    else:
        doc = certificate
    if isinstance(doc, dict):
        semantics = doc.get("semantics")
        mine = _gods(puzzle).semantics()
        if not isinstance(semantics, dict):
            raise BadInput("expected the options the certificate was written under", key="semantics")
        for key in ("random", "paradox", "goal", "words"):
            if semantics.get(key) != mine[key]:
                raise BadInput(f"the certificate was written for {semantics.get(key)!r}, "
                               f"this puzzle has {mine[key]!r}", key=f"semantics.{key}")
    budget = Budget(limits_of(limit))
    if isinstance(doc, dict) and isinstance(doc.get("claim"), dict) and "average" in doc["claim"]:
        return _check_average(_gods(puzzle), doc, budget)
    try:
        result = check(model, doc, budget.check_time, budget.tick)
    except ValueError as e:  # "key: what is wrong"
        key, _, message = str(e).partition(": ")
        raise BadInput(message, key=key) from None
    return CertificateCheck(result.ok, result.questions or 0, result.lemmas, result.splits, result.seconds,
                            result.failure)



def _check_average(puzzle: GodsPuzzle, doc: dict[str, Any], budget: Any) -> CertificateCheck:
    """Return the average checker's verdict on an average certificate document."""
    from ..certificate.average import check_average
    from .loading import loads_strategy

    raw = doc["claim"]["average"]
    try:
        claim = Fraction(raw) if isinstance(raw, str) else None
    except (ValueError, ZeroDivisionError):
        claim = None
    if claim is None or claim < 0:
        raise BadInput(f"expected a fraction such as \"655/84\", got {raw!r}", key="claim.average")
    described = doc.get("puzzle")
    if not isinstance(described, dict):
        raise BadInput("expected the puzzle's agents and number of worlds", key="puzzle")
    if described.get("agents") != list(puzzle.agents):
        raise BadInput(f"the certificate was written for agents {described.get('agents')!r}, this puzzle has "
                       f"{list(puzzle.agents)!r}", key="puzzle.agents")
    if described.get("worlds") != puzzle.worlds:
        raise BadInput(f"the certificate was written for {described.get('worlds')!r} worlds, this puzzle has "
                       f"{puzzle.worlds}", key="puzzle.worlds")
    if "strategy" not in doc:
        raise BadInput("expected the strategy whose average is claimed", key="strategy")
    root = loads_strategy({"strategy": doc["strategy"]}).root
    from ..certificate.lemmas import MAX_CAP, Malformed

    lemmas = (doc["lemmas"], doc.get("worlds")) if "lemmas" in doc else None
    cap = doc["claim"].get("questions")
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or not 0 <= cap <= MAX_CAP):
        raise BadInput(f"expected a whole number of questions from 0 to {MAX_CAP} (or no key: any length), "
                       f"got {str(cap)[:40]}", key="claim.questions")
    try:
        result = check_average(puzzle.model, claim, root, budget.check_time, lemmas, budget.tick, cap)
    except Malformed as e:  # "key: what is wrong"
        key, _, message = str(e).partition(": ")
        raise BadInput(message, key=key) from None
    return CertificateCheck(result.ok, 0, result.lemmas, result.splits, result.seconds, result.failure, claim,
                            result.proved, cap)
