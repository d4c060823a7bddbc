"""Option enums of the reference rules engine (docs/rules.md §6), as plain Python enums.

Every enum option of docs/rules.md §6 has one class here; the member names are exactly the
values written in the spec, and every member's value is its name, so ``Enum("NAME")``
and ``Enum["NAME"]`` both work. The engine accepts either a member or its name.

The public ``holecard`` package re-exports or mirrors these; the reference engine shares
no code with the library, so it keeps its own copy.

Example:
    >>> Betting("NO_LIMIT") is Betting.NO_LIMIT
    True
    >>> coerce(BringInCard, "highest")
    <BringInCard.HIGHEST: 'HIGHEST'>
"""

from __future__ import annotations

import enum
from typing import TypeVar

__all__ = [
    "Betting",
    "BettingTimeoutAction",
    "BringInCard",
    "DrawTimeoutPenalty",
    "FourStraightMode",
    "HeadsUpSmallBlind",
    "LimitShortAllInRule",
    "OddChipOrder",
    "OwnDiscardsScope",
    "ReshufflePolicy",
    "ShowdownFirst",
    "ShowingTieBreak",
    "SplitHalfOddChip",
    "StudDealerPosition",
    "UncappedHeadsUp",
    "coerce",
]


class Betting(enum.Enum):
    """Betting structure (``betting_structure``; G-1.6 to G-1.8)."""

    FIXED_LIMIT = "FIXED_LIMIT"
    POT_LIMIT = "POT_LIMIT"
    NO_LIMIT = "NO_LIMIT"


class StudDealerPosition(enum.Enum):
    """``stud_dealer_position`` (G-1.2.3): fixed dealer box or rotating."""

    FIXED = "FIXED"
    ROTATING = "ROTATING"


class BringInCard(enum.Enum):
    """``bring_in_card`` (E-2.6): which door card brings in."""

    LOWEST = "LOWEST"
    HIGHEST = "HIGHEST"
    AUTO = "AUTO"


class UncappedHeadsUp(enum.Enum):
    """``uncapped_heads_up`` (G-1.6.2): when the fixed-limit cap is lifted heads-up."""

    NEVER = "NEVER"
    ROUND_BEGINS_HEADS_UP = "ROUND_BEGINS_HEADS_UP"
    BECOMES_HEADS_UP_BEFORE_CAP = "BECOMES_HEADS_UP_BEFORE_CAP"


class LimitShortAllInRule(enum.Enum):
    """``limit_short_all_in_rule`` (G-1.9.3): when a short all-in re-opens in limit."""

    HALF_BET = "HALF_BET"
    FULL_BET = "FULL_BET"


class BettingTimeoutAction(enum.Enum):
    """``betting_timeout_action`` (G-1.5.6)."""

    CHECK_OR_FOLD = "CHECK_OR_FOLD"
    FOLD = "FOLD"


class ShowingTieBreak(enum.Enum):
    """``showing_tie_break`` (E-2.5.4): ties between equal showing hands."""

    POSITION = "POSITION"
    SUIT = "SUIT"


class FourStraightMode(enum.Enum):
    """``four_straight_mode`` (E-2.2.3): which Soko four-straights count."""

    CONSECUTIVE = "CONSECUTIVE"
    OPEN_ENDED = "OPEN_ENDED"
    WITH_GUTSHOT = "WITH_GUTSHOT"


class OddChipOrder(enum.Enum):
    """``odd_chip_order`` (G-1.11.4): who receives odd chips of a split.

    ``LOW_CARD_BY_SUIT_ALL`` is ``HIGH_CARD_BY_SUIT_ALL`` for high halves and the
    lowest card by suit among all cards for low halves (the [RRoP] low-game rule).
    """

    POSITION = "POSITION"
    HIGH_CARD_BY_SUIT_BEST5 = "HIGH_CARD_BY_SUIT_BEST5"
    HIGH_CARD_BY_SUIT_ALL = "HIGH_CARD_BY_SUIT_ALL"
    LOW_CARD_BY_SUIT_ALL = "LOW_CARD_BY_SUIT_ALL"


class ShowdownFirst(enum.Enum):
    """``showdown_first_if_no_bet`` (G-1.12.2): who shows first if nobody bet."""

    BEST_SHOWING = "BEST_SHOWING"
    LEFT_OF_DEALER = "LEFT_OF_DEALER"


class DrawTimeoutPenalty(enum.Enum):
    """``draw_timeout_penalty`` (D-7)."""

    NEXT_ROUND_ONLY = "NEXT_ROUND_ONLY"
    REST_OF_HAND = "REST_OF_HAND"
    NONE = "NONE"


class ReshufflePolicy(enum.Enum):
    """``reshuffle_policy`` (D-10)."""

    EXCLUDE_OWN_DISCARDS = "EXCLUDE_OWN_DISCARDS"
    EXCLUDE_CURRENT_ROUND = "EXCLUDE_CURRENT_ROUND"


class OwnDiscardsScope(enum.Enum):
    """``own_discards_scope`` (D-10.2)."""

    WHOLE_HAND = "WHOLE_HAND"
    CURRENT_DRAW = "CURRENT_DRAW"


class HeadsUpSmallBlind(enum.Enum):
    """``heads_up_small_blind`` (G-1.4.3, C-26): who posts the small blind, 2-7 heads-up."""

    BUTTON = "BUTTON"
    LEFT_OF_BUTTON = "LEFT_OF_BUTTON"


class SplitHalfOddChip(enum.Enum):
    """``split_half_odd_chip`` (H-5.5, C-27): an odd unit left when a hi/lo half is shared.

    ``HIGH_WINNER``: to the high half's winner (nearest the dealer among several), even from
    the low half. ``WITHIN_HALF``: to a player sharing that half, by ``odd_chip_order``.
    """

    HIGH_WINNER = "HIGH_WINNER"
    WITHIN_HALF = "WITHIN_HALF"


E = TypeVar("E", bound=enum.Enum)


def coerce(kind: type[E], value: object) -> E:
    """Return the member of ``kind`` given a member, its name or its value (any case).

    Args:
        kind: the enum class.
        value: a member of ``kind`` or of a same-named enum (another module's mirror),
            or a string naming a member.

    Returns:
        The member of ``kind``.

    Raises:
        ValueError: ``value`` names no member of ``kind``.
    """
    if isinstance(value, kind):
        return value
    name = value.name if isinstance(value, enum.Enum) else value
    if isinstance(name, str):
        key = name.strip().upper()
        if key in kind.__members__:
            return kind[key]
    allowed = ", ".join(kind.__members__)
    raise ValueError(f"invalid {kind.__name__} value {value!r}; expected one of {allowed}")
