"""Encodings as numpy arrays, for the adapters that hand them to learners."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardkit.services.encoding import GameEncoding
from cardkit.values.actions import Action
from cardkit.values.views import View

__all__ = ["action_mask", "observation_array"]


def observation_array(encoding: GameEncoding, view: View) -> np.ndarray:
    """The observation of ``view`` as a float32 vector."""
    vector = np.zeros(encoding.observation.size, dtype=np.float32)
    entries = encoding.observation.entries(view)
    if entries:
        vector[list(entries)] = list(entries.values())
    return vector


def action_mask(encoding: GameEncoding, legal: Sequence[Action]) -> np.ndarray:
    """1 at the index of each legal action (``legal`` empty: all zero), as int8."""
    mask = np.zeros(encoding.actions.size, dtype=np.int8)
    if legal:
        mask[list(encoding.actions.legal(legal))] = 1
    return mask
