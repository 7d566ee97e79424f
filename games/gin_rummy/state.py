"""A hand of gin rummy: the deal, the up-card protocol, turns, knock/gin and the dead hand.

Three-hand gin (rules file §2–§5): the box deals and plays against the captain; the sitter holds
no cards and never acts. Classic two-player gin (appendix): the dealer plays against the
non-dealer. Everything after the deal is the same two-handed game between the *dealer* (the box)
and the *non-dealer* (the captain).

The turn has three phases, each declared once below with its moves — what it allows
(``*_legal``), why it refuses a move (``*_why_illegal``) and what a move does (``*_apply``):
``upcard`` (§3.1), ``draw`` (§3.2) and ``discard`` (§3.2, §5: discard, knock, gin, big gin).

Rule points a variant may change are hooks (see ``cardkit_games.gin_rummy.settlement``): the knock
limit, the knocker's arrangement, the defender's showdown, the hand score, who is credited, and
the whole showdown. The up-card stays available to them as ``state.upcard``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from cardkit_games.gin_rummy.meld_rules import RULES
from cardkit_games.gin_rummy.settlement import ENDINGS

from cardkit.actions import Action
from cardkit.cards import STANDARD_CARDS, Card, CardSet, card_mask, parse_cards
from cardkit.errors import IllegalAction
from cardkit.match import HandContext
from cardkit.melds import classify, deadwood_value, deadwood_within, deadwood_without_each
from cardkit.sampling import redeal_hidden
from cardkit.state import Phase, State, phases
from cardkit.views import View

__all__ = ["GinState", "active_seats"]

TAKE_UPCARD = Action("take", "upcard")
DECLINE_UPCARD = Action("decline", "upcard")
DRAW_STOCK = Action("draw", "stock")
DRAW_DISCARD = Action("draw", "discard")
BIG_GIN = Action("big", "gin")
# One prebuilt action per card: the legal-move list is built on the hot path.
DISCARD = [Action("discard", cards=(card,)) for card in STANDARD_CARDS]
KNOCK = [Action("knock", cards=(card,)) for card in STANDARD_CARDS]
GIN = [Action("gin", cards=(card,)) for card in STANDARD_CARDS]

HAND_SIZE = 10

_SUIT_BITS = 0x1FFF  # one suit's 13 cards in a card mask (clubs at bit 0, then 13 per suit)


# One suit's discard actions for each set of its cards (13 bits), by suit, made on first use
# (at most 8192 short tuples a suit): a hand's discards are four lookups rather than a walk over
# it. Lists indexed by the bits, not dicts: a list lookup by a small int is the cheapest there
# is, and the four of them run at every discard. None marks a set of cards not seen yet.
_SUIT_DISCARDS: tuple[list[tuple[Action, ...] | None], ...] = tuple(
    [None] * (1 << 13) for _ in range(4))
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _SUIT_DISCARDS


def _fill_suit_discards(mask: int) -> None:
    """Make the discard actions of each suit of ``mask`` that are not made yet."""
    for suit, table in enumerate(_SUIT_DISCARDS):
        bits = mask >> 13 * suit & _SUIT_BITS
        if table[bits] is None:
            table[bits] = tuple(DISCARD[13 * suit + i] for i in range(13) if bits >> i & 1)


def active_seats(players: int, context: HandContext) -> tuple[int, int, tuple[str, ...]]:
    """``(dealer, non_dealer, roles)`` for a hand with this context.

    Three players (§2.2): the box deals and the captain is the non-dealer; roles come from the
    context, or, for a stand-alone hand without roles, from its dealer (box = dealer, captain at
    the dealer's left, sitter next). Two players: the context's dealer deals.
    """
    roles = context.roles
    if players == 3:
        if roles is None:
            box = context.dealer
            roles = tuple("box" if s == box else "captain" if s == (box + 1) % 3 else "sitter"
                          for s in range(3))
        return roles.index("box"), roles.index("captain"), tuple(roles)
    dealer = roles.index("dealer") if roles is not None and "dealer" in roles else context.dealer
    roles = tuple("dealer" if s == dealer else "non-dealer" for s in range(2))
    return dealer, 1 - dealer, roles


def _take(state: GinState, seat: int, card: Card) -> None:
    """A card taken from the discard pile joins the hand, seen by everyone (the move shows it
    in the public history)."""
    state.reveal(card)
    state.hands[seat] = state.hands[seat].add(card)
    state.taken = card
    state.public |= card.mask


# ----- the up-card phase (§3.1) -----------------------------------------------------------------


def upcard_legal(state: GinState) -> list[Action]:
    """§3.1: the captain, then the dealer, may take the first up-card."""
    return [TAKE_UPCARD, DECLINE_UPCARD]


def upcard_apply(state: GinState, action: Action) -> None:
    """Taking the up-card leads to the discard (or a knock); after two refusals the captain
    must draw from the stock (§3.1.4)."""
    seat = state.seat_to_play
    if action.kind == "take":
        _take(state, seat, state.discards.pop())
        state.count_event("upcard_taken")
        state.enter("discard")
    elif seat == state.non_dealer:
        state.current_player = state.dealer
    else:
        state.current_player = state.non_dealer
        state.enter("draw")
        state.must_draw_stock = True


# ----- the draw phase (§3.2) --------------------------------------------------------------------


# The draw phase's two possible lists, shared (the engine's legal-move lists are read-only)
_DRAW_STOCK_ONLY = [DRAW_STOCK]
_DRAW_EITHER = [DRAW_STOCK, DRAW_DISCARD]


def draw_legal(state: GinState) -> list[Action]:
    """Draw from the stock, or take the top discard (not right after both declined it)."""
    return _DRAW_STOCK_ONLY if state.must_draw_stock else _DRAW_EITHER


def draw_why_illegal(state: GinState, action: Action) -> str | None:
    """The discard pile is closed for the first draw after both declined the up-card."""
    if action.option == "discard" and state.must_draw_stock:
        return "both players declined the up-card: draw from the stock this turn (§3.1)"
    return None


def draw_apply(state: GinState, action: Action) -> None:
    """The drawn card joins the hand; then the discard phase, with its knock check."""
    seat = state.current_player
    assert seat is not None  # not seat_to_play: a property call per move shows in simulations
    if action.option == "stock":
        card = state.stock.pop()
        state.hands[seat] = CardSet.from_mask(state.hands[seat].mask | card.mask)
        state.taken = None
        state.must_draw_stock = False
    else:
        _take(state, seat, state.discards.pop())
        state.count_event("discard_drawn")
    state.enter("discard")


# ----- the discard phase (§3.2, §5) -------------------------------------------------------------


def knock_check(state: GinState) -> None:
    """On entering the discard phase (after a draw, or taking the up-card), work out once
    which discards allow a knock (§5.1) and whether big gin is on (§5.2).
    ``deadwood(H - c) >= deadwood(H) - value(c)``, so most discards are ruled out without a
    search."""
    hand = state.hands[state.seat_to_play]
    limit = state.game.hooks.knock_limit(state)
    state.knock_limit_now = limit
    # a discard lowers the deadwood by at most 10: over limit + 10 nothing can knock (the
    # usual case, found mostly without weighing the hand's sets); 0 is always asked (big gin)
    total = deadwood_within(hand, limit + 10 if limit > -10 else 0, RULES)
    if total is None:
        state.big_gin_ready = False
        state.knockable = ()
        return
    state.big_gin_ready = total == 0 and state.options["big_gin_bonus"] is not None
    knockable = []
    barred = None if state.options["discard_taken_card_same_turn"] else state.taken
    # every discard weighed at once (the player's discard decision weighs the same hand next,
    # and the library remembers it)
    for card, left in zip(hand, deadwood_without_each(hand, RULES), strict=True):
        if left <= limit and card is not barred:
            knockable.append((card.index, left))
    state.knockable = tuple(knockable)


def discard_legal(state: GinState) -> list[Action]:
    """Any card but the one just taken (§3.2); knock or gin with a card the check allowed;
    big gin when all eleven cards meld (§5.2)."""
    seat = state.current_player
    assert seat is not None
    barred = None if state.options["discard_taken_card_same_turn"] else state.taken
    mask = state.hands[seat].mask
    if barred is not None:
        mask &= ~barred.mask
    try:
        actions = [*_CLUBS[mask & 0x1FFF], *_DIAMONDS[mask >> 13 & 0x1FFF],  # type: ignore[misc]
                   *_HEARTS[mask >> 26 & 0x1FFF], *_SPADES[mask >> 39 & 0x1FFF]]
    except TypeError:  # a suit's cards not seen yet (None is not iterable): once per pattern
        _fill_suit_discards(mask)
        return discard_legal(state)
    for index, left in state.knockable:
        actions.append(GIN[index] if left == 0 else KNOCK[index])
    if state.big_gin_ready:
        actions.append(BIG_GIN)
    return actions


def discard_why_illegal(state: GinState, action: Action) -> str | None:
    """A card not held or just taken, too much deadwood to knock, not gin, no big gin."""
    if action.kind == "big":
        if state.options["big_gin_bonus"] is None:
            return "big gin is not played (option big_gin_bonus)"
        return "big gin needs all eleven cards melded"
    if len(action.cards) != 1:
        return None
    hand = state.hands[state.seat_to_play]
    card = action.cards[0]
    if card not in hand:
        return f"you do not hold {card}"
    if card is state.taken and not state.options["discard_taken_card_same_turn"]:
        return "you may not discard the card you took from the discard pile this turn"
    if action.kind == "discard":
        return None
    left = deadwood_value(hand.remove(card), RULES)
    if action.kind == "knock":
        if left == 0:
            return f"discarding {card} leaves no deadwood: that is gin (gin {card})"
        return (f"you may knock with {state.knock_limit_now} or less deadwood; "
                f"discarding {card} leaves {left}")
    return f"gin needs all ten cards melded; discarding {card} leaves {left} deadwood"


def discard_apply(state: GinState, action: Action) -> None:
    """A discard passes the turn, or ends a dead hand (§5.3); knock and gin discard and go to
    the showdown (§5.1, §5.2); big gin shows all eleven cards."""
    seat = state.current_player
    assert seat is not None
    if action.kind == "big":
        state.count_event("big_gin")
        state.finish(state.game.hooks.showdown(state, seat, "big_gin", None))
        return
    card = action.cards[0]
    mask = card.mask
    state.hands[seat] = CardSet.from_mask(state.hands[seat].mask ^ mask)  # a card held
    state.discards.append(card)
    if state.public & mask:  # a card seen taken goes back to the pile
        state.public ^= mask
    state.taken = None
    # this turn's knock check is spent (a stale one would differ between equal deals)
    state.knockable = ()
    state.big_gin_ready = False
    if action.kind != "discard":
        state.count_event(action.kind)  # knock or gin
        state.finish(state.game.hooks.showdown(state, seat, action.kind, card))
    elif len(state.stock) <= state.options["draw_stock_remaining"]:
        state.finish(state.game.hooks.settle_draw(state, seat))
    else:
        state.current_player = state.dealer if seat == state.non_dealer else state.non_dealer
        state.enter("draw")


class GinState(State):
    """One hand of gin rummy (three-hand or classic two-player)."""

    ENDINGS = ENDINGS
    PHASES = phases(
        Phase("upcard", {"take", "decline"}, "take or decline the up-card",
              "first decide on the up-card: take upcard or decline upcard",
              legal=upcard_legal, apply=upcard_apply, next={"draw", "discard"}),
        Phase("draw", {"draw"}, "draw from the stock or the discard pile",
              "you must draw first: draw stock or draw discard",
              legal=draw_legal, why_illegal=draw_why_illegal, apply=draw_apply,
              next={"discard"}),
        Phase("discard", {"discard", "knock", "gin", "big"},
              "discard a card (or knock / gin with the discard)",
              "you have drawn already: discard, knock or gin",
              legal=discard_legal, why_illegal=discard_why_illegal, apply=discard_apply,
              next={"draw"}, on_enter=knock_check),
    )
    ALIASES: ClassVar[Mapping[str, str]] = {
        "take discard": "draw discard", "take stock": "draw stock",
        "take_upcard": "take upcard", "decline_upcard": "decline upcard",
        "draw_stock": "draw stock", "take_discard": "draw discard", "big_gin": "big gin",
    }

    #: Every attribute that holds a mutable value, each a list of immutable items (card sets,
    #: cards, the sitter's words): clones copy these alone, shallowly.
    CLONE_COPIES: ClassVar[tuple[str, ...]] = ("hands", "discards", "stock", "advice")
    CLONE_SHALLOW: ClassVar[frozenset[str]] = frozenset(CLONE_COPIES)

    dealer: int
    non_dealer: int
    roles: tuple[str, ...]
    sitter: int | None
    hands: list[CardSet]
    upcard: Card
    discards: list[Card]
    stock: list[Card]
    taken: Card | None
    must_draw_stock: bool
    public: int
    knockable: tuple[tuple[int, int], ...]
    big_gin_ready: bool
    knock_limit_now: int
    advice: list[str]

    # ----- §2 setup and deal --------------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """§2.3–2.5: ten cards each, one at a time, non-dealer (captain) first; card 21 is the
        up-card; the other 31 are the stock."""
        dealer, non_dealer, roles = active_seats(self.players, self.context)
        self.dealer = dealer
        self.non_dealer = non_dealer
        self.roles = roles
        self.sitter = roles.index("sitter") if "sitter" in roles else None
        hands = [0] * self.players
        for position in range(2 * HAND_SIZE):
            seat = non_dealer if position % 2 == 0 else dealer
            hands[seat] |= deck[position].mask
        self.hands = [CardSet.from_mask(mask) for mask in hands]
        self.upcard = deck[2 * HAND_SIZE]
        self.discards = [self.upcard]
        # The stock top is the list's end (pop() is O(1)).
        self.stock = deck[2 * HAND_SIZE + 1:][::-1]
        self.taken = None                    # card taken from the discard pile this turn
        self.must_draw_stock = False         # §3.1.4: both declined the up-card
        self.public = 0                      # mask of hand cards everyone saw taken
        self.knockable = ()                  # (card index, deadwood) this turn
        self.big_gin_ready = False
        self.knock_limit_now = 0
        self.advice = []
        self.enter("upcard")
        self.current_player = non_dealer

    def opponent(self, seat: int) -> int:
        """The other active player."""
        return self.dealer if seat == self.non_dealer else self.non_dealer

    @property
    def captain(self) -> int:
        """The non-dealer (the captain in three-hand play)."""
        return self.non_dealer

    @property
    def box(self) -> int:
        """The dealer (the box in three-hand play)."""
        return self.dealer

    # ----- sitter's advice (§3.2) ---------------------------------------------------------------

    def advise(self, seat: int, text: str) -> None:
        """The sitter sends a suggestion to the captain (table talk, not a move: it changes no
        rule state and is not part of the record). ``IllegalAction`` if not allowed."""
        if self.sitter is None or seat != self.sitter:
            raise IllegalAction("only the sitter may advise the captain")
        if not self.options["sitter_may_advise"]:
            raise IllegalAction("the sitter may not advise in this game (sitter_may_advise)")
        if self.is_over:
            raise IllegalAction("the hand is over")
        self.advice.append(" ".join(text.split()))

    # ----- what each seat sees ------------------------------------------------------------------

    def _sees_captain(self, seat: int) -> bool:
        return seat == self.sitter and bool(self.options["sitter_sees_captain_hand"])

    def view(self, seat: int) -> View:
        """Own hand, the top discard, counts, the public history; the sitter also sees the
        captain's hand with ``sitter_sees_captain_hand``; every hand once the hand is over."""
        if self.result is not None:
            revealed = {s: tuple(self.hands[s]) for s in (self.dealer, self.non_dealer)
                        if s != seat}
        elif self._sees_captain(seat):
            revealed = {self.non_dealer: tuple(self.hands[self.non_dealer])}
        else:
            revealed = {}
        info: dict[str, Any] = {
            # the hand's first up-card stays public: variants (Oklahoma) key rules to it
            "first_upcard": self.upcard,
            "knock_limit": self.game.hooks.knock_limit(self),
            "taken": self.taken,
            "must_draw_stock": self.must_draw_stock,
            "role": self.roles[seat],
        }
        # §3: the sitter's suggestions, shown to the sitter and the captain only
        if self.sitter is not None and self.options["sitter_may_advise"] \
                and seat in (self.sitter, self.non_dealer):
            info["advice"] = tuple(self.advice)
        table: tuple[Any, ...] = ()
        if self.result is not None and "table" in self.result.details:
            table = tuple((owner, classify(parse_cards(cards), RULES))
                          for owner, cards in self.result.details["table"])
        return View(
            game=self.game.name, seat=seat, players=self.players, phase=self.phase,
            current_player=self.current_player, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands), stock_size=len(self.stock),
            discard_top=self.discards[-1] if self.discards else None, table=table,
            scores=self.context.totals, history=self.public_history(), dealer=self.dealer,
            roles=self.roles, revealed=revealed, info=info, result=self.result,
        )

    def hidden_cards(self, seat: int) -> CardSet:
        """The stock, and the other active hands less the cards seen taken from the discard pile
        (the sitter who sees the captain's hand has only the box's hand hidden)."""
        stock = card_mask(self.stock)
        if self.result is not None:
            return CardSet.from_mask(stock)
        others = 0
        for other in (self.dealer, self.non_dealer):
            if other != seat and not (other == self.non_dealer and self._sees_captain(seat)):
                others |= self.hands[other].mask
        return CardSet.from_mask((others & ~self.public) | stock)

    def determinize(self, seat: int, rng: random.Random) -> GinState:
        """A copy with the cards hidden from ``seat`` dealt again at random
        (:func:`cardkit.sampling.redeal_hidden`): each other active hand keeps its public cards
        (taken from the discard pile, or the captain's hand the sitter sees) and its number of
        hidden ones; the stock keeps its length. The copy's deck is relabelled to match, so its
        record replays to it, and a current player other than ``seat`` in the discard phase
        gets the knock check for the new hand."""
        copy = self.clone()
        assert isinstance(copy, GinState)
        hidden = self.hidden_cards(seat).mask
        if not hidden:
            return copy
        active = (self.dealer, self.non_dealer)
        redeal = redeal_hidden([*(self.hands[s].mask for s in active), self.stock], hidden, rng)
        *hands, stock = redeal.places
        for other, mask in zip(active, hands, strict=True):
            assert isinstance(mask, int)
            copy.hands[other] = CardSet.from_mask(mask)
        assert isinstance(stock, list)
        copy.stock = stock
        copy.deck = copy.stacked = tuple(redeal.relabel.get(card, card) for card in self.deck)
        # the knock check cached after the draw depends on the hand (§5.1)
        player = copy.current_player
        if player is not None and copy.phase == "discard" \
                and copy.hands[player].mask != self.hands[player].mask:
            knock_check(copy)
        return copy

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Hands, stock and discard pile."""
        zones: dict[str, Iterable[Card]] = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["discard pile"] = self.discards
        return zones
