"""A hand of Rummy 500 (RULES.md §2-§5): the standard rummy turn of ``cardkit.rummy`` (its
phases in :mod:`cardkit_rummy500.phases`), from the options. The spread discard pile may be
taken at any depth (``take 7H``); the deepest card taken must be melded that turn, and the
engine offers only pickups that can be honoured."""

from __future__ import annotations

import attrs

from cardkit.results import Ending, Endings
from cardkit.rummy import ANY_DEPTH, RummyState, TurnRules
from cardkit_rummy500.phases import PHASES


class Rummy500State(RummyState):
    """One hand of Rummy 500."""

    PHASES = PHASES
    #: RULES.md §5: how a hand ends (every hand is then scored, melded minus in hand).
    ENDINGS = Endings(Ending("went_out", "a player has no card left", "5"),
                      Ending("stock_out", "the stock is out and the play has stopped", "5"))

    def turn_rules(self) -> TurnRules:
        """§2-§5 as the options say."""
        options = self.options
        return TurnRules(
            hand_size=options["two_player_hand"] if self.players == 2 else 7,
            pickup=attrs.evolve(ANY_DEPTH, top_free=options["top_card_free"]),
            lay_off="anyone" if options["lay_off_anywhere"] else "own",
            discard_to_go_out=options["discard_to_go_out"],
            stock_out=options["stock_out"],
        )
