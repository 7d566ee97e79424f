"""Contracts and going down: a deal's required melds, laid in one turn, once.

In contract rummy (Shanghai, Kalooki, Phase-10-style games) each deal has a *contract*, the melds
a player must lay to *go down*: "two sets", "a set and a run", "three runs". A player goes down
once a deal, in one turn, laying the contract's melds one move at a time; until they are down
they may not lay off, and once down they lay off (and, where the rules say so, lay new melds).

- :class:`Contract`: the kinds of the required melds (``Contract(("set", "run"))``, or
  ``Contract.of(sets=1, runs=1)``), named in words (``a set and a run``);
- :class:`GoingDown`: how a game holds its contracts: ``exact`` (the contract's melds and no
  more in the turn of going down) or at least the contract (more melds may follow that turn),
  ``lay_off_same_turn`` (lay-offs allowed already in the turn of going down), ``new_melds``
  (new melds on later turns, once down);
- :func:`can_complete`: whether a hand holds melds of the given kinds, all at once (the search
  that a started contract can be finished), leaving ``keep`` cards in hand;
- :func:`contract_meld_actions`: the meld moves of a hand that start or go on with a contract
  and leave it a way to be finished this turn -- so a player never starts what cannot end.

:class:`~cardkit.rummy.RummyState` plays all of this when its :class:`~cardkit.rummy.TurnRules`
carry a ``going_down`` rule.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cardkit.libraries.melds import Meld, MeldRules, all_melds
from cardkit.libraries.rummy.copies import Hand
from cardkit.libraries.rummy.moves import MELD
from cardkit.values.actions import Action
from cardkit.values.cache import BoundedCache
from cardkit.values.cards import Card, CardMultiset, remove_cards

__all__ = ["RUN", "SET", "Contract", "GoingDown", "can_complete", "contract_meld_actions",
           "remaining_after"]

SET = "set"
RUN = "run"
_KINDS = (SET, RUN)
_NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


def _kinds(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(value, key=_KINDS.index)) if all(k in _KINDS for k in value) \
        else tuple(value)


@attrs.frozen
class Contract:
    """The melds a player must lay to go down: their kinds (``set`` or ``run``), sets first."""

    melds: tuple[str, ...] = attrs.field(converter=_kinds)

    def __attrs_post_init__(self) -> None:
        if not self.melds:
            raise ValueError("a Contract needs at least one meld")
        wrong = [kind for kind in self.melds if kind not in _KINDS]
        if wrong:
            raise ValueError(f"a contract's melds are {_KINDS[0]!r} or {_KINDS[1]!r}, not "
                             f"{wrong[0]!r}")

    @classmethod
    def of(cls, sets: int = 0, runs: int = 0) -> Contract:
        """The contract of ``sets`` sets and ``runs`` runs.

        >>> str(Contract.of(sets=2, runs=1))
        'two sets and a run'
        """
        return cls((SET,) * sets + (RUN,) * runs)

    def __str__(self) -> str:
        parts = []
        for kind in _KINDS:
            count = self.melds.count(kind)
            if count:
                word = _NUMBERS.get(count, str(count))
                parts.append(f"{word} {kind}" + ("s" if count > 1 else ""))
        return " and ".join(parts)


@attrs.frozen
class GoingDown:
    """How a deal's contract is held (see the module's docstring): the ``contract``;
    ``exact``: the turn of going down lays the contract's melds and no more (False: at least
    the contract, more melds may follow that turn); ``lay_off_same_turn``: a player may lay off
    already in the turn they go down; ``new_melds``: once down, new melds on later turns."""

    contract: Contract
    exact: bool = True
    lay_off_same_turn: bool = False
    new_melds: bool = False


def remaining_after(needed: tuple[str, ...], kind: str) -> tuple[str, ...]:
    """The contract melds still to lay once a meld of ``kind`` is laid (one fewer of it)."""
    index = needed.index(kind)
    return needed[:index] + needed[index + 1:]


def _bound(rules: MeldRules, kind: str, wilds: int) -> int:
    """The longest meld of ``kind`` the search needs to try: every longer meld holds a shorter
    one that is a meld (naturals first), so melds up to the minimum length, or up to the
    naturals a meld needs plus every wild card held, are enough."""
    shortest = min(rules.set_sizes) if kind == SET else rules.min_run
    return max(shortest, rules.min_natural + wilds)


_COMPLETE: BoundedCache[tuple[Hand, tuple[str, ...], int, MeldRules], bool] = \
    BoundedCache(65536)

#: A meld the contract search may lay: (kind, length, count planes of its cards, cards).
_Candidate = tuple[str, int, tuple[int, ...], tuple[Card, ...]]


def can_complete(hand: Hand, needed: Iterable[str], rules: MeldRules, keep: int = 0) -> bool:
    """True when ``hand`` holds, at once and without sharing a card, one meld of each kind in
    ``needed`` while leaving at least ``keep`` cards in hand (an empty ``needed`` asks only
    for the ``keep`` cards)."""
    kinds = _kinds(needed)
    key = (hand, kinds, keep, rules)
    known = _COMPLETE.get(key)
    if known is None:
        known = _complete(hand, kinds, rules, keep,
                          _candidates(all_melds(hand, rules) if kinds else [], kinds))
        _COMPLETE[key] = known
    return known


def _candidates(melds: Iterable[Meld], kinds: tuple[str, ...]) -> list[_Candidate]:
    """The ``melds`` of the ``kinds``, in order, with their count planes: the melds of a hand
    less some of its cards are the hand's melds that fit in what is left, so the search lists
    a hand's melds once and filters them, instead of listing each smaller hand's again."""
    return [(meld.kind, len(meld), CardMultiset(meld.cards).planes, meld.cards)
            for meld in melds if meld.kind in kinds]


def _planes(hand: Hand) -> tuple[int, ...]:
    if isinstance(hand, CardMultiset):
        return hand.planes
    return (hand.mask,) if hand.mask else ()


def _fits(cards: tuple[int, ...], held: tuple[int, ...]) -> bool:
    """Every card of the planes ``cards`` held as often in the planes ``held``."""
    if len(cards) > len(held):
        return False
    return all(not plane & ~held[index] for index, plane in enumerate(cards))


def _complete(hand: Hand, needed: tuple[str, ...], rules: MeldRules, keep: int,
              candidates: list[_Candidate]) -> bool:
    """:func:`can_complete` of ``hand``, whose melds of the kinds ``needed`` are those of
    ``candidates`` that fit in it."""
    if not needed:
        return len(hand) >= keep
    kind = needed[0]
    rest = needed[1:]
    shortest = {SET: min(rules.set_sizes), RUN: rules.min_run}
    if len(hand) - keep < sum(shortest[k] for k in needed):
        return False
    wilds = sum(1 for card in hand if card in rules.wild)
    bound = _bound(rules, kind, wilds)
    held = _planes(hand)
    later = [candidate for candidate in candidates if candidate[0] in rest]
    for meld_kind, length, planes, cards in candidates:
        if meld_kind == kind and length <= bound and _fits(planes, held) and \
                _complete_cached(remove_cards(hand, cards), rest, rules, keep, later):
            return True
    return False


def _complete_cached(hand: Hand, needed: tuple[str, ...], rules: MeldRules, keep: int,
                     candidates: list[_Candidate]) -> bool:
    """:func:`can_complete` through its cache, on candidate melds already listed."""
    key = (hand, needed, keep, rules)
    known = _COMPLETE.get(key)
    if known is None:
        known = _complete(hand, needed, rules, keep, candidates)
        _COMPLETE[key] = known
    return known


def contract_meld_actions(hand: Hand, needed: Iterable[str], rules: MeldRules,
                          keep: int = 0, kind: str = MELD) -> list[Action]:
    """Every meld of ``hand`` of a kind still ``needed`` after which the rest of the contract
    can still be laid this turn leaving ``keep`` cards (:func:`can_complete`), as moves of
    ``kind`` (``meld 7H 7D 7S``)."""
    kinds = _kinds(needed)
    actions = []
    melds = all_melds(hand, rules)
    candidates = _candidates(melds, kinds)
    for meld in melds:
        if meld.kind not in kinds:
            continue
        rest = remaining_after(kinds, meld.kind)
        if _complete_cached(remove_cards(hand, meld.cards), rest, rules, keep,
                            [candidate for candidate in candidates if candidate[0] in rest]):
            declared = tuple((card, identity) for card, identity
                             in zip(meld.cards, meld.represents, strict=True)
                             if card in rules.wild)
            actions.append(Action(kind, cards=meld.cards, declared=declared))
    return actions
