"""The examples in docs/api.md run as doctests, so the documented contract cannot rot; the links
between the pages resolve; docs/architecture.md names only what exists where it says."""

import ast
import doctest
import importlib
import re
import unicodedata
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_api_examples_run():
    failures, attempted = doctest.testfile(
        str(DOCS / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert attempted > 20
    assert failures == 0


# ----- links between the pages ------------------------------------------------------------------

ROOT = DOCS.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """A heading's anchor as mkdocs makes it (Python-Markdown's ``slugify``)."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    return {slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def pages() -> list[Path]:
    found = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
    return [page for page in found if "build" not in page.relative_to(ROOT).parts]


def test_every_link_between_the_pages_resolves() -> None:
    """Every relative link names a file that exists and, with ``#anchor``, one of its headings."""
    broken = []
    for page in pages():
        text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"),
                      flags=re.MULTILINE | re.DOTALL)
        for target in LINK.findall(text):
            if re.match(r"^[a-z]+:", target):
                continue  # an address elsewhere
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_anchor_of_a_heading() -> None:
    assert slug(" Play-outs (the search's inner loop)") == "play-outs-the-searchs-inner-loop"
    assert slug("7. Research encodings (optional)") == "7-research-encodings-optional"
    assert slug("Tonk's and Tiến Lên's `hard`") == "tonks-and-tien-lens-hard"


# ----- docs/architecture.md names what exists, where it says --------------------------------------

CODE = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"^(?:cardkit|cli|games|tests|bench|scripts|docs)/[\w/.-]*$")
#: ``name`` (``path.py``) or ``name``, ``path.py``: a name said to be in a file
NAME_IN = re.compile(r"`([\w.]+)(?:\([^`]*\))?`(?: \(|, )`([\w/]+\.py)`")
#: what the page calls the objects whose attributes it cites
#: dotted names that are entry-point groups, not modules
GROUPS = {"cardkit.games", "cardkit.game_about"}
OBJECTS = {"state": "cardkit.engine.state:State", "match": "cardkit.engine.match:Match",
           "definition": "cardkit.engine.definition:GameDefinition",
           "game": "cardkit.engine.game:Game"}


def defined_in(path: Path) -> set[str]:
    """The names a module defines: its functions, classes, assignments and their methods."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def has_attribute(kind: type, name: str) -> bool:
    """True if instances of ``kind`` have ``name``: a class attribute or a declared one."""
    return hasattr(kind, name) or any(name in getattr(base, "__annotations__", {})
                                      for base in kind.__mro__)


def resolves(dotted: str) -> bool:
    """True if ``dotted`` (``cardkit.values.actions.parse_action``) imports."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


def test_the_architecture_page_names_what_exists_where_it_says() -> None:
    """Every file the page cites exists, every ``name`` (``file``) is defined in that file,
    every dotted ``cardkit.…`` name imports, and every ``state.x`` / ``match.x`` /
    ``definition.x`` / ``game.x`` is an attribute of its class: the walk of one move can be
    followed in the code."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    wrong = []
    cited = [code.strip() for code in CODE.findall(text)]
    for code in cited:
        if PATH.match(code) and not (ROOT / code).exists():
            wrong.append(f"{code}: no such file")
        if re.match(r"^cardkit(\.\w+)+$", code) and code not in GROUPS and not resolves(code):
            wrong.append(f"{code}: does not import")
        owner, dot, attribute = code.partition(".")
        if owner in OBJECTS and dot and not code.endswith(".py"):
            module, _, name = OBJECTS[owner].partition(":")
            attribute = re.split(r"\W", attribute)[0]
            if not has_attribute(getattr(importlib.import_module(module), name), attribute):
                wrong.append(f"{code}: {name} has no {attribute}")
    for name, path in NAME_IN.findall(text):
        last = name.split(".")[-1]
        if (ROOT / path).exists() and last not in defined_in(ROOT / path):
            wrong.append(f"{name} is not defined in {path}")
    assert len(cited) > 50 and not wrong, "\n".join(wrong)
