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

Varied wording (`grid_text(puzzle, variant=random.Random(…))`): the setting, each characteristic's
declaration, each value ("the tea drinker", "the person who keeps the dog", "the Dane") and each
relation ("lives next door to", "X and Y are neighbours", "Exactly one house separates …") are drawn
from phrasings the reader reads back to the very same clue (tests/test_generate_zebra.py checks each);
value phrasings exist for the characteristics of generated puzzles (generator/zebra.py), every other
one keeps its plain form. A varied text that does not read back falls back to the plain one.
"""

from __future__ import annotations

import random
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


# ---------------------------------------------------------------- varied wording
# {v}: the value, {vs}: its plural, {a}: 'a' or 'an' before it. The plain form ('the person whose drink is tea')
# is always one of the choices.
REFS: dict[str, tuple[str, ...]] = {
    "name": ("{v}", "{v}", "the person called {v}"),
    "drink": ("the person who drinks {v}", "the {v} drinker"),
    "pet": ("the person who keeps the {v}", "the {v} owner", "the owner of the {v}", "the person whose pet is the {v}",
            "the person who owns the {v}", "the person with the {v}"),
    "color": ("the person in the {v} house", "the person who lives in the {v} house", "the person whose house is {v}"),
    "nationality": ("the {v}", "the {v}"),
    "hobby": ("the person who enjoys {v}", "the person who loves {v}"),
    "car": ("the person who drives the {v}", "the {v} driver", "the owner of the {v}"),
    "food": ("the person who eats {v}", "the person who loves {v}", "the person whose favorite food is {v}"),
    "music genre": ("the person who listens to {v}", "the {v} fan", "the person who loves {v} music"),
    "sport": ("the person who plays {v}", "the {v} player"),
    "flower": ("the person who grows {vs}", "the person who loves {vs}", "the person whose favorite flower is the {v}"),
    "job": ("the {v}", "the {v}", "the person who works as {a} {v}"),
    "instrument": ("the person who plays the {v}", "the {v} player"),
}
# 'X drinks tea' / 'X does not drink tea': saying that X is (or is not) the person with a value
VERBS: dict[str, tuple[tuple[str, str], ...]] = {
    "name": (("is called {v}", "is not called {v}"),),
    "drink": (("drinks {v}", "does not drink {v}"),),
    "pet": (("keeps the {v}", "does not keep the {v}"), ("owns the {v}", "does not own the {v}")),
    "color": (("lives in the {v} house", "does not live in the {v} house"),),
    "nationality": (("is the {v}", "is not the {v}"),),
    "hobby": (("enjoys {v}", "does not enjoy {v}"),),
    "car": (("drives the {v}", "does not drive the {v}"),),
    "food": (("eats {v}", "does not eat {v}"),),
    "music genre": (("listens to {v}", "does not listen to {v}"),),
    "sport": (("plays {v}", "does not play {v}"),),
    "flower": (("grows {vs}", "does not grow {vs}"),),
    "job": (("works as {a} {v}", "does not work as {a} {v}"),),
    "instrument": (("plays the {v}", "does not play the {v}"),),
}
# 'Each person keeps a different pet: …' (the plain 'Each person has a different pet: …' is always a choice)
DECLARE_VERBS = {"pet": "keeps", "car": "drives", "sport": "plays", "instrument": "plays", "hobby": "enjoys",
                 "flower": "grows", "food": "likes", "music genre": "likes", "drink": "prefers"}
# relations: {X} and {Y} the two values, {H} a house ('the third house', 'house 3'), {k} / {K} counts ('one', 'two')
RELATIONS: dict[str, tuple[str, ...]] = {
    "same": ("{X} is {Y}", "{X} and {Y} are the same person"),
    "not_same": ("{X} is not {Y}", "it is not the case that {X} is {Y}", "{X} and {Y} are different people"),
    "at": ("{X} is in {H}", "{X} lives in {H}", "in {H} lives {X}"),
    "not_at": ("{X} is not in {H}", "{X} does not live in {H}"),
    "left_of": ("{X} is somewhere to the left of {Y}", "{X} lives somewhere to the left of {Y}",
                "{X} is to the left of {Y}", "{X} lives further to the left than {Y}"),
    "right_of": ("{X} is somewhere to the right of {Y}", "{X} lives somewhere to the right of {Y}",
                 "{X} is to the right of {Y}", "{X} lives further to the right than {Y}"),
    "directly_left": ("{X} is directly left of {Y}", "{X} is immediately to the left of {Y}",
                      "{X} lives directly to the left of {Y}", "{X} is just to the left of {Y}",
                      "{X} lives in the house immediately to the left of {Y}"),
    "directly_right": ("{X} is directly right of {Y}", "{X} is immediately to the right of {Y}",
                       "{X} lives directly to the right of {Y}", "{X} is just to the right of {Y}",
                       "{X} lives in the house immediately to the right of {Y}"),
    "next_to": ("{X} is next to {Y}", "{X} lives next to {Y}", "{X} lives next door to {Y}", "{X} is beside {Y}",
                "{X} and {Y} are next to each other", "{X} and {Y} live in adjacent houses",
                "{X} and {Y} are neighbours", "{X} lives right next to {Y}",
                "{X} and {Y} live next door to each other"),
    "not_next_to": ("{X} is not next to {Y}", "{X} does not live next to {Y}",
                    "{X} and {Y} are not next to each other", "{X} and {Y} are not neighbours"),
    "between": ("there {is} {k} house{s} between {X} and {Y}", "{X} and {Y} have {k} house{s} between them",
                "{X} and {Y} are {K} houses apart", "{X} lives {K} houses away from {Y}",
                "there {is} {k} house{s} in between {X} and {Y}", "{X} and {Y} are separated by {k} house{s}",
                "exactly {k} house{s} {separate} {X} and {Y}"),
    "ends": ("{X} is at one of the ends", "{X} lives at one of the ends of the row", "{X} is in one of the end houses",
             "{X} is in an end house", "{X} lives in the first or the last house"),
    "not_ends": ("{X} is not at one of the ends", "{X} is at neither end of the row",
                 "{X} does not live at either end"),
}
SETTINGS = ("There are {n} houses in a row, numbered 1 to {n} from left to right.",
            "There are {N} houses in a row, numbered 1 to {n} from left to right.",
            "{Nc} houses stand in a row, numbered 1 to {n} from left to right.",
            "There are {n} houses in a row on a street, numbered 1 to {n} from left to right.")
ZEBRALOGIC_SETTING = ("There are {n} houses, numbered 1 to {n} from left to right, as seen from across the street. "
                      "Each house is occupied by a different person.")


def _plural(word: str) -> str:
    """Return a noun's plural as the grid reader finds it ('lily' -> 'lilies', 'rose' -> 'roses')."""
    if word == "lavender":
        return word
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    if re.search(r"(?:s|x|z|ch|sh)$", word):
        return word + "es"
    return word + "s"


def _fill(template: str, value: str) -> str:
    """Return a value phrase with {v}, {vs} and {a} filled in."""
    return template.format(v=value, vs=_plural(value), a="an" if value[:1].lower() in "aeiou" else "a")


class _Writer:
    """Writes one grid document (the canonical TOML form) as English."""

    def __init__(self, doc: dict[str, Any], rng: random.Random | None = None):
        self.rng = rng
        self.said: dict[str, str] = {}  # the phrase of each value named in the sentence being written
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
            plain = value
        else:
            plain = f"the person whose {cat} is {value}"
        if self.rng is None:
            return plain
        key = f"{cat}:{value}"
        if key not in self.said:
            forms = REFS.get(cat, ()) if len(self.owner[value.lower()]) == 1 else ()
            self.said[key] = self.rng.choice([plain, *(_fill(f, value) for f in forms)])
        return self.said[key]

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
        self.said = {}
        c = (self.varied(e) if self.rng is not None else None) or self.clause(e)
        return c[0].upper() + c[1:] + "."

    # ---- varied wording

    def varied(self, e: Any) -> str | None:
        """Return a clue of a generated puzzle's shape in a phrasing drawn from RELATIONS (None for other shapes)."""
        shape = self.shape(e)
        if shape is None:
            return None
        kind, x, y, k = shape
        rng = self.rng
        assert rng is not None
        forms = list(RELATIONS[kind])
        if kind in ("same", "not_same"):
            forms += ["{X} " + v for v in self.verbs(y, kind == "not_same")]
        words = {"X": self.ref(x), "Y": self.ref(y) if y else "", "k": _count(k), "K": _count(k + 1),
                 "H": rng.choice(self.houses(k)) if kind in ("at", "not_at") else "",
                 "is": "is" if k == 1 else "are", "s": "" if k == 1 else "s",
                 "separate": "separates" if k == 1 else "separate"}
        return rng.choice(forms).format(**words)

    def houses(self, k: int) -> list[str]:
        """Return the ways to name house k: 'the third house', 'the third house from the left', 'house 3', …"""
        out = [self.house(k), f"{self.house(k)} from the left", f"house {k}"]
        if k == 1:
            out.append("the leftmost house")
        if k == self.n:
            out += ["the last house", "the rightmost house"]
        return out

    def shape(self, e: Any) -> tuple[str, str, str, int] | None:
        """Return (kind, x, y, k) of a clue as generator/zebra.py makes them, or None for any other clue."""
        if not isinstance(e, list) or not e:
            return None
        head = e[0]
        if head in ("same", "left_of", "right_of", "directly_left", "directly_right", "next_to") and len(e) == 3:
            return head, e[1], e[2], 0
        if head in ("at", "not_at") and len(e) == 3 and isinstance(e[2], int):
            return head, e[1], "", e[2]
        if head == "between" and len(e) == 4 and isinstance(e[3], int) and e[3] >= 1:
            return "between", e[1], e[2], e[3]
        if head == "or" and self.ends(e):
            return "ends", e[1][1], "", 0
        if head == "not" and len(e) == 2 and isinstance(e[1], list) and e[1]:
            inner = e[1]
            if inner[0] in ("same", "next_to") and len(inner) == 3:
                return "not_" + inner[0], inner[1], inner[2], 0
            if inner[0] == "or" and self.ends(inner):
                return "not_ends", inner[1][1], "", 0
        return None

    def ends(self, e: list[Any]) -> bool:
        """Return whether e is ['or', ['at', x, 1], ['at', x, n]]."""
        return (len(e) == 3 and self.n >= 2 and all(isinstance(p, list) and len(p) == 3 and p[0] == "at" for p in e[1:])
                and e[1][1] == e[2][1] and (e[1][2], e[2][2]) == (1, self.n))

    def verbs(self, var: str, negated: bool) -> list[str]:
        """Return 'drinks tea' (or 'does not drink tea') for a value whose characteristic has verbs, else []."""
        cat, value = self.split(var)
        if len(self.owner[value.lower()]) != 1:
            return []
        return [_fill(pair[negated], value) for pair in VERBS.get(cat, ())]

    def varied_declaration(self, cat: str, values: list[str]) -> str:
        """Return a characteristic's declaration in a drawn phrasing that reads back to the same name."""
        from ..english.grid import category_name

        rng = self.rng
        assert rng is not None
        plain = self.declaration(cat, values)
        if plain.startswith(" - "):
            return plain
        if cat == "name":
            return rng.choice([plain, f"The people are called {_and_list(values)}."])
        noun = " ".join([*cat.split()[:-1], _plural(cat.split()[-1])])
        forms = [plain, f"The {noun} are {_and_list(values)}.",
                 f"Each person has a different {cat} ({', '.join(values)})."]
        if cat in DECLARE_VERBS:
            forms.append(f"Each person {DECLARE_VERBS[cat]} a different {cat}: {_and_list(values)}.")
        ok = [f for f in forms if category_name(re.split(r":| are | \(", f[:-1])[0]) == cat or f == plain]
        return rng.choice(ok)

    def zebralogic_declaration(self, cat: str, values: list[str]) -> str | None:
        """Return a ZebraLogic header line for a characteristic, or None when it would read as another name."""
        from ..english.grid import short_name

        line = f" - Each person has a unique {cat}: " + ", ".join(f"`{v}`" for v in values)
        if short_name(f"Each person has a unique {cat}", set()) != cat or any("`" in v for v in values):
            return None
        return line

    def varied_text(self, doc: dict[str, Any]) -> str:
        """Return the puzzle in drawn phrasings: prose, or ZebraLogic's header lines."""
        rng = self.rng
        assert rng is not None
        n = self.n
        header = [self.zebralogic_declaration(c, v) for c, v in self.categories.items()]
        if rng.random() < 0.3 and all(h is not None for h in header):
            lines = [ZEBRALOGIC_SETTING.format(n=n), *[h for h in header if h is not None]]
            title = "## Clues:"
        else:
            setting = rng.choice(SETTINGS)
            lines = [setting.format(n=n, N=_count(n), Nc=_count(n).capitalize())]
            lines += [self.varied_declaration(c, v) for c, v in self.categories.items()]
            title = "Clues:"
        clues = doc.get("clue", [])
        if clues:
            lines += ["", title]
            lines += [f"{i}. {self.sentence(c['expr'])}" for i, c in enumerate(clues, 1)]
        return "\n".join(lines) + "\n"


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


def grid_text(puzzle: Deduction, variant: random.Random | None = None, check: bool = True) -> str:
    """Return a grid puzzle in English that the grid reader reads back to the same puzzle; raise PuzzleError
    for a clue, question or name it cannot express. With `variant`, the phrasings are drawn from it (a puzzle
    with questions keeps the plain wording); `check=False` skips reading the text back."""
    from ..formats.toml_write import puzzle_document

    if puzzle.grid is None:
        raise PuzzleError("not a grid puzzle")
    doc = puzzle_document(puzzle)
    if variant is not None and not doc.get("question"):
        text = _Writer(doc, variant).varied_text(doc)
        if not check:
            return text
        try:
            _check(text, doc, puzzle)
            return text
        except PuzzleError:
            pass  # a phrasing that does not read back: the plain wording below
    text = _Writer(doc).text(doc)
    if check:
        _check(text, doc, puzzle)
    return text


def _check(text: str, doc: dict[str, Any], puzzle: Deduction) -> None:
    """Raise PuzzleError unless the text reads back to the puzzle the document describes."""
    from ..english.grid import read_grid
    from ..english.sentences import split_sentences
    from ..formats.toml_write import puzzle_document

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
