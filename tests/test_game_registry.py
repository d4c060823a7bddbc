"""The one game registry: ``Game.spec`` (Rust's ``VariantSpec``) and ``games.GAME_CLASSES``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from holecard import ConfigurationError, Game, Street, VariantSpec, _core, equity, games
from holecard._narration import EVALUATORS
from holecard.cli.parser import _GAMES as CLI_GAMES
from holecard.testing import GAMES as TESTING_GAMES

_PASSIVE = ("post_bring_in", "check", "call", "stand_pat")


def _play_passively(state: games.State) -> None:
    """Posts the bring-in, checks, calls and stands pat: one move."""
    moves = {move.kind: move for move in state.legal_moves()}
    state.apply(next(moves[kind] for kind in _PASSIVE if kind in moves))


def test_every_game_once_in_the_same_order_everywhere() -> None:
    ids = [spec.id for spec in _core.variant_specs()]
    assert ids == [game.value for game in Game]
    assert list(games.GAME_CLASSES) == list(Game)
    assert list(CLI_GAMES) == ids == list(TESTING_GAMES)
    assert set(EVALUATORS) == {*ids, "high"}
    for game, cls in games.GAME_CLASSES.items():
        assert games.game_class(game.value) is cls
        assert cls.ten_twenty().game is game


def test_unknown_game_is_a_configuration_error_naming_it() -> None:
    with pytest.raises(ConfigurationError, match="holdem"):
        games.game_class("holdem")
    with pytest.raises(ConfigurationError, match='unknown game "holdem"'):
        equity("holdem", ["As Ah", "Kd Kc"])


@pytest.mark.parametrize("game", list(Game))
def test_streets_are_the_ones_a_hand_goes_through(game: Game) -> None:
    spec = game.spec
    assert isinstance(spec, VariantSpec)
    assert all(isinstance(s, Street) for s in spec.streets)
    assert sum(s.down + s.up for s in spec.streets) == spec.hand_cards
    state = games.game_class(game).ten_twenty().start([500, 500], seed=3)
    seen = [state.street]
    while not state.is_over:
        _play_passively(state)
        if state.street != seen[-1]:
            seen.append(state.street)
    expected = [name for s in spec.streets for name in (s.draw, s.name) if name is not None]
    assert seen == [*expected, "over"]


@pytest.mark.parametrize(
    ("game", "rankings", "hand_cards", "max_players"),
    [
        (Game.SOKO, ["soko"], 5, 8),
        (Game.STUD, ["high"], 7, 8),
        (Game.STUD8, ["high", "low8"], 7, 8),
        (Game.RAZZ, ["ace_five"], 7, 8),
        (Game.DEUCE_SEVEN, ["deuce_seven"], 5, 6),
    ],
)
def test_showdown_and_sizes(
    game: Game, rankings: list[str], hand_cards: int, max_players: int
) -> None:
    spec = game.spec
    assert (spec.rankings, spec.hand_cards, spec.max_players) == (
        rankings,
        hand_cards,
        max_players,
    )
    assert spec.is_draw is (game is Game.DEUCE_SEVEN)
    # docs/rules.md G-1.6.1: small bets on the first two rounds, big bets after.
    assert [s.bet for s in spec.streets] == ["small", "small"] + ["big"] * (len(spec.streets) - 2)


def test_spec_values_are_frozen() -> None:
    spec = Game.RAZZ.spec
    with pytest.raises(AttributeError):
        spec.id = "stud"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        spec.streets[0].name = "first"  # type: ignore[misc]


def test_the_same_mistake_reads_the_same_everywhere() -> None:
    """One exception and one message per mistake, whichever entry point sees it."""
    import holecard
    from holecard import batch

    bad_mode: list[Callable[[], object]] = [
        lambda: holecard.evaluate_soko("As Ks Qs Js 9d", four_straight="BAD"),
        lambda: equity("soko", ["As", "Kd"], four_straight="BAD"),
        lambda: batch.evaluate_soko([[0, 1, 2, 3, 4]], four_straight="BAD"),
    ]
    bad_game: list[Callable[[], object]] = [
        lambda: equity("holdem", ["As Ah", "Kd Kc"]),
        lambda: holecard.simulate("holdem", players=2, hands=1),
        lambda: games.game_class("holdem"),
        lambda: _core.GameConfig("holdem", small_bet=2),
    ]
    for calls in (bad_mode, bad_game):
        messages = set()
        for call in calls:
            with pytest.raises(ConfigurationError) as info:
                call()
            messages.add(str(info.value))
        assert len(messages) == 1, messages
