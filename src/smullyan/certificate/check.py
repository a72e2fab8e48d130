"""The certificate checker: verifies a proof that no strategy of k questions exists, without the search.

It trusts only the semantics (the world space, and logic.options for what one question can make a god
answer in one world) and re-derives everything else. A certificate is a list of lemmas "world set S
cannot be solved in k questions", each checked from the ones before it, the last one the claim.

Why a lemma holds once checked (the arguments are the whole proof; each is one line of reasoning):
1. Subsets. A strategy for a world set also solves every subset of it (the same questions, fewer
   worlds at each leaf), so a set containing an unsolvable set is unsolvable: a lemma for S settles
   every superset of S, and the claim for all worlds follows from a lemma for some of them.
2. Minimal options. In the complete language a question may be anything in each world separately, so
   a strategy may as well give each world a minimal outcome set (a smaller set sends the world to
   fewer children, each of which still solves what it gets). Hence every child is an outcome that some
   minimal option reaches, at most m of them (m: outcomes reachable in the puzzle).
3. Counting. A set of two or more goal classes solved in j questions ends in at most m**j leaves of
   one class each. Its load for an addressee (over its goal classes, the fewest children each must
   reach) is at most the classes its children hold together, so for the first addressee of a j-question
   strategy the load is at most m * m**(j-1): a set whose every load exceeds m**j needs more than j.
4. No progress. A strategy of fewest questions for S never has a child that keeps all of S (that
   child's subtree would solve S with fewer). So splits with such a child need no refutation.
5. Splits. S is unsolvable in k if, for every addressee and every choice of a minimal option per
   world of S (other than those of 4), some child is unsolvable in k - 1: by 3, or as a superset (1)
   of an earlier lemma with at least k - 1 questions (unsolvable in more means unsolvable in fewer).
   Children only grow as worlds are assigned, so a partial assignment already showing such a child
   settles all its completions. Lemmas may cite only earlier lemmas, so the induction is well founded.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from ..logic.options import local_options

SCHEMA = "smullyan/certificate"
MAX_WORLDS = 800  # worlds in one lemma, at most (the checker recurses once per world)


@dataclass(frozen=True)
class Checked:
    """What checking a certificate found: the claim proved, or the first lemma that fails and why."""

    ok: bool
    questions: int | None  # the claim: no strategy of at most this many questions
    lemmas: int  # lemmas checked (all of them when ok)
    splits: int  # complete or partial splits the checker looked at
    seconds: float
    failure: str | None = None


class Rejected(Exception):
    """A certificate does not prove its claim (the message says where and why)."""


class Tables:
    """What the checker derives from the puzzle: options, goal classes, loads."""

    def __init__(self, puzzle: Any, check_time: Callable[[], None] | None = None):
        space = puzzle.space
        ctx = puzzle.contexts(check=check_time)
        self.n = len(space.worlds)
        self.n_agents = len(space.agents)
        self.n_out = len(space.words) + 1
        self.describe = space.describe
        self.agents = space.agents
        self.outcome_names = (*space.words, "silence")
        values: dict[tuple, int] = {}
        self.goal = [values.setdefault(space.goal_value(i, puzzle.goal), len(values)) for i in range(self.n)]
        self.options = [[[o.outcomes for o in local_options(ctx, i, a)[0]] for a in range(self.n_agents)]
                        for i in range(self.n)]
        reached = 0
        for row in self.options:
            for opts in row:
                for mask in opts:
                    reached |= mask
        self.m = max(2, reached.bit_count())
        subsets = sorted(range(1 << self.n_out), key=lambda w: (w.bit_count(), w))
        # fits[i][a]: the outcome sets (as a bitmask over sets) containing some minimal option of world i
        self.fits = [[sum(1 << w for w in subsets if any(o & ~w == 0 for o in opts)) for opts in row]
                     for row in self.options]
        self.subsets = subsets

    def classes(self, worlds: int) -> int:
        """Return the goal classes of a world set, as a bitmask."""
        out = 0
        for i in members(worlds):
            out |= 1 << self.goal[i]
        return out

    def load(self, worlds: int, agent: int) -> int:
        """Return the sum over goal classes of the fewest outcomes the class must reach when `agent` is asked."""
        fits: dict[int, int] = {}
        for i in members(worlds):
            c = self.goal[i]
            fits[c] = fits.get(c, -1) & self.fits[i][agent]
        return sum(next(w.bit_count() for w in self.subsets if f >> w & 1) for f in fits.values())

    def too_big(self, worlds: int, j: int) -> bool:
        """Return whether a world set of two or more goal classes cannot be solved in j questions by counting."""
        classes = self.classes(worlds).bit_count()
        if classes < 2:
            return False
        cap = self.m ** min(j, 64)  # loads never reach 2**64: a larger j changes nothing (and stays cheap)
        return classes > cap or all(self.load(worlds, a) > cap for a in range(self.n_agents))


def members(worlds: int):
    """Yield the indices of the worlds in a bitset."""
    i = 0
    while worlds:
        if worlds & 1:
            yield i
        worlds >>= 1
        i += 1


def check_certificate(puzzle: Any, doc: Any, check_time: Callable[[], None] | None = None,
                      tick: Callable[[], None] | None = None) -> Checked:
    """Return whether a certificate document proves its claim for an interrogation puzzle (`check_time`
    may stop the table building, `tick` is called once per split and may stop the checking)."""
    start = time.perf_counter()
    tables = Tables(puzzle, check_time)
    lemmas, claim = _read(doc, tables)
    counter = [0]
    done: list[tuple[int, int]] = []  # (world set, questions) checked so far
    for number, (worlds, k) in enumerate(lemmas, 1):
        try:
            _check_lemma(tables, worlds, k, done, counter, tick)
        except Rejected as e:
            return Checked(False, claim, number - 1, counter[0], time.perf_counter() - start, f"lemma {number}: {e}")
        done.append((worlds, k))
    worlds, k = lemmas[-1]
    if k < claim:
        return Checked(False, claim, len(lemmas), counter[0], time.perf_counter() - start,
                       f"the last lemma is about {k} questions, the claim about {claim}")
    return Checked(True, claim, len(lemmas), counter[0], time.perf_counter() - start)


def _read(doc: Any, tables: Tables) -> tuple[list[tuple[int, int]], int]:
    """Return the lemmas (world set, questions) and the claimed number of questions of a document;
    raise ValueError naming the key for a malformed one or one written for another puzzle."""
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise ValueError(f"schema: not a smullyan certificate (expected {SCHEMA!r})")
    claim = doc.get("claim")
    if not isinstance(claim, dict) or not _count(claim.get("questions")):
        raise ValueError("claim.questions: expected a whole number of at least 0")
    described = doc.get("worlds")
    if not isinstance(described, dict):
        raise ValueError("worlds: expected an object from world number to its description")
    for key, text in described.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < tables.n):
            raise ValueError(f"worlds.{key}: not a world of this puzzle (it has {tables.n})")
        if text != tables.describe(int(key)):
            raise ValueError(f"worlds.{key}: the certificate was written for another puzzle: this world is "
                             f"{tables.describe(int(key))!r} here, {text!r} there")
    raw = doc.get("lemmas")
    if not isinstance(raw, list) or not raw:
        raise ValueError("lemmas: expected a non-empty list")
    lemmas = []
    for n, item in enumerate(raw):
        if not isinstance(item, dict) or not _count(item.get("questions")) or not isinstance(item.get("worlds"), list):
            raise ValueError(f"lemmas[{n}]: expected {{\"worlds\": [numbers], \"questions\": number}}")
        worlds = 0
        for i in item["worlds"]:
            if not _count(i) or str(i) not in described:
                raise ValueError(f"lemmas[{n}].worlds: {i!r} is not a world listed under worlds")
            worlds |= 1 << i
        if worlds.bit_count() > MAX_WORLDS:
            raise ValueError(f"lemmas[{n}].worlds: more than {MAX_WORLDS} worlds; the checker does not go that deep")
        lemmas.append((worlds, item["questions"]))
    return lemmas, claim["questions"]


def _count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _check_lemma(tables: Tables, worlds: int, k: int, done: list[tuple[int, int]], counter: list[int],
                 tick: Callable[[], None] | None) -> None:
    """Return if world set `worlds` is shown unsolvable in k questions (argument 5); raise Rejected if not."""
    if tables.classes(worlds).bit_count() < 2:
        raise Rejected("its worlds share one goal value: they need no question")
    if k == 0 or tables.too_big(worlds, k):
        return
    cited = [s for s, q in done if q >= k - 1]

    def settled(child: int) -> bool:
        return tables.too_big(child, k - 1) or any(s & ~child == 0 for s in cited)

    for agent in range(tables.n_agents):
        order = sorted(members(worlds), key=lambda i: len(tables.options[i][agent]))
        children = [0] * tables.n_out

        def assign(pos: int) -> None:
            counter[0] += 1
            if tick is not None:
                tick()
            if pos == len(order):
                if worlds not in children:
                    raise Rejected(f"a question to {tables.agents[agent]} leaves no child known to be unsolvable in "
                                   f"{k - 1}: " + "; ".join(f"{tables.outcome_names[o]}: worlds {list(members(c))}"
                                                           for o, c in enumerate(children) if c))
                return
            i = order[pos]
            for mask in tables.options[i][agent]:
                saved = list(children)
                grown = False
                for o in range(tables.n_out):
                    if mask >> o & 1:
                        children[o] |= 1 << i
                        grown = grown or settled(children[o])
                if not grown:
                    assign(pos + 1)
                children[:] = saved

        assign(0)
