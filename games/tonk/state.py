"""A hand of Tonk: the deal (§2), the turn's phases (§3, in :mod:`cardkit_games.tonk.phases`),
spreads and hits (§4), the endings and their settlement (§5-§6, in
:mod:`cardkit_games.tonk.settlement`), and what each seat sees.

Phases (the rules' phase A "go to draw" is merged into the draws), each declared once with its
moves in its own module:

- ``bet`` (:mod:`~cardkit_games.tonk.phases.bet`): the spades side bet (6.9);
- ``start`` (:mod:`~cardkit_games.tonk.phases.start`): phases A + B, drop or draw;
- ``play`` (:mod:`~cardkit_games.tonk.phases.play`): phases C + D, spread, hit, discard;
- ``respond`` (:mod:`~cardkit_games.tonk.phases.respond`): the double-double (6.8).

Hands are int bitmasks (bit = card index); the stock is a list with its top card last.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from cardkit_games.tonk.count import HandCounter, card_values, hand_count, hand_counter
from cardkit_games.tonk.phases import PHASES
from cardkit_games.tonk.settlement import ENDINGS
from cardkit_games.tonk.spreads import spread_rules
from cardkit_games.tonk.suits import cards_in
from cardkit_games.tonk.turn import after_deal

from cardkit.cards import Card, CardSet, card_mask, cards_of_mask
from cardkit.melds import MeldRules
from cardkit.results import Endings, Transfer
from cardkit.rummy import Table
from cardkit.sampling import redeal_hidden
from cardkit.state import Phase, State
from cardkit.views import View

__all__ = ["VIEW_FIELDS", "TonkState", "card_values", "hand_count"]

#: Re-deals tried before a sample in which a seat yet to play would have won at the deal is kept
#: anyway (such samples are rare: a dealt 49 or 50, or a low count with those house rules).
ATTEMPTS = 50

_bit_count = int.bit_count
#: The table of a new hand (a value: every hand starts from the same one).
NO_SPREADS = Table()

#: The fields of :class:`~cardkit.views.View` in the order ``TonkState.view`` passes them
#: (a test checks it against the class).
VIEW_FIELDS = ("game", "seat", "players", "phase", "current_player", "hand", "hand_sizes",
               "stock_size", "discard_top", "table", "scores", "history", "dealer", "roles",
               "revealed", "info", "result")


class TonkState(State):
    """One hand of Tonk (rules §2-§6). See the module docstring for the phases."""

    PHASES: ClassVar[Mapping[str, Phase]] = PHASES
    ENDINGS: ClassVar[Endings] = ENDINGS
    #: Every attribute of a hand is declared below, once: clones copy the lists and dicts
    #: among them (``CLONE_COPIES`` follows from the declarations) and share the others, which
    #: hold numbers, cards, tuples and the result.
    DECLARED_ATTRIBUTES: ClassVar[bool] = True

    # ----- the hand (§2): cards and places ---------------------------------------------------
    first_seat: int  # the dealer's left, who plays first
    hands: list[int]  # each seat's cards, as a mask
    discards: list[Card]  # the discard pile, top last (its bottom ``buried`` cards face down)
    buried: int  # §4 completed_book_to_discard: books face down under the pile
    stock: list[Card]  # top card last
    dealt: tuple[int, ...]  # the hands as dealt (masks), for the deal checks
    dealt_counts: tuple[int, ...]  # their counts under initial_count_ace_value
    table: Table  # the spreads on the table, numbered from 1, with their owners
    public_mask: int  # cards every seat has seen (discards, taken discards, revealed spades)
    # ----- the turn (§3) -----------------------------------------------------------------------
    locks: list[int]  # each seat's drop lock, in turns (§5 hit_penalty_turns)
    had_turn: list[bool]
    ever_melded: list[bool]
    turns: int
    reshuffles: int  # §3 stock_exhausted: reshuffles of the pile into the stock so far
    locked: bool  # the seat to play may not drop (hit-locked)
    taken: Card | None  # the card taken from the discard pile this turn
    must_use: bool  # discard_pickup_must_meld: that card must be laid before the discard
    hits_this_turn: int
    victims: int  # seats hit this turn (a mask), for per-turn penalties
    new_spreads: int  # spreads laid this turn
    new_runs: list[int]  # the table numbers of the runs laid this turn
    turn_start_size: int  # cards held at the start of the turn
    melded_before: bool  # the seat had laid cards before this turn
    tonker: int | None  # the seat that went out, while the others may still respond (E4)
    # ----- the spades side bet (6.9) -----------------------------------------------------------
    bet_offered: bool
    bet_joiners: list[int]
    bet_decided: int  # how many seats have answered the offer
    bet_spades: dict[int, Card | None]  # each joiner's highest spade, revealed
    bet_transfers: list[Transfer]
    bet_winner: int | None
    events: list[str]  # what happened besides the moves, in words (the result's details)

    ALIASES: ClassVar[Mapping[str, str]] = {"take discard": "draw discard",
                                            "take stock": "draw stock", "knock": "drop"}

    # ----- §2 setup and deal --------------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """§2.2-2.7: deal ``hand_size`` cards one at a time from the dealer's left, the up-card,
        the stock; then the side bet (6.9) and the deal check (E1/E2), or the first turn."""
        options = self.options
        players = self.players
        size = options["hand_size"]
        dealt = size * players
        self.first_seat = first = (self.context.dealer + 1) % players
        # card k of the deal goes to seat (first + k) % players: every players-th card from k
        self.hands = [card_mask(deck[(seat - first) % players:dealt:players])
                      for seat in range(players)]
        self.discards = []
        # §4 completed_book_to_discard: completed books lie face down *under* the pile; they are
        # the bottom ``buried`` cards of ``discards`` and are never the visible, takeable top
        self.buried = 0
        if options["initial_discard"]:
            self.discards.append(deck[dealt])
            dealt += 1
        self.stock = deck[:dealt - 1:-1]  # the rest, top card last
        deal_count = hand_counter(options["initial_count_ace_value"], options["joker_hand_value"])
        self.dealt = tuple(self.hands)
        self.dealt_counts = tuple(map(deal_count, self.hands))
        self.table = NO_SPREADS
        self.locks = [0] * players
        self.had_turn = [False] * players
        self.ever_melded = [False] * players
        # cards every seat has seen (discards, taken discards, revealed spades)
        self.public_mask = self.discards[0].mask if self.discards else 0
        self.turns = 0
        self.reshuffles = 0
        self.locked = False
        self.taken = None
        self.must_use = False
        self.hits_this_turn = 0
        self.victims = 0
        self.new_spreads = 0
        self.new_runs = []
        self.turn_start_size = 0
        self.melded_before = False
        self.tonker = None
        # 6.9 spades_side_bet_hands: every hand, or only the first hand of a match
        self.bet_offered = bool(options["spades_side_bet"]) and (
            options["spades_side_bet_hands"] == "every_hand" or self.context.hand_number == 0)
        self.bet_joiners = []
        self.bet_decided = 0
        self.bet_spades = {}
        self.bet_transfers = []
        self.bet_winner = None
        self.events = []
        if self.bet_offered:
            self.enter("bet")
            self.current_player = first
        else:
            after_deal(self)

    # ----- what the phases share ----------------------------------------------------------------

    @property
    def rules(self) -> MeldRules:
        """The spread rules of this hand's options (§4; shared, not part of the state)."""
        return spread_rules(self.options)

    @property
    def count_of(self) -> HandCounter:
        """A hand's count under this hand's options (§0; shared, not part of the state)."""
        return hand_counter(1, self.options["joker_hand_value"])

    def discard_top(self) -> Card | None:
        """The visible, takeable top of the discard pile (§2: only the top card is visible; §4:
        books put under the pile face down never are)."""
        return self.discards[-1] if len(self.discards) > self.buried else None

    def counts(self) -> list[int]:
        """Every seat's count now (§0; laid cards never count)."""
        count_of = self.count_of
        return [count_of(hand) for hand in self.hands]

    # ----- what each seat sees ------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """The seat's hand and the public table: spreads with owners, the discard top, hand
        sizes, drop locks, the side bet's revealed spades; every hand once the hand is over."""
        revealed: dict[int, tuple[Card, ...]] = {}
        if self.result is not None:
            revealed = {s: tuple(cards_of_mask(h)) for s, h in enumerate(self.hands) if s != seat}
        info: dict[str, Any] = {
            "drop_locks": tuple(self.locks),
            "locked": self.locked,
            "hits_this_turn": self.hits_this_turn,
            "taken_from_discard": self.taken,
            "turns": self.turns,
        }
        if self.bet_offered and self.phase != "bet":
            info["side_bet_spades"] = dict(self.bet_spades)
        # positional, in the order of VIEW_FIELDS (a third faster than keywords; views are
        # built at every step of every simulated hand)
        table = self.table
        discards = self.discards
        context = self.context
        return View(
            self.game.definition.name, seat, self.players, self.phase, self.current_player,
            cards_in(self.hands[seat]), tuple(map(_bit_count, self.hands)), len(self.stock),
            discards[-1] if len(discards) > self.buried else None,
            table.view_entries() if table.melds else (),
            context.totals, self.public_history(), context.dealer, None, revealed, info,
            self.result,
        )

    def hidden_cards(self, seat: int) -> CardSet:
        """Other seats' hands and the stock, except cards everyone has seen (discards, taken
        discards, the side bet's revealed spades); only the stock once the hand is over. (What
        a joker is declared to be names a card without showing it.)"""
        stock = card_mask(self.stock)
        if self.result is not None:
            return CardSet.from_mask(stock & ~self.public_mask)
        others = 0
        for other, hand in enumerate(self.hands):
            if other != seat:
                others |= hand
        return CardSet.from_mask((others | stock) & ~self.public_mask)

    def determinize(self, seat: int, rng: random.Random) -> TonkState:
        """A copy of this hand in which the cards hidden from ``seat`` are dealt again at random
        among the places they occupy (:func:`cardkit.sampling.redeal_hidden`): each other hand
        keeps its public cards (taken discards, a revealed spade) and its number of hidden ones,
        the stock its length. Data derived from the hidden cards is made to match the new deal:
        the dealt hands and counts of seats that have not played yet (the deal check E1/E2 and
        E3 read them), the legal-action caches, and the reshuffle seed (so the order of a future
        reshuffle is not known either)."""
        copy = self.clone()
        assert isinstance(copy, type(self))
        copy._legal = None
        copy._legal_set = None
        if self.options["stock_exhaustion"] == "reshuffle":
            copy.seed = rng.getrandbits(62)
        hidden = self.hidden_cards(seat).mask
        if not hidden:
            return copy
        options = self.options
        deal_count = hand_counter(options["initial_count_ace_value"], options["joker_hand_value"])
        players = self.players
        fresh = [other for other in range(players) if other != seat and not self.had_turn[other]]
        # A running hand had no winner at the deal (E1/E2): a sample in which a seat that has not
        # played yet would have qualified is not a possible world, so deal again.
        for _attempt in range(ATTEMPTS):
            places = redeal_hidden([*self.hands, self.stock], hidden, rng).places
            hands: list[int] = places[:players]
            counts = [deal_count(hand) for hand in hands]
            if self.result is not None or not any(
                    qualifier[0] in fresh
                    for qualifier in self.game.hooks.deal_check(self, counts)):
                break
        copy.hands = hands
        copy.stock = places[players]
        # What the others were dealt is not known to ``seat``: the copy keeps their present hands
        # there (a seat that has not played yet still holds its dealt hand; E3 reads it).
        copy.dealt = tuple(self.dealt[other] if other == seat else hands[other]
                           for other in range(players))
        copy.dealt_counts = tuple(self.dealt_counts[other] if other == seat else counts[other]
                                  for other in range(players))
        return copy

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Every card: hands, stock, discard pile (with books under it), table spreads."""
        zones: dict[str, Iterable[Card]] = {f"hand {s}": cards_of_mask(h)
                                            for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["discard pile"] = self.discards
        zones["table"] = list(self.table.cards())
        return zones


#: Every list and dict of a Tonk hand holds immutable items (cards, numbers, transfers), so a
#: clone copies each shallowly and shares the items; the table is an immutable value, shared.
TonkState.CLONE_SHALLOW = frozenset(TonkState.CLONE_COPIES)
