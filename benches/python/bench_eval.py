"""Evaluator benchmarks: holecard against the peers a user would pick instead.

Run with ``make bench`` (or ``python benches/python/bench_eval.py``). Every library
evaluates the same random hands in the same run; each timing is the median of several
repeats, reported in nanoseconds per hand, with the ratio to holecard. Peers that are not
installed are skipped (``pip install phevaluator eval7 pokerkit==0.7.7``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

import holecard
from holecard import Card, batch


def timed(run: Callable[[], object], hands: int, repeats: int) -> float:
    """Median nanoseconds per hand of ``run`` (which evaluates ``hands`` hands)."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) / hands * 1e9)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands per batch run")
    parser.add_argument("--calls", type=int, default=200_000, help="hands per per-call run")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()

    rng = np.random.default_rng(2024)
    seven = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7].astype(np.uint8)
    five = np.ascontiguousarray(seven[:, :5])
    calls = seven[: args.calls]
    card_lists = [[Card.from_index(int(i)) for i in row] for row in calls]
    strings = [[str(c) for c in row] for row in card_lists]
    results: list[tuple[str, float]] = []

    def add(name: str, ns: float) -> None:
        results.append((name, ns))
        print(f"{name:<52} {ns:10.1f} ns/hand", flush=True)

    # Batch (NumPy in, strengths out).
    add(
        "holecard batch.evaluate_high 7 cards, 1 thread",
        timed(lambda: batch.evaluate_high(seven, threads=1), args.hands, args.repeats),
    )
    out = np.empty(len(seven), dtype=np.uint32)
    add(
        "holecard batch.evaluate_high 7 cards, 1 thread, out=",
        timed(lambda: batch.evaluate_high(seven, threads=1, out=out), args.hands, args.repeats),
    )
    add(
        "holecard batch.evaluate_high 7 cards, all cores",
        timed(lambda: batch.evaluate_high(seven), args.hands, args.repeats),
    )
    for name, hands in [
        ("evaluate_ace_five", seven),
        ("evaluate_low8", seven),
        ("evaluate_soko", five),
        ("evaluate_deuce_seven", five),
    ]:
        f = getattr(batch, name)
        add(
            f"holecard batch.{name} {hands.shape[1]} cards, 1 thread",
            timed(lambda f=f, h=hands: f(h, threads=1), args.hands, args.repeats),
        )

    # One call per hand from Python.
    ev = holecard.evaluate_high
    add(
        "holecard evaluate_high(list of 7 Card), per call",
        timed(lambda: [ev(h) for h in card_lists], args.calls, args.repeats),
    )
    try:
        from phevaluator import evaluate_cards

        ints = [[int(i) for i in row] for row in calls]
        add(
            "phevaluator evaluate_cards(7 ints), per call",
            timed(lambda: [evaluate_cards(*h) for h in ints], args.calls, args.repeats),
        )
    except ImportError:
        print("phevaluator not installed: skipped")
    try:
        import eval7

        e7 = [[eval7.Card(s) for s in row] for row in strings]
        add(
            "eval7 evaluate(list of 7 Card), per call",
            timed(lambda: [eval7.evaluate(h) for h in e7], args.calls, args.repeats),
        )
    except ImportError:
        print("eval7 not installed: skipped")
    try:
        from pokerkit import StandardHighHand

        few = max(args.calls // 100, 1000)
        texts = ["".join(row) for row in strings[:few]]
        add(
            "pokerkit StandardHighHand.from_game(7 cards), per call",
            timed(lambda: [StandardHighHand.from_game(t) for t in texts], few, 3),
        )
    except ImportError:
        print("pokerkit not installed: skipped")

    base = dict(results)["holecard batch.evaluate_high 7 cards, 1 thread"]
    print("\nratios to holecard's single-thread 7-card batch:")
    for name, ns in results:
        print(f"{name:<52} {ns / base:10.1f}x")


if __name__ == "__main__":
    main()
