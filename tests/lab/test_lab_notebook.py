"""The documented notebook (``docs/lab/notebook.ipynb``) runs from top to bottom in a fresh
kernel: its table shows as the report's HTML, its figure as an inline picture."""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "docs" / "lab" / "notebook.ipynb"


def test_the_documented_notebook_runs_and_draws():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("matplotlib")
    pytest.importorskip("pandas")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    for cell in notebook.cells:  # run it fresh, not from the outputs saved in the file
        if cell.cell_type == "code":
            cell.outputs = []
    client = nbclient.NotebookClient(notebook, timeout=180, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()
    outputs = [output for cell in notebook.cells if cell.cell_type == "code"
               for output in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    kinds = [set(o.get("data", {})) for o in outputs if o.output_type == "execute_result"]
    assert any("text/html" in kind for kind in kinds)  # the result as its tables
    assert any("image/png" in kind for kind in kinds)  # the figure, drawn inline
    html = next(o.data["text/html"] for o in outputs if "text/html" in o.get("data", {})
                and "cardkit-lab" in o.data["text/html"])
    assert "<br><span class=\"diff" in html
    printed = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "True" in printed and "cardkit lab tonk" in printed
