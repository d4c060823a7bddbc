"""Player statistics over hand histories (imported from a site or read from PHH).

:func:`compute` replays every hand through holecard's engine and counts what each player
did from the engine's own events (a call is a call because the engine says so, the
bring-in is the engine's), one :class:`PlayerStats` row per player, game and unit.
:func:`hand_stats` gives the rows of a single hand.

Counting rules (every count is a number of hands unless it says actions):

- **player**: a row is about one name; the same name in several hands is one player. A
  seat whose name is blank (empty or only spaces, or a hand without ``players``: the file
  does not say who sat there) is nobody known, so it is never merged with another hand's
  blank seat: it gets a row of its own, labelled by its PHH seat and its hand, e.g.
  ``(unnamed p3, hand 12)``
  (``#5`` instead of the hand's number when it has none, counting the hands given from
  1, and both when two hands share a number). Its hands still count for the others.
- **hands**: hands the player was dealt into.
- **VPIP** (voluntarily put money in the pot): hands in which he called, completed, bet
  or raised in the first betting round (stud: third street; Soko: the first round; 2-7:
  before the first draw). Forced money is not voluntary: antes, blinds and the bring-in
  do not count, and neither does the big blind checking his option; the bring-in player
  counts if he later calls or raises, or completes instead of bringing in. A player who
  is all in for his ante or blind and never acts does not count.
- **first-round raises**: hands in which he completed, bet or raised in the first
  betting round (the stud "complete" is the first raise of third street).
- **steal chance** (stud games only): in the first betting round, he acts while every
  player since the bring-in has folded, and he is one of the three players who act last
  before the bring-in in that round's order of play (the "button", "cut-off" and
  "hijack" of stud: the three seats to the bring-in's right among those who act; with
  four or fewer players acting, every player but the bring-in). **Steal attempt**: he
  completes (or raises) at that chance. **Steal won**: nobody calls or raises after the
  attempt on that street, so the antes and bring-in are his without a contest. A hand
  whose lowest card completes instead of bringing in has no bring-in and no steal.
- **bring-in defence chance** (stud games only): the bring-in player acts facing a
  steal attempt that every player between the stealer and him folded to. **Defended**:
  he calls or raises (rather than folds).
- **aggression factor**: actions, over all betting rounds: (completions + bets + raises)
  / calls; ``None`` when he never called. Checks, folds, the bring-in and blinds count in
  neither.
- **went to showdown**: he had not folded when the hand ended and at least one other
  player had not folded either (all-in players included). **Won at showdown**: went to
  showdown and won chips from a pot (any share: half of a hi/lo pot counts).
- **net**: his finishing stack minus his starting stack, summed over hands, in the
  hands' unit (``unit``: ``"chips"`` without a currency, else the currency, e.g. ``"USD"``,
  or ``"USD cents"`` for the cash games :mod:`holecard.sites` imports). **Big bets**: the
  net of each hand divided by its big bet (``big_bet``; ``min_bet`` in pot and no limit),
  summed exactly; ``big_bets_per_100`` is that sum per 100 hands.
- **draws** (2-7): for each draw, the times he drew or stood pat, the cards he threw
  away, and the times he stood pat; ``cards_per_draw`` and ``pat_rates`` are their
  ratios.

Results (net, chips won) come from the hand's recorded ``finishing_stacks`` and
``winnings`` when it has them (checked against the engine by the replay), else from the
engine's final state. In 2-7 the order of play does not depend on the cards, so a hand
with recorded results whose cards cannot be replayed (a file that deals a card no stub
could have held) is counted from its actions with its cards hidden. A hand that cannot
be replayed at all, or that is not over, is not counted: :attr:`StatsTable.uncounted`
says which and why. A hand given twice (the same record,
e.g. one hand exported into two overlapping site files) counts once
(:attr:`StatsTable.duplicates`).

>>> from holecard import phh, stats
>>> hand = phh.HandHistory(
...     variant="F7S", antes=[1, 1, 1], bring_in=2, small_bet=5, big_bet=10,
...     starting_stacks=[100, 100, 100], players=["Ann", "Bob", "Cat"],
...     actions=["d dh p1 ????2c", "d dh p2 ????Kd", "d dh p3 ????Qs",
...              "p1 pb", "p2 f", "p3 cbr 5", "p1 f"])
>>> table = stats.compute([hand])
>>> cat = table.row("Cat")
>>> cat.vpip, cat.steal_attempts, cat.steals_won, cat.net, cat.big_bets_per_100
(1, 1, 1, 4, 40.0)
>>> table.row("Ann").bring_in_defence_chances, table.row("Ann").bring_in_defences
(1, 0)
"""

from __future__ import annotations

import dataclasses
import functools
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal

from holecard._enums import Game
from holecard.exceptions import ConfigurationError, HandHistoryError, HoleCardError
from holecard.phh import HandHistory, parse_variant

if TYPE_CHECKING:
    import pandas
    import polars

__all__ = ["PlayerStats", "StatsTable", "UncountedHand", "UncountedHandWarning", "compute"]

#: The number of draws of each draw game (triple draw: three), from the games' specs.
_DRAWS: Final = {
    game: sum(1 for street in game.spec.streets if street.draw is not None)
    for game in Game
    if game.spec.is_draw
}
#: How many seats before the bring-in are steal positions (button, cut-off, hijack).
_STEAL_POSITIONS: Final = 3
_AGGRESSIVE: Final = ("complete", "bet_raise")
_VOLUNTARY: Final = ("call", "complete", "bet_raise")
_BETTING: Final = ("bring_in", "complete", "bet_raise", "call", "check", "fold")


def _ratio(part: int | Fraction, whole: int) -> float | None:
    return None if whole == 0 else float(part) / whole


@dataclass(frozen=True)
class PlayerStats:
    """One player's counts in one game and unit (the module docstring defines each).

    Rows of the same player, game and unit add up with ``+``.
    """

    player: str
    game: Game
    unit: str
    hands: int = 0
    vpip: int = 0
    first_round_raises: int = 0
    steal_chances: int = 0
    steal_attempts: int = 0
    steals_won: int = 0
    bring_in_defence_chances: int = 0
    bring_in_defences: int = 0
    aggressive_actions: int = 0
    calls: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    net: int = 0
    net_big_bets: Fraction = Fraction(0)
    draws: tuple[int, ...] = ()
    cards_drawn: tuple[int, ...] = ()
    pats: tuple[int, ...] = ()

    def __add__(self, other: PlayerStats) -> PlayerStats:
        """The counts of both rows (same player, game and unit).

        Raises:
            ConfigurationError: rows of different players, games or units.
        """
        if not isinstance(other, PlayerStats):
            return NotImplemented
        if self.key != other.key:
            raise ConfigurationError(f"cannot add the rows of {self.key} and {other.key}")
        sums: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            a, b = getattr(self, f.name), getattr(other, f.name)
            if isinstance(a, tuple):
                sums[f.name] = tuple(x + y for x, y in zip(a, b, strict=True))
            elif f.name not in ("player", "game", "unit"):
                sums[f.name] = a + b
        return dataclasses.replace(self, **sums)

    @property
    def key(self) -> tuple[str, Game, str]:
        """``(player, game, unit)``: what a row is about."""
        return (self.player, self.game, self.unit)

    @property
    def vpip_rate(self) -> float | None:
        """VPIP hands / hands."""
        return _ratio(self.vpip, self.hands)

    @property
    def first_round_raise_rate(self) -> float | None:
        """First-round raise hands / hands."""
        return _ratio(self.first_round_raises, self.hands)

    @property
    def steal_rate(self) -> float | None:
        """Steal attempts / steal chances."""
        return _ratio(self.steal_attempts, self.steal_chances)

    @property
    def steal_success_rate(self) -> float | None:
        """Steals won / steal attempts."""
        return _ratio(self.steals_won, self.steal_attempts)

    @property
    def bring_in_defence_rate(self) -> float | None:
        """Bring-in defences / bring-in defence chances."""
        return _ratio(self.bring_in_defences, self.bring_in_defence_chances)

    @property
    def aggression_factor(self) -> float | None:
        """(Completions + bets + raises) / calls; ``None`` without calls."""
        return _ratio(self.aggressive_actions, self.calls)

    @property
    def showdown_rate(self) -> float | None:
        """Hands that went to showdown / hands."""
        return _ratio(self.showdowns, self.hands)

    @property
    def showdown_win_rate(self) -> float | None:
        """Hands won at showdown / hands that went to showdown."""
        return _ratio(self.showdowns_won, self.showdowns)

    @property
    def big_bets_per_100(self) -> float | None:
        """Net won in big bets per 100 hands."""
        return _ratio(self.net_big_bets * 100, self.hands)

    @property
    def cards_per_draw(self) -> tuple[float | None, ...]:
        """Per draw: cards thrown away / times he drew or stood pat."""
        return tuple(_ratio(c, n) for c, n in zip(self.cards_drawn, self.draws, strict=True))

    @property
    def pat_rates(self) -> tuple[float | None, ...]:
        """Per draw: times he stood pat / times he drew or stood pat."""
        return tuple(_ratio(p, n) for p, n in zip(self.pats, self.draws, strict=True))

    def record(self, draws: int | None = None) -> dict[str, object]:
        """The row as flat columns: every count, the ratios, the draws one column each.

        Args:
            draws: how many draw columns (default: this row's); stud rows get ``None``
                in draw columns, so that rows of several games share the columns.

        Returns:
            Column name -> ``str``, ``int``, ``float`` or ``None``.
        """
        out: dict[str, object] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                continue
            out[f.name] = float(value) if isinstance(value, Fraction) else value
        out["game"] = str(self.game)
        for name in (
            "vpip_rate",
            "first_round_raise_rate",
            "steal_rate",
            "steal_success_rate",
            "bring_in_defence_rate",
            "aggression_factor",
            "showdown_rate",
            "showdown_win_rate",
            "big_bets_per_100",
        ):
            out[name] = getattr(self, name)
        columns = {
            "draws": self.draws,
            "cards_drawn": self.cards_drawn,
            "pats": self.pats,
            "cards_per_draw": self.cards_per_draw,
            "pat_rate": self.pat_rates,
        }
        for i in range(len(self.draws) if draws is None else draws):
            for name, values in columns.items():
                out[f"{name}_{i + 1}"] = values[i] if i < len(values) else None
        return out


class UncountedHandWarning(UserWarning):
    """A hand :func:`compute` did not count (``errors="warn"``); the message says why."""


@dataclass(frozen=True)
class UncountedHand:
    """A hand that was not counted: its ``hand`` field (or position) and why.

    >>> UncountedHand("7", "the hand is not over")
    UncountedHand(hand='7', reason='the hand is not over')
    """

    hand: str
    reason: str


@dataclass(frozen=True)
class StatsTable:
    """The rows of :func:`compute`, sorted by player, game and unit; iterable.

    ``hands`` counts the hands counted, ``uncounted`` lists the others, ``duplicates``
    counts the hands given again (the same record) and counted once.
    """

    rows: tuple[PlayerStats, ...]
    hands: int
    uncounted: tuple[UncountedHand, ...] = ()
    duplicates: int = 0

    def __iter__(self) -> Iterator[PlayerStats]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def row(self, player: str, game: Game | str | None = None) -> PlayerStats:
        """The one row of ``player`` (in ``game``, when he played several).

        Raises:
            KeyError: no such row, or several (name the game).
        """
        found = [
            r for r in self.rows if r.player == player and (game is None or r.game == Game(game))
        ]
        if len(found) != 1:
            which = "no" if not found else f"{len(found)}"
            raise KeyError(f"{which} rows for player {player!r}" + (f" in {game}" if game else ""))
        return found[0]

    def records(self) -> list[dict[str, object]]:
        """Every row as flat columns (:meth:`PlayerStats.record`), the same columns each."""
        draws = max((len(r.draws) for r in self.rows), default=0)
        return [r.record(draws) for r in self.rows]

    def to_pandas(self) -> pandas.DataFrame:
        """The rows as a pandas DataFrame, one column per :meth:`records` key.

        Raises:
            ModuleNotFoundError: pandas is not installed (``pip install 'holecard[pandas]'``).
        """
        try:
            import pandas
        except ModuleNotFoundError as err:
            raise ModuleNotFoundError(
                "StatsTable.to_pandas needs pandas: pip install 'holecard[pandas]'",
                name=err.name,
            ) from err
        return pandas.DataFrame.from_records(self.records(), columns=self._columns())

    def to_polars(self) -> polars.DataFrame:
        """The rows as a polars DataFrame, one column per :meth:`records` key.

        Raises:
            ModuleNotFoundError: polars is not installed (``pip install 'holecard[polars]'``).
        """
        try:
            import polars
        except ModuleNotFoundError as err:
            raise ModuleNotFoundError(
                "StatsTable.to_polars needs polars: pip install 'holecard[polars]'",
                name=err.name,
            ) from err
        records = self.records()
        columns = self._columns()
        return polars.DataFrame(
            {c: [r[c] for r in records] for c in columns}, strict=False, nan_to_null=False
        )

    def _columns(self) -> list[str]:
        draws = max((len(r.draws) for r in self.rows), default=0)
        return list(PlayerStats("", Game.STUD, "").record(draws))


def compute(
    hands: Iterable[HandHistory],
    *,
    players: Sequence[str] | None = None,
    errors: Literal["warn", "ignore", "raise"] = "warn",
) -> StatsTable:
    """Per player statistics over hand histories (the module docstring gives the rules).

    Args:
        hands: hand histories, e.g. ``holecard.sites.read(folder)`` or PHH files loaded
            with :func:`holecard.phh.load`.
        players: keep only these players' rows (every hand still counts for them).
        errors: what a hand that cannot be counted does: ``"warn"`` an
            :class:`UncountedHandWarning`, ``"ignore"`` nothing (both list it in
            :attr:`StatsTable.uncounted`), ``"raise"`` a :class:`HandHistoryError`.

    Returns:
        The table, one row per player, game and unit.

    Raises:
        ConfigurationError: an unknown ``errors``.
        ArgumentTypeError: an item that is not a :class:`HandHistory`.
        HandHistoryError: with ``errors="raise"``, the first hand that cannot be counted.
    """
    from holecard.exceptions import ArgumentTypeError

    if errors not in ("warn", "ignore", "raise"):
        raise ConfigurationError(f"errors must be 'warn', 'ignore' or 'raise', got {errors!r}")
    if isinstance(hands, HandHistory) or not isinstance(hands, Iterable):
        raise ArgumentTypeError(
            f"hands must be an iterable of HandHistory values, got {type(hands).__name__}"
        )
    if players is not None and (isinstance(players, str) or not isinstance(players, Iterable)):
        raise ArgumentTypeError(f"players must be a list of names, got {players!r:.60}")
    keep = None if players is None else set(players)
    totals: dict[tuple[str, Game, str], PlayerStats] = {}
    uncounted: list[UncountedHand] = []
    counted = duplicates = 0
    seen: set[str] = set()
    labelled: set[str] = set()  # the hands named in unnamed seats' labels
    for i, hh in enumerate(hands):
        if not isinstance(hh, HandHistory):
            raise ArgumentTypeError(f"hands must hold HandHistory values, got {hh!r:.60}")
        record = repr(hh.to_dict())
        if record in seen:
            duplicates += 1
            continue
        seen.add(record)
        name = str(hh.hand) if hh.hand is not None else f"#{i + 1}"
        try:
            rows = _hand_rows(hh, functools.partial(_unique_hand, name, i, labelled))
        except HandHistoryError as exc:
            if errors == "raise":
                raise HandHistoryError(f"hand {name} cannot be counted: {exc}") from exc
            uncounted.append(UncountedHand(name, str(exc)))
            if errors == "warn":
                warnings.warn(f"hand {name}: {exc}", UncountedHandWarning, stacklevel=2)
            continue
        counted += 1
        for row in rows:
            if keep is None or row.player in keep:
                totals[row.key] = totals[row.key] + row if row.key in totals else row
    ordered = tuple(totals[k] for k in sorted(totals))
    return StatsTable(ordered, counted, tuple(uncounted), duplicates)


def _unique_hand(name: str, index: int, labelled: set[str]) -> str:
    """How unnamed seats' labels name hand ``name`` (the ``index``-th given, from 0).

    A number another hand's labels already use gets the hand's position too, so that two
    hands with the same number (from two tables or two events) keep their seats apart.
    """
    label = name if name not in labelled else f"{name}, #{index + 1}"
    while label in labelled:  # a hand field written like the labels themselves
        label = f"{label}, #{index + 1}"
    labelled.add(label)
    return label


def _is_blank(name: object) -> bool:
    """Whether a player's name says nobody: empty or only whitespace."""
    return isinstance(name, str) and not name.strip()


def hand_stats(hh: HandHistory) -> tuple[PlayerStats, ...]:
    """The rows of one hand, one per player in seat order (``hands`` = 1 each).

    A seat with a blank name is labelled ``(unnamed pN, hand H)`` (``(unnamed pN)`` when
    the hand has no number), as :func:`compute` does.

    Raises:
        HandHistoryError: the hand cannot be replayed, or is not over.
    """
    hand = None if hh.hand is None else str(hh.hand)
    return _hand_rows(hh, lambda: hand)


def _hand_rows(hh: HandHistory, hand: Callable[[], str | None]) -> tuple[PlayerStats, ...]:
    """The rows of :func:`hand_stats`; ``hand()`` names the hand in unnamed seats' labels.

    ``hand`` is called only when a seat is unnamed, and only once the hand is counted.
    """
    kind, _ = parse_variant(hh.variant)
    game = Game(kind)
    events, folded, final, collected = _replay(hh, game)
    n = len(hh.starting_stacks)
    # A hand that names nobody: every seat is unnamed (never merged across hands).
    names = list(hh.players) if hh.players else [""] * n
    unit = hh.currency or "chips"
    if hh.currency and hh.extras.get("_unit") == "cent":  # holecard.sites writes cash in cents
        unit += " cents"
    big_bet = hh.big_bet if hh.big_bet is not None else hh.min_bet
    if not big_bet:
        raise HandHistoryError("the hand has no big bet (big_bet or min_bet) to count in")
    tally = _Tally(n, game)
    tally.read(events, folded)
    if any(_is_blank(name) for name in names):
        where = hand()
        suffix = "" if where is None else f", hand {where}"
        names = [f"(unnamed p{s + 1}{suffix})" if _is_blank(x) else x for s, x in enumerate(names)]
    rows = []
    for s in range(n):
        net = int(final[s]) - int(hh.starting_stacks[s])
        rows.append(
            PlayerStats(
                player=names[s],
                game=game,
                unit=unit,
                hands=1,
                vpip=int(s in tally.vpip),
                first_round_raises=int(s in tally.first_round_raise),
                steal_chances=int(s in tally.steal_chance),
                steal_attempts=int(s == tally.stealer),
                steals_won=int(s == tally.stealer and not tally.contested),
                bring_in_defence_chances=int(s in tally.defence_chance),
                bring_in_defences=int(s in tally.defended),
                aggressive_actions=tally.aggressive[s],
                calls=tally.calls[s],
                showdowns=int(s in tally.showdown),
                showdowns_won=int(s in tally.showdown and collected[s] > 0),
                net=net,
                net_big_bets=Fraction(net) / Fraction(big_bet),
                draws=tuple(tally.draws[s]),
                cards_drawn=tuple(tally.cards_drawn[s]),
                pats=tuple(tally.pats[s]),
            )
        )
    return tuple(rows)


def _replay(hh: HandHistory, game: Game) -> tuple[list[Any], list[bool], list[int], list[int]]:
    """The engine's events, who folded, the finishing stacks and each seat's pot winnings."""
    state: Any
    try:
        state = hh.replay()
    except HandHistoryError:
        if game not in _DRAWS or not hh.finishing_stacks or not hh.winnings:
            raise
        # 2-7: who acts does not depend on the cards; count the actions, cards hidden.
        hidden = dataclasses.replace(hh, actions=[_hide_cards(a) for a in hh.actions])
        state = hidden.replay(verify=False)
    except HoleCardError as exc:
        raise HandHistoryError(str(exc)) from exc
    if not state.is_over:
        raise HandHistoryError("the hand is not over")
    events = list(state.history)
    folded = [bool(p.folded) for p in state.players]
    if hh.finishing_stacks and hh.winnings:  # an empty list states nothing
        recorded = [int(x) for x in hh.finishing_stacks], [int(x) for x in hh.winnings]
        return events, folded, *recorded
    won = [0] * len(hh.starting_stacks)
    for e in events:
        if e.kind == "award":
            won[e.seat] += e.amount
    final = hh.finishing_stacks or state.stacks
    return events, folded, [int(x) for x in final], won


def _hide_cards(action: str) -> str:
    """A PHH action with every card written as ``??`` (shows dropped to a no-op)."""
    tokens = action.split("#", 1)[0].split()
    if tokens[:2] == ["d", "dh"] and len(tokens) == 4:
        return f"d dh {tokens[2]} {'??' * (len(tokens[3]) // 2)}"
    if len(tokens) == 3 and tokens[1] == "sd":
        return f"{tokens[0]} sd {'??' * (len(tokens[2]) // 2)}"
    if len(tokens) >= 2 and tokens[1] == "sm":
        return f"{tokens[0]} sm"
    return action


class _Tally:
    """Walks one hand's engine events and notes what each seat did."""

    def __init__(self, n: int, game: Game) -> None:
        self.stud = game not in _DRAWS
        draws = _DRAWS.get(game, 0)
        self.vpip: set[int] = set()
        self.first_round_raise: set[int] = set()
        self.steal_chance: set[int] = set()
        self.stealer: int | None = None
        self.contested = False
        self.defence_chance: set[int] = set()
        self.defended: set[int] = set()
        self.aggressive = [0] * n
        self.calls = [0] * n
        self.showdown: set[int] = set()
        self.draws = [[0] * draws for _ in range(n)]
        self.cards_drawn = [[0] * draws for _ in range(n)]
        self.pats = [[0] * draws for _ in range(n)]

    def read(self, events: list[Any], folded: Sequence[bool]) -> None:
        """Counts the events of a finished hand; ``folded``: who had folded at the end."""
        rounds = 0  # betting and draw rounds begun ("street" events)
        first_round: list[Any] = []
        draw = -1
        drawing = False
        for e in events:
            kind = e.kind
            if kind == "draw":
                draw += not drawing
                drawing = True
                self.draws[e.seat][draw] += 1
                self.cards_drawn[e.seat][draw] += len(e.discards)
                self.pats[e.seat][draw] += not e.discards
            elif kind == "street":
                rounds += 1
                drawing = False
            elif kind in _BETTING:
                drawing = False
                if rounds == 1:
                    first_round.append(e)
                if kind in _AGGRESSIVE:
                    self.aggressive[e.seat] += 1
                elif kind == "call":
                    self.calls[e.seat] += 1
        alive = {s for s, out in enumerate(folded) if not out}
        if len(alive) > 1:
            self.showdown = alive
        self._first_round(first_round)

    def _first_round(self, events: list[Any]) -> None:
        for e in events:
            if e.kind in _VOLUNTARY:
                self.vpip.add(e.seat)
            if e.kind in _AGGRESSIVE:
                self.first_round_raise.add(e.seat)
        if not self.stud or not events or events[0].kind != "bring_in":
            return
        bring_in = events[0].seat
        order = list(dict.fromkeys(e.seat for e in events[1:] if e.seat != bring_in))
        positions = set(order[-_STEAL_POSITIONS:])
        opened = False
        for e in events[1:]:
            s = e.seat
            if self.stealer is None:
                if not opened and s in positions:
                    self.steal_chance.add(s)
                    if e.kind in _AGGRESSIVE:
                        self.stealer = s
                        continue
            elif s != self.stealer:
                if s == bring_in and not self.contested and s not in self.defence_chance:
                    self.defence_chance.add(s)
                    if e.kind in _VOLUNTARY:
                        self.defended.add(s)
                if e.kind in _VOLUNTARY:
                    self.contested = True
            if e.kind in _VOLUNTARY:
                opened = True
