"""Cards of the reference engine: the deck order and card-text parsing.

Cards are strings such as ``"As"``; :data:`ALL_CARDS` lists the 52 in deck order (``2c``
first).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = ["ALL_CARDS", "RANKS", "SUITS", "parse_cards"]

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
ALL_CARDS: Final[tuple[str, ...]] = tuple(r + s for r in RANKS for s in SUITS)


def _norm_card(text: str) -> str:
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0].upper() not in RANKS or t[1].lower() not in SUITS:
        raise ValueError(f"invalid card {text!r}")
    return t[0].upper() + t[1].lower()


def parse_cards(cards: str | Iterable[object]) -> list[str]:
    """Parse cards given as one string (``"AsKd"``, ``"As Kd"``, ``"As,Kd"``) or items.

    Args:
        cards: a string, or an iterable of card strings or objects whose ``str`` is one.

    Returns:
        The card strings, normalised (``"As"``).

    Raises:
        ValueError: a token is not a card.
    """
    if isinstance(cards, str):
        text = cards.replace(",", " ").replace("10", "T")
        compact = "".join(text.split())
        if len(compact) % 2:
            raise ValueError(f"invalid card text {cards!r}")
        return [_norm_card(compact[i : i + 2]) for i in range(0, len(compact), 2)]
    return [_norm_card(str(c)) for c in cards]


def _rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def _suit(card: str) -> int:
    return SUITS.index(card[1])
