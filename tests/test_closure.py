"""The complexity-3 closure by pair enumeration agrees with the grammar built level by level."""

import pytest

from smullyan.interrogate.closure import closure_levels, closure_supported
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.signatures import signatures

from conftest import allowed, gods


@pytest.mark.parametrize("puzzle", [
    gods(["truthful", "random"]),
    gods(["liar", "random", "truthful"], words=None),
    gods(["truthful", "random"], random="coin-shared"),
])
def test_closure_matches_level_by_level_grammar(puzzle):
    ctx = puzzle.contexts()
    assert closure_supported(ctx, Grammar(ctx)) is None
    fast = closure_levels(ctx, Grammar(ctx), 3)
    g = Grammar(ctx)
    slow = [(c, len(g.upto(c)), len(signatures(ctx, g.upto(c)))) for c in range(4)]
    assert [(x.complexity, x.tables, x.signatures) for x in fast] == slow


def test_classic_closure_counts():
    ctx = gods(["truthful", "liar", "random"]).contexts()
    got = [(x.tables, x.signatures) for x in closure_levels(ctx, Grammar(ctx), 3)]
    assert got == [(13, 36), (184, 228), (14120, 2355), (6519004, 19491)]


def test_closure_refuses_uneven_hidden_states():
    ctx = allowed({"A": ["truthful", "random"]}).contexts()
    assert closure_supported(ctx, Grammar(ctx)) == "contexts are not contiguous (hidden states differ between worlds)"


def test_closure_refuses_undetermined_tables():
    ctx = gods(["truthful", "liar", "random"], random="coin").contexts()
    assert closure_supported(ctx, Grammar(ctx)) == "some questions have undetermined answers (coin reading or self-reference)"
