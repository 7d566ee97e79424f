"""The learned Tiến Lên player shipped in docs/research/policies/ (two players): it loads
against the game's current encoding, plays through ``--bot``, and is no random player."""

from __future__ import annotations

from pathlib import Path

from cardkit_cli.main import cli
from click.testing import CliRunner

import cardkit
from cardkit.adapters.policy import PolicyAgent, load_policy

POLICY = Path(__file__).resolve().parents[2] / "docs" / "research" / "policies" / \
    "tien-len-2p.npz"


def test_the_shipped_policy_is_small_and_fits_the_current_encoding() -> None:
    assert POLICY.stat().st_size < 500_000
    policy = load_policy(POLICY, cardkit.load_game("tien-len", players=2))
    assert policy.metadata["trainer"] == "docs/research/dagger.py"
    assert policy.metadata["chosen"] and policy.metadata["curve"]


def test_the_shipped_policy_plays_through_bot() -> None:
    result = CliRunner().invoke(cli, ["play", "tien-len", "--players", "2", "--auto",
                                      "--hands", "1", "--seed", "3", "--bot", str(POLICY)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "tien-len-2p bot" in result.output and "hand over" in result.output


def test_the_shipped_policy_beats_random_play() -> None:
    game = cardkit.load_game("tien-len", players=2)
    agent = PolicyAgent(load_policy(POLICY, game), game, "learned")
    report = cardkit.evaluate(game, agent, "random", deals=20)
    assert report.mean > 0.3
