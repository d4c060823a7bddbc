"""Self-play simulation: whole hands played natively by the rules engine with built-in bots.

:func:`simulate` deals ``hands`` hands of one table in Rust (the GIL is released and the
hands are spread over the cores); every action of every bot is checked by the same engine
that :mod:`holecard.games` exposes, from the forced bets to the award of the pots.

**Bots** (``bots=`` one name for every seat, or one per seat; ``None`` seats strength bots):

* ``"random"``: uniform over the legal kinds of action (fold, check, call, bring-in,
  complete, bet/raise), then a uniform legal size; in 2-7 a uniform subset of its cards to
  discard.
* ``"calling_station"``: posts the bring-in, checks when free, otherwise calls; never folds
  or raises; stands pat in 2-7.
* ``"strength"``: rates its own cards with the fast evaluators (made hand, pairs, draws,
  low cards) as weak, medium or strong for the street: strong bets and raises, medium checks
  and calls, weak checks or folds. In 2-7 it keeps its lowest distinct cards, breaks
  straights and flushes, and stands pat on a ten-low or better.

**Table.** Unless keywords say otherwise a stud game (``soko``, ``stud``, ``stud8``,
``razz``) is played with ante 1, bring-in 3 and bets 10/20, and ``deuce_seven`` with blinds
5/10 and bets 10/20, both in fixed limit. ``table`` keywords are those of the game classes
(``ante``, ``bring_in``, ``small_bet``, ``big_bet``, ``small_blind``, ``big_blind``,
``min_bet``, ``betting``, ``profile`` and every docs/rules.md §6 option). When any chip amount is
given, the others follow it: ``small_bet`` defaults to 10 (or to ``min_bet``, or in 2-7 to
``big_blind``), the ante to a tenth and the bring-in to three tenths of the small bet
(at least 1), the big bet and the blinds to the engine defaults (docs/rules.md §6). Instead of a
game id, ``game`` may also be a game object such as ``SevenCardStud(ante=1, ...)``.

**Stacks** reset every hand to ``stack`` chips (default 100 big bets), so every hand is an
independent sample; ``chips_won`` is the sum of the per-hand results.

**Seats.** Bot ``i`` sits in seat ``i``. In 2-7 the button moves one seat clockwise every
hand (hand 0: the button on the last seat, so seat 0 posts the small blind), so every seat
plays every position equally often. In the stud games the dealer box stays before seat 0
(``stud_dealer_position = FIXED``): the bring-in and who acts first come from the cards; with
``stud_dealer_position="ROTATING"`` the box moves one seat per hand.

**Determinism.** Hand ``h`` is dealt and played from ``(seed, h)`` alone and all totals are
integer sums, so the same seed gives the same result whatever ``threads`` is, and the same
as the runs in chunks of :func:`simulate_chunks`.

>>> from holecard import simulate
>>> r = simulate("stud", players=4, hands=2000, bots=["strength", "random"] * 2, seed=1)
>>> r.hands, sum(r.chips_won)
(2000, 0)
>>> r == simulate("stud", players=4, hands=2000, bots=["strength", "random"] * 2, seed=1,
...               threads=1)
True
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from holecard import _core, games
from holecard._enums import Game
from holecard._seed import fresh_seed
from holecard.exceptions import ArgumentTypeError, ConfigurationError, HoleCardError

__all__ = ["BOTS", "SeatResult", "SimulationResult", "simulate", "simulate_chunks"]

BOTS: Final = ("random", "calling_station", "strength")
"""The names of the built-in bots."""

DEFAULT_STACK_BIG_BETS: Final = 100
"""The default starting stack of every seat, in big bets."""

_CHIPS: Final = ("ante", "bring_in", "small_bet", "big_bet", "small_blind", "big_blind", "min_bet")
_JOB_HANDS: Final = 512


@dataclass(frozen=True)
class SeatResult:
    """One seat's results over a run.

    Attributes:
        seat: The seat (0 = first left of the stud dealer box; in 2-7 the button moves).
        bot: The bot's name.
        chips_won: Net chips won over all hands (negative for a loss).
        hands_won: Hands in which the seat won all or part of a pot (or was the last player
            left).
        showdowns: Hands the seat played to a showdown (two or more players left).
        showdowns_won: Showdowns in which it won all or part of a pot.
        mean: Mean result per hand, in chips.
        stdev: Sample standard deviation of the per-hand result, in chips.
        big_bets_per_100: Net result in big bets per 100 hands.
    """

    seat: int
    bot: str
    chips_won: int
    hands_won: int
    showdowns: int
    showdowns_won: int
    mean: float
    stdev: float
    big_bets_per_100: float

    def to_dict(self) -> dict[str, Any]:
        """The fields as a dict."""
        return {
            "seat": self.seat,
            "bot": self.bot,
            "chips_won": self.chips_won,
            "hands_won": self.hands_won,
            "showdowns": self.showdowns,
            "showdowns_won": self.showdowns_won,
            "mean": self.mean,
            "stdev": self.stdev,
            "big_bets_per_100": self.big_bets_per_100,
        }


@dataclass(frozen=True)
class SimulationResult:
    """The result of :func:`simulate`.

    Attributes:
        game: The game id.
        betting: The betting structure (``FIXED_LIMIT`` …).
        stakes: The table's chip amounts.
        players: Number of seats.
        hands: Hands played.
        bots: The bot of each seat.
        seed: The seed (pass it again to repeat the run).
        stack: Every seat's starting stack in every hand.
        big_bet: The big bet, the unit of :attr:`SeatResult.big_bets_per_100`.
        seats: Per-seat results, in seat order.
        showdown_hands: Hands that ended in a showdown.
        actions: Actions the bots took.
    """

    game: str
    betting: str
    stakes: Mapping[str, int]
    players: int
    hands: int
    bots: tuple[str, ...]
    seed: int
    stack: int
    big_bet: int
    seats: tuple[SeatResult, ...]
    showdown_hands: int
    actions: int

    @property
    def chips_won(self) -> tuple[int, ...]:
        """Net chips won per seat (they sum to zero)."""
        return tuple(s.chips_won for s in self.seats)

    @property
    def hands_won(self) -> tuple[int, ...]:
        """Hands won (all or part of a pot) per seat."""
        return tuple(s.hands_won for s in self.seats)

    @property
    def showdowns(self) -> tuple[int, ...]:
        """Showdowns reached per seat."""
        return tuple(s.showdowns for s in self.seats)

    @property
    def showdowns_won(self) -> tuple[int, ...]:
        """Showdowns won per seat."""
        return tuple(s.showdowns_won for s in self.seats)

    @property
    def big_bets_per_100(self) -> tuple[float, ...]:
        """Net result in big bets per 100 hands, per seat."""
        return tuple(s.big_bets_per_100 for s in self.seats)

    def svg(self) -> str:
        """Each seat's big bets per 100 hands with its 95% interval; notebooks draw it.

        (:func:`holecard.svg.simulation_chart`; :func:`holecard.svg.cumulative_chart`
        draws the running totals that :func:`simulate_chunks` yields.)

        Returns:
            An SVG document.
        """
        from holecard.svg import simulation_chart

        return simulation_chart(self)

    def _repr_svg_(self) -> str:
        return self.svg()

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain data (JSON-ready)."""
        return {
            "game": self.game,
            "betting": self.betting,
            "stakes": dict(self.stakes),
            "players": self.players,
            "hands": self.hands,
            "bots": list(self.bots),
            "seed": self.seed,
            "stack": self.stack,
            "big_bet": self.big_bet,
            "showdown_hands": self.showdown_hands,
            "actions": self.actions,
            "seats": [s.to_dict() for s in self.seats],
        }

    def __str__(self) -> str:
        head = (
            f"{self.game} ({self.betting.lower().replace('_', ' ')}), {self.players} players, "
            f"{self.hands:,} {'hand' if self.hands == 1 else 'hands'}, seed {self.seed}, "
            f"stack {self.stack:,} "
            f"({self.stack / self.big_bet:g} big bets of {self.big_bet})"
        )
        cols = ("seat", "bot", "chips won", "bb/100", "mean", "stdev", "won", "sd", "sd won")
        rows = [
            (
                str(s.seat),
                s.bot,
                f"{s.chips_won:+,}",
                f"{s.big_bets_per_100:+.2f}",
                f"{s.mean:+.3f}",
                f"{s.stdev:.2f}" if s.stdev == s.stdev else "-",  # NaN from one hand
                _pct(s.hands_won, self.hands),
                _pct(s.showdowns, self.hands),
                _pct(s.showdowns_won, s.showdowns),
            )
            for s in self.seats
        ]
        widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
        left = {1}

        def line(cells: Iterable[str]) -> str:
            return "  ".join(
                c.ljust(w) if i in left else c.rjust(w)
                for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            ).rstrip()

        out = [head, line(cols), line("-" * w for w in widths)]
        out += [line(r) for r in rows]
        out.append(
            "won = hands won, sd = showdowns reached, sd won = showdowns won "
            f"({_pct(self.showdown_hands, self.hands)} of hands went to showdown)"
        )
        return "\n".join(out)


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


@dataclass(frozen=True)
class _Setup:
    config: Any
    game: str
    bots: tuple[str, ...]
    seed: int
    stack: int | None
    threads: int | None


def _check_int(name: str, value: object, low: int, high: int = 2**64 - 1) -> int:
    """``value`` as a whole number from ``low`` to ``high``.

    Checked as the core checks its own arguments: ``ArgumentTypeError`` for a wrong type,
    else ``ConfigurationError``.
    """
    return _core._whole_number(value, name, low, high)


def _table(game: object, table: dict[str, object]) -> tuple[str, Any]:
    """(game id, the ``_core.GameConfig``) of ``game`` with the ``table`` keywords."""
    if isinstance(game, games._Game):
        if table:
            raise ConfigurationError(
                "table keywords cannot be combined with a game object; "
                "set them on the game object instead"
            )
        return game._GAME, game._config
    if not isinstance(game, str):
        raise ArgumentTypeError(
            f"game must be a game id or a game object, got {type(game).__name__} {game!r}"
        )
    cls = games.game_class(game)
    gid = cls._GAME
    accepted = set(inspect.signature(cls.__init__).parameters) - {"self"}
    unknown = sorted(set(table) - accepted)
    if unknown:
        raise ConfigurationError(
            f"unknown table keyword{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(unknown)} for {gid}"
        )
    kwargs: dict[str, Any] = dict(table)
    spec = Game(gid).spec
    if not any(kwargs.get(k) is not None for k in _CHIPS):
        kwargs.update(spec.ten_twenty_stakes)
    elif spec.is_draw:
        if kwargs.get("small_bet") is None and kwargs.get("big_blind") is None:
            kwargs["small_bet"] = kwargs.get("min_bet") or 10
    else:
        small = kwargs.get("small_bet")
        if small is None:
            small = kwargs.get("min_bet") or 10
            kwargs["small_bet"] = small
        if isinstance(small, int) and not isinstance(small, bool):
            kwargs.setdefault("ante", small // 10)
            kwargs.setdefault("bring_in", max(1, 3 * small // 10))
    try:
        return gid, cls(**kwargs)._config
    except TypeError as err:  # a wrong type for a keyword
        if isinstance(err, HoleCardError):
            raise
        raise ArgumentTypeError(str(err)) from None


def _bots(bots: str | Iterable[str] | None, players: int) -> tuple[str, ...]:
    if bots is None:
        names: list[object] = ["strength"] * players
    elif isinstance(bots, str):
        names = [bots] * players
    else:
        try:
            names = list(bots)
        except TypeError:
            raise ArgumentTypeError(
                f"bots must be a bot name or a list of them, got {type(bots).__name__} {bots!r}"
            ) from None
        if len(names) != players:
            raise ConfigurationError(
                f"bots lists {len(names)} bot{'s' if len(names) != 1 else ''} "
                f"for {players} players"
            )
    out = []
    for b in names:
        key = b.strip().lower().replace("-", "_") if isinstance(b, str) else None
        if key not in BOTS:
            raise ConfigurationError(f"unknown bot {b!r} (expected one of {', '.join(BOTS)})")
        out.append(key)
    return tuple(out)


def _setup(
    game: object,
    players: object,
    bots: str | Iterable[str] | None,
    seed: int | None,
    threads: int | None,
    stack: int | None,
    table: dict[str, object],
) -> _Setup:
    n = _check_int("players", players, 2, 8)
    gid, config = _table(game, table)
    if seed is None:
        seed = fresh_seed()
    _check_int("seed", seed, 0)
    if threads is not None:
        _check_int("threads", threads, 1, _core.MAX_THREADS)
    if stack is not None:
        _check_int("stack", stack, 1)
    return _Setup(config, gid, _bots(bots, n), seed, stack, threads)


def _result(s: _Setup, t: _core.SimTotals) -> SimulationResult:
    stakes = dict(s.config.stakes)
    big_bet = int(stakes["big_bet"]) or 1
    n = t.hands
    seats = []
    for i, seat in enumerate(t.seats):
        net, sq = seat.net, seat.net_squared
        won, sd, sdw = seat.hands_won, seat.showdowns, seat.showdowns_won
        mean = net / n if n else math.nan
        stdev = math.sqrt(max(0, n * sq - net * net) / (n * (n - 1))) if n > 1 else math.nan
        bb100 = 100 * net / big_bet / n if n else math.nan
        seats.append(SeatResult(i, s.bots[i], net, won, sd, sdw, mean, stdev, bb100))
    return SimulationResult(
        game=s.game,
        betting=str(s.config.betting),
        stakes=stakes,
        players=len(s.bots),
        hands=n,
        bots=s.bots,
        seed=s.seed,
        stack=t.stack,
        big_bet=big_bet,
        seats=tuple(seats),
        showdown_hands=t.showdown_hands,
        actions=t.actions,
    )


def simulate_chunks(
    game: object,
    *,
    players: int,
    hands: int,
    bots: str | Iterable[str] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    stack: int | None = None,
    chunk: int | None = None,
    **table: object,
) -> Iterator[SimulationResult]:
    """Run :func:`simulate` in chunks, yielding the cumulative result after each.

    The arguments are those of :func:`simulate`, plus ``chunk``: hands per chunk (default
    about a hundredth of the run, at least 512). The last result equals ``simulate(...)``
    with the same arguments. Bad arguments raise before the first chunk runs.

    Yields:
        The totals of every hand played so far.
    """
    s = _setup(game, players, bots, seed, threads, stack, table)
    _check_int("hands", hands, 0)
    if chunk is None:
        chunk = max(_JOB_HANDS, -(-hands // 100))
    _check_int("chunk", chunk, 1)
    # Validate the table and the bots before the first chunk.
    totals = _core.simulate(s.config, list(s.bots), 0, seed=s.seed, stack=s.stack)
    return _chunks(s, totals, hands, chunk)


def _run(
    s: _Setup,
    hands: int,
    *,
    first_hand: int = 0,
    progress: Callable[[int, int], object] | None = None,
) -> _core.SimTotals:
    """The totals of hands ``first_hand`` .. ``first_hand + hands`` of the run."""
    return _core.simulate(
        s.config,
        list(s.bots),
        hands,
        seed=s.seed,
        threads=s.threads,
        stack=s.stack,
        first_hand=first_hand,
        progress=progress,
    )


def _chunks(
    s: _Setup, totals: _core.SimTotals, hands: int, chunk: int
) -> Iterator[SimulationResult]:
    done = 0
    while done < hands or done == 0:
        step = min(chunk, hands - done)
        totals += _run(s, step, first_hand=done)
        done += step
        yield _result(s, totals)
        if hands == 0:
            return


def simulate(
    game: object,
    *,
    players: int,
    hands: int,
    bots: str | Iterable[str] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    stack: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    **table: object,
) -> SimulationResult:
    """Play ``hands`` hands of ``game`` with built-in bots and total the results.

    Args:
        game: A game id (``"soko"``, ``"stud"``, ``"stud8"``, ``"razz"``,
            ``"deuce_seven"``) or a game object (``SevenCardStud(...)``).
        players: Seats at the table (2 to the game's maximum).
        hands: Hands to play.
        bots: One bot name for every seat or a list of one per seat (``"random"``,
            ``"calling_station"``, ``"strength"``); ``None``: strength bots.
        seed: Seed of the run (random when ``None``; the result records it).
        threads: Worker threads (``None``: every core). The result does not depend on it.
        stack: Every seat's stack at the start of every hand (default 100 big bets).
        progress: Called as ``progress(hands_done, hands)`` about every 50 ms while the
            hands run, and once at the end. The run answers Ctrl-C within a second.
        **table: Table keywords of the game classes (see the module documentation).

    Returns:
        Per-seat results and summary statistics.

    Raises:
        ConfigurationError: an unknown game, bot or keyword, or an impossible table.
    """
    s = _setup(game, players, bots, seed, threads, stack, table)
    _check_int("hands", hands, 0)
    return _result(s, _run(s, hands, progress=progress))
