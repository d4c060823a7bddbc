"""Check other people's poker code against holecard: engines and hand evaluators.

:func:`check_engine` plays random hands in your engine (through a small adapter,
:class:`EngineAdapter`) and in holecard's, comparing them after every step;
:func:`check_evaluator` compares the order your hand evaluator induces with holecard's.
:class:`PokerKitAdapter` runs PokerKit 0.7.7 through the kit, with the known differences
of :data:`POKERKIT_DIFFERENCES`. Hypothesis is optional: with it, reproductions are also
shrunk by hypothesis. Everything here is re-exported by :mod:`holecard.testing`.
"""

from holecard.conformance.engine import (
    Divergence,
    DivergenceKind,
    EngineAdapter,
    EngineReport,
    HolecardAdapter,
    KnownDifference,
    Observation,
    assert_engine_conforms,
    check_engine,
    illegal_moves,
    refused_amounts,
)
from holecard.conformance.evaluator import Better, EvaluatorReport, MisorderedPair, check_evaluator
from holecard.conformance.pokerkit_adapter import POKERKIT_DIFFERENCES, PokerKitAdapter

__all__ = [
    "POKERKIT_DIFFERENCES",
    "Better",
    "Divergence",
    "DivergenceKind",
    "EngineAdapter",
    "EngineReport",
    "EvaluatorReport",
    "HolecardAdapter",
    "KnownDifference",
    "MisorderedPair",
    "Observation",
    "PokerKitAdapter",
    "assert_engine_conforms",
    "check_engine",
    "check_evaluator",
    "illegal_moves",
    "refused_amounts",
]
