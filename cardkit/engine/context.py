"""What a hand inherits from its match: :class:`HandContext`.

It stands apart from :mod:`cardkit.engine.match` because records read and write it too
(:mod:`cardkit.engine.records`), and the match saves its records: the match imports both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

__all__ = ["HandContext"]


def _totals(values: Iterable[float]) -> tuple[float, ...]:
    return tuple(values)


def _roles(values: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if values is None else tuple(values)


@attrs.frozen
class HandContext:
    """What a hand inherits from its match: dealer, hand number, running totals, roles (e.g.
    three-hand gin's box/captain/sitter, one per seat), the seat that leads (games where the
    last winner leads) and any other game-specific data in ``extra`` (plain JSON values)."""

    dealer: int
    hand_number: int = 0
    totals: tuple[float, ...] = attrs.field(default=(), converter=_totals)
    roles: tuple[str, ...] | None = attrs.field(
        default=None, converter=_roles
    )
    leader: int | None = None
    extra: Mapping[str, Any] = attrs.field(factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "totals": list(self.totals),
            "roles": None if self.roles is None else list(self.roles),
            "leader": self.leader,
            "extra": dict(self.extra),
        }
