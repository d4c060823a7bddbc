"""The OpenSpiel game ``python_holecard`` (issue 14 item 3): OpenSpiel's own random
simulation test for every game and betting structure at every seat count the table
allows, chance nodes for every card (reshuffles and the stud community card included),
every table option as a game parameter, tensors from the Rust encoding, clones and
serialisation."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import holecard.openspiel  # noqa: F401 # registers the games
from holecard import ConfigurationError, Game
from holecard._core import option_specs
from holecard.events import Drew
from holecard.games import game_class
from holecard.openspiel import HolecardGame, HolecardState

STRUCTURES = ["fixed_limit", "pot_limit", "no_limit"]


@pytest.mark.parametrize("betting", STRUCTURES)
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_random_sim_test(game: Game, betting: str) -> None:
    loaded = pyspiel.load_game(f"python_holecard(game={game.value},players=3,betting={betting})")
    pyspiel.random_sim_test(loaded, num_sims=4, serialize=True, verbose=False)


@pytest.mark.parametrize("betting", ["fixed_limit", "no_limit"])
@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_random_sim_test_at_full_tables(game: Game, betting: str) -> None:
    most = game_class(game).ten_twenty().options["max_players"]
    loaded = pyspiel.load_game(
        f"python_holecard(game={game.value},players={most},betting={betting},stack=100)"
    )
    pyspiel.random_sim_test(loaded, num_sims=3, serialize=True, verbose=False)


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
        # Without a reshuffle the hand's deck starts with the cards in the order chosen.
        deck = hand.__reduce__()[1][2]
        assert list(deck[: len(chosen)]) == chosen
        assert 52 - len(hand._stub) == len(chosen)
        assert sum(state.returns()) == 0


def calling(state: HolecardState, rng: random.Random) -> int:
    """Mostly checks or calls (hands reach the last card), sometimes any legal action."""
    legal = state.legal_actions()
    passive = [a for a in legal if a in (1, 2)]
    action: int = rng.choice(passive if passive and rng.random() < 0.9 else legal)
    return action


@pytest.mark.parametrize(
    ("game", "players", "event"),
    [("stud", 8, "board"), ("razz", 8, "recycle"), ("deuce_seven", 6, "reshuffle")],
)
def test_full_tables_deal_the_community_card_and_reshuffle(
    game: str, players: int, event: str
) -> None:
    """When the deck runs out (docs/rules.md T-9, D-10) chance still names every card,
    uniformly over cards in no hand, and never a drawer's own discards."""
    loaded = HolecardGame({"game": game, "players": players, "stack": 10_000})
    rng = random.Random(3)
    seen = 0
    for _ in range(12):
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert len({p for _, p in outcomes}) == 1
                hand = state.exact
                if hand is not None:
                    held = {c.index for p in hand.players for c in p.hole_cards}
                    assert not held & {a for a, _ in outcomes}
                    if hand.actor is not None and hand.legal_actions().draw:
                        own = {
                            c.index
                            for e in hand.history
                            if isinstance(e, Drew) and e.seat == hand.actor
                            for c in e.discards
                        }
                        assert not own & {a for a, _ in outcomes}
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(calling(state, rng))
        hand = state.exact
        assert hand is not None
        seen += any(e.kind == event for e in hand.history)
        assert sum(state.returns()) == 0
    assert seen


def test_every_table_option_is_a_game_parameter() -> None:
    """Each option of the catalogue is a parameter, and a value other than the table's
    reaches the table."""
    params = pyspiel.load_game("python_holecard").get_parameters()
    assert {spec.name for spec in option_specs()} <= set(params)
    for spec in option_specs():
        game = next(g for g in reversed(spec.games) if len(spec.values.get(g, "ab")) > 1)
        table = game_class(game).ten_twenty()
        now = table.options[spec.name]
        value: object
        if spec.kind == "bool":
            value, text = (0, "false") if now == "true" else (1, "true")
        elif spec.kind == "enum":
            text = next(v for v in spec.values[game] if v != now)
            value = text.lower()
        elif spec.kind == "int_or_none" and now != "none":
            value, text = -2, "none"
        elif spec.name in ("max_players", "chip_unit"):
            value, text = 5, "5"  # a seat count, a chip dividing every 2-7 stake
        else:
            value = int(now) + 2 if now != "none" else 7
            text = str(value)
        loaded = pyspiel.load_game("python_holecard", {"game": game, spec.name: value})
        assert loaded.table.options[spec.name] == text, spec.name
        if spec.kind != "bool":
            continue
        with pytest.raises(ConfigurationError, match=spec.name):
            HolecardGame({"game": game, spec.name: 2})


def test_parameters_change_the_game() -> None:
    """Burning no cards takes fewer chance nodes; a profile and stakes reach the table."""

    def cards_dealt(params: str) -> int:
        state = pyspiel.load_game(f"python_holecard(game=stud,{params})").new_initial_state()
        rng, chance = random.Random(0), 0
        while not state.is_terminal():
            chance += state.is_chance_node()
            state.apply_action(
                rng.choice(state.chance_outcomes())[0]
                if state.is_chance_node()
                else calling(state, rng)
            )
        return chance

    assert cards_dealt("players=2,burn_cards=0") < cards_dealt("players=2")
    wsop = pyspiel.load_game("python_holecard(game=deuce_seven,profile=wsop,small_blind=10)")
    assert wsop.table.options["reshuffle_policy"] == "EXCLUDE_CURRENT_ROUND"
    assert wsop.table.stakes["small_blind"] == 10
    with pytest.raises(ConfigurationError, match="draw_time_limit"):
        HolecardGame({"game": "razz", "draw_time_limit": 20})


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


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="from 2 to 6, got 7"):
        HolecardGame({"game": "deuce_seven", "players": 7})
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
            firsts.add(state.first)
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0
        assert [300 + r for r in state.returns()] == state.stacks
        assert state.hands_played == 4 or 0 in state.stacks
        assert len(firsts) == min(state.hands_played, 3)


def test_observers_of_other_views_are_refused() -> None:
    """The game observes for one player (the public information and his own cards): an
    observer of another view is refused rather than given that player's private view."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_holecard(game=razz)")
    kinds = pyspiel.PrivateInfoType
    for public, private in [
        (True, kinds.NONE),
        (True, kinds.ALL_PLAYERS),
        (False, kinds.SINGLE_PLAYER),
    ]:
        wanted = pyspiel.IIGObservationType(
            perfect_recall=False, public_info=public, private_info=private
        )
        with pytest.raises(ConfigurationError, match="observes for one player"):
            make_observation(game, wanted)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for perfect, tensor in [
        (False, state.observation_tensor),
        (True, state.information_state_tensor),
    ]:
        observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=perfect))
        observer.set_from(state, state.current_player())
        assert observer.tensor.tolist() == tensor(state.current_player())
