"""Long native work answers Ctrl-C within a second (issue: hostile input, long runs)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

import holecard
from conftest import python_child, require_test_hooks
from holecard import _core

# An exact four-way fifth-street stud enumeration of 26.5 billion completions: about half
# a minute of one core's work, inside what one machine accepts (on two threads, so that a
# many-core machine does not finish it before the signal).
EQUITY = """
import holecard
print("started", flush=True)
try:
    holecard.equity(
        "stud",
        ["As Ah Ts Th 8h", "Kc Qc Jc Td 3c", "9s 9d 4h 4d 5c", "7s 7d 6h 6c Js"],
        threads=2,
    )
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""

MONTE_CARLO = """
import holecard
print("started", flush=True)
try:
    holecard.equity("stud", ["As Ah", "Kd Kc"], samples=10**11, seed=1)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


# Runs so long that stepping through their remaining units after the interrupt (what the
# native loops once did) takes minutes to forever: they must stop where they are.
HUGE = [
    MONTE_CARLO.replace("samples=10**11", "samples=2**64 - 1"),
    MONTE_CARLO.replace("samples=10**11", "samples=2**64 - 1, threads=1"),
]


@pytest.mark.parametrize(
    "script",
    [EQUITY, MONTE_CARLO, *HUGE],
    ids=["exact", "monte_carlo", "monte_carlo_2**64", "monte_carlo_2**64_one_thread"],
)
def test_sigint_stops_equity_within_a_second(script: str) -> None:
    with python_child(script) as child:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.5)  # well inside the native computation
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        last = child.stdout.readline().strip()
        stopped = time.monotonic() - sent
        child.wait(timeout=30)
    assert last == "interrupted"
    assert stopped < 1.0, f"took {stopped:.2f} s to stop"


def test_a_native_failure_is_a_clean_holecard_error() -> None:
    require_test_hooks()
    with pytest.raises(holecard.InternalError, match="deliberately induced failure") as err:
        _core._induce_internal_error()
    assert isinstance(err.value, holecard.HoleCardError)
    assert isinstance(err.value, Exception)  # PanicException is a BaseException only


SIMULATE = """
import holecard
print("started", flush=True)
try:
    holecard.simulate("stud", players=6, hands=10**9, seed=1, bots="random")
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.parametrize("hands", ["10**9", "10**16"])
def test_sigint_stops_a_simulation_within_a_second(hands: str) -> None:
    test_sigint_stops_equity_within_a_second(SIMULATE.replace("hands=10**9", f"hands={hands}"))


def test_equity_and_simulate_report_progress() -> None:
    seen: list[tuple[int, int]] = []
    holecard.equity(
        "stud8",
        ["As 2s 3d 4c", "Kh Kd Qs Jc"],
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1][0] == seen[-1][1] > 0
    sims: list[tuple[int, int]] = []
    holecard.simulate(
        "stud",
        players=6,
        hands=20_000,
        seed=3,
        bots="random",
        progress=lambda done, total: sims.append((done, total)),
    )
    assert sims[-1] == (20_000, 20_000)
    assert [d for d, _ in sims] == sorted(d for d, _ in sims)


#: ``holecard eval`` run as ``python -m holecard`` runs it ("module"), or as the
#: ``holecard`` script pip writes does ("script"), with a Ctrl-C arriving as the module
#: named first is imported: during the command line's imports, before any command runs.
DURING_IMPORT = """
import os, runpy, signal, sys

TARGET, HOW = sys.argv[1], sys.argv[2]


class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == TARGET:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)  # raised here, inside the import
        return None


import holecard  # the package is loaded before either entry point's own code runs

sys.meta_path.insert(0, CtrlC())
sys.argv = ["holecard", "eval", "stud", "As Ks Qs Js Ts 2d 3c"]
if HOW == "module":
    runpy.run_module("holecard", run_name="__main__", alter_sys=True)
else:
    from holecard.cli import console

    console()
"""


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # as conftest.python_child does


@pytest.mark.parametrize(
    ("target", "how"),
    [
        ("holecard.cli", "module"),
        *(
            (target, how)
            for target in (
                "holecard.cli.parser",
                "argparse",
                "holecard.cli.commands",
                "holecard._narration",
                "holecard.cli.play",
            )
            for how in ("module", "script")
        ),
    ],
)
def test_sigint_while_the_command_line_loads_is_quiet(target: str, how: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", DURING_IMPORT, target, how],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=_default_sigint,
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "\n")
