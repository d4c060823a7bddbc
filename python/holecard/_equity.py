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

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from holecard import _core
from holecard._enums import FourStraightMode, Game
from holecard._seed import fresh_seed
from holecard._types import CardsLike
from holecard.exceptions import ConfigurationError
from holecard.games import _Game

if TYPE_CHECKING:  # imported when an executor is given: import holecard stays light
    from holecard._distribute import ExecutorLike

__all__ = ["POT_UNITS", "Equity", "equity"]

POT_UNITS: int = _core.EQUITY_POT_UNITS
"""Pot units in one pot (5040 = 2 * lcm(1..10)): every split among up to ten players,
halves included, is a whole number of units, so exact results are exact."""


Equity = _core.Equity


def equity(
    game: Game | str | _Game,
    hands: Iterable[CardsLike],
    *,
    dead: CardsLike = (),
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    four_straight: FourStraightMode | str | None = None,
    progress: Callable[[int, int], object] | None = None,
    executor: ExecutorLike | None = None,
    chunk_size: int | None = None,
) -> Equity:
    """Each player's expected share of the pot at showdown.

    Args:
        game: A game id: ``"stud"``, ``"stud8"``, ``"razz"``, ``"soko"`` or
            ``"deuce_seven"``, a :class:`~holecard.Game`, or a game table
            (``SevenCardStud(...)``; at Soko its ``four_straight_mode`` is the default of
            ``four_straight``).
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
        threads: Worker threads (``None``: every core; more than eight per core are not
            started). The result does not depend on it.
        four_straight: Soko only: which runs count as a four-straight (docs/rules.md E-2.2.3),
            default ``CONSECUTIVE``.
        progress: Called as ``progress(done, total)`` about every 50 ms while the work
            runs, and once at the end, counting the run's internal jobs (with an
            ``executor``, as each chunk of them finishes). The run answers Ctrl-C
            (``KeyboardInterrupt``) within a fraction of a second.
        executor: Where to run the work: ``None`` in this process; a
            :class:`concurrent.futures.Executor` (``ProcessPoolExecutor``, Dask's
            ``Client.get_executor()``); or ``"ray"``, Ray tasks on the cluster this process
            is connected to (a local one is started if none is). The work is cut into
            chunks that add up exactly, so the result is the same bit for bit; exact
            enumerations too big for one machine are accepted (docs/scaling.md).
            ``threads`` is then the threads of each chunk (default 1).
        chunk_size: With an ``executor``: outcomes (samples, or completions) per chunk,
            about; ``None`` sizes chunks from the executor's measured per-chunk overhead.

    Returns:
        An :class:`Equity` with the shares, counts and (for Monte Carlo) standard errors.

    Raises:
        CardParseError: A card that cannot be read.
        DuplicateCardError: A card listed twice (in a hand, two hands, or the dead cards).
        InvalidHandError: Too few or too many hands, a hand with the wrong number of cards
            for the game, or not enough cards left to complete every hand.
        ConfigurationError: An unknown game or option, ``samples``, ``seed``, ``threads``
            or ``chunk_size`` out of range, or (without an ``executor``) an exact
            enumeration too big to finish in about a minute (pass ``samples`` or an
            ``executor``). Heads-up stud from third street (18 billion completions)
            enumerates in under a second; three-way fourth street (459 billion) needs an
            executor.
        ArgumentTypeError: An argument of the wrong type (``hands`` one string, a
            ``threads`` that is not a whole number, an ``executor`` that is not one …).

    >>> e = equity("stud8", ["Ac 2c 3d 4d 5h Kh Ks", "As 2s 3h 4h 9s Kd Kc"])
    >>> e.shares  # the wheel scoops: a straight for high and the best low
    (1.0, 0.0)
    >>> mc = equity("razz", ["Ah 2h 3c", "Kd Qs Js"], samples=100_000, seed=7)
    >>> mc.exact, mc.outcomes, mc == equity("razz", ["Ah 2h 3c", "Kd Qs Js"],
    ...                                      samples=100_000, seed=7, threads=1)
    (False, 100000, True)
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:  # or a ProcessPoolExecutor, Dask, "ray"
    ...     mc == equity("razz", ["Ah 2h 3c", "Kd Qs Js"], samples=100_000, seed=7,
    ...                  executor=pool, chunk_size=65_536)
    True
    """
    if isinstance(game, _Game):  # a table: its game, at Soko with its four-straight mode
        if four_straight is None and game.game.spec.four_straights:
            four_straight = game.options["four_straight_mode"]
        game_id: str = game.game.value
    else:
        game_id = game.value if isinstance(game, Game) else game
    if four_straight is not None and not _four_straights(game_id):
        raise ConfigurationError(f"four_straight applies to soko only, not {game_id!r}")
    if samples is not None and seed is None:
        seed = fresh_seed()
    if executor is not None:
        return _distributed(
            game_id,
            hands,
            dead,
            samples,
            seed,
            threads,
            four_straight,
            progress,
            executor,
            chunk_size,
        )
    if chunk_size is not None:
        raise ConfigurationError("chunk_size applies only with an executor")
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


def _four_straights(game_id: object) -> bool:
    """Whether ``game_id`` is the id of a game whose ranking counts four-straights (Soko)."""
    return any(game.value == game_id and game.spec.four_straights for game in Game)


def _distributed(
    game_id: str,
    hands: Iterable[CardsLike],
    dead: CardsLike,
    samples: int | None,
    seed: int | None,
    threads: int | None,
    four_straight: FourStraightMode | str | None,
    progress: Callable[[int, int], object] | None,
    executor: ExecutorLike,
    chunk_size: int | None,
) -> Equity:
    """:func:`equity` on ``executor``, in chunks of units that add up."""
    from holecard import _distribute

    executor = _distribute.check_executor(executor)
    _distribute.check_progress(progress)
    work = _core.EquityWork(
        game_id,
        hands,
        dead=dead,
        samples=samples,
        seed=0 if seed is None else seed,
        threads=1 if threads is None else threads,
        four_straight=four_straight,
    )
    if chunk_size is not None:
        _core._whole_number(chunk_size, "chunk_size", 1, 2**64 - 1)
    per_chunk = work.units_per_chunk(
        chunk_size, _distribute.workers(executor), _distribute.CHUNK_OVERHEAD_SECONDS
    )
    ranges = _core.chunk_ranges(work.units, per_chunk)
    check = functools.partial(_distribute.check_chunk, "units")
    totals = _distribute.run_chunks(executor, _chunk, work, ranges, progress=progress, check=check)
    # finish refuses totals that miss a unit (merging refused one counted twice).
    result: Equity = work.finish(totals)
    return result


def _chunk(work: _core.EquityWork, start: int, stop: int) -> _core.EquityTotals:
    """The totals of units ``start .. stop`` of ``work`` (run on a worker)."""
    import pickle

    return _worker_copy(pickle.dumps(work)).run(start, stop)


@functools.lru_cache(maxsize=2)
def _worker_copy(pickled: bytes) -> _core.EquityWork:
    """One copy of a request per worker process.

    The lists an exact enumeration builds are then built once there, not once per chunk.
    """
    import pickle

    work: _core.EquityWork = pickle.loads(pickled)
    return work
