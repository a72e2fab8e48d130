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
6. Leaves. A lemma may instead say "every strategy of at most j questions for S ends in at least L
   leaves that hold worlds of S" ("leaves": L). By 2 the fewest such leaves are reached with minimal
   options, and by 4's reasoning by a strategy whose first split keeps no child equal to S (such a child's
   subtree would do as well with fewer questions). A set of one goal class needs one leaf; a set of two
   or more needs a question, and a class confined to c children of it holds c distinct leaves, so S
   needs at least its least load (3); more, for each first addressee a, the worlds every option of which
   reaches child o are in child o whatever is chosen, so S needs at least the least over a of their
   floors with j - 1 questions (as above) added over the children, plus one leaf for each class none of
   them holds. Otherwise L holds if in every split the children's bounds add up
   to L: each child's bound is that floor with j - 1 questions, or an earlier leaves lemma about a subset
   (a strategy for a set, restricted to a subset, holds the subset's worlds in some of its leaves) with
   at least j - 1 questions, and is unbounded for a child shown unsolvable in j - 1 (by 3, by a lemma of
   5, or by needing more than m**(j-1) leaves). A partial assignment's children floors, plus one for
   each goal class none of them holds yet (it will need a leaf of its own somewhere), only grow as worlds
   are assigned (a new class adds at least one to a child's floor), so once they add up to L they
   settle all its completions. Where every world's options for the addressee stay the same with the
   first two words exchanged, a split and its mirror image have the same children, so of the first
   world given an option that the exchange changes, only the option before its image is tried.
7. Parts. S is unsolvable in k if earlier leaves lemmas with at least k questions, about subsets of S
   with pairwise disjoint goal classes ("parts": their indices), need more than m**k leaves together:
   a leaf holds one goal class, so a strategy for S holds each part's worlds in leaves of its own, and a
   strategy of k questions has at most m**k leaves.
8. Copies. A lemma may be a copy of an earlier one ("copy": {"of": its index, "images": the image of each
   of its worlds in increasing order}) under a bijection that keeps every world's minimal options for
   every addressee and keeps goal classes together and apart alike. A strategy for the copy's worlds
   may give each world a minimal option (2: no more leaves, no more questions); it is then one for the
   original's too, each world taking the option its image takes (any choice per world is a question),
   with the same tree, the same leaves holding worlds and each leaf holding one goal class exactly when
   its image does. So the copy is unsolvable in as many questions as the
   original, or fills as many leaves; it may claim fewer questions or fewer leaves, not more.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from ..logic.options import local_options

SCHEMA = "smullyan/certificate"
MAX_WORLDS = 800  # worlds in one lemma, at most (the checker recurses once per world)
UNBOUNDED = 1 << 64  # the leaves of a set no strategy of the questions left solves (argument 6)


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
        self.single = 0  # worlds whose goal classes no other world of the certificate shares (set_single)
        self.levels: list[list[int]] = []
        # forced[a][o]: the worlds every minimal option of which, for addressee a, reaches outcome o
        self.forced = [[sum(1 << i for i in range(self.n) if all(mask >> o & 1 for mask in self.options[i][a]))
                        for o in range(self.n_out)] for a in range(self.n_agents)]

    def set_single(self, worlds: int) -> None:
        """Note a set of worlds no two of which share a goal class: within it a set's classes are its
        worlds and its load for an addressee is, over its worlds, the fewest outcomes each must reach
        (counted by bit masks: levels[a][t], the worlds that must reach more than t outcomes)."""
        self.single = worlds
        self.levels = [[sum(1 << i for i in members(worlds)
                            if min(mask.bit_count() for mask in self.options[i][a]) > t)
                        for t in range(self.n_out)] for a in range(self.n_agents)]

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
    mentioned = 0
    for worlds, *_ in lemmas:
        mentioned |= worlds
    if tables.classes(mentioned).bit_count() == mentioned.bit_count():
        tables.set_single(mentioned)
    counter = [0]
    done: list[tuple[int, int]] = []  # (world set, questions) shown unsolvable so far
    counted: dict[int, tuple[int, int, int]] = {}  # lemma index -> (world set, questions, leaves), argument 6
    for number, (worlds, k, leaves, parts, copy) in enumerate(lemmas, 1):
        try:
            if copy is not None:
                _check_copy(tables, k, leaves, copy, lemmas)
                if leaves is not None:
                    counted[number - 1] = (worlds, k, leaves)
                if leaves is None or leaves > tables.m ** min(k, 64):
                    done.append((worlds, k))
            elif leaves is not None:
                _check_leaves(tables, worlds, k, leaves, done, list(counted.values()), counter, tick)
                counted[number - 1] = (worlds, k, leaves)
                if leaves > tables.m ** min(k, 64):
                    done.append((worlds, k))
            elif parts is not None:
                _check_parts(tables, worlds, k, parts, counted)
                done.append((worlds, k))
            else:
                _check_lemma(tables, worlds, k, done, counter, tick)
                done.append((worlds, k))
        except Rejected as e:
            return Checked(False, claim, number - 1, counter[0], time.perf_counter() - start, f"lemma {number}: {e}")
    if not done or done[-1] != lemmas[-1][:2]:
        return Checked(False, claim, len(lemmas), counter[0], time.perf_counter() - start,
                       "the last lemma does not show a set unsolvable")
    worlds, k = done[-1]
    if k < claim:
        return Checked(False, claim, len(lemmas), counter[0], time.perf_counter() - start,
                       f"the last lemma is about {k} questions, the claim about {claim}")
    return Checked(True, claim, len(lemmas), counter[0], time.perf_counter() - start)


Lemma = tuple[int, int, int | None, list[int] | None, tuple[int, list[int]] | None]


def _read(doc: Any, tables: Tables) -> tuple[list[Lemma], int]:
    """Return the lemmas (world set, questions, leaves or None, parts or None, copy as (index, images) or
    None) and the claimed number of
    questions of a document; raise ValueError naming the key for a malformed one or one written for
    another puzzle."""
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
        leaves, parts = item.get("leaves"), item.get("parts")
        if leaves is not None and (not _count(leaves) or leaves > UNBOUNDED):
            raise ValueError(f"lemmas[{n}].leaves: expected a whole number of at least 0, at most 2**64")
        if parts is not None and (leaves is not None or not isinstance(parts, list) or not parts
                                  or not all(_count(i) and i < n for i in parts)):
            raise ValueError(f"lemmas[{n}].parts: expected a non-empty list of earlier lemmas' indices "
                             "(and no 'leaves' beside it)")
        copy = item.get("copy")
        if copy is not None:
            copy = _read_copy(copy, n, worlds, lemmas, parts)
        lemmas.append((worlds, item["questions"], leaves, parts, copy))
    return lemmas, claim["questions"]


def _read_copy(copy: Any, n: int, worlds: int, lemmas: list[Lemma], parts: Any) -> tuple[int, list[int]]:
    """Return a lemma's "copy" as (original's index, images); raise ValueError naming the key if malformed."""
    key = f"lemmas[{n}].copy"
    if (not isinstance(copy, dict) or set(copy) != {"of", "images"} or not _count(copy["of"]) or copy["of"] >= n
            or not isinstance(copy["images"], list) or not all(_count(i) for i in copy["images"])):
        raise ValueError(f"{key}: expected {{\"of\": an earlier lemma's index, \"images\": [world numbers]}}")
    if parts is not None:
        raise ValueError(f"{key}: a copy has no 'parts'")
    images = copy["images"]
    original = lemmas[copy["of"]][0]
    if (len(images) != original.bit_count() or len(set(images)) != len(images) or len(images) != worlds.bit_count()
            or not all(worlds >> i & 1 for i in images)):
        raise ValueError(f"{key}.images: expected each of lemma {copy['of'] + 1}'s {original.bit_count()} worlds "
                         "mapped to a different world of this lemma, covering them all")
    return copy["of"], images


def _check_copy(tables: Tables, k: int, leaves: int | None, copy: tuple[int, list[int]], lemmas: list[Lemma]
                ) -> None:
    """Return if a lemma is a copy of an earlier one (argument 8); raise Rejected if not."""
    of, images = copy
    source, k0, leaves0, _, _ = lemmas[of]
    if k > k0 or (leaves0 is None) != (leaves is None) or (leaves is not None and leaves > leaves0):
        raise Rejected(f"it claims more than lemma {of + 1}, which it copies (questions {k} against {k0}, "
                       f"leaves {leaves} against {leaves0})")
    image = dict(zip(members(source), images))
    for w, v in image.items():
        for a in range(tables.n_agents):
            if sorted(tables.options[w][a]) != sorted(tables.options[v][a]):
                raise Rejected(f"world {v} is the image of world {w}, but a question to {tables.agents[a]} can make "
                               "them answer differently")
    classes: dict[int, int] = {}
    for w, v in image.items():
        if classes.setdefault(tables.goal[w], tables.goal[v]) != tables.goal[v]:
            raise Rejected(f"world {w}'s goal class is carried to two classes (worlds {v} and others)")
    if len(set(classes.values())) != len(classes):
        raise Rejected(f"two goal classes of lemma {of + 1} are carried to one")


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


def _floor(tables: Tables, worlds: int, j: int) -> int:
    """Return a floor on the leaves any strategy of at most j questions holds a world set in (argument 6):
    one per goal class up to one class, then the least load; UNBOUNDED if counting rules j out (3)."""
    if worlds & ~tables.single == 0:  # no two worlds share a class: count bits
        classes = worlds.bit_count()
        if classes < 2:
            return classes
        cap = tables.m ** min(j, 64)
        least = min(sum((worlds & level).bit_count() for level in levels) for levels in tables.levels)
        return UNBOUNDED if j == 0 or classes > cap or least > cap else least
    classes = tables.classes(worlds).bit_count()
    if classes < 2:
        return classes
    if j == 0 or tables.too_big(worlds, j):
        return UNBOUNDED
    return min(tables.load(worlds, a) for a in range(tables.n_agents))


def _classes(tables: Tables, worlds: int) -> int:
    """Return a set's goal classes as a bitmask: over classes, or over its worlds where none share one."""
    return worlds if worlds & ~tables.single == 0 else tables.classes(worlds)


def _floor2(tables: Tables, worlds: int, j: int) -> int:
    """Return argument 6's floor with the first question's forced children: the least over addressees
    of their floors with j - 1 questions added, plus one per goal class none of them holds."""
    one = _floor(tables, worlds, j)
    if one >= UNBOUNDED or one < 2:
        return one
    every = _classes(tables, worlds)
    best = UNBOUNDED
    for a in range(tables.n_agents):
        total, held = 0, 0
        for o in range(tables.n_out):
            part = worlds & tables.forced[a][o]
            if part:
                total += _floor(tables, part, j - 1)
                held |= _classes(tables, part)
        best = min(best, total + (every & ~held).bit_count())
    return max(one, best)


def _check_leaves(tables: Tables, worlds: int, k: int, leaves: int, done: list[tuple[int, int]],
                  counted: list[tuple[int, int, int]], counter: list[int], tick: Callable[[], None] | None) -> None:
    """Return if every strategy of at most k questions holds `worlds` in at least `leaves` leaves
    (argument 6); raise Rejected if a split escapes it."""
    classes = _classes(tables, worlds).bit_count()
    if classes < 2:  # no question is needed: a strategy may ask none and hold them in one leaf
        if leaves > classes:
            raise Rejected(f"its worlds share {'one goal value' if classes else 'no goal value'}: a strategy may "
                           f"ask nothing and hold them in {classes} lea{'f' if classes == 1 else 'ves'}")
        return
    if _floor2(tables, worlds, k) >= leaves:
        return
    room = tables.m ** min(k - 1, 64)
    unsolvable = [s for s, q in done if q >= k - 1]
    known = [(s, v) for s, q, v in counted if q >= k - 1]

    def bound(child: int) -> int:
        b = _floor2(tables, child, k - 1)
        if b >= UNBOUNDED or any(s & ~child == 0 for s in unsolvable):
            return UNBOUNDED
        for s, v in known:
            if v > b and s & ~child == 0:
                b = v
        return UNBOUNDED if b > room else b

    for agent in range(tables.n_agents):
        order = sorted(members(worlds), key=lambda i: len(tables.options[i][agent]))
        children = [0] * tables.n_out
        floors = [0] * tables.n_out
        mirrored = all(sorted(map(_swapped, tables.options[i][agent])) == sorted(tables.options[i][agent])
                       for i in order)
        later = [0] * (len(order) + 1)  # later[pos]: the goal classes of the worlds from pos on
        for pos in range(len(order) - 1, -1, -1):
            later[pos] = later[pos + 1] | _classes(tables, 1 << order[pos])

        def assign(pos: int, mirror: bool) -> None:
            counter[0] += 1
            if tick is not None:
                tick()
            if pos == len(order):
                if worlds in children:
                    return  # no progress (argument 6, as 4)
                bounds = [bound(c) if c else 0 for c in children]
                if sum(bounds) < leaves:
                    raise Rejected(f"a question to {tables.agents[agent]} whose children need "
                                   f"{' + '.join(str(b) for b in bounds if b)} leaves, fewer than {leaves}: "
                                   + "; ".join(f"{tables.outcome_names[o]}: worlds {list(members(c))}"
                                               for o, c in enumerate(children) if c))
                return
            i = order[pos]
            options = tables.options[i][agent]
            if mirror and any(_swapped(mask) != mask for mask in options):
                options = [mask for mask in options if mask <= _swapped(mask)]
                mirror = False
            for mask in options:
                saved, saved_floors = list(children), list(floors)
                for o in range(tables.n_out):
                    if mask >> o & 1:
                        children[o] |= 1 << i
                        floors[o] = _floor(tables, children[o], k - 1)
                held = 0
                for c in children:
                    held |= _classes(tables, c)
                if sum(floors) + (later[pos + 1] & ~held).bit_count() < leaves:
                    assign(pos + 1, mirror)
                children[:], floors[:] = saved, saved_floors

        assign(0, mirrored)


def _check_parts(tables: Tables, worlds: int, k: int, parts: list[int], counted: dict[int, tuple[int, int, int]]
                 ) -> None:
    """Return if the cited leaves lemmas show `worlds` unsolvable in k questions (argument 7); raise
    Rejected if not."""
    total, seen_classes = 0, 0
    for i in parts:
        if i not in counted:
            raise Rejected(f"part {i + 1} is not an earlier lemma about leaves")
        s, q, v = counted[i]
        if q < k or s & ~worlds:
            raise Rejected(f"part {i + 1} is about {q} questions or worlds outside the set")
        classes = tables.classes(s)
        if classes & seen_classes:
            raise Rejected(f"part {i + 1} shares a goal class with an earlier part")
        seen_classes |= classes
        total += v
    if total <= tables.m ** min(k, 64):
        raise Rejected(f"its parts need {total} leaves, and {k} questions have room for {tables.m ** min(k, 64)}")


def _swapped(outcomes: int) -> int:
    """Return an outcome set with the first two words exchanged."""
    return outcomes & ~3 | (outcomes & 1) << 1 | (outcomes >> 1) & 1
