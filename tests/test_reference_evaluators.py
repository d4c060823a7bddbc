"""Tests of the pure-Python oracle ``holecard.reference.evaluators`` against docs/rules.md.

* §5.3 scenario vectors (V-S, V-H, V-D, V-L, V-B, V-W), one test each.
* §5.1 counts over all 2,598,960 five-card hands, enumerated once per ranking as rank
  multisets times suit patterns up to relabelling of the suits (134,459 evaluations
  instead of 2,598,960, each weighted by the number of hands it stands for).
* Hypothesis properties (STYLE.md §5): best of 7 = max over 5-card subsets, invariance
  under reordering and suit relabelling, the 8-or-better qualifier, and agreement of
  the rankings that E-2.2 / E-2.4 derive from E-2.1.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations, product
from math import comb, prod

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from holecard.reference import (
    RANKINGS,
    RefValue,
    bring_in_order,
    evaluate,
    evaluate_ace_five,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
    evaluate_showing,
    evaluate_soko,
)
from holecard.reference.evaluators import (
    FLUSH,
    FOUR_FLUSH,
    FOUR_OF_A_KIND,
    FOUR_STRAIGHT,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    Key,
)

HIGH_GAMES = ("stud", "stud8", "soko")  # showing hand = high hand (E-2.5, H-4)
RANK_CHARS = "23456789TJQKA"


def _idx(text: str) -> int:
    """Card index of ``text`` (``2c`` = 0, ``As`` = 51)."""
    return 4 * RANK_CHARS.index(text[0]) + "cdhs".index(text[1])


def _ranks(value: RefValue) -> str:
    """The rank characters of ``value.cards``, e.g. ``"75432"``."""
    return "".join(card[0] for card in value.cards)


def _soko(cards: str, mode: str = "CONSECUTIVE") -> RefValue:
    return evaluate_soko(cards, four_straight=mode)


def _low8(cards: str) -> RefValue:
    value = evaluate_low8(cards)
    assert value is not None, cards
    return value


# ======================================================================================
# §5.3 scenario vectors: Soko (E-2.2)


def test_v_s1_four_flush_compares_the_four_cards_first_e_2_2_5() -> None:
    """V-S1: ``Kh 8h 6h 4h 8s`` beats ``Qh Jh Th 9h Ts`` (K-8-6-4 > Q-J-T-9)."""
    a, b = _soko("Kh 8h 6h 4h 8s"), _soko("Qh Jh Th 9h Ts")
    assert a.category == b.category == FOUR_FLUSH
    assert a > b
    assert a.cards == ("Kh", "8h", "6h", "4h", "8s")


def test_v_s2_v_s3_four_flush_over_four_straight_over_pair_e_2_2_1() -> None:
    """V-S2/V-S3: four-flush > four-straight > pair of aces."""
    flush4 = _soko("5d 8h 9h Jh Kh")
    straight4 = _soko("5s 6s 7s 8c Th")
    aces = _soko("As Ad Kc Qd 2h")
    assert (flush4.category, straight4.category, aces.category) == (
        FOUR_FLUSH,
        FOUR_STRAIGHT,
        ONE_PAIR,
    )
    assert flush4 > straight4 > aces


def test_v_s4_two_pair_beats_four_flush_e_2_2_1() -> None:
    """V-S4: the lowest two pair beats the best four-flush."""
    two_pair, flush4 = _soko("2c 2d 3c 3d 4h"), _soko("Ah Kh Qh Jh 9c")
    assert (two_pair.category, flush4.category) == (TWO_PAIR, FOUR_FLUSH)
    assert two_pair > flush4


def test_v_s5_four_straight_odd_card_decides_e_2_2_5() -> None:
    """V-S5: ``5-6-7-8-K`` beats ``5-6-7-8-8`` (same run; odd card K > 8)."""
    a, b = _soko("5h 6c 7d 8s Kc"), _soko("5d 6h 7s 8c 8d")
    assert a.category == b.category == FOUR_STRAIGHT
    assert a > b


def test_v_s6_a234_is_four_high_e_2_2_3() -> None:
    """V-S6: ``2-3-4-5-9`` beats ``A-2-3-4-K``: the ace-low run tops at 4."""
    a, b = _soko("2h 3c 4d 5s 9c"), _soko("Ah 2c 3d 4s Kc")
    assert a.category == b.category == FOUR_STRAIGHT
    assert a > b
    assert b.order_key[1:] == (4, 13)
    assert b.cards == ("4s", "3d", "2c", "Ah", "Kc")


def test_v_s7_jqka_is_ace_high_e_2_2_3() -> None:
    """V-S7: ``J-Q-K-A-2`` beats ``9-T-J-Q-A`` (ace-high run > queen-high run)."""
    a, b = _soko("Jh Qc Kd As 2h"), _soko("9h Tc Jd Qs Ah")
    assert a.category == b.category == FOUR_STRAIGHT
    assert a > b
    # OPEN_ENDED (E-2.2.3 option): J-Q-K-A no longer counts, so the order flips.
    assert _soko("Jh Qc Kd As 2h", "OPEN_ENDED").category == HIGH_CARD
    assert _soko("Jh Qc Kd As 2h", "OPEN_ENDED") < _soko("9h Tc Jd Qs Ah", "OPEN_ENDED")


@pytest.mark.parametrize(
    ("vector", "cards", "mode", "category"),
    [
        ("V-S8 no wrap-around", "Qh Kc Ad 2s 7h", "CONSECUTIVE", HIGH_CARD),
        ("V-S9 gutshot", "5h 6c 8d 9s Kc", "CONSECUTIVE", HIGH_CARD),
        ("V-S9 gutshot option", "5h 6c 8d 9s Kc", "WITH_GUTSHOT", FOUR_STRAIGHT),
        ("V-S10 suited run is a four-flush", "5h 6h 7h 8h Kc", "CONSECUTIVE", FOUR_FLUSH),
        ("V-S11 four-flush + four-straight", "5h 6h 7h Kh 8c", "CONSECUTIVE", FOUR_FLUSH),
        ("V-S12 A-2-3-4 open-ended", "Ah 2c 3d 4s Kc", "OPEN_ENDED", HIGH_CARD),
        ("V-S12 A-2-3-4 default", "Ah 2c 3d 4s Kc", "CONSECUTIVE", FOUR_STRAIGHT),
        ("E-2.2.3 paired four-straight", "5d 6h 7s 8c 8d", "OPEN_ENDED", FOUR_STRAIGHT),
        ("E-2.2.2 paired four-flush", "Kh 8h 6h 4h 8s", "CONSECUTIVE", FOUR_FLUSH),
        ("E-2.2.2 five-card flush", "Kh 8h 6h 4h 2h", "CONSECUTIVE", FLUSH),
        ("E-2.2.1 straight flush", "5h 6h 7h 8h 9h", "CONSECUTIVE", STRAIGHT_FLUSH),
        ("E-2.2.1 wheel", "Ah 2c 3d 4s 5c", "CONSECUTIVE", STRAIGHT),
    ],
)
def test_v_s8_to_v_s12_soko_categories_e_2_2(
    vector: str, cards: str, mode: str, category: int
) -> None:
    """V-S8 … V-S12 and other E-2.2 category examples."""
    assert _soko(cards, mode).category == category, vector


def test_v_s13_equal_four_flushes_in_different_suits_tie_e_2_1_3() -> None:
    """V-S13: suits never break a tie."""
    a, b = _soko("Kh 9h 7h 4h 2c"), _soko("Ks 9s 7s 4s 2d")
    assert a.category == FOUR_FLUSH
    assert a == b
    assert hash(a) == hash(b)
    assert a.cards != b.cards


# ======================================================================================
# §5.3: high (E-2.1)


def test_v_h1_wheel_is_the_lowest_straight_e_2_1_2() -> None:
    """V-H1: ``5-4-3-2-A`` is a 5-high straight, below ``6-5-4-3-2``."""
    wheel, six = evaluate_high("5c 4d 3h 2s Ac"), evaluate_high("6c 5d 4h 3s 2c")
    assert wheel.category == six.category == STRAIGHT
    assert wheel < six
    assert wheel.order_key == (STRAIGHT, 5)
    assert wheel.cards == ("5c", "4d", "3h", "2s", "Ac")
    assert evaluate_high("Qh Kc Ad 2s 3h").category == HIGH_CARD  # G-1.1.2: no wrap


def test_v_h2_seven_cards_play_the_flush_e_2_1_1() -> None:
    """V-H2: ``As Ks Qs Js 9s 9d 9c`` plays the flush, not the trips."""
    value = evaluate_high("As Ks Qs Js 9s 9d 9c")
    assert value.category == FLUSH
    assert value.cards == ("As", "Ks", "Qs", "Js", "9s")


def test_v_h3_two_pair_from_three_pairs_e_2_1_1() -> None:
    """V-H3: ``Ah Ad Kc Kd Qs Qh 2c`` is aces and kings with a queen kicker."""
    value = evaluate_high("Ah Ad Kc Kd Qs Qh 2c")
    assert value.order_key == (TWO_PAIR, 14, 13, 12)
    assert _ranks(value) == "AAKKQ"


# ======================================================================================
# §5.3: deuce-to-seven (E-2.4)


def test_v_d1_75432_beats_76432_e_2_4_2() -> None:
    """V-D1."""
    assert evaluate_deuce_seven("7c 5d 4h 3s 2c") > evaluate_deuce_seven("7c 6d 4h 3s 2c")


def test_v_d2_76543_is_a_straight_e_2_4_1() -> None:
    """V-D2: straights count against the hand."""
    straight = evaluate_deuce_seven("7c 6d 5h 4s 3c")
    assert straight.category == STRAIGHT
    assert straight < evaluate_deuce_seven("Ac Kd Qh Js 9c")


def test_v_d3_to_v_d5_a5432_is_ace_high_e_2_4_1() -> None:
    """V-D3/4/5: offsuit ``A-5-4-3-2`` is ace-high: beats ``22345``, loses to ``KQJ98``."""
    a5432 = evaluate_deuce_seven("Ac 5d 4h 3s 2c")
    assert a5432.category == HIGH_CARD
    assert a5432.cards == ("Ac", "5d", "4h", "3s", "2c")
    assert a5432 > evaluate_deuce_seven("2c 2d 3h 4s 5c")
    assert a5432 < evaluate_deuce_seven("Kc Qd Jh 9s 8c")


def test_v_d6_deuces_beat_threes_e_2_4_2() -> None:
    """V-D6: ``22753`` beats ``33752``."""
    assert evaluate_deuce_seven("2c 2d 7h 5s 3c") > evaluate_deuce_seven("3c 3d 7h 5s 2c")


def test_v_d7_suited_75432_is_a_flush_e_2_4_1() -> None:
    """V-D7: flushes count against the hand (worse than any pair, better than boats)."""
    flush = evaluate_deuce_seven("7h 5h 4h 3h 2h")
    assert flush.category == FLUSH
    assert flush < evaluate_deuce_seven("Ac Ad Kh Qs Jc")
    assert flush > evaluate_deuce_seven("2c 2d 2h 3s 3c")


def test_v_d8_86543_beats_95432_e_2_4_2() -> None:
    """V-D8: the highest card decides first."""
    assert evaluate_deuce_seven("8c 6d 5h 4s 3c") > evaluate_deuce_seven("9c 5d 4h 3s 2c")


# ======================================================================================
# §5.3: ace-to-five and 8-or-better (E-2.3)


def test_v_l1_suited_wheel_is_the_best_low_e_2_3_2() -> None:
    """V-L1: straights and flushes do not affect a low hand."""
    suited = evaluate_ace_five("Ah 2h 3h 4h 5h")
    assert suited == evaluate_ace_five("Ac 2d 3h 4s 5c")
    assert suited > evaluate_ace_five("6c 4d 3h 2s Ac")
    assert suited.order_key == max(_tally("ace_five").weights)
    assert _low8("Ah 2h 3h 4h 5h").order_key == max(_tally("low8").weights)
    assert suited.cards == ("5h", "4h", "3h", "2h", "Ah")


def test_v_l2_8642a_beats_8652a_e_2_3_2() -> None:
    """V-L2, in both the razz and the 8-or-better ranking."""
    assert evaluate_ace_five("8c 6d 4h 2s Ac") > evaluate_ace_five("8c 6d 5h 2s Ac")
    assert _low8("8c 6d 4h 2s Ac") > _low8("8c 6d 5h 2s Ac")


def test_v_l3_best_low_of_seven_e_2_3_4() -> None:
    """V-L3: from ``A 2 4 5 6 7 8`` the low is ``6-5-4-2-A``."""
    assert _ranks(_low8("Ac 2d 4h 5s 6c 7d 8h")) == "6542A"
    assert _ranks(evaluate_ace_five("Ac 2d 4h 5s 6c 7d 8h")) == "6542A"


def test_v_l4_no_low_with_pairs_e_2_3_3() -> None:
    """V-L4: ``A A 2 2 3 9 K`` has no 8-or-better low (only three low ranks)."""
    assert evaluate_low8("Ac Ad 2c 2d 3h 9s Kc") is None
    # The razz low of the same cards is unpaired but king-high (E-2.3.2).
    razz = evaluate_ace_five("Ac Ad 2c 2d 3h 9s Kc")
    assert razz.category == HIGH_CARD
    assert _ranks(razz) == "K932A"


def test_v_l5_87654_qualifies_e_2_3_3() -> None:
    """V-L5: ``9 8 7 6 5 4 K`` has the worst qualifier ``8-7-6-5-4``."""
    low = _low8("9c 8d 7h 6s 5c 4d Kh")
    assert _ranks(low) == "87654"
    assert low.order_key == min(_tally("low8").weights)


def test_e_2_3_2_pairs_are_bad_in_ace_to_five() -> None:
    """E-2.3.2: fewer duplicated ranks is better, then lower ranks."""
    order = [
        "Kc Qd Jh Ts 8c",  # no pair, king high
        "Ac Ad 2h 3s 4c",  # one pair of aces
        "2c 2d 3h 3s Kc",  # two pair
        "Ac Ad Ah 2s 3c",  # trips
        "Ac Ad Ah 2s 2c",  # full house
        "Ac Ad Ah As 2c",  # quads
    ]
    values = [evaluate_ace_five(cards) for cards in order]
    assert values == sorted(values, reverse=True)
    assert [v.category for v in values] == [
        HIGH_CARD,
        ONE_PAIR,
        TWO_PAIR,
        THREE_OF_A_KIND,
        FULL_HOUSE,
        FOUR_OF_A_KIND,
    ]


# ======================================================================================
# §5.3: bring-in (E-2.6)

DOORS = ["3h", "2d", "2c", "As", "Ah"]  # seats 0-4 of V-B1/V-B2


def _bring_in_seat(doors: Sequence[str], *, highest: bool, game: str) -> int:
    keys = [bring_in_order(card, highest=highest, game=game) for card in doors]
    return keys.index(max(keys))


@pytest.mark.parametrize("game", ["stud", "stud8", "soko"])
def test_v_b1_lowest_door_card_brings_in_e_2_6_2(game: str) -> None:
    """V-B1: LOWEST → seat 2 (``2c``: deuces tie on rank, clubs lowest)."""
    assert _bring_in_seat(DOORS, highest=False, game=game) == 2


@pytest.mark.parametrize("game", ["stud", "stud8", "soko"])
def test_v_b2_highest_door_card_brings_in_e_2_6_2(game: str) -> None:
    """V-B2: HIGHEST → seat 3 (``As`` beats ``Ah`` on suit)."""
    assert _bring_in_seat(DOORS, highest=True, game=game) == 3


def test_v_b3_ace_counts_high_in_stud8_e_2_6_1() -> None:
    """V-B3: in stud/8 ``2d`` brings in before ``Ac`` (LOWEST)."""
    assert _bring_in_seat(["Ac", "2d"], highest=False, game="stud8") == 1


def test_e_2_6_every_card_has_a_unique_bring_in_key() -> None:
    """E-2.6.1: all 52 keys differ; ``2c`` lowest and ``As`` highest in stud."""
    for game in ("stud", "stud8", "soko", "razz"):
        for highest in (False, True):
            keys = {bring_in_order(i, highest=highest, game=game) for i in range(52)}
            assert len(keys) == 52
    assert max(range(52), key=lambda i: bring_in_order(i, highest=False, game="stud")) == 0
    assert max(range(52), key=lambda i: bring_in_order(i, highest=True, game="stud")) == 51


def test_razz_extension_bring_in_is_the_highest_card_ace_low() -> None:
    """Razz extension: ace low; the highest card (a king, then by suit) brings in."""
    doors = ["Ac", "Kh", "Qs", "Ks", "7d"]
    assert _bring_in_seat(doors, highest=True, game="razz") == 3  # Ks
    assert _bring_in_seat(doors, highest=False, game="razz") == 0  # Ac is the lowest
    assert _bring_in_seat(["As", "2c"], highest=True, game="razz") == 1


# ======================================================================================
# §5.3: first to act (E-2.5)


def _show(
    cards: str, game: str, *, four_cards: bool = True, four_straight: str = "CONSECUTIVE"
) -> RefValue:
    return evaluate_showing(
        cards, game=game, soko_four_card_hands=four_cards, four_straight=four_straight
    )


@pytest.mark.parametrize("game", HIGH_GAMES)
@pytest.mark.parametrize(
    ("vector", "first", "second"),
    [
        ("V-W1", "5c 5d", "Ah Kd"),
        ("V-W2", "8s 8h Ad", "8d 8c Kc"),
        ("V-W6", "2c 2d 3h 3s", "Ah Ad Kc Qd"),
        ("V-W7", "Kc Kd 2h 2s", "Qh Qd Jc Jd"),
        ("V-W8", "9c 9d 2h 2s", "Ah Ad Kc Qd"),
        ("E-2.5.2 K-K > A-Q", "Kc Kd", "Ac Qd"),
        ("E-2.5.1 trips > two pair", "2c 2d 2h 3s", "Ac Ad Kc Kd"),
        ("E-2.5.1 quads > trips", "2c 2d 2h 2s", "Ac Ad Ah Kd"),
        ("E-2.5.2 kickers", "Ac Qd 7h 3s", "Ad Qc 7s 2h"),
    ],
)
def test_v_w_best_showing_hand_acts_first_e_2_5(
    game: str, vector: str, first: str, second: str
) -> None:
    """V-W1, V-W2, V-W6-8 and E-2.5.1-2 examples, in every high-showing game (H-4)."""
    assert _show(first, game) > _show(second, game), vector


@pytest.mark.parametrize("game", HIGH_GAMES)
def test_v_w3_equal_showing_hands_tie_e_2_5_4(game: str) -> None:
    """V-W3: ``8d 8c Ac`` and ``8s 8h Ad`` tie exactly (the engine breaks the tie)."""
    a, b = _show("8d 8c Ac", game), _show("8s 8h Ad", game)
    assert a == b
    assert a.order_key == b.order_key == (2, 8, 14)


def test_v_w4_soko_four_card_hands_count_when_showing_e_2_5_3() -> None:
    """V-W4: in Soko ``5h 6h 7h Kh`` (four-flush) acts before ``Ac Ad 9s 2h``."""
    flush4 = _show("5h 6h 7h Kh", "soko")
    assert flush4.category == FOUR_FLUSH
    assert flush4 > _show("Ac Ad 9s 2h", "soko")
    assert flush4 < _show("2c 2d 3h 3s", "soko")


@pytest.mark.parametrize(
    ("game", "four_cards"), [("stud", True), ("stud8", True), ("soko", False)]
)
def test_v_w5_four_card_hands_do_not_count_in_stud_e_2_5_1(game: str, four_cards: bool) -> None:
    """V-W5: in stud (and in Soko with the option off) the pair of aces acts first."""
    flush4 = _show("5h 6h 7h Kh", game, four_cards=four_cards)
    assert flush4.category == HIGH_CARD
    assert flush4 < _show("Ac Ad 9s 2h", game, four_cards=four_cards)


def test_e_2_5_3_soko_four_straight_showing() -> None:
    """E-2.5.3: four-straight up-cards: above one pair, below a four-flush."""
    run = _show("5c 6d 7h 8s", "soko")
    assert run.category == FOUR_STRAIGHT
    assert _show("Ac Ad Kc Qd", "soko") < run < _show("2h 3h 4h 9h", "soko")
    assert _show("Ac 2d 3h 4s", "soko") < _show("2c 3d 4h 5s", "soko")  # A-2-3-4 = 4 high
    assert _show("Ac 2d 3h 4s", "soko", four_straight="OPEN_ENDED").category == HIGH_CARD
    assert _show("5h 6h 7h 8h", "soko").category == FOUR_FLUSH  # E-2.2.4
    assert _show("5c 6d 7h 8s", "stud").category == HIGH_CARD


def test_e_2_5_1_straights_and_flushes_do_not_count_in_stud() -> None:
    """E-2.5.1: dealers do not announce possible straights or flushes."""
    assert _show("9h Th Jh Qh", "stud").order_key == _show("9c Td Jh Qs", "stud").order_key
    assert _show("9h Th Jh Qh", "stud") < _show("2c 2d 3h 4s", "stud")


def test_razz_extension_lowest_showing_hand_acts_first() -> None:
    """Razz (extension): the lowest ace-to-five showing hand acts first."""
    assert _show("Ac 2d", "razz") > _show("3c 2h", "razz")
    assert _show("Kc Qd", "razz") > _show("2c 2d", "razz")  # pairs are bad
    assert _show("Kc Qd Js", "razz") > _show("7c 7d 2h", "razz")
    assert _show("7c 7d 2h", "razz") > _show("8c 8d 2h", "razz")
    assert _show("Ah 2h 3h 4h", "razz") == _show("Ac 2d 3h 4s", "razz")  # no flushes
    assert _show("Ac", "razz") > _show("2c", "razz")  # the ace is low
    assert _show("Kc", "stud") > _show("Qc", "stud")


def test_e_2_5_showing_accepts_one_to_four_cards() -> None:
    """E-2.5.1: 1-4 up-cards; anything else is an error."""
    assert _show("As", "stud").order_key == (1, 14)
    with pytest.raises(ValueError, match="1 to 4 cards"):
        _show("As Ks Qs Js Ts", "stud")
    with pytest.raises(ValueError, match="deuce_seven"):
        _show("As", "deuce_seven")


# ======================================================================================
# §5.1 counts over all 2,598,960 five-card hands


SuitPattern = tuple[tuple[int, ...], ...]  # the suits of each distinct rank


@cache
def _suit_patterns(multiplicities: tuple[int, ...]) -> tuple[tuple[SuitPattern, int], ...]:
    """Suit patterns for ranks with these multiplicities, up to relabelling of suits.

    Every assignment of distinct suits to the copies of each rank is mapped to the
    least of its 24 relabellings; the result lists each such representative with the
    number of assignments it stands for. Every evaluator depends on the suits only
    through which cards share a suit, so one evaluation per representative suffices.
    """
    relabellings = list(permutations(range(4)))
    counts: Counter[SuitPattern] = Counter()
    for assignment in product(*(combinations(range(4), m) for m in multiplicities)):
        counts[
            min(
                tuple(tuple(sorted(perm[s] for s in suits)) for suits in assignment)
                for perm in relabellings
            )
        ] += 1
    return tuple(counts.items())


@cache
def _five_card_classes() -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every 5-card hand up to suit relabelling, as (card indices, number of hands)."""
    classes: list[tuple[tuple[int, ...], int]] = []
    for multiset in combinations_with_replacement(range(2, 15), 5):
        count = Counter(multiset)
        if max(count.values()) > 4:
            continue
        ranks = sorted(count)
        for pattern, weight in _suit_patterns(tuple(count[r] for r in ranks)):
            hand = tuple(
                4 * (r - 2) + s for r, suits in zip(ranks, pattern, strict=True) for s in suits
            )
            classes.append((hand, weight))
    return tuple(classes)


@dataclass
class _Tally:
    """Weighted results of one ranking over all five-card hands."""

    weights: Counter[Key] = field(default_factory=Counter)  # hands per value
    category: dict[Key, int] = field(default_factory=dict)
    example: dict[Key, RefValue] = field(default_factory=dict)
    no_value: int = 0  # hands without a value (low8 only)

    def hands(self) -> dict[int, int]:
        """Hands per category."""
        out: Counter[int] = Counter()
        for key, weight in self.weights.items():
            out[self.category[key]] += weight
        return dict(out)

    def values(self) -> dict[int, int]:
        """Distinct values per category."""
        return dict(Counter(self.category.values()))


def _tally(ranking: str, four_straight: str = "CONSECUTIVE") -> _Tally:
    """Tally of ``ranking`` over every five-card hand, computed once per session."""
    return _tally_once(ranking, four_straight)


@cache
def _tally_once(ranking: str, four_straight: str) -> _Tally:
    options = {"four_straight": four_straight} if ranking == "soko" else {}
    tally = _Tally()
    for hand, weight in _five_card_classes():
        value = evaluate(ranking, hand, **options)
        if value is None:
            tally.no_value += weight
            continue
        key = value.order_key
        tally.weights[key] += weight
        if key not in tally.category:
            tally.category[key] = value.category
            tally.example[key] = value
        assert tally.category[key] == value.category, "one value, two categories"
    return tally


def test_5_1_the_enumeration_covers_every_hand_once() -> None:
    """C(52,5) hands in 134,459 classes; each class is the right size."""
    classes = _five_card_classes()
    assert sum(weight for _, weight in classes) == comb(52, 5) == 2_598_960
    assert len(classes) == 134_459
    for hand, weight in classes[::4999]:  # spot-check the weights by brute force
        ranks = Counter(i // 4 for i in hand)
        same = 0
        for combo in product(*(combinations(range(4), m) for m in ranks.values())):
            other = [4 * r + s for r, suits in zip(ranks, combo, strict=True) for s in suits]
            if _same_suit_structure(hand, other):
                same += 1
        assert same == weight, hand


def _same_suit_structure(a: Sequence[int], b: Sequence[int]) -> bool:
    """Whether some relabelling of suits maps hand ``a`` onto hand ``b``."""
    target = set(b)
    return any(
        {4 * (i // 4) + perm[i % 4] for i in a} == target for perm in permutations(range(4))
    )


HIGH_TABLE = {  # category: (hands, distinct values), §5.1 5-card high
    STRAIGHT_FLUSH: (40, 10),
    FOUR_OF_A_KIND: (624, 156),
    FULL_HOUSE: (3_744, 156),
    FLUSH: (5_108, 1_277),
    STRAIGHT: (10_200, 10),
    THREE_OF_A_KIND: (54_912, 858),
    TWO_PAIR: (123_552, 858),
    ONE_PAIR: (1_098_240, 2_860),
    HIGH_CARD: (1_302_540, 1_277),
}


def _table(tally: _Tally) -> dict[int, tuple[int, int]]:
    hands, values = tally.hands(), tally.values()
    return {category: (hands[category], values[category]) for category in hands}


def test_5_1_high_counts_e_2_1_4() -> None:
    """§5.1 five-card high table; 7,462 distinct values (E-2.1.4)."""
    tally = _tally("high")
    assert _table(tally) == HIGH_TABLE
    assert len(tally.weights) == 7_462
    best = tally.example[max(tally.weights)]
    assert (best.category, _ranks(best)) == (STRAIGHT_FLUSH, "AKQJT")


SOKO_TABLE = HIGH_TABLE | {  # §5.1 Soko, CONSECUTIVE
    FOUR_FLUSH: (110_940, 9_245),
    FOUR_STRAIGHT: (92_208, 123),
    ONE_PAIR: (1_047_552, 2_816),
    HIGH_CARD: (1_150_080, 1_198),
}


@pytest.mark.parametrize(
    ("mode", "changes", "distinct"),
    [
        ("CONSECUTIVE", {}, 16_707),
        (
            "OPEN_ENDED",
            {
                FOUR_STRAIGHT: (73_872, 99),
                ONE_PAIR: (1_050_528, None),
                HIGH_CARD: (1_165_440, None),
            },
            None,
        ),
        (
            "WITH_GUTSHOT",
            {
                FOUR_STRAIGHT: (325_008, None),
                ONE_PAIR: (1_002_912, None),
                HIGH_CARD: (961_920, None),
            },
            None,
        ),
    ],
)
def test_5_1_soko_counts_e_2_2_6(
    mode: str, changes: dict[int, tuple[int, int | None]], distinct: int | None
) -> None:
    """§5.1 Soko table and the OPEN_ENDED / WITH_GUTSHOT lines (None = not in §5.1)."""
    tally = _tally("soko", mode)
    table = _table(tally)
    expected: dict[int, tuple[int, int | None]] = {**SOKO_TABLE, **changes}
    assert set(table) == set(expected)
    for category, (hands, values) in expected.items():
        assert table[category][0] == hands, (mode, category)
        if values is not None:
            assert table[category][1] == values, (mode, category)
    if distinct is not None:
        assert len(tally.weights) == distinct


def test_5_1_soko_order_of_categories_e_2_2_1() -> None:
    """E-2.2.1/4: every value of a stronger category beats every value of a weaker one."""
    tally = _tally("soko")
    ordered = sorted(tally.weights)
    seen = [tally.category[ordered[0]]]
    for key in ordered[1:]:
        if tally.category[key] != seen[-1]:
            seen.append(tally.category[key])
    assert seen == [
        HIGH_CARD,
        ONE_PAIR,
        FOUR_STRAIGHT,
        FOUR_FLUSH,
        TWO_PAIR,
        THREE_OF_A_KIND,
        STRAIGHT,
        FLUSH,
        FULL_HOUSE,
        FOUR_OF_A_KIND,
        STRAIGHT_FLUSH,
    ]


def test_5_1_deuce_seven_counts_e_2_4_3() -> None:
    """§5.1 deuce-to-seven: 7,462 values, the N-low scale, the ten best values."""
    tally = _tally("deuce_seven")
    assert len(tally.weights) == 7_462
    assert _table(tally) == HIGH_TABLE | {
        STRAIGHT: (9_180, 9),
        STRAIGHT_FLUSH: (36, 9),
        FLUSH: (5_112, 1_278),
        HIGH_CARD: (1_303_560, 1_278),
    }
    unpaired = [k for k in tally.weights if tally.category[k] == HIGH_CARD]
    by_top = Counter(_ranks(tally.example[k])[0] for k in unpaired)
    assert by_top == {"7": 4, "8": 14, "9": 34, "T": 69, "J": 125, "Q": 209, "K": 329, "A": 494}
    seven_low_hands = sum(tally.weights[k] for k in unpaired if _ranks(tally.example[k])[0] == "7")
    assert seven_low_hands == 4 * (4**5 - 4) == 4_080
    best = sorted(tally.weights, reverse=True)[:10]
    assert [_ranks(tally.example[k]) for k in best] == [
        "75432",
        "76432",
        "76532",
        "76542",
        "85432",
        "86432",
        "86532",
        "86542",
        "86543",
        "87432",
    ]


def test_e_2_4_2_deuce_seven_consequences() -> None:
    """E-2.4.2: A-5-4-3-2 between pairs and king-high; straights < trips; royal worst."""
    tally = _tally("deuce_seven")

    def keys(category: int) -> list[Key]:
        return [k for k in tally.weights if tally.category[k] == category]

    a5432 = evaluate_deuce_seven("Ac 5d 4h 3s 2c").order_key
    king_high = [k for k in keys(HIGH_CARD) if _ranks(tally.example[k])[0] == "K"]
    assert max(keys(ONE_PAIR)) < a5432 < min(king_high)
    assert max(keys(STRAIGHT)) < min(keys(THREE_OF_A_KIND))
    assert _ranks(tally.example[min(keys(ONE_PAIR))])[:2] == "AA"  # aces: the worst pair
    assert _ranks(tally.example[max(keys(ONE_PAIR))])[:2] == "22"  # deuces: the best pair
    worst = tally.example[min(tally.weights)]
    assert worst.category == STRAIGHT_FLUSH
    assert _ranks(worst) == "AKQJT"


def test_5_1_ace_five_counts_e_2_3_2() -> None:
    """§5.1: 6,175 distinct ace-to-five values (1,287 + 2,860 + 858 + 858 + 156 + 156)."""
    tally = _tally("ace_five")
    assert len(tally.weights) == 6_175
    assert tally.values() == {
        HIGH_CARD: 1_287,
        ONE_PAIR: 2_860,
        TWO_PAIR: 858,
        THREE_OF_A_KIND: 858,
        FULL_HOUSE: 156,
        FOUR_OF_A_KIND: 156,
    }
    assert sum(tally.weights.values()) == 2_598_960


def test_5_1_low8_counts_e_2_3_5() -> None:
    """§5.1: 56 qualifying lows (1/5/15/35 by top card) in 57,344 hands."""
    tally = _tally("low8")
    assert len(tally.weights) == 56
    assert sum(tally.weights.values()) == 57_344 == 56 * 4**5
    assert tally.no_value == 2_598_960 - 57_344
    assert set(tally.category.values()) == {HIGH_CARD}
    by_top = Counter(_ranks(tally.example[k])[0] for k in tally.weights)
    assert by_top == {"5": 1, "6": 5, "7": 15, "8": 35}


def test_5_1_low8_seven_card_counts_e_2_3_5() -> None:
    """§5.1: 24,530,944 of C(52,7) seven-card hands hold a low (by best-low top card).

    Suits never matter to a low (E-2.3.1), so each multiset of seven ranks is evaluated
    once, with a representative choice of suits, and weighted by prod C(4, m).
    """
    by_top: Counter[str | None] = Counter()
    for multiset in combinations_with_replacement(range(2, 15), 7):
        count = Counter(multiset)
        if max(count.values()) > 4:
            continue
        hand = [4 * (r - 2) + s for r, m in count.items() for s in range(m)]
        low = evaluate_low8(hand)
        by_top[None if low is None else _ranks(low)[0]] += prod(comb(4, m) for m in count.values())
    assert sum(by_top.values()) == comb(52, 7) == 133_784_560
    assert by_top == {
        "5": 781_824,
        "6": 3_151_360,
        "7": 7_426_560,
        "8": 13_171_200,
        None: 133_784_560 - 24_530_944,
    }


# ======================================================================================
# Hypothesis properties (STYLE.md §5)


def _hands(low: int, high: int) -> st.SearchStrategy[list[int]]:
    """Lists of ``low``-``high`` distinct card indices."""
    return st.integers(low, high).flatmap(
        lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
    )


def _relabel(hand: Sequence[int], perm: Sequence[int]) -> list[int]:
    return [4 * (i // 4) + perm[i % 4] for i in hand]


SIZES = {"high": (5, 7), "soko": (5, 5), "ace_five": (5, 7), "low8": (5, 7), "deuce_seven": (5, 7)}


@given(_hands(5, 7))
def test_best_of_seven_is_the_max_over_five_card_subsets_e_2_1_1(hand: list[int]) -> None:
    """E-2.1.1, E-2.3.4: the value of 5-7 cards is the best of its 5-card subsets."""
    fives = [list(five) for five in combinations(hand, 5)]
    assert evaluate_high(hand) == max(evaluate_high(f) for f in fives)
    assert evaluate_ace_five(hand) == max(evaluate_ace_five(f) for f in fives)
    lows = [low for low in map(evaluate_low8, fives) if low is not None]
    assert evaluate_low8(hand) == (max(lows) if lows else None)


@given(st.sampled_from(RANKINGS), st.data())
def test_value_ignores_card_order_and_suit_names_g_1_1_3(
    ranking: str, data: st.DataObject
) -> None:
    """G-1.1.3: suits never decide a winner, so relabelling them changes nothing."""
    hand = data.draw(_hands(*SIZES[ranking]))
    perm = data.draw(st.permutations(range(4)))
    shuffled = data.draw(st.permutations(_relabel(hand, perm)))
    a, b = evaluate(ranking, hand), evaluate(ranking, shuffled)
    if a is None or b is None:
        assert a is b is None
    else:
        assert (a.order_key, a.category) == (b.order_key, b.category)


@given(st.sampled_from(("stud", "stud8", "soko", "razz")), _hands(1, 4), st.data())
def test_showing_value_ignores_card_order_and_suit_names_e_2_5(
    game: str, hand: list[int], data: st.DataObject
) -> None:
    """E-2.5 values are invariant under reordering and suit relabelling."""
    perm = data.draw(st.permutations(range(4)))
    shuffled = data.draw(st.permutations(_relabel(hand, perm)))
    a, b = evaluate_showing(hand, game=game), evaluate_showing(shuffled, game=game)
    assert (a.order_key, a.category) == (b.order_key, b.category)


@given(_hands(5, 7))
def test_low8_qualifies_iff_five_distinct_ranks_up_to_eight_e_2_3_3(hand: list[int]) -> None:
    """E-2.3.3-4: a low exists iff 5 distinct ranks in A-8; it is the 5 lowest of them."""
    low_ranks = sorted({1 if i // 4 == 12 else i // 4 + 2 for i in hand} & set(range(1, 9)))
    low = evaluate_low8(hand)
    if len(low_ranks) < 5:
        assert low is None
        return
    assert low is not None
    assert low.order_key == (low.order_key[0], *(-r for r in reversed(low_ranks[:5])))
    assert _ranks(low) == "".join("A23456789"[r - 1] for r in reversed(low_ranks[:5]))
    # With a qualifier, the best razz low is that same hand (E-2.3.2).
    assert evaluate_ace_five(hand) == low


@given(_hands(5, 5), _hands(5, 5))
def test_deuce_seven_reverses_high_without_wheels_e_2_4_1(a: list[int], b: list[int]) -> None:
    """E-2.4.1: the 2-7 order is the high order reversed, except for A-5-4-3-2."""
    wheel = {12, 0, 1, 2, 3}  # rank indices of A, 2, 3, 4, 5
    assume({i // 4 for i in a} != wheel and {i // 4 for i in b} != wheel)
    high_a, high_b = evaluate_high(a), evaluate_high(b)
    low_a, low_b = evaluate_deuce_seven(a), evaluate_deuce_seven(b)
    assert (low_a > low_b, low_a == low_b) == (high_a < high_b, high_a == high_b)
    assert (low_a.category, low_b.category) == (high_a.category, high_b.category)


@given(_hands(5, 5), _hands(5, 5))
def test_soko_agrees_with_high_outside_the_new_categories_e_2_2_5(
    a: list[int], b: list[int]
) -> None:
    """E-2.2.4-5: four-flush/straight replace only pair/high card; else E-2.1 decides."""
    soko_a, soko_b = evaluate_soko(a), evaluate_soko(b)
    high_a, high_b = evaluate_high(a), evaluate_high(b)
    for soko, high in ((soko_a, high_a), (soko_b, high_b)):
        if soko.category in (FOUR_FLUSH, FOUR_STRAIGHT):
            assert high.category in (ONE_PAIR, HIGH_CARD)
        else:
            assert soko.category == high.category
    if {soko_a.category, soko_b.category}.isdisjoint({FOUR_FLUSH, FOUR_STRAIGHT}):
        assert (soko_a > soko_b, soko_a == soko_b) == (high_a > high_b, high_a == high_b)


@given(_hands(5, 5))
def test_soko_modes_nest_e_2_2_3(hand: list[int]) -> None:
    """E-2.2.3: OPEN_ENDED ⊆ CONSECUTIVE ⊆ WITH_GUTSHOT four-straights."""
    cats = [evaluate_soko(hand, four_straight=m).category for m in ("OPEN_ENDED", "CONSECUTIVE")]
    gutshot = evaluate_soko(hand, four_straight="WITH_GUTSHOT").category
    if cats[0] == FOUR_STRAIGHT:
        assert cats[1] == FOUR_STRAIGHT
    if cats[1] == FOUR_STRAIGHT:
        assert gutshot == FOUR_STRAIGHT


@given(st.sampled_from(RANKINGS), st.data())
def test_cards_are_the_hand_used_e_2_1_1(ranking: str, data: st.DataObject) -> None:
    """``cards`` are five of the given cards, and evaluating them gives the same value."""
    hand = data.draw(_hands(*SIZES[ranking]))
    value = evaluate(ranking, hand)
    if value is None:
        return
    assert len(value.cards) == 5
    assert {_idx(c) for c in value.cards} <= set(hand)
    assert evaluate(ranking, value.cards) == value


# ======================================================================================
# Input handling and RefValue


class _IndexCard:
    """A stand-in for ``holecard.Card``: anything with an integer ``index``."""

    def __init__(self, index: int) -> None:
        self.index = index


def test_card_input_forms_are_equivalent() -> None:
    """One string, compact strings, lists of strings, indices and ``.index`` objects."""
    text = "As Kd 7h 2c Tc"
    indices = [_idx(c) for c in text.split()]
    assert indices == [51, 45, 22, 0, 32]
    forms: list[object] = [
        text,
        "AsKd7h2cTc",
        "As,Kd, 7h,2c,10c",
        "as KD 7H 2C tc",
        text.split(),
        indices,
        [_IndexCard(i) for i in indices],
        ["As", 45, "7h", _IndexCard(0), "Tc"],
    ]
    expected = evaluate_high(text)
    for form in forms:
        assert evaluate_high(form).cards == expected.cards, form  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Kd 7h 2c Xs", "'X'"),
        ("As Kd 7h 2c 3x", "'3x'"),
        ("As Kd 7h 2c 3", "'3'"),
        ("Ass Kd 7h 2c", "'s'"),
        ("As Kd 7h 2c As", "duplicate card 'As'"),
        ("As Kd 7h 2c", "5 to 7 cards, got 4"),
        ("As Kd 7h 2c 3c 4c 5c 6c", "5 to 7 cards, got 8"),
        ([51, 45, 22, 0, 52], "52"),
        ([51, 45, 22, 0, -1], "-1"),
        ([51, 45, 22, 0, True], "True"),
        (["As", "Kd", "7h", "2c", "3c 4c"], "'3c 4c'"),
        ([51, 45, 22, 0, 1.0], "1.0"),
        (None, "None"),
    ],
)
def test_bad_input_raises_value_error_naming_it(cards: object, message: str) -> None:
    """DESIGN.md: unknown text, duplicates and wrong counts raise ValueError."""
    with pytest.raises(ValueError, match=re.escape(message)):
        evaluate_high(cards)  # type: ignore[arg-type]


def test_fixed_size_rankings_reject_other_counts() -> None:
    """E-2.2.1: Soko hands are exactly five cards; 2-7 takes the best five of 5-7."""
    with pytest.raises(ValueError, match="needs 5 cards, got 6"):
        evaluate_soko("As Kd 7h 2c 3c 4c")
    with pytest.raises(ValueError, match="got 8"):
        evaluate_deuce_seven("As Kd 7h 2c 3c 4c 5c 6c")
    with pytest.raises(ValueError, match="got 4"):
        evaluate_deuce_seven("As Kd 7h 2c")


def test_deuce_seven_of_six_and_seven_cards_avoids_the_flush() -> None:
    """E-2.4: the best five of six or seven cards; a flush only when every five are one."""
    assert evaluate_deuce_seven("2h 3h 4h 5h 7h 8c") == evaluate_deuce_seven("8c 5h 4h 3h 2h")
    assert evaluate_deuce_seven("2h 3h 4h 5h 7h 8h 9c") == evaluate_deuce_seven("9c 5h 4h 3h 2h")
    assert evaluate_deuce_seven("2h 3h 4h 5h 7h 8h 9h").category == FLUSH
    assert evaluate_deuce_seven("7c 5d 4h 3s 2c 2d 2h") == evaluate_deuce_seven("7c 5d 4h 3s 2c")


def test_unknown_options_raise_value_error() -> None:
    """Rankings, games and four-straight modes are checked."""
    with pytest.raises(ValueError, match="'omaha'"):
        evaluate("omaha", "As Kd 7h 2c 3c")
    with pytest.raises(ValueError, match="'BOTH_ENDS'"):
        evaluate_soko("As Kd 7h 2c 3c", four_straight="BOTH_ENDS")
    with pytest.raises(ValueError, match="'draw'"):
        bring_in_order("As", highest=True, game="draw")
    assert evaluate_soko("Ah 2c 3d 4s Kc", four_straight="open_ended").category == HIGH_CARD


def test_dispatcher_matches_the_evaluators() -> None:
    """``evaluate(ranking, …)`` calls the evaluator of that ranking."""
    cards = "Ac 2d 3h 4s 5c"
    direct: dict[str, Callable[[str], RefValue | None]] = {
        "high": evaluate_high,
        "soko": evaluate_soko,
        "ace_five": evaluate_ace_five,
        "low8": evaluate_low8,
        "deuce_seven": evaluate_deuce_seven,
    }
    assert tuple(direct) == RANKINGS
    for ranking, evaluator in direct.items():
        assert evaluate(ranking, cards) == evaluator(cards)
    assert evaluate("soko", "Ah 2c 3d 4s Kc", four_straight="OPEN_ENDED") == _soko(
        "Ah 2c 3d 4s Kc", "OPEN_ENDED"
    )


def test_ref_value_orders_by_key_only() -> None:
    """Equality and hashing ignore the cards; other types do not compare."""
    a = RefValue((5, 10), STRAIGHT, ("Tc", "9c", "8c", "7c", "6d"))
    b = RefValue((5, 10), STRAIGHT, ("Th", "9h", "8h", "7h", "6s"))
    c = RefValue((5, 11), STRAIGHT, ("Jh", "Th", "9h", "8h", "7s"))
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, c}) == 2
    assert a < c
    assert a <= b
    assert c > a
    assert c >= a
    assert a != (5, 10)
    with pytest.raises(TypeError):
        _ = a < (5, 11)


def _iter_cards(text: str) -> Iterator[str]:
    yield from text.split()


def test_generators_are_accepted() -> None:
    """Any iterable of cards works, including a one-shot generator."""
    assert evaluate_high(_iter_cards("As Ks Qs Js Ts")).category == STRAIGHT_FLUSH
