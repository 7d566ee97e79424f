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

from cardkit.values.actions import Action
from cardkit.values.cards import Card, CardSet, parse_cards

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
    "visible_entries",
]


def make_console(stderr: bool = False) -> Console:
    """A console: colour only on a terminal and without ``NO_COLOR``; no automatic markup.
    Lines are wrapped to the terminal's width only at a terminal: output to a file or a pipe
    keeps every line whole (``soft_wrap``), for grep and for reading."""
    no_color = "NO_COLOR" in os.environ
    console = Console(stderr=stderr, highlight=False, emoji=False, no_color=no_color)
    console.soft_wrap = not console.is_terminal
    return console


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
        from cardkit.libraries.melds import best_arrangement

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
    """A hand grouped into melds and the rest, e.g. ``[7♥ 8♥ 9♥]  2♣ 5♦  (deadwood 7)``, or
    with the game's own ``hand_value`` (Tonk: ``(count 31)``)."""
    cards = tuple(cards)
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
    if game.definition.hand_value is not None:
        name, number = game.definition.hand_value(tuple(cards), game.options)
        parts.append(Text(f"  ({name} {number:g})", style="dim"))
    elif value is not None:
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


#: Words that mark a detail or info key whose integer value is a seat ("knocker: 1",
#: "top player: 0"): such a value is shown as the seat's name and never hidden as "zero".
SEAT_WORDS = ("seat", "player", "dealer", "leader", "winner", "loser", "knocker", "dropper",
              "defender", "scorer", "caller", "owner", "captain", "box", "sitter")


def humanise(key: Any) -> str:
    """An internal key as words: ``"bomb_fight"`` -> ``"bomb fight"``."""
    return " ".join(str(key).replace("_", " ").replace("-", " ").split())


def is_seat_key(key: Any) -> bool:
    """True if an info or detail ``key`` names a seat (see :data:`SEAT_WORDS`)."""
    words = humanise(key).lower().split()
    # the last word says what the value is: "top player" is a seat, "knocker deadwood" is not
    return bool(words) and (words[-1] in SEAT_WORDS or words[-1].rstrip("s") in SEAT_WORDS)


def is_empty(value: Any) -> bool:
    """True for values a player need not see: none, no, zero, empty, or all of those."""
    if value is None or value is False:
        return True
    if isinstance(value, str):
        return value.strip().lower() in ("", "none", "no", "false", "null")
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value == 0
    if isinstance(value, CardSet):
        return len(value) == 0
    if isinstance(value, Mapping):
        return all(is_empty(item) for item in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return all(is_empty(item) for item in value)
    return False


def visible_entries(entries: Mapping[str, Any], hide_keys: Iterable[str] = (),
                    hide_values: Iterable[Any] = ()) -> list[tuple[str, Any]]:
    """The entries of a view's ``info`` or a result's ``details`` worth showing a player:
    without empty values (see :func:`is_empty`; a seat number 0 is kept), without the keys in
    ``hide_keys`` (things the screen already shows, e.g. the table) and without values equal to
    one of ``hide_values`` (e.g. a detail that repeats the summary)."""
    hidden = {humanise(key).lower() for key in hide_keys}
    repeated = [value for value in hide_values if value]
    shown = []
    for key, value in entries.items():
        if humanise(key).lower() in hidden or any(
                value == other or (isinstance(value, str) and isinstance(other, str)
                                   and len(value) > 10 and value in other)
                for other in repeated):
            continue
        seat_zero = (is_seat_key(key) and isinstance(value, int) and not isinstance(value, bool)
                     and value == 0)
        if is_empty(value) and not seat_zero:
            continue
        shown.append((key, value))
    return shown


def entry_text(style: Style, key: Any, value: Any, names: Sequence[str] | None = None) -> Text:
    """One ``key: value`` entry for a player: words for the key, coloured cards, a seat
    number shown as the seat's name."""
    label = humanise(key)
    if is_seat_key(key) and isinstance(value, int) and not isinstance(value, bool) \
            and (names is None or 0 <= value < len(names)):
        return Text(f"{label}: {seat_name(value, names)}")
    if is_seat_key(key) and isinstance(value, list | tuple) and value and all(
            isinstance(item, int) and not isinstance(item, bool) for item in value):
        return Text(f"{label}: " + ", ".join(seat_name(item, names) for item in value))
    if isinstance(value, Card):
        return Text.assemble(f"{label}: ", style.card(value))
    if isinstance(value, CardSet) or (isinstance(value, list | tuple) and value
                                      and all(isinstance(item, Card) for item in value)):
        return Text.assemble(f"{label}: ", style.cards(value))
    return Text(f"{label}: {_plain(value)}")


def render_details(details: Mapping[str, Any], indent: str = "  ") -> list[Text]:
    """Generic ``key: value`` lines for a view's ``info`` or a result's ``details`` (every
    entry, keys as words; see :func:`visible_entries` for the ones worth showing)."""
    return [Text(f"{indent}{humanise(key)}: {_plain(value)}")
            for key, value in details.items()]


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """``seat 1 (greedy)``-style name: :func:`cardkit.views.seat_name` and, at the table,
    who sits there."""
    from cardkit.values.views import seat_name as plain_seat_name

    if names is None:
        return plain_seat_name(seat)
    return f"{plain_seat_name(seat)} ({names[seat]})"


#: View fields the play screen shows itself: info entries of the same name are not repeated.
SHOWN_BY_SCREEN = ("dealer", "role", "roles", "scores", "hand", "hand sizes", "stock",
                   "stock size", "discard top", "table", "revealed", "history", "phase",
                   "current player")


def render_view(console: Console, view: View, game: Game, names: Sequence[str] | None = None,
                prompt: str = "", hand_number: int | None = None,
                recap: Sequence[Text] = (), new_cards: Iterable[Card] = (),
                recap_title: str = "since your last turn:") -> None:
    """The table as ``view.seat`` sees it, the most important lines last (nearest the prompt):
    players and totals, stock and discard, the table, the game's public information, other
    hands this seat may see, what happened since this seat's last turn (``recap``), the hand
    (with the cards new in it since then, ``new_cards``) and what to do now (``prompt``)."""
    style = Style(console, game)
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
    table.add_column("match total", justify="right")
    table.add_column("")
    for seat in range(view.players):
        marks = []
        if view.dealer == seat:
            marks.append("dealer")
        if view.roles and view.roles[seat] not in marks:  # two-player gin: "dealer" once
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
        pile.append(f"stock: {view.stock_size} cards")
    if view.discard_top is not None:
        pile += ["   discard pile top: ", style.card(view.discard_top)]
    if pile:
        console.print(Text.assemble(*pile))
    if view.table:
        console.print("on the table:")
        for number, entry in enumerate(view.table, start=1):
            console.print(_table_entry(style, number, entry, names))
    entries = visible_entries(view.info, hide_keys=SHOWN_BY_SCREEN if view.roles else
                              tuple(key for key in SHOWN_BY_SCREEN if key != "role"))
    if entries:
        parts: list[Text | str] = []
        for key, value in entries:
            if parts:
                parts.append(" · ")
            parts.append(entry_text(style, key, value, names))
        console.print(Text.assemble(*parts, style="dim"))
    for seat, cards in sorted(view.revealed.items()):
        if seat != view.seat:
            console.print(Text.assemble(f"{seat_name(seat, names)} shows you: ",
                                        hand_text(style, cards, game)))
    if recap:
        console.print(Text(recap_title, style="bold"))
        for line in recap:
            console.print(Text.assemble("  ", line))
    console.print(Text.assemble(Text("your hand: ", style="bold"),
                                hand_text(style, view.hand, game)))
    new = [card for card in new_cards if card in set(view.hand)]
    if new:
        console.print(Text.assemble("new in your hand: ", style.cards(new)))
    if prompt and view.current_player == view.seat:
        console.print(Text(f"your move: {prompt}", style="cyan"))


def _table_entry(style: Style, number: int, entry: Any, names: Sequence[str] | None) -> Text:
    """One numbered table entry: ``(owner, meld)`` for rummy games, anything else as text."""
    if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], int):
        owner, item = entry
        cards = getattr(item, "cards", None)
        if cards is None and isinstance(item, list | tuple) and item \
                and all(isinstance(card, Card) for card in item):
            cards = item  # a climbing game's play: the cards themselves
        body = style.cards(cards) if cards is not None else Text(_plain(item))
        return Text.assemble(f"  {number}. ", body, Text(f"   ({seat_name(owner, names)})",
                                                           style="dim"))
    cards = getattr(entry, "cards", None)
    if cards is not None:
        return Text.assemble(f"  {number}. ", style.cards(cards))
    return Text(f"  {number}. {_plain(entry)}")


def render_actions(console: Console, actions: Sequence[Action],
                   game: Game | None = None) -> None:
    """The legal moves, numbered from 1 in reading order (along each row, then the next
    row), in columns."""
    style = Style(console, game)
    cells = [Text.assemble(Text(f"{number:>2}. ", style="cyan"), style.action(action))
             for number, action in enumerate(actions, start=1)]
    console.print(Columns(cells, padding=(0, 3), equal=True, column_first=False))


#: Result details the end-of-hand screen shows itself (the hands and the table).
SHOWN_AT_HAND_END = ("revealed", "table", "hands")


def render_result(console: Console, result: Result, state: Any,
                  names: Sequence[str] | None = None) -> None:
    """The end of a hand: what happened (the summary) and who won, every hand revealed
    (arranged), the table, the game's details worth reading, then who pays whom and what each
    seat gets for this hand (nearest the next prompt)."""
    style = Style(console, state.game)
    game = state.game
    console.rule(Text("hand over", style="bold"))
    winners = ", ".join(seat_name(seat, names) for seat in result.winners) or "nobody"
    outcome = f"ending: {humanise(result.ending)} · winner: {winners}"
    if result.summary:
        console.print(Text(result.summary, style="bold green"))
        console.print(outcome)
    else:
        console.print(Text(outcome, style="bold green"))
    final = state.view(0)
    # a game may give each hand as it was scored (rummy: the arrangement shown at the showdown)
    scored = result.details.get("hands")
    console.print("hands:")
    for seat in range(state.players):
        cards = final.revealed.get(seat, final.hand if seat == 0 else None)
        if cards is None:
            continue
        role = f" [{final.roles[seat]}]" if final.roles and len(final.roles) > seat else ""
        shown = scored[seat] if isinstance(scored, list) and len(scored) == state.players \
            else None
        console.print(Text.assemble(f"  {seat_name(seat, names)}{role}: ",
                                    _scored_hand_text(style, shown) if isinstance(shown, Mapping)
                                    else hand_text(style, cards, game)))
    if final.table:
        console.print("on the table:")
        for number, entry in enumerate(final.table, start=1):
            console.print(_table_entry(style, number, entry, names))
    explanation = result.details.get("explanation")
    if isinstance(explanation, list | tuple):  # the game's own account, one sentence a line
        lines = [_sentence_text(style, str(sentence)) for sentence in explanation]
    else:
        entries = visible_entries(result.details, hide_keys=SHOWN_AT_HAND_END,
                                  hide_values=(result.summary, result.ending))
        lines = [_per_seat_entry(style, key, value, state.players, names)
                 for key, value in entries]
    if lines:
        console.print(Text("details:", style="dim"))
        for line in lines:
            console.print(Text.assemble("  ", line), style="dim")
    for transfer in result.transfers:
        why = f" ({transfer.reason})" if transfer.reason else ""
        console.print(f"{seat_name(transfer.payer, names)} pays "
                      f"{seat_name(transfer.payee, names)} {transfer.amount:g}{why}")
    console.print(Text("this hand: " + ", ".join(
        f"{seat_name(seat, names)} {payoff:+g}" for seat, payoff in enumerate(result.payoffs)),
        style="bold"))


def _scored_hand_text(style: Style, shown: Mapping[str, Any]) -> Text:
    """A hand as the game scored it (``melds``, ``deadwood``, ``deadwood_value`` and the cards
    ``laid_off`` on others' melds, as card texts): ``[2♣ 2♥ 2♠]  A♣ 3♣  (deadwood 4)``."""
    parts: list[Text | str] = []
    for meld in shown.get("melds", ()):
        parts += [style.cards(parse_cards(meld), brackets=True), "  "]
    parts.append(style.cards(parse_cards(shown.get("deadwood", ()))))
    parts.append(Text(f"  (deadwood {shown.get('deadwood_value', 0)})", style="dim"))
    if shown.get("laid_off"):
        parts += ["  laid off: ", style.cards(parse_cards(shown["laid_off"]))]
    return Text.assemble(*parts)


def _sentence_text(style: Style, sentence: str) -> Text:
    """A sentence of a game's explanation, its cards (written as card text, e.g. ``2D``) shown
    as cards are everywhere on this console."""
    out: list[Text | str] = []
    for index, word in enumerate(sentence.split(" ")):
        if index:
            out.append(" ")
        card = _card_or_none(word)
        out.append(style.card(card) if card is not None and card.text == word else word)
    return Text.assemble(*out)


def _per_seat_entry(style: Style, key: Any, value: Any, players: int,
                    names: Sequence[str] | None) -> Text:
    """A detail entry; a list with one number per seat reads ``seat 0 25, seat 1 12``."""
    if (isinstance(value, list | tuple) and players > 1 and len(value) == players
            and all(isinstance(item, int | float) and not isinstance(item, bool)
                    for item in value)):
        return Text(f"{humanise(key)}: " + ", ".join(
            f"seat {seat} {_plain(item)}" for seat, item in enumerate(value)))
    return entry_text(style, key, value, names)


def render_totals(console: Console, totals: Sequence[float],
                  names: Sequence[str] | None = None, label: str = "totals") -> None:
    """Running totals, one seat after another."""
    console.print(Text(f"{label}: " + ", ".join(
        f"{seat_name(seat, names)} {_plain(total)}" for seat, total in enumerate(totals)),
        style="bold"))
