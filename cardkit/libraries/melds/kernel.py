"""The optional compiled kernel of the one-deck meld search.

:func:`~cardkit.libraries.melds.best_arrangement`, :func:`~cardkit.libraries.melds.deadwood_value`
and :func:`~cardkit.libraries.melds.deadwood_within` are the pure-Python search of
:mod:`~cardkit.libraries.melds.arrange` and :mod:`~cardkit.libraries.melds.solve`, unless the
package was installed with a C compiler at hand: then the extension ``_kernel`` (built by
``setup.py``, optional: a failed build only leaves it out) answers the common call, a
:class:`~cardkit.cards.CardSet` or an int mask of natural cards under rules whose tables are
built, with the same search in C (the same tables, scores and tie-break: the same value and the
same arrangement). Every other call (wild cards, jokers, copies, lists of cards, the first call
under new rules) goes on to the Python function, unchanged.

The Python functions stay the reference: ``python_best_arrangement``,
``python_deadwood_value`` and ``python_deadwood_within`` of
:mod:`~cardkit.libraries.melds.arrange` are always they, and the tests check both give the
same answers. Setting the environment variable ``CARDKIT_PURE_PYTHON=1`` before the import
leaves the kernel out (the whole suite can run on the Python code alone).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from cardkit.libraries.kernels import kernel_disabled

try:
    from cardkit.libraries.melds import _kernel
except ImportError:  # installed without a C compiler: the Python search alone
    _kernel = None  # type: ignore[assignment]

__all__ = ["compiled_functions", "kernel_disabled"]


def compiled_functions(python: tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]],
                       types: tuple[type, type, type, type], default_rules: object
                       ) -> tuple[Callable[..., Any], ...] | None:
    """The compiled ``(best_arrangement, deadwood_value, deadwood_within)`` standing for the
    Python ones given (which they call for what they do not answer), or None: no extension
    built, or the pure-Python search asked for. ``types`` are CardSet, MeldRules, MeldTables
    and Arrangement, whose slots the kernel reads and writes."""
    if _kernel is None or kernel_disabled():
        return None
    try:
        compiled = _kernel.bind(*types, default_rules, *python)
    except TypeError:  # a slot the kernel reads is no plain slot now: the Python search
        return None  # (tests/cardkit/test_meld_kernel.py fails on it: no silent slowdown)
    for function, reference in zip(compiled, python, strict=True):
        # the Python function's name, module, docstring and signature (through __wrapped__)
        functools.update_wrapper(function, reference)
    return compiled
