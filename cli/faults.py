"""Telling a bug in a game's code from a user's mistake.

A user's mistake (a bad option, an unknown game, an illegal move, a corrupted record) is one
line and a usage exit code. An exception that passed through a game's own code -- its phases,
hooks, agents, settlement -- is a bug in that game, whatever its type: a ``ValueError`` raised
by a plugin's agent must not read as if the user had typed something wrong. This module finds
such a fault from the exception's traceback (and, for a fault in a worker process, from the
traceback text the worker sent back) and says which game it belongs to.

A game's code is every module under the package of its state class, hooks and agents (for an
installed plugin, its package; for a built-in game, its ``cardkit_games`` folder). cardkit's
own errors for users (``IllegalAction``, ``RecordError``, ``HookError``) are never faults.
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from collections.abc import Iterator
from types import TracebackType
from typing import Any

import attrs

__all__ = ["DEBUG_VARIABLE", "PluginFault", "debug_wanted", "plugin_fault"]

#: ``CARDKIT_DEBUG=1`` shows a plugin fault's traceback (as ``cardkit --debug`` does).
DEBUG_VARIABLE = "CARDKIT_DEBUG"

# 'File "/path/to/module.py", line 12, in choose' in a traceback's text
_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


@attrs.frozen
class PluginFault:
    """An exception raised inside a game's code: the game, the package its code lives in, and
    where (file, line, function) the innermost frame of that code was; ``traceback`` is the
    whole traceback as text (the worker's, for a fault in another process)."""

    game: str
    package: str
    error: BaseException
    where: str
    traceback: str

    def line(self) -> str:
        """The one line shown to the user."""
        text = str(self.error) or "(no message)"
        return (f"a bug in the game plugin {self.game} ({self.package}), not in what you "
                f"typed: {type(self.error).__name__}: {text} [{self.where}]; report it to "
                f"the plugin's authors (cardkit --debug, or {DEBUG_VARIABLE}=1, shows the "
                "traceback)")


def debug_wanted() -> bool:
    """True when the user asked for tracebacks (``CARDKIT_DEBUG`` set to anything but 0)."""
    return os.environ.get(DEBUG_VARIABLE, "") not in ("", "0")


def _package_of(module: str) -> str | None:
    """The package a game module belongs to: the module itself when it is a package, else
    its parent; None for cardkit's own modules."""
    top = module.partition(".")[0]
    if top in ("cardkit", "cardkit_cli") or top in sys.stdlib_module_names:
        return None
    loaded = sys.modules.get(module)
    if loaded is not None and hasattr(loaded, "__path__"):
        return module
    parent, _, _ = module.rpartition(".")
    return parent or module


def _game_packages() -> dict[str, str]:
    """Package -> game name, for every game that has loaded in this process."""
    from cardkit.engine.capabilities import Agents
    from cardkit.engine.registry import game_infos

    packages: dict[str, str] = {}
    for info in game_infos():
        definition = info.definition
        if definition is None:
            continue
        functions: list[Any] = [definition.state_class, definition.check]
        functions += [getattr(definition.hooks, name) for name in definition.hooks.names()]
        own = definition.capability(Agents)
        functions += list(own.factories.values()) if own is not None else []
        for function in functions:
            function = getattr(function, "func", function)  # a functools.partial's function
            package = _package_of(getattr(function, "__module__", "") or "")
            if package is not None:
                packages.setdefault(package, definition.name)
    return packages


def _folder(package: str) -> str | None:
    """Where the package's files are (its folder, or its one file)."""
    module = sys.modules.get(package)
    file = None if module is None else getattr(module, "__file__", None)
    if not file:
        return None
    path = os.path.abspath(file)
    return os.path.dirname(path) + os.sep if hasattr(module, "__path__") else path


def _frames(tb: TracebackType | None) -> Iterator[tuple[str, str, int, str]]:
    """(module, file, line, function) of each frame, outermost first."""
    while tb is not None:
        frame = tb.tb_frame
        yield (frame.f_globals.get("__name__", ""), frame.f_code.co_filename, tb.tb_lineno,
               frame.f_code.co_name)
        tb = tb.tb_next


def _remote_text(error: BaseException) -> str:
    """The traceback text a worker process sent back with ``error`` (multiprocessing keeps it
    as the ``tb`` of the exception's cause), or ''."""
    cause = error.__cause__
    text = getattr(cause, "tb", None)
    return text if isinstance(text, str) else ""


def _deliberate(error: BaseException) -> bool:
    from cardkit.values.errors import IllegalAction, RecordError
    from cardkit.values.hooks import HookError

    return isinstance(error, IllegalAction | RecordError | HookError)


def plugin_fault(error: BaseException | None) -> PluginFault | None:
    """The game whose code ``error`` was raised in (its innermost frame there), or None for a
    user's mistake, a fault of cardkit itself, or no error."""
    if error is None or _deliberate(error) or not isinstance(error, Exception):
        return None
    packages = _game_packages()
    if not packages:
        return None

    def owner(module: str) -> str | None:
        return next((package for package in packages
                     if module == package or module.startswith(package + ".")), None)

    found: tuple[str, str] | None = None
    for module, path, line, function in _frames(error.__traceback__):
        package = owner(module)
        if package is not None:
            found = (package, f"{os.path.basename(path)}, line {line}, in {function}")
    remote = _remote_text(error)
    if remote:
        folders = {package: _folder(package) for package in packages}
        for match in _FRAME.finditer(remote):
            path = os.path.abspath(match.group(1))
            for package, folder in folders.items():
                if folder is not None and (path == folder or path.startswith(folder)):
                    found = (package, f"{os.path.basename(path)}, line {match.group(2)}, "
                             f"in {match.group(3)}")
    if found is None:
        return None
    package, where = found
    # with a worker's fault, the text holds the worker's traceback too (the exception's cause)
    text = "".join(traceback.format_exception(error))
    return PluginFault(packages[package], package, error, where, text)
