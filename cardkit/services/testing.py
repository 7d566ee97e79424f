"""The conformance kit: one call a plugin author puts in their own tests.

::

    from cardkit.services.testing import check_game

    def test_conformance():
        check_game("my-game")                       # every player count, options spread
        check_game("my-game", players=[2, 3], presets=[None, "house"], hands=10)

For each player count it plays random hands -- spread over the game's presets and option
values, or in the presets and options given (``options={"name": value}`` sets options in
every configuration) -- every other one *patiently* (an action
that would end the hand is avoided while another is legal, nine times in ten, so long hands and
deep states are reached too) and checks, at every step, that:

- playouts terminate (within the definition's ``max_actions``);
- every card of the deck is in exactly one zone (with copies: each copy in one zone, no card
  more often than the deck holds it; cards are conserved);
- ``current_player``/``legal_actions``/``result`` agree with ``is_over``;
- every legal action applies, and its text parses back to the same action, on a clone that
  shares nothing the move changes; a class that names its mutable attributes
  (``State.CLONE_COPIES``) names them all, and its clones are the same hand as the generic copy;
- a sample of illegal actions (and unreadable text) is refused with ``IllegalAction`` and leaves
  the state exactly as it was;
- no seat's view contains a card that seat may not see;
- payoffs balance (sum to zero) when the game declares itself zero-sum;
- the hand's record survives JSON and replays to identical states at every step;
- the same seed deals the same hand;
- the hand counts only the events its game declares (``Events``), each a positive whole
  number of times, and a replay of its record counts the same;
- every phase declares the phases that may follow it (``Phase.next``: names, or ``ANY``), and
  the hand moves only between phases that declare each other;
- while a claim window is open (:mod:`cardkit.claims`) the seat asked is the first waiting one
  and the turn stays with the turn's seat, and answers given all at once settle each window
  exactly as asking the seats one by one does (the report counts windows and claims);
- the public history may name a card hidden again only where the state says every seat saw
  it before (``State.hidden_again``: a discard pile shuffled back into the stock);
- for games that sample hidden cards (``State.determinize``, used by the ``hard`` search agent):
  a re-deal for a seat shows that seat the same view and legal moves and keeps every card;
- every agent of the game that reads a search's sampled world directly (it overrides
  :meth:`~cardkit.agents.Agent.choose_in`) keeps that method's promise, by
  :func:`check_policy`: at every decision of hands it plays against itself, ``choose_in``
  returns what ``choose`` of the seat's view returns, and the same again once the cards the seat
  cannot see are dealt again -- so it reads nothing the seat may not see.

A failure raises ``ConformanceError`` naming the game, options, seed and step, so the author can
reproduce it with ``game.new_hand(seed=...)``.
"""

from __future__ import annotations

import functools
import operator
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

import attrs

from cardkit.engine.agents import Agent, RandomAgent
from cardkit.engine.capabilities import Events
from cardkit.engine.claims import apply_claims
from cardkit.engine.definition import GameDefinition
from cardkit.engine.game import Game
from cardkit.engine.records import HandRecord, parse_record
from cardkit.engine.registry import game_definition
from cardkit.engine.state import State, clone_plan_faults
from cardkit.services.search.choose import searches
from cardkit.services.search.rollout import PolicyCheck
from cardkit.values.actions import Action, parse_action
from cardkit.values.cards import ALL_CARDS, Card, CardMultiset, CardSet
from cardkit.values.deck import derive_seed
from cardkit.values.errors import IllegalAction
from cardkit.values.options import Option
from cardkit.values.views import Move

__all__ = ["HANDS_EACH", "SPREAD_HANDS", "ConformanceError", "ConformanceReport", "check_game",
           "check_hand", "check_policy", "spread_configurations", "view_cards"]

#: ``check_policy``: the share of moves played at random instead of the policy's (after its
#: move is checked), so the hands reach positions the policy would not lead to.
EXPLORE = 0.15


class ConformanceError(AssertionError):
    """A conformance check failed; the message says where (seed, step) and what."""


@attrs.define
class ConformanceReport:
    """What a run checked: hands played, actions applied, illegal actions refused."""

    hands: int = 0
    actions: int = 0
    refused: int = 0
    endings: dict[str, int] = attrs.field(factory=dict)
    #: phases met that declare no ``next`` phases: always empty, since the kit fails such a
    #: game (kept for the reports of plugins that read it)
    undeclared_phases: set[str] = attrs.field(factory=set)
    #: claim windows opened (:mod:`cardkit.claims`) and claims made in them
    windows: int = 0
    claims: int = 0


def view_cards(value: Any) -> set[Card]:
    """Every card mentioned anywhere in a view (walking attrs classes, mappings, sequences and
    card texts in strings). What a wild card is declared to stand for (``X1=KS`` in text, attrs
    fields marked ``metadata={"declared_identities": True}`` such as ``Meld.represents``) names
    a card without showing it, so it does not count."""
    found: set[Card] = set()
    _walk(value, found, set())
    return found


#: How the project writes a card in its texts (moves, events, explanations): the canonical
#: text (``AS``, ``10H``, ``X1``) or the display form (``A♠``, ``10♥``), exactly so: a word of
#: English that happens to spell a card (``as``, ``ad``, ``ah``) is not a card.
_CARD_TEXT = {**{card.text: card for card in ALL_CARDS},
              **{card.unicode: card for card in ALL_CARDS}}
#: What may surround a card in a sentence (``(KS)``, ``KS,``, ``KS.``).
_PUNCTUATION = "()[]{}.,;:!?'\"«»"


@functools.lru_cache(maxsize=65536)
def _cards_in_text(text: str) -> frozenset[Card]:
    """The cards ``text`` names, as the project writes them (case and form exact; what a wild
    card is declared to stand for, ``X1=KS``, not counted)."""
    tokens = [token.partition("=")[0].strip(_PUNCTUATION)
              for token in text.replace(",", " ").split()]
    return frozenset(_CARD_TEXT[token] for token in tokens if token in _CARD_TEXT)


#: The cards of each frozen move or action walked, by identity (with the object, so an id is
#: never reused): the history repeats the same move objects in every view, step after step.
_FROZEN_CARDS: dict[int, tuple[Move | Action, frozenset[Card]]] = {}


def _frozen_cards(value: Move | Action) -> frozenset[Card]:
    """The cards a move or an action names, each object walked once."""
    known = _FROZEN_CARDS.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    found: set[Card] = set()
    _walk_fields(value, found, set())
    if len(_FROZEN_CARDS) >= 65536:
        _FROZEN_CARDS.clear()
    cards = _FROZEN_CARDS[id(value)] = (value, frozenset(found))
    return cards[1]


#: The cards named by a public history, by the identity of its last move (with the moves,
#: so an id is never taken for another's): step after step, and seat after seat, a view's
#: history is the last one with a move or none added, so only the new moves are walked.
_HISTORY_CARDS: dict[int, tuple[tuple[Move, ...], frozenset[Card]]] = {}


def _history_cards(history: Any) -> set[Card]:
    """``view_cards(history)`` for a tuple of moves, walking each move once."""
    if type(history) is not tuple or not all(type(move) is Move for move in history):
        return view_cards(history)
    start: tuple[Move, ...] = ()
    cards: frozenset[Card] = frozenset()
    for length in (len(history), len(history) - 1):
        kept = _HISTORY_CARDS.get(id(history[length - 1])) if length > 0 else None
        if kept is not None and len(kept[0]) == length \
                and all(map(operator.is_, kept[0], history)):
            start, cards = kept
            break
    if len(start) < len(history):
        more = set(cards)
        for move in history[len(start):]:
            more |= _frozen_cards(move)
        cards = frozenset(more)
        if len(_HISTORY_CARDS) >= 1 << 14:
            _HISTORY_CARDS.clear()
        _HISTORY_CARDS[id(history[-1])] = (history, cards)
    return set(cards)


#: Types that name no card.
_NO_CARDS = (int, float, bool, type(None))


def _walk(value: Any, found: set[Card], seen: set[int]) -> None:
    kind = type(value)  # the exact types first: a view holds thousands of cards and numbers
    if kind is Card:
        found.add(value)
    elif kind is Move or kind is Action:
        found.update(_frozen_cards(value))
    elif kind is str:
        found.update(_cards_in_text(value))
    elif kind is CardSet or kind is CardMultiset:
        found.update(value)
    elif kind in _NO_CARDS:
        pass
    elif isinstance(value, Card):
        found.add(value)
    elif isinstance(value, CardSet | CardMultiset):
        found.update(value)
    elif isinstance(value, str):
        found.update(_cards_in_text(value))
    elif isinstance(value, _NO_CARDS):
        pass
    elif id(value) not in seen:
        seen.add(id(value))
        _walk_fields(value, found, seen)


def _walk_fields(value: Any, found: set[Card], seen: set[int]) -> None:
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if not field.metadata.get("declared_identities"):
                _walk(getattr(value, field.name), found, seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(key, found, seen)
            _walk(item, found, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            if type(item) is Card:
                found.add(item)
            else:
                _walk(item, found, seen)
    elif hasattr(value, "__dict__"):
        _walk(vars(value), found, seen)


def _fail(game: Game, seed: int, step: int, message: str) -> NoReturn:
    raise ConformanceError(
        f"{game.name} ({game.players} players, options {game.options}) seed={seed} "
        f"step={step}: {message}"
    )


def _check_zones(game: Game, state: State, seed: int, step: int) -> None:
    # with copies (two decks) a card may be in as many zones as the deck holds copies of it
    expected = Counter(state.deck)
    seen: dict[Card, list[str]] = {}
    for zone, cards in state.zones().items():
        for card in cards:
            places = seen.setdefault(card, [])
            places.append(zone)
            held = expected.get(card, 0)
            if held and len(places) > held:
                if held == 1:
                    _fail(game, seed, step, f"{card} is in both {places[0]} and {zone}")
                _fail(game, seed, step, f"{card} is held {len(places)} times (in "
                      f"{', '.join(places)}); the deck has {held} copies")
    found = Counter({card: len(places) for card, places in seen.items()})
    if found != expected:
        missing = sorted((expected - found).elements())
        extra = sorted((found - expected).elements())
        _fail(game, seed, step, f"cards not conserved: missing {missing}, unexpected {extra}")


def _fully_hidden(state: State, seat: int) -> set[Card]:
    """The cards of which ``seat`` can see no copy now: every copy the deck holds is among
    ``state.hidden_copies(seat)`` (with one deck, simply the hidden cards). A view that names
    such a card leaks it; a view that names a card whose other copy is hidden does not."""
    hidden = state.hidden_copies(seat)
    if hidden.copies <= 1 and len(state.deck) == len(set(state.deck)):
        return set(hidden)
    deck = Counter(state.deck)
    return {card for card, count in hidden.counts().items() if count >= deck[card]}


def _check_views(game: Game, state: State, seed: int, step: int) -> None:
    for seat in range(state.players):
        view = state.view(seat)
        if view.seat != seat:
            _fail(game, seed, step, f"view({seat}) says it is seat {view.seat}")
        hidden = _fully_hidden(state, seat)
        # the public history may name cards everyone saw that are hidden again (a pile
        # shuffled back into the stock); nothing else in the view may name a hidden card
        again = set(state.hidden_again(seat))
        leaked = view_cards(attrs.evolve(view, history=())) & hidden
        leaked |= _history_cards(view.history) & (hidden - again)
        if leaked:
            _fail(game, seed, step,
                  f"view of seat {seat} leaks hidden cards {sorted(c.text for c in leaked)}")


def _check_determinize(game: Game, state: State, seed: int, step: int,
                       rng: random.Random) -> None:
    """For games that sample hidden cards: every seat's re-deal looks the same to that seat,
    keeps the cards, and leaves the real state alone."""
    before = state.snapshot()
    for seat in range(state.players):
        copy = state.determinize(seat, random.Random(rng.randrange(1 << 30)))
        if copy.view(seat) != state.view(seat):
            _fail(game, seed, step, f"determinize({seat}) changes what seat {seat} sees")
        if state.current_player == seat and copy.legal_actions() != state.legal_actions():
            _fail(game, seed, step, f"determinize({seat}) changes seat {seat}'s legal moves")
        _check_zones(game, copy, seed, step)
        # The re-deal must depend only on what the seat sees: from the real state and from a
        # re-dealt one, the same random numbers give the same deal. Otherwise an agent that
        # knows its own random numbers could work back to where the hidden cards really are.
        key = rng.randrange(1 << 30)
        first = state.determinize(seat, random.Random(key))
        second = copy.determinize(seat, random.Random(key))
        first.forget_origin()
        second.forget_origin()
        if first.snapshot() != second.snapshot():
            _fail(game, seed, step, f"determinize({seat}) depends on where the hidden cards "
                  "really are (collect them in a fixed order before dealing them again)")
    if state.snapshot() != before:
        _fail(game, seed, step, "determinize changed the real state")


def _check_clone(game: Game, state: State, seed: int, step: int) -> None:
    """A clone is the same hand (the same snapshot as the copy that examines every
    attribute), and a class that names its mutable attributes (``State.CLONE_COPIES``) names
    them all."""
    faults = clone_plan_faults(state)
    if faults:
        _fail(game, seed, step, f"{type(state).__name__}.CLONE_COPIES: {faults[0]}")
    if state.clone().snapshot() != state._clone_examined().snapshot():
        _fail(game, seed, step, "clone() differs from the copy that examines every attribute")


def _check_events(game: Game, state: State, seed: int, step: int) -> None:
    """The events counted are declared, each a positive whole number of times."""
    declared = game.definition.capability(Events)
    names = set(declared.names) if declared is not None else set()
    for name, count in state.event_counts.items():
        if name not in names:
            _fail(game, seed, step, f"the hand counted the event {name!r}, which the game "
                  "does not declare (capability Events)")
        if type(count) is not int or count < 1:
            _fail(game, seed, step, f"the event {name!r} was counted {count!r} times")


def _check_window(game: Game, state: State, seed: int, step: int, rng: random.Random,
                  report: ConformanceReport, opened: bool) -> None:
    """While a claim window is open: the seat asked is the first waiting, the turn stays with
    the turn's seat, and answers given all at once (:func:`~cardkit.claims.apply_claims`)
    settle the window exactly as asking seat after seat does."""
    window = getattr(state, "claim_window", None)
    if window is None:
        return
    if state.current_player != window.waiting[0]:
        _fail(game, seed, step, f"a claim window asks seat {state.current_player}, not the "
              f"first waiting seat {window.waiting[0]}")
    if state.turn_player != window.turn:
        _fail(game, seed, step, "turn_player is not the turn's seat while a window is open")
    if not opened:
        return  # settled all at once when it opened
    report.windows += 1
    answers = {seat: rng.random() < 0.5 for seat in window.waiting}
    together = state.clone()
    apply_claims(together, answers)
    one_by_one = state.clone()
    for seat in window.waiting:
        legal = one_by_one.legal_actions()
        one_by_one.apply(legal[0] if answers[seat] else legal[1])
        if getattr(one_by_one, "claim_window", None) is None:
            break
    if together.snapshot() != one_by_one.snapshot():
        _fail(game, seed, step, "claims answered all at once settle the window differently "
              "from seats asked one by one")


def _illegal_candidates(state: State, rng: random.Random, legal: Sequence[Action]) -> list[Any]:
    """Actions and texts that must be refused now: other kinds, cards the player lacks,
    gibberish."""
    legal_set = set(legal)
    kinds = sorted({kind for phase in type(state).PHASES.values() for kind in phase.accepts})
    kinds = kinds or sorted({a.kind for a in legal}) or ["pass"]
    candidates: list[Any] = ["", "   ", "xyzzy", "discard ZZ", "play 11X", "hit", "99"]
    for _ in range(12):
        kind = rng.choice(kinds)
        cards = tuple(rng.sample(state.deck, k=rng.randint(0, min(3, len(state.deck)))))
        option = rng.choice([None, "stock", "discard", "upcard", "bet"])
        target = rng.choice([None, 0, 1, 7, 99])
        action = Action(kind, option, cards, target)
        if action not in legal_set:
            candidates.append(action)
    for action in legal[:5]:
        # the same kind with a card moved to somewhere it is not
        if action.cards:
            other = rng.choice(state.deck)
            swapped = attrs.evolve(action, cards=(other, *action.cards[1:]))
            if swapped not in legal_set and len(set(swapped.cards)) == len(swapped.cards):
                candidates.append(swapped)
    return candidates


def _patient_choice(state: State, legal: Sequence[Action], rng: random.Random,
                    agent: RandomAgent, seat: int) -> Action:
    """A random action, but one that ends the hand only when nothing else is legal or one time
    in ten: uniformly random players end most hands early (Tonk's drop, say), so the kit also
    plays long hands to reach the deep states (spreads, hits, empty stocks)."""
    action = agent.choose(state.view(seat), legal)
    if len(legal) == 1 or rng.random() < 0.1:
        return action
    others = [a for a in legal if a != action]
    rng.shuffle(others)
    # a few tries (each costs a clone): the first move that keeps the hand going
    for candidate in [action, *others[:4]]:
        trial = state.clone()
        trial.apply_unchecked(candidate)
        if not trial.is_over:
            return candidate
    return action


def check_hand(game: Game, seed: int, report: ConformanceReport | None = None,
               exhaustive_every: int = 10, patient: bool = False) -> State:
    """Play one random hand of ``game`` from ``seed`` with every check; returns the final state.
    A ``patient`` hand avoids actions that end the hand while it can (see ``check_game``)."""
    report = report if report is not None else ConformanceReport()
    rng = random.Random(seed)
    agent = RandomAgent(rng.randrange(1 << 30))
    undeclared = sorted(phase.name for phase in game.definition.state_class.PHASES.values()
                        if phase.next is None)
    if undeclared:
        _fail(game, seed, 0, f"phase {undeclared[0]!r} declares no next phases: declare the "
              "phases that may follow it (next={...}), or next=ANY")
    state = game.new_hand(seed=seed)
    twin = game.new_hand(seed=seed)
    if twin.snapshot() != state.snapshot():
        _fail(game, seed, 0, "the same seed dealt two different hands")
    snapshots = [state.snapshot()]
    limit = game.definition.max_actions
    step = 0
    was_open = False
    while True:
        _check_zones(game, state, seed, step)
        _check_views(game, state, seed, step)
        legal = state.legal_actions()
        if state.is_over:
            if state.current_player is not None or legal:
                _fail(game, seed, step, "a finished hand still has a player or legal actions")
            break
        if state.result is not None:
            _fail(game, seed, step, "result set while the hand is running")
        if state.current_player is None or not legal:
            _fail(game, seed, step, "a running hand has no current player or no legal action")
        if len(set(legal)) != len(legal):
            _fail(game, seed, step, "legal_actions() lists an action twice")
        for action in legal:
            try:
                reparsed = state.parse(str(action))
            except IllegalAction as error:
                _fail(game, seed, step, f"the text of {action!s} does not parse: {error}")
            if reparsed != action or parse_action(str(action)) != action:
                _fail(game, seed, step, f"text round trip changes {action!s}")
        window_open = getattr(state, "claim_window", None) is not None
        _check_window(game, state, seed, step, rng, report, window_open and not was_open)
        was_open = window_open
        if step % exhaustive_every == 0:
            if game.definition.samples_hidden_cards:
                _check_determinize(game, state, seed, step, rng)
            _check_clone(game, state, seed, step)
            for action in legal:
                trial = state.clone()
                try:
                    trial.apply(action)
                except Exception as error:  # any failure of a legal action is a defect
                    _fail(game, seed, step, f"legal action {action} failed: {error!r}")
            if state.snapshot() != snapshots[-1]:
                _fail(game, seed, step, "a move applied to a clone changed the original "
                      "(the clone shares something the move changes)")
        before = snapshots[-1]
        candidates = _illegal_candidates(state, rng, legal)
        for candidate in candidates:
            try:
                state.apply(candidate)
            except IllegalAction as error:
                if not str(error).strip():
                    _fail(game, seed, step, f"refusal of {candidate!s} gives no reason")
                report.refused += 1
            except Exception as error:  # anything but IllegalAction is a defect
                _fail(game, seed, step, f"refusing {candidate!s} raised {error!r}, "
                      "not IllegalAction")
            else:
                _fail(game, seed, step, f"illegal action {candidate!s} was accepted")
        if state.snapshot() != before:
            _fail(game, seed, step, "a refused action changed the state (one of: "
                  + ", ".join(map(str, candidates)) + ")")
        if step >= limit:
            _fail(game, seed, step, f"hand did not end within {limit} actions")
        seat = state.seat_to_play
        if patient:
            action = _patient_choice(state, legal, rng, agent, seat)
        else:
            action = agent.choose(state.view(seat), legal)
        phase = state.PHASES.get(state.phase)
        claimed = sum(getattr(state, "claims_made", ()))
        try:
            state.apply(action)
        except RuntimeError as error:  # State.enter refused an undeclared transition
            _fail(game, seed, step, f"{action}: {error}")
        if phase is not None and state.phase != phase.name and not phase.may_follow(state.phase):
            _fail(game, seed, step, f"{action} moved the hand from phase {phase.name!r} to "
                  f"{state.phase!r}, which {phase.name!r} does not declare among its next phases")
        if sum(getattr(state, "claims_made", ())) > claimed:
            report.claims += 1
        snapshots.append(state.snapshot())
        step += 1
        report.actions += 1
    result = state.result
    if result is None:
        _fail(game, seed, step, "the hand ended without a result")
    if len(result.payoffs) != state.players:
        _fail(game, seed, step, "result.payoffs needs one number per seat")
    if game.definition.zero_sum and abs(sum(result.payoffs)) > 1e-9:
        _fail(game, seed, step, f"payoffs {result.payoffs} do not sum to zero")
    if any(not 0 <= w < state.players for w in result.winners):
        _fail(game, seed, step, f"winners {result.winners} are not seats")
    record = parse_record(state.record().to_json(), game.definition)
    if not isinstance(record, HandRecord):
        _fail(game, seed, step, "a hand's record did not load as a hand record")
    replay_state = record.start(game)
    replayed = [replay_state.snapshot()]
    for text in record.actions:
        replay_state.apply(text)
        replayed.append(replay_state.snapshot())
    if replayed != snapshots:
        first = next(i for i, (a, b) in enumerate(zip(replayed, snapshots, strict=False))
                     if a != b) if len(replayed) == len(snapshots) else len(replayed)
        _fail(game, seed, first, "the record does not replay to identical states")
    _check_events(game, state, seed, step)
    report.hands += 1
    report.endings[result.ending] = report.endings.get(result.ending, 0) + 1
    return state


#: Hands per player count when ``check_game`` spreads them over the options and presets.
SPREAD_HANDS = 40
#: Hands per configuration when the presets or options are given.
HANDS_EACH = 20


def _other_values(option: Option) -> list[Any]:
    """Values of ``option`` other than its default worth a hand: the other truth value, every
    other choice, a neighbouring whole number and the smallest allowed (None for a default
    that depends on the player count)."""
    default = option.default
    if callable(default):
        return []
    if option.type == "bool":
        return [not default]
    if option.choices:
        return [choice for choice in option.choices if choice != default]
    found: list[Any] = []
    if option.type == "int" and isinstance(default, int):
        low = option.minimum
        for value in (default + 1, default - 1, low):
            if value is None or value == default or value in found:
                continue
            if (low is None or value >= low) and (option.maximum is None
                                                  or value <= option.maximum):
                found.append(int(value))
    return found


def spread_configurations(definition: GameDefinition, players: int) -> list[Game]:
    """The configurations ``check_game`` spreads its hands over for one player count: the
    default options, each preset, and each option set to each of its other values
    (:func:`_other_values`) with the rest at their defaults -- those the game accepts."""
    wanted: list[tuple[str | None, dict[str, Any]]] = [(None, {})]
    wanted += [(preset.name, {}) for preset in definition.options.presets]
    for option in definition.options.options:
        wanted += [(None, {option.name: value}) for value in _other_values(option)]
    games = []
    for preset, values in wanted:
        try:
            games.append(definition.configure(players=players, preset=preset, **values))
        except ValueError:  # a combination the game refuses (its check), or a value out of range
            continue
    return games


def check_game(
    game: str | GameDefinition | Game,
    players: Iterable[int] | None = None,
    presets: Iterable[str | None] | None = None,
    options: dict[str, Any] | None = None,
    hands: int | None = None,
    seed: int = 0,
) -> ConformanceReport:
    """Run the conformance checks on a game (by name, definition or configured game) for each
    player count; returns a report, raises ``ConformanceError`` on the first failure.

    By default the hands (``hands`` per player count, :data:`SPREAD_HANDS` unless given) are
    spread over the game's configurations -- the default options, every preset, every option
    at each of its other values (:func:`spread_configurations`) -- so that a dead end only one
    rule reaches is met early. Given ``presets`` (names, None for the default) and/or
    ``options`` (values set in every configuration), each of those configurations plays
    ``hands`` hands (:data:`HANDS_EACH` unless given) instead. A configured ``Game`` plays
    ``hands`` hands as it is.
    """
    report = ConformanceReport()
    plan: list[Game] = []
    if isinstance(game, Game):
        plan = [game] * (hands if hands is not None else HANDS_EACH)
    else:
        definition = game_definition(game) if isinstance(game, str) else game
        counts = list(players) if players is not None else list(definition.player_counts)
        for count in counts:
            if presets is None and options is None:
                spread = spread_configurations(definition, count)
                total = hands if hands is not None else SPREAD_HANDS
                plan += [spread[index % len(spread)] for index in range(total)]
            else:
                for preset in (None,) if presets is None else presets:
                    configured = definition.configure(players=count, preset=preset,
                                                      **(options or {}))
                    plan += [configured] * (hands if hands is not None else HANDS_EACH)
    index_of: dict[int, int] = {}
    for configured in plan:
        index = index_of.get(id(configured), 0)
        index_of[id(configured)] = index + 1
        # every other hand is played patiently, to reach long hands too
        check_hand(configured, seed * 100_003 + index, report, patient=index % 2 == 1)
    # the agents that read a search's worlds directly keep their promise, on a quarter as
    # many hands, spread over the configurations met
    configurations = list({id(configured): configured for configured in plan}.values())
    readers: dict[int, list[str]] = {}  # by definition: its agents are the same in every one
    for index in range(max(1, len(plan) // 4) if configurations else 0):
        configured = configurations[index % len(configurations)]
        names = readers.get(id(configured.definition))
        if names is None:
            names = readers[id(configured.definition)] = _world_readers(configured)
        for name in names:
            check_policy(configured, name, hands=1, seed=seed * 1_009 + index)
    return report


def _world_readers(game: Game) -> list[str]:
    """The names of the game's agents that override ``choose_in`` (one name per agent class;
    search agents, which plan on samples, are not roll-out policies)."""
    names = []
    classes: set[type] = set()
    for name in game.definition.agent_names:
        try:
            agent = game.agent(name, 0, 0)
        except (TypeError, ValueError):  # an agent that needs parameters
            continue
        kind = type(agent)
        if searches(agent) or kind in classes:
            continue
        classes.add(kind)
        if getattr(kind, "choose_in", Agent.choose_in) is not Agent.choose_in:
            names.append(name)
    return names


def check_policy(game: Game, agent: str = "normal", hands: int = 4, seed: int = 0,
                 explore: float = EXPLORE) -> ConformanceReport:
    """Check the promise of the agent ``agent``'s :meth:`~cardkit.agents.Agent.choose_in` (the
    move a search's play-outs ask for, read from the sampled world rather than a view): play
    ``hands`` hands of ``game`` with that agent in every seat (the same agents from hand to
    hand, a move in ``explore`` at random) and at every decision with a choice check that
    ``choose_in`` returns what ``choose`` of the seat's view returns, and, when the game samples
    hidden cards, what ``choose_in`` returns on a re-deal of the cards the seat cannot see
    (:class:`~cardkit.search.rollout.PolicyCheck`). Returns a report (hands, decisions
    checked); raises ``ConformanceError`` naming the seed and step of the first broken
    promise."""
    report = ConformanceReport()
    rng = random.Random(derive_seed(seed, "policy"))
    agents = [game.agent(agent, seat, derive_seed(seed, "policy", seat))
              for seat in range(game.players)]
    checks = [PolicyCheck(policy, rng.randrange(1 << 30)) for policy in agents]
    limit = game.definition.max_actions
    for index in range(hands):
        hand_seed = seed * 100_003 + index
        state = game.new_hand(seed=hand_seed)
        step = 0
        while not state.is_over:
            if step >= limit:
                _fail(game, hand_seed, step, f"hand did not end within {limit} actions")
            legal = state.legal_actions()
            seat = state.seat_to_play
            move = legal[0]
            if len(legal) > 1:
                try:
                    move = checks[seat](state, seat, legal)
                except AssertionError as error:
                    _fail(game, hand_seed, step, f"agent {agent!r}: {error}")
                report.actions += 1
                if rng.random() < explore:
                    move = legal[rng.randrange(len(legal))]
            state.apply_unchecked(move)
            step += 1
        report.hands += 1
    return report
