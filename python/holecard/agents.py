"""What learning agents are built on: actions, masks and tensors (:class:`Encoding`).

A fixed-size action space per game and betting structure, its legal-action mask and the
observation and information-state tensors of one seat, all computed in Rust.

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

from collections.abc import Sequence

from holecard._core import Bot, ChanceHand, Encoding
from holecard.exceptions import ConfigurationError

# episode_stacks and observation_bound serve the adapters (holecard.pettingzoo,
# holecard.gymnasium); they are not the module's API.
__all__ = ["DEFAULT_STACK_BIG_BETS", "Bot", "ChanceHand", "Encoding"]

#: Chips per seat of an environment's episode unless given, in big bets.
DEFAULT_STACK_BIG_BETS = 50


def episode_stacks(
    big_bet: int, players: int, stacks: Sequence[int] | None, hands: int
) -> list[int]:
    """The starting stacks of an environment's episodes, checked with its hand count.

    >>> episode_stacks(20, 2, None, 1)
    [1000, 1000]

    Raises:
        ConfigurationError: ``stacks`` of another length than ``players``, or ``hands`` < 1.
    """
    chips = list(stacks) if stacks is not None else [DEFAULT_STACK_BIG_BETS * big_bet] * players
    if len(chips) != players:
        raise ConfigurationError(f"stacks must have {players} entries, got {len(chips)}")
    if hands < 1:
        raise ConfigurationError(f"hands must be at least 1, got {hands}")
    return chips


def observation_bound(stacks: Sequence[int]) -> float:
    """The largest value any tensor entry can take at a table with these starting stacks.

    Chips are in big bets (at most the chips themselves), counts of raises cannot exceed
    the chips (each adds at least one), every other entry is at most 1.

    >>> observation_bound([100, 250])
    350.0
    """
    return float(max(1, sum(stacks)))
