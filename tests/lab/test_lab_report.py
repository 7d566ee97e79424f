"""The report to hand out (HTML and Markdown), the notebook helpers (records, pandas, the HTML
a result shows as, the figure) and the command that reproduces a run."""

from __future__ import annotations

import builtins
import json
import shlex
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from cardkit.frontends.lab import SerialBackend, Variant, run_experiment, sweep, write_report
from cardkit.frontends.lab.handout import command_line, result_html, versions
from cardkit.frontends.lab.tidy import PANDAS_INSTALL_HINT, RECORD_FIELDS

VOID = {"meta", "img", "br", "hr", "link", "input"}


class _Page(HTMLParser):
    """Collects a page's text and checks that its elements nest and close."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.text: list[str] = []
        self.images: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.images.append(dict(attrs).get("src", ""))
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()

    def handle_data(self, data):
        self.text.append(data)


def _read(page_text: str) -> tuple[_Page, str]:
    page = _Page()
    page.feed(page_text)
    page.close()
    return page, " ".join(" ".join(page.text).split())


@pytest.fixture(scope="module")
def compared():
    variants = [Variant("no penalty", {"hit_penalty_turns": 0}),
                Variant("penalty 3", {"hit_penalty_turns": 3})]
    return run_experiment("tonk", variants, units=60, players=3, seed=7, skill_units=20,
                          backend=SerialBackend())


def test_the_html_report_parses_and_holds_every_variant_and_finding(compared, tmp_path):
    pytest.importorskip("matplotlib")
    [path] = write_report(compared, tmp_path / "report.html")
    page, text = _read(path.read_text(encoding="utf-8"))
    assert not page.problems and not page.open
    for variant in compared.variants:
        assert variant.label in text
    for finding in compared.findings():
        assert " ".join(finding.split()) in text
    # findings first, then the figure (embedded), the tables and how to reproduce
    order = [text.index(heading) for heading in
             ("Findings", "Figure", "Tables", "How the numbers were made", "How to reproduce")]
    assert order == sorted(order)
    assert page.images and page.images[0].startswith("data:image/png;base64,")
    assert command_line(compared) in text and "seed 7" in text.lower()
    assert versions(compared)["cardkit"] in text


def test_the_markdown_report_writes_its_figure_beside_it(compared, tmp_path):
    pytest.importorskip("matplotlib")
    written = write_report(compared, tmp_path / "lesson.md")
    markdown = written[0].read_text(encoding="utf-8")
    assert [p.name for p in written] == ["lesson.md", "lesson-figure.png"]
    assert "![the figure](lesson-figure.png)" in markdown
    assert markdown.index("## Findings") < markdown.index("## Tables") < \
        markdown.index("## How to reproduce")
    assert "| metric | baseline: no penalty | penalty 3 |" in markdown
    with pytest.raises(ValueError, match=r"FILE\.html or FILE\.md"):
        write_report(compared, tmp_path / "report.pdf")


def test_the_command_it_gives_reproduces_the_numbers(compared, tmp_path):
    """Run the report's command: the same numbers come back."""
    from cardkit_cli.lab import lab

    words = shlex.split(command_line(compared))
    assert words[:3] == ["cardkit", "lab", "tonk"]
    out = tmp_path / "again.json"
    result = CliRunner().invoke(lab, [*words[2:], "--workers", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    again = json.loads(out.read_text())
    assert [v["label"] for v in again["variants"]] == ["no penalty", "penalty 3"]
    for mine, theirs in zip(compared.to_dict()["variants"], again["variants"], strict=True):
        assert mine["metrics"] == theirs["metrics"]


def test_records_are_tidy_rows_and_pandas_reads_them(compared):
    rows = compared.records()
    assert all(set(RECORD_FIELDS) <= set(row) for row in rows)
    drop = [row for row in rows if row["metric"] == "ending.drop"]
    assert [row["variant"] for row in drop] == ["no penalty", "penalty 3"]
    assert drop[1]["difference"] is not None and drop[1]["difference_low"] is not None
    pandas = pytest.importorskip("pandas")
    frame = compared.to_pandas()
    assert isinstance(frame, pandas.DataFrame) and len(frame) == len(rows)


def test_to_pandas_without_pandas_says_how_to_install_it(compared, monkeypatch):
    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas" or name.startswith("pandas."):
            raise ImportError("no pandas here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    monkeypatch.delitem(__import__("sys").modules, "pandas", raising=False)
    with pytest.raises(RuntimeError, match="pip install pandas") as raised:
        compared.to_pandas()
    assert str(raised.value) == PANDAS_INSTALL_HINT


def test_a_sweep_has_its_values_as_columns_in_the_records():
    result = sweep("gin-rummy", "knock_limit", [5, 10], units=20, players=2, seed=1,
                   skill_units=0, lead=False, backend=SerialBackend())
    rows = [row for row in result.records() if row["metric"] == "turns"]
    assert [row["knock_limit"] for row in rows] == [5, 10]


def test_a_result_shows_as_a_table_in_jupyter(compared):
    fragment = compared._repr_html_()
    page, text = _read(fragment)
    assert not page.problems and fragment.startswith('<div class="cardkit-lab">')
    assert "<table>" in fragment and "penalty 3" in text and not page.images
    assert result_html(compared, plots=False) == fragment


def test_plot_returns_the_figure(compared):
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    figure = compared.plot()
    try:
        titles = [axis.get_title() for axis in figure.axes if axis.get_visible()]
        assert "hand length (turns)" in titles
        assert any("difference from the baseline" in title for title in titles)
        # the single measures' axes fit their intervals instead of starting at 0
        turns = next(axis for axis in figure.axes if axis.get_title() == "hand length (turns)")
        assert turns.get_ylim()[0] > 0
    finally:
        plt.close(figure)


def test_a_sweep_plots_lines_with_bands():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    result = sweep("gin-rummy", "knock_limit", [0, 5, 10], units=30, players=2, seed=1,
                   skill_units=0, lead=False, backend=SerialBackend())
    figure = result.plot()
    try:
        shown = [axis for axis in figure.axes if axis.get_visible()]
        assert shown and all(axis.get_xlabel() == "knock_limit" for axis in shown)
        assert all(axis.lines and axis.collections for axis in shown)  # a line and its band
    finally:
        plt.close(figure)


def test_the_command_line_writes_both_reports(tmp_path):
    pytest.importorskip("matplotlib")
    from cardkit_cli.lab import lab

    html_path, md_path = tmp_path / "r.html", tmp_path / "r.md"
    result = CliRunner().invoke(lab, [
        "tonk", "--hands", "30", "--players", "2", "--workers", "1", "--skill-hands", "0",
        "--baseline", "no penalty", "--rule", "hit_penalty_turns=0",
        "--compare", "penalty 2: hit_penalty_turns=2", "--report", str(html_path),
        "--report", str(md_path)])
    assert result.exit_code == 0, result.output
    _, text = _read(html_path.read_text())
    assert "baseline: no penalty" in text and "penalty 2" in text
    assert md_path.exists() and (tmp_path / "r-figure.png").exists()
    bad = CliRunner().invoke(lab, ["tonk", "--hands", "5", "--report", str(tmp_path / "x.txt")])
    assert bad.exit_code == 2 and "FILE.html or FILE.md" in bad.output
