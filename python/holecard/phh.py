"""Poker Hand History (PHH) files: read, write and replay them through an engine.

The format is the PHH standard (``uoftcprg/phh-std`` on GitHub, spec 0.0.2): one TOML
document per hand, with ``variant``, the table amounts,
``starting_stacks`` and the ``actions`` in PHH notation (``d dh p1 AsKd7h``, ``p2 pb``,
``p1 cbr 300``, ``p3 cc``, ``p2 f``, ``p1 sd KhQs``, ``p1 sm AsKd``).

Variant codes: ``F7S`` (seven-card stud), ``F7S/8`` (stud hi/lo 8-or-better), ``FR``
(razz), ``F2L3D`` (2-7 triple draw), with ``P``/``N`` instead of ``F`` for pot limit and
no limit (``P7S``, ``N7S/8``, ``NR``, ``P2L3D`` …; these use ``min_bet`` instead of
``small_bet``/``big_bet``). The PHH standard has no code for Soko, so this project uses
**``F5SK``** (fixed-limit Soko), **``P5SK``** and **``N5SK``**, with the stud fields
(``antes``, ``bring_in``, ``small_bet``/``big_bet`` or ``min_bet``).

Rules profile of a replay: the PHH data is WSOP play, so unless the file carries a
``_holecard_options`` table (written by :func:`state_to_phh`) a replay uses the WSOP
profile of docs/rules.md §6.3 (``profile="wsop"``; its options are listed by
``holecard._core.option_profiles()["wsop"]``), whose fixed-limit options apply in fixed
limit only. A file with a ``_holecard_profile`` beside its ``_holecard_options`` (as
:func:`state_to_phh` writes a table built under a profile) replays under that profile,
then those options, in an engine whose tables take ``profile=`` (holecard's); other
engines take the options alone. Short all-ins follow the half-bet rule (``HALF_BET``, as
PokerKit 0.7.6+ and WSOP), which the PokerKit test hands need.

Seats: PHH ``p1`` is the first seat left of the dealer (stud) or of the button (button
games), which is engine seat 0 with the engine's default dealer; heads-up button games
apply the blinds reversed (``p2``, the button, posts the small blind), which is also
the engine's rule. A 2-7 hand written under ``heads_up_small_blind = LEFT_OF_BUTTON``
(C-26: heads-up, ``p1`` posts the small blind) carries the option in its
``_holecard_options`` table and replays so here; other PHH readers reverse its blinds.
A replay's errors name the players so too (``p1``, the engine's seat 0, also where the
engine's own message is quoted) and the action they stop at (``action 9 'p4 cbr 7'``,
its index in ``actions``).

Replays build a deck that reproduces the dealt cards: the initial deal is interleaved
round by round, each later street (or draw) starts with a burn, and unknown cards
(``??``) and burns are filled with cards that appear nowhere in the file (stud games:
the highest cards first, so an unknown door card never brings in; razz: aces first).
A stub rebuilt during the hand (2-7 reshuffles, D-10; stud burns recycled, T-9.2) deals
cards a deck order cannot place, and PHH records neither the burns nor a rebuilt stub's
order: the replay finds, rebuild by rebuild, which of the file's cards each rebuilt stub
dealt and starts the hand with them on top of it (``Game.start(restocks=...)``); where the
file leaves a choice (which card a burn took), it keeps the reading that replays the file
to its end. A deal must name cards the engine has just dealt that seat: a hand that deals
a card twice (one a player holds, or one dealt before and not back in a rebuilt stub) is
refused, whether or not a stub is rebuilt later in it.
The driver uses only the public State API, so any engine with the same API can be
plugged in through ``engine=``; the default is holecard's own engine
(:mod:`holecard.games`), and ``engine=holecard.reference.engine`` replays through the
pure-Python reference.

Example:
    >>> hh = loads('''
    ... variant = "F7S"
    ... antes = [1, 1]
    ... bring_in = 1
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [50, 50]
    ... actions = ["d dh p1 AsKs2c", "d dh p2 QsJs3c", "p1 pb", "p2 f"]
    ... ''')
    >>> hh.replay().stacks
    [51, 49]
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from os import PathLike
from pathlib import Path
from types import UnionType
from typing import Any, Final, NoReturn, Protocol, Union, get_args, get_origin, get_type_hints

from holecard import _core
from holecard import events as ev
from holecard._enums import RANK_CHARS, SUIT_CHARS
from holecard.exceptions import (
    ArgumentTypeError,
    ConfigurationError,
    HandHistoryError,
    HandHistorySyntaxError,
    HoleCardError,
    ReplayError,
)

__all__ = [
    "MAX_REPLAY_ACTIONS",
    "HandHistory",
    "HandHistoryError",
    "HandHistorySyntaxError",
    "ReplayError",
    "ReplayStep",
    "dump",
    "dumps",
    "load",
    "loads",
    "parse_variant",
    "state_to_phh",
]

_ALL: Final = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)
_INF_STACK: Final = 10**15
#: What a TOML basic string cannot hold as it is: quotes, backslashes and control characters.
_TOML_ESCAPES: Final = {
    **{c: f"\\u{c:04x}" for c in (*range(0x20), 0x7F)},
    ord("\\"): "\\\\",
    ord('"'): '\\"',
    ord("\n"): "\\n",
    ord("\t"): "\\t",
}

#: A seat in an engine's message: ``seat 0`` is PHH's ``p1`` (see :func:`_phh_seats`).
_ENGINE_SEAT: Final = re.compile(r"\bseat (\d+)\b")

_BODIES: Final = {"7S": "stud", "7S/8": "stud8", "R": "razz", "2L3D": "deuce_seven", "5SK": "soko"}
_STRUCTURES: Final = {"F": "FIXED_LIMIT", "P": "POT_LIMIT", "N": "NO_LIMIT"}


class _Legal(Protocol):
    @property
    def check(self) -> bool: ...
    @property
    def complete(self) -> int | None: ...


class _Seat(Protocol):
    @property
    def hole_cards(self) -> Sequence[object]: ...


class StateLike(Protocol):
    """The part of the :class:`holecard.games.State` API that the replay driver uses."""

    @property
    def actor(self) -> int | None:
        """Seat to act, or None."""

    @property
    def is_over(self) -> bool:
        """The hand is finished."""

    @property
    def stacks(self) -> Sequence[int]:
        """Chips behind, per seat."""

    @property
    def players(self) -> Sequence[_Seat]:
        """Per-seat views."""

    @property
    def board(self) -> Sequence[object]:
        """The stud community card, if any."""

    def legal_actions(self) -> _Legal:
        """What the player to act may do."""

    def fold(self) -> object:
        """Fold."""

    def check(self) -> object:
        """Check."""

    def call(self) -> object:
        """Call."""

    def post_bring_in(self) -> object:
        """Post the bring-in."""

    def complete(self) -> object:
        """Complete."""

    def bet_or_raise_to(self, amount: int) -> object:
        """Bet or raise to a total."""

    def draw(self, discards: list[str]) -> object:
        """Discard and draw."""

    def stand_pat(self) -> object:
        """Draw nothing."""

    def timeout(self) -> object:
        """The player to act timed out."""


def parse_variant(code: str) -> tuple[str, str]:
    """Split a variant code into ``(game id, betting structure name)``.

    Args:
        code: ``F7S``, ``N7S/8``, ``FR``, ``F2L3D``, ``F5SK`` …

    Returns:
        E.g. ``("stud8", "FIXED_LIMIT")``.

    Raises:
        ReplayError: unknown or unsupported code.

    Example:
        >>> parse_variant("P2L3D")
        ('deuce_seven', 'POT_LIMIT')
    """
    if not isinstance(code, str):
        raise ArgumentTypeError(f"code must be a variant code (str), got {_describe(code)}")
    if len(code) >= 2 and code[0] in _STRUCTURES and code[1:] in _BODIES:
        return _BODIES[code[1:]], _STRUCTURES[code[0]]
    raise ReplayError(f"unsupported variant code {code!r}")


def _variant_code(kind: str, betting: str) -> str:
    prefix = {v: k for k, v in _STRUCTURES.items()}[betting]
    body = {v: k for k, v in _BODIES.items()}[kind]
    return prefix + body


# ------------------------------------------------------------------------------------
# The record


_FIELDS_ORDER: Final = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "rake",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)


#: Fields with one entry per player, in the order of ``starting_stacks`` (antes and blinds
#: are checked against it when the hand is replayed).
_PER_PLAYER = ("players", "seats", "finishing_stacks", "winnings")


@dataclass
class HandHistory:
    """One hand in PHH form; fields as in the PHH standard (unknown keys in ``extras``)."""

    variant: str
    antes: list[int | float] = field(default_factory=list)
    starting_stacks: list[int | float] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    blinds_or_straddles: list[int | float] | None = None
    bring_in: int | float | None = None
    small_bet: int | float | None = None
    big_bet: int | float | None = None
    min_bet: int | float | None = None
    ante_trimming_status: bool | None = None
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: Any = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: Any = None
    level: Any = None
    seats: list[int] | None = None
    seat_count: int | None = None
    table: Any = None
    players: list[str] | None = None
    finishing_stacks: list[int | float] | None = None
    winnings: list[int | float] | None = None
    rake: int | float | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Any = None
    time_banks: Any = None
    extras: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandHistory:
        """Build from a parsed TOML table (unknown keys go to ``extras``).

        Args:
            data: the TOML table.

        Returns:
            The hand history.

        Raises:
            HandHistoryError: ``variant`` missing, a field of the wrong type, or a
                per-player field (``players``, ``seats``, ``finishing_stacks``,
                ``winnings``) whose length is not ``starting_stacks``'.
            ArgumentTypeError: ``data`` is not a dict.
        """
        if not isinstance(data, dict):
            raise ArgumentTypeError(f"data must be a dict (a TOML table), got {_describe(data)}")
        if "variant" not in data:
            raise HandHistoryError("a hand history needs a 'variant'")
        names = {f.name for f in dataclasses.fields(cls)} - {"extras"}
        known = {k: v for k, v in data.items() if k in names}
        extras = {k: v for k, v in data.items() if k not in names}
        hh = cls(**known, extras=extras)
        hh._check_fields()
        return hh

    def _check_fields(self) -> None:
        """Checks every field's type.

        Raises :class:`HandHistoryError` naming the first field whose value does not have
        the type the PHH standard gives it (this class's annotations).
        """
        for name, hint in _field_types().items():
            value = getattr(self, name)
            if not _fits(value, hint):
                raise HandHistoryError(f"field {name!r} cannot be {_describe(value)}")
        n = len(self.starting_stacks)
        for name in _PER_PLAYER:
            value = getattr(self, name)
            if value and len(value) != n:  # an empty list states nothing
                raise HandHistoryError(
                    f"field {name!r} lists {len(value)} entries for {n} players (starting_stacks)"
                )

    def _check_replayable(self) -> None:
        """Raises :class:`ReplayError` for a hand of more actions than a replay takes."""
        if len(self.actions) > MAX_REPLAY_ACTIONS:
            raise ReplayError(
                f"a hand of {len(self.actions):,} actions; a replay takes at most "
                f"{MAX_REPLAY_ACTIONS:,} (MAX_REPLAY_ACTIONS)"
            )

    def to_dict(self) -> dict[str, Any]:
        """The TOML table (None fields left out, extras appended).

        Returns:
            Key → value, in the canonical field order.
        """
        out: dict[str, Any] = {}
        for name in _FIELDS_ORDER:
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        out.update(self.extras)
        return out

    def replay_steps(self, *, engine: object = None) -> Iterator[ReplayStep]:
        """Replay the hand one action at a time, for viewers and step-by-step checks.

        Args:
            engine: as for :meth:`replay`.

        Yields:
            The deal (``index`` None), then one :class:`ReplayStep` per action, each with
            its own copy of the state (dealer actions and shows change nothing: the
            engine deals and shows by itself).

        Raises:
            ReplayError: as :meth:`replay`, when the step that cannot be taken is reached.
            HandHistoryError: a field of the wrong type.

        >>> hh = loads('''
        ... variant = "FR"
        ... antes = [1, 1]
        ... bring_in = 1
        ... small_bet = 2
        ... big_bet = 4
        ... starting_stacks = [20, 20]
        ... actions = ["d dh p1 ????Ks", "d dh p2 ????2s", "p1 pb", "p2 f"]
        ... ''')
        >>> [(s.action, s.state.stacks) for s in hh.replay_steps()]
        [(None, [19, 19]), ('d dh p1 ????Ks', [19, 19]), ('d dh p2 ????2s', [19, 19]), \
('p1 pb', [18, 19]), ('p2 f', [21, 19])]
        >>> sorted(next(hh.replay_steps()).known)
        ['2s', 'Ks']
        """
        self._check_fields()
        self._check_replayable()
        for act, state, known in _replay_steps(self, engine):
            yield ReplayStep(
                index=None if act is None else act.index,
                action=None if act is None else act.text,
                actor=None if act is None else act.actor,
                state=copy.deepcopy(state),
                known=frozenset(known),
            )

    def replay(self, *, engine: object = None, verify: bool = True) -> StateLike:
        """Run the hand through an engine and return the final state.

        Args:
            engine: a module or object with the game classes as attributes
                (``SevenCardStud`` …), or a factory called with the class name; default
                holecard's engine :mod:`holecard.games`.
            verify: check ``finishing_stacks`` (when present and the hand is over).

        Returns:
            The engine state after the last action.

        Raises:
            ReplayError: an action the engine rejects (the engine's error is the
                ``__cause__``), cards that do not match, or wrong finishing stacks.
            HandHistoryError: a field of the wrong type.
        """
        if not isinstance(verify, bool):
            raise ArgumentTypeError(f"verify must be True or False, got {_describe(verify)}")
        self._check_fields()
        self._check_replayable()
        return _replay(self, engine, verify)


@dataclass(frozen=True)
class ReplayStep:
    """A replayed hand after one action of its history (:meth:`HandHistory.replay_steps`).

    Attributes:
        index: the action's index in ``HandHistory.actions`` (None: the deal, before any).
        action: the action's PHH text, without commentary (None for the deal).
        actor: the seat that acted (None: the dealer, or the deal).
        state: the engine state after the action (a copy of its own).
        known: the cards the history names. The replay stands in other cards for those it
            does not record (``??``), so a viewer shows a dealt card outside this set as
            unknown.
    """

    index: int | None
    action: str | None
    actor: int | None
    state: StateLike
    known: frozenset[str]


def _describe(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


def _field_types() -> dict[str, Any]:
    """Each field of :class:`HandHistory` and its annotated type (``extras`` aside)."""
    hints = get_type_hints(HandHistory)
    return {f.name: hints[f.name] for f in dataclasses.fields(HandHistory) if f.name != "extras"}


def _fits(value: object, hint: object) -> bool:
    """Whether ``value`` has the type ``hint`` (``Any``, classes, unions, ``list[...]``)."""
    if hint is Any:
        return True
    origin = get_origin(hint)
    if origin in (Union, UnionType):
        return any(_fits(value, h) for h in get_args(hint))
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if hint is type(None):
        return value is None
    if hint in (int, float):  # a bool is not an amount
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(hint, type) and isinstance(value, hint)


#: The reader's limits on a hand history's text, far above any real hand's (a few kB, a
#: few hundred characters a line), so that reading takes time linear in the text and
#: the TOML parser (tomllib) neither recurses deeply nor converts huge numbers.
#: The most actions a replay takes: far more than any table plays in a hand (a fixed-limit
#: hand has at most a few hundred), and few enough that a replay, whose search for a
#: rebuilt stub's order grows faster than the hand, ends within seconds.
MAX_REPLAY_ACTIONS: Final = 10_000
_MAX_CHARS: Final = 1 << 20  # characters in a document (a file)
_MAX_LINE_CHARS: Final = 1 << 16  # characters in a line
_MAX_NESTING: Final = 32  # arrays and inline tables inside each other (tomllib recurses)
# Dots in a line outside strings, comments and numbers (a float's or a time's one dot), so
# that a dotted key or table name has at most 17 parts: tomllib checks each prefix of a
# dotted key, in time quadratic in its parts.
_MAX_DOTS: Final = 16
_MAX_NUMBER_CHARS: Final = 64  # characters in a number (a bare word that starts with a digit)

#: What the limits look at: strings and comments (skipped whole), runs of brackets, dots,
#: line ends, and numbers (bare words that start with a digit, with their dots).
_LEXEMES: Final = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*""""{0,2}'
    r"|'''[\s\S]*?''''{0,2}"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*"
    r"|(?<![A-Za-z0-9_])[0-9][A-Za-z0-9_:+.-]*"
    r"|[\[{]+|[\]}]+|[.\n]"
)


def _check_limits(text: str) -> None:
    """Refuses text beyond the reader's limits (:data:`_MAX_CHARS` …), naming the line.

    Raises:
        HandHistorySyntaxError: what is beyond which limit, and where.
    """
    if len(text) > _MAX_CHARS:
        raise HandHistorySyntaxError(
            f"{len(text):,} characters; a hand history has at most {_MAX_CHARS:,}"
        )
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > _MAX_LINE_CHARS:
            raise HandHistorySyntaxError(
                f"line {number} has {len(line):,} characters; at most {_MAX_LINE_CHARS:,}"
            )
    depth = dots = 0
    for match in _LEXEMES.finditer(text):
        token = match.group()
        first = token[0]
        if first in "[{":
            if depth + len(token) > _MAX_NESTING:
                where = match.start() + _MAX_NESTING - depth
                _refuse(text, where, f"nested more than {_MAX_NESTING} deep")
            depth += len(token)
        elif first in "]}":
            depth = max(depth - len(token), 0)
        elif first == "\n":
            dots = 0
        elif first == "." or first.isdigit():
            if len(token) > _MAX_NUMBER_CHARS:
                _refuse(
                    text,
                    match.start(),
                    f"a number of {len(token):,} characters ({token[:12]}...); "
                    f"at most {_MAX_NUMBER_CHARS}",
                )
            found = token.count(".")
            dots += found if first == "." or found > 1 else 0
            if dots > _MAX_DOTS:
                _refuse(
                    text,
                    match.start(),
                    f"more than {_MAX_DOTS} dots in a line outside strings: a key or table "
                    f"name has at most {_MAX_DOTS + 1} parts",
                )
        elif first != "#" and "\n" in token:  # a multi-line string: a line ends in it
            dots = 0


def _refuse(text: str, pos: int, message: str) -> NoReturn:
    """Raises HandHistorySyntaxError: ``message`` at ``pos``, named as tomllib names places."""
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    raise HandHistorySyntaxError(f"{message} (at line {line}, column {column})")


def loads(text: str) -> HandHistory:
    """Parse one ``.phh`` document.

    The text may have at most 1,048,576 (``2**20``) characters, 65,536 in a line; arrays
    and inline tables nest at most 32 deep, a line has at most 16 dots outside strings,
    comments and numbers (a dotted key or a table name at most 17 parts), and a number (a bare
    word that starts with a digit) has at most 64 characters. Reading takes time linear in
    the text.

    Args:
        text: TOML text.

    Returns:
        The hand history.

    Raises:
        HandHistorySyntaxError: text that is not TOML, or beyond the limits above (the
            message names the line).
        HandHistoryError: a record without a ``variant`` or with a field of the wrong type.
        ArgumentTypeError: ``text`` is not a str.

    >>> loads('variant = "F7S" antes')
    Traceback (most recent call last):
    ...
    holecard.exceptions.HandHistorySyntaxError: Expected newline or end of document after a \
statement (at line 1, column 17)
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"text must be PHH (TOML) text, got {_describe(text)}")
    _check_limits(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        if message.endswith("(at end of document)"):
            message += f" on line {text.count(chr(10)) + 1}"
        raise HandHistorySyntaxError(message) from None
    except RecursionError:  # the limits keep tomllib from this; should one let it through
        raise HandHistorySyntaxError("nested too deep for the TOML parser") from None
    except ValueError as exc:  # int()'s digit limit, likewise
        raise HandHistorySyntaxError(f"not readable as TOML: {exc}") from None
    return HandHistory.from_dict(data)


def load(path: str | Path) -> HandHistory:
    """Read one ``.phh`` file.

    Args:
        path: the file.

    Returns:
        The hand history.

    Raises:
        HandHistoryError: a file that is not UTF-8 TOML text, or not a hand history; the
            message names the file (and, for bad TOML, the line).
        ArgumentTypeError: ``path`` is not a str or ``os.PathLike``.
        ConfigurationError: ``path`` cannot name a file (it holds a NUL character).
        OSError: the file cannot be read (missing, a folder, no permission).
    """
    if not isinstance(path, str | PathLike):
        raise ArgumentTypeError(f"path must be a str or a path, got {_describe(path)}")
    try:
        with Path(path).open("rb") as file:
            data = file.read(_MAX_CHARS + 1)  # an endless file (/dev/zero) stops here
    except ValueError as exc:  # a name the system cannot take (a NUL character)
        raise ConfigurationError(f"path {path!r} cannot name a file: {exc}") from None
    if len(data) > _MAX_CHARS:
        raise HandHistorySyntaxError(
            f"{path}: more than {_MAX_CHARS:,} bytes; a hand history file has at most that many"
        )
    try:
        # As a file read as text: universal line ends.
        text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        raise HandHistoryError(
            f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    try:
        return loads(text)
    except HandHistorySyntaxError as exc:
        raise HandHistorySyntaxError(f"{path}: {exc}") from None
    except HandHistoryError as exc:
        raise HandHistoryError(f"{path}: {exc}") from None


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        if math.isnan(value):
            return "nan"
        return repr(value)
    if isinstance(value, str):
        return '"' + value.translate(_TOML_ESCAPES) + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{" + (f" {inner} " if inner else "") + "}"
    if isinstance(value, enum.Enum):
        return _toml_value(value.name)
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    raise ArgumentTypeError(f"cannot write {_describe(value)} to TOML")


def _toml_key(key: str) -> str:
    if key and all(c.isalnum() or c in "_-" for c in key):
        return key
    return _toml_value(key)


def dumps(hh: HandHistory) -> str:
    """Write a hand history as ``.phh`` TOML text.

    Args:
        hh: the hand history.

    Returns:
        TOML text that :func:`loads` reads back to an equal record.

    Raises:
        ArgumentTypeError: ``hh`` is not a :class:`HandHistory`, or holds a value TOML
            cannot write.
    """
    if not isinstance(hh, HandHistory):
        raise ArgumentTypeError(f"hh must be a HandHistory, got {_describe(hh)}")
    lines = []
    for k, v in hh.to_dict().items():
        line = f"{_toml_key(k)} = {_toml_value(v)}"
        if len(line) > _MAX_LINE_CHARS and isinstance(v, list | tuple):
            # One item a line, within the reader's line limit (a hand of thousands of actions).
            line = f"{_toml_key(k)} = [\n" + "".join(f"  {_toml_value(x)},\n" for x in v) + "]"
        lines.append(line)
    return "\n".join(lines) + "\n"


def dump(hh: HandHistory, path: str | Path) -> None:
    """Write a hand history to a file.

    Args:
        hh: the hand history.
        path: the file.

    Raises:
        ArgumentTypeError: as :func:`dumps`, or ``path`` is not a str or ``os.PathLike``.
        ConfigurationError: ``path`` cannot name a file (it holds a NUL character).
        OSError: the file cannot be written.
    """
    if not isinstance(path, str | PathLike):
        raise ArgumentTypeError(f"path must be a str or a path, got {_describe(path)}")
    text = dumps(hh)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except ValueError as exc:  # a name the system cannot take (a NUL character)
        raise ConfigurationError(f"path {path!r} cannot name a file: {exc}") from None


# ------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class _Act:
    index: int
    text: str
    actor: int | None  # None = dealer
    verb: str
    args: tuple[str, ...]
    timeout: bool = False  # commentary "# timeout": the player timed out (holecard)
    dealt_to: int | None = None  # the seat a ``d dh`` deals to (0-based)

    @property
    def cards(self) -> list[str | None]:
        """The cards a ``dh``, ``db``, ``sd`` or ``sm`` names (``None`` for ``??``)."""
        if self.dealt_to is not None:
            return _split_cards(self.args[1])
        return _split_cards(self.args[0]) if self.args else []


def _parse_actions(actions: Sequence[str], n: int) -> list[_Act]:
    out: list[_Act] = []
    for i, raw in enumerate(actions):
        text, _, comment = raw.partition("#")
        text = text.strip()
        if not text:
            continue
        tokens = text.split()
        if len(tokens) < 2:
            raise ReplayError(f"action {i} {raw!r}: too short")
        who, verb, args = tokens[0], tokens[1], tuple(tokens[2:])
        actor: int | None
        target: int | None = None
        if who == "d":
            actor = None
            if verb in ("dh", "db") and not args:
                raise ReplayError(f"action {i} {raw!r}: no cards")
        elif who.startswith("p") and who[1:].isdigit() and 1 <= int(who[1:]) <= n:
            actor = int(who[1:]) - 1
            if verb in ("dh", "db"):
                raise ReplayError(f"action {i} {raw!r}: only the dealer ('d') deals")
        else:
            raise ReplayError(f"action {i} {raw!r}: unknown actor {who!r}")
        if verb in ("db", "sd", "sm") and len(args) > 1:
            raise ReplayError(f"action {i} {raw!r}: expected one card string, got {len(args)}")
        if verb == "dh" and actor is None:
            if not (args[0].startswith("p") and args[0][1:].isdigit() and len(args) == 2):
                raise ReplayError(f"action {i} {raw!r}: expected 'd dh pN CARDS'")
            target = int(args[0][1:]) - 1
            if not 0 <= target < n:
                raise ReplayError(f"action {i} {raw!r}: no player {args[0]}")
        act = _Act(i, raw, actor, verb, args, comment.strip() == "timeout", target)
        if verb in ("dh", "db", "sd", "sm"):
            try:  # here, where a bad card's error can name its action
                _ = act.cards
            except ReplayError as exc:
                raise ReplayError(f"action {i} {raw!r}: {exc}") from None
        out.append(act)
    return out


def _split_cards(text: str) -> list[str | None]:
    """``"AsKd??"`` → ``["As", "Kd", None]`` (``None`` = unknown card)."""
    if text == "-":
        return []
    if len(text) % 2:
        raise ReplayError(f"bad card text {text!r}")
    cards: list[str | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        if token == "??":
            cards.append(None)
            continue
        rank = token[0].upper()
        suit = token[1].lower()
        if rank not in RANK_CHARS or suit not in SUIT_CHARS:
            raise ReplayError(f"bad card {token!r} in {text!r}")
        cards.append(rank + suit)
    return cards


def _phh_seats(message: str) -> str:
    """An engine's error message with its seats named as PHH names the players.

    An engine numbers seats from 0 (``seat 1``); a replay deals with the engine's default
    dealer, so engine seat ``k`` is PHH's ``p{k + 1}`` (``p2``).

    >>> _phh_seats("seat 1 may bet or raise to 4 only (got 3); seat 0's turn")
    "p2 may bet or raise to 4 only (got 3); p1's turn"
    """
    return _ENGINE_SEAT.sub(lambda m: f"p{int(m.group(1)) + 1}", message)


def _amount(value: object, what: str) -> int:
    """A record's chip amount: a whole number or ``inf`` (a stack without limit).

    Text is read exactly (no rounding through a float above 2**53); never negative.
    """
    if isinstance(value, bool):
        raise ReplayError(f"{what}: not an amount: {value!r}")
    if isinstance(value, str):
        text = value.strip()
        try:
            value = int(text)
        except ValueError:
            try:
                number = Decimal(text)
            except InvalidOperation:
                raise ReplayError(f"{what}: not an amount: {value!r}") from None
            if number.is_finite() and number == number.to_integral_value():
                value = int(number)
            elif number.is_infinite():
                value = float(number)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        if value < 0:
            raise ReplayError(f"{what}: negative amount {value}")
        return value
    if isinstance(value, float) and math.isinf(value):
        if value < 0:
            raise ReplayError(f"{what}: negative amount {value}")
        return _INF_STACK
    raise ReplayError(f"{what}: only whole chip amounts are supported, got {value!r}")


# ------------------------------------------------------------------------------------
# Game construction


def _profile(kind: str, betting: str, name: str = "wsop") -> dict[str, Any]:
    """A docs/rules.md §6 profile (the option catalogue's) as explicit options.

    WSOP unless the file names another in ``_holecard_profile``.

    Under ``betting`` pot or no limit the fixed-limit options are left out (a table of
    that structure refuses them).
    """
    specs = {spec.name: spec for spec in _core.option_specs()}
    changes = _core.option_profiles()[_profile_name(name)][kind]
    return {
        name: specs[name].value(text)
        for name, text in changes.items()
        if betting in specs[name].structures
    }


def _profile_name(name: str) -> str:
    """``name`` if it is a profile of the option catalogue (``_holecard_profile``).

    Raises:
        ReplayError: no profile has that name.
    """
    profiles = _core.option_profiles()
    if name not in profiles:
        raise ReplayError(
            f"unknown _holecard_profile {name!r}; expected one of {sorted(profiles)}"
        )
    return name


def _takes_profile(cls: Callable[..., Any]) -> bool:
    """Whether an engine's game class takes ``profile=`` (holecard's does, the reference not)."""
    import inspect  # here, for replays of files that name a profile and their options

    try:
        parameters = inspect.signature(cls).parameters
    except (TypeError, ValueError):  # a callable whose signature cannot be read
        return False
    return "profile" in parameters


def _decode_options(raw: dict[str, Any], betting: str) -> dict[str, Any]:
    """The options of a ``_holecard_options`` table for a table of ``betting``.

    Files written before pot and no limit refused the fixed-limit options list them for
    every structure; they had no effect there and are left out.
    """
    structures = {spec.name: spec.structures for spec in _core.option_specs()}
    return {
        k: (None if v == "None" else v)
        for k, v in raw.items()
        if betting in structures.get(k, (betting,))
    }


def _game_spec(hh: HandHistory) -> tuple[str, dict[str, Any], str | None]:
    """The game id, the table's keywords, and the profile they apply to.

    The profile is the file's ``_holecard_profile`` when it also has a
    ``_holecard_options`` table (as :func:`state_to_phh` writes a table built under a
    profile), else None: then the options already hold the profile (WSOP unless the file
    names another), or the table is of the engine's default profile.
    """
    kind, betting = parse_variant(hh.variant)
    n = len(hh.starting_stacks)
    if n < 2:
        raise ReplayError("a hand needs at least two starting stacks")
    antes = [_amount(a, "antes") for a in (hh.antes or [0] * n)]
    if len(antes) != n:
        raise ReplayError("antes and starting_stacks differ in length")
    if len(set(antes)) != 1:
        raise ReplayError(f"non-uniform antes {antes} are not supported")
    kwargs: dict[str, Any] = {"betting": betting, "ante": antes[0]}
    if betting == "FIXED_LIMIT":
        if hh.small_bet is None or hh.big_bet is None:
            raise ReplayError("fixed limit needs small_bet and big_bet")
        kwargs["small_bet"] = _amount(hh.small_bet, "small_bet")
        kwargs["big_bet"] = _amount(hh.big_bet, "big_bet")
    else:
        if hh.min_bet is None:
            raise ReplayError("pot and no limit need min_bet")
        kwargs["min_bet"] = kwargs["small_bet"] = _amount(hh.min_bet, "min_bet")
    if kind == "deuce_seven":
        blinds = [_amount(b, "blinds_or_straddles") for b in (hh.blinds_or_straddles or [])]
        if len(blinds) < 2 or any(blinds[2:]):
            raise ReplayError(f"2-7 needs exactly a small and a big blind, got {blinds}")
        kwargs["small_blind"], kwargs["big_blind"] = blinds[0], blinds[1]
    else:
        if hh.bring_in is None:
            raise ReplayError("stud games need bring_in")
        kwargs["bring_in"] = _amount(hh.bring_in, "bring_in")
    custom = hh.extras.get("_holecard_options")
    profile: str | None = None
    if isinstance(custom, dict):
        kwargs.update(_decode_options(custom, betting))
        if "_holecard_profile" in hh.extras:
            profile = _profile_name(str(hh.extras["_holecard_profile"]))
    else:
        kwargs.update(_profile(kind, betting, str(hh.extras.get("_holecard_profile", "wsop"))))
    if hh.rake:
        # G-1.10.7: a recorded rake is the whole pot's share (100 %) capped at the amount.
        kwargs["rake_basis_points"] = 10_000
        kwargs["rake_cap"] = _amount(hh.rake, "rake")
    return kind, kwargs, profile


def _game_class(engine: object, kind: str) -> Callable[..., Any]:
    from holecard import games

    # The class name of the game in holecard.games, which an engine names its classes by.
    name = games.game_class(kind).__name__
    if engine is None:
        engine = games
    if hasattr(engine, name):
        cls: Callable[..., Any] = getattr(engine, name)
        return cls
    if callable(engine):
        made: Callable[..., Any] = engine(name)
        return made
    raise ReplayError(f"engine {engine!r} provides no {name}")


# ------------------------------------------------------------------------------------
# Deck reconstruction


def _deals(acts: list[_Act]) -> dict[int, list[str | None]]:
    """The cards of each ``d dh`` action (by action index), in the order the replay deals.

    The cards dealt before in the hand come last, since only a stub rebuilt from burns and
    discards (D-10, T-9.2) can deal them again. A history need not list a draw's cards in
    dealing order (:func:`state_to_phh` lists them by rank), and a draw the reshuffle
    interrupted took its first cards from the old stub.
    """
    seen: set[str] = set()
    out: dict[int, list[str | None]] = {}
    for a in acts:
        if a.dealt_to is not None:
            cards = a.cards
            out[a.index] = [c for c in cards if c not in seen] + [c for c in cards if c in seen]
            seen.update(c for c in cards if c is not None)
        elif a.actor is None and a.verb == "db":
            seen.update(c for c in a.cards if c is not None)
    return out


def _build_deck(
    kind: str,
    n: int,
    acts: list[_Act],
    deals: dict[int, list[str | None]],
    *,
    burns: bool = True,
    button_small_blind: bool = True,
) -> tuple[list[str], set[str], bool]:
    """Deck (top first) that makes the engine deal the cards of the history.

    Also the cards the history names, and whether the hand takes so many cards that a
    stub may be rebuilt.

    ``deals``: :func:`_deals` of ``acts``. ``burns``: whether each later street (or draw)
    starts with a burn (``burn_cards``).
    ``button_small_blind``: 2-7 heads-up, the button (``p2``) posts the small blind and is
    dealt first (``heads_up_small_blind = BUTTON``); otherwise ``p1`` is.
    """
    stud = kind != "deuce_seven"
    initial = 2 if kind == "soko" else (3 if stud else 5)
    known: set[str] = set()
    for a in acts:
        if a.verb in ("dh", "db", "sd", "sm"):
            known.update(c for c in a.cards if c is not None)
    slots: list[str | None] = []
    # Initial deal: G-1.3.1 round by round (stud from p1; 2-7 from the small blind).
    first: dict[int, list[str | None]] = {}
    i = 0
    while i < len(acts) and len(first) < n:
        a = acts[i]
        if a.dealt_to is not None:
            if a.dealt_to in first:
                break
            if len(a.cards) > initial:
                raise ReplayError(
                    f"action {a.index} {a.text!r}: p{a.dealt_to + 1} is dealt {len(a.cards)} "
                    f"cards at first; expected {initial}"
                )
            first[a.dealt_to] = a.cards
            i += 1
        elif a.verb == "sm":
            i += 1
        else:
            break
    for seat in range(n):
        cards = first.get(seat, [])
        first[seat] = cards + [None] * (initial - len(cards))
    order = list(range(n)) if (stud or n > 2 or not button_small_blind) else [1, 0]
    for r in range(initial):
        for seat in order:
            slots.append(first[seat][r])
    # Later streets (stud) or draws (2-7): each starts with a burn.
    rest = acts[i:]
    if stud:
        group: dict[int, list[str | None]] = {}
        board: list[str | None] = []

        def flush() -> None:
            if not group and not board:
                return
            if burns:
                slots.append(None)  # the burn
            for seat in sorted(group):
                slots.extend(group[seat])
            slots.extend(board)
            group.clear()
            board.clear()

        for a in rest:
            if a.dealt_to is not None:
                if a.dealt_to in group:
                    flush()
                group[a.dealt_to] = deals[a.index]
            elif a.actor is None and a.verb == "db":
                # The community card is a street of its own (T-9.3): with everyone
                # all-in no betting comes between it and sixth street's cards.
                if group:
                    flush()
                board.extend(a.cards)
            elif a.verb == "sm":
                continue
            else:
                flush()
        flush()
    else:
        drawn: dict[int, int] = {}
        dealt: dict[int, list[str | None]] = {}

        def flush_draw() -> None:
            if not drawn and not dealt:
                return
            # G-1.3.2 / D-5: one burn per draw, even if all stand pat, but none from an
            # empty stub (the engines then burn nothing unless someone draws and reshuffles).
            if burns and len(slots) < 52:
                slots.append(None)
            for seat in sorted(set(drawn) | set(dealt)):
                cards = dealt.get(seat, [])
                want = drawn.get(seat, len(cards))
                slots.extend((cards + [None] * want)[:want] if want >= len(cards) else cards)
            drawn.clear()
            dealt.clear()

        for a in rest:
            if a.verb == "sd" and a.actor is not None:
                if a.actor in drawn:
                    flush_draw()
                drawn[a.actor] = len(a.cards)
            elif a.dealt_to is not None:
                dealt.setdefault(a.dealt_to, []).extend(deals[a.index])
            elif a.verb == "sm":
                continue
            else:
                flush_draw()
        flush_draw()
    # A stub is rebuilt only when the deck runs short: 2-7 past its 52nd card (or at its
    # last, EXCLUDE_CURRENT_ROUND), stud when seventh street needs up to 10 cards more.
    rebuilds = len(slots) > 52 - _SEVENTH_STREET_MOST
    used = [c for c in slots if c is not None]
    if len(slots) <= 52 and len(used) != len(set(used)):
        dup = sorted({c for c in used if used.count(c) > 1})
        where = _dealt_again(acts, set(dup))
        raise ReplayError(f"cards dealt twice: {' '.join(dup)}" + (f" ({where})" if where else ""))
    # Past the deck come the stubs rebuilt from burns and discards, where a card may be
    # dealt again: from the 52nd card or the first card dealt twice, whichever is first
    # (under EXCLUDE_CURRENT_ROUND the stub's last card can wait for the reshuffle). The
    # replay tops them through the engine's `restocks` (see _Restocks).
    end = min(len(slots), 52)
    for i, c in enumerate(slots[:end]):
        if c is not None and c in slots[:i]:
            end = i
            break
    del slots[end:]
    # Unknown cards and burns: the cards the history names nowhere, and those it names
    # only from a rebuilt stub (burned or thrown the first time they left the deck).
    named_here = set(slots)
    if kind == "razz":
        by_rank = sorted(
            _ALL, key=lambda c: (14 if c[0] == "A" else RANK_CHARS.index(c[0]) + 2) % 14
        )
    else:
        by_rank = sorted(
            _ALL, key=lambda c: (RANK_CHARS.index(c[0]), SUIT_CHARS.index(c[1])), reverse=True
        )
    never = [c for c in by_rank if c not in known]
    later = [c for c in by_rank if c in known and c not in named_here]
    # 2-7: the cards named only from a rebuilt stub go to the first unknown cards dealt,
    # the likeliest to be thrown (as ``??``, see _apply) into the reshuffle before it;
    # stud keeps its order (an unknown door card must not bring in).
    spare = later + never if kind == "deuce_seven" else never + later
    # Enough by construction: the slots name distinct cards, and the spare cards are all
    # the others.
    deck: list[str] = []
    for c in slots:
        deck.append(c if c is not None else spare.pop(0))
    # The rest: the cards the history names (dealt from a rebuilt stub) first.
    deck.extend(
        [c for c in _ALL if c in spare and c in known] + [c for c in spare if c not in known]
    )
    return deck, known, rebuilds


def _dealt_again(acts: list[_Act], twice: set[str]) -> str | None:
    """Names the first action that deals one of the cards ``twice`` a second time.

    Returns:
        E.g. ``"action 11 'd dh p4 Td' deals Td again"``; None if no action does.
    """
    seen: set[str] = set()
    for a in acts:
        if a.dealt_to is not None or (a.actor is None and a.verb == "db"):
            for c in a.cards:
                if c is not None and c in seen and c in twice:
                    return f"action {a.index} {a.text!r} deals {c} again"
                if c is not None:
                    seen.add(c)
    return None


# ------------------------------------------------------------------------------------
# Replay


def _replay_steps(
    hh: HandHistory, engine: object
) -> Iterator[tuple[_Act | None, StateLike, set[str]]]:
    """The state after the deal, then after each action, with the cards the history names.

    Every item holds the same live state, moved on by one action.
    """
    kind, kwargs, profile = _game_spec(hh)
    n = len(hh.starting_stacks)
    stacks = [_amount(s, "starting_stacks") for s in hh.starting_stacks]
    acts = _parse_actions(hh.actions, n)
    deals = _deals(acts)
    deck, known, rebuilds = _build_deck(
        kind,
        n,
        acts,
        deals,
        burns=kwargs.get("burn_cards", True) is not False,
        button_small_blind=str(kwargs.get("heads_up_small_blind", "BUTTON")).upper()
        != "LEFT_OF_BUTTON",
    )
    cls = _game_class(engine, kind)
    if profile is not None and _takes_profile(cls):
        # The options the profile sets that the table takes no keyword for (fixed-limit
        # ones at pot or no limit, other games'): they change no play, so an engine
        # without profiles replays the same hand from the options alone.
        kwargs["profile"] = profile
    named_for = _named_for(acts)
    restocks: list[list[str]] = []
    if rebuilds:
        finder = _Restocks(acts, known, deals, named_for)
        restocks = finder.find(lambda t: _start(cls, kwargs, stacks, deck, t))
    try:
        state = _start(cls, kwargs, stacks, deck, restocks)
    except (ValueError, HoleCardError) as exc:
        raise ReplayError(f"cannot set up the game: {_phh_seats(str(exc))}") from exc
    yield None, state, known
    dealt = _Dealt()
    for a in acts:
        try:
            _apply(state, a, known, named_for, dealt)
        except ReplayError:
            raise
        except (ValueError, HoleCardError) as exc:  # e.g. the engine's IllegalActionError
            raise ReplayError(
                f"action {a.index} {a.text!r} rejected: {_phh_seats(str(exc))}"
            ) from exc
        yield a, state, known


def _start(
    cls: Callable[..., Any],
    kwargs: dict[str, Any],
    stacks: list[int],
    deck: list[str],
    restocks: list[list[str]],
) -> StateLike:
    """A new hand of the replayed game.

    ``restocks`` is passed only when there are any, so that an engine without them
    replays every hand without a reshuffle.
    """
    game = cls(**kwargs)
    if restocks:
        return game.start(stacks, deck=deck, restocks=restocks)  # type: ignore[no-any-return]
    return game.start(stacks, deck=deck)  # type: ignore[no-any-return]


# Cards seventh street may need beyond the players' (T-9): one per seat (at most
# MAX_PLAYERS), a burn and a reserved card.
_SEVENTH_STREET_MOST: Final = _core.MAX_PLAYERS + 2

# Stubs rebuilt in one hand that the replay tops: far above any real hand's (a full 2-7
# table rebuilds at most a handful), a bound on the passes below.
_MAX_REBUILDS: Final = 32
# Replays tried when a history leaves choices (a few for a real hand).
_MAX_TRIALS: Final = 64


class _Restocks:
    """The tops of the stubs a history's hand rebuilds, found by replaying it.

    Stubs are rebuilt by 2-7 reshuffles (D-10) and stud burns recycled (T-9.2).

    A deck order cannot name the cards dealt from a rebuilt stub: they were dealt before,
    or burned. The history names them (or ``??``), each where the engine deals it, so a
    replay that follows the engine's own dealing can place them: seat by seat, the cards
    the engine deals are matched in order to the ones the history deals that seat, and
    the ones taken from the ``k``-th rebuilt stub, burns included, become its top. A burn
    or an unknown card gets a card of that stub that the history names nowhere (and that
    the seat it goes to never discarded, which D-10.5 would pass over). Rebuild ``k + 1``
    depends on what was dealt from rebuild ``k``, so each replay fixes one more top, until
    one rebuilds no stub it has no top for.
    """

    def __init__(
        self,
        acts: list[_Act],
        known: set[str],
        deals: dict[int, list[str | None]],
        named_for: dict[int, set[str]],
    ) -> None:
        self.acts = acts
        self.known = known
        self.named_for = named_for
        self.dealt: dict[int, list[str | None]] = {}
        # The same cards in the order the history writes them: holecard writes a draw's
        # cards in dealing order when the seat still holds them, where ``deals`` puts the
        # cards seen before last (a burn the rebuilt stub deals may come before them).
        self.written: dict[int, list[str | None]] = {}
        self.board: list[str | None] = []
        for a in acts:
            if a.dealt_to is not None:
                self.dealt.setdefault(a.dealt_to, []).extend(deals[a.index])
                self.written.setdefault(a.dealt_to, []).extend(a.cards)
            elif a.actor is None and a.verb == "db":
                self.board.extend(a.cards)

    def find(self, start: Callable[[list[list[str]]], StateLike]) -> list[list[str]]:
        """The tops, each found by a replay that uses the ones before it.

        Where the history leaves a choice (which card a burn took), each is tried in turn
        until a replay follows the whole history; failing that (after at most
        ``_MAX_TRIALS`` replays), the tops of the replay that followed it furthest.
        """
        best: tuple[tuple[int, int], list[list[str]]] = ((-1, -1), [])
        trials = 0

        def search(tops: list[list[str]]) -> bool:
            nonlocal best, trials
            trials += 1
            # One replay per node: a leaf's also says how far the history replays.
            last = len(tops) == _MAX_REBUILDS
            reach = _Reach(self)
            try:
                candidates = self._next(start(tops), len(tops), reach, through=last)
            except (ValueError, HoleCardError):
                candidates = None  # the replay itself reports what is wrong
                reach.failed()
            if not tops and not candidates:
                return True  # no stub is rebuilt: nothing to choose
            if not candidates or last:
                best = max(best, (reach.value(), tops), key=lambda b: b[0])
                return reach.value()[1] == len(self.acts)
            unique = [c for i, c in enumerate(candidates) if c not in candidates[:i]]
            return any(search([*tops, top]) for top in unique if trials < _MAX_TRIALS)

        search([])
        if best[0][1] < len(self.acts) and self.written != self.dealt:
            # No top deals every seat's cards in the order of ``deals``: try the history's.
            first, self.dealt = best, self.written
            best, trials = ((-1, -1), []), 0
            search([])
            best = max(first, best, key=lambda b: b[0])
        return best[1]

    def _next(
        self, state: StateLike, k: int, reach: _Reach, *, through: bool
    ) -> list[list[str]] | None:
        """The candidate tops of rebuild ``k`` (0-based); None when no more are rebuilt.

        The replay, which uses the tops before ``k``, shows where rebuild ``k`` happens
        and which cards it holds; the history then says what was dealt from it, in turn:
        burns, then each drawer's cards until one that the new stub does not hold (that
        drawer met the next rebuild, and the rest of this stub is cards he may not be
        dealt); in stud, the seventh-street cards. Past rebuild ``k`` this replay deals
        cards of its own, so only the history's cards and the events' order count there.

        The same replay measures ``reach``, how far the history replays as written, up to
        the actions this one plays otherwise (or the last, with ``through``, though the
        candidates are known before it); when the candidates are None it has its value.
        """
        try:
            return self._candidates(state, k, reach)
        finally:
            if through:
                reach.finish(state)

    def _candidates(self, state: StateLike, k: int, reach: _Reach) -> list[list[str]] | None:
        """:meth:`_next`'s candidates, ``reach`` measured along the way."""
        queues = {seat: list(cards) for seat, cards in self.dealt.items()}
        board = list(self.board)
        rebuilt = 0  # stubs rebuilt so far in this replay
        pool: set[str] = set()  # rebuild k's cards
        met = False  # the draw that met rebuild k is still to come
        top: list[tuple[str | None, int | None]] = []
        discarded: dict[int, set[str]] = {}
        seen = 0

        def named(seat: int, count: int) -> list[str | None]:
            queue = queues.setdefault(seat, [])
            cards, queue[:count] = queue[:count], []
            return cards + [None] * (count - len(cards))

        def fresh(c: str | None) -> bool:
            """Whether ``c`` is a known card that rebuild k holds and the top does not."""
            return c is not None and c in pool and all(c != t for t, _ in top)

        def take(cards: list[str | None], seat: int | None) -> bool:
            """Adds cards dealt from rebuild k; False at the first one it cannot hold."""
            for c in cards:
                if c is not None and not fresh(c):
                    return False
                top.append((c, seat))
            return True

        for done, a in enumerate(self.acts):
            if a.actor is None:
                reach.follow(state, done, a)  # it only checks cards: the state stays
                continue
            if a.verb == "sd":
                discarded.setdefault(a.actor, set()).update(c for c in a.cards if c)
            if reach.following and not self._substitutes(state, a):
                # The play of self._apply, which reach measures, done once for both.
                if not reach.follow(state, done, a):
                    break
            else:
                reach.stop(done)  # the history's play, a discard he does not hold, fails
                try:
                    self._apply(state, a)
                except (ReplayError, ValueError, HoleCardError):
                    break
            history = list(state.history)  # type: ignore[attr-defined]
            for i, e in enumerate(history[seen:], seen):
                if isinstance(e, ev.Reshuffled | ev.BurnsRecycled):
                    rebuilt += 1
                    if rebuilt == k + 1:
                        pool = {str(c) for c in e.cards}
                        if isinstance(e, ev.BurnsRecycled):
                            # The stub's rest joins the burns: the cards out of play now
                            # and those dealt from it since.
                            pool |= _not_in_play(state)
                            dealt = (ev.CardDealt, ev.BoardCardDealt, ev.CardBurned)
                            pool |= {str(d.card) for d in history[i:] if isinstance(d, dealt)}
                        met = isinstance(e, ev.Reshuffled)
                elif isinstance(e, ev.Drew):
                    cards = named(e.seat, len(e.received))
                    if rebuilt <= k:
                        continue
                    # A drawer takes every card of a stub he may before it is rebuilt, so
                    # of the cards the history gives him, those the stub holds came from
                    # it, and a card it does not hold came from an earlier or a later one.
                    here = [c for c in cards if fresh(c)]
                    unknown = cards.count(None)
                    if met:
                        # He met rebuild k: his first cards came from the old stub (the
                        # ones not in the new one), unknown ones among them.
                        hole = [str(c) for c in state.players[e.seat].hole_cards]
                        received = hole[len(hole) - len(e.received) :]
                        old = sum(c not in pool for c in received)
                        unknown = max(0, min(unknown, len(cards) - old - len(here)))
                        met = False
                    elif len(here) + unknown < len(cards):
                        # He meets the next rebuild: the rest of this stub is his (unknown
                        # cards) or ones he may not be dealt.
                        top.extend((c, e.seat) for c in here)
                        return self._fills(top, pool, discarded, e.seat)
                    top.extend((c, e.seat) for c in here + [None] * unknown)
                elif isinstance(e, ev.CardDealt):
                    cards = named(e.seat, 1)
                    if rebuilt > k and not take(cards, e.seat):
                        return self._fills(top, pool, discarded, None)
                elif isinstance(e, ev.BoardCardDealt):
                    card = board.pop(0) if board else None
                    if rebuilt > k and not take([card], None):
                        return self._fills(top, pool, discarded, None)
                elif (
                    isinstance(e, ev.CardBurned)
                    and rebuilt > k
                    # Not the burn of a later rebuild (``burn_after_reshuffle``): it
                    # comes from that one.
                    and not (rebuilt > k + 1 and isinstance(history[i - 1], ev.Reshuffled))
                ):
                    top.append((None, None))
            seen = len(history)
        if rebuilt <= k:
            return None
        return self._fills(top, pool, discarded, None)

    def _fills(
        self,
        top: list[tuple[str | None, int | None]],
        pool: set[str],
        discarded: dict[int, set[str]],
        stopped: int | None,
    ) -> list[list[str]]:
        """:meth:`_fill`'s readings of what the history does not say.

        Which card a burn took, and (EXCLUDE_CURRENT_ROUND) whether the drawer who met
        the next rebuild waited for it instead of taking the stub's last card (D-10).
        """
        return [
            self._fill(top, pool, discarded, stopped, steal=steal, kept_last=kept_last)
            for kept_last in (False, True)
            for steal in (False, True)
        ]

    def _substitutes(self, state: StateLike, a: _Act) -> bool:
        """Whether ``a`` is a discard of cards this replay did not deal him (:meth:`_apply`).

        Such a discard cannot be played as the history writes it.
        """
        if a.verb != "sd" or not a.args or a.actor is None:
            return False
        hand = [str(c) for c in state.players[a.actor].hole_cards]
        return any(c is not None and c not in hand for c in a.cards)

    def _apply(self, state: StateLike, a: _Act) -> None:
        """Plays ``a``, a discard of cards this replay did not deal him as other cards.

        Past the rebuild being found this replay's cards differ from the history's: he
        throws as many others, so that the rest of the hand deals as many cards.
        """
        if self._substitutes(state, a):
            wanted = a.cards
            hand = [str(c) for c in state.players[a.actor].hole_cards]  # type: ignore[index]
            held = [c for c in wanted if c is not None and c in hand]
            mine = self.named_for.get(a.actor, set())  # type: ignore[arg-type]
            others = sorted(
                (c for c in hand if c not in held),
                key=lambda c: (c in mine, c not in self.known),
            )
            state.draw(held + others[: len(wanted) - len(held)])
            return
        _apply(state, a, self.known, self.named_for)

    def _fill(
        self,
        top: list[tuple[str | None, int | None]],
        pool: set[str],
        discarded: dict[int, set[str]],
        stopped: int | None,
        *,
        steal: bool,
        kept_last: bool,
    ) -> list[str]:
        """The whole stub, top first.

        The cards of ``top``, each burn or unknown card replaced by a card of the pool that
        ``top`` does not name (one the history names nowhere first), never one the seat it
        goes to discarded (D-10.5); then the rest, first the cards the drawer who
        ``stopped`` it discarded (he passes over them and meets the next rebuild).
        ``kept_last``: his last card from this stub is its last card instead, which he does
        not take (it goes into the next reshuffle, D-10, ``EXCLUDE_CURRENT_ROUND``). Cut
        before the first card the pool cannot supply.
        """
        keep = discarded.get(stopped, set()) if stopped is not None else set()
        left = [c for c in pool if all(c != t for t, _ in top)]
        # Cards the history names nowhere first; his discards last.
        spare = sorted(left, key=lambda c: (c in keep, c in self.known, c))
        out: list[str] = []
        top = list(top)
        for i, (card, seat) in enumerate(top):
            if card is None:
                mine = discarded.get(seat, set()) if seat is not None else set()
                last = max((j for j, (c, _) in enumerate(top) if c is not None), default=-1)
                # The other reading of a burn: it took a card the history deals later
                # (which came back in the reshuffle), not a card it names nowhere else.
                avoid = mine | (self.known if steal and seat is None and last > i else set())
                card = next((c for c in spare if c not in avoid), None)
                if card is None and seat is None and last > i:
                    # No card left to burn: a burned card joins the next reshuffle, so the
                    # burn was one of the cards that the history deals later; the last
                    # drawer here then met the next rebuild one card sooner. (With no
                    # card after it, the stub ran out before the burn: it is cut.)
                    card = top.pop(last)[0]
                if card is None:
                    return out
                if card in spare:
                    spare.remove(card)
            out.append(card)
        bottom: list[str] = []
        if kept_last and stopped is not None:
            his = [i for i, (c, seat) in enumerate(top) if seat == stopped and c is not None]
            if his:
                bottom = [out.pop(his[-1])]
        rest = sorted(
            (c for c in pool if c not in out and c not in bottom), key=lambda c: (c not in keep, c)
        )
        return out + rest + bottom


class _Reach:
    """How far a replay of :class:`_Restocks` follows the history as written.

    The replay plays each action through :meth:`follow` for as long as the history
    replays as written (all its checks, dealt cards included); from the first action that
    does not, it plays on by itself. :meth:`value` is then the pair :meth:`_Restocks.find`
    ranks replays by: the actions that replay as written, and those before the first deal
    whose cards come in another order. Two tops can deal a seat the same cards in
    different orders (a rebuilt stub's cards, one of them a burn's stand-in): the one that
    deals them as the history lists them is the hand's.
    """

    def __init__(self, finder: _Restocks) -> None:
        self.finder = finder
        self.next = 0  # the index of the next action to follow
        self.stopped: int | None = None  # the first action that does not replay as written
        self.in_order: int | None = None  # the first deal of cards in another order
        self.dealt = _Dealt()  # what the replay dealt that the history has not named yet

    @property
    def following(self) -> bool:
        """Whether every action so far replayed as written."""
        return self.stopped is None

    def stop(self, done: int) -> None:
        """Action ``done`` does not replay as written (unless an earlier one did not)."""
        if self.stopped is None:
            self.stopped = done

    def failed(self) -> None:
        """The replay could not be set up or raised: it follows nothing."""
        self.next, self.stopped, self.in_order = 0, -1, None

    def follow(self, state: StateLike, done: int, a: _Act) -> bool:
        """Plays action ``done``, ``a``, as written, if every one before it did.

        Returns:
            Whether it did.
        """
        if self.stopped is not None:
            return False
        finder = self.finder
        try:
            _apply(state, a, finder.known, finder.named_for, self.dealt)
        except (ReplayError, ValueError, HoleCardError):
            self.stopped = done
            return False
        self.next = done + 1
        if self.in_order is None and a.dealt_to is not None and a.cards:
            hole = [str(c) for c in state.players[a.dealt_to].hole_cards]
            tail = hole[len(hole) - len(a.cards) :]
            if any(c is not None and c != t for c, t in zip(a.cards, tail, strict=True)):
                self.in_order = done
        return True

    def finish(self, state: StateLike) -> None:
        """Follows the rest of the history (the replay leaves the state to it)."""
        acts = self.finder.acts
        for done in range(self.next, len(acts)):
            if not self.follow(state, done, acts[done]):
                return

    def value(self) -> tuple[int, int]:
        """The actions replayed as written, and those before the first out of order."""
        done = len(self.finder.acts) if self.stopped is None else self.stopped
        return done, done if self.in_order is None else self.in_order


def _not_in_play(state: StateLike) -> set[str]:
    """The cards no player holds and not on the board."""
    held = {str(c) for player in state.players for c in player.hole_cards}
    held |= {str(c) for c in state.board}
    return {c for c in _ALL if c not in held}


def _replay(hh: HandHistory, engine: object, verify: bool) -> StateLike:
    state: StateLike | None = None
    for _, after, _ in _replay_steps(hh, engine):
        state = after
    assert state is not None  # the first step is the deal
    if verify and hh.finishing_stacks and state.is_over:  # [] states nothing
        want = [_amount(s, "finishing_stacks") for s in hh.finishing_stacks]
        got = list(state.stacks)
        if got != want:
            differ = "; ".join(
                f"p{i + 1} has {g}, not {w}"
                for i, (g, w) in enumerate(zip(got, want, strict=False))
                if g != w
            )
            raise ReplayError(
                f"finishing stacks {got} differ from the history's {want}"
                + (f" ({differ})" if differ else "")
            )
    return state


def _named_for(acts: list[_Act]) -> dict[int, set[str]]:
    """The cards a history names in each seat's hand (dealt to him, thrown or shown)."""
    out: dict[int, set[str]] = {}
    for a in acts:
        if a.dealt_to is not None:
            seat = a.dealt_to
        elif a.actor is not None and a.verb in ("sd", "sm"):
            seat = a.actor
        else:
            continue
        out.setdefault(seat, set()).update(c for c in a.cards if c is not None)
    return out


class _Dealt:
    """The cards the engine dealt each seat that the history has not named yet.

    A ``d dh`` names cards just dealt: each must be one the engine dealt that seat since
    the history last named his cards, not one he held before. Asking only whether he
    holds it took a card dealt twice for the one he had (issue 40): a stub rebuilt later
    in the hand let the deck go on past the second copy, and the engine dealt a card of its
    own there. A card a seat holds that the history never named for him (a stand-in for
    ``??``, see :func:`_build_deck`) may still be named: the unknown card was another, and
    one of the cards just dealt stands in for it instead.
    """

    def __init__(self) -> None:
        self.held: dict[int, set[str]] = {}  # each seat's cards when last seen
        self.new: dict[int, list[str]] = {}  # dealt since, not yet named
        self.named: dict[int, set[str]] = {}  # named by his deals, while he holds them

    def see(self, state: StateLike) -> None:
        """Notes the cards dealt and thrown since the last look (before every action)."""
        for seat, player in enumerate(state.players):
            hand = [str(c) for c in player.hole_cards]
            before = self.held.get(seat, set())
            now = set(hand)
            self.new[seat] = [c for c in self.new.get(seat, []) if c in now] + [
                c for c in hand if c not in before
            ]
            self.named[seat] = self.named.get(seat, set()) & now
            self.held[seat] = now

    def name(self, seat: int, card: str) -> bool:
        """Whether a deal to ``seat`` may name ``card``, which he holds (then it is named).

        It may if the engine dealt it since he was last named cards, or if the history
        never named it for him and a card dealt since can stand in for it.
        """
        new, named = self.new.setdefault(seat, []), self.named.setdefault(seat, set())
        if card in new:
            new.remove(card)
        elif card in named or not (unnamed := [c for c in new if c not in named]):
            return False
        else:
            new.remove(unnamed[0])
        named.add(card)
        return True

    def holder(self, state: StateLike, card: str) -> str | None:
        """Who holds ``card`` as the history named it (``p3 holds it``), or None."""
        for seat, cards in self.named.items():
            if card in cards:
                return f"p{seat + 1} holds it"
        if card in {str(c) for c in state.board}:
            return "it is on the board"
        return None


def _check_shown(state: StateLike, a: _Act, named_for: dict[int, set[str]]) -> None:
    """Refuses a show (``sm``) of cards the player cannot hold.

    A card shown twice, more cards than he holds, a card another player or the board has,
    or (when the history names every card he holds) a card he was not dealt. Cards dealt to
    him unnamed (``??``) may be any cards the history names nowhere else.
    """
    assert a.actor is not None
    seat = a.actor
    who = f"action {a.index} {a.text!r}: p{seat + 1}"
    shown = [c for c in a.cards if c is not None]
    repeated = sorted({c for c in shown if shown.count(c) > 1})
    if repeated:
        raise ReplayError(f"{who} shows {repeated[0]} twice")
    hole = {str(c) for c in state.players[seat].hole_cards}
    if len(a.cards) > len(hole):
        raise ReplayError(f"{who} shows {len(a.cards)} cards but holds {len(hole)}")
    unnamed = hole - named_for.get(seat, set())  # dealt to him as ?? (stand-ins)
    board = {str(c) for c in state.board}
    elsewhere = {c: f"p{s + 1}" for s, cards in named_for.items() if s != seat for c in cards}
    for c in shown:
        if c in hole:
            continue
        if c in board:
            raise ReplayError(f"{who} shows {c}, which is on the board")
        if c in elsewhere:
            raise ReplayError(f"{who} shows {c}, which {elsewhere[c]} holds")
        if not unnamed:
            raise ReplayError(f"{who} shows {c}, which he does not hold")
    if len([c for c in shown if c not in hole]) > len(unnamed):
        raise ReplayError(f"{who} shows more cards than the history left unnamed in his hand")


def _apply(
    state: StateLike,
    a: _Act,
    known: set[str],
    named_for: dict[int, set[str]],
    dealt: _Dealt | None = None,
) -> None:
    """Plays ``a``, checking the cards it names.

    ``named_for``: :func:`_named_for` of the history. The cards a seat holds that the
    history does not name in his hand (dealt for ``??``) are the ones he may throw as
    ``??``, a card it names elsewhere first (so that it goes back into a reshuffle from
    which the history deals it).

    ``dealt``: the :class:`_Dealt` of this replay, which has seen every action before
    ``a``; a ``d dh`` must then name cards the engine has just dealt, not ones the seat
    held before. Without it (a replay that no longer follows the history) it need only
    name cards he holds.
    """
    if dealt is not None:
        dealt.see(state)
    if a.actor is None:
        if a.dealt_to is not None:
            seat = a.dealt_to
            have = {str(c) for c in state.players[seat].hole_cards}
            for c in a.cards:
                if c is None or (c in have and (dealt is None or dealt.name(seat, c))):
                    continue
                holder = None if dealt is None else dealt.holder(state, c)
                if holder is not None:
                    raise ReplayError(
                        f"cards dealt twice: {c} (action {a.index} {a.text!r} deals {c} again; "
                        f"{holder})"
                    )
                raise ReplayError(f"action {a.index} {a.text!r}: p{seat + 1} was not dealt {c}")
        elif a.verb == "db":
            board = {str(c) for c in state.board}
            for c in a.cards:
                if c is not None and c not in board:
                    raise ReplayError(f"action {a.index} {a.text!r}: {c} is not on the board")
        else:
            raise ReplayError(f"action {a.index} {a.text!r}: unknown dealer action")
        return
    if a.verb == "sm":
        # The showdown is automatic, so a show changes no result; but the cards shown must
        # be ones the player can hold.
        _check_shown(state, a, named_for)
        return
    if state.actor != a.actor:
        expected = "nobody" if state.actor is None else f"p{state.actor + 1}"
        raise ReplayError(f"action {a.index} {a.text!r}: it is {expected}'s turn")
    if a.timeout:  # holecard's commentary: replay the time-out itself (G-1.5.6, D-7)
        state.timeout()
        return
    legal = state.legal_actions()
    if a.verb == "f":
        state.fold()
    elif a.verb == "cc":
        if legal.check:
            state.check()
        else:
            state.call()
    elif a.verb == "pb":
        state.post_bring_in()
    elif a.verb == "cbr":
        if len(a.args) != 1:
            raise ReplayError(f"action {a.index} {a.text!r}: cbr needs one amount")
        amount = _amount(a.args[0], f"action {a.index} {a.text!r}")
        if legal.complete is not None and amount == legal.complete:
            state.complete()
        else:
            state.bet_or_raise_to(amount)
    elif a.verb == "sd":
        wanted = a.cards
        hand = [str(c) for c in state.players[a.actor].hole_cards]
        mine = named_for.get(a.actor, set())
        unknown = sorted((c for c in hand if c not in mine), key=lambda c: c not in known)
        discards: list[str] = []
        for c in wanted:
            if c is None:
                if not unknown:
                    raise ReplayError(f"action {a.index} {a.text!r}: no unknown card to discard")
                discards.append(unknown.pop(0))
            else:
                discards.append(c)
        if discards:
            state.draw(discards)
        else:
            state.stand_pat()
    else:
        raise ReplayError(f"action {a.index} {a.text!r}: unknown action {a.verb!r}")


# ------------------------------------------------------------------------------------
# Writing a state


def _written_options(kind: str, betting: str, text: dict[str, str]) -> dict[str, object]:
    """The ``_holecard_options`` table: every catalogued option of ``kind`` under ``betting``.

    ``text`` holds the value texts as the fast engine lists them; each is written as a TOML
    value (``None`` as the string ``"None"``).
    """
    out: dict[str, object] = {}
    for spec in _core.option_specs():
        if kind in spec.games and betting in spec.structures and spec.name in text:
            value = spec.value(text[spec.name])
            out[spec.name] = "None" if value is None else value
    return out


def state_to_phh(state: object, **metadata: object) -> HandHistory:
    """Describe a state of either engine (finished or not) as a hand history.

    ``state`` is a :class:`holecard.games.State` (holecard's engine; also
    ``State.to_phh()``) or a :class:`holecard.reference.engine.State`; both record their
    history as the same :mod:`holecard.events` values, from which the actions are written.
    The game's options are stored in the ``_holecard_options`` table so that
    :meth:`HandHistory.replay` uses the same rules (not the WSOP profile). A table built
    under a rules profile other than the default (``profile="wsop"``) also has the
    profile's name in ``_holecard_profile``: a profile also sets the options the table
    takes no keyword for (the fixed-limit ones at pot or no limit, other games'), and
    holecard's engine replays the file under the profile, then the options, to the same
    table. Seats are rotated so that ``p1`` is the first seat left of the dealer (or
    button). Time-outs are written as what they did (check, fold, bring-in, stand pat) with
    the commentary ``# timeout``, which holecard's replay turns back into ``timeout()`` (so
    a D-7 penalty or a time-out fold when checking is free replays too); other PHH readers
    ignore commentary.

    2-7 draw rounds are written as PHH readers (PokerKit, the WSOP hands) expect them: every
    player's discard or stand-pat first, in turn, then the replacement cards of each drawer
    in the same order. That deals the same cards as holecard's one-drawer-at-a-time order
    (docs/rules.md D-5) unless the stub runs out and the discards are reshuffled (D-10)
    while a later player in the round still has cards to throw: the reshuffle would then
    have met his discards too. Such a round is written as it happened, each drawer's cards
    right after his discard. holecard replays both forms; PokerKit 0.7.7 refuses the second
    (it deals only once everybody has discarded, and fails with "Unable to repair the hand
    history"), and it takes the first form's named cards as given, a reshuffled card
    included.

    Hands in which burned or discarded cards were dealt again (stud burns recycled before
    7th street, T-9.2; the 2-7 reshuffle, D-10) are written and replay too, though PHH
    records neither the burns nor the order of a rebuilt stub: the replay tops each
    rebuilt stub with the cards the file deals from it (see :meth:`HandHistory.replay`).

    Args:
        state: a state of holecard's engine or of the reference engine.
        **metadata: optional PHH fields (``event``, ``players`` …).

    Returns:
        The hand history; ``finishing_stacks`` is set when the hand is over.

    Raises:
        HandHistoryError: ``metadata`` of the wrong type, a per-player field (such as
            ``players``, in PHH order) that does not list every player, or a field the
            state itself determines (``variant``, stakes, stacks, ``actions``).
    """
    table = _table_of(state)
    stacks = list(state.stacks)  # type: ignore[attr-defined]
    n = len(stacks)
    start = [s - p for s, p in zip(stacks, state.payoffs, strict=True)]  # type: ignore[attr-defined]
    dealer: int = state.dealer  # type: ignore[attr-defined]
    by_phh = sorted(range(n), key=lambda seat: (seat - dealer - 1) % n)
    stakes = table.stakes
    hh = HandHistory(variant=_variant_code(table.kind, table.betting))
    hh.antes = [stakes.get("ante", 0)] * n
    if table.betting == "FIXED_LIMIT":
        hh.small_bet, hh.big_bet = stakes["small_bet"], stakes["big_bet"]
    else:
        hh.min_bet = stakes["min_bet"]
    if table.kind == "deuce_seven":
        blinds: list[int | float] = [stakes["small_blind"], stakes["big_blind"]]
        hh.blinds_or_straddles = blinds + [0] * (n - 2)
    else:
        hh.bring_in = stakes["bring_in"]
    hh.starting_stacks = [start[s] for s in by_phh]
    if table.profile not in (None, "default"):
        hh.extras["_holecard_profile"] = table.profile
    hh.extras["_holecard_options"] = _written_options(table.kind, table.betting, table.options)
    held = [[str(c) for c in player.hole_cards] for player in state.players]  # type: ignore[attr-defined]
    hh.actions = _ActionWriter(by_phh, held).write(state.history)  # type: ignore[attr-defined]
    if state.is_over:  # type: ignore[attr-defined]
        hh.finishing_stacks = [stacks[s] for s in by_phh]
    for key, value in metadata.items():
        if key in _FROM_STATE:
            raise HandHistoryError(
                f"{key} is written from the state (its table and history), not given as "
                "metadata: a different one would not describe the hand"
            )
        if key in {f.name for f in dataclasses.fields(HandHistory)}:
            setattr(hh, key, value)
        else:
            hh.extras[key] = value
    hh._check_fields()  # metadata of the wrong type or length fails here, not on reading
    return hh


#: The fields :func:`state_to_phh` writes from the state, which metadata may not replace.
_FROM_STATE: Final = frozenset(
    {
        *("variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet"),
        *("min_bet", "starting_stacks", "actions", "finishing_stacks", "_holecard_options"),
        "_holecard_profile",
    }
)


@dataclass(frozen=True)
class _Table:
    """What the PHH header says about a state's table, whichever engine played it."""

    kind: str
    betting: str
    stakes: dict[str, int]
    options: dict[str, str]  # every option's value text, as holecard's engine lists them
    # The rules profile the table was built under (holecard's engine); None: none known.
    profile: str | None = None


def _table_of(state: object) -> _Table:
    """The table of a state of either engine (the one part of writing that differs)."""
    from holecard.games import State as FastState
    from holecard.reference.engine import State as RefState

    if isinstance(state, FastState):
        config = state._config
        stakes, options = dict(config.stakes), dict(config.options)
        return _Table(config.game, config.betting, stakes, options, _profile_of(config))
    if isinstance(state, RefState):
        game = state.game
        texts: dict[str, str] = {}
        for key, value in game.options.items():
            if isinstance(value, enum.Enum):
                texts[key] = value.name
            elif value is None or isinstance(value, bool):
                texts[key] = str(value).lower()
            else:
                texts[key] = str(value)
        stakes = {k: v for k, v in game.table.items() if v is not None}
        return _Table(game.kind, game.betting.name, stakes, texts)
    raise ArgumentTypeError(f"state must be a State of either engine, got {_describe(state)}")


def _profile_of(config: _core.GameConfig) -> str | None:
    """The name of the profile a table of holecard's engine was built under, or None.

    A profile sets every option, also those the table takes no keyword for (fixed-limit
    ones at pot or no limit, other games'), so only its name brings them back.
    """
    return None if config.profile == "default" else config.profile


class _ActionWriter:
    """PHH actions from a history of :mod:`holecard.events` values."""

    def __init__(self, by_phh: list[int], held: list[list[str]]) -> None:
        self.phh_index = {seat: i for i, seat in enumerate(by_phh)}
        self.by_phh = by_phh
        self.held = held  # each seat's cards at the end, in the order he holds them
        self.actions: list[str] = []

    def p(self, seat: int) -> str:
        return f"p{self.phh_index[seat] + 1}"

    def dealt_order(self, seat: int, cards: Sequence[object]) -> str:
        """A draw's replacements in the order the seat still holds them.

        A replay then deals the hand in the same order; cards drawn and later thrown keep
        card order.
        """
        hand = self.held[seat]
        names = [str(c) for c in cards]
        return "".join(sorted(names, key=lambda c: hand.index(c) if c in hand else len(hand)))

    def write(self, history: Sequence[ev.Event]) -> list[str]:
        """The actions of ``history``.

        The initial deal, then one line per event that PHH records, draw rounds grouped
        (see :func:`state_to_phh`).
        """
        first = next((i for i, e in enumerate(history) if isinstance(e, ev.StreetStarted)), 0)
        initial: dict[int, list[str]] = {}
        for e in history[:first]:
            if isinstance(e, ev.CardDealt):
                initial.setdefault(e.seat, []).append(str(e.card))
        for seat in self.by_phh:
            if seat in initial:
                self.actions.append(f"d dh {self.p(seat)} {''.join(initial[seat])}")
        draws: list[tuple[ev.Drew, str]] = []  # this draw round's draws, with their note
        reshuffled_for: int | None = None  # the index in draws of the first drawer reshuffled for
        note = ""
        for e in history[first:]:
            if isinstance(e, ev.TimedOut):  # the next event is what the time-out did
                note = " # timeout"
                continue
            if isinstance(e, ev.Reshuffled):
                if reshuffled_for is None:
                    reshuffled_for = len(draws)
            elif isinstance(e, ev.Drew):
                draws.append((e, note))
                note = ""
            elif isinstance(e, ev.StreetStarted):
                self.write_draws(draws, reshuffled_for)
                reshuffled_for = None
            elif self.write_event(e, note):
                note = ""
        self.write_draws(draws, reshuffled_for)
        return self.actions

    def write_event(self, e: ev.Event, note: str) -> bool:
        """Write ``e`` if PHH records it (with ``note``); whether it did."""
        line: str | None = None
        if isinstance(e, ev.CardDealt):
            line = f"d dh {self.p(e.seat)} {e.card}"
        elif isinstance(e, ev.BoardCardDealt):
            line = f"d db {e.card}"
        elif isinstance(e, ev.BringInPosted):
            line = f"{self.p(e.seat)} pb"
        elif isinstance(e, ev.Completed | ev.BetOrRaised):
            line = f"{self.p(e.seat)} cbr {e.total}"
        elif isinstance(e, ev.Called | ev.Checked):
            line = f"{self.p(e.seat)} cc"
        elif isinstance(e, ev.Folded):
            line = f"{self.p(e.seat)} f"
        elif isinstance(e, ev.HandShown):
            line = f"{self.p(e.seat)} sm {''.join(str(c) for c in e.cards)}"
        if line is None:
            return False
        self.actions.append(line + note)
        return True

    def write_draws(self, draws: list[tuple[ev.Drew, str]], reshuffled_for: int | None) -> None:
        """Write and forget a draw round's ``draws``.

        Every discard, then every deal, when that deals the same cards: the stub did not
        run out (``reshuffled_for`` is None), or nobody after the first player it was
        reshuffled for discarded a card, so that the reshuffled cards could not have
        included a later discard either way (D-10). Otherwise each drawer's deal right
        after his discard, as it happened.
        """
        later = draws[reshuffled_for + 1 :] if reshuffled_for is not None else []
        grouped = not any(e.discards for e, _ in later)
        deals: list[str] = []
        for e, note in draws:
            self.actions.append(f"{self.p(e.seat)} sd {''.join(map(str, e.discards))}".rstrip())
            self.actions[-1] += note
            if e.received:
                deal = f"d dh {self.p(e.seat)} {self.dealt_order(e.seat, e.received)}"
                (deals if grouped else self.actions).append(deal)
        self.actions.extend(deals)
        draws.clear()


def _iter_files(paths: Iterable[str | Path]) -> list[Path]:
    """All ``.phh`` files under the given paths (helper for tests and the CLI)."""
    out: list[Path] = []
    for path in map(Path, paths):
        out.extend(sorted(path.rglob("*.phh")) if path.is_dir() else [path])
    return out
