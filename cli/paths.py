"""Output paths checked before any work starts: a file the command cannot write is reported at
once (``--save``, ``--json`` ...), not after a whole simulation or a whole hand."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["autosave_path", "unwritable_reason"]


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
