"""How fast does the ``cardkit`` command start, against the floor its dependencies set?

Usage: ``python -m bench.cli_startup [--runs N] [--python PATH]`` (``--python``: the interpreter
of the environment to measure, default this one; its ``cardkit`` script is used).

Measures, as whole processes, rounds interleaved (each command once per round, in turn):

- ``cardkit --help`` against ``python -c 'import click'`` (the command group imports click);
- ``cardkit games`` against ``python -c`` importing click and reading the ``cardkit.games``
  entry points (what listing the games needs at least).

Times are the CPU time (user + system) of each child process, which other processes on a
shared machine disturb less than wall time; the figure is the median over the runs of the
ratio command / floor, with the lowest and highest. Then checks with ``-X importtime`` that
``--help`` imports neither rich, matplotlib, attrs, importlib.metadata nor any game, and that
``games`` imports neither rich nor a game that declares a ``cardkit.game_about`` module.
Plugins that declare none are imported to be listed: they are named in the output.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

FLOOR_GAMES = ("import click; from importlib.metadata import entry_points; "
               "entry_points(group='cardkit.games')")
HELP_FORBIDDEN = ("rich", "matplotlib", "attr", "attrs", "importlib.metadata", "cardkit_games",
                  "dask", "cardkit")
GAMES_FORBIDDEN = ("rich", "matplotlib", "attr", "attrs", "cardkit_games.tonk.game",
                   "cardkit_games.gin_rummy.game", "cardkit_games.tien_len.game")


def cpu_seconds(command: list[str], folder: str) -> float:
    """User + system CPU seconds of one run of ``command`` (output discarded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=folder)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def imported(command: list[str], folder: str) -> set[str]:
    """Modules imported by ``command`` (a python command), from -X importtime."""
    done = subprocess.run([command[0], "-X", "importtime", *command[1:]], check=True,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          cwd=folder)
    return {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:") and "|" in line and "cumulative" not in line}


def main() -> None:
    """Print the ratios and the import checks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    python = args.python
    script = Path(python).with_name("cardkit")
    cardkit = [str(script)] if script.exists() else [python, "-m", "cardkit_cli"]
    pairs = {
        "cardkit --help / import click": ([*cardkit, "--help"], [python, "-c", "import click"]),
        "cardkit games / click + entry points": ([*cardkit, "games"],
                                                 [python, "-c", FLOOR_GAMES]),
    }
    failed = False
    with tempfile.TemporaryDirectory() as folder:  # no checkout on the import path
        ratios: dict[str, list[float]] = {name: [] for name in pairs}
        for run in range(args.runs):
            for name, (command, floor) in pairs.items():
                order = [command, floor] if run % 2 else [floor, command]
                times = {tuple(c): cpu_seconds(c, folder) for c in order}
                ratios[name].append(times[tuple(command)] / max(times[tuple(floor)], 1e-6))
        print(f"{'start-up (CPU time)':<40}{'ratio':>7}   spread over {args.runs} runs")
        for name, values in ratios.items():
            print(f"{name:<40}{statistics.median(values):>6.2f}x   "
                  f"({min(values):.2f}-{max(values):.2f})")
        python_cli = [python, "-m", "cardkit_cli"]
        help_modules = imported([*python_cli, "--help"], folder)
        bad = sorted(m for m in help_modules if m in HELP_FORBIDDEN or m.split(".")[0] in
                     ("rich", "matplotlib", "cardkit_games", "dask"))
        print("--help imports of rich/attrs/metadata/games:", ", ".join(bad) or "none")
        games_modules = imported([*python_cli, "games"], folder)
        bad_games = sorted(m for m in games_modules if m in GAMES_FORBIDDEN
                           or m.split(".")[0] == "rich")
        print("games imports of rich/attrs/game states:", ", ".join(bad_games) or "none")
        plugins = sorted({m.split(".")[0] for m in games_modules
                          if m.startswith("cardkit_") and m.split(".")[0] not in
                          ("cardkit_cli", "cardkit_games")})
        if plugins:
            print("plugins imported to be listed (no cardkit.game_about):", ", ".join(plugins))
        failed = bool(bad or bad_games)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
