"""Turning search trees into strategies people can ask.

- Target: for each world of a node, the outcome set a split sends it to (from the `any` search).
- Realising question: a grammar expression whose outcomes in every world of the node lie within the
  target; found by (1) the simplest grammar question with that behaviour, else (2) the embedded
  question lemma "If I asked you P, would you say w?" with P a small formula over types, else
  (3) a formula naming the worlds and the addressee's own answer (and coin) directly.
Every realised question is checked with the semantics before it is used.

Grammar levels of complexity 2 and more are large (about 300,000 distinct questions at 5 gods,
1,400,000 at 7) and rarely word a split the cheaper steps cannot: they are built only when their
enumeration is small (`COSTLY_PAIRS`), and scanned smallest first up to `COSTLY_SCAN` questions per
addressee. Beyond that the direct question (3) words the split; wording changes, never correctness.
"""

from __future__ import annotations

import itertools

from ..logic import expr as E
from ..logic.semantics import ContextSpace
from ..logic.types import RANDOM, YES
from ..logic.worlds import PLAIN_WORDS
from .anylang import AnyLanguage
from .expected import answer_distribution
from .search import Ask as SearchAsk
from .search import Leaf as SearchLeaf
from .grammar import Grammar
from .signatures import Signature
from .strategy import Ask, Identified, Node

COSTLY_PAIRS = 1_000_000  # a costly grammar level is built only if it combines at most this many pairs
COSTLY_SCAN = 100_000  # questions of a costly level tried per addressee, smallest first


def identified(space, worlds: int, goal: str) -> Identified:
    """Return the leaf naming what every world of the set shares."""
    i = next(space.members(worlds))
    w = space.worlds[i]
    lang = tuple(zip(space.words, w.language)) if goal == "types+language" else None
    return Identified(tuple(zip(space.agents, w.types)), lang)


def realise_grammar(space, goal: str, outcome_names: list[str], node: SearchAsk | SearchLeaf) -> Node:
    """Return the strategy of a grammar-mode search tree (its splits carry signatures)."""
    if isinstance(node, SearchLeaf):
        return identified(space, node.worlds, goal)
    sig: Signature = node.split.payload
    branches = tuple((outcome_names[o], realise_grammar(space, goal, outcome_names, child)) for o, child in node.branches)
    return Ask(space.agents[sig.addressee], sig.entry.expr, branches)


class AnyRealiser:
    """Builds strategies from `any`-language search trees."""

    def __init__(self, ctx: ContextSpace, anyl: AnyLanguage, goal: str, grammar: Grammar, max_complexity: int,
                 same_odds: bool = False):
        self.ctx = ctx
        self.space = ctx.space
        self.anyl = anyl
        self.goal = goal
        self.grammar = grammar
        self.max_complexity = max_complexity
        self.same_odds = same_odds  # also keep each world's odds of each answer (expected objective)
        self.outcome_names = list(self.space.words) + ["silent"]
        self._sigs: dict[tuple[int, int], list[tuple[tuple[int, ...], int, E.Expr]]] = {}
        self._atoms: dict[tuple[str, int, object], int] = {}  # (kind, position, value) -> worlds

    def _level(self, agent: int, c: int) -> list[tuple[tuple[int, ...], int, E.Expr]]:
        """Return (outcome worlds, paradox worlds, expression) of grammar level c for an agent (of a
        costly level: its COSTLY_SCAN smallest questions, and none if the level is too large to build)."""
        key = (agent, c)
        got = self._sigs.get(key)
        if got is None:
            got = []
            seen = set()
            if c >= 2 and not self._affordable(c):
                self._sigs[key] = got
                return got
            entries = sorted(self.grammar.level(c), key=lambda e: e.size)
            if c >= 2:
                entries = entries[:COSTLY_SCAN]
            for i, e in enumerate(entries):
                if i % 64 == 63:
                    self.grammar.budget.check_time()
                outs, paradox = self.ctx.outcome_worlds(agent, e.table)
                if (outs, paradox) not in seen:
                    seen.add((outs, paradox))
                    got.append((outs, paradox, e.expr))
            self._sigs[key] = got
        return got

    def _affordable(self, c: int) -> bool:
        """Return whether grammar level c is built already or combines at most COSTLY_PAIRS pairs."""
        g = self.grammar
        if c <= 1 or len(g.levels) > c:
            return True
        if not self._affordable(c - 1):
            return False
        g.level(c - 1)
        prev = g.levels[c - 1]
        lower = sum(len(lvl) for lvl in g.levels[: c - 1])
        return len(g.connectives) * len(prev) * (len(prev) // 2 + lower) <= COSTLY_PAIRS

    def realise(self, node: SearchAsk | SearchLeaf, worlds: int) -> Node:
        """Return the strategy for the original world set `worlds` following a search tree."""
        space = self.space
        if space.identify(worlds, self.goal) is not None:
            return identified(space, worlds, self.goal)
        self.grammar.budget.check_time()  # wording a large tree takes seconds: the time limit holds here too
        assert isinstance(node, SearchAsk), "a search leaf must identify its worlds"
        agent = node.split.addressee
        targets = {i: m for i, m in self.anyl.targets(node.worlds, node.split).items() if worlds >> i & 1}
        question, outs = self.question(agent, targets, worlds)
        by_outcome = dict(node.branches)
        branches = []
        for o, ws in enumerate(outs):
            child = ws & worlds
            if child:
                branches.append((self.outcome_names[o], self.realise(by_outcome[o], child)))
        return Ask(space.agents[agent], question, tuple(branches))

    def _fits(self, agent: int, table, targets: dict[int, int], worlds: int) -> tuple[int, ...] | None:
        outs, paradox = self.ctx.outcome_worlds(agent, table)
        return self._fits_outs(outs, paradox, targets, worlds)

    def _fits_outs(self, outs, paradox, targets, worlds) -> tuple[int, ...] | None:
        if self.space.paradox == "forbidden" and paradox & worlds:
            return None
        for o, ws in enumerate(outs):
            x = ws & worlds
            while x:
                low = x & -x
                i = low.bit_length() - 1
                if not targets[i] >> o & 1:
                    return None
                x ^= low
        return outs

    def question(self, agent: int, targets: dict[int, int], worlds: int) -> tuple[E.Expr, tuple[int, ...]]:
        """Return a question to `agent` sending every world within its target, and its outcomes."""
        def grammar(levels):
            for c in levels:
                for outs, paradox, q in self._level(agent, c):
                    if self._fits_outs(outs, paradox, targets, worlds) is not None:
                        return q
            return None

        cheap = range(min(1, self.max_complexity) + 1)
        costly = range(2, self.max_complexity + 1)
        for make in (lambda: grammar(cheap), lambda: self._lemma(agent, targets),
                     lambda: grammar(costly), lambda: self._direct(agent, targets)):
            q = make()
            if q is not None:
                table = self.ctx.table(q)
                outs = self._fits(agent, table, targets, worlds)
                if outs is not None and (not self.same_odds or self._same_odds(agent, table, targets)):
                    return q, outs
        raise AssertionError("no question realises a split the search found")  # a bug, never user input

    def _same_odds(self, agent: int, table: tuple[int, int], targets: dict[int, int]) -> bool:
        """Return whether a question gives every world the same odds of each answer as the split's
        local questions (fair hidden states), so the expected count the search computed holds."""
        ctx = self.ctx
        for i, m in targets.items():
            t = self.anyl.witness(i, agent, m)
            wmask = ctx.world_mask(i)
            want = answer_distribution(ctx, i, agent, (t, wmask & ~t))
            if answer_distribution(ctx, i, agent, (table[0] & wmask, table[1] & wmask)) != want:
                return False
        return True

    # ----------------------------------------------------------- formulas over worlds

    def _literals(self, i: int, with_language: bool) -> list[tuple[E.Expr, int]]:
        """Return the atoms true in world i, each with the dense world set where it holds."""
        space = self.space
        w = space.worlds[i]
        out = []
        for a, (ag, t) in enumerate(zip(space.agents, w.types)):
            out.append((E.TypeIs(ag, t), self._atom_worlds("type", a, t)))
        if with_language and space.words != PLAIN_WORDS:
            for j, (word, m) in enumerate(zip(space.words, w.language)):
                out.append((E.Means(word, m), self._atom_worlds("word", j, m)))
        return out

    def _atom_worlds(self, kind: str, position: int, value) -> int:
        """Return the worlds where a god has a type ("type") or a word has a meaning ("word")."""
        key = (kind, position, value)
        got = self._atoms.get(key)
        if got is None:
            got = 0
            for i, w in enumerate(self.space.worlds):
                if (w.types if kind == "type" else w.language)[position] == value:
                    got |= 1 << i
            self._atoms[key] = got
        return got

    def dnf(self, on: int, off: int, with_language: bool) -> E.Expr:
        """Return a small disjunction of conjunctions of atoms true on every world of `on`, false on `off`."""
        terms: list[E.Expr] = []
        left = on
        while left:
            i = (left & -left).bit_length() - 1
            lits = self._literals(i, with_language)
            best = None
            for r in range(1, len(lits) + 1):
                for combo in itertools.combinations(lits, r):
                    ws = self.space.all_worlds
                    for _, m in combo:
                        ws &= m
                    if ws & off == 0:
                        if best is None or bin(ws & left).count("1") > bin(best[1] & left).count("1"):
                            best = (combo, ws)
                if best is not None:
                    break
            if best is None:
                return E.FALSE  # worlds in `on` and `off` agree on every atom: no formula separates them
            combo, ws = best
            atoms = [a for a, _ in combo]
            terms.append(atoms[0] if len(atoms) == 1 else E.And(tuple(atoms)))
            left &= ~ws
        if not terms:
            return E.FALSE
        return terms[0] if len(terms) == 1 else E.Or(tuple(terms))

    def _lemma(self, agent: int, targets: dict[int, int]) -> E.Expr | None:
        """Return 'If I asked you P, would you say w?' for a two-way split, or None."""
        words = self.space.words
        singles = {m for m in targets.values() if bin(m).count("1") == 1}
        cares = {i for i, m in targets.items() if bin(m).count("1") == 1}
        if not singles or any(m >> len(words) & 1 for m in singles) or len(singles) > 2:
            return None
        first = min(singles).bit_length() - 1
        on = sum(1 << i for i in cares if targets[i] == 1 << first)
        off = sum(1 << i for i in cares if targets[i] != 1 << first)
        p = self.dnf(on, off, with_language=False)
        return E.Answers(self.space.agents[agent], p, words[first])

    def _local_formula(self, agent: int, world: int, witness: int) -> E.Expr:
        """Return a formula over the own answer and the addressee's coin equal to a local question."""
        ctx, space = self.ctx, self.space
        wmask = ctx.world_mask(world)
        if witness & wmask == 0:
            return E.FALSE
        if witness & wmask == wmask:
            return E.TRUE
        coin_split = space.worlds[world].types[agent] == RANDOM and space.random_mode == "coin-shared"
        coins = [("heads", ctx.hid[(agent, "heads")]), ("tails", ctx.hid[(agent, "tails")])] if coin_split else [(None, wmask)]
        name = space.agents[agent]
        first = space.words[0]
        if len(space.words) == 2:  # one word means yes, the other no: 'you would say w' iff 'w means yes'
            heads: E.Expr = E.Iff(E.Answers(name, E.TRUE, first), E.Means(first, YES))
        else:  # a word may mean neither: 'you would say the word that means yes'
            heads = E.Or(tuple(E.And((E.Answers(name, E.TRUE, w), E.Means(w, YES))) for w in space.words))
        parts = []
        for coin, cmask in coins:
            said = [space.words[a] for a in range(ctx.n_self) if witness & cmask & wmask & ctx.self_mask[a]]
            if not said:
                continue
            if not ctx.with_self or len(said) == ctx.n_self:  # true whatever the god answers
                local: E.Expr = E.TRUE
            else:
                local = E.SelfAnswer(said[0]) if len(said) == 1 else E.Or(tuple(E.SelfAnswer(w) for w in said))
            if coin is not None:
                lit = heads if coin == "heads" else E.Not(heads)
                local = lit if local == E.TRUE else E.And((lit, local))
            parts.append(local)
        if not parts:
            return E.FALSE
        return parts[0] if len(parts) == 1 else E.Or(tuple(parts))

    def _direct(self, agent: int, targets: dict[int, int]) -> E.Expr:
        """Return a question naming worlds and the addressee's own answer (always realisable)."""
        groups: dict[E.Expr, int] = {}
        cares = 0
        for i, m in targets.items():
            if self.anyl.indifferent[i][agent]:
                continue
            cares |= 1 << i
            f = self._local_formula(agent, i, self.anyl.witness(i, agent, m))
            groups[f] = groups.get(f, 0) | (1 << i)
        terms = []
        for f, on in groups.items():
            if f == E.FALSE:
                continue
            d = self.dnf(on, cares & ~on, with_language=True)
            terms.append(d if f == E.TRUE else E.And((d, f)))
        if not terms:
            return E.FALSE
        return terms[0] if len(terms) == 1 else E.Or(tuple(terms))
