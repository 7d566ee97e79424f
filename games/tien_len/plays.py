"""Play actions, made once per set of cards: the legal-move list is built at every turn of every
simulated game, so each combination's ``play`` action (and, once it has been played, the
combination itself, so that applying it again never classifies its cards) is kept in one
bounded cache keyed by the cards' mask or, for the plays the tracker lists, by the complement of
their strength mask. (Singles, pairs, triples and quads are kept apart, for
good: :class:`cardkit_games.tien_len.tracker.SetPlays`.)

One cache serves every rules value in a process (``twos_in_sequences``: ``never`` and
``as_top_only``) though a key is the strength mask alone, because a mask means one play under
both: their card orders are the same (so the same cards, the same action), and a set of cards
that is a combination under both is the same combination under both -- the second value only
adds sequences up to a 2, which the first never lists nor accepts, and what beats what is never
kept here (the tracker and the bomb rules of each state decide it). The tracker's and the
greedy agent's other tables, which could differ, are kept per rules value
(``tests/games/tien_len/test_plays_cache.py`` plays both in one process).

Memory bound: an entry (the action, its combination once played, and their tuples) takes at
most about ``ENTRY_BYTES``, so with ``PLAYS_CACHE_SIZE`` entries the cache holds at most about
18 MiB, however many games a process simulates; as the cache turns over, a process running
100,000 random games stays within 20 MiB of where it started (``bench/memory.py`` and
``bench/tien_len_memory.py`` measure it: about 16 MiB). Random play keeps meeting new long
sequences (a seat's first lead lists every sequence of its hand); when the cache is full its
oldest quarter goes, and a play met again is simply made again. Twice the entries of a 20,000-play
cache made a third fewer plays again (about 6.5 rather than 10 a game) and each costs ~3 µs.
"""

from __future__ import annotations

from cardkit.actions import Action
from cardkit.cache import BoundedCache
from cardkit.climbing import Combination

__all__ = ["ENTRY_BYTES", "PLAYS_CACHE_SIZE", "action_of", "actions_of", "cached_combination",
           "play_cache"]

#: The measured size of one cache entry, in bytes (for the bound above).
ENTRY_BYTES = 480
#: How many plays the cache keeps.
PLAYS_CACHE_SIZE = 40_000
_PLAYS: BoundedCache[int, tuple[Action, Combination | None]] = BoundedCache(PLAYS_CACHE_SIZE)


def action_of(combo: Combination) -> Action:
    """The ``play`` action for a combination (made once, then cached by card mask)."""
    mask = combo.mask
    entry = _PLAYS.get(mask)
    if entry is None:
        entry = (Action("play", cards=combo.cards), combo)
        _PLAYS[mask] = entry
    return entry[0]


def actions_of(combos: list[Combination]) -> list[Action]:
    """The ``play`` actions for a list of combinations, in the same order."""
    plays = _PLAYS
    out = []
    for combo in combos:
        entry = plays.get(combo.mask)
        out.append(entry[0] if entry is not None else action_of(combo))
    return out


def cached_combination(mask: int) -> Combination | None:
    """The combination of the cards in ``mask`` if a legal-move list made its action (None
    otherwise: the caller classifies the cards)."""
    entry = _PLAYS.get(mask)
    return entry[1] if entry is not None else None


def play_cache() -> BoundedCache[int, tuple[Action, Combination | None]]:
    """The cache itself, for :class:`~cardkit_games.tien_len.tracker.PlayTracker`, which
    files each play under ``~strength_mask`` (a negative key: card masks are never negative),
    so one bounded cache holds every play however it is looked up. An entry's combination is
    None until the play is first played."""
    return _PLAYS
