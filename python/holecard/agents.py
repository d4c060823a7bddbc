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

from holecard._core import Encoding

__all__ = ["Encoding"]
