"""holecard: fast, oracle-checked stud and draw poker.

Cards, a seeded deck and hand evaluators for Soko, seven-card stud, stud hi/lo
8-or-better, razz and 2-7 triple draw, with a Rust core and a pure-Python reference
implementation (:mod:`holecard.reference`) that checks it.

>>> from holecard import Category, evaluate_high, parse_cards
>>> evaluate_high(parse_cards("As Ks Qs Js Ts 2d 3c")).category is Category.STRAIGHT_FLUSH
True

The submodules that need more than the core (NumPy, hypothesis) load on first use, so
``import holecard`` stays fast: ``holecard.batch`` (NumPy arrays), ``holecard.phh`` (hand
histories), ``holecard.reference`` (the pure-Python oracle), ``holecard.testing``
(hypothesis strategies and oracle checks, ``pip install 'holecard[testing]'``).

>>> import holecard
>>> holecard.phh.loads is not None
True
"""

import importlib as _importlib
from types import ModuleType as _ModuleType

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
    ArgumentTypeError,
    CardParseError,
    ConfigurationError,
    DuplicateCardError,
    HandHistoryError,
    HoleCardError,
    IllegalActionError,
    IndexOutOfRangeError,
    InternalError,
    InvalidHandError,
    RankingMismatchError,
)
from holecard.games import (
    DeuceSevenTripleDraw,
    Move,
    Moves,
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
    "ArgumentTypeError",
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
    "HandHistoryError",
    "HandValue",
    "HoleCardError",
    "IllegalActionError",
    "IndexOutOfRangeError",
    "InternalError",
    "InvalidHandError",
    "LegalActions",
    "Move",
    "Moves",
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

#: Submodules loaded on first attribute access (PEP 562), not by ``import holecard``.
_LAZY_SUBMODULES = ("batch", "cli", "phh", "reference", "testing")


def __getattr__(name: str) -> _ModuleType:
    if name in _LAZY_SUBMODULES:
        return _importlib.import_module(f"holecard.{name}")
    raise AttributeError(f"module 'holecard' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY_SUBMODULES})
