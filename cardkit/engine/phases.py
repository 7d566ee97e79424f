"""Phases: each phase of a turn declared once, with its moves and the phases that may follow.

A game lists its phases with :func:`phases`; the engine (:class:`~cardkit.engine.state.State`)
dispatches to the current phase's handlers and moves from phase to phase only through
:meth:`State.enter <cardkit.engine.state.State.enter>`, which refuses a transition the phase
did not declare and runs the new phase's ``on_enter`` step (as boardgame.io's ``next`` and
``onBegin``). The end of the hand (``over``) may follow any phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from cardkit.values.actions import Action

__all__ = ["OVER", "Phase", "phases"]

#: The phase of a finished hand; any phase may end the hand.
OVER = "over"


def _kinds(kinds: Iterable[str]) -> frozenset[str]:
    return frozenset(kinds)


def _names(names: Iterable[str] | None) -> frozenset[str] | None:
    return None if names is None else frozenset(names)


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
    - ``next``: the phases that may follow this one (``over`` always may). None leaves the
      transitions undeclared, as in plugins written before they were declared; the
      conformance kit reports such phases;
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
    next: frozenset[str] | None = attrs.field(default=None, kw_only=True, converter=_names)
    on_enter: Callable[[Any], None] | None = attrs.field(default=None, kw_only=True)

    def may_follow(self, name: str) -> bool:
        """True if the hand may move from this phase to phase ``name``."""
        return name == OVER or self.next is None or name in self.next


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
        for name in sorted(phase.next or ()):
            if name not in mapping and name != OVER:
                raise ValueError(f"phase {phase.name!r} names {name!r} among its next phases, "
                                 "which is not declared")
    return mapping
