"""``python -m bench.compare`` (also ``bench.agents --compare``): deal-by-deal differences of
two record files, and per role where the tested seats play different roles (three-hand gin's
box and captain), and ``--roles`` that keeps to some of them. The suite runs the command as a
user does (``tests/`` never imports ``bench/``); it imports the standard library only, so each
run costs a Python start."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write(path: Path, rows: list[tuple[str, int, int, float]]) -> str:
    with path.open("w", encoding="utf-8") as out:
        for setup, deal, seat, net in rows:
            out.write(json.dumps({"setup": setup, "deal": deal, "seat": seat, "net": net}) + "\n")
    return str(path)


def compare(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m bench.compare ARGS`` from the repository's root (``-S``: no site packages,
    the standard library is all it needs)."""
    return subprocess.run([sys.executable, "-S", "-m", "bench.compare", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def box_and_captain(tmp_path: Path) -> tuple[str, str]:
    """The first agent makes 4 more as box (seat 2), 2 less as captain (seat 0)."""
    first = write(tmp_path / "a.jsonl", [("gin3", d, 2, 4.0 + d) for d in range(3)]
                  + [("gin3", d, 0, 10.0) for d in range(3)])
    second = write(tmp_path / "b.jsonl", [("gin3", d, 2, float(d)) for d in range(3)]
                   + [("gin3", d, 0, 12.0) for d in range(3)])
    return first, second


def test_compare_gives_the_difference_per_deal_and_per_role(tmp_path: Path) -> None:
    done = compare(*box_and_captain(tmp_path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split(": ")[1].startswith("+1.00 ± 0.00 points a hand over 3 deals")
    assert lines[1].strip().startswith("gin3 box: +4.00 ± 0.00 points a hand over 3 deals")
    assert lines[2].strip().startswith("gin3 captain: -2.00 ± 0.00 points a hand over 3 deals")


def test_roles_keep_to_the_seats_they_are_played_from(tmp_path: Path) -> None:
    first, second = box_and_captain(tmp_path)
    captain = compare(first, second, "--roles", "captain").stdout.splitlines()
    assert captain[0].split(": ")[1].startswith("-2.00 ± 0.00 points a hand over 3 deals")
    assert len(captain) == 2 and "gin3 captain: -2.00" in captain[1]
    both = compare(first, second, "--roles", "captain,box").stdout.splitlines()
    assert both[0].split(": ")[1].startswith("+1.00 ± 0.00 points a hand over 3 deals")


def test_compare_keeps_to_the_seatings_both_files_played(tmp_path: Path) -> None:
    box_only = write(tmp_path / "a.jsonl", [("gin3", d, 2, 5.0) for d in range(3)])
    every_role = write(tmp_path / "b.jsonl", [("gin3", d, 2, 1.0) for d in range(3)]
                       + [("gin3", d, 0, -20.0) for d in range(3)])
    lines = compare(box_only, every_role).stdout.splitlines()
    assert lines[0].split(": ")[1].startswith("+4.00 ± 0.00 points a hand over 3 deals")
    assert len(lines) == 2 and "gin3 box: +4.00" in lines[1]


def test_compare_without_roles_prints_one_line_and_refuses_too_few_deals(tmp_path: Path) -> None:
    first = write(tmp_path / "a.jsonl", [("gin2", d, s, 1.0 * d) for d in range(4) for s in (0, 1)])
    second = write(tmp_path / "b.jsonl", [("gin2", d, s, 0.0) for d in range(4) for s in (0, 1)])
    report = compare(first, second).stdout
    assert len(report.splitlines()) == 1
    assert "over 4 deals (3 of them played differently)" in report
    lone = write(tmp_path / "c.jsonl", [("gin2", 9, 0, 1.0)])
    assert compare(first, lone).stdout.strip() == \
        "only 0 deal(s) in both files: nothing to compare"


def test_an_unknown_role_is_one_clear_error(tmp_path: Path) -> None:
    first, second = box_and_captain(tmp_path)
    gin2 = write(tmp_path / "g.jsonl", [("gin2", d, 0, 1.0) for d in range(3)])
    for files, roles, message in ((( first, second), "sitter",
                                   "--roles: gin3 has no role 'sitter'; choose from box, captain"),
                                  ((gin2, gin2), "box", "--roles: gin2 has no role 'box'")):
        done = compare(*files, "--roles", roles)
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.strip() == message and "Traceback" not in done.stderr
