"""The line model every site reader fills, and its conversion to a PHH hand history.

A site reader (:mod:`holecard.sites.pokerstars`, :mod:`holecard.sites.fulltilt`) turns the
lines of one hand into a :class:`SiteHand`: the table, the seats and an ordered list of
:class:`Line` events in the site's own words reduced to a few kinds. :func:`to_history`
then does what is common to every site: who was dealt in, the PHH seat order, unknown
cards (``??``), cards that a showdown reveals written back where they were dealt, the
chips each player put in and took out, and the finishing stacks.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from holecard._enums import RANK_CHARS, SUIT_CHARS, Game
from holecard.exceptions import HandHistoryError, ReplayError
from holecard.phh import HandHistory, _variant_code

_UNKNOWN: Final = "??"
#: The rules profile (docs/rules.md §6.3) each site's hands replay under.
PROFILES: Final = {"PokerStars": "pokerstars", "Full Tilt Poker": "fulltilt"}


class SiteFormatError(HandHistoryError):
    """A site hand history line or hand that cannot be read; names the hand and line."""


class SkippedHandError(HandHistoryError):
    """A hand that is not imported: cancelled, cut off, or unreadable; names it and why."""


@dataclass(frozen=True)
class Line:
    """One event of a hand, in a site-neutral form.

    ``kind`` is one of ``ante``, ``small_blind``, ``big_blind``, ``bring_in``, ``complete``,
    ``bet``, ``raise``, ``call``, ``check``, ``fold``, ``street``, ``deal``, ``board``,
    ``draw``, ``show``, ``uncalled``, ``collect``. ``amount`` is the chips posted or
    called, or the round total of a bet, raise or completion. ``cards`` are the cards a
    deal adds (``None`` for a card not shown), a draw throws away, or a player shows;
    ``count`` the number of cards a draw throws away. ``text`` is the street's name for
    ``street`` lines.
    """

    kind: str
    name: str = ""
    amount: int = 0
    cards: tuple[str | None, ...] = ()
    count: int = 0
    text: str = ""


@dataclass
class SiteHand:
    """One hand as a site recorded it (filled by a site reader, read by :func:`to_history`)."""

    site: str
    hand_id: str
    game: str
    cash: bool
    small_bet: int = 0
    big_bet: int = 0
    ante: int = 0
    small_blind: int = 0
    big_blind: int = 0
    bring_in: int = 0
    currency: str | None = None
    tournament: str | None = None
    table: str | None = None
    max_seats: int | None = None
    time: dt.datetime | None = None
    time_zone: str | None = None
    button: int | None = None
    seats: list[tuple[int, str, int]] = field(default_factory=list)
    sitting_out: set[str] = field(default_factory=set)
    lines: list[Line] = field(default_factory=list)
    rake: int = 0
    total_pot: int | None = None
    summary: bool = False
    kinds: set[str] = field(default_factory=set)  # of every line added, kept as they come
    dealt: set[str] = field(default_factory=set)  # who has a deal line so far
    names: set[str] = field(default_factory=set)  # of the seats

    def add(self, line: Line) -> None:
        """Appends ``line``, noting its kind (and a deal's player) for constant-time checks."""
        self.lines.append(line)
        self.kinds.add(line.kind)
        if line.kind == "deal":
            self.dealt.add(line.name)

    def seat(self, seat: int, name: str, stack: int) -> None:
        """Adds a seat, refusing more than a table holds and a name seated twice."""
        if len(self.seats) >= MAX_SEATS:
            raise SiteFormatError(
                f"hand {self.hand_id}: more than {MAX_SEATS} seats (the most a table has)"
            )
        if len(name) > MAX_NAME_CHARS:
            raise SiteFormatError(
                f"hand {self.hand_id}: a player name longer than {MAX_NAME_CHARS} characters: "
                f"{name[:MAX_NAME_CHARS]!r}..."
            )
        if name in self.names:
            raise SiteFormatError(f"hand {self.hand_id}: two seats for {name[:100]!r}")
        self.seats.append((seat, name, stack))
        self.names.add(name)


def amount(text: str, cash: bool) -> int:
    """A site amount in the smallest unit: cents for cash, chips for tournaments.

    Digits with thousands commas (or none) and cents, after an optional currency sign; at
    most :data:`MAX_AMOUNT` of the unit (the engines' stack limit, below 2**58).

    >>> amount("$1,201.50", True), amount("1,500", False)
    (120150, 1500)

    Raises:
        SiteFormatError: anything else (``NaN``, ``1e308``, a sign, ``1.2.3``), or more.
    """
    cleaned = text.strip()
    if len(cleaned) > _AMOUNT_CHARS:
        raise SiteFormatError(
            f"amount {cleaned[:20]!r}... of {len(cleaned):,} characters is more than the "
            f"largest stack holecard plays (below 2**58 chips)"
        )
    if _AMOUNT_TEXT.fullmatch(cleaned) is None:
        raise SiteFormatError(f"not an amount: {text!r}")
    value = Decimal(cleaned.lstrip("$€£").replace(",", "")) * (100 if cash else 1)
    if value != value.to_integral_value():
        raise SiteFormatError(f"amount {text!r} is not a whole number of the smallest unit")
    if value > MAX_AMOUNT:
        raise SiteFormatError(
            f"amount {text!r} is more than the largest stack holecard plays (below 2**58 chips)"
        )
    return int(value)


def read_stakes(hand: SiteHand, text: str) -> None:
    """Reads the small and big bets of a header's stakes (``"$0.04/$0.08 USD"``)."""
    bets = AMOUNT.findall(text)
    if len(bets) < 2:
        raise SiteFormatError(f"hand {hand.hand_id}: stakes {text!r} name no small and big bet")
    hand.small_bet, hand.big_bet = amount(bets[0], hand.cash), amount(bets[1], hand.cash)


def read_clock(hand: SiteHand, stamp: str, zone: str) -> None:
    """Reads the header's date and time (``"2009/11/26 10:22:32"``) and its time zone."""
    try:
        hand.time = dt.datetime.strptime(stamp, "%Y/%m/%d %H:%M:%S")
    except ValueError:
        raise SiteFormatError(f"hand {hand.hand_id}: not a date and time: {stamp!r}") from None
    hand.time_zone = zone


def cards(text: str) -> tuple[str, ...]:
    """The cards of a bracket's inside (``"Ac Kd 8c"``), in PHH spelling (``10`` as ``T``).

    At most seven (a stud hand); a draw hand's five.

    >>> cards("10h As")
    ('Th', 'As')
    """
    tokens = text.split()
    if len(tokens) > _MOST_CARDS:
        raise SiteFormatError(f"more than {_MOST_CARDS} cards in [{text[:40]}...]")
    out = []
    for token in tokens:
        token = "T" + token[2:] if token.startswith("10") else token
        if len(token) != 2 or token[0].upper() not in RANK_CHARS or token[1] not in SUIT_CHARS:
            raise SiteFormatError(f"not a card: {token[:20]!r}")
        out.append(token[0].upper() + token[1])
    return tuple(out)


#: The most chips (cents for cash games) one amount may be: a stack the engines can
#: play (rust/game/state.rs: below 2**58, so that sums cannot overflow).
MAX_AMOUNT: Final = 2**58 - 1
#: The most seats a hand may list (no site table has more than ten).
MAX_SEATS: Final = 10
#: The longest player name (the sites allow about twenty characters).
MAX_NAME_CHARS: Final = 50
#: The longest amount text read: 2**58 cents with its commas, cents and sign fit in it.
_AMOUNT_CHARS: Final = 40
_AMOUNT_TEXT: Final = re.compile(r"[$€£]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
_MOST_CARDS: Final = 7
#: An amount as the sites write it: an optional currency sign, digits with commas, cents.
AMOUNT: Final = re.compile(r"[$€£]?[\d,]+(?:\.\d+)?")
#: Brackets that nest no bracket: a scan from each ``[`` stops at the next, so finding
#: every bracket of a line is linear (``[^\]]`` rescanned the rest from every ``[``).
BRACKET: Final = re.compile(r"\[([^\[\]]*)\]")
#: The cards of the largest draw hand (2-7 triple draw), the most a player can throw away.
_DRAW_HAND: Final = max(game.spec.hand_cards for game in Game if game.spec.is_draw)
_TOTAL: Final = re.compile(
    r"Total pot (?P<pot>[$€£]?[\d,.]+).*\| Rake (?P<rake>[$€£]?[\d,.]+)(?= |$)"
)
# The name is lazy: the parts after it never scan past a bracket or parenthesis they do not
# close, so trying every name end stays linear.
_MUCKED: Final = re.compile(
    r"^Seat \d+: (?P<name>.+?)(?: \([^()]*\))? mucked \[(?P<cards>[^\[\]]+)\]"
)
#: What follows the verb of each kind of action line: an amount (then, if he has no more,
#: "and is all-in"), nothing, a draw's count and cards, or the cards shown.
_MONEY: Final = re.compile(
    r" (?P<amount>[$€£]?[\d,.]*\d)(?:,? and is all[- ]in| and has reached the [$€£]?[\d,.]+ cap)?"
)
_DISCARD: Final = re.compile(r" (?P<count>\d+) cards?(?: \[(?P<cards>[^\[\]]*)\])?")
_PAT: Final = re.compile(r"(?: on \[(?P<cards>[^\[\]]*)\])?")
_SHOW: Final = re.compile(r" \[(?P<cards>[^\[\]]*)\](?: .*)?")
_FOLD: Final = re.compile(r"(?: \[[^\[\]]*\])?")


def record(hand: SiteHand, name: str, kind: str, rest: str, verb: str = "") -> None:
    """Adds one action line of kind ``kind`` (as :class:`Line` has it).

    ``rest`` is the text after the site's verb: an amount, nothing, the count and the
    bracketed cards of a draw, or the cards shown; ``verb`` the site's verb, for errors.

    Raises:
        SiteFormatError: ``rest`` is not what the kind takes (a bet of ``$NaN``, a draw
            of ``-2`` cards, a fold with an amount): the hand is not read, never as zero.
    """

    def refuse(why: str) -> SiteFormatError:
        said = f"{name} {verb or kind}{rest}"
        return SiteFormatError(f"hand {hand.hand_id}: {why}: {said[:200]!r}")

    if kind == "draw":
        if verb == "stands pat":
            pat = _PAT.fullmatch(rest)
            if pat is None:
                raise refuse("not a draw")
            kept = cards(pat["cards"]) if pat["cards"] is not None else ()
            hand.add(Line("draw", name, count=0, cards=kept))
            return
        draw = _DISCARD.fullmatch(rest)
        if draw is None:
            raise refuse("not a count of cards")
        digits = draw["count"]
        if len(digits) > 2 or not 0 < int(digits) <= _DRAW_HAND:
            raise SiteFormatError(
                f"hand {hand.hand_id}: {name[:MAX_NAME_CHARS]} discards {digits[:30]} cards "
                f"of a hand of {_DRAW_HAND}"
            )
        count = int(digits)
        thrown = cards(draw["cards"]) if draw["cards"] is not None else ()
        if thrown and len(thrown) != count:
            raise refuse(f"{len(thrown)} cards thrown, not {count}")
        hand.add(Line("draw", name, count=count, cards=thrown))
        return
    if kind == "show":
        if (shown := _SHOW.fullmatch(rest)) is None:
            raise refuse("no cards shown")
        hand.add(Line("show", name, cards=cards(shown["cards"])))
        return
    if kind in ("check", "fold"):
        if rest if kind == "check" else _FOLD.fullmatch(rest) is None:
            raise refuse(f"more than a {kind}")
        hand.add(Line(kind, name))
        return
    money = _MONEY.fullmatch(rest)
    if money is None:
        raise refuse("not an amount")
    value = amount(money["amount"], hand.cash)
    if value <= 0:
        raise refuse("not a positive amount")
    if kind == "ante":
        hand.ante = max(hand.ante, value)
    elif kind in ("small_blind", "big_blind", "bring_in"):
        setattr(hand, kind, value)
    hand.add(Line(kind, name, value))


def summary_line(hand: SiteHand, line: str) -> None:
    """Reads a summary line: the total pot and rake, or a hand mucked face up.

    Raises:
        SiteFormatError: a total pot line that cannot be read.
    """
    if line.startswith("Total pot "):
        if (m := _TOTAL.match(line)) is None:
            raise SiteFormatError(f"hand {hand.hand_id}: not a total pot and rake: {line[:200]!r}")
        hand.total_pot = amount(m["pot"], hand.cash)
        hand.rake = amount(m["rake"], hand.cash)
        hand.summary = True
    elif (m := _MUCKED.match(line)) is not None:
        # A hand mucked at showdown is listed face up in the summary.
        hand.add(Line("show", m["name"], cards=cards(m["cards"])))


@dataclass
class _Seat:
    """A dealt-in player while the hand is converted."""

    name: str
    seat: int
    stack: int
    slots: list[str | None] = field(default_factory=list)  # every card dealt, in order
    put: int = 0
    won: int = 0
    folded: bool = False
    shown: tuple[str, ...] = ()


def _dealt_in(hand: SiteHand) -> list[tuple[int, str, int]]:
    acting = {line.name for line in hand.lines if line.name}
    seated = [s for s in hand.seats if s[1] in acting and s[1] not in hand.sitting_out]
    if Game(hand.game).spec.dealer == "button" and hand.button is not None:
        # PHH p1 is the first seat left of the button (button games).
        after = [s for s in seated if s[0] > hand.button]
        seated = after + [s for s in seated if s[0] <= hand.button]
    return seated


def to_history(hand: SiteHand) -> HandHistory:
    """The PHH hand history of a site hand (see the module docstring).

    Raises:
        SiteFormatError: the hand contradicts itself (a player acting who has no seat,
            chips that do not add up).
    """
    order = _dealt_in(hand)
    if len(order) < 2:
        raise SkippedHandError(f"hand {hand.hand_id}: fewer than two players dealt in")
    if sum(stack for _, _, stack in order) > MAX_AMOUNT:
        raise SiteFormatError(
            f"hand {hand.hand_id}: the stacks add up to more than holecard's tables play "
            f"(below 2**58 chips)"
        )
    seats = {name: _Seat(name, seat, stack) for seat, name, stack in order}
    index = {name: i for i, (_, name, _) in enumerate(order)}
    actions: list[object] = []  # str, or a deal record resolved once every card is known
    spec = Game(hand.game).spec
    stud = spec.is_stud
    streets = [street.name for street in spec.streets]
    round_put: dict[str, int] = {}
    pending: dict[str, tuple[str | None, ...]] = {}
    street_no = -1
    draws: dict[str, list[tuple[int, list[str | None], list[str | None]]]] = {}
    holding: dict[str, list[str | None] | None] = {}  # a 2-7 hand while every card is known

    def player(name: str) -> _Seat:
        if name not in seats:
            said = name[:MAX_NAME_CHARS]  # an action line's name: any length
            raise SiteFormatError(f"hand {hand.hand_id}: {said!r} acts but was not dealt in")
        return seats[name]

    def put(name: str, chips: int, in_round: bool = True) -> None:
        player(name).put += chips
        if in_round:
            round_put[name] = round_put.get(name, 0) + chips

    def flush_deals() -> None:
        """Writes the street's deals: one ``d dh`` per live player, unknown cards ``??``."""
        nonlocal pending
        if street_no < 0 or not stud:
            pending = {}
            return
        wanted = 3 if street_no == 0 else 1
        for _, name, _ in order:
            s = seats[name]
            if s.folded:
                continue
            given = pending.get(name, ())
            new: list[str | None] = [None] * max(0, wanted - len(given))
            new += given[-wanted:]
            start = len(s.slots)
            s.slots.extend(new)
            actions.append(("deal", name, start, wanted))
        pending = {}

    in_street = False
    board: list[str] = []
    notes: list[str] = []
    for line in hand.lines:
        k = line.kind
        if k == "street":
            if in_street:
                flush_deals()
            if line.text != "deal":  # the blinds belong to the first betting round
                round_put = {}
            if stud:
                street_no = streets.index(line.text)
                in_street = True
                pending = {}
            elif line.text == "deal":
                street_no = 0
                for _, name, _ in order:
                    seats[name].slots.extend([None] * spec.hand_cards)
                    actions.append(("deal", name, 0, spec.hand_cards))
            continue
        if k == "deal":
            known = line.cards
            if stud:
                pending[line.name] = known
            elif line.count and draws.get(line.name):
                # A draw's replacements: the last `count` cards; the others are kept.
                _count, thrown, got = draws[line.name][-1]
                kept, new = known[: -line.count], known[-line.count :]
                got[:] = list(new)
                held = holding.get(line.name)
                if None in thrown and held is not None and None not in held:
                    thrown[:] = [c for c in held if c not in kept]
                holding[line.name] = list(kept + new) if None not in kept else None
            else:
                s = player(line.name)
                s.slots[:5] = list(known[:5])
                holding[line.name] = list(known[:5])
            continue
        if k == "board":
            if in_street:
                in_street = False
                pending = {}
            board.extend(c for c in line.cards if c is not None)
            actions.extend(f"d db {c}" for c in line.cards)
            continue
        if in_street and k not in ("ante",):
            flush_deals()
            in_street = False
        p = f"p{index[line.name] + 1}" if line.name in index else ""
        if k == "ante":
            put(line.name, line.amount, in_round=False)
        elif k in ("small_blind", "big_blind"):
            put(line.name, line.amount)
        elif k in ("dead_blind", "extra_blind"):
            # A blind posted out of turn (a player entering between the blinds): dead
            # money, or a live bet; the engines' tables have two blinds only (a finding).
            put(line.name, line.amount, in_round=k == "extra_blind")
            blind = "a dead blind" if k == "dead_blind" else "an extra blind"
            notes.append(f"{line.name} posts {blind} of {line.amount}")
        elif k == "bring_in":
            put(line.name, line.amount)
            actions.append(f"{p} pb")
        elif k in ("complete", "bet", "raise"):
            put(line.name, line.amount - round_put.get(line.name, 0))
            actions.append(f"{p} cbr {line.amount}")
        elif k == "call":
            put(line.name, line.amount)
            actions.append(f"{p} cc")
        elif k == "check":
            actions.append(f"{p} cc")
        elif k == "fold":
            player(line.name).folded = True
            actions.append(f"{p} f")
        elif k == "draw":
            player(line.name)
            draws.setdefault(line.name, []).append(
                (line.count, list(line.cards) or [None] * line.count, [None] * line.count)
            )
            actions.append(("draw", line.name, len(draws[line.name]) - 1, 0))
        elif k == "show":
            s = player(line.name)
            if not s.shown:
                s.shown = tuple(c for c in line.cards if c is not None)
                actions.append(("show", line.name, 0, 0))
        elif k == "uncalled":
            player(line.name).put -= line.amount
        elif k == "collect":
            player(line.name).won += line.amount
        else:
            raise SiteFormatError(f"hand {hand.hand_id}: unknown line kind {k!r}")
    if in_street:
        flush_deals()
    _check_chips(hand, seats)
    for s in seats.values():
        if s.shown:
            _reveal(s, draws.get(s.name, []), board, stud)
    texts = _write_actions(actions, seats, index, draws)
    variant = _variant_code(hand.game, "FIXED_LIMIT")  # the only structure the sites write
    n = len(order)
    hh = HandHistory(variant=variant)
    hh.antes = [hand.ante] * n
    hh.small_bet, hh.big_bet = hand.small_bet, hand.big_bet
    if stud:
        hh.bring_in = hand.bring_in or max(1, hand.small_bet // 2)
    else:
        blinds: list[int | float] = [hand.small_blind, hand.big_blind]
        hh.blinds_or_straddles = blinds + [0] * (n - 2)
    starting: list[int | float] = [s for _, _, s in order]
    hh.starting_stacks = starting
    hh.actions = texts
    hh.players = [name for _, name, _ in order]
    hh.seats = [seat for seat, _, _ in order]
    hh.seat_count = hand.max_seats
    hh.finishing_stacks = [
        seats[name].stack - seats[name].put + seats[name].won for _, name, _ in order
    ]
    winnings: list[int | float] = [seats[name].won for _, name, _ in order]
    hh.winnings = winnings
    hh.rake = hand.rake
    hh.hand = int(hand.hand_id) if hand.hand_id.isdigit() else hand.hand_id
    hh.table = hand.table
    hh.venue = hand.site
    hh.event = f"tournament {hand.tournament}" if hand.tournament else None
    hh.currency = hand.currency if hand.cash else None
    hh.currency_symbol = "$" if hand.cash and hand.currency == "USD" else None
    if hand.time is not None:
        hh.time = hand.time.time()
        hh.day, hh.month, hh.year = hand.time.day, hand.time.month, hand.time.year
        hh.time_zone_abbreviation = hand.time_zone
    hh.extras["_unit"] = "cent" if hand.cash else "chip"
    hh.extras["_holecard_profile"] = PROFILES[hand.site]
    if notes:
        hh.extras["_note"] = "; ".join(notes)
        # The engines deal two blinds: a hand with blinds out of turn is imported only if
        # it replays to its recorded result without them (as when the poster wins it).
        try:
            hh.replay()
        except ReplayError as exc:
            raise SkippedHandError(
                f"hand {hand.hand_id}: {'; '.join(notes)}: holecard's tables post two blinds "
                f"only, and without these the hand does not replay ({exc})"
            ) from None
    if hand.button is not None:
        hh.extras["_button_seat"] = hand.button
    return hh


def _check_chips(hand: SiteHand, seats: dict[str, _Seat]) -> None:
    """Checks that every chip put in was collected or raked, in the summary's total pot.

    A hand with a line dropped or unread (a blind, a bet, a seat) does not add up.
    """
    put = sum(s.put for s in seats.values())
    won = sum(s.won for s in seats.values())
    if put != won + hand.rake or (hand.total_pot is not None and hand.total_pot != put):
        pot = "" if hand.total_pot is None else f" (the summary's total pot {hand.total_pot})"
        raise SiteFormatError(
            f"hand {hand.hand_id}: chips do not add up: {put} put in{pot}, {won} collected, "
            f"{hand.rake} raked"
        )


def _reveal(
    s: _Seat,
    draws: list[tuple[int, list[str | None], list[str | None]]],
    board: list[str],
    stud: bool,
) -> None:
    """Writes the cards a player showed back where they were dealt face down.

    Stud: the shown cards that are not already known fill his unknown slots in dealing
    order (the sites list shown cards in dealing order). 2-7: his final five are known but
    not when each arrived; they are given to him as early as his draws allow, every card he
    throws away staying unknown (the schedule in the code), which replays to the same
    final hand.
    """
    shown = [c for c in s.shown if c not in board]
    if stud:
        rest = [c for c in shown if c not in s.slots]
        for i, c in enumerate(s.slots):
            if c is None and rest:
                s.slots[i] = rest.pop(0)
        return
    if all(c is not None for c in s.slots) and all(
        all(c is not None for c in got) for _, _, got in draws
    ):
        return  # the hero: every card already known
    final = [c for c in shown]
    counts = [count for count, _, _ in draws]
    # junk[i]: unknown cards he holds before draw i (enough to throw count[i] away).
    junk = [0] * (len(counts) + 1)
    for i in range(len(counts) - 1, -1, -1):
        junk[i] = max(counts[i], junk[i + 1])
    keep = 5 - junk[0] if counts else 5
    s.slots[:5] = final[:keep] + [None] * (5 - keep)
    rest = final[keep:]
    for i, (count, thrown, got) in enumerate(draws):
        thrown[:] = [None] * count
        real = junk[i] - junk[i + 1]
        got[:] = rest[:real] + [None] * (count - real)
        rest = rest[real:]


def _write_actions(
    actions: list[object],
    seats: dict[str, _Seat],
    index: dict[str, int],
    draws: dict[str, list[tuple[int, list[str | None], list[str | None]]]],
) -> list[str]:
    def text(cs: list[str | None]) -> str:
        return "".join(_UNKNOWN if c is None else c for c in cs)

    out: list[str] = []
    for a in actions:
        if isinstance(a, str):
            out.append(a)
            continue
        assert isinstance(a, tuple)
        kind, name, start, width = a
        p = f"p{index[name] + 1}"
        s = seats[name]
        if kind == "deal":
            out.append(f"d dh {p} {text(s.slots[start : start + width])}")
        elif kind == "draw":
            count, thrown, got = draws[name][start]
            out.append(f"{p} sd {text(thrown)}".rstrip() if count else f"{p} sd")
            if count:
                out.append(f"d dh {p} {text(got)}")
        elif kind == "show":
            out.append(f"{p} sm {''.join(s.shown)}")
    return out
