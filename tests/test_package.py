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


#: What ``import holecard`` must not load: optional heavy dependencies, the submodules and
#: names loaded on first use, and the standard modules deferred for import time (``dataclasses``
#: brings ``inspect``; ``tomllib`` brings ``datetime``; ``secrets`` brings ``hashlib``).
NOT_ON_IMPORT = (
    *("numpy", "hypothesis", "pandas", "polars", "pokerkit", "matplotlib", "ray", "dask"),
    *("pettingzoo", "gymnasium", "pyspiel", "selenium", "distributed"),
    *("holecard.batch", "holecard.phh", "holecard.reference", "holecard.testing"),
    *("holecard.cli", "holecard.svg", "holecard.html", "holecard.sites", "holecard.stats"),
    *("holecard.conformance", "holecard.events", "holecard._simulate", "holecard._table"),
    *("holecard._distribute", "holecard.agents"),
    *("dataclasses", "inspect", "tomllib", "secrets"),
)


def test_import_loads_no_heavy_module_and_no_lazy_submodule() -> None:
    out = child(f"import sys, holecard\nprint([m for m in {NOT_ON_IMPORT!r} if m in sys.modules])")
    assert out == "[]"


@pytest.mark.parametrize("name", ["Event", "SeatResult", "SimulationResult", "simulate"])
def test_names_loaded_on_first_use(name: str) -> None:
    out = child(
        f"import holecard\nfrom holecard import {name}\n"
        f"print({name} is getattr(holecard, {name!r}), {name} is holecard.__dict__[{name!r}])"
    )
    assert out == "True True"


def test_deferred_names_of_submodules() -> None:
    import tomllib

    from holecard import events, exceptions, games

    assert games.Event is events.Event
    error = exceptions.HandHistorySyntaxError
    assert issubclass(error, exceptions.HandHistoryError)
    assert issubclass(error, tomllib.TOMLDecodeError)
    assert exceptions.HandHistorySyntaxError is error
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        exceptions.nope  # noqa: B018
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        games.nope  # noqa: B018


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
    # A finder that hides hypothesis, as on a machine where it is not installed: the
    # conformance kit works from holecard.testing, and a strategy says what to install.
    script = (
        "import sys\n"
        "class Hide:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'hypothesis' or name.startswith('hypothesis.'):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Hide())\n"
        "from holecard.testing import check_evaluator, hands, tables\n"
        "from holecard import evaluate_high\n"
        "report = check_evaluator(lambda cs: evaluate_high(cs).strength, 'high', samples=500)\n"
        "print(report.ok)\n"
        "for strategy in (hands, tables):\n"
        "    try:\n"
        "        strategy(7) if strategy is hands else strategy()\n"
        "    except ModuleNotFoundError as err:\n"
        "        print(err, err.name)\n"
    )
    needs = "this holecard.testing strategy needs hypothesis: pip install 'holecard[testing]'"
    assert child(script).splitlines() == ["True", f"{needs} hypothesis", f"{needs} hypothesis"]


def test_prose_that_states_a_constant_states_its_value() -> None:
    # Docstrings that say a number whose home is elsewhere: they must keep saying it.
    from holecard import _core, _simulate, batch

    assert f"from 1 to {_core.MAX_THREADS}" in " ".join((batch.__doc__ or "").split())
    stack = f"(default {_core.DEFAULT_STACK_BIG_BETS} big bets)"
    assert stack in (_simulate.__doc__ or "")
    assert stack in " ".join((_simulate.simulate.__doc__ or "").split())


def test_the_reference_submodules_are_attributes_of_the_package() -> None:
    # As the docs pass it: phh's replay(engine=holecard.reference.engine).
    script = (
        "import holecard.reference as r\n"
        "print(r.engine.SevenCardStud.__name__, r.pots.__name__)\n"
        "try:\n"
        "    r.nope\n"
        "except AttributeError as err:\n"
        "    print(err)\n"
    )
    assert child(script).splitlines() == [
        "SevenCardStud holecard.reference.pots",
        "module 'holecard.reference' has no attribute 'nope'",
    ]
