"""Rummy building blocks: a table of melds, discard-pile pickups, meld scoring and the standard
turn.

Public API::

    Table, TableMeld                 the melds on the table, their owners and lay-offs
    meld_actions, lay_off_actions    every meld and lay-off of a hand against the table
    apply_meld, apply_lay_off        the table after such a move
    meld_of_move                     the meld an offered move lays, read from its declaration
    owned_by(seat)                   "lay off on this seat's melds only"
    cheapest_use, usable             can this card be put on the table this turn (chains too)?
    Pickup, TOP_CARD, ANY_DEPTH      what may be taken from the discard pile, and the duty
    pickup_choices                   the pickups a player can honour now
    Points, melded_minus_in_hand     card values by place in a meld; "melded minus in hand"
    RummyState, TurnRules            draw / meld, lay off / discard, with all of the above
    rummy_phases(claim, decline)     the turn's phases, the claim window's moves in a game's words
    Reshuffle, reshuffled            the pile shuffled back into the stock when it is out
    knock_table                      the table a knock leaves: shown melds, lay-offs, replies
    Contract, GoingDown              a deal's required melds, and how they are laid
    can_complete                     can a hand lay these melds at once (a contract's search)?
    contract_meld_actions            the melds that start or go on with a contract
"""

from cardkit.libraries.rummy.contracts import (
    RUN,
    SET,
    Contract,
    GoingDown,
    can_complete,
    contract_meld_actions,
)
from cardkit.libraries.rummy.moves import (
    LAY,
    MELD,
    apply_lay_off,
    apply_meld,
    cheapest_use,
    lay_off_actions,
    meld_actions,
    meld_of_move,
    owned_by,
    usable,
)
from cardkit.libraries.rummy.pickups import (
    ANY_DEPTH,
    DRAW_DISCARD,
    TAKE,
    TOP_CARD,
    Pickup,
    PickupChoice,
    pickup_choices,
)
from cardkit.libraries.rummy.scoring import Points, melded_minus_in_hand
from cardkit.libraries.rummy.showdown import knock_table
from cardkit.libraries.rummy.stock import Reshuffle, reshuffled
from cardkit.libraries.rummy.table import Table, TableMeld
from cardkit.libraries.rummy.turn import (
    CLAIM,
    DRAW_STOCK,
    PASS,
    RummyState,
    TurnRules,
    rummy_phases,
)

__all__ = [
    "ANY_DEPTH",
    "CLAIM",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "LAY",
    "MELD",
    "PASS",
    "RUN",
    "SET",
    "TAKE",
    "TOP_CARD",
    "Contract",
    "GoingDown",
    "Pickup",
    "PickupChoice",
    "Points",
    "Reshuffle",
    "RummyState",
    "Table",
    "TableMeld",
    "TurnRules",
    "apply_lay_off",
    "apply_meld",
    "can_complete",
    "cheapest_use",
    "contract_meld_actions",
    "knock_table",
    "lay_off_actions",
    "meld_actions",
    "meld_of_move",
    "melded_minus_in_hand",
    "owned_by",
    "pickup_choices",
    "reshuffled",
    "rummy_phases",
    "usable",
]
