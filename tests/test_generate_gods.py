"""Generated gods puzzles keep their proofs, checked by other routes: the TOML the API writes, solved and
verified again; the "embedding needed" proof against a brute force over every question about the world;
canonical keys against every renaming tried by brute force; and the English read back to the same puzzle."""

from __future__ import annotations

import dataclasses
import itertools
import random
from functools import lru_cache

import pytest

import smullyan
from smullyan.api.puzzles import GodsPuzzle
from smullyan.english.read import parse_text
from smullyan.errors import PuzzleError
from smullyan.generator.gods import (ALLOWED_SETS, PLAIN_WORDS, TYPES, WORDS, Draw, GodsOptions, build,
                                    canonical_form, canonical_key, make)
from smullyan.interrogate.puzzle import Interrogation
from smullyan.logic.semantics import ContextSpace
from smullyan.logic.worlds import assignments_from_allowed, assignments_from_permutation, build_space
from smullyan.render.english_gods import gods_text

SEEDS = range(20)
OPTIONS = [GodsOptions(), GodsOptions(gods=(2, 4)), GodsOptions(unsolvable=True), GodsOptions(embedded=True),
           GodsOptions(average=True)]


@lru_cache(maxsize=None)
def made(seed: int):
    """Return the first puzzle made from seed's candidates (options cycle with the seed)."""
    options = OPTIONS[seed % len(OPTIONS)]
    for i in range(50):
        m = make(random.Random(f"test:{seed}:{i}"), options)
        if m is not None:
            return m, options
    raise AssertionError(f"no puzzle in 50 candidates of seed {seed}")


@pytest.mark.parametrize("seed", SEEDS)
def test_toml_route_proves_the_same_count(seed):
    m, options = made(seed)
    puzzle = smullyan.loads(GodsPuzzle(m.model).to_toml())
    result = puzzle.solve()
    k = m.solution["questions"]
    if options.unsolvable:
        assert not result.solvable and m.solution["strategy"] is None
        fewest = m.solution["fewest"]
        if fewest is None:
            assert puzzle.max_questions is None
        else:  # one question more suffices
            assert puzzle.with_options(max_questions=fewest).solve().questions == fewest
        return
    assert result.solvable and result.questions == k and puzzle.max_questions == k
    assert not puzzle.with_options(max_questions=k - 1).solve().solvable
    verdict = smullyan.verify(puzzle, m.solution["strategy"])
    assert verdict.ok and verdict.worst == k, verdict.text()
    if options.average:
        assert m.solution["expected"] == str(puzzle.solve(objective="expected").expected)
    assert 1 <= m.difficulty["grade"] <= 10


@pytest.mark.parametrize("seed", SEEDS)
def test_english_round_trip(seed):
    m, _ = made(seed)
    for variant in (None, random.Random(seed), random.Random(seed + 100)):
        text = gods_text(m.model, variant)
        assert parse_text(text) == m.model, text
    assert smullyan.read(GodsPuzzle(m.model).to_english()).model == m.model


# ---------------------------------------------------------------- embedded questions, by brute force

def world_only_fewest(p: Interrogation, most: int) -> int | None:
    """Return the fewest questions about the world alone (every subset of worlds asked of every god),
    at most `most`, by plain recursion over the semantics' outcomes (None: more are needed)."""
    space = p.space
    ctx = ContextSpace(space)
    n = len(space.worlds)
    masks = [ctx.world_mask(i) for i in range(n)]
    goal = [space.goal_value(i, p.goal) for i in range(n)]

    @lru_cache(maxsize=None)
    def outcomes(agent: int, subset: int) -> tuple[int, ...]:
        table = ctx.atom(sum(masks[i] for i in range(n) if subset >> i & 1))
        outs, paradox = ctx.outcome_worlds(agent, table)
        assert not paradox  # a question about the world never leaves a god without an answer
        return outs

    @lru_cache(maxsize=None)
    def solvable(node: int, k: int) -> bool:
        members = [i for i in range(n) if node >> i & 1]
        if len({goal[i] for i in members}) <= 1:
            return True
        if k == 0:
            return False
        for agent in range(len(space.agents)):
            for bits in range(1 << len(members)):
                subset = sum(1 << members[j] for j in range(len(members)) if bits >> j & 1)
                children = [c & node for c in outcomes(agent, subset) if c & node]
                if all(c != node and solvable(c, k - 1) for c in children):
                    return True
        return False

    return next((k for k in range(most + 1) if solvable((1 << n) - 1, k)), None)


@pytest.mark.parametrize("seed", range(8))
def test_embedding_claim_by_brute_force(seed):
    options = GodsOptions(gods=(2, 3), embedded=bool(seed % 2))
    m = next(m for i in range(200) if (m := make(random.Random(f"emb:{seed}:{i}"), options)) is not None
             and len(m.model.space.worlds) <= 8)
    k = m.solution["questions"]
    alone = world_only_fewest(m.model, k)
    assert m.difficulty["embedded_needed"] is (alone is None) is options.embedded
    if alone is not None:
        assert alone == k


# ---------------------------------------------------------------- canonical keys

def renamed(p: Interrogation, rng: random.Random) -> Interrogation:
    """Return the puzzle with its gods renamed and reordered and its words renamed and reordered."""
    space = p.space
    n = len(space.agents)
    order = list(range(n))
    rng.shuffle(order)
    names = rng.sample("PQRSTUVWXYZ", n)
    agents = [names[i] for i in order]
    assignments = {tuple(w.types[i] for i in order) for w in space.worlds}
    per_god = [sorted({a[j] for a in assignments}) for j in range(n)]
    if len(assignments) == len(list(itertools.product(*per_god))):
        built = assignments_from_allowed(agents, dict(zip(agents, per_god)))
    else:
        types = list(space.worlds[0].types)
        rng.shuffle(types)
        built = assignments_from_permutation(types)
    words = None if tuple(space.words) == PLAIN_WORDS else rng.sample(["bal", "ozo", "mu", "ka"], 2)
    new = build_space(agents, built, words, random_mode=space.random_mode, paradox=space.paradox)
    return dataclasses.replace(p, space=new)


def brute_form(p: Interrogation) -> tuple:
    """Return the smallest description over every renaming of gods and words (the slow way)."""
    space = p.space
    n, m = len(space.agents), len(space.words)
    best = None
    for perm in itertools.permutations(range(n)):
        for wperm in itertools.permutations(range(m)):
            worlds = sorted((tuple(w.types[i] for i in perm), tuple(w.language[j] for j in wperm))
                            for w in space.worlds)
            best = worlds if best is None or worlds < best else best
    randoms = any("random" in w.types for w in space.worlds)
    single = len({w.language for w in space.worlds}) == 1
    return (tuple(best), space.random_mode if randoms else "-", space.paradox,
            "types" if single else p.goal, p.max_questions)


def every_draw(n: int):
    """Yield every candidate with n gods (a few options left to their defaults)."""
    casts = [("types", (tuple(m),)) for m in itertools.combinations_with_replacement(TYPES, n)]
    casts += [("allowed", c) for c in itertools.product(ALLOWED_SETS, repeat=n)]
    for (form, cast), words in itertools.product(casts, (WORDS, PLAIN_WORDS)):
        for goal in ("types", "types+language") if words == WORDS else ("types",):
            for mode in ("word", "coin-shared") if any("random" in s for s in cast) else ("word",):
                yield Draw(cast, form, words, goal, mode, "forbidden")


def test_canonical_keys_equal_exactly_for_renamings():
    by_key: dict[str, tuple] = {}
    by_form: dict[tuple, str] = {}
    for d in every_draw(2):
        p = build(d)
        key, form = canonical_key(p), brute_form(p)
        assert by_key.setdefault(key, form) == form, f"two different puzzles share {canonical_form(p)}"
        assert by_form.setdefault(form, key) == key, f"one puzzle has two keys: {canonical_form(p)}"
    assert len(by_key) > 100


@pytest.mark.parametrize("seed", SEEDS)
def test_canonical_key_survives_renaming(seed):
    m, _ = made(seed)
    rng = random.Random(seed)
    for _ in range(3):
        other = renamed(m.model, rng)
        assert canonical_key(other) == m.canonical
    assert canonical_key(dataclasses.replace(m.model, goal="types+language" if m.model.goal == "types" else "types")) \
        != m.canonical or tuple(m.model.space.words) == PLAIN_WORDS


# ---------------------------------------------------------------- options, wording limits, one pinned puzzle

@pytest.mark.parametrize("bad", [dict(gods=1), dict(gods=(4, 3)), dict(gods="x"), dict(questions=0),
                                 dict(unsolvable=True, embedded=True), dict(unsolvable=True, average=True),
                                 dict(effort=0)])
def test_bad_options(bad):
    with pytest.raises(ValueError):
        GodsOptions(**bad)


def test_gods_ranges():
    assert GodsOptions(gods=range(3, 6)).god_counts() == (3, 4, 5)
    assert GodsOptions(gods="2-4").gods == (2, 4)
    assert GodsOptions(gods=(3, 3)).gods == 3


def test_questions_filter():
    found = [m for i in range(80) if (m := make(random.Random(f"q:{i}"), GodsOptions(questions=4)))]
    assert found and all(m.solution["questions"] == 4 for m in found)


def test_unwordable_puzzles_say_why():
    hardest = smullyan.load("examples/hardest.toml").model
    with pytest.raises(PuzzleError, match="language grammar"):
        gods_text(hardest)
    with pytest.raises(smullyan.BadInput, match="cannot write this puzzle in English"):
        GodsPuzzle(hardest).to_english()
    plain = dataclasses.replace(hardest, language="any")
    assert parse_text(gods_text(plain)).space == plain.space


PINNED = ("Three gods A, B, and C are called, in no particular order, False, Random, and Random. False always "
          "speaks falsely, but whether Random speaks truly or falsely is a completely random matter, settled once "
          "for each question and kept for any question about Random inside it. Your task is to determine the "
          "identities of A, B, and C, as well as which word means yes, by asking three yes-no questions; each "
          "question must be put to exactly one god. The gods understand English, but will answer all questions in "
          "their own language, in which the words for yes and no are ja and da, in some order. You do not know "
          "which word means which.")


def test_pinned_seed():
    m = make(random.Random("pinned-1"), GodsOptions())
    assert m is not None
    assert (m.solution["questions"], m.difficulty["grade"], m.difficulty["embedded_needed"]) == (3, 6, True)
    assert m.explanation[0]["statement"] == ("No strategy of 2 questions identifies the goal: there are 6 possible "
                                             "answers to tell apart, and 2 questions with at most 2 possible replies "
                                             "each tell at most 4 apart.")
    assert m.canonical == canonical_key(build(Draw((("liar", "random", "random"),), "types", WORDS, "types+language",
                                                   "coin-shared", "forbidden"), 3))
    assert gods_text(m.model) == PINNED


# ---------------------------------------------------------------- what the reader learned for generated texts

ROSTER = ("Three gods are called A, B, and C. A is either True or Random. B is False. C may be True, False, or "
          "Random. True always speaks truly and False always speaks falsely, but whether Random speaks truly or "
          "falsely is a completely random matter, settled once for each question and kept for any question about "
          "Random inside it. Your task is to determine the identities of A, B, and C and also which word means yes "
          "by asking yes-no questions; each question must be put to exactly one god. The gods understand English, "
          "but will answer all questions in their own language, in which the words for yes and no are ja and da, "
          "in some order.")


def test_reader_reads_per_god_types_goal_and_no_budget():
    p = parse_text(ROSTER)
    assert (p.goal, p.max_questions, p.space.random_mode) == ("types+language", None, "coin-shared")
    assert {w.types for w in p.space.worlds} == set(itertools.product(("truthful", "random"), ("liar",),
                                                                      ("truthful", "liar", "random")))
    assert len(p.space.worlds) == 12


@pytest.mark.parametrize("change, message", [
    (("C may be True, False, or Random. ", ""), "the text never says what C may be"),
    (("B is False.", "B is False. D is True."), "unknown god 'D'; the gods are A, B, C"),
    (("B is False.", "B is False. B is True."), "the text says twice what B may be"),
    (("Three gods are", "Two gods are"), "2 gods but 3 names"),
])
def test_reader_refuses_bad_rosters(change, message):
    with pytest.raises(PuzzleError, match=message):
        parse_text(ROSTER.replace(*change))
