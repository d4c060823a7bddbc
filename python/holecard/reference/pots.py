"""Pots and splitting (G-1.10, G-1.11) as plain functions, so they can be tested alone.

:func:`build_pots` builds the main and side pots from the total contributions,
:func:`split_amount` splits a pot among winners with the odd chips in a given order, and
:func:`split_hi_lo` splits a hi/lo pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "build_pots", "rake_of", "split_amount", "split_hi_lo", "take_rake"]


@dataclass(frozen=True)
class Pot:
    """A pot: its amount and the seats eligible to win it (G-1.10.2)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(totals: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]) -> list[Pot]:
    """Build the main pot and side pots from total contributions (G-1.10.2-3).

    Args:
        totals: ``T[p]``, everything each seat put in (folded seats included).
        live: seat has not folded.
        all_in: seat is all-in.

    Returns:
        Pots from the main pot up; adjacent pots with the same contestants merged.
    """
    levels = sorted({t for t, lv, ai in zip(totals, live, all_in, strict=True) if lv and ai})
    others = [t for t, lv, ai in zip(totals, live, all_in, strict=True) if lv and not ai]
    if others:
        levels = sorted(set(levels) | {max(others)})
    levels = [lv for lv in levels if lv > 0] or [max(totals, default=0)]
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(t, level) - min(t, previous) for t in totals)
        eligible = tuple(
            p for p, (t, lv) in enumerate(zip(totals, live, strict=True)) if lv and t >= level
        )
        previous = level
        if pots and pots[-1].eligible == eligible:  # G-1.10.3 merge
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount > 0 or not pots:
            pots.append(Pot(amount, eligible))
    leftover = sum(totals) - sum(p.amount for p in pots)
    if leftover:  # chips above every level (cannot happen after G-1.10.1; kept safe)
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return pots


def rake_of(pots: Sequence[Pot], basis_points: int, cap: int | None, unit: int = 1) -> int:
    """The rake of a hand (G-1.10.7).

    ``basis_points`` / 10000 of every chip in the pots, at most ``cap``, rounded down to
    whole chip units.

    >>> rake_of([Pot(95, (0, 1)), Pot(10, (0,))], 500, None)
    5
    >>> rake_of([Pot(1000, (0, 1))], 500, 30, unit=25)
    25
    """
    share = sum(p.amount for p in pots) * basis_points // 10000
    if cap is not None:
        share = min(share, cap)
    return share - share % unit


def take_rake(pots: Sequence[Pot], rake: int) -> list[Pot]:
    """The pots after the rake is taken, from the main pot up; pots left empty go (G-1.10.7).

    >>> take_rake([Pot(3, (0, 1)), Pot(10, (0,))], 5)
    [Pot(amount=8, eligible=(0,))]
    """
    out: list[Pot] = []
    for pot in pots:
        taken = min(rake, pot.amount)
        rake -= taken
        if pot.amount > taken:
            out.append(Pot(pot.amount - taken, pot.eligible))
    return out


def split_amount(amount: int, winners_in_order: Sequence[int], unit: int = 1) -> dict[int, int]:
    """Split ``amount`` among winners (G-1.11.1), odd units in the given order.

    Everyone gets ``floor(X / (k*u))*u``; the remainder goes one unit at a time to the
    winners in odd-chip order (at most one odd unit each). A remainder smaller than one
    unit (amounts not a multiple of the unit) goes to the next winner in that order.

    Args:
        amount: the chips to split.
        winners_in_order: the winning seats, already in odd-chip order.
        unit: the chip unit *u*.

    Returns:
        Seat → chips.
    """
    k = len(winners_in_order)
    base = (amount // (k * unit)) * unit
    shares = dict.fromkeys(winners_in_order, base)
    rest = amount - base * k
    for seat in winners_in_order:
        if rest <= 0:
            break
        give = min(unit, rest)
        shares[seat] += give
        rest -= give
    return shares


def split_hi_lo(
    amount: int,
    high_in_order: Sequence[int],
    low_in_order: Sequence[int],
    unit: int = 1,
    *,
    scoop_identical_split: bool = True,
    odd_to_high_winner: int | None = None,
) -> tuple[dict[int, int], dict[int, int]]:
    """Split a hi/lo pot (G-1.11.2-3, H-5).

    Args:
        amount: the pot.
        high_in_order: best-high winners in odd-chip order.
        low_in_order: qualifying-low winners in odd-chip order (empty: no low).
        unit: chip unit.
        scoop_identical_split: G-1.11.3: identical winner sets split the pot once.
        odd_to_high_winner: H-5 step 5 under ``split_half_odd_chip = HIGH_WINNER``: the
            high winner nearest the dealer, who gets every odd unit left when a half is
            shared (the low half's too, listed in the low shares after its winners if he
            is not one of them); ``None`` (``WITHIN_HALF``): each half's odd units stay in
            that half, in odd-chip order.

    Returns:
        ``(high shares, low shares)``; with no low or an identical split the low dict is
        empty and the high dict holds the whole pot.
    """
    if not low_in_order:  # H-5.2
        return split_amount(amount, high_in_order, unit), {}
    if scoop_identical_split and set(high_in_order) == set(low_in_order):  # G-1.11.3
        return split_amount(amount, high_in_order, unit), {}
    low = (amount // (2 * unit)) * unit  # G-1.11.2: odd unit to the high half
    high = amount - low
    if odd_to_high_winner is None:
        return split_amount(high, high_in_order, unit), split_amount(low, low_in_order, unit)
    halves: list[dict[int, int]] = []
    for half, winners in ((high, high_in_order), (low, low_in_order)):
        each = (half // (len(winners) * unit)) * unit  # G-1.11.1 without the odd units
        shares = dict.fromkeys(winners, each)
        odd = half - each * len(winners)
        if odd:
            shares[odd_to_high_winner] = shares.get(odd_to_high_winner, 0) + odd
        halves.append(shares)
    return halves[0], halves[1]
