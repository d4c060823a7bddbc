"""The evaluator API: HandValue, names, the §5.3 vectors and bad input (docs/rules.md §2, §5.3)."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable, Sequence

import pytest

from holecard import (
    Card,
    Category,
    ConfigurationError,
    DuplicateCardError,
    FourStraightMode,
    Game,
    HoleCardError,
    InvalidHandError,
    RankingMismatchError,
    evaluate_ace_five,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
    evaluate_showing,
    evaluate_soko,
    parse_cards,
)


def soko(text: str, mode: str = "CONSECUTIVE") -> object:
    return evaluate_soko(text, four_straight=mode)


class TestVectorsSoko:
    """docs/rules.md §5.3 V-S: Soko hands (E-2.2)."""

    def test_v_s1_four_flush_compares_four_cards_first(self) -> None:
        assert evaluate_soko("Kh 8h 6h 4h 8s") > evaluate_soko("Qh Jh Th 9h Ts")

    def test_v_s2_four_flush_beats_four_straight_beats_pair(self) -> None:
        assert evaluate_soko("5d 8h 9h Jh Kh") > evaluate_soko("5s 6s 7s 8c Th")
        assert evaluate_soko("5s 6s 7s 8c Th") > evaluate_soko("As Ad Kc Qd 2h")

    def test_v_s4_two_pair_beats_four_flush(self) -> None:
        assert evaluate_soko("2c 2d 3c 3d 4h") > evaluate_soko("Ah Kh Qh Jh 9c")

    def test_v_s5_to_s7_four_straight_ties(self) -> None:
        assert evaluate_soko("5h 6c 7d 8s Kc") > evaluate_soko("5d 6h 7s 8c 8d")
        assert evaluate_soko("2h 3c 4d 5s 9c") > evaluate_soko("Ah 2c 3d 4s Kc")
        assert evaluate_soko("Jh Qc Kd As 2h") > evaluate_soko("9h Tc Jd Qs Ah")

    @pytest.mark.parametrize(
        ("hand", "mode", "category"),
        [
            ("Qh Kc Ad 2s 7h", "CONSECUTIVE", Category.HIGH_CARD),  # V-S8 no wrap
            ("5h 6c 8d 9s Kc", "CONSECUTIVE", Category.HIGH_CARD),  # V-S9 gutshot
            ("5h 6h 7h 8h Kc", "CONSECUTIVE", Category.FOUR_FLUSH),  # V-S10
            ("5h 6h 7h Kh 8c", "CONSECUTIVE", Category.FOUR_FLUSH),  # V-S11
            ("Ah 2c 3d 4s Kc", "OPEN_ENDED", Category.HIGH_CARD),  # V-S12
            ("Ah 2c 3d 4s Kc", "CONSECUTIVE", Category.FOUR_STRAIGHT),
            ("5h 6c 8d 9s Kc", "WITH_GUTSHOT", Category.FOUR_STRAIGHT),
        ],
    )
    def test_v_s8_to_s12_categories(self, hand: str, mode: str, category: Category) -> None:
        assert evaluate_soko(hand, four_straight=mode).category is category

    def test_v_s13_equal_four_flushes_tie(self) -> None:
        assert evaluate_soko("Kh 8h 6h 4h 2s") == evaluate_soko("Kd 8d 6d 4d 2c")

    def test_mode_enum_and_bad_mode(self) -> None:
        v = evaluate_soko("Ah 2c 3d 4s Kc", four_straight=FourStraightMode.OPEN_ENDED)
        assert v.category is Category.HIGH_CARD
        # An unknown mode is a ConfigurationError here as in equity() and the game classes.
        with pytest.raises(ConfigurationError, match="BOTH_ENDS"):
            evaluate_soko("Ah 2c 3d 4s Kc", four_straight="BOTH_ENDS")


class TestVectorsHigh:
    """docs/rules.md §5.3 V-H (E-2.1)."""

    def test_v_h1_wheel_is_lowest_straight(self) -> None:
        assert evaluate_high("5c 4d 3h 2s Ac") < evaluate_high("6c 5d 4h 3s 2c")
        assert str(evaluate_high("5c 4d 3h 2s Ac")) == "Straight, five high"

    def test_v_h2_plays_the_flush(self) -> None:
        v = evaluate_high("As Ks Qs Js 9s 9d 9c")
        assert v.category is Category.FLUSH
        assert [str(c) for c in v.cards] == ["As", "Ks", "Qs", "Js", "9s"]

    def test_v_h3_two_pair_queen_kicker(self) -> None:
        v = evaluate_high("Ah Ad Kc Kd Qs Qh 2c")
        assert v.category is Category.TWO_PAIR
        assert [c.rank for c in v.cards][-1] == 12


class TestVectorsDeuceSeven:
    """docs/rules.md §5.3 V-D (E-2.4)."""

    def test_v_d1_to_d8(self) -> None:
        d7 = evaluate_deuce_seven
        assert d7("7c 5d 4h 3s 2c") > d7("7c 6d 4h 3s 2c")  # V-D1
        assert d7("7c 6d 5h 4s 3c").category is Category.STRAIGHT  # V-D2
        assert d7("Ac 5d 4h 3s 2c") > d7("2c 2d 3h 4s 5c")  # V-D3/4
        assert d7("Ac 5d 4h 3s 2c") < d7("Kc Qd Jh 9s 8c")  # V-D5
        assert d7("2c 2d 7h 5s 3c") > d7("3c 3d 7h 5s 2c")  # V-D6
        assert d7("7h 5h 4h 3h 2h").category is Category.FLUSH  # V-D7
        assert d7("8c 6d 5h 4s 3c") > d7("9c 5d 4h 3s 2c")  # V-D8


class TestVectorsLow:
    """docs/rules.md §5.3 V-L (E-2.3)."""

    def test_v_l1_suited_wheel_is_best(self) -> None:
        assert evaluate_ace_five("5h 4h 3h 2h Ah").strength == 6_175

    def test_v_l2(self) -> None:
        assert evaluate_ace_five("8c 6d 4h 2s Ac") > evaluate_ace_five("8c 6d 5h 2s Ac")

    def test_v_l3_to_l5(self) -> None:
        v = evaluate_low8("Ac 2d 4h 5s 6c 7d 8h")
        assert v is not None
        assert str(v) == "6-5-4-2-A low"
        assert evaluate_low8("Ac Ad 2c 2d 3h 9s Kc") is None
        v5 = evaluate_low8("9c 8d 7h 6s 5c 4d Kh")
        assert v5 is not None
        assert str(v5) == "8-7-6-5-4 low"


class TestVectorsShowing:
    """docs/rules.md §5.3 V-W (E-2.5)."""

    def test_v_w1_to_w8(self) -> None:
        def st(s: str) -> object:
            return evaluate_showing(s, game="stud")

        assert st("5c 5d") > st("Ah Kd")  # type: ignore[operator]
        assert st("8s 8h Ad") > st("8d 8c Kc")  # type: ignore[operator]
        assert st("8d 8c Ac") == st("8s 8h Ad")  # V-W3: a tie, broken by position or suit
        assert evaluate_showing("5h 6h 7h Kh", game="soko") > evaluate_showing(
            "Ac Ad 9s 2h", game="soko"
        )  # V-W4
        assert st("5h 6h 7h Kh") < st("Ac Ad 9s 2h")  # type: ignore[operator]  # V-W5
        assert st("2c 2d 3h 3s") > st("Ah Ad Kc Qd")  # type: ignore[operator]  # V-W6
        assert st("Kc Kd 2h 2s") > st("Qh Qd Jc Jd")  # type: ignore[operator]  # V-W7
        assert st("9c 9d 2h 2s") > st("Ah Ad Kc Qd")  # type: ignore[operator]  # V-W8

    def test_razz_lowest_showing_acts_first(self) -> None:
        assert evaluate_showing("Ac 2d", game="razz") > evaluate_showing("Kc 2d", game="razz")
        assert evaluate_showing("5c 5d", game="razz") < evaluate_showing("Kc Qd", game="razz")

    def test_showing_needs_a_stud_game(self) -> None:
        # Game names in either case, as holecard.Game and the reference read them.
        assert evaluate_showing("As", game="STUD") == evaluate_showing("As", game="stud")
        assert evaluate_showing("As", game="Razz") == evaluate_showing("As", game=Game.RAZZ)
        with pytest.raises(InvalidHandError, match="deuce_seven"):
            evaluate_showing("As", game="deuce_seven")
        # The games that show cards, from the catalogue's game list.
        with pytest.raises(InvalidHandError, match=r"expected one of soko, stud, stud8, razz\)"):
            evaluate_showing("As", game="holdem")


class TestHandValue:
    def test_names(self) -> None:
        cases = {
            "As Ks Qs Js Ts 2d 3c": "Royal flush",
            "9s 8s 7s 6s 5s": "Straight flush, nine high",
            "Kh Kd Ks 7c 7d": "Full house, kings over sevens",
            "Ah Ad Ac As 2c": "Four of a kind, aces",
            "Ah Qh 9h 6h 2h": "Flush, ace high",
            "7c 7d 7h Kc 2d": "Three of a kind, sevens",
            "Kc Kd 7c 7d 2h": "Two pair, kings and sevens",
            "6c 6d Ah 9c 2d": "Pair of sixes",
            "Ac Jd 9h 6c 2d": "High card, ace",
        }
        for hand, name in cases.items():
            assert str(evaluate_high(hand)) == name
        assert str(evaluate_soko("Kh 8h 6h 4h 8s")) == "Four-flush, king high"
        assert str(evaluate_soko("5h 6c 7d 8s Kc")) == "Four-straight, eight high"
        assert str(evaluate_ace_five("8c 6d 4h 2s Ac")) == "8-6-4-2-A low"
        assert str(evaluate_deuce_seven("7c 5d 4h 3s 2c")) == "7-5-4-3-2 low"

    def test_repr_and_cards_best_first(self) -> None:
        v = evaluate_high("2c Kh 7d Ks 7c Kd 3s")
        assert repr(v) == "HandValue(FULL_HOUSE, 'Ks Kh Kd 7d 7c')"
        assert isinstance(v.cards, tuple)
        assert all(isinstance(c, Card) for c in v.cards)
        wheel = evaluate_high("Ac 2d 3h 4s 5c 9d Jh")
        assert [str(c) for c in wheel.cards] == ["5c", "4s", "3h", "2d", "Ac"]
        ff = evaluate_soko("8s Kh 4h 6h 8h")
        assert [str(c) for c in ff.cards] == ["Kh", "8h", "6h", "4h", "8s"]

    def test_equality_hash_and_pickle(self) -> None:
        a = evaluate_high("As Ks Qs Js Ts")
        b = evaluate_high("Ah Kh Qh Jh Th")
        assert a == b
        assert hash(a) == hash(b)
        assert pickle.loads(pickle.dumps(a)) == a
        assert pickle.loads(pickle.dumps(a)).cards == a.cards
        assert a.ranking == "high"

    def test_mixing_rankings_is_a_type_error(self) -> None:
        high = evaluate_high("As Ks Qs Js Ts")
        low = evaluate_ace_five("As Ks Qs Js Ts")
        assert high != low
        with pytest.raises(TypeError):
            _ = high < low
        with pytest.raises(RankingMismatchError, match="a high value against an ace_five value"):
            _ = high > low
        with pytest.raises(TypeError):
            _ = high < 3  # type: ignore[operator]


class TestBadInput:
    @pytest.mark.parametrize(
        ("function", "cards", "message"),
        [
            (evaluate_high, "As Ks Qs Js", "high needs 5 to 7 cards, got 4"),
            (evaluate_high, "As Ks Qs Js Ts 9s 8s 7s", "got 8"),
            (evaluate_soko, "As Ks Qs Js Ts 9s", "soko needs exactly 5 cards, got 6"),
            (evaluate_deuce_seven, "As Ks Qs Js", "deuce_seven needs 5 to 7 cards, got 4"),
            (evaluate_deuce_seven, "As Ks Qs Js Ts 9s 8s 7s", "deuce_seven needs 5 to 7"),
            (evaluate_ace_five, "", "got 0"),
            (evaluate_showing, "As Ks Qs Js Ts", None),
        ],
    )
    def test_wrong_counts(self, function: object, cards: str, message: str | None) -> None:
        kwargs = {"game": "stud"} if function is evaluate_showing else {}
        with pytest.raises(InvalidHandError, match=message) as err:
            function(cards, **kwargs)  # type: ignore[operator]
        assert isinstance(err.value, ValueError)
        assert isinstance(err.value, HoleCardError)

    def test_duplicates_are_named(self) -> None:
        with pytest.raises(DuplicateCardError, match="duplicate card As at position 4"):
            evaluate_high("As Ks Qs Js As")
        with pytest.raises(DuplicateCardError):
            evaluate_high([Card("As"), "As", "Kd", "2c", "3c"])

    @pytest.mark.parametrize(
        "function",
        [evaluate_high, evaluate_soko, evaluate_ace_five, evaluate_low8, evaluate_deuce_seven],
    )
    @pytest.mark.parametrize("container", [list, tuple])
    def test_card_objects_are_checked_like_text(
        self, function: Callable[..., object], container: Callable[[list[Card]], Sequence[Card]]
    ) -> None:
        """A list or tuple of `Card`s takes the single-evaluation fast path, which proves the
        cards valid from the summary it ranks them by: it must refuse whatever text is refused,
        with the same error."""
        cards = parse_cards("As Kd 9h 5c 2s 7h 7d 9c")
        takes = range(5, 6) if function is evaluate_soko else range(5, 8)
        for n in range(0, 9):
            for repeat_of in [None, *range(min(n, 7))]:
                hand = list(cards[:n])
                if repeat_of is not None:
                    hand[-1] = hand[repeat_of]
                text = " ".join(str(c) for c in hand)
                try:
                    want: object = function(text)
                except HoleCardError as exc:
                    with pytest.raises(type(exc), match=re.escape(str(exc))):
                        function(container(hand))
                    assert n not in takes or repeat_of is not None
                else:
                    assert function(container(hand)) == want
                    assert n in takes
                    assert repeat_of in (None, n - 1)

    def test_wrong_types(self) -> None:
        # Cards of another type: a TypeError, and a ValueError as every bad card input is.
        for bad in (52, [1, 2, 3, 4, 5], [Card("As"), 5, "Kd", "Qd", "Jd"]):
            for caught in (TypeError, ValueError, HoleCardError):
                with pytest.raises(caught, match="got int"):
                    evaluate_high(bad)  # type: ignore[arg-type]
        assert evaluate_high(parse_cards("As Ks Qs Js Ts")).category is Category.STRAIGHT_FLUSH
