"""Questions to gods in English, read into expressions (the inverse of render.english).

`parse_question("Ask B: If I asked you 'Is A random?', would you say ja?")` returns the addressee
and the expression; without "Ask X:", pass the addressee. Type words are read as the puzzle spells
them (aliases such as Random, True, knave are understood).
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import VisitError

from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import CONSTANT_PREFIX, canonical_type
from .errors import parse_or_raise

YOU = object()  # stands for the god the enclosing question is put to


@lru_cache(maxsize=1)
def parser() -> Lark:
    """Return the question grammar's LALR parser (built once)."""
    return Lark(files("smullyan.english").joinpath("questions.lark").read_text(encoding="utf-8"),
                parser="lalr", maybe_placeholders=False)


def _type(word: Token, display: dict[str, str]) -> str:
    text = str(word)
    for canon, shown in display.items():
        if shown.lower() == text.lower():
            return canon
    try:
        return canonical_type(text)
    except PuzzleError as e:
        raise PuzzleError(f"line {word.line}, column {word.column}: {e.message}") from None


class _Build(Transformer):
    """Builds expressions; 'you' is a placeholder filled in by `_fill` once the addressee is known."""

    def __init__(self, display: dict[str, str]):
        super().__init__()
        self.display = display

    @v_args(inline=True)
    def type_word(self, word):
        return _type(word, self.display)

    @v_args(inline=True)
    def type_constant(self, meaning):
        return CONSTANT_PREFIX + meaning

    def yes(self, _):
        return "yes"

    def no(self, _):
        return "no"

    def neither(self, _):
        return "neither"

    @v_args(inline=True)
    def const(self, n):
        return E.Const(str(n) == "2")

    @v_args(inline=True)
    def you_are(self, t):
        return E.TypeIs(YOU, t)

    @v_args(inline=True)
    def you_are_not(self, t):
        return E.Not(E.TypeIs(YOU, t))

    @v_args(inline=True)
    def is_(self, name, t):
        return E.TypeIs(str(name), t)

    @v_args(inline=True)
    def is_not(self, name, t):
        return E.Not(E.TypeIs(str(name), t))

    @v_args(inline=True)
    def means(self, word, meaning):
        return E.Means(str(word), meaning)

    @v_args(inline=True)
    def means_not(self, word, meaning):
        return E.Not(E.Means(str(word), meaning))

    @v_args(inline=True)
    def self_(self, word):
        return E.SelfAnswer(str(word))

    @v_args(inline=True)
    def self_not(self, word):
        return E.Not(E.SelfAnswer(str(word)))

    @v_args(inline=True)
    def not_(self, x):
        return E.Not(x)

    def and_(self, xs):
        return E.And(tuple(xs))

    def or_(self, xs):
        return E.Or(tuple(xs))

    @v_args(inline=True)
    def xor(self, a, b):
        return E.Xor(a, b)

    @v_args(inline=True)
    def iff(self, a, b):
        return E.Iff(a, b)

    @v_args(inline=True)
    def implies(self, a, b):
        return E.Implies(a, b)

    @v_args(inline=True)
    def quoted(self, _q, question, _q2):
        return question

    @v_args(inline=True)
    def whether(self, clause):
        return clause

    @v_args(inline=True)
    def you_would_say(self, word, embedded):
        return E.Answers(YOU, ("embedded", YOU, embedded), str(word))

    @v_args(inline=True)
    def other_would_say(self, name, word, name2, embedded):
        if str(name) != str(name2):
            raise PuzzleError(f"line {name2.line}, column {name2.column}: '{name} would say … if I asked {name2}' "
                              "names two different gods")
        return E.Answers(str(name), ("embedded", str(name), embedded), str(word))

    # questions: each returns the clause it asks about
    @v_args(inline=True)
    def q_are_you(self, _are, t):
        return E.TypeIs(YOU, t)

    @v_args(inline=True)
    def q_is(self, _is, name, t):
        return E.TypeIs(str(name), t)

    @v_args(inline=True)
    def q_means(self, _does, word, meaning):
        return E.Means(str(word), meaning)

    @v_args(inline=True)
    def q_self(self, _will, word):
        return E.SelfAnswer(str(word))

    @v_args(inline=True)
    def q_ask_you(self, _if, embedded, word):
        return E.Answers(YOU, ("embedded", YOU, embedded), str(word))

    @v_args(inline=True)
    def q_ask_other(self, _if, name, embedded, name2, word):
        return self.other_would_say(name, word, name2, embedded)

    @v_args(inline=True)
    def q_true(self, _is, clause):
        return clause

    def start(self, children):
        return (str(children[1]) if len(children) == 3 else None, children[-1])


def _fill(e, you: str):
    """Return the expression with the placeholder 'you' replaced (embedded questions get their own)."""
    if isinstance(e, E.TypeIs):
        return E.TypeIs(you if e.agent is YOU else e.agent, e.type)
    if isinstance(e, E.Answers):
        agent = you if e.agent is YOU else e.agent
        _, inner_you, inner = e.question
        return E.Answers(agent, _fill(inner, agent if inner_you is YOU else inner_you), e.word)
    if isinstance(e, E.Not):
        return E.Not(_fill(e.arg, you))
    if isinstance(e, (E.And, E.Or)):
        return type(e)(tuple(_fill(a, you) for a in e.args))
    if isinstance(e, (E.Xor, E.Iff, E.Implies)):
        return type(e)(_fill(e.left, you), _fill(e.right, you))
    return e


def parse_question(text: str, addressee: str | None = None, display: dict[str, str] | None = None) -> tuple[str, E.Expr]:
    """Return (addressee, expression) of a question in English; raise PuzzleError with line and column."""
    tree = parse_or_raise(parser(), text.strip())
    try:
        asked, expr = _Build(display or {}).transform(tree)
    except VisitError as err:
        raise err.orig_exc if isinstance(err.orig_exc, PuzzleError) else err
    who = asked or addressee
    if who is None:
        raise PuzzleError("say whom the question is put to: start with 'Ask A:'")
    return who, _fill(expr, who)
