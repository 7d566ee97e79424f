"""Tiến Lên's encoding for the research adapters (:mod:`cardkit.adapters`).

Tiến Lên's moves are not a modest list: a sequence of n ranks comes in 4^n choices of suits.
As RLCard does for Dou Dizhu (where it keys a move by its ranks alone, suits being irrelevant
there), the catalogue keys a play by what decides whether it beats the top -- its type, its
length and its top card (§4: a combination is compared by its highest card) -- and the engine
chooses the other cards: of the legal plays with that key, the one whose other cards are the
weakest, so the stronger suits stay in hand. About a thousand indices, plus ``pass``.

What it loses: the choice among the lower suits. It never changes which plays can be made
now, nor whether this one beats the top; it can change what stays in hand (keeping 7♠ rather
than 7♥ for a later single, or breaking a pair a different way), which a learner cannot then
plan. The observation is the base planes (the current top combination is the table, and each
seat's played cards are its "shown in the log" plane), then four planes of the seat's own hand
read from its view, which a network would otherwise have to learn to compute from the cards:
the hand's plan as the game's own players read it
(:func:`~cardkit_games.tien_len.plan.plan_sequences`: the sequences that absorb the
most single cards, then one unit a rank) -- the cards in the plan's sequences, in its sets
(pairs and more), its lone single units -- and the cards that no card the seat has not seen
beats (its boss singles: the unseen cards are those in no hand of its own and not played this
game). Every added plane is a subset of the seat's own hand, so it shows no hidden card.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardkit_games.tien_len.plan import plan_sequences

from cardkit.cards import STANDARD_CARDS, Card, CardSet
from cardkit.climbing import ClimbingRules
from cardkit.encoding import (
    ActionCatalogue,
    CombinationAbstraction,
    GameEncoding,
    ObservationEncoding,
    Plane,
    base_planes,
)
from cardkit.game import Game, HandAnalysis
from cardkit.views import View

__all__ = ["PLAN_PLANES", "encoding", "hand_plan"]

_DECK_MASK = sum(card.mask for card in STANDARD_CARDS)
#: The planes this encoding adds after the base planes, in order.
PLAN_PLANES = ("plan: in a sequence", "plan: in a set", "plan: single unit", "boss single")


def _played(view: View) -> int:
    """Every card played this game, as a card mask (the public history; read whole at each
    call, so one encoding can serve hands played side by side)."""
    played = 0
    for move in view.history:
        action = move.action
        if action.kind == "play":
            for card in action.cards:
                played |= card.mask
    return played


def hand_plan(view: View, rules: ClimbingRules) -> tuple[int, int, int, int]:
    """The four planes of the module docstring for ``view``, each as a card mask: (in a
    sequence of the plan, in a set of the plan, single units, boss singles). A sequence
    takes the weakest card of each of its ranks and a rank's cards left form its set or
    single, as the plan counts them."""
    mine = 0
    for card in view.hand:
        mine |= card.mask
    unseen = _DECK_MASK & ~mine & ~_played(view)
    smask = rules.strength_mask(CardSet.from_mask(mine))
    sequences, counts = plan_sequences(smask)
    by_position: list[list[Card]] = [[] for _ in range(13)]
    for card in rules.cards_of_strength_mask(smask):  # weakest first
        by_position[rules.strength(card) >> 2].append(card)
    in_sequence = in_set = single = 0
    taken = [0] * 13
    for low, high in sequences:
        for position in range(low, high + 1):
            in_sequence |= by_position[position][taken[position]].mask
            taken[position] += 1
    for position, count in enumerate(counts):
        left = by_position[position][taken[position]:]
        assert len(left) == count  # the plan's counts are the cards its sequences left
        for card in left:
            if count == 1:
                single |= card.mask
            else:
                in_set |= card.mask
    unseen_top = rules.strength_mask(CardSet.from_mask(unseen)).bit_length()  # strongest unseen + 1
    boss = 0
    for card in view.hand:
        if rules.strength(card) >= unseen_top:
            boss |= card.mask
    return in_sequence, in_set, single, boss


def _cards(mask: int) -> Iterable[Card]:
    return [card for card in STANDARD_CARDS if card.mask & mask]


def _plan_planes(rules: ClimbingRules) -> tuple[Plane, ...]:
    """The added planes, each read from the view's plan (one plan a view: the last view's is
    kept, since the four planes of one observation ask for it in turn)."""
    kept: list[object] = [None, (0, 0, 0, 0)]

    def reading(view: View) -> tuple[int, int, int, int]:
        if kept[0] is not view:
            kept[0], kept[1] = view, hand_plan(view, rules)
        return kept[1]  # type: ignore[return-value]

    def plane(name: str, number: int) -> Plane:
        def mask(view: View) -> int:
            return reading(view)[number]

        def cards(view: View) -> Iterable[Card]:
            return _cards(mask(view))

        return Plane(name, cards, mask)

    return tuple(plane(name, number) for number, name in enumerate(PLAN_PLANES))


def encoding(game: Game) -> GameEncoding:
    """The catalogue and observation described in the module docstring."""
    analysis = game.definition.capability(HandAnalysis)
    assert analysis is not None and analysis.climbing_rules is not None  # declared by Tiến Lên
    rules = analysis.climbing_rules(game.options)
    abstraction = CombinationAbstraction("play", rules)
    catalogue = ActionCatalogue(["pass", *abstraction.keys], abstraction.key_of,
                                abstraction.prefer)
    observation = ObservationEncoding(tuple(STANDARD_CARDS), game.players,
                                      tuple(game.definition.state_class.PHASES),
                                      (*base_planes(), *_plan_planes(rules)))
    return GameEncoding(catalogue, observation, __doc__ or "")
