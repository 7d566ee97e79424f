"""Policies over a game's encoding, and the one adapter that makes a policy a cardkit agent.

A *policy* is what a learner produces: a function of a seat's observation vector and its action
mask (the arrays the PettingZoo and Gymnasium environments hand out) returning the index of a
legal action. Anything with an ``act(observation, mask) -> int`` method is one, and so is a plain
callable ``(observation, mask) -> int``.

:class:`PolicyAgent` seats a policy at a table: it encodes the seat's view and the legal moves
exactly as the environments do, asks the policy, and decodes the index into the move. So a policy
trained in an environment plays ``cardkit play``, ``cardkit serve --bots``, the lab and
:func:`cardkit.evaluate` unchanged.

>>> import cardkit
>>> from cardkit.adapters.policy import MLPPolicy, PolicyAgent, encoding_fingerprint
>>> game = cardkit.load_game("tonk", players=2)
>>> policy = MLPPolicy.initial(game, hidden=(16,), seed=1)
>>> state = game.new_hand(seed=4)
>>> agent = PolicyAgent(policy, game)
>>> agent.choose(state.view(0), state.legal_actions()) in state.legal_actions()
True
>>> policy.fingerprint == encoding_fingerprint(game)
True

:class:`MLPPolicy` is a small numpy network (tanh layers, one logit per action of the catalogue,
masked softmax, and a value head), saved with :meth:`MLPPolicy.save` to one ``.npz`` file with
the *fingerprint* of the encoding it was trained on; :func:`load_policy` refuses a file whose
fingerprint differs from the game's encoding (another game, other options, another version of
the encoding), with a one-line error, since its numbers would name other moves.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from cardkit.engine.agents import Agent
from cardkit.engine.game import Game
from cardkit.engine.registry import load_game
from cardkit.frontends.adapters.arrays import action_mask, observation_array
from cardkit.services.encoding import EncodingError, GameEncoding, encoding_for
from cardkit.values.actions import Action
from cardkit.values.views import View

__all__ = [
    "MLPPolicy",
    "Policy",
    "PolicyAgent",
    "PolicyError",
    "as_policy",
    "encoding_fingerprint",
    "load_policy",
    "policy_agent",
]

#: The format tag of a saved policy file.
FORMAT = "cardkit-policy-1"


class PolicyError(ValueError):
    """A policy file that cannot be read, or that was made for another encoding."""

    __module__ = "cardkit.adapters.policy"


@runtime_checkable
class Policy(Protocol):
    """A policy over an encoding: the index of a legal action for an observation and a mask."""

    def act(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """The chosen action's index (``mask[index]`` must be 1)."""
        ...


class _CallablePolicy:
    """A plain function ``(observation, mask) -> int`` as a :class:`Policy`."""

    def __init__(self, function: Callable[[np.ndarray, np.ndarray], int]) -> None:
        self.function = function

    def act(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """What the function returns."""
        return int(self.function(observation, mask))


def as_policy(policy: Policy | Callable[[np.ndarray, np.ndarray], int]) -> Policy:
    """``policy`` as a :class:`Policy` (a callable is wrapped); ``TypeError`` otherwise."""
    if isinstance(policy, Policy):
        return policy
    if callable(policy):
        return _CallablePolicy(policy)
    raise TypeError(f"a policy has act(observation, mask) or is a callable, not {policy!r}")


def encoding_fingerprint(game: Game | GameEncoding) -> str:
    """A short hash of a configured game's encoding: its declared action keys, the catalogue's
    size, the observation's planes, phases, deck, players and the game's scalars (if any). Two
    games share it exactly when an index names the same move and a position of the vector the
    same fact in both (the generic catalogue's spare indices, given out in order of first
    sight, are not covered)."""
    encoding = game if isinstance(game, GameEncoding) else encoding_for(game)
    actions, observation = encoding.actions, encoding.observation
    declared = actions.size - actions.overflow
    facts = {
        "actions": [str(key) for key in actions.keys[:declared]],
        "size": actions.size,
        "planes": observation.plane_names,
        "phases": list(observation.phases),
        "deck": [card.text for card in observation.deck],
        "players": observation.players,
        "observation": observation.size,
    }
    if observation.scalars:  # only then: the fingerprints of encodings without stay as they were
        facts["scalars"] = observation.scalar_names
    digest = hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()
    return digest[:16]


class PolicyAgent(Agent):
    """A :class:`Policy` seated as a cardkit :class:`~cardkit.agents.Agent`: the seat's view and
    legal moves are encoded as the environments encode them (observation vector, action mask),
    the policy picks an index, and the index is decoded into the move it plays now. It sees
    views only, like every agent. A policy that returns an index outside the mask is a bug in
    the policy: :class:`~cardkit.encoding.EncodingError` names it and the legal indices."""

    def __init__(self, policy: Policy | Callable[[np.ndarray, np.ndarray], int],
                 game: Game | GameEncoding, name: str = "policy") -> None:
        self.policy = as_policy(policy)
        self.encoding = game if isinstance(game, GameEncoding) else encoding_for(game)
        self.name = name

    def arrays(self, view: View, legal_actions: Sequence[Action]) -> tuple[np.ndarray,
                                                                           np.ndarray]:
        """The observation vector and the action mask the policy is given for this view."""
        return (observation_array(self.encoding, view),
                action_mask(self.encoding, legal_actions))

    def choose(self, view: View, legal_actions: Sequence[Action]) -> Action:
        """The move the policy's index plays."""
        observation, mask = self.arrays(view, legal_actions)
        index = self.policy.act(observation, mask)
        return self.encoding.actions.decode(int(index), legal_actions)

    def choose_with_reason(self, view: View, legal_actions: Sequence[Action]) -> tuple[Action,
                                                                                      str]:
        """The move, and the policy's probability of it where the policy can say."""
        observation, mask = self.arrays(view, legal_actions)
        index = int(self.policy.act(observation, mask))
        move = self.encoding.actions.decode(index, legal_actions)
        probabilities = getattr(self.policy, "probabilities", None)
        if probabilities is None:
            return move, f"chosen by the {self.name} policy"
        chance = float(probabilities(observation, mask)[index])
        return move, f"the {self.name} policy gives it {chance:.0%}"


def policy_agent(policy: Policy | Callable[[np.ndarray, np.ndarray], int] | str | Path,
                 game: Game, name: str = "policy") -> PolicyAgent:
    """A :class:`PolicyAgent` for ``game`` from a policy, or from the path of a saved
    :class:`MLPPolicy` (its fingerprint checked against the game's encoding)."""
    if isinstance(policy, str | Path):
        policy = load_policy(policy, game)
    return PolicyAgent(policy, game, name)


class MLPPolicy:
    """A small numpy network over a game's encoding: the observation through ``tanh`` layers,
    then one logit per action of the catalogue (the mask keeps the legal ones; a softmax over
    them is the policy) and a scalar value (the expected reward, for learners that use one).

    ``act`` plays the most probable legal action, or with ``sample=True`` draws one from the
    softmax with its own ``random.Random(seed)``. ``layers`` holds ``(weights, bias)`` pairs,
    the last one the logits; ``value`` the value head's pair. ``fingerprint`` is the encoding's
    (:func:`encoding_fingerprint`), ``game`` and ``options`` say which configured game."""

    def __init__(self, layers: Sequence[tuple[np.ndarray, np.ndarray]],
                 value: tuple[np.ndarray, np.ndarray], fingerprint: str, game: str,
                 options: dict[str, Any], players: int, *, sample: bool = False,
                 seed: int = 0, metadata: dict[str, Any] | None = None) -> None:
        self.layers = [(np.asarray(w, np.float64), np.asarray(b, np.float64)) for w, b in layers]
        self.value_head = (np.asarray(value[0], np.float64), np.asarray(value[1], np.float64))
        self.fingerprint = fingerprint
        self.game = game
        self.options = dict(options)
        self.players = players
        self.sample = sample
        self.rng = random.Random(seed)
        self.metadata = dict(metadata or {})

    @classmethod
    def initial(cls, game: Game, hidden: Sequence[int] = (128,), seed: int = 0,
                **keywords: Any) -> MLPPolicy:
        """A fresh network for ``game`` (weights drawn from ``seed``; logits start near 0, so
        the first policy is close to uniform over the legal moves)."""
        encoding = encoding_for(game)
        rng = np.random.default_rng(seed)
        sizes = [encoding.observation.size, *hidden]
        layers = [(rng.normal(0.0, 1.0 / np.sqrt(n), (m, n)), np.zeros(m))
                  for n, m in itertools.pairwise(sizes)]
        layers.append((rng.normal(0.0, 0.01, (encoding.actions.size, sizes[-1])),
                       np.zeros(encoding.actions.size)))
        value = (np.zeros(sizes[-1]), np.zeros(1))
        return cls(layers, value, encoding_fingerprint(encoding), game.name,
                   {k: v for k, v in game.options.items()}, game.players, seed=seed, **keywords)

    def copy(self, *, sample: bool | None = None, seed: int | None = None) -> MLPPolicy:
        """A frozen copy (a snapshot for a league of opponents)."""
        return MLPPolicy([(w.copy(), b.copy()) for w, b in self.layers],
                         (self.value_head[0].copy(), self.value_head[1].copy()),
                         self.fingerprint, self.game, self.options, self.players,
                         sample=self.sample if sample is None else sample,
                         seed=self.rng.randrange(1 << 63) if seed is None else seed,
                         metadata=self.metadata)

    def halved(self) -> MLPPolicy:
        """A copy whose weights are rounded to float16, as ``save(path, half=True)`` writes
        them (so it plays exactly as the saved file will)."""
        def rounded(array: np.ndarray) -> np.ndarray:
            return array.astype(np.float16).astype(np.float64)

        copy = self.copy(seed=0)
        copy.layers = [(rounded(w), rounded(b)) for w, b in self.layers]
        copy.value_head = (rounded(self.value_head[0]), rounded(self.value_head[1]))
        return copy

    def hidden(self, observation: np.ndarray) -> np.ndarray:
        """The last hidden layer's activations."""
        h = np.asarray(observation, np.float64)
        for weights, bias in self.layers[:-1]:
            h = np.tanh(weights @ h + bias)
        return h

    def legal_logits(self, observation: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The logits of the ``legal`` indices."""
        weights, bias = self.layers[-1]
        return weights[legal] @ self.hidden(observation) + bias[legal]

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The softmax over the legal actions, as a vector over the whole catalogue."""
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise EncodingError("the mask allows no action: this seat has no move now")
        logits = self.legal_logits(observation, legal)
        logits -= logits.max()
        exp = np.exp(logits)
        out = np.zeros(len(mask))
        out[legal] = exp / exp.sum()
        return out

    def value(self, observation: np.ndarray) -> float:
        """The value head's estimate of the reward from this observation."""
        weights, bias = self.value_head
        return float(weights @ self.hidden(observation) + bias[0])

    def act(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """The most probable legal action (or one drawn from the softmax if ``sample``)."""
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise EncodingError("the mask allows no action: this seat has no move now")
        if legal.size == 1:
            return int(legal[0])
        logits = self.legal_logits(observation, legal)
        if not self.sample:
            return int(legal[int(np.argmax(logits))])
        logits -= logits.max()
        exp = np.exp(logits)
        cumulative = np.cumsum(exp / exp.sum())
        pick = int(np.searchsorted(cumulative, self.rng.random() * cumulative[-1]))
        return int(legal[min(pick, legal.size - 1)])

    def save(self, path: str | Path, *, half: bool = False) -> None:
        """Write the network, its encoding's fingerprint and its game to one ``.npz`` file
        (float32 weights; ``half``: float16, a file half the size, for a policy that is
        shipped: round it with :meth:`halved` first to measure exactly what is saved)."""
        dtype = np.float16 if half else np.float32
        arrays: dict[str, Any] = {}
        for number, (weights, bias) in enumerate(self.layers):
            arrays[f"w{number}"] = weights.astype(dtype)
            arrays[f"b{number}"] = bias.astype(dtype)
        arrays["vw"] = self.value_head[0].astype(dtype)
        arrays["vb"] = self.value_head[1].astype(dtype)
        header = {"format": FORMAT, "fingerprint": self.fingerprint, "game": self.game,
                  "options": self.options, "players": self.players, "layers": len(self.layers),
                  "metadata": self.metadata}
        arrays["header"] = np.array(json.dumps(header, sort_keys=True, default=str))
        with open(path, "wb") as out:
            np.savez_compressed(out, **arrays)


def read_policy(path: str | Path, *, sample: bool = False, seed: int = 0) -> MLPPolicy:
    """The :class:`MLPPolicy` saved at ``path``, whatever its game (:class:`PolicyError` for a
    file that is missing or not a saved policy)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            if header.get("format") != FORMAT:
                raise PolicyError(f"{path}: not a cardkit policy file")
            layers = [(data[f"w{n}"], data[f"b{n}"]) for n in range(int(header["layers"]))]
            value = (data["vw"], data["vb"])
    except PolicyError:
        raise
    except (OSError, KeyError, ValueError, TypeError) as error:
        raise PolicyError(f"{path}: not a readable cardkit policy file ({error})") from None
    return MLPPolicy(layers, value, header["fingerprint"], header["game"], header["options"],
                     int(header["players"]), sample=sample, seed=seed,
                     metadata=header.get("metadata", {}))


def load_policy(path: str | Path, game: Game | None = None, *, sample: bool = False,
                seed: int = 0) -> MLPPolicy:
    """The policy saved at ``path``, checked against ``game``'s encoding (by default the game
    it was saved for, configured as it was): a file made for another encoding is refused with a
    one-line :class:`PolicyError`."""
    policy = read_policy(path, sample=sample, seed=seed)
    if game is None:
        game = load_game(policy.game, players=policy.players, **policy.options)
    found = encoding_fingerprint(game)
    if found != policy.fingerprint:
        raise PolicyError(
            f"{path} was trained on {policy.game} ({policy.players} players) with encoding "
            f"{policy.fingerprint}; {game.name} with {game.players} players and these options "
            f"has encoding {found}")
    return policy
