"""Agent types: what kind of answerer an agent is, and the names people use for them.

- truthful: says a word meaning yes iff the question is true (knight, True, truth-teller).
- liar: says a word meaning yes iff the question is false (knave, False).
- random: answers as its hidden state dictates (see `RANDOM_MODES`); in deduction puzzles a "normal" person,
  who may say anything.
- constant:M: always says the word whose meaning is M (for example `constant:neither`).
- silent: never answers.
"""

from __future__ import annotations

from ..errors import PuzzleError, did_you_mean

TRUTHFUL = "truthful"
LIAR = "liar"
RANDOM = "random"
SILENT = "silent"
CONSTANT_PREFIX = "constant:"

YES = "yes"
NO = "no"
NEITHER = "neither"
MEANINGS = (YES, NO, NEITHER)

ALIASES = {
    "truthful": TRUTHFUL, "true": TRUTHFUL, "truly": TRUTHFUL, "truth-teller": TRUTHFUL,
    "truthteller": TRUTHFUL, "knight": TRUTHFUL, "honest": TRUTHFUL,
    "liar": LIAR, "false": LIAR, "falsely": LIAR, "knave": LIAR, "lying": LIAR,
    "random": RANDOM, "randomly": RANDOM, "normal": RANDOM,
    "silent": SILENT,
}

RANDOM_MODES = {
    "word": "random says a random word of the vocabulary, whatever it is asked",
    "word-or-silent": "random says a random word or, at random, nothing at all, whatever it is asked",
    "coin": "a fair coin decides per question whether random answers truly or falsely; "
            "'if I asked random Q…' is about a hypothetical asking with its own coin, so undetermined",
    "coin-shared": "as coin, but the same coin also governs every hypothetical question about random "
                   "inside that one question (the 'current mental state' reading)",
}
PARADOX_MODES = {
    "forbidden": "a question some possible god cannot answer consistently may not be asked",
    "silent": "a god with no consistent answer says nothing (its head explodes)",
}


def canonical_type(name: str) -> str:
    """Return the canonical type for a name or alias; raise PuzzleError (with "did you mean") if unknown."""
    if not isinstance(name, str):
        raise PuzzleError(f"a type must be a string, got {name!r}")
    low = name.strip().lower()
    if low in ALIASES:
        return ALIASES[low]
    shown = name if len(name) <= 60 else name[:59] + "…"
    if low.startswith(CONSTANT_PREFIX):
        meaning = low[len(CONSTANT_PREFIX):]
        if meaning in MEANINGS:
            return CONSTANT_PREFIX + meaning
        raise PuzzleError(f"unknown meaning '{meaning[:60]}' in type '{shown}'; a constant type says the word meaning "
                          f"one of: {', '.join(MEANINGS)}{did_you_mean(meaning, MEANINGS)}")
    known = sorted(set(ALIASES) | {CONSTANT_PREFIX + m for m in MEANINGS})
    raise PuzzleError(f"unknown type '{shown}'; known types: {', '.join(known)}{did_you_mean(low, known)}")


def constant_meaning(type_name: str) -> str | None:
    """Return the meaning a constant type always says, or None for other types."""
    return type_name[len(CONSTANT_PREFIX):] if type_name.startswith(CONSTANT_PREFIX) else None
