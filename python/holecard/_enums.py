"""Enumerations: ranks, suits, hand categories and game ids.

>>> from holecard import Rank, Suit
>>> Rank.ACE, Rank(14), Rank("A"), Rank("t")
(<Rank.ACE: 14>, <Rank.ACE: 14>, <Rank.ACE: 14>, <Rank.TEN: 10>)
>>> list(Suit), Suit("s")
([<Suit.CLUBS: 0>, <Suit.DIAMONDS: 1>, <Suit.HEARTS: 2>, <Suit.SPADES: 3>], <Suit.SPADES: 3>)
"""

from __future__ import annotations

import enum

__all__ = ["Category", "FourStraightMode", "Game", "Rank", "Suit"]

_RANK_CHARS = "23456789TJQKA"
_SUIT_CHARS = "cdhs"


class Rank(enum.IntEnum):
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
    def _missing_(cls, value: object) -> Rank | None:
        if isinstance(value, str):
            text = value.upper()
            if text == "10":
                return cls.TEN
            if len(text) == 1 and text in _RANK_CHARS:
                return cls(_RANK_CHARS.index(text) + 2)
        return None

    @classmethod
    def from_char(cls, text: str) -> Rank:
        """The rank written ``text`` (``"A"``, ``"t"``, ``"10"``); ``ValueError`` otherwise."""
        return cls(text)  # type: ignore[arg-type]  # resolved by _missing_

    @property
    def char(self) -> str:
        """The rank's character in card text, e.g. ``"T"``."""
        return _RANK_CHARS[self - 2]


class Suit(enum.IntEnum):
    """A suit, valued in bring-in order: clubs 0 < diamonds 1 < hearts 2 < spades 3."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @classmethod
    def _missing_(cls, value: object) -> Suit | None:
        if isinstance(value, str) and len(value) == 1 and value.lower() in _SUIT_CHARS:
            return cls(_SUIT_CHARS.index(value.lower()))
        return None

    @classmethod
    def from_char(cls, text: str) -> Suit:
        """The suit written ``text`` (``"s"``, ``"H"``); ``ValueError`` otherwise."""
        return cls(text)  # type: ignore[arg-type]  # resolved by _missing_

    @property
    def char(self) -> str:
        """The suit's character in card text, e.g. ``"s"``."""
        return _SUIT_CHARS[self]


class Category(enum.IntEnum):
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


class Game(enum.StrEnum):
    """The games and their ids (DESIGN.md)."""

    SOKO = "soko"
    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"
    DEUCE_SEVEN = "deuce_seven"


class FourStraightMode(enum.StrEnum):
    """Which runs count as a Soko four-straight (RULES E-2.2.3, option ``four_straight_mode``)."""

    CONSECUTIVE = "CONSECUTIVE"
    OPEN_ENDED = "OPEN_ENDED"
    WITH_GUTSHOT = "WITH_GUTSHOT"
