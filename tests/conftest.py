"""Shared helpers for the tests."""

from __future__ import annotations

import contextlib
import io
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from smullyan.cli import main
from smullyan.interrogate.puzzle import Interrogation
from smullyan.logic.worlds import assignments_from_allowed, assignments_from_permutation, build_space

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    """Undo an inherited 'ignore Ctrl-C': a suite started in the background by a non-interactive shell
    (`(cmd &)`) inherits SIGINT ignored, every process it starts inherits that too, and the tests that
    press Ctrl-C on a survey or a generation would wait for a signal that can never arrive."""
    import signal

    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
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


@dataclass
class Ran:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def run(*args, stdin: str = ""):
    """Run the command line in this process; return its exit status and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _stdin(stdin):
        code = main([str(a) for a in args])
    return Ran(code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def _stdin(text):
    saved = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved
