"""A search's Tiến Lên play-outs by strength masks: the greedy policies and the rules' moves
played on small integers, the actions made only for the history.

A play-out (the search's roll-out, ``hard``'s look-ahead) asks each
seat's greedy policy for a move from the list of legal actions and applies it, some forty moves
a hand. :func:`play_out` plays the same hand the same way with every move a strength mask (a
pass is none): the legal plays are the masks the tracker keeps (:mod:`.tracker`), the greedy
choice weighs each mask by the units it leaves as :class:`~.agents.GreedyAgent` does (and
:class:`~.policy.BaseAgent`'s lead from the bottom), and the trick's state lives in local
variables until the play-out stops, when it is written back to the state. Every move, every
event counted and the state left behind are those of the move-by-move play-out
(``tests/games/tien_len/test_playout.py`` holds it to that); policies it does not know, or a
state class of a variant, are left to the caller's move-by-move loop (None).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardkit_games.tien_len.bots.agents import (
    BOSS_UNITS,
    UNITS_KEPT,
    GreedyAgent,
    bosses_take_it_out,
    counts_table,
    hand_units,
    is_boss,
    units_of_counts,
    units_table,
)
from cardkit_games.tien_len.bots.policy import (
    BaseAgent,
    HardAgent,
    move_score,
    play_features,
    table_features,
)
from cardkit_games.tien_len.phases import PASS, climb, lock_is_open
from cardkit_games.tien_len.plays import play_cache
from cardkit_games.tien_len.rules import TWO_POSITION, combination_of
from cardkit_games.tien_len.state import TienLenState
from cardkit_games.tien_len.tracker import (
    SET_SIZE,
    THRESHOLD_BITS,
    TYPE_CODE,
    beating_play_masks,
    play_entry,
)

from cardkit.cards import STANDARD_CARDS, Card, CardSet
from cardkit.climbing import Combination, ComboType, next_turn
from cardkit.game import Playouts

if TYPE_CHECKING:
    from cardkit.agents import Agent
    from cardkit.state import State

__all__ = ["PLAYOUTS", "mask_tail", "play_out"]

_SINGLE = ComboType.SINGLE
_QUAD = ComboType.QUAD
_SEQUENCE = ComboType.SEQUENCE
_DOUBLE_SEQUENCE = ComboType.DOUBLE_SEQUENCE
_TWOS_TYPES = (ComboType.SINGLE, ComboType.PAIR, ComboType.TRIPLE)
#: A set's card count -> its type.
_SET_TYPES = {1: ComboType.SINGLE, 2: ComboType.PAIR, 3: ComboType.TRIPLE, 4: ComboType.QUAD}
_SEQUENCE_CODE = TYPE_CODE[_SEQUENCE]
_BOMB_CODES = (TYPE_CODE[_QUAD], TYPE_CODE[_DOUBLE_SEQUENCE])
_DECK_MASK = sum(card.mask for card in STANDARD_CARDS)
_LOW_BITS = int("1" * 13, 16)  # bit 4p of every rank position p
_NIBBLES_01 = int("5" * 13, 16)  # agents.rank_counts' masks
_NIBBLES_0011 = int("3" * 13, 16)
#: The policies :func:`play_out` plays itself: greedy (0), leading from the bottom (1), and the
#: move model of ``hard`` (2: :meth:`HardAgent.choose_in`, the base agent's move then the
#: model's scoring, :func:`_model_choice`).
_GREEDY, _BASE, _MODEL = 0, 1, 2
_KINDS: dict[type, int] = {GreedyAgent: _GREEDY, BaseAgent: _BASE, HardAgent: _MODEL}
#: Strength mask -> :func:`mask_tail` of it, for the plays met (bounded like the units).
_TAILS: dict[int, int] = {}
_TAILS_KEPT = 200_000
def mask_tail(smask: int) -> int:
    """The greedy cost of the combination whose strength mask is ``smask`` after its units
    (:meth:`GreedyAgent._weigh`): whether it is strong (a bomb or 2s), 15 less its cards, its
    key strength, packed in one int. The mask alone says it: a bomb is a quad or a double
    sequence, the only combinations of four cards or more with two at one rank; the key is the
    strongest card."""
    tail = _TAILS.get(smask)
    if tail is None:
        x1, x2, x3 = smask >> 1, smask >> 2, smask >> 3
        paired = ((smask & (x1 | x2 | x3)) | (x1 & (x2 | x3)) | (x2 & x3)) & _LOW_BITS
        count = smask.bit_count()
        key = smask.bit_length() - 1
        strong = (bool(paired) and count >= 4) or key >> 2 == TWO_POSITION
        tail = strong << 10 | (15 - count) << 6 | key
        if len(_TAILS) > _TAILS_KEPT:
            _TAILS.clear()
        _TAILS[smask] = tail
    return tail


def play_out(state: State, policies: Sequence[Agent], limit: int,
             until_out: int | None = None) -> int | None:
    """Play ``state`` on in place, each seat as its policy would, for at most ``limit`` moves
    (or until seat ``until_out`` has gone out); the moves applied, or None (nothing done) when
    the state or a policy is not one this loop plays (a variant's state class, an agent other
    than the greedy ones, an agent of other rules)."""
    if type(state) is not TienLenState or len(policies) != state.players:
        return None
    rules = state.rules
    kinds = []
    for policy in policies:
        kind = _KINDS.get(type(policy))
        if kind is None or policy.rules is not rules:  # type: ignore[attr-defined]
            return None
        if kind == _MODEL and not any(policy.weights["move"]):  # type: ignore[attr-defined]
            kind = _BASE  # an untrained model plays the base agent's moves
        kinds.append(kind)
    if state.result is not None or limit <= 0 or (
            until_out is not None and until_out in state.places):
        return 0
    return _play(state, kinds, policies, limit, until_out)


#: The play-out loop Tiến Lên offers the search (:class:`cardkit.game.Playouts`).
PLAYOUTS = Playouts(play_out)


def _play(state: TienLenState, kinds: list[int], policies: Sequence[Agent], limit: int,
          until_out: int | None) -> int:
    """:func:`play_out` of a state and policies it plays (see the module docstring)."""
    rules = state.rules
    tracker = state.plays
    sets = tracker.sets
    sets_get = sets.entries.get
    cache = play_cache()
    cache_get = cache.get
    units_kept = units_table()
    counts_kept = counts_table()
    # hand_units' bound, checked once a play-out (a play-out adds a few dozen hands at most)
    if len(units_kept) > UNITS_KEPT:
        units_kept.clear()
    if len(counts_kept) > UNITS_KEPT:
        counts_kept.clear()
    units_get = units_kept.get
    counts_get = counts_kept.get
    tails_get = _TAILS.get
    holds_bomb = sets.holds_bomb
    options = state.options
    lock_rule = bool(options["bombs_ignore_pass_lock"] and options["bombs"])
    players = state.players
    step = state.step
    history = state.history
    places = state.places
    seats = tracker.seats
    hands = [hand.mask for hand in state.hands]
    out = sum(1 << seat for seat in places)  # the seats that hold no cards
    for seat, plays in enumerate(seats):  # every seat's plays in step with its hand
        if plays.hand_mask != hands[seat]:
            plays.sync(hands[seat])
    smasks = [plays.smask for plays in seats]
    top = state.top
    last = state.last_player
    passed = state.passed
    bomb_fight = state.bomb_fight
    trick = state.trick
    trick_mask = state.trick_mask
    set_aside = state.set_aside.mask
    new_aside = False
    # the strength masks of the cards played this game and of the whole deck: a model seat's
    # unseen cards are those it neither holds nor saw played
    played = deck = 0
    if _MODEL in kinds:
        played = rules.strength_mask(CardSet.from_mask(set_aside | state.trick_mask))
        deck = rules.strength_mask(CardSet.from_mask(_DECK_MASK))
    must = state.must_include
    wanted = 0 if must is None else tracker.strength_bits[must.index]
    leading = state.phase == "lead"
    was_leading = leading
    current = state.current_player
    assert current is not None
    finished = stop = False
    # bit s: seat s holds one or two cards (an opponent so close makes a greedy seat urgent)
    small = sum(1 << seat for seat, hand in enumerate(hands) if 0 < hand.bit_count() <= 2)
    steps = 0
    while steps < limit:
        seat = current
        smask = smasks[seat]
        urgent = bool(small & ~(1 << seat))  # an opponent down to two cards or fewer
        choice = 0  # the strength mask played (0: a pass)
        bomb = False  # whether the choice is a quad or a double sequence
        if leading:
            masks = seats[seat].lead_masks(wanted)
            if len(masks) == 1:
                choice = masks[0]
            else:
                units_now = units_get(smask)
                if units_now is None:
                    units_now = hand_units(smask)
                best_cost = -1
                for found in masks:
                    if found == smask:  # the first play of every card left
                        best_cost = -2
                        choice = found
                        break
                    rest = smask & ~found
                    units = units_get(rest)
                    if units is None:  # hand_units inlined: by the rank counts, then kept
                        pairs = rest - (rest >> 1 & _NIBBLES_01)
                        counts = (pairs & _NIBBLES_0011) + (pairs >> 2 & _NIBBLES_0011)
                        units = counts_get(counts)
                        if units is None:
                            units = counts_kept[counts] = units_of_counts(counts)
                        units_kept[rest] = units
                    tail = tails_get(found)
                    if tail is None:
                        tail = mask_tail(found)
                    cost = units << 11 | tail
                    if best_cost < 0 or cost < best_cost:
                        best_cost, choice = cost, found
                if best_cost != -2 and (kinds[seat] or 2 <= units_now <= BOSS_UNITS):
                    choice = _lead(state, kinds[seat], masks, smask, hands[seat], units_now,
                                   choice, urgent, set_aside | trick_mask)
                if best_cost != -2 and kinds[seat] == _MODEL:
                    choice = _model_choice(policies[seat], seat, masks, False, choice, smask,
                                           deck & ~smask & ~played, hands, last, True, passed)
        else:
            assert top is not None
            type_ = top.type
            threshold = top.key_strength | THRESHOLD_BITS[type_]
            locked = passed >> seat & 1
            codes: list[int] | None = None
            if locked or ((bomb_fight or top.key_strength >> 2 == TWO_POSITION)
                          and holds_bomb(smask)):
                masks, codes = beating_play_masks(tracker, seat, top, bomb_fight, bool(locked))
            elif type_ is _SINGLE:  # sets.beating_masks(1, ...) written out: 2 % of a play-out
                masks = []
                above = smask >> threshold + 1
                while above:
                    low = above & -above
                    above ^= low
                    masks.append(low << threshold + 1)
            elif type_ in SET_SIZE:
                masks = sets.beating_masks(SET_SIZE[type_], smask, threshold)
            else:
                masks = seats[seat].beating_masks(TYPE_CODE[type_] | top.length, threshold)
            if masks:  # else a forced pass
                units_now = units_get(smask)
                if units_now is None:
                    units_now = hand_units(smask)
                # greedy's cheapest play, as in the lead above; the two loops stay inlined, since
                # one function for both cost 8 % more instructions a play-out (cachegrind)
                best_cost = -1
                best_at = 0
                for at, found in enumerate(masks):
                    if found == smask:  # goes out
                        best_cost = -2
                        choice = found
                        break
                    rest = smask & ~found
                    units = units_get(rest)
                    if units is None:  # hand_units inlined: by the rank counts, then kept
                        pairs = rest - (rest >> 1 & _NIBBLES_01)
                        counts = (pairs & _NIBBLES_0011) + (pairs >> 2 & _NIBBLES_0011)
                        units = counts_get(counts)
                        if units is None:
                            units = counts_kept[counts] = units_of_counts(counts)
                        units_kept[rest] = units
                    tail = tails_get(found)
                    if tail is None:
                        tail = mask_tail(found)
                    cost = units << 11 | tail
                    if best_cost < 0 or cost < best_cost:
                        best_cost, best_at = cost, at
                if best_cost != -2:
                    best = masks[best_at]
                    if codes is not None:
                        bomb = codes[best_at] & ~31 in _BOMB_CODES
                    elif type_ is _SINGLE:
                        bomb = False
                    elif type_ in SET_SIZE:
                        bomb = type_ is _QUAD
                    else:
                        bomb = type_ is _DOUBLE_SEQUENCE
                    units_after = best_cost >> 11
                    if bomb and (bomb_fight or (type_ in _TWOS_TYPES
                                                and top.key_strength >> 2 == TWO_POSITION)):
                        choice = best
                    elif best_cost >> 10 & 1 and not (urgent or units_after <= 2):
                        choice = 0  # keeps its 2s and bombs for later
                    elif units_after >= units_now and not urgent:
                        choice = 0  # would have to break up a combination
                    else:
                        choice = best
                    if kinds[seat] == _MODEL:
                        choice = _model_choice(policies[seat], seat, masks, True, choice, smask,
                                               deck & ~smask & ~played, hands, last, False,
                                               passed)
        steps += 1
        if not choice:  # a pass (follow_apply)
            history.append((seat, PASS))
            passed |= 1 << seat
        else:  # a play (state.play)
            entry = sets_get(choice) or cache_get(~choice)
            if entry is None:
                entry = play_entry(rules, 0, choice)
            action, combo = entry
            if combo is None:  # a play listed but never played yet
                combo = combination_of(action.cards, rules)
                assert combo is not None  # a legal play is a combination
                cache[~choice] = (action, combo)
            history.append((seat, action))
            played |= choice
            bomb_fight = climb(state, seat, combo, top, bomb_fight, passed)
            if top is None:
                leading = False
            top = combo
            last = seat
            must = None
            wanted = 0
            trick.append((seat, combo.cards))
            mask = 0
            for card in combo.cards:
                mask |= card.mask
            trick_mask |= mask
            left = hands[seat] & ~mask
            hands[seat] = left
            if left.bit_count() <= 2:
                small |= 1 << seat
                if not left:
                    small ^= 1 << seat
            smasks[seat] = smask & ~choice
            plays = seats[seat]
            plays.hand_mask = left
            plays.smask = smask & ~choice
            if not left:  # §3.4 going out
                places.append(seat)
                out |= 1 << seat
                holders = [s for s in range(players) if hands[s]]
                if len(holders) == 1:
                    places.append(holders[0])
                    current = seat
                    finished = True
                    break
                stop = seat == until_out
        # phases.advance: the next seat to play, or (~seat) a new trick's leader
        skipped = out | passed
        if lock_rule and passed and lock_is_open(top, bomb_fight):
            skipped = out
        current = next_turn(seat, players, step, skipped, last, out)
        if current < 0:
            current = ~current
            set_aside |= trick_mask
            new_aside = True
            trick = []
            trick_mask = 0
            top = None
            last = None
            passed = 0
            bomb_fight = False
            leading = True
        if stop:  # the seat the caller follows has gone out (after the turn moved on)
            break
    _write_back(state, hands, top, last, passed, bomb_fight, trick, trick_mask,
                set_aside if new_aside else None, must, current,
                None if leading == was_leading else "lead" if leading else "follow")
    if finished:
        state.finish(state.game.hooks.settle_normal(state, list(places)))
    return steps


def _write_back(state: TienLenState, hands: list[int], top: Combination | None,
                last: int | None, passed: int, bomb_fight: bool,
                trick: list[tuple[int, tuple[Card, ...]]], trick_mask: int,
                set_aside: int | None, must: Card | None, current: int,
                phase: str | None) -> None:
    """The play-out's trick state (its locals) back into ``state``: the hands as card sets,
    the trick, the cards set aside (None: unchanged), the seat to play and the ``phase``
    entered (None: the same one); the legal-move cache is dropped."""
    state.hands = [CardSet.from_mask(hand) for hand in hands]
    state.top = top
    state.last_player = last
    state.passed = passed
    state.bomb_fight = bomb_fight
    state.trick = trick
    state.trick_mask = trick_mask
    if set_aside is not None:
        state.set_aside = CardSet.from_mask(set_aside)
    state.must_include = must
    state.current_player = current
    state._legal = state._legal_set = None
    if phase is not None:
        state.enter(phase)


def _model_choice(model: Agent, seat: int, masks: list[int], can_pass: bool, base: int,
                  smask: int, unseen: int, hands: list[int], top_player: int | None,
                  leading: bool, passed: int) -> int:
    """The move of ``hard``'s model (:meth:`HardAgent.choose_in`) on the loop's masks: every
    legal move (``masks``, then the pass when ``can_pass``) scored by the model, and the
    favourite played when it beats the base agent's move ``base`` (0: a pass) by more than the
    margin. The caller has settled the forced moves and the way out (the base move then).

    It is written on masks because the loop holds the seat's hand (``smask``), the cards it has
    not seen (``unseen``, strength masks), the hands (card masks), the player on top and the
    passes as ints: the features are read from those (:func:`~.policy.play_features`, the same
    function :meth:`HardAgent.choose_in` reads them with, through the actions), so no legal
    action list, view or state is built for the model, and the seat's play-out stays in this
    loop instead of the move-by-move one (about half a look-ahead's time with the model as its
    roll-out)."""
    assert isinstance(model, HardAgent)
    rules = model.rules
    weights = model.weights["move"]
    urgent, next_urgent, top_urgent = table_features(
        seat, [hand.bit_count() for hand in hands], top_player)
    passers = passed.bit_count()
    moves = [*masks, 0] if can_pass else masks
    scores = []
    for found in moves:
        kind, length = _shape(found) if found else (None, 0)
        scores.append(move_score(weights, play_features(
            found, kind, length, smask, unseen, rules, leading, urgent, next_urgent, top_urgent,
            found == base, passers)))
    # the favourite: the best score, the base move winning a tie, else the first in order
    at = max(range(len(moves)), key=lambda index: (scores[index], moves[index] == base))
    best = moves[at]
    if best == base or scores[at] - scores[moves.index(base)] <= model.margin:
        return base
    return best


def _shape(smask: int) -> tuple[ComboType, int]:
    """The type and length of the legal play whose strength mask is ``smask``, read off the mask
    (no combination is made for the many plays the model weighs and never plays): its cards at
    one rank are a set, one card a rank a sequence, else two a rank a double sequence."""
    count = smask.bit_count()
    low = (smask & -smask).bit_length() - 1 >> 2
    span = (smask.bit_length() - 1 >> 2) - low + 1
    if span == 1:
        return _SET_TYPES[count], count
    if count == span:
        return _SEQUENCE, count
    return _DOUBLE_SEQUENCE, count // 2


def _lead(state: TienLenState, kind: int, masks: list[int], smask: int, mine: int,
          units_now: int, best: int, urgent: bool, played: int) -> int:
    """The lead of the greedy policy of ``kind`` once its cheapest play is ``best``
    (:meth:`GreedyAgent._lead`, and for kind 1 :meth:`BaseAgent._lead`)."""
    rules = state.rules
    if 2 <= units_now <= BOSS_UNITS:
        unseen = rules.strength_mask(CardSet.from_mask(_DECK_MASK & ~mine & ~played))
        for found in sorted(masks):
            rest = smask & ~found
            if hand_units(rest) >= units_now or not is_boss(found, unseen, rules):
                continue
            out = bosses_take_it_out(rest, unseen, rules)
            if out:
                return found
    if kind == 0 or urgent:
        return best
    chosen = best
    chosen_key: tuple[int, int] | None = None
    for found in masks:  # BaseAgent: the lowest card, in the longest play that holds it
        if mask_tail(found) >> 10 & 1 or hand_units(smask & ~found) >= units_now:
            continue
        key = ((found & -found).bit_length(), -found.bit_count())
        if chosen_key is None or key < chosen_key:
            chosen_key, chosen = key, found
    return chosen
