"""The gods puzzle in English (Boolos's wording and its variants), read into an interrogation puzzle."""

from __future__ import annotations

import re

from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING

from lark import Lark, Transformer, v_args

from ..errors import PuzzleError
from ..interrogate.puzzle import Interrogation
from ..logic.types import canonical_type
from ..logic.worlds import assignments_from_allowed, assignments_from_permutation, build_space, with_counts
from .errors import parse_or_raise

if TYPE_CHECKING:  # read.py imports this module
    from .read import Reading

COUNTS = {w: i for i, w in enumerate("zero one two three four five six seven eight".split())}


@lru_cache(maxsize=1)
def parser() -> Lark:
    """Return the gods grammar's LALR parser (built once)."""
    return Lark(files("smullyan.english").joinpath("gods.lark").read_text(encoding="utf-8"), parser="lalr")


def _count(tok) -> int:
    text = str(tok).lower()
    return int(text) if text.isdigit() else COUNTS[text]


@v_args(inline=True)
class _Gods(Transformer):
    def names(self, *toks):
        return [str(t) for t in toks]

    def types(self, *toks):
        return list(toks)

    def cast(self, count, names, _order, types):
        return ("cast", _count(count), names, types)

    def conduct(self, t, manner):
        return (str(t), str(manner))

    def conducts(self, *parts):
        return [c for p in parts for c in (p if isinstance(p, list) else [p])]

    def random_coin(self, t):
        return ("coin", t)

    def random_coin_shared(self, t, _again):
        return ("coin-shared", t)

    def random_word(self, t, _a, _b):
        return ("word", t)

    def behaviour(self, *parts):
        randoms = [p for p in parts if isinstance(p, tuple)]
        return ("behaviour", [c for p in parts if isinstance(p, list) for c in p], randoms[0] if randoms else None)

    def roster(self, count, names):
        return ("roster", _count(count), names)

    def choices(self, *toks):
        return list(toks)

    def allowed(self, name, choices):
        return ("allowed", str(name), choices)

    def counted(self, count, t):
        return ("counted", _count(count), t)

    def learn_words(self):
        return "types+language"

    def task(self, _your, names, *rest):
        goal = "types+language" if "types+language" in rest else "types"
        counts = [_count(t) for t in rest if getattr(t, "type", None) == "COUNT"]
        return ("task", names, counts[0] if counts else None, goal)

    def language(self, _the, a, b):
        return ("language", str(a), str(b))

    def unknown_words(self, _you):
        return ("unknown_words",)

    def silence(self, _a):
        return ("silence",)


GODS_WORDS = re.compile(r"\b(gods?|True|False|Random|ja|da|questions?|words?|answers?|speaks?|identit(y|ies))\b")


def read_gods(text: str, sentences: tuple, title: str = "") -> "Reading":
    """Return the reading of a gods text: each sentence read by the gods grammar; one it cannot read is
    passed over when it is framing or names nothing of the puzzle (no god, type, word or question),
    else an error at its line and column."""
    from lark.exceptions import UnexpectedInput

    from .framing import is_framing
    from .errors import parse_error
    from .read import Reading

    kept, ignored = [], []
    for sentence in sentences:
        try:
            parser().parse(sentence.text)
        except UnexpectedInput as err:
            if is_framing(sentence.text) or not GODS_WORDS.search(sentence.text):
                ignored.append(sentence)
                continue
            detail = parse_error(parser(), err, sentence.text).message.split(": ", 1)[-1]
            column = sentence.column + (err.column - 1 if err.line == 1 and err.column > 0 else 0)
            raise PuzzleError(f"line {sentence.line}, column {column}: cannot read '{sentence.text}': {detail}") from None
        kept.append(sentence.text)
    return Reading(parse_gods("\n".join(kept), title), tuple(ignored))


def parse_gods(text: str, title: str = "") -> Interrogation:
    """Return the interrogation puzzle of a gods-puzzle text; raise PuzzleError with line and column."""
    tree = parse_or_raise(parser(), text)
    read = [_Gods().transform(t) for t in tree.children]
    found = {s[0]: s for s in read}
    agents, assignments, display = _cast(found, [s for s in read if s[0] == "allowed"])
    counted = [s for s in read if s[0] == "counted"]
    if counted:
        if "cast" in found:
            raise PuzzleError("'Exactly … of them are …' goes with one sentence per god ('A is True or Random.'), "
                              "not with a cast that already says how many of each there are")
        counts: dict[str, int] = {}
        for _, n, tok in counted:
            t = _canonical(tok, display)
            if t in counts:
                raise PuzzleError(f"line {tok.line}, column {tok.column}: the text says twice how many are {tok}")
            counts[t] = n
        assignments = with_counts(assignments, counts)
        if not assignments:
            raise PuzzleError("no assignment of the gods' types has these counts (" +
                              ", ".join(f"exactly {n} {display.get(t, t)}" for t, n in counts.items()) + ")")
    random_mode = "word"
    if "behaviour" in found and found["behaviour"][2] is not None:
        mode, who = found["behaviour"][2]
        random_mode = mode
        if canonical_type(str(who)) != "random":
            raise PuzzleError(f"'{who}' is said to answer at random but is not the random god")
    words = found["language"][1:] if "language" in found else None
    questions, goal = found["task"][2:] if "task" in found else (None, "types")
    space = build_space(agents, assignments, list(words) if words else None,
                        random_mode=random_mode, paradox="silent" if "silence" in found else "forbidden")
    # the complete language finds the fewest questions fast; each split is then worded with the
    # simplest grammar question that realises it (see interrogate.realise)
    return Interrogation(space, goal=goal, max_questions=questions, language="any", max_complexity=2,
                         title=title, display=display)


def _canonical(tok, display: dict[str, str]) -> str:
    """Return the canonical type of a type token (recording its spelling); raise PuzzleError at the token."""
    try:
        t = canonical_type(str(tok))
    except PuzzleError as e:
        raise PuzzleError(f"line {tok.line}, column {tok.column}: {e.message}") from None
    display.setdefault(t, str(tok))
    return t


def _cast(found: dict, allowed: list) -> tuple[list[str], list, dict[str, str]]:
    """Return (agents, type assignments, display names) from the cast sentence, or the roster and
    one sentence per god saying what it may be."""
    display: dict[str, str] = {}
    if "cast" in found:
        if "roster" in found or allowed:
            raise PuzzleError("say who the gods are once: either '… are called, in some order, True, False, and "
                              "Random' or one sentence per god ('A is True or Random.')")
        _, count, agents, type_toks = found["cast"]
        if count != len(agents) or len(type_toks) != len(agents):
            raise PuzzleError(f"line {type_toks[0].line}: {count} gods, {len(agents)} names and {len(type_toks)} types do not match")
        return agents, assignments_from_permutation([_canonical(tok, display) for tok in type_toks]), display
    if "roster" not in found:
        raise PuzzleError("the text never says who the gods are ('Three gods A, B, and C are called, …')")
    _, count, agents = found["roster"]
    if count != len(agents):
        raise PuzzleError(f"{count} gods but {len(agents)} names ({', '.join(agents)})")
    per_agent: dict[str, list[str]] = {}
    for _, name, toks in allowed:
        if name not in agents:
            raise PuzzleError(f"unknown god '{name}'; the gods are {', '.join(agents)}")
        if name in per_agent:
            raise PuzzleError(f"the text says twice what {name} may be")
        per_agent[name] = [_canonical(tok, display) for tok in toks]
    missing = [a for a in agents if a not in per_agent]
    if missing:
        raise PuzzleError(f"the text never says what {', '.join(missing)} may be ('{missing[0]} is True or Random.')")
    return agents, assignments_from_allowed(agents, per_agent), display
