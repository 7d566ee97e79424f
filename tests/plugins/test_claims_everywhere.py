"""Claims out of turn beyond the engine, on contract rummy's buying: at the terminal (the seat
asked is the one to play, its prompt and moves shown), in records (a match with buys saves and
replays to the same hands, and ``cardkit replay`` shows them) and in the research adapters
(PettingZoo's and OpenSpiel's acting seat, Gymnasium's one seat, are whoever may act now)."""

from __future__ import annotations

import random

import numpy as np
from cardkit_cli.main import cli
from cardkit_cli.prompt import EndOfInput
from cardkit_cli.seats import Seating
from cardkit_cli.session import Session
from click.testing import CliRunner

import cardkit
from cardkit.engine.records import MatchRecord, parse_record

GAME = cardkit.load_game("contract-rummy", players=4)
SEED = 5


class Script:
    """A line reader that answers from a list, then ends the input."""

    interactive = False

    def __init__(self, lines):
        self.lines = list(lines)
        self.prompts = []

    def read(self, prompt):
        self.prompts.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        raise EndOfInput

    def wait(self, prompt):
        return ""


def test_at_the_terminal_the_seat_asked_buys(capsys):
    local = GAME.new_match(seed=SEED).current
    local.apply("draw stock")
    card = local.claim_window.card
    match = GAME.new_match(seed=SEED)
    random_bot = GAME.agent("random", 3, 1)
    session = Session(match, Seating((None, None, GAME.agent("random", 2, 1), random_bot),
                                     ("Ann", "Bob", "bot", "bot")))
    session.reader = Script(["draw stock", f"buy {card}"])
    session.run()
    out = capsys.readouterr().out
    moves = [(seat, str(action)) for seat, action in match.hands[0].history]
    assert moves[:2] == [(0, "draw stock"), (1, f"buy {card}")]
    assert session.reader.prompts[1].startswith("Bob (seat 1)")
    assert "out of turn: buy the discard" in out and f"buy {card}" in out
    assert match.hands[0].claims_made[1] == 1 and len(match.hands[0].hands[1]) == 12


def _played(deals: int, seed: int):
    game = cardkit.load_game("contract-rummy", players=3, deals=deals)
    match = game.new_match(seed=seed)
    agents = [game.agent("random", seat, seed) for seat in range(3)]
    while not match.is_over:
        state = match.current
        while not state.is_over:
            seat = state.current_player
            state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        match.next_hand()
    return match


def test_a_match_with_buys_saves_and_replays_to_the_same_hands(tmp_path):
    match = _played(1, 7)
    buys = [action for state in match.hands for _, action in state.history
            if action.kind == "buy"]
    assert buys  # random bots buy now and then
    text = MatchRecord.of_match(match).to_json()
    again = parse_record(text).resume()
    for played, replayed in zip(match.hands, again.hands, strict=True):
        assert [str(a) for _, a in replayed.history] == [str(a) for _, a in played.history]
        assert replayed.hands == played.hands and replayed.claims_made == played.claims_made
    path = tmp_path / "buys.json"
    path.write_text(text)
    shown = CliRunner().invoke(cli, ["replay", str(path)])
    assert shown.exit_code == 0, shown.output
    assert f"buy {buys[0].cards[0]}" in shown.output


def _to_claim_window(state, rng):
    """Random moves until a claim window is open."""
    for _ in range(2000):
        if state.claim_window is not None:
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no claim window opened")


def test_pettingzoo_acts_for_the_seat_asked():
    from cardkit.adapters.pettingzoo import env

    table = env("contract-rummy", players=3)
    table.reset(seed=3)
    rng = random.Random(3)
    seen = 0
    for _ in range(600):
        state = table.state
        agent = table.agent_selection
        if table.terminations[agent] or table.truncations[agent]:
            break
        if state.claim_window is not None:
            seen += 1
            asked = state.claim_window.waiting[0]
            assert agent == table.possible_agents[asked] and asked != state.turn_player
            mask = table.observe(agent)["action_mask"]
            assert mask.sum() == 2  # buy the card on offer, or pass
            turn = table.possible_agents[state.turn_player]
            assert table.observe(turn)["action_mask"].sum() == 0
            if seen == 3:
                break
        mask = table.observe(agent)["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))
    assert seen > 0


def test_openspiel_acts_for_the_seat_asked():
    from cardkit.adapters.openspiel import load_game

    game = load_game("contract-rummy", players=3)
    spiel = game.new_initial_state()
    rng = random.Random(4)
    while spiel.is_chance_node():
        outcomes = spiel.chance_outcomes()
        spiel.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    seen = 0
    for _ in range(600):
        if spiel.is_terminal():
            break
        hand = spiel.hand
        if hand.claim_window is not None:
            seen += 1
            assert spiel.current_player() == hand.claim_window.waiting[0]
            assert len(spiel.legal_actions()) == 2
            if seen == 3:
                break
        spiel.apply_action(rng.choice(spiel.legal_actions()))
    assert seen > 0


def test_gymnasium_asks_its_seat_out_of_turn():
    from cardkit.adapters.gymnasium import make_env

    single = make_env("contract-rummy", seat=2, opponents="random", players=3)
    rng = random.Random(5)
    asked = 0
    for episode in range(3):
        observation, _ = single.reset(seed=episode)
        for _ in range(400):
            state = single.unwrapped.state if hasattr(single.unwrapped, "state") else None
            mask = observation["action_mask"]
            if state is not None and state.claim_window is not None:
                assert state.current_player == 2 and mask.sum() == 2
                asked += 1
                if asked == 3:
                    return
            observation, _, over, cut, _ = single.step(int(rng.choice(np.flatnonzero(mask))))
            if over or cut:
                break
    assert asked > 0
