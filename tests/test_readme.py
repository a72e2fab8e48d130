"""The README's Python session runs as written (doctest), from the repository root."""

import doctest
import os

from conftest import ROOT


def test_readme_python_session_runs():
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    finally:
        os.chdir(cwd)
    assert result.failed == 0 and result.attempted >= 15
