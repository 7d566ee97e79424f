"""``cardkit new-game``: each template installs in a fresh virtual environment and its
generated tests pass as generated (issue #9); ``--from`` works for any installed game, the
example plugins included (issue #12 §5)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from cardkit_cli.new_game import new_game, write_package
from click.testing import CliRunner

import cardkit

#: ``blank``, the built-in games (each offers its example house rule), and the example plugins:
#: Oklahoma gin inherits gin's example, Conquian and Rummy 500 offer none (their variants are
#: derived from their declared options).
BASES = ("blank", "tonk", "gin-rummy", "tien-len", "oklahoma-gin", "conquian", "rummy500")


def test_writes_the_package_layout(tmp_path: Path) -> None:
    """The command writes pyproject (with the entry point), module, tests and README."""
    result = CliRunner().invoke(new_game, ["my-rummy", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    root = tmp_path / "my-rummy"
    pyproject = (root / "pyproject.toml").read_text()
    assert '[project.entry-points."cardkit.games"]' in pyproject
    assert 'my-rummy = "cardkit_my_rummy:GAME"' in pyproject
    for module in ("game", "options", "state", "phases", "settlement", "rules"):
        assert (root / "cardkit_my_rummy" / f"{module}.py").exists()
    assert "check_game" in (root / "tests" / "test_cardkit_my_rummy.py").read_text()
    assert "pip install" in (root / "README.md").read_text()
    assert "{{" not in "".join(p.read_text() for p in root.rglob("*") if p.is_file())


def test_variant_reuses_the_game_instead_of_copying_it(tmp_path: Path) -> None:
    """A ``--from`` package is a variant: definition.variant + hooks.replace, no state code."""
    root = write_package("gin-house", "gin-rummy", tmp_path)
    source = (root / "cardkit_gin_house" / "variant.py").read_text()
    assert "BASE.variant(" in source and "BASE.hooks.replace(showdown=house_rule)" in source
    assert "BASE.options.extend(" in source
    assert not (root / "cardkit_gin_house" / "state.py").exists()


def test_a_third_party_game_without_an_example_gets_a_default_rule(tmp_path: Path) -> None:
    """Conquian declares no variant example: the scaffold changes one declared option's
    default and lists the game's hooks with their signatures."""
    if "conquian" not in cardkit.available_games():
        pytest.skip("docs/examples/conquian is not installed")
    root = write_package("conquian-house", "conquian", tmp_path)
    source = (root / "cardkit_conquian_house" / "variant.py").read_text()
    assert "defaults=HOUSE_DEFAULTS" in source
    assert "went_out(state" in source
    compile(source, "variant.py", "exec")


def test_installed_names_and_unknown_bases_are_refused(tmp_path: Path) -> None:
    """A new game may not take an installed game's name (it would hide one of them); --from
    names an installed game or blank, and the error lists them."""
    runner = CliRunner()
    taken = runner.invoke(new_game, ["tonk", "--dir", str(tmp_path)])
    assert taken.exit_code == 2
    assert "installed already" in taken.output and "Traceback" not in taken.output
    unknown = runner.invoke(new_game, ["my-game", "--from", "tonkk", "--dir", str(tmp_path)])
    assert unknown.exit_code == 2
    assert "gin-rummy" in unknown.output and "blank" in unknown.output
    assert not (tmp_path / "my-game").exists()


def test_bad_names_and_existing_folders(tmp_path: Path) -> None:
    """Bad names are usage errors (exit 2); an existing folder is refused."""
    runner = CliRunner()
    assert runner.invoke(new_game, ["My Game", "--dir", str(tmp_path)]).exit_code == 2
    assert runner.invoke(new_game, ["ok-game", "--dir", str(tmp_path)]).exit_code == 0
    assert runner.invoke(new_game, ["ok-game", "--dir", str(tmp_path)]).exit_code == 1


def _see_this_environment(venv: Path) -> Path:
    """Let ``venv`` import what the running interpreter has installed. ``--system-site-packages``
    would show the *base* interpreter's packages, not those of the venv the suite runs in. Returns
    the venv's own site-packages folder."""
    paths = {sysconfig.get_paths()[key] for key in ("purelib", "platlib")}
    ask = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = Path(subprocess.run([str(venv / "bin" / "python"), "-c", ask],
                               capture_output=True, text=True, check=True).stdout.strip())
    # an "import" line in a .pth file runs: addsitedir also processes the outer site's own .pth
    # files (editable installs live there)
    lines = [f"import site; site.addsitedir({path!r})" for path in sorted(paths)]
    (site / "_outer_environment.pth").write_text("\n".join(lines) + "\n")
    return site


def _run(args: list[str], cwd: Path | None = None) -> None:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


@pytest.mark.slow
@pytest.mark.parametrize("base", BASES)
def test_generated_package_installs_and_its_tests_pass(base: str, tmp_path: Path) -> None:
    """Generate, install (non-editable) into a fresh venv that also sees this environment's
    packages (cardkit, pytest), and run the generated tests there."""
    if base != "blank" and base not in cardkit.available_games():
        pytest.skip(f"{base} is not installed")
    name = f"try-{base}"
    root = write_package(name, base, tmp_path)
    venv = tmp_path / "venv"
    # no pip of its own (bootstrapping one is most of a venv's cost): this environment's pip
    # installs into it (``--python``)
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    site = _see_this_environment(venv)
    _run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
          "--no-deps", "--no-build-isolation", "-q", str(root)])
    package = "cardkit_" + name.replace("-", "_")
    assert (site / package / "__init__.py").is_file(), "not installed into the new venv"
    _run([str(venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider"],
         cwd=root)
