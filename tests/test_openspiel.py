"""The OpenSpiel game ``python_holecard`` (issue 14 item 3): OpenSpiel's own random
simulation test for every game and betting structure, chance nodes for every card,
tensors from the Rust encoding, clones and serialisation."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import holecard.openspiel
from holecard import ConfigurationError, Game
from holecard.openspiel import HolecardGame, HolecardState

STRUCTURES = ["fixed_limit", "pot_limit", "no_limit"]


@pytest.mark.parametrize("betting", STRUCTURES)
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_random_sim_test(game: Game, betting: str) -> None:
    players = 3 if game is not Game.DEUCE_SEVEN else 2
    loaded = pyspiel.load_game(
        f"python_holecard(game={game.value},players={players},betting={betting})"
    )
    pyspiel.random_sim_test(loaded, num_sims=4, serialize=True, verbose=False)


def play_to_end(state: HolecardState, rng: random.Random) -> list[int]:
    """Plays ``state`` out at random; returns the cards chance chose."""
    chosen: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert len({p for _, p in outcomes}) == 1
            assert not {a for a, _ in outcomes} & set(chosen)
            card = rng.choice(outcomes)[0]
            chosen.append(card)
            state.apply_action(card)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return chosen


@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_chance_chooses_every_card_the_hand_uses(game: Game) -> None:
    loaded = HolecardGame({"game": game.value, "players": 2})
    for seed in range(10):
        state = loaded.new_initial_state()
        chosen = play_to_end(state, random.Random(seed))
        hand = state.exact
        assert hand is not None
        deck = hand.__reduce__()[1][2]
        assert list(deck[: len(chosen)]) == chosen
        assert 52 - len(hand._stub) == len(chosen)
        assert sum(state.returns()) == 0


def test_tensors_are_the_encodings_at_decision_points() -> None:
    loaded = pyspiel.load_game("python_holecard(game=stud,players=3,rewards=big_bets)")
    state = loaded.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        hand = state.exact
        assert hand is not None
        enc = state._game.encoding
        for p in range(3):
            assert np.array_equal(state.observation_tensor(p), enc.observation(hand, p))
            assert np.array_equal(
                state.information_state_tensor(p), enc.information_state(hand, p)
            )
            assert state.information_state_string(p) == enc.information_state_string(hand, p)
        state.apply_action(rng.choice(state.legal_actions()))
    assert all(abs(r) <= 50 for r in state.returns())


def test_clone_and_serialisation() -> None:
    loaded = pyspiel.load_game("python_holecard(game=deuce_seven,players=2,betting=no_limit)")
    state = loaded.new_initial_state()
    rng = random.Random(1)
    for _ in range(20):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    before = str(state)
    play_to_end(copy, random.Random(2))
    assert str(state) == before
    text = pyspiel.serialize_game_and_state(loaded, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == before
    assert again.history() == state.history()


def test_tables_that_could_run_out_of_cards_are_refused() -> None:
    assert holecard.openspiel.max_players(HolecardGame({"game": "soko"}).table) == 8
    with pytest.raises(ConfigurationError, match="players must be from 2 to 2"):
        HolecardGame({"game": "deuce_seven", "players": 3})
    with pytest.raises(ConfigurationError, match="rewards"):
        HolecardGame({"rewards": "euros"})


@pytest.mark.parametrize("reset", ["true", "false"])
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_repeated_game_random_sim_test(game: Game, reset: str) -> None:
    loaded = pyspiel.load_game(
        f"python_repeated_holecard(game={game.value},players=2,max_num_hands=3,"
        f"reset_stacks={reset},stack=200)"
    )
    pyspiel.random_sim_test(loaded, num_sims=3, serialize=True, verbose=False)


def test_repeated_game_carries_stacks_and_rotates_the_dealer() -> None:
    loaded = pyspiel.load_game(
        "python_repeated_holecard(game=razz,players=3,max_num_hands=4,stack=300)"
    )
    rng = random.Random(5)
    for _ in range(5):
        state = loaded.new_initial_state()
        firsts = set()
        while not state.is_terminal():
            firsts.add(state._first)
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0
        assert [300 + r for r in state.returns()] == state._stacks
        assert state._hand_no == 4 or 0 in state._stacks
        assert len(firsts) == min(state._hand_no, 3)
