"""A panic in native code reaches Python as `holecard.InternalError` from every kind of call.

`_core._induce_internal_error` panics on purpose: on the worker of long work (see
`tests/test_interrupt.py`), on the calling thread through the guard that every short call
runs in (`inline=True`), or part-way through an action on a `GameState` (`state=`).
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import pytest

import holecard
from conftest import require_test_hooks
from holecard import _core
from holecard.games import DeuceSevenTripleDraw, Razz, SevenCardStudHiLo, Soko, State

MESSAGE = "deliberately induced failure"


@pytest.fixture(autouse=True)
def _test_hooks() -> None:
    require_test_hooks()


def test_an_inline_panic_is_an_internal_error() -> None:
    with pytest.raises(holecard.InternalError, match=MESSAGE) as err:
        _core._induce_internal_error(inline=True)
    assert isinstance(err.value, holecard.HoleCardError)
    assert isinstance(err.value, RuntimeError)
    assert isinstance(err.value, Exception)  # PanicException is a BaseException only
    assert type(err.value).__name__ != "PanicException"
    assert "please report it" in str(err.value)


def test_plain_except_exception_catches_it_and_the_interpreter_goes_on() -> None:
    caught: list[Exception] = []
    for inline in (True, False) * 50:
        try:
            _core._induce_internal_error(inline=inline)
        except Exception as e:  # exactly what user code does
            caught.append(e)
    assert len(caught) == 100
    assert all(isinstance(e, holecard.InternalError) for e in caught)
    assert str(holecard.evaluate_high("As Ks Qs Js Ts")) == "Royal flush"
    state = Razz(ante=1, bring_in=2, small_bet=10).start([50, 50], seed=1)
    state.post_bring_in()
    assert state.legal_actions().call == 2


SCRIPT = """
import holecard
from holecard import _core
try:
    _core._induce_internal_error(inline=True)
except Exception as e:
    print(type(e).__name__, flush=True)
print(holecard.evaluate_high("2c 3d 4h 5s 7c"), flush=True)
"""


def test_a_fresh_interpreter_survives_an_inline_panic() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["InternalError", "High card, seven"]
    assert "PanicException" not in done.stderr
    assert MESSAGE in done.stderr  # the panic hook still reports where it happened


def step(state: State, n: int) -> None:
    """A legal action that varies with `n`."""
    la = state.legal_actions()
    if la.draw:
        actor = state.actor
        assert actor is not None
        state.draw(state.players[actor].hole_cards[: n % 3])
    elif la.bring_in is not None and n % 2:
        state.post_bring_in()
    elif la.complete is not None:
        state.complete()
    elif la.min_raise_to is not None and n % 5 == 0:
        state.bet_or_raise_to(la.min_raise_to)
    elif la.check:
        state.check()
    elif la.call is not None:
        state.call()
    else:
        state.fold()


@pytest.mark.parametrize(
    "state",
    [
        Soko(ante=1, bring_in=2, small_bet=10).start([60, 60, 60, 60], seed=2),
        SevenCardStudHiLo(ante=1, bring_in=2, small_bet=10).start([80, 40, 80], seed=3),
        Razz(ante=1, bring_in=2, small_bet=10).start([50, 50], seed=4),
        DeuceSevenTripleDraw(small_blind=5, big_blind=10, small_bet=10).start(
            [100, 30, 100], seed=5
        ),
    ],
    ids=["soko", "stud8", "razz", "deuce_seven"],
)
def test_a_panic_mid_action_leaves_the_state_unchanged(state: State) -> None:
    n = 0
    while not state.is_over:
        before = copy.copy(state)
        snapshot = pickle.dumps(state)
        history = state.history
        with pytest.raises(holecard.InternalError, match=MESSAGE):
            _core._induce_internal_error(state=state)
        assert state == before
        assert pickle.dumps(state) == snapshot
        assert state.history == history
        assert state.legal_actions() == before.legal_actions()
        assert state._stub == before._stub
        assert state.pots == before.pots
        # The restored state goes on exactly as an untouched copy does.
        step(state, n)
        step(before, n)
        assert state == before
        n += 1
    assert n > 3
    # A finished hand refuses the timeout before anything can panic.
    snapshot = pickle.dumps(state)
    with pytest.raises(holecard.IllegalActionError):
        _core._induce_internal_error(state=state)
    assert pickle.dumps(state) == snapshot
