"""Executor benchmark (docs/scaling.md): what running simulate and equity in chunks costs.

Measured, as medians of ``--repeats`` runs alternating in-process and Ray so that drift in
the machine's speed hits both alike:

* the per-chunk overhead: a run of one-hand chunks on a Ray cluster and on a process pool
  of one worker, divided by the number of chunks;
* the same job in this process on 1 (2) threads and through Ray on a local cluster of 1 (2)
  CPUs, chunk sizes as holecard picks them: six-handed stud with strength bots, and a
  Monte Carlo stud equity; the slowdown of Ray against in-process.

Run with ``python benches/python/bench_scale.py`` (``--hands``, ``--samples``,
``--repeats``); it needs ``holecard[ray]``.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import statistics
import time
from collections.abc import Callable

import ray

from holecard import equity, simulate

SIM = {"players": 6, "bots": "strength", "seed": 1}
HANDS = ["As Ah", "Kd Kc", "Qs Qh"]
CHUNKS = 300


def timed(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def median_pair(
    a: Callable[[], object], b: Callable[[], object], repeats: int
) -> tuple[float, float]:
    ta, tb = [], []
    for _ in range(repeats):
        ta.append(timed(a))
        tb.append(timed(b))
    return statistics.median(ta), statistics.median(tb)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--samples", type=int, default=100_000_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    for cpus in (1, 2):
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        simulate("stud", hands=10_000, executor="ray", **SIM)  # workers started
        if cpus == 1:
            per_chunk = timed(
                lambda: simulate("stud", hands=CHUNKS, executor="ray", chunk_size=1, **SIM)
            )
            print(f"Ray, 1 CPU: {1000 * per_chunk / CHUNKS:.2f} ms per chunk")
            with cf.ProcessPoolExecutor(1) as pool:
                simulate("stud", hands=10, executor=pool, **SIM)
                per_chunk = timed(
                    lambda: simulate("stud", hands=CHUNKS, executor=pool, chunk_size=1, **SIM)
                )
            print(f"process pool, 1 worker: {1000 * per_chunk / CHUNKS:.2f} ms per chunk")
        jobs: dict[str, Callable[[dict[str, object]], object]] = {
            f"simulate stud 6-max, {args.hands:,} hands": lambda kw: simulate(
                "stud", hands=args.hands, **SIM, **kw
            ),
            f"equity stud 3-way Monte Carlo, {args.samples:,} samples": lambda kw: equity(
                "stud", HANDS, samples=args.samples, seed=1, **kw
            ),
        }
        for name, job in jobs.items():
            local, on_ray = median_pair(
                lambda job=job, cpus=cpus: job({"threads": cpus}),
                lambda job=job: job({"executor": "ray"}),
                args.repeats,
            )
            print(
                f"{name}: in-process {cpus} thread(s) {local:.2f} s, Ray {cpus} CPU(s) "
                f"{on_ray:.2f} s ({100 * (on_ray / local - 1):+.1f} %)"
            )
        ray.shutdown()


if __name__ == "__main__":
    main()
