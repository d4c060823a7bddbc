"""Full Tilt Poker text hand histories: fixed-limit stud, stud hi/lo, razz and 2-7 triple draw.

:func:`parse` reads the lines of one hand into a :class:`~holecard.sites._model.SiteHand`.
Full Tilt writes ``Name verb amount`` (no colon; a line ``Name: text`` is chat),
``Dealt to Name [old] [new]`` for cards, ``(partial)`` after the header of a hand it cut
off, and a summary with the total pot and the rake. Older files are UTF-16.
"""

from __future__ import annotations

import re
from typing import Final

from holecard.sites._model import (
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

#: A line that starts a Full Tilt hand.
HEADER: Final = re.compile(r"^Full ?Tilt ?Poker Game #(?P<id>\d+):")
_HEAD: Final = re.compile(
    r"^Full ?Tilt ?Poker Game #(?P<id>\d+): (?:(?P<event>.+?) \((?P<tour>\d+)\), )?"
    r"Table (?P<table>.+?)(?: \((?P<size>[^)]*)\))? - (?P<stakes>[^-]+?)"
    r"(?: Ante (?P<ante>[$€£]?[\d,.]+))? - Limit (?P<game>Stud Hi/Lo|Stud H/L|Stud Hi|Stud|"
    r"Razz|2-7 Triple Draw) - (?P<time>.*?)(?P<partial> \(partial\))?$"
)
_GAMES: Final = {
    "Stud Hi": "stud",
    "Stud": "stud",
    "Stud Hi/Lo": "stud8",
    "Stud H/L": "stud8",
    "Razz": "razz",
    "2-7 Triple Draw": "deuce_seven",
}
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
    r"^(?P<name>.+?) (?P<verb>" + "|".join(re.escape(v) for v in _KINDS) + r")(?P<rest>( .*)?)$"
)
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) (?P<cards>(?:\[[^\]]*\] ?)+)$")
_STREET: Final = re.compile(r"^\*\*\* (?P<street>[^*]+?) \*\*\*(?: \[(?P<board>[^\]]+)\])?")
_UNCALLED: Final = re.compile(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+)$")
_WINS: Final = re.compile(
    r"^(?P<name>.+?) (?:wins|ties for) (?:the (?:high |low |main )?pot|side pot #\d+|"
    r"the side pot(?: #\d+)?|the (?:high|low) (?:main |side )?pot(?: #\d+)?) \((?P<amount>[^)]+)\)"
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
    head = _HEAD.match(lines[0].lstrip("\ufeff").rstrip())
    if head is None:
        raise SiteFormatError(f"not a fixed-limit stud or draw Full Tilt header: {lines[0]!r}")
    hand_id = head["id"]
    if head["partial"]:
        raise SkippedHandError(f"hand {hand_id}: cut off (Full Tilt marks it partial)")
    cash = head["tour"] is None
    hand = SiteHand(site="Full Tilt Poker", hand_id=hand_id, game=_GAMES[head["game"]], cash=cash)
    hand.tournament = head["tour"]
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
    names: set[str] = set()
    in_summary = False
    for raw in lines[1:]:
        line = raw.strip()
        if not line:
            continue
        if in_summary:
            summary_line(hand, line)
            continue
        if (m := _SEAT.match(line)) is not None and not hand.lines:
            hand.seats.append((int(m["seat"]), m["name"], amount(m["stack"], cash)))
            names.add(m["name"])
            if m["out"]:
                hand.sitting_out.add(m["name"])
        elif line.startswith("The button is in seat #"):
            if (button := _BUTTON.match(line)) is None:
                raise SiteFormatError(f"hand {hand_id}: not a button seat: {line!r}")
            hand.button = int(button[1])
        elif (m := _STREET.match(line)) is not None:
            name = m["street"]
            if name == "SUMMARY":
                in_summary = True
            elif name in _STREETS:
                hand.lines.append(Line("street", text=_STREETS[name]))
                if m["board"]:
                    hand.lines.append(Line("board", cards=cards(m["board"])))
        elif any(line.startswith(n + ": ") for n in names):
            continue  # chat
        elif (m := _DEALT.match(line)) is not None:
            groups = re.findall(r"\[([^\]]*)\]", m["cards"])
            new = cards(groups[-1])
            if hand.game == "deuce_seven":
                everything = cards(" ".join(groups))
                draw = len(new) if len(groups) > 1 else 0
                hand.lines.append(Line("deal", m["name"], cards=everything, count=draw))
            elif any(ln.kind == "deal" and ln.name == m["name"] for ln in hand.lines):
                hand.lines.append(Line("deal", m["name"], cards=new))
            else:  # third street: the hero's down cards and door card in two brackets
                hand.lines.append(Line("deal", m["name"], cards=cards(" ".join(groups))))
        elif (m := _UNCALLED.match(line)) is not None:
            hand.lines.append(Line("uncalled", m["name"], amount(m["amount"], cash)))
        elif (m := _WINS.match(line)) is not None:
            hand.lines.append(Line("collect", m["name"], amount(m["amount"], cash)))
        elif (m := _ACTION.match(line)) is not None and m["name"] in names:
            _action(hand, m["name"], m["verb"], m["rest"])
    if not hand.summary:
        raise SkippedHandError(f"hand {hand_id}: cut off before its summary")
    if not any(ln.kind == "street" for ln in hand.lines):
        raise SkippedHandError(f"hand {hand_id}: no cards were dealt")
    return hand


def _action(hand: SiteHand, name: str, verb: str, rest: str) -> None:
    record(hand, name, _KINDS[verb], rest)
