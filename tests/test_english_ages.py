"""Ages puzzles in English: texts read (exact constraints and solutions), errors with line and column, and puzzles
written with `ages_text` (plain and in random wordings) read back to equal expressions."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from importlib.resources import files

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import smullyan
from smullyan.deduce.model import Constraint, Deduction, Variable
from smullyan.english.ages import all_different, every_older
from smullyan.english.read import family, read_text
from smullyan.errors import PuzzleError
from smullyan.formats.deduction_toml import deduction_from_dict
from smullyan.logic import expr as E
from smullyan.logic.types import LIAR, TRUTHFUL
from smullyan.render.english_ages import ages_text

PRE = """Truth-tellers always tell the truth, and liars always lie.
You meet three inhabitants: Ann, Ben, and Cal.
Each of them is between 20 and 25 years old.
"""


def constraints(text: str) -> list:
    return [E.to_json(c.expr) for c in read_text(text).puzzle.constraints]


def claim(sentence: str) -> object:
    """Return the one constraint a sentence after PRE states."""
    (got,) = constraints(PRE + sentence)
    return got


def same(a: Deduction, b: Deduction) -> bool:
    return (a.agents == b.agents and a.allowed == b.allowed and a.variables == b.variables
            and [c.expr for c in a.constraints] == [c.expr for c in b.constraints])


# ---------------------------------------------------------------------------------------------- reading


def test_a_whole_text_reads_to_people_kinds_ages_statements_and_facts():
    text = PRE + """Ann says, "Ben is 22."
Ben says that Cal is not 22 years old.
According to Cal, Ben is younger than 23 and Ann is a liar.
"I am older than Ben," says Cal.
Every liar is older than every truth-teller.
Who is lying, and how old is each of them?
"""
    reading = read_text(text)
    p = reading.puzzle
    assert family(text) == "ages"
    assert p.agents == ("Ann", "Ben", "Cal") and p.allowed == ((TRUTHFUL, LIAR),) * 3
    assert p.variables == tuple(Variable(f"age.{a}", (20, 21, 22, 23, 24, 25)) for a in p.agents)
    assert p.display == {TRUTHFUL: "truth-teller", LIAR: "liar"}
    assert [c.label for c in p.constraints] == ["statement 1", "statement 2", "statement 3", "statement 4", "fact 1"]
    assert [E.to_json(c.expr) for c in p.constraints[:4]] == [
        ["says", "Ann", ["eq", "age.Ben", 22]],
        ["says", "Ben", ["ne", "age.Cal", 22]],
        ["says", "Cal", ["and", ["lt", "age.Ben", 23], ["type", "Ann", "liar"]]],
        ["says", "Cal", ["gt", "age.Cal", "age.Ben"]]]
    assert p.constraints[4].source == ["forall", "x", ["forall", "y", [
        "implies", ["and", ["type", "x", "liar"], ["type", "y", "truth-teller"]], ["gt", "age.x", "age.y"]]]]
    assert p.constraints[4].expr == every_older(p.agents, "liar", "truth-teller", "gt")
    assert [s.text for s in reading.ignored] == ["Who is lying, and how old is each of them?"]


def test_a_generated_text_solves_to_its_one_world():
    text = """Each inhabitant is either a truth-teller, who always tells the truth, or a liar, who always lies.
Every one of them is between 20 and 22 years of age.
You come across three people: Joel, Vera, and Kira.
Joel tells you that Kira isn't twenty-two.
According to Joel, "My age is 21."
According to Joel, Kira is not 20 years old.
"My age is less than Joel's," says Vera.
Vera says: "Joel's age is 20."
"I am exactly 2 years older than Joel," says Kira.
"Both Joel's age is less than Vera's and Vera's age is 22," Kira says.
Determine each person's type and age.
"""
    result = smullyan.read(text).solve()
    assert result.solutions == ({"Joel": "truth-teller", "Vera": "liar", "Kira": "liar", "age.Joel": 21,
                                 "age.Vera": 21, "age.Kira": 21},)


@pytest.mark.parametrize("sentence, want", [
    ('Ann says, "Ben is twenty-two years old."', ["says", "Ann", ["eq", "age.Ben", 22]]),
    ('Ann says, "Ben\'s age is 22."', ["says", "Ann", ["eq", "age.Ben", 22]]),
    ('Ann says, "Ben isn\'t 22."', ["says", "Ann", ["ne", "age.Ben", 22]]),
    ('Ann says, "Ben is under 22."', ["says", "Ann", ["lt", "age.Ben", 22]]),
    ('Ann says, "Ben is less than 22 years old."', ["says", "Ann", ["lt", "age.Ben", 22]]),
    ('Ann says, "Ben is over 22."', ["says", "Ann", ["gt", "age.Ben", 22]]),
    ('Ann says, "Ben is more than twenty years old."', ["says", "Ann", ["gt", "age.Ben", 20]]),
    ('Ann says, "Ben is at most 22."', ["says", "Ann", ["le", "age.Ben", 22]]),
    ('Ann says, "Ben is 22 or younger."', ["says", "Ann", ["le", "age.Ben", 22]]),
    ('Ann says, "Ben is not older than 22."', ["says", "Ann", ["le", "age.Ben", 22]]),
    ('Ann says, "Ben is no younger than 22."', ["says", "Ann", ["ge", "age.Ben", 22]]),
    ('Ann says, "Ben is 22 or older."', ["says", "Ann", ["ge", "age.Ben", 22]]),
    ('Ann says, "Ben is older than Cal."', ["says", "Ann", ["gt", "age.Ben", "age.Cal"]]),
    ('Ann says, "Ben and Cal are the same age."', ["says", "Ann", ["eq", "age.Ben", "age.Cal"]]),
    ('Ann says, "Ben is as old as me."', ["says", "Ann", ["eq", "age.Ben", "age.Ann"]]),
    ('Ann says, "Ben and Cal are not the same age."', ["says", "Ann", ["ne", "age.Ben", "age.Cal"]]),
    ('Ann says, "Ben is at least as old as Cal."', ["says", "Ann", ["ge", "age.Ben", "age.Cal"]]),
    ('Ann says, "Ben is two years older than Cal."', ["says", "Ann", ["eq", "age.Ben", ["+", "age.Cal", 2]]]),
    ('Ann says, "Ben is a year younger than me."', ["says", "Ann", ["eq", "age.Ben", ["-", "age.Ann", 1]]]),
    ('Ann says, "Ben is older than Cal by 3 years."', ["says", "Ann", ["eq", "age.Ben", ["+", "age.Cal", 3]]]),
    ('Ann says, "Ben is more than 2 years older than Cal."', ["says", "Ann", ["gt", "age.Ben", ["+", "age.Cal", 2]]]),
    ('Ann says, "My age is greater than Cal\'s."', ["says", "Ann", ["gt", "age.Ann", "age.Cal"]]),
    ('Ann says, "I am the oldest."', ["says", "Ann", ["and", ["gt", "age.Ann", "age.Ben"],
                                                      ["gt", "age.Ann", "age.Cal"]]]),
    ('Ann says, "Ben is older than Cal and me."', ["says", "Ann", ["and", ["gt", "age.Ben", "age.Cal"],
                                                                   ["gt", "age.Ben", "age.Ann"]]]),
    ('Ann says, "Ben is older than Cal and Cal is a liar."', ["says", "Ann", ["and", ["gt", "age.Ben", "age.Cal"],
                                                                              ["type", "Cal", "liar"]]]),
    ('Ann says, "Ben is over 20 but under 24."', ["says", "Ann", ["and", ["gt", "age.Ben", 20],
                                                                  ["lt", "age.Ben", 24]]]),
    ('Ann says, "Ben is 22 or 23."', ["says", "Ann", ["or", ["eq", "age.Ben", 22], ["eq", "age.Ben", 23]]]),
    ('Ann says, "Neither Ben nor Cal is older than 24."', ["says", "Ann", ["and", ["le", "age.Ben", 24],
                                                                           ["le", "age.Cal", 24]]]),
    ('Ann says, "Ben lies."', ["says", "Ann", ["type", "Ben", "liar"]]),
    ('Ann says, "Ben tells the truth."', ["says", "Ann", ["type", "Ben", "truthful"]]),
    ('Ann says, "Ben is a truth-teller."', ["says", "Ann", ["type", "Ben", "truth-teller"]]),
    ('Ann says, "Ben does not lie."', ["says", "Ann", ["not", ["type", "Ben", "liar"]]]),
    ('Ann says, "Either I am 21 or Ben is honest."', ["says", "Ann", ["or", ["eq", "age.Ann", 21],
                                                                     ["type", "Ben", "truthful"]]]),
    ('Ann says, "Ben is 21, Cal is 22, and I am 23."', ["says", "Ann", ["and", ["eq", "age.Ben", 21],
                                                                        ["eq", "age.Cal", 22], ["eq", "age.Ann", 23]]]),
    ('Ann says, "It is not the case that Ben is older than Cal."', ["says", "Ann", ["not", ["gt", "age.Ben",
                                                                                            "age.Cal"]]]),
    ('Ann says that she is 21.', ["says", "Ann", ["eq", "age.Ann", 21]]),
    ('Ann claims that Ben is older than her.', ["says", "Ann", ["gt", "age.Ben", "age.Ann"]]),
    ('According to Ann, Cal is 24.', ["says", "Ann", ["eq", "age.Cal", 24]]),
    ('"I am 24," says Ann.', ["says", "Ann", ["eq", "age.Ann", 24]]),
    ('"I am 24," Ann says, "and Ben lies."', ["says", "Ann", ["and", ["eq", "age.Ann", 24], ["type", "Ben", "liar"]]]),
    ('Ann denies that Ben is 22.', ["says", "Ann", ["not", ["eq", "age.Ben", 22]]]),
    ('Ann is 21.', ["eq", "age.Ann", 21]),
    ('It is known that Ben is older than Cal.', ["gt", "age.Ben", "age.Cal"]),
    ('No two of them are the same age.', ["and", ["ne", "age.Ann", "age.Ben"], ["ne", "age.Ann", "age.Cal"],
                                          ["ne", "age.Ben", "age.Cal"]]),
])
def test_claims_and_facts_read_exactly(sentence, want):
    assert claim(sentence) == want


def test_a_line_of_claims_after_a_name_and_a_colon_is_that_persons_and_the_range_may_be_unstated():
    text = """Five islanders, A, B, C, D and E, each make two claims about the others' ages.
Every liar is older than every truth-teller.
A: B is more than 20 years old. D is more than 16 years old.
B: C is more than 18 years old; E is less than 20 years old.
"""
    p = read_text(text).puzzle
    assert p.agents == ("A", "B", "C", "D", "E") and p.variables[0].domain == tuple(range(0, 121))
    assert [E.to_json(c.expr) for c in p.constraints[1:]] == [
        ["says", "A", ["gt", "age.B", 20]], ["says", "A", ["gt", "age.D", 16]],
        ["says", "B", ["gt", "age.C", 18]], ["says", "B", ["lt", "age.E", 20]]]


def test_without_an_introduction_the_people_are_named_in_order_and_the_range_may_name_them():
    assert read_text("Ann, Ben and Cal are each between 20 and 22 years old. Cal says that Ann lies.") \
        .puzzle.agents == ("Ann", "Ben", "Cal")
    p = read_text("Liars always lie and truth-tellers always tell the truth. Their ages are 1-3. Cal says that Ann "
                  "is aged 2.").puzzle
    assert p.agents == ("Cal", "Ann") and p.variables[0].domain == (1, 2, 3)


@pytest.mark.parametrize("sentence, message", [
    ('Ann says, "Zed is 22."', "line 4, column 12: unknown person 'Zed'; the people are Ann, Ben and Cal"),
    ('Ann says, "Ben is the best."', "line 4, column 19: cannot read 'Ann says, \"Ben is the best.\"': expected a "
                                     "kind or an age ('a liar', '22', 'older than Cal', 'the same age as Cal', …)"),
    ('Ann says, "Ben is older than."', "line 4, column 29: cannot read 'Ann says, \"Ben is older than.\"': expected "
                                       "a person or a number"),
    ('Ann says, "Ben is not as old as Cal."', "line 4, column 23: 'not as old as' may mean younger or of another "
                                              "age; write 'younger than' or 'not the same age as'"),
    ('Ann says, "Ben is 22 and Cal is 23 or Ben lies."', "line 4, column 36: this claim joins its parts with both "
                                                         "'and' and 'or'; bracket them with 'both … and …' or "
                                                         "'either … or …'"),
    ('I am 22.', "line 4, column 1: 'I' here is nobody: only a speaker's own quoted words may say 'I'"),
    ('Ann says, "Ben is a knight."', "line 4, column 21: 'knight' is no kind the text defines; the kinds are "
                                     "truth-teller, liar"),
    ('Ben waved at Cal.', "line 4, column 5: cannot read 'Ben waved at Cal.': expected 'is' (or 'lies', 'tells the "
                          "truth')"),
    ('Their ages are whole numbers from 25 to 20.', "line 4, column 30: the ages range from 25 to 20: the lowest is "
                                                    "more than the highest"),
    ('You meet four inhabitants: Ann, Ben, and Cal.', "line 4, column 28: the text says there are 4 people but names "
                                                      "3: Ann, Ben and Cal"),
])
def test_bad_texts_are_errors_with_line_and_column(sentence, message):
    with pytest.raises(PuzzleError) as err:
        read_text(PRE + sentence)
    assert str(err.value) == message


def test_knights_texts_without_ages_stay_with_the_knights_reader():
    text = "Knights always tell the truth and knaves always lie. You meet A and B. A says, \"We are both knaves.\""
    assert family(text) == "knights"
    assert family("In an age long past, knights always told the truth and knaves always lied.") == "knights"


# ---------------------------------------------------------------------------------------------- writing


def test_the_plain_wording_is_fixed():
    p = read_text(PRE + 'Ann says, "Ben is 22."\nBen says that I am older than Cal.'.replace("I am", "Ann is")).puzzle
    assert ages_text(p) == """On this island, truth-tellers always tell the truth, and liars always lie.
You meet three inhabitants: Ann, Ben, and Cal.
Each of them is between 20 and 25 years old.
Ann says, "Ben is 22."
Ben says, "Ann is older than Cal."
Who is lying, and how old is each of them?
"""


def test_the_bundled_example_with_capitalised_names_is_written_and_read_back():
    data = tomllib.loads(files("smullyan.examples").joinpath("islanders_ages.toml").read_text(encoding="utf-8"))

    def upper(x):
        if isinstance(x, list):
            return [upper(y) for y in x]
        return x.upper() if x in data["agents"] else "age." + x[4:].upper() if str(x).startswith("age.") and \
            x[4:] in data["agents"] else x

    data["statements"] = upper(data["statements"])
    data["agents"] = [a.upper() for a in data["agents"]]
    p = deduction_from_dict(data)
    for variant in (None, random.Random(1), random.Random(2)):
        text = ages_text(p, variant)
        assert "Every liar is older than every truth-teller." in text or "All liars are older than all" in text \
            or "liar is older than" in text
        assert same(p, read_text(text).puzzle)
    with pytest.raises(smullyan.BadInput, match="'a' does not read as a name"):
        smullyan.load(str(files("smullyan.examples").joinpath("islanders_ages.toml"))).to_english()


def test_to_english_writes_an_ages_puzzle_that_reads_back():
    p = smullyan.read(PRE + 'Ann says, "Ben is 22 or Cal lies."\nNo two of them are the same age.')
    assert same(p.model, smullyan.read(p.to_english()).model)


def test_variants_differ_and_each_seed_gives_one_text():
    p = read_text(PRE + 'Ann says, "Ben is 22 and Cal is older than Ben."\nCal says that Ann is at least 21.').puzzle
    texts = {ages_text(p, random.Random(seed)) for seed in range(40)}
    assert len(texts) > 30
    assert ages_text(p, random.Random(5)) == ages_text(p, random.Random(5))


@pytest.mark.parametrize("change, message", [
    (lambda p: dataclasses.replace(p, agents=("ann", "Ben", "Cal"),
                                   variables=(Variable("age.ann", tuple(range(20, 26))),) + p.variables[1:]),
     "'ann' does not read as a name"),
    (lambda p: dataclasses.replace(p, variables=p.variables[:2]), "not one age per person"),
    (lambda p: dataclasses.replace(p, constraints=(Constraint("statement 1", E.Says("Ann", E.And((
        E.Not(E.Cmp("eq", E.Term("age.Ben"), E.Term(None, 22))), E.TypeIs("Cal", "liar"))))),)),
     "a negated claim before more of its chain"),
    (lambda p: dataclasses.replace(p, constraints=(Constraint("statement 1", E.Says("Ann", E.Cmp(
        "lt", E.Term("age.Ben"), E.Term("age.Cal", 2)))),)), "has no wording"),
])
def test_puzzles_no_text_expresses_are_errors(change, message):
    p = read_text(PRE).puzzle
    with pytest.raises(PuzzleError, match=message):
        ages_text(change(p))


# ---------------------------------------------------------------------------------------------- round trip

NAMES = ["Ann", "Ben", "Cal", "Dora", "Zoë", "Mary-Jane", "Ugo", "Kira", "A", "B", "C", "D", "E", "F"]


@st.composite
def terms(draw, people):
    return E.Term(f"age.{draw(st.sampled_from(people))}")


@st.composite
def atoms(draw, people, lo, hi, kinds):
    x = draw(terms(people))
    kind = draw(st.sampled_from(["number", "age", "difference", "type", "not type"]))
    if kind == "number":
        return E.Cmp(draw(st.sampled_from(["eq", "ne", "lt", "gt", "le", "ge"])), x,
                     E.Term(None, draw(st.integers(max(0, lo - 2), hi + 2))))
    if kind == "age":
        return E.Cmp(draw(st.sampled_from(["eq", "ne", "lt", "gt", "le", "ge"])), x, draw(terms(people)))
    if kind == "difference":
        k = draw(st.sampled_from([1, 2, 3, -1, -2, -3]))
        op = draw(st.sampled_from(["eq", "ne", "gt" if k > 0 else "lt", "ge" if k > 0 else "le"]))
        return E.Cmp(op, x, E.Term(draw(terms(people)).var, k))
    atom = E.TypeIs(draw(st.sampled_from(people)), draw(st.sampled_from(kinds)))
    return atom if kind == "type" else E.Not(atom)


@st.composite
def claims(draw, people, lo, hi, kinds):
    first = draw(atoms(people, lo, hi, kinds))
    shape = draw(st.sampled_from(["atom", "and", "or", "not"]))
    if shape == "atom":
        return first
    if shape == "not":
        return E.Not(first)
    second = draw(atoms(people, lo, hi, kinds))
    return E.And((first, second)) if shape == "and" else E.Or((first, second))


@st.composite
def puzzles(draw):
    people = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=6, unique=True)))
    lo = draw(st.integers(0, 60))
    hi = lo + draw(st.integers(1, 10))
    display = draw(st.sampled_from([{TRUTHFUL: "truth-teller", LIAR: "liar"}, {TRUTHFUL: "knight", LIAR: "knave"}]))
    kinds = ["truthful", "liar", display[TRUTHFUL], display[LIAR]]
    said = [Constraint(f"statement {i + 1}", E.Says(draw(st.sampled_from(people)), draw(claims(people, lo, hi, kinds))))
            for i in range(draw(st.integers(1, 8)))]
    facts = []
    if draw(st.booleans()):
        facts.append(every_older(people, display[LIAR], display[TRUTHFUL], draw(st.sampled_from(["gt", "lt", "ge"]))))
    if draw(st.booleans()):
        facts.append(all_different(people))
    if draw(st.booleans()):
        facts.append(draw(claims(people, lo, hi, kinds)))
    return Deduction(people, ((TRUTHFUL, LIAR),) * len(people),
                     tuple(Variable(f"age.{p}", tuple(range(lo, hi + 1))) for p in people),
                     constraints=tuple(said) + tuple(Constraint(f"fact {i + 1}", f) for i, f in enumerate(facts)),
                     display=display)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(), st.integers(0, 2**32 - 1))
def test_random_puzzles_written_in_random_wordings_read_back_to_equal_expressions(p, seed):
    text = ages_text(p, random.Random(seed), check=False)
    assert same(p, read_text(text).puzzle), text


@settings(max_examples=20, deadline=None)
@given(puzzles())
def test_the_plain_wording_passes_its_own_check(p):
    ages_text(p)
