"""Every option survives ``to_phh()``.

For each game and each non-default value of each docs/rules.md §6 option (read from the
option catalogue), a hand played by either engine, written with ``phh.state_to_phh()`` (what
``State.to_phh()`` calls), dumped, loaded and replayed by the same engine reproduces the
options, the stacks, the payoffs and the history, time-outs (``# timeout``) included.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from holecard import _core, games, phh
from holecard.reference import engine as ref
from holecard.testing import option_values

#: Game id -> the name of its class in holecard.games and holecard.reference.engine.
CLASSES: dict[str, str] = {
    getattr(games, name)._GAME: name
    for name in games.__all__
    if hasattr(getattr(games, name), "_GAME")
}
SPECS = {spec.name: spec for spec in _core.option_specs()}
#: Non-default values of the numeric options that fit the table below.
NUMBERS = {"chip_unit": 2, "max_players": 3, "draw_time_limit": 10}


def _option_sets(game: str) -> list[tuple[str, object]]:
    """``(option, value)`` for every non-default value of every option of ``game``."""
    out: list[tuple[str, object]] = []
    values = option_values(game)
    for name, spec in SPECS.items():
        if game not in spec.games:
            continue
        default = spec.value(spec.defaults[game])
        candidates = values.get(name, (NUMBERS[name],) if name in NUMBERS else ())
        out += [(name, v) for v in candidates if v != default]
    assert out
    return out


CASES = [(g, name, value) for g in CLASSES for name, value in _option_sets(g)]


def _table(game: str) -> dict[str, int]:
    if game == "deuce_seven":
        return {"small_blind": 2, "big_blind": 4, "small_bet": 4}
    return {"ante": 2, "bring_in": 2, "small_bet": 4}


def _play(state: Any, rng: random.Random) -> Any:  # noqa: ANN401
    """A time-out first, then random legal moves with a time-out now and then."""
    state.timeout()
    while not state.is_over:
        if rng.random() < 0.1:
            state.timeout()
        else:
            state.apply(rng.choice(list(state.legal_moves())))
    return state


def _seen(history: Any) -> list[Any]:  # noqa: ANN401
    """The history without burns (PHH does not record which card was burned)."""
    return [
        e for e in history if "burn" not in (getattr(e, "kind", "") + type(e).__name__).lower()
    ]


def _round_trip(state: Any, engine: object) -> Any:  # noqa: ANN401
    text = phh.dumps(phh.state_to_phh(state))
    return phh.loads(text).replay(engine=engine)


@pytest.mark.parametrize(("game", "name", "value"), CASES)
@pytest.mark.parametrize("engine", ["holecard", "reference"])
def test_every_option_value_survives_to_phh(
    game: str, name: str, value: object, engine: str
) -> None:
    module: Any = games if engine == "holecard" else ref
    table = getattr(module, CLASSES[game])(**_table(game), **{name: value})
    seed = sum(map(ord, f"{game}{name}{value}"))
    timeouts = 0
    for k in range(3):
        state = _play(table.start([60, 80], seed=seed + k), random.Random(seed + k))
        text = phh.dumps(phh.state_to_phh(state))
        timeouts += text.count("# timeout")
        back = _round_trip(state, module)
        if engine == "holecard":
            assert dict(back._config.options) == dict(state._config.options)
        else:
            assert back.game.options == state.game.options
        assert list(back.stacks) == list(state.stacks)
        assert list(back.payoffs) == list(state.payoffs)
        assert _seen(back.history) == _seen(state.history)
    assert timeouts > 0  # the time-outs were written and replayed
