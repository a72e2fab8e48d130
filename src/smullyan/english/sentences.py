"""A pasted text as sentences: markup, list markers and labels taken off, each with its line and column.

- Sentence: one sentence as written (markdown emphasis, bullets and numbering removed), where it
  starts, and the list marker or label it carried ("3", "B", "Clue 2").
- A line ends a sentence when it ends with . ? ! : or a closing quote, when it is a list item or a
  heading, or when the next line is blank or a list item; otherwise the sentence continues on the next
  line (a hard-wrapped paragraph). Inside a line, sentences end at . ? ! outside quotation marks.
- Options: "(A) …", "A) …", "(1) …", "1) …" start a sentence with that label, also in the middle
  of a line ("Options: (A) Alice (B) Bob").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

OPEN_QUOTES = "\"“‘«"
CLOSE_QUOTES = "\"”’»"
ABBREVIATIONS = ("mr", "mrs", "ms", "dr", "st", "no", "vs", "e.g", "i.e", "etc", "prof", "sr", "jr")

# a list marker at the start of a line: bullets, "1.", "1)", "(1)", "(a)", "a)", "Clue 3:", "Statement 2 -"
MARKER = re.compile(
    r"""^(?:[-*•·–—+>]\s+                                            # bullet
        |(?P<num>\d{1,3})[.)]\s+                                     # 1.  1)
        |\((?P<pnum>\d{1,3}|[A-Za-z])\)\s*                           # (1) (a) (A)
        |(?P<letter>[A-Za-z])\)\s+                                   # a)  A)
        |(?P<label>(?:clue|hint|fact|statement|condition|constraint|rule|premise|step)\s*\#?\s*(?P<lnum>\d{1,3})
           \s*[:.)–—-]\s*)                                           # Clue 3:  Statement 2 -
        )""", re.X | re.I)
HEADING = re.compile(r"^(?:#{1,6}\s+.*|\*\*[^*]+\*\*:?|__[^_]+__:?|[A-Z][A-Za-z ]{0,40}:)$")
INLINE_OPTION = re.compile(r"(?<=\s)\((?:[A-Ha-h]|[1-9])\)\s+|(?<=\s)(?:[A-H])\)\s+")
EMPHASIS = re.compile(r"(\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`(?=[^`]*`)|(?<=\S)`)")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a text, where it starts (line and column from 1), and its list marker or label."""

    text: str
    line: int
    column: int
    marker: str = ""  # "3" for "3." or "(3)", "B" for "(B)" or "B)", "Clue 2" for "Clue 2:", "-" for a bullet

    @property
    def where(self) -> str:
        """Return 'line L, column C'."""
        return f"line {self.line}, column {self.column}"

    @property
    def is_question(self) -> bool:
        """Return whether the sentence asks something (ends with a question mark)."""
        return self.text.rstrip().rstrip(")\"'”’").endswith("?")


def strip_markup(line: str) -> str:
    """Return a line without markdown emphasis (** __ * and inline backticks), spacing kept; a single word in
    backticks in lower case (`beep`, an answer word; not `Bolt`, a name) keeps its quotation as single quotes."""
    line = re.sub(r"`([a-z]\w*)`", r"'\1'", line)
    return EMPHASIS.sub(lambda m: " " * len(m.group()), line)


def _marker(line: str) -> tuple[str, int]:
    """Return the list marker of a line and the length it takes ('', 0 when none)."""
    m = MARKER.match(line)
    if not m:
        return "", 0
    if m.group("label"):
        word = m.group("label").strip().split()[0].rstrip("#:.)–—-").capitalize()
        return f"{word} {m.group('lnum')}", m.end()
    mark = m.group("num") or m.group("pnum") or m.group("letter") or "-"
    return mark, m.end()


KEY_LINE = re.compile(r"[A-Za-z][\w/ -]{0,30}:\s*\S")  # "answer_words: [bip, bop]": a line of a key-value spec
KEY_START = re.compile(r"[A-Za-z][\w/ -]{0,30}:(?:\s|$)")  # the next line of one ("counts:" opens a block)

CONTINUING = set("the a an of and or but to in on at by with from that which who whose is are was were be "
                 "not than as if then for".split())


def _continues(line: str, following: str) -> bool:
    """Return whether an unpunctuated line goes on in the next one (a hard-wrapped paragraph): the next
    starts in lower case, or this one stops on a comma or a word that cannot end a sentence."""
    last = line.rstrip().split()[-1] if line.strip() else ""
    if len(last) == 1 and last.isupper():  # a one-letter name ("… said so to A"), not the article
        return following[:1].islower()
    return following[:1].islower() or line.rstrip().endswith(",") or last.lower() in CONTINUING


def _ends_sentence(text: str) -> bool:
    """Return whether a line's text ends a sentence by its punctuation."""
    t = text.rstrip()
    return bool(t) and (t[-1] in ".?!:;" or t[-1] in CLOSE_QUOTES or t.endswith("'"))


@dataclass
class _Piece:
    text: str
    line: int
    column: int
    marker: str
    starts: list[tuple[int, int, int]]  # (offset in text, line, column) where each joined line begins


def _lines(text: str) -> list[tuple[int, int, str, str, bool]]:
    """Return (line, column, marker, text, is_item) for each non-blank line; blank lines as (line, 0, '', '', False)."""
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = strip_markup(raw.replace("\t", " "))
        body = line.strip()
        if not body:
            out.append((n, 0, "", "", False))
            continue
        col = len(line) - len(line.lstrip()) + 1
        if re.fullmatch(r"[-=*_#~]{3,}|[>\s]+", body):  # a rule line, an empty quoted line
            out.append((n, 0, "", "", False))
            continue
        mark, used = _marker(body)
        if mark == "-" and body.startswith(">"):  # a quoted block: its own list markers count too
            inner, more = _marker(body[used:])
            if more:
                mark, used = inner, used + more
        if used:
            rest = body[used:]
            col += used + (len(rest) - len(rest.lstrip()))
            body = rest.strip()
        heading = bool(HEADING.match(raw.strip())) and not mark
        if raw.strip().startswith("#"):
            body = body.lstrip("#").strip()
            col = raw.index(body) + 1 if body and body in raw else col
        out.append((n, col, mark, body, bool(mark) or heading))
    return out


def _join_lines(text: str) -> list[_Piece]:
    """Return the text as pieces: list items, headings and paragraphs (wrapped lines joined)."""
    rows = _lines(text)
    pieces: list[_Piece] = []
    current: _Piece | None = None
    for i, (n, col, mark, body, item) in enumerate(rows):
        if not body:
            current = None
            continue
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        if current is None or item:
            current = _Piece(body, n, col, mark, [(0, n, col)])
            pieces.append(current)
        else:
            current.text += " "
            current.starts.append((len(current.text), n, col))
            current.text += body
        if _ends_sentence(body) or nxt is None or not nxt[3] or nxt[4] or (item and not mark) \
                or not _continues(body, nxt[3]) or (KEY_LINE.match(body) and KEY_START.match(nxt[3])):
            current = None
    return pieces


def _split_piece(piece: _Piece) -> list[Sentence]:
    """Return the sentences of one piece: split at . ? ! outside quotes, and before inline options."""
    text = piece.text
    out: list[Sentence] = []
    start = 0
    depth_quote = ""
    i = 0
    marker = piece.marker

    def emit(end: int) -> None:
        nonlocal start, marker
        chunk = text[start:end]
        body = chunk.strip()
        if body:
            offset = start + (len(chunk) - len(chunk.lstrip()))
            line, column = _locate(piece, offset)
            out.append(Sentence(body, line, column, marker))
        marker = ""
        start = end

    while i < len(text):
        ch = text[i]
        if depth_quote:
            if ch in CLOSE_QUOTES or (ch == "'" and depth_quote == "'" and _closes_single(text, i)) or \
                    (ch == '"' and depth_quote == '"'):
                depth_quote = ""
                # a sentence-final mark just inside the quote ends the sentence after the quote
                if i > 0 and text[i - 1] in ".?!" and _next_starts_sentence(text, i + 1):
                    emit(i + 1)
            i += 1
            continue
        if ch in OPEN_QUOTES or (ch == "'" and _opens_single(text, i)):
            depth_quote = "'" if ch == "'" else ch
            i += 1
            continue
        if ch in ".?!" and _is_sentence_end(text, i):
            j = i + 1
            while j < len(text) and text[j] in ".?!)":
                j += 1
            emit(j)
            i = j
            continue
        m = INLINE_OPTION.match(text, i) if i > 0 else None
        if m and not m.group().startswith("(") and text.count("(", 0, i) > text.count(")", 0, i):
            m = None  # "(A, B, C, D, E and F) spawn": the letter closes a parenthesis, it marks no option
        if m and re.search(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*$", text[start:i], re.I):
            m = None  # "not more than three (3) questions": the number again in digits, no option
        if m:
            if text[start:i].strip():
                emit(i)
            marker = m.group().strip().strip("()")
            start = i = m.end()
            continue
        i += 1
    emit(len(text))
    return out


def _locate(piece: _Piece, offset: int) -> tuple[int, int]:
    """Return the line and column where the character at an offset of a piece was written."""
    off, line, column = max((s for s in piece.starts if s[0] <= offset), key=lambda s: s[0])
    return line, column + offset - off


def _opens_single(text: str, i: int) -> bool:
    """Return whether a ' at i opens a quotation (not an apostrophe)."""
    before = text[i - 1] if i else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    return not before.isalnum() and (after.isalnum() or after in "\"“")


def _closes_single(text: str, i: int) -> bool:
    """Return whether a ' at i closes a quotation (not an apostrophe inside a word)."""
    after = text[i + 1] if i + 1 < len(text) else " "
    return not after.isalnum()


def _next_starts_sentence(text: str, j: int) -> bool:
    """Return whether what follows position j starts a new sentence (end of text, or space and a capital)."""
    rest = text[j:]
    return not rest.strip() or bool(re.match(r"\s+[\"“‘(]?[A-Z0-9]", rest))


def _is_sentence_end(text: str, i: int) -> bool:
    """Return whether the mark at i ends a sentence (not an abbreviation, a decimal point or an initial)."""
    ch = text[i]
    if ch == "." and i + 1 < len(text) and text[i + 1].isdigit() and i and text[i - 1].isdigit():
        return False
    if ch == ".":
        word = re.search(r"([A-Za-z.]+)$", text[:i])
        abbreviation = word.group(1).lower().rstrip(".") if word else ""
        if abbreviation in ABBREVIATIONS and i + 1 < len(text) and \
                (abbreviation != "no" or re.match(r"\s*\d", text[i + 1:])):  # "No. 5", but "would answer no."
            return False
    j = i + 1
    while j < len(text) and text[j] in ".?!)":
        j += 1
    return j >= len(text) or text[j].isspace()


def split_sentences(text: str) -> tuple[Sentence, ...]:
    """Return the sentences of a text, in order, with markup and list markers removed."""
    out: list[Sentence] = []
    for piece in _join_lines(text):
        out.extend(_split_piece(piece))
    return tuple(out)
