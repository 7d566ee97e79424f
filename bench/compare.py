"""Two ``--records`` files of ``python -m bench.agents`` (or ``bench.openspiel_gin``) compared
deal by deal: the mean per-deal difference of the points a hand, with its 95 % interval.

    python -m bench.compare expert.jsonl hard.jsonl
    python -m bench.compare expert.jsonl hard.jsonl --roles box

The same deals and the same opponents in both runs, so only the two agents' different decisions
remain in the difference. ``--roles`` keeps to the hands the tested agent played in those roles
(three-hand gin's ``box`` and ``captain``). Standard library only: it starts at once.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence

#: Setups whose tested seats play different roles: the per-role rows of a run and of ``--compare``.
ROLES = {"gin3": {2: "box", 0: "captain"}}


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and 95 % half-width (normal approximation)."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, 1.96 * math.sqrt(variance / count)


def compare(first: str, second: str, roles: str | None = None) -> str:
    """The per-deal difference of the points a hand between two ``--records`` files, over the
    hands (deal and seat) both hold: mean and 95 % interval, and how many deals differed at
    all. A deal's difference is the mean over the seatings both played it in, so a run of one
    role (``--roles``) compares with a run of every role on that role's hands alone.

    Where the tested seats play different roles (three-hand gin's box and captain) the
    difference is given for each role too: set against a run of the rival itself in the tested
    seats (``--agent normal --opponent normal``), it says how much more the agent makes *in
    that role* than the rival does in it, which the points against the rival in one role cannot
    say (a role's own advantage, the box dealing and playing second, stays in those).

    ``roles`` (comma-separated names of ``ROLES``) keeps to the hands played in those roles;
    every setup in the files must have them (:func:`role_seats`)."""
    def per_hand(path: str) -> dict[tuple[str, int, int], float]:
        hands: dict[tuple[str, int, int], float] = {}
        with open(path, encoding="utf-8") as source:
            for line in source:
                record = json.loads(line)
                hands[(record["setup"], record["deal"], record["seat"])] = record["net"]
        return hands

    def per_deal(differences: dict[tuple[str, int, int], float]) -> list[float]:
        # a deal's difference is the mean over the seatings both files played it in
        by_deal: dict[tuple[str, int], list[float]] = {}
        for (setup, deal, _), difference in differences.items():
            by_deal.setdefault((setup, deal), []).append(difference)
        return [sum(values) / len(values) for values in by_deal.values()]

    def line(name: str, differences: list[float]) -> str:
        mean, half = interval(differences)
        changed = sum(1 for d in differences if d)
        return (f"{name}: {mean:+.2f} ± {half:.2f} points a hand over {len(differences)} deals "
                f"({changed} of them played differently)")

    hands_a, hands_b = per_hand(first), per_hand(second)
    both = {key: hands_a[key] - hands_b[key] for key in sorted(set(hands_a) & set(hands_b))}
    if roles is not None:
        setups = sorted({setup for setup, _, _ in both})
        kept = {setup: role_seats([setup], roles) for setup in setups}
        both = {key: d for key, d in both.items() if key[2] in kept[key[0]]}
    deals = per_deal(both)
    if len(deals) < 2:
        return f"only {len(deals)} deal(s) in both files: nothing to compare"
    lines = [line(f"{first} minus {second}", deals)]
    for setup, roles in ROLES.items():
        for seat, role in roles.items():
            in_role = per_deal({key: d for key, d in both.items()
                                if key[0] == setup and key[2] == seat})
            if len(in_role) >= 2:
                lines.append(line(f"  {setup} {role}", in_role))
    return "\n".join(lines)


def role_seats(setups: Sequence[str], roles: str) -> tuple[int, ...]:
    """The tested seats of the comma-separated ``roles`` (names of ``ROLES``) in ``setups``,
    which must all have them; a clear error (``SystemExit``) otherwise."""
    for setup in setups:
        names = {role: seat for seat, role in ROLES.get(setup, {}).items()}
        unknown = [r for r in roles.split(",") if r not in names]
        if unknown:
            raise SystemExit(f"--roles: {setup} has no role {unknown[0]!r}"
                             + (f"; choose from {', '.join(names)}" if names else ""))
    return tuple(names[r] for r in roles.split(","))


def main(argv: Sequence[str] | None = None) -> None:
    """Compare the two files named on the command line and print the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--roles", help="compare only the hands of these roles, e.g. box")
    args = parser.parse_args(argv)
    print(compare(args.first, args.second, args.roles))


if __name__ == "__main__":
    main()
