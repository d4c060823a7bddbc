"""Differential test of the two game engines: holecard's Rust engine and the reference.

Hypothesis draws a table (game x betting structure x a sample of every RULES §6 option,
or the WSOP profile), stacks and a deck, then plays one hand through both engines with
the same random legal actions (chosen among the fast engine's legal actions: uniform
over the kinds, bet/raise totals at the minimum, the maximum and in between, random
discards, time-outs). After every step both must show the same actor, street, legal
actions, stacks, pots, cards, bets and, at the end, payoffs; illegal actions tried
along the way must be rejected by both and change nothing. The driver lives in
:mod:`holecard.testing` (``play_differential``); street names are mapped as documented
there.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holecard.testing import GAMES, STRUCTURES, play_differential, tables

# One hand per example and 30 game x structure cases: a quarter of the profile's examples
# each (ci: 50, about half a minute in all; exhaustive: 1250).
_PROFILE = settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
_SETTINGS = settings(
    max_examples=max(5, _PROFILE.max_examples // 4),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("betting", STRUCTURES)
@pytest.mark.parametrize("game", GAMES)
@_SETTINGS
@given(data=st.data())
def test_engines_agree(game: str, betting: str, data: st.DataObject) -> None:
    table = data.draw(tables(game, betting), label="table")
    play_differential(data.draw, table)


@pytest.mark.parametrize("betting", STRUCTURES)
@pytest.mark.parametrize("game", GAMES)
@_SETTINGS
@given(data=st.data())
def test_engines_agree_wsop_profile(game: str, betting: str, data: st.DataObject) -> None:
    table = data.draw(tables(game, betting, profile="wsop"), label="table")
    play_differential(data.draw, table)
