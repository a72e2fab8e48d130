"""Ages puzzles written as English that the ages reader (english/ages.py) reads back to the same puzzle.

`ages_text(puzzle, variant=None, check=True)` writes a role definition, an introduction, the ages' range,
one sentence per constraint in order (statements in a speech frame, facts as sentences) and a closing
question. With `variant=None` every choice is the first, plain wording; with a `random.Random` each is
drawn from it, so one seed gives one text. With `check` the text is read back and compared (people, kinds,
ages, every constraint's expression); a puzzle no such text expresses raises PuzzleError.

- definition: "On this island, truth-tellers always tell the truth, and liars always lie.", "Each
  inhabitant is either a knight, who always tells the truth, or a knave, who always lies.", …
- introduction: "You meet four inhabitants: Ann, Ben, Cal, and Dan.", "There are four islanders here: …",
  "Ann, Ben, Cal and Dan are four inhabitants of the island.", "Four islanders, …, stand before you.", …
- range: "Each of them is between 20 and 25 years old.", "Their ages are whole numbers from 20 to 25.",
  "Everyone is at least 20 and at most 25 years old.", "All of them are aged between 20 and 25, inclusive.", …
- speech frames: `Ann says, "…"`, `Ann says: "…"`, `Ann claims, "…"`, `Ann: "…"`, `"…," says Ann`, `"…,"
  Ann says`, `According to Ann, "…"`, and (for claims not about the speaker) `Ann says that …`, `Ann
  claims that …`, `According to Ann, …`, `Ann tells you that …`, `Ann insists that …`, `Ann states that …`;
- relations: an age and a number ("Ben is 22", "… 22 years old", "Ben's age is 22", "… aged 22", "… not 22",
  "… younger than / under / less than 22 years old", "… older than / over / more than 22 years old", "… at
  most 22", "… no older than 22", "… 22 or younger", "… at least 22", "… no younger than 22", "… 22 or
  older"); two ages ("older / younger than", "the same age as", "as old as", "Ben and Cal are (not) the same
  age", "… at least / at most as old as", "Ben's age is greater than Cal's"); a difference ("two years
  older than", "older than Cal by two years", "more than / at least two years older than"); a type ("is a
  liar", "lies", "is lying", "tells the truth", "is honest", "is not a liar", "does not lie", …); numbers
  in digits or words; "I", "me", "my" in a speaker's quoted words;
- compounds: "X and Y", "both X and Y", "X or Y", "either X or Y", "X, Y, and Z", "it is not the case that X"
  (last in its chain), bracketed as render/english_knights.py brackets them;
- facts: "Every liar is older than every truth-teller.", "No two of them are the same age.", any claim as a
  sentence ("It is known that Ann is 21.");
- question: "Who is lying, and how old is each of them?", … (passed over by the reader).
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

from ..deduce.model import Deduction
from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import LIAR, RANDOM, TRUTHFUL, canonical_type

NOUNS = {TRUTHFUL: ("truth-teller", "knight"), LIAR: ("liar", "knave"), RANDOM: ("normal",)}
BEHAVIOUR = {TRUTHFUL: "always tell the truth", LIAR: "always lie", RANDOM: "may lie or tell the truth"}
BEHAVES = {TRUTHFUL: "always tells the truth", LIAR: "always lies", RANDOM: "may lie or tell the truth"}
SMALL = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
NAME = re.compile(r"^[^\W\d_][\w'’-]*$")
QUOTED = ('{a} says, "{q}."', '{a} says: "{q}."', '"{q}," says {a}.', '{a} claims, "{q}."', '{a}: "{q}."',
          '"{q}," {a} says.', 'According to {a}, "{q}."', '{a} states, "{q}."')
REPORTED = ("{a} says that {r}.", "{a} claims that {r}.", "According to {a}, {r}.", "{a} tells you that {r}.",
            "{a} insists that {r}.", "{a} states that {r}.")
RANGES = ("Each of them is between {lo} and {hi} years old.", "Their ages are whole numbers from {lo} to {hi}.",
          "Everyone is at least {lo} and at most {hi} years old.", "All of them are aged between {lo} and {hi}, "
          "inclusive.", "Every one of them is between {lo} and {hi} years of age.", "Their ages range from {lo} to "
          "{hi} years.")
INTROS = ("You meet {n} {people}: {names}.", "There are {n} {islanders} here: {names}.",
          "{names} are {n} {people} of the island.", "{N} {islanders}, {names}, stand before you.",
          "You come across {n} {persons}: {names}.")
QUESTIONS = ("Who is lying, and how old is each of them?", "Who tells the truth, and how old is everyone?",
             "Determine each person's type and age.", "Who is {a} {t}, who is {a2} {l}, and how old is each of them?")


def _cannot(reason: str) -> PuzzleError:
    return PuzzleError(f"this puzzle cannot be written as an ages text: {reason}")


def number_words(n: int) -> str:
    """Return a number from 0 to 99 in words ('twenty-two'), else in digits."""
    if 0 <= n < 20:
        return SMALL[n]
    if 20 <= n < 100:
        return TENS[n // 10] + (f"-{SMALL[n % 10]}" if n % 10 else "")
    return str(n)


def plural(noun: str) -> str:
    """Return the plural of a role noun."""
    return noun + "s"


def _join(items: list[str], word: str = "and", comma: bool = True) -> str:
    if len(items) <= 2:
        return f" {word} ".join(items)
    return ", ".join(items[:-1]) + ("," if comma else "") + f" {word} " + items[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _age_of(term: E.Term) -> str | None:
    """Return the person whose age a term is (None for a number)."""
    return term.var[4:] if term.var is not None and term.var.startswith("age.") else None


class _Writer:
    """Words one ages puzzle, each choice drawn from the rng (the first when it is None)."""

    def __init__(self, puzzle: Deduction, rng: random.Random | None):
        self.p = puzzle
        self.rng = rng
        self.types = tuple(puzzle.allowed[0])
        self.nouns: dict[str, list[str]] = {t: [self._display_noun(t)] for t in self.types}

    def pick(self, options: tuple[Any, ...] | list[Any]) -> Any:
        """Return one of the options: the first without an rng, else a random one."""
        return options[0] if self.rng is None else self.rng.choice(options)

    def _display_noun(self, t: str) -> str:
        shown = (self.p.display.get(t) or "").strip().lower()
        return shown if shown in NOUNS.get(t, ()) else NOUNS[t][0]

    def number(self, n: int) -> str:
        """Return a number in digits, or now and then in words."""
        if self.rng is not None and 0 <= n < 100 and self.rng.random() < 0.25:
            return number_words(n)
        return str(n)

    def count(self, n: int) -> str:
        """Return how many people there are, in words up to twelve."""
        return number_words(n) if n <= 12 else str(n)

    def who(self, p: str, me: str | None) -> "_Person":
        """Return how a person is written in a claim said by `me` (None: a fact or reported words)."""
        return _Person(p, p == me)

    # -------------------------------------------------------------- claims

    def claim(self, e: E.Expr, me: str | None) -> str:
        """Return a whole claim: a chain of units joined by one connective, or one unit."""
        if isinstance(e, (E.And, E.Or)):
            word = "and" if isinstance(e, E.And) else "or"
            parts = [self.unit(a, me, last=i == len(e.args) - 1) for i, a in enumerate(e.args)]
            if len(parts) == 2 and self.pick((False, True)):
                return f"{'both' if word == 'and' else 'either'} {parts[0]} {word} {parts[1]}"
            return _join(parts, word, comma=self.pick((True, False)))
        return self.unit(e, me, last=True)

    def unit(self, e: E.Expr, me: str | None, last: bool) -> str:
        """Return a claim that stands as one part of a chain (bracketed when compound)."""
        if isinstance(e, E.TypeIs):
            return self.typed(e.agent, e.type, me)
        if isinstance(e, E.Not) and isinstance(e.arg, E.TypeIs):
            return self.typed(e.arg.agent, e.arg.type, me, neg=True)
        if isinstance(e, E.Cmp):
            return self.compare(e, me)
        if isinstance(e, (E.And, E.Or)) and len(e.args) == 2:
            word = "and" if isinstance(e, E.And) else "or"
            return (f"{'both' if word == 'and' else 'either'} {self.unit(e.args[0], me, False)} {word} "
                    f"{self.unit(e.args[1], me, last)}")
        if isinstance(e, E.Not):
            if not last:
                raise _cannot("a negated claim before more of its chain ('it is not the case that …, and …') has "
                              "no unambiguous wording")
            lead = self.pick(("it is not the case that", "it is not true that", "it is false that"))
            return f"{lead} {self.unit(e.arg, me, True)}"
        raise _cannot(f"{E.show(E.to_json(e))} is no claim about ages or kinds that the wording brackets")

    def typed(self, agent: str, spelling: str, me: str | None, neg: bool = False) -> str:
        """Return 'Ben is a liar', 'I tell the truth', 'Ben does not lie', … (read as TypeIs(agent, spelling))."""
        self.person_ok(agent)
        try:
            t = canonical_type(spelling)
        except PuzzleError:
            raise _cannot(f"'{spelling}' is no kind of person") from None
        if t not in self.types:
            raise _cannot(f"'{spelling}' is not a kind the puzzle's people may have")
        p = self.who(agent, me)
        if spelling == TRUTHFUL:
            options = ([f"{p.s} {p.does} not tell the truth", f"{p.s} {p.be} not honest",
                        f"{p.s} {p.be} not telling the truth"] if neg else
                       [f"{p.s} {p.verb('tell')} the truth", f"{p.s} {p.be} honest", f"{p.s} {p.be} telling the truth",
                        f"{p.s} {p.be} truthful", f"{p.s} never {p.verb('lie')}"])
            return self.pick(options)
        if spelling == LIAR:
            options = ([f"{p.s} {p.be} not a liar", f"{p.s} {p.does} not lie", f"{p.s} {p.be} not lying"] if neg else
                       [f"{p.s} {p.be} a liar", f"{p.s} {p.verb('lie')}", f"{p.s} {p.be} lying",
                        f"{p.s} {p.be} dishonest"])
            return self.pick(options)
        if spelling not in NOUNS.get(t, ()):
            raise _cannot(f"the type spelling '{spelling}' has no noun the reader reads back to it")
        if spelling not in self.nouns[t]:
            self.nouns[t].append(spelling)
        return f"{p.s} {p.be} {'not ' if neg else ''}{_a(spelling)}"

    def compare(self, e: E.Cmp, me: str | None) -> str:
        """Return an age compared with a number or with another age (plus or minus some years)."""
        x = _age_of(e.left)
        if x is None or e.left.offset != 0:
            raise _cannot(f"{E.show(E.to_json(e))} does not start with someone's age")
        self.person_ok(x)
        p = self.who(x, me)
        if e.right.var is None:
            if e.right.offset < 0:
                raise _cannot(f"{E.show(E.to_json(e))} compares an age with a number below zero")
            return self.pick(self.with_number(e.op, p, e.right.offset))
        y = _age_of(e.right)
        if y is None:
            raise _cannot(f"{E.show(E.to_json(e))} compares an age with something else than an age or a number")
        self.person_ok(y)
        q = self.who(y, me)
        k = e.right.offset
        options = self.with_age(e.op, p, q) if k == 0 else self.with_difference(e.op, p, q, k)
        if not options:
            raise _cannot(f"{E.show(E.to_json(e))} has no wording ('{e.op}' with a difference of {k} years)")
        return self.pick(options)

    def with_number(self, op: str, p: "_Person", value: int) -> list[str]:
        """Return the wordings of 'p's age op value'."""
        n = self.number(value)
        s, be, poss = p.s, p.be, p.poss
        old = f"{n} year{'s' if value != 1 else ''} old"
        return {
            "eq": [f"{s} {be} {n}", f"{s} {be} {old}", f"{poss} age is {n}", f"{s} {be} aged {n}",
                   f"{s} {be} exactly {old}"],
            "ne": [f"{s} {be} not {n}", f"{s} {be} not {old}", f"{poss} age is not {n}", f"{s} {p.isnt} {n}"],
            "lt": [f"{s} {be} younger than {n}", f"{s} {be} under {n}", f"{s} {be} less than {old}",
                   f"{poss} age is less than {n}", f"{s} {be} below {n}"],
            "gt": [f"{s} {be} older than {n}", f"{s} {be} over {n}", f"{s} {be} more than {old}",
                   f"{poss} age is greater than {n}", f"{s} {be} above {n}"],
            "le": [f"{s} {be} at most {n}", f"{s} {be} no older than {n}", f"{s} {be} {n} or younger",
                   f"{s} {be} at most {old}", f"{s} {be} not older than {n}"],
            "ge": [f"{s} {be} at least {n}", f"{s} {be} no younger than {n}", f"{s} {be} {n} or older",
                   f"{s} {be} at least {old}", f"{s} {be} not younger than {n}"],
        }[op]

    def with_age(self, op: str, p: "_Person", q: "_Person") -> list[str]:
        """Return the wordings of 'p's age op q's age'."""
        s, be, o = p.s, p.be, q.o
        both = f"{p.s} and {q.s}" if not p.me else None
        out = {
            "gt": [f"{s} {be} older than {o}", f"{p.poss} age is greater than {q.mine}"],
            "lt": [f"{s} {be} younger than {o}", f"{p.poss} age is less than {q.mine}"],
            "eq": [f"{s} {be} the same age as {o}", f"{s} {be} as old as {o}", f"{p.poss} age is the same as {q.mine}"],
            "ne": [f"{s} {be} not the same age as {o}", f"{p.poss} age is different from {q.mine}",
                   f"{s} {be} a different age from {o}"],
            "ge": [f"{s} {be} at least as old as {o}", f"{s} {be} no younger than {o}",
                   f"{s} {be} not younger than {o}"],
            "le": [f"{s} {be} at most as old as {o}", f"{s} {be} no older than {o}", f"{s} {be} not older than {o}"],
        }[op]
        if both and op == "eq":
            out.append(f"{both} are the same age")
        if both and op == "ne":
            out += [f"{both} are not the same age", f"{both} are different ages"]
        return out

    def with_difference(self, op: str, p: "_Person", q: "_Person", k: int) -> list[str]:
        """Return the wordings of 'p's age op q's age + k' (none for an op no wording reads back)."""
        s, be, o = p.s, p.be, q.o
        years = f"{self.number(abs(k))} year{'s' if abs(k) != 1 else ''}"
        way = "older" if k > 0 else "younger"
        if op == "eq":
            return [f"{s} {be} {years} {way} than {o}", f"{s} {be} {way} than {o} by {years}",
                    f"{s} {be} exactly {years} {way} than {o}"]
        if op == "ne":
            return [f"{s} {be} not {years} {way} than {o}"]
        if (op, way) in (("gt", "older"), ("lt", "younger")):
            return [f"{s} {be} more than {years} {way} than {o}"]
        if (op, way) in (("ge", "older"), ("le", "younger")):
            return [f"{s} {be} at least {years} {way} than {o}"]
        return []

    def person_ok(self, p: str) -> None:
        """Raise PuzzleError for someone who is not one of the puzzle's people."""
        if p not in self.p.agents:
            raise _cannot(f"unknown person '{p}'")

    # -------------------------------------------------------------- sentences

    def statement(self, e: E.Says) -> str:
        """Return a speech: quoted (first person), or reported when the claim is not about the speaker."""
        self.person_ok(e.agent)
        about_self = e.agent in _mentioned(e.statement)
        if about_self or self.pick((True, False)):
            frame = self.pick(QUOTED)
            words = _cap(self.claim(e.statement, e.agent))
            return frame.format(a=e.agent, q=words)
        frame = self.pick(REPORTED)
        return frame.format(a=e.agent, r=self.claim(e.statement, None))

    def fact(self, e: E.Expr) -> str:
        """Return a fact: every kind older than another, no two the same age, or a claim as a sentence."""
        from ..english.ages import all_different, every_older

        if isinstance(e, E.Says):
            raise _cannot("a fact about what someone says")
        agents = self.p.agents
        shape = _every_shape(e)
        if shape is not None and e == every_older(agents, *shape):
            return self.every(*shape)
        if len(agents) > 1 and e == all_different(agents):
            return self.pick(("No two of them are the same age.", "Their ages are all different.",
                              "They are all of different ages.", "No two of them have the same age."))
        words = self.claim(e, None)
        return self.pick((f"{_cap(words)}.", f"It is known that {words}.", f"You also know that {words}."))

    def every(self, first: str, second: str, op: str) -> str:
        """Return 'Every liar is older than every truth-teller' and its variants."""
        for spelling in (first, second):
            t = canonical_type(spelling)
            if spelling not in NOUNS.get(t, ()) or t not in self.types:
                raise _cannot(f"'every {spelling} …' needs a noun for the kind '{spelling}'")
            if spelling not in self.nouns[t]:
                self.nouns[t].append(spelling)
        rel = {"gt": "older than", "lt": "younger than", "ge": "at least as old as", "le": "at most as old as"}[op]
        if self.pick((True, False)):
            det = self.pick(("Every", "Each", "Any"))
            return f"{det} {first} is {rel} {det.lower()} {second}."
        return f"All {plural(first)} are {rel} all {plural(second)}."

    def definition(self) -> str:
        """Return the sentence defining the kinds by their nouns."""
        nouns = [(t, n) for t in self.types for n in self.nouns[t]]
        simple = [t for t, _ in nouns] == [TRUTHFUL, LIAR]
        if simple:
            (_, tn), (_, ln) = nouns
            options = (f"On this island, {plural(tn)} always tell the truth, and {plural(ln)} always lie.",
                       f"{_cap(plural(tn))} always tell the truth and {plural(ln)} always lie.",
                       f"Each inhabitant is either {_a(tn)}, who always tells the truth, or {_a(ln)}, who always lies.",
                       f"The island is inhabited by {plural(tn)}, who always tell the truth, and {plural(ln)}, who "
                       "always lie.",
                       f"{_cap(plural(tn))} only make true statements, and {plural(ln)} only make false statements.")
            return self.pick(options)
        return f"On this island, {_join([f'{plural(n)} {BEHAVIOUR[t]}' for t, n in nouns])}."

    def introduction(self) -> str:
        """Return the sentence naming the people."""
        agents = list(self.p.agents)
        n = len(agents)
        frame = self.pick(INTROS)
        one = n == 1
        return frame.format(n=self.count(n), N=_cap(self.count(n)), names=_join(agents, comma=self.pick((True, False))),
                            people="inhabitant" if one else "inhabitants", islanders="islander" if one else "islanders",
                            persons="person" if one else "people")

    def range(self, lo: int, hi: int) -> str:
        """Return the sentence stating the ages' range."""
        return self.pick(RANGES).format(lo=self.number(lo), hi=self.number(hi))

    def question(self) -> str:
        """Return the closing question (the reader passes it over)."""
        truthful, liar = self.nouns[TRUTHFUL][0], self.nouns[LIAR][0]
        return self.pick(QUESTIONS).format(a=_a(truthful).split()[0], t=truthful, a2=_a(liar).split()[0], l=liar)


class _Person:
    """How a person is written in a claim: a name, or "I" in their own quoted words."""

    def __init__(self, name: str, me: bool):
        self.name = name
        self.me = me

    @property
    def s(self) -> str:
        return "I" if self.me else self.name

    @property
    def o(self) -> str:
        return "me" if self.me else self.name

    @property
    def be(self) -> str:
        return "am" if self.me else "is"

    @property
    def isnt(self) -> str:
        return "am not" if self.me else "isn't"

    @property
    def does(self) -> str:
        return "do" if self.me else "does"

    @property
    def poss(self) -> str:
        return "my" if self.me else f"{self.name}'s"

    @property
    def mine(self) -> str:
        return "mine" if self.me else f"{self.name}'s"

    def verb(self, v: str) -> str:
        return v if self.me else v + "s"


def _mentioned(e: E.Expr) -> set[str]:
    """Return the people a claim is about (by kind or by age)."""
    out: set[str] = set()
    if isinstance(e, (E.TypeIs, E.Says)):
        out.add(e.agent)
    if isinstance(e, E.Cmp):
        out |= {p for p in (_age_of(e.left), _age_of(e.right)) if p is not None}
    for k in e.children():
        out |= _mentioned(k)
    return out


def _every_shape(e: E.Expr) -> tuple[str, str, str] | None:
    """Return (first kind, second kind, op) when e looks like 'every <first> is <op> than every <second>'."""
    leaf: E.Expr = e
    for _ in range(2):
        if isinstance(leaf, E.And):
            leaf = leaf.args[0]
    if not (isinstance(leaf, E.Implies) and isinstance(leaf.left, E.And) and len(leaf.left.args) == 2
            and isinstance(leaf.right, E.Cmp)):
        return None
    a, b = leaf.left.args
    if isinstance(a, E.TypeIs) and isinstance(b, E.TypeIs):
        return a.type, b.type, leaf.right.op
    return None


def _range_of(puzzle: Deduction) -> tuple[int, int]:
    """Return the one range of ages every person's age variable has; raise PuzzleError if there is none."""
    want = [f"age.{a}" for a in puzzle.agents]
    if [v.name for v in puzzle.variables] != want:
        raise _cannot("its variables are not one age per person ('age.<person>', in the people's order)")
    domains = {v.domain for v in puzzle.variables}
    if len(domains) != 1:
        raise _cannot("the people's ages range over different values")
    d = sorted(next(iter(domains)))
    if not d or d != list(range(d[0], d[-1] + 1)):
        raise _cannot("the ages are not a range of whole numbers ('between 20 and 25')")
    return d[0], d[-1]


def _check_names(puzzle: Deduction) -> None:
    """Raise PuzzleError for a person whose name does not read as a name."""
    from ..english.ages import KEYWORDS, word_number
    from ..english.knights_frames import _name_ok

    for a in puzzle.agents:
        single = len(a) == 1 and a.isupper() and a != "I"
        if not single and (not NAME.match(a) or not a[0].isupper() or a.lower() in KEYWORDS or
                           word_number(a.lower()) is not None or not _name_ok(a)):
            raise _cannot(f"'{a}' does not read as a name (a capitalised word that is no English keyword)")
        try:
            canonical_type(a)
        except PuzzleError:
            continue
        raise _cannot(f"'{a}' is also a word for a kind of person")


def ages_text(puzzle: Deduction, variant: random.Random | None = None, check: bool = True) -> str:
    """Return English that the ages reader reads back to this puzzle (equal people, kinds, ages and constraint
    expressions); `variant` draws the wording, `check` reads the text back first."""
    if not isinstance(puzzle, Deduction) or puzzle.grid is not None:
        raise _cannot("it is not a deduction puzzle about people")
    if not puzzle.agents:
        raise _cannot("it has nobody in it")
    if puzzle.distinct:
        raise _cannot("it has all-different groups of variables (say 'No two of them are the same age' as a fact)")
    if puzzle.questions:
        raise _cannot("it asks questions, which the ages reader passes over")
    if len(set(puzzle.allowed)) != 1:
        raise _cannot("its people may have different kinds (one kind list for everybody is all a definition says)")
    lo, hi = _range_of(puzzle)
    _check_names(puzzle)
    w = _Writer(puzzle, variant)
    if not {TRUTHFUL, LIAR} <= set(w.types) or not set(w.types) <= {TRUTHFUL, LIAR, RANDOM}:
        raise _cannot("its people are not truth-tellers and liars (and perhaps normals)")
    body = []
    for c in puzzle.constraints:
        e = c.expr
        body.append(w.statement(e) if isinstance(e, E.Says) and not c.label.startswith("fact ") else w.fact(e))
    lines = [w.definition(), w.introduction(), w.range(lo, hi)] + body + [w.question()]
    if variant is not None and variant.random() < 0.5:
        lines[1], lines[2] = lines[2], lines[1]
        if variant.random() < 0.5:
            lines[0], lines[1] = lines[1], lines[0]
    text = "\n".join(lines) + "\n"
    if check:
        _check(puzzle, text)
    return text


def _check(puzzle: Deduction, text: str) -> None:
    """Raise PuzzleError if the text does not read back to the puzzle."""
    from ..english.read import read_text

    try:
        back = read_text(text, puzzle.title).puzzle
    except PuzzleError as err:
        raise _cannot(f"its English does not read back ({err.message}) in\n{text}") from None
    fields: list[tuple[str, Callable[[Deduction], Any]]] = [
        ("people", lambda p: p.agents), ("kinds", lambda p: p.allowed), ("ages", lambda p: p.variables)]
    if not isinstance(back, Deduction):
        raise _cannot(f"its English reads back as another kind of puzzle in\n{text}")
    for name, get in fields:
        if get(back) != get(puzzle):
            raise _cannot(f"its English reads back with other {name} in\n{text}")
    want, got = puzzle.constraints, back.constraints
    for a, b in zip(want, got):
        if a.expr != b.expr:
            raise _cannot(f"its English reads back to a different puzzle ({a.label}: {E.show(E.to_json(a.expr))} "
                          f"became {E.show(E.to_json(b.expr))}) in\n{text}")
    if len(want) != len(got):
        raise _cannot(f"its English reads back with {len(got)} constraints instead of {len(want)} in\n{text}")
