"""Shared test configuration: hypothesis profiles (choose with HYPOTHESIS_PROFILE), the
test data folder, and a child interpreter that Ctrl-C can reach."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# dev: quick local runs; ci: the default test run; exhaustive: long searches by hand.
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("exhaustive", max_examples=5_000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

#: Everything the tests read, inside the repository (provenance in tests/data/README.md).
DATA = Path(__file__).resolve().parent / "data"
#: The real PHH hand histories.
PHH_DIR = DATA / "phh"


#: Keyword arguments for a test's Dask ``LocalCluster``: no dashboard, and the scheduler's
#: HTTP endpoint on a free loopback port rather than Dask's fixed 8787, so that two clusters
#: (two test processes under pytest-xdist, or another run on the machine) never collide
#: (Dask would warn and move, and the tests turn warnings into errors).
DASK_LOCAL: dict[str, object] = {
    "dashboard_address": None,
    "scheduler_kwargs": {"dashboard": False, "dashboard_address": "127.0.0.1:0"},
}


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def python_child(script: str) -> subprocess.Popen[str]:
    """A Python child running ``script`` with its stdout piped, for the Ctrl-C tests.

    SIGINT is reset to its default in the child before Python starts: a test run started
    in the background inherits SIGINT as ignored, and Python then installs no
    KeyboardInterrupt handler, so those tests would measure the shell, not holecard.
    """
    return subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=_default_sigint,
    )


def require_test_hooks() -> None:
    """Fails (never skips) where the extension lacks its test hooks.

    The hooks that panic on purpose (``_core._induce_internal_error``) are compiled only with
    the ``test-hooks`` feature, which ``make dev`` turns on and the wheels leave out.
    """
    from holecard import _core

    if not hasattr(_core, "_induce_internal_error"):
        pytest.fail(
            "this test needs the extension built with its test hooks: run make dev "
            "(maturin develop --release --features test-hooks)"
        )
