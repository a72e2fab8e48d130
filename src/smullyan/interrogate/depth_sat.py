"""Strategies of at most k questions as one SAT problem over representatives (the `any` language).

- Tree of depth k: every path of at most k outcomes is a node; the strategy picks an addressee at each
  node of depth below k (`ask`), and each representative reaching a node picks one of its options for that
  addressee (`pick`) and reaches every outcome of it (`reach`: a random answerer reaches them all).
- Leaves: a representative reaching a node of depth k makes the node its goal class's (`owns`, at most one
  class per node). A strategy that stops earlier is padded: asking anything at a node of one class leaves
  one class in every child, so "at most k questions" and "exactly k levels" are the same question.
- Exact: a model is a strategy (read back by `within`, then worded and verified like any other), and
  an unsatisfiable formula is a proof over the complete language, as exhaustive as the searches that
  enumerate splits, because every split of the representative model is some choice of `pick`s.

Its size grows with representatives × nodes (outcomes**k), not with the number of splits, which is what
makes it the better tool where a class has many representatives with free options (four words, or
constant gods among truthful ones): there the splits of one node run to billions.
- Solver: CaDiCaL, in a child process the parent watches (`in_child`), so that limits and Ctrl-C hold.
  Design note 41 has the measurements behind each choice.
"""

from __future__ import annotations

import itertools
import os
import pickle
import select
import signal
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import InternalError, SearchLimitReached
from .anylang import AnyLanguage
from .search import PAGE_SIZE, Ask, Budget, Leaf, Split, resident_bytes

SOLVER = "cadical195"
MAX_SYMMETRIES = 1_000  # renamings of gods times permutations of words tried for the first addressee
MAX_LITERALS = 8_000_000  # clause literals a formula may hold (built as Python lists: about 90 bytes each)


@dataclass(frozen=True, slots=True)
class Shape:
    """The nodes of a depth-k tree over the outcomes that occur, numbered breadth first."""

    outcomes: tuple[int, ...]
    depth: tuple[int, ...]  # node -> its depth
    children: tuple[tuple[int, ...], ...]  # node -> child per outcome (empty below depth k)

    @staticmethod
    def of(outcomes: tuple[int, ...], k: int) -> "Shape":
        """Return the shape of a full tree of depth k."""
        depth: list[int] = [0]
        children: list[tuple[int, ...]] = [()]
        frontier = [0]
        for d in range(k):
            nxt: list[int] = []
            for v in frontier:
                kids = tuple(range(len(depth), len(depth) + len(outcomes)))
                depth.extend([d + 1] * len(outcomes))
                children.extend([()] * len(outcomes))
                children[v] = kids
                nxt.extend(kids)
            frontier = nxt
        return Shape(outcomes, tuple(depth), tuple(children))


class DepthSat:
    """Decides whether a set of representatives can be solved in at most k questions, by SAT."""

    def __init__(self, anyl: AnyLanguage, budget: Budget):
        self.anyl = anyl
        self.budget = budget
        self.n_agents = len(anyl.ctx.space.agents)
        self.outcomes = tuple(o for o in range(anyl.n_outcomes)
                              if any(opt.outcomes >> o & 1 for row in anyl.rep_options for agent in row for opt in agent))
        self.solved = 0  # formulas decided
        self._first: list[int] | None = None

    def first_addressees(self) -> list[int]:
        """Return one god per orbit of the puzzle's symmetries (renamings of gods with the words permuted that
        map the representatives one to one onto representatives, with their options, and goal classes onto
        goal classes): a strategy asking any god first has an image asking the orbit's first, as good."""
        if self._first is not None:
            return self._first
        anyl, n = self.anyl, self.n_agents
        n_words = len(anyl.ctx.space.words)
        space = anyl.ctx.space
        keys = [(space.worlds[members[0]].types, tuple(tuple(sorted(o.outcomes for o in opts)) for opts in row))
                for members, row in zip(anyl.members, anyl.rep_options)]
        index = {key: r for r, key in enumerate(keys)}
        orbit = list(range(n))
        perms = list(itertools.permutations(range(n)))
        words = list(itertools.permutations(range(n_words)))
        if len(index) == len(keys) and len(perms) * len(words) <= MAX_SYMMETRIES:
            for p in perms:
                for w in words:
                    self.budget.check_time()
                    if all(orbit[p[a]] == orbit[a] for a in range(n)):
                        continue  # nothing new: every god already shares its image's orbit
                    if self._symmetric(keys, index, p, w):
                        for a in range(n):
                            low = min(orbit[a], orbit[p[a]])
                            orbit = [low if x in (orbit[a], orbit[p[a]]) else x for x in orbit]
        self._first = sorted(set(orbit))
        return self._first

    def _symmetric(self, keys: list, index: dict, p: tuple[int, ...], w: tuple[int, ...]) -> bool:
        """Return whether god i -> p[i] with word o -> w[o] maps the representatives (their world's types and
        their options) one to one onto representatives and goal classes onto goal classes."""
        n_words = len(w)

        def moved(mask: int) -> int:
            out = mask >> n_words << n_words  # silence stays
            for o in range(n_words):
                if mask >> o & 1:
                    out |= 1 << w[o]
            return out

        goal = self.anyl.goal_class
        image: dict[int, int] = {}
        targets = set()
        for r, (types, options) in enumerate(keys):
            moved_types: list = [None] * self.n_agents
            moved_options: list = [()] * self.n_agents
            for a in range(self.n_agents):
                moved_types[p[a]] = types[a]
                moved_options[p[a]] = tuple(sorted(moved(m) for m in options[a]))
            t = index.get((tuple(moved_types), tuple(moved_options)))
            if t is None or t in targets or image.setdefault(goal[r], goal[t]) != goal[t]:
                return False
            targets.add(t)
        return len(set(image.values())) == len(image)

    def size(self, reps: int, k: int) -> int:
        """Return an estimate of the clause literals of the formula for a set within k questions."""
        nodes = sum(len(self.outcomes) ** d for d in range(k))
        per_rep = sum(sum(2 + opt.outcomes.bit_count() * 2 for opt in self.anyl.rep_options[r][a])
                      for r in _members(reps) for a in range(self.n_agents))
        return nodes * per_rep + len(self.outcomes) ** k * reps.bit_count() * 2

    def fits(self, reps: int, k: int) -> bool:
        """Return whether the formula for a set within k is small enough to build."""
        return self.size(reps, k) <= MAX_LITERALS

    def within(self, reps: int, k: int) -> Ask | Leaf | None:
        """Return a strategy over the representatives of at most k questions, or None if there is none
        (an unsatisfiable formula: a proof). Raises SearchLimitReached when a limit stops the solver."""
        from pysat.card import CardEnc, EncType

        anyl, budget = self.anyl, self.budget
        members = list(_members(reps))
        goal = anyl.goal_class
        if len({goal[r] for r in members}) <= 1:
            return Leaf(reps)
        if k <= 0:
            return None
        shape = Shape.of(self.outcomes, k)
        index = {o: i for i, o in enumerate(self.outcomes)}
        top = [0]

        def new() -> int:
            top[0] += 1
            return top[0]

        clauses: list[list[int]] = []
        inner = [v for v in range(len(shape.depth)) if shape.depth[v] < k]
        ask = {(v, a): new() for v in inner for a in range(self.n_agents)}
        if reps == (1 << anyl.n_reps) - 1:  # the whole puzzle: the first addressee up to its symmetries
            clauses.append([ask[(0, a)] for a in self.first_addressees()])
        reach = {(r, v): new() for r in members for v in range(len(shape.depth))}
        for r in members:
            clauses.append([reach[(r, 0)]])
        for v in inner:
            lits = [ask[(v, a)] for a in range(self.n_agents)]
            clauses.append(lits)
            clauses.extend(CardEnc.atmost(lits, 1, top_id=top[0], encoding=EncType.pairwise).clauses)
        pick: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        for v in inner:
            budget.check_time()
            kids = shape.children[v]
            for r in members:
                here = reach[(r, v)]
                for a in range(self.n_agents):
                    opts = anyl.rep_options[r][a]
                    if len(opts) == 1:
                        for o in _bits(opts[0].outcomes):
                            clauses.append([-here, -ask[(v, a)], reach[(r, kids[index[o]])]])
                        continue
                    chosen = []
                    for opt in opts:
                        p = new()
                        chosen.append((p, opt.outcomes))
                        for o in _bits(opt.outcomes):
                            clauses.append([-p, reach[(r, kids[index[o]])]])
                    clauses.append([-here, -ask[(v, a)]] + [p for p, _ in chosen])
                    pick[(r, v, a)] = chosen
        classes = sorted({goal[r] for r in members})
        for v in range(len(shape.depth)):
            if shape.depth[v] != k:
                continue
            owns = {c: new() for c in classes}
            for r in members:
                clauses.append([-reach[(r, v)], owns[goal[r]]])
            enc = CardEnc.atmost(list(owns.values()), 1, top_id=top[0],
                                 encoding=EncType.pairwise if len(owns) <= 6 else EncType.seqcounter)
            top[0] = max(top[0], enc.nv)
            clauses.extend(enc.clauses)
        budget.check_time()
        model = _solve(clauses, budget)
        del clauses
        self.solved += 1
        if model is None:
            return None
        true = {lit for lit in model if lit > 0}

        def build(v: int, here: int) -> Ask | Leaf:
            rs = list(_members(here))
            if len({goal[r] for r in rs}) <= 1:
                return Leaf(here)
            agent = next(a for a in range(self.n_agents) if ask[(v, a)] in true)
            payload: dict[int, int] = {}
            child = [0] * len(self.outcomes)
            for r in rs:
                opts = anyl.rep_options[r][agent]
                if len(opts) == 1:
                    mask = opts[0].outcomes
                else:
                    mask = next(m for p, m in pick[(r, v, agent)] if p in true)
                payload[r] = mask
                for o in _bits(mask):
                    child[index[o]] |= 1 << r
            kids = tuple((self.outcomes[i], c) for i, c in enumerate(child) if c)
            split = Split(agent, kids, payload)
            return Ask(here, split, tuple((o, build(shape.children[v][index[o]], c)) for o, c in kids))

        return build(0, reps)

    def fewest(self, reps: int, limit: int) -> tuple[int, Ask | Leaf | None]:
        """Return (k, tree): the fewest questions solving a set, at most `limit`, and a strategy of that many;
        (k, None) when every level below k is refuted and k is past `limit` or its formula does not fit
        (`fits`), so another search may go on from k. Refuted levels are recorded in the budget."""
        classes = len({self.anyl.goal_class[r] for r in _members(reps)})
        k = 0
        while len(self.outcomes) ** k < classes:
            k += 1
        if k:
            self.budget.refuted(min(k - 1, limit))  # by counting
        while k <= limit and self.fits(reps, k):
            self.budget.stage = f"every question: trying {k} question{'s' if k != 1 else ''} (SAT)"
            tree = self.within(reps, k)
            if tree is not None:
                return k, tree
            self.budget.refuted(k)
            k += 1
        return k, None


def _solve(clauses: list[list[int]], budget: Budget) -> list[int] | None:
    """Return a model of the clauses (positive literals only) or None if they are unsatisfiable, solved in a
    child process (`in_child`): CaDiCaL (much the fastest here: the brewery's five questions in 5 s, where
    Glucose and the other interruptible solvers take 18 s to over 120 s) cannot be interrupted, and solving
    in slices of conflicts loses its way (the same formula: over 120 s). Under a split limit the solver's
    conflicts count as splits: it gets what the limit leaves, in one piece, and the search stops there."""
    nodes = budget.limits.nodes
    allowed = None if nodes is None else max(0, nodes - budget.nodes)
    model, conflicts = (_UNKNOWN, 0) if allowed == 0 else in_child(lambda: _solve_here(clauses, allowed), budget)
    budget.nodes += conflicts
    if isinstance(model, str):  # _UNKNOWN (a fresh string once it has come through the pipe)
        raise SearchLimitReached(f"search stopped at the node limit ({nodes} splits explored, the SAT solver's "
                                 "conflicts counted as splits) without an answer")
    return model


def in_child(work: Callable[[], Any], budget: Budget) -> Any:
    """Return what `work()` returns, computed in a child process so that a time or memory limit, a
    cancellation or Ctrl-C stops it at once (the child's memory counts toward the budget); in this process
    where there is no fork."""
    if not hasattr(os, "fork"):
        return work()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, write the pickled result, leave without cleaning up the parent's state
        status = 70
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C means
            _die_with_parent()
            os.close(read_fd)
            data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_fd, "wb") as out:
                out.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(write_fd)
    chunks: list[bytes] = []
    try:
        while True:
            ready, _, _ = select.select([read_fd], [], [], 0.05)
            if ready:
                chunk = os.read(read_fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
                continue
            budget.check_time()
            _check_memory(budget, pid)
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        os.close(read_fd)
        _, status = os.waitpid(pid, 0)
    if not chunks:
        raise InternalError(f"the SAT solver's process ended without an answer (wait status {status})")
    return pickle.loads(b"".join(chunks))


_UNKNOWN = "unknown"  # the solver's conflict budget ran out


def _solve_here(clauses: list[list[int]], conflicts: int | None) -> tuple[list[int] | None | str, int]:
    """Return (a model of the clauses as positive literals, None if unsatisfiable, or _UNKNOWN once
    `conflicts` conflicts are spent; None: no budget) and the conflicts the solver used, solved in this
    process (no interruption)."""
    from pysat.solvers import Solver

    with Solver(name=SOLVER, bootstrap_with=clauses) as solver:
        if conflicts is None:
            sat: bool | None = solver.solve()
        else:
            solver.conf_budget(conflicts)
            sat = solver.solve_limited()
        used = int(solver.accum_stats().get("conflicts", 0))
        if sat is None:
            return _UNKNOWN, used
        if not sat:
            return None, used
        return [lit for lit in solver.get_model() if lit > 0], used


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (best effort: elsewhere nothing happens)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def child_private_bytes(pid: int) -> int | None:
    """Return the memory a forked child holds of its own (None if it cannot be read): its private pages
    (smaps_rollup), not the parent's pages it still shares copy-on-write, which its resident size counts
    too (a parent of 1 GB would otherwise count twice the moment it forks); the resident size where
    smaps_rollup is missing (Linux before 4.14)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
            kb = 0
            for line in f:
                if line.startswith((b"Private_Clean:", b"Private_Dirty:", b"Private_Hugetlb:")):
                    kb += int(line.split()[1])
            return kb * 1024
    except (OSError, IndexError, ValueError):
        pass
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * PAGE_SIZE
    except (OSError, IndexError, ValueError):
        return None


def _check_memory(budget: Budget, pid: int) -> None:
    """Raise SearchLimitReached if this process and the solver's together pass the memory budget."""
    limit = budget.limits.memory
    if limit is None:
        return
    child = child_private_bytes(pid)
    if child is None:
        return
    used = resident_bytes() + child
    if used > limit:
        raise SearchLimitReached(f"search stopped at the memory budget ({used / 2**20:,.0f} MB resident with the SAT "
                                 f"solver's process, budget {limit / 2**20:,.0f} MB; raise it with --memory)")


def _members(reps: int):
    """Yield the indices set in a bitmask."""
    r = 0
    while reps:
        if reps & 1:
            yield r
        reps >>= 1
        r += 1


def _bits(mask: int):
    return _members(mask)
