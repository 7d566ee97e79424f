"""Phase ``play``: phases C and D of a turn (§3): lay spreads, hit spreads on the table, and
discard to end the turn; ``drop`` too with ``drop_timing = any_time_in_own_turn``. The rules
that narrow it: ``discard_pickup_must_meld`` (§3 B: use the taken discard first),
``must_spread`` (§3 C), ``return_discard_allowed``, ``max_hits_per_turn``, ``hit_targets``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tonk import settlement
from cardkit_games.tonk.moves import DROP
from cardkit_games.tonk.phases.common import (
    drop_refusal,
    hit_moves,
    hits_allowed,
    not_held,
    spread_moves,
    usable,
)
from cardkit_games.tonk.phases.respond import respond_hits
from cardkit_games.tonk.spreads import BOOK, RUN, table_after
from cardkit_games.tonk.suits import discards_of
from cardkit_games.tonk.turn import start_turn

from cardkit.actions import Action
from cardkit.cards import Card
from cardkit.state import Phase

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = ["PLAY", "blocking_spread"]

#: A book of four, the most a book holds (§4).
FULL_BOOK = 4


# ----- what is legal ----------------------------------------------------------------------------

def meld_moves(state: TonkState, hand: int) -> list[Action]:
    """Every spread and hit the hand can make now (before the taken-card rule)."""
    actions = spread_moves(state, hand)
    if state.table.melds and hits_allowed(state):
        actions += hit_moves(state, hand)
    return actions


def blocking_spread(state: TonkState, hand: int) -> Action | None:
    """``must_spread``: a spread the hand still holds that is not an all-ace book (§3 C)."""
    for action in spread_moves(state, hand):
        if not all(action.declared_as(card).rank == 1 for card in action.cards):
            return action
    return None


def keeps_taken_usable(state: TonkState, seat: int, hand: int, action: Action) -> bool:
    """While the taken discard is unused, a spread or hit is legal only if the taken card can
    still be used afterwards (so the player can never strand it, §3 B)."""
    taken = state.taken
    assert taken is not None
    if taken in action.cards:
        return True
    rest = hand
    for card in action.cards:
        rest &= ~card.mask
    return usable(state, taken, rest, table_after(state.table, seat, action, state.rules),
                  state.hits_this_turn + (action.kind == "hit"))


def _discard_blocked_by_taken(state: TonkState, hand: int, card: Card) -> bool:
    # the return-discard rule yields when the taken card is the only card left: the player
    # must discard something (implementation choice, documented in rules notes)
    return (card is state.taken and not state.options["return_discard_allowed"]
            and hand != card.mask)


def legal(state: TonkState) -> list[Action]:
    """Spreads and hits; discards (none while the taken discard is unused, none while
    ``must_spread`` finds a spread); drop with ``any_time_in_own_turn`` unless hit-locked."""
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    options = state.options
    actions = meld_moves(state, hand)
    if state.must_use:
        # §3 B: no discard until the taken card is used, and no move that strands it
        actions = [a for a in actions if keeps_taken_usable(state, seat, hand, a)]
    elif not (options["must_spread"] and actions and blocking_spread(state, hand)):
        taken = state.taken
        if taken is not None and _discard_blocked_by_taken(state, hand, taken):
            actions += discards_of(hand & ~taken.mask)
        else:
            actions += discards_of(hand)
    if options["drop_timing"] == "any_time_in_own_turn" and not state.locked:
        actions.append(DROP)
    return actions


# ----- why a move is refused --------------------------------------------------------------------

def why_illegal(state: TonkState, action: Action) -> str | None:
    """The precise reason for refusing a spread, hit, discard or drop."""
    kind = action.kind
    if kind == "drop":
        return drop_refusal(state)
    held = not_held(state, action)
    if held:
        return held
    hand = state.hands[state.current_player]  # type: ignore[index]
    if state.must_use:
        taken = state.taken
        if kind == "discard":
            return f"you must use the card you took ({taken}) in a spread or a hit first"
        if action in meld_moves(state, hand):
            return (f"'{action}' would leave the card you took ({taken}) with no spread or "
                    "hit this turn: use it first, or play in another order")
    if kind == "discard":
        if len(action.cards) != 1:
            return "discard exactly one card"
        if action.card is state.taken:
            return "you may not discard the card you just took from the discard pile"
        blocking = blocking_spread(state, hand) if state.options["must_spread"] else None
        if blocking is not None:
            shown = " ".join(map(str, blocking.cards))
            return (f"must_spread: your hand still holds a spread ({shown}); lay it before "
                    "you discard")
        return None
    if kind == "hit":
        if len(action.cards) != 1 or action.target is None:
            return "write hit <card> <spread number>, e.g. hit 4C 1"
        if not 1 <= action.target <= len(state.table):
            return f"there is no spread number {action.target} on the table"
        meld = state.table[action.target].meld
        if meld.kind == BOOK and state.options["hit_targets"] == "runs_only":
            return "only runs may be hit (hit_targets = runs_only)"
        if not hits_allowed(state):
            return f"you may make at most {state.options['max_hits_per_turn']} hit(s) a turn"
        return f"{action.card} does not fit spread {action.target} ({meld})"
    return "those cards do not form a spread (a book of 3-4 or a run of 3+ in one suit)"


# ----- what a move does -------------------------------------------------------------------------

def apply(state: TonkState, action: Action) -> None:
    """Discard (ends the turn: E5 if the hand is empty, E7 after the last stock card with
    ``end_after_last_draw_turn``), spread, hit, or drop (E6)."""
    seat = state.current_player
    assert seat is not None
    kind = action.kind
    if kind == "discard":
        card = action.cards[0]
        state.hands[seat] &= ~card.mask
        state.discards.append(card)
        state.public_mask |= card.mask
        if not state.hands[seat]:
            settlement.out_by_discard(state, seat, card)
        elif not state.stock and (state.options["stock_exhaustion"]
                                  == "end_after_last_draw_turn"):
            settlement.stock_out(state, "the last stock card was drawn and the turn is over")
        else:
            start_turn(state, (seat + 1) % state.players)
    elif kind == "spread":
        lay(state, seat, action)
    elif kind == "hit":
        hit(state, seat, action)
    else:
        settlement.drop(state, seat)


def lay(state: TonkState, seat: int, action: Action) -> None:
    """§3 C ``lay_spread`` (and §4 completed books)."""
    for card in action.cards:
        state.hands[seat] &= ~card.mask
    state.table = table_after(state.table, seat, action, state.rules)
    number = len(state.table)
    meld = state.table[number].meld
    state.new_spreads += 1
    state.ever_melded[seat] = True
    if state.taken is not None and state.taken in action.cards:
        state.must_use = False
    if meld.kind == RUN:
        state.new_runs.append(number)
    elif (len(meld) == FULL_BOOK
          and state.options["book_to_discard_trigger"] == "any_four_card_book"):
        book_to_pile(state, number)
    after_meld(state, seat)


def hit(state: TonkState, seat: int, action: Action) -> None:
    """§3 C ``hit``: the card joins the spread and its owner's drop lock grows."""
    card = action.cards[0]
    number = action.target or 0
    state.table = table_after(state.table, seat, action, state.rules)
    state.hands[seat] &= ~card.mask
    state.hits_this_turn += 1
    state.ever_melded[seat] = True
    state.count_event("hit")
    if card is state.taken:
        state.must_use = False
    entry = state.table[number]
    owner = entry.owner
    penalty = state.options["hit_penalty_turns"]
    if owner != seat and penalty:
        if state.options["hit_penalty_counting"] == "per_card":
            state.locks[owner] += penalty
            state.count_event("hit_penalty")
        elif not state.victims >> owner & 1:
            state.victims |= 1 << owner
            state.locks[owner] += penalty
            state.count_event("hit_penalty")
    if entry.meld.kind == BOOK and len(entry.meld) == FULL_BOOK:
        book_to_pile(state, number)
    after_meld(state, seat)


def book_to_pile(state: TonkState, number: int) -> None:
    """``completed_book_to_discard``: a 4-card book (spread ``number``) goes face down under
    the discard pile (which books: ``book_to_discard_trigger``, decided by the caller)."""
    if not state.options["completed_book_to_discard"]:
        return
    cards = state.table[number].meld.cards
    state.discards[0:0] = cards
    state.table = state.table.without(number)
    state.buried += len(cards)
    state.count_event("book_to_pile")
    state.new_runs = [run - 1 if run > number else run for run in state.new_runs]


def after_meld(state: TonkState, seat: int) -> None:
    """E4: an empty hand in phase C is a tonk (then maybe a double-double, 6.8)."""
    if state.hands[seat]:
        return
    state.tonker = seat
    if state.options["double_double"] and state.players == 2 and state.new_runs:
        state.current_player = 1 - seat
        if respond_hits(state):
            state.enter("respond")
            return
    settlement.tonk_out(state, seat)


PLAY = Phase("play", {"spread", "hit", "discard", "drop"},
             "spread, hit, or discard to end your turn",
             "you have drawn already: spread, hit, or discard",
             legal=legal, why_illegal=why_illegal, apply=apply, next={"start", "respond"})
