"""The ``holecard`` command line.

Errors are reported as one line on standard error (exit status 2), never as a traceback.

>>> main(["eval", "stud", "As Ks Qs Js Ts 2d 3c"])
Royal flush  [As Ks Qs Js Ts]  strength 7462
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from holecard import _core
from holecard._core import HandValue
from holecard.exceptions import HoleCardError

__all__ = ["main"]

# What `eval GAME` shows for each game: (label, evaluator) per half of the pot.
_EVALUATORS: dict[str, list[tuple[str, Callable[[str], HandValue | None]]]] = {
    "stud": [("", _core.evaluate_high)],
    "high": [("", _core.evaluate_high)],
    "stud8": [("high", _core.evaluate_high), ("low", _core.evaluate_low8)],
    "razz": [("", _core.evaluate_ace_five)],
    "soko": [("", _core.evaluate_soko)],
    "deuce_seven": [("", _core.evaluate_deuce_seven)],
}


def _describe(value: HandValue | None) -> str:
    if value is None:
        return "no qualifying low"
    cards = " ".join(str(c) for c in value.cards)
    return f"{value}  [{cards}]  strength {value.strength}"


def _cmd_eval(args: argparse.Namespace) -> int:
    for hand in args.hands:
        parts = []
        for label, evaluate in _EVALUATORS[args.game]:
            text = _describe(evaluate(hand))
            parts.append(f"{label}: {text}" if label else text)
        print(" | ".join(parts))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="holecard",
        description="Stud and draw poker: evaluate hands, compute equities, simulate, replay.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    ev = sub.add_parser("eval", help="evaluate hands", description="Evaluate one or more hands.")
    ev.add_argument("game", choices=sorted(_EVALUATORS), help="the game whose ranking to use")
    ev.add_argument("hands", nargs="+", help='cards, e.g. "As Ks Qs Js Ts 2d 3c"')
    ev.set_defaults(run=_cmd_eval)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except (HoleCardError, ValueError, TypeError, OSError) as err:
        print(f"holecard: error: {err}", file=sys.stderr)
        return 2
    return code
