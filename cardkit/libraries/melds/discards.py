"""Deadwood for a discard decision: the least deadwood of a hand less each of its cards in one
pass (:func:`deadwood_without_each`), and the deadwood cards of one best arrangement without
building melds (:func:`deadwood_cards`), which bound what each discard can leave.

Both answer what :func:`~cardkit.libraries.melds.arrange.deadwood_value` would, card by card,
for a fraction of the cost: taking a card out changes only its own suit's runs and can stop only
its own rank from making a set, so the hand is split and scored once.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardkit.libraries.melds.arrange import best_arrangement, deadwood_value
from cardkit.libraries.melds.arrangement import hand_bits, hand_mask
from cardkit.libraries.melds.rules import DEFAULT_RULES, MeldRules
from cardkit.libraries.melds.solve import solve, solve_one_rank, solve_ranks
from cardkit.libraries.melds.tables import M13, RANK_BITS, VALUE_SHIFT, MeldTables, meld_tables
from cardkit.values.cards import Card, CardMultiset, CardSet

__all__ = ["deadwood_cards", "deadwood_without_each"]

# The hot functions below write M13 as 0x1FFF and VALUE_SHIFT as 12: a literal costs nothing
# to load, a global does.
assert M13 == 0x1FFF and VALUE_SHIFT == 12 and RANK_BITS == 0x8004002001


def deadwood_cards(hand: CardSet | Iterable[Card] | int,
                   rules: MeldRules = DEFAULT_RULES) -> tuple[int, int]:
    """``(least deadwood count, mask of its deadwood cards)`` of ``hand``: the value of
    :func:`~cardkit.libraries.melds.arrange.best_arrangement` and the deadwood of one
    arrangement that has it, without building melds. A card of that deadwood leaves exactly the
    value less its own when taken out of the hand (the arrangement less it is still the best);
    any other card leaves at least that much, so a discard search can weigh only the cards
    that might do better. With copies (a :class:`~cardkit.cards.CardMultiset` holding a card
    twice) the mask names each deadwood card once."""
    if type(hand) is CardSet:
        h = hand.mask
    else:
        bits = hand_bits(hand)
        if isinstance(bits, CardMultiset):
            arrangement = best_arrangement(bits, rules)
            return arrangement.deadwood_value, hand_mask(arrangement.deadwood)
        h = bits
    tables = rules._tables
    if tables is None:
        tables = meld_tables(rules)
    if h & tables.special:
        arrangement = best_arrangement(h, rules)
        return arrangement.deadwood_value, hand_mask(arrangement.deadwood)
    score, sets = solve(h, tables)
    rest = h & ~sets
    cover = tables.cover
    covered = (cover[rest & 0x1FFF] | cover[rest >> 13 & 0x1FFF] << 13
               | cover[rest >> 26 & 0x1FFF] << 26 | cover[rest >> 39] << 39)
    return score >> 12, rest & ~covered


# (hand mask, rules, answer) of the last deadwood_without_each
_LAST_EACH: tuple[int, object, list[int]] = (-1, None, [])


def deadwood_without_each(hand: CardSet | Iterable[Card] | int,
                          rules: MeldRules = DEFAULT_RULES) -> list[int]:
    """The least deadwood count of ``hand`` less each of its cards, in the order of the hand's
    cards (index order): ``[deadwood_value(hand - {card}) for card in hand]`` in one pass -- a
    discard decision weighs every card of a 10-11 card hand this way.

    Taking a card out changes only its own suit's runs, and can stop only its own rank from
    making a set, so the hand is split and scored once and each card costs one table lookup
    (or, when a rank can still make a set, the one-rank or several-rank search on the hand
    without it). Wild cards and jokers take the general search card by card.

    The last answer is remembered (a game's knock check and its player's discard weigh the
    same hand one after the other): the list returned may be that same list, not to be
    changed. With copies (a :class:`~cardkit.cards.CardMultiset` holding a card twice) there
    is one value per distinct card, in index order: the hand less one copy of it."""
    global _LAST_EACH
    if type(hand) is CardSet:
        h = hand.mask
    else:
        bits = hand_bits(hand)
        if isinstance(bits, CardMultiset):
            return [deadwood_value(bits.remove(card), rules) for card in bits.distinct()]
        h = bits
    remembered = _LAST_EACH
    if remembered[0] == h and remembered[1] is rules:
        return remembered[2]
    tables = rules._tables
    if tables is None:
        tables = meld_tables(rules)
    out = _without_each(h, rules, tables)
    _LAST_EACH = (h, rules, out)
    return out


def _drop_table(rules: MeldRules) -> dict[int, tuple[int, ...]]:
    """An empty table, kept with the rules' compiled tables, of a suit's 13-bit pattern to the
    run scores of the pattern less each of its cards (low card first), filled on first use."""
    return {}


def _drop_scores(bits: int, score: list[int]) -> tuple[int, ...]:
    """The scores of the suit pattern ``bits`` less each of its cards, low card first."""
    out = []
    left = bits
    while left:
        low = left & -left
        left ^= low
        out.append(score[bits ^ low])
    return tuple(out)


def _without_each(h: int, rules: MeldRules, tables: MeldTables) -> list[int]:
    """:func:`deadwood_without_each` of the hand mask ``h``, worked out."""
    out: list[int] = []
    append = out.append
    if h & tables.special:
        rest = h
        while rest:
            low = rest & -rest
            rest ^= low
            append(deadwood_value(h ^ low, rules))
        return out
    score = tables.score
    a = h & 0x1FFF
    b = h >> 13 & 0x1FFF
    c = h >> 26 & 0x1FFF
    d = h >> 39
    suits = (a, b, c, d)
    scores = [score[a], score[b], score[c], score[d]]
    total = scores[0] + scores[1] + scores[2] + scores[3]
    t = (a & b & (c | d)) | (c & d & (a | b))
    if not t:  # no set anywhere, with any card out: one tabled score per card
        drops = tables.derived(_drop_table)
        for suit in range(4):
            bits = suits[suit]
            if bits:
                scores_out = drops.get(bits)
                if scores_out is None:
                    scores_out = drops[bits] = _drop_scores(bits, score)
                others = total - scores[suit]
                out += [(others + value) >> 12 for value in scores_out]
        return out
    four = a & b & c & d  # ranks held in every suit: they can still make a set without one
    # One rank that can make a set (the usual case once a hand has a set): each card out
    # changes one suit's score and one suit's gain from the set (as in deadwood_value)
    one = bool(t) and not t & (t - 1) and tables.sets_3_or_4
    gains = [score[bits ^ t] + 1 - score[bits] if bits & t else 0 for bits in suits] \
        if one else []
    for suit in range(4):
        bits = suits[suit]
        others = total - scores[suit]
        shift = 13 * suit
        left = bits
        while left:
            low = left & -left
            left ^= low
            held = bits ^ low
            # the ranks that can make a set once this card is out: only its own rank can drop
            t2 = t ^ low if t & low and not four & low else t
            if not t2:
                append((others + score[held]) >> 12)
                continue
            if one and t2 == t:
                own = score[held]
                gain = (score[held ^ t] + 1 - own if held & t else 0) - gains[suit]
                gain += gains[0] + gains[1] + gains[2] + gains[3]
                if four & t and held & t:  # still four held: or a 3-set without the costliest
                    gain -= max(score[held ^ t] + 1 - own,
                                *[gains[other] for other in range(4) if other != suit], 0)
                append((others + own + (gain if gain < 0 else 0)) >> 12)
                continue
            a2, b2, c2, d2 = (held if suit == 0 else a, held if suit == 1 else b,
                              held if suit == 2 else c, held if suit == 3 else d)
            if t2 & (t2 - 1):
                value = solve_ranks(h ^ low << shift, a2, b2, c2, d2, t2, tables)[0]
            else:
                value = solve_one_rank(a2, b2, c2, d2, t2, tables)[0]
            append(value >> 12)
    return out
