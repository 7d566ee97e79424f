"""Output paths checked before any work starts: a file the command cannot write is reported at
once (``--save``, ``--json`` ...), not after a whole simulation or a whole hand."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["unwritable_reason"]


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
