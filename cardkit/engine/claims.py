"""Claims out of turn: a declared window, after an event, in which other seats may claim a card.

Many games let players act out of turn on a card just thrown: buying the discard in contract
rummy ("may I?"), claiming it in Mahjong-like rummies, an interrupt. The engine declares such a
*claim window* once, as a phase kind:

- :class:`ClaimRule` says who may claim and at what price: ``priority`` (``"next"``: the seats
  in turn order after the seat whose event opened the window, or a declared order of offsets
  from that seat), whether that seat may claim (``opener_may_claim``), how many claims each seat
  may make in a deal (``per_deal``) and what a claim costs (``cost``: penalty cards, which the
  game hands over);
- :func:`claim_phase` builds the window's :class:`~cardkit.engine.phases.Phase` from the words
  of its moves (``claim 7H`` and ``pass`` by default; contract rummy says ``buy 7H``), with its
  ``legal``, ``why_illegal`` and ``apply`` handlers;
- :func:`open_window` opens it after the event (a discard): it lists the seats that may claim,
  in priority order, and asks the first; :class:`OpenWindow` is the open window, kept in the
  state's ``claim_window`` attribute.

``current_player`` stays "who acts now": while the window is open it is the seat being asked,
and :attr:`State.turn_player <cardkit.engine.state.State.turn_player>` is the seat whose turn it
is. Each seat asked answers in turn; the first claim wins and closes the window (lower seats
are not asked), and so does the last ``pass``. Then the state's ``claim_taken(seat, window)``
hands the card (and the cost) to the claimer and ``claims_closed(window)`` resumes the turn
(by default: the turn's seat, in the window's ``resume`` phase). Because the window is an
ordinary phase with ordinary moves, bots, records, the lab, the network and the research
adapters handle it with nothing game-specific.

A network table may ask every waiting seat at once, with a time limit the host sets, and
resolve the answers by priority: :func:`resolve_claims` turns the answers into the moves that
asking seat after seat would have recorded (the passes of the seats ahead of the first claimer,
then its claim), so the record is the same either way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from cardkit.engine.phases import Phase
from cardkit.values.actions import Action
from cardkit.values.cards import Card

__all__ = ["ClaimRule", "OpenWindow", "apply_claims", "as_asked", "claim_order", "claim_phase",
           "claims_left", "open_window", "resolve_claims", "start_claims"]

_PRIORITIES = ("next",)


def _offsets(value: str | Iterable[int]) -> str | tuple[int, ...]:
    return value if isinstance(value, str) else tuple(value)


@attrs.frozen
class ClaimRule:
    """Who may claim in a window, in what order, how often, and at what cost.

    - ``priority``: ``"next"`` (the seats in turn order after the opener, the nearest first)
      or a tuple of offsets from the opener (``(2, 1, 3)``: the seat two after it first);
    - ``opener_may_claim``: the seat whose event opened the window may claim too (asked last
      under ``"next"``);
    - ``per_deal``: how many claims a seat may make in one deal (None: no limit);
    - ``cost``: the penalty cards a claim costs (the game hands them over in
      ``claim_taken``); a game says how many it can pay (``open_window``'s ``may_claim``).
    """

    priority: str | tuple[int, ...] = attrs.field(default="next", converter=_offsets)
    opener_may_claim: bool = False
    per_deal: int | None = None
    cost: int = 0

    def __attrs_post_init__(self) -> None:
        if isinstance(self.priority, str) and self.priority not in _PRIORITIES:
            raise ValueError(f"ClaimRule.priority is one of {_PRIORITIES} or a tuple of seat "
                             f"offsets, not {self.priority!r}")
        if self.per_deal is not None and self.per_deal < 0:
            raise ValueError("ClaimRule.per_deal must be at least 0 (or None: no limit)")
        if self.cost < 0:
            raise ValueError("ClaimRule.cost must be at least 0")


@attrs.frozen
class OpenWindow:
    """An open claim window: the ``card`` on offer, the ``opener`` (whose event opened it), the
    ``turn`` seat (whose turn it is; the turn resumes with it), the seats still ``waiting`` to
    answer in priority order (the first is asked now) and the phase the turn resumes in."""

    card: Card
    opener: int
    turn: int
    waiting: tuple[int, ...]
    resume: str

    def to_info(self) -> dict[str, Any]:
        """What every view shows of the window (all of it is public)."""
        return {"card": self.card, "from": self.opener, "turn": self.turn,
                "waiting": self.waiting}


def claim_order(rule: ClaimRule, players: int, opener: int) -> tuple[int, ...]:
    """Every seat that may be asked, in priority order (before limits and the game's own
    conditions)."""
    if isinstance(rule.priority, str):
        offsets: Iterable[int] = range(1, players + (1 if rule.opener_may_claim else 0))
    else:
        offsets = rule.priority
    seats: list[int] = []
    for offset in offsets:
        seat = (opener + offset) % players
        if seat not in seats and (seat != opener or rule.opener_may_claim):
            seats.append(seat)
    return tuple(seats)


def start_claims(state: Any, rule: ClaimRule | None) -> None:
    """Set up a state's claims at the deal: its rule (``claim_rule``), no window open
    (``claim_window``) and no claim made (``claims_made``, one count per seat)."""
    state.claim_rule = rule
    state.claim_window = None
    state.claims_made = (0,) * state.players


def claims_left(state: Any, seat: int) -> int | None:
    """How many more claims ``seat`` may make this deal (None: no limit)."""
    rule: ClaimRule | None = state.claim_rule
    if rule is None:
        return 0
    if rule.per_deal is None:
        return None
    return max(0, rule.per_deal - state.claims_made[seat])


def open_window(state: Any, phase: str, card: Card, opener: int, turn: int, resume: str,
                may_claim: Callable[[int], bool] | None = None) -> bool:
    """Open a claim window on ``card`` after ``opener``'s event, the turn being ``turn``'s and
    resuming in phase ``resume``: the seats of the rule's priority order that have claims left
    and pass ``may_claim`` (the game's own condition) wait, and the first is asked in phase
    ``phase`` (a :func:`claim_phase`). Returns False, opening nothing, when no seat may claim."""
    rule: ClaimRule | None = state.claim_rule
    if rule is None:
        return False
    waiting = tuple(seat for seat in claim_order(rule, state.players, opener)
                    if claims_left(state, seat) != 0 and (may_claim is None or may_claim(seat)))
    if not waiting:
        return False
    state.claim_window = OpenWindow(card, opener, turn, waiting, resume)
    state.current_player = waiting[0]
    state.enter(phase)
    return True


def _window(state: Any) -> OpenWindow:
    window: OpenWindow | None = state.claim_window
    if window is None:
        raise RuntimeError("no claim window is open")
    return window


def claim_phase(name: str = "claim", *, claim: str = "claim", decline: str = "pass",
                next: Iterable[str], prompt: str = "") -> Phase:
    """The claim window's phase: the seat asked may ``claim`` the card on offer (``claim 7H``)
    or ``decline`` (``pass``); ``next`` names the phases the turn may resume in."""

    def legal(state: Any) -> list[Action]:
        return [Action(claim, cards=(_window(state).card,)), Action(decline)]

    def why_illegal(state: Any, action: Action) -> str | None:
        window = _window(state)
        if action.kind == claim and action.cards != (window.card,):
            return f"only {window.card} is on offer: {claim} {window.card} or {decline}"
        return None

    def apply(state: Any, action: Action) -> None:
        window = _window(state)
        seat = window.waiting[0]
        if action.kind == claim:
            made = list(state.claims_made)
            made[seat] += 1
            state.claims_made = tuple(made)
            state.claim_window = None
            state.claim_taken(seat, window)
            _close(state, window)
            return
        rest = window.waiting[1:]
        if rest:
            state.claim_window = attrs.evolve(window, waiting=rest)
            state.current_player = rest[0]
            return
        state.claim_window = None
        _close(state, window)

    words = prompt or f"{claim} the card on offer, or {decline}"
    return Phase(name, {claim, decline}, words,
                 f"it is not your turn: {claim} the card on offer, or {decline}",
                 legal=legal, why_illegal=why_illegal, apply=apply, next=next)


def _close(state: Any, window: OpenWindow) -> None:
    closed = getattr(state, "claims_closed", None)
    if closed is not None:
        closed(window)
        return
    state.current_player = window.turn
    state.enter(window.resume)


def resolve_claims(state: Any, answers: Mapping[int, bool]) -> list[Action]:
    """The moves that settle the open window when every waiting seat is asked at once:
    ``answers`` maps a seat to True (it claims) or False (it passes); a seat without an answer
    (its time ran out) passes. By priority, the first claimer wins: the moves are the passes
    of the seats ahead of it, then its claim -- the moves asking seat after seat records."""
    window = _window(state)
    phase = state.current_phase
    legal = phase.legal(state) if phase is not None and phase.legal is not None else []
    claim, decline = legal[0], legal[1]
    moves: list[Action] = []
    for seat in window.waiting:
        if answers.get(seat, False):
            moves.append(claim)
            break
        moves.append(decline)
    return moves


def apply_claims(state: Any, answers: Mapping[int, bool]) -> list[tuple[int, Action]]:
    """Settle the open window from answers given all at once (:func:`resolve_claims`) and
    return the ``(seat, move)`` pairs applied."""
    applied = []
    for move in resolve_claims(state, answers):
        seat = state.seat_to_play
        state.apply(move)
        applied.append((seat, move))
    return applied


def as_asked(state: Any, seat: int) -> Any:
    """A copy of ``state`` in which the waiting seats ahead of ``seat`` have passed, so that
    ``seat`` is the one asked: the moment a seat would be asked seat after seat. An agent asked
    all at once decides on it (it tells nothing the seat could not see: the passes are made
    up, not the other seats' answers)."""
    window = _window(state)
    if seat not in window.waiting:
        raise ValueError(f"seat {seat} is not waiting to answer the claim window")
    copy = state.clone()
    decline = resolve_claims(copy, {})[0]
    while copy.seat_to_play != seat:
        copy.apply(decline)
    return copy
