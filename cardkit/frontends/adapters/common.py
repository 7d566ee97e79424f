"""What the three adapters share: configuring a game from a name, naming agents by strength,
and drawing a seat's view as text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit.engine.agents import Agent
from cardkit.engine.game import Game
from cardkit.services.registry import load_game
from cardkit.values.actions import Action
from cardkit.values.cards import format_cards
from cardkit.values.views import View, seat_name

__all__ = ["LADDER", "configured", "ladder_agent", "view_text"]

#: The strengths offered to players, and the agent each falls back to when a game has no agent
#: of that name: ``easy`` plays at random, ``normal`` greedily, ``hard`` searches.
LADDER = {"easy": ("random",), "normal": ("greedy", "random"), "hard": ("hard", "search")}


def configured(game: str | Game, players: int | None, options: dict[str, Any]) -> Game:
    """A configured game from a name (``ValueError`` for a bad name, count or option) or a
    :class:`Game` as it is (then ``players`` and ``options`` must be unset)."""
    if isinstance(game, Game):
        if (players is not None and players != game.players) or options:
            raise ValueError("pass players and options to load_game, not with a Game")
        return game
    return load_game(game, players=players, **options)


def ladder_agent(game: Game, name: str, seat: int, seed: int) -> Agent:
    """The agent called ``name`` (one of the game's agents, or a ladder strength)."""
    offered = game.definition.agent_names
    if name in offered:
        return game.agent(name, seat=seat, seed=seed)
    for fallback in LADDER.get(name, ()):
        if fallback in offered:
            return game.agent(fallback, seat=seat, seed=seed)
    choices = ", ".join([*offered, *(n for n in LADDER if n not in offered)])
    raise ValueError(f"{game.name} has no agent {name!r}; agents: {choices}")


def view_text(view: View, moves: Mapping[int, Action] | None = None) -> str:
    """What the play screen shows a seat, as plain text: scores, the table, the discard top,
    hand sizes and the stock, the last moves, the seat's hand, and its legal ``moves`` (by
    their index in the action catalogue)."""
    lines = [f"{view.game} - {seat_name(view.seat)}, phase {view.phase}"]
    if view.scores:
        lines.append("scores: " + ", ".join(f"{seat_name(s)} {v:g}"
                                            for s, v in enumerate(view.scores)))
    for number, entry in enumerate(view.table, 1):
        lines.append(f"table {number}: {_entry_text(entry)}")
    if view.discard_top is not None:
        lines.append(f"discard pile: {view.discard_top.text}")
    sizes = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(view.hand_sizes))
    lines.append(f"cards held: {sizes}; stock {view.stock_size}")
    for move in view.history[-6:]:
        seat = move.seat
        lines.append(f"  {'' if seat is None else seat_name(seat) + ': '}{move}")
    for seat, cards in sorted(view.revealed.items()):
        lines.append(f"{seat_name(seat)} shows: {format_cards(cards)}")
    lines.append(f"your hand: {format_cards(view.hand)}")
    if view.result is not None:
        lines.append(f"hand over: {getattr(view.result, 'summary', view.result)}")
    elif view.current_player == view.seat and moves:
        lines.append("moves: " + " | ".join(f"{index} {action}"
                                            for index, action in moves.items()))
    else:
        turn = view.current_player
        lines.append(f"waiting for {seat_name(turn)}" if turn is not None else "")
    return "\n".join(lines)


def _entry_text(entry: Any) -> str:
    if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], int):
        return f"{_entry_text(entry[1])} ({seat_name(entry[0])})"
    if hasattr(entry, "cards"):
        return format_cards(entry.cards)
    if isinstance(entry, tuple | list):
        return format_cards(entry)
    return str(entry)
