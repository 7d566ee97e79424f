"""The rummy building blocks (cardkit.rummy): the table, melds and lay-offs with chains,
pickups, scoring, the standard turn, zones declared once, and the points-target match."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardkit
from cardkit.engine.capabilities import HandAnalysis
from cardkit.engine.definition import GameDefinition
from cardkit.engine.match import HandContext, points_target_match
from cardkit.engine.registry import register, unregister
from cardkit.libraries.melds import MeldRules, classify
from cardkit.libraries.rummy import (
    ANY_DEPTH,
    TOP_CARD,
    Pickup,
    Points,
    RummyState,
    Table,
    TurnRules,
    apply_lay_off,
    apply_meld,
    cheapest_use,
    lay_off_actions,
    meld_actions,
    melded_minus_in_hand,
    pickup_choices,
    usable,
)
from cardkit.services.testing import check_game, spread_configurations
from cardkit.values.actions import Action
from cardkit.values.cards import STANDARD_CARDS, CardSet, parse_cards
from cardkit.values.errors import IllegalAction
from cardkit.values.hooks import Hooks
from cardkit.values.options import Option, OptionSet, Preset
from cardkit.values.results import Result

RULES = MeldRules()
HIGH_OR_LOW = MeldRules(ace="high_or_low")


def cards(text: str) -> CardSet:
    return CardSet(parse_cards(text))


def table_of(*melds: str, owner: int = 0, rules: MeldRules = RULES) -> Table:
    table = Table()
    for text in melds:
        meld = classify(parse_cards(text), rules)
        assert meld is not None, text
        table = table.lay(owner, meld)
    return table


# ----- the table ------------------------------------------------------------------------------


def test_the_table_remembers_owners_and_every_lay_off() -> None:
    """Melds are numbered from 1; a lay-off is credited to whoever made it."""
    table = table_of("5H 6H 7H", owner=0).lay(1, classify(parse_cards("9C 9D 9S")))
    table = table.lay_off(1, parse_cards("8H")[0], 1).lay_off(0, parse_cards("9H")[0], 2)
    assert [entry.owner for entry in table] == [0, 1]
    assert table[1].laid_off == ((1, parse_cards("8H")[0]),)
    assert sorted(c.text for c, _ in table.laid_by(0)) == ["5H", "6H", "7H", "9H"]
    assert sorted(c.text for c, _ in table.laid_by(1)) == ["8H", "9C", "9D", "9S"]
    assert table.view_entries()[0][0] == 0 and len(list(table.cards())) == 8
    assert table.to_data()[1]["laid_off"] == [[0, "9H"]]
    with pytest.raises(IndexError, match="no meld 3"):
        table[3]


def test_a_card_fitting_both_ends_is_two_moves_never_an_error() -> None:
    """An ace on a 2..K run where the ace is high or low: ``lay low`` and ``lay high``."""
    run = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    table = table_of(run, rules=HIGH_OR_LOW)
    moves = lay_off_actions(parse_cards("AH"), table, HIGH_OR_LOW)
    assert sorted(map(str, moves)) == ["lay high AH 1", "lay low AH 1"]
    high, low = (apply_lay_off(table, 0, move, HIGH_OR_LOW)[1].meld for move in
                 sorted(moves, key=lambda move: move.option or ""))
    assert high.cards[-1].text == "AH" and low.cards[0].text == "AH"


def test_meld_moves_and_applying_them() -> None:
    """Every meld of a hand is a move; applying it lays it for the seat."""
    moves = meld_actions(cards("5H 6H 7H 7C 7D"), RULES)
    assert {str(move) for move in moves} == {"meld 5H 6H 7H", "meld 7C 7D 7H"}
    table = apply_meld(Table(), 2, moves[0], RULES)
    assert table[1].owner == 2
    with pytest.raises(ValueError, match="not a meld"):
        apply_meld(Table(), 0, Action("meld", cards=parse_cards("2C 9H KD")), RULES)


def test_chained_lay_offs_count_as_a_use() -> None:
    """7H goes on 3H 4H 5H once 6H is laid before it; the cost is both cards."""
    table = table_of("3H 4H 5H")
    seven = parse_cards("7H")[0]
    assert cheapest_use(seven, cards("6H 7H KC"), table, RULES) == 2
    assert cheapest_use(seven, cards("7H KC"), table, RULES) is None
    assert cheapest_use(seven, cards("7H 7C 7D"), Table(), RULES) == 3
    assert usable(seven, cards("6H 7H"), table, RULES, keep=0)
    assert not usable(seven, cards("6H 7H"), table, RULES, keep=1)
    assert cheapest_use(seven, cards("6H 7H"), table, RULES, may_lay_on=lambda owner: False) \
        is None


hands = st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=6, unique=True)


def _brute_force(card: object, hand: CardSet, table: Table, used: int = 0) -> int | None:
    """The fewest cards a sequence of melds and lay-offs needs to put ``card`` down."""
    best: int | None = None
    for move in meld_actions(hand, RULES) + lay_off_actions(hand, table, RULES):
        spent = used + len(move.cards)
        if card in move.cards:
            best = spent if best is None else min(best, spent)
        elif best is None or spent < best:
            after = apply_meld(table, 0, move, RULES) if move.kind == "meld" \
                else apply_lay_off(table, 0, move, RULES)
            found = _brute_force(card, hand - CardSet(move.cards), after, spent)
            if found is not None and (best is None or found < best):
                best = found
    return best


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hands, extra=st.lists(st.sampled_from(STANDARD_CARDS), max_size=6, unique=True))
def test_cheapest_use_agrees_with_a_search_over_every_sequence(hand: list, extra: list) -> None:
    """However melds and lay-offs are chained, the cheapest use is the one a full search of
    every sequence of moves finds, and every listed move applies."""
    held = CardSet(hand)
    table = Table()
    for meld in (m for m in meld_actions(CardSet(extra) - held, RULES)[:2]):
        if not CardSet(meld.cards) & CardSet(table.cards()):
            table = apply_meld(table, 1, meld, RULES)
    for move in lay_off_actions(held, table, RULES):
        apply_lay_off(table, 0, move, RULES)
    card = hand[0]
    assert cheapest_use(card, held, table, RULES) == _brute_force(card, held, table)


# ----- pickups ----------------------------------------------------------------------------------


def test_any_depth_offers_only_pickups_that_can_be_honoured() -> None:
    """7H (deep in the pile) can be taken with 6H in hand on a 3H-5H run; KD cannot."""
    pile = parse_cards("KD 7H 2C QS")  # bottom first
    table = table_of("3H 4H 5H")
    choices = pickup_choices(ANY_DEPTH, pile, cards("6H 9S"), table, RULES, keep=1)
    assert {str(c.action): c.obligation for c in choices} == {
        "take QS": None, "take 7H": parse_cards("7H")[0]}
    assert [c.text for c in choices[1].taken] == ["QS", "2C", "7H"]
    strict = pickup_choices(Pickup("any", must_use=True, top_free=False), pile,
                            cards("6H 9S"), table, RULES)
    assert [str(c.action) for c in strict] == ["take 7H"]
    assert [str(c.action) for c in pickup_choices(TOP_CARD, pile, cards("6H"), table, RULES)] \
        == ["draw discard"]
    with pytest.raises(ValueError, match="depth"):
        Pickup("deep")


# ----- scoring ----------------------------------------------------------------------------------


def test_a_card_is_valued_by_its_place_in_its_meld() -> None:
    """An ace counts 1 at the low end of a run, 15 at the top and in a set."""
    points = Points((15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), ace_low_in_run=1)
    low = classify(parse_cards("AH 2H 3H"), HIGH_OR_LOW)
    high = classify(parse_cards("QH KH AH"), HIGH_OR_LOW)
    ace = parse_cards("AH")[0]
    assert points.in_meld(ace, low) == 1 and points.in_meld(ace, high) == 15
    table = Table().lay(0, low).lay(1, high)
    table = table.lay_off(1, parse_cards("4H")[0], 1, HIGH_OR_LOW)
    scores = melded_minus_in_hand(table, [cards("KS"), cards("")], points)
    assert scores == (1 + 2 + 3 - 10, 10 + 10 + 15 + 4)
    with pytest.raises(ValueError, match="13 values"):
        Points((1, 2))


# ----- the standard turn, as a small game -------------------------------------------------------


def went_out(state: RummyState, seat: int) -> Result:
    """Every seat scores its table cards less its hand."""
    scores = melded_minus_in_hand(state.table, state.hands, Points.of_rules(RULES))
    return Result("went_out", (seat,), scores, summary=f"seat {seat} went out")


def stock_out(state: RummyState) -> Result:
    """Nobody wins."""
    return Result("stock_out", (), (0,) * state.players)


class BlockState(RummyState):
    """The standard turn, every rule from the options."""

    def turn_rules(self) -> TurnRules:
        options = self.options
        depth = Pickup("any", must_use=True, top_free=options["top_free"]) \
            if options["any_depth"] else Pickup(discard_taken=options["discard_taken"])
        return TurnRules(hand_size=options["hand_size"], pickup=depth,
                         lay_off=options["lay_off"], stock_out=options["stock_out"],
                         discard_to_go_out=options["discard_to_go_out"])


BLOCKS = GameDefinition(
    name="rummy-blocks", title="Rummy blocks", summary="The standard rummy turn.",
    state_class=BlockState,
    options=OptionSet([
        Option("hand_size", "choice", 7, "cards each", choices=(3, 7, 10)),
        Option("any_depth", "bool", True, "any depth"),
        Option("top_free", "bool", True, "top card free"),
        Option("discard_taken", "bool", True, "may discard the card taken"),
        Option("lay_off", "choice", "anyone", "whose melds", choices=("anyone", "own", "none")),
        Option("stock_out", "choice", "pile", "end of stock", choices=("pile", "end")),
        Option("discard_to_go_out", "bool", False, "last discard"),
    ], [Preset("gin-like", {"any_depth": False, "discard_taken": False})]),
    player_counts=(2, 3, 4), default_players=2,
    hooks=Hooks(went_out=went_out, stock_out=stock_out),
    capabilities=[HandAnalysis(meld_rules=lambda options: RULES)],
    max_actions=800,
)


@pytest.fixture
def blocks() -> Iterator[GameDefinition]:
    register(BLOCKS)
    yield BLOCKS
    unregister(BLOCKS.name)


def test_the_standard_turn_passes_the_kit_under_every_rule(blocks: GameDefinition) -> None:
    """Cards conserved, refusals, views, re-deals, replays, no dead end, over every option."""
    report = check_game(blocks, hands=12, seed=3)
    assert report.hands == 36 and report.undeclared_phases == set()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), options=st.fixed_dictionaries({
    "any_depth": st.booleans(), "top_free": st.booleans(), "discard_taken": st.booleans(),
    "discard_to_go_out": st.booleans(), "stock_out": st.sampled_from(("pile", "end")),
    "hand_size": st.sampled_from((3, 7, 10)), "lay_off": st.sampled_from(("anyone", "own"))}),
    players=st.sampled_from((2, 3, 4)))
def test_every_offered_move_can_be_honoured(seed: int, options: dict, players: int) -> None:
    """Random play: every state has a legal move, a card taken that must be used is always
    still usable and is used before the turn ends, and the cards are conserved."""
    game = BLOCKS.configure(players=players, **options)
    state = game.new_hand(seed=seed)
    rng = random.Random(seed)
    deck = sorted(state.deck)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "a dead end"
        if state.must_use is not None:
            seat = state.seat_to_play
            assert usable(state.must_use, state.hands[seat], state.table, RULES,
                          1 if options["discard_to_go_out"] else 0)
            assert all(action.kind != "discard" for action in legal)
        before = state.seat_to_play
        state.apply(rng.choice(legal))
        if state.current_player != before:
            assert state.must_use is None, "a turn ended with a card still to use"
        assert sorted(card for zone in state.zones().values() for card in zone) == deck


def test_refusals_name_the_rule() -> None:
    """The discard while a taken card must be used, a card fitting nowhere, a bad meld."""
    game = BLOCKS.configure(players=2)
    # seat 0: 6H 9S 2D 3D 4D KC QC, seat 1 anything; up-card 7H; stock 5H ...
    deck = [c for pair in zip(parse_cards("6H 9S 2D 3D 4D KC QC"),
                              parse_cards("AS 2S 3S 4S 5S 8C 9C"), strict=True) for c in pair]
    state = game.new_hand(deck=[*deck, *parse_cards("7H 5H 8H")])
    state.apply("draw stock")  # 5H
    state.apply("meld 2D 3D 4D")
    state.apply("discard KC")
    state.apply("draw stock")  # seat 1 draws 8H
    state.apply("discard 8H")
    assert "take 7H" in map(str, state.legal_actions())
    state.apply("take 7H")
    assert state.must_use == parse_cards("7H")[0]
    with pytest.raises(IllegalAction, match="must meld 7H"):
        state.apply("discard 9S")
    with pytest.raises(IllegalAction, match="not a meld"):
        state.apply("meld 9S QC 8H")
    with pytest.raises(IllegalAction, match="does not fit"):
        state.apply("lay 9S 1")
    state.apply("meld 5H 6H 7H 8H")
    assert state.must_use is None and state.view(1).info["must_use"] is None
    state.apply("discard 9S")


# ----- zones, agents, the match and the kit ------------------------------------------------------


def test_declared_zones_give_views_hidden_cards_and_redeals(blocks: GameDefinition) -> None:
    """A re-deal keeps what the seat sees and relabels the deck so that the record replays."""
    state = blocks.configure(players=3).new_hand(seed=5)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    copy = state.determinize(1, random.Random(2))
    assert copy.view(1) == state.view(1)
    assert copy.hidden_cards(1) == state.hidden_cards(1)
    assert copy.hands[0] | copy.hands[2] | CardSet(copy.stock) == \
        state.hands[0] | state.hands[2] | CardSet(state.stock)
    assert copy.record().replay().snapshot() == copy.snapshot()
    view = state.view(0)
    assert view.hand == tuple(state.hands[0]) and view.stock_size == len(state.stock)
    assert "discard_pile" in view.info and not set(view.hand) & set(state.hidden_cards(0))


def test_a_rummy_game_without_a_greedy_gets_the_generic_one_and_the_ladder() -> None:
    """Meld rules and no greedy of its own: greedy, easy, normal and (zones) hard and expert."""
    assert BLOCKS.agent_names == ["random", "easy", "normal", "hard", "expert", "greedy", "search"]
    game = BLOCKS.configure(players=2)
    state = game.new_hand(seed=1)
    agent = game.agent("normal", seat=0, seed=1)
    assert agent.choose(state.view(0), state.legal_actions()) in state.legal_actions()
    plain = BLOCKS.variant(name="no-melds", capabilities=())
    assert "greedy" not in plain.agent_names


def test_a_points_target_match_ends_at_the_target_and_plays_on_a_tie() -> None:
    """First to 100: the highest total wins; a tie for it plays on, or is shared."""
    game = BLOCKS.configure(players=3)
    rules = points_target_match(100)
    assert rules.outcome(game, HandContext(0, totals=(90, 20, 99)), 3) is None
    done = rules.outcome(game, HandContext(0, totals=(120, 101, 99)), 4)
    assert done is not None and done.winner == 0 and "120 points" in done.summary
    assert rules.outcome(game, HandContext(0, totals=(120, 120, 0)), 4) is None
    shared = points_target_match(100, tie="shared").outcome(
        game, HandContext(0, totals=(120, 120, 0)), 4)
    assert shared is not None and shared.winner is None
    chosen = points_target_match(100, tie=lambda g, c, leaders: leaders[-1]).outcome(
        game, HandContext(0, totals=(120, 120, 0)), 4)
    assert chosen is not None and chosen.winner == 1
    with pytest.raises(ValueError, match="tie"):
        points_target_match(100, tie="coin")


def test_the_kit_spreads_hands_over_presets_and_option_values() -> None:
    """Defaults, each preset, each option at each other value; refused combinations left out."""
    configs = spread_configurations(BLOCKS, 2)
    assert configs[0].options == BLOCKS.configure(players=2).options
    assert any(game.preset == "gin-like" for game in configs)
    assert any(game.options["lay_off"] == "none" for game in configs)
    picky = BLOCKS.variant(check=lambda players, options: (_ for _ in ()).throw(
        ValueError("no")) if options["hand_size"] == 10 else None)
    assert all(game.options["hand_size"] != 10 for game in spread_configurations(picky, 2))


def test_an_alias_never_expands_the_canonical_text() -> None:
    """``draw`` -> ``draw stock``: ``draw stock`` stays as typed, ``draw`` expands."""

    class Aliased(BlockState):
        ALIASES: ClassVar[Mapping[str, str]] = {"draw": "draw stock"}

    state = BLOCKS.variant(state_class=Aliased).configure().new_hand(seed=1)
    assert state.parse("draw stock") == Action("draw", "stock")
    assert state.parse("draw") == Action("draw", "stock")
    assert cardkit.parse_action("draw stock") == state.parse("Draw  Stock")
