"""The PettingZoo and Gymnasium adapters pass their frameworks' own checks for every game
(issue 14 items 4-5)."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import holecard.gymnasium
from holecard import ArgumentTypeError, ConfigurationError, Game, IllegalActionError, State
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


@pytest.mark.filterwarnings(*CLASSIC_STYLE)
def test_pettingzoo_hands_over_as_soon_as_dealt_are_paid_and_dealt_past() -> None:
    # Seat 0 all in on the ante: the one hand is over when dealt, the episode with it.
    e = env("razz", 2, stacks=[1, 1000])
    e.reset(seed=0)
    assert all(e.terminations.values())
    assert e.agent_selection == "player_0"
    assert e._cumulative_rewards == {"player_0": 0.05, "player_1": -0.05}
    for _agent in e.agent_iter():
        e.step(None)
    assert e.agents == []
    # Heads-up over many hands, someone is sooner or later all in on the ante: every
    # selected agent still has a legal slot, and the rewards stay zero-sum.
    for seed in range(40):
        e = env("razz", 2, stacks=[100, 100], hands=200)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        paid = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            paid[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            assert obs["action_mask"].any(), (seed, agent)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert sum(paid.values()) == pytest.approx(0.0)


def test_pettingzoo_hand_in_play_leaves_the_global_state_to_pettingzoo() -> None:
    e = raw_env("stud", 2)
    e.reset(seed=2)
    assert isinstance(e.game_state, State)
    assert not e.game_state.is_over
    with pytest.raises(NotImplementedError):
        e.state()


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


# Arguments of the wrong type are named, as a holecard ArgumentTypeError (also a
# TypeError and a ValueError), never a bare TypeError from inside the constructor.
WRONG_TYPES = [
    ({"hands": "3"}, "hands must be a whole number from 1"),
    ({"hands": 2.5}, "hands must be a whole number from 1"),
    ({"stacks": 100}, "stacks must be a sequence of chip counts"),
    ({"stacks": "100"}, "stacks must be a sequence of chip counts"),
    ({"stacks": [100, 1.5]}, r"stacks\[1\] must be a whole number"),
]
BAD_VALUES = [
    ({"hands": 0}, "hands must be a whole number from 1"),
    ({"stacks": [100, 0]}, r"stacks\[1\] must be a whole number from 1"),
    ({"stacks": [100]}, "stacks must have 2 entries, got 1"),
]


@pytest.mark.parametrize(("kwargs", "message"), WRONG_TYPES)
def test_both_adapters_name_arguments_of_the_wrong_type(
    kwargs: dict[str, Any], message: str
) -> None:
    for make in (HolecardEnv, raw_env):
        with pytest.raises(ArgumentTypeError, match=message):
            make("razz", 2, **kwargs)


@pytest.mark.parametrize(("kwargs", "message"), BAD_VALUES)
def test_both_adapters_name_bad_values(kwargs: dict[str, Any], message: str) -> None:
    for make in (HolecardEnv, raw_env):
        with pytest.raises(ConfigurationError, match=message):
            make("razz", 2, **kwargs)


def test_gymnasium_names_a_bad_seat_or_opponents() -> None:
    with pytest.raises(ArgumentTypeError, match="seat must be a whole number from 0 to 1"):
        HolecardEnv("razz", 2, seat="0")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="seat must be a whole number from 0 to 2, got 3"):
        HolecardEnv("razz", 3, seat=3)
    with pytest.raises(ArgumentTypeError, match="opponents must be a bot name, a policy"):
        HolecardEnv("razz", 2, opponents=5)  # type: ignore[arg-type]


def test_gymnasium_refuses_stacks_that_leave_the_learner_no_decision() -> None:
    e = gymnasium.make("holecard/Razz-v0", players=3, stacks=[1, 1000, 1000])
    with pytest.raises(ConfigurationError, match="seat 0 had no decision in 1,000 episodes"):
        e.reset(seed=0)
    # Another seat with the short stack leaves the learner his decisions.
    _, info = gymnasium.make("holecard/Razz-v0", players=3, stacks=[1000, 1, 1000]).reset(seed=0)
    assert info["action_mask"].any()


def test_gymnasium_steps_share_no_arrays() -> None:
    # Gymnasium's own checker (wrapped by make) warns when two steps' infos share an object.
    e = gymnasium.make("holecard/Razz-v0")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        seen = []
        for seed in (0, 1, 2):
            _, info = e.reset(seed=seed)
            seen.append(info["action_mask"])
            _, _, _, _, info = e.step(0)
            seen.append(info["action_mask"])
    assert len({id(a) for a in seen}) == len(seen)


def test_gymnasium_actions_are_whole_numbers() -> None:
    e = HolecardEnv("razz", opponents="calling_station")
    _, info = e.reset(seed=3)
    slot = int(info["action_mask"].nonzero()[0][-1])
    for bad in (None, 1.5, "3"):
        with pytest.raises(ArgumentTypeError, match="action must be a whole number"):
            e.step(bad)  # type: ignore[arg-type]
    _, _, _, _, info = e.step(np.int64(slot))  # a NumPy integer is a slot
    assert info["illegal_action"] is False
