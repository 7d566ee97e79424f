"""Output paths checked before any work starts: a file the command cannot write is reported at
once (``--save``, ``--json`` ...), not after a whole simulation or a whole hand."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

__all__ = ["autosave_path", "cardkit_command", "unwritable_reason"]


def unwritable_reason(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be written (no such folder, a folder, no permission), or None when
    it can. Nothing is created."""
    target = Path(path)
    if str(path) == "":
        return "no file name given"
    if target.is_dir():
        return f"{target} is a folder"
    folder = target.parent
    if not folder.exists():
        return f"there is no folder {folder}"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if target.exists():
        if not target.is_file():
            return f"{target} is not a regular file (a device or a pipe)"
        if not os.access(target, os.W_OK):
            return f"{target} is not writable"
    elif not os.access(folder, os.W_OK | os.X_OK):
        return f"cannot create files in {folder}"
    return None


def autosave_path(game: str, seed: int) -> Path:
    """Where an interrupted game without ``--save`` is kept: ``$XDG_STATE_HOME/cardkit``
    (``~/.local/state/cardkit`` by default), or the system's temporary folder when that
    cannot be created; one file per game and match seed."""
    import tempfile

    state_home = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    folder = Path(state_home) / "cardkit"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        folder = Path(tempfile.gettempdir())
    return folder / f"autosave-{game}-{seed}.json"


def cardkit_command() -> str:
    """How a fresh shell runs this cardkit, for the commands printed for people to copy:
    ``cardkit`` when that name on PATH is this program, else this program's absolute path
    (quoted for the shell): cardkit installed in a virtual environment that is not on PATH."""
    ours = _own_executable()
    found = shutil.which("cardkit")
    if found is not None and (ours is None or _same_file(Path(found), ours)):
        return "cardkit"
    if ours is not None:
        return shlex.quote(str(ours))
    return f"{shlex.quote(sys.executable)} -m cardkit_cli"


def _own_executable() -> Path | None:
    """The ``cardkit`` script running now: ``sys.argv[0]`` when it is one, else the one next
    to this Python (``python -m cardkit_cli`` from a virtual environment)."""
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    candidates = [started] if started is not None and started.name.startswith("cardkit") else []
    candidates.append(Path(sys.executable).parent / "cardkit")
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate.absolute()
    return None


def _same_file(first: Path, second: Path) -> bool:
    try:
        return first.samefile(second)
    except OSError:
        return False
