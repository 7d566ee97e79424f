"""Write docs/lab/reading-numbers.md, the students' page on 95 % intervals and paired tests.

Every number in the page comes from one lab run (the command the page shows) made here, so the
page is regenerated, never typed: ``python docs/lab/reading_numbers.py`` writes it, and
``tests/lab/test_lab_reading.py`` builds it again and checks it is the page in the docs. The
per-hand endings McNemar's test counts are the run's own, kept as its chunks come back.

    python docs/lab/reading_numbers.py            # write the page
    python docs/lab/reading_numbers.py --check    # exit 1 if the page is not what the run gives
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from cardkit.frontends.lab import SerialBackend, Variant, run_experiment
from cardkit.frontends.lab.compare import TEST_TAGS
from cardkit.frontends.lab.experiment import LabResult
from cardkit.frontends.lab.formatting import difference_text, format_metric, interval_text
from cardkit.frontends.lab.simulate import Chunk, ChunkResult
from cardkit.frontends.lab.stats import two_proportion_test

PAGE = Path(__file__).with_name("reading-numbers.md")

#: The run the page reads (small, so a test can make it again in a second or two).
HANDS = 200
SEED = 1
COMMAND = (f"cardkit lab tonk --players 3 --hands {HANDS} --rule hit_penalty_turns=0 "
           "--baseline 'no penalty' --compare 'penalty 3: hit_penalty_turns=3' "
           f"--skill-hands 0 --no-lead --seed {SEED}")


class _KeepingBackend(SerialBackend):
    """Runs the chunks in this process and keeps their per-hand results."""

    def __init__(self) -> None:
        super().__init__()
        self.results: list[ChunkResult] = []

    def run(self, chunks: Sequence[Chunk], on_done: object = None) -> list[ChunkResult]:
        self.results = super().run(chunks)
        return self.results


def run() -> tuple[LabResult, list[list[str]]]:
    """The run, and each variant's endings hand by hand."""
    backend = _KeepingBackend()
    result = run_experiment(
        "tonk", [Variant("no penalty", {"hit_penalty_turns": 0}),
                 Variant("penalty 3", {"hit_penalty_turns": 3})],
        units=HANDS, players=3, seed=SEED, skill_units=0, lead=False, backend=backend)
    endings: list[list[str]] = [[], []]
    for chunk in sorted(backend.results, key=lambda r: (r.variant, r.start)):
        if chunk.kind == "play":
            endings[chunk.variant].extend(chunk.endings)
    return result, endings


def build_page() -> str:
    """The page's Markdown, from a fresh run."""
    result, endings = run()
    base, pen = result.metric(0, "ending.drop"), result.metric(1, "ending.drop")
    diff = result.differences[1]["ending.drop"]
    both = sum(1 for a, b in zip(*endings, strict=True) if a == b == "drop")
    only_base = sum(1 for a, b in zip(*endings, strict=True) if a == "drop" != b)
    only_pen = sum(1 for a, b in zip(*endings, strict=True) if b == "drop" != a)
    neither = HANDS - both - only_base - only_pen
    assert only_base + both == base.successes and only_pen + both == pen.successes
    _, unpaired_p = two_proportion_test(base.successes or 0, base.n, pen.successes or 0, pen.n)
    turns0, turns1 = result.metric(0, "turns"), result.metric(1, "turns")
    turns_diff = result.differences[1]["turns"]
    seat, seat_diff = result.metric(1, "win_rate.seat0"), result.differences[1]["win_rate.seat0"]
    width = (base.high or 0) - (base.low or 0)
    tests = sum(1 for diffs in result.differences for d in diffs.values()
                if d.p_value is not None)
    p = diff.p_value or 0.0
    chance = f"p = {p:.2g}" if p >= 0.001 else "less than 1 in 1 000 (p < 0.001)"
    tag = TEST_TAGS.get(diff.test or "", "")
    test_name = "McNemar's exact test" if tag == "McNx" else "McNemar's test"
    lines = [
        "# Reading the lab's numbers: 95 % intervals and paired tests",
        "",
        "*For students.* The rule lab answers questions such as \"does a hit penalty make "
        f"players drop less often?\" with numbers like `{format_metric(pen)}` and "
        f"`{difference_text(pen, diff)}`. This page explains, in plain words, what those "
        "numbers say and what they do not, on one real run of the lab. Every number below "
        "was produced by this command (and the page is written again from it by "
        "`python docs/lab/reading_numbers.py`, so it cannot drift from what the lab prints):",
        "",
        "```",
        COMMAND,
        "```",
        "",
        f"It plays the same {HANDS} deals of three-player Tonk twice: once without a hit "
        "penalty and once with a 3-turn penalty (a player whose spread was hit may not drop for "
        "three turns). The bots are the same greedy players both times.",
        "",
        "## 1. A 95 % interval: the range the true value is probably in",
        "",
        f"Without a penalty, {base.successes} of the {HANDS} hands ended with a drop. The lab "
        f"writes that as **{format_metric(base)}**.",
        "",
        f"- The first number, {format_metric(base).split()[0]}, is what happened in these "
        f"{HANDS} hands.",
        "- The brackets are the **95 % interval**. Had we played other deals, the share would "
        "have come out a little different. The interval is the range of true shares that fit "
        "what we saw: if we repeated the whole experiment many times, intervals made this way "
        "would contain the true share 95 times in 100.",
        f"- It is {width * 100:.1f} percentage points wide. Four times as many hands make an "
        "interval about half as wide (the width shrinks with the square root of the number of "
        "hands): that is why the lab's lessons play thousands of hands.",
        "- An interval is not always centred on the value. For a share near 0 % or 100 % it "
        "leans away from the edge (a share can never be below 0 %); the lab then writes the "
        "interval in brackets, and writes `value ±h` only when the interval is symmetric, with "
        "h half its width.",
        "",
        f"With the penalty the drops were **{format_metric(pen)}**.",
        "",
        "## 2. The difference, and its own interval",
        "",
        f"The lab compares the penalty with the baseline: **{difference_text(pen, diff)}**, "
        f"with the interval {interval_text(pen, diff)}.",
        "",
        f"- {difference_text(pen, diff, tag=False).split()[0]} pp (percentage points) is the "
        "change in the share of drops.",
        f"- {interval_text(pen, diff)} is the 95 % interval of that change. It does not "
        "contain 0, so the penalty really does lower the share of drops; how much, the "
        "interval says: somewhere between its two ends.",
        "- Do not judge a difference by whether the two intervals of section 1 overlap. The "
        "difference has an interval of its own, and on the same deals it is much narrower "
        "than the two intervals together suggest (next section).",
        "",
        "## 3. A paired test: the same deals, compared hand by hand",
        "",
        f"Both columns are the **same {HANDS} deals**, played by bots seeded alike. So we can "
        "look at each deal twice:",
        "",
        "| deal ended with a drop ... | deals |",
        "| --- | --- |",
        f"| under both rules | {both} |",
        f"| without the penalty only | {only_base} |",
        f"| with the penalty only | {only_pen} |",
        f"| under neither | {neither} |",
        "",
        f"The {both + neither} deals that ended alike say nothing about the rule: the cards "
        f"decided them. Only the {only_base + only_pen} deals that switched carry information. "
        "If the penalty made no difference, a switch would go either way like a coin toss; "
        f"here {only_base} went one way and {only_pen} the other. {test_name} asks how likely "
        f"so lopsided a split is for a fair coin: {chance} — that is the **p-value** "
        f"(`{tag}` names the test: `McN` McNemar's, `McNx` its exact form for fewer than 25 "
        "switches). A small p means \"chance alone would rarely do this\".",
    ]
    lines += [
        "",
        f"Had we treated the two columns as unrelated samples (a two-proportion test), the "
        f"same counts would give p = {unpaired_p:.2g}: the luck of the deal, which both rules "
        "share, drowns the effect. Pairing cancels it. That is why the lab plays the same "
        "deals under every rule.",
        "",
        "Numbers that are not yes/no, such as the length of a hand, are paired the same way: "
        "the **paired *t*-test** (`pt`) looks at the per-deal differences. Hands lasted "
        f"{format_metric(turns0)} turns without the penalty and {format_metric(turns1)} "
        f"with it: {difference_text(turns1, turns_diff)}, interval "
        f"{interval_text(turns1, turns_diff)}.",
        "",
        "## 4. Stars, and many tests at once",
        "",
        "A `*` means *significant*: p below 0.05 after a correction for the many tests a run "
        f"makes. This small run made {tests} tests (every seat's wins and payoff, every "
        "ending, ...). With that many, one of them can reach p < 0.05 by chance alone, so the "
        "lab adjusts the p-values together (Holm's method for who wins, Benjamini and "
        "Hochberg's for the rest); a p below 0.05 that does not survive the adjustment is "
        "written with the adjusted one beside it, `p=... (adjusted ...)`, and gets no star.",
        "",
        f"Who wins, for instance: seat 0 won {format_metric(seat)} of the hands with the "
        f"penalty, {difference_text(seat, seat_diff)}. No star: these {HANDS} deals cannot "
        "tell whether the penalty favours anybody. That is not the same as \"it does not\": "
        f"the interval {interval_text(seat, seat_diff)} says how large an effect is still "
        "possible. More hands narrow it.",
        "",
        "## 5. Four habits",
        "",
        "- **Read the interval, not only the star.** A star says a difference is real, not "
        "that it is large; with 20 000 hands a change of a fraction of a point gets a star.",
        "- **No star is not \"no effect\".** It is \"not shown with these hands\"; the interval "
        "says what is still possible.",
        "- **Compare on the same deals.** The paired tests (`McN`, `McNx`, `pt`) are the "
        "sharp ones; the unpaired ones (`z`, `W`) are used only where deals cannot be paired.",
        "- **Remember who played.** These are greedy bots: the numbers say what the rule does "
        "with these players.",
        "",
        "Back to [the rule lab](../lab.md).",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    """Write the page, or with ``--check`` say whether the page is what the run gives."""
    page = build_page()
    if "--check" in argv:
        if PAGE.read_text(encoding="utf-8") != page:
            print(f"{PAGE} differs from the run: python docs/lab/reading_numbers.py",
                  file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(page, encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
