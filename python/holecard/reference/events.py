"""The reference engine's history events: immutable records, one per thing that happened.

``State.history`` lists them in order; every event is a frozen dataclass deriving from
:class:`Event`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Action",
    "AntePosted",
    "BetOrRaised",
    "BlindPosted",
    "BoardCardDealt",
    "BringInPosted",
    "BurnsRecycled",
    "Called",
    "CardBurned",
    "CardDealt",
    "Checked",
    "Completed",
    "Drew",
    "Event",
    "Folded",
    "HandShown",
    "PotAwarded",
    "Reshuffled",
    "ShowdownOrder",
    "StreetStarted",
    "TimedOut",
    "UncalledBetReturned",
]


@dataclass(frozen=True)
class Event:
    """Base class of every history event."""


@dataclass(frozen=True)
class AntePosted(Event):
    """G-1.4.1: an ante (possibly short, all-in) posted."""

    seat: int
    amount: int


@dataclass(frozen=True)
class BlindPosted(Event):
    """G-1.4.3: a blind posted (``blind`` is ``"small"`` or ``"big"``)."""

    seat: int
    amount: int
    blind: str


@dataclass(frozen=True)
class StreetStarted(Event):
    """A new street (betting round index, see module doc) begins."""

    street: int


@dataclass(frozen=True)
class CardDealt(Event):
    """One card dealt to a player, face up or down (G-1.3.1)."""

    seat: int
    card: str
    face_up: bool


@dataclass(frozen=True)
class CardBurned(Event):
    """G-1.3.2: one card burned."""

    card: str


@dataclass(frozen=True)
class BoardCardDealt(Event):
    """T-9.3: the stud community card."""

    card: str


@dataclass(frozen=True)
class BurnsRecycled(Event):
    """T-9.2: burn cards returned to the stub."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Reshuffled(Event):
    """D-10: the reshuffle pool becomes the new stub (``seat`` is the drawer)."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class BringInPosted(Event):
    """G-1.4.2: the bring-in posted (``amount`` may be short: all-in)."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Completed(Event):
    """G-1.6.3: a completion to ``total`` (may be a short all-in)."""

    seat: int
    total: int


@dataclass(frozen=True)
class BetOrRaised(Event):
    """A bet or raise to ``total`` (this round's commitment)."""

    seat: int
    total: int


@dataclass(frozen=True)
class Called(Event):
    """A call of ``amount`` chips (all-in when short)."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Checked(Event):
    """A check."""

    seat: int


@dataclass(frozen=True)
class Folded(Event):
    """A fold."""

    seat: int


@dataclass(frozen=True)
class TimedOut(Event):
    """G-1.5.6 / D-7: a time-out; the resulting action follows as its own event."""

    seat: int


@dataclass(frozen=True)
class Drew(Event):
    """D-5: a draw (``discards`` empty = stood pat)."""

    seat: int
    discards: tuple[str, ...]
    received: tuple[str, ...]


@dataclass(frozen=True)
class UncalledBetReturned(Event):
    """G-1.10.1: uncalled chips returned."""

    seat: int
    amount: int


@dataclass(frozen=True)
class ShowdownOrder(Event):
    """G-1.12.2: the order in which the hands are shown."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class HandShown(Event):
    """A hand shown at showdown."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PotAwarded(Event):
    """A pot (or a half of it: ``half`` is ``"whole"``, ``"high"`` or ``"low"``) paid."""

    pot: int
    half: str
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True)
class Action(Event):
    """Reserved base for user-action events (kept for API symmetry)."""
