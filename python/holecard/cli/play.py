"""``holecard play``: a game against the bots in the terminal.

You sit in seat 0; the bots fill the other seats. Stacks carry over from hand to hand (a
bot that goes broke buys in again; you stop when you are broke). The hand is told the way
a dealer calls it: a header for every street with the pot, then the cards it brings, then
the actions ("strength 2 bets 10", "you raise to 20"). Your down cards are shown in
brackets (``[As Kd] 7h 9c``); the bots' stay hidden (``[?? ??]``) until the showdown.

Input is read line by line from ``inp`` (standard input by default), so a script can play:

>>> import io
>>> out = io.StringIO()
>>> run("razz", players=2, seed=1, hands=1, inp=io.StringIO(("c" + chr(10)) * 20), out=out)
0
>>> "-- third street (pot 2) --" in out.getvalue()
True

The bots are the native ones of :func:`holecard.simulate` (any of ``holecard.BOTS``),
asked for one move at a time (:class:`holecard.agents.Bot`).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from holecard import _core, games
from holecard._enums import Game
from holecard._narration import Narrator, cards_text, plural
from holecard.cli.commands import CommandError
from holecard.exceptions import ConfigurationError

# Every key the action prompt accepts and what it does; the help is printed from this table,
# so it lists every key the prompt understands.
_KEYS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("f", "fold"), "fold"),
    (("k", "x", "check"), "check"),
    (("c", "call"), "call (checks when there is nothing to call; posts a bring-in)"),
    (("b", "bring", "bring-in"), "post the bring-in"),
    (("o", "complete"), "complete the bring-in to a full bet"),
    (("r", "bet", "raise"), "bet or raise the least; r N bets or raises to N"),
    (("a", "all-in", "allin"), "bet or raise the most allowed"),
    (("d", "draw"), 'discard and draw, e.g. "d 9h Kd" (d alone asks which cards)'),
    (("p", "pat"), "stand pat (draw no cards)"),
    (("s", "show"), "show the table"),
    (("h", "help", "?"), "this help"),
    (("q", "quit", "exit"), "quit"),
)
_VERB = {key: keys[0] for keys, _ in _KEYS for key in keys}
_HELP = "keys:\n" + "\n".join(f"  {', '.join(keys):<20} {what}" for keys, what in _KEYS)


class _Quit(Exception):
    pass


def _hand_text(player: games.Player, hide: bool) -> str:
    ups = list(player.up_cards)
    downs = [c for c in player.hole_cards if c not in ups]
    down = "[" + (" ".join("??" for _ in downs) if hide else cards_text(downs)) + "]"
    if not downs:
        down = ""
    return " ".join(x for x in (down, cards_text(ups)) if x)


# ----- the human --------------------------------------------------------------------------


def _opened(state: games.State) -> bool:
    """Whether this round already has a wager (a blind, bring-in or bet): then ``r`` raises."""
    return any(state.bets)


def _options(la: _core.LegalActions, opened: bool) -> str:
    """The prompt's list of what the player may do now."""
    if la.draw:
        return "d CARDS draw, p stand pat, h help"
    out = []
    if la.bring_in is not None:
        out.append(f"b bring in for {la.bring_in:,}")
    if la.fold:
        out.append("f fold")
    if la.check:
        out.append("k check")
    if la.call is not None:
        out.append(f"c call {la.call:,}")
    if la.complete is not None:
        out.append(f"o complete to {la.complete:,}")
    if la.min_raise_to is not None:
        word = "raise to" if opened else "bet"
        lo, hi = (
            la.min_raise_to,
            la.max_raise_to if la.max_raise_to is not None else la.min_raise_to,
        )
        totals: Sequence[int] | None = getattr(la, "raise_totals", None)
        if lo == hi:
            out.append(f"r {word} {lo:,}")
        elif totals is not None:
            out.append(f"r N {word} " + " or ".join(f"{t:,}" for t in totals))
        else:
            out.append(f"r N {word} {lo:,} to {hi:,}")
            out.append(f"a {word} {hi:,}")
    out.append("h help")
    return ", ".join(out)


# Refusals in the player's words, checked before the engine is asked: its own messages
# speak of seats and option names ("seat 0 cannot discard 2s: not in his hand").


def _refusal(verb: str, la: _core.LegalActions) -> str | None:
    """Why the key ``verb`` is not a legal move now, or ``None``.

    ``None`` too for the keys whose moves are checked elsewhere (a bet or raise, a draw).
    """
    bring_in = "you must post the bring-in (b) or complete (o)"
    if verb == "f" and not la.fold:
        if la.bring_in is not None:
            return f"{bring_in}: the bring-in may not fold"
        return "folding when you can check is off in this game (k checks)"
    if verb == "k" and not la.check:
        if la.bring_in is not None:
            return bring_in
        owed = f"{la.call:,} to call" if la.call is not None else "a bet to call"
        return f"you cannot check: there is {owed} (c calls, f folds)"
    if verb == "b" and la.bring_in is None:
        return "there is no bring-in to post now"
    if verb == "o" and la.complete is None:
        return "there is no bring-in to complete now"
    return None


def _amount_refusal(amount: int, la: _core.LegalActions, opened: bool) -> str | None:
    """Why betting or raising to ``amount`` is not allowed now, or ``None``."""
    word = "raise to" if opened else "bet"
    totals: Sequence[int] | None = getattr(la, "raise_totals", None)
    if totals is not None:
        if amount in totals:
            return None
        return f"you may {word} " + " or ".join(f"{t:,}" for t in totals) + f", not {amount:,}"
    lo = la.min_raise_to
    hi = la.max_raise_to if la.max_raise_to is not None else lo
    if lo is None or hi is None or lo <= amount <= hi:
        return None
    return f"you may {word} {lo:,} to {hi:,}, not {amount:,}"


def _discards(text: str, hand: Sequence[_core.Card]) -> tuple[list[_core.Card], str | None]:
    """The cards ``text`` names to discard from ``hand``, or why they cannot be."""
    cards: list[_core.Card] = []
    for word in text.replace(",", " ").split():
        try:
            named = _core.parse_cards(word)
        except ValueError:
            return [], f"{word!r} is not a card (a rank and a suit, e.g. 9h Kd Ts)"
        for card in named:
            if card in cards:
                return [], f"you named {card} twice"
            cards.append(card)
    missing = [str(c) for c in cards if c not in hand]
    if missing:
        return [], f"you do not hold {' or '.join(missing)}"
    return cards, None


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

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    def act(self, state: games.State, show: Callable[[], None]) -> None:
        """Ask until the player makes a legal move, and make it."""
        while True:
            la = state.legal_actions()
            text = self.ask(f"your action ({_options(la, _opened(state))}): ")
            if not text:
                continue
            word, _, rest = text.partition(" ")
            verb = _VERB.get(word.lower())
            rest = rest.strip()
            if verb is None:
                self.say(f"unknown action {text!r}; h for help")
                continue
            try:
                if self._do(verb, rest, state, la, show):
                    return
            except (ValueError, OverflowError) as err:  # an illegal move, a bad card
                self.say(f"not allowed: {err}")

    def _do(
        self,
        verb: str,
        rest: str,
        state: games.State,
        la: _core.LegalActions,
        show: Callable[[], None],
    ) -> bool:
        """Carry out one key; ``True`` once the player has moved."""
        if verb == "q":
            raise _Quit
        if verb == "h":
            self.say(_HELP)
            return False
        if verb == "s":
            show()
            return False
        if verb in ("d", "p"):
            return self._draw(verb, rest, state, la)
        if la.draw:
            self.say("this is a draw: d CARDS to draw, p to stand pat")
            return False
        refusal = _refusal(verb, la)
        if refusal:
            self.say(f"not allowed: {refusal}")
            return False
        plain: dict[str, Callable[[], object]] = {
            "f": state.fold,
            "k": state.check,
            "b": state.post_bring_in,
            "o": state.complete,
        }
        if verb in plain:
            plain[verb]()
        elif verb == "c":  # the one key for "match what is owed", whatever that is now
            if la.bring_in is not None:
                state.post_bring_in()
            elif la.call is None and la.check:
                state.check()
            else:
                state.call()
        elif verb == "a":
            if la.max_raise_to is None:
                self.say("you cannot bet or raise now")
                return False
            state.bet_or_raise_to(la.max_raise_to)
        else:  # "r"
            return self._raise(rest, state, la)
        return True

    def _raise(self, rest: str, state: games.State, la: _core.LegalActions) -> bool:
        amount: int | None = None
        if rest:
            try:
                amount = int(rest.replace(",", ""))
            except ValueError:
                self.say(f"r takes a number: r 20 bets or raises to 20 (not {rest!r})")
                return False
        if la.complete is not None and amount in (None, la.complete):
            state.complete()
            return True
        if la.complete is not None and la.min_raise_to is None:
            self.say(f"not allowed: you may complete to {la.complete:,} (o), not {amount:,}")
            return False
        if la.min_raise_to is None:
            self.say("you cannot bet or raise now")
            return False
        if amount is not None and (refusal := _amount_refusal(amount, la, _opened(state))):
            self.say(f"not allowed: {refusal}")
            return False
        state.bet_or_raise_to(la.min_raise_to if amount is None else amount)
        return True

    def _draw(self, verb: str, rest: str, state: games.State, la: _core.LegalActions) -> bool:
        if not la.draw:
            self.say("there is no draw now")
            return False
        if verb == "p":
            state.stand_pat()
            return True
        while not rest:
            rest = self.ask("discard which cards? (e.g. 9h Kd; p to stand pat, empty to go back) ")
            if not rest:
                return False
        if rest.lower() in ("p", "pat"):
            state.stand_pat()
            return True
        cards, refusal = _discards(rest, state.players[0].hole_cards)  # the player: seat 0
        if refusal:
            self.say(f"not allowed: {refusal}")
            return False
        state.draw(cards)
        return True


# ----- the game loop ----------------------------------------------------------------------


def run(
    game: str,
    *,
    players: int = 4,
    bots: str = _core.DEFAULT_BOT,
    seed: int | None = None,
    stack: int | None = None,
    hands: int | None = None,
    inp: TextIO | None = None,
    out: TextIO | None = None,
) -> int:
    """Play in the terminal; returns the exit status (0 when the player quits).

    Raises:
        CommandError: an unknown game or bot, or a number out of range (before any output).
    """
    inp = inp or sys.stdin
    out = out or sys.stdout
    try:
        table_class = games.game_class(game)
    except ConfigurationError:
        raise CommandError(f"unknown game {game!r}") from None
    try:
        bot = _core.bot_name(bots)
    except ConfigurationError as err:
        raise CommandError(str(err)) from None
    spec = Game(game).spec
    limit = spec.max_players
    if not 2 <= players <= limit:
        raise CommandError(f"{game} needs 2 to {limit} players, got {players}")
    if hands is not None and hands < 1:
        raise CommandError(f"hands must be at least 1, got {hands}")
    if seed is not None and not 0 <= seed < 2**64:
        raise CommandError(f"seed must be from 0 to 2**64 - 1, got {seed}")
    table = table_class.ten_twenty()
    big_bet = table.stakes["big_bet"]
    start = stack if stack is not None else _core.DEFAULT_STACK_BIG_BETS * big_bet
    if start <= 0:
        raise CommandError("stack must be positive")
    table.start([start] * players, seed=0)  # the engine's own limits, before any output
    native = _core.Bot(bot, table)  # the same bot as ``simulate``'s, move by move
    rng = random.Random(seed)
    base = seed if seed is not None else rng.randrange(2**63)
    stacks = [start] * players
    names = ["you"] + [f"{bot} {i}" for i in range(1, players)]
    human = _Human(inp, out)
    against = plural(players - 1, f"{bot} bot")
    out.write(f"holecard {game}: you (seat 0) against {against}; h for help\n")
    number = 0
    try:
        while hands is None or number < hands:
            # The button moves in the blinds games; the stud dealer box stays put.
            dealer = (players - 1 + number) % players if spec.is_draw else None
            state = table.start(stacks, seed=(base + number) % 2**64, dealer=dealer)
            out.write(f"\n=== hand {number + 1} ===\n")
            _play_hand(game, state, names, human, native, rng, out)
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
    bot: _core.Bot,
    rng: random.Random,
    out: TextIO,
) -> None:
    def name(seat: int) -> str:
        return names[seat]

    narrator = Narrator(game, state, name, hidden=lambda seat: seat != 0)
    button = Game(game).spec.is_draw  # the blinds games show who has the button
    shown = 0

    def show() -> None:
        pot = sum(p.amount for p in state.pots) + sum(state.bets)
        where = f"  button: {name(state.dealer)}" if button else ""
        out.write(f"  {narrator.street or 'the deal'}, pot {pot:,}{where}\n")
        for seat, p in enumerate(state.players):
            status = "folded" if p.folded else _hand_text(p, hide=seat != 0)
            bet = f"  bet {p.bet:,}" if p.bet else ""
            out.write(f"    {name(seat):<20} {status:<28} stack {p.stack:,}{bet}\n")
        if state.board:
            out.write(f"    community card: {cards_text(state.board)}\n")

    def report() -> None:
        nonlocal shown
        history = state.history
        for event in history[shown:]:
            for line in narrator.lines(event):
                out.write(line + "\n")
        shown = len(history)

    report()
    while not state.is_over:
        if state.actor == 0:
            show()
            human.act(state, show)
        else:
            move = bot.act(state, rng.getrandbits(64))
            if move is not None:
                state.apply(move)
        report()
    for line in narrator.finish():
        out.write(line + "\n")
    payoffs = state.payoffs
    out.write("  result: " + ", ".join(f"{name(i)} {p:+,}" for i, p in enumerate(payoffs)) + "\n")


def cmd_play(args: argparse.Namespace) -> int:
    """Play against the bots (``holecard play``): :func:`run` with the parsed options."""
    return run(
        args.game,
        players=args.players,
        bots=args.bots,
        seed=args.seed,
        stack=args.stack,
        hands=args.hands,
    )
