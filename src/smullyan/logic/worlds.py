"""World spaces: every candidate world of a puzzle, enumerated once.

- World: each agent's type plus the meaning of each word (the language).
- World space: the agents, the vocabulary, the semantics options and the list of worlds.
- World set: an `int` bitset over a world space's worlds (bit i = world i).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping, Sequence

from ..errors import LimitReached, PuzzleError
from .types import NEITHER, NO, PARADOX_MODES, RANDOM, RANDOM_MODES, YES, canonical_type, constant_meaning

PLAIN_WORDS = ("yes", "no")


@dataclass(frozen=True, slots=True)
class World:
    """One candidate world: a type per agent and a meaning per word."""

    types: tuple[str, ...]
    language: tuple[str, ...]


MAX_WORLDS = 1_000_000  # candidate worlds (type assignments x languages) an interrogation puzzle may have


def distinct_permutations(items: Sequence[str]) -> list[tuple[str, ...]]:
    """Return the distinct orderings of a multiset, in the order `itertools.permutations` first meets them
    (each built once: no pass over all n! orderings)."""
    n = len(items)
    first: dict[str, int] = {}
    for i, x in enumerate(items):
        first.setdefault(x, i)
    out: list[tuple[str, ...]] = []

    def place(prefix: list[str], left: list[int]) -> None:
        if not left:
            out.append(tuple(prefix))
            return
        used = set()
        for j, i in enumerate(left):
            if items[i] in used:
                continue
            used.add(items[i])
            place(prefix + [items[i]], left[:j] + left[j + 1:])

    if n:
        place([], list(range(n)))
    else:
        out.append(())
    return out


def orderings(items: Sequence[str]) -> int:
    """Return how many distinct orderings a multiset has (the multinomial coefficient)."""
    count = math.factorial(len(items))
    for x in set(items):
        count //= math.factorial(list(items).count(x))
    return count


def refuse_if_too_many(assignments: int, languages: int) -> None:
    """Raise LimitReached, before anything is built, when a puzzle has more candidate worlds than MAX_WORLDS."""
    worlds = assignments * languages
    if worlds > MAX_WORLDS:
        how = f" ({assignments:,} type assignments x {languages} languages)" if languages > 1 else ""
        raise LimitReached(f"the puzzle has {worlds:,} candidate worlds{how}; exact search is refused above "
                           f"{MAX_WORLDS:,}")


def default_languages(words: Sequence[str]) -> list[tuple[str, ...]]:
    """Return every language where one word means yes, one means no and the rest mean neither."""
    if tuple(words) == PLAIN_WORDS:
        return [(YES, NO)]
    langs = []
    for y, n in itertools.permutations(range(len(words)), 2):
        langs.append(tuple(YES if i == y else NO if i == n else NEITHER for i in range(len(words))))
    return langs


@dataclass(frozen=True)
class WorldSpace:
    """The candidate worlds of a puzzle, with the semantics options that govern answers."""

    agents: tuple[str, ...]
    words: tuple[str, ...]
    worlds: tuple[World, ...]
    random_mode: str = "word"
    paradox: str = "forbidden"

    def __post_init__(self) -> None:
        if self.random_mode not in RANDOM_MODES:
            raise PuzzleError(f"unknown random mode '{self.random_mode}'; choose one of: {', '.join(RANDOM_MODES)}", key="random")
        if self.paradox not in PARADOX_MODES:
            raise PuzzleError(f"unknown paradox mode '{self.paradox}'; choose one of: {', '.join(PARADOX_MODES)}", key="paradox")
        if not self.worlds:
            raise PuzzleError("the puzzle has no candidate worlds")
        for w in self.worlds:
            for t in set(w.types):
                meaning = constant_meaning(t)
                if meaning is not None and meaning not in w.language:
                    words = ", ".join(self.words)
                    raise PuzzleError(f"type '{t}' always says the word meaning {meaning}, but with the words {words} "
                                      f"no word means {meaning} (a third word means neither)", key="types")

    @property
    def all_worlds(self) -> int:
        """Return the world set holding every world."""
        return (1 << len(self.worlds)) - 1

    def agent_index(self, agent: str) -> int:
        """Return the position of an agent; raise PuzzleError if unknown."""
        try:
            return self.agents.index(agent)
        except ValueError:
            raise PuzzleError(f"unknown agent '{agent}'; agents are {', '.join(self.agents)}") from None

    def word_index(self, word: str) -> int:
        """Return the position of a word; raise PuzzleError if unknown."""
        try:
            return self.words.index(word)
        except ValueError:
            raise PuzzleError(f"unknown word '{word}'; the vocabulary is {', '.join(self.words)}") from None

    def type_names(self) -> list[str]:
        """Return every type some agent has in some world, in first-seen order."""
        return list(dict.fromkeys(t for w in self.worlds for t in w.types))

    def meanings(self) -> list[str]:
        """Return every meaning some word has in some world."""
        return [m for m in (YES, NO, NEITHER) if any(m in w.language for w in self.worlds)]

    def randoms(self, world: World) -> tuple[int, ...]:
        """Return the positions of the random agents of a world."""
        return tuple(i for i, t in enumerate(world.types) if t == RANDOM)

    def hidden_values(self) -> tuple[str, ...]:
        """Return the values a random agent's hidden state ranges over."""
        if self.random_mode == "word":
            return self.words
        if self.random_mode == "word-or-silent":
            return self.words + ("silent",)
        return ("heads", "tails")

    def hidden_states(self, world: World) -> list[tuple[str, ...]]:
        """Return every joint hidden state of a world's random agents (one value per random agent)."""
        return list(itertools.product(self.hidden_values(), repeat=len(self.randoms(world))))

    def members(self, world_set: int) -> Iterator[int]:
        """Yield the indices of the worlds in a world set."""
        i = 0
        while world_set:
            if world_set & 1:
                yield i
            world_set >>= 1
            i += 1

    def identify(self, world_set: int, goal: str) -> tuple | None:
        """Return the goal value shared by every world in the set, or None if they differ."""
        values = {self.goal_value(i, goal) for i in self.members(world_set)}
        return values.pop() if len(values) == 1 else None

    def goal_value(self, index: int, goal: str) -> tuple:
        """Return what the goal asks to learn about world `index`."""
        w = self.worlds[index]
        return (w.types, w.language) if goal == "types+language" else (w.types,)

    def describe(self, index: int) -> str:
        """Return a short label for a world, such as 'A=truthful B=liar C=random; ja=yes da=no'."""
        w = self.worlds[index]
        types = " ".join(f"{a}={t}" for a, t in zip(self.agents, w.types))
        if tuple(self.words) == PLAIN_WORDS and w.language == (YES, NO):
            return types
        return types + "; " + " ".join(f"{word}={m}" for word, m in zip(self.words, w.language))


def build_space(
    agents: Sequence[str],
    assignments: Iterable[Sequence[str]],
    words: Sequence[str] | None = None,
    languages: Sequence[Sequence[str]] | None = None,
    random_mode: str = "word",
    paradox: str = "forbidden",
) -> WorldSpace:
    """Return the world space of every type assignment combined with every language."""
    agents = tuple(agents)
    words = tuple(words) if words else PLAIN_WORDS
    langs = [tuple(l) for l in (languages if languages is not None else default_languages(words))]
    assignments = list(assignments)
    refuse_if_too_many(len(assignments), len(langs))
    worlds = tuple(World(tuple(a), l) for a in assignments for l in langs)
    return WorldSpace(agents, words, worlds, random_mode, paradox)


def assignments_from_permutation(types: Sequence[str]) -> list[tuple[str, ...]]:
    """Return the type assignments where the agents have the given types in some order."""
    canon = [canonical_type(t) for t in types]
    refuse_if_too_many(orderings(canon), 1)
    return distinct_permutations(canon)


def assignments_from_allowed(agents: Sequence[str], allowed: Mapping[str, Sequence[str]]) -> list[tuple[str, ...]]:
    """Return every combination of each agent's allowed types."""
    per_agent = [list(dict.fromkeys(canonical_type(t) for t in allowed[a])) for a in agents]
    refuse_if_too_many(math.prod(len(p) for p in per_agent), 1)
    return [tuple(c) for c in itertools.product(*per_agent)]


def with_counts(assignments: Sequence[tuple[str, ...]], counts: Mapping[str, int]) -> list[tuple[str, ...]]:
    """Return the assignments in which exactly counts[t] agents have type t (canonical types)."""
    return [a for a in assignments if all(a.count(t) == n for t, n in counts.items())]


def counts_of(assignments: Sequence[tuple[str, ...]]) -> tuple[list[list[str]], dict[str, int]] | None:
    """Return (each agent's types, type counts) when the assignments are exactly every combination of the
    agents' types in which some types have fixed counts (only counts the combinations leave open), else None."""
    if not assignments:
        return None
    per_agent = [list(dict.fromkeys(a[i] for a in assignments)) for i in range(len(assignments[0]))]
    types = list(dict.fromkeys(t for ts in per_agent for t in ts))
    fixed = {t: assignments[0].count(t) for t in types if len({a.count(t) for a in assignments}) == 1}
    every = [tuple(c) for c in itertools.product(*per_agent)]
    counted = with_counts(every, fixed)
    if len(counted) != len(assignments) or set(counted) != set(assignments):
        return None
    return per_agent, {t: n for t, n in fixed.items() if len({c.count(t) for c in every}) > 1}
