"""The turn-phase machine: the base class of every game's hand state.

A game declares each phase of its turn once, as a :class:`Phase` that carries everything about
it: the action kinds it accepts, what the player must do now, what to say to a player who tries
another kind, and its three handlers -- ``legal`` (the legal moves now), ``why_illegal`` (the
precise reason for refusing a move of an accepted kind) and ``apply`` (what a legal move does,
without re-validating it). The engine dispatches to the current phase's handlers, so a reader
finds all of "the draw phase" in one place (as in OpenSpiel's one method pair per phase, or
boardgame.io's ``phases.moves``). A game also implements ``setup``, ``view``, ``hidden_cards`` and
``zones`` (and, optionally, ``determinize``) -- or declares its zones once and gets all four
(:class:`cardkit.zones.ZonedState`). The base class does the rest the same way for every game:
text parsing, the phase check, refusing illegal moves without touching the state, the history
(``state.history``: every ``(seat, action)`` applied, in order; ``public_history()``: the
same as the typed :class:`~cardkit.views.Move` values a view shows), the end of the hand
(:meth:`State.finish`), cloning and records.
"""

from __future__ import annotations

import copy
import copyreg
import enum
import functools
import inspect
import io
import operator
import pickle
import random
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs

from cardkit.engine.phases import _DISAGREE, ANY, OVER, Phase, phases
from cardkit.engine.records import HandRecord
from cardkit.values.actions import Action, parse_action
from cardkit.values.cards import Card, CardMultiset, CardSet
from cardkit.values.errors import IllegalAction
from cardkit.values.results import Endings, Result
from cardkit.values.views import Move

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.match import HandContext
    from cardkit.values.views import View

__all__ = ["ANY", "Phase", "State", "clone_plan_faults", "declared_attributes", "phases"]


def _reduce_action(action: Action) -> tuple[Callable[[str], Action], tuple[str]]:
    return (parse_action, (str(action),))


_SNAPSHOT_DISPATCH: dict[type, Any] = {**copyreg.dispatch_table, Action: _reduce_action}


class _SnapshotPickler(pickle.Pickler):
    """Pickles actions by their text: equal actions, equal bytes, and much faster. A dispatch
    table, not ``reducer_override``: the override would be called back for every string, tuple
    and list of the state, the table only for actions."""

    def __init__(self, file: io.BytesIO) -> None:
        # set before the C pickler's __init__, which reads the table once
        self.dispatch_table = _SNAPSHOT_DISPATCH
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)


def _pickled(value: object) -> bytes:
    """``value`` as a snapshot's bytes: no memo, so equal values give equal bytes whether or
    not they share objects."""
    buffer = io.BytesIO()
    pickler = _SnapshotPickler(buffer)
    pickler.fast = True
    pickler.dump(value)
    return buffer.getvalue()


#: Snapshot bytes kept by the identity of what they were made from (with the object itself,
#: so an id is never taken for another's): dealt decks and history entries, which never change
#: and are shared by a state's clones and copies.
_KEPT: dict[int, tuple[object, bytes]] = {}
_KEPT_MOST = 1 << 16


def _pickled_kept(value: object) -> bytes:
    kept = _KEPT.get(id(value))
    if kept is not None and kept[0] is value:
        return kept[1]
    if len(_KEPT) >= _KEPT_MOST:
        _KEPT.clear()
    data = _pickled(value)
    _KEPT[id(value)] = (value, data)
    return data


def _pickled_once(value: object) -> bytes:
    """The bytes of a tuple of cards (the deck), made once per tuple object; anything else
    afresh."""
    if type(value) is tuple and all(type(card) is Card for card in value):
        return _pickled_kept(value)
    return _pickled(value)


def _pickled_growing(history: object) -> bytes:
    """A history's bytes: its length, then each entry's. An entry, a (seat, action) tuple, is
    immutable, so its bytes are made once."""
    if type(history) is not list or not all(type(entry) is tuple for entry in history):
        return _pickled(history)
    return _pickled(len(history)) + b"".join(map(_pickled_kept, history))


#: What ``_current`` holds before the deal, in no declared phase yet.
_NO_PHASE = Phase("", (), "", next=ANY)
#: What ``_current`` holds once the hand is over (:meth:`State.finish`): its name is the phase's.
_OVER_PHASE = Phase(OVER, (), "", next=ANY)

# The attributes the engine itself keeps on every state.
_ENGINE_ATTRIBUTES = frozenset({
    "game", "players", "options", "context", "seed", "stacked", "deck", "history", "_shown",
    "event_counts", "result", "current_player", "_current", "_legal", "_legal_set", "_public",
    "quiet"})

# Attributes that are caches or references, not part of a state's value.
_NOT_STATE = frozenset({"game", "_legal", "_legal_set", "_public", "_current", "quiet"})

# Attributes every clone shares: the game and its options (never mutated), the frozen context.
_SHARED_BY_CLONES = frozenset({"game", "options", "context", "_current"})
# Caches, which a pickled copy starts without. A clone starts without the legal moves (a game may
# change its copy's cards directly, as ``determinize`` does, which would leave a shared list
# stale) but shares the public history, which follows from the history alone.
_CACHES = frozenset({"_legal", "_legal_set", "_public"})

_IMMUTABLE_TYPES: set[type] = {int, float, str, bool, bytes, type(None), frozenset, range,
                               Card, CardSet, CardMultiset, Action, Result}
_MUTABLE_TYPES: set[type] = {list, dict, set, bytearray}


def _is_immutable_type(kind: type) -> bool:
    """True for types whose values never change: a clone may share them. Learned once per type:
    enums and frozen attrs classes are immutable, anything else unknown is copied deeply."""
    if kind in _IMMUTABLE_TYPES:
        return True
    if kind in _MUTABLE_TYPES or kind is tuple:
        return False
    frozen = issubclass(kind, enum.Enum) or (
        attrs.has(kind) and getattr(kind.__setattr__, "__name__", "") == "_frozen_setattrs")
    (_IMMUTABLE_TYPES if frozen else _MUTABLE_TYPES).add(kind)
    return frozen


def _copy_value(value: Any, memo: dict[int, Any]) -> Any:
    """An independent copy of one attribute's value, sharing every immutable part.

    Lists, dicts, sets and tuples are rebuilt around copies of their items (the common case, a
    container of cards or numbers, is one C-level copy); other mutable objects go through
    ``copy.deepcopy`` with the shared ``memo``, so objects referenced twice stay shared once."""
    kind = type(value)
    if kind in _IMMUTABLE_TYPES:
        return value
    known = memo.get(id(value))
    if known is not None:
        return known
    # (``issuperset`` of the items' types walks them at C speed)
    if kind is list:
        if _IMMUTABLE_TYPES.issuperset(map(type, value)):
            result: Any = value.copy()
        else:
            result = [_copy_value(item, memo) for item in value]
    elif kind is tuple:
        if _SHAREABLE.get(id(value)) is value or _shareable(value):
            return value
        result = tuple(_copy_value(item, memo) for item in value)
    elif kind is dict:
        if _IMMUTABLE_TYPES.issuperset(map(type, value.values())):
            result = value.copy()
        else:
            result = {key: _copy_value(item, memo) for key, item in value.items()}
    elif kind is set:
        result = value.copy()
    elif _is_immutable_type(kind):
        return value
    else:
        method = getattr(kind, "__deepcopy__", None)
        if method is None:
            return copy.deepcopy(value, memo)
        result = method(value, memo)  # what deepcopy would call, without its bookkeeping
    memo[id(value)] = result
    return result


# Tuples found to hold immutable items only, by id (each entry holds its tuple, so the id stays
# its own): a tuple never changes, so one that held only immutable items still does, and
# clones share it without walking it again (a deck of 52 cards, at every clone).
_SHAREABLE: dict[int, tuple[Any, ...]] = {}
#: How many tuples :data:`_SHAREABLE` remembers before it starts afresh.
SHAREABLE_TUPLES = 4096


def _shareable(value: tuple[Any, ...]) -> bool:
    """True when every item of ``value`` is of an immutable type (then remembered)."""
    if not _IMMUTABLE_TYPES.issuperset(map(type, value)):
        return False
    if len(_SHAREABLE) >= SHAREABLE_TUPLES:
        _SHAREABLE.clear()
    _SHAREABLE[id(value)] = value
    return True


def _deeply_immutable(value: Any) -> bool:
    """True when ``value`` can never change: of an immutable type, or a tuple of such."""
    kind = type(value)
    if kind is tuple:
        return all(_deeply_immutable(item) for item in value)
    return _is_immutable_type(kind)


_CONTAINERS = (list, dict, set, bytearray)


def declared_attributes(cls: type[State]) -> dict[str, Any]:
    """The attributes a game's state class declares by class annotations (its own and those of
    its bases below :class:`State`; ``ClassVar`` ones excepted), with their types, in the order
    declared. ``TypeError`` naming the annotation when one cannot be read."""
    declared: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        if not issubclass(klass, State) or klass is State:
            continue
        try:
            hints = inspect.get_annotations(klass, eval_str=True)
        except Exception as error:  # an annotation naming what the module does not define
            raise TypeError(f"{klass.__name__}: an attribute's annotation cannot be read "
                            f"({error})") from None
        for name, hint in hints.items():
            if typing.get_origin(hint) is ClassVar or hint is ClassVar:
                continue
            declared[name] = hint
    return declared


def _holds_container(hint: Any) -> bool:
    """True when values of the annotated type ``hint`` are lists, dicts, sets or bytearrays."""
    origin = typing.get_origin(hint) or hint
    return isinstance(origin, type) and issubclass(origin, _CONTAINERS)


def clone_plan_faults(state: State) -> list[str]:
    """How ``state`` breaks its class's ``CLONE_COPIES`` promise (empty when it keeps it, or
    names no plan): the attributes outside the plan that hold a value that may change, and
    the planned ones that are one object."""
    copies = type(state).CLONE_COPIES
    if not copies:
        return []
    planned = {"history", "event_counts", *copies}
    faults = [f"{name} holds a {type(value).__name__}, which may change, and is not named "
              f"in CLONE_COPIES" for name, value in state.__dict__.items()
              if name not in planned and name not in _SHARED_BY_CLONES
              and name not in type(state).CLONE_SHARED and name not in _CACHES
              and not _deeply_immutable(value)]
    faults += [f"{name} is missing: CLONE_COPIES names it" for name in copies
               if name not in state.__dict__]
    if type(state).DECLARED_ATTRIBUTES:
        declared = declared_attributes(type(state))
        faults += [f"{name} is not declared: annotate it on {type(state).__name__} (its "
                   "clone plan follows from the declarations)"
                   for name in state.__dict__
                   if name not in declared and name not in _ENGINE_ATTRIBUTES]
    owners: dict[int, str] = {}
    for name in sorted(planned & state.__dict__.keys()):
        value = state.__dict__[name]
        if _deeply_immutable(value):
            continue
        if id(value) in owners:
            faults.append(f"{owners[id(value)]} and {name} are one object")
        owners[id(value)] = name
    return faults


def _seat_checked(view: Callable[[Any, int], View]) -> Callable[[Any, int], View]:
    """``view`` refusing a seat the hand does not have (``view(-1)`` would otherwise show the
    last seat's hand labelled seat -1, ``view(9)`` fail deep in the game's code): a
    ``ValueError`` naming the seats."""

    @functools.wraps(view)
    def checked(state: Any, seat: int) -> View:
        try:
            known = 0 <= operator.index(seat) < state.players  # numpy's ints too, not 1.0
        except TypeError:
            known = False
        if not known or isinstance(seat, bool):
            raise ValueError(f"{state.game.name}: view() takes a seat from 0 to "
                             f"{state.players - 1}, not {seat!r:.40}")
        return view(state, seat)

    checked.seat_checked = True  # type: ignore[attr-defined]
    return checked


class State:
    """One hand in progress. Subclasses set ``PHASES`` and implement the abstract methods.

    Public contract: ``current_player`` (seat or None when over), ``phase``, ``legal_actions()``,
    ``apply(action or text)``, ``is_over``, ``result``, ``view(seat)``, ``history``, ``record()``.
    """

    PHASES: ClassVar[Mapping[str, Phase]] = {}
    #: The endings a hand may have (``result.ending``), each with its explanation and rules
    #: section: :meth:`finish` refuses any other. A class that declares none is not checked
    #: (the conformance kit reports it).
    ENDINGS: ClassVar[Endings] = Endings()
    #: Other texts players may type for an action, mapped to the canonical text's start. An
    #: alias matches the whole typed text or its first words (``turn`` -> ``draw stock`` reads
    #: ``turn`` and ``turn 2``); text that already starts with the canonical words is left as
    #: typed, so an alias ``draw`` -> ``draw stock`` does not turn ``draw stock`` into
    #: ``draw stock stock``.
    ALIASES: ClassVar[Mapping[str, str]] = {}
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # one way to make moves: the phases' handlers, which the engine calls itself
        for name in ("_legal_actions", "_apply"):
            if name in cls.__dict__:
                raise TypeError(f"{cls.__name__} overrides State.{name}: declare the moves in "
                                "its phases instead (Phase(legal=..., apply=...))")
        if cls.__dict__.get("DECLARED_ATTRIBUTES"):
            cls.CLONE_COPIES = tuple(name for name, hint in declared_attributes(cls).items()
                                     if _holds_container(hint) and name not in cls.CLONE_SHARED)
        for phase in cls.PHASES.values():
            # the successors enter() looks up first must be this class's phases (a mapping
            # not built by phases() may hold a phase of another game's)
            if any(cls.PHASES.get(name) is not successor
                   for name, successor in phase._successors.items()):
                object.__setattr__(phase, "_successors", _DISAGREE)
            if phase.legal is None or phase.apply is None:
                missing = "legal" if phase.legal is None else "apply"
                raise TypeError(f"{cls.__name__}: phase {phase.name!r} declares no {missing} "
                                "handler (Phase(legal=..., apply=...))")
        view = cls.__dict__.get("view")
        if view is not None and not getattr(view, "seat_checked", False):
            cls.view = _seat_checked(view)  # type: ignore[method-assign,assignment]

    game: Game
    players: int
    options: Mapping[str, Any]
    context: HandContext
    seed: int
    stacked: tuple[Card, ...] | None
    deck: tuple[Card, ...]
    #: The declared phase the hand is in (its name is ``phase``). The phase is kept as this one
    #: attribute, not with its name beside it: a game's hand has some 15 attributes of its own,
    #: and CPython (3.11) keeps up to 29 attributes of an instance inline, where its attribute
    #: caches read them fastest. Hot paths never read ``self.__dict__``: a dict made from such
    #: attributes is read three times slower (clones are given a dict of their own, built as
    #: ``dict(...)``, which is read fast).
    _current: Phase
    current_player: int | None
    result: Result | None
    history: list[tuple[int | None, Action]]
    #: The cards moves made public beyond those their actions name (:meth:`reveal`), as
    #: ``(index of the move in history, cards)`` pairs: a tuple, which clones share.
    _shown: tuple[tuple[int, tuple[Card, ...]], ...]
    #: How often each event (:class:`~cardkit.engine.capabilities.Events`) has happened in
    #: this hand so far, by name; events that have not happened are absent.
    event_counts: dict[str, int]

    def __init__(
        self,
        game: Game,
        deck: list[Card],
        context: HandContext,
        seed: int,
        stacked: tuple[Card, ...] | None = None,
    ) -> None:
        self.game = game
        self.players = game.players
        self.options = game.options
        self.context = context
        self.seed = seed
        self.stacked = stacked
        self.deck = tuple(deck)
        self.history = []
        self._shown = ()
        self.event_counts = {}
        self.result = None
        self.current_player = None
        self._current = _NO_PHASE  # no phase before the deal: setup enters the first one
        self._legal: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        self._public: tuple[Move, ...] = ()  # the public history so far (public_history())
        self.setup(list(deck))

    # ----- what a game implements -------------------------------------------------------------

    def setup(self, deck: list[Card]) -> None:
        """Deal from ``deck`` (top first) and set the first phase and player."""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        """Every legal action now (never called once the hand is over): the current phase's
        ``legal`` handler."""
        handler = self._current.legal
        if handler is None:
            raise RuntimeError(f"{self.game.name}: no legal moves in phase {self.phase!r} "
                               "(the deal entered no phase?)")
        return handler(self)

    def _apply(self, action: Action) -> None:
        """Carry out a legal action: the current phase's ``apply`` handler. The hand ends through
        :meth:`finish`."""
        handler = self._current.apply
        if handler is None:
            raise RuntimeError(f"{self.game.name}: no move applies in phase {self.phase!r}")
        handler(self, action)

    def finish(self, result: Result) -> None:
        """End the hand with ``result``: nobody is to play, the phase is ``over``. Refused with
        ``RuntimeError`` (a fault in the game) when the class declares its ``ENDINGS`` and
        ``result.ending`` is not one of them; the result then holds the declared
        :class:`~cardkit.results.Ending` (with its explanation and section)."""
        endings = self.ENDINGS
        if endings:
            ending = result.ending
            declared = endings.get(ending)
            if declared is None:
                raise RuntimeError(f"{self.game.name}: {endings._refusal(ending)}")
            if declared is not ending and not self.quiet:  # (a play-out reads no ending)
                result = Result(declared, result.winners, result.payoffs, result.transfers,
                                result.details, result.summary)
        self.result = result
        self.current_player = None
        self._current = _OVER_PHASE

    def count_event(self, name: str, count: int = 1) -> None:
        """Count ``count`` occurrences of the event ``name`` (one the game declares in its
        :class:`~cardkit.engine.capabilities.Events`) in this hand: a game calls it where a
        rule takes effect (a bomb is played, a drop is caught ...). One dictionary update, so
        it may sit on the hot path."""
        counts = self.event_counts
        counts[name] = counts.get(name, 0) + count

    def enter(self, name: str) -> None:
        """Move the hand to phase ``name`` and run its ``on_enter`` step: the one way a hand
        changes phase. Refused with ``RuntimeError`` (a fault in the game, not a player's
        mistake) when ``name`` is not a declared phase, or when the current phase does not
        declare it among the phases that may follow it (``next``; :data:`ANY` lets any
        follow); the deal (``setup``) may enter any phase. The hand ends with
        :meth:`finish`, never by entering ``over``."""
        phase = self._current._successors.get(name)  # a declared transition (hot path)
        if phase is None:
            phase = self._checked_phase(name)
        self._current = phase
        if phase.on_enter is not None:
            phase.on_enter(self)

    def _checked_phase(self, name: str) -> Phase:
        """The phase ``name``, to be entered from the current one, checked in full (the deal's
        first phase, or a phase whose successors :func:`phases` could not list); the
        ``RuntimeError`` of :meth:`enter` for a transition not declared."""
        phase = self.PHASES.get(name)
        if phase is None:
            ending = " (a hand ends with finish(result))" if name == OVER else ""
            raise RuntimeError(f"{self.game.name}: {name!r} is not a declared phase{ending}")
        allowed = self._current.next
        if allowed is not ANY and allowed is not None and name not in allowed:
            raise RuntimeError(f"{self.game.name}: phase {self.phase!r} does not declare "
                               f"{name!r} among the phases that may follow it")
        return phase

    def view(self, seat: int) -> View:
        """What ``seat`` may see."""
        raise NotImplementedError

    def hidden_cards(self, seat: int) -> CardSet:
        """The cards ``seat`` may not see now (others' hands, the stock, cards out of play)."""
        raise NotImplementedError

    def hidden_again(self, seat: int) -> CardSet:
        """The cards hidden from ``seat`` now that every seat saw before -- a discard pile
        shuffled back into the stock: the public history may name them, and the conformance
        kit's leak check allows it. None by default."""
        return CardSet()

    def hidden_copies(self, seat: int) -> CardMultiset:
        """The copies ``seat`` may not see, counted: what :meth:`hidden_cards` says, for a game
        played with copies of cards (two or more decks), where the seat may see one copy of a
        card and not the other. By default the hidden cards, each once; a game with copies
        overrides it (and its ``hidden_cards`` gives the cards of which some copy is
        hidden)."""
        return CardMultiset(self.hidden_cards(seat))

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Every card of the deck, by where it is (hands, stock, discard pile, table, out of
        play); the conformance kit checks that each card is in exactly one zone."""
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy of this state in which every card hidden from ``seat`` (``hidden_cards``) is
        dealt again at random among the places those cards occupy — each other hand keeps its
        size, the stock its length — while everything ``seat`` can see stays as it is:
        ``copy.view(seat) == self.view(seat)`` and, when ``seat`` is to play, the same legal
        actions. Search agents plan on such copies, so they never use a card they could not
        know. Optional: a game without it simply offers no search agent."""
        raise NotImplementedError(f"{self.game.name} does not sample hidden cards")

    def forget_origin(self) -> None:
        """Drop what would tell how the hand was dealt — the seed, the deck order, a stacked
        deck — keeping the deck's cards (sorted). A determinized copy handed to a search agent
        is scrubbed this way: its hidden cards were dealt again, and the seed would undo that."""
        self.seed = 0
        self.stacked = None
        self.deck = tuple(sorted(self.deck, key=lambda card: card.index))

    def why_illegal(self, action: Action) -> str | None:
        """A game-specific reason why ``action`` (of a kind this phase accepts) is not legal:
        the current phase's ``why_illegal`` handler, if it declares one."""
        phase = self.PHASES.get(self.phase)
        if phase is None or phase.why_illegal is None:
            return None
        return phase.why_illegal(self, action)

    # ----- the engine ---------------------------------------------------------------------------

    @property
    def seat_to_play(self) -> int:
        """The current player, for code that runs only while the hand goes on (the phase
        handlers): ``current_player`` known not to be None."""
        seat = self.current_player
        if seat is None:
            raise RuntimeError("the hand is over: nobody is to play")
        return seat

    @property
    def turn_player(self) -> int | None:
        """The seat whose turn it is: ``current_player``, except while a claim window
        (:mod:`cardkit.engine.claims`) asks other seats out of turn, when it is the seat whose
        turn the window interrupted. The lab counts turns by it."""
        window = getattr(self, "claim_window", None)  # (not __dict__: see State._current)
        return window.turn if window is not None else self.current_player

    @property
    def phase(self) -> str:
        """The name of the phase the hand is in (``over`` once it has ended)."""
        return self._current.name

    @phase.setter
    def phase(self, name: str) -> None:
        raise AttributeError(f"state.phase cannot be set: move the hand with "
                             f"state.enter({name!r}), which checks the phase's declared next "
                             "phases (or end it with state.finish(result))")

    @property
    def current_phase(self) -> Phase | None:
        """The declared :class:`Phase` the hand is in (None before the deal and once over)."""
        current = self._current
        return None if current is _NO_PHASE or current is _OVER_PHASE else current

    @property
    def is_over(self) -> bool:
        """True once the hand has ended (``result`` is set)."""
        return self.result is not None

    def legal_actions(self) -> list[Action]:
        """The legal actions now (empty when the hand is over). Do not mutate the list."""
        legal = self._legal
        if legal is None:
            if self.result is not None:
                legal = []
            else:  # the phase's handler, without the extra call (hot path)
                handler = self._current.legal
                legal = handler(self) if handler is not None else self._legal_actions()
            self._legal = legal
        return legal

    def forget_legal_actions(self) -> None:
        """Drop the cached legal moves: call it after changing a state by hand (a test that
        sets up a position), so that ``legal_actions()`` is worked out again."""
        self._legal = None
        self._legal_set = None

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now."""
        if self._legal_set is None:
            self._legal_set = frozenset(self.legal_actions())
        return action in self._legal_set

    def parse(self, text: str) -> Action:
        """Read an action typed by a player; ``IllegalAction`` with the reason if unreadable."""
        normalised = " ".join(text.lower().split())
        for alias, canonical in self.ALIASES.items():
            if normalised == canonical or normalised.startswith(canonical + " "):
                break  # already the canonical words
            if normalised == alias or normalised.startswith(alias + " "):
                normalised = canonical + normalised[len(alias):]
                break
        try:
            action = parse_action(normalised)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        cards = action.cards
        if len(set(cards)) != len(cards):  # copies: at most as many as the deck holds
            held = Counter(self.deck)
            for card, named in Counter(cards).items():
                if named > held[card]:
                    raise IllegalAction(
                        f"{text.strip()!r} names a card twice" if held[card] <= 1 else
                        f"{text.strip()!r} names {card} {named} times; the deck holds "
                        f"{held[card]}")
        return action

    def apply(self, action: Action | str) -> None:
        """Apply an action or its text. Raises ``IllegalAction`` (with a reason a player can read)
        if it is not legal now; the state is then unchanged."""
        if isinstance(action, str):
            action = self.parse(action)
        elif not isinstance(action, Action):
            if isinstance(action, tuple) and action and isinstance(action[0], Action):
                raise TypeError("apply() takes an Action or its text, not the (action, reason) "
                                "pair choose_action returns: apply its first item")
            raise TypeError(f"apply() takes an Action or its text, not "
                            f"{type(action).__name__} {action!r:.40}")
        if not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (taken from ``legal_actions()``): the simulation
        hot path, with no validation."""
        seat = self.current_player
        self._legal = None
        self._legal_set = None
        handler = self._current.apply
        if handler is not None:
            handler(self, action)
        else:
            self._apply(action)
        self.history.append((seat, action))

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in one line."""
        if self.result is not None:
            return "the hand is over"
        phase = self.PHASES.get(self.phase)
        if phase is not None and action.kind not in phase.accepts:
            return phase.refusal or f"you cannot {action.kind} now: {phase.prompt}"
        reason = self.why_illegal(action)
        if reason:
            return reason
        prompt = f": {phase.prompt}" if phase is not None else ""
        return f"'{action}' is not a legal move now{prompt}"

    @property
    def prompt(self) -> str:
        """What the current player must do now."""
        phase = self.PHASES.get(self.phase)
        return phase.prompt if phase is not None else ""

    def public_history(self) -> tuple[Move, ...]:
        """The history as everyone saw it: one :class:`~cardkit.views.Move` per move (the
        seat, the action, the cards it made public, :meth:`reveal`), oldest first. Actions
        carry no hidden card (a stock draw is just ``draw stock``); a game whose actions do may
        override :meth:`public_move`."""
        known = self._public
        history = self.history
        if len(known) != len(history):
            # extend incrementally: views are built at every step of every simulated hand
            start = len(known)
            if self._shown or type(self).public_move is not State.public_move:
                shown = dict(self._shown)
                public_move = self.public_move
                new = [public_move(seat, action, shown.get(index, ()))
                       for index, (seat, action) in enumerate(history[start:], start)]
            else:  # the common case: moves that showed nothing, as the engine writes them
                new = [Move(seat, action) for seat, action in history[start:]]
            known = (*known, *new)
            self._public = known
        return known

    def public_move(self, seat: int | None, action: Action,
                    shown: tuple[Card, ...]) -> Move:
        """How ``action`` by ``seat`` appears in the public log, with the cards it made
        public (``shown``): ``Move(seat, action, shown)`` by default."""
        return Move(seat, action, shown)

    def reveal(self, *cards: Card) -> None:
        """Note that the move being applied makes ``cards`` public beyond the cards its action
        names (the card taken from the discard pile, say): its :class:`~cardkit.views.Move` in
        the public history shows them (``move.shown``). A phase's ``apply`` handler calls it."""
        if cards:  # (one tuple concatenation: the pairs are shared with clones, never changed)
            self._shown += ((len(self.history), cards),)

    # ----- copies, equality, records ------------------------------------------------------------

    #: True on the states a search plays out (:class:`~cardkit.search.rollout.Rollout` sets it
    #: on its copy): nothing reads how such a hand ended beyond its payoffs and winners, so a
    #: game may then finish it with a result without words (no summary, no details) and save
    #: their cost. Not part of the state's value (snapshots leave it out).
    quiet: bool = False

    #: Attributes a game never changes in place (tables computed at the deal, say): clones
    #: share them instead of copying. Everything else is copied by :meth:`clone`.
    CLONE_SHARED: ClassVar[frozenset[str]] = frozenset()
    #: Lists whose items a game never changes in place (an append-only log of tuples, say):
    #: clones copy the list and share its items, as they do ``history``.
    CLONE_SHALLOW: ClassVar[frozenset[str]] = frozenset()
    #: The attributes that may hold a mutable value, when a class names them all (besides the
    #: engine's ``history`` and ``event_counts``, always copied): its clones then copy these
    #: alone (those in ``CLONE_SHALLOW`` by one shallow copy each) and share every other
    #: attribute, which the class promises holds an immutable value (a number, a card, a card
    #: set, an action, a tuple of such, a frozen value) or is named in ``CLONE_SHARED``, and
    #: that no two of the named ones are one object. The conformance kit checks the promise
    #: (:func:`clone_plan_faults`, at every tenth step of its hands). Empty (the default):
    #: every attribute is examined at every clone.
    CLONE_COPIES: ClassVar[tuple[str, ...]] = ()
    #: True on a class that declares every attribute of its hands by class annotations
    #: (``hands: list[int]``, ``taken: Card | None`` ...), once: its ``CLONE_COPIES`` is then
    #: made from the declarations (the attributes annotated as a list, dict or set, less those
    #: in ``CLONE_SHARED``), and the conformance kit fails an attribute it does not declare.
    DECLARED_ATTRIBUTES: ClassVar[bool] = False

    def clone(self) -> Self:
        """An independent copy: a new object of the same class whose attributes are copies of
        this one's, sharing what never changes (the game, its options, the context, cards,
        actions, frozen values, the attributes named in ``CLONE_SHARED``, the items of the
        lists named in ``CLONE_SHALLOW``) and without the
        cache of legal moves, as a pickled copy would be (the public history, an immutable
        prefix of the history, is shared). Lists, dicts, sets
        and tuples are copied item by item; any other mutable object deeply. Search clones
        states thousands of times a second, so this avoids ``copy.deepcopy`` of the whole; a
        class that names its mutable attributes in ``CLONE_COPIES`` is cloned by that plan,
        without looking at the others."""
        copies = self.CLONE_COPIES
        if not copies:
            return self._clone_examined()
        values = dict(self.__dict__)  # (not .copy(): see State._current)
        # the engine's own mutable attributes: append-only of shared pairs, and counts
        values["history"] = self.history.copy()
        values["event_counts"] = self.event_counts.copy()
        shallow = self.CLONE_SHALLOW
        immutable = _IMMUTABLE_TYPES
        memo: dict[int, Any] | None = None
        for name in copies:
            value = values[name]
            kind = type(value)
            if kind in immutable:
                continue
            if name in shallow and (kind is list or kind is dict or kind is set):
                values[name] = value.copy()
                continue
            if memo is None:
                memo = {id(self.game): self.game}
            values[name] = _copy_value(value, memo)
        values["_legal"] = values["_legal_set"] = None  # (the public history is kept: an
        # immutable tuple, extended by rebinding, that stays a prefix of the copied history)
        twin = object.__new__(type(self))
        twin.__dict__ = values
        return twin

    def _clone_examined(self) -> Self:
        """:meth:`clone` examining every attribute: the generic copy (and the reference the
        conformance kit compares a planned clone with)."""
        memo: dict[int, Any] = {id(self.game): self.game}
        shared = self.CLONE_SHARED
        shallow = self.CLONE_SHALLOW
        immutable = _IMMUTABLE_TYPES
        twin = object.__new__(type(self))
        # every attribute shared at first (one C-level copy), then the mutable ones replaced:
        # most attributes are numbers, flags, cards and tuples, which stay shared
        values = dict(self.__dict__)  # (not .copy(): see State._current)
        for name, value in values.items():
            kind = type(value)
            if kind in immutable or name in _SHARED_BY_CLONES or name in shared \
                    or name in _CACHES:
                continue
            if kind is list:
                if name == "history" or name in shallow:  # append-only, of (seat, action)
                    values[name] = value.copy()           # pairs: a shallow copy
                    continue
                if immutable.issuperset(map(type, value)):  # a list of cards or numbers
                    if id(value) not in memo:
                        memo[id(value)] = value.copy()
                    values[name] = memo[id(value)]
                    continue
            values[name] = _copy_value(value, memo)
        values["_legal"] = values["_legal_set"] = None  # (the public history is kept: an
        # immutable tuple, extended by rebinding, that stays a prefix of the copied history)
        twin.__dict__ = values
        return twin

    def __copy__(self) -> Self:
        """``copy.copy(state)``: an independent state, as :meth:`clone` gives (a shallow copy
        would share the hands, the stock and the history with the original, so that playing
        the copy would change the original)."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy(state)``: an independent state, as :meth:`clone` gives (the game,
        its options and the context never change, and are shared)."""
        twin = self.clone()
        memo[id(self)] = twin
        return twin

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_legal"] = None
        state["_legal_set"] = None
        state.pop("_public", None)
        state["_phase"] = state.pop("_current").name  # found again from the name
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        name = state.pop("_phase")
        self.__dict__.update(state)
        self.__dict__.setdefault("_shown", ())  # pickled before moves could reveal cards
        self._public = ()
        self._current = self.PHASES.get(name) or (_OVER_PHASE if name == OVER else _NO_PHASE)

    def snapshot(self) -> bytes:
        """The state's value as bytes: two states are the same hand at the same point exactly
        when their snapshots are equal (used to check that refused actions change nothing and
        that replays are exact)."""
        value = {k: v for k, v in self.__dict__.items() if k not in _NOT_STATE}
        value["_phase"] = self._current.name
        # the deck never changes in a hand and the history only grows: their bytes are kept
        # from the last snapshot (each pickle ends itself, so the parts cannot run together)
        deck, history = value.pop("deck", None), value.pop("history", None)
        return _pickled(value) + _pickled_once(deck) + _pickled_growing(history)

    def record(self) -> HandRecord:
        """This hand's record: enough to replay it exactly (:class:`cardkit.records.HandRecord`)."""
        return HandRecord.of_state(self)

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self.current_player} to {self.phase}"
        return f"<{type(self).__name__} {self.game.name} {status}>"
