"""Test helpers for Tiến Lên: build a stacked deck from the hands wanted."""

from __future__ import annotations

from collections.abc import Mapping

from cardkit_games.tien_len.rules import (
    RANK_ORDER,
    SUIT_ORDER,
    beating_plays,
    bomb_rules,
    lead_plays,
)

import cardkit
from cardkit.engine.game import Game
from cardkit.engine.match import HandContext
from cardkit.engine.state import State
from cardkit.values.cards import STANDARD_CARDS, Card, parse_cards

P1, P2, P3, P4 = 0, 1, 2, 3


def _strength(card: Card) -> int:
    return RANK_ORDER.index(card.rank) * 4 + SUIT_ORDER.index(card.suit)


def stacked_deck(hands: Mapping[int, str], players: int = 4, dealer: int | None = None,
                 direction: str = "clockwise", out_of_play: str = "") -> list[Card]:
    """A full deck (top first) that deals ``hands`` (seat -> cards text, filled up to 13 with
    unwanted low-risk cards) under the deal convention: one card at a time from the top, starting
    at the player after the dealer in the play direction; the rest is out of play."""
    dealer = players - 1 if dealer is None else dealer
    step = 1 if direction == "clockwise" else -1
    wanted = {seat: parse_cards(text) for seat, text in hands.items()}
    reserved = parse_cards(out_of_play)
    used = {card for cards in wanted.values() for card in cards} | set(reserved)
    pool = sorted((c for c in STANDARD_CARDS if c not in used), key=_strength)
    full: dict[int, list[Card]] = {}
    for seat in range(players):  # contiguous blocks of the sorted pool: no dragons
        cards = list(wanted.get(seat, []))
        need = 13 - len(cards)
        assert need >= 0, f"seat {seat} given more than 13 cards"
        cards += pool[:need]
        pool = pool[need:]
        full[seat] = cards
    twos = [card for card in STANDARD_CARDS if card.rank == 2]
    for seat, cards in full.items():  # an unasked-for four 2s: swap one 2 out
        extra_twos = [two for two in twos if two in cards and two not in wanted.get(seat, ())]
        if all(two in cards for two in twos) and extra_twos:
            two = extra_twos[0]
            for other, other_cards in full.items():
                fillers = [c for c in other_cards
                           if c not in wanted.get(other, ()) and c.rank != 2]
                if other != seat and fillers:
                    i, j = cards.index(two), other_cards.index(fillers[0])
                    cards[i], other_cards[j] = other_cards[j], cards[i]
                    break
    first = (dealer + step) % players
    deck: list[Card] = []
    for position in range(13 * players):
        seat = (first + position * step) % players
        deck.append(full[seat][position // players])
    return deck + pool + reserved


def later_game(leader: int, players: int = 4, dealer: int | None = None) -> HandContext:
    """A context for a game after the first: ``leader`` leads anything."""
    return HandContext(dealer=players - 1 if dealer is None else dealer, hand_number=1,
                       totals=(0,) * players, leader=leader, extra={"first_game": False})


def deal(hands: Mapping[int, str], game: Game | None = None, context: HandContext | None = None,
         out_of_play: str = "", **options: object) -> State:
    """A hand dealt with these hands (4 players, defaults unless ``game``/``options`` given)."""
    game = game or cardkit.load_game("tien-len", **options)
    dealer = context.dealer if context is not None else None
    deck = stacked_deck(hands, game.players, dealer, game.options["play_direction"], out_of_play)
    return game.new_hand(seed=0, deck=deck, context=context)


def plays(state: State) -> set[str]:
    """The legal play texts now (without ``pass``)."""
    return {str(a) for a in state.legal_actions() if a.kind == "play"}


def play_types(state: State) -> set[tuple[str, int]]:
    """The (type, length) of every legal play now."""
    from cardkit_games.tien_len.rules import climbing_rules, combination_of

    rules = climbing_rules(state.options)
    found = set()
    for action in state.legal_actions():
        if action.kind == "play":
            combo = combination_of(action.cards, rules)
            found.add((combo.type.value, combo.length))
    return found


def can_play(state: State, text: str) -> bool:
    """Whether ``play <text>`` is legal now (card order free)."""
    return state.is_legal(state.parse("play " + text))


def with_top(top: str, follower: str, others: Mapping[int, str] | None = None,
             **options: object) -> State:
    """P1 leads ``top`` in a later game; P2 (holding ``follower``) is to act."""
    hands = {P1: top, P2: follower, **(others or {})}
    state = deal(hands, context=later_game(P1), **options)
    state.apply("play " + top)
    assert state.current_player == P2
    return state


def fresh_plays(state: State) -> list[tuple[int, ...]]:
    """The plays a fresh enumeration of the current player's hand gives now (not the play
    tracker's kept lists), as sorted card indexes, in the enumeration's order."""
    seat = state.current_player
    hand = state.hands[seat]
    if state.top is None:
        combos = lead_plays(hand, state.rules, state.must_include)
    else:
        combos = beating_plays(hand, state.top, state.bomb_fight, state.rules,
                               bomb_rules(state.options), bool(state.passed >> seat & 1))
    return [tuple(sorted(card.index for card in combo.cards)) for combo in combos]
