"""A generic greedy agent for games where players lay melds: the ``greedy`` (and so the
``normal``, ``easy`` and ``hard``) of any rummy game that declares its meld rules and brings no
greedy agent of its own.

It reads the moves by their shape, not by their names, so it plays any game built on
:mod:`cardkit.rummy` and most written by hand:

- a move with ``stock`` as its option draws from the stock; ``draw discard``, ``take upcard``
  or ``take CARD`` (a card of a spread pile, with every card above it) takes from the pile;
- a move with two or more cards and no target lays a meld; one card and a target lays it off
  on that meld of the table (one the player does not hold, on another player's meld, is a
  *force*, which it leaves alone);
- ``discard CARD`` and ``knock CARD`` discard; ``pass`` passes;
- in a claim window (``info["claim"]``, :mod:`cardkit.claims`) the move naming the card on offer
  claims it, at the window's cost in penalty cards.

Every choice is judged by the hand's *standing* against the table: the value of the cards it
can put down (its best melds and lay-offs, chains included) less a share of the value of those
it cannot (:func:`cardkit.melds.best_with_layoffs`). It takes from the pile what raises its
standing more than a stock card would; it lays its melds and lay-offs (the one that keeps the
standing highest first) -- a *patient* agent keeps melds made of hand cards until it can go
out, must use a card taken from the pile, or sees a hand or the stock nearly empty -- and it
discards the card whose loss hurts least, keeping cards that could meld together and sparing
a card the next players could use (its *danger*: a lay-off on the table, or cards of a spread
pile it would let them take). Out of turn it claims a card that completes or advances a meld it
can use: one that raises its standing by more than the penalty cards cost (each an unseen card,
counted at the deck's average value). Where the deal has a contract (``info["contract"]``) the
engine offers only melds that go down, so it goes down as soon as it can and lays off at once
afterwards. At Rummy 500, three players, it scores more than both random
opponents in about 84 % of hands (``python -m bench.rummy500``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardkit.engine.agents import Agent
from cardkit.engine.capabilities import HandAnalysis
from cardkit.libraries.melds import (
    DEFAULT_RULES,
    Meld,
    MeldRules,
    best_with_layoffs,
    can_lay_off,
    classify,
    lay_off,
)
from cardkit.libraries.rummy.copies import Hand
from cardkit.values.actions import Action
from cardkit.values.cards import Card, CardMultiset, CardSet, add_cards, remove_cards

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.values.views import View

__all__ = ["MeldingAgent", "melding_agent"]

#: What a card drawn from the stock is worth to the standing, on average: a pile pickup must
#: beat it.
STOCK_GAIN = 0.0
#: The share of a discard's value counted against it when an opponent could lay it off.
DANGER = 0.5
#: Points counted against a discard onto a spread pile (any depth may be taken) for each card
#: of the pile it could meld with (same rank, or same suit within two ranks): with it, the next
#: players can take the pile down to that card. Measured at Rummy 500 against random agents
#: (bench/rummy500.py): 0 wins 60 % of hands, 10 about 80 %.
PILE_DANGER = 10.0
#: Points for each pair of deadwood cards that could meld together (same rank, or same suit
#: within two ranks): a hand that keeps them melds sooner.
LINK = 3.0
#: A patient agent keeps its melds in hand (so that nobody lays off on them and its hand stays
#: flexible) until it can go out, must meld a card taken from the pile, holds this many cards,
#: or sees another hand, or the stock, this small.
CROWDED, CLOSE = 10, 3

#: What a claim must gain on the standing beyond its penalty cards, in points.
CLAIM_MARGIN = 2.0

#: What a card that cannot be put down costs the standing beyond its value, as a share of it:
#: low, because a card kept may meld later (at Rummy 500 against random agents 1.0 won 80 % of
#: hands, 0.25 about 85 %).
HOLD = 0.25

_DISCARDS = ("discard", "knock")


def _related(one: Card, other: Card) -> bool:
    """Two natural cards that could be in one meld: same rank, or same suit within two ranks."""
    if one.is_joker or other.is_joker:
        return False
    if one.rank == other.rank:
        return True
    return one.suit == other.suit and abs(int(one.rank) - int(other.rank)) <= 2  # type: ignore[arg-type]


def _spread_pile(view: View) -> tuple[Card, ...]:
    """The whole discard pile when the game spreads it (``info["discard_pile"]``), else ()."""
    pile = view.info.get("discard_pile") if isinstance(view.info, dict) else None
    return tuple(card for card in pile if isinstance(card, Card)) if isinstance(pile, tuple) \
        else ()


def _taken_this_turn(view: View) -> frozenset[Card]:
    """The cards the seat took from the pile in its moves of this turn: the card it named
    (``take 7H``), or the card the move showed when it names none (``draw discard``, ``take
    upcard``)."""
    taken: set[Card] = set()
    for move in reversed(view.history):
        if move.seat != view.seat:
            break
        action = move.action
        if action.kind == "take" and len(action.cards) == 1 and not action.declared:
            taken.add(action.cards[0])
        elif action.kind in ("draw", "take") and action.option in ("discard", "upcard") \
                and not action.cards:
            taken.update(card for card in move.shown if isinstance(card, Card))
    return frozenset(taken)


def _table_melds(view: View) -> tuple[list[Meld], list[int | None]]:
    """The table's melds and their owners (None when the game does not say)."""
    melds: list[Meld] = []
    owners: list[int | None] = []
    for entry in view.table:
        owner, item = (entry if isinstance(entry, tuple) and len(entry) == 2
                       and isinstance(entry[0], int) else (None, entry))
        if isinstance(item, Meld):
            melds.append(item)
            owners.append(owner)
    return melds, owners


class MeldingAgent(Agent):
    """The generic greedy agent for meld-laying games (see the module's docstring)."""

    name = "greedy"

    def __init__(self, rules: MeldRules = DEFAULT_RULES, stock_gain: float = STOCK_GAIN,
                 danger: float = DANGER, pile_danger: float = PILE_DANGER,
                 hold: float = HOLD, link: float = LINK, patient: bool = True) -> None:
        self.rules = rules
        self.stock_gain = stock_gain
        self.danger = danger
        self.pile_danger = pile_danger
        self.hold = hold
        self.link = link
        self.patient = patient

    # ----- judging a hand -----------------------------------------------------------------------

    def standing(self, hand: Hand, table: Sequence[Meld]) -> float:
        """The value of what ``hand`` can put down on ``table`` less the value of the rest."""
        if not hand:
            return 0.0
        deadwood = best_with_layoffs(hand, table, self.rules).deadwood_value
        return self.rules.hand_value(hand) - (1 + self.hold) * deadwood

    # ----- choosing -----------------------------------------------------------------------------

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """See :meth:`choose_with_reason`."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]
                           ) -> tuple[Action, str]:
        """The greedy move and why."""
        if len(legal_actions) == 1:
            return legal_actions[0], "the only move"
        hand: Hand = CardSet(view.hand) if len(set(view.hand)) == len(view.hand) \
            else CardMultiset(view.hand)  # copies: two or more decks
        table, owners = _table_melds(view)
        offer = view.info.get("claim") if isinstance(view.info, dict) else None
        if isinstance(offer, dict) and isinstance(offer.get("card"), Card):
            return self._claim_or_pass(offer["card"], legal_actions, view, hand, table)
        plays = [a for a in legal_actions if self._is_play(a, hand, owners, view.seat)]
        # a card taken from the pile this turn was taken to be used or kept: throwing it back
        # lets players pass cards round between them for ever, the stock never shrinking
        taken = _taken_this_turn(view)
        if plays and self.patient and not self._time_to_meld(view, hand, table):
            # melds made of hand cards wait; a card on offer (not in the hand), or one just
            # taken from the pile, never does
            plays = [a for a in plays
                     if not all(card in hand and card not in taken for card in a.cards)]
            if not plays and not any(a.kind in _DISCARDS for a in legal_actions):
                plays = [a for a in legal_actions if self._is_play(a, hand, owners, view.seat)]
        if plays:
            return self._best_play(plays, hand, table), "put down what I can"
        draws = [a for a in legal_actions if a.option == "stock" or self._taken(a, view)]
        if draws:
            return self._best_draw(draws, legal_actions, view, hand, table)
        discards = [a for a in legal_actions if a.kind in _DISCARDS and len(a.cards) == 1]
        discards = [a for a in discards if a.card not in taken] or discards
        if discards:
            return self._best_discard(discards, hand, table, _spread_pile(view))
        passes = [a for a in legal_actions if a.kind == "pass"]
        return (passes or list(legal_actions))[0], "nothing worth doing"

    def _claim_or_pass(self, card: Card, legal: Sequence[Action], view: View, hand: Hand,
                       table: list[Meld]) -> tuple[Action, str]:
        """Claim ``card`` when it raises the standing by more than the penalty costs."""
        claims = [a for a in legal if a.cards == (card,) and a.target is None]
        declines = [a for a in legal if a not in claims]
        if not claims or not declines:
            return (claims or list(legal))[0], "the only move"
        cost = view.info.get("claim_cost", 0)
        penalty = (1 + self.hold) * self._mean_value() * (cost if isinstance(cost, int) else 0)
        gain = self.standing(hand.add(card), table) - self.standing(hand, table)
        if gain > penalty + CLAIM_MARGIN:
            return claims[0], f"{card} makes a meld for me"
        return declines[0], f"{card} is not worth it"

    def _mean_value(self) -> float:
        """The average value of a natural card under the rules."""
        return sum(self.rules.card_values) / len(self.rules.card_values)

    def _time_to_meld(self, view: View, hand: Hand, table: list[Meld]) -> bool:
        """A patient agent melds now: it can go out, must use a card taken from the pile,
        holds many cards, another hand or the stock is nearly empty, or the deal has a contract
        (the melds offered go down, and once down every lay-off sheds a card)."""
        if view.info.get("must_use") is not None or len(hand) >= CROWDED:
            return True
        if view.info.get("contract") is not None:
            return True
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
        if min(others, default=CLOSE + 1) <= CLOSE or view.stock_size <= CLOSE:
            return True
        return len(best_with_layoffs(hand, table, self.rules).deadwood) <= 1

    def _is_play(self, action: Action, hand: Hand, owners: list[int | None],
                 seat: int) -> bool:
        """A meld, or a lay-off that is not a force (a card not held, on another's meld)."""
        if action.kind in _DISCARDS or action.option == "stock":
            return False
        if len(action.cards) >= 2 and action.target is None:
            return True
        if len(action.cards) == 1 and action.target is not None:
            number = action.target - 1
            owner = owners[number] if 0 <= number < len(owners) else None
            return action.card in hand or owner in (None, seat)
        return False

    def _taken(self, action: Action, view: View) -> tuple[Card, ...]:
        """The cards a pickup takes (empty for any other move)."""
        if action.kind == "take" and len(action.cards) == 1 and not action.declared:
            pile = _spread_pile(view)
            if action.card in pile:
                return pile[pile.index(action.card):]
            return (action.card,)
        if action.option in ("discard", "upcard") and not action.cards \
                and action.kind in ("draw", "take") and view.discard_top is not None:
            return (view.discard_top,)
        return ()

    def _after(self, action: Action, hand: Hand, table: list[Meld]
               ) -> tuple[Hand, list[Meld]] | None:
        """The hand and table after a meld or lay-off (None if it cannot be read)."""
        held = [card for card in action.cards if card in hand]
        if action.target is None:
            meld = classify(action.cards, self.rules, action.declared or None)
            return (remove_cards(hand, held), [*table, meld]) if meld is not None else None
        number = action.target - 1
        if not 0 <= number < len(table):
            return None
        card = action.card
        declared = action.declared_as(card)
        try:
            grown = lay_off(table[number], card, self.rules, end=action.option
                            if action.option in ("low", "high") else None,
                            declared=declared if declared is not card else None)
        except ValueError:
            return None
        return remove_cards(hand, held), [*table[:number], grown, *table[number + 1:]]

    def _best_play(self, plays: list[Action], hand: Hand, table: list[Meld]) -> Action:
        def score(action: Action) -> float:
            after = self._after(action, hand, table)
            if after is None:
                return float("-inf")
            rest, new_table = after
            return self.rules.hand_value(action.cards) + self.standing(rest, new_table)

        return max(plays, key=score)

    def _best_draw(self, draws: list[Action], legal: Sequence[Action], view: View,
                   hand: Hand, table: list[Meld]) -> tuple[Action, str]:
        now = self.standing(hand, table)
        stock = next((a for a in draws if a.option == "stock"), None)
        best: Action | None = None
        best_gain = self.stock_gain if stock is not None else 0.0
        for action in draws:
            taken = self._taken(action, view)
            if not taken:
                continue
            gain = self.standing(add_cards(hand, taken), table) - now
            if gain > best_gain:
                best, best_gain = action, gain
        if best is not None:
            return best, "the pile gives me melds"
        if stock is not None:
            return stock, "nothing in the pile for me"
        passes = [a for a in legal if a.kind == "pass"]
        return (passes or list(draws))[0], "nothing in the pile for me"

    def danger_of(self, card: Card, table: Sequence[Meld], pile: Sequence[Card]) -> float:
        """What discarding ``card`` may give the next players: its value if they can lay it
        off on the table (times ``danger``), and ``pile_danger`` for each card of a spread
        ``pile`` it could meld with."""
        danger = 0.0
        if any(can_lay_off(card, meld, self.rules) for meld in table):
            danger += self.danger * self.rules.value(card)
        if pile:
            danger += self.pile_danger * sum(1 for other in pile if _related(card, other))
        return danger

    def _best_discard(self, discards: list[Action], hand: Hand, table: list[Meld],
                      pile: Sequence[Card]) -> tuple[Action, str]:
        def score(action: Action) -> tuple[float, bool, int]:
            card = action.card
            rest = hand.remove(card)
            arrangement = best_with_layoffs(rest, table, self.rules)
            dead = arrangement.deadwood
            links = sum(1 for i, one in enumerate(dead) for other in dead[i + 1:]
                        if _related(one, other))
            kept = self.rules.hand_value(rest) - (1 + self.hold) * arrangement.deadwood_value
            return (kept + self.link * links - self.danger_of(card, table, pile),
                    action.kind == "knock", self.rules.value(card))

        best = max(discards, key=score)
        return best, "knock" if best.kind == "knock" else "the card I need least"


def melding_agent(game: Game, seat: int, seed: int) -> Agent:
    """The generic ``greedy`` agent factory: the game's meld rules for its options."""
    declared = (game.definition.capability(HandAnalysis) or HandAnalysis()).meld_rules
    rules: Any = declared(game.options) if declared is not None else DEFAULT_RULES
    return MeldingAgent(rules if isinstance(rules, MeldRules) else DEFAULT_RULES)
