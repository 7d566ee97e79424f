"""Views, results and moves as JSON: the codec of the network protocol (docs/protocol.md).

Cards travel as their text (``"KH"``, ``"10H"``, ``"X1"``). The fields of a view whose type is
fixed (the hand, the discard top, revealed hands, the log) are plain JSON; the free-form parts a
game fills (``table``, ``info``, a result's ``details``) are encoded value by value, with a
one-key object tagging what plain JSON cannot say::

    {"card": "KH"}                                  a card
    {"cards": ["7H", "8H"]}                         a set of cards
    {"meld": "run", "cards": ["7H", "8H", "9H"]}    a meld (plus "represents" for wild cards)
    {"map": {"key": value}}                         a mapping with text keys
    {"pairs": [[key, value], ...]}                  a mapping with other keys (seats)

Lists are lists (decoded as tuples); numbers, text, true/false and null are themselves. Decoding
rebuilds the same objects, so the play screen renders a decoded view exactly as the original.

A spectator's view (:func:`spectator_view`) holds only what every seat sees.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.engine.match import HandContext, MatchOutcome
from cardkit.engine.records import context_from_dict
from cardkit.libraries.melds import Meld
from cardkit.values.actions import Action, parse_action
from cardkit.values.cards import Card, CardSet
from cardkit.values.results import Result, Transfer
from cardkit.values.views import Move, View

if TYPE_CHECKING:
    from cardkit.engine.state import State

__all__ = [
    "SPECTATOR",
    "CodecError",
    "decode_context",
    "decode_outcome",
    "decode_result",
    "decode_value",
    "decode_view",
    "encode_context",
    "encode_outcome",
    "encode_result",
    "encode_value",
    "encode_view",
    "spectator_view",
]

#: The ``seat`` of a spectator's view: no seat at all.
SPECTATOR = -1


class CodecError(ValueError):
    """Data that is not a valid encoded view, result or value."""


def _cards(cards: Sequence[Card]) -> list[str]:
    return [card.text for card in cards]


def _parse_cards(texts: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(texts, list | tuple) or not all(isinstance(t, str) for t in texts):
        raise CodecError(f"{where}: expected a list of card texts")
    try:
        return tuple(Card.parse(text) for text in texts)
    except ValueError as error:
        raise CodecError(f"{where}: {error}") from None


def encode_value(value: Any) -> Any:
    """A game's free-form value (table entries, info, result details) as JSON data."""
    # the common exact types first, by one dict lookup (this runs for every value of every
    # view a server sends); anything else, subclasses included, takes the checks below
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [encode_value(item) for item in value]
    if kind is dict and all(type(key) is str for key in value):
        return {"map": {key: encode_value(item) for key, item in value.items()}}
    if kind is Card:
        return {"card": value.text}
    return _encode_other(value)


_PLAIN = frozenset({type(None), bool, int, float, str})


def _encode_other(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Card):
        return {"card": value.text}
    if isinstance(value, CardSet):
        return {"cards": _cards(tuple(value))}
    if isinstance(value, Meld):
        data: dict[str, Any] = {"meld": value.kind, "cards": _cards(value.cards)}
        if value.represents != value.cards:
            data["represents"] = _cards(value.represents)
        return data
    if isinstance(value, Action):
        return str(value)
    if isinstance(value, enum.Enum):
        return encode_value(value.value)
    if isinstance(value, Mapping):
        if all(isinstance(key, str) for key in value):
            return {"map": {key: encode_value(item) for key, item in value.items()}}
        return {"pairs": [[encode_value(key), encode_value(item)]
                          for key, item in value.items()]}
    if isinstance(value, list | tuple):
        return [encode_value(item) for item in value]
    if isinstance(value, set | frozenset):
        return [encode_value(item) for item in sorted(value, key=repr)]
    return str(value)


def decode_value(data: Any) -> Any:
    """Inverse of :func:`encode_value` (lists come back as tuples)."""
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return tuple(decode_value(item) for item in data)
    if not isinstance(data, dict):
        raise CodecError(f"unexpected value {data!r}")
    if "card" in data and len(data) == 1:
        return _parse_cards([data["card"]], "card")[0]
    if "cards" in data and len(data) == 1:
        return CardSet(_parse_cards(data["cards"], "cards"))
    if "meld" in data:
        cards = _parse_cards(data.get("cards"), "meld")
        represents = _parse_cards(data.get("represents", data.get("cards")), "meld")
        if not isinstance(data["meld"], str) or len(represents) != len(cards):
            raise CodecError("meld: bad kind or represents")
        return Meld(data["meld"], cards, represents)
    if "map" in data and len(data) == 1 and isinstance(data["map"], dict):
        return {key: decode_value(item) for key, item in data["map"].items()}
    if "pairs" in data and len(data) == 1 and isinstance(data["pairs"], list):
        pairs = data["pairs"]
        if not all(isinstance(pair, list) and len(pair) == 2 for pair in pairs):
            raise CodecError("pairs: expected [key, value] lists")
        return {_hashable(decode_value(key)): decode_value(item) for key, item in pairs}
    raise CodecError(f"unknown tagged value with keys {sorted(data)}")


def _hashable(value: Any) -> Any:
    if isinstance(value, dict):
        raise CodecError("a mapping cannot be a key")
    return value


def encode_result(result: Result) -> dict[str, Any]:
    """A hand's result as JSON data."""
    return {
        "ending": result.ending,
        "winners": list(result.winners),
        "payoffs": list(result.payoffs),
        "transfers": [{"payer": t.payer, "payee": t.payee, "amount": t.amount,
                       "reason": t.reason} for t in result.transfers],
        "details": encode_value(dict(result.details)),
        "summary": result.summary,
    }


def decode_result(data: Any) -> Result:
    """Inverse of :func:`encode_result`."""
    try:
        details = decode_value(data["details"])
        return Result(
            ending=str(data["ending"]), winners=tuple(int(s) for s in data["winners"]),
            payoffs=tuple(data["payoffs"]),
            transfers=tuple(Transfer(int(t["payer"]), int(t["payee"]), t["amount"],
                                     str(t.get("reason", ""))) for t in data["transfers"]),
            details=details if isinstance(details, dict) else {},
            summary=str(data.get("summary", "")),
        )
    except (KeyError, TypeError) as error:
        raise CodecError(f"bad result: {error}") from None


def encode_view(view: View) -> dict[str, Any]:
    """A view as JSON data."""
    return {
        "game": view.game,
        "seat": view.seat,
        "players": view.players,
        "phase": view.phase,
        "current_player": view.current_player,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        "discard_top": None if view.discard_top is None else view.discard_top.text,
        "table": encode_value(view.table),
        "scores": list(view.scores),
        "history": [_move(move) for move in view.history],
        "dealer": view.dealer,
        "roles": None if view.roles is None else list(view.roles),
        "revealed": {str(seat): _cards(cards) for seat, cards in view.revealed.items()},
        "info": encode_value(dict(view.info)),
        "result": None if view.result is None else encode_result(view.result),
    }


def _move(move: Move) -> list[Any]:
    """A move of the public log on the wire: ``[seat, text]``, and the cards it made public as
    a third item when there are any (``[1, "draw discard", ["7H"]]``)."""
    if move.shown:
        return [move.seat, str(move.action), _cards(move.shown)]
    return [move.seat, str(move.action)]


def _decode_move(entry: Any) -> Move:
    """Inverse of :func:`_move`."""
    if not isinstance(entry, list) or len(entry) not in (2, 3):
        raise CodecError("a move of the history must be [seat, text] or [seat, text, cards]")
    seat, text = entry[0], entry[1]
    if not isinstance(text, str):
        raise CodecError("a move's text must be a string")
    try:
        action = parse_action(text)
    except ValueError as error:
        raise CodecError(f"history: {error}") from None
    shown = _parse_cards(entry[2], "history") if len(entry) == 3 else ()
    return Move(None if seat is None else int(seat), action, shown)


def decode_view(data: Any) -> View:
    """Inverse of :func:`encode_view`; ``CodecError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise CodecError("a view must be a JSON object")
    try:
        history = tuple(_decode_move(entry) for entry in data["history"])
        discard = data["discard_top"]
        table = decode_value(data["table"])
        info = decode_value(data["info"])
        roles = data["roles"]
        return View(
            game=str(data["game"]), seat=int(data["seat"]), players=int(data["players"]),
            phase=str(data["phase"]),
            current_player=None if data["current_player"] is None
            else int(data["current_player"]),
            hand=_parse_cards(data["hand"], "hand"),
            hand_sizes=tuple(int(n) for n in data["hand_sizes"]),
            stock_size=int(data["stock_size"]),
            discard_top=None if discard is None else _parse_cards([discard], "discard_top")[0],
            table=table if isinstance(table, tuple) else (),
            scores=tuple(data["scores"]),
            history=history,
            dealer=None if data["dealer"] is None else int(data["dealer"]),
            roles=None if roles is None else tuple(str(role) for role in roles),
            revealed={int(seat): _parse_cards(cards, "revealed")
                      for seat, cards in data["revealed"].items()},
            info=info if isinstance(info, dict) else {},
            result=None if data["result"] is None else decode_result(data["result"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, CodecError):
            raise
        raise CodecError(f"bad view: {error}") from None


def encode_context(context: HandContext) -> dict[str, Any]:
    """What the screen shows of a hand's context: dealer, hand number, totals, roles, leader
    (never the game's private ``extra``)."""
    return {"dealer": context.dealer, "hand_number": context.hand_number,
            "totals": list(context.totals),
            "roles": None if context.roles is None else list(context.roles),
            "leader": context.leader}


def decode_context(data: Any) -> HandContext:
    """Inverse of :func:`encode_context`."""
    try:
        return context_from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise CodecError(f"bad context: {error}") from None


def encode_outcome(outcome: MatchOutcome) -> dict[str, Any]:
    """A match's outcome as JSON data."""
    return {"winner": outcome.winner, "final_totals": list(outcome.final_totals),
            "summary": outcome.summary}


def decode_outcome(data: Any) -> MatchOutcome:
    """Inverse of :func:`encode_outcome`."""
    try:
        winner = data["winner"]
        return MatchOutcome(None if winner is None else int(winner),
                            tuple(data["final_totals"]), str(data.get("summary", "")))
    except (KeyError, TypeError, ValueError) as error:
        raise CodecError(f"bad outcome: {error}") from None


def decode_actions(texts: Any) -> list[Action]:
    """Legal moves from their canonical texts."""
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise CodecError("legal moves must be a list of texts")
    try:
        return [parse_action(text) for text in texts]
    except ValueError as error:
        raise CodecError(f"bad legal move: {error}") from None


def spectator_view(state: State) -> View:
    """What every seat sees, and nothing more: the public fields of the views (sizes, stock,
    discard top, table, totals, the public log, result), the ``info`` entries equal in every
    seat's view, and a seat's hand only where every other seat is shown it (the end of a hand).
    Its ``seat`` is :data:`SPECTATOR` and its hand is empty."""
    views = [state.view(seat) for seat in range(state.players)]
    first = views[0]
    info = {key: value for key, value in first.info.items()
            if all(key in view.info and view.info[key] == value for view in views[1:])}
    revealed: dict[int, tuple[Card, ...]] = {}
    for seat in range(state.players):
        others = [view for view in views if view.seat != seat]
        shown = [view.revealed.get(seat) for view in others]
        if others and all(cards is not None and cards == shown[0] for cards in shown):
            revealed[seat] = tuple(shown[0] or ())
    return attrs.evolve(first, seat=SPECTATOR, hand=(), revealed=revealed, info=info)
