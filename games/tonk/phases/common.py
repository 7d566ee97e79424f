"""What several phases of a Tonk turn share: the spreads and hits a hand can make (§4), the
§3 B question "can the taken discard still be used?", and the common refusals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit_games.tonk.moves import hit_action, spread_action
from cardkit_games.tonk.spreads import BOOK, JOKER_MASK, Spread, hit_identities, usable_this_turn
from cardkit_games.tonk.suits import cards_in

from cardkit.actions import Action
from cardkit.cards import ALL_CARDS, Card
from cardkit.melds import RANKS_PER_SUIT, SUIT_MASK, natural_meld_masks, wild_meld_masks

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

#: The four aces as a mask; shifted by ``rank - 1``, the four cards of that rank.
RANK_CARDS = sum(1 << RANKS_PER_SUIT * suit for suit in range(4))

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


def hit_moves(state: TonkState, hand: int, targets: Sequence[int]) -> list[Action]:
    """Every hit of a card of ``hand`` onto the table spreads numbered ``targets`` (from 0),
    books excluded with ``hit_targets = runs_only``."""
    actions = []
    runs_only = state.options["hit_targets"] == "runs_only"
    rules = state.rules
    table = state.table
    jokers = hand & JOKER_MASK if rules.wild else 0
    for index in targets:
        spread = table[index]
        # only cards of the book's rank or the run's suit (and jokers) can fit: ask about those
        if spread.kind == BOOK:
            if runs_only:
                continue
            candidates = hand & (RANK_CARDS << spread.rank - 1) | jokers
        else:
            candidates = hand & (SUIT_MASK << RANKS_PER_SUIT * spread.suit) | jokers
        for card in cards_in(candidates):
            for identity in hit_identities(card, spread, rules):
                actions.append(hit_action(card, index + 1, identity))
    return actions


def usable(state: TonkState, card: Card, hand: int, spreads: Sequence[Spread],
           hits_made: int) -> bool:
    """§3 B ``discard_pickup_must_meld``: can ``card`` (in ``hand``) still be used in a new
    spread or a hit this turn, with ``spreads`` on the table and ``hits_made`` hits made?"""
    cap = state.options["max_hits_per_turn"]
    hits_left = len(ALL_CARDS) if cap is None else cap - hits_made
    return usable_this_turn(card, hand, spreads, hits_left, state.rules,
                            state.options["hit_targets"] != "runs_only")


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
