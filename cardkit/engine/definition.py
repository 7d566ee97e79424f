"""Game definitions: what a plugin declares about its game.

A plugin's entry point names a :class:`GameDefinition`: what the game is (its name, player
counts, options, state class, deck, hooks, match rules) as data, not a subclass, plus the
optional :mod:`capabilities <cardkit.engine.capabilities>` services look up.
``definition.configure(...)`` (or ``cardkit.load_game``) validates the options and returns a
:class:`~cardkit.engine.game.Game`.
"""

from __future__ import annotations

import pickle
import random
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, SupportsIndex, TypeVar

import attrs

from cardkit.engine import ports
from cardkit.engine.agents import AgentFactory
from cardkit.engine.capabilities import (
    About,
    Agents,
    Belief,
    Capability,
    Encoding,
    Evaluation,
    HandAnalysis,
    Scaffold,
    VariantExample,
)
from cardkit.engine.game import Game
from cardkit.engine.match import MatchRules, rotating_dealer_match
from cardkit.engine.registry import installed_definition
from cardkit.engine.state import State
from cardkit.values.cards import Card
from cardkit.values.deck import STANDARD_52, DeckSpec
from cardkit.values.hooks import Hooks
from cardkit.values.options import OptionSet
from cardkit.values.views import View

__all__ = ["GameDefinition"]


def _installed_definition(name: str) -> GameDefinition:
    """The definition installed as ``name`` (how a pickled one is loaded)."""
    definition = installed_definition(name)
    if definition is None:
        raise pickle.UnpicklingError(f"the game {name!r} is not installed here")
    return definition

C = TypeVar("C", bound=Capability)


def _check_nothing(players: int, options: Mapping[str, Any]) -> None:
    return None


def _standard_deck(options: Mapping[str, Any]) -> DeckSpec:
    return STANDARD_52


def _capabilities(values: Iterable[Capability]) -> tuple[Capability, ...]:
    declared = tuple(values)
    kinds = [type(value) for value in declared]
    for kind in kinds:
        if not (isinstance(kind, type) and issubclass(kind, Capability)):
            raise TypeError(f"capabilities holds a {kind.__name__}, not a Capability")
        if kinds.count(kind) > 1:
            raise ValueError(f"capability {kind.__name__} is declared twice")
    return declared


#: The keyword arguments of definitions written before capabilities (still accepted, with a
#: ``DeprecationWarning`` naming the capability): each becomes, or goes into, the capability
#: named, and each forwarding property of the same name reads it back.
_LEGACY: dict[str, tuple[type[Capability], str]] = {
    "agents": (Agents, "factories"),
    "rules_summary": (About, "rules_summary"),
    "action_help": (About, "action_help"),
    "meld_rules": (HandAnalysis, "meld_rules"),
    "climbing_rules": (HandAnalysis, "climbing_rules"),
    "analyse_hand": (HandAnalysis, "analyse"),
    "hand_value": (HandAnalysis, "value"),
    "hand_sizes": (HandAnalysis, "sizes"),
    "evaluate": (Evaluation, "evaluate"),
    "belief": (Belief, "build"),
    "encoding": (Encoding, "build"),
    "variant_example": (Scaffold, "variant_example"),
}

#: What a deprecated attribute reads when the game declares no such capability.
_LEGACY_ABSENT: dict[str, Any] = {"agents": {}, "rules_summary": "", "action_help": {}}


def _fold_legacy(capabilities: tuple[Capability, ...],
                 legacy: Mapping[str, Any]) -> tuple[Capability, ...]:
    """``capabilities`` with the legacy keyword values put into their capabilities (a value
    of None removes a single-field capability)."""
    unknown = sorted(set(legacy) - set(_LEGACY))
    if unknown:
        raise TypeError(f"GameDefinition() got an unexpected keyword argument {unknown[0]!r}")
    by_kind: dict[type[Capability], Capability] = {type(c): c for c in capabilities}
    for key, value in legacy.items():
        kind, field = _LEGACY[key]
        warnings.warn(f"GameDefinition({key}=...) is deprecated: declare the capability "
                      f"instead, capabilities=[{kind.__name__}({field}=...)]",
                      DeprecationWarning, stacklevel=3)
        single = len(attrs.fields(kind)) == 1  # type: ignore[arg-type]
        current = by_kind.get(kind)
        if single and value is None:
            by_kind.pop(kind, None)
        elif current is not None:
            by_kind[kind] = attrs.evolve(current, **{field: value})  # type: ignore[misc]
        else:  # a single field is the value; About and HandAnalysis default the others
            by_kind[kind] = kind(value) if single else kind(**{field: value})  # type: ignore[call-arg]
    return tuple(by_kind.values())


@attrs.frozen(init=False)
class GameDefinition:
    """Everything a plugin declares about its game.

    What the game is: ``name``, ``title``, ``summary``, ``state_class``, ``options``,
    ``player_counts``, ``default_players``; ``match`` (its :class:`~cardkit.match.MatchRules`);
    ``deck`` gives the deck for a set of options; ``hooks`` (the rule hooks a variant may
    replace); ``check`` validates combinations of options (raise ``ValueError``);
    ``zero_sum`` says payoffs sum to zero in every hand; ``max_actions`` bounds a hand's length
    for the conformance kit and the lab (a guard, not a rule); ``version`` (records name it);
    ``roles``, every role name the game's matches give seats (three-hand gin's ``box``,
    ``captain``, ``sitter``), empty for games without roles.

    What services use: ``capabilities``, at most one of each kind from
    :mod:`cardkit.engine.capabilities` (:class:`Agents`, :class:`About`,
    :class:`HandAnalysis`, :class:`Evaluation`, :class:`Belief`, :class:`Encoding`,
    :class:`Scaffold`), read with :meth:`capability`. The keyword arguments of earlier
    versions (``agents=``, ``rules_summary=``, ``meld_rules=``, ``belief=`` ...) and the
    attributes of the same names still work for one release, each kept in (and read from) its
    capability, with a ``DeprecationWarning`` that names the capability to use.
    """

    name: str
    title: str
    summary: str
    state_class: type[State]
    options: OptionSet
    player_counts: tuple[int, ...]
    default_players: int
    match: MatchRules
    deck: Callable[[Mapping[str, Any]], DeckSpec]
    hooks: Hooks
    zero_sum: bool
    check: Callable[[int, Mapping[str, Any]], None]
    max_actions: int
    version: str
    roles: tuple[str, ...]
    capabilities: tuple[Capability, ...]

    def __init__(self, name: str, title: str, summary: str, state_class: type[State],
                 options: OptionSet, player_counts: tuple[int, ...], default_players: int,
                 match: MatchRules | None = None,
                 deck: Callable[[Mapping[str, Any]], DeckSpec] = _standard_deck,
                 hooks: Hooks | None = None, zero_sum: bool = False,
                 check: Callable[[int, Mapping[str, Any]], None] = _check_nothing,
                 max_actions: int = 5000, version: str = "0.1.0", roles: Sequence[str] = (),
                 capabilities: Iterable[Capability] = (), **legacy: Any) -> None:
        declared = _fold_legacy(_capabilities(capabilities), legacy)
        self.__attrs_init__(
            name, title, summary, state_class, options, tuple(player_counts), default_players,
            match if match is not None else rotating_dealer_match(), deck,
            hooks if hooks is not None else Hooks(), zero_sum, check, max_actions, version,
            tuple(roles), declared)

    # ----- capabilities -------------------------------------------------------------------------

    def capability(self, kind: type[C]) -> C | None:
        """The capability of this kind the game declares, or None."""
        for declared in self.capabilities:
            if type(declared) is kind:
                return declared
        return None

    def _legacy(self, name: str) -> Any:
        """What the deprecated attribute ``name`` forwards to, with its warning."""
        kind, field = _LEGACY[name]
        warnings.warn(f"GameDefinition.{name} is deprecated: read "
                      f"definition.capability({kind.__name__}).{field}", DeprecationWarning,
                      stacklevel=3)
        declared = self.capability(kind)
        return getattr(declared, field) if declared is not None else _LEGACY_ABSENT.get(name)

    @property
    def agents(self) -> Mapping[str, AgentFactory]:
        """Deprecated: ``capability(Agents).factories`` (empty without one)."""
        value: Mapping[str, AgentFactory] = self._legacy("agents")
        return value

    @property
    def rules_summary(self) -> str:
        """Deprecated: ``capability(About).rules_summary`` ("" without one)."""
        value: str = self._legacy("rules_summary")
        return value

    @property
    def action_help(self) -> Mapping[str, str]:
        """Deprecated: ``capability(About).action_help`` (empty without one)."""
        value: Mapping[str, str] = self._legacy("action_help")
        return value

    @property
    def meld_rules(self) -> Callable[[Mapping[str, Any]], Any] | None:
        """Deprecated: ``capability(HandAnalysis).meld_rules``."""
        return self._legacy("meld_rules")

    @property
    def climbing_rules(self) -> Callable[[Mapping[str, Any]], Any] | None:
        """Deprecated: ``capability(HandAnalysis).climbing_rules``."""
        return self._legacy("climbing_rules")

    @property
    def analyse_hand(self) -> Callable[[Sequence[Card], Mapping[str, Any]],
                                       dict[str, Any]] | None:
        """Deprecated: ``capability(HandAnalysis).analyse``."""
        return self._legacy("analyse_hand")

    @property
    def hand_value(self) -> Callable[[Sequence[Card], Mapping[str, Any]],
                                     tuple[str, float]] | None:
        """Deprecated: ``capability(HandAnalysis).value``."""
        return self._legacy("hand_value")

    @property
    def hand_sizes(self) -> Callable[[Mapping[str, Any]], tuple[int, int]] | None:
        """Deprecated: ``capability(HandAnalysis).sizes``."""
        return self._legacy("hand_sizes")

    @property
    def evaluate(self) -> Callable[[State], Sequence[float]] | None:
        """Deprecated: ``capability(Evaluation).evaluate``, or None."""
        return self._legacy("evaluate")

    @property
    def belief(self) -> Callable[[View], Callable[[State, random.Random], None]] | None:
        """Deprecated: ``capability(Belief).build``, or None."""
        return self._legacy("belief")

    @property
    def encoding(self) -> Callable[[Game], Any] | None:
        """Deprecated: ``capability(Encoding).build``, or None."""
        return self._legacy("encoding")

    @property
    def variant_example(self) -> VariantExample | None:
        """Deprecated: ``capability(Scaffold).variant_example``, or None."""
        return self._legacy("variant_example")

    # ----- pickling ----------------------------------------------------------------------------

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        """An installed game's definition is pickled by name, as functions are (it holds
        functions, hooks and option checks, that cannot travel by value), and the process that
        loads it finds the same game installed. Any other definition (a variant made in
        memory, a game registered in-process) travels by value, which pickle can do when its
        functions are module-level ones (and cloudpickle, as Dask uses, always)."""
        if installed_definition(self.name) is self:
            return _installed_definition, (self.name,)
        return object.__reduce_ex__(self, protocol)

    def __copy__(self) -> GameDefinition:
        return self  # an immutable value: a copy is the definition itself

    def __deepcopy__(self, memo: dict[int, Any]) -> GameDefinition:
        return self

    # ----- what the definition does -------------------------------------------------------------

    def configure(
        self, players: int | None = None, preset: str | None = None, **options: Any
    ) -> Game:
        """A configured game. Raises ``ValueError`` naming the valid choices for a bad player
        count, an unknown option or preset, or a bad value."""
        if players is None:
            players = self.default_players
        if isinstance(players, bool) or not isinstance(players, int) or \
                players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"{self.name} is for {counts} players, not {players}")
        resolved = self.options.resolve(players, options, preset, game=self.name)
        try:
            self.check(players, resolved)
        except ValueError as error:
            # The game refusing a combination of options is the user's mistake: raised again
            # from here, so that a tool telling faults in a game's code by where an exception
            # was raised (the command line) does not blame the game for it.
            raise ValueError(str(error)) from None
        return Game(self, players, resolved, preset)

    def variant(self, **changes: Any) -> GameDefinition:
        """A new definition with some fields changed (name, options, hooks ...): how a plugin
        builds a variant of an existing game without copying it. The variant keeps the game's
        capabilities; :meth:`with_capabilities` adds or replaces some of them."""
        return attrs.evolve(self, **changes)

    def with_capabilities(self, *capabilities: Capability) -> GameDefinition:
        """A new definition declaring ``capabilities``: each replaces the capability of its
        kind this one declares, or is added; the others are kept, in their order."""
        given = _capabilities(capabilities)
        kinds = {type(capability) for capability in given}
        kept = [capability for capability in self.capabilities if type(capability) not in kinds]
        return attrs.evolve(self, capabilities=(*kept, *given))

    @property
    def samples_hidden_cards(self) -> bool:
        """True when the state class implements ``determinize``: the generic search agents
        (:mod:`cardkit.search`) can then play this game."""
        return self.state_class.determinize is not State.determinize

    @property
    def agent_names(self) -> list[str]:
        """The agents this game offers: ``random``, the ladder (``easy`` ... ``expert``) where
        the game supports it, then the game's own (the agent roster of :mod:`cardkit.search`)."""
        return list(ports.AGENT_ROSTER().names(self))

    def agent_factory(self, name: str) -> AgentFactory:
        """The factory for agent ``name``; ``ValueError`` naming the valid ones otherwise. A
        game's own agents win over the generic ladder."""
        return ports.AGENT_ROSTER().factory(self, name)
