from hypothesis import given, strategies as st
import pytest

from smullyan.errors import PuzzleError
from smullyan.logic import expr as E

AGENTS = st.sampled_from(["A", "B", "C"])
WORDS = st.sampled_from(["ja", "da"])
TERMS = st.one_of(st.integers(-5, 30).map(lambda n: E.Term(None, n)),
                  st.builds(E.Term, st.sampled_from(["age.A", "pos:color:red"]), st.integers(-2, 2)))
ATOMS = st.one_of(
    st.builds(E.Cmp, st.sampled_from(E.COMPARISONS), TERMS, TERMS),
    st.booleans().map(E.Const),
    st.builds(E.TypeIs, AGENTS, st.sampled_from(["truthful", "liar", "random"])),
    st.builds(E.Means, WORDS, st.sampled_from(["yes", "no", "neither"])),
    st.builds(E.SelfAnswer, WORDS),
)


def _extend(children):
    return st.one_of(
        children.map(E.Not),
        st.lists(children, min_size=2, max_size=3).map(lambda xs: E.And(tuple(xs))),
        st.lists(children, min_size=2, max_size=3).map(lambda xs: E.Or(tuple(xs))),
        st.builds(E.Xor, children, children),
        st.builds(E.Iff, children, children),
        st.builds(E.Implies, children, children),
        st.builds(E.Answers, AGENTS, children, WORDS),
        st.builds(E.Says, AGENTS, children),
        st.builds(E.Count, st.lists(children, min_size=1, max_size=3).map(tuple), st.sampled_from(E.COMPARISONS),
                  st.integers(0, 3)),
    )


EXPRS = st.recursive(ATOMS, _extend, max_leaves=12)


@given(EXPRS)
def test_json_round_trip(e):
    assert E.from_json(E.to_json(e)) == e


def test_operators_build_nodes():
    a, b = E.type_is("A", "random"), E.means("ja", "yes")
    assert a & b == E.And((a, b))
    assert a | b == E.Or((a, b))
    assert ~a == E.Not(a)
    assert a ^ b == E.Xor(a, b)


def test_complexity_and_size():
    q = E.answers("A", E.type_is("B", "random"), "ja")
    assert (E.complexity(q), E.size(q)) == (1, 2)
    q2 = E.iff(E.means("da", "yes"), E.iff(E.type_is("B", "truthful"), E.type_is("A", "random")))
    assert (E.complexity(q2), E.size(q2)) == (2, 5)
    assert E.complexity(E.TRUE) == 0


def test_json_form_is_nested_lists():
    q = E.answers("B", E.Not(E.type_is("A", "random")), "ja")
    assert E.to_json(q) == ["answers", "B", ["not", ["type", "A", "random"]], "ja"]
    assert E.to_json(E.And((E.TRUE, E.FALSE))) == ["and", True, False]


@pytest.mark.parametrize("data, message", [
    (["typ", "A", "random"], "unknown expression kind 'typ' in ['typ', 'A', 'random']; known: true, false, type, means, self, not, and, or, xor, iff, implies, answers, says, count, eq, ne, lt, le, gt, ge (did you mean 'type'?)"),
    (["not"], "'not' takes 1 argument, got 0 in ['not']"),
    (["and", True], "'and' takes at least 2 arguments, got 1 in ['and', True]"),
    (["type", "A", 3], "expected a type (a string) in ['type', 'A', 3]"),
    (["count", [True], "about", 1], "unknown comparison 'about' in ['count', [True], 'about', 1]; use one of eq, ne, lt, le, gt, ge or ==, !=, <, <=, >, >="),
    (["lt", "age.A", True], "expected a variable or a number, got True in ['lt', 'age.A', True]"),
    (42, "malformed expression 42: expected true, false or a list starting with one of true, false, type, means, self, not, and, or, xor, iff, implies, answers, says, count, eq, ne, lt, le, gt, ge"),
])
def test_malformed_json_is_named(data, message):
    with pytest.raises(PuzzleError) as err:
        E.from_json(data)
    assert err.value.message == message
