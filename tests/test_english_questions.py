"""Questions to gods: parse(render(e)) == e, and questions people type."""

import pytest
from hypothesis import given, settings, strategies as st

from smullyan.english.questions import parse_question
from smullyan.errors import PuzzleError
from smullyan.logic import expr as E
from smullyan.render.english import English

AGENTS = st.sampled_from(["A", "B", "C"])
WORDS = st.sampled_from(["ja", "da"])
TYPES = st.sampled_from(["truthful", "liar", "random", "silent", "constant:neither"])
ATOMS = st.one_of(
    st.booleans().map(E.Const),
    st.builds(E.TypeIs, AGENTS, TYPES),
    st.builds(E.Means, WORDS, st.sampled_from(["yes", "no", "neither"])),
    st.builds(E.SelfAnswer, WORDS),
)
QUESTIONS = st.recursive(ATOMS, lambda kids: st.one_of(
    kids.map(E.Not),
    st.lists(kids, min_size=2, max_size=3).map(lambda xs: E.And(tuple(xs))),
    st.lists(kids, min_size=2, max_size=3).map(lambda xs: E.Or(tuple(xs))),
    st.builds(E.Xor, kids, kids), st.builds(E.Iff, kids, kids), st.builds(E.Implies, kids, kids),
    st.builds(E.Answers, AGENTS, kids, WORDS),
), max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(QUESTIONS, AGENTS)
def test_parse_inverts_render(e, addressee):
    text = English().question(e, addressee)
    assert parse_question(text, addressee) == (addressee, e), text


@pytest.mark.parametrize("text, expected", [
    ("Ask B: If I asked you 'Is A random?', would you say ja?",
     ("B", ["answers", "B", ["type", "A", "random"], "ja"])),
    ("Ask A: If I asked you whether B is Random, would you say ja?",
     ("A", ["answers", "A", ["type", "B", "random"], "ja"])),
    ("Ask C: Is it true that da means yes if and only if (you are True if and only if A is Random)?",
     ("C", ["iff", ["means", "da", "yes"], ["iff", ["type", "C", "truthful"], ["type", "A", "random"]]])),
    ("Ask A: Is B a knave?", ("A", ["type", "B", "liar"])),
])
def test_questions_people_type(text, expected):
    who, e = parse_question(text)
    assert (who, E.to_json(e)) == expected


def test_unreadable_question_names_line_column_and_expectation():
    with pytest.raises(PuzzleError) as err:
        parse_question("Ask A: Is B random and")
    assert err.value.message == "line 1, column 20: the text ends too early; expected 'is', a name"
    with pytest.raises(PuzzleError) as err:
        parse_question("Is B random?")
    assert err.value.message == "say whom the question is put to: start with 'Ask A:'"
