"""Knights-and-knaves puzzles written as English and read back: the same puzzle (equal canonical TOML).

Random puzzles of 2-6 people with two or three kinds, statements and facts built from every kind of
claim the reader knows (kinds, negations, and/or chains, bracketed pairs, either-or-but-not-both,
conditionals, equivalences, counts over everyone or over named people, nested speech), and questions
of every kind with and without options, built here from their meaning (not by the reader).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smullyan.deduce.model import Ask, Choice, Constraint, Deduction
from smullyan.english.knights import read_knights
from smullyan.english.sentences import split_sentences
from smullyan.errors import PuzzleError
from smullyan.formats.toml_write import dumps_puzzle
from smullyan.logic import expr as E
from smullyan.render.english_knights import knights_text

NAMES = ["A", "B", "C", "D", "E", "F", "Ann", "Bo", "Cy", "Zoë", "José", "Mary-Jane", "Fidel", "Yoland", "Li"]
SCHEMES = [  # display words, and the spellings expressions may use for each type
    ({"truthful": "knight", "liar": "knave", "random": "normal"},
     {"truthful": ["knight", "truthful"], "liar": ["knave", "liar"], "random": ["normal"]}),
    ({"truthful": "truth-teller", "liar": "liar", "random": "spy"},
     {"truthful": ["truth-teller", "truthful"], "liar": ["liar"], "random": ["random"]}),
    ({"truthful": "angel", "liar": "devil", "random": "human"},
     {"truthful": ["truthful"], "liar": ["liar"], "random": ["random"]}),
]
OPS = ["eq", "ge", "le", "gt", "lt", "ne"]


def j(e: E.Expr):
    return E.to_json(e)


@st.composite
def worlds(draw):
    n = draw(st.integers(2, 6))
    people = draw(st.permutations(NAMES))[:n]
    display, spellings = draw(st.sampled_from(SCHEMES))
    types = ("truthful", "liar", "random") if draw(st.integers(0, 3)) == 0 else ("truthful", "liar")
    display = {t: display[t] for t in types}
    return people, types, display, spellings


def atom(draw, people, types, spellings):
    t = draw(st.sampled_from(types))
    e = E.TypeIs(draw(st.sampled_from(people)), draw(st.sampled_from(spellings[t])))
    return E.Not(e) if draw(st.booleans()) else e


def count(draw, people, types, spellings):
    """Return a count and its source: over everyone (sugar) or over named people."""
    t = draw(st.sampled_from(types))
    sp = draw(st.sampled_from(spellings[t]))
    op = draw(st.sampled_from(OPS))
    if draw(st.booleans()):
        e = E.Count(tuple(E.TypeIs(p, sp) for p in people), op, draw(st.integers(0, len(people))))
        return e, ["count", sp, op, e.n]
    some = draw(st.lists(st.sampled_from(people), min_size=2, max_size=len(people), unique=True))
    e = E.Count(tuple(E.TypeIs(p, sp) for p in some), op, draw(st.integers(0, len(some))))
    return e, j(e)


def unit(draw, ctx, depth, last):
    """Return (expr, source) of a claim that words as one unit; `last` when nothing follows it in its chain."""
    people, types, spellings, quotes = ctx
    kinds = ["atom", "atom", "count"] + (["pair", "not", "says"] if depth > 0 else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "atom":
        e = atom(draw, people, types, spellings)
        return e, j(e)
    if kind == "count":
        return count(draw, people, types, spellings)
    if kind == "pair":
        a = unit(draw, ctx, depth - 1, False)
        b = unit(draw, ctx, depth - 1, last)
        if draw(st.booleans()):
            return E.And((a[0], b[0])), ["and", a[1], b[1]]
        return E.Or((a[0], b[0])), ["or", a[1], b[1]]
    if kind == "not" and last:
        a = unit(draw, ctx, depth - 1, True)
        return E.Not(a[0]), ["not", a[1]]
    if kind == "says" and (last or quotes < 2):  # a claim about speech before more of its chain is quoted
        who = draw(st.sampled_from(people))
        if quotes < 2 and (not last or draw(st.booleans())):  # quoted (reported only when last)
            inner = claim(draw, (people, types, spellings, quotes + 1), depth - 1)
        else:
            inner = unit(draw, ctx, depth - 1, True)
        return E.Says(who, inner[0]), ["says", who, inner[1]]
    e = atom(draw, people, types, spellings)
    return e, j(e)


def chain(draw, ctx, depth):
    k = draw(st.integers(1, 3))
    parts = [unit(draw, ctx, depth, i == k - 1) for i in range(k)]
    if k == 1:
        return parts[0]
    head = draw(st.sampled_from(["and", "or"]))
    cls = E.And if head == "and" else E.Or
    return cls(tuple(p[0] for p in parts)), [head, *[p[1] for p in parts]]


def claim(draw, ctx, depth):
    kind = draw(st.sampled_from(["chain", "chain", "if", "iff", "xor"]))
    if kind == "if":  # if <chain> then <one claim, or another conditional>
        a = chain(draw, ctx, 0)
        if depth > 0 and draw(st.booleans()):
            b = claim(draw, ctx, depth - 1)
            if not isinstance(b[0], E.Implies):
                b = unit(draw, ctx, depth - 1, True)
        else:
            b = unit(draw, ctx, depth, True)
        return E.Implies(a[0], b[0]), ["implies", a[1], b[1]]
    if kind == "iff":  # <one claim> if and only if <one claim>
        a, b = unit(draw, ctx, depth, False), unit(draw, ctx, depth, True)
        return E.Iff(a[0], b[0]), ["iff", a[1], b[1]]
    if kind == "xor":
        a, b = unit(draw, ctx, depth, False), unit(draw, ctx, depth, False)
        return E.Xor(a[0], b[0]), ["xor", a[1], b[1]]
    return chain(draw, ctx, depth)


def article(word):
    return ("an " if word[0] in "aeiou" else "a ") + word


def spelled(word, t, spellings):
    """Return how the reader spells a type named by a role word."""
    return word if word in spellings[t] else t


def question(draw, people, types, display, spellings):
    kind = draw(st.sampled_from(["who", "each", "alt", "yes", "does", "howmany", "what", "mc_claims", "mc_who"]))
    t = draw(st.sampled_from(types))
    w = display[t]
    sp = spelled(w, t, spellings)
    a = draw(st.sampled_from(people))
    if kind == "who":
        return Ask(f"Who is {article(w)}?", "all", tuple(Choice(p, E.TypeIs(p, sp), ["type", p, sp]) for p in people))
    if kind == "each":
        words = " and ".join(f"who is {article(display[x])}" for x in types)
        choices = tuple(Choice(f"{p} is {article(display[x])}", E.TypeIs(p, spelled(display[x], x, spellings)),
                               ["type", p, spelled(display[x], x, spellings)]) for p in people for x in types)
        return Ask(f"So {words}?", "each", choices)
    if kind in ("alt", "what"):
        choices = tuple(Choice(article(display[x]), E.TypeIs(a, spelled(display[x], x, spellings)),
                               ["type", a, spelled(display[x], x, spellings)]) for x in types)
        if kind == "what":
            return Ask(f"What is {a}?", "one", choices)
        return Ask(f"Is {a} {' or '.join(article(display[x]) for x in types)}?", "one", choices)
    if kind == "yes":
        return Ask(f"Is {a} {article(w)}?", "yes_no", (Choice("yes", E.TypeIs(a, sp), ["type", a, sp]),))
    if kind == "does" and "random" not in types:
        return Ask(f"Does {a} tell the truth?", "yes_no",
                   (Choice("yes", E.TypeIs(a, "truthful"), ["type", a, "truthful"]),))
    if kind == "howmany":
        return Ask(f"How many {w}s are there?", "one",
                   tuple(Choice(str(k), E.Count(tuple(E.TypeIs(p, sp) for p in people), "eq", k), ["count", sp, "eq", k])
                         for k in range(len(people) + 1)))
    if kind == "mc_claims":
        opts = []
        for label in "ABC":
            x, y = draw(st.sampled_from(people)), draw(st.sampled_from(people))
            tx, ty = draw(st.sampled_from(types)), draw(st.sampled_from(types))
            ex = E.TypeIs(x, spelled(display[tx], tx, spellings))
            ey = E.TypeIs(y, spelled(display[ty], ty, spellings))
            opts.append(Choice(f"{x} is {article(display[tx])} and {y} is {article(display[ty])}", E.And((ex, ey)),
                               ["and", j(ex), j(ey)], label))
        return Ask("Which of the following is true?", "one", tuple(opts))
    if kind == "mc_who":
        opts = []
        sets = [draw(st.lists(st.sampled_from(people), max_size=len(people), unique=True)) for _ in range(3)]
        for label, chosen in zip("ABC", sets):
            chosen = [p for p in people if p in chosen]
            if not chosen:
                answer = "None of them"
            elif len(chosen) == len(people):
                answer = "All of them"
            else:
                answer = ("Only " if draw(st.booleans()) else "") + (
                    chosen[0] if len(chosen) == 1 else ", ".join(chosen[:-1]) + " and " + chosen[-1])
            parts = [E.TypeIs(p, sp) if p in chosen else E.Not(E.TypeIs(p, sp)) for p in people]
            opts.append(Choice(answer, E.And(tuple(parts)), ["and", *map(j, parts)], label))
        return Ask(f"Who is {article(w)}?", "one", tuple(opts))
    return Ask(f"Is {a} {article(w)}?", "yes_no", (Choice("yes", E.TypeIs(a, sp), ["type", a, sp]),))


@st.composite
def puzzles(draw):
    people, types, display, spellings = draw(worlds())
    ctx = (people, types, spellings, 0)
    constraints = []
    statements = facts = 0
    for _ in range(draw(st.integers(0, 5))):
        if draw(st.integers(0, 3)):
            who = draw(st.sampled_from(people))
            e, src = claim(draw, (people, types, spellings, 1), 2)
            statements += 1
            constraints.append(Constraint(f"statement {statements}", E.Says(who, e), ["says", who, src]))
        else:
            e, src = claim(draw, ctx, 2)
            facts += 1
            label = f"exactly {src[3]} {src[1]}" if src[0] == "count" and isinstance(src[1], str) and \
                src[2] == "eq" else f"fact {facts}"
            constraints.append(Constraint(label, e, src))
    asks = tuple(question(draw, people, types, display, spellings) for _ in range(draw(st.integers(0, 2))))
    return Deduction(tuple(people), tuple(types for _ in people), constraints=tuple(constraints), display=display,
                     questions=asks)


def read_back(text: str) -> Deduction:
    return read_knights(text, split_sentences(text)).puzzle


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_knights_puzzles_survive_english(puzzle):
    try:
        text = knights_text(puzzle)
    except PuzzleError as err:
        assert "no unambiguous wording" in err.message or "no wording brackets" in err.message, err.message
        return
    assert dumps_puzzle(read_back(text)) == dumps_puzzle(puzzle), text


def test_a_pinned_puzzle_in_english():
    puzzle = Deduction(("Ann", "Bo", "Cy"), (("truthful", "liar"),) * 3, constraints=(
        Constraint("statement 1", E.Says("Ann", E.Count(tuple(E.TypeIs(p, "knave") for p in ("Ann", "Bo", "Cy")),
                                                         "ge", 1)), ["says", "Ann", ["count", "knave", "ge", 1]]),
        Constraint("statement 2", E.Says("Bo", E.Implies(E.TypeIs("Ann", "knight"), E.Says("Cy", E.TypeIs("Bo", "knave")))),
                   None),
        Constraint("fact 1", E.Xor(E.TypeIs("Ann", "truthful"), E.Not(E.TypeIs("Cy", "liar"))), None)),
        display={"truthful": "knight", "liar": "knave"},
        questions=(Ask("Who is a knight and who is a knave?", "each",
                       tuple(Choice(f"{p} is a {w}", E.TypeIs(p, w), ["type", p, w])
                             for p in ("Ann", "Bo", "Cy") for w in ("knight", "knave"))),))
    text = knights_text(puzzle)
    assert text == (
        "On this island, knights always tell the truth and knaves always lie.\n"
        "You meet 3 inhabitants: Ann, Bo, and Cy.\n"
        'Ann says, "At least one of us is a knave."\n'
        'Bo says, "If Ann is a knight then Cy would say that Bo is a knave."\n'
        "Ann tells the truth or Cy is not a liar, but not both.\n"
        "Who is a knight and who is a knave?\n")
    assert dumps_puzzle(read_back(text)) == dumps_puzzle(puzzle)


@pytest.mark.parametrize("puzzle, reason", [
    (Deduction(("A", "B"), (("truthful", "liar"), ("truthful", "liar", "random"))), "different kinds"),
    (Deduction(("A", "so"), (("truthful", "liar"),) * 2), "does not read as a name"),
    (Deduction(("A", "B"), (("truthful", "liar"),) * 2, constraints=(
        Constraint("fact 1", E.And((E.Not(E.Or((E.TypeIs("A", "liar"), E.TypeIs("B", "liar")))),
                                    E.TypeIs("A", "liar")))),)), "no unambiguous wording"),
    (Deduction(("A", "B"), (("truthful", "liar"),) * 2, constraints=(
        Constraint("fact 1", E.TypeIs("A", "honest")),)), "no noun"),
])
def test_puzzles_english_cannot_carry_are_refused(puzzle, reason):
    with pytest.raises(PuzzleError) as err:
        knights_text(puzzle)
    assert reason in err.value.message


def test_the_example_puzzles_in_english():
    from conftest import EXAMPLES
    from smullyan.formats.puzzle_toml import load_puzzle
    from smullyan.english.read import parse_text

    for name in ("smullyan_at_least_one_knave.toml", "smullyan_both_knaves.toml", "smullyan_said_knave.toml"):
        puzzle = load_puzzle(EXAMPLES / name)
        back = read_back(knights_text(puzzle))
        assert back.constraints == puzzle.constraints or [c.expr for c in back.constraints] == \
            [c.expr for c in puzzle.constraints], name
    assert knights_text(load_puzzle(EXAMPLES / "smullyan_said_knave.toml")) == (
        "On this island, knights always tell the truth and knaves always lie.\n"
        "You meet 3 inhabitants: A, B, and C.\n"
        'B says, "A would say that A is a knave."\n'
        'C says, "B is a knave."\n')
    text = (EXAMPLES / "smullyan_truth_tellers.txt").read_text()
    puzzle = parse_text(text)
    assert dumps_puzzle(read_back(knights_text(puzzle))) == dumps_puzzle(puzzle)
    with pytest.raises(PuzzleError, match="puzzle variables"):
        knights_text(load_puzzle(EXAMPLES / "islanders_ages.toml"))
