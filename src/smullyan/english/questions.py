"""Questions to gods in English, read into expressions (the inverse of render.english).

`parse_question("Ask B: If I asked you 'Is A random?', would you say ja?")` returns the addressee
and the expression; without "Ask X:", pass the addressee. Type words are read as the puzzle spells
them (aliases such as Random, True, knave are understood).

Besides what render.english writes, it reads what people type at a prompt (questions.lark lists
the forms): "is B the random god", "Are you not a liar?", "Is A truthful and B random?",
"Would you say ja if I asked you whether B is random?", "Would you answer ja to the question
'Is B random?'?", "Is exactly one of B and C random?", curly quotes, no closing "?". Anything else,
or anything it could read two ways, is a PuzzleError naming the line, column and what was expected.
"""

from __future__ import annotations

import re
from copy import copy
from functools import lru_cache
from importlib.resources import files

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import CONSTANT_PREFIX, LIAR, RANDOM, TRUTHFUL, canonical_type
from .errors import parse_error

YOU = object()  # stands for the god the enclosing question is put to


@lru_cache(maxsize=1)
def parser() -> Lark:
    """Return the question grammar's LALR parser (built once)."""
    return Lark(files("smullyan.english").joinpath("questions.lark").read_text(encoding="utf-8"),
                parser="lalr", maybe_placeholders=False)


_END = "the end of the question"  # shown for lark's $END (expected_words lower-cases names it does not know)
_LOWER_NAME = re.compile(r"[b-hj-z]")  # a god's name typed in lower case ('a' and 'i' are words)


def _expected(state) -> set[str]:
    """Return the terminals the parser could go on with from `state`, '$END' included.

    LALR merges states, so a state's table may list terminals that only some of its contexts allow;
    each candidate is tried on a copy of the parser (as lark's InteractiveParser.accepts does).
    """
    conf = copy(state.parse_conf)
    conf.callbacks = {}
    out = set()
    for name in conf.parse_table.states[state.position]:
        if not name.isupper():  # a rule, not a terminal
            continue
        trial = state.copy(deepcopy_values=False)
        trial.parse_conf = conf
        try:
            trial.feed_token(Token(name, ""), is_end=name == "$END")
        except UnexpectedToken:
            continue
        out.add(name)
    return out


def _parse(text: str):
    """Return the parse tree of a question; raise PuzzleError naming line, column and what was expected.

    What was expected is read off the parser, so the end of the question is listed too (lark's
    contextual lexer lists only the terminals it could have read).
    """
    p = parser()
    try:
        return p.parse(text)
    except UnexpectedInput as err:
        state = getattr(err, "state", None)
        expected = _expected(state) if state is not None else set()
        if isinstance(err, UnexpectedToken):
            err.expected = {_END if t == "$END" else t for t in expected} or err.expected
        elif isinstance(err, UnexpectedCharacters) and expected:
            err.allowed = {_END if t == "$END" else t for t in expected}
        error = parse_error(p, err, text)
        hint = _lower_name(text, err, expected)
        raise (PuzzleError(f"{error.message} ({hint})") if hint else error) from None


def _lower_name(text: str, err: UnexpectedInput, expected: set[str]) -> str | None:
    """Return a hint when a god's name seems typed in lower case: 'is b random' reads 'b' as a word
    (so 'random' is unexpected), 'and c random' offers 'c' where a name belongs."""
    token = str(err.token) if isinstance(err, UnexpectedToken) and err.token.type != "$END" else ""
    if _LOWER_NAME.fullmatch(token) and "NAME" in expected:
        return f"gods' names are capitalised: {token.upper()}, not {token}"
    before = re.findall(r"[A-Za-z][A-Za-z0-9_'’-]*|\S", text[:err.pos_in_stream])[-1:]
    if before and _LOWER_NAME.fullmatch(before[0]) and expected & {"MEANS", "YES", "DOES"}:
        return f"gods' names are capitalised: {before[0].upper()}, not {before[0]}"
    return None


def _agent(god) -> object:
    """Return a god's name from a NAME token, or the 'you' placeholder."""
    return god if god is YOU else str(god)


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
    """Builds expressions; 'you' is a placeholder filled in by `_fill` once the addressee is known.

    Keywords are filtered out of the tree (anonymous or '_' terminals), so each method sees only
    names, words, types, meanings, quotes and sub-expressions.
    """

    def __init__(self, display: dict[str, str]):
        super().__init__()
        self.display = display

    # types and meanings
    @v_args(inline=True)
    def type_word(self, word):
        return _type(word, self.display)

    def type_truthful(self, _):
        return TRUTHFUL

    def type_liar(self, _):
        return LIAR

    def type_random(self, _):
        return RANDOM

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
    def quoted_meaning(self, _q, meaning, _q2):
        return meaning

    # clauses
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

    def you(self, _):
        return YOU

    @v_args(inline=True)
    def one_of(self, first, second, t):
        if str(first) == str(second):  # two names spelt alike, or 'you' twice
            where = f"line {second.line}, column {second.column}: " if isinstance(second, Token) else ""
            raise PuzzleError(f"{where}'exactly one of … and …' names the same god twice")
        return E.Xor(E.TypeIs(_agent(first), t), E.TypeIs(_agent(second), t))

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

    # embedded questions
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

    @v_args(inline=True)
    def you_would_say_to(self, word, embedded):
        return self.you_would_say(word, embedded)

    @v_args(inline=True)
    def other_would_say_to(self, name, word, embedded):
        return E.Answers(str(name), ("embedded", str(name), embedded), str(word))

    # questions: each returns the clause it asks about
    @v_args(inline=True)
    def q_are_you(self, clause):
        return clause

    @v_args(inline=True)
    def q_is(self, clause):
        return clause

    @v_args(inline=True)
    def q_means(self, word, meaning):
        return E.Means(str(word), meaning)

    @v_args(inline=True)
    def q_one_of(self, first, second, t):
        return self.one_of(first, second, t)

    @v_args(inline=True)
    def q_self(self, word):
        return E.SelfAnswer(str(word))

    @v_args(inline=True)
    def q_ask_you(self, embedded, word):
        return self.you_would_say(word, embedded)

    @v_args(inline=True)
    def q_ask_other(self, name, embedded, name2, word):
        if str(name) != str(name2):
            raise PuzzleError(f"line {name2.line}, column {name2.column}: "
                              f"'if I asked {name} …, would {name2} say …' names two different gods")
        return E.Answers(str(name), ("embedded", str(name), embedded), str(word))

    @v_args(inline=True)
    def q_would_you(self, word, embedded):
        return self.you_would_say(word, embedded)

    @v_args(inline=True)
    def q_would_other(self, name, word, name2, embedded):
        return self.other_would_say(name, word, name2, embedded)

    @v_args(inline=True)
    def q_would_you_to(self, word, embedded):
        return self.you_would_say(word, embedded)

    @v_args(inline=True)
    def q_would_other_to(self, name, word, embedded):
        return self.other_would_say_to(name, word, embedded)

    @v_args(inline=True)
    def q_true(self, clause):
        return clause

    @v_args(inline=True)
    def ask(self, name):
        return str(name)

    def start(self, children):
        asked = children[0] if type(children[0]) is str else None  # from `ask`; quotes are Tokens
        return asked, next(c for c in children if isinstance(c, E.Expr))


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
    tree = _parse(text.strip())
    try:
        asked, expr = _Build(display or {}).transform(tree)
    except VisitError as err:
        raise err.orig_exc if isinstance(err.orig_exc, PuzzleError) else err
    who = asked or addressee
    if who is None:
        raise PuzzleError("say whom the question is put to: start with 'Ask A:'")
    return who, _fill(expr, who)
