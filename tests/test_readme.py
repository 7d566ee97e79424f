"""The README's Python example prints exactly what its comments show."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_example_prints_what_its_comments_show():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block, "the README has a Python example"
    code = block.group(1)
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    assert expected, "the example shows its output in comment lines"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue().splitlines() == expected


def test_action_repr_is_the_text_a_player_types():
    from cardkit.values.actions import parse_action

    assert repr(parse_action("discard KH")) == "Action('discard KH')"
    assert eval(repr(parse_action("hit 4C 1")), {"Action": lambda text: parse_action(text)}) \
        == parse_action("hit 4C 1")


def test_readme_points_at_the_project_docs_not_at_shared_rules():
    text = README.read_text(encoding="utf-8")
    assert "shared/" not in text
    for page in ("docs/games/tonk.md", "docs/games/gin-rummy.md", "docs/games/tien-len.md"):
        assert page in text
