"""What several phases of a Tonk turn share: the spreads and hits a hand can make (§4), the
§3 B question "can the taken discard still be used?", and the common refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tonk.moves import spread_action
from cardkit_games.tonk.spreads import JOKER_MASK, RUN
from cardkit_games.tonk.suits import cards_in

from cardkit.actions import Action
from cardkit.cards import Card
from cardkit.melds import natural_meld_masks, wild_meld_masks
from cardkit.rummy import Table, lay_off_actions
from cardkit.rummy import usable as usable_on

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = ["drop_refusal", "hit_moves", "hits_allowed", "not_held", "spread_moves", "usable"]


def spread_moves(state: TonkState, hand: int) -> list[Action]:
    """Every spread the hand can lay (§4): natural ones, then those the jokers held complete,
    one move per declaration of what the jokers stand for."""
    rules = state.rules
    actions = [spread_action(mask) for mask in natural_meld_masks(hand, rules)]
    if rules.wild and hand & JOKER_MASK:
        actions += [spread_action(mask, declared)
                    for mask, declared in wild_meld_masks(hand, rules)]
    return actions


def hits_allowed(state: TonkState) -> bool:
    """``max_hits_per_turn``: may the player hit again this turn?"""
    cap = state.options["max_hits_per_turn"]
    return cap is None or state.hits_this_turn < cap


def hittable(state: TonkState, table: Table) -> list[int] | None:
    """The numbers of the spreads of ``table`` that take hits: with ``hit_targets =
    runs_only`` the runs, else every spread (None)."""
    if state.options["hit_targets"] != "runs_only":
        return None
    return [number for number, entry in enumerate(table, 1) if entry.meld.kind == RUN]


def hit_moves(state: TonkState, hand: int) -> list[Action]:
    """Every hit of a card of ``hand`` onto a spread of the table that takes hits, a joker
    once per card it may stand for (the rummy kit's lay-offs, in Tonk's word)."""
    return lay_off_actions(cards_in(hand), state.table, state.rules, kind="hit",
                           numbers=hittable(state, state.table), ends=False)


def usable(state: TonkState, card: Card, hand: int, table: Table, hits_made: int) -> bool:
    """§3 B ``discard_pickup_must_meld``: can ``card`` (in ``hand``) still be used in a new
    spread or a hit this turn, with ``table`` and ``hits_made`` hits made
    (:func:`cardkit.rummy.usable`, within ``max_hits_per_turn`` and ``hit_targets``)?"""
    cap = state.options["max_hits_per_turn"]
    return usable_on(card, hand, table, state.rules, lay_offs=None if cap is None
                     else cap - hits_made, numbers=hittable(state, table))


def not_held(state: TonkState, action: Action) -> str | None:
    """"you do not hold X" for a card of ``action`` that is not in the player's hand."""
    seat = state.current_player
    hand = state.hands[seat] if seat is not None else 0
    for card in action.cards:
        if not hand & card.mask:
            return f"you do not hold {card}"
    return None


def drop_refusal(state: TonkState) -> str:
    """Why the player may not drop now: a hit lock, or a drop after drawing."""
    if state.locked:
        return ("you are hit-locked this turn (a player hit your spreads): you cannot drop; "
                f"{state.locks[state.current_player]} more locked turn(s) to come")  # type: ignore[index]
    return "you may drop only at the start of your turn, before drawing"
