"""The optional compiled kernel of the climbing library, and three small list helpers.

A hand's sequences and double sequences
(:func:`~cardkit.libraries.climbing.enumeration.sequence_groups`, the first enumeration of a
Tiến Lên seat's hand) and three list operations a climbing game runs on its legal lists
(:func:`keep_disjoint`, :func:`pick_bits`, :func:`gather_rows`) are pure Python, unless the
package was installed with a C compiler at hand: then the extension ``_kernel`` (built by
``setup.py``, optional: a failed build only leaves it out) answers the common call, ints that
fit in 64 bits (a strength mask: 13 rank positions of 4 suits) and lists or tuples, with the
same loops in C. Every other call goes on, unchanged, to the Python function, so both give the
same answer or raise the same error.

The Python functions stay the reference: ``python_keep_disjoint``, ``python_pick_bits`` and
``python_gather_rows`` here and ``python_all_sequence_masks`` of
:mod:`~cardkit.libraries.climbing.enumeration` are always they, and
``tests/cardkit/test_climbing_kernel.py`` checks both give the same answers. Setting the
environment variable ``CARDKIT_PURE_PYTHON=1`` before the import leaves the kernel out (and the
meld kernel's: :mod:`cardkit.libraries.kernels`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from itertools import compress
from typing import Any, TypeVar, cast

from cardkit.libraries.kernels import kernel_disabled

try:
    from cardkit.libraries.climbing import _kernel
except ImportError:  # installed without a C compiler: the Python functions alone
    _kernel = None  # type: ignore[assignment]

__all__ = ["KERNEL", "compiled", "gather_rows", "keep_disjoint", "pick_bits",
           "python_gather_rows", "python_keep_disjoint", "python_pick_bits"]

#: True when the compiled functions stand for the Python ones.
KERNEL = _kernel is not None and not kernel_disabled()

F = TypeVar("F", bound=Callable[..., Any])


def compiled(name: str, python: F) -> F:
    """The compiled function ``name`` standing for ``python`` (its reference, which it calls
    for what it does not answer), with ``python``'s docstring, signature and module; or
    ``python`` itself when the kernel is not built or turned off."""
    if not KERNEL:
        return python
    # a builtin's signature is read from its docstring's first line (positional parameters
    # only, as the references declare them)
    parameters = ", ".join(inspect.signature(python).parameters)
    doc = f"{name}({parameters}, /)\n--\n\n{inspect.getdoc(python) or ''}"
    return cast(F, _kernel.bind(name, python, doc))


def keep_disjoint(masks: list[int], items: list[Any] | None, gone: int, /
                         ) -> tuple[list[int], list[Any] | None] | None:
    """The masks that share no bit with ``gone``, and the items at their positions.

    ``None`` when every mask is disjoint from ``gone`` (nothing to drop: the caller keeps its
    lists); else ``(kept_masks, kept_items)``, new lists of the masks with ``mask & gone == 0``
    and of the ``items`` at the same positions (``kept_items`` is ``None`` when ``items`` is).
    ``items`` must be as long as ``masks`` (``ValueError``). ``gone`` may be any int, a
    negative one meaning its two's complement (``~smask``: the masks that are no subset of
    ``smask``); the compiled function answers masks of 0 to 64 bits (strength masks)."""
    if items is not None and len(items) != len(masks):
        raise ValueError(f"{len(masks)} masks but {len(items)} items")
    keep = [not mask & gone for mask in masks]
    if all(keep):
        return None
    # compress: the two new lists in C loops (the fastest pure-Python form measured)
    return list(compress(masks, keep)), None if items is None else list(compress(items, keep))


def pick_bits(bits: int, table: Sequence[Any], offset: int, /) -> list[Any]:
    """``[table[offset + i] for each set bit i of bits]``, the lowest bit first: e.g. the
    singles of a hand above a threshold, from its strength mask shifted past the threshold.
    ``bits`` must be non-negative (the compiled function answers bits below ``2**64``)."""
    if bits < 0:
        raise ValueError("pick_bits() needs non-negative bits")
    out = []
    while bits:
        low = bits & -bits
        out.append(table[offset + low.bit_length() - 1])
        bits ^= low
    return out


def gather_rows(smask: int, rows: Sequence[Sequence[Sequence[Sequence[Any]]]],
                columns: Sequence[Sequence[int]], /) -> list[list[Any]]:
    """Items of per-rank tables, for the ranks a hand holds: ``rows[p][nibble]`` is the row of
    rank position ``p`` holding the suits ``nibble`` (a tuple of columns, each a tuple of
    items). For each rank position whose nibble ``smask >> 4 * p & 0xF`` is not 0, lowest
    first, its row is picked; ``out[k]`` then holds, for each column ``c`` of ``columns[k]``
    in turn, the items of column ``c`` of every picked row. E.g. a hand's sets, all singles,
    then pairs …, from tables of each rank's sets by size (the compiled function answers
    tuples and ``smask`` below ``2**64``)."""
    if smask < 0:
        raise ValueError("gather_rows() needs a non-negative mask")
    picked = []
    position = 0
    while smask:
        nibble = smask & 0xF
        if nibble:
            picked.append(rows[position][nibble])
        smask >>= 4
        position += 1
    return [[item for column in group for row in picked for item in row[column]]
            for group in columns]


#: The pure-Python helpers: the reference the compiled ones are checked against, and what runs
#: without the kernel.
python_keep_disjoint = keep_disjoint
python_pick_bits = pick_bits
python_gather_rows = gather_rows
# the compiled functions call the Python ones above for every call they do not answer
keep_disjoint = compiled("keep_disjoint", python_keep_disjoint)
pick_bits = compiled("pick_bits", python_pick_bits)
gather_rows = compiled("gather_rows", python_gather_rows)
