"""How a hand of Tonk ends (rules §5) and what it pays (§6): one function per ending of the §5
table, each beside the payment it applies.

Each ending's payment is a ``settle_*`` hook of the game definition (the state first, then the
facts of the ending), returning :class:`~cardkit.results.Transfer`\\ s ("payer pays payee k·S");
a variant replaces one with ``hooks.replace(settle_drop=...)``. Next to it, the ending itself
(``initial_win``, ``void_deal``, ``tonk_out``, ...) calls the hook through the game's hooks,
explains the ending in a sentence and closes the hand (:func:`close`). There is no pot except the
spades side pot (6.9), so every hand is zero-sum.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardkit_games.tonk.suits import cards_in

from cardkit.cards import ALL_CARDS, Card, Rank, Suit
from cardkit.results import Ending, Endings, Result, Transfer
from cardkit.views import seat_name

if TYPE_CHECKING:
    from cardkit_games.tonk.state import TonkState

__all__ = [
    "ENDINGS",
    "close",
    "double_double",
    "drop",
    "initial_win",
    "out_by_discard",
    "settle_double_double",
    "settle_drop",
    "settle_initial_win",
    "settle_out_by_discard",
    "settle_side_bet",
    "settle_stock_out",
    "settle_tonk",
    "settle_void_deal",
    "side_bet",
    "spade_strength",
    "stock_out",
    "tonk_out",
    "void_deal",
]

#: The eight endings of §5 (result.ending), with their codes and the payment rules of §6.
ENDINGS = Endings(
    Ending("initial_win", "one player qualified at the deal (or a dealt 49 is played in turn) "
           "and wins at once", "E1/E3, 6.1"),
    Ending("void_deal", "two or more players qualified at the deal: nobody pays", "E2, 6.2"),
    Ending("tonk", "a player emptied the hand by spreads and hits, without a discard",
           "E4, 6.3"),
    Ending("out_by_discard", "a player emptied the hand with the discard", "E5, 6.4"),
    Ending("drop", "a player dropped and had the lowest count", "E6, 6.5"),
    Ending("caught", "a player dropped and was caught: another count was not higher",
           "E6, 6.5"),
    Ending("stock_out", "the stock ran out (or the turn cap was reached): counts compared",
           "E7, 6.6"),
    Ending("double_double", "a player hit every card onto the runs the tonker laid in the "
           "out-turn", "E8, 6.8"),
)


#: The card texts in the order a hand is written out (rank, then suit: ``Card.sort_key``), and
#: where each card (by index) stands in it.
_WRITTEN = [card.text for card in sorted(ALL_CARDS, key=lambda card: card.sort_key)]
_WRITTEN_POSITION = [_WRITTEN.index(card.text) for card in ALL_CARDS]


def _each_other_pays(state: TonkState, winner: int, amount: float,
                     reason: str) -> list[Transfer]:
    return [Transfer(seat, winner, amount, reason)
            for seat in range(state.players) if seat != winner]


# ----- E1 / E3 automatic initial win (6.1) ------------------------------------------------------

def settle_initial_win(state: TonkState, winner: int, multiplier: int,
                       reason: str) -> list[Transfer]:
    """6.1 (E1/E3): each other player pays the winner ``m·S``, ``m`` from the §5 table."""
    return _each_other_pays(state, winner, multiplier * state.options["base_stake"], reason)


def initial_win(state: TonkState, seat: int, multiplier: int, why: str,
                in_turn: bool = False) -> None:
    """E1: the one player who qualified at the deal wins at once; E3 (``in_turn``): a dealt 49
    wins as its holder's first turn starts."""
    transfers = state.game.hooks.settle_initial_win(state, seat, multiplier, why)
    state.count_event(f"initial_{why}" if why in ("49", "50") else "initial_low")
    if in_turn:
        text = f"{seat_name(seat)} was dealt {why} and wins as the first turn starts (E3)"
    else:
        text = f"{seat_name(seat)} was dealt {why} and wins at once (E1)"
    close(state, "initial_win", (seat,), transfers, text)


# ----- E2 void deal (6.2) -----------------------------------------------------------------------

def settle_void_deal(state: TonkState) -> list[Transfer]:
    """6.2 (E2): no transfers."""
    return []


def void_deal(state: TonkState, qualifiers: Sequence[tuple[int, int, str]]) -> None:
    """E2: two or more players qualified at the deal; nobody pays, the deal passes left."""
    state.count_event("void_deal")
    seats = ", ".join(f"{seat_name(seat)} ({why})" for seat, _, why in qualifiers)
    close(state, "void_deal", (), state.game.hooks.settle_void_deal(state),
          f"two or more players qualified at the deal: {seats}; void deal (E2)")


# ----- E4 tonk (6.3) ----------------------------------------------------------------------------

def settle_tonk(state: TonkState, tonker: int, qualifies: bool) -> list[Transfer]:
    """6.3 (E4): each other player pays the tonker ``tonk_multiplier·S`` when the tonk qualifies
    as a double under ``tonk_double_condition``, ``out_by_discard_multiplier·S`` otherwise."""
    options = state.options
    if qualifies:
        return _each_other_pays(state, tonker, options["tonk_multiplier"]
                                * options["base_stake"], "tonk")
    return _each_other_pays(state, tonker, options["out_by_discard_multiplier"]
                            * options["base_stake"], "tonk (single)")


def tonk_qualifies(state: TonkState) -> bool:
    """6.3 ``tonk_double_condition``: does the tonk just made pay double?"""
    condition = state.options["tonk_double_condition"]
    if condition == "any":
        return True
    if condition == "new_spread":
        return state.new_spreads > 0
    return not state.melded_before and state.turn_start_size == state.options["hand_size"]


def tonk_out(state: TonkState, seat: int) -> None:
    """E4: ``seat`` emptied the hand with spreads and hits (no final discard)."""
    state.count_event("tonk")
    qualifies = tonk_qualifies(state)
    transfers = state.game.hooks.settle_tonk(state, seat, qualifies)
    how = "double" if qualifies else "single"
    close(state, "tonk", (seat,), transfers,
          f"{seat_name(seat)} emptied the hand by spreads and hits: tonk, paid {how} (E4)")


# ----- E5 out by discard (6.4) ------------------------------------------------------------------

def settle_out_by_discard(state: TonkState, winner: int) -> list[Transfer]:
    """6.4 (E5): each other player pays ``out_by_discard_multiplier·S``."""
    options = state.options
    return _each_other_pays(state, winner, options["out_by_discard_multiplier"]
                            * options["base_stake"], "out by discard")


def out_by_discard(state: TonkState, seat: int, card: Card) -> None:
    """E5: ``seat`` emptied the hand by discarding ``card``."""
    state.count_event("out_by_discard")
    transfers = state.game.hooks.settle_out_by_discard(state, seat)
    close(state, "out_by_discard", (seat,), transfers,
          f"{seat_name(seat)} went out by discarding {card} (E5)")


# ----- E6 drop (6.5) ----------------------------------------------------------------------------

def settle_drop(state: TonkState, dropper: int,
                counts: Sequence[int]) -> tuple[str, tuple[int, ...], list[Transfer]]:
    """6.5 (E6): ``("drop", (dropper,), transfers)`` when the drop wins (strictly lowest),
    else ``("caught", winners, transfers)`` by ``caught_settlement``."""
    options = state.options
    players = state.players
    stake = options["base_stake"]
    d = counts[dropper]
    others = [seat for seat in range(players) if seat != dropper]
    low = min([counts[seat] for seat in others])
    if d < low:
        return "drop", (dropper,), _each_other_pays(
            state, dropper, options["drop_win_multiplier"] * stake, "drop won")
    winners = tuple(seat for seat in others if counts[seat] == low)
    mode = options["caught_settlement"]
    transfers: list[Transfer] = []
    if mode == "standard":
        for w in winners:
            transfers.append(Transfer(dropper, w, 2 * stake, "caught: dropper pays the winner"))
        for seat in others:
            if seat not in winners and counts[seat] < d:
                transfers.append(Transfer(dropper, seat, stake, "caught: dropper pays a lower "
                                          "player"))
        for seat in others:
            if seat not in winners:
                for w in winners:
                    transfers.append(Transfer(seat, w, stake, "everyone pays the winner"))
    elif mode == "double_plus_base":
        for seat in others:
            if counts[seat] <= d:
                transfers.append(Transfer(dropper, seat, 2 * stake,
                                          "caught: double to each equal or lower player"))
        for seat in range(players):
            if seat not in winners:
                for w in winners:
                    transfers.append(Transfer(seat, w, stake, "everyone pays the winner"))
    elif mode == "double_only":
        for seat in others:
            if counts[seat] <= d:
                transfers.append(Transfer(dropper, seat, 2 * stake,
                                          "caught: double to each equal or lower player"))
    else:  # texas
        for w in winners:
            transfers.append(Transfer(dropper, w, 2 * stake, "caught: dropper pays the winner"))
    return "caught", winners, transfers


def drop(state: TonkState, seat: int) -> None:
    """E6: ``seat`` drops; everybody shows and the counts decide (drop won, or caught)."""
    counts = state.counts()
    ending, winners, transfers = state.game.hooks.settle_drop(state, seat, counts)
    state.count_event("drop_won" if ending == "drop" else "drop_caught")
    if state.quiet:  # a search's play-out: only the payoffs count
        close(state, ending, winners, transfers, "", dropper=seat, counts=counts)
        return
    if ending == "drop":
        why = f"{seat_name(seat)} dropped with {counts[seat]} and was lowest: drop won (E6)"
    else:
        low = ", ".join(f"{seat_name(w)} with {counts[w]}" for w in winners)
        why = f"{seat_name(seat)} dropped with {counts[seat]} and was caught by {low} (E6)"
    close(state, ending, winners, transfers, why, dropper=seat, counts=counts)


# ----- E7 stock exhausted (6.6) -----------------------------------------------------------------

def settle_stock_out(state: TonkState,
                     counts: Sequence[int]) -> tuple[tuple[int, ...], list[Transfer]]:
    """6.6 (E7): the single lowest count is paid ``stock_end_multiplier·S`` by each other
    player; a tie for lowest is a draw, or (``all_tied_paid``) each non-tied player pays each tied
    player 1·S. Returns ``(winners, transfers)``."""
    options = state.options
    low = min(counts)
    lowest = tuple(seat for seat in range(state.players) if counts[seat] == low)
    stake = options["base_stake"]
    if len(lowest) == 1:
        return lowest, _each_other_pays(state, lowest[0],
                                        options["stock_end_multiplier"] * stake, "stock end")
    if options["stock_end_tie"] == "draw":
        return (), []
    transfers = [Transfer(seat, w, stake, "stock end, tied lowest")
                 for seat in range(state.players) if seat not in lowest for w in lowest]
    return lowest, transfers


def stock_out(state: TonkState, why: str) -> None:
    """E7: the stock ran out (by ``stock_exhaustion``) or the turn cap was reached: the hands
    are compared."""
    counts = state.counts()
    state.count_event("stock_out")
    winners, transfers = state.game.hooks.settle_stock_out(state, counts)
    tail = "lowest count wins" if len(winners) == 1 else (
        "tie for lowest: draw" if not winners else "tie for lowest: all tied are paid")
    close(state, "stock_out", winners, transfers, f"{why}: hands compared, {tail} (E7)",
          counts=counts)


# ----- E8 double-double (6.8) -------------------------------------------------------------------

def settle_double_double(state: TonkState, tonker: int, responder: int) -> list[Transfer]:
    """6.8 (E8): the tonker pays the responder ``double_double_multiplier·S`` (``responder``,
    default) or the responder pays the tonker (``original_tonker``), instead of the tonk
    payment."""
    options = state.options
    amount = options["double_double_multiplier"] * options["base_stake"]
    if options["double_double_winner"] == "responder":
        return [Transfer(tonker, responder, amount, "double-double")]
    return [Transfer(responder, tonker, amount, "double-double")]


def double_double(state: TonkState, tonker: int, responder: int) -> None:
    """E8: ``responder`` hit every card onto the run(s) ``tonker`` laid in the out-turn."""
    state.count_event("double_double")
    transfers = state.game.hooks.settle_double_double(state, tonker, responder)
    close(state, "double_double", (transfers[0].payee,), transfers,
          f"{seat_name(responder)} hit every card onto {seat_name(tonker)}'s new run: "
          "double-double (E8)")


# ----- the spades side bet (6.9) ----------------------------------------------------------------

def spade_strength(card: Card | None, ace_high: bool) -> int:
    """Rank of a spade for the side bet (K high, A low; or A high): 0 for no spade."""
    if card is None:
        return 0
    rank = int(card.rank)  # type: ignore[arg-type]
    return Rank.KING + 1 if rank == Rank.ACE and ace_high else rank


def settle_side_bet(state: TonkState, joiners: Sequence[int],
                    highest: Mapping[int, Card | None]) -> tuple[int | None, list[Transfer]]:
    """6.9: the joiner with the highest spade takes the side pot, i.e. each other joiner pays
    them the stake; fewer than 2 joiners or no spade among them: stakes returned (no transfers).
    Returns ``(winner or None, transfers)``."""
    if len(joiners) < 2:
        return None, []
    ace_high = state.options["spades_bet_ace_high"]
    best = max(joiners, key=lambda seat: spade_strength(highest.get(seat), ace_high))
    if spade_strength(highest.get(best), ace_high) == 0:
        return None, []
    stake = state.options["spades_side_bet_stake"]
    return best, [Transfer(seat, best, stake, "spades side bet")
                  for seat in joiners if seat != best]


def side_bet(state: TonkState) -> None:
    """6.9: the joiners reveal their highest spade in deal order; the highest takes the side
    pot (settled with whatever ends the hand)."""
    ace_high = state.options["spades_bet_ace_high"]
    for seat in state.bet_joiners if len(state.bet_joiners) > 1 else ():
        spades = [card for card in cards_in(state.hands[seat]) if card.suit == Suit.SPADES]
        best = max(spades, key=lambda card: spade_strength(card, ace_high), default=None)
        state.bet_spades[seat] = best
        if best is not None:
            state.public_mask |= best.mask
    state.bet_winner, state.bet_transfers = state.game.hooks.settle_side_bet(
        state, state.bet_joiners, state.bet_spades)
    if state.bet_winner is not None:
        state.count_event("spades_bet_won")


# ----- closing the hand -------------------------------------------------------------------------

def close(state: TonkState, ending: str, winners: Iterable[int], transfers: list[Transfer],
          why: str, dropper: int | None = None, counts: list[int] | None = None) -> None:
    """End the hand: the result with ``why`` as its explanation, the side bet's transfers added,
    and details that read as sentences (numbers per seat stay lists, one entry per seat); in a
    ``quiet`` state (a search's play-out) the same payments, winners and ending, no words."""
    if state.quiet:  # a search's play-out: the result without its words
        state.finish(Result.from_transfers(ending, state.players,
                                           [*transfers, *state.bet_transfers], winners))
        return
    if counts is None:
        counts = state.counts()
    details: dict[str, Any] = {
        "explanation": why,
        "counts": counts,
        "dealt_counts": list(state.dealt_counts),
        "revealed": [[_WRITTEN[p] for p in sorted([_WRITTEN_POSITION[card.index]
                                                   for card in cards_in(hand)])]
                     for hand in state.hands],
        "table": [f"{seat_name(entry.owner)}'s {'book' if entry.meld.is_set else 'run'} "
                  f"{entry.meld}" for entry in state.table],
        "turns": state.turns,
    }
    locked = [f"{seat_name(seat)} for {turns} more turn{'s' if turns > 1 else ''}"
              for seat, turns in enumerate(state.locks) if turns]
    if locked:
        details["still_hit_locked"] = ", ".join(locked)
    if dropper is not None:
        details["dropper"] = dropper
    if state.bet_offered:
        details["side_bet"] = {
            "joiners": list(state.bet_joiners),
            "spades": {str(seat): (card.text if card else None)
                       for seat, card in state.bet_spades.items()},
            "winner": state.bet_winner,
        }
    if state.events:
        details["events"] = list(state.events)
    payments = ", ".join(f"{seat_name(t.payer)} pays {seat_name(t.payee)} {t.amount:g}"
                         for t in transfers) or "no payments"
    summary = f"{why}: {payments}"
    if state.bet_transfers:
        summary += f"; side bet won by {seat_name(state.bet_winner)}"  # type: ignore[arg-type]
    state.finish(Result.from_transfers(ENDINGS.get(ending) or ending, state.players,
                                       [*transfers, *state.bet_transfers], winners, details,
                                       summary))
