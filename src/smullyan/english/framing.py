"""Sentences a reader may pass over: instructions, answer formats, headings (the frames of framing.txt).

A sentence is framing when it matches one of the frames and asks nothing: a sentence with a
question word (who, which, what, whether, how many) is framing only when it is an instruction about
the answer's form ("Format your answer as: who is a knight, …"). Readers list every sentence they pass
over; they never pass over one that a frame does not cover and that names the puzzle's entities.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib.resources import files

ASKING = re.compile(r"\b(who|whom|whose|which|what|whether|where|how\s+many)\b", re.I)
FORM_OF_ANSWER = re.compile(r"^(please\s+)?(format|write|give|put|provide|present|return|output|respond|explain|"
                            r"show|think|justify|express|phrase)\s+(your|the|each|all|a|an|it|them|only|just|final|"
                            r"one|every|step|carefully|briefly|in|with|using|as)\b", re.I)


@lru_cache(maxsize=1)
def frames() -> tuple[re.Pattern[str], ...]:
    """Return the framing frames of framing.txt, compiled."""
    text = files("smullyan.english").joinpath("framing.txt").read_text(encoding="utf-8")
    return tuple(re.compile(line.strip(), re.I) for line in text.splitlines()
                 if line.strip() and not line.lstrip().startswith("#"))


def is_framing(sentence: str) -> bool:
    """Return whether a sentence states nothing about the puzzle (an instruction, a heading, a format)."""
    s = sentence.strip().strip("*_#>:").strip()
    if not s:
        return True
    if s.endswith("?") and not FORM_OF_ANSWER.match(s):
        return False
    if ASKING.search(s) and not FORM_OF_ANSWER.match(s):
        return False
    body = s.rstrip(".!:;")
    return any(f.fullmatch(body) or f.fullmatch(s) for f in frames())
