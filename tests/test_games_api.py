"""The game classes and State API of DESIGN.md "Games and states"."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holecard import (
    Card,
    ConfigurationError,
    HoleCardError,
    IllegalActionError,
    IndexOutOfRangeError,
)
from holecard.events import BetOrRaised, BringInPosted, Drew, PotAwarded
from holecard.games import (
    DeuceSevenTripleDraw,
    Move,
    Player,
    Razz,
    SevenCardStud,
    SevenCardStudHiLo,
    Soko,
    State,
)
from holecard.options import (
    WSOP,
    Betting,
    BringInCard,
    OddChipOrder,
    ReshufflePolicy,
    UncappedHeadsUp,
)

STUD_TABLE: dict[str, Any] = {"ante": 1, "bring_in": 2, "small_bet": 10}
DRAW_TABLE: dict[str, Any] = {"small_blind": 5, "big_blind": 10, "small_bet": 10}
GAMES = [
    (Soko, STUD_TABLE, 8),
    (SevenCardStud, STUD_TABLE, 8),
    (SevenCardStudHiLo, STUD_TABLE, 8),
    (Razz, STUD_TABLE, 8),
    (DeuceSevenTripleDraw, DRAW_TABLE, 6),
]


def random_step(state: State, rng: random.Random) -> None:
    la = state.legal_actions()
    if la.draw:
        hand = state.players[state.actor or 0].hole_cards
        state.draw([c for c in hand if rng.random() < 0.4])
        return
    choices = []
    if la.fold:
        choices.append(state.fold)
    if la.check:
        choices += [state.check] * 2
    if la.call is not None:
        choices += [state.call] * 3
    if la.bring_in is not None:
        choices.append(state.post_bring_in)
    if la.complete is not None:
        choices.append(state.complete)
    if la.min_raise_to is not None and la.max_raise_to is not None:
        lo, hi = la.min_raise_to, la.max_raise_to
        choices.append(lambda: state.bet_or_raise_to(rng.choice([lo, hi])))
    rng.choice(choices)()


@pytest.mark.parametrize(("cls", "table", "max_players"), GAMES)
@pytest.mark.parametrize("betting", list(Betting))
def test_random_hands_conserve_chips(
    cls: type[Soko], table: dict[str, Any], max_players: int, betting: Betting
) -> None:
    game = cls(betting=betting, **table)
    rng = random.Random(f"{cls.__name__}{betting}")
    for seed in range(150):
        n = rng.randint(2, max_players)
        stacks = [rng.randint(1, 300) for _ in range(n)]
        state = game.start(stacks, seed=seed)
        steps = 0
        while not state.is_over:
            assert state.actor is not None
            before = copy.copy(state)
            with pytest.raises(IllegalActionError):
                state.bet_or_raise_to(10**12)
            assert state == before
            random_step(state, rng)
            if not state.is_over:  # once over, `pots` are the pots already paid out
                total = sum(state.stacks) + sum(p.amount for p in state.pots) + sum(state.bets)
                assert total == sum(stacks)
            steps += 1
            assert steps < 400
        assert state.actor is None
        assert sum(state.payoffs) == 0
        assert [s - t for s, t in zip(state.stacks, stacks, strict=True)] == state.payoffs


def test_design_example_stud() -> None:
    game = SevenCardStud(ante=1, bring_in=2, small_bet=10)
    state = game.start([100, 100, 100], seed=7)
    assert state.street == "third"
    la = state.legal_actions()
    assert (la.fold, la.check, la.call, la.bring_in, la.complete) == (False, False, None, 2, 10)
    seat = state.actor
    assert seat is not None
    event = state.post_bring_in()
    assert event == BringInPosted(seat, 2)
    assert event.kind == "bring_in"
    assert repr(event) == f"BringInPosted(seat={seat}, amount=2)"
    assert state.legal_actions().call == 2
    assert len(state.players[0].hole_cards) == 3
    assert len(state.players[0].up_cards) == 1
    assert state.board == ()
    assert state.history[-1] == event


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = SevenCardStud(**STUD_TABLE).start([50, 50], seed=1)
    snapshot = pickle.dumps(state)
    for act in (state.fold, state.check, state.call, state.stand_pat):
        with pytest.raises(IllegalActionError):
            act()
    with pytest.raises(IllegalActionError, match="bring-in"):
        state.fold()
    assert pickle.dumps(state) == snapshot
    assert isinstance(IllegalActionError("x"), ValueError)


def test_copy_pickle_equality() -> None:
    game = DeuceSevenTripleDraw(**DRAW_TABLE)
    a = game.start([100, 100, 100], seed=11)
    b = game.start([100, 100, 100], seed=11)
    assert a == b
    a.call()
    assert a != b
    b.call()
    assert a == b
    c = pickle.loads(pickle.dumps(a))
    assert c == a
    assert c.history == a.history
    d = copy.deepcopy(a)
    d.call()
    assert d != a
    while not a.is_over:
        random_step(a, random.Random(3))
    assert pickle.loads(pickle.dumps(a)) == a


def test_deck_fixes_the_order_and_dealer_sets_the_button() -> None:
    deck = [Card.from_index(i) for i in range(52)]
    state = SevenCardStud(**STUD_TABLE).start([100, 100], deck=deck)
    # First down card to seat 0 then seat 1, second down cards, then the door cards.
    assert state.players[0].hole_cards == (deck[0], deck[2], deck[4])
    assert state.players[1].up_cards == (deck[5],)
    draw = DeuceSevenTripleDraw(**DRAW_TABLE).start([100, 100, 100], seed=1, dealer=0)
    assert (draw.dealer, draw.bets, draw.actor) == (0, [0, 5, 10], 0)
    with pytest.raises(ConfigurationError):
        SevenCardStud(**STUD_TABLE).start([100, 100], seed=1, dealer=0)
    with pytest.raises(ConfigurationError):
        SevenCardStud(**STUD_TABLE).start([100, 100], deck=deck[:51])


def test_options_by_member_or_name_and_errors() -> None:
    a = SevenCardStud(**STUD_TABLE, bring_in_card=BringInCard.HIGHEST, max_raises=None)
    b = SevenCardStud(**STUD_TABLE, bring_in_card="highest", max_raises=None)
    assert a == b
    assert a.options["max_raises"] == "none"
    assert a.options["bring_in_card"] == "HIGHEST"
    assert SevenCardStud(**STUD_TABLE).options["open_pair_double_bet"] == "true"
    assert SevenCardStudHiLo(**STUD_TABLE).options["open_pair_double_bet"] == "false"
    with pytest.raises(ConfigurationError, match="bring_in"):
        SevenCardStud(ante=1, bring_in=20, small_bet=10)
    with pytest.raises(ConfigurationError, match="does not apply"):
        SevenCardStud(**STUD_TABLE, reshuffle_policy=ReshufflePolicy.EXCLUDE_CURRENT_ROUND)
    with pytest.raises(ConfigurationError):
        DeuceSevenTripleDraw(**DRAW_TABLE, odd_chip_order=OddChipOrder.HIGH_CARD_BY_SUIT_BEST5)
    with pytest.raises(ConfigurationError, match="unknown"):
        SevenCardStud(**STUD_TABLE, bring_in_card="MIDDLE")
    with pytest.raises(ValueError, match="'x'"):
        Betting("x")
    with pytest.raises(ConfigurationError):
        SevenCardStud(**STUD_TABLE).start([100, 0])


def test_wsop_profile_and_overrides() -> None:
    game = SevenCardStud(**STUD_TABLE, profile=WSOP)
    opts = game.options
    assert opts["max_raises"] == "4"
    assert opts["uncapped_heads_up"] == "ROUND_BEGINS_HEADS_UP"
    assert opts["odd_chip_order"] == "HIGH_CARD_BY_SUIT_BEST5"
    over = SevenCardStud(**STUD_TABLE, profile="wsop", uncapped_heads_up=UncappedHeadsUp.NEVER)
    assert over.options["uncapped_heads_up"] == "NEVER"
    assert Razz(**STUD_TABLE, profile=WSOP).options["bring_in_card"] == "HIGHEST"
    # The profile is kept and shown: a table from it is not the default one.
    assert (game.profile, SevenCardStud(**STUD_TABLE).profile) == ("wsop", "default")
    assert repr(game).endswith("betting=FIXED_LIMIT, profile='wsop')")
    assert "profile" not in repr(SevenCardStud(**STUD_TABLE))


def test_pickled_config_keeps_profile_stakes_and_options() -> None:
    from holecard import _core

    games: list[Any] = [
        SevenCardStud(**STUD_TABLE, profile=profile, max_raises=None)
        for profile in ("default", "wsop", "pokerkit")
    ]
    # Every stake given and each distinct, so that two swapped in the pickle would show.
    games.append(
        DeuceSevenTripleDraw(
            small_blind=3, big_blind=7, small_bet=7, min_bet=9, betting="NO_LIMIT", profile="wsop"
        )
    )
    for game in games:
        config = game._config
        back = pickle.loads(pickle.dumps(config))
        assert isinstance(back, _core.GameConfig)
        assert back == config
        assert repr(back) == repr(config)
        assert back.stakes == config.stakes
        assert back.options == config.options
        assert back.profile == config.profile == game.profile
    assert pickle.loads(pickle.dumps(games[1]._config)) != games[0]._config
    assert "profile='wsop'" in repr(pickle.loads(pickle.dumps(games[3]._config))).replace('"', "'")
    assert games[3].stakes["min_bet"] == 9
    with pytest.raises(ConfigurationError, match="profile"):
        _core._game_config("stud", "FIXED_LIMIT", (1, 2, 10, None, None, None, None), "x", {})


def test_pots_players_and_history_after_showdown() -> None:
    game = SevenCardStudHiLo(**STUD_TABLE)
    state = game.start([100, 20, 100], seed=5)
    rng = random.Random(0)
    while not state.is_over:
        la = state.legal_actions()
        if la.bring_in is not None:
            state.post_bring_in()
        elif la.min_raise_to is not None and rng.random() < 0.5:
            state.bet_or_raise_to(la.min_raise_to)
        elif la.check:
            state.check()
        else:
            state.call()
    assert state.street == "over"
    kinds = {e.kind for e in state.history}
    assert {"ante", "deal", "bring_in", "award"} <= kinds
    awarded = sum(e.amount for e in state.history if isinstance(e, PotAwarded))
    assert awarded == sum(p.amount for p in state.pots)
    assert all(isinstance(p.players, tuple) for p in state.pots)


def test_player_is_an_immutable_value() -> None:
    first = ["As", "Ah", "Ad", "Ks", "Kh", "Kd", "2c", "3c", "4c"]
    deck = first + [
        str(Card.from_index(i)) for i in range(52) if str(Card.from_index(i)) not in first
    ]
    state = SevenCardStud(**STUD_TABLE).start([100, 100, 100], deck=deck)
    p = state.player(0)
    assert p == state.players[0]
    assert p.hole_cards == (Card("As"), Card("Ks"), Card("2c"))  # down, down, door
    assert p.up_cards == (Card("2c"),)
    assert (p.stack, p.folded, p.bet) == (99, False, 0)
    assert pickle.loads(pickle.dumps(p)) == p
    assert hash(Player("As Ks 2c", "2c", 99, False, 0)) == hash(p)
    assert repr(p) == (
        "Player(hole_cards=(Card('As'), Card('Ks'), Card('2c')), up_cards=(Card('2c'),), "
        "stack=99, folded=False, bet=0)"
    )
    with pytest.raises(AttributeError):
        p.stack = 5  # type: ignore[misc]
    with pytest.raises(ValueError, match="up card Ah is not among the hole cards"):
        Player("As Ks", "Ah", 1, False, 0)
    with pytest.raises(
        IndexOutOfRangeError, match="seat must be a whole number from 0 to 2, got 3"
    ):
        state.player(3)
    with pytest.raises(IndexOutOfRangeError, match="got -1"):
        state.player(-1)


def test_negative_or_huge_amounts_are_configuration_errors() -> None:
    # Found by the PHH fuzz: a negative stack came out as a bare OverflowError.
    with pytest.raises(ConfigurationError, match=r"small_bet must be .* got -4"):
        SevenCardStud(ante=1, bring_in=2, small_bet=-4)
    game = SevenCardStud(**STUD_TABLE)
    with pytest.raises(ConfigurationError, match=r"stack of seat 1 must be .* got -1"):
        game.start([10, -1])
    with pytest.raises(ConfigurationError, match=r"stack of seat 0 .* got 1180591620717411303424"):
        game.start([2**70, 10])
    with pytest.raises(ConfigurationError, match="seed must be"):
        game.start([10, 10], seed=-3)


@pytest.mark.parametrize("ante", [2**54, 2**60, 2**70])
def test_stakes_above_the_largest_state_the_range_kept(ante: int) -> None:
    # The message once said 2**64 - 1 while anything above 2**54 - 1 was refused.
    with pytest.raises(ConfigurationError, match=rf"ante .*2\*\*54 - 1.*{ante}"):
        SevenCardStud(ante=ante, bring_in=2**54 - 1, small_bet=2**54 - 1, big_bet=2**54 - 1)
    # Derived stakes are held to the same limit (big bet: twice the small bet).
    with pytest.raises(ConfigurationError, match=r"big_bet \(\d+\) is above the largest stake"):
        SevenCardStud(ante=1, bring_in=2, small_bet=2**54 - 1)
    SevenCardStud(ante=1, bring_in=2, small_bet=2**54 - 1, big_bet=2**54 - 1)


def _open_pair_hand(short_stack: int) -> State:
    """Stud, no burns: seat 0 pairs his king door card on 4th street after seat 1 brings
    in for 1 and seat 0 calls; seat 1 starts with ``short_stack`` chips."""
    first = ["2c", "3c", "4c", "5c", "Kd", "9h", "Ks", "9d"]
    deck = first + [
        str(Card.from_index(i)) for i in range(52) if str(Card.from_index(i)) not in first
    ]
    game = SevenCardStud(ante=0, bring_in=1, small_bet=4, big_bet=8, burn_cards=False)
    state = game.start([100, short_stack], deck=deck)
    state.post_bring_in()
    state.call()
    assert state.street == "fourth"
    assert state.players[0].up_cards == (Card("Kd"), Card("Ks"))
    return state


def test_raise_totals_name_every_fixed_limit_total() -> None:
    state = _open_pair_hand(8)
    la = state.legal_actions()
    assert (la.min_raise_to, la.max_raise_to, la.raise_totals) == (4, 8, (4, 8))
    assert repr(la) == (
        "LegalActions(fold=False, check=True, call=None, bring_in=None, complete=None, "
        "min_raise_to=4, max_raise_to=8, raise_totals=(4, 8), draw=False)"
    )
    with pytest.raises(IllegalActionError, match="4 or 8 only"):
        state.bet_or_raise_to(6)
    state.check()
    # Seat 1 has 7 chips behind: a full small bet, or all-in short of the big one.
    assert state.legal_actions().raise_totals == (4, 7)
    assert [m.amount for m in state.legal_moves() if m.kind == "bet_or_raise_to"] == [4, 7]
    for amount in (3, 5, 6, 8):
        with pytest.raises(IllegalActionError):
            state.bet_or_raise_to(amount)
    # Pot and no limit: every total between the ends is legal, so there is no list.
    nl = SevenCardStud(**STUD_TABLE, betting=Betting.NO_LIMIT).start([100, 100], seed=1)
    nl.post_bring_in()
    la = nl.legal_actions()
    assert la.raise_totals is None
    assert la.min_raise_to is not None
    assert la.max_raise_to is not None
    assert la.min_raise_to < la.max_raise_to
    # Completing is one total: the bring-in street has no raise_totals.
    stud = SevenCardStud(**STUD_TABLE).start([100, 100], seed=1)
    assert (stud.legal_actions().complete, stud.legal_actions().raise_totals) == (10, None)


def test_legal_moves_are_values_that_apply_plays() -> None:
    state = _open_pair_hand(8)
    moves = state.legal_moves()
    assert list(moves) == [Move("check"), Move("bet_or_raise_to", 4), Move("bet_or_raise_to", 8)]
    assert repr(moves) == (
        "Moves(Move('check'), Move('bet_or_raise_to', 4), Move('bet_or_raise_to', 8))"
    )
    assert isinstance(moves, Sequence)
    assert (len(moves), moves[-1], moves[:1], moves.index(Move("check"))) == (
        3,
        Move("bet_or_raise_to", 8),
        (Move("check"),),
        0,
    )
    assert Move("bet_or_raise_to", 6) not in moves
    assert moves.count(Move("bet_or_raise_to", 6)) == 0
    with pytest.raises(ValueError, match="not a legal move"):
        moves.index(Move("fold"))
    with pytest.raises(IndexError):
        moves[3]
    assert moves == state.legal_moves()
    assert hash(moves) == hash(state.legal_moves())
    # Moves are hashable, picklable values that match positionally.
    m = Move("bet_or_raise_to", 8)
    assert pickle.loads(pickle.dumps(m)) == m
    assert {m: 1}[Move("bet_or_raise_to", 8)] == 1
    match m:
        case Move("bet_or_raise_to", amount):
            assert amount == 8
        case _:
            pytest.fail("no match")
    actor = state.actor
    assert actor is not None
    event = state.apply(m)
    assert event == BetOrRaised(actor, 8)
    assert event.kind == "bet_raise"
    before = copy.copy(state)
    with pytest.raises(IllegalActionError):
        state.apply(Move("check"))
    assert state == before
    with pytest.raises(TypeError):
        state.apply(("call",))  # type: ignore[arg-type]
    state.apply(Move("fold"))
    assert state.is_over
    assert len(state.legal_moves()) == 0


def test_moves_pickle_as_the_same_moves_in_every_phase() -> None:
    rng = random.Random(5)
    kinds: set[str] = set()
    for cls, table, _ in GAMES:
        for betting in Betting:
            state = cls(**table, betting=betting).start([200, 90, 300], seed=rng.randrange(99))
            while True:
                moves = state.legal_moves()
                again = pickle.loads(pickle.dumps(moves))
                assert again == moves
                assert list(again[:40]) == list(moves[:40])
                assert len(again) == len(moves)
                kinds.update(m.kind for m in moves[:40])
                if state.is_over:
                    break
                random_step(state, rng)
    assert {"fold", "check", "call", "post_bring_in", "complete", "draw", "stand_pat"} <= kinds


def test_moves_from_parts_refuses_what_no_position_produces() -> None:
    from holecard._core import moves_from_parts

    assert len(moves_from_parts(["check"], (4, 8), True, None)) == 3
    for head, bets, hand, match in [
        (["call", "fold"], None, None, "out of order"),
        (["bet_or_raise_to"], None, None, "not a move listed before the bets"),
        ([], (9, 8), None, "above the highest"),
        (["fold"], None, bytes([1, 2]), "a draw has no other moves"),
        ([], None, bytes([1, 52]), "card index 52"),
        ([], None, bytes([3, 3]), "card index 3"),
    ]:
        with pytest.raises(ConfigurationError, match=match):
            moves_from_parts(head, bets, False, hand)


def test_move_construction_and_errors() -> None:
    assert Move("draw") == Move("stand_pat") == Move("draw", discards=())
    assert Move("draw", discards="Kd 2c").discards == (Card("2c"), Card("Kd"))
    assert repr(Move("draw", discards="Kd 2c")) == "Move('draw', discards='2c Kd')"
    assert (Move("fold").kind, Move("fold").amount, Move("fold").discards) == ("fold", None, ())
    with pytest.raises(ValueError, match="needs an amount"):
        Move("bet_or_raise_to")
    with pytest.raises(ValueError, match="takes no amount"):
        Move("call", 5)
    with pytest.raises(ValueError, match="takes no discards"):
        Move("fold", discards="2c")
    with pytest.raises(ValueError, match="unknown move kind"):
        Move("timeout")  # type: ignore[arg-type]
    # A misspelt kind with an amount is named as such, not as a raise without one.
    with pytest.raises(ValueError, match=r'unknown move kind "raise" \(expected one of fold, '):
        Move("raise", 5)  # type: ignore[arg-type]


def test_no_limit_moves_cost_nothing_however_deep_the_stacks() -> None:
    game = SevenCardStud(ante=1, bring_in=1, small_bet=4, betting=Betting.NO_LIMIT)
    state = game.start([10**15, 10**15], seed=1)
    moves = state.legal_moves()
    assert len(moves) == 2 + 10**15 - 1 - 4
    assert moves[1] == Move("bet_or_raise_to", 4)
    assert moves[-1] == Move("bet_or_raise_to", 10**15 - 1)
    assert moves.index(Move("bet_or_raise_to", 10**12)) == 10**12 - 3
    assert Move("bet_or_raise_to", 3) not in moves


def test_draw_moves_are_every_subset_by_mask_over_the_hand() -> None:
    state = DeuceSevenTripleDraw(**DRAW_TABLE).start([100, 100], seed=3)
    state.call()
    state.check()
    assert state.legal_actions().draw
    hand = state.players[state.actor or 0].hole_cards
    moves = state.legal_moves()
    assert len(moves) == 32
    assert moves[0] == Move("stand_pat")
    for mask, move in enumerate(moves):
        thrown = {c for i, c in enumerate(hand) if mask >> i & 1}
        assert set(move.discards) == thrown
    event = state.apply(moves[0b10011])
    assert isinstance(event, Drew)
    assert set(event.discards) == {hand[0], hand[1], hand[4]}


def test_down_cards_are_the_face_down_cards_in_dealing_order() -> None:
    state = SevenCardStud(**STUD_TABLE).start([100, 100], seed=5)
    state.post_bring_in()
    while not state.is_over and state.street != "seventh":
        _ = state.check() if state.legal_actions().check else state.call()
    assert state.street == "seventh"
    for p in state.players:
        assert len(p.hole_cards) == 7
        assert p.down_cards == (p.hole_cards[0], p.hole_cards[1], p.hole_cards[6])
        assert p.up_cards == p.hole_cards[2:6]
        copied = pickle.loads(pickle.dumps(p))
        assert (copied.down_cards, copied.up_cards) == (p.down_cards, p.up_cards)
    state.bet_or_raise_to(state.legal_actions().min_raise_to or 0)
    state.fold()
    assert [p.down_cards for p in state.players if p.folded] == [()]
    draw = DeuceSevenTripleDraw(**DRAW_TABLE).start([100, 100], seed=5)
    assert all(p.down_cards == p.hole_cards and not p.up_cards for p in draw.players)
    assert Player("As Kd 2c", "Kd", 1, False, 0).down_cards == (Card("As"), Card("2c"))


def test_players_are_built_once_per_change() -> None:
    state = SevenCardStud(**STUD_TABLE).start([100, 100, 100], seed=2)
    first = state.players
    assert state.players is first
    assert state.player(1) is first[1]
    copied = copy.copy(state)
    assert copied.players == first
    before = state.players
    with pytest.raises(IllegalActionError):
        state.check()
    assert state.players == before
    bring_in = state.post_bring_in()
    assert isinstance(bring_in, BringInPosted)
    seat = bring_in.seat
    assert state.players is not first
    assert state.players[seat].bet == STUD_TABLE["bring_in"]
    assert copied.players == first
    assert pickle.loads(pickle.dumps(state)).players == state.players
    fresh = DeuceSevenTripleDraw(**DRAW_TABLE).start([100, 100], seed=2)
    one = fresh.player(1)
    assert fresh.players[1] is one


@given(
    index=st.one_of(
        st.integers(min_value=-(2**80), max_value=2**80),
        st.builds(
            slice,
            st.none() | st.integers(-(2**70), 2**70),
            st.none() | st.integers(-(2**70), 2**70),
            st.none() | st.integers(-(2**70), 2**70),
        ),
        st.text(max_size=3),
        st.floats(allow_nan=True),
        st.none(),
    )
)
def test_moves_indexing_takes_any_index(index: object) -> None:
    # Like a tuple of the same moves, but every refusal is a holecard error: a zero slice
    # step, an integer past the end (however large) or a non-index.
    state = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).start([100] * 3, seed=7)
    moves = state.legal_moves()
    as_tuple = tuple(moves)
    try:
        expected: object = as_tuple[index]  # type: ignore[call-overload]
    except (IndexError, ValueError, TypeError):
        with pytest.raises(HoleCardError):
            moves[index]  # type: ignore[call-overload]
    else:
        assert moves[index] == expected  # type: ignore[call-overload]
