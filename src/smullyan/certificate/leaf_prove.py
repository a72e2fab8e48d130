"""Writing leaf-count certificates: refuting k questions by counting the leaves a strategy must fill.

The checker's arguments 6 and 7 (certificate.check): a strategy of k questions has at most m**k
leaves, each holding one goal class, so world sets with disjoint goal classes (parts) fill leaves of
their own, and when the fewest each part needs add up to more than m**k, k questions cannot do.

- Layers: representatives with the same options for every addressee behave alike under every split
  (design note 44: in the complete language a liar and a truthful god answer alike for the splitter),
  so numbering those of each such group 1, 2, ... gives layers that are copies of one another; when
  every representative is its own goal class the layers are parts.
- Fewest leaves of a set within j questions: a branch and bound that checks every split the way the
  checker will (every addressee, every minimal option of every representative, partial assignments
  cut once their children's floors reach the target) and records a lemma for each bound it proves
  above the checker's floor, children before parents.
- A layer's proof is written once; each layer that copies it gets one lemma, a copy under the numbering
  (argument 8), which the checker accepts without enumerating a split.

Its effort is bounded (partial splits counted); running out means no certificate this way, never a
wrong one.
"""

from __future__ import annotations

from ..interrogate.anylang import AnyLanguage
from ..interrogate.search import Budget

UNBOUNDED = 1 << 64  # as check.UNBOUNDED: no strategy of the questions left solves the set
LEAF_EFFORT = 2_000_000  # partial splits the writer may try before it gives up


class OutOfEffort(Exception):
    """The writer ran out of effort: no certificate this way."""


class LeafProver:
    """Proves floors on the leaves sets of representatives need, recording lemmas (set, questions, leaves)."""

    def __init__(self, anyl: AnyLanguage, budget: Budget, effort: int = LEAF_EFFORT):
        if len(set(anyl.goal_class)) != anyl.n_reps:
            raise ValueError("counting leaves needs every representative in a goal class of its own")
        self.anyl = anyl
        self.budget = budget
        self.m = max(2, anyl.max_outcomes)
        self.n_agents = len(anyl.ctx.space.agents)
        self.n_out = anyl.n_outcomes
        self.left = effort
        self.lemmas: list[tuple[int, int, int]] = []  # (representative set, questions, leaves) in proof order
        self._recorded: dict[tuple[int, int], int] = {}
        self._memo: dict[tuple[int, int], tuple[int, bool]] = {}  # (set, questions) -> (value, exact)
        self.levels = [[sum(1 << r for r in range(anyl.n_reps)
                            if min(opt.outcomes.bit_count() for opt in anyl.rep_options[r][a]) > t)
                        for t in range(self.n_out)] for a in range(self.n_agents)]
        self.forced = [[sum(1 << r for r in range(anyl.n_reps)
                            if all(opt.outcomes >> o & 1 for opt in anyl.rep_options[r][a]))
                        for o in range(self.n_out)] for a in range(self.n_agents)]
        swap = [sorted(_swapped(opt.outcomes) for opt in opts) == sorted(opt.outcomes for opt in opts)
                for opts in (row[a] for row in anyl.rep_options for a in range(self.n_agents))]
        self.mirrored = [all(swap[r * self.n_agents + a] for r in range(anyl.n_reps)) for a in range(self.n_agents)]

    def floor(self, reps: int, j: int) -> int:
        """Return the checker's floor (argument 6): the set's size up to one representative, else its least
        load (every representative is its own goal class here: bit counts); UNBOUNDED where counting rules
        j questions out."""
        n = reps.bit_count()
        if n < 2:
            return n
        cap = self.m ** min(j, 64)
        least = min(sum((reps & level).bit_count() for level in levels) for levels in self.levels)
        return UNBOUNDED if j == 0 or n > cap or least > cap else least

    def classes(self, reps: int) -> int:
        """Return a set's goal classes: its representatives, each its own class."""
        return reps

    def floor2(self, reps: int, j: int) -> int:
        """Return the checker's floor with the first question's forced children (argument 6)."""
        one = self.floor(reps, j)
        if one >= UNBOUNDED or reps.bit_count() < 2:
            return one
        every = self.classes(reps)
        if every.bit_count() < 2:
            return one
        best = UNBOUNDED
        for a in range(self.n_agents):
            total, held = 0, 0
            for o in range(self.n_out):
                part = reps & self.forced[a][o]
                if part:
                    total += self.floor(part, j - 1)
                    held |= self.classes(part)
            best = min(best, total + (every & ~held).bit_count())
        return max(one, best)

    def record(self, reps: int, j: int, value: int) -> None:
        """Keep a lemma: every strategy of at most j questions holds `reps` in at least `value` leaves."""
        value = min(value, self.m ** min(j, 64) + 1)  # more than the room is as good as unbounded
        if value > self.floor2(reps, j) and value > self._recorded.get((reps, j), 0):
            self._recorded[reps, j] = value
            self.lemmas.append((reps, j, value))

    def least(self, reps: int, j: int, limit: int) -> int:
        """Return the fewest leaves a strategy of at most j questions holds `reps` in when that is below
        `limit`, else a proved floor of at least `limit`; every bound above the checker's floor is recorded."""
        base = self.floor2(reps, j)
        if base >= limit or base >= UNBOUNDED or reps.bit_count() < 2:
            return base
        known = self._memo.get((reps, j))
        if known is not None and (known[1] or known[0] >= limit):
            return known[0]
        cur, best, floor = limit, UNBOUNDED, UNBOUNDED
        room = self.m ** min(j - 1, 64)
        for agent in range(self.n_agents):
            members = [r for r in range(self.anyl.n_reps) if reps >> r & 1]
            members.sort(key=lambda r: len(self.anyl.rep_options[r][agent]))
            later = [0] * (len(members) + 1)  # the goal classes of the representatives from pos on
            for pos in range(len(members) - 1, -1, -1):
                later[pos] = later[pos + 1] | 1 << members[pos]
            stack = [(0, (0,) * self.n_out, (0,) * self.n_out, self.mirrored[agent])]
            while stack:
                pos, children, floors, mirror = stack.pop()
                self.left -= 1
                if self.left < 0:
                    raise OutOfEffort
                if self.left % 1024:
                    self.budget.nodes += 1  # counted as splits explored
                else:
                    self.budget.tick()  # and the limits checked
                held = 0
                for c in children:
                    held |= self.classes(c)
                total = sum(floors) + (later[pos] & ~held).bit_count()  # each class not yet placed: a leaf
                if total >= cur:
                    floor = min(floor, total)
                    continue
                if pos < len(members):
                    r = members[pos]
                    options = self.anyl.rep_options[r][agent]
                    if mirror and len(options) > 1:  # swapping the two words mirrors the split: one of each pair
                        options = [opt for opt in options if opt.outcomes <= _swapped(opt.outcomes)]
                    for option in options:
                        kids, fl = list(children), list(floors)
                        for o in range(self.n_out):
                            if option.outcomes >> o & 1:
                                kids[o] |= 1 << r
                                fl[o] = self.floor(kids[o], j - 1)
                        stack.append((pos + 1, tuple(kids), tuple(fl), mirror and len(options) == 1
                                      and options[0].outcomes == _swapped(options[0].outcomes)))
                    continue
                if reps in children:
                    continue  # no progress: the checker skips it too
                value = self._children(children, floors, j - 1, room, cur)
                if value < cur:
                    cur = best = value
                else:
                    floor = min(floor, value)
        if best < limit:
            self._memo[reps, j] = (best, True)
            self.record(reps, j, best)
            return best
        value = max(base, floor)
        self._memo[reps, j] = (value, False)
        self.record(reps, j, value)
        return value

    def _children(self, children: tuple[int, ...], floors: tuple[int, ...], j: int, room: int, cur: int) -> int:
        """Return the leaves a split's children need together, exact when below cur, else at least cur."""
        values = list(floors)
        for o, child in enumerate(children):
            if not child or values[o] >= UNBOUNDED:
                continue
            rest = sum(values) - values[o]
            if rest >= cur:
                break
            v = self.least(child, j, cur - rest)
            values[o] = UNBOUNDED if v > room else v
        return sum(values)


def layers(anyl: AnyLanguage) -> list[list[int]] | None:
    """Return the layers of the representatives (the i-th of every group with the same options, for
    i = 1, 2, ...), each as the list of its groups' members in group order; None unless every
    representative is its own goal class and there are two layers or more."""
    if len(set(anyl.goal_class)) != anyl.n_reps:
        return None
    groups: dict[tuple, list[int]] = {}
    for r in range(anyl.n_reps):
        key = tuple(tuple(o.outcomes for o in opts) for opts in anyl.rep_options[r])
        groups.setdefault(key, []).append(r)
    order = list(groups.values())
    depth = max(len(g) for g in order)
    if depth < 2:
        return None
    return [[g[i] if i < len(g) else -1 for g in order] for i in range(depth)]


# (representative set, questions, leaves or None, parts or None, copy or None: (lemma index, representative map))
LeafLemma = tuple[int, int, int | None, tuple[int, ...] | None, tuple[int, dict[int, int]] | None]


def prove_by_leaves(anyl: AnyLanguage, budget: Budget, questions: int, effort: int = LEAF_EFFORT
                    ) -> list[LeafLemma] | None:
    """Return lemmas (representative set, questions, leaves or None, parts or None, copy or None) proving that no
    strategy of `questions` questions exists by counting leaves, or None if the layers' floors do not
    overflow within the effort."""
    rows = layers(anyl)
    if rows is None:
        return None
    masks = [sum(1 << r for r in row if r >= 0) for row in rows]
    copies = [n for n in range(len(rows)) if all((a < 0) == (b < 0) for a, b in zip(rows[0], rows[n]))]
    prover = LeafProver(anyl, budget, effort)
    room = prover.m ** min(questions, 64)
    budget.stage = f"counting the leaves {questions} questions would need"
    needed: list[int] = []
    try:
        for n, mask in enumerate(masks):
            if n in copies[1:]:
                needed.append(needed[0])
                continue
            later = [x for i, x in enumerate(masks) if i > n and i not in copies]
            rest = sum(needed) + sum(prover.floor2(x, questions) for x in later)
            if n:  # the first layer's copies still to come need what it needed
                rest += needed[0] * sum(1 for i in copies if i > n)
            share = len(copies) if n == 0 else 1  # the copies of the first layer need what it needs
            needed.append(prover.least(mask, questions, max(1, -(-(room + 1 - rest) // share))))
    except OutOfEffort:
        return None
    if sum(needed) <= room:
        return None
    out: list[LeafLemma] = [(s, q, v, None, None) for s, q, v in prover.lemmas]

    def lemma_of(n: int) -> int:
        """Return the index of layer n's lemma in `out`, written last if no lemma of the search is it."""
        at = next((i for i in range(len(out) - 1, -1, -1) if out[i][:3] == (masks[n], questions, needed[n])), None)
        if at is None:  # its floor alone gives it: the checker accepts it at once
            out.append((masks[n], questions, needed[n], None, None))
            at = len(out) - 1
        return at

    parts = [lemma_of(0)]
    for n in range(1, len(masks)):
        if n in copies:  # a copy of the first layer's lemma (check.py, argument 8): no splits to check again
            image = {a: b for a, b in zip(rows[0], rows[n]) if a >= 0}
            out.append((masks[n], questions, needed[0], None, (parts[0], image)))
            parts.append(len(out) - 1)
        else:
            parts.append(lemma_of(n))
    out.append((sum(masks), questions, None, tuple(parts), None))
    return out


def _swapped(outcomes: int) -> int:
    """Return an outcome set with the first two words exchanged."""
    return outcomes & ~3 | (outcomes & 1) << 1 | (outcomes >> 1) & 1
