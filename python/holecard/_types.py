"""Type aliases and small value types of the public API."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, TypeAlias

from holecard._core import Card

__all__ = ["CardsLike", "Pot"]

#: Anything that names cards: ``"As Kd"``, a :class:`~holecard.Card`, or an iterable of
#: cards or card strings.
CardsLike: TypeAlias = str | Card | Iterable[Card | str]


class Pot(NamedTuple):
    """A pot: its chips and the seats that contest it."""

    amount: int
    players: tuple[int, ...]
