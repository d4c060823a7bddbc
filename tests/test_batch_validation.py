"""Batch validation: a validated call rejects every bad row, whatever fast path it takes;
``validate=False`` never crashes, and equals the validated call on valid rows.

Every ranking and hand size, on one thread and on two (arrays longer than one parallel
chunk of 16,384 rows, so that two threads really split them), with and without ``out=``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from holecard import InvalidHandError, batch

Strengths = npt.NDArray[np.uint32]
Call = Callable[..., Strengths]

#: (function, hand size, its keyword options) for every batch ranking.
CASES: list[tuple[str, int, dict[str, str]]] = [
    *[(name, k, {}) for name in ("evaluate_high", "evaluate_ace_five") for k in (5, 6, 7)],
    *[(name, k, {}) for name in ("evaluate_low8", "evaluate_deuce_seven") for k in (5, 6, 7)],
    *[("evaluate_soko", 5, {"four_straight": m}) for m in ("CONSECUTIVE", "WITH_GUTSHOT")],
]
IDS = [f"{name}-{k}-{opts.get('four_straight', '')}".rstrip("-") for name, k, opts in CASES]
#: Rows of the arrays that two threads split (the last one in a partial block).
LONG = 3 * 16_384 + 77


@functools.cache
def _pool(k: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(k)
    pool = np.argsort(rng.random((LONG, 52)), axis=1)[:, :k].astype(np.uint8)
    pool.flags.writeable = False
    return pool


def valid_hands(n: int, k: int, seed: int) -> npt.NDArray[np.uint8]:
    """``n`` random hands of ``k`` distinct cards (drawn from a pool dealt once per ``k``)."""
    rng = np.random.default_rng(seed)
    return _pool(k)[rng.integers(0, LONG, size=n)]


def run(
    name: str,
    opts: dict[str, str],
    hands: npt.NDArray[np.uint8],
    *,
    threads: int,
    with_out: bool,
    validate: bool = True,
) -> Strengths:
    """The batch call, into a given ``out`` when ``with_out``."""
    f: Call = getattr(batch, name)
    out = np.zeros(len(hands), dtype=np.uint32) if with_out else None
    got = f(hands, threads=threads, out=out, validate=validate, **opts)
    assert got.dtype == np.uint32
    assert got.shape == (len(hands),)
    assert out is None or got is out
    return got


def bad_rows(k: int) -> list[tuple[str, Callable[[npt.NDArray[np.uint8]], None]]]:
    """Every way of spoiling a row, each with the message it must get: an index that is
    not a card in each slot, and each card repeated (2 up to ``k`` copies) from each slot."""
    spoilers: list[tuple[str, Callable[[npt.NDArray[np.uint8]], None]]] = []
    for pos in range(k):
        for index in (52, 64, 255):

            def not_a_card(row: npt.NDArray[np.uint8], pos: int = pos, index: int = index) -> None:
                row[pos] = index

            spoilers.append((f"card index {index} is not in 0..=51", not_a_card))
        for copies in range(2, k - pos + 1):

            def repeat(row: npt.NDArray[np.uint8], pos: int = pos, copies: int = copies) -> None:
                row[pos : pos + copies] = row[pos]

            spoilers.append(("appears twice", repeat))
            # The repeats need not be side by side: the copy sits last in the row.

            def apart(row: npt.NDArray[np.uint8], pos: int = pos) -> None:
                row[k - 1] = row[pos]

            if pos < k - 1:
                spoilers.append(("appears twice", apart))
    return spoilers


@pytest.mark.parametrize(("name", "k", "opts"), CASES, ids=IDS)
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("with_out", [False, True])
def test_every_bad_row_is_rejected_at_every_place(
    name: str, k: int, opts: dict[str, str], threads: int, with_out: bool
) -> None:
    """Each spoiled row, at the edges of blocks and parallel chunks and in the last
    partial block, is the row the error names."""
    base = valid_hands(LONG if threads == 2 else 200, k, seed=k)
    places = (0, 63, 16_384, LONG - 1) if threads == 2 else (0, 63, 64, 199)
    for message, spoil in bad_rows(k):
        for at in places:
            hands = base.copy()
            spoil(hands[at])
            with pytest.raises(InvalidHandError, match=rf"^row {at}: .*{re.escape(message)}"):
                run(name, opts, hands, threads=threads, with_out=with_out)


@pytest.mark.parametrize(("name", "k", "opts"), CASES, ids=IDS)
@given(data=st.data())
def test_a_validated_call_never_accepts_a_bad_row(
    name: str, k: int, opts: dict[str, str], data: st.DataObject
) -> None:
    """Random batches with one to three spoiled rows (random indices above 51, random
    repeats): the call raises, naming the first spoiled row."""
    n = data.draw(st.sampled_from([1, 2, 65, 700, LONG]), label="rows")
    hands = valid_hands(n, k, seed=data.draw(st.integers(0, 2**32 - 1), label="seed"))
    spoiled = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3), label="rows")
    for row in spoiled:
        slots = data.draw(
            st.lists(st.integers(0, k - 1), min_size=1, max_size=k, unique=True), label="slots"
        )
        if data.draw(st.booleans(), label="not a card"):
            hands[row, slots[0]] = data.draw(st.integers(52, 255), label="index")
        else:
            extra = data.draw(st.sampled_from([s for s in range(k) if s != slots[0]]))
            hands[row, [*slots, extra]] = hands[row, slots[0]]
    threads = data.draw(st.sampled_from([1, 2]), label="threads")
    with_out = data.draw(st.booleans(), label="out")
    with pytest.raises(InvalidHandError, match=rf"^row {min(spoiled)}: "):
        run(name, opts, hands, threads=threads, with_out=with_out)


@pytest.mark.parametrize(("name", "k", "opts"), CASES, ids=IDS)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([0, 1, 64, 1_000, LONG]))
def test_unvalidated_calls_equal_validated_ones_on_valid_rows(
    name: str, k: int, opts: dict[str, str], seed: int, n: int
) -> None:
    hands = valid_hands(n, k, seed)
    want = run(name, opts, hands, threads=1, with_out=False)
    for threads in (1, 2):
        for with_out in (False, True):
            got = run(name, opts, hands, threads=threads, with_out=with_out, validate=False)
            assert np.array_equal(got, want)


@pytest.mark.parametrize(("name", "k", "opts"), CASES, ids=IDS)
@given(seed=st.integers(0, 2**32 - 1))
def test_unvalidated_calls_survive_any_bytes(
    name: str, k: int, opts: dict[str, str], seed: int
) -> None:
    """Every byte value in every slot (and rows of one value repeated): no crash and no
    error, a strength per row (meaningless for a bad row); the validated call refuses."""
    rng = np.random.default_rng(seed)
    garbage = rng.integers(0, 256, size=(LONG, k), dtype=np.uint8)
    garbage[:256] = np.arange(256, dtype=np.uint8)[:, None]
    for threads in (1, 2):
        for with_out in (False, True):
            run(name, opts, garbage, threads=threads, with_out=with_out, validate=False)
    with pytest.raises(InvalidHandError, match=r"^row 0: "):
        run(name, opts, garbage, threads=2, with_out=False)


def test_validate_must_be_a_flag() -> None:
    hands = valid_hands(3, 7, seed=1)
    with pytest.raises(TypeError, match="validate must be True or False"):
        batch.evaluate_high(hands, validate="no")  # type: ignore[arg-type]
