"""The exceptions holecard raises.

Every error is a :class:`HoleCardError`. Errors caused by a bad value are also
:class:`ValueError`; errors caused by a value of the wrong type are both :class:`TypeError`
and :class:`ValueError` (so ``except ValueError`` catches every bad argument, cards of
another type included); comparing values of different rankings is a :class:`TypeError`, and
an index past the end an :class:`IndexError`, so code that already catches the built-in
exceptions keeps working. No public function lets
a bare built-in exception out for a bad argument: a number out of range is a
:class:`ConfigurationError` (a card index a :class:`CardParseError`, a seat
an :class:`IndexOutOfRangeError`), a value of the wrong type an :class:`ArgumentTypeError`.

>>> import holecard
>>> try:
...     holecard.Card("Zz")
... except ValueError as e:
...     print(type(e).__name__, e)
CardParseError invalid card "Zz" at position 0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tomllib import TOMLDecodeError

__all__ = [
    "ArgumentTypeError",
    "CardParseError",
    "ConfigurationError",
    "DuplicateCardError",
    "HandHistoryError",
    "HandHistorySyntaxError",
    "HoleCardError",
    "IllegalActionError",
    "IndexOutOfRangeError",
    "InternalError",
    "InvalidHandError",
    "RankingMismatchError",
    "ReplayError",
]


class HoleCardError(Exception):
    """Base class of every holecard error."""


class CardParseError(HoleCardError, ValueError):
    """Text that is not a card, or a card index outside 0..51; names the token and position."""


class DuplicateCardError(HoleCardError, ValueError):
    """The same card given twice; names the card."""


class InvalidHandError(HoleCardError, ValueError):
    """A hand the ranking cannot evaluate: wrong number of cards, or a bad batch row."""


class RankingMismatchError(HoleCardError, TypeError):
    """Ordering hand values that belong to different rankings."""


class IllegalActionError(HoleCardError, ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


class InternalError(HoleCardError, RuntimeError):
    """A bug inside holecard's native code, caught before it could crash the interpreter."""


class ConfigurationError(HoleCardError, ValueError):
    """An impossible table, an unknown option or an unusable argument.

    Tables and options are rejected when the game is built; a batch ``out=`` array of the
    wrong size or type when the batch is called.
    """


class ArgumentTypeError(HoleCardError, TypeError, ValueError):
    """An argument of the wrong type; names the argument, what it takes and what it got.

    Also a :class:`ValueError`: a bad argument, whatever its kind, is caught by ``except
    ValueError``.

    >>> import holecard
    >>> try:
    ...     holecard.Card(5)
    ... except TypeError as e:
    ...     print(f"{type(e).__name__}: {e}")
    ArgumentTypeError: Card() takes text such as "As" or a Card, not int 5 (index: Card.from_index)
    """


class IndexOutOfRangeError(HoleCardError, IndexError):
    """A position past either end; names the accepted range.

    A seat that is not at the table (``State.player(-1)``), more cards than the deck holds
    (``Deck.deal(60)``), a move index past the last.
    """


class HandHistoryError(HoleCardError, ValueError):
    """A hand history that cannot be read.

    Text that is not TOML, or a record without the fields a hand needs (or with a field of
    the wrong type). Names the file when read from one, and for bad TOML the line.
    """


if TYPE_CHECKING:
    # The class as type checkers see it; at run time it is made on first use (below).
    class HandHistorySyntaxError(HandHistoryError, TOMLDecodeError):  # noqa: D101
        def __init__(self, message: str) -> None: ...


def _syntax_error_class() -> type[HandHistoryError]:
    # Made on first use: its base class would add tomllib (and datetime) to every
    # `import holecard`, though only holecard.phh reads TOML.
    import tomllib

    class HandHistorySyntaxError(HandHistoryError, tomllib.TOMLDecodeError):
        """Hand history text that is not TOML.

        The message is the TOML parser's, naming the line and column. Also a
        :class:`tomllib.TOMLDecodeError`, which ``phh.loads`` raised before.
        """

        def __init__(self, message: str) -> None:
            ValueError.__init__(self, message)  # not TOMLDecodeError's (msg, doc, pos)

    HandHistorySyntaxError.__qualname__ = "HandHistorySyntaxError"  # pickled by this name
    return HandHistorySyntaxError


class ReplayError(HandHistoryError):
    """A hand history that cannot be replayed (illegal action, inconsistent cards …)."""


def __getattr__(name: str) -> object:
    if name == "HandHistorySyntaxError":
        cls = _syntax_error_class()
        globals()[name] = cls  # one class, found directly from now on
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
