"""The ``holecard`` command line (also ``python -m holecard``).

Subcommands: ``eval`` (rank hands), ``equity`` (showdown equities), ``simulate`` (bots play
many hands natively, with a progress bar, a summary table and an optional plot),
``replay`` (print a PHH or poker-site hand street by street and check it), ``play`` (a
game against the bots in the terminal), ``import`` (poker-site hand histories to PHH files)
and ``stats`` (player statistics over hand histories). ``holecard COMMAND --help``
describes each; ``holecard --version`` prints the version.

Every number on the command line is checked before any work starts. Errors are reported
as one line on standard error (exit status 2), never as a traceback; a fault inside
holecard itself is one line too (exit status 70), asking for a report.

Modules, each importing only those after it: :mod:`~holecard.cli.parser` (the command parser
and :func:`main`), :mod:`~holecard.cli.play` (the game in the terminal) and
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

from holecard.cli.parser import main

__all__ = ["main"]
