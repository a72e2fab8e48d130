"""Questions as people type them at a prompt: each phrasing read into one exact expression, the
refusals with their line, column and expectation, and what the renderer writes read back."""

import io
import logging
from importlib.resources import files

import pytest
from hypothesis import given, settings, strategies as st
from lark import Lark, logger as lark_logger

from smullyan.english.questions import parse_question
from smullyan.errors import PuzzleError
from smullyan.logic.expr import And, Answers, Const, Iff, Implies, Means, Not, Or, SelfAnswer, TypeIs, Xor
from smullyan.render.english import English


def T(agent, t):
    return TypeIs(agent, t)


B_RANDOM = T("B", "random")
C_RANDOM = T("C", "random")

# Each question is put to A (unless it says "Ask X:"), so "you" is A.
PHRASINGS = [
    # the opening word in any case, "Ask" in any case
    ("is B random?", B_RANDOM),
    ("IS B random?", B_RANDOM),
    ("does ja mean yes?", Means("ja", "yes")),
    ("are you the liar?", T("A", "liar")),
    ("will you answer this question with da?", SelfAnswer("da")),
    ("if I asked you 'Is B random?', would you say ja?", Answers("A", B_RANDOM, "ja")),
    ("is it true that B is random?", B_RANDOM),
    # "the" / "a" / "an" before a type word, "god" or "one" after it, and gods described
    ("Is B the random god?", B_RANDOM),
    ("Is B a random god?", B_RANDOM),
    ("Are you the liar?", T("A", "liar")),
    ("Is A the truthful one?", T("A", "truthful")),
    ("Is C an honest god?", T("C", "truthful")),
    ("Are you the god who lies?", T("A", "liar")),
    ("Are you the god who always tells the truth?", T("A", "truthful")),
    ("Is B the god who answers randomly?", B_RANDOM),
    ("Is B a god who always says the word meaning yes?", T("B", "constant:yes")),
    ("Is it true that B is the random god?", B_RANDOM),
    ("Is it true that you are the truthful one and C is a liar?", And((T("A", "truthful"), T("C", "liar")))),
    # negation
    ("Is B not random?", Not(B_RANDOM)),
    ("Are you not a liar?", Not(T("A", "liar"))),
    ("Is it true that B is not the liar?", Not(T("B", "liar"))),
    ("Is it true that B isn't random?", Not(B_RANDOM)),
    ("Is it true that B isn’t random and you aren't the liar?", And((Not(B_RANDOM), Not(T("A", "liar"))))),
    ("Is it true that ja doesn't mean yes?", Not(Means("ja", "yes"))),
    # "would you say … if I asked you …", in both orders, with "answer" for "say"
    ("Would you say ja if I asked you whether B is random?", Answers("A", B_RANDOM, "ja")),
    ("Would you say ja if I asked you 'Is B random?'?", Answers("A", B_RANDOM, "ja")),
    ("Would you say ja if I asked you if B is random?", Answers("A", B_RANDOM, "ja")),
    ("Would B say ja if I asked B whether C is random?", Answers("B", C_RANDOM, "ja")),
    ("Would B say da if I asked B 'Are you random?'", Answers("B", B_RANDOM, "da")),
    ("Would you answer ja to the question 'Is B random?'?", Answers("A", B_RANDOM, "ja")),
    ('Would C answer da to the question "Are you a liar?"', Answers("C", T("C", "liar"), "da")),
    ("If I asked you whether B is random, would you answer ja?", Answers("A", B_RANDOM, "ja")),
    ("If I asked you whether B is random would you say ja", Answers("A", B_RANDOM, "ja")),
    ("If I asked you if B is random, would you say ja?", Answers("A", B_RANDOM, "ja")),
    ("If I asked C whether B is random, would C say ja?", Answers("C", B_RANDOM, "ja")),
    ("Is it true that B would answer ja if I asked B 'Is C random?'", Answers("B", C_RANDOM, "ja")),
    # "and" / "or" of types right after "Is" / "Are you"
    ("Is A truthful and B random?", And((T("A", "truthful"), B_RANDOM))),
    ("Is B random or C random?", Or((B_RANDOM, C_RANDOM))),
    ("Is B random or is C random?", Or((B_RANDOM, C_RANDOM))),
    ("Is A truthful and is B random?", And((T("A", "truthful"), B_RANDOM))),
    ("Is B random, or is C random?", Or((B_RANDOM, C_RANDOM))),
    ("Is B random and C is not the liar?", And((B_RANDOM, Not(T("C", "liar"))))),
    ("Is A truthful and B random and C a liar?", And((T("A", "truthful"), B_RANDOM, T("C", "liar")))),
    ("Are you truthful or is B random?", Or((T("A", "truthful"), B_RANDOM))),
    # "Is it true / the case / so that …"
    ("Is it the case that B is random?", B_RANDOM),
    ("Is it so that B is random?", B_RANDOM),
    ("Is it true that A is random and B is random or C is random?",
     Or((And((T("A", "random"), B_RANDOM)), C_RANDOM))),
    # exactly one of two
    ("Is exactly one of B and C random?", Xor(B_RANDOM, C_RANDOM)),
    ("Is exactly one of you and C the liar?", Xor(T("A", "liar"), T("C", "liar"))),
    ("Is it true that exactly one of B and C is random?", Xor(B_RANDOM, C_RANDOM)),
    # meanings
    ("Does ja mean yes?", Means("ja", "yes")),
    ("Is ja yes?", Means("ja", "yes")),
    ("Does ja mean 'yes'?", Means("ja", "yes")),
    ("Does da mean “no”?", Means("da", "no")),
    ("Is it true that ja means neither yes nor no?", Means("ja", "neither")),
    # no "?", extra whitespace, curly quotes, the whole question quoted
    ("Is B random", B_RANDOM),
    ("   Is    B  the   random  god   ?  ", B_RANDOM),
    ("Would you say ja if I asked you ‘Is B random?’?", Answers("A", B_RANDOM, "ja")),
    ("Would you say ja if I asked you “Is B random?”", Answers("A", B_RANDOM, "ja")),
    ("If I asked you ‘Is B random’ would you say ja", Answers("A", B_RANDOM, "ja")),
    ("'Is B random?'", B_RANDOM),
    # what parsed before still parses the same
    ("Is it true that 1 + 1 = 2?", Const(True)),
    ("Is it true that if B is random then (C is random if and only if you are truthful)?",
     Implies(B_RANDOM, Iff(C_RANDOM, T("A", "truthful")))),
    ("Is it true that either ja means yes or B is random, but not both?", Xor(Means("ja", "yes"), B_RANDOM)),
    ("Is it true that it is not the case that (B is random or C is random)?", Not(Or((B_RANDOM, C_RANDOM)))),
    ("If I asked you 'If I asked B \"Is C random?\", would B say da?', would you say ja?",
     Answers("A", Answers("B", C_RANDOM, "da"), "ja")),
    # an unquoted embedded question takes in the rest of its clause
    ("Is it true that B would say ja if I asked B whether A is random and C is random?",
     Answers("B", And((T("A", "random"), C_RANDOM)), "ja")),
    ("Is it true that C is random and B would say ja if I asked B whether A is random or C is random?",
     And((C_RANDOM, Answers("B", Or((T("A", "random"), C_RANDOM)), "ja")))),
    ("Is it true that (B would say ja if I asked B whether C is random) and A is random?",
     And((Answers("B", C_RANDOM, "ja"), T("A", "random")))),
    ("Is it true that if B would say ja if I asked B whether C is random then A is random?",
     Implies(Answers("B", C_RANDOM, "ja"), T("A", "random"))),
]


@pytest.mark.parametrize("text, expected", PHRASINGS)
def test_phrasing_reads_as(text, expected):
    assert parse_question(text, "A") == ("A", expected)


@pytest.mark.parametrize("text, who, expected", [
    ("Ask A: Is B random?", "A", B_RANDOM),
    ("ask B: is C random", "B", C_RANDOM),
    ("ASK C: Are you the liar?", "C", T("C", "liar")),
    ("Ask B: Would you say ja if I asked you whether you are random?", "B", Answers("B", B_RANDOM, "ja")),
    ("Ask A: ‘Is B random?’", "A", B_RANDOM),
])
def test_ask_prefix_in_any_case(text, who, expected):
    assert parse_question(text) == (who, expected)


def test_display_names_and_words_that_start_like_keywords():
    display = {"truthful": "notable", "liar": "another", "random": "theory"}
    assert parse_question("Is B another?", "A", display) == ("A", T("B", "liar"))
    assert parse_question("Is B the theory god?", "A", display) == ("A", B_RANDOM)
    assert parse_question("Is B not notable?", "A", display) == ("A", Not(T("B", "truthful")))


REFUSED = [
    # "and" and "or" mixed after "Is": which binds tighter is anyone's guess
    ("Is B random and C random or A random?",
     "line 1, column 26: unexpected 'or'; expected ',', '?', 'and', the end of the question"),
    ("Is B random or C random and A random?",
     "line 1, column 25: unexpected 'and'; expected ',', '?', 'or', the end of the question"),
    # an unquoted embedded question that cannot take in what follows it
    ("Is it true that B would say ja if I asked B whether if A is random then C is random and A is random?",
     "line 1, column 85: unexpected 'and'; expected '?', 'if', the end of the question"),
    ("Would you say ja if I asked you 'Is B random?' and C is random?",
     "line 1, column 48: unexpected 'and'; expected '?', the end of the question"),
    ("Is it true that A is random if and only if B is random if and only if C is random?",
     "line 1, column 56: unexpected 'if'; expected '?', the end of the question"),
    # two different gods in one frame
    ("Would B say ja if I asked C whether A is random?",
     "line 1, column 27: 'B would say … if I asked C' names two different gods"),
    ("If I asked B 'Is A random?', would C say ja?",
     "line 1, column 36: 'if I asked B …, would C say …' names two different gods"),
    ("Would you say ja if I asked B whether A is random?", "line 1, column 29: unexpected 'B'; expected 'you'"),
    ("Is exactly one of B and B random?", "line 1, column 25: 'exactly one of … and …' names the same god twice"),
    # not questions, or more than one
    ("", "line 1, column 1: the text ends too early; expected 'are', 'ask', 'does', 'if', 'is', 'will', 'would'"),
    ("B is random", "line 1, column 1: unexpected 'B'; expected 'are', 'ask', 'does', 'if', 'is', 'will', 'would'"),
    ("Is B random??", "line 1, column 13: unexpected '?'; expected the end of the question"),
    ("Is B random? Is C random?", "line 1, column 14: unexpected 'Is'; expected the end of the question"),
    ("Is B random!", "line 1, column 12: cannot read '!' here; expected ',', '?', 'and', 'god', 'one', 'or', "
                     "the end of the question"),
    # cut short
    ("Is B", "line 1, column 4: the text ends too early; expected 'a', 'an', 'god', 'not', 'the', a role word"),
    ("Ask A: Is B random and", "line 1, column 20: the text ends too early; expected 'is', a name"),
    ("Would you say ja?", "line 1, column 17: unexpected '?'; expected 'if', 'to'"),
    # words it does not know
    ("Is B blue?", "line 1, column 6: unknown type 'blue'; known types: "),
    ("Does ja mean maybe?", "line 1, column 14: unexpected 'maybe'; expected 'neither', 'no', 'yes', a quotation mark"),
    ("Is B random or truthful?", "line 1, column 16: unexpected 'truthful'; expected 'is', a name"),
    ("Ask a: Is B random?", "line 1, column 5: unexpected 'a'; expected a name"),
    # gods' names in lower case
    ("Is b random?", "line 1, column 6: unexpected 'random'; expected 'neither', 'no', 'yes', a quotation mark "
                     "(gods' names are capitalised: B, not b)"),
    ("Is B random and c random?", "line 1, column 17: unexpected 'c'; expected 'is', a name "
                                  "(gods' names are capitalised: C, not c)"),
    ("Is it true that b is random?", "line 1, column 19: unexpected 'is'; expected 'does', 'doesn't', 'means' "
                                     "(gods' names are capitalised: B, not b)"),
]


@pytest.mark.parametrize("text, message", REFUSED)
def test_refused_with_line_column_and_expectation(text, message):
    with pytest.raises(PuzzleError) as err:
        parse_question(text, "A")
    assert err.value.message.startswith(message)


def test_a_question_without_addressee_asks_for_one():
    with pytest.raises(PuzzleError) as err:
        parse_question("is B random")
    assert err.value.message == "say whom the question is put to: start with 'Ask A:'"


def test_grammar_is_lalr_without_conflicts_and_words_never_compete():
    """Lark resolves a shift/reduce conflict silently (as shift); here there must be none. Type words
    (ROLE) may not be offered where names or answer words are, or the lexer would have to guess."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    level = lark_logger.level
    lark_logger.addHandler(handler)
    lark_logger.setLevel(logging.DEBUG)
    try:
        grammar = files("smullyan.english").joinpath("questions.lark").read_text(encoding="utf-8")
        lark = Lark(grammar, parser="lalr", maybe_placeholders=False, debug=True)
    finally:
        lark_logger.removeHandler(handler)
        lark_logger.setLevel(level)
    assert "conflict" not in out.getvalue().lower(), out.getvalue()
    for actions in lark.parser.parser.parser.parse_table.states.values():
        assert not ("ROLE" in actions and {"NAME", "WORD"} & set(actions))


AGENTS = st.sampled_from(["A", "B", "C"])
WORDS = st.sampled_from(["ja", "da"])
TYPES = st.sampled_from(["truthful", "liar", "random"])
ATOMS = st.one_of(
    st.builds(TypeIs, AGENTS, TYPES),
    st.builds(Means, WORDS, st.sampled_from(["yes", "no"])),
    st.builds(SelfAnswer, WORDS),
)


def _compound(kids):
    return st.one_of(
        kids.map(Not),
        st.lists(kids, min_size=2, max_size=3).map(lambda xs: And(tuple(xs))),
        st.lists(kids, min_size=2, max_size=3).map(lambda xs: Or(tuple(xs))),
        st.builds(Xor, kids, kids), st.builds(Iff, kids, kids), st.builds(Implies, kids, kids),
        st.builds(Answers, AGENTS, kids, WORDS),
    )


EXPRESSIONS = st.one_of(ATOMS, _compound(ATOMS), _compound(st.one_of(ATOMS, _compound(ATOMS))))  # depth <= 2


def _rendered(e):
    return English({}).question(e, "A")  # the renderer writes every expression of this strategy


@settings(max_examples=150, deadline=None)
@given(EXPRESSIONS)
def test_what_the_renderer_writes_reads_back(e):
    assert parse_question(_rendered(e), "A") == ("A", e)


@settings(max_examples=100, deadline=None)
@given(EXPRESSIONS, st.booleans(), st.booleans(), st.booleans())
def test_typed_carelessly_it_reads_the_same(e, lower, curly, spaced):
    """Lower-case opening word, no closing '?', curly quotes, doubled spaces: the same question."""
    text = _rendered(e).removesuffix("?")
    if lower:
        text = text[0].lower() + text[1:]
    if curly:
        text = text.replace("'", "’").replace('"', "“")
    if spaced:
        text = "  " + text.replace(" ", "   ") + " "
    assert parse_question(text, "A") == ("A", e), text
