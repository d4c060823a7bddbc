"""Gymnasium environments: one seat against built-in bots (``pip install 'holecard[rl]'``).

Importing this module registers ``holecard/Soko-v0``, ``holecard/SevenCardStud-v0``,
``holecard/SevenCardStudHiLo-v0``, ``holecard/Razz-v0`` and
``holecard/DeuceSevenTripleDraw-v0`` (:class:`HolecardEnv` of that game). Observations are
the learner's ``float32`` observation of :class:`holecard.agents.Encoding`, actions its
slots, and ``info["action_mask"]`` the legal slots (``int8``); the reward is the learner's
result in big bets when the hand ends.

>>> import gymnasium
>>> import holecard.gymnasium
>>> env = gymnasium.make("holecard/Razz-v0", opponents="calling_station")
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape, info["action_mask"].tolist()
(True, [0, 0, 0, 1, 1, 0, 0])
>>> terminated = False
>>> while not terminated:
...     action = int(info["action_mask"].nonzero()[0][-1])
...     obs, reward, terminated, truncated, info = env.step(action)
>>> isinstance(reward, float)
True
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from holecard import _core
from holecard._enums import Game
from holecard.agents import (
    DEFAULT_GAME,
    Bot,
    Encoding,
    Episode,
    episode_hands,
    episode_stacks,
    observation_bound,
)
from holecard.exceptions import ArgumentTypeError, ConfigurationError, IllegalActionError
from holecard.games import GAME_CLASSES, Move, State, game_class

__all__ = ["ENV_IDS", "MAX_DEALS", "HolecardEnv"]

#: Episodes :meth:`HolecardEnv.reset` deals in a row, at most, looking for one in which the
#: learner has a decision (a hand may end before he acts: the others fold, or he is all in
#: on the ante); when none has, the stacks leave him none.
MAX_DEALS = 1000

#: A policy for the other seats: the move of the player to act.
Policy = Callable[[State], Move]


class HolecardEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a holecard game against built-in bots or any policy.

    ``opponents`` is a built-in bot's name (any of ``holecard.BOTS``, as in ``simulate``), a
    callable ``policy(state) -> Move``, or a list of either, one per other seat. An episode
    is one hand, or with ``hands=k`` up to ``k`` hands of a :class:`holecard.Table` (the
    learner's result of each hand is the reward of the step that ends it; the episode ends
    early when a seat has no chips). A slot that is not legal (a sampled
    action) plays the engine's time-out instead (check or fold; stand pat), and
    ``info["illegal_action"]`` says so.
    """

    # Gymnasium declares metadata as a dict on its base class.
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str = DEFAULT_GAME,
        players: int = 2,
        *,
        seat: int = 0,
        opponents: str | Policy | Sequence[str | Policy] = "random",
        stacks: Sequence[int] | None = None,
        hands: int = 1,
        render_mode: str | None = None,
        **table: object,
    ) -> None:
        """Builds the environment.

        Args:
            game: the game id.
            players: the number of seats.
            seat: the learner's seat.
            opponents: a bot name or policy for every other seat, or one per other seat.
            stacks: chips per seat at the start of an episode (default
                ``holecard.agents.DEFAULT_STACK_BIG_BETS`` big bets each).
            hands: hands per episode.
            render_mode: ``None`` or ``"ansi"`` (``render()`` returns the learner's view).
            **table: ``betting``, stakes and rule options, as the game class takes them.

        Raises:
            ConfigurationError: a bad table, seat, stacks, hands, bot name or render mode.
            ArgumentTypeError: a seat, stacks or hands that are not whole numbers, or an
                opponent that is neither a bot name nor callable.
        """
        self._table = game_class(game).ten_twenty(**table)
        self.encoding = Encoding(self._table, players=players)
        players = self.encoding.players
        seat = _core._whole_number(seat, "seat", 0, players - 1)
        if isinstance(opponents, str) or callable(opponents):
            others = [opponents] * (players - 1)
        elif isinstance(opponents, Iterable):
            others = list(opponents)
        else:
            raise ArgumentTypeError(
                "opponents must be a bot name, a policy, or a sequence of them, "
                f"got {type(opponents).__name__} {opponents!r}"
            )
        if len(others) != players - 1:
            raise ConfigurationError(
                f"opponents must have {players - 1} entries, got {len(others)}"
            )
        self._opponents: list[Bot | Policy] = []
        for o in others:
            if isinstance(o, str):
                self._opponents.append(Bot(o, self._table))
            elif callable(o):
                self._opponents.append(o)
            else:
                raise ArgumentTypeError(f"an opponent must be a bot name or callable, got {o!r}")
        self._opponents.insert(seat, self._opponents[0])  # the learner's slot, never used
        big_bet = self._table.stakes["big_bet"] or 1
        self._hands = episode_hands(hands)
        self._stacks = episode_stacks(big_bet, players, stacks)
        modes = self.metadata["render_modes"]
        if render_mode not in (None, *modes):
            listed = ", ".join(repr(m) for m in modes)
            raise ConfigurationError(f"render_mode must be None or {listed}, got {render_mode!r}")
        self.render_mode = render_mode
        self._seat, self._scale = seat, float(big_bet)
        self.observation_space = spaces.Box(
            0.0, observation_bound(self._stacks), self.encoding.observation_shape, np.float32
        )
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self._episode: Episode | None = None
        self._state: State | None = None
        self._seats: tuple[int, ...] = ()
        # Seeds the random bot's choices (seeded from np_random at every reset).
        self._bot_rng = random.Random()

    @property
    def state(self) -> State | None:
        """The hand in play."""
        return self._state

    def _me(self) -> int | None:
        """The learner's seat in the hand in play (None if he is out)."""
        return self._seats.index(self._seat) if self._seat in self._seats else None

    def _show(self, episode: Episode) -> None:
        self._state, self._seats = episode.state, episode.seats

    def _opponents_act(self) -> None:
        """Plays the other seats until the learner must act or the hand is over."""
        state = self._state
        assert state is not None
        seats, opponents, rng = self._seats, self._opponents, self._bot_rng
        actor = state.actor
        while actor is not None and seats[actor] != self._seat:
            who = opponents[seats[actor]]
            if isinstance(who, Bot):
                who.play(state, rng.getrandbits(63))
            else:
                state.apply(who(state))
            actor = state.actor

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        state, me = self._state, self._me()
        assert state is not None
        # Fresh arrays every step: a learner may keep what it was given.
        if me is None:
            obs = np.zeros(self.encoding.observation_shape, np.float32)
        else:
            obs = self.encoding.observation(state, me)
        if me is not None and state.actor == me:
            mask = self.encoding.action_mask(state)
        else:
            mask = np.zeros(self.encoding.num_actions, np.int8)
        return obs, {"action_mask": mask}

    def _result(self) -> float:
        """The learner's result of the finished hand in play, in big bets."""
        state, me = self._state, self._me()
        assert state is not None
        return 0.0 if me is None else state.payoffs[me] / self._scale

    def _advance(self) -> tuple[float, bool]:
        """Runs the other seats, and the next hands while the learner does not act."""
        reward = 0.0
        episode = self._episode
        assert episode is not None
        while True:
            self._opponents_act()
            if not episode.state.is_over:
                return reward, False
            reward += self._result()
            if not episode.next_hand():
                return reward, True
            self._show(episode)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Starts an episode; ``seed`` makes it (bots included) repeatable.

        Raises:
            ConfigurationError: the learner had no decision in :data:`MAX_DEALS` episodes
                dealt in a row (say, his stack goes all in on the ante).
        """
        super().reset(seed=seed)
        if seed is not None or self._episode is None:
            self._bot_rng.seed(int(self.np_random.integers(2**63)))
        # Deal anew while every hand of the episode ends before the learner acts.
        for _ in range(MAX_DEALS):
            self._episode = Episode(
                self._table, self._stacks, hands=self._hands, seed=self._bot_rng.getrandbits(63)
            )
            self._show(self._episode)
            _, done = self._advance()
            if not done:
                return self._observe()
        raise ConfigurationError(
            f"seat {self._seat} had no decision in {MAX_DEALS:,} episodes dealt in a row, "
            f"with stacks {list(self._stacks)}: every hand ends before it acts"
        )

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Plays slot ``action`` for the learner, then the other seats until he acts again."""
        state = self._state
        assert state is not None
        try:
            slot = operator.index(action)  # a whole number: 1.5 is not slot 1
        except TypeError:
            raise ArgumentTypeError(
                f"action must be a whole number (a slot), got {type(action).__name__} {action!r}"
            ) from None
        illegal = not 0 <= slot < self.encoding.num_actions
        if not illegal:
            try:
                self.encoding.play(state, slot)
            except IllegalActionError:
                illegal = True
        if illegal:
            state.timeout()
        reward, terminated = self._advance()
        obs, info = self._observe()
        info["illegal_action"] = illegal
        return obs, reward, terminated, False, info

    def render(self) -> str | None:
        """The learner's view as text (``render_mode="ansi"``)."""
        state, me = self._state, self._me()
        if self.render_mode != "ansi" or state is None or me is None:
            return None
        return self.encoding.observation_string(state, me)


#: The registered ids, by game.
ENV_IDS: dict[Game, str] = {
    game: f"holecard/{cls.__name__}-v0" for game, cls in GAME_CLASSES.items()
}

for _game, _id in ENV_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id, entry_point="holecard.gymnasium:HolecardEnv", kwargs={"game": _game.value}
        )
