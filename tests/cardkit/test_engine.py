"""The turn-phase machine, actions, views and agents, exercised through the test game."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardkit
from cardkit import Action, IllegalAction, parse_action
from cardkit.engine.agents import RandomAgent
from cardkit.values.cards import ALL_CARDS, Card
from testgames.knock_rummy import KNOCK_RUMMY

# dealer is seat 1, so seat 0 gets the first card; then the up-card, then the stock
STACK = "2C 9S 3C 9H 4C 9D 5C 9C KD KS KH QS 7D 2D JH QC"


def new_state(**options):
    return KNOCK_RUMMY.configure(players=2, **options).new_hand(seed=5, deck=STACK)


def test_deal_follows_the_contract():
    state = new_state()
    assert state.current_player == 0 and state.phase == "draw"
    view = state.view(0)
    assert [c.text for c in sorted(view.hand)] == sorted(
        ["2C", "3C", "4C", "5C", "KD", "KH", "7D"], key=lambda t: Card.parse(t).sort_key)
    assert view.discard_top == Card.parse("JH")
    assert view.stock_size == 52 - 15


def test_wrong_phase_is_refused_with_the_phase_reason_and_changes_nothing():
    state = new_state()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="you must draw before you discard"):
        state.apply("discard 2C")
    assert state.snapshot() == before


def test_rule_refusal_names_the_problem():
    state = new_state()
    state.apply("draw discard")
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="you do not hold 9S"):
        state.apply("discard 9S")
    with pytest.raises(IllegalAction, match="just took"):
        state.apply("discard JH")
    with pytest.raises(IllegalAction, match="cannot|not a card"):
        state.apply("discard 11Q")
    assert state.snapshot() == before


def test_text_is_case_insensitive_accepts_ten_and_unicode_and_aliases():
    state = new_state()
    state.apply("TAKE   DISCARD")
    assert state.history[-1] == (0, Action("draw", "discard"))
    state.apply("discard 5♣")
    assert str(state.history[-1][1]) == "discard 5C"


def test_unreadable_text_is_refused():
    state = new_state()
    for text in ["", "   ", "123", "discard", "draw stock pile"]:
        with pytest.raises(IllegalAction):
            state.apply(text)


def test_knock_ends_the_hand_through_the_settle_hook():
    # seat 0: 2C 3C 4C 5C 9D 9H 9S; seat 1: AD 3D 5D 7D JD KC QD; up-card JH; stock QC first
    deck = "2C AD 3C 3D 4C 5D 5C 7D 9D JD 9H KC 9S QD JH QC"
    state = KNOCK_RUMMY.configure(players=2).new_hand(seed=5, deck=deck)
    state.apply("draw stock")
    state.apply("knock QC")
    assert state.result.ending == "knock"
    assert state.result.winners == (0,)
    assert state.result.payoffs == (46, -46)
    assert state.result.details["deadwood"] == [0, 46]


def test_legal_actions_cached_and_invalidated():
    state = new_state()
    first = state.legal_actions()
    assert state.legal_actions() is first
    state.apply(first[0])
    assert state.legal_actions() is not first


def test_finished_hand_refuses_everything():
    state = KNOCK_RUMMY.configure(players=2, knock_limit=60).new_hand(seed=1)
    state.apply("draw stock")
    knock = next(a for a in state.legal_actions() if a.kind == "knock")
    state.apply(knock)
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert sum(state.result.payoffs) == 0 and state.result.ending == "knock"
    with pytest.raises(IllegalAction, match="the hand is over"):
        state.apply("draw stock")


def test_hooks_can_be_replaced_without_copying_the_game():
    def generous(base, state, knocker):
        result = base(state, knocker)
        return cardkit.Result(result.ending, result.winners,
                              tuple(p * 2 for p in result.payoffs), details=result.details)

    variant = KNOCK_RUMMY.variant(name="double-knock",
                                  hooks=KNOCK_RUMMY.hooks.replace(settle=generous))
    plain = KNOCK_RUMMY.configure(knock_limit=60).new_hand(seed=3)
    doubled = variant.configure(knock_limit=60).new_hand(seed=3)
    for state in (plain, doubled):
        state.apply("draw stock")
        state.apply(next(a for a in state.legal_actions() if a.kind == "knock"))
    assert doubled.result.payoffs == tuple(2 * p for p in plain.result.payoffs)
    with pytest.raises(ValueError, match="no hook 'nope'"):
        KNOCK_RUMMY.hooks.replace(nope=generous)


def test_views_show_own_hand_only():
    state = new_state()
    view = state.view(1)
    assert set(view.hand).isdisjoint(state.view(0).hand)
    assert view.hand_sizes == (7, 7) and view.revealed == {}


def test_clone_is_independent():
    state = new_state()
    twin = state.clone()
    twin.apply("draw stock")
    assert state.phase == "draw" and twin.phase == "discard"
    assert twin.game is state.game


def test_random_agent_is_seeded():
    state = new_state()
    legal = state.legal_actions()
    picks = [RandomAgent(9).choose(state.view(0), legal) for _ in range(3)]
    assert len(set(picks)) == 1


def test_agent_registry():
    game = KNOCK_RUMMY.configure()
    assert KNOCK_RUMMY.agent_names == ["random", "easy", "normal", "hard", "expert", "greedy",
                                       "search"]
    assert game.agent("greedy").name == "greedy"
    with pytest.raises(ValueError,
                       match="agents: random, easy, normal, hard, expert, greedy, search"):
        game.agent("clever")
    from cardkit.engine.state import State

    plain = KNOCK_RUMMY.variant(name="no-search",
                                state_class=type("Plain", (KNOCK_RUMMY.state_class,),
                                                 {"determinize": State.determinize}))
    assert plain.agent_names == ["random", "easy", "normal", "greedy"]


action_strategy = st.builds(
    Action,
    kind=st.sampled_from(["draw", "discard", "spread", "hit", "play", "pass"]),
    option=st.sampled_from([None, "stock", "upcard"]),
    cards=st.lists(st.sampled_from(ALL_CARDS[:52]), max_size=5, unique=True).map(tuple),
    target=st.one_of(st.none(), st.integers(0, 20)),
)


@given(action_strategy)
def test_action_text_round_trips(action):
    assert parse_action(str(action)) == action


@given(st.permutations([Card.parse(t) for t in ("7H", "8H", "9H", "10H")]))
def test_action_card_order_does_not_matter(cards):
    assert Action("spread", cards=tuple(cards)) == parse_action("spread 10H 9H 8H 7H")


@given(st.sampled_from(["play", "spread", "discard"]),
       st.lists(st.sampled_from(ALL_CARDS), max_size=6, unique=True))
def test_action_of_cards_is_the_action_built_the_usual_way(kind, cards):
    fast, usual = Action.of_cards(kind, cards), Action(kind, cards=tuple(cards))
    assert fast == usual and hash(fast) == hash(usual)
    assert fast.cards == usual.cards and str(fast) == str(usual)
    assert (fast.option, fast.target, fast.declared) == (None, None, ())
    assert parse_action(str(fast)) == fast


def test_declared_wild_round_trips():
    action = parse_action("spread 5H x1=6h 7H")
    assert str(action) == "spread 5H X1=6H 7H"
    assert action.declared_as(Card.parse("X1")) == Card.parse("6H")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 50), max_size=40))
def test_legal_actions_always_apply_and_illegal_never_change_state(seed, choices):
    state = KNOCK_RUMMY.configure(players=3).new_hand(seed=seed)
    for choice in choices:
        if state.is_over:
            break
        legal = state.legal_actions()
        before = state.snapshot()
        with pytest.raises(IllegalAction):
            state.apply(Action("discard", cards=(Card.parse("X2"),)))
        assert state.snapshot() == before
        state.apply(legal[choice % len(legal)])
