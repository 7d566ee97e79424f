"""Tiến Lên's two phases, each declared once with its moves (rules §3): ``lead`` (§3.1: any
combination, no pass) and ``follow`` (§3.2: a combination that beats the top, ``play 3S 3C``,
or ``pass``); both carry out a play the same way (:func:`play`), and the turn passes by
:func:`cardkit.climbing.next_turn`, the one turn logic (the bots' play-outs by masks call it
too).

The engine never asks a player who is locked out of the trick (§3.2) — such a player is
skipped — except under ``bombs_ignore_pass_lock`` while the top is 2s or a bomb played on 2s:
then the locked player is asked and may only bomb or pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_games.tien_len.events import count_bomb
from cardkit_games.tien_len.plays import play_cache
from cardkit_games.tien_len.rules import TWO_POSITION, combination_of
from cardkit_games.tien_len.tracker import (
    SET_SIZE,
    THRESHOLD_BITS,
    TYPE_CODE,
    legal_plays,
    play_combination,
)

from cardkit.actions import Action
from cardkit.cards import CardSet
from cardkit.climbing import Combination, ComboType, next_turn, pick_bits
from cardkit.state import Phase, phases

if TYPE_CHECKING:
    from cardkit_games.tien_len.state import TienLenState

__all__ = ["PASS", "PHASES", "climb", "is_twos", "lock_is_open", "play"]

PASS = Action("pass")
_CACHED_PLAY = play_cache().get
_SINGLE = ComboType.SINGLE
_QUAD = ComboType.QUAD
_DOUBLE_SEQUENCE = ComboType.DOUBLE_SEQUENCE
_SEQUENCE = ComboType.SEQUENCE
_SEQUENCE_CODE = TYPE_CODE[_SEQUENCE]  # group codes with no length: play_combination reads the type
_DOUBLE_SEQUENCE_CODE = TYPE_CODE[_DOUBLE_SEQUENCE]


# ----- the turn (§3.2, §3.3) --------------------------------------------------------------------


def is_twos(combo: Combination) -> bool:
    """Whether ``combo`` is 2s: a single, pair or triple of 2s (a sequence holds no 2, §4.1)."""
    return combo.key_strength >> 2 == TWO_POSITION and combo.type is not _SEQUENCE


def lock_is_open(top: Combination | None, bomb_fight: bool) -> bool:
    """Under ``bombs_ignore_pass_lock``: whether a locked player may come back (with a bomb)
    on this top — 2s, or a bomb fight."""
    return top is not None and (bomb_fight or is_twos(top))


def climb(state: TienLenState, seat: int, combo: Combination, previous: Combination | None,
          bomb_fight: bool, passed: int) -> bool:
    """``seat`` plays ``combo`` on ``previous`` (None: a lead): the events it makes are counted,
    and the bomb fight it leaves is returned: §4.4, a bomb played on 2s, or on a bomb so
    played, makes (or keeps) a bomb fight (:func:`is_twos`, written out: once a play)."""
    if previous is None:
        if combo.key_strength >> 2 == TWO_POSITION and combo.type is not _SEQUENCE:
            state.count_event("twos_led")
        return False
    type_ = combo.type
    fight = (type_ is _QUAD or type_ is _DOUBLE_SEQUENCE) and (
        bomb_fight or (previous.key_strength >> 2 == TWO_POSITION
                       and previous.type is not _SEQUENCE))
    if fight:  # a bomb played as a bomb (rare: counted apart)
        count_bomb(state, combo, previous)
    if passed >> seat & 1:  # only bombs_ignore_pass_lock asks a locked player
        state.count_event("pass_lock_broken")
    return fight


def advance(state: TienLenState, seat: int) -> None:
    """The turn passes from ``seat`` (:func:`next_turn`); a trick that ends is set aside
    (§3.3) and the next leader leads."""
    out = 0
    for gone in state.places:  # the seats that hold no cards
        out |= 1 << gone
    passed = state.passed
    skipped = out | passed
    # with no bombs at all (option bombs) a locked player has nothing to come back with; the
    # options first: they are off by default, and this runs after every move
    if passed and state.options["bombs_ignore_pass_lock"] and state.options["bombs"] \
            and lock_is_open(state.top, state.bomb_fight):
        skipped = out
    following = next_turn(seat, state.players, state.step, skipped, state.last_player, out)
    if following >= 0:
        state.current_player = following
        return
    state.set_aside = CardSet.from_mask(state.set_aside.mask | state.trick_mask)
    state.trick = []
    state.trick_mask = 0
    state.top = None
    state.last_player = None
    state.passed = 0
    state.bomb_fight = False
    state.current_player = ~following
    state.enter("lead")


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
    cards = action.cards
    if len(cards) == 1:  # a single (most plays): its masks at once
        mask = cards[0].mask
        smask = bits[cards[0].index]
    else:
        mask = smask = 0
        for card in cards:  # card_mask and the strength mask, inlined: once per play
            mask |= card.mask
            smask |= bits[card.index]
    # A single, pair, triple or quad from the rules' kept sets; else the play cache, where the
    # tracker files each play it lists under ~strength mask.
    entry = tracker.sets.entries.get(smask) or _CACHED_PLAY(~smask)
    combo = entry[1] if entry is not None else None
    if combo is None:  # a play listed but never played yet, or a play typed in
        if entry is not None:
            # Listed by the tracker: a sequence or a double sequence (every set is kept with
            # its combination), made from its strength mask rather than classified (a lead
            # of random play often plays a sequence never played before).
            low = (smask & -smask).bit_length() - 1 & ~3
            combo = play_combination(state.rules, _DOUBLE_SEQUENCE_CODE
                                     if (smask >> low & 0xF).bit_count() == 2
                                     else _SEQUENCE_CODE, smask)
        else:
            combo = combination_of(action.cards, state.rules)
            assert combo is not None  # a legal play is a combination
    previous = state.top
    if previous is None:  # a lead: the trick's other players now follow
        if combo.key_strength >> 2 == TWO_POSITION and combo.type is not _SEQUENCE:
            climb(state, seat, combo, None, False, 0)  # counts the 2s led (climb's lead case)
        state.enter("follow")
    elif combo.type is _QUAD or combo.type is _DOUBLE_SEQUENCE or state.passed >> seat & 1:
        state.bomb_fight = climb(state, seat, combo, previous, state.bomb_fight, state.passed)
    else:  # climb's answer for a plain play by a player not locked out: no fight, no event
        state.bomb_fight = False
    state.top = combo
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
    advance(state, seat)


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
    strength = top.key_strength
    if state.passed >> seat & 1 or ((state.bomb_fight or strength >> 2 == TWO_POSITION)
                                    and tracker.sets.holds_bomb(plays.smask)):
        # Bomb rules may count (and a hand without bombs has nothing more to play by them).
        actions = legal_plays(tracker, seat, state.hands[seat], top, state.bomb_fight,
                              None, bool(state.passed >> seat & 1))
    else:  # normal beating only (most turns): legal_plays' own path, one call less
        type_ = top.type
        if type_ is _SINGLE:  # four follows in five: SetPlays.beating's singles, inlined
            # (a single's threshold is its key strength: THRESHOLD_BITS[SINGLE] is 0)
            actions = pick_bits(plays.smask >> strength + 1, tracker.sets.singles, strength + 1)
        elif type_ in SET_SIZE:
            actions = tracker.sets.beating(SET_SIZE[type_], plays.smask,
                                           strength | THRESHOLD_BITS[type_])
        else:
            actions = plays.beating(TYPE_CODE[type_] | top.length,  # group_code
                                    strength | THRESHOLD_BITS[type_])
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
    state.passed |= 1 << seat
    advance(state, seat)


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
