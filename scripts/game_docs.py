"""Write the generated part of each game's rules page, ``docs/games/GAME.md``: the moves,
options and presets that ``cardkit rules GAME --markdown`` prints, between its markers (the
rules around it are written by hand).

Usage, from the repository's root::

    python -m scripts.game_docs           # rewrite the pages whose generated part is stale
    python -m scripts.game_docs --check   # name the stale pages; exit status 1 if any

A page is any ``docs/games/*.md`` holding the begin marker; the marker names its game.
``tests/cli/test_docs.py`` checks that every page is up to date.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from cardkit_cli.options import configure
from cardkit_cli.rules import GENERATED_BEGIN, GENERATED_END, rules_markdown

__all__ = ["COMMAND", "DOCS", "generated", "pages", "refreshed", "stale"]

ROOT = Path(__file__).resolve().parents[1]
#: The folder of the games' rules pages.
DOCS = ROOT / "docs" / "games"
#: What regenerates the pages (for messages).
COMMAND = "python -m scripts.game_docs"

_BEGIN = re.compile(re.escape(GENERATED_BEGIN).replace(re.escape("{name}"), r"(?P<name>[\w-]+)"))


def generated(game: str) -> str:
    """The generated part of ``game``'s page, as ``cardkit rules GAME --markdown`` prints it
    (default options)."""
    return rules_markdown(configure(game, None, None, ()))


def pages(folder: Path = DOCS) -> dict[str, Path]:
    """Game name -> its page, for every page of ``folder`` holding a generated part."""
    found = {}
    for page in sorted(folder.glob("*.md")):
        begin = _BEGIN.search(page.read_text(encoding="utf-8"))
        if begin is not None:
            found[begin["name"]] = page
    return found


def refreshed(text: str, block: str) -> str:
    """``text`` (a page) with its generated part replaced by ``block``."""
    begin = _BEGIN.search(text)
    end = text.find(GENERATED_END)
    if begin is None or end < begin.start():
        raise ValueError("the page has no generated part (begin and end markers)")
    return text[:begin.start()] + block + text[end + len(GENERATED_END):]


def stale(folder: Path = DOCS) -> dict[Path, str]:
    """Each page that is out of date -> its up-to-date text."""
    out = {}
    for game, page in pages(folder).items():
        text = page.read_text(encoding="utf-8")
        fresh = refreshed(text, generated(game))
        if fresh != text:
            out[page] = fresh
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite (or, with ``--check``, name) the stale pages; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing: name the stale pages, exit status 1 if any")
    args = parser.parse_args(argv)
    found = stale()
    for page, text in found.items():
        if args.check:
            print(f"{page.relative_to(ROOT)} is out of date: run {COMMAND}")
        else:
            page.write_text(text, encoding="utf-8")
            print(f"updated {page.relative_to(ROOT)}")
    return 1 if args.check and found else 0


if __name__ == "__main__":
    sys.exit(main())
