"""Paired benchmark: holecard's 7-card batch against OMPEval (C++) on the same hands.

OMPEval is not vendored here. Point the script at an OMPEval source folder: a checkout of
OMPEval (its ``omp/`` folder is found) or any folder holding its ``HandEvaluator.cpp`` and
headers, such as ``src/omp_wrapper`` in the source distribution of the ``omp-wrapper``
package (``pip download --no-deps --no-binary :all: omp-wrapper``), whose evaluator files
are OMPEval's unchanged::

    OMPEVAL_SRC=/path/to/OMPEval make bench
    python benches/ompeval/bench_ompeval.py --src /path/to/OMPEval

The script compiles ``ompeval_driver.cpp`` (holecard's own driver, beside this file) with
OMPEval's ``HandEvaluator.cpp`` into a temporary shared library (``g++ -O3
-march=x86-64-v2``, the wheel's baseline), loads it with ctypes and times, in one process
on one NumPy array of random 7-card hands:

* OMPEval, each ``omp::Hand`` built inside the timed loop from a 52-entry table of
  per-card Hands (the fair driver: what a program holding card indices does);
* OMPEval on Hands combined before timing (a lower bound: the combining is not timed);
* holecard ``batch.evaluate_high(hands, threads=1)``, allocating its result, and with
  ``out=``; holecard also checks every row for bad and repeated cards, OMPEval does not;
* holecard with ``out=`` and ``validate=False`` (rows the caller vouches for, unchecked
  like OMPEval's).

Each round runs all five once, in an order reversed every other round; figures are medians
over the rounds by the wall clock and by the process's CPU time (which a busy machine
inflates less), ratios are medians of the per-round ratios, with the load average before
and after. It also checks that both evaluators order all the hands identically.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from holecard import batch

DRIVER = Path(__file__).with_name("ompeval_driver.cpp")
CXXFLAGS = ["-O3", "-march=x86-64-v2", "-std=c++11", "-shared", "-fPIC"]


def find_sources(src: Path) -> Path:
    """The folder under ``src`` that holds OMPEval's ``HandEvaluator.cpp``."""
    for folder in (src, src / "omp", src / "src" / "omp_wrapper"):
        if (folder / "HandEvaluator.cpp").is_file() and (folder / "Hand.h").is_file():
            return folder
    sys.exit(f"bench_ompeval: found no HandEvaluator.cpp and Hand.h of OMPEval in {src}")


def build(sources: Path, cxx: str, workdir: Path) -> ctypes.CDLL:
    """Compile the driver with OMPEval's evaluator and load it."""
    lib = workdir / "ompbench.so"
    command = [cxx, *CXXFLAGS, f"-I{sources}", str(DRIVER), str(sources / "HandEvaluator.cpp")]
    subprocess.run([*command, "-o", str(lib)], check=True)
    dll = ctypes.CDLL(str(lib))
    dll.ompbench_init.restype = None
    dll.ompbench_init.argtypes = []
    dll.ompbench_fair.restype = None
    dll.ompbench_fair.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    dll.ompbench_precombine.restype = ctypes.c_void_p
    dll.ompbench_precombine.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    dll.ompbench_precombined.restype = None
    dll.ompbench_precombined.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
    dll.ompbench_free.restype = None
    dll.ompbench_free.argtypes = [ctypes.c_void_p]
    return dll


def random_hands(n: int, seed: int) -> npt.NDArray[np.uint8]:
    """``n`` uniformly random 7-card hands (distinct cards in each row), in chunks."""
    rng = np.random.default_rng(seed)
    rows = []
    for start in range(0, n, 100_000):
        m = min(100_000, n - start)
        rows.append(np.argsort(rng.random((m, 52)), axis=1)[:, :7].astype(np.uint8))
    return np.ascontiguousarray(np.concatenate(rows))


def same_order(a: npt.NDArray[np.integer], b: npt.NDArray[np.integer]) -> bool:
    """Whether ``a`` and ``b`` rank every pair of hands alike (higher better in both)."""
    order = np.lexsort((b, a))
    da = np.diff(a[order].astype(np.int64))
    db = np.diff(b[order].astype(np.int64))
    return bool(np.array_equal(np.sign(da), np.sign(db)))


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--src",
        type=Path,
        default=os.environ.get("OMPEVAL_SRC") or None,
        help="OMPEval source folder (default: $OMPEVAL_SRC)",
    )
    parser.add_argument("--hands", type=int, default=250_000)
    # Many short rounds: the shared machine's speed jumps by up to half between seconds, and
    # a median of per-round ratios over 41 rounds settles where one over 7 long ones did not.
    parser.add_argument("--rounds", type=int, default=41, help="paired rounds (at least 5)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    args = parser.parse_args()
    if args.src is None:
        sys.exit("bench_ompeval: give --src PATH or set OMPEVAL_SRC to an OMPEval source folder")
    if args.rounds < 5:
        sys.exit("bench_ompeval: --rounds must be at least 5")
    if shutil.which(args.cxx) is None:
        sys.exit(f"bench_ompeval: no C++ compiler {args.cxx!r} (set CXX or --cxx)")

    sources = find_sources(args.src)
    compiler = subprocess.run(
        [args.cxx, "--version"], capture_output=True, text=True, check=True
    ).stdout.splitlines()[0]
    with tempfile.TemporaryDirectory(prefix="holecard-ompeval-") as tmp:
        dll = build(sources, args.cxx, Path(tmp))
        dll.ompbench_init()

        n = args.hands
        hands = random_hands(n, args.seed)
        cards = hands.ctypes.data
        omp_out = np.empty(n, dtype=np.uint16)
        pre_out = np.empty(n, dtype=np.uint16)
        hc_out = np.empty(n, dtype=np.uint32)
        combined = dll.ompbench_precombine(cards, n)
        if not combined:
            sys.exit("bench_ompeval: out of memory combining the hands")
        try:
            runs: dict[str, Callable[[], object]] = {
                "OMPEval, Hand built in the loop (fair driver)": lambda: dll.ompbench_fair(
                    cards, n, omp_out.ctypes.data
                ),
                "holecard batch.evaluate_high, 1 thread": lambda: batch.evaluate_high(
                    hands, threads=1
                ),
                "holecard batch.evaluate_high, 1 thread, out=": lambda: batch.evaluate_high(
                    hands, threads=1, out=hc_out
                ),
                "holecard ... out=, validate=False": lambda: batch.evaluate_high(
                    hands, threads=1, out=hc_out, validate=False
                ),
                "OMPEval, Hands combined before timing": lambda: dll.ompbench_precombined(
                    combined, n, pre_out.ctypes.data
                ),
            }
            names = list(runs)
            for run in runs.values():  # warm up: tables, page faults, caches
                run()
            load_before = loadavg()
            wall: dict[str, list[float]] = {name: [] for name in names}
            cpu: dict[str, list[float]] = {name: [] for name in names}
            for r in range(args.rounds):
                for name in names if r % 2 == 0 else reversed(names):
                    start, start_cpu = time.perf_counter(), time.process_time()
                    runs[name]()
                    cpu[name].append((time.process_time() - start_cpu) / n * 1e9)
                    wall[name].append((time.perf_counter() - start) / n * 1e9)
            load_after = loadavg()
        finally:
            dll.ompbench_free(combined)

    print(f"{n:,} random 7-card hands (seed {args.seed}), {args.rounds} paired rounds")
    print(f"CPU: {cpu_model()}, {os.cpu_count()} logical cores")
    print(f"OMPEval from {sources}, built with {compiler}: {' '.join(CXXFLAGS[:2])}")
    print(f"load average (1/5/15 min) before: {load_before}, after: {load_after}")
    for label, samples in (("wall-clock", wall), ("process CPU time", cpu)):
        report(label, samples, names[0])

    strengths = batch.evaluate_high(hands, threads=1)
    if not np.array_equal(omp_out, pre_out):
        sys.exit("bench_ompeval: OMPEval's two drivers disagree")
    if not same_order(strengths, omp_out):
        sys.exit("bench_ompeval: holecard and OMPEval order the hands differently")
    print(f"holecard and OMPEval order all {n:,} hands identically")


def report(label: str, samples: dict[str, list[float]], base: str) -> None:
    """Median, range and per-round ratio to ``base`` of each run's ns/hand."""
    print(f"\n{label}, ns/hand; ratio: median (range) of the per-round ratios to {base}")
    print(f"{'':<48} {'median':>8} {'min':>7} {'max':>7}   ratio")
    for name, s in samples.items():
        ratios = [x / b for x, b in zip(s, samples[base], strict=True)]
        print(
            f"{name:<48} {statistics.median(s):8.2f} {min(s):7.2f} {max(s):7.2f}   "
            f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})"
        )


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, where there is one."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown model"


if __name__ == "__main__":
    main()
