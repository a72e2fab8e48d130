"""Verification: run a strategy against every world and every hidden state.

- Path: the (addressee, outcome) pairs heard from the root to a node.
- Worst case: the most questions any world and any run of hidden states and choices can need.
- Expected: the mean number of questions under a uniform prior over worlds, fair hidden states
  (each joint hidden state equally likely) and adversarial choices (where an agent has several
  consistent answers, the one needing most questions is counted).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.semantics import SILENCE, ContextSpace
from .puzzle import Interrogation
from .strategy import Identified, Node, questions


@dataclass(frozen=True)
class Verdict:
    """The result of checking a strategy against every world."""

    ok: bool
    worst: int | None
    expected: Fraction | None
    worlds: int
    failure: str | None = None  # the whole sentence: where it fails and why
    world: str | None = None  # the first failing world, described
    path: tuple[str, ...] = ()  # the answers heard on the way there ("A:ja", …)
    reason: str | None = None  # why it fails there


class _Failure(Exception):
    def __init__(self, world: str, path: list[str], reason: str):
        self.world, self.path, self.reason = world, tuple(path), reason
        route = " -> ".join(path) if path else "the root"
        super().__init__(f"fails in world {world} at {route}: {reason}")


class Verifier:
    """Checks strategies of one puzzle."""

    def __init__(self, puzzle: Interrogation, strategy: Node, check: Callable[[], None] | None = None):
        self.puzzle = puzzle
        self.check = check  # called once per world, per question tabled and per node visited (a limit may stop the check)
        space = puzzle.space
        needs_self = any(E.uses_self(q.question) for q in questions(strategy))
        self.ctx = ContextSpace(space, with_self=space.paradox == "silent" or needs_self)
        self.outcome_names = list(space.words) + [SILENCE]
        self._cells: dict[tuple[int, E.Expr], tuple[int, ...]] = {}  # per question: each outcome's cells
        self.strategy = strategy
        self.checked = 0  # worlds checked so far (run)
        self._nodes: dict[int, tuple[int, tuple[int, ...], int]] = {}  # per question node (by identity): _at
        for q in questions(strategy):
            space.agent_index(q.addressee)
            for o, _ in q.branches:
                if o not in self.outcome_names:
                    raise PuzzleError(f"unknown outcome '{o}' in a branch; outcomes are {', '.join(self.outcome_names)}")

    def _outcome_cells(self, agent: int, question: E.Expr) -> tuple[int, ...]:
        """Return the cell bitset of each outcome of asking the agent the question (tabled once per question)."""
        key = (agent, question)
        got = self._cells.get(key)
        if got is None:
            if self.check is not None:
                self.check()
            ctx = self.ctx
            got = self._cells[key] = ctx.answers(agent, ctx.table(question)).outcome_cells()
        return got

    def world_outcomes(self, agent: int, question: E.Expr, world: int) -> list[int]:
        """Return, per hidden state of one world, the bitmask of the outcomes the agent may give (bit o: outcome o)."""
        return self._slice(self._outcome_cells(agent, question), world)

    def _slice(self, cells: tuple[int, ...], world: int) -> list[int]:
        """Return, per hidden state of one world, the bitmask of the outcomes whose cells are given."""
        ctx = self.ctx
        start, step = world * ctx.block, ctx.n_self
        window = (1 << ctx.block) - 1
        slices = [(c >> start) & window for c in cells]
        return [sum(1 << o for o, bits in enumerate(slices) if bits >> (h * step) & 1) for h in range(len(ctx.hidden[world]))]

    def _at(self, node: Node) -> tuple[int, tuple[int, ...], int]:
        """Return the addressee's index, the outcome cells and the worlds where a paradox may silence the
        addressee, of a question node (kept per node: hashing a question is dear)."""
        got = self._nodes.get(id(node))
        if got is None:
            agent = self.puzzle.space.agent_index(node.addressee)
            cells = self._outcome_cells(agent, node.question)
            paradox = self._paradox_worlds(agent, node.question) if self.puzzle.space.paradox == "forbidden" else 0
            got = self._nodes[id(node)] = (agent, cells, paradox)
        return got

    def cell_outcomes(self, agent: int, question: E.Expr) -> list[list[frozenset[int]]]:
        """Return, per world, per hidden state, the outcomes the agent may give."""
        return [[_outcome_set(m) for m in self.world_outcomes(agent, question, w)] for w in range(self.ctx.n_worlds)]

    def _paradox_worlds(self, agent: int, question: E.Expr) -> int:
        return self.ctx.per_world(self.ctx.answers(agent, self.ctx.table(question)).paradox)

    def _walk(self, node: Node, world: int, path: list[str]) -> tuple[int, Fraction]:
        """Return (worst, expected) questions for one world from a node; raise _Failure."""
        space = self.puzzle.space
        if self.check is not None:
            self.check()
        if isinstance(node, Identified):
            w = space.worlds[world]
            got = dict(node.types)
            for agent, t in zip(space.agents, w.types):
                if got.get(agent) != t:
                    raise _Failure(*self._where(world, path), f"the leaf says {agent} is {got.get(agent, 'unnamed')} but {agent} is {t}")
            if self.puzzle.goal == "types+language":
                lang = dict(node.language or ())
                for word, m in zip(space.words, w.language):
                    if lang.get(word) != m:
                        raise _Failure(*self._where(world, path), f"the leaf does not identify that {word} means {m}")
            return 0, Fraction(0)
        _, cells, paradox = self._at(node)
        if paradox >> world & 1:
            raise _Failure(*self._where(world, path), f"{node.addressee} may have no consistent answer to the question, "
                           "which paradox = \"forbidden\" does not allow")
        rows = self._slice(cells, world)
        memo: dict[int, tuple[int, Fraction]] = {}
        per_mask: dict[int, Fraction] = {}  # hidden states with the same outcomes need the same questions
        worst = 0
        total = Fraction(0)
        for outs in rows:
            best_e = per_mask.get(outs)
            if best_e is None:
                for o in _bits_of(outs):
                    if o not in memo:
                        name = self.outcome_names[o]
                        child = node.branch(name)
                        if child is None:
                            raise _Failure(*self._where(world, path + [f"{node.addressee}:{name}"]),
                                           f"{node.addressee} may answer {name} but the strategy has no branch for it")
                        memo[o] = self._walk(child, world, path + [f"{node.addressee}:{name}"])
                    wc, ex = memo[o]
                    worst = max(worst, wc + 1)
                    best_e = ex + 1 if best_e is None else max(best_e, ex + 1)
                if best_e is None:
                    raise _Failure(*self._where(world, path), f"{node.addressee} has no possible answer here")
                per_mask[outs] = best_e
            total += best_e
        return worst, total / len(rows)

    def _where(self, world: int, path: list[str]) -> tuple[str, list[str]]:
        return self.puzzle.space.describe(world), path

    def run(self) -> Verdict:
        """Return the verdict for every world."""
        n = len(self.puzzle.space.worlds)
        worst = 0
        total = Fraction(0)
        for world in range(n):
            self.checked = world
            if self.check is not None:
                self.check()
            try:
                wc, ex = self._walk(self.strategy, world, [])
            except _Failure as f:
                return Verdict(False, None, None, n, str(f), f.world, f.path, f.reason)
            budget = self.puzzle.max_questions
            if budget is not None and wc > budget:
                route = self._longest(self.strategy, world, [])
                reason = f"it asks {wc} questions here; the puzzle allows at most {budget}"
                return Verdict(False, wc, None, n, str(_Failure(self.puzzle.space.describe(world), route, reason)),
                               self.puzzle.space.describe(world), tuple(route), reason)
            worst = max(worst, wc)
            total += ex
        return Verdict(True, worst, total / n, n)

    def _longest(self, node: Node, world: int, path: list[str]) -> list[str]:
        """Return the answers heard on a longest run of questions for one world."""
        if isinstance(node, Identified):
            return path
        agent = self.puzzle.space.agent_index(node.addressee)
        best: list[str] = path
        for outs in self.world_outcomes(agent, node.question, world):
            for o in _bits_of(outs):
                name = self.outcome_names[o]
                child = node.branch(name)
                if child is not None:
                    route = self._longest(child, world, path + [f"{node.addressee}:{name}"])
                    if len(route) > len(best):
                        best = route
        return best


def _bits_of(mask: int) -> list[int]:
    """Return the outcomes in a bitmask, in increasing order."""
    return [o for o in range(mask.bit_length()) if mask >> o & 1]


def _outcome_set(mask: int) -> frozenset[int]:
    """Return the outcomes in a bitmask as a set."""
    return frozenset(_bits_of(mask))


def verify(puzzle: Interrogation, strategy: Node, check: Callable[[], None] | None = None) -> Verdict:
    """Return whether a strategy identifies the goal in every world, and its question counts (`check`,
    if given, is called as the check goes and may stop it by raising)."""
    return Verifier(puzzle, strategy, check).run()
