"""Tiến Lên's fast strong player, ``hard``: every legal move scored by a linear model of what it
leaves (:data:`MOVE_FEATURES`), fitted to play-outs (:mod:`cardkit_games.tien_len.bots.training`).

What decides a game of Tiến Lên is the *partition* of the hand into plays and who holds the
lead. A hand goes out in as many tricks as it has units (:func:`~cardkit_games.tien_len.bots.agents.
hand_units`: sequences where they absorb single cards, then a unit per rank), but only the
tricks it wins let it lead again: a unit nobody can beat (a *boss*: no unseen cards make a
stronger play of its kind) wins its trick and gives the lead back, a low single is led only
once the lead is won. So the model reads, for the hand a move leaves, its units, its single
and low single units, its bosses and controls (2s, bombs), and whether its bosses alone take
it out; for the move itself, what it sheds, whether it spends a 2 or a bomb, whether it is a
boss (it wins the trick unless bombed), how strong it is, and whether it is a pass; and the
table around it: whether an opponent is down to one or two cards (then a pass may hand it the
game) and whether the player on top is.

Another move replaces the base agent's (:class:`BaseAgent`: greedy leading from the bottom)
only when the model values it more than the base move by more than a margin, fitted with the
weights to what such changes gained on held-out play-outs (a linear model's top pick among
many moves is the one it overrates most, so a small predicted gain is often none). With every
weight zero (the untrained start) the agent plays exactly as the base agent.

Where the model's best moves come within a few hundredths of a place point of each other, its
ranking says little, and the ``hard`` the game offers settles those decisions by a small
look-ahead (:mod:`cardkit_games.tien_len.bots.lookahead`): the close moves played out in the same
few re-deals of the hidden cards, a budget counted in play-outs and moves, never in time. The
model reads only its view (its hand, the public history of plays, the hand sizes and the
trick) and uses no randomness; the look-ahead's re-deals come from the runner's sampler (built
from the view alone) and a generator seeded by the agent's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import mul
from typing import TYPE_CHECKING, NamedTuple

from cardkit_games.tien_len.bots import weights as trained
from cardkit_games.tien_len.bots.agents import (
    SET_SIZES,
    GreedyAgent,
    PlayedReader,
    bosses_take_it_out,
    hand_units,
    plan_sequences,
    rank_counts,
)
from cardkit_games.tien_len.bots.lookahead import (
    CLOSE,
    MARGIN,
    MAX_MOVES,
    MAX_PLAYOUTS,
    MAX_STEPS,
    PLAYOUTS,
    STEPS,
    Lookahead,
)
from cardkit_games.tien_len.rules import TWO_POSITION, climbing_rules
from cardkit_games.tien_len.state import TienLenState
from cardkit_games.tien_len.tracker import combination_of_play

from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import STANDARD_CARDS, CardSet
from cardkit.climbing import ClimbingRules, Combination, ComboType, climbing_tables
from cardkit.deck import derive_seed
from cardkit.game import Game
from cardkit.search import confidence_words, nearest_table, policy_chooser
from cardkit.views import View

if TYPE_CHECKING:
    from cardkit.search import Sampler
    from cardkit.state import State

__all__ = ["MOVE_FEATURES", "ROLLOUTS", "BaseAgent", "HardAgent", "Partition",
           "hard_agent", "move_features",
           "move_score", "partition", "play_features", "table_features", "untrained_weights",
           "weights_for"]

#: Who plays the seat in the look-ahead's play-outs: the base agent, or the move model itself.
ROLLOUTS = ("base", "model")
#: The model is the stronger roll-out (docs/agents.md) but 1.5 to 1.9 times the decision's
#: cost, over ``hard``'s worst-case clock on its costliest positions: the base agent for now.
ROLLOUT = "base"
_DECK_MASK = sum(card.mask for card in STANDARD_CARDS)
_POSITIONS = 13
_POSITION_BITS = int("1" * _POSITIONS, 16)  # bit 4p of every rank position p
_BELOW_TWOS = int("1" * TWO_POSITION, 16)  # bit 4p of the rank positions 3 … A
#: Rank positions counted as "low" for a single unit (3 to 8).
LOW_POSITION = 5

MOVE_FEATURES = (
    "pass", "units", "single units", "low single units", "boss units", "controls",
    "cards/13", "shed", "twos spent", "bomb spent", "boss play", "play strength",
    "lead x strength", "urgent x pass", "urgent x boss play", "urgent x strength",
    "units<=2", "bosses take it out", "next urgent x pass", "winning hand",
    "top player urgent x pass", "boss play x units", "lead x single", "lead x shed",
    "base move", "lead x holds lowest", "lead x lowest card", "follow x strength",
    "passers x pass",
)


def untrained_weights() -> dict[str, tuple[float, ...]]:
    """The move model at zero (and no margin): the agent then plays as the base agent."""
    return {"move": (0.0,) * len(MOVE_FEATURES), "margin": (0.0,)}


def weights_for(players: int) -> dict[str, tuple[float, ...]]:
    """The shipped table for ``players`` (:mod:`cardkit_games.tien_len.bots.weights`): its own, the
    nearest player count's, or the untrained one."""
    return dict(nearest_table(trained.TABLES, players, untrained_weights))


class Partition(NamedTuple):
    """A hand's plan as :func:`hand_units` makes it: ``sequences`` as (low, high) rank
    positions, and ``counts``, the cards left at each rank position after them (each rank with
    cards is one more unit).

    The cache keeps a plan as a plain tuple of tuples of ints, which the garbage collector
    stops tracking after its first pass, so many thousands of cached plans add nothing to its
    full passes (kept as objects, they made those passes grow past 100 ms, landing on
    decisions)."""

    sequences: tuple[tuple[int, int], ...]
    counts: tuple[int, ...]

    @property
    def units(self) -> int:
        """Plays the plan needs."""
        return len(self.sequences) + sum(1 for count in self.counts if count)


_PARTITIONS: dict[int, tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {}


def partition(smask: int) -> Partition:
    """The :func:`hand_units` plan of a strength mask (sequences taken where they absorb the
    most single cards, never through the 2s), kept in a bounded cache by the cards at each
    rank (the plan reads nothing else, so hands alike but for suits share it)."""
    counts = rank_counts(smask)
    found = _PARTITIONS.get(counts)
    if found is not None:
        return Partition(*found)
    found = plan_sequences(smask)
    if len(_PARTITIONS) > 200_000:
        _PARTITIONS.clear()
    _PARTITIONS[counts] = found
    return Partition(*found)


def _set_is_boss(position: int, size: int, top_suit: int, unseen: int) -> bool:
    """No set of ``size`` unseen cards beats a set of ``size`` at ``position`` whose highest
    suit is ``top_suit`` (bombs aside)."""
    for p in range(position + 1, _POSITIONS):
        if (unseen >> 4 * p & 0xF).bit_count() >= size:
            return False
    if size == 1:
        return not (unseen >> 4 * position & 0xF) >> (top_suit + 1)
    if size == 2:
        nibble = unseen >> 4 * position & 0xF
        return not (nibble.bit_count() >= 2 and nibble >> (top_suit + 1))
    return True


def _sequence_is_boss(low: int, high: int, unseen: int) -> bool:
    """No unseen sequence as long beats the sequence ``low``..``high`` (its top card taken as
    the highest suit it may hold: a cautious reading): no run of as many ranks below the 2s
    holding unseen cards starts above ``low`` (read on masks of the rank positions)."""
    held = unseen | unseen >> 1 | unseen >> 2 | unseen >> 3
    held &= _BELOW_TWOS
    runs = held  # bit 4s: the ranks s .. s + length - 1 all hold unseen cards
    for step in range(1, high - low + 1):
        runs &= held >> 4 * step
    return not runs >> 4 * low + 4


def _hand_reading(smask: int, unseen: int) -> tuple[int, int, int, int, int]:
    """(units, single units, low single units, boss units, controls) of a strength mask.

    A set of the plan is a boss as :func:`_set_is_boss` says, read here on masks of the rank
    positions (a play-out's model seat asks this of every move it weighs): a single when no
    unseen card is stronger, a pair or triple when no higher rank holds as many unseen cards
    (and, for a pair, no unseen pair at its rank holds a higher suit)."""
    found = _PARTITIONS.get(rank_counts(smask))
    sequences, counts = found if found is not None else partition(smask)
    unseen_counts = rank_counts(unseen)
    two_up = (unseen_counts >> 1 | unseen_counts >> 2) & _POSITION_BITS  # two unseen or more
    three_up = (unseen_counts & unseen_counts >> 1 | unseen_counts >> 2) & _POSITION_BITS
    units = len(sequences)
    singles = low = bosses = 0
    shift = -4
    for count in counts:
        shift += 4
        if not count:
            continue
        units += 1
        # the plan's cards at this rank are its strongest ones when a sequence took some
        if count == 1:
            singles += 1
            if shift <= 4 * LOW_POSITION:
                low += 1
            if not unseen >> shift + (smask >> shift & 0xF).bit_length():
                bosses += 1
        elif count == 2:
            if not two_up >> shift + 4:
                nibble = unseen >> shift & 0xF
                if not (nibble.bit_count() >= 2
                        and nibble >> (smask >> shift & 0xF).bit_length()):
                    bosses += 1
        elif count == 3 and not three_up >> shift + 4:
            bosses += 1
    for low_p, high_p in sequences:
        if _sequence_is_boss(low_p, high_p, unseen):
            bosses += 1
    twos = (smask >> 4 * TWO_POSITION & 0xF).bit_count()
    quads = (smask & smask >> 1 & smask >> 2 & smask >> 3 & _POSITION_BITS).bit_count()
    return units, singles, low, bosses, twos + quads


def _play_is_boss(kind: ComboType, key_strength: int, length: int, unseen: int) -> bool:
    """Whether the play of ``kind``, key and ``length`` wins its trick but for bombs: no unseen
    play of its kind beats it (a sequence read cautiously, :func:`_sequence_is_boss`)."""
    top = key_strength >> 2
    suit = key_strength & 3
    if kind is ComboType.SINGLE:
        return not unseen >> (key_strength + 1)
    size = SET_SIZES.get(kind)
    if size is not None:
        return _set_is_boss(top, size, suit, unseen)
    if kind is ComboType.SEQUENCE:
        return _sequence_is_boss(top - length + 1, top, unseen)
    return True  # a double sequence: a bomb, seldom beaten


def move_features(action: Action, smask: int, unseen: int, rules: ClimbingRules,
                  leading: bool, urgent: bool, next_urgent: bool, top_urgent: bool,
                  base: bool, passers: int) -> list[float]:
    """The move model's features (:data:`MOVE_FEATURES`) of ``action`` from a hand whose
    strength mask is ``smask``, with ``unseen`` the strength mask of the cards not seen;
    ``base`` says whether it is the base agent's move, ``passers`` how many players have passed
    in this trick."""
    if action.kind == "pass":
        return play_features(0, None, 0, smask, unseen, rules, leading, urgent, next_urgent,
                             top_urgent, base, passers)
    play_mask, combo = combination_of_play(rules, action.cards)
    assert combo is not None  # a legal play is a combination
    return play_features(play_mask, combo.type, combo.length, smask, unseen, rules, leading,
                         urgent, next_urgent, top_urgent, base, passers)


def play_features(play_mask: int, kind: ComboType | None, length: int, smask: int,
                  unseen: int, rules: ClimbingRules, leading: bool, urgent: bool,
                  next_urgent: bool, top_urgent: bool, base: bool, passers: int
                  ) -> list[float]:
    """:func:`move_features` of the play whose strength mask is ``play_mask``, of combination
    type ``kind`` and ``length`` (a pass: 0, None and 0), for a caller that holds the move as a
    mask (a play-out's loop, :mod:`cardkit_games.tien_len.bots.playout`): both paths read the
    features here, so they give the same numbers. A play's key is its strongest card."""
    lowest = smask & -smask
    if kind is None:
        after = smask
        is_pass, shed, twos, bomb, boss, strength, single = 1.0, 0, 0, 0.0, 0.0, 0.0, 0.0
    else:
        after = smask & ~play_mask
        is_pass = 0.0
        shed = play_mask.bit_count()
        twos = (play_mask >> 4 * TWO_POSITION & 0xF).bit_count()
        key = play_mask.bit_length() - 1
        bomb = float(kind is ComboType.QUAD or kind is ComboType.DOUBLE_SEQUENCE)  # is_bomb
        boss = float(_play_is_boss(kind, key, length, unseen))
        strength = key / 51
        single = float(kind is ComboType.SINGLE)
    readings = climbing_tables(rules).derived(_readings_table)
    reading = readings.get(after << 52 | unseen)
    if reading is None:
        units, singles, low, bosses, controls = _hand_reading(after, unseen)
        out = 0.0
        if units <= 1:  # one play takes it out (bosses_take_it_out's first answer)
            out = 1.0
        elif units <= 3:
            out = float(bosses_take_it_out(after, unseen, rules))
        if len(readings) >= READINGS_KEPT:
            readings.clear()
        readings[after << 52 | unseen] = (units | singles << 4 | low << 8 | bosses << 12
                                          | controls << 16 | int(out) << 20)
    else:
        units, singles, low, bosses = (reading & 15, reading >> 4 & 15, reading >> 8 & 15,
                                       reading >> 12 & 15)
        controls, out = reading >> 16 & 15, float(reading >> 20)
    cards = after.bit_count()
    lead = float(leading)
    urgency = float(urgent)
    play_low = (play_mask & -play_mask).bit_length() - 1
    follow = (1.0 - lead) * (1.0 - is_pass)
    return [is_pass, units, singles, low, bosses, controls, cards / 13, shed, twos, bomb, boss,
            strength, lead * strength, urgency * is_pass, urgency * boss, urgency * strength,
            float(units <= 2), out, float(next_urgent) * is_pass,
            float(bosses >= units - 1), float(top_urgent) * is_pass, boss * units,
            lead * single, lead * shed, float(base), lead * bool(play_mask & lowest),
            lead * max(play_low, 0) / 51, follow * strength, passers * is_pass]


def table_features(seat: int, sizes: Sequence[int], top_player: int | None
                   ) -> tuple[bool, bool, bool]:
    """What the table tells the move model (:func:`move_features`): whether an opponent is
    down to two cards or fewer, whether the next seat with cards (in seat order) is, and
    whether the player on top of the trick (another seat) is."""
    players = len(sizes)
    others = [size for other, size in enumerate(sizes) if other != seat and size]
    urgent = bool(others) and min(others) <= 2
    following = [(seat + step) % players for step in range(1, players)]
    next_seat = next((s for s in following if sizes[s]), None)
    next_urgent = next_seat is not None and sizes[next_seat] <= 2
    top_urgent = top_player is not None and top_player != seat and \
        0 < sizes[top_player] <= 2
    return urgent, next_urgent, top_urgent


def move_score(weights: Sequence[float], features: Sequence[float]) -> float:
    """The move model's value of a move from its features (place points, up to a constant)."""
    # the products summed in order, as a generator over zip would (map is a third faster)
    return sum(map(mul, weights, features))


#: How many (hand, unseen cards) readings of a hand a move leaves the model keeps: the moves
#: of a decision and the re-deals of a look-ahead leave the same hands again and again.
READINGS_KEPT = 100_000


def _readings_table(rules: ClimbingRules) -> dict[int, int]:
    """An empty table, kept with the rules' compiled tables, of (hand, unseen cards) as
    strength masks, packed in one int (``hand << 52 | unseen``) -> the hand's reading by
    :func:`play_features` (units, single units, low single units, boss units, controls, and
    1 where its bosses lead it out, 4 bits each from the lowest). Ints alone: the garbage
    collector never tracks the table, so its size adds nothing to a full pass (tuples would
    have it walk every entry)."""
    return {}


class BaseAgent(GreedyAgent):
    """The greedy agent leading from the bottom: with the lead and no opponent down to two
    cards, it leads the play (among those that shed a whole unit, no 2s, no bomb) holding its
    lowest card, the longest such play first, rather than the play that sheds the most cards.
    A low card can only ever be shed on a lead (nobody follows a play with a lower card), so
    every lead spent on something else leaves it for later, when the lead may be lost; on
    duplicate deals against three greedy agents this one change finishes first in 28.7 % of
    the games (fair: 25 %). Its counted endgame (bosses that take it out) is greedy's."""

    name = "base"
    #: whether an opponent is down to two cards or fewer, as the current decision saw it
    _urgent = False

    def _decide(self, legal_actions: Sequence[Action], hand_mask: int, smask: int,
                urgent: bool, top_is_twos: Callable[[], bool], bomb_fight: bool,
                played: Callable[[], int], explain: bool) -> tuple[Action, str]:
        # the lead below needs the urgency, which greedy's lead is not given
        self._urgent = urgent
        return super()._decide(legal_actions, hand_mask, smask, urgent, top_is_twos,
                               bomb_fight, played, explain)

    def _lead(self, plays: Sequence[Action], mine: int, smask: int, units_now: int,
              best: Action, best_combo: Combination, played: Callable[[], int],
              explain: bool) -> tuple[Action, str]:
        action, why = super()._lead(plays, mine, smask, units_now, best, best_combo, played,
                                    explain)
        if why.startswith("leads a play nobody can beat") or self._urgent:
            return action, why  # greedy's counted endgame found a way out, or no time to wait
        chosen: tuple[int, int, Action] | None = None
        for play in plays:
            _, play_mask, _, strong, _, _, count = self._weigh(play)
            if strong or hand_units(smask & ~play_mask) >= units_now:
                continue
            key = ((play_mask & -play_mask).bit_length(), -count)
            if chosen is None or key < chosen[:2]:
                chosen = (key[0], key[1], play)
        if chosen is None:
            return action, why
        return chosen[2], ("leads its lowest card, in the longest play that holds it"
                           if explain else "")


class HardAgent(Agent):
    """Tiến Lên's ``hard`` rung (see the module docstring).

    ``lookahead`` (on in the ``hard`` the game offers, :func:`hard_agent`; off by default
    here, so that the trainers' agents are the models alone) lets a runner that offers
    samples of the hidden cards (:func:`cardkit.agents.choose_action`) settle the decisions
    where the model's best moves are close by a few paired play-outs
    (:mod:`cardkit_games.tien_len.bots.lookahead`); without samples, or with it off, the model
    decides alone. ``close``, ``playouts``, ``steps`` and
    ``margin`` are the look-ahead's budget (its module's defaults); ``rollout`` says who plays
    this seat in its play-outs: the base agent (``"base"``) or the model (``"model"``)."""

    name = "hard"
    #: Tiến Lên has no belief: the re-deals are uniform
    uses_belief = False

    def __init__(self, game: Game, seat: int, seed: int, *,
                 weights: Mapping[str, Sequence[float]] | None = None,
                 lookahead: bool = False, close: float = CLOSE, playouts: int = PLAYOUTS,
                 steps: int = STEPS, margin: float = MARGIN, rollout: str = ROLLOUT) -> None:
        self.seat = seat
        self.rules = climbing_rules(game.options)
        self.greedy = BaseAgent(game, seat, seed)
        self.reader = PlayedReader()
        self.weights = dict(weights if weights is not None else weights_for(game.players))
        # how much more than the base move the model must value another move to play it
        self.margin = float(self.weights.get("margin", (0.0,))[0])
        #: the look-ahead's re-deals come from this generator, so a seed fixes every move
        self.rng = random.Random(derive_seed(seed, "hard lookahead"))
        self.close = close
        self.lookahead: Lookahead | None = None
        if lookahead and playouts > 0:
            # the play-outs: this seat as the base agent (or the model itself, which the game's
            # play-out loop plays on masks too), the others greedy, each read from the sampled
            # world itself (their choose_in, checked to equal choose of the view)
            own: Agent = HardAgent(game, seat, seed, weights=self.weights) \
                if rollout == "model" else BaseAgent(game, seat, seed)
            policies: list[Agent] = [own if s == seat else GreedyAgent(game, s, seed)
                                     for s in range(game.players)]
            self.lookahead = Lookahead(
                seat, [policy_chooser(policy) for policy in policies],
                game.options["placement_points"], playouts=playouts, steps=steps,
                margin=margin, max_actions=game.definition.max_actions)

    def options(self, view: View, legal: Sequence[Action],
                base: Action | None = None) -> list[list[float]]:
        """The move model's features of each legal move (:func:`move_features`); ``base`` is
        the base agent's move when the caller has it already."""
        mine = 0
        for card in view.hand:
            mine |= card.mask
        if base is None:
            base = self.greedy.choose(view, legal)
        return self._features(legal, base, view.seat, mine, self.reader.update(view),
                              view.hand_sizes, view.info.get("top_player"),
                              view.phase == "lead", len(view.info.get("passed_players", ())))

    def _features(self, legal: Sequence[Action], base: Action, seat: int, mine: int,
                  played: int, sizes: Sequence[int], top_player: int | None, leading: bool,
                  passers: int) -> list[list[float]]:
        """:meth:`options` from what the seat sees: its hand's card mask, the cards played
        this game, the hands' sizes, who is on top, whether it leads, how many passed."""
        rules = self.rules
        unseen = rules.strength_mask(CardSet.from_mask(_DECK_MASK & ~mine & ~played))
        smask = rules.strength_mask(CardSet.from_mask(mine))
        urgent, next_urgent, top_urgent = table_features(seat, sizes, top_player)
        return [move_features(action, smask, unseen, rules, leading, urgent, next_urgent,
                              top_urgent, action == base, passers) for action in legal]

    def choose_in(self, state: State, seat: int, legal_actions: Sequence[Action]) -> Action:
        """The model's move in a Tiến Lên game, read from the state (a play-out's world):
        :meth:`choose` of the seat's view, without building it, reading only what the view
        holds (the seat's hand, the cards played, the hands' sizes, the trick). The
        look-ahead plays the seat by it (``rollout="model"``)."""
        assert isinstance(state, TienLenState)
        legal = legal_actions
        base = self.greedy.choose_in(state, seat, legal)
        if len(legal) == 1 or not any(self.weights["move"]):
            return base
        mine = state.hands[seat].mask
        size = mine.bit_count()
        for action in legal:  # going out ends the game for this seat: always best
            if action.kind == "play" and len(action.cards) == size:
                return action
        features = self._features(
            legal, base, seat, mine, state.set_aside.mask | state.trick_mask,
            [hand.mask.bit_count() for hand in state.hands], state.last_player,
            state.phase == "lead", state.passed.bit_count())
        weights = self.weights["move"]
        scores = [move_score(weights, row) for row in features]
        best, gain = _favourite(legal, scores, base)
        return base if best == base or gain <= self.margin else best

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The move."""
        return self.choose_with_reason(view, legal_actions)[0]

    def scores(self, view: View, legal: Sequence[Action],
               base: Action | None = None) -> list[float]:
        """The model's value of each legal move (place points, up to a constant)."""
        weights = self.weights["move"]
        return [move_score(weights, features) for features in self.options(view, legal, base)]

    def advantage(self, view: View, legal: Sequence[Action],
                  base: Action | None = None) -> tuple[Action, Action, float]:
        """The base agent's move (``base`` when the caller has it), the move the model values
        most (the base move wins a tie) and how much more the model values it than the base
        move (0 when they are the same)."""
        if base is None:
            base = self.greedy.choose(view, legal)
        return (base, *_favourite(legal, self.scores(view, legal, base), base))

    def choose_with_reason(self, view: View,
                           legal_actions: Sequence[Action]) -> tuple[Action, str]:
        """The move the model values most when it beats the base move by more than the
        margin (else the base move), and why."""
        return self._model_move(view, legal_actions)[:2]

    def _model_move(self, view: View, legal: Sequence[Action]
                    ) -> tuple[Action, str, list[float] | None]:
        """The model's move, why, and the scores it came from (None where the model was not
        asked: a forced move, an untrained model, a way out)."""
        base, why = self.greedy.choose_with_reason(view, legal)
        if len(legal) == 1 or not any(self.weights["move"]):
            return base, why, None
        for action in legal:  # going out ends the game for this seat: always best
            if action.kind == "play" and len(action.cards) == len(view.hand):
                return action, "plays its last cards and goes out", None
        scores = self.scores(view, legal, base)
        best, gain = _favourite(legal, scores, base)
        if best == base or gain <= self.margin:
            return base, why, scores
        return best, "the play that leaves the hand best placed (a model fitted to play-outs)", \
            scores

    def choose_with_samples(self, view: View, legal_actions: Sequence[Action],
                            sampler: Sampler) -> tuple[Action, str]:
        """The model's move, unless its best moves are close: then the one that did best in a
        few paired play-outs of sampled worlds (:mod:`cardkit_games.tien_len.bots.lookahead`)."""
        move, why, scores = self._model_move(view, legal_actions)
        if scores is None or self.lookahead is None:
            return move, why
        top = scores[legal_actions.index(move)]
        ranked = sorted((-score, index) for index, score in enumerate(scores)
                        if legal_actions[index] != move and score >= top - self.close)
        others = [legal_actions[index] for _, index in ranked[:MAX_MOVES - 1]]
        if not others:
            return move, why
        chosen, gain, stderr, worlds = self.lookahead.best(move, others, sampler)
        if chosen == move:
            return move, (f"{why}; the close alternatives did no better over {worlds} sampled "
                          f"deals")
        # in words that fit the sample, never a bare figure from a handful of deals
        return chosen, (f"a look-ahead over the close moves: "
                        f"{confidence_words(gain, stderr, worlds, str(move), 'place points')}")


def _favourite(legal: Sequence[Action], scores: Sequence[float], base: Action
               ) -> tuple[Action, float]:
    """The move of best score (``base`` wins a tie) and how much it scores above ``base``."""
    base_score = scores[legal.index(base)]
    best_score, _, best = max(zip(scores, [a == base for a in legal], legal, strict=True),
                              key=lambda item: (item[0], item[1]))
    return best, best_score - base_score


def hard_agent(game: Game, seat: int, seed: int, *, close: float = CLOSE,
               playouts: int = PLAYOUTS, steps: int = STEPS, margin: float = MARGIN,
               rollout: str = ROLLOUT) -> Agent:
    """Factory for Tiến Lên's ``hard`` agent; the look-ahead's budget is validated here
    (``playouts=0`` turns it off: the model alone)."""
    for label, value in (("close", close), ("margin", margin)):
        if not (isinstance(value, int | float) and not isinstance(value, bool) and value >= 0):
            raise ValueError(f"{label} must be a number of at least 0, not {value!r}")
    for label, count in (("playouts", playouts), ("steps", steps)):
        if not (isinstance(count, int) and not isinstance(count, bool) and count >= 0):
            raise ValueError(f"{label} must be a whole number of at least 0, not {count!r}")
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
    if playouts > MAX_PLAYOUTS or steps > MAX_STEPS:
        # a larger budget would break hard's promise of a decision in a fraction of a second
        raise ValueError(f"hard plays at most {MAX_PLAYOUTS} play-outs and {MAX_STEPS} steps "
                         f"a decision (expert searches longer)")
    return HardAgent(game, seat, seed, lookahead=True, close=float(close), playouts=playouts,
                     steps=steps, margin=float(margin), rollout=rollout)
