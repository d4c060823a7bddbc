"""The package as a new user meets it: what ``import holecard`` loads and exposes."""

from __future__ import annotations

import subprocess
import sys

import pytest

import holecard


def child(script: str) -> str:
    """Run ``script`` in a fresh interpreter (so nothing is imported yet) and return stdout."""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_import_loads_neither_numpy_nor_hypothesis_nor_the_lazy_submodules() -> None:
    out = child(
        "import sys, holecard\n"
        "print(sorted(m for m in ('numpy', 'hypothesis', 'holecard.batch', 'holecard.phh',"
        " 'holecard.reference', 'holecard.testing', 'holecard.cli', 'holecard.svg',"
        " 'holecard.html', 'holecard.sites', 'holecard.stats', 'holecard.conformance',"
        " 'holecard._distribute', 'ray', 'dask', 'distributed',"
        " 'holecard.agents', 'pettingzoo', 'gymnasium', 'pyspiel',"
        " 'pandas', 'polars', 'pokerkit') if m in sys.modules))"
    )
    assert out == "[]"


@pytest.mark.parametrize(
    "name",
    [
        "agents",
        "batch",
        "cli",
        "conformance",
        "html",
        "phh",
        "reference",
        "sites",
        "stats",
        "svg",
        "testing",
    ],
)
def test_submodules_on_attribute_access(name: str) -> None:
    out = child(f"import holecard\nprint(holecard.{name}.__name__)")
    assert out == f"holecard.{name}"


def test_phh_after_plain_import() -> None:
    out = child(
        "import holecard\nprint(callable(holecard.phh.load), callable(holecard.phh.loads))"
    )
    assert out == "True True"


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        holecard.nope  # noqa: B018


def test_no_stray_public_names() -> None:
    submodules = {
        "agents",
        "batch",
        "cli",
        "conformance",
        "events",
        "exceptions",
        "games",
        "gymnasium",
        "html",
        "openspiel",
        "options",
        "pettingzoo",
        "phh",
        "reference",
        "sites",
        "stats",
        "svg",
        "testing",
    }
    stray = (
        {n for n in dir(holecard) if not n.startswith("_")} - set(holecard.__all__) - submodules
    )
    assert stray == set()
    assert "annotations" not in dir(holecard)
    assert set(holecard.__all__) <= set(dir(holecard))


def test_testing_without_hypothesis_says_what_to_install() -> None:
    # A finder that hides hypothesis, as on a machine where it is not installed.
    script = (
        "import sys\n"
        "class Hide:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'hypothesis' or name.startswith('hypothesis.'):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Hide())\n"
        "import holecard\n"
        "try:\n"
        "    holecard.testing\n"
        "except ModuleNotFoundError as err:\n"
        "    print(err)\n"
    )
    assert child(script) == "holecard.testing needs hypothesis: pip install 'holecard[testing]'"
