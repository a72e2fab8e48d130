"""Ordering puzzles in English (english/order.py): N things in one order, told by comparatives and ranks.

Pinned readings of many phrasings, the sentences passed over, exact errors, the routing cue, a TOML
round trip, and a generator of random ordering texts (their own wording, answers by brute force over
permutations) that must all be read with no wrong answer.
"""

from __future__ import annotations

import random
import statistics
import time
import tomllib

import pytest

from smullyan.api.puzzles import wrap
from smullyan.english.order import is_order_text, read_order
from smullyan.english.sentences import split_sentences
from smullyan.errors import PuzzleError
from smullyan.formats.deduction_toml import grid_from_dict
from smullyan.formats.toml_write import dumps_puzzle


def read(text: str):
    """Return the reading of a text by the order reader."""
    return read_order(text, split_sentences(text))


def answers(text: str) -> list[dict[str, str]]:
    """Return the answers of a text read by the order reader."""
    return wrap(read(text).puzzle).solve().to_dict()["answers"]


def clue_json(text: str) -> list:
    """Return the JSON of each clue a text states."""
    return [c.source for c in read(text).puzzle.constraints]


BOOKS = "On a shelf, there are five books: a red book, a gray book, a white book, a blue book, and a green book. "
GOLF = "In a golf tournament, there were five golfers: Amy, Eli, Eve, Joe, and Ana. "
FRUIT = "A fruit stand sells five fruits: apples, kiwis, loquats, oranges, and pears. "
CARS = "In an antique car show, there are five vehicles: a tractor, a truck, a minivan, a bus, and a sedan. "
KIDS = "Five siblings, Ann, Bob, Cat, Dan, and Ed, live together. "
STACK = "In a stack, there are five boxes: a red box, a blue box, a green box, a black box, and a white box. "


@pytest.mark.parametrize("setting, sentence, expr", [
    (BOOKS, "The red book is to the right of the gray book.", ["right_of", "book:red book", "book:gray book"]),
    (BOOKS, "The red book is somewhere to the left of the gray book.", ["left_of", "book:red book", "book:gray book"]),
    (BOOKS, "The red book is left of the gray one.", ["left_of", "book:red book", "book:gray book"]),
    (BOOKS, "The white book is the second from the left.", ["at", "book:white book", 2]),
    (BOOKS, "The white book is second from the right.", ["at", "book:white book", 4]),
    (BOOKS, "The blue book is the rightmost.", ["at", "book:blue book", 5]),
    (BOOKS, "The blue book is the leftmost.", ["at", "book:blue book", 1]),
    (BOOKS, "The blue book is on the far right.", ["at", "book:blue book", 5]),
    (BOOKS, "The blue book is the third-leftmost.", ["at", "book:blue book", 3]),
    (BOOKS, "The blue book is immediately to the left of the red book.",
     ["directly_left", "book:blue book", "book:red book"]),
    (BOOKS, "The blue book is directly right of the red book.", ["directly_right", "book:blue book", "book:red book"]),
    (BOOKS, "The blue book is next to the red book.", ["next_to", "book:blue book", "book:red book"]),
    (BOOKS, "The blue book isn't next to the red book.", ["not", ["next_to", "book:blue book", "book:red book"]]),
    (BOOKS, "The blue book is in the middle.", ["at", "book:blue book", 3]),
    (BOOKS, "The blue book is between the red book and the white book.",
     ["or", ["and", ["left_of", "book:red book", "book:blue book"], ["left_of", "book:blue book", "book:white book"]],
      ["and", ["left_of", "book:white book", "book:blue book"], ["left_of", "book:blue book", "book:red book"]]]),
    (BOOKS, "The blue book is the 2nd from the left.", ["at", "book:blue book", 2]),
    (BOOKS, "The blue book is not the leftmost.", ["not", ["at", "book:blue book", 1]]),
    (BOOKS, "The red book and the blue book are both to the left of the green book.",
     ["and", ["left_of", "book:red book", "book:green book"], ["left_of", "book:blue book", "book:green book"]]),
    (BOOKS, "The red book is to the left of both the blue book and the green book.",
     ["and", ["left_of", "book:red book", "book:blue book"], ["left_of", "book:red book", "book:green book"]]),
    (BOOKS, "The red book is to the left of the blue book but to the right of the green book.",
     ["and", ["left_of", "book:red book", "book:blue book"], ["right_of", "book:red book", "book:green book"]]),
    (BOOKS, "The red book is the leftmost, and the blue book is the rightmost.",
     ["and", ["at", "book:red book", 1], ["at", "book:blue book", 5]]),
    (BOOKS, "Either the red book or the blue book is the leftmost.",
     ["or", ["at", "book:red book", 1], ["at", "book:blue book", 1]]),
    (BOOKS, "Neither the red book nor the blue book is the leftmost.",
     ["and", ["not", ["at", "book:red book", 1]], ["not", ["at", "book:blue book", 1]]]),
    (BOOKS, "The red book is the leftmost on the shelf.", ["at", "book:red book", 1]),
    (GOLF, "Eve finished above Amy.", ["left_of", "golfer:Eve", "golfer:Amy"]),
    (GOLF, "Eli finished below Amy.", ["right_of", "golfer:Eli", "golfer:Amy"]),
    (GOLF, "Eli finished third.", ["at", "golfer:Eli", 3]),
    (GOLF, "Eli finished 3rd.", ["at", "golfer:Eli", 3]),
    (GOLF, "Eli finished in third place.", ["at", "golfer:Eli", 3]),
    (GOLF, "Eli came in second.", ["at", "golfer:Eli", 2]),
    (GOLF, "Eli finished last.", ["at", "golfer:Eli", 5]),
    (GOLF, "Eli finished second-to-last.", ["at", "golfer:Eli", 4]),
    (GOLF, "Eli finished third-to-last.", ["at", "golfer:Eli", 3]),
    (GOLF, "Eli finished first in the tournament.", ["at", "golfer:Eli", 1]),
    (GOLF, "Eli did not finish last.", ["not", ["at", "golfer:Eli", 5]]),
    (GOLF, "Eli didn't finish above Joe.", ["not", ["left_of", "golfer:Eli", "golfer:Joe"]]),
    (GOLF, "Eli finished ahead of Joe.", ["left_of", "golfer:Eli", "golfer:Joe"]),
    (GOLF, "Eli finished behind Joe.", ["right_of", "golfer:Eli", "golfer:Joe"]),
    (GOLF, "Eli finished before Joe.", ["left_of", "golfer:Eli", "golfer:Joe"]),
    (GOLF, "Eli finished after Joe.", ["right_of", "golfer:Eli", "golfer:Joe"]),
    (GOLF, "Eli finished immediately after Joe.", ["directly_right", "golfer:Eli", "golfer:Joe"]),
    (GOLF, "Eli finished one place above Joe.", ["directly_left", "golfer:Eli", "golfer:Joe"]),
    (GOLF, "Eli beat Joe.", ["left_of", "golfer:Eli", "golfer:Joe"]),
    (GOLF, "Eli won.", ["at", "golfer:Eli", 1]),
    (GOLF, "Eli won the tournament.", ["at", "golfer:Eli", 1]),
    (GOLF, "Eli was ranked above Joe.", ["left_of", "golfer:Eli", "golfer:Joe"]),
    (GOLF, "Eli is last.", ["at", "golfer:Eli", 5]),
    (GOLF, "Eli finished above Joe but below Ana.",
     ["and", ["left_of", "golfer:Eli", "golfer:Joe"], ["right_of", "golfer:Eli", "golfer:Ana"]]),
    (GOLF, "Eli finished above Joe and Ana finished last.",
     ["and", ["left_of", "golfer:Eli", "golfer:Joe"], ["at", "golfer:Ana", 5]]),
    (GOLF, "Eli finished between Joe and Ana.",
     ["or", ["and", ["left_of", "golfer:Joe", "golfer:Eli"], ["left_of", "golfer:Eli", "golfer:Ana"]],
      ["and", ["left_of", "golfer:Ana", "golfer:Eli"], ["left_of", "golfer:Eli", "golfer:Joe"]]]),
    (FRUIT, "The apples are the cheapest.", ["at", "fruit:apples", 1]),
    (FRUIT, "The kiwis are more expensive than the loquats.", ["right_of", "fruit:kiwis", "fruit:loquats"]),
    (FRUIT, "The kiwis are less expensive than the loquats.", ["left_of", "fruit:kiwis", "fruit:loquats"]),
    (FRUIT, "The kiwis are cheaper than the loquats.", ["left_of", "fruit:kiwis", "fruit:loquats"]),
    (FRUIT, "The kiwis cost more than the loquats.", ["right_of", "fruit:kiwis", "fruit:loquats"]),
    (FRUIT, "The kiwis cost less than the loquats.", ["left_of", "fruit:kiwis", "fruit:loquats"]),
    (FRUIT, "The oranges are the third-most expensive.", ["at", "fruit:oranges", 3]),
    (FRUIT, "The oranges are the second-most expensive.", ["at", "fruit:oranges", 4]),
    (FRUIT, "The oranges are the second-cheapest.", ["at", "fruit:oranges", 2]),
    (FRUIT, "The oranges are the most expensive.", ["at", "fruit:oranges", 5]),
    (FRUIT, "The oranges are the least expensive.", ["at", "fruit:oranges", 1]),
    (FRUIT, "The oranges cost the most.", ["at", "fruit:oranges", 5]),
    (FRUIT, "The oranges are not the cheapest.", ["not", ["at", "fruit:oranges", 1]]),
    (CARS, "The minivan is newer than the truck.", ["right_of", "vehicle:minivan", "vehicle:truck"]),
    (CARS, "The minivan is older than the truck.", ["left_of", "vehicle:minivan", "vehicle:truck"]),
    (CARS, "The tractor is the oldest.", ["at", "vehicle:tractor", 1]),
    (CARS, "The tractor is the newest.", ["at", "vehicle:tractor", 5]),
    (CARS, "The tractor is the second-newest.", ["at", "vehicle:tractor", 4]),
    (CARS, "The tractor is the third-oldest.", ["at", "vehicle:tractor", 3]),
    (KIDS, "Ann is older than Bob.", ["left_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann is younger than Bob.", ["right_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann was born before Bob.", ["left_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann was born after Bob.", ["right_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann is the youngest.", ["at", "sibling:Ann", 5]),
    (KIDS, "Ann is the second youngest.", ["at", "sibling:Ann", 4]),
    (KIDS, "Ann is older than Bob and Cat.",
     ["and", ["left_of", "sibling:Ann", "sibling:Bob"], ["left_of", "sibling:Ann", "sibling:Cat"]]),
    (KIDS, "Ann and Bob are older than Cat.",
     ["and", ["left_of", "sibling:Ann", "sibling:Cat"], ["left_of", "sibling:Bob", "sibling:Cat"]]),
    (KIDS, "Ann is older than Bob but younger than Cat.",
     ["and", ["left_of", "sibling:Ann", "sibling:Bob"], ["right_of", "sibling:Ann", "sibling:Cat"]]),
    (KIDS, "Ann is not older than Bob.", ["not", ["left_of", "sibling:Ann", "sibling:Bob"]]),
    (KIDS, "Ann is the oldest of the five siblings.", ["at", "sibling:Ann", 1]),
    (KIDS, "Ann is taller than Bob.", ["left_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann is the shortest.", ["at", "sibling:Ann", 5]),
    (KIDS, "Ann is heavier than Bob.", ["left_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann weighs less than Bob.", ["right_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann is the lightest.", ["at", "sibling:Ann", 5]),
    (KIDS, "Ann runs faster than Bob.", ["left_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann is the slowest.", ["at", "sibling:Ann", 5]),
    (KIDS, "Ann arrived before Bob.", ["left_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann arrived last.", ["at", "sibling:Ann", 5]),
    (STACK, "The red box is above the blue box.", ["left_of", "box:red box", "box:blue box"]),
    (STACK, "The red box is below the blue box.", ["right_of", "box:red box", "box:blue box"]),
    (STACK, "The red box is directly above the blue box.", ["directly_left", "box:red box", "box:blue box"]),
    (STACK, "The red box is at the top.", ["at", "box:red box", 1]),
    (STACK, "The red box is the second from the bottom.", ["at", "box:red box", 4]),
    (STACK, "The red box is the lowest.", ["at", "box:red box", 5]),
    (GOLF, "Eli finished ahead of everyone else.", ["at", "golfer:Eli", 1]),
    (GOLF, "Eli beat all the other golfers.", ["at", "golfer:Eli", 1]),
    (KIDS, "Ann is younger than all the others.", ["at", "sibling:Ann", 5]),
    (KIDS, "Ann is the oldest sibling.", ["at", "sibling:Ann", 1]),
    (BOOKS, "The red book is the second book from the left.", ["at", "book:red book", 2]),
    (KIDS, "Ann scored higher than Bob.", ["left_of", "sibling:Ann", "sibling:Bob"]),
    (KIDS, "Ann got the lowest score.", ["at", "sibling:Ann", 5]),
    (GOLF, "Eli finished above Joe; Ana finished last, and Amy won.",
     ["and", ["left_of", "golfer:Eli", "golfer:Joe"], ["at", "golfer:Ana", 5], ["at", "golfer:Amy", 1]]),
    (GOLF, "In the tournament, Eli finished first.", ["at", "golfer:Eli", 1]),
    (GOLF, "The last to finish was Eli.", ["at", "golfer:Eli", 5]),
    (GOLF, "Eli was the second golfer to finish.", ["at", "golfer:Eli", 2]),
    (GOLF, "The winner is Eli.", ["at", "golfer:Eli", 1]),
    (BOOKS, "The leftmost book is the red book.", ["at", "book:red book", 1]),
    (BOOKS, "Second from the right is the red book.", ["at", "book:red book", 4]),
    (KIDS, "Of the five, Ann is the oldest.", ["at", "sibling:Ann", 1]),
    (GOLF, "Eli is next to either Joe or Ana.", ["or", ["next_to", "golfer:Eli", "golfer:Joe"],
                                                 ["next_to", "golfer:Eli", "golfer:Ana"]]),
])
def test_phrasings(setting, sentence, expr):
    assert clue_json(setting + sentence) == [expr]


def test_book_shelf_options():
    text = ("The following paragraphs each describe a set of five objects arranged in a fixed order. The "
            "statements are logically consistent within each paragraph. " + BOOKS +
            "The red book is to the right of the gray book. The white book is the second from the left. The blue book "
            "is the rightmost. The green book is to the left of the gray book.\nOptions:\n"
            "(A) The red book is the leftmost\n(B) The gray book is the leftmost\n(C) The white book is the leftmost\n"
            "(D) The blue book is the leftmost\n(E) The green book is the leftmost")
    r = read(text)
    assert [s.text for s in r.ignored] == [
        "The following paragraphs each describe a set of five objects arranged in a fixed order.",
        "The statements are logically consistent within each paragraph.", "Options:"]
    assert answers(text) == [{"question": "Which of the following is true?",
                              "answer": "The green book is the leftmost", "option": "E"}]


def test_golfers_inline_options():
    text = ("In a golf tournament, there were three golfers: Amy, Eli, and Eve. Eve finished above Amy. Eli finished "
            "below Amy. Options: (A) Amy finished last (B) Eli finished last (C) Eve finished last")
    assert answers(text) == [{"question": "Which of the following is true?", "answer": "Eli finished last",
                              "option": "B"}]


def test_question_kinds():
    text = (FRUIT + "The apples are the cheapest. The kiwis are more expensive than the loquats. The oranges are the "
            "second-most expensive. The pears are the most expensive. The loquats are the second-cheapest.\n"
            "Which fruit is the most expensive? Which fruits are cheaper than the oranges? Are the kiwis cheaper "
            "than the oranges? What is the order from cheapest to most expensive? List the fruits from the most "
            "expensive to the cheapest.\nWhich fruit is the third-cheapest?\n(A) apples (B) kiwis (C) oranges")
    assert answers(text) == [
        {"question": "Which fruit is the most expensive?", "answer": "pears"},
        {"question": "Which fruits are cheaper than the oranges?", "answer": "apples, kiwis, and loquats"},
        {"question": "Are the kiwis cheaper than the oranges?", "answer": "yes"},
        {"question": "What is the order from cheapest to most expensive?",
         "answer": "apples, loquats, kiwis, oranges, and pears"},
        {"question": "List the fruits from the most expensive to the cheapest.",
         "answer": "pears, oranges, kiwis, loquats, and apples"},
        {"question": "Which fruit is the third-cheapest?", "answer": "kiwis", "option": "B"}]


def test_race_questions():
    text = ("Four runners, Ann, Bob, Cat, and Dan, ran a race. Ann finished ahead of Bob. Cat finished last. "
            "Dan won. Who finished second? In what place did Bob finish? Where did Cat finish? Did Ann beat Dan? "
            "In what order did they finish? Who finished behind Ann?")
    assert [a["answer"] for a in answers(text)] == ["Ann", "third", "fourth", "no", "Dan, Ann, Bob, and Cat",
                                                     "Bob and Cat"]


def test_undetermined_and_options_as_values():
    text = (GOLF + "Eve finished above Amy. Eli finished last. Who finished first?\n(A) Amy\n(B) Eve\n(C) Joe\n"
            "Who finished fourth? Did Eli finish below Ana?")
    assert answers(text) == [{"question": "Who finished first?", "answer": "undetermined"},
                             {"question": "Who finished fourth?", "answer": "undetermined"},
                             {"question": "Did Eli finish below Ana?", "answer": "yes"}]


def test_options_of_every_kind():
    text = ("There are three golfers: Amy, Eli, and Eve. Eve won. Amy finished last.\n"
            "Where did Eli finish?\n(A) first\n(B) second\n(C) last\n"
            "Did Amy beat Eli?\nOptions:\n(A) Yes\n(B) No\n"
            "In what order did they finish?\n(A) Eve, Eli, Amy\n(B) Eli, Eve, Amy\n"
            "Who won?\nOptions:\n(A) Amy\n(B) Eve\n"
            "Who finished second?\nOptions:\n(A) Amy finished second\n(B) Eli finished second")
    assert answers(text) == [
        {"question": "Where did Eli finish?", "answer": "second", "option": "B"},
        {"question": "Did Amy beat Eli?", "answer": "No", "option": "B"},
        {"question": "In what order did they finish?", "answer": "Eve, Eli, Amy", "option": "A"},
        {"question": "Who won?", "answer": "Eve", "option": "B"},
        {"question": "Who finished second?", "answer": "Eli"},  # the options after 'Options:' are statements:
        {"question": "Which of the following is true?", "answer": "Eli finished second", "option": "B"}]
    assert [s.text for s in read(text).ignored] == ["Options:", "Options:", "Options:"]


@pytest.mark.parametrize("question, message", [
    ("Did Amy beat Eli?\n(A) Amy won\n(B) Eve won",
     "line 3, column 5: cannot read the option 'Amy won' of the question 'Did Amy beat Eli?': expected yes or no"),
    ("Who won?\n(A) Amy won\n(B) Eve won",
     "line 3, column 5: cannot read the option 'Amy won' of the question 'Who won?': expected one of the golfers"),
    ("Where did Eli finish?\n(A) fourth\n(B) first",
     "line 3, column 5: cannot read the option 'fourth': expected a place from first to third"),
    ("In what order did they finish?\n(A) Eve, Eli, Eve\n(B) Eli, Eve, Amy",
     "line 3, column 5: cannot read the option 'Eve, Eli, Eve': expected all 3 golfers in order, each once"),
])
def test_option_errors(question, message):
    with pytest.raises(PuzzleError) as err:
        read("There are three golfers: Amy, Eli, and Eve. Eve won.\n" + question)
    assert err.value.message == message


def test_questions_about_two():
    text = (GOLF + "Eve won. Amy finished last. Eli finished above Joe. Who finished higher, Joe or Amy? Who "
            "finished second, Joe or Ana? Who finished fourth, Joe, Eli, or Ana?\nWho finished lower, Eli or Joe?\n"
            "(A) Eli\n(B) Joe")
    assert answers(text) == [{"question": "Who finished higher, Joe or Amy?", "answer": "Joe"},
                             {"question": "Who finished second, Joe or Ana?", "answer": "undetermined"},
                             {"question": "Who finished fourth, Joe, Eli, or Ana?", "answer": "undetermined"},
                             {"question": "Who finished lower, Eli or Joe?", "answer": "Joe", "option": "B"}]


def test_a_thing_named_like_a_framing_word_is_read():
    text = "A city has three towers: Box, Fir, and Ash. Box is the tallest, and Ash is shorter than Fir. Who is the shortest?"
    assert [c.text for c in read(text).puzzle.constraints] == ["Box is the tallest, and Ash is shorter than Fir."]
    assert answers(text) == [{"question": "Who is the shortest?", "answer": "Ash"}]
    with pytest.raises(PuzzleError, match="cannot read 'Box your answer.'"):
        read(text + " Box your answer.")


def test_questions_that_ask_nothing_are_passed_over():
    text = GOLF + "Eli won. Who knows? What do you think? Is this hard? Who won?"
    r = read(text)
    assert [s.text for s in r.ignored] == ["Who knows?", "What do you think?", "Is this hard?"]
    assert answers(text) == [{"question": "Who won?", "answer": "Eli"}]


def test_false_option_question():
    text = ("There are three golfers: Amy, Eli, and Eve. Eve finished first. Eli finished second. Which of the "
            "following is false?\n(A) Eve finished first\n(B) Amy finished last\n(C) Amy finished above Eli")
    assert answers(text) == [{"question": "Which of the following is false?", "answer": "Amy finished above Eli",
                              "option": "C"}]


def test_settings():
    for text, values in [
        ("There are four books on a shelf. They are red, blue, green and black. The red book is the leftmost.",
         ["red", "blue", "green", "black"]),
        ("Three friends — Ann, Bob, and Cat — ran a race. Ann won.", ["Ann", "Bob", "Cat"]),
        ("Three friends (Ann, Bob and Cat) ran a race. Ann won.", ["Ann", "Bob", "Cat"]),
        ("Ann, Bob, and Cat ran a race. Ann won.", ["Ann", "Bob", "Cat"]),
        ("The golfers are Amy, Eli and Eve. Amy won.", ["Amy", "Eli", "Eve"]),
        ("On a branch, there are three birds: a hummingbird, a blue jay, and an owl. The owl is the leftmost.",
         ["hummingbird", "blue jay", "owl"]),
    ]:
        grid = read(text).puzzle.grid
        assert list(grid.categories[0][1]) == values and grid.houses == len(values)
    assert read("There are four books on a shelf. They are red, blue, green and black. The red book is the "
                "leftmost.").puzzle.grid.categories[0][0] == "book"
    assert read("Ann, Bob, and Cat ran a race. Ann won.").puzzle.grid.categories[0][0] == "object"


def test_ignored_sentences():
    text = ("Here is a puzzle. It was a sunny day at the club. " + GOLF + "The crowd cheered loudly. Eli won. "
            "Think step by step. Who finished first?")
    r = read(text)
    assert [s.text for s in r.ignored] == ["Here is a puzzle.", "It was a sunny day at the club.",
                                           "The crowd cheered loudly.", "Think step by step."]


@pytest.mark.parametrize("text, message", [
    (GOLF + "Zed finished below Amy.",
     "line 1, column 77: cannot read 'Zed finished below Amy.': 'Zed' is not one of the golfers (Amy, Eli, Eve, Joe, "
     "Ana)"),
    (GOLF + "Amy finished sixth.", "line 1, column 77: cannot read 'Amy finished sixth.': there is no sixth place "
                                   "among 5 golfers"),
    ("There are four golfers: Amy, Eli, Eve, and Joe. Joe finished in the middle.",
     "line 1, column 49: cannot read 'Joe finished in the middle.': 4 golfers have no middle one"),
    (KIDS + "Ann is older than Bob. Cat is taller than Ann.",
     "line 1, column 82: cannot read 'Cat is taller than Ann.': it orders the siblings by height, but 'Ann is older "
     "than Bob.' orders them by age; a puzzle of this kind orders its things in one way only"),
    (BOOKS + "The red book is first. The blue book is to the left of the red book.",
     "line 1, column 128: cannot read 'The blue book is to the left of the red book.': it orders the books by left "
     "and right, but 'The red book is first.' orders them by finishing place; a puzzle of this kind orders its "
     "things in one way only"),
    (KIDS + "Ann is older than Ann.", "line 1, column 59: cannot read 'Ann is older than Ann.': it compares Ann with "
                                      "itself"),
    (KIDS + "Ann likes Bob.", "line 1, column 59: cannot read 'Ann likes Bob.': expected one of the siblings and its "
                              "place ('is the second from the left', 'finished third', 'is the oldest', 'is the "
                              "cheapest') or how it compares with another ('is to the left of', 'finished above', "
                              "'is older than', 'is more expensive than')"),
    (KIDS + "Ann is two years older than Bob.",
     "line 1, column 59: cannot read 'Ann is two years older than Bob.': expected one of the siblings and its place "
     "('is the second from the left', 'finished third', 'is the oldest', 'is the cheapest') or how it compares with "
     "another ('is to the left of', 'finished above', 'is older than', 'is more expensive than')"),
    (KIDS + "The oldest is the tallest.",
     "line 1, column 59: cannot read 'The oldest is the tallest.': it names none of the siblings (Ann, Bob, Cat, Dan, "
     "Ed)"),
    ("There are four golfers: Amy, Eli, and Eve. Amy won.",
     "line 1, column 1: the text says there are 4 golfers but lists 3: Amy, Eli, Eve"),
    (GOLF + "Which of the following is true?",
     "line 1, column 77: the question 'Which of the following is true?' asks which of the following holds, but no "
     "options follow it (write them as '(A) …', '(B) …')"),
    (GOLF + "Which of the following could be true?\n(A) Amy won\n(B) Eli won",
     "line 1, column 77: cannot read the question 'Which of the following could be true?': it asks what could be "
     "true; ask what is true"),
    (GOLF + "What is the order?",
     "line 1, column 77: cannot read the question 'What is the order?': say from which end to which ('from left to "
     "right', 'from oldest to youngest')"),
    (GOLF + "Amy won. Options:\n(A) Amy is nice\n(B) Eli won",
     "line 2, column 5: cannot read the option 'Amy is nice': expected one of the golfers and its place ('is the "
     "second from the left', 'finished third', 'is the oldest', 'is the cheapest') or how it compares with another "
     "('is to the left of', 'finished above', 'is older than', 'is more expensive than')"),
    (GOLF + "Who finished first, Amy or Eli?",
     "line 1, column 77: cannot read the question 'Who finished first, Amy or Eli?': it may ask which of them is at "
     "the end of the whole order or which of them comes before the other; reword it"),
    (GOLF + "Who finished above Amy, Eve, or Eli?",
     "line 1, column 77: cannot read the question 'Who finished above Amy, Eve, or Eli?': the names after the comma "
     "may be the ones it asks about or more of the ones it compares with; reword it"),
    (GOLF + "Amy finished above Eli or Joe.",
     "line 1, column 77: cannot read 'Amy finished above Eli or Joe.': '… X or Y' may mean both of them or one of "
     "them; say which"),
    (GOLF + "Amy did not finish above Eli and Joe.",
     "line 1, column 77: cannot read 'Amy did not finish above Eli and Joe.': 'not' before two of the things may "
     "mean 'not both' or 'neither'; say it of each"),
    (GOLF + "Amy didn't finish above anyone.",
     "line 1, column 77: cannot read 'Amy didn't finish above anyone.': 'not' with 'everyone' or 'anyone' may mean "
     "'not the first' or 'the last'; say which"),
    (GOLF + "Rank the golfers from A to Z.",
     "line 1, column 77: cannot read the question 'Rank the golfers from A to Z.': 'a' and 'z' are not the two ends "
     "of an order this reader knows ('from left to right', 'from oldest to youngest', 'from first to last', 'from "
     "cheapest to most expensive')"),
    (GOLF + "Amy won. Is Amy older than Eli?",
     "line 1, column 86: cannot read 'Is Amy older than Eli?': it orders the golfers by age, but 'Amy won.' orders "
     "them by finishing place; a puzzle of this kind orders its things in one way only"),
    ("It was a sunny day.", "cannot read the puzzle: expected a sentence listing the things to order, such as 'There "
                            "are three golfers: Amy, Eli, and Eve.'"),
])
def test_errors(text, message):
    with pytest.raises(PuzzleError) as err:
        read(text)
    assert err.value.message == message


@pytest.mark.parametrize("text, claimed", [
    (BOOKS + "The red book is the leftmost.", True),
    (GOLF + "Amy finished above Eli.", True),
    ("The following paragraphs each describe a set of three objects arranged in a fixed order. Whatever.", True),
    (KIDS + "Ann is older than Bob. Who is the youngest?", True),
    ("Ann, Bob and Cat are siblings.", False),  # no order word
    ("There are three houses in a row, numbered 1 to 3 from left to right. The people are Ann, Bob and Cat. "
     "Ann lives in the first house.", False),
    ("Three people stand in a line. Their names are Ann, Bob and Cat. The drinks are tea, coffee and milk. Ann is "
     "to the left of Bob.", False),
    ("On an island there are three inhabitants: Ann, Bob and Cat. Knights always tell the truth. Ann says Bob is "
     "older than Cat.", False),
])
def test_is_order_text(text, claimed):
    assert is_order_text(text) is claimed


def test_round_trip_through_toml():
    text = (GOLF + "Eve finished above Amy. Eli finished last. Ana finished between Joe and Eve. Joe won. "
            "Who finished second?\n(A) Amy\n(B) Ana\n(C) Eve\nWhat is the order from first to last?")
    puzzle = read(text).puzzle
    back = grid_from_dict(tomllib.loads(dumps_puzzle(puzzle)))
    assert wrap(back).solve().to_dict()["answers"] == wrap(puzzle).solve().to_dict()["answers"] == [
        {"question": "Who finished second?", "answer": "Ana", "option": "B"},
        {"question": "What is the order from first to last?", "answer": "Joe, Ana, Eve, Amy, and Eli"}]


def test_through_smullyan_read():
    from smullyan import read as read_text
    from smullyan.english.read import family

    text = GOLF + "Eve finished above Amy. Eli finished last. Ana finished between Joe and Eve. Joe won. Who won?"
    if family(text) != "order":
        pytest.skip("the dispatcher does not route ordering texts yet")
    assert read_text(text).solve().to_dict()["answers"] == [{"question": "Who won?", "answer": "Joe"}]


from textgen.orders import make_puzzle  # noqa: E402  (the generator of ordering texts)


def test_generated_puzzles():
    rng = random.Random(14)
    wrong, times = [], []
    for _ in range(100):
        text, expected = make_puzzle(rng)
        assert is_order_text(text), text
        start = time.perf_counter()
        reading = read(text)
        times.append(time.perf_counter() - start)
        got = wrap(reading.puzzle).solve().to_dict()["answers"]
        if got != expected:
            wrong.append((text, got, expected))
    assert not wrong, wrong[:3]
    assert statistics.median(times) < 0.05


def test_the_section_sign_in_a_text_is_punctuation_not_a_mark():
    """The reader marks things as '§i'; a '§0' the writer typed never stands for the first thing."""
    golf = "In a golf tournament, there were three golfers: Amy, Eli, and Eve. "
    assert clue_json(golf + "§ Eve finished above Amy. Eli finished below Amy.") == [
        ["left_of", "golfer:Eve", "golfer:Amy"], ["right_of", "golfer:Eli", "golfer:Amy"]]
    with pytest.raises(PuzzleError) as err:
        read(golf + "Eve finished above @@0@@. Eli finished below Amy.")
    assert err.value.message.startswith("line 1, column 68: cannot read 'Eve finished above @@0@@.': expected one "
                                        "of the golfers and its place")
    with pytest.raises(PuzzleError) as err:
        read(golf + "Eve finished above §0 Amy. Eli finished below Amy.")
    assert err.value.message.startswith("line 1, column 68: cannot read 'Eve finished above §0 Amy.': expected one "
                                        "of the golfers and its place")
