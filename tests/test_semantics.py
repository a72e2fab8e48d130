"""The rules of answering, checked world by world."""

from smullyan.logic import expr as E
from smullyan.logic.semantics import ContextSpace
from smullyan.logic.worlds import assignments_from_allowed, build_space

from conftest import allowed, gods


def outcome_sets(puzzle, agent, question, with_self=None):
    """Return {world label: sorted outcome names} for asking `agent` the question."""
    ctx = ContextSpace(puzzle.space, with_self)
    outs, _ = ctx.outcome_worlds(puzzle.space.agent_index(agent), ctx.table(question))
    names = list(puzzle.space.words) + ["silent"]
    return {puzzle.space.describe(i): sorted(names[o] for o, ws in enumerate(outs) if ws >> i & 1)
            for i in range(len(puzzle.space.worlds))}


def test_knight_and_knave_answer_a_true_question():
    p = allowed({"A": ["knight", "knave"]}, words=None)
    assert outcome_sets(p, "A", E.TRUE) == {"A=truthful": ["yes"], "A=liar": ["no"]}


def test_embedded_question_lemma_for_truthful_and_liar():
    p = allowed({"A": ["truthful", "liar"], "B": ["truthful", "random"]})
    q = E.answers("A", E.type_is("B", "random"), "ja")
    for label, outs in outcome_sets(p, "A", q).items():
        assert outs == (["ja"] if "B=random" in label else ["da"]), label


def test_random_word_says_anything():
    p = allowed({"A": ["random"]})
    assert set(map(tuple, outcome_sets(p, "A", E.TRUE).values())) == {("da", "ja")}


def test_coin_random_is_uninformative_but_shared_coin_obeys_the_lemma():
    q = E.answers("A", E.type_is("A", "random"), "ja")
    fresh = allowed({"A": ["truthful", "random"]}, random="coin")
    shared = allowed({"A": ["truthful", "random"]}, random="coin-shared")
    assert sorted(map(tuple, outcome_sets(fresh, "A", q).values())) == [("da",), ("da",), ("da", "ja"), ("da", "ja")]
    assert sorted(map(tuple, outcome_sets(shared, "A", q).values())) == [("da",), ("da",), ("ja",), ("ja",)]


def test_will_you_answer_no_silences_the_truthful_and_frees_the_liar():
    p = allowed({"A": ["truthful", "liar"]}, words=None, paradox="silent")
    assert outcome_sets(p, "A", E.self_answer("no")) == {"A=truthful": ["silent"], "A=liar": ["no", "yes"]}
    assert outcome_sets(p, "A", E.self_answer("yes")) == {"A=truthful": ["no", "yes"], "A=liar": ["silent"]}


def test_random_word_never_silent_even_on_paradox():
    p = allowed({"A": ["random", "liar"]}, paradox="silent")
    q = E.Iff(E.self_answer("ja"), E.means("ja", "yes"))  # "will you answer with the word for yes?"
    for label, outs in outcome_sets(p, "A", q).items():
        assert ("silent" in outs) == ("A=liar" in label), label


def test_constant_and_silent_types():
    space = build_space("A", assignments_from_allowed("A", {"A": ["constant:neither", "silent"]}), ["ja", "da", "ozo"])
    ctx = ContextSpace(space)
    outs, _ = ctx.outcome_worlds(0, ctx.table(E.TRUE))
    for i, w in enumerate(space.worlds):
        heard = {o for o, ws in enumerate(outs) if ws >> i & 1}
        if w.types[0] == "silent":
            assert heard == {3}
        else:
            assert heard == {w.language.index("neither")}


def test_hidden_state_is_shared_within_one_question():
    p = gods(["truthful", "random"])
    # "would B say ja to 1+1=2, or else to 1+1=3, but not both?": a random B says its one word to
    # both questions, so for truthful A this is false; an unshared state would make it undetermined
    xor = E.Xor(E.answers("B", E.TRUE, "ja"), E.answers("B", E.FALSE, "ja"))
    got = outcome_sets(p, "A", E.answers("A", xor, "ja"))
    assert {k: v for k, v in got.items() if "A=truthful" in k} == {
        "A=truthful B=random; ja=yes da=no": ["da"], "A=truthful B=random; ja=no da=yes": ["da"]}
