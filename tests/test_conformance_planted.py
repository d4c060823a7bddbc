"""Planted bugs: the conformance kit finds each with its defaults, and correct peers pass.

Twelve bugs in hand evaluators and eleven in rules engines (issue 44), each a thin wrapper
over a correct evaluator (phevaluator, eval7, treys, holecard's own) or engine
(holecard's, its pure-Python reference, PokerKit), are run through ``check_evaluator``
and ``check_engine`` with their default settings: every one is reported, with the rule
it breaks, and the engine bugs stay reported with PokerKit's known differences declared.
The correct peers, run the same way, show no unexplained difference. Each case is its
own test, so pytest-xdist can spread them.
"""

from __future__ import annotations

import copy
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

import phevaluator
import pytest
import treys  # type: ignore[import-untyped]

from holecard import (
    Card,
    DeuceSevenTripleDraw,
    Move,
    Razz,
    SevenCardStud,
    SevenCardStudHiLo,
    Soko,
    evaluate_ace_five,
    evaluate_deuce_seven,
    evaluate_high,
)
from holecard.conformance import (
    POKERKIT_DIFFERENCES,
    DivergenceKind,
    EngineReport,
    HolecardAdapter,
    Observation,
    PokerKitAdapter,
    ReferenceAdapter,
    check_engine,
    check_evaluator,
)
from holecard.conformance.rules import open_pair_street
from holecard.events import Drew, PotAwarded, Share
from holecard.exceptions import IllegalActionError
from holecard.games import State

# ------------------------------------------------------------------------------------
# Correct evaluators

_TREYS = treys.Evaluator()
_TREYS_CARDS = [treys.Card.new(str(Card.from_index(i))) for i in range(52)]


def _eval7() -> Any:  # noqa: ANN401 - the eval7 module
    with warnings.catch_warnings():
        # eval7 builds its hand-range parser with pyparsing names deprecated in pyparsing 3.
        warnings.simplefilter("ignore", DeprecationWarning)
        import eval7
    return eval7


_E7 = _eval7()
_E7_CARDS = [_E7.Card(str(Card.from_index(i))) for i in range(52)]


def phe(cards: Sequence[Card]) -> int:
    """phevaluator: 1 (royal flush) to 7462; lower is better."""
    return int(phevaluator.evaluate_cards(*[c.index for c in cards]))


def e7(cards: Sequence[Card]) -> int:
    """eval7: higher is better; the hand type is ``value >> 24`` (5 flush, 6 full house)."""
    return int(_E7.evaluate([_E7_CARDS[c.index] for c in cards]))


def trs(cards: Sequence[Card]) -> int:
    """treys: 1 (royal flush) to 7462; lower is better."""
    return int(_TREYS.evaluate([], [_TREYS_CARDS[c.index] for c in cards]))


def _ranks(cards: Sequence[Card]) -> Counter[int]:
    return Counter([c.index >> 2 for c in cards])  # 0 = deuce … 12 = ace


def _low(card: Card) -> int:
    """Ace-to-five rank: ace 1, deuce 2 … king 13."""
    r = card.index // 4
    return 1 if r == 12 else r + 2


# ------------------------------------------------------------------------------------
# Twelve evaluator bugs


def two_trips_keeps_the_lower(cards: Sequence[Card]) -> int:
    """Seven cards with two sets of trips: the full house is built on the lower set."""
    if len(cards) < 6:
        return phe(cards)
    count = _ranks(cards)
    trips = sorted(r for r, n in count.items() if n == 3)
    if len(trips) == 2:
        low, high = trips
        five = [c for c in cards if c.index // 4 == low]
        five += [c for c in cards if c.index // 4 == high][:2]
        return phe(five)
    return phe(cards)


def no_wheel(cards: Sequence[Card]) -> int:
    """A-2-3-4-5 is not a straight (scored as the worst hand)."""
    value = phe(cards)
    return 7462 if value == 1609 else value  # 1609: the five-high straight


def flush_beats_full_house(cards: Sequence[Card]) -> tuple[float, int]:
    value = e7(cards)
    kind = value >> 24
    return (6.5 if kind == 5 else kind, value)


def steel_wheel_above_royal(cards: Sequence[Card]) -> int:
    """The five-high straight flush ranks above the royal flush (the ace played high)."""
    value = trs(cards)
    return 0 if value == 10 else value


def one_pair_ignores_kickers(cards: Sequence[Card]) -> int:
    value = phe(cards)
    if 3326 <= value <= 6185:  # one pair: only the pair's rank counts
        pair = max(r for r, n in _ranks(cards).items() if n >= 2)
        return 3326 + (12 - pair) * 220
    return value


def six_cards_drop_the_last(cards: Sequence[Card]) -> int:
    return phe(cards[:5]) if len(cards) == 6 else phe(cards)


def two_pair_ignores_the_kicker(cards: Sequence[Card]) -> tuple[int, ...]:
    value = e7(cards)
    if value >> 24 == 2:
        pairs = sorted((r for r, n in _ranks(cards).items() if n >= 2), reverse=True)
        return (2, pairs[0], pairs[1])
    return (value >> 24, value)


def ace_five_counts_straights_and_flushes(cards: Sequence[Card]) -> int:
    """Five cards: a straight or flush is no low (2-7's rule in ace-to-five)."""
    lows = sorted(_low(c) for c in cards)
    straight = len(set(lows)) == 5 and lows[-1] - lows[0] == 4
    flush = len({c.index % 4 for c in cards}) == 1
    if len(cards) == 5 and (straight or flush):
        return -1
    return evaluate_ace_five(cards).strength


def nine_low_qualifies(cards: Sequence[Card]) -> tuple[int, int] | None:
    """The 8-or-better qualifier let through a 9-low."""
    if len({_low(c) for c in cards if _low(c) <= 9}) >= 5:
        return (1, evaluate_ace_five(cards).strength)
    return None


def deuce_seven_wheel_is_best(cards: Sequence[Card]) -> int:
    """2-7 played with the ace low: A-2-3-4-5 the best hand."""
    if len(cards) == 5 and sorted(_ranks(cards)) == [0, 1, 2, 3, 12]:
        return 10**9
    return evaluate_deuce_seven(cards).strength


def deuce_seven_ignores_flushes(cards: Sequence[Card]) -> int:
    if len(cards) == 5 and len({c.index % 4 for c in cards}) == 1:
        first = str(cards[0])
        other = next(s for s in "cdhs" if s != first[1])
        cards = [Card(first[0] + other), *cards[1:]]
    return evaluate_deuce_seven(cards).strength


def ace_five_lowest_five(cards: Sequence[Card]) -> int:
    """Six or seven cards: the five lowest cards, even when two of them pair."""
    return evaluate_ace_five(sorted(cards, key=_low)[:5]).strength


EVALUATOR_BUGS: list[tuple[str, Callable[[Any], object], str, str]] = [
    # (ranking, evaluator, better, where the misordered pair lies: a size or "any")
    ("high", two_trips_keeps_the_lower, "lower", "6 7"),
    ("high", no_wheel, "lower", "any"),
    ("high", flush_beats_full_house, "higher", "any"),
    ("high", steel_wheel_above_royal, "lower", "any"),
    ("high", one_pair_ignores_kickers, "lower", "any"),
    ("high", six_cards_drop_the_last, "lower", "6"),
    ("high", two_pair_ignores_the_kicker, "higher", "any"),
    ("ace_five", ace_five_counts_straights_and_flushes, "higher", "5"),
    ("low8", nine_low_qualifies, "higher", "any"),
    ("deuce_seven", deuce_seven_wheel_is_best, "higher", "5"),
    ("deuce_seven", deuce_seven_ignores_flushes, "higher", "5"),
    ("ace_five", ace_five_lowest_five, "higher", "any"),
]


@pytest.mark.parametrize(
    ("ranking", "fn", "better", "size"),
    EVALUATOR_BUGS,
    ids=[fn.__name__ for _, fn, _, _ in EVALUATOR_BUGS],
)
def test_evaluator_bug_is_caught_with_the_defaults(
    ranking: str, fn: Callable[[Any], object], better: str, size: str
) -> None:
    report = check_evaluator(fn, ranking, better=better)
    assert not report.ok, str(report)
    assert report.cards == (5, 6, 7)  # every size the ranking is used with
    bad = [p.cards for p in report.parts if not p.ok]
    if size != "any":
        assert bad == [int(x) for x in size.split()], str(report)
    pair = report.misordered
    assert pair is not None
    assert len(pair.first) == len(pair.second) == bad[0]


@pytest.mark.parametrize(
    ("fn", "better"),
    [(phe, "lower"), (e7, "higher"), (trs, "lower")],
    ids=["phevaluator", "eval7", "treys"],
)
def test_correct_evaluators_pass_with_the_defaults(
    fn: Callable[[Sequence[Card]], int], better: str
) -> None:
    report = check_evaluator(fn, "high", better=better)
    assert report.ok, str(report)
    assert report.cards == (5, 6, 7)


# ------------------------------------------------------------------------------------
# Ten engine bugs

STUD = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
HILO = SevenCardStudHiLo(ante=1, bring_in=2, small_bet=5, big_bet=10)
DEUCE = DeuceSevenTripleDraw(small_blind=2, small_bet=5, big_bet=10)


def _moved(seen: Observation, delta: Sequence[int]) -> Observation:
    """``seen`` with ``delta`` chips added to each seat's stack and payoff."""
    assert seen.payoffs is not None
    return replace(
        seen,
        stacks=tuple(a + b for a, b in zip(seen.stacks, delta, strict=True)),
        payoffs=tuple(a + b for a, b in zip(seen.payoffs, delta, strict=True)),
    )


class _Settles(HolecardAdapter):
    """holecard's engine, reporting a settlement of its own (``delta``) at the end."""

    def delta(self, state: State) -> list[int]:
        return [0] * len(state.players)

    def observe(self) -> Observation:
        seen = super().observe()
        assert self.state is not None
        if not seen.is_over:
            return seen
        return _moved(seen, self.delta(self.state))


class SidePotsToTheBestHand(_Settles):
    """With three or more players all-in, the best hand takes every pot."""

    def delta(self, state: State) -> list[int]:
        out = [0] * len(state.players)
        all_in = [p for p in state.players if not p.folded and p.stack == 0]
        awards = [e for e in state.history if isinstance(e, PotAwarded)]
        main = [e.seat for e in awards if e.pot == 0]
        if len(all_in) < 3 or len(state.pots) < 2 or not main:
            return out
        for e in awards:
            if e.pot > 0:
                out[e.seat] -= e.amount
                out[main[0]] += e.amount
        return out


class FlushBeatsFullHouse(_Settles):
    """A flush takes a pot from a full house at the showdown."""

    def delta(self, state: State) -> list[int]:
        out = [0] * len(state.players)
        awards = [e for e in state.history if isinstance(e, PotAwarded)]
        board = tuple(state.board)
        kind = {
            seat: evaluate_high((*p.hole_cards, *board)).category.name
            for seat, p in enumerate(state.players)
            if not p.folded and len(p.hole_cards) + len(board) >= 5
        }
        for i, pot in enumerate(state.pots):
            won = [e for e in awards if e.pot == i]
            flushes = [s for s in pot.players if kind.get(s) == "FLUSH"]
            if flushes and won and all(kind.get(e.seat) == "FULL_HOUSE" for e in won):
                for e in won:
                    out[e.seat] -= e.amount
                out[flushes[0]] += pot.amount
        return out


class OddChipToLow(_Settles):
    """Stud hi/lo: the odd chip between the halves of every split pot goes low."""

    def delta(self, state: State) -> list[int]:
        out = [0] * len(state.players)
        awards = [e for e in state.history if isinstance(e, PotAwarded)]
        for pot in {e.pot for e in awards}:
            high = [e for e in awards if e.pot == pot and e.share is Share.HIGH]
            low = [e for e in awards if e.pot == pot and e.share is Share.LOW]
            if high and low and sum(e.amount for e in high) > sum(e.amount for e in low):
                out[high[0].seat] -= 1
                out[low[0].seat] += 1
        return out


class DealsOwnDiscards(ReferenceAdapter):
    """2-7: keeps out only this draw's discards, so a player gets earlier ones back."""

    def start(self, game: Any, stacks: Sequence[int], deck: Sequence[Card]) -> None:  # noqa: ANN401
        mine = DeuceSevenTripleDraw(
            small_blind=2, small_bet=5, big_bet=10, own_discards_scope="CURRENT_DRAW"
        )
        super().start(mine, stacks, deck)


class GetsOwnDiscardBack(HolecardAdapter):
    """2-7: after a reshuffle, a drawing player gets back a card he discarded earlier."""

    def observe(self) -> Observation:
        seen = super().observe()
        state = self.state
        assert state is not None
        if seen.is_over or seen.hole_cards is None:
            return seen
        history = list(state.history)
        starts = [i for i, e in enumerate(history) if e.kind == "reshuffle"]
        if not starts:
            return seen
        held = {c for hand in seen.hole_cards for c in hand}
        draws = [(i, e) for i, e in enumerate(history) if isinstance(e, Drew)]
        for i, e in draws:
            if i < starts[0] or not e.received or e.received[-1] not in held:
                continue
            earlier = [c for j, d in draws if j < i and d.seat == e.seat for c in d.discards]
            free = [c for c in earlier if c not in held]
            if free:
                hands = [list(h) for h in seen.hole_cards]
                hands[e.seat][hands[e.seat].index(e.received[-1])] = free[0]
                return replace(seen, hole_cards=tuple(map(tuple, hands)))
        return seen


class NoOpenPairBigBet(HolecardAdapter):
    """Stud: no big bet on fourth street when an open pair shows (G-1.6.4)."""

    def legal_moves(self) -> Iterable[Move]:
        moves = list(super().legal_moves())
        state = self.state
        assert state is not None
        if not open_pair_street(state):
            return moves
        top = max(state.bets, default=0)
        return [m for m in moves if not (m.kind == "bet_or_raise_to" and m.amount == top + 10)]


class HighestCardBringsIn(HolecardAdapter):
    """Stud: the highest door card brings in (the lowest should, E-2.6)."""

    def start(self, game: Any, stacks: Sequence[int], deck: Sequence[Card]) -> None:  # noqa: ANN401
        mine = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, bring_in_card="HIGHEST")
        self.state = mine.start(list(stacks), deck=list(deck))


class CapOffByOne(HolecardAdapter):
    """Fixed limit: one raise more than the cap (G-1.6.2)."""

    def legal_moves(self) -> Iterable[Move]:
        moves = list(super().legal_moves())
        state = self.state
        assert state is not None
        if state.actor is None or state.legal_actions().call is None:
            return moves
        seat = state.player(state.actor)
        unit = 10 if state.street in ("fifth", "sixth", "seventh") else 5
        total = max(state.bets) + unit
        if seat.stack + seat.bet <= total:
            return moves
        try:
            copy.copy(state).apply(Move("bet_or_raise_to", total))
        except IllegalActionError as exc:
            if "capped" in str(exc):
                moves.append(Move("bet_or_raise_to", total))
        return moves


class NoCompletion(HolecardAdapter):
    """Stud: nobody may complete the bring-in (G-1.6.3)."""

    def legal_moves(self) -> Iterable[Move]:
        return [m for m in super().legal_moves() if m.kind != "complete"]


class ChecksFacingABet(HolecardAdapter):
    """Takes a check facing a bet as a call, instead of refusing it (G-1.5.2)."""

    def apply(self, move: Move) -> None:
        assert self.state is not None
        if move.kind == "check" and move not in self.state.legal_moves():
            move = Move("call")
        super().apply(move)


class ShortAllInReopens(HolecardAdapter):
    """Fixed limit: a short all-in raise of at least half a bet does not re-open (G-1.9.3)."""

    def start(self, game: Any, stacks: Sequence[int], deck: Sequence[Card]) -> None:  # noqa: ANN401
        mine = SevenCardStud(
            ante=1, bring_in=2, small_bet=5, big_bet=10, limit_short_all_in_rule="FULL_BET"
        )
        self.state = mine.start(list(stacks), deck=list(deck))


ENGINE_BUGS: list[tuple[type, Any, set[str], bool]] = [
    # (adapter, game, the rules the first unexplained difference may cite, still reported
    # with POKERKIT_DIFFERENCES declared: no class of PokerKit's covers it)
    (SidePotsToTheBestHand, STUD, {"G-1.10.2"}, True),
    (FlushBeatsFullHouse, STUD, {"T-10"}, True),
    (OddChipToLow, HILO, {"H-5.5"}, True),
    (DealsOwnDiscards, DEUCE, {"D-10.5", "D-10.2"}, True),
    (GetsOwnDiscardBack, DEUCE, {"D-10.5"}, True),
    (NoOpenPairBigBet, STUD, {"G-1.6.4"}, True),
    (HighestCardBringsIn, STUD, {"G-1.4.2"}, True),
    (CapOffByOne, STUD, {"G-1.6.2"}, True),
    (NoCompletion, STUD, {"G-1.6.3"}, True),
    (ChecksFacingABet, STUD, {"G-1.5.2"}, True),
    # PokerKit's incomplete-all-in class is this very rule: declared, it explains it.
    (ShortAllInReopens, STUD, {"G-1.9.3"}, False),
]


def _first_rule(report: EngineReport) -> str:
    assert report.first is not None, str(report)
    return report.first.rule


@pytest.mark.parametrize(
    ("adapter", "game", "rules", "with_pokerkit"),
    ENGINE_BUGS,
    ids=[cls.__name__ for cls, *_ in ENGINE_BUGS],
)
def test_engine_bug_is_caught_with_the_defaults(
    adapter: type,
    game: Any,  # noqa: ANN401
    rules: set[str],
    with_pokerkit: bool,
) -> None:
    report = check_engine(adapter(), game=game)
    assert report.unexplained > 0, str(report)
    assert _first_rule(report) in rules, str(report)
    first = report.first
    assert first is not None
    assert f"(docs/rules.md {first.rule})" in first.description
    if with_pokerkit:
        declared = check_engine(adapter(), game=game, known=POKERKIT_DIFFERENCES, shrink=False)
        assert declared.unexplained > 0, str(declared)
        assert _first_rule(declared) in rules, str(declared)


def test_bug_messages_name_the_rule_in_words() -> None:
    report = check_engine(HighestCardBringsIn(), game=STUD, hands=5)
    first = report.first
    assert first is not None
    assert first.kind is DivergenceKind.STATE
    assert first.description.startswith("step 0: bring-in: holecard picks seat ")
    assert "lowest door card" in first.description
    assert first.description.endswith("(docs/rules.md G-1.4.2)")
    own = check_engine(GetsOwnDiscardBack(), game=DEUCE, shrink=False)
    assert own.first is not None
    assert own.first.description.startswith(f"step {own.first.step}: own discards: your engine")
    assert "which he discarded earlier in the hand" in own.first.description


def test_the_report_counts_the_hands_through_each_rule() -> None:
    report = check_engine(HolecardAdapter(), game=STUD)
    through = dict(report.exercised)
    assert set(through) == {
        "bring-in",
        "completion",
        "cap",
        "open pair",
        "side pots",
        "odd chip",
        "show order",
        "reshuffle",
    }
    for rule in ("bring-in", "completion", "cap", "open pair", "side pots", "show order"):
        assert through[rule] >= 30, through
    assert through["reshuffle"] >= 1, through
    assert dict(check_engine(HolecardAdapter(), game=HILO).exercised)["odd chip"] >= 10
    assert dict(check_engine(HolecardAdapter(), game=DEUCE).exercised)["reshuffle"] >= 30


# ------------------------------------------------------------------------------------
# Correct engines

PEER_GAMES = {
    "stud": STUD,
    "stud8": HILO,
    "razz": Razz(ante=1, bring_in=2, small_bet=5, big_bet=10),
    "deuce_seven": DEUCE,
    "soko": Soko(ante=1, bring_in=2, small_bet=5, big_bet=10),
}


@pytest.mark.parametrize("name", list(PEER_GAMES))
def test_the_reference_engine_passes_with_the_defaults(name: str) -> None:
    # Its recycled cards go under the stub in burn and discard order, the fast engine's
    # in a shuffled order: the kit takes either.
    report = check_engine(ReferenceAdapter(), game=PEER_GAMES[name])
    assert report.ok, str(report)


POKERKIT_GAMES = {
    "stud": SevenCardStud(ante=1, bring_in=2, profile="pokerkit", small_bet=5, big_bet=10),
    "stud8": SevenCardStudHiLo(ante=1, bring_in=2, profile="pokerkit", small_bet=5, big_bet=10),
    "razz": Razz(ante=1, bring_in=2, profile="pokerkit", small_bet=5, big_bet=10),
    "deuce_seven": DeuceSevenTripleDraw(
        small_blind=2, big_blind=5, profile="pokerkit", small_bet=5, big_bet=10
    ),
}


@pytest.mark.parametrize("name", list(POKERKIT_GAMES))
def test_pokerkit_passes_with_the_defaults_and_its_differences(name: str) -> None:
    report = check_engine(PokerKitAdapter(), game=POKERKIT_GAMES[name], known=POKERKIT_DIFFERENCES)
    assert report.ok, str(report)
