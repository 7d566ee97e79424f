"""The terminal's screens (rich), shared by play and replay: the table as a seat sees it, the
legal moves, the end of a hand, running totals.

Everything here works from a :class:`cardkit.View` and the game's definition, so it serves any
installed game. How cards look is :mod:`cardkit_cli.style`; how a hand is grouped,
:mod:`cardkit_cli.grouping`; how info and details entries read, :mod:`cardkit_cli.entries`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardkit_cli.entries import (
    entry_text,
    humanise,
    is_seat_key,
    plain,
    render_details,
    seat_name,
    visible_entries,
)
from cardkit_cli.grouping import display_key, group_hand, hand_analysis
from cardkit_cli.style import Style, card_or_none, make_console
from rich.columns import Columns
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardkit.values.actions import Action
from cardkit.values.cards import Card, parse_cards

if TYPE_CHECKING:
    from cardkit import Game, Result, View

# the names the screens' callers used from this module before styles, grouping and entries
# had their own modules are still importable from it
__all__ = [
    "Style",
    "claim_offer",
    "display_key",
    "entry_text",
    "group_hand",
    "hand_text",
    "humanise",
    "is_seat_key",
    "make_console",
    "open_claim",
    "render_actions",
    "render_details",
    "render_result",
    "render_totals",
    "render_view",
    "seat_name",
    "visible_entries",
]


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
    analysis = hand_analysis(game)
    if not melds and analysis.meld_rules is None and analysis.climbing_rules is None:
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
    if analysis.value is not None:
        name, number = analysis.value(tuple(cards), game.options)
        parts.append(Text(f"  ({name} {number:g})", style="dim"))
    elif value is not None:
        parts.append(Text(f"  (deadwood {value})", style="dim"))
    return Text.assemble(*parts)



#: View fields the play screen shows itself: info entries of the same name are not repeated.
SHOWN_BY_SCREEN = ("dealer", "role", "roles", "scores", "hand", "hand sizes", "stock",
                   "stock size", "discard top", "table", "revealed", "history", "phase",
                   "current player", "claim")


def open_claim(view: View) -> Mapping[str, Any] | None:
    """The claim window open in ``view`` (``info["claim"]``: the ``card`` on offer, the seat it
    is ``from``, the ``turn`` seat and the seats ``waiting`` to answer), or None."""
    info = view.info if isinstance(view.info, Mapping) else {}
    window = info.get("claim")
    if isinstance(window, Mapping) and isinstance(window.get("card"), Card):
        return window
    return None


def claim_offer(style: Style, view: View, legal: Sequence[Action],
                names: Sequence[str] | None = None,
                seconds: float | None = None) -> tuple[Text, Text] | None:
    """What a seat asked in a claim window is offered, in two parts: the question
    (``out of turn: buy J♦, thrown by seat 1?``) and its terms (the cost, the claims left, the
    time to answer; empty if none). None unless a window is open and ``legal`` is its two
    moves (the claim of the card, then the pass)."""
    window = open_claim(view)
    if window is None or len(legal) != 2 or view.seat not in tuple(window.get("waiting", ())):
        return None
    claim, decline = legal
    card = window["card"]
    if tuple(claim.cards) != (card,) or decline.cards:
        return None
    opener = window.get("from")
    thrown = (f", thrown by {seat_name(opener, names)}" if isinstance(opener, int)
              and (names is None or 0 <= opener < len(names)) else "")
    question = Text.assemble("out of turn: ", (claim.kind, "bold"), " ", style.card(card),
                             f"{thrown}?")
    if seconds is not None:
        question.append(f" (no answer: {decline.kind})", style="dim")
    info = view.info
    terms: list[str] = []
    cost = info.get("claim_cost")
    if isinstance(cost, int) and cost > 0:
        terms.append(f"costs {cost} penalty card{'s' if cost != 1 else ''}")
    left = info.get("claims_left")
    if isinstance(left, list | tuple) and 0 <= view.seat < len(left) \
            and isinstance(left[view.seat], int):
        terms.append(f"{left[view.seat]} {claim.kind}{'s' if left[view.seat] != 1 else ''} "
                     "left this deal")
    if seconds is not None:
        terms.append(f"{max(0, seconds):.0f} s to answer")
    return question, Text("; ".join(terms), style="dim")


def _claim_line(style: Style, view: View, names: Sequence[str] | None) -> Text | None:
    """The open claim window as every seat and spectator reads it: the card on offer and
    who is asked."""
    window = open_claim(view)
    if window is None or view.seat in tuple(window.get("waiting", ())):
        return None  # a seat asked gets the offer itself, with its moves
    opener, waiting = window.get("from"), tuple(window.get("waiting", ()))
    asked = ", ".join(seat_name(seat, names) for seat in waiting if isinstance(seat, int))
    thrown = (f", thrown by {seat_name(opener, names)}," if isinstance(opener, int) else "")
    return Text.assemble("on offer out of turn: ", style.card(window["card"]),
                         f"{thrown} to {asked or 'nobody'}", style="dim")


def render_view(console: Console, view: View, game: Game, names: Sequence[str] | None = None,
                prompt: str = "", hand_number: int | None = None,
                recap: Sequence[Text] = (), new_cards: Iterable[Card] = (),
                recap_title: str = "since your last turn:", framed: bool = True) -> None:
    """The table as ``view.seat`` sees it, the most important lines last (nearest the prompt):
    players and totals, stock and discard, the table, the game's public information, other
    hands this seat may see, what happened since this seat's last turn (``recap``), the hand
    (with the cards new in it since then, ``new_cards``) and what to do now (``prompt``).
    ``framed=False`` leaves out the title rule and the hand (the full-screen table shows them
    in their own places)."""
    style = Style(console, game)
    title = game.name
    where = f" · hand {hand_number + 1}" if hand_number is not None else ""
    window = open_claim(view)
    if view.current_player is None:
        turn = "hand over"
    elif window is not None and view.seat in tuple(window.get("waiting", ())) \
            and view.current_player == view.seat:
        turn = f"out of turn (seat {view.seat}): {window['card'].text} on offer"
    elif view.current_player == view.seat:
        turn = f"your turn (seat {view.seat})"
    else:
        turn = f"{seat_name(view.current_player, names)} to play"
    if framed:  # the full-screen table draws its own title and the hand in its own panel
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
            arrow = "◀" if style.fancy else "<-"
            marks.append(f"{arrow} asked" if window is not None else f"{arrow} to play")
        elif window is not None and seat == window.get("turn"):
            marks.append("turn")
        name = names[seat] if names else ""
        total = plain(view.scores[seat]) if len(view.scores) > seat else ""
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
    claim = _claim_line(style, view, names)
    if claim is not None:
        console.print(claim)
    spectator = view.seat < 0  # a spectator's view (cardkit watch) holds no hand
    for seat, cards in sorted(view.revealed.items()):
        if seat != view.seat:
            shows = "shows" if spectator else "shows you"
            console.print(Text.assemble(f"{seat_name(seat, names)} {shows}: ",
                                        hand_text(style, cards, game)))
    if recap:
        console.print(Text(recap_title, style="bold"))
        for line in recap:
            console.print(Text.assemble("  ", line))
    if spectator:
        return
    if framed:
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
        body = style.cards(cards) if cards is not None else Text(plain(item))
        return Text.assemble(f"  {number}. ", body, Text(f"   ({seat_name(owner, names)})",
                                                           style="dim"))
    cards = getattr(entry, "cards", None)
    if cards is not None:
        return Text.assemble(f"  {number}. ", style.cards(cards))
    return Text(f"  {number}. {plain(entry)}")


def render_actions(console: Console, actions: Sequence[Action],
                   game: Game | None = None) -> None:
    """The legal moves, numbered from 1 in reading order (along each row, then the next
    row), in columns."""
    style = Style(console, game)
    cells = [Text.assemble(Text(f"{number:>2}. ", style="cyan"), style.action(action))
             for number, action in enumerate(actions, start=1)]
    console.print(Columns(cells, padding=(0, 3), equal=True, column_first=False))


#: An ending's code in a hand's summary, e.g. ``(E6)``.
ENDING_CODE = re.compile(r"\((E\d+)\)")

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
        code = ENDING_CODE.search(result.summary)
        if code is not None:
            console.print(Text(f"({code.group(1)} is the ending's code in the game's rules "
                               "page; 'rules' explains the codes)", style="dim"))
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
        card = card_or_none(word)
        out.append(style.card(card) if card is not None and card.text == word else word)
    return Text.assemble(*out)


def _per_seat_entry(style: Style, key: Any, value: Any, players: int,
                    names: Sequence[str] | None) -> Text:
    """A detail entry; a list with one number per seat reads ``seat 0 25, seat 1 12``."""
    if (isinstance(value, list | tuple) and players > 1 and len(value) == players
            and all(isinstance(item, int | float) and not isinstance(item, bool)
                    for item in value)):
        return Text(f"{humanise(key)}: " + ", ".join(
            f"seat {seat} {plain(item)}" for seat, item in enumerate(value)))
    return entry_text(style, key, value, names)


def render_totals(console: Console, totals: Sequence[float],
                  names: Sequence[str] | None = None, label: str = "totals") -> None:
    """Running totals, one seat after another."""
    console.print(Text(f"{label}: " + ", ".join(
        f"{seat_name(seat, names)} {plain(total)}" for seat, total in enumerate(totals)),
        style="bold"))
