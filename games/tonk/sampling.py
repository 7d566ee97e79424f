"""Sampling the cards a seat cannot see (for search agents): Tonk's ``determinize``."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardkit_games.tonk.count import hand_counter

from cardkit.sampling import redeal_hidden

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = ["determinize"]

#: Re-deals tried before a sample in which a seat yet to play would have won at the deal is kept
#: anyway (such samples are rare: a dealt 49 or 50, or a low count with those house rules).
ATTEMPTS = 50


def determinize(state: TonkState, seat: int, rng: random.Random) -> TonkState:
    """A copy of ``state`` in which the cards hidden from ``seat`` are dealt again at random
    among the places they occupy (:func:`cardkit.sampling.redeal_hidden`): each other hand keeps
    its public cards (taken discards, a revealed spade) and its number of hidden ones, the stock
    its length. Data derived from the hidden cards is made to match the new deal: the dealt
    hands and counts of seats that have not played yet (the deal check E1/E2 and E3 read them),
    the legal-action caches, and the reshuffle seed (so the order of a future reshuffle is not
    known either)."""
    copy = state.clone()
    assert isinstance(copy, type(state))
    copy._legal = None
    copy._legal_set = None
    if state.options["stock_exhaustion"] == "reshuffle":
        copy.seed = rng.getrandbits(62)
    hidden = state.hidden_cards(seat).mask
    if not hidden:
        return copy
    options = state.options
    deal_count = hand_counter(options["initial_count_ace_value"], options["joker_hand_value"])
    players = state.players
    fresh = [other for other in range(players) if other != seat and not state.had_turn[other]]
    # A running hand had no winner at the deal (E1/E2): a sample in which a seat that has not
    # played yet would have qualified is not a possible world, so deal again.
    for _attempt in range(ATTEMPTS):
        places = redeal_hidden([*state.hands, state.stock], hidden, rng).places
        hands: list[int] = places[:players]
        counts = [deal_count(hand) for hand in hands]
        if state.result is not None or not any(
                qualifier[0] in fresh
                for qualifier in state.game.hooks.deal_check(state, counts)):
            break
    copy.hands = hands
    copy.stock = places[players]
    # What the others were dealt is not known to ``seat``: the copy keeps their present hands
    # there (a seat that has not played yet still holds its dealt hand; E3 reads it).
    copy.dealt = tuple(state.dealt[other] if other == seat else hands[other]
                       for other in range(players))
    copy.dealt_counts = tuple(state.dealt_counts[other] if other == seat else counts[other]
                              for other in range(players))
    return copy
