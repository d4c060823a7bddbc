"""C-26 / G-1.4.3: who posts the small blind in heads-up 2-7 (``heads_up_small_blind``).

``BUTTON`` (default): the button posts the small blind, is dealt first, acts first before
the first draw and last after every draw. ``LEFT_OF_BUTTON``: the player left of the
button posts it (the full-table rule read literally) and acts first in every round.
Both engines, three or more players (no effect), PHH round trips and stud games.
"""

from __future__ import annotations

from typing import Any

import pytest

from holecard import ConfigurationError, games, phh, testing
from holecard.options import HeadsUpSmallBlind
from holecard.reference import engine as ref

_DECK = tuple(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs")
_STAKES = (("big_blind", 2), ("small_bet", 2), ("small_blind", 1))


def _table(n: int, dealer: int | None, option: str | None) -> testing.Table:
    options = () if option is None else (("heads_up_small_blind", option),)
    return testing.Table(
        game="deuce_seven",
        betting="FIXED_LIMIT",
        stakes=_STAKES,
        options=options,
        profile="default",
        stacks=(100,) * n,
        deck=_DECK,
        dealer=dealer,
    )


def _play_both(table: testing.Table, actions: list[testing.GameAction]) -> tuple[Any, Any]:
    """Both engines through ``actions``, the same state after every step."""
    fast, reference = table.fast(), table.reference()
    testing.assert_same_state(fast, reference, "at the start")
    for action in actions:
        testing.apply_action(fast, action)
        testing.apply_action(reference, action)
        testing.assert_same_state(fast, reference, f"after {action}")
    return fast, reference


# Heads-up, both standing pat: small blind calls, big blind checks, then the first draw
# and the first round after it.
_LIMP_AND_PAT: list[testing.GameAction] = [("call",), ("check",), ("stand_pat",), ("stand_pat",)]


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize(
    ("option", "small_blind_is_button"),
    [(None, True), ("BUTTON", True), ("LEFT_OF_BUTTON", False)],
)
def test_c_26_heads_up_blinds_deal_and_order(
    option: str | None, small_blind_is_button: bool, dealer: int
) -> None:
    button, other = dealer, 1 - dealer
    sb, bb = (button, other) if small_blind_is_button else (other, button)
    table = _table(2, dealer, option)
    fast, reference = _play_both(table, [])
    assert [(e.seat, e.amount) for e in fast.history if e.kind == "blind"] == [(sb, 1), (bb, 2)]
    first_card = next(e for e in fast.history if e.kind == "deal")
    assert (first_card.seat, str(first_card.card)) == (sb, "2c")  # D-3: from the small blind
    assert fast.actor == sb  # before the first draw the small blind acts first
    fast, reference = _play_both(table, _LIMP_AND_PAT[:2])
    assert fast.actor == other  # draws start left of the button, either way
    fast, reference = _play_both(table, _LIMP_AND_PAT)
    # After the draw: BUTTON - the big blind (left of the button) first, the button last;
    # LEFT_OF_BUTTON - the small blind (left of the button) first again.
    assert fast.actor == other
    assert fast.actor == (bb if small_blind_is_button else sb)
    assert reference.actor == fast.actor


def test_c_26_option_values_and_names() -> None:
    game = games.DeuceSevenTripleDraw(small_bet=2)
    assert game.options["heads_up_small_blind"] == "BUTTON"
    by_member = games.DeuceSevenTripleDraw(
        small_bet=2, heads_up_small_blind=HeadsUpSmallBlind.LEFT_OF_BUTTON
    )
    by_name = games.DeuceSevenTripleDraw(small_bet=2, heads_up_small_blind="left_of_button")
    assert by_member == by_name
    assert by_name.options["heads_up_small_blind"] == "LEFT_OF_BUTTON"
    assert by_member != game
    with pytest.raises(ConfigurationError, match="HeadsUpSmallBlind"):
        games.DeuceSevenTripleDraw(small_bet=2, heads_up_small_blind="DEALER")
    with pytest.raises(ref.ConfigurationError, match="heads_up_small_blind"):
        ref.DeuceSevenTripleDraw(small_bet=2, heads_up_small_blind="DEALER")


@pytest.mark.parametrize(
    ("fast_cls", "ref_cls"),
    [
        (games.Soko, ref.Soko),
        (games.SevenCardStud, ref.SevenCardStud),
        (games.SevenCardStudHiLo, ref.SevenCardStudHiLo),
        (games.Razz, ref.Razz),
    ],
)
def test_c_26_stud_games_refuse_the_option(fast_cls: type[Any], ref_cls: type[Any]) -> None:
    """Like every 2-7-only option (reshuffle_policy …), stud games refuse it."""
    with pytest.raises(ConfigurationError, match="does not apply"):
        fast_cls(ante=1, bring_in=1, small_bet=2, heads_up_small_blind="BUTTON")
    with pytest.raises(ref.ConfigurationError, match="heads_up_small_blind"):
        ref_cls(ante=1, bring_in=1, small_bet=2, heads_up_small_blind="BUTTON")


def _scripted(table: testing.Table, draw: int) -> list[testing.GameAction]:
    """Check or call, and draw the first ``draw`` cards held, to the end of the hand."""
    probe = table.fast()
    actions: list[testing.GameAction] = []
    while not probe.is_over:
        la = probe.legal_actions()
        if la.draw:
            held = [str(c) for c in probe.players[probe.actor].hole_cards]
            action: testing.GameAction = ("draw", tuple(held[:draw]))
        else:
            action = ("check",) if la.check else ("call",)
        testing.apply_action(probe, action)
        actions.append(action)
    return actions


@pytest.mark.parametrize("n", [3, 4, 6])
def test_c_26_three_or_more_players_are_not_affected(n: int) -> None:
    """Three or more players: the small blind is left of the button whatever the option;
    a whole hand (calls, one card drawn each time) is the same under both values in both
    engines."""
    actions = _scripted(_table(n, n - 2, None), 1)
    fast_a, ref_a = _play_both(_table(n, n - 2, "BUTTON"), actions)
    fast_b, ref_b = _play_both(_table(n, n - 2, "LEFT_OF_BUTTON"), actions)
    assert list(fast_a.history) == list(fast_b.history)
    assert ref_a.history == ref_b.history
    blinds = [(e.seat, e.amount) for e in fast_a.history if e.kind == "blind"]
    assert blinds == [(n - 1, 1), (0, 2)]


@pytest.mark.parametrize("option", ["BUTTON", "LEFT_OF_BUTTON"])
def test_c_26_phh_round_trip_keeps_the_option(option: str) -> None:
    """A heads-up hand written by either engine carries heads_up_small_blind and replays
    in both engines under it, with the same cards (the deal starts with the small
    blind: p2, the button, or p1)."""
    table = _table(2, None, option)
    fast, reference = _play_both(table, _scripted(table, 2))
    assert fast.is_over
    for state in (fast, reference):
        hh = phh.state_to_phh(state)
        assert hh.extras["_holecard_options"]["heads_up_small_blind"] == option
        text = phh.dumps(hh)
        for engine in (games, ref):
            again = phh.loads(text).replay(engine=engine)
            assert list(again.stacks) == list(fast.stacks)
            assert [[str(c) for c in p.hole_cards] for p in again.players] == [
                [str(c) for c in p.hole_cards] for p in fast.players
            ]
