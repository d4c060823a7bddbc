"""The command parser of ``holecard`` and :func:`main`, which runs a command line.

Every number on the command line is checked before any work starts; usage errors and
errors of the commands are one line on standard error (exit status 2), and a fault inside
holecard itself is one line too (exit status 70). A Ctrl-C is :func:`holecard.cli.main`'s
to handle (exit status 130).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from holecard import _core
from holecard._enums import Game
from holecard.cli.commands import (
    EVALUATORS,
    MAX_INPUT_BYTES,
    CommandError,
    cmd_equity,
    cmd_eval,
    cmd_import,
    cmd_replay,
    cmd_simulate,
    cmd_stats,
)
from holecard.cli.play import cmd_play
from holecard.exceptions import HoleCardError
from holecard.options import Betting

__all__ = ["main"]

_GAMES = tuple(game.value for game in Game)

_U64 = 2**64 - 1
_EX_SOFTWARE = 70  # sysexits.h: an internal software error
# More worker threads than this only slows a run down (a pool of 4,096 threads takes over a
# minute to start work on two cores); the library accepts more.
_MAX_THREADS = 256
_THREADS_HELP = f"worker threads, 1 to {_MAX_THREADS} (default: every core)"
_STACK_HELP = f"stack (default {_core.DEFAULT_STACK_BIG_BETS} big bets)"


# ----- numbers on the command line ------------------------------------------------------


def _whole(low: int, high: int = _U64) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else a one-line error."""
    limit = "2**64 - 1" if high == _U64 else f"{high:,}"

    def parse(text: str) -> int:
        digits = text.strip()
        shown = digits if len(digits) <= 24 else f"{digits[:20]}..."
        if len(digits) > 100 and digits.lstrip("+-").isdecimal():  # beyond int()'s comfort
            if digits.startswith("-"):
                raise argparse.ArgumentTypeError(f"must be at least {low:,}, got {shown}")
            raise argparse.ArgumentTypeError(f"must be at most {limit}, got {shown}")
        try:
            value = int(digits)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {shown!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low:,}, got {shown}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {limit}, got {shown}")
        return value

    return parse


# ----- the parser -----------------------------------------------------------------------

_BREAKS = re.compile(r"[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _one_line(text: str) -> str:
    """``text`` with its line breaks escaped, so that it prints as exactly one line."""
    return _BREAKS.sub(lambda m: repr(m.group())[1:-1], text.strip()) or "error"


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {_one_line(message)}\n")


def _progress_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--progress",
        action="store_true",
        default=None,
        help="show a progress bar on standard error (default when it is a terminal)",
    )
    group.add_argument("--no-progress", dest="progress", action="store_false")


def _force_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"overwrite {what} that exists already (never an input file, never through a "
        "symbolic link)",
    )


def _cluster_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="run on a Ray cluster: ADDRESS (e.g. auto, or HOST:6379), else RAY_ADDRESS, "
        "else a local one started for the run that listens on 127.0.0.1 only "
        "(pip install 'holecard[ray]')",
    )
    group.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on the Dask scheduler at ADDRESS, e.g. tcp://HOST:8786, which must answer "
        "within 10 s (pip install 'holecard[dask]')",
    )
    parser.add_argument(
        "--chunk-size",
        type=_whole(1),
        metavar="N",
        help="with --ray or --dask: outcomes (equity) or hands (simulate) per chunk "
        "(default: sized from the measured per-chunk overhead)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="holecard",
        description="Stud and draw poker: evaluate hands, compute equities, simulate, replay, "
        "play, import site hand histories and count player statistics.",
    )
    parser.add_argument("--version", action="version", version=f"holecard {_core.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = ", ".join(_GAMES)
    seed_help = "seed, 0 to 2**64 - 1"

    ev = sub.add_parser("eval", help="evaluate hands", description="Evaluate one or more hands.")
    ev.add_argument("game", choices=sorted(EVALUATORS), help="the game whose ranking to use")
    ev.add_argument("hands", nargs="+", help='cards, e.g. "As Ks Qs Js Ts 2d 3c"')
    ev.set_defaults(run=cmd_eval)

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
    eq.add_argument("--samples", type=_whole(1), metavar="N", help="Monte Carlo with N samples")
    eq.add_argument("--seed", type=_whole(0), metavar="S", help=f"Monte Carlo {seed_help}")
    eq.add_argument("--threads", type=_whole(1, _MAX_THREADS), metavar="N", help=_THREADS_HELP)
    _progress_options(eq)
    _cluster_options(eq)
    eq.set_defaults(run=cmd_equity)

    si = sub.add_parser(
        "simulate",
        help="bots play many hands",
        description="The engine plays whole hands with built-in bots "
        f"({', '.join(_core.BOTS)}) and prints per-seat results. Stacks reset every hand.",
    )
    si.add_argument("game", metavar="GAME", choices=_GAMES, help=games)
    si.add_argument("--players", type=_whole(2), default=6, metavar="N", help="seats (default 6)")
    si.add_argument("--hands", type=_whole(1), default=10_000, metavar="N", help="default 10,000")
    si.add_argument(
        "--bots",
        nargs="+",
        metavar="BOT",
        help="one bot for every seat, or a list (space or comma separated) that repeats "
        "around the table: strength,random seats strength, random, strength, ...; "
        f"default: {_core.DEFAULT_BOT}",
    )
    si.add_argument(
        "--seed", type=_whole(0), metavar="S", help=f"{seed_help} (default: random, printed)"
    )
    si.add_argument("--threads", type=_whole(1, _MAX_THREADS), metavar="N", help=_THREADS_HELP)
    si.add_argument("--stack", type=_whole(1), metavar="CHIPS", help=_STACK_HELP)
    si.add_argument(
        "--betting",
        choices=tuple(b.value.lower() for b in Betting),
        help="betting structure",
    )
    si.add_argument(
        "--set",
        dest="table",
        action="append",
        metavar="KEY=VALUE",
        help="a table keyword, e.g. --set ante=2 --set max_raises=4 (repeatable)",
    )
    si.add_argument(
        "--plot",
        metavar="FILE",
        help="write a PNG of cumulative results per seat to FILE (a new file, unless --force)",
    )
    _force_option(si, "a --plot FILE")
    _progress_options(si)
    _cluster_options(si)
    si.set_defaults(run=cmd_simulate)

    rp = sub.add_parser(
        "replay",
        help="replay and check a PHH or poker-site hand history",
        description="Print the hand street by street and check that it is legal and ends with "
        "its recorded finishing stacks (exit status 1 when it does not). FILE is a PHH file "
        "(.phh) or a PokerStars or Full Tilt hand history (.txt); any FILE but a .phh, "
        "such as /dev/stdin, is read as whichever its content is; FILE is a file or a pipe "
        f"of at most {MAX_INPUT_BYTES // 2**20} MiB, never a device. --hand picks a hand of "
        "a site file that holds several. With --html, also write a self-contained replayer "
        "page (one HTML file, nothing fetched); an existing file is replaced only with "
        "--force, the input never, and a symbolic link is not followed.",
    )
    rp.add_argument("file", metavar="FILE", help="a .phh file or a site hand history")
    rp.add_argument("--hand", metavar="ID", help="the site's hand number")
    rp.add_argument(
        "--html", metavar="OUT.html", help="write a replayer page of the hand to OUT.html"
    )
    _force_option(rp, "an --html file")
    rp.set_defaults(run=cmd_replay)

    im = sub.add_parser(
        "import",
        help="convert poker-site hand histories to PHH files",
        description="Read PokerStars and Full Tilt hand histories (files, or folders of .txt "
        "files) and write one PHH file per hand into DIR (SITE-HANDID.phh); hands that are "
        "not imported (cancelled, cut off) are listed with the reason. Every hand is "
        "replayed first: one that fails (a card dealt twice ...) is listed with the reason "
        "and not written, unless --write-failing. A file that exists in DIR already stops "
        "the import before anything is written, unless --force.",
    )
    im.add_argument("files", metavar="FILE", nargs="+", help="a site hand history or a folder")
    im.add_argument("--out", metavar="DIR", required=True, help="the folder to write into")
    _force_option(im, "a PHH file")
    im.add_argument(
        "--write-failing",
        action="store_true",
        help="write the hands that fail replay too (they are still listed)",
    )
    im.set_defaults(run=cmd_import)

    st = sub.add_parser(
        "stats",
        help="player statistics over hand histories",
        description="Per player and game: hands, VPIP, first-round raises, steals and "
        "bring-in defence (stud), aggression factor, showdowns, net won and big bets per 100 "
        "hands, cards drawn and pat share per draw (2-7). FILES are PHH files, site hand "
        "histories or folders of either; the counting rules are holecard.stats'.",
    )
    st.add_argument("files", metavar="FILE", nargs="+", help="hand histories or folders")
    st.add_argument(
        "--player", action="append", metavar="NAME", help="only this player (repeatable)"
    )
    st.set_defaults(run=cmd_stats)

    pl = sub.add_parser(
        "play",
        help="play against the bots in the terminal",
        description="You (seat 0) against bots. Type the letter of an action (h for help); "
        "q or end of input quits.",
    )
    pl.add_argument("game", metavar="GAME", choices=_GAMES, help=games)
    pl.add_argument("--players", type=_whole(2), default=4, metavar="N", help="seats (default 4)")
    pl.add_argument(
        "--bots",
        default=_core.DEFAULT_BOT,
        metavar="BOT",
        help=f"the opponents' bot: {', '.join(_core.BOTS)} (default {_core.DEFAULT_BOT})",
    )
    pl.add_argument("--seed", type=_whole(0), metavar="S", help=f"{seed_help}, of cards and bots")
    pl.add_argument("--stack", type=_whole(1), metavar="CHIPS", help=_STACK_HELP)
    pl.add_argument("--hands", type=_whole(1), metavar="N", help="stop after N hands")
    pl.set_defaults(run=cmd_play)
    return parser


def _game_out_of_bots(argv: Sequence[str]) -> list[str]:
    """``argv`` with a GAME that ends ``simulate``'s ``--bots`` list put before it.

    ``--bots`` takes one or more names, so argparse would read ``simulate --bots strength
    random stud`` as three bots and no game. A game name (never a bot's) that ends the list
    is the GAME, when no other GAME is on the line.
    """
    args = list(argv)
    if "simulate" not in args:
        return args
    command = args.index("simulate")
    if any(not a.startswith("-") for a in args[:command]) or "--bots" not in args[command:]:
        return args
    start = args.index("--bots", command) + 1
    end = start
    while end < len(args) and not args[end].startswith("-"):
        end += 1
    listed = args[start:end]
    elsewhere = args[command + 1 : start] + args[end:]
    game = listed[-1] if listed else None
    if game in _GAMES and game not in _core.BOTS and not any(a in _GAMES for a in elsewhere):
        args.insert(command + 1, args.pop(end - 1))
    return args


def _error(kind: str, message: str) -> None:
    print(f"holecard: {kind}: {_one_line(message)}", file=sys.stderr)


def _silence_stdout() -> None:
    """After a broken pipe: send what is left of standard output nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (captured output)
        pass


#: Control characters (but tab and newline) as escapes: a player's name or a file's text
#: in the output cannot move the terminal's cursor, change its colours or ring it.
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0))}


class _Printable:
    r"""Standard output, writing each control character as an escape (ESC as ``\x1b``)."""

    def __init__(self, out: TextIO) -> None:
        self._out = out

    def write(self, text: str) -> int:
        return self._out.write(text.translate(_CONTROLS))

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - the stream's other members
        return getattr(self._out, name)


def _open_closed_streams() -> None:
    """Stands the null device in for a standard stream the shell closed (``>&-``, ``<&-``).

    Python leaves such a stream ``None``; output to it is dropped, input from it is at its
    end at once, as with ``/dev/null``.
    """
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code.

    A Ctrl-C is left to :func:`holecard.cli.main`, which runs this: it exits quietly with
    status 130.
    """
    _open_closed_streams()
    stdout = sys.stdout
    sys.stdout = _Printable(stdout)
    try:
        return _main(argv)
    finally:
        sys.stdout = stdout


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = _parser().parse_args(_game_out_of_bots(sys.argv[1:] if argv is None else argv))
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        raise  # holecard.cli.main's: it handles one while the commands load too
    except BrokenPipeError:  # e.g. `holecard simulate ... | head`
        _silence_stdout()
        return 1
    except (CommandError, HoleCardError, ValueError, OSError) as err:
        _error("error", str(err) or type(err).__name__)
        return 2
    except SystemExit:
        raise
    except BaseException as err:  # a bug in holecard: still one line, never a traceback
        _error("internal error", f"{type(err).__name__}: {err} (please report this)")
        return _EX_SOFTWARE
    return code
