"""The three lessons of docs/lab.md: their commands, run again, and the page checked against them.

Each lesson is one ``cardkit lab`` command; it writes its report (``docs/lab/NAME.md``, the
figure beside it, Lesson 1 also the HTML page) and its result as JSON (``docs/lab/NAME.json``,
which ``cardkit.lab.load`` reads back). ``--run`` runs the three again (minutes: under ``nice``,
the machine may be shared) and prints each one's time; without it the page is checked against
what they wrote, which takes a second (``tests/lab/test_lab_lessons.py`` does it):

- each lesson's command in docs/lab.md is the one here, word for word;
- the findings the lesson quotes are the result's own findings (from its JSON), every one, in
  order, and the report's findings are the same;
- every measured figure the lesson's prose quotes (a number with a decimal point or a percent
  sign) is printed in its report.

    python docs/lab/lessons.py          # check docs/lab.md against the lessons' files
    python docs/lab/lessons.py --run    # run the three commands again, then check
"""

from __future__ import annotations

import re
import resource
import shlex
import subprocess
import sys
import time
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "lab.md"


@attrs.frozen
class Lesson:
    """One lesson: its heading in docs/lab.md, its files' name under docs/lab/, its command."""

    heading: str
    name: str
    command: str

    @property
    def json(self) -> Path:
        """The result the command wrote."""
        return ROOT / "docs" / "lab" / f"{self.name}.json"

    @property
    def report(self) -> Path:
        """The Markdown report the command wrote."""
        return ROOT / "docs" / "lab" / f"{self.name}.md"


LESSONS = (
    Lesson("### Lesson 1", "hit-penalty",
           "cardkit lab tonk --players 3 --hands 5000 --sweep hit_penalty_turns=0..5 "
           "--skill-hands 0 --seed 1 --report docs/lab/hit-penalty.html "
           "--report docs/lab/hit-penalty.md --json docs/lab/hit-penalty.json"),
    Lesson("### Lesson 2", "bombs",
           "cardkit lab tien-len --hands 2000 --baseline bombs --compare 'no bombs: bombs=false' "
           "--compare 'cross bombs: cross_bomb_beating=true "
           "longer_double_sequence_beats_shorter=true' --skill-hands 0 --no-lead --seed 1 "
           "--examples docs/lab/bomb-deals --report docs/lab/bombs.md --json docs/lab/bombs.json"),
    Lesson("### Lesson 3", "knock-limit",
           "cardkit lab gin-rummy --players 2 --hands 2000 --rule knock_limit=5 "
           "--baseline 'limit 5' --compare 'limit 10: knock_limit=10' --skill-hands 0 "
           "--skill-trace random,easy,normal --trace-deals 300 --seed 1 "
           "--report docs/lab/knock-limit.md --json docs/lab/knock-limit.json"),
)

#: A measured figure: a number with a decimal point or a percent sign (sizes and rule values,
#: whole numbers, are the commands' own).
FIGURE = re.compile(r"(?<![\w.])[+\-−]?\d+(?:\.\d+)?%|(?<![\w.])[+\-−]?\d+\.\d+")


def section(page: str, heading: str) -> str:
    """The text of the lesson under ``heading``, up to the next heading of its level or above."""
    start = page.index(heading)
    rest = page[start + len(heading):]
    end = re.search(r"^#{2,3} ", rest, flags=re.MULTILINE)
    return rest if end is None else rest[:end.start()]


def _commands(text: str) -> list[str]:
    """The ``cardkit lab`` commands in a section's code blocks, continuation lines joined."""
    blocks = re.findall(r"```\n(.*?)```", text, flags=re.DOTALL)
    joined = [" ".join(block.replace("\\\n", " ").split()) for block in blocks]
    return [command for command in joined if command.startswith("cardkit lab ")]


def check() -> list[str]:
    """What in docs/lab.md disagrees with the lessons' files (empty when nothing does)."""
    from cardkit.lab import load

    page = PAGE.read_text(encoding="utf-8")
    problems = []
    for lesson in LESSONS:
        text = section(page, lesson.heading)
        if lesson.command not in _commands(text):
            problems.append(f"{lesson.heading}: its command is not {lesson.command!r}")
        findings = load(lesson.json).findings()
        quoted = [line[len("> - "):] for line in text.splitlines() if line.startswith("> - ")]
        if quoted != findings:
            missing = [f for f in findings if f not in quoted]
            extra = [q for q in quoted if q not in findings]
            problems.append(f"{lesson.heading}: the quoted findings are not the run's "
                            f"(missing {missing}, not the run's {extra})")
        report = lesson.report.read_text(encoding="utf-8")
        if any(f"- {finding}" not in report for finding in findings):
            problems.append(f"{lesson.heading}: {lesson.report.name} has other findings")
        prose = "\n".join(line for line in text.splitlines()
                          if not line.startswith("> - ") and not line.startswith("cardkit "))
        prose = re.sub(r"```.*?```", "", prose, flags=re.DOTALL)
        for figure in FIGURE.findall(prose):
            plain = figure.replace("−", "-")
            if plain.lstrip("+-") not in report:
                problems.append(f"{lesson.heading}: {figure} is in the prose but not in "
                                f"{lesson.report.name}")
    return problems


def run() -> None:
    """Run the three commands again (from the repository's root), each timed in CPU seconds
    (this process's children: the command and its workers) with the load it ran under."""
    for lesson in LESSONS:
        with open("/proc/loadavg") as stream:
            load_before = stream.read().split()[:3]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        subprocess.run(["nice", *shlex.split(lesson.command)], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print(f"{lesson.heading[4:]}: {time.perf_counter() - began:.0f} s, {cpu:.0f} s of CPU "
              f"(load {' '.join(load_before)})")


def main(argv: list[str]) -> int:
    """Run (with ``--run``) and check; exit 1 when the page disagrees with the files."""
    if "--run" in argv:
        run()
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
