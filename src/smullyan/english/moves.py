"""What a player types in a game, read into values: questions, guesses and answers.

- Question: "Ask A: Is B random?", "A: Is B random?", "to A, does ja mean yes?", or the JSON
  expression form after the god's name ("A: ["type", "B", "random"]").
- Guess: "A is truthful, B is a liar and C is random", "A=True B=False C=Random", or the types in
  the gods' order ("truthful liar random"); with the language when the goal asks for it ("ja means yes").
- Answer: one of the puzzle's words, or silence ("silent", "nothing", "…").
Errors are PuzzleErrors naming the column of the typed line and what was expected.
"""

from __future__ import annotations

import json
import re
from typing import Sequence

from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import canonical_type
from ..logic.semantics import SILENCE

MAX_LINE = 2000  # characters a question, guess or answer may have
SILENCES = ("silent", "silence", "nothing", "says nothing", "no answer", "(silence)", "...", "…", "-")
_ADDRESSED = re.compile(r"\s*(?:(?:ask|to)\s+)?(?:god\s+)?(?P<name>[A-Za-z][A-Za-z0-9_]*)\s*[:,]\s*", re.IGNORECASE)
_WHERE = re.compile(r"^line 1, column (\d+): ")


def _shift(err: PuzzleError, offset: int) -> PuzzleError:
    """Return the error with its column counted from the start of the typed line."""
    m = _WHERE.match(err.message)
    if not m:
        return err
    return PuzzleError(f"column {int(m.group(1)) + offset}: {err.message[m.end():]}")


def _short(text: str) -> None:
    """Raise PuzzleError for a line longer than anyone types."""
    if len(text) > MAX_LINE:
        raise PuzzleError(f"the line has {len(text):,} characters; a move has at most {MAX_LINE:,}")


def _agent(name: str, agents: Sequence[str]) -> str | None:
    """Return the puzzle's spelling of a god's name typed in any case, or None."""
    for a in agents:
        if a.lower() == name.lower():
            return a
    return None


def read_question(text: str, agents: Sequence[str], display: dict[str, str] | None = None,
                  types: Sequence[str] = ()) -> tuple[str, E.Expr]:
    """Return (addressee, question) from what a player typed; raise PuzzleError with the column (an
    unknown type word is told with the puzzle's own `types`)."""
    from .questions import parse_question  # lark: imported when a question is read

    if not text.strip():
        raise PuzzleError("type a question, such as: Ask A: Is B random?")
    _short(text)
    m = _ADDRESSED.match(text)
    addressee, body, offset = None, text, 0
    if m and _agent(m.group("name"), agents) is not None:
        addressee, body, offset = _agent(m.group("name"), agents), text[m.end():], m.end()
    elif m and m.group(0).strip().lower().startswith(("ask", "to")):
        raise PuzzleError(f"column {m.start('name') + 1}: unknown god '{m.group('name')}'; "
                          f"the gods are {', '.join(agents)}")
    stripped = body.strip()
    if stripped[:1] in "[{" or stripped in ("true", "false"):
        if addressee is None:
            raise PuzzleError("say whom the question is put to: A: [\"type\", \"B\", \"random\"]")
        try:
            data = json.loads(stripped)
        except ValueError as e:
            raise PuzzleError(f"column {offset + body.index(stripped[0]) + getattr(e, 'pos', 0) + 1}: "
                              f"not a JSON expression: {getattr(e, 'msg', e)}") from None
        question = E.from_json(data)
    else:
        try:
            asked, question = parse_question(body, addressee, display)
        except PuzzleError as e:
            if e.message.startswith("say whom"):
                raise PuzzleError(f"say whom the question is put to: start with one of the gods' names, "
                                  f"as in 'Ask {agents[0]}: Is {agents[-1]} random?'") from None
            shifted = _shift(e, offset + len(body) - len(body.lstrip()))
            if types and "; known types:" in shifted.message:
                names = ", ".join((display or {}).get(t, t) for t in types)
                shifted = PuzzleError(shifted.message.split("; known types:")[0] + f"; this puzzle's types are {names}")
            raise shifted from None
        if addressee is not None and asked != addressee:
            raise PuzzleError(f"the question is put to both {addressee} and {asked}; name one god")
        addressee = asked
    if addressee not in agents:
        raise PuzzleError(f"unknown god '{addressee}'; the gods are {', '.join(agents)}")
    return addressee, question


def read_answer(text: str, words: Sequence[str]) -> str:
    """Return the outcome a player answered: one of the words, or silence."""
    _short(text)
    said = text.strip().strip(".!").strip().strip("'\"").strip()
    for w in words:
        if said.lower() == w.lower():
            return w
    if said.lower() in SILENCES:
        return SILENCE
    raise PuzzleError(f"answer with {', '.join(words)} or 'silent' (no answer); got {text.strip()!r}")


_CLAIM = re.compile(r"(?P<word>[A-Za-z][A-Za-z0-9_-]*)\s*(?:\bmeans\b|=|:)\s*(?P<meaning>yes|no|neither)\b"
                    r"|(?P<who>[A-Za-z][A-Za-z0-9_-]*)\s*(?:=|:|\bis\b)\s*(?:(?:a|an|the)\s+)?"
                    r"(?P<what>[A-Za-z][A-Za-z:-]*)(?:\s+(?:god|one)\b)?", re.IGNORECASE)
_GAP = re.compile(r"[\s,;]*(?:\band\b)?[\s,;]*", re.IGNORECASE)


def _type_of(word: str, display: dict[str, str], types: Sequence[str]) -> str:
    """Return the canonical type a typed word names; raise PuzzleError if the puzzle has no such type."""
    low = word.lower()
    canon = next((c for c, shown in display.items() if shown.lower() == low), None)
    if canon is None:
        canon = canonical_type(word)
    if canon not in types:
        names = ", ".join(display.get(t, t) for t in types)
        raise PuzzleError(f"'{word}' is not a type of this puzzle; its types are {names}")
    return canon


def read_guess(text: str, agents: Sequence[str], words: Sequence[str], types: Sequence[str],
               display: dict[str, str] | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """Return (type of each god, meaning of each word named) from a typed guess."""
    from ..render.english import English

    _short(text)
    display = display or {}
    phrase = English(display).type_phrase
    example = ", ".join(f"{a} is {phrase(t)}" for a, t in zip(agents, types))
    lead = re.match(r"\s*(?:(?:guess|i\s+think|answer)\b\s*:?)?\s*", text, re.IGNORECASE)
    offset = lead.end() if lead else 0
    body = text[offset:].rstrip().rstrip(".!")
    if not body.strip():
        raise PuzzleError(f"name every god, as in: {example}")
    if not re.search(r"=|:|\bis\b|\bmeans\b", body, re.IGNORECASE):  # the types in the gods' order
        bare = [w for w in re.split(r"[\s,;]+|\band\b", body) if w]
        if len(bare) != len(agents):
            raise PuzzleError(f"name every god: {len(agents)} types in the order {', '.join(agents)}, or "
                              f"'{example}'; got {len(bare)} word{'s' if len(bare) != 1 else ''}")
        return {a: _type_of(w, display, types) for a, w in zip(agents, bare)}, {}
    named: dict[str, str] = {}
    language: dict[str, str] = {}
    at = 0
    for m in _CLAIM.finditer(body):
        gap, gap_at = body[at:m.start()], at
        at = m.end()
        if not _GAP.fullmatch(gap):
            shown = gap.lstrip(" \t,;")
            column = offset + gap_at + len(gap) - len(shown) + 1
            raise PuzzleError(f"column {column}: cannot read '{shown.strip()}'; write '{example}'")
        word = next((w for w in words if w.lower() == (m.group("word") or "").lower()), None)
        if m.group("meaning") and word is not None:
            language[word] = m.group("meaning").lower()
            continue
        who = m.group("who") or m.group("word")
        what = m.group("what") or m.group("meaning")
        agent = _agent(who, agents)
        if agent is None:
            raise PuzzleError(f"column {offset + m.start() + 1}: unknown god '{who}'; the gods are {', '.join(agents)}")
        if agent in named:
            raise PuzzleError(f"column {offset + m.start() + 1}: {agent} is named twice")
        named[agent] = _type_of(what, display, types)
    if not _GAP.fullmatch(body[at:]):
        raise PuzzleError(f"column {offset + at + 1}: cannot read '{body[at:].strip()}'; write '{example}'"
                          + (f" (and '{words[0]} means yes')" if tuple(words) != ("yes", "no") else ""))
    missing = [a for a in agents if a not in named]
    if missing:
        raise PuzzleError(f"name every god: {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing")
    return named, language
