"""The example notebook examples/tour.ipynb runs from top to bottom and shows what it says it shows."""

from __future__ import annotations

import pytest

from conftest import EXAMPLES

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = EXAMPLES / "tour.ipynb"

BAD_INPUT = ("key 'types[0]': unknown type 'wizard'; known types: constant:neither, constant:no, constant:yes, "
             "false, falsely, honest, knave, knight, liar, lying, normal, random, randomly, silent, true, truly, "
             "truth-teller, truthful, truthteller")


@pytest.fixture(scope="module")
def executed():
    """Return the notebook executed in a fresh python3 kernel whose working directory is examples/."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=120,
                                     resources={"metadata": {"path": str(EXAMPLES)}})
    client.execute()  # raises CellExecutionError on the first cell that fails
    return nb


def outputs(nb, tag: str) -> list:
    """Return the outputs of the one code cell tagged `tag`."""
    cells = [c for c in nb.cells if c.cell_type == "code" and tag in c.metadata.get("tags", [])]
    assert len(cells) == 1, f"expected one cell tagged {tag!r}, found {len(cells)}"
    return cells[0].outputs


def shown(nb, tag: str, mime: str = "text/plain") -> str:
    """Return what the cell tagged `tag` displays as its value in the given MIME type."""
    data = [o.data[mime] for o in outputs(nb, tag) if o.output_type == "execute_result" and mime in o.data]
    assert data, f"cell {tag!r} shows no {mime}"
    return data[0]


def printed(nb, tag: str) -> str:
    """Return what the cell tagged `tag` printed."""
    return "".join(o.text for o in outputs(nb, tag) if o.output_type == "stream" and o.name == "stdout")


def test_saved_without_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(c.outputs == [] and c.execution_count is None for c in code)
    assert all(c.metadata.get("tags") for c in code), "every code cell carries a tag the test finds it by"
    kinds = [c.cell_type for c in nb.cells]
    assert all(kinds[i - 1] == "markdown" for i, k in enumerate(kinds) if k == "code"), \
        "each code cell follows a markdown cell saying what it shows"


def test_no_cell_errored(executed):
    errors = [o for c in executed.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert errors == []
    stderr = [o.text for c in executed.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "stream" and o.name == "stderr"]
    assert stderr == []


def test_hardest_puzzle_results(executed):
    assert shown(executed, "questions") == "3"
    assert shown(executed, "proof") == ("'No strategy of 2 questions identifies the goal, even with every possible "
                                        "question (exhaustive search).'")
    assert printed(executed, "verify").startswith("OK: the strategy identifies the goal in all 12 worlds")
    assert shown(executed, "verify") == "True"


def test_strategy_draws_itself_as_svg(executed):
    svg = shown(executed, "strategy", "image/svg+xml")
    assert "<svg" in svg and svg.count('class="leaf"') == 8


def test_english_puzzle(executed):
    assert shown(executed, "read") == "({'Al': 'knight', 'Bo': 'knave'},)"
    assert shown(executed, "unique") == "True"
    assert "fact='Bo is a knave'" in shown(executed, "why")


def test_built_puzzle(executed):
    assert shown(executed, "build") == "({'A': 'knight', 'B': 'knave', 'C': 'knave'},)"


def test_einstein_table(executed):
    html = shown(executed, "einstein", "text/html")
    assert "German" in html and "fish" in html


def test_expected_objective(executed):
    assert shown(executed, "expected") == "Fraction(47, 12)"


def test_bad_input_message(executed):
    assert printed(executed, "badinput") == BAD_INPUT + "\n"


def test_toml_round_trip(executed):
    assert printed(executed, "toml").startswith('title = "The Hardest Logic Puzzle Ever"\n')
    assert shown(executed, "toml") == "True"
