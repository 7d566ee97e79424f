"""Train gin rummy's ``hard`` agent (:mod:`cardkit_games.gin_rummy.bots.policy`) by self-play.

    python -m cardkit_games.gin_rummy.bots.training --rounds 5 --hands 2000 --eval-deals 150
    python -m cardkit_games.gin_rummy.bots.training --rounds 1 --hands 40 --no-write

(the first wrote the shipped weights; the second is a quick look).

The shipped run takes about 20 minutes of one core.

Policy iteration from a seed, on one core, pure Python:

1. **Play.** ``--hands`` two-player hands of the current weights against ``--opponents`` in
   turn (by default a quarter against themselves, a quarter against ``normal`` and half
   against the *knocker*, :class:`KnockerAgent`, who knocks at its first chance; the
   *rushing* player, :class:`RushingAgent`, knocks as soon but takes and throws otherwise),
   so the value knows opponents of several speeds; each seat
   exploring (``--explore``: a share of its discards is one of its three best, and it now and
   then plays on where it would knock). Every plain discard gives a *value sample*: its
   features and the points the hand went on to give that seat (its score minus the
   opponent's). Every knock the seat could make gives a *knock sample*: its features, its
   deadwood K, and the defender's deadwood D after lay-offs against it, worked out from the
   defender's true hand (which the training run sees, and the agent never does).
2. **Fit.** The value weights by ridge-regularised least squares on the value samples
   (from the second round on, averaged with the previous round's: policy iteration on
   noisy returns otherwise swings between knocking too often and too seldom); the
   knock models by least squares (``E[D]``) and by a logistic regression (``P(D <= K)``,
   Newton's method) on the knock samples; then the stock model, by least squares, on the
   exact expected value of a stock draw under the *new* value weights at up to
   :data:`STOCK_SAMPLES` of the draw decisions seen (a model fitted to the old value would
   weigh a stock draw on another scale than the up-card); and the continue model on what
   playing on was worth, less the new value, where the seat could have knocked (every
   knockable position is played on with probability ``--explore``, so there are such
   samples whatever the policy prefers).
3. **Measure** the new weights against ``normal``, the rushing player and the knocker on
   ``--eval-deals`` duplicate deals each.

The weights of the round that measured best (the mean of the three) are written to
``games/gin_rummy/bots/weights.py``. Every random choice comes from ``--seed``, so a run is
reproducible. :data:`START` is the untrained start: value minus the deadwood, a knock model that
expects the defender to hold 25 with an undercut risk growing with K.
"""

from __future__ import annotations

import argparse
import math
import pprint
import random
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardkit_games.gin_rummy.bots.policy import (
    CONTINUE_FEATURES,
    KNOCK_FEATURES,
    STOCK_FEATURES,
    VALUE_FEATURES,
    HardAgent,
    melds_with,
)
from cardkit_games.gin_rummy.rules import RULES, VALUE

import cardkit
from cardkit.actions import Action
from cardkit.agents import Agent
from cardkit.cards import card_mask
from cardkit.deck import derive_seed
from cardkit.melds import best_arrangement, best_with_layoffs, deadwood_value
from cardkit.search import relative_score
from cardkit.views import View

__all__ = ["OPPONENTS", "START", "STYLES", "KnockerAgent", "RushingAgent", "evaluate",
           "fit_continue", "fit_knock", "fit_stock", "fit_value", "knock_loss", "measure",
           "self_play", "stock_rows", "train", "value_loss"]

#: The untrained start: the value is minus the deadwood (a point of deadwood a point of loss),
#: the knock models know nothing but that a defender holds about 25 and that a higher K is
#: likelier to be undercut.
START: dict[str, Any] = {
    "value": [0.0, -10.0] + [0.0] * (len(VALUE_FEATURES) - 2),
    "knock_mean": [25.0] + [0.0] * (len(KNOCK_FEATURES) - 1),
    "knock_risk": [-3.0] + [0.0] * (len(KNOCK_FEATURES) - 1) + [0.3],
    "stock": [0.0, -10.0] + [0.0] * (len(STOCK_FEATURES) - 2),
    "continue": [0.0] * len(CONTINUE_FEATURES),
    "take_margin": 0.0,
}

#: Ridge penalty of the value fit (per sample, on every weight but the bias).
RIDGE = 1e-3
WEIGHTS_FILE = Path(__file__).resolve().parent / "weights.py"

Rows = list[tuple[list[float], float]]
#: Where the seat could knock and played on: the continue features, the value features of the
#: hand kept, and the points the hand went on to give.
Continues = list[tuple[list[float], list[float], float]]


class RushingAgent(Agent):
    """A training opponent of another style than ``normal``: it knocks at the first chance
    (gin first), throws the card that leaves the least deadwood (the highest rank among
    equals), and takes the discard only when that lets it knock, or when the card makes a meld
    that lowers its deadwood. Against it a hand ends sooner than against ``normal``, and
    lay-offs and undercuts weigh differently: the value is fitted against both."""

    name = "rushing"

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The rushing move."""
        hand = card_mask(view.hand)
        limit = int(view.info.get("knock_limit", 10))
        if view.phase in ("upcard", "draw"):
            take = next((a for a in legal_actions
                         if a.kind == "take" or a.option == "discard"), None)
            top = view.discard_top
            if take is not None and top is not None:
                grown = hand | top.mask
                after = min(deadwood_value(grown & ~(1 << i), RULES)
                            for i in range(52) if hand >> i & 1)
                if after <= limit or (melds_with(top.index, hand)
                                      and after < deadwood_value(hand, RULES)):
                    return take
            return next(a for a in legal_actions if a is not take)
        finishing = [a for a in legal_actions if a.kind in ("big", "gin")]
        if finishing:
            return finishing[0]
        def left(action: Action) -> tuple[int, int]:
            card = action.cards[0]
            return deadwood_value(hand & ~card.mask, RULES), -(card.rank or 0)
        knocks = [a for a in legal_actions if a.kind == "knock"]
        if knocks:
            return min(knocks, key=left)
        return min((a for a in legal_actions if a.kind == "discard"), key=left)


class KnockerAgent(Agent):
    """A training opponent that races for the first knock, the plainest of strategies: it
    knocks (or goes gin) as soon as it may, takes the up-card only when the card makes a meld
    with two it holds, and otherwise throws its highest unmatched card (of the arrangement
    that leaves the least deadwood; the higher rank among equal values). Against it most hands
    end by its early knock, so the value learns what a hand is worth in such a race."""

    name = "knocker"

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The knocker's move."""
        hand = card_mask(view.hand)
        if view.phase in ("upcard", "draw"):
            take = next((a for a in legal_actions
                         if a.kind == "take" or a.option == "discard"), None)
            top = view.discard_top
            if take is not None and top is not None and melds_with(top.index, hand):
                return take
            return next(a for a in legal_actions if a is not take)
        finishing = [a for a in legal_actions if a.kind in ("big", "gin")]
        if finishing:
            return finishing[0]

        def left(action: Action) -> int:
            return deadwood_value(hand & ~action.cards[0].mask, RULES)

        knocks = [a for a in legal_actions if a.kind == "knock"]
        if knocks:
            return min(knocks, key=left)
        discards = [a for a in legal_actions if a.kind == "discard"]
        unmatched = {card.index for card in best_arrangement(hand, RULES).deadwood}
        loose = [a for a in discards if a.cards[0].index in unmatched] or discards
        return max(loose, key=lambda a: (VALUE[a.cards[0].index], a.cards[0].rank or 0))


#: The training opponents by name (besides the agent itself and ``normal``).
STYLES: dict[str, type[Agent]] = {"rushing": RushingAgent, "knocker": KnockerAgent}


Samples = tuple[Rows, list[tuple[list[float], int, int]], list[Any], Continues]
#: Draw decisions whose stock-model target is computed, at most, per round (each costs thirty
#: look-aheads).
STOCK_SAMPLES = 3000


def play_hand(game: cardkit.Game, weights: dict[str, Any], seed: int, explore: float,
              opponent: str | None) -> Samples:
    """One hand; its value and knock samples (see the module docstring)."""
    state = game.new_hand(seed=seed)
    values: list[tuple[int, list[float]]] = []
    knocks: list[tuple[list[float], int, int]] = []
    stocks: list[Any] = []
    continues: list[tuple[int, list[float], list[float]]] = []
    agents: list[Any] = []
    for seat in range(2):
        def trace(kind: str, features: Sequence[float], extra: Any, seat: int = seat) -> None:
            if kind == "value":
                values.append((seat, list(features)))
            elif kind == "knock":
                opponent = state.opponent(seat)  # type: ignore[attr-defined]
                melds = best_arrangement(extra, RULES)
                defence = best_with_layoffs(state.hands[opponent], melds.melds,  # type: ignore[attr-defined]
                                            RULES)
                knocks.append((list(features), melds.deadwood_value, defence.deadwood_value))
            elif kind == "stock":
                stocks.append(extra)  # the view: its target is worked out after the fit
            elif kind == "continue":
                continues.append((seat, list(features), list(extra)))

        agents.append(HardAgent(game, derive_seed(seed, "agent", seat), weights=weights,
                                explore=explore, trace=trace, trace_stock=True))
    if opponent == "normal":
        agents[seed % 2] = game.agent("normal", seed % 2, seed)
    elif opponent in STYLES:
        agents[seed % 2] = STYLES[opponent]()
    while not state.is_over:
        player = state.current_player
        assert player is not None
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else agents[player].choose(state.view(player),
                                                                        legal)
        state.apply_unchecked(action)
    assert state.result is not None
    payoffs = state.result.payoffs
    return ([(f, relative_score(payoffs, seat)) for seat, f in values], knocks, stocks,
            [(c, v, relative_score(payoffs, seat)) for seat, c, v in continues])


#: The opponents of the training hands, in turn: the agent itself, the knocker, ``normal``
#: and the knocker again (half the hands are a race against an early knock, the commonest
#: style of simple players and the one the value measured weakest against).
OPPONENTS = (None, "knocker", "normal", "knocker")


def self_play(weights: dict[str, Any], hands: int, seed: int, explore: float,
              opponents: Sequence[str | None] = OPPONENTS) -> Samples:
    """The samples of ``hands`` hands (against ``opponents`` in turn: None is the agent
    itself)."""
    game = cardkit.load_game("gin-rummy", players=2)
    values: Rows = []
    knocks: list[tuple[list[float], int, int]] = []
    stocks: list[Any] = []
    continues: Continues = []
    for hand in range(hands):
        v, k, s, c = play_hand(game, weights, derive_seed(seed, "hand", hand), explore,
                               opponents[hand % len(opponents)])
        values += v
        knocks += k
        stocks += s
        continues += c
    return values, knocks, stocks, continues


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of ``matrix @ x = vector`` (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    rows = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] if abs(rows[i][i]) > 1e-12 else 0.0 for i in range(n)]


def least_squares(rows: Sequence[tuple[Sequence[float], float]], ridge: float) -> list[float]:
    """Ridge-regularised least squares (the first feature, the bias, is not penalised)."""
    n = len(rows[0][0])
    gram = [[0.0] * n for _ in range(n)]
    moment = [0.0] * n
    for features, target in rows:
        for i, fi in enumerate(features):
            if fi:
                moment[i] += fi * target
                row = gram[i]
                for j, fj in enumerate(features):
                    row[j] += fi * fj
    for i in range(1, n):
        gram[i][i] += ridge * len(rows)
    return _solve(gram, moment)


def logistic(rows: Sequence[tuple[Sequence[float], int]], iterations: int = 25,
             ridge: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (a small ridge keeps it finite)."""
    n = len(rows[0][0])
    weights = [0.0] * n
    for _ in range(iterations):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for features, label in rows:
            z = sum(w * f for w, f in zip(weights, features, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))
            for i, fi in enumerate(features):
                gradient[i] += (label - p) * fi
                row = hessian[i]
                for j, fj in enumerate(features):
                    row[j] += p * (1 - p) * fi * fj
        for i in range(n):
            gradient[i] -= ridge * len(rows) * weights[i] * (i > 0)
            hessian[i][i] += ridge * len(rows) * (i > 0) + 1e-9
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return weights


def fit_value(values: Sequence[tuple[list[float], float]]) -> list[float]:
    """The value weights fitted to the value samples."""
    return least_squares(values, RIDGE)


def fit_knock(knocks: Sequence[tuple[list[float], int, int]]) -> tuple[list[float], list[float]]:
    """The knock models fitted to the knock samples: ``E[D]`` and ``P(D <= K)``."""
    mean = least_squares([(f, float(d)) for f, _, d in knocks], RIDGE)
    risk = logistic([([*f, float(k)], int(d <= k)) for f, k, d in knocks])
    return mean, risk


def stock_rows(weights: dict[str, Any], views: Sequence[Any], seed: int) -> Rows:
    """The stock model's samples: at (at most :data:`STOCK_SAMPLES` of) the draw decisions
    seen, its features and the exact expected value of a stock draw under ``weights``' value
    (so the two models agree on the scale of a point)."""
    game = cardkit.load_game("gin-rummy", players=2)
    agent = HardAgent(game, seed, weights=weights)
    chosen = list(views)
    if len(chosen) > STOCK_SAMPLES:
        chosen = random.Random(seed).sample(chosen, STOCK_SAMPLES)
    return [agent.stock_sample(view) for view in chosen]


def fit_stock(rows: Rows) -> list[float]:
    """The stock model fitted to its samples (:func:`stock_rows`)."""
    return least_squares(rows, RIDGE)


def fit_continue(value: Sequence[float], continues: Continues) -> list[float]:
    """The continue model: least squares on what playing on was worth where a knock was
    possible, less the value (``value``) of the hand kept."""
    rows = [(c, y - sum(w * f for w, f in zip(value, v, strict=True))) for c, v, y in continues]
    return least_squares(rows, RIDGE) if rows else [0.0] * len(CONTINUE_FEATURES)


def value_loss(weights: Sequence[float], values: Sequence[tuple[list[float], float]]) -> float:
    """Mean squared error of the value weights on value samples."""
    return sum((sum(w * f for w, f in zip(weights, x, strict=True)) - y) ** 2
               for x, y in values) / len(values)


def knock_loss(mean: Sequence[float], risk: Sequence[float], undercut: int,
               knocks: Sequence[tuple[list[float], int, int]]) -> float:
    """Mean squared error of the predicted knock score ``E[D] - K - undercut * P(D <= K)``
    against the score each knock would have had (the knocker's gain)."""
    total = 0.0
    for features, k, d in knocks:
        z = sum(w * f for w, f in zip(risk, [*features, float(k)], strict=True))
        p = 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))
        predicted = sum(w * f for w, f in zip(mean, features, strict=True)) - k - undercut * p
        actual = d - k if d > k else -(undercut + k - d)
        total += (predicted - actual) ** 2
    return total / len(knocks)


def evaluate(weights: dict[str, Any], deals: int, seed: int,
             opponent: str = "normal") -> tuple[float, float]:
    """Points per hand against ``opponent`` (``normal`` or one of :data:`STYLES`) on
    ``deals`` duplicate deals (each played with the seats exchanged) and the 95 % half-width."""
    game = cardkit.load_game("gin-rummy", players=2)
    per_deal = []
    for deal in range(deals):
        hand_seed = derive_seed(seed, "eval", deal)
        total = 0.0
        for seat in range(2):
            state = game.new_hand(seed=hand_seed)
            agents: list[Any] = [game.agent("normal", s, hand_seed) if opponent == "normal"
                                 else STYLES[opponent]() for s in range(2)]
            agents[seat] = HardAgent(game, hand_seed, weights=weights)
            while not state.is_over:
                player = state.current_player
                assert player is not None
                legal = state.legal_actions()
                action = legal[0] if len(legal) == 1 else agents[player].choose(
                    state.view(player), legal)
                state.apply_unchecked(action)
            assert state.result is not None
            total += relative_score(state.result.payoffs, seat)
        per_deal.append(total / 2)
    mean = sum(per_deal) / len(per_deal)
    if len(per_deal) < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in per_deal) / (len(per_deal) - 1)
    return mean, 1.96 * math.sqrt(variance / len(per_deal))


def measure(weights: dict[str, Any], deals: int, seed: int) -> tuple[float, str]:
    """The round's score, the mean of the points a hand against ``normal``, the rushing player
    and the knocker, and the text that reports each."""
    results = {name: evaluate(weights, deals, seed, name)
               for name in ("normal", "rushing", "knocker")}
    text = ", ".join(f"{mean:+.2f} ± {half:.2f} against {name}"
                     for name, (mean, half) in results.items())
    return sum(mean for mean, _ in results.values()) / len(results), text


def train(rounds: int, hands: int, seed: int, explore: float, eval_deals: int,
          start: dict[str, Any] | None = None, log: Any = None,
          opponents: Sequence[str | None] = OPPONENTS) -> dict[str, Any]:
    """Policy iteration (see the module docstring); the best measured weights."""
    weights = dict(start or START)
    score, text = measure(weights, eval_deals, seed) if eval_deals else (-math.inf, "")
    best = (score, weights)
    if log:
        print(f"start: {text} (points a hand)", file=log, flush=True)
    for number in range(rounds):
        started = time.perf_counter()
        values, knocks, stocks, continues = self_play(
            weights, hands, derive_seed(seed, "round", number), explore, opponents)
        mean, risk = fit_knock(knocks)
        value = fit_value(values)
        if number:  # damped: half the old weights, half the new fit (a steadier iteration)
            value = [(a + b) / 2 for a, b in zip(weights["value"], value, strict=True)]
        weights = {"value": value, "knock_mean": mean, "knock_risk": risk,
                   "stock": weights["stock"], "continue": fit_continue(value, continues),
                   "take_margin": weights["take_margin"]}
        weights["stock"] = fit_stock(stock_rows(weights, stocks,
                                                derive_seed(seed, "stock", number)))
        score, text = measure(weights, eval_deals, seed) if eval_deals else (0.0, "")
        if log:
            print(f"round {number + 1}: {len(values)} value, {len(knocks)} knock, "
                  f"{len(continues)} continue and {len(stocks)} stock samples; {text} "
                  f"({time.perf_counter() - started:.0f} s)", file=log, flush=True)
        if score > best[0] or not eval_deals:
            best = (score, weights)
    return best[1]


def _rounded(weights: dict[str, Any]) -> dict[str, Any]:
    return {key: [round(w, 4) for w in value] if isinstance(value, list) else value
            for key, value in weights.items()}


def write(weights: dict[str, Any], command: str) -> None:
    """Write the weights module (one key a line, lists wrapped at 96 columns)."""
    lines = []
    for key, value in _rounded(weights).items():
        if isinstance(value, list):
            body = textwrap.fill(", ".join(repr(v) for v in value), width=88,
                                 initial_indent=" " * 8, subsequent_indent=" " * 8)
            lines.append(f'    "{key}": [\n{body},\n    ],')
        else:
            lines.append(f'    "{key}": {value!r},')
    package = "cardkit_games.gin_rummy.bots"
    written = textwrap.fill(f"Written by ``{command}`` (:mod:`{package}.training`).", width=96,
                            break_on_hyphens=False)
    WEIGHTS_FILE.write_text(
        f'"""The weights of gin rummy\'s ``hard`` agent (:mod:`{package}.policy`).\n'
        f"\n{written}\n"
        '"""\n\n'
        "from typing import Any\n\n"
        "WEIGHTS: dict[str, Any] = {\n" + "\n".join(lines) + "\n}\n")


def main(argv: Sequence[str] | None = None) -> None:
    """Train and write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--hands", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--eval-deals", type=int, default=150)
    parser.add_argument("--opponents", default="self,knocker,normal,knocker",
                        help="the training opponents in turn, comma-separated: self, normal, "
                             + ", ".join(STYLES))
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    names = args.opponents.split(",")
    unknown = [n for n in names if n not in ("self", "normal", *STYLES)]
    if unknown or not names:
        parser.error(f"unknown training opponent {unknown[0] if unknown else ''!r}")
    opponents = [None if n == "self" else n for n in names]
    weights = train(args.rounds, args.hands, args.seed, args.explore, args.eval_deals,
                    log=sys.stdout, opponents=opponents)
    pprint.pprint(_rounded(weights), width=96, sort_dicts=False)
    if not args.no_write:
        write(weights, "python -m cardkit_games.gin_rummy.bots.training "
              + " ".join(argv or sys.argv[1:]))


if __name__ == "__main__":
    main()
