"""The contract rummy definition: what the entry point ``contract-rummy`` names."""

from __future__ import annotations

from cardkit.game import About, Evaluation, GameDefinition, HandAnalysis, rotating_dealer_match
from cardkit.hooks import Hooks
from cardkit_contract_rummy import settlement
from cardkit_contract_rummy.options import OPTIONS
from cardkit_contract_rummy.rules import deck, meld_rules
from cardkit_contract_rummy.state import ContractRummyState

#: What the command line says of the game (``cardkit rules``, the in-game ``help``).
ABOUT = About(
    rules_summary=(
        "Two decks and four jokers (three decks and six jokers for five or six players); "
        "seven deals, each with its contract: two sets; a set and a run; two runs; three "
        "sets; two sets and a run; a set and two runs; three runs (sets of three or more, "
        "runs of four or more, jokers wild). In turn: draw the discard or the stock (if you "
        "draw from the stock, the others may buy the discard, with a penalty card, three "
        "buys a deal); go down once by laying your contract in one turn; once down, lay off "
        "from your next turn; discard. The first with no card left goes out; the others pay "
        "for their hands (2-9 five, 10-K ten, ace 15, joker 50). Lowest total wins."),
    action_help={
        "draw stock": "take the top card of the stock (the others may then buy the discard)",
        "draw discard": "take the top card of the discard pile",
        "buy": "out of turn: take the discard and a penalty card from the stock, e.g. buy 7H",
        "pass": "out of turn: do not buy the discard",
        "meld": "lay one meld of your contract, e.g. meld 7H 7H 7S",
        "lay": "once down (from your next turn): lay a card off on a meld, e.g. lay 8H 2",
        "discard": "discard a card to end your turn, e.g. discard KS",
    },
)

GAME = GameDefinition(
    name="contract-rummy",
    title="Contract rummy",
    summary="Shanghai: seven deals, each with its contract of sets and runs; buy the discard "
            "out of turn; the lowest total wins.",
    state_class=ContractRummyState,
    options=OPTIONS,
    player_counts=(3, 4, 5, 6),
    default_players=4,
    deck=deck,
    match=rotating_dealer_match("deals"),
    hooks=Hooks(went_out=settlement.went_out, stock_out=settlement.stock_out),
    capabilities=[Evaluation(settlement.scores), HandAnalysis(meld_rules=meld_rules), ABOUT],
    max_actions=2000,
)
