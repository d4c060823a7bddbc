"""Tournament-style sessions (``simulate(session=...)``) and the equity bot."""

from __future__ import annotations

import pickle
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from holecard import (
    ArgumentTypeError,
    ConfigurationError,
    Razz,
    Session,
    SessionResult,
    SevenCardStud,
    Table,
    _core,
    games,
    simulate,
)
from holecard._simulate import BOTS
from holecard.agents import Bot
from holecard.events import AntePosted, BlindPosted

GAMES = ("soko", "stud", "stud8", "razz", "deuce_seven")


class _Seeds:
    """Stands in for a Table's generator: hands the native hand seeds out in order."""

    def __init__(self, seeds: list[int]) -> None:
        self._seeds = iter(seeds)

    def getrandbits(self, bits: int) -> int:
        return next(self._seeds)


def _table_replay(
    game: str, bots: list[str], stack: int, seed: int, levels: list[tuple[int, games._Game]]
) -> tuple[Table, int]:
    """Session 0 of a run seeded ``seed``, played through :class:`holecard.Table` with the
    bots deciding one move at a time, each hand dealt from the run's own hand seed."""
    first = games.game_class(game).ten_twenty()
    session_seed = _core.hand_seed(seed, 0)
    table = Table(first, [stack] * len(bots), levels=levels)
    table._rng = _Seeds([_core.hand_seed(session_seed, h) for h in range(100_000)])  # type: ignore[assignment]
    players = {}
    while not table.is_over:
        seats = table.seating()
        state = table.next_hand()
        hand_seed = _core.hand_seed(session_seed, table.hand_count)
        while not state.is_over:
            seat = seats[state.actor or 0]
            key = (bots[seat], id(table.game))
            if key not in players:
                players[key] = Bot(bots[seat], table.game)
            move = players[key].act(state, hand_seed)
            assert move is not None
            state.apply(move)
    return table, session_seed


@pytest.mark.parametrize("game", GAMES)
def test_a_native_session_equals_the_same_session_through_table(game: str) -> None:
    # The deterministic bots (no random stream) decide alike natively and from Python, so
    # the whole session must come out the same: stacks, hands, dealer moves, retirements.
    bots = ["equity", "strength", "calling_station"]
    cls = games.game_class(game)
    doubled: dict[str, Any] = {k: 2 * v for k, v in cls.ten_twenty().stakes.items() if v}
    level = cls(**doubled)
    levels = [(3, level)]
    table, _ = _table_replay(game, bots, 150, 11, levels)
    r = simulate(game, players=3, bots=bots, seed=11, stack=150, session=Session(levels=levels))
    assert isinstance(r, SessionResult)
    assert r.hands == table.hand_count
    assert r.final_stacks == tuple(float(s) for s in table.stacks)
    assert tuple(s.hands for s in r.seats) == tuple(
        sum(seat in seats for seats in table.hand_seats) for seat in range(3)
    )
    winner = max(range(3), key=lambda s: table.stacks[s])
    assert r.seats[winner].places[0] == 1
    assert sum(s.busts for s in r.seats) == 2
    # The level's stakes applied from hand 3 on.
    first = table.hands[3].history[0]
    assert isinstance(first, AntePosted | BlindPosted)
    assert first.amount == level.stakes["small_blind" if game == "deuce_seven" else "ante"]


def test_sessions_conserve_chips_and_rank_every_seat() -> None:
    r = simulate(
        "stud",
        players=4,
        bots=["equity", "strength", "random", "calling_station"],
        seed=3,
        stack=300,
        session=Session(count=40),
    )
    assert (r.sessions, r.unfinished) == (40, 0)
    assert sum(r.chips_won) == 0
    assert sum(s.busts for s in r.seats) == 3 * 40
    for place in range(4):
        assert sum(s.places[place] for s in r.seats) == 40
    assert sum(s.wins for s in r.seats) == 40
    assert all(1 <= s.mean_place <= 4 for s in r.seats)
    text = str(r)
    assert "mean place" in text
    assert "equity" in text
    assert r.to_dict()["seats"][0]["bot"] == "equity"


def test_same_seed_same_sessions_whatever_threads_and_executor() -> None:
    level = Razz(ante=2, bring_in=6, small_bet=20)
    session = Session(count=24, max_hands=60, levels=((30, level),))

    def run(session: Session, threads: int) -> SessionResult:
        return simulate(
            "razz", players=3, bots="strength", seed=8, stack=200, session=session, threads=threads
        )

    one = run(session, threads=1)
    assert one == run(session, threads=2)
    with ThreadPoolExecutor(2) as pool:
        chunked = simulate(
            "razz",
            players=3,
            bots="strength",
            seed=8,
            stack=200,
            session=session,
            executor=pool,
            chunk_size=5,
        )
    assert chunked == one
    assert one.hands <= 24 * 60
    assert one != run(Session(count=24, max_hands=60), threads=1)


def test_max_hands_stops_sessions() -> None:
    r = simulate(
        "deuce_seven",
        players=3,
        bots="calling_station",
        seed=1,
        session=Session(count=5, max_hands=3),
    )
    assert (r.hands, r.unfinished) == (15, 5)
    assert all(s.hands == 15 for s in r.seats)


def test_totals_pickle_and_add() -> None:
    cfg = SevenCardStud.ten_twenty()._config
    a = _core.simulate_sessions(cfg, ["random"] * 2, 3, seed=1, stacks=[50, 50])
    b = _core.simulate_sessions(cfg, ["random"] * 2, 2, seed=1, stacks=[50, 50], first_session=3)
    whole = _core.simulate_sessions(cfg, ["random"] * 2, 5, seed=1, stacks=[50, 50])
    assert a + b == whole
    assert pickle.loads(pickle.dumps(whole)) == whole


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"hands": 10, "session": Session()}, ConfigurationError, "not both"),
        ({}, ConfigurationError, "hands="),
        ({"session": "yes"}, ArgumentTypeError, "Session"),
        ({"session": Session(levels=((5, Razz.ten_twenty()),))}, ConfigurationError, "razz"),
        (
            {"session": Session(levels=((0, SevenCardStud.ten_twenty()),))},
            ConfigurationError,
            "after hand 0",
        ),
        ({"session": Session(), "chunk_size": 3}, ConfigurationError, "executor"),
    ],
)
def test_bad_sessions(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        simulate("stud", players=2, seed=1, **kwargs)  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"count": -1}, ConfigurationError),
        ({"max_hands": 0}, ConfigurationError),
        ({"levels": 5}, ArgumentTypeError),
        ({"levels": ((5, "razz"),)}, ArgumentTypeError),
    ],
)
def test_bad_session_values(kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        Session(**kwargs)  # type: ignore[arg-type]


def test_the_equity_bot_is_named_everywhere_and_wins() -> None:
    assert "equity" in BOTS
    assert Bot("equity", Razz.ten_twenty()).name == "equity"
    r = simulate("stud", players=2, hands=3000, bots=["equity", "strength"], seed=5)
    assert r.chips_won[0] > 0
