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
"""

from __future__ import annotations

import re
from typing import Any

from ..deduce.model import Deduction
from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import LIAR, RANDOM, TRUTHFUL, canonical_type

FALLBACK = {TRUTHFUL: "angel", LIAR: "devil", RANDOM: "human"}
BEHAVIOUR = {TRUTHFUL: "always tell the truth", LIAR: "always lie", RANDOM: "may lie or tell the truth"}
NOUN_ALIASES = {"knight", "knave", "truth-teller", "truthteller", "liar", "normal"}
OPS = {"eq": "exactly", "ge": "at least", "le": "at most", "gt": "more than", "lt": "fewer than", "ne": "not exactly"}
NUMBER_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()
NAME = re.compile(r"^[^\W\d_][\w'’-]*$")


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
    """Words the claims of one puzzle."""

    def __init__(self, puzzle: Deduction):
        self.p = puzzle
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

    # ------------------------------------------------------------------ claims

    def typed(self, agent: str, spelling: str, neg: bool = False) -> str:
        t = _canon(spelling)
        if t not in self.types:
            raise _cannot(f"'{spelling}' is not a kind the puzzle's people may have")
        if spelling == TRUTHFUL:
            if self.random:
                return f"{agent} does not always tell the truth" if neg else f"{agent} always tells the truth"
            return f"{agent} does not tell the truth" if neg else f"{agent} tells the truth"
        if spelling == LIAR:
            return f"{agent} is {'not ' if neg else ''}a liar"
        return f"{agent} is {'not ' if neg else ''}{_a(self.noun(t, spelling))}"

    def claim(self, e: E.Expr, mode: str) -> str:
        """Return a whole claim (may be a conditional or a chain)."""
        if isinstance(e, E.Implies):
            then = self.claim(e.right, mode) if isinstance(e.right, E.Implies) else self.unit(e.right, mode, True)
            return f"if {self.ante(e.left, mode)} then {then}"
        if isinstance(e, E.Iff):
            return f"{self.unit(e.left, mode, last=False)} if and only if {self.unit(e.right, mode, last=True)}"
        if isinstance(e, E.Xor):
            return f"{self.unit(e.left, mode, last=False)} or {self.unit(e.right, mode, last=False)}, but not both"
        return self.chain(e, mode)

    def ante(self, e: E.Expr, mode: str) -> str:
        if isinstance(e, (E.And, E.Or)):
            word = "and" if isinstance(e, E.And) else "or"
            return f" {word} ".join(self.unit(a, mode, last=i == len(e.args) - 1) for i, a in enumerate(e.args))
        return self.unit(e, mode, last=True)

    def chain(self, e: E.Expr, mode: str) -> str:
        if isinstance(e, (E.And, E.Or)):
            word = "and" if isinstance(e, E.And) else "or"
            return _join([self.unit(a, mode, last=i == len(e.args) - 1) for i, a in enumerate(e.args)], word)
        return self.unit(e, mode, last=True)

    def unit(self, e: E.Expr, mode: str, last: bool) -> str:
        """Return a claim that can stand as one part of a chain (bracketed when compound)."""
        if isinstance(e, E.TypeIs):
            return self.typed(e.agent, e.type)
        if isinstance(e, E.Not) and isinstance(e.arg, E.TypeIs):
            return self.typed(e.arg.agent, e.arg.type, neg=True)
        if isinstance(e, E.And) and len(e.args) == 2:
            return f"both {self.unit(e.args[0], mode, False)} and {self.unit(e.args[1], mode, last)}"
        if isinstance(e, E.Or) and len(e.args) == 2:
            return f"either {self.unit(e.args[0], mode, False)} or {self.unit(e.args[1], mode, last)}"
        if isinstance(e, E.Not):
            if not last:
                raise _cannot("a negated claim before more of its chain ('it is not the case that …, and …') "
                              "has no unambiguous wording")
            return f"it is not the case that {self.unit(e.arg, mode, True)}"
        if isinstance(e, E.Count):
            return self.count(e, mode)
        if isinstance(e, E.Says):
            return self.nested(e, mode, last)
        raise _cannot(f"{E.show(E.to_json(e))} is nested where no wording brackets it")

    def nested(self, e: E.Says, mode: str, last: bool) -> str:
        """Return 'B would say that …' (reported, when last and simple) or "B would say, '…'" (quoted)."""
        if e.agent not in self.p.agents:
            raise _cannot(f"unknown agent '{e.agent}'")
        inner = e.statement
        if last and _unit_shape(inner):
            return f"{e.agent} would say that {self.unit(inner, 'reported' if mode == 'fact' else mode, True)}"
        if mode == "quote2":
            raise _cannot("a quotation inside a quotation inside a quotation")
        mark = "'" if mode in ("quoted", "quote2") else '"'
        inner_mode = "quote2" if mode in ("quoted", "quote2") else "quoted"
        return f"{e.agent} would say, {mark}{self.claim(inner, inner_mode)}{mark}"

    def count(self, e: E.Count, mode: str) -> str:
        items = e.items
        if not items or not all(isinstance(i, E.TypeIs) for i in items) or len({i.type for i in items}) != 1:
            raise _cannot("a count is worded only over people of one kind ('exactly 2 of us are knights')")
        agents = [i.agent for i in items]
        if len(set(agents)) != len(agents) or any(a not in self.p.agents for a in agents):
            raise _cannot("a count over people named twice or unknown")
        spelling = items[0].type
        whole = list(agents) == list(self.p.agents) and self._sugar.get(id(e), False)
        if whole:
            group = "them" if mode == "fact" else "us"
        else:
            if len(agents) < 2:
                raise _cannot("a count over fewer than two people")
            group = _join(agents)
        t = _canon(spelling)
        one = e.n == 1
        if spelling == TRUTHFUL:
            pred = ("always " if self.random else "") + ("tells the truth" if one else "tell the truth")
        elif spelling == LIAR:
            pred = "is a liar" if one else "are liars"
        else:
            noun = self.noun(t, spelling)
            pred = f"is {_a(noun)}" if one else f"are {plural(noun)}"
        number = NUMBER_WORDS[e.n] if 0 <= e.n < len(NUMBER_WORDS) else str(e.n)
        return f"{OPS[e.op]} {number} of {group} {pred}"


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


def knights_text(puzzle: Deduction) -> str:
    """Return English that the knights reader reads back to this puzzle (equal canonical TOML)."""
    from ..english.knights import read_knights
    from ..english.sentences import split_sentences
    from ..formats.toml_write import dumps_puzzle

    if not isinstance(puzzle, Deduction):
        raise _cannot("it is not a deduction puzzle")
    if puzzle.variables or puzzle.grid is not None or puzzle.distinct:
        raise _cannot("it has puzzle variables (ages, houses), which knights and knaves do not speak of")
    if not puzzle.agents:
        raise _cannot("it has nobody in it")
    if len(set(puzzle.allowed)) != 1:
        raise _cannot("its people may have different kinds (one kind list for everybody is all a role "
                      "definition says)")
    from ..english.knights_frames import _name_ok
    from ..english.knights_tokens import DISCOURSE

    for a in puzzle.agents:
        single = len(a) == 1 and a.isupper() and a != "I"
        if not single and (not NAME.match(a) or not a[0].isupper() or a.lower() in _NAME_WORDS or
                           a.lower() in DISCOURSE or not _name_ok(a)):
            raise _cannot(f"'{a}' does not read as a name (a capitalised word that is no English keyword)")
    w = _Writer(puzzle)
    w._sugar = _sugared(puzzle)
    sentences: list[str] = []
    body: list[str] = []
    for c in puzzle.constraints:
        e = c.expr
        if isinstance(e, E.Says) and not c.label.startswith("fact "):
            if e.agent not in puzzle.agents:
                raise _cannot(f"unknown agent '{e.agent}'")
            body.append(f'{e.agent} says, "{_cap(w.claim(e.statement, "quoted"))}."')
        elif isinstance(e, E.Says):
            body.append(f"It is true that {w.unit(e, 'fact', True)}.")
        else:
            body.append(f"{_cap(w.claim(e, 'fact'))}.")
    for q in puzzle.questions:
        body.append(q.text)
        options = [f"({ch.label}) {ch.answer}" for ch in q.choices if ch.label]
        if options:
            body += options + [""]  # a blank line ends the options (an answer may end without a full stop)
    for a in puzzle.agents:
        if a.lower() in {x for t in w.types for n in w.nouns[t] for x in (n, plural(n))}:
            raise _cannot(f"'{a}' is also one of its role words")
    defs = []
    for t in w.types:
        for noun in w.nouns[t]:
            defs.append(f"{plural(noun)} {BEHAVIOUR[t]}")
    sentences.append(f"On this island, {_join(defs)}.")
    n = len(puzzle.agents)
    sentences.append(f"You meet {n} inhabitant{'s' if n != 1 else ''}: {_join(list(puzzle.agents))}.")
    text = "\n".join(sentences + body) + "\n"
    try:
        back = read_knights(text, split_sentences(text), puzzle.title).puzzle
    except PuzzleError as err:
        raise _cannot(f"its English does not read back ({err.message})") from None
    want, got = dumps_puzzle(_comparable(puzzle)), dumps_puzzle(_comparable(back))
    if got != want:
        diff = next((f"{a.strip()!r} became {b.strip()!r}" for a, b in zip(want.splitlines(), got.splitlines())
                     if a != b), "its length changed")
        raise _cannot(f"its English reads back to a different puzzle ({diff}) in\n{text}")
    return text


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
