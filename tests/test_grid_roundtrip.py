"""Grid puzzles written as English (render/english_grid.py) and read back (english/grid.py) to the same puzzle.

Random puzzles of 2–5 houses and 2–4 characteristics, clues of every relation (and their negations,
the ends, even and odd positions, offsets, 'and' and 'or'), questions of every kind with and without
options: the English reads back to the same canonical TOML (clue texts aside: the read puzzle keeps
each clue's sentence), and writing the read puzzle gives the same English again.
"""

import json
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smullyan.english.grid import read_grid
from smullyan.english.sentences import split_sentences
from smullyan.errors import PuzzleError
from smullyan.formats.deduction_toml import grid_from_dict
from smullyan.formats.toml_write import dumps_puzzle
from smullyan.render.english_grid import grid_text

from conftest import EXAMPLES, shared

POOL = {
    "name": ["Alice", "Bob", "Carol", "Dave", "Eve"],
    "drink": ["tea", "coffee", "milk", "water", "orange juice"],
    "color": ["red", "green", "blue", "white", "yellow"],
    "pet": ["cat", "dog", "fish", "bird", "horse"],
    "nationality": ["Brit", "Dane", "Swede", "German", "Spaniard"],
    "favourite food": ["soup", "pizza", "sushi", "curry", "pasta"],
    "car": ["Ford", "Honda", "Tesla", "Volvo", "BMW"],
    "child": ["Alice", "Fred", "Bella", "Tim", "Sam"],  # Alice is also a name: told apart by 'child'
}
ORD = "first second third fourth fifth".split()
WORDS = "zero one two three four five".split()


def ref(cat, value):
    """Return a value as the writer names it (a name alone, anything else by its characteristic)."""
    return value if cat == "name" and value not in POOL["child"] else f"the person whose {cat} is {value}"


def who_category(cats):
    """Return the characteristic that answers 'who' (the reader's rule): names, else nationality, else the first."""
    names = list(cats)
    return "name" if "name" in names else "nationality" if "nationality" in names else names[0]


@st.composite
def grid_puzzles(draw):
    n = draw(st.integers(2, 5))
    k = draw(st.integers(2, 4))
    chosen = draw(st.lists(st.sampled_from(sorted(POOL)), min_size=k, max_size=k, unique=True))
    cats = {c: draw(st.permutations(POOL[c]))[:n] for c in chosen}
    values = [(c, v) for c in cats for v in cats[c]]
    var = lambda cv: f"{cv[0]}:{cv[1]}"  # noqa: E731
    value = st.sampled_from(values)

    def pair(other_category):
        x = draw(value)
        pool = [y for y in values if y != x and (y[0] != x[0] or not other_category)]
        return x, draw(st.sampled_from(pool))

    def atom():
        kind = draw(st.sampled_from(["same", "not_same", "at", "not_at", "left_of", "right_of", "directly_left",
                                     "directly_right", "next_to", "not_next_to", "between", "ends", "parity",
                                     "offset", "not_at_generic", "not_rel"]))
        if kind in ("same", "not_same"):
            x, y = pair(True)
            e = ["same", var(x), var(y)]
            return e if kind == "same" else ["not", e]
        if kind in ("at", "not_at", "not_at_generic"):
            x, h = draw(value), draw(st.integers(1, n))
            if kind == "not_at_generic":
                return ["not", ["at", var(x), h]]
            return [kind, var(x), h]
        if kind == "ends":
            x = draw(value)
            e = ["or", ["at", var(x), 1], ["at", var(x), n]]
            return e if draw(st.booleans()) else ["not", e]
        if kind == "parity":
            x, rest = draw(value), draw(st.integers(0, 1))
            hs = [h for h in range(1, n + 1) if h % 2 == rest]
            if len(hs) < 2:
                return ["at", var(x), hs[0]]
            return ["or", *(["at", var(x), h] for h in hs)]
        x, y = pair(False)
        if kind == "between":
            return ["between", var(x), var(y), draw(st.integers(0, n - 2))]
        if kind == "offset" and n >= 3:
            d = draw(st.integers(2, n - 1))
            return ["and", ["between", var(x), var(y), d - 1], [draw(st.sampled_from(["left_of", "right_of"])), var(x), var(y)]]
        if kind == "not_next_to":
            return ["not", ["next_to", var(x), var(y)]]
        if kind == "not_rel":
            return ["not", [draw(st.sampled_from(["left_of", "right_of", "directly_left", "directly_right"])), var(x), var(y)]]
        rel = kind if kind in ("left_of", "right_of", "directly_left", "directly_right", "next_to") else "next_to"
        return [rel, var(x), var(y)]

    def clue():
        shape = draw(st.sampled_from(["atom"] * 6 + ["and", "or"]))
        if shape == "atom":
            return atom()
        parts = [atom() for _ in range(draw(st.integers(2, 3)))]
        parts = [p for p in parts if p[0] not in ("and", "or")] or [["at", var(values[0]), 1], ["at", var(values[0]), 2]]
        if len(parts) == 1:
            return parts[0]
        return [shape, *parts]

    clues = [{"expr": clue()} for _ in range(draw(st.integers(0, 6)))]
    questions = []
    who = who_category(cats)
    for _ in range(draw(st.integers(0, 3))):
        shape = draw(st.sampled_from(["who", "where", "what", "yes_no", "claims", "who_options"]))
        x = draw(value)
        if shape in ("who", "who_options"):
            answering = who if x[0] != who else next(c for c in cats if c != x[0])
            text = f"Who is {ref(*x)}?"
            if shape == "who":
                choices = [{"answer": w, "expr": ["same", f"{answering}:{w}", var(x)]} for w in cats[answering]]
            else:
                alone = [v for v in values if v[0] != x[0] and sum(w[1] == v[1] for w in values) == 1]
                if len(alone) < 2:
                    continue
                opts = draw(st.lists(st.sampled_from(alone), min_size=2, max_size=4, unique=True))
                choices = [{"answer": o[1], "expr": ["same", var(o), var(x)], "label": "ABCD"[i]}
                           for i, o in enumerate(opts)]
            questions.append({"text": text, "kind": "one", "choice": choices})
        elif shape == "where":
            questions.append({"text": f"In which house is {ref(*x)}?", "kind": "one",
                              "choice": [{"answer": str(h), "expr": ["at", var(x), h]} for h in range(1, n + 1)]})
        elif shape == "what":
            cat = draw(st.sampled_from([c for c in cats if c != x[0]]))
            questions.append({"text": f"What is the {cat} of {ref(*x)}?", "kind": "one",
                              "choice": [{"answer": v, "expr": ["same", f"{cat}:{v}", var(x)]} for v in cats[cat]]})
        elif shape == "yes_no":
            x, y = pair(False)
            if draw(st.booleans()):
                h = draw(st.integers(1, n))
                questions.append({"text": f"Is {ref(*x)} in the {ORD[h - 1]} house?", "kind": "yes_no",
                                  "expr": ["at", var(x), h]})
            else:
                questions.append({"text": f"Is {ref(*x)} next to {ref(*y)}?", "kind": "yes_no",
                                  "expr": ["next_to", var(x), var(y)]})
        else:
            exprs = [atom() for _ in range(draw(st.integers(2, 3)))]
            exprs = [e for e in exprs if e[0] not in ("and", "or")] or [["at", var(x), 1]]
            questions.append({"text": "Which of the following is true?", "kind": "one", "exprs": exprs})
    return {"kind": "grid", "houses": n, "categories": cats, "clue": clues, "question": questions}


def strip_texts(toml_text):
    doc = tomllib.loads(toml_text)
    for c in doc.get("clue", []):
        c.pop("text", None)
    return doc


def with_claim_options(data):
    """Return the document with each claims question's options written as the writer words them."""
    questions = []
    for q in data["question"]:
        if "exprs" not in q:
            questions.append(q)
            continue
        one = grid_from_dict({**data, "clue": [{"expr": e} for e in q["exprs"]], "question": []})
        lines = [line for line in grid_text(one).splitlines() if line[:1].isdigit()]
        choices = [{"answer": line.split(". ", 1)[1], "expr": e, "label": "ABC"[i]}
                   for i, (line, e) in enumerate(zip(lines, q["exprs"]))]
        questions.append({"text": q["text"], "kind": "one", "choice": choices})
    return {**data, "question": questions}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid_puzzles())
def test_random_grid_puzzles_round_trip_through_english(data):
    data = with_claim_options(data)
    puzzle = grid_from_dict(data)
    text = grid_text(puzzle)
    back = read_grid(text, split_sentences(text)).puzzle
    assert strip_texts(dumps_puzzle(back)) == strip_texts(dumps_puzzle(puzzle)), text
    assert grid_text(back) == text
    assert dumps_puzzle(read_grid(text, split_sentences(text)).puzzle) == dumps_puzzle(back)


def test_written_english_of_a_small_puzzle():
    data = {"kind": "grid", "houses": 3, "categories": {"name": ["Alice", "Bob", "Carol"], "drink": ["tea", "coffee", "milk"]},
            "clue": [{"expr": ["directly_left", "name:Alice", "drink:tea"]},
                     {"expr": ["or", ["at", "name:Bob", 1], ["at", "name:Bob", 3]]},
                     {"expr": ["not", ["next_to", "drink:milk", "name:Carol"]]},
                     {"expr": ["between", "name:Alice", "name:Carol", 1]},
                     {"expr": ["and", ["same", "name:Bob", "drink:coffee"], ["not_at", "drink:tea", 1]]},
                     {"expr": ["not", ["at", "name:Carol", 2]]}],
            "question": [{"text": "Who is the person whose drink is milk?", "kind": "one",
                          "choice": [{"answer": w, "expr": ["same", f"name:{w}", "drink:milk"]}
                                     for w in ["Alice", "Bob", "Carol"]]}]}
    text = grid_text(grid_from_dict(data))
    assert text == (
        "There are 3 houses in a row, numbered 1 to 3 from left to right.\n"
        "The people are Alice, Bob and Carol.\n"
        "Each person has a different drink: tea, coffee and milk.\n\n"
        "Clues:\n"
        "1. Alice is directly left of the person whose drink is tea.\n"
        "2. Bob is at one of the ends.\n"
        "3. The person whose drink is milk is not next to Carol.\n"
        "4. There is one house between Alice and Carol.\n"
        "5. Bob is the person whose drink is coffee, and the person whose drink is tea is not in the first house.\n"
        "6. It is not the case that Carol is in the second house.\n\n"
        "Who is the person whose drink is milk?\n")


def test_a_clue_without_english_is_an_error():
    data = {"kind": "grid", "houses": 3, "categories": {"name": ["Alice", "Bob", "Carol"], "drink": ["tea", "coffee", "milk"]},
            "clue": [{"expr": ["or", ["and", ["at", "name:Bob", 1], ["at", "drink:tea", 2]], ["at", "name:Alice", 3]]}]}
    with pytest.raises(PuzzleError, match="has no English form"):
        grid_text(grid_from_dict(data))


def test_examples_and_reference_puzzles_round_trip_through_english():
    from smullyan.english.classic import parse_classic
    from smullyan.english.zebralogic import parse_zebralogic

    puzzles = [parse_zebralogic((EXAMPLES / "zebralogic_3x3.txt").read_text()),
               parse_classic((EXAMPLES / "three_houses.txt").read_text())]
    for p in json.loads(shared("zebra/classic_zebra_puzzles.json").read_text()):
        puzzles.append(parse_classic("\n".join(p["clues"] + list(p["questions"]))))
    rows = shared("zebra/zebralogic_final_with_solutions.jsonl").read_text().splitlines()
    puzzles += [parse_zebralogic(json.loads(r)["puzzle"]) for r in rows[::9]]
    for puzzle in puzzles:
        text = grid_text(puzzle)
        back = read_grid(text, split_sentences(text)).puzzle
        assert strip_texts(dumps_puzzle(back)) == strip_texts(dumps_puzzle(puzzle))
        assert grid_text(back) == text


@pytest.mark.parametrize("name", ["zebra.toml", "einstein.toml"])
def test_toml_examples_are_written_in_english_that_reads_back(name):
    import smullyan

    puzzle = smullyan.load(EXAMPLES / name)
    text = puzzle.to_english()
    back = smullyan.read(text)
    assert back.solve().to_dict()["solutions"] == puzzle.solve().to_dict()["solutions"]
    assert [c.expr for c in back.model.constraints] == [c.expr for c in puzzle.model.constraints]
