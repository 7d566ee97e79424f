"""A hand of gin rummy: the deal, the up-card protocol, turns, knock/gin and the dead hand.

Three-hand gin (rules file §2–§5): the box deals and plays against the captain; the sitter holds
no cards and never acts. Classic two-player gin (appendix): the dealer plays against the
non-dealer. Everything after the deal is the same two-handed game between the *dealer* (the box)
and the *non-dealer* (the captain).

The turn's three phases, ``upcard`` (§3.1), ``draw`` (§3.2) and ``discard`` (§3.2, §5), are
declared with their moves in :mod:`cardkit_games.gin_rummy.phases`.

Rule points a variant may change are hooks (see ``cardkit_games.gin_rummy.settlement``): the knock
limit, the knocker's arrangement, the defender's showdown, the hand score, who is credited, and
the whole showdown. The up-card stays available to them as ``state.upcard``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from cardkit_games.gin_rummy.phases import PHASES
from cardkit_games.gin_rummy.rules import RULES
from cardkit_games.gin_rummy.settlement import ENDINGS

from cardkit.cards import Card, CardSet, card_mask, parse_cards
from cardkit.errors import IllegalAction
from cardkit.match import HandContext
from cardkit.melds import classify
from cardkit.sampling import redeal_hidden
from cardkit.state import Phase, State
from cardkit.views import View

__all__ = ["GinState", "active_seats"]

HAND_SIZE = 10


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


#: For each byte of a 52-card mask (the last holds four cards), the cards of each of its
#: values in index order: a hand's tuple for its view in seven look-ups rather than a walk
#: over its bits (views are built at every decision of every simulated hand). Built on first
#: use.
_BYTE_CARDS: list[list[tuple[Card, ...]]] = []


def _hand_cards(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in index order, as ``tuple(CardSet.from_mask(mask))``."""
    if mask >> 52:  # a joker (not in gin's deck, but a variant's): the plain walk
        return tuple(CardSet.from_mask(mask))
    if not _BYTE_CARDS:
        _BYTE_CARDS.extend([tuple(CardSet.from_mask(value << (8 * byte)))
                            for value in range(256 if byte < 6 else 16)] for byte in range(7))
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_CARDS
    return (b0[mask & 255] + b1[mask >> 8 & 255] + b2[mask >> 16 & 255]
            + b3[mask >> 24 & 255] + b4[mask >> 32 & 255] + b5[mask >> 40 & 255]
            + b6[mask >> 48])


class GinState(State):
    """One hand of gin rummy (three-hand or classic two-player)."""

    ENDINGS = ENDINGS
    PHASES: ClassVar[Mapping[str, Phase]] = PHASES
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
    advice: list[str]

    # ----- §2 setup and deal --------------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """§2.3–2.5: ten cards each, one at a time, non-dealer (captain) first; card 21 is the
        up-card; the other 31 are the stock."""
        dealer, non_dealer, roles = active_seats(self.players, self.context)
        self.dealer, self.non_dealer, self.roles = dealer, non_dealer, roles
        self.sitter = roles.index("sitter") if "sitter" in roles else None
        hands = [CardSet()] * self.players  # (the sitter's stays empty)
        # one card at a time, non-dealer first: the non-dealer is dealt the even positions
        hands[non_dealer] = CardSet.from_mask(card_mask(deck[0:2 * HAND_SIZE:2]))
        hands[dealer] = CardSet.from_mask(card_mask(deck[1:2 * HAND_SIZE:2]))
        self.hands = hands
        self.upcard = deck[2 * HAND_SIZE]
        self.discards = [self.upcard]
        # The stock top is the list's end (pop() is O(1)).
        self.stock = deck[2 * HAND_SIZE + 1:][::-1]
        self.taken = None                    # card taken from the discard pile this turn
        self.must_draw_stock = False         # §3.1.4: both declined the up-card
        self.public = 0                      # mask of hand cards everyone saw taken
        self.advice = []
        self.enter("upcard")
        self.current_player = non_dealer

    def opponent(self, seat: int) -> int:
        """The other active player."""
        return self.dealer if seat == self.non_dealer else self.non_dealer

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
        result = self.result
        if result is not None:
            revealed = {s: tuple(self.hands[s]) for s in (self.dealer, self.non_dealer)
                        if s != seat}
        elif self.sitter is not None and self._sees_captain(seat):
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
        if result is not None and "table" in result.details:
            table = tuple((owner, classify(parse_cards(cards), RULES))
                          for owner, cards in result.details["table"])
        hands, discards = self.hands, self.discards
        return View(
            game=self.game.name, seat=seat, players=self.players, phase=self.phase,
            current_player=self.current_player, hand=_hand_cards(hands[seat].mask),
            hand_sizes=tuple(map(len, hands)), stock_size=len(self.stock),
            discard_top=discards[-1] if discards else None, table=table,
            scores=self.context.totals, history=self.public_history(), dealer=self.dealer,
            roles=self.roles, revealed=revealed, info=info, result=result,
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
        record replays to it; a current player other than ``seat`` in the discard phase gets
        the knock check of the new hand."""
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
        return copy  # (a clone has no legal moves yet: a player's knock check is its hand's)

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Hands, stock and discard pile."""
        zones: dict[str, Iterable[Card]] = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["discard pile"] = self.discards
        return zones
