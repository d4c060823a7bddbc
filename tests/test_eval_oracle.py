"""The Rust evaluators against the pure-Python reference (docs/rules.md §2, §5.1).

Every 5-card hand is checked for every ranking: the fast strength must equal the
reference's dense rank (the place of its value among all distinct reference values), so
the two agree on every comparison between any two hands, not just on a sample. The
reference is evaluated once per class of hands that differ only by a relabelling of
suits (E-2.1.3: suits never rank hands), which keeps the oracle's work small.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from holecard import Card, Category, _core, batch, evaluate_showing
from holecard.reference import evaluators as ref
from holecard.testing import assert_agrees_with_reference, assert_same_order, hands, up_cards

ALL5: npt.NDArray[np.uint8] = np.array(list(combinations(range(52), 5)), dtype=np.uint8)

# ranking id, batch code, reference keyword options, distinct values (docs/rules.md §5.1)
RANKINGS = [
    ("high", "high", {}, 7_462),
    ("soko", "soko", {"four_straight": "CONSECUTIVE"}, 16_707),
    ("soko", "soko_open_ended", {"four_straight": "OPEN_ENDED"}, None),
    ("soko", "soko_with_gutshot", {"four_straight": "WITH_GUTSHOT"}, None),
    ("ace_five", "ace_five", {}, 6_175),
    ("low8", "low8", {}, 56),
    ("deuce_seven", "deuce_seven", {}, 7_462),
]


@cache
def suit_classes() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]:
    """One representative row per suit-relabelling class, and each hand's class."""
    ranks = (ALL5 >> 2).astype(np.int64)
    suits = (ALL5 & 3).astype(np.int64)
    present = suits[:, :, None] == np.arange(4)[None, None, :]
    first = np.where(present.any(axis=1), present.argmax(axis=1), 5)
    # Suits renamed in order of first appearance along the (rank-sorted) hand.
    relabel = np.argsort(np.argsort(first, axis=1, kind="stable"), axis=1)
    canon = np.take_along_axis(relabel, suits, axis=1)
    key = np.zeros(len(ALL5), dtype=np.int64)
    for j in range(5):
        key = key << 6 | ranks[:, j] << 2 | canon[:, j]
    _, representative, inverse = np.unique(key, return_index=True, return_inverse=True)
    return representative, inverse


@pytest.mark.parametrize(("ranking", "code", "options", "distinct"), RANKINGS)
def test_every_five_card_hand_matches_the_reference(
    ranking: str, code: str, options: dict[str, str], distinct: int | None
) -> None:
    representative, inverse = suit_classes()
    keys: list[tuple[int, ...] | None] = []
    categories: list[int] = []
    for row in ALL5[representative]:
        value = ref.evaluate(ranking, [int(i) for i in row], **options)
        keys.append(None if value is None else value.order_key)
        categories.append(0 if value is None else value.category)
    # Dense rank of each class's reference value: 1 = weakest, 0 = no low (low8).
    ordered = sorted({k for k in keys if k is not None})
    dense_of = {k: i + 1 for i, k in enumerate(ordered)}
    dense = np.array([0 if k is None else dense_of[k] for k in keys], dtype=np.uint32)
    fast = _core.batch_evaluate(code, ALL5)
    mismatch = np.flatnonzero(fast != dense[inverse])
    assert mismatch.size == 0, (
        f"{code}: {mismatch.size} hands differ, first {ALL5[mismatch[0]].tolist()}: "
        f"fast {fast[mismatch[0]]}, reference {dense[inverse][mismatch[0]]}"
    )
    assert _core.distinct_values(code) == len(ordered)
    if distinct is not None:
        assert len(ordered) == distinct
    # Categories agree: equal strengths share a category, so one class per strength will do.
    fast_of_class = fast[representative]
    checked: set[int] = set()
    for row, strength, category in zip(
        ALL5[representative], fast_of_class, categories, strict=True
    ):
        if strength and int(strength) not in checked:
            checked.add(int(strength))
            made = _core.hand_value_from_parts(code, int(strength), [int(i) for i in row])
            assert int(made.category) == category, f"{code} {row.tolist()}: {made!r}"


@pytest.mark.parametrize("ranking", ["high", "ace_five", "low8", "deuce_seven"])
@given(data=st.data())
def test_six_and_seven_cards_match_the_reference(ranking: str, data: st.DataObject) -> None:
    hand = data.draw(hands(6, 7))
    assert_agrees_with_reference(ranking, hand)
    other = data.draw(hands(len(hand)))
    assert_same_order(ranking, hand, other)


@given(data=st.data())
def test_deuce_seven_of_suited_six_and_seven_cards_matches_the_reference(
    data: st.DataObject,
) -> None:
    """2-7 hands of 6-7 cards from two suits (five of a suit in most of them): the best five
    avoid the flush when they can; single and batch evaluation agree with the oracle."""
    two_suits = [Card.from_index(i) for i in range(52) if i % 4 >= 2]
    n = data.draw(st.integers(6, 7))
    hand = data.draw(st.lists(st.sampled_from(two_suits), min_size=n, max_size=n, unique=True))
    other = data.draw(st.lists(st.sampled_from(two_suits), min_size=n, max_size=n, unique=True))
    assert_agrees_with_reference("deuce_seven", hand)
    assert_same_order("deuce_seven", hand, other)
    rows = np.array([[c.index for c in hand], [c.index for c in other]], dtype=np.uint8)
    strengths = batch.evaluate_deuce_seven(rows)
    assert list(strengths) == [
        _core.evaluate_deuce_seven(hand).strength,
        _core.evaluate_deuce_seven(other).strength,
    ]


@pytest.mark.parametrize("mode", ["CONSECUTIVE", "OPEN_ENDED", "WITH_GUTSHOT"])
@given(hands(5), hands(5))
def test_soko_modes_order_like_the_reference(mode: str, a: list[Card], b: list[Card]) -> None:
    assert_same_order("soko", a, b, four_straight=mode)


def showing_representatives() -> list[list[str]]:
    """One set of 1-4 up-cards per showing class: every rank multiset with its cards in
    different suits, and each set of distinct ranks once more all in one suit. Showing
    hands see suits only through a four-flush (E-2.5.1-3), so these cover every value."""
    out: list[list[str]] = []
    for k in range(1, 5):
        for ranks in combinations_with_replacement("23456789TJQKA", k):
            out.append([r + "cdhs"[i] for i, r in enumerate(ranks)])
            if len(set(ranks)) == k > 1:
                out.append([r + "s" for r in ranks])
    return out


SHOWING_CASES = [
    ("stud", {}),
    ("stud8", {}),
    ("razz", {}),
    ("soko", {"soko_four_card_hands": False}),
    *(
        ("soko", {"soko_four_card_hands": True, "four_straight": mode})
        for mode in ("CONSECUTIVE", "OPEN_ENDED", "WITH_GUTSHOT")
    ),
]


@pytest.mark.parametrize(("game", "options"), SHOWING_CASES)
def test_every_showing_class_orders_like_the_reference(
    game: str, options: dict[str, str | bool]
) -> None:
    """E-2.5 / V-W: the fast showing strengths rank all up-card classes exactly as the
    reference does (same dense ranks, same categories), under every Soko option."""
    hands = showing_representatives()
    fast = [evaluate_showing(h, game=game, **options) for h in hands]  # type: ignore[arg-type]
    want = [ref.evaluate_showing(h, game=game, **options) for h in hands]  # type: ignore[arg-type]
    fast_dense = {v: i for i, v in enumerate(sorted({f.strength for f in fast}))}
    want_dense = {v: i for i, v in enumerate(sorted({w.order_key for w in want}))}
    for hand, f, w in zip(hands, fast, want, strict=True):
        assert fast_dense[f.strength] == want_dense[w.order_key], (hand, f, w)
        assert int(f.category) == w.category, (hand, f, w)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz", "soko"])
@given(data=st.data())
def test_showing_hands_order_like_the_reference(game: str, data: st.DataObject) -> None:
    a = data.draw(up_cards())
    b = data.draw(hands(len(a)))
    fast = evaluate_showing(a, game=game), evaluate_showing(b, game=game)
    want = (
        ref.evaluate_showing([str(c) for c in a], game=game),
        ref.evaluate_showing([str(c) for c in b], game=game),
    )
    assert (fast[0] > fast[1]) == (want[0] > want[1])
    assert (fast[0] == fast[1]) == (want[0] == want[1])
    assert int(fast[0].category) == want[0].category


@given(hands(5, 7))
def test_value_unchanged_by_order_and_suit_relabelling(hand: list[Card]) -> None:
    perm = [2, 0, 3, 1]
    relabelled = [Card.from_index(c.index - c.suit + perm[c.suit]) for c in reversed(hand)]
    for f in (_core.evaluate_high, _core.evaluate_ace_five, _core.evaluate_low8):
        assert f(hand) == f(relabelled)


@given(hands(5, 7))
def test_low8_qualifies_iff_five_distinct_ranks_of_eight_or_lower(hand: list[Card]) -> None:
    low_ranks = {1 if c.rank == 14 else int(c.rank) for c in hand} & set(range(1, 9))
    assert (_core.evaluate_low8(hand) is not None) == (len(low_ranks) >= 5)


def test_low8_categories_are_unpaired() -> None:
    v = _core.evaluate_low8("Ac 2d 3h 4s 5c 5d 5h")
    assert v is not None
    assert v.category is Category.HIGH_CARD
    assert str(v) == "5-4-3-2-A low"
