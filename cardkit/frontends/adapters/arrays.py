"""Encodings as numpy arrays, for the adapters that hand them to learners."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from cardkit.services.encoding import GameEncoding
from cardkit.values.actions import Action
from cardkit.values.views import View

__all__ = ["action_mask", "observation_array"]

#: Row ``b`` is byte ``b``'s eight bits as float32, lowest first: the vector's bytes looked up
#: in one call give its 0/1 entries, already float32 (cheaper than unpacking and converting).
_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1,
                           bitorder="little").astype(np.float32)


def observation_array(encoding: GameEncoding, view: View,
                      out: np.ndarray | None = None) -> np.ndarray:
    """The observation of ``view`` as a float32 vector (written into ``out``, a row of a
    batch, when given)."""
    observation = encoding.observation
    size = observation.size
    bits, values = observation.sparse(view)
    ones = _BYTE_BITS.take(np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), np.uint8),
                           axis=0).reshape(-1)[:size]
    if out is None:
        vector = ones
    else:
        vector = out
        vector[:] = ones
    for spot, value in values.items():
        vector[spot] = value
    return vector


def action_mask(encoding: GameEncoding, legal: Sequence[Action] | Mapping[int, Action],
                out: np.ndarray | None = None) -> np.ndarray:
    """1 at the index of each legal action (``legal`` empty: all zero), as int8; ``legal`` may
    be the actions or the catalogue's ``legal(...)`` of them (index -> action)."""
    if not legal:
        indices: Iterable[int] = ()
    elif type(legal) is dict or isinstance(legal, Mapping):  # the dict first: no ABC check
        indices = legal
    else:
        indices = encoding.actions.legal(legal)
    if out is None:  # a few ones set in bytes, then one array over them: cheaper than numpy's
        ones = bytearray(encoding.actions.size)  # indexing for a dozen indices
        for index in indices:
            ones[index] = 1
        return np.frombuffer(ones, np.int8)
    mask = out
    mask[:] = 0
    chosen = list(indices)
    if chosen:
        mask[chosen] = 1
    return mask
