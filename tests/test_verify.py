"""Verification of hand-written, emitted and corrupted strategies."""

import json
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from smullyan.formats.puzzle_toml import load_puzzle
from smullyan.interrogate import strategy as S
from smullyan.interrogate.solve import solve
from smullyan.interrogate.verify import verify
from smullyan.logic import expr as E
from smullyan.api.puzzles import GodsPuzzle
from smullyan.api.results import StrategyResult
from smullyan.formats.strategy_json import strategy_from_json

from conftest import EXAMPLES, allowed, gods


def boolos():
    return strategy_from_json(json.loads((EXAMPLES / "boolos_strategy.json").read_text()))


def test_boolos_three_questions_work_under_both_readings():
    for name in ("boolos.toml", "hardest.toml"):
        v = verify(load_puzzle(EXAMPLES / name), boolos())
        assert (v.ok, v.worst, v.expected, v.worlds) == (True, 3, Fraction(3), 12)


def test_corrupted_strategy_names_the_first_failing_world_and_path():
    data = json.loads((EXAMPLES / "boolos_strategy.json").read_text())
    data["branches"]["ja"]["branches"]["da"]["branches"]["da"]["identified"]["C"] = "Random"
    data["branches"]["ja"]["branches"]["da"]["branches"]["da"]["identified"]["B"] = "False"
    v = verify(load_puzzle(EXAMPLES / "boolos.toml"), strategy_from_json(data))
    assert not v.ok
    assert v.failure == ("fails in world A=truthful B=random C=liar; ja=yes da=no at B:ja -> A:da -> A:da: "
                         "the leaf says B is liar but B is random")


def test_missing_branch_is_reported():
    data = json.loads((EXAMPLES / "boolos_strategy.json").read_text())
    del data["branches"]["da"]
    v = verify(load_puzzle(EXAMPLES / "boolos.toml"), strategy_from_json(data))
    assert v.failure == ("fails in world A=truthful B=random C=liar; ja=yes da=no at B:da: "
                         "B may answer da but the strategy has no branch for it")


def test_forbidden_paradox_is_rejected():
    p = allowed({"A": ["truthful", "liar"]}, words=None)
    strat = S.Ask("A", E.self_answer("no"), (("yes", S.Identified((("A", "liar"),))), ("no", S.Identified((("A", "liar"),)))))
    v = verify(p, strat)
    assert v.failure == ('fails in world A=truthful at the root: A may have no consistent answer to the question, '
                         'which paradox = "forbidden" does not allow')


def test_expected_counts_fair_hidden_states():
    # A needless first question that separates only the knave: the knight needs 2, the knave 1.
    p = allowed({"A": ["knight", "knave"]}, words=None)
    leaf_t, leaf_l = S.Identified((("A", "truthful"),)), S.Identified((("A", "liar"),))
    again = S.Ask("A", E.TRUE, (("yes", leaf_t), ("no", leaf_l)))
    strat = S.Ask("A", E.FALSE, (("no", again), ("yes", leaf_l)))
    v = verify(p, strat)
    assert (v.ok, v.worst, v.expected) == (True, 2, Fraction(3, 2))


def test_emitted_strategies_round_trip_through_json():
    for p in (gods(["truthful", "liar", "random"], max_questions=3),
              gods(["truthful", "liar", "random"], paradox="silent", max_questions=2),
              gods(["truthful", "liar", "liar", "random"], language="any", max_questions=4)):
        sol = solve(p)
        data = json.loads(StrategyResult.of(GodsPuzzle(p), sol, 0.0).to_json())
        again = strategy_from_json(data)
        assert again == sol.strategy
        assert verify(p, again).ok


TYPES = st.sampled_from(["truthful", "liar", "random"])
# up to 3 agents with up to 2 types each, or 2 agents with up to 3: small enough to stay fast
SMALL = st.one_of(
    st.lists(st.lists(TYPES, min_size=1, max_size=2, unique=True), min_size=1, max_size=3),
    st.lists(st.lists(TYPES, min_size=1, max_size=3, unique=True), min_size=1, max_size=2),
)


@settings(max_examples=40, deadline=None)
@given(SMALL, st.sampled_from(["word", "coin", "coin-shared"]), st.sampled_from(["forbidden", "silent"]),
       st.booleans())
def test_grammar_never_beats_the_complete_language_and_every_strategy_verifies(types, random, paradox, plain):
    per_agent = {"ABC"[i]: ts for i, ts in enumerate(types)}
    words = None if plain else ("ja", "da")
    g = solve(allowed(per_agent, words=words, random=random, paradox=paradox, max_questions=4, max_complexity=1))
    a = solve(allowed(per_agent, words=words, random=random, paradox=paradox, max_questions=4, language="any"))
    if g.solvable:
        assert a.solvable and a.questions <= g.questions
    for sol, lang in ((g, "grammar"), (a, "any")):
        if sol.solvable:
            p = allowed(per_agent, words=words, random=random, paradox=paradox, max_questions=4, language=lang)
            v = verify(p, sol.strategy)
            assert v.ok and v.worst == sol.questions


def test_strategy_with_questions_in_english():
    q1 = "Is it true that da means yes if and only if (you are True if and only if A is Random)?"
    q2 = "Is it true that da means yes if and only if 1 + 1 = 2?"
    q3 = "Is it true that da means yes if and only if B is Random?"

    def leaf(a, b, c):
        return {"identified": {"A": a, "B": b, "C": c}}

    data = {"ask": "B", "question": q1, "branches": {
        "ja": {"ask": "A", "question": q2, "branches": {
            "da": {"ask": "A", "question": q3, "branches": {"da": leaf("True", "Random", "False"), "ja": leaf("True", "False", "Random")}},
            "ja": {"ask": "A", "question": q3, "branches": {"da": leaf("False", "True", "Random"), "ja": leaf("False", "Random", "True")}}}},
        "da": {"ask": "C", "question": q2, "branches": {
            "da": {"ask": "C", "question": q3, "branches": {"da": leaf("False", "Random", "True"), "ja": leaf("Random", "False", "True")}},
            "ja": {"ask": "C", "question": q3, "branches": {"da": leaf("Random", "True", "False"), "ja": leaf("True", "Random", "False")}}}}}}
    english = strategy_from_json(data)
    assert [S.depth(english), len(S.questions(english))] == [3, 7]
    v = verify(load_puzzle(EXAMPLES / "boolos.toml"), english)
    assert (v.ok, v.worst, v.expected) == (True, 3, Fraction(3))


def test_any_language_splits_are_worded_without_grammar_help():
    # with max_complexity 0 the realiser must build questions itself (embedded-question lemma, or a
    # formula over worlds, own answer and coin); solve() verifies each strategy before returning it
    cases = [(gods(["truthful", "liar", "random"], paradox="silent", max_questions=2, language="any", max_complexity=0), 2),
             (gods(["truthful", "liar", "liar", "random"], language="any", max_questions=4, max_complexity=0), 4),
             (allowed({"A": ["truthful", "random"]}, random="coin-shared", language="any", max_complexity=0), 1)]
    for puzzle, questions in cases:
        sol = solve(puzzle)
        assert sol.questions == questions
        assert any(E.complexity(q.question) > 0 for q in S.questions(sol.strategy))


def test_a_time_limit_stops_verification_with_no_verdict():
    import pytest

    import smullyan

    puzzle = smullyan.load(EXAMPLES / "boolos.toml")
    strategy = smullyan.load_strategy(EXAMPLES / "boolos_strategy.json", puzzle)
    with pytest.raises(smullyan.LimitReached) as got:
        smullyan.verify(puzzle, strategy, limit=1e-9)
    assert str(got.value) == "verification stopped at the time limit (1e-09 s) after checking 0 of 12 worlds; no verdict"
    assert got.value.exit_status == 3
    assert smullyan.verify(puzzle, strategy, limit="60s", memory="8G").expected == 3


def test_a_memory_budget_stops_verification_and_a_node_limit_is_refused():
    import re

    import pytest

    import smullyan

    puzzle = smullyan.load(EXAMPLES / "boolos.toml")
    strategy = smullyan.load_strategy(EXAMPLES / "boolos_strategy.json", puzzle)
    with pytest.raises(smullyan.LimitReached) as got:
        smullyan.verify(puzzle, strategy, memory="64M")  # this test process is larger than 64 MB
    assert re.fullmatch(r"verification stopped at the memory budget \([0-9,]+ MB resident, budget 64 MB; raise it "
                        r"with --memory\) after checking 0 of 12 worlds; no verdict", str(got.value))
    with pytest.raises(smullyan.BadInput) as bad:
        smullyan.verify(puzzle, strategy, limit=100)
    assert str(bad.value) == ("verify takes a time limit in seconds (e.g. '5s') and a memory budget, not a node "
                              "limit: 100")


def test_outcome_masks_agree_with_the_answer_cells_of_every_world():
    """The verifier keeps one byte per cell and question; it must list the outcomes the semantics gives."""
    from smullyan.interrogate.verify import Verifier

    puzzle = load_puzzle(EXAMPLES / "hardest.toml")
    root = boolos()
    ver = Verifier(puzzle, root)
    ctx = ver.ctx
    for q in S.questions(root):
        agent = puzzle.space.agent_index(q.addressee)
        cells = ctx.answers(agent, ctx.table(q.question)).outcome_cells()
        for w, hs in enumerate(ctx.hidden):
            for h, mask in enumerate(ver.world_outcomes(agent, q.question, w)):
                pos = w * ctx.block + h * ctx.n_self
                assert mask == sum(1 << o for o, c in enumerate(cells) if c >> pos & 1)
                assert mask  # every hidden state has some answer
            assert len(ver.cell_outcomes(agent, q.question)[w]) == len(hs)


def _reference_verdict(p, root):
    """A plain verifier (per world, per hidden state, outcomes read off the semantics' cells one by one), kept
    as the reference the verifier's bitmask walk must agree with: (ok, worst, expected, world, path, reason)."""
    from smullyan.logic.semantics import SILENCE, ContextSpace

    space = p.space
    ctx = ContextSpace(space, with_self=space.paradox == "silent" or any(E.uses_self(q.question) for q in S.questions(root)))
    names = list(space.words) + [SILENCE]

    class Fail(Exception):
        pass

    def walk(node, w, path):
        if isinstance(node, S.Identified):
            got = dict(node.types)
            for agent, t in zip(space.agents, space.worlds[w].types):
                if got.get(agent) != t:
                    raise Fail(path, f"the leaf says {agent} is {got.get(agent, 'unnamed')} but {agent} is {t}")
            return 0, Fraction(0)
        agent = space.agent_index(node.addressee)
        ans = ctx.answers(agent, ctx.table(node.question))
        if space.paradox == "forbidden" and ctx.per_world(ans.paradox) >> w & 1:
            raise Fail(path, f"{node.addressee} may have no consistent answer to the question, which paradox = "
                             "\"forbidden\" does not allow")
        cells = ans.outcome_cells()
        memo, worst, total = {}, 0, Fraction(0)
        hidden = range(len(ctx.hidden[w]))
        for h in hidden:
            best = None
            for o in [o for o, c in enumerate(cells) if c >> (w * ctx.block + h * ctx.n_self) & 1]:
                step = path + [f"{node.addressee}:{names[o]}"]
                if o not in memo:
                    child = node.branch(names[o])
                    if child is None:
                        raise Fail(step, f"{node.addressee} may answer {names[o]} but the strategy has no branch for it")
                    memo[o] = walk(child, w, step)
                worst = max(worst, memo[o][0] + 1)
                best = memo[o][1] + 1 if best is None else max(best, memo[o][1] + 1)
            total += best
        return worst, total / len(hidden)

    worst, total = 0, Fraction(0)
    for w in range(len(space.worlds)):
        try:
            wc, ex = walk(root, w, [])
        except Fail as f:
            return False, None, None, space.describe(w), tuple(f.args[0]), f.args[1]
        if p.max_questions is not None and wc > p.max_questions:
            return False, wc, None, space.describe(w), None, f"it asks {wc} questions here; the puzzle allows at most {p.max_questions}"
        worst, total = max(worst, wc), total + ex
    return True, worst, total / len(space.worlds), None, (), None


def _mutants(root, rng):
    """Return the strategy with a few random edits: leaves swapped, branches swapped, questions exchanged."""
    import dataclasses

    asks = [q for q in S.questions(root)]
    leaves = []

    def collect(n):
        if isinstance(n, S.Identified):
            leaves.append(n)
        else:
            for _, c in n.branches:
                collect(c)
    collect(root)

    def edit(n):
        if isinstance(n, S.Identified):
            return rng.choice(leaves) if rng.random() < 0.15 else n
        branches = tuple((o, edit(c)) for o, c in n.branches)
        if rng.random() < 0.1 and len(branches) == 2:
            branches = ((branches[0][0], branches[1][1]), (branches[1][0], branches[0][1]))
        if rng.random() < 0.1:
            other = rng.choice(asks)
            n = dataclasses.replace(n, addressee=other.addressee, question=other.question)
        if rng.random() < 0.05 and len(branches) > 1:
            branches = branches[:-1]
        return dataclasses.replace(n, branches=branches)
    return edit(root)


@settings(max_examples=40, deadline=None)
@given(SMALL, st.sampled_from(["word", "coin", "coin-shared", "word-or-silent"]), st.sampled_from(["forbidden", "silent"]),
       st.booleans(), st.integers(0, 2**32))
def test_the_verifier_agrees_with_a_plain_one_on_solved_and_edited_strategies(types, random, paradox, plain, seed):
    import random as rnd

    per_agent = {"ABC"[i]: ts for i, ts in enumerate(types)}
    words = None if plain else ("ja", "da")
    p = allowed(per_agent, words=words, random=random, paradox=paradox, max_questions=4, language="any")
    sol = solve(p)
    if not sol.solvable:
        return
    rng = rnd.Random(seed)
    for root in (sol.strategy, _mutants(sol.strategy, rng), _mutants(sol.strategy, rng)):
        v = verify(p, root)
        want = _reference_verdict(p, root)
        got = (v.ok, v.worst, v.expected, v.world, v.path if want[4] is not None else None, v.reason)
        assert got == (want[:4] + (want[4],) + want[5:]), (got, want)
