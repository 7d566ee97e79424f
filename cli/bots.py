"""Bots named on the command line: one of the game's agents, an agent an installed package
offers, a factory by its import path (``package.module:factory``), or a saved policy file
(``FILE.npz``, from :mod:`cardkit.adapters.policy`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardkit_cli.main import CardkitError

from cardkit.services.search.roster import is_import_path

if TYPE_CHECKING:
    from cardkit import Agent, Game

__all__ = ["bot_agent", "bot_label", "is_offered", "is_policy_file"]


def is_policy_file(name: str) -> bool:
    """True for a bot given as a saved policy file (a name ending in ``.npz``)."""
    return name.endswith(".npz")


def is_offered(game: Game, name: str) -> bool:
    """True if ``name`` can seat a bot in ``game``: one of its agents, an import path or a
    policy file (whether it loads is told when it is seated)."""
    return name in game.definition.agent_names or is_import_path(name) or is_policy_file(name)


def bot_label(name: str) -> str:
    """How a bot is called at the table: its name, or a policy file's name without folders."""
    return Path(name).stem if is_policy_file(name) else name


def bot_agent(game: Game, name: str, seat: int, seed: int, params: dict[str, Any]) -> Agent:
    """The bot ``name`` for ``seat``; a usage error (exit 2) for one that cannot be had (a
    policy made for another game or encoding, a factory that does not import)."""
    if is_policy_file(name):
        try:
            from cardkit_cli.policies import seat_policy
        except ImportError as error:  # numpy is missing: the research extra is not installed
            raise CardkitError(f"the policy {name} needs numpy ({error}): pip install "
                               "'cardkit[rl]'", 2) from None
        return seat_policy(game, name, bot_label(name))
    try:
        return game.agent(name, seat, seed, **params)
    except ValueError as error:
        raise CardkitError(str(error), 2) from None
