"""Hypothesis strategies and oracle comparisons, for holecard's tests and for yours.

The strategies draw cards, hands and arrays of hands; the ``assert_*`` helpers check an
evaluator against the pure-Python reference (:mod:`holecard.reference`), comparing
orderings rather than raw numbers, so any evaluator that returns comparable values (yours
included) can be checked.

>>> from hypothesis import given
>>> from holecard.testing import hands, assert_agrees_with_reference
>>> @given(hands(7))
... def test_high(cards):
...     assert_agrees_with_reference("high", cards)
>>> test_high()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, Protocol, Self

import numpy as np
import numpy.typing as npt
from hypothesis import strategies as st

from holecard import _core
from holecard._core import Card, HandValue
from holecard.reference import evaluators as ref

__all__ = [
    "CARD_COUNTS",
    "RANKINGS",
    "assert_agrees_with_reference",
    "assert_same_order",
    "card_arrays",
    "cards",
    "evaluate",
    "hands",
    "reference",
    "up_cards",
]

#: The rankings the fast evaluators and the reference share.
RANKINGS: tuple[str, ...] = ("high", "soko", "ace_five", "low8", "deuce_seven")

#: How many cards each ranking takes (inclusive bounds).
CARD_COUNTS: dict[str, tuple[int, int]] = {
    "high": (5, 7),
    "soko": (5, 5),
    "ace_five": (5, 7),
    "low8": (5, 7),
    "deuce_seven": (5, 5),
}

_FAST: dict[str, Callable[..., HandValue | None]] = {
    "high": _core.evaluate_high,
    "soko": _core.evaluate_soko,
    "ace_five": _core.evaluate_ace_five,
    "low8": _core.evaluate_low8,
    "deuce_seven": _core.evaluate_deuce_seven,
}


def cards() -> st.SearchStrategy[Card]:
    """One card, any of the 52."""
    return st.integers(0, 51).map(Card.from_index)


def hands(min_size: int, max_size: int | None = None) -> st.SearchStrategy[list[Card]]:
    """Lists of distinct cards, ``min_size`` to ``max_size`` long (default: ``min_size``)."""
    size = min_size if max_size is None else max_size
    return st.lists(st.integers(0, 51), min_size=min_size, max_size=size, unique=True).map(
        lambda ix: [Card.from_index(i) for i in ix]
    )


def up_cards(min_size: int = 1, max_size: int = 4) -> st.SearchStrategy[list[Card]]:
    """Stud up-cards: 1 to 4 distinct cards."""
    return hands(min_size, max_size)


def card_arrays(k: int, *, max_rows: int = 64) -> st.SearchStrategy[npt.NDArray[np.uint8]]:
    """``uint8`` arrays of shape ``(n, k)`` whose rows are distinct-card hands."""
    rows = st.lists(
        st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True),
        min_size=0,
        max_size=max_rows,
    )
    return rows.map(lambda r: np.array(r, dtype=np.uint8).reshape(len(r), k))


def evaluate(ranking: str, hand: Sequence[Card], **options: str) -> HandValue | None:
    """The fast evaluator of ``ranking`` (one of :data:`RANKINGS`) on ``hand``."""
    return _FAST[ranking](list(hand), **options)


def reference(ranking: str, hand: Sequence[Card], **options: str) -> ref.RefValue | None:
    """The reference evaluator of ``ranking`` on ``hand``."""
    return ref.evaluate(ranking, [str(c) for c in hand], **options)


class _Ordered(Protocol):
    def __lt__(self, other: Self, /) -> bool: ...


def _sign(a: _Ordered | None, b: _Ordered | None) -> int:
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return (b < a) - (a < b)


def assert_same_order(
    ranking: str,
    a: Sequence[Card],
    b: Sequence[Card],
    *,
    fast: Callable[..., Any] | None = None,
    **options: str,
) -> None:
    """Assert that ``fast`` orders ``a`` and ``b`` as the reference does.

    ``fast`` defaults to holecard's evaluator; ``None`` (no 8-or-better low) is below
    every low.
    """
    evaluator = fast or _FAST[ranking]
    got = _sign(evaluator(list(a), **options), evaluator(list(b), **options))
    want = _sign(reference(ranking, a, **options), reference(ranking, b, **options))
    assert got == want, f"{ranking}: {a} vs {b}: fast says {got}, reference says {want}"


def assert_agrees_with_reference(ranking: str, hand: Sequence[Card], **options: str) -> None:
    """Assert that holecard's value of ``hand`` matches the reference.

    Checks the category, that the five cards shown make the same value, and that no
    5-card subset beats it.
    """
    value = evaluate(ranking, hand, **options)
    expected = reference(ranking, hand, **options)
    if value is None or expected is None:
        assert value is None, f"{ranking} {hand}: {value!r}, reference has no value"
        assert expected is None, f"{ranking} {hand}: no value, reference {expected}"
        return
    assert int(value.category) == expected.category, f"{ranking} {hand}: {value!r} vs {expected}"
    # The five cards shown make the same value, and no 5-card subset beats it.
    five = evaluate(ranking, list(value.cards), **options)
    assert five == value, f"{ranking} {hand}: cards {value.cards} make {five!r}"
    subsets = [evaluate(ranking, list(s), **options) for s in combinations(hand, 5)]
    assert value == max((s for s in subsets if s is not None), key=lambda v: v.strength)
