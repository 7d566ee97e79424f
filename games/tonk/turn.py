"""The turn's frame (rules §2.6 and §3 phase A): what happens after the deal, and at the start
of every turn before the player moves (an E3 win, the turn cap, the drop lock, a reshuffle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tonk import settlement

from cardkit.rummy import Reshuffle, reshuffled

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = ["after_deal", "begin_turn", "reshuffle", "start_turn"]


def after_deal(state: TonkState) -> None:
    """§2.6: the deal check (E1 one qualifier, E2 two or more), else the first turn."""
    qualifiers = state.game.hooks.deal_check(state, state.dealt_counts)
    if len(qualifiers) == 1:
        seat, multiplier, why = qualifiers[0]
        settlement.initial_win(state, seat, multiplier, why)
    elif len(qualifiers) > 1:
        settlement.void_deal(state, qualifiers)
    else:
        start_turn(state, state.first_seat)


def start_turn(state: TonkState, seat: int) -> None:
    """``seat``'s turn begins: the hand enters phase ``start``, whose entry runs
    :func:`begin_turn`."""
    state.current_player = seat
    state.enter("start")


def begin_turn(state: TonkState) -> None:
    """Phase A, on entering phase ``start``: E3 (a dealt 49 wins when its first turn starts),
    the turn cap, the drop lock (consumed one per turn), a reshuffle if needed; then the
    player draws or drops."""
    options = state.options
    seat = state.seat_to_play
    if (options["initial_tonk_mode"] == "50_auto_49_in_turn" and not state.had_turn[seat]
            and state.dealt_counts[seat] == 49):
        settlement.initial_win(state, seat, options["initial_49_multiplier"], "49",
                               in_turn=True)
        return
    state.had_turn[seat] = True
    state.turns += 1
    cap = options["turn_cap"]
    if cap is not None and state.turns > cap:
        settlement.stock_out(state, f"the turn cap of {cap} turns was reached")
        return
    lock = state.locks[seat]
    state.locked = lock > 0
    if lock:
        state.locks[seat] = lock - 1
        state.count_event("locked_turn")
    state.taken = None
    state.must_use = False
    state.hits_this_turn = 0
    state.victims = 0
    state.new_spreads = 0
    state.new_runs = []
    state.turn_start_size = state.hands[seat].bit_count()
    state.melded_before = state.ever_melded[seat]
    if not state.stock:
        mode = options["stock_exhaustion"]
        if mode == "reshuffle" and Reshuffle(keep=_visible_top_count(state)).allows(
                state.reshuffles, len(state.discards)):
            reshuffle(state)
        elif mode == "end_after_last_draw_turn":  # not reached: the hand ended already
            settlement.stock_out(state, "the stock is empty")


def _visible_top_count(state: TonkState) -> int:
    """1 if the discard pile shows a face-up top card, else 0 (empty, or only face-down
    completed books under it, §4)."""
    return 1 if len(state.discards) > state.buried else 0


def reshuffle(state: TonkState) -> None:
    """E7 ``reshuffle`` (§9.10): every discard but the visible top card (face-down books
    included), shuffled, becomes the stock; the top card stays in place."""
    state.reshuffles += 1
    state.count_event("reshuffle")
    state.stock, state.discards = reshuffled(state.discards, _visible_top_count(state),
                                             state.seed, state.reshuffles)
    # the reshuffled cards were seen, but where each one is now (stock or, once drawn, a
    # hand) is unknown to everyone: they are hidden again (``hidden_cards``, ``determinize``)
    for card in state.stock:
        state.public_mask &= ~card.mask
    state.buried = 0
    state.events.append(f"the discard pile was reshuffled into a new stock before turn "
                        f"{state.turns} (reshuffle {state.reshuffles})")
