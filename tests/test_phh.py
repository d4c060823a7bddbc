"""Tests of ``holecard.phh``: reading, writing and replaying real hand histories."""

from __future__ import annotations

import copy
import pickle
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import PHH_DIR
from holecard import IllegalActionError, Table, _core, games, phh, testing
from holecard.events import BurnsRecycled, CardBurned, HandShown, Reshuffled
from holecard.exceptions import ReplayError
from holecard.reference import engine as ref

FILES = sorted(PHH_DIR.rglob("*.phh"))
ILLEGAL = {"wsop-2023-43-5/85.phh"}


def _name(path: Path) -> str:
    return path.relative_to(PHH_DIR).as_posix()


def test_files_found() -> None:
    """The vendored PHH hands are there: an empty list would make the replays vacuous."""
    assert len(FILES) >= 40, f"no PHH files under {PHH_DIR}"


ENGINES = {"rust": games, "reference": ref}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("path", [f for f in FILES if _name(f) not in ILLEGAL], ids=_name)
def test_replay_reaches_finishing_stacks(path: Path, engine: str) -> None:
    """Every legal file replays action by action to its finishing_stacks, in both engines."""
    hh = phh.load(path)
    state = hh.replay(engine=ENGINES[engine])
    assert isinstance(state, games.State if engine == "rust" else ref.State)
    if hh.finishing_stacks is not None:
        assert state.is_over
        assert state.stacks == [int(s) for s in hh.finishing_stacks]
        assert sum(state.payoffs) == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_hand_85_is_rejected(engine: str) -> None:
    """wsop 85: the 7th-street raise to 750000 is not a legal fixed-limit raise."""
    hh = phh.load(PHH_DIR / "wsop-2023-43-5" / "85.phh")
    with pytest.raises(phh.ReplayError, match="750000") as info:
        hh.replay(engine=ENGINES[engine])
    want = IllegalActionError if engine == "rust" else ref.IllegalActionError
    assert isinstance(info.value.__cause__, want)


def test_errata_85_replays() -> None:
    """errata/85: the corrected raise to 1200000 replays to [0, 29700000]."""
    state = phh.load(PHH_DIR / "errata" / "85.phh").replay()
    assert state.stacks == [0, 29700000]


def test_unknown_cards_and_keys_survive_round_trip() -> None:
    """loads/dumps round-trip, comments dropped, unknown ``_`` keys kept."""
    for path in FILES:
        hh = phh.load(path)
        hh.extras["_note"] = "kept"
        again = phh.loads(phh.dumps(hh))
        assert again == hh


def test_parse_variant() -> None:
    """Variant codes, including the project's Soko codes."""
    assert phh.parse_variant("F7S") == ("stud", "FIXED_LIMIT")
    assert phh.parse_variant("N7S/8") == ("stud8", "NO_LIMIT")
    assert phh.parse_variant("PR") == ("razz", "POT_LIMIT")
    assert phh.parse_variant("F2L3D") == ("deuce_seven", "FIXED_LIMIT")
    assert phh.parse_variant("F5SK") == ("soko", "FIXED_LIMIT")
    with pytest.raises(phh.ReplayError):
        phh.parse_variant("NT")


def test_wrong_finishing_stacks_detected() -> None:
    """A replay that does not reach the stated finishing stacks fails."""
    hh = phh.load(PHH_DIR / "wsop-2023-43-5" / "5.phh")
    assert hh.finishing_stacks is not None
    hh.finishing_stacks = [s + 1 for s in hh.finishing_stacks]
    with pytest.raises(phh.ReplayError, match="finishing stacks"):
        hh.replay()
    hh.replay(verify=False)


def test_empty_finishing_stacks_and_winnings_state_nothing() -> None:
    # An empty list states nothing (as the length check has it): the replay used to fail
    # "differ from []", and stats took the empty lists as the recorded result.
    from holecard import stats

    hh = phh.load(PHH_DIR / "wsop-2023-43-5" / "5.phh")
    full = stats.hand_stats(hh)
    hh.finishing_stacks, hh.winnings = [], []
    assert phh.loads(phh.dumps(hh)).replay().is_over
    assert stats.hand_stats(hh) == full


@pytest.mark.parametrize("field", ["players", "seats", "finishing_stacks", "winnings"])
def test_per_player_fields_of_another_length_are_refused(field: str) -> None:
    # One entry too few: refused when read and when replayed, never an IndexError later
    # (stats used to fail on a players list one name short).
    text = (PHH_DIR / "wsop-2023-43-5" / "5.phh").read_text(encoding="utf-8")
    hh = phh.loads(text)
    values = getattr(hh, field) or list(range(1, len(hh.starting_stacks) + 1))
    setattr(hh, field, values[:-1])
    short = phh.dumps(hh)
    message = f"field '{field}' lists {len(values) - 1} entries for {len(values)} players"
    with pytest.raises(phh.HandHistoryError, match=message):
        phh.loads(short)
    with pytest.raises(phh.HandHistoryError, match=message):
        hh.replay()


def test_state_to_phh_refuses_metadata_of_the_wrong_shape() -> None:
    state = games.Razz.ten_twenty().start([100] * 3, seed=1)
    with pytest.raises(phh.HandHistoryError, match="lists 1 entries for 3 players"):
        state.to_phh(players=["alice"])
    with pytest.raises(phh.HandHistoryError, match="field 'players' cannot be list"):
        state.to_phh(players=[1, 2, 3])
    assert state.to_phh(players=["a", "b", "c"]).players == ["a", "b", "c"]
    # What the state determines is not metadata: another value would not describe the hand.
    for field, value in [
        ("variant", "NT"),
        ("starting_stacks", [1, 2, 3]),
        ("actions", []),
        ("small_bet", 7),
        ("_holecard_options", {}),
    ]:
        with pytest.raises(phh.HandHistoryError, match=f"{field} is written from the state"):
            state.to_phh(**{field: value})


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("p1 sm AsKd xyz", "expected one card string, got 2"),
        ("p2 sd 7c 8d", "expected one card string, got 2"),
        ("d db 2c 3d", "expected one card string, got 2"),
        ("p1 dh p2 AsKd", "only the dealer"),
        ("p3 db 2c", "only the dealer"),
    ],
)
def test_malformed_card_actions_are_named(action: str, message: str) -> None:
    """A card action with extra arguments, or a deal by a player, is rejected by name
    before anything is replayed (one reading of each action for every later step)."""
    hh = phh.load(PHH_DIR / "wsop-2023-43-5" / "5.phh")
    hh.actions = [*hh.actions[:3], action, *hh.actions[3:]]
    with pytest.raises(phh.ReplayError, match=f"action 3 .*{message}"):
        hh.replay()


def test_wrong_actor_detected() -> None:
    """An action by the wrong player is rejected."""
    hh = phh.load(PHH_DIR / "wsop-2023-43-5" / "5.phh")
    hh.actions = [a.replace("p5 pb", "p4 pb") for a in hh.actions]
    with pytest.raises(phh.ReplayError, match="turn"):
        hh.replay()


def test_engine_parameter() -> None:
    """The replay driver takes the engine as a module or a factory."""
    hh = phh.load(PHH_DIR / "wsop-2023-43-5" / "55.phh")
    assert hh.replay(engine=ref).stacks == hh.finishing_stacks
    assert hh.replay(engine=lambda name: getattr(ref, name)).stacks == hh.finishing_stacks


def _random_hand(cls: type[ref.Game], betting: str, seed: int) -> ref.State:
    rng = random.Random(seed)
    table = (
        {"small_bet": 2}
        if cls is ref.DeuceSevenTripleDraw
        else {"ante": 1, "bring_in": 1, "small_bet": 2}
    )
    game = cls(betting=betting, **table)
    players = rng.randint(2, 5)
    state = game.start([rng.randint(5, 60) for _ in range(players)], seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        if legal.draw:
            hand = list(state.players[state.actor].hole_cards)  # type: ignore[index]
            state.draw(rng.sample(hand, rng.randint(0, 2)))
        elif legal.bring_in is not None:
            state.post_bring_in()
        elif legal.min_raise_to is not None and rng.random() < 0.3:
            state.bet_or_raise_to(legal.min_raise_to)
        elif legal.fold and rng.random() < 0.2:
            state.fold()
        elif legal.check:
            state.check()
        else:
            state.call()
    return state


@pytest.mark.parametrize("betting", ["FIXED_LIMIT", "POT_LIMIT", "NO_LIMIT"])
@pytest.mark.parametrize(
    "cls",
    [ref.Soko, ref.SevenCardStud, ref.SevenCardStudHiLo, ref.Razz, ref.DeuceSevenTripleDraw],
    ids=lambda c: c.__name__,
)
def test_state_to_phh_round_trip(cls: type[ref.Game], betting: str) -> None:
    """state_to_phh → dumps → loads → replay gives the same final stacks and history."""
    for seed in range(15):
        state = _random_hand(cls, betting, seed)
        hh = phh.state_to_phh(state, event="round trip")
        text = phh.dumps(hh)
        again = phh.loads(text).replay(engine=ref)
        assert isinstance(again, ref.State)
        assert again.stacks == state.stacks
        assert _visible(again.history) == _visible(state.history)


def _visible(history: Sequence[object]) -> list[object]:
    """A hand's events as a PHH file keeps them: not the burns (nor the rebuilt stubs,
    which hold them), only that a stub was rebuilt and for whom; a shown hand's cards as
    a set (a PHH draw lists the cards it deals, not their order)."""
    out: list[object] = []
    for e in history:
        if isinstance(e, HandShown):
            out.append(("shown", e.seat, sorted(map(str, e.cards))))
        elif isinstance(e, Reshuffled):
            out.append(("reshuffle", e.seat))
        elif isinstance(e, BurnsRecycled):
            out.append("recycle")
        elif not isinstance(e, CardBurned):
            out.append(e)
    return out


def _phh_view(state: object, seats: list[int]) -> dict[str, object]:
    """What a replay must reproduce, with seats in PHH order (``seats[i]`` = p{i+1})."""
    snap = testing.fast_snapshot(state) if isinstance(state, games.State) else None
    if snap is None:
        snap = testing.reference_snapshot(state)
    per_seat = ("stacks", "hole_cards", "up_cards", "down_cards", "folded", "bets", "payoffs")
    # The history names seats and burned cards, which PHH does not keep.
    out = {k: v for k, v in snap.items() if k not in (*per_seat, "pots", "history")}
    for k in per_seat:
        v = snap[k]
        out[k] = None if v is None else [v[s] for s in seats]  # type: ignore[index]
    where = {s: i for i, s in enumerate(seats)}
    actor = snap["actor"]
    out["actor"] = None if actor is None else where[actor]  # type: ignore[index]
    out["pots"] = [
        (amount, tuple(sorted(where[s] for s in eligible)))
        for amount, eligible in snap["pots"]  # type: ignore[attr-defined]
    ]
    return out


@pytest.mark.parametrize("betting", testing.STRUCTURES)
@pytest.mark.parametrize("game", testing.GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fast_state_to_phh_round_trip(game: str, betting: str, data: st.DataObject) -> None:
    """State.to_phh() of random hands (finished or not) replays through both engines to
    the same state, reshuffled 2-7 stubs and recycled stud burns included."""
    table = data.draw(testing.tables(game, betting), label="table")
    state = table.fast()
    fixed = betting == "FIXED_LIMIT"
    stop = data.draw(st.integers(0, 60), label="actions before writing")
    for _ in range(stop):
        if state.is_over:
            break
        testing.apply_action(state, testing.random_action(data.draw, state, fixed))
    hh = state.to_phh(event="round trip")
    assert hh == phh.state_to_phh(state, event="round trip")
    n = len(state.stacks)
    seats = sorted(range(n), key=lambda s: (s - state.dealer - 1) % n)
    want = _phh_view(state, seats)
    text = phh.dumps(hh)
    for engine in (games, ref):
        again = phh.loads(text).replay(engine=engine)
        assert _phh_view(again, list(range(n))) == want, engine.__name__


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
def test_2_7_hand_whose_stub_runs_out_exactly_replays(engine: object) -> None:
    # The first draw takes the stub's last card (30 dealt + 1 burn + 21 drawn = 52): the
    # later draws have nothing to burn, and since everyone stands pat nothing is
    # reshuffled. The replay's deck must not count burns that never happened.
    state = engine.DeuceSevenTripleDraw(small_bet=2, big_bet=4).start(  # type: ignore[attr-defined]
        [1000] * 6, seed=3
    )
    wanted, draws = [5, 5, 5, 5, 1, 0], [0] * 6
    while not state.is_over:
        legal = state.legal_actions()
        if legal.draw:
            seat = state.actor
            k = wanted[seat] if draws[seat] == 0 else 0
            draws[seat] += 1
            state.draw(list(state.players[seat].hole_cards)[:k])
        elif legal.check:
            state.check()
        else:
            state.call()
    assert not any(isinstance(e, BurnsRecycled | Reshuffled) for e in state.history)
    hh = phh.state_to_phh(state)
    for replayer in (games, ref):
        again = phh.loads(phh.dumps(hh)).replay(engine=replayer)
        assert again.stacks == state.stacks


def _interleaved(actions: list[str]) -> list[str]:
    """``actions`` with the first draw round's deals moved each right after its discard."""
    verbs = [a.split()[1] for a in actions]
    first = verbs.index("sd")
    deals = end = first + verbs[first:].index("dh")
    while end < len(actions) and verbs[end] == "dh":
        end += 1
    dealt = {a.split()[2]: a for a in actions[deals:end]}
    out = actions[:first]
    for a in actions[first:deals]:
        out += [a, dealt[a.split()[0]]] if a.split()[0] in dealt else [a]
    return out + actions[end:]


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
def test_2_7_draws_replay_in_either_order(engine: object) -> None:
    """A draw round written as PHH readers write it (every discard, then the deals) and as
    holecard deals it (each drawer's cards right after his discard) replay alike."""
    for seed in range(40):
        state = engine.DeuceSevenTripleDraw(small_bet=2, big_bet=4).start(  # type: ignore[attr-defined]
            [1000] * 4, seed=seed
        )
        rng = random.Random(seed)
        while not state.is_over and state.street != "after_first_draw":
            state.apply(rng.choice(list(state.legal_moves())))
        hh = phh.state_to_phh(state)
        dealt = [a for a in hh.actions[4:] if a.startswith("d dh")]
        if len(dealt) < 2:
            continue  # fewer than two drawers: both orders are one
        other = _interleaved(hh.actions)
        assert other != hh.actions
        for replayer in (games, ref):
            grouped = phh.loads(phh.dumps(hh)).replay(engine=replayer)
            hh.actions = other
            mixed = phh.loads(phh.dumps(hh)).replay(engine=replayer)
            hh.actions = phh.state_to_phh(state).actions
            assert list(grouped.stacks) == list(mixed.stacks) == list(state.stacks)
            assert [sorted(map(str, p.hole_cards)) for p in grouped.players] == [
                sorted(map(str, p.hole_cards)) for p in mixed.players
            ]
        return
    raise AssertionError("no hand with two drawers")


def _full_table(engine: object, game: str, seed: int, **options: object) -> object:
    """A hand at a full table that runs the deck out: six 2-7 players who draw often
    (the stub is reshuffled, D-10), or eight stud players who all see seventh street (the
    burns are recycled, T-9.2, or a community card is dealt, T-9.3)."""
    rng = random.Random(seed)
    if game == "deuce_seven":
        table = engine.DeuceSevenTripleDraw(small_bet=2, big_bet=4, **options)  # type: ignore[attr-defined]
        state = table.start([500] * 6, seed=seed)
    else:
        table = engine.SevenCardStud(ante=1, bring_in=1, small_bet=2, big_bet=4, **options)  # type: ignore[attr-defined]
        state = table.start([500] * 8, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        if legal.draw:
            hand = list(state.players[state.actor].hole_cards)
            state.draw(rng.sample(hand, rng.choice([0, 2, 3, 5, 5])))
        elif legal.bring_in is not None:
            state.post_bring_in()
        elif legal.min_raise_to is not None and rng.random() < 0.2:
            state.bet_or_raise_to(legal.min_raise_to)
        elif legal.check:
            state.check()
        else:
            state.call()
    return state


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("deuce_seven", {}),
        ("deuce_seven", {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND"}),
        ("deuce_seven", {"burn_after_reshuffle": True, "own_discards_scope": "CURRENT_DRAW"}),
        ("stud", {}),
        ("stud", {"reserve_bottom_card": True}),
    ],
    ids=["2-7", "2-7-wsop-policy", "2-7-burn-after", "stud", "stud-reserve-bottom"],
)
def test_hands_that_deal_cards_again_replay(
    engine: object, game: str, options: dict[str, object]
) -> None:
    """A written hand whose stub was rebuilt from burns and discards replays to the same
    cards and stacks, in both engines, though PHH records neither the burns nor the order
    of a rebuilt stub: the replay tops each rebuilt stub with the cards the file deals
    from it (``Game.start(restocks=...)``)."""
    rebuilt = 0
    for seed in range(12):
        state = _full_table(engine, game, seed, **options)
        rebuilt += sum(isinstance(e, Reshuffled | BurnsRecycled) for e in state.history)  # type: ignore[attr-defined]
        text = phh.dumps(phh.state_to_phh(state, event="full table"))
        for replayer in (games, ref):
            again = phh.loads(text).replay(engine=replayer)
            assert list(again.stacks) == list(state.stacks)  # type: ignore[attr-defined]
            if replayer is engine:
                assert _visible(again.history) == _visible(state.history)  # type: ignore[attr-defined]
    assert rebuilt >= 6, "the hands must rebuild stubs to test this"


def _until_reshuffled(state: object) -> object:
    """Plays on (every draw throws the whole hand) until the stub is first reshuffled."""
    while not any(isinstance(e, Reshuffled) for e in state.history):  # type: ignore[attr-defined]
        legal = state.legal_actions()  # type: ignore[attr-defined]
        if legal.draw:
            state.draw(list(state.players[state.actor].hole_cards))  # type: ignore[attr-defined]
        elif legal.check:
            state.check()  # type: ignore[attr-defined]
        else:
            state.call()  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
def test_restocks_top_each_rebuilt_stub(engine: object) -> None:
    """``start(restocks=...)``: the listed cards that the rebuilt stub holds are dealt
    first, in order; a listed card it does not hold is passed over."""
    game = engine.DeuceSevenTripleDraw(small_bet=2, big_bet=4)  # type: ignore[attr-defined]
    state = _until_reshuffled(game.start([500] * 6, seed=5))
    shuffle = next(e for e in state.history if isinstance(e, Reshuffled))  # type: ignore[attr-defined]
    pool = sorted(str(c) for c in shuffle.cards)
    outside = next(r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in pool)
    top = [pool[-1], outside, pool[0], pool[1]]
    state = _until_reshuffled(game.start([500] * 6, seed=5, restocks=[top]))
    hole = [str(c) for c in state.players[shuffle.seat].hole_cards]  # type: ignore[attr-defined]
    assert [c for c in hole if c in pool][:3] == [pool[-1], pool[0], pool[1]]


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
@pytest.mark.parametrize(
    "restocks",
    ["AsKd", [["As", "As"]], [["As", "Zz"]], [5]],
    ids=["string", "twice", "bad", "int"],
)
def test_bad_restocks_are_configuration_errors(engine: object, restocks: object) -> None:
    game = engine.DeuceSevenTripleDraw(small_bet=2, big_bet=4)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="restock"):
        game.start([500] * 6, seed=5, restocks=restocks)


def test_restocks_survive_pickling() -> None:
    game = games.DeuceSevenTripleDraw(small_bet=2, big_bet=4)
    state = game.start([500] * 6, seed=5, restocks=[["2c", "3d", "4h"], ["5s"]])
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    for s in (state, again):
        while (actor := s.actor) is not None:
            legal = s.legal_actions()
            if legal.draw:
                s.draw(list(s.players[actor].hole_cards))
            elif legal.check:
                s.check()
            else:
                s.call()
    assert again.history == state.history


def _street(first_seat: int, cards: str) -> list[str]:
    """One deal per seat from ``first_seat`` on, the cards split as the text lists them."""
    return [f"d dh p{first_seat + i} {c}" for i, c in enumerate(cards.split())]


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
def test_community_card_right_after_sixth_street_replays(engine: object) -> None:
    """A hypothesis find: six of eight razz players all-in from third street, so no
    betting separates sixth street's cards from the community card (T-9.3), which has a
    burn of its own before it."""
    hh = phh.HandHistory(
        variant="NR",
        antes=[0] * 8,
        bring_in=1,
        min_bet=2,
        starting_stacks=[1] * 8,
        actions=[
            *_street(1, "2c4c6c 2d4d6d 2h4h6h 2s4s6s 3c5c7c 3d5d7d 3h5h7h 3s5s7s"),
            *["p8 pb", "p1 f", "p2 f", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc"],
            *_street(3, "8d 8h 8s 9c 9d 9h"),
            *_street(3, "Tc Td Th Ts Jc Jd"),
            *_street(3, "Js Qc Qd Qh Qs Kc"),
            "d db Kh",
        ],
        finishing_stacks=[1, 1, 3, 3, 0, 0, 0, 0],
    )
    hh.extras["_holecard_options"] = {
        "reserve_bottom_card": True,
        "recycle_burns_before_community": False,
        "community_card_betting": False,
    }
    state = hh.replay(engine=engine)
    assert [str(c) for c in state.board] == ["Kh"]
    assert list(state.stacks) == [1, 1, 3, 3, 0, 0, 0, 0]


def test_no_limit_hands_carry_no_fixed_limit_options_and_old_files_still_replay() -> None:
    table = games.SevenCardStud(ante=1, bring_in=2, small_bet=10, betting="NO_LIMIT")
    state = table.start([500, 500, 500], seed=3)
    while not state.is_over:
        state.apply(state.legal_moves()[0])
    hh = state.to_phh()
    written = hh.extras["_holecard_options"]
    assert "max_raises" not in written
    assert "open_pair_double_bet" not in written
    assert "burn_cards" in written
    # Files written before no limit refused them list them; they had no effect and are
    # left out on reading.
    written.update(max_raises=4, open_pair_double_bet=True, uncapped_heads_up="NEVER")
    again = phh.loads(phh.dumps(hh))
    assert again.replay().stacks == state.stacks


_BIG = f"""variant = 'N7S'
antes = [0, 0]
bring_in = 1
min_bet = 2
starting_stacks = [{2**57}, {2**57}]
actions = ['d dh p1 2c3c4c', 'd dh p2 AsKsQs', 'p1 pb', 'p2 cbr {2**53 + 1}', 'p1 f']
"""


def test_amounts_are_read_exactly_and_never_negative() -> None:
    # Above 2**53 a float would round the raise to 2**53 and the stacks would be wrong.
    state = phh.loads(_BIG).replay()
    assert isinstance(state, games.State)
    assert state.to_phh().actions[3] == f"p2 cbr {2**53 + 1}"
    assert list(state.stacks) == [2**57 - 1, 2**57 + 1]
    for bad, message in [
        ("-inf", "negative amount -inf"),
        ("-5", "negative amount -5"),
        ("-5.0", "negative amount -5"),
        ("1.5", "only whole chip amounts"),
    ]:
        text = _BIG.replace(f"starting_stacks = [{2**57}", f"starting_stacks = [{bad}")
        with pytest.raises(ReplayError, match=message):
            phh.loads(text).replay()
    with pytest.raises(ReplayError, match="negative amount -3"):
        phh.loads(_BIG.replace(f"cbr {2**53 + 1}", "cbr -3")).replay()
    # inf stays a stack without limit.
    endless = _BIG.replace(f"[{2**57}, {2**57}]", "[inf, inf]").replace(
        f"cbr {2**53 + 1}", "cbr 5"
    )
    assert phh.loads(endless).replay().is_over


def test_text_with_control_characters_round_trips() -> None:
    hh = phh.loads(_BIG)
    hh.players = ['a\x00\x01\x1b\x7f\r\n\t"\\b', "é ☃"]
    back = phh.loads(phh.dumps(hh))
    assert back.players == hh.players
    assert back == hh


def test_shown_cards_must_be_ones_the_player_can_hold() -> None:
    hand = phh.load(PHH_DIR / "wsop-2023-43-5" / "57.phh")
    good = "p5 sm 7h3d2s5c6h"
    assert good in hand.actions
    for shown, message in [
        ("p5 sm AhAdAsAc6s", "p5 shows Ah, which he does not hold"),
        ("p5 sm 7h3d2s5cAs", "p5 shows As, which p2 holds"),
        ("p5 sm 7h7h2s5c6h", "p5 shows 7h twice"),
        ("p5 sm 7h3d2s5c6h4c4d4h", "p5 shows 8 cards but holds 5"),
    ]:
        bad = copy.deepcopy(hand)
        bad.actions[bad.actions.index(good)] = shown
        with pytest.raises(ReplayError, match=re.escape(message)):
            bad.replay()
    # Cards dealt as ?? may be shown as any cards the history names nowhere else.
    razz = phh.loads(
        "variant = 'FR'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 4\nbig_bet = 8\n"
        "starting_stacks = [100, 100]\n"
        "actions = ['d dh p1 ????Kc', 'd dh p2 ????5d', 'p1 pb', 'p2 f', 'p1 sm AhAd']\n"
    )
    assert razz.replay().is_over
    razz.actions[-1] = "p1 sm Ah5d"
    with pytest.raises(ReplayError, match="p1 shows 5d, which p2 holds"):
        razz.replay()


def test_a_rebuilt_stub_deals_a_seat_its_cards_in_the_written_order() -> None:
    # Found by test_fast_state_to_phh_round_trip: p5's last draw met the reshuffle; his As
    # came from the old stub, 5d (dealt to p2 before) and 9h (a burn, which PHH does not
    # record) from the rebuilt one, in that order. The replay dealt 9h before 5d.
    text = """variant = 'N2L3D'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0, 0]
min_bet = 2
starting_stacks = [1, 1, 1, 1, 1, 1]
actions = ['d dh p1 2c3h5c6h8c', 'd dh p2 2d3s5d6s8d', 'd dh p3 2h4c5h7c8h',
  'd dh p4 2s4d5s7d8s', 'd dh p5 3c4h6c7h9c', 'd dh p6 3d4s6d7s9d', 'p3 f', 'p4 f', 'p5 cc',
  'p6 cc', 'p1 sd 2c', 'p2 sd', 'p5 sd 3c4h', 'p6 sd', 'd dh p1 9s', 'd dh p5 TcTd',
  'p1 sd 3h5c6h8c9s', 'p2 sd 2d3s5d', 'p5 sd', 'p6 sd 3d4s6d', 'd dh p1 TsJcJdJhJs',
  'd dh p2 QcQdQh', 'd dh p6 QsKcKd', 'p1 sd JcJdJhJs', 'p2 sd', 'p5 sd 6c7h9c',
  'd dh p1 KsAcAdAh', 'd dh p5 As5d9h']
_holecard_options = { reshuffle_policy = 'EXCLUDE_OWN_DISCARDS', burn_after_reshuffle = false }
"""
    for engine in (games, ref):
        state = phh.loads(text).replay(engine=engine)
        assert [str(c) for c in state.players[4].hole_cards] == ["Tc", "Td", "As", "5d", "9h"]


def _edited(name: str, edit: Callable[[phh.HandHistory], object]) -> phh.HandHistory:
    hh = phh.load(PHH_DIR / "wsop-2023-43-5" / name)
    edit(hh)
    return hh


def _set(index: int, action: str) -> Callable[[phh.HandHistory], object]:
    return lambda hh: hh.actions.__setitem__(index, action)


# (hand, edit, message of holecard's engine, of the reference's): 5.phh is stud, 57.phh 2-7.
REPLAY_ERRORS = {
    "illegal-raise": (
        "5.phh",
        _set(9, "p4 cbr 7"),
        "action 9 'p4 cbr 7' rejected: p4 may complete to 200000 only (got 7)",
        "action 9 'p4 cbr 7' rejected: p4 cannot bet or raise to 7: the only increase is",
    ),
    "discard-not-held": (
        "57.phh",
        _set(24, "p2 sd 4h5c"),
        "action 24 'p2 sd 4h5c' rejected: p2 cannot discard 5c: not in his hand",
        "action 24 'p2 sd 4h5c' rejected: p2 does not hold 5c",
    ),
    "draw-in-a-betting-round": (
        "57.phh",
        _set(21, "p2 sd"),
        "action 21 'p2 sd' rejected: p2 is in a betting round, not a draw",
        "action 21 'p2 sd' rejected: no draw is in progress",
    ),
    "no-chips": (
        "5.phh",
        lambda hh: hh.starting_stacks.__setitem__(1, 0),
        "cannot set up the game: p2 has no chips",
        "cannot set up the game: every stack must be a positive int, got 0",
    ),
    "bad-card": (
        "5.phh",
        _set(11, "d dh p4 Zz"),
        "action 11 'd dh p4 Zz': bad card 'Zz' in 'Zz'",
        None,
    ),
    "bad-shown-card": (
        "57.phh",
        _set(31, "p5 sm 7h3d2s5c6x"),
        "action 31 'p5 sm 7h3d2s5c6x': bad card '6x' in '7h3d2s5c6x'",
        None,
    ),
    "dealt-twice": (
        "5.phh",
        _set(11, "d dh p4 Td"),
        "cards dealt twice: Td (action 11 'd dh p4 Td' deals Td again)",
        None,
    ),
    "too-many-first-cards": (
        "5.phh",
        _set(0, "d dh p1 Td3c4d5h"),
        "action 0 'd dh p1 Td3c4d5h': p1 is dealt 4 cards at first; expected 3",
        None,
    ),
    "negative-raise": (
        "5.phh",
        _set(9, "p4 cbr -3"),
        "action 9 'p4 cbr -3': negative amount -3",
        None,
    ),
    "show-mismatch": (
        "57.phh",
        _set(31, "p5 sm 7h3d2s5cAs"),
        "action 31 'p5 sm 7h3d2s5cAs': p5 shows As, which p2 holds",
        None,
    ),
    "finishing-stacks": (
        "57.phh",
        lambda hh: hh.finishing_stacks.__setitem__(1, 2325001),
        "finishing stacks [14175000, 2325000, 2950000, 5000000, 5250000] differ from the "
        "history's [14175000, 2325001, 2950000, 5000000, 5250000] (p2 has 2325000, not 2325001)",
        None,
    ),
}


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
@pytest.mark.parametrize("case", REPLAY_ERRORS)
def test_replay_errors_name_players_as_phh_does_and_the_action(engine: object, case: str) -> None:
    """PHH's p1 is the engine's seat 0: a replay error names the player as the file does,
    also where it quotes the engine's own message, and names the action it stops at."""
    name, edit, fast, reference = REPLAY_ERRORS[case]
    hh = _edited(name, edit)
    message = fast if engine is games or reference is None else reference
    with pytest.raises(ReplayError) as info:
        hh.replay(engine=engine)
    assert str(info.value).startswith(message)
    assert re.search(r"\bseat \d", str(info.value)) is None
    if case != "finishing-stacks":  # which replay_steps does not check
        with pytest.raises(ReplayError, match=re.escape(message)):
            list(hh.replay_steps(engine=engine))


@pytest.mark.parametrize("profile", sorted(_core.option_profiles()))
@pytest.mark.parametrize("betting", testing.STRUCTURES)
@pytest.mark.parametrize("game", testing.GAMES)
def test_a_table_built_under_a_profile_round_trips_its_options_through_to_phh(
    game: str, betting: str, profile: str
) -> None:
    """A profile also sets the options a table takes no keyword for (the fixed-limit ones at
    pot or no limit, other games'), which ``_holecard_options`` cannot carry: the file names
    the profile, and the replay's table is the same. The reference engine, which has no
    profiles, replays the same hand from the options alone."""
    table_cls = games.game_class(game)
    table = Table(
        table_cls.ten_twenty(betting=betting, profile=profile), [300] * 3, seed=7, max_hands=2
    )
    rng = random.Random(7)
    while not table.is_over:
        table.play_hand(lambda s: rng.choice(list(s.legal_moves())))
    for state, hh in zip(table.hands, table.to_phh(), strict=True):
        assert hh.extras.get("_holecard_profile") == (None if profile == "default" else profile)
        text = phh.dumps(hh)
        back = phh.loads(text).replay()
        assert isinstance(back, games.State)
        assert dict(back._config.options) == dict(state._config.options)
        assert back._config == state._config
        assert list(back.stacks) == list(state.stacks)
        assert list(phh.loads(text).replay(engine=ref).stacks) == list(state.stacks)


def test_a_file_naming_an_unknown_profile_beside_its_options_is_refused() -> None:
    state = games.Razz.ten_twenty(profile="wsop").start([100] * 3, seed=1)
    hh = state.to_phh()
    assert hh.extras["_holecard_profile"] == "wsop"
    hh.extras["_holecard_profile"] = "nope"
    with pytest.raises(ReplayError, match="unknown _holecard_profile 'nope'"):
        hh.replay()
    with pytest.raises(phh.HandHistoryError, match="_holecard_profile is written from the state"):
        state.to_phh(_holecard_profile="default")


def test_a_hand_whose_stubs_were_rebuilt_replays_in_one_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine deals a replay (issue 41): a hand whose stubs were rebuilt replays in one
    pass, its first reading of what the history leaves open (the burns) the hand's."""
    passes = 0
    reading = phh._replay_reading

    def counted(*args: Any) -> Any:  # noqa: ANN401
        nonlocal passes
        passes += 1
        return reading(*args)

    monkeypatch.setattr(phh, "_replay_reading", counted)
    rebuilt = 0
    for game, options in [
        ("deuce_seven", {}),
        ("deuce_seven", {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND"}),
        ("stud", {}),
    ]:
        for seed in range(4):
            state = _full_table(games, game, seed, **options)
            rebuilt += any(isinstance(e, Reshuffled | BurnsRecycled) for e in state.history)  # type: ignore[attr-defined]
            text = phh.dumps(phh.state_to_phh(state))
            passes = 0
            again = phh.loads(text).replay()
            assert list(again.stacks) == list(state.stacks)  # type: ignore[attr-defined]
            assert passes == 1
    assert rebuilt >= 8, "the hands must rebuild stubs to test this"


def _triple_draw(actions: list[str], players: int = 6) -> phh.HandHistory:
    return phh.HandHistory(
        variant="F2L3D",
        antes=[0] * players,
        blinds_or_straddles=[1, 2, *[0] * (players - 2)],
        small_bet=2,
        big_bet=4,
        starting_stacks=[100] * players,
        actions=actions,
    )


# Issue 40 item 4: six 2-7 players; p1 draws 4c, which he kept, and the others' draws run
# the stub out later in the hand.
_DEAL_AND_CALL = [
    "d dh p1 2c3c4c5d7d",
    *[f"d dh p{i} " + "??" * 5 for i in range(2, 7)],
    *["p3 cc", "p4 cc", "p5 cc", "p6 cc", "p1 cc", "p2 cc"],
]
_OTHERS_DRAW_FIVE = [
    x for i in range(2, 7) for x in (f"p{i} sd " + "??" * 5, f"d dh p{i} " + "??" * 5)
]


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
def test_a_card_dealt_to_the_player_who_holds_it_is_refused_though_a_stub_is_rebuilt_later(
    engine: object,
) -> None:
    """Issue 40 item 4: the replay replaced the 4c with a card of its own and called the
    hand legal when the stub was rebuilt later in it; cut before the rebuild, the same
    deal was refused. Both must be refused."""
    draws = ["p1 sd 2c3c", "d dh p1 6d4c"]
    message = "cards dealt twice: 4c (action 13 'd dh p1 6d4c' deals 4c again"
    whole = _triple_draw(_DEAL_AND_CALL + draws + _OTHERS_DRAW_FIVE)
    cut = _triple_draw(_DEAL_AND_CALL + draws)
    assert _rebuilds(whole)  # the others' draws run the stub out: cut, the deck suffices
    for hh in (whole, cut):
        with pytest.raises(ReplayError, match=re.escape(message)):
            hh.replay(engine=engine)
        with pytest.raises(ReplayError, match=re.escape(message)):
            list(hh.replay_steps(engine=engine))


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
@pytest.mark.parametrize(
    ("dealt", "message"),
    [
        # p2 is dealt the 7d that p1 holds.
        ("d dh p2 7d", "cards dealt twice: 7d (action 15 'd dh p2 7d' deals 7d again; p1 holds"),
        # p2 is dealt the 2c that p1 threw, before any reshuffle can have brought it back.
        ("d dh p2 2c", "action 15 'd dh p2 2c': p2 was not dealt 2c"),
    ],
    ids=["held-by-another", "thrown-not-reshuffled"],
)
def test_a_card_dealt_again_before_a_reshuffle_brings_it_back_is_refused(
    engine: object, dealt: str, message: str
) -> None:
    draws = ["p1 sd 2c3c", "d dh p1 6d8d", "p2 sd ??", dealt]
    hh = _triple_draw([*_DEAL_AND_CALL, *draws, *_OTHERS_DRAW_FIVE[2:]])
    with pytest.raises(ReplayError, match=re.escape(message)):
        hh.replay(engine=engine)


# Seven stud players to seventh street (seed 1 of games.SevenCardStud, everyone calls): the
# stub holds 7 cards for seventh street's 7, so the three burns are recycled into it (T-9.2).
_SEVEN_STUD = [
    *_street(1, "Ac8dAs 6c3c4d Ah3h7h 5dTcTh 8sQdJc 4cKs3d Jd6s8h"),
    *["p6 pb", "p7 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc"],
    *_street(1, "7c Jh Td Qs 2c Ad 6h"),
    *["p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc"],
    *_street(1, "Ts 6d 4s 9h 9c 7s Qc"),
    *["p1 cc", "p2 cc", "p3 cc", "p4 cc", "p5 cc", "p6 cc", "p7 cc"],
    *_street(1, "Kh 3s Qh 5c 2s 2d 5s"),
    *["p5 cc", "p6 cc", "p7 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc"],
    *_street(1, "9d 4h 5h Kd Js 7d Kc"),
    *["p5 cc", "p6 cc", "p7 cc", "p1 cc", "p2 cc", "p3 cc", "p4 cc"],
]


def _seven_stud(last: str) -> phh.HandHistory:
    """:data:`_SEVEN_STUD` with p7's seventh-street card ``last``."""
    actions = list(_SEVEN_STUD)
    actions[actions.index("d dh p7 Kc")] = f"d dh p7 {last}"
    return phh.HandHistory(
        variant="F7S",
        antes=[1] * 7,
        bring_in=1,
        small_bet=2,
        big_bet=4,
        starting_stacks=[500] * 7,
        actions=actions,
    )


@pytest.mark.parametrize("engine", [games, ref], ids=["rust", "reference"])
def test_a_seventh_street_card_from_recycled_burns_must_not_be_one_a_player_holds(
    engine: object,
) -> None:
    """The stud class of issue 40 item 4: seventh street dealt from a stub rebuilt from the
    burns (T-9.2) gave p7 a card of its own for the Jd he already holds."""
    state = _seven_stud("Kc").replay(engine=engine)
    assert any(isinstance(e, BurnsRecycled) for e in state.history)  # type: ignore[attr-defined]
    assert [str(c) for c in state.players[6].hole_cards][-1] == "Kc"
    for card, holder in (("Jd", "p7"), ("Ac", "p1")):
        with pytest.raises(ReplayError, match=f"deals {card} again; {holder} holds it"):
            _seven_stud(card).replay(engine=engine)


def _rebuilds(hh: phh.HandHistory) -> bool:
    """Whether the triple-draw hand takes more cards than the deck holds: the cards its
    deals name and a burn per draw (three)."""
    dealt = sum(len(a.split()[3]) // 2 for a in hh.actions if a.startswith("d dh"))
    return dealt + 3 > 52
