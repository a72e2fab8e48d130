"""Child processes (the C searches, genbg, the scripts a checker drives) that end when their parent does.

A search started by a script that is then killed (a `timeout`, a `kill`, a closed terminal) used to keep
running on its own: `subprocess.run` kills its child only when Python unwinds, which SIGTERM and SIGKILL do
not allow. Each child here asks Linux (prctl PR_SET_PDEATHSIG) to be sent SIGKILL when its parent ends.
"""

from __future__ import annotations

import ctypes
import signal
import subprocess
import sys

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Ask the kernel to kill this (forked, not yet exec'd) process when its parent ends; elsewhere, nothing."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def run_child(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Return `subprocess.run(argv, **kwargs)` for a child that is killed if this process ends first."""
    return subprocess.run(argv, preexec_fn=_die_with_parent, **kwargs)  # noqa: PLW1509 (single-threaded scripts)


def popen_child(argv: list[str], **kwargs) -> subprocess.Popen:
    """Return `subprocess.Popen(argv, **kwargs)` for a child that is killed if this process ends first."""
    return subprocess.Popen(argv, preexec_fn=_die_with_parent, **kwargs)  # noqa: PLW1509
