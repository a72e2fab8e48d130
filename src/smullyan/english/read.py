"""Which English reader a text needs: gods to question, ZebraLogic grids, or knights-and-knaves islands."""

from __future__ import annotations

import re

from ..deduce.model import Deduction
from ..interrogate.puzzle import Interrogation
from .classic import parse_classic
from .gods import parse_gods
from .knights import parse_knights
from .zebralogic import parse_zebralogic


def parse_text(text: str, title: str = "") -> Deduction | Interrogation:
    """Return the puzzle of an English text: gods to question ('… gods A, B, and C are called …'),
    a ZebraLogic grid ('There are N houses … 1. …'), a classic zebra puzzle (clues about houses, with
    no characteristics listed) or an island of knights and knaves."""
    if re.search(r"\bgods\b.*\bare called\b", text, re.S):
        return parse_gods(text, title)
    if re.search(r"There are \d+ houses", text) and re.search(r"^\s*1\.\s", text, re.M):
        return parse_zebralogic(text, title)
    if re.search(r"\bhouses?\b", text) and not re.search(r"\b(knights?|knaves?|liars?|truth-tellers?)\b", text, re.I):
        return parse_classic(text, title)
    return parse_knights(text, title)
