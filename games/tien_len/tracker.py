"""Every seat's plays through a game of Tiến Lên, as lists of play actions (the hot path of
simulation: a legal-move list is built at every turn of every simulated game).

- Singles, pairs, triples and quads come from tables made once per rules value and kept with
  its compiled tables (:class:`SetPlays`: for each rank and the suits held there, the sets'
  masks and actions),
  so a follow on a set reads the hand's strength mask from the threshold up and no hand is
  enumerated for it (four follows in five are on a single).
- A seat's sequences and double sequences are enumerated (:func:`cardkit.climbing.
  sequence_groups`) when first asked for: at its first lead or a follow on a sequence.
- A seat's first lead lists every play of its hand (sets from the tables, sequences through
  the play cache of :mod:`cardkit_games.tien_len.plays`) and keeps the list with the plays'
  masks; each later lead keeps those whose cards are all still held.
- A play takes cards out of the hand and only narrows the seat's strength mask: readers test
  a group's masks against it, so no list is rebuilt after a play.
- Bomb rules (§4.4) are consulted only when the hand holds a quad or a double sequence.

Groups are keyed by the int ``group_code(type, length)``; codes sort in the enumeration order
(type, then length). Lists are replaced, never changed, so copies of a state share them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from itertools import compress
from typing import TypeVar

from cardkit_games.tien_len.plays import play_cache
from cardkit_games.tien_len.rules import TWO_POSITION, BombRules, bomb_rules_of

from cardkit.actions import Action
from cardkit.cards import Card, CardSet
from cardkit.climbing import (
    SET_SIZE,
    ClimbingRules,
    Combination,
    ComboType,
    HandCombinations,
    all_combinations,
    beat_threshold,
    classify,
    climbing_tables,
    combination_of_mask,
    gather_rows,
    keep_disjoint,
    pick_bits,
    sequence_groups,
)

__all__ = ["SET_SIZE", "THRESHOLD_BITS", "TYPE_CODE", "PlayTracker", "SeatPlays", "SetPlays",
           "beating_play_masks", "combination_of_play", "group_code", "legal_plays",
           "play_combination", "play_entry", "set_plays", "strength_bits"]

_TYPES = tuple(ComboType)
#: ``group_code`` of a type with length 0: the type's index in the enumeration order, shifted
#: past every length (a hand has at most 13 cards).
TYPE_CODE: dict[ComboType, int] = {type_: index << 5 for index, type_ in enumerate(_TYPES)}
#: ``beat_threshold(top)`` is ``top.key_strength | THRESHOLD_BITS[top.type]`` (triples and quads
#: compare by rank alone), without the call.
THRESHOLD_BITS: dict[ComboType, int] = {
    type_: 3 if type_ in (ComboType.TRIPLE, ComboType.QUAD) else 0 for type_ in _TYPES}
_SEQUENCE_CODE = TYPE_CODE[ComboType.SEQUENCE]
_BOMB_CODES = (TYPE_CODE[ComboType.QUAD], TYPE_CODE[ComboType.DOUBLE_SEQUENCE])
#: :class:`SetPlays` rows hold the masks and the actions of sizes 1 to 4 in turn: the columns
#: ``gather_rows`` reads for a hand's sets (masks, then actions) and their masks alone.
_MASKS_AND_ACTIONS = ((0, 2, 4, 6), (1, 3, 5, 7))
_MASKS = ((0, 2, 4, 6),)
T = TypeVar("T")


def group_code(type_: ComboType, length: int) -> int:
    """The group of combinations of ``type_`` and ``length``, as an int (codes sort in the
    enumeration order)."""
    return TYPE_CODE[type_] | length


def play_entry(rules: ClimbingRules, code: int, smask: int
               ) -> tuple[Action, Combination | None]:
    """The ``play`` action of the group-``code`` combination whose strength mask is ``smask``,
    and its combination if it was made (None: :func:`play_combination` makes it): from the
    play cache (:mod:`cardkit_games.tien_len.plays`), where it is filed under ``~smask``, or
    from the rules' :class:`SetPlays`. A listed play is seldom played, so a new entry's
    combination waits until one is."""
    cache = play_cache()
    entry = cache.get(~smask)
    if entry is None:
        # a (double) sequence is never a set (most new entries are sequences a lead lists)
        entry = set_plays(rules).entries.get(smask) if code < _SEQUENCE_CODE else None
        if entry is None:
            entry = (Action.of_cards("play", rules.cards_of_strength_mask(smask)), None)
        cache[~smask] = entry
    return entry


def play_combination(rules: ClimbingRules, code: int, smask: int) -> Combination:
    """The combination of the group-``code`` combination whose strength mask is ``smask`` (made
    once and kept with its action in the play cache)."""
    action, combo = play_entry(rules, code, smask)
    if combo is None:
        combo = combination_of_mask(rules, smask, _TYPES[code >> 5])
        play_cache()[~smask] = (action, combo)
    return combo


def combination_of_play(rules: ClimbingRules, cards: Iterable[Card]
                        ) -> tuple[int, Combination | None]:
    """The strength mask of ``cards`` and the combination they form (None if none): from the
    rules' :class:`SetPlays` or a table kept with the rules value, else classified once and kept
    there (agents and :func:`~cardkit_games.tien_len.state.play` ask this of every play they
    weigh)."""
    bits = strength_bits(rules)
    smask = 0
    for card in cards:
        smask |= bits[card.index]
    kept = set_plays(rules).entries.get(smask)
    if kept is not None:
        return smask, kept[1]
    # kept with the rules value: the shared play cache is keyed by strength mask alone, and
    # two rules values may give one mask different combinations (2s in sequences or not)
    known = climbing_tables(rules).derived(_combinations_of)
    if smask in known:
        return smask, known[smask]
    combo = classify(cards, rules)
    if len(known) > 200_000:
        known.clear()
    known[smask] = combo
    return smask, combo


def _combinations_of(rules: ClimbingRules) -> dict[int, Combination | None]:
    """An empty table of the combinations plays form under ``rules``, by strength mask."""
    return {}


#: The sets one rank holding some suits gives: masks and actions of sizes 1, 2, 3, 4 in turn.
SetRow = tuple[tuple[int, ...], tuple[Action, ...], tuple[int, ...], tuple[Action, ...],
               tuple[int, ...], tuple[Action, ...], tuple[int, ...], tuple[Action, ...]]


class SetPlays:
    """Every single, pair, triple and quad of one rules value, made once and kept (there are 195
    of them): ``entries`` (strength mask -> the ``play`` action and the combination),
    ``singles`` (the single's action, by strength) and, for the sets of ``size`` cards that rank
    position ``p`` holding the suits ``nibble`` gives, in the enumeration order,
    ``actions[size - 1][p][nibble]`` and their strength masks ``masks[size - 1][p][nibble]``."""

    def __init__(self, rules: ClimbingRules) -> None:
        ranks = len(rules.rank_order)
        self.entries: dict[int, tuple[Action, Combination]] = {}
        no_actions: tuple[Action, ...] = ()
        no_masks: tuple[int, ...] = ()
        actions = [[[no_actions] * 16 for _ in range(ranks)] for _ in range(4)]
        masks = [[[no_masks] * 16 for _ in range(ranks)] for _ in range(4)]
        for position in range(ranks):
            for nibble in range(1, 16):
                cards = [rules.card_of_strength(4 * position + suit) for suit in range(4)
                         if nibble >> suit & 1]
                found: list[list[tuple[int, Action]]] = [[], [], [], []]
                for combo in all_combinations(cards, rules):  # one rank: sets only
                    smask = rules.strength_mask(combo.cards)
                    entry = self.entries.get(smask)
                    if entry is None:
                        entry = self.entries[smask] = (Action("play", cards=combo.cards), combo)
                    found[len(combo.cards) - 1].append((smask, entry[0]))
                for size in range(4):
                    masks[size][position][nibble] = tuple(m for m, _ in found[size])
                    actions[size][position][nibble] = tuple(a for _, a in found[size])
        self.actions: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...] = tuple(
            tuple(tuple(row) for row in table) for table in actions)
        self.masks: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
            tuple(tuple(row) for row in table) for table in masks)
        #: ``rows[p][nibble]``: ``(masks, actions)`` of sizes 1, 2, 3 and 4 in turn (8 items).
        self.rows: tuple[tuple[SetRow, ...], ...] = tuple(
            tuple((masks[0][position][nibble], actions[0][position][nibble],
                   masks[1][position][nibble], actions[1][position][nibble],
                   masks[2][position][nibble], actions[2][position][nibble],
                   masks[3][position][nibble], actions[3][position][nibble])
                  for nibble in range(16))
            for position in range(ranks))
        self.singles: tuple[Action, ...] = tuple(
            self.entries[1 << strength][0] for strength in range(4 * ranks))
        #: Bit ``4p`` for each rank position ``p`` a double sequence may use.
        self.double_positions = sum(1 << 4 * position
                                    for position, rank in enumerate(rules.rank_order)
                                    if rank in rules.double_sequence_ranks)
        self.min_double_sequence = rules.min_double_sequence
        self.low_nibble_bits = sum(1 << 4 * position for position in range(ranks))

    def holds_bomb(self, smask: int) -> bool:
        """Whether the hand ``smask`` holds a quad or a double sequence (bombs, §4.4): when it
        holds neither, bomb rules change nothing about its plays."""
        x1, x2, x3 = smask >> 1, smask >> 2, smask >> 3
        low = self.low_nibble_bits
        if smask & x1 & x2 & x3 & low:
            return True
        pairs = ((smask & (x1 | x2 | x3)) | (x1 & (x2 | x3)) | (x2 & x3)) & low
        runs = pairs & self.double_positions
        for _ in range(self.min_double_sequence - 1):
            runs &= runs >> 4
        return bool(runs)

    def of_hand(self, smask: int) -> tuple[list[int], list[Action]]:
        """Every set of the hand ``smask`` (a strength mask), in the enumeration order (all
        singles, then pairs, triples and quads): new lists of masks and of actions."""
        masks, actions = gather_rows(smask, self.rows, _MASKS_AND_ACTIONS)
        return masks, actions

    def masks_of_hand(self, smask: int) -> list[int]:
        """The strength masks of :meth:`of_hand`'s sets, in the same order (a new list)."""
        return gather_rows(smask, self.rows, _MASKS)[0]

    def beating_masks(self, size: int, smask: int, threshold: int) -> list[int]:
        """The strength masks of :meth:`beating`'s sets, in the same order (a new list)."""
        return self._beating(size, smask, threshold, self.masks, 2 * size - 2)

    def beating(self, size: int, smask: int, threshold: int) -> list[Action]:
        """The sets of ``size`` cards in the hand ``smask`` (a strength mask) whose key
        strength exceeds ``threshold`` (-1 or more)."""
        if size == 1:  # (most follows: one C call)
            return pick_bits(smask >> threshold + 1, self.singles, threshold + 1)
        return self._beating(size, smask, threshold, self.actions, 2 * size - 1)

    def _beating(self, size: int, smask: int, threshold: int,
                 table: tuple[tuple[tuple[tuple[T, ...], ...], ...], ...], column: int
                 ) -> list[T]:
        """:meth:`beating`'s sets as items of ``table`` (:attr:`masks` or :attr:`actions`),
        whose column of a :attr:`rows` row is ``column``."""
        position = max(threshold, 0) >> 2
        nibble = smask >> 4 * position & 0xF
        # The threshold's rank: its sets are in ascending order of their masks (the highest
        # suit first, then the others from the top down), so those that beat are a tail.
        start = bisect_left(self.masks[size - 1][position][nibble], 1 << threshold + 1)
        above = 4 * position + 4  # the ranks above the threshold's: all their sets beat it
        out: list[T] = gather_rows(smask >> above << above, self.rows, ((column,),))[0]
        out[:0] = table[size - 1][position][nibble][start:]
        return out


def set_plays(rules: ClimbingRules) -> SetPlays:
    """The :class:`SetPlays` of ``rules`` (made on first use, one per rules value, kept with its
    compiled tables)."""
    return climbing_tables(rules).derived(SetPlays)


class SeatPlays:
    """One seat's plays and the hand they follow (``hand_mask``, its card mask, and ``smask``,
    its strength mask). ``raw``: code -> the masks of every combination of that group, from the
    hand as it was enumerated (None until asked for; some may use cards that have left since:
    readers test them against ``smask``); ``sequences``: the same for the sequence and double
    sequence groups only (what leads and sequence follows need). ``led``: the strength masks of
    every play of the hand at its last lead, in the enumeration order (None before its first
    lead): the next lead keeps those whose cards are all still held; ``led_actions``: their
    ``play`` actions, in the same order (None until a legal-move list needs them: a search's
    play-outs, the bots', lead by masks alone). Lists are replaced,
    never changed, so copies share them."""

    __slots__ = ("hand_mask", "led", "led_actions", "raw", "rules", "sequences", "smask")

    def __init__(self, rules: ClimbingRules) -> None:
        self.rules = rules
        self.hand_mask = 0
        self.smask = 0
        self.raw: dict[int, list[int]] | None = None
        self.sequences: dict[int, list[int]] | None = None
        self.led: list[int] | None = None
        self.led_actions: list[Action] | None = None

    def sync(self, hand_mask: int) -> None:
        """Follow the hand to ``hand_mask``: cards that left only narrow ``smask``; cards that
        came in (a deal) drop the groups, enumerated again when next asked for."""
        old = self.hand_mask
        if hand_mask == old:
            return
        self.hand_mask = hand_mask
        if hand_mask & ~old:
            self.smask = self.rules.strength_mask(CardSet.from_mask(hand_mask))
            self.raw = None
            self.sequences = None
            self.led = None
            self.led_actions = None
            return
        bits = strength_bits(self.rules)
        gone = 0
        cards = old & ~hand_mask
        while cards:  # a play: a few cards
            low = cards & -cards
            cards ^= low
            gone |= bits[low.bit_length() - 1]
        self.smask &= ~gone

    def groups(self) -> dict[int, list[int]]:
        """Code -> the masks of every combination of that group the hand held when it was last
        enumerated, or since pruned (some may use cards that left: test against ``smask``).
        Enumerated on first use."""
        raw = self.raw
        if raw is None:
            combos = HandCombinations(self.rules)
            combos.sync(self.hand_mask)
            raw = self.raw = {TYPE_CODE[type_] | length: masks
                              for (type_, length), masks in combos.groups()}
        return raw

    def sequence_groups(self) -> dict[int, list[int]]:
        """The ``groups`` of sequences and double sequences only (enumerated on first use:
        leads and sequence follows need no more; sets come from :class:`SetPlays`)."""
        found = self.sequences
        if found is None:
            found = self.sequences = {
                TYPE_CODE[type_] | length: masks
                for type_, length, masks in sequence_groups(self.rules, self.smask)}
        return found

    def lead(self, wanted: int = 0) -> list[Action]:
        """Every play of the hand, in the enumeration order; with ``wanted`` (a strength bit)
        only those holding that card. Do not mutate the list."""
        gone = ~self.smask
        led = self.led
        if led is None:
            if wanted:
                # The game's first lead (§2.4): only the plays with that card. The seat's whole
                # list waits for its next lead, when the cards it has played since are gone.
                return self._plays_with(wanted)
            masks, actions = set_plays(self.rules).of_hand(self.smask)
            for code, group in self.sequence_groups().items():
                self._add_plays(masks, actions, code, group, gone)
            self.led = masks
            self.led_actions = actions
        else:
            kept = self.led_actions
            narrowed = keep_disjoint(led, kept, gone)
            if narrowed is not None:  # cards have left since the last lead
                masks, kept = self.led, self.led_actions = narrowed
            else:
                masks = led
            if kept is None:  # led by a play-out, by masks alone: the actions now
                kept = self.led_actions = [self._action(found) for found in masks]
            actions = kept
        if wanted:
            return [action for found, action in zip(masks, actions, strict=True)
                    if found & wanted]
        return actions

    def _plays_with(self, wanted: int) -> list[Action]:
        """:meth:`lead`'s plays holding the card whose strength bit is ``wanted``, in the same
        order (the sets of its rank, then the sequences through it), listed without the rest."""
        gone = ~self.smask
        rank = 0xF << ((wanted.bit_length() - 1) & ~3)
        sets, set_actions = set_plays(self.rules).of_hand(self.smask & rank)
        holding = [found & wanted for found in sets]
        masks, actions = list(compress(sets, holding)), list(compress(set_actions, holding))
        for code, group in self.sequence_groups().items():
            self._add_plays(masks, actions, code,
                            list(compress(group, map(wanted.__and__, group))), gone)
        return actions

    def _add_plays(self, masks: list[int], actions: list[Action], code: int, group: list[int],
                   gone: int) -> None:
        """Append to ``masks`` and ``actions`` the plays of group ``code`` in ``group`` (strength
        masks, some perhaps of cards ``gone`` since they were enumerated) still held."""
        rules = self.rules
        get = play_cache().get
        for found in group:
            if not found & gone:
                entry = get(~found)
                masks.append(found)
                actions.append(entry[0] if entry is not None
                               else play_entry(rules, code, found)[0])

    def lead_masks(self, wanted: int = 0) -> list[int]:
        """The strength masks of :meth:`lead`'s plays, in the same order, without their
        actions (a search's play-outs). Do not mutate the list."""
        gone = ~self.smask
        led = self.led
        if led is None:
            masks = set_plays(self.rules).masks_of_hand(self.smask)
            if wanted:  # the game's first lead (§2.4): only plays with that card
                out = [found for found in masks if found & wanted]
                for group in self.sequence_groups().values():
                    out += [found for found in group if found & wanted and not found & gone]
                return out
            for group in self.sequence_groups().values():
                masks += [found for found in group if not found & gone]
            self.led = masks
            self.led_actions = None
            led = masks
        else:
            for found in led:
                if found & gone:  # a card has left: keep the plays still held
                    led = self.led = [found for found in led if not found & gone]
                    self.led_actions = None
                    break
        if wanted:
            return [found for found in led if found & wanted]
        return led

    def _action(self, smask: int) -> Action:
        """The ``play`` action of the combination whose strength mask is ``smask``."""
        entry = set_plays(self.rules).entries.get(smask) or play_cache().get(~smask)
        return entry[0] if entry is not None else play_entry(self.rules, 0, smask)[0]

    def beating(self, code: int, threshold: int) -> list[Action]:
        """The plays of group ``code`` whose key strength exceeds ``threshold``."""
        out: list[Action] = []
        group = (self.sequence_groups() if code >= _SEQUENCE_CODE else self.groups()).get(code)
        if group:
            # The group is key ascending, so its masks' bit lengths never decrease: those that
            # beat (key above the threshold) are a tail, found by bisection.
            self._add_plays([], out, code, group[bisect_left(group, 1 << threshold + 1):],
                            ~self.smask)
        return out

    def beating_masks(self, code: int, threshold: int) -> list[int]:
        """The strength masks of :meth:`beating`'s plays, in the same order."""
        group = (self.sequence_groups() if code >= _SEQUENCE_CODE else self.groups()).get(code)
        if not group:
            return []
        gone = ~self.smask
        return [found for found in group[bisect_left(group, 1 << threshold + 1):]
                if not found & gone]

    def copy(self) -> SeatPlays:
        """An independent copy (groups are shared: they are replaced, never changed)."""
        twin = SeatPlays.__new__(SeatPlays)
        twin.rules = self.rules
        twin.hand_mask = self.hand_mask
        twin.smask = self.smask
        twin.raw = self.raw
        twin.sequences = self.sequences
        twin.led = self.led
        twin.led_actions = self.led_actions
        return twin


def strength_bits(rules: ClimbingRules) -> tuple[int, ...]:
    """By card index: the card's strength bit under ``rules`` (0 for a card without one), from
    the rules' compiled tables."""
    return climbing_tables(rules).strength_bits


class PlayTracker:
    """Every seat's plays (one :class:`SeatPlays` each), followed through the game. It follows
    the hands by itself (each query compares the seat's hand mask), so a state needs no call
    after a play, and a re-dealt copy (``determinize``) enumerates its new hands. It is a cache
    of the hands: copying a state shares its groups (they are replaced, never changed), and
    pickling keeps nothing but the rules."""

    __slots__ = ("bombs", "seats", "sets", "strength_bits")

    def __init__(self, rules: ClimbingRules, bombs: BombRules, players: int) -> None:
        self.bombs = bombs
        self.seats = [SeatPlays(rules) for _ in range(players)]
        #: By card index: the card's strength bit under the rules (0 for a card without one).
        self.strength_bits = strength_bits(rules)
        #: The rules' sets as play actions.
        self.sets = set_plays(rules)

    def hand(self, seat: int, hand: CardSet) -> SeatPlays:
        """Seat ``seat``'s plays, brought up to date with ``hand``."""
        plays = self.seats[seat]
        if plays.hand_mask != hand.mask:
            plays.sync(hand.mask)
        return plays

    def __deepcopy__(self, memo: dict[int, object]) -> PlayTracker:
        copy = PlayTracker.__new__(PlayTracker)
        copy.bombs = self.bombs
        copy.strength_bits = self.strength_bits
        copy.sets = self.sets
        copy.seats = [plays.copy() for plays in self.seats]
        return copy

    def __reduce__(self) -> tuple[object, tuple[ClimbingRules, tuple[bool, bool, bool, bool],
                                                 int]]:
        # Rebuilt empty: the hands it follows are in the state; snapshots stay small and equal
        # for equal states. Bomb rules hold closures: they travel as their four options.
        bombs = self.bombs
        return (_empty_tracker, (self.seats[0].rules,
                                 (bombs.quad_beats_pair_of_twos, bombs.longer, bombs.cross,
                                  bombs.enabled),
                                 len(self.seats)))


def _empty_tracker(rules: ClimbingRules, bomb_options: tuple[bool, bool, bool, bool],
                   players: int) -> PlayTracker:
    return PlayTracker(rules, bomb_rules_of(*bomb_options), players)


def legal_plays(tracker: PlayTracker, seat: int, hand: CardSet, top: Combination | None,
                bomb_fight: bool, must_include: Card | None = None,
                bombs_only: bool = False) -> list[Action]:
    """The ``play`` actions of ``seat`` now: §3.1 any combination when leading (with
    ``must_include``, the first lead's card, §2.4), else §3.2/§4.3/§4.4 those that beat ``top``
    (only bombs for a locked player under ``bombs_ignore_pass_lock``). The same plays, in the
    same order, as :func:`~cardkit_games.tien_len.rules.lead_plays` and
    :func:`~cardkit_games.tien_len.rules.beating_plays` on ``hand``. A new list each time."""
    plays = tracker.seats[seat]
    if plays.hand_mask != hand.mask:
        plays.sync(hand.mask)
    if top is None:
        wanted = 0 if must_include is None else 1 << plays.rules.strength(must_include)
        return plays.lead(wanted)
    rules = plays.rules
    masks, codes = beating_play_masks(tracker, seat, top, bomb_fight, bombs_only)
    return [play_entry(rules, code, found)[0] for found, code in zip(masks, codes, strict=True)]


def beating_play_masks(tracker: PlayTracker, seat: int, top: Combination, bomb_fight: bool,
                       bombs_only: bool = False) -> tuple[list[int], list[int]]:
    """The strength masks of :func:`legal_plays`' plays on ``top`` (the seat's plays in step
    with its hand), in the same order, and the group code of each."""
    plays = tracker.seats[seat]
    code = group_code(top.type, top.length)
    threshold = beat_threshold(top)
    # Only 2s on top or a bomb fight bring bomb rules in (BombRules.extra): test that first.
    extra = (tracker.bombs.extra(top, bomb_fight)
             if bomb_fight or top.key_strength >> 2 == TWO_POSITION else None)
    if extra is None:
        if bombs_only and code & ~31 not in _BOMB_CODES:
            return [], []
        found_masks = plays.beating_masks(code, threshold)
        return found_masks, [code] * len(found_masks)
    types, rule = extra
    rules = plays.rules
    out: list[int] = []
    codes: list[int] = []
    groups = plays.groups()
    for group_at in groups:
        if bombs_only and group_at & ~31 not in _BOMB_CODES:
            continue
        by_rule = any(group_at & ~31 == TYPE_CODE[wanted_type]
                      and (length is None or group_at & 31 == length)
                      for wanted_type, length in types)
        if group_at != code and not by_rule:
            continue
        gone = ~plays.smask
        for found in groups[group_at]:
            if found & gone:
                continue
            if (group_at == code and found.bit_length() - 1 > threshold) or (
                    by_rule and rule(play_combination(rules, group_at, found), top)):
                out.append(found)
                codes.append(group_at)
    return out, codes
