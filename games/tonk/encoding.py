"""Tonk's encoding for the research adapters (:mod:`cardkit.adapters`).

Actions (an exact catalogue, one index per move, finite because a deck makes finitely many
spreads): the bare moves (drop, the two draws, pass, the side-bet choices), ``discard`` with
each card of the deck, ``spread`` with every book and run the deck could make under the meld
rules in force (§4; with jokers, every placement of the jokers in them), and ``hit`` with each
card on each meld number up to the most melds a deck can hold (a joker once per card it may
stand for). The observation adds to the base planes the cards each seat was seen to take from
the discard pile and still holds, then the seat's *reading* of the hand (:class:`Reading`):
numbers the seat works out from its own view, as the ``hard`` agent does, so that a learner
does not have to learn the hand's count and the opponents' from card bits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit.cards import Card
from cardkit.encoding import (
    ActionCatalogue,
    GameEncoding,
    ObservationEncoding,
    Scalars,
    SeatPlanes,
    base_planes,
    card_action_keys,
    hit_keys,
    meld_keys,
    taken_from_pile,
)
from cardkit.game import Game, HandAnalysis
from cardkit.views import View

if TYPE_CHECKING:  # the bots import the game: read at the first view, not at import
    from cardkit_games.tonk.bots.policy import HardAgent

__all__ = ["PER_CARD", "SUMMARY", "Reading", "encoding"]

MOVES = ("drop", "draw stock", "draw discard", "pass", "join bet", "decline bet")
SMALLEST_MELD = 3  # §4: books of 3-4, runs of 3+

#: The reading's numbers about the hand as a whole, in order (then two per opponent, from the
#: viewer round the table: its estimated count /50 and the estimate's spread /20).
SUMMARY = ("count/50", "chance lowest", "threat", "opponent locked", "least hand/10",
           "top melds", "top hits", "top gain/10", "top value/10")
#: The reading's numbers per card of the deck, each zero unless the card is in the seat's hand:
#: what throwing it would leave.
PER_CARD = ("chance lowest after throwing it", "outs left/10", "keep bonus/24",
            "fits the table", "unseen neighbours/8")


class Reading:
    """The numbers a seat reads from its view (:data:`SUMMARY`, two per opponent, then each of
    :data:`PER_CARD` for every card of the deck), computed with the ``hard`` agent's own reading
    of the public log and its count model (:class:`~cardkit_games.tonk.bots.policy.HardAgent`:
    one per seat, since it reads each seat's log incrementally). Everything comes from the view:
    the seat's hand, the discard top, the table, the hands' sizes, the drop locks and the public
    history. Each number is clipped to 0..1."""

    def __init__(self, game: Game, deck: Sequence[Card]) -> None:
        self.game = game
        self.deck = deck
        self.players = game.players
        self.position = {card.index: i for i, card in enumerate(deck)}
        self.readers: dict[int, HardAgent] = {}

    @property
    def size(self) -> int:
        """How many numbers."""
        return len(SUMMARY) + 2 * (self.players - 1) + len(PER_CARD) * len(self.deck)

    def _reader(self, seat: int) -> HardAgent:
        from cardkit_games.tonk.bots.policy import HardAgent

        reader = self.readers.get(seat)
        if reader is None:
            reader = self.readers[seat] = HardAgent(self.game, seat, 0)
        return reader

    def __call__(self, view: View) -> list[float]:
        """The numbers for ``view`` (all zero once the hand is over or outside the play)."""
        numbers = [0.0] * self.size
        if view.phase not in ("start", "play") or not view.hand:
            return numbers
        from cardkit_games.tonk.bots.policy import _chance_above, discard_features

        hard = self._reader(view.seat)
        base = hard.start_base(view)  # reads the log; its features are (1, p, ..., threat, ...)
        reading = hard.reader.reading
        estimates = hard.estimates(view, reading)
        values = hard.values
        my_count = sum(values[card.index] for card in view.hand)
        numbers[0] = my_count / 50
        numbers[1] = base[1]
        numbers[2] = base[13]
        numbers[3] = base[8]
        numbers[4] = base[7] / 10
        top = view.discard_top
        if top is not None:
            take = hard._take(view, base, top)  # (..., top/10, melds, hits, gain/10, top<=3)
            numbers[5], numbers[6], numbers[7], numbers[8] = take[-4], take[-3], take[-2], \
                take[-5]
        spot = len(SUMMARY)
        for k in range(1, self.players):
            mean, variance = estimates.get((view.seat + k) % self.players, (0.0, 0.0))
            numbers[spot] = mean / 50
            numbers[spot + 1] = math.sqrt(max(0.0, variance)) / 20
            spot += 2
        hand = 0
        for card in view.hand:
            hand |= card.mask
        seen = reading.seen
        for record in reading.seats:
            for card in record.known:
                seen |= card.mask
        unseen = hard.deck_mask & ~seen
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]

        def chance(count: int) -> float:
            result = 1.0
            for mean, variance in estimates.values():
                result *= _chance_above(count, mean, variance)
            return result

        width = len(self.deck)
        position = self.position
        touched = list(range(spot))
        for card in view.hand:
            features = discard_features(card, hand, unseen, view.table, view.stock_size,
                                        min(others, default=0), values, chance)
            at = spot + position[card.index]
            touched.extend(range(at, at + 5 * width, width))
            numbers[at] = features[17]  # next p
            numbers[at + width] = (features[2] + features[3]) / 10  # book and run outs
            numbers[at + 2 * width] = hard.greedy.keep_bonus(card, view.hand) / 24
            numbers[at + 3 * width] = features[9]  # fits the table
            numbers[at + 4 * width] = (features[5] + features[6]) / 8
        for at in touched:  # clip only what was set: most of the numbers are zero
            number = numbers[at]
            if number < 0.0 or number > 1.0:
                numbers[at] = 0.0 if number < 0.0 else 1.0
        return numbers


def encoding(game: Game) -> GameEncoding:
    """The catalogue and observation described in the module docstring."""
    deck = tuple(sorted(game.deck_spec.cards, key=lambda card: card.index))
    analysis = game.definition.capability(HandAnalysis)
    assert analysis is not None and analysis.meld_rules is not None  # Tonk declares its melds
    rules = analysis.meld_rules(game.options)
    naturals = [card for card in deck if not rules.is_wild(card)]
    wilds = {card: naturals for card in deck if rules.is_wild(card)}
    keys: list = list(MOVES)
    keys.extend(card_action_keys("discard", deck))
    keys.extend(meld_keys("spread", deck, rules))
    keys.extend(hit_keys("hit", deck, len(deck) // SMALLEST_MELD, wilds))
    planes = (*base_planes(),
              SeatPlanes("taken from the discard pile",
                         taken_from_pile(frozenset({"discard"}), "draw discard")))
    reading = Reading(game, deck)
    observation = ObservationEncoding(deck, game.players,
                                      tuple(game.definition.state_class.PHASES), planes,
                                      (Scalars("the seat's reading", reading.size, reading),))
    return GameEncoding(ActionCatalogue(keys), observation)
