"""Tiến Lên agents: ``greedy`` (``random`` comes from the engine).

The greedy agent values a hand by its number of *units*: the plays it would take to shed it if
nobody interfered — sequences taken where they absorb otherwise-single cards, then one unit per
remaining rank (a pair, triple or quad is one unit). It:

- goes out when it can;
- leads and follows with the play that leaves the fewest units, then the one that uses no 2 and
  no bomb, then the one that sheds more cards, then the weakest (lowest key);
- keeps 2s and bombs for when they matter: a bomb chops 2s; 2s and bombs are otherwise used only
  when an opponent is close to going out or they finish the hand off (≤ 2 units left);
- does not break up a sequence, pair or triple to follow (a play that does not lower its units)
  unless an opponent is close to going out;
- counts the cards played (:class:`PlayedReader`): near the end (three units or fewer), when
  leading *bosses* — plays nothing left unseen can beat, so it keeps the lead — and then its
  last unit takes it out, it leads them first (:func:`bosses_take_it_out`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
from cardkit_games.tien_len.plan import plan_sequences
from cardkit_games.tien_len.rules import (
    TWO_POSITION,
    climbing_rules,
    is_bomb,
)
from cardkit_games.tien_len.state import TienLenState
from cardkit_games.tien_len.tracker import combination_of_play, set_plays

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import STANDARD_CARDS, CardSet, card_mask
from cardkit.climbing import ClimbingRules, Combination, ComboType, climbing_tables, sequence_groups
from cardkit.game import Game
from cardkit.state import State
from cardkit.views import View

__all__ = ["SET_SIZES", "GreedyAgent", "PlayedReader", "bosses_take_it_out",
           "counts_table", "greedy_agent", "hand_units", "is_boss", "plan_sequences",
           "units_of_counts", "units_table"]

#: Lead a boss first once the hand is down to this many units.
BOSS_UNITS = 3
_DECK_MASK = sum(card.mask for card in STANDARD_CARDS)
#: The card count of each kind of set above a single.
SET_SIZES = {ComboType.PAIR: 2, ComboType.TRIPLE: 3, ComboType.QUAD: 4}
#: The tops a bomb chops when they are 2s (the view names them ``single``, ``pair``, ``triple``).
_TWOS_TYPES = frozenset({ComboType.SINGLE, ComboType.PAIR, ComboType.TRIPLE})

_UNITS: dict[int, int] = {}
# The units by rank counts (rank_counts): hands that differ only in suits share their plan.
_UNITS_BY_COUNTS: dict[int, int] = {}
#: How many hands (and, apart, rank counts) :func:`hand_units` remembers before it starts afresh.
UNITS_KEPT = 200_000
_NIBBLES_01 = int("5" * 13, 16)  # 0101 in each of the 13 positions' 4 bits
_NIBBLES_0011 = int("3" * 13, 16)
_POSITION_BITS = int("1" * 13, 16)  # bit 4p of every rank position p


def rank_counts(smask: int) -> int:
    """How many cards a strength mask holds at each position, in that position's 4 bits (0 to
    4): the bit count of every 4 bits at once (two steps of the usual halving)."""
    pairs = smask - (smask >> 1 & _NIBBLES_01)
    return (pairs & _NIBBLES_0011) + (pairs >> 2 & _NIBBLES_0011)


_POSITION_BITS = int("1" * 13, 16)  # bit 4p of every rank position p
_SEQUENCE_POSITIONS = int("1" * TWO_POSITION, 16)  # bit 4p of the positions 3 … A


#: A run's rank counts (shifted to start at position 0) -> its units (:func:`units_of_counts`).
_RUN_UNITS: dict[int, int] = {}


def units_of_counts(counts: int) -> int:
    """:func:`hand_units` of a hand by its :func:`rank_counts`, as :func:`plan_sequences` works
    it out. A sequence never crosses a rank the hand lacks (nor the 2s), and the plan takes the
    sequences of one run of held ranks whatever it takes elsewhere (a round takes the best
    window of all, and a run changes only when its own is taken), so the units are the sum over
    the runs (each run's worked out once, by its counts: :func:`_run_units`) and one for 2s
    held."""
    units = 1 if counts >> 4 * TWO_POSITION & 0xF else 0
    held = counts | counts >> 1 | counts >> 2
    rest = (held & _SEQUENCE_POSITIONS) * 15  # whole nibbles of the held positions 3 … A
    while rest:
        low = rest & -rest
        run = rest & ~(rest + low)  # the lowest run of held positions
        rest ^= run
        if run.bit_count() < 12:  # one or two ranks: no sequence, a unit a rank
            units += run.bit_count() >> 2
            continue
        key = (counts & run) >> low.bit_length() - 1
        found = _RUN_UNITS.get(key)
        if found is None:
            if len(_RUN_UNITS) > UNITS_KEPT:
                _RUN_UNITS.clear()
            found = _RUN_UNITS[key] = _run_units(key)
        units += found
    return units


def _run_units(counts: int) -> int:
    """The units of the rank counts of one run of held ranks (a hand by :func:`rank_counts`),
    as :func:`plan_sequences` works them out but on bit masks of the positions holding one,
    two, three and four cards (bit ``4p``), a round per sequence taken. In a round the plan
    takes, of every run three long or more, the one holding the most single cards (the first
    such of the most; none if no run holds two singles), from its first position to its last
    single or its third position, whichever is further: for a fixed first position a longer
    window never holds fewer singles, and a later first position never more, so this is the
    window the plan's search over every start and end settles on first."""
    b0 = counts & _POSITION_BITS
    b1 = counts >> 1 & _POSITION_BITS
    ones, twos, threes, fours = b0 & ~b1, b1 & ~b0, b0 & b1, counts >> 2 & _POSITION_BITS
    sequences = 0
    while True:
        rest = ((ones | twos | threes | fours) & _SEQUENCE_POSITIONS) * 15  # whole nibbles
        best_gain = 0
        window = 0
        while rest:
            low = rest & -rest
            run = rest & ~(rest + low)  # the lowest run of held positions
            rest ^= run
            if run.bit_count() < 12:  # fewer than three positions
                continue
            singles = ones & run
            gain = singles.bit_count() - 1
            if gain > best_gain:
                end = max(1 << singles.bit_length() - 1, low << 8)
                best_gain, window = gain, ((end << 1) - low) & _POSITION_BITS
        if not window:
            return sequences + (ones | twos | threes | fours).bit_count()
        sequences += 1
        keep = ~window
        ones, twos, threes, fours = ((ones & keep) | (twos & window),
                                     (twos & keep) | (threes & window),
                                     (threes & keep) | (fours & window), fours & keep)


def hand_units(smask: int) -> int:
    """The number of plays a hand (as a strength mask) needs by the greedy plan above
    (:func:`plan_sequences`: a play a sequence, and one a rank for the cards left)."""
    cached = _UNITS.get(smask)
    if cached is not None:
        return cached
    # the plan reads only how many cards each rank has: a search's worlds deal many hands
    # alike but for suits, and those share one plan
    counts = rank_counts(smask)
    units = _UNITS_BY_COUNTS.get(counts)
    if units is None:
        units = units_of_counts(counts)
        if len(_UNITS_BY_COUNTS) > UNITS_KEPT:
            _UNITS_BY_COUNTS.clear()
        _UNITS_BY_COUNTS[counts] = units
    if len(_UNITS) > UNITS_KEPT:
        _UNITS.clear()
    _UNITS[smask] = units
    return units


def counts_table() -> dict[int, int]:
    """The rank counts (:func:`rank_counts`) whose units :func:`hand_units` remembers, for a
    hot loop that inlines it (and keeps its bound, :data:`UNITS_KEPT`)."""
    return _UNITS_BY_COUNTS


def units_table() -> dict[int, int]:
    """The hands (strength masks) whose units :func:`hand_units` remembers: a hot loop reads
    it with ``get`` first (a hit costs no call) and asks :func:`hand_units` on a miss."""
    return _UNITS


@attrs.define
class PlayedReader:
    """The cards played so far this game, read from the public history (only the new entries
    at each decision; a view of another game — different dealer, scores or opening play —
    starts afresh)."""

    key: tuple[object, ...] = ()
    read: int = 0
    played: int = 0

    def update(self, view: View) -> int:
        """The mask of every card played so far in ``view``'s game."""
        history = view.history
        key = (view.dealer, view.scores, history[:1])
        if key != self.key or len(history) < self.read:
            self.key, self.read, self.played = key, 0, 0
        played = self.played
        for move in history[self.read:]:
            action = move.action
            if action.kind == "play":
                for card in action.cards:
                    played |= card.mask
        self.played = played
        self.read = len(history)
        return self.played


def _at_least(unseen: int) -> tuple[int, int, int, int]:
    """The positions (bit ``4p``) where ``unseen`` holds at least one, two, three, four cards."""
    counts = rank_counts(unseen)
    b0 = counts & _POSITION_BITS
    b1 = counts >> 1 & _POSITION_BITS
    b2 = counts >> 2 & _POSITION_BITS
    return b0 | b1 | b2, b1 | b2, (b0 & b1) | b2, b2


def is_boss(found: int, unseen: int, rules: ClimbingRules) -> bool:
    """Whether the play whose strength mask is ``found`` (a combination under ``rules``) is a
    *boss*: no combination of the ``unseen`` cards (a strength mask, all of them as if one
    player held them) beats it the ordinary way — same type and length, higher key (bombs
    aside). The one test of "is this play unbeatable?" of every bot.

    A play's mask says what it is: one rank's cards are a set of that many, cards of several
    ranks a sequence (one card a rank) or a double sequence (two); its key is its strongest
    card. The unseen cards' ranks are read all at once as bit masks of the positions holding at
    least one, two, three or four of them (bit ``4p``), so the test is a few shifts."""
    key = found.bit_length() - 1
    if found.bit_count() == 1:
        return not unseen >> key + 1
    top, suit = key >> 2, key & 3
    above_suit = (unseen >> 4 * top & 0xF) >> suit + 1  # unseen cards of the key's rank above it
    held = _at_least(unseen)
    size = found.bit_count()
    if not found >> 4 * top + 4 and not found & ((1 << 4 * top) - 1):  # one rank: a set
        if held[size - 1] >> 4 * top + 4:  # as many cards of a higher rank
            return False
        return not (size == 2 and held[1] >> 4 * top & 1 and above_suit)
    x1, x2, x3 = found >> 1, found >> 2, found >> 3
    double = bool(((found & (x1 | x2 | x3)) | (x1 & (x2 | x3)) | (x2 & x3)) & _POSITION_BITS)
    tables = climbing_tables(rules)
    length = size // 2 if double else size
    ok = held[1 if double else 0] & (tables.dseq_positions if double else tables.seq_positions)
    ends = ok
    for step in range(1, length):  # bit 4p: the length positions ending at p all held
        ends &= ok << 4 * step
    if ends >> 4 * top + 4:  # one ending higher
        return False
    return not (ends >> 4 * top & 1 and above_suit)


#: How many (hand, unseen cards) answers of :func:`bosses_take_it_out` are kept, and how many
#: hands' unit-lowering leads.
OUTS_KEPT = 100_000


class _Endings:
    """The boss ending's tables, kept with the rules' compiled tables: ``outs``, (hand, unseen
    cards) as strength masks packed in one int (``hand << 52 | unseen``) ->
    :func:`bosses_take_it_out` of them, for hands of two units or more (a play-out asks the
    same few endings again and again, and the ending of a hand asks it of the hands its leads
    leave); ``leads``, a hand's strength mask -> its leads that lower its units, each as (its
    strength mask, the strength mask it leaves). Ints, and ints in tuples: the garbage
    collector never tracks ``outs`` and stops tracking the tuples after its first pass."""

    __slots__ = ("leads", "outs")

    def __init__(self, rules: ClimbingRules) -> None:
        self.outs: dict[int, bool] = {}
        self.leads: dict[int, tuple[tuple[int, int], ...]] = {}


def bosses_take_it_out(smask: int, unseen: int, rules: ClimbingRules) -> bool:
    """Whether the hand whose strength mask is ``smask`` goes out by leads alone: it is one
    unit (:func:`hand_units`), or it has a boss (:func:`is_boss`) against the ``unseen`` cards
    whose lead leaves fewer units that again go out so. Kept for each (hand, unseen cards),
    with each hand's unit-lowering leads kept: only the boss test reads the unseen cards, so
    the enumeration of a hand's plays, done once, serves every re-deal of a look-ahead's
    worlds. The plays are every play of the hand (the sets from the rules' tables, the
    sequences by the library), taken in any order: the answer is whether one leads it out."""
    units = hand_units(smask)
    if units <= 1:
        return True
    endings = climbing_tables(rules).derived(_Endings)
    outs = endings.outs
    key = smask << 52 | unseen
    out = outs.get(key)
    if out is not None:
        return out
    leads = endings.leads
    found = leads.get(smask)
    if found is None:
        plays = set_plays(rules).masks_of_hand(smask)
        for _, _, group in sequence_groups(rules, smask):
            plays += group
        lowering = [(play, smask & ~play) for play in plays if hand_units(smask & ~play) < units]
        if len(leads) >= OUTS_KEPT:
            leads.clear()
        found = leads[smask] = tuple(lowering)
    out = False
    for play, rest in found:
        if is_boss(play, unseen, rules) and bosses_take_it_out(rest, unseen, rules):
            out = True
            break
    if len(outs) >= OUTS_KEPT:
        outs.clear()
    outs[key] = out
    return out


#: How many plays (and hands) :class:`GreedyAgent` keeps weighed at most, per rules value.
WEIGHED_PLAYS = 20_000

#: A play weighed: the action, its strength mask, its combination, whether it is a bomb or 2s,
#: its card mask, its cost key after the units (:meth:`GreedyAgent._weigh`), its card count.
Weighed = tuple[Action, int, Combination, bool, int, int, int]


def _weighed_plays(rules: ClimbingRules) -> dict[int, Weighed]:
    """An empty table, kept with the rules' compiled tables, of play actions weighed (by the
    action's id; each entry holds its action, so the id stays its own): the same plays are
    weighed turn after turn (actions are made once and kept by the game)."""
    return {}


class GreedyAgent(Agent):
    """The greedy heuristic described in the module docstring.

    It decides the same way from a view (:meth:`choose`) and, in a search's play-outs, from
    the sampled world (:meth:`choose_in`), reading there only the seat's hand, the hands'
    sizes, the trick's top and bomb fight, and the cards played this game."""

    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        self.rules = climbing_rules(game.options)
        # the rules' compiled tables, where the weighed plays are kept (copies share them)
        self.tables = climbing_tables(self.rules)
        self.seat = seat
        self.reader = PlayedReader()

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The greedy choice."""
        return self.choose_with_reason(view, legal_actions)[0]

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]
                           ) -> tuple[Action, str]:
        """The greedy choice and why."""
        hand_mask = 0
        for card in view.hand:
            hand_mask |= card.mask
        others = [size for seat, size in enumerate(view.hand_sizes)
                  if seat != view.seat and size]
        top = view.info.get("top") or {}
        return self._decide(
            legal_actions, hand_mask, self.rules.strength_mask(view.hand),
            bool(others) and min(others) <= 2,
            lambda: (top.get("type") in ("single", "pair", "triple")
                     and top.get("cards", [""])[-1].startswith("2")),
            bool(view.info.get("bomb_fight")), lambda: self.reader.update(view), True)

    def choose_in(self, state: State, seat: int, legal_actions: Sequence[Action]) -> Action:
        """The greedy choice in a Tiến Lên game, read from the state: :meth:`choose` of the
        seat's view, without building it."""
        assert isinstance(state, TienLenState)
        hand_mask = state.hands[seat].mask
        plays = state.plays.seats[seat]
        smask = plays.smask if plays.hand_mask == hand_mask else \
            self.rules.strength_mask(state.hands[seat])
        urgent = False
        for other, hand in enumerate(state.hands):
            if other != seat and hand.mask and hand.mask.bit_count() <= 2:
                urgent = True
                break
        top = state.top

        def top_is_twos() -> bool:
            return (top is not None and top.type in _TWOS_TYPES
                    and top.cards[-1].text.startswith("2"))

        # every card played this game lies in the trick or in the tricks set aside
        return self._decide(legal_actions, hand_mask, smask, urgent, top_is_twos,
                            state.bomb_fight,
                            lambda: state.set_aside.mask | state.trick_mask, False)[0]

    def _weigh(self, action: Action) -> Weighed:
        """``(action, its strength mask, its combination, whether it is a bomb or 2s, its card
        mask, its cost key after the units, its card count)``, weighed once per rules value
        (the table is kept with the rules' compiled tables, not on the agent: copies of an
        agent share it)."""
        weighed = self.tables.derived(_weighed_plays)
        found = weighed.get(id(action))
        if found is not None and found[0] is action:
            return found
        play_mask, combo = combination_of_play(self.rules, action.cards)
        assert combo is not None  # a legal play is a combination
        strong = is_bomb(combo) or combo.key_strength >> 2 == TWO_POSITION
        count = len(action.cards)
        # the cost key after the units, (strong, -cards, key strength), packed in one int
        tail = strong << 10 | (15 - count) << 6 | combo.key_strength
        found = (action, play_mask, combo, strong, card_mask(action.cards), tail, count)
        if len(weighed) >= WEIGHED_PLAYS:
            weighed.clear()
        weighed[id(action)] = found
        return found

    def _decide(self, legal_actions: Sequence[Action], hand_mask: int, smask: int,
                urgent: bool, top_is_twos: Callable[[], bool], bomb_fight: bool,
                played: Callable[[], int], explain: bool) -> tuple[Action, str]:
        """The greedy choice from what the seat sees: its hand (card and strength masks),
        whether an opponent is down to two cards or fewer, whether the top is 2s, the bomb
        fight and (asked only near the end of a lead) the cards played this game."""
        hand_size = hand_mask.bit_count()
        plays = [a for a in legal_actions if a.kind == "play"]
        can_pass = len(plays) < len(legal_actions)
        if not plays:
            return legal_actions[0], "nothing beats the top"
        units_now = _UNITS.get(smask)
        if units_now is None:
            units_now = hand_units(smask)
        weigh = self._weigh
        known = self.tables.derived(_weighed_plays).get
        units_of = _UNITS.get
        # the cost of a play, (units left, strong, -cards, key strength), packed in one int:
        # units above the tail's 11 bits
        best_cost = -1
        best = best_combo = None
        for action in plays:
            found = known(id(action))
            if found is None or found[0] is not action:
                found = weigh(action)
            if found[6] == hand_size:  # the first play of every card left
                return action, "plays its last cards and goes out"
            rest = smask & ~found[1]
            units = units_of(rest)
            if units is None:
                units = hand_units(rest)
            cost = units << 11 | found[5]
            if best_cost < 0 or cost < best_cost:
                best_cost, best, best_combo = cost, action, found[2]
        assert best is not None and best_combo is not None
        if not can_pass:
            return self._lead(plays, hand_mask, smask, units_now, best, best_combo, played,
                              explain)
        units_after, strong = best_cost >> 11, bool(best_cost >> 10 & 1)
        if is_bomb(best_combo) and (bomb_fight or top_is_twos()):
            return best, "chops the 2s with a bomb"
        if strong and not (urgent or units_after <= 2):
            return legal_actions[-1], "keeps its 2s and bombs for later"
        if units_after >= units_now and not urgent:
            return legal_actions[-1], "would have to break up a combination; passes"
        if not explain:
            return best, ""
        why = "an opponent is close to going out" if urgent else "sheds a whole unit"
        return best, f"follows with its weakest sufficient play ({why})"

    def _lead(self, plays: Sequence[Action], mine: int, smask: int, units_now: int,
              best: Action, best_combo: Combination, played: Callable[[], int],
              explain: bool) -> tuple[Action, str]:
        rules = self.rules
        if 2 <= units_now <= BOSS_UNITS:
            unseen = rules.strength_mask(CardSet.from_mask(_DECK_MASK & ~mine & ~played()))
            weighed = [self._weigh(action) for action in plays]
            weighed.sort(key=lambda item: item[1])  # stable: as sorting the plays by mask
            for action, play_mask, _, _, _, _, _ in weighed:
                rest = smask & ~play_mask
                if hand_units(rest) >= units_now or not is_boss(play_mask, unseen, rules):
                    continue
                out = bosses_take_it_out(rest, unseen, rules)
                if out:
                    return action, ("leads a play nobody can beat, then the rest, and goes "
                                    "out (counting the cards played)")
        if not explain:
            return best, ""
        return best, f"leads its weakest useful play ({best_combo.type.value})"


def greedy_agent(game: Game, seat: int, seed: int) -> Agent:
    """The ``greedy`` agent factory."""
    return GreedyAgent(game, seat, seed)
