"""The arrangements a player may declare, and which of them an opponent's lay-offs tell apart.

A knocker (gin rummy, and any game with a showdown after a knock) may show any arrangement of
the hand into disjoint melds whose deadwood is within a limit, e.g. to keep an opponent's cards
off the table: showing ``5H 6H 7H`` with ``8H`` as deadwood keeps ``9H 10H`` from being laid
off. This module enumerates those candidates and thins them to the ones that can score
differently:

- :func:`valid_arrangements` — every arrangement with deadwood at most a limit;
- :func:`min_deadwood_arrangements` — the arrangements of least deadwood;
- :func:`layoff_signature` — what a hand could lay off on one meld, as plain data;
- :func:`distinct_for_layoffs` — one arrangement per class an opponent's lay-offs cannot tell
  apart (same deadwood, same multiset of lay-off signatures).

Arrangements are listed in a fixed order (a depth-first search over :func:`all_melds`), so a
choice "the first of the best" is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardkit.libraries.melds.arrange import Arrangement, all_melds
from cardkit.libraries.melds.layoff import lay_off, layoff_positions
from cardkit.libraries.melds.meld import Meld
from cardkit.libraries.melds.rules import MeldRules
from cardkit.libraries.melds.tables import meld_tables
from cardkit.values.cards import Card, CardSet, card_mask

__all__ = [
    "MAX_CANDIDATES",
    "distinct_for_layoffs",
    "layoff_signature",
    "min_deadwood_arrangements",
    "valid_arrangements",
]

#: The most least-deadwood arrangements :func:`min_deadwood_arrangements` lists by default.
MAX_CANDIDATES = 64


def _arrangement(cards: Sequence[Card], chosen: tuple[Meld, ...], dead: int) -> Arrangement:
    melded = card_mask(card for meld in chosen for card in meld.cards)
    return Arrangement(chosen, tuple(card for card in cards if not card.mask & melded), dead)


def min_deadwood_arrangements(hand: CardSet | Iterable[Card], rules: MeldRules,
                              limit: int = MAX_CANDIDATES) -> list[Arrangement]:
    """Every arrangement of ``hand`` into disjoint melds with the least deadwood value (up to
    ``limit`` of them, in the order of a depth-first search over :func:`all_melds`). Only
    maximal choices (no further meld fits in the deadwood) are listed.

    >>> from cardkit.cards import CardSet
    >>> from cardkit.melds import MeldRules
    >>> hand = CardSet("4H 5H 6H 5C 5S 2D")
    >>> [[str(m) for m in a.melds] for a in min_deadwood_arrangements(hand, MeldRules())]
    [['5C 5H 5S'], ['4H 5H 6H']]
    """
    melds = all_melds(hand, rules)
    cards = list(hand)
    total = sum(rules.value(card) for card in cards)
    meld_values = [sum(rules.value(card) for card in meld.cards) for meld in melds]
    found: list[tuple[int, tuple[Meld, ...]]] = []
    best = [total]

    def visit(start: int, used: int, chosen: list[Meld], melded: int) -> None:
        dead = total - melded
        for i in range(start, len(melds)):
            if melds[i].mask & used:
                continue
            chosen.append(melds[i])
            visit(i + 1, used | melds[i].mask, chosen, melded + meld_values[i])
            chosen.pop()
        # Only maximal choices (no further meld fits) are candidates.
        if any(not (meld.mask & used) for meld in melds):
            return
        if dead < best[0]:
            best[0] = dead
            found.clear()
        if dead == best[0] and len(found) < limit:
            found.append((dead, tuple(chosen)))

    visit(0, 0, [], 0)
    return [_arrangement(cards, chosen, dead) for dead, chosen in found]


def valid_arrangements(hand: CardSet | Iterable[Card], rules: MeldRules, limit: int
                       ) -> list[Arrangement]:
    """Every arrangement of ``hand`` into disjoint melds of :func:`all_melds` (sub-runs and
    3-card subsets of 4-card sets included) whose deadwood value is at most ``limit``.

    Order (deterministic): a depth-first search choosing melds in :func:`all_melds` order, each
    arrangement listed after the arrangements that add melds to it (so the least-deadwood
    arrangements come in the order :func:`min_deadwood_arrangements` lists them). A branch is
    cut as soon as the melds still available to it cannot bring the deadwood down to ``limit``.

    >>> from cardkit.cards import CardSet
    >>> from cardkit.melds import MeldRules
    >>> hand = CardSet("5H 6H 7H 8H 2C")
    >>> [a.deadwood_value for a in valid_arrangements(hand, MeldRules(), 10)]
    [10, 2, 7]
    """
    melds = all_melds(hand, rules)
    cards = list(hand)
    value = {card: rules.value(card) for card in cards}
    total = sum(value.values())
    masks = [meld.mask for meld in melds]
    meld_values = [sum(value[card] for card in meld.cards) for meld in melds]
    found: list[tuple[int, tuple[Meld, ...]]] = []
    worth = _mask_worth(value, rules)

    def visit(start: int, used: int, melded: int, chosen: list[Meld]) -> None:
        # The most this branch can still meld: every card of a later meld that fits.
        reachable = 0
        for i in range(start, len(melds)):
            if not masks[i] & used:
                reachable |= masks[i]
        if total - melded - worth(reachable) > limit:
            return
        for i in range(start, len(melds)):
            if not masks[i] & used:
                chosen.append(melds[i])
                visit(i + 1, used | masks[i], melded + meld_values[i], chosen)
                chosen.pop()
        if total - melded <= limit:
            found.append((total - melded, tuple(chosen)))

    visit(0, 0, 0, [])
    return [_arrangement(cards, chosen, dead) for dead, chosen in found]


def _mask_worth(value: dict[Card, int], rules: MeldRules) -> Callable[[int], int]:
    """The value of the cards of a mask, for masks of cards in ``value`` (a hand's cards and
    their values): four look-ups in the rules' table of each rank pattern's value when the hand
    holds natural cards only, else a walk over the cards."""
    if all(card.index < 52 and card not in rules.wild for card in value):
        worth = meld_tables(rules).mask_value

        def natural(mask: int) -> int:
            return (worth[mask & 0x1FFF] + worth[mask >> 13 & 0x1FFF]
                    + worth[mask >> 26 & 0x1FFF] + worth[mask >> 39 & 0x1FFF])

        return natural
    cards = list(value)

    def walk(mask: int) -> int:
        return sum(value[card] for card in cards if card.mask & mask)

    return walk


def layoff_signature(meld: Meld, hand: CardSet | Iterable[Card], rules: MeldRules
                     ) -> tuple[Any, ...]:
    """What a player holding ``hand`` could lay off on ``meld``, as plain data: ``(low chain,
    high chain)`` for a run — the hand's cards that extend it below / above, in the order they
    would be laid (``8H`` then ``9H`` on ``5H 6H 7H``) — and for a set that takes one more card
    ``((), (card,))`` (a one-card chain: laid or not, like a run's end); ``((), ())`` when
    nothing fits.

    A defender's best showdown depends on the table only through these signatures (each
    lay-off choice is a prefix of each chain, cards used once): two tables with the same
    multiset of signatures give the same least deadwood. Without wild cards only; a meld with
    wild cards in the rules gets a signature of its own (no merging).

    >>> from cardkit.cards import CardSet, parse_cards
    >>> from cardkit.melds import MeldRules, classify
    >>> run = classify(parse_cards("5H 6H 7H"), MeldRules())
    >>> signature = layoff_signature(run, CardSet("8H 9H 4C"), MeldRules())
    >>> [[card.text for card in chain] for chain in signature]
    [[], ['8H', '9H']]
    """
    if rules.wild:
        return ("meld", meld)
    # Without wild cards only a set's rank or a run's suit can join it.
    if meld.kind == "run":
        near = [card for card in hand if card.suit == meld.suit]
    else:
        near = [card for card in hand if card.rank == meld.rank]
    candidates = [card for card in near if layoff_positions(card, meld, rules)]
    if not candidates:
        return ((), ())
    if meld.kind != "run":
        if len(candidates) == 1 and len(meld) + 1 >= rules.max_set:
            return ((), tuple(candidates))
        return ("set", len(meld), tuple(candidates))
    chains = []
    for end in ("low", "high"):
        grown, chain = meld, []
        while True:
            fits = [card for card in near
                    if card not in chain and end in layoff_positions(card, grown, rules)]
            if not fits:
                break
            chain.append(fits[0])
            grown = lay_off(grown, fits[0], rules, end=end)
        chains.append(tuple(chain))
    return tuple(chains)


def distinct_for_layoffs(arrangements: Iterable[Arrangement], hand: CardSet | Iterable[Card],
                         rules: MeldRules) -> list[Arrangement]:
    """One arrangement per class that a player holding ``hand`` cannot tell apart by laying
    off: equal deadwood and equal multisets of :func:`layoff_signature` (melds nothing can join
    dropped). Every member of a class gives that player the same least deadwood, so a showdown
    that picks the best arrangement picks the same score from the classes as from them all.
    Each class is represented by its first member, in the order given.

    >>> from cardkit.cards import CardSet
    >>> from cardkit.melds import MeldRules
    >>> mine = CardSet("5H 6H 7H 8H 2C")
    >>> found = valid_arrangements(mine, MeldRules(), 10)
    >>> len(found), len(distinct_for_layoffs(found, CardSet("KS QS"), MeldRules()))
    (3, 3)
    """
    hand = CardSet(hand)
    signatures: dict[Meld, tuple[Any, ...]] = {}
    classes: dict[tuple[Any, ...], Arrangement] = {}
    for arrangement in arrangements:
        parts = []
        for meld in arrangement.melds:
            signature = signatures.get(meld)
            if signature is None:
                signature = signatures[meld] = layoff_signature(meld, hand, rules)
            if signature != ((), ()):
                parts.append(signature)
        key = (arrangement.deadwood_value, tuple(sorted(parts, key=repr)))
        classes.setdefault(key, arrangement)
    return list(classes.values())
