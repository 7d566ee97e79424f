"""One evaluation call: an agent or a policy against a rival on duplicate deals, with a 95 %
interval -- the method of the project's own strength tables (``bench/agents.py``).

>>> import cardkit
>>> report = cardkit.evaluate("tonk", "normal", "random", deals=20, players=2)
>>> report.deals, report.hands
(20, 40)
>>> report.mean > 0
True

Every deal is played once per seat the tested agent takes (by default every seat), the other
seats by the rival, so each deal's luck is met by both sides and cancels. The headline is the
tested agent's **points against its best rival** a hand (its payoff minus the best of the
others': the difference that matters in gin, which credits only the scorer, and in Tiến Lên,
which pays by place; in two-player Tonk twice the stakes won), averaged over each deal's
seatings; its 95 % interval is taken over deals (the duplicate unit, normal approximation).
The seat's own payoff and the share of hands it won stand beside it.

Deal ``d`` is dealt from ``derive_seed(seed, "<game><players>", d)`` and its seats' agents
are seeded from that, as ``bench/agents.py`` does (``seed=2026`` and ``bench/agents.py``'s
setup names give its deals exactly), so a run is deterministic when every agent's budget is
fixed (``iterations=`` rather than ``time_limit=``, through ``params``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cardkit.engine.agents import Agent
from cardkit.engine.game import Game
from cardkit.frontends.adapters.common import Opponent, configured, seat_agent
from cardkit.services.search.choose import choose_action
from cardkit.services.search.rollout import relative_score
from cardkit.values.deck import derive_seed

__all__ = ["Evaluation", "HandOutcome", "evaluate", "interval"]


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and 95 % half-width (normal approximation; infinite below two values)."""
    count = len(values)
    if count == 0:
        return math.nan, math.inf
    mean = sum(values) / count
    if count < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, 1.96 * math.sqrt(variance / count)


@attrs.frozen
class HandOutcome:
    """One hand of an evaluation: the deal, the tested seat, its points against the best rival
    (``net``), its payoff, whether it won, and the ending."""

    deal: int
    seat: int
    net: float
    payoff: float
    won: bool
    ending: str


@attrs.frozen
class Evaluation:
    """What :func:`evaluate` measured. ``mean`` ± ``half_width`` is the tested agent's points
    against its best rival a hand (95 %, over deals); ``payoff`` ± ``payoff_half_width`` its
    own payoff a hand; ``won`` the share of hands it won; ``hands`` holds every hand."""

    game: str
    players: int
    agent: str
    rival: str
    deals: int
    mean: float
    half_width: float
    payoff: float
    payoff_half_width: float
    won: float
    hands: int
    outcomes: tuple[HandOutcome, ...] = attrs.field(repr=False)

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.mean + self.half_width

    def __str__(self) -> str:
        return (f"{self.agent} against {self.rival} in {self.game} ({self.players} players), "
                f"{self.deals} duplicate deals, {self.hands} hands: "
                f"{self.mean:+.3f} ± {self.half_width:.3f} a hand against the best rival "
                f"(95 %); payoff {self.payoff:+.3f} ± {self.payoff_half_width:.3f}; "
                f"won {self.won:.1%} of hands")


def _label(spec: Opponent) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", None)
               or type(spec).__name__)


def evaluate(game: str | Game, agent: Opponent, rival: Opponent = "normal", *,
             deals: int | Sequence[int] = 200, seed: int = 2026, players: int | None = None,
             seats: Sequence[int] | None = None, params: Mapping[str, Any] | None = None,
             progress: Callable[[int, int], None] | None = None,
             **options: Any) -> Evaluation:
    """``agent`` against ``rival`` on duplicate deals (see the module's docstring).

    ``game`` is a name (with ``players`` and rule ``options``) or a configured game. ``agent``
    and ``rival`` are each a name (one of the game's agents or a ladder strength), an
    :class:`~cardkit.agents.Agent`, a factory ``(game, seat, seed) -> Agent`` (a fresh agent
    every hand) or a policy over the encoding (:mod:`cardkit.adapters.policy`). ``deals`` is a
    number of deals (0 .. n-1) or the deal numbers themselves; ``seats`` the seats the agent
    takes (every seat by default); ``params`` go to the named agents that take them (a fixed
    search budget: ``{"iterations": 600}``). ``progress(done, total)`` is called after each
    deal. ``ValueError`` for a bad game, agent, seat or parameter."""
    configured_game = configured(game, players, options)
    numbers = list(range(deals)) if isinstance(deals, int) else list(deals)
    if not numbers:
        raise ValueError("deals must be at least 1")
    count = configured_game.players
    tested_seats = list(range(count)) if seats is None else list(seats)
    if not tested_seats or any(not 0 <= s < count for s in tested_seats):
        raise ValueError(f"seats must be among 0..{count - 1}, not {list(tested_seats)}")
    seat_agent(configured_game, agent, 0, 0, params)  # a bad agent fails before any play
    seat_agent(configured_game, rival, 0, 0, params)
    label = f"{configured_game.name.replace('-', '')}{count}"
    outcomes: list[HandOutcome] = []
    for done, deal in enumerate(numbers, start=1):
        hand_seed = derive_seed(seed, label, deal)
        for seat in tested_seats:
            agents: list[Agent] = [seat_agent(configured_game, rival, s,
                                              derive_seed(hand_seed, "seat", s), params)
                                   for s in range(count)]
            agents[seat] = seat_agent(configured_game, agent, seat,
                                      derive_seed(hand_seed, "tested"), params)
            state = configured_game.new_hand(seed=hand_seed)
            while not state.is_over:
                current = state.current_player
                assert current is not None
                move, _ = choose_action(agents[current], state, current)
                state.apply_unchecked(move)
            result = state.result
            assert result is not None
            outcomes.append(HandOutcome(deal, seat, relative_score(result.payoffs, seat),
                                        float(result.payoffs[seat]), seat in result.winners,
                                        result.ending))
        if progress is not None:
            progress(done, len(numbers))
    return summarise(configured_game, _label(agent), _label(rival), outcomes)


def summarise(game: Game, agent: str, rival: str,
              outcomes: Sequence[HandOutcome]) -> Evaluation:
    """The :class:`Evaluation` of a list of hands (intervals over deals)."""
    by_deal: dict[int, list[HandOutcome]] = {}
    for outcome in outcomes:
        by_deal.setdefault(outcome.deal, []).append(outcome)
    nets = [sum(o.net for o in hands) / len(hands) for hands in by_deal.values()]
    payoffs = [sum(o.payoff for o in hands) / len(hands) for hands in by_deal.values()]
    mean, half = interval(nets)
    payoff, payoff_half = interval(payoffs)
    won = sum(o.won for o in outcomes) / len(outcomes)
    return Evaluation(game.name, game.players, agent, rival, len(by_deal), mean, half, payoff,
                      payoff_half, won, len(outcomes), tuple(outcomes))
