"""Lark parse errors as PuzzleErrors: line, column, and what was expected, in words."""

from __future__ import annotations

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import PuzzleError

FRIENDLY = {"NAME": "a name", "ROLE": "a role word", "WORD": "a word", "NUMBER": "a number",
            "NUMBER_WORD": "a number", "QUOTE": "a quotation mark", "VERB": "a speech verb (said, stated, …)",
            "THAT_VERB": "'said that', 'told you that', …", "POSSESSIVE": "a name with 's",
            "QUANT": "'at least', 'at most' or 'exactly'", "SAMEDIFF": "'the same type' or 'different types'",
            "INTRO_HEAD": "'… is inhabited by'", "SETTING": "a sentence about the inhabitants",
            "TYPEWORD": "a type (truthful, liar, random, …)", "LOWORD": "a word"}


def expected_words(parser: Lark, names: set[str]) -> str:
    """Return the expected terminals in words: quoted keywords, described classes."""
    out = set()
    for name in names:
        if name in FRIENDLY:
            out.add(FRIENDLY[name])
            continue
        try:
            term = parser.get_terminal(name)
        except KeyError:
            out.add(name.lower())
            continue
        pattern = term.pattern
        text = pattern.value if pattern.type == "str" else pattern.value.replace("\\b", "").split("|")[0]
        out.add(f"'{text}'")
    return ", ".join(sorted(out))


def parse_error(parser: Lark, err: UnexpectedInput, text: str) -> PuzzleError:
    """Return the one-line error for a failed parse."""
    where = f"line {err.line}, column {err.column}"
    if isinstance(err, UnexpectedToken):
        if err.token.type == "$END":
            return PuzzleError(f"{where}: the text ends too early; expected {expected_words(parser, err.expected)}")
        return PuzzleError(f"{where}: unexpected '{err.token}'; expected {expected_words(parser, err.expected)}")
    if isinstance(err, UnexpectedCharacters):
        allowed = getattr(err, "allowed", None) or set()
        char = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "end of text"
        return PuzzleError(f"{where}: cannot read '{char}' here; expected {expected_words(parser, allowed) or 'something else'}")
    if isinstance(err, UnexpectedEOF):
        return PuzzleError(f"the text ends too early; expected {expected_words(parser, set(err.expected))}")
    return PuzzleError(f"{where}: {err}")


def parse_or_raise(parser: Lark, text: str):
    """Return the parse tree of a text; raise the one-line PuzzleError of a failed parse."""
    try:
        return parser.parse(text)
    except UnexpectedInput as err:
        raise parse_error(parser, err, text) from None
