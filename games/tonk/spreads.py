"""Tonk spreads (rules §4): books and runs, hits, wild jokers with declared identities.

Which spreads a hand can lay and where a card can be hit are the generic meld rules of
:mod:`cardkit.melds` (books of 3-4, runs of 3+ in one suit, the ace low or, as an option, high or
low but never both ends; a joker stands for one declared card): :func:`spread_rules` states them
as a :class:`~cardkit.melds.MeldRules`. The table is the rummy kit's :class:`~cardkit.rummy.Table`
(each spread with its owner, grown by hits); what is Tonk's own lives here: the fewest natural
cards in a spread with jokers is an option (``spread_min_natural``), a hit names no end -- an
ace that fits both ends of a 2..K run goes low -- and a book shows its cards in the order they
were laid (:func:`table_after`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit.actions import Action
from cardkit.cache import BoundedCache
from cardkit.cards import JOKERS, Rank
from cardkit.melds import MeldRules
from cardkit.rummy import Table, meld_of_move

__all__ = ["BOOK", "JOKER_MASK", "RUN", "spread_rules", "table_after"]

BOOK = "set"
RUN = "run"
JOKER_MASK = JOKERS[0].mask | JOKERS[1].mask

_RULES: dict[tuple[str, int, int, int], MeldRules] = {}
# the rules of an options mapping, by its identity (the mapping is held, so the id stays its
# own); asked at every legal-move generation, so the four-option key is not rebuilt each time
_BY_OPTIONS: BoundedCache[int, tuple[Mapping[str, Any], MeldRules]] = BoundedCache(256)


def spread_rules(options: Mapping[str, Any]) -> MeldRules:
    """§4 as :class:`~cardkit.melds.MeldRules`: books of 3-4, runs of 3+, ``ace_in_runs``, the
    jokers wild with ``jokers = 2`` and at least ``spread_min_natural`` natural cards in a
    spread that holds one, a joker in hand counting ``joker_hand_value``."""
    known = _BY_OPTIONS.get(id(options))
    if known is not None and known[0] is options:
        return known[1]
    key = (options["ace_in_runs"], options["jokers"], options["spread_min_natural"],
           options["joker_hand_value"])
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = MeldRules(
            set_sizes=(3, 4), min_run=3, ace=key[0], wild=JOKERS if key[1] else (),
            min_natural=key[2], wild_value=key[3])
    _BY_OPTIONS[id(options)] = (options, rules)
    return rules


def table_after(table: Table, seat: int, action: Action, rules: MeldRules) -> Table:
    """The table after ``seat``'s legal ``spread`` (laid as it declares) or ``hit`` (§4 "Hit":
    the card joins its spread; an ace that fits both ends of a 2..K run goes low)."""
    if action.kind == "spread":
        return table.lay(seat, meld_of_move(action, rules))
    card = action.cards[0]
    identity = action.declared_as(card)
    meld = table[action.target or 0].meld
    low = identity.rank == Rank.ACE and meld.kind == RUN and meld.represents[0].rank == Rank.TWO
    return table.lay_off(seat, card, action.target or 0, rules, end="low" if low else None,
                         declared=identity if identity is not card else None, sort_set=False)
