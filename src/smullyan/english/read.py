"""Which English reader a text needs, and what every reader returns.

- Reading: the puzzle a text states, and the sentences passed over (instructions, headings, story).
- Families: gods to question ('… gods A, B, and C are called …'), truth-tellers and liars with ages (truth
  and lie words, and 'years old', 'ages' or 'aged'), islands of knights and knaves (truth and lie words),
  orderings (N things in one order described by comparatives and ranks), grids (people or things in
  houses, seats or positions, or people and their characteristics alone: "each have a different pet"),
  and knights and knaves again for the rest. Each family reader reads the text's sentences
  (`sentences.split_sentences`) with its own frames, answers the questions the text asks, passes over
  only framing sentences (`framing.is_framing`) or ones naming none of the puzzle's people, values or
  positions, and raises PuzzleError with line and column for any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..deduce.model import Deduction
from ..interrogate.puzzle import Interrogation
from .sentences import Sentence, split_sentences

GODS = re.compile(r"\bgods\b.*\bare called\b", re.S)
ZEBRALOGIC = re.compile(r"There are \d+ houses")
ROLES = re.compile(r"\b(knights?|knaves?|liars?|truth[- ]?tellers?|(lies|lying|lied)(?!\s+(to|on|in|at|between|next|"
                   r"directly|immediately|just|somewhere|beside|behind|ahead|above|below)\b)|tells? the truth|"
                   r"telling the truth|truthful|honest|dishonest)\b", re.I)
AGES = re.compile(r"\b(?:years?[\s-]+old|years?\s+of\s+age|ages|aged|age\s+(?:is|of)|(?:my|his|her|their|your|whose)\s+"
                  r"age)\b|['’]s\s+age\b", re.I)
GRID = re.compile(r"\b(houses?|seats?|seated|positions?|left|right|row|line|queue|queu(?:es|ing|eing|ed)|order|"
                  r"neighbou?rs?|next to|adjacent|beside|behind|ahead|in front of|between|first|second|third|last|"
                  r"middle)\b", re.I)
# association grids (people and characteristics, no positions): "each have a different pet", "no two drink the
# same", "one each"
ASSOCIATION = re.compile(r"\b(?:each|every)\b[^.?!;]{0,80}?\b(?:different|unique|distinct|separate)\b|\bno two\b|"
                         r"\bone (?:each|apiece)\b|\bexactly one (?:of|each)\b", re.I)
# two or more lines listing a characteristic's values ("Pets: cat, dog, fish"), as logic-grid sites write them
LISTS = re.compile(r"^[ \t]*(?:[-*•][ \t]*)?[A-Z][A-Za-z ]{0,30}:[ \t]*[^,:\n]+(?:,[^,:\n]+)+$", re.M)


@dataclass(frozen=True)
class Reading:
    """What a text states: its puzzle, and the sentences passed over as stating nothing about it."""

    puzzle: Deduction | Interrogation
    ignored: tuple[Sentence, ...] = ()


def family(text: str) -> str:
    """Return which reader a text needs: 'gods', 'ages' (truth-tellers and liars with ages), 'knights', 'order'
    (things in one order, compared: 'older than', 'finished above', 'the second from the left'), 'grid' (with
    positions, or people's characteristics alone: 'each have a different pet') or, by default, 'knights'."""
    from .order import is_order_text  # imported here: order.py imports Reading from this module

    from .gods_prose import looks_like_gods

    if GODS.search(text) or looks_like_gods(text):
        return "gods"
    if ROLES.search(text):
        return "ages" if AGES.search(text) else "knights"
    if is_order_text(text):
        return "order"
    if GRID.search(text) or ASSOCIATION.search(text) or len(LISTS.findall(text)) >= 2:
        return "grid"
    return "knights"


def read_text(text: str, title: str = "") -> Reading:
    """Return the reading of an English puzzle text; raise PuzzleError with line and column."""
    kind = family(text)
    if kind == "gods":
        return _read_gods(text, title)
    if kind == "ages":
        from .ages import read_ages

        return read_ages(text, split_sentences(text), title)
    if kind == "order":
        from .order import read_order

        return read_order(text, split_sentences(text), title)
    if kind == "grid":
        from .grid import read_grid

        return read_grid(text, split_sentences(text), title)
    from .knights import read_knights

    return read_knights(text, split_sentences(text), title)


def _read_gods(text: str, title: str) -> Reading:
    """Return the reading of a gods text: Boolos's wording by its grammar, other prose by the prose frames;
    if neither reads it, the error of the reader that got further into the text."""
    from ..errors import PuzzleError
    from .gods import read_gods
    from .gods_prose import read_gods_prose

    sentences = split_sentences(text)
    try:
        return read_gods(text, sentences, title)
    except PuzzleError as grammar:
        if ": cannot read '" not in grammar.message:
            raise  # the grammar read every sentence: what it says of them stands ("2 gods but 3 names")
        try:
            puzzle, ignored = read_gods_prose(sentences, title)
        except PuzzleError as prose:
            if GODS.search(text) and _sentence_of(grammar, sentences) >= _sentence_of(prose, sentences):
                raise grammar from None  # Boolos's wording: its grammar says more precisely what it expected
            raise prose from None
        return Reading(puzzle, ignored)


def _sentence_of(error: Exception, sentences: tuple[Sentence, ...]) -> int:
    """Return the index of the sentence an error's 'line L, column C' falls in (-1 if it names no place)."""
    m = re.match(r"line (\d+)(?:, column (\d+))?", getattr(error, "message", str(error)))
    if m is None:
        return -1
    at = (int(m.group(1)), int(m.group(2) or 1))
    return max((i for i, s in enumerate(sentences) if (s.line, s.column) <= at), default=-1)


def parse_text(text: str, title: str = "") -> Deduction | Interrogation:
    """Return the puzzle of an English text (the reading's puzzle)."""
    return read_text(text, title).puzzle
