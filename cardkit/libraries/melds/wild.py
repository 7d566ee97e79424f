"""The exact search with wild cards: every set of disjoint wild melds (shapes) is tried on top
of the natural search of the cards left. Equal candidates are taken in the order: fewer wild
melds, then the order melds are enumerated (sets by rank, runs by suit and position)."""

from __future__ import annotations

from cardkit.libraries.melds.arrangement import Arrangement, natural_arrangement
from cardkit.libraries.melds.meld import SET, Meld, meld_sort_key
from cardkit.libraries.melds.shapes import Shape, make_meld, templates
from cardkit.libraries.melds.solve import solve
from cardkit.libraries.melds.tables import STD52, VALUE_SHIFT, MeldTables
from cardkit.values.cards import ALL_CARDS

__all__ = ["wild_arrangement", "wild_search"]


def wild_search(h: int, tables: MeldTables) -> tuple[int, list[Shape], int]:
    """(score, chosen wild shapes, set-card mask of the natural rest) for a hand with wilds."""
    rules = tables.rules
    wildmask = tables.wildmask
    nwild = (h & wildmask).bit_count()
    natural = h & STD52 & ~wildmask
    other_jokers = (h >> 52) & ~(wildmask >> 52)
    base = other_jokers.bit_count() * tables.joker_score
    shapes = templates(natural, nwild, rules, dedupe=True)
    # wild melds cost nothing but count their cards as set cards (tie-break: runs preferred)
    shape_score = [nat.bit_count() + g if w[0] == SET else 0 for nat, w, g in shapes]
    best: list = [None, None, 0]

    def visit(start: int, used: int, left: int, chosen: list[int], extra: int) -> None:
        score, sets = solve(natural & ~used, tables)
        total = score + extra + base + left * tables.joker_score
        if best[0] is None or total < best[0]:
            best[0] = total
            best[1] = list(chosen)
            best[2] = sets
        for i in range(start, len(shapes)):
            nat, _, g = shapes[i]
            if g <= left and not nat & used:
                chosen.append(i)
                visit(i + 1, used | nat, left - g, chosen, extra + shape_score[i])
                chosen.pop()

    visit(0, 0, nwild, [], 0)
    return best[0], [shapes[i] for i in best[1]], best[2]


def wild_arrangement(h: int, tables: MeldTables) -> Arrangement:
    rules = tables.rules
    wildmask = tables.wildmask
    score, chosen, sets = wild_search(h, tables)
    wild_cards = [card for card in ALL_CARDS if h & card.mask & wildmask]
    spare = iter(wild_cards)
    melds: list[Meld] = []
    used = 0
    for nat, window, g in chosen:
        melds.append(make_meld(nat, window, [next(spare) for _ in range(g)], rules))
        used |= nat
    rest = h & STD52 & ~wildmask & ~used
    natural_part = natural_arrangement(rest, tables)
    melds.extend(natural_part.melds)
    melds.sort(key=meld_sort_key)
    deadwood = list(natural_part.deadwood) + list(spare)
    deadwood += [card for card in ALL_CARDS[52:] if h & card.mask and not card.mask & wildmask]
    deadwood.sort(key=lambda card: card.index)
    del sets  # the natural rest is solved again, with the same tie-break
    return Arrangement(tuple(melds), tuple(deadwood), score >> VALUE_SHIFT)
