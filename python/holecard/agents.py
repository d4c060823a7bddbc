"""What learning agents are built on: actions, masks and tensors (:class:`Encoding`).

A fixed-size action space per game and betting structure, its legal-action mask and the
observation and information-state tensors of one seat, all computed in Rust. An
:class:`Encoding` (and a :class:`Bot`) is made for a game, ``Razz.ten_twenty()`` say, or
for a session of hands at one, :class:`holecard.Table`, as the game its next hand is dealt
at (``Table.game``).

The adapters for the agent frameworks use it: ``holecard.pettingzoo`` and
``holecard.gymnasium`` (``pip install 'holecard[rl]'``).

>>> from holecard import DeuceSevenTripleDraw
>>> from holecard.agents import Encoding
>>> table = DeuceSevenTripleDraw.ten_twenty()
>>> enc = Encoding(table, players=3)
>>> enc.num_actions, enc.action_labels[:6], enc.action_labels[-1]
(37, ('fold', 'check', 'call', 'bet_min', 'bet_max', 'stand_pat'), 'discard_11111')
>>> state = table.start([100, 100, 100], seed=4)
>>> [enc.action_labels[i] for i in enc.action_mask(state).nonzero()[0]]
['fold', 'call', 'bet_min']
"""

from collections.abc import Iterable, Sequence

from holecard import _core
from holecard._core import Bot, ChanceHand, Encoding
from holecard._table import Table
from holecard.exceptions import ArgumentTypeError, ConfigurationError
from holecard.games import State, _Game

# Episode, episode_stacks, episode_hands and observation_bound serve the adapters
# (holecard.pettingzoo, holecard.gymnasium); they are not the module's API.
__all__ = ["DEFAULT_GAME", "DEFAULT_STACK_BIG_BETS", "Bot", "ChanceHand", "Encoding"]

#: The game of an environment (PettingZoo, Gymnasium, OpenSpiel) unless given.
DEFAULT_GAME = "razz"

#: Chips per seat of an environment's episode unless given, in big bets (shorter than
#: ``simulate``'s sessions, ``holecard.simulate``: 100).
DEFAULT_STACK_BIG_BETS = 50


def episode_stacks(big_bet: int, players: int, stacks: Sequence[int] | None) -> list[int]:
    """The starting stacks of an environment's episodes, checked.

    >>> episode_stacks(20, 2, None)
    [1000, 1000]
    >>> episode_stacks(20, 2, [100, "100"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    holecard.exceptions.ArgumentTypeError: stacks[1] must be a whole number ..., got str '100'

    Raises:
        ArgumentTypeError: ``stacks`` that is not a sequence of whole numbers.
        ConfigurationError: ``stacks`` of another length than ``players``, or a stack
            below 1.
    """
    if stacks is None:
        return [DEFAULT_STACK_BIG_BETS * big_bet] * players
    # A str is iterable but never a list of chip counts.
    if isinstance(stacks, str | bytes) or not isinstance(stacks, Iterable):
        raise ArgumentTypeError(
            "stacks must be a sequence of chip counts, one per seat, "
            f"got {type(stacks).__name__} {stacks!r}"
        )
    chips = [_core._whole_number(s, f"stacks[{i}]", 1, 2**64 - 1) for i, s in enumerate(stacks)]
    if len(chips) != players:
        raise ConfigurationError(f"stacks must have {players} entries, got {len(chips)}")
    return chips


def episode_hands(hands: object) -> int:
    """An environment's hands per episode, checked: a whole number, at least 1.

    >>> episode_hands(3)
    3
    >>> episode_hands(2.5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    holecard.exceptions.ArgumentTypeError: hands must be a whole number ..., got float 2.5
    """
    return _core._whole_number(hands, "hands", 1, 2**64 - 1)


def observation_bound(stacks: Sequence[int]) -> float:
    """The largest value any tensor entry can take at a table with these starting stacks.

    Chips are in big bets (at most the chips themselves), counts of raises cannot exceed
    the chips (each adds at least one), every other entry is at most 1.

    >>> observation_bound([100, 250])
    350.0
    """
    return float(max(1, sum(stacks)))


class Episode:
    """The hands of one environment episode.

    One hand dealt from the table, or up to ``hands`` consecutive hands of a
    :class:`holecard.Table` (stacks carried, the dealer moving).
    ``state`` is the hand in play and ``seats`` the table seat of each of its seats.

    >>> from holecard import Razz
    >>> episode = Episode(Razz.ten_twenty(), [100, 100], hands=1, seed=3)
    >>> episode.seats, episode.state.actor is not None
    ((0, 1), True)
    """

    def __init__(self, table: _Game, stacks: list[int], *, hands: int, seed: int) -> None:
        self._table, self._stacks, self._seed = table, stacks, seed
        # A single hand needs no session: it is dealt straight from the table.
        self._session = Table(table, stacks, seed=seed, max_hands=hands) if hands > 1 else None
        self.seats: tuple[int, ...] = tuple(range(len(stacks)))
        self.state: State = self._deal()

    def _deal(self) -> State:
        if self._session is None:
            return self._table.start(self._stacks, seed=self._seed)
        self.seats = self._session.seating()
        return self._session.next_hand()

    @property
    def hand_count(self) -> int:
        """The hands finished so far."""
        return self._session.hand_count if self._session is not None else int(self.state.is_over)

    @property
    def stacks(self) -> list[int]:
        """Chips per table seat (before the hand in play, if it is not over)."""
        if self._session is not None:
            return self._session.stacks
        return self.state.stacks if self.state.is_over else list(self._stacks)

    def next_hand(self) -> bool:
        """After a finished hand, deals the next one; ``False`` when the episode is over.

        It is over when its hands are played or a seat has no chips (the tensors are sized
        for every seat).
        """
        if self._session is None or self._session.is_over or 0 in self._session.stacks:
            return False
        self.state = self._deal()
        return True
