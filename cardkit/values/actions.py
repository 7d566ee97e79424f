"""Actions: small immutable values with a canonical text.

An action is a *kind* (``draw``, ``discard``, ``spread``, ``hit``, ``play`` …), an optional
one-word *option* (``stock`` in ``draw stock``, ``upcard`` in ``take upcard``), the cards it moves
and an optional numeric *target* (the meld number in ``hit 4C 1``). A wild card may carry the
card it is declared to stand for (``X1=6H``).

``str(action)`` is the canonical text: ``kind [option] [cards…] [target]``, cards in rank-then-suit
order of what they represent. :func:`parse_action` reads text back (case-insensitive, ``10`` or
``T``, unicode suits, cards in any order), so ``parse_action(str(a)) == a`` for every action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from cardkit.values.cards import ALL_CARDS, Card, card_tuple

__all__ = ["Action", "parse_action"]


def _declared_for(card: Card, declared: tuple[tuple[Card, Card], ...]) -> Card:
    for wild, identity in declared:
        if wild is card:
            return identity
    return card


# Each card's place in action texts (rank, then suit, jokers last: ``Card.sort_key`` and then the
# index, as one int), by card index: most actions declare no wild, and sorting their cards with
# this table costs a fraction of computing the sort keys.
_TEXT_ORDER = tuple(100 * card.sort_key[0] + card.sort_key[1] for card in ALL_CARDS)


def _text_order(card: Card) -> int:
    return _TEXT_ORDER[card.index]


def _as_card(item: object) -> Card:
    """An action's card given as a card or as its text (``"AS"``); anything else refused."""
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        return Card.parse(item)  # ValueError naming the text when it is no card
    raise TypeError(f"an action's cards are cards (Card.parse('AS')) or card texts ('AS'), "
                    f"not {type(item).__name__} {item!r:.40}")


def _normalise_cards(action: Action) -> None:
    cards = action.cards
    if len(cards) == 1:
        if type(cards[0]) is not Card:
            object.__setattr__(action, "cards", (_as_card(cards[0]),))
        return
    if len(cards) > 1:
        if not action.declared:
            try:
                ordered = tuple(sorted(cards, key=_text_order))
            except (AttributeError, TypeError):  # not cards: the sort read their "index"
                ordered = tuple(sorted(map(_as_card, cards), key=_text_order))
            object.__setattr__(action, "cards", ordered)
            return
        if not all(type(card) is Card for card in cards):
            object.__setattr__(action, "cards", tuple(map(_as_card, cards)))
        ordered = tuple(
            sorted(action.cards, key=lambda card: (_declared_for(card, action.declared).sort_key,
                                                   card.index))
        )
        object.__setattr__(action, "cards", ordered)


def _declared_pairs(pairs: Iterable[tuple[Card, Card]]) -> tuple[tuple[Card, Card], ...]:
    """(wild card, what it stands for) pairs in the order of the wild cards (copies of one wild
    card, from two decks, in the order of what they stand for)."""
    return tuple(sorted(pairs, key=lambda pair: pair[0].index << 6 | pair[1].index))


def _card_pairs(action: Action) -> list[tuple[Card, Card]]:
    """(card, what it stands for) for each card of ``action``: each copy of a declared wild
    card takes the next identity declared for that card."""
    declared = action.declared
    if not declared:
        return [(card, card) for card in action.cards]
    queues: dict[Card, list[Card]] = {}
    for wild, identity in reversed(declared):
        queues.setdefault(wild, []).append(identity)
    pairs = []
    for card in action.cards:
        queue = queues.get(card)
        pairs.append((card, queue.pop() if queue else card))
    return pairs


@attrs.frozen(cache_hash=True)
class Action:
    """One move. Build with keywords, e.g. ``Action("discard", cards=(Card.parse("KH"),))``
    (card texts are read as cards: ``cards=("KH",)``), or from text with :func:`parse_action`.
    Card order does not matter: it is normalised. A card that is neither a card nor a card's
    text is refused when the action is built (``ValueError`` or ``TypeError``)."""

    kind: str
    option: str | None = None
    cards: tuple[Card, ...] = attrs.field(default=(), converter=card_tuple)
    target: int | None = None
    declared: tuple[tuple[Card, Card], ...] = attrs.field(
        default=(), converter=_declared_pairs,
        metadata={"declared_identities": True},
    )
    # The canonical text, built on first use (logs and views ask for it again and again).
    _text: str | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _normalise_cards(self)

    @classmethod
    def of_cards(cls, kind: str, cards: Iterable[Card]) -> Action:
        """``Action(kind, cards=cards)`` for plain :class:`Card` values (no option, target or
        declared wild card), built without attrs' per-field converters: what a game that lists
        many moves (every combination of a climbing hand) makes by the thousand. Equal to the
        action built the usual way."""
        action = _new_object(cls)
        _set_kind(action, kind)
        _set_option(action, None)
        _set_cards(action, tuple(sorted(cards, key=_text_order)))
        _set_target(action, None)
        _set_declared(action, ())
        _set_text(action, None)
        _set_hash(action, None)
        return action

    @property
    def card(self) -> Card:
        """The action's only card (for ``discard KH``, ``knock KH``, ``hit 4C 1``)."""
        if len(self.cards) != 1:
            raise ValueError(f"{self} does not name exactly one card")
        return self.cards[0]

    def declared_as(self, card: Card) -> Card:
        """What ``card`` stands for in this action (itself unless it is a declared wild; the
        first identity declared for it when copies of one wild card are declared)."""
        return _declared_for(card, self.declared)

    def identities(self) -> list[tuple[Card, Card]]:
        """Each card of the action with what it stands for, copies of one wild card each with
        its own declared identity."""
        return _card_pairs(self)

    def __str__(self) -> str:
        if self._text is None:
            object.__setattr__(self, "_text", self.text())
        return self._text  # type: ignore[return-value]

    def __repr__(self) -> str:
        # the text a player types, which parses back to this action: readable in lists
        return f"Action({str(self)!r})"

    def text(self, card_order: Callable[[Card], Any] | None = None) -> str:
        """The action as text; ``card_order`` (a sort key on what each card stands for) lists
        the cards in a game's own order for display (``play QS KS AH`` rather than the canonical
        ``play AH QS KS``). Every order parses back to the same action."""
        pairs = _card_pairs(self)
        if card_order is not None:
            pairs.sort(key=lambda pair: card_order(pair[1]))
        elif self.declared:
            pairs.sort(key=lambda pair: (pair[1].sort_key, pair[0].index))
        words = [self.kind]
        if self.option is not None:
            words.append(self.option)
        for card, identity in pairs:
            words.append(card.text if identity is card else f"{card.text}={identity.text}")
        if self.target is not None:
            words.append(str(self.target))
        return " ".join(words)


# ``Action.of_cards`` sets the slots through their descriptors (attrs' frozen ``__setattr__``
# refuses plain assignment).
_new_object = object.__new__
(_set_kind, _set_option, _set_cards, _set_target, _set_declared, _set_text, _set_hash) = (
    Action.__dict__[name].__set__
    for name in ("kind", "option", "cards", "target", "declared", "_text", "_attrs_cached_hash"))


def parse_action(text: str) -> Action:
    """Read an action from text. Raises ``ValueError`` with a one-line reason on bad input."""
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise ValueError("empty move: type a move, or its number")
    kind = tokens[0].lower()
    if not kind.isalpha() and "_" not in kind:
        raise ValueError(
            f"{tokens[0]!r} is not a move: a move starts with a word like draw or play"
        )
    option: str | None = None
    target: int | None = None
    cards: list[Card] = []
    declared: list[tuple[Card, Card]] = []
    for token in tokens[1:]:
        if "=" in token:
            wild_text, _, identity_text = token.partition("=")
            wild = Card.parse(wild_text)
            declared.append((wild, Card.parse(identity_text)))
            cards.append(wild)
        elif token.isdigit():
            if len(token) > 6:  # no table holds a million melds (and int() of 5,000 digits fails)
                raise ValueError(f"{token[:12]}... is not a meld number")
            if target is not None:
                raise ValueError(f"{text.strip()!r}: more than one number")
            target = int(token)
        else:
            try:
                cards.append(Card.parse(token))
            except ValueError:
                if not token.isalpha() or option is not None or cards:
                    raise
                option = token.lower()
    # a card named twice is a copy (two decks): the state refuses more copies than its deck
    # holds (State.parse)
    return Action(kind, option, tuple(cards), target, tuple(declared))
