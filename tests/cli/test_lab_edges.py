"""The rule lab's command-line edges: Ctrl-C stops at once with any local backend and keeps
what every variant finished, output paths are checked before any work, --compare errors name
--compare, and the progress bar knows its total from the start."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from cardkit_cli.main import cli
from click.testing import CliRunner

from cardkit.frontends.lab import LabInterrupted, Variant, run_experiment
from cardkit.frontends.lab.backends import Backend, ChunksInterrupted
from cardkit.frontends.lab.simulate import run_chunk


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_unwritable_outputs_are_refused_before_the_simulation(monkeypatch):
    import cardkit.frontends.lab

    def no_work(*args, **kwargs):
        raise AssertionError("the simulation started")

    monkeypatch.setattr(cardkit.frontends.lab, "run_experiment", no_work)
    for flag in ("--json", "--csv", "--plot"):
        result = run("lab", "tonk", "--hands", "10", flag, "/nonexistent/folder/x.out")
        assert result.exit_code == 2, result.output
        assert f"{flag} /nonexistent/folder/x.out: there is no folder" in result.output


def test_compare_without_equals_names_compare():
    result = run("lab", "tonk", "--hands", "10", "--compare", "hit_penalty_turns")
    assert result.exit_code == 2
    assert "--compare 'hit_penalty_turns'" in result.output and "--rule" not in result.output


@pytest.mark.parametrize("text", ["", "  ", ";"])
def test_blank_compare_is_refused(text):
    result = run("lab", "tonk", "--hands", "10", "--compare", text)
    assert result.exit_code == 2
    assert "--compare" in result.output and "name=value" in result.output


def test_progress_starts_with_its_total():
    calls = []
    run_experiment("tonk", [Variant("base", {})], units=20, workers=1, skill_units=0,
                   progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 20) and calls[-1] == (20, 20)


class StopAfter(Backend):
    """Runs ``finished`` chunks, then behaves as if Ctrl-C arrived."""

    name = "test"

    def __init__(self, finished):
        self.finished = finished

    def run(self, chunks, on_done=None):
        raise ChunksInterrupted([run_chunk(chunk) for chunk in chunks[:self.finished]])


def test_an_interrupted_run_keeps_the_units_every_variant_finished():
    variants = [Variant("base", {}), Variant("locks", {"hit_penalty_turns": 3})]
    with pytest.raises(LabInterrupted) as caught:
        run_experiment("tonk", variants, units=40, chunk_size=10, skill_units=0,
                       backend=StopAfter(3))
    partial = caught.value.partial
    # chunks alternate between the variants: three finished = units 0-9 of both, and 10-19
    # of the baseline only, which the paired comparison cannot use
    assert partial is not None and partial.interrupted and partial.units == 10
    assert partial.to_dict()["interrupted"] is True
    with pytest.raises(LabInterrupted) as caught:
        run_experiment("tonk", variants, units=40, chunk_size=10, skill_units=0,
                       backend=StopAfter(1))
    assert caught.value.partial is None


# A terminal's Ctrl-C reaches a program whose SIGINT is at its default. A test run started in
# the background of a non-interactive shell (or under some CI runners) passes SIGINT down
# ignored, and an ignored signal stays ignored across exec; so the child restores the default
# before it starts the command, as a program started at a terminal has it.
AS_AT_A_TERMINAL = ("import runpy, signal, sys; signal.signal(signal.SIGINT, "
                    "signal.default_int_handler); sys.argv[0] = 'cardkit'; "
                    "runpy.run_module('cardkit_cli', run_name='__main__', alter_sys=True)")


def _processes_in_group(group: int) -> int:
    """How many live processes are in process group ``group`` (Linux's /proc)."""
    count = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:  # the process ended meanwhile
                continue
            count += fields[0] != "Z" and int(fields[2]) == group
    return count


def interrupt_lab(tmp_path, processes, *args):
    """Start ``cardkit lab`` in its own process group, send Ctrl-C to the group (as a terminal
    does) once ``processes`` processes run in it (the lab and its workers: the run has
    started, however loaded the machine); return (exit code, seconds to stop, stderr)."""
    process = subprocess.Popen(
        [sys.executable, "-c", AS_AT_A_TERMINAL, "lab", "tonk", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        cwd=tmp_path)
    deadline = time.monotonic() + 60
    while (_processes_in_group(process.pid) < processes and process.poll() is None
           and time.monotonic() < deadline):
        time.sleep(0.05)
    started = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    return process.returncode, time.monotonic() - started, err


def ctrl_c_at_a_terminal_once_hands_finished(tmp_path, *args):
    """Start ``cardkit lab`` at a pseudo-terminal, wait for its progress bar to count a
    finished hand, then type Ctrl-C (the terminal sends SIGINT to the lab and its workers);
    return (exit code, seconds to stop, everything the terminal showed)."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-c", AS_AT_A_TERMINAL, "lab", "tonk", *args],
                          cwd=str(tmp_path), timeout=60, dimensions=(24, 160))
    try:
        child.expect(rb"simulating.*?\b[1-9][0-9]*/[0-9]+")
        shown = child.before + child.after
        started = time.monotonic()
        child.sendintr()
        child.expect(pexpect.EOF, timeout=20)
        seconds = time.monotonic() - started
        child.close()
        return child.exitstatus, seconds, (shown + child.before).decode(errors="replace")
    finally:
        if child.isalive():
            child.kill(signal.SIGKILL)


@pytest.mark.parametrize("backend", [("--workers", "1"), ("--workers", "2"),
                                     ("--workers", "2", "--cluster", "local")])
def test_ctrl_c_stops_the_lab_quickly_and_writes_what_finished(tmp_path, backend):
    if "--cluster" in backend:
        pytest.importorskip("distributed")
    out = tmp_path / "lab.json"
    code, seconds, shown = ctrl_c_at_a_terminal_once_hands_finished(
        tmp_path, "--hands", "1000000", *backend, "--no-lead", "--skill-hands", "0",
        "--json", str(out))
    assert code == 130, shown
    assert seconds < 5, f"took {seconds:.1f} s to stop"
    assert "Traceback" not in shown
    assert "partial results" in shown
    assert json.loads(out.read_text())["interrupted"] is True


def test_ctrl_c_before_anything_finished_says_nothing_was_written(tmp_path):
    out = tmp_path / "lab.json"
    # searching bots (about a second a move): no chunk of hands can finish before the Ctrl-C,
    # however fast the machine
    code, seconds, err = interrupt_lab(tmp_path, 3, "--hands", "1000000", "--workers", "2",
                                       "--bots", "hard", "--json", str(out))
    assert code == 130 and seconds < 5
    assert "nothing was written" in err and not out.exists()


def test_every_chart_panel_has_x_labels_and_an_all_zero_panel_keeps_its_axis():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from cardkit.frontends.lab.plot import build_figure

    # with no lead evaluation and hit locks off, some panels measure only zeros
    result = run_experiment("tonk", [Variant("base", {}), Variant("b", {"jokers": 2})],
                            units=30, workers=1, skill_units=10, lead=True)
    figure = build_figure(result)
    try:
        shown = [axis for axis in figure.axes if axis.get_visible()]
        assert shown
        for axis in shown:
            labels = [label.get_text() for label in axis.get_xticklabels()]
            assert labels and all(labels), axis.get_title()
        zero = [axis for axis in shown
                if any(text.get_text() == "every variant: 0" for text in axis.texts)]
        for axis in zero:
            assert axis.get_ylim()[1] > 0
    finally:
        plt.close(figure)


def test_an_all_zero_panel_is_drawn_with_a_note():
    pytest.importorskip("matplotlib")
    import attrs
    import matplotlib.pyplot as plt

    from cardkit.frontends.lab.plot import build_figure

    result = run_experiment("tonk", [Variant("base", {})], units=10, workers=1, skill_units=0)
    result.metrics[0] = [attrs.evolve(m, value=0.0, low=0.0, high=0.0)
                         if m.key == "void_rate" else m for m in result.metrics[0]]
    figure = build_figure(result)
    try:
        void = next(axis for axis in figure.axes if axis.get_title() == "hands with no winner")
        assert void.get_ylim() == (0, 100)
        assert [text.get_text() for text in void.texts] == ["every variant: 0"]
        assert [label.get_text() for label in void.get_xticklabels()] != [""]
    finally:
        plt.close(figure)
