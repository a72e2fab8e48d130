"""Ages puzzles in English: truth-tellers and liars make claims about each other's ages, read into deduction puzzles.

A text is read sentence by sentence (`sentences.split_sentences`) with the knights reader's frames; every
person gets one variable `age.<person>`, and the puzzle is a `Deduction` like the TOML one:

- a role definition ("Truth-tellers always tell the truth, and liars always lie": knights_roles.py) names
  the kinds; without one, knight, knave, truth-teller and liar are understood;
- an introduction ("You meet four inhabitants: Ann, Ben, Cal, and Dan": knights_frames.py) names the
  people; without one, the people are the names the text uses, in the order they first appear;
- the range ("Each of them is between 20 and 25 years old", "Their ages are whole numbers from 20 to 25",
  "Everyone is at least 20 and at most 25 years old", "Ann, Ben and Cal are aged 20-25") gives every age its
  values (unstated: 0 to 120); "Their ages are distinct integers from 20 to 25" also says no two are equal;
- speeches (`Ann says, "…"`, `Ann says that …`, `Ann claims that …`, `According to Ann, …`, `"…," says Ann`,
  `Ann: …`, and the other frames of knights_frames.py) are statements, one per quoted sentence; a "Name:"
  line's further sentences are that person's words too; other sentences about the people are facts, among
  them "Every liar is older than every truth-teller" and "No two of them are the same age";
- questions and instructions ("Who is lying, and how old is each of them?", "Determine everyone's age")
  and sentences naming none of the people, kinds or ages are passed over; any other sentence the reader
  cannot read is a PuzzleError with its line and column.

Claims (a number is written in digits or words; "I", "me", "my" are the speaker in quoted words, "he",
"she", "his", "her" in reported ones, "you" the person told):

- an age and a number: "Ben is 22 (years old)", "Ben's age is 22", "… is not 22", "… is older than 22",
  "… over 22", "… more than 22 years old", "… younger than / under / less than 22", "… at least 22",
  "… no younger than 22", "… 22 or older", "… at most 22", "… no older than 22", "… 22 or younger",
  "… between 20 and 22";
- two ages: "Ben is older / younger than Cal", "Ben is the same age as Cal", "Ben is as old as Cal",
  "Ben and Cal are (not) the same age", "… at least / at most as old as Cal", "Ben's age is greater than
  Cal's", "Ben is the oldest (of us)", "… younger than everyone else" (once the people are introduced);
- a difference: "Ben is two years older / younger than Cal", "Ben is older than Cal by two years", "…
  more than / at least two years older than Cal";
- a type, as the knights reader spells it: "Ben is a liar", "Ben lies", "Ben is lying", "Ben tells the
  truth", "Ben is honest", "Ben is not a knave", "Ben does not lie";
- lists and chains: "Ben and Cal are liars", "Ben is older than Cal and Dan", "Ben is over 20 but under
  25", "X and Y", "X, Y, or Z" (one connective per chain), bracketed with "both … and …", "either … or
  …", "neither … nor …", negated with "it is not the case that …" (last in its chain).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..deduce.model import Constraint, Deduction, Variable
from ..errors import PuzzleError, did_you_mean
from ..logic import expr as E
from ..logic.types import LIAR, TRUTHFUL
from . import knights_frames as F
from .framing import is_framing
from .knights_roles import DEFAULT_DISPLAY, Definition, build_roles, read_definition, unmodelable
from .knights_tokens import Lexicon, singular

DEFAULT_RANGE = (0, 120)
KIND_WORDS = {"knight", "knave", "liar", "truth-teller", "truthteller", "normal", "spy", "angel", "devil", "human"}
PARTNER = {"knight": "knave", "knave": "knight", "truth-teller": "liar", "liar": "truth-teller"}
UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
CONTRACTIONS = {"isn't": ("is", "not"), "aren't": ("are", "not"), "wasn't": ("was", "not"), "weren't": ("were", "not"),
                "doesn't": ("does", "not"), "don't": ("do", "not"), "didn't": ("did", "not"), "i'm": ("i", "am"),
                "he's": ("he", "is"), "she's": ("she", "is"), "it's": ("it", "is"), "ain't": ("is", "not")}
BE = {"is", "am", "are", "was", "were", "'s"}
SKIP = {"also", "really", "indeed", "actually", "certainly", "definitely", "surely", "truly", "all", "both", "each"}
KEYWORDS = {
    "it", "is", "am", "are", "was", "were", "not", "and", "or", "but", "both", "either", "neither", "nor", "the", "a",
    "an", "i", "me", "my", "mine", "he", "she", "him", "her", "his", "hers", "you", "your", "we", "us", "our", "they",
    "them", "their", "every", "each", "all", "any", "no", "none", "nobody", "everyone", "true", "false", "case",
    "that", "than", "as", "same", "age", "ages", "old", "older", "younger", "years", "year", "of", "at", "least",
    "most", "more", "less", "over", "under", "above", "below", "between", "exactly", "by", "aged", "lies", "lie",
    "lying", "tells", "tell", "telling", "truth", "honest", "dishonest", "truthful", "untruthful", "always", "never",
    "does", "do", "did", "also", "so", "then", "if", "only", "different", "equal", "greater", "fewer", "lower",
    "higher", "smaller", "exceeds", "equals", "in", "fact", "indeed", "actually", "really", "this", "there", "here"}
WordOps = tuple[tuple[tuple[str, ...], str], ...]  # word sequences and what each means
SEPARATORS: WordOps = (((",", "and"), "and"), ((",", "but"), "and"), ((",", "or"), "or"), (("and",), "and"),
                       (("but",), "and"), (("or",), "or"), ((",",), ","))
AS_OLD_AS: WordOps = ((("at", "least", "as", "old", "as"), "ge"), (("at", "most", "as", "old", "as"), "le"),
                      (("exactly", "as", "old", "as"), "eq"), (("just", "as", "old", "as"), "eq"))
BY_NUMBER: WordOps = ((("at", "most"), "le"), (("no", "more", "than"), "le"), (("no", "less", "than"), "ge"),
                      (("less", "than"), "lt"), (("fewer", "than"), "lt"), (("over",), "gt"), (("above",), "gt"),
                      (("under",), "lt"), (("below",), "lt"), (("aged",), "eq"), (("exactly",), "eq"))
COMPARATIVES: WordOps = ((("older", "than"), "gt"), (("younger", "than"), "lt"), (("no", "older", "than"), "le"),
                         (("no", "younger", "than"), "ge"))
AGE_OPS: WordOps = ((("greater", "than"), "gt"), (("more", "than"), "gt"), (("higher", "than"), "gt"),
                    (("larger", "than"), "gt"), (("bigger", "than"), "gt"), (("less", "than"), "lt"),
                    (("lower", "than"), "lt"), (("smaller", "than"), "lt"), (("fewer", "than"), "lt"),
                    (("over",), "gt"), (("above",), "gt"), (("under",), "lt"), (("below",), "lt"),
                    (("at", "least"), "ge"), (("at", "most"), "le"), (("the", "same", "as"), "eq"),
                    (("equal", "to"), "eq"),
                    (("different", "from"), "ne"), (("exactly",), "eq"))
EVERYONE = {"us", "them", "all", "everyone", "everybody", "else", "the", "others", "other", "of", "people", "islanders",
            "inhabitants", "anyone", "anybody", "rest", "group", "two", "three", "four", "five", "six", "seven",
            "eight"}
OR_MORE = {"older": "ge", "over": "ge", "more": "ge", "above": "ge", "younger": "le", "under": "le", "less": "le",
           "below": "le", "fewer": "le"}
NEGATED = {"eq": "ne", "ne": "eq", "lt": "ge", "ge": "lt", "gt": "le", "le": "gt"}
WORD = re.compile(r"\d+|[^\W\d_]+(?:[-'’][^\W\d_]+)*['’]?|[,;:.!?]")
NUM = (r"(?:\d+|(?:" + "|".join(TENS) + r")(?:[- ](?:" + "|".join(UNITS[1:10]) + r"))?|"
       + "|".join(sorted(UNITS, key=len, reverse=True)) + r")")
RANGE = re.compile(
    rf"\b(?:(?:between|from)\s+(?P<lo>{NUM})\s+(?:and|to|through|until)\s+(?P<hi>{NUM})"
    rf"|(?:at\s+least|no\s+younger\s+than|no\s+less\s+than|not\s+younger\s+than)\s+(?P<lo2>{NUM})"
    r"(?:\s+years(?:\s+old)?)?"
    rf"\s*,?\s+(?:and|but)\s+(?:at\s+most|no\s+older\s+than|no\s+more\s+than|not\s+older\s+than)\s+(?P<hi2>{NUM})"
    rf"|(?P<lo3>\d+)\s*(?:-|–|—)\s*(?P<hi3>\d+)|(?P<lo4>{NUM})\s+(?:to|through)\s+(?P<hi4>{NUM}))\b", re.I)
RANGE_WORDS = {
    "each", "of", "them", "us", "is", "are", "all", "everyone", "everybody", "every", "one", "person", "people",
    "inhabitant", "inhabitants", "islander", "islanders", "native", "natives", "resident", "residents", "they",
    "their", "ages", "age", "the", "years", "year", "old", "whole", "numbers", "number", "integers", "integer",
    "integral", "range", "ranges", "ranging", "lie", "lies", "aged", "inclusive", "inclusively", "exclusive",
    "exclusively", "both", "ends", "included", "somewhere", "and", "have", "has", "an", "a", "in", "who", "whose",
    "here", "these", "those", "was", "were", "can", "be", "any", "from", "between", "years-old", "full", "counted",
    "only", "whom", "whole-number", "anywhere", "so", "also", "you", "know", "that", "it", "known", "given", "'s",
    "islander's", "person's", "somewhere", "aged", "ranging", "varies", "vary"} | {"distinct", "different", "unique"}
DIFFERENT = {"distinct", "different", "unique"}  # "Their ages are distinct whole numbers from 20 to 25"
PASS_OVER = re.compile(
    r"^(?:(?:so|now|then|finally|and)\s*,?\s+)?(?:who|whom|whose|which|what|how|determine|find|work\s+out|figure\s+out|"
    r"identify|deduce|tell|say|state|give|name|list|decide|can\s+you|could\s+you|please|your\s+task)\b.*"
    r"\b(?:who|whom|which|what|how|whether|each|every|everyone|everybody|all|types?|kinds?|ages?|old)\b", re.I)
MAKES_CLAIMS = re.compile(r"^(?:.*\s)?(?:makes?|made|making)\s+(?:[\w-]+\s+){0,3}?(?:claims?|statements?|remarks?)\b"
                          r"(?:\s+about\s+[\w\s'’,]+)?(?:\s*[:.]?\s*)?$", re.I)
_ROLE = r"(?P<{}>truth[- ]tellers?|[a-z][\w-]*)"
CLAIMS_DEFINITION = re.compile(
    r"^(?:the\s+)?" + _ROLE.format("a") + r"(?:'|’)s?\s+(?:claims|statements)\s+are\s+(?:all\s+|always\s+)?true"
    r"\s*[,;]?\s+"
    r"(?:and|while|whereas)\s+(?:the\s+)?(?:those\s+of\s+(?:the\s+)?" + _ROLE.format("b") + r"|"
    + _ROLE.format("c") + r"(?:'|’)s?\s+(?:claims|statements)?)\s*(?:are\s+)?(?:all\s+|always\s+)?false$", re.I)
_ALL = r"(?:every|each|any|all(?:\s+the)?|the)"
EVERY_OLDER = re.compile(
    rf"^{_ALL}\s+{_ROLE.format('a')}\s+(?:is|are)\s+(?:all\s+|always\s+)?"
    r"(?P<cmp>older|younger|at\s+least\s+as\s+old\s+as|"
    rf"at\s+most\s+as\s+old\s+as|no\s+older|no\s+younger)(?:\s+than)?\s+{_ALL}\s+{_ROLE.format('b')}$", re.I)
ALL_DIFFERENT = re.compile(
    r"^(?:no\s+two\s+(?:of\s+(?:them|us|the\s+[\w-]+)|people|persons|islanders|inhabitants)?\s*(?:are|have)\s+"
    r"(?:of\s+)?the\s+same\s+age"
    r"|(?:all\s+)?(?:their|the)\s+ages\s+are\s+(?:all\s+)?(?:different|distinct)"
    r"|they\s+(?:are|have)\s+all\s+(?:of\s+)?different\s+ages|(?:they|their\s+ages)\s+all\s+differ"
    r"|(?:everyone|each\s+of\s+them|each\s+person)\s+(?:is|has)\s+(?:of\s+)?a\s+different\s+age)$", re.I)
LABELLED = re.compile(rf"^(?P<name>{F.NAME})\s*(?:says|said|claims|claimed|(?:makes|made)\s+(?:[\w-]+\s+){{0,2}}?"
                      rf"(?:claims?|statements?))?\s*:\s*(?P<claim>[^\"“].*)$", re.S)
EVERY_OPS = {"older": "gt", "younger": "lt", "at least as old as": "ge", "at most as old as": "le", "no older": "le",
             "no younger": "ge"}


# ---------------------------------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class Tok:
    """A word of a claim: as written, in lower case, and its offset in the sentence."""

    text: str
    low: str
    at: int


def tokenize(text: str, base: int = 0) -> list[Tok]:
    """Return the words of a claim (contractions opened, "Ben's" as "Ben" "'s"), offsets from `base`."""
    out: list[Tok] = []
    for m in WORD.finditer(text):
        w, at = m.group(), base + m.start()
        low = w.lower().replace("’", "'")
        if low in CONTRACTIONS:
            out += [Tok(p, p, at) for p in CONTRACTIONS[low]]
        elif low.endswith("'s") and len(low) > 2:
            out += [Tok(w[:-2], low[:-2], at), Tok("'s", "'s", at + len(w) - 2)]
        elif low.endswith("'"):
            out.append(Tok(w[:-1], low[:-1], at))
        else:
            out.append(Tok(w, low, at))
    return out


def word_number(low: str) -> int | None:
    """Return the value of a number written as one word ('22', 'seven', 'twenty-two'), or None."""
    if low.isdigit():
        return int(low)
    if low in UNITS:
        return UNITS.index(low)
    if low in TENS:
        return TENS[low]
    head, _, tail = low.partition("-")
    if head in TENS and tail in UNITS[1:10]:
        return TENS[head] + UNITS.index(tail)
    return None


def text_number(text: str) -> int | None:
    """Return the value of a number written in digits or words ('20', 'twenty', 'twenty two'), or None."""
    toks = tokenize(text)
    got = number_at(toks, 0)
    return got[0] if got and got[1] == len(toks) else None


def number_at(toks: list[Tok], i: int) -> tuple[int, int] | None:
    """Return (value, next index) of the number starting at token i ('22', 'twenty two', 'a hundred'), or None."""
    if i >= len(toks):
        return None
    low = toks[i].low
    if low in ("a", "one") and i + 1 < len(toks) and toks[i + 1].low == "hundred":
        j = i + 2 + (i + 2 < len(toks) and toks[i + 2].low == "and")
        rest = number_at(toks, j)
        return (100 + rest[0], rest[1]) if rest and rest[0] < 100 else (100, i + 2)
    v = word_number(low)
    if v is None:
        return None
    if low in TENS and i + 1 < len(toks) and toks[i + 1].low in UNITS[1:10]:
        return v + UNITS.index(toks[i + 1].low), i + 2
    return v, i + 1


# ---------------------------------------------------------------------------------------------- claims


class _Fail(Exception):
    """A claim that does not parse here (the parser may try another way)."""


@dataclass
class Ctx:
    """Who 'I', 'he' and 'you' are in a claim, and how names and role words are resolved."""

    speaker: str | None
    quoted: bool
    hearer: str | None
    person: Callable[[Tok], str]  # a name token -> the person (raises PuzzleError for a stranger)
    lexicon: Lexicon
    names: frozenset[str] = frozenset()
    order: tuple[str, ...] = ()  # the people introduced, in order
    kinds: str = "knight, knave, truth-teller, liar"  # the role words, for messages
    fail: Callable[[Tok | None, str], PuzzleError] = lambda tok, message: PuzzleError(message)
    used: dict[str, str] = field(default_factory=dict)  # type -> the first role word a claim names it by


@dataclass(frozen=True)
class Subject:
    """Who a claim is about: one person or several joined by 'and', 'or' or 'nor'; `age` for "Ben's age"."""

    people: tuple[str, ...]
    joint: str = "and"
    age: bool = False


Build = Callable[[str], E.Expr]  # a predicate, applied to one person


@dataclass(frozen=True)
class Pred:
    """A predicate: built for each person of the subject, or once for them all (`together`: 'the same age')."""

    each: Build | None = None
    together: Callable[[tuple[str, ...]], E.Expr] | None = None


def _age(p: str) -> str:
    return f"age.{p}"


def _cmp(op: str, p: str, term: E.Term) -> E.Expr:
    return E.Cmp(op, E.Term(_age(p)), term)


def _join(parts: list[E.Expr], joint: str) -> E.Expr:
    if len(parts) == 1:
        return parts[0]
    if joint == "nor":
        return E.And(tuple(_negation(p) for p in parts))
    return E.And(tuple(parts)) if joint == "and" else E.Or(tuple(parts))


class _Claim:
    """Parses one claim's tokens into an expression (recursive descent, trying alternatives in order)."""

    def __init__(self, toks: list[Tok], ctx: Ctx):
        self.toks = toks
        self.ctx = ctx
        self.pos = 0
        self.best: tuple[int, str] = (-1, "")
        self.negp = False

    # -------------------------------------------------------------- helpers

    def low(self, k: int = 0) -> str:
        i = self.pos + k
        return self.toks[i].low if 0 <= i < len(self.toks) else ""

    def fail(self, expected: str) -> _Fail:
        if self.pos > self.best[0]:
            self.best = (self.pos, expected)
        elif self.pos == self.best[0] and expected not in self.best[1].split(", or "):
            self.best = (self.pos, f"{self.best[1]}, or {expected}")
        return _Fail()

    def accept(self, *words: str) -> bool:
        n = len(words)
        if [t.low for t in self.toks[self.pos:self.pos + n]] == list(words):
            self.pos += n
            return True
        return False

    def expect(self, *words: str) -> None:
        if not self.accept(*words):
            raise self.fail(f"'{' '.join(words)}'")

    def skip(self, words: set[str]) -> None:
        while self.low() in words:
            self.pos += 1

    def number(self) -> int:
        got = number_at(self.toks, self.pos)
        if got is None:
            raise self.fail("a number")
        self.pos = got[1]
        return got[0]

    def attempt(self, fn: Callable[[], Any]) -> Any:
        """Return fn's result, or None with the position restored when it does not parse."""
        start = self.pos
        try:
            return fn()
        except _Fail:
            self.pos = start
            return None

    def is_name(self, i: int) -> bool:
        """Return whether token i names a person: a capitalised word that is no keyword ("A" before no kind)."""
        if not 0 <= i < len(self.toks):
            return False
        t = self.toks[i]
        if not t.text[:1].isupper() or t.text == "I":
            return False
        if t.text == "A":
            nxt = self.toks[i + 1].low if i + 1 < len(self.toks) else ""
            return (not self.ctx.names or "A" in self.ctx.names) and not (
                self.ctx.lexicon.lookup(nxt) or nxt in ("truth", "different"))
        if t.text in self.ctx.names:
            return True
        return t.low not in KEYWORDS and word_number(t.low) is None and not self.ctx.lexicon.lookup(t.low)

    # -------------------------------------------------------------- claims

    def claim(self) -> E.Expr:
        """Return the whole claim."""
        e = self.chain()
        if self.pos < len(self.toks):
            raise self.fail("'and', 'or' or the end of the claim")
        return e

    def separator(self) -> str | None:
        """Return the connective at the position ('and', 'or', ',') and consume it, or None."""
        for words, joint in SEPARATORS:
            if self.accept(*words):
                return joint
        return None

    def chain(self) -> E.Expr:
        units = [self.unit()]
        negated = [self.negp]
        joints: list[tuple[str, int]] = []
        while True:
            start = self.pos
            joint = self.separator()
            if joint is None:
                break
            if self.pos >= len(self.toks):
                self.pos = start
                break
            joints.append((joint, start))
            units.append(self.unit())
            negated.append(self.negp)
        if not joints:
            return units[0]
        if any(negated[:-1]):
            raise self.ctx.fail(self.toks[joints[negated.index(True)][1]],
                                "cannot tell where 'it is not the case that …' ends; put it last, or bracket with "
                                "'both … and …' or 'either … or …'")
        words = [j for j, _ in joints if j != ","]
        if not words or joints[-1][0] == ",":
            self.pos = joints[-1][1]
            raise self.fail("'and' or 'or' before the last part of a list")
        if len(set(words)) > 1:
            at = next(a for j, a in joints if j != words[0] and j != ",")
            raise self.ctx.fail(self.toks[at], "this claim joins its parts with both 'and' and 'or'; bracket them "
                                               "with 'both … and …' or 'either … or …'")
        return _join(units, words[0])

    def unit(self) -> E.Expr:
        """Return one part of a chain: a bracketed pair, a negation, or an atom."""
        self.negp = False
        for first, middle, joint in (("both", "and", "and"), ("either", "or", "or"), ("neither", "nor", "nor")):
            if self.low() == first:
                start = self.pos
                self.pos += 1
                got = self.attempt(lambda: self.pair(middle))
                if got is not None:
                    self.negp = False
                    return _join(list(got), joint)
                self.pos = start
        if self.negation():
            inner = self.unit()
            self.negp = True
            return E.Not(inner)
        if self.accept("it", "is", "true", "that") or self.accept("it", "is", "the", "case", "that"):
            return self.unit()
        return self.atom()

    def pair(self, middle: str) -> tuple[E.Expr, E.Expr]:
        a = self.unit()
        self.expect(middle)
        return a, self.unit()

    def negation(self) -> bool:
        return any(self.accept(*w.split()) for w in (
            "it is not the case that", "it is not true that", "it is false that", "it is untrue that",
            "it is not so that", "not true that"))

    # -------------------------------------------------------------- atoms

    def atom(self) -> E.Expr:
        subj = self.subject()
        preds = [self.pred(subj, first=True)]
        joints: list[str] = []
        while True:
            start = self.pos
            joint = self.separator()
            if joint is None or joint == "," or self.starts_clause():
                self.pos = start
                break
            got = self.attempt(lambda: self.pred(subj, first=False))
            if got is None:
                self.pos = start
                break
            preds.append(got)
            joints.append(joint)
        exprs = [self.apply(subj, p) for p in preds]
        if len(set(joints)) > 1:
            raise self.ctx.fail(self.toks[start], "this claim joins its parts with both 'and' and 'or'; bracket "
                                                  "them with 'both … and …' or 'either … or …'")
        return _join(exprs, joints[0] if joints else "and")

    def apply(self, subj: Subject, pred: Pred) -> E.Expr:
        if pred.together is not None:
            if len(subj.people) < 2:
                raise self.fail("two people or more (\"Ben and Cal are the same age\")")
            return pred.together(subj.people)
        assert pred.each is not None
        return _join([pred.each(p) for p in subj.people], subj.joint)

    def starts_clause(self) -> bool:
        """Return whether a new clause (subject and verb) starts at the position (which is kept)."""
        start = self.pos
        try:
            if self.negation() or self.accept("it", "is"):
                return True
            self.subject()
            return self.low() in BE or self.low() in ("does", "do", "did", "lies", "lie", "tells", "tell", "always",
                                                      "never", "exceeds", "equals")
        except _Fail:
            return False
        finally:
            self.pos = start

    def subject(self) -> Subject:
        """Return who a clause is about: 'Ben', 'Ben and Cal', 'neither Ben nor Cal', "Ben's age", 'my age', …"""
        for first, joint in (("both", "and"), ("either", "or")):
            if self.accept(first):
                people, _ = self.people_list(joint, required=True)
                return Subject(people, joint)
        if self.accept("neither"):
            one = self.person()
            self.expect("nor")
            return Subject((one, self.person()), "nor")
        if self.accept("the", "age", "of"):
            return Subject((self.person(),), age=True)
        if self.low() in ("my", "his", "her") and self.low(1) == "age":
            p = self.pronoun(self.toks[self.pos])
            self.pos += 2
            return Subject((p,), age=True)
        if self.is_name(self.pos) and self.low(1) == "'s" and self.low(2) == "age":
            p = self.person()
            self.pos += 2
            return Subject((p,), age=True)
        people, joint = self.people_list(None)
        return Subject(people, joint)

    def people_list(self, joint: str | None, required: bool = False) -> tuple[tuple[str, ...], str]:
        """Return 'Ben', 'Ben and Cal', 'Ben, Cal, or Dan' (joined by `joint`, any when None) and its joint."""
        people = [self.person()]
        last = None
        while True:
            start = self.pos
            sep = self.separator()
            if sep is None:
                break
            if (joint is not None and sep not in (joint, ",")) or not (self.is_name(self.pos) or self.low() in (
                    "i", "me", "you", "he", "she")):
                self.pos = start
                break
            people.append(self.person())
            if sep != ",":
                last = sep
                break
        if required and len(people) < 2:
            raise self.fail(f"'{joint}' and another person")
        if len(people) > 1 and last is None:
            raise self.fail("'and' or 'or' before the last person of a list")
        return tuple(people), last or "and"

    def person(self) -> str:
        """Return the person a name or pronoun names."""
        if self.pos >= len(self.toks):
            raise self.fail("a person")
        tok = self.toks[self.pos]
        if self.is_name(self.pos):
            self.pos += 1
            return self.ctx.person(tok)
        if tok.low in ("i", "me", "you", "he", "she", "him", "her"):
            self.pos += 1
            return self.pronoun(tok)
        raise self.fail("a person")

    def pronoun(self, tok: Tok) -> str:
        """Return who a pronoun is: I/me/my the quoting speaker, he/she the reporting one, you the one told."""
        low = tok.low
        if low in ("i", "me", "my", "mine"):
            if self.ctx.speaker is None or not self.ctx.quoted:
                raise self.ctx.fail(tok, f"'{tok.text}' here is nobody: only a speaker's own quoted words may say "
                                         f"'{tok.text}'")
            return self.ctx.speaker
        if low == "you":
            if self.ctx.hearer is None:
                raise self.ctx.fail(tok, "'you' here is nobody: only words said to someone ('Ann tells Ben that "
                                         "…') may say 'you'")
            return self.ctx.hearer
        if self.ctx.speaker is None or self.ctx.quoted:
            raise self.ctx.fail(tok, f"'{tok.text}' here is nobody: only reported words ('Ann says that she …') "
                                     f"may say '{tok.text}'; use a name")
        return self.ctx.speaker

    # -------------------------------------------------------------- predicates

    def pred(self, subj: Subject, first: bool) -> Pred:
        """Return the predicate at the position: 'is older than Cal', 'lies', 'does not tell the truth', …"""
        if not subj.age:
            verb = self.verb()
            if verb is not None:
                return verb
        elif self.low() in ("exceeds", "equals", "exceed", "equal"):
            op = "gt" if self.low().startswith("exceed") else "eq"
            self.pos += 1
            return self.age_object(op)
        had_be = self.low() in BE
        if had_be:
            self.pos += 1
        elif first:
            raise self.fail("'is' (or 'lies', 'tells the truth')")
        self.skip(SKIP)
        neg = self.accept("not")
        self.skip(SKIP)
        if subj.age:
            pred = self.age_core()
        else:
            pred = self.core(neg)
        return _negated(pred) if neg else pred

    def verb(self) -> Pred | None:
        """Return a type predicate with a verb ('lies', 'always tells the truth', 'does not lie'), or None."""
        start = self.pos
        neg = False
        if self.low() in ("does", "do", "did") and self.low(1) == "not":
            self.pos += 2
            neg = True
        self.accept("always")
        never = self.accept("never")
        if self.low() in ("lies", "lie", "lied"):
            self.pos += 1
            t = LIAR
        elif self.low() in ("tells", "tell", "told") and self.low(1) == "the" and self.low(2) == "truth":
            self.pos += 3
            t = TRUTHFUL
        else:
            self.pos = start
            return None
        if never:
            t = TRUTHFUL if t == LIAR else LIAR
        return _negated(_typed(t)) if neg else _typed(t)

    def core(self, neg: bool) -> Pred:
        """Return what follows 'is' ('is not'): a kind, or an age against a number or another age."""
        role = self.role()
        if role is not None:
            return role
        if self.accept("lying") or self.accept("dishonest") or self.accept("untruthful"):
            return _typed(LIAR)
        if self.accept("honest") or self.accept("truthful") or self.accept("telling", "the", "truth"):
            return _typed(TRUTHFUL)
        return self.age_pred(neg)

    def role(self) -> Pred | None:
        """Return 'a liar', 'knights', 'a truth teller' as a type predicate, or None."""
        start = self.pos
        self.accept("a") or self.accept("an")
        word = self.low()
        span = 1
        if word == "truth" and self.low(1) in ("teller", "tellers"):
            word, span = "truth-teller", 2
        found = self.ctx.lexicon.lookup(word) if word else None
        if found is None:
            if singular(word) in KIND_WORDS and self.pos > start:
                raise self.ctx.fail(self.toks[self.pos], f"'{self.toks[self.pos].text}' is no kind the text defines; "
                                                          f"the kinds are {self.ctx.kinds}")
            self.pos = start
            return None
        self.pos += span
        t, spelling = found
        self.ctx.used.setdefault(t, spelling if spelling != t else word)
        return _typed(spelling)

    def age_pred(self, neg: bool) -> Pred:
        """Return an age predicate: 'older than Cal', '22 years old', 'the same age as Cal', 'between 20 and 25', …"""
        if self.accept("the", "same", "age") or self.accept("of", "the", "same", "age"):
            if self.accept("as"):
                return self.objects("eq")
            return Pred(together=lambda ps: _join([_cmp("eq", ps[0], E.Term(_age(q))) for q in ps[1:]], "and"))
        if self.accept("different", "ages") or self.accept("of", "different", "ages"):
            return Pred(together=_all_different)
        if self.accept("a", "different", "age") or self.accept("of", "a", "different", "age"):
            if not any(self.accept(w) for w in ("from", "than", "to")):
                raise self.fail("'from'")
            return self.objects("ne")
        if self.low() == "as" and self.low(1) == "old" and self.low(2) == "as":
            if neg:
                raise self.ctx.fail(self.toks[self.pos], "'not as old as' may mean younger or of another age; "
                                                          "write 'younger than' or 'not the same age as'")
            self.pos += 3
            return self.objects("eq")
        for words, op in AS_OLD_AS:
            if self.accept(*words):
                return self.objects(op)
        for words, older, younger in ((("at", "least"), "ge", "le"), (("more", "than"), "gt", "lt")):
            if self.accept(*words):
                diff = self.attempt(lambda: self.difference(older, younger))
                return diff if diff is not None else self.years_old(older)
        for words, op in BY_NUMBER:
            if self.accept(*words):
                if op == "eq" and self.low() == "between":
                    return self.between()
                diff = self.attempt(lambda: self.difference("eq", "eq")) if words == ("exactly",) else None
                return diff if diff is not None else self.years_old(op)
        extreme = self.extreme()
        if extreme is not None:
            return extreme
        for words, op in COMPARATIVES:
            if self.accept(*words):
                terms, joint = self.object_list(0, numbers=True)
                if op in ("gt", "lt") and self.accept("by"):  # "older than Cal by two years"
                    if any(t.var is None for t in terms):
                        raise self.fail("a person before 'by'")
                    k = self.number()
                    self.years_word()
                    terms, op = [E.Term(t.var, k if op == "gt" else -k) for t in terms], "eq"
                return _compare(op, terms, joint)
        if self.low() == "between":
            return self.between()
        if number_at(self.toks, self.pos) is None and self.low() != "a":
            raise self.fail("a kind or an age ('a liar', '22', 'older than Cal', 'the same age as Cal', …)")
        diff = self.attempt(lambda: self.difference("eq", "eq"))
        if diff is not None:
            return diff
        return self.years_old("eq", or_more=True)

    def extreme(self) -> Pred | None:
        """Return 'the oldest (of us)', 'younger than everyone else', … (than each of the others), or None."""
        start = self.pos
        if self.accept("the", "oldest") or self.accept("the", "youngest"):
            op = "gt" if self.low(-1) == "oldest" else "lt"
            if self.accept("of"):
                self.accept("all")
                self.accept("the")
                if self.pos >= len(self.toks) or self.low() not in EVERYONE and word_number(self.low()) is None:
                    raise self.fail("'of us', 'of them', 'of all'")
                self.pos += 1
                self.skip(EVERYONE)
        elif self.low() in ("older", "younger") and self.low(1) == "than" and (
                self.low(2) in ("everyone", "everybody", "anyone", "anybody", "all")
                or self.low(2) == "the" and self.low(3) in ("others", "rest")):
            op = "gt" if self.low() == "older" else "lt"
            self.pos += 2
            self.skip(EVERYONE)
        else:
            return None
        if not self.ctx.names:
            self.pos = start
            raise self.ctx.fail(self.toks[start], "'the oldest' and 'older than everyone else' need the people "
                                                  "introduced first ('You meet three inhabitants: Ann, Ben, and Cal')")
        names = sorted(self.ctx.names, key=self.ctx.order.index)
        return Pred(lambda p: _join([_cmp(op, p, E.Term(_age(q))) for q in names if q != p] or [E.TRUE], "and"))

    def between(self) -> Pred:
        self.expect("between")
        lo = self.number()
        self.expect("and")
        hi = self.number()
        self.years_suffix()
        return Pred(lambda p: E.And((_cmp("ge", p, E.Term(None, lo)), _cmp("le", p, E.Term(None, hi)))))

    def years_word(self) -> None:
        if not (self.accept("years") or self.accept("year")):
            raise self.fail("'years'")

    def years_suffix(self) -> None:
        """Consume 'years old', 'years of age', 'years', 'year-old' after an age, if there."""
        if self.accept("years", "of", "age") or self.accept("years", "old") or self.accept("year", "old"):
            return
        if not (self.accept("years-old") or self.accept("year-old")):
            self.accept("years")

    def years_old(self, op: str, or_more: bool = False) -> Pred:
        """Return 'N (years old)' compared by op; with `or_more`, 'N or older' (ge) and 'N or younger' (le) too."""
        n = self.number()
        self.years_suffix()
        if or_more and self.low() == "or" and self.low(1) in OR_MORE:
            op = OR_MORE[self.low(1)]
            self.pos += 2
        return Pred(lambda p: _cmp(op, p, E.Term(None, n)))

    def difference(self, older: str, younger: str) -> Pred:
        """Return 'K years older/younger than Cal' (the op for older, for younger; the offset's sign by which)."""
        k = 1 if self.accept("a") else self.number()
        self.years_word()
        if self.accept("older", "than"):
            return self.objects(older, offset=k, numbers=False)
        if self.accept("younger", "than"):
            return self.objects(younger, offset=-k, numbers=False)
        raise self.fail("'older than' or 'younger than'")

    def objects(self, op: str, offset: int = 0, numbers: bool = False) -> Pred:
        """Return the comparison with 'Cal', 'Cal and Dan', 'either Cal or Dan', 'me', or (numbers) '22'."""
        return _compare(op, *self.object_list(offset, numbers))

    def object_list(self, offset: int, numbers: bool) -> tuple[list[E.Term], str]:
        """Return what an age is compared with ('Cal', 'both Cal and Dan', 'me, Cal, or 22') and the joint."""
        joint = "or" if self.accept("either") else "and"
        if joint == "and":
            self.accept("both")
        terms = [self.object(offset, numbers)]
        seen = None
        while True:
            start = self.pos
            sep = self.separator()
            if sep is None:
                break
            if self.starts_clause() or not (self.is_name(self.pos) or self.low() in ("me", "you", "him", "her")
                                            or (numbers and number_at(self.toks, self.pos))):
                self.pos = start
                break
            got = self.attempt(lambda: self.object(offset, numbers))
            if got is None:
                self.pos = start
                break
            terms.append(got)
            if sep != ",":
                seen = sep
                break
        if seen is not None:
            joint = seen
        return terms, joint

    def object(self, offset: int, numbers: bool) -> E.Term:
        """Return the age (or, with `numbers`, the number) something is compared with."""
        if numbers and number_at(self.toks, self.pos) is not None:
            n = self.number()
            self.years_suffix()
            return E.Term(None, n)
        if self.low() in ("mine", "hers", "his") or (self.low() in ("my", "her", "his") and self.low(1) == "age"):
            p = self.pronoun(self.toks[self.pos])
            self.pos += 1 + (self.low() == "age")
            return E.Term(_age(p), offset)
        tok_i = self.pos
        if numbers and not self.is_name(self.pos) and self.low() not in ("i", "me", "you", "him", "her"):
            raise self.fail("a person or a number")
        if self.low() == "i":
            p = self.pronoun(self.toks[self.pos])
            self.pos += 1
            if self.low() in ("am", "do") and self._ends_object(1):
                self.pos += 1
            return E.Term(_age(p), offset)
        p = self.person()
        if self.low() == "'s":
            self.pos += 1
            self.accept("age")
        elif self.low() in BE and self._ends_object(1) and tok_i + 1 == self.pos:
            self.pos += 1  # "older than Ben is"
        return E.Term(_age(p), offset)

    def _ends_object(self, k: int) -> bool:
        nxt = self.low(k)
        return nxt in ("", ",", "and", "or", "but", "by", "nor")

    def age_core(self) -> Pred:
        """Return what follows "Ben's age is": a number, 'greater than Cal's', 'the same as mine', …"""
        for words, op in AGE_OPS:
            if self.accept(*words):
                return self.age_object(op)
        if self.low() == "between":
            return self.between()
        return self.age_object("eq")

    def age_object(self, op: str) -> Pred:
        """Return the comparison of an age with a number, "Cal's (age)", 'mine', 'that of Cal'."""
        self.accept("that", "of")
        return self.objects(op, numbers=True)


def _typed(spelling: str) -> Pred:
    """Return the predicate 'is of this type' (spelled as the expression spells it)."""
    return Pred(lambda p: E.TypeIs(p, spelling))


def _compare(op: str, terms: list[E.Term], joint: str) -> Pred:
    """Return the predicate 'age op each term' (joined by `joint`)."""
    return Pred(lambda p: _join([E.Cmp(op, E.Term(_age(p)), t) for t in terms], joint))


def _negated(pred: Pred) -> Pred:
    """Return a predicate negated: a comparison by its opposite operator ('not over 20': at most 20), anything
    else with 'not'."""
    if pred.together is not None:
        together = pred.together
        return Pred(together=lambda ps: _negation(together(ps)))
    each = pred.each
    assert each is not None
    return Pred(lambda p: _negation(each(p)))


def _negation(e: E.Expr) -> E.Expr:
    return E.Cmp(NEGATED[e.op], e.left, e.right) if isinstance(e, E.Cmp) else E.Not(e)


def _all_different(people: tuple[str, ...]) -> E.Expr:
    """Return 'no two of these people are the same age'."""
    parts = [_cmp("ne", a, E.Term(_age(b))) for i, a in enumerate(people) for b in people[i + 1:]]
    return E.TRUE if not parts else parts[0] if len(parts) == 1 else E.And(tuple(parts))


def every_older(agents: tuple[str, ...], first: str, second: str, op: str) -> E.Expr:
    """Return 'every <first> is older (op) than every <second>', written out over the people as TOML's forall does."""
    def over_y(x: str) -> E.Expr:
        parts = [E.Implies(E.And((E.TypeIs(x, first), E.TypeIs(y, second))),
                           E.Cmp(op, E.Term(_age(x)), E.Term(_age(y)))) for y in agents]
        return parts[0] if len(parts) == 1 else E.And(tuple(parts))

    outer = [over_y(x) for x in agents]
    return outer[0] if len(outer) == 1 else E.And(tuple(outer))


def every_older_source(first: str, second: str, op: str) -> list[Any]:
    """Return the TOML form of 'every <first> is older (op) than every <second>'."""
    return ["forall", "x", ["forall", "y", ["implies", ["and", ["type", "x", first], ["type", "y", second]],
                                            [op, "age.x", "age.y"]]]]


def all_different(agents: tuple[str, ...]) -> E.Expr:
    """Return 'no two of them are the same age' over all the people."""
    return _all_different(agents)


# ---------------------------------------------------------------------------------------------- sentences


@dataclass
class _Item:
    """A sentence and what it is: 'ignored', 'definition', 'range', 'intro', 'speech', 'every' (every liar is older
    than every truth-teller), 'different' (no two the same age) or 'unread' (a fact, or nothing)."""

    sentence: Any
    kind: str
    body: str = ""
    cut: int = 0
    payload: Any = None


class _Reader:
    """Reads one ages text."""

    def __init__(self, text: str, sentences: tuple[Any, ...], title: str):
        self.text = text
        self.sentences = sentences
        self.title = title
        self.intro: list[str] | None = None
        self.seen: dict[str, tuple[int, int]] = {}  # a name the text uses -> where it first appears
        self.range: tuple[int, int] | None = None
        self.index = 0
        self.speaking: tuple[int, F.Speech] | None = None  # a "Name:" line's speaker: more of the line is theirs
        self.header: str | None = None  # "Ann makes two claims:": the listed sentences after it are Ann's

    def where(self, s: Any, offset: int) -> str:
        from .knights import locate

        line, col = locate(self.text, s, offset)
        return f"line {line}, column {col}"

    def fail(self, s: Any, offset: int, message: str) -> PuzzleError:
        return PuzzleError(f"{self.where(s, offset)}: {message}")

    # -------------------------------------------------------------- the pipeline

    def reading(self) -> Any:
        from .read import Reading

        items = [self.classify(s) for s in self.sentences]
        definitions = [(it.payload, it.sentence) for it in items if it.kind == "definition"]
        self.roles = build_roles(definitions, lambda s, off: self.where(s, off))
        self.lexicon = self.roles.lexicon()
        used: dict[str, str] = {}
        constraints: list[tuple[str, Any, Any, str]] = []  # (kind, expr or a function of the people, source, text)
        ignored = []
        for i, it in enumerate(items):
            self.index = i
            s = it.sentence
            if it.kind == "ignored":
                ignored.append(s)
            elif it.kind == "speech":
                for sp, toks in it.payload:
                    speaker = self.person(sp.speaker, s, it.cut + sp.at)
                    for part in _sentences_of(toks):
                        ctx = self.ctx(s, it.cut, speaker, sp.quoted, sp.hearer, used)
                        e = self.parse(s, it.cut, part, ctx)
                        constraints.append(("statement", E.Says(speaker, E.Not(e) if sp.negated else e), None, s.text))
            elif it.kind == "silent":
                self.person(it.payload[0], s, it.cut + it.payload[1])
            elif it.kind == "every":
                a, b, op = self.kinds(s, it.cut, it.payload)
                constraints.append(("fact", lambda people, a=a, b=b, op=op: every_older(people, a, b, op),
                                    every_older_source(a, b, op), s.text))
            elif it.kind == "different":
                constraints.append(("fact", all_different, None, s.text))
            elif it.kind == "unread":
                got = self.fact(it, used)
                if got is None:
                    ignored.append(s)
                else:
                    constraints.append(("fact", got, None, s.text))
        people = tuple(self.intro) if self.intro is not None else tuple(sorted(self.seen, key=self.seen.__getitem__))
        if not people:
            raise PuzzleError("the text names nobody: introduce the people ('You meet three inhabitants: Ann, "
                              "Ben, and Cal') and report what they say")
        lo, hi = self.range or DEFAULT_RANGE
        out = []
        counts = {"statement": 0, "fact": 0}
        for kind, e, src, words in constraints:
            counts[kind] += 1
            if callable(e):
                e = e(people)
            out.append(Constraint(f"{kind} {counts[kind]}", e, src if src is not None else E.to_json(e), words))
        variables = tuple(Variable(_age(p), tuple(range(lo, hi + 1))) for p in people)
        puzzle = Deduction(people, tuple(self.roles.types for _ in people), variables, constraints=tuple(out),
                           title=self.title, display=self.display(used))
        return Reading(puzzle, tuple(ignored))

    def display(self, used: dict[str, str]) -> dict[str, str]:
        """Return the word shown for each type: the defined one, else the first one used, else its partner."""
        types = self.roles.types
        if self.roles.defined:
            return {t: self.roles.display[t] for t in types if t in self.roles.display}
        out = {t: w for t, w in used.items() if t in types and w in PARTNER}
        for t in types:
            if t not in out:
                partner = next((PARTNER[w] for w in out.values()), None)
                out[t] = partner if partner and (self.lexicon.lookup(partner) or ("",))[0] == t else DEFAULT_DISPLAY[t]
        return {t: out[t] for t in types}

    def person(self, name: str, s: Any, offset: int) -> str:
        """Return a named person (noting where the text first names them); raise PuzzleError for a stranger."""
        if self.intro is not None and name not in self.intro:
            raise self.fail(s, offset, f"unknown person '{name}'; the people are {_and(self.intro)}"
                                       f"{did_you_mean(name, self.intro)}")
        self.seen[name] = min(self.seen.get(name, (self.index, offset)), (self.index, offset))
        return name

    def ctx(self, s: Any, cut: int, speaker: str | None, quoted: bool, hearer: str | None,
            used: dict[str, str]) -> Ctx:
        """Return the context of a claim in sentence s (whose claim offsets start `cut` characters in)."""
        return Ctx(speaker, quoted, hearer, lambda tok: self.person(tok.text, s, cut + tok.at), self.lexicon,
                   frozenset(self.intro or ()), tuple(self.intro or ()), self.roles.known(),
                   lambda tok, message: self.fail(s, cut + (tok.at if tok else 0), message), used)

    def parse(self, s: Any, cut: int, toks: list[Tok], ctx: Ctx) -> E.Expr:
        """Return the expression of a claim's tokens; raise PuzzleError at the word that could not be read."""
        p = _Claim(toks, ctx)
        try:
            return p.claim()
        except _Fail:
            pos, expected = p.best
            at = toks[pos].at if pos < len(toks) else toks[-1].at + len(toks[-1].text)
            raise self.fail(s, cut + at, f"cannot read {_quote(s.text)}: expected {expected}") from None

    def fact(self, it: _Item, used: dict[str, str]) -> E.Expr | None:
        """Return the fact a sentence states; None when it names none of the people, kinds or ages (passed over)."""
        s = it.sentence
        body, cut = F.strip_prefix(F.FACT_PREFIX, it.body)
        toks = tokenize(body.rstrip().rstrip(".!").rstrip())
        seen = dict(self.seen)
        try:
            return self.parse(s, it.cut + cut, toks, self.ctx(s, it.cut + cut, None, False, None, used))
        except PuzzleError:
            self.seen = seen
            if not self.mentions(toks):
                return None
            raise

    def mentions(self, toks: list[Tok]) -> bool:
        """Return whether words name a person, a kind, an age or a number."""
        people = set(self.intro or ()) | set(self.seen)
        return any(t.text in people or self.lexicon.lookup(t.low) or word_number(t.low) is not None or t.low in (
            "age", "ages", "old", "older", "younger", "aged", "lies", "lie", "lying", "truth", "honest")
            for t in toks)

    # -------------------------------------------------------------- classification

    def classify(self, s: Any) -> _Item:
        """Return what a sentence is (claims are parsed later, once the role words are known)."""
        body, cut = F.strip_label(s.text)
        plain = body.strip()
        speaking, self.speaking = self.speaking, None
        if not plain or is_framing(s.text) or s.is_question or PASS_OVER.match(plain) or F.LIST_HEADER.match(plain):
            return _Item(s, "ignored")
        header, self.header = self.header, None
        why = unmodelable(plain)
        if why:
            raise PuzzleError(f"{s.where}: cannot model {_quote(s.text)}: {why}; smullyan models people who always "
                              "tell the truth, always lie, or may do either")
        d = read_definition(body) or _claims_definition(body)
        if d is not None:
            return _Item(s, "definition", body, cut, Definition(tuple((w, o + cut, t) for w, o, t in d.items),
                                                                   d.listing))
        if self.read_range(s, body, cut):
            return _Item(s, "different" if any(t.low in DIFFERENT for t in tokenize(body)) else "range", body, cut)
        intro = F.intro(body)
        if intro is not None:
            self.introduce(s, intro, cut)
            return _Item(s, "intro", body, cut)
        if MAKES_CLAIMS.match(plain):
            m = re.match(rf"(?P<name>{F.NAME})\s+(?:then\s+|also\s+)?(?:makes|made)\b", plain)
            self.header = m.group("name") if m and F._name_ok(m.group("name")) else None
            return _Item(s, "ignored")
        speech = self.speech(s, body, cut)
        if speech is not None:
            return speech
        if speaking is not None and speaking[0] == s.line or header is not None and s.marker:
            name = speaking[1].speaker if speaking is not None and speaking[0] == s.line else header or ""
            self.speaking, self.header = speaking, header
            return _Item(s, "speech", body, cut, [(F.Speech(name, 0, ((0, len(body)),), True), tokenize(body))])
        lead = len(body) - len(body.lstrip())
        stripped, skipped = F.strip_prefix(F.FACT_PREFIX, body.strip())
        stripped = stripped.rstrip().rstrip(".!").rstrip()
        m = EVERY_OLDER.match(stripped)
        if m:
            return _Item(s, "every", body, cut + lead + skipped, m)
        if ALL_DIFFERENT.match(stripped):
            return _Item(s, "different", body, cut)
        return _Item(s, "unread", body, cut)

    def speech(self, s: Any, body: str, cut: int) -> _Item | None:
        """Return the speeches of a sentence with their claims' tokens, or None when it is no speech."""
        quiet = F.silent(body)
        if quiet is not None:
            return _Item(s, "silent", body, cut, quiet)
        found = F.speeches(body)
        if found is not None:
            found = [_interrupted(sp, body) for sp in found]
        if found is None:
            m = LABELLED.match(body.rstrip())
            if not m or not F._name_ok(m.group("name")):
                return None
            found = [F.Speech(m.group("name"), m.start("name"), ((m.start("claim"), m.end("claim")),), True,
                              labelled=True)]
        last = found[-1]
        if last.labelled and not last.silent:
            self.speaking = (s.line, last)
        return _Item(s, "speech", body, cut, [(sp, _spoken(body, sp)) for sp in found if not sp.silent])

    def read_range(self, s: Any, body: str, cut: int) -> bool:
        """Return whether a sentence states the ages' range (and perhaps names the people); remember both."""
        m = RANGE.search(body)
        if not m:
            return False
        lo = text_number(next(g for g in (m.group("lo"), m.group("lo2"), m.group("lo3"), m.group("lo4")) if g))
        hi = text_number(next(g for g in (m.group("hi"), m.group("hi2"), m.group("hi3"), m.group("hi4")) if g))
        if lo is None or hi is None or any(q in body for q in "\"“”:"):
            return False
        words = tokenize(body[:m.start()]) + tokenize(body[m.end():], m.end())
        names = [t for t in words if t.text[:1].isupper() and t.low not in RANGE_WORDS and t.text != "I"]
        others = [t for t in words if t.low not in RANGE_WORDS and t not in names and t.low not in ",.;!"
                  and word_number(t.low) is None]
        aged = any(t.low in ("age", "ages", "aged", "old", "years", "years-old") for t in words)
        if others or len(names) == 1 or any(t.at > m.start() for t in names) or not aged:
            return False
        if any(t.low in ("exclusive", "exclusively") for t in words):
            lo, hi = lo + 1, hi - 1
        if lo > hi:
            raise self.fail(s, cut + m.start(), f"the ages range from {lo} to {hi}: the lowest is more than the "
                                                "highest")
        if hi - lo >= 1_000_000:
            raise self.fail(s, cut + m.start(), "the ages range over more than 1,000,000 values (the most allowed)")
        if self.range is not None and self.range != (lo, hi):
            raise self.fail(s, cut + m.start(), f"the ages were said to range from {self.range[0]} to {self.range[1]}; "
                                                f"here from {lo} to {hi}")
        self.range = (lo, hi)
        if len(names) >= 2:
            self.introduce(s, F.Intro(tuple((t.text, t.at) for t in names), None, 0), cut)
        return True

    def introduce(self, s: Any, intro: Any, cut: int) -> None:
        """Remember the people an introduction names (a second introduction must name the same ones)."""
        names = [n for n, _ in intro.names]
        if intro.count is not None and intro.count != len(names):
            raise self.fail(s, cut + intro.count_at, f"the text says there are {intro.count} people but names "
                                                     f"{len(names)}: {_and(names)}")
        for i, (n, at) in enumerate(intro.names):
            if n in names[:i]:
                raise self.fail(s, cut + at, f"'{n}' is named twice")
        if self.intro is not None and self.intro != names:
            raise self.fail(s, cut + intro.names[0][1], f"the people were introduced as {_and(self.intro)}; here as "
                                                        f"{_and(names)}")
        self.intro = names

    def kinds(self, s: Any, cut: int, m: re.Match[str]) -> tuple[str, str, str]:
        """Return the two kinds (as expressions spell them) and the comparison of 'Every liar is older than every
        truth-teller'."""
        def kind(group: str) -> str:
            word = m.group(group).replace(" ", "-")
            found = self.lexicon.lookup(word)
            if found is None:
                raise self.fail(s, cut + m.start(group), f"'{m.group(group)}' is no kind of person the text names; "
                                                         f"the kinds are {self.roles.known()}")
            return found[1]

        return kind("a"), kind("b"), EVERY_OPS[re.sub(r"\s+", " ", m.group("cmp").lower())]


def _claims_definition(body: str) -> Definition | None:
    """Return the kinds of "Truth-tellers' claims are all true and liars' claims are all false", or None."""
    m = CLAIMS_DEFINITION.match(body.rstrip().rstrip(".!").rstrip())
    if not m:
        return None
    b = "b" if m.group("b") else "c"
    return Definition(((m.group("a"), m.start("a"), TRUTHFUL), (m.group(b), m.start(b), LIAR)))


def _interrupted(sp: F.Speech, body: str) -> F.Speech:
    """Return a speech whose quotation is interrupted by its tag ('"I am 25," Ann says, "and …"') with both
    quotations and the speaker's own name (the frames take the first quotation's mark for part of the name)."""
    m = re.match(r"Q(\d+)Q\s+", sp.speaker)
    qs = F.quotes(body.rstrip().rstrip(".!").rstrip()) if m else None
    if m is None or not qs or int(m.group(1)) >= len(qs):
        return sp
    first = qs[int(m.group(1))]
    name = sp.speaker[m.end():]
    at = body.find(name, first.end)
    return F.Speech(name, at, ((first.start, first.end),) + sp.spans, True, sp.hearer, sp.hearer_at, sp.negated)


def _spoken(body: str, sp: F.Speech) -> list[Tok]:
    """Return the tokens of a speech's words; quotations that do not go on with 'and', 'or' or 'but' are separate
    claims."""
    out: list[Tok] = []
    for a, b in sp.spans:
        toks = tokenize(body[a:b], a)
        if out and toks and toks[0].low not in ("and", "or", "but"):
            out.append(Tok(".", ".", a))
        out += toks
    return out


def _sentences_of(toks: list[Tok]) -> list[list[Tok]]:
    """Return a speech's tokens cut into claims at full stops and semicolons (trailing commas dropped)."""
    out: list[list[Tok]] = [[]]
    for t in toks:
        if t.low in (".", "!", ";"):
            out.append([])
        else:
            out[-1].append(t)
    parts = []
    for part in out:
        while part and part[-1].low in (",", ":"):
            part = part[:-1]
        if part and part[0].low == "that":  # "A says that Quin …": the frames keep 'that' before a Q
            part = part[1:]
        if part:
            parts.append(part)
    return parts


def _quote(text: str) -> str:
    return "'" + (text if len(text) <= 120 else text[:119] + "…") + "'"


def _and(items: list[str] | tuple[str, ...]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def read_ages(text: str, sentences: tuple[Any, ...], title: str = "") -> Any:
    """Return the reading of an ages text (a Deduction with one age.<person> per person); raise PuzzleError with
    line and column."""
    return _Reader(text, sentences, title).reading()
