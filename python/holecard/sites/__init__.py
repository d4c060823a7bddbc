"""Real poker-site hand histories (PokerStars, Full Tilt Poker) as PHH hand histories.

:func:`read` takes a file, a folder or the text itself, detects the encoding (ASCII, UTF-8
with or without a byte-order mark, UTF-16), the site, the game (seven-card stud, stud
hi/lo, razz, 2-7 triple draw, all fixed limit) and whether it is a cash game or a
tournament, and yields one :class:`holecard.phh.HandHistory` per hand:

- ``hand`` the site's hand number, ``table``, ``venue`` (the site), ``event`` (the
  tournament), ``seats`` and ``players`` in PHH order (stud: by seat; 2-7: from the seat
  left of the button), ``starting_stacks`` in the same order, ``time``/``day``/``month``/
  ``year`` with ``time_zone_abbreviation`` (the site's ET clock when it gives two);
- amounts in the smallest unit: cents for cash games (``currency`` ``"USD"``), chips for
  tournaments (no ``currency``); the ``_unit`` extra says which;
- unknown cards as ``??``: opponents' down cards, their hidden draws (``p2 sd ????`` then
  ``d dh p2 ????``); cards shown or mucked face up at the showdown are written back where
  they were dealt;
- ``rake``: the rake the site recorded; ``finishing_stacks`` and ``winnings`` from the
  recorded collections and returned bets.

Cancelled hands, hands cut off mid-way, hands nobody was dealt in and unreadable hands are
not imported: :func:`scan` reports each as a :class:`SkippedHand`, :func:`read` warns
(:class:`SkippedHandWarning`), ignores or raises, as ``errors`` says. A bad hand never
stops the rest of a file unless ``errors="raise"``. A line that does not read (an amount
such as ``$NaN``, a draw of ``-2`` cards, an unknown street) makes its hand unreadable:
it is never read as zero or dropped.

Reading takes time linear in the text, within limits no real file reaches: a hand with a
line of more than :data:`MAX_LINE_CHARS` characters, or of more than
:data:`MAX_HAND_LINES` lines or :data:`MAX_HAND_CHARS` characters, or more than ten
seats, is skipped; a file of more than :data:`MAX_FILE_BYTES` bytes is not read (one
:class:`SkippedHand` says so); every amount is below 2**58 chips or cents, as are the
stacks of a hand together (the engines' limit).

>>> from holecard import sites
>>> text = '''PokerStars Game #1:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET
... Table 'Dawn' 8-max
... Seat 1: Ann ($1 in chips)
... Seat 2: Bob ($1 in chips)
... Ann: posts the ante $0.01
... Bob: posts the ante $0.01
... *** 3rd STREET ***
... Dealt to Ann [Kc]
... Dealt to Bob [5d]
... Ann: brings in for $0.02
... Bob: folds
... Uncalled bet ($0.01) returned to Ann
... Ann collected $0.03 from pot
... *** SUMMARY ***
... Total pot $0.03 | Rake $0
... '''
>>> [hand] = sites.read(text)
>>> hand.players, hand.starting_stacks, hand.actions
(['Ann', 'Bob'], [100, 100], ['d dh p1 ????Kc', 'd dh p2 ????5d', 'p1 pb', 'p2 f'])
>>> hand.finishing_stacks, hand.replay().stacks
([101, 99], [101, 99])
"""

from __future__ import annotations

import codecs
import io
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Final, Literal, TypeGuard

from holecard.exceptions import ArgumentTypeError, ConfigurationError, HandHistoryError
from holecard.phh import HandHistory
from holecard.sites import fulltilt, pokerstars
from holecard.sites._model import SiteFormatError, SkippedHandError, to_history

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_HAND_CHARS",
    "MAX_HAND_LINES",
    "MAX_LINE_CHARS",
    "SiteFormatError",
    "SkippedHand",
    "SkippedHandError",
    "SkippedHandWarning",
    "decode",
    "read",
    "scan",
]

_SITES: Final = (pokerstars, fulltilt)
_SUFFIXES: Final = (".txt",)
#: The longest line a hand may have (real lines are under 300 characters).
MAX_LINE_CHARS: Final = 10_000
#: The most lines a hand may have (real hands have under 200, chat included).
MAX_HAND_LINES: Final = 2_000
#: The most characters a hand may have.
MAX_HAND_CHARS: Final = 200_000
#: The largest file read (a day at one table is well under a megabyte).
MAX_FILE_BYTES = 100_000_000
_MAX_ID_DIGITS: Final = 20


class SkippedHandWarning(UserWarning):
    """A hand :func:`read` did not import (``errors="warn"``); the message says why."""


@dataclass(frozen=True)
class SkippedHand:
    """A hand that was not imported: where it is, its id (if readable) and why.

    >>> SkippedHand("a.txt", "123", "cancelled")
    SkippedHand(source='a.txt', hand_id='123', reason='cancelled')
    """

    source: str
    hand_id: str | None
    reason: str


def decode(data: bytes | bytearray | memoryview) -> str:
    r"""Site file bytes as text.

    UTF-16 (either byte order, with a byte-order mark or detected from its zero bytes),
    UTF-8 with or without a byte-order mark, or Latin-1. A trailing odd byte of a UTF-16
    file (Full Tilt wrote some) is dropped.

    >>> decode("\ufeffPokerStars".encode("utf-16-le"))
    'PokerStars'
    >>> decode(codecs.BOM_UTF8 + b"Hand")
    'Hand'
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ArgumentTypeError(f"decode takes the bytes of a file, got {type(data).__name__}")
    data = bytes(data)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        codec = "utf-16"
    elif len(data) >= 2 and data[1] == 0 and data[0] != 0:
        codec = "utf-16-le"
    elif len(data) >= 2 and data[0] == 0 and data[1] != 0:
        codec = "utf-16-be"
    else:
        codec = ""
    if codec:
        even = data[: len(data) - len(data) % 2]
        return even.decode(codec, errors="replace").lstrip("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _is_text(source: object) -> TypeGuard[str]:
    """Whether a source is hand history text rather than a path."""
    return isinstance(source, str) and (
        "\n" in source
        or not source.strip()  # no text at all, not the current folder
        or any(site.HEADER.match(source.lstrip("\ufeff")) for site in _SITES)
    )


def _sources(source: str | PathLike[str]) -> Iterator[tuple[str, str | None]]:
    """``(name, text)`` of every file the source names, or of the text itself.

    The text is ``None`` for a file larger than :data:`MAX_FILE_BYTES` (not read).
    """
    if _is_text(source):
        yield "<text>", source.lstrip("\ufeff")
        return
    if not isinstance(source, str | PathLike):
        raise ArgumentTypeError(f"source must be a path, a folder or text, got {source!r}")
    try:
        path = Path(source)
        is_dir = path.is_dir()
    except ValueError as exc:  # a NUL character
        raise ConfigurationError(f"source {source!r} cannot name a file: {exc}") from None
    files = sorted(p for p in path.rglob("*") if p.suffix in _SUFFIXES) if is_dir else [path]
    for f in files:
        with f.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)  # no more, whatever the file (/dev/zero)
        yield str(f), None if len(data) > MAX_FILE_BYTES else decode(data)


def _hands(text: str) -> Iterator[tuple[object, list[str], re.Match[str], str]]:
    """Each hand's site reader, lines, header match and why it is too big to read, if it is.

    Text before the first header is ignored.

    Lines are read one at a time and a hand's are kept only up to the limits, so the
    time and memory are linear in the text whatever it holds.
    """
    site: object = None
    block: list[str] = []
    head: re.Match[str] | None = None
    chars, why = 0, ""
    for line in io.StringIO(text, newline=None):  # \r\n and \r as \n, lazily
        line = line.rstrip("\n").lstrip("\ufeff")
        starts = next(((s, m) for s in _SITES if (m := s.HEADER.match(line))), None)
        if starts is not None:
            if site is not None and head is not None:
                yield site, block, head, why
            (site, head), block, chars, why = starts, [], 0, ""
        elif site is None:
            continue
        chars += len(line) + 1
        if why:
            continue
        if len(line) > MAX_LINE_CHARS:
            why = f"line {len(block) + 1} is longer than {MAX_LINE_CHARS:,} characters"
        elif len(block) >= MAX_HAND_LINES:
            why = f"longer than {MAX_HAND_LINES:,} lines"
        elif chars > MAX_HAND_CHARS:
            why = f"longer than {MAX_HAND_CHARS:,} characters"
        if why:
            block = []  # never read, so not kept
        else:
            block.append(line)
    if site is not None and head is not None:
        yield site, block, head, why


def scan(source: str | PathLike[str]) -> Iterator[HandHistory | SkippedHand]:
    """Every hand of the source, imported or skipped, in file order.

    Args:
        source: a file, a folder (every ``.txt`` file under it, sorted) or the text.

    Yields:
        A :class:`HandHistory` per imported hand, a :class:`SkippedHand` per other hand,
        and one with no hand id for a file larger than :data:`MAX_FILE_BYTES` (not read).

    Raises:
        ArgumentTypeError: ``source`` is not a str or a path.
        OSError: a file cannot be read.
    """
    for name, text in _sources(source):
        if text is None:
            yield SkippedHand(
                name, None, f"{name}: larger than {MAX_FILE_BYTES:,} bytes, not read"
            )
            continue
        for site, lines, head, why in _hands(text):
            hand_id = head["id"]
            if len(hand_id) > _MAX_ID_DIGITS:  # no site numbers hands beyond 2**64
                why = f"a hand number of {len(hand_id):,} digits (at most {_MAX_ID_DIGITS})"
                hand_id = hand_id[:_MAX_ID_DIGITS] + "..."
            if why:
                yield SkippedHand(name, hand_id, f"hand {hand_id}: {why}")
                continue
            try:
                yield to_history(site.parse(lines))  # type: ignore[attr-defined]
            except HandHistoryError as exc:
                reason = str(exc)  # named after its hand, as the readers' own are
                if not reason.startswith(f"hand {hand_id}:"):
                    reason = f"hand {hand_id}: {reason}"
                yield SkippedHand(name, hand_id, reason)
            except ValueError as exc:  # a line the readers do not foresee: still this hand's
                yield SkippedHand(name, hand_id, f"hand {hand_id}: unreadable: {exc}")


def read(
    source: str | PathLike[str], *, errors: Literal["warn", "ignore", "raise"] = "warn"
) -> Iterator[HandHistory]:
    """The hands of PokerStars and Full Tilt hand histories as PHH hand histories.

    Args:
        source: a file, a folder (every ``.txt`` file under it) or the text itself.
        errors: what a hand that is not imported (cancelled, cut off, unreadable), or a
            source with no hand at all, does: ``"warn"`` a :class:`SkippedHandWarning` per
            hand, ``"ignore"`` nothing, ``"raise"`` a :class:`SkippedHandError` (a
            :class:`HandHistoryError`).

    Yields:
        One :class:`HandHistory` per imported hand.

    Raises:
        ConfigurationError: an unknown ``errors``.
        ArgumentTypeError: ``source`` is not a str or a path.
    """
    if errors not in ("warn", "ignore", "raise"):
        raise ConfigurationError(f"errors must be 'warn', 'ignore' or 'raise', got {errors!r}")
    seen = False
    for item in scan(source):
        seen = True
        if isinstance(item, HandHistory):
            yield item
        elif errors == "raise":
            raise SkippedHandError(f"{item.source}: {item.reason}")
        elif errors == "warn":
            warnings.warn(f"{item.source}: {item.reason}", SkippedHandWarning, stacklevel=2)
    if not seen and errors != "ignore":
        where = "the text" if _is_text(source) else repr(str(source))
        message = f"no PokerStars or Full Tilt hand histories in {where}"
        if errors == "raise":
            raise SkippedHandError(message)
        warnings.warn(message, SkippedHandWarning, stacklevel=2)
