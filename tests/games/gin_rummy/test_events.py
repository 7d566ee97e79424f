"""Gin rummy's events, as the engine counts them, agree exactly with counts made independently
from the hands' records (their actions and saved results)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.engine.agents import RandomAgent
from cardkit.engine.capabilities import Events
from cardkit.engine.records import HandRecord
from cardkit.engine.registry import game_definition, load_game

OPTIONS = {
    "knock_limit": st.integers(0, 12),
    "big_gin_bonus": st.sampled_from([None, 31]),
    "draw_stock_remaining": st.integers(0, 6),
    "discard_taken_card_same_turn": st.booleans(),
    "knocker_arrangement": st.sampled_from(["best_result", "minimum_deadwood"]),
    "undercut_bonus": st.sampled_from([10, 25]),
}


def independent_counts(record: HandRecord) -> Counter[str]:
    """Gin's events read from a record's actions and saved result."""
    counts: Counter[str] = Counter()
    for text in record.actions:
        kind = text.split()[0]
        if text == "take upcard":
            counts["upcard_taken"] += 1
        elif text == "draw discard":
            counts["discard_drawn"] += 1
        elif text == "big gin":
            counts["big_gin"] += 1
        elif kind in ("knock", "gin"):
            counts[kind] += 1
    result = record.result or {}
    if result.get("ending") == "undercut":
        counts["undercut"] += 1
    if result.get("ending") == "draw":
        counts["dead_hand"] += 1
    counts["layoff"] += len(result.get("details", {}).get("layoffs", ()))
    return +counts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3]), seed=st.integers(0, 10**6),
       greedy=st.sampled_from([0, 1, 2]), options=st.fixed_dictionaries({}, optional=OPTIONS))
def test_events_match_counts_made_from_the_record(players, seed, greedy, options):
    game = load_game("gin-rummy", players=players, **options)
    state = game.new_hand(seed=seed)
    # greedy players knock and lay off; random ones reach dead hands and big gins rarely
    agents = [game.agent("greedy", seat, seed) if seat < greedy else RandomAgent(seed + seat)
              for seat in range(players)]
    while state.result is None:
        player = state.current_player
        state.apply(agents[player].choose(state.view(player), state.legal_actions()))
    record = HandRecord.from_dict(state.record().to_dict())
    assert Counter(state.event_counts) == independent_counts(record)
    declared = game.definition.capability(Events)
    assert declared is not None and set(state.event_counts) <= set(declared.names)


def test_every_declared_event_happens_in_greedy_play():
    declared = set(game_definition("gin-rummy").capability(Events).names)
    seen: set[str] = set()
    for options in ({"big_gin_bonus": 31}, {"knock_limit": 0, "draw_stock_remaining": 8}):
        game = load_game("gin-rummy", players=2, **options)
        for seed in range(600):
            state = game.new_hand(seed=seed)
            agents = [game.agent("greedy", seat, seed) for seat in range(2)]
            while state.result is None:
                player = state.current_player
                state.apply_unchecked(agents[player].choose(state.view(player),
                                                            state.legal_actions()))
            seen |= set(state.event_counts)
            if seen >= declared:
                return
    assert declared - seen == set()
