"""Differential test of the two game engines: holecard's Rust engine and the reference.

Hypothesis draws a table (game x betting structure x a sample of every docs/rules.md §6 option,
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
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holecard import testing
from holecard.events import BurnsRecycled, Drew, HandShown, Reshuffled
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
    fast, ref = play_differential(data.draw, table)
    assert fast.history == ref.history  # as the README promises: the same events, with ==


@pytest.mark.parametrize("betting", STRUCTURES)
@pytest.mark.parametrize("game", GAMES)
@_SETTINGS
@given(data=st.data())
def test_engines_agree_wsop_profile(game: str, betting: str, data: st.DataObject) -> None:
    table = data.draw(tables(game, betting, profile="wsop"), label="table")
    play_differential(data.draw, table)


def _call_down(draw: testing.Draw, state: Any, fixed: bool) -> testing.GameAction:  # noqa: ANN401
    """A chooser that reaches showdowns: open, check or call, never fold; draw at random."""
    la = state.legal_actions()
    if la.draw or la.bring_in is not None:
        return testing.random_action(draw, state, fixed)
    return ("check",) if la.check else ("call",)


@pytest.mark.parametrize("game", GAMES)
@_SETTINGS
@given(data=st.data())
def test_engines_agree_on_rake(game: str, data: st.DataObject) -> None:
    """G-1.10.7 with rake in every hand: short stacks make several pots, hi/lo and equal
    hands split what the rake leaves (odd chips included), folds end some hands early;
    every step, the rake and the payoffs (which add up to minus the rake) agree."""
    options: dict[str, object] = {
        "rake_basis_points": data.draw(st.sampled_from((1, 500, 1000, 3333, 10_000))),
        "rake_cap": data.draw(st.sampled_from((None, 1, 3, 7, 50))),
    }
    table = data.draw(tables(game, "FIXED_LIMIT", options=options), label="table")
    choose = data.draw(st.sampled_from((_call_down, testing.random_action)), label="chooser")
    fast, ref = play_differential(data.draw, table, choose=choose)
    assert fast.is_over
    assert fast.rake == ref.rake
    assert sum(fast.payoffs) == -fast.rake


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
    assert not any(isinstance(e, BurnsRecycled | Reshuffled) for e in fast.history)


# D-10.5: never his own discards, from any stub. Six players call and draw a lot, so the
# first draw reshuffles and later draws deal from stubs holding everyone's earlier
# discards; the driver checks every draw of both engines (testing.OwnDiscards).

_D10_OPTIONS = [
    (policy, scope)
    for policy in ("EXCLUDE_OWN_DISCARDS", "EXCLUDE_CURRENT_ROUND")
    for scope in ("WHOLE_HAND", "CURRENT_DRAW")
]


def _call_and_draw(at_least: int) -> Callable[[testing.Draw, Any, bool], testing.GameAction]:
    """A chooser: check or call, and discard ``at_least`` to five cards at every draw."""

    def choose(draw: testing.Draw, state: Any, fixed: bool) -> testing.GameAction:  # noqa: ANN401
        la = state.legal_actions()
        if not la.draw:
            return ("check",) if la.check else ("call",)
        hand = sorted(str(c) for c in state.players[state.actor].hole_cards)
        if at_least < 5:
            hand = draw(
                st.lists(st.sampled_from(hand), unique=True, min_size=at_least, max_size=5)
            )
        return ("draw", tuple(hand))

    return choose


@pytest.mark.parametrize(("policy", "scope"), _D10_OPTIONS)
@_SETTINGS
@given(data=st.data())
def test_d_10_5_big_draws_in_both_engines(policy: str, scope: str, data: st.DataObject) -> None:
    n = data.draw(st.integers(4, 6), label="players")
    options = {
        "reshuffle_policy": policy,
        "own_discards_scope": scope,
        "burn_after_reshuffle": data.draw(st.booleans(), label="burn_after_reshuffle"),
        "burn_cards": data.draw(st.booleans(), label="burn_cards"),
    }
    deck = data.draw(st.permutations([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]))
    table = testing.Table(
        game="deuce_seven",
        betting="FIXED_LIMIT",
        stakes=(("big_blind", 2), ("small_bet", 2), ("small_blind", 1)),
        options=tuple(sorted(options.items())),
        profile="default",
        stacks=(1000,) * n,
        deck=tuple(deck),
        dealer=data.draw(st.integers(0, n - 1), label="dealer"),
    )
    fast, _ = play_differential(data.draw, table, choose=_call_and_draw(3))
    assert any(isinstance(e, Reshuffled) for e in fast.history) or n < 6


def _whole_hand_draws(policy: str, scope: str) -> list[str]:
    """Both engines: six players call and throw their whole hand at every draw, from the
    deck in card order; every draw as ``seat:cards``, the cards received sorted as text
    (the history holds them as a set, ``holecard.events.Drew``)."""
    deck = tuple(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs")
    table = testing.Table(
        game="deuce_seven",
        betting="FIXED_LIMIT",
        stakes=(("big_blind", 2), ("small_bet", 2), ("small_blind", 1)),
        options=(("own_discards_scope", scope), ("reshuffle_policy", policy)),
        profile="default",
        stacks=(1000,) * 6,
        deck=deck,
        dealer=None,
    )
    fast, ref = play_differential(
        lambda *_: None, table, probe_illegal=False, choose=_call_and_draw(5)
    )
    draws = [e for e in fast.history if isinstance(e, Drew)]
    assert draws == [e for e in ref.history if isinstance(e, Drew)]
    return [f"{e.seat}:{''.join(sorted(str(c) for c in e.received))}" for e in draws]


def _as_sets(dealt: list[str]) -> list[str]:
    """``seat:cards`` with the cards sorted as text, as :func:`_whole_hand_draws` lists them."""
    out = []
    for item in dealt:
        seat, cards = item.split(":")
        out.append(f"{seat}:{''.join(sorted(cards[i : i + 2] for i in range(0, len(cards), 2)))}")
    return out


_FIRST_DRAW = ["0:9sTcTdThTs", "1:JcJdJhJsQc", "2:QdQhQsKcKd", "3:KhKsAcAdAh"]


@pytest.mark.parametrize(
    ("policy", "scope", "dealt"),
    [
        (
            "EXCLUDE_OWN_DISCARDS",
            "WHOLE_HAND",
            [
                *_FIRST_DRAW,
                *("4:As4c9h2s2h", "5:8c8s7d8h7c"),
                *("0:8d3s2d6s5h", "1:2c6h3h5c4d", "2:5sJdJh9s3d"),
                *("3:9d6dTcTsQc", "4:4sJc5d7sJs", "5:6c7h3c9cTd"),
                *("0:4hAhAc2hAd", "1:KdKhQhKsQd", "2:As9h8s2s7d"),
                *("3:KcQs8h4c7c", "4:3h6s6dJh8d", "5:5sThTs2cJd"),
            ],
        ),
        (
            "EXCLUDE_OWN_DISCARDS",
            "CURRENT_DRAW",
            [
                *_FIRST_DRAW,
                *("4:As4c9h2s2h", "5:8c8s7d8h7c"),
                *("0:2c6h8d3s3h", "1:2d6s5c5h4d", "2:5sJdJh9s3d"),
                *("3:9d6dTcTsQc", "4:6c4sJc7h5d", "5:3c7s9cJsTd"),
                *("0:Th4h2hAs4c", "1:KdKh2s8h8s", "2:Ah7dQhQdKs"),
                *("3:9hAdKc8cQs", "4:7cAcJh2d8d", "5:2c9s6sTc3h"),
            ],
        ),
        (
            "EXCLUDE_CURRENT_ROUND",
            "WHOLE_HAND",
            [
                *_FIRST_DRAW,
                *("4:2s5c8c8h2h", "5:4dAs5s3s7c"),
                *("0:7d8s4c9h8d", "1:3h6h2c9c7s", "2:5d2d6s6d4s"),
                *("3:4h5h9d3d7h", "4:9sThJdAcQc", "5:3cJhKdTc6c"),
                *("0:JcAdQhQsKh", "1:TsQdKsAh8h", "2:2s3s5s8c5c"),
                *("3:KcAsTd2hJs", "4:4d7d4c4s9d", "5:2c4h5h8s9c"),
            ],
        ),
        (
            "EXCLUDE_CURRENT_ROUND",
            "CURRENT_DRAW",
            [
                *_FIRST_DRAW,
                *("4:2s5c8c8h2h", "5:4dAs5s3s7c"),
                *("0:3h7d8s6h4c", "1:9h2c8d2d5d", "2:3d9c3c7h6s"),
                *("3:4s7s6c4h5h", "4:6dTd9dAhTc", "5:KcKd9sJdJh"),
                *("0:TsQdQcKhJs", "1:AcQsJcQhTh", "2:4d3sAsAd8c"),
                *("3:2hKs8h7c5s", "4:5c6s3d4c9c", "5:2s2c7h3h4s"),
            ],
        ),
    ],
)
def test_d_10_5_exact_cards_of_reshuffled_stubs_in_both_engines(
    policy: str, scope: str, dealt: list[str]
) -> None:
    """The first draw reshuffles for seat 4; the second and third draws reach the
    reshuffled stubs. Under ``WHOLE_HAND`` nobody gets a card he threw in any earlier
    draw (the same cards as the Rust unit test ``d_10_5_exact_cards_of_reshuffled_stubs``);
    under ``CURRENT_DRAW`` earlier discards may come back (seat 0 threw 2c 3h 5c 6h 8c
    in the first draw and gets 2c 6h 3h in the second), never this draw's."""
    assert _whole_hand_draws(policy, scope) == _as_sets(dealt)


@pytest.mark.parametrize("engine", ["holecard", "reference"])
def test_g_1_12_2_show_order_when_no_betting_round_took_place(engine: str) -> None:
    """Everybody all in from the antes: no betting round, so under ``BEST_SHOWING`` the
    first live player left of the dealer box shows first (docs/rules.md G-1.12.2)."""
    from holecard import games
    from holecard.reference import engine as ref

    module: Any = games if engine == "holecard" else ref
    game = module.SevenCardStud(
        ante=1, bring_in=1, small_bet=2, showdown_first_if_no_bet="BEST_SHOWING"
    )
    # Seat 1 shows four aces (deal positions 7, 11, 15 and 19): the best showing hand.
    aces = {7: "Ac", 11: "Ad", 15: "Ah", 19: "As"}
    rest = iter(f"{r}{s}" for r in "23456789TJQK" for s in "cdhs")
    deck = [aces.get(i) or next(rest) for i in range(52)]
    state = game.start([1, 1, 1], deck=deck)
    assert [str(c) for c in state.players[1].up_cards] == ["Ac", "Ad", "Ah", "As"]
    assert state.is_over
    assert [e.seat for e in state.history if isinstance(e, HandShown)] == [0, 1, 2]
