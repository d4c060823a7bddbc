"""The ``eval``, ``equity``, ``simulate`` and ``replay`` commands.

``play`` is in :mod:`holecard.cli.play`. :class:`CommandError` is the usage or input error
that every command reports as one line.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import re
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TextIO, cast

from holecard.cli.render import EVALUATORS, Narrator, describe, plural

if TYPE_CHECKING:
    from holecard._distribute import ExecutorLike
    from holecard._simulate import SimulationResult
    from holecard.games import State
    from holecard.phh import HandHistory

__all__ = ["EVALUATORS", "CommandError", "cmd_equity", "cmd_eval", "cmd_replay", "cmd_simulate"]


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


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[ExecutorLike | None]:
    """The executor ``--ray [ADDRESS]`` or ``--dask ADDRESS`` asks for, or ``None``.

    A Dask client is closed at the end.
    """
    if args.chunk_size is not None and args.ray is None and args.dask is None:
        raise CommandError("--chunk-size applies only with --ray or --dask")
    if args.ray is not None:
        try:
            import ray
        except ImportError:
            raise CommandError("--ray needs Ray: pip install 'holecard[ray]'") from None
        if not ray.is_initialized():
            ray.init(address=args.ray or None, log_to_driver=False)
        yield "ray"
    elif args.dask is not None:
        try:
            from distributed import Client
        except ImportError:
            raise CommandError("--dask needs Dask: pip install 'holecard[dask]'") from None
        with Client(args.dask) as client:  # type: ignore[no-untyped-call]
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
    from holecard.exceptions import ConfigurationError

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


def _table_value(text: str) -> object:
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _bot_list(items: Sequence[str] | None, players: int) -> Iterable[str] | None:
    """The bot of every seat: one name for all, or a list repeated around the table.

    The seats are produced lazily, so an impossible ``players`` is refused by
    :func:`~holecard._simulate.simulate_chunks` before anything of that size is built.
    """
    if not items:
        return None
    bots = [b for item in items for b in item.replace(",", " ").split()]
    if not bots:
        raise CommandError("--bots needs at least one bot name")
    if len(bots) > players:
        raise CommandError(f"--bots lists {len(bots)} bots for {plural(players, 'player')}")
    return itertools.islice(itertools.cycle(bots), players)


def _check_writable(path: str) -> None:
    """Fail now, before a long run, if ``path`` cannot be written (it is left as it was)."""
    target = Path(path)
    if target.is_dir():
        raise CommandError(f"--plot {path}: is a directory")
    existed = target.exists()
    try:
        with target.open("ab"):
            pass
    except OSError as err:
        raise CommandError(f"--plot {path}: cannot write: {err.strerror or err}") from None
    if not existed:
        target.unlink(missing_ok=True)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Let the bots play many hands and print the results (``holecard simulate``)."""
    from holecard._simulate import simulate_chunks

    table: dict[str, Any] = {}
    for item in args.table or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CommandError(f"--set takes KEY=VALUE, got {item!r}")
        table[key.strip()] = _table_value(value)
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
    plot = None
    if args.plot is not None:
        _check_writable(args.plot)
        plot = _load_pyplot()
    bar = _progress(args, "hands")
    chunk = max(512, -(-args.hands // 200)) if (bar or plot) else args.hands
    started = time.monotonic()
    points: list[tuple[int, tuple[int, ...]]] = []
    result = None
    try:
        for result in simulate_chunks(args.game, chunk=chunk, **_run_options(args, bots, table)):
            if not points:
                points.append((0, (0,) * result.players))
            points.append((result.hands, result.chips_won))
            if bar is not None:
                bar(result.hands, args.hands)
    finally:
        if bar is not None:
            bar.close()
    assert result is not None
    _print_run(result, time.monotonic() - started)
    if plot is not None:
        _plot(plot, args.plot, result, points)
        print(f"plot written to {args.plot}")
    return 0


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
    plt: ModuleType, path: str, result: SimulationResult, points: list[tuple[int, tuple[int, ...]]]
) -> None:
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
    try:
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)


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


def _read_phh(file: str) -> tuple[str, HandHistory, str, str]:
    """The text, hand history, game id and betting of ``file``.

    Raises:
        CommandError: one line naming the file (and the line, where the reader knows it).
    """
    from holecard import phh

    path = Path(file)
    if path.is_dir():
        raise CommandError(f"{file} is a directory; replay takes one .phh file")
    if not path.exists():
        raise CommandError(f"no such file: {file}")
    try:
        hh = phh.load(path)
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise CommandError(f"{file}: cannot read: {err.strerror or err}") from None
    except (ValueError, TypeError) as err:
        message = str(err)
        raise CommandError(message if message.startswith(file) else f"{file}: {message}") from None
    try:
        game, betting = phh.parse_variant(hh.variant)
    except (ValueError, TypeError) as err:
        lines = text.splitlines()
        line = next((i + 1 for i, ln in enumerate(lines) if ln.startswith("variant")), None)
        raise CommandError(f"{_where(file, line)}: {err}") from None
    return text, hh, game, betting


def cmd_replay(args: argparse.Namespace) -> int:
    """Tell a PHH hand street by street and check it (``holecard replay``)."""
    from holecard import phh

    text, hh, game, betting = _read_phh(args.file)
    try:
        replayed = hh.replay(verify=False)
    except phh.ReplayError as err:
        message = str(err)
        actions = hh.actions if isinstance(hh.actions, list) else []
        line = _action_line(text, actions, message)
        if line is None:  # the hand cannot even be set up: not a usable file
            raise CommandError(f"{args.file}: {message}") from None
        _print_header(args.file, hh, game, betting)
        print(f"ILLEGAL: {_where(args.file, line)}: {message}")
        return 1
    except (ValueError, TypeError, AttributeError, KeyError, IndexError) as err:
        # Fields of the wrong type (a stack that is text, actions that are not strings).
        raise CommandError(f"{args.file}: not a usable hand history: {err}") from None
    state = cast("State", replayed)
    names = _print_header(args.file, hh, game, betting)

    def name(seat: int) -> str:
        return names[seat] if seat < len(names) else f"p{seat + 1}"

    narrator = Narrator(game, state, name)
    for event in state.history:
        for told in narrator.lines(event):
            print(f"  {told}")
    for told in narrator.finish():
        print(f"  {told}")
    if not state.is_over:
        print("the hand is not finished (the history stops before the end)")
    final = list(state.stacks)
    print("result: " + ", ".join(f"{name(i)} {p:+,}" for i, p in enumerate(state.payoffs)))
    if hh.finishing_stacks is None:
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
