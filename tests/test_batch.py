"""Batch evaluation (DESIGN.md "Batch evaluation")."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given

from conftest import python_child
from holecard import Card, ConfigurationError, InvalidHandError, _core, batch, parse_cards
from holecard.testing import card_arrays

PER_CALL: dict[str, Callable[..., object]] = {
    "evaluate_high": _core.evaluate_high,
    "evaluate_ace_five": _core.evaluate_ace_five,
    "evaluate_low8": _core.evaluate_low8,
    "evaluate_soko": _core.evaluate_soko,
    "evaluate_deuce_seven": _core.evaluate_deuce_seven,
}
SIZES = {
    "evaluate_high": (5, 6, 7),
    "evaluate_ace_five": (5, 6, 7),
    "evaluate_low8": (5, 6, 7),
    "evaluate_soko": (5,),
    "evaluate_deuce_seven": (5, 6, 7),
}
CASES = [(name, k) for name, sizes in SIZES.items() for k in sizes]


def per_call(name: str, row: npt.NDArray[np.uint8]) -> int:
    value = PER_CALL[name]([Card.from_index(int(i)) for i in row])
    return 0 if value is None else int(value.strength)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "k"), CASES)
@given(data=card_arrays(7))
def test_batch_equals_per_call(name: str, k: int, data: npt.NDArray[np.uint8]) -> None:
    hands = np.ascontiguousarray(data[:, :k])
    got = getattr(batch, name)(hands)
    assert got.dtype == np.uint32
    assert got.shape == (len(hands),)
    assert got.tolist() == [per_call(name, row) for row in hands]
    assert getattr(batch, name)(hands, threads=1).tolist() == got.tolist()


def test_large_batches_are_split_across_threads_identically() -> None:
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((100_000, 52)), axis=1)[:, :7].astype(np.uint8)
    one = batch.evaluate_high(hands, threads=1)
    assert np.array_equal(batch.evaluate_high(hands), one)
    assert np.array_equal(batch.evaluate_high(hands, threads=2), one)
    # Non-contiguous views and other integer types give the same answer.
    assert np.array_equal(batch.evaluate_high(hands.astype(np.int64)), one)
    assert np.array_equal(batch.evaluate_high(np.asfortranarray(hands)), one)


@pytest.mark.parametrize(("name", "k"), [(name, sizes[-1]) for name, sizes in SIZES.items()])
def test_large_new_outputs_are_written_in_every_slot(name: str, k: int) -> None:
    # Large outputs are not zeroed before they are filled. Freeing a same-sized array of
    # an impossible strength first makes an unwritten slot likely to show it.
    rows = 20_000
    rng = np.random.default_rng(k + 100)
    hands = np.argsort(rng.random((rows, 52)), axis=1)[:, :k].astype(np.uint8)
    want = [per_call(name, row) for row in hands]
    for threads in (1, 2):
        sentinel = np.full(rows, 0xFFFF_FFFF, dtype=np.uint32)
        del sentinel
        got = getattr(batch, name)(hands, threads=threads)
        assert got.flags.c_contiguous
        assert got.flags.writeable
        assert got.dtype == np.uint32
        assert got.tolist() == want


@pytest.mark.parametrize(("name", "k"), CASES)
def test_out_is_filled_and_returned(name: str, k: int) -> None:
    rng = np.random.default_rng(k)
    # More rows than two parallel chunks, so threads=2 really splits the work.
    hands = np.argsort(rng.random((40_000, 52)), axis=1)[:, :k].astype(np.uint8)
    fresh = getattr(batch, name)(hands)
    sample = range(0, len(hands), 397)
    assert [int(fresh[i]) for i in sample] == [per_call(name, hands[i]) for i in sample]
    out = np.full(len(hands), 99, dtype=np.uint32)
    assert getattr(batch, name)(hands, out=out) is out
    assert np.array_equal(out, fresh)
    # Reused for a second batch, split over two threads.
    out[:] = 0
    assert getattr(batch, name)(hands, threads=2, out=out) is out
    assert np.array_equal(out, fresh)


@pytest.mark.parametrize("name", ["evaluate_high", "evaluate_ace_five", "evaluate_low8"])
def test_six_card_blocks_equal_per_call(name: str) -> None:
    # Whole blocks of rows and a partial one, with flushes at the edges of blocks of 64 and
    # of 256 (the Rust batch's block) and in the last row.
    rng = np.random.default_rng(6)
    hands = np.argsort(rng.random((600, 52)), axis=1)[:, :6].astype(np.uint8)
    for at in (63, 255):
        hands[at] = [c.index for c in parse_cards("2s 5s 9s Js Ks 3d")]
        hands[at + 1] = [c.index for c in parse_cards("2h 3h 4h 5h 6h 7h")]
    hands[599] = [c.index for c in parse_cards("Ac Kc Qc Jc 9c 8c")]
    got = getattr(batch, name)(hands, threads=1)
    assert got.tolist() == [per_call(name, row) for row in hands]


def test_out_over_several_steps_with_progress() -> None:
    rows = np.array([[c.index for c in parse_cards("As Ks Qs Js Ts 2d 3c")]] * 3)
    rows[1, 4] = Card("9s").index
    rows[2, 0] = Card("2h").index
    hands = np.tile(rows.astype(np.uint8), (800_000, 1))
    out = np.zeros(len(hands), dtype=np.uint32)
    seen: list[int] = []
    batch.evaluate_high(hands, out=out, progress=lambda done, _total: seen.append(done))
    assert seen == [1 << 20, 2 << 20, len(hands)]
    assert np.array_equal(out, np.tile(batch.evaluate_high(rows.astype(np.uint8)), 800_000))


def test_empty_batch_with_out() -> None:
    out = np.zeros(0, dtype=np.uint32)
    assert batch.evaluate_high(np.zeros((0, 7), dtype=np.uint8), out=out) is out


def _overlapping() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint32]]:
    buffer = np.zeros(28, dtype=np.uint8)
    return buffer.reshape(4, 7), buffer[:16].view(np.uint32)


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (np.zeros(4, dtype=np.uint32), "3 slots .* it has 4 slots"),
        (np.zeros(3, dtype=np.int64), "dtype int64"),
        (np.zeros(3, dtype=">u4"), "dtype >u4"),
        (np.zeros((3, 1), dtype=np.uint32), r"shape \(3, 1\)"),
        (np.zeros((), dtype=np.uint32), r"shape \(\)"),
        (np.zeros(6, dtype=np.uint32)[::2], "not C-contiguous and aligned"),
        (np.zeros(13, dtype=np.uint8)[1:].view(np.uint32), "not C-contiguous and aligned"),
        ([0, 0, 0], "got a list"),
    ],
)
def test_a_bad_out_is_a_configuration_error(out: object, message: str) -> None:
    hands = np.tile(np.arange(7, dtype=np.uint8), (3, 1))
    with pytest.raises(ConfigurationError, match=message):
        batch.evaluate_high(hands, out=out)  # type: ignore[arg-type]


def test_an_out_sharing_memory_with_the_hands_is_refused() -> None:
    hands, out = _overlapping()
    hands[:] = np.arange(7, dtype=np.uint8)
    with pytest.raises(ConfigurationError, match="cannot be written"):
        batch.evaluate_high(hands, out=out)
    assert hands.tolist() == [list(range(7))] * 4


def test_bad_hands_are_reported_before_a_bad_out() -> None:
    with pytest.raises(InvalidHandError, match="got 4"):
        batch.evaluate_high(np.zeros((3, 4), dtype=np.uint8), out=np.zeros(1, dtype=np.int8))


def test_a_read_only_out_is_refused_and_left_alone() -> None:
    hands = np.tile(np.arange(7, dtype=np.uint8), (3, 1))
    out = np.zeros(3, dtype=np.uint32)
    out.setflags(write=False)
    with pytest.raises(ConfigurationError, match=r"cannot be written .*not writeable"):
        batch.evaluate_high(hands, out=out)
    assert out.tolist() == [0, 0, 0]
    assert isinstance(ConfigurationError("x"), ValueError)


def test_a_bad_row_with_out_still_names_the_row() -> None:
    hands = np.tile(np.arange(7, dtype=np.uint8), (10, 1))
    hands[6, 1] = 0
    with pytest.raises(InvalidHandError, match="row 6: card index 0 appears twice"):
        batch.evaluate_high(hands, out=np.zeros(10, dtype=np.uint32))


def test_empty_batch() -> None:
    assert batch.evaluate_high(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_first_bad_row_is_named() -> None:
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((50_000, 52)), axis=1)[:, :7].astype(np.uint8)
    hands[40_123, 3] = hands[40_123, 5]
    hands[45_000, 0] = 60
    with pytest.raises(InvalidHandError, match=r"row 40123: card index \d+ appears twice"):
        batch.evaluate_high(hands)
    hands[10, 2] = 52
    with pytest.raises(InvalidHandError, match=r"row 10: card index 52 is not in 0\.\.=51"):
        batch.evaluate_high(hands, threads=2)
    hands[49_990, 6] = hands[49_990, 0]
    with pytest.raises(InvalidHandError, match="row 10: "):
        batch.evaluate_high(hands, threads=2)
    hands[10, 2] = 11 if 11 not in hands[10] else 12
    # The first bad row is now in the last, partial block of the last parallel chunk.
    hands[40_123] = hands[40_124]
    hands[45_000] = hands[45_001]
    for threads in (1, 2, None):
        with pytest.raises(InvalidHandError, match=r"row 49990: card index \d+ appears twice"):
            batch.evaluate_high(hands, threads=threads)
    with pytest.raises(InvalidHandError, match="row 0"):
        batch.evaluate_high(np.array([[0, 1, 2, 3, -1]]))
    with pytest.raises(InvalidHandError, match="row 0"):
        batch.evaluate_high(np.array([[0, 1, 2, 3, 255]], dtype=np.uint8))


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3, 4), dtype=np.uint8), "high needs 5 to 7 cards, got 4"),
        (np.zeros((3, 8), dtype=np.uint8), "got 8"),
        (np.zeros(7, dtype=np.uint8), "2-D"),
        (np.zeros((2, 7), dtype=np.float64), "integer"),
        (np.zeros((0, 2**44), dtype=np.uint8), "got 17592186044416"),
    ],
)
def test_bad_shapes_and_types(hands: npt.NDArray[np.generic], message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        batch.evaluate_high(hands)


def test_views_too_big_to_copy_are_refused_not_fatal() -> None:
    # A broadcast view of 2**45 rows: more than any address space holds once copied. The
    # shape is checked before the copy, and the copy is refused instead of aborting.
    row = np.arange(7, dtype=np.uint8)
    with pytest.raises(MemoryError, match="cannot be allocated"):
        batch.evaluate_high(np.broadcast_to(row, (2**45, 7)))
    with pytest.raises(InvalidHandError, match="got 9"):
        batch.evaluate_high(np.broadcast_to(np.arange(9, dtype=np.uint8), (2**45, 9)))
    # A small view is copied and evaluated as its contiguous copy.
    view = np.broadcast_to(row, (3, 7))
    assert batch.evaluate_high(view).tolist() == batch.evaluate_high(view.copy()).tolist()


def test_bad_thread_count() -> None:
    with pytest.raises(ValueError, match="threads"):
        batch.evaluate_high(np.zeros((0, 7), dtype=np.uint8), threads=0)


def test_soko_mode_and_five_card_only() -> None:
    row = np.array([[c.index for c in map(Card, ["Ah", "2c", "3d", "4s", "Kc"])]], dtype=np.uint8)
    consecutive = batch.evaluate_soko(row)[0]
    open_ended = batch.evaluate_soko(row, four_straight="OPEN_ENDED")[0]
    assert consecutive == _core.evaluate_soko("Ah 2c 3d 4s Kc").strength
    assert open_ended == _core.evaluate_soko("Ah 2c 3d 4s Kc", four_straight="OPEN_ENDED").strength
    with pytest.raises(InvalidHandError, match="exactly 5"):
        batch.evaluate_soko(np.zeros((1, 7), dtype=np.uint8))


def test_progress_is_reported_per_step() -> None:
    hands = np.tile(np.arange(7, dtype=np.uint8), (2_500_000, 1))
    seen: list[tuple[int, int]] = []
    out = batch.evaluate_high(hands, progress=lambda done, total: seen.append((done, total)))
    assert len(out) == 2_500_000
    assert seen[-1] == (2_500_000, 2_500_000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert len(seen) == 3


def test_an_error_in_the_progress_callback_stops_the_batch() -> None:
    hands = np.tile(np.arange(7, dtype=np.uint8), (3_000_000, 1))
    steps: list[int] = []

    def stop(done: int, total: int) -> None:
        steps.append(done)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        batch.evaluate_high(hands, progress=stop)
    assert steps == [1 << 20]


CHILD = """
import sys, numpy as np
from holecard import batch
hands = np.tile(np.arange(7, dtype=np.uint8), (120_000_000, 1))
steps = []
def report(done, total):
    steps.append(done)
    if len(steps) == 1:
        print("started", flush=True)
try:
    batch.evaluate_high(hands, threads=1, progress=report)
    print("finished", len(steps), flush=True)
except KeyboardInterrupt:
    print("interrupted", len(steps), flush=True)
"""


def test_sigint_stops_a_long_batch_within_a_second() -> None:
    with python_child(CHILD) as child:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        last = child.stdout.readline().split()
        child.wait(timeout=30)
        assert time.monotonic() - sent < 1.0
    assert last[0] == "interrupted", last
    assert int(last[1]) < 115  # far from the 115 steps of the whole batch


def test_bad_row_numbers_count_from_the_whole_array() -> None:
    hands = np.tile(np.arange(7, dtype=np.uint8), (2_200_000, 1))
    hands[2_100_000, 6] = 0
    with pytest.raises(InvalidHandError, match="row 2100000:"):
        batch.evaluate_high(hands)
