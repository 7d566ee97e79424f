"""A learned player from a stronger teacher, numpy only: a small network over a game's encoding
that learns the moves of the game's ``hard`` agent by DAgger, then is fine-tuned by policy
gradient against ``normal`` and by self-play; saved as a policy file that ``cardkit play GAME
--bot FILE`` seats (``--init FILE`` fine-tunes a saved one: docs/research.md, Learned players).

    python docs/research/dagger.py tonk --players 2 --out docs/research/tonk-dagger.npz
    python docs/research/dagger.py tien-len --players 2 --out docs/research/tien-len-dagger.npz
    python docs/research/dagger.py tonk --rounds 1 --hands 20 --out /tmp/quick.npz  # a check

The method, exactly:

0. With ``--fit-teacher`` (Tiến Lên only, ``tien_len_teacher.py``) the teacher is first fitted
   for the run's player count by the game's own trainer: ``hard``'s move model (a linear
   model of features of the seat's view, fitted to play-outs in which the trainer is the
   referee), used alone unless ``--teacher-param playouts=N`` adds its look-ahead.
1. *DAgger* (dataset aggregation, Ross, Gordon and Bagnell 2011) of the teacher (``--teacher``,
   the game's ``hard`` by default, with ``--teacher-param`` NAME=VALUE), ``--rounds`` rounds of
   ``--hands`` hands each. In every hand one seat, drawn at random, is the learner's; the others
   play ``normal``. At each decision with more than one legal move, of every seat, the teacher
   is asked for its move from that seat's view and legal moves (it sees what any agent sees,
   never the state), and the seat's observation vector and action mask (the arrays the
   environments hand out) are stored with the teacher's move as the label. The learner's seat
   then plays the teacher's move with probability ``0.5 ** round`` and the network's own most
   probable move otherwise, so round 0 is behaviour cloning and later rounds label the positions
   the network's own play reaches. After each round the network is trained on everything
   gathered so far (``--epochs`` passes of cross-entropy over the legal moves, Adam), and its
   value head on the margin the hand paid the seat (its payoff minus the rivals' mean, over its
   spread in round 0). With ``--balance`` each kind of decision (the set of move kinds on offer:
   Tonk's drop-or-draw, its discards, ...) has the same total weight in the loss, so a rare
   decision that decides the hand is learnt as carefully as the frequent ones.
2. *Fine-tuning* for ``--finetune`` updates: PPO (``selfplay.py``'s, clipped, the value head as
   baseline) for a random seat on the zero-sum margin, through the Gymnasium adapter, at
   ``--finetune-rate``; a share ``--finetune-anchor`` of the hands against ``normal`` (all of
   them by default), the others self-play: against the learner itself (sampling) or, half of
   them, a frozen snapshot of it (one every ``--snapshot`` updates, the last ``--league``).
   ``--init FILE`` starts from a saved policy (``--rounds 0 --finetune N``: a second stage
   after a DAgger run; ``--restart-hands`` numbers its hands from 0 again).

After each round and every ``--every`` fine-tuning updates the greedy network (its most
probable move) is measured against ``normal`` with ``cardkit.evaluate`` on ``--eval-deals``
duplicate deals dealt from ``--seed`` (not the evaluation's default deals, seed 2026, that the
docs report): a point of the learning curve (``--curve``, CSV). The policy saved to ``--out``
is the one of the best point. Every random choice comes from ``--seed``; ``--minutes`` caps the
CPU time.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core: no threads fighting over it
sys.path.insert(0, str(Path(__file__).resolve().parent))  # selfplay.py beside this script

import numpy as np
from selfplay import Adam, Trainer, gradients, parameters

import cardkit
from cardkit.adapters.policy import MLPPolicy, PolicyAgent, load_policy
from cardkit.agents import choose_action


class Dataset:
    """The aggregated labels: observations, padded legal indices, the teacher's position among
    them, the hand's margin for the seat."""

    def __init__(self, width: int) -> None:
        self.observations: list[np.ndarray] = []
        self.legal: list[np.ndarray] = []
        self.labels: list[int] = []
        self.margins: list[float] = []
        self.kinds: list[frozenset[str]] = []
        self.width = width

    def add(self, observation: np.ndarray, legal: np.ndarray, label: int,
            margin: float, kinds: frozenset[str]) -> None:
        """One decision (``kinds``: the kinds of move on offer, its kind of decision)."""
        self.observations.append(observation.astype(np.float16))  # exact for the bits
        self.legal.append(legal)
        self.labels.append(int(np.flatnonzero(legal == label)[0]))
        self.margins.append(margin)
        self.kinds.append(kinds)

    def weights(self, balance: bool) -> np.ndarray:
        """Each decision's weight in the loss: 1, or with ``balance`` the same total weight
        for every kind of decision (a rare one, such as Tonk's drop-or-draw, counts as much as
        the many discards), scaled to a mean of 1."""
        if not balance:
            return np.ones(len(self))
        counts: dict[frozenset[str], int] = {}
        for kinds in self.kinds:
            counts[kinds] = counts.get(kinds, 0) + 1
        weights = np.array([1.0 / counts[kinds] for kinds in self.kinds])
        return weights / weights.mean()

    def __len__(self) -> int:
        return len(self.labels)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Everything as arrays (legal indices padded with the first, ``valid`` marks the real
        ones)."""
        width = max(len(legal) for legal in self.legal)
        legal = np.zeros((len(self), width), dtype=np.int64)
        valid = np.zeros((len(self), width), dtype=bool)
        for row, indices in enumerate(self.legal):
            legal[row, :len(indices)] = indices
            legal[row, len(indices):] = indices[0]
            valid[row, :len(indices)] = True
        return (np.stack(self.observations), legal, valid, np.array(self.labels),
                np.array(self.margins))


class Imitator:
    """The run: the network, its optimiser, the data, the clock and the curve."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.game = cardkit.load_game(args.game, players=args.players)
        self.scale = 1.0
        self.hands = 0
        if args.init:  # go on from a saved policy (its DAgger stage done by an earlier run)
            self.policy = load_policy(args.init, self.game)
            earlier = self.policy.metadata
            self.scale = float(earlier.get("scale", 1.0))
            # its hands are numbered on from the earlier run's: new deals, not the same again
            self.hands = 0 if args.restart_hands else max(
                (int(point["hands"]) for point in earlier.get("curve", [])), default=0)
            self.policy.metadata = {
                "trainer": "docs/research/dagger.py", "teacher": args.teacher,
                "start": {"from": Path(args.init).name, "chosen": earlier.get("chosen"),
                          "curve": earlier.get("curve", [])}}
        else:
            self.policy = MLPPolicy.initial(
                self.game, hidden=tuple(args.hidden), seed=args.seed,
                metadata={"trainer": "docs/research/dagger.py", "teacher": args.teacher})
        self.adam = Adam(parameters(self.policy), args.rate)
        self.wrapper = PolicyAgent(self.policy, self.game)
        self.data = Dataset(self.wrapper.encoding.actions.size)
        self.started = time.process_time()
        self.curve: list[dict[str, Any]] = list(self.policy.metadata.get("curve", []))
        self.best = -math.inf
        self.teacher_params = _params(args.teacher_param)
        self.fitted: dict[str, tuple[float, ...]] | None = None
        if args.fit_teacher:
            self.fit_teacher()

    @property
    def cpu(self) -> float:
        """CPU seconds of the run so far, the learning curve's evaluations included."""
        return time.process_time() - self.started

    def out_of_time(self) -> bool:
        """True once the run has used its ``--minutes`` of CPU."""
        return self.cpu >= self.args.minutes * 60

    def fit_teacher(self) -> None:
        """``--fit-teacher``: the teacher's model fitted for this player count first, by the
        game's own trainer (Tiến Lên only: ``tien_len_teacher.py``), its CPU time counted."""
        if self.game.name != "tien-len":
            raise SystemExit("--fit-teacher is for tien-len (its hard agent's trainer)")
        import tien_len_teacher

        self.fitted = tien_len_teacher.fit(
            self.game, self.args.seed, lambda line: print(f"  teacher: {line}", flush=True))
        self.policy.metadata["teacher weights"] = {k: list(v) for k, v in self.fitted.items()}
        print(f"teacher fitted, cpu {self.cpu:.0f}s", flush=True)

    def teacher(self, seat: int, seed: int) -> cardkit.Agent:
        """The teacher for ``seat`` of a hand: the named agent, or the fitted model."""
        if self.fitted is not None:
            import tien_len_teacher

            return tien_len_teacher.teacher(self.game, self.fitted, seat, seed,
                                            **self.teacher_params)
        return self.game.agent(self.args.teacher, seat=seat, seed=seed, **self.teacher_params)

    # -- stage 1 -----------------------------------------------------------------------------
    def gather(self, round_number: int) -> float:
        """One round's hands; returns the share of the learner's own decisions (where it
        played) on which it agreed with the teacher."""
        game, encoding = self.game, self.wrapper.encoding
        rng = random.Random(cardkit.derive_seed(self.args.seed, "round", round_number))
        teacher_share = 0.5 ** round_number
        agreed = asked = 0
        for _ in range(self.args.hands):
            seed = cardkit.derive_seed(self.args.seed, "hand", self.hands)
            self.hands += 1
            learner = rng.randrange(game.players)
            state = game.new_hand(seed=seed)
            players = [game.agent("normal", seat=s, seed=cardkit.derive_seed(seed, "seat", s))
                       for s in range(game.players)]
            teachers = [self.teacher(s, cardkit.derive_seed(seed, "teacher", s))
                        for s in range(game.players)]
            decisions: list[tuple[int, np.ndarray, np.ndarray, int, frozenset[str]]] = []
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_actions()
                if len(encoding.actions.legal(legal)) < 2:
                    move = legal[0] if len(legal) == 1 else choose_action(
                        players[seat], state, seat)[0]
                    state.apply_unchecked(move)
                    continue
                taught, _ = choose_action(teachers[seat], state, seat)
                observation, mask = self.wrapper.arrays(state.view(seat), legal)
                indices = np.flatnonzero(mask)
                label = encoding.actions.encode(taught)
                decisions.append((seat, observation, indices, label,
                                  frozenset(action.kind for action in legal)))
                if seat != learner:
                    move, _ = choose_action(players[seat], state, seat)
                elif rng.random() < teacher_share:
                    move = taught
                else:
                    own = self.policy.act(observation, mask)
                    asked += 1
                    agreed += own == label
                    move = encoding.actions.decode(own, legal)
                state.apply_unchecked(move)
            assert state.result is not None
            payoffs = state.result.payoffs
            for seat, observation, indices, label, kinds in decisions:
                self.data.add(observation, indices, label, _margin(payoffs, seat), kinds)
        return agreed / asked if asked else math.nan

    def fit(self, round_number: int) -> float:
        """``--epochs`` passes over everything gathered; the share of the last pass's labels
        the network put first."""
        observations, legal, valid, labels, margins = self.data.arrays()
        if round_number == 0:
            self.scale = float(np.std(margins)) or 1.0
        returns = margins / self.scale
        weights = self.data.weights(self.args.balance)
        order = np.random.default_rng(cardkit.derive_seed(self.args.seed, "fit", round_number))
        agree: list[float] = []
        hits = np.zeros(len(labels), dtype=bool)  # the last pass's agreement, row by row
        self.adam.rate = self.args.rate
        for epoch in range(self.args.epochs):
            agree = []
            for rows in np.array_split(order.permutation(len(labels)),
                                       max(1, len(labels) // self.args.minibatch)):
                def cross_entropy(probabilities: np.ndarray, logp: np.ndarray,
                                  rows: np.ndarray = rows,
                                  agree: list[float] = agree) -> tuple[np.ndarray,
                                                                       dict[str, float]]:
                    target = np.zeros_like(probabilities)
                    target[np.arange(len(rows)), labels[rows]] = 1.0
                    agreed = np.argmax(probabilities, 1) == labels[rows]
                    agree.append(float(np.mean(agreed)))
                    hits[rows] = agreed
                    return ((probabilities - target) * weights[rows, None] / len(rows), {})
                grads, _ = gradients(self.policy, observations[rows], legal[rows],
                                     valid[rows], cross_entropy, returns[rows], 0.5)
                self.adam.step(parameters(self.policy), grads)
            if epoch == self.args.epochs - 2:
                self.adam.rate = self.args.rate / 3  # a quieter last pass
        self.report_kinds(hits)
        return float(np.mean(agree))

    def report_kinds(self, hits: np.ndarray) -> None:
        """Print the last pass's agreement with the teacher for each kind of decision (the
        commonest five), so a run says which decisions the network gets wrong."""
        tally: dict[frozenset[str], list[int]] = {}
        for kinds, hit in zip(self.data.kinds, hits, strict=True):
            counts = tally.setdefault(kinds, [0, 0])
            counts[0] += int(hit)
            counts[1] += 1
        common = sorted(tally.items(), key=lambda item: -item[1][1])[:5]
        print("  agreement by decision: " + "; ".join(
            f"{'/'.join(sorted(kinds))} {hit / count:.1%} of {count}"
            for kinds, (hit, count) in common), flush=True)

    def dagger(self) -> None:
        """Stage 1: ``--rounds`` rounds of gathering and fitting."""
        for round_number in range(self.args.rounds):
            if self.out_of_time():
                return
            own = self.gather(round_number)
            fitted = self.fit(round_number)
            print(f"round {round_number}: {len(self.data)} labels from {self.hands} hands, "
                  f"the learner's own moves agreeing with {self.args.teacher}: {own:.1%}, "
                  f"fitted {fitted:.1%}, cpu {self.cpu:.0f}s", flush=True)
            self.evaluate(f"round {round_number}")

    # -- stage 2 -----------------------------------------------------------------------------
    def finetune(self) -> None:
        """Stage 2: ``--finetune`` PPO updates against ``normal`` (``selfplay.py``'s)."""
        if not self.args.finetune or self.out_of_time():
            return
        a = self.args
        trainer = Trainer(argparse.Namespace(
            game=a.game, players=a.players, hidden=a.hidden, seed=a.seed, rate=a.finetune_rate,
            batch=a.batch, epochs=3, clip=0.2, entropy=a.entropy, value_weight=0.5,
            anchor=a.finetune_anchor, snapshot=a.snapshot, league=a.league))
        trainer.policy = self.policy
        trainer.adam = Adam(parameters(self.policy), a.finetune_rate)
        trainer.scale = self.scale
        trainer.hands = self.hands
        while trainer.updates < a.finetune and not self.out_of_time():
            trainer.update(trainer.play_batch())
            self.hands = trainer.hands
            if trainer.updates % a.every == 0 or trainer.updates == a.finetune:
                self.evaluate(f"update {trainer.updates}")

    # -- measuring ---------------------------------------------------------------------------
    def evaluate(self, label: str) -> None:
        """A point of the learning curve; the policy saved if it is the best so far."""
        greedy = self.policy.copy(sample=False, seed=0)
        if self.args.half:
            greedy = greedy.halved()  # measure exactly what the file will hold
        report = cardkit.evaluate(self.game, PolicyAgent(greedy, self.game, "learned"),
                                  "normal", deals=self.args.eval_deals, seed=self.args.seed)
        point = {"cpu": round(self.cpu, 1), "hands": self.hands, "stage": label,
                 "mean": round(report.mean, 4), "half_width": round(report.half_width, 4)}
        self.curve.append(point)
        print(f"  {label}: {report.mean:+.3f} ± {report.half_width:.3f} against normal "
              f"({report.deals} deals), cpu {self.cpu:.0f}s", flush=True)
        if self.args.curve:
            with open(self.args.curve, "w", newline="", encoding="utf-8") as out:
                writer = csv.DictWriter(out, ["cpu", "hands", "stage", "mean", "half_width"])
                writer.writeheader()
                writer.writerows(self.curve)
        if report.mean > self.best:
            self.best = report.mean
            greedy.metadata.update(curve=self.curve, chosen=label, scale=self.scale)
            greedy.save(self.args.out, half=self.args.half)


def _params(pairs: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as the teacher's parameters (a whole number, a number, or text)."""
    params: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        value: Any = text
        for kind in (int, float):
            try:
                value = kind(text)
                break
            except ValueError:
                continue
        params[name] = value
    return params


def _margin(payoffs: Any, seat: int) -> float:
    rivals = [float(p) for s, p in enumerate(payoffs) if s != seat]
    return float(payoffs[seat]) - sum(rivals) / len(rivals)


def main() -> None:
    """Train; save the best point's policy and the learning curve."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--teacher", default="hard")
    parser.add_argument("--fit-teacher", action="store_true",
                        help="tien-len: fit hard's model for this player count first and "
                             "teach with it (alone unless --teacher-param playouts=N)")
    parser.add_argument("--teacher-param", action="append", default=[], metavar="NAME=VALUE",
                        help="a parameter of the teacher (repeatable), e.g. playouts=0")
    parser.add_argument("--init", help="start from this saved policy (and its value scale) "
                                       "instead of a fresh network: --rounds 0 then only "
                                       "fine-tunes it")
    parser.add_argument("--restart-hands", action="store_true",
                        help="with --init: number the fine-tuning's hands (their seeds) from 0 "
                             "again rather than on from the saved run's")
    parser.add_argument("--rounds", type=int, default=6, help="DAgger rounds")
    parser.add_argument("--hands", type=int, default=1500, help="hands a round")
    parser.add_argument("--epochs", type=int, default=4, help="passes over the data a round")
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--balance", action="store_true",
                        help="weigh every kind of decision alike in the loss")
    parser.add_argument("--hidden", type=int, nargs="+", default=[256, 64])
    parser.add_argument("--rate", type=float, default=1e-3)
    parser.add_argument("--finetune", type=int, default=0, help="PPO updates after DAgger")
    parser.add_argument("--finetune-rate", type=float, default=5e-5)
    parser.add_argument("--finetune-anchor", type=float, default=1.0,
                        help="share of the fine-tuning hands against normal; the others are "
                             "self-play, against the learner itself or its snapshots")
    parser.add_argument("--snapshot", type=int, default=5,
                        help="fine-tuning updates between snapshots of the learner")
    parser.add_argument("--league", type=int, default=4, help="snapshots kept")
    parser.add_argument("--batch", type=int, default=200, help="hands a PPO update")
    parser.add_argument("--entropy", type=float, default=0.003)
    parser.add_argument("--every", type=int, default=10, help="PPO updates between points")
    parser.add_argument("--eval-deals", type=int, default=300)
    parser.add_argument("--minutes", type=float, default=55.0, help="CPU minutes in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="the policy file (.npz)")
    parser.add_argument("--curve", help="the learning curve (.csv)")
    parser.add_argument("--half", action="store_true",
                        help="save float16 weights (a file half the size), and measure the "
                             "curve with them")
    args = parser.parse_args()
    run = Imitator(args)
    if args.init:
        run.evaluate("start")  # the first point: where the saved policy stands
    run.dagger()
    run.finetune()
    policy = load_policy(args.out, run.game)  # the saved file loads, its fingerprint checked
    print(f"saved {args.out} ({policy.metadata['chosen']}): {run.hands} hands, "
          f"cpu {run.cpu:.0f}s")


if __name__ == "__main__":
    main()
