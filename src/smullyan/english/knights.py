"""Knights-and-knaves puzzles in English, read into deduction puzzles.

The text names its role words ("inhabited only by knights and knaves", "Truth-tellers always tell
the truth, and liars always lie"); without such a sentence the usual names (knight, knave,
truth-teller, liar) are understood. Every sentence must be read: an unreadable one is an error with
its line and column, never skipped.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import VisitError

from ..deduce.model import Constraint, Deduction
from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import LIAR, TRUTHFUL, canonical_type
from .errors import parse_or_raise

NUMBER_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}


@lru_cache(maxsize=1)
def parser() -> Lark:
    """Return the knights grammar's LALR parser (built once)."""
    return Lark(files("smullyan.english").joinpath("knights.lark").read_text(encoding="utf-8"),
                parser="lalr", propagate_positions=True, maybe_placeholders=False)


def _at(tok: Token) -> str:
    return f"line {tok.line}, column {tok.column}"


def singular(word: str) -> str:
    """Return a role word in the singular: 'knaves' -> 'knave', 'truth-tellers' -> 'truth-teller'."""
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


@v_args(inline=True)
class _Sentences(Transformer):
    """Turns parse trees into plain tuples; names and roles are resolved afterwards."""

    def role(self, tok):
        return tok

    def count_word(self, tok):
        return int(tok) if tok.type == "NUMBER" else NUMBER_WORDS[str(tok).lower()]

    def names(self, *toks):
        return list(toks)

    def intro(self, _head, a, b):
        return ("intro", a, b)

    def roles_truth_first(self, *args):
        truth, _tell, lie, _lie = args[-4:]
        return ("roles", truth, lie)

    def roles_lie_first(self, *args):
        lie, _lie, truth, _tell = args[-4:]
        return ("roles", truth, lie)

    def setting(self, _tok):
        return ("setting",)

    def meet(self, _you, n, _word, names):
        return ("meet", n, names)

    def ask(self, _so, a, b):
        return ("ask", a, b)

    def quoted(self, _q1, claim, *_rest):
        return claim

    def speech_verb_quote(self, name, _verb, claim):
        return ("speech", name, claim)

    def speech_by(self, *args):
        name, claim = args[-2], args[-1]
        return ("speech", name, claim)

    def speech_possessive(self, _in, possessive, claim):
        name = Token("NAME", str(possessive)[:-2])
        name.line, name.column = possessive.line, possessive.column
        return ("speech", name, claim)

    def speech_quote_by(self, claim, name, *_verb):
        return ("speech", name, claim)

    def speech_that(self, name, _verb, claim):
        return ("speech", name, claim)

    def implies(self, _if, a, b):
        return ("implies", a, b)

    def iff(self, a, b):
        return ("iff", a, b)

    def or_(self, *xs):
        return ("or", *xs)

    def and_(self, *xs):
        return ("and", *xs)

    def is_role(self, name, role):
        return ("is", name, role)

    def is_not_role(self, name, role):
        return ("not", ("is", name, role))

    def i_am(self, _i, role):
        return ("is", None, role)

    def i_am_not(self, _i, role):
        return ("not", ("is", None, role))

    def not_(self, _it, lit):
        return ("not", lit)

    def count(self, quant, n, role):
        op = {"at least": "ge", "at most": "le", "exactly": "eq"}[str(quant).lower()]
        return ("count", op, n, role)

    def all_(self, *args):
        return ("all", args[-1])

    def none_(self, *args):
        return ("none", args[-1])

    def same_or_different(self, a, b, how):
        return ("same" if "same" in str(how) else "different", a, b)


class _Resolver:
    """Resolves names and role words of parsed sentences into expressions."""

    def __init__(self, sentences: list[tuple]):
        self.roles: dict[str, str] = {}
        self.display: dict[str, str] = {}
        self.agents: list[str] = []
        for s in sentences:
            if s[0] == "roles":
                for tok, t in ((s[1], TRUTHFUL), (s[2], LIAR)):
                    word = singular(str(tok).lower())
                    if self.roles.get(word, t) != t:
                        raise PuzzleError(f"{_at(tok)}: '{tok}' names both roles; the truth-tellers and the liars "
                                          "need different words")
                    self.roles[word] = t
                    self.display.setdefault(t, word)
            elif s[0] == "meet":
                self.agents = [str(t) for t in s[2]]
                for i, tok in enumerate(s[2]):
                    if str(tok) in self.agents[:i]:
                        raise PuzzleError(f"{_at(tok)}: two inhabitants are called '{tok}'; give each a different name")
                if isinstance(s[1], int) and s[1] != len(self.agents):
                    raise PuzzleError(f"{_at(s[2][0])}: the text says you meet {s[1]} inhabitants but names "
                                      f"{len(self.agents)} ({', '.join(self.agents)})")
        if not self.agents:
            self.agents = list(dict.fromkeys(str(s[1]) for s in sentences if s[0] == "speech"))

    def role(self, tok: Token) -> str:
        word = singular(str(tok).lower())
        if word in self.roles:
            return self.roles[word]
        if not self.roles:
            try:
                t = canonical_type(word)
            except PuzzleError:
                t = None
            if t in (TRUTHFUL, LIAR):
                self.display.setdefault(t, word)
                return t
        known = ", ".join(sorted(self.roles)) or "knight, knave, truth-teller, liar"
        raise PuzzleError(f"{_at(tok)}: unknown role word '{tok}'; the puzzle's roles are {known}")

    def agent(self, tok: Token) -> str:
        name = str(tok)
        if name not in self.agents:
            raise PuzzleError(f"{_at(tok)}: '{name}' is not one of the inhabitants ({', '.join(self.agents)})")
        return name

    def claim(self, c: tuple, speaker: str) -> E.Expr:
        head = c[0]
        if head == "is":
            who = speaker if c[1] is None else self.agent(c[1])
            return E.TypeIs(who, self.role(c[2]))
        if head == "not":
            return E.Not(self.claim(c[1], speaker))
        if head in ("and", "or"):
            parts = tuple(self.claim(x, speaker) for x in c[1:])
            return E.And(parts) if head == "and" else E.Or(parts)
        if head == "implies":
            return E.Implies(self.claim(c[1], speaker), self.claim(c[2], speaker))
        if head == "iff":
            return E.Iff(self.claim(c[1], speaker), self.claim(c[2], speaker))
        if head in ("count", "all", "none"):
            role = self.role(c[-1])
            items = tuple(E.TypeIs(a, role) for a in self.agents)
            if head == "count":
                return E.Count(items, c[1], c[2])
            return E.Count(items, "eq", len(items) if head == "all" else 0)
        a, b = self.agent(c[1]), self.agent(c[2])
        same = E.Iff(E.TypeIs(a, TRUTHFUL), E.TypeIs(b, TRUTHFUL))
        return same if head == "same" else E.Not(same)


def parse_knights(text: str, title: str = "") -> Deduction:
    """Return the deduction puzzle of a knights-and-knaves text; raise PuzzleError with line and column."""
    tree = parse_or_raise(parser(), text)
    try:
        sentences = [_Sentences().transform(t) if isinstance(t, Tree) else t for t in tree.children]
    except VisitError as err:
        raise err.orig_exc if isinstance(err.orig_exc, PuzzleError) else err
    spans = [(t.meta.start_pos, t.meta.end_pos) if isinstance(t, Tree) else (0, 0) for t in tree.children]
    res = _Resolver(sentences)
    constraints = []
    for s, (start, end) in zip(sentences, spans):
        if s[0] != "speech":
            continue
        speaker = res.agent(s[1])
        expr = E.Says(speaker, res.claim(s[2], speaker))
        constraints.append(Constraint(f"statement {len(constraints) + 1}", expr, None, text[start:end].strip()))
    if not res.agents:
        raise PuzzleError("the text names no inhabitants and reports no statements")
    return Deduction(tuple(res.agents), tuple((TRUTHFUL, LIAR) for _ in res.agents),
                     constraints=tuple(constraints), title=title, display=res.display)
