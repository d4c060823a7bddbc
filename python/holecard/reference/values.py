"""The values a reference State hands out: legal actions, moves and player views."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from holecard.reference.cards import ALL_CARDS, parse_cards

__all__ = ["MOVE_KINDS", "LegalActions", "Move", "PlayerView"]


@dataclass(frozen=True)
class LegalActions:
    """What the player to act may do now.

    Attributes:
        fold: folding is allowed.
        check: checking is allowed.
        draw: a draw decision (``draw``/``stand_pat``) is expected (2-7).
        call: chips to add to call (less than the bet when all-in), or None.
        bring_in: the forced bring-in amount (maybe short), or None.
        complete: the total a completion makes (FL stud), or None.
        min_raise_to: smallest total for a bet/raise this round, or None.
        max_raise_to: largest total for a bet/raise this round, or None. In fixed limit
            only ``min_raise_to`` and ``max_raise_to`` themselves are legal (they differ
            under the open-pair rule, G-1.6.4: small or big bet, and when an all-in short
            of the next full bet is the other total, G-1.9.1).
        raise_totals: fixed limit: every legal bet/raise total, ascending; None in pot and
            no limit (every total from ``min_raise_to`` to ``max_raise_to``) and when no
            bet or raise is legal.
    """

    fold: bool = False
    check: bool = False
    draw: bool = False
    call: int | None = None
    bring_in: int | None = None
    complete: int | None = None
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    raise_totals: tuple[int, ...] | None = None


#: The kinds of :class:`Move`: the names of the State methods they call.
MOVE_KINDS: Final[tuple[str, ...]] = (
    "fold",
    "check",
    "call",
    "post_bring_in",
    "complete",
    "bet_or_raise_to",
    "draw",
    "stand_pat",
)


@dataclass(frozen=True)
class Move:
    """One move of the player to act, as a value (:meth:`State.legal_moves`).

    Attributes:
        kind: the name of the State method the move calls (:data:`MOVE_KINDS`).
        amount: the total of a ``bet_or_raise_to``, else None.
        discards: the cards a ``draw`` throws, in deck order (``2c`` first); a draw of
            no card is the ``stand_pat`` move.
    """

    kind: str
    amount: int | None = None
    discards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            raise ValueError(f"unknown move kind {self.kind!r}")
        if (self.amount is None) == (self.kind == "bet_or_raise_to"):
            need = "needs an" if self.amount is None else "takes no"
            raise ValueError(f"a {self.kind} move {need} amount")
        cards = tuple(sorted(parse_cards(self.discards), key=ALL_CARDS.index))
        if cards and self.kind != "draw":
            raise ValueError(f"a {self.kind} move takes no discards")
        object.__setattr__(self, "discards", cards)
        if self.kind == "draw" and not cards:
            object.__setattr__(self, "kind", "stand_pat")


@dataclass(frozen=True)
class PlayerView:
    """A read-only snapshot of one seat.

    Attributes:
        seat: the seat index.
        hole_cards: every card the player holds, in dealt order (2-7: kept cards in
            order, replacements appended).
        up_cards: his face-up cards (stud), dealt order.
        down_cards: his face-down cards, dealt order.
        stack: chips behind (not yet committed).
        folded: he folded.
        all_in: he has no chips left and did not fold.
        bet: chips committed in the current betting round.
        contributed: chips put in during the hand (antes, blinds, bets).
    """

    seat: int
    hole_cards: tuple[str, ...]
    up_cards: tuple[str, ...]
    down_cards: tuple[str, ...]
    stack: int
    folded: bool
    all_in: bool
    bet: int
    contributed: int
