"""A deal of contract rummy (RULES.md §2-§5): the standard rummy turn of ``cardkit.rummy`` (its
phases in :mod:`cardkit_contract_rummy.phases`) with the deal's contract, buying out of turn and
the pile shuffled back."""

from __future__ import annotations

from cardkit.claims import ClaimRule
from cardkit.rummy import GoingDown, Reshuffle, RummyState, TurnRules
from cardkit_contract_rummy.phases import PHASES
from cardkit_contract_rummy.rules import CONTRACTS, hand_size


class ContractRummyState(RummyState):
    """One deal of contract rummy: its contract is the deal's number's (§4)."""

    PHASES = PHASES

    def turn_rules(self) -> TurnRules:
        """§2-§5 as the options say, for this deal."""
        options = self.options
        deal = self.context.hand_number % len(CONTRACTS)
        reshuffles = options["reshuffles"]
        return TurnRules(
            hand_size=hand_size(options, deal),
            claims=ClaimRule(per_deal=options["buys"], cost=options["penalty"]),
            claim_when_down=options["buy_when_down"],
            reshuffle=Reshuffle(times=reshuffles) if reshuffles else None,
            going_down=GoingDown(CONTRACTS[deal],
                                 lay_off_same_turn=options["lay_off_same_turn"]),
        )
