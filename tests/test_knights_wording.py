"""Knights-and-knaves puzzles written in varied wording (`knights_text(puzzle, variant=rng)`) and read back.

Every wording the rng chooses must read back to the very same puzzle: equal constraint expressions, not
merely equivalent ones. Random K&K-style puzzles (3-8 people, each saying one claim of and/or/not/
implies/iff over "X is a knight/knave" up to depth 2), the K&K benchmark's 8-person puzzles and the
round-trip test's richer puzzles (counts, nested speech, facts, questions, three kinds) are written with
random seeds and read back; different seeds must give different wordings (frames, kinds, connectives);
without a variant the text is the plain one, pinned here.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from smullyan.deduce.model import Constraint, Deduction
from smullyan.english.knights import read_knights
from smullyan.english.read import family
from smullyan.english.sentences import split_sentences
from smullyan.errors import PuzzleError
from smullyan.formats.kk import read_kk
from smullyan.formats.toml_write import dumps_puzzle
from smullyan.logic import expr as E
from smullyan.logic.types import LIAR, TRUTHFUL
from smullyan.render.english_knights import QUOTED_FRAMES, REPORTED_FRAMES, knights_text

from conftest import shared
from test_knights_roundtrip import puzzles as rich_puzzles

NAMES = ["Zoey", "Oliver", "Ethan", "Lily", "Luke", "Mia", "Henry", "Grace", "Jack", "Ava", "A", "B", "C", "Ann", "Bo"]
KINDS = (TRUTHFUL, LIAR, "knight", "knave")  # "tells the truth"/"lies" (as the K&K benchmark spells them), or nouns
KK = {TRUTHFUL: "knight", LIAR: "knave"}


def read_back(text: str) -> Deduction:
    return read_knights(text, split_sentences(text)).puzzle


def same_puzzle(back: Deduction, puzzle: Deduction) -> bool:
    """Return whether a read-back puzzle has the same people, kinds and constraint expressions."""
    return (back.agents == puzzle.agents and back.allowed == puzzle.allowed and back.display == puzzle.display
            and [c.expr for c in back.constraints] == [c.expr for c in puzzle.constraints])


# ------------------------------------------------------------------------ random K&K-style puzzles


def atom(draw, people):
    return E.TypeIs(draw(st.sampled_from(people)), draw(st.sampled_from(KINDS)))


def inner(draw, people):
    """Return a claim one level down: an atom, its negation, or two atoms joined by and/or."""
    kind = draw(st.sampled_from(["atom", "atom", "not", "and", "or"]))
    if kind == "atom":
        return atom(draw, people)
    if kind == "not":
        return E.Not(atom(draw, people))
    args = (atom(draw, people), atom(draw, people))
    return E.And(args) if kind == "and" else E.Or(args)


def kk_claim(draw, people):
    """Return a claim of depth at most 2, as the K&K benchmark's statements are."""
    kind = draw(st.sampled_from(["atom", "not", "and", "or", "implies", "iff"]))
    if kind == "atom":
        return atom(draw, people)
    if kind == "not":
        return E.Not(inner(draw, people))
    if kind in ("and", "or"):
        args = tuple(inner(draw, people) for _ in range(draw(st.integers(2, 3))))
        return E.And(args) if kind == "and" else E.Or(args)
    left, right = inner(draw, people), inner(draw, people)
    return E.Implies(left, right) if kind == "implies" else E.Iff(left, right)


@st.composite
def kk_puzzles(draw):
    people = tuple(draw(st.permutations(NAMES))[:draw(st.integers(3, 8))])
    said = tuple(Constraint(f"statement {i + 1}", E.Says(p, kk_claim(draw, people))) for i, p in enumerate(people))
    return Deduction(people, ((TRUTHFUL, LIAR),) * len(people), constraints=said, display=dict(KK))


def wordable(puzzle: Deduction) -> bool:
    """Return whether the plain wording can carry the puzzle (a negated compound before more of its chain
    cannot be worded)."""
    try:
        knights_text(puzzle, check=False)
    except PuzzleError:
        return False
    return True


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kk_puzzles(), st.integers(0, 2**32 - 1))
def test_random_kk_puzzles_in_varied_wording_read_back_identically(puzzle, seed):
    assume(wordable(puzzle))
    text = knights_text(puzzle, variant=random.Random(seed), check=False)
    assert family(text) == "knights", text
    assert same_puzzle(read_back(text), puzzle), text
    assert knights_text(puzzle, variant=random.Random(seed)) == text  # the check passes, and changes nothing


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rich_puzzles(), st.integers(0, 2**32 - 1))
def test_richer_puzzles_in_varied_wording_read_back_to_the_same_document(puzzle, seed):
    """Counts, nested speech, facts, questions and three kinds: the same TOML (sources and labels too)."""
    assume(wordable(puzzle))
    text = knights_text(puzzle, variant=random.Random(seed))
    assert dumps_puzzle(read_back(text)) == dumps_puzzle(puzzle), text


# ------------------------------------------------------------------------ the K&K benchmark


def test_kk_benchmark_8_person_puzzles_in_varied_wording_read_back_identically():
    rows = list(itertools.islice((p for _, p in read_kk(shared("knights_knaves/kk_clean.jsonl")) if len(p.agents) == 8),
                                 200))
    assert len(rows) == 200
    for i, puzzle in enumerate(rows):
        text = knights_text(puzzle, variant=random.Random(i), check=False)
        assert same_puzzle(read_back(text), puzzle), text
        assert knights_text(puzzle, variant=random.Random(i)) == text


# ------------------------------------------------------------------------ variety, determinism


def showcase() -> Deduction:
    """Return a puzzle with one claim of each kind (none about speech, so reported frames may carry them)."""
    people = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay")
    t = lambda a, k: E.TypeIs(a, k)  # noqa: E731
    claims = (
        ("Ann", E.Implies(t("Bo", TRUTHFUL), t("Cy", LIAR))),
        ("Bo", E.Iff(t("Bo", TRUTHFUL), E.Not(t("Ann", "knave")))),
        ("Cy", E.And((t("Ann", "knight"), t("Dee", LIAR)))),
        ("Dee", E.Or((t("Eve", TRUTHFUL), t("Dee", "knave")))),
        ("Eve", E.Not(E.And((t("Ann", LIAR), t("Fay", "knight"))))),
        ("Fay", E.Count(tuple(E.TypeIs(p, "knave") for p in people), "ge", 2)),
    )
    said = tuple(Constraint(f"statement {i + 1}", E.Says(a, c), ["says", a, E.to_json(c)] if a != "Fay" else
                            ["says", a, ["count", "knave", "ge", 2]]) for i, (a, c) in enumerate(claims))
    return Deduction(people, ((TRUTHFUL, LIAR),) * len(people), constraints=said, display=dict(KK))


def frame_of(line: str, people: tuple[str, ...]) -> str | None:
    """Return the speech frame a statement is written in, or None."""
    for frame, a in itertools.product(QUOTED_FRAMES + REPORTED_FRAMES, people):
        pattern = re.escape(frame).replace(re.escape("{a}"), re.escape(a)).replace(re.escape("{c}"), '[^"]+')
        if re.fullmatch(pattern, line):
            return frame
    return None


def test_seeds_choose_frames_kinds_and_connectives():
    puzzle = showcase()
    texts = [knights_text(puzzle, variant=random.Random(seed)) for seed in range(50)]
    assert len(set(texts)) == 50
    statements = [line for text in texts for line in text.splitlines()[-6:]]
    frames = {frame_of(line, puzzle.agents) for line in statements}
    assert None not in frames
    assert len(frames) >= 10, frames
    assert any(f in REPORTED_FRAMES for f in frames) and any(f in QUOTED_FRAMES[1:] for f in frames)
    words = "\n".join(texts)
    for phrase in ("tells the truth", "is honest", "is truthful", "never lies", "lies", "is dishonest",
                   "I always tell the truth", "I tell the truth", "both Ann is a knight and", "either Eve",
                   "if and only if", " iff ", "only if", ", then", "it is false that", "it is not true that",
                   "no fewer than two", "there are at least", "is no knave", "You meet six inhabitants",
                   "are inhabitants of the island", "Each inhabitant is either a knight"):
        assert phrase in words, phrase


def test_a_variant_is_drawn_from_its_rng_alone():
    puzzle = showcase()
    assert knights_text(puzzle, variant=random.Random(7)) == knights_text(puzzle, variant=random.Random(7))
    rng = random.Random(7)
    first = knights_text(puzzle, variant=rng)
    assert knights_text(puzzle, variant=rng) != first  # the rng moved on
    random.seed(1)
    assert knights_text(puzzle, variant=random.Random(7)) == first  # the global rng plays no part


def test_check_false_returns_the_same_text_unread():
    puzzle = showcase()
    assert knights_text(puzzle, check=False) == knights_text(puzzle)
    assert knights_text(puzzle, variant=random.Random(3), check=False) == knights_text(puzzle, variant=random.Random(3))


def test_a_text_that_reads_back_otherwise_is_refused_when_checked():
    """The check compares the whole puzzle, questions included (here one whose answer names someone else)."""
    from smullyan.deduce.model import Ask, Choice

    ask = Ask("Is A a knight?", "yes_no", (Choice("yes", E.TypeIs("B", "knight"), ["type", "B", "knight"]),))
    puzzle = Deduction(("A", "B"), ((TRUTHFUL, LIAR),) * 2, constraints=(
        Constraint("statement 1", E.Says("A", E.TypeIs("B", "knave"))),), display=dict(KK), questions=(ask,))
    text = knights_text(puzzle, variant=random.Random(1), check=False)
    with pytest.raises(PuzzleError, match="reads back to a different puzzle"):
        knights_text(puzzle, variant=random.Random(1))
    assert "Is A a knight?" in text


def test_without_a_variant_the_plain_wording_is_unchanged():
    rows = read_kk(shared("knights_knaves/kk_clean.jsonl"))
    puzzle = next(p for _, p in rows if len(p.agents) == 8)
    assert knights_text(puzzle) == (
        "On this island, knights always tell the truth and knaves always lie.\n"
        "You meet 8 inhabitants: Ethan, Benjamin, Isabella, Zoey, Joseph, Henry, Luke, and Lily.\n"
        'Ethan says, "Benjamin tells the truth or Zoey tells the truth."\n'
        'Benjamin says, "Ethan tells the truth and Henry tells the truth."\n'
        'Isabella says, "Benjamin tells the truth if and only if Lily is a liar."\n'
        'Zoey says, "If Lily is a liar then Luke tells the truth."\n'
        'Joseph says, "Lily tells the truth if and only if Luke tells the truth."\n'
        'Henry says, "Luke is a liar if and only if Isabella is a liar."\n'
        'Luke says, "Luke tells the truth if and only if Zoey is a liar."\n'
        'Lily says, "Luke tells the truth."\n')
