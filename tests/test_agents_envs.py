"""The PettingZoo and Gymnasium adapters pass their frameworks' own checks for every game
(issue 14 items 4-5)."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import holecard.gymnasium
from holecard import ConfigurationError, Game, IllegalActionError, State
from holecard._simulate import BOTS
from holecard.gymnasium import ENV_IDS, HolecardEnv
from holecard.pettingzoo import env, raw_env

GAMES = list(Game)

# PettingZoo's api_test suggests a Box or Discrete observation; a Dict of the observation
# and the action mask is the style of its own classic (card game) environments.
CLASSIC_STYLE = (
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.filterwarnings(*CLASSIC_STYLE)
@pytest.mark.parametrize("betting", ["FIXED_LIMIT", "NO_LIMIT"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.value)
def test_pettingzoo_api_and_seed_tests(game: Game, betting: str) -> None:
    api_test(env(game=game, players=3, betting=betting), num_cycles=200)
    seed_test(lambda: env(game=game, players=2, betting=betting), num_cycles=200)


@pytest.mark.filterwarnings(*CLASSIC_STYLE)
def test_pettingzoo_multi_hand_episodes_conserve_chips() -> None:
    e = raw_env("stud", 3, hands=30, stacks=[100, 200, 300])
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    total = 0.0
    while not all(e.terminations.values()):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        total += sum(e.rewards.values())
    assert total == pytest.approx(0.0)
    assert e._episode is not None
    assert 1 < e._episode.hand_count <= 30
    assert e._episode.hand_count == 30 or 0 in e._episode.stacks
    assert sum(e._episode.stacks) == 600


def test_pettingzoo_refuses_illegal_actions_and_bad_tables() -> None:
    e = raw_env("razz", 2)
    e.reset(seed=1)
    before = e.observe(e.agent_selection)["observation"]
    with pytest.raises(IllegalActionError):
        e.step(0)
    assert np.array_equal(e.observe(e.agent_selection)["observation"], before)
    with pytest.raises(ConfigurationError):
        raw_env("razz", 2, stacks=[100])
    with pytest.raises(ConfigurationError):
        raw_env("hold'em", 2)


@pytest.mark.parametrize("opponents", BOTS)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.value)
def test_gymnasium_check_env(game: Game, opponents: str) -> None:
    e = gymnasium.make(ENV_IDS[game], opponents=opponents, players=3)
    check_env(e.unwrapped, skip_render_check=True)


def test_gymnasium_ids_are_registered_on_import() -> None:
    assert holecard.gymnasium.ENV_IDS[Game.RAZZ] == "holecard/Razz-v0"
    assert set(ENV_IDS.values()) <= set(gymnasium.registry)


def test_gymnasium_episode_rewards_match_the_hand() -> None:
    seen: list[State] = []

    def station(state: State) -> object:
        seen.append(state)
        la = state.legal_actions()
        moves = state.legal_moves()
        if la.draw:
            return moves[0]
        return next(m for m in moves if m.kind in ("check", "call", "post_bring_in"))

    e = HolecardEnv("deuce_seven", 2, opponents=station, render_mode="ansi")  # type: ignore[arg-type]
    for seed in range(10):
        _, info = e.reset(seed=seed)
        terminated, reward = False, 0.0
        while not terminated:
            assert isinstance(e.render(), str)
            legal = np.flatnonzero(info["action_mask"])
            _, reward, terminated, _, info = e.step(int(legal[-1]))
            assert not info["illegal_action"]
        assert e.state is not None
        assert e.state.is_over
        assert reward == e.state.payoffs[0] / 20
    assert seen


def test_gymnasium_illegal_action_times_out() -> None:
    e = HolecardEnv("razz", 2, opponents="calling_station")
    _, info = e.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, _, _, _, info = e.step(illegal)
    assert info["illegal_action"]
    assert e.state is not None
    assert e.state.history[-1].kind != "fold" or e.state.is_over


def test_gymnasium_refuses_bad_opponents() -> None:
    with pytest.raises(ConfigurationError, match="bot"):
        HolecardEnv("razz", 2, opponents="shark")
    with pytest.raises(ConfigurationError, match="opponents"):
        HolecardEnv("razz", 3, opponents=["random"])
