"""Melding moves against a table: every legal meld and lay-off, and "can this card be used
this turn?".

- :func:`meld_actions`: every meld a hand holds, as moves (``meld 5H 6H 7H``; a wild card
  carries what it stands for, ``meld 5H X1=6H 7H``);
- :func:`lay_off_actions`: every lay-off of a hand's cards onto the table's melds, whoever owns
  them (a game may restrict whose). A card that fits both ends of a run (an ace on a 2..K run
  where the ace is high or low, a wild card) gives one move per end -- ``lay low AH 1`` and
  ``lay high AH 1`` -- never an error;
- :func:`apply_meld` and :func:`apply_lay_off`: the table after such a move;
  :func:`meld_of_move`: the meld a move the engine offered lays, read from what it declares
  (no search: for a game that lays melds in its inner loop);
- :func:`cheapest_use`: the fewest cards of a hand that put a given card on the table this
  turn, counting chains of lay-offs (``6H`` laid before ``7H`` on ``3H 4H 5H``) and new melds;
  :func:`usable` asks whether a card can be used while keeping enough cards in hand.

Moves name meld numbers from 1, as the table does. The kinds default to ``meld`` and ``lay``;
a game with its own words (Conquian's ``spread`` and ``hit``) passes them. A game may also say
which melds take lay-offs (``numbers``: Tonk's runs-only house rule, its double-double onto the
runs just laid) and how many lay-offs a turn allows (``lay_offs``, in :func:`cheapest_use`).
Lay-off moves are built once each and reused (move generation runs at every step of every
simulated hand): :data:`LAY_OFF_CACHE_SIZE` of them at most.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable

from cardkit.libraries.melds import (
    Meld,
    MeldRules,
    all_melds,
    classify,
    layoff_chains,
    layoff_identities,
    layoff_positions,
)
from cardkit.libraries.melds.arrangement import hand_bits
from cardkit.libraries.melds.meld import RUN, SET
from cardkit.libraries.rummy.table import Table
from cardkit.values.actions import Action
from cardkit.values.cache import BoundedCache
from cardkit.values.cards import Card, CardMultiset, CardSet

__all__ = ["LAY", "LAY_OFF_CACHE_SIZE", "MELD", "MayLayOn", "apply_lay_off", "apply_meld",
           "cheapest_use", "lay_off_actions", "meld_actions", "meld_of_move", "owned_by",
           "usable"]

MELD = "meld"
LAY = "lay"

#: ``may_lay_on(owner) -> bool``: whether the player may lay off on a meld ``owner`` laid
#: (None: on every meld).
MayLayOn = Callable[[int], bool] | None


def owned_by(seat: int) -> Callable[[int], bool]:
    """The ``may_lay_on`` of a player who may lay off on ``seat``'s melds only."""
    return functools.partial(operator.eq, seat)

# The cards of each rank (index rank - 1) and of each suit, as masks.
_RANK_MASKS = tuple(sum(1 << (13 * suit + rank) for suit in range(4)) for rank in range(13))
_SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))


def _declared(meld: Meld, rules: MeldRules) -> tuple[tuple[Card, Card], ...]:
    return tuple((card, identity) for card, identity in zip(meld.cards, meld.represents,
                                                            strict=True)
                 if card in rules.wild)


def meld_actions(hand: CardSet | CardMultiset | Iterable[Card] | int, rules: MeldRules,
                 kind: str = MELD) -> list[Action]:
    """Every meld ``hand`` holds (:func:`cardkit.melds.all_melds`, copies included) as a move
    of ``kind``."""
    return [Action(kind, cards=meld.cards, declared=_declared(meld, rules))
            for meld in all_melds(hand, rules)]


#: The most lay-off moves kept for reuse (an entry is an ``Action`` of about 300 bytes).
LAY_OFF_CACHE_SIZE = 16_384
_LAY_OFFS: BoundedCache[tuple[str, str | None, int, int, int, bool], Action] = BoundedCache(
    LAY_OFF_CACHE_SIZE)


def _lay_off_move(kind: str, end: str | None, card: Card, number: int, identity: Card,
                  wild: bool) -> Action:
    """The move laying ``card`` off on meld ``number`` (at ``end``; a wild card declaring
    ``identity``), built once."""
    key = (kind, end, card.index, number, identity.index, wild)
    action = _LAY_OFFS.get(key)
    if action is None:
        action = Action(kind, end, (card,), number, ((card, identity),) if wild else ())
        _LAY_OFFS[key] = action
    return action


def lay_off_actions(cards: Iterable[Card], table: Table, rules: MeldRules,
                    may_lay_on: MayLayOn = None, kind: str = LAY,
                    numbers: Iterable[int] | None = None, ends: bool = True) -> list[Action]:
    """Every lay-off of one of ``cards`` onto a meld of ``table`` the player may lay on: one
    move per card and meld, per end when a natural card fits both ends of a run, per identity
    for a wild card. ``numbers``: only onto these melds, in this order (None: every meld, in
    number order); ``ends=False``: a natural card that fits both ends of a run is one move,
    without an end (the game places it: Tonk lays such an ace low)."""
    actions = []
    cards = tuple(cards)
    wild = rules.wild
    chosen = range(1, len(table) + 1) if numbers is None else numbers
    for number in chosen:
        entry = table[number]
        if may_lay_on is not None and not may_lay_on(entry.owner):
            continue
        meld = entry.meld
        first = meld.represents[0]
        # only a natural card of the set's rank or the run's suit can fit: one mask test a
        # card (moves are generated at every step of every simulated hand)
        related = (_RANK_MASKS[first.index % 13] if meld.kind == SET
                   else _SUIT_MASKS[first.index // 13])
        fits_of = _fits_on(meld, rules)
        for card in cards:
            if wild and card in wild:
                actions += [_lay_off_move(kind, None, card, number, identity, True)
                            for identity in layoff_identities(card, meld, rules)]
                continue
            if not card.mask & related:
                continue
            fits = fits_of.get(card.index)
            if fits is None:
                fits = fits_of[card.index] = layoff_positions(card, meld, rules)
            if len(fits) == 2 and ends:
                actions += [_lay_off_move(kind, end, card, number, card, False) for end in fits]
            elif fits:
                actions.append(_lay_off_move(kind, None, card, number, card, False))
    return actions


#: Where each natural card fits a meld (:func:`cardkit.melds.layoff_positions`, read-only
#: lists), by the meld's identity, with the meld and rules held (so the id stays their own): a
#: table's melds are values shared by every state after them, asked again at every turn.
_FITS: BoundedCache[int, tuple[Meld, MeldRules, dict[int, list[str]]]] = BoundedCache(4096)


def _fits_on(meld: Meld, rules: MeldRules) -> dict[int, list[str]]:
    """The kept :func:`cardkit.melds.layoff_positions` of ``meld`` under ``rules``, by card
    index (filled as cards are asked)."""
    kept = _FITS.get(id(meld))
    if kept is None or kept[0] is not meld or kept[1] is not rules:
        kept = (meld, rules, {})
        _FITS[id(meld)] = kept
    return kept[2]


def apply_meld(table: Table, seat: int, action: Action, rules: MeldRules) -> Table:
    """The table after ``seat`` lays the meld ``action`` names; ``ValueError`` if its cards
    form no meld."""
    meld = classify(action.cards, rules, action.declared or None)
    if meld is None:
        raise ValueError(f"{' '.join(card.text for card in action.cards)} is not a meld")
    return table.lay(seat, meld)


def meld_of_move(action: Action, rules: MeldRules) -> Meld:
    """The meld a legal meld move (one the engine offered) lays, read from its cards and what
    its wild cards declare, without searching (:func:`apply_meld` classifies instead): a set
    when every card stands for one rank (in suit order), else a run in the rules' run order --
    a rank that may stand at either end (a high-or-low ace) goes high when the run holds the
    rank below that end (``Q K A``)."""
    pairs = action.identities()
    rank = pairs[0][1].rank
    if all(identity.rank == rank for _, identity in pairs):
        pairs.sort(key=lambda pair: pair[1].suit)  # type: ignore[arg-type, return-value]
        return Meld(SET, tuple(pair[0] for pair in pairs), tuple(pair[1] for pair in pairs))
    order = rules.positions
    held = {identity.rank for _, identity in pairs}

    def position(identity: Card) -> int:
        low = order.index(identity.rank)
        high = len(order) - 1 - order[::-1].index(identity.rank)
        return high if high != low and order[high - 1] in held else low

    pairs.sort(key=lambda pair: position(pair[1]))
    return Meld(RUN, tuple(pair[0] for pair in pairs), tuple(pair[1] for pair in pairs))


def apply_lay_off(table: Table, seat: int, action: Action, rules: MeldRules) -> Table:
    """The table after ``seat`` lays off the card of ``action`` on meld ``action.target``
    (at the end its option names, as what it declares)."""
    card = action.card
    declared = action.declared_as(card)
    return table.lay_off(seat, card, action.target or 0, rules, end=action.option,
                         declared=declared if declared is not card else None)


def cheapest_use(card: Card, hand: CardSet | Iterable[Card] | int, table: Table,
                 rules: MeldRules, may_lay_on: MayLayOn = None, lay_offs: int | None = None,
                 numbers: Iterable[int] | None = None) -> int | None:
    """The fewest cards of ``hand`` (which holds ``card``) that put ``card`` on the table this
    turn -- a lay-off (1), a chain of lay-offs onto one meld that reaches it (``6H`` then
    ``7H``: 2), or a new meld holding it (3 or more) -- or None when nothing can. ``lay_offs``:
    the most lay-offs the player may still make this turn (a longer chain does not count; None:
    no limit); ``numbers``: the melds that take lay-offs (None: every meld)."""
    bits = hand_bits(hand)
    multiset = bits if isinstance(bits, CardMultiset) else None
    mask = bits.planes[0] if isinstance(bits, CardMultiset) else bits
    if not mask & card.mask:
        raise ValueError(f"{card} is not in the hand")
    best: int | None = None
    wild = card in rules.wild
    # wild cards are interchangeable: the search lays the first it finds, which stands for any
    uses = (lambda cards: any(other in rules.wild for other in cards)) if wild else (
        lambda cards: card in cards)
    allowed = None if numbers is None else set(numbers)
    for number, entry in enumerate(table, 1):
        if (may_lay_on is not None and not may_lay_on(entry.owner)) or lay_offs == 0 or (
                allowed is not None and number not in allowed):
            continue
        for _, laid in layoff_chains(entry.meld, mask if multiset is None else multiset, rules):
            if lay_offs is not None and len(laid) > lay_offs:
                continue
            if uses(laid) and (best is None or len(laid) < best):
                best = len(laid)
                if best == 1:
                    return 1
    if not wild and not card.is_joker:
        # only cards of its rank or suit (and wild cards) can meld with it
        related = _RANK_MASKS[card.rank - 1] | _SUIT_MASKS[card.suit]  # type: ignore[operator, index]
        wilds = 0
        for other in rules.wild:
            wilds |= other.mask
        mask &= related | wilds
        if multiset is not None:  # with copies: the related cards, every copy
            multiset = CardMultiset.from_planes(plane & mask for plane in multiset.planes)
    for meld in all_melds(mask if multiset is None else multiset, rules):
        if uses(meld.cards) and (best is None or len(meld) < best):
            best = len(meld)
    return best


def usable(card: Card, hand: CardSet | Iterable[Card] | int, table: Table, rules: MeldRules,
           keep: int = 0, may_lay_on: MayLayOn = None, lay_offs: int | None = None,
           numbers: Iterable[int] | None = None) -> bool:
    """True when ``card`` (in ``hand``) can be put on the table this turn leaving at least
    ``keep`` cards in hand (1 where a player must still discard); ``lay_offs`` and ``numbers``
    as in :func:`cheapest_use`."""
    cost = cheapest_use(card, hand, table, rules, may_lay_on, lay_offs, numbers)
    bits = hand_bits(hand)
    size = len(bits) if isinstance(bits, CardMultiset) else bits.bit_count()
    return cost is not None and size - cost >= keep

