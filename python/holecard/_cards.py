"""A hand of cards as one value: :class:`Cards`, which draws itself in a notebook."""

from __future__ import annotations

from collections.abc import Collection
from typing import Self

from holecard._core import Card, parse_cards
from holecard._types import CardsLike

__all__ = ["Cards"]


class Cards(tuple[Card, ...]):
    """Cards in order: an immutable, hashable tuple of :class:`~holecard.Card`.

    It reads any card text or iterable of cards (as :func:`~holecard.parse_cards` does)
    and draws itself in a notebook (``_repr_svg_``).

    >>> from holecard import Cards
    >>> hand = Cards("As Kd 7h")
    >>> hand, str(hand), len(hand), hand[0]
    (Cards('As Kd 7h'), 'As Kd 7h', 3, Card('As'))
    >>> hand == Cards(["As", "Kd", "7h"]) and hand.svg().startswith("<svg")
    True
    """

    __slots__ = ()

    def __new__(cls, cards: CardsLike = ()) -> Self:
        return super().__new__(cls, parse_cards(cards))

    def __getnewargs__(self) -> tuple[tuple[Card, ...]]:
        return (tuple(self),)

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def svg(self, *, four_color: bool = False, highlight: Collection[Card] = ()) -> str:
        """The cards as an SVG picture (:func:`holecard.svg.cards`).

        Args:
            four_color: four suit colours.
            highlight: cards to lift and outline (the others are dimmed).

        Returns:
            An SVG document.
        """
        from holecard.svg import cards

        return cards(self, four_color=four_color, highlight=highlight)

    def _repr_svg_(self) -> str:
        return self.svg()
