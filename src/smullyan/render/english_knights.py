"""Knights-and-knaves puzzles written as English that the knights reader reads back to the same puzzle.

`knights_text(puzzle)` writes a role definition ("On this island, knights always tell the truth, and
knaves always lie."), an introduction ("You meet 3 inhabitants: A, B, and C."), one sentence per
constraint in order (statements as `A says, "…"`, facts as sentences), then each question as
written with its options ("(A) …"). Claims are worded so that their structure is never in doubt:
a chain joins with one connective, a compound inside another is bracketed with "both … and …" or
"either … or …", a negated compound is "it is not the case that …" (last in its chain), and a
claim about what someone would say is reported ("B would say that …") when it comes last, else
quoted. The text is read back before it is returned; a puzzle no such text expresses (integer
variables, per-person kinds, a compound nested past what the wording brackets) raises PuzzleError.
The title is passed to the reader rather than written; the description is not part of the English.

`knights_text(puzzle, variant=rng)` words the same puzzle in one of many ways, each choice drawn from
`rng` alone: the role definition, the introduction, the speech frame of each statement (quoted:
`A claims, "…"`, `"…," says A`, `According to A, "…"`; reported: `A says that …`), the lead of a
fact ("It is known that …"), the wording of each kind ("B tells the truth", "B is honest", "B lies",
"I am a liar" in a speaker's own words), connectives ("both … and …" for a chain of two, "if X, Y",
"Y if X", "X only if Y", "X iff Y", "it is false that …") and counts ("no fewer than two of us",
"there are exactly 2 knaves among us"). Every wording is one the reader reads to the very same
expression and source (not merely an equivalent one); a form that cannot carry a claim in its place
falls back to the plain one. `check=False` returns the text without reading it back.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable, Sequence

from ..deduce.model import Deduction
from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import LIAR, RANDOM, TRUTHFUL, canonical_type

FALLBACK = {TRUTHFUL: "angel", LIAR: "devil", RANDOM: "human"}
NOUN_ALIASES = {"knight", "knave", "truth-teller", "truthteller", "liar", "normal"}
NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()
NAME = re.compile(r"^[^\W\d_][\w'’-]*$")

# The wordings a variant chooses among; the first of each is the plain one (written without a variant).
QUOTED_FRAMES = ('{a} says, "{c}."', '{a} claims, "{c}."', '{a} tells you, "{c}."', '{a} states: "{c}."',
                 '"{c}," says {a}.', '"{c}," {a} claims.', 'According to {a}, "{c}."', '{a} declares, "{c}."',
                 '{a} says: "{c}."', '{a} insists, "{c}."', '{a}: "{c}."')
REPORTED_FRAMES = ('{a} says that {c}.', '{a} claims that {c}.', '{a} tells you that {c}.', 'According to {a}, {c}.',
                   '{a} insists that {c}.', '{a} states that {c}.')
FACT_LEADS = ("", "It is known that ", "You know that ", "In fact, ")
SAID_FACT_LEADS = ("It is true that ", "It is known that ", "You know that ")
NEGATIONS = ("it is not the case that", "it is false that", "it is not true that")
IFF_WORDS = (" if and only if ", ", if and only if ", " iff ")
XOR_TAILS = (", but not both", " but not both")
WOULD_SAY = ("would say", "would claim")
OP_WORDS = {"eq": ("exactly", "precisely"), "ge": ("at least", "no fewer than"), "le": ("at most", "no more than"),
            "gt": ("more than",), "lt": ("fewer than", "less than"), "ne": ("not exactly",)}
# What "B …" says of B's kind, as (third person, first person or None where a speaker would not say it of
# themselves), indexed [whether some may lie or tell the truth][negated]; the reader reads each to the same TypeIs.
TRUTH_WORDS = (
    ((("tells the truth", "tell the truth"), ("is truthful", "am truthful"), ("is honest", "am honest"),
      ("is telling the truth", None), ("always tells the truth", "always tell the truth"), ("never lies", "never lie")),
     (("does not tell the truth", "do not tell the truth"), ("is not truthful", "am not truthful"),
      ("is not honest", "am not honest"), ("doesn't tell the truth", "don't tell the truth"),
      ("is not telling the truth", None))),
    ((("always tells the truth", "always tell the truth"), ("never lies", "never lie"), ("is honest", "am honest"),
      ("is truthful", "am truthful")),
     (("does not always tell the truth", "do not always tell the truth"), ("is not honest", "am not honest"),
      ("is not truthful", "am not truthful"))),
)
LIAR_WORDS = (
    ((("is a liar", "am a liar"), ("lies", "lie"), ("is lying", None), ("always lies", "always lie"),
      ("is dishonest", "am dishonest"), ("never tells the truth", "never tell the truth")),
     (("is not a liar", "am not a liar"), ("does not lie", "do not lie"), ("is not dishonest", "am not dishonest"),
      ("isn't a liar", None), ("is not lying", None))),
    ((("is a liar", "am a liar"), ("always lies", "always lie"), ("never tells the truth", "never tell the truth"),
      ("is dishonest", "am dishonest")),
     (("is not a liar", "am not a liar"), ("does not always lie", "do not always lie"),
      ("is not dishonest", "am not dishonest"))),
)
# How each kind speaks, in a role definition: (after the plural noun, after the singular)
BEHAVIOURS = {
    TRUTHFUL: (("always tell the truth", "always tells the truth"), ("never lie", "never lies"),
               ("are always truthful", "is always truthful")),
    LIAR: (("always lie", "always lies"), ("never tell the truth", "never tells the truth"),
           ("always tell lies", "always tells lies")),
    RANDOM: (("may lie or tell the truth", "may lie or tell the truth"),
             ("sometimes lie and sometimes tell the truth", "sometimes lies and sometimes tells the truth"),
             ("can either lie or tell the truth", "can either lie or tell the truth")),
}


def _cannot(reason: str) -> PuzzleError:
    return PuzzleError(f"this puzzle cannot be written as a knights-and-knaves text: {reason}")


def plural(word: str) -> str:
    """Return the plural of a role noun: 'knight' -> 'knights', 'spy' -> 'spies'."""
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    if word.endswith(("s", "sh", "ch", "x")):
        return word + "es"
    return word + "s"


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _join(items: list[str], word: str = "and") -> str:
    if len(items) <= 2:
        return f" {word} ".join(items)
    return ", ".join(items[:-1]) + f", {word} " + items[-1]


class _Writer:
    """Words the claims of one puzzle (plainly, or in a variant's wording)."""

    def __init__(self, puzzle: Deduction, rng: random.Random | None = None):
        self.p = puzzle
        self.rng = rng
        self.me: str | None = None  # who says "I" in the words being written (a quoted speaker), if anyone
        self.types = tuple(puzzle.allowed[0]) if puzzle.allowed else ()
        self.random = RANDOM in self.types
        self.nouns: dict[str, list[str]] = {t: [] for t in self.types}
        self._sugar: dict[int, bool] = {}
        for t in self.types:
            self.nouns[t].append(self._display_noun(t))

    def _display_noun(self, t: str) -> str:
        """Return the word that reads back as this type's display (what the TOML writes for it)."""
        shown = self.p.display.get(t)
        if isinstance(shown, str) and re.fullmatch(r"[a-z][a-z]*(?:-[a-z]+)?", shown.strip()):
            w = shown.strip()
            if _canon(w) == t and w in NOUN_ALIASES or _canon(w) is None and w not in _RESERVED:
                return w
        return FALLBACK[t]

    def noun(self, t: str, spelling: str) -> str:
        """Return the noun that reads back as TypeIs(_, spelling), adding it to the definitions if needed."""
        if spelling == t:  # canonical: a word that names no type
            words = [w for w in self.nouns[t] if _canon(w) is None]
            if not words:
                self.nouns[t].append(FALLBACK[t])
                return FALLBACK[t]
            return words[0]
        if spelling not in NOUN_ALIASES:
            raise _cannot(f"the type spelling '{spelling}' has no noun the reader reads back to it")
        if spelling not in self.nouns[t]:
            self.nouns[t].append(spelling)
        return spelling

    # ------------------------------------------------------------------ choices

    def pick(self, options: Sequence[Any]) -> Any:
        """Return the first option, or (with a variant) one drawn from its rng."""
        return options[0] if self.rng is None else options[self.rng.randrange(len(options))]

    def either(self, forms: Sequence[Callable[[], str]]) -> str:
        """Return the words of a drawn form (the first is the plain one, and the fallback when a drawn one fails)."""
        k = 0 if self.rng is None else self.rng.randrange(len(forms))
        if k:
            me = self.me
            try:
                return forms[k]()
            except PuzzleError:
                self.me = me
        return forms[0]()

    # ------------------------------------------------------------------ claims

    def typed(self, agent: str, spelling: str, neg: bool = False) -> str:
        t = _canon(spelling)
        if t not in self.types:
            raise _cannot(f"'{spelling}' is not a kind the puzzle's people may have")
        options: Sequence[tuple[str, str | None]]
        if spelling in (TRUTHFUL, LIAR):
            table = TRUTH_WORDS if spelling == TRUTHFUL else LIAR_WORDS
            options = table[self.random][neg]
        else:
            n = self.noun(t, spelling)
            options = ((f"is not {_a(n)}", f"am not {_a(n)}"), (f"isn't {_a(n)}", None), (f"is no {n}", f"am no {n}")) \
                if neg else ((f"is {_a(n)}", f"am {_a(n)}"),)
        if self.rng is not None and agent == self.me and self.pick((False, True)):
            return "I " + self.pick([first for _, first in options if first])
        return f"{agent} {self.pick(options)[0]}"

    def claim(self, e: E.Expr, mode: str) -> str:
        """Return a whole claim (may be a conditional or a chain)."""
        if isinstance(e, E.Implies):
            return self.implication(e, mode)
        if isinstance(e, E.Iff):
            left = self.unit(e.left, mode, last=False)
            return f"{left}{self.pick(IFF_WORDS)}{self.unit(e.right, mode, last=True)}"
        if isinstance(e, E.Xor):
            left = self.unit(e.left, mode, last=False)
            return f"{left} or {self.unit(e.right, mode, last=False)}{self.pick(XOR_TAILS)}"
        return self.chain(e, mode)

    def implication(self, e: E.Implies, mode: str, inner: bool = False) -> str:
        """Return 'if X then Y', 'if X, Y', or (not inside another's 'then') 'Y if X', 'X only if Y'."""
        forms: list[Callable[[], str]] = [lambda: self.if_then(e, mode, " then "),
                                          lambda: self.if_then(e, mode, ", then "), lambda: self.if_then(e, mode, ", ")]
        if not isinstance(e.right, E.Implies) and not inner:
            forms.append(lambda: f"{self.unit(e.right, mode, False)} if {self.unit(e.left, mode, True)}")
            forms.append(lambda: f"{self.unit(e.left, mode, False)} only if {self.unit(e.right, mode, True)}")
        return self.either(forms)

    def if_then(self, e: E.Implies, mode: str, word: str) -> str:
        then = self.implication(e.right, mode, inner=True) if isinstance(e.right, E.Implies) else \
            self.unit(e.right, mode, True)
        return f"if {self.ante(e.left, mode)}{word}{then}"

    def ante(self, e: E.Expr, mode: str) -> str:
        if isinstance(e, (E.And, E.Or)):
            word = "and" if isinstance(e, E.And) else "or"
            plain = lambda: f" {word} ".join(  # noqa: E731
                self.unit(a, mode, last=i == len(e.args) - 1) for i, a in enumerate(e.args))
            return self.either([plain, lambda: self.unit(e, mode, last=True)])
        return self.unit(e, mode, last=True)

    def chain(self, e: E.Expr, mode: str) -> str:
        if isinstance(e, (E.And, E.Or)):
            word = "and" if isinstance(e, E.And) else "or"
            parts = lambda: [self.unit(a, mode, last=i == len(e.args) - 1) for i, a in enumerate(e.args)]  # noqa: E731
            forms: list[Callable[[], str]] = [lambda: _join(parts(), word)]
            if len(e.args) == 2:
                forms.append(lambda: self.unit(e, mode, last=True))  # "both X and Y", "either X or Y"
            else:
                forms.append(lambda: f" {word} ".join(parts()))
                forms.append(lambda: (lambda ps: ", ".join(ps[:-1]) + f" {word} " + ps[-1])(parts()))
            return self.either(forms)
        return self.unit(e, mode, last=True)

    def unit(self, e: E.Expr, mode: str, last: bool) -> str:
        """Return a claim that can stand as one part of a chain (bracketed when compound)."""
        if isinstance(e, E.TypeIs):
            return self.typed(e.agent, e.type)
        if isinstance(e, E.Not) and isinstance(e.arg, E.TypeIs):
            arg = e.arg
            forms: list[Callable[[], str]] = [lambda: self.typed(arg.agent, arg.type, neg=True)]
            if last:
                forms.append(lambda: f"{self.pick(NEGATIONS)} {self.typed(arg.agent, arg.type)}")
            return self.either(forms)
        if isinstance(e, E.And) and len(e.args) == 2:
            return f"both {self.unit(e.args[0], mode, False)} and {self.unit(e.args[1], mode, last)}"
        if isinstance(e, E.Or) and len(e.args) == 2:
            return f"either {self.unit(e.args[0], mode, False)} or {self.unit(e.args[1], mode, last)}"
        if isinstance(e, E.Not):
            if not last:
                raise _cannot("a negated claim before more of its chain ('it is not the case that …, and …') "
                              "has no unambiguous wording")
            return f"{self.pick(NEGATIONS)} {self.unit(e.arg, mode, True)}"
        if isinstance(e, E.Count):
            return self.count(e, mode)
        if isinstance(e, E.Says):
            return self.nested(e, mode, last)
        raise _cannot(f"{E.show(E.to_json(e))} is nested where no wording brackets it")

    def nested(self, e: E.Says, mode: str, last: bool) -> str:
        """Return 'B would say that …' (reported, when last and simple) or "B would say, '…'" (quoted)."""
        if e.agent not in self.p.agents:
            raise _cannot(f"unknown agent '{e.agent}'")
        if mode == "told":
            raise _cannot("a claim about speech inside reported speech")
        inner = e.statement
        say = self.pick(WOULD_SAY)
        if last and _unit_shape(inner):
            return f"{e.agent} {say} that {self.unit(inner, 'reported' if mode == 'fact' else mode, True)}"
        if mode == "quote2":
            raise _cannot("a quotation inside a quotation inside a quotation")
        mark = "'" if mode in ("quoted", "quote2") else '"'
        inner_mode = "quote2" if mode in ("quoted", "quote2") else "quoted"
        me, self.me = self.me, e.agent
        try:
            words = self.claim(inner, inner_mode)
        finally:
            self.me = me
        return f"{e.agent} {say}, {mark}{words}{mark}"

    def count(self, e: E.Count, mode: str) -> str:
        items = e.items
        if not items or not all(isinstance(i, E.TypeIs) for i in items) or len({i.type for i in items}) != 1:
            raise _cannot("a count is worded only over people of one kind ('exactly 2 of us are knights')")
        agents = [i.agent for i in items]
        if len(set(agents)) != len(agents) or any(a not in self.p.agents for a in agents):
            raise _cannot("a count over people named twice or unknown")
        spelling = items[0].type
        whole = list(agents) == list(self.p.agents) and self._sugar.get(id(e), False)
        if not whole and len(agents) < 2:
            raise _cannot("a count over fewer than two people")
        number = self.pick((NUMBER_WORDS[e.n], str(e.n))) if 0 <= e.n < len(NUMBER_WORDS) else str(e.n)
        quantity = f"{self.pick(OP_WORDS[e.op])} {number}"
        if whole:
            there = lambda: self.there(e, spelling, quantity, mode)  # noqa: E731
            if mode == "told":  # a narrator's "us" would count the listener: "there are …" counts everyone
                return there()
            return self.either([lambda: self.counted(e, spelling, quantity, "them" if mode == "fact" else "us"), there])
        return self.counted(e, spelling, quantity, _join(agents))

    def counted(self, e: E.Count, spelling: str, quantity: str, group: str) -> str:
        """Return 'exactly two of <group> are knights'."""
        one = e.n == 1
        if spelling == TRUTHFUL:
            pred = ("always " if self.random else "") + ("tells the truth" if one else "tell the truth")
        elif spelling == LIAR:
            pred = "is a liar" if one else "are liars"
        else:
            noun = self.noun(canonical_type(spelling), spelling)
            pred = f"is {_a(noun)}" if one else f"are {plural(noun)}"
        return f"{quantity} of {group} {pred}"

    def there(self, e: E.Count, spelling: str, quantity: str, mode: str) -> str:
        """Return 'there are exactly two knights among us' (or '… among them', or no group: everyone)."""
        if spelling == TRUTHFUL:
            raise _cannot("no noun counts the people who tell the truth")
        noun = "liar" if spelling == LIAR else self.noun(canonical_type(spelling), spelling)
        group = self.pick(("", " among them" if mode == "fact" else " among us")) if mode != "told" else ""
        return f"there {'is' if e.n == 1 else 'are'} {quantity} {noun if e.n == 1 else plural(noun)}{group}"

    # ------------------------------------------------------------------ sentences

    def statement(self, e: E.Says) -> str:
        """Return a statement in a speech frame: 'A says, "…"' (or another frame, quoted or reported)."""
        if e.agent not in self.p.agents:
            raise _cannot(f"unknown agent '{e.agent}'")
        quoted = lambda frame: frame.format(a=e.agent, c=_cap(self.quoted(e)))  # noqa: E731
        forms = [lambda f=f: quoted(f) for f in QUOTED_FRAMES]
        if self.rng is not None and not _speaks(e.statement):
            forms += [lambda f=f: f.format(a=e.agent, c=self.claim(e.statement, "told")) for f in REPORTED_FRAMES]
        return self.either(forms)

    def quoted(self, e: E.Says) -> str:
        """Return a speaker's own words, in which 'I' is the speaker."""
        me, self.me = self.me, e.agent
        try:
            return self.claim(e.statement, "quoted")
        finally:
            self.me = me

    def fact(self, e: E.Expr) -> str:
        """Return a fact as a sentence ('It is true that B would say …' for a claim about speech)."""
        if isinstance(e, E.Says):
            return f"{self.pick(SAID_FACT_LEADS)}{self.unit(e, 'fact', True)}."
        return f"{_cap(self.pick(FACT_LEADS) + self.claim(e, 'fact'))}."

    def definition(self) -> str:
        """Return the sentence(s) naming each kind's nouns and how they speak."""
        kinds = [(noun, t, self.pick(BEHAVIOURS[t])) for t in self.types for noun in self.nouns[t]]
        defs = _join([f"{plural(n)} {b[0]}" for n, t, b in kinds])
        nouns = _join([plural(n) for n, _, _ in kinds])
        forms = [f"On this island, {defs}.", f"{_cap(defs)}."]
        if len(kinds) > 1:
            each = [f"{_a(n)}, who {b[1]}" for n, _, b in kinds]
            forms += [f"On an island live {nouns}. {_cap(defs)}.",
                      f"Each inhabitant is either {', '.join(each[:-1])}, or {each[-1]}.",
                      f"A very special island is inhabited only by {nouns}. {_cap(defs)}."]
        return self.pick(forms)

    def introduction(self) -> str:
        """Return the sentence naming the people."""
        names = _join(list(self.p.agents))
        n = len(self.p.agents)
        word = NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)
        forms = [f"You meet {n} inhabitant{'s' if n != 1 else ''}: {names}.",
                 f"You meet {word} inhabitant{'s' if n != 1 else ''}: {names}."]
        if n > 1:
            forms += [f"There are {n} people here: {names}.", f"You encounter {word} islanders: {names}.",
                      f"{names} are inhabitants of the island.", f"{_cap(word)} natives, {names}, stand before you."]
        return self.pick(forms)


def _s(verb: str) -> str:
    """Return a verb phrase in the third person: 'tell the truth' -> 'tells the truth', 'lie' -> 'lies'."""
    head, _, rest = verb.partition(" ")
    return f"{head}s {rest}".strip()


def _unit_shape(e: E.Expr) -> bool:
    """Return whether an expression is worded as one unit (an atom, a count, a negation, a bracketed pair, a
    claim about speech)."""
    if isinstance(e, (E.And, E.Or)):
        return len(e.args) == 2
    return isinstance(e, (E.TypeIs, E.Count, E.Not, E.Says))


def _canon(word: str) -> str | None:
    try:
        return canonical_type(word)
    except PuzzleError:
        return None


_RESERVED = {"a", "an", "the", "is", "are", "am", "not", "and", "or", "who", "what", "which", "one", "all", "none",
             "both", "each", "truth", "lie", "lies", "lying", "honest", "dishonest", "truthful", "different", "same",
             "kind", "type", "sort", "other", "others", "number", "even", "odd", "liar", "people", "person"}


def _sugared(puzzle: Deduction) -> dict[int, bool]:
    """Return, for each count node written with the count-over-everyone sugar in its source, True."""
    out: dict[int, bool] = {}

    def walk(e: E.Expr, src: Any) -> None:
        if isinstance(e, E.Count):
            out[id(e)] = isinstance(src, list) and len(src) == 4 and isinstance(src[1], str)
            return
        kids = e.children()
        subs: list[Any] = []
        if isinstance(src, list) and src:
            if src[0] in ("says",):
                subs = [src[2]]
            elif src[0] in ("not", "and", "or", "xor", "iff", "implies"):
                subs = src[1:]
        for k, s in zip(kids, subs + [None] * len(kids)):
            walk(k, s)

    for c in puzzle.constraints:
        walk(c.expr, c.source if c.source is not None else E.to_json(c.expr))
    for q in puzzle.questions:
        for ch in q.choices:
            walk(ch.expr, ch.source if ch.source is not None else E.to_json(ch.expr))
    return out


def _speaks(e: E.Expr) -> bool:
    """Return whether a claim says anything about what someone says."""
    return isinstance(e, E.Says) or any(_speaks(k) for k in e.children())


def knights_text(puzzle: Deduction, variant: random.Random | None = None, check: bool = True) -> str:
    """Return English the knights reader reads back to this puzzle (plain, or worded as `variant` draws)."""
    if not isinstance(puzzle, Deduction):
        raise _cannot("it is not a deduction puzzle")
    if puzzle.variables or puzzle.grid is not None or puzzle.distinct:
        raise _cannot("it has puzzle variables (ages, houses), which knights and knaves do not speak of")
    if not puzzle.agents:
        raise _cannot("it has nobody in it")
    if len(set(puzzle.allowed)) != 1:
        raise _cannot("its people may have different kinds (one kind list for everybody is all a role "
                      "definition says)")
    _check_names(puzzle)
    w = _Writer(puzzle, variant)
    w._sugar = _sugared(puzzle)
    body: list[str] = []
    for c in puzzle.constraints:
        e = c.expr
        if isinstance(e, E.Says) and not c.label.startswith("fact "):
            body.append(w.statement(e))
        else:
            body.append(w.fact(e))
    for q in puzzle.questions:
        body.append(q.text)
        options = [f"({ch.label}) {ch.answer}" for ch in q.choices if ch.label]
        if options:
            body += options + [""]  # a blank line ends the options (an answer may end without a full stop)
    for a in puzzle.agents:
        if a.lower() in {x for t in w.types for n in w.nouns[t] for x in (n, plural(n))}:
            raise _cannot(f"'{a}' is also one of its role words")
    text = "\n".join([w.definition(), w.introduction()] + body) + "\n"
    if check:
        _read_back(puzzle, text)
    return text


def _check_names(puzzle: Deduction) -> None:
    """Raise PuzzleError unless every person's name reads as a name."""
    from ..english.knights_frames import _name_ok
    from ..english.knights_tokens import DISCOURSE

    for a in puzzle.agents:
        single = len(a) == 1 and a.isupper() and a != "I"
        if not single and (not NAME.match(a) or not a[0].isupper() or a.lower() in _NAME_WORDS or
                           a.lower() in DISCOURSE or not _name_ok(a)):
            raise _cannot(f"'{a}' does not read as a name (a capitalised word that is no English keyword)")


def _read_back(puzzle: Deduction, text: str) -> None:
    """Raise PuzzleError unless the text reads back to the puzzle (the same TOML document)."""
    from ..english.knights import read_knights
    from ..english.sentences import split_sentences
    from ..formats.toml_write import _deduction, dumps_puzzle

    try:
        back = read_knights(text, split_sentences(text), puzzle.title).puzzle
    except PuzzleError as err:
        raise _cannot(f"its English does not read back ({err.message})") from None
    mine, theirs = _comparable(puzzle), _comparable(back)
    if _deduction(mine) == _deduction(theirs):  # the documents dumps_puzzle would write, without writing them
        return
    want, got = dumps_puzzle(mine), dumps_puzzle(theirs)
    diff = next((f"{a.strip()!r} became {b.strip()!r}" for a, b in zip(want.splitlines(), got.splitlines())
                 if a != b), "its length changed")
    raise _cannot(f"its English reads back to a different puzzle ({diff}) in\n{text}")


def _comparable(p: Deduction) -> Deduction:
    """Return a puzzle as English can carry it: no description; each source in the reader's spelling
    (operators by name, quantifiers written out, counts over everyone kept as `["count", type, op, n]`)."""
    import dataclasses

    from ..deduce.model import Ask, Choice, Constraint
    from ..formats.deduction_toml import expand_sugar

    agents = list(p.agents)

    def norm(src: Any, e: E.Expr) -> Any:
        if src is None:
            return E.to_json(e)
        try:
            if E.from_json(expand_sugar(src, agents)) != e:
                return E.to_json(e)
        except PuzzleError:
            return E.to_json(e)
        return _spelled(src, agents)

    constraints = tuple(Constraint(c.label, c.expr, norm(c.source, c.expr), c.text) for c in p.constraints)
    questions = tuple(Ask(q.text, q.kind, tuple(Choice(ch.answer, ch.expr, norm(ch.source, ch.expr), ch.label)
                                                 for ch in q.choices), q.none) for q in p.questions)
    return dataclasses.replace(p, description="", constraints=constraints, questions=questions)


def _spelled(src: Any, agents: list[str]) -> Any:
    """Return a source with comparison symbols named ('>=' -> 'ge') and forall/exists written out."""
    from ..formats.deduction_toml import expand_sugar

    if not isinstance(src, list) or not src:
        return src
    if src[0] in ("forall", "exists"):
        return _spelled(expand_sugar(src, agents), agents)
    if src[0] == "count" and len(src) == 4:
        op = E._OP_SYMBOLS.get(src[2], src[2]) if isinstance(src[2], str) else src[2]
        items = src[1] if isinstance(src[1], str) else [_spelled(x, agents) for x in src[1]]
        return ["count", items, op, src[3]]
    return [src[0]] + [_spelled(x, agents) for x in src[1:]]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_NAME_WORDS = {"a", "an", "the", "if", "then", "so", "both", "neither", "either", "exactly", "all", "none", "each",
               "every", "everyone", "nobody", "someone", "it", "we", "they", "you", "he", "she", "me", "us", "them",
               "who", "which", "what", "how", "whether", "yes", "no", "not", "and", "or", "but", "nor", "only",
               "there", "here", "at", "of", "among", "is", "are", "am", "was", "were", "true", "false", "one",
               "knight", "knave", "liar", "normal", "truth-teller", "according", "as", "in", "question", "statement",
               "options", "choices", "answer", "note", "clue", "hint", "fact"}
