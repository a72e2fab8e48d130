"""What one question can make an addressee answer in one world: the semantics' local options.

- Local question: what a question is in one world, as a function of what the addressee can react to
  there (its own answer when self-reference is allowed; its own coin under `coin-shared`). A question
  whose truth differs inside one such piece gives that piece both answers, a superset of either
  constant choice, so unions of pieces are all that need trying.
- Option: an outcome set (bitmask over outcomes: the words, then silence) some local question
  produces; only minimal options are kept (a smaller outcome set is never worse for the asker).

Shared by the question search (interrogate.anylang) and the certificate checker, which trusts the
semantics and nothing of the search.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .semantics import ContextSpace
from .types import RANDOM


@dataclass(frozen=True, slots=True)
class Option:
    """An outcome set reachable in one world, with a local question (context bitset) reaching it."""

    outcomes: int  # bitmask over outcome indices (words, then silence)
    witness: int  # contexts of the world where the local question is true


def _minimal(options: dict[int, int]) -> list[Option]:
    """Return the options whose outcome sets contain no other option's set."""
    keys = sorted(options, key=lambda m: (bin(m).count("1"), m))
    keep = [m for m in keys if not any(o != m and o & m == o for o in keys)]
    return [Option(m, options[m]) for m in keep]


def local_options(ctx: ContextSpace, world: int, agent: int) -> tuple[list[Option], bool]:
    """Return the minimal options of asking `agent` anything in world `world`, and whether every
    question gives the same outcome set there (the world is then indifferent to the question)."""
    space = ctx.space
    w = space.worlds[world]
    wmask = ctx.world_mask(world)
    slots = [ctx.self_mask[a] & wmask for a in range(ctx.n_self)]
    if w.types[agent] == RANDOM and space.random_mode == "coin-shared":
        coins = [ctx.hid[(agent, "heads")] & wmask, ctx.hid[(agent, "tails")] & wmask]
    else:
        coins = [wmask]
    pieces = [s & c for s in slots for c in coins]
    outcomes_n = len(space.words) + 1
    found: dict[int, int] = {}
    for bits in itertools.product((0, 1), repeat=len(pieces)):
        t = 0
        for b, p in zip(bits, pieces):
            if b:
                t |= p
        ans = ctx.answers(agent, (t, wmask & ~t))
        if space.paradox == "forbidden" and ans.paradox & wmask:
            continue
        cells = ans.outcome_cells()
        mask = sum(1 << o for o in range(outcomes_n) if cells[o] & wmask)
        found.setdefault(mask, t)
    return _minimal(found), len(found) == 1
