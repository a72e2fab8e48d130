"""Noise around puzzle texts (which must not change their answers), and texts that must be rejected.

`frame(text, rng)` wraps a text in introductions, headings, instructions, answer-format requests,
markdown and trailing "Answer:" lines, none of which states anything about the puzzle.
`hostile_misreadings(rng)` returns texts that look like puzzles but say something the engine cannot
model (an unknown relation or kind, an unknown person, a sentence about the people in an unknown way,
a value or position outside the puzzle): the only right response is an error.
"""

from __future__ import annotations

import random

from . import grids, knights
from .knights import cap, pick
from .truth import article

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STRANGERS = ("Zed", "Quincy", "Xavier", "Yolanda", "Ursula", "Wendell")
UNKNOWN_RELATIONS = ("{a} is north of {b}.", "{a} lives diagonally across from {b}.", "{a} is taller than {b}.",
                     "{a} is older than {b}.", "{a} lives upstairs from {b}.", "{a} is a cousin of {b}.")
UNKNOWN_MENTIONS = ("{a} whispered something to {b}.", "{a} looked at {b} nervously.", "{a} and {b} are married.",
                    "{b} is {a}'s sister.", "{a} owes {b} money.", "{a} waved at {b}.")
UNMODELLED_KINDS = (("Some inhabitants alternate between truth and lies.", "{p} is one of those who alternate."),
                    ("There are also alternators, who alternate between telling the truth and lying.",
                     "{p} is an alternator."),
                    ("Some inhabitants tell the truth in the morning and lie in the afternoon.",
                     "{p} is one of them."),
                    ("Some natives lie only about themselves and tell the truth about everyone else.",
                     "{p} is such a native."))


def frame(text: str, rng: random.Random, choices: bool = False) -> str:
    """Return the text wrapped in noise that states nothing about the puzzle."""
    before = [pick(rng, ["Solve the following logic puzzle.", "Here is a classic puzzle:", "Can you solve this one?",
                         "I found this puzzle in an old book:", "The following is a logic puzzle.",
                         "Read the puzzle carefully.", "Try this riddle.", ""])]
    if rng.random() < 0.4:
        before.insert(0, pick(rng, ["# Logic puzzle", "## Problem", "**Puzzle**", "### Task", "---"]))
    if before[-1] and rng.random() < 0.3:
        before[-1] = pick(rng, ["**{}**", "*{}*", "_{}_"]).format(before[-1])
    after = []
    if choices and rng.random() < 0.5:
        after.append(pick(rng, ["Choose from the options below.", "Pick one option.", "Select the correct option."]))
    for _ in range(rng.randint(0, 2)):
        after.append(pick(rng, ["Think step by step.", "Let's think step by step.", "Explain your reasoning.",
                                "Format your answer as JSON.", "Format your answer as a short sentence.",
                                "Put your final answer in bold.", "Give only the final answer.",
                                "Be brief.", "Show your reasoning, then give the answer."]))
    if rng.random() < 0.4:
        after.append(pick(rng, ["Answer:", "Your answer:", "Final answer:", "**Answer:**", "Answer: ___"]))
    body = text
    if rng.random() < 0.1:
        body = "```\n" + text + "\n```"
    elif rng.random() < 0.1:
        body = "\n".join("> " + ln if ln else ">" for ln in text.split("\n"))
    sep = pick(rng, ["\n", "\n\n"])
    return sep.join([x for x in before if x] + [body] + after)


# --- hostile -----------------------------------------------------------------------------------


def insert(rng: random.Random, lines: list[str], extra: str) -> list[str]:
    """Return the lines with one more line at a random place (not first)."""
    at = rng.randint(1, len(lines)) if lines else 0
    return lines[:at] + [extra] + lines[at:]


def kk_unknown_person(rng: random.Random) -> dict[str, Any]:
    """Return a knights text in which someone speaks about (or is asked about) a person never introduced."""
    def tamper(rng, people, vocab, preamble, body, questions):
        stranger = pick(rng, [s for s in STRANGERS if s not in people])
        if rng.random() < 0.5:
            who = pick(rng, people)
            line = pick(rng, [f"{who} says that {stranger} is {article(vocab.f)}.",
                              f'{who}: "{stranger} is {article(vocab.t)}."',
                              f"According to {who}, {stranger} is {article(vocab.f)}."])
            return preamble, insert(rng, body, line), questions
        return preamble, body, [f"Is {stranger} {article(vocab.t)}?"]
    return knights.build_kk(rng, "classic", tamper)


def kk_unknown_mention(rng: random.Random) -> dict[str, Any]:
    """Return a knights text with a sentence about the people that is neither a statement nor a fact of kinds."""
    def tamper(rng, people, vocab, preamble, body, questions):
        a, b = rng.sample(people, 2)
        return preamble, insert(rng, body, pick(rng, list(UNKNOWN_MENTIONS)).format(a=a, b=b)), questions
    return knights.build_kk(rng, "classic", tamper)


def kk_unmodelled_kind(rng: random.Random) -> dict[str, Any]:
    """Return a knights text with a kind the engine cannot model (alternating …) and a speaker of that kind."""
    def tamper(rng, people, vocab, preamble, body, questions):
        rule, member = pick(rng, list(UNMODELLED_KINDS))
        p = pick(rng, people)
        return preamble + [rule], insert(rng, body, member.format(p=p)), questions
    return knights.build_kk(rng, "classic", tamper)


def grid_names(g: grids.Grid, sol: list[tuple[str, ...]], rng: random.Random) -> tuple[str, str]:
    """Return noun phrases for two different people of a grid."""
    p, q = rng.sample(range(g.n), 2)
    c = rng.randrange(len(g.cats))
    return grids.np(g, (c, sol[c][p]), rng), grids.np(g, (c, sol[c][q]), rng)


def grid_unknown_relation(rng: random.Random) -> dict[str, Any]:
    """Return a grid text with a clue whose relation the engine does not know ('… is north of …')."""
    def tamper(rng, g, sol, intro, lines, qs):
        a, b = grid_names(g, sol, rng)
        return intro, insert(rng, lines, cap(pick(rng, list(UNKNOWN_RELATIONS)).format(a=a, b=b))), qs
    return grids.build(rng, tamper=tamper)


def grid_unknown_mention(rng: random.Random) -> dict[str, Any]:
    """Return a grid text with a sentence about two people that is no clue ('Alice waved at Bob.')."""
    def tamper(rng, g, sol, intro, lines, qs):
        a, b = grid_names(g, sol, rng)
        return intro, insert(rng, lines, cap(pick(rng, list(UNKNOWN_MENTIONS)).format(a=a, b=b))), qs
    return grids.build(rng, tamper=tamper)


def grid_unknown_value(rng: random.Random) -> dict[str, Any]:
    """Return a grid text with a clue about a value that is in no list, or a person not among the names."""
    def tamper(rng, g, sol, intro, lines, qs):
        c = rng.randrange(len(g.cats))
        cat = g.cats[c]
        pool = [v for v in cat.values if v not in g.values[c]] or ["Zed"]
        odd = (c, pick(rng, pool))
        if cat.key == "name":
            odd = (c, pick(rng, list(STRANGERS)))
        clue = ("at", odd, rng.randint(1, g.n))
        return intro, insert(rng, lines, grids.sentence(g, clue, rng)), qs
    return grids.build(rng, tamper=tamper)


def grid_out_of_range(rng: random.Random) -> dict[str, Any]:
    """Return a grid text with a clue placing someone at a position the layout does not have."""
    def tamper(rng, g, sol, intro, lines, qs):
        c = rng.randrange(len(g.cats))
        p = rng.randint(g.n + 2, 9)
        where = {"houses": f"lives in house {p}", "seats": f"sits in seat {p}", "line": f"is in position {p}",
                 "queue": f"is in position {p} of the queue"}[g.layout.key]
        return intro, insert(rng, lines, f"{cap(grids.np(g, (c, sol[c][0]), rng))} {where}."), qs
    return grids.build(rng, tamper=tamper)


HOSTILE = (("grid-out-of-range", grid_out_of_range), ("grid-unknown-mention", grid_unknown_mention),
           ("grid-unknown-relation", grid_unknown_relation), ("grid-unknown-value", grid_unknown_value),
           ("kk-unknown-mention", kk_unknown_mention), ("kk-unknown-person", kk_unknown_person),
           ("kk-unmodelled-kind", kk_unmodelled_kind))


def hostile(rng: random.Random, kind: str | None = None) -> dict[str, Any]:
    """Return one text that must be rejected: {"family", "subfamily", "text", "error": True}."""
    kind = kind or pick(rng, [k for k, _ in HOSTILE])
    text = dict(HOSTILE)[kind](rng)["text"]
    if rng.random() < 0.5:
        text = frame(text, rng)
    return {"family": "framing", "subfamily": "hostile-" + kind, "text": text, "error": True}


def hostile_misreadings(rng: random.Random) -> list[dict[str, Any]]:
    """Return one text of each kind that must be rejected."""
    return [hostile(rng, kind) for kind, _ in HOSTILE]


def framed(rng: random.Random) -> dict[str, Any]:
    """Return a knights or grid item with its text wrapped in noise (same answers)."""
    family = pick(rng, ["knights", "grids"])
    item = (knights.generate if family == "knights" else grids.generate)(rng)
    choices = any("option" in a for a in item["answers"])
    return {**item, "family": "framing", "subfamily": "framed-" + family, "text": frame(item["text"], rng, choices)}


def generate(rng: random.Random) -> dict[str, Any]:
    """Return one framing item: a framed puzzle (60%) or a text that must be rejected (40%)."""
    return framed(rng) if rng.random() < 0.6 else hostile(rng)
