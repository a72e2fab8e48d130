"""Games in words: worlds, guesses, endings and contradictions as sentences people read.

Every function takes values (the engine puzzle, world indices, outcome sets) and returns text; the
game logic that decides them lives in `api.game`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..interrogate.puzzle import Interrogation
from ..logic import expr as E
from .english import English


def types_text(puzzle: Interrogation, types: Mapping[str, str], language: Mapping[str, str] | None = None) -> str:
    """Return 'A is truthful, B is a liar, C is random' (and '; ja means yes' when a language is given)."""
    eng = English(puzzle.display)
    text = ", ".join(f"{a} is {eng.type_phrase(types[a])}" for a in puzzle.space.agents if a in types)
    if language:
        text += "; " + ", ".join(f"{w} means {m}" for w, m in language.items())
    return text


def world_types(puzzle: Interrogation, index: int) -> dict[str, str]:
    """Return each god's canonical type in one world."""
    return dict(zip(puzzle.space.agents, puzzle.space.worlds[index].types))


def world_language(puzzle: Interrogation, index: int) -> dict[str, str]:
    """Return each word's meaning in one world."""
    return dict(zip(puzzle.space.words, puzzle.space.worlds[index].language))


def plain_words(puzzle: Interrogation) -> bool:
    """Return whether the gods answer plain yes and no (no language to learn)."""
    return tuple(puzzle.space.words) == ("yes", "no") and all(
        w.language == ("yes", "no") for w in puzzle.space.worlds)


def world_text(puzzle: Interrogation, index: int) -> str:
    """Return one world in words, with the language unless the words are plain yes and no."""
    language = None if plain_words(puzzle) else world_language(puzzle, index)
    return types_text(puzzle, world_types(puzzle, index), language)


def question_text(puzzle: Interrogation, addressee: str, question: E.Expr) -> str:
    """Return 'Ask A: Is B random?'."""
    return f"Ask {addressee}: {English(puzzle.display).question(question, addressee)}"


def count(n: int, noun: str) -> str:
    """Return '1 question', '3 questions', '2 possibilities'."""
    if n == 1:
        return f"1 {noun}"
    return f"{n} {noun[:-1]}ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else f"{n} {noun}s"


def or_list(items: Iterable[str]) -> str:
    """Return 'ja', 'ja or da', 'ja, da or silence'."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def contradiction_text(puzzle: Interrogation, number: int, addressee: str, answer: str,
                       would: Mapping[int, frozenset[str]], most: int = 6) -> str:
    """Return why no world fits an answer: what the god would have said instead, and in which of the
    worlds the earlier answers left (worlds differing only in the language are told once)."""
    space = puzzle.space
    by_said: dict[frozenset[str], dict[tuple[str, ...], set[tuple[str, ...]]]] = {}
    for world, outcomes in would.items():
        w = space.worlds[world]
        by_said.setdefault(outcomes, {}).setdefault(w.types, set()).add(w.language)
    languages = {w.language for w in space.worlds}
    phrases = []
    for outcomes, by_types in by_said.items():
        said = or_list(sorted("nothing" if o == "silent" else o for o in outcomes))
        cases = []
        for types, langs in by_types.items():
            case = types_text(puzzle, dict(zip(space.agents, types)))
            if len(languages) > 1 and langs != languages:
                case += " and " + " or ".join(", ".join(f"{word} means {m}" for word, m in zip(space.words, lang)
                                                        if m != "neither") for lang in sorted(langs))
            cases.append(case)
        shown = cases[:most] + ([f"{len(cases) - most} more"] if len(cases) > most else [])
        phrases.append(f"{said} if {' or if '.join(shown)}")
    heard = "nothing" if answer == "silent" else answer
    earlier = "your earlier answers leave" if number > 1 else "the puzzle allows"
    return (f"no world fits your answers: at question {number} you answered {heard} for {addressee}, but in the "
            f"{count(len(would), 'world')} {earlier}, {addressee} would have said " + "; ".join(phrases))
