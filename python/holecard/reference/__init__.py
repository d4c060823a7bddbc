"""The pure-Python reference implementation (oracle) of holecard, written from docs/rules.md.

Slow and obviously correct; it shares no code or tables with the Rust core.
"""

from holecard.reference.evaluators import (
    RANKINGS,
    RefValue,
    bring_in_order,
    evaluate,
    evaluate_ace_five,
    evaluate_deuce_seven,
    evaluate_high,
    evaluate_low8,
    evaluate_showing,
    evaluate_soko,
)

__all__ = [
    "RANKINGS",
    "RefValue",
    "bring_in_order",
    "evaluate",
    "evaluate_ace_five",
    "evaluate_deuce_seven",
    "evaluate_high",
    "evaluate_low8",
    "evaluate_showing",
    "evaluate_soko",
]

#: Submodules reachable as attributes of the package without importing them first
#: (``phh.replay(engine=holecard.reference.engine)``), loaded on first use.
_SUBMODULES = ("cards", "engine", "options", "pots", "values")


def __getattr__(name: str) -> object:
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
