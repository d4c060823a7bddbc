"""Rule options of docs/rules.md §6 as enums, and rule profiles.

Every option takes an enum member or its name (any case); the game classes in
:mod:`holecard.games` accept them as keyword arguments under their docs/rules.md names.

>>> from holecard.options import Betting, BringInCard
>>> Betting("pot_limit") is Betting.POT_LIMIT, BringInCard.AUTO == "AUTO"
(True, True)
"""

from __future__ import annotations

import enum

from holecard._enums import FourStraightMode, LookupEnumType, unknown_member

__all__ = [
    "POKERKIT",
    "WSOP",
    "Betting",
    "BettingTimeoutAction",
    "BringInCard",
    "DrawTimeoutPenalty",
    "FourStraightMode",
    "HeadsUpSmallBlind",
    "LimitShortAllInRule",
    "OddChipOrder",
    "OwnDiscardsScope",
    "Profile",
    "ReshufflePolicy",
    "ShowdownFirst",
    "ShowingTieBreak",
    "SplitHalfOddChip",
    "StudDealerPosition",
    "UncappedHeadsUp",
]


class _OptionEnum(enum.StrEnum, metaclass=LookupEnumType):
    """A string enum whose members are also found by name in any case."""

    @classmethod
    def _missing_(cls, value: object) -> _OptionEnum:
        if isinstance(value, str) and value.strip().upper() in cls.__members__:
            return cls.__members__[value.strip().upper()]
        raise unknown_member(cls, value)


class Betting(_OptionEnum):
    """``betting_structure`` (docs/rules.md G-1.6 … G-1.8)."""

    FIXED_LIMIT = "FIXED_LIMIT"
    POT_LIMIT = "POT_LIMIT"
    NO_LIMIT = "NO_LIMIT"


class StudDealerPosition(_OptionEnum):
    """``stud_dealer_position`` (G-1.2.3)."""

    FIXED = "FIXED"
    ROTATING = "ROTATING"


class BringInCard(_OptionEnum):
    """``bring_in_card`` (E-2.6): which door card brings in."""

    LOWEST = "LOWEST"
    HIGHEST = "HIGHEST"
    AUTO = "AUTO"


class UncappedHeadsUp(_OptionEnum):
    """``uncapped_heads_up`` (G-1.6.2)."""

    NEVER = "NEVER"
    ROUND_BEGINS_HEADS_UP = "ROUND_BEGINS_HEADS_UP"
    BECOMES_HEADS_UP_BEFORE_CAP = "BECOMES_HEADS_UP_BEFORE_CAP"


class LimitShortAllInRule(_OptionEnum):
    """``limit_short_all_in_rule`` (G-1.9.3)."""

    HALF_BET = "HALF_BET"
    FULL_BET = "FULL_BET"


class BettingTimeoutAction(_OptionEnum):
    """``betting_timeout_action`` (G-1.5.6)."""

    CHECK_OR_FOLD = "CHECK_OR_FOLD"
    FOLD = "FOLD"


class ShowingTieBreak(_OptionEnum):
    """``showing_tie_break`` (E-2.5.4)."""

    POSITION = "POSITION"
    SUIT = "SUIT"


class OddChipOrder(_OptionEnum):
    """``odd_chip_order`` (G-1.11.4)."""

    POSITION = "POSITION"
    HIGH_CARD_BY_SUIT_BEST5 = "HIGH_CARD_BY_SUIT_BEST5"
    HIGH_CARD_BY_SUIT_ALL = "HIGH_CARD_BY_SUIT_ALL"
    LOW_CARD_BY_SUIT_ALL = "LOW_CARD_BY_SUIT_ALL"


class ShowdownFirst(_OptionEnum):
    """``showdown_first_if_no_bet`` (G-1.12.2)."""

    BEST_SHOWING = "BEST_SHOWING"
    LEFT_OF_DEALER = "LEFT_OF_DEALER"


class DrawTimeoutPenalty(_OptionEnum):
    """``draw_timeout_penalty`` (D-7)."""

    NEXT_ROUND_ONLY = "NEXT_ROUND_ONLY"
    REST_OF_HAND = "REST_OF_HAND"
    NONE = "NONE"


class ReshufflePolicy(_OptionEnum):
    """``reshuffle_policy`` (D-10)."""

    EXCLUDE_OWN_DISCARDS = "EXCLUDE_OWN_DISCARDS"
    EXCLUDE_CURRENT_ROUND = "EXCLUDE_CURRENT_ROUND"


class OwnDiscardsScope(_OptionEnum):
    """``own_discards_scope`` (D-10.2)."""

    WHOLE_HAND = "WHOLE_HAND"
    CURRENT_DRAW = "CURRENT_DRAW"


class HeadsUpSmallBlind(_OptionEnum):
    """``heads_up_small_blind`` (G-1.4.3, C-26): who posts the small blind in 2-7 heads-up.

    ``BUTTON`` (default, the standard rule): the button posts it, acts first before the
    first draw and last after every draw. ``LEFT_OF_BUTTON``: the other player posts it
    and acts first in every round. Three or more players are not affected.
    """

    BUTTON = "BUTTON"
    LEFT_OF_BUTTON = "LEFT_OF_BUTTON"


class SplitHalfOddChip(_OptionEnum):
    """``split_half_odd_chip`` (H-5.5, C-27): the odd unit of a shared stud hi/lo half.

    ``HIGH_WINNER`` (default, the source documents read literally): the winner of the high
    half, or the one nearest the dealer among several high winners, even when the odd unit
    comes from the low half. ``WITHIN_HALF`` (the casino rule; profiles ``wsop``,
    ``pokerkit``, ``pokerstars`` and ``fulltilt``): one of the players sharing that half,
    by ``odd_chip_order``.
    """

    HIGH_WINNER = "HIGH_WINNER"
    WITHIN_HALF = "WITHIN_HALF"


class Profile(enum.StrEnum, metaclass=LookupEnumType):
    """A preset of rule options; explicit options override it.

    ``DEFAULT``: the docs/rules.md defaults. ``WSOP``: the WSOP profile of docs/rules.md §6
    in tournament form, under which the 2023 WSOP hand histories in PHH format replay to
    their final stacks (a bet and four raises, no cap when a round begins heads-up, lowest
    card brings in, odd chip by high card and suit, no open-pair big bet, WSOP deck
    exhaustion and reshuffle). ``POKERKIT``: the PokerKit-compatible profile of
    docs/rules.md §6. ``POKERSTARS`` and ``FULLTILT``: the rules of the two sites' fixed-limit
    stud and 2-7 tables, under which their hand histories (:mod:`holecard.sites`) replay.
    """

    DEFAULT = "default"
    WSOP = "wsop"
    POKERKIT = "pokerkit"
    POKERSTARS = "pokerstars"
    FULLTILT = "fulltilt"

    @classmethod
    def _missing_(cls, value: object) -> Profile:
        if isinstance(value, str) and value.strip().lower() in cls._value2member_map_:
            return cls(value.strip().lower())
        raise unknown_member(cls, value)


WSOP = Profile.WSOP
POKERKIT = Profile.POKERKIT
