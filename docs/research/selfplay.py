"""A learned player by self-play, numpy only: a small network over a game's encoding, trained
through the Gymnasium adapter against a league of its own frozen snapshots, saved as a policy
file that ``cardkit play GAME --bot FILE`` seats.

    python docs/research/selfplay.py tonk --minutes 50 --out docs/research/tonk-policy.npz
    python docs/research/selfplay.py tien-len --players 4 --minutes 50 \\
        --out docs/research/tien-len-policy.npz
    python docs/research/selfplay.py tonk --minutes 1 --out /tmp/quick.npz    # a quick check

Two stages, both seeded and resumable (``--checkpoint FILE``: the run saves its whole state
there every two minutes of CPU and, started again with the same arguments, goes on from it, the
same run as one without the stop). ``--minutes`` caps the CPU time; ``--updates N`` stops after
N self-play updates instead, a run of fixed length (the same weights on every machine):

1. *Warm start*, ``--imitate`` hands: the network learns to predict the moves of the game's
   ``normal`` agent on hands where every seat plays ``normal`` (cross-entropy over the legal
   moves), and its value head the hand's reward. This gives self-play a sensible opponent to
   start from.
2. *Self-play*: proximal policy optimisation (PPO, clipped, with the value head as baseline and
   an entropy bonus) for one seat, chosen at random each hand, whose opponents are the learner
   itself (sampling), a frozen snapshot from the league (one is added every ``--snapshot``
   updates, the last ``--league`` kept), or ``normal`` (``--anchor``, the share of hands
   against it). The reward is the zero-sum margin (the payoff minus the rivals' mean),
   normalised by its spread in the warm start's hands.

Every ``--every`` CPU seconds the greedy policy (its most probable move) is measured against
``normal`` on the same duplicate deals (``cardkit.evaluate``), and a line of the learning
curve is written to ``--curve`` (CSV: CPU seconds, hands, points or stakes a hand against the
best rival, its 95 % half-width).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import random
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core: no threads fighting over it

import numpy as np

import cardkit
from cardkit.adapters.gymnasium import make_env
from cardkit.adapters.policy import MLPPolicy, PolicyAgent, load_policy
from cardkit.agents import choose_action

Batch = list[tuple[np.ndarray, np.ndarray, int, float, float]]


class Adam:
    """Adam over a list of arrays."""

    def __init__(self, params: list[np.ndarray], rate: float) -> None:
        self.rate = rate
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        """One update, in place."""
        self.t += 1
        b1, b2 = 0.9, 0.999
        correction = math.sqrt(1 - b2 ** self.t) / (1 - b1 ** self.t)
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= self.rate * correction * m / (np.sqrt(v) + 1e-8)


def parameters(policy: MLPPolicy) -> list[np.ndarray]:
    """The network's arrays, in a fixed order (each layer's weights and bias, the value head)."""
    out: list[np.ndarray] = []
    for weights, bias in policy.layers:
        out.extend((weights, bias))
    out.extend(policy.value_head)
    return out


def forward(policy: MLPPolicy, observations: np.ndarray) -> list[np.ndarray]:
    """The activations of every hidden layer for a batch (the input first)."""
    activations = [observations]
    for weights, bias in policy.layers[:-1]:
        activations.append(np.tanh(activations[-1] @ weights.T + bias))
    return activations


def gradients(policy: MLPPolicy, observations: np.ndarray, legal: np.ndarray,
              valid: np.ndarray, logit_grad_of: Any, value_targets: np.ndarray,
              value_weight: float) -> tuple[list[np.ndarray], dict[str, float]]:
    """Back-propagation over the legal moves only: ``legal`` (batch x L) holds each row's
    legal indices, padded, ``valid`` says which are real. ``logit_grad_of(probabilities,
    logp)`` returns the loss's gradient with respect to those logits; the value head adds a
    squared error."""
    activations = forward(policy, observations)
    hidden = activations[-1]
    weights, bias = policy.layers[-1]
    rows = weights[legal]  # batch x L x hidden
    logits = np.einsum("blh,bh->bl", rows, hidden) + bias[legal]
    logits = np.where(valid, logits, -1e30)
    logits -= logits.max(axis=1, keepdims=True)
    exp = np.exp(logits) * valid
    probabilities = exp / exp.sum(axis=1, keepdims=True)
    logp = np.log(np.maximum(probabilities, 1e-12))
    d_logits, stats = logit_grad_of(probabilities, logp)
    d_logits = d_logits * valid
    vw, vb = policy.value_head
    values = hidden @ vw + vb[0]
    d_values = value_weight * (values - value_targets) / len(values)
    stats["value_error"] = float(np.mean((values - value_targets) ** 2))
    g_w = np.zeros_like(weights)
    np.add.at(g_w, legal[valid], (d_logits[:, :, None] * hidden[:, None, :])[valid])
    g_b = np.zeros_like(bias)
    np.add.at(g_b, legal[valid], d_logits[valid])
    grads_layers: list[tuple[np.ndarray, np.ndarray]] = [(g_w, g_b)]
    g_vw, g_vb = d_values @ hidden, np.array([d_values.sum()])
    d_hidden = np.einsum("bl,blh->bh", d_logits, rows) + np.outer(d_values, vw)
    for index in range(len(policy.layers) - 2, -1, -1):
        w, _ = policy.layers[index]
        d_pre = d_hidden * (1 - activations[index + 1] ** 2)
        grads_layers.append((d_pre.T @ activations[index], d_pre.sum(axis=0)))
        d_hidden = d_pre @ w
    grads_layers.reverse()
    out: list[np.ndarray] = []
    for layer_w, layer_b in grads_layers:
        out.extend((layer_w, layer_b))
    out.extend((g_vw, g_vb))
    return out, stats


def stack(batch: Batch) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                 np.ndarray, np.ndarray]:
    """A batch's observations, padded legal indices and their validity, the chosen action's
    position among them, old log-probabilities and returns."""
    observations = np.stack([b[0] for b in batch])
    width = max(len(b[1]) for b in batch)
    legal = np.zeros((len(batch), width), dtype=np.int64)
    valid = np.zeros((len(batch), width), dtype=bool)
    positions = np.zeros(len(batch), dtype=np.int64)
    for row, b in enumerate(batch):
        legal[row, :len(b[1])] = b[1]
        legal[row, len(b[1]):] = b[1][0]
        valid[row, :len(b[1])] = True
        positions[row] = int(np.flatnonzero(b[1] == b[2])[0])
    old = np.array([b[3] for b in batch])
    returns = np.array([b[4] for b in batch])
    return observations, legal, valid, positions, old, returns


class Trainer:
    """The whole run's state: the network, the optimiser, the league, the counters."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.game = cardkit.load_game(args.game, players=args.players)
        self.policy = MLPPolicy.initial(self.game, hidden=tuple(args.hidden), seed=args.seed,
                                        metadata={"trainer": "docs/research/selfplay.py"})
        self.adam = Adam(parameters(self.policy), args.rate)
        self.hands = 0
        self.imitated = 0
        self.updates = 0
        self.cpu = 0.0
        self.scale = 1.0
        self.league: list[list[np.ndarray]] = []
        self.curve: list[dict[str, float]] = []
        self.next_evaluation = 0.0

    # -- checkpoints ------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Everything needed to go on exactly where the run stands."""
        arrays: dict[str, np.ndarray] = {}
        for n, p in enumerate(parameters(self.policy)):
            arrays[f"p{n}"] = p
        for n, (m, v) in enumerate(zip(self.adam.m, self.adam.v, strict=True)):
            arrays[f"m{n}"], arrays[f"v{n}"] = m, v
        for k, snapshot in enumerate(self.league):
            for n, p in enumerate(snapshot):
                arrays[f"l{k}_{n}"] = p
        header = {"hands": self.hands, "imitated": self.imitated, "updates": self.updates,
                  "cpu": self.cpu, "scale": self.scale, "league": len(self.league),
                  "adam_t": self.adam.t, "curve": self.curve,
                  "next_evaluation": self.next_evaluation, "arguments": vars(self.args)}
        arrays["header"] = np.array(json.dumps(header, default=str))
        temporary = path.with_suffix(".tmp.npz")
        with open(temporary, "wb") as out:
            np.savez(out, **arrays)
        os.replace(temporary, path)

    def load(self, path: Path) -> None:
        """Go on from a checkpoint written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            for n, p in enumerate(parameters(self.policy)):
                p[...] = data[f"p{n}"]
            for n, (m, v) in enumerate(zip(self.adam.m, self.adam.v, strict=True)):
                m[...], v[...] = data[f"m{n}"], data[f"v{n}"]
            count = len(parameters(self.policy))
            self.league = [[data[f"l{k}_{n}"].copy() for n in range(count)]
                           for k in range(header["league"])]
        self.hands, self.imitated = header["hands"], header["imitated"]
        self.updates, self.cpu = header["updates"], header["cpu"]
        self.scale, self.adam.t = header["scale"], header["adam_t"]
        self.curve, self.next_evaluation = header["curve"], header["next_evaluation"]

    # -- stage 1: imitation of normal -------------------------------------------------------
    def imitation_batch(self, first_hand: int, count: int) -> tuple[Batch, list[float]]:
        """Every decision with a choice of ``count`` hands of ``normal`` against itself, the
        teacher's move as the action; and the margins the hands paid."""
        batch: Batch = []
        margins: list[float] = []
        game = self.game
        wrapper = PolicyAgent(self.policy, game)
        encoding = wrapper.encoding
        for hand in range(first_hand, first_hand + count):
            seed = cardkit.derive_seed(self.args.seed, "imitate", hand)
            agents = [game.agent("normal", seat=s, seed=seed) for s in range(game.players)]
            state = game.new_hand(seed=seed)
            decisions: list[tuple[int, np.ndarray, np.ndarray, int]] = []
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_actions()
                move, _ = choose_action(agents[seat], state, seat)
                if len(encoding.actions.legal(legal)) > 1:
                    observation, mask = wrapper.arrays(state.view(seat), legal)
                    decisions.append((seat, observation, np.flatnonzero(mask),
                                      encoding.actions.encode(move)))
                state.apply_unchecked(move)
            assert state.result is not None
            payoffs = state.result.payoffs
            for seat, observation, legal_indices, action in decisions:
                margin = _margin(payoffs, seat)
                batch.append((observation, legal_indices, action, 0.0, margin))
            margins.extend(_margin(payoffs, s) for s in range(game.players))
        return batch, margins

    def imitate(self) -> None:
        """Stage 1, up to ``--imitate`` hands (resumed where it stopped)."""
        chunk = 200
        self.adam.rate = self.args.imitate_rate
        while self.imitated < self.args.imitate and not self.out_of_time():
            started = time.process_time()
            batch, margins = self.imitation_batch(self.imitated, chunk)
            if self.imitated == 0:
                spread = float(np.std(margins)) or 1.0
                self.scale = spread
            batch = [(o, m, a, lp, r / self.scale) for o, m, a, lp, r in batch]
            observations, legal, valid, actions, _, returns = stack(batch)
            order = np.random.default_rng(cardkit.derive_seed(self.args.seed, "order",
                                                              self.imitated))
            for _ in range(2):
                for rows in np.array_split(order.permutation(len(batch)),
                                           max(1, len(batch) // 256)):
                    def cross_entropy(probabilities: np.ndarray, logp: np.ndarray,
                                      rows: np.ndarray = rows,
                                      actions: np.ndarray = actions) -> tuple[np.ndarray,
                                                                              dict[str, float]]:
                        target = np.zeros_like(probabilities)
                        target[np.arange(len(rows)), actions[rows]] = 1.0
                        return ((probabilities - target) / len(rows),
                                {"agree": float(np.mean(np.argmax(probabilities, 1)
                                                        == actions[rows]))})
                    grads, stats = gradients(self.policy, observations[rows], legal[rows],
                                             valid[rows], cross_entropy, returns[rows], 0.5)
                    self.adam.step(parameters(self.policy), grads)
            self.imitated += chunk
            self.cpu += time.process_time() - started
            print(f"imitate {self.imitated} hands: agrees with normal on "
                  f"{stats['agree']:.0%} of a batch, cpu {self.cpu:.0f}s", flush=True)
            self.maybe_evaluate()
            self.maybe_checkpoint()

    # -- stage 2: self-play -----------------------------------------------------------------
    def opponent_for(self, rng: random.Random) -> Any:
        """This hand's opponents: normal (``--anchor``), a league snapshot, or the learner."""
        draw = rng.random()
        if draw < self.args.anchor:
            return "normal"
        if self.league and draw < self.args.anchor + (1 - self.args.anchor) / 2:
            snapshot = self.league[rng.randrange(len(self.league))]
            return self._policy_from(snapshot, rng.randrange(1 << 63))
        return self.live(rng.randrange(1 << 63))

    def live(self, seed: int) -> MLPPolicy:
        """The learner itself as an opponent, sampling: its weights shared, not copied (they
        change only between batches)."""
        return MLPPolicy(self.policy.layers, self.policy.value_head, self.policy.fingerprint,
                         self.policy.game, self.policy.options, self.policy.players,
                         sample=True, seed=seed)

    def _policy_from(self, arrays: list[np.ndarray], seed: int) -> MLPPolicy:
        """A league snapshot as a sampling opponent (its arrays are never changed)."""
        pairs = list(zip(arrays[:-2:2], arrays[1:-2:2], strict=True))
        return MLPPolicy(pairs, (arrays[-2], arrays[-1]), self.policy.fingerprint,
                         self.policy.game, self.policy.options, self.policy.players,
                         sample=True, seed=seed)

    def play_batch(self) -> Batch:
        """``--batch`` hands of the learner (sampling) at a random seat against this update's
        opponents, through the Gymnasium environment."""
        rng = random.Random(cardkit.derive_seed(self.args.seed, "update", self.updates))
        sampler = np.random.default_rng(rng.randrange(1 << 63))
        batch: Batch = []
        if not hasattr(self, "envs"):
            self.envs = [make_env(self.game, seat=seat, opponents="normal", reward="margin",
                                  reward_scale=self.scale)
                         for seat in range(self.game.players)]
        for _ in range(self.args.batch):
            seat = rng.randrange(self.game.players)
            env = self.envs[seat]
            observation, _ = env.reset(
                seed=cardkit.derive_seed(self.args.seed, "hand", self.hands),
                options={"opponents": self.opponent_for(rng)})
            self.hands += 1
            steps: list[tuple[np.ndarray, np.ndarray, int, float]] = []
            done, reward = False, 0.0
            while not done:
                vector, mask = observation["observation"], observation["action_mask"]
                legal = np.flatnonzero(mask)
                if legal.size > 1:
                    probabilities = self.policy.probabilities(vector, mask)[legal]
                    position = min(int(np.searchsorted(np.cumsum(probabilities),
                                                       sampler.random())), legal.size - 1)
                    action = int(legal[position])
                    steps.append((vector.astype(np.float64), legal, action,
                                  math.log(max(probabilities[position], 1e-12))))
                else:
                    action = int(legal[0])
                observation, reward, terminated, truncated, _ = env.step(action)
                done = terminated or truncated
            batch.extend((v, legal, a, lp, float(reward)) for v, legal, a, lp in steps)
        return batch

    def update(self, batch: Batch) -> dict[str, float]:
        """PPO epochs over one batch."""
        observations, legal, valid, actions, old, returns = stack(batch)
        values = forward(self.policy, observations)[-1] @ self.policy.value_head[0] \
            + self.policy.value_head[1][0]
        advantages = returns - values
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        order = np.random.default_rng(cardkit.derive_seed(self.args.seed, "ppo", self.updates))
        stats: dict[str, float] = {}
        clip, entropy = self.args.clip, self.args.entropy
        for _ in range(self.args.epochs):
            for rows in np.array_split(order.permutation(len(batch)),
                                       max(1, len(batch) // 512)):
                def ppo(probabilities: np.ndarray, logp: np.ndarray,
                        rows: np.ndarray = rows) -> tuple[np.ndarray, dict[str, float]]:
                    n = len(rows)
                    chosen = logp[np.arange(n), actions[rows]]
                    ratio = np.exp(chosen - old[rows])
                    adv = advantages[rows]
                    active = ((adv > 0) & (ratio < 1 + clip)) | ((adv < 0) & (ratio > 1 - clip))
                    coefficient = -(adv * ratio * active) / n  # d loss / d log pi(a)
                    onehot = np.zeros_like(probabilities)
                    onehot[np.arange(n), actions[rows]] = 1.0
                    d_logits = coefficient[:, None] * (onehot - probabilities)
                    # entropy bonus: d(-H)/d logits = p * (logp + H)
                    plogp = np.where(probabilities > 0, probabilities * logp, 0.0)
                    h = -plogp.sum(axis=1, keepdims=True)
                    d_logits += entropy * (plogp + probabilities * h) / n
                    return d_logits, {"entropy": float(h.mean()),
                                      "clipped": float(1 - active.mean())}
                grads, stats = gradients(self.policy, observations[rows], legal[rows],
                                         valid[rows], ppo, returns[rows],
                                         self.args.value_weight)
                self.adam.step(parameters(self.policy), grads)
        self.updates += 1
        if self.updates % self.args.snapshot == 0:
            self.league.append([p.copy() for p in parameters(self.policy)])
            self.league = self.league[-self.args.league:]
        return stats

    def selfplay(self) -> None:
        """Stage 2 until the time is up."""
        self.adam.rate = self.args.rate
        while not self.out_of_time():
            started = time.process_time()
            batch = self.play_batch()
            stats = self.update(batch) if batch else {}
            self.cpu += time.process_time() - started
            if self.updates % 10 == 0:
                print(f"update {self.updates}, {self.hands} hands, cpu {self.cpu:.0f}s: "
                      + ", ".join(f"{k} {v:.3f}" for k, v in stats.items()), flush=True)
            self.maybe_evaluate()
            self.maybe_checkpoint()

    # -- measuring --------------------------------------------------------------------------
    def maybe_evaluate(self, force: bool = False) -> None:
        """A point of the learning curve, every ``--every`` CPU seconds."""
        if not force and self.cpu < self.next_evaluation:
            return
        self.next_evaluation = self.cpu + self.args.every
        greedy = self.policy.copy(sample=False, seed=0)
        report = cardkit.evaluate(self.game, PolicyAgent(greedy, self.game, "learned"),
                                  "normal", deals=self.args.eval_deals, seed=self.args.seed)
        point = {"cpu": round(self.cpu, 1), "hands": self.hands + self.imitated,
                 "mean": report.mean, "half_width": report.half_width}
        self.curve.append(point)
        print(f"  evaluation at cpu {self.cpu:.0f}s: {report.mean:+.3f} ± "
              f"{report.half_width:.3f} against normal ({report.deals} deals)", flush=True)
        if self.args.curve:
            with open(self.args.curve, "w", newline="", encoding="utf-8") as out:
                writer = csv.DictWriter(out, ["cpu", "hands", "mean", "half_width"])
                writer.writeheader()
                writer.writerows(self.curve)
        self.policy.metadata["curve"] = self.curve
        self.policy.save(self.args.out)

    def maybe_checkpoint(self) -> None:
        """Save the run's state every few minutes of CPU."""
        if self.args.checkpoint and self.cpu >= getattr(self, "_next_save", 0.0):
            self._next_save = self.cpu + 120.0
            self.save(Path(self.args.checkpoint))

    def out_of_time(self) -> bool:
        """True once the run has used its ``--minutes`` of CPU, or made its ``--updates``."""
        if self.args.updates is not None and self.updates >= self.args.updates:
            return True
        return self.cpu >= self.args.minutes * 60


def _margin(payoffs: Any, seat: int) -> float:
    rivals = [float(p) for s, p in enumerate(payoffs) if s != seat]
    return float(payoffs[seat]) - sum(rivals) / len(rivals)


def main() -> None:
    """Train, checkpointing as it goes; then save the policy and its learning curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=50.0, help="CPU minutes in all")
    parser.add_argument("--updates", type=int,
                        help="stop after this many self-play updates (a run of fixed length, "
                             "the same on every machine); --minutes still caps it")
    parser.add_argument("--out", required=True, help="the policy file (.npz)")
    parser.add_argument("--curve", help="the learning curve (.csv)")
    parser.add_argument("--checkpoint", help="resume from / save the run's state to this file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, nargs="+", default=[256, 128])
    parser.add_argument("--rate", type=float, default=3e-4)
    parser.add_argument("--imitate", type=int, default=20_000, help="warm-start hands")
    parser.add_argument("--imitate-rate", type=float, default=1e-3)
    parser.add_argument("--batch", type=int, default=200, help="self-play hands an update")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--value-weight", type=float, default=0.5)
    parser.add_argument("--anchor", type=float, default=0.3,
                        help="share of self-play hands against normal")
    parser.add_argument("--snapshot", type=int, default=10, help="updates between snapshots")
    parser.add_argument("--league", type=int, default=8, help="snapshots kept")
    parser.add_argument("--every", type=float, default=180.0,
                        help="CPU seconds between points of the learning curve")
    parser.add_argument("--eval-deals", type=int, default=300)
    args = parser.parse_args()
    trainer = Trainer(args)
    if args.checkpoint and Path(args.checkpoint).exists():
        trainer.load(Path(args.checkpoint))
        print(f"resumed at {trainer.hands + trainer.imitated} hands, cpu {trainer.cpu:.0f}s")
    trainer.imitate()
    trainer.selfplay()
    trainer.maybe_evaluate(force=True)
    if args.checkpoint:
        trainer.save(Path(args.checkpoint))
    load_policy(args.out, trainer.game)  # the saved file loads, its fingerprint checked
    print(f"saved {args.out}: {trainer.hands + trainer.imitated} hands, cpu {trainer.cpu:.0f}s")


if __name__ == "__main__":
    main()
