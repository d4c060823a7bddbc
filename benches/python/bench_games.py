"""Game-engine benchmark: whole hands driven one action at a time from Python.

holecard and PokerKit 0.7.7 play the same kind of hands in the same run: six players,
fixed limit, seven-card stud, stud hi/lo 8-or-better and 2-7 triple draw, under one
random policy (uniform over the legal action kinds — fold, check/call, bring-in,
complete/bet/raise, draw — then a uniform legal amount; a draw discards a uniform number
0-5 of uniformly chosen cards). Reported: hands per second (median of the repeats) and
holecard's speed-up over PokerKit (target: at least 100x).

Run with ``python benches/python/bench_games.py`` (``--hands``, ``--repeats``). PokerKit is
skipped when not installed (``pip install pokerkit==0.7.7``).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from holecard import games

STACK = 1_000
#: Every subset of five card positions, by size: a uniform subset of size k is one pick.
SUBSETS = [list(itertools.combinations(range(5), k)) for k in range(6)]
ANTE, BRING_IN, SMALL, BIG = 1, 2, 4, 8
GAMES = ("stud", "stud8", "deuce_seven")


# ------------------------------------------------------------------------------------
# holecard


def holecard_hands(game: str, hands: int, seed: int) -> int:
    """Plays ``hands`` hands of ``game``; returns the number of actions taken."""
    rnd = random.Random(seed).random  # cheap uniform picks: the harness costs little
    if game == "deuce_seven":
        table: Any = games.DeuceSevenTripleDraw(small_bet=SMALL, big_bet=BIG, small_blind=2)
    elif game == "stud8":
        table = games.SevenCardStudHiLo(ante=ANTE, bring_in=BRING_IN, small_bet=SMALL, big_bet=BIG)
    else:
        table = games.SevenCardStud(ante=ANTE, bring_in=BRING_IN, small_bet=SMALL, big_bet=BIG)
    stacks = [STACK] * 6
    actions = 0
    for h in range(hands):
        state = table.start(stacks, seed=seed * 1_000_003 + h)
        while not state.is_over:
            la = state.legal_actions()
            actions += 1
            if la.draw:
                hand = state.player(state.actor).hole_cards
                subsets = SUBSETS[int(rnd() * 6)]
                state.draw([hand[i] for i in subsets[int(rnd() * len(subsets))]])
                continue
            kinds = []
            if la.fold:
                kinds.append(0)
            if la.check or la.call is not None:
                kinds.append(1)
            if la.bring_in is not None:
                kinds.append(2)
            if la.complete is not None or la.min_raise_to is not None:
                kinds.append(3)
            kind = kinds[int(rnd() * len(kinds))]
            if kind == 0:
                state.fold()
            elif kind == 1:
                if la.check:
                    state.check()
                else:
                    state.call()
            elif kind == 2:
                state.post_bring_in()
            elif la.complete is not None:
                state.complete()
            else:
                state.bet_or_raise_to(la.min_raise_to if rnd() < 0.5 else la.max_raise_to)
    return actions


# ------------------------------------------------------------------------------------
# PokerKit


def pokerkit_hands(game: str, hands: int, seed: int) -> int:
    """The same policy through PokerKit (automated dealing, burns, showdown)."""
    import pokerkit as pk

    rnd = random.Random(seed).random
    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    make: Callable[[], Any]
    if game == "deuce_seven":

        def make() -> Any:  # noqa: ANN401 - a PokerKit state
            return pk.FixedLimitDeuceToSevenLowballTripleDraw.create_state(
                automations, True, 0, (2, SMALL), SMALL, BIG, STACK, 6
            )

    else:
        cls = (
            pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter
            if game == "stud8"
            else pk.FixedLimitSevenCardStud
        )

        def make() -> Any:  # noqa: ANN401 - a PokerKit state
            return cls.create_state(automations, True, ANTE, BRING_IN, SMALL, BIG, STACK, 6)

    actions = 0
    for _ in range(hands):
        state = make()
        while state.status:
            actions += 1
            if state.can_stand_pat_or_discard():
                hand = state.hole_cards[state.stand_patter_or_discarder_index]
                subsets = SUBSETS[int(rnd() * 6)]
                state.stand_pat_or_discard([hand[i] for i in subsets[int(rnd() * len(subsets))]])
                continue
            kinds = []
            if state.can_fold():
                kinds.append(0)
            if state.can_check_or_call():
                kinds.append(1)
            if state.can_post_bring_in():
                kinds.append(2)
            if state.can_complete_bet_or_raise_to():
                kinds.append(3)
            if not kinds:  # PokerKit waits on nothing else with these automations
                raise RuntimeError(f"PokerKit state stuck: {state}")
            kind = kinds[int(rnd() * len(kinds))]
            if kind == 0:
                state.fold()
            elif kind == 1:
                state.check_or_call()
            elif kind == 2:
                state.post_bring_in()
            else:
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(lo if rnd() < 0.5 else hi)
    return actions


# ------------------------------------------------------------------------------------


def timed(run: Callable[[], int], hands: int) -> tuple[float, int]:
    """(hands per second, actions) of one run."""
    start = time.perf_counter()
    actions = run()
    return hands / (time.perf_counter() - start), actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000, help="holecard hands per run")
    parser.add_argument("--pokerkit-hands", type=int, default=300, help="PokerKit hands per run")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    try:
        import pokerkit  # noqa: F401

        have_pk = True
    except ImportError:
        have_pk = False
    # The machine is shared and its speed drifts: each repeat runs holecard and PokerKit
    # back to back, and the ratio quoted is the median of those paired ratios.
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.repeats} paired runs per game, load average before: {load}")
    print(
        f"{'game':<12} {'holecard hands/s':>17} {'PokerKit hands/s':>17} {'ratio':>8}"
        "   (median of paired runs)"
    )
    for game in GAMES:
        ours: list[float] = []
        theirs: list[float] = []
        ours_actions = their_actions = 0
        for _ in range(args.repeats):
            rate, ours_actions = timed(
                functools.partial(holecard_hands, game, args.hands, 1), args.hands
            )
            ours.append(rate)
            if have_pk:
                rate, their_actions = timed(
                    functools.partial(pokerkit_hands, game, args.pokerkit_hands, 1),
                    args.pokerkit_hands,
                )
                theirs.append(rate)
        per_hand = ours_actions / args.hands
        if have_pk:
            ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
            print(
                f"{game:<12} {statistics.median(ours):17,.0f} {statistics.median(theirs):17,.1f}"
                f" {ratio:7.0f}x   ({per_hand:.1f} vs"
                f" {their_actions / args.pokerkit_hands:.1f} actions/hand)",
                flush=True,
            )
        else:
            median = statistics.median(ours)
            print(f"{game:<12} {median:17,.0f} {'(not installed)':>17}", flush=True)


if __name__ == "__main__":
    main()
