"""Showdown equity: each player's expected share of the pot.

:func:`equity` deals out the cards every player is missing, either exactly (every
completion once) or by seeded Monte Carlo, ranks the finished hands by the game's rules
(docs/rules.md §2) and splits each pot the way the showdown would: ties split evenly (G-1.11), and
in stud hi/lo half goes to the best high and half to the best 8-or-better low, the high
hand scooping when nobody has a low (H-5).

**What is counted.** Each hand lists the cards its player holds; the *stub* is the 52
cards minus every listed card and every ``dead`` card. A *completion* gives each player his
own set of missing cards from the stub. Players are told apart; the order of the cards
within one player's set is not. With ``m`` stub cards and players missing ``k1, k2, ...``
cards there are ``C(m, k1) * C(m - k1, k2) * ...`` completions, all equally likely in a
random deal: ``outcomes`` is that number for exact results and the number of samples for
Monte Carlo.

>>> from holecard import equity
>>> e = equity("stud", ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"])
>>> e.exact, e.outcomes, e.wins, e.fractions[0]
(True, 1560, (1114, 446), Fraction(557, 780))

Here 40 cards are unseen and each player gets one of them: ``40 * 39 = 1560``
completions, of which the aces up win 1114 (557/780, pokenum's published example).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from holecard import _core
from holecard._enums import FourStraightMode, Game
from holecard._seed import fresh_seed
from holecard._types import CardsLike
from holecard.exceptions import ConfigurationError

__all__ = ["POT_UNITS", "Equity", "equity"]

POT_UNITS: int = _core.EQUITY_POT_UNITS
"""Pot units in one pot (5040 = 2 * lcm(1..10)): every split among up to ten players,
halves included, is a whole number of units, so exact results are exact."""


Equity = _core.Equity


def equity(
    game: Game | str,
    hands: Iterable[CardsLike],
    *,
    dead: CardsLike = (),
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    four_straight: FourStraightMode | str | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> Equity:
    """Each player's expected share of the pot at showdown.

    Args:
        game: A game id: ``"stud"``, ``"stud8"``, ``"razz"``, ``"soko"`` or
            ``"deuce_seven"`` (or a :class:`~holecard.Game`).
        hands: One entry per player (2 to 10), each the cards he holds as a string, a
            :class:`~holecard.Card` or an iterable of them. Stud games: 2 to 7 cards, up and
            down alike, completed to seven. Soko: 1 to 5 cards, completed to five.
            ``deuce_seven``: the 0 to 5 cards the player keeps; he draws the rest once.
        dead: Cards out of play (folded or exposed cards, discards); they are not dealt.
        samples: ``None`` enumerates every completion (see the module docs); a positive
            number draws that many uniform completions instead.
        seed: The Monte Carlo seed, an integer in ``0 .. 2**64 - 1``; ``None`` picks a
            random one (kept in :attr:`Equity.seed`). Ignored (but checked) when
            enumerating.
        threads: Worker threads (``None``: every core). The result does not depend on it.
        four_straight: Soko only: which runs count as a four-straight (docs/rules.md E-2.2.3),
            default ``CONSECUTIVE``.
        progress: Called as ``progress(done, total)`` about every 50 ms while the work
            runs, and once at the end, counting the run's internal jobs. The run answers
            Ctrl-C (``KeyboardInterrupt``) within a fraction of a second.

    Returns:
        An :class:`Equity` with the shares, counts and (for Monte Carlo) standard errors.

    Raises:
        CardParseError: A card that cannot be read.
        DuplicateCardError: A card listed twice (in a hand, two hands, or the dead cards).
        InvalidHandError: Too few or too many hands, a hand with the wrong number of cards
            for the game, or not enough cards left to complete every hand.
        ConfigurationError: An unknown game or option, ``samples``, ``seed`` or
            ``threads`` out of range, or an exact enumeration too big to finish in about a
            minute (pass ``samples`` instead). Heads-up stud from third street (18 billion
            completions) enumerates in under a second; three-way fourth street does not.
        ArgumentTypeError: An argument of the wrong type (``hands`` one string, a
            ``threads`` that is not a whole number …).

    >>> e = equity("stud8", ["Ac 2c 3d 4d 5h Kh Ks", "As 2s 3h 4h 9s Kd Kc"])
    >>> e.shares  # the wheel scoops: a straight for high and the best low
    (1.0, 0.0)
    >>> mc = equity("razz", ["Ah 2h 3c", "Kd Qs Js"], samples=100_000, seed=7)
    >>> mc.exact, mc.outcomes, mc == equity("razz", ["Ah 2h 3c", "Kd Qs Js"],
    ...                                      samples=100_000, seed=7, threads=1)
    (False, 100000, True)
    """
    game_id = game.value if isinstance(game, Game) else game
    if four_straight is not None and game_id != Game.SOKO.value:
        raise ConfigurationError(f"four_straight applies to soko only, not {game_id!r}")
    if samples is not None and seed is None:
        seed = fresh_seed()
    # The core checks samples, seed, threads, the hands and progress, naming any bad one.
    return _core.equity(
        game_id,
        hands,
        dead=dead,
        samples=samples,
        seed=0 if seed is None else seed,
        threads=threads,
        four_straight=four_straight,
        progress=progress,
    )
