"""The odd unit of a shared stud hi/lo half (docs/rules.md H-5.5, conflict C-27).

``split_half_odd_chip = HIGH_WINNER`` (default) gives an odd unit left when a half is shared
to the winner of the high half; ``WITHIN_HALF`` (the ``wsop``, ``pokerkit`` and site
profiles) keeps it in that half, by ``odd_chip_order``. Both engines agree.
"""

from __future__ import annotations

import pytest

from holecard import _core, games, testing
from holecard.events import PotAwarded, Share
from holecard.options import SplitHalfOddChip
from holecard.reference import engine as ref
from holecard.reference.options import SplitHalfOddChip as RefSplitHalfOddChip

#: Seat 0: kings full, no low; seats 1 and 2 tie for the low with 7-5-4-3-2 and lose the
#: high. Antes of 4 and a bring-in of 1 put everyone all in: pot 15, high half 8, low half
#: 7 shared by seats 1 and 2 with one odd chip.
FIRST = [
    "Kh",
    "2c",
    "2d",
    "Kd",
    "3c",
    "3d",
    "Kc",
    "4d",
    "4h",
    "8s",
    "Qs",
    "5h",
    "5c",
    "8d",
    "Qh",
    "7s",
    "7c",
    "8h",
    "Js",
    "Jh",
    "Th",
    "8c",
    "9d",
    "Td",
    "9h",
]
DECK = (*FIRST, *(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs" if f"{r}{s}" not in FIRST))


def _table(options: dict[str, object], profile: str = "default") -> testing.Table:
    return testing.Table(
        game="stud8",
        betting="FIXED_LIMIT",
        stakes=(("ante", 4), ("bring_in", 1), ("small_bet", 2)),
        options=tuple(options.items()),
        profile=profile,
        stacks=(5, 5, 5),
        deck=DECK,
        dealer=None,
    )


def _play_out(state: object) -> None:
    """Bring in, then call: every player is all in after one action."""
    while not state.is_over:  # type: ignore[attr-defined]
        la = state.legal_actions()  # type: ignore[attr-defined]
        testing.apply_action(state, ("bring_in",) if la.bring_in is not None else ("call",))


@pytest.mark.parametrize(
    ("options", "profile", "won"),
    [
        ({}, "default", [9, 3, 3]),  # HIGH_WINNER: the low half's odd chip to seat 0
        ({"split_half_odd_chip": "HIGH_WINNER"}, "default", [9, 3, 3]),
        # WITHIN_HALF: it stays in the low half, with seat 1 (nearer the dealer box).
        ({"split_half_odd_chip": "WITHIN_HALF"}, "default", [8, 4, 3]),
        ({"odd_chip_order": "POSITION"}, "wsop", [8, 4, 3]),
    ],
)
def test_h_5_5_odd_chip_of_a_shared_low_half_in_both_engines(
    options: dict[str, object], profile: str, won: list[int]
) -> None:
    table = _table(options, profile)
    fast, slow = table.fast(), table.reference()
    _play_out(fast)
    _play_out(slow)
    testing.assert_same_state(fast, slow, str(options))
    assert fast.history == slow.history
    assert list(fast.stacks) == won
    if won[0] == 9:  # the odd chip is paid from the low half
        assert PotAwarded(0, 1, 0, Share.LOW) in fast.history


def test_h_5_5_option_defaults_and_profiles() -> None:
    game = games.SevenCardStudHiLo(ante=1, bring_in=1, small_bet=2)
    assert game.options["split_half_odd_chip"] == SplitHalfOddChip.HIGH_WINNER
    reference = ref.SevenCardStudHiLo(ante=1, bring_in=1, small_bet=2)
    assert reference.options["split_half_odd_chip"] is RefSplitHalfOddChip.HIGH_WINNER
    profiles = _core.option_profiles()
    for name in ("wsop", "pokerkit", "pokerstars", "fulltilt"):
        assert profiles[name]["stud8"]["split_half_odd_chip"] == "WITHIN_HALF", name
    with pytest.raises(ValueError, match=r"SplitHalfOddChip.*HIGH_WINNER, WITHIN_HALF"):
        games.SevenCardStudHiLo(ante=1, bring_in=1, small_bet=2, split_half_odd_chip="NOPE")
