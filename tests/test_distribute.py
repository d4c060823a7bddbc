"""simulate and equity on executors (issue 16): a process pool, a local Ray cluster and a
Dask LocalCluster give the in-process result bit for bit, whatever the chunk size; a killed
Ray worker's chunk is rerun to the same result; Ctrl-C leaves no task running; an exact
enumeration too big for one machine is accepted, and its chunks check against an
independent count."""

from __future__ import annotations

import concurrent.futures as cf
import functools
import math
import operator
import os
import pickle
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from distributed import Client, LocalCluster

import holecard
from conftest import DASK_LOCAL
from holecard import _core, _distribute, equity, simulate
from holecard.cli import main

SIM: dict[str, Any] = {
    "players": 6,
    "bots": ["strength", "random", "calling_station"] * 2,
    "seed": 11,
}
STUD8 = ["As 2s 3d 4c 5h", "Kh Kd Qs Jc 9s"]  # exact: 706,020 completions, a scan
RAZZ = ["Ah 2h 3c", "Kd Qs Js"]
# Three-way fourth street: 459 billion completions, refused on one machine.
THREE_WAY = ["As Ah Kd 7c", "Qc Jc Tc 9d", "2c 2s 3h 4h"]


@pytest.fixture(scope="module")
def pool() -> Iterator[cf.ProcessPoolExecutor]:
    with cf.ProcessPoolExecutor(2) as ex:
        yield ex


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[LocalCluster]:
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, **DASK_LOCAL
    ) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[ModuleType]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_units_merge_exactly_in_any_order_and_chunking() -> None:
    cases = [
        ("stud8", STUD8, None),  # scanned
        ("stud", THREE_WAY[:2], None),  # counted by subsets
        ("razz", RAZZ, 500_000),
    ]
    for game, hands, samples in cases:
        work = pickle.loads(pickle.dumps(_core.EquityWork(game, hands, samples=samples)))
        whole = equity(game, hands, samples=samples, seed=0)
        for per_chunk in (1, 17, 1000, work.units):
            ranges = list(_core.chunk_ranges(work.units, per_chunk))
            random.Random(per_chunk).shuffle(ranges)
            parts = [pickle.loads(pickle.dumps(work.run(a, b))) for a, b in ranges]
            assert work.finish(functools.reduce(operator.add, parts)) == whole


def test_incomplete_or_mismatched_totals_are_refused() -> None:
    work = _core.EquityWork("razz", RAZZ, samples=200_000)
    first = work.run(0, 1)
    with pytest.raises(holecard.ConfigurationError, match=r"units 1\.\.4 missing"):
        work.finish(first)
    with pytest.raises(holecard.ConfigurationError, match=r"units 3\.\.9"):
        work.run(3, 9)
    with pytest.raises(holecard.ConfigurationError, match="2 and 3 players"):
        _ = first + _core.EquityWork("razz", [*RAZZ, "Qh Qd"], samples=10).run(0, 1)


def test_totals_carry_the_low_halves() -> None:
    work = _core.EquityWork("stud8", STUD8)
    halves = [work.run(0, work.units // 2), work.run(work.units // 2, work.units)]
    totals = halves[1] + halves[0]
    assert totals.low == tuple(a + b for a, b in zip(*(h.low for h in halves), strict=True))
    assert work.finish(totals).low_units == totals.low == equity("stud8", STUD8).low_units
    assert any(totals.low)
    assert pickle.loads(pickle.dumps(totals)) == totals
    assert _core.EquityTotals(1, [5040, 0], [0, 0], [1, 0], [0, 0]).low == (0, 0)
    with pytest.raises(holecard.ConfigurationError, match="won 5041 pot units with his low"):
        _core.EquityTotals(1, [5040, 0], [0, 0], [1, 0], [0, 0], low=[5041, 0])


def test_chunk_arithmetic() -> None:
    assert list(_core.chunk_ranges(10, 4)) == [(0, 4), (4, 8), (8, 10)]
    assert list(_core.chunk_ranges(0, 4)) == []
    # 100 core-seconds over 5 workers: 4 chunks each, of 5 s.
    assert _core.units_per_chunk(1000, 100.0, 5, 0.01) == 50
    work = _core.EquityWork("razz", RAZZ, samples=10 * 65_536)
    assert work.units == 10
    assert work.units_per_chunk(200_000, 1, 0.01) == 4  # outcomes rounded up to whole jobs


def test_a_table_of_equity_bots_is_cut_by_its_own_cost() -> None:
    # The equity bot costs a few hundred times the others. Estimated at a strength bot's
    # cost, 2,000 six-handed hands made one chunk, which a single worker ran alone.
    done: list[int] = []
    with cf.ThreadPoolExecutor(2) as ex:
        result = simulate(
            "stud",
            players=6,
            hands=2000,
            bots="equity",
            seed=3,
            executor=ex,
            progress=lambda finished, _: done.append(finished),
        )
    assert result.hands == 2000
    assert len(done) >= 2
    assert done[-1] == 2000


def _simulate_stud(threads: int | None) -> holecard.SimulationResult:
    return simulate("stud", players=3, hands=2000, seed=5, threads=threads)


def test_a_forked_worker_runs_after_the_parent_used_every_pool() -> None:
    # The workers of a process pool on Linux are forked: they inherit the parent's thread
    # pools without their threads, and work installed on one would wait forever.
    import multiprocessing

    expected = [_simulate_stud(t) for t in (None, 1, 2)]
    equity("razz", RAZZ, samples=70_000, seed=3)  # the equity path's pools too
    with cf.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as ex:
        futures = [ex.submit(_simulate_stud, t) for t in (None, 1, 2)]
        got = [f.result(timeout=120) for f in futures]
    assert got == expected


@pytest.mark.parametrize("chunk_size", [None, 777, 6000])
def test_process_pool_simulate_equals_in_process(
    pool: cf.ProcessPoolExecutor, chunk_size: int | None
) -> None:
    seen: list[tuple[int, int]] = []
    got = simulate(
        "stud",
        hands=12_000,
        executor=pool,
        chunk_size=chunk_size,
        progress=lambda *p: seen.append(p),
        **SIM,
    )
    assert got == simulate("stud", hands=12_000, **SIM)
    assert seen[-1] == (12_000, 12_000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("chunk_size", [None, 20_000, 300_000])
def test_process_pool_equity_equals_in_process(
    pool: cf.ProcessPoolExecutor, chunk_size: int | None
) -> None:
    assert equity("stud8", STUD8, executor=pool, chunk_size=chunk_size) == equity("stud8", STUD8)
    mc = equity("razz", RAZZ, samples=400_000, seed=5)
    assert (
        equity("razz", RAZZ, samples=400_000, seed=5, executor=pool, chunk_size=chunk_size) == mc
    )


def test_ray_simulate_and_equity_equal_in_process(ray_cluster: ModuleType) -> None:
    sim = simulate("razz", hands=20_000, **SIM)
    exact = equity("stud8", STUD8)
    mc = equity("stud", RAZZ, samples=300_000, seed=2)
    for chunk_size in (None, 1500, 7000):
        assert simulate("razz", hands=20_000, executor="ray", chunk_size=chunk_size, **SIM) == sim
    for chunk_size in (None, 50_000):
        assert equity("stud8", STUD8, executor="ray", chunk_size=chunk_size) == exact
    for chunk_size in (None, 65_536):
        assert (
            equity("stud", RAZZ, samples=300_000, seed=2, executor="ray", chunk_size=chunk_size)
            == mc
        )


def test_dask_local_cluster_equals_in_process(dask_cluster: LocalCluster) -> None:
    with Client(dask_cluster) as client:  # type: ignore[no-untyped-call]
        ex = client.get_executor()
        for chunk_size in (None, 2500):
            got = simulate("deuce_seven", hands=10_000, executor=ex, chunk_size=chunk_size, **SIM)
            assert got == simulate("deuce_seven", hands=10_000, **SIM)
        assert equity("stud8", STUD8, executor=ex, chunk_size=10**5) == equity("stud8", STUD8)


def _without_timing(out: str) -> str:
    return "\n".join(line for line in out.splitlines() if " hands in " not in line)


def test_the_command_line_runs_on_ray_and_dask(
    ray_cluster: ModuleType, dask_cluster: LocalCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    sim = ["simulate", "stud", "--players", "3", "--hands", "3000", "--seed", "4"]
    eq = ["equity", "stud8", *STUD8]
    for command in (sim, eq):
        assert main(command) == 0
        local = _without_timing(capsys.readouterr().out)
        for cluster in (["--ray", "--progress"], ["--dask", dask_cluster.scheduler_address]):
            assert main([*command, *cluster, "--chunk-size", "1000"]) == 0
            out = capsys.readouterr()
            assert _without_timing(out.out) == local
            if "--progress" in cluster:
                assert "100.0%" in out.err
    assert main([*sim, "--chunk-size", "5"]) == 2
    assert "only with --ray or --dask" in capsys.readouterr().err


def _chunk_processes() -> list[int]:
    """Ray worker processes running a holecard chunk (Ray titles them ray::<task>)."""
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and (proc / "cmdline").read_bytes().startswith(b"ray::_chunk"):
                pids.append(int(proc.name))
        except OSError:
            continue
    return pids


def test_a_killed_ray_worker_is_rerun_to_the_same_result(ray_cluster: ModuleType) -> None:
    args: dict[str, Any] = {"hands": 150_000, **SIM}
    expected = simulate("stud", **args)
    killed: list[int] = []

    def kill_one() -> None:
        deadline = time.monotonic() + 60
        while not killed and time.monotonic() < deadline:
            for pid in _chunk_processes():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_one)
    killer.start()
    got = simulate("stud", executor="ray", chunk_size=10_000, **args)
    killer.join()
    assert killed, "no worker was running a chunk"
    assert got == expected


class _Flaky:
    """A task that fails the first time each chunk runs (threads share this object)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tried: set[tuple[int, int]] = set()

    def __call__(self, shared: int, start: int, stop: int) -> int:
        with self.lock:
            first = (start, stop) not in self.tried
            self.tried.add((start, stop))
        if first:
            raise OSError("worker lost")
        return shared * (stop - start)


def test_a_failed_chunk_is_retried_and_a_hopeless_one_raises() -> None:
    with cf.ThreadPoolExecutor(2) as ex:
        ranges = _core.chunk_ranges(100, 7)
        assert _distribute.run_chunks(ex, _Flaky(), 3, ranges) == 300

        def broken(shared: int, start: int, stop: int) -> int:
            raise OSError("always")

        with pytest.raises(OSError, match="always"):
            _distribute.run_chunks(ex, broken, 3, ranges)


def _interrupt_after(seconds: float) -> threading.Timer:
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_cancels_every_ray_task(ray_cluster: ModuleType) -> None:
    simulate("stud", hands=1000, executor="ray", **SIM)  # workers up before timing
    timer = _interrupt_after(1.0)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        simulate("stud", hands=10**8, executor="ray", chunk_size=200_000, **SIM)
    timer.join()
    assert time.monotonic() - started < 10
    # Nothing left holding a CPU: every task was cancelled, the running ones killed.
    deadline = time.monotonic() + 20
    while ray_cluster.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert ray_cluster.available_resources().get("CPU", 0) == 2


def _interrupt_on_third_report(done: int, total: int) -> None:
    # Ctrl-C at a known point: a real SIGINT could also land inside the pool's own submit,
    # which the standard library does not guard (the Ray test above sends a real one).
    _reports.append(done)
    if len(_reports) == 3:
        raise KeyboardInterrupt


_reports: list[int] = []


def test_ctrl_c_cancels_the_pending_chunks_of_a_process_pool() -> None:
    with cf.ProcessPoolExecutor(2) as ex:
        started = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            simulate(
                "stud",
                hands=10**8,
                executor=ex,
                chunk_size=20_000,
                progress=_interrupt_on_third_report,
                **SIM,
            )
        # Only the chunks in flight were submitted, and the pending ones are cancelled:
        # leaving the with block waits for at most the few running ones.
    assert time.monotonic() - started < 30
    assert len(_reports) == 3


def test_the_one_machine_refusal_stays_and_an_executor_lifts_it(ray_cluster: ModuleType) -> None:
    with pytest.raises(holecard.ConfigurationError, match="executor="):
        equity("stud", THREE_WAY)
    work = _core.EquityWork("stud", THREE_WAY)
    # Independent count: three players take three cards each from the 40 unseen.
    assert work.outcomes == math.comb(40, 3) * math.comb(37, 3) * math.comb(34, 3)
    # The first and the last chunk of the real job, run on Ray, against in-process
    # enumerations of the same completions: each card set of the outermost player that
    # those units cover, dealt to him (then two players miss three cards: a small job).
    chunks = [(0, 1), (work.units - 1, work.units)]
    totals = _distribute.run_chunks("ray", holecard._equity._chunk, work, chunks)
    parts = []
    for start, stop in chunks:
        split = work.split_sets(start, stop)
        assert split is not None
        player, sets = split
        for cards in sets:
            hands = list(THREE_WAY)
            hands[player] += " " + cards
            parts.append(equity("stud", hands))
    assert len(parts) >= 2
    assert totals.outcomes == sum(e.outcomes for e in parts)
    for p in range(3):
        assert totals.units[p] == sum(e.units[p] for e in parts)
        assert totals.wins[p] == sum(e.wins[p] for e in parts)
        assert totals.ties[p] == sum(e.ties[p] for e in parts)


@pytest.mark.parametrize(
    ("option", "address"),
    [
        ("--ray", "127.0.0.1:1"),
        ("--ray", "no-such-host.invalid:6379"),
        ("--dask", "tcp://127.0.0.1:1"),
    ],
)
def test_a_cluster_address_nothing_answers_at_is_one_line_at_once(
    option: str, address: str
) -> None:
    # Ray would retry it for minutes, its logs on standard error; Dask for 30 seconds.
    command = ["equity", "stud", "As Ah", "Kd Kc", "--samples", "10", option, address]
    done = subprocess.run(
        [sys.executable, "-m", "holecard", *command],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(f"holecard: error: {option} {address}: nothing answers there (")
    assert len(done.stderr.splitlines()) == 1


def test_a_run_cut_into_more_than_2_to_the_24_chunks_is_refused_before_it_starts() -> None:
    # 2**64 - 1 chunks of one unit aborted the process when their list was made first.
    assert list(_core.chunk_ranges(10, 4)) == [(0, 4), (4, 8), (8, 10)]
    with pytest.raises(holecard.ConfigurationError, match=r"more than 2\*\*24"):
        _core.chunk_ranges(2**24 + 1, 1)
    with cf.ThreadPoolExecutor(1) as pool:
        with pytest.raises(holecard.ConfigurationError, match="give a larger chunk size"):
            equity("stud", ["As Ah", "Kd Kc"], samples=2**64 - 1, executor=pool, chunk_size=1)
        with pytest.raises(holecard.ConfigurationError, match="give a larger chunk size"):
            simulate("stud", players=2, hands=2**64 - 1, executor=pool, chunk_size=1)


def test_automatic_chunks_never_exceed_2_to_the_24() -> None:
    # A huge run with no chunk size given is cut into at most 2**24 chunks: the refusal
    # above is for a chunk size the caller chose, never one holecard picked.
    # (A trillion units worth 300 core-years: 10-second chunks would be a billion.)
    per = _core.units_per_chunk(2**40, 1e10, 64, 0.0)
    assert math.ceil(2**40 / per) <= 2**24


def test_a_shut_down_executor_is_named() -> None:
    pool = cf.ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(
        holecard.ConfigurationError, match=r"ThreadPoolExecutor.*takes no more work"
    ):
        equity("razz", ["Ah 2h 3c", "Kd Qs Js"], samples=1000, seed=1, executor=pool)


def test_split_sets_of_a_grid_cut_below_the_outermost_player() -> None:
    # Three-way sixth street against fourth: the units cut the tuples of two outer players,
    # so a range covers whole card sets of the outermost one only at their boundaries.
    hands = ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d", "9s 9d 4h 4d"]
    work = _core.EquityWork("stud", hands)
    whole = work.split_sets(0, work.units)
    assert whole is not None
    player, sets = whole
    per_set = work.units // len(sets)
    assert per_set > 1
    assert work.split_sets(0, 1) is None
    assert work.split_sets(per_set, 3 * per_set) == (player, sets[1:3])
    totals = work.run(per_set, 3 * per_set)
    parts = []
    for cards in sets[1:3]:
        dealt = list(hands)
        dealt[player] += " " + cards
        parts.append(equity("stud", dealt))
    assert totals.outcomes == sum(e.outcomes for e in parts)
    for p in range(3):
        assert totals.units[p] == sum(e.units[p] for e in parts)
        assert totals.wins[p] == sum(e.wins[p] for e in parts)


def test_totals_that_do_not_add_up_finish_as_an_error() -> None:
    work = _core.EquityWork("razz", ["Ah 2h 3c", "Kd Qs Js"], samples=1000, seed=1)
    wrong = _core.EquityTotals(
        1000, [5040 * 3000, 0], [0, 0], [2000, 0], [0, 0], ranges=[(0, work.units)]
    )
    with pytest.raises(holecard.ConfigurationError, match=r"a chunk is wrong.*2000 wins"):
        work.finish(wrong)
