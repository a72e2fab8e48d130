"""Classic Einstein/zebra puzzles: the frames that name values in texts that list none.

Classic texts do not list the values: each value is recognised by the frame that names it —
a colour in "the red house" or "the Englishman's house is red", a nationality as "the Englishman",
a drink after "drinks" or before "is drunk", a brand after "smokes" or before "smoker", a pet after
"owns", "keeps", "has a", "with the" — and questions ("Who owns the zebra?") supply the values no clue mentions. The grid
reader (english/grid.py) then reads the clues and questions like any other grid text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..deduce.model import Deduction

NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
POSITIONS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "middle": 0, "centre": 0,
             "center": 0}
COLOURS = ("red", "green", "blue", "yellow", "white", "black", "ivory", "orange", "purple", "pink", "brown", "grey",
           "gray", "silver", "gold", "beige", "violet", "cream", "lilac", "indigo", "turquoise", "maroon", "navy")
CAP = r"(?!The\b)[A-Z][A-Za-z]*(?:[ -][A-Z][A-Za-z]*)?"
WORDS = r"[a-z]+(?: (?!(?:in|at|and|is|with|who|the|a)\b)[a-z]+)?"
# (category, pattern whose group 1 is the value); earlier frames win on overlaps
FRAMES = [
    ("smoke", rf"\b(?:smokes?|smoke|smoking)\s+({CAP})"),
    ("smoke", rf"\b({CAP})(?:\s+|-)smoker\b"),
    ("smoke", rf"\b({CAP})\s+(?:is|are)\s+smoked\b"),
    ("drink", rf"\b(?:drinks?|drinking)\s+({WORDS})"),
    ("drink", r"\b([A-Za-z]+(?: [a-z]+)?)\s+is\s+drunk\b"),
    ("pet", r"\b(?:owns|keeps|has|rears|with)\s+(?:a|an|the)?\s*([a-z]+)"),
    ("pet", r"\bwhere\s+the\s+([a-z]+)\s+is\s+kept\b"),
    ("color", r"\b(?:[Tt]he|[Aa])\s+([A-Za-z]+)\s+house\b"),
    ("color", rf"\bhouse\s+(?:is|was)\s+(?:painted\s+)?({'|'.join(sorted(COLOURS))})\b"),
    ("nationality", rf"\b[Tt]he\s+({CAP})(?:\s+man)?\b"),
]
STOPWORDS = {"house", "man", "owner", "person", "one", "neighbour", "neighbor", "a", "an", "the", "in", "next", "who",
             "same", "other", "house's"}


def key(value: str) -> str:
    """Return the comparison key of a value: case, spaces, hyphens and a final s ignored."""
    k = re.sub(r"[\s-]", "", value.lower())
    return k[:-1] if k.endswith("s") and len(k) > 3 else k


@dataclass(frozen=True)
class Mention:
    start: int
    category: str
    value: str


def find_mentions(sentence: str) -> list[Mention]:
    """Return the values a sentence names, with the characteristic each frame implies, in order."""
    taken: list[tuple[int, int]] = []
    out = []
    for category, pattern in FRAMES:
        for m in re.finditer(pattern, sentence):
            s, e = m.span(1)
            value = m.group(1)
            if not value or value.lower() in STOPWORDS or value.lower() in POSITIONS:
                continue
            if category in ("color", "nationality") and value.lower() in ("house", "man"):
                continue
            if any(a < e and s < b for a, b in taken):
                continue
            taken.append((s, e))
            out.append(Mention(s, category, value))
    return sorted(out, key=lambda m: m.start)


def parse_classic(text: str, title: str = "") -> Deduction:
    """Return the grid puzzle of a classic text, with its questions ('Who owns the zebra?') attached."""
    from .grid import read_grid
    from .sentences import split_sentences

    puzzle = read_grid(text, split_sentences(text), title).puzzle
    assert isinstance(puzzle, Deduction)
    return puzzle
