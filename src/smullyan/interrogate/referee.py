"""The referee of a game: answers questions in the puzzle's worlds and measures what is left to learn.

- Node: the world set that every answer so far leaves possible (public knowledge: the player can
  work it out too).
- Heard: the world set an outcome (a word, or silence) leaves when one god is asked one question.
- Draw: nature's answer in the secret world: a fair hidden state for each random god, then a fair
  choice among the answers the god may give there (several only for self-referential questions).
- Fewest: the fewest questions that identify the goal from a node in the worst case, with every
  possible question (the complete language `any`); None when no number of questions can.
- Adversary: the answer that keeps the largest fewest for the asker, then the most worlds; the hidden
  world is chosen only at the end, among the worlds every answer left (so no answer is ever
  contradicted).
Every rule of answering comes from `logic.semantics`; nothing about truth or lies is decided here.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.semantics import SILENCE, ContextSpace
from .anylang import AnyLanguage
from .depth_sat import DepthSat
from .patterns import PatternSearch
from .puzzle import Interrogation
from .search import Budget, Limits, StrategySearch, depth_of

NO_STRATEGY = -1  # fewest() of a node that no number of questions can solve, for ordering


class Referee:
    """Answers questions of one puzzle and measures nodes; one per game, shared by its states."""

    def __init__(self, puzzle: Interrogation, limits: Limits | None = None):
        self.puzzle = puzzle
        self.space = puzzle.space
        self.budget = Budget(limits)
        self.outcome_names = tuple(self.space.words) + (SILENCE,)
        self._contexts: dict[bool, ContextSpace] = {}
        self._anyl: AnyLanguage | None = None
        self._search: PatternSearch | StrategySearch | None = None
        self._rep_of: list[int] = []
        self._fewest: dict[int, int | None] = {}

    # ------------------------------------------------------------ asking

    def contexts(self, question: E.Expr | None = None) -> ContextSpace:
        """Return the context space a question is evaluated in (with own answers when it uses `self`)."""
        with_self = self.space.paradox == "silent" or (question is not None and E.uses_self(question))
        ctx = self._contexts.get(with_self)
        if ctx is None:
            ctx = self._contexts[with_self] = ContextSpace(self.space, with_self, self.budget.check_time)
        return ctx

    def heard(self, addressee: str, question: E.Expr) -> tuple[tuple[int, ...], int]:
        """Return the world set where each outcome (words, then silence) may be heard, and the world set
        where the god may have no consistent answer; raise PuzzleError for names the puzzle lacks."""
        agent = self.space.agent_index(addressee)
        ctx = self.contexts(question)
        return ctx.outcome_worlds(agent, ctx.table(question))

    def admissible(self, worlds: int, addressee: str, question: E.Expr) -> None:
        """Raise PuzzleError if the question may leave the god no consistent answer in a world of the
        node and the puzzle forbids such questions (paradox = "forbidden")."""
        _, paradox = self.heard(addressee, question)
        if self.space.paradox == "forbidden" and paradox & worlds:
            raise PuzzleError(f"{addressee} could have no consistent answer to that question, and this puzzle "
                              "does not allow paradoxical questions (paradox = \"forbidden\"); ask another")

    def children(self, worlds: int, addressee: str, question: E.Expr) -> dict[str, int]:
        """Return, for every outcome that may be heard from the node, the world set it leaves."""
        outs, _ = self.heard(addressee, question)
        return {self.outcome_names[o]: ws & worlds for o, ws in enumerate(outs) if ws & worlds}

    def draw(self, world: int, addressee: str, question: E.Expr, rng: random.Random) -> str:
        """Return the answer the god gives in one world, the random gods' hidden states and any free
        choice drawn fairly with `rng`."""
        agent = self.space.agent_index(addressee)
        ctx = self.contexts(question)
        cells = ctx.answers(agent, ctx.table(question)).outcome_cells()
        hidden = rng.randrange(len(ctx.hidden[world]))
        pos = world * ctx.block + hidden * ctx.n_self
        possible = [o for o, c in enumerate(cells) if c >> pos & 1]
        return self.outcome_names[possible[rng.randrange(len(possible))]]

    def adversary(self, worlds: int, addressee: str, question: E.Expr, rng: random.Random) -> str:
        """Return the answer that keeps the asker in the dark longest: the largest fewest questions
        left (no strategy at all counts as largest), then the most worlds; remaining ties drawn with `rng`."""
        scored = []
        for outcome, child in self.children(worlds, addressee, question).items():
            k = self.fewest(child)
            scored.append(((float("inf") if k is None else k, child.bit_count()), outcome))
        best = max(score for score, _ in scored)
        tied = [o for score, o in scored if score == best]
        return tied[rng.randrange(len(tied))]

    # ------------------------------------------------------------ measuring

    def identified(self, worlds: int) -> bool:
        """Return whether every world of the node shares the goal value."""
        return self.space.identify(worlds, self.puzzle.goal) is not None

    def classes(self, worlds: int) -> int:
        """Return how many goal values (what the player must name) the node still holds."""
        return len({self.space.goal_value(i, self.puzzle.goal) for i in self.space.members(worlds)})

    def fewest(self, worlds: int) -> int | None:
        """Return the fewest questions identifying the goal from the node in the worst case, with every
        possible question (exhaustive search), or None if no number of questions can."""
        if worlds in self._fewest:
            return self._fewest[worlds]
        if self.identified(worlds):
            return 0
        self.budget.restart()
        search = self._language()
        reps = self._reps(worlds)
        if isinstance(search, PatternSearch):
            k = search.fewest(reps, reps.bit_count()) if search.solvable(reps) else None
        elif not search.solvable(reps):
            k = None
        else:  # SAT settles every level whose formula fits (note 41), the split search any beyond
            assert self._anyl is not None  # built with the search
            k, tree = DepthSat(self._anyl, self.budget).fewest(reps, reps.bit_count())
            if tree is None:
                k = depth_of(search.solve(reps, reps.bit_count()))  # type: ignore[arg-type]
        self._fewest[worlds] = k
        return k

    def _language(self) -> PatternSearch | StrategySearch:
        """Return the complete-language search, built on first use."""
        if self._search is None:
            anyl = AnyLanguage(self.contexts(), self.puzzle.goal, self.budget)
            self._rep_of = [0] * len(self.space.worlds)
            for r, members in enumerate(anyl.members):
                for i in members:
                    self._rep_of[i] = r
            self._anyl = anyl
            self._search = PatternSearch.applicable(anyl, self.budget) or StrategySearch(
                anyl.n_reps, anyl.goal_class, anyl.max_outcomes, anyl, self.budget)
        return self._search

    def _reps(self, worlds: int) -> int:
        """Return the representatives touching a node. Worlds of one representative share the goal and
        every addressee's options, so a node needs exactly as many questions as its representatives."""
        out = 0
        for i in self.space.members(worlds):
            out |= 1 << self._rep_of[i]
        return out


def pick(worlds: int, rng: random.Random) -> int:
    """Return one world of a non-empty world set, drawn fairly."""
    members = members_of(worlds)
    return members[rng.randrange(len(members))]


def members_of(worlds: int) -> Sequence[int]:
    """Return the indices of a world set's worlds, in order."""
    return [i for i in range(worlds.bit_length()) if worlds >> i & 1]
