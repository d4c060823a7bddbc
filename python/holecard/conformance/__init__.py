"""Check other people's poker code against holecard: engines and hand evaluators.

:func:`check_engine` plays random hands in your engine (through a small adapter,
:class:`EngineAdapter`) and in holecard's, comparing them after every step;
:func:`check_evaluator` compares the order your hand evaluator induces with holecard's.
:class:`PokerKitAdapter` runs PokerKit 0.7.7 through the kit, with the known differences
of :data:`POKERKIT_DIFFERENCES`; :class:`ReferenceAdapter` runs holecard's pure-Python
reference engine; :func:`typed_options` gives an adapter a game's rule options as typed
values. Hypothesis is optional: with it, reproductions are also
shrunk by hypothesis. Everything here is re-exported by :mod:`holecard.testing`.
"""

from holecard.conformance.engine import (
    DEFAULT_HANDS,
    OBSERVABLES,
    RULE_CLASSES,
    Divergence,
    DivergenceKind,
    EngineAdapter,
    EngineReport,
    HolecardAdapter,
    KnownDifference,
    Observation,
    ReferenceAdapter,
    assert_engine_conforms,
    check_engine,
    illegal_moves,
    mixed_stacks,
    refused_amounts,
    typed_options,
)
from holecard.conformance.evaluator import Better, EvaluatorReport, MisorderedPair, check_evaluator
from holecard.conformance.pokerkit_adapter import POKERKIT_DIFFERENCES, PokerKitAdapter

__all__ = [
    "DEFAULT_HANDS",
    "OBSERVABLES",
    "POKERKIT_DIFFERENCES",
    "RULE_CLASSES",
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
    "ReferenceAdapter",
    "assert_engine_conforms",
    "check_engine",
    "check_evaluator",
    "illegal_moves",
    "mixed_stacks",
    "refused_amounts",
    "typed_options",
]
