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
stops the rest of a file unless ``errors="raise"``.

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


def _sources(source: str | PathLike[str]) -> Iterator[tuple[str, str]]:
    """``(name, text)`` of every file the source names, or of the text itself."""
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
        yield str(f), decode(f.read_bytes())


def _hands(text: str) -> Iterator[tuple[object, list[str]]]:
    """Each hand's site reader and lines; text before the first header is ignored."""
    site: object = None
    block: list[str] = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = line.lstrip("\ufeff")
        starts = next((s for s in _SITES if s.HEADER.match(line)), None)
        if starts is not None:
            if site is not None:
                yield site, block
            site, block = starts, [line]
        elif site is not None:
            block.append(line)
    if site is not None:
        yield site, block


def scan(source: str | PathLike[str]) -> Iterator[HandHistory | SkippedHand]:
    """Every hand of the source, imported or skipped, in file order.

    Args:
        source: a file, a folder (every ``.txt`` file under it, sorted) or the text.

    Yields:
        A :class:`HandHistory` per imported hand, a :class:`SkippedHand` per other hand.

    Raises:
        ArgumentTypeError: ``source`` is not a str or a path.
        OSError: a file cannot be read.
    """
    for name, text in _sources(source):
        for site, lines in _hands(text):
            head = next(s.HEADER.match(lines[0]) for s in _SITES if s.HEADER.match(lines[0]))
            hand_id = head["id"] if head else None
            try:
                yield to_history(site.parse(lines))  # type: ignore[attr-defined]
            except HandHistoryError as exc:
                yield SkippedHand(name, hand_id, str(exc))
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
