"""``cardkit rules GAME``: what the game is, how to play it, and every option with its value,
default, allowed values, meaning and source, then the presets. Everything is rendered from the
game's definition and its options declaration (never written twice); ``--markdown`` writes the
generated part of ``docs/games/<game>.md`` (the rules around it are written by hand), ``--json``
the same data for programs."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click
from cardkit_cli.options import GAME_NAME, configure, players_option, preset_option, rule_option
from cardkit_cli.paths import cardkit_command

if TYPE_CHECKING:
    from cardkit import Game

__all__ = ["rules", "rules_data", "rules_markdown", "rules_text"]


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list | tuple):
        return ",".join(_value_text(item) for item in value)
    return str(value)


def rules_data(game: Game) -> dict[str, Any]:
    """The game's description as plain data (``--json``)."""
    from cardkit.engine.capabilities import About

    definition = game.definition
    about = definition.capability(About) or About()
    described = definition.options.describe(game.players, game.options)
    return {
        "name": definition.name,
        "title": definition.title,
        "summary": definition.summary,
        "players": {"counts": list(definition.player_counts),
                    "default": definition.default_players, "chosen": game.players},
        "preset": game.preset,
        "rules_summary": about.rules_summary,
        "action_help": dict(about.action_help),
        "agents": definition.agent_names,
        "options": described["options"],
        "presets": described["presets"],
    }


def rules_text(game: Game, brief: bool = False, width: int | None = None) -> list[str]:
    """The description as lines of plain text (``brief``: the options in force only, for the
    ``rules`` command inside ``cardkit play``; ``width``: the moves wrapped to it, as a panel of
    the table asks, instead of to the terminal's)."""
    data = rules_data(game)
    counts = ", ".join(map(str, data["players"]["counts"]))
    lines = [f"{data['title']} ({data['name']}): {data['summary']}",
             f"players: {counts} (default {data['players']['default']})"]
    if data["rules_summary"]:
        lines += ["", data["rules_summary"]]
    if data["action_help"]:
        lines += ["", "moves:"]
        lines += [_hanging(f"  {move:<22} {meaning}", 25, width)
                  for move, meaning in data["action_help"].items()]
    lines += ["", f"options (for {game.players} players"
              + (f", preset {game.preset}" if game.preset else "") + "):"]
    at_default = 0
    for option in data["options"]:
        value = _value_text(option.get("value"))
        default = _value_text(option["default"])
        if brief and value == default:
            at_default += 1  # in play, only the house rules that differ are worth a line
            continue
        mark = "" if value == default else f"   (default {default})"
        lines.append(f"  {option['name']} = {value}{mark}")
        if not brief:
            lines.append(f"      {option['meaning']}")
            lines.append(f"      allowed: {option['allowed']}"
                         + (f"; source: {option['source']}" if option["source"] else ""))
    if brief:
        lines.append(f"  {'all' if at_default == len(data['options']) else 'the other'} "
                     f"{at_default} options at their defaults ('cardkit rules {data['name']}'"
                     " lists and explains them)")
    if data["presets"] and not brief:
        lines += ["", "presets (--preset NAME):"]
        for preset in data["presets"]:
            values = ", ".join(f"{k}={_value_text(v)}" for k, v in preset["values"].items())
            lines.append(f"  {preset['name']}: {preset['description']}")
            lines.append(f"      {values}")
    if not brief:
        lines += ["", f"bots: {', '.join(data['agents'])}",
                  f"change an option: {cardkit_command()} play {data['name']} --rule NAME=VALUE"]
    lines += ["", CODES_KEY]
    return lines


#: What the codes the screens print stand for (the same key is in docs/play.md).
CODES_KEY = ("codes: in a hand's summary an E and a number in parentheses names the ending by "
             "its row in the 'How a hand ends' section of the game's rules page; a number in "
             "parentheses or after a section sign names a section of that page; a source key "
             "(as in the options above) names a rule book the option follows, listed under the "
             "page's Sources.")


def _hanging(line: str, indent: int, width: int | None = None) -> str:
    """``line`` wrapped to the terminal (at most 100 columns), continuation lines indented by
    ``indent`` so a move's meaning stays in its column; not wrapped when not at a terminal."""
    import shutil
    import sys
    import textwrap

    if width is None:
        if not sys.stdout.isatty():
            return line  # a file or a pipe gets whole lines
        width = max(60, min(100, shutil.get_terminal_size((100, 24)).columns))
    return textwrap.fill(line, width=width, subsequent_indent=" " * indent,
                         break_on_hyphens=False, break_long_words=False)


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


#: The markers around the generated part of ``docs/games/<game>.md``: the rules around it are
#: written by hand, the reference between them comes from the code (``cardkit rules GAME
#: --markdown``) and a test keeps it up to date.
GENERATED_BEGIN = "<!-- generated by `cardkit rules {name} --markdown`; do not edit -->"
GENERATED_END = "<!-- end of the generated part -->"


def rules_markdown(game: Game) -> str:
    """The generated part of the game's documentation page (``docs/games/<game>.md``): the
    summary, the moves, every option (default, allowed values, meaning, source) and the
    presets, between :data:`GENERATED_BEGIN` and :data:`GENERATED_END`. Its headings are of
    the third level: the page places it under its own "Options" section."""
    data = rules_data(game)
    counts = ", ".join(map(str, data["players"]["counts"]))
    out = [
        GENERATED_BEGIN.format(name=data["name"]),
        "",
        f"{data['summary']} Players: {counts} (default {data['players']['default']}). "
        f"Bots: {', '.join(data['agents'])}.",
        "",
    ]
    if data["rules_summary"]:
        out += ["### In short", "", data["rules_summary"], ""]
    if data["action_help"]:
        out += ["### Moves", "", "| move | meaning |", "| --- | --- |"]
        out += [f"| `{_cell(move)}` | {_cell(meaning)} |"
                for move, meaning in data["action_help"].items()]
        out.append("")
    out += ["### Option table", "",
            f"Set with `cardkit play {data['name']} --rule NAME=VALUE`. Defaults are for "
            f"{game.players} players. The sources are described under "
            "[Sources](#sources) below.", "",
            "| option | default | allowed | meaning | source |", "| --- | --- | --- | --- | --- |"]
    for option in data["options"]:
        out.append(f"| `{_cell(option['name'])}` | {_cell(_value_text(option['default']))} | "
                   f"{_cell(option['allowed'])} | {_cell(option['meaning'])} | "
                   f"{_cell(option['source'])} |")
    out.append("")
    if data["presets"]:
        out += ["### Presets", "", f"Use with `cardkit play {data['name']} --preset NAME`.", "",
                "| preset | description | values |", "| --- | --- | --- |"]
        for preset in data["presets"]:
            values = ", ".join(f"`{k}={_value_text(v)}`" for k, v in preset["values"].items())
            out.append(f"| `{_cell(preset['name'])}` | {_cell(preset['description'])} | "
                       f"{_cell(values)} |")
        out.append("")
    out.append(GENERATED_END)
    return "\n".join(out)


@click.command()
@click.argument("game_name", metavar="GAME", type=GAME_NAME)
@preset_option
@rule_option
@players_option
@click.option("--json", "as_json", is_flag=True, help="Print the description as JSON.")
@click.option("--markdown", is_flag=True,
              help="Print the generated part of the documentation page (Markdown).")
def rules(game_name: str, preset: str | None, rules: tuple[str, ...], players: int | None,
          as_json: bool, markdown: bool) -> None:
    """Explain GAME: how it is played, its options (value, default, allowed values, meaning,
    source) and presets. --rule and --preset show the values they give."""
    from cardkit_cli.main import CardkitError

    if as_json and markdown:
        raise CardkitError("give --json or --markdown, not both", 2)
    game = configure(game_name, players, preset, rules)
    if as_json:
        click.echo(json.dumps(rules_data(game), indent=2, default=str))
    elif markdown:
        click.echo(rules_markdown(game), nl=False)
        click.echo()
    else:
        click.echo("\n".join(rules_text(game)))
