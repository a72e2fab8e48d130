"""Knights-and-knaves texts read from English: claims, facts, questions, options, framing, errors.

Each wording is pinned to the expression it must read as (its JSON form, written here by hand), to the
worlds it leaves, or to the exact message of the error it must raise; the K&K benchmark's 6,900 texts
must all read, solve to their published solution and answer their question as the benchmark does.
"""

import json
import statistics
import time

import pytest

from smullyan.deduce.solve import solve_deduction
from smullyan.english.knights import parse_knights, read_knights
from smullyan.english.read import read_text
from smullyan.english.sentences import split_sentences
from smullyan.errors import PuzzleError
from smullyan.render.deduction import answers

from conftest import EXAMPLES, run, shared

KNIGHTS = "Knights always tell the truth, and knaves always lie. "
ABC = KNIGHTS + "You meet three inhabitants: A, B and C. "


def read(text):
    return read_knights(text, split_sentences(text))


def worlds(text):
    return [w.types for w in solve_deduction(parse_knights(text)).worlds]


def answered(text):
    p = parse_knights(text)
    return [(a["question"], a["answer"], a.get("option")) for a in answers(p, solve_deduction(p))]


def error(text):
    with pytest.raises(PuzzleError) as err:
        read(text)
    return err.value.message


T, L, R = "truthful", "liar", "random"


# ------------------------------------------------------------------------------------ the K&K benchmark

@pytest.mark.slow
def test_all_kk_quiz_texts_read_solve_and_answer_their_question():
    rows = [json.loads(x) for x in shared("knights_knaves/kk_clean.jsonl").read_text().splitlines()]
    times = []
    for r in rows:
        start = time.perf_counter()
        reading = read_text(r["quiz"])
        times.append(time.perf_counter() - start)
        p = reading.puzzle
        assert list(p.agents) == r["names"], r["id"]
        res = solve_deduction(p)
        assert [w.types for w in res.worlds] == [tuple(T if b else L for b in r["solution"])], r["id"]
        assert [a["answer"] for a in answers(p, res)] == [r["solution_text"].rstrip(".")], r["id"]
        assert reading.ignored == (), r["id"]
    assert len(rows) == 6900
    assert statistics.median(times) < 0.05


def test_a_kk_text_reads_as_the_benchmark_states_it():
    row = json.loads(shared("knights_knaves/kk_clean.jsonl").read_text().splitlines()[0])
    p = parse_knights(row["quiz"])
    assert p.agents == ("Zoey", "Oliver") and p.display == {T: "knight", L: "knave"}
    assert [c.source for c in p.constraints] == [
        ["says", "Zoey", ["not", ["type", "Oliver", "knight"]]],
        ["says", "Oliver", ["iff", ["type", "Oliver", "knight"], ["type", "Zoey", "knave"]]]]
    (q,) = p.questions
    assert (q.text, q.kind) == ("So who is a knight and who is a knave?", "each")
    assert [c.answer for c in q.choices] == ["Zoey is a knight", "Zoey is a knave", "Oliver is a knight",
                                             "Oliver is a knave"]
    assert answered(row["quiz"]) == [(q.text, "Zoey is a knave, and Oliver is a knight", None)]


# ------------------------------------------------------------------------------------ claims

@pytest.mark.parametrize("claim, expected", [
    ("B is a knight", ["type", "B", "knight"]),
    ("B is not a knave", ["not", ["type", "B", "knave"]]),
    ("B isn't a knight", ["not", ["type", "B", "knight"]]),
    ("B is no knight", ["not", ["type", "B", "knight"]]),
    ("Knight is what B is not", None),
    ("I am a knave", ["type", "A", "knave"]),
    ("I'm not a knight", ["not", ["type", "A", "knight"]]),
    ("B lies", ["type", "B", "liar"]),
    ("B tells the truth", ["type", "B", "truthful"]),
    ("B is lying", ["type", "B", "liar"]),
    ("B is telling the truth", ["type", "B", "truthful"]),
    ("B never lies", ["type", "B", "truthful"]),
    ("B always lies", ["type", "B", "liar"]),
    ("B does not lie", ["not", ["type", "B", "liar"]]),
    ("B is honest", ["type", "B", "truthful"]),
    ("B is a liar", ["type", "B", "liar"]),
    ("B is a knight or a knave", ["or", ["type", "B", "knight"], ["type", "B", "knave"]]),
    ("B is neither a knight nor a knave", ["and", ["not", ["type", "B", "knight"]], ["not", ["type", "B", "knave"]]]),
    ("B and C are knights", ["and", ["type", "B", "knight"], ["type", "C", "knight"]]),
    ("B and C are both knaves", ["and", ["type", "B", "knave"], ["type", "C", "knave"]]),
    ("both B and C are knaves", ["and", ["type", "B", "knave"], ["type", "C", "knave"]]),
    ("B and C are not both knaves", ["not", ["and", ["type", "B", "knave"], ["type", "C", "knave"]]]),
    ("B or C is a knight", ["or", ["type", "B", "knight"], ["type", "C", "knight"]]),
    ("either B or C is a knight", ["or", ["type", "B", "knight"], ["type", "C", "knight"]]),
    ("neither B nor C is a knight", ["and", ["not", ["type", "B", "knight"]], ["not", ["type", "C", "knight"]]]),
    ("B and I are knaves", ["and", ["type", "B", "knave"], ["type", "A", "knave"]]),
    ("only B is a knight", ["and", ["not", ["type", "A", "knight"]], ["type", "B", "knight"],
                            ["not", ["type", "C", "knight"]]]),
    ("B is a knight and C is a knave", ["and", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("B is a knight, C is a knave, and I am a knight",
     ["and", ["type", "B", "knight"], ["type", "C", "knave"], ["type", "A", "knight"]]),
    ("B is a knight but C is a knave", ["and", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("B is a knight or C is a knave", ["or", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("either B is a knight or C is a knave", ["or", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("B is a knight or C is a knave, but not both", ["xor", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("both B is a knight and C is a knave, or I am a knave",
     ["or", ["and", ["type", "B", "knight"], ["type", "C", "knave"]], ["type", "A", "knave"]]),
    ("if B is a knight then C is a knave", ["implies", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("if B is a knight, C is a knave", ["implies", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("If B is a knight, then C is a knave", ["implies", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("if B and C are knights then I am a knave",
     ["implies", ["and", ["type", "B", "knight"], ["type", "C", "knight"]], ["type", "A", "knave"]]),
    ("C is a knave if B is a knight", ["implies", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("B is a knight only if C is a knave", ["implies", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("B is a knight if and only if C is a knave", ["iff", ["type", "B", "knight"], ["type", "C", "knave"]]),
    ("it is not the case that B is a knight", ["not", ["type", "B", "knight"]]),
    ("it is false that both B and C are knights", ["not", ["and", ["type", "B", "knight"], ["type", "C", "knight"]]]),
    ("it is true that B is a knight", ["type", "B", "knight"]),
    ("B and C are of the same kind", ["iff", ["type", "B", T], ["type", "C", T]]),
    ("B and C are the same type", ["iff", ["type", "B", T], ["type", "C", T]]),
    ("B and C are of different kinds", ["xor", ["type", "B", T], ["type", "C", T]]),
    ("B is of a different type from C", ["xor", ["type", "B", T], ["type", "C", T]]),
    ("I am the same kind as C", ["iff", ["type", "A", T], ["type", "C", T]]),
    ("B and C are not the same type", ["xor", ["type", "B", T], ["type", "C", T]]),
    ("exactly one of us is a knight", ["count", "knight", "eq", 1]),
    ("exactly two of us are knaves", ["count", "knave", "eq", 2]),
    ("at least one of us is a knave", ["count", "knave", "ge", 1]),
    ("at most 1 of us is a knight", ["count", "knight", "le", 1]),
    ("more than one of us is a knave", ["count", "knave", "gt", 1]),
    ("fewer than two of us are knights", ["count", "knight", "lt", 2]),
    ("only one of us is a knight", ["count", "knight", "eq", 1]),
    ("exactly one is a knight", ["count", "knight", "eq", 1]),
    ("all of us are knaves", ["count", "knave", "eq", 3]),
    ("we are all knaves", ["count", "knave", "eq", 3]),
    ("we are knaves", ["count", "knave", "eq", 3]),
    ("all three of us are knaves", ["count", "knave", "eq", 3]),
    ("none of us is a knight", ["count", "knight", "eq", 0]),
    ("nobody here is a knight", ["count", "knight", "eq", 0]),
    ("no one among us is a knight", ["count", "knight", "eq", 0]),
    ("someone among us is a knave", ["count", "knave", "ge", 1]),
    ("not all of us are knights", ["count", "knight", "lt", 3]),
    ("exactly one of us tells the truth", ["count", T, "eq", 1]),
    ("at least two of us are lying", ["count", L, "ge", 2]),
    ("there is at least one knave among us", ["count", "knave", "ge", 1]),
    ("there is a knave among us", ["count", "knave", "ge", 1]),
    ("there are no knights here", ["count", "knight", "eq", 0]),
    ("there is exactly one knight among us", ["count", "knight", "eq", 1]),
    ("among us there is exactly one knight", ["count", "knight", "eq", 1]),
    ("exactly one of B and C is a knight", ["count", [["type", "B", "knight"], ["type", "C", "knight"]], "eq", 1]),
    ("at least one of A, B, and C is a knave",
     ["count", [["type", "A", "knave"], ["type", "B", "knave"], ["type", "C", "knave"]], "ge", 1]),
    ("both of them are knaves", ["count", [["type", "B", "knave"], ["type", "C", "knave"]], "eq", 2]),
    ("the others are knaves", ["and", ["type", "B", "knave"], ["type", "C", "knave"]]),
    ("the other two are knaves", ["and", ["type", "B", "knave"], ["type", "C", "knave"]]),
    ("an odd number of us are knights", ["or", ["count", "knight", "eq", 1], ["count", "knight", "eq", 3]]),
    ("one of us is a knight, one is a knave, and one is a knight", None),
    ("B would say that I am a knave", ["says", "B", ["type", "A", "knave"]]),
    ("B would say that he is a knight", ["says", "B", ["type", "B", "knight"]]),
    ("B would say, 'I am a knight'", ["says", "B", ["type", "B", "knight"]]),
    ("B would say, 'C is a knave and I am a knight'",
     ["says", "B", ["and", ["type", "C", "knave"], ["type", "B", "knight"]]]),
    ("B says C lies", ["says", "B", ["type", "C", "liar"]]),
    ("B said that C said that I am a knave", ["says", "B", ["says", "C", ["type", "A", "knave"]]]),
    ("C is a knight and B would tell you that I am a knave",
     ["and", ["type", "C", "knight"], ["says", "B", ["type", "A", "knave"]]]),
    ("I am definitely a knight", ["type", "A", "knight"]),
])
def test_claims_read_as_their_expressions(claim, expected):
    text = ABC + f'A says, "{claim}."'
    if expected is None:
        with pytest.raises(PuzzleError):
            read(text)
        return
    (c,) = read(text).puzzle.constraints
    assert c.source == ["says", "A", expected]
    assert c.label == "statement 1" and c.text == f'A says, "{claim}."'


@pytest.mark.parametrize("claim, message", [
    ("B is a knight and C is a knave or I am a knave",
     "line 1, column 104: the claim joins 'and' with 'or' without saying which comes first; use 'both … and …' or "
     "'either … or …'"),
    ("it is not the case that B is a knight and C is a knave",
     "line 1, column 104: cannot tell where this part of the claim ends; put it last or say it in a sentence of its "
     "own"),
    ("one of us is a knight",
     "line 1, column 104: 'one of' may mean exactly one or at least one; say 'exactly one of' or 'at least one of'"),
    ("neither of us is a knight", "line 1, column 104: 'neither' of 3 people (A, B, C)"),
    ("B and C are knights or knaves",
     "line 1, column 116: 'or' here may mean each one is one or the other, or all are the one or all the other; "
     "say 'both knights or both knaves' or name each"),
    ("B is not a knight or a knave",
     "line 1, column 115: 'not' with several kinds may mean not the one or not the other; say 'neither … nor …' "
     "or 'is not …, and is not …'"),
    ("B is a knight if and only if C is a knight and I am a knave",
     "line 1, column 133: 'if and only if' and 'if' join two single claims; bracket a compound with 'both … and …' "
     "or 'either … or …'"),
    ("if B is a knight then C is a knave and I am a knight",
     "line 1, column 104: cannot tell where the 'then' part ends; make it one claim (bracket with 'both … and …' "
     "or 'either … or …') or split the sentence"),
    ("B would say that C is a knave and I am a knight",
     "line 1, column 104: cannot tell where this part of the claim ends; put it last or say it in a sentence of its "
     "own"),
    ("B is a wizard", "line 1, column 111: unknown role word 'wizard'; the puzzle's roles are knight, knave"),
    ("Dave is a knight", "line 1, column 104: 'Dave' is not one of the inhabitants (A, B, C)"),
    ("you are a knave", "line 1, column 104: 'you' here is nobody the puzzle names; use the name"),
    ("the other is a knave", "line 1, column 104: 'the other' but there are 2 others (B, C)"),
])
def test_ambiguous_or_unknown_claims_are_errors(claim, message):
    assert error(ABC + f'A says, "{claim}."') == message


# ------------------------------------------------------------------------------------ speech frames

@pytest.mark.parametrize("sentence", [
    'A says, "B is a knave."', 'A says: "B is a knave."', 'A said "B is a knave".', 'A: "B is a knave."',
    "A: B is a knave.", 'A claims, "B is a knave."', 'A states, "B is a knave."', 'A declares: "B is a knave."',
    'A insists, "B is a knave."', 'A replies, "B is a knave."', 'A tells you, "B is a knave."',
    'A was heard saying, "B is a knave".', 'A then says, "B is a knave."', 'Then A said, "B is a knave."',
    'According to A, "B is a knave."', "According to A, B is a knave.", 'As A put it, "B is a knave."',
    "In A's words: \"B is a knave.\"", 'In a statement by A: "B is a knave."', '"B is a knave," says A.',
    '"B is a knave," A said.', '"B is a knave" - A.', "A says that B is a knave.", "A says B is a knave.",
    "A claims that B is a knave.", "A tells you that B is a knave.", "A insists that B is a knave.",
    "A says B lies.", "A says that B is lying.", "A’s statement: “B is a knave.”", "A says, ‘B is a knave.’",
    "A says, 'B is a knave.'", "A remarked, «B is a knave».", "A says, “B is a knave”", 'A says to C, "B is a knave."',
])
def test_speech_frames(sentence):
    (c,) = read(ABC + sentence).puzzle.constraints
    assert E_json(c) in (["says", "A", ["type", "B", "knave"]], ["says", "A", ["type", "B", "liar"]])


def E_json(c):
    return c.source


def test_speech_frames_with_several_speakers_quotes_and_hearers():
    p = read(ABC + 'A says, "I am a knave," and B says, "C is a knight." A and C both say, "We are all knaves." '
                   '"I am a knight," says B, "and C is a knave." A tells B that B is a knave. '
                   'C says to B, "You are a knight." A says, "B is a knight. C is a knave."').puzzle
    assert [c.source for c in p.constraints] == [
        ["says", "A", ["type", "A", "knave"]], ["says", "B", ["type", "C", "knight"]],
        ["says", "A", ["count", "knave", "eq", 3]], ["says", "C", ["count", "knave", "eq", 3]],
        ["says", "B", ["and", ["type", "B", "knight"], ["type", "C", "knave"]]],
        ["says", "A", ["type", "B", "knave"]], ["says", "C", ["type", "B", "knight"]],
        ["says", "A", ["type", "B", "knight"]], ["says", "A", ["type", "C", "knave"]]]
    assert [c.label for c in p.constraints] == [f"statement {i}" for i in range(1, 10)]


def test_a_reported_speech_that_runs_into_another_is_an_error():
    assert error(ABC + "A says B is a knave, and C says A is a knight.") == (
        "line 1, column 120: cannot tell whether this is part of what A says; quote A's words or say it in a sentence "
        "of its own")
    p = parse_knights(ABC + 'A says, "B is a knave, and C would say that I am a knight."')
    assert p.constraints[0].source == ["says", "A", ["and", ["type", "B", "knave"], ["says", "C", ["type", "A", "knight"]]]]


def test_reported_pronouns_and_claims_to_be():
    p = read("Zoë tells you that José is a knave. José claims that Zoë and he are both knights. "
             "Zoë claims to be a knight.").puzzle
    assert p.agents == ("Zoë", "José")
    assert [c.source for c in p.constraints] == [
        ["says", "Zoë", ["type", "José", "knave"]],
        ["says", "José", ["and", ["type", "Zoë", "knight"], ["type", "José", "knight"]]],
        ["says", "Zoë", ["type", "Zoë", "knight"]]]
    assert [c.source for c in parse_knights("A says that B is a knight and he is a knave.").constraints] == [
        ["says", "A", ["and", ["type", "B", "knight"], ["type", "A", "knave"]]]]  # reported: "he" is the speaker
    assert error("A says that B would say that he is a knight.") == \
        "line 1, column 30: 'he' may point at B or at A; use the name"
    assert error('A says, "He is a knave."') == "line 1, column 10: 'He' may point at more than one person; use the name"


# ------------------------------------------------------------------------------------ role words

@pytest.mark.parametrize("definition, words, display", [
    ("Knights always tell the truth, and knaves always lie.", ("knight", "knave"), {T: "knight", L: "knave"}),
    ("Knaves always lie, and knights always tell the truth.", ("knight", "knave"), {T: "knight", L: "knave"}),
    ("A very special island is inhabited only by knights and knaves.", ("knight", "knave"),
     {T: "knight", L: "knave"}),
    ("On this island, truth-tellers always tell the truth, and liars always lie.", ("truth-teller", "liar"),
     {T: "truth-teller", L: "liar"}),
    ("Angels always tell the truth and devils always lie.", ("angel", "devil"), {T: "angel", L: "devil"}),
    ("Each inhabitant is either an angel, who always tells the truth, or a devil, who always lies.",
     ("angel", "devil"), {T: "angel", L: "devil"}),
    ("The island is inhabited by Angels, who never lie, and Devils, who never tell the truth.", ("angel", "devil"),
     {T: "angel", L: "devil"}),
    ("An altruist always tells the truth; an egoist always lies.", ("altruist", "egoist"),
     {T: "altruist", L: "egoist"}),
    ("Truthers tell only the truth, while fibbers are always lying.", ("truther", "fibber"),
     {T: "truther", L: "fibber"}),
    ("There are two kinds of people on the island: knights who always tell the truth and knaves who always lie.",
     ("knight", "knave"), {T: "knight", L: "knave"}),
    ("Every inhabitant is a truth-teller or a liar.", ("truth-teller", "liar"), {T: "truth-teller", L: "liar"}),
])
def test_role_definitions(definition, words, display):
    t, l_ = words
    p = read(f'{definition} You meet A and B. A says, "B is {a(l_)}." B says, "A is {a(t)} and I am {a(t)}."').puzzle
    assert p.display == display and p.allowed == ((T, L), (T, L))
    assert [w.types for w in solve_deduction(p).worlds] == [(T, L)]


def a(word):
    return ("an " if word[0] in "aeiou" else "a ") + word


def test_three_kinds_and_exact_counts_of_each():
    text = ("Knights always tell the truth, knaves always lie, and spies can say anything. "
            "Exactly one of A, B and C is a spy, one is a knight and one is a knave.\n"
            'A says: "I am a knight."\nB says: "A is a knave."\nC says: "I am the spy."\nWho is the spy?')
    p = parse_knights(text)
    assert p.display == {T: "knight", L: "knave", R: "spy"} and p.allowed[0] == (T, L, R)
    assert p.constraints[0].source == ["and", ["count", [["type", "A", R], ["type", "B", R], ["type", "C", R]], "eq", 1],
                                       ["count", "knight", "eq", 1], ["count", "knave", "eq", 1]]
    assert worlds(text) == [(T, R, L), (L, T, R), (T, L, R)]
    assert answered(text) == [("Who is the spy?", "undetermined", None)]
    assert sorted(worlds(text.replace('C says: "I am the spy."', 'C says: "A is the spy."'))) == [
        (L, T, R), (R, L, T), (T, L, R), (T, R, L)]


def test_normals_make_lies_and_truth_ambiguous():
    base = "Knights always tell the truth, knaves always lie, and normals sometimes lie and sometimes tell the truth. "
    assert error(base + 'A says, "B is lying."') == ("line 1, column 121: 'lying' is ambiguous when some people may lie "
                                                     "or tell the truth; name the kind ('knight', 'knave')")
    p = parse_knights(base + 'A says, "B is a normal." B says, "A always lies."')
    assert [c.source for c in p.constraints] == [["says", "A", ["type", "B", "normal"]], ["says", "B", ["type", "A", L]]]


@pytest.mark.parametrize("text, message", [
    ("Knights alternate between truth and lies. A says, \"B is a knave.\"",
     "line 1, column 1: cannot model 'Knights alternate between truth and lies.': people who alternate between truth "
     "and lies; smullyan models people who always tell the truth, always lie, or may do either"),
    ("Sane people believe only true things. A believes that B is insane.",
     "line 1, column 1: cannot model 'Sane people believe only true things.': people who believe true or false "
     "things (sane and insane); smullyan models people who always tell the truth, always lie, or may do either"),
    ("Knights lie on Sundays. A says, \"B is a knave.\"",
     "line 1, column 1: cannot model 'Knights lie on Sundays.': people who lie on some days and tell the truth on "
     "others; smullyan models people who always tell the truth, always lie, or may do either"),
    ("Knights always tell the truth and knights always lie. You meet 2 inhabitants: Al and Bo. Al said, \"Bo is a "
     "knight.\"", "line 1, column 35: 'knights' names both roles; the truth-tellers and the liars need different words"),
    ("The island is inhabited by angels and devils. A says, \"B is a devil.\"",
     "line 1, column 28: the text never says how angels speak (for example 'angels always tell the truth' or "
     "'angels always lie')"),
    ("Angels always tell the truth and devils always lie. A says, \"B is a knave.\"",
     "line 1, column 69: unknown role word 'knave'; the puzzle's roles are angel, devil"),
    ("Knights always tell the truth, knaves always lie, and normals may do either. Each of them is either a knight "
     "or a knave. A says, \"B is a knave.\"",
     "line 1, column 103: the sentence says everyone is one of 2 kinds, but the text defines 3; say which people "
     "are of which kinds with counts ('exactly one of them is a …')"),
])
def test_kinds_that_cannot_be_read_are_errors(text, message):
    assert error(text) == message


# ------------------------------------------------------------------------------------ people and facts

def test_web_of_lies_people_appear_by_name_and_facts_constrain():
    text = ("Question: Fidel lies. Fletcher says Fidel tells the truth. Yoland says Fletcher lies. "
            "Raymond says Yoland lies. Leda says Raymond lies. Does Leda tell the truth?")
    p = parse_knights(text)
    assert p.agents == ("Fidel", "Fletcher", "Yoland", "Raymond", "Leda")
    assert [(c.label, c.source) for c in p.constraints[:2]] == [
        ("fact 1", ["type", "Fidel", L]), ("statement 1", ["says", "Fletcher", ["type", "Fidel", T]])]
    assert worlds(text) == [(L, L, T, L, T)]
    assert answered(text) == [("Does Leda tell the truth?", "yes", None)]


@pytest.mark.parametrize("fact, expected", [
    ("Exactly one of them is a knight.", ["count", "knight", "eq", 1]),
    ("At least one of them is a knave.", ["count", "knave", "ge", 1]),
    ("A lies.", ["type", "A", L]),
    ("It is known that A and B are of different kinds.", ["xor", ["type", "A", T], ["type", "B", T]]),
    ("Moreover, C is a knight.", ["type", "C", "knight"]),
    ("Both A and C are knaves.", ["and", ["type", "A", "knave"], ["type", "C", "knave"]]),
    ("B would say that A is a knight.", ["says", "B", ["type", "A", "knight"]]),
])
def test_facts(fact, expected):
    (c,) = read(ABC + fact).puzzle.constraints
    assert c.source == expected
    assert c.label == ("exactly 1 knight" if expected == ["count", "knight", "eq", 1] else "fact 1")


@pytest.mark.parametrize("text, people", [
    ("You meet 2 inhabitants: Zoey, and Oliver.", ("Zoey", "Oliver")),
    ("You meet three inhabitants: Ann, Bob and Cal.", ("Ann", "Bob", "Cal")),
    ("There are two people here, A and B.", ("A", "B")),
    ("A, B and C are natives of the island.", ("A", "B", "C")),
    ("Three islanders, A, B, and C, stand in a row.", ("A", "B", "C")),
    ("Two people, Alice and Bob, live on an island of knights and knaves.", ("Alice", "Bob")),
    ("You encounter Zoë and José.", ("Zoë", "José")),
    ("You meet Mary Ann and Jean-Luc.", ("Mary Ann", "Jean-Luc")),
    ("Characters: Alice, Bob\n", ("Alice", "Bob")),
    ("On the island, you come across two natives, Dr. Smith and Mr. Jones.", ("Dr. Smith", "Mr. Jones")),
])
def test_introductions(text, people):
    assert read(KNIGHTS + text + f' {people[0]} says, "{people[1]} is a knave."').puzzle.agents == people


@pytest.mark.parametrize("text, message", [
    ('You meet 2 inhabitants: Al and Bo. Cy said, "Bo is a knight."',
     "line 1, column 36: 'Cy' is not one of the inhabitants (Al, Bo)"),
    ("Knights always tell the truth and knaves always lie. You meet 2 inhabitants: Al and Al. Al said, \"Al is a "
     "knave.\"", "line 1, column 85: two inhabitants are called 'Al'; give each a different name"),
    ("Knights always tell the truth and knaves always lie. You meet 3 inhabitants: Al and Bo. Al said, \"Bo is a "
     "knave.\"", "line 1, column 78: the text says you meet 3 inhabitants but names 2 (Al, Bo)"),
    ('You meet 2 inhabitants: Al and Bo.\nAl said, "Bo is a knight."\nBo sang loudly.',
     "line 3, column 1: cannot read 'Bo sang loudly.': expected 'all', 'always', 'am', 'are', 'both', 'deny', 'does', "
     "'each', … after 'Bo'"),
    ('You meet 2 inhabitants: Al and Bo. I say, "Bo is a knight."',
     "line 1, column 36: 'I' here is nobody: only a speaker's own quoted words may say 'I'"),
    ("Al is a knight. Bo is a friend.",
     "line 1, column 25: unknown role word 'friend'; the puzzle's roles are knight, knave, truth-teller, liar"),
])
def test_unreadable_sentences_name_line_column_and_expectation(text, message):
    assert error(text) == message


def test_sentences_passed_over_state_nothing_about_the_people():
    text = ("# A puzzle\nIt was a sunny day on the island.\n" + KNIGHTS + "\nYou meet A and B.\n"
            "Statements:\n1. A says, \"B is a knave.\"\n2. B says, \"A is a knave\"\n"
            "Bob went to the market.\nWho is a knight? Please explain your reasoning and answer in JSON.")
    r = read(text)
    assert [(s.text, s.line) for s in r.ignored] == [
        ("A puzzle", 1), ("It was a sunny day on the island.", 2), ("Statements:", 5), ("Bob went to the market.", 8),
        ("Please explain your reasoning and answer in JSON.", 9)]
    assert [c.source for c in r.puzzle.constraints] == [["says", "A", ["type", "B", "knave"]],
                                                        ["says", "B", ["type", "A", "knave"]]]


def test_names_are_not_the_words_that_start_sentences():
    p = parse_knights(ABC + 'So A says, "B is a knave." Then B says, "If C is a knight, then A is a knave." '
                            'Both A and C are both knights or both knaves.')
    assert p.agents == ("A", "B", "C")


# ------------------------------------------------------------------------------------ questions

PAIR = KNIGHTS + 'You meet A and B. A says, "We are both knaves." '   # A is a knave, B a knight


@pytest.mark.parametrize("question, kind, answer", [
    ("Who is a knight?", "all", "B"),
    ("Who is a knave?", "all", "A"),
    ("Who are the knights?", "all", "B"),
    ("Which of them are knaves?", "all", "A"),
    ("Which one is the knight?", "all", "B"),
    ("Which islander is lying?", "all", "A"),
    ("Who is lying?", "all", "A"),
    ("Who tells the truth?", "all", "B"),
    ("Who is a knight and who is a knave?", "each", "A is a knave, and B is a knight"),
    ("So who is a knave and who is a knight?", "each", "A is a knave, and B is a knight"),
    ("Who is lying and who is telling the truth?", "each", "A is lying, and B is telling the truth"),
    ("What are A and B?", "each", "A is a knave, and B is a knight"),
    ("Who is who?", "each", "A is a knave, and B is a knight"),
    ("Determine who is a knight and who is a knave.", "each", "A is a knave, and B is a knight"),
    ("Can you tell who is a knight and who is a knave?", "each", "A is a knave, and B is a knight"),
    ("Is A a knight or a knave?", "one", "a knave"),
    ("Is B a knave or a knight?", "one", "a knight"),
    ("What is A?", "one", "a knave"),
    ("What type is B?", "one", "a knight"),
    ("Is A a knave?", "yes_no", "yes"),
    ("Is B lying?", "yes_no", "no"),
    ("Does B tell the truth?", "yes_no", "yes"),
    ("Does A lie?", "yes_no", "yes"),
    ("Are A and B both knaves?", "yes_no", "no"),
    ("Is it true that A is a knave?", "yes_no", "yes"),
    ("Is there a knight among them?", "yes_no", "yes"),
    ("Determine whether A is a knight.", "yes_no", "no"),
    ("How many knights are there?", "one", "1"),
    ("How many of them are knaves?", "one", "1"),
])
def test_questions_are_answered(question, kind, answer):
    p = parse_knights(PAIR + question)
    assert [q.kind for q in p.questions] == [kind]
    assert answered(PAIR + question) == [(question, answer, None)]


def test_questions_of_three_people_and_other_words():
    assert answered(ABC + 'A says, "B is a knave." B says, "C is a knave." C says, "A and B are knaves." '
                          'Who is a knight and who is a knave?') == [
        ("Who is a knight and who is a knave?", "A is a knave, B is a knight, and C is a knave", None)]
    assert answered('Angels always tell the truth and devils always lie. You meet Ann and Bob. Ann says, "Bob is an '
                    'angel and I am a devil." So who is an angel and who is a devil?') == [
        ("So who is an angel and who is a devil?", "Ann is a devil, and Bob is a devil", None)]
    assert answered('Angels always tell the truth and devils always lie. You meet Ann and Bob. Ann says, "Bob is a '
                    'devil." Bob says, "We are both angels." Who is an angel and who is a devil?') == [
        ("Who is an angel and who is a devil?", "Ann is an angel, and Bob is a devil", None)]


@pytest.mark.parametrize("options, answer, option", [
    ("(A) A\n(B) B\n(C) Both of them\n(D) Neither", "B", "B"),
    ("A) Only A\nB) Only B\nC) A and B\nD) None of them", "Only B", "B"),
    ("Options: (A) A and B (B) B (C) Nobody", "B", "B"),
    ("Choices:\n1. A is a knight\n2. B is a knight and A is a knave\n3. Both are knights", "B is a knight and A is a knave", "2"),
])
def test_multiple_choice_answers_are_options_as_written(options, answer, option):
    text = PAIR + "Who is a knight?\n" + options
    assert answered(text) == [("Who is a knight?", answer, option)]
    (q,) = parse_knights(text).questions
    assert q.kind == "one" and all(c.label for c in q.choices)


def test_multiple_choice_of_claims_and_numbers():
    text = PAIR + ("Which of the following is true?\nA) A is a knight and B is a knave\nB) A is a knave and B is a "
                   "knight\nC) Both are knights")
    assert answered(text) == [("Which of the following is true?", "A is a knave and B is a knight", "B")]
    text = PAIR + "How many knights are there?\n(A) 0\n(B) 1\n(C) 2"
    assert answered(text) == [("How many knights are there?", "1", "B")]
    text = PAIR + "Is A a knight?\n(A) Yes\n(B) No"
    assert answered(text) == [("Is A a knight?", "No", "B")]
    text = PAIR + "What is B?\n(A) A knight\n(B) A knave"
    assert answered(text) == [("What is B?", "A knight", "A")]


def test_options_that_cannot_be_read_are_errors():
    assert error(PAIR + "Who is a knight?\n(A) The tall one\n(B) B") == \
        "line 2, column 5: cannot read 'The tall one': expected the end of the sentence, 'am', 'among', 'and', 'are', " \
        "'but', ',', 'or', … after 'tall'"
    assert error(PAIR + "Which of the following is true?") == \
        "line 1, column 103: the question 'Which of the following is true?' asks which option holds, but no options follow"
    assert error(PAIR + "Which islander wears a hat?\n(A) A\n(B) B").startswith(
        "line 1, column 103: cannot read 'Which islander wears a hat?': expected")


# ------------------------------------------------------------------------------------ the examples and faces

def test_the_example_text_is_solved():
    p = parse_knights((EXAMPLES / "smullyan_truth_tellers.txt").read_text())
    assert p.display == {T: "truth-teller", L: "liar"}
    assert [w.types for w in solve_deduction(p).worlds] == [(T, L, L)]


def test_cli_reads_text_files_stdin_and_jsonl_fields(tmp_path):
    r = run("solve", EXAMPLES / "smullyan_truth_tellers.txt", "--json")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["determined"] == {"types": {"Ann": "truth-teller", "Bob": "liar", "Cal": "liar"}}
    r = run("solve", "--format", "text", "-", stdin=KNIGHTS + 'You meet 1 inhabitant: Al. Al said, "I am a knight."')
    assert r.exit_code == 0 and "2 consistent worlds" in r.stdout
    lines = shared("knights_knaves/kk_clean.jsonl").read_text().splitlines()[:2]
    f = tmp_path / "two.jsonl"
    f.write_text("\n".join(lines))
    r = run("solve", "--format", "text", f)
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert [(o["id"], o["unique"]) for o in out] == [("kk-test-2p-0", True), ("kk-test-2p-1", True)]
    bad = tmp_path / "bad.txt"
    bad.write_text('You meet 1 inhabitant: Al.\nAl said "hi".')
    r = run("solve", bad)
    assert r.exit_code == 2
    assert r.stderr.strip() == f"error: {bad}: line 2, column 1: cannot read 'Al said \"hi\".': expected 'a', 'all', " \
                               "'among', 'at', 'both', 'each', 'either', 'every', … at 'hi'"


# ------------------------------------------------------------------------------------ more families

@pytest.mark.parametrize("definition, display", [
    ("Whatever a knight says is true, and whatever a knave says is false.", {T: "knight", L: "knave"}),
    ("A statement made by a saint is always true; one made by a sinner is always false.", {T: "saint", L: "sinner"}),
    ("Heroes only make true statements, while villains only make false ones.", {T: "hero", L: "villain"}),
    ("On a distant island live two kinds of people: knights and knaves.", {T: "knight", L: "knave"}),
    ("You are visiting an island where each native is a knight or a knave.", {T: "knight", L: "knave"}),
    ("You arrive at a village whose residents are all truth-tellers or liars.", {T: "truth-teller", L: "liar"}),
    ("Knights and Knaves", {T: "knight", L: "knave"}),
    ("Each person either always tells the truth or always lies.", {T: "knight", L: "knave"}),
])
def test_more_role_definitions(definition, display):
    t, l_ = display[T], display[L]
    p = parse_knights(f'{definition}\nYou meet A and B.\nA says, "B is {a(l_)}."\nB says, "A is {a(t)} and I am {a(t)}."')
    assert p.display == display
    assert [w.types for w in solve_deduction(p).worlds] == [(T, L)]


def test_a_third_kind_defined_by_what_it_may_say():
    text = ("An island is inhabited by knights, knaves and jokers. Whatever a knight says is true, and whatever a knave "
            "says is false. Jokers can say anything, true or false. 3 natives, A, B, and C, approach you. There is "
            "one knight, one knave and one joker among them. A says that B is a joker. B says, \"I am a knave.\" "
            "Identify each person as a knight, a knave or a joker.")
    p = parse_knights(text)
    assert p.display == {T: "knight", L: "knave", R: "joker"}
    assert p.constraints[0].source == ["and", ["count", "knight", "eq", 1], ["count", "knave", "eq", 1],
                                       ["count", R, "eq", 1]]
    assert answered(text) == [("Identify each person as a knight, a knave or a joker.",
                               "A is a knight, B is a joker, and C is a knave", None)]


@pytest.mark.parametrize("sentence, expected", [
    ("Asked whether B is a knight, A would answer no.", ["says", "A", ["not", ["type", "B", "knight"]]]),
    ("If you asked A whether B is a knight, A would say yes.", ["says", "A", ["type", "B", "knight"]]),
    ("A says yes when asked whether B is a knight.", ["says", "A", ["type", "B", "knight"]]),
    ("When A is asked whether he is a knight, he answers no.", ["says", "A", ["not", ["type", "A", "knight"]]]),
    ("A denies that B is a knight.", ["says", "A", ["not", ["type", "B", "knight"]]]),
    ("A would deny that B is a knight.", ["says", "A", ["not", ["type", "B", "knight"]]]),
    ("A would tell you that B is a knight.", ["says", "A", ["type", "B", "knight"]]),
])
def test_answers_and_denials(sentence, expected):
    (c,) = read(ABC + sentence).puzzle.constraints
    assert c.source == expected


def test_sentences_the_splitter_runs_together_are_parted():
    text = ABC + "Asked whether B is a knight, A would answer no. If you asked B whether A is a knight, B would say no."
    assert [c.source for c in read(text).puzzle.constraints] == [
        ["says", "A", ["not", ["type", "B", "knight"]]], ["says", "B", ["not", ["type", "A", "knight"]]]]
    text = ABC + "\n'I am a knight,' says A\nB states that A is a knave."
    assert [c.source for c in read(text).puzzle.constraints] == [
        ["says", "A", ["type", "A", "knight"]], ["says", "B", ["type", "A", "knave"]]]


@pytest.mark.parametrize("question, kind, answer", [
    ("Name all the knights.", "all", "B"),
    ("Identify the knights and the knaves.", "each", "A is a knave, and B is a knight"),
    ("What is each of them, a knight or a knave?", "each", "A is a knave, and B is a knight"),
    ("Does A tell the truth or lie?", "one", "lie"),
    ("Is A lying or telling the truth?", "one", "lying"),
    ("Q: Is A a knave?", "yes_no", "yes"),
])
def test_imperative_and_either_or_questions(question, kind, answer):
    (q,) = parse_knights(PAIR + question).questions
    assert q.kind == kind and q.text == question.removeprefix("Q: ")
    assert answered(PAIR + question)[0][1] == answer


def test_statement_list_headers_and_lettered_options():
    text = (KNIGHTS + "You meet A and B.\nHere is what they tell you:\n- A: \"We are both knaves.\"\n"
            "They say:\nQ: Who is a knight and who is a knave?\nA. A is a knight and B is a knave\n"
            "B. A is a knave and B is a knight\nChoose one:\n")
    r = read(text)
    assert [s.text for s in r.ignored] == ["Here is what they tell you:", "They say:", "Choose one:"]
    assert answered(text) == [("Who is a knight and who is a knave?", "A is a knave and B is a knight", "B")]
