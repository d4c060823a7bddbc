"""The ``holecard`` command line (also ``python -m holecard``).

Subcommands: ``eval`` (rank hands), ``equity`` (showdown equities), ``simulate`` (bots play
many hands natively, with a progress bar, a summary table and an optional plot),
``replay`` (print a PHH hand street by street and check it) and ``play`` (a game against
the bots in the terminal). ``holecard COMMAND --help`` describes each; ``holecard
--version`` prints the version.

Every number on the command line is checked before any work starts. Errors are reported
as one line on standard error (exit status 2), never as a traceback; a fault inside
holecard itself is one line too (exit status 70), asking for a report.

>>> main(["eval", "stud", "As Ks Qs Js Ts 2d 3c"])
Royal flush  [As Ks Qs Js Ts]  strength 7462
0
>>> main(["eval", "stud8", "As 2s 3d 4c 5h Kd Kc"])  # doctest: +NORMALIZE_WHITESPACE
Straight, five high  [5h 4c 3d 2s As]  strength 5854 |
5-4-3-2-A low  [5h 4c 3d 2s As]  strength 56
0
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from holecard import _core
from holecard._core import Card, Event, HandValue
from holecard.exceptions import HoleCardError

if TYPE_CHECKING:
    from holecard.games import State
    from holecard.phh import HandHistory
    from holecard.simulate import SimulationResult

__all__ = ["main"]

_GAMES = ("soko", "stud", "stud8", "razz", "deuce_seven")

# What `eval GAME` shows: one evaluator per half of the pot.
_EVALUATORS: dict[str, list[Callable[[str], HandValue | None]]] = {
    "stud": [_core.evaluate_high],
    "high": [_core.evaluate_high],
    "stud8": [_core.evaluate_high, _core.evaluate_low8],
    "razz": [_core.evaluate_ace_five],
    "soko": [_core.evaluate_soko],
    "deuce_seven": [_core.evaluate_deuce_seven],
}

_U64 = 2**64 - 1
_EX_SOFTWARE = 70  # sysexits.h: an internal software error
# More worker threads than this only slows a run down (a pool of 4,096 threads takes over a
# minute to start work on two cores); the library accepts more.
_MAX_THREADS = 256
_THREADS_HELP = f"worker threads, 1 to {_MAX_THREADS} (default: every core)"


class CommandError(Exception):
    """A usage or input error: printed as one line, exit status 2."""


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one.

    >>> plural(1, "outcome"), plural(1560, "outcome"), plural(0, "hand")
    ('1 outcome', '1,560 outcomes', '0 hands')
    """
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _describe(value: HandValue | None) -> str:
    if value is None:
        return "no qualifying low"
    cards = " ".join(str(c) for c in value.cards)
    return f"{value}  [{cards}]  strength {value.strength}"


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


# ----- eval -----------------------------------------------------------------------------


def _cmd_eval(args: argparse.Namespace) -> int:
    for hand in args.hands:
        print(" | ".join(_describe(evaluate(hand)) for evaluate in _EVALUATORS[args.game]))
    return 0


# ----- equity ---------------------------------------------------------------------------


def _cmd_equity(args: argparse.Namespace) -> int:
    from holecard.equity import equity
    from holecard.exceptions import ConfigurationError

    bar = _progress(args, None)
    try:
        result = equity(
            args.game,
            list(args.hands),
            dead=args.dead or (),
            samples=args.samples,
            seed=args.seed,
            threads=args.threads,
            progress=bar,
        )
    except ConfigurationError as err:
        # The library asks for `samples=`; here the option is --samples.
        raise CommandError(str(err).replace("pass samples=", "pass --samples N")) from None
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
    :func:`~holecard.simulate.simulate_chunks` before anything of that size is built.
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
    bots = _bot_list(args.bots, args.players)
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
            if not points:
                points.append((0, (0,) * result.players))
            points.append((result.hands, result.chips_won))
            if bar is not None:
                bar(result.hands, args.hands)
    finally:
        if bar is not None:
            bar.close()
    assert result is not None
    elapsed = time.monotonic() - started
    print(result)
    rate = result.hands / max(elapsed, 1e-9)
    print(f"{plural(result.hands, 'hand')} in {elapsed:.2f}s ({rate:,.0f}/s)")
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


# ----- telling a hand -------------------------------------------------------------------

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


def _is_big_blind(event: Event) -> bool:
    text = repr(event).lower()
    return text.endswith(", big)") or "big=true" in text


def hand_name(game: str, cards: Sequence[Any]) -> str:
    """A readable name of a finished hand in ``game`` ("Two pair, ..."; hi/lo both).

    >>> hand_name("stud8", "As 2s 3d 4c 5h Kd Kc")
    'Straight, five high; 5-4-3-2-A low'
    >>> hand_name("deuce_seven", "7c 6d 5h 4s 2c")
    '7-6-5-4-2 low'
    """
    if game == "stud8":
        high = _core.evaluate_high(cards)
        low = _core.evaluate_low8(cards)
        return f"{high}; {low if low is not None else 'no low'}"
    fn = {
        "soko": _core.evaluate_soko,
        "razz": _core.evaluate_ace_five,
        "deuce_seven": _core.evaluate_deuce_seven,
    }.get(game, _core.evaluate_high)
    return str(fn(cards))


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(str(c) for c in cards)


class Narrator:
    """Tells a hand the way a dealer calls it.

    One line per action, a header with the pot for every street, and the cards of a street
    after its header.

    ``name(seat)`` names a seat; the seat called ``"you"`` is spoken to ("you bet 10",
    "you show"). ``hidden(seat)`` says whose down cards and draws stay face down. The
    first wager of a round is a bet, later ones raises; blinds and the bring-in count as
    the round's first wager. Lines come back without indentation except that actions are
    indented two spaces under their header.
    """

    def __init__(
        self,
        game: str,
        state: State,
        name: Callable[[int], str],
        *,
        hidden: Callable[[int], bool] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.name = name
        self.hidden = hidden or (lambda seat: False)
        self.pot = 0
        self.street = ""
        """The title of the current street ("" before the first header)."""
        self._bets: dict[int, int] = {}
        self._rounds = 0
        self._antes: list[tuple[int, int]] = []
        self._deals: dict[int, list[tuple[Card, bool]]] = {}

    def _say(self, seat: int, verb: str, rest: str = "") -> str:
        who = self.name(seat)
        if who == "you":
            verb = verb[:-1]  # every verb here is regular: "folds" -> "fold"
        return f"  {who} {verb}" + (f" {rest}" if rest else "")

    def _flush_antes(self) -> list[str]:
        out = []
        amounts = {amount for _, amount in self._antes}
        if len(self._antes) == len(self.state.players) and len(amounts) == 1:
            out.append(f"  each player antes {amounts.pop():,}")
        else:
            out += [
                self._say(seat, "posts", f"the ante {amount:,}") for seat, amount in self._antes
            ]
        self._antes.clear()
        return out

    def finish(self) -> list[str]:
        """The lines held back: the antes, then the cards dealt since the last header."""
        out = self._flush_antes()
        for seat in sorted(self._deals):
            cards = self._deals[seat]
            hide = self.hidden(seat)
            downs = ["??" if hide else str(c) for c, up in cards if not up]
            ups = [str(c) for c, up in cards if up]
            if hide and not ups:
                continue  # nothing to see: a hidden player's down cards
            text = " ".join(x for x in ("[" + " ".join(downs) + "]" if downs else "", *ups) if x)
            out.append(f"  {self.name(seat)}: {text}")
        self._deals.clear()
        return out

    def lines(self, event: Event) -> list[str]:
        """The lines for ``event`` (none for a deal, which waits for its street header)."""
        kind = event.kind
        seat = event.seat if event.seat is not None else 0
        if kind == "deal":  # held back until the street's header
            if event.card is not None:
                self._deals.setdefault(seat, []).append((event.card, event.up))
            return self._flush_antes()  # the antes come before the cards
        if kind == "street":
            if self._rounds:  # the blinds before the first header belong to its round
                self._bets.clear()
            self._rounds += 1
            self.street = street_title(self.game, event)
            header = f"-- {self.street} (pot {self.pot:,}) --"
            return [*self._flush_antes(), header, *self.finish()]
        line = self._line(event, kind, seat)
        if kind == "ante":
            return []
        out = self.finish()
        if line:
            out.append(line)
        return out

    def _wager(self, seat: int, total: int) -> None:
        self.pot += total - self._bets.get(seat, 0)
        self._bets[seat] = total

    def _line(self, event: Event, kind: str, seat: int) -> str | None:
        amount = event.amount or 0
        to = event.to or 0
        if kind == "ante":
            self.pot += amount
            self._antes.append((seat, amount))
            return None
        if kind == "blind":
            self._wager(seat, self._bets.get(seat, 0) + amount)
            big = "big" if _is_big_blind(event) else "small"
            return self._say(seat, "posts", f"the {big} blind {amount:,}")
        if kind == "bring_in":
            self._wager(seat, self._bets.get(seat, 0) + amount)
            return self._say(seat, "brings", f"in for {amount:,}")
        if kind == "complete":
            self._wager(seat, to)
            return self._say(seat, "completes", f"to {to:,}")
        if kind == "bet_raise":
            opened = any(self._bets.values())
            self._wager(seat, to)
            return (
                self._say(seat, "raises", f"to {to:,}")
                if opened
                else self._say(seat, "bets", f"{to:,}")
            )
        if kind == "call":
            self._wager(seat, self._bets.get(seat, 0) + amount)
            return self._say(seat, "calls", f"{amount:,}")
        if kind == "fold":
            return self._say(seat, "folds")
        if kind == "check":
            return self._say(seat, "checks")
        if kind == "draw":
            n = len(event.discards)
            if n == 0:
                return self._say(seat, "stands", "pat")
            if self.hidden(seat):
                return self._say(seat, "draws", str(n))
            return self._say(
                seat, "draws", f"{n}: out {_cards(event.discards)}, in {_cards(event.received)}"
            )
        if kind == "timeout":
            return self._say(seat, "times", "out")
        if kind == "uncalled":
            self.pot -= amount
            self._bets[seat] = self._bets.get(seat, 0) - amount
            return f"  {amount:,} uncalled is returned to {self.name(seat)}"
        if kind == "board":
            return f"  community card {event.card}"
        if kind == "recycle":
            return "  burned cards are shuffled back into the stub"
        if kind == "reshuffle":
            return "  the discards are reshuffled into a new stub"
        if kind == "show":
            return self._say(seat, "shows", self._shown(seat))
        if kind == "award":
            half = {"high": " (high half)", "low": " (low half)"}.get(event.share or "", "")
            pot = "the main pot" if not event.pot else f"side pot {event.pot}"
            return self._say(seat, "wins", f"{amount:,} from {pot}{half}")
        return None

    def _shown(self, seat: int) -> str:
        cards = list(self.state.players[seat].hole_cards) + list(self.state.board)
        try:
            return f"{_cards(cards)}: {hand_name(self.game, cards)}"
        except (HoleCardError, ValueError):
            return _cards(cards)


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


def _cmd_replay(args: argparse.Namespace) -> int:
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


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="holecard",
        description="Stud and draw poker: evaluate hands, compute equities, simulate, replay, "
        "play.",
    )
    parser.add_argument("--version", action="version", version=f"holecard {_core.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = ", ".join(_GAMES)
    seed_help = "seed, 0 to 2**64 - 1"

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
    eq.add_argument("--samples", type=_whole(1), metavar="N", help="Monte Carlo with N samples")
    eq.add_argument("--seed", type=_whole(0), metavar="S", help=f"Monte Carlo {seed_help}")
    eq.add_argument("--threads", type=_whole(1, _MAX_THREADS), metavar="N", help=_THREADS_HELP)
    _progress_options(eq)
    eq.set_defaults(run=_cmd_equity)

    si = sub.add_parser(
        "simulate",
        help="bots play many hands",
        description="The engine plays whole hands with built-in bots (random, "
        "calling_station, strength) and prints per-seat results. Stacks reset every hand.",
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
        "default: strength",
    )
    si.add_argument(
        "--seed", type=_whole(0), metavar="S", help=f"{seed_help} (default: random, printed)"
    )
    si.add_argument("--threads", type=_whole(1, _MAX_THREADS), metavar="N", help=_THREADS_HELP)
    si.add_argument(
        "--stack", type=_whole(1), metavar="CHIPS", help="stack (default 100 big bets)"
    )
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
    _progress_options(si)
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
    pl.add_argument("--players", type=_whole(2), default=4, metavar="N", help="seats (default 4)")
    pl.add_argument(
        "--bots", default="strength", metavar="BOT", help="the opponents' bot (default strength)"
    )
    pl.add_argument("--seed", type=_whole(0), metavar="S", help=f"{seed_help}, of cards and bots")
    pl.add_argument(
        "--stack", type=_whole(1), metavar="CHIPS", help="stack (default 100 big bets)"
    )
    pl.add_argument("--hands", type=_whole(1), metavar="N", help="stop after N hands")
    pl.set_defaults(run=_cmd_play)
    return parser


def _error(kind: str, message: str) -> None:
    print(f"holecard: {kind}: {_one_line(message)}", file=sys.stderr)


def _silence_stdout() -> None:
    """After a broken pipe: send what is left of standard output nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (captured output)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
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
