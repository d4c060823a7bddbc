"""Which docs/rules.md rule a difference from holecard's engine is about.

The conformance kit names a rule in every divergence it reports. These helpers read
holecard's state at the divergence (the current betting round, the cap, all-in wagers)
and holecard's own refusal message, and answer with a rule id of docs/rules.md and a few
words of why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from holecard import events as ev
from holecard._core import Move, State, VariantSpec
from holecard._enums import Game
from holecard._game_rows import game_row

__all__ = [
    "RoundWager",
    "field_rule",
    "game_spec",
    "has_incomplete_all_in",
    "offer_rule",
    "refusal_rule",
    "round_wagers",
]


def game_spec(state: State) -> VariantSpec:
    """The spec of the game ``state`` is a hand of (``Game.spec``)."""
    return Game(state._config.game).spec


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
    if open_pair_street(state):  # a bet or raise of S or G, G fixing later raises
        return "G-1.6.4"
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
    spec = game_spec(state)
    if field == "payoffs" or (field == "stacks" and state.is_over):
        return game_row(spec.id).showdown_rule
    if field == "pots":
        return "G-1.10"
    if field == "hole_cards":
        return "D-5" if spec.is_draw and state.street != spec.streets[0].name else "G-1.3.1"
    if field == "is_over":
        return "G-1.5.4"
    if field == "actor":
        if spec.is_draw:
            return "D-5" if "draw" in state.street and "after" not in state.street else "D-6"
        first_round = state.street == spec.streets[0].name
        return "G-1.4.2" if first_round else "E-2.5"
    return "G-1.10"


#: Each rule id the kit cites, in words a poker player knows (docs/rules.md titles).
RULE_NAMES: Final = {
    "G-1.3": "the deal",
    "G-1.3.1": "the deal",
    "G-1.4.2": "bring-in",
    "G-1.4.3": "blinds",
    "G-1.5": "betting round",
    "G-1.5.2": "fold, check or call",
    "G-1.5.4": "end of the betting",
    "G-1.5.6": "time-out",
    "G-1.6.1": "fixed-limit bet size",
    "G-1.6.2": "cap",
    "G-1.6.3": "completion",
    "G-1.6.4": "open-pair big bet",
    "G-1.7": "pot-limit bet size",
    "G-1.8": "no-limit bet size",
    "G-1.9.1": "all-in",
    "G-1.9.2": "short all-in (pot and no limit)",
    "G-1.9.3": "short all-in (fixed limit)",
    "G-1.10": "chips and pots",
    "G-1.10.1": "uncalled bet",
    "G-1.10.2": "side pots",
    "G-1.11": "split pot",
    "G-1.11.1": "odd chip",
    "G-1.12.2": "show order",
    "E-2.5": "first to act (best showing hand)",
    "S-10": "showdown",
    "T-9": "running out of cards",
    "T-9.2": "recycled burns",
    "T-10": "showdown",
    "H-5": "hi/lo split",
    "H-5.2": "no qualifying low",
    "H-5.5": "odd chip of a hi/lo split",
    "R-1": "showdown",
    "D-5": "the draw",
    "D-6": "first to act after the draw",
    "D-7": "draw time-out",
    "D-8": "showdown",
    "D-10": "reshuffle",
    "D-10.2": "reshuffle pool",
    "D-10.5": "own discards",
}


def rule_name(rule: str) -> str:
    """The words for ``rule`` (its first id when it names several), or the id itself."""
    return RULE_NAMES.get(rule.split(",")[0].strip(), rule)


def open_pair_street(state: State) -> bool:
    """G-1.6.4 applies now: fixed limit, the option on, its street, an open pair showing."""
    if state._config.betting != "FIXED_LIMIT":
        return False
    if state._config.options.get("open_pair_double_bet") != "true":
        return False
    streets = Game(state._config.game).spec.streets
    if len(streets) < 2 or state.street != streets[1].name:
        return False
    for p in state.players:
        ranks = [c.rank for c in p.up_cards]
        if not p.folded and len(ranks) != len(set(ranks)):
            return True
    return False


def _card_word(cards: object) -> str:
    return " ".join(map(str, cards)) if isinstance(cards, tuple | list) else str(cards)


def actor_words(state: State, seat: int | None) -> str:
    """Why ``seat`` acts now in holecard, for a first-to-act difference."""
    if seat is None:
        return "nobody"
    spec = game_spec(state)
    p = state.player(seat)
    first_round = state.street == spec.streets[0].name
    if (
        spec.forced_bets == "bring_in"
        and first_round
        and not any(e.kind == "bring_in" for e in state.history)
    ):
        door = p.up_cards[0] if p.up_cards else None
        which = state._config.options.get("bring_in_card", "AUTO")
        if which == "AUTO":
            # The game's own card in fixed limit (razz: the highest), else the highest.
            fixed = state._config.betting == "FIXED_LIMIT"
            which = spec.bring_in_card if fixed else "HIGHEST"
        side = "highest" if which == "HIGHEST" else "lowest"
        return f"seat {seat} ({side} door card {door})"
    if spec.is_stud and not first_round and p.up_cards:
        return f"seat {seat} (showing {_card_word(tuple(p.up_cards))})"
    return f"seat {seat}"


def exercised(state: State) -> set[str]:
    """The rule classes a finished (or stopped) hand of holecard's engine went through.

    ``bring-in``, ``completion``, ``cap`` (a fixed-limit round reached its cap),
    ``open pair`` (G-1.6.4 in force on its street), ``side pots`` (two or more pots),
    ``odd chip`` (a pot or half split unevenly), ``show order`` (two or more hands shown),
    ``reshuffle`` (recycled burns or discards).
    """
    out: set[str] = set()
    kinds = [e.kind for e in state.history]
    acted = {"bring_in", "complete", "bet_raise", "call", "check", "fold"}
    if game_spec(state).forced_bets == "bring_in" and acted & set(kinds):
        out.add("bring-in")  # someone was picked to bring in, and posted or completed
    if "complete" in kinds:
        out.add("completion")
    if "recycle" in kinds or "reshuffle" in kinds:
        out.add("reshuffle")
    if kinds.count("show") >= 2:
        out.add("show order")
    if len(state.pots) >= 2:
        out.add("side pots")
    cap = state._config.options.get("max_raises", "none")
    if state._config.betting == "FIXED_LIMIT" and cap.isdigit():
        # The big blind opens the first round of a game with blinds.
        wagers = 1 if game_spec(state).forced_bets == "blinds" else 0
        for e in state.history:
            if e.kind == "street":
                wagers = 0
            elif e.kind in ("complete", "bet_raise"):
                wagers += 1
                if wagers > int(cap):
                    out.add("cap")
    awards = [e for e in state.history if isinstance(e, ev.PotAwarded)]
    parts: dict[tuple[int, str], list[int]] = {}
    for a in awards:
        parts.setdefault((a.pot, str(a.share)), []).append(a.amount)
    halves: dict[int, dict[str, int]] = {}
    for (pot, share), amounts in parts.items():
        halves.setdefault(pot, {})[share] = sum(amounts)
        if len(set(amounts)) > 1:
            out.add("odd chip")
    if any(h.get("high", 0) != h.get("low", h.get("high", 0)) for h in halves.values()):
        out.add("odd chip")
    return out


def settlement_rule(state: State, yours: Sequence[int]) -> str:
    """The rule behind a difference in the chips of a finished hand.

    One chip moved between two winners of the same split pot: the odd chip (H-5.5 in
    stud hi/lo, else G-1.11.1); a seat paid more than every pot he contests: side pots
    (G-1.10.2); anything else: the game's showdown rule.
    """
    spec = game_spec(state)
    mine = state.stacks
    delta = [b - a for a, b in zip(mine, yours, strict=False)]
    unit = int(state._config.options.get("chip_unit", "1") or 1)
    moved = [i for i, x in enumerate(delta) if x]
    awards = [e for e in state.history if isinstance(e, ev.PotAwarded)]
    if len(moved) == 2 and sorted(delta[i] for i in moved) == [-unit, unit]:
        for pot in {a.pot for a in awards}:
            winners = {a.seat for a in awards if a.pot == pot}
            if set(moved) <= winners:
                return "H-5.5" if spec.is_hilo else "G-1.11.1"
    pots = state.pots
    if len(pots) >= 2:
        for seat, stack in enumerate(yours[: len(mine)]):
            # Behind him before the pots were paid, plus every pot he contests.
            most = mine[seat] - sum(a.amount for a in awards if a.seat == seat)
            most += sum(p.amount for p in pots if seat in p.players)
            if stack > most:
                return "G-1.10.2"
    return game_row(spec.id).showdown_rule
