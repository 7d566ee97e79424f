"""How a hand ended: transfers, payoffs, winners."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

__all__ = ["Result", "Transfer", "net_payoffs"]


@attrs.frozen
class Transfer:
    """``payer`` pays ``payee`` ``amount`` (in base stakes, or points)."""

    payer: int
    payee: int
    amount: float
    reason: str = ""

    def __str__(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"seat {self.payer} pays seat {self.payee} {self.amount:g}{why}"


def net_payoffs(players: int, transfers: Iterable[Transfer]) -> tuple[float, ...]:
    """Each seat's net from a list of transfers (sums to zero)."""
    net: list[float] = [0] * players
    for transfer in transfers:
        net[transfer.payer] -= transfer.amount
        net[transfer.payee] += transfer.amount
    return tuple(net)


@attrs.frozen
class Result:
    """The end of a hand.

    ``ending`` names how it ended (each game documents its endings, e.g. ``tonk``, ``drop``,
    ``caught``, ``stock_out``, ``knock``, ``gin``, ``undercut``, ``draw``). ``payoffs`` holds one
    number per seat: the net money for stake games, the points scored for point games.
    ``transfers`` lists who paid whom where the game settles by payments. ``details`` holds the
    game's explanation as plain data (counts, arrangements, lay-offs); ``summary`` says it in
    one line.
    """

    ending: str
    winners: tuple[int, ...]
    payoffs: tuple[float, ...]
    transfers: tuple[Transfer, ...] = ()
    details: Mapping[str, Any] = attrs.field(factory=dict)
    summary: str = ""

    @classmethod
    def from_transfers(
        cls,
        ending: str,
        players: int,
        transfers: Iterable[Transfer],
        winners: Iterable[int] = (),
        details: Mapping[str, Any] | None = None,
        summary: str = "",
    ) -> Result:
        """A result whose payoffs are the net of ``transfers``."""
        transfers = tuple(transfers)
        return cls(ending, tuple(winners), net_payoffs(players, transfers), transfers,
                   dict(details or {}), summary)

    def scaled(self, factor: float) -> Result:
        """This result with every payoff and payment multiplied by ``factor`` (a house rule
        that doubles a settlement, say).

        >>> Result("knock", (0,), (10, -10), (Transfer(1, 0, 10),)).scaled(2).payoffs
        (20, -20)
        """
        return attrs.evolve(
            self,
            payoffs=tuple(payoff * factor for payoff in self.payoffs),
            transfers=tuple(attrs.evolve(t, amount=t.amount * factor) for t in self.transfers),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for records and ``--json``)."""
        return {
            "ending": self.ending,
            "winners": list(self.winners),
            "payoffs": list(self.payoffs),
            "transfers": [attrs.asdict(t) for t in self.transfers],
            "details": _plain(self.details),
            "summary": self.summary,
        }


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)
