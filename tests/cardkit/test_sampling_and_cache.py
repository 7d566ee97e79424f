"""The generic re-deal of hidden cards and the bounded cache."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardkit.libraries.sampling import Redeal, redeal_hidden
from cardkit.values.cache import BoundedCache
from cardkit.values.cards import ALL_CARDS, Card, cards_of_mask
from cardkit.values.deck import shuffle_like_random


@given(seed=st.integers(0, 2**32), hidden_bits=st.integers(0, 2**52 - 1),
       sizes=st.lists(st.integers(0, 10), min_size=1, max_size=4))
def test_redeal_keeps_sizes_visible_cards_and_the_hidden_pool(seed: int, hidden_bits: int,
                                                              sizes: list[int]) -> None:
    deck = list(ALL_CARDS[:52])
    random.Random(seed).shuffle(deck)
    places: list[int | list] = []
    position = 0
    for size in sizes:
        mask = 0
        for card in deck[position:position + size]:
            mask |= card.mask
        places.append(mask)
        position += size
    stock = deck[position:position + 12]
    places.append(stock)
    held = 0
    for place in places:
        held |= place if isinstance(place, int) else sum(c.mask for c in place)
    hidden = hidden_bits & held
    redeal = redeal_hidden(places, hidden, random.Random(seed))
    total = 0
    for old, new in zip(places, redeal.places, strict=True):
        if isinstance(old, int):
            assert isinstance(new, int)
            assert new.bit_count() == old.bit_count()
            assert new & ~hidden == old & ~hidden  # what the seat sees stays
            total |= new
        else:
            assert isinstance(new, list)
            assert len(new) == len(old)
            for before, after in zip(old, new, strict=True):
                if not before.mask & hidden:
                    assert after is before
            for card in new:
                assert not total & card.mask
                total |= card.mask
    assert total == held  # every card still in exactly one place
    assert set(redeal.relabel) == set(cards_of_mask(hidden))


@given(seed=st.integers(0, 2**64), size=st.integers(0, 140))
def test_the_inlined_shuffle_draws_as_random_shuffle(seed: int, size: int) -> None:
    """``shuffle_like_random`` gives ``random.Random.shuffle``'s order and leaves the generator
    where it does (the next draws agree too), and a generator of another class shuffles
    itself."""
    mine, theirs = list(range(size)), list(range(size))
    rng, reference = random.Random(seed), random.Random(seed)
    shuffle_like_random(mine, rng)
    reference.shuffle(theirs)
    assert mine == theirs and rng.random() == reference.random()

    class Reversing(random.Random):
        def shuffle(self, x: list) -> None:  # type: ignore[override]
            x.reverse()

    cards = list(range(size))
    shuffle_like_random(cards, Reversing(seed))
    assert cards == list(reversed(range(size)))


def _redeal_by_steps(places: list, hidden: int, rng: random.Random) -> Redeal:
    """The re-deal as first written, card by card (the reference for the faster one)."""
    held = 0
    for place in places:
        held |= place & hidden if isinstance(place, int) else sum(
            c.mask for c in place if c.mask & hidden)
    pool = cards_of_mask(held)
    rng.shuffle(pool)
    position = 0
    relabel: dict[Card, Card] = {}
    dealt: list = []
    for place in places:
        if isinstance(place, int):
            mine = place & hidden
            fresh = pool[position:position + mine.bit_count()]
            position += len(fresh)
            mask = place & ~hidden
            for old, new in zip(cards_of_mask(mine), fresh, strict=True):
                relabel[old] = new
                mask |= new.mask
            dealt.append(mask)
        else:
            cards = list(place)
            for index, card in enumerate(cards):
                if card.mask & hidden:
                    relabel[card] = cards[index] = pool[position]
                    position += 1
            dealt.append(cards)
    return Redeal(dealt, relabel)


@given(seed=st.integers(0, 2**32), hidden_bits=st.integers(0, 2**52 - 1),
       sizes=st.lists(st.integers(0, 10), min_size=1, max_size=4))
def test_redeal_equals_the_card_by_card_reference(seed: int, hidden_bits: int,
                                                  sizes: list[int]) -> None:
    deck = list(ALL_CARDS[:52])
    random.Random(seed).shuffle(deck)
    places: list = []
    position = 0
    for size in sizes:
        places.append(sum(card.mask for card in deck[position:position + size]))
        position += size
    places.append(deck[position:position + 12])
    fast = redeal_hidden(places, hidden_bits, random.Random(seed))
    slow = _redeal_by_steps(places, hidden_bits, random.Random(seed))
    assert fast.places == slow.places
    assert list(fast.relabel.items()) == list(slow.relabel.items())


def test_redeal_depends_only_on_what_is_hidden() -> None:
    """Two worlds the seat cannot tell apart give the same re-deal for the same random seed."""
    a, b, c, d = ALL_CARDS[0], ALL_CARDS[1], ALL_CARDS[2], ALL_CARDS[3]
    hidden = b.mask | c.mask | d.mask
    first = redeal_hidden([a.mask | b.mask, [c, d]], hidden, random.Random(5))
    second = redeal_hidden([a.mask | d.mask, [b, c]], hidden, random.Random(5))
    assert first.places == second.places


def test_bounded_cache_never_exceeds_its_size() -> None:
    cache: BoundedCache[int, int] = BoundedCache(maxsize=100)
    for key in range(10_000):
        cache[key] = key
        assert len(cache) <= 100
    assert cache.get(9_999) == 9_999
    assert cache.get(0) is None
    assert cache.setdefault_by(3, lambda key: key * 2) == 6
    assert cache[3] == 6
