"""Capabilities: what a game may declare beyond what it is, for the services that use it.

A :class:`~cardkit.engine.definition.GameDefinition` says what a game is (its name, players,
options, state, deck, hooks, match). Everything else a game can offer is optional and belongs
to a service: the agents it brings, the words the command line shows, how to analyse a hand,
how to judge a hand in progress, what a seat can infer of the hidden cards, its research
encoding, the house rule the scaffold writes into a variant. Each is a typed value declared
here and given in the definition's ``capabilities``; a service asks for the one it uses::

    belief = definition.capability(Belief)   # None when the game declares none

A service falls back to generic behaviour when a game declares nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardkit.engine.agents import AgentFactory
from cardkit.values.cards import Card
from cardkit.values.views import View

if TYPE_CHECKING:
    from cardkit.engine.game import Game
    from cardkit.engine.state import State

__all__ = [
    "About",
    "Agents",
    "Belief",
    "Capability",
    "Encoding",
    "Evaluation",
    "Events",
    "HandAnalysis",
    "Playouts",
    "Scaffold",
    "VariantExample",
    "payoff_unit",
]


class Capability:
    """The base class of every capability a definition may declare (one of each kind)."""


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return dict(value)


def _frozen_families(value: Mapping[str, Any]) -> Mapping[str, tuple[str, ...]]:
    return {name: tuple(members) for name, members in value.items()}


@attrs.frozen
class Agents(Capability):
    """The game's own agents, by name (``greedy`` ...), as factories
    ``(game, seat, seed, **params) -> Agent``. A game's ``greedy`` agent gives it the generic
    ladder ``easy`` and ``normal``; a ``hard`` of its own replaces the generic one."""

    factories: Mapping[str, AgentFactory] = attrs.field(factory=dict, converter=_frozen_mapping)


@attrs.frozen
class About(Capability):
    """What the command line says of the game: ``rules_summary`` (a paragraph for
    ``cardkit rules`` and the play screen) and ``action_help`` (one line per action kind or
    action text, for the in-game ``help``) and ``payoff_unit`` (what a hand's payoffs are
    counted in, as a hint's figures name them: ``points``, Tonk's ``stakes``)."""

    rules_summary: str = ""
    action_help: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)
    payoff_unit: str = "points"


def payoff_unit(game: Game) -> str:
    """What ``game``'s payoffs are counted in (its :class:`About`'s ``payoff_unit``)."""
    about = game.definition.capability(About)
    return about.payoff_unit if about is not None else "points"


@attrs.frozen
class HandAnalysis(Capability):
    """How to look at one player's hand (``cardkit hand``, the play screen's grouping):

    - ``meld_rules(options) -> MeldRules``: the meld rules in force (rummy games): the hand is
      shown grouped into its best arrangement;
    - ``climbing_rules(options) -> ClimbingRules``: the rank and suit orders in force
      (climbing games): the hand is sorted and its combinations listed;
    - ``analyse(cards, options) -> dict``: what the game adds to the generic analysis, as
      plain JSON data (Tonk's count and whether it wins at the deal, gin's knock check ...);
    - ``value(cards, options) -> (name, number)``: the number a player watches in their hand
      and its name (Tonk: ``("count", 27)``); without it a rummy game shows its deadwood;
    - ``sizes(options) -> (fewest, most)``: how many cards a hand can hold (``cardkit hand``
      refuses other sizes); without it any non-empty hand no larger than the deck.
    """

    meld_rules: Callable[[Mapping[str, Any]], Any] | None = None
    climbing_rules: Callable[[Mapping[str, Any]], Any] | None = None
    analyse: Callable[[Sequence[Card], Mapping[str, Any]], dict[str, Any]] | None = None
    value: Callable[[Sequence[Card], Mapping[str, Any]], tuple[str, float]] | None = None
    sizes: Callable[[Mapping[str, Any]], tuple[int, int]] | None = None


@attrs.frozen
class Evaluation(Capability):
    """``evaluate(state) -> one number per seat``: how well each seat stands in a hand in
    progress, higher is better (minus the deadwood still in hand, minus the cards left to
    shed ...). A referee's judgement that may look at hidden cards, never shown to agents: the
    lab counts lead changes by it after every turn, and the search scores a play-out cut off
    by the length guard with it. Keep it cheap."""

    evaluate: Callable[[State], Sequence[float]]


@attrs.frozen
class Playouts(Capability):
    """A game's own play-out loop, for the search: ``play_out(state, policies, limit)`` plays
    ``state`` on in place for at most ``limit`` moves, each seat's move the one its policy
    (``policies[seat]``) would choose, and returns how many moves it applied -- or None, having
    done nothing, when it does not know these policies or this state (the search then plays
    move by move). The moves, the history and the state left behind must be exactly those of
    playing move by move: the loop may only be faster (say, by working on small integers
    inside and making actions for the history alone)."""

    play_out: Callable[..., int | None]


@attrs.frozen
class Events(Capability):
    """The events a rule of the game can cause, declared once: ``meanings`` maps each event's
    name (``bomb_quad``, ``hit``, ``knock`` ...) to one line saying what it is. The game
    counts them as they happen, ``state.count_event(name)``, into the hand's
    :attr:`~cardkit.engine.state.State.event_counts`; the rule lab reports each declared
    event's rate per hand, and says so in words when one never happened (a rule that never
    fired). The conformance kit checks that a hand counts only declared events.

    ``families`` (optional) names groups of declared events the lab also totals, each a name
    and its events (``{"all_drops": ("drop_won", "drop_caught")}``): the rate of the family a
    hand and the share of hands with any of them. A family's events should not count one
    happening twice (a bomb counted by its kind and again as a bomb on a bomb)."""

    meanings: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)
    families: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict,
                                                          converter=_frozen_families)

    def __attrs_post_init__(self) -> None:
        for family, members in self.families.items():
            unknown = [name for name in members if name not in self.meanings]
            if unknown or not members:
                raise ValueError(f"the event family {family!r} names undeclared events: "
                                 + (", ".join(unknown) or "none at all"))
            if family in self.meanings:
                raise ValueError(f"the event family {family!r} has the name of an event")

    @property
    def names(self) -> tuple[str, ...]:
        """The declared events, in declaration order."""
        return tuple(self.meanings)


@attrs.frozen
class Belief(Capability):
    """``build(view) -> refine(world, rng)``: what a seat can infer of the cards hidden from
    it, for the search's sampler. From the seat's view alone (its public history: who took,
    passed and threw what) ``build`` makes ``refine``, which moves the hidden cards of a
    uniformly re-dealt world, in place, toward the worlds that fit what the seat saw.
    :func:`cardkit.sampling.exchange_chain` is the usual tool. ``refine`` reads the world's
    other hands (the hypothesis being refined), never the real ones."""

    build: Callable[[View], Callable[[State, random.Random], None]]


@attrs.frozen
class Encoding(Capability):
    """``build(game) -> GameEncoding``: the game's action catalogue (its moves as the numbers
    0..n-1) and observation encoding, for the research adapters (:mod:`cardkit.encoding`);
    without it :func:`cardkit.encoding.fallback_encoding` derives one."""

    build: Callable[[Game], Any]


@attrs.frozen
class VariantExample:
    """The example house rule ``cardkit new-game NAME --from GAME`` writes into a new variant
    of this game: a new whole-number option ``option`` (default 2, at least 1; its one-line
    ``meaning``) and a replacement for the hook ``hook`` that multiplies the payoffs of every
    hand that hook settles by the option's value (the generated tests check exactly that).

    ``source`` is the replacement's code: a function named ``house_rule`` taking
    ``(base, state, *args)`` and returning what the hook returns, in which ``{{option}}``
    stands for the option's name; ``imports`` are the import lines it needs. A game without
    an example still gets a variant scaffold, built from its declared options alone.
    """

    hook: str
    option: str
    meaning: str
    source: str
    imports: tuple[str, ...] = ()


@attrs.frozen
class Scaffold(Capability):
    """What ``cardkit new-game --from`` writes into a variant of this game."""

    variant_example: VariantExample
