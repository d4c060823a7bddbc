"""Agent-adapter benchmark: random-policy steps per second (issue 14).

* OpenSpiel, paired in one run: ``python_holecard`` against OpenSpiel's PokerKit wrapper
  (``python_pokerkit_wrapper``) on heads-up fixed-limit seven-card stud and razz at the
  same table (no ante, bring-in 5, bets 10/20, 2000 chips each). A step is one
  ``apply_action``, chance nodes included; the policy is uniform over the legal actions
  (chance: over the outcomes). Target: at least 100x the wrapper.
* PettingZoo AEC (``observe`` with the observation tensor and mask, then ``step``) and
  Gymnasium (``step`` against the random bot), one core, every game heads-up fixed limit.
  Target: at least 50,000 steps per second.

Run with ``python benches/python/bench_agents.py`` (``--seconds``). The PokerKit wrapper is
skipped when pokerkit is not installed (``pip install pokerkit``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import gymnasium
import numpy as np
import pyspiel

import holecard.gymnasium
import holecard.openspiel  # registers python_holecard
from holecard.pettingzoo import raw_env


def rate(run: Callable[[], int], seconds: float) -> float:
    """Steps per second of ``run`` (which returns the steps it took), repeated for ``seconds``."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run()
    return steps / (time.perf_counter() - start)


def openspiel_hand(game: pyspiel.Game, rng: random.Random) -> int:
    state, steps = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def openspiel_pairs(seconds: float) -> None:
    try:
        import open_spiel.python.games.pokerkit_wrapper  # noqa: F401
    except ImportError as err:
        print(f"OpenSpiel PokerKit wrapper skipped: {err}")
        wrapper = False
    else:
        wrapper = True
    rng = random.Random(1)
    for ours, theirs in (("stud", "FixedLimitSevenCardStud"), ("razz", "FixedLimitRazz")):
        hc = pyspiel.load_game(
            f"python_holecard(game={ours},players=2,ante=0,bring_in=5,small_bet=10,"
            "big_bet=20,stack=2000)"
        )
        ours_rate = rate(lambda g=hc: openspiel_hand(g, rng), seconds)
        line = f"OpenSpiel {ours:5}: holecard {ours_rate:10,.0f} steps/s"
        if wrapper:
            pk = pyspiel.load_game(
                "python_pokerkit_wrapper",
                {
                    "variant": theirs,
                    "num_players": 2,
                    "bring_in": 5,
                    "small_bet": 10,
                    "big_bet": 20,
                    "stack_sizes": "2000 2000",
                },
            )
            theirs_rate = rate(lambda g=pk: openspiel_hand(g, rng), seconds)
            line += (
                f", PokerKit wrapper {theirs_rate:8,.0f} steps/s: {ours_rate / theirs_rate:.0f}x"
            )
        print(line)


def pettingzoo_rate(game: str, seconds: float) -> float:
    env = raw_env(game, 2)
    env.reset(seed=1)
    rng = np.random.default_rng(1)

    def hand() -> int:
        env.reset()
        steps = 0
        while not all(env.terminations.values()):
            mask = env.observe(env.agent_selection)["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return rate(hand, seconds)


def gymnasium_rate(game: str, seconds: float) -> float:
    env = gymnasium.make(holecard.gymnasium.ENV_IDS[holecard.Game(game)], opponents="random")
    raw = env.unwrapped
    rng = np.random.default_rng(1)
    raw.reset(seed=1)

    def hand() -> int:
        _, info = raw.reset()
        steps, done = 0, False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = raw.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return rate(hand, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description="random-policy steps per second")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    openspiel_pairs(args.seconds)
    for game in ("soko", "stud", "stud8", "razz", "deuce_seven"):
        pz = pettingzoo_rate(game, args.seconds)
        gy = gymnasium_rate(game, args.seconds)
        print(f"{game:11}: PettingZoo AEC {pz:8,.0f} steps/s, Gymnasium {gy:8,.0f} steps/s")


if __name__ == "__main__":
    main()
