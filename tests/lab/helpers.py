"""Test games for the lab: knock rummy registered in-process, plus a copy with an evaluation."""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.engine.capabilities import Evaluation
from cardkit.engine.registry import register, unregister
from cardkit.engine.state import State
from cardkit.libraries.melds import deadwood_value
from testgames.knock_rummy import KNOCK_RUMMY, RULES


def minus_deadwood(state: State) -> Sequence[float]:
    """Standing = minus the deadwood in hand (a referee's view of knock rummy)."""
    return [-deadwood_value(hand, RULES) for hand in state.hands]


KNOCK_RUMMY_EVALUATED = KNOCK_RUMMY.variant(name="knock-rummy-evaluated").with_capabilities(
    Evaluation(minus_deadwood))


def register_test_games() -> None:
    """Make both test games loadable by name (forked workers inherit this)."""
    register(KNOCK_RUMMY)
    register(KNOCK_RUMMY_EVALUATED)


def unregister_test_games() -> None:
    """Undo :func:`register_test_games` (other test modules expect a clean registry)."""
    unregister(KNOCK_RUMMY.name)
    unregister(KNOCK_RUMMY_EVALUATED.name)
