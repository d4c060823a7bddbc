"""Pictures as inline SVG: cards, hands, a table, equities and simulation results.

Every function returns one self-contained ``<svg>`` document as text: no asset files, no
fonts to fetch, no script, nothing from the network. Suits are drawn as shapes (spade,
heart, diamond, club), so they are told apart without colour; ``four_color=True`` also
gives each suit its own colour. Every picture has a ``<title>`` (its accessible name) and
every card one of its own (``"ace of spades"``, ``"face-down card"``).

In a notebook the values draw themselves (``_repr_svg_``): :class:`~holecard.Card`,
:class:`~holecard.Cards`, :class:`~holecard.HandValue`, :class:`~holecard.State`,
:class:`~holecard.Equity` and :class:`~holecard.SimulationResult`; each also has an
``svg()`` method taking the options below.

>>> from holecard import Card, svg
>>> picture = svg.card(Card("As"))
>>> picture.startswith("<svg") and "<title>ace of spades</title>" in picture
True

A table shows every player's up cards and, as card backs, the down cards that ``viewer``
may not see (``None``: a spectator; a seat: that player; ``"all"``: everyone's cards):

>>> from holecard import SevenCardStud
>>> state = SevenCardStud(ante=1, bring_in=2, small_bet=5).start([100, 100], seed=7)
>>> spectator = svg.table(state)
>>> spectator.count('data-card="back"'), svg.table(state, viewer=0).count('data-card="back"')
(4, 2)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from html import escape
from typing import Literal, Protocol, runtime_checkable

from holecard import events as ev
from holecard._core import Card, HandValue, State, parse_cards
from holecard._enums import Game, Suit
from holecard._narration import hand_name, street_label
from holecard.exceptions import (
    ArgumentTypeError,
    ConfigurationError,
    IndexOutOfRangeError,
    InvalidHandError,
)

#: Characters XML 1.0 cannot hold at all, not even escaped (C0 controls but tab, newline
#: and carriage return; lone surrogates; U+FFFE and U+FFFF): replaced by U+FFFD.
_NOT_XML = {c: "\ufffd" for c in (*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0xFFFE, 0xFFFF)}
_NOT_XML.update({c: "\ufffd" for c in range(0xD800, 0xE000)})


def _esc(text: str, quote: bool = True) -> str:
    """``text`` escaped for SVG and HTML, every character XML forbids replaced."""
    return escape(text.translate(_NOT_XML), quote=quote)


__all__ = [
    "EquityLike",
    "SimulationLike",
    "Viewer",
    "card",
    "cards",
    "cumulative_chart",
    "equity_chart",
    "hand_value",
    "simulation_chart",
    "table",
]

#: Who looks at a table: ``None`` a spectator, a seat number that player, ``"all"`` everyone.
Viewer = int | Literal["all"] | None

_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_TWO_COLORS = {
    Suit.SPADES: "#111",
    Suit.HEARTS: "#c0392b",
    Suit.DIAMONDS: "#c0392b",
    Suit.CLUBS: "#111",
}
_FOUR_COLORS = {
    Suit.SPADES: "#111",
    Suit.HEARTS: "#c0392b",
    Suit.DIAMONDS: "#1f5fbf",
    Suit.CLUBS: "#1e7b34",
}
# Dash patterns tell the lines of a chart apart without colour (seat order).
_DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2", "3 6")
_LINE_COLORS = (
    "#1f5fbf",
    "#c0392b",
    "#1e7b34",
    "#8e44ad",
    "#d35400",
    "#111",
    "#16a085",
    "#7f8c8d",
)


# ----- text ---------------------------------------------------------------------------


def _num(x: float) -> str:
    """A coordinate, short and stable (no ``-0``, at most two decimals)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(
    x: float,
    y: float,
    text: object,
    *,
    size: float = 12,
    anchor: str = "start",
    weight: str = "normal",
    fill: str = "#111",
    cls: str = "",
    extra: str = "",
) -> str:
    attrs = f' class="{cls}"' if cls else ""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="{anchor}"'
        f'{bold} fill="{fill}"{attrs}{extra}>{_esc(str(text))}</text>'
    )


def _document(
    width: float, height: float, title: str, body: Iterable[str], *, cls: str, extra: str = ""
) -> str:
    """A whole ``<svg>`` document whose first child is its ``<title>``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}"'
        f' viewBox="0 0 {_num(width)} {_num(height)}" role="img" class="{cls}"'
        f' font-family="{_FONT}"{extra}><title>{_esc(title)}</title>{"".join(body)}</svg>'
    )


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


# ----- cards --------------------------------------------------------------------------


def card_name(c: Card) -> str:
    """A card's spoken name (``"ace of spades"``): ``Card.name``."""
    return c.name


def _suit_shape(suit: Suit, x: float, y: float, size: float, fill: str) -> str:
    """The suit's shape in a ``size`` square whose top left is (x, y)."""
    at = f'transform="translate({_num(x)} {_num(y)}) scale({_num(size)})" fill="{fill}"'
    if suit is Suit.HEARTS:
        d = (
            "M.5 .95C.15 .68 0 .5 0 .3 0 .12 .13 0 .28 0 .39 0 .46 .07 .5 .16"
            ".54 .07 .61 0 .72 0 .87 0 1 .12 1 .3 1 .5 .85 .68 .5 .95Z"
        )
        return f'<path {at} d="{d}"/>'
    if suit is Suit.DIAMONDS:
        return f'<path {at} d="M.5 0 .88 .5 .5 1 .12 .5Z"/>'
    if suit is Suit.SPADES:
        d = (
            "M.5 0C.85 .3 1 .45 1 .62 1 .77 .88 .86 .75 .86 .66 .86 .58 .82 .54 .76L.62 1H.38"
            "L.46 .76C.42 .82 .34 .86 .25 .86 .12 .86 0 .77 0 .62 0 .45 .15 .3 .5 0Z"
        )
        return f'<path {at} d="{d}"/>'
    return (  # clubs: three leaves and a stem
        f'<g {at}><circle cx=".5" cy=".27" r=".23"/><circle cx=".25" cy=".6" r=".23"/>'
        '<circle cx=".75" cy=".6" r=".23"/><path d="M.44 .5H.56L.64 1H.36Z"/></g>'
    )


def _card_face(
    c: Card,
    x: float,
    y: float,
    w: float,
    *,
    four_color: bool,
    down: bool = False,
    lifted: bool = False,
    dim: bool = False,
) -> str:
    """One face-up card (``down``: a down card its owner or a replay may see)."""
    h = w * 1.4
    colors = _FOUR_COLORS if four_color else _TWO_COLORS
    ink = colors[c.suit]
    rank = "10" if c.rank == 10 else c.rank.char
    title = card_name(c) + (", face down" if down else "")
    fill = "#dde6f5" if down else "#fff"
    stroke = ' stroke="#e0a800" stroke-width="3"' if lifted else ' stroke="#555" stroke-width="1"'
    opacity = ' opacity="0.45"' if dim else ""
    squeeze = (
        f' textLength="{_num(w * 0.5)}" lengthAdjust="spacingAndGlyphs"' if rank == "10" else ""
    )
    return (
        f'<g class="card" data-card="{c}" data-up="{str(not down).lower()}"{opacity}>'
        f"<title>{_esc(title)}</title>"
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
        f' rx="{_num(w * 0.1)}" fill="{fill}"{stroke}/>'
        + _text(
            x + w * 0.07, y + h * 0.3, rank, size=h * 0.3, weight="bold", fill=ink, extra=squeeze
        )
        + _suit_shape(c.suit, x + w * 0.08, y + h * 0.36, w * 0.3, ink)
        + _suit_shape(c.suit, x + w * 0.42, y + h * 0.5, w * 0.5, ink)
        + "</g>"
    )


def _card_back(x: float, y: float, w: float, *, unknown: bool = False) -> str:
    """A face-down card (``unknown``: a card nobody recorded, marked with a question mark)."""
    h = w * 1.4
    m = w * 0.12
    title = "unknown card" if unknown else "face-down card"
    mark = (
        _text(
            x + w / 2, y + h * 0.62, "?", size=h * 0.4, anchor="middle", weight="bold", fill="#fff"
        )
        if unknown
        else (
            f'<path d="M{_num(x + m)} {_num(y + m)}L{_num(x + w - m)} {_num(y + h - m)}'
            f'M{_num(x + w - m)} {_num(y + m)}L{_num(x + m)} {_num(y + h - m)}"'
            ' stroke="#fff" stroke-opacity="0.5" stroke-width="1.5"/>'
        )
    )
    return (
        f'<g class="card" data-card="{"??" if unknown else "back"}" data-up="false">'
        f"<title>{title}</title>"
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
        f' rx="{_num(w * 0.1)}" fill="#1f3a93" stroke="#555"/>'
        f'<rect x="{_num(x + m)}" y="{_num(y + m)}" width="{_num(w - 2 * m)}"'
        f' height="{_num(h - 2 * m)}" rx="{_num(w * 0.06)}" fill="none" stroke="#fff"'
        ' stroke-opacity="0.6"/>' + mark + "</g>"
    )


def _names(value: object, count: int, what: str) -> list[str] | None:
    """``value`` as ``count`` names (None stays None), else a holecard error naming it."""
    if value is None:
        return None
    if (
        isinstance(value, str)
        or not isinstance(value, Sequence)
        or not all(isinstance(v, str) for v in value)
    ):
        raise ArgumentTypeError(
            f"{what} must be a list of names (text), got {type(value).__name__} {value!r}"
        )
    if len(value) != count:
        raise IndexOutOfRangeError(f"{what} lists {len(value)} names for {count} {_UNIT[what]}")
    return list(value)


_UNIT = {"names": "seats", "labels": "players"}


def _items(value: object, what: str, expected: str) -> list[object]:
    """The items of an iterable argument, else a holecard error naming it."""
    if not isinstance(value, Iterable):
        raise _wrong(what, expected, value)
    return list(value)


def _card_list(value: object, what: str) -> list[Card]:
    """Cards given as text, a card or an iterable of them; a holecard error otherwise."""
    if isinstance(value, str | Card):
        return parse_cards(value)
    return parse_cards(_items(value, what, "cards"))  # type: ignore[arg-type]


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{what} must be True or False, got {type(value).__name__}")
    return value


def _title(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ArgumentTypeError(f"title must be text or None, got {type(value).__name__}")
    return value


#: A card's width in pixels: wide enough to draw, small enough to stay a picture.
_WIDTHS = (1, 1000)


def _width(value: object) -> float:
    """A card width in pixels, else a holecard error naming ``width``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(
            f"width must be a number of pixels, got {type(value).__name__} {value!r}"
        )
    lo, hi = _WIDTHS
    if not lo <= value <= hi:  # also refuses NaN
        raise ConfigurationError(f"width must be from {lo} to {hi} pixels, got {value!r}")
    return float(value)


def _wrong(what: str, expected: str, value: object) -> ArgumentTypeError:
    """The error for an argument of the wrong type: its name, what it takes, what it got."""
    return ArgumentTypeError(f"{what} must be {expected}, got {type(value).__name__} {value!r}")


def card(c: Card, *, four_color: bool = False, width: float = 40) -> str:
    """One card.

    Args:
        c: the card.
        four_color: spades black, hearts red, diamonds blue, clubs green (default: the
            red and black suits); the suit shapes tell them apart either way.
        width: the card's width in pixels (its height is 1.4 times that).

    Returns:
        An SVG document.
    """
    four_color = _flag(four_color, "four_color")
    if not isinstance(c, Card):
        raise _wrong("c", "a Card", c)
    w = _width(width)
    return _document(
        w + 2,
        w * 1.4 + 2,
        card_name(c),
        [_card_face(c, 1, 1, w, four_color=four_color)],
        cls="holecard-card",
    )


def cards(
    hand: Iterable[Card],
    *,
    four_color: bool = False,
    highlight: Collection[Card] = (),
    title: str | None = None,
    width: float = 40,
) -> str:
    """A row of cards; ``highlight`` lifts and outlines some of them and dims the rest.

    Args:
        hand: the cards, in the order drawn.
        four_color: four suit colours (see :func:`card`).
        highlight: the cards to stand out (none: every card alike).
        title: the picture's name (default: the cards named in order).
        width: one card's width in pixels.

    Returns:
        An SVG document.

    >>> from holecard import Cards
    >>> picture = cards(Cards("Ah 2c"), highlight=[Card("Ah")])
    >>> picture.count('class="card"'), "<title>ace of hearts, deuce of clubs</title>" in picture
    (2, True)
    """
    four_color = _flag(four_color, "four_color")
    row = _card_list(hand, "hand")
    picked = set(_card_list(highlight, "highlight"))
    title = _title(title)
    w = _width(width)
    body, height = _row(row, picked, 2, w, four_color)
    name = (
        title
        if title is not None
        else (", ".join(card_name(c) for c in row) if row else "no cards")
    )
    return _document(max(len(row), 1) * (w + 4), height + 2, name, body, cls="holecard-cards")


def _row(
    row: Sequence[Card], picked: Collection[Card], top: float, w: float, four_color: bool
) -> tuple[list[str], float]:
    """Cards side by side from ``top``, the ``picked`` ones lifted, and the row's bottom."""
    lift = w * 0.25 if picked else 0.0
    body = [
        _card_face(
            c,
            2 + i * (w + 4),
            top + (0 if c in picked else lift),
            w,
            four_color=four_color,
            lifted=c in picked,
            dim=bool(picked) and c not in picked,
        )
        for i, c in enumerate(row)
    ]
    return body, top + w * 1.4 + lift + 2


def hand_value(
    value: HandValue, *, among: Iterable[Card] | None = None, four_color: bool = False
) -> str:
    """A hand value: its name over the five cards that make it.

    Args:
        value: the value (from an evaluator).
        among: all the cards it was made from; they are drawn too, the five that make
            the hand lifted and outlined, the others dimmed.
        four_color: four suit colours (see :func:`card`).

    Returns:
        An SVG document.

    Raises:
        InvalidHandError: ``among`` lacks one of the hand's cards.
    """
    four_color = _flag(four_color, "four_color")
    if not isinstance(value, HandValue):
        raise _wrong("value", "a HandValue (from an evaluator)", value)
    best = list(value.cards)
    row = best if among is None else _card_list(among, "among")
    missing = [str(c) for c in best if c not in row]
    if missing:
        raise InvalidHandError(f"among lacks the hand's cards {' '.join(missing)}")
    label = str(value)
    w = 40.0
    cards_, height = _row(row, set(best) if among is not None else set(), 24, w, four_color)
    body = [_text(2, 16, label, size=14, weight="bold", cls="hand-name"), *cards_]
    title = f"{label}: {', '.join(card_name(c) for c in best)}"
    width = max(len(row) * (w + 4), 8.0 * len(label) + 8)
    return _document(width, height + 2, title, body, cls="holecard-hand")


# ----- the table ----------------------------------------------------------------------


class _Seen:
    """Which cards of a table are drawn face up, for one viewer."""

    def __init__(self, state: State, viewer: Viewer, known: Collection[Card] | None) -> None:
        n = len(state.players)
        if isinstance(viewer, bool) or not isinstance(viewer, int | str | None):
            raise ArgumentTypeError(
                f"viewer must be a seat, 'all' or None, got {type(viewer).__name__} {viewer!r}"
            )
        if isinstance(viewer, str) and viewer != "all":
            raise ArgumentTypeError(f"viewer must be a seat, 'all' or None, got {viewer!r}")
        if isinstance(viewer, int) and not 0 <= viewer < n:
            raise IndexOutOfRangeError(f"viewer must be a seat from 0 to {n - 1}, got {viewer}")
        self.viewer = viewer
        self.known = None if known is None else frozenset(_card_list(known, "known"))
        self.shown = {e.seat for e in state.history if isinstance(e, ev.HandShown)}

    def may_see(self, seat: int) -> bool:
        return self.viewer == "all" or self.viewer == seat or seat in self.shown

    def draw(
        self, c: Card, x: float, y: float, w: float, *, up: bool, owner: int, four_color: bool
    ) -> str:
        if not up and not self.may_see(owner):
            return _card_back(x, y, w)
        if self.known is not None and c not in self.known:
            return _card_back(x, y, w, unknown=True)
        return _card_face(c, x, y, w, four_color=four_color, down=not up)


def _draw_counts(history: Sequence[ev.Event], n: int) -> list[list[int]]:
    """Per seat, how many cards it drew in each draw round so far (0: stood pat)."""
    counts: list[list[int]] = [[] for _ in range(n)]
    for e in history:
        if isinstance(e, ev.Drew):
            counts[e.seat].append(len(e.discards))
    return counts


def _winnings(history: Sequence[ev.Event], n: int) -> list[int]:
    won = [0] * n
    for e in history:
        if isinstance(e, ev.PotAwarded):
            won[e.seat] += e.amount
    return won


_FOLDED = ' opacity="0.5"'
_W, _H = 960.0, 580.0
_CX, _CY = 480.0, 285.0
_BOX_W, _BOX_H = 206.0, 100.0


def table(
    state: State,
    *,
    viewer: Viewer = None,
    known: Collection[Card] | None = None,
    names: Sequence[str] | None = None,
    four_color: bool = False,
) -> str:
    """The table of a hand: seats in a ring, stacks, bets, pots, cards and the button.

    Each seat shows its name, its stack, its cards (up cards face up; down cards face up
    only to a viewer who may see them, else as card backs), its current bet in front of
    it, and in 2-7 how many cards it drew in each round. The player to act is outlined in
    gold; folded players are dimmed. The pots, the street and any community card are in
    the middle; the dealer button (2-7) or dealer box (stud) is the disc marked D. When
    the hand is over, the shown hands are face up with their names and each seat's
    winnings are written under it.

    Args:
        state: the hand.
        viewer: ``None`` a spectator (up cards and shown hands), a seat (also that
            player's down cards), ``"all"`` (every card).
        known: the cards the picture may show (a replay of a history with unrecorded
            cards): any other dealt card is a card back with a question mark.
        names: a name per seat (default ``seat 0``, ``seat 1`` …).
        four_color: four suit colours (see :func:`card`).

    Returns:
        An SVG document whose elements carry the numbers as data (``data-pot``,
        ``data-stack``, ``data-bet``, ``data-card``) for tests and scripts.

    Raises:
        IndexOutOfRangeError: ``viewer`` is not a seat.
        ArgumentTypeError: ``state`` is not a state, or ``viewer`` of the wrong type.
    """
    four_color = _flag(four_color, "four_color")
    if not isinstance(state, State):
        raise _wrong("state", "a State (from Game.start)", state)
    players = state.players
    n = len(players)
    seen = _Seen(state, viewer, known)
    given = _names(names, n, "names")
    label = given if given is not None else [f"seat {i}" for i in range(n)]
    game = Game(state._config.game)
    history = state.history
    draws = _draw_counts(history, n)
    won = _winnings(history, n)
    pots = state.pots
    pot_total = sum(p.amount for p in pots)
    over = state.is_over
    actor = state.actor
    street = street_label(state.street)

    body = [
        f'<ellipse cx="{_num(_CX)}" cy="{_num(_CY)}" rx="300" ry="170" fill="#2e7d4f"'
        ' stroke="#5d3a1a" stroke-width="10"/>',
        _text(
            _CX,
            _CY - 60,
            f"{game.label}, {street}",
            size=14,
            anchor="middle",
            weight="bold",
            fill="#fff",
            cls="street",
        ),
    ]
    pot_lines = (
        [f"pot {pot_total:,}"]
        if len(pots) <= 1
        else [
            ("main pot" if i == 0 else f"side pot {i}") + f" {p.amount:,}"
            for i, p in enumerate(pots)
        ]
    )
    for i, line in enumerate(pot_lines):
        body.append(
            _text(
                _CX,
                _CY - 36 + 16 * i,
                line,
                size=14,
                anchor="middle",
                fill="#fff",
                cls="pot",
                extra=f' data-amount="{pots[i].amount if pots else 0}"',
            )
        )
    board = state.board
    for i, c in enumerate(board):
        body.append(
            seen.draw(
                c,
                _CX - 15 + 34 * i,
                _CY + 4 + 16 * len(pot_lines),
                30,
                up=True,
                owner=-1,
                four_color=four_color,
            )
        )

    for seat, player in enumerate(players):
        angle = math.pi / 2 + 2 * math.pi * seat / n
        px, py = _CX + 370 * math.cos(angle), _CY + 220 * math.sin(angle)
        bx, by = px - _BOX_W / 2, py - _BOX_H / 2
        is_actor = actor == seat and not over
        status = (
            "folded" if player.folded else ("all in" if player.stack == 0 and not over else "")
        )
        seat_title = (
            f"{label[seat]}: stack {player.stack:,}"
            + (f", bet {player.bet:,}" if player.bet else "")
            + (f", {status}" if status else "")
            + (", to act" if is_actor else "")
        )
        border = 'stroke="#e0a800" stroke-width="4"' if is_actor else 'stroke="#333"'
        # An opaque backing, so a dimmed (folded) seat does not show the felt through.
        body.append(
            f'<rect x="{_num(bx)}" y="{_num(by)}" width="{_num(_BOX_W)}"'
            f' height="{_num(_BOX_H)}" rx="8" fill="#fbfbf8"/>'
        )
        parts = [
            f'<g class="seat" data-seat="{seat}" data-stack="{player.stack}"'
            f' data-bet="{player.bet}" data-folded="{str(player.folded).lower()}"'
            f"{_FOLDED if player.folded else ''}>",
            f"<title>{_esc(seat_title)}</title>",
            f'<rect x="{_num(bx)}" y="{_num(by)}" width="{_num(_BOX_W)}" height="{_num(_BOX_H)}"'
            f' rx="8" fill="#fbfbf8" {border}/>',
            _text(bx + 8, by + 16, label[seat], size=13, weight="bold", cls="name"),
            _text(
                bx + _BOX_W - 8, by + 91, f"{player.stack:,}", size=13, anchor="end", cls="stack"
            ),
        ]
        ups = set(player.up_cards)
        for i, c in enumerate(player.hole_cards):
            parts.append(
                seen.draw(
                    c,
                    bx + 8 + i * 27.5,
                    by + 22,
                    25,
                    up=c in ups,
                    owner=seat,
                    four_color=four_color,
                )
            )
        notes = []
        if status:
            notes.append(status)
        if draws[seat]:
            notes.append("drew " + ", ".join(str(k) if k else "pat" for k in draws[seat]))
        if over and seat in seen.shown and seen.may_see(seat):
            notes.append(_shown_name(game, state, seat, seen))
        if notes:
            parts.append(_text(bx + 8, by + 74, "; ".join(notes), size=11, cls="note"))
        if over:
            result = f"wins {won[seat]:,}" if won[seat] else ""
            if result:
                parts.append(
                    _text(
                        bx + 8, by + 91, result, size=12, weight="bold", fill="#1e7b34", cls="won"
                    )
                )
        parts.append("</g>")
        body += parts
        tx, ty = _CX + 215 * math.cos(angle), _CY + 115 * math.sin(angle)
        if player.bet:
            body.append(
                f'<g class="bet" data-seat="{seat}" data-amount="{player.bet}">'
                f"<title>{_esc(label[seat])} bets {player.bet:,}</title>"
                f'<circle cx="{_num(tx - 14)}" cy="{_num(ty - 4)}" r="7" fill="#f1c40f"'
                ' stroke="#7a5c00" stroke-dasharray="3 2"/>'
                + _text(tx - 4, ty + 1, f"{player.bet:,}", size=13, weight="bold", fill="#fff")
                + "</g>"
            )
        if seat == state.dealer:
            dx, dy = _CX + 250 * math.cos(angle + 0.3), _CY + 140 * math.sin(angle + 0.3)
            kind = "button" if game.spec.dealer == "button" else "dealer box"
            body.append(
                f'<g class="dealer" data-seat="{seat}"><title>{kind}: {_esc(label[seat])}'
                f'</title><circle cx="{_num(dx)}" cy="{_num(dy)}" r="10" fill="#fff"'
                ' stroke="#111"/>'
                + _text(dx, dy + 4.5, "D", size=12, anchor="middle", weight="bold")
                + "</g>"
            )
    who = "" if over or actor is None else f"; {label[actor]} to act"
    title = f"{game.label}, {street}: pot {pot_total:,}{who}"
    return _document(
        _W,
        _H,
        title,
        body,
        cls="holecard-table",
        extra=f' data-pot="{pot_total}" data-street="{_esc(state.street)}"',
    )


def _shown_name(game: Game, state: State, seat: int, seen: _Seen) -> str:
    cards_ = list(state.players[seat].hole_cards) + list(state.board)
    if seen.known is not None and any(c not in seen.known for c in cards_):
        return "shows"
    return hand_name(game.value, cards_)


# ----- charts -------------------------------------------------------------------------


@runtime_checkable
class EquityLike(Protocol):
    """What :func:`equity_chart` reads of an :class:`~holecard.Equity`."""

    @property
    def game(self) -> str: ...  # noqa: D102
    @property
    def shares(self) -> Sequence[float]: ...  # noqa: D102
    @property
    def wins(self) -> Sequence[int]: ...  # noqa: D102
    @property
    def outcomes(self) -> int: ...  # noqa: D102
    @property
    def exact(self) -> bool: ...  # noqa: D102


@runtime_checkable
class _HalvesLike(Protocol):
    """The high and low halves of a stud hi/lo :class:`~holecard.Equity`."""

    @property
    def high(self) -> Sequence[float] | None: ...
    @property
    def low(self) -> Sequence[float] | None: ...


def _hatch(x0: float, x1: float, y: float, stroke: str) -> list[str]:
    """Hatching lines over ``x0 .. x1`` of a 20-high bar at ``y``.

    Drawn as lines: no pattern ids that could clash in a page.
    """
    lines = []
    x = x0 + 4
    while x < x1:
        lines.append(
            f'<path d="M{_num(x)} {_num(y + 20)}L{_num(min(x + 8, x1))} {_num(y)}"'
            f' stroke="{stroke}" stroke-width="1"/>'
        )
        x += 6
    return lines


def equity_chart(result: EquityLike, *, labels: Sequence[str] | None = None) -> str:
    """A bar per player: his expected share of the pot.

    The solid part of a bar is the outcomes in which he takes the whole pot, the hatched
    part what he gets from split pots, so bars read without colour. In stud hi/lo the bar
    is split instead into the pot he wins with his high hand (solid) and with his low
    (hatched), each part with its own ``<title>``, and a line under it shows his scoops.

    Args:
        result: an :class:`~holecard.Equity`.
        labels: a name per player (default ``player 1`` …).

    Returns:
        An SVG document.

    Raises:
        ArgumentTypeError: ``result`` has not what an Equity has, or ``labels``
            not a list of text.
        IndexOutOfRangeError: ``labels`` has not one name per player.

    >>> from holecard import equity, svg
    >>> chart = svg.equity_chart(equity("stud8", ["As 2s 3d 4c Kh Kd", "Qh Qs Jc Jd 9s 8d"]))
    >>> "<title>player 1, low half: 18.75% of the pot</title>" in chart
    True
    """
    if not isinstance(result, EquityLike):
        raise _wrong("result", "an Equity (from holecard.equity)", result)
    shares = list(result.shares)
    n = len(shares)
    names = _names(labels, n, "labels") or [f"player {i + 1}" for i in range(n)]
    high = result.high if isinstance(result, _HalvesLike) else None
    low = result.low if isinstance(result, _HalvesLike) else None
    bar_w, left, row = 300.0, 130.0, 30.0
    body = []
    for i, share in enumerate(shares):
        y = 10 + i * row
        whole = result.wins[i] / result.outcomes if result.outcomes else 0.0
        whole = min(whole, share)
        body.append(f'<g class="equity" data-player="{i}" data-share="{share:.6f}">')
        if high is not None and low is not None:
            body += _halves_bar(names[i], share, whole, high[i], low[i], left, y, bar_w)
        else:
            body += [
                f"<title>{_esc(names[i])}: {100 * share:.2f}% ({100 * whole:.2f}% wins the"
                " whole pot)</title>",
                _text(left - 8, y + 15, names[i], size=12, anchor="end"),
                f'<rect x="{_num(left)}" y="{_num(y)}" width="{_num(bar_w)}" height="20"'
                ' fill="#eee" stroke="#999"/>',
                f'<rect x="{_num(left)}" y="{_num(y)}" width="{_num(bar_w * whole)}"'
                ' height="20" fill="#1f5fbf"/>',
                f'<rect x="{_num(left + bar_w * whole)}" y="{_num(y)}"'
                f' width="{_num(bar_w * (share - whole))}" height="20" fill="#9db8e6"/>',
                *_hatch(left + bar_w * whole, left + bar_w * share, y, "#1f5fbf"),
            ]
        body += [_text(left + bar_w + 8, y + 15, f"{100 * share:.1f}%", size=12), "</g>"]
    how = "exact" if result.exact else "Monte Carlo"
    foot = 10 + n * row + 14
    legend = (
        "solid: won with the high hand; hatched: with the low; line: scoops"
        if high is not None
        else "solid: wins the whole pot; hatched: split pots"
    )
    body.append(_text(left, foot, legend, size=11, fill="#444"))
    foot += 14
    body.append(
        _text(left, foot, f"{how}, {_plural(result.outcomes, 'outcome')}", size=11, fill="#444")
    )
    game = Game(result.game).label
    title = f"{game} equity: " + ", ".join(
        f"{names[i]} {100 * s:.1f}%" for i, s in enumerate(shares)
    )
    return _document(left + bar_w + 80, foot + 8, title, body, cls="holecard-equity")


def _halves_bar(
    name: str,
    share: float,
    scoops: float,
    high: float,
    low: float,
    left: float,
    y: float,
    w: float,
) -> list[str]:
    """One stud hi/lo bar: the high half solid, the low half hatched, scoops underlined."""
    split = left + w * high
    return [
        f"<title>{_esc(name)}: {100 * share:.2f}% (high {100 * high:.2f}%, low"
        f" {100 * low:.2f}%; {100 * scoops:.2f}% scoops)</title>",
        _text(left - 8, y + 15, name, size=12, anchor="end"),
        f'<rect x="{_num(left)}" y="{_num(y)}" width="{_num(w)}" height="20"'
        ' fill="#eee" stroke="#999"/>',
        f'<g class="half" data-half="high" data-share="{high:.6f}">'
        f"<title>{_esc(name)}, high half: {100 * high:.2f}% of the pot</title>"
        f'<rect x="{_num(left)}" y="{_num(y)}" width="{_num(w * high)}" height="20"'
        ' fill="#1f5fbf"/></g>',
        f'<g class="half" data-half="low" data-share="{low:.6f}">'
        f"<title>{_esc(name)}, low half: {100 * low:.2f}% of the pot</title>"
        f'<rect x="{_num(split)}" y="{_num(y)}" width="{_num(w * low)}" height="20"'
        ' fill="#f5c27a"/>',
        *_hatch(split, split + w * low, y, "#9a5b00"),
        "</g>",
        f'<rect class="scoops" x="{_num(left)}" y="{_num(y + 21)}" width="{_num(w * scoops)}"'
        ' height="3" fill="#111"/>',
    ]


class _SeatLike(Protocol):
    @property
    def bot(self) -> str: ...
    @property
    def big_bets_per_100(self) -> float: ...
    @property
    def stdev(self) -> float: ...


@runtime_checkable
class SimulationLike(Protocol):
    """What the simulation charts read of a :class:`~holecard.SimulationResult`."""

    @property
    def game(self) -> str: ...  # noqa: D102
    @property
    def hands(self) -> int: ...  # noqa: D102
    @property
    def big_bet(self) -> int: ...  # noqa: D102
    @property
    def seed(self) -> int: ...  # noqa: D102
    @property
    def bots(self) -> Sequence[str]: ...  # noqa: D102
    @property
    def chips_won(self) -> Sequence[int]: ...  # noqa: D102
    @property
    def seats(self) -> Sequence[_SeatLike]: ...  # noqa: D102


def simulation_chart(result: SimulationLike) -> str:
    """Each seat's result in big bets per 100 hands, with its 95% confidence interval.

    Args:
        result: a :class:`~holecard.SimulationResult`.

    Returns:
        An SVG document (a bar per seat from the zero line; the whisker spans about two
        standard errors either side).

    Raises:
        ArgumentTypeError: ``result`` has not what a SimulationResult has.
    """
    if not isinstance(result, SimulationLike):
        raise _wrong("result", "a SimulationResult (from holecard.simulate)", result)
    seats = list(result.seats)
    n = len(seats)
    rates = [s.big_bets_per_100 for s in seats]
    errors = [
        1.96 * 100 * s.stdev / result.big_bet / math.sqrt(result.hands)
        if result.hands > 1 and s.stdev == s.stdev
        else 0.0
        for s in seats
    ]
    finite = [abs(r) + e for r, e in zip(rates, errors, strict=True) if r == r]
    top = max(finite, default=1.0) or 1.0
    left, mid, half, row = 160.0, 330.0, 150.0, 28.0
    body = [f'<path d="M{_num(mid)} 6V{_num(12 + n * row)}" stroke="#111"/>']
    for i, (s, r, e) in enumerate(zip(seats, rates, errors, strict=True)):
        y = 10 + i * row
        value = r if r == r else 0.0
        x0, x1 = sorted((mid, mid + half * value / top))
        body += [
            f'<g class="seat-result" data-seat="{i}" data-bb100="{value:.4f}">',
            f"<title>seat {i} ({_esc(s.bot)}): {value:+.2f} big bets per 100 hands"
            f" (± {e:.2f})</title>",
            _text(left - 8, y + 14, f"seat {i} ({s.bot})", size=12, anchor="end"),
            f'<rect x="{_num(x0)}" y="{_num(y)}" width="{_num(x1 - x0)}" height="18"'
            f' fill="{"#1e7b34" if value >= 0 else "#c0392b"}"/>',
        ]
        if e:
            lo, hi = mid + half * (value - e) / top, mid + half * (value + e) / top
            body.append(
                f'<path d="M{_num(lo)} {_num(y + 9)}H{_num(hi)}M{_num(lo)} {_num(y + 4)}'
                f'V{_num(y + 14)}M{_num(hi)} {_num(y + 4)}V{_num(y + 14)}"'
                ' stroke="#111" stroke-width="1.2"/>'
            )
        body += [_text(mid + half + 62, y + 14, f"{value:+.1f}", size=12, anchor="end"), "</g>"]
    foot = 14 + n * row + 10
    body.append(
        _text(
            10,
            foot,
            f"big bets per 100 hands over {result.hands:,} hands, "
            f"seed {result.seed} (whiskers: 95% interval)",
            size=11,
            fill="#444",
        )
    )
    title = f"{Game(result.game).label} simulation: " + ", ".join(
        # No hands, no rate (not "+nan").
        f"seat {i} {r:+.1f} bb/100" if r == r else f"seat {i} no hands"
        for i, r in enumerate(rates)
    )
    return _document(mid + half + 70, foot + 8, title, body, cls="holecard-simulation")


def cumulative_chart(results: Iterable[SimulationLike]) -> str:
    """Each seat's cumulative result (big bets) over the hands, one line per seat.

    Args:
        results: the running totals of one run, e.g. what
            :func:`holecard._simulate.simulate_chunks` yields (each a :class:`SimulationResult` of
            every hand so far).

    Returns:
        An SVG document; lines differ in dash pattern as well as colour.

    Raises:
        ArgumentTypeError: ``results`` is not an iterable of
            :class:`~holecard.SimulationResult`.
        InvalidHandError: no results, or results of different runs.
    """
    points: list[SimulationLike] = []
    for p in _items(results, "results", "a list of SimulationResult"):
        if not isinstance(p, SimulationLike):
            raise _wrong("each of results", "a SimulationResult (from simulate_chunks)", p)
        points.append(p)
    if not points:
        raise InvalidHandError("cumulative_chart needs at least one result")
    last = points[-1]
    n = len(last.seats)
    if any(len(p.seats) != n or p.seed != last.seed for p in points):
        raise InvalidHandError("cumulative_chart takes the running totals of one run")
    xs = [0, *(p.hands for p in points)]
    series = [[0.0, *(p.chips_won[s] / p.big_bet for p in points)] for s in range(n)]
    lo = min(0.0, *(min(v) for v in series))
    hi = max(0.0, *(max(v) for v in series))
    span = (hi - lo) or 1.0
    left, top, w, h = 84.0, 20.0, 460.0, 240.0
    xmax = max(xs[-1], 1)

    def at(x: float, y: float) -> str:
        return f"{_num(left + w * x / xmax)} {_num(top + h * (hi - y) / span)}"

    body = [
        f'<rect x="{_num(left)}" y="{_num(top)}" width="{_num(w)}" height="{_num(h)}"'
        ' fill="#fafafa" stroke="#999"/>',
        f'<path d="M{at(0, 0)}H{_num(left + w)}" stroke="#777" stroke-dasharray="2 2"/>',
        _text(left - 6, top + 10, f"{hi:+,.0f}", size=11, anchor="end"),
        _text(left - 6, top + h, f"{lo:+,.0f}", size=11, anchor="end"),
        _text(left + w, top + h + 16, f"{xs[-1]:,} hands", size=11, anchor="end"),
        _text(left, top + h + 16, "0", size=11),
        _text(
            12,
            top + h / 2,
            "big bets",
            size=11,
            anchor="middle",
            extra=f' transform="rotate(-90 12 {_num(top + h / 2)})"',
        ),
    ]
    for s in range(n):
        path = "M" + "L".join(at(x, y) for x, y in zip(xs, series[s], strict=True))
        dash = _DASHES[s % len(_DASHES)]
        color = _LINE_COLORS[s % len(_LINE_COLORS)]
        end = series[s][-1]
        body += [
            f'<g class="seat-line" data-seat="{s}" data-final="{end:.4f}">',
            f"<title>seat {s} ({_esc(last.bots[s])}): {end:+,.1f} big bets after"
            f" {xs[-1]:,} hands</title>",
            f'<path d="{path}" fill="none" stroke="{color}" stroke-width="2"'
            + (f' stroke-dasharray="{dash}"' if dash else "")
            + "/>",
            f'<path d="M{_num(left + w + 10)} {_num(top + 14 + 16 * s)}h28" stroke="{color}"'
            ' stroke-width="2"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>",
            _text(
                left + w + 44, top + 18 + 16 * s, f"seat {s} ({last.bots[s]}) {end:+,.0f}", size=11
            ),
            "</g>",
        ]
    title = f"{Game(last.game).label}: cumulative results over {xs[-1]:,} hands, " + ", ".join(
        f"seat {s} {series[s][-1]:+,.1f} big bets" for s in range(n)
    )
    return _document(left + w + 260, top + h + 26, title, body, cls="holecard-cumulative")
