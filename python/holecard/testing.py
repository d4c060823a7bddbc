"""Hypothesis strategies and oracle comparisons, for holecard's tests and for yours.

The conformance kit (:mod:`holecard.conformance`: :func:`check_engine` for your engine,
:func:`check_evaluator` for your hand evaluator, :class:`PokerKitAdapter`) is re-exported
here.

The strategies draw cards, hands and arrays of hands (they need hypothesis: ``pip install
'holecard[testing]'``; everything else here works without it); the ``assert_*`` helpers check an
evaluator against the pure-Python reference (:mod:`holecard.reference`), comparing
orderings rather than raw numbers, so any evaluator that returns comparable values (yours
included) can be checked.

>>> from hypothesis import given
>>> from holecard.testing import hands, assert_agrees_with_reference
>>> @given(hands(7))
... def test_high(cards):
...     assert_agrees_with_reference("high", cards)
>>> test_high()
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NoReturn, Protocol, Self

import numpy as np
import numpy.typing as npt

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as err:  # exercised in a child interpreter (tests/test_package.py)
    _MISSING = err.name

    class _NoHypothesis:
        """Stands in for ``hypothesis.strategies`` where hypothesis is not installed.

        The conformance kit and the comparison helpers work; a strategy says what to install.
        """

        @staticmethod
        def _missing() -> NoReturn:
            raise ModuleNotFoundError(
                "this holecard.testing strategy needs hypothesis: pip install 'holecard[testing]'",
                name=_MISSING,
            )

        def composite(self, build: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(build)
            def strategy(*args: object, **kwargs: object) -> NoReturn:
                self._missing()

            return strategy

        def __getattr__(self, name: str) -> NoReturn:
            self._missing()

    st = _NoHypothesis()  # type: ignore[assignment]

from holecard import _core
from holecard._core import Card, HandValue
from holecard._enums import Game
from holecard._narration import BY_RANKING
from holecard.conformance import (
    Better,
    Divergence,
    DivergenceKind,
    EngineAdapter,
    EngineReport,
    EvaluatorReport,
    HolecardAdapter,
    KnownDifference,
    MisorderedPair,
    Observation,
    ReferenceAdapter,
    assert_engine_conforms,
    check_engine,
    check_evaluator,
    refused_amounts,
    typed_options,
)
from holecard.conformance.evaluator import CARD_COUNTS
from holecard.conformance.pokerkit_adapter import POKERKIT_DIFFERENCES, PokerKitAdapter
from holecard.events import BoardCardDealt, CardBurned, CardDealt, Drew
from holecard.options import Betting
from holecard.reference import evaluators as ref

__all__ = [
    "CARD_COUNTS",
    "GAMES",
    "POKERKIT_DIFFERENCES",
    "RAKE_BASIS_POINTS",
    "RANKINGS",
    "STRUCTURES",
    "Better",
    "Divergence",
    "DivergenceKind",
    "Draw",
    "EngineAdapter",
    "EngineReport",
    "EvaluatorReport",
    "GameAction",
    "HolecardAdapter",
    "KnownDifference",
    "MisorderedPair",
    "Observation",
    "OwnDiscards",
    "PokerKitAdapter",
    "ReferenceAdapter",
    "Table",
    "apply_action",
    "assert_agrees_with_reference",
    "assert_engine_conforms",
    "assert_same_order",
    "assert_same_state",
    "card_arrays",
    "cards",
    "check_engine",
    "check_evaluator",
    "check_moves",
    "evaluate",
    "fast_snapshot",
    "hands",
    "illegal_actions",
    "legal_kinds",
    "move_key",
    "option_values",
    "play_differential",
    "raise_amounts",
    "random_action",
    "reference",
    "reference_snapshot",
    "reference_street_name",
    "refused_amounts",
    "tables",
    "typed_options",
    "up_cards",
    "wsop_options",
]

#: The rankings the fast evaluators and the reference share.
RANKINGS: tuple[str, ...] = tuple(BY_RANKING)


def cards() -> st.SearchStrategy[Card]:
    """One card, any of the 52."""
    return st.integers(0, 51).map(Card.from_index)


def hands(min_size: int, max_size: int | None = None) -> st.SearchStrategy[list[Card]]:
    """Lists of distinct cards, ``min_size`` to ``max_size`` long (default: ``min_size``)."""
    size = min_size if max_size is None else max_size
    return st.lists(st.integers(0, 51), min_size=min_size, max_size=size, unique=True).map(
        lambda ix: [Card.from_index(i) for i in ix]
    )


def up_cards(min_size: int = 1, max_size: int = 4) -> st.SearchStrategy[list[Card]]:
    """Stud up-cards: 1 to 4 distinct cards."""
    return hands(min_size, max_size)


def card_arrays(k: int, *, max_rows: int = 64) -> st.SearchStrategy[npt.NDArray[np.uint8]]:
    """``uint8`` arrays of shape ``(n, k)`` whose rows are distinct-card hands."""
    rows = st.lists(
        st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True),
        min_size=0,
        max_size=max_rows,
    )
    return rows.map(lambda r: np.array(r, dtype=np.uint8).reshape(len(r), k))


def evaluate(ranking: str, hand: Sequence[Card], **options: str) -> HandValue | None:
    """The fast evaluator of ``ranking`` (one of :data:`RANKINGS`) on ``hand``."""
    return BY_RANKING[ranking](list(hand), **options)


def reference(ranking: str, hand: Sequence[Card], **options: str) -> ref.RefValue | None:
    """The reference evaluator of ``ranking`` on ``hand``."""
    return ref.evaluate(ranking, [str(c) for c in hand], **options)


class _Ordered(Protocol):
    def __lt__(self, other: Self, /) -> bool: ...


def _sign(a: _Ordered | None, b: _Ordered | None) -> int:
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return (b < a) - (a < b)


def assert_same_order(
    ranking: str,
    a: Sequence[Card],
    b: Sequence[Card],
    *,
    fast: Callable[..., Any] | None = None,
    **options: str,
) -> None:
    """Assert that ``fast`` orders ``a`` and ``b`` as the reference does.

    ``fast`` defaults to holecard's evaluator; ``None`` (no 8-or-better low) is below
    every low.
    """
    evaluator = fast or BY_RANKING[ranking]
    got = _sign(evaluator(list(a), **options), evaluator(list(b), **options))
    want = _sign(reference(ranking, a, **options), reference(ranking, b, **options))
    assert got == want, f"{ranking}: {a} vs {b}: fast says {got}, reference says {want}"


def assert_agrees_with_reference(ranking: str, hand: Sequence[Card], **options: str) -> None:
    """Assert that holecard's value of ``hand`` matches the reference.

    Checks the category, that the five cards shown make the same value, and that no
    5-card subset beats it.
    """
    value = evaluate(ranking, hand, **options)
    expected = reference(ranking, hand, **options)
    if value is None or expected is None:
        assert value is None, f"{ranking} {hand}: {value!r}, reference has no value"
        assert expected is None, f"{ranking} {hand}: no value, reference {expected}"
        return
    assert int(value.category) == expected.category, f"{ranking} {hand}: {value!r} vs {expected}"
    # The five cards shown make the same value, and no 5-card subset beats it.
    five = evaluate(ranking, list(value.cards), **options)
    assert five == value, f"{ranking} {hand}: cards {value.cards} make {five!r}"
    subsets = [evaluate(ranking, list(s), **options) for s in combinations(hand, 5)]
    assert value == max((s for s in subsets if s is not None), key=lambda v: v.strength)


# ------------------------------------------------------------------------------------
# Differential testing of the two game engines
#
# ``holecard.games`` (Rust) and ``holecard.reference.engine`` (pure Python) implement the
# same public State API from docs/rules.md independently. The helpers below build the same
# table in both, drive both through the same actions and compare everything a user can
# see after every step. Street names differ: the fast engine names streets
# (``third`` … ``seventh``, Soko ``second`` … ``fifth``, 2-7 ``predraw``, ``first_draw``,
# ``after_first_draw`` …, ``over``, as ``Game.spec.streets`` lists them) while the
# reference numbers betting rounds (``State.street`` = 0-based betting round; a 2-7 draw
# belongs to the round it precedes, so draw *k* is reference street *k* with
# ``is_drawing``): :func:`reference_street_name` maps the reference onto those names.
#
# Recycled cards (stud burns before 7th street, T-9.2; the 2-7 reshuffle, D-10) are
# shuffled by each engine's own generator, so the two stubs would part ways there. The
# driver checks that both engines rebuild the stub from the *same set* of cards and then
# hands the reference the fast engine's order, so the comparison continues to the end of
# the hand.

#: Game ids, in the order of :class:`holecard.Game`.
GAMES: tuple[str, ...] = tuple(game.value for game in Game)

#: Betting structures (docs/rules.md §6 ``betting_structure``).
STRUCTURES: tuple[str, ...] = tuple(b.value for b in Betting)


#: The rake rates the strategies draw (G-1.10.7), no rake first: a rate too small to take a
#: chip from a small pot, common rates, one that leaves odd amounts, and the whole pot.
RAKE_BASIS_POINTS: tuple[int, ...] = (0, 1, 500, 1000, 3333, 10_000)


def option_values(game: str, betting: str | None = None) -> dict[str, tuple[object, ...]]:
    """Every value of every docs/rules.md §6 option that applies to ``game`` (both engines).

    With ``betting``, only the options that apply under that structure (pot and no limit
    refuse the fixed-limit ones). Read from the option catalogue
    (``holecard._core.option_specs()``), the default first.
    Booleans as ``bool``, enums as their names, ``max_raises`` and ``rake_cap`` as 1 to 4
    or ``None``, ``rake_basis_points`` as the samples of :data:`RAKE_BASIS_POINTS`. The
    table-shaped numbers (``chip_unit``, ``max_players``, ``draw_time_limit``) are left out.
    """
    out: dict[str, tuple[object, ...]] = {}
    for spec in _core.option_specs():
        if game not in spec.games or (betting is not None and betting not in spec.structures):
            continue
        default = spec.defaults[game]
        if spec.kind == "int_or_none":
            texts = list(dict.fromkeys([default, *(str(c) for c in range(1, 5)), "none"]))
        elif spec.name == "rake_basis_points":
            texts = [str(v) for v in RAKE_BASIS_POINTS]
        elif game in spec.values:
            texts = sorted(spec.values[game], key=lambda t: t != default)
        else:
            continue
        out[spec.name] = tuple(spec.value(t) for t in texts)
    return out


def wsop_options(game: str, betting: str) -> dict[str, object]:
    """The WSOP profile of docs/rules.md §6 as explicit options (what ``profile="wsop"`` means).

    Read from the option catalogue (``holecard._core.option_profiles()``); under ``betting``
    pot or no limit without the fixed-limit options, which such a table refuses. The same
    options a PHH replay gives a hand without a ``_holecard_options`` table.
    """
    from holecard.phh import _profile

    return _profile(game, betting, "wsop")


@dataclass(frozen=True)
class Table:
    """One hand's setup for both engines.

    Attributes:
        game: a game id of :data:`GAMES`.
        betting: a structure of :data:`STRUCTURES`.
        stakes: table amounts (``ante``, ``bring_in``, ``small_bet`` …).
        options: docs/rules.md §6 options by name (given to both engines).
        profile: ``"default"`` or ``"wsop"`` (the fast engine gets the profile name, the
            reference the options of :func:`wsop_options`; ``options`` override both).
        stacks: chips per seat.
        deck: all 52 cards, top first.
        dealer: the dealer seat (``None``: each engine's default).
    """

    game: str
    betting: str
    stakes: tuple[tuple[str, int], ...]
    options: tuple[tuple[str, object], ...]
    profile: str
    stacks: tuple[int, ...]
    deck: tuple[str, ...]
    dealer: int | None = None

    def describe(self) -> str:
        """A compact one-line description (to rebuild the table in a regression test)."""
        return (
            f"Table(game={self.game!r}, betting={self.betting!r}, stakes={dict(self.stakes)!r}, "
            f"options={dict(self.options)!r}, profile={self.profile!r}, stacks={self.stacks!r}, "
            f"deck={''.join(self.deck)!r}, dealer={self.dealer!r})"
        )

    def fast(self) -> Any:  # noqa: ANN401 - a holecard.games State
        """Start the hand in holecard's (Rust) engine."""
        from holecard import games

        cls: Any = games.game_class(self.game)  # options are checked by the engine
        game = cls(
            betting=self.betting, profile=self.profile, **dict(self.stakes), **dict(self.options)
        )
        return game.start(list(self.stacks), deck=list(self.deck), dealer=self.dealer)

    def reference(self, recycle: Callable[[list[str]], list[str]] | None = None) -> Any:  # noqa: ANN401 - a holecard.reference.engine State
        """Start the hand in the pure-Python reference engine.

        ``recycle`` orders cards recycled while the hand starts (a hand whose players are
        all all-in for the antes runs to the end at once).
        """
        from holecard import games
        from holecard.reference import engine

        cls = getattr(engine, games.game_class(self.game).__name__)
        opts = wsop_options(self.game, self.betting) if self.profile == "wsop" else {}
        opts.update(dict(self.options))
        game = cls(betting=self.betting, **dict(self.stakes), **opts)
        state = game.start(
            list(self.stacks), deck=list(self.deck), dealer=self.dealer, recycle_order=recycle
        )
        state.recycle_order = None  # only the start: later recycles are the engine's own
        return state


def _stakes(game: str, betting: str) -> st.SearchStrategy[dict[str, int]]:
    fixed = betting == "FIXED_LIMIT"

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, int]:
        small = draw(st.sampled_from((2, 4, 5, 10)))
        out = {"small_bet": small, "big_bet": draw(st.sampled_from((2 * small, small, 3 * small)))}
        if not fixed:
            out["min_bet"] = draw(st.sampled_from((small, 2 * small)))
        if Game(game).spec.forced_bets == "blinds":
            big_blind = small if fixed else draw(st.sampled_from((small, 2 * small)))
            out["big_blind"] = big_blind
            out["small_blind"] = draw(st.integers(1, big_blind))
            out["ante"] = draw(st.sampled_from((0, 0, 1)))
        else:
            out["ante"] = draw(st.sampled_from((0, 1, 1, 2)))
            out["bring_in"] = draw(st.integers(1, small if fixed else out["min_bet"]))
        return out

    return build()


@st.composite
def tables(
    draw: st.DrawFn,
    game: str | None = None,
    betting: str | None = None,
    *,
    profile: str = "default",
    options: dict[str, object] | None = None,
    max_players: int | None = None,
) -> Table:
    """A random table for both engines: stakes, a sample of §6 options, stacks, a deck.

    Every option of :func:`option_values` is drawn (each value reachable); ``options``
    pins some of them. Stacks mix short stacks (all-ins, short antes, short blinds) and
    deep ones.
    """
    g = game if game is not None else draw(st.sampled_from(GAMES))
    b = betting if betting is not None else draw(st.sampled_from(STRUCTURES))
    stakes = draw(_stakes(g, b))
    opts: dict[str, object] = {}
    if profile == "default":
        for name, values in option_values(g, b).items():
            opts[name] = draw(st.sampled_from(values))
    opts.update(options or {})
    hard_max = Game(g).spec.max_players
    n = draw(st.integers(2, min(hard_max, max_players or hard_max)))
    big = max(stakes.values()) * 4
    stacks = tuple(
        draw(
            st.lists(
                st.one_of(st.integers(1, big), st.integers(big, 60 * big)), min_size=n, max_size=n
            )
        )
    )
    deck = tuple(str(c) for c in draw(st.permutations([Card.from_index(i) for i in range(52)])))
    dealer: int | None = None
    if Game(g).spec.dealer == "button" or opts.get("stud_dealer_position") == "ROTATING":
        dealer = draw(st.integers(0, n - 1))
    return Table(
        game=g,
        betting=b,
        stakes=tuple(sorted(stakes.items())),
        options=tuple(sorted(opts.items())),
        profile=profile,
        stacks=stacks,
        deck=deck,
        dealer=dealer,
    )


def reference_street_name(state: Any) -> str:  # noqa: ANN401 - a reference State
    """The fast engine's name of the reference state's street (see the section notes)."""
    if state.is_over:
        return "over"
    street = Game(state.game.kind).spec.streets[int(state.street)]
    return (street.draw or street.name) if state.is_drawing else street.name


_LEGAL_FIELDS: tuple[str, ...] = (
    "fold",
    "check",
    "draw",
    "call",
    "bring_in",
    "complete",
    "min_raise_to",
    "max_raise_to",
    "raise_totals",
)


def fast_snapshot(state: Any) -> dict[str, object]:  # noqa: ANN401
    """Everything public of a fast-engine state, in plain values."""
    la = state.legal_actions()
    over = state.is_over
    return {
        "actor": state.actor,
        "street": state.street,
        "legal": {f: getattr(la, f) for f in _LEGAL_FIELDS},
        "stacks": list(state.stacks),
        "pots": [(p.amount, tuple(p.players)) for p in state.pots],
        "hole_cards": [tuple(str(c) for c in p.hole_cards) for p in state.players],
        "up_cards": [tuple(str(c) for c in p.up_cards) for p in state.players],
        "down_cards": [tuple(str(c) for c in p.down_cards) for p in state.players],
        "folded": [p.folded for p in state.players],
        "bets": None if over else [p.bet for p in state.players],
        "board": tuple(str(c) for c in state.board),
        "is_over": over,
        "payoffs": list(state.payoffs) if over else None,
        "history": tuple(state.history),
        "rake": state.rake,
    }


def reference_snapshot(state: Any) -> dict[str, object]:  # noqa: ANN401
    """Everything public of a reference state, in the fast snapshot's terms."""
    la = state.legal_actions()
    over = state.is_over
    players = state.players
    return {
        "actor": state.actor,
        "street": reference_street_name(state),
        "legal": {f: getattr(la, f) for f in _LEGAL_FIELDS},
        "stacks": list(state.stacks),
        "pots": [(p.amount, tuple(p.eligible)) for p in state.pots],
        "hole_cards": [tuple(p.hole_cards) for p in players],
        "up_cards": [tuple(p.up_cards) for p in players],
        "down_cards": [tuple(p.down_cards) for p in players],
        "folded": [p.folded for p in players],
        "bets": None if over else [p.bet for p in players],
        "board": tuple(state.board),
        "is_over": over,
        "payoffs": list(state.payoffs) if over else None,
        "history": tuple(state.history),
        "rake": state.rake,
    }


def assert_same_state(fast: Any, ref: Any, context: str = "") -> None:  # noqa: ANN401
    """Assert that the two engines show the same state (every field of the snapshots)."""
    a, b = fast_snapshot(fast), reference_snapshot(ref)
    diff = {k: (a[k], b[k]) for k in a if a[k] != b[k]}
    if "history" in diff:  # the same event values (holecard.events): name the first difference
        x, y = tuple(fast.history), tuple(ref.history)
        same = (e == f for e, f in zip(x, y, strict=False))
        i = next((i for i, equal in enumerate(same) if not equal), min(len(x), len(y)))
        diff["history"] = (f"event {i}: {x[i : i + 1]}", f"event {i}: {y[i : i + 1]}")
    assert not diff, f"engines differ {context}: " + "; ".join(
        f"{k}: fast={x!r} reference={y!r}" for k, (x, y) in diff.items()
    )


#: A hypothesis ``draw`` (``data.draw`` or a ``@composite`` function's ``draw``).
Draw = Callable[..., Any]

#: An action as data: ``("fold",)``, ``("raise", 40)``, ``("draw", ("As", "Kd"))`` …
GameAction = tuple[Any, ...]


def apply_action(state: Any, action: GameAction) -> None:  # noqa: ANN401
    """Apply ``action`` to a state of either engine.

    ``("move", kind, amount, discards)`` plays the engine's own move value through
    ``state.apply`` (:func:`move_key` gives that form of a move).
    """
    kind = action[0]
    if kind == "move":
        if isinstance(state, _core.State):
            state.apply(_core.Move(action[1], action[2], list(action[3])))
        else:
            from holecard.reference import engine

            state.apply(engine.Move(action[1], action[2], tuple(action[3])))
    elif kind == "fold":
        state.fold()
    elif kind == "check":
        state.check()
    elif kind == "call":
        state.call()
    elif kind == "bring_in":
        state.post_bring_in()
    elif kind == "complete":
        state.complete()
    elif kind == "raise":
        state.bet_or_raise_to(action[1])
    elif kind == "draw":
        state.draw(list(action[1]))
    elif kind == "stand_pat":
        state.stand_pat()
    elif kind == "timeout":
        state.timeout()
    else:
        raise ValueError(f"unknown action {action!r}")


def legal_kinds(la: Any) -> list[str]:  # noqa: ANN401
    """The action kinds a ``LegalActions`` allows (``timeout`` is always allowed)."""
    if la.draw:
        return ["draw", "stand_pat", "timeout"]
    kinds = [k for k in ("check", "call", "bring_in", "complete") if _allows(la, k)]
    if la.min_raise_to is not None:
        kinds.append("raise")
    if la.fold:
        kinds.append("fold")
    return [*kinds, "timeout"]


def _allows(la: Any, kind: str) -> bool:  # noqa: ANN401
    value = getattr(la, kind)
    return bool(value) if isinstance(value, bool) else value is not None


def raise_amounts(la: Any, fixed: bool) -> st.SearchStrategy[int]:  # noqa: ANN401
    """Legal bet/raise totals: the minimum, the maximum and (pot/no limit) in between."""
    lo, hi = la.min_raise_to, la.max_raise_to
    if fixed or lo == hi:
        return st.sampled_from(sorted({lo, hi}))
    return st.one_of(st.just(lo), st.just(hi), st.integers(lo, hi))


def move_key(move: Any) -> tuple[str, int | None, tuple[str, ...]]:  # noqa: ANN401
    """A move of either engine as plain data: ``(kind, amount, discards as text)``."""
    return (move.kind, move.amount, tuple(str(c) for c in move.discards))


def check_moves(draw: Draw, fast: Any, ref: Any, context: str = "") -> None:  # noqa: ANN401
    """Both engines list the same moves; sampled moves are accepted, other totals refused.

    The moves of the two engines must be equal in order (:func:`move_key`); up to three
    of them (the first, the last and a random one) are played on copies of both states
    through ``apply``, and every total of :func:`refused_amounts` is refused by both
    engines, leaving the fast state unchanged (the caller compares the two after).
    """
    from holecard.exceptions import IllegalActionError as FastIllegal
    from holecard.reference.engine import IllegalActionError as RefIllegal

    fast_moves = fast.legal_moves()
    ref_moves = ref.legal_moves()
    assert len(fast_moves) == len(ref_moves), (
        f"engines offer {len(fast_moves)} and {len(ref_moves)} moves {context}"
    )
    fast_keys = [move_key(m) for m in fast_moves]
    assert fast_keys == [move_key(m) for m in ref_moves], (
        f"engines offer different moves {context}: fast={fast_keys[:40]} "
        f"reference={[move_key(m) for m in ref_moves][:40]}"
    )
    if fast_moves:
        pick = draw(st.integers(0, len(fast_moves) - 1))
        picks = {0, len(fast_moves) - 1} | ({pick} if isinstance(pick, int) else set())
        for i in sorted(picks):
            key = fast_keys[i]
            for state in (copy.copy(fast), copy.deepcopy(ref)):
                try:
                    apply_action(state, ("move", *key))
                except (FastIllegal, RefIllegal) as exc:
                    raise AssertionError(f"offered move {key} refused {context}: {exc}") from exc
    before = copy.copy(fast)
    for amount in refused_amounts(fast):
        for who, state, error in (("fast", fast, FastIllegal), ("reference", ref, RefIllegal)):
            try:
                apply_action(state, ("raise", amount))
            except error:
                pass
            else:
                raise AssertionError(f"{who} engine accepted unlisted total {amount} {context}")
    assert fast == before, f"refused totals changed the fast state {context}"


def random_action(draw: Draw, state: Any, fixed: bool) -> GameAction:  # noqa: ANN401
    """A random legal action of a fast-engine state: a uniform kind, then its argument.

    One time in four it is instead a uniformly drawn move of ``legal_moves()``, played
    through ``apply`` (``("move", kind, amount, discards)``).
    """
    la = state.legal_actions()
    moves = state.legal_moves()
    if moves and draw(st.integers(0, 3)) == 0:
        return ("move", *move_key(moves[draw(st.integers(0, len(moves) - 1))]))
    kind = draw(st.sampled_from(legal_kinds(la)))
    if kind == "raise":
        return ("raise", draw(raise_amounts(la, fixed)))
    if kind == "draw":
        hand = sorted(str(c) for c in state.players[state.actor].hole_cards)
        return ("draw", tuple(draw(st.lists(st.sampled_from(hand), unique=True, max_size=5))))
    return (kind,)


def illegal_actions(state: Any, fixed: bool) -> list[GameAction]:  # noqa: ANN401
    """Actions the fast engine's ``legal_actions`` rules out right now."""
    la = state.legal_actions()
    out: list[GameAction] = []
    for kind in ("fold", "check", "call", "bring_in", "complete"):
        if not _allows(la, kind):
            out.append((kind,))
    if state.is_over:
        out += [("timeout",), ("stand_pat",), ("raise", 10)]
        return out
    if not la.draw:
        out.append(("stand_pat",))
        out.append(("draw", ()))
    else:
        held = {str(c) for c in state.players[state.actor].hole_cards}
        other = next(
            str(Card.from_index(i)) for i in range(52) if str(Card.from_index(i)) not in held
        )
        out.append(("draw", (other,)))
        out.append(("raise", 10))
    lo, hi = la.min_raise_to, la.max_raise_to
    if lo is None:
        if not la.draw:
            out.append(("raise", (la.complete or 0) + 1 + max(state.bets)))
    else:
        if lo - 1 > 0 and lo - 1 != la.complete:
            out.append(("raise", lo - 1))
        out.append(("raise", hi + 1))
        if fixed and hi - lo > 1:
            out.append(("raise", lo + 1))
    return out


class _RecycleOrder:
    """The reference's ``recycle_order`` hook: deal recycled cards in the fast engine's order."""

    def __init__(self, fast: Any, before_stub: list[str], new_events: list[Any]) -> None:  # noqa: ANN401
        self.fast = fast
        self.before_stub = before_stub
        self.events = new_events
        self.calls = 0

    def __call__(self, cards: list[str]) -> list[str]:
        self.calls += 1
        pool = set(cards)
        stub_after = [str(c) for c in self.fast._stub]
        kinds = [e.kind for e in self.events]
        assert kinds.count("recycle") + kinds.count("reshuffle") == 1, (
            f"reference recycles {sorted(pool)} but the fast engine did {kinds}"
        )
        start = next(i for i, k in enumerate(kinds) if k in ("recycle", "reshuffle"))
        # Cards taken from the new stub, in the order the events happened; a draw's
        # replacements dealt after the reshuffle are the last of the seat's new cards.
        before: list[str] = []
        draw_seat: int | None = None
        received = 0
        after: list[str] = []
        for e in self.events[start + 1 :]:
            if isinstance(e, Drew) and draw_seat is None:
                draw_seat, received = e.seat, len(e.received)
            elif isinstance(e, CardBurned | CardDealt | BoardCardDealt):
                (after if draw_seat is not None else before).append(str(e.card))
        taken: list[str] = before + after
        if draw_seat is not None:
            hand = [str(c) for c in self.fast.players[draw_seat].hole_cards]
            got = hand[len(hand) - received :] if received else []
            for j in range(received + 1):
                order = before + got[j:] + after + stub_after
                if set(order) == pool and len(order) == len(pool):
                    return order
        else:
            order = taken + stub_after
            if set(order) == pool and len(order) == len(pool):
                return order
        raise AssertionError(
            f"recycled cards differ: reference pool {sorted(pool)}, fast engine "
            f"took {taken} and left {stub_after} ({kinds})"
        )


class OwnDiscards:
    """D-10.5 for one engine: every card each seat discarded in the hand, by draw round.

    :meth:`check` records a draw and asserts that the seat was dealt none of his own
    discards: none of the whole hand (``own_discards_scope = WHOLE_HAND``, the default)
    or of this draw round (``CURRENT_DRAW``), whichever stub they came from.
    """

    def __init__(self, scope: object = "WHOLE_HAND") -> None:
        self.whole = str(scope).upper().endswith("WHOLE_HAND")
        self.discarded: dict[int, list[tuple[str, str]]] = {}

    def check(
        self, draw_round: str, seat: int, discards: Sequence[object], received: Sequence[object]
    ) -> None:
        """Record ``seat``'s draw in ``draw_round`` and check what he received."""
        mine = self.discarded.setdefault(seat, [])
        mine.extend((str(c), draw_round) for c in discards)
        own = {c for c, r in mine if self.whole or r == draw_round}
        back = own & {str(c) for c in received}
        assert not back, f"seat {seat} was dealt his own discards {sorted(back)} ({draw_round})"


def play_differential(
    draw: Draw,
    table: Table,
    *,
    probe_illegal: bool = True,
    max_steps: int = 400,
    choose: Callable[[Draw, Any, bool], GameAction] | None = None,
) -> tuple[Any, Any]:
    """Play one hand in both engines with the same random legal actions, comparing them.

    After every step the two states must show the same snapshot (:func:`assert_same_state`)
    and no draw may deal a player one of his own discards (:class:`OwnDiscards`); with
    ``probe_illegal`` some steps first try an illegal action, which both engines must
    reject, unchanged. ``choose(draw, state, fixed)`` picks each action from the fast
    state (default :func:`random_action`). Returns the final ``(fast, reference)`` states.
    """
    steps: list[GameAction] = []
    try:
        return _play(draw, table, steps, probe_illegal, max_steps, choose or random_action)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n{table.describe()}\nactions: {steps}") from None


def _play(
    draw: Draw,
    table: Table,
    steps: list[GameAction],
    probe_illegal: bool,
    max_steps: int,
    choose: Callable[[Draw, Any, bool], GameAction],
) -> tuple[Any, Any]:
    from holecard.exceptions import IllegalActionError as FastIllegal
    from holecard.reference.engine import IllegalActionError as RefIllegal

    fast = table.fast()
    start_events = list(fast.history)
    hook = _RecycleOrder(fast, [], start_events)
    ref = table.reference(hook)
    recycled = sum(e.kind in ("recycle", "reshuffle") for e in start_events)
    assert hook.calls == recycled, f"fast engine recycled {recycled} times, reference {hook.calls}"
    fixed = table.betting == "FIXED_LIMIT"
    assert_same_state(fast, ref, "at the start")
    scope = dict(table.options).get("own_discards_scope", "WHOLE_HAND")
    fast_own, ref_own = OwnDiscards(scope), OwnDiscards(scope)
    for _ in range(max_steps):
        if probe_illegal and draw(st.integers(0, 5)) == 0:
            candidates = illegal_actions(fast, fixed)
            if candidates:
                bad = draw(st.sampled_from(candidates))
                before = copy.copy(fast)
                for who, state, error in (
                    ("fast", fast, FastIllegal),
                    ("reference", ref, RefIllegal),
                ):
                    try:
                        apply_action(state, bad)
                    except error:
                        pass
                    else:
                        raise AssertionError(f"{who} engine accepted illegal {bad} after {steps}")
                assert fast == before, f"rejected {bad} changed the fast state"
                assert_same_state(fast, ref, f"after rejected {bad} (actions {steps})")
        check_moves(draw, fast, ref, f"after {steps}")
        assert_same_state(fast, ref, f"after probing the moves (actions {steps})")
        if fast.is_over:
            break
        action = choose(draw, fast, fixed)
        steps.append(action)
        before_stub = [str(c) for c in fast._stub]
        seen, ref_seen, street = fast._history_len, len(ref.history), fast.street
        apply_action(fast, action)
        new_events = list(fast.history[seen:])
        hook = _RecycleOrder(fast, before_stub, new_events)
        ref.recycle_order = hook
        try:
            apply_action(ref, action)
        except RefIllegal as exc:
            raise AssertionError(f"reference rejects {action} after {steps[:-1]}: {exc}") from exc
        finally:
            ref.recycle_order = None
        recycled = sum(e.kind in ("recycle", "reshuffle") for e in new_events)
        assert hook.calls == recycled, (
            f"fast engine recycled {recycled} times, reference {hook.calls} (actions {steps})"
        )
        for e in new_events:
            if isinstance(e, Drew):
                fast_own.check(street, e.seat, e.discards, e.received)
        for r in ref.history[ref_seen:]:
            if isinstance(r, Drew):
                ref_own.check(street, r.seat, r.discards, r.received)
        assert_same_state(fast, ref, f"after {steps}")
    assert fast.is_over, f"hand not over after {max_steps} actions"
    return fast, ref
