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
from typing import TYPE_CHECKING as _TYPE_CHECKING

from holecard._core import (
    Card,
    Deck,
    Event,
    HandValue,
    LegalActions,
    Street,
    VariantSpec,
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
from holecard._equity import Equity, equity
from holecard._simulate import SeatResult, SimulationResult, simulate
from holecard._table import Table
from holecard._types import CardsLike
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

if _TYPE_CHECKING:
    from holecard.phh import HandHistory

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
    "Street",
    "Suit",
    "Table",
    "VariantSpec",
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


def _state_to_phh(self: State, **metadata: object) -> "HandHistory":
    """This hand (finished or not) as a PHH hand history (:func:`holecard.phh.state_to_phh`).

    The history replays through either engine to the same final state, except for hands
    that dealt recycled cards (see :func:`holecard.phh.state_to_phh`).

    Args:
        self: the state.
        **metadata: optional PHH fields (``event``, ``players`` …).

    Returns:
        The hand history.
    """
    from holecard.phh import state_to_phh

    return state_to_phh(self, **metadata)


# The compiled core never imports the package (a layer knows only the layers below it), so
# the PHH writer is attached here, at the top, where holecard.phh is known.
_state_to_phh.__name__ = "to_phh"
_state_to_phh.__qualname__ = "State.to_phh"
State.to_phh = _state_to_phh  # type: ignore[method-assign] # defined here, not in Rust

#: Submodules loaded on first attribute access (PEP 562), not by ``import holecard``.
_LAZY_SUBMODULES = ("agents", "batch", "cli", "phh", "reference", "testing")


def __getattr__(name: str) -> _ModuleType:
    if name in _LAZY_SUBMODULES:
        return _importlib.import_module(f"holecard.{name}")
    raise AttributeError(f"module 'holecard' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY_SUBMODULES})
