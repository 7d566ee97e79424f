"""The OpenSpiel bridge (``cardkit_games.gin_rummy.openspiel_bridge``, which the benchmark
``python -m bench.openspiel_gin`` plays): OpenSpiel referees, cardkit mirrors every step, and
the two engines agree on every hand played (runs when ``pyspiel`` is installed)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
from cardkit_games.gin_rummy import openspiel_bridge as bridge

from cardkit.values.cards import ALL_CARDS


def test_card_numbers_round_trip() -> None:
    assert all(bridge.to_cardkit(bridge.to_openspiel(card)) == card for card in ALL_CARDS[:52])
    assert bridge.to_cardkit(0).text == "AS" and bridge.to_cardkit(13).text == "AC"


def test_the_mirror_game_is_set_to_openspiels_rules() -> None:
    game = bridge.bridge_game(bridge.Plan())
    assert game.players == 2
    options = game.options
    assert (options["knock_limit"], options["gin_bonus"], options["undercut_bonus"]) == (10, 25,
                                                                                        25)
    assert options["big_gin_bonus"] is None
    assert options["discard_taken_card_same_turn"] and options["draw_stock_remaining"] == 1
    state = game.new_hand(seed=1)
    # equal deadwood scores nothing, as in OpenSpiel; an undercut otherwise keeps its bonus
    assert game.hooks.hand_score(state, "knock", 6, 6)[1] == 0
    assert game.hooks.hand_score(state, "knock", 6, 4) == ("defender", 27, "undercut")


@pytest.mark.parametrize("agent", ["normal", "hard", "easy"])
def test_both_engines_agree_on_every_hand(agent: str) -> None:
    """Each deal with the agent in both seats; any disagreement raises."""
    runner = bridge.Bridge(agent, {})
    endings = set()
    for deal in range(12):
        for seat in (0, 1):
            record = runner.play(deal, seat)
            assert record["points"] == runner.os.returns()[seat]
            endings.add(record["ending"])
    assert {"knock"} <= endings


def test_a_searching_agent_plays_through_the_bridge() -> None:
    runner = bridge.Bridge("expert", {"iterations": 8})
    record = runner.play(3, 1)
    assert record["seat"] == 1 and runner.times
