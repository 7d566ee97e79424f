"""Tiến Lên's combinations and bombs (rules §1, §4, §5.1) on top of :mod:`cardkit.climbing`.

Card order (§1): ranks ``3 … K A 2``, suits spades < clubs < diamonds < hearts, so the
strength of a card is ``4 × rank_position + suit_position`` (``3S`` = 0, ``2H`` = 51), exactly
:meth:`cardkit.climbing.ClimbingRules.strength`.

Bombs (§4.4) are quads and double sequences. Their extra power is a function of the trick:

- on 2s (a single, pair or triple of 2s) they beat per §4.4;
- on a top that is itself a bomb *played as a bomb* (on 2s, or on such a bomb — the trick's
  ``bomb_fight`` flag) the bomb options (``longer_double_sequence_beats_shorter``,
  ``cross_bomb_beating``) add to normal beating (§4.3: a higher bomb of the same kind);
- anywhere else a quad or double sequence is an ordinary combination of its type (§4.4: "a quad
  or double sequence that is led or played by 4.3 is an ordinary combination").

With ``bombs = false`` there are no bombs at all: quads and double sequences are ordinary
combinations everywhere, and nothing but higher 2s beats 2s.

The reading of "on a bomb" as "on a bomb played as a bomb" is this implementation's choice where
§4.4 is not explicit about led bombs; §10 example 10 is consistent with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Any

from cardkit.cards import Card, CardSet, Suit
from cardkit.climbing import (
    BeatRule,
    ClimbingRules,
    Combination,
    ComboType,
    all_combinations,
    beating_combinations,
    beats_normally,
    classify,
)

__all__ = [
    "RANK_ORDER",
    "SUIT_ORDER",
    "TWO_POSITION",
    "BombRules",
    "beating_plays",
    "bomb_rules",
    "bomb_rules_of",
    "climbing_rules",
    "instant_wins_of",
    "is_bomb",
    "is_twos",
    "lead_plays",
]

#: §1: ranks low to high.
RANK_ORDER = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
#: §1: suits low to high.
SUIT_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
#: The rank position of the 2s (the highest rank).
TWO_POSITION = 12
_NO_TWO = frozenset(RANK_ORDER) - {2}

_RULES = {
    # §4.1: sequences within 3 … A, no 2, no wrap.
    "never": ClimbingRules(RANK_ORDER, SUIT_ORDER, _NO_TWO, _NO_TWO),
    # Option twos_in_sequences = as_top_only: 2 is the top rank, so admitting it to sequences
    # (never wrapping) allows it only as the highest card; double sequences never hold 2s.
    "as_top_only": ClimbingRules(RANK_ORDER, SUIT_ORDER, frozenset(RANK_ORDER), _NO_TWO),
}

QUAD = ComboType.QUAD
DOUBLE_SEQUENCE = ComboType.DOUBLE_SEQUENCE
SINGLE = ComboType.SINGLE
PAIR = ComboType.PAIR
TRIPLE = ComboType.TRIPLE


def climbing_rules(options: Mapping[str, Any]) -> ClimbingRules:
    """The card orders and sequence ranks for these options (§1, §4.1, ``twos_in_sequences``)."""
    return _RULES[options["twos_in_sequences"]]


def is_bomb(combo: Combination) -> bool:
    """§4.4: quads and double sequences are bombs."""
    return combo.type is QUAD or combo.type is DOUBLE_SEQUENCE


def is_twos(combo: Combination) -> bool:
    """A single, pair, triple or quad of 2s."""
    return combo.key_strength >> 2 == TWO_POSITION and combo.type in (SINGLE, PAIR, TRIPLE, QUAD)


# Extra beating on 2s (§4.4): top type -> (types to generate, rule).
def _any_bomb(candidate: Combination, top: Combination) -> bool:
    return True


def _dseq_at_least(pairs: int) -> BeatRule:
    def rule(candidate: Combination, top: Combination) -> bool:
        return candidate.type is DOUBLE_SEQUENCE and candidate.length >= pairs

    return rule


def _dseq4_or_quad(candidate: Combination, top: Combination) -> bool:
    return candidate.type is QUAD or candidate.length >= 4


class BombRules:
    """The bomb rules of one set of options (§4.4): for a trick top, which extra combination
    types to generate and the extra beating rule to pass to
    :func:`cardkit.climbing.beating_combinations`."""

    def __init__(self, quad_beats_pair_of_twos: bool, longer_double_sequence_beats_shorter: bool,
                 cross_bomb_beating: bool, enabled: bool = True) -> None:
        #: Option ``bombs``: False removes §4.4 altogether (no extra beating anywhere).
        self.enabled = enabled
        self.quad_beats_pair_of_twos = quad_beats_pair_of_twos
        self.longer = longer_double_sequence_beats_shorter
        self.cross = cross_bomb_beating
        bombs_any: list[tuple[ComboType, int | None]] = [(QUAD, None), (DOUBLE_SEQUENCE, None)]
        dseq_any: list[tuple[ComboType, int | None]] = [(DOUBLE_SEQUENCE, None)]
        # On 2s: single -> any bomb; pair -> double sequence >= 4 (or a quad, by option);
        # triple -> double sequence >= 5 (§4.4). Nothing beats four 2s.
        self.on_twos: dict[ComboType, tuple[list[tuple[ComboType, int | None]], BeatRule]] = {
            SINGLE: (bombs_any, _any_bomb),
            PAIR: (bombs_any, _dseq4_or_quad) if quad_beats_pair_of_twos
            else (dseq_any, _dseq_at_least(4)),
            TRIPLE: (dseq_any, _dseq_at_least(5)),
        }

    def extra(self, top: Combination, bomb_fight: bool
              ) -> tuple[list[tuple[ComboType, int | None]], BeatRule] | None:
        """The extra (types, rule) for ``top``, or None when only normal beating applies.
        ``bomb_fight``: ``top`` is a bomb that was played as a bomb (on 2s or on such a bomb)."""
        if not self.enabled:
            return None
        if top.key_strength >> 2 == TWO_POSITION and top.type is not QUAD \
                and top.type is not ComboType.SEQUENCE:
            return self.on_twos.get(top.type)
        if not bomb_fight:
            return None
        if top.type is QUAD:
            # cross_bomb_beating: a double sequence of >= 4 pairs beats a quad (never four 2s).
            if self.cross and top.key_strength >> 2 != TWO_POSITION:
                return [(DOUBLE_SEQUENCE, None)], _dseq_at_least(4)
            return None
        if top.type is DOUBLE_SEQUENCE:
            types: list[tuple[ComboType, int | None]] = []
            length = top.length
            longer = self.longer
            cross_quad = self.cross and length == 3
            if longer:
                types.append((DOUBLE_SEQUENCE, None))
            if cross_quad:
                types.append((QUAD, None))
            if not types:
                return None

            def rule(candidate: Combination, top: Combination) -> bool:
                if candidate.type is QUAD:
                    return cross_quad
                return longer and candidate.length > length

            return types, rule
        return None

    def beats(self, candidate: Combination, top: Combination, bomb_fight: bool,
              rules: ClimbingRules) -> bool:
        """Reference predicate (§4.3, §4.4): does ``candidate`` beat ``top``? Used by
        :func:`beating_plays`' tests and by explanations, not on the hot path."""
        if beats_normally(candidate, top, rules):
            return True
        extra = self.extra(top, bomb_fight)
        if extra is None:
            return False
        types, rule = extra
        wanted = {t for t, _ in types}
        return candidate.type in wanted and rule(candidate, top)


@cache
def bomb_rules_of(quad: bool, longer: bool, cross: bool, enabled: bool = True) -> BombRules:
    """The (shared, cached) bomb rules of the bomb options (``enabled``: option ``bombs``)."""
    return BombRules(quad, longer, cross, enabled)


def bomb_rules(options: Mapping[str, Any]) -> BombRules:
    """The (shared, cached) bomb rules for these options."""
    return bomb_rules_of(bool(options["quad_beats_pair_of_twos"]),
                       bool(options["longer_double_sequence_beats_shorter"]),
                       bool(options["cross_bomb_beating"]), bool(options.get("bombs", True)))


def lead_plays(hand: CardSet, rules: ClimbingRules, must_include: Card | None = None
               ) -> list[Combination]:
    """§3.1: every combination in ``hand``; with ``must_include`` (the first lead, §2.4) only
    those containing that card."""
    combos = all_combinations(hand, rules)
    if must_include is None:
        return combos
    return [c for c in combos if must_include in c.cards]


def beating_plays(hand: CardSet, top: Combination, bomb_fight: bool, rules: ClimbingRules,
                  bombs: BombRules, bombs_only: bool = False) -> list[Combination]:
    """§3.2/§4.3/§4.4: every combination in ``hand`` that beats ``top``. Bomb types are generated
    only when ``top`` is 2s or a bomb in a bomb fight. ``bombs_only``: a locked player under
    ``bombs_ignore_pass_lock`` (only bombs)."""
    extra = bombs.extra(top, bomb_fight)
    if extra is None:
        combos = beating_combinations(hand, top, rules)
    else:
        types, rule = extra
        combos = beating_combinations(hand, top, rules, rule, types)
    if bombs_only:
        combos = [c for c in combos if c.type is QUAD or c.type is DOUBLE_SEQUENCE]
    return combos


# --------------------------------------------------------------------------------------------
# §5.1 instant wins, on a hand's strength mask (nibble p = the cards of rank position p).

_NIBBLE_LOW = int("1" * 12, 16)  # bit 4p for p = 0 … 11 (ranks 3 … A)
_NIBBLE_ALL = int("1" * 13, 16)  # bit 4p for every rank position


def _pair_positions(smask: int) -> int:
    """Bit ``4p`` set where rank position ``p`` holds two cards or more."""
    x1, x2, x3 = smask >> 1, smask >> 2, smask >> 3
    return ((smask & (x1 | x2 | x3)) | (x1 & (x2 | x3)) | (x2 & x3)) & _NIBBLE_ALL


def _four_twos(smask: int) -> bool:
    return (smask >> 4 * TWO_POSITION) & 0xF == 0xF


def _dragon(smask: int) -> bool:
    held = (smask | smask >> 1 | smask >> 2 | smask >> 3) & _NIBBLE_LOW
    return held == _NIBBLE_LOW


def _six_pairs(smask: int) -> bool:
    # a rank of four cards is two pairs
    fours = smask & smask >> 1 & smask >> 2 & smask >> 3 & _NIBBLE_ALL
    return _pair_positions(smask).bit_count() + fours.bit_count() >= 6


def _five_consecutive_pairs(smask: int) -> bool:
    runs = _pair_positions(smask) & _NIBBLE_LOW  # ranks 3 … A
    for _ in range(4):
        runs &= runs >> 4
    return bool(runs)


#: §5.1 and option ``instant_wins``: name -> test on a strength mask, in precedence order.
INSTANT_WINS: dict[str, Callable[[int], bool]] = {
    "four_twos": _four_twos,
    "dragon": _dragon,
    "six_pairs": _six_pairs,
    "five_consecutive_pairs": _five_consecutive_pairs,
}


def instant_wins_of(hand: CardSet | Iterable[Card], enabled: Iterable[str],
                    rules: ClimbingRules) -> list[str]:
    """The instant wins (§5.1) this dealt hand holds among ``enabled``."""
    smask = rules.strength_mask(hand)
    return [name for name in enabled if INSTANT_WINS[name](smask)]


def combination_of(cards: Iterable[Card], rules: ClimbingRules) -> Combination | None:
    """Classify cards as a combination (None if they form none) — :func:`climbing.classify`."""
    return classify(cards, rules)
