"""``simulate`` throughput: six-handed fixed-limit stud hands per second on two threads.

Medians of ``--rounds`` runs per bot (at least five), with the load average noted, for the
README's Speed table; ``--sessions`` also times tournament-style sessions.

    python benches/python/bench_sim.py [--hands 200000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from holecard import Session, simulate


def _rate(bots: str, hands: int, threads: int) -> float:
    t = time.perf_counter()
    simulate("stud", players=6, hands=hands, bots=bots, seed=7, threads=threads)
    return hands / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for bots, hands in (
        ("strength", args.hands),
        ("random", args.hands),
        ("calling_station", args.hands),
        ("equity", max(1, args.hands // 100)),
    ):
        for threads in (1, 2):
            rates = [_rate(bots, hands, threads) for _ in range(args.rounds)]
            print(
                f"simulate stud 6-max fixed limit, {bots:16} {threads} thread(s): "
                f"{statistics.median(rates):>10,.0f} hands/s (median of {args.rounds})"
            )
    t = time.perf_counter()
    r = simulate(
        "stud", players=6, bots="strength", seed=7, stack=200, session=Session(count=2000)
    )
    dt = time.perf_counter() - t
    print(f"sessions: {r.sessions / dt:,.0f} sessions/s, {r.hands / dt:,.0f} hands/s (strength)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
