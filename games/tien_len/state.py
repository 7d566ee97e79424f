"""A game (hand) of Tiến Lên: the deal, instant wins, tricks, going out (rules §2, §3, §5).

Two phases, each declared once below with its moves (``*_legal``, ``*_why_illegal`` and what a
move does): ``lead`` (§3.1: any combination, no pass) and ``follow`` (§3.2: a combination that
beats the top, ``play 3S 3C``, or ``pass``); both carry out a play the same way (:func:`play`).
The engine never asks a player who is locked out of the trick (§3.2) — such a player is
skipped — except under ``bombs_ignore_pass_lock`` while the top is 2s or a bomb played on 2s:
then the locked player is asked and may only bomb or pass.

Trick state (§3): ``top`` (a :class:`~cardkit.climbing.Combination` or None when a lead is due),
``last_player``, ``passed`` (a bitmask of seats), ``bomb_fight`` (the top is a bomb played on 2s
or on such a bomb; see :mod:`cardkit_games.tien_len.rules`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import ClassVar

from cardkit_games.tien_len.events import count_bomb
from cardkit_games.tien_len.plays import play_cache
from cardkit_games.tien_len.rules import (
    TWO_POSITION,
    BombRules,
    bomb_rules,
    climbing_rules,
    combination_of,
)
from cardkit_games.tien_len.settlement import ENDINGS
from cardkit_games.tien_len.tracker import (
    SET_SIZE,
    THRESHOLD_BITS,
    TYPE_CODE,
    PlayTracker,
    legal_plays,
)

from cardkit.actions import Action
from cardkit.cards import Card, CardSet, card_mask, cards_of_mask
from cardkit.climbing import ClimbingRules, Combination, ComboType
from cardkit.sampling import redeal_hidden
from cardkit.state import Phase, State, phases
from cardkit.views import View

__all__ = ["HAND_SIZE", "PASS", "TienLenState"]

#: §2.2: 13 cards each.
HAND_SIZE = 13
PASS = Action("pass")
#: ``determinize``: how many deals to draw before settling for one that would have held an
#: instant win (the real deal held none, §5.1; such a clash is rare, so this is a safety cap).
_DEAL_TRIES = 50
_CACHED_PLAY = play_cache().get
_MASK_OF = attrgetter("mask")
_SINGLE = ComboType.SINGLE
_QUAD = ComboType.QUAD
_DOUBLE_SEQUENCE = ComboType.DOUBLE_SEQUENCE
_SEQUENCE = ComboType.SEQUENCE


# ----- a play, led or following (§3.1, §3.2, §3.4) ----------------------------------------------


def _play_problem(state: TienLenState, action: Action) -> tuple[str | None, Combination | None]:
    """Why the cards of a ``play`` cannot be played at all (not held, not a combination), or
    the combination they form."""
    if not action.cards:
        return "say which cards to play, e.g. 'play 3S 3C'", None
    hand = state.hands[state.seat_to_play]
    missing = [card.text for card in action.cards if card not in hand]
    if missing:
        return f"you do not hold {' '.join(missing)}", None
    combo = combination_of(action.cards, state.rules)
    if combo is None:
        return f"{' '.join(c.text for c in action.cards)} is not a valid combination", None
    return None, combo


def play(state: TienLenState, action: Action) -> None:
    """§3.1/§3.2: the combination becomes the trick's top; a player who plays the last card goes
    out (§3.4), and the game ends when only one player holds cards (§5.3)."""
    seat = state.current_player
    assert seat is not None  # not seat_to_play: a property call per move shows in simulations
    tracker = state.plays
    bits = tracker.strength_bits
    mask = smask = 0
    for card in action.cards:  # card_mask and the strength mask, inlined: once per play
        mask |= card.mask
        smask |= bits[card.index]
    # A single, pair, triple or quad from the rules' kept sets; else the play cache, where the
    # tracker files each play it lists under ~strength mask.
    entry = tracker.sets.entries.get(smask) or _CACHED_PLAY(~smask)
    combo = entry[1] if entry is not None else None
    if combo is None:  # a play listed but never played yet, or a play typed in
        combo = combination_of(action.cards, state.rules)
        assert combo is not None  # a legal play is a combination
        if entry is not None:
            play_cache()[~smask] = (entry[0], combo)
    previous = state.top
    type_ = combo.type
    # A bomb played on 2s, or on a bomb so played, keeps the bomb fight going (§4.4).
    state.bomb_fight = (
        (type_ is _QUAD or type_ is _DOUBLE_SEQUENCE)
        and previous is not None
        and (state.bomb_fight or (previous.key_strength >> 2 == TWO_POSITION
                                  and previous.type is not _SEQUENCE))
    )
    state.top = combo
    if previous is None:  # a lead: the trick's other players now follow
        if combo.key_strength >> 2 == TWO_POSITION and type_ is not _SEQUENCE:
            state.count_event("twos_led")
        state.enter("follow")
    else:
        if state.bomb_fight:  # a bomb played as a bomb (rare: counted apart)
            count_bomb(state, combo, previous)
        if state.passed >> seat & 1:  # only bombs_ignore_pass_lock asks a locked player
            state.count_event("pass_lock_broken")
    state.last_player = seat
    state.must_include = None
    state.trick.append((seat, combo.cards))
    state.trick_mask |= mask
    hands = state.hands
    before = hands[seat].mask
    left = before & ~mask
    hands[seat] = CardSet.from_mask(left)
    plays = tracker.seats[seat]  # the seat's plays follow the hand here (no sync next turn)
    if plays.hand_mask == before:
        plays.hand_mask = left
        plays.smask &= ~smask
    if not left:  # §3.4 going out
        state.places.append(seat)
        holders = [s for s in range(state.players) if state.hands[s].mask]
        if len(holders) == 1:  # §3.4/§5.3: the game ends at once
            state.places.append(holders[0])
            state.finish(state.game.hooks.settle_normal(state, list(state.places)))
            return
    state.advance(seat)


# ----- the lead (§3.1) --------------------------------------------------------------------------


def lead_legal(state: TienLenState) -> list[Action]:
    """Any combination in the hand; the first lead of a match's first game must include the
    lowest card (§2.4)."""
    seat = state.current_player
    assert seat is not None
    plays = state.plays.seats[seat]  # legal_plays' lead, one call less
    hand_mask = state.hands[seat].mask
    if plays.hand_mask != hand_mask:
        plays.sync(hand_mask)
    must_include = state.must_include
    if must_include is None:
        return plays.lead()
    return plays.lead(state.plays.strength_bits[must_include.index])


def lead_why_illegal(state: TienLenState, action: Action) -> str | None:
    """Not held, not a combination, or a first lead without the lowest card (§2.4)."""
    problem, _ = _play_problem(state, action)
    if problem is None and state.must_include is not None \
            and state.must_include not in action.cards:
        return f"the first play of the game must include {state.must_include}"
    return problem


# ----- following (§3.2, §4.3, §4.4) -------------------------------------------------------------


def follow_legal(state: TienLenState) -> list[Action]:
    """Every combination that beats the top (a bomb on 2s, §4.4), and ``pass``. A locked
    player is asked only under ``bombs_ignore_pass_lock``, and may then only bomb."""
    seat = state.current_player
    top = state.top
    assert seat is not None and top is not None  # following means there is a top to beat
    tracker = state.plays
    plays = tracker.seats[seat]
    hand_mask = state.hands[seat].mask
    if plays.hand_mask != hand_mask:
        plays.sync(hand_mask)
    locked = state.passed >> seat & 1
    if locked or ((state.bomb_fight or top.key_strength >> 2 == TWO_POSITION)
                  and tracker.sets.holds_bomb(plays.smask)):
        # Bomb rules may count (and a hand without bombs has nothing more to play by them).
        actions = legal_plays(tracker, seat, state.hands[seat], top, state.bomb_fight,
                              None, bool(locked))
    else:  # normal beating only (most turns): legal_plays' own path, one call less
        type_ = top.type
        threshold = top.key_strength | THRESHOLD_BITS[type_]
        if type_ is _SINGLE:  # four follows in five: SetPlays.beating's singles, inlined
            singles = tracker.sets.singles
            actions = []
            above = plays.smask >> threshold + 1
            while above:
                low = above & -above
                above ^= low
                actions.append(singles[threshold + low.bit_length()])
        elif type_ in SET_SIZE:
            actions = tracker.sets.beating(SET_SIZE[type_], plays.smask, threshold)
        else:
            actions = plays.beating(TYPE_CODE[type_] | top.length, threshold)  # group_code
    actions.append(PASS)
    return actions


def follow_why_illegal(state: TienLenState, action: Action) -> str | None:
    """Not held, not a combination, a locked player's non-bomb, or not strong enough."""
    if action.kind == "pass":
        return None
    problem, combo = _play_problem(state, action)
    if problem is not None or combo is None or state.top is None:
        return problem
    if state.passed >> state.seat_to_play & 1:
        return "you passed in this trick: you may only bomb the 2s or pass"
    return f"{combo} ({combo.type.value}) does not beat {state.top} ({state.top.type.value})"


def follow_apply(state: TienLenState, action: Action) -> None:
    """A pass locks the player out until the trick ends (§3.2); a play climbs on the top."""
    if action.kind == "play":
        play(state, action)
        return
    seat = state.current_player
    assert seat is not None
    passed = state.passed | 1 << seat
    state.passed = passed
    # advance's usual case, first: the next seat holds cards and has not passed
    following = (seat + state.step) % state.players
    if (following != state.last_player and state.hands[following].mask
            and not passed >> following & 1):
        state.current_player = following
    else:
        state.advance(seat)


class TienLenState(State):
    """One game of Tiến Lên (a "hand" in engine terms)."""

    ENDINGS = ENDINGS
    PHASES = phases(
        Phase("lead", {"play"}, "lead any combination (you cannot pass)",
              "you lead this trick: play any combination (the leader cannot pass)",
              legal=lead_legal, why_illegal=lead_why_illegal, apply=play, next={"follow"}),
        Phase("follow", {"play", "pass"},
              "beat the top with a stronger combination of the same type, or pass",
              "play a combination that beats the top, or pass",
              legal=follow_legal, why_illegal=follow_why_illegal, apply=follow_apply,
              next={"lead"}),
    )
    ALIASES: ClassVar[Mapping[str, str]] = {}
    #: Every attribute that holds a mutable value: clones copy these alone (the hands, the
    #: trick's plays and the places shallowly: their items are card sets, tuples and seats).
    CLONE_COPIES: ClassVar[tuple[str, ...]] = ("hands", "trick", "places", "instant", "plays")
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
    instant: dict[int, list[str]]

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
        self.instant = {}
        self.enter("lead")

        instant = self.game.hooks.instant_wins(self)
        if instant:
            self.instant = instant
            self.count_event("void_deal" if len(instant) >= 2 else "instant_win")
            if len(instant) >= 2:
                self.finish(self.game.hooks.settle_void(self, instant))
            else:
                ((seat, kinds),) = instant.items()
                self.finish(self.game.hooks.settle_instant_win(self, seat, kinds[0]))
            return
        self.current_player, self.must_include = self.game.hooks.first_leader(self)

    # ----- §3 the turn passes -------------------------------------------------------------------

    def advance(self, seat: int) -> None:
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
        top = self.top
        # with no bombs at all (option bombs) a locked player has nothing to come back with
        if passed and top is not None and self.options["bombs_ignore_pass_lock"] \
                and self.options["bombs"]:
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
        self.set_aside = CardSet.from_mask(self.set_aside.mask | self.trick_mask)
        self.trick = []
        self.trick_mask = 0
        self.top = None
        self.last_player = None
        self.passed = 0
        self.bomb_fight = False
        self.current_player = leader
        self.enter("lead")

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
