"""The core's name lists and Python's tables of the same names agree.

Action names, event kinds, ranking codes and street words are each written once in the
Rust core (rust/game, rust/eval) and exported as data (``_core.ACTION_KINDS``,
``_core.ACTION_CODES``, ``_core.MOVE_KINDS``, ``_core.EVENT_KINDS``,
``_core.RANKING_CODES``, ``_core.STREET_NAMES``). The Python tables that spell the same
names (the reference engine's, ``holecard.events``' ``KIND`` class variables, the
narration's street labels, ``holecard.testing``'s action codes) are tied to them here: a
name added or changed on one side only fails a test.
"""

from __future__ import annotations

import ast
import pickle
from pathlib import Path
from typing import Any, cast

import pytest

import holecard
from holecard import DeuceSevenTripleDraw, Razz, _core, events, stats
from holecard._enums import FourStraightMode
from holecard._narration import _STREET_LABELS, BY_RANKING
from holecard.exceptions import ConfigurationError, IllegalActionError, InvalidHandError
from holecard.reference import RANKINGS as REFERENCE_RANKINGS
from holecard.reference import engine as ref
from holecard.reference.values import MOVE_KINDS as REFERENCE_MOVE_KINDS
from holecard.testing import apply_action


def _distinct(names: tuple[str, ...]) -> None:
    assert len(set(names)) == len(names), names


# ----- actions -----------------------------------------------------------------------


def test_action_tables_are_distinct_and_paired() -> None:
    for names in (_core.ACTION_KINDS, _core.ACTION_CODES, _core.MOVE_KINDS):
        _distinct(names)
    assert len(_core.ACTION_CODES) == len(_core.ACTION_KINDS)
    # A Move is every action but the time-out, in the same order.
    assert (*_core.MOVE_KINDS, "timeout") == _core.ACTION_KINDS


def test_move_kinds_are_the_reference_engines() -> None:
    assert _core.MOVE_KINDS == REFERENCE_MOVE_KINDS


def test_move_kinds_are_the_stubs_literal() -> None:
    """``_core.pyi`` types ``Move(kind)`` with a ``Literal`` of the kinds, in order."""
    stub = ast.parse((Path(holecard.__file__).parent / "_core.pyi").read_text())
    alias = next(
        node
        for node in stub.body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "_MoveKind"
    )
    assert isinstance(alias.value, ast.Subscript)
    assert isinstance(alias.value.slice, ast.Tuple)
    kinds = tuple(ast.literal_eval(e) for e in alias.value.slice.elts)
    assert kinds == _core.MOVE_KINDS


@pytest.mark.parametrize("kind", _core.ACTION_KINDS)
def test_every_action_kind_is_a_state_method_of_both_engines(kind: str) -> None:
    assert callable(getattr(_core.State, kind))
    assert callable(getattr(ref.State, kind))


def test_the_core_takes_exactly_its_move_kinds() -> None:
    for kind in _core.MOVE_KINDS:
        amount = 40 if kind == "bet_or_raise_to" else None
        discards = "As" if kind == "draw" else None
        assert _core.Move(cast("Any", kind), amount, discards).kind == kind
    with pytest.raises(ConfigurationError, match='unknown move kind "timeout"'):
        _core.Move(cast("Any", "timeout"))


class _Recorder:
    """A stand-in state that records the method an action calls."""

    def __init__(self) -> None:
        self.called: list[str] = []

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401
        def method(*args: object) -> None:
            self.called.append(name)

        return method


@pytest.mark.parametrize(
    ("kind", "code"), list(zip(_core.ACTION_KINDS, _core.ACTION_CODES, strict=True))
)
def test_testing_reads_each_action_code_as_its_kind(kind: str, code: str) -> None:
    """``holecard.testing``'s action tuples use the pickle codes."""
    args: dict[str, tuple[object, ...]] = {"raise": (40,), "draw": (("As",),)}
    state = _Recorder()
    apply_action(state, (code, *args.get(code, ())))
    assert state.called == [kind]


def _played_state() -> Any:  # noqa: ANN401 - a holecard State
    """A razz hand with a bring-in, a completion, a call, a fold, a raise and a time-out."""
    state = Razz.ten_twenty().start([100, 100, 100], seed=7)
    state.post_bring_in()
    state.complete()
    state.call()
    state.fold()
    bet = state.legal_actions().min_raise_to
    assert bet is not None
    state.bet_or_raise_to(bet)
    state.timeout()
    return state


def test_pickled_histories_use_the_action_codes() -> None:
    state = _played_state()
    _, args = state.__reduce__()
    actions = args[5]
    assert {code for code, _ in actions} == {
        "bring_in",
        "complete",
        "call",
        "fold",
        "raise",
        "timeout",
    }
    assert {code for code, _ in actions} <= set(_core.ACTION_CODES)
    again = pickle.loads(pickle.dumps(state))
    assert again.history == state.history


def test_an_unknown_action_code_is_refused() -> None:
    rebuild, args = _played_state().__reduce__()
    with pytest.raises(IllegalActionError, match='unknown action code "raise_to"'):
        rebuild(*args[:5], [("raise_to", 20)])


# ----- events ------------------------------------------------------------------------


def _event_classes() -> list[type[events.Event]]:
    """Every event class of ``holecard.events`` (the module's own, not stale copies)."""
    return [
        cls
        for cls in vars(events).values()
        if isinstance(cls, type) and issubclass(cls, events.Event) and cls is not events.Event
    ]


def test_event_kinds_are_the_classes_of_holecard_events() -> None:
    _distinct(_core.EVENT_KINDS)
    kinds = [cls.KIND for cls in _event_classes()]
    # One class per kind: a class added or renamed on either side fails here.
    assert sorted(kinds) == sorted(_core.EVENT_KINDS)


def test_the_engine_builds_each_event_of_its_kind() -> None:
    seen: set[str] = set()
    for game in (Razz, DeuceSevenTripleDraw):
        state = game.ten_twenty().start([500, 500], seed=3)
        while not state.is_over:
            state.timeout()
        for event in state.history:
            assert event.kind in _core.EVENT_KINDS
            assert event.kind == type(event).KIND
            seen.add(event.kind)
    assert len(seen) > 5


def test_the_statistics_count_event_kinds_the_core_has() -> None:
    for kinds in (stats._AGGRESSIVE, stats._VOLUNTARY, stats._BETTING):
        assert set(kinds) <= set(_core.EVENT_KINDS)


# ----- rankings ----------------------------------------------------------------------


def _value(code: str) -> Any:  # noqa: ANN401 - a HandValue
    """A value from the narration's evaluator of ``code`` (Soko takes exactly five cards)."""
    value = BY_RANKING[code]("As Ks Qs 7c 2d" if code == "soko" else "As 2s 3d 4c 5h Kd Qc")
    assert value is not None
    return value


def _every_ranking_a_python_call_reaches() -> set[str]:
    cards = "As Ks Qs Js 9h"
    out = {_value(code).ranking for code in BY_RANKING}
    out |= {_core.evaluate_soko(cards, four_straight=m.value).ranking for m in FourStraightMode}
    for spec in _core.variant_specs():
        for four_card_hands in (True, False):
            for mode in FourStraightMode:
                try:
                    value = _core.evaluate_showing(
                        "As Kd",
                        game=spec.id,
                        soko_four_card_hands=four_card_hands,
                        four_straight=mode.value,
                    )
                except InvalidHandError:  # a game without showing hands
                    continue
                out.add(value.ranking)
    return out


def test_ranking_codes_are_distinct_and_each_is_reached_from_python() -> None:
    _distinct(_core.RANKING_CODES)
    assert _every_ranking_a_python_call_reaches() == set(_core.RANKING_CODES)


@pytest.mark.parametrize("code", _core.RANKING_CODES)
def test_every_ranking_code_reads_back(code: str) -> None:
    _core.distinct_values(code)


def test_an_unknown_ranking_code_is_refused() -> None:
    with pytest.raises(ConfigurationError, match='unknown ranking "badugi"'):
        _core.distinct_values("badugi")


def test_the_python_evaluator_tables_name_core_rankings() -> None:
    assert set(BY_RANKING) == set(REFERENCE_RANKINGS)
    for code in BY_RANKING:
        assert _value(code).ranking == code
    # The rankings a game's pot is split by, as the spec names them.
    used = {r for spec in _core.variant_specs() for r in spec.rankings}
    assert used <= set(BY_RANKING)


# ----- streets -----------------------------------------------------------------------

#: Street words the narration spells as "<word> street" (no label of their own).
ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh")


def test_street_names_are_the_specs_and_over() -> None:
    _distinct(_core.STREET_NAMES)
    words = {s.name for spec in _core.variant_specs() for s in spec.streets}
    words |= {s.draw for spec in _core.variant_specs() for s in spec.streets if s.draw}
    assert set(_core.STREET_NAMES) == words | {"over"}
    assert _core.STREET_NAMES[-1] == "over"


def test_the_narration_labels_every_street_word_and_no_other() -> None:
    assert set(_STREET_LABELS) <= set(_core.STREET_NAMES)
    unlabelled = set(_core.STREET_NAMES) - set(_STREET_LABELS)
    assert unlabelled == set(ORDINALS)
