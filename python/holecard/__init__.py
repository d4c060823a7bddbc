"""holecard: fast, oracle-checked stud and draw poker.

Cards, a seeded deck and hand evaluators for Soko, seven-card stud, stud hi/lo
8-or-better, razz and 2-7 triple draw, with a Rust core and a pure-Python reference
implementation (:mod:`holecard.reference`) that checks it.

>>> from holecard import Category, evaluate_high, parse_cards
>>> evaluate_high(parse_cards("As Ks Qs Js Ts 2d 3c")).category is Category.STRAIGHT_FLUSH
True

The submodules that need more than the core (NumPy, hypothesis) load on first use, so
``import holecard`` stays fast: ``holecard.batch`` (NumPy arrays), ``holecard.phh`` (hand
histories), ``holecard.sites`` (poker-site hand histories), ``holecard.stats`` (player
statistics), ``holecard.reference`` (the pure-Python oracle), ``holecard.testing``
(hypothesis strategies and oracle checks, ``pip install 'holecard[testing]'``),
``holecard.conformance`` (check your engine or evaluator against holecard's).

>>> import holecard
>>> holecard.phh.loads is not None
True
"""

import importlib as _importlib
from typing import TYPE_CHECKING as _TYPE_CHECKING

from holecard._cards import Cards
from holecard._core import (
    BOTS,
    Card,
    Deck,
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
    from collections.abc import Collection, Sequence

    from holecard._simulate import (
        SeatResult,
        Session,
        SessionResult,
        SessionSeatResult,
        SimulationResult,
        simulate,
    )
    from holecard._table import Table
    from holecard.events import Event
    from holecard.phh import HandHistory
    from holecard.svg import Viewer

__all__ = [
    "BOTS",
    "ArgumentTypeError",
    "Betting",
    "Card",
    "CardParseError",
    "Cards",
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
    "Session",
    "SessionResult",
    "SessionSeatResult",
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


# Pictures (holecard.svg, loaded on first use) for the compiled value types, attached here
# for the same reason; Cards and SimulationResult define theirs in Python.
def _card_svg(self: Card, *, four_color: bool = False) -> str:
    """The card as an SVG picture (:func:`holecard.svg.card`).

    Args:
        self: the card.
        four_color: four suit colours (the suit shapes tell them apart either way).

    Returns:
        An SVG document.
    """
    from holecard.svg import card

    return card(self, four_color=four_color)


def _hand_value_svg(
    self: HandValue, *, among: "Collection[Card] | None" = None, four_color: bool = False
) -> str:
    """The hand's name and its five cards (:func:`holecard.svg.hand_value`).

    Args:
        self: the hand value.
        among: every card the hand was made from, drawn with the five lifted.
        four_color: four suit colours.

    Returns:
        An SVG document.
    """
    from holecard.svg import hand_value

    return hand_value(self, among=among, four_color=four_color)


def _state_svg(
    self: State,
    *,
    viewer: "Viewer" = None,
    names: "Sequence[str] | None" = None,
    four_color: bool = False,
) -> str:
    """The table as an SVG picture (:func:`holecard.svg.table`).

    Args:
        self: the state.
        viewer: ``None`` a spectator, a seat that player, ``"all"`` every card face up.
        names: a name per seat.
        four_color: four suit colours.

    Returns:
        An SVG document.

    >>> from holecard import Razz
    >>> state = Razz(ante=1, bring_in=1, small_bet=2).start([20, 20], seed=1)
    >>> state.svg(viewer=0).count('data-card="back"')  # the other player's two down cards
    2
    """
    from holecard.svg import table

    return table(self, viewer=viewer, names=names, four_color=four_color)


def _equity_svg(self: Equity, *, labels: "Sequence[str] | None" = None) -> str:
    """A bar per player (:func:`holecard.svg.equity_chart`); notebooks draw it.

    Args:
        self: the result.
        labels: a name per player (default ``player 1`` …).

    Returns:
        An SVG document.
    """
    from holecard.svg import equity_chart

    return equity_chart(self, labels=labels)


def _repr_svg(self: "Card | HandValue | State | Equity") -> str:
    return self.svg()


_drawn: tuple[tuple[type, object], ...] = (
    (Card, _card_svg),
    (HandValue, _hand_value_svg),
    (State, _state_svg),
    (Equity, _equity_svg),
)
for _cls, _method in _drawn:
    _method.__name__ = "svg"  # type: ignore[attr-defined] # each is a function
    _method.__qualname__ = f"{_cls.__name__}.svg"  # type: ignore[attr-defined]
    setattr(_cls, "svg", _method)  # noqa: B010 # defined here, not in Rust
    setattr(_cls, "_repr_svg_", _repr_svg)  # noqa: B010

#: Submodules loaded on first attribute access (PEP 562), not by ``import holecard``.
_LAZY_SUBMODULES = (
    "agents",
    "batch",
    "cli",
    "conformance",
    "html",
    "phh",
    "reference",
    "sites",
    "stats",
    "svg",
    "testing",
)


#: Public names loaded on first use from the module that defines them: those modules build
#: dataclasses when imported, which (with the ``dataclasses`` and ``inspect`` modules they
#: need) was a third of ``import holecard``.
_LAZY_NAMES = {
    "Event": "holecard.events",
    "SeatResult": "holecard._simulate",
    "Session": "holecard._simulate",
    "SessionResult": "holecard._simulate",
    "SessionSeatResult": "holecard._simulate",
    "SimulationResult": "holecard._simulate",
    "simulate": "holecard._simulate",
    "Table": "holecard._table",
}


def __getattr__(name: str) -> object:
    if name in _LAZY_SUBMODULES:
        return _importlib.import_module(f"holecard.{name}")
    if name in _LAZY_NAMES:
        value = getattr(_importlib.import_module(_LAZY_NAMES[name]), name)
        globals()[name] = value  # found directly from now on
        return value
    raise AttributeError(f"module 'holecard' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY_SUBMODULES, *_LAZY_NAMES})
