"""``cardkit hand GAME CARDS``: analyse a hand.

Rummy games (the definition offers ``meld_rules``): the best arrangement — melds, deadwood cards
and deadwood value. Climbing games (``climbing_rules``): the combinations the hand holds. A game
that offers ``analyse_hand(cards, options)`` adds its own findings (Tonk: whether the count wins
at the deal; Tiến Lên: whether the hand is an instant win), which take precedence.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click
from cardkit_cli.options import GAME_NAME, configure, players_option, rule_option, usage_errors

if TYPE_CHECKING:
    from cardkit import Card, Game

__all__ = ["analyse", "check_hand_size", "hand"]


def analyse(game: Game, cards: Sequence[Card]) -> dict[str, Any]:
    """Plain data about ``cards`` under ``game``'s rules (see the module docstring)."""
    from cardkit_cli.grouping import hand_analysis

    from cardkit.values.cards import CardSet

    analysis = hand_analysis(game)
    data: dict[str, Any] = {"cards": [card.text for card in cards]}
    if analysis.meld_rules is not None:
        from cardkit.libraries.melds import best_arrangement

        arrangement = best_arrangement(CardSet(cards), analysis.meld_rules(game.options))
        data.update(arrangement.to_dict())
    elif analysis.climbing_rules is not None:
        from cardkit.libraries.climbing import all_combinations, fewest_plays

        climbing = analysis.climbing_rules(game.options)
        data["suggested_split"] = [[c.text for c in play.cards]
                                   for play in fewest_plays(CardSet(cards), climbing)]
        combos: dict[str, list[list[str]]] = {}
        for combo in all_combinations(CardSet(cards), climbing):
            combos.setdefault(combo.type.value, []).append([c.text for c in combo.cards])
        data["combinations"] = combos
    if analysis.analyse is not None:
        data.update(analysis.analyse(tuple(cards), game.options))
    elif analysis.meld_rules is None and analysis.climbing_rules is None:
        raise ValueError(f"{game.name} offers no hand analysis (no meld or climbing rules)")
    return data


def check_hand_size(game: Game, size: int) -> None:
    """``ValueError`` unless one player of ``game`` can hold ``size`` cards: the game's
    declared ``HandAnalysis.sizes`` (e.g. gin: 10 or 11), else no more than the deck."""
    from cardkit_cli.grouping import hand_analysis

    sizes = hand_analysis(game).sizes
    if sizes is not None:
        fewest, most = sizes(game.options)
    else:
        fewest, most = 1, len(game.deck_spec.cards)
    if not fewest <= size <= most:
        allowed = (f"{fewest}" if fewest == most else f"{fewest} or {most}"
                   if most == fewest + 1 else f"{fewest} to {most}")
        raise ValueError(f"{size} cards: a hand of {game.name} holds {allowed} cards "
                         "under these options")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if value and all(isinstance(item, list) for item in value):
            return "  ".join("[" + " ".join(map(str, item)) + "]" for item in value)
        return " ".join(map(str, value)) if value else "none"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {_text(item)}" for key, item in value.items())
    return str(value)


#: How many combinations of each type the text output lists.
SHOWN_PER_TYPE = 8


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME_NAME)
@click.argument("cards", nargs=-1, required=True)
@rule_option
@players_option
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
def hand(game_name: str, cards: tuple[str, ...], rules: tuple[str, ...], players: int | None,
         as_json: bool) -> None:
    """Analyse the hand CARDS under GAME's rules, e.g. 'cardkit hand tonk 7H 8H 9H KC KD'.

    Rummy games: the best arrangement (melds, deadwood, its value). Climbing games: a split
    into the fewest plays, the combinations in the hand and whether it is an instant win.
    """
    from cardkit.values.cards import parse_cards

    game = configure(game_name, players, None, rules)
    with usage_errors():
        parsed = parse_cards(" ".join(cards))
        if not parsed:
            raise ValueError("no cards given: name the hand's cards, e.g. 7H 8H 9H KC KD")
        check_hand_size(game, len(parsed))
        twice = sorted({card for card in parsed if parsed.count(card) > 1},
                       key=lambda card: card.index)
        if twice:
            raise ValueError(f"{' and '.join(card.text for card in twice)} "
                             f"{'is' if len(twice) == 1 else 'are'} named twice: a hand holds "
                             "each card once")
        deck = set(game.deck_spec.cards)
        missing = [card.text for card in parsed if card not in deck]
        if missing:
            raise ValueError(f"not in {game.name}'s deck: {' '.join(missing)}")
    data = analyse(game, parsed)
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return
    for key, value in data.items():
        if key == "suggested_split" and isinstance(value, list):
            click.echo(f"suggested split ({len(value)} plays, the fewest; weakest first): "
                       f"{_text(value)}")
            continue
        if key == "combinations" and isinstance(value, dict):
            click.echo("combinations:")
            for kind, items in value.items():
                # a long hand holds dozens of sequences: show the first few, --json has all
                shown = _text(items[:SHOWN_PER_TYPE])
                more = len(items) - SHOWN_PER_TYPE
                tail = f"  ... and {more} more (--json lists all)" if more > 0 else ""
                click.echo(f"  {kind} ({len(items)}): {shown}{tail}")
            continue
        click.echo(f"{key.replace('_', ' ')}: {_text(value)}")
