"""How fast does ``cardkit --help`` start? (The command group must stay lazy.)

Runs ``python -m cardkit_cli --help`` (and the ``cardkit`` console script when installed) several
times and prints the best and median wall times, then checks with ``-X importtime`` that startup
imports neither rich, matplotlib nor any game. Usage: ``python bench/cli_startup.py [runs]``.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time

FORBIDDEN = ("rich", "matplotlib", "games", "dask")


def wall_times(command: list[str], runs: int) -> list[float]:
    """Seconds for each of ``runs`` runs of ``command`` (output discarded)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def imported_modules(command: list[str]) -> list[str]:
    """Top-level modules imported by ``command`` (a python command), from -X importtime."""
    result = subprocess.run([command[0], "-X", "importtime", *command[1:]], check=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    names = set()
    for line in result.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    return sorted(names)


def main() -> None:
    """Print the timings and the forbidden-import check."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    baseline = wall_times([sys.executable, "-c", "pass"], runs)
    commands = {"python -m cardkit_cli --help": [sys.executable, "-m", "cli", "--help"]}
    script = shutil.which("cardkit")
    if script:
        commands["cardkit --help"] = [script, "--help"]
    print(f"{'command':<24} {'best':>8} {'median':>8}   ({runs} runs)")
    print(f"{'python -c pass':<24} {min(baseline):8.3f} {statistics.median(baseline):8.3f}")
    for label, command in commands.items():
        times = wall_times(command, runs)
        print(f"{label:<24} {min(times):8.3f} {statistics.median(times):8.3f}")
    modules = imported_modules([sys.executable, "-m", "cli", "--help"])
    bad = [name for name in modules if name in FORBIDDEN]
    print("startup imports rich/matplotlib/games/dask:", ", ".join(bad) if bad else "none")
    if bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
