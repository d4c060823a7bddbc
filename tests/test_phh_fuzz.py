"""Fuzzing the PHH reader and replayer: any text, and any well-formed TOML with wrong or
partial fields and junk actions, gives a hand history or a holecard error (bad TOML, a
field of the wrong type, ``phh.ReplayError``), never another exception."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import PHH_DIR
from holecard import HoleCardError, phh

CARD = st.sampled_from(["As", "Kd", "7h", "2c", "Tc", "??", "Zz", "", "1s"])
TOKEN = st.one_of(
    st.sampled_from(["d", "dh", "db", "p1", "p2", "p3", "p9", "p0", "pb", "cbr", "cc", "f"]),
    st.sampled_from(["sd", "sm", "#", "-", "-5", "1e9", "nan"]),
    st.integers(-10, 10**12).map(str),
    st.lists(CARD, min_size=1, max_size=3).map("".join),
)
ACTION = st.lists(TOKEN, min_size=0, max_size=4).map(" ".join)
AMOUNT = st.one_of(st.integers(-5, 10**9), st.floats(allow_nan=True), st.just(float("inf")))
AMOUNTS = st.lists(AMOUNT, min_size=0, max_size=9)
FIELDS: dict[str, Any] = {
    "variant": st.sampled_from(["F7S", "F7S/8", "FR", "F2L3D", "F5SK", "NT", "", "P7S", "N2L3D"]),
    "antes": AMOUNTS,
    "blinds_or_straddles": AMOUNTS,
    "bring_in": AMOUNT,
    "small_bet": AMOUNT,
    "big_bet": AMOUNT,
    "min_bet": AMOUNT,
    "starting_stacks": AMOUNTS,
    "finishing_stacks": AMOUNTS,
    "actions": st.lists(ACTION, max_size=30),
}


def toml_value(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, float):
        return (
            "nan"
            if value != value
            else ("inf" if value > 0 else "-inf" if value < 0 else repr(value))
        )
    return str(value)


@st.composite
def documents(draw: st.DrawFn) -> str:
    keys = draw(st.sets(st.sampled_from(sorted(FIELDS)), min_size=0, max_size=len(FIELDS)))
    return "\n".join(f"{k} = {toml_value(draw(FIELDS[k]))}" for k in sorted(keys))


def reads_or_refuses(text: str) -> None:
    try:
        hh = phh.loads(text)
        hh.replay()
    except HoleCardError:  # bad TOML, bad fields, ReplayError
        pass


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_text(text: str) -> None:
    reads_or_refuses(text)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_any_hand_history_shape(text: str) -> None:
    reads_or_refuses(text)


REAL = sorted(PHH_DIR.rglob("*.phh"))


@st.composite
def mutated_real_hands(draw: st.DrawFn) -> str:
    """A real hand with its actions dropped, repeated, swapped or garbled."""
    hh = phh.load(draw(st.sampled_from(REAL)))
    actions = list(hh.actions)
    for _ in range(draw(st.integers(1, 4))):
        if not actions:
            break
        i = draw(st.integers(0, len(actions) - 1))
        kind = draw(st.sampled_from(["drop", "repeat", "swap", "garble", "amount"]))
        if kind == "drop":
            del actions[i]
        elif kind == "repeat":
            actions.insert(i, actions[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(actions) - 1))
            actions[i], actions[j] = actions[j], actions[i]
        elif kind == "garble":
            actions[i] = draw(ACTION)
        else:
            words = actions[i].split() or ["p1", "cbr", "0"]
            words[-1] = str(draw(st.integers(-1, 10**9)))
            actions[i] = " ".join(words)
    hh.actions = actions
    return phh.dumps(hh)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=300)
@given(mutated_real_hands())
def test_mutated_real_hands(text: str) -> None:
    reads_or_refuses(text)


def test_negative_and_infinite_amounts_are_refused() -> None:
    # A hypothesis find: negative stacks escaped as OverflowError instead of ReplayError.
    text = (
        "actions = []\nantes = []\nbig_bet = inf\nblinds_or_straddles = []\nbring_in = 1\n"
        "finishing_stacks = []\nmin_bet = 0\nsmall_bet = inf\nstarting_stacks = [inf, -1]\n"
        'variant = "F7S"'
    )
    with pytest.raises(phh.ReplayError, match="negative amount -1"):
        phh.loads(text).replay()


def test_shown_cards_dealt_as_unknown_fill_the_deck_and_the_actions_are_checked() -> None:
    # A hypothesis find: the deck ran out of spare cards (a bare IndexError from list.pop).
    # The shown cards, dealt as unknown, now fill the deck's unknown cards (they could have
    # been dealt from a reshuffle); the file then fails on its own actions (heads-up, the
    # button p2 draws first).
    draws = ['"p1 sd ??????????", "p2 sd ??????????"'] * 3
    text = (
        'variant = "F2L3D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\n'
        "big_bet = 4\nstarting_stacks = [100, 100]\n"
        'actions = ["d dh p1 ??????????", "d dh p2 ??????????", '
        + ", ".join(draws)
        + ', "p1 sm AsKsQsJsTs", "p2 sm AhKhQhJhTh"]\n'
    )
    with pytest.raises(phh.ReplayError, match="it is p2's turn"):
        phh.loads(text).replay()
