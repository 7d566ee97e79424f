"""§1 the deck: one 52-card deck, plus two wild jokers with ``jokers = 2``.

A Tonk hand is short (a random hand lasts about five moves), so the shuffle is a large share of
its cost. :class:`TonkDeck` shuffles with the very draws of :meth:`random.Random.shuffle` --
the same seed deals the same cards, so records that hold only a seed replay unchanged -- with the
per-card call of ``Random._randbelow`` written inline (about a third faster:
:func:`cardkit.deck.shuffle_like_random`, which the search's re-deals use too).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs

from cardkit.deck import STANDARD_52, WITH_JOKERS_54, DeckSpec, shuffle_like_random

__all__ = ["TONK_52", "TONK_54", "TonkDeck", "deck_for", "shuffle_like_random"]


@attrs.frozen
class TonkDeck(DeckSpec):
    """A :class:`~cardkit.deck.DeckSpec` whose shuffle is :func:`shuffle_like_random`."""

    def shuffled(self, rng: random.Random) -> list[Any]:
        """The deck in an order drawn from ``rng``, top first (as ``DeckSpec.shuffled``)."""
        cards = list(self.cards)
        shuffle_like_random(cards, rng)
        return cards


TONK_52 = TonkDeck(STANDARD_52.name, STANDARD_52.cards)
TONK_54 = TonkDeck(WITH_JOKERS_54.name, WITH_JOKERS_54.cards)


def deck_for(options: Mapping[str, Any]) -> DeckSpec:
    """§1: one 52-card deck, plus two wild jokers with ``jokers = 2``."""
    return TONK_54 if options["jokers"] else TONK_52
