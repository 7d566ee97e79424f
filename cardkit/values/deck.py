"""Deck specifications, seeded shuffles, stacked decks and dealing.

Every random choice flows from a ``random.Random`` the caller owns; nothing here touches the
global RNG. A deck is an ordered list of cards, *top first*.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardkit.values.cards import (
    JOKERS,
    STANDARD_CARDS,
    Card,
    CardMultiset,
    CardSet,
    Rank,
    format_cards,
    parse_cards,
)

__all__ = [
    "FORTY_CARD_SPANISH",
    "PINOCHLE_48",
    "STANDARD_52",
    "WITH_JOKERS_54",
    "DeckSpec",
    "deal_round_robin",
    "derive_seed",
    "shuffle_like_random",
]

#: Lists shorter than this (every deck and pool of cards) shuffle by a table of steps kept per
#: length; longer ones work each step out as they go.
_TABLED = 256


@functools.lru_cache(maxsize=_TABLED)
def _fisher_yates_steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """``random.Random.shuffle``'s steps for a list of ``length`` items, from the end: (the
    position, the number of places it draws from, the bits each draw takes), worked out once
    per length (a deal runs some fifty steps)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


def shuffle_like_random(cards: list[Any], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does -- the same draws from
    ``rng``, the same order -- in about half the time for a ``random.Random``: Fisher-Yates
    from the end, each index drawn by rejection from ``getrandbits``, with the per-card call of
    ``Random._randbelow`` written inline and each step's size and width read from a table
    (hands are dealt, and a search's worlds re-dealt, thousands of times a second). Another
    generator shuffles by its own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    length = len(cards)
    steps: Iterable[tuple[int, int, int]] = (
        _fisher_yates_steps(length) if length < _TABLED
        else ((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1)))
    for i, size, width in steps:
        j = getrandbits(width)
        while j >= size:
            j = getrandbits(width)
        cards[i], cards[j] = cards[j], cards[i]


def _to_cards(value: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(parse_cards(value) if isinstance(value, str) else value)


@attrs.frozen
class DeckSpec:
    """Which cards make up a deck, copies included, in deck order.

    ``STANDARD_52`` and ``WITH_JOKERS_54`` cover most games; :meth:`standard` builds others:
    several decks (``decks=2``), any number of jokers, ranks stripped out (the 40-card Spanish
    deck without 8s, 9s and 10s; Pinochle's 48 of two decks from 9 up); :meth:`custom` takes any
    list of cards. A card may appear several times (its copies); cards are written as for one
    deck (``7H``), and identical copies are interchangeable.
    """

    name: str
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards, repr=lambda cards: (
        f"<{len(cards)} cards>"))

    def __attrs_post_init__(self) -> None:
        if not self.cards:
            raise ValueError(f"the deck {self.name!r} holds no cards")

    @classmethod
    def standard(
        cls, jokers: int = 0, without_ranks: Iterable[int] = (), name: str | None = None,
        decks: int = 1,
    ) -> DeckSpec:
        """``decks`` standard decks (each minus ``without_ranks``) shuffled together, plus
        ``jokers`` jokers. There are two joker names, ``X1`` and ``X2``; the jokers alternate
        between them (one joker: ``X1``; two: ``X1 X2``; four: two copies of each)."""
        if type(decks) is not int or decks < 1:
            raise ValueError(f"a deck is made of 1 or more standard decks, not {decks!r}")
        if type(jokers) is not int or jokers < 0:
            raise ValueError(f"a deck holds 0 or more jokers, not {jokers!r}")
        dropped = {int(rank) for rank in without_ranks}
        if any(not 1 <= rank <= 13 for rank in dropped):
            raise ValueError(f"ranks are 1 (ace) to 13 (king), not {sorted(dropped)}")
        one = tuple(card for card in STANDARD_CARDS if card.rank not in dropped)
        cards = one * decks + tuple(JOKERS[i % 2] for i in range(jokers))
        if not name:
            name = f"{len(cards)}-card deck"
            if decks > 1:
                name += f" ({decks} decks)"
        return cls(name, cards)

    @classmethod
    def custom(cls, cards: Iterable[Card] | str, name: str | None = None,
               copies: int = 1) -> DeckSpec:
        """A deck of ``copies`` copies of ``cards`` (card text or cards; a card given twice is
        two copies), in that order."""
        if type(copies) is not int or copies < 1:
            raise ValueError(f"a deck holds 1 or more copies of its cards, not {copies!r}")
        one = _to_cards(cards)
        return cls(name or f"{len(one) * copies}-card deck", one * copies)

    @property
    def size(self) -> int:
        """Number of cards in the deck, copies included."""
        return len(self.cards)

    @property
    def copies(self) -> int:
        """The most copies of one card in the deck (1 for a deck without copies)."""
        return self.multiset.copies

    @property
    def multiset(self) -> CardMultiset:
        """The deck's cards as a multiset."""
        return CardMultiset(self.cards)

    @property
    def distinct(self) -> CardSet:
        """The different cards of the deck, each once."""
        return CardSet(self.cards)

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds."""
        return self.cards.count(card)

    def __str__(self) -> str:
        return f"{self.name}: {format_cards(self.cards)}"

    def shuffled(self, rng: random.Random) -> list[Card]:
        """The deck in an order drawn from ``rng``, top first: ``rng.shuffle``'s order, by
        :func:`shuffle_like_random` (every hand is dealt so)."""
        cards = list(self.cards)
        shuffle_like_random(cards, rng)
        return cards

    def stacked(
        self, top: Sequence[Card] | str, rng: random.Random | None = None
    ) -> list[Card]:
        """A deck whose top cards are ``top`` in that order; the rest follow in a shuffle drawn
        from ``rng`` (or in deck order when ``rng`` is None).

        Raises ``ValueError`` for a card given more often than the deck holds it (twice, in a
        deck without copies) or one that is not in this deck.
        """
        cards = parse_cards(top) if isinstance(top, str) else list(top)
        left: dict[Card, int] = {}
        for card in self.cards:
            left[card] = left.get(card, 0) + 1
        for card in cards:
            number = left.get(card)
            if number is None:
                raise ValueError(f"stacked deck: {card} is not in the {self.name}")
            if number == 0:
                held = self.count(card)
                raise ValueError(
                    f"stacked deck: {card} appears twice" if held == 1 else
                    f"stacked deck: {card} appears more than {held} times; the {self.name} "
                    f"holds {held}")
            left[card] = number - 1
        rest = _rest_in_order(self.cards, cards)
        if rng is not None:
            rng.shuffle(rest)
        return cards + rest


def _rest_in_order(deck: Sequence[Card], top: Sequence[Card]) -> list[Card]:
    """The cards of ``deck`` left once ``top`` is taken out, in deck order (each card of
    ``top`` takes out that card's first copy)."""
    taken: dict[Card, int] = {}
    for card in top:
        taken[card] = taken.get(card, 0) + 1
    rest = []
    for card in deck:
        number = taken.get(card, 0)
        if number:
            taken[card] = number - 1
        else:
            rest.append(card)
    return rest


STANDARD_52 = DeckSpec.standard(name="standard 52-card deck")
WITH_JOKERS_54 = DeckSpec.standard(jokers=2, name="52-card deck with two jokers")
FORTY_CARD_SPANISH = DeckSpec.standard(
    without_ranks=(Rank.EIGHT, Rank.NINE, Rank.TEN), name="40-card deck (no 8s, 9s, 10s)"
)
PINOCHLE_48 = DeckSpec.standard(
    without_ranks=range(2, 9), decks=2, name="Pinochle's 48-card deck (two of each 9 to ace)"
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
