"""A game (hand) of Tiến Lên: the deal, instant wins, tricks, going out (rules §2, §3, §5).

The phases and their moves are in :mod:`cardkit_games.tien_len.phases`. Trick state (§3):
``top`` (a :class:`~cardkit.climbing.Combination` or None when a lead is due),
``last_player``, ``passed`` (a bitmask of seats), ``bomb_fight`` (the top is a bomb played on 2s
or on such a bomb; see :mod:`cardkit_games.tien_len.rules`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import ClassVar

from cardkit_games.tien_len.phases import PHASES
from cardkit_games.tien_len.rules import BombRules, bomb_rules, climbing_rules
from cardkit_games.tien_len.settlement import ENDINGS
from cardkit_games.tien_len.tracker import PlayTracker

from cardkit.cards import Card, CardSet, card_mask, cards_of_mask
from cardkit.climbing import ClimbingRules, Combination
from cardkit.sampling import redeal_hidden
from cardkit.state import State
from cardkit.views import View

__all__ = ["HAND_SIZE", "TienLenState"]

#: §2.2: 13 cards each.
HAND_SIZE = 13
#: ``determinize``: how many deals to draw before settling for one that would have held an
#: instant win (the real deal held none, §5.1; such a clash is rare, so this is a safety cap).
_DEAL_TRIES = 50
_MASK_OF = attrgetter("mask")


class TienLenState(State):
    """One game of Tiến Lên (a "hand" in engine terms)."""

    ENDINGS = ENDINGS
    PHASES = PHASES
    ALIASES: ClassVar[Mapping[str, str]] = {}
    #: Every attribute that holds a mutable value: clones copy these alone (the hands, the
    #: trick's plays and the places shallowly: their items are card sets, tuples and seats).
    CLONE_COPIES: ClassVar[tuple[str, ...]] = ("hands", "trick", "places", "plays")
    CLONE_SHALLOW: ClassVar[frozenset[str]] = frozenset({"hands", "trick", "places"})

    step: int
    hands: list[CardSet]
    out_of_play: CardSet
    set_aside: CardSet
    trick: list[tuple[int, tuple[Card, ...]]]
    trick_mask: int
    top: Combination | None
    last_player: int | None
    passed: int
    bomb_fight: bool
    places: list[int]
    must_include: Card | None

    @property
    def rules(self) -> ClimbingRules:
        """The card orders and sequence ranks of these options (§1, §4.1)."""
        return climbing_rules(self.options)

    @property
    def bombs(self) -> BombRules:
        """The bomb rules of these options (§4.4)."""
        return bomb_rules(self.options)

    # ----- §2 setup -----------------------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """§2: deal 13 cards each one at a time in the play direction from the player after the
        dealer; the rest is out of play. Then §5.1 instant wins, then §2.4 the first leader."""
        options = self.options
        players = self.players
        self.step = 1 if options["play_direction"] == "clockwise" else -1
        dealer = self.context.dealer
        first = (dealer + self.step) % players
        masks = [0] * players
        dealt = HAND_SIZE * players
        for offset in range(players):  # positions offset, offset + players, … go to one seat
            # the cards' masks are distinct bits: their sum is their union (one C call)
            masks[(first + offset * self.step) % players] = sum(
                map(_MASK_OF, deck[offset:dealt:players]))
        self.hands = [CardSet.from_mask(mask) for mask in masks]
        self.plays = PlayTracker(self.rules, self.bombs, players)  # each hand's plays
        self.out_of_play = CardSet(deck[dealt:])
        self.set_aside = CardSet()
        self.trick = []
        self.trick_mask = 0  # the cards of the trick, as a card mask
        self.top = None
        self.last_player = None
        self.passed = 0
        self.bomb_fight = False
        self.places = []
        self.must_include = None
        self.enter("lead")

        instant = self.game.hooks.instant_wins(self)
        if instant:
            self.count_event("void_deal" if len(instant) >= 2 else "instant_win")
            if len(instant) >= 2:
                self.finish(self.game.hooks.settle_void(self, instant))
            else:
                ((seat, kinds),) = instant.items()
                self.finish(self.game.hooks.settle_instant_win(self, seat, kinds[0]))
            return
        self.current_player, self.must_include = self.game.hooks.first_leader(self)

    # ----- views ------------------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """Own hand, hand sizes, the current trick (``table``: ``(seat, cards)`` per play) and
        ``info``: the top combination, who played it, who passed, places so far."""
        top = self.top
        info = {
            "top": None if top is None else {
                "type": top.type.value, "length": top.length,
                "cards": [card.text for card in top.cards],
            },
            "top_player": self.last_player,
            "passed_players": [s for s in range(self.players) if self.passed >> s & 1],
            "finished_players": list(self.places),
            "bomb_fight": self.bomb_fight,
            "must_include": None if self.must_include is None else self.must_include.text,
            "out_of_play": len(self.out_of_play),
        }
        if self.options["play_direction"] != "clockwise":  # worth saying only when unusual
            info["play_direction"] = self.options["play_direction"]
        revealed = ({s: tuple(self.hands[s]) for s in range(self.players)}
                    if self.is_over else {})
        return View(
            game=self.game.name, seat=seat, players=self.players, phase=self.phase,
            current_player=self.current_player, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            table=tuple(self.trick), scores=self.context.totals,
            history=self.public_history(), dealer=self.context.dealer, revealed=revealed,
            info=info, result=self.result,
        )

    def hidden_cards(self, seat: int) -> CardSet:
        """Other players' hands (until the game is over) and the cards out of play. The card
        the first lead must include is public: §2.4 makes its holder lead with it."""
        if self.is_over:
            return self.out_of_play
        mask = self.out_of_play.mask
        for other, hand in enumerate(self.hands):
            if other != seat:
                mask |= hand.mask
        if self.must_include is not None:
            mask &= ~self.must_include.mask
        return CardSet.from_mask(mask)

    def determinize(self, seat: int, rng: random.Random) -> TienLenState:
        """A copy in which the cards hidden from ``seat`` are dealt again at random
        (:func:`cardkit.sampling.redeal_hidden`).

        Each other hand keeps its size and its public cards (§2.4 ``must_include``), the cards
        out of play their number; the re-deal depends only on what ``seat`` sees. What ``seat``
        may infer from the rules stays true: under the §2.4 lowest-card rule the hidden cards
        weaker than the lowest dealt card stay out of play, and while the game goes on no dealt
        hand (hand plus the cards its owner played) holds an enabled instant win (§5.1;
        resampled, up to a cap). ``deck`` and ``stacked`` are rebuilt so the copy's record
        replays its own deal."""
        copy = self.clone()
        assert isinstance(copy, TienLenState)
        if self.is_over:  # only the out-of-play cards are hidden: they have nowhere to go
            return copy
        hidden = self.hidden_cards(seat).mask
        played = [0] * self.players
        for player, action in self.history:
            if player is not None and action.kind == "play":
                played[player] |= card_mask(action.cards)
        dealt = [hand.mask | mine for hand, mine in zip(self.hands, played, strict=True)]
        _, lowest = self.game.hooks.first_leader(self._with_hands(copy, dealt))
        if lowest is not None:  # §2.4/§9.10: every weaker card was out of play
            rules = self.rules
            for strength in range(rules.strength(lowest)):
                hidden &= ~rules.card_of_strength(strength).mask
        places = [*(hand.mask for hand in self.hands), self.out_of_play.mask]
        check_instant = bool(self.options["instant_wins"])
        for _ in range(_DEAL_TRIES):
            redeal = redeal_hidden(places, hidden, rng)
            *hands, rest = (place for place in redeal.places if isinstance(place, int))
            dealt = [hand | mine for hand, mine in zip(hands, played, strict=True)]
            if not check_instant or not self.game.hooks.instant_wins(
                    self._with_hands(copy, dealt)):
                break
        copy.hands = [CardSet.from_mask(hand) for hand in hands]
        copy.out_of_play = CardSet.from_mask(rest)
        # The deal convention (one card at a time from the player after the dealer), so the
        # copy's record replays its own deal rather than the real one.
        by_seat = [cards_of_mask(mask) for mask in dealt]
        first = (self.context.dealer + self.step) % self.players
        deck = [by_seat[(first + position * self.step) % self.players][position // self.players]
                for position in range(HAND_SIZE * self.players)]
        deck.extend(cards_of_mask(rest))
        copy.deck = copy.stacked = tuple(deck)
        copy._legal = None  # the cache may hold another seat's moves from the old cards
        copy._legal_set = None
        return copy

    @staticmethod
    def _with_hands(copy: TienLenState, masks: list[int]) -> TienLenState:
        """``copy`` with its hands set to ``masks`` (for the deal hooks, which read ``hands``);
        ``determinize`` sets the copy's real hands afterwards."""
        copy.hands = [CardSet.from_mask(mask) for mask in masks]
        return copy

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Hands, the current trick, finished tricks, out of play."""
        zones: dict[str, Iterable[Card]] = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["trick"] = [card for _, cards in self.trick for card in cards]
        zones["set aside"] = self.set_aside
        zones["out of play"] = self.out_of_play
        return zones
