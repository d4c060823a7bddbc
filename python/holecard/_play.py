"""``holecard play``: a game against the bots in the terminal.

You sit in seat 0; the bots fill the other seats. Stacks carry over from hand to hand (a
bot that goes broke buys in again; you stop when you are broke). Your cards are shown
face up; the bots' down cards are hidden (``[??]``) until the showdown. Stud down cards are
in brackets: ``[As Kd] 7h 9c``.

The bots here are small Python versions of the native ones of :mod:`holecard.simulate`,
driving the public :class:`holecard.State` API.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from holecard import _core, games
from holecard.cli import CommandError, describe_event, hand_name, street_title
from holecard.exceptions import HoleCardError
from holecard.simulate import BOTS

_GAMES: dict[str, Callable[..., games._Game]] = {
    "soko": lambda: games.Soko(ante=1, bring_in=3, small_bet=10),
    "stud": lambda: games.SevenCardStud(ante=1, bring_in=3, small_bet=10),
    "stud8": lambda: games.SevenCardStudHiLo(ante=1, bring_in=3, small_bet=10),
    "razz": lambda: games.Razz(ante=1, bring_in=3, small_bet=10),
    "deuce_seven": lambda: games.DeuceSevenTripleDraw(small_blind=5, big_blind=10, small_bet=10),
}

_HELP = """actions:  f = fold   k = check   c = call   b = post the bring-in   o = complete
          r AMOUNT = bet/raise to AMOUNT (r alone: the minimum)   a = all-in (pot/no limit)
          d CARDS = discard CARDS and draw (2-7), e.g. "d 9h Kd"   p = stand pat
          s = show the table   h = this help   q = quit"""


class _Quit(Exception):
    pass


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(str(c) for c in cards)


def _hand_text(player: games.Player, hide: bool) -> str:
    ups = list(player.up_cards)
    downs = [c for c in player.hole_cards if c not in ups]
    down = "[" + (" ".join("??" for _ in downs) if hide else _cards(downs)) + "]"
    if not downs:
        down = ""
    return " ".join(x for x in (down, _cards(ups)) if x)


# ----- bots -------------------------------------------------------------------------------


def _tier(game: str, cards: list[Any]) -> int:
    """0 weak, 1 medium, 2 strong: a rough rating of a player's own cards."""
    ranks = [c.rank for c in cards]
    counts = {r: ranks.count(r) for r in ranks}
    top = max(counts.values(), default=0)
    if game in ("razz", "deuce_seven"):
        if game == "razz":
            lows = {1 if r == 14 else int(r) for r in ranks if r == 14 or r <= 8}
        else:
            lows = {int(r) for r in ranks if r <= 8}
        need = min(5, len(cards))
        if len(lows) >= need:
            return 2
        return 1 if len(lows) >= need - 1 else 0
    if len(cards) >= 5 and game != "soko":
        value = _core.evaluate_high(cards)
        strength = int(value.category)
        if strength >= 3:
            return 2
        return 1 if strength == 2 else 0
    if top >= 3 or sum(1 for n in counts.values() if n >= 2) >= 2:
        return 2
    if top == 2:
        return 2 if max(r for r, n in counts.items() if n >= 2) >= 10 else 1
    suits = [c.suit for c in cards]
    if max(suits.count(s) for s in set(suits)) >= max(3, len(cards) - 1):
        return 1
    return 1 if max(ranks) == 14 else 0


def _bot_action(bot: str, game: str, state: games.State, rng: random.Random) -> None:
    seat = state.actor
    if seat is None:
        return
    la = state.legal_actions()
    me = state.players[seat]
    if la.draw:
        cards = list(me.hole_cards)
        if bot == "random":
            out = [c for c in cards if rng.random() < 0.5]
        elif bot == "calling_station":
            out = []
        else:
            seen: set[int] = set()
            out = []
            for c in sorted(cards, key=lambda c: int(c.rank)):
                if c.rank > 8 or int(c.rank) in seen:
                    out.append(c)
                seen.add(int(c.rank))
        if out:
            state.draw(out)
        else:
            state.stand_pat()
        return
    if bot == "random":
        options: list[Callable[[], object]] = []
        if la.fold:
            options.append(state.fold)
        if la.check:
            options.append(state.check)
        if la.call is not None:
            options.append(state.call)
        if la.bring_in is not None:
            options.append(state.post_bring_in)
        if la.complete is not None:
            options.append(state.complete)
        if la.min_raise_to is not None:
            lo, hi = la.min_raise_to, la.max_raise_to or la.min_raise_to
            options.append(lambda: state.bet_or_raise_to(rng.choice((lo, hi))))
        rng.choice(options)()
        return
    tier = 1 if bot == "calling_station" else _tier(game, list(me.hole_cards) + list(state.board))
    if la.bring_in is not None:
        if tier == 2 and bot == "strength" and la.complete is not None:
            state.complete()
        else:
            state.post_bring_in()
    elif tier == 2 and bot == "strength" and la.complete is not None:
        state.complete()
    elif tier == 2 and bot == "strength" and la.min_raise_to is not None:
        state.bet_or_raise_to(la.min_raise_to)
    elif la.check:
        state.check()
    elif tier >= 1 and la.call is not None:
        state.call()
    elif la.fold:
        state.fold()
    else:
        state.call()


# ----- the human --------------------------------------------------------------------------


class _Human:
    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp = inp
        self.out = out

    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise _Quit
        return line.strip()

    def act(self, state: games.State, show: Callable[[], None]) -> None:
        la = state.legal_actions()
        while True:
            text = self.ask(f"your action ({_options(la)}): ")
            if not text:
                continue
            verb, _, rest = text.partition(" ")
            verb = verb.lower()
            try:
                if verb in ("q", "quit", "exit"):
                    raise _Quit
                if verb in ("h", "help", "?"):
                    self.out.write(_HELP + "\n")
                elif verb in ("s", "show"):
                    show()
                elif verb in ("f", "fold"):
                    state.fold()
                    return
                elif verb in ("k", "check", "x"):
                    state.check()
                    return
                elif verb in ("c", "call"):
                    if la.bring_in is not None:
                        state.post_bring_in()
                    elif la.call is None and la.check:
                        state.check()
                    else:
                        state.call()
                    return
                elif verb in ("b", "bring", "bring-in", "bringin"):
                    state.post_bring_in()
                    return
                elif verb in ("o", "complete"):
                    state.complete()
                    return
                elif verb in ("r", "raise", "bet"):
                    if la.complete is not None and not rest:
                        state.complete()
                        return
                    amount = int(rest) if rest else la.min_raise_to
                    if amount is None:
                        self.out.write("you may not bet or raise now\n")
                        continue
                    state.bet_or_raise_to(amount)
                    return
                elif verb in ("a", "allin", "all-in"):
                    if la.max_raise_to is None:
                        self.out.write("you may not bet or raise now\n")
                        continue
                    state.bet_or_raise_to(la.max_raise_to)
                    return
                elif verb in ("d", "draw"):
                    state.draw(rest) if rest else state.stand_pat()
                    return
                elif verb in ("p", "pat"):
                    state.stand_pat()
                    return
                else:
                    self.out.write(f"unknown action {text!r}; h for help\n")
            except ValueError as err:  # illegal actions, bad numbers and bad cards
                self.out.write(f"not allowed: {err}\n")


def _options(la: _core.LegalActions) -> str:
    if la.draw:
        return "d CARDS to draw, p to stand pat"
    out = []
    if la.bring_in is not None:
        out.append(f"b bring-in {la.bring_in}")
    if la.fold:
        out.append("f fold")
    if la.check:
        out.append("k check")
    if la.call is not None:
        out.append(f"c call {la.call}")
    if la.complete is not None:
        out.append(f"o complete to {la.complete}")
    if la.min_raise_to is not None:
        lo, hi = la.min_raise_to, la.max_raise_to
        out.append(f"r {lo}" + (f"..{hi}" if hi is not None and hi != lo else "") + " raise to")
    return ", ".join(out)


# ----- the game loop ----------------------------------------------------------------------


def run(
    game: str,
    *,
    players: int = 4,
    bots: str = "strength",
    seed: int | None = None,
    stack: int | None = None,
    hands: int | None = None,
    inp: TextIO | None = None,
    out: TextIO | None = None,
) -> int:
    """Play in the terminal; returns the exit status (0 when the player quits)."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    factory = _GAMES.get(game)
    if factory is None:
        raise CommandError(f"unknown game {game!r}")
    bot = bots.strip().lower().replace("-", "_")
    if bot not in BOTS:
        raise CommandError(f"unknown bot {bots!r} (expected one of {', '.join(BOTS)})")
    table = factory()
    limit = 6 if game == "deuce_seven" else 8
    if not 2 <= players <= limit:
        raise CommandError(f"{game} needs 2 to {limit} players, got {players}")
    big_bet = table.stakes["big_bet"]
    start = stack if stack is not None else 100 * big_bet
    if start <= 0:
        raise CommandError("stack must be positive")
    rng = random.Random(seed)
    base = seed if seed is not None else rng.randrange(2**63)
    stacks = [start] * players
    names = ["you"] + [f"{bot} {i}" for i in range(1, players)]
    human = _Human(inp, out)
    out.write(f"holecard {game}: you (seat 0) against {players - 1} {bot} bot(s); h for help\n")
    number = 0
    try:
        while hands is None or number < hands:
            dealer = (players - 1 + number) % players if game == "deuce_seven" else None
            state = table.start(stacks, seed=(base + number) % 2**64, dealer=dealer)
            out.write(f"\n=== hand {number + 1} ===\n")
            _play_hand(game, state, names, human, bot, rng, out)
            stacks = list(state.stacks)
            number += 1
            if stacks[0] == 0:
                out.write("you are out of chips. game over\n")
                return 0
            for i in range(1, players):
                if stacks[i] == 0:
                    out.write(f"{names[i]} buys in again for {start:,}\n")
                    stacks[i] = start
            if hands is None:
                answer = human.ask("another hand? [Y/n] ").lower()
                if answer in ("n", "no", "q", "quit"):
                    break
    except (_Quit, KeyboardInterrupt):
        out.write("\nbye\n")
        return 0
    out.write("bye\n")
    return 0


def _play_hand(
    game: str,
    state: games.State,
    names: list[str],
    human: _Human,
    bot: str,
    rng: random.Random,
    out: TextIO,
) -> None:
    shown = 0

    def name(seat: int) -> str:
        return names[seat]

    def show() -> None:
        pot = sum(p.amount for p in state.pots) + sum(state.bets)
        where = f"  button: {name(state.dealer)}" if game == "deuce_seven" else ""
        label = state.street.replace("_", " ") + ("" if game == "deuce_seven" else " street")
        out.write(f"  {label}, pot {pot:,}{where}\n")
        for seat, p in enumerate(state.players):
            status = "folded" if p.folded else _hand_text(p, hide=seat != 0)
            bet = f"  bet {p.bet:,}" if p.bet else ""
            out.write(f"    {name(seat):<20} {status:<28} stack {p.stack:,}{bet}\n")
        if state.board:
            out.write(f"    community card: {_cards(state.board)}\n")

    def report() -> None:
        nonlocal shown
        history = state.history
        for event in history[shown:]:
            if event.kind == "street":
                out.write(f"-- {street_title(game, event)} --\n")
            elif event.kind == "show":
                seat = event.seat or 0
                cards = list(state.players[seat].hole_cards) + list(state.board)
                try:
                    desc = hand_name(game, cards)
                except (HoleCardError, ValueError):
                    desc = ""
                out.write(f"  {name(seat)} shows {_cards(cards)}  {desc}\n")
            elif event.kind == "deal" and event.seat == 0:
                up = "" if event.up else " (down)"
                out.write(f"  you are dealt {event.card}{up}\n")
            elif event.kind == "draw" and event.seat == 0:
                got = _cards(event.received)
                out.write(f"  you draw {len(event.received)}" + (f": {got}\n" if got else "\n"))
            else:
                line = describe_event(event, name)
                if line and event.kind != "ante":
                    line = re.sub(r"^you (\w+)s\b", r"you \1", line)
                    out.write(f"  {line}\n")
        shown = len(history)

    report()
    while not state.is_over:
        seat = state.actor
        if seat == 0:
            show()
            human.act(state, show)
        else:
            _bot_action(bot, game, state, rng)
        report()
    payoffs = state.payoffs
    out.write("  result: " + ", ".join(f"{name(i)} {p:+,}" for i, p in enumerate(payoffs)) + "\n")
