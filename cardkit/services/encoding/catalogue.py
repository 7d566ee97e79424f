"""The action side of an encoding: a game's moves as the numbers 0..n-1."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import attrs

from cardkit.values.actions import Action

__all__ = ["ActionCatalogue", "EncodingError"]


class EncodingError(ValueError):
    """An action outside a game's catalogue, or an index that names no legal action now."""

    __module__ = "cardkit.encoding"  # the path users import it from, shown in tracebacks


@attrs.define(eq=False)
class ActionCatalogue:
    """The action side of an encoding: ``keys[i]`` is the key of index ``i``.

    ``key_of(action)`` gives an action's key (its canonical text by default; a function of
    the action alone, as the catalogue remembers each action's index). ``prefer`` (a
    sort key on actions, lowest first) picks the action an index plays when several legal
    actions share its key; without it keys must be unique among legal actions (a bijection).
    ``overflow`` spare indices are given, in order of first sight, to actions whose key is not
    listed (the fallback's lazily enumerated part); 0 makes an unlisted action an error.
    """

    keys: list[Hashable]
    key_of: Callable[[Action], Hashable] = str
    prefer: Callable[[Action], Any] | None = None
    overflow: int = 0
    _index: dict[Hashable, int] = attrs.field(init=False, repr=False)
    _size: int = attrs.field(init=False, repr=False)
    _known: dict[Action, int] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # action -> index for the actions met so far: a key is a function of its action
        # alone, and an index once given never changes, so the legal moves of every decision
        # are looked up without building their keys again
        self._known = {}
        self._index = {}
        for key in self.keys:
            if key in self._index:
                raise ValueError(f"action key {key!r} is listed twice")
            self._index[key] = len(self._index)
        self._size = len(self.keys) + self.overflow

    @property
    def size(self) -> int:
        """The number of indices (the size of the ``Discrete`` action space)."""
        return self._size

    def encode(self, action: Action) -> int:
        """The index of ``action``; ``EncodingError`` if the catalogue has no room for it."""
        key = self.key_of(action)
        index = self._index.get(key)
        if index is not None:
            return index
        if len(self._index) >= self._size:
            raise EncodingError(
                f"'{action}' is outside this game's action catalogue ({self._size} indices, "
                "all taken): the game should declare an encoding")
        self.keys.append(key)
        index = self._index[key] = len(self._index)
        return index

    def describe(self, index: int) -> str:
        """What index ``index`` stands for, for error messages and docs."""
        if 0 <= index < len(self.keys):
            return str(self.keys[index])
        if 0 <= index < self._size:
            return "(a spare index not yet given to an action)"
        return f"(no such index: the catalogue has {self._size})"

    def legal(self, actions: Sequence[Action]) -> dict[int, Action]:
        """Index -> the action it plays, for the legal ``actions`` (sorted by index)."""
        chosen: dict[int, Action] = {}
        prefer = self.prefer
        known = self._known
        last = -1
        ordered = True  # a game's legal moves often come in the catalogue's order already
        for action in actions:
            index = known.get(action)
            if index is None:
                index = known[action] = self.encode(action)
            held = chosen.get(index)
            if held is None:
                chosen[index] = action
                if index < last:
                    ordered = False
                last = index
            elif prefer is None:
                raise EncodingError(f"'{held}' and '{action}' share index {index}")
            elif prefer(action) < prefer(held):
                chosen[index] = action
        return chosen if ordered else dict(sorted(chosen.items()))

    def decode(self, index: int, actions: Sequence[Action]) -> Action:
        """The legal action that ``index`` plays now; ``EncodingError`` naming the action and
        the legal indices otherwise."""
        legal = self.legal(actions)
        action = legal.get(index)
        if action is None:
            offered = ", ".join(f"{i} ({a})" for i, a in legal.items())
            raise EncodingError(
                f"action {index} ({self.describe(index)}) is not legal now; legal: {offered}")
        return action
