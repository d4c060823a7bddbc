"""Integer totals and merged work (issue 40, items 2, 5 and 6): simulate's totals never wrap
(chips at the largest stacks and bets are summed exactly, a sum that cannot be held is an
error); merged totals are checked (each chunk exactly once, nets summing to zero, counts
within bounds, possible sums of squares); chunk ranges are made on demand and an executor's
totals are merged as they arrive."""

from __future__ import annotations

import concurrent.futures as cf
import gc
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from holecard import ConfigurationError, Session, _core, _distribute, _simulate, equity, simulate
from holecard.cli import main

HUGE_NO_LIMIT: dict[str, Any] = {
    "players": 8,
    "bots": ["strength", "random"] * 4,
    "seed": 1,
    "betting": "no_limit",
    "stack": 2**57,
}
# Fixed limit at the largest bets a table takes (bets below 2**54).
HUGE_FIXED: dict[str, Any] = {
    "players": 8,
    "bots": ["strength", "random"] * 4,
    "seed": 1,
    "small_bet": 2**53 - 1,
    "big_bet": 2**54 - 1,
    "stack": 2**57,
}
ACES_UP = ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"]  # 557/780 for the aces


def _setup(args: dict[str, Any]) -> _simulate._Setup:
    table = {k: v for k, v in args.items() if k not in ("players", "bots", "seed", "stack")}
    return _simulate._setup(
        "stud", args["players"], args["bots"], args["seed"], None, args["stack"], table
    )


def _hand_by_hand(hands: int, args: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Each seat's net and sum of squares, summed here one hand at a time."""
    s = _setup(args)
    nets = [0] * args["players"]
    squares = [0] * args["players"]
    for h in range(hands):
        for i, seat in enumerate(_simulate._run(s, 1, first_hand=h).seats):
            nets[i] += seat.net
            squares[i] += seat.net**2
    return nets, squares


@pytest.mark.parametrize(("hands", "args"), [(300, HUGE_NO_LIMIT), (3000, HUGE_FIXED)])
def test_totals_at_the_largest_stacks_and_bets_do_not_wrap(
    hands: int, args: dict[str, Any]
) -> None:
    # They were summed in 64 bits: the no-limit seats summed to 2**64, not 0.
    r = simulate("stud", hands=hands, **args)
    nets, squares = _hand_by_hand(hands, args)
    assert sum(r.chips_won) == 0
    assert list(r.chips_won) == nets
    totals = _simulate._run(_setup(args), hands)
    assert [t.net_squared for t in totals.seats] == squares


def test_the_command_line_prints_the_true_totals(capsys: pytest.CaptureFixture[str]) -> None:
    command = ["simulate", "stud", "--players", "8", "--hands", "300", "--seed", "1"]
    command += ["--bots", "strength,random", "--betting", "no_limit", "--stack", str(2**57)]
    assert main(command) == 0
    out = capsys.readouterr().out
    nets, _ = _hand_by_hand(300, HUGE_NO_LIMIT)
    for net in nets:
        assert f"{net:+,}" in out


def test_a_sum_of_squares_past_2_to_the_128_is_an_error() -> None:
    # Fixed limit at the largest bets: the sums of squares pass 2**127 within 3,000 hands,
    # so 12,000 pass what 128 bits hold. It wrapped; now the run says so.
    with pytest.raises(ConfigurationError, match=r"sum of squared results .* 2\*\*128"):
        simulate("stud", hands=12_000, **HUGE_FIXED)


def _seat(net: int, won: int = 0) -> _core.SeatTotals:
    return _core.SeatTotals(net, net * net, won, 0, 0)


def test_sim_totals_add_without_wrapping() -> None:
    # One seat wins 7 stacks a hand from seven others, over 100 hands in each part
    # (its sum of squares near 2**127; its net past 2**63).
    stack, n = 2**57, 100
    seats = [_core.SeatTotals(7 * stack * n, (7 * stack) ** 2 * n, n, 0, 0)]
    seats += [_core.SeatTotals(-stack * n, stack**2 * n, 0, 0, 0)] * 7
    a = _core.SimTotals(n, 0, n, stack, seats, [(0, n)])
    b = _core.SimTotals(n, 0, n, stack, seats, [(n, 2 * n)])
    total = a + b
    assert total.hands == 2 * n
    assert total.seats[0].net == 7 * stack * 2 * n
    assert total.ranges == [(0, 2 * n)]
    # Counts that would pass 2**64 are an error, not a wrap to 0.
    many = _core.SimTotals(1, 0, 2**64 - 1, 10, [_seat(9, 1), _seat(-9)], [(0, 1)])
    more = _core.SimTotals(1, 0, 1, 10, [_seat(9, 1), _seat(-9)], [(1, 2)])
    with pytest.raises(ConfigurationError, match=r"actions .* 2\*\*64"):
        _ = many + more
    # A range of every hand plus one more: a hand counted twice, not hands wrapped to 0.
    every = _core.SimTotals(2**64 - 1, 0, 0, 10, [_seat(0, 2**64 - 1), _seat(0)], [(0, 2**64 - 1)])
    again = _core.SimTotals(1, 0, 0, 10, [_seat(9, 1), _seat(-9)], [(5, 6)])
    with pytest.raises(ConfigurationError, match=r"hands 5\.\.6 counted twice"):
        _ = every + again


def test_session_totals_add_without_wrapping() -> None:
    second = [0, 1] + [0] * 6
    big = 2**57
    n = 100  # sessions, each one seat winning the other's whole stack
    win = _core.SessionSeatTotals(big * n, big * big * n, n, 0, [n] + [0] * 7)
    lose = _core.SessionSeatTotals(-big * n, big * big * n, n, n, [0, n] + [0] * 6)
    a = _core.SessionTotals(n, n, 0, n, [win, lose], [(0, n)])
    b = _core.SessionTotals(n, n, 0, n, [win, lose], [(n, 2 * n)])
    total = a + b
    assert total.seats[0].net == big * 2 * n
    assert total.seats[1].places == [x * 2 * n for x in second]


def test_session_nets_at_the_largest_stacks_do_not_wrap() -> None:
    # Heads-up no limit with every chip in play: the stronger bot's net passed 2**63 and
    # came out negative.
    args: dict[str, Any] = {"players": 2, "bots": ["strength", "random"], "seed": 2}
    args |= {"stack": 2**57 - 1, "betting": "no_limit"}
    r = simulate("razz", session=Session(count=600, max_hands=100), **args)
    # The same sessions in twelve parts, their nets added here.
    s = _simulate._setup("razz", 2, args["bots"], 2, None, args["stack"], {"betting": "no_limit"})
    ss = _simulate._SessionSetup(s, (args["stack"],) * 2, (), 100)
    nets = [0, 0]
    for first in range(0, 600, 50):
        for i, seat in enumerate(_simulate._run_sessions(ss, 50, first=first).seats):
            nets[i] += seat.net
    assert list(r.chips_won) == nets
    assert sum(r.chips_won) == 0
    assert r.seats[0].wins > r.seats[1].wins
    assert r.chips_won[0] > 0


class _Rogue(cf.ThreadPoolExecutor):
    """An executor whose chunks come back wrong, the way ``wrong(fn, shared, start, stop)``
    makes them."""

    def __init__(self, wrong: Callable[..., object]) -> None:
        super().__init__(2)
        self.wrong = wrong

    def submit(  # type: ignore[override]
        self, fn: Callable[..., object], /, *args: object
    ) -> cf.Future[object]:
        return super().submit(self.wrong, fn, *args)


def _twice(fn: Callable[..., Any], shared: object, start: int, stop: int) -> object:
    return fn(shared, start, stop) + fn(shared, start, stop)


def _nothing(fn: Callable[..., Any], shared: object, start: int, stop: int) -> object:
    return fn(shared, start, start)


def _first(fn: Callable[..., Any], shared: object, start: int, stop: int) -> object:
    return fn(shared, 0, stop - start)


@pytest.mark.parametrize(
    ("wrong", "message"),
    [
        (_twice, r"hands \d+\.\.\d+ counted twice"),
        (_nothing, r"the chunk of hands \d+\.\.\d+ came back as the totals of no hands"),
        (_first, r"the chunk of hands \d+\.\.\d+ came back as the totals of hands 0\.\.500"),
    ],
)
def test_an_executor_that_returns_the_wrong_chunks_is_refused(
    wrong: Callable[..., object], message: str
) -> None:
    # Each chunk twice made 4,000 hands of 2,000; chunks of nothing a 0-hand result of NaN.
    with _Rogue(wrong) as ex, pytest.raises(ConfigurationError, match=message):
        simulate("stud", players=3, hands=2000, seed=1, executor=ex, chunk_size=500)
    sessions = message.replace("hands", "sessions").replace("500", "5")
    with _Rogue(wrong) as ex, pytest.raises(ConfigurationError, match=sessions):
        simulate(
            "razz",
            players=2,
            seed=1,
            executor=ex,
            chunk_size=5,
            session=Session(count=20, max_hands=20),
        )


def test_a_chunk_missing_at_the_end_is_refused() -> None:
    s = _simulate._setup("stud", 3, None, 1, None, None, {})
    part = _simulate._run(s, 500)
    with pytest.raises(ConfigurationError, match=r"hands 500\.\.2000 missing"):
        _distribute.check_complete("hands", part, 2000)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands_won": 10_000}, "seat 0 won 10000 of 2000 hands"),
        ({"net": 5}, "nets sum to 5, not 0"),
        ({"net_squared": 3}, "seat 0's sum of squared results 3 is impossible"),
        ({"showdowns_won": 10**6}, "seat 0 won 1000000 of .* showdowns"),
    ],
)
def test_totals_that_cannot_be_are_refused(change: dict[str, int], message: str) -> None:
    s = _simulate._setup("stud", 3, None, 1, None, None, {})
    real = _simulate._run(s, 2000)
    seat = real.seats[0]
    fields = {
        "net": seat.net,
        "net_squared": seat.net_squared,
        "hands_won": seat.hands_won,
        "showdowns": seat.showdowns,
        "showdowns_won": seat.showdowns_won,
    }
    fields.update({k: (fields[k] + v if k == "net" else v) for k, v in change.items()})
    seats = [_core.SeatTotals(**fields), *real.seats[1:]]
    with pytest.raises(ConfigurationError, match=message):
        _core.SimTotals(
            real.hands, real.showdown_hands, real.actions, real.stack, seats, real.ranges
        )


def test_session_totals_that_cannot_be_are_refused() -> None:
    r = _core.SessionTotals(
        2, 10, 0, 30, [_session_seat(4, 2, [2, 0]), _session_seat(-4, 2, [0, 2])], [(0, 2)]
    )
    assert r.sessions == 2
    with pytest.raises(ConfigurationError, match="nets sum to 1, not 0"):
        _core.SessionTotals(
            2, 10, 0, 30, [_session_seat(5, 2, [2, 0]), _session_seat(-4, 2, [0, 2])], [(0, 2)]
        )
    with pytest.raises(ConfigurationError, match="place 1 is counted 1 times in 2 sessions"):
        _core.SessionTotals(
            2, 10, 0, 30, [_session_seat(4, 2, [1, 1]), _session_seat(-4, 2, [0, 2])], [(0, 2)]
        )
    with pytest.raises(
        ConfigurationError, match=r"count 3 sessions but cover 2 \(sessions 0\.\.2\)"
    ):
        _core.SessionTotals(
            3, 10, 0, 30, [_session_seat(4, 2, [3, 0]), _session_seat(-4, 2, [0, 3])], [(0, 2)]
        )


def _session_seat(net: int, busts: int, places: list[int]) -> _core.SessionSeatTotals:
    return _core.SessionSeatTotals(net, net * net // 2, 10, busts, places + [0] * 6)


def test_equity_refuses_a_chunk_counted_twice_and_one_missing() -> None:
    work = _core.EquityWork("stud", ACES_UP)
    parts = [work.run(a, b) for a, b in _core.chunk_ranges(work.units, 40)]
    assert parts[0].outcomes == parts[1].outcomes  # the swap keeps the outcome count
    with pytest.raises(ConfigurationError, match=r"units 0\.\.40 counted twice"):
        _ = parts[0] + parts[0]
    rest = parts[2]
    for p in parts[3:]:
        rest = rest + p
    with pytest.raises(ConfigurationError, match=r"units 0\.\.80 missing"):
        work.finish(rest)
    whole = parts[0] + parts[1] + rest
    assert work.finish(whole).fractions[0] == equity("stud", ACES_UP).fractions[0]
    # A chunk the executor ran twice over is refused as it arrives, naming it.
    twice = r"units \d+\.\.\d+ counted twice"
    with _Rogue(_twice) as ex, pytest.raises(ConfigurationError, match=twice):
        equity("stud", ACES_UP, executor=ex, chunk_size=100)


def _best_time(f: Callable[[], object], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - started)
    return best


def test_chunk_ranges_are_made_on_demand() -> None:
    # A list of 2**24 chunks took 2.45 GB and 39 s; one chunk of the same units is the
    # normal case of the same size.
    many = _core.chunk_ranges(2**24, 1)
    assert len(many) == 2**24
    assert many[0] == (0, 1)
    assert many[-1] == (2**24 - 1, 2**24)
    assert list(_core.chunk_ranges(10, 4)) == [(0, 4), (4, 8), (8, 10)]
    assert list(_core.chunk_ranges(0, 4)) == []
    worst = _best_time(lambda: _core.chunk_ranges(2**24, 1))
    normal = _best_time(lambda: _core.chunk_ranges(2**24, 2**24))
    assert worst < 50 * normal + 0.001


class _Counted:
    """A chunk's totals that count how many are alive at once."""

    alive = 0
    most = 0
    lock = threading.Lock()

    def __init__(self, value: int) -> None:
        self.value = value
        with _Counted.lock:
            _Counted.alive += 1
            _Counted.most = max(_Counted.most, _Counted.alive)

    def __del__(self) -> None:
        with _Counted.lock:
            _Counted.alive -= 1

    def __add__(self, other: _Counted) -> _Counted:
        return _Counted(self.value + other.value)


def _counted(shared: int, start: int, stop: int) -> _Counted:
    return _Counted(shared * (stop - start))


def test_totals_are_merged_as_they_arrive() -> None:
    # Every chunk's totals were kept until the last one came back.
    gc.collect()
    with cf.ThreadPoolExecutor(2) as ex:
        total = _distribute.run_chunks(ex, _counted, 3, _core.chunk_ranges(3000, 1))
    assert total.value == 9000
    assert _Counted.most < 3 * _distribute.IN_FLIGHT_PER_WORKER * 2 + 10
