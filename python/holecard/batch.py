"""Batch evaluation of many hands held in a NumPy array.

Each function takes an integer array of card indices of shape ``(n, k)`` (``uint8``
preferred; other integer types are checked and converted) and returns a ``uint32`` array
of ``n`` strengths equal to ``HandValue.strength`` of each row. The work runs in Rust with
the GIL released, spread over every core unless ``threads`` limits it (on Linux the
default pool, one thread per CPU the process may use, pins each thread to its own CPU;
``HOLECARD_PIN_THREADS=0`` in the environment turns that off, see ``docs/scaling.md``). A
bad row (an index above 51, a card twice) raises :class:`~holecard.InvalidHandError`
naming the first one.
Long batches respond to Ctrl-C (``KeyboardInterrupt``) between steps of about a million
rows, and report ``progress(done, total)`` after each step when a callback is given.

``validate=False`` skips the check for bad rows, for hands the caller vouches for (dealt
from a deck, say): about a fifth faster. It stays safe (every index is masked into its
lookup table, so nothing is read out of bounds and nothing crashes), but a bad row then
gets a meaningless strength instead of an error. Arrays of other integer types are still
checked for indices outside 0..=51 while they are converted to ``uint8``.

``out=`` takes a writable, C-contiguous ``uint32`` array of ``n`` slots to fill and
return instead of allocating one, for programs that evaluate batch after batch; a wrong
``out`` raises :class:`~holecard.ConfigurationError`. After an error ``out`` may hold some
strengths already written. ``threads`` is a whole number from 1 to 4096 (else
:class:`~holecard.ConfigurationError`, or :class:`~holecard.ArgumentTypeError` for a value
that is not a whole number, as for a ``progress`` that cannot be called); more than
eight threads per core are not started.

Hands that are not one C-contiguous block (a slice with steps, Fortran order, a broadcast
view) are copied into one first, once their shape is checked; a copy that cannot be
allocated raises :class:`MemoryError`.

>>> import numpy as np
>>> from holecard import batch, evaluate_high, parse_cards
>>> hands = np.array([[c.index for c in parse_cards("As Ks Qs Js Ts 2d 3c")],
...                   [c.index for c in parse_cards("2c 3d 4h 5s 7c 8d 9h")]], dtype=np.uint8)
>>> batch.evaluate_high(hands).tolist()
[7462, 49]
>>> int(batch.evaluate_high(hands)[1]) == evaluate_high("2c 3d 4h 5s 7c 8d 9h").strength
True
>>> out = np.zeros(2, dtype=np.uint32)
>>> batch.evaluate_ace_five(hands, out=out) is out
True
>>> batch.evaluate_high(hands, validate=False).tolist()  # the same for valid rows
[7462, 49]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from holecard import _core
from holecard._enums import FourStraightMode
from holecard.exceptions import InvalidHandError

__all__ = [
    "evaluate_ace_five",
    "evaluate_deuce_seven",
    "evaluate_high",
    "evaluate_low8",
    "evaluate_soko",
]

Strengths = npt.NDArray[np.uint32]


def _as_hands(hands: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    try:
        a = np.asarray(hands)
    except (ValueError, TypeError) as exc:  # ragged rows, objects NumPy cannot convert
        raise InvalidHandError(f"expected a 2-D array of card indices (n, k): {exc}") from None
    if a.ndim != 2:
        raise InvalidHandError(f"expected a 2-D array of card indices (n, k), got shape {a.shape}")
    if a.dtype == np.uint8:
        return a
    if not np.issubdtype(a.dtype, np.integer):
        raise InvalidHandError(f"expected an integer array of card indices, got dtype {a.dtype}")
    if a.size and (a.min() < 0 or a.max() > 51):
        bad = np.flatnonzero(((a < 0) | (a > 51)).any(axis=1))[0]
        raise InvalidHandError(f"row {bad}: card index outside 0..=51 in {a[bad].tolist()}")
    return a.astype(np.uint8)


Progress = Callable[[int, int], object]


def _run(
    ranking: str,
    hands: npt.ArrayLike,
    threads: int | None,
    progress: Progress | None,
    out: Strengths | None,
    validate: bool,
) -> Strengths:
    return _core.batch_evaluate(
        ranking, _as_hands(hands), threads=threads, progress=progress, out=out, validate=validate
    )


def evaluate_high(
    hands: npt.ArrayLike,
    *,
    threads: int | None = None,
    progress: Progress | None = None,
    out: Strengths | None = None,
    validate: bool = True,
) -> Strengths:
    """High strengths (docs/rules.md E-2.1) of rows of 5, 6 or 7 cards."""
    return _run("high", hands, threads, progress, out, validate)


def evaluate_soko(
    hands: npt.ArrayLike,
    *,
    four_straight: FourStraightMode | str = FourStraightMode.CONSECUTIVE,
    threads: int | None = None,
    progress: Progress | None = None,
    out: Strengths | None = None,
    validate: bool = True,
) -> Strengths:
    """Soko strengths (docs/rules.md E-2.2) of rows of exactly 5 cards."""
    # The core reads the mode, naming a bad one as evaluate_soko and equity do.
    return _core.batch_evaluate(
        "soko",
        _as_hands(hands),
        four_straight=four_straight,
        threads=threads,
        progress=progress,
        out=out,
        validate=validate,
    )


def evaluate_ace_five(
    hands: npt.ArrayLike,
    *,
    threads: int | None = None,
    progress: Progress | None = None,
    out: Strengths | None = None,
    validate: bool = True,
) -> Strengths:
    """Ace-to-five low strengths (docs/rules.md E-2.3.1-2, razz) of rows of 5, 6 or 7 cards."""
    return _run("ace_five", hands, threads, progress, out, validate)


def evaluate_low8(
    hands: npt.ArrayLike,
    *,
    threads: int | None = None,
    progress: Progress | None = None,
    out: Strengths | None = None,
    validate: bool = True,
) -> Strengths:
    """8-or-better low strengths (docs/rules.md E-2.3.3-4); 0 where a row has no qualifying low."""
    return _run("low8", hands, threads, progress, out, validate)


def evaluate_deuce_seven(
    hands: npt.ArrayLike,
    *,
    threads: int | None = None,
    progress: Progress | None = None,
    out: Strengths | None = None,
    validate: bool = True,
) -> Strengths:
    """Deuce-to-seven strengths (docs/rules.md E-2.4) of rows of 5, 6 or 7 cards (best five)."""
    return _run("deuce_seven", hands, threads, progress, out, validate)
