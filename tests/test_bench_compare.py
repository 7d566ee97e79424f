"""``bench/agents.py --compare``: deal-by-deal differences of two record files, and per role
where the tested seats play different roles (three-hand gin's box and captain), and the
``--roles`` that plays only some of them."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "agents.py"


def load_bench() -> ModuleType:
    """The benchmark script as a module (``bench/`` is not a package)."""
    spec = importlib.util.spec_from_file_location("bench_agents", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write(path: Path, rows: list[tuple[str, int, int, float]]) -> str:
    with path.open("w", encoding="utf-8") as out:
        for setup, deal, seat, net in rows:
            out.write(json.dumps({"setup": setup, "deal": deal, "seat": seat, "net": net}) + "\n")
    return str(path)


def test_compare_gives_the_difference_per_deal_and_per_role(tmp_path: Path) -> None:
    bench = load_bench()
    # box is seat 2, captain seat 0; the first agent makes 4 more as box, 2 less as captain
    first = write(tmp_path / "a.jsonl", [("gin3", d, 2, 4.0 + d) for d in range(3)]
                  + [("gin3", d, 0, 10.0) for d in range(3)])
    second = write(tmp_path / "b.jsonl", [("gin3", d, 2, float(d)) for d in range(3)]
                   + [("gin3", d, 0, 12.0) for d in range(3)])
    lines = bench.compare(first, second).splitlines()
    assert lines[0].split(": ")[1].startswith("+1.00 ± 0.00 points a hand over 3 deals")
    assert lines[1].strip().startswith("gin3 box: +4.00 ± 0.00 points a hand over 3 deals")
    assert lines[2].strip().startswith("gin3 captain: -2.00 ± 0.00 points a hand over 3 deals")


def test_compare_keeps_to_the_seatings_both_files_played(tmp_path: Path) -> None:
    bench = load_bench()
    box_only = write(tmp_path / "a.jsonl", [("gin3", d, 2, 5.0) for d in range(3)])
    every_role = write(tmp_path / "b.jsonl", [("gin3", d, 2, 1.0) for d in range(3)]
                       + [("gin3", d, 0, -20.0) for d in range(3)])
    lines = bench.compare(box_only, every_role).splitlines()
    assert lines[0].split(": ")[1].startswith("+4.00 ± 0.00 points a hand over 3 deals")
    assert len(lines) == 2 and "gin3 box: +4.00" in lines[1]


def test_compare_without_roles_prints_one_line(tmp_path: Path) -> None:
    bench = load_bench()
    first = write(tmp_path / "a.jsonl", [("gin2", d, s, 1.0 * d) for d in range(4) for s in (0, 1)])
    second = write(tmp_path / "b.jsonl", [("gin2", d, s, 0.0) for d in range(4) for s in (0, 1)])
    report = bench.compare(first, second)
    assert len(report.splitlines()) == 1
    assert "over 4 deals (3 of them played differently)" in report


def test_compare_refuses_files_with_too_few_common_deals(tmp_path: Path) -> None:
    bench = load_bench()
    first = write(tmp_path / "a.jsonl", [("gin2", 0, 0, 1.0)])
    second = write(tmp_path / "b.jsonl", [("gin2", 1, 0, 1.0)])
    assert bench.compare(first, second) == "only 0 deal(s) in both files: nothing to compare"


def test_roles_name_the_seats_they_are_played_from() -> None:
    bench = load_bench()
    assert bench.role_seats(["gin3"], "box") == (2,)
    assert bench.role_seats(["gin3"], "captain,box") == (0, 2)


def test_an_unknown_role_is_one_clear_error() -> None:
    bench = load_bench()
    for setups, roles, message in ((["gin3"], "sitter", "gin3 has no role 'sitter'; choose from"),
                                   (["gin2"], "box", "gin2 has no role 'box'")):
        with pytest.raises(SystemExit, match=message):
            bench.role_seats(setups, roles)
