"""Reference hand evaluators: slow, brute-force and written from docs/rules.md §2 alone.

This module is the oracle that the Rust evaluators are checked against. It shares no
code or tables with them: every function looks at each 5-card subset of the hand,
builds a plain tuple of ranks for it, and keeps the maximum. Nothing is precomputed.

Every evaluator returns a :class:`RefValue`. Within one ranking, a greater value is a
stronger hand (low rankings are inverted internally) and equal values tie exactly.
Values of different rankings must not be compared with each other.

``RefValue.order_key`` is ``(order, *tiebreak)``. ``order`` is the position of the
category within its ranking (1 = weakest). The category numbers (``HIGH_CARD`` = 1 …
``FOUR_FLUSH`` = 11) are only names and do not give the order: in Soko the four-flush
(11) ranks below two pair (3). The tie-break part is:

* ``high`` (E-2.1): the ranks of E-2.1.2 as ints (2 … 14; a wheel's top card is 5).
* ``soko`` (E-2.2): as ``high``; four-flush: the four suited ranks high → low, then the
  odd card; four-straight: the top card of the run (``A-2-3-4`` = 4), then the odd card.
* ``ace_five`` and ``low8`` (E-2.3): the ranks (ace = 1), grouped by multiplicity then
  rank, highest first, each negated so that the lower hand has the greater key.
* ``deuce_seven`` (E-2.4): the E-2.1 key with the ace always high and no wheel, every
  number negated (``order`` = 10 - category).

Cards may be given as one string (``"As Kd 7h"``, ``"AsKd7h"``, ``"As,Kd"``; ranks
``23456789TJQKA`` or ``10``, suits ``cdhs``, either case) or as an iterable of card
strings, card indices (``4 * (rank - 2) + suit``, clubs 0, diamonds 1, hearts 2,
spades 3, so ``2c`` = 0 and ``As`` = 51) or objects with an integer ``index``
attribute. Unknown text, duplicates and wrong counts raise ``ValueError``.

Example:
    >>> evaluate_high("As Ks Qs Js 9s 9d 9c").cards
    ('As', 'Ks', 'Qs', 'Js', '9s')
    >>> evaluate_soko("Kh 8h 6h 4h 8s") > evaluate_soko("Qh Jh Th 9h Ts")
    True
    >>> evaluate_low8("Ac Ad 2c 2d 3h 9s Kc") is None
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Protocol, TypeAlias

__all__ = [
    "ACE",
    "FLUSH",
    "FOUR_FLUSH",
    "FOUR_OF_A_KIND",
    "FOUR_STRAIGHT",
    "FOUR_STRAIGHT_MODES",
    "FULL_HOUSE",
    "HIGH_CARD",
    "ONE_PAIR",
    "RANKINGS",
    "RANK_CHARS",
    "SHOWING_GAMES",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "SUIT_CHARS",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "Card",
    "CardLike",
    "CardsLike",
    "Key",
    "RefValue",
    "bring_in_order",
    "evaluate",
    "evaluate_ace_five",
    "evaluate_deuce_seven",
    "evaluate_high",
    "evaluate_low8",
    "evaluate_showing",
    "evaluate_soko",
]

# Category numbers: the same numbers as the library's ``Category`` IntEnum.
HIGH_CARD: Final = 1
ONE_PAIR: Final = 2
TWO_PAIR: Final = 3
THREE_OF_A_KIND: Final = 4
STRAIGHT: Final = 5
FLUSH: Final = 6
FULL_HOUSE: Final = 7
FOUR_OF_A_KIND: Final = 8
STRAIGHT_FLUSH: Final = 9
FOUR_STRAIGHT: Final = 10
FOUR_FLUSH: Final = 11

RANKINGS: Final = ("high", "soko", "ace_five", "low8", "deuce_seven")
SHOWING_GAMES: Final = ("stud", "stud8", "soko", "razz")
FOUR_STRAIGHT_MODES: Final = ("CONSECUTIVE", "OPEN_ENDED", "WITH_GUTSHOT")

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
ACE: Final = 14

Card: TypeAlias = tuple[int, int]
"""A card as ``(rank, suit)``: rank 2 … 14 (ace 14), suit 0 … 3 (``c d h s``)."""

Key: TypeAlias = tuple[int, ...]
"""An order key ``(order, *tiebreak)``: greater is stronger within one ranking."""


class _HasIndex(Protocol):
    """Anything with a card index, such as ``holecard.Card``."""

    @property
    def index(self) -> int: ...


CardLike: TypeAlias = str | int | _HasIndex
CardsLike: TypeAlias = str | Iterable[str | int | _HasIndex]


@dataclass(frozen=True, eq=False)
class RefValue:
    """The value of a hand under one ranking; ordered by ``order_key`` only.

    Attributes:
        order_key: ``(order, *tiebreak)``; greater is stronger, equal is an exact tie.
        category: the category number (``HIGH_CARD`` … ``FOUR_FLUSH``).
        cards: the cards used (five, or the up-cards for a showing hand), in the order
            the hand is named: grouped cards first, then high → low (for low hands the
            highest card first too, e.g. ``8-6-4-2-A``).
    """

    order_key: Key
    category: int
    cards: tuple[str, ...]

    def __eq__(self, other: object) -> bool:
        """Equal when the keys are equal (an exact tie); the cards do not matter."""
        if not isinstance(other, RefValue):
            return NotImplemented
        return self.order_key == other.order_key

    def __hash__(self) -> int:
        """Hash of the key, consistent with ``==``."""
        return hash(self.order_key)

    def __lt__(self, other: object) -> bool:
        """Weaker than ``other``."""
        if not isinstance(other, RefValue):
            return NotImplemented
        return self.order_key < other.order_key

    def __le__(self, other: object) -> bool:
        """Weaker than or tied with ``other``."""
        if not isinstance(other, RefValue):
            return NotImplemented
        return self.order_key <= other.order_key

    def __gt__(self, other: object) -> bool:
        """Stronger than ``other``."""
        if not isinstance(other, RefValue):
            return NotImplemented
        return self.order_key > other.order_key

    def __ge__(self, other: object) -> bool:
        """Stronger than or tied with ``other``."""
        if not isinstance(other, RefValue):
            return NotImplemented
        return self.order_key >= other.order_key


# --------------------------------------------------------------------------------------
# Card input


def _card_str(card: Card) -> str:
    return RANK_CHARS[card[0] - 2] + SUIT_CHARS[card[1]]


def _parse_text(text: str) -> list[Card]:
    """Parse ``"As Kd 7h"`` / ``"AsKd7h"`` / ``"As,Kd"`` / ``"10s"``; reject junk."""
    cards: list[Card] = []
    i = 0
    while i < len(text):
        if text[i].isspace() or text[i] == ",":
            i += 1
            continue
        if text.startswith("10", i):
            rank, j = 10, i + 2
        elif text[i].upper() in RANK_CHARS:
            rank, j = RANK_CHARS.index(text[i].upper()) + 2, i + 1
        else:
            raise ValueError(f"invalid card rank {text[i]!r} at position {i} in {text!r}")
        if j >= len(text) or text[j].lower() not in SUIT_CHARS:
            bad = text[i : j + 1]
            raise ValueError(f"invalid card {bad!r} at position {i} in {text!r}")
        cards.append((rank, SUIT_CHARS.index(text[j].lower())))
        i = j + 1
    return cards


def _from_index(index: int, shown: object) -> Card:
    if not 0 <= index <= 51:
        raise ValueError(f"card index {shown!r} is not in 0..51")
    return index // 4 + 2, index % 4


def _to_card(item: object) -> Card:
    """Convert one card (text, index, or object with an ``index``) to ``(rank, suit)``."""
    if isinstance(item, str):
        parsed = _parse_text(item)
        if len(parsed) != 1:
            raise ValueError(f"expected exactly one card, got {item!r}")
        return parsed[0]
    if isinstance(item, bool):
        raise ValueError(f"not a card: {item!r}")
    if isinstance(item, int):
        return _from_index(item, item)
    index = getattr(item, "index", None)
    if isinstance(index, int) and not isinstance(index, bool):
        return _from_index(index, item)
    raise ValueError(f"not a card: {item!r}")


def _to_cards(cards: object, *, low: int, high: int, what: str) -> tuple[Card, ...]:
    """Convert a hand to ``(rank, suit)`` tuples sorted high → low (rank, then suit).

    Args:
        cards: one string of cards, or an iterable of cards (text, index, ``.index``).
        low: the least number of cards accepted.
        high: the greatest number of cards accepted.
        what: the caller's name, for error messages.

    Returns:
        The cards, sorted by rank then suit, highest first (the order does not matter
        to any evaluator; sorting makes the reported ``cards`` deterministic).

    Raises:
        ValueError: unknown card text, a duplicate card or a wrong number of cards.
    """
    if isinstance(cards, str):
        hand = _parse_text(cards)
    elif isinstance(cards, Iterable):
        hand = [_to_card(item) for item in cards]
    else:
        raise ValueError(f"{what}: not a hand of cards: {cards!r}")
    if len(set(hand)) != len(hand):
        dup = next(card for card, count in Counter(hand).items() if count > 1)
        raise ValueError(f"{what}: duplicate card {_card_str(dup)!r} in {_show(hand)!r}")
    if not low <= len(hand) <= high:
        need = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{what} needs {need} cards, got {len(hand)}: {_show(hand)!r}")
    return tuple(sorted(hand, reverse=True))


def _show(hand: Iterable[Card]) -> str:
    return " ".join(_card_str(c) for c in hand)


# --------------------------------------------------------------------------------------
# Shared helpers


def _low(rank: int) -> int:
    """Rank with the ace counting 1 (ace-to-five, and the low end of runs)."""
    return 1 if rank == ACE else rank


def _same(rank: int) -> int:
    return rank


def _grouped(values: Sequence[int]) -> Key:
    """Each distinct value once: the most frequent first, ties by value high → low."""
    counts = Counter(values)
    return tuple(sorted(counts, key=lambda v: (counts[v], v), reverse=True))


def _pattern(values: Sequence[int]) -> tuple[int, ...]:
    """The multiplicities high → low, e.g. ``(2, 2, 1)`` for two pair."""
    return tuple(sorted(Counter(values).values(), reverse=True))


def _named(hand: Sequence[Card], value: Callable[[int], int]) -> tuple[str, ...]:
    """The cards in naming order: larger groups first, then by value, then by suit."""
    counts = Counter(rank for rank, _ in hand)
    ordered = sorted(hand, key=lambda c: (counts[c[0]], value(c[0]), c[1]), reverse=True)
    return tuple(_card_str(c) for c in ordered)


def _straight_top(ranks: Sequence[int], *, wheel: bool) -> int:
    """Top card of a five-card straight (wheel = 5 when allowed), else 0 (G-1.1.2)."""
    distinct = set(ranks)
    if len(distinct) != 5:
        return 0
    if max(distinct) - min(distinct) == 4:
        return max(distinct)
    if wheel and distinct == {ACE, 2, 3, 4, 5}:
        return 5
    return 0


_GROUP_CATEGORIES: Final[dict[tuple[int, ...], int]] = {
    (4, 1): FOUR_OF_A_KIND,
    (3, 2): FULL_HOUSE,
    (3, 1, 1): THREE_OF_A_KIND,
    (2, 2, 1): TWO_PAIR,
    (2, 1, 1, 1): ONE_PAIR,
    (1, 1, 1, 1, 1): HIGH_CARD,
    # Patterns of fewer cards (showing hands, E-2.5).
    (4,): FOUR_OF_A_KIND,
    (3, 1): THREE_OF_A_KIND,
    (3,): THREE_OF_A_KIND,
    (2, 2): TWO_PAIR,
    (2, 1, 1): ONE_PAIR,
    (2, 1): ONE_PAIR,
    (2,): ONE_PAIR,
    (1, 1, 1, 1): HIGH_CARD,
    (1, 1, 1): HIGH_CARD,
    (1, 1): HIGH_CARD,
    (1,): HIGH_CARD,
}


def _high_five(hand: Sequence[Card], *, wheel: bool) -> tuple[int, Key, tuple[str, ...]]:
    """Category, E-2.1.2 tie-break and named cards of exactly five cards.

    Args:
        hand: five cards.
        wheel: whether ``5-4-3-2-A`` is a straight (E-2.1: yes; E-2.4: no).
    """
    ranks = [rank for rank, _ in hand]
    flush = len({suit for _, suit in hand}) == 1
    top = _straight_top(ranks, wheel=wheel)
    if top:
        value = _low if top == 5 and ACE in ranks else _same
        return (STRAIGHT_FLUSH if flush else STRAIGHT), (top,), _named(hand, value)
    category = _GROUP_CATEGORIES[_pattern(ranks)]
    if flush:  # five distinct ranks, so the group pattern is "high card"
        category = FLUSH
    return category, _grouped(ranks), _named(hand, _same)


# --------------------------------------------------------------------------------------
# E-2.1 high


def _high_value(five: Sequence[Card]) -> RefValue:
    category, tiebreak, named = _high_five(five, wheel=True)
    return RefValue((category, *tiebreak), category, named)


def evaluate_high(cards: CardsLike) -> RefValue:
    """Best high hand of 5-7 cards (E-2.1): the maximum over every 5-card subset.

    Key: ``(category, *E-2.1.2 tie-break)``; for high hands the category numbers 1-9
    are also the order. The wheel is a 5-high straight; there is no wrap-around.

    Args:
        cards: 5 to 7 cards.

    Returns:
        The value of the best five cards.

    Example:
        >>> evaluate_high("Ah Ad Kc Kd Qs Qh 2c").order_key
        (3, 14, 13, 12)
    """
    hand = _to_cards(cards, low=5, high=7, what="evaluate_high")
    return max(_high_value(five) for five in combinations(hand, 5))


# --------------------------------------------------------------------------------------
# E-2.2 Soko

# Soko order of categories, weakest first (E-2.2.1).
_SOKO_ORDER: Final[dict[int, int]] = {
    HIGH_CARD: 1,
    ONE_PAIR: 2,
    FOUR_STRAIGHT: 3,
    FOUR_FLUSH: 4,
    TWO_PAIR: 5,
    THREE_OF_A_KIND: 6,
    STRAIGHT: 7,
    FLUSH: 8,
    FULL_HOUSE: 9,
    FOUR_OF_A_KIND: 10,
    STRAIGHT_FLUSH: 11,
}


def _mode(four_straight: str) -> str:
    mode = str(four_straight).upper()
    if mode not in FOUR_STRAIGHT_MODES:
        raise ValueError(
            f"unknown four_straight mode {four_straight!r}; expected one of "
            f"{', '.join(FOUR_STRAIGHT_MODES)}"
        )
    return mode


def _four_run_top(ranks: Sequence[int], mode: str) -> int:
    """Top card if four ranks form a four-straight under ``mode`` (E-2.2.3), else 0.

    The ace is tried both high and low (``J-Q-K-A`` tops at 14, ``A-2-3-4`` at 4);
    ``Q-K-A-2`` fits neither way, so there is no wrap-around.
    """
    if len(set(ranks)) != 4:
        return 0
    best = 0
    for value in (_same, _low):
        values = sorted(value(rank) for rank in ranks)
        span = values[-1] - values[0]
        # WITH_GUTSHOT: any four ranks inside a 5-rank window; else four consecutive ranks.
        fits = span <= 4 if mode == "WITH_GUTSHOT" else span == 3
        if mode == "OPEN_ENDED" and values[-1] in (4, ACE):
            fits = False  # A-2-3-4 and J-Q-K-A can be completed at one end only
        if fits:
            best = max(best, values[-1])
    return best


def _soko_partial(five: Sequence[Card], mode: str) -> tuple[int, Key, tuple[str, ...]] | None:
    """Four-flush or four-straight of five cards (E-2.2.2-5), or None.

    Brute force over the choice of the odd card: the other four are tested as a
    four-flush (one suit, the odd card of another suit) and as a four-straight.
    A hand that is both is a four-flush (E-2.2.4), so four-flushes are tried first.
    """
    hand = tuple(five)
    odd_choices = [(hand[:i] + hand[i + 1 :], hand[i]) for i in range(5)]
    flushes: list[tuple[Key, tuple[str, ...]]] = []
    for four, odd in odd_choices:
        suits = {suit for _, suit in four}
        if len(suits) == 1 and odd[1] not in suits:
            key = (*sorted((rank for rank, _ in four), reverse=True), odd[0])
            flushes.append((key, (*_named(four, _same), _card_str(odd))))
    if flushes:
        key, named = max(flushes)
        return FOUR_FLUSH, key, named
    runs: list[tuple[Key, tuple[str, ...]]] = []
    for four, odd in odd_choices:
        top = _four_run_top([rank for rank, _ in four], mode)
        if top:
            value = _low if top <= 5 and ACE in (rank for rank, _ in four) else _same
            runs.append(((top, odd[0]), (*_named(four, value), _card_str(odd))))
    if runs:
        key, named = max(runs)
        return FOUR_STRAIGHT, key, named
    return None


def evaluate_soko(cards: CardsLike, *, four_straight: str = "CONSECUTIVE") -> RefValue:
    """Soko value of exactly five cards (E-2.2).

    Order, weakest first: high card, one pair, four-straight, four-flush, two pair,
    three of a kind, straight, flush, full house, four of a kind, straight flush.
    Four-flush and four-straight only replace one pair and high card (E-2.2.4).

    Args:
        cards: exactly five cards.
        four_straight: ``"CONSECUTIVE"`` (default: four consecutive ranks, ace high or
            low, no wrap), ``"OPEN_ENDED"`` (also excludes ``A-2-3-4`` and ``J-Q-K-A``)
            or ``"WITH_GUTSHOT"`` (any four ranks inside a 5-rank window).

    Returns:
        The Soko value; key ``(order, *tiebreak)`` with the order of ``_SOKO_ORDER``.

    Example:
        >>> evaluate_soko("Jh Qc Kd As 2h").cards
        ('As', 'Kd', 'Qc', 'Jh', '2h')
    """
    mode = _mode(four_straight)
    hand = _to_cards(cards, low=5, high=5, what="evaluate_soko")
    category, tiebreak, named = _high_five(hand, wheel=True)
    if category in (ONE_PAIR, HIGH_CARD):
        partial = _soko_partial(hand, mode)
        if partial is not None:
            category, tiebreak, named = partial
    return RefValue((_SOKO_ORDER[category], *tiebreak), category, named)


# --------------------------------------------------------------------------------------
# E-2.3 ace-to-five low and 8-or-better

# Ace-to-five order, weakest first: the more duplication the worse (E-2.3.2).
_LOW_ORDER: Final[dict[int, int]] = {
    FOUR_OF_A_KIND: 1,
    FULL_HOUSE: 2,
    THREE_OF_A_KIND: 3,
    TWO_PAIR: 4,
    ONE_PAIR: 5,
    HIGH_CARD: 6,
}


def _ace_five_value(cards: Sequence[Card]) -> RefValue:
    """Ace-to-five value of 1-5 cards: straights and flushes are ignored (E-2.3.1-2)."""
    ranks = [_low(rank) for rank, _ in cards]
    category = _GROUP_CATEGORIES[_pattern(ranks)]
    tiebreak = tuple(-rank for rank in _grouped(ranks))
    return RefValue((_LOW_ORDER[category], *tiebreak), category, _named(cards, _low))


def evaluate_ace_five(cards: CardsLike) -> RefValue:
    """Best ace-to-five low of 5-7 cards (E-2.3.1-2; razz): pairs allowed but bad.

    Args:
        cards: 5 to 7 cards.

    Returns:
        The best (lowest) low; greater value = better low.

    Example:
        >>> evaluate_ace_five("8c 6d 4h 2s Ac") > evaluate_ace_five("8c 6d 5h 2s Ac")
        True
    """
    hand = _to_cards(cards, low=5, high=7, what="evaluate_ace_five")
    return max(_ace_five_value(five) for five in combinations(hand, 5))


def _qualifies8(five: Sequence[Card]) -> bool:
    """Five different ranks, all 8 or lower with the ace low (E-2.3.3)."""
    ranks = {_low(rank) for rank, _ in five}
    return len(ranks) == 5 and max(ranks) <= 8


def evaluate_low8(cards: CardsLike) -> RefValue | None:
    """Best 8-or-better low of 5-7 cards (E-2.3.3-4), or None without a qualifier.

    The maximum of the ace-to-five values of the qualifying 5-card subsets.

    Args:
        cards: 5 to 7 cards.

    Returns:
        The best qualifying low (category ``HIGH_CARD``), or None.

    Example:
        >>> evaluate_low8("Ac 2d 4h 5s 6c 7d 8h").cards
        ('6c', '5s', '4h', '2d', 'Ac')
    """
    hand = _to_cards(cards, low=5, high=7, what="evaluate_low8")
    lows = [_ace_five_value(five) for five in combinations(hand, 5) if _qualifies8(five)]
    return max(lows) if lows else None


# --------------------------------------------------------------------------------------
# E-2.4 deuce-to-seven


def evaluate_deuce_seven(cards: CardsLike) -> RefValue:
    """Best deuce-to-seven value of 5-7 cards (E-2.4): the maximum over 5-card subsets.

    The E-2.1 ranking with the ace always high and no wheel, reversed: the key is
    ``(10 - category, *negated tie-break)``, so the lowest high hand has the greatest
    key. Straights and flushes count against the hand, so from six or seven cards the
    best five avoid them when they can (as PokerKit's deuce-to-seven lookup does).

    Args:
        cards: 5 to 7 cards.

    Returns:
        The 2-7 value of the best five cards; greater = better (lower) hand.

    Example:
        >>> evaluate_deuce_seven("Ac 5d 4h 3s 2c").category == HIGH_CARD
        True
        >>> evaluate_deuce_seven("2h 3h 4h 5h 7h 8c").order_key
        (9, -8, -5, -4, -3, -2)
    """
    hand = _to_cards(cards, low=5, high=7, what="evaluate_deuce_seven")
    return max(_deuce_seven_five(five) for five in combinations(hand, 5))


def _deuce_seven_five(five: Sequence[Card]) -> RefValue:
    category, tiebreak, named = _high_five(five, wheel=False)
    return RefValue((10 - category, *(-rank for rank in tiebreak)), category, named)


# --------------------------------------------------------------------------------------
# E-2.5 showing hands and E-2.6 bring-in

# Showing-hand order, weakest first (E-2.5.1, E-2.5.3).
_SHOWING_ORDER: Final[dict[int, int]] = {
    HIGH_CARD: 1,
    ONE_PAIR: 2,
    FOUR_STRAIGHT: 3,
    FOUR_FLUSH: 4,
    TWO_PAIR: 5,
    THREE_OF_A_KIND: 6,
    FOUR_OF_A_KIND: 7,
}


def _game(game: str) -> str:
    name = str(game).lower()
    if name not in SHOWING_GAMES:
        raise ValueError(f"unknown stud game {game!r}; expected one of {', '.join(SHOWING_GAMES)}")
    return name


def evaluate_showing(
    cards: CardsLike,
    *,
    game: str,
    soko_four_card_hands: bool = True,
    four_straight: str = "CONSECUTIVE",
) -> RefValue:
    """Value of 1-4 up-cards for choosing who acts first (E-2.5); greater acts first.

    * ``"stud"``, ``"stud8"`` (H-4: the high hand only) and ``"soko"``: four of a kind >
      three of a kind > two pair > one pair > high card, grouped ranks with the ace high;
      straights and flushes do not count (E-2.5.1-2).
    * ``"soko"`` with ``soko_four_card_hands`` (E-2.5.3, default): four suited up-cards
      are a four-flush and four up-cards forming a four-straight (E-2.2.3, under
      ``four_straight``) a four-straight, both below two pair and above one pair; a
      four-flush beats a four-straight and takes precedence over it (E-2.2.4).
    * ``"razz"`` (extension; lowest hand wins): the lowest ace-to-five showing hand acts
      first (ace low, pairs bad, straights and flushes ignored); the key is built as in
      ``evaluate_ace_five``, so the greater key is the lower hand.

    Ties (equal keys) are broken by the engine (E-2.5.4), not here.

    Args:
        cards: 1 to 4 up-cards.
        game: ``"stud"``, ``"stud8"``, ``"soko"`` or ``"razz"``.
        soko_four_card_hands: E-2.5.3 option (Soko only).
        four_straight: four-straight mode for the E-2.5.3 extension (Soko only).

    Returns:
        The showing value; ``cards`` holds the up-cards in naming order.

    Example:
        >>> a = evaluate_showing("9c 9d 2h 2s", game="stud")
        >>> a > evaluate_showing("Ah Ad Kc Qd", game="stud")
        True
    """
    name = _game(game)
    mode = _mode(four_straight)
    hand = _to_cards(cards, low=1, high=4, what="evaluate_showing")
    if name == "razz":
        return _ace_five_value(hand)
    ranks = [rank for rank, _ in hand]
    category = _GROUP_CATEGORIES[_pattern(ranks)]
    tiebreak = _grouped(ranks)
    named = _named(hand, _same)
    if name == "soko" and soko_four_card_hands and len(hand) == 4 and category == HIGH_CARD:
        top = _four_run_top(ranks, mode)
        if len({suit for _, suit in hand}) == 1:
            category = FOUR_FLUSH  # tie-break: the four ranks high -> low, as already set
        elif top:
            category, tiebreak = FOUR_STRAIGHT, (top,)
            named = _named(hand, _low if top <= 5 and ACE in ranks else _same)
    return RefValue((_SHOWING_ORDER[category], *tiebreak), category, named)


def bring_in_order(card: CardLike, *, highest: bool, game: str) -> Key:
    """Key for choosing the bring-in among door cards (E-2.6); the greatest key is chosen.

    Cards compare by rank, then suit ``c < d < h < s`` (G-1.1.3), so the choice is always
    unique. In ``"stud"``, ``"stud8"`` (E-2.6.1: the ace counts high there too) and
    ``"soko"`` the ace is high. ``highest=False`` (``bring_in_card = LOWEST``) chooses
    the lowest card (``2c`` first); ``highest=True`` (``HIGHEST``) the highest (``As``).

    Razz (extension, not in docs/rules.md): the ace is **low**, so the card order is
    ``Ac < Ad < Ah < As < 2c < … < Ks``; the usual razz bring-in is the highest card
    (a king, ties by suit: ``Ks`` first), i.e. ``highest=True``. ``highest=False``
    chooses the lowest card of that order (``Ac`` first).

    Args:
        card: one door card.
        highest: True when the highest card brings in, False when the lowest does.
        game: ``"stud"``, ``"stud8"``, ``"soko"`` or ``"razz"``.

    Returns:
        ``(rank, suit)`` in the game's card order, negated when the lowest is chosen.

    Example:
        >>> doors = ["3h", "2d", "2c", "As", "Ah"]
        >>> max(doors, key=lambda c: bring_in_order(c, highest=False, game="stud"))
        '2c'
    """
    name = _game(game)
    rank, suit = _to_card(card)
    if name == "razz":
        rank = _low(rank)
    return (rank, suit) if highest else (-rank, -suit)


# --------------------------------------------------------------------------------------
# Dispatcher

_EVALUATORS: Final[dict[str, Callable[..., RefValue | None]]] = {
    "high": evaluate_high,
    "soko": evaluate_soko,
    "ace_five": evaluate_ace_five,
    "low8": evaluate_low8,
    "deuce_seven": evaluate_deuce_seven,
}


def evaluate(ranking: str, cards: CardsLike, **options: object) -> RefValue | None:
    """Evaluate ``cards`` under one of ``RANKINGS``.

    Args:
        ranking: ``"high"``, ``"soko"``, ``"ace_five"``, ``"low8"`` or ``"deuce_seven"``.
        cards: the hand, as the evaluator for that ranking accepts it.
        **options: keyword options of that evaluator (``four_straight`` for Soko).

    Returns:
        The evaluator's value (None only from ``low8`` without a qualifying low).

    Raises:
        ValueError: unknown ranking (or bad cards, from the evaluator).

    Example:
        >>> evaluate("low8", "9c 8d 7h 6s 5c 4d Kh").cards
        ('8d', '7h', '6s', '5c', '4d')
    """
    if ranking not in _EVALUATORS:
        raise ValueError(f"unknown ranking {ranking!r}; expected one of {', '.join(RANKINGS)}")
    return _EVALUATORS[ranking](cards, **options)
