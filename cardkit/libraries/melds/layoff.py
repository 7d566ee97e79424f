"""Lay-offs (hits): one card joining a meld on the table, and the defender's best showdown.

With copies (two or more decks) a card may join a set already holding its twin where the rules
allow duplicates (``MeldRules.set_duplicates``), a wild card may join a meld holding another copy
of it, and ``MeldRules.max_wild`` caps the wild cards of a meld; :func:`best_with_layoffs` takes
a :class:`~cardkit.cards.CardMultiset` hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from cardkit.libraries.melds.arrange import best_arrangement, hand_score
from cardkit.libraries.melds.arrangement import hand_bits
from cardkit.libraries.melds.copies import copies_score
from cardkit.libraries.melds.meld import RUN, SET, LayoffResult, Meld
from cardkit.libraries.melds.rules import DEFAULT_RULES, MeldRules
from cardkit.libraries.melds.tables import COUNT_SHIFT, meld_tables
from cardkit.values.cache import BoundedCache
from cardkit.values.cards import ALL_CARDS, Card, CardMultiset, CardSet

__all__ = ["best_with_layoffs", "can_lay_off", "lay_off", "layoff_chains", "layoff_identities",
           "layoff_positions"]

LOW = "low"
HIGH = "high"


def _run_ends(meld: Meld, rules: MeldRules) -> tuple[int | None, int | None]:
    """The ranks just below and just above a run in the rules' run order (None: no such rank)."""
    return meld_tables(rules).window_ends(int(meld.represents[0].rank or 0), len(meld.represents))


def _set_fits(meld: Meld, rules: MeldRules) -> bool:
    size = len(meld) + 1
    return size in rules.set_sizes and size <= rules.max_set


def _wild_fits(meld: Meld, rules: MeldRules) -> bool:
    """Another wild card may join ``meld`` (``max_wild``; the natural cards it needs)."""
    wilds = sum(1 for card in meld.cards if card in rules.wild)
    if rules.max_wild is not None and wilds + 1 > rules.max_wild:
        return False
    return len(meld) - wilds >= rules.min_natural


def _free_suits(meld: Meld, rules: MeldRules) -> list[int]:
    """The suits a card joining the set ``meld`` may stand for: the missing ones, or (sets
    with duplicates, all four held) every suit."""
    used = {identity.suit for identity in meld.represents}
    free = [suit for suit in range(4) if suit not in used]
    return free if free or not rules.set_duplicates else [0, 1, 2, 3]


def layoff_positions(card: Card, meld: Meld, rules: MeldRules = DEFAULT_RULES) -> list[str]:
    """Where ``card`` can join ``meld``: ``[]`` (it cannot), ``["set"]`` for a set, or the run
    ends ``"low"`` / ``"high"`` it fits (a wild card, or a high-or-low ace, may fit both)."""
    wild = card in rules.wild
    if card in meld.cards and not wild and not (meld.kind == SET and rules.set_duplicates):
        return []
    if card.is_joker and not wild:
        return []
    if wild and not _wild_fits(meld, rules):
        return []
    if meld.kind == SET:
        if not _set_fits(meld, rules):
            return []
        if wild:
            return [SET]
        suits = {identity.suit for identity in meld.represents}
        return [SET] if card.rank == meld.rank and (
            card.suit not in suits or rules.set_duplicates) else []
    below, above = _run_ends(meld, rules)
    suit = meld.suit
    ends = []
    if below is not None and (wild or (card.suit == suit and card.rank == below)):
        ends.append(LOW)
    if above is not None and (wild or (card.suit == suit and card.rank == above)):
        ends.append(HIGH)
    return ends


def layoff_identities(card: Card, meld: Meld, rules: MeldRules = DEFAULT_RULES) -> list[Card]:
    """What ``card`` may stand for when laid off on ``meld``: ``[card]`` for a natural card that
    fits, every card that fits for a wild card (a set's missing suits in suit order; a run's
    card below it, then the one above), ``[]`` when it does not fit. A move generator that lets
    the player declare a wild card's identity offers one move per entry.

    >>> from cardkit.cards import parse_cards
    >>> from cardkit.melds import MeldRules, classify
    >>> rules = MeldRules(wild=("X1",))
    >>> run = classify(parse_cards("5H 6H 7H"), rules)
    >>> [str(card) for card in layoff_identities(Card.parse("X1"), run, rules)]
    ['4H', '8H']
    >>> [str(card) for card in layoff_identities(Card.parse("8H"), run, rules)]
    ['8H']
    """
    if card not in rules.wild:
        # the common case first: a natural card of another rank (set) or suit (run)
        first = meld.represents[0]
        if card.is_joker or (card.rank != first.rank if meld.kind == SET
                             else card.suit != first.suit):
            return []
        return [card] if layoff_positions(card, meld, rules) else []
    ends = layoff_positions(card, meld, rules)
    if not ends:
        return []
    if meld.kind == SET:
        return [Card.of(meld.rank, suit)  # type: ignore[arg-type]
                for suit in _free_suits(meld, rules)]
    below, above = _run_ends(meld, rules)
    return [Card.of(below if end == LOW else above, meld.suit)  # type: ignore[arg-type]
            for end in ends]


def can_lay_off(card: Card, meld: Meld, rules: MeldRules = DEFAULT_RULES) -> bool:
    """True when ``card`` can join ``meld`` (see :func:`layoff_positions`)."""
    return bool(layoff_positions(card, meld, rules))


def lay_off(
    meld: Meld,
    card: Card,
    rules: MeldRules = DEFAULT_RULES,
    end: str | None = None,
    declared: Card | None = None,
    sort_set: bool = True,
) -> Meld:
    """A new meld: ``meld`` with ``card`` added.

    For a run, ``end`` (``"low"``/``"high"``) picks the end when the card fits both (a wild
    card, or a high-or-low ace on a 2..K run); a wild card may instead be given its identity with
    ``declared``. On a set a wild card takes the first free suit unless ``declared``; the set
    stays in suit order, or (``sort_set=False``) the card goes last, in the order cards were laid
    (as Tonk shows its books). Raises ``ValueError`` saying why when the card cannot go there.
    """
    ends = layoff_positions(card, meld, rules)
    if not ends:
        raise ValueError(f"{card} cannot be laid off on {meld}")
    wild = card in rules.wild
    if declared is not None and not wild and declared is not card:
        raise ValueError(f"{card} is not wild, it cannot stand for {declared}")
    if meld.kind == SET:
        if end not in (None, SET):
            raise ValueError(f"{meld} is a set: it has no {end!r} end")
        free = _free_suits(meld, rules)
        if not wild:
            identity = card
        elif declared is not None:
            if declared.rank != meld.rank or declared.suit not in free:
                raise ValueError(f"{card} cannot stand for {declared} in {meld}")
            identity = declared
        else:
            identity = Card.of(meld.rank, free[0])  # type: ignore[arg-type]
        pairs = [*zip(meld.cards, meld.represents, strict=True), (card, identity)]
        if sort_set:
            pairs.sort(key=lambda pair: pair[1].suit)  # type: ignore[arg-type, return-value]
        return Meld(SET, tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))
    below, above = _run_ends(meld, rules)
    suit = meld.suit
    if declared is not None:
        if declared.is_joker or declared.suit != suit:
            raise ValueError(f"{card} cannot stand for {declared} on {meld}")
        fits = [e for e in ends if (below if e == LOW else above) == declared.rank]
        if not fits or (end is not None and end not in fits):
            raise ValueError(f"{card} as {declared} does not extend {meld}")
        ends = fits
    if end is not None:
        if end not in (LOW, HIGH):
            raise ValueError(f"a run end is 'low' or 'high', not {end!r}")
        if end not in ends:
            raise ValueError(f"{card} cannot go at the {end} end of {meld}")
        ends = [end]
    if len(ends) > 1:
        raise ValueError(f"{card} fits both ends of {meld}: say end='low' or end='high'")
    rank = below if ends[0] == LOW else above
    identity = Card.of(rank, suit)  # type: ignore[arg-type]
    if ends[0] == LOW:
        return Meld(RUN, (card, *meld.cards), (identity, *meld.represents))
    return Meld(RUN, (*meld.cards, card), (*meld.represents, identity))


# --- the defender's best showdown ------------------------------------------------------------


def _next_identity(meld: Meld, end: str, rules: MeldRules) -> Card | None:
    below, above = _run_ends(meld, rules)
    rank = below if end == LOW else above
    return None if rank is None else Card.of(rank, meld.suit)  # type: ignore[arg-type]


def _chains(
    meld: Meld, rem: int, end: str, rules: MeldRules, wildmask: int
) -> list[tuple[Meld, int, list[Card]]]:
    """Every chain of lay-offs at one end of a run: (meld after, cards left, cards laid)."""
    out: list[tuple[Meld, int, list[Card]]] = [(meld, rem, [])]
    identity = _next_identity(meld, end, rules)
    if identity is None:
        return out
    step = []
    if rem & identity.mask and not identity.mask & wildmask:
        step.append(identity)
    wild = rem & wildmask
    if wild:
        step.append(ALL_CARDS[(wild & -wild).bit_length() - 1])  # wilds are interchangeable
    for card in step:
        grown = lay_off(meld, card, rules, end=end, declared=identity)
        for after, left, laid in _chains(grown, rem & ~card.mask, end, rules, wildmask):
            out.append((after, left, [card, *laid]))
    return out


def _options(
    meld: Meld, rem: int, rules: MeldRules, wildmask: int
) -> list[tuple[Meld, int, list[Card]]]:
    """Every way to lay cards of ``rem`` off on one table meld."""
    if meld.kind == RUN:
        out = []
        for low_meld, low_rem, low_laid in _chains(meld, rem, LOW, rules, wildmask):
            for after, left, laid in _chains(low_meld, low_rem, HIGH, rules, wildmask):
                out.append((after, left, low_laid + laid))
        return out
    out = [(meld, rem, [])]
    used = {identity.suit for identity in meld.represents}
    naturals = [
        ALL_CARDS[13 * s + meld.rank - 1]  # type: ignore[operator]
        for s in range(4)
        if s not in used and rem >> (13 * s + meld.rank - 1) & 1  # type: ignore[operator]
        and not (1 << (13 * s + meld.rank - 1)) & wildmask  # type: ignore[operator]
    ]
    wilds = [card for card in ALL_CARDS if rem & wildmask & card.mask]
    for k in range(1, 5 - len(meld)):
        size = len(meld) + k
        if size not in rules.set_sizes:
            continue
        for n_wild in range(0, min(k, len(wilds)) + 1):
            for chosen in combinations(naturals, k - n_wild):
                laid = [*chosen, *wilds[:n_wild]]
                after = meld
                for card in laid:
                    after = _force_set(after, card, rules)
                left = rem
                for card in laid:
                    left &= ~card.mask
                out.append((after, left, laid))
    return out


def layoff_chains(meld: Meld, hand: CardSet | Iterable[Card] | int,
                  rules: MeldRules = DEFAULT_RULES) -> list[tuple[Meld, tuple[Card, ...]]]:
    """Every way to lay cards of ``hand`` off on ``meld`` in one go, chains included (``6H``
    then ``7H`` on ``3H 4H 5H``; both ends of a run; the missing suits of a set): each is the
    meld after and the cards laid, in the order they are laid. The first is ``(meld, ())``.

    >>> from cardkit.cards import parse_cards
    >>> from cardkit.melds import classify
    >>> run = classify(parse_cards("3H 4H 5H"))
    >>> [" ".join(c.text for c in laid) for _, laid in layoff_chains(run, parse_cards("6H 7H 2H"))]
    ['', '6H', '6H 7H', '2H', '2H 6H', '2H 6H 7H']
    """
    tables = meld_tables(rules)
    bits = hand_bits(hand)
    if isinstance(bits, CardMultiset) or tables.general:
        rem = bits if isinstance(bits, CardMultiset) else CardMultiset(CardSet.from_mask(bits))
        return [(after, tuple(laid)) for after, _, laid in _copy_options(meld, rem, rules)]
    return [(after, tuple(laid))
            for after, _, laid in _options(meld, bits, rules, tables.wildmask)]


def _force_set(meld: Meld, card: Card, rules: MeldRules) -> Meld:
    """Add a card to a set even past an intermediate size that is not allowed."""
    identity = card
    if card in rules.wild:
        identity = Card.of(meld.rank, _free_suits(meld, rules)[0])  # type: ignore[arg-type]
    pairs = sorted(
        [*zip(meld.cards, meld.represents, strict=True), (card, identity)],
        key=lambda pair: pair[1].suit,  # type: ignore[arg-type, return-value]
    )
    return Meld(SET, tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))


def best_with_layoffs(
    hand: CardSet | Iterable[Card] | int,
    table: Sequence[Meld],
    rules: MeldRules = DEFAULT_RULES,
) -> LayoffResult:
    """The defender's least deadwood over every choice of own melds and lay-offs (chains
    included, e.g. ``8H`` then ``9H`` on ``5H 6H 7H``) onto the ``table`` melds. Exact.

    Ties: lowest deadwood value, then fewest deadwood cards, then fewest cards laid off, then
    the first found (table melds in order; for each, shorter chains and the low end first).
    """
    bits = hand_bits(hand)
    tables = meld_tables(rules)
    # sets that take duplicates: a hand without copies may still lay a card's twin off on the
    # table, which only the search over copies considers
    if isinstance(bits, CardMultiset) or tables.general or rules.set_duplicates:
        rem = bits if isinstance(bits, CardMultiset) else CardMultiset(CardSet.from_mask(bits))
        # a player weighs the same hand against the same table again and again (each claim
        # offer, a draw then the discard), and this search is the dearest of a move
        key = (rem, tuple(table), rules)
        found = _COPY_LAYOFFS.get(key)
        if found is None:
            found = _best_with_layoffs_copies(rem, table, rules)
            _COPY_LAYOFFS[key] = found
        return found
    h = bits
    wildmask = tables.wildmask
    best: list = [None]

    def visit(index: int, rem: int, layoffs: list[tuple[Card, int]], after: list[Meld]) -> None:
        if index == len(table):
            key = (hand_score(rem, tables) >> COUNT_SHIFT, len(layoffs))
            if best[0] is None or key < best[0][0]:
                best[0] = (key, rem, list(layoffs), list(after))
            return
        for grown, left, laid in _options(table[index], rem, rules, wildmask):
            layoffs.extend((card, index) for card in laid)
            after.append(grown)
            visit(index + 1, left, layoffs, after)
            after.pop()
            del layoffs[len(layoffs) - len(laid) :]

    visit(0, h, [], [])
    _, rem, layoffs, after = best[0]
    own = best_arrangement(rem, rules)
    return LayoffResult(own.melds, tuple(layoffs), own.deadwood, own.deadwood_value, tuple(after))


# --- the same over copies ---------------------------------------------------------------------

#: :func:`best_with_layoffs` over copies, by (hand, table, rules): its results are immutable.
_COPY_LAYOFFS: BoundedCache[tuple[CardMultiset, tuple[Meld, ...], MeldRules], LayoffResult] = \
    BoundedCache(4096)


def _copy_chains(meld: Meld, rem: CardMultiset, end: str, rules: MeldRules
                 ) -> list[tuple[Meld, CardMultiset, list[Card]]]:
    """:func:`_chains` on a hand with copies."""
    out: list[tuple[Meld, CardMultiset, list[Card]]] = [(meld, rem, [])]
    identity = _next_identity(meld, end, rules)
    if identity is None:
        return out
    step = []
    if identity in rem and identity not in rules.wild:
        step.append(identity)
    wild = [card for card in rem.distinct() if card in rules.wild]
    if wild and _wild_fits(meld, rules):
        step.append(wild[0])  # wild cards are interchangeable
    for card in step:
        grown = lay_off(meld, card, rules, end=end, declared=identity)
        for after, left, laid in _copy_chains(grown, rem.remove(card), end, rules):
            out.append((after, left, [card, *laid]))
    return out


def _copy_options(meld: Meld, rem: CardMultiset, rules: MeldRules
                  ) -> list[tuple[Meld, CardMultiset, list[Card]]]:
    """Every way to lay cards of ``rem`` (with copies) off on one table meld."""
    if meld.kind == RUN:
        out = []
        for low_meld, low_rem, low_laid in _copy_chains(meld, rem, LOW, rules):
            for after, left, laid in _copy_chains(low_meld, low_rem, HIGH, rules):
                out.append((after, left, low_laid + laid))
        return out
    out = [(meld, rem, [])]
    used = {identity.suit for identity in meld.represents}
    naturals: list[Card] = []  # the natural cards that may join, a copy per entry
    for card in rem:
        if card.rank == meld.rank and card not in rules.wild and (
                rules.set_duplicates or (card.suit not in used and card not in naturals)):
            naturals.append(card)
    wilds = [card for card in rem if card in rules.wild]
    in_meld = sum(1 for card in meld.cards if card in rules.wild)
    wild_room = len(wilds) if rules.max_wild is None else max(0, rules.max_wild - in_meld)
    seen: set[tuple[tuple[Card, ...], int]] = set()
    for k in range(1, rules.max_set - len(meld) + 1):
        size = len(meld) + k
        if size not in rules.set_sizes:
            continue
        for n_wild in range(0, min(k, len(wilds), wild_room) + 1):
            if n_wild and len(meld) - in_meld + k - n_wild < rules.min_natural:
                continue
            for chosen in combinations(naturals, k - n_wild):
                if (chosen, n_wild) in seen:
                    continue  # the same copies, another order of the list
                seen.add((chosen, n_wild))
                laid = [*chosen, *wilds[:n_wild]]
                after = meld
                for card in laid:
                    after = _force_set(after, card, rules)
                out.append((after, rem - CardMultiset(laid), laid))
    return out


def _best_with_layoffs_copies(hand: CardMultiset, table: Sequence[Meld], rules: MeldRules
                              ) -> LayoffResult:
    """:func:`best_with_layoffs` for a hand with copies (or rules the one-deck search does not
    cover)."""
    tables = meld_tables(rules)
    best: list = [None]

    def visit(index: int, rem: CardMultiset, layoffs: list[tuple[Card, int]],
              after: list[Meld]) -> None:
        if index == len(table):
            key = (copies_score(rem, tables), len(layoffs))
            if best[0] is None or key < best[0][0]:
                best[0] = (key, rem, list(layoffs), list(after))
            return
        for grown, left, laid in _copy_options(table[index], rem, rules):
            layoffs.extend((card, index) for card in laid)
            after.append(grown)
            visit(index + 1, left, layoffs, after)
            after.pop()
            del layoffs[len(layoffs) - len(laid):]

    visit(0, hand, [], [])
    _, rem, layoffs, after = best[0]
    own = best_arrangement(rem, rules)
    return LayoffResult(own.melds, tuple(layoffs), own.deadwood, own.deadwood_value, tuple(after))
