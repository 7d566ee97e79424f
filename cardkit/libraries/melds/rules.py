"""Meld rules: what counts as a set or a run, which cards are wild, and what cards are worth."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from cardkit.values.cards import Card
from cardkit.values.compiled import restore_rules, rules_state

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
    - ``card_values``: count value by rank 1..13; ``wild_value``: count value of a wild card (or a
      joker that is not wild) left in hand.

    Instances are immutable and hashable; search tables are built once per distinct rules value
    (:func:`cardkit.libraries.melds.tables.meld_tables`) and kept on the value.
    """

    set_sizes: tuple[int, ...] = attrs.field(default=(3, 4), converter=_to_ints)
    min_run: int = 3
    ace: str = "low"
    run_ranks: tuple[int, ...] | None = attrs.field(default=None, converter=_to_ranks)
    wild: tuple[Card, ...] = attrs.field(default=(), converter=_to_cards)
    min_natural: int = 2
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
        """The largest set size in force (at most 4: one deck)."""
        return min(4, max(self.set_sizes))

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
