"""Showdown equity (DESIGN.md "Equity") against brute force from the reference evaluators.

* Exact results equal, as fractions, an independent enumeration of every completion with
  ``holecard.reference.evaluators`` (docs/rules.md §2) and the pot-splitting rules G-1.11.1
  (ties split) and H-5 (hi/lo halves, no low scoops); exhaustively on fixed small cases
  (6th-street stud, river 2-7 draws) and on hypothesis-chosen ones.
* The published pokenum example, with the counting convention spelled out.
* Monte Carlo within a few standard errors of the exact answer, and the same seed giving
  the same answer whatever ``threads``.
* Bad input raises the documented ``holecard.exceptions``.
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holecard import (
    ArgumentTypeError,
    Card,
    CardParseError,
    ConfigurationError,
    DuplicateCardError,
    Equity,
    FourStraightMode,
    Game,
    InvalidHandError,
    SevenCardStud,
    Soko,
    equity,
    parse_cards,
)
from holecard._equity import POT_UNITS
from holecard.reference import evaluators as ref

Value = ref.RefValue | None
GAMES = ("stud", "stud8", "razz", "soko", "deuce_seven")
FINAL = {"stud": 7, "stud8": 7, "razz": 7, "soko": 5, "deuce_seven": 5}
HELD = {
    "stud": (2, 7),
    "stud8": (2, 7),
    "razz": (2, 7),
    "soko": (1, 5),
    "deuce_seven": (0, 5),
}


def _rankers(game: str, four_straight: str) -> tuple[Callable[[list[int]], Value], ...]:
    """The reference evaluator(s) of a game: (high or only ranking, low or None)."""
    if game == "stud":
        return (ref.evaluate_high,)
    if game == "stud8":
        return (ref.evaluate_high, ref.evaluate_low8)
    if game == "razz":
        return (ref.evaluate_ace_five,)
    if game == "soko":
        return (lambda cards: ref.evaluate_soko(cards, four_straight=four_straight),)
    return (ref.evaluate_deuce_seven,)


def _winners(values: Sequence[Value]) -> list[int]:
    """Indices of the best values (ties included); empty when nobody has a value."""
    present = [v for v in values if v is not None]
    if not present:
        return []
    best = max(present)
    return [i for i, v in enumerate(values) if v is not None and v == best]


def _pot_split(values: Sequence[tuple[Value, ...]]) -> tuple[list[Fraction], list[Fraction]]:
    """One pot: G-1.11.1 (ties split) or, with a low ranking, H-5 (halves; no low scoops).

    Returns each player's share and the part of it won with his low.
    """
    n = len(values)
    share = [Fraction(0)] * n
    low_share = [Fraction(0)] * n
    high = _winners([v[0] for v in values])
    low = _winners([v[1] for v in values]) if len(values[0]) > 1 else []
    high_part = Fraction(1, 2) if low else Fraction(1)
    for i in high:
        share[i] += high_part / len(high)
    for i in low:
        share[i] += Fraction(1, 2) / len(low)
        low_share[i] += Fraction(1, 2) / len(low)
    return share, low_share


def brute_force(
    game: str,
    hands: Sequence[Sequence[Card]],
    dead: Sequence[Card] = (),
    four_straight: str = "CONSECUTIVE",
) -> tuple[list[Fraction], list[Fraction], int]:
    """Every completion (each player his own set of missing cards, players told apart).

    Returns the exact expected shares, the parts of them won with the low hand (all 0
    without a low ranking) and the number of completions. Each player's value depends
    only on his own cards, so it is computed once per set he can receive.
    """
    rankers = _rankers(game, four_straight)
    listed = {c.index for h in hands for c in h} | {c.index for c in dead}
    stub = [i for i in range(52) if i not in listed]
    held = [[c.index for c in h] for h in hands]
    missing = [FINAL[game] - len(h) for h in held]
    options: list[dict[frozenset[int], tuple[Value, ...]]] = [
        {
            frozenset(extra): tuple(rank(h + list(extra)) for rank in rankers)
            for extra in combinations(stub, k)
        }
        for h, k in zip(held, missing, strict=True)
    ]
    totals = [Fraction(0)] * len(hands)
    low_totals = [Fraction(0)] * len(hands)
    count = 0

    def walk(p: int, used: frozenset[int], values: list[tuple[Value, ...]]) -> None:
        nonlocal count
        if p == len(hands):
            shares, lows = _pot_split(values)
            for i, (s, low) in enumerate(zip(shares, lows, strict=True)):
                totals[i] += s
                low_totals[i] += low
            count += 1
            return
        for cards, value in options[p].items():
            if not cards & used:
                walk(p + 1, used | cards, [*values, value])

    walk(0, frozenset(), [])
    return [t / count for t in totals], [t / count for t in low_totals], count


def cards_of(text: str) -> list[Card]:
    return parse_cards(text)


def dead_leaving(hands: Sequence[Sequence[Card]], keep: int, *, skip: int = 0) -> list[Card]:
    """Dead cards that leave only ``keep`` stub cards (after skipping ``skip`` of them)."""
    listed = {c for h in hands for c in h}
    stub = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in listed]
    return stub[:skip] + stub[skip + keep :]


def assert_matches_brute_force(
    game: str,
    texts: Sequence[str],
    dead: Sequence[Card] = (),
    four_straight: str | None = None,
) -> Equity:
    hands = [cards_of(t) for t in texts]
    want, want_low, count = brute_force(game, hands, dead, four_straight or "CONSECUTIVE")
    got = equity(game, texts, dead=dead, four_straight=four_straight)
    assert got.exact
    assert got.outcomes == count
    assert list(got.fractions) == want
    assert got.shares == pytest.approx([float(w) for w in want], abs=1e-12)
    assert sum(got.units) == count * POT_UNITS
    assert got.stderr == (0.0,) * len(texts)
    assert_halves(got, want_low)
    return got


def assert_halves(got: Equity, want_low: Sequence[Fraction]) -> None:
    """Stud hi/lo: the low halves are exactly the brute force's and, with the high halves,
    add up to the shares; other games have none."""
    if got.game is not Game.STUD8:
        assert (got.low_units, got.high, got.low) == (None, None, None)
        return
    assert got.low_units is not None
    assert got.high is not None
    assert got.low is not None
    pot = got.outcomes * POT_UNITS
    assert [Fraction(u, pot) for u in got.low_units] == list(want_low)
    for share, high, low in zip(got.shares, got.high, got.low, strict=True):
        assert high + low == pytest.approx(share, abs=1e-12)
        assert high >= 0
        assert low >= 0


# --------------------------------------------------------------------------------------
# Exact enumeration against brute force (fixed cases)


def test_sixth_street_stud_heads_up_exhaustive() -> None:
    # One card each to come from a 14-card stub: 14 * 13 = 182 completions (E-2.1, G-1.11).
    texts = ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"]
    hands = [cards_of(t) for t in texts]
    assert_matches_brute_force("stud", texts, dead_leaving(hands, 14, skip=20))


def test_sixth_street_stud_three_way_exhaustive() -> None:
    texts = ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d", "9s 9d 4h 4d 5c 5d"]
    hands = [cards_of(t) for t in texts]
    assert_matches_brute_force("stud", texts, dead_leaving(hands, 9, skip=5))


def test_sixth_street_stud8_three_way_exhaustive() -> None:
    # H-5: lows are possible for two players; the third plays for high only.
    texts = ["Ac 2d 3h Kd Ks 9c", "5c 6d 7h 8s Qd 4c", "Ah Ad 4s 4h 9d Jd"]
    hands = [cards_of(t) for t in texts]
    got = assert_matches_brute_force("stud8", texts, dead_leaving(hands, 12))
    assert any(t > 0 for t in got.ties)


def test_fifth_street_razz_heads_up_exhaustive() -> None:
    # Two cards each from an 8-card stub: C(8,2) * C(6,2) = 420 completions (E-2.3.1-2).
    texts = ["Ac 2d 3h Kd Ks", "5c 6d 7h 8s Qd"]
    hands = [cards_of(t) for t in texts]
    got = assert_matches_brute_force("razz", texts, dead_leaving(hands, 8, skip=3))
    assert got.outcomes == 28 * 15


@pytest.mark.parametrize("mode", list(FourStraightMode))
def test_soko_exhaustive_each_four_straight_mode(mode: FourStraightMode) -> None:
    # J-Q-K waits on an ace for a J-Q-K-A four-straight, which OPEN_ENDED does not count.
    texts = ["Jh Qd Ks", "9c 9d 4h", "6s 7s 2d"]
    hands = [cards_of(t) for t in texts]
    dead = dead_leaving(hands, 9, skip=30)
    assert_matches_brute_force("soko", texts, dead, four_straight=mode.value)


def test_soko_four_straight_mode_matters() -> None:
    texts = ["Jh Qd Ks 2c", "9c 9d 4h 3c"]
    consecutive = equity("soko", texts)
    open_ended = equity("soko", texts, four_straight="open_ended")
    assert consecutive.shares[0] > open_ended.shares[0]


def test_river_deuce_seven_one_card_each_exhaustive() -> None:
    # Final draw, one card each from the full 44-card stub: 44 * 43 completions (E-2.4).
    got = assert_matches_brute_force("deuce_seven", ["7c 5d 4h 3s", "8c 6d 4d 2s"])
    assert got.outcomes == 44 * 43


def test_river_deuce_seven_draw_against_pat_exhaustive() -> None:
    # A one-card draw against a pat 9-low: the 43 unseen cards, one completion each.
    got = assert_matches_brute_force("deuce_seven", ["7c 5d 4h 2s", "9c 8d 6h 4c 3s"])
    assert got.outcomes == 43
    assert got.wins[0] + got.ties[0] + got.losses[0] == 43


def test_deuce_seven_two_card_draws_three_way_exhaustive() -> None:
    texts = ["7c 5d 4h", "8c 6d", "2c 3c 4c 5c"]
    hands = [cards_of(t) for t in texts]
    assert_matches_brute_force("deuce_seven", texts, dead_leaving(hands, 9))


@pytest.mark.parametrize(
    ("game", "texts"),
    [
        ("stud", ["As Ah Ts Th 8h", "Kc Qc Jc Td"]),
        ("razz", ["Ac 2d 3h 9s Kd", "5c 6d 7h Qs"]),
        ("soko", ["Jh Qd Ks", "9c 9d"]),
        ("deuce_seven", ["7c 5d 4h", "8c 6d"]),
    ],
)
def test_uneven_draws_exhaustive(game: str, texts: list[str]) -> None:
    # Two cards against three from a 16-card stub: C(16,2) * C(14,3) = 43,680 completions.
    # Large enough that the engine counts the three-card side by inclusion-exclusion over
    # card subsets rather than by scanning; the answer must not change.
    hands = [cards_of(t) for t in texts]
    got = assert_matches_brute_force(game, texts, dead_leaving(hands, 16, skip=7))
    assert got.outcomes == comb(16, 2) * comb(14, 3)


# --------------------------------------------------------------------------------------
# Exact enumeration against brute force (hypothesis)


@st.composite
def small_deals(draw: st.DrawFn) -> tuple[str, list[list[Card]], list[Card]]:
    """A game, 2-3 hands and dead cards leaving a stub of at most 9 cards."""
    game = draw(st.sampled_from(GAMES))
    n = draw(st.integers(2, 3))
    lo, hi = HELD[game]
    final = FINAL[game]
    sizes = [draw(st.integers(max(lo, final - 2), hi)) for _ in range(n)]
    order = draw(st.permutations(range(52)))
    deck = [Card.from_index(i) for i in order]
    hands, at = [], 0
    for size in sizes:
        hands.append(deck[at : at + size])
        at += size
    need = sum(final - s for s in sizes)
    keep = draw(st.integers(need, min(9, 52 - at)))
    return game, hands, deck[at + keep :]


@settings(max_examples=40)
@given(small_deals())
def test_exact_matches_brute_force(deal: tuple[str, list[list[Card]], list[Card]]) -> None:
    game, hands, dead = deal
    want, want_low, count = brute_force(game, hands, dead)
    got = equity(game, hands, dead=dead)
    assert got.outcomes == count
    assert list(got.fractions) == want
    assert sum(got.shares) == pytest.approx(1.0, abs=1e-12)
    assert_halves(got, want_low)


# --------------------------------------------------------------------------------------
# The published example and the counting convention


def test_pokenum_seven_card_stud_example() -> None:
    # pokenum -7s As Ah Ts Th 8h 8d - Kc Qc Jc Td 3c 2d (poker-eval's documented example).
    # 40 unseen cards, one to each player: completions are ordered per player, 40 * 39 =
    # 1560, and the first hand wins 1114 of them, i.e. 557/780. (There are C(40,2) = 780
    # unordered pairs of river cards, but they do not say who gets which card: giving the
    # lower-indexed card to the first player wins 520 of them, the higher 594, neither 557.)
    e = equity(Game.STUD, ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"])
    assert (e.outcomes, e.wins, e.ties, e.losses) == (1560, (1114, 446), (0, 0), (446, 1114))
    assert e.fractions == (Fraction(557, 780), Fraction(223, 780))
    assert e.shares[0] == pytest.approx(557 / 780)


def test_completion_count_is_a_multinomial() -> None:
    # Fourth street heads-up with eight dead cards: 36 stub cards, C(36,3) * C(33,3).
    e = equity("razz", ["Ac 2d 3h 4s", "5c 6d 7h 8s"], dead="Kc Kd Ks Kh Qc Qd Qh Qs")
    assert e.outcomes == comb(36, 3) * comb(33, 3)
    # Without dead cards: C(44,3) * C(41,3) = 141,181,040.
    assert equity("stud", ["As Ah Kd 7c", "Qc Jc Tc 9d"]).outcomes == 141_181_040


# --------------------------------------------------------------------------------------
# Hi/lo splitting (H-5)


def test_hilo_quartering() -> None:
    # H-5.3: X has the best high (a flush) and ties Y for the low 7-5-4-3-2; Z has two
    # pair and no low. X takes half + a quarter, Y a quarter.
    e = equity(
        "stud8",
        ["7h 5h 4h 3h 2h Kc Kd", "7c 5d 4s 3c 2d Qc Qd", "Ts Td Js Jh 9c 9h 8s"],
    )
    assert e.outcomes == 1
    assert e.fractions == (Fraction(3, 4), Fraction(1, 4), Fraction(0))
    assert (e.wins, e.ties) == ((0, 0, 0), (1, 1, 0))
    # The halves: X's three quarters are the high half and a quarter of low.
    assert (e.high, e.low) == ((0.5, 0.0, 0.0), (0.25, 0.25, 0.0))
    assert e.low_units == (POT_UNITS // 4, POT_UNITS // 4, 0)


def test_hilo_no_low_high_scoops() -> None:
    # H-5.2: nobody has five distinct ranks of 8 or lower; the best high takes it all.
    e = equity("stud8", ["As Ad Kc Kd 9s 9h Qc", "Qs Qd Jc Jd Ts Th 2c"])
    assert e.fractions == (Fraction(1), Fraction(0))
    assert e.wins == (1, 0)
    assert (e.high, e.low) == ((1.0, 0.0), (0.0, 0.0))  # the whole pot, won as high


def test_hilo_same_winners_both_ways_split_evenly() -> None:
    # G-1.11.3: identical wheels win both halves: 1/2 each either way it is counted.
    e = equity("stud8", ["Ac 2c 3d 4d 5h Kh Ks", "As 2s 3h 4h 5s Kd Kc"])
    assert e.fractions == (Fraction(1, 2), Fraction(1, 2))


def test_halves_pickle_hash_and_equality() -> None:
    e = equity("stud8", ["As 2s 3d 4c Kh Kd", "Qh Qs Jc Jd 9s 8d"])
    assert e.low is not None
    assert e.low[0] > 0
    again = pickle.loads(pickle.dumps(e))
    assert again == e
    assert hash(again) == hash(e)
    assert again.low_units == e.low_units
    fields = (e.shares, e.exact, e.outcomes, e.wins, e.ties, e.stderr, e.units, e.seed)
    without = Equity("stud8", *fields)  # a record made before the halves were kept
    assert (without.high, without.low, without.low_units) == (None, None, None)
    assert without != e
    assert Equity("stud8", *fields, low_units=e.low_units) == e
    with pytest.raises(ConfigurationError, match="low_units: razz has no low half"):
        Equity("razz", *fields, low_units=e.low_units)
    with pytest.raises(ConfigurationError, match="none above his units"):
        Equity("stud8", *fields, low_units=[u + 1 for u in e.units])


def test_records_no_request_could_give_are_refused() -> None:
    e = equity("razz", ["As 2s 3d 4c Kh", "Qh Qs Jc Jd 9s"])
    fields = {
        "shares": e.shares,
        "exact": e.exact,
        "outcomes": e.outcomes,
        "wins": e.wins,
        "ties": e.ties,
        "stderr": e.stderr,
        "units": e.units,
        "seed": e.seed,
    }
    assert Equity("razz", **fields) == e  # type: ignore[arg-type]
    n = e.outcomes
    bad: list[tuple[dict[str, object], str]] = [
        ({"outcomes": 0}, "at least one outcome"),
        ({"wins": (n + 1, 0)}, f"hand 0: {n + 1} wins and "),
        ({"ties": (2**64 - 1, 0)}, "ties are more than"),
        ({"shares": (1.5, -0.5)}, "shares must be from 0 to 1"),
        ({"shares": (float("nan"), 0.5)}, "shares must be from 0 to 1"),
        ({"stderr": (-1.0, 0.0)}, "standard errors must be finite"),
        ({"units": (e.units[0] + 1, e.units[1])}, "units must add up"),
        ({"units": (2**128 - 1, 2**128 - 1)}, "got more"),
        (
            {"shares": (1.0,), "wins": (n,), "ties": (0,), "stderr": (0.0,), "units": (1,)},
            "2 to 10 players, got 1",
        ),
    ]
    for change, message in bad:
        with pytest.raises(ConfigurationError, match=message):
            Equity("razz", **(fields | change))  # type: ignore[arg-type]


def test_one_sample_has_no_spread_and_still_pickles() -> None:
    e = equity("razz", ["Ah 2h 3c", "Kd Qs Js"], samples=1, seed=3)
    assert all(math.isnan(x) for x in e.stderr)
    assert pickle.loads(pickle.dumps(e)) == e


# --------------------------------------------------------------------------------------
# Monte Carlo


@pytest.mark.parametrize(
    ("game", "texts"),
    [
        ("stud", ["As Ah Kd 7c", "Qc Jc Tc 9d"]),
        ("stud8", ["Ac 2d 3h Kd Ks", "5c 6d 7h 8s Qd"]),
        ("razz", ["Ac 2d 3h Kd", "5c 6d 7h 8s"]),
        ("soko", ["Jh Qd Ks 2c", "9c 9d 4h", "6s 7s 8d"]),
        ("deuce_seven", ["7c 5d 4h", "8c 6d 3s 2c"]),
    ],
)
def test_monte_carlo_within_five_standard_errors(game: str, texts: list[str]) -> None:
    exact = equity(game, texts)
    mc = equity(game, texts, samples=200_000, seed=2024)
    assert not mc.exact
    assert mc.outcomes == 200_000
    assert mc.seed == 2024
    assert sum(mc.shares) == pytest.approx(1.0, abs=1e-12)
    for got, want, err in zip(mc.shares, exact.shares, mc.stderr, strict=True):
        assert 0 < err < 0.005
        assert abs(got - want) < 5 * err
    if game == "stud8":  # a half varies no more than the whole share
        assert mc.low is not None
        assert exact.low is not None
        for got, want, err in zip(mc.low, exact.low, mc.stderr, strict=True):
            assert abs(got - want) < 5 * err


def test_same_seed_same_answer_whatever_the_threads() -> None:
    texts = ["As Ah Kd", "Qc Jc Tc", "7d 7s 2h"]
    # 300,000 samples make five jobs of 65,536, so the threads really share the work.
    runs = [equity("stud", texts, samples=300_000, seed=99, threads=t) for t in (1, 2, 3, None)]
    assert all(r == runs[0] for r in runs)
    assert equity("stud", texts, samples=300_000, seed=100) != runs[0]


def test_unseeded_monte_carlo_reports_its_seed() -> None:
    texts = ["As Ah Kd", "Qc Jc Tc"]
    first = equity("stud8", texts, samples=1_000)
    assert first.seed is not None
    again = equity("stud8", texts, samples=1_000, seed=first.seed)
    assert again == first


def test_exact_ignores_seed_and_threads() -> None:
    texts = ["As Ah Ts Th 8h", "Kc Qc Jc Td 3c"]
    runs = [equity("stud", texts, seed=s, threads=t) for s, t in ((1, 1), (2, 2), (None, None))]
    assert all(r == runs[0] for r in runs)
    assert runs[0].seed is None


# --------------------------------------------------------------------------------------
# Bad input

FOUR_WAY_FIFTH = ["As Ah Ts Th 8h", "Kc Qc Jc Td 3c", "9s 9d 4h 4d 5c", "7s 7d 6h 6c Js"]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"game": "holdem"}, ConfigurationError, 'unknown game "holdem"'),
        ({"hands": ["As Ah", "As Kd"]}, DuplicateCardError, "As: in hand 0 and in hand 1"),
        ({"dead": "Ah"}, DuplicateCardError, "Ah: in hand 0 and in the dead cards"),
        ({"hands": ["As Ah", "Kd Kx"]}, CardParseError, "Kx"),
        ({"hands": ["As"]}, InvalidHandError, "2 to 10 hands, got 1"),
        ({"hands": ["As", "Kd Kc"]}, InvalidHandError, "hand 0: a stud hand lists 2 to 7"),
        ({"hands": ["As Ah Ad Ac Ks Kh Kd Kc", "2c 2d"]}, InvalidHandError, "got 8"),
        ({"samples": 0}, ConfigurationError, "samples"),
        ({"samples": True}, ArgumentTypeError, "samples"),
        ({"threads": "x"}, ArgumentTypeError, "threads must be a whole number"),
        ({"hands": 5}, ArgumentTypeError, "hands must be an iterable"),
        ({"threads": 0}, ConfigurationError, "threads"),
        ({"samples": 10, "seed": -1}, ConfigurationError, "seed"),
        ({"samples": 10, "seed": 2**64}, ConfigurationError, "seed"),
        ({"four_straight": "OPEN_ENDED"}, ConfigurationError, "soko only"),
        ({"hands": ["As Ah", "Kd Kc", "Qd Qc"]}, ConfigurationError, "samples="),
        # Four-way fifth street: stud enumerates in about half a minute; at stud hi/lo
        # each entry costs about three times as much, so one machine refuses it.
        (
            {
                "game": "stud8",
                "hands": FOUR_WAY_FIFTH,
            },
            ConfigurationError,
            "samples=",
        ),
    ],
)
def test_bad_input(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    args: dict[str, object] = {"game": "stud", "hands": ["As Ah", "Kd Kc"]} | kwargs
    with pytest.raises(error, match=match):
        equity(**args)  # type: ignore[arg-type]


def test_bad_input_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="duplicate card"):
        equity("razz", ["As Ah", "As Kd"])


def test_too_many_players_for_the_deck() -> None:
    # Eight stud players need 56 cards; seven fit (49).
    eight = [[Card.from_index(2 * i), Card.from_index(2 * i + 1)] for i in range(8)]
    with pytest.raises(InvalidHandError, match="missing 40 cards but only 36 remain"):
        equity("stud", eight, samples=10)
    seven = equity("stud", eight[:7], samples=10, seed=1)
    assert sum(seven.shares) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("game", "hand"),
    [("soko", "As Ah Ad Ac Ks Kh"), ("deuce_seven", "2c 3c 4c 5c 7d 8d"), ("soko", "")],
)
def test_hand_sizes_per_game(game: str, hand: str) -> None:
    with pytest.raises(InvalidHandError, match=f"a {game} hand lists"):
        equity(game, [hand, "Qd"])


def test_hands_must_be_a_sequence_of_hands() -> None:
    with pytest.raises(TypeError, match="sequence of hands"):
        equity("stud", "As Ah Kd Kc")


@pytest.mark.parametrize(
    ("hands", "samples"),
    [
        (["As Ah Kd Kc Qs Qh", "Js Jh Td Tc 9s 9h"], None),  # 7,140 completions
        (["As Ah Kd Kc", "Js Jh Td Tc", "2c 3c 4c 5d"], 5_000),
        (["As Ah Kd Kc Qs Qh", "Js Jh Td Tc 9s 9h"], 400_000),  # above the inline size
    ],
)
def test_small_work_on_the_calling_thread_equals_the_worker(
    hands: list[str], samples: int | None
) -> None:
    """Small calls run inline (no worker thread); a progress callback forces the
    interruptible worker. Both give the same exact or seeded result."""
    calls: list[tuple[int, int]] = []
    inline = equity("stud", hands, samples=samples, seed=11)
    worker = equity(
        "stud", hands, samples=samples, seed=11, progress=lambda d, t: calls.append((d, t))
    )
    assert inline == worker
    assert calls
    assert calls[-1][0] == calls[-1][1]


def test_a_game_table_stands_for_its_game_and_soko_mode() -> None:
    hands = ["9s 8h 6d 5c", "Kc Kd"]  # a gutshot four-straight against a pair
    gutshot = Soko(ante=1, bring_in=2, small_bet=10, four_straight_mode="WITH_GUTSHOT")
    assert equity(gutshot, hands) == equity("soko", hands, four_straight="WITH_GUTSHOT")
    assert equity(Soko.ten_twenty(), hands) == equity("soko", hands)
    assert equity(gutshot, hands).shares[0] > 0.5 > equity("soko", hands).shares[0]
    # An explicit mode wins over the table's.
    assert equity(gutshot, hands, four_straight="CONSECUTIVE") == equity("soko", hands)
    stud = ["As Ah Kd", "Qc Qd Js"]
    assert equity(SevenCardStud.ten_twenty(), stud, samples=1000, seed=1) == equity(
        "stud", stud, samples=1000, seed=1
    )
