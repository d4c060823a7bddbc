"""Full Tilt Poker text hand histories: fixed-limit stud, stud hi/lo, razz and 2-7 triple draw.

:func:`parse` reads the lines of one hand into a :class:`~holecard.sites._model.SiteHand`.
Full Tilt writes ``Name verb amount`` (no colon; a line ``Name: text`` is chat),
``Dealt to Name [old] [new]`` for cards, ``(partial)`` after the header of a hand it cut
off, and a summary with the total pot and the rake. Older files are UTF-16.
"""

from __future__ import annotations

import re
from typing import Final

from holecard._enums import Game
from holecard._game_rows import GAME_ROWS
from holecard.sites._model import (
    BRACKET,
    Line,
    SiteFormatError,
    SiteHand,
    SkippedHandError,
    amount,
    cards,
    read_clock,
    read_stakes,
    record,
    summary_line,
)

#: The game id of each name a Full Tilt header gives a game (the games' records).
_GAMES: Final = {name: row.game.value for row in GAME_ROWS.values() for name in row.fulltilt}
# Longest first, so that "Stud" is tried after "Stud Hi/Lo", "Stud H/L" and "Stud Hi".
_GAME_NAMES: Final = "|".join(map(re.escape, sorted(_GAMES, key=len, reverse=True)))
#: A line that starts a Full Tilt hand.
HEADER: Final = re.compile(r"^Full ?Tilt ?Poker Game #(?P<id>\d+):")
# The header is read in three parts, cut at " - Limit " and at its last " - ", so that no
# lazy part is followed by another (nested, they backtracked in cubic time); as in
# holecard.sites.pokerstars, what follows a lazy part stops at the next delimiter.
_HEAD_START: Final = re.compile(
    r"^Full ?Tilt ?Poker Game #(?P<id>\d+): (?:(?P<event>.+?) \((?P<tour>\d+)\), )?"
    r"Table (?P<table>.+?)(?: \((?P<size>[^()]*)\))?$"
)
_HEAD_STAKES: Final = re.compile(r"(?P<stakes>[^-]+?)(?: Ante (?P<ante>[$€£]?[\d,.]+))?")
_HEAD_END: Final = re.compile(
    rf"(?P<game>{_GAME_NAMES}) - "
    r"(?P<time>.*?)(?P<partial> \(partial\))?$"
)
_BUTTON: Final = re.compile(r"^The button is in seat #(\d+)$")
_TIME: Final = re.compile(r"(\d{1,2}:\d{2}:\d{2}) (\w+) - (\d{4}/\d{2}/\d{2})")
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,.]+)\)(?P<out>, is sitting out)?$"
)
#: Full Tilt verbs and the line kinds they make.
_KINDS: Final = {
    "antes": "ante",
    "posts the small blind of": "small_blind",
    "posts the big blind of": "big_blind",
    # Posted out of turn by a player entering between the blinds: dead money, or a live
    # bet; the engines' tables have exactly two blinds (the hand keeps a note).
    "posts a dead small blind of": "dead_blind",
    "posts": "extra_blind",
    "brings in for": "bring_in",
    "completes it to": "complete",
    "bets": "bet",
    "raises to": "raise",
    "calls": "call",
    "checks": "check",
    "folds": "fold",
    "discards": "draw",
    "stands pat": "draw",
    "shows": "show",
}
_ACTION: Final = re.compile(
    r"^(?P<name>.+?) (?P<verb>" + "|".join(re.escape(v) for v in _KINDS) + r")(?P<rest>(?: .*)?)$"
)
_DEALT: Final = re.compile(
    r"^Dealt to (?P<name>[^\[]+?) (?P<cards>\[[^\[\]]*\](?: \[[^\[\]]*\])*)$"
)
_STREET: Final = re.compile(
    r"^\*\*\* (?P<street>[^*]+?) \*\*\*(?: \[(?P<board>[^\[\]]+)\])?"
    r"(?: \((?:Total )?Pot: [^()]*\))?$"
)
_UNCALLED: Final = re.compile(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+)$")
_WINS: Final = re.compile(
    r"^(?P<name>.+?) (?:wins|ties for) (?:the (?:high |low |main )?pot|side pot #\d+|"
    r"the side pot(?: #\d+)?|the (?:high|low) (?:main |side )?pot(?: #\d+)?) "
    r"\((?P<amount>[^()]+)\)"
)
_STREETS: Final = {
    "3RD STREET": "third",
    "4TH STREET": "fourth",
    "5TH STREET": "fifth",
    "6TH STREET": "sixth",
    "7TH STREET": "seventh",
    "HOLE CARDS": "deal",
    "FIRST DRAW": "draw",
    "SECOND DRAW": "draw",
    "THIRD DRAW": "draw",
}


def parse(lines: list[str]) -> SiteHand:
    """One hand's lines (the header first) as a :class:`SiteHand`.

    Raises:
        SkippedHandError: a hand marked ``(partial)``, or cut off before its summary, or
            one in which no cards were dealt.
        SiteFormatError: a header or line that cannot be read.
    """
    head = _header(lines[0].lstrip("\ufeff").rstrip())
    if head is None:
        raise SiteFormatError(
            f"not a fixed-limit stud or draw Full Tilt header: {lines[0][:200]!r}"
        )
    hand_id = head["id"]
    if head["partial"]:
        raise SkippedHandError(f"hand {hand_id}: cut off (Full Tilt marks it partial)")
    cash = not head["tour"]
    hand = SiteHand(site="Full Tilt Poker", hand_id=hand_id, game=_GAMES[head["game"]], cash=cash)
    hand.tournament = head["tour"] or None
    hand.table = head["table"]
    size = head["size"] or ""
    hand.max_seats = (
        2 if size == "heads up" else int(size.split()[0]) if size[:1].isdigit() else None
    )
    hand.currency = "USD" if cash and "$" in head["stakes"] else None
    read_stakes(hand, head["stakes"])
    if head["ante"]:
        hand.ante = amount(head["ante"], cash)
    times = _TIME.findall(head["time"])
    if times:
        time, zone, day = times[-1]  # the bracketed ET time when two are given
        read_clock(hand, f"{day} {time}", zone)
    names = hand.names  # filled by hand.seat
    in_summary = False
    for raw in lines[1:]:
        line = raw.strip()
        if not line:
            continue
        if in_summary:
            summary_line(hand, line)
            continue
        if line.startswith("Seat ") and not hand.lines:
            if (m := _SEAT.match(line)) is None:
                raise SiteFormatError(f"hand {hand_id}: not a seat: {line[:200]!r}")
            hand.seat(int(m["seat"]), m["name"], amount(m["stack"], cash))
            if m["out"]:
                hand.sitting_out.add(m["name"])
        elif line.startswith("The button is in seat #"):
            if (button := _BUTTON.match(line)) is None:
                raise SiteFormatError(f"hand {hand_id}: not a button seat: {line[:200]!r}")
            hand.button = int(button[1])
        elif line.startswith("*** "):
            if (m := _STREET.match(line)) is None:
                raise SiteFormatError(f"hand {hand_id}: not a street: {line[:200]!r}")
            name = m["street"]
            if name == "SUMMARY":
                in_summary = True
            elif name in _STREETS:
                hand.add(Line("street", text=_STREETS[name]))
                if m["board"]:
                    hand.add(Line("board", cards=cards(m["board"])))
            elif name != "SHOW DOWN":
                raise SiteFormatError(f"hand {hand_id}: unknown street {name[:100]!r}")
        elif line.partition(": ")[0] in names:
            continue  # chat
        elif line.startswith("Dealt to "):
            if (m := _DEALT.match(line)) is None:
                raise SiteFormatError(f"hand {hand_id}: not a deal: {line[:200]!r}")
            groups = BRACKET.findall(m["cards"])
            new = cards(groups[-1])
            if Game(hand.game).spec.is_draw:
                everything = cards(" ".join(groups))
                draw = len(new) if len(groups) > 1 else 0
                hand.add(Line("deal", m["name"], cards=everything, count=draw))
            elif m["name"] in hand.dealt:
                hand.add(Line("deal", m["name"], cards=new))
            else:  # third street: the hero's down cards and door card in two brackets
                hand.add(Line("deal", m["name"], cards=cards(" ".join(groups))))
        elif (m := _UNCALLED.match(line)) is not None:
            hand.add(Line("uncalled", m["name"], amount(m["amount"], cash)))
        elif (m := _WINS.match(line)) is not None:
            hand.add(Line("collect", m["name"], amount(m["amount"], cash)))
        elif (m := _ACTION.match(line)) is not None and m["name"] in names:
            record(hand, m["name"], _KINDS[m["verb"]], m["rest"], m["verb"])
    if not hand.summary:
        raise SkippedHandError(f"hand {hand_id}: cut off before its summary")
    if not any(ln.kind == "street" for ln in hand.lines):
        raise SkippedHandError(f"hand {hand_id}: no cards were dealt")
    return hand


def _header(line: str) -> dict[str, str] | None:
    """The parts of a Full Tilt header line ("" for one it lacks), or ``None``."""
    start, limit, end = line.partition(" - Limit ")
    table, dash, stakes = start.rpartition(" - ")
    head = _HEAD_START.match(table) if limit and dash else None
    bets = _HEAD_STAKES.fullmatch(stakes) if head else None
    tail = _HEAD_END.fullmatch(end) if bets else None
    if head is None or bets is None or tail is None:
        return None
    parts = head.groupdict() | bets.groupdict() | tail.groupdict()
    return {key: value or "" for key, value in parts.items()}
