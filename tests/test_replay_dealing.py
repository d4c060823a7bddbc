"""PHH replays deal through the engine (issue 41 item 2): the engine decides the dealing
order, the burns and the rebuilt stubs, and the replay only names the card of each take,
the same way in both engines (``holecard.agents.ChanceHand`` and the reference's
``start(chance=...)``)."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holecard import Game, games, phh
from holecard.agents import ChanceHand, Encoding
from holecard.events import BurnsRecycled, Reshuffled
from holecard.reference import engine as ref
from test_phh_fuzz import _play_out, _played


def test_the_wsop_policy_hand_the_restocks_search_could_not_place_replays() -> None:
    """Seed 740 of test_phh_fuzz's hands: a legal 2-7 hand under EXCLUDE_CURRENT_ROUND
    whose rebuilt stubs the old replay's restocks search gave up on."""
    state = _played("deuce_seven", {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND"}, 740)
    assert sum(isinstance(e, Reshuffled) for e in state.history) == 2
    _assert_replays_in_both_engines(state)


def _assert_replays_in_both_engines(state: Any) -> None:  # noqa: ANN401 - either engine's State
    """``state`` written by state_to_phh replays in both engines to its stacks and hands."""
    text = phh.dumps(phh.state_to_phh(state))
    for engine in (games, ref):
        again = phh.loads(text).replay(engine=engine)
        assert list(again.stacks) == list(state.stacks), engine.__name__
        hands = [sorted(map(str, p.hole_cards)) for p in again.players]
        assert hands == [sorted(map(str, p.hole_cards)) for p in state.players]


def _full_table_hand(engine: Any, game: str, options: dict[str, Any], seed: int) -> Any:  # noqa: ANN401
    """A hand of ``engine`` at a full table, everyone to the end (draws of 0 to 5 cards):
    2-7 stubs are reshuffled, stud burns recycled."""
    rng = random.Random(seed)
    spec = Game(game).spec
    cls = getattr(engine, games.game_class(game).__name__)
    table = cls(**dict(spec.ten_twenty_stakes), **options)
    state = table.start([2000] * spec.max_players, seed=seed)
    _play_out(state, rng)
    return state


_DRAW_OPTIONS: list[dict[str, Any]] = [
    {},
    {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND"},
    {"burn_after_reshuffle": True, "own_discards_scope": "CURRENT_DRAW"},
    {"reshuffle_policy": "EXCLUDE_CURRENT_ROUND", "own_discards_scope": "CURRENT_DRAW"},
]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([g.value for g in Game]),
    st.sampled_from([games, ref]),
    st.integers(0, 2**32 - 1),
    st.data(),
)
def test_full_table_hands_of_every_game_replay_in_both_engines(
    game: str,
    player: Any,  # noqa: ANN401 - either engine's module
    seed: int,
    data: st.DataObject,
) -> None:
    """A full table's hand of any game, played in either engine and written by
    state_to_phh, replays in both engines to the same stacks and hands, rebuilt stubs
    included (test_phh's round trip covers random tables and actions of the fast engine)."""
    options = data.draw(st.sampled_from(_DRAW_OPTIONS)) if Game(game).spec.is_draw else {}
    _assert_replays_in_both_engines(_full_table_hand(player, game, options, seed))


def test_both_engines_say_what_each_take_is_for() -> None:
    """The fast engine's ChanceHand.take and the reference's chance= name the same takes
    of a razz deal: two down cards and the door card per seat, then fourth street's burn
    and up cards."""
    hand = ChanceHand(Encoding(games.Razz.ten_twenty(), players=2), [100, 100])
    fast: list[tuple[Any, ...]] = []
    while hand.to_act == ChanceHand.CHANCE:
        assert hand.take is not None
        fast.append(hand.take)
        hand.apply(hand.legal_actions()[0])
    taken: list[tuple[Any, ...]] = []

    def chance(take: ref.Take, outcomes: frozenset[str]) -> str:
        taken.append(take)
        return min(outcomes)

    stakes = dict(Game.RAZZ.spec.ten_twenty_stakes)
    state = ref.Razz(**stakes).start([100, 100], chance=chance)
    assert (
        taken
        == fast
        == [
            *[("deal", s, False, 0) for s in (0, 1)] * 2,
            ("deal", 0, True, 0),
            ("deal", 1, True, 0),
        ]
    )
    state.post_bring_in()
    state.call()
    assert taken[6:] == [("burn", None, None, 0), ("deal", 0, True, 0), ("deal", 1, True, 0)]


def test_a_reshuffled_chance_hand_is_an_ordinary_state() -> None:
    """A replayed 2-7 hand whose stub was rebuilt is a State of the fast engine like any
    other: its copy, its pickle and its written form are the same hand."""
    import copy
    import pickle

    state = _full_table_hand(games, "deuce_seven", {}, 3)
    assert any(isinstance(e, Reshuffled | BurnsRecycled) for e in state.history)
    again = phh.loads(phh.dumps(phh.state_to_phh(state))).replay()
    assert isinstance(again, games.State)
    for other in (copy.deepcopy(again), pickle.loads(pickle.dumps(again))):
        assert other.history == again.history
        assert list(other.stacks) == list(again.stacks)
    assert phh.state_to_phh(again).actions == phh.state_to_phh(state).actions


def test_phh_reads_either_engines_table_without_importing_the_reference() -> None:
    """phh.py reads a state's table through the ``_config`` both engines' states have,
    and imports nothing from the reference engine."""
    code = (
        "import sys\n"
        "from holecard import games, phh\n"
        "state = games.Razz.ten_twenty().start([50, 50], seed=1)\n"
        "phh.loads(phh.dumps(phh.state_to_phh(state))).replay()\n"
        "assert not any(m.startswith('holecard.reference') for m in sys.modules), 'imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    state = ref.Razz(**dict(Game.RAZZ.spec.ten_twenty_stakes)).start([50, 50], seed=1)
    table = state._config
    assert (table.game, table.betting, table.profile) == ("razz", "FIXED_LIMIT", None)
    assert phh.state_to_phh(state).variant == "FR"
