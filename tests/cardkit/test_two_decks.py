"""A game played with two decks and four jokers on the standard rummy turn: the deal, the
stock, views, re-deals of hidden copies and the conformance kit's checks work with copies,
identical copies are one move, and card text and records stay as for one deck."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

import cardkit
from cardkit.cards import JOKERS, Card, CardMultiset, parse_cards
from cardkit.deck import DeckSpec
from cardkit.engine.capabilities import HandAnalysis
from cardkit.engine.definition import GameDefinition
from cardkit.engine.registry import register, unregister
from cardkit.libraries.rummy import Points, RummyState, TurnRules, melded_minus_in_hand
from cardkit.melds import MeldRules
from cardkit.services.testing import check_game
from cardkit.values.hooks import Hooks
from cardkit.values.options import Option, OptionSet
from cardkit.values.results import Result

TWO_DECKS = DeckSpec.standard(decks=2, jokers=4, name="two decks and four jokers")
RULES = MeldRules(deck=TWO_DECKS, wild=JOKERS, set_duplicates=True, set_sizes=(3, 4, 5, 6),
                  min_natural=2, max_wild=2, wild_value=25)


def went_out(state: RummyState, seat: int) -> Result:
    """Every seat scores its table cards less its hand."""
    scores = melded_minus_in_hand(state.table, state.hands, Points.of_rules(RULES), RULES)
    return Result("went_out", (seat,), scores, summary=f"seat {seat} went out")


def stock_out(state: RummyState) -> Result:
    """Nobody wins."""
    return Result("stock_out", (), (0,) * state.players)


class TwoDeckState(RummyState):
    """The standard turn with two decks."""

    def turn_rules(self) -> TurnRules:
        return TurnRules(hand_size=self.options["hand_size"])


TWO_DECK_RUMMY = GameDefinition(
    name="two-deck-rummy", title="Two-deck rummy", summary="The standard turn, two decks.",
    state_class=TwoDeckState,
    options=OptionSet([Option("hand_size", "choice", 11, "cards each", choices=(7, 11))]),
    player_counts=(2, 3, 4), default_players=3, deck=lambda options: TWO_DECKS,
    hooks=Hooks(went_out=went_out, stock_out=stock_out),
    capabilities=[HandAnalysis(meld_rules=lambda options: RULES)],
    max_actions=900,
)


@pytest.fixture
def two_decks() -> Iterator[GameDefinition]:
    register(TWO_DECK_RUMMY)
    yield TWO_DECK_RUMMY
    unregister(TWO_DECK_RUMMY.name)


SHORT = DeckSpec.standard(decks=2, jokers=4, without_ranks=range(2, 7))  # 68 cards, short hands


def test_a_two_deck_game_passes_the_conformance_kit(two_decks: GameDefinition) -> None:
    """Copies conserved, no false leak where a seat sees one copy and not its twin, re-deals
    of hidden copies that keep the view, clones, refusals, replays."""
    short = attrs.evolve(two_decks, deck=lambda options: SHORT, name="two-deck-rummy-short")
    register(short)
    try:
        report = check_game(short, players=(3,), options={"hand_size": 7}, hands=2, seed=1)
    finally:
        unregister(short.name)
    assert report.hands == 2


def test_the_deal_holds_copies_and_identical_copies_are_one_move(
        two_decks: GameDefinition) -> None:
    game = cardkit.load_game("two-deck-rummy", players=2, hand_size=7)
    # seat 0 gets the cards at even positions: two 7H, two KS ...
    state = game.new_hand(deck="7H 2C 7H 3C KS 4C KS 5C X1 6C X1 8C 9D 9C")
    hand = state.hands[0]
    assert isinstance(hand, CardMultiset) and str(hand) == "7H 7H 9D KS KS X1 X1"
    assert len(state.stock) + 1 + 14 == 108 and Counter(state.deck) == Counter(TWO_DECKS.cards)
    state.apply("draw stock")
    legal = [str(action) for action in state.legal_actions()]
    # one move per distinct card; a wild card in a set says what it stands for
    assert legal.count("discard 7H") == 1 and legal.count("discard X1") == 1
    assert "meld X1=7C 7H 7H" in legal and "meld X1=KC X1=KD KS KS" in legal
    assert not any(text.startswith("meld 7H 7H KS") for text in legal)
    state.apply("meld X1=7C 7H 7H")
    assert state.hands[0].count(Card.parse("7H")) == 0
    assert state.hands[0].count(Card.parse("X1")) == 1
    with pytest.raises(cardkit.IllegalAction, match="you hold 1 X1, not 2"):
        state.apply("meld X1=KC X1=KD KS KS")
    with pytest.raises(cardkit.IllegalAction, match="names KS 3 times; the deck holds 2"):
        state.apply("meld KS KS KS")
    view = state.view(0)
    assert view.hand == tuple(state.hands[0])
    # the record names cards as for one deck and replays to the same hand
    record = state.record()
    assert record.replay().snapshot() == state.snapshot()
    assert "7H" in record.to_dict()["deck"]


def test_views_hide_copies_and_a_redeal_keeps_what_the_seat_sees(
        two_decks: GameDefinition) -> None:
    state = cardkit.load_game("two-deck-rummy", players=3).new_hand(seed=4)
    rng = random.Random(0)
    for _ in range(30):
        legal = state.legal_actions()
        takes = [action for action in legal if action.kind == "take"]
        state.apply(takes[0] if takes else rng.choice(legal))
    assert any(state.seen), "a card was seen taken from the pile"
    for seat in range(3):
        hidden = state.hidden_copies(seat)
        # the stock, and the other hands less the copies each was seen to take
        assert hidden == sum((state.hands[other] - state.seen[other]
                              for other in range(3) if other != seat), CardMultiset(state.stock))
        assert state.hidden_cards(seat) == hidden.distinct()
        copy = state.determinize(seat, random.Random(seat))
        assert copy.view(seat) == state.view(seat)
        for other in range(3):  # a copy seen taken stays in its hand
            assert state.seen[other] <= copy.hands[other] or other == seat
        total = sum(copy.hands, CardMultiset(copy.stock)) + CardMultiset(copy.discards)
        table = CardMultiset(card for entry in copy.table for card in entry.meld.cards)
        assert total + table == TWO_DECKS.multiset


def test_a_stacked_deck_refuses_a_third_copy(two_decks: GameDefinition) -> None:
    game = cardkit.load_game("two-deck-rummy", players=2)
    with pytest.raises(ValueError, match="more than 2 times"):
        game.new_hand(deck=parse_cards("7H 7H 7H"))


def test_the_greedy_never_throws_back_the_twin_of_the_card_it_drew() -> None:
    """With copies the engine lets a player discard a card identical to the one just drawn
    from the pile (the copies are interchangeable); the generic greedy counts ``draw
    discard``'s card (the one the move shows) as taken, so it never throws back its twin --
    three greedy players once passed a 2C round for ever (contract rummy, three runs)."""
    from cardkit.services.search.melding import MeldingAgent
    from cardkit.values.actions import Action
    from cardkit.values.views import Move, View

    rules = MeldRules(deck=TWO_DECKS, wild=JOKERS[:2], set_duplicates=True, min_run=4,
                      set_sizes=tuple(range(3, 13)), ace="high_or_low", wild_value=50,
                      card_values=(15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10))
    two = Card.parse("2C")
    hand = tuple(parse_cards("2C 2C 5D 2H 4H 4H 5H 5H 9H 2S 4S 4S 5S 6S 7S 9S 9S"))
    history = (Move.parse(2, "draw discard"), Move.parse(2, "discard 2C"),
               Move(0, Action("draw", option="discard"), (two,)))
    view = View(game="contract-rummy", seat=0, players=3, phase="play", current_player=0,
                hand=hand, hand_sizes=(17, 16, 12), stock_size=60, discard_top=Card.parse("JD"),
                history=history, dealer=2, scores=(0, 0, 0),
                info={"contract": ("run", "run", "run"), "must_use": None, "claim_cost": 1})
    legal = [Action("discard", cards=(card,)) for card in dict.fromkeys(hand)]
    move, _ = MeldingAgent(rules).choose_with_reason(view, legal)
    assert move.kind == "discard" and move.card != two
    # a card drawn from the stock is no card taken: the same hand may then discard a 2C
    stock = (*history[:2], Move.parse(0, "draw stock"))
    move, _ = MeldingAgent(rules).choose_with_reason(attrs.evolve(view, history=stock), legal)
    assert move.card == two
