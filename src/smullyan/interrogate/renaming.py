"""Renamings of gods acting on counted nodes: canonical forms and the renamings that fix a node.

- Renaming: a permutation of the gods that maps patterns onto patterns, seen through its inverse map
  on patterns (`inv`): the renamed node holds node[inv[t]] at pattern t.
- Trie: the renamings keyed by the pattern each position takes from, so a walk can follow only the
  renamings still reaching the least (or the same) value at every position so far.
- Signature of a god in a node: the sorted values of the node's patterns where that god answers both
  words. A renaming carries each god's signature to its image, so signatures are invariants.
- Refined form (when the renamings are every permutation of the gods): the least renamed node among
  the renamings that list the gods in order of signature. The set of such renamings of two nodes
  that differ by a renaming gives the same renamed nodes, so the least of them is a canonical form;
  only gods of equal signature are permuted among themselves, which for most nodes is one renaming
  or a handful instead of n!. Where ties would leave more than REFINED_LIMIT renamings the trie walk
  is used; which way a node goes depends only on its multiset of signatures, so a node and its
  renamings always take the same way.
"""

from __future__ import annotations

import itertools
import math
from functools import cached_property

REFINED_LIMIT = 120  # renamings tried one by one at most; above it the trie walk is used
REFINED_CACHE = 100_000  # maps of renamings kept once made

LEAF = -1  # key under which a trie leaf keeps the index of its renaming


def renaming_trie(renamings: list[list[int]], check=None) -> dict:
    """Return the renamings as a trie: position 0's source pattern, then position 1's, and so on; each
    leaf holds its renaming's index under LEAF. `check` (if given) is called every 1024 renamings."""
    trie: dict = {}
    for index, inv in enumerate(renamings):
        if check is not None and index % 1024 == 0:
            check()
        t = trie
        for g in inv:
            t = t.setdefault(g, {})
        t[LEAF] = index
    return trie


def fixing_renamings(node: tuple, trie: dict, check=None) -> list[int]:
    """Return the indices of the renamings (`trie` from renaming_trie) that map the node onto itself,
    following only the branches that keep every position's value so far (`check`: once a position)."""
    active = [trie]
    for i in range(len(node)):
        if check is not None:
            check()
        want = node[i]
        active = [sub for t in active for g, sub in t.items() if node[g] == want]
        if not active:
            return []
    return [t[LEAF] for t in active]


def least_renaming(node: tuple, trie: dict, check=None) -> tuple:
    """Return the lexicographically least of a node's renamings (`trie` from renaming_trie), fixing
    one position at a time and following only the renamings that reach the least value there
    (`check`: once a position)."""
    return least_renaming_index(node, trie, check)[0]


def least_renaming_index(node: tuple, trie: dict, check=None) -> tuple[tuple, int]:
    """Return the least of a node's renamings and the index of a renaming reaching it."""
    active = [trie]
    out = []
    for _ in range(len(node)):
        if check is not None:
            check()
        best, following = None, []  # one pass: the least value here, and the branches reaching it
        for t in active:
            for g, sub in t.items():
                v = node[g]
                if best is None or v < best:
                    best, following = v, [sub]
                elif v == best:
                    following.append(sub)
        out.append(best)
        active = following
    return tuple(out), active[0][LEAF]



class Renamer:
    """Canonical forms and fixing renamings of counted nodes under the renamings of gods.

    Nothing costly is built up front: with every permutation of the gods a renaming (checked on the
    adjacent transpositions, which generate them all) a renaming's map is made when first needed; the
    list of all renamings and its trie (8 gods: 40,320 maps, several seconds and hundreds of MB) only
    when a node has too many ties, or when not every permutation renames. `check` is called while that
    list and its trie are built and once per position of every trie walk, so a time limit can stop them."""

    def __init__(self, keys: list[tuple], both_groups: list[list[int]], check=None):
        self.keys = keys
        self.key_index = {k: g for g, k in enumerate(keys)}
        self.both_groups = both_groups
        self.n_agents = len(both_groups)
        self.check = check
        self._inverse: dict[tuple[int, ...], list[int] | None] = {}
        self.refined = all(self.inverse(tuple(range(i)) + (i + 1, i) + tuple(range(i + 2, self.n_agents)))
                           is not None for i in range(self.n_agents - 1))

    def inverse(self, p: tuple[int, ...]) -> list[int] | None:
        """Return the map on patterns of the renaming whose god i is god p[i] before (the renamed node
        holds node[inv[t]] at pattern t), or None if p does not map patterns onto patterns."""
        got = self._inverse.get(p, False)
        if got is False:
            got = self._map(p)
            if len(self._inverse) < REFINED_CACHE:
                self._inverse[p] = got
        return got

    @cached_property
    def _all(self) -> tuple[list[list[int]], list[tuple[int, ...]]]:
        """Return every renaming's map on patterns and, in the same order, its permutation of gods."""
        maps, perms = [], []
        for step, p in enumerate(itertools.permutations(range(self.n_agents))):
            if self.check is not None and step % 1024 == 0:
                self.check()
            inv = self._map(p)
            if inv is not None:
                maps.append(inv)
                perms.append(p)
        return maps, perms

    def _map(self, p: tuple[int, ...]) -> list[int] | None:
        """Return a renaming's map on patterns without caching it (for the full list)."""
        inv = [0] * len(self.keys)
        for g, k in enumerate(self.keys):
            t = self.key_index.get(tuple(k[p[i]] for i in range(self.n_agents)))
            if t is None:
                return None
            inv[t] = g
        return inv

    @property
    def renamings(self) -> list[list[int]]:
        """Return every renaming's map on patterns (built on first use)."""
        return self._all[0]

    @property
    def agent_maps(self) -> list[tuple[int, ...]]:
        """Return every renaming as a permutation of the gods, in the order of `renamings`."""
        return self._all[1]

    @cached_property
    def trie(self) -> dict:
        """Return the renamings as a trie (built on first use)."""
        return renaming_trie(self.renamings, self.check)

    @cached_property
    def transpositions(self) -> list[tuple[list[int], list[int]]]:
        """Return ([the two gods swapped], map on patterns) for every swap of two gods that renames."""
        out = []
        for a, b in itertools.combinations(range(self.n_agents), 2):
            p = list(range(self.n_agents))
            p[a], p[b] = b, a
            inv = self.inverse(tuple(p))
            if inv is not None:
                out.append(([a, b], inv))
        return out

    def signatures(self, node: tuple) -> list[tuple]:
        """Return, per god, the sorted values of the node's patterns where it answers both words."""
        return [tuple(sorted(node[g] for g in groups)) for groups in self.both_groups]

    def _tie_groups(self, node: tuple) -> list[list[int]] | None:
        """Return the gods grouped by equal signature, groups in signature order; None if the refined
        way does not apply or would try more than REFINED_LIMIT renamings."""
        if not self.refined:
            return None
        sig = self.signatures(node)
        order = sorted(range(len(sig)), key=sig.__getitem__)
        ties = [list(g) for _, g in itertools.groupby(order, key=sig.__getitem__)]
        if math.prod(math.factorial(len(t)) for t in ties) > REFINED_LIMIT:
            return None
        return ties

    def least(self, node: tuple) -> tuple:
        """Return a canonical form of a node: equal for two nodes exactly when a renaming maps one
        onto the other."""
        ties = self._tie_groups(node)
        if ties is None:
            return least_renaming(node, self.trie, self.check)
        best = None
        for parts in itertools.product(*(itertools.permutations(t) for t in ties)):
            inv = self.inverse(tuple(a for part in parts for a in part))
            image = tuple(node[j] for j in inv)
            if best is None or image < best:
                best = image
        return best

    def least_with(self, node: tuple) -> tuple[tuple, tuple[int, ...]]:
        """Return the canonical form of a node (as `least`) and a renaming p reaching it (renamed god i
        is god p[i] before)."""
        ties = self._tie_groups(node)
        if ties is None:
            form, index = least_renaming_index(node, self.trie, self.check)
            return form, self.agent_maps[index]
        best = None
        for parts in itertools.product(*(itertools.permutations(t) for t in ties)):
            p = tuple(a for part in parts for a in part)
            image = tuple(node[j] for j in self.inverse(p))
            if best is None or image < best[0]:
                best = (image, p)
        return best

    def carrying(self, node: tuple, target: tuple) -> tuple[int, ...] | None:
        """Return a renaming p (renamed god i is god p[i] before) that maps the node onto target, or
        None if their canonical forms differ."""
        form, p1 = self.least_with(node)
        other, p2 = self.least_with(target)
        if form != other:
            return None
        back = [0] * self.n_agents  # the inverse of p2
        for i, a in enumerate(p2):
            back[a] = i
        return tuple(p1[back[j]] for j in range(self.n_agents))

    def fixing(self, node: tuple) -> list[tuple[int, ...]]:
        """Return the renamings (as permutations of the gods) that map the node onto itself."""
        ties = self._tie_groups(node)
        if ties is None:
            return [self.agent_maps[i] for i in fixing_renamings(node, self.trie, self.check)]
        out = []
        for parts in itertools.product(*(itertools.permutations(t) for t in ties)):
            p = [0] * self.n_agents
            for t, part in zip(ties, parts):  # a god goes to one of equal signature
                for a, b in zip(t, part):
                    p[a] = b
            p = tuple(p)
            if tuple(node[j] for j in self.inverse(p)) == node:
                out.append(p)
        return out
