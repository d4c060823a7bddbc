"""Hostile input from Python: wrong types, huge and negative numbers, NaN, empty and
enormous inputs. Every public entry point either works or raises a holecard error (never a
bare TypeError, ValueError, OverflowError or IndexError from the binding), never a Rust
panic (``PanicException`` derives from ``BaseException``, so it would escape these
checks), never a crash, and a rejected action leaves the state unchanged.
tests/test_public_api_errors.py drives every public callable the same way."""

from __future__ import annotations

import contextlib
import copy
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import holecard
from holecard import batch

ORDINARY = (holecard.HoleCardError,)

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.just(math.nan),
    st.text(max_size=40),
    st.binary(max_size=40),
    st.lists(st.one_of(st.integers(-5, 60), st.text(max_size=4)), max_size=12),
    st.tuples(st.text(max_size=3), st.integers()),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.builds(object),
)


def survives(call: Callable[[], Any]) -> None:
    with contextlib.suppress(*ORDINARY):
        call()


EVALUATORS: list[Callable[..., Any]] = [
    holecard.evaluate_high,
    holecard.evaluate_soko,
    holecard.evaluate_ace_five,
    holecard.evaluate_low8,
    holecard.evaluate_deuce_seven,
    holecard.parse_cards,
    holecard.Card,
    holecard.Card.from_index,
    holecard.Deck.from_cards,
]


@pytest.mark.parametrize("function", EVALUATORS, ids=lambda f: f.__qualname__)
@given(value=junk)
def test_card_functions_take_any_value(function: Callable[..., Any], value: object) -> None:
    survives(lambda: function(value))


@given(value=junk, game=junk)
def test_showing_and_options_take_any_value(value: object, game: object) -> None:
    survives(lambda: holecard.evaluate_showing(value, game=game))  # type: ignore[arg-type]
    survives(lambda: holecard.evaluate_soko("As Ks Qs Js 2c", four_straight=value))  # type: ignore[arg-type]
    survives(lambda: holecard.Deck(seed=value))  # type: ignore[arg-type]


@given(value=junk, threads=junk)
def test_batch_takes_any_value(value: object, threads: object) -> None:
    survives(lambda: batch.evaluate_high(value, threads=threads))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "array",
    [
        np.zeros((0, 0), dtype=np.uint8),
        np.zeros((3, 0), dtype=np.uint8),
        np.full((4, 7), 255, dtype=np.uint8),
        np.full((2, 7), -1, dtype=np.int64),
        np.full((2, 7), 2**40, dtype=np.int64),
        np.zeros((2, 7, 1), dtype=np.uint8),
        np.array([["As"] * 7]),
        np.zeros((1, 1000), dtype=np.uint8),
    ],
)
def test_batch_rejects_malformed_arrays(array: np.ndarray[Any, Any]) -> None:
    for f in (batch.evaluate_high, batch.evaluate_soko, batch.evaluate_low8):
        with pytest.raises(ORDINARY):
            f(array)


@given(game=junk, hands=junk, dead=junk, samples=junk, seed=junk, threads=junk)
def test_equity_takes_any_value(
    game: object, hands: object, dead: object, samples: object, seed: object, threads: object
) -> None:
    survives(
        lambda: holecard.equity(
            game,  # type: ignore[arg-type]
            hands,  # type: ignore[arg-type]
            dead=dead,  # type: ignore[arg-type]
            samples=samples,  # type: ignore[arg-type]
            seed=seed,  # type: ignore[arg-type]
            threads=threads,  # type: ignore[arg-type]
        )
    )


@given(
    amounts=st.dictionaries(
        st.sampled_from(["ante", "bring_in", "small_bet", "big_bet", "min_bet", "max_raises"]),
        junk,
        max_size=4,
    ),
    stacks=junk,
    seed=junk,
)
def test_game_construction_takes_any_value(
    amounts: dict[str, object], stacks: object, seed: object
) -> None:
    def build() -> None:
        game = holecard.SevenCardStud(**amounts)  # type: ignore[arg-type]
        game.start(stacks, seed=seed)  # type: ignore[arg-type]

    survives(build)


@given(amount=junk, discards=junk, seed=st.integers(0, 2**32))
def test_bad_actions_leave_the_state_unchanged(
    amount: object, discards: object, seed: int
) -> None:
    for game in (
        holecard.SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, betting="NO_LIMIT"),
        holecard.DeuceSevenTripleDraw(small_bet=10),
    ):
        state = game.start([200, 150, 100], seed=seed)
        attempts: list[Callable[[holecard.State], object]] = [
            lambda st: st.bet_or_raise_to(amount),  # type: ignore[arg-type]
            lambda st: st.draw(discards),  # type: ignore[arg-type]
        ]
        for attempt in attempts:
            before = copy.deepcopy(state)
            try:
                attempt(state)
            except ORDINARY:
                assert state == before
