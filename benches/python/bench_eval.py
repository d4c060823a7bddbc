"""Evaluator benchmarks: holecard against the peers a user would pick instead.

Run with ``make bench`` (or ``python benches/python/bench_eval.py``). Every library
evaluates the same random hands in the same run, in paired rounds: each round times every
contender once, in an order reversed every other round, so that a machine whose speed
drifts slows all of them alike. Reported: the median over the rounds in nanoseconds per
hand by the wall clock and by the process's CPU time (less inflated on a busy machine;
for the all-cores batch it adds up both threads), the median of the per-round ratios to
holecard, and the load average before and after. Peers that are not installed are
skipped (``pip install phevaluator eval7 pokerkit==0.7.7``). OMPEval (C++) is compared by
``benches/ompeval/bench_ompeval.py``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import timeit
from collections.abc import Callable

import numpy as np

import holecard
from holecard import Card, batch

#: name -> (run, hands evaluated by one run)
Runs = dict[str, tuple[Callable[[], object], int]]


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def paired(title: str, runs: Runs, rounds: int, base: str) -> dict[str, list[float]]:
    """Times ``runs`` in paired rounds and prints the medians.

    Each run is timed by the wall clock and by the process's CPU time (which a busy
    machine inflates less: time spent waiting for a core is not counted). Returns the
    CPU-time samples in ns/hand.
    """
    names = list(runs)
    for run, _ in runs.values():  # warm up: tables, caches
        run()
    before = loadavg()
    wall: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        for name in names if r % 2 == 0 else reversed(names):
            run, hands = runs[name]
            start, start_cpu = time.perf_counter(), time.process_time()
            run()
            cpu[name].append((time.process_time() - start_cpu) / hands * 1e9)
            wall[name].append((time.perf_counter() - start) / hands * 1e9)
    print(f"\n{title}: {rounds} paired rounds, load average {before} -> {loadavg()}")
    print(f"ns/hand, median over the rounds; ratio: median of the per-round ratios to {base}")
    print(f"{'':<56} {'wall':>10} {'CPU':>10} {'ratio wall':>11} {'ratio CPU':>10}")
    for name in names:
        w, c = wall[name], cpu[name]
        rw = [x / b for x, b in zip(w, wall[base], strict=True)]
        rc = [x / b for x, b in zip(c, cpu[base], strict=True)]
        print(
            f"{name:<56} {statistics.median(w):10.1f} {statistics.median(c):10.1f} "
            f"{statistics.median(rw):10.2f}x {statistics.median(rc):9.2f}x",
            flush=True,
        )
    return cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands per batch run")
    parser.add_argument("--calls", type=int, default=200_000, help="hands per per-call run")
    parser.add_argument("--rounds", type=int, default=15, help="paired rounds (at least 5)")
    args = parser.parse_args()
    if args.rounds < 5:
        parser.error("--rounds must be at least 5")

    rng = np.random.default_rng(2024)
    seven = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7].astype(np.uint8)
    five = np.ascontiguousarray(seven[:, :5])
    calls = seven[: args.calls]
    card_lists = [[Card.from_index(int(i)) for i in row] for row in calls]
    strings = [[str(c) for c in row] for row in card_lists]
    ints = [[int(i) for i in row] for row in calls]

    # Batch (NumPy in, strengths out): holecard only, paired among themselves.
    out = np.empty(len(seven), dtype=np.uint32)
    n = args.hands
    batch_runs: Runs = {
        "holecard batch.evaluate_high 7 cards, 1 thread": (
            lambda: batch.evaluate_high(seven, threads=1),
            n,
        ),
        "holecard batch.evaluate_high 7 cards, 1 thread, out=": (
            lambda: batch.evaluate_high(seven, threads=1, out=out),
            n,
        ),
        "holecard batch.evaluate_high 7 cards, all cores": (
            lambda: batch.evaluate_high(seven),
            n,
        ),
    }
    for name, hands in [
        ("evaluate_ace_five", seven),
        ("evaluate_low8", seven),
        ("evaluate_soko", five),
        ("evaluate_deuce_seven", five),
    ]:
        f = getattr(batch, name)
        batch_runs[f"holecard batch.{name} {hands.shape[1]} cards, 1 thread"] = (
            lambda f=f, h=hands: f(h, threads=1),
            n,
        )
    batch_base = "holecard batch.evaluate_high 7 cards, 1 thread"
    paired("batch", batch_runs, args.rounds, batch_base)

    # One call per hand from Python, every library in the same rounds, with holecard's
    # batch in them too so that the ratios to it are paired as well.
    ev = holecard.evaluate_high
    c = args.calls
    per_call: Runs = {
        batch_base: batch_runs[batch_base],
        "holecard evaluate_high(list of 7 Card)": (lambda: [ev(h) for h in card_lists], c),
    }
    try:
        from phevaluator import _pheval, evaluate_7cards, evaluate_cards

        fast = _pheval.evaluate_7cards
        per_call["phevaluator evaluate_cards(7 ints)"] = (
            lambda: [evaluate_cards(*h) for h in ints],
            c,
        )
        per_call["phevaluator evaluate_7cards(7 ints)"] = (
            lambda: [evaluate_7cards(*h) for h in ints],
            c,
        )
        per_call["phevaluator private _pheval.evaluate_7cards(7 ints)"] = (
            lambda: [fast(*h) for h in ints],
            c,
        )
    except ImportError:
        print("phevaluator not installed: skipped")
    try:
        import eval7

        e7 = [[eval7.Card(s) for s in row] for row in strings]
        per_call["eval7 evaluate(list of 7 Card)"] = (lambda: [eval7.evaluate(h) for h in e7], c)
    except ImportError:
        print("eval7 not installed: skipped")
    try:
        from pokerkit import StandardHighHand

        few = max(c // 100, 1000)
        texts = ["".join(row) for row in strings[:few]]
        per_call["pokerkit StandardHighHand.from_game(7 cards)"] = (
            lambda: [StandardHighHand.from_game(t) for t in texts],
            few,
        )
    except ImportError:
        print("pokerkit not installed: skipped")
    base = "holecard evaluate_high(list of 7 Card)"
    samples = paired("one call per hand", per_call, args.rounds, base)

    one_hand_timeit(args.rounds)

    print(
        "\nthe same rounds, CPU time: ratio to holecard's 1-thread 7-card batch (per-round median)"
    )
    for name, s in samples.items():
        ratios = [x / b for x, b in zip(s, samples[batch_base], strict=True)]
        print(f"{name:<56} {statistics.median(ratios):10.0f}x")


def one_hand_timeit(rounds: int) -> None:
    """``evaluate_high`` of one 7-card hand by ``timeit``, paired with the interpreter's
    floor for a call (``len`` of the same list): medians of per-round minimums."""
    cards = list(holecard.parse_cards("2c 7d 9h Js Kc 4d 3h"))
    calls = {
        "holecard evaluate_high(list of 7 Card)": (holecard.evaluate_high, cards),
        "holecard evaluate_high(tuple of 7 Card)": (holecard.evaluate_high, tuple(cards)),
        "len(list of 7 Card) (the floor of a call)": (len, cards),
    }
    number = 20_000
    best: dict[str, list[float]] = {name: [] for name in calls}
    before = loadavg()
    for r in range(max(rounds, 15)):
        for name in calls if r % 2 == 0 else reversed(list(calls)):
            f, arg = calls[name]
            context = {"f": f, "arg": arg}
            times = timeit.repeat("f(arg)", globals=context, number=number, repeat=5)
            best[name].append(min(times) / number * 1e9)
    print(f"\none hand by timeit: load average {before} -> {loadavg()}")
    print("ns per call: median over the rounds of each round's best of 5 x 20,000 calls")
    for name, samples in best.items():
        print(f"{name:<56} {statistics.median(samples):10.1f}")


if __name__ == "__main__":
    main()
