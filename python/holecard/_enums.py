"""Enumerations: ranks, suits, hand categories and game ids.

>>> from holecard import Rank, Suit
>>> Rank.ACE, Rank(14), Rank("A"), Rank("t")
(<Rank.ACE: 14>, <Rank.ACE: 14>, <Rank.ACE: 14>, <Rank.TEN: 10>)
>>> list(Suit), Suit("s")
([<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>], <Suit.SPADES: 3>)

Looking up a value that is not a member raises a holecard error (a ``ValueError``, or for
a value of the wrong type an ``ArgumentTypeError``), like every other bad argument.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from holecard.exceptions import (
    ArgumentTypeError,
    CardParseError,
    ConfigurationError,
    HoleCardError,
)

if TYPE_CHECKING:
    from holecard._core import VariantSpec

__all__ = ["Category", "FourStraightMode", "Game", "Rank", "Suit"]

#: ``Game.spec`` of every game, by id, once first asked for.
_SPECS: dict[str, VariantSpec] = {}

#: The rank and suit characters of card text, deuce and clubs first (the one Python copy;
#: the engine's, rust/card.rs, is checked against it by the tests).
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class LookupEnumType(enum.EnumType):
    """The metaclass of holecard's enums.

    A lookup of a value that cannot be a member (unhashable: a list, an array) is an
    :class:`ArgumentTypeError`, before ``enum`` compares it with every member (a NumPy
    array's comparison raises ``ValueError``).
    """

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:  # noqa: ANN401 (enum's own signature)
        if not args and not kwargs and isinstance(cls, type) and issubclass(cls, enum.Enum):
            try:
                hash(value)
            except TypeError:
                raise unknown_member(cls, value) from None
        return super().__call__(value, *args, **kwargs)


def unknown_member(
    cls: type[enum.Enum], value: object, error: type[HoleCardError] = ConfigurationError
) -> HoleCardError:
    """The error for looking up ``value`` in ``cls``.

    ``error`` for a str (or, in an ``IntEnum``, an int) that names no member,
    :class:`ArgumentTypeError` for a value of another type.
    """
    names = ", ".join(repr(m.value) for m in cls)
    kinds = str if issubclass(cls, str) else str | int
    if isinstance(value, kinds) and not isinstance(value, bool):
        return error(f"{value!r} is not a {cls.__name__} (expected one of {names})")
    return ArgumentTypeError(
        f"{cls.__name__} takes one of {names}, got {type(value).__name__} {value!r}"
    )


class Rank(enum.IntEnum, metaclass=LookupEnumType):
    """A card rank, valued 2 (deuce) to 14 (ace); also looked up by its character."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        if isinstance(value, str):
            text = value.upper()
            if text == "10":
                return cls.TEN
            if len(text) == 1 and text in RANK_CHARS:
                return cls(RANK_CHARS.index(text) + 2)
        raise unknown_member(cls, value, CardParseError)

    @classmethod
    def from_char(cls, text: str) -> Rank:
        """The rank written ``text`` (``"A"``, ``"t"``, ``"10"``); ``CardParseError`` otherwise."""
        return cls(text)  # type: ignore[arg-type]  # resolved by _missing_

    @property
    def char(self) -> str:
        """The rank's character in card text, e.g. ``"T"``."""
        return RANK_CHARS[self - 2]


class Suit(enum.IntEnum, metaclass=LookupEnumType):
    """A suit, valued in bring-in order: clubs 0 < diamonds 1 < hearts 2 < spades 3."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        if isinstance(value, str) and len(value) == 1 and value.lower() in SUIT_CHARS:
            return cls(SUIT_CHARS.index(value.lower()))
        raise unknown_member(cls, value, CardParseError)

    @classmethod
    def from_char(cls, text: str) -> Suit:
        """The suit written ``text`` (``"s"``, ``"H"``); ``CardParseError`` otherwise."""
        return cls(text)  # type: ignore[arg-type]  # resolved by _missing_

    @property
    def char(self) -> str:
        """The suit's character in card text, e.g. ``"s"``."""
        return SUIT_CHARS[self]


class Category(enum.IntEnum, metaclass=LookupEnumType):
    """A hand category. The numbers name categories; they do not order them across rankings.

    Soko adds FOUR_FLUSH and FOUR_STRAIGHT (between two pair and one pair); low rankings
    reuse the high categories (HIGH_CARD is an unpaired low).
    """

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    FOUR_STRAIGHT = 10
    FOUR_FLUSH = 11

    @classmethod
    def _missing_(cls, value: object) -> Category:
        raise unknown_member(cls, value)


class Game(enum.StrEnum, metaclass=LookupEnumType):
    """The games and their ids (``Game.STUD.value == "stud"``)."""

    SOKO = "soko"
    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"
    DEUCE_SEVEN = "deuce_seven"

    @property
    def spec(self) -> VariantSpec:
        """The game's streets, hand size and showdown rankings (``rust/game/spec.rs``).

        >>> [street.name for street in Game.SOKO.spec.streets]
        ['second', 'third', 'fourth', 'fifth']
        >>> Game.STUD8.spec.rankings
        ['high', 'low8']
        """
        spec = _SPECS.get(self.value)
        if spec is None:
            # Imported here: the compiled core imports this module while it loads.
            from holecard._core import variant_specs

            # Built once: the specs are immutable views of the compiled core's table.
            _SPECS.update((s.id, s) for s in variant_specs())
            spec = _SPECS[self.value]
        return spec

    @classmethod
    def _missing_(cls, value: object) -> Game:
        if isinstance(value, str):
            if value.strip().lower() in cls._value2member_map_:
                return cls(value.strip().lower())
            # The words the compiled core uses for the same mistake.
            ids = ", ".join(m.value for m in cls)
            raise ConfigurationError(f'unknown game "{value}" (expected one of {ids})')
        raise unknown_member(cls, value)

    @property
    def label(self) -> str:
        """The game's name in words, from the game registry (``Game.spec.name``).

        >>> Game.STUD8.label
        'Stud hi/lo 8-or-better'
        """
        return self.spec.name


class FourStraightMode(enum.StrEnum, metaclass=LookupEnumType):
    """Which runs count as a Soko four-straight (docs/rules.md E-2.2.3, ``four_straight_mode``)."""

    CONSECUTIVE = "CONSECUTIVE"
    OPEN_ENDED = "OPEN_ENDED"
    WITH_GUTSHOT = "WITH_GUTSHOT"

    @classmethod
    def _missing_(cls, value: object) -> FourStraightMode:
        if isinstance(value, str) and value.strip().upper() in cls.__members__:
            return cls.__members__[value.strip().upper()]
        raise unknown_member(cls, value)
