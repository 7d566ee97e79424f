"""Encodings: a game's moves as the numbers 0..n-1 and a seat's view as a vector of numbers.

Research tools (PettingZoo, Gymnasium, OpenSpiel: :mod:`cardkit.adapters`) need a fixed, finite
action space and a fixed-size observation. A game declares both with ``GameDefinition.encoding``,
a function of the configured :class:`~cardkit.game.Game` returning a :class:`GameEncoding`; a
game that declares nothing gets :func:`fallback_encoding`.

- :class:`ActionCatalogue` is the action side: a list of *keys* (index = position) and a
  function naming each action's key. For most games the key is the action's canonical text,
  so the catalogue is a bijection between the game's actions and ``0..n-1``. A game may
  abstract (Tiến Lên: a sequence is keyed by its type, length and top card, and the engine
  picks the other suits): several legal actions then share a key, and the catalogue's
  ``prefer`` order says which one the index plays.
- :class:`ObservationEncoding` is the observation side: card planes (one bit per card of the
  deck) computed from a :class:`~cardkit.views.View` — never from the state, so an observation
  holds nothing the seat may not see — followed by per-seat hand sizes, the stock size, the
  phase and whose turn it is. Seats are listed from the viewer round the table (the viewer
  first), so a learned policy is the same whichever seat it sits in.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.libraries.climbing import ComboType, classify
from cardkit.libraries.melds import all_melds
from cardkit.values.actions import Action, parse_action
from cardkit.values.cache import BoundedCache
from cardkit.values.cards import Card
from cardkit.values.views import View

if TYPE_CHECKING:
    from cardkit.engine.game import Game

__all__ = [
    "ActionCatalogue",
    "CombinationAbstraction",
    "GameEncoding",
    "ObservationEncoding",
    "Plane",
    "SeatPlanes",
    "base_planes",
    "card_action_keys",
    "cards_named_by",
    "encoding_for",
    "fallback_encoding",
    "hit_keys",
    "meld_keys",
    "taken_from_pile",
]

#: Spare indices the fallback catalogue hands out, in order of first sight, to actions its
#: derived part does not cover (see :func:`fallback_encoding`).
FALLBACK_OVERFLOW = 256
#: Random hands the fallback plays to learn the shapes of a game's moves.
FALLBACK_SURVEY_HANDS = 24


class EncodingError(ValueError):
    """An action outside a game's catalogue, or an index that names no legal action now."""

    __module__ = "cardkit.encoding"  # the path users import it from, shown in tracebacks


@attrs.define(eq=False)
class ActionCatalogue:
    """The action side of an encoding: ``keys[i]`` is the key of index ``i``.

    ``key_of(action)`` gives an action's key (its canonical text by default). ``prefer`` (a
    sort key on actions, lowest first) picks the action an index plays when several legal
    actions share its key; without it keys must be unique among legal actions (a bijection).
    ``overflow`` spare indices are given, in order of first sight, to actions whose key is not
    listed (the fallback's lazily enumerated part); 0 makes an unlisted action an error.
    """

    keys: list[Hashable]
    key_of: Callable[[Action], Hashable] = str
    prefer: Callable[[Action], Any] | None = None
    overflow: int = 0
    _index: dict[Hashable, int] = attrs.field(init=False, repr=False)
    _size: int = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._index = {}
        for key in self.keys:
            if key in self._index:
                raise ValueError(f"action key {key!r} is listed twice")
            self._index[key] = len(self._index)
        self._size = len(self.keys) + self.overflow

    @property
    def size(self) -> int:
        """The number of indices (the size of the ``Discrete`` action space)."""
        return self._size

    def encode(self, action: Action) -> int:
        """The index of ``action``; ``EncodingError`` if the catalogue has no room for it."""
        key = self.key_of(action)
        index = self._index.get(key)
        if index is not None:
            return index
        if len(self._index) >= self._size:
            raise EncodingError(
                f"'{action}' is outside this game's action catalogue ({self._size} indices, "
                "all taken): the game should declare an encoding")
        self.keys.append(key)
        index = self._index[key] = len(self._index)
        return index

    def describe(self, index: int) -> str:
        """What index ``index`` stands for, for error messages and docs."""
        if 0 <= index < len(self.keys):
            return str(self.keys[index])
        if 0 <= index < self._size:
            return "(a spare index not yet given to an action)"
        return f"(no such index: the catalogue has {self._size})"

    def legal(self, actions: Sequence[Action]) -> dict[int, Action]:
        """Index -> the action it plays, for the legal ``actions`` (sorted by index)."""
        chosen: dict[int, Action] = {}
        prefer = self.prefer
        for action in actions:
            index = self.encode(action)
            held = chosen.get(index)
            if held is None:
                chosen[index] = action
            elif prefer is None:
                raise EncodingError(f"'{held}' and '{action}' share index {index}")
            elif prefer(action) < prefer(held):
                chosen[index] = action
        return dict(sorted(chosen.items()))

    def decode(self, index: int, actions: Sequence[Action]) -> Action:
        """The legal action that ``index`` plays now; ``EncodingError`` naming the action and
        the legal indices otherwise."""
        legal = self.legal(actions)
        action = legal.get(index)
        if action is None:
            offered = ", ".join(f"{i} ({a})" for i, a in legal.items())
            raise EncodingError(
                f"action {index} ({self.describe(index)}) is not legal now; legal: {offered}")
        return action


@attrs.frozen
class Plane:
    """One card plane: a bit for each card of the deck that ``cards(view)`` names."""

    name: str
    cards: Callable[[View], Iterable[Card]]


@attrs.frozen
class SeatPlanes:
    """One card plane per seat, from the viewer round the table: ``cards(view, seat)``."""

    name: str
    cards: Callable[[View, int], Iterable[Card]]


def _own_hand(view: View) -> Iterable[Card]:
    return view.hand


def _discard_top(view: View) -> Iterable[Card]:
    return () if view.discard_top is None else (view.discard_top,)


def _table_cards(view: View) -> Iterable[Card]:
    """Every card lying face up on the table (the entries of ``view.table`` are ``(owner,
    cards or meld)``, or a meld / cards alone)."""
    for entry in view.table:
        item = entry[1] if isinstance(entry, tuple) and len(entry) == 2 \
            and isinstance(entry[0], int) else entry
        yield from _cards_in(item)


def _cards_in(item: Any) -> Iterable[Card]:
    if isinstance(item, Card):
        yield item
    elif hasattr(item, "cards"):
        yield from item.cards
    elif isinstance(item, tuple | list):
        for part in item:
            yield from _cards_in(part)


def _revealed(view: View, seat: int) -> Iterable[Card]:
    return view.revealed.get(seat, ())


@functools.lru_cache(maxsize=65_536)
def _parsed(text: str) -> Action | None:
    try:
        return parse_action(text)
    except ValueError:
        return None


History = tuple[tuple[int | None, str], ...]


class LogReader:
    """Per-seat cards read from the public log one entry at a time (subclasses implement
    :meth:`feed`), packaged by :meth:`planes` as a :class:`SeatPlanes` function.

    The views of every seat at one moment share their log, and the next moment's log extends
    it by a move or two, so the reader keeps what it read and only feeds it the new entries:
    a hand's observations cost one pass over its log, not one per step and seat."""

    def __init__(self) -> None:
        self._log: History = ()
        self._origin: Hashable = None
        self.cards: dict[int, list[Card]] = {}

    def reset(self) -> None:
        """Forget everything read (a new hand)."""
        self._log = ()
        self.cards = {}

    def feed(self, seat: int, text: str, action: Action) -> None:
        """Read one entry of the log: ``seat`` did ``action`` (written ``text``)."""
        raise NotImplementedError

    def origin(self, view: View) -> Hashable:
        """What was public at the deal that the reader needs besides the log (``view`` is any
        view of the hand); two logs continue one another only from the same origin. None by
        default."""
        return None

    def start(self, origin: Hashable) -> None:
        """Begin a hand's log from its :meth:`origin` (after :meth:`reset`). Nothing by
        default."""

    def read(self, view: View) -> dict[int, list[Card]]:
        """The cards per seat after ``view``'s log (read from where the last log ended if it
        is its continuation)."""
        log = view.history
        known = self._log
        if log is not known:
            origin = self.origin(view)
            if not known or origin != self._origin or len(log) < len(known) \
                    or log[:len(known)] != known:
                self.reset()
                self._origin = origin
                self.start(origin)
                known = ()
            for seat, text in log[len(known):]:
                action = _parsed(text)
                if seat is not None and action is not None:
                    self.feed(seat, text, action)
            self._log = log
        return self.cards

    def planes(self) -> Callable[[View, int], Iterable[Card]]:
        """The :class:`SeatPlanes` function."""

        def cards(view: View, seat: int) -> Iterable[Card]:
            return self.read(view).get(seat, ())

        return cards


class NamedCards(LogReader):
    """Every card a seat has shown in the public log (discarded, spread, played, laid off)."""

    def feed(self, seat: int, text: str, action: Action) -> None:
        """Note the cards the move names."""
        if action.cards:
            self.cards.setdefault(seat, []).extend(action.cards)


class TakenFromPile(LogReader):
    """The cards each seat was seen to take from the discard pile and has not shown since.
    The pile is followed through the log: an action of a kind in ``put_kinds`` puts its card
    on top, an action written as one of ``takes`` takes the top one, an action of a kind in
    ``gone_kinds`` empties it, and every card a seat names afterwards leaves what is known of
    its hand. ``first(view)`` names the card face up on the pile at the deal, if the game
    shows it (gin's first up-card)."""

    def __init__(self, put_kinds: frozenset[str], takes: frozenset[str],
                 gone_kinds: frozenset[str] = frozenset(),
                 first: Callable[[View], Card | None] | None = None) -> None:
        super().__init__()
        self.put_kinds, self.takes, self.gone_kinds = put_kinds, takes, gone_kinds
        self.first = first
        self.pile: list[Card] = []

    def reset(self) -> None:
        """Forget everything read, the pile too."""
        super().reset()
        self.pile = []

    def origin(self, view: View) -> Card | None:
        """The card face up on the pile at the deal, if the game shows it."""
        return self.first(view) if self.first is not None else None

    def start(self, origin: Hashable) -> None:
        """Put the card face up at the deal on the pile."""
        if isinstance(origin, Card):
            self.pile.append(origin)

    def feed(self, seat: int, text: str, action: Action) -> None:
        """Follow the pile and the cards known in each hand."""
        if text in self.takes:
            if self.pile:
                self.cards.setdefault(seat, []).append(self.pile.pop())
            return
        held = self.cards.get(seat)
        if held and action.cards:
            self.cards[seat] = [card for card in held if card not in action.cards]
        if action.kind in self.put_kinds and action.cards:
            self.pile.append(action.cards[-1])
        elif action.kind in self.gone_kinds:
            self.pile.clear()


def cards_named_by() -> Callable[[View, int], Iterable[Card]]:
    """A :class:`SeatPlanes` function: every card each seat has shown in the public log."""
    return NamedCards().planes()


def taken_from_pile(
    put_kinds: frozenset[str], takes: str | frozenset[str], *,
    gone_kinds: frozenset[str] = frozenset(), first: Callable[[View], Card | None] | None = None,
) -> Callable[[View, int], Iterable[Card]]:
    """A :class:`SeatPlanes` function: see :class:`TakenFromPile` (``takes`` may be one
    action text)."""
    texts = frozenset({takes}) if isinstance(takes, str) else takes
    return TakenFromPile(put_kinds, texts, gone_kinds, first).planes()


def base_planes() -> tuple[Plane | SeatPlanes, ...]:
    """The planes every encoding starts with (a game adds its own after them): own hand,
    discard top, cards on the table, each seat's cards shown in the log, hands revealed.
    New readers each time: each encoding keeps its own place in the log."""
    return (
        Plane("own hand", _own_hand),
        Plane("discard top", _discard_top),
        Plane("on the table", _table_cards),
        SeatPlanes("shown in the log", cards_named_by()),
        SeatPlanes("revealed", _revealed),
    )


@attrs.define(eq=False)
class ObservationEncoding:
    """The observation side of an encoding: a flat vector of 0/1 card planes, then per seat
    (from the viewer round the table) its hand size / deck size, the stock size / deck size,
    the phase (one-hot over the game's phases, then "over") and whose turn it is (one-hot,
    relative to the viewer; all zero when the hand is over)."""

    deck: tuple[Card, ...]
    players: int
    phases: tuple[str, ...]
    planes: tuple[Plane | SeatPlanes, ...] = attrs.field(factory=base_planes)
    _position: dict[int, int] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self._position = {card.index: i for i, card in enumerate(self.deck)}
        if "over" not in self.phases:
            self.phases = (*self.phases, "over")

    @property
    def plane_names(self) -> list[str]:
        """Every plane's name, in order (seat planes as ``name, seat +k``)."""
        names: list[str] = []
        for plane in self.planes:
            if isinstance(plane, SeatPlanes):
                names.extend(f"{plane.name}, seat +{k}" for k in range(self.players))
            else:
                names.append(plane.name)
        return names

    @property
    def size(self) -> int:
        """The vector's length."""
        return (len(self.plane_names) * len(self.deck) + 2 * self.players + 1
                + len(self.phases))

    def entries(self, view: View) -> dict[int, float]:
        """The vector for ``view``, sparse: position -> value for the non-zero entries (a
        few dozen of several hundred)."""
        width = len(self.deck)
        position = self._position
        entries: dict[int, float] = {}
        offset = 0
        players = self.players
        order = [(view.seat + k) % players for k in range(players)]
        for plane in self.planes:
            if isinstance(plane, SeatPlanes):
                groups = [plane.cards(view, seat) for seat in order]
            else:
                groups = [plane.cards(view)]
            for cards in groups:
                for card in cards:
                    spot = position.get(card.index)
                    if spot is not None:
                        entries[offset + spot] = 1.0
                offset += width
        for seat in order:
            if seat < len(view.hand_sizes) and view.hand_sizes[seat]:
                entries[offset] = view.hand_sizes[seat] / width
            offset += 1
        if view.stock_size:
            entries[offset] = view.stock_size / width
        offset += 1
        phase = view.phase if view.phase in self.phases else "over"
        entries[offset + self.phases.index(phase)] = 1.0
        offset += len(self.phases)
        if view.current_player is not None:
            entries[offset + (view.current_player - view.seat) % players] = 1.0
        return entries

    def encode(self, view: View) -> list[float]:
        """The vector for ``view``."""
        vector = [0.0] * self.size
        for spot, value in self.entries(view).items():
            vector[spot] = value
        return vector


@attrs.frozen(eq=False)
class GameEncoding:
    """A configured game's encoding: its action catalogue and its observation encoding, and
    ``abstraction`` (one paragraph: what the catalogue leaves to the engine, if anything)."""

    actions: ActionCatalogue
    observation: ObservationEncoding
    abstraction: str = ""


# ----- builders a game's encoding module uses ------------------------------------------------


def card_action_keys(kind: str, cards: Iterable[Card], option: str | None = None) -> list[str]:
    """The texts of ``kind [option] <card>`` for every card (``discard KH`` …)."""
    return [str(Action(kind, option, (card,))) for card in cards]


def meld_keys(kind: str, deck: Iterable[Card], rules: Any) -> list[str]:
    """The texts of ``kind <meld>`` for every meld the deck could make under meld ``rules``
    (a :class:`~cardkit.melds.MeldRules`): every natural meld, and with wild cards every way
    to put them in place of some of its cards (each declaring the card it replaces), keeping
    ``rules.min_natural`` natural cards (``spread 5H X1=6H 7H`` …)."""
    cards = list(deck)
    wilds = [card for card in cards if rules.is_wild(card)]
    naturals = [card for card in cards if not rules.is_wild(card)]
    keys = []
    for meld in all_melds(naturals, rules):
        shown = meld.cards
        keys.append(str(Action(kind, cards=shown)))
        for count in range(1, len(wilds) + 1):
            if len(shown) - count < rules.min_natural:
                break
            for used in combinations(wilds, count):
                for places in permutations(range(len(shown)), count):
                    replaced = dict(zip(places, used, strict=True))
                    physical = tuple(replaced.get(i, card) for i, card in enumerate(shown))
                    declared = tuple((replaced[i], shown[i]) for i in places)
                    keys.append(str(Action(kind, cards=physical, declared=declared)))
    return keys


def hit_keys(kind: str, cards: Iterable[Card], targets: int,
             wild_identities: Mapping[Card, Iterable[Card]] | None = None) -> list[str]:
    """The texts of ``kind <card> <target>`` for every card and target ``1..targets``; a wild
    card appears once per identity it may declare (``hit X1=5H 2``)."""
    wild_identities = wild_identities or {}
    keys: list[str] = []
    for card in cards:
        identities = list(wild_identities.get(card, ()))
        for target in range(1, targets + 1):
            if identities:
                keys.extend(str(Action(kind, cards=(card,), target=target,
                                       declared=((card, shown),))) for shown in identities)
            else:
                keys.append(str(Action(kind, cards=(card,), target=target)))
    return keys


@attrs.frozen
class CombinationAbstraction:
    """Climbing moves keyed by what decides a trick -- combination type, length and top card
    -- leaving the other cards' suits to the engine (in the manner of RLCard's Dou Dizhu, where
    suits do not matter at all). ``keys`` lists every key the deck can make under ``rules``;
    ``key_of`` names a move's key (moves of other kinds keep their text); ``prefer`` plays, of
    the legal moves sharing a key, the one whose other cards are the weakest, keeping the
    stronger suits in hand."""

    kind: str
    rules: Any

    @property
    def keys(self) -> list[str]:
        """Every key: for each type and length, each top card some combination can have."""
        rules = self.rules
        positions = len(rules.rank_order)
        found: list[str] = []
        for type_ in ComboType:
            lengths = {ComboType.SINGLE: [1], ComboType.PAIR: [2], ComboType.TRIPLE: [3],
                       ComboType.QUAD: [4]}.get(type_, range(3, positions + 1))
            for length in lengths:
                for top in range(positions * 4):
                    cards = self._weakest(type_, length, top)
                    combo = classify(cards, rules) if cards else None
                    if combo is not None and combo.type is type_ and combo.length == length \
                            and combo.key_strength == top:
                        found.append(self.key(combo))
        return found

    def _weakest(self, type_: Any, length: int, top: int) -> list[Card] | None:
        """The combination of this shape topped by strength ``top`` with the weakest other
        cards, or None when there is none."""
        card = self.rules.card_of_strength
        position, suit = divmod(top, 4)
        if type_ in (ComboType.PAIR, ComboType.TRIPLE, ComboType.QUAD):
            if suit < length - 1:
                return None
            return [card(top)] + [card(position * 4 + s) for s in range(length - 1)]
        if type_ is ComboType.SINGLE:
            return [card(top)]
        low = position - length + 1
        if low < 0:
            return None
        if type_ is ComboType.SEQUENCE:
            return [card(top)] + [card(p * 4) for p in range(low, position)]
        if suit < 1:
            return None
        return [card(top), card(position * 4)] + [card(p * 4 + s) for p in range(low, position)
                                                   for s in (0, 1)]

    @staticmethod
    def key(combo: Any) -> str:
        """A combination's key, e.g. ``pair 2 7H``, ``sequence 5 9S``."""
        return f"{combo.type.value} {combo.length} {combo.key.text}"

    def key_of(self, action: Action) -> Hashable:
        """The key of a move: its combination's key, or its text for other moves."""
        if action.kind != self.kind:
            return str(action)
        combo = classify(action.cards, self.rules)
        return str(action) if combo is None else self.key(combo)

    def prefer(self, action: Action) -> tuple[int, ...]:
        """Weakest other cards first (a sort key)."""
        strengths = sorted((self.rules.strength(card) for card in action.cards), reverse=True)
        return tuple(strengths[1:])


# ----- the fallback ---------------------------------------------------------------------------


def _shape(action: Action) -> tuple[str, str | None, int, bool, bool]:
    return (action.kind, action.option, len(action.cards), action.target is not None,
            bool(action.declared))


def _survey(game: Game) -> set[tuple[str, str | None, int, bool, bool]]:
    """The shapes of the moves seen in a few seeded random hands."""
    shapes: set[tuple[str, str | None, int, bool, bool]] = set()
    limit = game.definition.max_actions
    for seed in range(FALLBACK_SURVEY_HANDS):
        state = game.new_hand(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over and steps < limit:
            actions = state.legal_actions()
            shapes.update(_shape(action) for action in actions)
            state.apply_unchecked(rng.choice(actions))
            steps += 1
    return shapes


def fallback_encoding(game: Game) -> GameEncoding:
    """The encoding a game gets when it declares none, derived from what it does declare.

    The catalogue lists, for each shape of move seen in a few seeded random hands (kind,
    option, number of cards, a target, declared wild cards): a move without cards as it is;
    a one-card move once per card of the deck; a several-card move once per meld the whole
    deck could make under the game's ``meld_rules`` (or, under its ``climbing_rules``, once
    per :class:`CombinationAbstraction` key: type, length and top card); a card with a
    target (a lay-off) once per card and target, targets up to the number of melds the deck
    could make. Any move still not listed (a shape the survey
    never met, a combination outside those rules) takes one of ``FALLBACK_OVERFLOW`` spare
    indices in order of first sight. The observation is the base planes.
    """
    definition = game.definition
    deck = tuple(sorted(game.deck_spec.cards, key=lambda card: card.index))
    meld_rules = definition.meld_rules(game.options) if definition.meld_rules else None
    climbing_rules = definition.climbing_rules(game.options) if definition.climbing_rules \
        else None
    keys: list[Hashable] = []
    seen: set[Hashable] = set()

    def add(new: Iterable[str]) -> None:
        for key in new:
            if key not in seen:
                seen.add(key)
                keys.append(key)

    naturals = [card for card in deck if not card.is_joker]
    abstraction: CombinationAbstraction | None = None
    for kind, option, count, targeted, _wild in sorted(_survey(game), key=str):
        if count == 0:
            add([str(Action(kind, option))])
        elif count == 1 and not targeted:
            add(card_action_keys(kind, deck, option))
        elif count == 1:
            smallest = min((*meld_rules.set_sizes, meld_rules.min_run)) if meld_rules else 3
            wilds = {card: naturals for card in deck
                     if meld_rules is not None and meld_rules.is_wild(card)}
            add(hit_keys(kind, deck, len(deck) // smallest, wilds))
        elif meld_rules is not None:
            add(meld_keys(kind, deck, meld_rules))
        elif climbing_rules is not None:
            abstraction = CombinationAbstraction(kind, climbing_rules)
            add(abstraction.keys)
    if abstraction is not None:
        catalogue = ActionCatalogue(keys, abstraction.key_of, abstraction.prefer,
                                    FALLBACK_OVERFLOW)
    else:
        catalogue = ActionCatalogue(keys, overflow=FALLBACK_OVERFLOW)
    observation = ObservationEncoding(deck, game.players, tuple(definition.state_class.PHASES))
    return GameEncoding(catalogue, observation,
                        "none declared: the generic catalogue (see fallback_encoding)")


_ENCODINGS = BoundedCache[Hashable, GameEncoding](maxsize=64)


def encoding_for(game: Game) -> GameEncoding:
    """The encoding of a configured game: the one it declares (``GameDefinition.encoding``),
    else :func:`fallback_encoding`. Built once per game, players and options."""
    key = (game.definition.name, game.players, tuple(sorted(map(repr, game.options.items()))),
           id(game.definition.encoding))
    found = _ENCODINGS.get(key)
    if found is None:
        declared = game.definition.encoding
        found = declared(game) if declared is not None else fallback_encoding(game)
        _ENCODINGS[key] = found
    return found
