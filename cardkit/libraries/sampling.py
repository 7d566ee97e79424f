"""Dealing hidden cards again: the generic core of every game's ``State.determinize``.

A search agent must plan on worlds its seat cannot tell apart from the real one. Such a world is
made by taking every card the seat cannot see out of the places that hold it -- other hands,
the stock, cards out of play -- and dealing them back at random into the same places, each
place keeping how many hidden cards it had and every card the seat does see.
:func:`redeal_hidden` does that for places given either as bitmasks (hands: unordered) or as
lists of cards (a stock: ordered, each hidden card replaced where it lay);
:func:`redeal_hidden_copies` does the same with copies (two or more decks), for places given as
:class:`~cardkit.cards.CardMultiset` or lists; :func:`relabel_deck` rewrites a deck's order to
match either re-deal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from cardkit.values.cards import Card, CardMultiset, CardSet, cards_of_mask
from cardkit.values.deck import shuffle_like_random

if TYPE_CHECKING:
    from cardkit.engine.state import State

__all__ = ["PileEvidence", "Redeal", "chain_refiner", "exchange_chain", "linear_log_weight",
           "redeal_hidden", "redeal_hidden_copies", "relabel_deck"]

Place = TypeVar("Place", int, list[Card])


@attrs.frozen
class Redeal:
    """The outcome of :func:`redeal_hidden`: the places with their hidden cards dealt again (in
    the order given, same types), and ``relabel``, which new card took each hidden card's place
    (for a game that rewrites its deck order so a record replays the new deal). With copies
    (:func:`redeal_hidden_copies`) a card's copies may be replaced by different cards:
    ``swaps`` lists every hidden copy with the card dealt in its place, place by place, and
    ``relabel`` holds the first of each."""

    places: list[Any]
    relabel: dict[Card, Card]
    swaps: tuple[tuple[Card, Card], ...] = ()


_MASK_OF = attrgetter("mask")


def redeal_hidden(places: Sequence[int | list[Card]], hidden: int,
                  rng: random.Random) -> Redeal:
    """Deal the hidden cards of ``places`` again at random.

    ``places`` holds each place's cards, as a bitmask or as a list; ``hidden`` is the mask of the
    cards the seat cannot see. Every hidden card in the places is collected in card order (so the
    result depends only on ``hidden`` and ``rng``, never on where a card really was), shuffled
    with ``rng``, and dealt back: a mask keeps its visible cards and gets as many new cards as it
    had hidden ones; a list keeps its visible cards in place and each hidden position gets the
    next new card. Hidden cards outside every place are not touched.

    >>> import random
    >>> from cardkit.cards import Card, parse_cards
    >>> a, b, c, d = parse_cards("AS KH 2C 7D")
    >>> hand = a.mask | b.mask
    >>> stock = [c, d]
    >>> hidden = b.mask | c.mask | d.mask          # the seat sees only the ace
    >>> redeal = redeal_hidden([hand, stock], hidden, random.Random(1))
    >>> new_hand, new_stock = redeal.places
    >>> bool(new_hand & a.mask), new_hand.bit_count(), len(new_stock)
    (True, 2, 2)
    >>> sorted(redeal.relabel) == sorted([b, c, d])
    True
    """
    held = 0
    for place in places:
        if isinstance(place, int):
            held |= place & hidden
        else:
            for card in place:
                held |= card.mask & hidden
    pool = cards_of_mask(held)
    shuffle_like_random(pool, rng)
    position = 0
    relabel: dict[Card, Card] = {}
    dealt: list[int | list[Card]] = []
    for place in places:
        if isinstance(place, int):
            mine = place & hidden
            fresh = pool[position:position + mine.bit_count()]
            position += len(fresh)
            relabel.update(zip(cards_of_mask(mine), fresh, strict=True))
            # the new cards' masks are distinct bits: their sum is their union (one C call)
            dealt.append(place & ~hidden | sum(map(_MASK_OF, fresh)))
        else:
            cards = list(place)
            for index, card in enumerate(cards):
                if card.mask & hidden:
                    new = pool[position]
                    position += 1
                    relabel[card] = new
                    cards[index] = new
            dealt.append(cards)
    return Redeal(dealt, relabel)


def redeal_hidden_copies(places: Sequence[CardMultiset | CardSet | list[Card]],
                         hidden: CardMultiset | CardSet | Sequence[CardMultiset | CardSet],
                         rng: random.Random) -> Redeal:
    """:func:`redeal_hidden` for games played with copies of cards (two or more decks).

    ``places`` holds each place's cards, as a :class:`~cardkit.cards.CardMultiset` (a hand:
    unordered; a ``CardSet`` is taken as one) or as a list (a stock: ordered); ``hidden`` is the
    multiset of the copies the seat cannot see, or a sequence giving each place's hidden copies
    (exact where the seat knows where some copies are and not the others). Given as one
    multiset, the copies a place holds count as hidden as far as ``hidden`` goes, place by place
    in the order given. The hidden copies are collected in card order (the result depends only
    on ``hidden`` and ``rng``), shuffled with ``rng`` and dealt back: a multiset keeps its
    visible copies and gets as many new cards as it had hidden ones, a list keeps its visible
    cards in place and each hidden position gets the next new card. Hands come back as
    multisets.

    >>> import random
    >>> from cardkit.cards import CardMultiset, parse_cards
    >>> hand = CardMultiset("7H 7H KS")
    >>> stock = parse_cards("2C 7H")
    >>> hidden = CardMultiset("7H 7H 2C 7H")    # every copy of a 7H, the 2C; the KS is known
    >>> redeal = redeal_hidden_copies([hand, stock], hidden, random.Random(4))
    >>> new_hand, new_stock = redeal.places
    >>> new_hand.count(parse_cards("KS")[0]), len(new_hand), len(new_stock)
    (1, 3, 2)
    >>> sorted(list(new_hand) + new_stock) == sorted(parse_cards("7H 7H KS 2C 7H"))
    True
    """
    parts: list[CardMultiset] = []
    held = CardMultiset()
    if isinstance(hidden, CardMultiset | CardSet):
        budget = CardMultiset(hidden)
        for place in places:
            part = CardMultiset(place) & budget
            budget = budget - part
            held = held + part
            parts.append(part)
    else:
        if len(hidden) != len(places):
            raise ValueError(f"{len(places)} places but {len(hidden)} hidden parts")
        for place, given in zip(places, hidden, strict=True):
            part = CardMultiset(place) & given
            held = held + part
            parts.append(part)
    pool = held.to_list()
    shuffle_like_random(pool, rng)
    position = 0
    swaps: list[tuple[Card, Card]] = []
    dealt: list[Any] = []
    for place, part in zip(places, parts, strict=True):
        if isinstance(place, list):
            left = part.counts()
            cards = list(place)
            for index, card in enumerate(cards):
                if left.get(card):
                    left[card] -= 1
                    new = pool[position]
                    position += 1
                    swaps.append((card, new))
                    cards[index] = new
            dealt.append(cards)
        else:
            fresh = pool[position:position + len(part)]
            position += len(fresh)
            swaps.extend(zip(part, fresh, strict=True))
            kept = CardMultiset(place) - part
            dealt.append(kept + CardMultiset(fresh))
    relabel: dict[Card, Card] = {}
    for old, new in swaps:
        relabel.setdefault(old, new)
    return Redeal(dealt, relabel, tuple(swaps))


def relabel_deck(deck: Sequence[Card], redeal: Redeal) -> tuple[Card, ...]:
    """``deck`` with each hidden card replaced by the card a re-deal put in its place, for a
    game that rewrites its deck order so that a record replays the re-dealt hand. With copies
    (``redeal.swaps``) a card's copies are replaced in deck order by the cards that replaced
    them place by place: identical copies are interchangeable, so which copy went where is not
    kept."""
    if not redeal.swaps:
        relabel = redeal.relabel
        return tuple(relabel.get(card, card) for card in deck)
    queues: dict[Card, list[Card]] = {}
    for old, new in reversed(redeal.swaps):
        queues.setdefault(old, []).append(new)
    out = []
    for card in deck:
        queue = queues.get(card)
        out.append(queue.pop() if queue else card)
    return tuple(out)


def exchange_chain(hand: int, movable: int, pool: list[Card],
                   log_weight: Callable[[int], float], steps: int,
                   rng: random.Random) -> int:
    """Move a re-dealt hand's hidden cards toward what its player was seen to do.

    A Metropolis chain over which hidden cards ``hand`` (a mask) holds: each step proposes to
    exchange one of its ``movable`` cards (the hidden ones: cards the seat knows are in the
    hand stay) with a card of ``pool`` (another place's hidden cards: the stock, another hand),
    and accepts with probability ``min(1, exp(log_weight(new) - log_weight(old)))``. The
    proposal is symmetric, so the chain's stationary distribution is the uniform re-deal
    weighted by ``exp(log_weight)``: a belief over the hidden cards, given as a log-weight of
    the hand. ``pool`` is changed in place (an exchanged card takes the other's position) and
    the new hand is returned.

    >>> import random
    >>> from cardkit.cards import parse_cards
    >>> ace, king, two = parse_cards("AS KH 2C")
    >>> pool = [king, two]
    >>> likes_kings = lambda mask: 5.0 if mask & king.mask else 0.0
    >>> hand = exchange_chain(ace.mask, ace.mask, pool, likes_kings, 50, random.Random(3))
    >>> hand == king.mask, sorted(pool) == sorted([ace, two])
    (True, True)
    """
    cards = cards_of_mask(hand & movable)
    if not cards or not pool or steps <= 0:
        return hand
    current = log_weight(hand)
    for _ in range(steps):
        i = rng.randrange(len(cards))
        j = rng.randrange(len(pool))
        out, into = cards[i], pool[j]
        proposal = hand & ~out.mask | into.mask
        value = log_weight(proposal)
        if value >= current or rng.random() < math.exp(value - current):
            hand, current = proposal, value
            cards[i], pool[j] = into, out
    return hand


@attrs.frozen
class PileEvidence:
    """What one seat saw another do with a discard pile this hand, for a rummy game's belief:
    the cards it let pass (``passed``: it drew from the stock instead), the cards it threw
    (``thrown``, oldest first) and how many turns it has had (``turns``)."""

    passed: tuple[Card, ...]
    thrown: tuple[Card, ...]
    turns: int


def linear_log_weight(weights: Sequence[float],
                      features: Callable[[int], Sequence[float]]) -> Callable[[int], float]:
    """A hand's log-plausibility as the weighted sum of its features (``features(hand)`` for a
    card mask): the shape of every belief fitted by ``bench/belief.py``.

    >>> weigh = linear_log_weight((-1.0, 0.5), lambda hand: (hand.bit_count(), 2.0))
    >>> weigh(0b111)
    -2.0
    """
    def log_weight(hand: int) -> float:
        return sum(w * v for w, v in zip(weights, features(hand), strict=True))

    return log_weight


def chain_refiner(seat: int, log_weights: Mapping[int, Callable[[int], float]], steps: int,
                  hand_of: Callable[[State, int], int],
                  set_hand: Callable[[State, int, int], None],
                  pool_of: Callable[[State], list[Card]]
                  ) -> Callable[[State, random.Random], None]:
    """A game's ``refine(world, rng)`` (see the :class:`cardkit.game.Belief` capability) for
    hands that exchange hidden cards with one pool (the stock): each hand with a log-weight
    runs :func:`exchange_chain` for ``steps`` steps, moving only cards hidden from ``seat``.
    ``hand_of``/``set_hand`` read and write a seat's hand as a mask, ``pool_of`` gives the
    pool's list (changed in place)."""
    def refine(world: State, rng: random.Random) -> None:
        hidden = world.hidden_cards(seat).mask
        pool = pool_of(world)
        for other, log_weight in log_weights.items():
            set_hand(world, other, exchange_chain(hand_of(world, other), hidden, pool,
                                                  log_weight, steps, rng))

    return refine
