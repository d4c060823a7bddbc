"""holecard: fast, oracle-checked stud and draw poker.

Cards, a seeded deck and hand evaluators for Soko, seven-card stud, stud hi/lo
8-or-better, razz and 2-7 triple draw, with a Rust core and a pure-Python reference
implementation (:mod:`holecard.reference`) that checks it.

>>> from holecard import Category, evaluate_high, parse_cards
>>> evaluate_high(parse_cards("As Ks Qs Js Ts 2d 3c")).category is Category.STRAIGHT_FLUSH
True
"""

from __future__ import annotations

from holecard._core import (
    Card,
    Deck,
    Event,
    HandValue,
    LegalActions,
    __version__,
    evaluate_ace_five,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
    evaluate_showing,
    evaluate_soko,
    parse_cards,
)
from holecard._enums import Category, FourStraightMode, Game, Rank, Suit
from holecard._types import CardsLike
from holecard.equity import Equity, equity
from holecard.exceptions import (
    CardParseError,
    ConfigurationError,
    DuplicateCardError,
    HoleCardError,
    IllegalActionError,
    InternalError,
    InvalidHandError,
    RankingMismatchError,
)
from holecard.games import (
    DeuceSevenTripleDraw,
    Player,
    Pot,
    Razz,
    SevenCardStud,
    SevenCardStudHiLo,
    Soko,
    State,
)
from holecard.options import Betting
from holecard.simulate import SeatResult, SimulationResult, simulate

__all__ = [
    "Betting",
    "Card",
    "CardParseError",
    "CardsLike",
    "Category",
    "ConfigurationError",
    "Deck",
    "DeuceSevenTripleDraw",
    "DuplicateCardError",
    "Equity",
    "Event",
    "FourStraightMode",
    "Game",
    "HandValue",
    "HoleCardError",
    "IllegalActionError",
    "InternalError",
    "InvalidHandError",
    "LegalActions",
    "Player",
    "Pot",
    "Rank",
    "RankingMismatchError",
    "Razz",
    "SeatResult",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "SimulationResult",
    "Soko",
    "State",
    "Suit",
    "__version__",
    "equity",
    "evaluate_ace_five",
    "evaluate_deuce_seven",
    "evaluate_high",
    "evaluate_low8",
    "evaluate_showing",
    "evaluate_soko",
    "parse_cards",
    "simulate",
]
