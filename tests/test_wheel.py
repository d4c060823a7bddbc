"""The wheels as a user installs them: built by maturin (manylinux2014, linked by zig), one
on the stable ABI for every CPython from 3.11 and one for the CPython running the tests,
each installed into a fresh virtual environment outside the source tree, then the README's
doctests and the command line run against the installed package.

``HOLECARD_DIST=folder`` tests the wheels ``make wheel`` built there beforehand instead of
building them here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The extension's file name in the version-specific wheel, e.g. `.cpython-311-x86_64-linux-gnu.so`.
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
PYTHON_TAG = f"cp{sys.version_info.major}{sys.version_info.minor}"
# The tag of the wheel for every CPython from 3.11.
ABI3_TAG = "cp311-abi3"


def run(
    *args: str | Path, cwd: Path, env: dict[str, str] | None = None, timeout: float = 1800
) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def made(goal: str, variable: str, given: str, factory: pytest.TempPathFactory) -> Path:
    """The folder that `make goal variable=folder` fills, or the one named by the
    environment variable `given`, filled by that command beforehand."""
    if os.environ.get(given):
        return Path(os.environ[given]).resolve()
    out = factory.mktemp(goal)
    # The Makefile's recipe, so the wheels tested are the wheels it builds. Cross builds
    # of every platform take long on a busy machine.
    run("make", "--no-print-directory", goal, f"{variable}={out}", cwd=ROOT, timeout=5400)
    return out


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of wheels and sdist that `make wheel` builds."""
    return made("wheel", "DIST", "HOLECARD_DIST", tmp_path_factory)


def the_wheel(dist: Path, tag: str) -> Path:
    (built,) = dist.glob(f"holecard-*-{tag}-*.whl")
    return built


def metadata(wheel: Path) -> str:
    with zipfile.ZipFile(wheel) as z:
        return z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()


@pytest.mark.parametrize(
    ("tag", "extension"),
    [
        # One wheel for every CPython from 3.11.
        (ABI3_TAG, "holecard/_core.abi3.so"),
        # One for this CPython alone, which pip prefers where it fits.
        (f"{PYTHON_TAG}-{PYTHON_TAG}", f"holecard/_core{EXT_SUFFIX}"),
    ],
)
def test_the_wheels_are_portable_and_complete(dist: Path, tag: str, extension: str) -> None:
    wheel = the_wheel(dist, tag)
    # manylinux2014 = glibc 2.17.
    assert re.search(rf"-{tag}-.*manylinux_2_17_x86_64\.whl$", wheel.name), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    for part in (extension, "holecard/py.typed", "holecard/_core.pyi"):
        assert part in names
    assert [n for n in names if n.startswith("holecard/_core.") and n.endswith(".so")] == [
        extension
    ]
    assert any(n.startswith("holecard/reference/") for n in names)
    text = metadata(wheel)
    for field in ("License-Expression: MIT", "Author:", "Project-URL:", "Classifier:"):
        assert field in text
    for extra in ("plot", "testing", "all"):
        assert f"Provides-Extra: {extra}" in text
    assert "# holecard" in text  # the README is the long description


@pytest.fixture(scope="module", params=["found", "abi3"])
def installed(
    request: pytest.FixtureRequest, dist: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A fresh virtual environment (outside the source tree) with holecard installed:
    `found`, the wheel pip picks from the folder `make wheel` fills, as it would from an
    index; `abi3`, the wheel for every CPython."""
    home = tmp_path_factory.mktemp("user")
    assert ROOT not in home.parents
    env_dir = home / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    abi3 = the_wheel(dist, ABI3_TAG)
    if request.param == "abi3":
        run(python, "-m", "pip", "install", "--quiet", abi3, cwd=home)
    else:
        # The dependencies first, from the index, as the wheels declare them; then holecard
        # from the folder alone, so that pip chooses among the wheels built here.
        requires = Parser().parsestr(metadata(abi3)).get_all("Requires-Dist") or []
        needed = [r for r in requires if "extra ==" not in r]
        assert needed, requires
        run(python, "-m", "pip", "install", "--quiet", *needed, cwd=home)
        # Only this folder: a PIP_FIND_LINKS the machine sets could offer other builds.
        alone = {k: v for k, v in os.environ.items() if k != "PIP_FIND_LINKS"}
        run(
            python,
            *("-m", "pip", "install", "--quiet", "--no-index", "--find-links", dist, "holecard"),
            cwd=home,
            env=alone,
        )
    return python


def test_each_install_holds_the_expected_extension(
    installed: Path, request: pytest.FixtureRequest
) -> None:
    # From the folder of both wheels pip must pick the one built for its CPython.
    where = run(
        installed, "-c", "import holecard._core as c; print(c.__file__)", cwd=installed.parent
    ).strip()
    wanted = {"found": EXT_SUFFIX, "abi3": ".abi3.so"}[request.node.callspec.params["installed"]]
    assert where.endswith(f"_core{wanted}"), where


def test_the_wheels_hold_no_test_hooks(installed: Path) -> None:
    # The hooks that panic on purpose are built only with the test-hooks feature (make dev).
    script = "import holecard._core as c; print(hasattr(c, '_induce_internal_error'))"
    assert run(installed, "-c", script, cwd=installed.parent).strip() == "False"


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
