"""The one place the rules of truth, lies, randomness and paradox live (DESIGN §3).

Concepts:
- Context: (world, hidden state, own answer). The hidden state gives every random agent of the world
  a value for the current question (a word, or a coin side). The own answer is the word the
  addressee says to this very question; it exists only in spaces that allow `self`.
- Cell: (world, hidden state); a context without the own answer.
- Table: what a proposition may be in each context, as two context bitsets (can_true, can_false).
  Both bits set means undetermined (a hypothetical answer nobody is bound to); every valid context
  has at least one bit. Propositions with equal tables are interchangeable in every question.
- Outcome: a word, or silence (index len(words)). An agent's outcomes for a question are computed per
  cell as bitsets over cells, then collected per world.

Layout: world i owns the bits [i*B, (i+1)*B) with B a power of two; inside, context
(h, a) sits at h*n_self + a. A cell is represented by its first context (a = 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable
from functools import reduce
from operator import or_

from ..errors import LimitReached, PuzzleError
from . import expr as E
from .types import LIAR, MEANINGS, NO, RANDOM, SILENT, TRUTHFUL, YES, canonical_type, constant_meaning
from .worlds import WorldSpace

SILENCE = "silent"


@dataclass(frozen=True, slots=True)
class Answers:
    """An agent's possible outcomes for one question, as bitsets over cells."""

    said: tuple[int, ...]  # per word: cells where the agent may say it
    silent: int  # cells where the agent may say nothing (paradox or a silent type)
    paradox: int  # cells where the agent may have no consistent answer

    def outcome_cells(self) -> tuple[int, ...]:
        """Return the cell bitset of every outcome: each word, then silence."""
        return self.said + (self.silent,)


def _next_pow2(n: int) -> int:
    return 1 << max(0, (n - 1).bit_length())


MAX_CONTEXTS = 1 << 22  # contexts (world x hidden state x own answer) a puzzle's question tables may span


class _Bits:
    """A bitset built bit by bit in linear time (a byte per bit), turned into an int once at the end."""

    __slots__ = ("b",)

    def __init__(self, width: int):
        self.b = bytearray(width)

    def set(self, start: int, length: int) -> None:
        """Set `length` bits from `start`."""
        self.b[start:start + length] = ONES[:length] if length <= len(ONES) else b"\x01" * length

    def value(self) -> int:
        """Return the bitset as an int (bit i is byte i)."""
        return int(bytes(self.b[::-1]).translate(DIGITS), 2) if self.b else 0


ONES = b"\x01" * 4096
DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def _bits(table: dict, key: tuple, width: int) -> _Bits:
    got = table.get(key)
    if got is None:
        got = table[key] = _Bits(width)
    return got


def refuse_if_too_many_contexts(space: WorldSpace, n_self: int) -> None:
    """Raise LimitReached, before any table is built, when the contexts would exceed MAX_CONTEXTS."""
    per_state = len(space.hidden_values())
    contexts = len(space.worlds) * _next_pow2(max(per_state ** len(space.randoms(w)) for w in space.worlds) * n_self)
    if contexts > MAX_CONTEXTS:
        raise LimitReached(f"the puzzle has {contexts:,} contexts (worlds x random gods' hidden states"
                           f"{' x own answers' if n_self > 1 else ''}); exact search is refused above {MAX_CONTEXTS:,}")


class ContextSpace:
    """Contexts of a world space, the masks of its atoms, and the answer rules."""

    def __init__(self, space: WorldSpace, with_self: bool | None = None, check: Callable[[], None] | None = None):
        self.space = space
        self.with_self = space.paradox == "silent" if with_self is None else with_self
        self.self_words = space.words if self.with_self else (None,)
        n_self = len(self.self_words)
        self.n_self = n_self
        refuse_if_too_many_contexts(space, n_self)
        hidden = [space.hidden_states(w) for w in space.worlds]
        self.hidden = hidden
        self.block = _next_pow2(max(len(h) for h in hidden) * n_self)
        self.n_worlds = len(space.worlds)
        nwords = len(space.words)

        width = self.n_worlds * self.block
        valid, cells, starts = _Bits(width), _Bits(width), _Bits(width)
        types: dict[tuple[int, str], _Bits] = {}
        meaning: dict[tuple[int, str], _Bits] = {}
        self_bits = [_Bits(width) for _ in range(n_self)]
        hid: dict[tuple[int, str], _Bits] = {}
        for i, w in enumerate(space.worlds):
            if check is not None and i % 256 == 255:
                check()
            base = i * self.block
            starts.set(base, 1)
            rand = space.randoms(w)
            span = len(hidden[i]) * n_self
            for hi, h in enumerate(hidden[i]):
                cell = base + hi * n_self
                cells.set(cell, 1)
                for a in range(n_self):
                    self_bits[a].set(cell + a, 1)
                for r, value in zip(rand, h):
                    _bits(hid, (r, value), width).set(cell, n_self)
            valid.set(base, span)
            for ag, t in enumerate(w.types):
                _bits(types, (ag, t), width).set(base, span)
            for wi, m in enumerate(w.language):
                _bits(meaning, (wi, m), width).set(base, span)
        valid, cells, starts = valid.value(), cells.value(), starts.value()
        types = {k: b.value() for k, b in types.items()}  # type: ignore[misc]
        meaning = {k: b.value() for k, b in meaning.items()}  # type: ignore[misc]
        hid = {k: b.value() for k, b in hid.items()}  # type: ignore[misc]
        self_mask = [b.value() for b in self_bits]
        self.valid, self.cells, self.starts = valid, cells, starts
        self.types, self.meaning, self.hid = types, meaning, hid
        self.self_mask = self_mask
        self.yes_word = [meaning.get((wi, YES), 0) for wi in range(nwords)]
        self.no_word = [meaning.get((wi, NO), 0) for wi in range(nwords)]
        self._table_cache: dict[E.Expr, tuple[int, int]] = {}
        self._behaviours: dict[tuple[int, bool], tuple[int, int, tuple[int, ...], int]] = {}

    # ------------------------------------------------------------ helpers

    def world_mask(self, index: int) -> int:
        """Return the context bitset of one world."""
        return self.valid & (((1 << self.block) - 1) << (index * self.block))

    def type_mask(self, agent: int, type_name: str) -> int:
        """Return the contexts where an agent has a type."""
        return self.types.get((agent, type_name), 0)

    def spread(self, cells: int) -> int:
        """Return the contexts of the given cells (every own-answer slot)."""
        out = cells
        for a in range(1, self.n_self):
            out |= cells << a
        return out

    def per_world(self, cells: int) -> int:
        """Return the dense world set of worlds having at least one of the given bits."""
        x, s = cells, 1
        while s < self.block:
            x |= x >> s
            s <<= 1
        x &= self.starts
        if not x:
            return 0
        width = self.n_worlds * self.block
        bits = format(x, f"0{width}b")
        return int(bits[self.block - 1 :: self.block], 2)

    # ------------------------------------------------------------ answers

    def _persona(self, t: int, f: int) -> tuple[list[int], int]:
        """Return (cells where each word is a consistent answer, cells with none) for a truth-teller."""
        said = []
        for wi in range(len(self.space.words)):
            ok = (self.yes_word[wi] & t) | (self.no_word[wi] & f)
            if self.with_self:
                said.append((ok & self.self_mask[wi]) >> wi)
            else:
                said.append(ok)
        none = self.cells & ~reduce(or_, said, 0)
        return said, none

    def behaviour(self, agent: int, embedded: bool = False) -> tuple[int, int, tuple[int, ...], int]:
        """Return (cells answering as a truth-teller, as a liar, cells saying each word whatever
        is asked, cells of a silent type) for an agent; cached per agent."""
        key = (agent, embedded)
        got = self._behaviours.get(key)
        if got is not None:
            return got
        space, cells = self.space, self.cells
        truthful = self.type_mask(agent, TRUTHFUL) & cells
        liar = self.type_mask(agent, LIAR) & cells
        rnd = self.type_mask(agent, RANDOM) & cells
        fixed = [0] * len(space.words)
        silent = 0
        if rnd:
            if space.random_mode in ("word", "word-or-silent"):
                for wi, word in enumerate(space.words):
                    fixed[wi] |= self.hid.get((agent, word), 0) & rnd
                silent |= self.hid.get((agent, "silent"), 0) & rnd
            elif space.random_mode == "coin" and embedded:
                truthful |= rnd  # a hypothetical coin: either persona may answer
                liar |= rnd
            else:
                truthful |= self.hid.get((agent, "heads"), 0) & rnd
                liar |= self.hid.get((agent, "tails"), 0) & rnd
        for (ag, tname), mask in self.types.items():
            if ag != agent:
                continue
            m = constant_meaning(tname)
            if m is not None:
                for wi in range(len(space.words)):
                    fixed[wi] |= mask & cells & self.meaning.get((wi, m), 0)
            elif tname == SILENT:
                silent |= mask & cells
        got = self._behaviours[key] = (truthful, liar, tuple(fixed), silent)
        return got

    def answers(self, agent: int, table: tuple[int, int], embedded: bool = False) -> Answers:
        """Return the outcomes of asking `agent` a proposition with this table.

        `embedded` is True inside an `answers` atom: a hypothetical asking. Under the `coin`
        reading a hypothetical asking of a random agent has its own unknown coin, so it may go
        either way; under `word` and `coin-shared` it shares the hidden state of the real question.
        """
        t, f = table
        truthful, liar, fixed, silent = self.behaviour(agent, embedded)
        said = list(fixed)
        paradox = 0
        if truthful:
            t_said, t_none = self._persona(t, f)
            for wi, c in enumerate(t_said):
                said[wi] |= c & truthful
            paradox |= t_none & truthful
        if liar:
            l_said, l_none = self._persona(f, t)
            for wi, c in enumerate(l_said):
                said[wi] |= c & liar
            paradox |= l_none & liar
        return Answers(tuple(said), silent | paradox, paradox)

    def outcome_worlds(self, agent: int, table: tuple[int, int]) -> tuple[tuple[int, ...], int]:
        """Return (world set of each outcome, world set where a paradox may silence the agent)."""
        ans = self.answers(agent, table)
        return tuple(self.per_world(c) for c in ans.outcome_cells()), self.per_world(ans.paradox)

    # ------------------------------------------------------------ tables

    def const(self, value: bool) -> tuple[int, int]:
        """Return the table of a constant."""
        return (self.valid, 0) if value else (0, self.valid)

    def atom(self, mask: int) -> tuple[int, int]:
        """Return the table of a determined proposition true exactly on `mask`."""
        return (mask, self.valid & ~mask)

    def answers_table(self, agent: int, table: tuple[int, int], word: int) -> tuple[int, int]:
        """Return the table of 'agent, asked this, would say word'."""
        ans = self.answers(agent, table, embedded=True)
        outs = ans.outcome_cells()
        other = reduce(or_, (c for i, c in enumerate(outs) if i != word), 0)
        return (self.spread(outs[word]), self.spread(other))

    def table(self, e: E.Expr) -> tuple[int, int]:
        """Return the table of an expression; raise PuzzleError for unknown names."""
        cached = self._table_cache.get(e)
        if cached is None:
            cached = self._table_cache[e] = self._table(e)
        return cached

    def _table(self, e: E.Expr) -> tuple[int, int]:
        space = self.space
        match e:
            case E.Const(value):
                return self.const(value)
            case E.TypeIs(agent, type_name):
                return self.atom(self.type_mask(space.agent_index(agent), canonical_type(type_name)))
            case E.Means(word, meaning):
                if meaning not in MEANINGS:
                    raise PuzzleError(f"unknown meaning '{meaning}'; meanings are {', '.join(MEANINGS)}")
                return self.atom(self.meaning.get((space.word_index(word), meaning), 0))
            case E.SelfAnswer(word):
                wi = space.word_index(word)
                if not self.with_self:
                    raise PuzzleError("a question mentions the god's own answer ('self'); this needs paradox = \"silent\" or a space with self-reference")
                return self.atom(self.self_mask[wi])
            case E.Not(arg):
                t, f = self.table(arg)
                return (f, t)
            case E.And(args):
                tabs = [self.table(a) for a in args]
                return (reduce(lambda x, y: x & y, (t for t, _ in tabs)), reduce(or_, (f for _, f in tabs)))
            case E.Or(args):
                tabs = [self.table(a) for a in args]
                return (reduce(or_, (t for t, _ in tabs)), reduce(lambda x, y: x & y, (f for _, f in tabs)))
            case E.Xor(a, b):
                return xor_table(self.table(a), self.table(b))
            case E.Iff(a, b):
                t, f = xor_table(self.table(a), self.table(b))
                return (f, t)
            case E.Implies(a, b):
                at, af = self.table(a)
                bt, bf = self.table(b)
                return (af | bt, at & bf)
            case E.Answers(agent, question, word):
                return self.answers_table(space.agent_index(agent), self.table(question), space.word_index(word))
        raise PuzzleError(f"not an expression: {e!r}")


def xor_table(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Return the table of 'exactly one of a, b'."""
    at, af = a
    bt, bf = b
    return ((at & bf) | (af & bt), (at & bt) | (af & bf))


def and_table(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Return the table of 'a and b'."""
    return (a[0] & b[0], a[1] | b[1])


def or_table(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Return the table of 'a or b'."""
    return (a[0] | b[0], a[1] & b[1])


def iff_table(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Return the table of 'a if and only if b'."""
    t, f = xor_table(a, b)
    return (f, t)
