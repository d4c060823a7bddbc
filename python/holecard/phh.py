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

Replays deal through the engine: the engine deals the hand as it always does (the order,
the burns, the stubs rebuilt by 2-7 reshuffles, D-10, and stud burns recycled, T-9.2)
and asks, card by card, which card each take is (holecard's through
:class:`holecard.agents.ChanceHand`, the reference through ``start(chance=...)``); the
replay names the history's card for that seat in order. A burn or an unknown card
(``??``) gets a card the history names nowhere (stud games: the best for the game's
ranking first, so an unknown door card never brings in), or failing that one it names
only later from a rebuilt stub, never one the engine refuses. Where the history leaves a
choice (which card a burn took; under ``EXCLUDE_CURRENT_ROUND`` whether a drawer's last
card of a stub was its last) and the likeliest reading fails, a few others are tried. A
deal must name cards the engine has just dealt that seat: a hand that deals a card twice
(one a player holds, or one dealt before and not back in a rebuilt stub) is refused,
whether or not a stub is rebuilt later in it.
The driver uses the public State API and a dealing source: holecard's own engine
(:mod:`holecard.games`, the default) deals through its ``ChanceHand``; any other engine
plugged in through ``engine=`` (a module or a factory of the game classes) must take
``start(stacks, chance=...)`` as the pure-Python reference engine's module does, which
replays a hand passed as ``engine=`` that module.

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

import contextlib
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
from holecard._enums import RANK_CHARS, SUIT_CHARS, Game
from holecard.exceptions import (
    ArgumentTypeError,
    ConfigurationError,
    HandHistoryError,
    HandHistorySyntaxError,
    HoleCardError,
    IllegalActionError,
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

#: Each game by its PHH variant code after the structure letter (the spec's ``phh_code``).
_BODIES: Final = {game.spec.phh_code: game.value for game in Game}
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
#: hand has at most a few hundred), and few enough that a replay, which may try a few
#: readings of the burns, ends within seconds.
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
    if Game(kind).spec.forced_bets == "blinds":
        blinds = [_amount(b, "blinds_or_straddles") for b in (hh.blinds_or_straddles or [])]
        if len(blinds) < 2 or any(blinds[2:]):
            raise ReplayError(
                f"{Game(kind).spec.name} needs exactly a small and a big blind, got {blinds}"
            )
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
# Naming the cards an engine deals


#: What a card the dealer takes is for, as both engines say it: ``(purpose, seat, up,
#: stub)``, ``purpose`` one of ``"deal"`` (to ``seat``, face ``up`` or down), ``"draw"``
#: (a replacement of ``seat``'s draw), ``"burn"`` or ``"board"`` (the stud community card),
#: ``stub`` 0 for the deck and ``k`` for the ``k``-th stub rebuilt in the hand.
_Take = tuple[str, int | None, bool | None, int]


@dataclass
class _Slot:
    """One card a ``d dh`` or ``d db`` names (None: ``??``) and what the engine dealt for it."""

    card: str | None
    dealt: str | None = None  # the card the engine dealt for it
    taken: bool = False  # the engine dealt it (the history's card, a stand-in or a refusal)


@dataclass
class _Group:
    """The cards of one ``d dh`` (or ``d db``) action."""

    act: _Act
    slots: list[_Slot]

    def open(self) -> list[_Slot]:
        return [s for s in self.slots if not s.taken]


class _Cards:
    """Names each card an engine takes while it replays a history.

    The one function both engines ask (the fast engine through its ``ChanceHand``, the
    reference through ``start(chance=...)``), so that the engine decides the dealing
    order, the burns and the rebuilt stubs, and the history only which card each take is.

    A take for seat ``s`` is the next card the history deals ``s`` in a ``d dh`` after the
    action being played (the deal: before the first player's action); a draw's cards in
    any order the history lists them (the first one the engine may deal, then a ``??``),
    other deals in order; the community card the next ``d db``'s. A card the engine may
    not deal (a player holds it, or it is out of play) is refused: a stand-in is dealt and
    the ``d dh`` naming it is refused when it is played (:meth:`check`). A burn, a ``??``
    and a take the history does not record get a stand-in (:meth:`_stand_in`): for a
    ``??`` of a seat the cards the history names in his hand only by his discards and
    shows; for a seat who throws unknown cards later one the history names only from a
    rebuilt stub; then a card the history names nowhere (the best for the game's ranking
    first, so that an unknown door card never brings in); then one it names no more or
    only from a rebuilt stub; a card a deal names from this stub last.
    """

    def __init__(self, acts: list[_Act], known: set[str], ranking: str) -> None:
        self.acts = acts
        self.known = known
        self.current = -1  # the action being played (-1: the deal)
        self.declined: _Take | None = None  # the take last answered None
        # Where the history leaves a choice (which card a burn took, whether a drawer's
        # last card of a stub was its last): the choices to make, by their order, and the
        # number of readings each choice made had (see _replay_steps).
        self.script: list[int] = []
        self.made: list[int] = []
        self.last_card_rule = False  # EXCLUDE_CURRENT_ROUND: the stub's last card waits
        # The deal is every ``d dh`` before the first player's action (shows aside).
        self.first_play = next(
            (a.index for a in acts if a.actor is not None and a.verb != "sm"), len(acts) + 1
        )
        self.seats: dict[int, list[_Group]] = {}
        self.board: list[_Group] = []
        self.groups: dict[int, _Group] = {}
        dealt_by_name: dict[int, set[str]] = {}
        for a in acts:
            if a.dealt_to is not None or (a.actor is None and a.verb == "db"):
                group = _Group(a, [_Slot(c) for c in a.cards])
                self.groups[a.index] = group
                if a.dealt_to is None:
                    self.board.append(group)
                else:
                    self.seats.setdefault(a.dealt_to, []).append(group)
                    dealt_by_name.setdefault(a.dealt_to, set()).update(
                        c for c in a.cards if c is not None
                    )
        # The cards a seat throws or shows that no deal names: his unknown cards.
        named = set().union(*dealt_by_name.values(), *(g.act.cards for g in self.board))
        self.owed = {seat: cards - named for seat, cards in _named_for(acts).items()}
        self.initial: dict[int, int] = {}  # the cards the deal gives each seat
        # The cards named later that each seat holds as unknown cards, to throw.
        self.kept: dict[int, set[str]] = {}
        if ranking == "ace_five":  # aces low: the lowest cards are the best
            order = sorted(_ALL, key=lambda c: (RANK_CHARS.index(c[0]) + 1) % 13)
        else:
            order = sorted(
                _ALL, key=lambda c: (RANK_CHARS.index(c[0]), SUIT_CHARS.index(c[1])), reverse=True
            )
        self.rank = {c: i for i, c in enumerate(order)}

    def __call__(self, take: _Take, outcomes: frozenset[str]) -> str | None:
        """The card of ``take``, one of ``outcomes`` (the cards the engine may deal).

        None: the drawer takes the stub's one card he may be dealt nowhere in the history,
        which names only cards the stub does not hold: it is the stub's last card, which
        the rules may pass over and rebuild the stub for him (D-10, ``EXCLUDE_CURRENT_ROUND``);
        asked again for the same take, it names a card.
        """
        purpose, seat, _, _ = take
        if self.current < 0 and seat is not None:
            self.initial[seat] = self.initial.get(seat, 0) + 1
        groups = self.board if purpose == "board" else self.seats.get(-1 if seat is None else seat)
        group = None if purpose == "burn" else self._group(groups or [])
        slot: _Slot | None = None
        declined, self.declined = self.declined, None
        if group is not None:
            slots = group.open()
            if (
                purpose == "draw"
                and len(outcomes) == 1
                and declined != take
                and self.last_card_rule
            ):
                # Whether his one card of the stub is its last one, which waits for the
                # rebuilt stub: surely when the history deals him another.
                other = all(s.card is not None and s.card not in outcomes for s in slots)
                if self._choose([other, not other]):
                    self.declined = take
                    return None
            slot = slots[0]
            if purpose == "draw":  # any order: the first the engine may deal, then a ??
                slot = next(
                    (s for s in slots if s.card is not None and s.card in outcomes),
                    next((s for s in slots if s.card is None), slot),
                )
            slot.taken = True
            if slot.card is not None and slot.card in outcomes:
                slot.dealt = slot.card
                return slot.card
        card = self._stand_in(seat if purpose in ("deal", "draw") else None, outcomes)
        if slot is not None and slot.card is None:
            slot.dealt = card
        return card

    def _choose(self, readings: list[Any]) -> Any:  # noqa: ANN401
        """One of ``readings`` (the likeliest first): the script's, else the first."""
        k = len(self.made)
        self.made.append(len(readings))
        return readings[min(self.script[k], len(readings) - 1) if k < len(self.script) else 0]

    def _group(self, groups: list[_Group]) -> _Group | None:
        """The ``d dh`` (``d db``) whose cards the engine deals now, if any."""
        for group in groups:
            index = group.act.index
            now = index > self.current and (self.current >= 0 or index < self.first_play)
            if now and group.open():
                return group
        return None

    def _stand_in(self, seat: int | None, outcomes: frozenset[str]) -> str:
        """A card for a take the history does not name (see the class docstring).

        The first deal the history names a card for that this stub does not hold comes
        (in part) from a rebuilt stub: its player takes every card of this one he may be
        dealt, so every card of it that no deal up to his names, and that he did not throw
        (D-10.5 passes over those), must leave it first, and a burn or an unknown card
        takes them first; the cards those deals name it takes last.
        """
        owed = self.owed.get(-1 if seat is None else seat, set())
        # Where the history names each card next (action, place in it).
        later: dict[str, tuple[int, int]] = {}
        rebuilt: _Group | None = None
        for index in sorted(self.groups):
            group = self.groups[index]
            for i, s in enumerate(group.slots):
                if s.card is None or s.taken:
                    continue
                later.setdefault(s.card, (index, i))
                if rebuilt is None and s.card not in outcomes:
                    rebuilt = group
        boundary = len(self.acts) + 1 if rebuilt is None else rebuilt.act.index
        for a in self.acts[self.current + 1 :]:
            if a.actor is not None and a.verb in ("sd", "sm"):
                for i, c in enumerate(a.cards):
                    if c is not None:
                        later.setdefault(c, (a.index, i))
        # What the player of that deal threw: in its draw (always passed over) and before.
        thrown: list[set[str]] = []
        if rebuilt is not None and rebuilt.act.dealt_to is not None:
            thrown = [
                {c for c in a.cards if c is not None}
                for a in self.acts[: rebuilt.act.index]
                if a.actor == rebuilt.act.dealt_to and a.verb == "sd"
            ]
        now = thrown[-1] if thrown else set()
        before = set().union(*thrown)

        # A seat that throws unknown cards later: they go back into a rebuilt stub, so
        # a card the history names only later (the latest first) may be one of them.
        throws = seat is not None and len(self.kept.get(seat, set())) < sum(
            a.cards.count(None)
            for a in self.acts[self.current + 1 :]
            if a.actor == seat and a.verb == "sd"
        )
        # Only those this stub cannot deal: named past as many cards as it holds.
        room, rebuilt_by = len(outcomes), boundary
        for index in sorted(self.groups):
            room -= len(self.groups[index].open())
            if room < 0:
                rebuilt_by = min(boundary, index)
                break

        def rank(c: str) -> tuple[int, int, int, int]:
            if c in owed:
                return 0, 0, 0, self.rank[c]
            if throws and c in later and later[c][0] > rebuilt_by:
                return 1, -later[c][0], -later[c][1], 0
            if c not in self.known:
                return 2, 0, 0, self.rank[c]
            if c not in later:  # named before only: spare
                return 3, (c in before) + (c in now), len(self.acts) + 1, 0
            index, place = later[c]
            if index > boundary:  # a card no deal up to the rebuilt one names: spare
                return 3, (c in before) + (c in now), index, place
            if index == boundary:
                return 4, -place, 0, 0
            return 5, -index, -place, 0  # a deal from this stub names it: the last resort

        ranked = sorted(outcomes, key=rank)
        # One reading per kind of card (see above): the history says no more.
        firsts = [
            c for i, c in enumerate(ranked) if i == 0 or rank(c)[0] != rank(ranked[i - 1])[0]
        ]
        card = ranked[0] if len(firsts) == 1 else str(self._choose(firsts))
        if seat is not None and rank(card)[0] == 1:
            self.kept.setdefault(seat, set()).add(card)
        return card

    def check(self, state: StateLike, a: _Act, named_for: dict[int, set[str]]) -> None:
        """Refuses a ``d dh`` or ``d db`` that names a card the engine did not deal there.

        Raises:
            ReplayError: the card is one a player holds or on the board (``cards dealt
                twice``), or another the engine did not deal him.
        """
        group = self.groups[a.index]
        seat = a.dealt_to
        if seat is not None and a.index < self.first_play and len(a.cards) > self.initial[seat]:
            raise ReplayError(
                f"action {a.index} {a.text!r}: p{seat + 1} is dealt {len(a.cards)} cards at "
                f"first; expected {self.initial[seat]}"
            )
        for slot in group.slots:
            c = slot.card
            if c is None or slot.dealt == c:
                continue
            holder = _holder(state, c, named_for)
            if holder is not None or self._dealt_unthrown(a.index, c):
                raise ReplayError(
                    f"cards dealt twice: {c} (action {a.index} {a.text!r} deals {c} again"
                    + (f"; {holder})" if holder else ")")
                )
            if a.dealt_to is None:
                raise ReplayError(f"action {a.index} {a.text!r}: {c} is not on the board")
            raise ReplayError(f"action {a.index} {a.text!r}: p{a.dealt_to + 1} was not dealt {c}")

    def _dealt_unthrown(self, index: int, card: str) -> bool:
        """Whether the history deals ``card`` before action ``index``, unthrown since.

        A folded hand's card, or one a player holds.
        """
        dealt = False
        for a in self.acts[:index]:
            if a.verb in ("dh", "db", "sd") and card in a.cards:
                dealt = a.verb != "sd"
        return dealt


def _holder(state: StateLike, card: str, named_for: dict[int, set[str]]) -> str | None:
    """Who holds ``card`` as the history names it (``p3 holds it``), or None."""
    for seat, player in enumerate(state.players):
        if card in named_for.get(seat, set()) and card in {str(c) for c in player.hole_cards}:
            return f"p{seat + 1} holds it"
    if card in {str(c) for c in state.board}:
        return "it is on the board"
    return None


class _ChanceReplay:
    """A hand of holecard's engine whose cards a :class:`_Cards` names.

    Through the engine's own dealing (:class:`holecard.agents.ChanceHand`); ``state`` is
    an ordinary :class:`holecard.games.State` after every action (its ``replay_start``
    deals it again).
    """

    def __init__(self, table: Any, stacks: list[int], cards: _Cards) -> None:  # noqa: ANN401
        self.cards = cards
        self.hand = _core.ChanceHand(_core.Encoding(table, players=len(stacks)), stacks)
        self._settle()

    def _settle(self) -> None:
        """Names the cards the engine takes until a decision (or the end)."""
        hand = self.hand
        while hand.to_act == hand.CHANCE:
            take = hand.take
            assert take is not None  # chance is to act
            outcomes = frozenset(str(_core.Card.from_index(i)) for i in hand.legal_actions())
            card = self.cards(take, outcomes)
            if card is None:
                # The stub's last card for this drawer; where the rules pass over none,
                # the take is asked again and named.
                with contextlib.suppress(IllegalActionError):
                    hand.bury()
                continue
            hand.apply(_core.Card(card).index)

    @property
    def state(self) -> StateLike:
        state = self.hand.state
        assert state is not None  # settled: dealt
        return state

    def follow(self, after: StateLike) -> None:
        """Makes the move ``after`` (a copy of ``state``) made, then deals its cards."""
        self.hand.follow(after)  # type: ignore[arg-type]  # a StateLike of this engine
        self._settle()


#: Replays of one hand that try other readings where the history leaves a choice (which
#: card a burn took, whether a drawer's last card of a stub was its last): a real hand
#: needs at most a few.
_MAX_READINGS: Final = 32


def _replay_steps(
    hh: HandHistory, engine: object
) -> Iterator[tuple[_Act | None, StateLike, set[str]]]:
    """The state after the deal, then after each action, with the cards the history names.

    The engine deals; :class:`_Cards` names each card it takes, in the reading of the
    history that :func:`_reading` finds. Every item of the reference engine holds the
    same live state, moved on by one action.
    """
    yield from _replay_reading(hh, engine, _reading(hh, engine), [])


def _reading(hh: HandHistory, engine: object, made: list[int] | None = None) -> list[int]:
    """The choices with which the hand replays to its end.

    Where the history leaves one: a burn's card, whether a drawer's last card of a stub
    was its last.

    The likeliest reading first; when a deal then names a card the engine cannot deal,
    the next ones (the last choice first), at most :data:`_MAX_READINGS` replays; failing
    all, the first (whose replay then stops where it fails). ``made``: the choices of a
    first reading already replayed and failed.
    """
    script: list[int] = []
    for _ in range(_MAX_READINGS):
        if made is None:
            made = []
            try:
                for _ in _replay_reading(hh, engine, script, made):
                    pass
            except ReplayError:
                pass
            else:
                return script
        script = _next_reading(script, made)
        made = None
        if not script:
            break
    return []


def _next_reading(script: list[int], made: list[int]) -> list[int]:
    """The choices of the next reading after one that failed, or [] when none is left.

    ``made``: the number of readings of each choice the failed replay made.
    """
    chosen = [script[k] if k < len(script) else 0 for k in range(len(made))]
    for k in reversed(range(len(made))):
        if chosen[k] + 1 < made[k]:
            return [*chosen[:k], chosen[k] + 1]
    return []


def _replay_reading(
    hh: HandHistory, engine: object, script: list[int], made: list[int]
) -> Iterator[tuple[_Act | None, StateLike, set[str]]]:
    """:func:`_replay_steps` with the choices of ``script``.

    ``made`` gets the number of readings of each choice made (see :class:`_Cards`).
    """
    kind, kwargs, profile = _game_spec(hh)
    n = len(hh.starting_stacks)
    stacks = [_amount(s, "starting_stacks") for s in hh.starting_stacks]
    acts = _parse_actions(hh.actions, n)
    known = {c for a in acts if a.verb in ("dh", "db", "sd", "sm") for c in a.cards if c}
    from holecard import games

    cards = _Cards(acts, known, Game(kind).spec.rankings[0])
    cards.script, cards.made = script, made
    cls = _game_class(engine, kind)
    if profile is not None and _takes_profile(cls):
        # The options the profile sets that the table takes no keyword for (fixed-limit
        # ones at pot or no limit, other games'): they change no play, so an engine
        # without profiles replays the same hand from the options alone.
        kwargs["profile"] = profile
    fast: _ChanceReplay | None = None
    try:
        table = cls(**kwargs)
        if isinstance(table, games._Game):
            fast = _ChanceReplay(table, stacks, cards)
            state = fast.state
        else:
            state = table.start(stacks, chance=cards)
    except (ValueError, HoleCardError) as exc:
        raise ReplayError(f"cannot set up the game: {_phh_seats(str(exc))}") from exc
    # Whether a drawer's one card of the stub may be its last (see _Cards.__call__).
    options = getattr(getattr(state, "_config", None), "options", {})
    cards.last_card_rule = options.get("reshuffle_policy") == "EXCLUDE_CURRENT_ROUND"
    named_for = _named_for(acts)
    yield None, state, known
    for a in acts:
        cards.current = a.index
        try:
            if fast is not None and a.actor is not None and a.verb != "sm":
                _apply(state, a, known, named_for, cards)
                fast.follow(state)
                state = fast.state
            else:
                _apply(state, a, known, named_for, cards)
        except ReplayError:
            raise
        except (ValueError, HoleCardError) as exc:  # e.g. the engine's IllegalActionError
            raise ReplayError(
                f"action {a.index} {a.text!r} rejected: {_phh_seats(str(exc))}"
            ) from exc
        yield a, state, known


def _replay(hh: HandHistory, engine: object, verify: bool) -> StateLike:
    state: StateLike | None = None
    made: list[int] = []
    try:
        for _, after, _ in _replay_reading(hh, engine, [], made):
            state = after
    except ReplayError:
        script = _reading(hh, engine, made)
        if not script:
            raise
        for _, after, _ in _replay_reading(hh, engine, script, []):
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
    cards: _Cards,
) -> None:
    """Plays ``a``, checking the cards it names.

    ``named_for``: :func:`_named_for` of the history. The cards a seat holds that the
    history does not name in his hand (dealt for ``??``) are the ones he may throw as
    ``??``, a card it names elsewhere first (so that it goes back into a reshuffle from
    which the history deals it).

    ``cards``: the replay's :class:`_Cards`, which named the cards the engine dealt; a
    ``d dh`` must name the ones it dealt for that action (:meth:`_Cards.check`).
    """
    if a.actor is None:
        if a.dealt_to is not None:
            cards.check(state, a, named_for)
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
        cards.kept.get(a.actor, set()).difference_update(discards)
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
    ``State.to_phh()``) or a ``State`` of the pure-Python reference engine; both hand
    over their table as ``_config`` and record their history as the same
    :mod:`holecard.events` values, from which the actions are written.
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
    records neither the burns nor the order of a rebuilt stub: the replay deals through
    the engine, which names each card the file's (see the module docstring).

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
    if Game(table.kind).spec.forced_bets == "blinds":
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
    """The table of a state of either engine: its ``_config`` record.

    The fast engine's :class:`holecard._core.GameConfig`, the reference's
    ``TableRecord``: the game, the betting structure, the table amounts, every option's
    value text and the profile it was built under.
    """
    config = getattr(state, "_config", None)
    names = ("game", "betting", "stakes", "options", "profile")
    if config is None or not all(hasattr(config, name) for name in names):
        raise ArgumentTypeError(f"state must be a State of either engine, got {_describe(state)}")
    profile = None if config.profile in (None, "default") else str(config.profile)
    return _Table(config.game, config.betting, dict(config.stakes), dict(config.options), profile)


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
