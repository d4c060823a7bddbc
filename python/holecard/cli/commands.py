"""The ``eval``, ``equity``, ``simulate``, ``replay``, ``import`` and ``stats`` commands.

``play`` is in :mod:`holecard.cli.play`. :class:`CommandError` is the usage or input error
that every command reports as one line.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import os
import re
import secrets
import socket
import stat
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TextIO, cast

from holecard import _core, _distribute
from holecard._core import Card
from holecard._narration import EVALUATORS, Narrator, describe, plural, stats_lines
from holecard.exceptions import ConfigurationError, DuplicateCardError, InvalidHandError

if TYPE_CHECKING:
    from holecard._distribute import ExecutorLike
    from holecard._simulate import SimulationResult
    from holecard.games import State
    from holecard.phh import HandHistory
    from holecard.sites import SkippedHand

__all__ = [
    "EVALUATORS",
    "CommandError",
    "cmd_equity",
    "cmd_eval",
    "cmd_import",
    "cmd_replay",
    "cmd_simulate",
    "cmd_stats",
]


class CommandError(Exception):
    """A usage or input error: printed as one line, exit status 2."""


class _Progress:
    """A one-line progress bar on ``out``, drawn from ``(done, total)`` calls.

    Nothing is drawn before ``delay`` seconds have passed (a quick run leaves no trace);
    ``close`` ends the line if anything was drawn.
    """

    def __init__(self, out: TextIO, unit: str | None, *, delay: float) -> None:
        self.out = out
        self.unit = unit
        self.delay = delay
        self.started = time.monotonic()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        elapsed = time.monotonic() - self.started
        if not self.drawn and elapsed < self.delay:
            return
        self.drawn = True
        width = 30
        frac = min(1.0, done / total) if total else 1.0
        filled = int(width * frac)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (width - filled)
        text = f"\r[{bar}] {100 * frac:5.1f}%"
        if self.unit:
            text += f"  {done:,}/{total:,} {self.unit}  {rate:,.0f} {self.unit}/s"
        self.out.write(f"{text}  eta {eta:4.0f}s")
        self.out.flush()

    def close(self) -> None:
        if self.drawn:
            self.out.write("\n")
            self.out.flush()


def _progress(args: argparse.Namespace, unit: str | None) -> _Progress | None:
    """The progress bar the options ask for, or ``None``.

    ``--progress`` draws at once; by default a bar appears after half a second when standard
    error is a terminal; ``--no-progress`` draws none.
    """
    if args.progress is False or (args.progress is None and not sys.stderr.isatty()):
        return None
    return _Progress(sys.stderr, unit, delay=0.0 if args.progress else 0.5)


#: Seconds to wait for a cluster's address to answer before giving up on it.
CONNECT_SECONDS = 10.0

#: The most bytes a Dask scheduler's greeting says it sends: its handshake is a few hundred
#: bytes. An 8-byte length beyond this is not Dask's (an HTTP reply read as one is 3 EiB).
_DASK_GREETING_MOST = 1 << 20


def _host_port(address: str) -> tuple[str, int] | None:
    """``(host, port)`` of ``[scheme://]host:port`` (IPv6 hosts in brackets), else ``None``."""
    host, _, port = address.partition("://")[2 if "://" in address else 0].rpartition(":")
    if not host or not port.isdigit():
        return None
    return host.removeprefix("[").removesuffix("]"), int(port)


def _check_reachable(option: str, address: str) -> socket.socket | None:
    """A connection to a ``host:port`` cluster address, refused if nothing answers there.

    Ray keeps retrying an address that does not answer (minutes, with its logs on standard
    error), Dask for 30 seconds; one TCP connection says at once whether anything listens
    there. ``auto`` and addresses without a port are left to the cluster's client (``None``).
    """
    where = _host_port(address)
    if where is None:
        return None
    try:
        return socket.create_connection(where, timeout=CONNECT_SECONDS)
    except TimeoutError:
        raise CommandError(f"{option} {address}: no answer within {CONNECT_SECONDS:g} s") from None
    except OSError as err:
        reason = err.strerror or str(err) or type(err).__name__
        raise CommandError(f"{option} {address}: nothing answers there ({reason})") from None


def _check_dask_greeting(option: str, address: str, conn: socket.socket) -> None:
    """Refuses a connection whose far end does not greet as a Dask scheduler does.

    A scheduler writes its handshake as soon as it accepts a connection: an 8-byte frame
    length, then the frames. Given no more than a blank line, an HTTP server answers an error
    or hangs up, a silent listener says nothing; Dask's own client would read either's bytes
    as a length (a ``MemoryError`` of exabytes) or wait for a minute. Fewer than 8 bytes
    are sent, so that a scheduler never reads them as a length.
    """
    no = f"{option} {address}: not a Dask scheduler"
    with conn:
        greeting = b""
        try:
            conn.settimeout(CONNECT_SECONDS)
            conn.sendall(b"\r\n")
            deadline = time.monotonic() + CONNECT_SECONDS
            while len(greeting) < 8:
                conn.settimeout(max(deadline - time.monotonic(), 0.001))
                part = conn.recv(8 - len(greeting))
                if not part:
                    what = "hung up without a word" if not greeting else "hung up"
                    raise CommandError(f"{no} (it {what})")
                greeting += part
        except TimeoutError:
            if greeting:
                raise CommandError(f"{no} (it stopped part way through a greeting)") from None
            raise CommandError(
                f"{option} {address}: no answer within {CONNECT_SECONDS:g} s "
                "(not a Dask scheduler, or one too busy to answer)"
            ) from None
        except OSError as err:
            raise CommandError(f"{no} ({err.strerror or err})") from None
    if not 0 < int.from_bytes(greeting, "little") <= _DASK_GREETING_MOST:
        shown = greeting.decode("ascii", "replace") if greeting.isascii() else greeting.hex()
        raise CommandError(f"{no} (it answers {shown!r})")


@contextlib.contextmanager
def _dask_client(option: str, address: str) -> Iterator[Any]:
    """A Dask client of the scheduler at ``address``, closed at the end.

    Every failure to reach a scheduler there is a :class:`CommandError` naming the address,
    within about twice :data:`CONNECT_SECONDS`.
    """
    try:
        from distributed import Client
    except ImportError:
        raise CommandError(f"{option} needs Dask: pip install 'holecard[dask]'") from None
    conn = _check_reachable(option, address)
    scheme = address.partition("://")[0] if "://" in address else "tcp"
    if conn is not None and scheme == "tcp":
        _check_dask_greeting(option, address, conn)
    elif conn is not None:  # tls:// and others: only Dask's client can read the greeting
        conn.close()
    try:
        client = Client(address, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as err:
        if isinstance(err, TimeoutError) or "timed out" in str(err).lower():
            message = f"no answer within {CONNECT_SECONDS:g} s"
        else:
            message = f"not a Dask scheduler ({err})"
        raise CommandError(f"{option} {address}: {message}") from None
    except Exception as err:  # whatever the wrong server made Dask raise
        raise CommandError(
            f"{option} {address}: not a Dask scheduler ({type(err).__name__}: {err})"
        ) from None
    with client:
        yield client


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[ExecutorLike | None]:
    """The executor ``--ray [ADDRESS]`` or ``--dask ADDRESS`` asks for, or ``None``.

    ``--ray`` without an address (and without ``RAY_ADDRESS``) starts a local cluster that
    listens on the loopback interface only. A Dask client is closed at the end.
    """
    if args.chunk_size is not None and args.ray is None and args.dask is None:
        raise CommandError("--chunk-size applies only with --ray or --dask")
    if args.ray is not None:
        try:
            import ray
        except ImportError:
            raise CommandError("--ray needs Ray: pip install 'holecard[ray]'") from None
        if not ray.is_initialized():
            if args.ray:
                conn = _check_reachable("--ray", args.ray)
                if conn is not None:
                    conn.close()
            _distribute._ray(args.ray or None)
        yield "ray"
    elif args.dask is not None:
        with _dask_client("--dask", args.dask) as client:
            yield client.get_executor()
    else:
        yield None


# ----- eval -----------------------------------------------------------------------------


def cmd_eval(args: argparse.Namespace) -> int:
    """Print the value of every hand (``holecard eval``)."""
    for hand in args.hands:
        print(" | ".join(describe(evaluate(hand)) for evaluate in EVALUATORS[args.game]))
    return 0


# ----- equity ---------------------------------------------------------------------------


def cmd_equity(args: argparse.Namespace) -> int:
    """Print each player's showdown equity (``holecard equity``)."""
    from holecard._equity import equity

    bar = _progress(args, None)
    try:
        with _executor(args) as executor:
            result = equity(
                args.game,
                list(args.hands),
                dead=args.dead or (),
                samples=args.samples,
                seed=args.seed,
                threads=args.threads,
                progress=bar,
                executor=executor,
                chunk_size=args.chunk_size,
            )
    except ConfigurationError as err:
        # The library asks for `samples=` or `executor=`; here they are options.
        message = str(err).replace("pass samples=", "pass --samples N")
        raise CommandError(message.replace("executor=", "--ray or --dask")) from None
    except (InvalidHandError, DuplicateCardError) as err:
        # The library counts hands from 0, as Python lists do; here they are players 1, 2 ...
        text = re.sub(
            r"\bin hand (\d+)\b", lambda m: f"in player {int(m[1]) + 1}'s hand", str(err)
        )
        players = re.sub(r"\bhand (\d+)\b", lambda m: f"player {int(m[1]) + 1}", text)
        raise CommandError(players) from None
    finally:
        if bar is not None:
            bar.close()
    width = max(len(h) for h in args.hands)
    for i, (hand, share) in enumerate(zip(args.hands, result.shares, strict=True)):
        line = f"player {i + 1}  {hand.ljust(width)}  {100 * share:7.3f}%"
        error = result.stderr[i]
        if not result.exact and error == error:  # NaN from a single sample: no error bar
            line += f"  ± {100 * error:.3f}%"
        print(line)
    if result.exact:
        print(f"{args.game}: exact, {plural(result.outcomes, 'outcome')}")
    else:
        print(f"{args.game}: Monte Carlo, {plural(result.outcomes, 'sample')}, seed {result.seed}")
    return 0


# ----- simulate -------------------------------------------------------------------------


def _table_value(key: str, text: str) -> object:
    """A ``--set`` value, read as the option catalogue reads an option's text.

    ``yes``, ``0``, ``none`` and enum names in any case, as PHH files and
    ``holecard.testing`` read them; a chip amount as a number; anything else is left for
    ``simulate`` to refuse.
    """
    spec = next((s for s in _core.option_specs() if s.name == key), None)
    if spec is not None:
        try:
            return spec.value(text.strip())
        except ConfigurationError as err:
            raise CommandError(f"--set {key}={text}: {err}") from None
    try:
        return int(text)
    except ValueError:
        return text


def _check_table_keyword(game: str, key: str) -> None:
    """Refuses a ``--set`` key that is not one of the game table's keywords.

    Only the table is set this way: ``hands=``, ``seed=`` or ``threads=`` would bypass
    their own options' checks, and ``game=`` clashed with the game argument.
    """
    from holecard.games import _table_keywords, _unknown_keywords, game_class

    cls = game_class(game)
    if key not in _table_keywords(cls):
        raise CommandError(f"--set {key}: {_unknown_keywords(cls, [key])}")


def _bot_list(items: Sequence[str] | None, players: int) -> Iterable[str] | None:
    """The bot of every seat: one name for all, or a list repeated around the table.

    The seats are produced lazily, so an impossible ``players`` is refused by
    :func:`~holecard._simulate.simulate` before anything of that size is built.
    """
    if not items:
        return None
    bots = [b for item in items for b in item.replace(",", " ").split()]
    if not bots:
        raise CommandError("--bots needs at least one bot name")
    if len(bots) > players:
        raise CommandError(f"--bots lists {len(bots)} bots for {plural(players, 'player')}")
    return itertools.islice(itertools.cycle(bots), players)


# ----- files read and written ----------------------------------------------------------

#: The largest input file the command line reads, in bytes: a site's hand history of a long
#: session is a few MB. A regular file is refused by its size, a pipe one byte past it.
MAX_INPUT_BYTES = 64 * 2**20

#: Each input file by its device and inode, with the name it was given as.
Inputs = dict[tuple[int, int], str]


def _too_large(file: str | Path) -> CommandError:
    return CommandError(
        f"{file}: larger than {MAX_INPUT_BYTES:,} bytes, holecard's limit for an input file"
    )


def _check_input(file: str | Path, *, pipes: bool = False) -> os.stat_result:
    """The status of the input ``file``: a regular file within :data:`MAX_INPUT_BYTES`.

    With ``pipes``, a pipe, a socket or a terminal too (read through a bounded reader).
    Devices such as ``/dev/zero`` never end; they are refused unread.
    """
    try:
        st = os.stat(file)
    except FileNotFoundError:
        raise CommandError(f"no such file: {file}") from None
    except (OSError, ValueError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else err
        raise CommandError(f"{file}: cannot read: {why}") from None
    mode = st.st_mode
    if stat.S_ISREG(mode):
        if st.st_size > MAX_INPUT_BYTES:
            raise _too_large(file)
        return st
    stream = stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)
    if not (pipes and (stream or (stat.S_ISCHR(mode) and _is_terminal(str(file))))):
        kind = "a regular file or a pipe" if pipes else "a regular file"
        raise CommandError(f"{file}: not {kind}: holecard does not read it")
    return st


def _is_terminal(file: str) -> bool:
    try:
        fd = os.open(file, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        return os.isatty(fd)
    finally:
        os.close(fd)


def _check_inputs(files: Sequence[str], suffixes: tuple[str, ...]) -> Inputs:
    """Checks every file that reading ``files`` (files or folders) will open.

    In a folder, those with one of ``suffixes`` (any case). Returns them by inode.

    Raises:
        CommandError: a missing file, a device, a pipe (its end may never come) or a file
            over :data:`MAX_INPUT_BYTES`, named.
    """
    inputs: Inputs = {}
    for file in files:
        path = Path(file)
        if not path.is_dir():
            st = _check_input(file)
            inputs[st.st_dev, st.st_ino] = file
            continue
        for p in sorted(path.rglob("*")):
            if p.suffix.lower() in suffixes and not p.is_dir():
                st = _check_input(p)
                inputs[st.st_dev, st.st_ino] = str(p)
    return inputs


def _read_input(file: str) -> tuple[bytes, Inputs]:
    """The bytes of ``file``, read once (a pipe cannot be read again), and its inode.

    Raises:
        CommandError: no such file, a folder, a device, more than :data:`MAX_INPUT_BYTES`
            or a file that cannot be read.
    """
    if Path(file).is_dir():
        raise CommandError(f"{file} is a directory; replay takes one file")
    st = _check_input(file, pipes=True)
    try:
        with Path(file).open("rb") as f:
            data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as err:
        raise CommandError(f"{file}: cannot read: {err.strerror or err}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(file)
    return data, {(st.st_dev, st.st_ino): file}


def _check_output(path: Path, label: str, *, force: bool, inputs: Inputs) -> None:
    """Refuses now, before any work, an output path that will not be written.

    ``label`` starts every message (``--html OUT``). The path must not be a symbolic link
    (it is never followed), an input file under any name, or, without ``force``, a file
    that exists; its folder must exist and be writable.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as err:  # a file where a folder should be
        raise CommandError(f"{label}: cannot write: {err.strerror or err}") from None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise CommandError(
                f"{label}: is a symbolic link: holecard does not follow it (remove it or "
                "choose another name)"
            )
        if stat.S_ISDIR(st.st_mode):
            raise CommandError(f"{label}: is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise CommandError(f"{label}: not a regular file: holecard writes only files")
        source = inputs.get((st.st_dev, st.st_ino))
        if source is not None:
            raise CommandError(
                f"{label}: is the input file {source}: holecard never writes over its input"
            )
        if not force:
            raise CommandError(f"{label}: exists: pass --force to overwrite it")
    folder = path.parent
    if not folder.is_dir():
        what = "not a folder" if folder.exists() else "no such folder"
        raise CommandError(f"{label}: cannot write: {what}: {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CommandError(f"{label}: cannot write: permission denied in {folder}")


def _write_output(path: Path, label: str, data: bytes, *, force: bool, inputs: Inputs) -> None:
    """Writes ``data`` to ``path``, checked again (a long run may have changed it).

    A new file is created exclusively (``O_EXCL``: a symbolic link or a file that appeared
    meanwhile is not touched); an existing one, with ``force``, is replaced by renaming a
    complete copy over it, which replaces a link rather than following it.
    """
    _check_output(path, label, force=force, inputs=inputs)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    exists = os.path.lexists(path)
    target = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp") if exists else path
    try:
        fd = os.open(target, flags, 0o666)
    except OSError as err:
        raise CommandError(f"{label}: cannot write: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        if target != path:
            os.replace(target, path)
    except OSError as err:
        target.unlink(missing_ok=True)
        raise CommandError(f"{label}: cannot write: {err.strerror or err}") from None


def cmd_simulate(args: argparse.Namespace) -> int:
    """Let the bots play many hands and print the results (``holecard simulate``)."""
    from holecard._simulate import simulate

    table: dict[str, Any] = {}
    for item in args.table or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CommandError(f"--set takes KEY=VALUE, got {item!r}")
        _check_table_keyword(args.game, key.strip())
        table[key.strip()] = _table_value(key.strip(), value)
    if args.betting is not None:
        table["betting"] = args.betting
    bots = _bot_list(args.bots, args.players)
    with _executor(args) as executor:
        if executor is not None:
            if args.plot is not None:
                raise CommandError(
                    "--plot needs the hands in order: it cannot run with --ray or --dask"
                )
            return _simulate_on(executor, args, bots, table)
    if args.plot is None:
        # One run; the engine reports its progress about every 50 ms.
        bar = _progress(args, "hands")
        started = time.monotonic()
        try:
            result = simulate(args.game, progress=bar, **_run_options(args, bots, table))
        finally:
            if bar is not None:
                bar.close()
        _print_run(result, time.monotonic() - started)
        return 0
    plot_path = Path(args.plot)
    _check_output(plot_path, f"--plot {args.plot}", force=args.force, inputs={})
    plot = _load_pyplot()
    bar = _progress(args, "hands")
    started = time.monotonic()
    try:
        result, points = _plotted_run(args, bots, table, bar)
    finally:
        if bar is not None:
            bar.close()
    _print_run(result, time.monotonic() - started)
    png = _plot(plot, result, points)
    _write_output(plot_path, f"--plot {args.plot}", png, force=args.force, inputs={})
    print(f"plot written to {args.plot}")
    return 0


#: Longest wanted step of a plotted run between two updates of its progress bar, in
#: seconds: the chunks of hands between the plot's points are cut no longer than this.
STEP_SECONDS = 0.25


def _cores() -> int:
    """The cores this process may run on (the engine's default threads)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _plotted_run(
    args: argparse.Namespace,
    bots: Iterable[str] | None,
    table: dict[str, Any],
    bar: _Progress | None,
) -> tuple[SimulationResult, list[tuple[int, tuple[int, ...]]]]:
    """The result of a ``--plot`` run and its points: ``(hands, chips won per seat)``.

    The plot has a point about every hundredth of the run. The hands are played in chunks
    of at most a hundredth, and, when the table's estimated cost says a hundredth takes
    longer, of about :data:`STEP_SECONDS` each (their overhead is a fraction of a
    millisecond), so that the progress bar moves at once, not after a hundredth of a long
    run.
    """
    from holecard import _simulate

    setup = _simulate._setup(
        args.game, args.players, bots, args.seed, args.threads, args.stack, table
    )
    threads = args.threads or _cores()
    step = max(1, round(STEP_SECONDS * threads / max(_simulate._hand_seconds(setup), 1e-12)))
    hundredth = -(-args.hands // 100)
    options = {**_run_options(args, setup.bots, table), "seed": setup.seed}
    runs = _simulate.simulate_chunks(
        args.game, chunk=step if hundredth > step else None, **options
    )
    points: list[tuple[int, tuple[int, ...]]] = []
    result = None
    for result in runs:
        if not points:
            points.append((0, (0,) * result.players))
        if result.hands >= points[-1][0] + hundredth or result.hands == args.hands:
            points.append((result.hands, result.chips_won))
        if bar is not None:
            bar(result.hands, args.hands)
    assert result is not None
    return result, points


def _simulate_on(
    executor: ExecutorLike,
    args: argparse.Namespace,
    bots: Iterable[str] | None,
    table: dict[str, Any],
) -> int:
    """``holecard simulate`` on an executor: one result, with the progress bar."""
    from holecard._simulate import simulate

    bar = _progress(args, "hands")
    started = time.monotonic()
    try:
        result = simulate(
            args.game,
            progress=bar,
            executor=executor,
            chunk_size=args.chunk_size,
            **_run_options(args, bots, table),
        )
    finally:
        if bar is not None:
            bar.close()
    _print_run(result, time.monotonic() - started)
    return 0


def _run_options(
    args: argparse.Namespace, bots: Iterable[str] | None, table: dict[str, Any]
) -> dict[str, Any]:
    """The keywords of a simulation that the options set."""
    return {
        "players": args.players,
        "hands": args.hands,
        "bots": bots,
        "seed": args.seed,
        "threads": args.threads,
        "stack": args.stack,
        **table,
    }


def _print_run(result: SimulationResult, elapsed: float) -> None:
    print(result)
    rate = result.hands / max(elapsed, 1e-9)
    print(f"{plural(result.hands, 'hand')} in {elapsed:.2f}s ({rate:,.0f}/s)")


def _load_pyplot() -> ModuleType:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CommandError(
            "--plot needs matplotlib: pip install 'holecard[plot]' (or pip install matplotlib)"
        ) from None
    return plt


def _plot(
    plt: ModuleType, result: SimulationResult, points: list[tuple[int, tuple[int, ...]]]
) -> bytes:
    """The PNG of cumulative results per seat."""
    xs = [p[0] for p in points]
    fig, ax = plt.subplots(figsize=(9, 5))
    for seat in range(result.players):
        ys = [p[1][seat] / result.big_bet for p in points]
        ax.plot(xs, ys, label=f"seat {seat} ({result.bots[seat]})")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("hands")
    ax.set_ylabel("cumulative result (big bets)")
    ax.set_title(f"{result.game}: {result.players} players, seed {result.seed}")
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    png = io.BytesIO()
    try:
        fig.savefig(png, format="png")
    finally:
        plt.close(fig)
    return png.getvalue()


# ----- replay ---------------------------------------------------------------------------

_ACTION = re.compile(r"^action (\d+)\b")


def _action_line(text: str, actions: Sequence[object], message: str) -> int | None:
    """The line of ``text`` holding the action that a replay error names, if it is found."""
    m = _ACTION.match(message)
    if m is None:
        return None
    index = int(m.group(1))
    if not 0 <= index < len(actions) or not isinstance(actions[index], str):
        return None
    action = cast("str", actions[index])
    earlier = sum(1 for a in actions[:index] if a == action)  # "p2 cc" may come many times
    lines = text.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("actions")), 0)
    for i in range(start, len(lines)):
        if f'"{action}"' in lines[i] or f"'{action}'" in lines[i]:
            if earlier == 0:
                return i + 1
            earlier -= 1
    return None


def _where(path: str, line: int | None) -> str:
    return f"{path}, line {line}" if line else path


#: The suffix of PHH files (any other file is read by what it holds).
PHH_SUFFIX = ".phh"
#: The suffixes of the site hand histories read in a folder.
SITE_SUFFIXES = (".txt",)


def _read_phh(file: str, data: bytes, *, guessed: bool) -> tuple[str, HandHistory, str, str]:
    """The text, hand history, game id and betting of the PHH file ``file`` (``data``).

    Args:
        file: the file's name, for messages.
        data: its bytes.
        guessed: whether the file was taken for PHH only because it holds no site hand
            (its name has no known suffix); its errors then say it is neither.

    Raises:
        CommandError: one line naming the file (and the line, where the reader knows it).
    """
    from holecard import phh

    neither = "neither a PokerStars or Full Tilt hand history nor PHH: " if guessed else ""
    try:
        # As a file read as text: universal line ends.
        text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as err:
        raise CommandError(
            f"{file}: {neither}not UTF-8 text ({err.reason} at byte {err.start})"
        ) from None
    if guessed and not text.strip():
        raise CommandError(f"{file}: empty: no hand history to replay")
    try:
        hh = phh.loads(text)
    except (ValueError, TypeError) as err:
        why = neither if isinstance(err, phh.HandHistorySyntaxError) else ""
        raise CommandError(f"{file}: {why}{err}") from None
    try:
        game, betting = phh.parse_variant(hh.variant)
    except (ValueError, TypeError) as err:
        lines = text.splitlines()
        line = next((i + 1 for i, ln in enumerate(lines) if ln.startswith("variant")), None)
        raise CommandError(f"{_where(file, line)}: {err}") from None
    return text, hh, game, betting


def _site_hands(data: bytes) -> list[HandHistory | SkippedHand]:
    """Every hand, imported or skipped, of site hand history bytes (none: not a site's)."""
    from holecard import sites

    text = sites.decode(data)
    # Always as text: a str with no line break that does not start with a hand is a path
    # to holecard.sites.
    return list(sites.scan(text if "\n" in text else f"{text}\n"))


def _read_site(
    file: str, found: Sequence[HandHistory | SkippedHand], hand: str | None
) -> tuple[HandHistory, str, str]:
    """The hand ``hand`` (by the site's hand id) of the hands ``found`` in ``file``.

    Raises:
        CommandError: no such hand, or a hand that was not imported; without ``hand``, a
            file of more than one hand.
    """
    from holecard import phh

    found = [h for h in found if hand is None or _hand_id(h) == hand]
    if not found:
        what = f"no hand {hand}" if hand is not None else "no PokerStars or Full Tilt hand"
        raise CommandError(f"{file}: {what}")
    if len(found) > 1:
        ids = ", ".join(str(_hand_id(h)) for h in found[:5]) + (", ..." if len(found) > 5 else "")
        raise CommandError(f"{file} holds {len(found)} hands ({ids}): choose one with --hand ID")
    [hh] = found
    if not isinstance(hh, phh.HandHistory):
        raise CommandError(f"{file}: hand {hh.hand_id} was not imported: {hh.reason}")
    game, betting = phh.parse_variant(hh.variant)
    return hh, game, betting


def _hand_id(item: HandHistory | SkippedHand) -> str | None:
    from holecard.sites import SkippedHand

    return item.hand_id if isinstance(item, SkippedHand) else str(item.hand)


def cmd_replay(args: argparse.Namespace) -> int:
    """Tell a PHH or site hand street by street and check it (``holecard replay``)."""
    from holecard import phh

    data, inputs = _read_input(args.file)
    suffix = Path(args.file).suffix.lower()
    # A .phh file is PHH; any other (a site's .txt, a pipe such as /dev/stdin, a device, a
    # file named otherwise) is a site's if it holds a site's hand, else PHH.
    found = [] if suffix == PHH_SUFFIX else _site_hands(data)
    if suffix == PHH_SUFFIX or not found:
        text, hh, game, betting = _read_phh(args.file, data, guessed=suffix != PHH_SUFFIX)
        if args.hand is not None and str(hh.hand) != args.hand:
            raise CommandError(f"{args.file} is hand {hh.hand}, not {args.hand}")
        label = args.file
    else:
        hh, game, betting = _read_site(args.file, found, args.hand)
        text, label = "", f"{args.file}, hand {hh.hand}"
    if args.html is not None:
        _check_output(Path(args.html), f"--html {args.html}", force=args.force, inputs=inputs)
    try:
        first = next(hh.replay_steps())
        replayed = hh.replay(verify=False)
    except phh.ReplayError as err:
        message = str(err)
        actions = hh.actions if isinstance(hh.actions, list) else []
        line = _action_line(text, actions, message)
        if line is None and (text or not _ACTION.match(message)):
            # The hand cannot even be set up (a site hand has no lines to point at, but a
            # message that names an action): not a usable file.
            raise CommandError(f"{label}: {message}") from None
        _print_header(label, hh, game, betting)
        print(f"ILLEGAL: {_where(label, line)}: {message}")
        if args.html is not None:
            print(f"no replayer page written to {args.html}: the hand cannot be replayed")
        return 1
    except (ValueError, TypeError, AttributeError, KeyError, IndexError) as err:
        # Fields of the wrong type (a stack that is text, actions that are not strings).
        raise CommandError(f"{args.file}: not a usable hand history: {err}") from None
    state = cast("State", replayed)
    names = _print_header(label, hh, game, betting)

    def name(seat: int) -> str:
        return names[seat] if seat < len(names) else f"p{seat + 1}"

    recorded = {Card(c) for c in first.known}
    unknown = _unknown_seats(hh.actions)
    narrator = Narrator(
        game, state, name, hidden=lambda seat: seat in unknown, known=recorded.__contains__
    )
    for event in state.history:
        for told in narrator.lines(event):
            print(f"  {told}")
    for told in narrator.finish():
        print(f"  {told}")
    if not state.is_over:
        print("the hand is not finished (the history stops before the end)")
    final = list(state.stacks)
    print("result: " + ", ".join(f"{name(i)} {p:+,}" for i, p in enumerate(state.payoffs)))
    if state.is_over and state.rake:
        print(f"rake: {state.rake:,}")
    if args.html is not None:
        from holecard.html import replay_page

        page = replay_page(hh).encode("utf-8")
        _write_output(
            Path(args.html), f"--html {args.html}", page, force=args.force, inputs=inputs
        )
        print(f"replayer page written to {args.html}")
    if not hh.finishing_stacks:
        print("legal: yes; the file records no finishing stacks to compare")
        return 0
    try:
        expected = [int(x) for x in hh.finishing_stacks]
    except (TypeError, ValueError):
        expected = None
    if expected == final:
        print("legal: yes; finishing stacks match")
        return 0
    print(f"legal: yes; finishing stacks DO NOT match: file {hh.finishing_stacks}, engine {final}")
    return 1


def _unknown_seats(actions: object) -> set[int]:
    """The seats dealt a card the history does not know (``??``).

    The replay invents those cards, so the narration keeps the seats' down cards and draws
    face down.
    """
    out: set[int] = set()
    for action in actions if isinstance(actions, list) else []:
        tokens = str(action).split("#", 1)[0].split()
        if tokens[:2] == ["d", "dh"] and len(tokens) == 4 and "??" in tokens[3]:
            out.add(int(tokens[2][1:]) - 1)
    return out


def _print_header(file: str, hh: HandHistory, game: str, betting: str) -> list[str]:
    """Print the file, the game and the seats; return the players' names."""
    stacks = list(hh.starting_stacks)
    n = len(stacks)
    names = [str(p) for p in hh.players or []] or [f"p{i + 1}" for i in range(n)]
    how = betting.lower().replace("_", " ")
    print(f"{file}: {hh.variant} ({game}, {how}), {plural(n, 'player')}")
    for i, stack in enumerate(stacks):
        print(f"  p{i + 1} {names[i] if i < len(names) else ''}: {stack:,}")
    return names


# ----- import and stats -----------------------------------------------------------------


def _site_items(files: Sequence[str]) -> Iterable[HandHistory | SkippedHand]:
    """Every hand of the site hand histories ``files`` (files or folders), in order."""
    from holecard import sites

    for file in files:
        if not Path(file).exists():
            raise CommandError(f"no such file: {file}")
        yield from sites.scan(file)


def _reason(skipped: SkippedHand) -> str:
    """Why a hand was skipped, without the file's name that a reader's message may start with."""
    source, reason = skipped.source, skipped.reason
    return reason[len(source) + 2 :] if reason.startswith(f"{source}: ") else reason


def _skipped_lines(skipped: Sequence[SkippedHand]) -> list[str]:
    """The summary of hands not read: their count, then each file once with its hands.

    A file of one skipped hand is one line (file: why); a file of several names the file,
    then one indented line per hand.
    """
    if not skipped:
        return []
    by_file: dict[str, list[str]] = {}
    for s in skipped:
        by_file.setdefault(s.source, []).append(_reason(s))
    out = [f"skipped {plural(len(skipped), 'hand')}:"]
    for source, reasons in by_file.items():
        if len(reasons) == 1:
            out.append(f"  {source}: {reasons[0]}")
        else:
            out.append(f"  {source}: {plural(len(reasons), 'hand')}:")
            out += [f"    {reason}" for reason in reasons]
    return out


def cmd_import(args: argparse.Namespace) -> int:
    """Write every hand of site hand histories as a PHH file (``holecard import``)."""
    from holecard import phh
    from holecard.sites import SkippedHand

    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise CommandError(f"--out {args.out}: not a folder")
    inputs = _check_inputs(args.files, SITE_SUFFIXES)
    items = list(_site_items(args.files))
    if not items:
        raise CommandError("no PokerStars or Full Tilt hand histories in " + " ".join(args.files))
    skipped = [i for i in items if isinstance(i, SkippedHand)]
    hands = [i for i in items if not isinstance(i, SkippedHand)]
    planned: list[tuple[Path, HandHistory]] = []
    written: dict[str, list[str]] = {}  # file stem -> the records written under it
    failing: list[tuple[HandHistory, str]] = []  # hands that fail replay, and why
    left_out: set[str] = set()  # the records of those not written
    duplicates = 0
    for hh in hands:
        stem = f"{hh.extras.get('_holecard_profile', hh.venue or 'site')}-{hh.hand}"
        record = repr(hh.to_dict())
        records = written.setdefault(stem, [])
        if record in records or record in left_out:  # the same hand in two files
            duplicates += 1
            continue
        why = _replay_failure(hh)
        if why is not None:
            failing.append((hh, why))
            if not args.write_failing:
                left_out.add(record)
                continue
        records.append(record)
        suffix = f"-{len(records)}" if len(records) > 1 else ""  # another hand, the same id
        planned.append((out / f"{stem}{suffix}.phh", hh))
    # Every file is checked before the first is written: a refusal leaves the folder as it was.
    if out.is_dir():
        for path, _ in planned:
            _check_output(path, f"--out {args.out}: {path.name}", force=args.force, inputs=inputs)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CommandError(f"--out {args.out}: cannot create: {err.strerror or err}") from None
    counts: dict[tuple[str, str], int] = {}
    for path, hh in planned:
        text = phh.dumps(hh).encode("utf-8")
        label = f"--out {args.out}: {path.name}"
        _write_output(path, label, text, force=args.force, inputs=inputs)
        key = (str(hh.venue), hh.variant)
        counts[key] = counts.get(key, 0) + 1
    again = f" ({plural(duplicates, 'hand')} found twice, written once)" if duplicates else ""
    print(f"imported {plural(len(planned), 'hand')} into {out}{again}:")
    for (venue, variant), count in sorted(counts.items()):
        print(f"  {venue} {variant}: {plural(count, 'hand')}")
    if failing:
        n = len(failing)
        they, fail = ("it", "fails") if n == 1 else ("they", "fail")
        if args.write_failing:
            print(f"written although {they} {fail} replay: {plural(n, 'hand')}:")
        else:
            print(f"not written: {plural(n, 'hand')} that {fail} replay:")
        for hh, why in failing:
            print(f"  {hh.venue or 'site'} hand {hh.hand}: {why}")
    for line in _skipped_lines(skipped):
        print(line)
    return 0


def _replay_failure(hh: HandHistory) -> str | None:
    """Why the imported hand ``hh`` fails replay (a card dealt twice ...), or ``None``.

    The site readers take each line as it comes; only a replay sees that the hand as a
    whole cannot have been played so (or does not end with its recorded stacks).
    """
    try:
        hh.replay()
    except (ValueError, TypeError) as err:  # ReplayError, or a field of the wrong type
        return str(err) or type(err).__name__
    return None


def _load_hands(files: Sequence[str]) -> tuple[list[HandHistory], list[SkippedHand]]:
    """The hands of ``files``: PHH files (``.phh``), site hand histories, or folders of both.

    A PHH file that cannot be read is skipped, with the reason.
    """
    from holecard import phh
    from holecard.sites import SkippedHand

    hands: list[HandHistory] = []
    skipped: list[SkippedHand] = []
    for file in files:
        path = Path(file)
        if not path.exists():
            raise CommandError(f"no such file: {file}")
        found = (
            sorted(p for p in path.rglob("*") if p.suffix.lower() == ".phh" and p.is_file())
            if path.is_dir()
            else []
        )
        if path.suffix.lower() == ".phh":
            found = [path]
        for p in found:
            try:
                hands.append(phh.load(p))
            except OSError as err:  # its message would name the file again
                skipped.append(SkippedHand(str(p), None, f"cannot read: {err.strerror or err}"))
            except (ValueError, TypeError) as err:
                skipped.append(SkippedHand(str(p), None, str(err)))
        if path.is_dir() or path.suffix.lower() != ".phh":
            for item in _site_items([file]):
                if isinstance(item, SkippedHand):
                    skipped.append(item)
                else:
                    hands.append(item)
    return hands, skipped


def cmd_stats(args: argparse.Namespace) -> int:
    """Print the players' statistics over hand histories (``holecard stats``)."""
    from holecard import stats

    _check_inputs(args.files, (*SITE_SUFFIXES, PHH_SUFFIX))
    hands, skipped = _load_hands(args.files)
    if not hands:  # say why, when there were hands that could not be read
        why = ""
        if skipped:
            skip = skipped[0]
            where = "" if list(args.files) == [skip.source] else f"{skip.source}: "
            why = f" ({plural(len(skipped), 'hand')} skipped: {where}{_reason(skip)})"
        raise CommandError("no hands in " + " ".join(args.files) + why)
    table = stats.compute(hands, players=args.player, errors="ignore")
    if not table.hands:  # every hand read, none countable: say why, as for unreadable ones
        first = table.uncounted[0]
        raise CommandError(
            f"no hand of {' '.join(args.files)} could be counted "
            f"({plural(len(table.uncounted), 'hand')}; hand {first.hand}: {first.reason})"
        )
    missing = [p for p in args.player or () if not any(r.player == p for r in table)]
    if missing:
        raise CommandError("no hands of " + ", ".join(repr(p) for p in missing))
    for line in stats_lines(table):
        print(line)
    again = f" ({plural(table.duplicates, 'hand')} found twice, counted once)"
    print(f"{plural(table.hands, 'hand')} counted" + (again if table.duplicates else ""))
    for line in _skipped_lines(skipped):
        print(line)
    for u in table.uncounted:
        print(f"not counted: hand {u.hand}: {u.reason}")
    return 0
