"""The ``holecard`` command line (also ``python -m holecard``).

Subcommands: ``eval`` (rank hands), ``equity`` (showdown equities), ``simulate`` (bots play
many hands natively, with a progress bar, a summary table and an optional plot),
``replay`` (print a PHH hand street by street and check it) and ``play`` (a game against
the bots in the terminal). ``holecard COMMAND --help`` describes each.

Errors are reported as one line on standard error (exit status 2), never as a traceback.

>>> main(["eval", "stud", "As Ks Qs Js Ts 2d 3c"])
Royal flush  [As Ks Qs Js Ts]  strength 7462
0
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from holecard import _core
from holecard._core import Event, HandValue
from holecard.exceptions import HoleCardError

if TYPE_CHECKING:
    from holecard.games import State
    from holecard.simulate import SimulationResult

__all__ = ["main"]

_GAMES = ("soko", "stud", "stud8", "razz", "deuce_seven")

# What `eval GAME` shows for each game: (label, evaluator) per half of the pot.
_EVALUATORS: dict[str, list[tuple[str, Callable[[str], HandValue | None]]]] = {
    "stud": [("", _core.evaluate_high)],
    "high": [("", _core.evaluate_high)],
    "stud8": [("high", _core.evaluate_high), ("low", _core.evaluate_low8)],
    "razz": [("", _core.evaluate_ace_five)],
    "soko": [("", _core.evaluate_soko)],
    "deuce_seven": [("", _core.evaluate_deuce_seven)],
}


class CommandError(Exception):
    """A usage or input error: printed as one line, exit status 2."""


def _describe(value: HandValue | None) -> str:
    if value is None:
        return "no qualifying low"
    cards = " ".join(str(c) for c in value.cards)
    return f"{value}  [{cards}]  strength {value.strength}"


# ----- eval -----------------------------------------------------------------------------


def _cmd_eval(args: argparse.Namespace) -> int:
    for hand in args.hands:
        parts = []
        for label, evaluate in _EVALUATORS[args.game]:
            text = _describe(evaluate(hand))
            parts.append(f"{label}: {text}" if label else text)
        print(" | ".join(parts))
    return 0


# ----- equity ---------------------------------------------------------------------------


def _cmd_equity(args: argparse.Namespace) -> int:
    try:
        module = importlib.import_module("holecard.equity")
    except ImportError as err:  # pragma: no cover - the module ships with holecard
        raise CommandError(f"equity is not available: {err}") from None
    equity = getattr(module, "equity", None)
    if equity is None:  # pragma: no cover
        raise CommandError("equity is not available in this build")
    kwargs: dict[str, Any] = {"dead": args.dead or (), "samples": args.samples}
    if args.seed is not None:
        kwargs["seed"] = args.seed
    if args.threads is not None:
        kwargs["threads"] = args.threads
    result = equity(args.game, list(args.hands), **kwargs)
    shares: Sequence[float] = result.shares
    stderr: Sequence[float] | None = getattr(result, "stderr", None)
    exact = bool(getattr(result, "exact", args.samples is None))
    outcomes = getattr(result, "outcomes", None)
    width = max(len(h) for h in args.hands)
    for i, (hand, share) in enumerate(zip(args.hands, shares, strict=True)):
        line = f"player {i + 1}  {hand.ljust(width)}  {100 * share:7.3f}%"
        if not exact and stderr is not None:
            line += f"  ± {100 * stderr[i]:.3f}%"
        print(line)
    how = "exact" if exact else "Monte Carlo"
    count = f"{outcomes:,} {'outcomes' if exact else 'samples'}" if outcomes is not None else ""
    print(f"{args.game}: {how}" + (f", {count}" if count else ""))
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


def _progress_bar(out: TextIO, done: int, total: int, started: float) -> None:
    width = 30
    frac = done / total if total else 1.0
    filled = int(width * frac)
    elapsed = time.monotonic() - started
    rate = done / elapsed if elapsed > 0 else 0.0
    eta = (total - done) / rate if rate > 0 else 0.0
    bar = "#" * filled + "-" * (width - filled)
    out.write(
        f"\r[{bar}] {100 * frac:5.1f}%  {done:,}/{total:,} hands  "
        f"{rate:,.0f} hands/s  eta {eta:4.0f}s"
    )
    out.flush()


def _cmd_simulate(args: argparse.Namespace) -> int:
    from holecard.simulate import simulate_chunks

    table: dict[str, Any] = {}
    for item in args.table or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise CommandError(f"--set takes KEY=VALUE, got {item!r}")
        table[key.strip()] = _table_value(value)
    if args.betting is not None:
        table["betting"] = args.betting
    bots: list[str] | None = None
    if args.bots:
        bots = [b for item in args.bots for b in item.replace(",", " ").split()]
        if len(bots) == 1:
            bots = bots * args.players
    plot = None
    if args.plot is not None:
        plot = _load_pyplot()
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    chunk = max(512, -(-args.hands // 200)) if (show or plot) else max(1, args.hands)
    started = time.monotonic()
    points: list[tuple[int, tuple[int, ...]]] = [(0, (0,) * args.players)]
    result = None
    for result in simulate_chunks(
        args.game,
        players=args.players,
        hands=args.hands,
        bots=bots,
        seed=args.seed,
        threads=args.threads,
        stack=args.stack,
        chunk=chunk,
        **table,
    ):
        points.append((result.hands, result.chips_won))
        if show:
            _progress_bar(sys.stderr, result.hands, args.hands, started)
    if show:
        sys.stderr.write("\n")
    assert result is not None
    elapsed = time.monotonic() - started
    print(result)
    print(f"{result.hands:,} hands in {elapsed:.2f}s ({result.hands / max(elapsed, 1e-9):,.0f}/s)")
    if plot is not None:
        _plot(plot, args.plot, result, points)
        print(f"plot written to {args.plot}")
    return 0


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

_STREETS: dict[str, tuple[str, ...]] = {
    "soko": ("second street", "third street", "fourth street", "fifth street"),
    "deuce_seven": ("pre-draw", "after the first draw", "after the second draw", "final"),
}
_STUD_STREETS = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
_DRAWS = ("first draw", "second draw", "third draw")
_NUMBER = re.compile(r"number=(\d+)")


def street_title(game: str, event: Event) -> str:
    """The heading of a ``street`` event (``"fourth street"``, ``"second draw"`` …)."""
    text = repr(event)
    m = _NUMBER.search(text)
    number = int(m.group(1)) if m else 0
    if "DrawRound" in text:
        return _DRAWS[number - 1] if 1 <= number <= 3 else f"draw {number}"
    names = _STREETS.get(game, _STUD_STREETS)
    return names[number] if number < len(names) else f"round {number + 1}"


def describe_event(event: Event, name: Callable[[int], str]) -> str | None:
    """One line for an action, deal or award; ``None`` for events not worth a line."""
    kind = event.kind
    seat = event.seat
    who = name(seat) if seat is not None else ""
    if kind == "ante":
        return f"{who} posts the ante {event.amount}"
    if kind == "blind":
        big = "big" if "big=true" in repr(event).lower() else "small"
        return f"{who} posts the {big} blind {event.amount}"
    if kind == "bring_in":
        return f"{who} brings in for {event.amount}"
    if kind == "complete":
        return f"{who} completes to {event.to}"
    if kind == "fold":
        return f"{who} folds"
    if kind == "check":
        return f"{who} checks"
    if kind == "call":
        return f"{who} calls {event.amount}"
    if kind == "bet_raise":
        return f"{who} bets/raises to {event.to}"
    if kind == "draw":
        n = len(event.discards)
        return f"{who} stands pat" if n == 0 else f"{who} draws {n}"
    if kind == "timeout":
        return f"{who} times out"
    if kind == "uncalled":
        return f"{event.amount} uncalled returned to {who}"
    if kind == "board":
        return f"community card {event.card}"
    if kind == "recycle":
        return "burned cards are shuffled back into the stub"
    if kind == "reshuffle":
        return "the discards are reshuffled into a new stub"
    if kind == "award":
        share = {"high": " (high half)", "low": " (low half)"}.get(event.share or "", "")
        pot = "the main pot" if not event.pot else f"side pot {event.pot}"
        return f"{who} wins {event.amount} from {pot}{share}"
    return None


def _cmd_replay(args: argparse.Namespace) -> int:
    from holecard import phh

    path = Path(args.file)
    if not path.is_file():
        raise CommandError(f"no such file: {args.file}")
    try:
        hh = phh.load(path)
    except (ValueError, TypeError, KeyError) as err:
        raise CommandError(f"{args.file}: not a readable PHH file: {err}") from None
    try:
        game, betting = phh.parse_variant(hh.variant)
    except (ValueError, KeyError) as err:
        raise CommandError(f"{args.file}: {err}") from None
    n = len(hh.starting_stacks)
    names = list(hh.players or []) or [f"p{i + 1}" for i in range(n)]
    print(f"{args.file}: {hh.variant} ({game}, {betting.lower().replace('_', ' ')}), {n} players")
    for i, stack in enumerate(hh.starting_stacks):
        print(f"  p{i + 1} {names[i] if i < len(names) else ''}: {stack:,}")
    try:
        replayed = hh.replay(verify=False)
    except phh.ReplayError as err:
        print(f"ILLEGAL: {err}")
        return 1
    state = cast("State", replayed)

    def name(seat: int) -> str:
        return names[seat] if seat < len(names) else f"p{seat + 1}"

    _print_history(game, state, name)
    legal = True
    if not state.is_over:
        print("the hand is not finished (the history stops before the end)")
    final = list(state.stacks)
    print("result: " + ", ".join(f"{name(i)} {p:+,}" for i, p in enumerate(state.payoffs)))
    if hh.finishing_stacks is None:
        print("legal: yes; the file records no finishing stacks to compare")
    elif [int(x) for x in hh.finishing_stacks] == final:
        print("legal: yes; finishing stacks match")
    else:
        legal = False
        expected = hh.finishing_stacks
        print(f"legal: yes; finishing stacks DO NOT match: file {expected}, engine {final}")
    return 0 if legal else 1


def _print_history(game: str, state: State, name: Callable[[int], str]) -> None:
    deals: dict[int, list[str]] = {}

    def flush() -> None:
        for seat in sorted(deals):
            print(f"    {name(seat)}: {' '.join(deals[seat])}")
        deals.clear()

    pot = 0
    bets: dict[int, int] = {}
    for event in state.history:
        kind = event.kind
        seat = event.seat or 0
        if kind in ("ante", "blind", "bring_in", "call"):
            pot += event.amount or 0
            if kind != "ante":
                bets[seat] = bets.get(seat, 0) + (event.amount or 0)
        elif kind in ("complete", "bet_raise"):
            to = event.to or 0
            pot += to - bets.get(seat, 0)
            bets[seat] = to
        elif kind == "uncalled":
            pot -= event.amount or 0
        if kind == "street":
            bets.clear()
            print(f"  -- {street_title(game, event)} (pot {pot:,}) --")
            flush()
            continue
        if kind == "deal":
            text = str(event.card) if event.up else f"[{event.card}]"
            deals.setdefault(event.seat or 0, []).append(text)
            continue
        if kind == "draw":
            flush()
            got = " ".join(str(c) for c in event.received)
            out = " ".join(str(c) for c in event.discards)
            line = describe_event(event, name)
            print(f"    {line}" + (f": out {out}, in {got}" if out else ""))
            continue
        if kind == "burn":
            continue
        if kind == "show":
            flush()
            print(f"  {name(event.seat or 0)} shows {_show(game, state, event.seat or 0)}")
            continue
        flush()
        line = describe_event(event, name)
        if line:
            print(f"    {line}")
    flush()


def _show(game: str, state: State, seat: int) -> str:
    player = state.players[seat]
    cards = list(player.hole_cards) + list(state.board)
    text = " ".join(str(c) for c in cards)
    try:
        return f"{text}: {hand_name(game, cards)}"
    except (HoleCardError, ValueError):
        return text


def hand_name(game: str, cards: Sequence[Any]) -> str:
    """A readable name of a finished hand in ``game`` ("Two pair, ..."; hi/lo both)."""
    if game == "stud8":
        high = _core.evaluate_high(cards)
        low = _core.evaluate_low8(cards)
        return f"{high}" + (f"; low {low}" if low is not None else "; no low")
    fn = {
        "soko": _core.evaluate_soko,
        "razz": _core.evaluate_ace_five,
        "deuce_seven": _core.evaluate_deuce_seven,
    }.get(game, _core.evaluate_high)
    return str(fn(cards))


# ----- play -----------------------------------------------------------------------------


def _cmd_play(args: argparse.Namespace) -> int:
    from holecard import _play

    return _play.run(
        args.game,
        players=args.players,
        bots=args.bots,
        seed=args.seed,
        stack=args.stack,
        hands=args.hands,
    )


# ----- the parser -----------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="holecard",
        description="Stud and draw poker: evaluate hands, compute equities, simulate, replay, "
        "play.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = ", ".join(_GAMES)

    ev = sub.add_parser("eval", help="evaluate hands", description="Evaluate one or more hands.")
    ev.add_argument("game", choices=sorted(_EVALUATORS), help="the game whose ranking to use")
    ev.add_argument("hands", nargs="+", help='cards, e.g. "As Ks Qs Js Ts 2d 3c"')
    ev.set_defaults(run=_cmd_eval)

    eq = sub.add_parser(
        "equity",
        help="showdown equities",
        description="Each player's expected share of the pot at showdown (exact by default, "
        "Monte Carlo with --samples). Stud games: each HAND lists the cards the player holds; "
        "deuce_seven: the cards he keeps (he draws the rest once).",
    )
    eq.add_argument("game", metavar="GAME", choices=_GAMES, help=games)
    eq.add_argument("hands", metavar="HAND", nargs="+", help='a player\'s cards, e.g. "AsAh Kd"')
    eq.add_argument("--dead", metavar="CARDS", help="cards out of play")
    eq.add_argument("--samples", type=int, metavar="N", help="Monte Carlo with N samples")
    eq.add_argument("--seed", type=int, metavar="S", help="Monte Carlo seed")
    eq.add_argument("--threads", type=int, metavar="N", help="worker threads (default: all)")
    eq.set_defaults(run=_cmd_equity)

    si = sub.add_parser(
        "simulate",
        help="bots play many hands",
        description="The engine plays whole hands with built-in bots (random, "
        "calling_station, strength) and prints per-seat results. Stacks reset every hand.",
    )
    si.add_argument("game", metavar="GAME", choices=_GAMES, help=games)
    si.add_argument("--players", type=int, default=6, metavar="N", help="seats (default 6)")
    si.add_argument("--hands", type=int, default=10_000, metavar="N", help="default 10,000")
    si.add_argument(
        "--bots",
        nargs="+",
        metavar="BOT",
        help="one bot for all seats or one per seat (space or comma separated); default: strength",
    )
    si.add_argument("--seed", type=int, metavar="S", help="seed (default: random, printed)")
    si.add_argument("--threads", type=int, metavar="N", help="worker threads (default: all)")
    si.add_argument("--stack", type=int, metavar="CHIPS", help="stack (default 100 big bets)")
    si.add_argument(
        "--betting", choices=("fixed_limit", "pot_limit", "no_limit"), help="betting structure"
    )
    si.add_argument(
        "--set",
        dest="table",
        action="append",
        metavar="KEY=VALUE",
        help="a table keyword, e.g. --set ante=2 --set max_raises=4 (repeatable)",
    )
    si.add_argument("--plot", metavar="FILE", help="write a PNG of cumulative results per seat")
    prog = si.add_mutually_exclusive_group()
    prog.add_argument(
        "--progress",
        action="store_true",
        default=None,
        help="show a progress bar (default when stderr is a terminal)",
    )
    prog.add_argument("--no-progress", dest="progress", action="store_false")
    si.set_defaults(run=_cmd_simulate)

    rp = sub.add_parser(
        "replay",
        help="replay and check a PHH hand history",
        description="Print the hand street by street and check that it is legal and ends with "
        "its recorded finishing stacks (exit status 1 when it does not).",
    )
    rp.add_argument("file", metavar="FILE.phh")
    rp.set_defaults(run=_cmd_replay)

    pl = sub.add_parser(
        "play",
        help="play against the bots in the terminal",
        description="You (seat 0) against bots. Type the letter of an action (h for help); "
        "q or end of input quits.",
    )
    pl.add_argument("game", metavar="GAME", choices=_GAMES, help=games)
    pl.add_argument("--players", type=int, default=4, metavar="N", help="seats (default 4)")
    pl.add_argument(
        "--bots", default="strength", metavar="BOT", help="the opponents' bot (default strength)"
    )
    pl.add_argument("--seed", type=int, metavar="S", help="seed of the cards and bots")
    pl.add_argument("--stack", type=int, metavar="CHIPS", help="stack (default 100 big bets)")
    pl.add_argument("--hands", type=int, metavar="N", help="stop after N hands")
    pl.set_defaults(run=_cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except (CommandError, HoleCardError, ValueError, TypeError, OSError) as err:
        message = str(err).splitlines()[0] if str(err) else type(err).__name__
        print(f"holecard: error: {message}", file=sys.stderr)
        return 2
    return code
