"""``holecard.Table``: consecutive hands carrying stacks (issue 14 item 6)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from holecard import (
    ArgumentTypeError,
    ConfigurationError,
    Game,
    IllegalActionError,
    Move,
    Razz,
    Session,
    SevenCardStud,
    State,
    Table,
    simulate,
)
from holecard.events import AntePosted
from holecard.games import game_class
from holecard.phh import dumps, loads


def random_policy(rng: random.Random) -> Callable[[State], Move]:
    def policy(state: State) -> Move:
        moves = state.legal_moves()
        return moves[rng.randrange(min(len(moves), 6))]

    return policy


@pytest.mark.parametrize("game", list(Game), ids=lambda g: g.value)
def test_a_session_conserves_chips_retires_seats_and_moves_the_dealer(game: Game) -> None:
    table_cls = game_class(game)
    # A stud dealer box moves only under ROTATING (G-1.2.3); the 2-7 button always moves.
    rotating = {} if game is Game.DEUCE_SEVEN else {"stud_dealer_position": "ROTATING"}
    table = Table(table_cls.ten_twenty(**rotating), [60, 90, 30, 120], seed=3, max_hands=400)
    rng = random.Random(1)
    retired: set[int] = set()
    while not table.is_over:
        dealer, seating, before = table.dealer, table.seating(), table.stacks
        assert seating[-1] == dealer or before[dealer] == 0
        assert set(seating) == {s for s, c in enumerate(before) if c > 0}
        assert not retired & set(seating)
        state = table.play_hand(random_policy(rng))
        after = table.stacks
        assert sum(after) == 300
        for seat, chips in zip(seating, state.stacks, strict=True):
            assert after[seat] == chips
        retired |= {s for s, c in enumerate(after) if c == 0}
        if not table.is_over:
            assert table.dealer != dealer
            assert after[table.dealer] > 0
    assert table.hand_count == len(table.hands) == len(table.hand_seats)
    assert sum(1 for c in table.stacks if c > 0) == 1 or table.hand_count == 400


def test_levels_change_the_stakes_by_hand_count() -> None:
    levels = [
        (2, Razz(ante=2, bring_in=5, small_bet=10)),
        (4, Razz(ante=4, bring_in=5, small_bet=20)),
    ]
    table = Table(
        Razz(ante=1, bring_in=2, small_bet=4), [500] * 3, seed=1, levels=levels, max_hands=6
    )
    rng = random.Random(2)
    while not table.is_over:
        table.play_hand(random_policy(rng))
    antes = [next(e.amount for e in h.history if isinstance(e, AntePosted)) for h in table.hands]
    assert antes == [1, 1, 2, 2, 4, 4]


def test_every_hand_is_recorded_as_phh() -> None:
    table = Table(SevenCardStud.ten_twenty(), [200, 200, 200], seed=9, max_hands=5)
    rng = random.Random(3)
    while not table.is_over:
        table.play_hand(random_policy(rng))
    histories = table.to_phh()
    assert len(histories) == 5
    for history, state, seats in zip(histories, table.hands, table.hand_seats, strict=True):
        again = loads(dumps(history))
        assert again.players == [f"seat {s}" for s in seats]
        assert again.finishing_stacks == state.stacks
        assert again.replay().stacks == state.stacks


def test_next_hand_lets_the_caller_play() -> None:
    table = Table(
        Razz.ten_twenty(stud_dealer_position="ROTATING"), [100, 100], seed=4, max_hands=2
    )
    state = table.next_hand()
    with pytest.raises(IllegalActionError, match="not over"):
        table.next_hand()
    assert table.hand_count == 0
    while not state.is_over:
        state.apply(state.legal_moves()[0])
    assert table.hand_count == 1
    # The first hand seats seat 0 left of the dealer (seat 1), so hand seats are table seats.
    assert table.hand_seats == ((0, 1),)
    assert table.stacks == state.stacks
    assert table.dealer == 0
    assert table.seating() == (1, 0)
    table.play_hand(lambda s: s.legal_moves()[0])
    with pytest.raises(IllegalActionError, match="session is over"):
        table.next_hand()


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="two seats"):
        Table(Razz.ten_twenty(), [100, 0])
    with pytest.raises(ConfigurationError, match="dealer"):
        Table(Razz.ten_twenty(), [100, 100], dealer=2)
    with pytest.raises(ConfigurationError, match="not razz"):
        Table(Razz.ten_twenty(), [100, 100], levels=[(3, SevenCardStud.ten_twenty())])
    with pytest.raises(ConfigurationError, match="ascend"):
        Table(Razz.ten_twenty(), [100, 100], levels=[(0, Razz.ten_twenty())])
    with pytest.raises(ArgumentTypeError, match="game table"):
        Table("razz", [100, 100])  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match=r"seat 1 must be .* to 2\*\*58 - 1, got -1"):
        Table(Razz.ten_twenty(), [100, -1])
    with pytest.raises(ConfigurationError, match="razz deals to at most 8 players, got 9"):
        Table(Razz.ten_twenty(), [100] * 9)
    assert Table(Razz.ten_twenty(), [100] * 8 + [0]).seating() == tuple(range(8))
    six = Razz(ante=1, bring_in=3, small_bet=10, max_players=6)
    with pytest.raises(ConfigurationError, match="at most 6 players, got 7"):
        Table(Razz.ten_twenty(), [100] * 7, levels=[(5, six)])


def test_a_table_caps_the_chips_in_play_as_a_simulated_session_does() -> None:
    # Chips move between seats, so the cap is on the total: three stacks of 2**57 are
    # refused at once, not when one seat has won 2**58 chips some hands later.
    big = [2**57] * 3
    with pytest.raises(ConfigurationError, match="add up to less than 2\\*\\*58"):
        Table(Razz.ten_twenty(), big)
    with pytest.raises(ConfigurationError, match="add up to less than 2\\*\\*58"):
        simulate("razz", players=3, stack=2**57, session=Session(count=1), seed=1)
    most = [2**58 - 4, 1, 1, 1]
    table = Table(Razz.ten_twenty(), most, max_hands=2**64 - 1, seed=1)
    table.play_hand(lambda s: s.legal_moves()[0])
    assert sum(table.stacks) == 2**58 - 1


def test_a_hand_left_in_play_by_a_bad_policy_can_be_finished_and_play_goes_on() -> None:
    table = Table(Razz.ten_twenty(), [100] * 3, seed=1)
    assert table.current is None
    with pytest.raises(IllegalActionError):
        table.play_hand(lambda s: Move("check"))  # nobody may check the bring-in
    state = table.current
    assert state is not None
    assert not state.is_over
    with pytest.raises(IllegalActionError, match=r"finish Table\.current"):
        table.next_hand()
    assert table.to_phh() == []  # the hand in play is not a finished one
    while not state.is_over:
        state.timeout()
    assert table.current is None
    assert table.hand_count == 1
    assert sum(table.stacks) == 300
    table.play_hand(lambda s: s.legal_moves()[0])
    assert table.hand_count == 2
    assert len(table.to_phh()) == 2


@pytest.mark.parametrize(
    ("stacks", "keywords", "shown"),
    [
        ("100", {}, "Table(?, stacks=?, dealer=?, hands=?)"),
        ([100, 0], {}, "Table(?, stacks=[100, 0], dealer=?, hands=?)"),
        ([100, 100], {"dealer": 2}, "Table(?, stacks=[100, 100], dealer=?, hands=?)"),
        (
            [100, 100],
            {"levels": [(0, Razz.ten_twenty())]},
            "Table(?, stacks=[100, 100], dealer=1, hands=?)",
        ),
        ([100] * 9, {}, f"Table(Razz, stacks={[100] * 9}, dealer=8, hands=?)"),
    ],
    ids=["stacks", "two-seats", "dealer", "levels", "max-players"],
)
def test_repr_of_a_table_whose_init_raised_shows_what_it_holds(
    stacks: object, keywords: dict[str, object], shown: str
) -> None:
    table = Table.__new__(Table)
    assert repr(table) == "Table(?, stacks=?, dealer=?, hands=?)"
    with pytest.raises((ArgumentTypeError, ConfigurationError)):
        table.__init__(Razz.ten_twenty(), stacks, **keywords)  # type: ignore[misc]
    assert repr(table) == shown


def test_repr_of_a_table_shows_the_hand_in_play_and_books_none() -> None:
    table = Table(Razz.ten_twenty(stud_dealer_position="ROTATING"), [100] * 3, seed=1)
    seen: list[str] = []

    def policy(state: State) -> Move:
        seen.append(repr(table))
        return state.legal_moves()[0]

    assert repr(table) == "Table(Razz, stacks=[100, 100, 100], dealer=2, hands=0)"
    state = table.play_hand(policy)
    assert seen[0] == "Table(Razz, stacks=[100, 100, 100], dealer=2, hands=0, hand in play)"
    assert repr(table) == f"Table(Razz, stacks={table.stacks}, dealer=0, hands=1)"
    # A hand over but not yet booked shows booked, and repr does not book it.
    state = table.next_hand()
    while not state.is_over:
        state.apply(state.legal_moves()[0])
    assert table._current is state
    booked = repr(table)
    assert table._current is state
    assert booked == f"Table(Razz, stacks={table.stacks}, dealer={table.dealer}, hands=2)"
    # A record cut short (a finished hand without its seating) is shown as it is.
    broken = Table(Razz.ten_twenty(), [100] * 3, seed=1)
    broken._current = state
    assert repr(broken) == (
        "Table(Razz, stacks=[100, 100, 100], dealer=2, hands=0, last hand not booked)"
    )


@pytest.mark.parametrize(
    ("game", "options", "moves"),
    [
        (Game.STUD, {}, False),  # G-1.2.3: the stud dealer box is fixed by default
        (Game.STUD8, {"stud_dealer_position": "FIXED"}, False),
        (Game.RAZZ, {"stud_dealer_position": "ROTATING"}, True),
        (Game.SOKO, {"stud_dealer_position": "ROTATING"}, True),
        (Game.DEUCE_SEVEN, {}, True),  # G-1.2.4: the 2-7 button moves after every hand
    ],
)
def test_g_1_2_3_a_fixed_dealer_box_stays_and_a_button_moves(
    game: Game, options: dict[str, str], moves: bool
) -> None:
    table = Table(game_class(game).ten_twenty(**options), [1000] * 4, seed=7, max_hands=6)
    rng = random.Random(4)
    dealers, seatings = [], []
    while not table.is_over:
        dealers.append(table.dealer)
        seatings.append(table.seating())
        table.play_hand(random_policy(rng))
    assert all(table.stacks)  # nobody retired: the box or button is the only thing moving
    if moves:
        assert dealers == [3, 0, 1, 2, 3, 0]
        assert seatings[1] == (1, 2, 3, 0)
    else:
        assert dealers == [3] * 6
        assert seatings == [(0, 1, 2, 3)] * 6
