"""One record per game of the facts only the Python layer uses (re-exported by ``holecard.games``).

The engine's facts (streets, forced bets, dealer, rankings …) are ``Game.spec``, the compiled
core's variant table (``rust/game/spec.rs``); a :class:`GameRow` holds what no engine needs:
the names hand-history sites give the game, the PokerKit class that plays it and the
docs/rules.md section of its showdown. This module and the registry in ``holecard.games`` are
the only Python code outside the oracle that names individual games
(``tests/test_game_row.py``).

>>> GAME_ROWS[Game.RAZZ].pokerstars, GAME_ROWS[Game.RAZZ].spec.bring_in_card
(('Razz',), 'HIGHEST')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, NamedTuple

from holecard._enums import Game

if TYPE_CHECKING:
    from holecard._core import VariantSpec

__all__ = ["GAME_ROWS", "GameRow", "game_row"]


class GameRow(NamedTuple):
    """The facts about one game that only the Python layer uses.

    A named tuple, not a dataclass: ``import holecard`` loads this module and stays clear of
    ``dataclasses`` (tests/test_package.py).
    """

    #: The game (its engine facts: :attr:`spec`).
    game: Game
    #: The names a PokerStars hand's header gives the game (empty: PokerStars has none).
    pokerstars: tuple[str, ...]
    #: The names a Full Tilt hand's header gives the game.
    fulltilt: tuple[str, ...]
    #: The PokerKit class that plays the game in fixed limit, ``None`` where PokerKit has none.
    pokerkit: str | None
    #: The docs/rules.md rule of the game's showdown.
    showdown_rule: str

    @property
    def spec(self) -> VariantSpec:
        """The game's engine facts (``Game.spec``)."""
        return self.game.spec


#: Every game's record, in the order of :class:`~holecard.Game`.
GAME_ROWS: Final[Mapping[Game, GameRow]] = MappingProxyType(
    {
        row.game: row
        for row in (
            GameRow(Game.SOKO, (), (), None, "S-10"),
            GameRow(
                Game.STUD,
                ("7 Card Stud",),
                ("Stud Hi", "Stud"),
                "FixedLimitSevenCardStud",
                "T-10",
            ),
            GameRow(
                Game.STUD8,
                ("7 Card Stud Hi/Lo",),
                ("Stud Hi/Lo", "Stud H/L"),
                "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
                "H-5",
            ),
            GameRow(Game.RAZZ, ("Razz",), ("Razz",), "FixedLimitRazz", "R-1"),
            GameRow(
                Game.DEUCE_SEVEN,
                ("Triple Draw 2-7 Lowball",),
                ("2-7 Triple Draw",),
                "FixedLimitDeuceToSevenLowballTripleDraw",
                "D-8",
            ),
        )
    }
)


def game_row(game: Game | str) -> GameRow:
    """The record of a game or game id (``ConfigurationError`` for an unknown id)."""
    return GAME_ROWS[Game(game)]
