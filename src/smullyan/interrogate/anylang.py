"""The complete question language `any`: a question may be any proposition over the contexts.

- Local question and option: what one question can make an addressee answer in one world
  (logic.options: minimal outcome sets, each with a local question reaching it).
- Representative: worlds with the same goal value and the same options for every agent are
  interchangeable in this language (whatever a strategy does with one it can do with the other),
  so the search runs over one representative per such group. This is exact, unlike merging worlds
  that merely share their types (DESIGN §3): options are compared for every agent.

Every grammar question is a proposition over the contexts, and its outcome set in each world contains
some option's outcome set, so a proof of impossibility here holds for every grammar too.
"""

from __future__ import annotations

from ..logic.options import Option, local_options  # noqa: F401 (Option: re-exported)
from ..logic.semantics import ContextSpace
from .search import Budget, Split, restrict

SEEN_LIMIT = 200_000  # distinct splits remembered per node for de-duplication (memory bound)


class AnyLanguage:
    """Split source for the complete question language, over world representatives."""

    def __init__(self, ctx: ContextSpace, goal: str, budget: Budget | None = None):
        self.ctx = ctx
        self.budget = budget or Budget()
        space = ctx.space
        n = len(space.worlds)
        local = []
        for i in range(n):
            if i % 16 == 15:
                self.budget.check_time()
            local.append([local_options(ctx, i, a) for a in range(len(space.agents))])
        self.options = [[opts for opts, _ in row] for row in local]
        self.indifferent = [[fixed for _, fixed in row] for row in local]
        groups: dict[tuple, list[int]] = {}
        for i in range(n):
            key = (space.goal_value(i, goal), tuple(tuple(o.outcomes for o in opts) for opts in self.options[i]))
            groups.setdefault(key, []).append(i)
        self.members = list(groups.values())  # representative r -> original worlds
        self.rep_options = [self.options[m[0]] for m in self.members]
        classes: dict[tuple, int] = {}
        self.goal_class = [classes.setdefault(space.goal_value(m[0], goal), len(classes)) for m in self.members]
        self.n_outcomes = len(space.words) + 1
        self.max_outcomes = len({b for opts in self.options for agent_opts in opts for o in agent_opts
                                 for b in range(self.n_outcomes) if o.outcomes >> b & 1})
        self.full = (1 << (1 << self.n_outcomes)) - 1  # every outcome set: a class not (yet) present
        self._by_size = sorted(range(1 << self.n_outcomes), key=lambda w: (w.bit_count(), w))
        self._spread: dict[int, int] = {}
        self.feasible = [[self._feasible_sets(r, a) for a in range(len(space.agents))] for r in range(self.n_reps)]

    @property
    def n_reps(self) -> int:
        """Return the number of representatives."""
        return len(self.members)

    def expand(self, reps: int) -> int:
        """Return the original world set of a representative set."""
        out = 0
        for r in range(self.n_reps):
            if reps >> r & 1:
                for i in self.members[r]:
                    out |= 1 << i
        return out

    def splits(self, reps: int, cap: int | None):
        """Yield every distinct useful split of a node whose children fit `cap` (see `_agent_splits`;
        None: every split)."""
        seen: set = set()
        for agent in range(len(self.ctx.space.agents)):
            for split in self._agent_splits(reps, agent, cap):
                key = tuple(sorted(c for _, c in split.children))
                if key not in seen:
                    if len(seen) >= SEEN_LIMIT:
                        seen.clear()  # memory bound: a repeated split costs time, never correctness
                    seen.add(key)
                    yield split

    # ------------------------------------------------------------ loads

    def _feasible_sets(self, rep: int, agent: int) -> int:
        """Return, as a bitmask over outcome sets W, the W that contain some option of the representative."""
        mask = 0
        for w in range(1 << self.n_outcomes):
            if any(o.outcomes & ~w == 0 for o in self.rep_options[rep][agent]):
                mask |= 1 << w
        return mask

    def spread(self, feasible: int) -> int:
        """Return the fewest outcomes a class must reach, given the outcome sets it may be confined to
        (0 for the full mask: the class is absent)."""
        got = self._spread.get(feasible)
        if got is None:
            got = self._spread[feasible] = next((w.bit_count() for w in self._by_size if feasible >> w & 1), 0)
        return got

    def load(self, reps: int, agent: int) -> int:
        """Return the load of a node for an addressee: over its goal classes, the fewest children each
        must reach whatever is asked. The children's goal classes add up to at least the load."""
        per_class: dict[int, int] = {}
        x, r = reps, 0
        while x:
            if x & 1:
                c = self.goal_class[r]
                per_class[c] = per_class.get(c, self.full) & self.feasible[r][agent]
            x >>= 1
            r += 1
        return sum(self.spread(m) for m in per_class.values())

    def least_load(self, reps: int) -> int:
        """Return the least load of a node over its addressees."""
        return min(self.load(reps, a) for a in range(len(self.ctx.space.agents)))

    # ------------------------------------------------------------ splits

    def _agent_splits(self, reps: int, agent: int, cap: int | None):
        """Yield the splits of one addressee, assigning free representatives one by one (a goal class at
        a time, options that keep the children small first) and abandoning a partial assignment as soon
        as a child of two or more goal classes has more than `cap` classes or a least load above `cap`.

        Soundness of the load test: a child solvable in j more questions with at most m outcomes each has
        grandchildren of at most m**(j-1) classes each, and their classes add up to at least its load for
        the addressee asked next (each class reaches at least `spread` of them), so its least load is at
        most m**j = cap. Loads only grow as representatives are added, so a partial child over the cap
        stays over it."""
        n_out = self.n_outcomes
        n_agents = len(self.ctx.space.agents)
        children = [0] * n_out
        classes = [0] * n_out
        masks = [[dict() for _ in range(n_agents)] for _ in range(n_out)]  # child -> agent -> class -> feasible sets
        loads = [[0] * n_agents for _ in range(n_out)]
        full, spread, feasible, goal_class = self.full, self.spread, self.feasible, self.goal_class
        trail: list = []

        def add(rep: int, outcomes: int) -> bool:
            """Send a representative to the children of `outcomes`; return False if one is over the cap."""
            c = goal_class[rep]
            ok = True
            for o in range(n_out):
                if outcomes >> o & 1:
                    trail.append((o, children[o], classes[o], None, 0, 0))
                    children[o] |= 1 << rep
                    classes[o] |= 1 << c
                    for b in range(n_agents):
                        old = masks[o][b].get(c, full)
                        new = old & feasible[rep][b]
                        if new != old:
                            trail.append((o, b, c, old, loads[o][b], 1))
                            masks[o][b][c] = new
                            loads[o][b] += spread(new) - spread(old)
                    if cap is not None and classes[o] & (classes[o] - 1) and (
                            classes[o].bit_count() > cap or min(loads[o]) > cap):
                        ok = False
            return ok

        def undo(mark: int) -> None:
            while len(trail) > mark:
                o, a, b, c, d, kind = trail.pop()
                if kind:
                    masks[o][a][b] = c
                    loads[o][a] = d
                else:
                    children[o], classes[o] = a, b

        free: list[tuple[int, list[Option]]] = []
        x, r = reps, 0
        ok = True
        while x:
            if x & 1:
                opts = self.rep_options[r][agent]
                if len(opts) == 1:
                    ok = add(r, opts[0].outcomes) and ok
                else:
                    free.append((r, opts))
            x >>= 1
            r += 1
        if not ok:
            return
        free.sort(key=lambda ro: (goal_class[ro[0]], len(ro[1])))
        chosen: dict[int, int] = {}
        steps = [0]

        def order(rep: int, opts: list[Option]) -> list[Option]:
            """Return the options, those adding the least to the children first."""
            cbit = 1 << goal_class[rep]

            def cost(opt: Option) -> tuple:
                outs = [o for o in range(n_out) if opt.outcomes >> o & 1]
                return (sum(1 for o in outs if not classes[o] & cbit), sum(classes[o].bit_count() for o in outs),
                        sum(children[o].bit_count() for o in outs))
            return sorted(opts, key=cost)

        def assign(i: int):
            steps[0] += 1
            if steps[0] % 4096 == 0:
                self.budget.check_time()
            if i == len(free):
                ch = restrict(tuple(children), reps)
                if ch is not None:
                    yield Split(agent, ch, dict(chosen))
                return
            rep, opts = free[i]
            for opt in order(rep, opts):
                mark = len(trail)
                if add(rep, opt.outcomes):
                    chosen[rep] = opt.outcomes
                    yield from assign(i + 1)
                undo(mark)
            chosen.pop(rep, None)

        yield from assign(0)

    def targets(self, reps: int, split: Split) -> dict[int, int]:
        """Return, for each original world of a node, the outcome set the split sends it to."""
        out = {}
        for r in range(self.n_reps):
            if reps >> r & 1:
                opts = self.rep_options[r][split.addressee]
                mask = split.payload.get(r, opts[0].outcomes)
                for i in self.members[r]:
                    out[i] = mask
        return out

    def witness(self, world: int, agent: int, outcomes: int) -> int:
        """Return the local question (contexts) that gives `outcomes` in a world."""
        for o in self.options[world][agent]:
            if o.outcomes == outcomes:
                return o.witness
        raise KeyError((world, agent, outcomes))
