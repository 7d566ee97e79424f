"""How a hand ended: transfers, payoffs, winners."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

__all__ = ["Ending", "Endings", "Result", "Transfer", "net_payoffs"]


class Ending(str):
    """One way a hand of a game can end, as the game declares it (:class:`Endings`): it
    compares, hashes, prints and is saved as its name -- the text ``result.ending`` has always
    held, so records and the lab read it as before -- and carries what it means
    (``explanation``) and where the rules say so (``section``), like python-chess's
    ``Termination``.

    >>> knock = Ending("knock", "the knocker's deadwood is lower", "5.1")
    >>> knock == "knock", f"{knock}", knock.section
    (True, 'knock', '5.1')
    """

    explanation: str
    section: str

    def __new__(cls, name: str, explanation: str = "", section: str = "") -> Ending:
        if not name or not name.replace("_", "").isalnum():
            raise ValueError(f"an ending's name is one word (letters, digits, _), not {name!r}")
        ending = super().__new__(cls, name)
        ending.explanation = explanation
        ending.section = section
        return ending

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ending, (str(self), self.explanation, self.section))


class Endings:
    """The endings a game declares (its state class's ``ENDINGS``), in the order of its rules:
    a hand of the game may end only in one of them (:meth:`check`; the engine refuses a result
    with another when the hand finishes, and a record holding another is refused on load).

    >>> endings = Endings(Ending("knock", "deadwood is lower", "5.1"), Ending("gin", "", "5.2"))
    >>> "gin" in endings, endings["knock"].section, list(endings)
    (True, '5.1', ['knock', 'gin'])
    >>> endings.check("tonk")
    Traceback (most recent call last):
    ...
    ValueError: the ending 'tonk' is not declared (the endings: knock, gin)
    """

    __slots__ = ("_by_name",)

    def __init__(self, *endings: Ending) -> None:
        by_name: dict[str, Ending] = {}
        for ending in endings:
            if not isinstance(ending, Ending):
                raise TypeError(f"declare each ending as an Ending, not {ending!r}")
            if ending in by_name:
                raise ValueError(f"the ending {str(ending)!r} is declared twice")
            by_name[str(ending)] = ending
        self._by_name = by_name

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Ending]:
        return iter(self._by_name.values())

    def __len__(self) -> int:
        return len(self._by_name)

    def __getitem__(self, name: str) -> Ending:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(self._refusal(name)) from None

    def __or__(self, other: Endings) -> Endings:
        """These endings and ``other``'s (a variant that adds an ending)."""
        return Endings(*self, *(ending for ending in other if ending not in self))

    def __repr__(self) -> str:
        return f"Endings({', '.join(self._by_name)})"

    def _refusal(self, name: str) -> str:
        return f"the ending {name!r} is not declared (the endings: {', '.join(self._by_name)})"

    def get(self, name: str) -> Ending | None:
        """The declared ending ``name``, or None."""
        return self._by_name.get(name)

    def check(self, name: str) -> Ending:
        """The declared ending ``name``; ``ValueError`` saying which endings are declared."""
        ending = self._by_name.get(name)
        if ending is None:
            raise ValueError(self._refusal(name))
        return ending


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

    ``ending`` names how it ended: one of the :class:`Endings` its game declares (e.g. ``tonk``,
    ``drop``, ``caught``, ``stock_out``, ``knock``, ``gin``, ``undercut``, ``draw``), an
    :class:`Ending` or its name. ``payoffs`` holds one
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
