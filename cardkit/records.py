"""Game records: every hand and match reproducible from game, version, options, seed or stacked
deck, and the actions. Records are JSON; loading validates everything and replays the actions,
so a corrupted or tampered file is refused with the reason (never a traceback).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.cards import Card
from cardkit.errors import IllegalAction, RecordError
from cardkit.game import HandContext

if TYPE_CHECKING:
    from cardkit.game import Game
    from cardkit.match import Match
    from cardkit.state import State

__all__ = [
    "HandRecord",
    "MatchRecord",
    "load_record",
    "parse_record",
    "replay",
    "save_record",
]

HAND_FORMAT = "cardkit-hand/1"
MATCH_FORMAT = "cardkit-match/1"


def _load_game(name: str, players: int, options: Mapping[str, Any]) -> Game:
    from cardkit.registry import load_game

    try:
        return load_game(name, players=players, **options)
    except ValueError as error:
        raise RecordError(f"record cannot be replayed: {error}") from None


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
    def from_dict(cls, data: Any, where: str = "record") -> HandRecord:
        """Validate plain data; ``RecordError`` naming the first problem."""
        _require(isinstance(data, dict), f"{where}: expected a JSON object")
        if "format" in data:
            _require(data["format"] == HAND_FORMAT, f"{where}: format is {data['format']!r}, "
                     f"expected {HAND_FORMAT!r}")
        for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int),
                          ("context", dict), ("actions", list)):
            _require(key in data, f"{where}: missing {key!r}")
            _require(isinstance(data[key], kind), f"{where}: {key!r} must be a {kind.__name__}")
        _require(all(isinstance(a, str) for a in data["actions"]),
                 f"{where}: every action must be text")
        deck = data.get("deck")
        _require(deck is None or (isinstance(deck, list) and all(isinstance(c, str) for c in deck)),
                 f"{where}: 'deck' must be a list of card texts or null")
        try:
            HandContext.from_dict(data["context"])
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"{where}: bad context: {error}") from None
        return cls(
            game=data["game"], version=str(data.get("version", "")), players=data["players"],
            options=data["options"], seed=data["seed"],
            deck=None if deck is None else tuple(deck), context=data["context"],
            actions=tuple(data["actions"]), result=data.get("result"),
        )

    def start(self, game: Game | None = None) -> State:
        """The hand as dealt (before any action)."""
        game = game or _load_game(self.game, self.players, self.options)
        try:
            deck = None if self.deck is None else [Card.parse(t) for t in self.deck]
            return game.new_hand(seed=self.seed, deck=deck,
                                 context=HandContext.from_dict(self.context))
        except ValueError as error:
            raise RecordError(f"record cannot be replayed: {error}") from None

    def states(self, game: Game | None = None) -> Iterator[State]:
        """Every intermediate state: as dealt, then after each action (each one a new copy)."""
        state = self.start(game)
        yield state.clone()
        for step, text in enumerate(self.actions, start=1):
            try:
                state.apply(text)
            except IllegalAction as error:
                raise RecordError(f"step {step}: {text!r} is illegal: {error}") from None
            yield state.clone()

    def replay(self, game: Game | None = None) -> State:
        """The final state, checked against the saved result."""
        state = self.start(game)
        for step, text in enumerate(self.actions, start=1):
            try:
                state.apply(text)
            except IllegalAction as error:
                raise RecordError(f"step {step}: {text!r} is illegal: {error}") from None
        if self.result is not None:
            actual = None if state.result is None else state.result.to_dict()
            _require(actual is not None and list(actual["payoffs"]) == list(self.result["payoffs"])
                     and actual["ending"] == self.result.get("ending"),
                     "record's saved result does not match its replay (file altered?)")
        return state


@attrs.frozen
class MatchRecord:
    """A match: its seed, an optional hand limit, and every hand so far."""

    game: str
    version: str
    players: int
    options: Mapping[str, Any]
    seed: int
    hands_limit: int | None
    hands: tuple[HandRecord, ...]

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
        }

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        """Validate plain data; ``RecordError`` naming the first problem."""
        _require(isinstance(data, dict), "record: expected a JSON object")
        _require(data.get("format") == MATCH_FORMAT,
                 f"record: format is {data.get('format')!r}, expected {MATCH_FORMAT!r}")
        for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int),
                          ("hands", list)):
            _require(key in data, f"record: missing {key!r}")
            _require(isinstance(data[key], kind), f"record: {key!r} must be a {kind.__name__}")
        limit = data.get("hands_limit")
        _require(limit is None or isinstance(limit, int), "record: 'hands_limit' must be a number")
        hands = tuple(HandRecord.from_dict(h, f"hand {i + 1}") for i, h in enumerate(data["hands"]))
        _require(bool(hands), "record: a match record holds at least one hand")
        return cls(data["game"], str(data.get("version", "")), data["players"], data["options"],
                   data["seed"], limit, hands)

    def resume(self) -> Match:
        """Rebuild the match by replaying every hand; play continues from where it stopped.
        Each hand must match what the match itself deals (seed, context)."""
        game = _load_game(self.game, self.players, self.options)
        match = game.new_match(seed=self.seed, hands=self.hands_limit)
        for index, hand in enumerate(self.hands):
            where = f"hand {index + 1}"
            _require(match.current.context.to_dict() == dict(hand.context)
                     and match.current.seed == hand.seed,
                     f"{where}: does not follow from the match seed (file altered?)")
            for step, text in enumerate(hand.actions, start=1):
                try:
                    match.current.apply(text)
                except IllegalAction as error:
                    raise RecordError(f"{where}, step {step}: {text!r} is illegal: {error}") \
                        from None
            if index < len(self.hands) - 1:
                _require(match.current.is_over, f"{where}: ends before the hand is over")
                match.next_hand()
                _require(not match.is_over, f"{where}: the match ended before the last hand")
        return match


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise RecordError(message)


def parse_record(text: str) -> HandRecord | MatchRecord:
    """A record from JSON text (hand or match); ``RecordError`` with the reason otherwise."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not a cardkit record: invalid JSON at line {error.lineno}, "
                          f"column {error.colno} ({error.msg})") from None
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT:
        return MatchRecord.from_dict(data)
    if isinstance(data, dict) and data.get("format") == HAND_FORMAT:
        return HandRecord.from_dict(data)
    raise RecordError("not a cardkit record: no 'format' field of "
                      f"{HAND_FORMAT!r} or {MATCH_FORMAT!r}")


def load_record(path: str | Path) -> HandRecord | MatchRecord:
    """Read and validate a record file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file") from None
    return parse_record(text)


def save_record(record: HandRecord | MatchRecord, path: str | Path) -> None:
    """Write a record as JSON."""
    Path(path).write_text(record.to_json() + "\n", encoding="utf-8")


def replay(record: HandRecord | MatchRecord) -> State | Match:
    """Replay a record to its end: the final state of a hand, or the resumed match."""
    return record.replay() if isinstance(record, HandRecord) else record.resume()
