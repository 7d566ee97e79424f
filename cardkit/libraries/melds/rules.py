"""Meld rules: what counts as a set or a run, which cards are wild, and what cards are worth."""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from cardkit.values.cards import STANDARD_CARDS, Card
from cardkit.values.compiled import restore_rules, rules_state
from cardkit.values.deck import DeckSpec

if TYPE_CHECKING:
    from cardkit.libraries.melds.tables import MeldTables

__all__ = ["DEFAULT_RULES", "MeldRules"]

_ACE_RULES = ("low", "high_or_low")


def _to_cards(value: Iterable[Card | str]) -> tuple[Card, ...]:
    return tuple(Card.parse(card) if isinstance(card, str) else card for card in value)


def _to_ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _to_ranks(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(int(rank) for rank in value)


@attrs.frozen(cache_hash=True)
class MeldRules:
    """The meld rules of one game: set sizes, run length, ace placement, wild cards and values.

    - ``set_sizes``: allowed set (book) sizes. One deck has four suits, so sizes above 4 never
      occur; with wild cards a set still holds at most ``max(set_sizes)`` (and at most 4) cards.
    - ``min_run``: the shortest run.
    - ``ace``: ``"low"`` (A-2-3 only) or ``"high_or_low"`` (A-2-3 or Q-K-A, never both ends of
      one run, never a wrap K-A-2).
    - ``run_ranks``: an explicit run order of ranks; ranks adjacent in the tuple are consecutive,
      ranks missing from it never form runs (e.g. Conquian's ``(1, 2, 3, 4, 5, 6, 7, 11, 12, 13)``
      makes 7-J consecutive). The same rank may stand at both ends, meaning "either end, never
      both", which is how ``ace="high_or_low"`` is expressed. When given it replaces ``ace``.
    - ``wild``: the wild cards (e.g. the two jokers). A wild card always counts as wild, even when
      it stands for itself; a meld holding wilds needs ``min_natural`` natural cards.
    - ``max_wild``: at most this many wild cards in one meld (None: no limit but the meld's
      size).
    - ``card_values``: count value by rank 1..13; ``wild_value``: count value of a wild card (or a
      joker that is not wild) left in hand.
    - ``deck``: the deck the game plays with (None: one deck of 52 or 54 cards). With copies of
      cards (``DeckSpec.standard(decks=2)``) a set may hold up to every natural card of its rank;
      ``set_duplicates`` says whether it may hold two identical cards (``7H 7H 7S``) -- without
      it a set's cards stand for distinct suits, so it holds at most 4. A run never holds two
      cards of one rank.

    The rules are checked when built: a set size that no hand of the deck could make (``(5,)``
    with one deck and no wild card) or a run longer than the run order is a ``ValueError``;
    wild cards the deck does not hold are a warning (``UserWarning``).

    Instances are immutable and hashable; search tables are built once per distinct rules value
    (:func:`cardkit.libraries.melds.tables.meld_tables`) and kept on the value.
    """

    set_sizes: tuple[int, ...] = attrs.field(default=(3, 4), converter=_to_ints)
    min_run: int = 3
    ace: str = "low"
    run_ranks: tuple[int, ...] | None = attrs.field(default=None, converter=_to_ranks)
    wild: tuple[Card, ...] = attrs.field(default=(), converter=_to_cards)
    min_natural: int = 2
    max_wild: int | None = None
    set_duplicates: bool = False
    deck: DeckSpec | None = None
    card_values: tuple[int, ...] = attrs.field(
        default=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), converter=_to_ints
    )
    wild_value: int = 0
    # the compiled tables (None until first used), kept by MELD_TABLES; never compared,
    # hashed or pickled
    _tables: MeldTables | None = attrs.field(default=None, init=False, eq=False, repr=False)

    __getstate__ = rules_state
    __setstate__ = restore_rules

    def __attrs_post_init__(self) -> None:
        if self.ace not in _ACE_RULES:
            raise ValueError(f"MeldRules.ace must be one of {_ACE_RULES}, not {self.ace!r}")
        if not self.set_sizes or any(size < 2 for size in self.set_sizes):
            raise ValueError(f"MeldRules.set_sizes must be sizes >= 2, not {self.set_sizes!r}")
        if self.min_run < 2:
            raise ValueError(f"MeldRules.min_run must be at least 2, not {self.min_run}")
        if len(self.card_values) != 13:
            raise ValueError("MeldRules.card_values needs 13 values, one per rank A..K")
        if self.min_natural < 0:
            raise ValueError("MeldRules.min_natural must be >= 0")
        if self.max_wild is not None and (type(self.max_wild) is not int or self.max_wild < 0):
            raise ValueError(f"MeldRules.max_wild must be None or >= 0, not {self.max_wild!r}")
        self._check_runs()
        self._check_sets()
        if self.deck is not None:
            missing = [card.text for card in self.wild if card not in self.deck.cards]
            if missing:
                warnings.warn(
                    f"MeldRules.wild declares {' '.join(missing)} wild, but the "
                    f"{self.deck.name} holds no such card", UserWarning, stacklevel=3)

    def _check_runs(self) -> None:
        if self.run_ranks is not None:
            ranks = self.run_ranks
            inner = ranks[1:-1] if len(ranks) > 1 and ranks[0] == ranks[-1] else ranks
            if any(not 1 <= rank <= 13 for rank in ranks) or len(set(inner)) != len(inner) or (
                len(ranks) > 1 and ranks[0] == ranks[-1] and ranks[0] in inner
            ):
                raise ValueError(
                    "MeldRules.run_ranks must list distinct ranks 1..13 (one rank may stand at "
                    f"both ends), not {ranks!r}"
                )
        longest = len(set(self.positions))
        if self.min_run > longest:
            raise ValueError(f"MeldRules.min_run: a run of {self.min_run} cannot be made; the "
                             f"run order holds {longest} ranks")

    def _check_sets(self) -> None:
        """Every set size must be one a hand of the deck could make."""
        deck = self.deck.cards if self.deck is not None else (*STANDARD_CARDS, *self.wild)
        wild = set(self.wild)
        wilds = sum(1 for card in deck if card in wild)
        if self.max_wild is not None:
            wilds = min(wilds, self.max_wild)
        by_rank: dict[int, list[Card]] = {}
        for card in deck:
            if card.rank is not None and card not in wild:
                by_rank.setdefault(card.rank, []).append(card)
        # the most natural cards of one rank a set may hold
        naturals = max((len(cards if self.set_duplicates else set(cards))
                        for cards in by_rank.values()), default=0)
        for size in self.set_sizes:
            fits = any(
                size - k <= wilds and (k == size or k >= self.min_natural)
                for k in range(1, min(size, naturals) + 1))
            if not fits or (size > 4 and not self.set_duplicates):
                why = ("a set holds at most 4 cards, one of each suit, unless "
                       "set_duplicates=True" if size > 4 and not self.set_duplicates and fits
                       else f"the deck holds at most {naturals} natural cards of a rank a set "
                       f"may hold, and at most {wilds} wild cards may join one")
                raise ValueError(f"MeldRules.set_sizes: a set of {size} cannot be made: {why}")

    @property
    def positions(self) -> tuple[int, ...]:
        """The run order of ranks in force (``run_ranks``, or the one ``ace`` implies)."""
        if self.run_ranks is not None:
            return self.run_ranks
        if self.ace == "high_or_low":
            return (*range(1, 14), 1)
        return tuple(range(1, 14))

    @property
    def max_set(self) -> int:
        """The largest set size in force (at most 4 unless sets may hold duplicates)."""
        return max(self.set_sizes) if self.set_duplicates else min(4, max(self.set_sizes))

    @property
    def copies(self) -> int:
        """The most copies of one card in the deck (1 without a declared deck)."""
        return 1 if self.deck is None else self.deck.copies

    def is_wild(self, card: Card) -> bool:
        """True when ``card`` is wild under these rules."""
        return card in self.wild

    def value(self, card: Card) -> int:
        """Count value of ``card`` left in hand (``wild_value`` for a wild card or joker)."""
        if card.is_joker or card in self.wild:
            return self.wild_value
        return self.card_values[card.rank - 1]  # type: ignore[operator]

    def hand_value(self, cards: Iterable[Card]) -> int:
        """Sum of :meth:`value` over ``cards`` (a hand's count with nothing melded)."""
        return sum(self.value(card) for card in cards)


DEFAULT_RULES = MeldRules()
"""Sets of 3 or 4, runs of 3+, ace low, no wild cards, gin values (A=1, faces 10)."""
