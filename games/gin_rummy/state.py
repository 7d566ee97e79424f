"""A hand of gin rummy: the deal, the up-card protocol, turns, knock/gin and the dead hand.

Three-hand gin (rules file §2–§5): the box deals and plays against the captain; the sitter holds
no cards and never acts. Classic two-player gin (appendix): the dealer plays against the
non-dealer. Everything after the deal is the same two-handed game between the *dealer* (the box)
and the *non-dealer* (the captain).

Rule points a variant may change are hooks (see ``cardkit_games.gin_rummy.settlement``): the knock
limit, the knocker's arrangement, the defender's showdown, the hand score, who is credited, and
the whole showdown. The up-card stays available to them as ``state.upcard``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from cardkit.actions import Action
from cardkit.cards import ALL_CARDS, Card, CardSet, parse_cards
from cardkit.errors import IllegalAction
from cardkit.melds import MeldRules, classify, deadwood_value
from cardkit.results import Result
from cardkit.state import Phase, State
from cardkit.views import View

__all__ = ["RULES", "GinState", "active_seats"]

#: §4: sets of 3 or 4, runs of 3+ in one suit, ace low only; §1 card values (A=1, faces 10).
RULES = MeldRules()
VALUE = [RULES.value(card) for card in ALL_CARDS[:52]]

TAKE_UPCARD = Action("take", "upcard")
DECLINE_UPCARD = Action("decline", "upcard")
DRAW_STOCK = Action("draw", "stock")
DRAW_DISCARD = Action("draw", "discard")
BIG_GIN = Action("big", "gin")
# One prebuilt action per card: the legal-move list is built on the hot path.
DISCARD = [Action("discard", cards=(card,)) for card in ALL_CARDS[:52]]
KNOCK = [Action("knock", cards=(card,)) for card in ALL_CARDS[:52]]
GIN = [Action("gin", cards=(card,)) for card in ALL_CARDS[:52]]

HAND_SIZE = 10


def active_seats(players: int, context) -> tuple[int, int, tuple[str, ...]]:
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
    has_dealer = roles is not None and "dealer" in roles
    dealer = roles.index("dealer") if has_dealer else context.dealer
    roles = tuple("dealer" if s == dealer else "non-dealer" for s in range(2))
    return dealer, 1 - dealer, roles


class GinState(State):
    """One hand of gin rummy (three-hand or classic two-player)."""

    PHASES: Mapping[str, Phase] = {
        "upcard": Phase("upcard", {"take", "decline"}, "take or decline the up-card",
                        "first decide on the up-card: take upcard or decline upcard"),
        "draw": Phase("draw", {"draw"}, "draw from the stock or the discard pile",
                      "you must draw first: draw stock or draw discard"),
        "discard": Phase("discard", {"discard", "knock", "gin", "big"},
                         "discard a card (or knock / gin with the discard)",
                         "you have drawn already: discard, knock or gin"),
    }
    ALIASES: Mapping[str, str] = {
        "take discard": "draw discard", "take stock": "draw stock",
        "take_upcard": "take upcard", "decline_upcard": "decline upcard",
        "draw_stock": "draw stock", "take_discard": "draw discard", "big_gin": "big gin",
    }

    # ----- §2 setup and deal --------------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """§2.3–2.5: ten cards each, one at a time, non-dealer (captain) first; card 21 is the
        up-card; the other 31 are the stock."""
        dealer, non_dealer, roles = active_seats(self.players, self.context)
        self.dealer = dealer
        self.non_dealer = non_dealer
        self.roles = roles
        self.sitter: int | None = roles.index("sitter") if "sitter" in roles else None
        hands = [0] * self.players
        for position in range(2 * HAND_SIZE):
            seat = non_dealer if position % 2 == 0 else dealer
            hands[seat] |= deck[position].mask
        self.hands = [CardSet.from_mask(mask) for mask in hands]
        self.upcard: Card = deck[2 * HAND_SIZE]
        self.discards: list[Card] = [self.upcard]
        # The stock top is the list's end (pop() is O(1)).
        self.stock: list[Card] = deck[2 * HAND_SIZE + 1:][::-1]
        self.taken: Card | None = None       # card taken from the discard pile this turn
        self.must_draw_stock = False         # §3.1.4: both declined the up-card
        self.public = 0                      # mask of hand cards everyone saw taken
        self.knockable: tuple[tuple[int, int], ...] = ()  # (card index, deadwood) this turn
        self.big_gin_ready = False
        self.knock_limit_now = 0
        self.advice: list[str] = []
        self.phase = "upcard"
        self.current_player = non_dealer

    # ----- helpers ------------------------------------------------------------------------------

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

    def _prepare_discard(self, seat: int) -> None:
        """After a draw (or taking the up-card), work out once which discards allow a knock (§5.1)
        and whether big gin is on (§5.2). ``deadwood(H - c) >= deadwood(H) - value(c)``, so most
        discards are ruled out without a search."""
        hand = self.hands[seat]
        limit = self.game.hooks.knock_limit(self)
        self.knock_limit_now = limit
        total = deadwood_value(hand, RULES)
        self.big_gin_ready = total == 0 and self.options["big_gin_bonus"] is not None
        knockable = []
        if total - 10 <= limit:
            barred = None if self.options["discard_taken_card_same_turn"] else self.taken
            for card in hand:
                if card is barred or total - VALUE[card.index] > limit:
                    continue
                left = deadwood_value(hand.remove(card), RULES)
                if left <= limit:
                    knockable.append((card.index, left))
        self.knockable = tuple(knockable)
        self.phase = "discard"

    def _end(self, result: Result) -> None:
        self.result = result
        self.current_player = None
        self.phase = "over"

    # ----- §3 turns -----------------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "discard":
            barred = None if self.options["discard_taken_card_same_turn"] else self.taken
            actions = [DISCARD[card.index] for card in self.hands[self.current_player]
                       if card is not barred]
            for index, left in self.knockable:
                actions.append(GIN[index] if left == 0 else KNOCK[index])
            if self.big_gin_ready:
                actions.append(BIG_GIN)
            return actions
        if phase == "draw":
            return [DRAW_STOCK] if self.must_draw_stock else [DRAW_STOCK, DRAW_DISCARD]
        return [TAKE_UPCARD, DECLINE_UPCARD]

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        kind = action.kind
        if kind == "discard":
            card = action.cards[0]
            self.hands[seat] = self.hands[seat].remove(card)
            self.discards.append(card)
            self.public &= ~card.mask
            self.taken = None
            # the knock check is this turn's only: a stale one would differ between equal deals
            self.knockable = ()
            self.big_gin_ready = False
            if len(self.stock) <= self.options["draw_stock_remaining"]:
                self._end(self.game.hooks.settle_draw(self, seat))  # §5.3
                return
            self.current_player = self.opponent(seat)
            self.phase = "draw"
            return
        if kind == "draw":
            if action.option == "stock":
                card = self.stock.pop()
                self.taken = None
                self.must_draw_stock = False
            else:
                card = self.discards.pop()
                self.taken = card
                self.public |= card.mask
            self.hands[seat] = self.hands[seat].add(card)
            self._prepare_discard(seat)
            return
        if kind in ("knock", "gin"):
            card = action.cards[0]
            self.hands[seat] = self.hands[seat].remove(card)
            self.discards.append(card)
            self.public &= ~card.mask
            self.taken = None
            self._end(self.game.hooks.showdown(self, seat, kind, card))
            return
        if kind == "big":
            self._end(self.game.hooks.showdown(self, seat, "big_gin", None))
            return
        if kind == "take":  # §3.1: the up-card, then knock/discard
            card = self.discards.pop()
            self.hands[seat] = self.hands[seat].add(card)
            self.taken = card
            self.public |= card.mask
            self._prepare_discard(seat)
            return
        # decline: the captain first, then the dealer; after both, a forced stock draw (§3.1.4)
        if seat == self.non_dealer:
            self.current_player = self.dealer
        else:
            self.current_player = self.non_dealer
            self.phase = "draw"
            self.must_draw_stock = True

    def why_illegal(self, action: Action) -> str | None:
        """A precise reason for a refused move."""
        seat = self.current_player
        if action.kind == "draw" and action.option == "discard" and self.must_draw_stock:
            return "both players declined the up-card: draw from the stock this turn (§3.1)"
        if action.kind in ("discard", "knock", "gin") and len(action.cards) == 1:
            card = action.cards[0]
            if card not in self.hands[seat]:
                return f"you do not hold {card}"
            if card is self.taken and not self.options["discard_taken_card_same_turn"]:
                return "you may not discard the card you took from the discard pile this turn"
            if action.kind == "discard":
                return None
            left = deadwood_value(self.hands[seat].remove(card), RULES)
            if action.kind == "knock":
                if left == 0:
                    return f"discarding {card} leaves no deadwood: that is gin (gin {card})"
                return (f"you may knock with {self.knock_limit_now} or less deadwood; "
                        f"discarding {card} leaves {left}")
            return f"gin needs all ten cards melded; discarding {card} leaves {left} deadwood"
        if action.kind == "big":
            if self.options["big_gin_bonus"] is None:
                return "big gin is not played (option big_gin_bonus)"
            return "big gin needs all eleven cards melded"
        return None

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
        return seat == self.sitter and self.options["sitter_sees_captain_hand"]

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
        info = {
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
        table: tuple = ()
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
        stock = 0
        for card in self.stock:
            stock |= card.mask
        if self.result is not None:
            return CardSet.from_mask(stock)
        others = 0
        for other in (self.dealer, self.non_dealer):
            if other != seat and not (other == self.non_dealer and self._sees_captain(seat)):
                others |= self.hands[other].mask
        return CardSet.from_mask((others & ~self.public) | stock)

    def determinize(self, seat: int, rng: random.Random) -> GinState:
        """A copy with the cards hidden from ``seat`` dealt again at random: each other active
        hand keeps its public cards (taken from the discard pile, or the captain's hand the
        sitter sees) and its number of hidden ones; the stock keeps its length. The copy's deck
        is relabelled to match, so its record replays to it, and a current player other than
        ``seat`` in the discard phase gets the knock check for the new hand."""
        copy = self.clone()
        hidden = self.hidden_cards(seat).mask
        if not hidden:
            return copy
        pool = list(CardSet.from_mask(hidden))
        rng.shuffle(pool)
        # old card -> new card in the same place, to relabel the deck consistently
        relabel: dict[Card, Card] = {}
        used = 0
        for other in (self.dealer, self.non_dealer):
            mask = self.hands[other].mask
            hidden_here = mask & hidden
            if not hidden_here:
                continue
            count = hidden_here.bit_count()
            fresh = pool[used:used + count]
            used += count
            new_mask = mask & ~hidden_here
            for old, new in zip(CardSet.from_mask(hidden_here), fresh, strict=True):
                relabel[old] = new
                new_mask |= new.mask
            copy.hands[other] = CardSet.from_mask(new_mask)
        stock = pool[used:]
        relabel.update(zip(self.stock, stock, strict=True))
        copy.stock = stock
        copy.deck = tuple([relabel.get(card, card) for card in self.deck])
        copy.stacked = copy.deck
        # the knock check cached after the draw depends on the hand (§5.1)
        player = copy.current_player
        if copy.phase == "discard" and copy.hands[player].mask != self.hands[player].mask:
            copy._prepare_discard(player)
        return copy

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Hands, stock and discard pile."""
        zones: dict[str, Iterable[Card]] = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["discard pile"] = self.discards
        return zones
