"""The action encoding, mask and tensors of ``holecard.agents.Encoding`` (issue 14 items 1-2).

The mask is checked against ``State.legal_moves()`` at every step of random hands of every
game and betting structure, and the tensors against a twin hand in which another player's
hidden card is different.
"""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from holecard import (
    ArgumentTypeError,
    Betting,
    Card,
    ConfigurationError,
    Game,
    IllegalActionError,
    IndexOutOfRangeError,
    Move,
    Razz,
    SevenCardStud,
    State,
    Table,
)
from holecard.agents import Bot, ChanceHand, Encoding
from holecard.games import game_class

GAMES = list(Game)
STRUCTURES = list(Betting)


def random_hand(
    game: Game, betting: Betting, seed: int, players: int
) -> tuple[Encoding, State, random.Random]:
    table = game_class(game).ten_twenty(betting=betting)
    stacks = [40 + 97 * ((seed + i) % 5) for i in range(players)]
    return Encoding(table, players=players), table.start(stacks, seed=seed), random.Random(seed)


@pytest.mark.parametrize("betting", STRUCTURES, ids=lambda b: b.value)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.value)
def test_mask_is_the_legal_moves_at_every_step(game: Game, betting: Betting) -> None:
    for seed in range(25):
        enc, state, rng = random_hand(game, betting, seed, 2 + seed % 4)
        while True:
            mask = enc.action_mask(state)
            assert mask.dtype == np.int8
            assert mask.shape == (enc.num_actions,)
            slots = [int(i) for i in np.flatnonzero(mask)]
            moves = state.legal_moves()
            if state.is_over:
                assert slots == []
                assert len(moves) == 0
                break
            chosen = [enc.move(state, i) for i in slots]
            assert len(set(chosen)) == len(chosen)
            assert all(m in moves for m in chosen)
            for i in range(enc.num_actions):
                if i not in slots:
                    with pytest.raises(IllegalActionError):
                        enc.move(state, i)
            if betting is Betting.FIXED_LIMIT or state.legal_actions().draw:
                assert set(chosen) == set(moves)
            else:
                la = state.legal_actions()
                ends = {la.min_raise_to, la.max_raise_to} - {None}
                wanted = {m for m in moves if m.kind != "bet_or_raise_to" or m.amount in ends}
                assert wanted <= set(chosen)
            for i, m in zip(slots, chosen, strict=True):
                assert enc.action(state, m) == i
            state.apply(enc.move(state, rng.choice(slots)))


def twin_with_hidden_card_swapped(state: State, victim: int, picks: list[int]) -> State | None:
    """The same hand from a deck where one of ``victim``'s down cards and the last undealt
    card trade places, replayed by move index; None when no such swap is possible."""
    down = state.players[victim].down_cards
    stub = state._stub
    if not down or not stub:
        return None
    hidden, spare = down[0].index, stub[-1].index
    swap = {hidden: spare, spare: hidden}
    # A state pickles as its table, starting stacks, deck order, seed, dealer and actions.
    _, (config, stacks, order, seed, dealer, _) = state.__reduce__()
    deck = [Card.from_index(swap.get(i, i)) for i in order]
    twin = config.start(stacks, deck=deck, seed=seed, dealer=dealer)
    for p in picks:
        twin.apply(twin.legal_moves()[p])
    assert isinstance(twin, State)
    return twin


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.value)
def test_observation_ignores_other_players_hidden_cards(game: Game) -> None:
    for seed in range(8):
        enc, state, rng = random_hand(game, Betting.FIXED_LIMIT, seed, 2 + seed % 3)
        picks: list[int] = []
        while not state.is_over:
            if not any(e.kind in ("reshuffle", "recycle") for e in state.history):
                for victim in range(enc.players):
                    twin = twin_with_hidden_card_swapped(state, victim, picks)
                    if twin is None:
                        continue
                    assert twin.players[victim].down_cards != state.players[victim].down_cards
                    for seat in set(range(enc.players)) - {victim}:
                        for view in (enc.observation, enc.information_state):
                            assert np.array_equal(view(state, seat), view(twin, seat))
                        assert enc.information_state_string(
                            state, seat
                        ) == enc.information_state_string(twin, seat)
                    # The victim himself sees the difference.
                    assert not np.array_equal(
                        enc.observation(state, victim), enc.observation(twin, victim)
                    )
            picks.append(rng.randrange(min(len(state.legal_moves()), 50)))
            state.apply(state.legal_moves()[picks[-1]])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.value)
def test_tensors_have_their_documented_shapes(game: Game) -> None:
    enc, state, rng = random_hand(game, Betting.NO_LIMIT, 3, 3)
    assert sum(size for _, size in enc.observation_sections) == enc.observation_shape[0]
    info = enc.information_state_sections
    assert sum(size for _, size in info) == enc.information_state_shape[0]
    assert info[: len(enc.observation_sections)] == enc.observation_sections
    while not state.is_over:
        for seat in range(3):
            obs = enc.observation(state, seat)
            assert obs.dtype == np.float32
            assert obs.shape == enc.observation_shape
            assert enc.information_state(state, seat).shape == enc.information_state_shape
            assert f"seat {seat} of 3" in enc.observation_string(state, seat)
        legal = [int(i) for i in np.flatnonzero(enc.action_mask(state))]
        state.apply(enc.move(state, rng.choice(legal)))


def test_seat_and_dealer_sections_are_one_hot_from_the_observer() -> None:
    table = Razz.ten_twenty()
    enc = Encoding(table, players=4)
    state = table.start([100] * 4, seed=2)
    offsets: dict[str, int] = {}
    for name, size in enc.observation_sections:
        offsets[name] = sum(s for n, s in enc.observation_sections[: len(offsets)])
        assert size > 0
    obs = enc.observation(state, 1)
    assert obs[offsets["seat"] : offsets["seat"] + 4].tolist() == [0, 1, 0, 0]
    # The dealer box is seat 3, two seats clockwise of seat 1.
    assert obs[offsets["dealer"] : offsets["dealer"] + 4].tolist() == [0, 0, 1, 0]
    own_up = obs[offsets["own_up"] : offsets["own_up"] + 52]
    assert [Card.from_index(int(i)) for i in np.flatnonzero(own_up)] == list(
        state.players[1].up_cards
    )


def test_layouts() -> None:
    assert Encoding(Razz(ante=1, bring_in=2, small_bet=4), players=2).num_actions == 7
    nl = Encoding(game_class("stud").ten_twenty(betting="NO_LIMIT"), players=2)
    assert nl.action_labels == (
        "fold",
        "check",
        "call",
        "post_bring_in",
        "bet_min",
        "bet_half_pot",
        "bet_pot",
        "bet_max",
    )
    draw = Encoding(game_class("deuce_seven").ten_twenty(betting="POT_LIMIT"), players=6)
    assert draw.num_actions == 6 + 32
    assert draw.action_labels[6:8] == ("stand_pat", "discard_10000")


def test_draw_slots_name_cards_in_dealing_order() -> None:
    table = game_class("deuce_seven").ten_twenty()
    enc = Encoding(table, players=2)
    state = table.start([100, 100], seed=5)
    while not state.legal_actions().draw:
        state.apply(Move("check") if state.legal_actions().check else Move("call"))
    hand = state.players[state.actor or 0].hole_cards
    first = enc.action_labels.index("discard_10100")
    assert enc.move(state, first) == Move("draw", discards=[hand[0], hand[2]])
    assert enc.move(state, enc.action_labels.index("stand_pat")) == Move("stand_pat")


def test_bad_input_is_refused_with_holecard_errors() -> None:
    table = Razz.ten_twenty()
    enc = Encoding(table, players=2)
    state = table.start([100, 100], seed=1)
    with pytest.raises(ConfigurationError, match="not a hand of this encoding"):
        enc.action_mask(table.start([100, 100, 100], seed=1))
    with pytest.raises(IndexOutOfRangeError, match="seat"):
        enc.observation(state, 2)
    with pytest.raises(IndexOutOfRangeError, match="action"):
        enc.move(state, 7)
    with pytest.raises(IllegalActionError, match="fold"):
        enc.move(state, 0)
    with pytest.raises(IllegalActionError, match="not the move"):
        enc.action(state, Move("fold"))
    with pytest.raises(ArgumentTypeError, match="state must be a State"):
        enc.action_mask("state")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="table"):
        Encoding("razz", players=2)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="players"):
        Encoding(table, players=9)
    before = state.legal_moves()
    with pytest.raises(IllegalActionError):
        enc.move(state, 5)
    assert state.legal_moves() == before


def test_a_negative_index_names_the_real_range() -> None:
    table = Razz.ten_twenty()
    enc = Encoding(table, players=2)
    last = enc.num_actions - 1
    state = table.start([100, 100], seed=1)
    for call in (enc.move, enc.play):
        for index in (-1, enc.num_actions):
            with pytest.raises(
                IndexOutOfRangeError, match=f"action must be a whole number from 0 to {last}, got"
            ):
                call(state, index)
    hand = ChanceHand(enc, [100, 100])
    for index in (-1, 52):
        with pytest.raises(IndexOutOfRangeError, match="from 0 to 51, got"):
            hand.apply(index)
    while hand.to_act == hand.CHANCE:
        hand.apply(hand.legal_actions()[0])
    logged = pickle.dumps(hand)
    with pytest.raises(IndexOutOfRangeError, match=f"from 0 to {last}, got -1"):
        hand.apply(-1)
    assert pickle.dumps(hand) == logged  # nothing changed


def test_bots_pickle_with_their_table() -> None:
    table = SevenCardStud.ten_twenty(small_bet=2, big_bet=4, ante=0, bring_in=1)
    bot = Bot("strength", table)
    again = pickle.loads(pickle.dumps(bot))
    assert (again.name, repr(again)) == ("strength", "Bot('strength')")
    state = table.start([100, 100, 100], seed=2)
    assert again.act(state, 9) == bot.act(state, 9)


def test_encoding_and_bots_take_a_session_table_as_its_game() -> None:
    # "table" is a game's configuration here, and holecard.Table a session of hands at one:
    # a session stands for the game its next hand is dealt at.
    game = Razz.ten_twenty()
    session = Table(
        game, [100, 100], seed=1, levels=[(1, Razz(ante=5, bring_in=10, small_bet=20))]
    )
    assert Encoding(session, players=2) == Encoding(game, players=2)
    state = game.start([100, 100], seed=2)
    assert Bot("strength", session).act(state, 3) == Bot("strength", game).act(state, 3)
    session.play_hand(lambda hand: hand.legal_moves()[-1])
    assert Encoding(session, players=2) == Encoding(session.game, players=2)
    assert Encoding(session, players=2) != Encoding(game, players=2)


def test_encoding_is_a_value() -> None:
    enc = Encoding(Razz.ten_twenty(), players=3)
    assert pickle.loads(pickle.dumps(enc)) == enc
    assert enc != Encoding(Razz.ten_twenty(), players=2)
    assert "players=3" in repr(enc)
