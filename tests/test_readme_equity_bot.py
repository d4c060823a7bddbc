"""The table of the equity bot's results (docs/simulate.md) is what ``simulate`` gives (seed 1).

The table drifted once from the bots it describes; this reads each heads-up row of it and
plays it again.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from holecard import simulate

PAGE = (Path(__file__).resolve().parent.parent / "docs" / "simulate.md").read_text("utf-8")
GAMES = ("stud", "razz", "deuce_seven")  # the table's columns
ROW = re.compile(r"^\| heads-up, equity vs (\w+) \((\d[\d,]*)(?: hands)?\) \| (.+) \|$", re.M)


def rows() -> list[tuple[str, int, str, str]]:
    """(opponent, hands, game, cell) of every heads-up row of the table."""
    found = []
    for opponent, hands, cells in ROW.findall(PAGE):
        for game, cell in zip(GAMES, cells.split(" | "), strict=True):
            found.append((opponent, int(hands.replace(",", "")), game, cell))
    return found


def test_the_table_has_its_rows() -> None:
    assert {(r[0], r[2]) for r in rows()} == {
        (o, g) for o in ("random", "calling_station", "strength") for g in GAMES
    }


@pytest.mark.parametrize(("opponent", "hands", "game", "cell"), rows())
def test_each_heads_up_row_is_reproduced(opponent: str, hands: int, game: str, cell: str) -> None:
    seat = simulate(game, players=2, hands=hands, bots=["equity", opponent], seed=1).seats[0]
    # Big bets per 100 hands, with the 95 % interval of the mean (ten-twenty: big bet 20).
    interval = 1.96 * seat.stdev / math.sqrt(hands) / 20 * 100
    assert f"{seat.big_bets_per_100:+.1f} ± {interval:.1f}" == cell
