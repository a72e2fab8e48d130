"""The strategy SVG for a page's script: node ids, parents, leaf counts, edge links and the worlds left at
each node (render.svg, through `Strategy.svg()`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import smullyan
from conftest import EXAMPLES, gods
from smullyan.interrogate.referee import Referee, members_of
from smullyan.interrogate.strategy import Ask, Identified
from smullyan.logic import expr as E
from smullyan.render import svg as S
from smullyan.render.game import world_text

NS = "{http://www.w3.org/2000/svg}"


def nodes(root):
    """Return the node groups (questions and leaves) in document order, which is preorder."""
    return [g for g in root.iter(f"{NS}g") if g.get("class") in ("question", "leaf")]


def links(root):
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "link"]


def tip(g):
    return g.find(f"{NS}title").text


def remaining_line(g):
    """Return the tooltip's second line: how many worlds remain, and which."""
    return tip(g).split("\n")[1]


def named_worlds(line):
    """Return the worlds a tooltip line names (the clauses after the colon, without 'and k more')."""
    _, _, listed = line.partition(": ")
    return listed


@pytest.fixture(scope="module")
def hardest():
    strategy = smullyan.load(EXAMPLES / "hardest.toml").solve().strategy
    return strategy, ET.fromstring(strategy.svg())


def test_hardest_has_eight_leaves_and_seven_questions_with_preorder_ids(hardest):
    _, root = hardest
    groups = nodes(root)
    assert [g.get("class") for g in groups].count("leaf") == 8
    assert [g.get("class") for g in groups].count("question") == 7
    assert [g.get("id") for g in groups] == [f"n{i}" for i in range(15)]
    assert groups[0].get("class") == "question" and groups[0].get("data-parent") is None
    assert groups[0].get("data-leaves") == "8" and root.get("data-leaves") == "8"
    assert groups[0].get("data-depth") == "0"
    assert all(g.get("data-leaves") == "1" for g in groups if g.get("class") == "leaf")


def test_every_parent_exists_and_leaf_counts_match_the_descendants(hardest):
    _, root = hardest
    groups = nodes(root)
    ids = {g.get("id") for g in groups}
    parent = {g.get("id"): g.get("data-parent") for g in groups if g.get("data-parent") is not None}
    assert set(parent.values()) <= ids and len(parent) == len(groups) - 1
    by_id = {g.get("id"): g for g in groups}
    for g in groups:
        assert int(g.get("data-depth")) == (0 if g.get("data-parent") is None
                                            else int(by_id[g.get("data-parent")].get("data-depth")) + 1)

    def ancestors(i):
        while i in parent:
            i = parent[i]
            yield i

    below = {i: 0 for i in ids}
    for g in groups:
        if g.get("class") == "leaf":
            for i in [g.get("id"), *ancestors(g.get("id"))]:
                below[i] += 1
    assert {g.get("id"): int(g.get("data-leaves")) for g in groups} == below


def test_each_edge_is_a_link_into_its_child(hardest):
    _, root = hardest
    groups = nodes(root)
    got = links(root)
    assert [g.get("data-child") for g in got] == [f"n{i}" for i in range(1, 15)]
    for g in got:
        kids = list(g)
        assert [k.tag for k in kids] == [f"{NS}path", f"{NS}text"]
        assert kids[0].get("class") == "edge" and kids[1].get("class") == "answer"
        assert kids[1].text in ("ja", "da")
    # the answer on a link is the answer in the child's tooltip path
    by_id = {g.get("id"): g for g in groups}
    for g in got:
        assert tip(by_id[g.get("data-child")]).split("\n")[0].endswith(f"{g[1].text})")


def test_root_tooltip_counts_twelve_worlds_and_names_eight(hardest):
    strategy, root = hardest
    first = nodes(root)[0]
    head, line = tip(first).split("\n")
    assert head.startswith("Ask A: ") and head.endswith("(first question)")
    assert line.startswith("12 worlds remain: ")
    assert line.endswith("; and 4 more")
    p = strategy.puzzle.model
    assert named_worlds(line) == "; ".join([world_text(p, i) for i in range(8)] + ["and 4 more"])


def test_hardest_leaves_keep_both_languages(hardest):
    """The goal is the gods' types; the strategy never learns what ja means, so two worlds (one per
    language) reach every leaf."""
    _, root = hardest
    leaves = [g for g in nodes(root) if g.get("class") == "leaf"]
    assert all(remaining_line(g).startswith("2 worlds remain: ") for g in leaves)
    assert tip(leaves[0]) == (
        "A is a liar, B is random, C is truthful (after ja, ja, ja)\n"
        "2 worlds remain: A is a liar, B is random, C is truthful; ja means yes, da means no; "
        "A is a liar, B is random, C is truthful; ja means no, da means yes")


def test_every_world_of_the_root_reaches_a_leaf(hardest):
    strategy, root = hardest
    p = strategy.puzzle.model
    everything = [world_text(p, i) for i in range(len(p.space.worlds))]
    assert len(set(everything)) == 12  # language included: the words differ between worlds
    shown = " || ".join(named_worlds(remaining_line(g)) for g in nodes(root) if g.get("class") == "leaf")
    for w in everything:
        assert w in shown


def test_the_random_god_sends_a_world_down_both_branches(hardest):
    """Asked first, A may be Random: the four worlds where A is random (two type orders, two languages)
    reach both the ja and the da branch."""
    strategy, root = hardest
    p = strategy.puzzle.model
    heard = Referee(p).children(p.space.all_worlds, strategy.root.addressee, strategy.root.question)
    both = heard["ja"] & heard["da"]
    assert both.bit_count() == 4
    assert all(p.space.worlds[i].types[0] == "random" for i in members_of(both))
    groups = nodes(root)
    ja, da = [g for g in groups if g.get("data-parent") == "n0"]
    assert remaining_line(ja).startswith("8 worlds remain: ") and remaining_line(da).startswith("8 worlds remain: ")
    # the leaves below each child name its eight worlds; the four where A is random on both sides
    def under(top):
        return {w for g in groups if g.get("class") == "leaf" and top in ancestry(groups, g)
                for w in split_worlds(remaining_line(g))}
    assert len(under(ja.get("id"))) == len(under(da.get("id"))) == 8
    twice = under(ja.get("id")) & under(da.get("id"))
    assert twice == {world_text(p, i) for i in members_of(both)}


def ancestry(groups, g):
    by_id = {x.get("id"): x for x in groups}
    out = []
    while g.get("data-parent") is not None:
        out.append(g.get("data-parent"))
        g = by_id[g.get("data-parent")]
    return out


def split_worlds(line):
    """Return the worlds of a line naming at most 8 (each world is types, then the language clause)."""
    parts = named_worlds(line).split("; ")
    return {f"{parts[k]}; {parts[k + 1]}" for k in range(0, len(parts), 2)}


def test_one_world_is_worded_in_the_singular():
    strategy = smullyan.load(EXAMPLES / "knight_or_knave.toml").solve().strategy
    root = ET.fromstring(strategy.svg())
    leaves = [g for g in nodes(root) if g.get("class") == "leaf"]
    assert root.get("data-leaves") == "2"
    assert [remaining_line(g) for g in leaves] == ["1 world remains: A is a knight", "1 world remains: A is a knave"]
    assert remaining_line(nodes(root)[0]) == "2 worlds remain: A is a knight; A is a knave"


def test_a_branch_no_world_reaches_says_so():
    p = gods(["truthful", "liar"], words=("yes", "no"))
    leaf = Identified((("A", "truthful"), ("B", "liar")))
    tree = Ask("A", E.TypeIs("A", "truthful"), (("yes", leaf), ("no", leaf)))  # both types say yes
    root = ET.fromstring(S.strategy_svg(p, tree))
    assert [remaining_line(g).split(":")[0] for g in nodes(root)] == ["2 worlds remain", "2 worlds remain",
                                                                       "0 worlds remain"]


def test_same_tree_same_bytes(hardest):
    strategy, _ = hardest
    again = smullyan.load(EXAMPLES / "hardest.toml").solve().strategy
    assert strategy.svg() == again.svg() == strategy.svg()
