"""The greedy agent's counted endgame on strength masks: whether a play is a *boss* (nothing the
unseen cards hold beats it the ordinary way) and whether a hand goes out by bosses alone, as
:func:`~.agents.is_boss` and
:func:`~.agents.bosses_take_it_out` decide them from combinations, for the
play-outs by masks (:mod:`.playout`), which never make the combinations.

A play's mask says what it is: one rank's cards are a set of that many, cards of several ranks a
sequence (one card a rank) or a double sequence (two); its key is its strongest card. The unseen
cards' ranks are read all at once as bit masks of the positions holding at least one, two,
three or four of them (bit ``4p``), so a boss test is a few shifts rather than a count per rank.
"""

from __future__ import annotations

from cardkit_games.tien_len.bots.agents import hand_units, rank_counts, units_table
from cardkit_games.tien_len.tracker import set_plays

from cardkit.climbing import ClimbingRules, climbing_tables, sequence_groups

__all__ = ["is_boss_mask", "out_by_bosses"]

_POSITION_BITS = int("1" * 13, 16)  # bit 4p of every rank position p


def _at_least(unseen: int) -> tuple[int, int, int, int]:
    """The positions (bit ``4p``) where ``unseen`` holds at least one, two, three, four cards."""
    counts = rank_counts(unseen)
    b0 = counts & _POSITION_BITS
    b1 = counts >> 1 & _POSITION_BITS
    b2 = counts >> 2 & _POSITION_BITS
    return b0 | b1 | b2, b1 | b2, (b0 & b1) | b2, b2


def is_boss_mask(found: int, unseen: int, rules: ClimbingRules) -> bool:
    """:func:`~cardkit_games.tien_len.bots.agents.is_boss` of the play whose strength mask is
    ``found`` (a combination under ``rules``) against the ``unseen`` cards (a strength mask)."""
    key = found.bit_length() - 1
    if found.bit_count() == 1:
        return not unseen >> key + 1
    top, suit = key >> 2, key & 3
    above_suit = (unseen >> 4 * top & 0xF) >> suit + 1  # unseen cards of the key's rank above it
    held = _at_least(unseen)
    size = found.bit_count()
    if not found >> 4 * top + 4 and not found & ((1 << 4 * top) - 1):  # one rank: a set
        if held[size - 1] >> 4 * top + 4:  # as many cards of a higher rank
            return False
        return not (size == 2 and held[1] >> 4 * top & 1 and above_suit)
    x1, x2, x3 = found >> 1, found >> 2, found >> 3
    double = bool(((found & (x1 | x2 | x3)) | (x1 & (x2 | x3)) | (x2 & x3)) & _POSITION_BITS)
    tables = climbing_tables(rules)
    length = size // 2 if double else size
    ok = held[1 if double else 0] & (tables.dseq_positions if double else tables.seq_positions)
    ends = ok
    for step in range(1, length):  # bit 4p: the length positions ending at p all held
        ends &= ok << 4 * step
    if ends >> 4 * top + 4:  # one ending higher
        return False
    return not (ends >> 4 * top & 1 and above_suit)


def out_by_bosses(smask: int, unseen: int, rules: ClimbingRules,
                  known: dict[int, bool] | None = None) -> bool:
    """:func:`~cardkit_games.tien_len.bots.agents.bosses_take_it_out` of the hand ``smask`` (a
    strength mask): it is one unit, or one of its plays is a boss whose lead leaves fewer units
    that again go out so. The plays are taken in any order (the answer is whether one exists);
    ``known`` remembers the hands already answered for these unseen cards."""
    units_get = units_table().get
    units = units_get(smask)
    if units is None:
        units = hand_units(smask)
    if units <= 1:
        return True
    if known is None:
        known = {}
    answer = known.get(smask)
    if answer is not None:
        return answer
    plays = set_plays(rules).masks_of_hand(smask)
    for _, _, group in sequence_groups(rules, smask):
        plays += group
    answer = False
    for found in plays:
        rest = smask & ~found
        left = units_get(rest)
        if left is None:
            left = hand_units(rest)
        if left < units and is_boss_mask(found, unseen, rules) and out_by_bosses(
                rest, unseen, rules, known):
            answer = True
            break
    known[smask] = answer
    return answer
