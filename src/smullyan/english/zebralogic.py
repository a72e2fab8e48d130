"""ZebraLogic puzzles (Lin et al. 2025) in their English wording, read into grid puzzles.

- Header: "There are N houses…" and one line per characteristic: " - description: `v1`, `v2`, …".
- Value mention: a value named in a clue, verbatim or in a known variant (February for `feb`,
  British for `brit`, plural or singular, "f-150" for `f150`). Longest mentions win.
- Clue: the sentence with each mention replaced by a mark, parsed by zebralogic.lark.
A clue whose mentions or shape cannot be read is an error naming its line, never dropped.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files
from typing import Any

from lark import Lark, Transformer, v_args
from lark.exceptions import UnexpectedInput

from ..deduce.model import Deduction
from ..errors import PuzzleError
from ..formats.deduction_toml import grid_from_dict

MONTHS = {"jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june", "jul": "july",
          "aug": "august", "sep": "september", "sept": "september", "oct": "october", "nov": "november",
          "dec": "december"}
NATIONALITIES = {"brit": "british", "swede": "swedish", "dane": "danish", "norwegian": "norwegian",
                 "german": "german", "chinese": "chinese", "mexican": "mexican"}
VARIANTS = {"painting": ("paints",), "roses": ("rose bouquet",)}
ORDINALS = {w: i + 1 for i, w in enumerate("first second third fourth fifth sixth seventh eighth".split())}
COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5}


@lru_cache(maxsize=1)
def parser() -> Lark:
    """Return the clue grammar's Earley parser (built once)."""
    return Lark(files("smullyan.english").joinpath("zebralogic.lark").read_text(encoding="utf-8"),
                parser="earley", ambiguity="resolve")


def _norm(text: str) -> str:
    return re.sub(r"[-_]", " ", text.lower())


def value_forms(value: str) -> set[str]:
    """Return the ways a clue may name a value."""
    v = _norm(value)
    forms = {v, *VARIANTS.get(v, ())}
    if v in MONTHS:
        forms.add(MONTHS[v])
    if v in NATIONALITIES:
        forms.add(NATIONALITIES[v])
    if v.endswith("s") and len(v) > 3:
        forms.add(v[:-1])
    return forms


def _pattern(form: str) -> str:
    body = re.sub(r"(?<=[a-z])(?=[0-9])", " ?", re.escape(form))  # f150 also matches f 150 (from f-150)
    return rf"(?<![a-z0-9]){body}(e?s)?(?![a-z0-9])"


# Words that mark which of two characteristics sharing values a phrase means (ZebraLogic keeps
# animals and pets apart this way: "the cat lover", "the bird keeper" vs "the person who owns a dog",
# "the person with an aquarium of fish"): cue word -> a word of that characteristic's description.
# (measured on the 216 solved puzzles: "the V lover/keeper/enthusiast/owner" are animals; "owns a V",
# "has a V", "keeps a pet V", "with a pet V", "an aquarium of V" are pets).
CUES = {"lover": "animals", "keeper": "animals", "enthusiast": "animals", "owner": "animals", "keeps": "animals",
        "owns": "pet", "has": "pet", "aquarium": "pet", "pet": "pet"}
STOP = {"each", "person", "has", "a", "an", "the", "unique", "of", "in", "is", "are", "their", "people", "everyone",
        "they", "all", "have", "who", "whose", "by", "different", "for", "something", "to"}


def _context_score(context: str, description: str) -> int:
    """Return how many words of a characteristic's description occur in a mention's own noun phrase."""
    words = set(re.findall(r"[a-z]+", context)) - STOP
    return len(words & (set(re.findall(r"[a-z]+", description.lower())) - STOP))


def _cue_score(context: str, description: str) -> int:
    """Return 1 if the noun phrase holds a cue word pointing at this characteristic."""
    desc = set(re.findall(r"[a-z]+", description.lower()))
    cues = {CUES[w] for w in re.findall(r"[a-z]+", context) if w in CUES}
    cue = "pet" if "pet" in cues else "animals" if cues else None  # "keeps a pet bird" is a pet
    return 1 if cue is not None and cue in desc else 0


def mentions(text: str, values: list[tuple[str, str]]) -> list[tuple[int, int, int]]:
    """Return (start, end, value index) of each value named in a normalised clue, longest first.

    A value name shared by two characteristics (Alice the person, Alice the child) is resolved by the
    words of its own noun phrase: first those before it ("the person's child is named Alice"), then
    those after it ("the person who has red hair"); a bare name goes to the characteristic of names."""
    forms: dict[str, list[int]] = {}
    for i, (_, v) in enumerate(values):
        for f in value_forms(v):
            forms.setdefault(f, []).append(i)
    found: list[tuple[int, int, list[int]]] = []
    for form in sorted(forms, key=len, reverse=True):
        for m in re.finditer(_pattern(form), text):
            if not any(s < m.end() and m.start() < e for s, e, _ in found):
                found.append((m.start(), m.end(), forms[form]))
    spans, prev = [], 0
    found.sort()
    for k, (start, end, owners) in enumerate(found):
        if len(owners) > 1:
            following = found[k + 1][0] if k + 1 < len(found) else len(text)
            before = text[prev:start]
            after = re.split(r"\b(?:is|are|and)\b", text[end:following])[0]  # the rest of its own noun phrase
            scores = [(_context_score(before, values[i][0]), _context_score(after, values[i][0]),
                       _cue_score(before + " " + after, values[i][0]), "name" in values[i][0].lower(), -i)
                      for i in owners]
            owners = [owners[scores.index(max(scores))]]
        spans.append((start, end, owners[0]))
        prev = end
    return spans


@v_args(inline=True)
class _Clue(Transformer):
    def np(self, *children):
        return next(int(str(c)[1:]) for c in children if getattr(c, "type", None) == "MARK")

    def same(self, a, b):
        return ("same", a, b)

    def not_same(self, a, b):
        return ("not_same", a, b)

    def at(self, a, ordinal):
        return ("at", a, ORDINALS[str(ordinal)])

    def not_at(self, a, ordinal):
        return ("not_at", a, ORDINALS[str(ordinal)])

    def directly_left(self, a, b):
        return ("directly_left", a, b)

    def directly_right(self, a, b):
        return ("directly_right", a, b)

    def left_of(self, a, b):
        return ("left_of", a, b)

    def right_of(self, a, b):
        return ("right_of", a, b)

    def next_to(self, a, b):
        return ("next_to", a, b)

    def between_one(self, a, b):
        return ("between", a, b, 1)

    def between(self, count, a, b):
        return ("between", a, b, COUNTS[str(count)])

    def start(self, clue):
        return clue


FILLER = set("each every person people the has have a an unique everyone they all are is of in different houses keep "
              "own owns prefers prefer lives live something for accompanied by their mother mothers' s in names "
              "type level".split())


def short_name(description: str, taken: set[str]) -> str:
    """Return a short name for a characteristic: 'Each person has a unique favorite drink' -> 'favorite drink'."""
    words = [w for w in re.findall(r"[a-z']+", description.lower()) if w not in FILLER]
    if "mothers'" in description.lower() or "mothers" in description.lower():
        words = ["mother"] if "child" not in description.lower() else ["child"]
    name = " ".join(words) or "characteristic"
    if name in taken:
        name = f"{name} {len(taken) + 1}"
    taken.add(name)
    return name


def read_header(text: str) -> tuple[int, list[tuple[str, list[str]]]]:
    """Return the number of houses and the (description, values) of each characteristic."""
    m = re.search(r"There are (\d+) houses", text)
    if not m:
        raise PuzzleError("line 1: expected 'There are N houses'")
    cats = []
    for line in text.splitlines():
        cm = re.match(r"\s*-\s*(.*?):\s*(`.*)$", line)
        if cm:
            cats.append((cm.group(1).strip(), re.findall(r"`([^`]*)`", cm.group(2))))
    if not cats:
        raise PuzzleError("no characteristics listed (lines ' - description: `value`, …')")
    return int(m.group(1)), cats


def clue_expr(clue: tuple, values: list[tuple[str, str]]) -> list[Any]:
    """Return the grid clue (JSON form) of a parsed clue."""
    def name(i: int) -> str:
        return f"{values[i][0]}:{values[i][1]}"
    head = clue[0]
    if head in ("at", "not_at"):
        return [head, name(clue[1]), clue[2]]
    if head == "not_same":
        return ["not", ["same", name(clue[1]), name(clue[2])]]
    if head == "between":
        return ["between", name(clue[1]), name(clue[2]), clue[3]]
    return [head, name(clue[1]), name(clue[2])]


def parse_zebralogic(text: str, title: str = "") -> Deduction:
    """Return the grid puzzle of a ZebraLogic text; raise PuzzleError naming the line of a bad clue."""
    houses, cats = read_header(text)
    taken: set[str] = set()
    named = [(short_name(desc, taken), desc, vals) for desc, vals in cats]
    categories = {name: vals for name, _, vals in named}
    values = [(name, v) for name, _, vals in named for v in vals]
    described = [(desc, v) for _, desc, vals in named for v in vals]  # descriptions tell shared values apart
    clues = []
    p = parser()
    for lineno, line in enumerate(text.splitlines(), 1):
        m = re.match(r"\s*(\d+)\.\s+(.*)$", line)
        if not m:
            continue
        raw = _norm(m.group(2))
        spans = mentions(raw, described)
        marked, last = [], 0
        for s, e, i in spans:
            marked.append(raw[last:s])
            marked.append(f" §{i} ")
            last = e
        marked.append(raw[last:])
        skeleton = "".join(marked)
        try:
            parsed = _Clue().transform(p.parse(skeleton))
        except UnexpectedInput:
            named = ", ".join(values[i][1] for _, _, i in spans) or "no value"
            raise PuzzleError(f"line {lineno}: cannot read clue {m.group(1)} ({named} named): expected one value "
                              "and 'is (not) in the Nth house', or two values with 'is', 'is not', 'is directly "
                              "left/right of', 'is somewhere to the left/right of', 'are next to each other' or "
                              "'There is one house / are N houses between'") from None
        clues.append({"expr": clue_expr(parsed, values), "text": m.group(2).strip()})
    data = {"kind": "grid", "houses": houses, "categories": categories, "clue": clues}
    puzzle = grid_from_dict(data)
    return Deduction(puzzle.agents, puzzle.allowed, puzzle.variables, puzzle.distinct, puzzle.constraints,
                     puzzle.grid, title=title)
