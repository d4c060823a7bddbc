"""holecard.simulate: native self-play with the built-in bots."""

from __future__ import annotations

import math
from typing import Any

import pytest

import holecard
from holecard import ConfigurationError, Session, SevenCardStud, SimulationResult, simulate
from holecard._simulate import simulate_chunks

GAMES = ("soko", "stud", "stud8", "razz", "deuce_seven")
MIXED = ("strength", "random", "calling_station", "strength", "random", "calling_station")


@pytest.mark.parametrize("game", GAMES)
def test_chips_are_conserved_and_counts_consistent(game: str) -> None:
    r = simulate(game, players=6, hands=3000, bots=MIXED, seed=5)
    assert isinstance(r, SimulationResult)
    assert r.hands == 3000
    assert r.players == 6
    assert r.bots == MIXED
    assert sum(r.chips_won) == 0
    assert sum(r.hands_won) >= r.hands  # every hand has a winner (split pots count twice)
    for s in r.seats:
        assert 0 <= s.showdowns_won <= s.showdowns <= r.showdown_hands <= r.hands
        assert s.mean == pytest.approx(s.chips_won / r.hands)
        assert s.big_bets_per_100 == pytest.approx(100 * s.chips_won / r.big_bet / r.hands)
        assert s.stdev >= 0
    # Calling stations never fold: they reach every showdown there is.
    assert r.seats[2].showdowns == r.showdown_hands


def test_same_seed_same_result_whatever_the_threads() -> None:
    runs = [
        simulate("stud", players=6, hands=5000, bots=MIXED, seed=42, threads=t)
        for t in (1, 2, None)
    ]
    assert runs[0] == runs[1] == runs[2]
    other = simulate("stud", players=6, hands=5000, bots=MIXED, seed=43, threads=2)
    assert other.chips_won != runs[0].chips_won


def test_chunks_add_up_to_one_run() -> None:
    whole = simulate("deuce_seven", players=4, hands=3000, bots="random", seed=9)
    parts = list(
        simulate_chunks("deuce_seven", players=4, hands=3000, bots="random", seed=9, chunk=700)
    )
    assert [p.hands for p in parts] == [700, 1400, 2100, 2800, 3000]
    assert parts[-1] == whole


def test_default_chunks_of_equity_bots_hold_a_tenth_of_a_second() -> None:
    # Six equity bots play 2-7 at about 8 ms a hand: a chunk of at least 512 hands, the
    # default for cheap tables, would yield every few seconds.
    kwargs: dict[str, Any] = {"players": 6, "bots": "equity", "seed": 4}
    parts = list(simulate_chunks("deuce_seven", hands=30, **kwargs))
    assert [p.hands for p in parts] == [12, 24, 30]
    assert parts[-1] == simulate("deuce_seven", hands=30, **kwargs)
    cheap = list(simulate_chunks("deuce_seven", hands=600, players=6, bots="random", seed=4))
    assert [p.hands for p in cheap] == [512, 600]


def test_strength_beats_random() -> None:
    # Two strength bots against two random bots: the strength seats must be ahead by more
    # than five standard errors of their summed result (in practice by far more).
    r = simulate("stud", players=4, hands=20_000, bots=["strength", "random"] * 2, seed=1)
    strong = r.seats[0].chips_won + r.seats[2].chips_won
    se = math.sqrt(r.seats[0].stdev ** 2 + r.seats[2].stdev ** 2) * math.sqrt(r.hands)
    assert strong > 5 * se
    assert min(r.seats[0].big_bets_per_100, r.seats[2].big_bets_per_100) > 10


def test_strength_beats_calling_station_and_station_never_folds() -> None:
    r = simulate("razz", players=2, hands=20_000, bots=["strength", "calling_station"], seed=2)
    assert r.seats[0].chips_won > 0
    st = simulate("stud", players=3, hands=500, bots="calling_station", seed=3)
    assert st.showdown_hands == 500
    assert st.showdowns == (500, 500, 500)


def test_table_keywords_and_defaults() -> None:
    r = simulate("stud", players=3, hands=10, seed=1)
    assert r.stakes["ante"] == 1
    assert r.stakes["bring_in"] == 3
    assert r.big_bet == 20
    assert r.stack == 2000
    assert r.bots == ("strength",) * 3
    r = simulate("stud", players=3, hands=10, seed=1, small_bet=20, stack=500)
    assert (r.stakes["ante"], r.stakes["bring_in"], r.big_bet, r.stack) == (2, 6, 40, 500)
    r = simulate("deuce_seven", players=3, hands=10, seed=1, betting="no_limit", big_blind=4)
    assert r.betting == "NO_LIMIT"
    assert r.stakes["big_blind"] == 4
    game = SevenCardStud(ante=2, bring_in=5, small_bet=10, max_raises=4)
    r = simulate(game, players=5, hands=100, seed=1)
    assert r.stakes["ante"] == 2
    assert r.game == "stud"
    none = simulate("razz", players=2, hands=0, seed=1)
    assert none.hands == 0
    assert math.isnan(none.seats[0].mean)  # a mean of no hands: NaN as a number, "-" as text
    assert "nan" not in str(none).lower()
    assert "nan" not in str(simulate("razz", players=2, hands=1, seed=1)).lower()
    sessions = simulate("razz", players=3, seed=1, session=Session(count=0))
    assert math.isnan(sessions.seats[0].mean_place)
    assert "nan" not in str(sessions).lower()
    assert simulate("soko", players=2, hands=5).seed >= 0  # a random seed is recorded


def test_result_text_and_dict() -> None:
    r = simulate("stud8", players=3, hands=300, bots=["strength", "random", "random"], seed=4)
    text = str(r)
    assert "stud8" in text
    assert "bb/100" in text
    assert "strength" in text
    d = r.to_dict()
    assert d["hands"] == 300
    assert len(d["seats"]) == 3
    assert d["seats"][0]["bot"] == "strength"


def test_every_listed_bot_plays_under_any_spelling_and_no_other_does() -> None:
    # holecard.BOTS comes from the engine's own list: a bot added there is listed here.
    assert holecard.BOTS == ("random", "calling_station", "strength", "equity")
    for name in holecard.BOTS:
        spelled = f" {name.upper().replace('_', '-')} "
        r = simulate("razz", players=2, hands=3, bots=spelled, seed=2)
        assert [seat.bot for seat in r.seats] == [name, name]
    listed = ", ".join(holecard.BOTS)
    for name in ("station", "caller", "shark", "random bot"):
        with pytest.raises(ConfigurationError, match=f"unknown bot '{name}'.*{listed}"):
            simulate("razz", players=2, hands=3, bots=name, seed=2)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"game": "holdem"}, "unknown game"),
        ({"players": 1}, "players"),
        ({"players": 9}, "players"),
        ({"game": "deuce_seven", "players": 7}, "2 to 6"),
        ({"hands": -1}, "hands"),
        ({"bots": "shark"}, "unknown bot"),
        ({"bots": ["random", "random"]}, "bots lists 2"),
        ({"seed": -1}, "seed"),
        ({"threads": 0}, "threads"),
        ({"stack": 0}, "stack"),
        ({"antee": 1}, "unknown table keyword"),
        ({"bring_in": 50}, "bring_in"),
        ({"small_blind": 5}, "blinds"),
    ],
)
def test_bad_input(kwargs: dict[str, object], match: str) -> None:
    args: dict[str, object] = {"game": "stud", "players": 3, "hands": 10, "seed": 1}
    args.update(kwargs)
    game = args.pop("game")
    with pytest.raises(ConfigurationError, match=match):
        simulate(game, **args)  # type: ignore[call-overload]


def test_a_small_bet_alone_scales_the_ten_twenty_stakes() -> None:
    # Ante and bring-in in the ratio of Game.spec.ten_twenty_stakes (1 and 3 to a small
    # bet of 10), read from there rather than restated.
    from holecard._simulate import _table

    _, config = _table("stud", {"small_bet": 40})
    stakes = dict(config.stakes)
    assert (stakes["ante"], stakes["bring_in"], stakes["big_bet"]) == (4, 12, 80)
    _, config = _table("razz", {})
    assert {k: v for k, v in config.stakes.items() if v} == {
        "ante": 1,
        "bring_in": 3,
        "small_bet": 10,
        "big_bet": 20,
        "min_bet": 10,
    }
