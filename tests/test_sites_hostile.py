"""holecard.sites on hostile text: every reader runs in time linear in its input, within
stated limits (a line, a hand, a file), and a line that does not parse skips its hand with
a reason instead of reading as zero or being dropped.

The timing tests compare a crafted worst case with a real file of the same size (hands
from tests/data/hh/ repeated) as a ratio with a generous margin: the machine is shared.
Each worst case took seconds to minutes before the readers were made linear (issue 40).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from holecard import phh, sites
from holecard.sites import _model
from test_sites import _RAZZ  # a razz ante, a bring-in and a fold: hand 1

DATA = Path(__file__).parent / "data" / "hh"
#: A text's reading time may be this many times a real file's of the same size, plus
#: the floor (seconds), which absorbs the noise of very short runs.
RATIO = 5.0
FLOOR = 0.05

_STARS = "PokerStars Game #{id}:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET\n"
_TILT = (
    "Full Tilt Poker Game #{id}: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - "
    "12:22:17 ET - 2010/06/11\n"
)
_FTP_STUD = DATA / "cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt"
_STARS_27 = DATA / "cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt"


def _real(size: int) -> str:
    """Real hands (every file of tests/data/hh/, repeated) cut to about ``size`` characters."""
    texts = [sites.decode(f.read_bytes()) for f in sorted(DATA.rglob("*.txt"))]
    whole = "\n\n".join(texts) + "\n\n"
    return (whole * (size // len(whole) + 1))[:size]


def _seconds(text: str) -> float:
    """The shortest of two readings of ``text`` (every hand, imported or skipped)."""
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        items = list(sites.scan(text))
        best = min(best, time.perf_counter() - start)
        assert all(isinstance(i, phh.HandHistory | sites.SkippedHand) for i in items)
    return best


def _assert_linear(crafted: str) -> None:
    normal = _real(len(crafted))
    worst, usual = _seconds(crafted), _seconds(normal)
    assert worst <= RATIO * usual + FLOOR, (
        f"{len(crafted):,} crafted characters took {worst:.3f} s, "
        f"a real file of that size {usual:.3f} s"
    )


def _stars_hand(hand_id: int, body: str) -> str:
    return _STARS.format(id=hand_id) + "Seat 1: A ($1 in chips)\nSeat 2: B ($1 in chips)\n" + body


def _many(make: Callable[[int], str], size: int) -> str:
    """Hands ``make(1)``, ``make(2)``, ... up to ``size`` characters."""
    out: list[str] = []
    total, i = 0, 0
    while total < size:
        i += 1
        out.append(make(i))
        total += len(out[-1])
    return "".join(out)


# ------------------------------------------------------------------------------------
# Worst cases within the limits: each line is under 10,000 characters and each hand under
# 2,000 lines, so the reader reads them all (the old expressions backtracked).


def test_dealt_lines_of_empty_brackets_read_in_linear_time() -> None:
    line = "Dealt to " + " []" * 3_000 + "x\n"  # the old _DEALT tried every name end
    _assert_linear(_many(lambda i: _stars_hand(i, "*** 3rd STREET ***\n" + line * 7), 200_000))


def test_full_tilt_headers_read_in_linear_time() -> None:
    header = "Full Tilt Poker Game #{id}: " + "a (1), Table " * 750 + "\n"
    _assert_linear(_many(lambda i: header.format(id=i), 200_000))


def test_pokerstars_headers_read_in_linear_time() -> None:
    header = "PokerStars Game #{id}: Tournament #1, " + "Razz Limit (" * 800 + "\n"
    _assert_linear(_many(lambda i: header.format(id=i), 200_000))


def test_mucked_summary_lines_read_in_linear_time() -> None:
    line = "Seat 1: " + " mucked [" * 1_100 + "\n"
    _assert_linear(_many(lambda i: _stars_hand(i, "*** SUMMARY ***\n" + line * 7), 200_000))


def test_full_tilt_wins_lines_read_in_linear_time() -> None:
    line = "a" + " ties for the pot (" * 520 + "\n"
    _assert_linear(_many(lambda i: _TILT.format(id=i) + line * 7, 200_000))


def test_shown_brackets_read_in_linear_time() -> None:
    line = "A: shows" + " [" * 4_900 + "\n"
    _assert_linear(_many(lambda i: _stars_hand(i, line * 7), 200_000))


# ------------------------------------------------------------------------------------
# The same with the hand limits raised: what the old readers did per line or per seat


def _no_hand_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    # raising=False: the old readers had no limits (this module ran against them once).
    monkeypatch.setattr(sites, "MAX_HAND_LINES", 10**6, raising=False)
    monkeypatch.setattr(sites, "MAX_HAND_CHARS", 10**8, raising=False)
    monkeypatch.setattr(_model, "MAX_SEATS", 10**6, raising=False)


def test_many_actions_in_one_hand_read_in_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # The old PokerStars reader rebuilt the set of lines posted so far for every action.
    _no_hand_limits(monkeypatch)
    text = _stars_hand(7, "A: checks\n" * 40_000)
    _assert_linear(text)
    [cut] = sites.scan(text)  # read to its end: no summary
    assert isinstance(cut, sites.SkippedHand)
    assert "cut off before its summary" in cut.reason


def test_many_full_tilt_deals_in_one_hand_read_in_linear_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The old Full Tilt reader looked through the hand's lines for every deal.
    _no_hand_limits(monkeypatch)
    seats = "Seat 1: A ($5)\nSeat 2: B ($5)\n*** 3RD STREET ***\n"
    deals = "".join(f"Dealt to P{i} [Ac]\n" for i in range(25_000))  # each one new
    text = _TILT.format(id=7) + seats + deals
    _assert_linear(text)
    [cut] = sites.scan(text)
    assert isinstance(cut, sites.SkippedHand)
    assert "cut off before its summary" in cut.reason


def test_many_seats_read_in_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # The old readers checked every line against every seat for chat.
    _no_hand_limits(monkeypatch)
    seats = "".join(f"Seat {i}: P{i} ($1 in chips)\n" for i in range(1, 8_001))
    antes = "".join(f"P{i}: posts the ante $0.01\n" for i in range(1, 8_001))
    text = _STARS.format(id=7) + seats + antes
    _assert_linear(text)
    [cut] = sites.scan(text)
    assert isinstance(cut, sites.SkippedHand)
    assert "cut off before its summary" in cut.reason


# ------------------------------------------------------------------------------------
# Beyond the limits: refused with a reason naming the limit, in linear time


def test_a_line_longer_than_the_limit_skips_its_hand() -> None:
    text = _stars_hand(7, "*** 3rd STREET ***\nDealt to " + " []" * 20_000 + "\n") + _RAZZ
    _assert_linear(text)
    skipped, hand = sites.scan(text)
    assert isinstance(skipped, sites.SkippedHand)
    assert skipped.hand_id == "7"
    assert "10,000 characters" in skipped.reason
    assert isinstance(hand, phh.HandHistory)


def test_a_hand_of_more_lines_than_the_limit_is_skipped() -> None:
    text = _stars_hand(7, "A: checks\n" * 40_000) + _RAZZ
    _assert_linear(text)
    skipped, hand = sites.scan(text)
    assert isinstance(skipped, sites.SkippedHand)
    assert "2,000 lines" in skipped.reason
    assert isinstance(hand, phh.HandHistory)


def test_a_hand_of_more_characters_than_the_limit_is_skipped() -> None:
    text = _stars_hand(7, ("A: checks" + " " * 9_000 + "\n") * 30) + _RAZZ
    skipped, hand = sites.scan(text)
    assert isinstance(skipped, sites.SkippedHand)
    assert "200,000 characters" in skipped.reason
    assert isinstance(hand, phh.HandHistory)


def test_eight_thousand_seats_are_refused_in_linear_time() -> None:
    seats = "".join(f"Seat {i}: P{i} ($1 in chips)\n" for i in range(1, 8_001))
    antes = "".join(f"P{i}: posts the ante $0.01\n" for i in range(1, 8_001))
    text = _STARS.format(id=7) + seats + antes + _RAZZ
    _assert_linear(text)
    skipped = next(iter(sites.scan(text)))
    assert isinstance(skipped, sites.SkippedHand)
    assert "2,000 lines" in skipped.reason
    eleven = _RAZZ.replace(
        "Seat 2:", "".join(f"Seat {i}: P{i} ($1 in chips)\n" for i in range(3, 12)) + "Seat 2:"
    )
    assert "more than 10 seats" in _reason(eleven)


def test_a_file_larger_than_the_limit_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sites, "MAX_FILE_BYTES", 1_000)
    big = tmp_path / "big.txt"
    big.write_text(_RAZZ * 10)
    small = tmp_path / "small.txt"
    small.write_text(_RAZZ)
    [refused, hand] = sites.scan(tmp_path)
    assert isinstance(refused, sites.SkippedHand)
    assert refused.source == str(big)
    assert "1,000 bytes" in refused.reason
    assert isinstance(hand, phh.HandHistory)


# ------------------------------------------------------------------------------------
# A line that does not parse skips its hand (issue 40 item 8); absurd amounts (item 7)


def _reason(text: str) -> str:
    [item] = sites.scan(text)
    assert isinstance(item, sites.SkippedHand), item
    return item.reason


def test_the_base_hands_import() -> None:
    assert isinstance(next(iter(sites.scan(_RAZZ))), phh.HandHistory)
    text = sites.decode(_STARS_27.read_bytes())
    assert all(isinstance(h, phh.HandHistory) for h in sites.scan(text))


@pytest.mark.parametrize("bad", ["$NaN", "$nan", "$inf", "$1e308", "$-0.01", "$0", "$", "$1.2.3"])
def test_an_amount_that_is_not_one_skips_its_hand(bad: str) -> None:
    text = _RAZZ.replace("Ann: brings in for $0.02", f"Ann: brings in for {bad}")
    assert "hand 1:" in _reason(text)
    bets = sites.decode(_STARS_27.read_bytes())
    line = next(ln for ln in bets.splitlines() if ": posts small blind " in ln)
    hand = _reason(bets.replace(line, line.split(" $")[0] + f" {bad}", 1))
    assert "small blind" in hand or bad in hand


def test_a_full_tilt_blind_of_nan_skips_its_hand() -> None:
    text = sites.decode((DATA / "cash/FTP/Draw/3-Draw-Limit-USD-5-10-201211.txt").read_bytes())
    line = next(ln for ln in text.splitlines() if "posts the small blind of" in ln)
    name = line.split(" posts ")[0]
    bad = text.replace(line, f"{name} posts the small blind of $NaN", 1)
    skipped = [h for h in sites.scan(bad) if isinstance(h, sites.SkippedHand)]
    assert len(skipped) == 1
    assert "$NaN" in skipped[0].reason


@pytest.mark.parametrize(
    "count", ["-2 cards", "$1e308 card", "0 cards", "two cards", "3 cards [Ac]"]
)
def test_a_draw_count_that_is_not_one_skips_its_hand(count: str) -> None:
    for path in (
        DATA / "cash/Stars/Draw/3-Draw-Limit-USD-0.10-0.20-200911.txt",
        DATA / "tour/FTP/Draw/3-Draw-Limit-USD-STT-2max-10-201211.txt",
    ):
        text = sites.decode(path.read_bytes())
        line = next(ln for ln in text.splitlines() if " discards 1 card" in ln)
        bad = text.replace(line, line[: line.index(" discards ")] + " discards " + count, 1)
        skipped = [h for h in sites.scan(bad) if isinstance(h, sites.SkippedHand)]
        assert len(skipped) == 1, path
        assert "discards" in skipped[0].reason


def test_an_unknown_street_skips_its_hand() -> None:
    text = _RAZZ.replace("*** 3rd STREET ***", "*** 3rd STREAT ***")
    assert "unknown street '3rd STREAT'" in _reason(text)
    ftp = sites.decode(_FTP_STUD.read_bytes())
    bad = ftp.replace("*** 4TH STREET ***", "*** FOURTH STREET ***")
    assert bad != ftp
    assert "unknown street 'FOURTH STREET'" in _reason(bad)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Bob: folds", "Bob: foldz"),
        ("Bob: folds", "Bob: folds $5"),
        ("Seat 2: Bob ($1 in chips)", "Seat 2: Bob ($NaN in chips)"),
        ("Total pot $0.03 | Rake $0", "Total pot $0.03 | Rake $x"),
        ("*** 3rd STREET ***", "*** 3rd STREET *** [Kc"),
        ("Dealt to Bob [5d]", "Dealt to Bob [5d 6d 7d 8d 9d Td Jd Qd]"),
        ("Dealt to Bob [5d]", "Dealt to Bob [" + "9" * 4_400 + "d]"),
    ],
)
def test_a_line_that_does_not_parse_skips_its_hand(old: str, new: str) -> None:
    text = _RAZZ.replace(old, new)
    assert text != _RAZZ
    reason = _reason(text)
    assert "hand 1:" in reason
    assert len(reason) < 300


def test_chat_and_table_news_are_not_errors() -> None:
    news = _RAZZ.replace(
        "Bob: folds\n",
        'Bob said, "Ann: raises $5 to $10"\nCarl joins the table at seat #3\n'
        "Bob: is sitting out\nBob: folds\nBob: doesn't show hand\n",
    )
    [hand] = sites.scan(news)
    assert isinstance(hand, phh.HandHistory)


@pytest.mark.parametrize(
    "stack", ["$" + "9" * 4_400, "$2,882,303,761,517,118", "288230376151711744"]
)
def test_an_amount_beyond_the_stack_limit_skips_its_hand(stack: str) -> None:
    text = _RAZZ.replace("Seat 1: Ann ($1 in chips)", f"Seat 1: Ann ({stack} in chips)")
    reason = _reason(text)
    assert "2**58" in reason
    assert len(reason) < 300  # the amount is not spelled out in full


def test_stacks_that_add_up_beyond_the_limit_skip_their_hand() -> None:
    limit = 2**58 // 100 + 1  # dollars: two such stacks add up to more than 2**58 cents
    text = _RAZZ.replace("Seat 1: Ann ($1 in chips)", f"Seat 1: Ann (${limit} in chips)")
    text = text.replace("Seat 2: Bob ($1 in chips)", f"Seat 2: Bob (${limit} in chips)")
    assert "2**58" in _reason(text)


def test_the_limits_are_stated() -> None:
    assert sites.MAX_LINE_CHARS == 10_000
    assert sites.MAX_HAND_LINES == 2_000
    assert sites.MAX_HAND_CHARS == 200_000
    assert sites.MAX_FILE_BYTES == 100_000_000
    assert _model.MAX_AMOUNT == 2**58 - 1


def test_a_hand_number_of_thousands_of_digits_skips_its_hand() -> None:
    # A fuzz find: int() of the hand number raised Python's digit limit, and the reason
    # repeated the 4,400 digits.
    text = _RAZZ.replace("#1:", "#" + "9" * 4_400 + ":")
    [skipped] = sites.scan(text)
    assert isinstance(skipped, sites.SkippedHand)
    assert skipped.reason == f"hand {'9' * 20}...: a hand number of 4,400 digits (at most 20)"
    assert isinstance(
        next(iter(sites.scan(_RAZZ.replace("#1:", "#" + "9" * 20 + ":")))), phh.HandHistory
    )


def test_names_are_bounded_in_seats_and_in_reasons() -> None:
    # A fuzz find: a reason quoted a name of 4,400 characters whole.
    long = "P" * 4_400
    seated = _RAZZ.replace("Seat 2: Bob", f"Seat 2: {long}")
    assert "a player name longer than 50 characters" in _reason(seated)
    acting = _RAZZ.replace("Bob: folds", f"{long}: folds")
    assert len(_reason(acting)) < 200
