"""A hand of a climbing game split into the fewest plays: what ``cardkit hand`` suggests.

A shedding player wants to empty their hand in as few plays as they can (every play is a
chance for the others to get rid of theirs). :func:`fewest_plays` finds, exactly, a split of
the hand into combinations -- each card in one -- with the fewest plays; among those, the one
with the fewest single cards, then the one whose lowest play is strongest (low cards left as
singles are the ones that get stuck).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from cardkit.libraries.climbing.combination import Combination, ComboType
from cardkit.libraries.climbing.enumeration import all_combinations
from cardkit.libraries.climbing.rules import ClimbingRules
from cardkit.values.cards import Card, CardSet

__all__ = ["fewest_plays"]


def fewest_plays(hand: CardSet | Iterable[Card], rules: ClimbingRules) -> list[Combination]:
    """The hand split into the fewest combinations (see the module docstring), weakest
    first. Every card of the hand is in exactly one of them.

    >>> from cardkit.values.cards import Suit, parse_cards
    >>> ranks = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
    >>> rules = ClimbingRules(ranks, tuple(Suit), set(ranks) - {2}, set(ranks) - {2})
    >>> [" ".join(c.text for c in play.cards)
    ...  for play in fewest_plays(parse_cards("3S 4D 5H 7C 7D KH"), rules)]
    ['3S 4D 5H', '7C 7D', 'KH']
    """
    cards = hand if isinstance(hand, CardSet) else CardSet(hand)
    combos = all_combinations(cards, rules)
    # the combinations by the lowest card they hold: each split is found once, built from the
    # lowest card still left
    by_low: dict[int, list[tuple[int, Combination]]] = {}
    for combo in combos:
        mask = combo.mask
        by_low.setdefault(mask & -mask, []).append((mask, combo))

    @functools.cache
    def best(left: int) -> tuple[tuple[int, int, int], tuple[Combination, ...]]:
        if not left:
            return (0, 0, 0), ()
        low = left & -left
        found: tuple[tuple[int, int, int], tuple[Combination, ...]] | None = None
        for mask, combo in by_low.get(low, ()):
            if mask & left != mask:
                continue
            (plays, singles, weak), rest = best(left & ~mask)
            single = combo.type is ComboType.SINGLE
            score = (plays + 1, singles + single, weak - combo.key_strength * single)
            if found is None or score < found[0]:
                found = (score, (combo, *rest))
        assert found is not None  # a card alone is always a single
        return found

    plays = list(best(cards.mask)[1])
    best.cache_clear()
    return sorted(plays, key=lambda play: (play.key_strength, len(play.cards)))
