"""holecard.sites: every real PokerStars and Full Tilt file in tests/data/hh/ is imported,
every hand replays to its recorded finishing stacks in both engines, FPDB's expectations
(``.hp``) agree, and imported hands survive a PHH round trip. Also the rake rule
(docs/rules.md G-1.10.7) in both engines, and unknown cards in replays.
"""

from __future__ import annotations

import ast
import codecs
import random
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from holecard import SevenCardStud, SevenCardStudHiLo, phh, sites
from holecard.events import Reshuffled
from holecard.exceptions import (
    ArgumentTypeError,
    ConfigurationError,
    HandHistoryError,
    ReplayError,
)
from holecard.reference import engine as ref

DATA = Path(__file__).parent / "data" / "hh"
HANDS = [h for h in sites.scan(DATA) if isinstance(h, phh.HandHistory)]
#: The one hand that cannot replay: after 2-7's reshuffle two players show cards dealt
#: from the reshuffled stub, whose order PHH (and the site) does not record.
RESHUFFLED = 35839412131


def test_every_file_is_read_with_the_counts_per_site_and_game() -> None:
    counts = Counter((h.venue, h.variant) for h in HANDS)
    assert counts == {
        ("Full Tilt Poker", "F2L3D"): 58,
        ("Full Tilt Poker", "F7S"): 17,
        ("Full Tilt Poker", "FR"): 3,
        ("PokerStars", "F2L3D"): 18,
        ("PokerStars", "F7S"): 12,
        ("PokerStars", "F7S/8"): 8,
        ("PokerStars", "FR"): 9,
    }
    skipped = [s for s in sites.scan(DATA) if isinstance(s, sites.SkippedHand)]
    assert sorted((s.hand_id, s.reason.split(": ", 1)[1]) for s in skipped) == [
        ("20349633663", "cancelled"),
        ("26884156000", "no cards were dealt"),
        ("27020940000", "cut off (Full Tilt marks it partial)"),
    ]
    assert {Path(s.source).suffix for s in skipped} == {".txt"}


@pytest.mark.parametrize("hand", HANDS, ids=lambda h: f"{h.venue[:4]}-{h.hand}")
def test_every_hand_replays_to_its_recorded_stacks_in_both_engines(hand: phh.HandHistory) -> None:
    assert sum(hand.finishing_stacks or []) + (hand.rake or 0) == sum(hand.starting_stacks)
    fast = hand.replay()
    slow = hand.replay(engine=ref)
    assert fast.is_over
    assert slow.is_over
    assert list(fast.stacks) == list(slow.stacks) == hand.finishing_stacks
    assert fast.rake == slow.rake == hand.rake  # type: ignore[attr-defined]
    if hand.hand == RESHUFFLED:
        # Its second draw reshuffled the discards, and the third dealt the 2c and 6h the
        # file names from them (the replay tops the rebuilt stub with them).
        assert any(isinstance(e, Reshuffled) for e in fast.history)  # type: ignore[attr-defined]


def _fpdb(path: Path) -> dict[str, dict[str, object]]:
    data: dict[str, dict[str, object]] = ast.literal_eval(path.read_text())
    return data


@pytest.mark.parametrize("hp", sorted(DATA.rglob("*.hp")), ids=lambda p: p.name[:40])
def test_fpdb_expectations_agree(hp: Path) -> None:
    """FPDB's per-player start, winnings, profit and rake for the file's (last) hand."""
    hand = list(sites.read(hp.with_suffix(""), errors="ignore"))[-1]
    assert hand.players is not None
    assert hand.winnings is not None
    mine = {
        name: (start, won, end - start)
        for name, start, won, end in zip(
            hand.players,
            hand.starting_stacks,
            hand.winnings,
            hand.finishing_stacks or [],
            strict=True,
        )
    }
    expected = _fpdb(hp)
    for name, row in expected.items():
        if name in mine:
            assert mine[name] == (row["startCash"], row["winnings"], row["totalProfit"]), name
        else:  # listed at the table, not dealt in
            assert (row["winnings"], row["totalProfit"]) == (0, 0), name
    assert set(mine) <= set(expected)
    assert hand.rake == sum(int(row["rake"]) for row in expected.values())  # type: ignore[call-overload]


@pytest.mark.parametrize("hand", HANDS[::7], ids=lambda h: f"{h.venue[:4]}-{h.hand}")
def test_imported_hands_round_trip_through_phh(hand: phh.HandHistory) -> None:
    back = phh.loads(phh.dumps(hand))
    assert back == hand
    assert list(back.replay().stacks) == list(hand.replay().stacks)


def test_the_imported_record_carries_the_site_facts() -> None:
    [hand] = [h for h in HANDS if h.hand == 30506593746]
    assert hand.venue == "PokerStars"
    assert hand.table == "Laomedon"
    assert hand.seat_count == 8
    assert hand.currency == "USD"
    assert hand.extras["_unit"] == "cent"
    assert hand.players == [f"Player{i}" if i > 1 else "Hero" for i in range(1, 9)]
    assert hand.seats == list(range(1, 9))
    assert hand.rake == 2
    assert (hand.year, hand.month, hand.day, str(hand.time)) == (2009, 7, 15, "20:36:31")
    assert hand.time_zone_abbreviation == "ET"
    assert hand.actions[0] == "d dh p1 AcKc8c"
    assert hand.actions[1] == "d dh p2 ????Tc"
    assert "d db 6h" in hand.actions  # the community card of eight players on 7th street
    # Mucked hands listed face up in the summary are written back where they were dealt.
    assert "d dh p5 KdKsJd" in hand.actions
    tour = next(h for h in HANDS if h.event)
    assert tour.currency is None
    assert tour.extras["_unit"] == "chip"


def test_hidden_draws_are_written_with_their_counts() -> None:
    [hand] = [h for h in HANDS if h.hand == 35839001292]
    assert "p3 sd ????" in hand.actions
    assert "d dh p3 ????" in hand.actions
    # p1 is the seat left of the button (seat 6, the small blind).
    assert hand.players is not None
    assert hand.players[0] == "TheLabman"
    assert hand.seats == [6, 1, 2, 3, 4, 5]


def test_encodings_are_detected() -> None:
    text = "PokerStars Game #1: x\n"
    assert sites.decode(text.encode("utf-16")) == text
    assert sites.decode(text.encode("utf-16-le")) == text
    assert sites.decode(codecs.BOM_UTF8 + text.encode()) == text
    assert sites.decode(text.encode("utf-16-le") + b"\n") == text  # a trailing odd byte
    assert sites.decode("Seat 1: Jörg".encode("latin-1")) == "Seat 1: Jörg"


def test_a_bad_hand_never_stops_the_rest_unless_asked() -> None:
    good = (DATA / "tour/FTP/Stud/Razz-USD-HUSNG-200-201211.all.in.ante.txt").read_text()
    cut = good.split("*** 4TH STREET ***")[0]
    text = cut + "\n\n" + good
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hands = list(sites.read(text))
    assert [h.hand for h in hands] == [31349767778]
    assert [w.category for w in caught] == [sites.SkippedHandWarning]
    assert "cut off before its summary" in str(caught[0].message)
    assert [h.hand for h in sites.read(text, errors="ignore")] == [31349767778]
    with pytest.raises(sites.SkippedHandError, match="cut off"):
        list(sites.read(text, errors="raise"))
    with pytest.raises(ConfigurationError, match="errors"):
        list(sites.read(text, errors="loud"))  # type: ignore[arg-type]
    assert issubclass(sites.SkippedHandError, HandHistoryError)


# ------------------------------------------------------------------------------------
# Rake (docs/rules.md G-1.10.7) in both engines


def _stud8_showdown(**rake: Any) -> tuple[Any, Any]:  # noqa: ANN401
    """Four players all in for 11, 21, 31 and 41 (several pots), raising whenever they may."""
    deck = _deck()
    random.Random(5).shuffle(deck)
    states = []
    for cls in (SevenCardStudHiLo, ref.SevenCardStudHiLo):
        game = cls(ante=1, bring_in=1, small_bet=10, big_bet=20, **rake)
        state = game.start([11, 21, 31, 41], deck=deck)
        while not state.is_over:
            legal = state.legal_actions()
            if legal.complete is not None:
                state.complete()
            elif legal.min_raise_to is not None:
                state.bet_or_raise_to(legal.max_raise_to or legal.min_raise_to)
            elif legal.call is not None:
                state.call()
            else:
                state.check()
        states.append(state)
    return states[0], states[1]


def _deck() -> list[str]:
    return [r + s for r in "23456789TJQKA" for s in "cdhs"]


@pytest.mark.parametrize(
    ("basis_points", "cap"), [(0, None), (500, None), (500, 2), (1000, 3), (10_000, 7)]
)
def test_rake_leaves_the_pots_first_and_both_engines_agree(
    basis_points: int, cap: int | None
) -> None:
    fast, slow = _stud8_showdown(rake_basis_points=basis_points, rake_cap=cap)
    unraked, _ = _stud8_showdown()
    total = sum(p.amount for p in unraked.pots)
    assert len(unraked.pots) == 3
    expected = total * basis_points // 10_000
    if cap is not None:
        expected = min(expected, cap)
    assert fast.rake == slow.rake == expected
    assert list(fast.stacks) == list(slow.stacks)
    assert sum(fast.payoffs) == -expected
    assert [p.amount for p in fast.pots] == [p.amount for p in slow.pots]


def test_rake_splits_the_rest_with_its_odd_chips() -> None:
    """Two equal hands split what the rake leaves of 12: 11 (odd chip) or 10."""
    top = ["2c", "2d", "3c", "3d", "Kh", "Ks", "7c", "7d", "8c", "8d", "9h", "9s", "Jc", "Jd"]
    for rake, stacks in ((0, [110, 110]), (1, [110, 109]), (2, [109, 109])):
        results = []
        for cls in (SevenCardStud, ref.SevenCardStud):
            game = cls(
                ante=1,
                bring_in=1,
                small_bet=5,
                burn_cards=False,
                rake_basis_points=10_000,
                rake_cap=rake,
            )
            state = game.start([110, 110], deck=top + [c for c in _deck() if c not in top])
            state.complete()
            state.call()
            while not state.is_over:
                state.check()
            results.append(list(state.stacks))
        assert results[0] == results[1]
        assert sorted(results[0], reverse=True) == stacks


def test_rake_options_are_checked_by_both_engines() -> None:
    for cls in (SevenCardStudHiLo, ref.SevenCardStudHiLo):
        with pytest.raises(ValueError, match="rake_basis_points"):
            cls(ante=1, bring_in=1, small_bet=2, rake_basis_points=10_001)


# ------------------------------------------------------------------------------------
# Unknown cards


def test_unknown_cards_replay_and_known_ones_are_still_checked() -> None:
    hand = phh.HandHistory(
        variant="F7S",
        antes=[1, 1, 1],
        bring_in=2,
        small_bet=5,
        big_bet=10,
        starting_stacks=[100, 100, 100],
        actions=[
            "d dh p1 ????2c",
            "d dh p2 ????Kd",
            "d dh p3 AsAh9d",
            "p1 pb",
            "p2 f",
            "p3 cbr 5",
            "p1 cc",
            "d dh p1 3c",
            "d dh p3 9s",
            "p3 cbr 5",
            "p1 f",
        ],
        finishing_stacks=[94, 99, 107],
    )
    for engine in (None, ref):
        assert list(hand.replay(engine=engine).stacks) == [94, 99, 107]
    shown_twice = phh.HandHistory(
        **{**hand.__dict__, "actions": [*hand.actions[:7], "d dh p1 Kd"]}
    )
    with pytest.raises(ReplayError, match="dealt twice"):
        shown_twice.replay()
    wrong_bring_in = phh.HandHistory(**{**hand.__dict__, "actions": [*hand.actions[:3], "p2 pb"]})
    with pytest.raises(ReplayError, match="turn"):
        wrong_bring_in.replay()


# ------------------------------------------------------------------------------------
# Hands that are corrupt, or that the engines cannot deal, are refused with a reason

#: The module docstring's hand: a razz ante, a bring-in and a fold.
_RAZZ = """PokerStars Game #1:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
Table 'Dawn' 8-max
Seat 1: Ann ($1 in chips)
Seat 2: Bob ($1 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [Kc]
Dealt to Bob [5d]
Ann: brings in for $0.02
Bob: folds
Uncalled bet ($0.01) returned to Ann
Ann collected $0.03 from pot
*** SUMMARY ***
Total pot $0.03 | Rake $0
"""
_FTP_STUD = DATA / "cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.Button.Failure.txt"
_STARS_27 = DATA / "cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt"


def _scan_text(text: str) -> list[phh.HandHistory | sites.SkippedHand]:
    return list(sites.scan(text))


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("2009/11/26", "2009/13/26", "not a date and time: '2009/13/26 10:22:32'"),
        ("($0.04/$0.08 USD)", "($0.04 USD)", "stakes '$0.04 USD' name no small and big bet"),
        ("Dealt to Bob [5d]", "Dealt to Bob [5x]", "not a card: '5x'"),
    ],
)
def test_a_corrupt_header_or_line_skips_its_hand_only(old: str, new: str, reason: str) -> None:
    bad = _RAZZ.replace("#1:", "#7:").replace(old, new)
    assert bad != _RAZZ.replace("#1:", "#7:")
    items = _scan_text(bad + "\n" + _RAZZ)
    assert isinstance(items[0], sites.SkippedHand)
    assert items[0].hand_id == "7"
    assert reason in items[0].reason
    assert isinstance(items[1], phh.HandHistory)
    assert items[1].hand == 1


def test_full_tilt_button_and_draw_counts_are_read_or_refused() -> None:
    text = sites.decode((DATA / "cash/FTP/Draw/3-Draw-Limit-USD-5-10-201211.txt").read_bytes())
    [good] = [h for h in _scan_text(text) if isinstance(h, phh.HandHistory)][:1]
    broken = text.replace("The button is in seat #6", "The button is in seat #")
    assert broken != text
    [skipped] = [h for h in _scan_text(broken) if isinstance(h, sites.SkippedHand)][:1]
    assert "not a button seat: 'The button is in seat #'" in skipped.reason
    assert good.hand == int(skipped.hand_id or 0)


def test_hands_whose_chips_do_not_add_up_are_refused() -> None:
    text = sites.decode(_FTP_STUD.read_bytes())
    [hand] = _scan_text(text)
    assert isinstance(hand, phh.HandHistory)
    # A seat line dropped: that player's ante, cards and fold are no one's.
    no_seat = text.replace("Seat 2: kwuiyhw ($62.50)\n", "")
    assert no_seat != text
    [skipped] = _scan_text(no_seat)
    assert isinstance(skipped, sites.SkippedHand)
    assert "chips do not add up" in skipped.reason
    # Cut right after the summary's heading: its total pot and rake are missing.
    cut = text[: text.index("*** SUMMARY ***") + len("*** SUMMARY ***")]
    [skipped] = _scan_text(cut)
    assert isinstance(skipped, sites.SkippedHand)
    assert "cut off before its summary" in skipped.reason


def test_blinds_out_of_turn_are_imported_only_when_the_hand_replays_without_them() -> None:
    text = sites.decode(_STARS_27.read_bytes())
    joined = text.replace(
        "Player2: posts big blind $0.10\n",
        "Player2: posts big blind $0.10\nlippo81: posts small & big blinds $0.15\n",
    ).replace("Player4: folds\n", "Player4: folds\nlippo81: folds\n")
    joined = joined.replace(
        "Seat 5: Player4 ($4.46 in chips)\n",
        "Seat 5: Player4 ($4.46 in chips)\nSeat 6: lippo81 ($2 in chips)\n",
    )
    for old, new in [
        ("collected $1.29", "collected $1.44"),
        ("Total pot $1.35", "Total pot $1.50"),
    ]:
        joined = joined.replace(old, new)
    assert joined.count("lippo81") == 4  # with "lippo81 joins the table"
    assert joined.count("$1.44") == 1
    [skipped] = _scan_text(joined)
    assert isinstance(skipped, sites.SkippedHand)
    assert "lippo81 posts a dead blind of 5; lippo81 posts an extra blind of 10" in skipped.reason
    assert "two blinds" in skipped.reason
    # The same blinds posted one by one, as a second small and a second big blind.
    split = joined.replace(
        "lippo81: posts small & big blinds $0.15\n",
        "lippo81: posts small blind $0.05\nlippo81: posts big blind $0.10\n",
    )
    [again] = _scan_text(split)
    assert isinstance(again, sites.SkippedHand)
    assert again.reason == skipped.reason
    # The shipped hands with a blind out of turn replay, since its poster wins the hand or
    # posts what a big blind would: imported, with a note.
    noted = {h.hand: h.extras["_note"] for h in HANDS if h.extras.get("_note")}
    assert noted == {
        31497971185: "Player2 posts a dead blind of 250; Player2 posts an extra blind of 500",
        35839176665: "tom1206 posts an extra blind of 10",
        35839272371: "X USN-USMC posts an extra blind of 10",
        35839735773: "LumBita posts an extra blind of 10",
    }
    for h in HANDS:
        if h.hand in noted:
            assert h.replay().stacks == h.finishing_stacks


def test_chat_and_trailing_spaces_do_not_change_a_hand() -> None:
    chat = _RAZZ.replace("Bob: folds\n", 'Ann said, "Bob: calls $0.02"\nBob: folds\n')
    [hand] = _scan_text(chat)
    assert isinstance(hand, phh.HandHistory)
    assert hand.actions == ["d dh p1 ????Kc", "d dh p2 ????5d", "p1 pb", "p2 f"]
    text = sites.decode(_FTP_STUD.read_bytes())
    first, rest = text.split("\n", 1)
    partial = first.rstrip() + " (partial)   \n" + rest
    [skipped] = _scan_text(partial)
    assert isinstance(skipped, sites.SkippedHand)
    assert "partial" in skipped.reason


def test_a_source_without_hands_is_reported(tmp_path: Path) -> None:
    empty = tmp_path / "notes.txt"
    empty.write_text("no hands here\n")
    assert list(sites.scan(empty)) == []
    with pytest.warns(sites.SkippedHandWarning, match="no PokerStars or Full Tilt hand"):
        assert list(sites.read(empty)) == []
    with pytest.raises(sites.SkippedHandError, match=r"notes\.txt"):
        list(sites.read(empty, errors="raise"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert list(sites.read(empty, errors="ignore")) == []


def test_a_draw_of_more_cards_than_the_hand_holds_is_refused() -> None:
    path = DATA / "cash/Stars/Draw/3-Draw-Limit-USD-0.10-0.20-200911.txt"
    text = sites.decode(path.read_bytes())
    line = next(ln for ln in text.splitlines() if ln.endswith(": discards 1 card"))
    name = line.split(":")[0]
    for count in ("6", "99999999999999999999"):
        bad = text.replace(line, f"{name}: discards {count} cards", 1)
        skipped = [h for h in _scan_text(bad) if isinstance(h, sites.SkippedHand)]
        assert [s.reason.split(": ", 1)[1] for s in skipped] == [
            f"{name} discards {count} cards of a hand of 5"
        ]


@pytest.mark.parametrize("text", ["", " ", "\n", "\t \n"])
def test_empty_text_is_no_hands_not_the_current_folder(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A hand history in the current folder must not be read for an empty source.
    (tmp_path / "hand.txt").write_text(_RAZZ)
    monkeypatch.chdir(tmp_path)
    assert list(sites.scan(text)) == []
    with pytest.warns(sites.SkippedHandWarning, match="in the text"):
        assert list(sites.read(text)) == []


def test_decode_takes_bytes() -> None:
    assert sites.decode(bytearray(b"Hand")) == "Hand"
    assert sites.decode(memoryview(b"Hand")) == "Hand"
    for bad in (None, "text"):
        with pytest.raises(ArgumentTypeError, match="decode takes the bytes of a file"):
            sites.decode(bad)  # type: ignore[arg-type]
