"""The ``holecard`` command line (also ``python -m holecard``).

Subcommands: ``eval`` (rank hands), ``equity`` (showdown equities), ``simulate`` (bots play
many hands natively, with a progress bar, a summary table and an optional plot),
``replay`` (print a PHH or poker-site hand street by street and check it), ``play`` (a
game against the bots in the terminal), ``import`` (poker-site hand histories to PHH files)
and ``stats`` (player statistics over hand histories). ``holecard COMMAND --help``
describes each; ``holecard --version`` prints the version.

Every number on the command line is checked before any work starts. Errors are reported
as one line on standard error (exit status 2), never as a traceback; a fault inside
holecard itself is one line too (exit status 70), asking for a report. Ctrl-C stops a
command quietly (exit status 130), from the moment the command line's modules start to
load.

This package imports nothing of the command line when it is imported: :func:`main` loads
the commands, so that a Ctrl-C while they load is handled like one during a command.
Modules, each importing only those after it: :mod:`~holecard.cli.parser` (the command
parser and the commands' runner), :mod:`~holecard.cli.play` (the game in the terminal) and
:mod:`~holecard.cli.commands` (the other commands). Hands and values are told as text by
``holecard._narration``, which the SVG and HTML replayers share.

>>> main(["eval", "stud", "As Ks Qs Js Ts 2d 3c"])
Royal flush  [As Ks Qs Js Ts]  strength 7462
0
>>> main(["eval", "stud8", "As 2s 3d 4c 5h Kd Kc"])  # doctest: +NORMALIZE_WHITESPACE
Straight, five high  [5h 4c 3d 2s As]  strength 5854 |
5-4-3-2-A low  [5h 4c 3d 2s As]  strength 56
0
"""

from __future__ import annotations

import signal
import sys
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["console", "main"]

#: The exit status of a command Ctrl-C stopped (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code.

    A Ctrl-C while the commands load or the command line is read returns
    :data:`INTERRUPTED` quietly, as one during a command does. A program that goes on
    afterwards (a notebook, a test) gets its Ctrl-C handling back as it was.
    """
    try:
        from holecard.cli.parser import main as run

        return run(argv)
    except KeyboardInterrupt:
        return interrupted()


#: Whether the process ends when :func:`main` returns (the ``holecard`` command).
_EXITING = False


def console() -> None:
    """The ``holecard`` command: :func:`main`, then exit with its code."""
    global _EXITING  # set once: this process ends with the command
    _EXITING = True
    sys.exit(main())


def interrupted() -> int:
    """After a Ctrl-C: end the terminal's ``^C`` line and return :data:`INTERRUPTED`.

    Another Ctrl-C meanwhile is ignored: it would interrupt this handling with a
    traceback. When the process ends with the command, it stays ignored until the end
    (the interpreter's shutdown would print that traceback); otherwise the handler is put
    back.
    """
    if threading.current_thread() is not threading.main_thread():
        print(file=sys.stderr)
        return INTERRUPTED
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        print(file=sys.stderr)
    finally:
        # None: a handler not set from Python, which cannot be put back from here.
        if not _EXITING and previous is not None:
            signal.signal(signal.SIGINT, previous)
    return INTERRUPTED
