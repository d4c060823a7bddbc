"""Recycled stud burns from a fixed deck (docs/rules.md T-9.2 and its engine reading).

Seven players reaching seventh street need eight cards (seven and a burn) where the stub
holds seven: the three earlier burns are recycled. A hand started from a fixed ``deck=``
without a seed puts them under the stub in the order they were burnt, in both engines;
with a seed they are shuffled.
"""

from __future__ import annotations

from typing import Any

import pytest

from holecard import testing
from holecard.events import BurnsRecycled, CardDealt

#: Deck positions: 21 cards of the first deal, a burn (21), fourth street (22-28), a burn
#: (29), fifth street (30-36), a burn (37), sixth street (38-44), then a stub of seven.
DECK = tuple(f"{r}{s}" for s in "cdhs" for r in "23456789TJQKA")
BURNS = (DECK[21], DECK[29], DECK[37])


def _table(betting: str) -> testing.Table:
    return testing.Table(
        game="stud",
        betting=betting,
        stakes=(("ante", 1), ("bring_in", 2), ("small_bet", 4), ("min_bet", 4)),
        options=(),
        profile="default",
        stacks=(1000,) * 7,
        deck=DECK,
        dealer=None,
    )


def _call_down(state: Any) -> None:  # noqa: ANN401 - a State of either engine
    while not state.is_over:
        la = state.legal_actions()
        if la.bring_in is not None:
            testing.apply_action(state, ("bring_in",))
        else:
            testing.apply_action(state, ("check",) if la.check else ("call",))


def _seventh_street(state: Any) -> list[str]:  # noqa: ANN401
    """The cards dealt after the burns were recycled, in dealing order."""
    history = list(state.history)
    start = next(i for i, e in enumerate(history) if isinstance(e, BurnsRecycled))
    return [str(e.card) for e in history[start:] if isinstance(e, CardDealt)]


@pytest.mark.parametrize("betting", ["FIXED_LIMIT", "NO_LIMIT"])
def test_t_9_2_burns_recycled_in_burn_order_from_a_fixed_deck(betting: str) -> None:
    table = _table(betting)
    fast, slow = table.fast(), table.reference()
    _call_down(fast)
    _call_down(slow)
    # The stub's seven cards: one burnt, six dealt, then the first burn to the seventh seat.
    want = [*DECK[46:52], BURNS[0]]
    assert _seventh_street(fast) == want
    assert _seventh_street(slow) == want
    testing.assert_same_state(fast, slow, betting)
    assert fast.history == slow.history


def test_t_9_2_a_seeded_hand_replays_its_recycled_cards() -> None:
    """With a seed the recycled cards are shuffled, and the replay start keeps the seed."""
    from holecard import games

    game = games.SevenCardStud(ante=1, bring_in=2, small_bet=4)
    dealt = set()
    for seed in range(8):
        state = game.start([1000] * 7, deck=list(DECK), seed=seed)
        _call_down(state)
        dealt.add(tuple(_seventh_street(state)))
    assert len(dealt) > 1
