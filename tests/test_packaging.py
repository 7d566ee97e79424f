"""The installed package names are ours alone (issue #12 §1).

The repository keeps the folders ``cardkit/``, ``games/`` and ``cli/``; they install as
``cardkit``, ``cardkit_games`` and ``cardkit_cli``, so a user's own ``games`` or ``cli`` package
(very common names) can neither hide ours nor be overwritten by ours.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _tracked_copy(destination: Path) -> Path:
    """The files git tracks (what a clean checkout has), copied to ``destination``; building
    there keeps the build folder out of the working tree and parallel tests apart."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("needs a git checkout")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    return destination


@pytest.mark.slow
def test_the_wheel_installs_only_our_names(tmp_path: Path) -> None:
    source = _tracked_copy(tmp_path / "src")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                           "--no-build-isolation", "-w", str(tmp_path / "dist"), str(source)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("cardkit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert top == {"cardkit", "cardkit_games", "cardkit_cli"}
    assert "cardkit/py.typed" in names  # plugin authors get our types
    installed_as = {"cardkit": "cardkit", "games": "cardkit_games", "cli": "cardkit_cli"}
    for top, package_name in installed_as.items():  # every package folder is in the wheel
        for init in sorted((source / top).rglob("__init__.py")):
            folder = init.parent.relative_to(source)
            package = "/".join((package_name, *folder.parts[1:]))
            assert f"{package}/__init__.py" in names, f"{folder} is not installed"
    assert "cardkit_cli/templates/blank/PACKAGE/state.py.tmpl" in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "tonk = cardkit_games.tonk:GAME" in text
    assert "cardkit = cardkit_cli.main:main" in text


#: The optional C extensions (setup.py): each ships its source and its types.
KERNELS = ("cardkit/libraries/melds/_kernel", "cardkit/libraries/climbing/_kernel")


@pytest.mark.slow
def test_the_sdist_ships_the_kernels_sources(tmp_path: Path) -> None:
    source = _tracked_copy(tmp_path / "src")
    # setuptools' own sdist command (what a build front end runs, without needing one)
    done = subprocess.run([sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path / "dist")],
                          cwd=source, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    (sdist,) = (tmp_path / "dist").glob("cardkit-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for kernel in KERNELS:
        assert f"{kernel}.c" in names and f"{kernel}.pyi" in names


@pytest.mark.slow
def test_the_kernels_are_optional(tmp_path: Path) -> None:
    """Without a working C compiler the wheel still builds, with the Python code alone (and the
    kernels' types); the kernels' loaders then fall back to it."""
    source = _tracked_copy(tmp_path / "src")
    env = {**os.environ, "CC": "false", "LDSHARED": "false"}
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                           "--no-build-isolation", "-w", str(tmp_path / "dist"), str(source)],
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("cardkit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for kernel in KERNELS:
        assert f"{kernel}.pyi" in names
        assert not [name for name in names if name.startswith(f"{kernel}.cpython")
                    or name.endswith((".so", ".pyd"))]


def _users_folder(tmp_path: Path) -> Path:
    """A working folder holding the user's own ``games`` and ``cli`` packages, which shout if
    anything imports them."""
    for package in ("games", "cli"):
        folder = tmp_path / package
        (folder / "tonk").mkdir(parents=True)
        (folder / "__init__.py").write_text(
            f"raise RuntimeError('the user\\'s own {package} package was imported')\n")
        (folder / "tonk" / "__init__.py").write_text("")
    (tmp_path / "cli" / "__main__.py").write_text("print('the user\\'s cli')\n")
    return tmp_path


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120, env=env)


def test_a_users_own_games_and_cli_packages_hide_nothing(tmp_path: Path) -> None:
    folder = _users_folder(tmp_path)
    code = ("import cardkit; names = cardkit.available_games(); print(names); "
            "game = cardkit.load_game('tonk'); state = game.new_hand(seed=3); "
            "print(len(state.legal_actions()) > 0)")
    done = _run([sys.executable, "-c", code], folder)
    assert done.returncode == 0, done.stderr[-2000:]
    listed, has_moves = done.stdout.strip().splitlines()
    assert {"gin-rummy", "tien-len", "tonk"} <= set(ast.literal_eval(listed))
    assert has_moves == "True"

    console = BIN / "cardkit"
    command = [str(console)] if console.exists() else [sys.executable, "-m", "cardkit_cli"]
    done = _run([*command, "games"], folder)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "tonk" in done.stdout and "tien-len" in done.stdout

    done = _run([*command, "play", "tonk", "--auto", "--hands", "1", "--seed", "4"], folder)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "RuntimeError" not in done.stdout + done.stderr

    done = _run([sys.executable, "-m", "cardkit_cli", "--help"], folder)
    assert done.returncode == 0 and "Usage" in done.stdout
