"""Cards and card sets.

A card is one of 54 interned values: the 52 cards of a standard deck and two jokers. Each card
has a fixed *index* and a one-bit *mask*; a :class:`CardSet` is an immutable set of cards stored
as the bitwise OR of their masks, so set algebra is integer arithmetic.

Index layout (suit-major, so a suit's 13 cards are one contiguous 13-bit field)::

    index = SUIT_INDEX * 13 + (rank - 1)      clubs 0-12, diamonds 13-25, hearts 26-38, spades 39-51
    X1 = 52, X2 = 53                           the two jokers

``mask >> (13 * suit) & 0x1FFF`` is therefore the ranks held in one suit (bit 0 = ace), which is
what run-finding tables are indexed by.

Copies (two or more decks) are held by :class:`CardMultiset`, a multiset of the same cards kept
as *count planes*: plane ``k`` is the mask of the cards held at least ``k + 1`` times, so union,
difference and "holds n copies" stay integer arithmetic on the same bit layout. A card's text
never says which physical copy it is: identical copies are interchangeable.

Text forms: ``str(card)`` is the canonical text (``10H``, ``QS``, ``AC``, ``X1``);
``card.unicode`` is the display form (``10♥``). Parsing is case-insensitive and accepts ``10``
or ``T``, letter or unicode suits, and ``X1``/``X2`` (also ``JK1``/``JK2``) for jokers.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, TypeVar, cast

__all__ = [
    "ALL_CARDS",
    "JOKERS",
    "STANDARD_CARDS",
    "Card",
    "CardMultiset",
    "CardSet",
    "Rank",
    "Suit",
    "add_cards",
    "card_mask",
    "card_tuple",
    "cards_of_mask",
    "format_cards",
    "parse_cards",
    "remove_cards",
]


class Suit(enum.IntEnum):
    """The four suits, numbered in bridge order (the numbering fixes the bit layout only;
    games that rank suits declare their own order)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card text: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's unicode symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(enum.IntEnum):
    """The thirteen ranks, ace = 1 up to king = 13 (games that put the ace high, or rank 2s on
    top, map ranks to their own order)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        """The rank's canonical text: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_TEXT[self]


_RANK_TEXT = {
    1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K",
}
_RANK_BY_TEXT = {text: Rank(value) for value, text in _RANK_TEXT.items()}
_RANK_BY_TEXT["T"] = Rank.TEN
_RANK_BY_TEXT["1"] = Rank.ACE  # "1H" is a common way to type the ace
_SUIT_BY_TEXT = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}
JOKER_BASE_INDEX = 52


class Card:
    """One playing card. Cards are interned: there is exactly one object per card, so ``is``
    and ``==`` agree, and hashing is the card's index.

    Build cards with :meth:`Card.of`, :meth:`Card.parse` or :meth:`Card.from_index`.
    """

    __slots__ = ("_hash", "index", "is_joker", "mask", "rank", "suit")

    index: int
    mask: int
    _hash: int
    rank: Rank | None
    suit: Suit | None
    is_joker: bool

    def __init__(self, index: int) -> None:  # only called while building the table below
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "mask", 1 << index)
        object.__setattr__(self, "_hash", index)
        if index >= JOKER_BASE_INDEX:
            object.__setattr__(self, "rank", None)
            object.__setattr__(self, "suit", None)
            object.__setattr__(self, "is_joker", True)
        else:
            object.__setattr__(self, "rank", Rank(index % 13 + 1))
            object.__setattr__(self, "suit", Suit(index // 13))
            object.__setattr__(self, "is_joker", False)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Unpickle to the interned object so identity survives worker processes.
        return (Card.from_index, (self.index,))

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    @property
    def sort_key(self) -> tuple[int, int]:
        """Rank, then suit (jokers last): the order cards are written in action texts."""
        if self.is_joker:
            return (99, self.index)
        return (int(self.rank), int(self.suit))  # type: ignore[arg-type]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0-51 standard cards, 52-53 jokers)."""
        return ALL_CARDS[index]

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        """The card of this rank (1-13) and suit."""
        return ALL_CARDS[int(suit) * 13 + int(rank) - 1]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse one card: ``7H``, ``10d``, ``Th``, ``q♠``, ``X1``. Raises ``ValueError`` naming
        the token when it is not a card."""
        token = text.strip().upper()
        card = _PARSE_TABLE.get(token)
        if card is None:
            raise ValueError(
                f"{text.strip()!r} is not a card: write rank then suit, like 7H, 10D, TD, QS, AC "
                f"(or X1, X2 for jokers)"
            )
        return card

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self.index]})"

    @property
    def text(self) -> str:
        """The canonical text, the same as ``str(card)``."""
        return _TEXT[self.index]

    @property
    def unicode(self) -> str:
        """Display form with a suit symbol, e.g. ``10♥``; jokers show as ``🃏1``/``🃏2``."""
        if self.is_joker:
            return f"🃏{self.index - JOKER_BASE_INDEX + 1}"
        return f"{self.rank.text}{self.suit.symbol}"  # type: ignore[union-attr]


ALL_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(54))
STANDARD_CARDS: tuple[Card, ...] = ALL_CARDS[:52]
JOKERS: tuple[Card, ...] = ALL_CARDS[52:]

_TEXT = tuple(
    f"{_RANK_TEXT[i % 13 + 1]}{'CDHS'[i // 13]}" if i < 52 else f"X{i - 51}" for i in range(54)
)
_PARSE_TABLE: dict[str, Card] = {}
for _card in STANDARD_CARDS:
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank != _card.rank:
            continue
        for _suit_text, _suit in _SUIT_BY_TEXT.items():
            if _suit == _card.suit:
                _PARSE_TABLE[f"{_rank_text}{_suit_text}"] = _card
for _number, _joker in enumerate(JOKERS, start=1):
    for _prefix in ("X", "JK", "JOKER"):
        _PARSE_TABLE[f"{_prefix}{_number}"] = _joker


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas, keeping the order given (a stacked deck needs
    it): ``parse_cards("7H 10d TH qs A♣ X1")``. A bad token raises ``ValueError`` naming it."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(token) for token in tokens]


def card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards as a tuple: the typed converter for attrs fields that hold cards."""
    return tuple(cards)


def card_mask(cards: Iterable[Card]) -> int:
    """The bitmask of an iterable of cards (or the mask of a :class:`CardSet`)."""
    if isinstance(cards, CardSet):
        return cards.mask
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def format_cards(cards: Iterable[Card], unicode: bool = False) -> str:
    """Cards as space-separated text, in the order given."""
    return " ".join(card.unicode if unicode else card.text for card in cards)


def _cards_of_mask(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield ALL_CARDS[low.bit_length() - 1]
        mask ^= low


def cards_of_mask(mask: int) -> list[Card]:
    """The cards of a bitmask, in index order (for games that keep hands as plain ints)."""
    return list(_cards_of_mask(mask))


class CardSet:
    """An immutable set of cards backed by an int bitmask.

    Supports ``|``, ``&``, ``-``, ``^``, ``in``, ``len``, ``<=``/``<`` (subset), hashing and
    equality. Iteration is in index order: clubs A-K, diamonds, hearts, spades, then jokers.
    Construct from any iterable of cards, from card text (``CardSet("7H 8H 9H")``), or from a
    mask with :meth:`from_mask`.
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] | str = ()) -> None:
        if isinstance(cards, str):
            cards = parse_cards(cards)
        object.__setattr__(self, "mask", card_mask(cards))

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """The set whose bitmask is ``mask``."""
        cardset = _new_object(cls)
        _set_mask(cardset, mask)
        return cardset

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("card sets are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (CardSet.from_mask, (self.mask,))

    def __iter__(self) -> Iterator[Card]:
        return _cards_of_mask(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self.mask == other.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet.from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __lt__(self, other: CardSet) -> bool:
        return self.mask != other.mask and self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        return other <= self

    def __gt__(self, other: CardSet) -> bool:
        return other < self

    def add(self, card: Card) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet.from_mask(self.mask | card.mask)

    def remove(self, card: Card) -> CardSet:
        """A new set without ``card``; ``KeyError`` if it is not in the set."""
        if not self.mask & card.mask:
            raise KeyError(card)
        return CardSet.from_mask(self.mask & ~card.mask)

    def isdisjoint(self, other: CardSet) -> bool:
        """True when the sets share no card."""
        return not self.mask & other.mask

    def to_list(self) -> list[Card]:
        """The cards as a list, in index order."""
        return list(_cards_of_mask(self.mask))

    def sorted(self, key: Callable[[Card], Any] | None = None) -> list[Card]:
        """The cards sorted by ``key`` (default: rank, then suit)."""
        return sorted(self, key=key or (lambda card: card.sort_key))

    def in_suit(self, suit: Suit) -> int:
        """The 13-bit rank mask of this set's cards in ``suit`` (bit 0 = ace)."""
        return (self.mask >> (13 * suit)) & 0x1FFF

    def __str__(self) -> str:
        return format_cards(self.sorted())

    def __repr__(self) -> str:
        return f"CardSet({format_cards(self.sorted())!r})"


# ``from_mask`` is called for every hand change in every simulated turn: the slot's own setter
# and ``object.__new__`` looked up once cost about half of ``cls.__new__`` plus
# ``object.__setattr__`` (the class refuses ordinary attribute assignment).
_new_object = object.__new__
_set_mask = CardSet.__dict__["mask"].__set__


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The planes of the sum of two multisets (counts added)."""
    if not b:
        return a
    if not a:
        return b
    la = len(a)
    lb = len(b)
    planes = []
    for k in range(la + lb):
        plane = (a[k] if k < la else 0) | (b[k] if k < lb else 0)
        # held k+1 times: i copies from a and k+1-i from b
        for i in range(max(1, k + 1 - lb), min(k, la) + 1):
            plane |= a[i - 1] & b[k - i]
        if not plane:
            break  # planes nest: none above an empty one
        planes.append(plane)
    return tuple(planes)


def _minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The planes of ``a`` less ``b`` (counts subtracted, never below zero)."""
    if not b:
        return a
    la = len(a)
    lb = len(b)
    planes = []
    for k in range(la):
        # a card left k+1 times: held exactly j times in b and k+1+j times in a
        plane = a[k] & ~b[0]
        for j in range(1, lb + 1):
            if k + j >= la:
                break
            plane |= a[k + j] & b[j - 1] & ~(b[j] if j < lb else 0)
        if not plane:
            break
        planes.append(plane)
    return tuple(planes)


def _trim(planes: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    end = len(planes)
    while end and not planes[end - 1]:
        end -= 1
    return tuple(planes[:end])


def _planes_of(cards: object) -> tuple[int, ...]:
    """The count planes of a multiset, a set, or any iterable of cards."""
    if type(cards) is CardMultiset:
        return cards.planes
    if type(cards) is CardSet:
        return (cards.mask,) if cards.mask else ()
    if isinstance(cards, str):
        cards = parse_cards(cards)
    planes: list[int] = []
    for card in cards:  # type: ignore[attr-defined]
        bit = card.mask
        for k, plane in enumerate(planes):
            if not plane & bit:
                planes[k] = plane | bit
                break
        else:
            planes.append(bit)
    return tuple(planes)


class CardMultiset:
    """An immutable multiset of cards: the card set of a game played with copies (two or more
    decks, more than two jokers).

    Kept as *count planes* (:attr:`planes`): plane ``k`` is the bitmask (the :class:`CardSet`
    layout) of the cards held at least ``k + 1`` times, so each plane lies inside the one
    before. The algebra is the one of :class:`collections.Counter`: ``+`` adds counts (a hand
    that draws a card), ``-`` subtracts them (never below zero), ``|`` keeps the larger count
    and ``&`` the smaller; ``<=`` is "every card held at most as often". ``len`` counts copies,
    ``in`` asks for one copy, :meth:`count` and :meth:`at_least` ask for more. Iteration is in
    index order (clubs A-K, diamonds, hearts, spades, jokers), copies side by side.

    A set of cards (:class:`CardSet`) may stand on the right of any operator. Construct from any
    iterable of cards (repeats are copies), from card text (``CardMultiset("7H 7H 8H")``), or
    from planes with :meth:`from_planes`.
    """

    __slots__ = ("planes",)

    planes: tuple[int, ...]

    def __init__(self, cards: Iterable[Card] | str = ()) -> None:
        object.__setattr__(self, "planes", _planes_of(cards))

    @classmethod
    def from_planes(cls, planes: Iterable[int]) -> CardMultiset:
        """The multiset whose count planes are ``planes`` (plane ``k``: the mask of the cards
        held at least ``k + 1`` times). ``ValueError`` when a plane is not inside the one
        before."""
        planes = _trim(list(planes))
        for k in range(1, len(planes)):
            if planes[k] & ~planes[k - 1]:
                raise ValueError(f"count plane {k} holds cards plane {k - 1} lacks")
        return _multiset(planes)

    @classmethod
    def from_counts(cls, counts: Mapping[Card, int]) -> CardMultiset:
        """The multiset holding each card ``counts[card]`` times (``ValueError`` for a negative
        count)."""
        planes: list[int] = []
        for card, number in counts.items():
            if number < 0:
                raise ValueError(f"{card} cannot be held {number} times")
            while len(planes) < number:
                planes.append(0)
            for k in range(number):
                planes[k] |= card.mask
        return _multiset(_trim(planes))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("card multisets are immutable")

    def __reduce__(self) -> tuple[object, tuple[tuple[int, ...]]]:
        return (CardMultiset.from_planes, (self.planes,))

    def __iter__(self) -> Iterator[Card]:
        planes = self.planes
        if not planes:
            return
        for card in _cards_of_mask(planes[0]):
            bit = card.mask
            for plane in planes:
                if not plane & bit:
                    break
                yield card

    def __len__(self) -> int:
        return sum(plane.bit_count() for plane in self.planes)

    def __bool__(self) -> bool:
        return bool(self.planes)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.planes) and bool(self.planes[0] & card.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardMultiset) and self.planes == other.planes

    def __hash__(self) -> int:
        return hash(("CardMultiset", self.planes))

    def __add__(self, other: CardMultiset | CardSet) -> CardMultiset:
        return _multiset(_plus(self.planes, _planes_of(other)))

    __radd__ = __add__

    def __sub__(self, other: CardMultiset | CardSet) -> CardMultiset:
        return _multiset(_minus(self.planes, _planes_of(other)))

    def __rsub__(self, other: CardSet) -> CardMultiset:
        return _multiset(_minus(_planes_of(other), self.planes))

    def __or__(self, other: CardMultiset | CardSet) -> CardMultiset:
        a = self.planes
        b = _planes_of(other)
        if len(a) < len(b):
            a, b = b, a
        return _multiset(tuple(plane | (b[k] if k < len(b) else 0) for k, plane in enumerate(a)))

    __ror__ = __or__

    def __and__(self, other: CardMultiset | CardSet) -> CardMultiset:
        b = _planes_of(other)
        return _multiset(_trim([x & y for x, y in zip(self.planes, b, strict=False)]))

    __rand__ = __and__

    def __le__(self, other: CardMultiset | CardSet) -> bool:
        b = _planes_of(other)
        return len(self.planes) <= len(b) and all(
            not x & ~y for x, y in zip(self.planes, b, strict=False))

    def __lt__(self, other: CardMultiset | CardSet) -> bool:
        return self <= other and self.planes != _planes_of(other)

    def __ge__(self, other: CardMultiset | CardSet) -> bool:
        return _multiset(_planes_of(other)) <= self

    def __gt__(self, other: CardMultiset | CardSet) -> bool:
        return _multiset(_planes_of(other)) < self

    @property
    def copies(self) -> int:
        """The most copies of any one card held (0 when empty)."""
        return len(self.planes)

    def count(self, card: Card) -> int:
        """How many copies of ``card`` are held."""
        bit = card.mask
        number = 0
        for plane in self.planes:
            if not plane & bit:
                break
            number += 1
        return number

    def at_least(self, copies: int) -> CardSet:
        """The cards held at least ``copies`` times (``at_least(1)``: every card held)."""
        if copies <= 0:
            raise ValueError(f"at_least needs a number of copies >= 1, not {copies}")
        planes = self.planes
        return CardSet.from_mask(planes[copies - 1] if copies <= len(planes) else 0)

    def distinct(self) -> CardSet:
        """The cards held, each once."""
        return CardSet.from_mask(self.planes[0] if self.planes else 0)

    def counts(self) -> dict[Card, int]:
        """Each card held and its number of copies, in index order."""
        return {card: self.count(card) for card in self.distinct()}

    def add(self, card: Card, copies: int = 1) -> CardMultiset:
        """A new multiset with ``copies`` more copies of ``card``."""
        return _multiset(_plus(self.planes, (card.mask,) * copies))

    def remove(self, card: Card, copies: int = 1) -> CardMultiset:
        """A new multiset with ``copies`` fewer copies of ``card``; ``KeyError`` if fewer are
        held."""
        if self.count(card) < copies:
            raise KeyError(card)
        return _multiset(_minus(self.planes, (card.mask,) * copies))

    def isdisjoint(self, other: CardMultiset | CardSet) -> bool:
        """True when the two share no card."""
        b = _planes_of(other)
        return not (self.planes and b and self.planes[0] & b[0])

    def to_list(self) -> list[Card]:
        """The cards as a list, in index order, copies side by side."""
        return list(self)

    def sorted(self, key: Callable[[Card], Any] | None = None) -> list[Card]:
        """The cards sorted by ``key`` (default: rank, then suit)."""
        return sorted(self, key=key or (lambda card: card.sort_key))

    def in_suit(self, suit: Suit, copies: int = 1) -> int:
        """The 13-bit rank mask of the cards of ``suit`` held at least ``copies`` times."""
        return (self.at_least(copies).mask >> (13 * suit)) & 0x1FFF

    def as_cardset(self) -> CardSet:
        """The same cards as a :class:`CardSet`; ``ValueError`` when a card is held twice."""
        if len(self.planes) > 1:
            twice = format_cards(self.at_least(2).sorted())
            raise ValueError(f"a card set holds each card once; this holds {twice} twice")
        return self.distinct()

    def __str__(self) -> str:
        return format_cards(self.sorted())

    def __repr__(self) -> str:
        return f"CardMultiset({format_cards(self.sorted())!r})"


def _multiset(planes: tuple[int, ...]) -> CardMultiset:
    multiset = _new_object(CardMultiset)
    _set_planes(multiset, planes)
    return multiset


_set_planes = CardMultiset.__dict__["planes"].__set__


Hand = TypeVar("Hand", bound=CardSet | CardMultiset)


def add_cards(hand: Hand, cards: Iterable[Card]) -> Hand:
    """``hand`` with ``cards`` added, of the same kind: a :class:`CardSet` (one deck) or a
    :class:`CardMultiset` (copies: a card taken twice is held twice). Game code written with it
    plays with one deck or several alike."""
    if isinstance(hand, CardMultiset):
        return cast(Hand, hand + CardMultiset(cards))
    return cast(Hand, CardSet.from_mask(hand.mask | card_mask(cards)))


def remove_cards(hand: Hand, cards: Iterable[Card]) -> Hand:
    """``hand`` less ``cards``, of the same kind (with copies, one copy per card named: a meld
    of ``7H 7H 7S`` takes two 7H); cards not held are ignored, as by ``-``."""
    if isinstance(hand, CardMultiset):
        return cast(Hand, hand - CardMultiset(cards))
    return cast(Hand, CardSet.from_mask(hand.mask & ~card_mask(cards)))
