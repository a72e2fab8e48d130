"""The complete grammar closure at complexity 3, computed over the space of all tables.

Level 3 holds `not p`, `answers(X, p, w)` and `p op q` for p of level 2 and q of level ≤ 2. Pairing
the ~10^4 level-2 tables with each other one by one is ~10^8 operations per connective; instead, with
a table read as an n-bit number (one bit per context), the set {a & b} of all pairs is the support of
the AND-convolution of the two sets' indicator vectors over all 2^n tables, computed exactly with
the superset zeta and Möbius transforms; OR uses the subset transforms, XOR the Walsh–Hadamard
transform, and IFF is the complement of XOR. Exact integer arithmetic: no pair is missed or invented.

Only spaces whose tables are determinate (no undetermined hypothetical answers) and whose contexts
are bits 0..n-1 with n ≤ 26 qualify; `closure_supported` says why not otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..logic.semantics import ContextSpace
from .grammar import Grammar

MAX_BITS = 26


@dataclass(frozen=True)
class LevelCount:
    """Distinct tables and distinct (addressee, signature) pairs up to one complexity."""

    complexity: int
    tables: int
    signatures: int


def closure_supported(ctx: ContextSpace, grammar: Grammar) -> str | None:
    """Return None if the transform closure applies to this space, else the reason it does not."""
    n = ctx.valid.bit_length()
    if ctx.valid != (1 << n) - 1:
        return "contexts are not contiguous (hidden states differ between worlds)"
    if n > MAX_BITS:
        return f"{n} contexts: 2^{n} tables is too many to index"
    for e in grammar.upto(2):
        if e.table[1] != ctx.valid & ~e.table[0]:
            return "some questions have undetermined answers (coin reading or self-reference)"
    return None


CHUNK = 32


def pair_closure(left: np.ndarray, right: np.ndarray, n: int) -> np.ndarray:
    """Return a boolean vector over all 2^n tables: reachable as and/or/xor/iff of a left and a right table.

    Every pair is formed (in chunks, vectorised); a determinate table is its n-bit can-be-true
    set, so AND, OR and XOR of tables are the bitwise operations and IFF is the complement of XOR.
    """
    full = np.uint32((1 << n) - 1)
    a, b = left.astype(np.uint32), right.astype(np.uint32)
    out = np.zeros(1 << n, dtype=bool)
    for i in range(0, len(a), CHUNK):
        block = a[i:i + CHUNK, None]
        out[(block & b).ravel()] = True
        out[(block | b).ravel()] = True
        x = (block ^ b).ravel()
        out[x] = True
        out[full ^ x] = True
    return out


_COMPACT = [(1, 0x3333333333333333), (2, 0x0F0F0F0F0F0F0F0F), (4, 0x00FF00FF00FF00FF),
            (8, 0x0000FFFF0000FFFF), (16, 0x00000000FFFFFFFF)]


def _compact_even(x: np.ndarray) -> np.ndarray:
    """Return the even bits of each 64-bit word packed into its low half."""
    x = x & np.uint64(0x5555555555555555)
    for shift, mask in _COMPACT:
        x = (x | (x >> np.uint64(shift))) & np.uint64(mask)
    return x


def per_world_vector(ctx: ContextSpace, cells: np.ndarray) -> np.ndarray:
    """Return, per table, the dense world set of worlds having a bit among `cells` (vector form of
    ContextSpace.per_world; contexts must fit in 64 bits)."""
    x = cells.copy()
    s = 1
    while s < ctx.block:
        x |= x >> np.uint64(s)
        s <<= 1
    x &= np.uint64(ctx.starts)
    s = 1
    while s < ctx.block:  # stride `block` -> stride 1, halving each round
        x = _compact_even(x)
        s <<= 1
    return x


def signature_count(ctx: ContextSpace, tables: np.ndarray) -> int:
    """Return the number of distinct (addressee, signature) pairs of a set of determinate tables.

    An addressee's answers read a table only in the cells where it answers as a truth-teller or a
    liar, so tables are first cut down to those contexts and deduplicated.
    """
    tables = tables.astype(np.uint64)
    nw = ctx.n_worlds
    total = 0
    for agent in range(len(ctx.space.agents)):
        truthful, liar, _, _ = ctx.behaviour(agent)
        t = np.unique(tables & np.uint64(ctx.spread(truthful | liar)))
        f = np.uint64(ctx.valid) & ~t
        ans = ctx.answers(agent, (t, f))
        key = np.zeros(len(t), dtype=np.uint64)
        for o, cells in enumerate(ans.outcome_cells()):
            cells = np.broadcast_to(np.asarray(cells, dtype=np.uint64), t.shape)
            if cells.any():
                key |= per_world_vector(ctx, cells) << np.uint64(o * nw)
        total += len(np.unique(key))
    return total


def closure_levels(ctx: ContextSpace, grammar: Grammar, upto: int = 3) -> list[LevelCount]:
    """Return distinct tables and signatures for each complexity up to `upto` (at most 3)."""
    counts = []
    for c in range(min(upto, 2) + 1):
        tabs = np.array([e.table[0] for e in grammar.upto(c)], dtype=np.uint64)
        counts.append(LevelCount(c, len(tabs), signature_count(ctx, tabs)))
    if upto < 3:
        return counts
    reason = closure_supported(ctx, grammar)
    if reason is not None:
        raise ValueError(f"the complexity-3 closure does not apply: {reason}")
    n = ctx.valid.bit_length()
    low = np.array([e.table[0] for e in grammar.upto(2)], dtype=np.uint64)
    top = np.array([e.table[0] for e in grammar.level(2)], dtype=np.uint64)
    reach = pair_closure(top, low, n)
    reach[low.astype(np.int64)] = True
    full = np.uint64((1 << n) - 1)
    reach[(full ^ top).astype(np.int64)] = True  # not p
    f_top = full & ~top
    for agent in range(len(ctx.space.agents)):
        for word in range(len(ctx.space.words)):
            t, _ = ctx.answers_table(agent, (top, f_top), word)
            reach[np.asarray(t, dtype=np.int64)] = True
    tabs = np.flatnonzero(reach).astype(np.uint64)
    counts.append(LevelCount(3, len(tabs), signature_count(ctx, tabs)))
    return counts
