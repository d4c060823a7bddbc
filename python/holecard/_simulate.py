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
  low cards) as weak, medium or strong for the street: strong bets and raises (re-raising
  only while the round holds fewer than two bets, then calling), medium checks and calls,
  weak checks or folds. In 2-7 it stands pat on a ten-low or better (on the last draw, a
  jack-low or better); otherwise it keeps its distinct cards up to a seven on the first
  draw and up to an eight on the later ones, breaking a straight or flush they make.
* ``"equity"``: estimates its share of the pot each round with a small seeded Monte Carlo
  of :func:`holecard.equity` (160 samples) against the cards it can see (opponents' up
  cards; folded up cards and its own discards dead), discounted by a fifth for every bet
  or raise already made in the round. With a share worth 1.25 fair shares it bets, with
  1.6 it raises and completes; it calls when the share pays for the call (pot odds, eased
  by a fifth while cards are to come) and folds otherwise; pot and no limit sizes grow from
  a third of the pot to the whole pot with its share. In 2-7, where it sees no opponent's
  card, each of its 160 samples plays the hand out: every opponent holds as many distinct
  low cards as he kept in the last draw (up to an eight, or a jack when he stood pat; a
  random five before the first draw), and every draw still to come is made by the strength
  bot's rules (a stub that runs short is rebuilt from the discards, nobody getting his own
  back), so its share is that of the showdown after the last draw. It draws to the best of
  standing pat and keeping its lowest cards up to a seven … a ten, each rated on samples
  that deal the opponents the same hands. Its estimates depend on the hand's seed, so it is
  as reproducible as the others.

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

import functools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, overload

from holecard import _core, games
from holecard._enums import Game
from holecard._seed import fresh_seed
from holecard.exceptions import ArgumentTypeError, ConfigurationError, HoleCardError

if TYPE_CHECKING:  # imported when an executor is given: import holecard stays light
    from holecard._distribute import ExecutorLike

__all__ = [
    "BOTS",
    "SeatResult",
    "Session",
    "SessionResult",
    "SessionSeatResult",
    "SimulationResult",
    "simulate",
    "simulate_chunks",
]

BOTS: Final = _core.BOTS
"""The names of the built-in bots."""

DEFAULT_BOT: Final = _core.DEFAULT_BOT
"""The bot of every seat unless ``bots`` names others."""

DEFAULT_STACK_BIG_BETS: Final = _core.DEFAULT_STACK_BIG_BETS
"""The default starting stack of every seat, in big bets."""

_CHIPS: Final = ("ante", "bring_in", "small_bet", "big_bet", "small_blind", "big_blind", "min_bet")
_CHUNK_HANDS: Final = 512
"""The least hands in a default ``simulate_chunks`` chunk, at a table that costs little."""
_CHUNK_SECONDS: Final = 0.1
"""The least work in a default ``simulate_chunks`` chunk at a table that costs more
(equity bots), by the table's estimated cost on one core."""
_SESSION_HANDS: Final = 300
"""Hands a session is assumed to last when sizing executor chunks without ``max_hands``."""


@dataclass(frozen=True)
class SeatResult:
    """One seat's results over a run of hands or of sessions, derived from its totals.

    ``SessionSeatResult`` is this class.

    Attributes:
        seat: The seat (0 = first left of the stud dealer box; in 2-7 the button moves;
            in sessions seats keep their numbers).
        bot: The bot's name.
        totals: The seat's integer totals (:class:`holecard._core.SeatTotals`).
        unit: What the run counts: ``"hands"`` or ``"sessions"``.
        count: Hands (sessions) in the run.
        big_bet: The big bet (of the first level), the unit of :attr:`big_bets_per_100`.
        stack: The seat's starting stack in every hand (every session).
        players: Seats at the table.
    """

    seat: int
    bot: str
    totals: _core.SeatTotals
    unit: str
    count: int
    big_bet: int
    stack: int
    players: int

    @property
    def chips_won(self) -> int:
        """Net chips won over all hands (sessions): final minus starting stack."""
        return self.totals.net

    @property
    def hands(self) -> int:
        """Hands the seat was dealt into."""
        return self.totals.hands

    @property
    def hands_won(self) -> int:
        """Hands it won all or part of a pot in (or was the last left); 0 over sessions."""
        return self.totals.hands_won

    @property
    def showdowns(self) -> int:
        """Hands it played to a showdown (two or more players left); 0 over sessions."""
        return self.totals.showdowns

    @property
    def showdowns_won(self) -> int:
        """Showdowns in which it won all or part of a pot; 0 over sessions."""
        return self.totals.showdowns_won

    @property
    def mean(self) -> float:
        """Mean result per hand (per session), in chips."""
        n = self.count
        return self.totals.net / n if n else math.nan

    @property
    def stdev(self) -> float:
        """Sample standard deviation of the per-hand (per-session) result, in chips."""
        n, net, sq = self.count, self.totals.net, self.totals.net_squared
        return math.sqrt(max(0, n * sq - net * net) / (n * (n - 1))) if n > 1 else math.nan

    @property
    def big_bets_per_100(self) -> float:
        """Net result in big bets per 100 hands dealt to the seat."""
        n = self.totals.hands
        return 100 * self.totals.net / self.big_bet / n if n else math.nan

    @property
    def mean_final_stack(self) -> float:
        """The seat's average stack at the end of a session (of a hand)."""
        n = self.count
        return self.stack + self.totals.net / n if n else math.nan

    @property
    def busts(self) -> int:
        """Sessions in which it lost its last chip; 0 over hands, which do not count them."""
        return self.totals.busts

    @property
    def places(self) -> tuple[int, ...]:
        """``places[k]``: sessions it finished in place ``k + 1``; zeros over hands.

        The last seat left is first; seats retired in the same hand rank by their stacks at
        its start, then by seat; seats still in when ``max_hands`` stops a session rank
        above the retired ones by stack, then by seat.
        """
        return tuple(self.totals.places[: self.players])

    @property
    def mean_place(self) -> float:
        """Its average finishing place (1 = first); NaN without places."""
        places = self.places
        count = sum(places)
        return sum((k + 1) * c for k, c in enumerate(places)) / count if count else math.nan

    @property
    def wins(self) -> int:
        """Sessions finished first."""
        return self.places[0]

    def to_dict(self) -> dict[str, Any]:
        """The fields a run of its unit counts, as a dict."""
        if self.unit == "hands":
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
        return {
            "seat": self.seat,
            "bot": self.bot,
            "chips_won": self.chips_won,
            "mean_final_stack": self.mean_final_stack,
            "hands": self.hands,
            "busts": self.busts,
            "places": list(self.places),
            "mean_place": self.mean_place,
        }


@dataclass(frozen=True)
class SimulationResult:
    """The result of :func:`simulate`: of hands, or with ``session=`` of sessions.

    Derived from the run's integer totals; ``SessionResult`` is this class.

    Attributes:
        game: The game id.
        betting: The betting structure (of the first level) (``FIXED_LIMIT`` …).
        stakes: The table's chip amounts (of the first level).
        bots: The bot of each seat.
        seed: The seed (pass it again to repeat the run).
        stack: Every seat's starting stack in every hand (every session).
        big_bet: The big bet, the unit of :attr:`SeatResult.big_bets_per_100`.
        session: The session rules (``None`` for a run of hands).
        totals: The run's integer totals (:class:`holecard._core.Totals`).
    """

    game: str
    betting: str
    stakes: Mapping[str, int]
    bots: tuple[str, ...]
    seed: int
    stack: int
    big_bet: int
    session: Session | None
    totals: _core.Totals

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.bots)

    @property
    def hands(self) -> int:
        """Hands played (in all sessions)."""
        return self.totals.hands

    @property
    def sessions(self) -> int:
        """Sessions played (0 for a run of hands)."""
        return self.totals.sessions

    @property
    def unfinished(self) -> int:
        """Sessions stopped by ``max_hands`` with two or more seats still in."""
        return self.totals.unfinished

    @property
    def showdown_hands(self) -> int:
        """Hands that ended in a showdown (0 over sessions, which do not count them)."""
        return self.totals.showdown_hands

    @property
    def actions(self) -> int:
        """Actions the bots took."""
        return self.totals.actions

    @property
    def seats(self) -> tuple[SeatResult, ...]:
        """Per-seat results, in seat order."""
        t = self.totals
        count = t.sessions if t.unit == "sessions" else t.hands
        return tuple(
            SeatResult(
                i, self.bots[i], seat, t.unit, count, self.big_bet, self.stack, self.players
            )
            for i, seat in enumerate(t.seats)
        )

    @property
    def chips_won(self) -> tuple[int, ...]:
        """Net chips won per seat (they sum to zero)."""
        return tuple(t.net for t in self.totals.seats)

    @property
    def hands_won(self) -> tuple[int, ...]:
        """Hands won (all or part of a pot) per seat."""
        return tuple(t.hands_won for t in self.totals.seats)

    @property
    def showdowns(self) -> tuple[int, ...]:
        """Showdowns reached per seat."""
        return tuple(t.showdowns for t in self.totals.seats)

    @property
    def showdowns_won(self) -> tuple[int, ...]:
        """Showdowns won per seat."""
        return tuple(t.showdowns_won for t in self.totals.seats)

    @property
    def big_bets_per_100(self) -> tuple[float, ...]:
        """Net result in big bets per 100 hands, per seat."""
        return tuple(s.big_bets_per_100 for s in self.seats)

    @property
    def final_stacks(self) -> tuple[float, ...]:
        """Each seat's mean final stack (its final stack when one session was played)."""
        return tuple(s.mean_final_stack for s in self.seats)

    def svg(self) -> str:
        """Each seat's big bets per 100 hands with its 95% interval; notebooks draw it.

        (:func:`holecard.svg.simulation_chart`; :func:`holecard.svg.cumulative_chart`
        draws the running totals that :func:`holecard._simulate.simulate_chunks` yields.)

        Returns:
            An SVG document.

        Raises:
            ConfigurationError: a result of sessions (the chart is of independent hands).
        """
        if self.session is not None:
            raise ConfigurationError("the chart is of a run of hands, not of sessions")
        from holecard.svg import simulation_chart

        return simulation_chart(self)

    def _repr_svg_(self) -> str | None:
        # Sessions draw no chart in a notebook (None: IPython shows the text instead).
        return None if self.session is not None else self.svg()

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain data (JSON-ready); sessions' levels as ``[hand, stakes]``."""
        if self.session is not None:
            return {
                "game": self.game,
                "betting": self.betting,
                "players": self.players,
                "sessions": self.sessions,
                "hands": self.hands,
                "unfinished": self.unfinished,
                "bots": list(self.bots),
                "seed": self.seed,
                "stack": self.stack,
                "max_hands": self.session.max_hands,
                "levels": [[h, dict(t.stakes)] for h, t in self.session.levels],
                "actions": self.actions,
                "seats": [s.to_dict() for s in self.seats],
            }
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
        if self.session is not None:
            return self._session_text()
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
                _num(s.big_bets_per_100, "+.2f"),
                _num(s.mean, "+.3f"),
                _num(s.stdev, ".2f"),
                _pct(s.hands_won, self.hands),
                _pct(s.showdowns, self.hands),
                _pct(s.showdowns_won, s.showdowns),
            )
            for s in self.seats
        ]
        out = _columns(head, cols, rows)
        out.append(
            "won = hands won, sd = showdowns reached, sd won = showdowns won "
            f"({_pct(self.showdown_hands, self.hands)} of hands went to showdown)"
        )
        return "\n".join(out)

    def _session_text(self) -> str:
        head = (
            f"{self.game} ({self.betting.lower().replace('_', ' ')}), {self.players} players, "
            f"{self.sessions:,} {'session' if self.sessions == 1 else 'sessions'} "
            f"({self.hands:,} hands), seed {self.seed}, stack {self.stack:,}"
        )
        cols = ("seat", "bot", "chips won", "mean final", "1st", "mean place", "busts", "hands")
        rows = [
            (
                str(s.seat),
                s.bot,
                f"{s.chips_won:+,}",
                _num(s.mean_final_stack, ",.1f"),
                _pct(s.places[0], self.sessions),
                _num(s.mean_place, ".2f"),
                str(s.busts),
                f"{s.hands:,}",
            )
            for s in self.seats
        ]
        out = _columns(head, cols, rows)
        if self.unfinished:
            out.append(f"{self.unfinished:,} sessions stopped at max_hands")
        return "\n".join(out)


SessionResult = SimulationResult
"""The result of :func:`simulate` with ``session=``: a :class:`SimulationResult`."""

SessionSeatResult = SeatResult
"""One seat's results over sessions: a :class:`SeatResult`."""


@dataclass(frozen=True)
class Session:
    """Tournament-style play for :func:`simulate` (``session=Session(...)``).

    Each of ``count`` independent sessions seats the bots with ``stack`` chips each and
    plays consecutive hands of the game carrying the stacks, by the rules of
    :class:`holecard.Table`: the seats with chips are dealt in clockwise from the seat left
    of the dealer (stud: the dealer box; 2-7: the button), the dealer then moves to the
    next seat with chips, and a seat that loses its last chip is retired. A session ends
    when one seat has every chip, or after ``max_hands`` hands.

    Attributes:
        count: Sessions to play (each an independent seeded unit).
        levels: ``(hand, table)`` pairs, ascending: from hand number ``hand`` (0-based) of
            each session on, deal ``table`` (a game object of the same game), like
            tournament levels.
        max_hands: Stop a session after this many hands (``None``: play until one seat has
            every chip).

    >>> from holecard import Razz, Session, simulate
    >>> r = simulate("razz", players=3, bots=["equity", "strength", "random"], seed=4,
    ...              stack=200, session=Session(count=50,
    ...              levels=[(40, Razz(ante=2, bring_in=6, small_bet=20))]))
    >>> r.sessions, sum(r.chips_won), sum(s.places[0] for s in r.seats)
    (50, 0, 50)
    """

    count: int = 1
    levels: Sequence[tuple[int, games._Game]] = ()
    max_hands: int | None = None

    def __post_init__(self) -> None:
        _check_int("count", self.count, 0)
        if self.max_hands is not None:
            _check_int("max_hands", self.max_hands, 1)
        try:
            levels = tuple(tuple(level) for level in self.levels)
        except TypeError:
            raise ArgumentTypeError(
                "levels must be a sequence of (hand, game table) pairs"
            ) from None
        for level in levels:
            if len(level) != 2 or not isinstance(level[1], games._Game):
                raise ArgumentTypeError(f"a level must be (hand, game table), got {level!r}")
            _check_int("level hand", level[0], 0)
        object.__setattr__(self, "levels", levels)


def _columns(head: str, cols: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A text table's lines: ``head``, the column names, a rule and the rows.

    The second column (the bot's name) is aligned left, the numbers right.
    """
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]

    def line(cells: Iterable[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 1 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [head, line(cols), line("-" * w for w in widths), *(line(r) for r in rows)]


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def _num(x: float, spec: str) -> str:
    """``x`` formatted by ``spec``, or ``-`` for NaN (a mean of no hands, a spread of one)."""
    return "-" if math.isnan(x) else format(x, spec)


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
    # Unknown keywords reach the game class, which names them (before the stakes are read).
    kwargs: dict[str, Any] = dict(table)
    spec = Game(gid).spec
    # Ten-twenty stakes, or with only some amounts given, the rest scaled from them.
    ten_twenty = dict(spec.ten_twenty_stakes)
    unit = ten_twenty["small_bet"]
    if not any(kwargs.get(k) is not None for k in _CHIPS):
        kwargs.update(ten_twenty)
    elif spec.is_draw:
        if kwargs.get("small_bet") is None and kwargs.get("big_blind") is None:
            kwargs["small_bet"] = kwargs.get("min_bet") or unit
    else:
        small = kwargs.get("small_bet")
        if small is None:
            small = kwargs.get("min_bet") or unit
            kwargs["small_bet"] = small
        if isinstance(small, int) and not isinstance(small, bool):
            kwargs.setdefault("ante", ten_twenty["ante"] * small // unit)
            kwargs.setdefault("bring_in", max(1, ten_twenty["bring_in"] * small // unit))
    try:
        return gid, cls(**kwargs)._config
    except TypeError as err:  # a wrong type for a keyword
        if isinstance(err, HoleCardError):
            raise
        raise ArgumentTypeError(str(err)) from None


def _bots(bots: str | Iterable[str] | None, players: int) -> tuple[str, ...]:
    if bots is None:
        names: list[object] = [DEFAULT_BOT] * players
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
        if not isinstance(b, str):
            raise ConfigurationError(f"unknown bot {b!r} (expected one of {', '.join(BOTS)})")
        out.append(_core.bot_name(b))
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
    n = _check_int("players", players, 2, _core.MAX_PLAYERS)
    gid, config = _table(game, table)
    if seed is None:
        seed = fresh_seed()
    _check_int("seed", seed, 0)
    if threads is not None:
        _check_int("threads", threads, 1, _core.MAX_THREADS)
    if stack is not None:
        _check_int("stack", stack, 1)
    return _Setup(config, gid, _bots(bots, n), seed, stack, threads)


def _result(
    s: _Setup, t: _core.Totals, session: Session | None = None, stack: int | None = None
) -> SimulationResult:
    """The result of the run ``s`` (of ``session`` from ``stack``) totalled ``t``."""
    stakes = dict(s.config.stakes)
    return SimulationResult(
        game=s.game,
        betting=str(s.config.betting),
        stakes=stakes,
        bots=s.bots,
        seed=s.seed,
        stack=t.stack if stack is None else stack,
        big_bet=int(stakes["big_bet"]) or 1,
        session=session,
        totals=t,
    )


def _hand_seconds(s: _Setup) -> float:
    """The estimated time of one hand of ``s``'s table on one core, in seconds."""
    return _core.hand_seconds(s.config, list(s.bots))


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
    about a hundredth of the run, at least 512 hands, or at a table that costs more, such
    as equity bots, at least about a tenth of a second's work on one core). The last result
    equals ``simulate(...)`` with the same arguments. Bad arguments raise before the first
    chunk runs.

    Yields:
        The totals of every hand played so far.
    """
    s = _setup(game, players, bots, seed, threads, stack, table)
    _check_int("hands", hands, 0)
    if chunk is None:
        hand_seconds = _hand_seconds(s)
        least = min(_CHUNK_HANDS, max(1, round(_CHUNK_SECONDS / hand_seconds)))
        chunk = max(least, -(-hands // 100))
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
) -> _core.Totals:
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


def _chunks(s: _Setup, totals: _core.Totals, hands: int, chunk: int) -> Iterator[SimulationResult]:
    done = 0
    while done < hands or done == 0:
        step = min(chunk, hands - done)
        totals += _run(s, step, first_hand=done)
        done += step
        yield _result(s, totals)
        if hands == 0:
            return


@overload
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
    executor: ExecutorLike | None = None,
    chunk_size: int | None = None,
    session: None = None,
    **table: object,
) -> SimulationResult: ...


@overload
def simulate(
    game: object,
    *,
    players: int,
    hands: None = None,
    bots: str | Iterable[str] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    stack: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    executor: ExecutorLike | None = None,
    chunk_size: int | None = None,
    session: Session,
    **table: object,
) -> SessionResult: ...


def simulate(
    game: object,
    *,
    players: int,
    hands: int | None = None,
    bots: str | Iterable[str] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    stack: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    executor: ExecutorLike | None = None,
    chunk_size: int | None = None,
    session: Session | None = None,
    **table: object,
) -> SimulationResult | SessionResult:
    """Play ``hands`` hands of ``game`` with built-in bots and total the results.

    Args:
        game: A game id (``"soko"``, ``"stud"``, ``"stud8"``, ``"razz"``,
            ``"deuce_seven"``) or a game object (``SevenCardStud(...)``).
        players: Seats at the table (2 to the game's maximum).
        hands: Hands to play (not with ``session``).
        bots: One bot name for every seat or a list of one per seat (``"random"``,
            ``"calling_station"``, ``"strength"``, ``"equity"``); ``None``: strength bots.
        seed: Seed of the run (random when ``None``; the result records it).
        threads: Worker threads (``None``: every core; more than eight per core are not
            started). The result does not depend on it.
        stack: Every seat's stack at the start of every hand, or with ``session`` at the
            start of every session (default 100 big bets).
        progress: Called as ``progress(hands_done, hands)`` about every 50 ms while the
            hands run (with an ``executor``, as each chunk finishes), and once at the end.
            The run answers Ctrl-C within a second.
        executor: Where to play: ``None`` in this process; a
            :class:`concurrent.futures.Executor` (``ProcessPoolExecutor``, Dask's
            ``Client.get_executor()``); or ``"ray"``, Ray tasks on the cluster this process
            is connected to (a local one is started if none is). The hands are cut into
            chunks of consecutive hands whose totals add up, so the result is the same bit
            for bit (docs/scaling.md). ``threads`` is then the threads of each chunk
            (default 1).
        chunk_size: With an ``executor``: hands (sessions) per chunk; ``None`` sizes chunks
            from the executor's measured per-chunk overhead.
        session: Play tournament-style :class:`Session` runs instead of independent hands:
            stacks carry over, the dealer moves, busted seats retire, ``levels`` raise the
            stakes; the result is a :class:`SessionResult` (places, busts, final stacks).
            With ``threads``, ``executor`` and ``chunk_size`` each session is a unit.
        **table: Table keywords of the game classes (see the module documentation).

    Returns:
        Per-seat results and summary statistics (a :class:`SessionResult` with
        ``session``).

    Raises:
        ConfigurationError: an unknown game, bot or keyword, or an impossible table.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> r = simulate("razz", players=3, hands=3000, seed=2)
    >>> with ThreadPoolExecutor(2) as pool:  # or a ProcessPoolExecutor, Dask, "ray"
    ...     r == simulate("razz", players=3, hands=3000, seed=2, executor=pool, chunk_size=700)
    True
    """
    s = _setup(game, players, bots, seed, threads, stack, table)
    if session is not None:
        if hands is not None:
            raise ConfigurationError("give hands or session, not both")
        if not isinstance(session, Session):
            raise ArgumentTypeError(
                f"session must be a holecard.Session, got {type(session).__name__}"
            )
        return _simulate_sessions(s, session, progress, executor, chunk_size)
    if hands is None:
        raise ConfigurationError("simulate needs hands= (or session=)")
    _check_int("hands", hands, 0)
    if executor is None:
        if chunk_size is not None:
            raise ConfigurationError("chunk_size applies only with an executor")
        return _result(s, _run(s, hands, progress=progress))
    from holecard import _distribute

    executor = _distribute.check_executor(executor)
    _distribute.check_progress(progress)
    if chunk_size is None:
        core_seconds = hands * _hand_seconds(s)
        workers = _distribute.workers(executor)
        overhead = _distribute.CHUNK_OVERHEAD_SECONDS
        chunk_size = _core.units_per_chunk(hands, core_seconds, workers, overhead)
    _check_int("chunk_size", chunk_size, 1)
    # No hands: validates the table and the bots before any chunk runs.
    totals = _run(s, 0)
    ranges = _core.chunk_ranges(hands, chunk_size)
    if ranges:
        each = _Setup(s.config, s.game, s.bots, s.seed, s.stack, s.threads or 1)
        check = functools.partial(_distribute.check_chunk, "hands")
        totals += _distribute.run_chunks(
            executor, _chunk, each, ranges, progress=progress, check=check
        )
    elif progress is not None:
        progress(0, 0)
    # Each chunk exactly once: the totals refuse one counted twice, this one missing.
    _distribute.check_complete("hands", totals, hands)
    return _result(s, totals)


@dataclass(frozen=True)
class _SessionSetup:
    base: _Setup
    stacks: tuple[int, ...]
    levels: tuple[tuple[int, Any], ...]
    max_hands: int | None


def _run_sessions(
    ss: _SessionSetup,
    count: int,
    *,
    first: int = 0,
    progress: Callable[[int, int], object] | None = None,
) -> _core.Totals:
    """The totals of sessions ``first`` .. ``first + count`` of the run."""
    s = ss.base
    return _core.simulate_sessions(
        s.config,
        list(s.bots),
        count,
        seed=s.seed,
        stacks=list(ss.stacks),
        levels=list(ss.levels),
        max_hands=ss.max_hands,
        threads=s.threads,
        first_session=first,
        progress=progress,
    )


def _session_chunk(ss: _SessionSetup, start: int, stop: int) -> _core.Totals:
    """The totals of sessions ``start .. stop`` of the run (on a worker)."""
    return _run_sessions(ss, stop - start, first=start)


def _simulate_sessions(
    s: _Setup,
    session: Session,
    progress: Callable[[int, int], object] | None,
    executor: ExecutorLike | None,
    chunk_size: int | None,
) -> SessionResult:
    stack = s.stack or int(s.config.stakes["big_bet"]) * DEFAULT_STACK_BIG_BETS
    levels = tuple((hand, level._config) for hand, level in session.levels)
    ss = _SessionSetup(s, (stack,) * len(s.bots), levels, session.max_hands)
    count = session.count
    if executor is None:
        if chunk_size is not None:
            raise ConfigurationError("chunk_size applies only with an executor")
        return _result(s, _run_sessions(ss, count, progress=progress), session, stack)
    from holecard import _distribute

    executor = _distribute.check_executor(executor)
    _distribute.check_progress(progress)
    if chunk_size is None:
        hands = session.max_hands or _SESSION_HANDS
        core_seconds = count * hands * _hand_seconds(s)
        workers = _distribute.workers(executor)
        overhead = _distribute.CHUNK_OVERHEAD_SECONDS
        chunk_size = _core.units_per_chunk(count, core_seconds, workers, overhead)
    _check_int("chunk_size", chunk_size, 1)
    totals = _run_sessions(ss, 0)  # validates the session before any chunk runs
    ranges = _core.chunk_ranges(count, chunk_size)
    if ranges:
        each = _SessionSetup(
            _Setup(s.config, s.game, s.bots, s.seed, s.stack, s.threads or 1),
            ss.stacks,
            ss.levels,
            ss.max_hands,
        )
        check = functools.partial(_distribute.check_chunk, "sessions")
        totals += _distribute.run_chunks(
            executor, _session_chunk, each, ranges, progress=progress, check=check
        )
    elif progress is not None:
        progress(0, 0)
    _distribute.check_complete("sessions", totals, count)
    return _result(s, totals, session, stack)


def _chunk(s: _Setup, start: int, stop: int) -> _core.Totals:
    """The totals of hands ``start .. stop`` of the run (on a worker)."""
    return _run(s, stop - start, first_hand=start)
