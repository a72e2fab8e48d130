"""Which English reader a text needs: ZebraLogic grids or knights-and-knaves islands."""

from __future__ import annotations

import re

from ..deduce.model import Deduction
from .knights import parse_knights
from .zebralogic import parse_zebralogic


def parse_text(text: str, title: str = "") -> Deduction:
    """Return the puzzle of an English text: a ZebraLogic grid ('There are N houses … ## Clues') or an island."""
    if re.search(r"There are \d+ houses", text) and re.search(r"^\s*1\.\s", text, re.M):
        return parse_zebralogic(text, title)
    return parse_knights(text, title)
