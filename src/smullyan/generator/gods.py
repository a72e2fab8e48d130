"""Gods puzzles (the Hardest Logic Puzzle Ever and its family): drawn, proved optimal, explained, graded.

1. Draw a candidate: how many gods; who they may be (a multiset of types "in some order", or per god
   "A is True or Random"); the answer words (ja/da of unknown meaning, or plain yes/no); the goal
   (the gods' types, or also which word means yes); how Random answers (a random word, a coin per
   question, or a coin that also settles hypothetical questions about Random inside that question);
   whether a god with no consistent answer stays silent (then questions may refer to their own answer).
2. Prove the fewest questions k with the complete question language (`interrogate.anylang`: a question
   may be any proposition, so "no strategy of k-1 questions" holds for every wording of every question).
3. Embedded questions: prove whether k questions about the world alone suffice. A question is
   *about the world alone* when it mentions no god's answer: no embedded `answers` ("if I asked B …,
   would B say ja?") and no `self` ("will you answer this with ja?"); its truth then depends only on
   the world (types and meanings), whatever its complexity. The complete language of such questions
   is searched the same way, so "embedding is needed" is a proof that no strategy of k questions about
   the world alone exists, with questions of any complexity (not only up to the grammar's bound).
4. Filter (questions, embedded, unsolvable); only then solve the puzzle as `smullyan solve` does, which
   realises and verifies the strategy with the simplest grammar questions, and (average) prove the
   fewest questions on average.

Grade (1-10): the proved fewest questions k, plus 2 when an embedded or self-referring question is
needed, plus up to 2 for complex questions (the strategy's most complex question, complexity as in
`interrogate.grammar`: atoms 0, each connective or embedded `answers` one more, less one), plus 1 for a
proof that explored at least 100 splits and 1 more from 10,000 (bound and world-alone searches together).
An unsolvable puzzle's grade is its budget plus one, plus the same effort points. `difficulty` holds each
measure: questions, embedded_needed, complexity, splits_explored, worlds (budget and fewest when unsolvable).

Every draw comes from the rng given, before any solving, so a candidate depends on the rng state only
(a time limit can still give it up). Three answer words (one meaning neither) are not drawn: their
puzzles take seconds to minutes to prove. Nor are types other than True, False and Random, or gods
named other than A, B, C, ….
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import InternalError, LimitReached, PuzzleError
from ..interrogate.anylang import AnyLanguage
from ..interrogate.puzzle import Interrogation
from ..interrogate.search import Budget, Limits, depth_of
from ..interrogate.solve import Solution, bound_search, solve
from ..interrogate.strategy import Identified, Node, questions
from ..logic import expr as E
from ..logic.semantics import ContextSpace
from ..logic.types import LIAR, RANDOM, TRUTHFUL
from ..logic.worlds import PLAIN_WORDS, assignments_from_allowed, assignments_from_permutation, \
    build_space, default_languages
from .canonical import key_of
from .record import Made

TYPES = (TRUTHFUL, LIAR, RANDOM)
DISPLAY = {TRUTHFUL: "True", LIAR: "False", RANDOM: "Random"}
WORDS = ("ja", "da")
MAX_GODS = 6
SILENT_WORLDS = 12  # self-reference (a god with no consistent answer stays silent) only with 2-3 gods and this
# few worlds: its strategies take seconds to word (and its averages to prove) beyond
MAX_WORLDS = 200  # per-god casts with more worlds lose types from their largest sets until they have fewer
LEARN_WORDS = {2: 0.3, 3: 0.3, 4: 0.15}  # chance that the goal also asks which word means yes, by number of gods


@dataclass(frozen=True)
class GodsOptions:
    """What gods puzzles to make.

    gods: how many gods (an int, or a range: `range(3, 6)`, `(3, 5)` or "3-5", both ends included
    for the tuple and the text); questions: keep only puzzles whose proved fewest questions (worst
    case) is this (with `unsolvable`: the budget the puzzle states); embedded: True keeps only
    puzzles that need an embedded or self-referring question, False only those solvable with
    questions about the world alone; unsolvable: keep only puzzles no strategy solves within the
    budget they state (none stated: any number of questions); average: also prove the fewest
    questions on average; effort: splits the searches of one candidate may explore before it is
    given up (a count, not a time, so that a run is the same on any machine)."""

    gods: Any = 3
    questions: int | None = None
    embedded: bool | None = None
    unsolvable: bool = False
    average: bool = False
    effort: int = 200_000

    def __post_init__(self) -> None:
        low, high = _god_range(self.gods)
        object.__setattr__(self, "gods", low if low == high else (low, high))
        if self.questions is not None and (isinstance(self.questions, bool) or not isinstance(self.questions, int)
                                           or self.questions < 1):
            raise ValueError(f"questions must be a whole number of at least 1, got {self.questions!r}")
        if self.embedded not in (None, True, False):
            raise ValueError(f"embedded must be true, false or unset, got {self.embedded!r}")
        if self.unsolvable and self.embedded is not None:
            raise ValueError("embedded applies to solvable puzzles; drop it or unsolvable")
        if self.unsolvable and self.average:
            raise ValueError("an unsolvable puzzle has no average number of questions; drop average or unsolvable")
        if isinstance(self.effort, bool) or not isinstance(self.effort, int) or self.effort < 1:
            raise ValueError(f"effort must be a whole number of at least 1, got {self.effort!r}")

    def god_counts(self) -> tuple[int, ...]:
        """Return every number of gods a candidate may have."""
        low, high = _god_range(self.gods)
        return tuple(range(low, high + 1))


def _god_range(gods: Any) -> tuple[int, int]:
    """Return (fewest, most) gods from an int, a range, a pair or a text such as '3-5'."""
    if isinstance(gods, str):
        parts = gods.replace("..", "-").split("-")
        try:
            nums = [int(p) for p in parts]
        except ValueError:
            raise ValueError(f"gods must be a number or a range such as 3-5, got {gods!r}") from None
        low, high = nums[0], nums[-1]
    elif isinstance(gods, range):
        if gods.step != 1 or not gods:
            raise ValueError(f"gods must be a non-empty range with step 1, got {gods!r}")
        low, high = gods[0], gods[-1]
    elif isinstance(gods, (tuple, list)) and len(gods) == 2:
        low, high = gods
    else:
        low = high = gods
    for n in (low, high):
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"gods must be a whole number or a range, got {gods!r}")
    if not 2 <= low <= high <= MAX_GODS:
        raise ValueError(f"gods must be between 2 and {MAX_GODS} (fewest first), got {gods!r}")
    return low, high


# ---------------------------------------------------------------- drawing a candidate

@dataclass(frozen=True)
class Draw:
    """A candidate before it is solved: everything the rng chose."""

    cast: tuple[tuple[str, ...], ...]  # per god the types it may have (form "allowed"), or one multiset (form "types")
    form: str  # "types": the gods are the multiset cast[0] in some order; "allowed": god i is one of cast[i]
    words: tuple[str, ...]
    goal: str
    random_mode: str
    paradox: str


def draw(rng: random.Random, options: GodsOptions) -> Draw:
    """Return a candidate drawn from rng (the whole draw happens here, before any solving)."""
    n = rng.choice(options.god_counts())
    form = "types" if rng.random() < 0.55 else "allowed"
    if form == "types":
        cast: tuple[tuple[str, ...], ...] = (tuple(sorted(_weighted(rng, n, options))),)
    else:
        cast = tuple(_allowed_set(rng, n) for _ in range(n))
        while math.prod(len(s) for s in cast) * 2 > MAX_WORLDS:
            i = max(range(n), key=lambda j: len(cast[j]))
            cast = cast[:i] + (cast[i][:-1],) + cast[i + 1:]
    words = WORDS if rng.random() < 0.65 else PLAIN_WORDS
    goal = "types+language" if words == WORDS and rng.random() < LEARN_WORDS.get(n, 0.0) else "types"
    mode_roll, paradox_roll = rng.random(), rng.random()
    has_random = any(RANDOM in s for s in cast)
    lean = options.embedded is True  # embedding can only be needed with a shared coin or self-reference
    mode = "word"
    if has_random:
        mode = "coin-shared" if mode_roll < (0.6 if lean else 0.3) else "coin" if mode_roll < 0.65 else "word"
    worlds = _assignments(form, cast) * (1 if words == PLAIN_WORDS else 2)
    silent_ok = worlds <= (SILENT_WORLDS // 2 if options.average else SILENT_WORLDS) and n <= 3
    paradox = "silent" if silent_ok and paradox_roll < (0.5 if lean else 0.2) else "forbidden"
    return Draw(cast, form, words, goal, mode, paradox)


def _weighted(rng: random.Random, n: int, options: GodsOptions) -> list[str]:
    """Return n types drawn for a cast 'in some order' (more randoms when unsolvable puzzles are wanted)."""
    weights = (0.35, 0.3, 0.35) if options.unsolvable else (0.4, 0.35, 0.25)
    return rng.choices(TYPES, weights=weights, k=n)


ALLOWED_SETS = ((TRUTHFUL,), (LIAR,), (RANDOM,), (TRUTHFUL, LIAR), (TRUTHFUL, RANDOM), (LIAR, RANDOM),
                (TRUTHFUL, LIAR, RANDOM))
ALLOWED_WEIGHTS = (1, 1, 1, 4, 4, 4, 3)


def _allowed_set(rng: random.Random, n: int) -> tuple[str, ...]:
    """Return the types one god may have (pairs most often)."""
    return rng.choices(ALLOWED_SETS, weights=ALLOWED_WEIGHTS)[0]


def _assignments(form: str, cast: tuple[tuple[str, ...], ...]) -> int:
    """Return how many type assignments a cast has."""
    if form == "allowed":
        return math.prod(len(s) for s in cast)
    count = math.factorial(len(cast[0]))
    for c in Counter(cast[0]).values():
        count //= math.factorial(c)
    return count


def build(d: Draw, max_questions: int | None = None) -> Interrogation:
    """Return the puzzle of a draw, built as the English and TOML readers build it."""
    agents = tuple(chr(ord("A") + i) for i in range(len(d.cast) if d.form == "allowed" else len(d.cast[0])))
    if d.form == "allowed":
        assignments = assignments_from_allowed(agents, dict(zip(agents, d.cast)))
        present = {t for s in d.cast for t in s}
    else:
        assignments = assignments_from_permutation(_spoken_order(d.cast[0]))
        present = set(d.cast[0])
    space = build_space(agents, assignments, None if d.words == PLAIN_WORDS else d.words,
                        random_mode=d.random_mode, paradox=d.paradox)
    display = {t: DISPLAY[t] for t in TYPES if t in present}
    return Interrogation(space, goal=d.goal, max_questions=max_questions, language="any", max_complexity=2,
                         display=display)


def _spoken_order(types: tuple[str, ...]) -> list[str]:
    """Return a multiset of types in the order people list them: True, False, Random."""
    return sorted(types, key=TYPES.index)


# ---------------------------------------------------------------- canonical form

def canonical_form(puzzle: Interrogation) -> str:
    """Return the puzzle's description up to renaming gods and words (built, never searched for):
    the cast as a sorted multiset of types or of per-god type sets, the words by how many there are and
    whether their meaning is known, and every option that changes the answer."""
    space = puzzle.space
    assignments = {w.types for w in space.worlds}
    languages = {w.language for w in space.worlds}
    if len(space.worlds) != len(assignments) * len(languages) or \
            {(w.types, w.language) for w in space.worlds} != set(itertools.product(assignments, languages)):
        raise PuzzleError("no canonical form: the worlds are not every type assignment with every language")
    has_random = any(RANDOM in a for a in assignments)
    single = len(languages) == 1
    fields = [f"gods={len(space.agents)}", f"cast={_cast_key(assignments, len(space.agents))}",
              f"words={_words_key(space.words, languages)}",
              f"goal={'types' if single else puzzle.goal}",
              f"random={space.random_mode if has_random else '-'}", f"paradox={space.paradox}",
              f"budget={puzzle.max_questions}", f"language={puzzle.language}/{puzzle.max_complexity}",
              f"objective={puzzle.objective}"]
    return ";".join(fields)


def canonical_key(puzzle: Interrogation) -> str:
    """Return the short key of the canonical form (16 hex digits)."""
    return key_of(canonical_form(puzzle))


def _cast_key(assignments: set[tuple[str, ...]], n: int) -> str:
    """Return the cast up to renaming gods: 'allowed:' sorted per-god sets when the assignments are every
    combination of them, else 'types:' the sorted multiset when they are its every ordering."""
    per_god = [sorted({a[i] for a in assignments}) for i in range(n)]
    if len(assignments) == math.prod(len(s) for s in per_god):
        return "allowed:" + ",".join(sorted("+".join(s) for s in per_god))
    multisets = {tuple(sorted(a)) for a in assignments}
    if len(multisets) == 1:
        (m,) = multisets
        if len(assignments) == _assignments("types", (m,)):
            return "types:" + ",".join(m)
    raise PuzzleError("no canonical form: the type assignments are neither every ordering of one multiset nor "
                      "every combination of per-god types")


def _words_key(words: tuple[str, ...], languages: set[tuple[str, ...]]) -> str:
    """Return the words up to renaming: 'yes/no' (meanings known) or 'unknown<n>' (every language)."""
    if len(languages) == 1:
        (lang,) = languages
        return "known:" + ",".join(sorted(lang))
    if languages == set(default_languages(words)):
        return f"unknown{len(words)}"
    raise PuzzleError("no canonical form: the languages are neither one nor every way of choosing yes and no")


# ---------------------------------------------------------------- proofs

@dataclass(frozen=True)
class Bound:
    """What the complete question language proves: the fewest questions (None: no number suffices)."""

    questions: int | None
    splits: int  # splits the exhaustive search explored
    classes: int = 0  # goal values to tell apart (e.g. type assignments)
    outcomes: int = 2  # replies a question may get (the words, and silence where a god may say nothing)


def fewest(puzzle: Interrogation, budget: Budget, world_only: bool = False, within: int | None = None) -> Bound:
    """Return the fewest questions with every possible question (world_only: every question about the
    world alone), proved by exhaustive search; `within` stops at that many (None beyond it)."""
    space = puzzle.space
    if world_only:
        mode = "coin" if space.random_mode == "coin-shared" else space.random_mode
        space = dataclasses.replace(space, random_mode=mode, paradox="forbidden")
    anyl = AnyLanguage(ContextSpace(space, with_self=False if world_only else None, check=budget.check_time),
                       puzzle.goal, budget)
    root = (1 << anyl.n_reps) - 1
    search, tree = bound_search(anyl, root, anyl.n_reps if within is None else within, within is None, budget)
    return Bound(None if tree is None else depth_of(tree), search.finish().nodes, len(set(anyl.goal_class)),
                 max(2, anyl.max_outcomes))


def strategy_json(puzzle: Interrogation, node: Node) -> dict[str, Any]:
    """Return a strategy tree in the strategy file's JSON form (questions as expressions)."""
    if isinstance(node, Identified):
        out: dict[str, Any] = {"identified": {a: puzzle.type_name(t) for a, t in node.types}}
        if node.language:
            out["language"] = dict(node.language)
        return out
    return {"ask": node.addressee, "question": E.to_json(node.question),
            "branches": {o: strategy_json(puzzle, n) for o, n in node.branches}}


def _plural(k: int, word: str = "question") -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


# ---------------------------------------------------------------- making one puzzle

def make(rng: random.Random, options: GodsOptions) -> Made | None:
    """Return one puzzle drawn from rng, its fewest questions proved, or None when it misses the options'
    filter or the time limit."""
    d = draw(rng, options)
    budget = Budget(Limits(nodes=options.effort))
    try:
        return _make(d, options, budget)
    except LimitReached:
        return None


def _make(d: Draw, options: GodsOptions, budget: Budget) -> Made | None:
    puzzle = build(d)
    if len(puzzle.space.worlds) < 2 or puzzle.space.identify(puzzle.space.all_worlds, puzzle.goal) is not None:
        return None  # nothing to find out
    bound = fewest(puzzle, budget)
    k = bound.questions
    if options.unsolvable:
        return _unsolvable(d, options, budget, bound)
    if k is None or (options.questions is not None and k != options.questions):
        return None
    world = fewest(puzzle, budget, world_only=True, within=k)
    needs_embedding = world.questions is None
    if needs_embedding:  # how many questions about the world alone would do, if any number does
        world = dataclasses.replace(fewest(puzzle, budget, world_only=True), splits=world.splits)
    if options.embedded is not None and options.embedded != needs_embedding:
        return None
    final = dataclasses.replace(puzzle, max_questions=k)
    sol = _solve(final, budget)
    if not sol.solvable or sol.questions != k:
        raise InternalError(f"the bound proved {k} questions but the solver found {sol.questions}")
    expected = _average(final, budget) if options.average else None
    return _solved_record(final, sol, bound, world, expected)


def _solve(puzzle: Interrogation, budget: Budget) -> Solution:
    """Return the solution `smullyan solve` gives, within the splits left of the candidate's budget."""
    return solve(puzzle, Limits(nodes=max(1, (budget.limits.nodes or 0) - budget.nodes) if budget.limits.nodes else None))


def _average(puzzle: Interrogation, budget: Budget) -> Fraction | None:
    """Return the fewest questions on average (strategies of at most the puzzle's budget), None if undefined."""
    try:
        return _solve(dataclasses.replace(puzzle, objective="expected"), budget).expected
    except PuzzleError:  # no average when some god may choose among several words (not drawn here)
        return None


def _unsolvable(d: Draw, options: GodsOptions, budget: Budget, bound: Bound) -> Made | None:
    """Return the record of an unsolvable puzzle: no budget stated when no number of questions suffices,
    else a budget of one question fewer than the fewest (None when the fewest is 1)."""
    k = bound.questions
    if k is not None and k < 2:
        return None
    within = None if k is None else k - 1
    if options.questions is not None and within != options.questions:
        return None
    final = build(d, within)
    sol = _solve(final, budget)
    if sol.solvable:
        raise InternalError("the bound proved the puzzle unsolvable but the solver solved it")
    proof = dict(sol.proof or {})
    explanation: tuple[dict[str, Any], ...] = ({"claim": "impossible", "questions": within, "statement": proof.get("statement", ""),
                    "language": "any", "splits_explored": proof.get("splits_explored", bound.splits)},)
    if k is not None:
        explanation += ({"claim": "fewest", "questions": k,
                         "statement": f"With {_plural(k)} a strategy exists, one more than the puzzle allows."},)
    effort = int(proof.get("splits_explored", bound.splits))
    grade = _clamp((within or 0) + 1 + _effort_points(effort))
    difficulty = {"grade": grade, "budget": within, "fewest": k, "splits_explored": effort,
                  "worlds": len(final.space.worlds)}
    solution = {"questions": None, "expected": None, "strategy": None, "proof": proof, "solvable": False,
                "fewest": k}
    return Made(final, solution, explanation, difficulty, canonical_key(final))


def _solved_record(puzzle: Interrogation, sol: Solution, bound: Bound, world: Bound,
                   expected: Fraction | None) -> Made:
    """Return the record of a solved puzzle: solution, the proofs behind it and its grade."""
    k = sol.questions or 0
    n_worlds = len(puzzle.space.worlds)
    assert sol.strategy is not None
    complexity = max((E.complexity(q.question) for q in questions(sol.strategy)), default=0)
    needs = world.questions is None or world.questions > k
    impossible = _impossible_statement(k - 1, bound, n_worlds)
    proof = {"fewer_impossible": k - 1, "language": "any", "statement": impossible, "splits_explored": bound.splits}
    explanation: list[dict[str, Any]] = [
        {"claim": "impossible", "questions": k - 1, "statement": impossible, "language": "any",
         "splits_explored": bound.splits},
        {"claim": "optimal", "questions": k,
         "statement": f"This strategy of {_plural(k)} identifies the goal in all {n_worlds} candidate worlds, "
                      "however the answers fall (verified against every world and hidden state), so "
                      f"{_plural(k)} is the fewest in the worst case."},
        {"claim": "embedding needed" if needs else "embedding not needed", "questions": k,
         "world_only_questions": world.questions, "splits_explored": world.splits,
         "statement": _embedding_statement(k, needs, world)},
    ]
    if expected is not None:
        explanation.append({"claim": "average", "expected": str(expected), "within": k,
                            "statement": f"No strategy of at most {_plural(k)} averages fewer than {expected} "
                                         "questions (exhaustive search; every world equally likely, fair coins)."})
    effort = bound.splits + world.splits
    grade = _clamp(k + 2 * needs + min(2, max(0, complexity - 1)) + _effort_points(effort))
    difficulty = {"grade": grade, "questions": k, "embedded_needed": needs, "complexity": complexity,
                  "splits_explored": effort, "worlds": n_worlds}
    solution = {"solvable": True, "questions": k, "expected": None if expected is None else str(expected),
                "strategy": strategy_json(puzzle, sol.strategy), "proof": proof, "complexity": complexity,
                "embedded_needed": needs}
    return Made(puzzle, solution, tuple(explanation), difficulty, canonical_key(puzzle))


def _impossible_statement(j: int, bound: Bound, n_worlds: int) -> str:
    """Return why no strategy of j questions identifies the goal: counting when it suffices, else the search."""
    if j == 0:
        return f"Without a question the goal is not identified: the {n_worlds} candidate worlds differ."
    if bound.classes > bound.outcomes ** j:
        return (f"No strategy of {_plural(j)} identifies the goal: there are {bound.classes} possible answers to "
                f"tell apart, and {_plural(j)} with at most {bound.outcomes} possible replies each tell at most "
                f"{bound.outcomes ** j} apart.")
    return (f"No strategy of {_plural(j)} identifies the goal, even with every possible question "
            f"(exhaustive search, {bound.splits} splits explored).")


def _embedding_statement(k: int, needs: bool, world: Bound) -> str:
    """Return what the search of questions about the world alone proved."""
    if not needs:
        return (f"{_plural(k).capitalize()} about the world alone (types and meanings only, no embedded or "
                "self-referring question) suffice.")
    alone = ("no number of them identifies the goal" if world.questions is None else
             f"they need {world.questions}")
    return (f"No strategy of {_plural(k)} about the world alone (mentioning no god's answer: no 'what would B "
            f"answer?', no 'what will you answer?') identifies the goal, whatever their complexity (exhaustive search); "
            f"{alone}.")


def _effort_points(splits: int) -> int:
    """Return 0, 1 or 2 for a proof of under 100, under 10,000, or more splits."""
    return (splits >= 100) + (splits >= 10_000)


def _clamp(grade: int) -> int:
    return max(1, min(10, grade))
