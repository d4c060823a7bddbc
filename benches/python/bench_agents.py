"""Agent-adapter benchmark: random-policy steps per second (issue 14).

* OpenSpiel, paired in one run: ``python_holecard`` against OpenSpiel's PokerKit wrapper
  (``python_pokerkit_wrapper``) on heads-up fixed-limit seven-card stud and razz at the
  same table (no ante, bring-in 5, bets 10/20, 2000 chips each). A step is one
  ``apply_action``, chance nodes included; the policy is uniform over the legal actions
  (chance: over the outcomes). Target: at least 100x the wrapper. The same loop over a
  Python OpenSpiel game whose methods do nothing (``python_noop``: 52 chance outcomes,
  2 actions) is measured too: it bounds every game written in Python, whatever its engine.
* PettingZoo AEC (``observe`` with the observation tensor and mask, then ``step``) and
  Gymnasium (``step`` against the random bot), one core, every game heads-up fixed limit;
  the policy picks uniformly among the mask's legal actions. Target: at least 50,000
  steps per second.

Rates are steps per second of CPU time (one core). Run with
``python benches/python/bench_agents.py`` (``--seconds``). The PokerKit wrapper is
skipped when pokerkit is not installed (``pip install pokerkit``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import ClassVar

import gymnasium
import pyspiel

import holecard.gymnasium
import holecard.openspiel  # registers python_holecard
from holecard.pettingzoo import raw_env


def rate(run: Callable[[], int], seconds: float) -> float:
    """Steps per second of ``run`` (which returns the steps it took), repeated for ``seconds``.

    Seconds of this process's CPU time: what one core does, also on a machine whose cores
    are shared with other work (everything here runs on one thread).
    """
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += run()
    return steps / (time.process_time() - start)


def openspiel_hand(game: pyspiel.Game, rng: random.Random) -> int:
    state, steps = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


class NoopGame(pyspiel.Game):  # type: ignore[misc]
    """A Python OpenSpiel game whose methods do nothing: a chance node of 52 outcomes and
    a decision of 2 actions in turn, 15 steps a game."""

    # The type of python_holecard under another name (the loop reads no observation).
    TYPE = holecard.openspiel._game_type("python_noop", "a Python game that does nothing", {})

    def __init__(self, params: dict[str, object] | None = None) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=2,
            max_chance_outcomes=52,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=15,
        )
        super().__init__(self.TYPE, info, params or {})

    def new_initial_state(self) -> NoopState:
        return NoopState(self)


class NoopState(pyspiel.State):  # type: ignore[misc]
    OUTCOMES: ClassVar[list[tuple[int, float]]] = [(i, 1 / 52) for i in range(52)]

    def __init__(self, game: NoopGame) -> None:
        super().__init__(game)
        self.steps = 0

    def current_player(self) -> int:
        return -1 if self.steps % 2 else (self.steps // 2) % 2

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.OUTCOMES

    def _apply_action(self, action: int) -> None:
        self.steps += 1

    def is_terminal(self) -> bool:
        return self.steps >= 15

    def returns(self) -> list[float]:
        return [0.0, 0.0]


pyspiel.register_game(NoopGame.TYPE, NoopGame)


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
            noop_game = pyspiel.load_game("python_noop")
            noop = rate(lambda g=noop_game: openspiel_hand(g, rng), seconds)
            line += (
                f", PokerKit wrapper {theirs_rate:8,.0f} steps/s: {ours_rate / theirs_rate:.0f}x"
                f" (a Python game doing nothing: {noop:,.0f} steps/s, "
                f"{noop / theirs_rate:.0f}x)"
            )
        print(line)


def pettingzoo_rate(game: str, seconds: float) -> float:
    env = raw_env(game, 2)
    env.reset(seed=1)
    rng = random.Random(1)

    def hand() -> int:
        env.reset()
        steps = 0
        while not env.terminations[env.agent_selection]:
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(mask.nonzero()[0])))
            steps += 1
        return steps

    return rate(hand, seconds)


def gymnasium_rate(game: str, seconds: float) -> float:
    env = gymnasium.make(holecard.gymnasium.ENV_IDS[holecard.Game(game)], opponents="random")
    raw = env.unwrapped
    rng = random.Random(1)
    raw.reset(seed=1)

    def hand() -> int:
        _, info = raw.reset()
        steps, done = 0, False
        while not done:
            _, _, done, _, info = raw.step(int(rng.choice(info["action_mask"].nonzero()[0])))
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
