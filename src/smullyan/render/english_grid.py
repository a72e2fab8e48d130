"""Grid puzzles written back as English that the grid reader (english/grid.py) reads to the same puzzle.

- Setting: "There are N houses in a row, numbered 1 to N from left to right."
- Characteristics: "The people are Alice, Bob and Carol." for names, "Each person has a different
  drink: tea, coffee and milk." for the others; a ZebraLogic header line (" - drink: `tea`, `coffee`")
  when a name or a value would not survive prose (commas, 'and', plurals).
- Clues, numbered: each value as "Alice" (a name) or "the person whose drink is tea"; the relations
  in the reader's words ("is directly left of", "There is one house between … and …", "is at one of
  the ends", "is in an even-numbered house", "It is not the case that …", "Either …, or …").
- Questions as written, each option on its own line after its label ("A) Alice").
The text is read back before it is returned: a puzzle it cannot express is a PuzzleError, never a
text that reads as another puzzle. Titles and descriptions are not written.
"""

from __future__ import annotations

import re
from typing import Any

from ..deduce.model import Deduction
from ..errors import PuzzleError

ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
            "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth").split()
COUNTS = "zero one two three four five six seven eight nine ten eleven twelve".split()


def _count(k: int) -> str:
    return COUNTS[k] if k < len(COUNTS) else str(k)


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class _Writer:
    """Writes one grid document (the canonical TOML form) as English."""

    def __init__(self, doc: dict[str, Any]):
        self.n = doc["houses"]
        self.categories: dict[str, list[str]] = doc["categories"]
        self.names = next((c for c in self.categories if c == "name"), None)
        self.owner: dict[str, list[str]] = {}
        for c, vals in self.categories.items():
            for v in vals:
                self.owner.setdefault(v.lower(), []).append(c)

    # ---- values and positions

    def ref(self, var: str) -> str:
        """Return a value as a noun phrase: 'Alice', or 'the person whose drink is tea'."""
        cat, value = self.split(var)
        if cat == self.names and len(self.owner[value.lower()]) == 1:
            return value
        return f"the person whose {cat} is {value}"

    def split(self, var: Any) -> tuple[str, str]:
        if not isinstance(var, str):
            raise PuzzleError(f"expected a value, got {var!r}")
        if ":" in var:
            cat, value = var.split(":", 1)
            if cat in self.categories and value in self.categories[cat]:
                return cat, value
        cats = self.owner.get(var.lower(), [])
        if len(cats) == 1:
            value = next(v for v in self.categories[cats[0]] if v.lower() == var.lower())
            return cats[0], value
        raise PuzzleError(f"unknown or shared value {var!r}")

    def house(self, h: int) -> str:
        return f"the {ORDINALS[h - 1]} house" if 1 <= h <= len(ORDINALS) else f"house {h}"

    # ---- clauses

    def clause(self, e: Any) -> str:
        """Return a clue as one clause (no final full stop; the subject as it would start a sentence)."""
        head = e[0]
        shaped = self.shaped(e)
        if shaped is not None:
            return shaped
        if head in ("and", "or") and (self.position_set(e) if head == "or" else self.offset(e)) is None:
            parts = [self.simple(x) for x in e[1:]]
            if head == "and":
                return ", and ".join(parts)
            return "either " + ", or ".join(parts)
        return self.simple(e)

    def simple(self, e: Any) -> str:
        """Return an atom, a negated atom, or a position set as a clause."""
        if not isinstance(e, list) or not e:
            raise PuzzleError(f"malformed clue {e!r}")
        head = e[0]
        if head == "not":
            inner = e[1]
            natural = self.negative(inner)
            if natural is not None:
                return natural
            if isinstance(inner, list) and inner and inner[0] in ("and", "or"):
                raise PuzzleError("a negated 'and' or 'or' has no English form here")
            return "it is not the case that " + self.simple(inner)
        if head == "or":
            pos = self.position_set(e) or self.between(e) or self.opposite(e)
            if pos is not None:
                return pos
            raise PuzzleError("an 'or' inside another 'and' or 'or' has no English form here")
        if head == "and":
            off = self.offset(e)
            if off is not None:
                return off
            raise PuzzleError("an 'and' inside another 'and' or 'or' has no English form here")
        return self.atom(e)

    def atom(self, e: list) -> str:
        head, args = e[0], e[1:]
        if head == "at":
            return f"{self.ref(args[0])} is in {self.house(args[1])}"
        if head == "not_at":
            return f"{self.ref(args[0])} is not in {self.house(args[1])}"
        if head == "between":
            k = args[2]
            x, y = self.ref(args[0]), self.ref(args[1])
            if k == 1:
                return f"there is one house between {x} and {y}"
            return f"there are {'no' if k == 0 else _count(k)} houses between {x} and {y}"
        words = {"same": "is", "left_of": "is somewhere to the left of", "right_of": "is somewhere to the right of",
                 "directly_left": "is directly left of", "directly_right": "is directly right of",
                 "next_to": "is next to"}
        if head not in words:
            raise PuzzleError(f"unknown clue kind {head!r}")
        return f"{self.ref(args[0])} {words[head]} {self.ref(args[1])}"

    def negative(self, e: Any) -> str | None:
        """Return the natural negation of an atom ('is not next to'), or None."""
        if not isinstance(e, list) or not e:
            return None
        head = e[0]
        if head in ("same", "next_to", "left_of", "right_of", "directly_left", "directly_right"):
            words = self.atom(e)
            x = self.ref(e[1])
            return x + " is not" + words[len(x) + len(" is"):]
        if head == "or" and self.position_set(e) is not None:
            words = self.position_set(e)
            x = self.ref(e[1][1])
            return x + " is not" + words[len(x) + len(" is"):]
        if head == "or" and self.between(e) is not None:
            words = self.between(e)
            x = self.ref(e[1][1][2])
            return x + " is not anywhere" + words[len(x) + len(" is"):]
        return None

    def shaped(self, e: Any) -> str | None:
        """Return the clause of a clue shape the reader reads from one sentence: 'x is between y and z', 'x and y
        are at opposite ends', 'of x and y, one … and the other …', 'either …, or …, but not both'; None for any
        other clue."""
        if not isinstance(e, list) or len(e) != 3 or not all(isinstance(p, list) for p in e[1:]):
            return None
        if e[0] == "or":
            return self.between(e) or self.opposite(e) or self.one_other(e)
        if e[0] != "and":
            return None
        a, b = e[1], e[2]
        if b[0] == "not" and isinstance(b[1], list) and b[1][0] == "and" and a[0] == "or" and a[1:] == b[1][1:] \
                and len(a) == 3:
            return f"either {self.simple(a[1])}, or {self.simple(a[2])}, but not both"
        if a[0] == "not" and a[1][0] == "same" and b[0] == "or":
            return self.one_other(b, (a[1][1], a[1][2]))
        return None

    def one_other(self, e: Any, pair: tuple[str, str] | None = None) -> str | None:
        """Return 'of x and y, one is p and the other is q' for
        ['or', ['and', ['same', x, p], ['same', y, q]], ['and', ['same', x, q], ['same', y, p]]]."""
        if not isinstance(e, list) or len(e) != 3 or e[0] != "or":
            return None
        try:
            (h1, (s1, x1, p1), (s2, y1, q1)), (h2, (s3, x2, q2), (s4, y2, p2)) = e[1], e[2]
        except (TypeError, ValueError):
            return None
        if {h1, h2} != {"and"} or {s1, s2, s3, s4} != {"same"} or (x1, y1, p1, q1) != (x2, y2, p2, q2):
            return None
        if pair is not None and pair != (x1, y1):
            return None
        return (f"of {self.ref(x1)} and {self.ref(y1)}, one is {self.ref(p1)} and the other is "
                f"{self.ref(q1)}")

    def between(self, e: list) -> str | None:
        """Return 'x is between y and z' for ['or', ['and', ['left_of', y, x], ['left_of', x, z]],
        ['and', ['left_of', z, x], ['left_of', x, y]]]."""
        try:
            (h1, (l1, y, x), (l2, x2, z)), (h2, (l3, z2, x3), (l4, x4, y2)) = e[1], e[2]
        except (TypeError, ValueError):
            return None
        if len(e) != 3 or {h1, h2} != {"and"} or {l1, l2, l3, l4} != {"left_of"} or not (x == x2 == x3 == x4) or \
                (y, z) != (y2, z2):
            return None
        return f"{self.ref(x)} is between {self.ref(y)} and {self.ref(z)}"

    def opposite(self, e: list) -> str | None:
        """Return 'x and y are at opposite ends' for ['or', ['and', ['at', x, 1], ['at', y, n]],
        ['and', ['at', x, n], ['at', y, 1]]]."""
        n = self.n
        try:
            (h1, (a1, x, i1), (a2, y, j1)), (h2, (a3, x2, i2), (a4, y2, j2)) = e[1], e[2]
        except (TypeError, ValueError):
            return None
        if len(e) != 3 or {h1, h2} != {"and"} or {a1, a2, a3, a4} != {"at"} or (x, y) != (x2, y2) or \
                (i1, j1, i2, j2) != (1, n, n, 1) or n < 2:
            return None
        return f"{self.ref(x)} and {self.ref(y)} are at opposite ends"

    def position_set(self, e: list) -> str | None:
        """Return 'x is at one of the ends' or 'x is in an even-numbered house' for the or-of-ats they read as."""
        parts = e[1:]
        if len(parts) < 2 or not all(isinstance(p, list) and len(p) == 3 and p[0] == "at" for p in parts):
            return None
        x = parts[0][1]
        if any(p[1] != x for p in parts):
            return None
        hs = [p[2] for p in parts]
        if hs == [1, self.n] and self.n >= 2:
            return f"{self.ref(x)} is at one of the ends"
        for parity, rest in (("even", 0), ("odd", 1)):
            if hs == [h for h in range(1, self.n + 1) if h % 2 == rest]:
                return f"{self.ref(x)} is in an {parity}-numbered house"
        return None

    def offset(self, e: list) -> str | None:
        """Return 'x is k houses to the left of y' for ['and', ['between', x, y, k-1], ['left_of', x, y]]."""
        if len(e) != 3 or not all(isinstance(p, list) for p in e[1:]):
            return None
        b, s = e[1], e[2]
        if b[0] != "between" or s[0] not in ("left_of", "right_of") or b[1:3] != s[1:3] or b[3] < 1:
            return None
        side = "left" if s[0] == "left_of" else "right"
        return f"{self.ref(b[1])} is {_count(b[3] + 1)} houses to the {side} of {self.ref(b[2])}"

    # ---- the text

    def declaration(self, cat: str, values: list[str]) -> str:
        from ..english.grid import category_name, short_name

        prose_ok = all(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9' -]*", v) and len(v.split()) <= 4
                       and not re.search(r"\b(?:and|or|a|an|the|some)\b", v, re.I) for v in values)
        if cat == "name" and prose_ok:
            return f"The people are {_and_list(values)}."
        if prose_ok and category_name(f"Each person has a different {cat}") == cat:
            return f"Each person has a different {cat}: {_and_list(values)}."
        if short_name(cat, set()) == cat and not any("`" in v for v in values):
            return f" - {cat}: " + ", ".join(f"`{v}`" for v in values)
        raise PuzzleError(f"the characteristic '{cat}' cannot be named in English so that it reads back")

    def text(self, doc: dict[str, Any]) -> str:
        n = self.n
        lines = [f"There {'is' if n == 1 else 'are'} {n} house{'' if n == 1 else 's'} in a row, numbered 1 to {n} "
                 "from left to right."]
        lines += [self.declaration(c, v) for c, v in self.categories.items()]
        clues = doc.get("clue", [])
        if clues:
            lines += ["", "Clues:"]
            for i, c in enumerate(clues, 1):
                lines.append(f"{i}. {self.sentence(c['expr'])}")
        for q in doc.get("question", []):
            lines.append("")
            lines.append(q["text"])
            for c in q.get("choice", []):
                label = c.get("label", "")
                if not label:
                    continue
                if not re.fullmatch(r"[A-H]|[1-9][0-9]?", label):
                    raise PuzzleError(f"the option label {label!r} cannot be written (use A to H or 1 to 99)")
                lines.append(f"{label}) {c['answer']}")
        return "\n".join(lines) + "\n"

    def sentence(self, e: Any) -> str:
        c = self.clause(e)
        return c[0].upper() + c[1:] + "."


def _comparable(doc: dict[str, Any]) -> dict[str, Any]:
    """Return a grid document without what English does not carry (clue texts, title, description), every
    value named in full ('nationality:Brit' for 'Brit')."""
    from ..formats.deduction_toml import _Values

    values = _Values([(c, list(v)) for c, v in doc["categories"].items()])

    def full(e: Any) -> Any:
        if isinstance(e, list) and e and isinstance(e[0], str):
            return [e[0], *(values.var(x) if isinstance(x, str) else full(x) for x in e[1:])]
        return e

    out = {k: v for k, v in doc.items() if k not in ("title", "description")}
    out["clue"] = [{"expr": full(c["expr"])} for c in doc.get("clue", [])]
    out["question"] = [{**q, **({"expr": full(q["expr"])} if "expr" in q else {}),
                        **({"choice": [{**c, "expr": full(c["expr"])} for c in q["choice"]]} if "choice" in q else {})}
                       for q in doc.get("question", [])]
    return out


def grid_text(puzzle: Deduction) -> str:
    """Return a grid puzzle in English that the grid reader reads back to the same puzzle; raise PuzzleError
    for a clue, question or name it cannot express."""
    from ..english.grid import read_grid
    from ..english.sentences import split_sentences
    from ..formats.toml_write import puzzle_document

    if puzzle.grid is None:
        raise PuzzleError("not a grid puzzle")
    doc = puzzle_document(puzzle)
    writer = _Writer(doc)
    text = writer.text(doc)
    try:
        back = read_grid(text, split_sentences(text), puzzle.title).puzzle
    except PuzzleError as e:
        raise PuzzleError(f"its English does not read back: {e.message}") from None
    mine, theirs = _comparable(doc), _comparable(puzzle_document(back))
    if mine != theirs:
        for i, (a, b) in enumerate(zip(mine.get("clue", []), theirs.get("clue", []))):
            if a != b:
                raise PuzzleError(f"clue {i + 1} ({a['expr']}) reads back as {b['expr']}; it has no English form here")
        for a, b in zip(mine.get("question", []), theirs.get("question", [])):
            if a != b:
                raise PuzzleError(f"the question {a['text']!r} does not read back the same")
        raise PuzzleError("its English reads back as another puzzle")
    return text
