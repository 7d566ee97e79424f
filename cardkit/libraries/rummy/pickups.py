"""Discard-pile pickups as a declared rule.

A :class:`Pickup` says what a player may take from the discard pile instead of drawing from the
stock:

- ``Pickup()`` (:data:`TOP_CARD`): the top card only, as in gin (``draw discard``);
  ``discard_taken=False`` forbids discarding it again the same turn;
- ``Pickup("any")`` (:data:`ANY_DEPTH`): any card of a spread pile with every card above it
  (``take 7H``), and the deepest card taken must be melded that turn (``must_use``, Rummy 500);
  ``top_free`` exempts taking the top card alone from that obligation.

:func:`pickup_choices` lists the pickups a player may make now, and only those the player can
honour: a card that must be used is offered only when the hand (with the cards taken) can put
it on the table this turn (:func:`cardkit.rummy.usable`), keeping a card to discard where the
game needs one. So no pickup leads to a dead end.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardkit.libraries.melds import MeldRules
from cardkit.libraries.rummy.moves import MayLayOn, usable
from cardkit.libraries.rummy.table import Table
from cardkit.values.actions import Action
from cardkit.values.cards import Card, CardMultiset, CardSet, add_cards

__all__ = ["ANY_DEPTH", "DRAW_DISCARD", "TAKE", "TOP_CARD", "Pickup", "PickupChoice",
           "pickup_choices"]

#: The move that takes the top card under :data:`TOP_CARD`.
DRAW_DISCARD = Action("draw", "discard")
#: The kind of a move that takes down to a card under :data:`ANY_DEPTH` (``take 7H``).
TAKE = "take"

_DEPTHS = ("top", "any")


@attrs.frozen
class Pickup:
    """What a player may take from the discard pile (see the module's docstring)."""

    depth: str = "top"
    must_use: bool = False
    top_free: bool = True
    discard_taken: bool = True

    def __attrs_post_init__(self) -> None:
        if self.depth not in _DEPTHS:
            raise ValueError(f"Pickup.depth is one of {_DEPTHS}, not {self.depth!r}")

    def action(self, pile: Sequence[Card], depth: int) -> Action:
        """The move that takes the top ``depth`` cards of ``pile`` (its top last)."""
        if self.depth == "top":
            return DRAW_DISCARD
        return Action(TAKE, cards=(pile[len(pile) - depth],))

    def obligation(self, depth: int, deepest: Card) -> Card | None:
        """The card that must be used this turn after taking ``depth`` cards down to
        ``deepest`` (None when none must)."""
        if not self.must_use or (depth == 1 and self.top_free):
            return None
        return deepest


@attrs.frozen
class PickupChoice:
    """One pickup a player may make: its move, the cards taken (top first) and the card that
    must then be used (None when none must)."""

    action: Action
    taken: tuple[Card, ...]
    obligation: Card | None


#: Gin's rule: the top card only, no obligation.
TOP_CARD = Pickup()
#: Rummy 500's rule: any depth, the deepest card taken melded that turn.
ANY_DEPTH = Pickup("any", must_use=True)


def pickup_choices(rule: Pickup, pile: Sequence[Card], hand: CardSet | CardMultiset,
                   table: Table,
                   rules: MeldRules, keep: int = 1, may_lay_on: MayLayOn = None,
                   forced: bool = False) -> list[PickupChoice]:
    """The pickups ``rule`` allows from ``pile`` (its top last) to a player holding ``hand``,
    each one the player can honour: a card that must be used can be put on the table this
    turn leaving ``keep`` cards in hand (1 where a discard must follow). ``forced``: every
    pickup carries the obligation (a game that lets the pile be taken once the stock is out,
    so that the hand cannot go on for ever)."""
    depths = range(1, len(pile) + 1) if rule.depth == "any" else range(1, min(1, len(pile)) + 1)
    choices = []
    for depth in depths:
        deepest = pile[len(pile) - depth]
        taken = tuple(reversed(pile[len(pile) - depth:]))
        must = deepest if forced else rule.obligation(depth, deepest)
        if must is not None:
            after = add_cards(hand, taken)
            if not usable(must, after, table, rules, keep, may_lay_on):
                continue
        choices.append(PickupChoice(rule.action(pile, depth), taken, must))
    return choices
