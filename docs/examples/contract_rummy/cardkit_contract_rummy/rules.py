"""Contract rummy's fixed rules (RULES.md §1, §2, §4, §6): the decks, the seven contracts, the
melds and what a card left in hand costs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit.cards import parse_cards
from cardkit.deck import DeckSpec
from cardkit.melds import MeldRules
from cardkit.rummy import Contract

#: §4: the contract of each deal, in order.
CONTRACTS = (
    Contract.of(sets=2),
    Contract.of(sets=1, runs=1),
    Contract.of(runs=2),
    Contract.of(sets=3),
    Contract.of(sets=2, runs=1),
    Contract.of(sets=1, runs=2),
    Contract.of(runs=3),
)


def deck(options: Mapping[str, Any]) -> DeckSpec:
    """§1: the decks shuffled together, two jokers each."""
    return DeckSpec.standard(decks=options["decks"], jokers=2 * options["decks"])


def hand_size(options: Mapping[str, Any], deal: int) -> int:
    """§2: 10 cards in deals 1-4 and 12 in deals 5-7 (``10/12``), or 11 in every deal."""
    if options["hand_size"] == "11":
        return 11
    return 10 if deal < 4 else 12


def meld_rules(options: Mapping[str, Any]) -> MeldRules:
    """§4: sets of three or more of a rank (identical cards allowed), runs of four or more
    in a suit (the ace low or high, no wrap), jokers wild; §6: the cards' costs in hand."""
    low = 5 if options["low_cards"] == "five" else None
    values = tuple([options["ace_points"]] + [low or rank for rank in range(2, 10)] + [10] * 4)
    decks = options["decks"]
    return MeldRules(set_sizes=tuple(range(3, 4 * decks + 2 * decks + 1)), set_duplicates=True,
                     min_run=4, ace="high_or_low", wild=parse_cards("X1 X2"),
                     card_values=values, wild_value=options["joker_points"],
                     deck=deck(options))
