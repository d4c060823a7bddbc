"""PokerKit 0.7.7 through the conformance kit, and its known differences from holecard.

:class:`PokerKitAdapter` drives a PokerKit state (fixed-limit stud, stud hi/lo, razz and
2-7 triple draw) in holecard's vocabulary, dealing every card, burns included, from the
kit's deck. Play it against holecard's ``profile="pokerkit"`` (docs/rules.md §6.3), which
sets every option PokerKit's rules match; what remains is listed in
:data:`POKERKIT_DIFFERENCES`, each with the rule holecard follows and PokerKit does not.
PokerKit is imported on first use (``pip install pokerkit==0.7.7``).

>>> from holecard import SevenCardStud
>>> from holecard.conformance import check_engine
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, profile="pokerkit")
>>> report = check_engine(PokerKitAdapter(), game=game, hands=10, seed=3,
...                       stacks=[300] * 4, known=POKERKIT_DIFFERENCES)
>>> report.ok
True
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from holecard import events as ev
from holecard._core import Card, Move, State
from holecard._game_rows import game_row
from holecard.conformance.engine import (
    Divergence,
    DivergenceKind,
    KnownDifference,
    Observation,
)
from holecard.conformance.rules import game_spec, has_incomplete_all_in
from holecard.exceptions import ConfigurationError

if TYPE_CHECKING:
    from holecard.games import _Game as Game

__all__ = ["POKERKIT_DIFFERENCES", "PokerKitAdapter"]


@contextmanager
def _quiet() -> Iterator[None]:
    """Silence PokerKit's warning that it offers mucked cards once its stub runs dry.

    The adapter deals from the kit's deck and reports the exhaustion itself.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Returning reserved", UserWarning)
        yield


class PokerKitAdapter:
    """A PokerKit 0.7.7 hand as an :class:`~holecard.testing.EngineAdapter`.

    Fixed limit only (PokerKit's stud and draw games in this kit's scope). PokerKit
    posts antes and blinds, collects bets, shows down and pushes the chips itself; the
    adapter burns and deals from the kit's deck whenever PokerKit waits for a card.
    """

    def __init__(self) -> None:
        self._game: Any = None
        self._state: Any = None
        self._deck: list[str] = []
        self._first_street = False

    def start(self, game: Game, stacks: Sequence[int], deck: Sequence[Card]) -> None:
        """Create the PokerKit state for ``game`` and deal until someone must act."""
        import pokerkit as pk

        kind, betting = str(game.game), str(game.betting)  # the public, typed API
        if betting != "FIXED_LIMIT":
            raise ConfigurationError(f"PokerKitAdapter plays fixed limit only, got {betting}")
        stakes = game.stakes
        a = pk.Automation
        automations = (
            a.ANTE_POSTING,
            a.BET_COLLECTION,
            a.BLIND_OR_STRADDLE_POSTING,
            a.HOLE_CARDS_SHOWING_OR_MUCKING,
            a.HAND_KILLING,
            a.CHIPS_PUSHING,
            a.CHIPS_PULLING,
        )
        row = game_row(game.game)
        if row.pokerkit is None:
            raise ConfigurationError(f"PokerKit has no {kind} game")
        name = row.pokerkit
        forced: object = stakes["bring_in"]
        if row.spec.forced_bets == "blinds":
            forced = (stakes["small_blind"], stakes["big_blind"])
        self._game = getattr(pk, name)(
            automations, True, stakes["ante"], forced, stakes["small_bet"], stakes["big_bet"]
        )
        self._state = self._game(tuple(stacks), len(stacks))
        self._stud = row.spec.is_stud
        self._small_bet = stakes["small_bet"]
        self._deck = [str(c) for c in deck]
        with _quiet():
            self._deal()

    def to_phh(self) -> str:
        """The hand so far as PokerKit writes it (PHH text)."""
        import pokerkit as pk

        return str(pk.HandHistory.from_game_state(self._game, self._state).dumps())

    def _deal(self) -> None:
        """Burn and deal from the deck until a player must act or the hand is over."""
        s = self._state
        while s.status:
            if s.can_burn_card():
                s.burn_card(self._next_card())
            elif s.can_deal_hole():
                s.deal_hole(self._next_card())
            elif s.can_deal_board():
                s.deal_board(self._next_card())
            else:
                return

    def _next_card(self) -> str:
        if not self._deck:
            raise RuntimeError("the deck is exhausted (PokerKit would recycle cards here)")
        return self._deck.pop(0)

    def _completing(self) -> bool:
        """A wager now is the stud completion: first street, nobody at the small bet yet."""
        s = self._state
        return bool(self._stud and s.street_index == 0 and max(s.bets) < self._small_bet)

    def legal_moves(self) -> Iterable[Move]:
        """The moves PokerKit allows now."""
        with _quiet():
            return self._moves()

    def apply(self, move: Move) -> None:
        """Play ``move`` through PokerKit (which raises ValueError when it refuses)."""
        with _quiet():
            self._play(move)
            self._deal()

    def _moves(self) -> list[Move]:
        s = self._state
        if not s.status:
            return []
        if s.can_stand_pat_or_discard():
            hand = list(s.hole_cards[s.stand_patter_or_discarder_index])
            moves = [Move("stand_pat")]
            for k in range(1, len(hand) + 1):
                for cards in combinations(hand, k):
                    if s.can_stand_pat_or_discard(cards):
                        moves.append(Move("draw", discards=[_card(c) for c in cards]))
            return moves
        moves = []
        if s.can_fold():
            moves.append(Move("fold"))
        if s.can_check_or_call():
            moves.append(Move("check" if s.checking_or_calling_amount == 0 else "call"))
        if s.can_post_bring_in():
            moves.append(Move("post_bring_in"))
        if s.can_complete_bet_or_raise_to():
            lo = s.min_completion_betting_or_raising_to_amount
            hi = s.max_completion_betting_or_raising_to_amount
            if not self._completing():
                moves += [Move("bet_or_raise_to", x) for x in sorted({lo, hi})]
            elif lo <= self._small_bet <= hi or hi < self._small_bet:
                # PokerKit also offers an all-in of no more than the bring-in as a
                # "completion": holecard's vocabulary has it as the bring-in.
                bring_in = s.effective_bring_in_amount
                if not (s.can_post_bring_in() and bring_in is not None and hi <= bring_in):
                    moves.append(Move("complete"))
            else:
                moves += [Move("bet_or_raise_to", x) for x in sorted({lo, hi})]
        return moves

    def _play(self, move: Move) -> None:
        s = self._state
        kind = move.kind
        if kind == "fold":
            s.fold()
        elif kind in ("check", "call"):
            amount = s.checking_or_calling_amount if s.can_check_or_call() else None
            if amount is None or (amount == 0) != (kind == "check"):
                raise ValueError(f"PokerKit cannot {kind} now")
            s.check_or_call()
        elif kind == "post_bring_in":
            s.post_bring_in()
        elif kind == "complete":
            if not self._completing():
                raise ValueError("no completion now")
            most = s.max_completion_betting_or_raising_to_amount or 0
            bring_in = s.effective_bring_in_amount
            if s.can_post_bring_in() and bring_in is not None and most <= bring_in:
                # PokerKit calls this all-in a completion; it is the bring-in (see _moves).
                raise ValueError("no completion: an all-in of the bring-in or less posts it")
            s.complete_bet_or_raise_to(
                min(self._small_bet, s.max_completion_betting_or_raising_to_amount or 0)
            )
        elif kind == "bet_or_raise_to":
            if self._completing() and move.amount != self._small_bet:
                raise ValueError("only the completion is open")
            s.complete_bet_or_raise_to(move.amount)
        elif kind in ("draw", "stand_pat"):
            s.stand_pat_or_discard("".join(str(c) for c in move.discards))
        else:
            raise ValueError(f"PokerKit has no {kind}")

    def observe(self) -> Observation:
        """PokerKit's state in holecard's terms."""
        s = self._state
        over = not s.status
        # PokerKit deals a draw's replacements once everybody has discarded, holecard
        # right after each discard (docs/rules.md D-5: the same cards): in between, the
        # hands are not compared.
        drawing = not over and s.stand_patter_or_discarder_index is not None
        actor = None
        if not over:
            actor = s.actor_index
            if actor is None:
                actor = s.stand_patter_or_discarder_index
        return Observation(
            actor=actor,
            stacks=tuple(s.stacks),
            is_over=over,
            pots=None if over else tuple(p.amount for p in s.pots),
            payoffs=tuple(s.payoffs) if over else None,
            hole_cards=None
            if drawing
            else tuple(tuple(_card(c) for c in hand) for hand in s.hole_cards),
        )


def _card(card: Any) -> Card:  # noqa: ANN401 - a pokerkit.Card
    return Card(f"{card.rank}{card.suit}")


# ------------------------------------------------------------------------------------
# The known differences


def _wager(d: Divergence) -> bool:
    return any(k in d.subject for k in ("bet_or_raise_to", "complete"))


def _incomplete_all_in(d: Divergence, state: State) -> bool:
    return (
        d.kind
        in (
            DivergenceKind.EXTRA_MOVE,
            DivergenceKind.MISSING_MOVE,
            DivergenceKind.REFUSED,
            DivergenceKind.ACCEPTED_ILLEGAL,
        )
        and (_wager(d) or "call" in d.subject)
        and has_incomplete_all_in(state)
    )


def _numbers(text: str) -> list[int]:
    return [int(x) for x in text.strip("()").split(",") if x.strip()]


def _settlement(d: Divergence, state: State) -> list[int] | None:
    """Chips per seat, your engine's minus holecard's, of a finished stud hi/lo hand.

    Only hands with side pots (the two classes below are never seen in a single pot).
    """
    if d.kind is not DivergenceKind.STATE or d.subject not in ("stacks", "payoffs"):
        return None
    if not game_spec(state).is_hilo or not state.is_over or len(state.pots) < 2:
        return None
    delta = [b - a for a, b in zip(_numbers(d.holecard), _numbers(d.yours), strict=True)]
    return delta if sum(delta) == 0 else None


def _awards(state: State) -> list[ev.PotAwarded]:
    return [e for e in state.history if isinstance(e, ev.PotAwarded)]


def _odd_chip_to_low(d: Divergence, state: State) -> bool:
    """Stud hi/lo with side pots: in some split pots, the odd chip went low instead of high.

    Exactly: the difference is, for one or more pots whose high half holds one unit more
    than its low half, one unit moved from a winner of that high half to a winner of its
    low half (at most one per pot). Anything else in the chips is not this class.
    """
    delta = _settlement(d, state)
    if delta is None or not any(delta):
        return False
    unit = int(state._config.options.get("chip_unit", "1"))
    awards = _awards(state)
    moves: list[list[tuple[int, int]]] = []
    for pot in sorted({a.pot for a in awards}):
        high = [a for a in awards if a.pot == pot and a.share is ev.Share.HIGH]
        low = [a for a in awards if a.pot == pot and a.share is ev.Share.LOW]
        if low and sum(a.amount for a in high) - sum(a.amount for a in low) == unit:
            moves.append([(h.seat, lo.seat) for h in high for lo in low])
    for picks in product(*[[None, *m] for m in moves]):
        total = [0] * len(delta)
        for pick in picks:
            if pick is not None:
                total[pick[0]] -= unit
                total[pick[1]] += unit
        if total == delta:
            return True
    return False


def _no_low_side_pot(d: Divergence, state: State) -> bool:
    """Stud hi/lo with side pots: a pot none of whose players has a low still split.

    PokerKit splits each pot into halves when anyone at the showdown has a qualifying
    low, and shares the low half of a pot without one among its players. So: only seats
    that won such a pot (H-5.2) lose chips, at most its low half each; only its players
    gain; and no more moves than those low halves hold.
    """
    delta = _settlement(d, state)
    if delta is None or not any(delta):
        return False
    unit = int(state._config.options.get("chip_unit", "1"))
    awards = _awards(state)
    from holecard import evaluate_low8

    pots = state.pots
    board = tuple(state.board)
    lows = {
        seat
        for seat, p in enumerate(state.players)
        if not p.folded and evaluate_low8((*p.hole_cards, *board)) is not None
    }
    no_low = [
        i for i, pot in enumerate(pots) if len(pot.players) > 1 and not lows & set(pot.players)
    ]
    if not no_low or not lows:  # nobody has a low: PokerKit does not split either
        return False
    halves = {i: pots[i].amount // (2 * unit) * unit for i in no_low}
    for seat, x in enumerate(delta):
        won = sum(halves[a.pot] for a in awards if a.seat == seat and a.pot in halves)
        plays = any(seat in pots[i].players for i in no_low)
        if (x < 0 and -x > won) or (x > 0 and not plays):
            return False
    return sum(x for x in delta if x > 0) <= sum(halves.values())


def _all_in_raise_missing(d: Divergence, state: State) -> bool:
    """An all-in raise for less than a full raise, which PokerKit does not offer."""
    if d.kind is not DivergenceKind.MISSING_MOVE or state.actor is None:
        return False
    move = d.moves[-1]
    seat = state.player(state.actor)
    return move.kind == "bet_or_raise_to" and move.amount == seat.stack + seat.bet


def _unanswerable_raise(d: Divergence, state: State) -> bool:
    """A raise no opponent could call any part of.

    Each other live player with chips holds no more than the current bet.
    """
    if d.kind is not DivergenceKind.MISSING_MOVE or state.actor is None:
        return False
    if d.moves[-1].kind != "bet_or_raise_to":
        return False
    top = max(state.bets)
    others = [
        p for i, p in enumerate(state.players) if i != state.actor and not p.folded and p.stack > 0
    ]
    return all(p.stack + p.bet <= top for p in others)


def _short_bring_in(d: Divergence, state: State) -> bool:
    """Stud: calls or wagers differ after a bring-in posted all-in for less than *B*."""
    if game_spec(state).forced_bets != "bring_in" or d.subject in ("hole_cards", "payoffs"):
        return False
    full = state._config.stakes["bring_in"]
    return (
        any(
            isinstance(e, ev.BringInPosted) and e.amount < full and state.player(e.seat).stack == 0
            for e in state.history
        )
        and state.street == "third"
    )


def _blind_round_cap(d: Divergence, state: State) -> bool:
    return (
        game_spec(state).forced_bets == "blinds"
        and state.street == "predraw"
        and d.kind in (DivergenceKind.EXTRA_MOVE, DivergenceKind.ACCEPTED_ILLEGAL)
        and d.rule == "G-1.6.2"
    )


def _heads_up_deal(d: Divergence, state: State) -> bool:
    """2-7 heads-up: the engines deal different hands, so nothing after the deal compares."""
    return game_spec(state).is_draw and len(d.stacks) == 2


def _short_blind(d: Divergence, state: State) -> bool:
    """2-7: wagers or calls differ after a big blind posted all-in for less than *BB*."""
    if game_spec(state).forced_bets != "blinds" or state.street != "predraw":
        return False
    blinds = [e for e in state.history if isinstance(e, ev.BlindPosted)]
    if len(blinds) < 2 or d.subject in ("hole_cards", "payoffs"):
        return False
    big = blinds[1]
    short = big.amount < state._config.stakes["big_blind"]
    return short and state.player(big.seat).stack == 0


def _with_chips(state: State) -> list[int]:
    return [i for i, p in enumerate(state.players) if not p.folded and p.stack > 0]


def _uncalled_later(state: State, seen: Observation) -> Observation | None:
    """The observation holecard's engine shows, with every uncalled bet not yet returned.

    PokerKit returns it at the end of the hand (G-1.10.1), so until then its stacks lack
    exactly it, and its pots are its own (it collects no bets while one is pending).
    """
    if state.is_over:
        return None
    back = [e for e in state.history if isinstance(e, ev.UncalledBetReturned)]
    if not back:
        return None
    stacks = list(seen.stacks)
    for e in back:
        stacks[e.seat] -= e.amount
    return replace(seen, stacks=tuple(stacks), pots=None)


def _lone_player_acts(d: Divergence, state: State) -> bool:
    """PokerKit asks the one live player with chips to act, where nobody can answer.

    So its betting round is still open: who acts, the pots (bets not yet collected),
    whether the hand is over (holecard dealt out and showed down), a betting move it
    offers, or holecard's draw it does not offer yet.
    """
    if len(_with_chips(state)) > 1:
        return False
    move = d.moves[-1].kind if d.moves else ""
    return (
        d.subject in ("actor", "pots")
        or (d.subject == "is_over" and state.is_over and d.yours == "False")
        or (d.kind is DivergenceKind.EXTRA_MOVE and move in ("check", "bet_or_raise_to"))
        or (d.kind is DivergenceKind.MISSING_MOVE and move in ("draw", "stand_pat"))
    )


def _recycled(d: Divergence, state: State) -> bool:
    """The deck ran out where holecard recycles cards (T-9, D-10).

    PokerKit's adapter has no card to deal (PokerKit would recycle every card, own
    discards included).
    """
    return d.kind is DivergenceKind.REFUSED and "deck is exhausted" in d.yours


#: PokerKit 0.7.7's differences from holecard under ``profile="pokerkit"``. Each names
#: the observables it changes (``changes``): the kit compares everything else, so a bug
#: in the same hand is still found, and a difference of another kind is unexplained.
POKERKIT_DIFFERENCES: tuple[KnownDifference, ...] = (
    KnownDifference(
        "incomplete-all-in",
        "G-1.9.3",
        "after an all-in bet, completion or raise short of a full one PokerKit sizes the "
        "next wager from the short amount or refuses it (a raise after an incomplete all-in "
        "raise, a completion after an all-in bet below the small bet), where holecard "
        "applies the full-bet rule (limit_short_all_in_rule = FULL_BET): the wagers and "
        "calls offered in that round differ",
        _incomplete_all_in,
        changes=("moves",),
    ),
    KnownDifference(
        "short-bring-in",
        "G-1.4.2",
        "stud: after a bring-in posted all-in for less than the bring-in PokerKit lets the "
        "others call the short amount; the rules make them call the full bring-in: the "
        "moves of third street, and from then on the stacks, pots and payoffs, who acts "
        "and when the hand ends (a caller keeps chips he would have put in all-in), and "
        "the wagers sized by the stacks",
        _short_bring_in,
        changes=("moves", "stacks", "pots", "payoffs", "actor", "is_over"),
    ),
    KnownDifference(
        "short-all-in-raise",
        "G-1.9.1",
        "PokerKit does not let a player raise all-in for less than a full raise when his "
        "stack cannot cover one; the rules let a player always put in his whole stack: "
        "that all-in raise is missing from the moves",
        _all_in_raise_missing,
        changes=("moves",),
    ),
    KnownDifference(
        "unanswerable-raise",
        "G-1.9.1",
        "PokerKit offers no raise when no opponent could call any part of it (each other "
        "live player with chips holds no more than the current bet); the rules let the "
        "player raise, and the part nobody calls comes back to him (G-1.10.1): those "
        "raises are missing from the moves",
        _unanswerable_raise,
        changes=("moves",),
    ),
    KnownDifference(
        "no-low-side-pot",
        "H-5.2",
        "stud hi/lo, hands with side pots where someone has a low: PokerKit splits off the "
        "low half of a pot none of whose players has a qualifying low and shares it among "
        "them; the rules give the whole pot to the best high hand: only the winner of such "
        "a pot loses chips (at most its low half), only its players gain them",
        _no_low_side_pot,
        changes=("stacks", "payoffs"),
    ),
    KnownDifference(
        "odd-chip-to-low",
        "H-5.5",
        "stud hi/lo, hands with side pots: PokerKit gives the odd chip between the halves of "
        "some split pots to the low half, which the rules give to the high half: exactly "
        "one chip per such pot moves from its high winner to its low winner (in a single "
        "pot PokerKit gives the odd chip to the high half, as the rules do)",
        _odd_chip_to_low,
        changes=("stacks", "payoffs"),
    ),
    KnownDifference(
        "blind-round-cap",
        "D-4, G-1.6.2",
        "2-7: PokerKit does not count the big blind as the round's opening bet, so it "
        "allows a fourth raise before the first draw, where holecard's cap (max_raises = 3) "
        "counts the big blind as the bet: that raise is an extra move",
        _blind_round_cap,
        changes=("moves",),
    ),
    KnownDifference(
        "heads-up-deal",
        "G-1.3.1, G-1.4.3",
        "2-7 heads-up: PokerKit deals the first card to the big blind; the rules deal it to "
        "the small blind, who is the button heads-up: the players hold each other's cards, "
        "so the cards, the draws and the showdown's chips differ (who acts, and the pots "
        "before the showdown, are still compared)",
        _heads_up_deal,
        changes=("hole_cards", "moves", "stacks", "payoffs"),
    ),
    KnownDifference(
        "short-blind",
        "G-1.4.3",
        "2-7: after a blind all-in for less than the big blind PokerKit sizes calls and "
        "raises from the short blind; the rules keep the full big blind: the moves of the "
        "first round, and from then on the stacks, pots and payoffs, who acts and when the "
        "hand ends, and the wagers sized by the stacks",
        _short_blind,
        changes=("moves", "stacks", "pots", "payoffs", "actor", "is_over"),
    ),
    KnownDifference(
        "uncalled-bet-timing",
        "G-1.10.1",
        "PokerKit returns an uncalled bet at the end of the hand; holecard returns it when "
        "the betting round closes: until the end, the owner's stack lacks exactly the "
        "returned chips, and the pots are PokerKit's own",
        changes=("stacks", "pots"),
        expected=_uncalled_later,
    ),
    KnownDifference(
        "lone-player-acts",
        "G-1.5.4",
        "PokerKit gives a turn (check) to the only live player with chips when everybody "
        "else is all-in; the rules end the betting there: who acts, the pots (bets not yet "
        "collected), the moves offered then, and whether the hand is over",
        _lone_player_acts,
        changes=("actor", "pots", "moves", "is_over"),
    ),
    KnownDifference(
        "deck-recycling",
        "T-9, D-10",
        "when the stub runs out PokerKit recycles burns, muck and every discard (a player's "
        "own discards included, against D-10.5), which no holecard option reproduces "
        "(docs/rules.md §6.3): the adapter refuses to deal past the deck, and the hand "
        "stops at the move that needs a recycled card",
        _recycled,
        changes=("moves",),
    ),
)
