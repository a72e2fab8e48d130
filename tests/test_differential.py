"""Differential tests (issue 13, item 6): small random valid puzzles solved by smullyan and by a tiny
brute force written here, independently of smullyan's engines (nothing below imports `smullyan.logic`,
`smullyan.deduce` or `smullyan.interrogate`; only the public API is called, for the answers under test).

- Knights and knaves: 2-5 agents, random nested statements (type atoms, not/and/or/xor/implies/iff,
  nested `says`, type counts), optional facts, counts and a random third type; every type assignment
  is tried with our own evaluator (a truthful agent's statement is true, a liar's false, a random
  agent's either) and the consistent ones compared, as a set, with `solve().solutions`.
- Zebra grids: 2-3 houses, 2 categories, random clues (every grid relation, not/and/or), against
  every pair of permutations.
- Gods: 1-2 agents of truthful / liar / random types (in some order, or each from an allowed list),
  plain yes/no or ja/da of unknown meaning, every reading of random, goal types or types+language,
  objective worst or expected, grammar or any language. Every strategy smullyan returns is checked by
  our own verifier over every world (types x languages) and every hidden state, drawn afresh per
  question (questions are atoms, connectives and embedded `answers`); its worst case and its exact
  average must be the ones smullyan reports, and with `max_questions = k - 1` smullyan must report
  the puzzle unsolvable when it said k. Solvability itself is checked too: two worlds with different
  goals where every god is random in one of them can never be told apart (random may say any word),
  so such a puzzle must be unsolvable, and with every question allowed a puzzle without such a pair
  must be solvable (not under coin-shared, where a question can read random's own coin).

The number of examples per test is `SMULLYAN_FUZZ_EXAMPLES` (default 100; the file then runs in
well under a minute). A longer profile: `SMULLYAN_FUZZ_EXAMPLES=2000 pytest tests/test_differential.py`.
"""

from __future__ import annotations

import itertools
import os
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import smullyan

EXAMPLES = int(os.environ.get("SMULLYAN_FUZZ_EXAMPLES", "100"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])

AGENT_NAMES = ["A", "B", "C", "D", "E"]
TYPE_OF = {"knight": "T", "truthful": "T", "knave": "L", "liar": "L", "random": "R"}
OPS = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "lt": lambda a, b: a < b, "le": lambda a, b: a <= b,
       "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
       "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


# ====================================================================== knights and knaves

def holds(e, world: dict[str, str]) -> bool:
    """Our reading of a statement in a world (agent -> 'T', 'L' or 'R')."""
    if isinstance(e, bool):
        return e
    head, args = e[0], e[1:]
    if head == "type":
        return world[args[0]] == TYPE_OF[args[1]]
    if head == "not":
        return not holds(args[0], world)
    if head == "and":
        return all(holds(a, world) for a in args)
    if head == "or":
        return any(holds(a, world) for a in args)
    if head == "xor":
        return holds(args[0], world) != holds(args[1], world)
    if head == "implies":
        return (not holds(args[0], world)) or holds(args[1], world)
    if head == "iff":
        return holds(args[0], world) == holds(args[1], world)
    if head == "says":
        speaker = world[args[0]]
        value = holds(args[1], world)
        return value if speaker == "T" else (not value) if speaker == "L" else True
    if head == "count":
        kind, op, n = args
        return OPS[op](sum(1 for t in world.values() if t == TYPE_OF[kind]), n)
    raise AssertionError(f"the test's generator made {e!r}")


@st.composite
def kk_puzzles(draw):
    n = draw(st.integers(2, 5))
    agents = AGENT_NAMES[:n]
    types = draw(st.sampled_from([["knight", "knave"], ["knight", "knave"], ["knight", "knave", "random"]]))
    agent = st.sampled_from(agents)
    atom = st.one_of(
        st.builds(lambda a, t: ["type", a, t], agent, st.sampled_from(types)),
        st.builds(lambda t, op, k: ["count", t, op, k], st.sampled_from(types), st.sampled_from(sorted(OPS)),
                  st.integers(0, n)),
        st.booleans(),
    )

    def extend(children):
        return st.one_of(
            children.map(lambda c: ["not", c]),
            st.lists(children, min_size=2, max_size=3).map(lambda cs: ["and", *cs]),
            st.lists(children, min_size=2, max_size=3).map(lambda cs: ["or", *cs]),
            st.tuples(children, children).map(lambda p: ["xor", *p]),
            st.tuples(children, children).map(lambda p: ["implies", *p]),
            st.tuples(children, children).map(lambda p: ["iff", *p]),
            st.tuples(agent, children).map(lambda p: ["says", *p]),
        )

    expr = st.recursive(atom, extend, max_leaves=6)
    statements = draw(st.lists(st.tuples(agent, expr).map(lambda p: ["says", *p]), min_size=1, max_size=n + 1))
    facts = draw(st.lists(expr, max_size=1))
    counts = draw(st.one_of(st.just({}), st.fixed_dictionaries({types[1]: st.integers(0, n)})))
    return agents, types, statements, facts, counts


def brute_force_kk(agents, types, statements, facts, counts):
    out = set()
    for combo in itertools.product(types, repeat=len(agents)):
        world = {a: TYPE_OF[t] for a, t in zip(agents, combo)}
        if not all(holds(s, world) for s in statements + facts):
            continue
        if any(sum(1 for t in world.values() if t == TYPE_OF[k]) != n for k, n in counts.items()):
            continue
        out.add(frozenset(zip(agents, combo)))
    return out


@SETTINGS
@given(kk_puzzles(), st.sampled_from([None, "enum", "sat"]))
def test_knights_and_knaves_match_brute_force(puzzle, backend):
    agents, types, statements, facts, counts = puzzle
    built = smullyan.deduction(agents, statements, facts=facts, types=types, counts=counts or None)
    result = built.solve(backend=backend)
    got = {frozenset(s.items()) for s in result.solutions}
    assert len(got) == len(result.solutions), "a world is listed twice"
    want = brute_force_kk(agents, types, statements, facts, counts)
    assert got == want
    assert result.consistent == len(want)
    assert result.unique == (len(want) == 1)
    # the TOML it writes reads back to the same answers
    again = smullyan.loads(built.to_toml()).solve(backend=backend)
    assert {frozenset(s.items()) for s in again.solutions} == want


def test_knights_and_knaves_brute_force_sanity():
    # the README's example, by our own evaluator: A says B is a knave, B says both are knights
    sol = brute_force_kk(["A", "B"], ["knight", "knave"],
                         [["says", "A", ["type", "B", "knave"]],
                          ["says", "B", ["and", ["type", "A", "knight"], ["type", "B", "knight"]]]], [], {})
    assert sol == {frozenset({("A", "knight"), ("B", "knave")})}


# ====================================================================== zebra grids

CATEGORY_VALUES = {"color": ["red", "green", "blue"], "pet": ["cat", "dog", "fish"]}


def grid_holds(e, pos: dict[str, int]) -> bool:
    head, args = e[0], e[1:]
    if head == "not":
        return not grid_holds(args[0], pos)
    if head == "and":
        return all(grid_holds(a, pos) for a in args)
    if head == "or":
        return any(grid_holds(a, pos) for a in args)
    p = lambda v: pos[v.split(":")[-1]]  # noqa: E731
    if head == "same":
        return p(args[0]) == p(args[1])
    if head == "at":
        return p(args[0]) == args[1]
    if head == "not_at":
        return p(args[0]) != args[1]
    if head == "left_of":
        return p(args[0]) < p(args[1])
    if head == "right_of":
        return p(args[0]) > p(args[1])
    if head == "directly_left":
        return p(args[0]) == p(args[1]) - 1
    if head == "directly_right":
        return p(args[0]) == p(args[1]) + 1
    if head == "next_to":
        return abs(p(args[0]) - p(args[1])) == 1
    if head == "between":
        return abs(p(args[0]) - p(args[1])) == args[2] + 1
    raise AssertionError(e)


@st.composite
def grids(draw):
    houses = draw(st.integers(2, 3))
    cats = {c: vs[:houses] for c, vs in CATEGORY_VALUES.items()}
    names = [v for vs in cats.values() for v in vs]
    qualified = {v: f"{c}:{v}" for c, vs in cats.items() for v in vs}
    value = st.sampled_from(names).flatmap(lambda v: st.sampled_from([v, qualified[v]]))
    house = st.integers(1, houses)
    atom = st.one_of(
        st.builds(lambda x, y: ["same", x, y], value, value),
        st.builds(lambda x, k: ["at", x, k], value, house),
        st.builds(lambda x, k: ["not_at", x, k], value, house),
        st.builds(lambda h, x, y: [h, x, y], st.sampled_from(["left_of", "right_of", "directly_left", "directly_right",
                                                                "next_to"]), value, value),
        st.builds(lambda x, y, k: ["between", x, y, k], value, value, st.integers(0, houses - 2)),
    )
    clue = st.recursive(atom, lambda c: st.one_of(c.map(lambda x: ["not", x]),
                                                  st.lists(c, min_size=2, max_size=3).map(lambda xs: ["and", *xs]),
                                                  st.lists(c, min_size=2, max_size=3).map(lambda xs: ["or", *xs])),
                        max_leaves=3)
    clues = draw(st.lists(clue, max_size=5))
    return houses, cats, clues


@SETTINGS
@given(grids())
def test_zebra_grids_match_brute_force(puzzle):
    houses, cats, clues = puzzle
    want = set()
    for perms in itertools.product(*(itertools.permutations(vs) for vs in cats.values())):
        pos = {v: i + 1 for perm in perms for i, v in enumerate(perm)}
        if all(grid_holds(c, pos) for c in clues):
            want.add(tuple(zip(cats, perms)))
    result = smullyan.grid(houses, cats, clues).solve()
    got = {tuple((c, tuple(s[c])) for c in cats) for s in result.solutions}
    assert len(got) == len(result.solutions)
    assert got == want
    assert result.unique == (len(want) == 1)


# ====================================================================== gods

class Unsupported(Exception):
    """A question our verifier does not read (it should never happen: the test then fails loudly)."""


CANON = {"truthful": "truthful", "knight": "truthful", "true": "truthful", "liar": "liar", "knave": "liar",
         "false": "liar", "random": "random"}
SILENCE = "silent"


class GodsWorlds:
    """Our own model of a gods puzzle: worlds, hidden states and the answering rules."""

    def __init__(self, agents, types, allowed, words, random):
        self.agents, self.words, self.random = list(agents), list(words), random
        if types is not None:
            assignments = sorted(set(itertools.permutations(types)))
        else:
            assignments = sorted(set(itertools.product(*(allowed[a] for a in agents))))
        if list(words) == ["yes", "no"]:
            languages = [{"yes": "yes", "no": "no"}]
        else:
            languages = [{words[0]: "yes", words[1]: "no"}, {words[0]: "no", words[1]: "yes"}]
        self.worlds = [(dict(zip(agents, a)), lang) for a in assignments for lang in languages]

    def hidden_values(self):
        if self.random == "word":
            return self.words
        if self.random == "word-or-silent":
            return self.words + [SILENCE]
        return ["heads", "tails"]

    def hidden_states(self, world):
        randoms = [a for a in self.agents if world[0][a] == "random"]
        return [dict(zip(randoms, h)) for h in itertools.product(self.hidden_values(), repeat=len(randoms))]

    def value(self, q, world, hidden) -> frozenset:
        """Return the truth values the question may have in this context (two when undetermined)."""
        types, lang = world
        if isinstance(q, bool):
            return frozenset([q])
        head, args = q[0], q[1:]
        if head == "type":
            return frozenset([types[args[0]] == CANON[args[1].lower()]])
        if head == "means":
            return frozenset([lang[args[0]] == args[1]])
        if head == "not":
            return frozenset(not v for v in self.value(args[0], world, hidden))
        parts = [self.value(a, world, hidden) for a in args] if head != "answers" else None
        combine = {"and": all, "or": any, "xor": lambda vs: vs[0] != vs[1], "iff": lambda vs: vs[0] == vs[1],
                   "implies": lambda vs: (not vs[0]) or vs[1]}
        if head in combine:
            return frozenset(combine[head](list(c)) for c in itertools.product(*parts))
        if head == "answers":
            agent, sub, word = args
            said = self.outcomes(agent, sub, world, hidden, embedded=True)
            return frozenset(([True] if word in said else []) + ([False] if said - {word} else []))
        raise Unsupported(q)

    def outcomes(self, agent, q, world, hidden, embedded=False) -> set:
        """Return what `agent` may answer to q in this context (words, or silence)."""
        types, lang = world
        t = types[agent]
        if t == "random":
            if self.random in ("word", "word-or-silent"):
                return {hidden[agent]}
            if self.random == "coin" and embedded:
                personas = ["truthful", "liar"]
            else:
                personas = ["truthful" if hidden[agent] == "heads" else "liar"]
        else:
            personas = [t]
        out = set()
        for persona in personas:
            for v in self.value(q, world, hidden):
                meaning = "yes" if v == (persona == "truthful") else "no"
                out |= {w for w in self.words if lang[w] == meaning}
        return out or {"<paradox>"}

    def inseparable(self, goal):
        """Return two worlds with different goal values in which every agent is random in one of the two."""
        for w1, w2 in itertools.combinations(self.worlds, 2):
            same_goal = w1[0] == w2[0] and (goal == "types" or w1[1] == w2[1])
            if not same_goal and all("random" in (w1[0][a], w2[0][a]) for a in self.agents):
                return w1, w2
        return None

    def check(self, node, world, goal):
        """Return (worst case, average) of a strategy in one world; fail on a wrong or missing leaf."""
        types, lang = world
        if "identified" in node:
            got = {a: CANON[t.lower()] for a, t in node["identified"].items()}
            assert got == types, f"leaf {node} reached in world {world}"
            if goal == "types+language":
                assert node.get("language") == lang, f"leaf {node} reached in world {world}"
            return 0, Fraction(0)
        worst, total = 0, Fraction(0)
        states = self.hidden_states(world)
        for hidden in states:
            outs = self.outcomes(node["ask"], node["question"], world, hidden)
            assert "<paradox>" not in outs, f"{node['ask']} cannot answer {node['question']} in {world}"
            best = Fraction(-1)
            for o in outs:
                assert o in node["branches"], f"outcome {o!r} of {node['question']} in {world}, {hidden} has no branch"
                d, e = self.check(node["branches"][o], world, goal)
                worst = max(worst, d)
                best = max(best, e)
            total += best
        return 1 + worst, 1 + total / len(states)


@st.composite
def gods_puzzles(draw):
    n = draw(st.integers(1, 2))
    agents = AGENT_NAMES[:n]
    kinds = st.permutations(["truthful", "liar", "random"]).map(  # random comes last more often than not
        lambda p: p if p[-1] == "random" or p[0] != "random" else p[1:] + p[:1])
    if n == 2 and draw(st.booleans()):  # two different types in some order (one agent would be trivial)
        types, allowed = draw(kinds)[:2], None
    else:  # at least one agent with a choice of types
        types = None
        sizes = [draw(st.integers(1, 3)) for _ in agents]
        sizes[draw(st.integers(0, n - 1))] = draw(st.integers(2, 3))
        allowed = {a: draw(kinds)[:k] for a, k in zip(agents, sizes)}
    words = draw(st.sampled_from([["yes", "no"], ["ja", "da"]]))
    options = {
        "random": draw(st.sampled_from(["word", "coin", "coin-shared", "word-or-silent"])),
        "goal": draw(st.sampled_from(["types", "types+language"])) if words != ["yes", "no"] else "types",
        "objective": draw(st.sampled_from(["worst", "worst", "expected"])),
        "language": draw(st.sampled_from(["grammar", "any"])),
        "max_complexity": draw(st.integers(0, 2)),
    }
    return agents, types, allowed, words, options


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(gods_puzzles())
def test_gods_strategies_pass_an_independent_verifier(puzzle):
    agents, types, allowed, words, options = puzzle
    built = smullyan.gods(agents, types, allowed=allowed, words=words, **options)
    try:
        result = built.solve(limit="20s")
    except smullyan.LimitReached:
        assume(False)
    model = GodsWorlds(agents, types, allowed, words, options["random"])
    # two worlds with different goals where every god is random in one of them cannot be told apart (random
    # may say any word in any context); with every question allowed, a puzzle without such a pair is solvable.
    # Not under coin-shared, where a question can read random's own coin.
    if options["random"] != "coin-shared":
        stuck = model.inseparable(options["goal"])
        if stuck is not None:
            assert not result.solvable, f"worlds {stuck} cannot be told apart"
        if options["language"] == "any":
            assert result.solvable == (stuck is None)
    if not result.solvable:
        assert result.strategy is None and result.questions is None
        return
    tree = result.strategy.tree()
    checked = [model.check(tree, w, options["goal"]) for w in model.worlds]
    worst = max(d for d, _ in checked)
    average = sum((e for _, e in checked), Fraction(0)) / len(checked)
    assert worst == result.questions == result.strategy.questions
    assert average == result.expected
    assert smullyan.verify(built, result.strategy).ok
    k = result.questions
    if options["objective"] == "worst" and k >= 1:
        fewer = built.with_options(max_questions=k - 1).solve(limit="20s")
        assert not fewer.solvable, f"solver said {k} questions, but finds a strategy within {k - 1}"


def test_gods_verifier_sanity():
    # by hand: knight or knave, one question "Is 1 + 1 = 2?" in plain yes/no
    model = GodsWorlds(["A"], None, {"A": ["truthful", "liar"]}, ["yes", "no"], "word")
    tree = {"ask": "A", "question": True,
            "branches": {"yes": {"identified": {"A": "truthful"}}, "no": {"identified": {"A": "liar"}}}}
    assert [model.check(tree, w, "types") for w in model.worlds] == [(1, Fraction(1)), (1, Fraction(1))]
    # with ja/da of unknown meaning the same question fails: its answer depends on the language
    model = GodsWorlds(["A"], None, {"A": ["truthful", "liar"]}, ["ja", "da"], "word")
    tree = {"ask": "A", "question": True,
            "branches": {"ja": {"identified": {"A": "truthful"}}, "da": {"identified": {"A": "liar"}}}}
    failures = 0
    for w in model.worlds:
        try:
            model.check(tree, w, "types")
        except AssertionError:
            failures += 1
    assert failures == 2
    # the embedded question lemma: "If I asked you 'Are you truthful?', would you say ja?" works
    tree["question"] = ["answers", "A", ["type", "A", "truthful"], "ja"]
    assert all(model.check(tree, w, "types") == (1, Fraction(1)) for w in model.worlds)
    # a random god under 'word' says ja or da whatever it is asked: the average counts both
    model = GodsWorlds(["A", "B"], ["truthful", "random"], None, ["yes", "no"], "word")
    tree = {"ask": "A", "question": ["type", "B", "random"],
            "branches": {"yes": {"identified": {"A": "truthful", "B": "random"}},
                         "no": {"identified": {"A": "random", "B": "truthful"}}}}
    with_random_first = [w for w in model.worlds if w[0]["A"] == "random"][0]
    try:
        model.check(tree, with_random_first, "types")
        raise AssertionError("a random god asked a question can say either word")
    except AssertionError as e:
        assert "leaf" in str(e)
