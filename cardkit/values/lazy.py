"""Names a package imports on first use (PEP 562), for plugins that start fast.

A game package's entry point names ``GAME``; importing the definition imports the whole game.
Listing the installed games needs none of that, so a game package can defer it::

    __getattr__ = lazy_names(__name__, GAME="cardkit_games.tonk.game:GAME")
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

__all__ = ["lazy_names", "resolve"]


def lazy_names(package: str, *, submodules: bool = False, **targets: str
               ) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports each name from its ``"module:attribute"`` target
    the first time it is asked for (and nothing before). With ``submodules``, a name that is no
    target but a submodule of ``package`` is imported too (``cardkit.registry`` reached as an
    attribute, as with a package that imports its modules eagerly).

    >>> getattr_ = lazy_names("demo", sqrt="math:sqrt")
    >>> getattr_("sqrt")(9.0)
    3.0
    >>> getattr_("cbrt")
    Traceback (most recent call last):
    ...
    AttributeError: module 'demo' has no attribute 'cbrt'
    """

    def __getattr__(name: str) -> Any:
        target = targets.get(name)
        if target is None:
            if submodules and importlib.util.find_spec(f"{package}.{name}") is not None:
                return importlib.import_module(f"{package}.{name}")
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return resolve(target)

    return __getattr__


def resolve(target: str) -> Any:
    """The object a ``"module:attribute"`` target names, importing the module (the attribute
    may be dotted: ``"module:Class.method"``).

    >>> resolve("math:pi") > 3
    True
    """
    module, _, attribute = target.partition(":")
    value: Any = importlib.import_module(module)
    for name in attribute.split("."):
        value = getattr(value, name)
    return value
