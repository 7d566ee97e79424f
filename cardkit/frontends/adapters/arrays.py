"""Encodings as numpy arrays, for the adapters that hand them to learners."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from cardkit.services.encoding import GameEncoding
from cardkit.values.actions import Action
from cardkit.values.views import View

__all__ = ["action_mask", "observation_array"]


def observation_array(encoding: GameEncoding, view: View,
                      out: np.ndarray | None = None) -> np.ndarray:
    """The observation of ``view`` as a float32 vector (written into ``out``, a row of a
    batch, when given)."""
    size = encoding.observation.size
    bits, values = encoding.observation.sparse(view)
    unpacked = np.unpackbits(np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), np.uint8),
                             count=size, bitorder="little")
    if out is None:
        vector = unpacked.astype(np.float32)
    else:
        vector = out
        vector[:] = unpacked
    for spot, value in values.items():
        vector[spot] = value
    return vector


def action_mask(encoding: GameEncoding, legal: Sequence[Action] | Mapping[int, Action],
                out: np.ndarray | None = None) -> np.ndarray:
    """1 at the index of each legal action (``legal`` empty: all zero), as int8; ``legal`` may
    be the actions or the catalogue's ``legal(...)`` of them (index -> action)."""
    if out is None:
        mask = np.zeros(encoding.actions.size, dtype=np.int8)
    else:
        mask = out
        mask[:] = 0
    if legal:
        indices = legal if isinstance(legal, Mapping) else encoding.actions.legal(legal)
        mask[list(indices)] = 1
    return mask
