"""Inputs that used to end in an internal error: each now gives an answer or a clear BadInput."""

from fractions import Fraction

import pytest

import smullyan
from smullyan import BadInput


def test_constant_neither_needs_a_word_meaning_neither():
    with pytest.raises(BadInput) as err:
        smullyan.gods(["A", "B"], ["constant:neither", "truthful"], words=["ja", "da"])
    assert err.value.render() == ("key 'types': type 'constant:neither' always says the word meaning neither, but with "
                                  "the words ja, da no word means neither (a third word means neither)")
    # with a third word it is a puzzle: the truthful god says two different words to a true and a false
    # question, the other says the same word twice; one question cannot tell (any word may mean anything)
    three = smullyan.gods(["A", "B"], ["constant:neither", "truthful"], words=["ja", "da", "ba"]).solve()
    assert (three.solvable, three.questions, three.strategy.leaves) == (True, 2, 9)


def test_coin_shared_random_with_a_word_meaning_neither_is_realised():
    # the direct question asks for 'the word that means yes' (the first word may mean neither)
    p = smullyan.gods(["A"], allowed={"A": ["random", "liar", "constant:neither"]}, words=["foo", "bar", "baz"],
                      random="coin-shared", max_questions=2, max_complexity=1)
    r = p.solve(objective="expected")
    assert (r.questions, r.expected, r.strategy.leaves) == (2, Fraction(2), 9)
    assert smullyan.verify(p, r.strategy).ok


@pytest.mark.parametrize("text, message", [
    ('Knights always tell the truth and knights always lie. You meet 2 inhabitants: Al and Bo. Al said, "Bo is a '
     'knight."', "line 1, column 35: 'knights' names both roles; the truth-tellers and the liars need different words"),
    ('Knights always tell the truth and knaves always lie. You meet 2 inhabitants: Al and Al. Al said, "Al is a '
     'knave."', "line 1, column 85: two inhabitants are called 'Al'; give each a different name"),
    ('Knights always tell the truth and knaves always lie. You meet 3 inhabitants: Al and Bo. Al said, "Bo is a '
     'knave."', "line 1, column 78: the text says you meet 3 inhabitants but names 2 (Al, Bo)"),
])
def test_english_names_and_roles_that_cannot_be_told_apart(text, message):
    with pytest.raises(BadInput) as err:
        smullyan.read(text)
    assert err.value.render() == message


def test_enumeration_lists_a_million_worlds_within_the_time_limit():
    # 22 people, one statement: 2^22 candidate worlds, 3 * 2^20 consistent; listing them used to take
    # quadratic time (walking m & -m over a 4-million-bit integer) whatever the limit said
    import time

    p = smullyan.deduction([f"P{i}" for i in range(22)], [smullyan.says("P0", smullyan.knight("P1"))])
    start = time.perf_counter()
    with pytest.raises(smullyan.LimitReached) as err:
        p.solve(limit="1s", backend="enum")
    assert time.perf_counter() - start < 1.25 * 1 + 1.5
    assert err.value.message.startswith("search stopped at the time limit after ")
    with pytest.raises(smullyan.LimitReached, match="more than 100 consistent worlds"):
        p.solve(limit=100, backend="enum")
