"""The ``cardkit`` command group.

Startup must stay fast (``cardkit --help`` well under half a second), so this module imports
only click: every subcommand lives in its own module, named here as ``"module:attribute"`` and
imported the first time it is used. Colleagues' commands (``lab``, ``new-game``) plug in the same
way; a missing module makes that one command say so instead of breaking the group.

Errors: any cardkit ``ValueError`` (an unknown game, a bad option, bad card text, an unreadable
record) becomes one line on stderr, never a traceback. Usage errors exit with 2, others with 1.
An exception raised inside a game's own code is a bug in that game, never a usage error: one
line naming the game, the exception and where it was raised, exit code 70
(:mod:`cardkit_cli.faults`); ``cardkit --debug ...`` or ``CARDKIT_DEBUG=1`` also prints the
traceback.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from typing import Any

import click

__all__ = ["COMMANDS", "PLUGIN_BUG_EXIT", "CardkitError", "LazyGroup", "cli", "main",
           "usage_line"]

#: The exit code of a bug in a game's code (sysexits' EX_SOFTWARE), apart from the user's 1 and 2.
PLUGIN_BUG_EXIT = 70

#: Subcommand name -> ("module:attribute", one-line help shown by ``cardkit --help``).
COMMANDS: dict[str, tuple[str, str]] = {
    "games": ("cardkit_cli.games:games", "List the installed games."),
    "rules": ("cardkit_cli.rules:rules", "Explain a game: its rules, options and presets."),
    "play": ("cardkit_cli.play:play", "Play a game at the terminal, against bots or friends."),
    "hand": ("cardkit_cli.hand:hand", "Analyse a hand: melds and deadwood, or combinations."),
    "replay": ("cardkit_cli.replay:replay", "Show a recorded hand or match move by move."),
    "serve": ("cardkit_cli.serve:serve", "Host a match for players at other terminals."),
    "join": ("cardkit_cli.join:join", "Play a seat of a table hosted with 'serve'."),
    "watch": ("cardkit_cli.watch:watch", "Follow a hosted table as a spectator."),
    "lab": ("cardkit_cli.lab:lab", "The rule lab: simulate and compare variants."),
    "evaluate": ("cardkit_cli.evaluate:evaluate",
                 "Measure a bot or a policy against a rival on duplicate deals."),
    "new-game": ("cardkit_cli.new_game:new_game", "Create a new game plugin from a template."),
}


class CardkitError(click.ClickException):
    """A problem reported as one line on stderr (``cardkit: ...``) with an exit code: 2 for
    usage errors (unknown game, bad option, bad card text), 1 for the others."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self._exit_code = exit_code

    # click declares ``exit_code`` a class variable (one code per exception class); ours is
    # given with each error, so it is read through a property
    @property
    def exit_code(self) -> int:  # type: ignore[override]
        """The process's exit status: 2 for usage errors, 1 for the others."""
        return self._exit_code

    def show(self, file: Any = None) -> None:
        """Print the one line."""
        click.echo(f"cardkit: {self.format_message()}", err=True, file=file)


def _missing_command(name: str, target: str, error: Exception) -> click.Command:
    """A stand-in command that explains why ``name`` is not available."""

    def run(**_: Any) -> None:
        raise CardkitError(f"the '{name}' command is not available: {error}", 1)

    return click.Command(
        name, callback=run, help=f"(not available: {error})",
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
        params=[click.Argument(["args"], nargs=-1, required=False)],
    )


class LazyGroup(click.Group):
    """A click group whose subcommands are imported only when used (``name -> module:attr``)."""

    def __init__(self, *args: Any, lazy: dict[str, tuple[str, str]] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        """The group's context; a usage error in the group's own options is one line."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise CardkitError(usage_line(error), 2) from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Eager and lazy command names, in the order declared (eager ones first)."""
        return [*super().list_commands(ctx), *(n for n in self.lazy if n not in self.commands)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command, importing its module on first use."""
        if cmd_name in self.commands or cmd_name not in self.lazy:
            return super().get_command(ctx, cmd_name)
        target = self.lazy[cmd_name][0]
        module_name, _, attribute = target.partition(":")
        try:
            command = getattr(importlib.import_module(module_name), attribute)
        except ModuleNotFoundError as error:
            if error.name and module_name.startswith(error.name):
                command = _missing_command(cmd_name, target, Exception(
                    f"module {module_name} is not installed"))
            else:
                raise
        except AttributeError:
            command = _missing_command(cmd_name, target, Exception(
                f"{module_name} defines no {attribute}"))
        self.commands[cmd_name] = command
        return command

    def invoke(self, ctx: click.Context) -> Any:
        """Run the subcommand; a usage error (a bad option value, an unknown option) is one
        line and exit code 2; a cardkit ``ValueError`` (``IllegalAction``, ``RecordError``, a bad
        option ...) or an ``OSError`` becomes one line and exit code 1, never a traceback;
        Ctrl-C ends with "interrupted" and exit code 130. A mistyped option or a bad value is
        one line too, naming where the options are listed (``cardkit play --help``)."""
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            # a bad command line: one line that says what is wrong and where help is
            _report_plugin_fault(error.__context__)
            raise CardkitError(usage_line(error), 2) from None
        except click.ClickException as error:
            # a command may have turned a game's fault into one of its own lines
            _report_plugin_fault(error.__context__)
            raise
        except (click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            # the reader of a pipe stopped early (``cardkit rules tonk | head``): not an error;
            # what is still buffered goes nowhere instead of failing again at exit
            _silence_stdout()
            raise SystemExit(0) from None
        except KeyboardInterrupt:
            # Ctrl-C: one line (on its own line after any prompt), no traceback, the shell's
            # code for an interrupted command; commands that keep something say so first
            click.echo("\ninterrupted", err=True)
            raise SystemExit(130) from None
        except Exception as error:
            _report_plugin_fault(error)
            if isinstance(error, ValueError):
                raise CardkitError(str(error), 1) from None
            if not isinstance(error, OSError):
                raise
            where = f": {error.filename}" if error.filename else ""
            raise CardkitError(f"{error.strerror or error}{where}", 1) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List commands with their declared one-line help, without importing them."""
        rows = []
        for name in self.list_commands(ctx):
            if name in self.lazy and name not in self.commands:
                rows.append((name, self.lazy[name][1]))
            else:
                command = self.commands.get(name)
                if command is not None and not command.hidden:
                    rows.append((name, command.get_short_help_str(formatter.width)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def usage_line(error: click.UsageError) -> str:
    """A usage error in one line: click's message (``Invalid value for '--hands': ...``) and
    the command whose help says more."""
    message = " ".join(error.format_message().split())
    where = error.ctx.command_path if error.ctx is not None else "cardkit"
    return f"{message} (see '{where} --help')"


def _report_plugin_fault(error: BaseException | None) -> None:
    """If ``error`` was raised inside a game's code, say so (the traceback too when debugging)
    and exit with :data:`PLUGIN_BUG_EXIT`; otherwise return."""
    if error is None:
        return
    from cardkit_cli.faults import debug_wanted, plugin_fault

    fault = plugin_fault(error)
    if fault is None:
        return
    if debug_wanted():
        click.echo(fault.traceback.rstrip(), err=True)
    click.echo(f"cardkit: {fault.line()}", err=True)
    raise SystemExit(PLUGIN_BUG_EXIT)


def _debug(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    # an environment variable, so that worker processes and every command see it alike
    if value:
        os.environ["CARDKIT_DEBUG"] = "1"


def _silence_stdout() -> None:
    """Point standard output at the null device (after a broken pipe)."""
    import os
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (e.g. under a test runner)
        pass


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardkit")
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


def _show_version(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    # The version is looked up only when asked for: reading package metadata costs start-up.
    if value and not ctx.resilient_parsing:
        click.echo(f"cardkit {_version()}")
        ctx.exit()


@click.group(cls=LazyGroup, lazy=COMMANDS,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", "-V", is_flag=True, expose_value=False, is_eager=True,
              callback=_show_version, help="Show the version and exit.")
@click.option("--debug", is_flag=True, expose_value=False, callback=_debug,
              help="Show the traceback of a bug in a game's code (also CARDKIT_DEBUG=1).")
def cli() -> None:
    """cardkit: play, explain and study rummy-family card games.

    \b
    Start here:
      cardkit games              the installed games
      cardkit rules tonk         how Tonk is played, and its options
      cardkit play tonk          play Tonk against the computer

    Shell completion (bash): eval "$(_CARDKIT_COMPLETE=bash_source cardkit)"
    """


def main(argv: Sequence[str] | None = None) -> None:
    """The console script (``cardkit``, ``python -m cardkit_cli``)."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="cardkit")
