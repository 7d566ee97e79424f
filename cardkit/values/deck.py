"""Deck specifications, seeded shuffles, stacked decks and dealing.

Every random choice flows from a ``random.Random`` the caller owns; nothing here touches the
global RNG. A deck is an ordered list of cards, *top first*.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardkit.values.cards import JOKERS, STANDARD_CARDS, Card, Rank, parse_cards

__all__ = [
    "FORTY_CARD_SPANISH",
    "STANDARD_52",
    "WITH_JOKERS_54",
    "DeckSpec",
    "deal_round_robin",
    "derive_seed",
    "shuffle_like_random",
]

# n.bit_length() for the lengths of a deck (longer lists ask n itself)
_BIT_LENGTHS = tuple(n.bit_length() for n in range(128))


def shuffle_like_random(cards: list[Any], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does -- the same draws from
    ``rng``, the same order -- in about two thirds of the time for a ``random.Random``:
    Fisher-Yates from the end, each index drawn by rejection from ``getrandbits``, with the
    per-card call of ``Random._randbelow`` written inline (hands are dealt, and a search's
    worlds re-dealt, thousands of times a second). Another generator shuffles by its own
    ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    lengths = _BIT_LENGTHS
    for i in range(len(cards) - 1, 0, -1):
        size = i + 1
        width = lengths[size] if size < 128 else size.bit_length()
        j = getrandbits(width)
        while j >= size:
            j = getrandbits(width)
        cards[i], cards[j] = cards[j], cards[i]


@attrs.frozen
class DeckSpec:
    """Which cards make up a deck (each once).

    ``STANDARD_52`` and ``WITH_JOKERS_54`` cover most games; :meth:`standard` builds others,
    e.g. the 40-card deck without 8s, 9s and 10s.
    """

    name: str
    cards: tuple[Card, ...]

    @classmethod
    def standard(
        cls, jokers: int = 0, without_ranks: Iterable[int] = (), name: str | None = None
    ) -> DeckSpec:
        """A standard deck, minus ``without_ranks``, plus ``jokers`` (0-2) jokers."""
        if not 0 <= jokers <= 2:
            raise ValueError(f"a deck has 0, 1 or 2 jokers, not {jokers}")
        dropped = {int(rank) for rank in without_ranks}
        cards = tuple(card for card in STANDARD_CARDS if card.rank not in dropped)
        cards += JOKERS[:jokers]
        return cls(name or f"{len(cards)}-card deck", cards)

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return len(self.cards)

    def shuffled(self, rng: random.Random) -> list[Card]:
        """The deck in an order drawn from ``rng``, top first."""
        cards = list(self.cards)
        rng.shuffle(cards)
        return cards

    def stacked(
        self, top: Sequence[Card] | str, rng: random.Random | None = None
    ) -> list[Card]:
        """A deck whose top cards are ``top`` in that order; the rest follow in a shuffle drawn
        from ``rng`` (or in deck order when ``rng`` is None).

        Raises ``ValueError`` for a card given twice or one that is not in this deck.
        """
        cards = parse_cards(top) if isinstance(top, str) else list(top)
        seen: set[Card] = set()
        members = set(self.cards)
        for card in cards:
            if card in seen:
                raise ValueError(f"stacked deck: {card} appears twice")
            if card not in members:
                raise ValueError(f"stacked deck: {card} is not in the {self.name}")
            seen.add(card)
        rest = [card for card in self.cards if card not in seen]
        if rng is not None:
            rng.shuffle(rest)
        return cards + rest


STANDARD_52 = DeckSpec.standard(name="standard 52-card deck")
WITH_JOKERS_54 = DeckSpec.standard(jokers=2, name="52-card deck with two jokers")
FORTY_CARD_SPANISH = DeckSpec.standard(
    without_ranks=(Rank.EIGHT, Rank.NINE, Rank.TEN), name="40-card deck (no 8s, 9s, 10s)"
)


def deal_round_robin(
    deck: Sequence[Card], players: Sequence[int], hand_size: int
) -> tuple[dict[int, list[Card]], list[Card]]:
    """Deal ``hand_size`` cards to each seat in ``players`` one at a time, in the order given,
    from the top of ``deck``. Returns the hands by seat and the undealt rest (top first)."""
    needed = hand_size * len(players)
    if needed > len(deck):
        raise ValueError(
            f"cannot deal {hand_size} cards to {len(players)} players from {len(deck)}"
        )
    hands: dict[int, list[Card]] = {seat: [] for seat in players}
    for position in range(needed):
        hands[players[position % len(players)]].append(deck[position])
    return hands, list(deck[needed:])


def derive_seed(seed: int, *path: int | str) -> int:
    """A child seed for ``path`` (e.g. the hand number in a match), stable across runs and
    platforms: the next hand of a match, or the next task of a lab run, is seeded from it."""
    text = ":".join([str(seed), *map(str, path)])
    value = 1469598103934665603
    for byte in text.encode():
        value = ((value ^ byte) * 1099511628211) % (1 << 64)
    return value % (1 << 63)
