"""The grid reader (english/grid.py): grids as people write them, read exactly, questions answered.

Each phrasing is pinned to the clue it must mean (the clue language's JSON), each error to its message,
each text to the sentences it passes over; ambiguous or unknown wordings are errors, never guesses.
"""

import statistics
import time

import pytest

import smullyan
from smullyan.deduce.solve import solve_deduction
from smullyan.english.grid import read_grid
from smullyan.english.read import family
from smullyan.english.sentences import split_sentences
from smullyan.errors import PuzzleError
from smullyan.render.deduction import answers, grid_rows

from conftest import EXAMPLES, shared

BASE = """There are three houses in a row, numbered 1 to 3 from left to right.
The people are Alice, Bob and Carol.
Each person has a different favourite drink: tea, coffee or milk.
The pets are a cat, a dog and a fish.
"""
FIVE = """Five people sit in a row of seats, numbered 1 to 5 from left to right.
The people are Alice, Bob, Carol, Dave and Eve.
The drinks are tea, coffee, milk, water and juice.
"""
QUEUE = """Four people stand in a queue, one behind the other. Position 1 is at the front.
Their names are Ann, Ben, Cal and Dee.
"""


def read(text):
    return read_grid(text, split_sentences(text))


def last_clue(base, sentence):
    return read(base + sentence + "\n").puzzle.constraints[-1].source


def solved(text):
    reading = read(text)
    res = solve_deduction(reading.puzzle)
    return reading, res, {a["question"]: (a["answer"], a.get("option")) for a in answers(reading.puzzle, res)}


A, B, C = "name:Alice", "name:Bob", "name:Carol"
TEA, COFFEE, MILK = "favourite drink:tea", "favourite drink:coffee", "favourite drink:milk"
CAT, DOG, FISH = "pet:cat", "pet:dog", "pet:fish"


@pytest.mark.parametrize("sentence, expr", [
    # the same house
    ("Alice drinks tea.", ["same", A, TEA]),
    ("The tea drinker is Bob.", ["same", TEA, B]),
    ("The person who owns the cat drinks milk.", ["same", CAT, MILK]),
    ("Whoever keeps the dog is Carol.", ["same", DOG, C]),
    ("Bob's favourite drink is coffee.", ["same", B, COFFEE]),
    ("The fish is kept by Alice.", ["same", FISH, A]),
    ("Carol keeps dogs.", ["same", C, DOG]),
    ("The cats' owner is Bob.", ["same", CAT, B]),
    # negation
    ("Bob does not drink tea.", ["not", ["same", B, TEA]]),
    ("Bob doesn't drink tea.", ["not", ["same", B, TEA]]),
    ("The tea drinker isn't Carol.", ["not", ["same", TEA, C]]),
    ("Carol never keeps the fish.", ["not", ["same", C, FISH]]),
    # positions
    ("Alice lives in the third house.", ["at", A, 3]),
    ("Alice is in house 3.", ["at", A, 3]),
    ("Alice is in house number 2.", ["at", A, 2]),
    ("Alice lives in the 2nd house.", ["at", A, 2]),
    ("The tea drinker is third.", ["at", TEA, 3]),
    ("Bob lives in the middle house.", ["at", B, 2]),
    ("Bob is in the middle.", ["at", B, 2]),
    ("Carol lives at the far left.", ["at", C, 1]),
    ("Carol is at the far right.", ["at", C, 3]),
    ("The dog owner lives in the last house.", ["at", DOG, 3]),
    ("Carol is the leftmost.", ["at", C, 1]),
    ("Alice lives in the second house from the right.", ["at", A, 2]),
    ("Alice lives in the first house from the right.", ["at", A, 3]),
    ("Alice lives in the second-to-last house.", ["at", A, 2]),
    ("The first house is Bob's.", ["at", B, 1]),
    ("The person in the first house drinks milk.", ["at", MILK, 1]),
    ("In the middle house they drink milk.", ["at", MILK, 2]),
    ("Alice is not in the first house.", ["not_at", A, 1]),
    ("The person in the third house doesn't keep the cat.", ["not_at", CAT, 3]),
    ("Bob's house number is odd.", ["or", ["at", B, 1], ["at", B, 3]]),
    ("Bob lives in an even-numbered house.", ["at", B, 2]),
    ("Bob lives in an odd-numbered house.", ["or", ["at", B, 1], ["at", B, 3]]),
    ("The fish owner lives at one of the ends.", ["or", ["at", FISH, 1], ["at", FISH, 3]]),
    ("The fish owner lives at an end.", ["or", ["at", FISH, 1], ["at", FISH, 3]]),
    ("Carol is either first or last.", ["or", ["at", C, 1], ["at", C, 3]]),
    ("The fish owner is not at one of the ends.", ["not", ["or", ["at", FISH, 1], ["at", FISH, 3]]]),
    # immediately left or right
    ("Alice is on the immediate left of Bob.", ["directly_left", A, B]),
    ("Alice is on the immediate right of Bob.", ["directly_right", A, B]),
    ("Alice lives directly to the left of Bob.", ["directly_left", A, B]),
    ("Alice lives immediately to the left of the tea drinker.", ["directly_left", A, TEA]),
    ("Alice is just to the left of Bob.", ["directly_left", A, B]),
    ("Alice is directly left of Bob.", ["directly_left", A, B]),
    ("Carol is immediately to the right of the cat owner.", ["directly_right", C, CAT]),
    ("Carol lives right of the cat owner.", ["right_of", C, CAT]),
    ("Alice is on the left of Bob.", ["directly_left", A, B]),  # the classic puzzles' idiom
    ("Carol lives one house to the right of Bob.", ["directly_right", C, B]),
    ("Carol lives two houses to the right of Alice.", ["and", ["between", C, A, 1], ["right_of", C, A]]),
    ("Next to Bob lives Carol.", ["next_to", C, B]),
    ("Directly left of Bob lives Alice.", ["directly_left", A, B]),
    # somewhere left or right
    ("Alice is somewhere to the left of Bob.", ["left_of", A, B]),
    ("Alice lives to the left of Bob.", ["left_of", A, B]),
    ("Alice lives further left than Bob.", ["left_of", A, B]),
    ("The milk drinker is somewhere to the right of the dog owner.", ["right_of", MILK, DOG]),
    # next to, not next to
    ("Alice lives next to Bob.", ["next_to", A, B]),
    ("Alice is adjacent to the milk drinker.", ["next_to", A, MILK]),
    ("Alice is beside Carol.", ["next_to", A, C]),
    ("Alice and Bob are neighbours.", ["next_to", A, B]),
    ("Alice and Bob are next to each other.", ["next_to", A, B]),
    ("Alice and Bob live in adjacent houses.", ["next_to", A, B]),
    ("Alice neighbours Bob.", ["next_to", A, B]),
    ("The cat owner has a neighbour who drinks tea.", ["next_to", CAT, TEA]),
    ("Alice lives next door to Bob.", ["next_to", A, B]),
    ("Alice does not live next to Bob.", ["not", ["next_to", A, B]]),
    ("Alice and Bob are not neighbours.", ["not", ["next_to", A, B]]),
    ("Alice lives next to the first house.", ["at", A, 2]),
    # between
    ("There is one house between Alice and the dog owner.", ["between", A, DOG, 1]),
    ("There is exactly one house between Alice and Bob.", ["between", A, B, 1]),
    ("There is one person between Alice and Bob.", ["between", A, B, 1]),
    ("Alice and Bob have one house between them.", ["between", A, B, 1]),
    ("Exactly one person lives between Alice and Bob.", ["between", A, B, 1]),
    # several facts, either, neither
    ("Alice drinks tea and lives in the first house.", ["and", ["same", A, TEA], ["at", A, 1]]),
    ("Bob keeps the dog, and Carol drinks milk.", ["and", ["same", B, DOG], ["same", C, MILK]]),
    ("Bob keeps the dog but does not drink tea.", ["and", ["same", B, DOG], ["not", ["same", B, TEA]]]),
    ("Either Alice or Bob drinks tea.", ["or", ["same", A, TEA], ["same", B, TEA]]),
    ("Alice drinks either tea or milk.", ["or", ["same", A, TEA], ["same", A, MILK]]),
    ("Either Alice drinks tea, or Bob lives in the first house.", ["or", ["same", A, TEA], ["at", B, 1]]),
    ("Neither Alice nor Bob keeps the fish.", ["and", ["not", ["same", A, FISH]], ["not", ["same", B, FISH]]]),
    ("It is not the case that Carol is in the second house.", ["not", ["at", C, 2]]),
    ("Alice is directly left of or directly right of Bob.", ["or", ["directly_left", A, B], ["directly_right", A, B]]),
])
def test_clue_phrasings(sentence, expr):
    assert last_clue(BASE, sentence) == expr


@pytest.mark.parametrize("sentence, expr", [
    ("Dee is immediately behind Ann.", ["directly_right", "name:Dee", "name:Ann"]),
    ("Dee stands right behind Ann.", ["directly_right", "name:Dee", "name:Ann"]),
    ("Dee is just ahead of Ann.", ["directly_left", "name:Dee", "name:Ann"]),
    ("Dee is directly in front of Ann.", ["directly_left", "name:Dee", "name:Ann"]),
    ("Dee is somewhere behind Ann.", ["right_of", "name:Dee", "name:Ann"]),
    ("Dee stands closer to the front than Ann.", ["left_of", "name:Dee", "name:Ann"]),
    ("Dee is first in line.", ["at", "name:Dee", 1]),
    ("Dee is at the back of the queue.", ["at", "name:Dee", 4]),
    ("Dee is second from the back of the queue.", ["at", "name:Dee", 3]),
    ("Dee is third in the queue.", ["at", "name:Dee", 3]),
    ("Dee stands in position 2 of the queue.", ["at", "name:Dee", 2]),
])
def test_queue_phrasings(sentence, expr):
    assert last_clue(QUEUE, sentence) == expr


def test_on_the_immediate_left_is_directly_left_in_classic_texts_too():
    # the classic reader once read this as 'the same house'
    text = ("There are three houses.\nThe Welshman lives in the red house.\nThe green house is on the immediate left "
            "of the red house.\nThe Scot lives in the blue house.\nThe Irishman lives in the first house.\n")
    assert read(text).puzzle.constraints[1].source == ["directly_left", "color:green", "color:red"]


@pytest.mark.parametrize("setting, categories", [
    ("There are three houses. Each person has a different favourite drink: tea, coffee or milk. The pets are a cat, "
     "a dog and a fish.", {"favourite drink": ["tea", "coffee", "milk"], "pet": ["cat", "dog", "fish"]}),
    ("Alice, Bob and Carol sit in a row. The drinks are tea, coffee and milk.",
     {"name": ["Alice", "Bob", "Carol"], "drink": ["tea", "coffee", "milk"]}),
    ("Three friends, Alice, Bob and Carol, sit in a row of seats. One of them keeps a cat, one a dog and one a fish.",
     {"name": ["Alice", "Bob", "Carol"], "pet": ["cat", "dog", "fish"]}),
    ("Three people stand in a line. Their names are Alice, Bob and Carol. Each of them drinks exactly one of tea, "
     "coffee and milk, and no two drink the same.", {"name": ["Alice", "Bob", "Carol"], "drink": ["tea", "coffee", "milk"]}),
    ("Three houses stand side by side. Among them are the Brit, the Dane and the Swede, one each. The houses are red, "
     "green and blue, in some order.", {"nationality": ["Brit", "Dane", "Swede"], "color": ["red", "green", "blue"]}),
    ("There are 2 houses.\n - Each person has a unique name: `Arnold`, `Eric`\n - Each person has an occupation: "
     "`engineer`, `doctor`", {"name": ["Arnold", "Eric"], "occupation": ["engineer", "doctor"]}),
    ("Three people are seated in a row. One of them is a painter, one a nurse and one a pilot. Each person wears a "
     "shirt of a different colour: red, blue or black.", {"job": ["painter", "nurse", "pilot"],
                                                          "colour": ["red", "blue", "black"]}),
])
def test_characteristics_in_prose(setting, categories):
    puzzle = read(setting + "\n").puzzle
    assert {c: list(v) for c, v in puzzle.grid.categories} == categories
    assert puzzle.grid.houses == len(next(iter(categories.values())))


PUZZLE = BASE + """Clues:
1. Alice lives in the first house.
2. Carol lives directly right of Bob.
3. The tea drinker is Alice.
4. Bob does not drink milk.
5. The dog owner drinks coffee.
6. The fish is kept by Carol
"""


@pytest.mark.parametrize("question, answer", [
    ("Who keeps the fish?", "Carol"),
    ("Who drinks milk?", "Carol"),
    ("Who lives in the second house?", "Bob"),
    ("Who lives next to Bob?", "Alice and Carol"),
    ("Whose favourite drink is coffee?", "Bob"),
    ("Which person owns the cat?", "Alice"),
    ("What does Bob drink?", "coffee"),
    ("What is the pet of the person in the third house?", "fish"),
    ("What is Carol's favourite drink?", "milk"),
    ("Which pet does Alice keep?", "cat"),
    ("What animal does the coffee drinker have?", "dog"),
    ("In which house does Carol live?", "3"),
    ("Which house is the cat owner in?", "1"),
    ("Where does Bob live?", "2"),
    ("Is Alice next to Carol?", "no"),
    ("Does Bob keep the dog?", "yes"),
    ("Is the tea drinker Alice?", "yes"),
    ("Q: Who keeps the dog?", "Bob"),
    ("Can you figure out who drinks tea?", "Alice"),
])
def test_questions_answered(question, answer):
    reading, res, got = solved(PUZZLE + question + "\n")
    assert res.unique
    asked = reading.puzzle.questions[0].text
    assert got[asked] == (answer, None)


def test_multiple_choice_options():
    text = PUZZLE + """Which of the following is true?
A) Bob keeps the cat.
B) Alice drinks tea.
C) Carol is in the middle.
Who owns the dog?
Options: (A) Alice (B) Bob (C) Carol
What does Carol drink?
1) tea
2) milk.
In which house is the dog owner?
(a) the first house
(b) house 2
"""
    reading, res, got = solved(text)
    assert got == {"Which of the following is true?": ("Alice drinks tea.", "B"),
                   "Who owns the dog?": ("Bob", "B"), "What does Carol drink?": ("milk.", "2"),
                   "In which house is the dog owner?": ("house 2", "b")}
    assert [s.text for s in reading.ignored] == ["Clues:", "Options:"]
    q = reading.puzzle.questions[0]
    assert [(c.label, c.answer, c.source) for c in q.choices] == [
        ("A", "Bob keeps the cat.", ["same", B, CAT]), ("B", "Alice drinks tea.", ["same", A, TEA]),
        ("C", "Carol is in the middle.", ["at", C, 2])]


def test_who_answers_with_names_else_nationality_else_the_first_characteristic():
    three = "There are three houses.\n"
    text = three + "The nationalities are Brit, Dane and Swede.\nThe drinks are tea, coffee and milk.\n" \
        "The Brit drinks tea. The Dane drinks coffee. The Brit lives directly left of the Dane. The Swede is last.\n" \
        "Who drinks milk?\nWho is the Dane?\n"
    _, res, got = solved(text)
    assert got == {"Who drinks milk?": ("Swede", None), "Who is the Dane?": ("coffee", None)}
    text = three + "The drinks are tea, coffee and milk.\nThe pets are a cat, a dog and a fish.\nThe tea drinker keeps " \
        "the cat. The coffee drinker keeps the dog. The cat owner lives in the first house. The dog owner lives in " \
        "the second house.\nWho keeps the fish?\n"
    assert solved(text)[2] == {"Who keeps the fish?": ("milk", None)}


def test_framing_and_story_sentences_are_passed_over():
    text = """# A logic puzzle
Here is a puzzle for you. Three friends met for lunch yesterday.
""" + BASE + """
**Clues:**
1. Alice lives in the first house.
2. Carol lives directly right of Bob.
3. The tea drinker is Alice.
4. Bob does not drink milk.
5. The dog owner drinks coffee.
6. The fish is kept by Carol.

Think step by step. Who keeps the fish?
Can you solve this one?
Format your answer as a name.
"""
    reading, res, got = solved(text)
    assert got == {"Who keeps the fish?": ("Carol", None)}
    assert [s.text for s in reading.ignored] == [
        "A logic puzzle", "Here is a puzzle for you.", "Three friends met for lunch yesterday.", "Clues:",
        "Think step by step.", "Can you solve this one?", "Format your answer as a name."]


@pytest.mark.parametrize("sentence, message", [
    ("Alice hums near Bob.",
     "line 5, column 1: cannot read 'Alice hums near Bob.': expected one of the puzzle's values and a position (is "
     "in the third house, is at one of the ends), or two values and a relation (is, is not, lives next to, is directly "
     "left of, is somewhere to the right of, There is one house between … and …) (it has the word 'near', which this "
     "reader does not read here)"),
    ("Alice hates tea.", "line 5, column 1: cannot read 'Alice hates tea.': expected one of the puzzle's values"),
    ("Alice is on the left.", "line 5, column 1: cannot read 'Alice is on the left.': expected one of the puzzle's "),
    ("Alice is Bob.", "line 5, column 1: cannot read 'Alice is Bob.': expected values of two characteristics for 'is' "
     "(both are name values)"),
    ("Alice lives in the fifth house.",
     "line 5, column 1: cannot read 'Alice lives in the fifth house.': expected a position from 1 to 3 (there is no "
     "fifth)"),
    ("Alice Bob.", "line 5, column 1: cannot read 'Alice Bob.': expected one of the puzzle's values and a position"),
    ("Alice lives next to Bob, which is next to the fish.",
     "line 5, column 1: cannot read 'Alice lives next to Bob, which is next to the fish.': expected"),
    ("Alice lives next to the tea drinker and the cat owner.",
     "line 5, column 1: cannot read 'Alice lives next to the tea drinker and the cat owner.': expected a verb after "
     "'and'"),
    ("Alice lives next to Bob and Carol.", "line 5, column 1: cannot read 'Alice lives next to Bob and Carol.': expected"),
    ("Alice is behind Bob.", "line 5, column 1: cannot read 'Alice is behind Bob.': expected"),
    ("Nobody lives in the first house.", "line 5, column 1: cannot read 'Nobody lives in the first house.': expected"),
])
def test_unreadable_sentences_are_errors(sentence, message):
    with pytest.raises(PuzzleError) as err:
        read(BASE + sentence + "\n")
    assert err.value.message.startswith(message)


def test_ambiguous_and_impossible_texts_are_errors():
    shared_value = ("There are two houses.\nEach person has a different favourite colour: red, blue.\nEach person "
                    "has a different car colour: red, green.\nThe drinks are tea and milk.\nThe tea lover likes red.\n")
    with pytest.raises(PuzzleError) as err:
        read(shared_value)
    assert err.value.message == ("line 5, column 1: cannot read 'The tea lover likes red.': expected 'red' with its "
                                 "characteristic ('the person whose favourite colour is red'): it may be the favourite "
                                 "colour or the car colour value")
    assert read(shared_value.replace("likes red", "has a car whose colour is red")).puzzle.constraints[0].source == [
        "same", "drink:tea", "car colour:red"]
    with pytest.raises(PuzzleError) as err:
        read("There are four houses.\nThe people are A1, Bo, Cy and Di.\nBo lives in the middle house.\n")
    assert err.value.message == ("line 3, column 1: cannot read 'Bo lives in the middle house.': expected an odd "
                                 "number of positions for 'the middle' (there are 4)")
    with pytest.raises(PuzzleError) as err:
        read("There are four houses.\nThe drinks are tea, coffee and milk.\n")
    assert err.value.message == "the drink values listed (tea, coffee, milk) are 3, not one per position (4)"
    with pytest.raises(PuzzleError) as err:
        read(BASE + "Who hums near Bob?\n")
    assert err.value.message.startswith("line 5, column 1: cannot read 'Who hums near Bob?'")


def test_shared_values_are_told_apart_by_their_noun_phrase():
    text = ("There are two houses.\nEach person has a different name: Alice, Bob.\nEach person has a different "
            "child: Alice, Fred.\nThe person whose child is Alice is Bob.\nAlice is in the first house.\n")
    puzzle = read(text).puzzle
    assert [c.source for c in puzzle.constraints] == [["same", "child:Alice", "name:Bob"], ["at", "name:Alice", 1]]


def test_the_reading_is_deterministic_and_fast():
    text = PUZZLE + "Who keeps the fish?\n"
    assert read(text) == read(text)
    rows = shared("zebra/zebralogic_final_with_solutions.jsonl").read_text().splitlines()[:60]
    import json
    texts = [json.loads(r)["puzzle"] for r in rows] + [text, FIVE]
    times = []
    for t in texts:
        start = time.perf_counter()
        read(t)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.05


def test_the_dispatch_sends_grid_texts_here():
    assert family(PUZZLE) == "grid"
    assert family((EXAMPLES / "three_houses.txt").read_text()) == "grid"


@pytest.mark.parametrize("name, expected", [
    ("three_houses.txt", {"Who drinks milk?": "Welshman", "Who owns the dog?": "Welshman"}),
    ("zebralogic_3x3.txt", {}),
])
def test_grid_examples_are_solved(name, expected):
    result = smullyan.read((EXAMPLES / name).read_text()).solve().to_dict()
    assert {a["question"]: a["answer"] for a in result["answers"]} == expected
    reading = read((EXAMPLES / name).read_text())
    res = solve_deduction(reading.puzzle)
    assert res.unique
    assert len(grid_rows(reading.puzzle, res.worlds[0])) == reading.puzzle.grid.houses


def test_the_section_sign_in_a_text_is_punctuation_not_a_mark():
    """The reader marks values as '§i'; a '§' the writer typed is read as punctuation, never as a value."""
    assert last_clue(BASE, "§ Bob drinks tea.") == ["same", "name:Bob", "favourite drink:tea"]
    with pytest.raises(PuzzleError) as err:
        read(BASE + "Bob drinks §2 tea.\n")
    assert err.value.message.startswith("line 5, column 1: cannot read 'Bob drinks §2 tea.': expected one of the "
                                        "puzzle's values and a position")
    assert err.value.message.endswith("(it has the word '2', which this reader does not read here)")
