"""Pictures drawn by the package: strategy trees as SVG (render.svg) and reports as HTML (render.html)."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET

import pytest

from conftest import EXAMPLES, gods
from smullyan.deduce.model import Constraint, Deduction
from smullyan.deduce.solve import solve_deduction
from smullyan.formats.puzzle_toml import load_puzzle
from smullyan.interrogate.puzzle import Interrogation
from smullyan.interrogate.solve import solve
from smullyan.interrogate.strategy import Ask, Identified, depth, questions
from smullyan.logic import expr as E
from smullyan.logic.worlds import assignments_from_permutation, build_space
from smullyan.render import svg as S
from smullyan.render.html import deduction_html, strategy_html
from smullyan.render.strategies import english_for, leaf_text

try:
    from smullyan.formats.strategy_json import strategy_from_json as from_json
except ImportError:  # before the move
    from smullyan.interrogate.strategy import from_json

NS = "{http://www.w3.org/2000/svg}"


def leaves(node):
    return [node] if isinstance(node, Identified) else [x for _, n in node.branches for x in leaves(n)]


def outcomes(node):
    """Return the outcome on every edge, in preorder (the order the picture lists its edges)."""
    if isinstance(node, Identified):
        return []
    return [x for o, n in node.branches for x in [o] + outcomes(n)]


def groups(root, kind):
    return [g for g in root.iter(f"{NS}g") if g.get("class") == kind]


def rect(g):
    r = g.find(f"{NS}rect")
    return tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))


def overlapping(rects):
    """Return a pair of rectangles (x, y, w, h) that overlap, or None."""
    rs = sorted(rects, key=lambda r: (r[0], r[1]))
    for i, a in enumerate(rs):
        for b in rs[i + 1:]:
            if a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]:
                return a, b
    return None


def text_of(el):
    return "".join(el.itertext())


@pytest.fixture(scope="module")
def hardest():
    p = load_puzzle(EXAMPLES / "hardest.toml")
    return p, solve(p).strategy


@pytest.fixture(scope="module")
def six():
    p = load_puzzle(EXAMPLES / "six_gods_expected.toml")
    return p, from_json(json.loads((EXAMPLES / "six_gods_expected_strategy.json").read_text()))


def test_hardest_svg_has_a_group_per_node_and_the_answers_on_its_edges(hardest):
    p, tree = hardest
    doc = S.strategy_svg(p, tree, title=p.title)
    root = ET.fromstring(doc)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert len(leaves(tree)) == 8 and len(questions(tree)) == 7
    assert len(groups(root, "leaf")) == 8
    assert len(groups(root, "question")) == 7
    answers = [text_of(t) for t in root.iter(f"{NS}text") if t.get("class") == "answer"]
    assert answers == outcomes(tree)
    assert sorted(set(answers)) == ["da", "ja"]
    # depth is the number of questions above a node; the leaves of the three-question tree are at depth 3
    assert {g.get("data-depth") for g in groups(root, "leaf")} == {"3"}
    assert groups(root, "question")[0].get("data-depth") == "0"
    # every node has a tooltip; the words are those of render.strategies (wrapped, not changed)
    eng = english_for(p)
    for g in groups(root, "question") + groups(root, "leaf"):
        assert g.find(f"{NS}title") is not None
    tips = [g.find(f"{NS}title").text for g in groups(root, "question")]
    assert tips[0].startswith(f"Ask {tree.addressee}: {eng.question(tree.question, tree.addressee)}")
    shown = {" ".join(text_of(g.find(f"{NS}text")).split()) for g in groups(root, "leaf")}
    drawn = {" ".join(" ".join(tsp.text for tsp in g.find(f"{NS}text")).split()) for g in groups(root, "leaf")}
    assert drawn == {leaf_text(p, leaf) for leaf in leaves(tree)}
    assert shown  # the tspans are the only text of a box
    assert "<style>" in doc and "http" not in doc.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_svg_is_deterministic(hardest):
    p, tree = hardest
    assert S.strategy_svg(p, tree) == S.strategy_svg(p, tree)
    assert S.strategy_svg(p, tree, title="x") == S.strategy_svg(p, solve(p).strategy, title="x")


def test_names_and_title_are_escaped():
    names = ['<b>&amp', 'Q"\'[1]']
    space = build_space(names, assignments_from_permutation(["truthful", "liar"]), ("ja", "da"),
                        random_mode="word", paradox="forbidden")
    p = Interrogation(space)
    tree = solve(p).strategy
    doc = S.strategy_svg(p, tree, title='A <title> & "quotes"\x01')
    root = ET.fromstring(doc)  # would fail on a raw < or &
    assert "<b>" not in doc and "&lt;b&gt;&amp;amp" in doc
    assert text_of(root.find(f"{NS}title")) == 'A <title> & "quotes"\ufffd'
    texts = " ".join(text_of(g) for g in groups(root, "leaf"))
    assert names[0] in texts and names[1] in texts
    assert root.get("aria-label").startswith("A <title>")


def test_a_question_taller_than_its_children_does_not_overlap_its_neighbours():
    p = gods(["truthful", "liar", "random"])
    long_q = E.And(tuple(E.TypeIs(a, t) for a in "ABC" for t in ("truthful", "liar", "random")))
    leaf = Identified((("A", "truthful"), ("B", "liar"), ("C", "random")))
    inner = Ask("B", long_q, (("ja", leaf), ("da", leaf)))
    other = Ask("C", long_q, (("ja", inner), ("da", leaf)))
    for tree in (Ask("A", E.TypeIs("B", "random"), (("ja", inner), ("da", inner))),
                 Ask("A", E.TypeIs("B", "random"), (("ja", inner), ("da", other)))):
        root = ET.fromstring(S.strategy_svg(p, tree))
        boxes = [rect(g) for g in groups(root, "question") + groups(root, "leaf")]
        assert overlapping(boxes) is None
        height = float(root.get("height"))
        assert all(y >= S.MARGIN and y + h <= height - S.MARGIN for _, y, _, h in boxes)


def test_more_than_100_leaves_bounded_width_no_overlap(six):
    p, tree = six
    n, d = len(leaves(tree)), depth(tree)
    assert n >= 100
    t = time.perf_counter()
    doc = S.strategy_svg(p, tree, title=p.title)
    assert time.perf_counter() - t < 2.0
    root = ET.fromstring(doc)
    width, height = float(root.get("width")), float(root.get("height"))
    # One column per depth (a leaf sits one column right of its question): d + 1 columns of a 230 px box
    # and an 80 px gap for the answer word, plus margins. The width never depends on the number of leaves.
    assert width <= (d + 1) * (230 + 80) + 2 * 16
    # every leaf has its own row, so the height grows linearly: at most 120 px per leaf (a leaf of six
    # gods wraps to 3 lines: 62 px and a 10 px gap)
    assert height <= 120 * n
    leaf_boxes = [rect(g) for g in groups(root, "leaf")]
    assert len(leaf_boxes) == n and len(groups(root, "question")) == len(questions(tree))
    spans = sorted((y, y + h) for _, y, _, h in leaf_boxes)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))  # one row per leaf
    boxes = leaf_boxes + [rect(g) for g in groups(root, "question")]
    assert overlapping(boxes) is None
    assert all(0 <= x and x + w <= width and 0 <= y and y + h <= height for x, y, w, h in boxes)
    answers = [text_of(t) for t in root.iter(f"{NS}text") if t.get("class") == "answer"]
    assert answers == outcomes(tree)


def test_five_gods_renders_fast():
    p = load_puzzle(EXAMPLES / "five_gods_expected.toml")
    tree = from_json(json.loads((EXAMPLES / "five_gods_expected_strategy.json").read_text()))
    S.strategy_svg(p, tree)
    t = time.perf_counter()
    S.strategy_svg(p, tree)
    assert time.perf_counter() - t < 0.2


def test_wrapping_keeps_lines_within_the_box():
    text = "A is random, B is a liar, C is truthful, D is a liar, E is a liar; ja means yes, da means no"
    lines = S.wrap_clauses(text)
    assert " ".join(lines) == text
    assert all(len(line) <= S.WRAP for line in lines)
    assert lines[0] == "A is random, B is a liar,"
    assert all(len(line) <= 10 for line in S.wrap("x" * 35, 10))


def test_strategy_html_inlines_the_svg(hardest):
    p, tree = hardest
    frag = strategy_html(p, tree, heading="Three <gods> & a question")
    assert frag.count("<svg") == 1 and "<html" not in frag and "<body" not in frag
    assert "Three &lt;gods&gt; &amp; a question" in frag
    ET.fromstring(frag)  # well-formed, so it also embeds in XHTML


# --- HTML reports of deductions ---

def _rows(root, cls):
    table = next(t for t in root.iter("table") if cls in t.get("class", ""))
    return [[text_of(c) for c in tr] for tr in table.iter("tr")]


def test_said_knave_html_shows_both_solutions_and_why():
    p = load_puzzle(EXAMPLES / "smullyan_said_knave.toml")
    frag = deduction_html(p, solve_deduction(p, explain=True))
    root = ET.fromstring(frag)
    assert "2 consistent worlds (not unique" in frag
    assert _rows(root, "smullyan-worlds") == [["solution", "A", "B", "C"], ["1", "knight", "knave", "knight"],
                                              ["2", "knave", "knave", "knight"]]
    text = " ".join(text_of(root).split())
    assert "A undetermined" in text and "B is a knave" in text
    assert "Why" in text
    assert "B is a knave: forced by statement 1" in text
    assert "C is a knight: forced by statements 1 and 2" in text
    assert "B says that (A says that A is a knave)" in text  # the legend
    assert "<html" not in frag and "<body" not in frag
    style = root.find("style").text
    assert all(rule.startswith(".smullyan-") for rule in style.split("}") if rule)


def test_inconsistent_html_names_the_contradiction():
    c1 = Constraint("statement 1", E.Says("A", E.TypeIs("A", "liar")))
    c2 = Constraint("statement 2", E.TypeIs("B", "truthful"))
    p = Deduction(("A", "B"), (("truthful", "liar"),) * 2, constraints=(c1, c2),
                  display={"truthful": "knight", "liar": "knave"})
    frag = deduction_html(p, solve_deduction(p, explain=True))
    root = ET.fromstring(frag)
    text = " ".join(text_of(root).split())
    assert "Inconsistent" in text
    assert "These contradict each other: statement 1." in text
    assert "A says that A is a knave" in text
    assert "statement 2" not in text and "<table" not in frag


def test_grid_html_shows_the_fish_owner():
    p = load_puzzle(EXAMPLES / "einstein.toml")
    root = ET.fromstring(deduction_html(p, solve_deduction(p)))
    rows = _rows(root, "smullyan-grid")
    head = rows[0]
    assert head == ["house", "color", "nationality", "drink", "smoke", "pet"]
    fish = next(r for r in rows[1:] if r[head.index("pet")] == "fish")
    assert fish[head.index("nationality")] == "German" and fish[0] == "4"
    assert "1 consistent world (unique" in text_of(root)


def test_html_escapes_names():
    bad = "<script>alert(1)</script>"
    p = Deduction((bad, "B"), (("truthful", "liar"),) * 2,
                  constraints=(Constraint("statement 1", E.Says("B", E.TypeIs(bad, "liar"))),))
    frag = deduction_html(p, solve_deduction(p, explain=True))
    assert "<script>" not in frag and "&lt;script&gt;alert(1)&lt;/script&gt;" in frag
    ET.fromstring(frag)
