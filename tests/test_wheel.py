"""The wheel as a user installs it: built by maturin (abi3, manylinux2014, linked by zig),
installed into a fresh virtual environment outside the source tree, then the README's
doctests and the command line run against the installed package.

``HOLECARD_WHEEL=path/to.whl`` tests a wheel built beforehand (``make wheel``) instead of
building one here.
"""

from __future__ import annotations

import os
import re
import subprocess
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=1800
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("HOLECARD_WHEEL")
    if given:
        return Path(given).resolve()
    out = tmp_path_factory.mktemp("dist")
    # The Makefile's recipe, so the wheel tested is the wheel `make wheel` builds.
    run("make", "--no-print-directory", "wheel", f"DIST={out}", cwd=ROOT)
    (built,) = out.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment (outside the source tree) with the wheel installed."""
    home = tmp_path_factory.mktemp("user")
    assert ROOT not in home.parents
    env_dir = home / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    run(python, "-m", "pip", "install", "--quiet", str(wheel), cwd=home)
    return python


def test_the_wheel_is_portable_and_complete(wheel: Path) -> None:
    # cp311-abi3: one wheel for every CPython from 3.11; manylinux2014 = glibc 2.17.
    assert re.search(r"-cp311-abi3-.*manylinux_2_17_x86_64", wheel.name), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    for part in ("holecard/_core.abi3.so", "holecard/py.typed", "holecard/_core.pyi"):
        assert part in names
    assert any(n.startswith("holecard/reference/") for n in names)
    metadata = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith(".dist-info/METADATA"))
    )
    text = metadata.decode()
    for field in ("License-Expression: MIT", "Author:", "Project-URL:", "Classifier:"):
        assert field in text
    for extra in ("plot", "testing", "all"):
        assert f"Provides-Extra: {extra}" in text
    assert "# holecard" in text  # the README is the long description


def test_the_installed_package_is_the_wheel(installed: Path) -> None:
    where = run(installed, "-c", "import holecard; print(holecard.__file__)", cwd=installed.parent)
    assert Path(where.strip()).is_relative_to(installed.parent.parent)


def test_readme_doctests_against_the_installed_package(installed: Path) -> None:
    # Run from outside the source tree, so `import holecard` finds the installed copy.
    script = (
        "import doctest, sys\n"
        "r = doctest.testfile(sys.argv[1], module_relative=False,"
        " optionflags=doctest.ELLIPSIS)\n"
        "print(r.attempted, r.failed)\n"
        "sys.exit(r.failed != 0 or r.attempted == 0)\n"
    )
    # A folder outside the tree that sees the shipped test data where the README looks.
    user = installed.parent.parent.parent
    if not (user / "tests").exists():
        (user / "tests").symlink_to(ROOT / "tests")
    out = run(installed, "-c", script, ROOT / "README.md", cwd=user)
    attempted, failed = map(int, out.split()[-2:])
    assert failed == 0
    assert attempted >= 10


def test_command_line_of_the_installed_package(installed: Path) -> None:
    bin_dir = installed.parent
    out = run(bin_dir / "holecard", "eval", "stud", "As Ks Qs Js Ts 2d 3c", cwd=bin_dir)
    assert out.startswith("Royal flush")
    version = run(bin_dir / "holecard", "--version", cwd=bin_dir)
    assert (
        version.split()[-1]
        == run(
            installed, "-c", "import holecard; print(holecard.__version__)", cwd=bin_dir
        ).strip()
    )
    hand = ROOT / "tests" / "data" / "phh" / "wsop-2023-43-5" / "5.phh"
    replay = run(bin_dir / "holecard", "replay", hand, cwd=bin_dir)
    assert replay.rstrip().endswith("finishing stacks match")
