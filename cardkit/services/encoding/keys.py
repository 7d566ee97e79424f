"""Builders of catalogue keys, for a game's encoding module: one-card moves, melds, lay-offs,
and climbing moves keyed by what decides a trick."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from itertools import combinations, permutations
from typing import Any

import attrs

from cardkit.libraries.climbing import ComboType, classify
from cardkit.libraries.melds import all_melds
from cardkit.values.actions import Action
from cardkit.values.cards import Card

__all__ = ["CombinationAbstraction", "MeldAbstraction", "card_action_keys", "hit_keys",
           "meld_keys"]


def card_action_keys(kind: str, cards: Iterable[Card], option: str | None = None) -> list[str]:
    """The texts of ``kind [option] <card>`` for every card (``discard KH`` …)."""
    return [str(Action(kind, option, (card,))) for card in cards]


def meld_keys(kind: str, deck: Iterable[Card], rules: Any) -> list[str]:
    """The texts of ``kind <meld>`` for every meld the deck could make under meld ``rules``
    (a :class:`~cardkit.melds.MeldRules`): every natural meld, and with wild cards every way
    to put them in place of some of its cards (each declaring the card it replaces), keeping
    ``rules.min_natural`` natural cards (``spread 5H X1=6H 7H`` …)."""
    cards = list(deck)
    wilds = [card for card in cards if rules.is_wild(card)]
    naturals = [card for card in cards if not rules.is_wild(card)]
    keys = []
    for meld in all_melds(naturals, rules):
        shown = meld.cards
        keys.append(str(Action(kind, cards=shown)))
        for count in range(1, len(wilds) + 1):
            if len(shown) - count < rules.min_natural:
                break
            for used in combinations(wilds, count):
                for places in permutations(range(len(shown)), count):
                    replaced = dict(zip(places, used, strict=True))
                    physical = tuple(replaced.get(i, card) for i, card in enumerate(shown))
                    declared = tuple((replaced[i], shown[i]) for i in places)
                    keys.append(str(Action(kind, cards=physical, declared=declared)))
    return keys


def hit_keys(kind: str, cards: Iterable[Card], targets: int,
             wild_identities: Mapping[Card, Iterable[Card]] | None = None) -> list[str]:
    """The texts of ``kind <card> <target>`` for every card and target ``1..targets``; a wild
    card appears once per identity it may declare (``hit X1=5H 2``)."""
    wild_identities = wild_identities or {}
    keys: list[str] = []
    for card in cards:
        identities = list(wild_identities.get(card, ()))
        for target in range(1, targets + 1):
            if identities:
                keys.extend(str(Action(kind, cards=(card,), target=target,
                                       declared=((card, shown),))) for shown in identities)
            else:
                keys.append(str(Action(kind, cards=(card,), target=target)))
    return keys


@attrs.frozen
class CombinationAbstraction:
    """Climbing moves keyed by what decides a trick -- combination type, length and top card
    -- leaving the other cards' suits to the engine (in the manner of RLCard's Dou Dizhu, where
    suits do not matter at all). ``keys`` lists every key the deck can make under ``rules``;
    ``key_of`` names a move's key (moves of other kinds keep their text); ``prefer`` plays, of
    the legal moves sharing a key, the one whose other cards are the weakest, keeping the
    stronger suits in hand."""

    kind: str
    rules: Any

    @property
    def keys(self) -> list[str]:
        """Every key: for each type and length, each top card some combination can have."""
        rules = self.rules
        positions = len(rules.rank_order)
        found: list[str] = []
        for type_ in ComboType:
            lengths = {ComboType.SINGLE: [1], ComboType.PAIR: [2], ComboType.TRIPLE: [3],
                       ComboType.QUAD: [4]}.get(type_, range(3, positions + 1))
            for length in lengths:
                for top in range(positions * 4):
                    cards = self._weakest(type_, length, top)
                    combo = classify(cards, rules) if cards else None
                    if combo is not None and combo.type is type_ and combo.length == length \
                            and combo.key_strength == top:
                        found.append(self.key(combo))
        return found

    def _weakest(self, type_: Any, length: int, top: int) -> list[Card] | None:
        """The combination of this shape topped by strength ``top`` with the weakest other
        cards, or None when there is none."""
        card = self.rules.card_of_strength
        position, suit = divmod(top, 4)
        if type_ in (ComboType.PAIR, ComboType.TRIPLE, ComboType.QUAD):
            if suit < length - 1:
                return None
            return [card(top)] + [card(position * 4 + s) for s in range(length - 1)]
        if type_ is ComboType.SINGLE:
            return [card(top)]
        low = position - length + 1
        if low < 0:
            return None
        if type_ is ComboType.SEQUENCE:
            return [card(top)] + [card(p * 4) for p in range(low, position)]
        if suit < 1:
            return None
        return [card(top), card(position * 4)] + [card(p * 4 + s) for p in range(low, position)
                                                   for s in (0, 1)]

    @staticmethod
    def key(combo: Any) -> str:
        """A combination's key, e.g. ``pair 2 7H``, ``sequence 5 9S``."""
        return f"{combo.type.value} {combo.length} {combo.key.text}"

    def key_of(self, action: Action) -> Hashable:
        """The key of a move: its combination's key, or its text for other moves."""
        if action.kind != self.kind:
            return str(action)
        combo = classify(action.cards, self.rules)
        return str(action) if combo is None else self.key(combo)

    def prefer(self, action: Action) -> tuple[int, ...]:
        """Weakest other cards first (a sort key)."""
        strengths = sorted((self.rules.strength(card) for card in action.cards), reverse=True)
        return tuple(strengths[1:])


@attrs.frozen
class MeldAbstraction:
    """Meld moves over several decks keyed by their shape -- a set's rank, a run's suit and
    lowest natural card, the length and how many wild cards it holds -- leaving which copies
    and suits to the engine. Two decks with four jokers make tens of millions of distinct
    melds, far too many to list; their shapes are a few thousand. ``keys`` lists every shape
    the rules allow; ``key_of`` names a move's (moves of other kinds keep their text);
    ``prefer`` plays, of the legal moves sharing a shape, the first in card order."""

    kind: str
    rules: Any
    wild_cards: int

    def _wilds(self, length: int) -> range:
        most = length - self.rules.min_natural
        if self.rules.max_wild is not None:
            most = min(most, self.rules.max_wild)
        return range(0, max(0, min(most, self.wild_cards)) + 1)

    @property
    def keys(self) -> list[str]:
        """Every shape: sets by rank, size and wilds; runs by suit, lowest natural, length and
        wilds."""
        rules = self.rules
        found = [f"{self.kind} set {rank} {size} {wild}" for rank in range(1, 14)
                 for size in rules.set_sizes for wild in self._wilds(size)]
        for suit in range(4):
            for length in range(rules.min_run, 15):
                for low in range(1, 16 - length):
                    found.extend(f"{self.kind} run {suit} {low} {length} {wild}"
                                 for wild in self._wilds(length))
        return found

    def key_of(self, action: Action) -> Hashable:
        """The shape of a meld move, or its text for other moves."""
        if action.kind != self.kind or len(action.cards) < 2:
            return str(action)
        naturals = [card for card in action.cards if not self.rules.is_wild(card)]
        wild = len(action.cards) - len(naturals)
        ranks = {int(card.rank) for card in naturals if card.rank is not None}
        if not ranks or len(ranks) != len({card.rank for card in naturals}):
            return str(action)  # no natural card, or a joker that is not wild
        if len(ranks) == 1 and (len(naturals) > 1 or len(action.cards) < self.rules.min_run):
            return f"{self.kind} set {naturals[0].rank} {len(action.cards)} {wild}"
        high_ace = any(rank >= 10 for rank in ranks)
        low = min(14 if rank == 1 and high_ace else rank for rank in ranks)
        return f"{self.kind} run {naturals[0].suit} {low} {len(action.cards)} {wild}"

    @staticmethod
    def prefer(action: Action) -> tuple[str, ...]:
        """The first in card order (a sort key)."""
        return (str(action),)
