"""Results as frozen values: what solving and verifying return. Nothing here prints.

- Strategy: a question tree (with the puzzle it belongs to); draws itself as text, SVG, Mermaid.
- StrategyResult: a gods puzzle solved: the verified strategy of fewest questions, or the proof that
  none exists; the proof sentence; statistics.
- WorldsResult: a deduction puzzle solved: every consistent world, uniqueness, what is determined,
  answers to the puzzle's questions, the conflicting statements when there is no world, and why.
- Reason: a determined fact and a minimal set of statements forcing it.
- Verdict: a strategy checked against every world and hidden state.
Every value has `to_dict()` (a JSON-ready document with the header of `documents`) and `to_json()`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..deduce.solve import DeductionResult
from ..errors import BadInput
from ..interrogate.solve import Solution
from ..interrogate.strategy import Node, depth, leaves
from ..logic import expr as E
from ..logic.types import canonical_type
from .documents import header

if TYPE_CHECKING:
    from .puzzles import DeductionPuzzle, GodsPuzzle


def _dumps(doc: dict[str, Any]) -> str:
    import json

    return json.dumps(doc, indent=2, ensure_ascii=False)


@dataclass(frozen=True)
class Strategy:
    """A tree of questions; each leaf names what the answers heard prove."""

    root: Node
    puzzle: "GodsPuzzle | None" = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        return f"Strategy(questions={self.questions}, leaves={self.leaves})"

    @property
    def questions(self) -> int:
        """Return the number of questions on the longest path (the worst case)."""
        return depth(self.root)

    @property
    def leaves(self) -> int:
        """Return the number of leaves (verdicts)."""
        return len(leaves(self.root))

    def _model(self) -> Any:
        if self.puzzle is None:
            raise BadInput("this strategy is not tied to a puzzle; verify it against one first "
                           "(smullyan.verify(puzzle, strategy)) or use Strategy(root, puzzle)")
        return self.puzzle.model

    def tree(self) -> dict[str, Any]:
        """Return the bare tree in the strategy file's JSON form (questions also in English)."""
        from ..formats.strategy_json import strategy_to_json

        return strategy_to_json(self._model(), self.root)

    def to_dict(self) -> dict[str, Any]:
        """Return the strategy document: header and tree (`smullyan.load_strategy` reads it back)."""
        semantics = self.puzzle.semantics() if self.puzzle is not None else {}
        return {**header("strategy", semantics), "questions": self.questions, "strategy": self.tree()}

    def to_json(self) -> str:
        """Return the strategy document as JSON text."""
        return _dumps(self.to_dict())

    def text(self) -> str:
        """Return the strategy as an indented text tree."""
        from ..render.text import strategy_lines

        return "\n".join(strategy_lines(self._model(), self.root))

    def svg(self) -> str:
        """Return the strategy drawn as a standalone SVG document."""
        from ..render.svg import strategy_svg

        return strategy_svg(self._model(), self.root)

    def mermaid(self) -> str:
        """Return the strategy as a Mermaid flowchart."""
        from ..render.strategies import strategy_mermaid

        return strategy_mermaid(self._model(), self.root)

    def _repr_svg_(self) -> str:
        return self.svg()


@dataclass(frozen=True)
class StrategyResult:
    """A gods puzzle solved: a verified strategy of fewest questions, or a proof that none exists."""

    puzzle: "GodsPuzzle" = field(repr=False)
    solvable: bool
    questions: int | None  # worst case of the strategy (optimal for objective 'worst')
    expected: Fraction | None  # average number of questions (optimal for objective 'expected')
    strategy: Strategy | None
    proof: str  # the sentence saying what the exhaustive search proved
    objective: str
    complexity: int | None  # grammar complexity the strategy needs (None: complete language)
    proof_details: dict[str, Any] | None = field(default=None, repr=False)
    stats: dict[str, Any] = field(default_factory=dict, repr=False)
    seconds: float = field(default=0.0, repr=False)

    @classmethod
    def of(cls, puzzle: "GodsPuzzle", sol: Solution, seconds: float) -> "StrategyResult":
        """Return the result value of an engine solution."""
        objective = puzzle.model.objective
        strategy = Strategy(sol.strategy, puzzle) if sol.strategy is not None else None
        return cls(puzzle, sol.solvable, sol.questions, sol.expected, strategy, proof_sentence(puzzle, sol),
                   objective, sol.complexity, sol.proof, dict(sol.stats), seconds)

    @property
    def worlds(self) -> int:
        """Return the number of worlds the strategy was verified against."""
        return self.puzzle.worlds

    def summary(self) -> str:
        """Return the one-paragraph verdict: solvable in how many questions (and the proof), or unsolvable."""
        from ..render.text import solved_sentence

        if not self.solvable or self.questions is None or self.expected is None:
            return f"Unsolvable: {self.proof}"
        floor = self.stats.get("expected_any_length_floor")
        return solved_sentence(self.questions, self.expected, self.objective, self.complexity,
                               self.stats.get("expected_within"), self.worlds,
                               None if floor is None else Fraction(floor),
                               bool(self.stats.get("expected_at_lower_bound")))

    def text(self) -> str:
        """Return the report the command line prints: title, verdict and the strategy tree."""
        lines = [self.puzzle.title] if self.puzzle.title else []
        lines.append(self.summary())
        if self.strategy is not None:
            lines.append(self.strategy.text())
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Return the result document (also readable as a strategy file by `smullyan.load_strategy`)."""
        out: dict[str, Any] = {**header("solve/gods", self.puzzle.semantics()), "complete": True,
                               "title": self.puzzle.title, "solvable": self.solvable, "questions": self.questions,
                               "expected_questions": None if self.expected is None else str(self.expected),
                               "objective": self.objective, "complexity": self.complexity, "proof": self.proof,
                               "worlds": self.worlds}
        if self.proof_details is not None:
            out["proof_details"] = self.proof_details
        for key in ("expected_within", "expected_any_length", "expected_any_length_floor", "expected_at_lower_bound"):
            if key in self.stats:
                out[key] = self.stats[key]
        out["strategy"] = self.strategy.tree() if self.strategy is not None else None
        out["stats"] = {**self.stats, "seconds": round(self.seconds, 6)}
        return out

    def to_json(self) -> str:
        """Return the result document as JSON text (what `smullyan solve --json` prints)."""
        return _dumps(self.to_dict())

    def html(self) -> str:
        """Return the report as an HTML fragment: title, verdict, proof and the strategy drawn inline."""
        from ..render.notebook import report_html

        svg = self.strategy.svg() if self.strategy is not None else None
        return report_html(self.puzzle.title, [self.summary(), f"Proof: {self.proof}"], svg)

    def _repr_html_(self) -> str:
        return self.html()


def proof_sentence(puzzle: "GodsPuzzle", sol: Solution) -> str:
    """Return what the exhaustive search proved, in one sentence."""
    if not sol.solvable:
        return str((sol.proof or {}).get("statement", "no strategy identifies the goal"))
    k = sol.questions or 0
    if puzzle.model.objective == "expected":
        within = sol.stats.get("expected_within")
        if sol.stats.get("expected_any_length"):
            depth = sol.stats.get("expected_bound_depth", within)
            return (f"No strategy of any length averages fewer than {sol.expected} questions (exhaustive search "
                    f"to {depth} questions, deeper nodes charged a lower bound for any length).")
        return (f"No strategy of at most {within} questions averages fewer than {sol.expected} questions "
                f"(exhaustive search).")
    if k == 0:
        return "No question is needed: every world agrees on the goal."
    k_any = sol.stats.get("fewest_any_language", k)
    if k_any == k:
        how = "exhaustive search"
        if (sol.stats.get("bound") or {}).get("leaf_floor") == k - 1:  # the pattern search's floor, note 44
            how = (f"counting leaves: the worlds, one per set of random gods at a time, need more leaves than "
                   f"{k - 1} questions give")
        return (f"No strategy of {k - 1} question{'s' if k - 1 != 1 else ''} identifies the goal, even with "
                f"every possible question ({how}).")
    return (f"With questions of complexity at most {sol.complexity}, no strategy of {k - 1} questions identifies "
            f"the goal (exhaustive search); with every possible question {k_any} would suffice.")


@dataclass(frozen=True)
class Reason:
    """A determined fact and a minimal set of statements forcing it."""

    fact: str  # in words: 'B is a knave'
    because: tuple[str, ...]  # labels: ('statement 1',)
    statements: tuple[str, ...]  # the same statements in words, 'statement 1: B says that …'

    def to_dict(self) -> dict[str, Any]:
        """Return the reason as a JSON-ready dict."""
        return {"fact": self.fact, "because": list(self.because), "statements": list(self.statements)}


@dataclass(frozen=True)
class Answer:
    """A question the text asks and its answer in the text's words ('undetermined' when the worlds
    disagree); `option` is the chosen option's label for a multiple choice."""

    question: str
    answer: str
    option: str = ""

    def to_dict(self) -> dict[str, str]:
        """Return the answer as JSON: question, answer, and option when there is one."""
        return {"question": self.question, "answer": self.answer, **({"option": self.option} if self.option else {})}


@dataclass(frozen=True)
class WorldsResult:
    """A deduction puzzle solved: every consistent world and what they agree on."""

    puzzle: "DeductionPuzzle" = field(repr=False)
    engine: DeductionResult = field(repr=False)
    solutions: tuple[dict[str, Any], ...]
    determined: dict[str, Any]  # each agent, variable (or grid value) -> its value in every world, or None
    answers: tuple[Answer, ...]  # the text's questions, answered over every consistent world
    contradiction: tuple[str, ...] | None  # a minimal set of conflicting statements, when no world is consistent
    reasons: tuple[Reason, ...] | None
    seconds: float = field(default=0.0, repr=False)

    @classmethod
    def of(cls, puzzle: "DeductionPuzzle", res: DeductionResult, seconds: float) -> "WorldsResult":
        """Return the result value of an engine result."""
        from ..render.deduction import answers, fact_text, world_json

        model = puzzle.model
        solutions = tuple(_solution(world_json(model, w)) for w in res.worlds)
        if model.grid is not None:
            pos = dict(zip((v.name for v in model.variables), res.possible_values))
            determined: dict[str, Any] = {v: (vs[0] if len(vs) == 1 else None) for v, vs in pos.items()}
        else:
            determined = {a: (model.type_name(ts[0]) if len(ts) == 1 else None)
                          for a, ts in zip(model.agents, res.possible_types)}
            determined.update({v.name: (vs[0] if len(vs) == 1 else None)
                               for v, vs in zip(model.variables, res.possible_values)})
        found = tuple(Answer(a["question"], a["answer"], a.get("option", "")) for a in answers(model, res)) \
            if res.worlds else ()
        reasons = None
        if res.reasons is not None:
            reasons = tuple(_reason(puzzle, fact_text(model, r.fact), r.because) for r in res.reasons)
        return cls(puzzle, res, solutions, determined, found, res.contradiction, reasons, seconds)

    @property
    def consistent(self) -> int:
        """Return the number of consistent worlds."""
        return len(self.solutions)

    @property
    def unique(self) -> bool:
        """Return whether exactly one world is consistent."""
        return len(self.solutions) == 1

    @property
    def backend(self) -> str:
        """Return the backend that enumerated the worlds ('enum' or 'sat')."""
        return self.engine.backend

    def why(self, subject: str, value: str | int | None = None) -> Reason:
        """Return a minimal set of statements forcing a determined fact: an agent's type ('B', 'knave'),
        a variable's value ('age.a', 19) or where a grid value is ('zebra', 5); value defaults to the
        determined one. Raise BadInput if the puzzle does not determine it."""
        from ..deduce.solve import forcing_statements
        from ..render.deduction import fact_text

        model = self.puzzle.model
        if self.consistent == 0:
            raise BadInput("the puzzle is inconsistent: every fact follows, none is forced in particular")
        fact = self._fact(subject, value)
        for r in self.reasons or ():
            if r.fact == fact_text(model, fact):
                return r
        holds = all(_holds(model, fact, w) for w in self.engine.worlds)
        if not holds:
            raise BadInput(f"the puzzle does not force {fact_text(model, fact)}: some consistent world differs")
        return _reason(self.puzzle, fact_text(model, fact), forcing_statements(model, fact, self.backend))

    def _fact(self, subject: str, value: str | int | None) -> E.Expr:
        model = self.puzzle.model
        if subject in model.agents:
            if value is None:
                value = self.determined.get(subject)
                if value is None:
                    raise BadInput(f"{subject}'s type is not determined; name the type to ask about")
            if not isinstance(value, str):
                raise BadInput(f"a type is a word such as 'knight', got {value!r}")
            return E.TypeIs(subject, canonical_type(value))
        name = subject
        if model.grid is not None and name not in self.determined:
            matches = [v for v in self.determined if v.split(":", 1)[1].lower() == name.lower()]
            if len(matches) != 1:
                known = "a value such as 'zebra' or 'pet:zebra'"
                raise BadInput(f"unknown or ambiguous value {subject!r}; name {known}")
            name = matches[0]
        if name not in self.determined:
            raise BadInput(f"unknown agent or variable {subject!r}")
        if value is None:
            value = self.determined[name]
            if value is None:
                raise BadInput(f"{subject} is not determined; name the value to ask about")
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput(f"{subject} takes a whole number, got {value!r}")
        return E.Cmp("eq", E.Term(name), E.Term(None, value))

    def summary(self) -> str:
        """Return the verdict in one sentence."""
        if self.consistent == 0:
            from ..render.deduction import labels_text

            return f"Inconsistent: these contradict each other: {labels_text(self.contradiction or ())}."
        verdict = "unique" if self.unique else "not unique"
        return f"{self.consistent} consistent world{'s' if self.consistent != 1 else ''} ({verdict})."

    def text(self, max_solutions: int = 20) -> str:
        """Return the report the command line prints."""
        from ..render.deduction import result_text

        return result_text(self.puzzle.model, self.engine, max_solutions)

    def to_dict(self) -> dict[str, Any]:
        """Return the result document (what `smullyan solve --json` prints for deduction puzzles)."""
        from ..render.deduction import result_json

        body = result_json(self.puzzle.model, self.engine)
        if self.reasons is not None:
            body["reasons"] = [r.to_dict() for r in self.reasons]
        if self.puzzle.questions or self.puzzle.ignored is not None:
            body["answers"] = [a.to_dict() for a in self.answers]
        if self.puzzle.ignored is not None:
            body["ignored"] = list(self.puzzle.ignored)
        return {**header(f"solve/{self.puzzle.kind}", self.puzzle.semantics()), "complete": True,
                "title": self.puzzle.title, "backend": self.backend, **body, "seconds": round(self.seconds, 6)}

    def to_json(self) -> str:
        """Return the result document as JSON text."""
        return _dumps(self.to_dict())

    def html(self, max_solutions: int = 20) -> str:
        """Return the report as an HTML fragment: verdict, worlds table, answers, what is determined and why."""
        from ..render.html import deduction_html

        return deduction_html(self.puzzle.model, self.engine, max_solutions)

    def _repr_html_(self) -> str:
        return self.html()


def _solution(world: dict[str, Any]) -> dict[str, Any]:
    """Return one consistent world as the API shows it: agent -> type and variable -> value, or for a
    grid category -> its values house by house."""
    if "houses" in world:
        houses = world["houses"]
        cats = [c for c in houses[0] if c != "house"] if houses else []
        return {c: tuple(h[c] for h in houses) for c in cats}
    return {**world["types"], **world.get("values", {})}


def _holds(model: Any, fact: E.Expr, world: Any) -> bool:
    if isinstance(fact, E.TypeIs):
        return bool(world.types[model.agents.index(fact.agent)] == fact.type)
    assert isinstance(fact, E.Cmp) and fact.left.var is not None
    names = [v.name for v in model.variables]
    return bool(world.values[names.index(fact.left.var)] == fact.right.offset)


def _reason(puzzle: "DeductionPuzzle", fact: str, because: tuple[str, ...]) -> Reason:
    from ..render.deduction import constraint_text

    texts = {c.label: constraint_text(puzzle.model, c) for c in puzzle.model.constraints}
    return Reason(fact, tuple(because), tuple(f"{lab}: {texts.get(lab, '')}" for lab in because))


@dataclass(frozen=True)
class Verdict:
    """A strategy checked against every world and every hidden state."""

    puzzle: "GodsPuzzle" = field(repr=False)
    strategy: Strategy = field(repr=False)
    ok: bool
    worst: int | None
    expected: Fraction | None
    worlds: int
    failure: str | None = None  # the whole sentence
    world: str | None = None  # the first world where it fails
    path: tuple[str, ...] = ()  # the answers heard on the way to the failure ('A:ja', …)
    reason: str | None = None  # why it fails there

    def text(self) -> str:
        """Return the verdict in one sentence."""
        if self.ok:
            return (f"OK: the strategy identifies the goal in all {self.worlds} worlds under every hidden state; "
                    f"worst case {self.worst} question{'' if self.worst == 1 else 's'}, expected {self.expected}.")
        return f"FAILED: {self.failure}"

    def to_dict(self) -> dict[str, Any]:
        """Return the verdict document (what `smullyan verify --json` prints)."""
        return {**header("verify", self.puzzle.semantics()), "ok": self.ok, "worlds": self.worlds,
                "worst": self.worst, "expected": None if self.expected is None else str(self.expected),
                "failure": self.failure, "world": self.world, "path": list(self.path), "reason": self.reason}

    def to_json(self) -> str:
        """Return the verdict document as JSON text."""
        return _dumps(self.to_dict())

    def html(self) -> str:
        """Return the verdict as an HTML fragment (green when it holds, red with the failing path when not)."""
        from ..render.notebook import report_html

        return report_html(self.puzzle.title, [self.text()], None, ok=self.ok)

    def _repr_html_(self) -> str:
        return self.html()
