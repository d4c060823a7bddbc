"""The history of a hand: one frozen value per thing that happened, the same for both engines.

``State.history`` of holecard's engine (:mod:`holecard.games`) and of the pure-Python
reference (:mod:`holecard.reference.engine`) is a tuple (or list) of these values, so the
histories of one hand played by both compare with ``==``. Every event is a frozen,
hashable, picklable dataclass deriving from :class:`Event`; cards are
:class:`~holecard.Card` values, and a set of cards (a draw's discards, the cards a
reshuffle brings back) is a tuple in deck order (:attr:`Card.index <holecard.Card.index>`).
``kind`` names the event's class in a word (``"deal"``, ``"bet_raise"`` …), a convenience
for printing and filtering; ``isinstance`` or ``match`` on the classes is the typed way.

>>> import holecard
>>> from holecard.events import AntePosted, CardDealt
>>> state = holecard.SevenCardStud(ante=1, bring_in=2, small_bet=5).start([50, 50], seed=3)
>>> state.history[0]
AntePosted(seat=0, amount=1)
>>> [e.kind for e in state.history]
['ante', 'ante', 'deal', 'deal', 'deal', 'deal', 'deal', 'deal', 'street']
>>> sum(isinstance(e, CardDealt) and e.face_up for e in state.history)
2
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

# Re-exported: the card type of the events, which the reference engine takes from here.
from holecard._core import Card

__all__ = [
    "AntePosted",
    "BetOrRaised",
    "Blind",
    "BlindPosted",
    "BoardCardDealt",
    "BringInPosted",
    "BurnsRecycled",
    "Called",
    "Card",
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
    "Share",
    "StreetStarted",
    "TimedOut",
    "UncalledBetReturned",
    "card_set",
]


class Blind(enum.StrEnum):
    """Which blind a :class:`BlindPosted` is."""

    SMALL = "small"
    BIG = "big"


class Share(enum.StrEnum):
    """What part of a pot a :class:`PotAwarded` pays: all of it, or its high or low half."""

    WHOLE = "whole"
    HIGH = "high"
    LOW = "low"


def card_set(cards: Iterable[Card | str]) -> tuple[Card, ...]:
    """``cards`` as an event holds a set of cards: :class:`Card` values in deck order.

    >>> card_set(["As", "2c", "Td"])
    (Card('2c'), Card('Td'), Card('As'))
    """
    return tuple(sorted((c if isinstance(c, Card) else Card(c) for c in cards), key=_index))


def _index(card: Card) -> int:
    return card.index


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every history event."""

    #: The event's kind in a word (class attribute of each event class).
    KIND: ClassVar[str] = ""

    @property
    def kind(self) -> str:
        """The event's kind in a word: ``"ante"``, ``"deal"``, ``"bet_raise"`` and so on."""
        return self.KIND


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    """docs/rules.md G-1.4.1: an ante (short when the player is all in)."""

    KIND: ClassVar[str] = "ante"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    """docs/rules.md G-1.4.3: a 2-7 blind (short when the player is all in)."""

    KIND: ClassVar[str] = "blind"
    seat: int
    amount: int
    blind: Blind


@dataclass(frozen=True, slots=True)
class StreetStarted(Event):
    """A betting round (``draw`` false) or a 2-7 draw (``draw`` true) begins.

    ``street`` counts the betting rounds from 0 (stud third street, 2-7 predraw); a draw
    has the number of the betting round that follows it.
    """

    KIND: ClassVar[str] = "street"
    street: int
    draw: bool


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """One card dealt to a player, face up or down (docs/rules.md G-1.3.1)."""

    KIND: ClassVar[str] = "deal"
    seat: int
    card: Card
    face_up: bool


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """docs/rules.md G-1.3.2: one card burned."""

    KIND: ClassVar[str] = "burn"
    card: Card


@dataclass(frozen=True, slots=True)
class BoardCardDealt(Event):
    """docs/rules.md T-9.3: the stud community card."""

    KIND: ClassVar[str] = "board"
    card: Card


@dataclass(frozen=True, slots=True)
class BurnsRecycled(Event):
    """docs/rules.md T-9.2: the burned cards shuffled back into the stub (deck order)."""

    KIND: ClassVar[str] = "recycle"
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """docs/rules.md D-10: the cards shuffled into a new stub for ``seat``'s draw (deck order)."""

    KIND: ClassVar[str] = "reshuffle"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BringInPosted(Event):
    """docs/rules.md G-1.4.2: the bring-in (short when the player is all in)."""

    KIND: ClassVar[str] = "bring_in"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Completed(Event):
    """docs/rules.md G-1.6.3: the bring-in completed to ``total`` (this round's commitment)."""

    KIND: ClassVar[str] = "complete"
    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class BetOrRaised(Event):
    """A bet or raise to ``total``, the player's commitment in this betting round."""

    KIND: ClassVar[str] = "bet_raise"
    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class Called(Event):
    """A call, adding ``amount`` chips (short when the player is all in)."""

    KIND: ClassVar[str] = "call"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Checked(Event):
    """A check."""

    KIND: ClassVar[str] = "check"
    seat: int


@dataclass(frozen=True, slots=True)
class Folded(Event):
    """A fold."""

    KIND: ClassVar[str] = "fold"
    seat: int


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """docs/rules.md G-1.5.6 / D-7: a time-out; what it did is the next event."""

    KIND: ClassVar[str] = "timeout"
    seat: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """docs/rules.md D-5: a 2-7 draw; no discards means the player stood pat.

    ``discards`` and ``received`` are sets of cards (deck order).
    """

    KIND: ClassVar[str] = "draw"
    seat: int
    discards: tuple[Card, ...]
    received: tuple[Card, ...]

    @property
    def stood_pat(self) -> bool:
        """The player drew no card."""
        return not self.discards


@dataclass(frozen=True, slots=True)
class UncalledBetReturned(Event):
    """docs/rules.md G-1.10.1: chips nobody called, returned to their owner."""

    KIND: ClassVar[str] = "uncalled"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandShown(Event):
    """A hand shown at showdown, in show order (docs/rules.md G-1.12.2), as the player holds it."""

    KIND: ClassVar[str] = "show"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """Chips of pot ``pot`` (0 = the main pot) paid to ``seat``.

    ``share`` says which part: the whole pot, or the seat's part of its high or low half
    (docs/rules.md G-1.10, G-1.11, H-5).
    """

    KIND: ClassVar[str] = "award"
    seat: int
    amount: int
    pot: int
    share: Share
