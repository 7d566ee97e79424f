"""The HTML handout printed: headless Chromium prints it to PDF (A4), and every word of its
widest table lands inside the page (wide tables wrap; no scrollbar, no column cut off)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from cardkit.frontends.lab import SerialBackend, Variant, run_experiment, write_report

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
PDFTOTEXT = shutil.which("pdftotext")

_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">(.*?)'
                   r"</word>")
_PAGE = re.compile(r'<page width="([\d.]+)"')


def _print_to_pdf(page: Path, pdf: Path) -> None:
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--no-first-run", f"--user-data-dir={profile}", "--no-pdf-header-footer",
             f"--print-to-pdf={pdf}", page.as_uri()],
            check=True, capture_output=True, timeout=90)


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed: the printed "
                    "handout cannot be checked here (install chromium to run this test)")
@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed: "
                    "the printed pages cannot be read")
def test_the_printed_handout_keeps_every_column_on_the_page(tmp_path):
    names = ["no penalty at all", "a penalty of one turn", "a penalty of three turns",
             "a penalty of five turns"]
    variants = [Variant(name, {"hit_penalty_turns": turns})
                for name, turns in zip(names, (0, 1, 3, 5), strict=True)]
    result = run_experiment("tonk", variants, units=40, players=3, seed=1, skill_units=0,
                            lead=False, backend=SerialBackend())
    page = tmp_path / "handout.html"
    write_report(result, page)
    assert "@media print" in page.read_text()
    pdf = tmp_path / "handout.pdf"
    _print_to_pdf(page, pdf)
    boxes = subprocess.run([str(PDFTOTEXT), "-bbox", str(pdf), "-"], check=True,
                           capture_output=True, text=True, timeout=60).stdout
    width = float(_PAGE.search(boxes).group(1))  # type: ignore[union-attr]
    words = [(float(low), float(high), text) for low, high, text in _WORD.findall(boxes)]
    assert words, "the PDF holds text"
    outside = [text for low, high, text in words if low < 0 or high > width + 0.5]
    assert not outside, f"words printed off the page: {outside[:10]}"
    text = " ".join(word for _, _, word in words)
    for name in names:  # the right-hand columns' heads are printed too
        assert all(part in text for part in name.split())
    # the last variant's hand length, right-most in the table, is on a page
    last = result.metric(3, "turns")
    assert f"{last.value:.3g}" in text
