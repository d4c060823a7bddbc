"""Telling poker as text: plurals, hand values, street titles and the :class:`Narrator`.

The command line's ``replay`` and ``play`` and the replayers of :mod:`holecard.svg` and
:mod:`holecard.html` all tell a hand through these; it imports nothing of theirs.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from holecard import _core
from holecard import events as ev
from holecard._core import Card, HandValue
from holecard._enums import Game
from holecard.exceptions import HoleCardError

if TYPE_CHECKING:
    from holecard.games import State
    from holecard.stats import StatsTable

__all__ = [
    "Narrator",
    "cards_text",
    "describe",
    "hand_name",
    "plural",
    "stats_lines",
    "street_label",
    "street_title",
]


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is one.

    >>> plural(1, "outcome"), plural(1560, "outcome"), plural(0, "hand")
    ('1 outcome', '1,560 outcomes', '0 hands')
    """
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def describe(value: HandValue | None) -> str:
    """A hand value with its five cards and strength ("no qualifying low" for None)."""
    if value is None:
        return "no qualifying low"
    cards = " ".join(str(c) for c in value.cards)
    return f"{value}  [{cards}]  strength {value.strength}"


# ----- telling a hand -------------------------------------------------------------------

#: A state's street in words where ``"… street"`` does not fit (2-7's rounds and draws).
_STREET_LABELS = {
    "predraw": "before the first draw",
    "first_draw": "first draw",
    "second_draw": "second draw",
    "third_draw": "third draw",
    "after_first_draw": "after the first draw",
    "after_second_draw": "after the second draw",
    "after_third_draw": "after the third draw",
    "over": "hand over",
}


def street_label(street: str) -> str:
    """A state's ``street`` (a name in ``Game.spec``) as words.

    The one naming of streets for the narration, the SVG tables and the HTML replayer.

    >>> street_label("fourth"), street_label("after_first_draw")
    ('fourth street', 'after the first draw')
    """
    return _STREET_LABELS.get(street, f"{street.replace('_', ' ')} street")


def street_title(game: str, event: ev.StreetStarted) -> str:
    """The heading of a street (``"fourth street"``, ``"second draw"`` …).

    >>> street_title("stud", ev.StreetStarted(1, draw=False))
    'fourth street'
    >>> street_title("deuce_seven", ev.StreetStarted(2, draw=True))
    'second draw'
    >>> street_title("deuce_seven", ev.StreetStarted(0, draw=False))
    'before the first draw'
    """
    number = event.street
    spec = {g.value: g for g in Game}.get(game, Game.STUD).spec
    streets = spec.streets
    if number >= len(streets):
        return f"draw {number}" if event.draw else f"round {number + 1}"
    name = streets[number].draw if event.draw else streets[number].name
    return street_label(name) if name else f"draw {number}"


#: The engine's evaluator of each ranking code (``Game.spec.rankings``).
BY_RANKING: dict[str, Callable[..., HandValue | None]] = {
    "high": _core.evaluate_high,
    "soko": _core.evaluate_soko,
    "ace_five": _core.evaluate_ace_five,
    "low8": _core.evaluate_low8,
    "deuce_seven": _core.evaluate_deuce_seven,
}

#: Per game id (and ``high``), one evaluator per half of the pot, from ``Game.spec``.
EVALUATORS: dict[str, list[Callable[[Any], HandValue | None]]] = {
    "high": [_core.evaluate_high],
    **{game.value: [BY_RANKING[r] for r in game.spec.rankings] for game in Game},
}


def hand_name(game: str, cards: Sequence[Any]) -> str:
    """A readable name of a finished hand in ``game`` ("Two pair, ..."; hi/lo both).

    >>> hand_name("stud8", "As 2s 3d 4c 5h Kd Kc")
    'Straight, five high; 5-4-3-2-A low'
    >>> hand_name("deuce_seven", "7c 6d 5h 4s 2c")
    '7-6-5-4-2 low'
    """
    values = (evaluate(cards) for evaluate in EVALUATORS[game])
    return "; ".join(str(v) if v is not None else "no low" for v in values)


def cards_text(cards: Sequence[Any]) -> str:
    """Cards separated by spaces (``"As Kd"``)."""
    return " ".join(str(c) for c in cards)


class Narrator:
    """Tells a hand the way a dealer calls it.

    One line per action, a header with the pot for every street, and the cards of a street
    after its header.

    ``name(seat)`` names a seat; the seat called ``"you"`` is spoken to ("you bet 10",
    "you show"). ``hidden(seat)`` says whose down cards and draws stay face down;
    ``known(card)`` whether a card was recorded at all (a replayed history stands in cards
    for those it does not record: they are told as ``??``). The
    first wager of a round is a bet, later ones raises; blinds and the bring-in count as
    the round's first wager. Lines come back without indentation except that actions are
    indented two spaces under their header.
    """

    def __init__(
        self,
        game: str,
        state: State,
        name: Callable[[int], str],
        *,
        hidden: Callable[[int], bool] | None = None,
        known: Callable[[Card], bool] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.name = name
        self.hidden = hidden or (lambda seat: False)
        self.known = known or (lambda card: True)
        self.pot = 0
        self.street = ""
        """The title of the current street ("" before the first header)."""
        self._bets: dict[int, int] = {}
        self._rounds = 0
        self._antes: list[tuple[int, int]] = []
        self._deals: dict[int, list[tuple[Card, bool]]] = {}

    def _say(self, seat: int, verb: str, rest: str = "") -> str:
        who = self.name(seat)
        if who == "you":
            verb = verb[:-1]  # every verb here is regular: "folds" -> "fold"
        return f"  {who} {verb}" + (f" {rest}" if rest else "")

    def _flush_antes(self) -> list[str]:
        out = []
        amounts = {amount for _, amount in self._antes}
        if len(self._antes) == len(self.state.players) and len(amounts) == 1:
            out.append(f"  each player antes {amounts.pop():,}")
        else:
            out += [
                self._say(seat, "posts", f"the ante {amount:,}") for seat, amount in self._antes
            ]
        self._antes.clear()
        return out

    def finish(self) -> list[str]:
        """The lines held back: the antes, then the cards dealt since the last header."""
        out = self._flush_antes()
        for seat in sorted(self._deals):
            cards = self._deals[seat]
            hide = self.hidden(seat)
            downs = ["??" if hide else self._card(c) for c, up in cards if not up]
            ups = [self._card(c) for c, up in cards if up]
            if hide and not ups:
                continue  # nothing to see: a hidden player's down cards
            text = " ".join(x for x in ("[" + " ".join(downs) + "]" if downs else "", *ups) if x)
            out.append(f"  {self.name(seat)}: {text}")
        self._deals.clear()
        return out

    def lines(self, event: ev.Event) -> list[str]:
        """The lines for ``event`` (none for a deal, which waits for its street header)."""
        if isinstance(event, ev.CardDealt):  # held back until the street's header
            self._deals.setdefault(event.seat, []).append((event.card, event.face_up))
            return self._flush_antes()  # the antes come before the cards
        if isinstance(event, ev.StreetStarted):
            if self._rounds:  # the blinds before the first header belong to its round
                self._bets.clear()
            self._rounds += 1
            self.street = street_title(self.game, event)
            header = f"-- {self.street} (pot {self.pot:,}) --"
            return [*self._flush_antes(), header, *self.finish()]
        if isinstance(event, ev.AntePosted):
            self.pot += event.amount
            self._antes.append((event.seat, event.amount))
            return []
        line = self._line(event)
        out = self.finish()
        if line:
            out.append(line)
        return out

    def _wager(self, seat: int, total: int) -> None:
        self.pot += total - self._bets.get(seat, 0)
        self._bets[seat] = total

    def _line(self, event: ev.Event) -> str | None:
        match event:
            case ev.BlindPosted(seat, amount, blind):
                self._wager(seat, self._bets.get(seat, 0) + amount)
                return self._say(seat, "posts", f"the {blind} blind {amount:,}")
            case ev.BringInPosted(seat, amount):
                self._wager(seat, self._bets.get(seat, 0) + amount)
                return self._say(seat, "brings", f"in for {amount:,}")
            case ev.Completed(seat, total):
                self._wager(seat, total)
                return self._say(seat, "completes", f"to {total:,}")
            case ev.BetOrRaised(seat, total):
                opened = any(self._bets.values())
                self._wager(seat, total)
                if opened:
                    return self._say(seat, "raises", f"to {total:,}")
                return self._say(seat, "bets", f"{total:,}")
            case ev.Called(seat, amount):
                self._wager(seat, self._bets.get(seat, 0) + amount)
                return self._say(seat, "calls", f"{amount:,}")
            case ev.Folded(seat):
                return self._say(seat, "folds")
            case ev.Checked(seat):
                return self._say(seat, "checks")
            case ev.Drew(seat, discards, received):
                n = len(discards)
                if n == 0:
                    return self._say(seat, "stands", "pat")
                if self.hidden(seat):
                    return self._say(seat, "draws", str(n))
                text = f"{n}: out {self._cards(discards)}, in {self._cards(received)}"
                return self._say(seat, "draws", text)
            case ev.TimedOut(seat):
                return self._say(seat, "times", "out")
            case ev.UncalledBetReturned(seat, amount):
                self.pot -= amount
                self._bets[seat] = self._bets.get(seat, 0) - amount
                return f"  {amount:,} uncalled is returned to {self.name(seat)}"
            case ev.BoardCardDealt(card):
                return f"  community card {card}"
            case ev.BurnsRecycled():
                return "  burned cards are shuffled back into the stub"
            case ev.Reshuffled():
                return "  the discards are reshuffled into a new stub"
            case ev.HandShown(seat):
                return self._say(seat, "shows", self._shown(seat))
            case ev.PotAwarded(seat, amount, pot, share):
                half = {ev.Share.HIGH: " (high half)", ev.Share.LOW: " (low half)"}.get(share, "")
                where = "the main pot" if not pot else f"side pot {pot}"
                return self._say(seat, "wins", f"{amount:,} from {where}{half}")
        return None

    def _card(self, card: Card) -> str:
        return str(card) if self.known(card) else "??"

    def _cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self._card(c) for c in cards)

    def _shown(self, seat: int) -> str:
        cards = list(self.state.players[seat].hole_cards) + list(self.state.board)
        if not all(self.known(c) for c in cards):
            return self._cards(cards)
        try:
            return f"{cards_text(cards)}: {hand_name(self.game, cards)}"
        except (HoleCardError, ValueError):
            return cards_text(cards)


# ----- the statistics table -------------------------------------------------------------

#: The columns of :func:`stats_lines`: heading, then how a row shows (the legend says what).
_STATS_LEGEND = (
    "VPIP and raise: share of hands voluntarily in / completing or raising on the first "
    "round; steal: attempts/chances (won); BI def: bring-in defences/chances; AF: aggression "
    "factor; WTSD: went to showdown; W$SD: won at showdown (of showdowns); net in the unit; "
    "BB/100: big bets won per 100 hands; draws: cards per draw and pat share, each draw "
    "(holecard.stats gives the exact rules)"
)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def stats_lines(table: StatsTable) -> list[str]:
    r"""The table of :func:`holecard.stats.compute` as aligned text, then its legend.

    >>> from holecard import phh, stats
    >>> hand = phh.HandHistory(variant="F7S", antes=[1, 1], bring_in=1, small_bet=2,
    ...     big_bet=4, starting_stacks=[50, 50], players=["Ann", "Bob"],
    ...     actions=["d dh p1 AsKs2c", "d dh p2 QsJs3c", "p1 pb", "p2 f"])
    >>> print("\n".join(stats_lines(stats.compute([hand]))[:3]))
    player  game  unit   hands  VPIP  raise  steal    BI def  AF  WTSD  W$SD  net  BB/100  draws
    Ann     stud  chips      1    0%     0%  -        0/0      -    0%     -    1   +25.0  -
    Bob     stud  chips      1    0%     0%  0/1 (0)  0/0      -    0%     -   -1   -25.0  -
    """
    header = [
        "player", "game", "unit", "hands", "VPIP", "raise", "steal", "BI def", "AF", "WTSD",
        "W$SD", "net", "BB/100", "draws",
    ]  # fmt: skip
    right = {"hands", "VPIP", "raise", "AF", "WTSD", "W$SD", "net", "BB/100"}
    rows = [header]
    for r in table:
        draws = (
            " ".join("-" if c is None else f"{c:.1f}" for c in r.cards_per_draw)
            + " / pat "
            + " ".join(_pct(p) for p in r.pat_rates)
            if r.draws
            else "-"
        )
        bb = r.big_bets_per_100
        rows.append(
            [
                r.player,
                str(r.game),
                r.unit,
                f"{r.hands:,}",
                _pct(r.vpip_rate),
                _pct(r.first_round_raise_rate),
                f"{r.steal_attempts}/{r.steal_chances} ({r.steals_won})"
                if r.steal_chances
                else "-",
                f"{r.bring_in_defences}/{r.bring_in_defence_chances}",
                "-" if r.aggression_factor is None else f"{r.aggression_factor:.2f}",
                _pct(r.showdown_rate),
                _pct(r.showdown_win_rate),
                f"{r.net:,}",
                "-" if bb is None else f"{bb:+.1f}",
                draws,
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    out = []
    for row in rows:
        cells = [
            cell.rjust(w) if name in right else cell.ljust(w)
            for cell, w, name in zip(row, widths, header, strict=True)
        ]
        out.append("  ".join(cells).rstrip())
    return [*out, "", *textwrap.wrap(_STATS_LEGEND, 88)]
