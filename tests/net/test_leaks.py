"""No message ever holds a card hidden from the one who receives it: every message of whole
matches of each game (two people, a bot and a spectator at the table) is captured as it is sent
and each card it names is checked against ``state.hidden_cards(seat)`` at that moment — for a
spectator, against the cards hidden from any seat."""

from __future__ import annotations

import json
import random

import pytest

import cardkit
from cardkit.values.cards import Card
from tests.net.helpers import WAIT, PlayerThread, ServerThread

GAMES = ["tonk", "gin-rummy", "tien-len"]


def cards_named(message, texts):
    """Every card text named anywhere in the message's JSON (a wild card's declared identity,
    ``X1=6H`` or a meld's ``represents``, names a card without showing it)."""
    found = set()

    def walk(value, key=None):
        if key == "represents":
            return
        if isinstance(value, str):
            for word in value.replace(",", " ").replace("[", " ").replace("]", " ").split():
                token = word.split("=")[0]
                if token in texts:
                    found.add(texts[token])
        elif isinstance(value, dict):
            for name, item in value.items():
                walk(item, name)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(json.dumps(message)))
    return found


@pytest.mark.parametrize("game_name", GAMES)
def test_no_message_holds_a_hidden_card(game_name):
    game = cardkit.load_game(game_name, players=3)
    leaks: list[str] = []
    counts = {"seat": 0, "spectator": 0, "cards": 0}

    def tap(seat, message, state):
        texts = {card.text: card for card in state.deck}
        named = cards_named(message, texts)
        if seat is None:
            hidden = set()
            for each in range(state.players):
                hidden |= set(state.hidden_cards(each))
            counts["spectator"] += 1
        else:
            hidden = set(state.hidden_cards(seat))
            counts["seat"] += 1
        counts["cards"] += len(named)
        shown = sorted(card.text for card in named & hidden)
        if shown:
            leaks.append(f"{message['type']} to {seat}: {shown}")

    # the players answer at once: no flood limit (20 moves a second) to wait on
    with ServerThread(rate=10_000.0, burst=10_000.0) as host:
        table = host.open("t", game.new_match(seed=17, hands=3), (None, None, "random"))
        host.run(lambda: table.taps.append(tap))
        rng = random.Random(5)
        choices = [random.Random(rng.random()) for _ in range(2)]
        players = [PlayerThread(host.seat_url(table, seat),
                                choose=lambda legal, r=choices[seat]: r.choice(legal))
                   for seat in (0, 1)]
        spectator = PlayerThread(host.url(table))
        spectator.start()
        for player in players:
            player.start()
        for thread in (*players, spectator):
            thread.join(4 * WAIT)
            assert not thread.is_alive() and thread.error is None, repr(thread.error)
        assert host.run(lambda: table.match.is_over)
    assert not leaks, leaks[:5]
    # the check saw real traffic: both seats and the spectator, and plenty of cards
    assert counts["seat"] > 12 and counts["spectator"] > 6 and counts["cards"] > 60, counts


def test_cards_named_finds_cards_in_text_and_ignores_declared_identities():
    texts = {card.text: card for card in (Card.parse("KH"), Card.parse("6H"), Card.parse("X1"))}
    message = {"a": ["discard KH"], "b": {"represents": ["6H"]}, "c": "hit X1=6H 2"}
    assert {card.text for card in cards_named(message, texts)} == {"KH", "X1"}
