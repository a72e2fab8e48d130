"""Shared helpers for the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from smullyan.interrogate.puzzle import Interrogation
from smullyan.logic.worlds import assignments_from_allowed, assignments_from_permutation, build_space

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
def _shared_data() -> Path | None:
    for candidate in (ROOT.parent / "shared" / "data", Path("/work/shared/data")):
        if (candidate / "README.md").exists():
            return candidate
    return None


SHARED_DATA = _shared_data()


def shared(path: str) -> Path:
    """Return a file of the external reference data, skipping the test (visibly) if it is absent."""
    if SHARED_DATA is None:
        pytest.skip("the reference data ../shared/data is not on this machine")
    return SHARED_DATA / path


def gods(types, words=("ja", "da"), random="word", paradox="forbidden", **kw) -> Interrogation:
    """Return an interrogation puzzle whose agents A, B, … have the given types in some order."""
    agents = "ABCDEFG"[: len(types)]
    space = build_space(agents, assignments_from_permutation(types), words, random_mode=random, paradox=paradox)
    return Interrogation(space, **kw)


def allowed(per_agent: dict, words=("ja", "da"), random="word", paradox="forbidden", **kw) -> Interrogation:
    """Return an interrogation puzzle where each agent may have any of its listed types."""
    space = build_space(list(per_agent), assignments_from_allowed(list(per_agent), per_agent), words,
                        random_mode=random, paradox=paradox)
    return Interrogation(space, **kw)


@pytest.fixture
def classic():
    """Return a builder of the Hardest Logic Puzzle Ever under given options."""
    def make(**kw):
        return gods(["truthful", "liar", "random"], **kw)
    return make
