"""Game records: every hand and match reproducible from game, version, options, seed or stacked
deck, and the actions. Records are JSON; loading validates everything and replays the actions,
so a corrupted or tampered file is refused with the reason (never a traceback).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.engine.context import HandContext
from cardkit.engine.registry import load_game
from cardkit.values.cards import Card
from cardkit.values.deck import derive_seed
from cardkit.values.errors import IllegalAction, RecordError
from cardkit.values.results import Endings
from cardkit.values.validate import (
    MAX_MATCH_HANDS,
    MAX_RECORD_BYTES,
    check_depth,
    check_int,
    check_number,
    check_seat,
    check_seed,
    check_text,
    kind_name,
    loads_json,
    read_text_capped,
    require,
)

if TYPE_CHECKING:
    from cardkit.engine.definition import GameDefinition
    from cardkit.engine.game import Game
    from cardkit.engine.match import Match
    from cardkit.engine.state import State

__all__ = [
    "MAX_RECORD_BYTES",
    "HandRecord",
    "MatchRecord",
    "context_from_dict",
    "load_record",
    "parse_record",
    "replay",
    "save_record",
]

HAND_FORMAT = "cardkit-hand/1"
MATCH_FORMAT = "cardkit-match/1"


#: The longest action text a record may hold (a real one is under 60 characters).
MAX_ACTION_TEXT = 200


def context_from_dict(data: Any, players: int | None = None,
                      roles: Sequence[str] | None = None, where: str = "context") -> HandContext:
    """A :class:`~cardkit.match.HandContext` from saved data (the inverse of its ``to_dict``),
    for untrusted data: every field's type and range is
    checked (seats within ``players`` when given, roles among ``roles`` when given, totals
    finite, bounded and one per seat), and each problem is a one-line
    :class:`~cardkit.errors.RecordError` naming the field (``where.dealer`` ...)."""
    require(isinstance(data, Mapping), f"{where} must be an object, not {kind_name(data)}")
    unknown = sorted(set(data) - set(_CONTEXT_FIELDS))
    require(not unknown, f"{where} has unknown field(s) {', '.join(map(repr, unknown))}; "
                         f"fields: {', '.join(_CONTEXT_FIELDS)}")
    require("dealer" in data, f"{where} is missing 'dealer'")
    seats = players if players is not None else 10**6
    dealer = check_seat(data["dealer"], f"{where}.dealer", seats)
    hand_number = check_int(data.get("hand_number", 0), f"{where}.hand_number", 0, 10**6)
    raw_totals = data.get("totals", [])
    require(isinstance(raw_totals, list | tuple),
            f"{where}.totals must be a list of numbers, not {kind_name(raw_totals)}")
    if players is not None:
        require(len(raw_totals) == players, f"{where}.totals must hold {players} numbers "
                                            f"(one per seat), not {len(raw_totals)}")
    totals = tuple(check_number(total, f"{where}.totals[{index}]")
                   for index, total in enumerate(raw_totals))
    raw_roles = data.get("roles")
    if raw_roles is not None:
        require(isinstance(raw_roles, list | tuple),
                f"{where}.roles must be a list of role names or null, not "
                f"{kind_name(raw_roles)}")
        if players is not None:
            require(len(raw_roles) == players, f"{where}.roles must name {players} roles "
                                               f"(one per seat), not {len(raw_roles)}")
        for index, role in enumerate(raw_roles):
            check_text(role, f"{where}.roles[{index}]", 40)
            if roles is not None:
                require(role in roles, f"{where}.roles[{index}] is {role!r}; roles: "
                                       + (", ".join(roles) or "none (this game has none)"))
    leader = data.get("leader")
    if leader is not None:
        leader = check_seat(leader, f"{where}.leader", seats)
    extra = data.get("extra", {})
    require(isinstance(extra, Mapping), f"{where}.extra must be an object, not "
                                        f"{kind_name(extra)}")
    check_depth(extra, f"{where}.extra")
    return HandContext(dealer=dealer, hand_number=hand_number, totals=totals, roles=raw_roles,
               leader=leader, extra=dict(extra))


#: The fields of a saved :class:`~cardkit.match.HandContext`.
_CONTEXT_FIELDS = ("dealer", "hand_number", "totals", "roles", "leader", "extra")


def _load_game(name: str, players: int, options: Mapping[str, Any],
               where: str = "record", definition: GameDefinition | None = None) -> Game:
    """The game a record names, configured as it says: from the registry, or from
    ``definition`` (a game not installed, e.g. under the conformance kit)."""
    try:
        if definition is not None:
            require(name == definition.name, f"{where} is a record of {name!r}, not of "
                                             f"{definition.name!r}")
            return definition.configure(players=players, **options)
        return load_game(name, players=players, **options)
    except RecordError:
        raise
    except (ValueError, TypeError) as error:
        raise RecordError(f"{where} cannot be replayed: {error}") from None


def _major(version: str) -> str:
    return version.split(".", 1)[0]


def _check_header(data: Any, where: str, expected_format: str,
                  definition: GameDefinition | None = None, game: Game | None = None) -> Game:
    """The fields a hand and a match share: format, game, version, players, options, seed;
    the game they name, configured (which checks the player count and every option) unless
    ``game`` is given: the match's, whose header this hand's is known to repeat."""
    require(isinstance(data, dict), f"{where}: expected a JSON object, not {kind_name(data)}")
    for key, value in data.items():
        check_depth(value, f"{where}: {key!r}")
    if "format" in data:
        require(data["format"] == expected_format,
                f"{where}: format is {data['format']!r:.40}, expected {expected_format!r}")
    for key in ("game", "version", "players", "options", "seed"):
        require(key in data, f"{where}: missing {key!r}")
    check_text(data["game"], f"{where}: 'game'", 100)
    version = check_text(data["version"], f"{where}: 'version'", 40)
    check_int(data["players"], f"{where}: 'players'", 1, 100)
    require(isinstance(data["options"], dict),
            f"{where}: 'options' must be an object, not {kind_name(data['options'])}")
    check_seed(data["seed"], f"{where}: 'seed'")
    if game is not None:
        return game
    game = _load_game(data["game"], data["players"], data["options"], where, definition)
    supported = _major(game.definition.version)
    require(_major(version) == supported,
            f"{where}: version {version!r} of {game.name} is not supported (this cardkit "
            f"reads {game.name} records of version {supported}.x)")
    return game


def _check_result(data: Any, players: int, where: str, endings: Endings | None = None) -> None:
    """A saved result's shape: ending (one the game declares, when it declares ``endings``),
    winners (seats), payoffs (finite, one per seat), transfers, details, summary."""
    require(isinstance(data, dict), f"{where} must be an object or null, not {kind_name(data)}")
    for key in ("ending", "winners", "payoffs"):
        require(key in data, f"{where} is missing {key!r}")
    check_text(data["ending"], f"{where}.ending", 100)
    if endings:
        require(data["ending"] in endings, f"{where}.ending: {endings._refusal(data['ending'])}")
    require(isinstance(data["winners"], list),
            f"{where}.winners must be a list of seats, not {kind_name(data['winners'])}")
    for index, seat in enumerate(data["winners"]):
        check_seat(seat, f"{where}.winners[{index}]", players)
    payoffs = data["payoffs"]
    require(isinstance(payoffs, list),
            f"{where}.payoffs must be a list of numbers, not {kind_name(payoffs)}")
    require(len(payoffs) == players,
            f"{where}.payoffs must hold {players} numbers (one per seat), not {len(payoffs)}")
    for index, payoff in enumerate(payoffs):
        check_number(payoff, f"{where}.payoffs[{index}]")
    transfers = data.get("transfers", [])
    require(isinstance(transfers, list),
            f"{where}.transfers must be a list, not {kind_name(transfers)}")
    for index, transfer in enumerate(transfers):
        field = f"{where}.transfers[{index}]"
        require(isinstance(transfer, dict), f"{field} must be an object")
        check_seat(transfer.get("payer"), f"{field}.payer", players)
        check_seat(transfer.get("payee"), f"{field}.payee", players)
        check_number(transfer.get("amount"), f"{field}.amount")
    require(isinstance(data.get("details", {}), dict), f"{where}.details must be an object")
    check_text(data.get("summary", ""), f"{where}.summary")
    unknown = sorted(set(data) - set(_RESULT_FIELDS))
    require(not unknown, f"{where} has unknown field(s) {', '.join(map(repr, unknown))}")


_RESULT_FIELDS = ("ending", "winners", "payoffs", "transfers", "details", "summary")


def _compare_result(state: State, saved: Mapping[str, Any] | None, where: str) -> None:
    """The replay's result must be the saved one, field by field (a file changed by hand
    is refused, naming the first field that differs)."""
    if state.result is None:
        require(saved is None, f"{where}: the record says the hand ended "
                               f"({saved.get('ending') if saved else ''!s:.30}) but its replay "
                               "has not ended (actions missing?)")
        return
    require(saved is not None, f"{where}: 'result' is missing but the replay ends the hand "
                               "(file altered?)")
    assert saved is not None
    # through JSON, so tuples compare as the lists the file holds
    actual = json.loads(json.dumps(state.result.to_dict()))
    for key in _RESULT_FIELDS:
        mine, theirs = actual.get(key), saved.get(key, [] if key == "transfers" else
                                                  {} if key == "details" else
                                                  "" if key == "summary" else None)
        require(mine == theirs, f"{where}: result.{key} does not match its replay: saved "
                                f"{_brief(theirs)}, the replay gives {_brief(mine)} "
                                "(file altered?)")


#: The longest bot name a record's ``seats`` holds (a ladder rung, a factory's import path or
#: a policy file's path).
MAX_BOT_NAME = 1_000


def _seats_of(data: dict[str, Any]) -> tuple[tuple[str | None, ...] | None, float | None,
                                              int | None]:
    """A match record's optional seats, think and playouts, checked."""
    seats, think, playouts = data.get("seats"), data.get("think"), data.get("playouts")
    if seats is not None:
        require(isinstance(seats, list) and len(seats) == data["players"],
                f"record: 'seats' must list the {data['players']} seats")
        for number, bot in enumerate(seats):
            require(bot is None or (isinstance(bot, str) and 0 < len(bot) <= MAX_BOT_NAME
                                    and bot.isprintable()),
                    f"record: seat {number} in 'seats' must be a bot's name or null (a person)")
        seats = tuple(seats)
    if think is not None:
        require(not isinstance(think, bool) and isinstance(think, int | float)
                and 0 < think <= 86_400, "record: 'think' must be seconds above 0, at most a day")
        think = float(think)
    if playouts is not None:
        check_int(playouts, "record: 'playouts'", 1, 10**9)
    return seats, think, playouts


def _brief(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


@attrs.frozen
class HandRecord:
    """One hand: enough to replay it exactly. ``result`` is what the hand ended with when it was
    saved (checked again on replay); None for a hand still in progress."""

    game: str
    version: str
    players: int
    options: Mapping[str, Any]
    seed: int
    deck: tuple[str, ...] | None
    context: Mapping[str, Any]
    actions: tuple[str, ...]
    result: Mapping[str, Any] | None = None

    @classmethod
    def of_state(cls, state: State) -> HandRecord:
        """The record of ``state`` as it is now."""
        return cls(
            game=state.game.name,
            version=state.game.definition.version,
            players=state.players,
            options=dict(state.options),
            seed=state.seed,
            deck=None if state.stacked is None else tuple(c.text for c in state.stacked),
            context=state.context.to_dict(),
            actions=tuple(str(action) for _, action in state.history),
            result=None if state.result is None else state.result.to_dict(),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data, tagged with the format."""
        data = attrs.asdict(self, recurse=False)
        data["deck"] = None if self.deck is None else list(self.deck)
        data["actions"] = list(self.actions)
        data["options"] = dict(self.options)
        data["context"] = dict(self.context)
        return {"format": HAND_FORMAT, **data}

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any, where: str = "record",
                  definition: GameDefinition | None = None) -> HandRecord:
        """Validate plain data: every field's type and range, against the game it names (its
        player counts, options, roles and supported version; ``definition`` stands for a game
        that is not installed). ``RecordError`` naming the field and the problem; the actions
        are checked when the hand is replayed."""
        try:
            return cls._from_dict(data, where, definition)
        except RecursionError:
            raise RecordError(f"{where}: nested too deeply") from None

    @classmethod
    def _from_dict(cls, data: Any, where: str, definition: GameDefinition | None,
                   game: Game | None = None) -> HandRecord:
        game = _check_header(data, where, HAND_FORMAT, definition, game)
        players = game.players
        for key in ("context", "actions"):
            require(key in data, f"{where}: missing {key!r}")
        actions = data["actions"]
        require(isinstance(actions, list),
                f"{where}: 'actions' must be a list, not {kind_name(actions)}")
        require(len(actions) <= game.definition.max_actions,
                f"{where}: 'actions' holds {len(actions)} moves; a hand of {game.name} has at "
                f"most {game.definition.max_actions}")
        for step, text in enumerate(actions, start=1):
            require(isinstance(text, str), f"{where}: action {step} must be text, not "
                                           f"{kind_name(text)}")
            require(len(text) <= MAX_ACTION_TEXT, f"{where}: action {step} is too long "
                                                  f"({len(text)} characters)")
        deck = data.get("deck")
        require(deck is None or (isinstance(deck, list) and all(isinstance(c, str) for c in deck)),
                f"{where}: 'deck' must be a list of card texts or null")
        if deck is not None:
            size = len(game.deck_spec.cards)
            require(len(deck) <= size, f"{where}: 'deck' holds {len(deck)} cards; the deck has "
                                       f"{size}")
        context_from_dict(data["context"], players, game.definition.roles,
                              f"{where}: context")
        result = data.get("result")
        if result is not None:
            _check_result(result, players, f"{where}: result",
                          game.definition.state_class.ENDINGS)
        unknown = sorted(set(data) - {"format", *attrs.fields_dict(cls)})
        require(not unknown, f"{where}: unknown field(s) {', '.join(map(repr, unknown))}")
        return cls(
            game=data["game"], version=data["version"], players=players,
            options=data["options"], seed=data["seed"],
            deck=None if deck is None else tuple(deck), context=data["context"],
            actions=tuple(actions), result=result,
        )

    def _game(self, where: str = "record") -> Game:
        return _load_game(self.game, self.players, self.options, where)

    def start(self, game: Game | None = None) -> State:
        """The hand as dealt (before any action)."""
        game = game or self._game()
        try:
            deck = None if self.deck is None else [Card.parse(t) for t in self.deck]
            context = context_from_dict(self.context, game.players, game.definition.roles)
            return game.new_hand(seed=self.seed, deck=deck, context=context)
        except RecordError:
            raise
        except (ValueError, TypeError, KeyError, IndexError) as error:
            # game-specific context data (``extra``) a game could not use
            raise RecordError(f"record cannot be replayed: {error}") from None

    def states(self, game: Game | None = None) -> Iterator[State]:
        """Every intermediate state: as dealt, then after each action (each one a new copy)."""
        state = self.start(game)
        yield state.clone()
        for step, text in enumerate(self.actions, start=1):
            _apply(state, text, f"step {step}")
            yield state.clone()

    def replay(self, game: Game | None = None, where: str = "record") -> State:
        """The final state, checked against the whole saved result (ending, winners, payoffs,
        transfers, details and summary)."""
        state = self.start(game)
        for step, text in enumerate(self.actions, start=1):
            _apply(state, text, f"step {step}" if where == "record" else f"{where}, step {step}")
        _compare_result(state, self.result, where)
        return state


def _apply(state: State, text: str, where: str) -> None:
    """Apply one recorded action; an illegal one (or a move after the end) is a RecordError."""
    try:
        action = state.parse(text)
        state.apply(action)
    except IllegalAction as error:
        raise RecordError(f"{where}: {text!r} is illegal: {error}") from None
    # a record holds each move as the game writes it; another spelling means the file was edited
    require(str(action) == text, f"{where}: {text!r} is not written as the game writes that "
                                 f"move ({str(action)!r}): file altered?")


@attrs.frozen
class MatchRecord:
    """A match: its seed, an optional hand limit, and every hand so far; and, for a game saved
    at a screen, who sat where (``seats``: per seat the bot's name, None for a person) and the
    searching bots' budget (``think`` seconds, ``playouts`` a move), so it resumes against the
    same bots. None where unknown (a match saved by the API, or by an older cardkit)."""

    game: str
    version: str
    players: int
    options: Mapping[str, Any]
    seed: int
    hands_limit: int | None
    hands: tuple[HandRecord, ...]
    seats: tuple[str | None, ...] | None = None
    think: float | None = None
    playouts: int | None = None

    @classmethod
    def of_match(cls, match: Match) -> MatchRecord:
        """The record of ``match`` as it is now."""
        game = match.game
        return cls(game.name, game.definition.version, game.players, dict(game.options),
                   match.seed, match.hands_limit,
                   tuple(state.record() for state in match.hands))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data, tagged with the format."""
        return {
            "format": MATCH_FORMAT, "game": self.game, "version": self.version,
            "players": self.players, "options": dict(self.options), "seed": self.seed,
            "hands_limit": self.hands_limit,
            "hands": [hand.to_dict() for hand in self.hands],
            # who sat where only where it is known, so a match saved by the API reads alike
            **({} if self.seats is None else {"seats": list(self.seats)}),
            **({} if self.think is None else {"think": self.think}),
            **({} if self.playouts is None else {"playouts": self.playouts}),
        }

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any, definition: GameDefinition | None = None) -> MatchRecord:
        """Validate plain data: the header as for a hand, the hand limit, and every hand (each
        of the header's game, players, version and options). ``RecordError`` naming the
        problem."""
        try:
            return cls._from_dict(data, definition)
        except RecursionError:
            raise RecordError("record: nested too deeply") from None

    @classmethod
    def _from_dict(cls, data: Any, definition: GameDefinition | None) -> MatchRecord:
        require(isinstance(data, dict), f"record: expected a JSON object, not {kind_name(data)}")
        require(data.get("format") == MATCH_FORMAT,
                f"record: format is {data.get('format')!r:.40}, expected {MATCH_FORMAT!r}")
        require("hands" in data, "record: missing 'hands'")
        require(isinstance(data["hands"], list),
                f"record: 'hands' must be a list, not {kind_name(data['hands'])}")
        require(bool(data["hands"]), "record: a match record holds at least one hand")
        # the cheap checks first: a huge file is refused before its hands are read one by one
        require(len(data["hands"]) <= MAX_MATCH_HANDS,
                f"record: {len(data['hands'])} hands; a match plays at most {MAX_MATCH_HANDS}")
        game = _check_header(data, "record", MATCH_FORMAT, definition)
        limit = data.get("hands_limit")
        if limit is not None:
            check_int(limit, "record: 'hands_limit'", 1, MAX_MATCH_HANDS)
        if limit is not None:
            require(len(data["hands"]) <= limit, f"record: {len(data['hands'])} hands, more "
                                                 f"than its 'hands_limit' of {limit}")
        unknown = sorted(set(data) - {"format", *attrs.fields_dict(cls)})
        require(not unknown, f"record: unknown field(s) {', '.join(map(repr, unknown))}")
        hands = []
        for index, hand in enumerate(data["hands"]):
            where = f"hand {index + 1}"
            require(isinstance(hand, dict), f"{where}: expected a JSON object, not "
                                            f"{kind_name(hand)}")
            for key in ("game", "version", "players", "options"):
                require(hand.get(key) == data[key],
                        f"{where}: {key!r} is {_brief(hand.get(key))}, but the match's is "
                        f"{_brief(data[key])}")
            require(hand.get("seed") == derive_seed(data["seed"], "hand", index)
                    and hand.get("deck") is None,
                    f"{where}: does not follow from the match seed (file altered?)")
            try:
                hands.append(HandRecord._from_dict(hand, where, definition, game))
            except RecursionError:
                raise RecordError(f"{where}: nested too deeply") from None
        return cls(data["game"], data["version"], data["players"], data["options"],
                   data["seed"], limit, tuple(hands), *_seats_of(data))

    def resume(self) -> Match:
        """Rebuild the match by replaying every hand; play continues from where it stopped.
        Each hand must match what the match itself deals (seed, context) and end with its
        saved result. A match whose last hand ended is settled again: a finished match
        resumes finished (``is_over``, ``outcome``, totals with the last hand)."""
        game = _load_game(self.game, self.players, self.options)
        match = game.new_match(seed=self.seed, hands=self.hands_limit)
        for index, hand in enumerate(self.hands):
            where = f"hand {index + 1}"
            require(match.current.seed == hand.seed and hand.deck is None,
                    f"{where}: does not follow from the match seed (file altered?)")
            saved = context_from_dict(hand.context, game.players, game.definition.roles,
                                          f"{where}: context")
            require(match.current.context.to_dict() == saved.to_dict(),
                    f"{where}: its context (dealer, totals, roles) does not follow from the "
                    "match (file altered?)")
            state = match.current
            for step, text in enumerate(hand.actions, start=1):
                _apply(state, text, f"{where}, step {step}")
            _compare_result(state, hand.result, where)
            if index < len(self.hands) - 1:
                require(state.is_over, f"{where}: ends before the hand is over")
                match.next_hand()
                require(not match.is_over, f"{where}: the match ended before the last hand")
        if match.current.is_over:
            match.next_hand()
        return match


def parse_record(text: str,
                 definition: GameDefinition | None = None) -> HandRecord | MatchRecord:
    """A record from JSON text (hand or match); ``RecordError`` with the reason otherwise (an
    object naming a key twice included). ``definition`` checks it against a game that is not
    installed (the conformance kit)."""
    data = loads_json(text, "not a cardkit record")
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        return MatchRecord.from_dict(data, definition)
    if isinstance(data, dict) and data.get("format") == HAND_FORMAT:
        return HandRecord.from_dict(data, definition=definition)
    raise RecordError("not a cardkit record: no 'format' field of "
                      f"{HAND_FORMAT!r} or {MATCH_FORMAT!r}")


def load_record(path: str | Path) -> HandRecord | MatchRecord:
    """Read and validate a record file: refused before it is read whole when it is not a
    regular file or is larger than :data:`MAX_RECORD_BYTES` (a leading UTF-8 byte-order mark
    is accepted)."""
    return parse_record(read_text_capped(path, MAX_RECORD_BYTES, "cardkit record"))


def save_record(record: HandRecord | MatchRecord, path: str | Path) -> None:
    """Write a record as JSON."""
    Path(path).write_text(record.to_json() + "\n", encoding="utf-8")


def replay(record: HandRecord | MatchRecord) -> State | Match:
    """Replay a record to its end: the final state of a hand, or the resumed match."""
    return record.replay() if isinstance(record, HandRecord) else record.resume()
