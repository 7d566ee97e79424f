"""A game (hand) of Tiến Lên: the deal, instant wins, tricks, going out (rules §2, §3, §5).

One phase, ``play``: the player to act either plays a combination (``play 3S 3C``) or passes
(``pass``; never when leading). The engine never asks a player who is locked out of the trick
(§3.2) — such a player is skipped — except under ``bombs_ignore_pass_lock`` while the top is 2s or
a bomb played on 2s: then the locked player is asked and may only bomb or pass.

Trick state (§3): ``top`` (a :class:`~cardkit.climbing.Combination` or None when a lead is due),
``last_player``, ``passed`` (a bitmask of seats), ``bomb_fight`` (the top is a bomb played on 2s
or on such a bomb; see :mod:`cardkit_games.tien_len.rules`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import ClassVar

from cardkit_games.tien_len.rules import (
    TWO_POSITION,
    BombRules,
    PlayTracker,
    bomb_rules,
    climbing_rules,
    combination_of,
    legal_plays,
    played_combination,
)

from cardkit.actions import Action
from cardkit.cards import Card, CardSet
from cardkit.climbing import ClimbingRules, Combination, ComboType
from cardkit.results import Result
from cardkit.state import Phase, State
from cardkit.views import View

__all__ = ["HAND_SIZE", "PASS", "TienLenState"]

#: §2.2: 13 cards each.
HAND_SIZE = 13
PASS = Action("pass")
#: ``determinize``: how many deals to draw before settling for one that would have held an
#: instant win (the real deal held none, §5.1; such a clash is rare, so this is a safety cap).
_DEAL_TRIES = 50

class TienLenState(State):
    """One game of Tiến Lên (a "hand" in engine terms)."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        # §3.1: the leader plays any combination and cannot pass
        "lead": Phase("lead", {"play"}, "lead any combination (you cannot pass)",
                      "you lead this trick: play any combination (the leader cannot pass)"),
        # §3.2: beat the top with the same type and length (or a bomb on 2s), or pass
        "follow": Phase("follow", {"play", "pass"},
                        "beat the top with a stronger combination of the same type, or pass",
                        "play a combination that beats the top, or pass"),
    }
    ALIASES: ClassVar[Mapping[str, str]] = {}

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
        for position in range(dealt):
            seat = (first + position * self.step) % players
            masks[seat] |= deck[position].mask
        self.hands = [CardSet.from_mask(mask) for mask in masks]
        self.plays = PlayTracker(self.rules, self.bombs, players)  # each hand's plays
        self.out_of_play = CardSet(deck[dealt:])
        self.set_aside = CardSet()
        self.trick: list[tuple[int, tuple[Card, ...]]] = []
        self.top: Combination | None = None
        self.last_player: int | None = None
        self.passed = 0
        self.bomb_fight = False
        self.places: list[int] = []
        self.must_include: Card | None = None
        self.instant: dict[int, list[str]] = {}
        self.phase = "lead"

        instant = self.game.hooks.instant_wins(self)
        if instant:
            self.instant = instant
            if len(instant) >= 2:
                self._end(self.game.hooks.settle_void(self, instant))
            else:
                ((seat, kinds),) = instant.items()
                self._end(self.game.hooks.settle_instant_win(self, seat, kinds[0]))
            return
        self.current_player, self.must_include = self.game.hooks.first_leader(self)

    # ----- legal moves ----------------------------------------------------------------------------

    def _legal_actions(self) -> list[Action]:
        seat = self.current_player
        top = self.top
        # §3.1 lead: any combination, never a pass; §3.2 follow: a beating play, or pass (a
        # locked player is asked only under bombs_ignore_pass_lock, and may only bomb)
        actions = legal_plays(self.plays, seat, self.hands[seat], top, self.bomb_fight,
                              self.must_include, bool(self.passed >> seat & 1))
        if top is not None:
            actions.append(PASS)
        return actions

    def why_illegal(self, action: Action) -> str | None:
        """A precise reason for a refused ``play`` or ``pass``."""
        seat = self.current_player
        if action.kind == "pass":
            return "the leader cannot pass: play any combination" if self.top is None else None
        if action.kind != "play":
            return None
        if not action.cards:
            return "say which cards to play, e.g. 'play 3S 3C'"
        hand = self.hands[seat]
        missing = [card.text for card in action.cards if card not in hand]
        if missing:
            return f"you do not hold {' '.join(missing)}"
        combo = combination_of(action.cards, self.rules)
        if combo is None:
            return f"{' '.join(c.text for c in action.cards)} is not a valid combination"
        if self.top is None:
            if self.must_include is not None and self.must_include not in action.cards:
                return f"the first play of the game must include {self.must_include}"
            return None
        if self.passed >> seat & 1:
            return "you passed in this trick: you may only bomb the 2s or pass"
        return f"{combo} ({combo.type.value}) does not beat {self.top} ({self.top.type.value})"

    # ----- §3 turns -----------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        seat = self.current_player
        if action.kind == "pass":
            self.passed |= 1 << seat  # §3.2: locked out until the trick ends
            self._advance(seat)
            return
        mask = 0
        for card in action.cards:
            mask |= card.mask
        combo = played_combination(action.cards, self.rules)
        previous = self.top
        # A bomb played on 2s, or on a bomb so played, keeps the bomb fight going (§4.4).
        self.bomb_fight = (
            (combo.type is ComboType.QUAD or combo.type is ComboType.DOUBLE_SEQUENCE)
            and previous is not None
            and (self.bomb_fight or (previous.key_strength >> 2 == TWO_POSITION
                                     and previous.type is not ComboType.SEQUENCE))
        )
        self.top = combo
        self.phase = "follow"
        self.last_player = seat
        self.must_include = None
        self.trick.append((seat, combo.cards))
        hand = CardSet.from_mask(self.hands[seat].mask & ~mask)
        self.hands[seat] = hand
        if not hand.mask:  # §3.4 going out
            self.places.append(seat)
            holders = [s for s in range(self.players) if self.hands[s].mask]
            if len(holders) == 1:  # §3.4/§5.3: the game ends at once
                self.places.append(holders[0])
                self._end(self.game.hooks.settle_normal(self, list(self.places)))
                return
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """§3.2/§3.3: the turn goes in the play direction to the next player who holds cards and
        is not locked out (or, under ``bombs_ignore_pass_lock`` with 2s on top, is locked but may
        bomb). Reaching ``last_player``'s seat ends the trick: every other holder has then had
        exactly one turn (a pass) or skip since the last play. The seat is reached even when
        ``last_player`` has gone out (§3.3, §9.6) — then the next holder after it leads."""
        players = self.players
        step = self.step
        hands = self.hands
        passed = self.passed
        last = self.last_player
        lock_open = False
        if passed and self.options["bombs_ignore_pass_lock"]:
            top = self.top
            lock_open = self.bomb_fight or (
                top.key_strength >> 2 == TWO_POSITION and top.type is not ComboType.SEQUENCE)
        s = seat
        for _ in range(players):
            s = (s + step) % players
            if s == last:
                # Checked before "holds cards": a last_player who went out must still close the
                # round, or locked players re-asked under an open lock would pass forever.
                while not hands[s].mask:
                    s = (s + step) % players
                self._new_trick(s)
                return
            if not hands[s].mask:
                continue
            if passed >> s & 1 and not lock_open:
                continue  # §3.2: skipped, counts as passing again
            self.current_player = s
            return
        raise AssertionError("the trick's last player was never reached")  # pragma: no cover

    def _new_trick(self, leader: int) -> None:
        """§3.3: set the trick aside; ``leader`` leads the next one."""
        aside = self.set_aside.mask
        for _, cards in self.trick:
            for card in cards:
                aside |= card.mask
        self.set_aside = CardSet.from_mask(aside)
        self.trick = []
        self.top = None
        self.last_player = None
        self.passed = 0
        self.bomb_fight = False
        self.current_player = leader
        self.phase = "lead"

    def _end(self, result: Result) -> None:
        self.result = result
        self.current_player = None
        self.phase = "over"

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
        """A copy in which the cards hidden from ``seat`` are dealt again at random.

        Each other hand keeps its size and its public cards (§2.4 ``must_include``), the cards
        out of play their number. The hidden cards are taken in a fixed order (by card), so the
        re-deal depends only on what ``seat`` sees. What ``seat`` may infer from the rules stays
        true: under the §2.4 lowest-card rule the hidden cards weaker than the lowest dealt card
        stay out of play, and while the game goes on no dealt hand (hand plus the cards its
        owner played) holds an enabled instant win (§5.1; resampled, up to a cap). ``deck`` and
        ``stacked`` are rebuilt so the copy's record replays its own deal."""
        copy = self.clone()
        if self.is_over:  # only the out-of-play cards are hidden: they have nowhere to go
            return copy
        hidden = self.hidden_cards(seat).mask
        players = self.players
        dealt_masks = [hand.mask for hand in self.hands]
        for player, action in self.history:
            if action.kind == "play":
                for card in action.cards:
                    dealt_masks[player] |= card.mask
        probe = self._with_hands(copy, dealt_masks)
        _, lowest = self.game.hooks.first_leader(probe)
        if lowest is not None:  # §2.4/§9.10: every weaker card was out of play
            rules = self.rules
            for strength in range(rules.strength(lowest)):
                hidden &= ~rules.card_of_strength(strength).mask
        cards = list(CardSet.from_mask(hidden))  # by card: the order must not tell where
        counts = [(hand.mask & hidden).bit_count() for hand in self.hands]
        kept = [mask & ~hidden for mask in dealt_masks]
        check_instant = bool(self.options["instant_wins"])
        for _ in range(_DEAL_TRIES):
            rng.shuffle(cards)
            masks = list(kept)
            position = 0
            for player in range(players):
                for card in cards[position:position + counts[player]]:
                    masks[player] |= card.mask
                position += counts[player]
            if not check_instant or not self.game.hooks.instant_wins(
                    self._with_hands(copy, masks)):
                break
        rest = 0
        for card in cards[position:]:
            rest |= card.mask
        out_of_play = CardSet.from_mask(self.out_of_play.mask & ~hidden | rest)
        # Now: the new dealt hand less the cards its owner played (real dealt hand less hand).
        copy.hands = [CardSet.from_mask(mask & ~(real_dealt ^ hand.mask))
                      for mask, real_dealt, hand in zip(masks, dealt_masks, self.hands,
                                                        strict=True)]
        copy.out_of_play = out_of_play
        # The deal convention (one card at a time from the player after the dealer), so the
        # copy's record replays its own deal rather than the real one.
        dealt = [sorted(CardSet.from_mask(mask), key=lambda card: card.index) for mask in masks]
        first = (self.context.dealer + self.step) % players
        deck = [dealt[(first + position * self.step) % players][position // players]
                for position in range(HAND_SIZE * players)]
        deck.extend(sorted(out_of_play, key=lambda card: card.index))
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
