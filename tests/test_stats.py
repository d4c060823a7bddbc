"""holecard.stats: the counting rules on hands worked out by hand, the steal examples of the
vendored Full Tilt files (their names say who steals from where and whether it works), the
table over every vendored site hand, and the data frames."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
import warnings
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from holecard import Game, phh, sites, stats
from holecard.exceptions import ArgumentTypeError, ConfigurationError, HandHistoryError

DATA = Path(__file__).parent / "data" / "hh"
SITE_HANDS = [h for h in sites.scan(DATA) if isinstance(h, phh.HandHistory)]

#: Seven-card stud, four players, antes 1, bring-in 2, bets 5/10. Ann (2c) brings in, Bob
#: folds, Cat completes (a steal: only folds since the bring-in, and she is one of the
#: three seats before the bring-in), Dan folds, Ann defends by calling. Ann raises on 4th,
#: bets 5th, checks 6th, bets 7th; Cat calls each time. Ann's wheel beats Cat's two pair.
STUD = phh.HandHistory(
    variant="F7S",
    antes=[1, 1, 1, 1],
    bring_in=2,
    small_bet=5,
    big_bet=10,
    starting_stacks=[100, 100, 100, 100],
    players=["Ann", "Bob", "Cat", "Dan"],
    actions=[
        "d dh p1 AsAh2c",
        "d dh p2 ????Kd",
        "d dh p3 KcKsQs",
        "d dh p4 ????Jh",
        "p1 pb",
        "p2 f",
        "p3 cbr 5",
        "p4 f",
        "p1 cc",
        "d dh p1 3d",
        "d dh p3 Qh",
        "p3 cbr 5",
        "p1 cbr 10",
        "p3 cc",
        "d dh p1 4d",
        "d dh p3 9c",
        "p3 cc",
        "p1 cbr 10",
        "p3 cc",
        "d dh p1 5d",
        "d dh p3 9d",
        "p3 cc",
        "p1 cc",
        "d dh p1 7s",
        "d dh p3 8s",
        "p3 cc",
        "p1 cbr 10",
        "p3 cc",
    ],
)

#: 2-7 triple draw, blinds 1/2, bets 2/4. Sam (small blind) and Tom (button) call, Bea
#: (big blind) checks. First draw: Sam throws Kd, Bea stands pat, Tom throws two. Sam
#: bets, Bea raises, Tom folds, Sam calls; both pat; Bea bets, Sam calls; both pat; Sam
#: bets, Bea calls; Sam's 7-5-4-3-2 beats Bea's 8-6-4-3-2.
DRAW = phh.HandHistory(
    variant="F2L3D",
    antes=[0, 0, 0],
    blinds_or_straddles=[1, 2, 0],
    small_bet=2,
    big_bet=4,
    starting_stacks=[50, 50, 50],
    players=["Sam", "Bea", "Tom"],
    actions=[
        "d dh p1 7c5d4h3sKd",
        "d dh p2 8c6d4c3c2h",
        "d dh p3 AcAdJcJsQd",
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "p1 sd Kd",
        "d dh p1 2c",
        "p2 sd",
        "p3 sd AcAd",
        "d dh p3 Th9h",
        "p1 cbr 2",
        "p2 cbr 4",
        "p3 f",
        "p1 cc",
        "p1 sd",
        "p2 sd",
        "p1 cc",
        "p2 cbr 4",
        "p1 cc",
        "p1 sd",
        "p2 sd",
        "p1 cbr 4",
        "p2 cc",
    ],
)


def test_a_stud_hand_worked_by_hand() -> None:
    assert list(STUD.replay().stacks) == [138, 99, 64, 99]
    ann, bob, cat, dan = stats.hand_stats(STUD)
    # Ann: the bring-in is forced, her call of the completion is voluntary; she defends.
    assert (ann.vpip, ann.first_round_raises, ann.steal_chances) == (1, 0, 0)
    assert (ann.bring_in_defence_chances, ann.bring_in_defences) == (1, 1)
    assert (ann.aggressive_actions, ann.calls, ann.aggression_factor) == (3, 1, 3.0)
    assert (ann.showdowns, ann.showdowns_won, ann.net) == (1, 1, 38)
    assert ann.net_big_bets == Fraction(38, 10)
    assert ann.big_bets_per_100 == 380.0
    # Bob folded to the bring-in from a steal position: a chance, no attempt.
    assert (bob.steal_chances, bob.steal_attempts, bob.vpip, bob.net) == (1, 0, 0, -1)
    # Cat steals and is called; she completes, bets once and calls three times.
    assert (cat.vpip, cat.first_round_raises) == (1, 1)
    assert (cat.steal_chances, cat.steal_attempts, cat.steals_won) == (1, 1, 0)
    assert (cat.aggressive_actions, cat.calls) == (2, 3)
    assert cat.aggression_factor == pytest.approx(2 / 3)
    assert (cat.showdowns, cat.showdowns_won, cat.net) == (1, 0, -36)
    # Dan acts after the attempt: no chance to steal.
    assert (dan.steal_chances, dan.showdowns, dan.aggression_factor) == (0, 0, None)
    assert all(r.draws == () and r.hands == 1 and r.game is Game.STUD for r in (ann, cat))


def test_a_draw_hand_worked_by_hand() -> None:
    assert list(DRAW.replay().stacks) == [66, 36, 48]
    sam, bea, tom = stats.hand_stats(DRAW)
    # The small blind's call is voluntary, the big blind's check is not.
    assert (sam.vpip, bea.vpip, tom.vpip) == (1, 0, 1)
    assert (sam.aggressive_actions, sam.calls, bea.aggressive_actions, bea.calls) == (2, 3, 2, 1)
    assert (tom.aggression_factor, bea.aggression_factor) == (0.0, 2.0)
    assert (sam.showdowns_won, bea.showdowns, bea.showdowns_won, tom.showdowns) == (1, 1, 0, 0)
    assert (sam.net, bea.net, tom.net) == (16, -14, -2)
    assert (sam.net_big_bets, bea.net_big_bets) == (Fraction(4), Fraction(-7, 2))
    assert (sam.draws, sam.cards_drawn, sam.pats) == ((1, 1, 1), (1, 0, 0), (0, 1, 1))
    assert (bea.pats, bea.pat_rates) == ((1, 1, 1), (1.0, 1.0, 1.0))
    assert (tom.draws, tom.cards_drawn, tom.cards_per_draw) == (
        (1, 0, 0),
        (2, 0, 0),
        (2.0, None, None),
    )
    assert (sam.steal_chances, sam.bring_in_defence_chances) == (0, 0)  # stud only


def test_rows_add_up_over_hands_and_keep_players_apart() -> None:
    again = phh.HandHistory(**{**STUD.__dict__, "hand": 2})
    table = stats.compute([STUD, again, DRAW, again])
    assert (table.hands, table.duplicates) == (3, 1)  # the same record twice counts once
    assert [r.key for r in table] == sorted(r.key for r in table)
    ann = table.row("Ann")
    assert (ann.hands, ann.vpip, ann.net, ann.bring_in_defences) == (2, 2, 76, 2)
    assert ann.vpip_rate == 1.0
    assert table.row("Cat").steal_rate == 1.0
    assert table.row("Cat").steal_success_rate == 0.0
    only = stats.compute([STUD, DRAW], players=["Sam", "Cat"])
    assert [r.player for r in only] == ["Cat", "Sam"]
    with pytest.raises(ConfigurationError, match="cannot add"):
        _ = ann + table.row("Cat")
    with pytest.raises(KeyError, match="no rows for player 'Nobody'"):
        table.row("Nobody")
    row = table.row("Sam", "deuce_seven")
    assert pickle.loads(pickle.dumps(row)) == row
    assert hash(row) == hash(pickle.loads(pickle.dumps(row)))


# ----- the vendored site hands ----------------------------------------------------------

FTP_STUD = DATA / "cash" / "FTP" / "Stud"


@pytest.mark.parametrize(
    ("name", "stealer", "position", "won"),
    [
        ("Steal.from.Button.Failure", "arjun1111", 1, False),
        ("Steal.from.CO.Success", "kwuiyhw", 2, True),
        ("Steal.from.HJ.Failure", "thebear666", 3, False),
        ("Steal.from.HJ.Failure-3bet.by.button", "Hero", 3, False),
        ("Steal.from.HJ.Success", "bllodshot", 3, True),
    ],
)
def test_the_named_steals_of_the_full_tilt_files(
    name: str, stealer: str, position: int, won: bool
) -> None:
    [hand] = sites.read(FTP_STUD / f"7-Stud-USD-3-6-20106.{name}.txt")
    rows = {r.player: r for r in stats.hand_stats(hand)}
    assert [p for p, r in rows.items() if r.steal_attempts] == [stealer]
    assert rows[stealer].steals_won == won
    # The stealer sits `position` seats before the bring-in among the players who act.
    assert hand.players is not None
    events = list(hand.replay().history)  # type: ignore[attr-defined]
    bring_in = next(e.seat for e in events if e.kind == "bring_in")
    acting = {e.seat for e in events if e.kind in ("fold", "call", "complete", "bet_raise")}
    before = [s for s in range(bring_in - 1, bring_in - len(hand.players), -1)]
    before = [s % len(hand.players) for s in before if s % len(hand.players) in acting]
    assert hand.players[before[position - 1]] == stealer


def test_the_table_over_every_vendored_site_hand() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = stats.compute(SITE_HANDS)
    # PokerStars hand 35874676388 is in two files (7-StudHL-...Cardtest.txt and
    # 7-StudHL-USD-0.04-0.08-200911.txt): it counts once.
    assert (table.hands, table.duplicates, len(SITE_HANDS)) == (124, 1, 125)
    assert table.uncounted == ()
    unique = list({repr(h.to_dict()): h for h in SITE_HANDS}.values())
    assert sum(r.hands for r in table) == sum(len(h.starting_stacks) for h in unique)
    # Chips are conserved: what the players won and lost, per game and unit, is the rake.
    rake: Counter[tuple[Game, str]] = Counter()
    for h in unique:
        game = Game(phh.parse_variant(h.variant)[0])
        rake[game, f"{h.currency} cents" if h.currency else "chips"] += int(h.rake or 0)
    net: Counter[tuple[Game, str]] = Counter()
    for r in table:
        net[r.game, r.unit] += r.net
    assert {k: -v for k, v in net.items()} == {k: rake[k] for k in net}
    # Every showdown has a winner; draw counts exist for 2-7 only.
    assert sum(r.showdowns_won for r in table) >= sum(1 for r in table if r.showdowns) > 0
    assert all((len(r.draws) == 3) == (r.game is Game.DEUCE_SEVEN) for r in table)
    hero = table.row("Hero", "stud")
    assert (hero.hands, hero.steal_attempts, hero.steals_won) == (29, 4, 1)


def test_a_2_7_hand_whose_cards_cannot_replay_is_counted_from_its_actions() -> None:
    # A real hand whose last draw deals p2 the 5c that p3 holds: its cards cannot be
    # replayed, its actions and recorded results can.
    [site_hand] = [h for h in SITE_HANDS if h.hand == 35839412131]
    wrong = {"d dh p2 2c": "d dh p2 5c", "p2 sm 4s3h7d8s2c": "p2 sm 4s3h7d8s5c"}
    hand = dataclasses.replace(site_hand, actions=[wrong.get(a, a) for a in site_hand.actions])
    assert hand.actions != site_hand.actions
    with pytest.raises(phh.ReplayError, match=r"cards dealt twice: 5c .*p3 holds it"):
        hand.replay()
    rows = stats.hand_stats(hand)
    assert hand.finishing_stacks is not None
    assert [r.net for r in rows] == [
        end - start for end, start in zip(hand.finishing_stacks, hand.starting_stacks, strict=True)
    ]
    assert sum(r.showdowns for r in rows) >= 2


def _named(hand: phh.HandHistory, players: list[str], number: int | None) -> phh.HandHistory:
    return dataclasses.replace(hand, players=players, hand=number)


def test_blank_names_are_never_merged_across_hands() -> None:
    # Ann's seat has no name in three different hands (two of them numbered 9): nobody
    # says these are one player, so each is a row of its own, labelled by seat and hand.
    hands = [
        _named(STUD, ["", "Bob", "Cat", "Dan"], 8),
        _named(STUD, ["   ", "Bob", "Cat", "Dan"], 9),
        _named(DRAW, ["Sam", "\t", "Tom"], 9),
        _named(STUD, ["", "Bob", "Cat", "Dan"], None),
    ]
    table = stats.compute(hands)
    assert table.hands == 4
    unnamed = {r.player: r for r in table if r.player.startswith("(unnamed")}
    assert sorted(unnamed) == [
        "(unnamed p1, hand #4)",
        "(unnamed p1, hand 8)",
        "(unnamed p1, hand 9)",
        "(unnamed p2, hand 9, #3)",
    ]
    assert all(r.hands == 1 for r in unnamed.values())
    assert unnamed["(unnamed p1, hand 8)"].net == stats.hand_stats(STUD)[0].net
    assert unnamed["(unnamed p2, hand 9, #3)"].game is Game.DEUCE_SEVEN
    # Named players still add up over the hands, and no chip is lost to the labels.
    assert table.row("Cat").hands == 3
    assert sum(r.net for r in table) == 0
    # One hand alone: the seat and the hand's number, or the seat only.
    assert stats.hand_stats(hands[0])[0].player == "(unnamed p1, hand 8)"
    assert stats.hand_stats(hands[3])[0].player == "(unnamed p1)"
    assert [r.player for r in stats.hand_stats(hands[2])] == ["Sam", "(unnamed p2, hand 9)", "Tom"]


def test_hands_without_names_are_never_merged_either() -> None:
    # No players field at all: seat p1 of one hand is not seat p1 of the next.
    anonymous = [_named(STUD, [], 1), _named(STUD, [], 2)]
    anonymous = [dataclasses.replace(h, players=None) for h in anonymous]
    table = stats.compute(anonymous)
    assert table.hands == 2
    assert len(table.rows) == 8
    assert all(r.hands == 1 for r in table)
    assert table.row("(unnamed p3, hand 2)").net == stats.hand_stats(STUD)[2].net


# ----- hands that cannot be counted --------------------------------------------------------


def test_hands_that_cannot_be_counted_warn_raise_or_are_ignored() -> None:
    cut = phh.HandHistory(**{**STUD.__dict__, "actions": STUD.actions[:6], "hand": 7})
    with pytest.warns(stats.UncountedHandWarning, match="hand 7: the hand is not over"):
        table = stats.compute([cut, STUD])
    assert table.hands == 1
    assert table.uncounted == (stats.UncountedHand("7", "the hand is not over"),)
    assert stats.compute([cut], errors="ignore").uncounted[0].reason == "the hand is not over"
    with pytest.raises(HandHistoryError, match="hand 7 cannot be counted"):
        stats.compute([cut], errors="raise")
    illegal = phh.HandHistory(**{**STUD.__dict__, "actions": [*STUD.actions[:4], "p2 pb"]})
    with pytest.raises(HandHistoryError, match="#1 cannot be counted"):
        stats.compute([illegal], errors="raise")
    with pytest.raises(ConfigurationError, match="errors must be"):
        stats.compute([], errors="loud")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="HandHistory"):
        stats.compute(["F7S"])  # type: ignore[list-item]
    for bad in (None, STUD):
        with pytest.raises(ArgumentTypeError, match="an iterable of HandHistory values"):
            stats.compute(bad)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="players must be a list of names"):
        stats.compute([STUD], players="Ann")


# ----- data frames ---------------------------------------------------------------------------


def test_to_pandas_and_to_polars() -> None:
    table = stats.compute([STUD, DRAW])
    frame = table.to_pandas()
    assert list(frame["player"]) == ["Ann", "Bea", "Bob", "Cat", "Dan", "Sam", "Tom"]
    assert list(frame.columns) == list(table.records()[0])
    sam = frame[frame["player"] == "Sam"].iloc[0]
    assert (sam["game"], sam["net"], sam["big_bets_per_100"], sam["pats_2"]) == (
        "deuce_seven",
        16,
        400.0,
        1,
    )
    pl = table.to_polars()
    assert pl.columns == list(frame.columns)
    assert pl.height == 7
    assert pl.filter(pl["player"] == "Ann")["aggression_factor"].to_list() == [3.0]
    assert pl.filter(pl["player"] == "Ann")["cards_drawn_1"].to_list() == [None]


@pytest.mark.parametrize(("method", "module"), [("to_pandas", "pandas"), ("to_polars", "polars")])
def test_data_frames_say_what_to_install(
    monkeypatch: pytest.MonkeyPatch, method: str, module: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # as if it were not installed
    with pytest.raises(ModuleNotFoundError, match=rf"pip install 'holecard\[{module}\]'"):
        getattr(stats.compute([STUD]), method)()


def test_importing_stats_loads_no_data_frame_library() -> None:
    script = (
        "import sys, holecard.stats\nprint([m for m in ('pandas', 'polars') if m in sys.modules])"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "[]"
