"""The seat's *reading* of a Tonk hand: numbers it works out from its own view, as the ``hard``
agent does (its count, ``hard``'s estimates of the other counts and of the chance of being
lowest, and per hand card what throwing it leaves), which Tonk's research encoding puts at the
end of the observation (:mod:`cardkit_games.tonk.encoding`; wired in ``game.py``, since the rules
never import the bots), so that a learner does not have to learn the count arithmetic from card
bits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardkit_games.tonk.bots.policy import HardAgent, _chance_above, discard_features

from cardkit.cards import Card
from cardkit.encoding import Scalars
from cardkit.game import Game
from cardkit.views import View

__all__ = ["PER_CARD", "SUMMARY", "Reading", "reading_scalars"]

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
        reader = self.readers.get(seat)
        if reader is None:
            reader = self.readers[seat] = HardAgent(self.game, seat, 0)
        return reader

    def __call__(self, view: View) -> list[float]:
        """The numbers for ``view`` (all zero once the hand is over or outside the play)."""
        numbers = [0.0] * self.size
        if view.phase not in ("start", "play") or not view.hand:
            return numbers
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
        hand, unseen, others = hard.discard_context(view, reading)

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


def reading_scalars(game: Game, deck: Sequence[Card]) -> Scalars:
    """The seat's reading as the observation's scalars (a fresh :class:`Reading`: each
    encoding keeps its own place in each seat's log)."""
    reading = Reading(game, deck)
    return Scalars("the seat's reading", reading.size, reading)
