"""Rendering hands, tables and results for the terminal (rich), shared by play and replay.

Cards show as ``7♥`` in colour (red hearts and diamonds) on a colour terminal, and as their
plain text ``7H`` — the same text a player types — when colour is off (``NO_COLOR`` set, or
output that is not a terminal). Everything here works from a :class:`cardkit.View` and the
game's definition, so it serves any installed game.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.columns import Columns
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.actions import Action
from cardkit.cards import Card, CardSet

if TYPE_CHECKING:
    from cardkit import Game, Result, View

__all__ = [
    "Style",
    "group_hand",
    "make_console",
    "render_actions",
    "render_details",
    "render_result",
    "render_view",
]


def make_console(stderr: bool = False) -> Console:
    """A console: colour only on a terminal and without ``NO_COLOR``; no automatic markup."""
    no_color = "NO_COLOR" in os.environ
    return Console(stderr=stderr, highlight=False, emoji=False, no_color=no_color,
                   soft_wrap=False)


class Style:
    """How cards look on one console: coloured symbols, or plain card text."""

    def __init__(self, console: Console, game: Game | None = None) -> None:
        self.console = console
        self.fancy = (console.is_terminal and console.color_system is not None
                      and not console.no_color)
        # a move's cards are shown in the game's own order (Tiến Lên: Q K A, not A Q K)
        self.card_order = None if game is None else display_key(game)

    def card(self, card: Card) -> Text:
        """One card."""
        if not self.fancy:
            return Text(card.text)
        if card.is_joker:
            return Text(card.unicode, style="magenta")
        return Text(card.unicode, style="red" if card.suit.is_red else "bold")

    def cards(self, cards: Iterable[Card], brackets: bool = False) -> Text:
        """Cards separated by spaces, optionally in brackets (a meld)."""
        parts: list[Text] = []
        for card in cards:
            if parts:
                parts.append(Text(" "))
            parts.append(self.card(card))
        text = Text.assemble(*parts)
        return Text.assemble("[", text, "]") if brackets else text

    def action(self, action: Action | str) -> Text:
        """An action's text (what a player types), cards coloured and, when the style knows
        the game, in the game's card order (any order parses back to the same move)."""
        text = action.text(self.card_order) if isinstance(action, Action) else action
        words = text.split()
        out: list[Text | str] = []
        for word in words:
            if out:
                out.append(" ")
            card = _card_or_none(word)
            out.append(Text(word, style=_card_colour(card)) if card and self.fancy else word)
        return Text.assemble(*out)


def _card_or_none(word: str) -> Card | None:
    token = word.split("=")[0]
    if token.isdigit() or not any(ch.isdigit() or ch in "AJQKXajqkx" for ch in token[:1]):
        return None
    try:
        return Card.parse(token)
    except ValueError:
        return None


def _card_colour(card: Card) -> str:
    if card.is_joker:
        return "magenta"
    return "red" if card.suit.is_red else "bold"


def group_hand(cards: Iterable[Card], game: Game) -> tuple[list[tuple[Card, ...]],
                                                          tuple[Card, ...], int | None]:
    """A hand as the player should see it: ``(melds, rest, deadwood value)``.

    Rummy games (the definition offers ``meld_rules``): the best arrangement's melds, then the
    deadwood and its value. Climbing games (``climbing_rules``): no melds, the hand in the game's
    card order. Otherwise: no melds, the hand by suit and rank, value None.
    """
    hand = list(cards)
    definition = game.definition
    if definition.meld_rules is not None:
        from cardkit.melds import best_arrangement

        arrangement = best_arrangement(CardSet(hand), definition.meld_rules(game.options))
        return ([tuple(meld.cards) for meld in arrangement.melds], tuple(arrangement.deadwood),
                arrangement.deadwood_value)
    if definition.climbing_rules is not None:
        return [], tuple(sorted(hand, key=display_key(game))), None
    return [], tuple(sorted(hand, key=lambda card: (card.suit if card.suit is not None else 9,
                                                    card.rank or 0, card.index))), None


def display_key(game: Game) -> Callable[[Card], Any]:
    """How ``game`` orders cards for display: climbing games by their card strength (3 low,
    2 high in Tiến Lên), others by rank then suit."""
    if game.definition.climbing_rules is None:
        return lambda card: card.sort_key
    rules = game.definition.climbing_rules(game.options)

    def strength(card: Card) -> tuple[int, int]:
        try:
            return (0, rules.strength(card))
        except (ValueError, IndexError):
            return (1, card.index)

    return strength


def hand_text(style: Style, cards: Iterable[Card], game: Game) -> Text:
    """A hand grouped into melds and the rest, e.g. ``[7♥ 8♥ 9♥]  2♣ 5♦  (deadwood 7)``."""
    melds, rest, value = group_hand(cards, game)
    if not melds and not rest:
        return Text("(no cards)", style="dim")
    parts: list[Text | str] = []
    for meld in melds:
        parts += [style.cards(meld, brackets=True), "  "]
    if not melds and game.definition.meld_rules is None and game.definition.climbing_rules is None:
        # group by suit
        suits: dict[Any, list[Card]] = {}
        for card in rest:
            suits.setdefault(card.suit, []).append(card)
        for index, group in enumerate(suits.values()):
            if index:
                parts.append("   ")
            parts.append(style.cards(group))
    else:
        parts.append(style.cards(rest))
    if value is not None:
        parts.append(Text(f"  (deadwood {value})", style="dim"))
    return Text.assemble(*parts)


def _plain(value: Any) -> str:
    """A detail value as short text: cards and lists of cards as card texts."""
    if isinstance(value, Card):
        return value.text
    if isinstance(value, CardSet):
        return " ".join(card.text for card in value)
    if hasattr(value, "cards") and hasattr(value, "kind"):  # a Meld
        return " ".join(card.text for card in value.cards)
    if isinstance(value, Mapping):
        return ", ".join(f"{key}: {_plain(item)}" for key, item in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        items = list(value)
        if not items:
            return "none"
        if items and all(isinstance(item, list | tuple) for item in items):
            return "  ".join(f"[{_plain(item)}]" for item in items)
        return " ".join(_plain(item) for item in items) if all(
            isinstance(item, Card | str) for item in items) else ", ".join(
            _plain(item) for item in items)
    if isinstance(value, float):
        return f"{value:g}"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def render_details(details: Mapping[str, Any], indent: str = "  ") -> list[Text]:
    """Generic ``key: value`` lines for a view's ``info`` or a result's ``details``."""
    return [Text(f"{indent}{str(key).replace('_', ' ')}: {_plain(value)}")
            for key, value in details.items()]


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """``seat 1 (greedy)``-style name."""
    if names is None:
        return f"seat {seat}"
    return f"seat {seat} ({names[seat]})"


def render_view(console: Console, view: View, game: Game, names: Sequence[str] | None = None,
                prompt: str = "", hand_number: int | None = None) -> None:
    """The table as ``view.seat`` sees it: players, stock, discard, melds, info, own hand."""
    style = Style(console)
    title = game.name
    where = f" · hand {hand_number + 1}" if hand_number is not None else ""
    if view.current_player is None:
        turn = "hand over"
    elif view.current_player == view.seat:
        turn = f"your turn (seat {view.seat})"
    else:
        turn = f"{seat_name(view.current_player, names)} to play"
    console.rule(Text(f"{title}{where} · {turn}", style="bold"))
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="dim")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("cards", justify="right")
    table.add_column("total", justify="right")
    table.add_column("")
    for seat in range(view.players):
        marks = []
        if view.dealer == seat:
            marks.append("dealer")
        if view.roles:
            marks.append(str(view.roles[seat]))
        if seat == view.current_player:
            marks.append("◀ to play" if style.fancy else "<- to play")
        name = names[seat] if names else ""
        total = _plain(view.scores[seat]) if len(view.scores) > seat else ""
        size = str(view.hand_sizes[seat]) if len(view.hand_sizes) > seat else ""
        table.add_row(str(seat), name, size, total, ", ".join(marks),
                      style="bold" if seat == view.seat else None)
    console.print(table)
    # games without a stock or a discard pile (climbing games) show neither
    pile: list[Text | str] = []
    if view.stock_size or view.discard_top is not None:
        pile.append(f"stock: {view.stock_size}")
    if view.discard_top is not None:
        pile += ["   discard top: ", style.card(view.discard_top)]
    if pile:
        console.print(Text.assemble(*pile))
    if view.table:
        console.print("table:")
        for number, entry in enumerate(view.table, start=1):
            console.print(_table_entry(style, number, entry, names))
    if view.info:
        console.print(Text(" · ".join(f"{str(key).replace('_', ' ')}: {_plain(value)}"
                                      for key, value in view.info.items()), style="dim"))
    for seat, cards in sorted(view.revealed.items()):
        if seat != view.seat:
            console.print(Text.assemble(f"{seat_name(seat, names)} shows you: ",
                                        hand_text(style, cards, game)))
    console.print(Text.assemble(Text("your hand: ", style="bold"),
                                hand_text(style, view.hand, game)))
    if prompt and view.current_player == view.seat:
        console.print(Text(f"{view.phase}: {prompt}", style="cyan"))


def _table_entry(style: Style, number: int, entry: Any, names: Sequence[str] | None) -> Text:
    """One numbered table entry: ``(owner, meld)`` for rummy games, anything else as text."""
    if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], int):
        owner, item = entry
        cards = getattr(item, "cards", None)
        body = style.cards(cards) if cards is not None else Text(_plain(item))
        return Text.assemble(f"  {number}. ", body, Text(f"   ({seat_name(owner, names)})",
                                                           style="dim"))
    cards = getattr(entry, "cards", None)
    if cards is not None:
        return Text.assemble(f"  {number}. ", style.cards(cards))
    return Text(f"  {number}. {_plain(entry)}")


def render_actions(console: Console, actions: Sequence[Action],
                   game: Game | None = None) -> None:
    """The legal moves, numbered from 1, in columns."""
    style = Style(console, game)
    cells = [Text.assemble(Text(f"{number:>2}. ", style="cyan"), style.action(action))
             for number, action in enumerate(actions, start=1)]
    console.print(Columns(cells, padding=(0, 3), equal=True, column_first=True))


def render_result(console: Console, result: Result, state: Any,
                  names: Sequence[str] | None = None) -> None:
    """The end of a hand: every hand revealed (arranged), the summary, the transfers, the
    payoffs and the game's details."""
    style = Style(console)
    game = state.game
    console.rule(Text("hand over", style="bold"))
    final = state.view(0)
    for seat in range(state.players):
        cards = final.revealed.get(seat, final.hand if seat == 0 else None)
        if cards is None:
            continue
        console.print(Text.assemble(f"{seat_name(seat, names)}: ",
                                    hand_text(style, cards, game)))
    if final.table:
        console.print("table:")
        for number, entry in enumerate(final.table, start=1):
            console.print(_table_entry(style, number, entry, names))
    headline = result.summary or result.ending
    winners = ", ".join(seat_name(seat, names) for seat in result.winners) or "nobody"
    console.print(Text(f"{headline}", style="bold green"))
    console.print(f"ending: {result.ending}; winner: {winners}")
    for transfer in result.transfers:
        why = f" ({transfer.reason})" if transfer.reason else ""
        console.print(f"  {seat_name(transfer.payer, names)} pays "
                      f"{seat_name(transfer.payee, names)} {transfer.amount:g}{why}")
    console.print("this hand: " + ", ".join(
        f"{seat_name(seat, names)} {payoff:+g}" for seat, payoff in enumerate(result.payoffs)))
    for line in render_details(result.details):
        console.print(line)


def render_totals(console: Console, totals: Sequence[float],
                  names: Sequence[str] | None = None, label: str = "totals") -> None:
    """Running totals, one seat after another."""
    console.print(f"{label}: " + ", ".join(
        f"{seat_name(seat, names)} {_plain(total)}" for seat, total in enumerate(totals)))
