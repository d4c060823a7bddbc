"""The engine conformance kit: holecard passes against itself, broken toy engines are
caught with a shrunk reproduction that names the rule, known differences are counted."""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import replace

import pytest

from holecard import (
    ArgumentTypeError,
    ConfigurationError,
    DeuceSevenTripleDraw,
    Move,
    Razz,
    SevenCardStud,
    SevenCardStudHiLo,
    Soko,
    phh,
)
from holecard.events import PotAwarded, Share
from holecard.games import State
from holecard.testing import (
    DivergenceKind,
    EngineReport,
    HolecardAdapter,
    KnownDifference,
    Observation,
    assert_engine_conforms,
    check_engine,
)

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
GAMES = [
    Soko(ante=1, bring_in=2, small_bet=5, big_bet=10),
    STUD,
    SevenCardStudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10),
    Razz(ante=1, bring_in=2, small_bet=5, big_bet=10),
    DeuceSevenTripleDraw(small_blind=2, small_bet=5, big_bet=10),
    SevenCardStud(ante=1, bring_in=2, min_bet=5, betting="NO_LIMIT"),
]


class CapOffByOne(HolecardAdapter):
    """A fixed-limit engine whose cap lets one raise too many (G-1.6.2)."""

    def legal_moves(self) -> Iterable[Move]:
        moves = list(super().legal_moves())
        state = self.state
        assert state is not None
        la = state.legal_actions()
        if state.actor is None or la.draw or la.min_raise_to is not None or la.call is None:
            return moves
        seat = state.player(state.actor)
        capped = all(p.stack > 0 for p in state.players if not p.folded)
        unit = 10 if state.street in ("fifth", "sixth", "seventh") else 5
        if capped and seat.stack > la.call + unit:
            moves.append(Move("bet_or_raise_to", max(state.bets) + unit))
        return moves


class HighHalfToLow(HolecardAdapter):
    """A stud hi/lo engine that reports every split pot's odd chip in the wrong half."""

    def observe(self) -> Observation:
        seen = super().observe()
        state = self.state
        assert state is not None
        if not seen.is_over or seen.payoffs is None:
            return seen
        awards = [e for e in state.history if isinstance(e, PotAwarded)]
        high = [e for e in awards if e.share is Share.HIGH]
        low = [e for e in awards if e.share is Share.LOW]
        if not high or not low or high[0].amount <= low[0].amount:
            return seen
        stacks = list(seen.stacks)
        stacks[high[0].seat] -= 1
        stacks[low[0].seat] += 1
        payoffs = list(seen.payoffs)
        payoffs[high[0].seat] -= 1
        payoffs[low[0].seat] += 1
        return Observation(
            actor=seen.actor,
            stacks=tuple(stacks),
            is_over=True,
            pots=seen.pots,
            payoffs=tuple(payoffs),
            hole_cards=seen.hole_cards,
        )


class AcceptsEverything(HolecardAdapter):
    """An engine that ignores moves it should refuse instead of raising."""

    def apply(self, move: Move) -> None:
        assert self.state is not None
        if move in self.state.legal_moves():
            super().apply(move)


class BrokenObserver(HolecardAdapter):
    def observe(self) -> Observation:
        raise RuntimeError("engine crashed")


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_holecard_conforms_to_itself(game: object) -> None:
    report = check_engine(
        HolecardAdapter(),
        game=game,  # type: ignore[arg-type]
        hands=15,
        seed=4,
        stacks=lambda rng: [rng.randint(1, 120) for _ in range(rng.randint(2, 6))],
    )
    assert report.ok, str(report)
    assert report.equal == report.hands == 15
    assert report.first is None


def test_cap_off_by_one_is_caught_with_a_shrunk_reproduction() -> None:
    args = {"game": STUD, "hands": 30, "seed": 2, "stacks": [400, 400, 400, 400]}
    raw = check_engine(CapOffByOne(), shrink=False, **args)  # type: ignore[arg-type]
    report = check_engine(CapOffByOne(), **args)  # type: ignore[arg-type]
    assert not report.ok
    assert report.unexplained == raw.unexplained > 0
    d, before = report.first, raw.first
    assert d is not None
    assert before is not None
    assert d.kind is DivergenceKind.EXTRA_MOVE
    assert d.rule == "G-1.6.2"
    assert "holecard refuses: cap of 3 raises (docs/rules.md G-1.6.2)" in d.description
    assert d.description.startswith(
        f"step {d.step}: cap: your engine offers Move('bet_or_raise_to'"
    )
    assert d.move is not None
    assert d.move.kind == "bet_or_raise_to"
    # Shrunk: no more moves than found, and smaller stacks.
    assert len(d.moves) <= len(before.moves)
    assert sum(d.stacks) < sum(before.stacks)
    # The reproduction is PHH that holecard replays up to the step, where the cap holds.
    state = phh.loads(d.phh).replay()
    assert isinstance(state, State)
    assert d.move not in state.legal_moves()
    assert d.description in d.phh
    assert [m.kind for m in state.legal_moves()].count("bet_or_raise_to") == 0


def _odd_chip_low(state: State, seen: Observation) -> Observation | None:
    """holecard's result with the odd chip of the first split pot in its low half."""
    awards = [e for e in state.history if isinstance(e, PotAwarded)]
    high = [e for e in awards if e.share is Share.HIGH]
    low = [e for e in awards if e.share is Share.LOW]
    if not state.is_over or not high or not low or high[0].amount <= low[0].amount:
        return None
    delta = [0] * len(seen.stacks)
    delta[high[0].seat] -= 1
    delta[low[0].seat] += 1
    assert seen.payoffs is not None
    return replace(
        seen,
        stacks=tuple(map(sum, zip(seen.stacks, delta, strict=True))),
        payoffs=tuple(map(sum, zip(seen.payoffs, delta, strict=True))),
    )


def test_wrong_odd_chip_is_caught_and_a_declared_house_rule_is_counted() -> None:
    game = SevenCardStudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10)
    args = {"game": game, "hands": 150, "seed": 7, "stacks": [60, 60, 60], "shrink": False}
    report = check_engine(HighHalfToLow(), **args)  # type: ignore[arg-type]
    assert report.unexplained > 0
    assert report.first is not None
    assert report.first.subject == "stacks"
    assert report.first.rule == "H-5.5"
    assert report.first.description.startswith(f"step {report.first.step}: odd chip of a hi/lo")
    odd_chip = KnownDifference(
        "odd-chip-to-low",
        "H-5.5",
        "the odd chip goes to the low half",
        changes=("stacks", "payoffs"),
        expected=_odd_chip_low,
    )
    house = check_engine(HighHalfToLow(), known=[odd_chip], **args)  # type: ignore[arg-type]
    assert house.ok
    assert house.counts() == {
        "equal": report.equal,
        "odd-chip-to-low": report.unexplained,
        "unexplained": 0,
    }
    (example,) = house.examples
    assert example.known == "odd-chip-to-low"
    assert example.phh


def test_the_old_form_of_a_known_difference_still_works() -> None:
    # A test without changes= is accepted as before: it may explain any divergence.
    game = SevenCardStudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10)
    args = {"game": game, "hands": 60, "seed": 7, "stacks": [60, 60, 60], "shrink": False}
    old = KnownDifference(
        "odd-chip-to-low",
        "H-5.5",
        "the odd chip goes to the low half",
        lambda d, state: d.subject in ("stacks", "payoffs") and state.is_over,
    )
    report = check_engine(HighHalfToLow(), known=[old], **args)  # type: ignore[arg-type]
    assert report.ok
    assert dict(report.known)["odd-chip-to-low"] > 0


def test_a_scoped_known_difference_explains_nothing_outside_its_observables() -> None:
    # A house rule about the stacks does not explain an engine that refuses moves.
    any_stacks = KnownDifference(
        "anything-in-the-stacks", "H-5.5", "", lambda d, state: True, changes=("stacks",)
    )
    report = check_engine(
        AcceptsEverything(), game=STUD, hands=10, seed=1, shrink=False, known=[any_stacks]
    )
    assert report.unexplained > 0
    with pytest.raises(ConfigurationError, match="changes must name observables"):
        KnownDifference("x", "H-5", "", lambda d, state: True, changes=("chips",))
    with pytest.raises(ConfigurationError, match="needs matches= or expected="):
        KnownDifference("x", "H-5", "")


def test_an_engine_accepting_illegal_moves_is_caught() -> None:
    report = check_engine(AcceptsEverything(), game=STUD, hands=10, seed=1, shrink=False)
    assert report.first is not None
    assert report.first.kind is DivergenceKind.ACCEPTED_ILLEGAL
    assert "your engine accepts" in report.first.description
    assert "holecard refuses" in report.first.description


def test_adapter_errors_are_findings() -> None:
    report = check_engine(BrokenObserver(), game=STUD, hands=3)
    assert report.unexplained == 3
    assert report.first is not None
    assert report.first.kind is DivergenceKind.ERROR
    assert "engine crashed" in report.first.description


def test_assert_engine_conforms_raises_with_the_reproduction() -> None:
    with pytest.raises(AssertionError, match=r"cap of 3 raises[\s\S]*variant = \"F7S\""):
        assert_engine_conforms(CapOffByOne(), game=STUD, hands=30, seed=2, stacks=[400] * 4)
    assert assert_engine_conforms(HolecardAdapter(), game=STUD, hands=3).ok


def test_reports_are_frozen_values() -> None:
    report = check_engine(CapOffByOne(), game=STUD, hands=30, seed=2, stacks=[400] * 4)
    again = pickle.loads(pickle.dumps(report))
    assert again == report
    assert hash(again) == hash(report)
    assert isinstance(report, EngineReport)
    with pytest.raises(AttributeError):
        report.hands = 1  # type: ignore[misc]
    assert check_engine(CapOffByOne(), game=STUD, hands=30, seed=2, stacks=[400] * 4) == report


def test_bad_arguments() -> None:
    with pytest.raises(ConfigurationError, match="hands"):
        check_engine(HolecardAdapter(), game=STUD, hands=0)
    with pytest.raises(ConfigurationError, match="stacks"):
        check_engine(HolecardAdapter(), game=STUD, stacks=[100])
    with pytest.raises(ConfigurationError, match="stacks"):
        check_engine(HolecardAdapter(), game=STUD, stacks=[100, -1])
    with pytest.raises(ArgumentTypeError, match="adapter"):
        check_engine(object(), game=STUD)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="game must be a holecard game table"):
        check_engine(HolecardAdapter(), game="razz", hands=1)  # type: ignore[arg-type]


def test_the_kit_needs_no_hypothesis() -> None:
    script = """
import sys
sys.modules["hypothesis"] = None  # importing it now fails, as when it is not installed
from holecard import SevenCardStud
from holecard.conformance import HolecardAdapter, check_engine
class NoBringIn(HolecardAdapter):
    def legal_moves(self):
        return [m for m in super().legal_moves() if m.kind != "post_bring_in"]
game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
assert check_engine(HolecardAdapter(), game=game, hands=3).ok
report = check_engine(NoBringIn(), game=game, hands=3)
assert report.first.rule == "G-1.4.2" and report.first.step == 0, report
print("ok")
"""
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "ok"


class RaiseEnds(HolecardAdapter):
    """Lists a pot- or no-limit raise by its smallest and largest totals, as the adapter
    protocol says an engine may; ``short`` makes its largest total one chip too small."""

    def __init__(self, short: bool = False) -> None:
        super().__init__()
        self.short = short

    def legal_moves(self) -> Iterable[Move]:
        moves = list(super().legal_moves())
        totals = [m.amount for m in moves if m.kind == "bet_or_raise_to" and m.amount]
        kept = [m for m in moves if m.kind != "bet_or_raise_to"]
        if totals:
            top = max(totals) - 1 if self.short and max(totals) > min(totals) else max(totals)
            kept += [Move("bet_or_raise_to", t) for t in sorted({min(totals), top})]
        return kept


@pytest.mark.parametrize("betting", ["NO_LIMIT", "POT_LIMIT"])
def test_pot_and_no_limit_raises_are_compared_by_their_span(betting: str) -> None:
    for game in (
        SevenCardStud(ante=1, bring_in=2, min_bet=5, betting=betting),
        DeuceSevenTripleDraw(small_blind=2, big_blind=5, min_bet=5, betting=betting),
    ):
        report = check_engine(RaiseEnds(), game=game, hands=15, seed=3)
        assert report.ok, report.first
        short = check_engine(RaiseEnds(short=True), game=game, hands=15, seed=3)
        assert short.first is not None
        assert short.first.kind is DivergenceKind.MISSING_MOVE
        assert "bet_or_raise_to" in short.first.description
