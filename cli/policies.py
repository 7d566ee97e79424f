"""A saved policy seated as a bot (numpy's side of :mod:`cardkit_cli.bots`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardkit_cli.main import CardkitError

from cardkit.adapters.policy import PolicyError, policy_agent

if TYPE_CHECKING:
    from cardkit import Agent, Game

__all__ = ["seat_policy"]


def seat_policy(game: Game, path: str, label: str) -> Agent:
    """The policy saved at ``path`` as ``game``'s bot called ``label`` at the table (its
    encoding's fingerprint checked); a usage error (exit 2) for a missing file or another
    game's policy."""
    try:
        return policy_agent(path, game, label)
    except PolicyError as error:
        raise CardkitError(str(error), 2) from None
