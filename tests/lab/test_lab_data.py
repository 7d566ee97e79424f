"""Results as data and in notebooks: ``--json`` with its reproducing command loads back as the
same result, one tidy layout for the CSV, ``records()`` and ``to_pandas()``; the report written
without matplotlib (the README's own line); ``plot()`` that leaves matplotlib's backend alone
and shows inline; the notebook table formatted as the report's."""

from __future__ import annotations

import csv
import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.frontends.lab import SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.handout import command_line, report_markdown, result_html
from cardkit.frontends.lab.plot import REPORT_PLOT_HINT
from cardkit.frontends.lab.tidy import RECORD_FIELDS
from cardkit.lab import load

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    """A small sweep run from the command line, with its JSON and CSV."""
    from cardkit_cli.lab import lab

    folder = tmp_path_factory.mktemp("swept")
    result = CliRunner().invoke(lab, [
        "tonk", "--players", "3", "--hands", "40", "--workers", "1", "--skill-hands", "0",
        "--no-lead", "--seed", "3", "--sweep", "hit_penalty_turns=0,2",
        "--json", str(folder / "run.json"), "--csv", str(folder / "run.csv")])
    assert result.exit_code == 0, result.output
    return folder


def test_the_json_holds_the_command_that_reproduces_it(swept):
    data = json.loads((swept / "run.json").read_text())
    words = shlex.split(data["command"])
    assert words[:3] == ["cardkit", "lab", "tonk"]
    assert "--sweep" in words and "hit_penalty_turns=0,2" in words and "--seed" in words
    assert data["command"] == command_line(load(swept / "run.json"))


def test_a_saved_result_loads_back_whole(swept):
    """load(path) gives the same result: its data, findings, records, tables and reports."""
    path = swept / "run.json"
    again = load(path)
    saved = json.loads(path.read_text())
    assert json.loads(json.dumps(again.to_dict())) == saved
    assert again.findings() == saved["findings"]
    assert again.axes == (("hit_penalty_turns", (0, 2)),)
    assert again.metric(1, "ending.drop").interval == "wilson"
    assert result_html(again, plots=False) == result_html(load(path), plots=False)
    assert "## Findings" in report_markdown(again, plots=False)
    if _has("matplotlib"):
        assert again.plot().axes  # the figure draws from the loaded result


def _has(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def test_a_file_that_is_not_a_result_is_a_one_line_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "tonk"}')
    with pytest.raises(ValueError, match="not a lab result"):
        load(bad)
    bad.write_text("{")
    with pytest.raises(ValueError, match="is not JSON"):
        load(bad)
    with pytest.raises(ValueError, match="cannot read"):
        load(tmp_path / "missing.json")


def test_csv_records_and_pandas_share_one_tidy_layout(swept):
    """The swept option's own column, the paired difference's interval, in every output."""
    result = load(swept / "run.json")
    with (swept / "run.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert list(rows[0]) == ["hit_penalty_turns", *RECORD_FIELDS]
    records = result.records()
    assert [list(row) for row in records] == [list(rows[0])] * len(records)
    assert len(rows) == len(records)
    drop = [row for row in rows if row["metric"] == "ending.drop"]
    assert [row["hit_penalty_turns"] for row in drop] == ["0", "2"]
    assert drop[1]["difference_low"] and drop[1]["difference_high"] and drop[1]["p_adjusted"]
    for row, record in zip(rows, records, strict=True):
        assert row["value"] == str(record["value"])
    pandas = pytest.importorskip("pandas")
    frame = result.to_pandas()
    assert list(frame.columns) == list(rows[0]) and isinstance(frame, pandas.DataFrame)


def _readme_lab_line() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    line = re.search(r"`(cardkit lab [^`]*)`", text)
    assert line, "the README shows a lab line"
    return shlex.split(line.group(1))


def test_the_readmes_lab_line_writes_its_report_without_matplotlib(tmp_path, monkeypatch):
    """On the README's install (no matplotlib) the line writes its report: every finding and
    table, and a line saying how to add the figure (here at a small size)."""
    from cardkit_cli.lab import lab

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    words = _readme_lab_line()
    assert words[:2] == ["cardkit", "lab"] and "--report" in words
    at = words.index("--report")
    report = tmp_path / Path(words[at + 1]).name
    words[at + 1] = str(report)
    markdown = tmp_path / "penalty.md"
    result = CliRunner().invoke(lab, [*words[2:], "--hands", "30", "--skill-hands", "0",
                                      "--workers", "1", "--no-lead", "--report", str(markdown),
                                      "--json", str(tmp_path / "run.json")])
    assert result.exit_code == 0, result.output
    page = report.read_text()
    assert "pip install &#x27;cardkit[plot]&#x27;" in page and "<img" not in page
    saved = load(tmp_path / "run.json")
    for finding in saved.findings():
        assert finding.split(" [")[0].replace("'", "&#x27;") in page
    assert "<h2>Tables</h2>" in page and "hit_penalty_turns" in page
    text = markdown.read_text()
    assert REPORT_PLOT_HINT in text and "## Tables" in text
    assert not (tmp_path / "penalty-figure.png").exists()


@pytest.fixture(scope="module")
def compared():
    variants = [Variant("no penalty", {"hit_penalty_turns": 0}),
                Variant("penalty 3", {"hit_penalty_turns": 3})]
    return run_experiment("tonk", variants, units=50, players=3, seed=7, skill_units=0,
                          lead=False, backend=SerialBackend())


def test_plot_leaves_the_global_backend_alone_and_shows_inline(compared):
    matplotlib = pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    backend = matplotlib.get_backend()
    figures = plt.get_fignums()
    figure = compared.plot()
    assert matplotlib.get_backend() == backend  # not switched to Agg behind the user's back
    assert plt.get_fignums() == figures  # not a pyplot figure: nothing left open
    png = figure._repr_png_()  # what Jupyter shows inline
    assert png.startswith(b"\x89PNG")


def test_the_notebook_table_keeps_numbers_apart(compared):
    """In Jupyter, value and difference on their own lines, styled as in the report."""
    fragment = compared._repr_html_()
    assert "<style>.cardkit-lab table" in fragment
    cells = re.findall(r'<td class="num">(.*?)</td>', fragment)
    assert cells
    for cell in cells:
        if 'class="diff' in cell:
            assert re.search(r'\S<br><span class="diff', cell), cell
        assert not re.search(r"\d[+-]\d", re.sub(r"<[^>]+>", " ", cell).replace("e-", "")), cell
