"""Wording `any`-language splits: costly grammar levels are built only when small, scanned only in part."""

from fractions import Fraction

import smullyan
from smullyan.interrogate import realise
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.realise import AnyRealiser


def realiser(n: int) -> AnyRealiser:
    """Return the realiser of an n-god puzzle with two random gods (T..., L, R, R)."""
    puzzle = smullyan.gods(list("ABCDEFG"[:n]), ["truthful"] * (n - 3) + ["liar", "random", "random"],
                           random="coin", language="any").model
    ctx = puzzle.contexts()
    return AnyRealiser(ctx, AnyLanguage(ctx, puzzle.goal), puzzle.goal, Grammar(ctx), 2)


def test_a_costly_level_is_skipped_when_its_enumeration_is_large():
    r = realiser(6)  # level 1 has 852 questions: level 2 would combine about 1.5 million pairs
    assert len(r.grammar.level(1)) == 852
    assert not r._affordable(2) and r._level(0, 2) == []
    assert len(r.grammar.levels) == 2  # level 2 was never built


def test_a_costly_level_is_scanned_smallest_first_up_to_the_cap(monkeypatch):
    monkeypatch.setattr(realise, "COSTLY_SCAN", 500)
    r = realiser(5)
    assert r._affordable(2)
    scanned = r._level(0, 2)
    assert 0 < len(scanned) <= 500
    sizes = sorted(e.size for e in r.grammar.level(2))
    size_of = {e.expr: e.size for e in r.grammar.level(2)}
    assert len(sizes) > 300_000 and max(size_of[x] for _, _, x in scanned) <= sizes[499]


def test_six_gods_are_worded_without_the_costly_level_and_verify():
    puzzle = smullyan.gods(list("ABCDEF"), ["truthful", "truthful", "liar", "liar", "random", "random"],
                           random="coin", language="any")
    result = puzzle.solve(objective="expected")
    assert result.expected == smullyan.verify(puzzle, result).expected == Fraction(317, 45)
