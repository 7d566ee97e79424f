"""Every installed game as an OpenSpiel game (a registered Python ``pyspiel.Game``).

>>> from cardkit.adapters.openspiel import load_game
>>> game = load_game("gin-rummy", players=2)
>>> game.num_players(), game.get_type().short_name
(2, 'cardkit_gin_rummy')

How the game is cast (after OpenSpiel's own Python games, e.g. ``kuhn_poker``):

- **chance**: the deal. The first ``deck size`` moves are chance moves, each putting the next
  card of the deck (top first) uniformly among the cards not yet placed; the hand then starts
  from that stacked deck (with seed 0, so a game's later reshuffles are a function of the
  state, not hidden chance). Outcome ``i`` is the ``i``-th card of the deck in card order.
- **actions**: the game's action catalogue (:mod:`cardkit.encoding`).
- **information**: imperfect. ``observation_string`` is the seat's view as the play screen
  shows it and ``observation_tensor`` its encoding; ``information_state_string`` is perfect
  recall: the seat's hand after the deal, then each public move with the seat's hand after it
  whenever the hand changed.
- **returns**: each seat's payoff at the end of the hand (zero-sum or general-sum as the game
  declares). A hand that reaches the game's ``max_actions`` ends with all returns zero.
- **resampling**: ``resample_from_infostate(p)`` samples a whole world the seat could be in:
  the cards ``p`` has never seen (neither in its hand nor face up, at any point of the hand)
  change places at random in the deal, and the hand is dealt again and replayed move by move,
  so every seat's information state and observation describe that world (a re-dealt seat
  remembers its new hand, not the real one) and it equals a state built afresh from the same
  deal and moves. A permuted deal under which a move would no longer be legal (a hidden card
  that made it so) is refused and another drawn. OpenSpiel's ISMCTS
  (``open_spiel.python.algorithms.ismcts``) plays with it. The C++ ``pyspiel.ISMCTSBot``
  cannot: its bridge to Python states does not forward ``ResampleFromInfostate``
  (docs/research.md).
- **serialization**: the move history, as for every OpenSpiel game; ``pyspiel.load_game`` on
  the short name ``cardkit_<game>`` with parameters ``players`` and ``options`` (JSON) gives
  the same game back.
"""

from __future__ import annotations

import ctypes
import json
import random
import sys
from typing import Any

import numpy as np
import pyspiel

from cardkit.engine.game import Game
from cardkit.engine.records import HandRecord
from cardkit.engine.registry import available_games
from cardkit.engine.registry import load_game as load_cardkit_game
from cardkit.engine.state import State
from cardkit.frontends.adapters.common import configured, view_text
from cardkit.services.encoding import GameEncoding, encoding_for
from cardkit.values.actions import Action
from cardkit.values.cards import Card, card_mask, format_cards
from cardkit.values.errors import IllegalAction

__all__ = ["CardkitSpielGame", "CardkitSpielState", "load_game", "register_all"]

#: The bound on one hand's payoff declared to OpenSpiel (its ``GameInfo`` wants one; no
#: game here pays that much in a hand).
UTILITY_BOUND = 1000.0
#: How many permuted deals ``resample_from_infostate`` tries before it gives up.
MAX_RESAMPLE_TRIES = 200


def short_name(game_name: str) -> str:
    """The OpenSpiel short name of a cardkit game: ``cardkit_gin_rummy``."""
    return "cardkit_" + game_name.replace("-", "_")


def _game_type(game: Game) -> pyspiel.GameType:
    utility = (pyspiel.GameType.Utility.ZERO_SUM if game.definition.zero_sum
               else pyspiel.GameType.Utility.GENERAL_SUM)
    counts = game.definition.player_counts
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"cardkit {game.definition.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.definition.default_players, "options": ""},
    )


def _write_options(game: Game) -> str:
    """The options that differ from their defaults, as ``name:json;name:json`` (OpenSpiel's
    game strings cannot hold commas, so not JSON as a whole)."""
    defaults = game.definition.options.resolve(game.players, {}, None, game=game.name)
    return ";".join(f"{name}:{json.dumps(value)}" for name, value in sorted(game.options.items())
                    if defaults.get(name) != value)


def _read_options(text: str) -> dict[str, Any]:
    """Inverse of :func:`_write_options`; ``ValueError`` naming a malformed entry."""
    options: dict[str, Any] = {}
    for entry in filter(None, text.split(";")):
        name, colon, value = entry.partition(":")
        try:
            if not colon:
                raise ValueError
            options[name.strip()] = json.loads(value)
        except ValueError:
            raise ValueError(f"option entry {entry!r} is not name:value") from None
    return options


class CardkitSpielGame(pyspiel.Game):
    """A configured cardkit game as seen by OpenSpiel."""

    def __init__(self, params: dict[str, Any] | None = None, *,
                 name: str | None = None) -> None:
        params = dict(params or {})
        if name is None:
            name = params.pop("game")
        players = int(params.get("players", 0)) or None
        options = _read_options(params.get("options", ""))
        game = load_cardkit_game(name, players=players, **options)
        deck = tuple(sorted(game.deck_spec.cards, key=lambda card: card.index))
        self._parts = (game, encoding_for(game), deck)
        info = pyspiel.GameInfo(
            num_distinct_actions=self._parts[1].actions.size,
            max_chance_outcomes=len(deck),
            num_players=game.players,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=0.0 if game.definition.zero_sum else None,
            max_game_length=len(self.deck) + game.definition.max_actions,
        )
        super().__init__(_game_type(game), info,
                         {"players": game.players, "options": _write_options(game)})

    @property
    def cardkit_game(self) -> Game:
        """The configured cardkit game."""
        return self._parts[0]

    @property
    def encoding(self) -> GameEncoding:
        """The game's encoding."""
        return self._parts[1]

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck in card order (chance outcome ``i`` places ``deck[i]``)."""
        return self._parts[2]

    @property
    def everything(self) -> int:
        """The mask of every card of the deck."""
        return card_mask(self._parts[2])

    def new_initial_state(self) -> CardkitSpielState:
        """The state before the deal."""
        return CardkitSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> CardkitObserver:
        """The observer of a seat: its view (or, with perfect recall, its information
        state)."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return CardkitObserver(self, perfect_recall)


#: Each game object by its string: a state finds its game here (OpenSpiel copies a state by
#: copying its attributes, so a state keeps only the string).
_GAMES: dict[str, CardkitSpielGame] = {}


class _HandBox:
    """A state's cardkit hand, boxed so that OpenSpiel can copy and serialize it: a copy
    clones the hand; pickling (OpenSpiel's serialization of a Python state) writes the hand's
    record -- deal and moves -- and reading it back replays the record."""

    __slots__ = ("hand",)

    def __init__(self, hand: State) -> None:
        self.hand = hand

    def __deepcopy__(self, memo: dict[int, Any]) -> _HandBox:
        return _HandBox(self.hand.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_replayed, (self.hand.record().to_json(),))


def _replayed(record: str) -> _HandBox:
    """A box holding the hand a record replays to (see :class:`_HandBox`)."""
    return _HandBox(HandRecord.from_dict(json.loads(record)).replay())


class CardkitSpielState(pyspiel.State):
    """A hand in progress: the deal (chance), then the cardkit state."""

    def __init__(self, game: CardkitSpielGame) -> None:
        super().__init__(game)
        self._key = str(game)  # copies made by OpenSpiel keep only plain attributes
        _GAMES[self._key] = game
        self._order: list[int] = []  # deck positions placed so far, top first
        self._box: _HandBox | None = None
        self._recall: list[list[str]] = [[] for _ in range(game.cardkit_game.players)]
        #: per seat, the mask of every card it has seen so far in the hand
        self._seen: list[int] = [0] * game.cardkit_game.players
        #: per seat, its hand after the last move (what the next move's recall compares with)
        self._hands: list[Any] = []
        self._moves: list[Action] = []  # the players' moves so far, as played
        # a replay's next move: a catalogue number may stand for another move in another world
        # (Tiến Lên's numbers name combinations by shape), so the replay says which it was
        self._replaying: Action | None = None
        self._truncated = False

    @property
    def hand(self) -> State | None:
        """The cardkit hand once dealt (None during the deal)."""
        return None if self._box is None else self._box.hand

    @property
    def _game(self) -> CardkitSpielGame:
        return _GAMES[self._key]

    # ----- OpenSpiel's state API ----------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` during the deal, ``TERMINAL`` at the end."""
        if self.hand is None:
            return pyspiel.PlayerId.CHANCE
        if self.hand.is_over or self._truncated:
            return pyspiel.PlayerId.TERMINAL
        seat = self.hand.current_player
        assert seat is not None
        return seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not yet placed, equally likely."""
        placed = set(self._order)
        left = [i for i in range(len(self._game.deck)) if i not in placed]
        return [(i, 1.0 / len(left)) for i in left]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None
        return list(self._game.encoding.actions.legal(self.hand.legal_actions()))

    def _apply_action(self, action: int) -> None:
        if self.hand is None:
            self._order.append(action)
            if len(self._order) == len(self._game.deck):
                deck = [self._game.deck[i] for i in self._order]
                hand = self._game.cardkit_game.new_hand(seed=0, deck=deck)
                self._box = _HandBox(hand)
                self._hands = [hand.view(seat).hand for seat in range(len(self._recall))]
                for held, recall in zip(self._hands, self._recall, strict=True):
                    recall.append(f"dealt: {format_cards(held)}")
                self._note_seen(hand)
            return
        hand = self.hand
        before = self._hands
        mover = hand.current_player
        move = self._replaying or self._game.encoding.actions.decode(action, hand.legal_actions())
        self._replaying = None
        hand.apply_unchecked(move)
        self._moves.append(move)
        self._note_seen(hand)
        public = str(hand.public_history()[-1]) if hand.public_history() else str(move)
        self._hands = [hand.view(seat).hand for seat in range(len(self._recall))]
        for seat, recall in enumerate(self._recall):
            recall.append(f"seat {mover}: {public}")
            if self._hands[seat] != before[seat]:
                recall.append(f"hand: {format_cards(self._hands[seat])}")
        self._truncated = len(hand.history) >= self._game.cardkit_game.definition.max_actions

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._game.deck[action].text}"
        return self._game.encoding.actions.describe(action)

    def is_terminal(self) -> bool:
        """True once the hand is over (or truncated)."""
        return self.hand is not None and (self.hand.is_over or self._truncated)

    def returns(self) -> list[float]:
        """Each seat's payoff at the end; zeros before (and after a truncation)."""
        if self.hand is None or self.hand.result is None:
            return [0.0] * len(self._recall)
        return [float(payoff) for payoff in self.hand.result.payoffs]

    def _note_seen(self, hand: State) -> None:
        everything = self._game.everything
        for seat in range(len(self._seen)):
            self._seen[seat] |= everything & ~hand.hidden_cards(seat).mask

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A world ``player_id`` could be in, dealt and played afresh: the cards it has never
        seen change places at random in the deal, and the same moves are replayed (see the
        module's docstring). During the deal, a copy."""
        if self.hand is None:
            return self.clone()
        game = self._game
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        unseen = [index for index, card in enumerate(game.deck)
                  if not card.mask & self._seen[player_id]]
        for _ in range(MAX_RESAMPLE_TRIES):
            shuffled = unseen[:]
            rng.shuffle(shuffled)
            moved = dict(zip(unseen, shuffled, strict=True))
            world = self._replayed([moved.get(index, index) for index in self._order])
            # the world must stand where this state stands for the seat: same turn, same view
            if world is not None and world.current_player() == self.current_player() \
                    and world.recall(player_id) == self.recall(player_id):
                return world
        raise RuntimeError(f"no deal among {MAX_RESAMPLE_TRIES} tried replays the moves so far "
                           f"for seat {player_id}")

    def _replayed(self, order: list[int]) -> CardkitSpielState | None:
        """The state dealt in ``order`` with this state's moves replayed; None when one of the
        moves is not legal there."""
        world = CardkitSpielState(self._game)
        for index in order:
            world.apply_action(index)
        for move in self._moves:
            hand = world.hand
            assert hand is not None
            if world.is_terminal() or not hand.is_legal(move):
                return None
            world.apply_move(move)
        return world

    def apply_move(self, move: Action | str) -> None:
        """Apply a cardkit move (an action or its text) as exactly that move. A catalogue number
        can stand for several moves of one shape (Tiến Lên's combinations), decoded as the
        preferred one; this applies the one named. ``IllegalAction`` if it is not legal now."""
        hand = self.hand
        if hand is None or self.is_terminal():
            raise IllegalAction("no move can be played now: the cards are being dealt"
                                if hand is None else "the hand is over")
        action = hand.parse(move) if isinstance(move, str) else move
        if not hand.is_legal(action):
            raise IllegalAction(hand.explain_illegal(action))
        self._replaying = action
        self.apply_action(self._game.encoding.actions.encode(action))

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing: {len(self._order)} of {len(self._game.deck)} cards placed"
        return "\n".join(f"{zone}: {format_cards(cards)}"
                         for zone, cards in self.hand.zones().items())

    # ----- for the observer ---------------------------------------------------------------------

    def recall(self, seat: int) -> str:
        """The seat's information state (perfect recall) as text."""
        if self.hand is None:
            return f"dealing ({len(self._order)} cards placed)"
        return "\n".join(self._recall[seat])


class CardkitObserver:
    """OpenSpiel's observer interface: ``tensor`` (and ``dict``) set from a seat's view, and
    the seat's view (or information state) as a string."""

    def __init__(self, game: CardkitSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.encoding = game.encoding.observation
        self.actions = game.encoding.actions
        size = 0 if perfect_recall else self.encoding.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardkitSpielState, player: int) -> None:
        """Fill the tensor from ``player``'s view (zeros during the deal)."""
        self.tensor.fill(0)
        if not self.perfect_recall and state.hand is not None:
            entries = self.encoding.entries(state.hand.view(player))
            self.tensor[list(entries)] = list(entries.values())

    def string_from(self, state: CardkitSpielState, player: int) -> str:
        """The view as the play screen shows it, or the information state."""
        if self.perfect_recall:
            return state.recall(player)
        if state.hand is None:
            return state.recall(player)
        hand = state.hand
        legal = hand.legal_actions() if hand.current_player == player else ()
        return view_text(hand.view(player), self.actions.legal(legal))


class _Creator:
    """What OpenSpiel calls to build a registered game from its parameters."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, params: dict[str, Any] | None = None) -> CardkitSpielGame:
        return CardkitSpielGame(params, name=self.name)


#: The registered creators. OpenSpiel's registry is a C++ static that lets go of them after
#: Python has shut down; a creator freed then aborts the process, so each is given one
#: reference that is never returned (see ``_outlive_python``).
_CREATORS: dict[str, _Creator] = {}


def _outlive_python(creator: _Creator) -> None:
    if sys.implementation.name == "cpython":
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(creator))


def register_all() -> list[str]:
    """Register ``cardkit_<game>`` with OpenSpiel for every installed game (done on import)."""
    names = []
    for name in available_games():
        spiel_name = short_name(name)
        if spiel_name not in _CREATORS and spiel_name not in pyspiel.registered_names():
            game = load_cardkit_game(name)

            creator = _CREATORS[spiel_name] = _Creator(name)
            _outlive_python(creator)
            pyspiel.register_game(_game_type(game), creator)
        names.append(spiel_name)
    return names


def load_game(game: str | Game, players: int | None = None,
              **options: Any) -> CardkitSpielGame:
    """The OpenSpiel game of ``game`` (a name with ``players`` and rule ``options``, or a
    configured game). ``ValueError`` for a bad name, count or option."""
    configured_game = configured(game, players, options)
    return CardkitSpielGame({"players": configured_game.players,
                             "options": _write_options(configured_game)},
                            name=configured_game.name)


register_all()
