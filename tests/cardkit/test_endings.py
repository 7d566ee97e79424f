"""Endings as declared values: each game declares its endings (``State.ENDINGS``); a result
with another is refused, and an ending still compares, prints and is saved as its name."""

from __future__ import annotations

import json
import pickle

import attrs
import pytest

import cardkit
from cardkit.records import HandRecord, parse_record
from cardkit.results import Ending, Endings, Result
from cardkit.values.errors import RecordError
from testgames.knock_rummy import KNOCK_RUMMY, KnockRummyState

STACK = "2C 9S 3C 9H 4C 9D 5C 9C KD KS KH QS 7D 2D JH QC"


def test_an_ending_is_its_name_with_an_explanation():
    knock = Ending("knock", "deadwood lower", "5.1")
    assert knock == "knock" and hash(knock) == hash("knock") and str(knock) == "knock"
    assert repr(knock) == "'knock'" and f"{knock}" == "knock"
    assert json.dumps({"ending": knock}) == '{"ending": "knock"}'
    again = pickle.loads(pickle.dumps(knock))
    assert (again, again.explanation, again.section) == ("knock", "deadwood lower", "5.1")
    with pytest.raises(ValueError, match="one word"):
        Ending("knock out")


def test_endings_refuse_doubles_and_strings_and_name_the_declared_ones():
    with pytest.raises(ValueError, match="declared twice"):
        Endings(Ending("gin"), Ending("gin"))
    with pytest.raises(TypeError, match="declare each ending as an Ending"):
        Endings("gin")  # type: ignore[arg-type]
    endings = Endings(Ending("knock"), Ending("gin"))
    with pytest.raises(KeyError, match=r"'tonk' is not declared \(the endings: knock, gin\)"):
        endings["tonk"]
    assert list(endings | Endings(Ending("gin"), Ending("draw"))) == ["knock", "gin", "draw"]


@pytest.mark.parametrize(("name", "players"), [("tonk", 3), ("gin-rummy", 2), ("tien-len", 4)])
def test_every_house_hand_ends_in_a_declared_ending_with_its_explanation(name, players):
    game = cardkit.load_game(name, players=players)
    endings = game.definition.state_class.ENDINGS
    assert endings and all(ending.explanation and ending.section for ending in endings)
    for seed in range(6):
        state = game.new_hand(seed=seed)
        agents = [game.agent("normal", seat, seed) for seat in range(players)]
        while not state.is_over:
            seat = state.current_player
            state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
        assert state.result is not None
        ending = state.result.ending
        assert type(ending) is Ending and ending is endings[ending]
        saved = json.loads(state.record().to_json())["result"]["ending"]
        assert saved == ending and type(saved) is str


class Declared(KnockRummyState):
    ENDINGS = Endings(Ending("knock", "a player knocked"))  # no stock_out: refused


def test_a_result_with_an_undeclared_ending_is_refused():
    game = KNOCK_RUMMY.variant(name="declared", state_class=Declared).configure(players=2)
    state = game.new_hand(seed=5, deck=STACK)
    with pytest.raises(RuntimeError, match="'stock_out' is not declared .the endings: knock."):
        state.finish(Result("stock_out", (), (0, 0)))
    assert state.result is None and not state.is_over
    state.finish(Result("knock", (0,), (1, -1)))
    assert state.result is not None and state.result.ending.explanation == "a player knocked"


def test_a_record_holding_an_undeclared_ending_is_refused_on_load():
    game = cardkit.load_game("gin-rummy")
    state = game.new_hand(seed=2)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    data = state.record().to_dict()
    assert HandRecord.from_dict(data).replay().result == state.result
    data["result"] = {**data["result"], "ending": "tonk"}
    with pytest.raises(RecordError, match="result.ending: the ending 'tonk' is not declared"):
        parse_record(json.dumps(data))


def test_a_quiet_play_out_keeps_the_ending_it_was_given():
    game = KNOCK_RUMMY.variant(name="declared", state_class=Declared).configure(players=2)
    state = game.new_hand(seed=5, deck=STACK)
    state.quiet = True
    state.finish(Result("knock", (0,), (1, -1)))
    assert state.result == Result("knock", (0,), (1, -1))
    assert attrs.evolve(state.result).ending == "knock"
