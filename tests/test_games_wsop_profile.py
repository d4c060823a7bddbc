"""The WSOP rules profile replays every real hand in tests/data/phh to its recorded
finishing stacks. The replayer here is a minimal one of
the engine's own (the public PHH module is tested separately): it rebuilds the deck order
from the dealt cards, fills unknown and burned cards with unused ones, and drives the State.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from conftest import PHH_DIR
from holecard import Card, IllegalActionError
from holecard.games import DeuceSevenTripleDraw, Razz, SevenCardStud, SevenCardStudHiLo, State
from holecard.options import Profile

PHH = PHH_DIR
ALL_FILES = sorted(PHH.rglob("*.phh"))
ILLEGAL = PHH / "wsop-2023-43-5" / "85.phh"  # an illegal raise size; errata/85.phh fixes it
FILES = [
    p for p in ALL_FILES if p != ILLEGAL and "finishing_stacks" in tomllib.loads(p.read_text())
]
UNSCORED = [
    p for p in ALL_FILES if p != ILLEGAL and "finishing_stacks" not in tomllib.loads(p.read_text())
]
GAMES: dict[str, Any] = {
    "F7S": SevenCardStud,
    "F7S/8": SevenCardStudHiLo,
    "FR": Razz,
    "F2L3D": DeuceSevenTripleDraw,
}


def _cards(text: str) -> list[Card | None]:
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        tok = text[i : i + 2]
        out.append(None if tok == "??" else Card(tok))
    return out


def replay(data: dict[str, Any]) -> State:
    variant = data["variant"]
    n = len(data["starting_stacks"])
    actions = [a.split("#")[0].split() for a in data["actions"]]
    actions = [a for a in actions if a]
    known = {c for a in actions if len(a) > 2 and a[1] != "cbr" for c in _cards(a[-1]) if c}
    # Unknown cards never decide the bring-in: high cards in stud, aces then deuces in razz.
    by_index = [Card.from_index(i) for i in range(52)]
    ranked = by_index[48:] + by_index[:48] if variant == "FR" else by_index[::-1]
    spare = iter([c for c in ranked if c not in known])
    filler: set[Card] = set()

    def fill(c: Card | None) -> Card:
        if c is not None:
            return c
        f = next(spare)
        filler.add(f)
        return f

    deck: list[Card] = []
    stud = variant != "F2L3D"
    i = 0
    # Initial deal.
    first = [a for a in actions[:n] if a[1] == "dh"]
    hands = {int(a[2][1:]) - 1: [fill(c) for c in _cards(a[3])] for a in first}
    order = list(range(n))
    if not stud and n == 2:
        order = [1, 0]  # heads-up: the button posts the small blind and is dealt first
    for k in range(3 if stud else 5):
        deck.extend(hands[p][k] for p in order)
    i = len(first)
    rest = actions[i:]
    j = 0
    while j < len(rest):
        a = rest[j]
        if a[0] == "d" and stud:
            deck.append(fill(None))  # burn
            while j < len(rest) and rest[j][0] == "d":
                deck.extend(fill(c) for c in _cards(rest[j][-1]))
                j += 1
            continue
        if a[1] == "sd" and j > 0 and rest[j - 1][1] != "sd":
            deck.append(fill(None))  # burn before the draw
            drawers = []
            while j < len(rest) and rest[j][1] == "sd":
                drawers.append(int(rest[j][0][1:]) - 1)
                j += 1
            received: dict[int, list[Card]] = {}
            while j < len(rest) and rest[j][0] == "d":
                received[int(rest[j][2][1:]) - 1] = [fill(c) for c in _cards(rest[j][3])]
                j += 1
            for p in drawers:
                deck.extend(received.get(p, []))
            continue
        j += 1
    used = set(deck)
    deck.extend(c for c in (Card.from_index(i) for i in range(52)) if c not in used)
    game = GAMES[variant](
        profile=Profile.WSOP,
        ante=max(data.get("antes", [0])) or None,
        bring_in=data.get("bring_in"),
        small_bet=data["small_bet"],
        big_bet=data["big_bet"],
        **(
            {
                "small_blind": sorted(data["blinds_or_straddles"])[-2],
                "big_blind": max(data["blinds_or_straddles"]),
            }
            if not stud
            else {}
        ),
    )
    state: State = game.start(data["starting_stacks"], deck=deck)
    for a in rest:
        if a[0] == "d" or a[1] == "sm":
            continue
        seat = int(a[0][1:]) - 1
        assert state.actor == seat, (a, state.actor, state.legal_actions())
        la = state.legal_actions()
        if a[1] == "pb":
            state.post_bring_in()
        elif a[1] == "f":
            state.fold()
        elif a[1] == "cc":
            state.check() if la.check else state.call()
        elif a[1] == "cbr":
            amount = int(a[2])
            if la.complete == amount:
                state.complete()
            else:
                state.bet_or_raise_to(amount)
        elif a[1] == "sd":
            text = a[2] if len(a) > 2 else ""
            named = [c for c in _cards(text) if c]
            unknown = len(_cards(text)) - len(named)
            mine = [c for c in state.players[seat].hole_cards if c in filler and c not in named]
            state.draw(named + mine[:unknown])
        else:  # pragma: no cover
            raise AssertionError(a)
    return state


def test_the_vendored_hand_histories_are_there() -> None:
    # An empty list would make the replays vacuous.
    assert len(FILES) >= 30, f"expected the PHH files under {PHH}"
    assert ILLEGAL.exists()
    assert {data_variant(p) for p in FILES} == set(GAMES)


def data_variant(path: Path) -> str:
    return str(tomllib.loads(path.read_text())["variant"])


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_wsop_profile_replays_to_finishing_stacks(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    state = replay(data)
    assert state.is_over
    assert state.stacks == data["finishing_stacks"]


@pytest.mark.parametrize("path", UNSCORED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_hands_without_a_recorded_result_replay_legally(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    state = replay(data)
    assert sum(state.stacks) + sum(p.amount for p in state.pots if not state.is_over) == sum(
        data["starting_stacks"]
    )


def test_the_original_hand_85_is_rejected() -> None:
    with pytest.raises(IllegalActionError, match="1200000"):
        replay(tomllib.loads(ILLEGAL.read_text()))
