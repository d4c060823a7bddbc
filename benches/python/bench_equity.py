"""Monte Carlo equity benchmark: holecard against poker-equity, one thread each.

Run with ``make bench`` (or ``python benches/python/bench_equity.py``; poker-equity is
``pip install poker-equity==0.1.1``). Both libraries sample the same three-way
third-street spots (three cards each, four to come: twelve cards dealt a sample) of
seven-card stud, stud hi/lo and razz on one thread, in paired rounds: each round times
both once, holecard first in even rounds and poker-equity first in odd ones, so that a
machine whose speed drifts slows both alike. Reported per game: samples per second
(median over the rounds) by the wall clock and by the process's CPU time (which time
spent waiting for a core does not inflate), the median of the per-round ratios, the
first player's equity from each library (they estimate the same number) and the load
average before and after.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from bench_eval import loadavg

import holecard

#: game -> (holecard's game id, poker-equity's variant key, the hands)
SPOTS = {
    "stud": ("stud", "stud", ["As Ah Kd", "Qc Jc Tc", "9s 9d 4h"]),
    "stud hi/lo": ("stud8", "stud_hi_lo", ["Ac 2d 3h", "5c 6d 7h", "Ks Kh Qd"]),
    "razz": ("razz", "razz", ["Ac 2d 3h", "5c 6d 7h", "Ks Kh Qd"]),
}


def contenders(game: str, samples: int, peer_samples: int) -> dict[str, Callable[[int], float]]:
    """Per library, a timed run from a seed (``samples`` for holecard, ``peer_samples`` for
    poker-equity), returning player 1's equity."""
    hid, variant, hands = SPOTS[game]
    runs: dict[str, Callable[[int], float]] = {
        "holecard": lambda seed: holecard.equity(
            hid, hands, samples=samples, seed=seed, threads=1
        ).shares[0]
    }
    try:
        import poker_equity
    except ImportError:
        print("poker-equity is not installed (pip install poker-equity==0.1.1): skipped")
        return runs
    compact = [h.replace(" ", "") for h in hands]

    def peer(seed: int) -> float:
        r = poker_equity.chunk_from_text(
            variant, compact, samples=peer_samples, seed=seed, threads=1
        )
        return float(r["players"][0]["equity"])

    runs["poker-equity"] = peer
    return runs


def main() -> None:
    """Times every spot and prints the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=11, help="paired rounds (at least 5)")
    parser.add_argument(
        "--samples", type=int, default=2_000_000, help="holecard's samples per timed run"
    )
    parser.add_argument(
        "--peer-samples", type=int, default=150_000, help="poker-equity's samples per timed run"
    )
    args = parser.parse_args()
    print(f"Monte Carlo equity, three-way third street, one thread: {args.rounds} paired rounds")
    print(f"{'':<26} {'M samples/s wall':>17} {'CPU':>8} {'ratio wall':>11} {'CPU':>6}  equity 1")
    for game in SPOTS:
        runs = contenders(game, args.samples, args.peer_samples)
        counts = {"holecard": args.samples, "poker-equity": args.peer_samples}
        for run in runs.values():  # warm up: tables, caches
            run(0)
        before = loadavg()
        wall: dict[str, list[float]] = {name: [] for name in runs}
        cpu: dict[str, list[float]] = {name: [] for name in runs}
        equities: dict[str, list[float]] = {name: [] for name in runs}
        names = list(runs)
        for r in range(args.rounds):
            for name in names if r % 2 == 0 else reversed(names):
                start, start_cpu = time.perf_counter(), time.process_time()
                equities[name].append(runs[name](r + 1))
                cpu[name].append(counts[name] / (time.process_time() - start_cpu) / 1e6)
                wall[name].append(counts[name] / (time.perf_counter() - start) / 1e6)
        print(f"{game}: load average {before} -> {loadavg()}")
        for name in names:
            ratio_w = statistics.median(
                h / p for h, p in zip(wall["holecard"], wall[name], strict=True)
            )
            ratio_c = statistics.median(
                h / p for h, p in zip(cpu["holecard"], cpu[name], strict=True)
            )
            print(
                f"  {name:<24} {statistics.median(wall[name]):>17.2f}"
                f" {statistics.median(cpu[name]):>8.2f} {ratio_w:>10.1f}x {ratio_c:>5.1f}x"
                f"  {statistics.fmean(equities[name]):.4f}"
            )


if __name__ == "__main__":
    main()
