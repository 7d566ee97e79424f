"""Tiến Lên's events, as the engine counts them, agree exactly with counts made independently
from the hands' records: each play of the replayed hand read against the trick everyone saw
(its top, whether a bomb fight was on, who had passed)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.engine.agents import RandomAgent
from cardkit.engine.capabilities import Events
from cardkit.engine.match import HandContext
from cardkit.engine.records import HandRecord
from cardkit.engine.registry import game_definition, load_game
from cardkit.values.cards import parse_cards
from tests.games.tien_len.helpers import stacked_deck

OPTIONS = {
    "bombs": st.booleans(),
    "quad_beats_pair_of_twos": st.booleans(),
    "longer_double_sequence_beats_shorter": st.booleans(),
    "cross_bomb_beating": st.booleans(),
    "bombs_ignore_pass_lock": st.booleans(),
    "twos_in_sequences": st.sampled_from(["never", "as_top_only"]),
    "play_direction": st.sampled_from(["clockwise", "counterclockwise"]),
    "instant_wins": st.sampled_from([[], ["four_twos", "dragon"],
                                     ["four_twos", "dragon", "six_pairs",
                                      "five_consecutive_pairs"]]),
}


def _shape(cards: list) -> tuple[str, int, bool]:
    """(kind, length, all 2s) of a played combination, from its cards alone."""
    ranks = [card.rank for card in cards]
    twos = all(rank == 2 for rank in ranks)
    distinct = len(set(ranks))
    if len(cards) == 4 and distinct == 1:
        return "quad", 1, twos
    if len(cards) >= 6 and len(cards) == 2 * distinct \
            and all(ranks.count(rank) == 2 for rank in ranks):
        return "double_sequence", distinct, False
    if distinct == 1:
        return "set", len(cards), twos
    return "sequence", len(cards), False


def independent_counts(record: HandRecord) -> Counter[str]:
    """Tiến Lên's events read from a record, play by play."""
    counts: Counter[str] = Counter()
    ending = (record.result or {}).get("ending")
    if ending == "instant_win":
        counts["instant_win"] += 1
    elif ending == "void":
        counts["void_deal"] += 1
    states = list(record.states())
    for index, text in enumerate(record.actions):
        if not text.startswith("play "):
            continue
        before = states[index]
        seat = before.current_player
        info = before.view(seat).info
        kind, length, twos = _shape(parse_cards(text[5:]))
        top = info["top"]
        if top is None:
            if twos:
                counts["twos_led"] += 1
            continue
        if seat in info["passed_players"]:
            counts["pass_lock_broken"] += 1
        top_kind, top_length, top_twos = _shape(parse_cards(" ".join(top["cards"])))
        on_twos = top_twos and top_kind != "sequence"
        if kind not in ("quad", "double_sequence") or not (on_twos or info["bomb_fight"]):
            continue  # not a bomb played as a bomb
        counts["bomb_quad" if kind == "quad" else f"bomb_pairs_{min(length, 5)}"] += 1
        if top_kind in ("quad", "double_sequence"):
            counts["bomb_on_bomb"] += 1
            if top_kind != kind:
                counts["cross_bomb"] += 1
            elif kind == "double_sequence" and length > top_length:
                counts["longer_double_sequence"] += 1
        else:
            counts["chop"] += 1
            if kind == "quad" and top_kind == "set" and top_length == 2:
                counts["quad_on_pair_of_twos"] += 1
    return +counts


def _play(game, seed: int, greedy: int):
    state = game.new_hand(seed=seed)
    agents = [game.agent("greedy", seat, seed) if seat < greedy else RandomAgent(seed + seat)
              for seat in range(game.players)]
    while state.result is None:
        player = state.current_player
        state.apply(agents[player].choose(state.view(player), state.legal_actions()))
    return state


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6),
       greedy=st.integers(0, 4), options=st.fixed_dictionaries({}, optional=OPTIONS))
def test_events_match_counts_made_from_the_record(players, seed, greedy, options):
    state = _play(load_game("tien-len", players=players, **options), seed, greedy)
    record = HandRecord.from_dict(state.record().to_dict())
    assert Counter(state.event_counts) == independent_counts(record)
    declared = state.game.definition.capability(Events)
    assert declared is not None and set(state.event_counts) <= set(declared.names)


#: Rare in play, dealt in the tests below: five pairs, a longer double sequence, a void deal.
RARE = {"bomb_pairs_5", "longer_double_sequence", "void_deal"}


def test_every_bomb_event_happens_under_the_options_that_allow_it():
    declared = set(game_definition("tien-len").capability(Events).names)
    game = load_game("tien-len", preset="everything")
    seen: set[str] = set()
    for seed in range(1500):
        seen |= set(_play(game, seed, greedy=4).event_counts)
        if seen >= declared - RARE:
            break
    assert declared - seen <= RARE


def test_a_longer_double_sequence_on_a_chop_is_counted():
    """Seat 1 chops seat 0's 2 with three pairs; seat 2 plays five pairs on them
    (longer_double_sequence_beats_shorter)."""
    game = load_game("tien-len", longer_double_sequence_beats_shorter=True)
    deck = stacked_deck({0: "2S", 1: "4S 4C 5S 5C 6S 6C", 2: "7S 7C 8S 8C 9S 9C 10S 10C JS JC"})
    state = game.new_hand(seed=5, deck=deck, context=HandContext(dealer=3, leader=0,
                                                                  totals=(0, 0, 0, 0)))
    state.apply("play 2S")
    state.apply("play 4S 4C 5S 5C 6S 6C")
    state.apply("play 7S 7C 8S 8C 9S 9C 10S 10C JS JC")
    assert state.event_counts == {"twos_led": 1, "chop": 1, "bomb_pairs_3": 1, "bomb_pairs_5": 1,
                                  "bomb_on_bomb": 1, "longer_double_sequence": 1}
    assert Counter(state.event_counts) == independent_counts(state.record())


def test_two_instant_wins_count_a_void_deal():
    game = load_game("tien-len")
    deck = stacked_deck({0: "2S 2C 2D 2H", 1: "3S 4C 5D 6H 7S 8C 9D 10H JS QC KD AH"})
    state = game.new_hand(seed=5, deck=deck)
    assert state.result.ending == "void"
    assert state.event_counts == {"void_deal": 1}
    assert Counter(state.event_counts) == independent_counts(state.record())
