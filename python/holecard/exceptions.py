"""The exceptions holecard raises.

Every error is a :class:`HoleCardError`. Errors caused by a bad value are also
:class:`ValueError` (or :class:`TypeError` for comparing values of different rankings), so
code that already catches the built-in exceptions keeps working.

>>> import holecard
>>> try:
...     holecard.Card("Zz")
... except ValueError as e:
...     print(type(e).__name__, e)
CardParseError invalid card "Zz" at position 0
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "ConfigurationError",
    "DuplicateCardError",
    "HoleCardError",
    "IllegalActionError",
    "InternalError",
    "InvalidHandError",
    "RankingMismatchError",
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
