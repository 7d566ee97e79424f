"""Gin rummy's ``hard`` agent: legal in every configuration, fair (its move depends only on the
view), its fast paths exact, and its learned weights improved by training."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from cardkit_games.gin_rummy.bots import weights as weights_module
from cardkit_games.gin_rummy.bots.policy import (
    CONTINUE_FEATURES,
    KNOCK_FEATURES,
    STOCK_FEATURES,
    VALUE_FEATURES,
    Context,
    HardAgent,
    Memory,
    lookahead,
    meldable_mask,
    melds_with,
    rival_last,
)
from cardkit_games.gin_rummy.rules import RULES, VALUE

import cardkit
from cardkit.libraries.melds import best_arrangement, deadwood_value
from cardkit.services.search.choose import choose_action
from cardkit.values.cards import Card

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from cardkit_games.gin_rummy.bots import training


def play(game: cardkit.Game, seed: int, names: list[str]) -> cardkit.State:
    state = game.new_hand(seed=seed)
    agents = [game.agent(name, seat, seed) for seat, name in enumerate(names)]
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        action, _ = choose_action(agents[seat], state, seat)
        assert action in legal
        state.apply_unchecked(action)
    return state


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (3, {}), (2, {"discard_taken_card_same_turn": True, "big_gin_bonus": 31}),
    (2, {"knock_limit": 0}), (3, {"draw_stock_remaining": 6, "undercut_bonus": 25}),
])
def test_hard_plays_legal_moves_to_the_end(players: int, options: dict) -> None:
    game = cardkit.load_game("gin-rummy", players=players, **options)
    names = ["hard"] * players
    for seed in range(6):
        assert play(game, seed, names).result is not None


def test_hard_plays_the_oklahoma_variant() -> None:
    if "oklahoma-gin" not in cardkit.available_games():
        pytest.skip("the Oklahoma gin example is not installed")
    game = cardkit.load_game("oklahoma-gin", players=2)
    for seed in range(4):
        assert play(game, seed, ["hard", "normal"]).result is not None


def test_the_move_depends_only_on_the_view() -> None:
    """Twin states that differ only in the cards hidden from the seat to play get the same move
    and reason from the same seed (the agent reads nothing but the view)."""
    game = cardkit.load_game("gin-rummy", players=2)
    checked = 0
    for seed in range(8):
        state = game.new_hand(seed=seed)
        agents = [game.agent("normal", s, seed) for s in range(2)]
        for step in range(40):
            if state.is_over:
                break
            seat = state.current_player
            if step % 3 == 0 and len(state.legal_actions()) > 1:
                twin = state.determinize(seat, random.Random(step))
                assert twin.view(seat) == state.view(seat)
                moves = [choose_action(HardAgent(game, 5), world, seat, explain=True)
                         for world in (state, twin)]
                assert moves[0] == moves[1]
                checked += 1
            state.apply_unchecked(agents[seat].choose(state.view(seat), state.legal_actions()))
    assert checked > 20


def test_meldable_mask_is_the_cards_that_meld_with_two_held() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        hand = sum(1 << i for i in rng.sample(range(52), 10))
        mask = meldable_mask(hand)
        for index in range(52):
            if not hand >> index & 1:
                assert bool(mask >> index & 1) == melds_with(index, hand)


def test_lookahead_matches_every_draw_and_discard() -> None:
    """The fast look-ahead (only melding cards tried against every discard) equals trying
    every unseen card against every discard."""
    rng = random.Random(7)
    for _ in range(150):
        cards = rng.sample(range(52), 30)
        hand = sum(1 << i for i in cards[:10])
        unseen = sorted(cards[10:])
        least = deadwood_value(hand, RULES)
        afters = []
        for index in unseen:
            eleven = hand | 1 << index
            afters.append(min(deadwood_value(eleven & ~(1 << j), RULES)
                              for j in range(52) if eleven >> j & 1))
        expected = (least, sum(least - a for a in afters) / len(afters),
                    sum(a <= 10 for a in afters) / len(afters),
                    sum(a == 0 for a in afters) / len(afters))
        assert lookahead(hand, unseen, 10) == pytest.approx(expected)
    assert VALUE[12] == 10


def test_the_shipped_weights_fit_the_features() -> None:
    weights = weights_module.WEIGHTS
    assert len(weights["value"]) == len(VALUE_FEATURES)
    assert len(weights["stock"]) == len(STOCK_FEATURES)
    assert len(weights["knock_mean"]) == len(KNOCK_FEATURES)
    assert len(weights["knock_risk"]) == len(KNOCK_FEATURES) + 1
    assert len(weights["continue"]) == len(CONTINUE_FEATURES)
    assert Path(weights_module.__file__).stat().st_size < 4096


def test_a_short_retraining_improves_on_the_untrained_start() -> None:
    """Eighty hands of self-play from the untrained start, fitted, predict the points of eighty
    other hands better than the start does: the value, the knock score and the stock model;
    the continue model fits its own hands better (forty hands give too few knocks to fit on)."""
    start = training.START
    values, knocks, stocks, continues = training.self_play(start, 80, seed=11, explore=0.1)
    held_values, held_knocks, held_stocks, _held_continues = training.self_play(
        start, 80, seed=12, explore=0.1)
    fitted = training.fit_value(values)
    assert training.value_loss(fitted, held_values) < training.value_loss(start["value"],
                                                                            held_values)
    mean, risk = training.fit_knock(knocks)
    assert (training.knock_loss(mean, risk, 25, held_knocks)
            < training.knock_loss(start["knock_mean"], start["knock_risk"], 25, held_knocks))
    weights = {**start, "value": fitted}
    rows = training.stock_rows(weights, stocks[:150], seed=1)
    held_rows = training.stock_rows(weights, held_stocks[:150], seed=2)
    stock = training.fit_stock(rows)
    assert (training.value_loss(stock, held_rows)
            < training.value_loss(start["stock"], held_rows))
    # a hand offers a knock it declines only a few times: eighty hands give too few such
    # samples for the continue model to generalise, so it is checked on the hands it was fitted
    # to (a fit that does not lower its own loss is broken)
    residuals = [(c, y - sum(w * f for w, f in zip(fitted, v, strict=True)))
                 for c, v, y in continues]
    assert (training.value_loss(training.fit_continue(fitted, continues), residuals)
            < training.value_loss(start["continue"], residuals))
    # the same seed gives the same samples (a reproducible training run)
    again = training.self_play(start, 3, seed=11, explore=0.1)
    assert again[0] == values[:len(again[0])]


def test_the_knocker_races_for_the_first_knock() -> None:
    """The knocker training opponent knocks or goes gin at every chance, takes the up-card
    only when it melds with two held cards, and otherwise throws a card of the highest value
    among those the best arrangement leaves unmatched."""
    game = cardkit.load_game("gin-rummy", players=2)
    knocker = training.KnockerAgent()
    checked = knocks = 0
    for state, seat in _positions(game, range(12), every=1):
        legal = state.legal_actions()
        view = state.view(seat)
        move = knocker.choose(view, legal)
        assert move in legal
        hand = sum(card.mask for card in view.hand)
        if view.phase in ("upcard", "draw"):
            top = view.discard_top
            took = move.kind == "take" or move.option == "discard"
            assert took == (top is not None and melds_with(top.index, hand)
                            and any(a.kind == "take" or a.option == "discard" for a in legal))
        elif any(a.kind in ("knock", "gin", "big") for a in legal):
            assert move.kind in ("knock", "gin", "big")
            knocks += 1
        else:
            unmatched = [c for c in best_arrangement(hand, RULES).deadwood
                         if any(a.kind == "discard" and a.cards[0] == c for a in legal)]
            if unmatched:
                assert VALUE[move.cards[0].index] == max(VALUE[c.index] for c in unmatched)
        checked += 1
    assert checked > 200 and knocks > 3


def test_rival_last_is_the_opponents_latest_discard() -> None:
    """The feature of how near the opponent's knock is reads its latest discard from the
    public history (1 before it has thrown any)."""
    game = cardkit.load_game("gin-rummy", players=2)
    for state, seat in _positions(game, range(4), every=1):
        memory = Memory().update(state.view(seat))
        theirs = [text.split()[1] for who, text in
              ((move.seat, str(move)) for move in state.view(seat).history)
                  if who != seat and text.split()[0] in ("discard", "knock", "gin")
                  and len(text.split()) > 1]
        expected = VALUE[Card.parse(theirs[-1]).index] / 10 if theirs else 1.0
        assert rival_last(memory) == expected


def _positions(game: cardkit.Game, seeds: range, every: int = 3):
    """Decisions with a choice from hands of ``normal`` self-play, every ``every``-th step."""
    for seed in seeds:
        state = game.new_hand(seed=seed)
        agents = [game.agent("normal", s, seed) for s in range(game.players)]
        step = 0
        while not state.is_over:
            seat = state.current_player
            legal = state.legal_actions()
            if step % every == 0 and len(legal) > 1:
                yield state, seat
            step += 1
            state.apply_unchecked(agents[seat].choose(state.view(seat), legal))


def test_the_ranking_puts_the_move_first_and_reads_only_the_view() -> None:
    """``rank`` (what ``expert`` prunes by) lists every legal move once with the agent's own
    move first, gives the same values from twin states that differ only in hidden cards, and
    values a knock by its expected score."""
    game = cardkit.load_game("gin-rummy", players=2)
    checked = knocks = 0
    for state, seat in _positions(game, range(10)):
        legal = state.legal_actions()
        twin = state.determinize(seat, random.Random(checked))
        ranks = [HardAgent(game, 3).rank(world.view(seat), world.legal_actions())
                 for world in (state, twin)]
        assert ranks[0] == ranks[1]
        ranked = ranks[0]
        move = HardAgent(game, 3).choose(state.view(seat), legal)
        assert ranked[0][0] == move
        if move.kind not in ("gin", "big"):
            assert sorted(map(str, (a for a, _ in ranked))) == sorted(map(str, legal))
            rest = [value for _, value in ranked[1:]]
            assert rest == sorted(rest, reverse=True)
        if any(a.kind == "knock" for a in legal) and move.kind != "gin":
            # a knock is valued by its expected score, as in the decision
            knocks += 1
            agent = HardAgent(game, 3)
            context = Context(state.view(seat), agent.memory.update(state.view(seat)))
            hand = sum(card.mask for card in state.view(seat).hand)
            for action, value in ranked:
                if action.kind == "knock":
                    expected = agent.knock_value(hand ^ action.cards[0].mask, context)[0]
                    assert value == pytest.approx(expected)
        checked += 1
    assert checked > 60 and knocks > 3


@pytest.mark.parametrize("bias", [-30, 26, "5", True, None])
def test_the_knock_bias_is_validated(bias: object) -> None:
    game = cardkit.load_game("gin-rummy", players=2)
    with pytest.raises(ValueError, match="knock_bias must be a number of points from -25 to 25"):
        game.agent("hard", 0, 0, knock_bias=bias)


def test_a_knock_bias_knocks_sooner_and_stays_fair() -> None:
    """A large bias knocks wherever a knock is legal; a bias never changes a move where no
    knock is possible; both read only the view."""
    game = cardkit.load_game("gin-rummy", players=2)
    knocked = 0
    for state, seat in _positions(game, range(12), every=1):
        legal = state.legal_actions()
        view = state.view(seat)
        eager = game.agent("hard", seat, 1, knock_bias=25)
        plain = game.agent("hard", seat, 1)
        move = eager.choose(view, legal)
        if any(a.kind == "knock" for a in legal):
            assert move.kind in ("knock", "gin")
            knocked += 1
        else:
            assert move == plain.choose(view, legal)
        twin = state.determinize(seat, random.Random(knocked))
        assert game.agent("hard", seat, 1, knock_bias=25).choose(
            twin.view(seat), twin.legal_actions()) == move
    assert knocked > 5
