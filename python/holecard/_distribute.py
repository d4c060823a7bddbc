"""Running chunks of work on an executor: any :class:`concurrent.futures.Executor` or Ray.

:func:`holecard.simulate` and :func:`holecard.equity` take ``executor=``. Their work is a
list of numbered units (hands; Monte Carlo jobs or parts of an exact enumeration), each
seeded by its own number, whose integer totals add up exactly; the units are cut into
chunks (``chunk_size`` or the size :func:`holecard._core.units_per_chunk` picks from
:data:`CHUNK_OVERHEAD_SECONDS`), the chunks run wherever the executor puts them, and the
totals are merged. So the result is bit for bit the one of a run in this process, whatever
the chunk size, the number of workers and the order in which chunks finish
(docs/scaling.md).

The driver here only schedules: it reports progress as chunks finish, runs a chunk again
when it fails (up to :data:`MAX_ATTEMPTS` times; a chunk's result does not depend on where
or how often it runs), and on Ctrl-C cancels every chunk not finished (Ray stops the running
ones too) before raising ``KeyboardInterrupt``. Ray and Dask are imported only here, and
only when asked for.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import importlib
import ipaddress
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from types import ModuleType
from typing import Any, Final, Generic, Literal, Protocol, Self, TypeVar, cast

from holecard import _core
from holecard.exceptions import ArgumentTypeError, ConfigurationError

__all__ = [
    "CHUNK_OVERHEAD_SECONDS",
    "IN_FLIGHT_PER_WORKER",
    "MAX_ATTEMPTS",
    "ExecutorLike",
    "check_chunk",
    "check_complete",
    "check_executor",
    "check_progress",
    "run_chunks",
    "workers",
]

ExecutorLike = cf.Executor | Literal["ray"]
"""What ``executor=`` takes: a :class:`concurrent.futures.Executor` or ``"ray"``."""

CHUNK_OVERHEAD_SECONDS: Final = 0.02
"""Per-chunk cost of an executor, in seconds: a Ray task's or a process pool job's round
trip with its arguments and totals, and the worker's setup of a chunk, rounded up (measured
on two cores, docs/scaling.md). Chunks last at least ``MIN_CHUNK_OVERHEADS`` times this, a
factor set once in ``rust/chunks.rs``."""

MAX_ATTEMPTS: Final = 4
"""How many times one chunk is tried before its error is raised."""

IN_FLIGHT_PER_WORKER: Final = 3
"""Chunks submitted ahead per worker of the executor."""

_WAIT_SECONDS: Final = 0.05


class _Summable(Protocol):
    def __add__(self, other: Self, /) -> Self: ...


S = TypeVar("S", bound=_Summable)


def check_executor(executor: object) -> ExecutorLike:
    """``executor`` if it is ``"ray"`` or a :class:`concurrent.futures.Executor`."""
    if executor == "ray" or isinstance(executor, cf.Executor):
        return executor
    raise ArgumentTypeError(
        "executor must be a concurrent.futures.Executor (a ProcessPoolExecutor, Dask's "
        f"Client.get_executor()) or 'ray', got {type(executor).__name__} {executor!r}"
    )


def check_progress(progress: object) -> None:
    """Refuses a ``progress`` that is neither ``None`` nor callable, before any chunk runs."""
    if progress is not None and not callable(progress):
        raise ArgumentTypeError(
            "progress must be callable as progress(done, total), or None, got "
            f"{type(progress).__name__} {progress!r}"
        )


def _ray(address: str | None = None) -> ModuleType:
    """The ``ray`` module, connected to a cluster.

    The cluster is the one this process is connected to, else the one at ``address`` (else
    at ``RAY_ADDRESS``); without any, a local cluster of this machine's cores is started
    that listens on the loopback interface only (:func:`_start_local_ray`).
    """
    try:
        import ray
    except ImportError:
        raise ImportError("executor='ray' needs Ray: pip install 'holecard[ray]'") from None
    if not ray.is_initialized():
        if address or os.environ.get("RAY_ADDRESS"):
            ray.init(address=address or None, log_to_driver=False)
        else:
            _start_local_ray(ray)
    return ray


#: Read by Ray when it is imported: "0" makes the node's address the loopback one.
_RAY_CLUSTER_VARIABLE: Final = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


def _start_local_ray(ray: ModuleType) -> None:
    """Starts a local Ray cluster for this process, listening on the loopback interface only.

    Anyone who reaches a Ray port can run code on the cluster (Ray before 2.52 has no
    authentication at all). Ray's processes listen on every interface unless their node's
    address is the loopback one, and on Linux ``ray.init`` swaps a loopback
    ``_node_ip_address`` for the machine's address unless told that no cluster of several
    machines is meant: ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``, which Ray reads when it is
    imported (so its constant is set too, for the start only). The node's address is checked
    afterwards: a cluster that would listen beyond this machine is shut down and refused.
    """
    try:
        constants: ModuleType | None = importlib.import_module("ray._private.ray_constants")
    except ImportError:  # a Ray that moved it: the variable and the check below still hold
        constants = None
    saved_variable = os.environ.get(_RAY_CLUSTER_VARIABLE)
    saved_constant = getattr(constants, "ENABLE_RAY_CLUSTER", None)
    os.environ[_RAY_CLUSTER_VARIABLE] = "0"  # for Ray's processes started now
    if saved_constant is not None:
        setattr(constants, "ENABLE_RAY_CLUSTER", False)  # noqa: B010 - a module's constant
    try:
        ray.init(
            address="local",
            _node_ip_address="127.0.0.1",
            include_dashboard=False,
            log_to_driver=False,
        )
    finally:
        if saved_variable is None:
            os.environ.pop(_RAY_CLUSTER_VARIABLE, None)
        else:
            os.environ[_RAY_CLUSTER_VARIABLE] = saved_variable
        if saved_constant is not None:
            setattr(constants, "ENABLE_RAY_CLUSTER", saved_constant)  # noqa: B010
    node = str(ray.util.get_node_ip_address())
    if not ipaddress.ip_address(node).is_loopback:
        ray.shutdown()
        raise ConfigurationError(
            f"the local Ray cluster would listen at {node}, beyond this machine: this Ray "
            f"({ray.__version__}) cannot be kept to the loopback interface; start a cluster "
            "yourself (ray start --head --node-ip-address ...) and pass its address"
        )


def workers(executor: ExecutorLike) -> int:
    """How many chunks the executor runs at once (its CPUs or worker processes)."""
    if executor == "ray":
        return max(1, int(_ray().cluster_resources().get("CPU", 1)))
    client = getattr(executor, "_client", None)  # Dask's ClientExecutor
    if client is not None:
        return max(1, int(sum(client.nthreads().values())))
    return int(getattr(executor, "_max_workers", None) or os.cpu_count() or 1)


def run_chunks(
    executor: ExecutorLike,
    task: Callable[[Any, int, int], S],
    shared: object,
    ranges: Iterable[tuple[int, int]],
    *,
    progress: Callable[[int, int], object] | None = None,
    check: Callable[[S, int, int], object] | None = None,
) -> S:
    """The sum of ``task(shared, start, stop)`` over ``ranges``, run on ``executor``.

    ``task`` must be deterministic (a retried chunk gives the same totals) and, for
    executors in other processes, a module-level function (it is pickled).
    ``progress(units done, units)`` is called as chunks finish; ``check(totals, start,
    stop)`` as each chunk's totals arrive (it raises for totals that are not the chunk's).
    The ranges are read as chunks are sent (:func:`holecard._core.chunk_ranges` makes
    them on demand) and the totals are added as they arrive, so memory holds only the
    chunks in flight.

    >>> import concurrent.futures as cf
    >>> with cf.ThreadPoolExecutor(2) as pool:
    ...     run_chunks(pool, lambda k, a, b: k * sum(range(a, b)), 2, [(0, 5), (5, 10)])
    90
    """
    if isinstance(ranges, _core.ChunkRanges):
        total = ranges.units
    else:
        ranges = list(ranges)
        total = sum(stop - start for start, stop in ranges)
    runner: _RayRunner[S] | _FuturesRunner[S] = (
        _RayRunner(task, shared) if executor == "ray" else _FuturesRunner(executor, task, shared)
    )
    # A few chunks per worker in flight, not all of them: an interrupt then has little to
    # cancel, and a process pool little left to finish.
    window = IN_FLIGHT_PER_WORKER * workers(executor)
    waiting = iter(ranges)
    pending: dict[object, tuple[tuple[int, int], int]] = {}
    merged: S | None = None
    done_units = 0
    with _ctrl_c_noted() as interrupted:
        try:
            while True:
                if interrupted():
                    raise KeyboardInterrupt
                while len(pending) < window and (r := next(waiting, None)) is not None:
                    pending[runner.submit(r)] = (r, 1)
                if not pending:
                    break
                for handle in runner.wait(list(pending)):
                    r, attempt = pending.pop(handle)
                    try:
                        result = runner.result(handle)
                    except Exception:
                        if attempt >= MAX_ATTEMPTS:
                            raise
                        pending[runner.submit(r)] = (r, attempt + 1)
                        continue
                    if check is not None:
                        check(result, *r)
                    # Integer totals: the order of the sum does not matter.
                    merged = result if merged is None else merged + result
                    done_units += r[1] - r[0]
                    if progress is not None:
                        progress(done_units, total)
        except BaseException:
            runner.cancel(list(pending))
            raise
    if merged is None:
        if progress is not None:
            progress(0, 0)
        raise ConfigurationError("run_chunks needs at least one chunk")
    return merged


class _Covering(Protocol):
    @property
    def ranges(self) -> list[tuple[int, int]]: ...


def _describe(what: str, ranges: Sequence[tuple[int, int]]) -> str:
    if not ranges:
        return f"no {what}"
    shown = [f"{a}..{b}" for a, b in ranges[:4]]
    if len(ranges) > 4:
        shown.append(f"and {len(ranges) - 4} more ranges")
    return f"{what} {', '.join(shown)}"


def check_chunk(what: str, totals: _Covering, start: int, stop: int) -> None:
    """Refuses totals of chunk ``start .. stop`` of ``what`` that cover anything else.

    An executor that ran another chunk, or none, or one twice over, is named here.
    """
    if totals.ranges != [(start, stop)]:
        raise ConfigurationError(
            f"the chunk of {what} {start}..{stop} came back as the totals of "
            f"{_describe(what, totals.ranges)}: the executor returns wrong results"
        )


def check_complete(what: str, totals: _Covering, units: int) -> None:
    """Refuses merged totals that do not cover ``0 .. units`` of ``what`` exactly.

    (The totals themselves refuse a unit counted twice, as they are added.)
    """
    ranges = totals.ranges
    if ranges == ([(0, units)] if units else []):
        return
    at = 0
    for start, stop in ranges:
        if start > at:
            break
        at = stop
    if at < units:
        gap_end = next((a for a, _ in ranges if a > at), units)
        raise ConfigurationError(
            f"{what} {at}..{min(gap_end, units)} missing from the totals (a chunk never came back)"
        )
    raise ConfigurationError(
        f"the totals cover {_describe(what, ranges)}, past the {units} {what} of the run"
    )


@contextlib.contextmanager
def _ctrl_c_noted() -> Iterator[Callable[[], bool]]:
    """While scheduling, Ctrl-C only sets a flag that the loop reads between waits.

    A ``KeyboardInterrupt`` raised wherever the main thread happens to be could land
    inside Ray's or the executor's own code, which may swallow it; the flag cannot be
    lost. Whatever handler was there (Dask's client installs its own) is put back after;
    a call from another thread keeps the usual behaviour.
    """
    seen: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
    try:
        yield lambda: bool(seen)
    finally:
        signal.signal(signal.SIGINT, previous)


class _FuturesRunner(Generic[S]):
    """Chunks as futures of a :class:`concurrent.futures.Executor`."""

    def __init__(
        self, executor: cf.Executor, task: Callable[[Any, int, int], S], shared: object
    ) -> None:
        self.executor = executor
        self.task = task
        self.shared = shared

    def submit(self, r: tuple[int, int]) -> object:
        try:
            return self.executor.submit(self.task, self.shared, r[0], r[1])
        except NotImplementedError:
            raise
        except RuntimeError as e:  # shut down, or a pool broken before this chunk
            raise ConfigurationError(
                f"the executor {self.executor!r} takes no more work ({e}): "
                "pass one that is running"
            ) from e

    def wait(self, handles: list[object]) -> list[object]:
        futures = cast("list[cf.Future[S]]", handles)
        done, _ = cf.wait(futures, timeout=_WAIT_SECONDS, return_when=cf.FIRST_COMPLETED)
        return list(done)

    def result(self, handle: object) -> S:
        return cast("cf.Future[S]", handle).result()

    def cancel(self, handles: list[object]) -> None:
        # Chunks not started are dropped; a process pool cannot stop a running one, which
        # ends within its chunk (seconds) and whose result nobody reads.
        for f in cast("list[cf.Future[S]]", handles):
            f.cancel()


class _RayRunner(Generic[S]):
    """Chunks as Ray tasks; the shared argument is put in the object store once."""

    def __init__(self, task: Callable[[Any, int, int], S], shared: object) -> None:
        self.ray = _ray()
        # Ray itself reruns a task whose worker died (max_retries); errors raised by the
        # task come back to run_chunks, which submits the chunk again.
        self.remote = self.ray.remote(num_cpus=1, max_retries=MAX_ATTEMPTS - 1)(task)
        self.shared = self.ray.put(shared)

    def submit(self, r: tuple[int, int]) -> object:
        return cast(object, self.remote.remote(self.shared, r[0], r[1]))

    def wait(self, handles: list[object]) -> list[object]:
        ready, _ = self.ray.wait(handles, num_returns=1, timeout=_WAIT_SECONDS)
        # Take every other finished chunk too, without waiting.
        more, _ = self.ray.wait(handles, num_returns=len(handles), timeout=0)
        return list(dict.fromkeys([*ready, *more]))

    def result(self, handle: object) -> S:
        return cast(S, self.ray.get(handle))

    def cancel(self, handles: list[object]) -> None:
        for ref in handles:
            self.ray.cancel(ref, force=True)
