"""PettingZoo AEC environments for every holecard game (``pip install 'holecard[rl]'``).

:func:`env` builds one in the style of PettingZoo's classic environments: agents
``player_0`` … ``player_{n-1}`` (the seats), observations
``{"observation": float32 Box, "action_mask": int8 Box}`` from
:class:`holecard.agents.Encoding`, ``Discrete`` actions over its slots, and rewards in big
bets when the hand ends (zero-sum). An episode is one hand, or with ``hands=k`` up to
``k`` consecutive hands of a :class:`holecard.Table` (stacks carried, the dealer moving),
each hand's rewards paid when it ends; the episode ends early when a seat has no chips.

>>> from holecard.pettingzoo import env
>>> e = env(game="razz", players=2)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["action_mask"].tolist()
('player_1', [0, 0, 0, 1, 1, 0, 0])
>>> while not all(e.terminations.values()):
...     mask = e.observe(e.agent_selection)["action_mask"]
...     e.step(int(mask.nonzero()[0][0]))
>>> sum(e._cumulative_rewards.values())
0.0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from holecard._enums import Game
from holecard.agents import (
    DEFAULT_GAME,
    Encoding,
    Episode,
    episode_hands,
    episode_stacks,
    observation_bound,
)
from holecard.exceptions import ConfigurationError
from holecard.games import State, game_class

__all__ = ["env", "raw_env"]

#: What ``render()`` can do: print the hand, or return it as text.
RENDER_MODES = ("human", "ansi")


# PettingZoo ships no type information, so its base class is Any to mypy.
class raw_env(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment of one holecard game (see the module documentation)."""

    # PettingZoo reads metadata as a dict of the class.
    metadata = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "holecard_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game | str = DEFAULT_GAME,
        players: int = 2,
        *,
        stacks: Sequence[int] | None = None,
        hands: int = 1,
        render_mode: str | None = None,
        **table: object,
    ) -> None:
        """Builds the environment.

        Args:
            game: the game id (``"razz"``, ``"stud"``, ``"stud8"``, ``"soko"``,
                ``"deuce_seven"``).
            players: the number of seats.
            stacks: chips per seat at the start of an episode (default
                ``holecard.agents.DEFAULT_STACK_BIG_BETS`` big bets each).
            hands: hands per episode (consecutive hands of a :class:`holecard.Table`).
            render_mode: ``None``, ``"human"`` (prints) or ``"ansi"`` (returns text).
            **table: the table: ``betting``, stakes and rule options, as the game class
                takes them (default ten-twenty stakes).

        Raises:
            ConfigurationError: an unknown game, a bad table, player count, stacks, hands or
                render mode.
            ArgumentTypeError: stacks or hands that are not whole numbers.
        """
        super().__init__()
        self._table = game_class(game).ten_twenty(**table)
        self.encoding = Encoding(self._table, players=players)
        players = self.encoding.players
        big_bet = self._table.stakes["big_bet"] or 1
        self._hands = episode_hands(hands)
        self._stacks = episode_stacks(big_bet, players, stacks)
        if render_mode not in (None, *RENDER_MODES):
            modes = ", ".join(repr(m) for m in RENDER_MODES)
            raise ConfigurationError(f"render_mode must be None or {modes}, got {render_mode!r}")
        self.render_mode = render_mode
        self._scale = float(big_bet)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.encoding.num_actions
        # What an agent sees out of the hand or out of turn (read-only: shared).
        self._no_observation = np.zeros(self.encoding.observation_shape, np.float32)
        self._no_mask = np.zeros(n, np.int8)
        self._no_observation.flags.writeable = False
        self._no_mask.flags.writeable = False
        obs = spaces.Box(
            0.0, observation_bound(self._stacks), self.encoding.observation_shape, np.float32
        )
        mask = spaces.Box(0, 1, (n,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": obs, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()
        self._episode: Episode | None = None
        #: The hand in play (``state()`` stays PettingZoo's global state, which this
        #: environment does not define).
        self.game_state: State | None = None
        self._seats: tuple[int, ...] = ()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def _settle(self) -> None:
        """Pays each finished hand and deals the next, until a seat acts or the episode ends.

        A hand may be over as soon as it is dealt: every seat but one all in on the antes
        or blinds.
        """
        episode = self._episode
        assert episode is not None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.game_state, self._seats = episode.state, episode.seats
        while self.game_state.is_over:
            for seat, won in zip(self._seats, self.game_state.payoffs, strict=True):
                self.rewards[self.possible_agents[seat]] += won / self._scale
            if not episode.next_hand():
                self.terminations = dict.fromkeys(self.agents, True)
                break
            self.game_state, self._seats = episode.state, episode.seats
        self._accumulate_rewards()
        actor = self.game_state.actor
        if actor is not None:
            self.agent_selection = self.possible_agents[self._seats[actor]]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts an episode (``seed`` makes it repeatable)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self._episode = Episode(
            self._table, self._stacks, hands=self._hands, seed=self._rng.getrandbits(63)
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` sees now; the mask is all zero when it is not his turn."""
        assert self.game_state is not None
        seat = self._agent_seat[agent]
        if seat in self._seats:
            obs = self.encoding.observation(self.game_state, self._seats.index(seat))
        else:
            obs = self._no_observation
        if agent == self.agent_selection and not self.terminations[agent]:
            mask = self.encoding.action_mask(self.game_state)
        else:
            mask = self._no_mask
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int) -> None:
        """Plays slot ``action`` for the agent to act.

        Raises:
            IllegalActionError: the slot is not legal now (the state is unchanged).
            IndexOutOfRangeError: no slot has that index (the state is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert state is not None
        self.encoding.play(state, int(action))
        self._cumulative_rewards[agent] = 0.0
        self._settle()

    def render(self) -> str | None:
        """The hand as text (``"ansi"`` returns it, ``"human"`` prints it)."""
        if self.game_state is None or self.render_mode is None:
            return None
        text = "\n".join(
            self.encoding.observation_string(self.game_state, s) for s in range(len(self._seats))
        )
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: Game | str = DEFAULT_GAME,
    players: int = 2,
    *,
    stacks: Sequence[int] | None = None,
    hands: int = 1,
    render_mode: str | None = None,
    **table: object,
) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` for ``players`` seats.

    It is wrapped as PettingZoo's classic environments are (actions in range, calls in
    order).

    ``stacks``, ``hands`` and ``render_mode`` are :class:`raw_env`'s; ``table`` is the
    table's ``betting``, stakes and rule options.
    """
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(
            raw_env(game, players, stacks=stacks, hands=hands, render_mode=render_mode, **table)
        )
    )
