"""Classic Einstein/zebra puzzles in their usual wording, read into grid puzzles, questions answered.

Classic texts do not list the values: each value is recognised by the frame that names it —
a colour in "the red house", a nationality as "the Englishman", a drink after "drinks" or before
"is drunk", a brand after "smokes" or before "smoker", a pet after "owns", "keeps", "has a",
"with the" — and questions ("Who owns the zebra?") supply the values no clue mentions. Each clue
then relates its one or two mentions: the same house, immediately left or right, next to, or a
position (first, middle). A clue with no recognisable value, or a characteristic whose values do not
fill the houses, is an error naming the sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..deduce.model import Deduction
from ..errors import PuzzleError
from ..formats.deduction_toml import grid_from_dict

NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
POSITIONS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "middle": 0, "centre": 0,
             "center": 0}
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


def relation(sentence: str, mentions: list[Mention], houses: int) -> list:
    """Return the grid clue (JSON form, values as 'category:key') of a sentence and its mentions."""
    text = sentence.lower()
    names = [f"{m.category}:{key(m.value)}" for m in mentions]
    position = next((w for w in POSITIONS if re.search(rf"\b{w}\s+house\b", text)), None)
    if len(mentions) == 1 and position:
        n = POSITIONS[position]
        return ["at", names[0], (houses + 1) // 2 if n == 0 else houses if n == -1 else n]
    if len(mentions) != 2:
        raise PuzzleError(f"found {len(mentions)} values ({', '.join(m.value for m in mentions) or 'none'}); "
                          "a clue names one value and a position, or two values")
    if re.search(r"\b(immediately|just|directly)\s+to\s+the\s+right\s+of\b", text):
        return ["directly_right", *names]
    if re.search(r"\b(immediately|just|directly)?\s*(to|on)\s+the\s+left\s+of\b", text):
        return ["directly_left", *names]
    if re.search(r"\bnext\s+to\b|\bneighbou?r\b|\bnext\s+door\b", text):
        return ["next_to", *names]
    return ["same", *names]


def parse_classic(text: str, title: str = "") -> Deduction:
    """Return the grid puzzle of a classic text, with its questions ('Who owns the zebra?') attached."""
    sentences = [(f"line {n}, column {m.start() + len(m.group()) - len(m.group().lstrip()) + 1}", m.group().strip())
                 for n, line in enumerate(text.splitlines(), 1)
                 for m in re.finditer(r"[^.?!]+[.?!]", line) if m.group().strip()]
    houses = 5
    clues, questions = [], []
    values: dict[str, dict[str, str]] = {}
    for where, s in sentences:
        m = re.match(r"There are (\w+) houses\.", s)
        if m:
            houses = NUMBERS.get(m.group(1).lower(), int(m.group(1)) if m.group(1).isdigit() else 5)
            continue
        mentions = find_mentions(s)
        for men in mentions:
            spelled_as = men.value
            if men.start == 0 and men.category in ("drink", "pet", "color"):
                spelled_as = spelled_as[0].lower() + spelled_as[1:]  # "Coffee is drunk …": capital only for the sentence
            values.setdefault(men.category, {}).setdefault(key(men.value), spelled_as)
        if s.endswith("?"):
            q = [men for men in mentions if men.category != "nationality"]
            if not re.match(r"Who\b", s) or len(q) != 1:
                raise PuzzleError(f"{where}: cannot read the question '{s}': ask 'Who …?' about one value")
            questions.append((s, q[0].category, key(q[0].value)))
            continue
        try:
            clues.append({"expr": relation(s, mentions, houses), "text": s})
        except PuzzleError as e:
            raise PuzzleError(f"{where}: cannot read '{s}': {e.message}") from None
    for cat, vals in values.items():
        if len(vals) != houses:
            raise PuzzleError(f"the {cat} values named ({', '.join(vals.values())}) are {len(vals)}, "
                              f"not one per house ({houses})")
    def spelled(name: str) -> str:  # 'smoke:oldgold' -> 'smoke:Old Gold', as the text first wrote it
        cat, k = name.split(":", 1)
        return f"{cat}:{values[cat][k]}"

    def respell(e):
        if isinstance(e, list):
            return [respell(x) for x in e]
        return spelled(e) if isinstance(e, str) and ":" in e else e

    for clue in clues:
        clue["expr"] = respell(clue["expr"])
    categories = {cat: list(vals.values()) for cat, vals in values.items()}
    puzzle = grid_from_dict({"kind": "grid", "houses": houses, "categories": categories, "clue": clues})
    return Deduction(puzzle.agents, puzzle.allowed, puzzle.variables, puzzle.distinct, puzzle.constraints, puzzle.grid,
                     title=title, questions=tuple((q, spelled(f"{cat}:{k}")) for q, cat, k in questions))
