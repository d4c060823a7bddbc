"""Fuzzing the PHH reader and replayer: any text, and any well-formed TOML with wrong or
partial fields and junk actions, gives a hand history or a holecard error (bad TOML, a
field of the wrong type, ``phh.ReplayError``), never another exception; text beyond the
reader's limits (deep nesting, huge numbers, long lines, long dotted keys) included. A real
hand with a card dealt twice (one a player holds, or one dealt before the stub was first
rebuilt) is refused by the replay in both engines (issue 40 item 4).

``HYPOTHESIS_PROFILE=exhaustive`` runs the duplicate-deal search long."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import PHH_DIR
from holecard import HoleCardError, games, phh
from holecard.events import BoardCardDealt, BurnsRecycled, CardDealt, Drew, Reshuffled
from holecard.reference import engine as ref

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


# Fragments beyond (or at) the reader's limits, spliced into real hands and junk.
HOSTILE = st.one_of(
    st.integers(1, 3000).map(lambda k: "[" * k + "]" * k),
    st.integers(1, 3000).map(lambda k: "{a = " * k + "1" + "}" * k),
    st.integers(1, 6000).map(lambda k: "9" * k),
    st.integers(1, 3000).map(lambda k: "0x" + "f" * k),
    st.integers(1, 3000).map(lambda k: "a" + ".a" * k),
    st.integers(1, 3000).map(lambda k: "[t" + ".t" * k + "]"),
    st.integers(60_000, 70_000).map(lambda k: '"' + "x" * k + '"'),
    st.sampled_from(['"""', "'''", "#", "\\", "=", "\n", "[[", "]]", ".", "1.5.5"]),
)


@st.composite
def hostile_texts(draw: st.DrawFn) -> str:
    """A real hand's text with hostile fragments spliced in at random places."""
    text = phh.dumps(phh.load(draw(st.sampled_from(REAL))))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        fragment = draw(HOSTILE)
        if draw(st.booleans()):
            fragment = f"x{at} = {fragment}\n"
        text = text[:at] + fragment + text[at:]
    return text


@given(hostile_texts())
def test_text_beyond_the_limits_is_a_holecard_error(text: str) -> None:
    reads_or_refuses(text)


EXAMPLES = 2_000 if os.environ.get("HYPOTHESIS_PROFILE") == "exhaustive" else 25

# The hands: everyone to the end (nobody folds), so that stubs are rebuilt: six 2-7 players
# who draw often (D-10), seven stud players at seventh street (burns recycled, T-9.2).
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("deuce_seven", {}),
    ("deuce_seven", {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND"}),
    ("deuce_seven", {"burn_after_reshuffle": True, "own_discards_scope": "CURRENT_DRAW"}),
    ("stud", {}),
    ("stud", {"reserve_bottom_card": True}),
]


def _played(game: str, options: dict[str, Any], seed: int) -> games.State:
    rng = random.Random(seed)
    if game == "deuce_seven":
        table: Any = games.DeuceSevenTripleDraw(small_bet=2, big_bet=4, **options)
        state: games.State = table.start([500] * 6, seed=seed)
    else:
        table = games.SevenCardStud(ante=1, bring_in=1, small_bet=2, big_bet=4, **options)
        state = table.start([500] * 7, seed=seed)
    _play_out(state, rng)
    return state


def _play_out(state: Any, rng: random.Random) -> None:  # noqa: ANN401 - either engine's State
    """Plays ``state`` to the end, everyone in: draws of 0 to 5 cards chosen by ``rng``."""
    while (actor := state.actor) is not None:
        legal = state.legal_actions()
        if legal.draw:
            hand = list(state.players[actor].hole_cards)
            state.draw(rng.sample(hand, rng.choice([0, 2, 3, 5, 5])))
        elif legal.bring_in is not None:
            state.post_bring_in()
        elif legal.check:
            state.check()
        else:
            state.call()


def _before_first_rebuild(state: games.State) -> int:
    """How many cards the hand dealt before it first rebuilt a stub (all, if it never did)."""
    count = 0
    for e in state.history:
        if isinstance(e, Reshuffled | BurnsRecycled):
            break
        if isinstance(e, CardDealt | BoardCardDealt):
            count += 1
        elif isinstance(e, Drew):
            count += len(e.received)
    return count


def _cards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def _duplicates(actions: list[str], first_rebuild: int) -> dict[str, list[tuple[int, int, str]]]:
    """Every (action, position, card) that deals a card twice in a hand naming every card.

    By kind: a card the seat dealt to holds (dealt to him by name, not since thrown, as the
    history says), one another player holds, or, before the hand first rebuilt a stub, any
    card dealt before.
    """
    held: dict[str, set[str]] = {}
    dealt: list[str] = []
    out: dict[str, list[tuple[int, int, str]]] = {"own": [], "other": [], "before": []}
    for index, action in enumerate(actions):
        words = action.split()
        if words[:2] == ["d", "dh"]:
            cards = _cards(words[3])
            mine = held.setdefault(words[2], set())
            others = set().union(*(h for seat, h in held.items() if seat != words[2]))
            earlier = set(dealt) if len(dealt) + len(cards) <= first_rebuild else set()
            for kind, again in (("own", mine), ("other", others), ("before", earlier)):
                out[kind] += [
                    (index, pos, c)
                    for pos in range(len(cards))
                    for c in sorted(again)
                    if c not in cards
                ]
            mine.update(cards)
            dealt += cards
        elif words[:2] == ["d", "db"]:
            dealt += _cards(words[2])
        elif len(words) == 3 and words[1] == "sd":
            held[words[0]] -= set(_cards(words[2]))
    return out


@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 2**32 - 1), st.data())
def test_a_card_dealt_twice_is_refused_by_both_engines(
    table: tuple[str, dict[str, Any]], seed: int, data: st.DataObject
) -> None:
    game, options = table
    state = _played(game, options, seed)
    hh = phh.state_to_phh(state)
    hh.actions = [a for a in hh.actions if a.split()[1] != "sm"]  # no show to stop it
    hh.finishing_stacks = None
    for engine in (games, ref):  # the written hand replays
        try:
            phh.loads(phh.dumps(hh)).replay(engine=engine)
        except phh.ReplayError:
            # Not this test's subject: a few legal hands the restocks search does not
            # place (found here: EXCLUDE_CURRENT_ROUND, seed 740, also before issue 40).
            assume(False)
    found = _duplicates(hh.actions, _before_first_rebuild(state))
    kind = data.draw(st.sampled_from(sorted(k for k, v in found.items() if v)))
    index, pos, card = data.draw(st.sampled_from(found[kind]))
    words = hh.actions[index].split()
    cards = _cards(words[3])
    cards[pos] = card
    hh.actions[index] = f"d dh {words[2]} {''.join(cards)}"
    if data.draw(st.booleans()):
        # Later cards unknown, as in the hand: nothing else can then fail to match.
        for i in range(index + 1, len(hh.actions)):
            words = hh.actions[i].split()
            if words[:2] == ["d", "dh"] or (len(words) == 3 and words[1] == "sd"):
                words[-1] = "??" * (len(words[-1]) // 2)
                hh.actions[i] = " ".join(words)
    text = phh.dumps(hh)
    for engine in (games, ref):
        with pytest.raises(phh.ReplayError, match=r"dealt twice|was not dealt"):
            phh.loads(text).replay(engine=engine)
