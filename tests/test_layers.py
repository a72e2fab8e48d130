"""The shape of the code: imports point down the four layers (DESIGN §6), and the public API type-checks."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT

PACKAGE = ROOT / "src" / "smullyan"
ENGINES = {"logic", "deduce", "interrogate", "survey", "generator", "certificate"}
IO = {"formats", "english", "render"}
BASE = {"errors", "_version"}
ALLOWED = {  # layer -> what it may import
    **{e: ENGINES | BASE for e in ENGINES},
    **{i: IO | ENGINES | BASE for i in IO},
    "api": {"api"} | IO | ENGINES | BASE,
    "cli": {"api", "render", "terminal", "web"} | BASE,
    "terminal": {"api", "render"} | BASE,
    "web": {"api", "render", "web"} | BASE,
}


def imports(path: Path) -> list[tuple[int, str]]:
    """Return (line, first part of the target) of every relative import inside the package."""
    rel = path.relative_to(PACKAGE)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            here = list(rel.parts[:-1])
            base = here[: len(here) - (node.level - 1)]
            target = base + (node.module.split(".") if node.module else [])
            found.append((node.lineno, target[0] if target else ""))
    return found


def layer_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py") if layer_of(p) in ALLOWED),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path):
    layer = layer_of(path)
    wrong = [(line, target) for line, target in imports(path) if target and target not in ALLOWED[layer]]
    assert not wrong, f"{layer} may not import {wrong}"


def test_faces_hold_no_engine_imports():
    for face in [PACKAGE / "cli.py", *sorted((PACKAGE / "terminal").glob("*.py")), *sorted((PACKAGE / "web").glob("*.py"))]:
        assert {t for _, t in imports(face)} <= {"api", "render", "errors", "_version", "terminal", "web"}, face


def test_import_smullyan_loads_no_heavy_module():
    code = ("import sys, smullyan; heavy = [m for m in ('numpy', 'lark', 'pysat', 'rich', 'distributed', 'tomllib', "
            "'smullyan.api', 'smullyan.interrogate') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_solving_a_toml_gods_puzzle_imports_no_numpy_lark_pysat_or_rich():
    code = ("import sys; from smullyan.cli import main; main(['solve', sys.argv[1]]); "
            "print([m for m in ('numpy', 'lark', 'pysat', 'rich', 'distributed') if m in sys.modules], file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code, str(EXAMPLES / "hardest.toml")], capture_output=True, text=True)
    assert out.returncode == 0 and out.stderr.strip() == "[]"


def test_public_api_and_a_client_pass_mypy_strict(tmp_path):
    pytest.importorskip("mypy")
    files = [str(EXAMPLES / "api_client.py"), str(PACKAGE / "api"), str(PACKAGE / "__init__.py"),
             str(PACKAGE / "errors.py")]
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), *files],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("Success: no issues found")


def test_every_data_file_of_the_package_is_installed():
    """A non-editable install ships only what package-data lists (framing.txt once went missing)."""
    import fnmatch
    import tomllib

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["smullyan"]
    data = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert data and all(any(fnmatch.fnmatch(f, pat) for pat in patterns) for f in data), data
