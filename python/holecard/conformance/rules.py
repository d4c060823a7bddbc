"""Which docs/rules.md rule a difference from holecard's engine is about.

The conformance kit names a rule in every divergence it reports. These helpers read
holecard's state at the divergence (the current betting round, the cap, all-in wagers)
and holecard's own refusal message, and answer with a rule id of docs/rules.md and a few
words of why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from holecard import events as ev
from holecard._core import Move, State
from holecard._enums import Game

__all__ = [
    "RoundWager",
    "field_rule",
    "has_incomplete_all_in",
    "offer_rule",
    "refusal_rule",
    "round_wagers",
]

#: The showdown rule of each game (docs/rules.md).
_SHOWDOWN: Final = {
    "soko": "S-10",
    "stud": "T-10",
    "stud8": "H-5",
    "razz": "R-1",
    "deuce_seven": "D-8",
}


@dataclass(frozen=True)
class RoundWager:
    """One chip-moving action of the current betting round.

    Attributes:
        seat: who acted.
        kind: the event kind (``blind``, ``bring_in``, ``complete``, ``bet_raise``,
            ``call``).
        to: the seat's total bet in the round after it.
        all_in: the seat has no chips left now.
        increment: how far it raised the round's bet (0 for a call).
    """

    seat: int
    kind: str
    to: int
    all_in: bool
    increment: int


def _current_round(state: State) -> list[ev.Event]:
    history = list(state.history)
    starts = [i for i, e in enumerate(history) if e.kind == "street"]
    last = starts[-1] if starts else -1
    # The blinds, posted before the deal, belong to the first round (G-1.4.3).
    blinds = [e for e in history[: last + 1] if e.kind == "blind"] if len(starts) <= 1 else []
    return blinds + history[last + 1 :]


def round_wagers(state: State) -> list[RoundWager]:
    """The blinds, bring-in, completions, bets, raises and calls of the current round."""
    level = 0
    bets: dict[int, int] = {}
    out: list[RoundWager] = []
    for e in _current_round(state):
        match e:
            case (
                ev.BlindPosted(seat, amount)
                | ev.BringInPosted(seat, amount)
                | ev.Called(seat, amount)
            ):
                to = bets.get(seat, 0) + amount
            case ev.Completed(seat, total) | ev.BetOrRaised(seat, total):
                to = total
            case _:
                continue
        bets[seat] = to
        out.append(
            RoundWager(
                seat=seat,
                kind=e.kind,
                to=to,
                all_in=state.player(seat).stack == 0,
                increment=max(0, to - level),
            )
        )
        level = max(level, to)
    return out


def _unit(state: State) -> int:
    stakes = state._config.stakes
    streets = Game(state._config.game).spec.streets
    big = any(s.name == state.street and s.bet == "big" for s in streets)
    return stakes["big_bet"] if big else stakes["small_bet"]


def has_incomplete_all_in(state: State) -> bool:
    """The current round holds an all-in bet, completion or raise short of a full one.

    Short of a full bet: a bet or raise adding less than the street's unit in fixed limit,
    or a completion below the small bet (docs/rules.md G-1.9.3, G-1.6.3).
    """
    if state._config.betting != "FIXED_LIMIT":
        small = state._config.stakes.get("min_bet", 0)
        return any(w.all_in and 0 < w.increment < small for w in round_wagers(state))
    unit, small = _unit(state), state._config.stakes["small_bet"]
    for w in round_wagers(state):
        if not w.all_in or w.kind == "call":
            continue
        if (w.kind == "complete" and w.to < small) or (
            w.kind == "bet_raise" and w.increment < unit
        ):
            return True
    return False


def _raises(state: State) -> int:
    return sum(w.kind == "bet_raise" for w in round_wagers(state))


def _wager_rule(state: State) -> str:
    """The rule that sizes a bet or raise in holecard's current round."""
    betting = state._config.betting
    if has_incomplete_all_in(state):
        return "G-1.9.3" if betting == "FIXED_LIMIT" else "G-1.9.2"
    if betting == "POT_LIMIT":
        return "G-1.7"
    if betting == "NO_LIMIT":
        return "G-1.8"
    return "G-1.6.2" if _raises(state) else "G-1.6.1"


_KIND_RULES: Final = {
    "fold": "G-1.5.2",
    "check": "G-1.5.2",
    "call": "G-1.5.2",
    "post_bring_in": "G-1.4.2",
    "complete": "G-1.6.3",
    "draw": "D-5",
    "stand_pat": "D-5",
    "timeout": "G-1.5.6",
}


def refusal_rule(state: State, move: Move, message: str) -> tuple[str, str]:
    """Why holecard refuses ``move`` in ``state``: ``(rule id, reason)``.

    ``message`` is holecard's :class:`~holecard.IllegalActionError` message.
    """
    reason = message.split(": ", 1)[-1] if "may not bet or raise" in message else message
    if "capped" in message:
        cap = state._config.options["max_raises"]  # every option is listed
        return "G-1.6.2", f"cap of {cap} raises"
    if "not open to him" in message:
        fixed = state._config.betting == "FIXED_LIMIT"
        return ("G-1.9.3" if fixed else "G-1.9.2"), "a short all-in does not re-open the betting"
    if "timed out in the draw" in message:
        return "D-7", reason
    if "fold when checking is free" in message:
        return "G-1.5.2", "no fold when checking is free"
    if move.kind == "bet_or_raise_to":
        return _wager_rule(state), reason
    return _KIND_RULES.get(move.kind, "G-1.5"), reason


def offer_rule(state: State, move: Move) -> str:
    """The rule under which holecard offers ``move`` in ``state``."""
    if move.kind == "bet_or_raise_to":
        return _wager_rule(state)
    if move.kind == "complete" and has_incomplete_all_in(state):
        return "G-1.9.3"
    return _KIND_RULES.get(move.kind, "G-1.5")


def field_rule(state: State, field: str) -> str:
    """The rule behind a field of holecard's state (``actor``, ``stacks``, ``payoffs`` …)."""
    game = state._config.game
    if field == "payoffs" or (field == "stacks" and state.is_over):
        return _SHOWDOWN.get(game, "G-1.11")
    if field == "pots":
        return "G-1.10"
    if field == "hole_cards":
        return "D-5" if game == "deuce_seven" and state.street != "predraw" else "G-1.3.1"
    if field == "is_over":
        return "G-1.5.4"
    if field == "actor":
        if game == "deuce_seven":
            return "D-5" if "draw" in state.street and "after" not in state.street else "D-6"
        first_round = state.street == Game(game).spec.streets[0].name
        return "G-1.4.2" if first_round else "E-2.5"
    return "G-1.10"
