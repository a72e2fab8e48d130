"""The game object (`smullyan.play`): both roles, the adversary, undo, JSON, and bad moves."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import smullyan
from smullyan.api.game import Hint
from smullyan.interrogate.strategy import Ask as AskNode
from smullyan.interrogate.strategy import Identified
from smullyan.logic import expr as E
from smullyan.logic.semantics import SILENCE

from conftest import EXAMPLES

HARDEST = smullyan.load(EXAMPLES / "hardest.toml")
EXPLODING = smullyan.load(EXAMPLES / "exploding_heads.toml")
KK_TWO = smullyan.read("A says: 'B is a knave.' Who is a knight?")


def follow_optimum(game):
    """Play the puzzle's optimal strategy in a game where you ask; return the game after the last answer
    and the leaf reached."""
    node = game.optimum.strategy.root
    while isinstance(node, AskNode):
        game = game.ask(node.question, to=node.addressee)
        node = node.branch(game.moves[-1].answer)
        assert node is not None, "an answer the verified strategy has no branch for"
    return game, node


def leaf_guess(leaf: Identified) -> dict[str, str]:
    return dict(leaf.types)


# ------------------------------------------------------------------ you ask

@pytest.mark.parametrize("seed", range(12))
def test_the_optimal_strategy_names_the_hidden_gods_in_three_questions(seed):
    game, leaf = follow_optimum(smullyan.play(HARDEST, seed=seed))
    assert len(game.moves) <= 3
    done = game.guess(leaf_guess(leaf))
    assert done.over and done.ending.right and done.ending.proved
    assert done.ending.truth == {**leaf_guess(leaf), **done.ending.truth}  # the revealed world is the leaf's
    assert done.ending.optimum == 3
    assert done.ending.message.startswith("Right: A is ")


def test_every_hidden_world_is_reached_by_some_seed():
    truths = set()
    for seed in range(200):
        game = smullyan.play(HARDEST, seed=seed)
        truths.add(game._secret)
    assert truths == set(range(12))


def test_a_seed_makes_the_game_reproducible():
    questions = ["Ask A: Is B random?", "Ask B: Does ja mean yes?", "Ask C: Is A a liar?"]

    def run(seed):
        g = smullyan.play(HARDEST, seed=seed)
        for q in questions:
            g = g.ask(q)
        return [m.answer for m in g.moves], g._secret

    assert run(11) == run(11)
    assert len({tuple(run(s)[0]) + (run(s)[1],) for s in range(30)}) > 5


def test_every_answer_is_one_the_hidden_world_allows():
    for seed in range(40):
        g = smullyan.play(HARDEST, seed=seed)
        for q in ["Ask A: Is B random?", "Ask B: If I asked you 'Is C random?', would you say ja?",
                  "Ask C: Does ja mean yes?"]:
            g = g.ask(q)
            assert g.node >> g._secret & 1, "the hidden world was ruled out by a true answer"
        assert g.worlds == len(g.possible())


def test_a_wrong_guess_names_the_gods_and_the_answer_that_ruled_it_out():
    g = smullyan.play(HARDEST, seed=7).ask("Ask A: If I asked you 'Is B random?', would you say ja?")
    truth = g.possible()
    wrong = next(w for w in ({"A": "truthful", "B": "random", "C": "liar"}, {"A": "liar", "B": "random",
                                                                              "C": "truthful"})
                 if all({k: r[k] for k in "ABC"} != w for r in truth))
    done = g.guess(wrong)
    assert done.ending.right is False and not done.ending.proved
    secret = done.ending.truth
    assert done.ending.message.startswith("Wrong. The gods were: ")
    assert "Your guess was ruled out by the answer to question 1." in done.ending.message
    assert done.ending.message.endswith("You asked 1 question; the fewest that always suffice is 3 "
                                        "(proved by exhaustive search).")
    assert {k: secret[k] for k in "ABC"} in [{k: r[k] for k in "ABC"} for r in truth]


def test_a_lucky_guess_is_right_but_not_proved():
    g = smullyan.play(HARDEST, seed=5)
    secret = g.model.space.worlds[g._secret]
    done = g.guess(dict(zip("ABC", secret.types)))
    assert done.ending.right is True and done.ending.proved is False
    assert "A lucky guess, though: your answers still allowed 5 other possibilities." in done.ending.message


def test_guesses_in_words():
    g = smullyan.play(HARDEST, seed=1)
    for text in ("A is truthful, B is a liar and C is random", "guess A=True B=False C=Random",
                 "truthful liar random", "A: the truthful god; B: the liar; C: random"):
        assert g.guess(text).ending.named == {"A": "truthful", "B": "liar", "C": "random"}


@pytest.mark.parametrize("text, message", [
    ("A is truthful, B is a liar", "name every god: C is missing"),
    ("A is truthful, D is a liar, C is random", "column 16: unknown god 'D'; the gods are A, B, C"),
    ("A is truthful, A is a liar, C is random", "column 16: A is named twice"),
    ("A is truthful, B is a liar, maybe C is random", "column 29: cannot read 'maybe'; write 'A is truthful, "
                                                      "B is a liar, C is random'"),
    ("A is truthful, B is blue, C is random", "unknown type 'blue'"),
    ("A is truthful, B is a knight, C is random", None),
    ("truthful liar", "name every god: 3 types in the order A, B, C, or 'A is truthful, B is a liar, C is random'; "
                      "got 2 words"),
    ("", "name every god, as in: A is truthful, B is a liar, C is random"),
])
def test_malformed_guesses_are_refused_and_the_game_goes_on(text, message):
    g = smullyan.play(HARDEST, seed=1)
    if message is None:  # 'knight' is an alias of truthful: a guess that names A and B truthful
        assert g.guess(text).ending.named["B"] == "truthful"
        return
    with pytest.raises(smullyan.BadInput) as err:
        g.guess(text)
    assert err.value.message.startswith(message)
    assert not g.over


def test_questions_are_refused_past_the_budget():
    g = smullyan.play(HARDEST, seed=1)
    for _ in range(3):
        g = g.ask("Ask A: Is B random?")
    with pytest.raises(smullyan.BadInput, match="you have asked all 3 questions this puzzle allows; name the gods"):
        g.ask("Ask A: Is B random?")
    assert g.questions_left == 0


@pytest.mark.parametrize("question, message", [
    ("Ask D: Is B random?", "column 5: unknown god 'D'; the gods are A, B, C"),
    ("Ask A: Is B blue?", "column 13: unknown type 'blue'; this puzzle's types are truthful, liar, random"),
    ("Is B random?", "say whom the question is put to: start with one of the gods' names, as in "
                     "'Ask A: Is C random?'"),
    ("A: Is B random", None),
    ("A: Does zo mean yes?", "unknown word 'zo'; the vocabulary is ja, da"),
    ("A: [\"type\", \"B\"", "column 16: not a JSON expression: Expecting ',' delimiter"),
    ("A: [\"tipe\", \"B\", \"random\"]", "unknown"),
    ("", "type a question, such as: Ask A: Is B random?"),
    ("Ask A: Will you answer this question with da?",
     "A could have no consistent answer to that question, and this puzzle does not allow paradoxical questions"),
])
def test_malformed_questions_are_refused_and_the_game_goes_on(question, message):
    g = smullyan.play(HARDEST, seed=1)
    if message is None:
        assert len(g.ask(question).moves) == 1
        return
    with pytest.raises(smullyan.BadInput) as err:
        g.ask(question)
    assert message in err.value.message
    assert g.moves == ()


def test_a_paradox_silences_a_god_where_the_puzzle_says_heads_explode():
    """Silence is heard exactly in the hidden worlds where the god has no consistent answer."""
    question = "Ask A: Will you answer this question with da?"
    heard = set()
    for seed in range(40):
        g = smullyan.play(EXPLODING, seed=seed).ask(question)
        _, paradox = g.referee.heard("A", g.moves[-1].question)
        assert (g.moves[-1].answer == SILENCE) == bool(paradox >> g._secret & 1)
        heard.add(g.moves[-1].answer)
    assert heard == {"ja", "da", SILENCE}
    assert bin(paradox).count("1") == 4  # A truthful with ja meaning yes, or a liar with ja meaning no


def test_questions_in_every_form_reach_the_same_answer():
    forms = ["Ask B: Is A random?", "B: Is A random?", "to B, is A random?", "ask B: is A the random god",
             'B: ["type", "A", "random"]']
    moves = {smullyan.play(HARDEST, seed=3).ask(f).moves[0] for f in forms}
    assert len(moves) == 1 and next(iter(moves)).question == E.TypeIs("A", "random")
    g = smullyan.play(HARDEST, seed=3)
    assert g.ask(E.TypeIs("A", "random"), to="B").moves == g.ask("Ask B: Is A random?").moves


def test_hints_are_optimal_first_questions():
    g = smullyan.play(HARDEST, seed=2)
    hint = g.hint()
    assert hint.questions == 3 and hint.text.startswith("Ask ")
    g = g.ask(hint.question, to=hint.addressee)
    hint2 = g.hint()
    assert hint2.questions == 2
    bad = smullyan.play(HARDEST, seed=2).ask("Ask A: Is A random?").ask("Ask A: Is A random?")
    assert bad.hint() == Hint(None, None, "no strategy of the 1 question you have left can identify the gods from "
                                          "here (6 possibilities remain)", None)


def test_a_hint_with_no_questions_left_says_so():
    g = smullyan.play(HARDEST, seed=2)
    for _ in range(3):
        g = g.ask("Ask A: Is A random?")
    assert g.hint().text == (f"you have no questions left and {g.possibilities} possibilities remain: name the gods "
                             "(guess), and see an optimal strategy")


def test_undo_takes_back_answers_and_guesses():
    g = smullyan.play(HARDEST, seed=4)
    g1 = g.ask("Ask A: Is B random?")
    done = g1.guess("truthful liar random")
    assert done.undo() == g1
    assert g1.undo() == g
    with pytest.raises(smullyan.BadInput, match="nothing to undo"):
        g.undo()
    with pytest.raises(smullyan.BadInput, match="the game is over; undo to go back"):
        done.ask("Ask A: Is B random?")


# ------------------------------------------------------------------ the adversary

@pytest.mark.parametrize("seed", range(6))
def test_the_optimal_strategy_beats_the_adversary_within_its_proved_worst_case(seed):
    game, leaf = follow_optimum(smullyan.play(HARDEST, adversary=True, seed=seed))
    assert len(game.moves) == 3  # the adversary makes the worst case happen
    done = game.guess(leaf_guess(leaf))
    assert done.ending.right and done.ending.proved


def test_the_adversary_keeps_the_largest_worst_case_then_the_most_worlds():
    g = smullyan.play(HARDEST, adversary=True, seed=0)
    ref = g.referee
    for q in ["Ask A: Is B random?", "Ask C: Does ja mean yes?"]:
        addressee, expr = g._read_question(q, None)
        children = ref.children(g.node, addressee, expr)
        g = g.ask(q)
        chosen = children[g.moves[-1].answer]
        score = lambda ws: (float("inf") if ref.fewest(ws) is None else ref.fewest(ws), ws.bit_count())
        assert score(chosen) == max(score(ws) for ws in children.values())


def test_a_guess_against_the_adversary_is_wrong_while_possibilities_remain():
    g = smullyan.play(HARDEST, adversary=True, seed=3).ask("Ask A: Is B random?")
    for row in g.possible():
        done = g.guess({k: row[k] for k in "ABC"})
        assert done.ending.right is False
        assert done.node >> done._secret & 1  # the revealed world fits every answer given


QUESTIONS = st.sampled_from([
    "Is B random?", "Is A truthful?", "Does ja mean yes?", "If I asked you 'Is B random?', would you say ja?",
    "If I asked you 'Are you a liar?', would you say da?", "Is it true that A is random or B is random?",
    "Is C a liar?", "If I asked you 'Is A random?', would you say ja?",
])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ABC"), QUESTIONS), min_size=1, max_size=3), st.integers(0, 2**16))
def test_the_adversary_never_contradicts_an_earlier_answer(moves, seed):
    g = smullyan.play(HARDEST, adversary=True, seed=seed)
    for addressee, q in moves:
        g = g.ask(f"Ask {addressee}: {q}")
        assert g.node != 0
        # every world left answers every question so far as the adversary said
        for m in g.moves:
            outs, _ = g.referee.heard(m.addressee, m.question)
            assert g.node & ~outs[g.referee.outcome_names.index(m.answer)] == 0
    done = g.guess("truthful liar random")
    assert done.node >> done._secret & 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ABC"), QUESTIONS), min_size=0, max_size=3), st.integers(0, 2**16),
       st.booleans())
def test_json_round_trip_replays_the_same_game(moves, seed, adversary):
    g = smullyan.play(HARDEST, adversary=adversary, seed=seed)
    for addressee, q in moves:
        g = g.ask(f"Ask {addressee}: {q}")
    back = smullyan.Game.from_json(g.to_json())
    assert back == g and back.node == g.node and back._secret == g._secret
    done = g.guess("A is truthful, B is a liar, C is random")
    assert smullyan.Game.from_json(done.to_json()).ending == done.ending


def test_the_view_never_shows_the_hidden_world_before_the_end():
    g = smullyan.play(HARDEST, seed=9).ask("Ask A: Is B random?")
    view = g.view()
    assert "secret" not in view and view["ending"] is None
    assert "secret" in json.loads(g.to_json())
    assert g.guess("truthful liar random").view()["ending"]["truth"] is not None


def test_a_tampered_game_is_refused_with_the_move_it_fails_at():
    refused = 0
    for seed in range(12):
        g = smullyan.play(HARDEST, seed=seed).ask("Ask A: Is B random?").ask("Ask B: Is A random?")
        data = json.loads(g.to_json())
        flipped = "da" if data["moves"][1]["answer"] == "ja" else "ja"
        data["moves"][1]["answer"] = flipped
        outs, _ = g.referee.heard("B", g.moves[1].question)
        possible = bool(outs[g.referee.outcome_names.index(flipped)] >> g._secret & 1)
        if possible:  # B is random in the hidden world: either answer could have been heard
            assert smullyan.Game.from_json(json.dumps(data)).moves[1].answer == flipped
            continue
        refused += 1
        with pytest.raises(smullyan.BadInput) as err:
            smullyan.Game.from_json(json.dumps(data))
        assert err.value.key == "moves[2]"
        assert err.value.message in (f"the answer '{flipped}' is not one the god could give in the hidden world",
                                     f"the answer '{flipped}' fits none of the worlds the earlier answers leave")
    assert refused >= 4
    with pytest.raises(smullyan.BadInput, match="not a game"):
        smullyan.Game.from_json("{}")
    with pytest.raises(smullyan.BadInput, match="not a game: invalid JSON"):
        smullyan.Game.from_json("{")
    data = json.loads(smullyan.play(HARDEST, seed=1).to_json())
    data["secret"] = 12
    with pytest.raises(smullyan.BadInput, match="the hidden world must be a world number from 0 to 11"):
        smullyan.Game.from_json(data)


# ------------------------------------------------------------------ you answer

def test_answering_as_every_world_would_gets_every_world_named():
    """Be each of the 12 worlds in turn, answering as its gods would (random gods drawn fairly)."""
    rng = random.Random(1)
    for world in range(12):
        for _ in range(3):
            g = smullyan.play(HARDEST, role="answer")
            while not g.over:
                q = g.next_question
                g = g.answer(g.referee.draw(world, q.addressee, q.question, rng))
                assert g.contradiction is None
            assert len(g.moves) <= 3
            truth = dict(zip("ABC", g.model.space.worlds[world].types))
            assert g.ending.named == truth
            assert g.ending.message.startswith("You are thinking of: ")


def test_answers_no_world_allows_are_a_contradiction_with_its_reason():
    g = smullyan.play(HARDEST, role="answer").answer("ja").answer("ja")
    assert g.next_question.text == "Ask C: If I asked you 'Is A a liar?', would you say ja?"
    bad = g.answer("silent")
    assert bad.contradiction == ("no world fits your answers: at question 3 you answered nothing for C, but in the "
                                 "4 worlds your earlier answers leave, C would have said ja if A is a liar, B is "
                                 "random, C is truthful; da if A is random, B is a liar, C is truthful")
    assert bad.next_question is None and not bad.over
    with pytest.raises(smullyan.BadInput, match="your answers already contradict every world; undo"):
        bad.answer("ja")
    assert bad.undo() == g
    with pytest.raises(smullyan.BadInput, match="answer with ja, da or 'silent'"):
        g.answer("maybe")


def test_a_puzzle_with_no_strategy_cannot_be_played_the_tool_asking():
    with pytest.raises(smullyan.BadInput, match="the tool cannot ask this puzzle's questions: no strategy"):
        smullyan.play(smullyan.load(EXAMPLES / "truthful_or_random.toml"), role="answer")


# ------------------------------------------------------------------ knights and knaves

def test_knights_and_knaves_are_played_over_the_worlds_their_statements_allow():
    g = smullyan.play(KK_TWO, role="answer")
    assert g.worlds == 2 and g.next_question.text == "Ask A: Is it true that 1 + 1 = 2?"
    done = g.answer("no")
    assert done.ending.named == {"A": "knave", "B": "knight"}
    assert done.ending.message == ("You are thinking of: A is a knave, B is a knight. Named with 1 question; "
                                   "1 question always suffices and fewer cannot (proved).")
    asked = smullyan.play(KK_TWO, seed=1).ask("Ask B: Are you a knight?")
    assert asked.ask("Ask A: Is B a knave?").moves[-1].answer in ("yes", "no")
    back = smullyan.Game.from_json(asked.to_json())
    assert back == asked and back.source is not None and back.source.kind == "deduction"


def test_a_unique_knights_puzzle_needs_no_question():
    g = smullyan.play(smullyan.load(EXAMPLES / "smullyan_truth_tellers.txt"), role="answer")
    assert g.over and g.ending.questions == 0
    assert g.ending.message.startswith("The puzzle alone settles who is who, without a question: Ann is")


def test_grids_cannot_be_played():
    with pytest.raises(smullyan.BadInput, match="only puzzles with people who answer"):
        smullyan.play(smullyan.load(EXAMPLES / "zebra.toml"))


def test_bad_options_are_refused():
    with pytest.raises(smullyan.BadInput, match="role takes one of: ask, answer; got 'guess'"):
        smullyan.play(HARDEST, role="guess")
    with pytest.raises(smullyan.BadInput, match="the adversary answers your questions: it needs role 'ask'"):
        smullyan.play(HARDEST, role="answer", adversary=True)
    with pytest.raises(smullyan.BadInput, match="a seed is a whole number"):
        smullyan.play(HARDEST, seed="x")
    with pytest.raises(smullyan.BadInput, match="in this game the tool asks and you answer"):
        smullyan.play(HARDEST, role="answer").ask("Ask A: Is B random?")


@pytest.mark.parametrize("name", ["boolos", "exploding_heads", "four_gods", "knight_or_knave"])
def test_the_optimal_strategy_beats_the_adversary_in_other_puzzles(name):
    puzzle = smullyan.load(EXAMPLES / f"{name}.toml")
    for seed in range(2):
        game, leaf = follow_optimum(smullyan.play(puzzle, adversary=True, seed=seed))
        assert len(game.moves) <= game.optimum.questions
        done = game.guess(leaf_guess(leaf) | (dict(leaf.language) if leaf.language else {}))
        assert done.ending.right and done.ending.proved
