"""Shared test configuration: hypothesis profiles (choose with HYPOTHESIS_PROFILE)."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

# dev: quick local runs; ci: the default test run; exhaustive: long searches by hand.
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("exhaustive", max_examples=5_000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

#: The shared hand histories and rules, a sibling of the repository (as CI lays it out).
SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
