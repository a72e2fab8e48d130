"""Issue 2, item 7: facts about gods puzzles, each an exhaustive proof."""

import pytest

from smullyan.interrogate.solve import solve
from smullyan.interrogate.strategy import questions
from smullyan.logic import expr as E

from conftest import allowed, gods

BOTH = ["word", "coin"]


@pytest.mark.parametrize("random", BOTH)
def test_classic_takes_three_complexity_one_questions(classic, random):
    sol = solve(classic(random=random, max_questions=3, max_complexity=1))
    assert (sol.solvable, sol.questions, sol.complexity, sol.expected) == (True, 3, 1, 3)
    assert max(E.complexity(q.question) for q in questions(sol.strategy)) == 1


@pytest.mark.parametrize("random", BOTH)
def test_classic_not_in_two_even_with_every_question(classic, random):
    sol = solve(classic(random=random, max_questions=2))
    assert not sol.solvable
    assert sol.proof["language"] == "any"
    assert sol.proof["statement"] == "no strategy of at most 2 questions identifies the goal, even with every possible question"


@pytest.mark.parametrize("random", BOTH)
def test_classic_not_with_complexity_zero(classic, random):
    sol = solve(classic(random=random, max_questions=3, max_complexity=0))
    assert not sol.solvable
    assert (sol.proof["language"], sol.proof["max_complexity"], sol.proof["any_language_questions"]) == ("grammar", 0, 3)


@pytest.mark.parametrize("random", BOTH)
def test_classic_with_complexity_zero_questions_takes_five(classic, random):
    # Atoms alone do it with two more questions: "Does ja mean yes?" tells True (ja) from False (da).
    sol = solve(classic(random=random, max_complexity=0))
    assert (sol.solvable, sol.questions, sol.complexity) == (True, 5, 0)
    assert not solve(classic(random=random, max_complexity=0, max_questions=4)).solvable


@pytest.mark.parametrize("random", BOTH)
def test_truthful_vs_random_never_distinguishable(random):
    sol = solve(allowed({"A": ["truthful", "random"]}, random=random))
    assert not sol.solvable
    assert sol.proof["statement"] == "no strategy of any length identifies the goal, even with every possible question"


def test_truthful_vs_random_with_a_shared_coin_takes_one_question():
    # Under the 'current mental state' reading the embedded question lemma works on random too.
    sol = solve(allowed({"A": ["truthful", "random"]}, random="coin-shared"))
    assert (sol.solvable, sol.questions) == (True, 1)
    assert sol.strategy.question == E.answers("A", E.type_is("A", "truthful"), "ja")


@pytest.mark.parametrize("random", BOTH)
def test_knight_or_knave_takes_one(random):
    p = allowed({"A": ["knight", "knave"]}, words=None, random=random)
    sol = solve(p)
    assert (sol.solvable, sol.questions, sol.complexity) == (True, 1, 0)
    assert not solve(allowed({"A": ["knight", "knave"]}, words=None, max_questions=0)).solvable


def test_knight_or_knave_in_an_unknown_language_still_takes_one():
    sol = solve(allowed({"A": ["knight", "knave"]}))
    assert (sol.questions, sol.complexity) == (1, 0)
    assert sol.strategy.question == E.means("ja", "yes")


def test_exploding_heads_take_two(classic):
    sol = solve(classic(random="word", paradox="silent", max_questions=3))
    assert (sol.solvable, sol.questions, sol.expected) == (True, 2, 2)
    one = solve(classic(random="word", paradox="silent", max_questions=1))
    assert not one.solvable and one.proof["language"] == "any"


@pytest.mark.parametrize("random", BOTH)
def test_four_gods_truthful_liar_liar_random_take_four(random):
    sol = solve(gods(["truthful", "liar", "liar", "random"], random=random, language="any", max_questions=5))
    assert (sol.solvable, sol.questions) == (True, 4)
    three = solve(gods(["truthful", "liar", "liar", "random"], random=random, language="any", max_questions=3))
    assert not three.solvable


@pytest.mark.parametrize("random", BOTH)
def test_truthful_liar_random_random_is_unsolvable(random):
    sol = solve(gods(["truthful", "liar", "random", "random"], random=random, language="any"))
    assert not sol.solvable
    assert sol.proof["questions"] is None


def test_complexity_three_grammar_is_refused_not_hung(classic):
    from smullyan.errors import SearchLimitReached
    from smullyan.interrogate.grammar import Grammar
    g = Grammar(classic().contexts())
    with pytest.raises(SearchLimitReached) as err:
        g.level(3)
    assert err.value.message == ("the question grammar at complexity 3 means combining 398,681,088 pairs of distinct "
                                 "questions, too many to enumerate one by one; lower max_complexity to 2 or use "
                                 "language = \"any\" (every possible question)")


def test_random_that_may_stay_silent_needs_three_even_with_exploding_heads(classic):
    # Wheeler & Barahona: if Random may also say nothing, silence no longer identifies a paradox
    two = solve(classic(random="word-or-silent", paradox="silent", max_questions=2, language="any"))
    assert not two.solvable and two.proof["language"] == "any"
    three = solve(classic(random="word-or-silent", paradox="silent", max_questions=3, language="any"))
    assert (three.solvable, three.questions) == (True, 3)


def test_seven_gods_four_truthful_three_random_need_at_least_seven():
    """T,T,T,T,R,R,R: 35 worlds fit in 6 questions by counting, yet no strategy of 6 exists."""
    sol = solve(gods(["truthful"] * 4 + ["random"] * 3, language="any", max_questions=6))
    assert not sol.solvable and sol.proof["questions"] == 6 and sol.proof["language"] == "any"


def test_seven_gods_four_truthful_three_random_take_exactly_seven():
    """T,T,T,T,R,R,R (the leaderboard's row 0,4,3): with 6 refuted above, a verified strategy of 7 makes
    7 the worst-case optimum. The plain depth-first order spent 300 s refuting its first root split; the
    pattern search's best-first order and probes find one in about a second."""
    sol = solve(gods(["truthful"] * 4 + ["random"] * 3, language="any"))
    assert (sol.solvable, sol.questions) == (True, 7)
    assert sol.stats["fewest_any_language"] == 7


def test_seven_gods_five_truthful_two_random_average_34_7_for_any_length():
    """T,T,T,T,T,R,R: 5 in the worst case (the survey); 34/7 on average (the leaderboard lists 4.904762),
    proved for strategies of any length, by a strategy that asks 6 questions on some path."""
    from fractions import Fraction

    sol = solve(gods(["truthful"] * 5 + ["random"] * 2, language="any", objective="expected"))
    assert (sol.questions, sol.expected) == (6, Fraction(34, 7))
    assert sol.stats["expected_any_length"] is True
