"""The standard turn with copies of cards (two or more decks): hands are multisets.

:class:`~cardkit.rummy.RummyState` holds its hands as :class:`~cardkit.cards.CardSet` with one
deck and as :class:`~cardkit.cards.CardMultiset` when the deck holds copies; the helpers here
add and take cards the same way for both, and list the melds a hand with copies holds
(:func:`hand_melds`): every meld of its distinct cards (runs never hold two identical cards)
and every set holding identical copies (``7H 7H 7S``) or identical wild cards where the rules
allow duplicates.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from cardkit.libraries.melds import Meld, MeldRules, all_melds, classify
from cardkit.values.cards import Card, CardMultiset, CardSet

__all__ = ["Hand", "distinct", "hand_melds", "minus", "plus"]

#: A hand: a card set with one deck, a multiset with copies.
Hand = CardSet | CardMultiset


def plus(hand: Hand, cards: Iterable[Card]) -> Hand:
    """``hand`` with ``cards`` added (copies counted in a multiset)."""
    if isinstance(hand, CardMultiset):
        return hand + CardMultiset(list(cards))
    return hand | CardSet(cards)


def minus(hand: Hand, cards: Iterable[Card]) -> Hand:
    """``hand`` less ``cards`` (one copy each time a card is named, in a multiset)."""
    if isinstance(hand, CardMultiset):
        return hand - CardMultiset(list(cards))
    return hand - CardSet(cards)


def distinct(hand: Hand) -> list[Card]:
    """The different cards of ``hand``, each once, in the hand's order."""
    return list(dict.fromkeys(hand))


def hand_melds(hand: Hand | Iterable[Card] | int, rules: MeldRules) -> list[Meld]:
    """Every meld ``hand`` holds: :func:`cardkit.melds.all_melds` for a hand without copies;
    with copies, every meld of its distinct cards and every set that holds a card twice (two
    identical natural cards where ``rules.set_duplicates`` allows them, or two identical wild
    cards), each once."""
    if not isinstance(hand, CardMultiset) or hand.copies <= 1:
        return all_melds(hand.as_cardset() if isinstance(hand, CardMultiset) else hand, rules)
    found = {meld.cards: meld for meld in all_melds(CardSet(distinct(hand)), rules)}
    counts = hand.counts()
    wilds = sorted((card for card in counts if card in rules.wild), key=lambda c: c.index)
    pool = [card for card in wilds for _ in range(counts[card])]
    most = len(pool) if rules.max_wild is None else min(len(pool), rules.max_wild)
    uses = {g: sorted(set(itertools.combinations(pool, g))) for g in range(most + 1)}
    by_rank: dict[int, list[Card]] = {}
    for card, count in counts.items():
        if card not in rules.wild and not card.is_joker:
            by_rank.setdefault(int(card.rank), []).extend([card] * count)  # type: ignore[arg-type]
    sizes = set(rules.set_sizes)
    for cards in by_rank.values():
        kinds = sorted(set(cards), key=lambda c: c.index)
        limits = [cards.count(card) if rules.set_duplicates else 1 for card in kinds]
        for takes in itertools.product(*(range(limit + 1) for limit in limits)):
            natural = [card for card, take in zip(kinds, takes, strict=True)
                       for _ in range(take)]
            if not natural:
                continue
            for g, choices in uses.items():
                if len(natural) + g not in sizes:
                    continue
                for used in choices:
                    group = natural + list(used)
                    if len(set(group)) == len(group):
                        continue  # no copy: among the distinct cards' melds already
                    meld = classify(group, rules)
                    if meld is not None and meld.is_set:
                        found.setdefault(meld.cards, meld)
    return list(found.values())
