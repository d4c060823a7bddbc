"""One totals type for simulations and sessions (issue 41, item 4): ``simulate`` and
``simulate(session=...)`` total into the same integer type (``_core.Totals``) and give the
same result class; totals of the same unit merge, other units are refused, and an overflow
or a bad range is refused the same way from both paths."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from holecard import (
    ConfigurationError,
    SeatResult,
    Session,
    SessionResult,
    SessionSeatResult,
    SimulationResult,
    _core,
    _simulate,
    simulate,
)

BIG = 2**57
N = 2**13  # units of a whole stack each: a sum of squares of 2**127


def _hands(first: int = 0, count: int = 10) -> _core.Totals:
    s = _simulate._setup("razz", 2, None, 1, None, None, {})
    return _simulate._run(s, count, first_hand=first)


def _sessions(first: int = 0, count: int = 3) -> _core.Totals:
    s = _simulate._setup("razz", 2, None, 1, None, None, {})
    ss = _simulate._SessionSetup(s, (200, 200), (), 30)
    return _simulate._run_sessions(ss, count, first=first)


def _big(unit: str, first: int, count: int = N, actions: int = 0) -> _core.Totals:
    """Totals of ``count`` units in which seat 0 takes seat 1's stack of 2**57 each time."""
    ranges = [(first, first + count)]
    if unit == "hands":
        win = _core.SeatTotals(BIG * count, BIG * BIG * count, count)
        lose = _core.SeatTotals(-BIG * count, BIG * BIG * count)
        return _core.SimTotals(count, 0, actions, BIG, [win, lose], ranges)
    first_place = [count] + [0] * 7
    second_place = [0, count] + [0] * 6
    won = _core.SessionSeatTotals(BIG * count, BIG * BIG * count, count, 0, first_place)
    lost = _core.SessionSeatTotals(-BIG * count, BIG * BIG * count, count, count, second_place)
    return _core.SessionTotals(count, count, 0, actions, [won, lost], ranges)


def test_simulate_and_sessions_total_into_one_type_and_result_class() -> None:
    hands, sessions = _hands(), _sessions()
    assert type(hands) is type(sessions) is _core.Totals
    assert (hands.unit, sessions.unit) == ("hands", "sessions")
    assert type(hands.seats[0]) is type(sessions.seats[0]) is _core.SeatTotals
    # The constructors by each unit's arguments make the same type's values.
    assert isinstance(_big("hands", 0), _core.Totals)
    assert isinstance(_big("sessions", 0), _core.Totals)
    assert SessionResult is SimulationResult
    assert SessionSeatResult is SeatResult
    r = simulate("razz", players=2, hands=10, seed=1)
    q = simulate("razz", players=2, seed=1, stack=200, session=Session(count=3, max_hands=30))
    assert type(r) is type(q) is SimulationResult
    assert type(r.seats[0]) is type(q.seats[0]) is SeatResult
    # Both results are their totals, seen through the run's table.
    assert r.totals == hands
    assert q.totals == sessions
    assert r.seats[0].hands == 10
    assert q.seats[0].hands == sessions.seats[0].hands
    # The chart is of independent hands: sessions, which had none, draw none.
    assert r._repr_svg_() == r.svg()
    assert q._repr_svg_() is None
    with pytest.raises(ConfigurationError, match="a run of hands, not of sessions"):
        q.svg()


def test_totals_of_one_unit_merge_and_of_two_units_are_refused() -> None:
    assert _hands(0, 4) + _hands(4, 6) == _hands(0, 10)
    assert _sessions(0, 1) + _sessions(1, 2) == _sessions(0, 3)
    # Totals made by the unit's constructor add to a run's like any other.
    made = _core.SimTotals(*_args(_hands(10, 5)))
    assert _hands(0, 10) + made == _hands(0, 15)
    whole = _big("sessions", 0, N // 2) + _big("sessions", N // 2, N // 2)
    assert whole == _big("sessions", 0)
    assert pickle.loads(pickle.dumps(whole)) == whole
    assert type(pickle.loads(pickle.dumps(made))) is _core.Totals
    with pytest.raises(ConfigurationError, match="cannot add the totals of hands and of sessions"):
        _ = _hands() + _sessions()
    with pytest.raises(ConfigurationError, match="cannot add the totals of sessions and of hands"):
        _ = _sessions() + _hands()


def _remade(t: _core.Totals, ranges: list[tuple[int, int]]) -> _core.Totals:
    """``t`` made again by the constructor of every unit, covering ``ranges``."""
    counts = (t.sessions, t.hands, t.showdown_hands, t.unfinished, t.actions, t.stack)
    return _core.Totals(t.unit, *counts, t.seats, ranges)


def _args(t: _core.Totals) -> tuple[Any, ...]:
    return (t.hands, t.showdown_hands, t.actions, t.stack, t.seats, t.ranges)


@pytest.mark.parametrize("unit", ["hands", "sessions"])
def test_an_overflow_is_refused_the_same_way_from_both(unit: str) -> None:
    squares = r"the totals overflow: seat 0's sum of squared results would pass 2\*\*128 - 1"
    with pytest.raises(ConfigurationError, match=squares):
        _ = _big(unit, 0) + _big(unit, N)
    counts = r"the totals overflow: actions would pass 2\*\*64 - 1"
    with pytest.raises(ConfigurationError, match=counts):
        _ = _big(unit, 0, 1, 2**64 - 1) + _big(unit, 1, 1, 1)


@pytest.mark.parametrize("unit", ["hands", "sessions"])
def test_a_bad_range_is_refused_the_same_way_from_both(unit: str) -> None:
    run = _hands() if unit == "hands" else _sessions()
    n = run.hands if unit == "hands" else run.sessions
    with pytest.raises(ConfigurationError, match=rf"{unit} 0\.\.{n} counted twice"):
        _ = run + run
    assert _remade(run, run.ranges) == run
    with pytest.raises(ConfigurationError, match=rf"the range of {unit} 5\.\.3 runs backwards"):
        _remade(run, [(0, n), (5, 3)])
    cover = rf"the totals count {n} {unit} but cover {n - 1} \({unit} 1\.\.{n}\)"
    with pytest.raises(ConfigurationError, match=cover):
        _remade(run, [(1, n)])
    with pytest.raises(ConfigurationError, match=rf"{unit} 0\.\.1 counted twice"):
        _remade(run, [(0, n), (0, 1)])


def test_totals_of_one_unit_cannot_hold_the_other_units_counts() -> None:
    hands = _hands()
    seats = [
        _core.SeatTotals(s.net, s.net_squared, s.hands_won, s.showdowns, s.showdowns_won, 10, 1)
        for s in hands.seats
    ]
    with pytest.raises(ConfigurationError, match="seat 0 was dealt 10 of 10 hands, went bust 1"):
        _core.Totals(
            "hands", 0, 10, hands.showdown_hands, 0, hands.actions, hands.stack, seats, [(0, 10)]
        )
    with pytest.raises(ConfigurationError, match="unit must be 'hands' or 'sessions', got 'days'"):
        _core.Totals("days", 0, 10, 0, 0, 0, 0, hands.seats, [(0, 10)])  # type: ignore[arg-type]
