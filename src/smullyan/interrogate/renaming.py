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

REFINED_LIMIT = 120  # renamings tried one by one at most; above it the trie walk is used

LEAF = -1  # key under which a trie leaf keeps the index of its renaming


def renaming_trie(renamings: list[list[int]]) -> dict:
    """Return the renamings as a trie: position 0's source pattern, then position 1's, and so on; each
    leaf holds its renaming's index under LEAF."""
    trie: dict = {}
    for index, inv in enumerate(renamings):
        t = trie
        for g in inv:
            t = t.setdefault(g, {})
        t[LEAF] = index
    return trie


def fixing_renamings(node: tuple, trie: dict) -> list[int]:
    """Return the indices of the renamings (`trie` from renaming_trie) that map the node onto itself,
    following only the branches that keep every position's value so far."""
    active = [trie]
    for i in range(len(node)):
        want = node[i]
        active = [sub for t in active for g, sub in t.items() if node[g] == want]
        if not active:
            return []
    return [t[LEAF] for t in active]


def least_renaming(node: tuple, trie: dict) -> tuple:
    """Return the lexicographically least of a node's renamings (`trie` from renaming_trie), fixing
    one position at a time and following only the renamings that reach the least value there."""
    active = [trie]
    out = []
    for _ in range(len(node)):
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
    return tuple(out)



class Renamer:
    """Canonical forms and fixing renamings of counted nodes under the renamings of gods."""

    def __init__(self, renamings: list[list[int]], agent_maps: list[tuple[int, ...]], both_groups: list[list[int]]):
        self.renamings = renamings
        self.trie = renaming_trie(renamings)
        self.both_groups = both_groups
        n = len(both_groups)
        self.refined = len(renamings) == math.factorial(n)  # every permutation of the gods renames
        self.index = {p: i for i, p in enumerate(agent_maps)}

    def signatures(self, node: tuple) -> list[tuple]:
        """Return, per god, the sorted values of the node's patterns where it answers both words."""
        return [tuple(sorted(node[g] for g in groups)) for groups in self.both_groups]

    def _tie_groups(self, node: tuple) -> list[list[int]]:
        """Return the gods grouped by equal signature, groups in signature order."""
        sig = self.signatures(node)
        order = sorted(range(len(sig)), key=sig.__getitem__)
        return [list(g) for _, g in itertools.groupby(order, key=sig.__getitem__)]

    def least(self, node: tuple) -> tuple:
        """Return a canonical form of a node: equal for two nodes exactly when a renaming maps one
        onto the other."""
        if not self.refined:
            return least_renaming(node, self.trie)
        ties = self._tie_groups(node)
        if math.prod(math.factorial(len(t)) for t in ties) > REFINED_LIMIT:
            return least_renaming(node, self.trie)
        best = None
        for parts in itertools.product(*(itertools.permutations(t) for t in ties)):
            inv = self.renamings[self.index[tuple(a for part in parts for a in part)]]
            image = tuple(node[j] for j in inv)
            if best is None or image < best:
                best = image
        return best

    def fixing(self, node: tuple) -> list[int]:
        """Return the indices of the renamings that map the node onto itself."""
        if not self.refined:
            return fixing_renamings(node, self.trie)
        ties = self._tie_groups(node)
        if math.prod(math.factorial(len(t)) for t in ties) > REFINED_LIMIT:
            return fixing_renamings(node, self.trie)
        n = len(self.both_groups)
        out = []
        for parts in itertools.product(*(itertools.permutations(t) for t in ties)):
            p = [0] * n
            for t, part in zip(ties, parts):  # a god goes to one of equal signature
                for a, b in zip(t, part):
                    p[a] = b
            i = self.index[tuple(p)]
            if tuple(node[j] for j in self.renamings[i]) == node:
                out.append(i)
        return out
