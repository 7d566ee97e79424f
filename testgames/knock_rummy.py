"""Knock rummy: a small complete game written to exercise the engine in cardkit's own tests.

2-4 players, 7 cards each, one up-card. A turn: draw (stock or discard), then discard; instead of
a plain discard a player whose deadwood after discarding is at most 10 may knock. The knocker and
everyone else show their best arrangement; the lowest deadwood wins (the knocker wins ties) and
each other player pays the winner the difference. The hand is a draw when the stock runs out.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from cardkit.engine.capabilities import Agents
from cardkit.engine.definition import GameDefinition
from cardkit.engine.game import Game
from cardkit.engine.phases import Phase, phases
from cardkit.engine.state import State
from cardkit.libraries.melds import MeldRules, best_arrangement, deadwood_value
from cardkit.libraries.sampling import redeal_hidden
from cardkit.values.actions import Action
from cardkit.values.cards import Card, CardSet
from cardkit.values.hooks import Hooks
from cardkit.values.options import Option, OptionSet, Preset
from cardkit.values.results import Result, Transfer
from cardkit.values.views import View

RULES = MeldRules()
DRAW_STOCK = Action("draw", "stock")
DRAW_DISCARD = Action("draw", "discard")


def settle(state: KnockRummyState, knocker: int) -> Result:
    """Default settlement hook: lowest deadwood wins, the others pay the difference."""
    counts = [deadwood_value(hand, RULES) for hand in state.hands]
    low = min(counts)
    winner = knocker if counts[knocker] == low else counts.index(low)
    transfers = [Transfer(seat, winner, counts[seat] - counts[winner], "deadwood difference")
                 for seat in range(state.players) if seat != winner
                 and counts[seat] > counts[winner]]
    return Result.from_transfers("knock", state.players, transfers, (winner,),
                                 {"deadwood": counts, "knocker": knocker})


# ----- the draw phase ---------------------------------------------------------------------------


def draw_legal(state: KnockRummyState) -> list[Action]:
    """Draw from the stock or take the discard pile's top card."""
    actions = [DRAW_STOCK] if state.stock else []
    if state.discards:
        actions.append(DRAW_DISCARD)
    return actions


def draw_apply(state: KnockRummyState, action: Action) -> None:
    """The drawn card joins the hand; the card taken from the discard pile is remembered."""
    seat = state.seat_to_play
    if action.option == "stock":
        card = state.stock.pop(0)
        state.taken = None
    else:
        card = state.discards.pop()
        state.taken = card
    state.hands[seat] = state.hands[seat].add(card)
    state.enter("discard")


# ----- the discard phase ------------------------------------------------------------------------


def discard_legal(state: KnockRummyState) -> list[Action]:
    """Discard any card but the one just taken; knock when the rest has little deadwood."""
    hand = state.hands[state.seat_to_play]
    actions = []
    limit = state.options["knock_limit"]
    for card in hand:
        if card is state.taken:
            continue
        actions.append(Action("discard", cards=(card,)))
        if deadwood_value(hand.remove(card), RULES) <= limit:
            actions.append(Action("knock", cards=(card,)))
    return actions


def discard_why_illegal(state: KnockRummyState, action: Action) -> str | None:
    """Not held, just taken, or too much deadwood to knock."""
    if len(action.cards) == 1 and not action.option:
        if action.card not in state.hands[state.seat_to_play]:
            return f"you do not hold {action.card}"
        if action.card is state.taken:
            return "you may not discard the card you just took from the discard pile"
        if action.kind == "knock":
            return f"you may knock only with {state.options['knock_limit']} or less deadwood"
    return None


def discard_apply(state: KnockRummyState, action: Action) -> None:
    """The card goes on the pile; a knock ends the hand, an empty stock draws it."""
    seat = state.seat_to_play
    card = action.card
    state.hands[seat] = state.hands[seat].remove(card)
    state.discards.append(card)
    state.taken = None
    if action.kind == "knock":
        state.finish(state.game.hooks.settle(state, seat))
    elif not state.stock:
        state.finish(Result("stock_out", (), (0,) * state.players))
    else:
        state.current_player = (seat + 1) % state.players
        state.enter("draw")


class KnockRummyState(State):
    """A hand of knock rummy."""

    PHASES = phases(
        Phase("draw", {"draw"}, "draw from the stock or the discard pile",
              "you must draw before you discard",
              legal=draw_legal, apply=draw_apply, next={"discard"}),
        Phase("discard", {"discard", "knock"}, "discard a card, or knock",
              "you have drawn already: discard or knock",
              legal=discard_legal, apply=discard_apply, why_illegal=discard_why_illegal,
              next={"draw"}),
    )
    ALIASES: Mapping[str, str] = {"take discard": "draw discard"}

    hands: list[CardSet]
    discards: list[Card]
    stock: list[Card]
    taken: Card | None

    def setup(self, deck: list[Card]) -> None:
        size = self.options["hand_size"]
        first = (self.context.dealer + 1) % self.players
        self.hands = [CardSet() for _ in range(self.players)]
        for position in range(size * self.players):
            seat = (first + position) % self.players
            self.hands[seat] = self.hands[seat].add(deck[position])
        self.discards = [deck[size * self.players]]
        self.stock = deck[size * self.players + 1:]
        self.current_player = first
        self.enter("draw")
        self.taken = None

    def view(self, seat: int) -> View:
        revealed = ({s: tuple(self.hands[s]) for s in range(self.players)}
                    if self.is_over else {})
        return View(
            game=self.game.name, seat=seat, players=self.players, phase=self.phase,
            current_player=self.current_player, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands), stock_size=len(self.stock),
            discard_top=self.discards[-1] if self.discards else None,
            scores=self.context.totals, history=self.public_history(),
            dealer=self.context.dealer, revealed=revealed, result=self.result,
        )

    def hidden_cards(self, seat: int) -> CardSet:
        if self.is_over:
            return CardSet(self.stock)
        others = CardSet()
        for other, hand in enumerate(self.hands):
            if other != seat:
                others |= hand
        # cards taken from the discard pile were seen by everyone
        public = CardSet(a.cards[0] for _, a in self.history if a.kind in ("discard", "knock"))
        return (others - public) | CardSet(self.stock)

    def determinize(self, seat: int, rng: random.Random) -> KnockRummyState:
        """The hidden cards (others' unseen cards and the stock) dealt again into their places
        (:func:`cardkit.sampling.redeal_hidden`: the re-deal depends only on what ``seat``
        sees)."""
        copy = self.clone()
        hidden = self.hidden_cards(seat).mask
        places: list[int | list[Card]] = [hand.mask for hand in self.hands]
        redeal = redeal_hidden([*places, list(self.stock)], hidden, rng)
        *hands, stock = redeal.places
        copy.hands = [CardSet.from_mask(mask) for mask in hands if isinstance(mask, int)]
        copy.stock = stock if isinstance(stock, list) else []
        return copy

    def zones(self) -> Mapping[str, Iterable[Card]]:
        zones: dict[str, Iterable[Card]] = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["discard pile"] = self.discards
        return zones

    def arrangement(self, seat: int):
        """The seat's best arrangement."""
        return best_arrangement(self.hands[seat], RULES)


class GreedyAgent:
    """Discards the card that leaves the least deadwood; knocks when it can."""

    name = "greedy"

    def choose(self, view: View, legal: list[Action]) -> Action:
        """Knock if possible, else the discard leaving least deadwood; draw from stock."""
        if view.phase == "draw":
            return legal[0]
        hand = CardSet(view.hand)
        best = min(legal, key=lambda a: (a.kind != "knock",
                                         deadwood_value(hand.remove(a.card), RULES)))
        return best

    def choose_with_reason(self, view: View, legal: list[Action]) -> tuple[Action, str]:
        """As choose, with a reason."""
        return self.choose(view, legal), "lowest deadwood"


def greedy(game: Game, seat: int, seed: int) -> GreedyAgent:
    """The ``greedy`` agent factory."""
    return GreedyAgent()


KNOCK_RUMMY = GameDefinition(
    name="knock-rummy",
    title="Knock rummy (test game)",
    summary="A small knock rummy used to test the cardkit engine.",
    state_class=KnockRummyState,
    options=OptionSet(
        [
            Option("hand_size", "choice", 7, "Cards dealt to each player", "test game",
                   choices=(5, 7)),
            Option("knock_limit", "int", 10, "Most deadwood a knocker may hold", "test game",
                   minimum=0),
        ],
        [Preset("strict", {"knock_limit": 0}, "Gin only")],
    ),
    player_counts=(2, 3, 4),
    default_players=2,
    hooks=Hooks(settle=settle),
    capabilities=[Agents({"greedy": greedy})],
    zero_sum=True,
)
