"""Smoke test of an installed holecard wheel, on the platform it was built for.

Run from outside the source tree (so that ``import holecard`` finds the installed copy)
with the path of a PHH hand to replay. It imports the package, runs every evaluator (one
at a time and in batches) on seeded hands, replays the hand, computes an exact and a
Monte Carlo equity and plays a short simulation, and prints the results as one JSON
object: the same on every platform, which tests/test_wheels_platforms.py checks by running
it under emulation and natively. The release workflow runs it on each wheel's own runner.
"""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path

import numpy as np

import holecard
from holecard import batch, phh

# Enough seeded hands to reach every category of every ranking, few enough for emulation.
HANDS = 300


def told(value: holecard.HandValue | None) -> str:
    """A value with its strength, the number hands are compared by."""
    return "none" if value is None else f"{value!r} {value.strength}"


def evaluations() -> dict[str, list[str]]:
    """Every evaluator's answer on the same seeded seven-, five- and four-card hands."""
    sevens = [holecard.Deck(seed=seed).deal(7) for seed in range(HANDS)]
    out: dict[str, list[str]] = {
        "high": [told(holecard.evaluate_high(h)) for h in sevens],
        "ace_five": [told(holecard.evaluate_ace_five(h)) for h in sevens],
        "low8": [told(holecard.evaluate_low8(h)) for h in sevens],
        "deuce_seven": [told(holecard.evaluate_deuce_seven(h)) for h in sevens],
        "soko": [told(holecard.evaluate_soko(h[:5])) for h in sevens],
        "showing": [told(holecard.evaluate_showing(h[:4], game="stud")) for h in sevens],
    }
    rows = np.array([[c.index for c in h] for h in sevens], dtype=np.uint8)
    for name in ("high", "ace_five", "low8", "deuce_seven"):
        out[f"batch_{name}"] = [str(s) for s in getattr(batch, f"evaluate_{name}")(rows)]
    five_rows = np.ascontiguousarray(rows[:, :5])
    out["batch_soko"] = [str(s) for s in batch.evaluate_soko(five_rows)]
    return out


def main() -> None:
    """Print the results as JSON; exit non-zero on a replay that does not match."""
    hand = phh.load(Path(sys.argv[1]))
    replayed = hand.replay()
    assert replayed.stacks == hand.finishing_stacks, (replayed.stacks, hand.finishing_stacks)
    exact = holecard.equity("stud", ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"])
    sampled = holecard.equity("razz", ["Ah 2c 3d", "Kd 5s 6h"], samples=2000, seed=1, threads=2)
    sim = holecard.simulate("razz", players=3, hands=200, bots="strength", seed=1, threads=2)
    record = {
        "version": holecard.__version__,
        "machine": platform.machine(),
        "module": holecard.__file__,
        "evaluations": evaluations(),
        "replay": replayed.stacks,
        "equity_exact": [exact.fractions, exact.outcomes],
        "equity_sampled": [sampled.fractions, sampled.outcomes],
        "simulate": repr(sim),
    }
    print(json.dumps(record, default=str))


if __name__ == "__main__":
    main()
