"""The full-screen table, driven with Textual's pilot: the panels show the table, the hand and
the moves; a move is made by its number, its text or a short form (two keystrokes for a draw
or a discard), by the cards picked in the hand, or from the list; a refusal is told in place;
bots' moves arrive one at a time; hotseat hides the hand between players; narrow screens stack
the panels; and a network seat plays on the same screen."""

from __future__ import annotations

import asyncio
import threading
import time

import attrs
import pytest

pytest.importorskip("textual", reason="the full-screen table needs textual (a core dependency)")

from cardkit_cli.join import RemoteSession, _on_screen
from cardkit_cli.seats import seating
from cardkit_cli.table import HandBar, TableApp, local_table
from textual.widgets import OptionList, RichLog, Static

import cardkit

WAIT = 30.0


def table_for(name: str, players: int, seed: int, hotseat: bool = False,
              bot: str = "random", hands: int = 1, agents: dict | None = None,
              ) -> tuple[TableApp, object]:
    """The table of seat 0 against ``bot`` (the hint: a fixed number of play-outs, so its
    words repeat); ``agents`` puts other agents in some seats."""
    game = cardkit.load_game(name, players=players)
    match = game.new_match(seed=seed, hands=hands)
    seats = seating(game, None if hotseat else 0, hotseat, None if hotseat else bot, None,
                    False, seed, playouts=24)
    if agents:
        chosen = list(seats.agents)
        names = list(seats.names)
        for seat, (label, agent) in agents.items():
            chosen[seat], names[seat] = agent, label
        seats = attrs.evolve(seats, agents=tuple(chosen), names=tuple(names))
    return local_table(match, seats, hotseat=hotseat, pace=0), match


class HeldBot:
    """A bot that thinks until the test lets it move (then plays the first legal move)."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.thinking = threading.Event()

    def choose(self, view, legal):
        self.thinking.set()
        assert self.go.wait(WAIT), "the test never let the bot move"
        return legal[0]


async def until(pilot, condition, failure: str) -> None:
    """Let the app run until ``condition()`` holds; fail with ``failure`` after WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, failure
        await pilot.pause(0.02)


async def asked(app: TableApp, pilot) -> None:
    """Wait until the game asks the player for a line."""
    await until(pilot, lambda: app.asking, "the table never asked for a move")


def text_of(app: TableApp, selector: str) -> str:
    widget = app.query_one(selector)
    if isinstance(widget, RichLog):
        return "\n".join(line.text for line in widget.lines)
    if isinstance(widget, OptionList):
        return "\n".join(str(widget.get_option_at_index(i).prompt)
                         for i in range(widget.option_count))
    if isinstance(widget, Static):
        return str(widget.render())
    return str(widget.render())


def run(coroutine) -> None:
    asyncio.run(coroutine)


def test_a_draw_and_a_discard_take_two_keystrokes_each():
    app, match = table_for("tonk", 2, 21)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await asked(app, pilot)
            state = match.current
            assert "draw stock" in text_of(app, "#moves")
            assert "stock:" in text_of(app, "#table")
            before = len(state.history)
            await pilot.press("d", "s")  # typed 'ds'...
            await pilot.press("enter")   # ...three keys; a number is two
            await asked(app, pilot)
            assert str(state.history[before][1]) == "draw stock"
            hand = list(state.view(0).hand)
            moves = text_of(app, "#moves").splitlines()
            number = next(i for i, line in enumerate(moves, 1) if "discard" in line)
            await pilot.press(str(number), "enter")
            await asked(app, pilot)
            discarded = [a for s, a in state.history if s == 0][-1]
            assert discarded.kind == "discard" and discarded.cards[0] in hand

    run(play())


def test_cards_picked_in_the_hand_play_the_move_of_exactly_those_cards():
    app, match = table_for("gin-rummy", 2, 7)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await asked(app, pilot)
            state = match.current
            if state.phase == "upcard":
                await pilot.press("d", "enter")  # decline (the short form)
                await asked(app, pilot)
            await pilot.press("d", "enter")  # draw from the stock
            await asked(app, pilot)
            bar = app.query_one("#hand", HandBar)
            bar.focus()
            card = bar.cards[1]
            await pilot.press("right", "space", "enter")  # pick the second card, play it
            await asked(app, pilot)
            mine = [a for s, a in state.history if s == 0]
            assert mine[-1].cards == (card,) and mine[-1].kind in ("discard", "knock", "gin")
            assert card not in state.view(0).hand

    run(play())


def test_a_refused_move_is_told_in_the_log_and_the_turn_waits():
    app, match = table_for("tien-len", 4, 3)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await asked(app, pilot)
            state = match.current
            before = len(state.history)
            await pilot.press(*"discard 3s", "enter")
            await asked(app, pilot)
            assert "✗ " in text_of(app, "#log")
            assert len(state.history) == before

    run(play())


def test_hotseat_hides_the_hand_until_the_next_player_is_at_the_screen():
    app, match = table_for("gin-rummy", 2, 5, hotseat=True)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await asked(app, pilot)
            assert "pass the screen" in app.prompt  # the first player is asked to sit down
            await pilot.press("enter")
            await asked(app, pilot)
            first = match.current.current_player
            await pilot.press("1", "enter")
            await asked(app, pilot)
            if match.current.current_player != first:
                assert "pass the screen" in app.prompt
                assert "hidden" in text_of(app, "#table")
                assert app.query_one("#hand", HandBar).cards == []

    run(play())


def test_sixty_columns_stack_the_panels_and_keep_them_in_view():
    app, _ = table_for("tonk", 3, 8)

    async def play() -> None:
        async with app.run_test(size=(60, 24)) as pilot:
            await asked(app, pilot)
            assert app.has_class("narrow")
            for selector in ("#table", "#moves", "#hand", "#log", "#line"):
                region = app.query_one(selector).region
                assert region.width > 0 and region.height > 0, selector
                assert region.right <= 60 and region.bottom <= 24, selector

    run(play())


def test_a_network_seat_plays_on_the_full_screen_table():
    from tests.net.helpers import ServerThread

    game = cardkit.load_game("tonk", players=2)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=4, hands=1), (None, "greedy"))
        url = host.seat_url(table, 0)
        app = TableApp(lambda screen: _on_screen(screen, url, None, False, "Ann",
                                                 RemoteSession), pace=0)

        async def play() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await asked(app, pilot)
                assert "greedy" in text_of(app, "#table") and "stock: " in text_of(app, "#table")
                await pilot.press("d", "s", "enter")
                await asked(app, pilot)
                assert host.run(lambda: str(table.match.current.history[0][1])) in (
                    "draw stock",)
                await pilot.press("ctrl+q")  # leave: the seat waits
                await until(pilot, lambda: app.return_code is not None, "the table did not close")
            assert any("your seat waits for you" in line.plain for line in app.transcript)

        run(play())


def test_a_refusal_is_told_in_place_until_the_next_move():
    app, _ = table_for("tonk", 2, 21)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await asked(app, pilot)
            await pilot.press(*"discard 3s", "enter")
            await asked(app, pilot)
            status = text_of(app, "#status")
            assert status.startswith("✗ ") and "draw" in status  # the reason, beside the prompt
            await pilot.press("d", "s", "enter")
            await asked(app, pilot)
            assert "✗" not in text_of(app, "#status")

    run(play())


def test_a_bot_thinks_on_screen_and_its_move_comes_alone():
    bot = HeldBot()
    app, match = table_for("gin-rummy", 2, 7, agents={1: ("held bot", bot)})

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "thinking…" in text_of(app, "#status"),
                        "no 'thinking…' while the bot thinks")
            assert "seat 1 (held bot) thinking…" in text_of(app, "#status")
            assert "held bot):" not in text_of(app, "#log")  # nothing played yet
            bot.go.set()
            await asked(app, pilot)
            played = [line for line in text_of(app, "#log").splitlines()
                      if line.startswith("seat 1 (held bot):")]
            assert played and len(played) == sum(1 for s, _ in match.current.history if s == 1)

    run(play())


def test_the_panels_open_over_the_table_and_close_with_escape():
    from cardkit_cli.table import TextPanel

    app, _ = table_for("tonk", 2, 21)

    def panel_text() -> str:
        assert isinstance(app.screen, TextPanel), "no panel open"
        return str(app.screen.query_one("#panel-text", Static).render())

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await asked(app, pilot)
            await pilot.press("f1")
            await asked(app, pilot)
            await pilot.pause(0.05)
            assert "keys:" in panel_text() and "draw stock" in panel_text()
            await pilot.press("escape")
            assert not isinstance(app.screen, TextPanel)
            await pilot.press("f3")
            await asked(app, pilot)
            await pilot.pause(0.05)
            assert "Tonk" in panel_text()
            await pilot.press("f2")  # a function key closes one panel and opens the next
            await asked(app, pilot)
            await pilot.pause(0.05)
            assert panel_text().startswith("hint (")
            await pilot.press("escape", "d", "s", "enter")
            await asked(app, pilot)
            await pilot.press("f4")
            await pilot.pause(0.05)
            assert "1. seat 0 (you): draw stock" in panel_text()
            await pilot.press("escape")
            assert app.query_one("#line").has_focus  # back at the line, ready for a move

    run(play())



def test_a_spectator_is_told_whom_the_table_waits_for_and_can_close_the_screen():
    from cardkit_cli.watch import WatchSession

    from tests.net.helpers import ServerThread

    game = cardkit.load_game("tonk", players=2)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=4, hands=1), (None, "greedy"))
        app = TableApp(lambda screen: _on_screen(screen, host.url(table), None, True, None,
                                                 WatchSession), pace=0)

        async def play() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: "waiting for seat 0" in text_of(app, "#log"),
                            "the spectator was not told")
                assert "watching" in text_of(app, "#log")
                assert app.query_one("#hand", HandBar).cards == []  # only the public table
            # closed while the table still waits: the connection ends, the screen's thread too

        run(play())


# ----- claims out of turn (contract rummy's buying) ---------------------------------------------

CONTRACT = "contract-rummy"


def _needs_contract_rummy() -> None:
    if CONTRACT not in cardkit.available_games():
        pytest.skip("the contract rummy example plugin is not installed: "
                    "pip install ./docs/examples/contract_rummy")


async def offered(app: TableApp, pilot, match=None, moves: int = 60) -> None:
    """Play seat 0's first legal move ('1' Enter) until a claim window asks it."""
    for _ in range(moves):
        await asked(app, pilot)
        if app.offer is not None:
            return
        await pilot.press("1", "enter")
    raise AssertionError("no claim window asked seat 0")


def test_a_claim_window_is_offered_over_the_hand_and_one_key_answers_it():
    _needs_contract_rummy()
    app, match = table_for(CONTRACT, 4, 2)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await offered(app, pilot)
            state = match.current
            window = state.claim_window
            assert window is not None and state.current_player == 0
            banner = app.query_one("#offer", Static)
            assert banner.has_class("-open") and banner.region.height >= 2
            words = str(banner.render())
            assert words.startswith("out of turn: buy ") and "thrown by seat 1" in words
            assert "b buy" in words and "p pass" in words and "penalty card" in words
            assert "out of turn" in app.query_one("#table").border_title
            held = len(state.view(0).hand)
            before = len(state.history)
            await pilot.press("b")  # one key buys: no Enter
            await asked(app, pilot)
            assert (0, f"buy {window.card}") == (state.history[before][0],
                                                 str(state.history[before][1]))
            assert len(state.view(0).hand) >= held + 2  # the card and its penalty card
            # the next offer: a key typed into a line that is not empty is only typed...
            await offered(app, pilot)
            before = len(state.history)
            await pilot.press("2", "b")
            assert app.query_one("#line").value == "2b" and len(state.history) == before
            # ...and on an empty line one key passes
            await pilot.press("backspace", "backspace", "p")
            await asked(app, pilot)
            assert (state.history[before][0], str(state.history[before][1])) == (0, "pass")

    run(play())


def test_a_network_seat_answers_a_claim_window_with_one_key_and_sees_the_time():
    from tests.net.helpers import PlayerThread, ServerThread

    _needs_contract_rummy()
    game = cardkit.load_game(CONTRACT, players=4)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=5), (None, None, "random", "random"),
                          claim_seconds=30)
        # seat 0 plays its first legal move each turn: "draw stock" first, opening a window
        mover = PlayerThread(host.seat_url(table, 0))
        app = TableApp(lambda screen: _on_screen(screen, host.seat_url(table, 1), None, False,
                                                 "Bo", RemoteSession), pace=0)

        async def play() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                mover.start()
                await until(pilot, lambda: app.offer is not None and app.asking,
                            "seat 1 was never offered the card")
                words = str(app.query_one("#offer", Static).render())
                assert "s to answer" in words and "(no answer: pass)" in words and "p pass" in words
                await pilot.press("p")
                await until(pilot, lambda: len(host.run(lambda: table.match.current.history)) >= 2,
                            "the pass did not reach the table")
                assert not app.query_one("#offer").has_class("-open")
                await pilot.press("ctrl+q")

        try:
            run(play())
        finally:
            mover.join(1)
        moves = host.run(lambda: [(seat, str(action))
                                  for seat, action in table.match.current.history])
    assert moves[:2] == [(0, "draw stock"), (1, "pass")]


def test_when_a_claim_windows_time_is_up_the_table_passes_and_plays_on():
    from tests.net.helpers import PlayerThread, ServerThread

    _needs_contract_rummy()
    game = cardkit.load_game(CONTRACT, players=4)
    with ServerThread() as host:
        table = host.open("t", game.new_match(seed=5), (None, None, "random", "random"),
                          claim_seconds=1)
        mover = PlayerThread(host.seat_url(table, 0))
        app = TableApp(lambda screen: _on_screen(screen, host.seat_url(table, 1), None, False,
                                                 None, RemoteSession), pace=0)

        async def play() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                mover.start()
                await until(pilot, lambda: "time is up" in text_of(app, "#log"),
                            "the time to answer never ran out")
                # the screen goes on with the table: the offer gone, no refusal in place
                await until(pilot, lambda: app.offer is None or not app.asking,
                            "the offer stayed")
                await pilot.pause(0.3)
                assert "✗" not in text_of(app, "#status")
                assert not app.query_one("#offer").has_class("-open")
                await pilot.press("ctrl+q")

        try:
            run(play())
        finally:
            mover.join(1)
        moves = host.run(lambda: [(seat, str(action))
                                  for seat, action in table.match.current.history])
    assert moves[:3] == [(0, "draw stock"), (1, "pass"), (2, moves[2][1])]


# ----- the cards' letters ---------------------------------------------------------------------

def test_every_card_of_an_eleven_card_hand_is_discarded_with_its_letter_and_enter():
    app, match = table_for("gin-rummy", 2, 7)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await asked(app, pilot)
            state = match.current
            if state.phase == "upcard":
                await pilot.press("d", "enter")  # decline
                await asked(app, pilot)
            await pilot.press("d", "enter")  # draw: eleven cards
            await asked(app, pilot)
            bar = app.query_one("#hand", HandBar)
            assert len(bar.cards) == 11
            # every card shows its letter under it, the 10th and 11th as the 1st
            lines = str(bar.render()).split("\n")
            assert lines[1].split() == list(bar.letters[:11])
            last, letter = bar.cards[10], bar.letter_of(10)
            await pilot.press(letter, "enter")  # two keys
            await asked(app, pilot)
            mine = [action for seat, action in state.history if seat == 0]
            assert mine[-1].kind == "discard" and mine[-1].cards == (last,)
            assert f"> {letter} ({last.text})" in text_of(app, "#log")

    run(play())


def test_letters_pick_cards_in_the_hand_and_a_word_of_letters_plays_them():
    from cardkit_cli.table import card_letters, letters_to_cards

    app, match = table_for("tien-len", 4, 3)
    letters = card_letters(match.game)
    assert "p" not in letters and "h" not in letters and "q" not in letters

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await asked(app, pilot)
            bar = app.query_one("#hand", HandBar)
            cards = list(bar.cards)
            # a word of letters names those cards; a command, a card's text or an unknown
            # letter is left as typed
            assert letters_to_cards(letters[1] + letters[2], cards, letters) == \
                [cards[1], cards[2]]
            for typed in ("table", "exit", "ac", "ks", letters[0] * 2, "z" * 20, "d 3s"):
                assert letters_to_cards(typed, cards, letters) is None, typed
            bar.focus()
            await pilot.press(letters[1], letters[3])  # picked in the hand...
            assert bar.selected == {cards[1], cards[3]}
            await pilot.press(letters[3])               # ...and dropped again
            assert bar.selected == {cards[1]}
            # a click on a card (or on its letter, under it) picks it too
            row, start, _ = bar._spans[4]
            content = bar.content_region.offset - bar.region.offset
            await pilot.click("#hand", offset=(content.x + start, content.y + 2 * row + 1))
            assert bar.selected == {cards[1], cards[4]}

    run(play())
