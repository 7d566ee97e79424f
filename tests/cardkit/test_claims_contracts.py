"""Claims out of turn (cardkit.claims), contracts and going down, the reshuffle rule and the
zones that know a card was seen and is hidden again (cardkit.rummy), on a small one-deck game
built on the standard turn."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.engine.capabilities import HandAnalysis
from cardkit.engine.claims import (
    ClaimRule,
    apply_claims,
    claim_order,
    resolve_claims,
)
from cardkit.engine.definition import GameDefinition
from cardkit.engine.registry import register, unregister
from cardkit.frontends.lab.simulate import play_hand
from cardkit.libraries.melds import MeldRules, all_melds
from cardkit.libraries.rummy import (
    Contract,
    GoingDown,
    Reshuffle,
    RummyState,
    TurnRules,
    can_complete,
    contract_meld_actions,
    rummy_phases,
)
from cardkit.libraries.rummy.contracts import remaining_after
from cardkit.services.search.melding import MeldingAgent
from cardkit.services.testing import check_game
from cardkit.values.cards import Card, CardMultiset, CardSet, Suit, parse_cards
from cardkit.values.deck import DeckSpec
from cardkit.values.errors import IllegalAction
from cardkit.values.hooks import Hooks
from cardkit.values.options import Option, OptionSet
from cardkit.values.results import Result

RULES = MeldRules(set_sizes=(3, 4), min_run=4, ace="high_or_low", wild=parse_cards("X1 X2"))
CONTRACTS = (Contract.of(sets=2), Contract.of(sets=1, runs=1), Contract.of(runs=2))


def cards(text: str) -> CardSet:
    return CardSet(parse_cards(text))


def card(text: str) -> Card:
    return parse_cards(text)[0]


# ----- a small game: buying, a contract a deal, the pile shuffled back --------------------------


def went_out(state: RummyState, seat: int) -> Result:
    """The others pay what they hold."""
    pay = [-RULES.hand_value(hand) for hand in state.hands]
    return Result("went_out", (seat,), tuple(pay), summary=f"seat {seat} went out")


def stock_out(state: RummyState) -> Result:
    """Everybody pays what they hold."""
    return Result("stock_out", (), tuple(-RULES.hand_value(hand) for hand in state.hands))


class BuyState(RummyState):
    """Ten cards each from 54; buying with a penalty card, a contract, a reshuffle."""

    PHASES = rummy_phases("buy")

    def turn_rules(self) -> TurnRules:
        options = self.options
        contract = CONTRACTS[options["contract"]]
        return TurnRules(
            hand_size=options["hand_size"],
            claims=ClaimRule(per_deal=options["buys"], cost=options["penalty"]),
            claim_when_down=options["buy_when_down"],
            reshuffle=Reshuffle(times=options["reshuffles"]) if options["reshuffles"] else None,
            going_down=GoingDown(contract, exact=options["exact"],
                                 lay_off_same_turn=options["same_turn"]))


BUYING = GameDefinition(
    name="buying", title="Buying", summary="Buy the discard, go down with a contract.",
    state_class=BuyState,
    options=OptionSet([
        Option("hand_size", "choice", 10, "cards each", choices=(10, 7)),
        Option("buys", "int", 3, "buys a deal", minimum=0, maximum=5),
        Option("penalty", "choice", 1, "penalty cards a buy", choices=(1, 0, 2)),
        Option("buy_when_down", "bool", True, "buy once down"),
        Option("reshuffles", "choice", 2, "pile reshuffles a deal", choices=(2, 0, 1)),
        Option("contract", "choice", 1, "the contract", choices=(0, 1, 2)),
        Option("exact", "bool", True, "exactly the contract"),
        Option("same_turn", "bool", False, "lay off the turn of going down"),
    ]),
    player_counts=(3, 4), default_players=3,
    hooks=Hooks(went_out=went_out, stock_out=stock_out),
    capabilities=[HandAnalysis(meld_rules=lambda options: RULES)],
    max_actions=900,
)

# Three players, seat 0 first: dealt one card at a time from seat 0, then the up-card, then
# the stock (its top first).
HANDS = ("3H 3D 3S 5C 6C 7C 8C KD QS 2D", "9H 9D 9S 4H 5H 6H 7H KC JS 2C",
         "AH AD AS 10C JC QC KS 8D 6S 2S")


def stacked(stock: str, up: str = "4D", hands: tuple[str, ...] = HANDS) -> list[Card]:
    dealt = [one for group in zip(*(parse_cards(h) for h in hands), strict=True)
             for one in group]
    return [*dealt, *parse_cards(up), *parse_cards(stock)]


@pytest.fixture
def buying() -> Iterator[GameDefinition]:
    register(BUYING)
    yield BUYING
    unregister(BUYING.name)


def hand_of(**options: object) -> BuyState:
    state = BUYING.configure(**options).new_hand(deck=stacked("JD 10D 9C 8S 7S 6D 5D 4S"))
    assert isinstance(state, BuyState)
    return state


# ----- the claim window --------------------------------------------------------------------------


def test_priority_is_next_in_turn_or_a_declared_order() -> None:
    """``next``: the seats after the opener, nearest first, the opener only when allowed; a
    tuple of offsets from the opener is a declared order."""
    assert claim_order(ClaimRule(), 4, 1) == (2, 3, 0)
    assert claim_order(ClaimRule(opener_may_claim=True), 4, 1) == (2, 3, 0, 1)
    assert claim_order(ClaimRule(priority=(2, 1, 3)), 4, 3) == (1, 0, 2)
    with pytest.raises(ValueError, match="priority"):
        ClaimRule(priority="random")
    with pytest.raises(ValueError, match="cost"):
        ClaimRule(cost=-1)


def test_declining_the_discard_opens_a_window_for_the_others_in_priority() -> None:
    """Four players: seat 0 declines the 4D (seat 3's up-card) by drawing from the stock;
    seat 1, next after seat 0, is asked first, then seat 2 (seat 3 threw it); the turn stays
    seat 0's, who draws once the window is settled."""
    state = BUYING.configure(players=4).new_hand(deck=stacked(
        "JD 10D 7S 6D", hands=(*HANDS, "2H 4C 7D 8H 10H JH QH QD 10S 5S")))
    state.apply("draw stock")
    assert state.phase == "claim" and state.current_player == 1 and state.turn_player == 0
    assert [str(a) for a in state.legal_actions()] == ["buy 4D", "pass"]
    assert state.view(3).info["claim"] == {"card": card("4D"), "from": 3, "turn": 0,
                                           "waiting": (1, 2)}
    with pytest.raises(IllegalAction, match="only 4D is on offer"):
        state.apply("buy 5H")
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply("discard 9H")
    state.apply("pass")
    assert state.current_player == 2 and state.turn_player == 0
    state.apply("pass")
    assert state.phase == "play" and state.current_player == 0
    assert card("JD") in state.hands[0] and state.discards == [card("4D")]


def test_a_buy_takes_the_discard_and_a_penalty_card_and_three_buys_a_deal() -> None:
    """Seat 1 buys the 4D: it takes the 4D (seen by all) and the stock's top card as its
    penalty; seat 0 then draws the next card. Buys are counted per deal."""
    state = hand_of()
    state.apply("draw stock")
    state.apply("buy 4D")
    assert state.hands[1] >= cards("4D JD") and len(state.hands[1]) == 12
    assert card("10D") in state.hands[0] and state.current_player == 0
    assert state.phase == "play" and state.claims_made == (0, 1, 0)
    assert card("4D") not in state.hidden_cards(0) and card("JD") in state.hidden_cards(0)
    assert state.view(0).info["claims_left"] == (3, 2, 3)
    history = [(seat, str(action)) for seat, action in state.history]
    assert history == [(0, "draw stock"), (1, "buy 4D")]
    none_left = hand_of(buys=0)
    none_left.apply("draw stock")
    assert none_left.phase == "play"  # nobody may buy: no window at all


def test_no_window_when_the_discard_is_taken_or_the_stock_cannot_pay() -> None:
    """Taking the discard as one's draw opens no window; nor does a stock too short for the
    penalty and the turn's own draw."""
    state = hand_of()
    state.apply("draw discard")
    assert state.phase == "play" and state.current_player == 0
    short = hand_of()
    short.stock = short.stock[-1:]  # one card: the turn's own draw, no penalty
    short.forget_legal_actions()
    short.apply("draw stock")
    assert short.phase == "play"


def test_answers_given_at_once_are_resolved_by_priority() -> None:
    """A network table asks every waiting seat at once: the first claimer in priority order
    wins and the moves recorded are those asking seat by seat records."""
    state = BUYING.configure(players=4).new_hand(deck=stacked(
        "JD 10D 7S 6D", hands=(*HANDS, "2H 4C 7D 8H 10H JH QH QD 10S 5S")))
    state.apply("draw stock")
    assert [str(a) for a in resolve_claims(state, {2: True})] == ["pass", "buy 4D"]
    assert [str(a) for a in resolve_claims(state, {1: True, 2: True})] == ["buy 4D"]
    assert [str(a) for a in resolve_claims(state, {})] == ["pass", "pass"]
    applied = apply_claims(state, {2: True, 1: False})
    assert [(seat, str(move)) for seat, move in applied] == [(1, "pass"), (2, "buy 4D")]
    assert state.claims_made == (0, 0, 1, 0) and state.current_player == 0


def test_the_lab_counts_turns_not_claim_offers() -> None:
    """Seats asked out of turn take no turn: a hand's turns are the changes of
    ``turn_player``."""
    game = BUYING.configure()
    agents = [MeldingAgent(RULES) for _ in range(3)]
    state = game.new_hand(seed=5)
    turns, _, actions = play_hand(state, agents, None, 900)
    owners = 0
    previous = None
    replay = game.new_hand(seed=5)
    for _seat, action in state.history:
        replay.apply(action)
        if replay.turn_player != previous and not replay.is_over:
            owners += 1
        previous = replay.turn_player
    asked = sum(1 for seat, action in state.history if action.kind in ("buy", "pass"))
    assert asked > 0 and actions == len(state.history)
    assert turns <= owners + 1 and turns < actions - asked


def test_the_generic_greedy_claims_what_makes_a_meld() -> None:
    """Offered the 4D, seat 1 (4H 5H 6H 7H, no diamond near) passes; offered a 9C with
    9H 9D 9S in hand, a player claims it."""
    agent = MeldingAgent(RULES)
    state = hand_of()
    state.apply("draw stock")
    move, _ = agent.choose_with_reason(state.view(1), state.legal_actions())
    assert str(move) == "pass"
    hands = (HANDS[0], "9H 9D 4S 4H 5H 6H 7H KC JS 2C", HANDS[2])
    offered = BUYING.configure().new_hand(deck=stacked("JD 10D", up="9S", hands=hands))
    offered.apply("draw stock")
    move, why = agent.choose_with_reason(offered.view(1), offered.legal_actions())
    assert str(move) == "buy 9S" and "meld" in why
    assert offered.view(1).info["claim_cost"] == 1


# ----- contracts and going down ------------------------------------------------------------------


def test_contracts_are_named_and_checked() -> None:
    assert [str(c) for c in CONTRACTS] == ["two sets", "a set and a run", "two runs"]
    assert str(Contract.of(sets=1, runs=2)) == "a set and two runs"
    assert Contract(("run", "set")).melds == ("set", "run")
    with pytest.raises(ValueError, match="'set' or 'run'"):
        Contract(("pair",))
    with pytest.raises(ValueError, match="at least one"):
        Contract(())


def test_the_completion_search() -> None:
    """A hand can finish a contract exactly when it holds its melds at once (runs of four
    here), keeping cards to discard when asked; wild cards count."""
    hand = cards("3H 3D 3S 5C 6C 7C 8C KD")
    assert can_complete(hand, ("set", "run"), RULES)
    assert can_complete(hand, ("set", "run"), RULES, keep=1)
    assert not can_complete(hand, ("set", "run"), RULES, keep=2)
    assert not can_complete(hand, ("run", "run"), RULES)
    assert can_complete(cards("3H 3D 3S 5C 6C X1 8C"), ("set", "run"), MeldRules(
        min_run=4, wild=parse_cards("X1"), min_natural=1))
    # two sets sharing no card: 3H 3D 3S 3C cannot be both
    assert not can_complete(cards("3H 3D 3S 3C 9H"), ("set", "set"), RULES)
    melds = {str(a) for a in contract_meld_actions(hand, ("set", "run"), RULES, keep=1)}
    assert melds == {"meld 3D 3H 3S", "meld 5C 6C 7C 8C"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), size=st.integers(6, 10),
       kinds=st.sampled_from([("set", "set"), ("set", "run"), ("run", "run")]))
def test_the_completion_search_against_an_exhaustive_one(seed: int, size: int,
                                                         kinds: tuple[str, str]) -> None:
    """The pruned search (shortest melds only) agrees with trying every pair of melds."""
    deck = [c for c in parse_cards(" ".join(f"{r}{s}" for r in "A23456789TJQK"
                                              for s in "CDHS") + " X1 X2")]
    hand = CardSet(random.Random(seed).sample(deck, size))
    from cardkit.libraries.melds import all_melds

    melds = all_melds(hand, RULES)
    brute = any(first.kind == kinds[0] and second.kind == kinds[1]
                and not first.mask & second.mask
                for first in melds for second in melds)
    assert can_complete(hand, kinds, RULES) is brute


SHANGHAI = MeldRules(set_sizes=tuple(range(3, 13)), set_duplicates=True, min_run=4,
                     ace="high_or_low", wild=parse_cards("X1 X2"),
                     deck=DeckSpec.standard(decks=2, jokers=4))


def _listed_again(hand: CardMultiset, needed: tuple[str, ...], keep: int) -> bool:
    """The completion search listing every smaller hand's melds afresh (no shortest-meld
    bound, no shared list): what the search lists once and filters must agree with it."""
    if not needed:
        return len(hand) >= keep
    return any(meld.kind == needed[0] and _listed_again(hand - CardMultiset(meld.cards),
                                                       needed[1:], keep)
               for meld in all_melds(hand, SHANGHAI))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), size=st.integers(7, 12), keep=st.integers(0, 1),
       contract=st.sampled_from([Contract.of(sets=2), Contract.of(sets=1, runs=1),
                                 Contract.of(runs=2), Contract.of(sets=3),
                                 Contract.of(sets=2, runs=1), Contract.of(sets=1, runs=2)]))
def test_the_completion_search_over_copies(seed: int, size: int, keep: int,
                                           contract: Contract) -> None:
    """Two decks and four wild jokers, sets that take duplicates (contract rummy's rules): a
    hand's melds listed once agree with each smaller hand's listed again, for the search and
    for the meld moves it offers (each leaves a way to finish)."""
    rng = random.Random(seed)
    # a few ranks and suits, so that contracts are often within reach
    ranks = rng.sample(range(1, 14), 4)
    pool = [c for c in SHANGHAI.deck.cards if c.is_joker or c.rank in ranks or
            c.suit == Suit.HEARTS]
    hand = CardMultiset(rng.sample(pool, size))
    needed = contract.melds
    assert can_complete(hand, needed, SHANGHAI, keep) is _listed_again(hand, needed, keep)
    offered = contract_meld_actions(hand, needed, SHANGHAI, keep)
    expected = [meld for meld in all_melds(hand, SHANGHAI) if meld.kind in needed
                and _listed_again(hand - CardMultiset(meld.cards),
                                  remaining_after(needed, meld.kind), keep)]
    def order(cards: tuple[Card, ...]) -> list[int]:
        return sorted(card.index for card in cards)  # a move keeps its cards in its own order

    assert [order(action.cards) for action in offered] == [order(m.cards) for m in expected]


def test_going_down_lays_the_contract_in_one_turn_then_lay_offs() -> None:
    """A set and a run (runs of four): until both are laid the player may not discard or lay
    off; once down, no new melds (exact) and lay-offs only from the next turn."""
    state = BUYING.configure(buys=0).new_hand(deck=stacked("9C 10D 7S 6D"))
    state.apply("draw stock")  # 9C
    legal = {str(a) for a in state.legal_actions()}
    assert "meld 3D 3H 3S" in legal and "meld 5C 6C 7C 8C" in legal
    state.apply("meld 3D 3H 3S")
    assert state.laying == ("run",)
    assert {str(a) for a in state.legal_actions()} == {
        "meld 5C 6C 7C 8C", "meld 6C 7C 8C 9C", "meld 5C 6C 7C 8C 9C"}
    with pytest.raises(IllegalAction, match="finish laying your contract"):
        state.apply("discard KD")
    state.apply("meld 5C 6C 7C 8C")
    assert state.down == (True, False, False) and state.down_now
    with pytest.raises(IllegalAction, match="from your next turn"):
        state.apply("lay 9C 2")
    state.apply("discard KD")
    state.apply("draw stock")  # seat 1: 10D
    with pytest.raises(IllegalAction, match="only once you have gone down"):
        state.apply("lay 4H 1")
    assert not any(a.kind == "lay" for a in state.legal_actions())
    assert state.view(0).info["down"] == (True, False, False)


def test_at_least_the_contract_and_laying_off_the_same_turn() -> None:
    """``exact = false``: more melds may follow in the turn of going down;
    ``lay_off_same_turn``: lay-offs too."""
    hands = ("3H 3D 3S 5C 6C 7C 8C 10D 10H 10S", *HANDS[1:])
    exact = BUYING.configure(buys=0).new_hand(deck=stacked("9C 4S", hands=hands))
    loose = BUYING.configure(buys=0, exact=False, same_turn=True).new_hand(
        deck=stacked("9C 4S", hands=hands))
    for state in (exact, loose):
        for move in ("draw stock", "meld 3D 3H 3S", "meld 5C 6C 7C 8C"):
            state.apply(move)
    assert "meld 10D 10H 10S" not in map(str, exact.legal_actions())
    assert "meld 10D 10H 10S" in map(str, loose.legal_actions())
    assert "lay 9C 2" in map(str, loose.legal_actions())
    assert "lay 9C 2" not in map(str, exact.legal_actions())


# ----- the reshuffle and the zones that know a card was seen -------------------------------------


def test_the_pile_is_shuffled_back_and_its_cards_are_hidden_again() -> None:
    """When the stock is out, the pile but its top card goes back, shuffled from the seed;
    those cards are hidden again, and the history may still name them."""
    game = BUYING.configure(buys=0, reshuffles=1)
    for seed in range(40):
        state = game.new_hand(seed=seed)
        agent = random.Random(seed)
        while not state.is_over and state.reshuffles == 0:
            state.apply(agent.choice(state.legal_actions()))
        if state.reshuffles:
            break
    assert state.reshuffles == 1
    again = state.hidden_again(0)
    assert again and again <= state.hidden_cards(0) and again <= CardSet(state.stock)
    assert len(state.discards) == 1 and state.recycled >= again
    named = {action.card for _, action in state.history if action.kind == "discard"}
    assert named & set(again)  # the history names them: no leak, the kit knows
    replay = game.new_hand(seed=seed)
    for _, action in state.history:
        replay.apply(action)
    assert replay.stock == state.stock  # the shuffle is the seed's


def test_the_kit_over_claim_windows_contracts_and_reshuffles(buying: GameDefinition) -> None:
    """The conformance kit, spread over the options: windows answered at once and one by one
    agree, the history after a reshuffle is no leak, records replay, re-deals keep views."""
    report = check_game(buying, players=[3], hands=4, seed=2)
    assert report.hands == 4 and report.windows > 0 and report.claims > 0
    assert report.undeclared_phases == set()
