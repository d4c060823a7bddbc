"""The figures of every recorded ``make bench`` run, side by side.

Reads the runs kept in ``benches/results/`` (one file per run, named by its start) and
prints one row per figure and one column per run, then each figure's range over the runs:
the README's Speed table quotes these. A figure a run did not print shows as ``-``.

    python benches/python/summarise_results.py [--results DIR]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

RESULTS = Path(__file__).resolve().parent.parent / "results"


def _line(prefix: str, column: int = 1, occurrence: int = 0) -> Callable[[str], float | None]:
    """A reader of the ``column``-th number after ``prefix`` (a line start, regex) on the
    ``occurrence``-th line that starts so."""
    pattern = re.compile(r"^" + prefix + r"(.*)$", re.M)

    def read(text: str) -> float | None:
        found = pattern.findall(text)
        if len(found) <= occurrence:
            return None
        numbers = re.findall(r"\d[\d,]*(?:\.\d+)?", found[occurrence])
        if len(numbers) < column:
            return None
        return float(numbers[column - 1].replace(",", ""))

    return read


_BATCH = r"holecard batch\.evaluate_"

#: figure name -> how to read it from a run's output
FIGURES: dict[str, Callable[[str], float | None]] = {
    "batch 7-card high, 1 thread, ns": _line(_BATCH + r"high 7 cards, 1 thread\s"),
    "batch all cores / 1 thread (wall)": _line(_BATCH + r"high 7 cards, all cores\s", 3),
    "batch ace-to-five 7 / high 7": _line(_BATCH + r"ace_five 7 cards, 1 thread\s", 3),
    "batch 8-or-better 7 / high 7": _line(_BATCH + r"low8 7 cards, 1 thread\s", 3),
    "batch Soko 5 / high 7": _line(_BATCH + r"soko 5 cards, 1 thread\s", 3),
    "batch 2-7 5 / high 7": _line(_BATCH + r"deuce_seven 5 cards, 1 thread\s", 3),
    "one call, list, ns (timeit)": _line(r"holecard evaluate_high\(list of 7 Card\)", 1, 1),
    "one call, tuple, ns (timeit)": _line(r"holecard evaluate_high\(tuple of 7 Card\)"),
    "floor of a call, ns": _line(r"len\(list of 7 Card\) \(the floor of a call\)"),
    "phevaluator evaluate_cards / holecard": _line(r"phevaluator evaluate_cards\(7 ints\)", 3),
    "phevaluator evaluate_7cards / holecard": _line(r"phevaluator evaluate_7cards\(7 ints\)", 3),
    "phevaluator private / holecard": _line(
        r"phevaluator private _pheval\.evaluate_7cards\(7 ints\)", 3
    ),
    "eval7 / holecard": _line(r"eval7 evaluate\(list of 7 Card\)", 3),
    "PokerKit / holecard": _line(r"pokerkit StandardHighHand\.from_game\(7 cards\)", 3),
    "OMPEval fair driver, ns": _line(r"OMPEval, Hand built in the loop \(fair driver\)\s", 1),
    "checked batch / OMPEval": _line(r"holecard batch\.evaluate_high, 1 thread\s", 4),
    "checked batch, ns (OMPEval script)": _line(r"holecard batch\.evaluate_high, 1 thread\s"),
    "checked batch out= / OMPEval": _line(r"holecard batch\.evaluate_high, 1 thread, out=\s", 4),
    "validate=False / OMPEval": _line(r"holecard \.\.\. out=, validate=False\s", 4),
    "validate=False, ns": _line(r"holecard \.\.\. out=, validate=False\s"),
    "OMPEval Hands combined / fair": _line(r"OMPEval, Hands combined before timing\s", 4),
    "import, ms (-X importtime)": _line(r"import holecard\s"),
    "import / import json": _line(r"import holecard / import json"),
    "whole hands stud / PokerKit": _line(r"stud\s+(?=\d)", 3),
    "whole hands stud8 / PokerKit": _line(r"stud8\s+(?=\d)", 3),
    "whole hands 2-7 / PokerKit": _line(r"deuce_seven\s+(?=\d)", 3),
    "whole hands stud, holecard /s": _line(r"stud\s+(?=\d)"),
    "Monte Carlo stud / poker-equity": _line(r"  poker-equity\s", 3, 0),
    "Monte Carlo stud hi/lo / poker-equity": _line(r"  poker-equity\s", 3, 1),
    "Monte Carlo razz / poker-equity": _line(r"  poker-equity\s", 3, 2),
    "Monte Carlo stud, holecard M/s": _line(r"  holecard\s", 1, 0),
    "Monte Carlo stud hi/lo, holecard M/s": _line(r"  holecard\s", 1, 1),
    "Monte Carlo razz, holecard M/s": _line(r"  holecard\s", 1, 2),
    "Monte Carlo stud, poker-equity M/s": _line(r"  poker-equity\s", 1, 0),
    "Monte Carlo stud hi/lo, poker-equity M/s": _line(r"  poker-equity\s", 1, 1),
    "Monte Carlo razz, poker-equity M/s": _line(r"  poker-equity\s", 1, 2),
    "OpenSpiel stud / PokerKit wrapper": _line(r"OpenSpiel stud ", 3),
    "OpenSpiel razz / PokerKit wrapper": _line(r"OpenSpiel razz ", 3),
    "simulate strength, 1 thread /s": _line(r"simulate .*strength\s+1 thread\(s\)"),
    "simulate strength, 2 threads /s": _line(r"simulate .*strength\s+2 thread\(s\)"),
    "simulate random, 2 threads /s": _line(r"simulate .*random\s+2 thread\(s\)"),
    "simulate calling station, 2 threads /s": _line(r"simulate .*calling_station\s+2 thread\(s\)"),
    "simulate equity bot, 2 threads /s": _line(r"simulate .*equity\s+2 thread\(s\)"),
    "native sessions, strength, hands/s": _line(r"sessions: ", 2),
}


def runs(folder: Path) -> list[Path]:
    """The recorded runs, oldest first."""
    return sorted(folder.glob("*-make-bench.txt"))


def table(folder: Path) -> dict[str, list[float | None]]:
    """Every figure of every run (oldest first)."""
    texts = [path.read_text() for path in runs(folder)]
    return {name: [read(text) for text in texts] for name, read in FIGURES.items()}


def _fmt(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f}" if value >= 1000 else f"{value:.3g}"


def main(argv: list[str] | None = None) -> int:
    """Prints the table; exits 1 when the newest run lacks a figure."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--results", type=Path, default=RESULTS, help="folder of runs")
    args = parser.parse_args(argv)
    paths = runs(args.results)
    if not paths:
        print(f"no runs in {args.results}", file=sys.stderr)
        return 1
    figures = table(args.results)
    names = [p.name.removesuffix("-make-bench.txt") for p in paths]
    width = max(map(len, FIGURES))
    print(" " * width, *(n.rjust(17) for n in names), "range".rjust(20))
    for name, values in figures.items():
        known = [v for v in values if v is not None]
        span = f"{_fmt(min(known))}-{_fmt(max(known))}" if known else "-"
        print(name.ljust(width), *(_fmt(v).rjust(17) for v in values), span.rjust(20))
    missing = [name for name, values in figures.items() if values[-1] is None]
    if missing:
        print(f"the newest run lacks: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
