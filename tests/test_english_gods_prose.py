"""Gods puzzles as people write them (english/gods_prose.py): texts written independently of the reader
(tests/data/gods_texts*.json, each file by another hand than the reader's and without seeing it, with what
each text must mean or why it must be refused), read to the meaning they state, written back to TOML and read
again, and some of them solved.

Each later file was first read when the reader was done with the ones before: gods_texts_heldout 11 of 30
right (7 of 26 puzzles, all 4 refusals); gods_texts_third 8 of 25 (3 of 20 puzzles, all 5 refusals; three
puzzles misread without an error: names joined by 'and … and', a budget given as the answer to 'How many
questions?', 'a single question'); gods_texts_fourth 23 of 30 (17 of 24 puzzles, all 6 refusals; two misread
without an error: 'the meaning of tam' as a goal, 'Sol is not one of them' passed over); gods_texts_fifth 14 of
30 (10 of 25 puzzles, 4 of 5 refusals; five read to a wrong meaning: 'you do not know which word means yes and
which means no' taken as a goal twice over, a kind defined after 'who' swallowed, a coin choosing the word taken
for a coin choosing truth, a god truthful only about himself read as truthful); gods_texts_sixth 15 of 30 (10 of 24 puzzles, 5 of 6 refusals;
three misread: 'find out what each of the three words means' not taken as a goal, 'a trio of questions' passed over, a
door to find taken for the gods' types); gods_texts_seventh, read after the sixth's fixes, 10 of 30 (5 of 24
puzzles, 5 of 6 refusals; three misread: 'one question per statue' passed over, a goal 'know … which of their two
words means yes' missed, a bent coin not refused); gods_texts_eighth, written to tempt misreadings, 17 of 30 (11 of 24
puzzles, 6 of 6 refusals; seven misread: "O'Neil" cut from the names, 'three (3) questions' split as an option
marker, 'only one is random' passed over, 'lies or tells the truth as a coin decides' read as a liar, 'blurts out ja
or da as a coin decides' read as a coin choosing truth, 'as many questions as there are gods' read as no
budget); gods_texts_ninth, in the registers of the sources people copy from, read after the eighth's fixes: 17 of 30
(12 of 25 puzzles, 5 of 5 refusals; one misread: 'Using only two yes–no questions' with an en dash passed over);
gods_texts_tenth (thirty people writing for a friend), after the ninth's fixes: 17 of 30 (13 of 25
puzzles, 4 of 5 refusals; two misread: 'a single token: either BLIP or BLOP' and '3 prompts' passed over, 'Which door
should you take?' not refused); gods_texts_eleventh, at the model's boundary (15 to read, 15 to refuse), after the
tenth's fixes: 22 of 30 (12 of 15 puzzles, 10 of 15 refusals; six misread, five of them texts the model cannot state
read anyway: a die showing a six, a god lying only about himself, truthful on the first question only, a god who may
keep silent, a number of knaves to find); gods_texts_twelfth, a second corpus at the boundary with every phrasing
paraphrased, after the eleventh's fixes: 18 of 30 (10 of 15 puzzles, 8 of 15 refusals; seven misread, six of them
texts to refuse: a liar honest only about himself, a random god keeping his first word, a word from another tongue,
a goal of pointing to one god who is not random, a knight 'no less than the knave' answering with the opposite of the
truth, a random god only after sunset); gods_texts_thirteenth, mostly refusals (20 to refuse, 10 to read), after the
twelfth's fixes: 23 of 30 (7 of 10 puzzles, 16 of 20 refusals; four misread, all refusals: a god holding the key as
the goal, twins 'always of the same kind', 'should Mira turn out to be truthful, then Nox is truthful too', 'either
three or four gods'). The reader was then
made to read the kinds of sentence it missed, not the texts themselves. Eleven texts are still not read and must
stay errors, never misreadings (KNOWN_UNREAD)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

import smullyan
from smullyan.logic.worlds import assignments_from_allowed, assignments_from_permutation, with_counts

DATA = Path(__file__).resolve().parent / "data"
TEXTS = [t for name in ("gods_texts", "gods_texts_heldout", "gods_texts_third", "gods_texts_fourth", "gods_texts_fifth",
                        "gods_texts_sixth", "gods_texts_seventh", "gods_texts_eighth", "gods_texts_ninth", "gods_texts_tenth",
                        "gods_texts_eleventh", "gods_texts_twelfth", "gods_texts_thirteenth")
         for t in json.loads((DATA / f"{name}.json").read_text())]
KNOWN_UNREAD = {
    "third_formal_sets": "line 1, column 1: cannot read 'Let G = {g1, g2, g3} be a set of gods",  # set notation
    # a remark about the gods no frame reads: an error, not a sentence passed over
    "fifth_philosopher_naysayer": "line 1, column 1: cannot read 'Consider a variant that I find philosophically "
                                  "instructive, since one of its gods says the same thing whatever is asked.'",
    "seventh_crossword_clue_list": "the text never names the gods",  # names given as crossword answers
    "seventh_titles_mountain_beings": "line 1, column 1: the text says 3 gods but names 2 (Keys, Warden)",  # "Sage of Ashes"
    "seventh_verse_four_gods_neither": "line 2, column 1: 4 gods but the kinds add up to 3",  # a verse's parts across lines
    "ninth_wikipedia_rabern_amendment": "line 1, column 8: cannot read 'Rabern and Rabern (2008)",  # a citation's names
    "ninth_kata_who_is_lying": "line 6, column 1: cannot read 'Your function receives an ask(god, question) callback.'",
    "ninth_boardgame_oracle_hunt": "the text never says what the gods may be",  # the kinds as a deck of cards dealt
    "ninth_calendar_one_fewer_question": "line 3, column 64: 4 gods but the kinds add up to 2",  # gods saying the word 'da'
    "tenth_sphinx_story_past_tense": "the text never names the gods",  # "one … called Sahr, the other … called Temet"
    "tenth_titles_truthful_one_joker": "the text never says what the gods may be",  # "are inhabited by spirits: the …"
    "twelfth_pell_quin_rask_one_random_rest_free": "line 1, column 80: cannot read 'As for the remaining two, each is, on "
                                                   "its own account,",  # an aside inside a choice
    "twelfth_five_gods_two_two_one_word_random": "line 1, column 114: cannot read 'A liar's answer is false",  # possessive
    "twelfth_urd_verd_always_no": "line 1, column 53: 2 gods but the kinds add up to 1",
    "thirteenth_two_guards_dialogue": "line 1, column 1: cannot read '\"Two guards,\" the innkeeper said,",  # speech split
    "thirteenth_sages_independent_random": "the text says both which kinds the gods are in some order",  # "one of each"
}
BY_ID = {t["id"]: t for t in TEXTS}


def meaning(puzzle) -> dict:
    """Return what a gods puzzle means: its gods, the type assignments allowed, words, random reading, budget, goal."""
    space = puzzle.model.space
    randoms = any("random" in w.types for w in space.worlds)
    return {"agents": list(space.agents), "assignments": {w.types for w in space.worlds},
            "words": None if tuple(space.words) == ("yes", "no") else [w.lower() for w in space.words],
            "random": space.random_mode if randoms else None, "max_questions": puzzle.model.max_questions,
            "goal": puzzle.model.goal}


def expected(entry: dict) -> dict:
    want = entry["expect"]
    if "types" in want:
        assignments = set(assignments_from_permutation(want["types"]))
    else:
        assignments = set(with_counts(assignments_from_allowed(want["agents"], want["allowed"]), want.get("counts", {})))
    words = None if want["words"] is None else [w.lower() for w in want["words"]]  # answer words read in lower case
    return {"agents": want["agents"], "assignments": assignments, "words": words, "random": want["random"],
            "max_questions": want["max_questions"], "goal": want["goal"]}


@pytest.mark.parametrize("entry", [t for t in TEXTS if "expect" in t and t["id"] not in KNOWN_UNREAD], ids=lambda t: t["id"])
def test_a_text_reads_to_what_it_states_and_back_from_toml(entry):
    puzzle = smullyan.read(entry["text"])
    assert meaning(puzzle) == expected(entry)
    assert meaning(smullyan.loads(puzzle.to_toml())) == expected(entry)


@pytest.mark.parametrize("entry", [t for t in TEXTS if "refuse" in t], ids=lambda t: t["id"])
def test_a_text_the_model_cannot_state_is_refused(entry):
    with pytest.raises(smullyan.BadInput) as err:
        smullyan.read(entry["text"])
    assert err.value.exit_status == 2


@pytest.mark.parametrize("key", sorted(KNOWN_UNREAD))
def test_texts_the_reader_cannot_yet_read_are_errors_not_misreadings(key):
    with pytest.raises(smullyan.BadInput) as err:
        smullyan.read(BY_ID[key]["text"])
    assert str(err.value).startswith(KNOWN_UNREAD[key])


@pytest.mark.parametrize("key, message", [
    ("r_alternator", "line 1, column 1: unknown kind of god 'Switch': smullyan knows gods who always tell the truth, "
                     "always lie, answer at random, or always say the word with one meaning"),
    ("r_weekday", "line 1, column 1: cannot model 'Weekday': a god here answers the same way whatever the day, the "
                  "topic or the earlier answers (truthful, liar, random or one fixed word)"),
    ("r_missing_type", "line 1, column 43: the text never says what D may be"),
    ("r_at_least", "line 1, column 1: 'at least one' cannot be stated: counts of kinds are exact here ('exactly two "
                   "of them are False')"),
    ("r_count_contradiction", "the text says exactly 2 of them are liar, but the gods are truthful, liar, random"),
])
def test_refusals_say_why_and_where(key, message):
    with pytest.raises(smullyan.BadInput) as err:
        smullyan.read(BY_ID[key]["text"])
    assert str(err.value) == message


def test_sentences_about_nothing_in_the_puzzle_are_passed_over_and_listed():
    text = "Let's make it harder. " + BY_ID["c3_two_false"]["text"] + " Good luck!"
    reading = smullyan.read(text)
    assert reading.ignored == ("Let's make it harder.", "Good luck!")


def test_an_unknown_sentence_about_the_gods_is_an_error_at_its_place():
    text = BY_ID["c3_two_false"]["text"] + "\nAlpha hates cheese."
    with pytest.raises(smullyan.BadInput) as err:
        smullyan.read(text)
    assert str(err.value).startswith("line 2, column 1: cannot read 'Alpha hates cheese.' as part of a gods puzzle")


@pytest.mark.parametrize("text, message", [
    ("Gods A, B and C are True, False and Random in some order. They answer 'ja' or 'da'. Their words are "
     "'foo' and 'bar'. Find who is who.", "the text names different answer words"),
    ("Gods A, B and C are True, False and Random in some order. They answer 'ja' or 'da', meaning yes and no. "
     "You may ask three questions. You may ask four questions.", "the text allows different numbers of questions: 3, 4"),
    ("Four gods, A, B and C, are True, False and Random in some order. They answer 'ja' or 'da'. Find who is who.",
     "line 1, column 1: the text says 4 gods but names 3 (A, B, C)"),
    ("Gods A, B and C are True, False and Random in some order. They answer foo, bar or baz. Find who is who.",
     "3 answer words (foo, bar, baz) but the text never says that one means neither yes nor no"),
    ("Gods A, B and C are True, False and Random in some order. True always lies. They answer 'ja' or 'da'.",
     "line 1, column 59: 'True always lies': True is a truthful god, which does not do that"),
    ("Each of A, B and C is True or False. B and C are of the same type. They answer 'ja' or 'da', meaning yes and no.",
     "line 1, column 38: cannot read 'B and C are of the same type.'"),
    ("Each of A, B and C is True or False. If A is True, then B is False. They answer 'ja' or 'da', meaning yes and no.",
     "line 1, column 38: cannot read 'If A is True, then B is False.'"),
    ("A, B and C are True, False and Random in some order; Random tells the truth with probability 2/3. They answer "
     "'ja' or 'da', meaning yes and no in some order.", "line 1, column 1: cannot model 'probability'"),
    ("A, B and C are True, False and Random in some order. Random always lies. They answer 'ja' or 'da', meaning yes "
     "and no.", "line 1, column 54: 'Random always lies': Random is a random god, which does not do that"),
    ("Each of A, B and C is True or False, and at most one of them is False. They answer 'ja' or 'da'.",
     "line 1, column 1: 'at most one' cannot be stated"),
])
def test_texts_at_odds_with_themselves_are_errors(text, message):
    with pytest.raises(smullyan.BadInput) as err:
        smullyan.read(text)
    assert message in str(err.value)


@pytest.mark.parametrize("text, assignments", [
    ("Each of A, B and C is True or False. A is not False. They answer 'ja' or 'da', meaning yes and no.",
     {("truthful", b, c) for b in ("truthful", "liar") for c in ("truthful", "liar")}),
    ("A, B and C are True, False and Random in some order. A is not Random, and B is not False. They answer 'ja' or "
     "'da', meaning yes and no.", {("liar", "random", "truthful"), ("liar", "truthful", "random"),
                                   ("truthful", "random", "liar")}),
])
def test_what_a_god_is_not_removes_those_assignments_and_writes_back(text, assignments):
    puzzle = smullyan.read(text)
    assert {w.types for w in puzzle.model.space.worlds} == assignments
    assert {w.types for w in smullyan.loads(puzzle.to_toml()).model.space.worlds} == assignments


@pytest.mark.parametrize("key, questions, expected", [
    ("c3_island_two_knaves", 2, Fraction(5, 3)),  # three worlds, plain yes and no
    ("c3_all_true_or_false", 4, Fraction(4)),  # sixteen worlds, two words
    ("c4_any_mix_three_words", 4, None),  # the figure: each truthful or liar, foo/bar/baz, under 10 s
    ("c2_two_randoms", None, None),  # T, L, R, R: as many random gods as others, unsolvable
])
def test_read_puzzles_solve(key, questions, expected):
    result = smullyan.read(BY_ID[key]["text"]).solve(limit="60s")
    assert result.questions == questions
    if expected is not None:
        assert result.expected == expected


BOUNDARY_BASE = ("Gods A, B and C are True, False and Random in some order. They answer ja or da, meaning yes and no in "
                 "some order. You may ask three questions. ")


@pytest.mark.parametrize("extra, outcome", [
    ("Random's answer to a question may depend on the answer to the previous question.", "cannot model 'previous question'"),
    ("Later questions may depend on earlier answers.", 12),  # the asker's strategy, no god's behaviour
    ("Random lies whenever he is asked about himself.", "cannot model 'about himself'"),
    ("Random sometimes lies.", "cannot model 'sometimes lies'"),
    ("Random sometimes lies and sometimes tells the truth, depending on a fair coin.", 12),
    ("A is not the one who always lies.", 8),  # a negation, never 'A is the liar'
    ("Some of them are liars.", "cannot read 'Some of them are liars.'"),
    ("The gods are fond of figs.", 12),  # no puzzle word: passed over and listed
    ("The gods hate questions about cheese.", "cannot read 'The gods hate questions about cheese.'"),
    ("Hint: start with A.", 12),
    ("Hint: A and B are of the same kind.", "cannot read 'Hint: A and B are of the same kind.'"),
    ("Before each answer Random rolls a die: on a six he speaks truly, otherwise falsely.", "cannot model the chances of 'die'"),
    ("Before each answer Random rolls a die: on an even number he speaks truly, on an odd number falsely.", 12),
    ("Random keeps silent now and then.", "cannot model 'keeps silent'"),
    ("Find out how many of them are liars.", "cannot model the goal 'Find out how many of them are'"),
    ("The liar is honest when a question concerns only himself and lies otherwise.", "cannot model"),
    ("From then on Random gives the same word to every question.", "cannot model 'From then on'"),
    ("Now and then Random says a word from some other tongue.", "cannot model 'some other tongue'"),
    ("Random lets a fair coin decide only after sunset.", "cannot model 'after sunset'"),
    ("It is enough to point to one god who is certainly not Random.", "cannot model the goal 'point to one god who is"),
    ("The liar lies, and the truthful god, no less than the liar, answers with the opposite of the truth.",
     "is a truthful god, which does not do that"),
    ("None of them answers at random.", "no assignment of the gods' kinds fits what the text says they are not"),
    ("A and B are always of the same kind.", "'are always of the same kind' relates the gods' kinds"),
    ("Should A turn out to be True, then B is True too.", "a condition between the gods' kinds cannot be stated"),
    ("You need only find out which god holds the key.", "cannot model the goal"),
    ("No two of them share a nature.", 12),
])

def test_sentences_at_the_models_boundary_are_read_or_refused_never_half_read(extra, outcome):
    if isinstance(outcome, int):
        assert len(smullyan.read(BOUNDARY_BASE + extra).model.space.worlds) == outcome
    else:
        with pytest.raises(smullyan.BadInput) as err:
            smullyan.read(BOUNDARY_BASE + extra)
        assert outcome in str(err.value)


@pytest.mark.parametrize("text, outcome", [
    ("A and B are two gods. One of them always tells the truth while the other always lies. They answer yes or no. One "
     "question.", 2),
    ("A, B and C are gods. One always tells the truth and never lies, one always lies, and one lies or tells the truth at "
     "random. They answer yes or no. Three questions.", 6),
    ("A, B and C are gods. One always tells the truth, one always lies, and the third tells the truth about the past but "
     "lies about the future. They answer yes or no. Three questions.", "cannot model 'tells the truth about the past but lies"),
    ("A, B and C are gods. One is honest, one is a liar, and one is a joker who lies when it suits him and tells the truth "
     "otherwise. They answer yes or no. Three questions.", "cannot model 'is a joker who lies when it suits him"),
])
def test_a_god_that_both_lies_and_tells_the_truth_needs_a_chance_between_them(text, outcome):
    if isinstance(outcome, int):
        assert len(smullyan.read(text).model.space.worlds) == outcome
    else:
        with pytest.raises(smullyan.BadInput) as err:
            smullyan.read(text)
        assert outcome in str(err.value)



@pytest.mark.parametrize("text, assignments", [
    ("Gorm, Hild and Ivo answer ja or da. Among them is exactly one truth-teller, one liar and one god who always answers "
     "with the word that means no. Gorm is not the one who always answers no. Find who is who.",
     {("truthful", "liar", "constant:no"), ("truthful", "constant:no", "liar"), ("liar", "truthful", "constant:no"),
      ("liar", "constant:no", "truthful")}),
    ("Four gods A, B, C and D answer ja or da. One of them is Random. Each of the others is True or False. Find who is who.",
     {t for t in itertools.product(("truthful", "liar", "random"), repeat=4) if t.count("random") == 1}),
    ("Ann, Bob and Cy answer yes or no in English. One answers each question with 'yes' or 'no' at random, one always "
     "tells the truth and one always lies. Find who is who.", set(itertools.permutations(("random", "truthful", "liar")))),
])
def test_negations_and_choices_read_to_the_assignments_they_state(text, assignments):
    assert {w.types for w in smullyan.read(text).model.space.worlds} == assignments


def test_a_spec_written_one_key_per_line_is_a_gods_puzzle_even_without_a_sentence_about_asking():
    text = "gods: [A, B]\nkinds possible per god: truthful | liar\nanswer words: [ja, da]\nquestions budget: 3\n"
    puzzle = smullyan.read(text)
    assert meaning(puzzle) == {"agents": ["A", "B"], "assignments": set(itertools.product(("truthful", "liar"), repeat=2)),
                               "words": ["ja", "da"], "random": None, "max_questions": 3, "goal": "types"}


def test_a_spec_too_large_to_solve_is_a_limit_not_a_misreading():
    names = ", ".join(f"G{i}" for i in range(60))
    with pytest.raises(smullyan.LimitReached):
        smullyan.read(f"gods: [{names}]\nkinds possible per god: truthful | liar | random\nquestions budget: 3\n")
