"""Tests of the reference rules engine (``holecard.reference.engine``) against docs/rules.md.

Every §5.3 scenario vector (V-B, V-W, V-M, V-R, V-K) is a named test citing its rule,
plus targeted tests of the options of §6 and random legal play of many hands.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holecard.reference.engine import (
    ALL_CARDS,
    BurnsRecycled,
    CardBurned,
    CardDealt,
    ConfigurationError,
    DeuceSevenTripleDraw,
    Drew,
    Game,
    HandShown,
    IllegalActionError,
    Move,
    Pot,
    Razz,
    Reshuffled,
    SevenCardStud,
    SevenCardStudHiLo,
    Soko,
    State,
    build_pots,
    split_amount,
    split_hi_lo,
)

# ------------------------------------------------------------------------------------
# Helpers


def fill_deck(prefix: Sequence[str | None]) -> list[str]:
    """A 52-card deck starting with ``prefix`` (None = any unused card)."""
    named = [c for c in prefix if c is not None]
    assert len(named) == len(set(named)), "duplicate card in a test deck"
    spare = [c for c in ALL_CARDS if c not in named]
    deck = [c if c is not None else spare.pop(0) for c in prefix]
    return deck + spare


def stud_deck(hands: Sequence[Sequence[str | None]], *, soko: bool = False) -> list[str]:
    """Deck dealing ``hands[seat]`` (dealt order) when nobody folds; burns are filler."""
    initial = 2 if soko else 3
    prefix: list[str | None] = []
    for r in range(initial):
        prefix.extend(h[r] if r < len(h) else None for h in hands)
    longest = max(len(h) for h in hands)
    for r in range(initial, longest):
        prefix.append(None)  # burn
        prefix.extend(h[r] for h in hands if r < len(h))  # shorter hands folded
    return fill_deck(prefix)


def draw_deck(hands: Sequence[Sequence[str | None]]) -> list[str]:
    """2-7 deck dealing five cards to each seat from seat 0 (default button = last)."""
    prefix: list[str | None] = []
    for r in range(5):
        prefix.extend(h[r] if r < len(h) else None for h in hands)
    return fill_deck(prefix)


def passive(state: State, *, until_street: int | None = None) -> None:
    """Post bring-ins, check or call, stand pat, until ``until_street`` (or the end)."""
    while not state.is_over and (
        until_street is None or state.street < until_street or state.legal_actions().draw
    ):
        legal = state.legal_actions()
        if legal.draw:
            state.stand_pat()
        elif legal.bring_in is not None:
            state.post_bring_in()
        elif legal.check:
            state.check()
        else:
            state.call()


def to_draw(state: State) -> None:
    """Play passively until a draw decision is expected."""
    while not state.legal_actions().draw:
        _step(state)


def _step(state: State) -> None:
    legal = state.legal_actions()
    if legal.bring_in is not None:
        state.post_bring_in()
    elif legal.check:
        state.check()
    else:
        state.call()


def min_raise(state: State) -> None:
    """Make the smallest legal bet or raise."""
    amount = state.legal_actions().min_raise_to
    assert amount is not None
    state.bet_or_raise_to(amount)


def to_street(state: State, street: int) -> None:
    """Play passively until betting round ``street`` waits for its first action."""
    passive(state, until_street=street)
    assert state.street == street


# ------------------------------------------------------------------------------------
# V-B: bring-in (E-2.6)

DOORS = ["3h", "2d", "2c", "As", "Ah"]


def test_v_b1_lowest_door_card_brings_in() -> None:
    """V-B1 / E-2.6.2: LOWEST picks 2c (rank, then suit c < d < h < s)."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([50] * 5, deck=stud_deck([[None, None, d] for d in DOORS]))
    assert state.actor == 2
    assert state.legal_actions().bring_in == 1


def test_v_b2_highest_door_card_brings_in() -> None:
    """V-B2 / E-2.6.2: HIGHEST picks As over Ah (suit)."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, bring_in_card="HIGHEST")
    state = game.start([50] * 5, deck=stud_deck([[None, None, d] for d in DOORS]))
    assert state.actor == 3


def test_v_b2_auto_is_highest_in_pot_limit() -> None:
    """E-2.6.2 / T-4: AUTO = highest door card in pot limit and no limit."""
    for betting in ("POT_LIMIT", "NO_LIMIT"):
        game = SevenCardStud(ante=1, bring_in=1, small_bet=2, betting=betting)
        state = game.start([50] * 5, deck=stud_deck([[None, None, d] for d in DOORS]))
        assert state.actor == 3


def test_v_b3_stud8_ace_counts_high_for_bring_in() -> None:
    """V-B3 / H-2 / E-2.6.1: in stud/8 the 2d brings in before the Ac."""
    game = SevenCardStudHiLo(ante=1, bring_in=1, small_bet=2)
    state = game.start([50, 50], deck=stud_deck([[None, None, "Ac"], [None, None, "2d"]]))
    assert state.actor == 1


def test_razz_highest_door_card_brings_in_aces_low() -> None:
    """Razz extension: the highest door card brings in, an ace being low."""
    game = Razz(ante=1, bring_in=1, small_bet=2)
    deck = stud_deck([[None, None, "Ks"], [None, None, "Kc"], [None, None, "As"]])
    state = game.start([50, 50, 50], deck=deck)
    assert state.actor == 0  # Ks: king high, spades beat clubs


def test_bring_in_cannot_fold_or_check() -> None:
    """G-1.4.2: the bring-in player may only post or complete."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([50] * 3, deck=stud_deck([[None, None, d] for d in ("2c", "9d", "Kh")]))
    legal = state.legal_actions()
    assert (legal.fold, legal.check, legal.call) == (False, False, None)
    assert (legal.bring_in, legal.complete) == (1, 2)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError, match="may not fold"):
        state.fold()
    with pytest.raises(IllegalActionError):
        state.check()
    assert state == before


def test_bring_in_player_gets_no_option_after_calls() -> None:
    """G-1.4.2: if everyone just calls the bring-in, the round ends without him."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([50] * 3, deck=stud_deck([[None, None, d] for d in ("2c", "9d", "Kh")]))
    state.post_bring_in().call().call()
    assert state.street == 1


def test_bring_in_obligation_passes_when_all_in_for_ante() -> None:
    """G-1.4.2 / T-12: selected player all-in for the ante: next player with chips."""
    game = SevenCardStud(ante=2, bring_in=2, small_bet=4)
    deck = stud_deck([[None, None, "2c"], [None, None, "9d"], [None, None, "Kh"]])
    state = game.start([2, 50, 50], deck=deck)
    assert state.players[0].all_in
    assert state.actor == 1


def test_short_bring_in_others_call_full_amount() -> None:
    """G-1.4.2: a short bring-in is all-in; the others still call the full B."""
    game = SevenCardStud(ante=1, bring_in=4, small_bet=8)
    deck = stud_deck([[None, None, "2c"], [None, None, "9d"], [None, None, "Kh"]])
    state = game.start([3, 50, 50], deck=deck)
    state.post_bring_in()
    assert state.players[0].all_in
    assert state.legal_actions().call == 4


# ------------------------------------------------------------------------------------
# V-W: first to act on later streets (E-2.5)


def _first_actor(game: Game, hands: Sequence[Sequence[str | None]], street: int) -> int:
    soko = isinstance(game, Soko)
    state = game.start([1000] * len(hands), deck=stud_deck(hands, soko=soko))
    to_street(state, street)
    assert state.actor is not None
    return state.actor


def test_v_w1_pair_acts_before_ace_king() -> None:
    """V-W1 / E-2.5.2: 4th street 5c 5d acts before Ah Kd."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    hands = [[None, None, "Ah", "Kd"], [None, None, "5c", "5d"]]
    assert _first_actor(game, hands, 1) == 1


def test_v_w2_kicker_decides() -> None:
    """V-W2 / E-2.5.2: 8s 8h Ad acts before 8d 8c Kc."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    hands = [[None, None, "8d", "8c", "Kc"], [None, None, "8s", "8h", "Ad"]]
    assert _first_actor(game, hands, 2) == 1


@pytest.mark.parametrize(("tie_break", "expected"), [("POSITION", 0), ("SUIT", 2)])
def test_v_w3_exact_tie(tie_break: str, expected: int) -> None:
    """V-W3 / E-2.5.4: 8d 8c Ac (seat 0) vs 8s 8h Ad (seat 2): POSITION 0, SUIT 2."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, showing_tie_break=tie_break)
    hands = [
        [None, None, "8d", "8c", "Ac"],
        [None, None, "2c", "3c", "4d"],
        [None, None, "8s", "8h", "Ad"],
    ]
    assert _first_actor(game, hands, 2) == expected


def test_v_w4_soko_four_flush_showing_acts_first() -> None:
    """V-W4 / E-2.5.3: Soko 5h 6h 7h Kh acts before Ac Ad 9s 2h (default)."""
    hands = [[None, "Ac", "Ad", "9s", "2h"], [None, "5h", "6h", "7h", "Kh"]]
    game = Soko(ante=1, bring_in=1, small_bet=2)
    assert _first_actor(game, hands, 3) == 1
    plain = Soko(ante=1, bring_in=1, small_bet=2, soko_showing_four_card_hands=False)
    assert _first_actor(plain, hands, 3) == 0


def test_v_w5_stud_ignores_four_flush_showing() -> None:
    """V-W5 / E-2.5.1: in stud the pair of aces acts before four suited cards."""
    hands = [[None, None, "Ac", "Ad", "9s", "2h"], [None, None, "5h", "6h", "7h", "Kh"]]
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    assert _first_actor(game, hands, 3) == 0


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (["2c", "2d", "3h", "3s"], ["Ah", "Ad", "Kc", "Qd"]),  # V-W6
        (["Kc", "Kd", "2h", "2s"], ["Qh", "Qd", "Jc", "Jd"]),  # V-W7
        (["9c", "9d", "2h", "2s"], ["Ah", "Ad", "Kc", "Qd"]),  # V-W8
    ],
    ids=["V-W6", "V-W7", "V-W8"],
)
def test_v_w6_to_w8_two_pair_showing(first: list[str], second: list[str]) -> None:
    """V-W6..8 / E-2.5.2: two pair showing, compared high pair then low pair."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    hands: list[list[str | None]] = [[None, None, *second], [None, None, *first]]
    assert _first_actor(game, hands, 3) == 1


def test_razz_lowest_showing_acts_first() -> None:
    """Razz extension: the lowest ace-to-five showing hand acts first."""
    game = Razz(ante=1, bring_in=1, small_bet=2)
    hands = [[None, None, "Kc", "Qd"], [None, None, "2c", "As"]]
    assert _first_actor(game, hands, 1) == 1


# ------------------------------------------------------------------------------------
# V-M: money


def test_v_m1_pot_limit_raise() -> None:
    """V-M1 / G-1.7.3: pot 100, bet 50 → max raise-to 250."""
    game = SevenCardStud(ante=10, bring_in=10, small_bet=20, betting="POT_LIMIT")
    state = game.start([1000] * 5, seed=3)
    to_street(state, 1)
    assert sum(p.amount for p in state.pots) == 100
    state.bet_or_raise_to(50)
    assert state.legal_actions().max_raise_to == 250


def test_v_m2_deuce_seven_pot_limit_utg() -> None:
    """V-M2 / G-1.7.3: 2-7 PL blinds 1/2, 6 players: UTG max raise-to 7."""
    game = DeuceSevenTripleDraw(small_blind=1, big_blind=2, small_bet=2, betting="POT_LIMIT")
    state = game.start([100] * 6, seed=1)
    assert state.actor == 2
    legal = state.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 7)


def test_v_m3_stud_pot_limit_after_bring_in() -> None:
    """V-M3 / G-1.7.3 / G-1.7.5: 8 antes of 1, bring-in 2: max 14, min M."""
    game = SevenCardStud(ante=1, bring_in=2, small_bet=4, betting="POT_LIMIT")
    state = game.start([100] * 8, seed=5)
    state.post_bring_in()
    legal = state.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 14)


def test_v_m4_quartering() -> None:
    """V-M4 / H-5.3: pot 120, X best high and tied low with Y → 90 / 30."""
    high, low = split_hi_lo(120, [0], [0, 1])
    assert high[0] + low[0] == 90
    assert low[1] == 30


def test_v_m4_quartering_through_the_engine() -> None:
    """V-M4 / H-5.3 end to end: X flush + 6-4 low, Y 6-4 low, Z two pair."""
    x = ["As", "2s", "3s", "4h", "6d", "Ks", "Qs"]
    y = ["Ac", "2c", "3d", "4c", "6h", "Jd", "Td"]
    z = ["Jc", "Jh", "Qd", "Qh", "7c", "8s", "9s"]
    game = SevenCardStudHiLo(ante=0, bring_in=40, small_bet=40)
    state = game.start([1000] * 3, deck=stud_deck([x, y, z]))
    passive(state)
    assert state.payoffs == [90 - 40, 30 - 40, -40]


def test_v_m5_v_m6_odd_chips_of_the_low_half() -> None:
    """V-M5 / V-M6 / G-1.11.2: 125 → 63/31/31; 127 → 64/32/31."""
    high, low = split_hi_lo(125, [0], [1, 2])
    assert (high[0], low[1], low[2]) == (63, 31, 31)
    high, low = split_hi_lo(127, [0], [1, 2])
    assert (high[0], low[1], low[2]) == (64, 32, 31)


def test_v_m7_v_m8_v_m9_identical_winners_both_ways() -> None:
    """V-M7..9 / G-1.11.3: identical winners split once (33/33, 34/33), not 34/32."""
    high, low = split_hi_lo(66, [0, 1], [0, 1])
    assert (high, low) == ({0: 33, 1: 33}, {})
    high, low = split_hi_lo(66, [0, 1], [0, 1], scoop_identical_split=False)
    assert (high[0] + low[0], high[1] + low[1]) == (34, 32)  # V-M8
    high, _ = split_hi_lo(67, [0, 1], [0, 1])
    assert high == {0: 34, 1: 33}


def test_v_m10_no_low_high_scoops() -> None:
    """V-M10 / H-5.2: no qualifying low → high scoops 100."""
    assert split_hi_lo(100, [2], []) == ({2: 100}, {})


def test_v_m11_side_pots() -> None:
    """V-M11 / G-1.10.2: A all-in 10, B and C 30 each."""
    pots = build_pots([10, 30, 30], [True] * 3, [True, False, False])
    assert pots == [Pot(30, (0, 1, 2)), Pot(40, (1, 2))]


def test_v_m12_ante_level_pot() -> None:
    """V-M12 / G-1.10.6: A all-in for the ante, B and C 21, D folded after 6."""
    pots = build_pots([1, 21, 21, 6], [True, True, True, False], [True, False, False, False])
    assert pots == [Pot(4, (0, 1, 2)), Pot(45, (1, 2))]


def test_v_m12_through_the_engine() -> None:
    """V-M12 end to end: ante 1, D brings in 5 and folds, B and C go to 21."""
    game = SevenCardStud(ante=1, bring_in=5, small_bet=10)
    deck = stud_deck(
        [[None, None, "Ah"], [None, None, "Kh"], [None, None, "Qh"], [None, None, "2c"]]
    )
    state = game.start([1, 100, 100, 100], deck=deck)
    assert state.actor == 3
    state.post_bring_in()
    assert state.actor == 1  # seat 0 is all-in for the ante
    state.complete().call().fold()
    state.bet_or_raise_to(10).call()
    assert state.street == 2
    assert state.pots == [Pot(4, (0, 1, 2)), Pot(45, (1, 2))]


@pytest.mark.parametrize(
    ("order", "odd_chip_to"),
    [
        ("POSITION", 0),
        ("HIGH_CARD_BY_SUIT_BEST5", 1),
        ("HIGH_CARD_BY_SUIT_ALL", 0),
        ("LOW_CARD_BY_SUIT_ALL", 0),
    ],
)
def test_odd_chip_orders_through_the_engine(order: str, odd_chip_to: int) -> None:
    """G-1.11.4: tied 9-high straights split 13; who gets the odd chip per option."""
    x = ["5c", "6d", "7h", "8s", "9c", "As", "2c"]  # As is not in his best five
    y = ["5d", "6h", "7s", "8c", "9s", "2h", "3h"]  # 9s is the best card of a best five
    z = ["Kd", "Qd", "2d"]
    game = SevenCardStud(ante=1, bring_in=2, small_bet=4, odd_chip_order=order)
    state = game.start([100] * 3, deck=stud_deck([x, y, z]))
    assert state.actor == 2
    state.post_bring_in().complete().call().fold()
    passive(state)
    won = [s - 95 for s in state.stacks[:2]]
    assert sorted(won) == [6, 7]
    assert won[odd_chip_to] == 7


def test_soko_four_flush_beats_pair_at_showdown() -> None:
    """S-10 / E-2.2.1: a four-flush beats a pair of aces."""
    x = ["Ac", "Ad", "9s", "2h", "3c"]
    y = ["5h", "6h", "7h", "Kh", "2s"]
    game = Soko(ante=1, bring_in=1, small_bet=2)
    state = game.start([100, 100], deck=stud_deck([x, y], soko=True))
    passive(state)
    assert state.payoffs[1] > 0


def test_odd_chip_position_order() -> None:
    """G-1.11.1: odd units one at a time in odd-chip order."""
    assert split_amount(11, [2, 0, 1]) == {2: 4, 0: 4, 1: 3}
    assert split_amount(10, [0, 1], unit=5) == {0: 5, 1: 5}
    assert split_amount(15, [0, 1], unit=5) == {0: 10, 1: 5}


# ------------------------------------------------------------------------------------
# V-R: raises and short all-ins (G-1.6, G-1.9)


def _deuce_to_big_bet_round(stacks: Sequence[int], **options: object) -> State:
    """2-7 FL, blinds 5/10, bets 10/20, everyone limps and stands pat to round 2."""
    game = DeuceSevenTripleDraw(small_bet=10, small_blind=5, big_blind=10, **options)
    state = game.start(list(stacks), seed=11)
    to_street(state, 2)
    return state


def test_v_r1_half_bet_all_in_is_a_full_bet() -> None:
    """V-R1 / G-1.9.3: $20 round, all-in $15 bet is a full bet; raise makes it $35."""
    state = _deuce_to_big_bet_round([25, 100, 100])
    assert state.actor == 0
    state.bet_or_raise_to(15)
    legal = state.legal_actions()
    assert (legal.fold, legal.call, legal.min_raise_to, legal.max_raise_to) == (True, 15, 35, 35)


def test_v_r1_full_bet_option() -> None:
    """G-1.9.3 FULL_BET: the $15 all-in is not a bet; a raise completes to $20 + 20."""
    state = _deuce_to_big_bet_round([25, 100, 100], limit_short_all_in_rule="FULL_BET")
    state.bet_or_raise_to(15)
    assert state.legal_actions().min_raise_to == 20


def test_v_r2_short_all_in_raise() -> None:
    """V-R2 / G-1.9.3: bet 20, all-in 25: bettor cannot re-raise; others complete to 40."""
    state = _deuce_to_big_bet_round([100, 35, 100, 100])
    state.bet_or_raise_to(20)
    state.bet_or_raise_to(25)
    legal = state.legal_actions()
    assert (legal.call, legal.min_raise_to) == (25, 40)
    state.call().call()
    assert state.actor == 0
    legal = state.legal_actions()
    assert (legal.call, legal.min_raise_to) == (5, None)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError):
        state.bet_or_raise_to(45)
    assert state == before


def _nl_round_one(stacks: Sequence[int]) -> State:
    game = DeuceSevenTripleDraw(small_blind=50, big_blind=100, small_bet=100, betting="NO_LIMIT")
    state = game.start(list(stacks), seed=2)
    to_street(state, 1)
    return state


def test_v_r3_tda_accumulated_short_all_ins() -> None:
    """V-R3 / G-1.9.2: A faces +100 (may raise), C faces +75 (call or fold only)."""
    state = _nl_round_one([1000, 225, 1000, 300, 1000])
    assert state.actor == 0
    state.bet_or_raise_to(100)  # A
    state.bet_or_raise_to(125)  # B all-in
    state.call()  # C
    state.bet_or_raise_to(200)  # D all-in
    state.call()  # E
    assert state.actor == 0
    assert state.legal_actions().min_raise_to == 300
    state.call()
    assert state.actor == 2
    legal = state.legal_actions()
    assert (legal.call, legal.min_raise_to) == (75, None)


def test_v_r4_wsop_173_no_reraise() -> None:
    """V-R4 / G-1.9.2: A 100, B 200, C all-in 250, A calls → B may not raise."""
    state = _nl_round_one([1000, 1000, 350])
    state.bet_or_raise_to(100).bet_or_raise_to(200).bet_or_raise_to(250).call()
    assert state.actor == 1
    legal = state.legal_actions()
    assert (legal.call, legal.min_raise_to) == (50, None)


def test_v_r5_short_completion_counts_as_completion() -> None:
    """V-R5 / G-1.9.3: bring-in 5, S 15, all-in 10 → completion; next raise to 25."""
    game = SevenCardStud(ante=0, bring_in=5, small_bet=15)
    deck = stud_deck([[None, None, "2c"], [None, None, "Kd"], [None, None, "Kh"]])
    state = game.start([100, 10, 100], deck=deck)
    state.post_bring_in()
    assert state.legal_actions().complete == 10
    state.complete()
    legal = state.legal_actions()
    assert (legal.call, legal.complete, legal.min_raise_to) == (10, None, 25)


@pytest.mark.parametrize(("max_raises", "raises"), [(3, 3), (4, 4)])
def test_v_r6_cap(max_raises: int, raises: int) -> None:
    """V-R6 / G-1.6.2 / C-11: completion + 3 raises caps (max_raises=4: one more)."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, max_raises=max_raises)
    state = game.start([1000] * 6, seed=4)
    state.post_bring_in()
    state.complete()
    for _ in range(raises):
        min_raise(state)
    legal = state.legal_actions()
    assert legal.min_raise_to is None
    assert legal.call is not None


@pytest.mark.parametrize(
    ("mode", "capped"),
    [("NEVER", True), ("ROUND_BEGINS_HEADS_UP", False), ("BECOMES_HEADS_UP_BEFORE_CAP", False)],
)
def test_uncapped_heads_up(mode: str, capped: bool) -> None:
    """G-1.6.2 uncapped_heads_up: heads-up from the start of the round."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, uncapped_heads_up=mode)
    state = game.start([1000, 1000], seed=9)
    state.post_bring_in().complete()
    for _ in range(3):
        min_raise(state)
    assert (state.legal_actions().min_raise_to is None) is capped


def test_becomes_heads_up_before_cap() -> None:
    """G-1.6.2 [RRoP] 4: a round that becomes heads-up before the cap is uncapped."""
    for mode, capped in (("ROUND_BEGINS_HEADS_UP", True), ("BECOMES_HEADS_UP_BEFORE_CAP", False)):
        game = SevenCardStud(ante=1, bring_in=1, small_bet=2, uncapped_heads_up=mode)
        state = game.start([1000] * 3, seed=9)
        state.post_bring_in().complete().fold()
        for _ in range(3):
            min_raise(state)
        assert (state.legal_actions().min_raise_to is None) is capped


def test_open_pair_double_bet() -> None:
    """G-1.6.4 / T-6: open pair on 4th street: bet S or G; after G, raises are G."""
    hands = [[None, None, "Ah", "Kd"], [None, None, "5c", "5d"]]
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([100, 100], deck=stud_deck(hands))
    to_street(state, 1)
    legal = state.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (2, 4)
    with pytest.raises(IllegalActionError):
        state.bet_or_raise_to(3)
    state.bet_or_raise_to(4)
    legal = state.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (8, 8)
    off = SevenCardStud(ante=1, bring_in=1, small_bet=2, open_pair_double_bet=False)
    state = off.start([100, 100], deck=stud_deck(hands))
    to_street(state, 1)
    assert state.legal_actions().max_raise_to == 2


# ------------------------------------------------------------------------------------
# V-K: deck exhaustion (T-9, D-10)


def test_v_k1_eight_players_community_card() -> None:
    """V-K1 / T-9.3-4: 8 at 7th street → community card, no betting, 6th-street order."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([1000] * 8, seed=21)
    to_street(state, 3)
    aggressor = state.actor
    assert aggressor is not None
    state.bet_or_raise_to(4)
    passive(state)
    assert state.is_over
    assert len(state.board) == 1
    assert any(isinstance(e, BurnsRecycled) for e in state.history)
    assert all(len(p.hole_cards) == 6 for p in state.players)
    order = [e.seat for e in state.history if isinstance(e, HandShown)]
    assert order[0] == aggressor
    assert state.history[-1] is not None


def test_v_k1_community_card_betting_option() -> None:
    """T-9.4 option: betting on the community-card round, best four up-cards first."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, community_card_betting=True)
    state = game.start([1000] * 8, seed=21)
    to_street(state, 4)
    assert len(state.board) == 1
    assert state.actor is not None


def test_v_k1_without_recycling() -> None:
    """T-9 recycle_burns_before_community = False: no BurnsRecycled event."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, recycle_burns_before_community=False)
    state = game.start([1000] * 8, seed=21)
    passive(state)
    assert len(state.board) == 1
    assert not any(isinstance(e, BurnsRecycled) for e in state.history)


def test_v_k2_seven_players_recycle_burns() -> None:
    """V-K2 / T-9.2: 7 players reach 7th street → burns recycled, normal 7th street."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([1000] * 7, seed=8)
    to_street(state, 4)
    assert any(isinstance(e, BurnsRecycled) for e in state.history)
    assert state.board == []
    assert all(len(p.hole_cards) == 7 for p in state.players)
    assert state.actor is not None  # 7th-street betting happens


def test_recycle_order_fixes_the_recycled_cards_of_one_state() -> None:
    """State.recycle_order orders the recycled cards of its own state, nobody else's."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    given: list[list[str]] = []

    def reverse(cards: list[str]) -> list[str]:
        given.append(list(cards))
        return cards[::-1]

    hooked = game.start([1000] * 7, seed=8, recycle_order=reverse)
    plain = game.start([1000] * 7, seed=8)
    assert hooked == plain  # the hook is not part of the state
    to_street(hooked, 4)
    to_street(plain, 4)
    assert len(given) == 1
    at = next(i for i, e in enumerate(hooked.history) if isinstance(e, BurnsRecycled))
    assert hooked.history[:at] == plain.history[:at]
    taken = [str(e.card) for e in hooked.history[at:] if isinstance(e, CardDealt | CardBurned)]
    assert taken + hooked.stub == given[0][::-1]
    assert hooked.stub != plain.stub  # plain shuffles with the seed's random stream


def test_recycle_order_must_return_the_same_cards() -> None:
    """A recycle_order that loses a card is an error, not a silently smaller deck."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([1000] * 7, seed=8, recycle_order=lambda cards: cards[1:])
    with pytest.raises(ValueError, match="recycle_order"):
        to_street(state, 4)


def test_v_k2_reserve_bottom_card() -> None:
    """T-9 reserve_bottom_card: 7 players need 7 + 1 + 1 = 9 cards; 7 + 3 burns = 10."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, reserve_bottom_card=True)
    state = game.start([1000] * 7, seed=8)
    to_street(state, 4)
    assert state.board == []


def _six_way_full_draw(**options: object) -> State:
    game = DeuceSevenTripleDraw(small_bet=2, **options)
    state = game.start([100] * 6, seed=31)
    to_draw(state)
    for _ in range(6):
        state.draw(state.players[state.actor].hole_cards)  # type: ignore[index]
    return state


def test_v_k3_reshuffle_exclude_own_discards() -> None:
    """V-K3 / D-10 / §5.2: 6 players draw five: player 5 gets 1 + 4 from a 21-card pool."""
    state = _six_way_full_draw()
    draws = [e for e in state.history if isinstance(e, Drew)]
    reshuffle = next(e for e in state.history if isinstance(e, Reshuffled))
    assert reshuffle.seat == 4
    assert len(reshuffle.cards) == 21
    fifth = draws[4]
    assert not set(fifth.received) & set(fifth.discards)
    assert len(state.stub) == 12


def test_v_k3_current_draw_scope_and_burn_after_reshuffle() -> None:
    """D-10.2 CURRENT_DRAW (same pool on the first draw) and D-10.3 burn after reshuffle."""
    state = _six_way_full_draw(own_discards_scope="CURRENT_DRAW", burn_after_reshuffle=True)
    reshuffle = next(e for e in state.history if isinstance(e, Reshuffled))
    assert len(reshuffle.cards) == 21
    assert len(state.stub) == 11


def test_v_k3_exclude_current_round_fallback() -> None:
    """D-10 EXCLUDE_CURRENT_ROUND: infeasible pool falls back, never the own discards."""
    state = _six_way_full_draw(reshuffle_policy="EXCLUDE_CURRENT_ROUND")
    draws = [e for e in state.history if isinstance(e, Drew)]
    for d in draws:
        assert len(d.received) == 5
        assert not set(d.received) & set(d.discards)


# D-10.5: never his own discards, from any stub. Deck in card order, six players, every
# draw throws the first k cards of the hand; deck= without a seed recycles in the order
# the cards left play, so every card below follows from the rules by hand.
_PLAN = ((5, 5, 5, 5, 2, 2), (3, 2, 5, 1, 1, 1), (0, 0, 2, 5, 5, 5))
_FIRST = ("0:9sTcTdThTs", "1:JcJdJhJsQc", "2:QdQhQsKcKd", "3:KhKsAcAdAh")


def _planned_draws(**options: object) -> list[str]:
    state = DeuceSevenTripleDraw(small_bet=2, **options).start([1000] * 6, deck=list(ALL_CARDS))
    draws = 0
    dealt: list[str] = []  # seat:cards received, in the order dealt (the end of his hand)
    while not state.is_over:
        legal = state.legal_actions()
        if legal.draw:
            p = state.actor
            assert p is not None
            draws += p == 0
            k = _PLAN[draws - 1][p]
            state.draw(state.players[p].hole_cards[:k])
            dealt.append(f"{p}:{''.join(state.players[p].hole_cards[5 - k :])}")
        elif legal.check:
            state.check()
        else:
            state.call()
    events = [e for e in state.history if isinstance(e, Drew)]
    assert [(e.seat, {str(c) for c in e.received}) for e in events] == [
        (int(d[0]), {d[i : i + 2] for i in range(2, len(d), 2)}) for d in dealt
    ]
    return dealt


@pytest.mark.parametrize(
    ("options", "dealt"),
    [
        # Seat 0 holds 2c 3h 5c 6h 8c, seat 1 2d 3s 5d 6s 8d, seat 2 2h 4c 5h 7c 8h, seat 3
        # 2s 4d 5s 7d 8s; burn 9h. Draw 1: seats 0-3 take 20 cards, seat 4 the last (As),
        # then the pool 9h + the 20 discards of seats 0-3 in that order: 9h; seat 5: 2c 3h.
        # Draw 2 (burn 5c; stub 6h 8c 2d 3s 5d 6s 8d 2h ...): seat 0 passes over 6h 8c,
        # his own, and takes 2d 3s 5d; seat 1 takes the 6h 8c left in place; seat 2 takes
        # 6s 8d, passes over 2h 4c 5h 7c 8h, takes 2s 4d 5s; seats 3-5 get 2h, 4c, 5h.
        # Draw 3 (burn 7c; stub 8h 7d 8s): seat 2 passes over 8h and takes 7d 8s; seat 3
        # takes 8h and the pool without his own discards.
        (
            {},
            [
                *_FIRST,
                *("4:As9h", "5:2c3h", "0:2d3s5d", "1:6h8c", "2:6s8d2s4d5s", "3:2h", "4:4c"),
                *("5:5h", "0:", "1:", "2:7d8s", "3:8h3c4h3d4s", "4:5c9sTcTdJc", "5:JdQdQhQsKc"),
            ],
        ),
        (
            {"burn_after_reshuffle": True},
            [
                *_FIRST,
                *("4:As2c", "5:3h5c", "0:2d3s5d", "1:8c2h", "2:6s8d2s4d5s", "3:4c", "4:5h"),
                *("5:7c", "0:", "1:", "2:7d8s", "3:4h9h3d4s6h", "4:9sTcTdJcJd", "5:QdQhQsKcKd"),
            ],
        ),
        # CURRENT_DRAW: earlier discards come back (seat 0: 6h 8c; seat 2: 2h 4c 5h).
        (
            {"own_discards_scope": "CURRENT_DRAW"},
            [
                *_FIRST,
                *("4:As9h", "5:2c3h", "0:6h8c2d", "1:3s5d", "2:6s8d2h4c5h", "3:7c", "4:8h"),
                *("5:2s", "0:", "1:", "2:5s7d", "3:8s3c4h3d4s", "4:5c9sTcTdJc", "5:JdQdQhQsKc"),
            ],
        ),
        # EXCLUDE_CURRENT_ROUND: seat 4's last stub card (As) does not complete the round:
        # pool As + 9h; seat 5 then falls back to the others' current discards.
        (
            {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND"},
            [
                *_FIRST,
                *("4:As9h", "5:2c3h", "0:2d3s5d", "1:6h8c", "2:6s8d2s4d5s", "3:2h", "4:4c"),
                *("5:5h", "0:", "1:", "2:7d8s", "3:8h3c4h3d4s", "4:5c9sTcTdJc", "5:JdQdQhQsKc"),
            ],
        ),
        # ... with the burn after each reshuffle: in draw 3 seat 2 takes 7d, and 8s, the
        # stub's last card, does not complete the round: reshuffle, burn 8s, 3c.
        (
            {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND", "burn_after_reshuffle": True},
            [
                *_FIRST,
                *("4:9h2c", "5:3h5c", "0:2d3s5d", "1:8c2h", "2:6s8d2s4d5s", "3:4c", "4:5h"),
                *("5:7c", "0:", "1:", "2:7d3c", "3:4hAs3d4s6h", "4:9sTcTdJcJd", "5:QdQhQsKcKd"),
            ],
        ),
        (
            {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND", "own_discards_scope": "CURRENT_DRAW"},
            [
                *_FIRST,
                *("4:As9h", "5:2c3h", "0:6h8c2d", "1:3s5d", "2:6s8d2h4c5h", "3:7c", "4:8h"),
                *("5:2s", "0:", "1:", "2:5s7d", "3:8s3c4h3d4s", "4:5c9sTcTdJc", "5:JdQdQhQsKc"),
            ],
        ),
    ],
)
def test_d_10_5_own_discards_are_passed_over_in_reshuffled_stubs(
    options: dict[str, object], dealt: list[str]
) -> None:
    """D-10.5: the first draw reshuffles; in the second and third draws players reach
    that stub, pass over their own earlier discards (``WHOLE_HAND``), which stay in place
    for the next players, and take the next card."""
    assert _planned_draws(**options) == dealt


# ------------------------------------------------------------------------------------
# Other rules and options


def test_uncalled_bet_returned() -> None:
    """G-1.10.1: an uncalled bet goes back before the pot is awarded."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, betting="NO_LIMIT")
    state = game.start([100, 100], seed=1)
    state.post_bring_in()
    state.bet_or_raise_to(50)
    state.fold()
    assert sorted(state.payoffs) == [-2, 2]


def test_fold_when_check_free_option() -> None:
    """G-1.5.2 allow_fold_when_check_free."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([100, 100], seed=1)
    to_street(state, 1)
    assert not state.legal_actions().fold
    with pytest.raises(IllegalActionError):
        state.fold()
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, allow_fold_when_check_free=True)
    state = game.start([100, 100], seed=1)
    to_street(state, 1)
    state.fold()
    assert state.is_over


@pytest.mark.parametrize(("mode", "over"), [("CHECK_OR_FOLD", False), ("FOLD", True)])
def test_betting_timeout(mode: str, over: bool) -> None:
    """G-1.5.6: a time-out checks when free (or folds with FOLD)."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, betting_timeout_action=mode)
    state = game.start([100, 100], seed=1)
    state.timeout()  # bring-in pending: posts it
    state.call()
    state.timeout()
    assert state.is_over is over


@pytest.mark.parametrize(
    ("penalty", "barred"),
    [("NEXT_ROUND_ONLY", [True, False]), ("REST_OF_HAND", [True, True]), ("NONE", [False, False])],
)
def test_draw_timeout_penalty(penalty: str, barred: list[bool]) -> None:
    """D-7: a draw time-out stands pat and bars bet/raise in the next round(s)."""
    game = DeuceSevenTripleDraw(small_bet=2, draw_timeout_penalty=penalty)
    state = game.start([100, 100, 100], seed=3)
    to_draw(state)
    assert state.is_drawing
    assert state.actor == 0
    state.timeout()
    state.stand_pat().stand_pat()
    assert state.actor == 0
    legal = state.legal_actions()
    assert (legal.min_raise_to is None) is barred[0]
    assert legal.check
    state.check().check().check()
    state.stand_pat().stand_pat().stand_pat()  # drew in time
    assert state.actor == 0
    assert (state.legal_actions().min_raise_to is None) is barred[1]


def test_deuce_seven_blinds_and_order() -> None:
    """G-1.4.3 / D-4 / D-6: blinds left of the button; heads-up the button posts SB."""
    game = DeuceSevenTripleDraw(small_bet=2)
    state = game.start([100] * 4)
    assert [p.contributed for p in state.players] == [1, 2, 0, 0]
    assert state.actor == 2
    heads_up = game.start([100, 100])
    assert [p.contributed for p in heads_up.players] == [2, 1]
    assert heads_up.actor == 1  # the button acts first before the draw
    heads_up.call().check()
    heads_up.stand_pat().stand_pat()
    assert heads_up.actor == 0  # and last after it


def test_showdown_order_left_of_dealer_soko() -> None:
    """S-11: Soko, no bet on the last round → first player left of the dealer box."""
    game = Soko(ante=1, bring_in=1, small_bet=2)
    state = game.start([100, 100, 100], seed=7)
    passive(state)
    order = [e.seat for e in state.history if isinstance(e, HandShown)]
    assert order == [0, 1, 2]


def test_all_in_run_out() -> None:
    """G-1.5.4: all but one all-in → the remaining cards are dealt without betting."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2, betting="NO_LIMIT")
    state = game.start([50, 50], seed=12)
    state.post_bring_in()
    state.bet_or_raise_to(49)
    state.call()
    assert state.is_over
    assert all(len(p.hole_cards) == 7 for p in state.players)
    assert sum(state.payoffs) == 0


def test_illegal_actions_leave_state_unchanged() -> None:
    """DESIGN: an illegal action raises and leaves the state exactly as it was."""
    game = SevenCardStud(ante=1, bring_in=1, small_bet=2)
    state = game.start([100, 100, 100], seed=1)
    before = copy.deepcopy(state)
    for bad in (
        state.check,
        state.call,
        state.fold,
        state.stand_pat,
        lambda: state.bet_or_raise_to(3),
    ):
        with pytest.raises(IllegalActionError):
            bad()
        assert state == before


def test_copy_pickle_equality() -> None:
    """DESIGN: states copy, pickle, and compare equal when built the same way."""
    game = DeuceSevenTripleDraw(small_bet=2)
    a = game.start([100] * 3, seed=42)
    b = game.start([100] * 3, seed=42)
    assert a == b
    a.call()
    assert a != b
    b.call()
    assert a == b
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.deepcopy(a) == a


@pytest.mark.parametrize(
    ("cls", "kwargs"),
    [
        (SevenCardStud, {"bring_in": 5, "small_bet": 4}),
        (SevenCardStud, {"ante": -1}),
        (SevenCardStud, {"no_such_option": 1}),
        (SevenCardStud, {"reshuffle_policy": "EXCLUDE_OWN_DISCARDS"}),
        (SevenCardStud, {"bring_in_card": "MIDDLE"}),
        (SevenCardStud, {"max_raises": 0}),
        (Razz, {"draw_time_limit": 30}),  # a 2-7 option
        (DeuceSevenTripleDraw, {"draw_time_limit": 0}),
        (DeuceSevenTripleDraw, {"small_blind": 3, "big_blind": 2}),
        (DeuceSevenTripleDraw, {"odd_chip_order": "HIGH_CARD_BY_SUIT_ALL"}),
        (Soko, {"betting": "SPREAD_LIMIT"}),
    ],
)
def test_bad_configuration(cls: type[Game], kwargs: dict[str, object]) -> None:
    """Table and option validation raises a ValueError subclass naming the problem."""
    with pytest.raises(ConfigurationError):
        cls(**kwargs)


def test_bad_start() -> None:
    """Bad stacks, decks and dealers are rejected."""
    game = SevenCardStud()
    with pytest.raises(ConfigurationError):
        game.start([100])
    with pytest.raises(ConfigurationError):
        game.start([100, 0])
    with pytest.raises(ConfigurationError):
        game.start([100, 100], deck=["As"] * 52)
    with pytest.raises(ConfigurationError):
        game.start([100, 100], dealer=0)  # FIXED dealer box
    rotating = SevenCardStud(stud_dealer_position="ROTATING")
    assert rotating.start([100, 100, 100], dealer=0, seed=1).ord(1) == 0


# ------------------------------------------------------------------------------------
# Random legal play


GAMES: list[type[Game]] = [Soko, SevenCardStud, SevenCardStudHiLo, Razz, DeuceSevenTripleDraw]
STRUCTURES = ["FIXED_LIMIT", "POT_LIMIT", "NO_LIMIT"]


def _random_action(state: State, rng: random.Random) -> None:
    legal = state.legal_actions()
    if legal.draw:
        if rng.random() < 0.05:
            state.timeout()
            return
        hand = list(state.players[state.actor].hole_cards)  # type: ignore[index]
        state.draw(rng.sample(hand, rng.randint(0, 5)))
        return
    choices: list[str] = ["timeout"]
    for name in ("fold", "check"):
        if getattr(legal, name):
            choices.append(name)
    if legal.call is not None:
        choices += ["call", "call"]
    if legal.bring_in is not None:
        choices.append("bring_in")
    if legal.complete is not None:
        choices.append("complete")
    if legal.min_raise_to is not None:
        choices.append("raise")
    choice = rng.choice(choices)
    if choice == "raise":
        assert legal.min_raise_to is not None
        assert legal.max_raise_to is not None
        amount = rng.choice([legal.min_raise_to, legal.max_raise_to])
        if state.game.betting.name != "FIXED_LIMIT":
            amount = rng.randint(legal.min_raise_to, legal.max_raise_to)
        state.bet_or_raise_to(amount)
    elif choice == "bring_in":
        state.post_bring_in()
    else:
        getattr(state, choice)()


def _check_cards(state: State) -> None:
    cards = list(state.stub) + list(state.board)
    for p in state.players:
        if not p.folded:
            cards.extend(p.hole_cards)
        elif state.game.is_stud:  # stud muck: the view shows none of a folded hand
            cards.extend(state._hand(p.seat))
    if state.game.is_stud:
        cards.extend(state.burns)
    else:
        cards.extend(e[0] for e in state.dead)
    assert len(cards) == len(set(cards)) == 52


@pytest.mark.parametrize("betting", STRUCTURES)
@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.__name__)
@settings(max_examples=150, deadline=None, database=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    depth=st.sampled_from([1, 3, 12, 40, 200]),
)
def test_random_play(cls: type[Game], betting: str, seed: int, players: int, depth: int) -> None:
    """Every hand ends; chips are conserved; payoffs sum to zero; no card twice."""
    rng = random.Random(seed)
    table = (
        {"small_bet": 2}
        if cls is DeuceSevenTripleDraw
        else {"ante": 1, "bring_in": 1, "small_bet": 2}
    )
    if cls is DeuceSevenTripleDraw:
        players = min(players, 6)
    # The raise cap is a fixed-limit option (pot and no limit refuse it).
    cap = {"max_raises": rng.choice([3, 4, None])} if betting == "FIXED_LIMIT" else {}
    game = cls(betting=betting, **cap, **table)
    stacks = [rng.randint(1, depth) for _ in range(players)]
    state = game.start(stacks, seed=seed)
    for _ in range(400):
        if state.is_over:
            break
        _random_action(state, rng)
        _check_cards(state)
        if not state.is_over:
            assert sum(state.stacks) + sum(p.contributed for p in state.players) == sum(stacks)
            in_front = 0 if state.is_over else sum(p.bet for p in state.players)
            assert sum(p.amount for p in state.pots) + in_front == sum(
                p.contributed for p in state.players
            )
    assert state.is_over
    assert state.actor is None
    assert sum(state.payoffs) == 0
    assert sum(state.stacks) == sum(stacks)


# ------------------------------------------------------------------------------------
# Regressions found by the differential test (tests/test_engine_differential.py)


def test_pots_hold_finished_rounds_only_and_never_an_empty_pot() -> None:
    """``pots``: chips bet this round stay in front of the players (as in the fast
    engine); a hand without antes starts with no pot at all."""
    game = SevenCardStud(ante=0, bring_in=1, small_bet=2)
    state = game.start([1, 1], deck=fill_deck([]))
    assert state.pots == []
    state = SevenCardStud(ante=1, bring_in=2, small_bet=4).start([50, 50], deck=fill_deck([]))
    state.post_bring_in()
    assert state.pots == [Pot(2, (0, 1))]  # the antes; the bring-in is still in front
    state.call()
    assert state.pots == [Pot(6, (0, 1))]


def test_folded_player_shows_no_cards() -> None:
    """A folded hand is in the muck: ``players[p]`` lists no cards (as the fast engine)."""
    state = SevenCardStud(ante=0, bring_in=1, small_bet=2).start([5, 5], deck=fill_deck([]))
    state.post_bring_in()
    state.fold()
    folded = next(p for p in state.players if p.folded)
    assert (folded.hole_cards, folded.up_cards, folded.down_cards) == ((), (), ())


def test_g_1_4_2_bring_in_equal_to_min_bet_may_open_for_m() -> None:
    """PL/NL with B == M: the bring-in player may open for any bet from M (G-1.4.2 "any
    legal opening bet >= M"), not only for B + M."""
    game = Soko(ante=0, bring_in=5, small_bet=5, min_bet=5, betting="POT_LIMIT")
    state = game.start([1, 6], deck=fill_deck([]))
    legal = state.legal_actions()
    assert (legal.bring_in, legal.min_raise_to, legal.max_raise_to) == (5, 5, 5)


def test_g_1_7_4_bring_in_player_opening_sets_r_to_its_size() -> None:
    """NL stud: the bring-in player opens to 25 instead of posting B = 2: an opening bet
    from nothing, so R = 25 and the next raise goes to 50 (not 25 + (25 - B))."""
    game = SevenCardStud(ante=0, bring_in=2, small_bet=10, betting="NO_LIMIT")
    state = game.start([100, 100, 100], deck=fill_deck([]))
    state.bet_or_raise_to(25)
    assert state.legal_actions().min_raise_to == 50


def test_g_1_8_1_big_blind_is_the_last_full_increment() -> None:
    """PL 2-7 with min_bet 2 below the big blind 4: the big blind is a full bet, so the
    first raise goes to 4 + 4 (the fast engine's reading), not 4 + 2."""
    game = DeuceSevenTripleDraw(
        small_blind=1, big_blind=4, small_bet=2, min_bet=2, betting="POT_LIMIT"
    )
    state = game.start([7, 5], deck=fill_deck([]), dealer=0)
    legal = state.legal_actions()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (3, 7, 7)


def test_d_10_exclude_current_round_deals_the_stub_down_to_its_last_card() -> None:
    """D-10 (``EXCLUDE_CURRENT_ROUND``): a drawer who needs more than the stub receives
    its cards (D-10.1) except the last, which joins the pool (it does not complete the
    round); the reference used to put the whole stub into the pool."""
    game = DeuceSevenTripleDraw(small_bet=2, reshuffle_policy="EXCLUDE_CURRENT_ROUND")
    state = game.start([100] * 6, deck=fill_deck([]))
    while not state.legal_actions().draw:
        state.call() if state.legal_actions().call is not None else state.check()
    assert len(state.stub) == 21  # after the burn

    def hand() -> list[str]:
        assert state.actor is not None
        return list(state.players[state.actor].hole_cards)

    for k in (5, 5, 5, 4):  # 19 cards: two left
        state.draw(hand()[:k])
    first, last = state.stub
    state.draw(hand()[:3])
    shuffles = [e for e in state.history if isinstance(e, Reshuffled)]
    assert len(shuffles) == 1
    pool = {str(c) for c in shuffles[0].cards}
    assert first not in pool  # dealt from the stub
    assert last in pool  # the last card joined the pool


def test_e_2_5_4_suit_tie_break_ranks_aces_low_in_razz() -> None:
    """Razz, ``showing_tie_break = SUIT``: equal showing hands are split by the highest
    up-card with aces low (as for the razz bring-in): A-2 with the 2s acts before A-2
    with the 2c, although the other ace (Ad) is the higher ace."""
    hands: list[list[str | None]] = [
        [None, None, "Ac", "2s"],
        [None, None, "Ad", "2c"],
        [None, None, "Kh", "Qh"],
    ]
    state = Razz(ante=0, bring_in=1, small_bet=2, showing_tie_break="SUIT").start(
        [50, 50, 50], deck=stud_deck(hands)
    )
    assert state.actor == 2  # the king brings in
    state.post_bring_in()
    state.call()
    state.call()
    assert state.street == 1
    assert state.actor == 0


def test_raise_totals_and_moves_under_an_open_pair() -> None:
    """G-1.6.4: under an open pair the bet is the small or the big bet (4 or 8, never 6);
    G-1.9.1: all-in short of the big bet, the other total is the all-in (4 or 7)."""
    deck = fill_deck(["2c", "3c", "4c", "5c", "Kd", "9h", "Ks", "9d"])
    game = SevenCardStud(ante=0, bring_in=1, small_bet=4, big_bet=8, burn_cards=False)
    state = game.start([100, 8], deck=deck)
    state.post_bring_in().call()
    la = state.legal_actions()
    assert (la.min_raise_to, la.max_raise_to, la.raise_totals) == (4, 8, (4, 8))
    assert state.legal_moves() == (
        Move("check"),
        Move("bet_or_raise_to", 4),
        Move("bet_or_raise_to", 8),
    )
    with pytest.raises(IllegalActionError):
        state.bet_or_raise_to(6)
    state.apply(Move("check"))
    assert state.legal_actions().raise_totals == (4, 7)
    for amount in (3, 5, 6, 8):
        with pytest.raises(IllegalActionError):
            copy.deepcopy(state).bet_or_raise_to(amount)
    state.apply(Move("bet_or_raise_to", 7))
    assert state.legal_moves() == (Move("fold"), Move("call"))
    assert pickle.loads(pickle.dumps(Move("draw", discards=("Kd", "2c")))) == Move(
        "draw", discards=("2c", "Kd")
    )
    assert Move("draw") == Move("stand_pat")
    with pytest.raises(ValueError, match="needs an amount"):
        Move("bet_or_raise_to")


def test_pot_limit_moves_list_every_total_and_draws_every_subset() -> None:
    nl = SevenCardStud(ante=1, bring_in=1, small_bet=4, betting="POT_LIMIT")
    state = nl.start([50, 50], seed=2)
    la = state.legal_actions()
    assert la.raise_totals is None
    assert la.min_raise_to is not None
    assert la.max_raise_to is not None
    bets = [m.amount for m in state.legal_moves() if m.kind == "bet_or_raise_to"]
    assert bets == list(range(la.min_raise_to, la.max_raise_to + 1))
    draw = DeuceSevenTripleDraw(small_blind=1, big_blind=2, small_bet=2).start([40, 40], seed=4)
    draw.call().check()
    seat = draw.actor or 0
    hand = draw.players[seat].hole_cards
    moves = draw.legal_moves()
    assert len(moves) == 32
    assert moves[0] == Move("stand_pat")
    assert [set(m.discards) for m in moves] == [
        {c for i, c in enumerate(hand) if mask >> i & 1} for mask in range(32)
    ]
    draw.apply(moves[31])
    assert not set(draw.players[seat].hole_cards) & set(hand)
