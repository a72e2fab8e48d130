"""Gods puzzles written as English that the gods reader (english/gods.py) reads back to the same puzzle.

`gods_text(puzzle)` writes, in Boolos's words where they reach:
- who the gods are: "Three gods A, B, and C are called, in no particular order, True, False, and
  Random." (every ordering of one multiset of types), or "Three gods are called A, B, and C." and
  one sentence per god: "A is True or Random." (every combination of per-god types);
- how they answer: "True always speaks truly, False always speaks falsely, but whether Random speaks
  truly or falsely is a completely random matter." (the random reading: `word` answers 'ja' or 'da'
  at random, `coin` speaks truly or falsely at random, `coin-shared` as coin, "settled once for each
  question and kept for any question about Random inside it");
- the task: the gods' identities (and, with goal types+language, "which word means yes"), by asking
  k yes-no questions (no number when the puzzle has no budget);
- the words: "… in which the words for yes and no are ja and da, in some order. You do not know which
  word means which." (nothing when the gods answer plain yes and no);
- "A god who cannot answer consistently says nothing." when paradoxical questions silence a god.

What cannot be written: a question language other than `any` up to complexity 2 (what the reader
makes), the expected objective, types other than truthful, liar and random, gods named other than by
one capital letter, words other than two lower-case words of unknown meaning (or plain yes/no), world
spaces that are neither form above, and a random reading when no god can be random (it changes
nothing, and the text cannot say it). Those raise PuzzleError.

`variant` (a random.Random) picks among phrasings ("in some order", "A is either True or Random",
"and" between conducts, "stays silent", …); None writes one fixed plain wording. With `check` the
text is read back with smullyan's reader and must give the same puzzle (else PuzzleError).
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Sequence

from ..errors import PuzzleError
from ..interrogate.puzzle import Interrogation
from ..logic.types import LIAR, RANDOM, TRUTHFUL, canonical_type
from ..logic.worlds import (PLAIN_WORDS, World, WorldSpace, counts_of, default_languages, distinct_permutations,
                            with_counts)

FALLBACK = {TRUTHFUL: "True", LIAR: "False", RANDOM: "Random"}
MANNER = {TRUTHFUL: "truly", LIAR: "falsely"}
NUMBERS = "zero one two three four five six seven eight".split()
NAME = re.compile(r"[A-Z]")
WORD = re.compile(r"[a-z]+")
TYPE_TOKEN = re.compile(r"[A-Z][a-z]+")


def _cannot(reason: str) -> PuzzleError:
    return PuzzleError(f"this puzzle cannot be written as a gods text: {reason}")


def _pick(variant: random.Random | None, options: Sequence[str]) -> str:
    """Return the first option (no variant) or one drawn from the variant."""
    return options[0] if variant is None else variant.choice(options)


def _number(n: int, capital: bool = False) -> str:
    word = NUMBERS[n] if n < len(NUMBERS) else str(n)
    return word.capitalize() if capital else word


def _join(items: Sequence[str], word: str = "and") -> str:
    """Return 'A and B' or 'A, B, and C'."""
    if len(items) <= 2:
        return f" {word} ".join(items)
    return ", ".join(items[:-1]) + f", {word} " + items[-1]


def cast_of(space: WorldSpace) -> tuple[str, list[list[str]]]:
    """Return ('types', [the multiset in order]) or ('allowed', [each god's types in order]) for a space
    whose worlds are every ordering of one multiset (or every combination of per-god types) with every
    language; raise PuzzleError for any other space."""
    assignments = list(dict.fromkeys(w.types for w in space.worlds))
    languages = list(dict.fromkeys(w.language for w in space.worlds))
    if space.worlds != tuple(World(a, l) for a in assignments for l in languages):
        raise _cannot("its worlds are not every type assignment combined with every language")
    if list(space.words) == list(PLAIN_WORDS):
        if len(languages) != 1:
            raise _cannot("the words yes and no always mean yes and no")
    elif len(space.words) != 2 or languages != default_languages(space.words):
        raise _cannot("the answer words must be two words of unknown meaning (one means yes, one no) "
                      "or plain yes and no")
    if assignments == distinct_permutations(assignments[0]):
        return "types", [list(assignments[0])]
    per_god = [list(dict.fromkeys(a[i] for a in assignments)) for i in range(len(space.agents))]
    if assignments == [tuple(c) for c in itertools.product(*per_god)]:
        return "allowed", per_god
    counted = counts_of(assignments)
    if counted is not None and assignments == with_counts([tuple(c) for c in itertools.product(*counted[0])],
                                                          counted[1]):
        return "allowed", counted[0]
    raise _cannot("its type assignments are neither every ordering of one multiset of types nor every "
                  "combination of per-god types")


def _names(puzzle: Interrogation) -> dict[str, str]:
    """Return each type's name as the text spells it: its display name when the reader reads that back."""
    out = {}
    for t in (TRUTHFUL, LIAR, RANDOM):
        shown = puzzle.display.get(t, FALLBACK[t])
        name = shown.strip().capitalize() if isinstance(shown, str) else FALLBACK[t]
        try:
            ok = TYPE_TOKEN.fullmatch(name) is not None and canonical_type(name) == t
        except PuzzleError:
            ok = False
        out[t] = name if ok else FALLBACK[t]
    return out


def _require(puzzle: Interrogation) -> None:
    """Raise PuzzleError if the puzzle has something a gods text cannot say."""
    space = puzzle.space
    if puzzle.language != "any" or puzzle.max_complexity != 2:
        raise _cannot(f"a gods text allows every question (language any, questions worded up to complexity 2); "
                      f"this puzzle asks for language {puzzle.language} up to complexity {puzzle.max_complexity}")
    if puzzle.objective != "worst":
        raise _cannot("a gods text asks for the fewest questions in the worst case, not on average")
    if len(space.agents) < 2:
        raise _cannot("a gods text has at least two gods")
    bad = [a for a in space.agents if not NAME.fullmatch(a)]
    if bad:
        raise _cannot(f"gods are named by one capital letter; '{bad[0]}' is not")
    if list(space.words) != list(PLAIN_WORDS) and not all(WORD.fullmatch(w) for w in space.words):
        raise _cannot("the answer words must be lower-case words")
    other = sorted({t for w in space.worlds for t in w.types} - {TRUTHFUL, LIAR, RANDOM})
    if other:
        raise _cannot(f"a gods text knows the types True, False and Random, not '{other[0]}'")
    if space.random_mode not in ("word", "coin", "coin-shared"):
        raise _cannot(f"the random reading '{space.random_mode}' has no wording")
    if space.random_mode != "word" and not any(RANDOM in w.types for w in space.worlds):
        raise _cannot(f"the random reading is '{space.random_mode}' but no god can be Random")


def _cast_sentences(puzzle: Interrogation, names: dict[str, str], variant: random.Random | None) -> list[str]:
    """Return who the gods are: one sentence, or the roster and a sentence per god."""
    agents = list(puzzle.space.agents)
    count = _number(len(agents), capital=True)
    form, types = cast_of(puzzle.space)
    if form == "types":
        order = _pick(variant, ("in no particular order", "in some order"))
        return [f"{count} gods {_join(agents)} are called, {order}, {_join([names[t] for t in types[0]])}."]
    out = [f"{count} gods are called {_join(agents)}."]
    for agent, allowed in zip(agents, types):
        spelled = [names[t] for t in allowed]
        if len(spelled) == 1:
            out.append(f"{agent} is {spelled[0]}.")
            continue
        verb = _pick(variant, ("is", "is either", "may be"))
        out.append(f"{agent} {verb} {_join(spelled, 'or')}.")
    counted = counts_of(list(dict.fromkeys(w.types for w in puzzle.space.worlds)))
    for t, n in (counted[1] if counted else {}).items():
        out.append(f"Exactly {_number(n)} of {_pick(variant, ('them', 'the gods'))} {'is' if n == 1 else 'are'} "
                   f"{names[t]}.")
    return out


def _behaviour(puzzle: Interrogation, names: dict[str, str], variant: random.Random | None) -> str | None:
    """Return how the gods answer (None when no god can be True, False or Random)."""
    space = puzzle.space
    present = {t for w in space.worlds for t in w.types}
    conducts = [f"{names[t]} always speaks {MANNER[t]}" for t in (TRUTHFUL, LIAR) if t in present]
    random_part = None
    if RANDOM in present:
        r = names[RANDOM]
        if space.random_mode == "word":
            a, b = space.words
            random_part = f"whether {r} answers '{a}' or '{b}' is a completely random matter"
        else:
            random_part = f"whether {r} speaks truly or falsely is a completely random matter"
            if space.random_mode == "coin-shared":
                random_part += f", settled once for each question and kept for any question about {r} inside it"
    if not conducts:
        return None if random_part is None else random_part[0].upper() + random_part[1:] + "."
    pair = (", ", " and ") if random_part is not None else (" and ", ", ")
    sep = _pick(variant, pair) if len(conducts) == 2 else ", "
    text = sep.join(conducts)
    if random_part is not None:
        text += ", but " + random_part  # "True speaks truly, whether Random …" would run two sentences together
    return text + "."


def _task(puzzle: Interrogation, variant: random.Random | None) -> str:
    """Return the task: what to determine, with how many questions."""
    learn = ""
    if puzzle.goal == "types+language":
        learn = _pick(variant, (", as well as which word means yes,", " and also which word means yes"))
    k = puzzle.max_questions
    asking = "yes-no questions" if k is None else f"{_number(k)} yes-no question{'' if k == 1 else 's'}"
    return (f"Your task is to determine the identities of {_join(list(puzzle.space.agents))}{learn} by asking "
            f"{asking}; each question must be put to exactly one god.")


def _language(puzzle: Interrogation) -> list[str]:
    """Return the sentences about the gods' own words (none for plain yes and no)."""
    words = puzzle.space.words
    if list(words) == list(PLAIN_WORDS):
        return []
    return [f"The gods understand English, but will answer all questions in their own language, in which the "
            f"words for yes and no are {words[0]} and {words[1]}, in some order.",
            "You do not know which word means which."]


def gods_text(puzzle: Interrogation, variant: random.Random | None = None, check: bool = True) -> str:
    """Return the puzzle as English that the gods reader reads back to the same puzzle (see the module notes)."""
    _require(puzzle)
    if puzzle.goal == "types+language" and list(puzzle.space.words) == list(PLAIN_WORDS):
        raise _cannot("with plain yes and no there is no word to learn (goal types+language)")
    names = _names(puzzle)
    sentences = _cast_sentences(puzzle, names, variant)
    conduct = _behaviour(puzzle, names, variant)
    if conduct is not None:
        sentences.append(conduct)
    silence = []
    if puzzle.space.paradox == "silent":
        silence = ["A god who cannot answer consistently " + _pick(variant, ("says nothing.", "stays silent."))]
    early = variant is not None and variant.random() < 0.5
    sentences += silence if early else []
    sentences.append(_task(puzzle, variant))
    sentences += _language(puzzle)
    sentences += [] if early else silence
    text = " ".join(sentences)
    if check:
        check_text(puzzle, text)
    return text


def check_text(puzzle: Interrogation, text: str) -> None:
    """Raise PuzzleError unless the text reads back (with smullyan's reader) to the same puzzle."""
    from ..english.read import parse_text

    try:
        back = parse_text(text, puzzle.title)
    except PuzzleError as e:
        raise _cannot(f"its text does not read back ({e.message})") from None
    differs = difference(puzzle, back)
    if differs:
        raise _cannot(f"its text reads back to another puzzle ({differs} differ)")


def difference(a: Interrogation, b: object) -> str:
    """Return what differs between two gods puzzles ('' when they state the same puzzle): the world space
    (gods, words, worlds in order, random and paradox readings), goal, budget, question language,
    objective, title, and the type names of the gods' types as a text spells them (without case; a
    display name no text can spell, such as 'truth-teller', is written as True); not the description."""
    if not isinstance(b, Interrogation):
        return "the kinds of puzzle"
    sa, sb = a.space, b.space
    pairs = {"the gods": (sa.agents, sb.agents), "the words": (sa.words, sb.words),
             "the worlds": (sa.worlds, sb.worlds), "the random readings": (sa.random_mode, sb.random_mode),
             "the paradox readings": (sa.paradox, sb.paradox), "the goals": (a.goal, b.goal),
             "the budgets": (a.max_questions, b.max_questions), "the question languages": (a.language, b.language),
             "the complexities": (a.max_complexity, b.max_complexity), "the objectives": (a.objective, b.objective),
             "the titles": (a.title, b.title),
             "the type names": (_spelled(a), _spelled(b))}
    return ", ".join(k for k, (x, y) in pairs.items() if x != y)


def _spelled(p: Interrogation) -> dict[str, str]:
    """Return the name a text gives each type some god may have, in lower case."""
    present = {t for w in p.space.worlds for t in w.types}
    return {t: n.lower() for t, n in _names(p).items() if t in present}
