"""Settlement (rules §6): one function per ending of the §5 table, each returning the transfers.

Every function takes the resolved options and the facts of the ending and returns a list of
:class:`~cardkit.results.Transfer` ("payer pays payee k·S"); there is no pot except the spades side
pot (6.9), so every hand is zero-sum. These functions are the default ``settle_*`` hooks of the
game definition; a variant replaces one with ``hooks.replace(settle_drop=...)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardkit.cards import Card
from cardkit.results import Transfer

__all__ = [
    "settle_double_double",
    "settle_drop",
    "settle_initial_win",
    "settle_out_by_discard",
    "settle_side_bet",
    "settle_stock_out",
    "settle_tonk",
    "settle_void_deal",
]

Options = Mapping[str, Any]


def _each_other_pays(players: int, winner: int, amount: float, reason: str) -> list[Transfer]:
    return [Transfer(seat, winner, amount, reason) for seat in range(players) if seat != winner]


def settle_initial_win(options: Options, players: int, winner: int, multiplier: int,
                       reason: str) -> list[Transfer]:
    """6.1 (E1/E3): each other player pays the winner ``m·S``, ``m`` from the §5 table."""
    return _each_other_pays(players, winner, multiplier * options["base_stake"], reason)


def settle_void_deal(options: Options, players: int) -> list[Transfer]:
    """6.2 (E2): no transfers."""
    return []


def settle_tonk(options: Options, players: int, tonker: int, qualifies: bool) -> list[Transfer]:
    """6.3 (E4): each other player pays the tonker ``tonk_multiplier·S`` when the tonk qualifies
    as a double under ``tonk_double_condition``, ``out_by_discard_multiplier·S`` otherwise."""
    if qualifies:
        return _each_other_pays(players, tonker, options["tonk_multiplier"] *
                                options["base_stake"], "tonk")
    return _each_other_pays(players, tonker, options["out_by_discard_multiplier"] *
                            options["base_stake"], "tonk (single)")


def settle_out_by_discard(options: Options, players: int, winner: int) -> list[Transfer]:
    """6.4 (E5): each other player pays ``out_by_discard_multiplier·S``."""
    return _each_other_pays(players, winner, options["out_by_discard_multiplier"] *
                            options["base_stake"], "out by discard")


def settle_drop(options: Options, players: int, dropper: int,
                counts: Sequence[int]) -> tuple[str, tuple[int, ...], list[Transfer]]:
    """6.5 (E6): ``("drop", (dropper,), transfers)`` when the drop wins (strictly lowest),
    else ``("caught", winners, transfers)`` by ``caught_settlement``."""
    stake = options["base_stake"]
    d = counts[dropper]
    others = [seat for seat in range(players) if seat != dropper]
    if all(d < counts[seat] for seat in others):
        return "drop", (dropper,), _each_other_pays(
            players, dropper, options["drop_win_multiplier"] * stake, "drop won")
    low = min(counts[seat] for seat in others)
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


def settle_stock_out(options: Options, players: int,
                     counts: Sequence[int]) -> tuple[tuple[int, ...], list[Transfer]]:
    """6.6 (E7): the single lowest count is paid ``stock_end_multiplier·S`` by each other
    player; a tie for lowest is a draw, or (``all_tied_paid``) each non-tied player pays each tied
    player 1·S. Returns ``(winners, transfers)``."""
    low = min(counts)
    lowest = tuple(seat for seat in range(players) if counts[seat] == low)
    stake = options["base_stake"]
    if len(lowest) == 1:
        return lowest, _each_other_pays(players, lowest[0],
                                        options["stock_end_multiplier"] * stake, "stock end")
    if options["stock_end_tie"] == "draw":
        return (), []
    transfers = [Transfer(seat, w, stake, "stock end, tied lowest")
                 for seat in range(players) if seat not in lowest for w in lowest]
    return lowest, transfers


def settle_double_double(options: Options, tonker: int, responder: int) -> list[Transfer]:
    """6.8 (E8): the tonker pays the responder ``double_double_multiplier·S`` (``responder``,
    default) or the responder pays the tonker (``original_tonker``), instead of the tonk
    payment."""
    amount = options["double_double_multiplier"] * options["base_stake"]
    if options["double_double_winner"] == "responder":
        return [Transfer(tonker, responder, amount, "double-double")]
    return [Transfer(responder, tonker, amount, "double-double")]


def spade_strength(card: Card | None, ace_high: bool) -> int:
    """Rank of a spade for the side bet (K high, A low; or A high): 0 for no spade."""
    if card is None:
        return 0
    rank = int(card.rank)  # type: ignore[arg-type]
    return 14 if rank == 1 and ace_high else rank


def settle_side_bet(options: Options, joiners: Sequence[int],
                    highest: Mapping[int, Card | None]) -> tuple[int | None, list[Transfer]]:
    """6.9: the joiner with the highest spade takes the side pot, i.e. each other joiner pays
    them the stake; fewer than 2 joiners or no spade among them: stakes returned (no transfers).
    Returns ``(winner or None, transfers)``."""
    if len(joiners) < 2:
        return None, []
    ace_high = options["spades_bet_ace_high"]
    best = max(joiners, key=lambda seat: spade_strength(highest.get(seat), ace_high))
    if spade_strength(highest.get(best), ace_high) == 0:
        return None, []
    stake = options["spades_side_bet_stake"]
    return best, [Transfer(seat, best, stake, "spades side bet")
                  for seat in joiners if seat != best]
