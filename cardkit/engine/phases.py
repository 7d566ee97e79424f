"""Phases: each phase of a turn declared once, with its moves and the phases that may follow.

A game lists its phases with :func:`phases`; the engine (:class:`~cardkit.engine.state.State`)
dispatches to the current phase's handlers and moves from phase to phase only through
:meth:`State.enter <cardkit.engine.state.State.enter>`, which refuses a transition the phase
did not declare and runs the new phase's ``on_enter`` step (as boardgame.io's ``next`` and
``onBegin``). The end of the hand (``over``) may follow any phase.
"""

from __future__ import annotations

import enum
import types
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

import attrs

from cardkit.values.actions import Action

__all__ = ["ANY", "OVER", "AnyPhase", "Phase", "phases"]

#: The phase of a finished hand; any phase may end the hand.
OVER = "over"


class AnyPhase(enum.Enum):
    """The type of :data:`ANY`."""

    ANY = "any"

    def __repr__(self) -> str:
        return "ANY"


#: ``Phase(..., next=ANY)``: the declared value of a phase that may be followed by any phase
#: of the game (the engine then checks only that the phase entered is declared).
ANY: Literal[AnyPhase.ANY] = AnyPhase.ANY


def _kinds(kinds: Iterable[str]) -> frozenset[str]:
    return frozenset(kinds)


def _names(names: Iterable[str] | AnyPhase | None) -> frozenset[str] | AnyPhase | None:
    if names is None or isinstance(names, AnyPhase):
        return names
    if isinstance(names, str):
        raise TypeError(f"next={names!r}: give a set of phase names, e.g. next={{{names!r}}}")
    return frozenset(names)


@attrs.frozen
class Phase:
    """One phase of a turn, declared once with its moves.

    - ``name``, ``accepts`` (the action kinds it takes), ``prompt`` (what the player must do
      now) and ``refusal`` (the one-line reason given for an action of another kind, e.g. "you
      must draw before you discard");
    - ``legal(state) -> list[Action]``: every legal action now;
    - ``apply(state, action)``: carry out a legal action (never re-validated: the engine has
      checked it against ``legal``);
    - ``why_illegal(state, action) -> str | None``: why an action of an accepted kind is not
      legal now, for the player (optional: the engine falls back to "not a legal move now");
    - ``next``: the phases that may follow this one (``over`` always may), or :data:`ANY` for
      a phase that may be followed by any. Leaving it out (None) is deprecated: such a phase
      is still followed by any, with a ``DeprecationWarning`` when it is declared, and the
      conformance kit fails it;
    - ``on_enter(state)``: a step run each time the hand enters this phase (Tonk's start of a
      turn), after the phase is set.

    The handlers are plain functions of the state, so a phase can be written as three short
    functions side by side in the game's module for that phase.
    """

    name: str
    accepts: frozenset[str] = attrs.field(converter=_kinds)
    prompt: str
    refusal: str = ""
    legal: Callable[[Any], list[Action]] | None = attrs.field(default=None, kw_only=True)
    apply: Callable[[Any, Action], None] | None = attrs.field(default=None, kw_only=True)
    why_illegal: Callable[[Any, Action], str | None] | None = attrs.field(
        default=None, kw_only=True)
    next: frozenset[str] | AnyPhase | None = attrs.field(default=None, kw_only=True,
                                                         converter=_names)
    on_enter: Callable[[Any], None] | None = attrs.field(default=None, kw_only=True)
    #: The phases that may follow this one, by name, as the :func:`phases` mapping that holds
    #: it declares them: :meth:`State.enter <cardkit.engine.state.State.enter>` looks the
    #: phase entered up here first, one lookup for its whole check. Empty for a phase no
    #: :func:`phases` built, or held by two mappings that disagree (enter then checks in full).
    _successors: Mapping[str, Phase] = attrs.field(factory=dict, init=False, eq=False,
                                                   hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.next is None and self.name:
            warnings.warn(f"phase {self.name!r} declares no next phases: declare them "
                          f"(next={{...}}), or next=ANY for a phase that may be followed by any; "
                          "a phase without next will be refused", DeprecationWarning,
                          stacklevel=3)

    def may_follow(self, name: str) -> bool:
        """True if the hand may move from this phase to phase ``name``."""
        allowed = self.next
        return name == OVER or allowed is None or allowed is ANY or name in allowed


def phases(*declared: Phase) -> Mapping[str, Phase]:
    """The ``PHASES`` mapping of a state class, from its phases in turn order. Every phase a
    ``next`` names must be declared.

    >>> from cardkit.state import Phase, phases
    >>> draw = Phase("draw", {"draw"}, "draw a card", next={"discard"})
    >>> list(phases(draw, Phase("discard", {"discard"}, "discard a card", next={"draw"})))
    ['draw', 'discard']
    >>> phases(draw)
    Traceback (most recent call last):
    ...
    ValueError: phase 'draw' names 'discard' among its next phases, which is not declared
    """
    mapping: dict[str, Phase] = {}
    for phase in declared:
        if phase.name in mapping:
            raise ValueError(f"phase {phase.name!r} is declared twice")
        mapping[phase.name] = phase
    for phase in declared:
        names = () if phase.next is None or phase.next is ANY else phase.next
        for name in sorted(names):
            if name not in mapping and name != OVER:
                raise ValueError(f"phase {phase.name!r} names {name!r} among its next phases, "
                                 "which is not declared")
    for phase in declared:
        follow = mapping if phase.next is None or phase.next is ANY else phase.next
        successors: Mapping[str, Phase] = {name: mapping[name] for name in follow
                                           if name != OVER}
        known = phase._successors
        if known is _DISAGREE or (known and (known.keys() != successors.keys() or any(
                known[name] is not successors[name] for name in successors))):
            successors = _DISAGREE  # (a phase held by two games whose successors differ)
        object.__setattr__(phase, "_successors", successors)
    return mapping


#: The successors of a phase held by two :func:`phases` mappings that disagree on them.
_DISAGREE: Mapping[str, Phase] = types.MappingProxyType({})
