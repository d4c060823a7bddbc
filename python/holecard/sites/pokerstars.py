"""PokerStars text hand histories: fixed-limit stud, stud hi/lo, razz and 2-7 triple draw.

:func:`parse` reads the lines of one hand into a :class:`~holecard.sites._model.SiteHand`.
PokerStars writes ``Name: verb amount`` for actions, ``Dealt to Name [old] [new]`` for
cards, and a summary with the total pot and the rake; amounts are in dollars (cash) or
chips (tournaments).
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

#: The game id of each name a PokerStars header gives a game (the games' records).
_GAMES: Final = {name: row.game.value for row in GAME_ROWS.values() for name in row.pokerstars}
# Longest first, so that "7 Card Stud" is tried after "7 Card Stud Hi/Lo".
_GAME_NAMES: Final = "|".join(map(re.escape, sorted(_GAMES, key=len, reverse=True)))
#: A line that starts a PokerStars hand.
HEADER: Final = re.compile(r"^PokerStars (?:Hand|Game) #(?P<id>\d+):")
# Every expression below runs in time linear in its line: a lazy part is followed only by
# parts that stop at the next delimiter they do not close ([^()], [^\[\]]), so trying
# each of its ends scans each stretch of the line a bounded number of times.
_HEAD: Final = re.compile(
    r"^PokerStars (?:Hand|Game) #(?P<id>\d+): +(?:Tournament #(?P<tour>\d+), [^-]*?)?"
    rf"(?P<game>{_GAME_NAMES}) Limit "
    r"(?:- Level \S+ )?\((?P<stakes>[^()]*)\) - (?P<time>.*)$"
)
_TIME: Final = re.compile(r"(\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2}) (\w+)")
_TABLE: Final = re.compile(
    r"^Table '(?P<table>.+)' (?P<max>\d+)-max(?: \(Play Money\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?"
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[$€£]?[\d,.]+) in chips"
    r"(?:, [$€£]?[\d,.]+ bounty)?\)(?P<out> is sitting out)?$"
)
_ACTION: Final = re.compile(
    r"^(?P<name>.+?): (?P<verb>posts the ante|posts small & big blinds|posts small blind|"
    r"posts big blind|"
    r"brings in for|completes it to|bets|raises [$€£]?[\d,.]+ to|calls|checks|folds|"
    r"discards|stands pat|shows|mucks hand)(?P<rest>(?: .*)?)$"
)
#: What a seated player's ``Name: ...`` line may say besides an action: table news.
_NEWS: Final = frozenset({"is sitting out", "sits out", "doesn't show hand", "is back"})
_DEALT: Final = re.compile(
    r"^Dealt to (?P<name>[^\[]+?) (?P<cards>\[[^\[\]]*\](?: \[[^\[\]]*\])*)$"
)
_STREET: Final = re.compile(r"^\*\*\* (?P<street>[^*]+?) \*\*\*(?: \[(?P<board>[^\[\]]+)\])?$")
_UNCALLED: Final = re.compile(r"^Uncalled bet \((?P<amount>[^()]+)\) returned to (?P<name>.+)$")
_COLLECT: Final = re.compile(r"^(?P<name>.+?) collected (?P<amount>\S+) from (?:side |main )?pot")
_STREETS: Final = {
    "3rd STREET": "third",
    "4th STREET": "fourth",
    "5th STREET": "fifth",
    "6th STREET": "sixth",
    "RIVER": "seventh",
    "DEALING HANDS": "deal",
    "FIRST DRAW": "draw",
    "SECOND DRAW": "draw",
    "THIRD DRAW": "draw",
}


def parse(lines: list[str]) -> SiteHand:
    """One hand's lines (the header first) as a :class:`SiteHand`.

    Raises:
        SkippedHandError: a cancelled hand, or one cut off before its summary.
        SiteFormatError: a header or line that cannot be read.
    """
    head = _HEAD.match(lines[0].lstrip("\ufeff").rstrip())
    if head is None:
        raise SiteFormatError(f"not a fixed-limit stud or draw PokerStars header: {lines[0]!r}")
    hand_id = head["id"]
    cash = head["tour"] is None
    stakes = head["stakes"]
    hand = SiteHand(site="PokerStars", hand_id=hand_id, game=_GAMES[head["game"]], cash=cash)
    hand.tournament = head["tour"]
    hand.currency = stakes.split()[-1] if cash and " " in stakes else ("USD" if cash else None)
    read_stakes(hand, stakes)
    times = _TIME.findall(head["time"])
    if times:
        read_clock(hand, *times[-1])  # the bracketed ET time when two are given
    names = hand.names  # filled by hand.seat
    in_summary = False
    for raw in lines[1:]:
        line = raw.strip()
        if not line:
            continue
        if line == "Hand cancelled":
            raise SkippedHandError(f"hand {hand_id}: cancelled")
        if in_summary:
            summary_line(hand, line)
            continue
        if (m := _TABLE.match(line)) is not None:
            hand.table, hand.max_seats = m["table"], int(m["max"])
            hand.button = int(m["button"]) if m["button"] else None
        elif line.startswith("Seat ") and not hand.lines:
            if (m := _SEAT.match(line)) is None:
                raise SiteFormatError(f"hand {hand_id}: not a seat: {line[:200]!r}")
            hand.seat(int(m["seat"]), m["name"], amount(m["stack"], cash))
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
        elif line[: max(0, line.find(' said, "'))] in names:
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
            else:
                hand.add(Line("deal", m["name"], cards=new))
        elif (m := _ACTION.match(line)) is not None:
            _action(hand, m["name"], m["verb"], m["rest"])
        elif line.partition(": ")[0] in names and line.partition(": ")[2] not in _NEWS:
            raise SiteFormatError(f"hand {hand_id}: not an action: {line[:200]!r}")
        elif (m := _UNCALLED.match(line)) is not None:
            hand.add(Line("uncalled", m["name"], amount(m["amount"], cash)))
        elif (m := _COLLECT.match(line)) is not None:
            hand.add(Line("collect", m["name"], amount(m["amount"], cash)))
    if not hand.summary:
        raise SkippedHandError(f"hand {hand_id}: cut off before its summary")
    return hand


#: PokerStars verbs and the line kinds they make.
_KINDS: Final = {
    "posts the ante": "ante",
    "posts small blind": "small_blind",
    "posts big blind": "big_blind",
    "brings in for": "bring_in",
    "completes it to": "complete",
    "bets": "bet",
    "calls": "call",
    "checks": "check",
    "folds": "fold",
    "stands pat": "draw",
    "shows": "show",
}
_BOTH: Final = re.compile(r" (?P<amount>[$€£]?[\d,.]+)(?: and is all-in)?")


def _action(hand: SiteHand, name: str, verb: str, rest: str) -> None:
    posted = hand.kinds  # kept by SiteHand.add: rebuilding it per action was quadratic
    if verb == "posts small & big blinds":
        # A player joining between the blinds: the small blind dead, the big blind live.
        posts = _BOTH.fullmatch(rest)
        both = amount(posts["amount"], hand.cash) if posts else 0
        if "big_blind" not in posted or not 0 < hand.big_blind < both:
            raise SiteFormatError(
                f"hand {hand.hand_id}: {name[:50]} posts blinds of {rest.strip()[:100]!r}"
            )
        hand.add(Line("dead_blind", name, both - hand.big_blind))
        hand.add(Line("extra_blind", name, hand.big_blind))
    elif verb in ("posts small blind", "posts big blind") and _KINDS[verb] in posted:
        # A second blind of a kind: a joining player's, dead (small) or live (big) money.
        kind = "dead_blind" if verb == "posts small blind" else "extra_blind"
        record(hand, name, kind, rest, verb)
    elif verb.startswith("raises"):
        record(hand, name, "raise", rest, verb)  # "raises $0.10 to $0.20": the total follows
    elif verb == "discards":
        record(hand, name, "draw", rest, verb)
    elif verb in _KINDS:
        record(hand, name, _KINDS[verb], rest, verb)
