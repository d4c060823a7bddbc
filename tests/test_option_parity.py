"""Both engines take the same docs/rules.md §6 options, and the Python layer agrees with the
option catalogue (``holecard._core.option_specs()``, rust/game/catalog.rs).

For every game, structure, option and value (good ones, bad ones, options that do not
apply), ``holecard.games`` and ``holecard.reference.engine`` accept or refuse alike; the
keyword signature of the game classes, the stubs and the profiles are checked against the
catalogue.
"""

from __future__ import annotations

import enum
import inspect
from typing import Any

import pytest

from holecard import _core, games, options
from holecard._enums import FourStraightMode
from holecard.exceptions import ConfigurationError, HoleCardError
from holecard.reference import engine as ref

SPECS = {spec.name: spec for spec in _core.option_specs()}
#: Game id -> the name of its class in holecard.games and holecard.reference.engine.
CLASSES: dict[str, str] = {
    getattr(games, name)._GAME: name
    for name in games.__all__
    if hasattr(getattr(games, name), "_GAME")
}
GAMES = tuple(CLASSES)
STAKES: dict[str, dict[str, int]] = {
    "stud": {"ante": 2, "bring_in": 2, "small_bet": 4},
    "deuce_seven": {"small_blind": 2, "big_blind": 4, "small_bet": 4},
}
#: The public enum of every enum option (checked against the catalogue below).
ENUMS: dict[str, type[enum.Enum]] = {
    "stud_dealer_position": options.StudDealerPosition,
    "bring_in_card": options.BringInCard,
    "uncapped_heads_up": options.UncappedHeadsUp,
    "limit_short_all_in_rule": options.LimitShortAllInRule,
    "betting_timeout_action": options.BettingTimeoutAction,
    "showing_tie_break": options.ShowingTieBreak,
    "four_straight_mode": FourStraightMode,
    "odd_chip_order": options.OddChipOrder,
    "showdown_first_if_no_bet": options.ShowdownFirst,
    "draw_timeout_penalty": options.DrawTimeoutPenalty,
    "reshuffle_policy": options.ReshufflePolicy,
    "own_discards_scope": options.OwnDiscardsScope,
    "heads_up_small_blind": options.HeadsUpSmallBlind,
    "split_half_odd_chip": options.SplitHalfOddChip,
}
#: The table's keywords that are not §6 rule options.
TABLE_KEYWORDS = {
    "ante",
    "bring_in",
    "small_bet",
    "big_bet",
    "small_blind",
    "big_blind",
    "min_bet",
    "betting",
    "profile",
}
_BAD: dict[str, tuple[object, ...]] = {
    "bool": (1, 0, "true", "maybe", 2.5),
    "int": (-1, 1.5, "4", True, 2**70),
    "int_or_none": (0, -1, 1.5, "4", "none", True, 2**70),
    "enum": ("NOPE", "", 3, True, 1.5),
}


def _stakes(game: str) -> dict[str, int]:
    return STAKES["deuce_seven" if game == "deuce_seven" else "stud"]


def _candidates(game: str, name: str) -> list[object]:
    """Good and bad values of option ``name`` to try in ``game``."""
    spec = SPECS[name]
    values: list[object] = list(_BAD[spec.kind])
    texts = {t for g in GAMES for t in spec.values.get(g, ())}
    for text in sorted(texts):
        values.append(spec.value(text))
        if spec.kind == "enum":
            values.append(text.lower())
            values.append(ENUMS[name][text])
    if spec.kind in ("int", "int_or_none"):
        low = spec.minimum or 0
        values += [low - 1, low, low + 1, 3, 6, 7, 8, 9, 30, 10**6]
        if spec.maximum is not None:
            values += [spec.maximum, spec.maximum + 1]
        if spec.kind == "int_or_none":
            values.append(None)
    return [v for v in values if not (v == -1 and spec.minimum is None)]


def _outcome(make: Any, kwargs: dict[str, object], errors: tuple[type[Exception], ...]) -> str:  # noqa: ANN401
    try:
        make(**kwargs)
    except errors as exc:
        return f"refused ({type(exc).__name__}: {exc})"
    return "accepted"


def _both(game: str, kwargs: dict[str, object]) -> tuple[str, str]:
    fast = getattr(games, CLASSES[game])
    slow = getattr(ref, CLASSES[game])
    return (
        _outcome(fast, kwargs, (HoleCardError,)),
        _outcome(slow, kwargs, (ref.ConfigurationError,)),
    )


def _agree(got: tuple[str, str]) -> bool:
    return got[0].split()[0] == got[1].split()[0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("betting", ["FIXED_LIMIT", "NO_LIMIT"])
def test_every_option_value_is_accepted_or_refused_alike(game: str, betting: str) -> None:
    table: dict[str, object] = {**_stakes(game), "betting": betting}
    disagreements = []
    accepted = 0
    for name in SPECS:
        for value in _candidates(game, name):
            got = _both(game, {**table, name: value})
            accepted += got[0] == "accepted"
            if not _agree(got):
                disagreements.append((name, value, got))
    assert disagreements == []
    assert accepted > 50  # the good values do pass


@pytest.mark.parametrize("game", GAMES)
def test_options_that_do_not_apply_and_unknown_options_are_refused_by_both(game: str) -> None:
    for name, spec in SPECS.items():
        if game in spec.games:
            continue
        value = spec.value(spec.defaults[spec.games[0]])
        got = _both(game, {**_stakes(game), name: value})
        assert got[0].startswith("refused"), (name, got)
        assert got[1].startswith("refused"), (name, got)
    got = _both(game, {**_stakes(game), "no_such_option": True})
    assert got[0].startswith("refused"), got
    assert got[1].startswith("refused"), got
    # A misspelt keyword is a ConfigurationError naming it and the nearest name.
    with pytest.raises(
        ConfigurationError, match=r"unknown table keyword antee \(did you mean ante"
    ):
        getattr(games, CLASSES[game])(**_stakes(game), antee=1)


@pytest.mark.parametrize(
    ("game", "kwargs"),
    [
        ("deuce_seven", {"small_bet": 10, "big_blind": 5}),  # G-1.4.3: BB = S in fixed limit
        ("deuce_seven", {"small_bet": 10, "big_blind": 10}),
        ("deuce_seven", {"small_bet": 10, "big_blind": 5, "betting": "NO_LIMIT"}),
        ("deuce_seven", {"small_bet": 4, "draw_time_limit": 0}),
        ("razz", {**STAKES["stud"], "open_pair_double_bet": True}),
        ("deuce_seven", {"small_bet": 4, "showdown_first_if_no_bet": "BEST_SHOWING"}),
        ("stud", {**STAKES["stud"], "chip_unit": 2}),
        ("stud", {**STAKES["stud"], "chip_unit": 3}),
        ("stud", {**STAKES["stud"], "burn_cards": None}),
        ("stud", {**STAKES["stud"], "small_bet": 10, "big_bet": 5}),  # the fast one took it
        ("stud", {**STAKES["stud"], "betting": "NO_LIMIT", "max_raises": None}),
    ],
)
def test_the_drift_once_found_is_gone(game: str, kwargs: dict[str, object]) -> None:
    got = _both(game, kwargs)
    assert _agree(got), got


FIXED_LIMIT_ONLY = [name for name, spec in SPECS.items() if spec.structures == ("FIXED_LIMIT",)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("betting", ["POT_LIMIT", "NO_LIMIT"])
def test_the_fixed_limit_options_are_refused_in_pot_and_no_limit(game: str, betting: str) -> None:
    # docs/rules.md §6.1: an option with no effect is refused, so that max_raises=1 in no
    # limit is not silently ignored. A profile's values for them are left out instead.
    assert FIXED_LIMIT_ONLY == [
        "max_raises",
        "uncapped_heads_up",
        "open_pair_double_bet",
        "limit_short_all_in_rule",
    ]
    table = {**_stakes(game), "betting": betting}
    for name in FIXED_LIMIT_ONLY:
        if game not in SPECS[name].games:
            continue
        value = SPECS[name].value(SPECS[name].defaults[game])
        fast, slow = _both(game, {**table, name: value})
        assert fast.startswith("refused (ConfigurationError: option"), fast
        assert "applies only in FIXED_LIMIT" in fast
        assert slow.startswith("refused"), slow
        assert _both(game, {**table, "betting": "FIXED_LIMIT", name: value}) == (
            "accepted",
            "accepted",
        )
    wsop = getattr(games, CLASSES[game])(**table, profile="wsop")
    assert wsop.options["max_raises"] == "4"  # the profile's value, shown but without effect


def test_the_game_keywords_are_the_catalogue_options() -> None:
    params = inspect.signature(games.Soko.__init__).parameters
    keyword_only = {n for n, p in params.items() if p.kind is inspect.Parameter.KEYWORD_ONLY}
    assert keyword_only - TABLE_KEYWORDS == set(SPECS)
    for game, cls in CLASSES.items():
        made = getattr(games, cls)(**_stakes(game))
        assert set(made.options) == set(SPECS)
        for name, spec in SPECS.items():
            if game in spec.games:
                assert made.options[name] == spec.defaults[game], (game, name)


def test_the_reference_defaults_are_the_catalogue_defaults() -> None:
    for game, cls in CLASSES.items():
        made = getattr(ref, cls)(**_stakes(game))
        have = {k for k in made.options if k != "betting"}
        assert have == {n for n, s in SPECS.items() if game in s.games}, game
        for name in have:
            value = made.options[name]
            value = getattr(value, "name", value)
            assert value == SPECS[name].value(SPECS[name].defaults[game]), (game, name)


def test_the_catalogue_records_are_consistent() -> None:
    assert len(SPECS) == 29  # 28 + split_half_odd_chip (issue 44)
    assert set(GAMES) == {"soko", "stud", "stud8", "razz", "deuce_seven"}
    for name, spec in SPECS.items():
        assert spec.kind in ("bool", "int", "int_or_none", "enum")
        assert spec.games
        assert set(spec.defaults) == set(spec.games)
        assert spec.rules
        assert all(r[0].isalpha() for r in spec.rules)
        for game in spec.games:
            if spec.kind in ("bool", "enum"):
                assert spec.defaults[game] in spec.values[game], (name, game)
    enums = {name for name, spec in SPECS.items() if spec.kind == "enum"}
    assert set(ENUMS) == enums
    for name in enums:
        union = {t for vs in SPECS[name].values.values() for t in vs}
        assert union == set(ENUMS[name].__members__), name


def test_the_profiles_are_the_catalogue_profiles() -> None:
    profiles = _core.option_profiles()
    assert set(profiles) == {p.value for p in options.Profile}
    for game, cls in CLASSES.items():
        for profile, per_game in profiles.items():
            made = getattr(games, cls)(**_stakes(game), profile=profile)
            default = getattr(games, cls)(**_stakes(game))
            differ = {k: v for k, v in made.options.items() if v != default.options[k]}
            applying = {k: v for k, v in differ.items() if game in SPECS[k].games}
            assert applying == per_game[game], (game, profile)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_raises": -1}, "max_raises must be at least 1, got -1"),
        ({"rake_basis_points": -1}, "rake_basis_points must be at least 0, got -1"),
        ({"max_raises": 2**32}, r"max_raises must be at most 2\*\*32 - 1, got 4294967296"),
        ({"chip_unit": 2**70}, rf"chip_unit must be at most 2\*\*64 - 1, got {2**70}"),
    ],
)
def test_a_number_out_of_range_is_refused_with_the_range(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(HoleCardError, match=message):
        games.SevenCardStud(**STAKES["stud"], **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("max_raises", "-1", "max_raises must be at least 1, got -1"),
        ("chip_unit", "-3", "chip_unit must be at least 1, got -3"),
        ("rake_basis_points", "5000000000", "rake_basis_points must be at most 10000, got"),
        ("max_raises", "5000000000", r"max_raises must be at most 2\*\*32 - 1, got"),
        ("burn_cards", "5", 'option burn_cards takes a bool, got "5"'),
    ],
)
def test_option_text_out_of_range_gets_the_options_own_range(
    name: str, text: str, message: str
) -> None:
    # The text path (PHH files, holecard simulate --set) says what the keyword path says.
    with pytest.raises(HoleCardError, match=message):
        SPECS[name].value(text)
