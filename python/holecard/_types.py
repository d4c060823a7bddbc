"""Type aliases of the public API."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

from holecard._core import Card

__all__ = ["CardsLike"]

#: Anything that names cards: ``"As Kd"``, a :class:`~holecard.Card`, or an iterable of
#: cards or card strings.
CardsLike: TypeAlias = str | Card | Iterable[Card | str]
