"""Zones declared once: where a hand's cards lie, and who sees them.

Most card games keep their cards in the same few places: one hand per seat, a face-down stock,
a face-up discard pile, a table of public melds, and perhaps cards out of play. A game that
names those places once, in a :class:`Zones` declaration, gets from :class:`ZonedState` the
four methods every state needs and which are easy to get subtly wrong by hand:

- ``zones()``: every card by the place it lies in (the conformance kit checks that each card is
  in exactly one);
- ``hidden_cards(seat)``: the other hands (less the cards every seat saw go into them), the
  stock and the face-down cards; once the hand is over, every hand is shown (and
  ``hidden_again(seat)``: those of them every seat saw before, a pile shuffled back);
- ``view(seat)``: the seat's own hand, the other hands' sizes, the stock's size, the pile's top
  (or the whole pile, when it is spread), the table, the scores, the public history, every hand
  once the hand is over, and the game's own details from :meth:`ZonedState.view_info`;
- ``determinize(seat, rng)``: a copy in which the cards hidden from ``seat`` are dealt again
  among the places that hold them (:func:`cardkit.sampling.redeal_hidden`), with its deck
  relabelled so that its record replays to it (``copy.deck = copy.stacked = ...``).

A game overrides only what differs (gin's sitter, who sees the captain's hand, overrides
``hidden_cards`` and ``view``), and :meth:`ZonedState.redealt` recomputes anything the game
caches from a hand (a knock check, say) after a re-deal.

With copies of cards (a deck of two or more decks: ``DeckSpec.standard(decks=2)``) the hands are
dealt as :class:`~cardkit.cards.CardMultiset`, ``hidden_copies(seat)`` counts the hidden copies
(``hidden_cards`` gives the cards of which some copy is hidden) and the re-deal is
:func:`cardkit.sampling.redeal_hidden_copies`; ``seen`` may then be a list holding each seat's
seen cards, so that a re-deal keeps a seen copy in its hand and deals its hidden twin again.

A zone's attribute may hold a list of cards, a :class:`~cardkit.cards.CardSet`, a
:class:`~cardkit.cards.CardMultiset`, a single card or ``None``, or -- for the table -- any
object with a ``cards()`` method (a table of melds) or a list of melds or ``(owner, meld)``
pairs. The table object may also offer ``view_entries()``,
what a view shows as ``View.table`` (by default the list itself).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar, Self

import attrs

from cardkit.engine.state import State
from cardkit.libraries.sampling import redeal_hidden, redeal_hidden_copies, relabel_deck
from cardkit.values.cards import Card, CardMultiset, CardSet
from cardkit.values.views import View

__all__ = ["ZonedState", "Zones", "cards_in"]


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class Zones:
    """Where a game keeps its cards: each field names an attribute of the state.

    - ``hands``: a list with one hand per seat (a ``CardSet``, a ``CardMultiset`` with copies,
      or a list of cards); each seat sees its own;
    - ``stock``: the face-down stock (a list of cards), or None;
    - ``pile``: the face-up discard pile (a list, its top last), or None; ``spread_pile``: the
      whole pile is shown in views (``info["discard_pile"]``, bottom first), not only its top;
    - ``table``: the public melds (see the module's docstring), or None;
    - ``seen``: a ``CardSet`` (or card mask) of hand cards every seat has seen go into a hand
      (taken from the discard pile): never hidden, kept in their hands by a re-deal; with
      copies, a ``CardMultiset``, or a list with one (``CardSet`` or ``CardMultiset``) per seat;
    - ``recycled``: a ``CardSet`` (or card mask) of cards every seat saw that may be hidden
      again (a discard pile shuffled back into the stock): where they are now is hidden as
      usual, but the public history may name them (:meth:`ZonedState.hidden_again`);
    - ``face_up``: other public places (a card on offer, dead cards);
    - ``face_down``: cards out of play that nobody sees (dealt again by a re-deal).
    """

    hands: str = "hands"
    stock: str | None = "stock"
    pile: str | None = None
    table: str | None = None
    seen: str | None = None
    recycled: str | None = None
    face_up: tuple[str, ...] = attrs.field(default=(), converter=_names)
    face_down: tuple[str, ...] = attrs.field(default=(), converter=_names)
    spread_pile: bool = False


def cards_in(value: Any) -> Iterator[Card]:
    """Every card a zone's value holds: a card, None, a ``CardSet``, an object with a
    ``cards()`` method or a ``cards`` attribute (a meld), an ``(owner, meld)`` pair, or a list
    of any of these."""
    if value is None:
        return
    if isinstance(value, Card):
        yield value
    elif isinstance(value, CardSet | CardMultiset):
        yield from value
    elif callable(getattr(value, "cards", None)):
        yield from value.cards()
    elif hasattr(value, "cards"):
        yield from value.cards
    elif isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        yield from cards_in(value[1])  # (owner, meld)
    else:
        for item in value:
            yield from cards_in(item)


def _multiset(value: Any) -> CardMultiset:
    if isinstance(value, CardMultiset):
        return value
    if isinstance(value, int):
        return CardMultiset(CardSet.from_mask(value))
    return CardMultiset(cards_in(value))


def _mask(value: Any) -> int:
    if isinstance(value, int):
        return value
    if isinstance(value, CardSet):
        return value.mask
    mask = 0
    for card in cards_in(value):
        mask |= card.mask
    return mask


class ZonedState(State):
    """A :class:`~cardkit.state.State` whose zones are declared in ``ZONES``: ``zones``,
    ``hidden_cards``, ``view`` and ``determinize`` come from the declaration (see the module's
    docstring). Override :meth:`view_info` for the game's own details in views and
    :meth:`redealt` for what must be recomputed after a re-deal."""

    ZONES: ClassVar[Zones] = Zones()

    # ----- reading the declared zones -----------------------------------------------------------

    def _hands(self) -> list[Any]:
        hands: list[Any] = getattr(self, self.ZONES.hands)
        return hands

    def _seen_mask(self) -> int:
        name = self.ZONES.seen
        return _mask(getattr(self, name)) if name is not None else 0

    def _stock(self) -> list[Card]:
        name = self.ZONES.stock
        return getattr(self, name) if name is not None else []

    def _pile(self) -> list[Card]:
        name = self.ZONES.pile
        return getattr(self, name) if name is not None else []

    def has_copies(self) -> bool:
        """True when the deck holds copies of a card (two or more decks, more than two
        jokers): hands are then multisets."""
        deck = self.deck
        return len(set(deck)) != len(deck)

    def _seen_of(self, seat: int) -> CardMultiset:
        """The copies in ``seat``'s hand every seat saw go there (with copies)."""
        name = self.ZONES.seen
        if name is None:
            return CardMultiset()
        value = getattr(self, name)
        if isinstance(value, list) and len(value) == self.players and all(
                isinstance(item, CardSet | CardMultiset | int) for item in value):
            return _multiset(value[seat]) & _multiset(self._hands()[seat])
        return _multiset(value) & _multiset(self._hands()[seat])

    def deal_hands(self, deck: list[Card], hand_size: int) -> list[Card]:
        """Deal ``hand_size`` cards to each seat, one at a time from the dealer's left, into
        the hands zone (as ``CardSet``, or ``CardMultiset`` when the deck holds copies); the
        dealer's left is to play. Returns the rest of ``deck``, top first."""
        first = (self.context.dealer + 1) % self.players
        if self.has_copies():
            hands: list[list[Card]] = [[] for _ in range(self.players)]
            for position in range(hand_size * self.players):
                hands[(first + position) % self.players].append(deck[position])
            setattr(self, self.ZONES.hands, [CardMultiset(hand) for hand in hands])
            self.current_player = first
            return deck[hand_size * self.players:]
        masks = [0] * self.players
        for position in range(hand_size * self.players):
            masks[(first + position) % self.players] |= deck[position].mask
        setattr(self, self.ZONES.hands, [CardSet.from_mask(mask) for mask in masks])
        self.current_player = first
        return deck[hand_size * self.players:]

    # ----- the four methods ---------------------------------------------------------------------

    def zones(self) -> Mapping[str, Iterable[Card]]:
        """Every card of the deck by where it lies: ``hand 0`` ..., ``stock``, ``discard
        pile``, ``table`` and each other declared place by its attribute's name."""
        declared = self.ZONES
        zones: dict[str, Iterable[Card]] = {
            f"hand {seat}": list(cards_in(hand)) for seat, hand in enumerate(self._hands())}
        if declared.stock is not None:
            zones["stock"] = self._stock()
        if declared.pile is not None:
            zones["discard pile"] = self._pile()
        if declared.table is not None:
            zones["table"] = list(cards_in(getattr(self, declared.table)))
        for name in (*declared.face_up, *declared.face_down):
            zones[name] = list(cards_in(getattr(self, name)))
        return zones

    def hidden_copies(self, seat: int) -> CardMultiset:
        """:meth:`hidden_cards` counted copy by copy (with copies: the other hands less their
        seen copies, the stock and the face-down cards)."""
        if not self.has_copies():
            return CardMultiset(self.hidden_cards(seat))
        hidden = CardMultiset(self._stock())
        for name in self.ZONES.face_down:
            hidden = hidden + _multiset(getattr(self, name))
        if self.result is None:
            for other, hand in enumerate(self._hands()):
                if other != seat:
                    hidden = hidden + (_multiset(hand) - self._seen_of(other))
        return hidden

    def hidden_cards(self, seat: int) -> CardSet:
        """The other hands (less the cards every seat saw go into them), the stock and the
        face-down cards; once the hand is over, only the stock and the face-down cards. With
        copies, the cards of which some copy is hidden (:meth:`hidden_copies`)."""
        if self.has_copies():
            return self.hidden_copies(seat).distinct()
        hidden = _mask(self._stock())
        for name in self.ZONES.face_down:
            hidden |= _mask(getattr(self, name))
        if self.result is None:
            others = 0
            for other, hand in enumerate(self._hands()):
                if other != seat:
                    others |= _mask(hand)
            hidden |= others & ~self._seen_mask()
        return CardSet.from_mask(hidden)

    def hidden_again(self, seat: int) -> CardSet:
        """The cards hidden from ``seat`` now that every seat saw before (the declared
        ``recycled`` zone: a discard pile shuffled back into the stock)."""
        name = self.ZONES.recycled
        if name is None:
            return CardSet()
        return CardSet.from_mask(_mask(getattr(self, name)) & self.hidden_cards(seat).mask)

    def view_info(self, seat: int) -> dict[str, Any]:
        """The game's own public details for ``seat``'s view (``View.info``); none by default.
        A spread pile adds ``discard_pile`` to them."""
        return {}

    def view(self, seat: int) -> View:
        """What ``seat`` may see (see the module's docstring)."""
        declared = self.ZONES
        hands = self._hands()
        pile = self._pile()
        info = self.view_info(seat)
        if declared.spread_pile:
            info = {**info, "discard_pile": tuple(pile)}
        table: tuple[Any, ...] = ()
        if declared.table is not None:
            value = getattr(self, declared.table)
            entries = getattr(value, "view_entries", None)
            table = tuple(entries()) if callable(entries) else tuple(value)
        revealed = ({other: tuple(cards_in(hand)) for other, hand in enumerate(hands)
                     if other != seat} if self.result is not None else {})
        return View(
            game=self.game.name, seat=seat, players=self.players, phase=self.phase,
            current_player=self.current_player, hand=tuple(cards_in(hands[seat])),
            hand_sizes=tuple(len(hand) for hand in hands), stock_size=len(self._stock()),
            discard_top=pile[-1] if pile else None, table=table, scores=self.context.totals,
            history=self.public_history(), dealer=self.context.dealer,
            roles=self.context.roles, revealed=revealed, info=info, result=self.result,
        )

    def redealt(self, original: Self) -> None:
        """Called on a re-dealt copy (:meth:`determinize`) with the state it was made from:
        recompute here anything the game caches from the hands. Nothing by default."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which the cards hidden from ``seat`` are dealt again among the other
        hands, the stock and the face-down places (each keeps its size and every card ``seat``
        sees); the copy's deck is relabelled so that its record replays to it."""
        copy = self.clone()
        if self.has_copies():
            return self._determinize_copies(seat, copy, rng)
        hidden = self.hidden_cards(seat).mask
        if not hidden:
            return copy
        declared = self.ZONES
        hands = self._hands()
        others = [other for other in range(len(hands)) if other != seat]
        places: list[int | list[Card]] = [_mask(hands[other]) for other in others]
        lists = [name for name in (declared.stock, *declared.face_down) if name is not None]
        places += [list(cards_in(getattr(self, name))) for name in lists]
        redeal = redeal_hidden(places, hidden, rng)
        copied = copy._hands()
        for other, mask in zip(others, redeal.places, strict=False):
            assert isinstance(mask, int)
            copied[other] = CardSet.from_mask(mask) if isinstance(hands[other], CardSet) \
                else CardSet.from_mask(mask).to_list()
        for name, cards in zip(lists, redeal.places[len(others):], strict=True):
            setattr(copy, name, _like(getattr(self, name), cards))
        copy.deck = copy.stacked = tuple(redeal.relabel.get(card, card) for card in self.deck)
        copy.redealt(self)
        return copy

    def _determinize_copies(self, seat: int, copy: Self, rng: random.Random) -> Self:
        """:meth:`determinize` with copies: each place's hidden copies exactly (a hand's seen
        copies stay), dealt again by :func:`~cardkit.sampling.redeal_hidden_copies`."""
        declared = self.ZONES
        hands = self._hands()
        lists = [name for name in (declared.stock, *declared.face_down) if name is not None]
        places: list[CardMultiset | CardSet | list[Card]] = [
            list(cards_in(getattr(self, name))) for name in lists]
        parts: list[CardMultiset | CardSet] = [CardMultiset(place) for place in places]
        others = [other for other in range(len(hands)) if other != seat]
        if self.result is None:
            for other in others:
                hand = _multiset(hands[other])
                places.append(hand)
                parts.append(hand - self._seen_of(other))
        if not any(parts):
            return copy
        redeal = redeal_hidden_copies(places, parts, rng)
        for name, cards in zip(lists, redeal.places, strict=False):
            setattr(copy, name, _like(getattr(self, name), cards))
        if self.result is None:
            copied = copy._hands()
            for other, hand in zip(others, redeal.places[len(lists):], strict=True):
                copied[other] = _like(hands[other], hand)
        copy.deck = copy.stacked = relabel_deck(self.deck, redeal)
        copy.redealt(self)
        return copy


def _like(original: Any, cards: Any) -> Any:
    """``cards`` (a list) in the shape of the place's ``original`` value."""
    if isinstance(original, CardMultiset):
        return CardMultiset(cards)
    if isinstance(cards, CardMultiset):
        return list(cards) if isinstance(original, list) else cards
    if isinstance(original, CardSet):
        return CardSet(cards)
    if isinstance(original, Card) or original is None:
        return cards[0] if cards else None
    return list(cards)
