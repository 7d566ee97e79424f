"""How cards look on one terminal: coloured symbols (``7♥``), or their plain text (``7H``,
the same text a player types) when colour is off (``NO_COLOR`` set, or output that is not a
terminal)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardkit_cli.grouping import display_key
from rich.console import Console
from rich.text import Text

from cardkit.values.actions import Action
from cardkit.values.cards import Card

if TYPE_CHECKING:
    from cardkit import Game

__all__ = ["Style", "card_colour", "card_or_none", "make_console"]


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
        return Text(card.unicode, style=card_colour(card))

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
            card = card_or_none(word)
            out.append(Text(word, style=card_colour(card)) if card and self.fancy else word)
        return Text.assemble(*out)


def card_or_none(word: str) -> Card | None:
    """The card a word of a move or a sentence names (``KH``, ``X1=5H``), or None."""
    token = word.split("=")[0]
    if token.isdigit() or not any(ch.isdigit() or ch in "AJQKXajqkx" for ch in token[:1]):
        return None
    try:
        return Card.parse(token)
    except ValueError:
        return None


def card_colour(card: Card) -> str:
    """The colour a card shows in: red hearts and diamonds, bold clubs and spades, magenta
    jokers."""
    suit = card.suit
    if suit is None:  # a joker
        return "magenta"
    return "red" if suit.is_red else "bold"
