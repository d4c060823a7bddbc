"""Paired benchmark of ``import holecard``: fresh interpreters, against two baselines.

Run with ``make bench`` (or ``python benches/python/bench_import.py``). Each round starts,
in an order reversed every other round, a fresh interpreter for each of:

* ``python -c pass`` (the interpreter's own start-up),
* ``python -c "import json"`` (a small standard-library package, for scale),
* ``python -c "import holecard"``,
* ``import holecard`` plus the modules it now loads on first use (``holecard.events``,
  ``holecard._simulate``, ``tomllib``, ``secrets``): what it cost before deferring them,
and reads the import's own time from ``-X importtime`` (the cumulative microseconds of the
top-level ``holecard`` or ``json`` entry), besides each process's wall-clock time. Reported:
medians over the rounds, the median per-round difference of wall-clock time to ``python -c
pass`` (what the import adds to a program's start), and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

#: name -> (code run by ``python -c``, the top-level module whose import time is read)
RUNS: dict[str, tuple[str, str | None]] = {
    "python -c pass": ("pass", None),
    "import json": ("import json", "json"),
    "import holecard": ("import holecard", "holecard"),
    # What `import holecard` loaded before it deferred them (for the before/after figure).
    "... + deferred": (
        "import holecard, holecard.events, holecard._simulate, tomllib, secrets",
        None,
    ),
}


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run_once(code: str, module: str | None) -> tuple[float, float | None]:
    """Wall-clock milliseconds of a fresh ``python -X importtime -c code``, and the
    import time of ``module`` in milliseconds as ``-X importtime`` reports it."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    wall = (time.perf_counter() - start) * 1e3
    if module is None:
        return wall, None
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[2].rstrip() == f" {module}":
            return wall, int(parts[1]) / 1e3
    raise RuntimeError(f"no import time for {module} in:\n{done.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15, help="paired rounds (at least 5)")
    args = parser.parse_args()
    if args.rounds < 5:
        parser.error("--rounds must be at least 5")
    names = list(RUNS)
    for code, module in RUNS.values():  # warm the file cache and the bytecode caches
        run_once(code, module)
    before = loadavg()
    wall: dict[str, list[float]] = {name: [] for name in names}
    imported: dict[str, list[float]] = {name: [] for name in names}
    for r in range(args.rounds):
        for name in names if r % 2 == 0 else reversed(names):
            w, t = run_once(*RUNS[name])
            wall[name].append(w)
            if t is not None:
                imported[name].append(t)
    print(f"\nimport time: {args.rounds} paired rounds, load average {before} -> {loadavg()}")
    print("ms, median over the rounds; added: median per-round wall-clock difference to `pass`")
    print(f"{'':<18} {'-X importtime':>14} {'process wall':>13} {'added':>8}")
    base = wall["python -c pass"]
    for name in names:
        own = f"{statistics.median(imported[name]):14.1f}" if imported[name] else f"{'-':>14}"
        added = statistics.median(w - b for w, b in zip(wall[name], base, strict=True))
        print(f"{name:<18} {own} {statistics.median(wall[name]):13.1f} {added:8.1f}")
    pairs = zip(imported["import holecard"], imported["import json"], strict=True)
    ratio = statistics.median(h / j for h, j in pairs)
    print(f"import holecard / import json (-X importtime, per-round median): {ratio:.1f}x")


if __name__ == "__main__":
    main()
