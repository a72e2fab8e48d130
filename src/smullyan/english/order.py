"""Ordering puzzles in English: N things in one fixed order, told by comparatives and ranks.

- Things: the one list a text declares ("On a shelf, there are five books: a red book, …", "In a golf
  tournament, there were three golfers: Amy, Eli, and Eve.", "Five friends — Ann, … — ran a race."),
  named in the text's own words (articles off), in a grid puzzle of one category (the list's noun in the
  singular: "book", "golfer"; "object" without one) over positions 1..N.
- Order: the dimension the text speaks of (order_words): left to right, top to bottom, finishing place,
  age, height, length, weight, price, speed, size or score; position 1 is its first end (left, top,
  first, oldest, tallest, longest, heaviest, cheapest, fastest, biggest, highest score). A text whose
  sentences share no dimension ("older" and "taller") is an error.
- Clues: subject (a thing, "X and Y", "both X and Y", "neither X nor Y", "either X or Y"), a verb
  ("is", "finished", "arrived", "costs", "did not finish", …) and one or more predicates joined by
  and/but ("is older than X but younger than Y"), or two such clauses joined by and/but.
- Questions: options ("(A) The red book is the leftmost", under a question or an "Options:" heading;
  kind "one", each option's answer its text as written), "Who finished last?", "Which book is the
  leftmost?" (kind "all"), "Is Amy older than Eve?" (yes_no), "In what place did Amy finish?" (an
  ordinal), "What is the order from left to right?" / "List the golfers from first to last." (the
  things in order, "A, B, and C").
- Passed over (Reading.ignored): framing sentences and sentences naming no thing and no order word.
  Any other sentence that cannot be read is a PuzzleError with its line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from ..errors import PuzzleError
from ..formats.deduction_toml import grid_from_dict
from .framing import is_framing
from .order_words import (ALL, ENDS, NUMBERS, ORDER_WORDS, ORDINAL_OF, ORDINALS, PARTICIPLES, SPOKEN, VERB_CLASS,
                          frames)
from .read import Reading
from .sentences import Sentence, split_sentences

ARTICLE = re.compile(r"^(?:a|an|the|some)\s+", re.I)
NUM = r"(?:" + "|".join(sorted(NUMBERS, key=len, reverse=True)) + r"|\d{1,2})"
IRREGULAR = {"people": "person", "men": "man", "women": "woman", "children": "child", "mice": "mouse",
             "geese": "goose", "teeth": "tooth", "feet": "foot", "fish": "fish", "sheep": "sheep", "deer": "deer"}
GENERIC = {"object", "thing", "item", "one"}
OPTION_HEADER = re.compile(r"^(?:(?:the\s+)?(?:possible\s+|answer\s+|available\s+)?(?:options?|choices|answers|"
                           r"alternatives)(?:\s+are)?|answer\s+choices)\s*:?$", re.I)
GRID_ONLY = re.compile(r"\bpositions? \d|\b(?:houses?|numbered|queue|seats?|seated|chairs?|each person|each of them|one of them|"
                       r"characteristics?|attributes?|nationality|favou?rite|knights?|knaves?|liars?|truth|lies|"
                       r"lying|truthful|gods?)\b", re.I)
SPEAKING = re.compile(r"\b(?:says?|said|claims?|claimed|tells?|told|always (?:true|false)|inhabitants?|island)\b", re.I)
WINNING = re.compile(r"\b(?:won|wins|beat|beats)\b", re.I)
LEAD = re.compile(r"^(?:(?:so|now|then|and|finally|lastly|also|question|q)\s*[,:.)]?\s+)*(?:please\s+)?"
                  r"(?:(?:can|could) you\s+)?(?:(?:tell(?:\s+me|\s+us)?|determine|find out|work out|figure out|say|"
                  r"decide|identify|deduce|state|establish)\s+)?", re.I)
CONTEXT_TAIL = re.compile(
    r"(?:\s+(?:in|on|at|of|among|from|out of)\s+(?:this |that |their |our |all )?(?:" + NUM + r" )?"
    r"(?:race|tournament|competition|contest|standings|rankings?|row|shelf|branch|group|list|show|fruit stand|"
    r"stand|table|lineup|line up|results|field|them|all|us|them all|all of them)"
    r"|\s+overall|\s+of all)$")
OPENERS = re.compile(r"^(?:also|however|moreover|furthermore|finally|in addition|additionally|meanwhile|and|but|"
                     r"besides|lastly|further|next|then)\b\s*,?\s*")
SUBJECT = re.compile(r"^(?P<subj>(?:both |either |neither )?§[0-9W]+(?:(?:, (?:and |or |nor )?| and | or | nor )§[0-9W]+)*)"
                     r" (?P<rest>.+)$")
OBJECTS = re.compile(r"^(?P<core>.*?) ?(?P<objs>(?:both |either )?§[0-9W]+(?:(?:, (?:and |or )?| and | or )§[0-9W]+)*)$")
AUX = r"(?P<aux>does|do|did|will)(?: (?P<aneg>not))? (?P<base>[a-z]+)(?: (?:in|up|out))?"
BE = r"(?P<be>is|are|was|were)(?: (?P<bneg>not))?(?: (?P<part>[a-z]+))?"
VERB = re.compile(rf"^(?:{AUX}|{BE}|(?P<verb>[a-z]+)(?: (?:in|up|out))?)(?: (?P<rest>.*))?$")
EVERYONE = re.compile(r"^(?:(?P<head>.+?) )?(?:(?:all|each) of )?(?:everyone|everybody|anyone|anybody|all others|all other \w+|"
                      r"every other \w+|any other \w+|rest|others|all of others)(?: else)?$")
INTENSIFIERS = re.compile(r"^(?:(?:also|both|definitely|actually|still|certainly|indeed|each|all) )+")
EXPECTED_CLUE = ("expected one of the {plural} and its place ('is the second from the left', 'finished third', "
                 "'is the oldest', 'is the cheapest') or how it compares with another ('is to the left of', "
                 "'finished above', 'is older than', 'is more expensive than')")


OPENING_WORDS = set("the a an in on at if both neither either and but also however then so who which what is are was "
                    "were did does do where whether when options".split())


class NotRead(Exception):
    """A clause that the frames do not cover (the reader reports it with the sentence)."""

    def __init__(self, why: str = ""):
        super().__init__(why)
        self.why = why


def singular(word: str) -> str:
    """Return an English noun in the singular, as far as its ending tells."""
    w = word.lower()
    if w in IRREGULAR:
        return IRREGULAR[w]
    if re.search(r"(?:ches|shes|sses|xes|zes)$", w):
        return w[:-2]
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("s") and not w.endswith("ss") and len(w) > 2:
        return w[:-1]
    return w


def looks_plural(word: str) -> bool:
    """Return whether a word reads as a plural noun ('books', 'people')."""
    w = word.lower()
    return w in IRREGULAR or (w.endswith("s") and not w.endswith("ss") and len(w) > 2)


def number(word: str) -> int | None:
    """Return the number a word or numeral says, or None."""
    w = word.lower()
    if w.isdigit():
        return int(w)
    return NUMBERS.get(w)


# ---------------------------------------------------------------- the things


@dataclass
class Setting:
    """What a text declares: how many things (if it says), their noun, and the list as written."""

    count: int | None
    noun: str  # plural as written ("books"), "" when not said
    items: list[str]
    index: int  # the sentence declaring the list


def split_list(text: str) -> list[str] | None:
    """Return the items of an English list ('a red book, a gray book, and a blue book'), articles off; None
    when it is not a list of at least two short noun phrases."""
    body = text.strip().rstrip(".;:!").strip()
    parts = re.split(r"\s*,\s*(?:and|or)\s+|\s*,\s*|\s+and\s+|\s+or\s+", body)
    items = [ARTICLE.sub("", p.strip()).strip() for p in parts]
    if len(items) < 2 or any(not i or len(i.split()) > 4 or not re.fullmatch(r"[\w'’.&-]+(?: [\w'’.&-]+)*", i)
                             for i in items):
        return None
    return items


def _noun_before(head: str) -> tuple[int | None, str] | None:
    """Return (count, plural noun) of a list's heading: a counted noun it ends with ('there are five books'),
    else a counted noun in it ('Four kids are comparing heights'), else the plural it ends with ('The golfers
    are'), or None."""
    adjectives = r"(?:(?:different|distinct|unique|other|colou?red|kinds of|types of)\s+)?"
    m = re.search(rf"\b({NUM})\s+{adjectives}([A-Za-z]+)\s*$", head, re.I)
    if m and looks_plural(m.group(2)):
        return number(m.group(1)), m.group(2)
    m = re.search(rf"\b({NUM})\s+{adjectives}([A-Za-z]+)\b", head, re.I)
    if m and looks_plural(m.group(2)):
        return number(m.group(1)), m.group(2)
    m = re.search(rf"{adjectives}([A-Za-z]+)\s*$", head, re.I)
    if m and looks_plural(m.group(1)):
        return None, m.group(1)
    return None


def setting_of(s: Sentence, count: int | None = None, noun: str = "") -> Setting | tuple[int | None, str] | None:
    """Return the list of things a sentence declares (a Setting with index -1), the (count, noun) of a
    sentence that only counts them ('There are five books on a shelf.'), or None."""
    t = s.text.strip()
    # "… there are five books: a red book, …, and a green book."
    if ":" in t:
        head, tail = t.split(":", 1)
        got = _noun_before(head)
        items = split_list(tail)
        if got and items:
            return Setting(got[0], got[1], items, -1)
    # "Five friends — Ann, Bob, and Cat — ran a race." / "Five friends (Ann, Bob, and Cat) ran a race."
    m = re.search(rf"\b({NUM})\s+([A-Za-z]+)\s*(?:—|–|--|\s-\s|\()\s*(.+?)\s*(?:—|–|--|\s-\s|\))", t, re.I)
    if m and looks_plural(m.group(2)) and (items := split_list(m.group(3))):
        return Setting(number(m.group(1)), m.group(2), items, -1)
    # "Five friends, Ann, Bob, and Cat, ran a race."
    m = re.search(rf"\b({NUM})\s+([A-Za-z]+),\s+(.+?\b(?:and|or)\s+[^,]+),", t, re.I)
    if m and looks_plural(m.group(2)) and (items := split_list(m.group(3))):
        return Setting(number(m.group(1)), m.group(2), items, -1)
    # "The golfers are Amy, Eli, and Eve." / "Their names are …" / "They are …"
    m = re.match(rf"^(?:the\s+(?:{NUM}\s+)?([A-Za-z]+)|they|their names|these)\s+(?:are|were)(?:\s+(?:called|named))?"
                 r"\s*:?\s+(.+)$", t, re.I)
    if m and (m.group(1) is None or looks_plural(m.group(1))) and (items := split_list(m.group(2))) \
            and not ORDER_WORDS.search(m.group(2)):
        return Setting(count, m.group(1) or noun, items, -1)
    # "There are five books on a shelf." (the list follows)
    m = re.match(rf"^(?:there\s+(?:are|were)|we\s+have)\s+({NUM})\s+(?:(?:different|distinct)\s+)?([A-Za-z]+)\b", t, re.I)
    if m and looks_plural(m.group(2)):
        return number(m.group(1)), m.group(2)
    # "Amy, Eli, and Eve played golf." (three or more names, no order word)
    m = re.match(r"^((?:[A-Z][\w'-]*)(?:,\s+[A-Z][\w'-]*)+,?\s+and\s+[A-Z][\w'-]*)\s+(.+)$", t)
    if m and not ORDER_WORDS.search(m.group(2)) and (items := split_list(m.group(1))):
        return Setting(count, noun, items, -1)
    return None


def find_setting(sentences: tuple[Sentence, ...]) -> Setting | None:
    """Return the list of things a text declares (the first sentence that declares one), or None."""
    count: int | None = None
    noun = ""
    for i, s in enumerate(sentences):
        if s.marker and re.fullmatch(r"[A-Za-z]|\d{1,2}", s.marker) and i and is_header(sentences[i - 1].text):
            continue
        got = setting_of(s, count, noun)
        if isinstance(got, Setting):
            got.index = i
            return got
        if got is not None:
            count, noun = got
    return None


def is_header(text: str) -> bool:
    """Return whether a sentence only heads a list of options ('Options:', 'Answer choices:')."""
    return bool(OPTION_HEADER.match(text.strip().rstrip(".")))


@dataclass
class Things:
    """The things to order: their category, values as written, and the ways the text names them."""

    category: str
    plural: str
    values: list[str]
    pattern: re.Pattern[str]
    forms: dict[str, int]

    def var(self, i: int) -> str:
        """Return the grid variable of thing i ('book:red book')."""
        return f"{self.category}:{self.values[i]}"

    def find(self, text: str) -> tuple[str, set[int]]:
        """Return a text with each thing it names replaced by §i (an article before it taken too), and which."""
        found: set[int] = set()

        def sub(m: re.Match[str]) -> str:
            said = m.group("name")
            i = self.forms[said.lower()]
            if self.values[i][:1].isupper() and not said[:1].isupper():
                return m.group()
            found.add(i)
            return f"§{i}"

        text = text.replace("§", " ").replace("@", " ")  # the marks' signs (see normalize), typed by the writer
        return self.pattern.sub(sub, text), found


def make_things(setting: Setting, where: str) -> Things:
    """Return the things of a setting; raise PuzzleError when the list and the count disagree."""
    items = setting.items
    noun = setting.noun
    if setting.count is not None and setting.count != len(items):
        raise PuzzleError(f"{where}: the text says there are {setting.count} {noun or 'things'} but lists "
                          f"{len(items)}: {', '.join(items)}")
    lowered = [i.lower() for i in items]
    twice = next((v for k, v in enumerate(items) if lowered[k] in lowered[:k]), None)
    if twice is not None:
        raise PuzzleError(f"{where}: '{twice}' is listed twice")
    if len(items) > 12:
        raise PuzzleError(f"{where}: {len(items)} things are listed; at most 12 can be ordered")
    category = singular(noun) if noun else "object"
    if category in GENERIC:
        category = "object"
    forms: dict[str, int] = {}
    for k, v in enumerate(items):
        low = v.lower()
        forms.setdefault(low, k)
        words = low.split()
        if noun and len(words) > 1 and words[-1] == category:  # "red book": "the red one"
            forms.setdefault(" ".join(words[:-1]) + " one", k)
        elif noun and category != "object" and category not in GENERIC and not v[:1].isupper():
            forms.setdefault(f"{low} {category}", k)  # "red" of five books: "the red book"
            forms.setdefault(f"{low} one", k)
    names = sorted(forms, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w§-])(?:(?:the|The)\s+)?(?P<name>" + "|".join(re.escape(n) for n in names)
                         + r")(?![\w-])", re.I)
    plural = noun.lower() if noun else "things"
    return Things(category, plural, list(items), pattern, forms)


# ---------------------------------------------------------------- clauses


@dataclass(frozen=True)
class Pred:
    """One predicate: negated or not, its meaning, the dimensions it may speak of, and its objects."""

    neg: bool
    meaning: tuple
    dims: frozenset[str]
    objects: tuple[str, ...] = ()  # '§3' placeholders
    mode: str = "and"  # how several objects combine


@dataclass(frozen=True)
class Clause:
    """A subject (one or more things, combined by mode) and what is said of it (all predicates hold)."""

    subjects: tuple[str, ...]
    mode: str  # and | or | nor
    preds: tuple[Pred, ...]

    @property
    def dims(self) -> frozenset[str]:
        """Return the dimensions every predicate of the clause may speak of."""
        out = ALL
        for p in self.preds:
            out &= p.dims
        return out


def normalize(marked: str, plural: str = "") -> str:
    """Return a marked sentence in the reader's form: lower case, articles and end punctuation off,
    contractions open, hyphens as spaces, numerals as ordinal words, a closing 'in the race' or 'of
    the five golfers' (`plural`: the things' noun) off."""
    t = marked.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    t = re.sub(r"§(\d+|W)", r"@@\1@@", t).lower()
    t = re.sub(r"\b(is|are|was|were|did|does|do|has|have)n't\b", r"\1 not", t)
    t = re.sub(r"\b(\d{1,2})(?:st|nd|rd|th)\b", lambda m: ORDINAL_OF.get(int(m.group(1)), m.group()), t)
    t = re.sub(r"(?<=\w)[-–](?=\w)", " ", t)
    t = t.strip().strip("\"'").strip().rstrip(".!?;:").strip().strip("\"'").strip()
    t = re.sub(r"\bthe\b", " ", t)
    t = re.sub(r"\s*,\s*", ", ", t)
    t = re.sub(r", (and|but|or|nor|while|whereas) ", r" \1 ", t)
    t = re.sub(r"\s+", " ", t).strip()
    t = re.sub(r"@@(\d+|w)@@", lambda m: "§" + m.group(1).upper(), t)
    t = OPENERS.sub("", t)
    for _ in range(2):
        t = CONTEXT_TAIL.sub("", t)
        if plural:
            t = re.sub(rf"\s+(?:of|among|out of|in) (?:all )?(?:(?:{NUM}|these|those) )?{re.escape(plural)}$", "", t)
    return t.strip(" ,")


def _objects(text: str) -> tuple[tuple[str, ...], str]:
    """Return the placeholders of an object list and how they combine ('and' or 'or')."""
    objs = tuple(re.findall(r"§[0-9W]+", text))
    if len(objs) == 1:
        return objs, "and"
    if re.search(r"\b(?:either|or)\b", text):
        if re.search(r"\b(?:both|and)\b", text):
            raise NotRead("it joins its objects with both 'and' and 'or'")
        return objs, "or"
    return objs, "and"


def read_core(cls: str, neg: bool, core: str) -> Pred:
    """Return the predicate a core phrase means after a verb of class cls; raise NotRead."""
    raw = core
    core = INTENSIFIERS.sub("", core).strip()
    if core.startswith("not "):
        if neg:
            raise NotRead("it says 'not' twice")
        neg, core = True, core[4:]
    objs: tuple[str, ...] = ()
    mode = "and"
    m = OBJECTS.match(core)
    key = core
    everyone = EVERYONE.match(raw.removeprefix("not ")) or EVERYONE.match(core)
    if everyone:  # "older than everyone else": the oldest
        if neg:
            raise NotRead("'not' with 'everyone' or 'anyone' may mean 'not the first' or 'the last'; say which")
        pred = read_core(cls, neg, ((everyone.group("head") or "") + " §0").strip())
        if pred.meaning == ("rel", "before"):
            return Pred(pred.neg, ("end", "low", 1), pred.dims)
        if pred.meaning == ("rel", "after"):
            return Pred(pred.neg, ("end", "high", 1), pred.dims)
        raise NotRead()
    if m:
        objs, mode = _objects(m.group("objs"))
        key = (m.group("core") + " §Y").strip()
    found = []
    for f in frames():
        if cls in f.classes:
            hit = f.pattern.fullmatch(key)
            if hit:
                found.append((f, hit))
    if not found:
        raise NotRead()
    meanings = {(f.meaning, hit.groupdict().get("k")) for f, hit in found}
    if len(meanings) > 1:
        raise NotRead("it may mean more than one thing")
    dims = frozenset().union(*(f.dims for f, _ in found))
    f, hit = found[0]
    meaning = f.meaning
    if meaning[0] == "end":
        k = hit.groupdict().get("k")
        meaning = ("end", meaning[1], ORDINALS[k] if k else (meaning[2] or 1))
    if meaning == ("rel", "between"):
        if len(objs) != 2 or mode != "and":
            raise NotRead("'between' takes two of the things, joined by 'and'")
    elif mode == "or" and meaning != ("rel", "adjacent"):
        raise NotRead("'… X or Y' may mean both of them or one of them; say which")
    elif neg and len(objs) > 1:
        raise NotRead("'not' before two of the things may mean 'not both' or 'neither'; say it of each")
    elif objs and mode == "and" and meaning[0] == "rel" and meaning[1] in ("just_before", "just_after") \
            and len(objs) > 1:
        raise NotRead("nothing is immediately next to two things on the same side")
    return Pred(neg, meaning, dims, objs, mode)


def read_predicates(rest: str) -> tuple[Pred, ...]:
    """Return the predicates after a subject ('is older than §1 but younger than §2'); raise NotRead."""
    parts = re.split(r" (?:and|but|while|whereas|yet) (?!§|both §|either §)", rest)
    preds = []
    cls = None
    for part in parts:
        m = VERB.match(part)
        got = None
        if m:
            if m.group("aux"):
                c = VERB_CLASS.get(m.group("base"))
                if c is not None:
                    got = (c, bool(m.group("aneg")), m.group("rest") or "")
            elif m.group("be"):
                part_word = m.group("part")
                neg = bool(m.group("bneg"))
                if part_word in PARTICIPLES:
                    got = (PARTICIPLES[part_word], neg, m.group("rest") or "")
                else:
                    after = ((part_word + " ") if part_word else "") + (m.group("rest") or "")
                    got = ("be", neg, after.strip())
            elif m.group("verb") in VERB_CLASS:
                got = (VERB_CLASS[m.group("verb")], False, m.group("rest") or "")
        if got is None:
            if cls is None:
                raise NotRead()
            got = (cls, False, part)
        cls = got[0]
        preds.append(read_core(*got))
    return tuple(preds)


def _subjects(text: str) -> tuple[tuple[str, ...], str]:
    """Return the placeholders of a subject and how they combine: and, or, nor."""
    subs = tuple(re.findall(r"§[0-9W]+", text))
    if text.startswith("neither "):
        if len(subs) != 2 or " nor " not in text:
            raise NotRead("'neither' takes two of the things, joined by 'nor'")
        return subs, "nor"
    if " nor " in text:
        raise NotRead("'nor' without 'neither'")
    if text.startswith("either ") or " or " in text:
        if " and " in text or text.startswith("both "):
            raise NotRead("it joins its subjects with both 'and' and 'or'")
        return subs, "or"
    return subs, "and"


def read_clause(text: str) -> Clause:
    """Return the clause a normalized sentence states (one subject and its predicates); raise NotRead."""
    m = SUBJECT.match(text)
    if not m:
        raise NotRead()
    subs, mode = _subjects(m.group("subj"))
    rest = re.sub(r"^(?:both|all|each) ", "", m.group("rest")) if mode == "and" and len(subs) > 1 else m.group("rest")
    return Clause(subs, mode, read_predicates(rest))


def read_clauses(text: str) -> list[Clause]:
    """Return the clauses a normalized sentence states: one, or several joined by and/but/';'; raise NotRead
    (with the first reason found) when none, or more than one different way of splitting, reads."""
    got = _clauses(text, {})
    if isinstance(got, str):
        raise NotRead(got)
    return list(got)


def _clauses(text: str, memo: dict[str, tuple[Clause, ...] | str]) -> tuple[Clause, ...] | str:
    """Return the clauses of a normalized sentence, or why it does not read ('' when no frame covers it);
    `memo` keeps what the parts of one sentence read as."""
    if text in memo:
        return memo[text]
    try:
        memo[text] = (read_clause(text),)
        return memo[text]
    except NotRead as first:
        reason = first.why
    cuts = re.finditer(r"(?:;|,)? (?:and|but|while|whereas)(?: also)? (?=(?:both |either |neither )?§)|; ", text)
    readings = set()
    for m in cuts:
        left = _clauses(text[:m.start()].strip(" ,;"), memo)
        right = _clauses(text[m.end():].strip(" ,;"), memo)
        if isinstance(left, str):
            reason = reason or left
            continue
        if isinstance(right, str):
            reason = reason or right
            continue
        readings.add(left + right)
    if len(readings) == 1:
        memo[text] = readings.pop()
    elif readings:
        memo[text] = "it may be split into clauses in more than one way"
    else:
        memo[text] = reason
    return memo[text]


# ---------------------------------------------------------------- meanings as clue JSON


@dataclass
class Builder:
    """Turns clauses into grid clue JSON over the things' variables."""

    things: Things
    n: int

    def var(self, placeholder: str, who: int | None = None) -> str:
        """Return the variable a placeholder names (§W: the thing `who`)."""
        if placeholder == "§W":
            assert who is not None
            return self.things.var(who)
        return self.things.var(int(placeholder[1:]))

    def place(self, side: str, k: int) -> int:
        """Return the position of the k-th from an end; raise NotRead when there is none."""
        if k > self.n:
            raise NotRead(f"there is no {ORDINAL_OF.get(k, str(k))} place among {self.n} {self.things.plural}")
        return k if side == "low" else self.n + 1 - k

    def pred(self, p: Pred, subject: str, asking: bool = False) -> Any:
        """Return the JSON of one predicate said of one subject variable (`asking`: the subject is a question's
        candidate, which may be an object too: then the relation just does not hold)."""
        kind = p.meaning[0]
        if kind == "end":
            e: Any = ["at", subject, self.place(p.meaning[1], p.meaning[2])]
        elif kind == "middle":
            if self.n % 2 == 0:
                raise NotRead(f"{self.n} {self.things.plural} have no middle one")
            e = ["at", subject, (self.n + 1) // 2]
        elif p.meaning[1] == "between":
            a, b = (self.var(o) for o in p.objects)
            if subject in (a, b) and not asking:
                raise NotRead("it places a thing between itself and another")
            e = ["or", ["and", ["left_of", a, subject], ["left_of", subject, b]],
                 ["and", ["left_of", b, subject], ["left_of", subject, a]]]
        else:
            head = {"before": "left_of", "after": "right_of", "just_before": "directly_left",
                    "just_after": "directly_right", "adjacent": "next_to"}[p.meaning[1]]
            parts = []
            for o in p.objects:
                other = self.var(o)
                if other == subject and not asking:
                    raise NotRead(f"it compares {subject.split(':', 1)[1]} with itself")
                parts.append([head, subject, other])
            e = parts[0] if len(parts) == 1 else [p.mode, *parts]
        return ["not", e] if p.neg else e

    def clause(self, c: Clause, who: int | None = None) -> Any:
        """Return the JSON of a clause (§W standing for thing `who`)."""
        per = []
        for s in c.subjects:
            v = self.var(s, who)
            body = [self.pred(p, v, s == "§W") for p in c.preds]
            e = body[0] if len(body) == 1 else ["and", *body]
            per.append(["not", e] if c.mode == "nor" else e)
        if len(per) == 1:
            return per[0]
        return ["or", *per] if c.mode == "or" else ["and", *per]

    def clauses(self, cs: list[Clause], who: int | None = None) -> Any:
        """Return the JSON of clauses that all hold."""
        es = [self.clause(c, who) for c in cs]
        return es[0] if len(es) == 1 else ["and", *es]


# ---------------------------------------------------------------- the reader


@dataclass
class OrderReader:
    """Reads one ordering text into a grid puzzle of one category."""

    text: str
    sentences: tuple[Sentence, ...]
    title: str = ""
    ignored: list[Sentence] = field(default_factory=list)
    dims: frozenset[str] = ALL
    dims_from: str = ""  # the sentence that narrowed the dimensions last

    def read(self) -> Reading:
        """Return the reading: the grid puzzle of the text's things, clues and questions, and what was passed over."""
        setting = find_setting(self.sentences)
        if setting is None:
            raise PuzzleError("cannot read the puzzle: expected a sentence listing the things to order, such as "
                              "'There are three golfers: Amy, Eli, and Eve.'")
        decl = self.sentences[setting.index]
        self.things = make_things(setting, decl.where)
        self.n = len(self.things.values)
        self.build = Builder(self.things, self.n)
        clues: list[dict[str, Any]] = []
        questions: list[dict[str, Any]] = []
        ss = self.sentences
        i = 0
        while i < len(ss):
            s = ss[i]
            if i == setting.index:
                i += 1
                continue
            if is_header(s.text) and i + 1 < len(ss) and self._option_marker(ss[i + 1]):
                self.ignored.append(s)
                i = self._options(i + 1, ("claims",), "Which of the following is true?", s, questions)
                continue
            q = self._question_form(s)
            if q is not None:
                i = self._question(i, q, questions)
                continue
            if self._framing(s):
                self.ignored.append(s)
                i += 1
                continue
            if i < setting.index and isinstance(setting_of(s), tuple):
                self.ignored.append(s)  # a count before the list: "There are five books on a shelf."
                i += 1
                continue
            clue = self._clue(s)
            if clue is not None:
                clues.append({"expr": clue, "text": s.text})
            i += 1
        data: dict[str, Any] = {"kind": "grid", "houses": self.n,
                                "categories": {self.things.category: self.things.values},
                                "clue": clues, "question": questions}
        if self.title:
            data["title"] = self.title
        return Reading(grid_from_dict(data), tuple(self.ignored))

    # ------------------------------------------------------------ clues

    def _framing(self, s: Sentence) -> bool:
        """Return whether a sentence is framing: a framing frame covers it and it names none of the things
        (a frame may read a clue about a thing called 'Box' as 'box your answer')."""
        return is_framing(s.text) and not self.things.find(s.text)[1]

    def _marked(self, text: str) -> tuple[str, set[int]]:
        """Return a sentence normalized with its things marked (§i), the things' noun after a place taken off
        ('the second book from the left', 'the oldest sibling'), and which things it names."""
        marked, found = self.things.find(text)
        t = normalize(marked, self.things.plural)
        lead = re.match(r"^(?:in|on|at|of|among|out of|from) ([a-z0-9 ]{1,40}), (?=§)", t)
        if lead and not ORDER_WORDS.search(lead.group(1)):
            t = t[lead.end():]  # "In the race, Amy …", "Of the five, Ann …"
        return self._noun_off(t), found

    def _noun_off(self, t: str) -> str:
        """Return a normalized sentence without the things' noun after a place ('the second book from the left',
        'the oldest sibling')."""
        nouns = "|".join(re.escape(w) for w in {self.things.category, self.things.plural, "one", "ones"})
        t = re.sub(rf"\b({'|'.join(ORDINALS)}) (?:{nouns}) (from|to)\b", r"\1 \2", t)
        return re.sub(rf"\b(\w+est|\w*most|{'|'.join(ORDINALS)}|last) (?:{nouns})$", r"\1", t)

    def _statement(self, marked: str) -> list[Clause]:
        """Return the clauses of a statement; 'The oldest is Ann' is read as 'Ann is the oldest'."""
        try:
            return read_clauses(marked)
        except NotRead:
            m = re.fullmatch(r"([^§]+?) (is|are|was|were) (§\d+)", marked)
            if m is None or m.group(1).split()[0] in ("who", "which", "what", "not", "it", "this", "that", "there"):
                raise
            return read_clauses(self._noun_off(f"{m.group(3)} {m.group(2)} {m.group(1)}"))

    def _narrow(self, s: Sentence, dims: frozenset[str], said: str | None = None) -> None:
        """Keep only the dimensions a sentence may speak of; raise PuzzleError when none is left."""
        left = self.dims & dims
        if not left:
            now = " or ".join(SPOKEN[d] for d in sorted(dims, key=list(SPOKEN).index))
            before = " or ".join(SPOKEN[d] for d in sorted(self.dims, key=list(SPOKEN).index))
            raise PuzzleError(f"{s.where}: cannot read '{said or s.text}': it orders the {self.things.plural} by "
                              f"{now}, but '{self.dims_from}' orders them by {before}; a puzzle of this kind "
                              "orders its things in one way only")
        if left != self.dims:
            self.dims_from = said or s.text
        self.dims = left

    def _fail(self, s: Sentence, e: NotRead, said: str | None = None) -> PuzzleError:
        """Return the error for a sentence that does not read, saying why where the reader can tell."""
        why = e.why or self._stranger(said or s.text) or EXPECTED_CLUE.format(plural=self.things.plural)
        return PuzzleError(f"{s.where}: cannot read '{said or s.text}': {why}")

    def _stranger(self, text: str) -> str:
        """Return why a sentence naming someone who is not among the things cannot be read ('' if it names none)."""
        if not all(v[:1].isupper() for v in self.things.values):
            return ""
        for w in re.findall(r"\b[A-Z][a-z'’]+\b", text):
            if w.lower() in self.things.forms or (text.startswith(w) and w.lower() in OPENING_WORDS):
                continue
            return f"'{w}' is not one of the {self.things.plural} ({', '.join(self.things.values)})"
        return ""

    def _clue(self, s: Sentence) -> Any:
        """Return the clue JSON of a sentence, or None (listing it as ignored) when it states nothing."""
        marked, found = self._marked(s.text)
        if not found:
            if ORDER_WORDS.search(s.text):
                raise PuzzleError(f"{s.where}: cannot read '{s.text}': it names none of the {self.things.plural} "
                                  f"({', '.join(self.things.values)})")
            self.ignored.append(s)
            return None
        try:
            cs = self._statement(marked)
            expr = self.build.clauses(cs)
        except NotRead as e:
            raise self._fail(s, e) from None
        for c in cs:
            self._narrow(s, c.dims)
        return expr

    # ------------------------------------------------------------ questions

    def _question_form(self, s: Sentence) -> str | None:
        """Return the normalized question a sentence asks (leads taken off), or None when it asks nothing."""
        raw = s.text.strip()
        if self._framing(s) and not raw.rstrip(")\"'”’").endswith("?"):
            return None
        body = LEAD.sub("", raw)
        low = body.lower()
        if re.match(r"^(?:list|arrange|rank|sort|order|put|name|give|write)\b.*\bfrom\b.*\bto\b", low) or \
                re.match(r"^(?:what|which|in what|in which)\b.*\border\b", low):
            return self._marked(body)[0] or None
        if raw.rstrip(")\"'”’").endswith("?") or re.match(r"^(?:who|which|what|whether|where)\b", low):
            return self._marked(body)[0]
        return None

    def _option_marker(self, s: Sentence) -> bool:
        """Return whether a sentence is labelled as an option ('(A)', 'B)', '(3)')."""
        return bool(re.fullmatch(r"[A-Za-z]|\d{1,2}", s.marker))

    def _question(self, i: int, q: str, out: list[dict[str, Any]]) -> int:
        """Read the question of sentence i (and the options after it that answer it); return the index after them.

        Options right after a question answer it; options after a heading ('Options:') answer it only when
        they are answers of its kind (names for 'Who …?', yes and no, places, orders), else the heading
        starts a question of its own ('Which of the following is true?')."""
        s = self.sentences[i]
        ss = self.sentences
        form = self._ask(q, s)
        if form is None:  # asks nothing of the puzzle ("Can you solve it?")
            self.ignored.append(s)
            return i + 1
        j = i + 1
        if j + 1 < len(ss) and not ss[j].marker and is_header(ss[j].text) and self._option_marker(ss[j + 1]):
            if form[0] in ("claims", "false") or self._fits(form, ss[j + 1]):
                self.ignored.append(ss[j])
                return self._options(j + 1, form, s.text, s, out)
            out.append(self._table(s, form))
            return j
        if j < len(ss) and self._option_marker(ss[j]):
            return self._options(j, form, s.text, s, out)
        out.append(self._table(s, form))
        return j

    def _fits(self, form: tuple, o: Sentence) -> bool:
        """Return whether an option reads as an answer of a question's kind (not as a statement)."""
        marked = self._marked(o.text)[0]
        kind = form[0]
        if kind in ("who", "pair"):
            return bool(re.fullmatch(r"§\d+", marked))
        if kind == "yes_no":
            return marked in ("yes", "no")
        if kind == "place":
            return bool(re.fullmatch(rf"(?:in )?(?:{'|'.join(ORDINALS)}|last)(?: place| position)?", marked))
        if kind == "order":
            return len(re.findall(r"§\d+", marked)) == self.n and not re.search(r"\b(?:is|are|was|were)\b", marked)
        return kind in ("claims", "false")

    def _ask(self, q: str, s: Sentence) -> tuple | None:
        """Return what a question asks: ('claims',), ('false',), ('who', clauses, candidates or None),
        ('pair', ((a, clauses), (b, clauses))), ('yes_no', clauses), ('place', thing, dims, side),
        ('order', side, dims); None when it names nothing of the puzzle."""
        claims = re.match(r"^(?:which|what)(?: one)?(?: of (?:following|these|those|them|(?:following )?(?:statements|"
                          r"options|choices|answers)))?(?: statements?| options?| choices?| answers?| one)? (?:is|are|must be|"
                          r"has to be)(?: necessarily| definitely| certainly)? (?:true|correct|right|case|accurate)$", q) or \
            re.match(r"^which (?:of following|statement|option|choice|answer)\b", q)
        if claims:
            if re.search(r"\b(?:could|might|may|can)\b", q):
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': it asks what could be true; "
                                  "ask what is true")
            if re.search(r"\b(?:false|not true|incorrect|wrong)\b", q):
                return ("false",)
            return ("claims",)
        if re.match(r"^(?:which|what)\b.*\b(?:false|incorrect|not true|wrong)$", q):
            return ("false",)
        if re.search(r"\b(?:could|might|may|can)\b", q) and re.match(r"^(?:which|what)\b", q):
            raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': it asks what could be true; "
                              "ask what is true")
        order = self._order_form(q, s)
        if order is not None:
            return order
        m = re.match(r"^(?:in )?(?:what|which) (?:place|position|spot|rank) (?:did|does|do|is|was) (§\d+) "
                     r"(?:(finish|come|end up|place|rank|arrive|ranked|placed)(?: in)?|in)$", q) or \
            re.match(r"^where (?:did|does|do) (§\d+) (finish|come|end up|place|rank|arrive)(?: in)?$", q) or \
            re.match(r"^(?:what|which) (?:place|position) (?:did|does|do) (§\d+) (finish|come|end up|place|rank|arrive)"
                     r"(?: in)?$", q)
        if m:
            return ("place", int(m.group(1)[1:]), frozenset({"rank"}), "low")
        m = re.match(r"^(?:in )?(?:what|which) (?:place|position|spot) (?:from|counting from) (left|right|top|bottom) "
                     r"(?:is|are|was|were) (§\d+)(?: in)?$", q) or \
            re.match(r"^(?:what|which) (?:place|position|spot) (?:is|are|was|were) (§\d+) (?:in )?(?:from|counting from) "
                     r"(left|right|top|bottom)$", q)
        if m:
            end, thing = (m.group(1), m.group(2)) if m.group(1).startswith(("l", "r", "t", "b")) else (m.group(2), m.group(1))
            dims, side = ENDS[end]
            return ("place", int(thing[1:]), dims, side)
        who = self._who_form(q)
        if who is not None:
            among = None
            m = re.fullmatch(r"(.+?), ((?:§\d+, )*§\d+,? or §\d+)", who)
            if m and re.search(r"§\d+$", m.group(1)):
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': the names after the comma may be "
                                  "the ones it asks about or more of the ones it compares with; reword it")
            if m:  # "Who finished second, Amy or Eli?"
                who, among = m.group(1), tuple(int(x) for x in re.findall(r"§(\d+)", m.group(2)))
                if len(among) == 2 and len(set(among)) == 2:
                    pair = self._pair(who, among)
                    if pair is not None:  # "Who is older, Amy or Eli?"
                        return pair
            try:
                cs = read_clauses("§W " + who)
            except NotRead as e:
                if "§" not in q and not ORDER_WORDS.search(q):
                    return None  # "Who knows?": it asks nothing of the puzzle
                raise self._question_error(s, e) from None
            if among and any(p.meaning[0] == "end" and p.meaning[2] == 1 for c in cs for p in c.preds):
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': it may ask which of them is "
                                  "at the end of the whole order or which of them comes before the other; reword it")
            return ("who", cs, among)
        m = re.match(r"^(?:is it (?:true|case) that|whether|if) (.+)$", q) or \
            re.match(r"^(is|are|was|were|did|does|do) ((?:both |either |neither )?§\d+(?:(?: and | or | nor |, )§\d+)*) (.+)$", q)
        if m:
            if m.lastindex == 1:
                statement = m.group(1)
            else:
                aux, subj, rest = m.group(1), m.group(2), m.group(3)
                statement = f"{subj} {aux} {rest}"
            try:
                return ("yes_no", read_clauses(statement))
            except NotRead as e:
                raise self._question_error(s, e) from None
        if "§" not in q and not ORDER_WORDS.search(q):
            return None
        raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': expected Who …?, Which "
                          f"{self.things.category} …?, Is … ?, In what place did … finish?, What is the order from … "
                          "to …? or Which of the following is true? with options")

    def _pair(self, rest: str, pair: tuple[int, int]) -> tuple | None:
        """Return ('pair', ((a, clauses), (b, clauses))) for 'Who is older, A or B?' (each candidate compared with
        the other), or None when the question is not a bare comparative."""
        a, b = pair
        try:
            ca = read_clauses(f"§W {rest} than §{b}")
            cb = read_clauses(f"§W {rest} than §{a}")
        except NotRead:
            return None
        return ("pair", ((a, ca), (b, cb)))

    def _question_error(self, s: Sentence, e: NotRead) -> PuzzleError:
        """Return the error for a question whose statement does not read."""
        why = e.why or EXPECTED_CLUE.format(plural=self.things.plural)
        return PuzzleError(f"{s.where}: cannot read the question '{s.text}': {why}")

    def _who_form(self, q: str) -> str | None:
        """Return the rest of a who-question after its subject ('finished last'), or None."""
        cat = re.escape(self.things.category)
        plural = re.escape(self.things.plural)
        m = re.match(rf"^(?:who|(?:which|what)(?: (?:one|{cat}|{plural}|person|object|thing|item))?"
                     rf"(?: of (?:them|these|those|{plural}|(?:{NUM} )?{plural}))?) (.+)$", q)
        if not m:
            return None
        first = q.split()[0]
        if first == "what" and not re.match(rf"^what (?:{cat}|{plural}|one|object|thing|item|person)\b", q):
            return None
        return m.group(1)

    def _order_form(self, q: str, s: Sentence) -> tuple | None:
        """Return ('order', side, dims) for a question asking for the whole order, else None."""
        if not re.search(r"\border\b", q) and not re.match(r"^(?:list|arrange|rank|sort|order|put|name|give|write)\b", q):
            return None
        ends = "|".join(sorted((re.escape(e) for e in ENDS), key=len, reverse=True))
        m = re.search(rf"\b({ends}) to ({ends})\b", q)
        if m:
            (da, sa), (db, sb) = ENDS[m.group(1)], ENDS[m.group(2)]
            if not (da & db) or sa == sb:
                raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': '{m.group(1)}' and "
                                  f"'{m.group(2)}' are not the two ends of one order")
            return ("order", sa, da & db)
        m = re.search(r"\bfrom (.+?) to (.+?)(?: order)?$", q)
        if m:
            raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': '{m.group(1)}' and '{m.group(2)}' "
                              "are not the two ends of an order this reader knows ('from left to right', 'from "
                              "oldest to youngest', 'from first to last', 'from cheapest to most expensive')")
        if re.search(r"\b(?:did|do|does)\b.*\b(?:finish|arrive|end up|come in|place)\b", q):
            return ("order", "low", frozenset({"rank"}))
        if re.search(r"\border\b", q):
            raise PuzzleError(f"{s.where}: cannot read the question '{s.text}': say from which end to which "
                              "('from left to right', 'from oldest to youngest')")
        return None

    def _table(self, s: Sentence, form: tuple) -> dict[str, Any]:
        """Return the [[question]] table of a question without options."""
        kind = form[0]
        if kind in ("claims", "false"):
            raise PuzzleError(f"{s.where}: the question '{s.text}' asks which of the following holds, but no "
                              "options follow it (write them as '(A) …', '(B) …')")
        if kind == "pair":
            for _, cs in form[1]:
                self._narrow(s, _dims(cs))
            choices = [{"answer": self.things.values[k], "expr": self._expr(s, cs, k)} for k, cs in form[1]]
            return {"text": s.text, "kind": "all", "choice": choices, "none": "nobody"}
        if kind == "who":
            self._narrow(s, _dims(form[1]))
            among = form[2] if form[2] is not None else range(self.n)
            choices = [{"answer": self.things.values[k], "expr": self._expr(s, form[1], k)} for k in among]
            none = "nobody" if self.things.values[0][:1].isupper() else "none"
            return {"text": s.text, "kind": "all", "choice": choices, "none": none}
        if kind == "yes_no":
            self._narrow(s, _dims(form[1]))
            return {"text": s.text, "kind": "yes_no", "expr": self._expr(s, form[1])}
        if kind == "place":
            _, thing, dims, side = form
            self._narrow(s, dims)
            var = self.things.var(thing)
            choices = [{"answer": ORDINAL_OF[k], "expr": ["at", var, k if side == "low" else self.n + 1 - k]}
                       for k in range(1, self.n + 1)]
            return {"text": s.text, "kind": "one", "choice": choices}
        _, side, dims = form
        self._narrow(s, dims)
        positions = range(1, self.n + 1) if side == "low" else range(self.n, 0, -1)
        choices = [{"answer": v, "expr": ["at", self.things.var(k), p]}
                   for p, (k, v) in product(positions, enumerate(self.things.values))]
        return {"text": s.text, "kind": "all", "choice": choices, "none": "none"}

    def _expr(self, s: Sentence, cs: list[Clause], who: int | None = None) -> Any:
        """Return the JSON of a question's clauses (§W standing for thing `who`)."""
        try:
            return self.build.clauses(cs, who)
        except NotRead as e:
            raise self._question_error(s, e) from None

    def _options(self, j: int, form: tuple, text: str, s: Sentence, out: list[dict[str, Any]]) -> int:
        """Read the options from sentence j on as one question; return the index after them."""
        choices = []
        wants = {"who": f"one of the {self.things.plural}", "pair": "one of the two it names", "yes_no": "yes or no",
                 "place": f"a place from first to {ORDINAL_OF[self.n]}",
                 "order": f"all {self.n} {self.things.plural} in order"}
        while j < len(self.sentences) and self._option_marker(self.sentences[j]):
            o = self.sentences[j]
            if form[0] in wants and not self._fits(form, o):
                raise PuzzleError(f"{o.where}: cannot read the option '{o.text}' of the question '{s.text}': expected "
                                  f"{wants[form[0]]}")
            expr = self._option(o, form)
            choices.append({"answer": o.text, "expr": ["not", expr] if form[0] == "false" else expr, "label": o.marker})
            j += 1
        out.append({"text": text, "kind": "one", "choice": choices})
        return j

    def _option(self, o: Sentence, form: tuple) -> Any:
        """Return the expression of one option (already known to fit the question's kind)."""
        marked, found = self._marked(o.text)
        kind = form[0]
        bad = f"{o.where}: cannot read the option '{o.text}'"
        try:
            if kind == "who":
                self._narrow(o, _dims(form[1]), o.text)
                return self.build.clauses(form[1], int(marked[1:]))
            if kind == "pair":
                cs = next((c for k, c in form[1] if k == int(marked[1:])), None)
                if cs is None:
                    raise PuzzleError(f"{bad}: expected one of the two the question names")
                self._narrow(o, _dims(cs), o.text)
                return self.build.clauses(cs, int(marked[1:]))
            if kind == "yes_no":
                self._narrow(o, _dims(form[1]), o.text)
                said = self.build.clauses(form[1])
                return said if marked == "yes" else ["not", said]
            if kind == "place":
                _, thing, dims, side = form
                word = re.sub(r"^in |(?: place| position)$", "", marked)
                k = self.n if word == "last" else ORDINALS[word]
                if k > self.n:
                    raise PuzzleError(f"{bad}: expected a place from first to {ORDINAL_OF[self.n]}")
                self._narrow(o, dims, o.text)
                return ["at", self.things.var(thing), k if side == "low" else self.n + 1 - k]
            if kind == "order":
                seq = [int(k) for k in re.findall(r"§(\d+)", marked)]
                if len(set(seq)) != self.n:
                    raise PuzzleError(f"{bad}: expected all {self.n} {self.things.plural} in order, each once")
                _, side, dims = form
                self._narrow(o, dims, o.text)
                positions = range(1, self.n + 1) if side == "low" else range(self.n, 0, -1)
                return ["and", *(["at", self.things.var(k), p] for k, p in zip(seq, positions))]
            if not found:
                raise PuzzleError(f"{bad}: expected a statement about the {self.things.plural}")
            cs = self._statement(marked)
            expr = self.build.clauses(cs)
        except NotRead as e:
            raise PuzzleError(f"{bad}: {e.why or EXPECTED_CLUE.format(plural=self.things.plural)}") from None
        self._narrow(o, _dims(cs), o.text)
        return expr


def _dims(cs: list[Clause]) -> frozenset[str]:
    """Return the dimensions every one of some clauses may speak of."""
    out = ALL
    for c in cs:
        out &= c.dims
    return out


def read_order(text: str, sentences: tuple[Sentence, ...], title: str = "") -> Reading:
    """Return the reading of an ordering text; raise PuzzleError with line and column for a sentence it cannot read."""
    return OrderReader(text, tuple(sentences), title).read()


def is_order_text(text: str) -> bool:
    """Return whether a text is an ordering puzzle: it declares one list of things and some sentence places
    one of them with an order word; none of the words of house grids or of truth-tellers and liars."""
    if GRID_ONLY.search(text) or SPEAKING.search(text):
        return False
    if re.search(r"\barranged in a fixed order\b", text, re.I):
        return True
    sentences = split_sentences(text)
    setting = find_setting(sentences)
    if setting is None or sum(isinstance(setting_of(s), Setting) for s in sentences) > 1:
        return False
    try:
        things = make_things(setting, "")
    except PuzzleError:
        return False
    return any(k != setting.index and (ORDER_WORDS.search(s.text) or WINNING.search(s.text))
               and things.find(s.text)[1] and not is_framing(s.text) for k, s in enumerate(sentences))
