"""Every public entry point refuses a bad argument with a holecard error.

The public callables are found by introspection (``__all__`` of the public modules, the
methods of every public class); each one has a valid call below, and hypothesis replaces
one argument at a time with junk: huge, negative and zero integers, ``2**70``, text,
bytes, floats, ``None``, containers, plain objects. The call must either work or raise a
:class:`holecard.HoleCardError`: never a bare ``TypeError``, ``ValueError``,
``OverflowError`` or ``IndexError`` from PyO3's argument conversion or the Python wrappers.
A new public callable fails :func:`test_every_public_callable_is_covered` until it gets a
valid call here (or a reason in ``EXEMPT``).
"""

from __future__ import annotations

import enum
import functools
import importlib
import inspect
import math
import os
import tempfile
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import holecard
import holecard.agents
from holecard import html, phh, svg

SIMULATE = importlib.import_module("holecard._simulate")

#: The modules whose ``__all__`` is public API (``holecard._equity`` and ``holecard._simulate``
#: hold the functions ``holecard.equity`` and ``holecard.simulate`` and their results).
PUBLIC_MODULES = (
    "holecard",
    "holecard._equity",
    "holecard._simulate",
    "holecard._table",
    "holecard.agents",
    "holecard.batch",
    "holecard.exceptions",
    "holecard.games",
    "holecard.html",
    "holecard.options",
    "holecard.phh",
    "holecard.svg",
)

#: Integers that are wrong for every argument, or right but cheap: a count this small
#: (``samples``, ``hands``) finishes at once, where ``2**63`` samples would never end.
WILD_INTS = st.one_of(
    st.sampled_from([0, -1, 2**64, 2**70, -(2**70), 2**63, 2**64 - 1]).filter(
        lambda n: n < 2**63 or n >= 2**64
    ),
    st.integers(min_value=-(2**70), max_value=20),
    st.integers(min_value=2**64, max_value=2**200),
)

JUNK: st.SearchStrategy[object] = st.one_of(
    WILD_INTS,
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.just(math.nan),
    st.text(max_size=12),
    st.sampled_from(["As", "AsAs", "As Kd Qh Jc Ts", "stud", "x", "", "-1", "2**70"]),
    st.binary(max_size=8),
    st.lists(st.one_of(st.integers(-5, 60), st.text(max_size=3)), max_size=6),
    st.tuples(st.text(max_size=3), st.integers()),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.builds(object),
    st.just(np.int64(-3)),
    st.just(np.zeros((2, 2), dtype=np.float64)),
)


def _key(owner: object, name: str | None = None) -> str:
    base = f"{getattr(owner, '__module__', '?')}.{getattr(owner, '__qualname__', '?')}"
    return base if name is None else f"{base}.{name}"


def _takes_arguments(function: Callable[..., object]) -> bool:
    try:
        params = inspect.signature(function).parameters
    except (TypeError, ValueError):  # no signature: a builtin without text signature
        return True
    return any(p for p in params if p not in ("self", "cls"))


def public_callables() -> set[str]:
    """Every public function, class (its constructor) and method that takes arguments."""
    found: set[str] = set()
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj):
                found.add(_key(obj))
                for klass in obj.__mro__:
                    if not klass.__module__.startswith("holecard"):
                        continue
                    for attr, value in vars(klass).items():
                        if attr.startswith("_") or isinstance(value, property | enum.Enum):
                            continue
                        member = getattr(obj, attr)
                        if callable(member) and _takes_arguments(member):
                            found.add(_key(obj, attr))
            elif callable(obj) and typing.get_origin(obj) is None:  # not a type alias
                found.add(_key(obj))
    return found


@dataclass
class Entry:
    """A valid call of one public callable: ``make()`` gives the callable (a fresh bound
    method for methods), ``valid`` a value for every parameter that the fuzz replaces."""

    make: Callable[[], Callable[..., Any]]
    valid: dict[str, object]
    positional: tuple[str, ...] = ()
    #: Exceptions other than holecard errors that the call may raise, with the reason.
    allowed: tuple[type[BaseException], ...] = ()
    finish: Callable[[Any], object] = field(default=lambda result: result)

    def call(self, values: dict[str, object]) -> object:
        args = [values[p] for p in self.positional]
        kwargs = {k: v for k, v in values.items() if k not in self.positional}
        return self.finish(self.make()(*args, **kwargs))


STUD_TABLE: dict[str, Any] = {"ante": 1, "bring_in": 2, "small_bet": 10}
STUD = holecard.SevenCardStud(ante=1, bring_in=2, small_bet=10)
DRAW = holecard.DeuceSevenTripleDraw(small_bet=10)
EQUITY_HANDS = ["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"]
FIVE = "As Ks Qs Js 9d"
TMP = Path(tempfile.mkdtemp(prefix="holecard-api-errors-"))
PHH_FILE = TMP / "hand.phh"


def _given(value: Callable[..., Any]) -> Callable[[], Callable[..., Any]]:
    """``make`` for a callable that is the same on every call."""
    return lambda: value


def _moves_method(name: str) -> Callable[..., Any]:
    """The method ``name`` of a fresh state's legal moves."""
    method: Callable[..., Any] = getattr(_stud_state().legal_moves(), name)
    return method


def _stud_state() -> holecard.State:
    return STUD.start([100, 100, 100], seed=7)


def _draw_state() -> holecard.State:
    state = DRAW.start([100, 100, 100], seed=7)
    while not state.legal_actions().draw:
        la = state.legal_actions()
        _ = state.check() if la.check else state.call()
    return state


def _hand_history() -> phh.HandHistory:
    state = _stud_state()
    state.post_bring_in()
    return phh.state_to_phh(state)


PHH_FILE.write_text(phh.dumps(_hand_history()), encoding="utf-8")


def _agent_entries() -> dict[str, Entry]:
    """The multi-hand table and the learning-agent encoding."""
    razz = holecard.Razz.ten_twenty()
    enc = holecard.agents.Encoding(razz, players=2)
    e: dict[str, Entry] = {}
    e[_key(holecard.Table)] = Entry(
        _given(holecard.Table),
        {"game": razz, "stacks": [100, 100], "seed": 1, "dealer": 0, "levels": (), "max_hands": 2},
    )
    e[_key(holecard.Table, "play_hand")] = Entry(
        lambda: holecard.Table(razz, [100, 100], seed=1).play_hand,
        {"policy": lambda state: state.legal_moves()[0]},
    )
    e[_key(holecard.agents.Encoding)] = Entry(
        _given(holecard.agents.Encoding), {"table": razz, "players": 2}
    )
    state = razz.start([100, 100], seed=1)
    calls: list[tuple[str, dict[str, object]]] = [
        ("action_mask", {"state": state}),
        ("move", {"state": state, "action": 3}),
        ("action", {"state": state, "move": holecard.Move("post_bring_in")}),
        ("observation", {"state": state, "seat": 1}),
        ("information_state", {"state": state, "seat": 1}),
        ("observation_string", {"state": state, "seat": 1}),
        ("information_state_string", {"state": state, "seat": 1}),
    ]
    for name, valid in calls:
        e[_key(holecard.agents.Encoding, name)] = Entry(_given(getattr(enc, name)), valid)
    e[_key(holecard.agents.Bot)] = Entry(
        _given(holecard.agents.Bot), {"name": "strength", "table": razz}
    )
    e[_key(holecard.agents.Bot, "act")] = Entry(
        _given(holecard.agents.Bot("random", razz).act), {"state": state, "seed": 5}
    )
    # The calls that change a state get states of their own.
    e[_key(holecard.agents.Encoding, "play")] = Entry(
        _given(enc.play), {"state": razz.start([100, 100], seed=1), "action": 3}
    )
    e[_key(holecard.agents.Bot, "play")] = Entry(
        _given(holecard.agents.Bot("random", razz).play),
        {"state": razz.start([100, 100], seed=1), "seed": 5},
    )
    e[_key(holecard.agents.ChanceHand)] = Entry(
        _given(holecard.agents.ChanceHand), {"encoding": enc, "stacks": [100, 100]}
    )
    e[_key(holecard.agents.ChanceHand, "apply")] = Entry(
        lambda: holecard.agents.ChanceHand(enc, [100, 100]).apply, {"action": 7}
    )

    def dealt() -> holecard.agents.ChanceHand:
        hand = holecard.agents.ChanceHand(enc, [100, 100])
        while hand.to_act == hand.CHANCE:
            hand.apply(hand.legal_actions()[0])
        return hand

    def writer(name: str) -> Callable[[], Callable[..., Any]]:
        return lambda: getattr(dealt(), name)

    for name, shape in (
        ("observation", enc.observation_shape),
        ("information_state", enc.information_state_shape),
    ):
        e[_key(holecard.agents.ChanceHand, name)] = Entry(
            writer(name), {"seat": 1, "out": np.zeros(shape, np.float32)}
        )
    e[_key(holecard.agents.ChanceHand, "text")] = Entry(
        lambda: dealt().text, {"seat": 1, "information": True}
    )
    moved = dealt().state
    assert moved is not None
    moved.post_bring_in()
    e[_key(holecard.agents.ChanceHand, "follow")] = Entry(lambda: dealt().follow, {"after": moved})
    return e


def _game_entries() -> dict[str, Entry]:
    entries: dict[str, Entry] = {}
    keywords = [
        p.name
        for p in inspect.signature(holecard.SevenCardStud.__init__).parameters.values()
        if p.kind is p.KEYWORD_ONLY  # not **unknown, which refuses any keyword it gets
    ]
    for cls in (
        holecard.Soko,
        holecard.SevenCardStud,
        holecard.SevenCardStudHiLo,
        holecard.Razz,
        holecard.DeuceSevenTripleDraw,
    ):
        table: dict[str, Any] = (
            {"small_bet": 10} if cls is holecard.DeuceSevenTripleDraw else STUD_TABLE
        )
        valid: dict[str, object] = {k: None for k in keywords}
        valid.update(table, betting="FIXED_LIMIT", profile="default", max_raises=4)
        entries[_key(cls)] = Entry(_given(cls), valid)
        entries[_key(cls, "start")] = Entry(
            _given(cls(**table).start),
            {"stacks": [100, 100], "seed": 1, "deck": None, "dealer": None},
        )
        entries[_key(cls, "ten_twenty")] = Entry(
            _given(cls.ten_twenty), {"betting": "NO_LIMIT", "max_players": 4}
        )
    entries[_key(holecard.games.game_class)] = Entry(
        lambda: holecard.games.game_class, {"game": "razz"}
    )
    return entries


def _enum_entries() -> dict[str, Entry]:
    entries: dict[str, Entry] = {}
    for module_name in ("holecard", "holecard.options"):
        module = importlib.import_module(module_name)
        for name in module.__all__:
            cls = getattr(module, name)
            if inspect.isclass(cls) and issubclass(cls, enum.Enum):
                first = next(iter(cls)).value
                entries[_key(cls)] = Entry(_given(cls), {"value": first}, ("value",))
    for cls, char in ((holecard.Rank, "A"), (holecard.Suit, "s")):
        entries[_key(cls, "from_char")] = Entry(_given(cls.from_char), {"text": char})
    return entries


def _batch_entries() -> dict[str, Entry]:
    from holecard import batch

    rows = np.array([[c.index for c in holecard.parse_cards(FIVE)]], dtype=np.uint8)
    entries: dict[str, Entry] = {}
    for name in batch.__all__:
        function = getattr(batch, name)
        valid: dict[str, object] = {"hands": rows, "threads": 1, "progress": None, "out": None}
        if name == "evaluate_soko":
            valid["four_straight"] = "CONSECUTIVE"
        entries[_key(function)] = Entry(_given(function), valid)
    return entries


def _picture_entries() -> dict[str, Entry]:
    """The functions of holecard.svg and holecard.html (the methods ``svg`` call them)."""
    sim: dict[str, Any] = {"game": "razz", "players": 2, "hands": 4, "seed": 1, "threads": 1}
    return {
        _key(svg.card): Entry(
            lambda: svg.card, {"c": holecard.Card("Td"), "four_color": True, "width": 30}
        ),
        _key(svg.cards): Entry(
            lambda: svg.cards,
            {"hand": FIVE, "four_color": False, "highlight": "As", "title": "t", "width": 50.5},
        ),
        _key(svg.hand_value): Entry(
            lambda: svg.hand_value,
            {"value": holecard.evaluate_high(FIVE), "among": f"{FIVE} 2c", "four_color": True},
        ),
        _key(svg.table): Entry(
            lambda: svg.table,
            {
                "state": _stud_state(),
                "viewer": "all",
                "known": _stud_state().players[0].hole_cards,
                "names": ["a", "b", "c"],
                "four_color": False,
            },
        ),
        _key(svg.equity_chart): Entry(
            lambda: svg.equity_chart,
            {"result": holecard.equity("stud", EQUITY_HANDS), "labels": ("a", "b")},
        ),
        _key(svg.simulation_chart): Entry(
            lambda: svg.simulation_chart, {"result": holecard.simulate(**sim)}
        ),
        _key(svg.cumulative_chart): Entry(
            lambda: svg.cumulative_chart,
            {"results": list(SIMULATE.simulate_chunks(**sim, chunk=2))},
        ),
        _key(html.replay_page): Entry(
            lambda: html.replay_page,
            {"history": _hand_history(), "four_color": True, "title": "t", "engine": None},
        ),
    }


@contextmanager
def _in_tmp() -> Iterator[None]:
    """Runs a call inside the scratch folder: a junk path written by ``phh.dump`` lands
    there, not in the repository."""
    here = Path.cwd()
    os.chdir(TMP)
    try:
        yield
    finally:
        os.chdir(here)


def _entries() -> dict[str, Entry]:
    e: dict[str, Entry] = {}
    for f in (
        holecard.evaluate_high,
        holecard.evaluate_ace_five,
        holecard.evaluate_low8,
        holecard.evaluate_deuce_seven,
    ):
        e[_key(f)] = Entry(_given(f), {"cards": FIVE})
    e[_key(holecard.evaluate_soko)] = Entry(
        lambda: holecard.evaluate_soko, {"cards": FIVE, "four_straight": "OPEN_ENDED"}
    )
    e[_key(holecard.evaluate_showing)] = Entry(
        lambda: holecard.evaluate_showing,
        {"cards": "As Kd", "game": "soko", "soko_four_card_hands": True, "four_straight": "X"},
    )
    e[_key(holecard.evaluate_showing)].valid["four_straight"] = "CONSECUTIVE"
    e[_key(holecard.parse_cards)] = Entry(lambda: holecard.parse_cards, {"cards": "As Kd"})
    e[_key(holecard.Card)] = Entry(lambda: holecard.Card, {"text": "As"}, ("text",))
    e[_key(holecard.Card, "from_index")] = Entry(lambda: holecard.Card.from_index, {"index": 5})
    e[_key(holecard.Deck)] = Entry(lambda: holecard.Deck, {"seed": 1})
    e[_key(holecard.Deck, "deal")] = Entry(lambda: holecard.Deck(seed=1).deal, {"count": 2})
    e[_key(holecard.Deck, "from_cards")] = Entry(
        lambda: holecard.Deck.from_cards, {"cards": "As Kd"}
    )
    e[_key(holecard.Player)] = Entry(
        lambda: holecard.Player,
        {"hole_cards": "As Kd", "up_cards": "Kd", "stack": 5, "folded": False, "bet": 1},
    )
    e[_key(holecard.equity)] = Entry(
        lambda: holecard.equity,
        {
            "game": "stud",
            "hands": EQUITY_HANDS,
            "dead": (),
            "samples": None,
            "seed": None,
            "threads": 1,
            "four_straight": None,
            "progress": None,
        },
    )
    sim = {
        "game": "stud",
        "players": 2,
        "hands": 3,
        "bots": None,
        "seed": 1,
        "threads": 1,
        "stack": None,
        "small_bet": 10,
    }
    e[_key(holecard.simulate)] = Entry(
        lambda: holecard.simulate, {**sim, "progress": None, "session": None}
    )
    e[_key(holecard.Session)] = Entry(
        _given(holecard.Session), {"count": 2, "levels": (), "max_hands": 3}
    )
    e[_key(SIMULATE.simulate_chunks)] = Entry(
        lambda: SIMULATE.simulate_chunks, {**sim, "chunk": 2}, finish=list
    )
    e.update(_game_entries())
    e.update(_agent_entries())
    e.update(_enum_entries())
    e.update(_batch_entries())
    state = holecard.State
    e[_key(state, "bet_or_raise_to")] = Entry(
        lambda: _stud_state().bet_or_raise_to, {"amount": 10}
    )
    e[_key(state, "draw")] = Entry(lambda: _draw_state().draw, {"discards": ()})
    e[_key(state, "player")] = Entry(lambda: _stud_state().player, {"seat": 1})
    e[_key(state, "to_phh")] = Entry(lambda: _stud_state().to_phh, {"event": "x"})
    e[_key(state, "svg")] = Entry(
        lambda: _stud_state().svg, {"viewer": 0, "names": ["a", "b", "c"], "four_color": True}
    )
    e[_key(holecard.Card, "svg")] = Entry(lambda: holecard.Card("As").svg, {"four_color": True})
    e[_key(holecard.HandValue, "svg")] = Entry(
        lambda: holecard.evaluate_high(FIVE).svg, {"among": FIVE, "four_color": False}
    )
    e[_key(holecard.Cards)] = Entry(lambda: holecard.Cards, {"cards": "As Kd"})
    e[_key(holecard.Cards, "svg")] = Entry(
        lambda: holecard.Cards("As Kd").svg, {"four_color": True, "highlight": "As"}
    )
    e[_key(holecard.Equity, "svg")] = Entry(
        lambda: holecard.equity("stud", EQUITY_HANDS).svg, {"labels": ["a", "b"]}
    )
    e.update(_picture_entries())
    e[_key(phh.HandHistory, "replay_steps")] = Entry(
        lambda: _hand_history().replay_steps, {"engine": None}, finish=list
    )
    if hasattr(state, "apply"):
        e[_key(state, "apply")] = Entry(
            lambda: _stud_state().apply, {"move": holecard.Move("post_bring_in")}, ("move",)
        )
    if hasattr(holecard, "Move"):
        e[_key(holecard.Move)] = Entry(
            lambda: holecard.Move, {"kind": "bet_or_raise_to", "amount": 4, "discards": None}
        )
        for method in ("index", "count"):
            e[_key(holecard.Moves, method)] = Entry(
                functools.partial(_moves_method, method),
                {"value": holecard.Move("post_bring_in")},
                ("value",),
            )
    # Hand histories.
    text = PHH_FILE.read_text(encoding="utf-8")
    e[_key(phh.loads)] = Entry(lambda: phh.loads, {"text": text})
    e[_key(phh.load)] = Entry(lambda: phh.load, {"path": str(PHH_FILE)}, allowed=(OSError,))
    e[_key(phh.dumps)] = Entry(lambda: phh.dumps, {"hh": _hand_history()})
    e[_key(phh.dump)] = Entry(
        lambda: phh.dump, {"hh": _hand_history(), "path": "out.phh"}, allowed=(OSError,)
    )
    e[_key(phh.parse_variant)] = Entry(lambda: phh.parse_variant, {"code": "F7S"})
    e[_key(phh.state_to_phh)] = Entry(
        lambda: phh.state_to_phh, {"state": _stud_state(), "event": "x"}
    )
    e[_key(phh.HandHistory, "from_dict")] = Entry(
        lambda: phh.HandHistory.from_dict, {"data": phh.loads(text).to_dict()}
    )
    e[_key(phh.HandHistory, "replay")] = Entry(
        lambda: phh.loads(text).replay, {"engine": None, "verify": True}
    )
    e["holecard.phh.HandHistory.fields"] = Entry(
        lambda: lambda **fields: phh.HandHistory(**fields).replay(),
        {f: getattr(phh.loads(text), f) for f in phh._field_types()},
    )
    return e


#: Public callables with nothing to fuzz, and why.
EXEMPT = {
    # Exceptions take any message.
    **{
        _key(getattr(holecard.exceptions, n)): "an exception class"
        for n in holecard.exceptions.__all__
    },
    # Records whose constructors store what they are given; the library builds them.
    _key(holecard.Equity): "a result record",
    _key(holecard.VariantSpec): "made by Game.spec",
    _key(holecard.Street): "made by Game.spec",
    _key(holecard.SeatResult): "a result record",
    _key(holecard.SimulationResult): "a result record",
    _key(holecard.SessionResult): "a result record",
    _key(holecard.SessionSeatResult): "a result record",
    _key(holecard.Pot): "a result record (a NamedTuple)",
    # Fuzzed field by field through replay() (the "fields" entry).
    _key(phh.HandHistory): "a record; its fields are checked by replay()",
    _key(phh.ReplayStep): "a result record (made by HandHistory.replay_steps)",
    # Engine values with no Python constructor: calling the class is Python's own
    # "cannot create instances" TypeError, not an argument check.
    _key(holecard.HandValue): "made by the evaluators",
    _key(holecard.Event): "made by the engine",
    _key(holecard.LegalActions): "made by the engine",
    _key(holecard.State): "made by Game.start",
}
if hasattr(holecard, "Moves"):
    EXEMPT[_key(holecard.Moves)] = "made by State.legal_moves"
# What the charts read of a result: for type checkers and the charts' own type check.
EXEMPT[_key(svg.EquityLike)] = "a typing.Protocol, not instantiable"
EXEMPT[_key(svg.SimulationLike)] = "a typing.Protocol, not instantiable"

ENTRIES = _entries()


def test_every_public_callable_is_covered() -> None:
    covered = (set(ENTRIES) | set(EXEMPT)) - {"holecard.phh.HandHistory.fields"}
    assert covered == public_callables()


def test_the_valid_calls_work() -> None:
    with _in_tmp():
        for key, entry in ENTRIES.items():
            try:
                entry.call(dict(entry.valid))
            except holecard.HoleCardError as exc:
                pytest.fail(f"{key}: the valid call failed: {exc!r}")


CASES = [(key, param) for key, entry in sorted(ENTRIES.items()) for param in entry.valid]


@pytest.mark.parametrize(("key", "param"), CASES, ids=[f"{k}:{p}" for k, p in CASES])
@given(junk=JUNK)
def test_junk_in_any_argument_is_a_holecard_error(key: str, param: str, junk: object) -> None:
    entry = ENTRIES[key]
    values = {**entry.valid, param: junk}
    with _in_tmp():
        try:
            entry.call(values)
        except holecard.HoleCardError:
            pass
        except entry.allowed:
            pass
        except Exception as exc:
            pytest.fail(f"{key}({param}={junk!r}) raised {type(exc).__name__}: {exc}")


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: holecard.Card(52), holecard.ArgumentTypeError, "Card.from_index"),  # type: ignore[arg-type]
        (lambda: holecard.Card.from_index(2**70), holecard.CardParseError, "0 to 51"),
        (lambda: holecard.parse_cards("AsAs"), holecard.DuplicateCardError, "As at position 1"),
        (lambda: _stud_state().player(-1), holecard.IndexOutOfRangeError, "0 to 2, got -1"),
        (lambda: holecard.Deck(seed=1).deal(53), holecard.IndexOutOfRangeError, "got 53"),
        (lambda: holecard.Deck(seed=2**70), holecard.ConfigurationError, "seed must be"),
        (
            lambda: holecard.equity("stud", EQUITY_HANDS, threads=0),
            holecard.ConfigurationError,
            "threads",
        ),
        (
            lambda: holecard.simulate("stud", players=2, hands=1, threads="x"),  # type: ignore[call-overload]
            holecard.ArgumentTypeError,
            "threads",
        ),
        (lambda: phh.loads("variant = [1,"), holecard.HandHistoryError, "line 1"),
    ],
)
def test_each_mistake_has_its_error(
    call: Callable[[], object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        call()


def test_threads_out_of_range_is_one_error_everywhere() -> None:
    from holecard import batch

    rows = np.zeros((1, 5), dtype=np.uint8) + np.arange(5, dtype=np.uint8)
    messages = set()
    for call in (
        lambda t: batch.evaluate_high(rows, threads=t),
        lambda t: holecard.equity("stud", EQUITY_HANDS, threads=t),
        lambda t: holecard.simulate("stud", players=2, hands=1, threads=t),
    ):
        with pytest.raises(holecard.ConfigurationError) as info:
            call(0)
        messages.add(str(info.value))
        with pytest.raises(holecard.ArgumentTypeError):
            call("2")
    assert messages == {"threads must be a whole number from 1 to 4096, got 0"}


def test_a_corrupt_file_names_the_file_and_line() -> None:
    bad = TMP / "corrupt.phh"
    bad.write_text('variant = "F7S"\nantes = [1, 1\nbring_in = 2\n', encoding="utf-8")
    with pytest.raises(holecard.HandHistoryError, match=r"corrupt\.phh: .*line 3"):
        phh.load(bad)
