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

from holecard import testing
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


@pytest.mark.parametrize(
    ("order", "odd_chip_to"),
    [
        ("POSITION", 1),
        ("HIGH_CARD_BY_SUIT_BEST5", 1),  # 6s over 6d: the ace is low in razz
        ("HIGH_CARD_BY_SUIT_ALL", 2),  # 7c over 6s
        ("LOW_CARD_BY_SUIT_ALL", 1),  # Ac under Ad
    ],
)
def test_g_1_11_4_razz_odd_chip_orders_in_both_engines(order: str, odd_chip_to: int) -> None:
    """Found by the differential test: seats 1 and 2 split 3 chips with 6-4-3-2-A; the
    odd-chip orders rank cards as razz does (ace low) in both engines."""
    first = [
        "2c",
        "2d",
        "2h",
        "2s",
        "3c",
        "3d",
        "3h",
        "3s",
        "4c",
        "4d",
        "4h",
        "4s",
        "5c",
        "Ac",
        "Ad",
        "5s",
        "6c",
        "6d",
        "6h",
        "6s",
        "7c",
    ]
    rest = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs" if f"{r}{s}" not in first]
    options = {
        "odd_chip_order": order,
        "burn_cards": False,
        "stud_dealer_position": "FIXED",
    }
    table = testing.Table(
        game="razz",
        betting="POT_LIMIT",
        stakes=tuple(
            {"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4, "min_bet": 2}.items()
        ),
        options=tuple(options.items()),
        profile="default",
        stacks=(1, 1, 1),
        deck=tuple(first + rest),
        dealer=None,
    )
    fast, ref = table.fast(), table.reference()
    testing.assert_same_state(fast, ref, order)
    want = [0, 1, 1]
    want[odd_chip_to] += 1
    assert list(fast.stacks) == want


def test_d_10_standing_pat_with_an_empty_stub_does_not_reshuffle() -> None:
    """Found by the differential test (WSOP profile, EXCLUDE_CURRENT_ROUND): the stub runs
    out just as a player stands pat; he needs no card, so neither engine reshuffles."""
    deck = tuple(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs")
    table = testing.Table(
        game="deuce_seven",
        betting="FIXED_LIMIT",
        stakes=(
            ("ante", 0),
            ("big_bet", 4),
            ("big_blind", 2),
            ("small_bet", 2),
            ("small_blind", 1),
        ),
        options=(),
        profile="wsop",
        stacks=(1, 1, 1, 3, 3, 3),
        deck=deck,
        dealer=0,
    )
    pat: testing.GameAction = ("draw", ())
    actions: list[testing.GameAction] = [
        *[("call",)] * 3,
        ("fold",),
        ("stand_pat",),
        ("draw", ("2d", "3s", "5d", "6s", "8d")),
        *[pat] * 3,
        *[("check",)] * 3,
        ("draw", ("2c", "3h")),
        ("draw", ("9s", "Tc", "Td", "Th", "Ts")),
        ("stand_pat",),
        ("draw", ("2s", "4d", "5s", "7d", "8s")),
        ("draw", ("3c", "4h")),
        *[("check",)] * 3,
        pat,
    ]
    fast, ref = table.fast(), table.reference()
    for action in actions:
        testing.apply_action(fast, action)
        testing.apply_action(ref, action)
        testing.assert_same_state(fast, ref, f"after {action}")
    assert not any(e.kind in ("recycle", "reshuffle") for e in fast.history)
