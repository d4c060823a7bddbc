"""Check your poker engine against holecard's, hand by hand and step by step.

You wrap your engine in a small adapter (:class:`EngineAdapter`: start a hand from a
holecard game, stacks and a fixed deck; list legal moves; apply a move; report what a
player sees). :func:`check_engine` then deals random hands to both engines from the same
decks, plays random legal moves (and, now and then, an illegal one that both must refuse)
and compares the two after every step. Each hand ends **equal**, with a **known
difference** (a class of intended differences you declared, :class:`KnownDifference`:
a house rule, a documented limitation, scoped to the observables it changes) or
**unexplained**. By default it plays :data:`DEFAULT_HANDS` hands with deep, medium and
short stacks (:func:`mixed_stacks`) and counts the hands that went through each rule
class. The first unexplained
divergence is shrunk to a short reproduction, given as PHH text with a one-line
description naming the rule of docs/rules.md::

    step 7: cap: your engine offers Move('bet_or_raise_to', 25), holecard refuses: cap
    of 3 raises (docs/rules.md G-1.6.2)

holecard's own engine passes trivially:

>>> from holecard import SevenCardStud
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> report = check_engine(HolecardAdapter(), game=game, hands=20, seed=1, stacks=[60] * 4)
>>> report.ok, report.equal, report.unexplained
(True, 20, 0)

In a test suite, :func:`assert_engine_conforms` raises ``AssertionError`` with the
report (and the reproduction) instead of returning it.
"""

from __future__ import annotations

import copy
import enum
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

from holecard import _enums
from holecard import events as ev
from holecard._core import Card, Move, State, VariantSpec
from holecard.conformance.rules import (
    actor_words,
    exercised,
    field_rule,
    game_spec,
    offer_rule,
    open_pair_street,
    refusal_rule,
    rule_name,
    settlement_rule,
)
from holecard.exceptions import ArgumentTypeError, ConfigurationError, IllegalActionError
from holecard.options import Betting

if TYPE_CHECKING:
    from holecard.games import _Game as Game

__all__ = [
    "DEFAULT_HANDS",
    "OBSERVABLES",
    "RULE_CLASSES",
    "Divergence",
    "DivergenceKind",
    "EngineAdapter",
    "EngineReport",
    "HolecardAdapter",
    "KnownDifference",
    "Observation",
    "ReferenceAdapter",
    "assert_engine_conforms",
    "check_engine",
    "illegal_moves",
    "mixed_stacks",
    "refused_amounts",
    "typed_options",
]

_DECK: Final = tuple(Card.from_index(i) for i in range(52))


@dataclass(frozen=True)
class Observation:
    """What your engine shows after a step, in holecard's terms.

    Seats are numbered as in holecard (stud: seat 0 is the first seat left of the dealer
    box; 2-7: the button is the last seat, so seat 0 posts the small blind). A field left
    ``None`` is not compared.

    Attributes:
        actor: the seat to act (bet or draw), ``None`` when nobody is to act.
        stacks: chips behind per seat (bets in front not included).
        is_over: the hand is over (chips awarded).
        pots: pot amounts, main pot first, without the bets of the current round.
        payoffs: when the hand is over, each seat's net win (``stack - starting stack``).
        hole_cards: every card each seat holds, up and down, in any order (folded seats
            and finished hands are not compared).
        board: the stud community card, once dealt (T-9.3), else ``()``.
    """

    actor: int | None
    stacks: tuple[int, ...]
    is_over: bool
    pots: tuple[int, ...] | None = None
    payoffs: tuple[int, ...] | None = None
    hole_cards: tuple[tuple[Card, ...], ...] | None = None
    board: tuple[Card, ...] | None = None


@runtime_checkable
class EngineAdapter(Protocol):
    """Your engine, seen through holecard's vocabulary.

    ``start`` deals a new hand (called once per hand, so one adapter serves a whole run);
    ``legal_moves`` lists the moves your engine allows now as :class:`~holecard.Move`
    values (``Move("fold")``, ``Move("check")``, ``Move("call")``,
    ``Move("post_bring_in")``, ``Move("complete")``, ``Move("bet_or_raise_to", 40)``,
    ``Move("stand_pat")``, ``Move("draw", discards="As Kd")``; in fixed limit each legal
    total is one move, in pot and no limit the smallest and the largest are enough, every
    total between them counting as listed); ``apply`` plays
    one, raising any exception when your engine refuses it (and leaving its hand as it
    was); ``observe`` reports the hand.
    """

    def start(self, game: Game, stacks: Sequence[int], deck: Sequence[Card]) -> None:
        """Deal a hand of ``game`` to ``stacks`` from ``deck``.

        ``game`` is a holecard game (read its ``stakes``, ``betting``, ``options``);
        ``deck`` holds all 52 cards, top first, burns included, in the order holecard
        deals them (one card at a time around the table, docs/rules.md G-1.3).
        """
        ...

    def legal_moves(self) -> Iterable[Move]:
        """The moves your engine allows now (empty when the hand is over)."""
        ...

    def apply(self, move: Move) -> None:
        """Play ``move``; raise any exception to refuse it."""
        ...

    def observe(self) -> Observation:
        """What your engine shows now."""
        ...


class HolecardAdapter:
    """holecard's own engine as an adapter: the pattern to copy, and a base for toys.

    >>> from holecard import Razz
    >>> check_engine(HolecardAdapter(), game=Razz(ante=1, bring_in=1, small_bet=2),
    ...              hands=5, stacks=[30, 30]).ok
    True
    """

    def __init__(self) -> None:
        self.state: State | None = None

    def start(self, game: Game, stacks: Sequence[int], deck: Sequence[Card]) -> None:
        """Deal the hand with holecard's engine."""
        self.state = game.start(list(stacks), deck=list(deck))

    def _hand(self) -> State:
        if self.state is None:
            raise RuntimeError("start() a hand first")
        return self.state

    def legal_moves(self) -> Iterable[Move]:
        """The legal moves of holecard's engine."""
        return list(self._hand().legal_moves())

    def apply(self, move: Move) -> None:
        """Play ``move`` (holecard raises IllegalActionError when it refuses)."""
        self._hand().apply(move)

    def observe(self) -> Observation:
        """The state in holecard's terms."""
        return observe_holecard(self._hand())


def observe_holecard(state: State) -> Observation:
    """The state of holecard's engine as an :class:`Observation` (every field filled)."""
    over = state.is_over
    return Observation(
        actor=state.actor,
        stacks=tuple(state.stacks),
        is_over=over,
        pots=tuple(p.amount for p in state.pots),
        payoffs=tuple(state.payoffs) if over else None,
        hole_cards=tuple(tuple(p.hole_cards) for p in state.players),
        board=tuple(state.board),
    )


class DivergenceKind(enum.StrEnum):
    """How your engine departed from holecard's."""

    #: A field of :class:`Observation` differs.
    STATE = "state"
    #: Your engine offers a move that holecard refuses.
    EXTRA_MOVE = "extra_move"
    #: holecard offers a move that your engine does not list.
    MISSING_MOVE = "missing_move"
    #: Your engine refused a move holecard plays.
    REFUSED = "refused"
    #: Your engine accepted a move holecard refuses.
    ACCEPTED_ILLEGAL = "accepted_illegal"
    #: Your adapter raised while starting, listing or observing.
    ERROR = "error"


@dataclass(frozen=True)
class Divergence:
    """The first difference in one hand.

    Attributes:
        hand: the hand's number in the run (0-based).
        step: moves played before it (0: at the deal).
        kind: what differs.
        subject: the field (``stacks`` …) or the move concerned.
        holecard: holecard's side, as text.
        yours: your engine's side, as text.
        rule: the docs/rules.md rule id it is about.
        description: one line naming the step, both sides and the rule.
        stacks: the hand's starting stacks.
        deck: the hand's deck, top first.
        moves: the moves played before it, then the move of the step.
        phh: a reproduction: the hand so far as PHH text (holecard's side), with the
            description as a comment.
        known: the :class:`KnownDifference` it belongs to (its name), or ``None``.
    """

    hand: int
    step: int
    kind: DivergenceKind
    subject: str
    holecard: str
    yours: str
    rule: str
    description: str
    stacks: tuple[int, ...]
    deck: tuple[Card, ...]
    moves: tuple[Move, ...]
    phh: str = ""
    known: str | None = None

    @property
    def move(self) -> Move | None:
        """The move of the step (``None`` for a difference at the deal or after a step)."""
        if self.kind in (DivergenceKind.STATE, DivergenceKind.ERROR):
            return None
        return self.moves[-1] if self.moves else None


#: The observables a :class:`KnownDifference` may change: the fields of
#: :class:`Observation`, and ``moves`` (the moves offered, accepted or refused).
OBSERVABLES: Final = (
    "actor",
    "stacks",
    "is_over",
    "pots",
    "payoffs",
    "hole_cards",
    "board",
    "moves",
)


@dataclass(frozen=True)
class KnownDifference:
    """A class of intended differences: a house rule, a documented limitation.

    It names the rule your engine plays differently and the exact observables that rule
    changes (``changes``); the kit goes on comparing everything else, so a bug elsewhere
    in the same hand is still found. A difference is explained either exactly, by
    ``expected(state, holecard)``, which turns holecard's :class:`Observation` into the
    one your engine should show under its rule (every field is then compared with it),
    or by ``matches(divergence, state)``, which recognises it: a move difference (with
    ``"moves"`` in ``changes``), or a field of ``changes``, which the kit then stops
    comparing for the rest of that hand (the engine's choice from there on).

    A hand whose first explained divergence belongs to this class is counted under
    ``name``. The old form, without ``changes``, still works: its ``matches`` may accept
    any divergence, and the kit stops comparing the hand there, so it can hide a later
    bug; give ``changes`` (and ``expected`` where the rule says exactly what differs).

    Attributes:
        name: a short name (``odd-chip-to-low``).
        rule: the docs/rules.md rule your engine plays differently.
        description: what your engine does instead.
        matches: recognises the divergence (``None``: only ``expected`` explains).
        changes: the observables it may change (:data:`OBSERVABLES`).
        expected: holecard's observation made into your engine's under its rule, or
            ``None`` where the rule changes nothing at this point (a field of it set to
            ``None`` is not compared: the rule leaves it to your engine).

    >>> from holecard.conformance import Observation
    >>> def low_gets_odd_chip(state, seen):
    ...     return None  # your engine's stacks under its rule (see the guide)
    >>> odd_chip = KnownDifference(
    ...     "odd-chip-to-low", "H-5.5", "the odd chip of a hi/lo split goes to the low half",
    ...     changes=("stacks", "payoffs"), expected=low_gets_odd_chip)
    >>> odd_chip.changes
    ('stacks', 'payoffs')
    """

    name: str
    rule: str
    description: str
    matches: Callable[[Divergence, State], bool] | None = field(default=None, compare=False)
    changes: tuple[str, ...] = ()
    expected: Callable[[State, Observation], Observation | None] | None = field(
        default=None, compare=False
    )

    def __post_init__(self) -> None:
        changes = (self.changes,) if isinstance(self.changes, str) else tuple(self.changes)
        unknown = [c for c in changes if c not in OBSERVABLES]
        if unknown:
            raise ConfigurationError(
                f"known difference {self.name!r}: changes must name observables of "
                f"{', '.join(OBSERVABLES)}, got {', '.join(map(repr, unknown))}"
            )
        object.__setattr__(self, "changes", changes)
        if self.matches is None and self.expected is None:
            raise ConfigurationError(
                f"known difference {self.name!r} needs matches= or expected= to recognise it"
            )

    def covers(self, divergence: Divergence) -> bool:
        """Whether ``divergence`` is of an observable this class may change."""
        if not self.changes:
            return True  # the old form: whatever its test accepts
        if divergence.kind is DivergenceKind.STATE:
            return divergence.subject in self.changes
        if divergence.kind is DivergenceKind.ERROR:
            return False
        return "moves" in self.changes


@dataclass(frozen=True)
class EngineReport:
    """What :func:`check_engine` found.

    Attributes:
        game: the game checked (its repr).
        hands: hands played.
        equal: hands that ended with no difference.
        known: hands per known difference, ``(name, count)``, in declaration order.
        unexplained: hands with a difference no known class covers.
        first: the first unexplained divergence, shrunk (``None`` when there is none).
        examples: the first divergence of each known difference that occurred.
        exercised: how many hands went through each rule class the game has
            (:data:`RULE_CLASSES`: bring-in, completion, cap, open pair, side pots, odd
            chip, show order, reshuffle), in holecard's engine: a class no hand reached
            was not tested.
    """

    game: str
    hands: int
    equal: int
    known: tuple[tuple[str, int], ...]
    unexplained: int
    first: Divergence | None
    examples: tuple[Divergence, ...] = ()
    exercised: tuple[tuple[str, int], ...] = ()

    @property
    def ok(self) -> bool:
        """No unexplained difference."""
        return self.unexplained == 0

    def counts(self) -> dict[str, int]:
        """``{"equal": …, <known name>: …, "unexplained": …}``."""
        return {"equal": self.equal, **dict(self.known), "unexplained": self.unexplained}

    def __str__(self) -> str:
        parts = ", ".join(f"{k} {v}" for k, v in self.counts().items())
        lines = [f"{self.game}: {self.hands} hands: {parts}"]
        if self.exercised:
            rules = ", ".join(f"{k} {v}" for k, v in self.exercised)
            lines += [f"hands through each rule: {rules}"]
        if self.first is not None:
            lines += [f"first unexplained: hand {self.first.hand}, {self.first.description}"]
            lines += ["reproduction:", self.first.phh]
        return "\n".join(lines)


# ------------------------------------------------------------------------------------
# Moves holecard refuses, for the illegal probes


def refused_amounts(state: State) -> list[int]:
    """Bet/raise totals holecard refuses in ``state``: none of its moves names them.

    Totals next to and between the offered ones, below and above the range, the actor's
    all-in and one more, and (when no bet is offered) totals over the current bet; the
    completion total is left out, since ``bet_or_raise_to`` accepts it as the completion.
    """
    offered = {m.amount for m in state.legal_moves() if m.kind == "bet_or_raise_to"}
    la = state.legal_actions()
    top = max(state.bets, default=0)
    near = sorted(x for x in offered if x is not None) or [top + 1, top + (la.call or 0) + 1]
    candidates = {0, 1, 2 * near[-1] + 1, top, top + 1}
    for a, b in pairwise(near):
        candidates.add((a + b) // 2)
    for t in (near[0], near[-1]):
        candidates.update((t - 1, t + 1))
    if state.actor is not None:
        seat = state.player(state.actor)
        candidates.update((seat.stack + seat.bet, seat.stack + seat.bet + 1))
    return sorted(x for x in candidates if x >= 0 and x not in offered and x != la.complete)


def illegal_moves(state: State) -> list[Move]:
    """Moves holecard refuses in ``state`` (checked on a copy), for probing an engine."""
    legal = set(state.legal_moves())
    candidates = [Move(k) for k in ("fold", "check", "call", "post_bring_in", "complete")]
    candidates += [Move("stand_pat")]
    candidates += [Move("bet_or_raise_to", x) for x in refused_amounts(state)]
    if state.actor is not None and state.legal_actions().draw:
        held = set(state.player(state.actor).hole_cards)
        candidates.append(Move("draw", discards=[next(c for c in _DECK if c not in held)]))
    out = []
    for move in candidates:
        if move in legal:
            continue
        try:
            copy.copy(state).apply(move)
        except IllegalActionError:
            out.append(move)
    return out


# ------------------------------------------------------------------------------------
# Playing one hand in both engines


class _Choices:
    """The random decisions of one hand, recorded so that the hand can be replayed.

    Each step takes two numbers: the illegal probe (0: none, k: the k-th candidate) and
    the move (0: the passive move, check or call, else the first; k: the k-th legal
    move, counted modulo their number). Past the recorded numbers every step is passive,
    which is what shrinking relies on.
    """

    def __init__(self, rng: random.Random | None, recorded: Sequence[int] = ()) -> None:
        self.rng = rng
        self.recorded = list(recorded)
        self.used: list[int] = []

    def take(self, draw: Callable[[random.Random], int]) -> int:
        i = len(self.used)
        if i < len(self.recorded):
            value = self.recorded[i]
        elif self.rng is not None:
            value = draw(self.rng)
        else:
            value = 0
        self.used.append(value)
        return value


def _passive(moves: Sequence[Move]) -> Move:
    for kind in ("check", "call", "stand_pat", "post_bring_in"):
        for m in moves:
            if m.kind == kind:
                return m
    return moves[0]


def _random_move_index(moves: Sequence[Move]) -> Callable[[random.Random], int]:
    # Folds are rarer than other moves so that hands reach the later streets.
    weights = [1 if m.kind == "fold" else 4 for m in moves]

    def draw(rng: random.Random) -> int:
        return rng.choices(range(len(moves)), weights)[0] + 1

    return draw


@dataclass
class _Hand:
    """One hand's setup, and the engine states while it is played."""

    game: Game
    stacks: tuple[int, ...]
    deck: tuple[Card, ...]
    number: int
    probe_illegal: bool
    max_steps: int
    known: Sequence[KnownDifference] = ()
    moves: list[Move] = field(default_factory=list)
    #: The first known difference met, which the hand played past.
    tolerated: Divergence | None = None
    #: holecard's state (restarted when it adopts your engine's order of recycled cards).
    state: State | None = None
    #: Fields no longer compared: a known difference made them your engine's choice.
    released: set[str] = field(default_factory=set)
    #: Known differences that released the stacks: later wagers sized by a stack differ.
    resized: list[KnownDifference] = field(default_factory=list)
    #: Your engine's latest observation.
    seen: Observation | None = None
    #: The rule classes holecard's hand went through so far (open pair: while playing).
    through: set[str] = field(default_factory=set)


def _text(value: object) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return "[" + ", ".join(" ".join(map(str, seat)) for seat in value) + "]"
    return str(value)


def _live_hands(state: State, hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    """Each live seat's cards, sorted (folded seats are not compared)."""
    padded = list(hands) + [()] * len(state.players)
    return tuple(
        tuple(sorted(padded[i], key=_index)) for i, p in enumerate(state.players) if not p.folded
    )


def _index(card: Card) -> int:
    return card.index


def _compare(
    state: State, mine: Observation, yours: Observation, released: Iterable[str] = ()
) -> tuple[str, str, str] | None:
    """The first differing field of two observations: ``(field, holecard, yours)``."""
    checks: list[tuple[str, object, object]] = [
        ("is_over", mine.is_over, yours.is_over),
        ("actor", mine.actor, yours.actor),
        ("stacks", mine.stacks, tuple(yours.stacks)),
    ]
    if yours.pots is not None and mine.pots is not None and not mine.is_over:
        checks.append(("pots", mine.pots, tuple(yours.pots)))
    if yours.payoffs is not None and mine.is_over and mine.payoffs is not None:
        checks.append(("payoffs", mine.payoffs, tuple(yours.payoffs)))
    if (
        yours.hole_cards is not None
        and not mine.is_over
        and mine.hole_cards is not None
        and tuple(map(tuple, yours.hole_cards)) != mine.hole_cards  # else the same, in order
    ):
        a = _live_hands(state, mine.hole_cards)
        b = _live_hands(state, yours.hole_cards)
        checks.append(("hole_cards", a, b))
    if yours.board is not None and mine.board is not None:
        checks.append(("board", tuple(mine.board), tuple(yours.board)))
    for name, x, y in checks:
        if x != y and name not in released:
            return name, _text(x), _text(y)
    return None


def _phh_text(state: State, comment: str) -> str:
    from holecard import phh

    return f"# {comment}\n" + phh.dumps(state.to_phh())


def _words(rule: str, what: str) -> str:
    """``what`` led by the rule's name: ``cap: your engine offers …``."""
    return f"{rule_name(rule)}: {what}"


def _state_words(state: State, name: str, mine: str, theirs: str, rule: str) -> str:
    """A field difference told as a poker player would."""
    if name == "actor":
        yours = "nobody" if theirs == "None" else f"seat {theirs}"
        mine_seat = None if mine == "None" else int(mine)
        return f"holecard picks {actor_words(state, mine_seat)}, your engine {yours}"
    if name in ("stacks", "payoffs") and state.is_over:
        return f"{name} after the showdown differ: holecard {mine}, your engine {theirs}"
    return f"{name} differ: holecard {mine}, your engine {theirs}"


def _play(
    adapter: EngineAdapter, hand: _Hand, choices: _Choices
) -> tuple[Divergence | None, State]:
    """Play one hand in both engines; the first divergence (without its PHH) or None."""
    hand.state = hand.game.start(list(hand.stacks), deck=list(hand.deck))
    hand.moves = []
    hand.tolerated = None
    hand.released = set()
    hand.resized = []
    hand.seen = None
    hand.through = set()

    def diverge(
        kind: DivergenceKind,
        subject: str,
        mine: str,
        yours: str,
        rule: str,
        what: str,
        move: Move | None = None,
    ) -> Divergence:
        return Divergence(
            hand=hand.number,
            step=len(hand.moves),
            kind=kind,
            subject=subject,
            holecard=mine,
            yours=yours,
            rule=rule,
            description=" ".join(what.split()),  # one line, even for an error's message
            stacks=hand.stacks,
            deck=hand.deck,
            moves=(*hand.moves, *([move] if move is not None else [])),
        )

    def compare() -> Divergence | None:
        try:
            yours = adapter.observe()
        except Exception as exc:  # any failure of the user's engine is a finding
            return diverge(
                DivergenceKind.ERROR,
                "observe",
                "",
                repr(exc),
                "G-1.5",
                f"step {len(hand.moves)}: observe() raised {exc!r} (docs/rules.md G-1.5)",
            )
        hand.seen = yours
        while True:
            state = hand.state
            assert state is not None
            mine = observe_holecard(state)
            diff = _compare(state, mine, yours, hand.released)
            if diff is None:
                return None
            name, a, b = diff
            if yours.hole_cards is not None and (name == "hole_cards" or _rebuilt_stubs(state)):
                adopted = _adopt_recycled(hand, yours, diverge)
                if isinstance(adopted, Divergence):
                    return adopted
                if adopted:
                    continue
            rule = field_rule(state, name)
            if name in ("stacks", "payoffs") and state.is_over:
                rule = settlement_rule(state, tuple(yours.stacks))
            what = _state_words(state, name, a, b, rule)
            found = diverge(
                DivergenceKind.STATE,
                name,
                a,
                b,
                rule,
                f"step {len(hand.moves)}: {_words(rule, what)} (docs/rules.md {rule})",
            )
            explained = _explain(found, state, mine, yours, hand)
            if explained is None:
                return found
            hand.tolerated = hand.tolerated or replace(found, known=explained.name)
            if explained.expected is not None and explained.covers(found):
                return None  # everything agrees with the house rule's observation
            hand.released.update(explained.changes)
            if "stacks" in explained.changes and "moves" in explained.changes:
                hand.resized.append(explained)

    try:
        adapter.start(hand.game, hand.stacks, hand.deck)
    except Exception as exc:
        return diverge(
            DivergenceKind.ERROR,
            "start",
            "",
            repr(exc),
            "G-1.3",
            f"start() raised {exc!r} (docs/rules.md G-1.3)",
        ), hand.state
    found = compare()
    config = hand.game._config
    open_pair = config.options.get("open_pair_double_bet") == "true"
    while found is None and not hand.state.is_over and len(hand.moves) < hand.max_steps:
        state = hand.state
        step = len(hand.moves)
        if open_pair and "open pair" not in hand.through and open_pair_street(state):
            hand.through.add("open pair")
        if "actor" in hand.released and hand.seen is not None and hand.seen.actor != state.actor:
            break  # a known difference gave the turn to another player: nothing to compare
        ours = list(state.legal_moves())
        try:
            theirs = list(adapter.legal_moves())
        except Exception as exc:
            return diverge(
                DivergenceKind.ERROR,
                "legal_moves",
                "",
                repr(exc),
                "G-1.5",
                f"step {step}: legal_moves() raised {exc!r} (docs/rules.md G-1.5)",
            ), state
        # Pot and no limit: a raise is listed by the smallest and the largest total, every
        # total between them being legal too (an adapter need not list them all).
        ranged = hand.game.betting is not Betting.FIXED_LIMIT
        differences = _move_differences(hand, state, ours, theirs, ranged, diverge)
        for d in differences:
            name = _classify(d, state, hand.known) or _resized(d, state, hand.resized)
            if name is None:
                return d, state
            hand.tolerated = hand.tolerated or replace(d, known=name)
        # Known differences in what is offered: play on with the moves both engines list
        # (in pot and no limit, any total inside both engines' raise spans).
        ours = [m for m in ours if _allowed(m, theirs, ranged)]
        if not ours:
            return differences[0], state
        if hand.probe_illegal:
            found = _probe(adapter, hand, state, choices, diverge, compare)
            if found is not None:
                return found, hand.state
            state = hand.state
        pick = choices.take(_random_move_index(ours))
        move = _passive(ours) if pick == 0 else ours[(pick - 1) % len(ours)]
        try:
            adapter.apply(move)
        except Exception as exc:
            rule = offer_rule(state, move)
            what = f"your engine refuses {move!r} ({exc}), holecard plays it"
            return diverge(
                DivergenceKind.REFUSED,
                repr(move),
                "plays it",
                repr(exc),
                rule,
                f"step {step}: {_words(rule, what)} (docs/rules.md {rule})",
                move,
            ), state
        hand.moves.append(move)
        state.apply(move)
        found = compare()
    return found, hand.state


def _resized(d: Divergence, state: State, resized: Sequence[KnownDifference]) -> str | None:
    """A later wager or call that differs because a known difference changed the stacks.

    Only a call, a completion or an all-in-sized wager (within one big bet of the
    actor's all-in in holecard): other bets do not depend on the stacks.
    """
    if not resized or state.actor is None:
        return None
    move = d.moves[-1] if d.moves else None
    if move is None or move.kind not in ("call", "complete", "bet_or_raise_to"):
        return None
    if move.kind == "bet_or_raise_to":
        seat = state.player(state.actor)
        stakes = state._config.stakes
        unit = max(stakes["big_bet"], stakes["min_bet"])
        if move.amount is None or abs(move.amount - (seat.stack + seat.bet)) > unit:
            return None
    return resized[0].name


def _explain(
    d: Divergence, state: State, mine: Observation, yours: Observation, hand: _Hand
) -> KnownDifference | None:
    """The scoped known difference that explains the field difference ``d``, if any.

    Old-form classes (no ``changes``) are left to :func:`_classify` at the hand's end.
    """
    for k in hand.known:
        if not k.changes or not k.covers(d):
            continue
        if k.expected is not None:
            alt = k.expected(state, mine)
            if alt is not None and _compare(state, alt, yours, hand.released) is None:
                return k
        elif k.matches is not None and k.matches(d, state):
            return k
    return None


# ------------------------------------------------------------------------------------
# Recycled cards: the order is the engine's choice


def _rebuilt_stubs(state: State) -> list[tuple[set[Card], list[tuple[int | None, int, Card]]]]:
    """Each stub rebuilt in the hand (T-9.2, D-10): its pool, and what was dealt from it.

    Each deal is ``(seat, -1 for the board or None for a burn, draw number, card)``.
    """
    stubs: list[tuple[set[Card], list[tuple[int | None, int, Card]]]] = []
    draws = 0
    seen: set[Card] = set()
    for e in state.history:
        if isinstance(e, ev.Reshuffled):
            stubs.append((set(e.cards), []))
            continue
        if isinstance(e, ev.BurnsRecycled):
            # The burns go into what is left of the stub (T-9.2): all of it is the pool.
            stubs.append(({c for c in _DECK if c not in seen} | set(e.cards), []))
            continue
        if isinstance(e, ev.CardBurned | ev.BoardCardDealt | ev.CardDealt):
            seen.add(e.card)
        elif isinstance(e, ev.Drew):
            seen.update(e.received)
        dealt: list[tuple[int | None, Card]] = []
        if isinstance(e, ev.CardBurned):
            dealt = [(None, e.card)]
        elif isinstance(e, ev.BoardCardDealt):
            dealt = [(-1, e.card)]
        elif isinstance(e, ev.CardDealt):
            dealt = [(e.seat, e.card)]
        elif isinstance(e, ev.Drew):
            draws += 1
            dealt = [(e.seat, c) for c in e.received]
        for seat, card in dealt:
            for pool, seq in reversed(stubs):
                if card in pool:
                    seq.append((seat, draws, card))
                    break
    return stubs


def _own_discards(state: State, seat: int) -> set[Card]:
    """The cards ``seat`` may not be dealt now (D-10.5, within ``own_discards_scope``)."""
    whole = state._config.options.get("own_discards_scope", "WHOLE_HAND") == "WHOLE_HAND"
    out: set[Card] = set()
    for e in state.history:
        if isinstance(e, ev.StreetStarted) and e.draw and not whole:
            out = set()  # CURRENT_DRAW: only this draw's discards
        elif isinstance(e, ev.Drew) and e.seat == seat:
            out.update(e.discards)
    return out


def _outside_pool(
    hand: _Hand,
    state: State,
    theirs: Sequence[Sequence[Card]],
    seat: int,
    cards: Sequence[Card],
    diverge: Callable[..., Divergence],
) -> Divergence:
    """Your engine dealt recycled cards that holecard's rebuilt stub does not hold."""
    named = " ".join(map(str, cards))
    who = "the board" if seat == -1 else f"seat {seat}"
    if game_spec(state).is_draw:
        rule = "D-10.2"
        owners = sorted(
            {
                e.seat
                for e in state.history
                if isinstance(e, ev.Drew)
                for c in cards
                if c in e.discards
            }
        )
        whose = f", discarded by seat {owners[0]}" if owners else ""
        what = (
            f"your engine deals {who} {named}{whose}; holecard's reshuffle leaves the "
            "drawing player's own discards in the muck"
        )
    else:
        rule = "T-9.2"
        what = f"your engine deals {who} {named}, which were neither burnt nor left in the stub"
    return _cards_differ(hand, state, theirs, rule, what, diverge)


def _cards_differ(
    hand: _Hand,
    state: State,
    theirs: Sequence[Sequence[Card]],
    rule: str,
    what: str,
    diverge: Callable[..., Divergence],
) -> Divergence:
    """A difference in the cards dealt, told by ``what`` under ``rule``."""
    return diverge(
        DivergenceKind.STATE,
        "hole_cards",
        _text(_live_hands(state, [q.hole_cards for q in state.players])),
        _text(_live_hands(state, theirs)),
        rule,
        f"step {len(hand.moves)}: {_words(rule, what)} (docs/rules.md {rule})",
    )


def _adopt_recycled(
    hand: _Hand, yours: Observation, diverge: Callable[..., Divergence]
) -> Divergence | bool:
    """Take your engine's order of recycled cards, when it is the only difference.

    Where holecard dealt a seat cards from a rebuilt stub (recycled burns, T-9.2; the 2-7
    reshuffle, D-10) and your engine dealt him other cards of the same pool, holecard
    restarts the hand with your engine's cards on top of that stub (``restocks``) and
    replays it. A seat dealt one of his own discards is a divergence (D-10.5). Returns
    whether holecard adopted the order.
    """
    state = hand.state
    assert state is not None
    assert yours.hole_cards is not None
    stubs = _rebuilt_stubs(state)
    theirs = list(yours.hole_cards) + [()] * len(state.players)
    new = [[card for _, _, card in seq] for _, seq in stubs]
    removed: list[list[Card]] = [[] for _ in stubs]
    placed: set[tuple[int, int]] = set()
    held = [(seat, p.hole_cards, theirs[seat]) for seat, p in enumerate(state.players)]
    held = [(seat, a, b) for seat, a, b in held if not state.players[seat].folded]
    if yours.board is not None:
        held.append((-1, tuple(state.board), yours.board))
    for seat, mine_cards, your_cards in held:
        mine_set, your_set = set(mine_cards), set(your_cards)
        missing, extra = mine_set - your_set, sorted(your_set - mine_set, key=_index)
        if not missing and not extra:
            continue
        own = _own_discards(state, seat) if seat >= 0 else set()
        if own & set(extra):
            rule = "D-10.5"
            back = " ".join(str(c) for c in extra if c in own)
            what = (
                f"your engine deals seat {seat} {back}, which he discarded earlier in the "
                "hand; holecard never deals a player his own discards"
            )
            return _cards_differ(hand, state, theirs, rule, what, diverge)
        places = [
            (i, j, draw)
            for i, (_, seq) in enumerate(stubs)
            for j, (who, draw, card) in enumerate(seq)
            if who == seat and card in missing
        ]
        if not places or len(places) != len(missing) or len(extra) != len(missing):
            return False  # not only recycled cards differ
        outside = [c for c in extra if not any(c in pool for pool, _ in stubs)]
        if outside:
            return _outside_pool(hand, state, theirs, seat, outside, diverge)
        # Each place takes a card of its stub's pool where one is left (the pools of
        # later stubs depend on the order of earlier ones: the replay below decides).
        order: list[Card] = []
        for i, _, _ in places:
            fits = [c for c in extra if c in stubs[i][0] and c not in order]
            order.append(fits[0] if fits else next(c for c in extra if c not in order))
        for (i, j, _), card in zip(places, order, strict=True):
            removed[i].append(new[i][j])
            new[i][j] = card
            placed.add((i, j))
    if not placed:
        return False  # the cards agree: the difference is elsewhere
    # Burns and folded hands that held a card your engine dealt to a live seat take the
    # cards it did not deal.
    taken = {new[i][j] for i, j in placed}
    for i, seq in enumerate(new):
        spare = [c for c in removed[i] if c not in taken]
        for j, card in enumerate(seq):
            if (i, j) not in placed and card in taken and spare:
                seq[j] = spare.pop()
    try:
        again = hand.game.start(list(hand.stacks), deck=list(hand.deck), restocks=new)
        for move in hand.moves:
            again.apply(move)
    except Exception:
        return False
    if _live_hands(again, [q.hole_cards for q in again.players]) != _live_hands(again, theirs):
        return False
    if yours.board is not None and set(again.board) != set(yours.board):
        return False
    hand.state = again
    return True


def _raise_totals(moves: list[Move]) -> list[int]:
    """The bet/raise totals among ``moves``."""
    return [m.amount for m in moves if m.kind == "bet_or_raise_to" and m.amount is not None]


def _raise_span(moves: list[Move]) -> list[Move]:
    """``moves`` with its bet/raise totals cut to the smallest and the largest."""
    totals = _raise_totals(moves)
    others = [m for m in moves if m.kind != "bet_or_raise_to"]
    ends = sorted({min(totals), max(totals)}) if totals else []
    return others + [Move("bet_or_raise_to", t) for t in ends]


def _allowed(move: Move, theirs: list[Move], ranged: bool) -> bool:
    """Whether your engine lists ``move`` (in pot and no limit: a total inside its span)."""
    if move in theirs:
        return True
    if not ranged or move.kind != "bet_or_raise_to" or move.amount is None:
        return False
    totals = _raise_totals(theirs)
    return bool(totals) and min(totals) <= move.amount <= max(totals)


def _move_differences(
    hand: _Hand,
    state: State,
    ours: list[Move],
    theirs: list[Move],
    ranged: bool,
    diverge: Callable[..., Divergence],
) -> list[Divergence]:
    """Every move only one engine lists: those your engine adds, then those it lacks.

    ``ranged`` (pot and no limit): raises are compared by the two ends of each engine's
    span of totals, a total inside the other's span counting as listed.
    """
    step = len(hand.moves)
    out = []
    for move in _raise_span(theirs) if ranged else theirs:
        if not _allowed(move, ours, ranged):
            rule, why = refusal_rule(state, move, _refusal_message(state, move))
            what = f"your engine offers {move!r}, holecard refuses: {why}"
            out.append((DivergenceKind.EXTRA_MOVE, move, "refuses", "offers", rule, what))
    for move in _raise_span(ours) if ranged else ours:
        if not _allowed(move, theirs, ranged):
            rule = offer_rule(state, move)
            what = f"holecard offers {move!r}, your engine does not"
            out.append(
                (DivergenceKind.MISSING_MOVE, move, "offers", "does not list it", rule, what)
            )
    return [
        diverge(
            kind,
            repr(move),
            mine,
            yours,
            rule,
            f"step {step}: {_words(rule, what)} (docs/rules.md {rule})",
            move,
        )
        for kind, move, mine, yours, rule, what in out
    ]


def _refusal_message(state: State, move: Move) -> str:
    try:
        copy.copy(state).apply(move)
    except IllegalActionError as exc:
        return str(exc)
    return "holecard accepts it"


def _probe(
    adapter: EngineAdapter,
    hand: _Hand,
    state: State,
    choices: _Choices,
    diverge: Callable[..., Divergence],
    compare: Callable[[], Divergence | None],
) -> Divergence | None:
    """Now and then play a move holecard refuses: your engine must refuse it, unchanged."""
    # Decide first: listing the refused moves tries each on a copy of the state.
    pick = choices.take(lambda rng: rng.randrange(1, 64) if rng.random() < 0.2 else 0)
    if pick == 0:
        return None
    candidates = illegal_moves(state)
    if not candidates:
        return None
    move = candidates[(pick - 1) % len(candidates)]
    step = len(hand.moves)
    try:
        adapter.apply(move)
    except Exception:  # refused, as it should be
        found = compare()
        if found is None:
            return None
        return replace(
            found,
            description=f"after refusing {move!r}: {found.description}",
        )
    rule, why = refusal_rule(state, move, _refusal_message(state, move))
    return diverge(
        DivergenceKind.ACCEPTED_ILLEGAL,
        repr(move),
        "refuses",
        "accepts",
        rule,
        f"step {step}: {_words(rule, f'your engine accepts {move!r}, holecard refuses: {why}')}"
        f" (docs/rules.md {rule})",
        move,
    )


# ------------------------------------------------------------------------------------
# Shrinking a divergence


def _signature(d: Divergence, state: State) -> tuple[str, str, str, bool]:
    """What makes two divergences "the same bug" when shrinking.

    Their kind, the move kind or field, the rule, and whether a player was all-in: a
    difference found without an all-in keeps showing the rule's normal case, never a
    short-stack corner of it.
    """
    subject = d.subject.split(",")[0] if d.kind is not DivergenceKind.STATE else d.subject
    all_in = any(p.stack == 0 and not p.folded for p in state.players)
    return str(d.kind), subject, d.rule, all_in


def _reproduces(
    adapter: EngineAdapter,
    hand: _Hand,
    recorded: Sequence[int],
    want: tuple[str, str, str, bool],
    known: Sequence[KnownDifference],
) -> tuple[Divergence, State, list[int]] | None:
    """Replay ``recorded``; the same unexplained divergence, or None.

    Returns the divergence, holecard's state and the choices used (trailing passive
    choices dropped).
    """
    choices = _Choices(None, recorded)
    found, state = _play(adapter, hand, choices)
    if found is None or _signature(found, state) != want:
        return None
    if _classify(found, state, known) is not None:
        return None
    used = choices.used
    while used and used[-1] == 0:
        used.pop()
    return found, state, used


def _size(found: Divergence, used: Sequence[int]) -> tuple[int, int, int, int]:
    return len(found.moves), len(used), sum(used), sum(found.stacks)


#: The most replays shrinking a divergence may take (then hypothesis's 100 examples).
SHRINK_REPLAYS: Final = 400


def _shrink(
    adapter: EngineAdapter,
    hand: _Hand,
    recorded: list[int],
    found: Divergence,
    known: Sequence[KnownDifference],
) -> tuple[Divergence, State]:
    """A shorter, simpler hand with the same divergence.

    Fewer moves, passive choices, smaller stacks; with hypothesis installed, its shrinker
    is tried as well. At most :data:`SHRINK_REPLAYS` replays, so that a long hand with
    deep stacks does not take minutes (the count, not a clock: same run, same result).
    """
    _, first_state = _play(adapter, hand, _Choices(None, recorded))
    want = _signature(found, first_state)
    best = _reproduces(adapter, hand, recorded, want, known)
    if best is None:  # the engine is not deterministic: keep what was found
        return found, hand.game.start(list(hand.stacks), deck=list(hand.deck))
    best_hand = hand
    replays = 0

    def better(trial_hand: _Hand, trial: list[int]) -> bool:
        nonlocal best, best_hand, replays
        assert best is not None
        if replays >= SHRINK_REPLAYS:
            return False
        replays += 1
        got = _reproduces(adapter, trial_hand, trial, want, known)
        if got is None or _size(got[0], got[2]) >= _size(best[0], best[2]):
            return False
        best, best_hand = got, trial_hand
        return True

    improved = True
    while improved:
        improved = False
        for i in reversed(range(len(best[2]))):
            current = best[2]
            if i >= len(current):
                continue
            if better(best_hand, [*current[:i], *current[i + 1 :]]):
                improved = True
                continue
            for value in range(current[i]):
                if better(best_hand, [*current[:i], value, *current[i + 1 :]]):
                    improved = True
                    break
        for seat in range(len(best_hand.stacks)):
            stack = best_hand.stacks[seat]
            for smaller in sorted({stack // 2, stack * 3 // 4, stack - 1} - {stack, 0}):
                stacks = (*best_hand.stacks[:seat], smaller, *best_hand.stacks[seat + 1 :])
                if better(replace(best_hand, stacks=stacks), best[2]):
                    improved = True
                    break
    if replays >= SHRINK_REPLAYS:
        return best[0], best[1]
    hyp = _hypothesis_shrink(adapter, best_hand, best[2], want, known)
    if hyp is not None and _size(hyp[0], hyp[2]) < _size(best[0], best[2]):
        best = hyp
    return best[0], best[1]


def _hypothesis_shrink(
    adapter: EngineAdapter,
    hand: _Hand,
    recorded: list[int],
    want: tuple[str, str, str, bool],
    known: Sequence[KnownDifference],
) -> tuple[Divergence, State, list[int]] | None:
    """Let hypothesis search the same deck and stacks for a simpler hand, when installed."""
    try:
        from hypothesis import HealthCheck, find, settings
        from hypothesis import strategies as st
        from hypothesis.errors import NoSuchExample
    except ModuleNotFoundError:
        return None
    top = max(recorded, default=1) + 1
    try:
        choice_list = find(
            st.lists(st.integers(0, top), max_size=len(recorded)),
            lambda c: _reproduces(adapter, hand, c, want, known) is not None,
            settings=settings(
                max_examples=100,
                derandomize=True,
                database=None,
                suppress_health_check=list(HealthCheck),
                deadline=None,
            ),
        )
    except NoSuchExample:
        return None
    return _reproduces(adapter, hand, choice_list, want, known)


# ------------------------------------------------------------------------------------
# The run


def _classify(d: Divergence, state: State, known: Sequence[KnownDifference]) -> str | None:
    """The known difference whose test accepts ``d`` within its observables."""
    for k in known:
        if k.matches is None or not k.covers(d):
            continue
        if d.kind is DivergenceKind.STATE and k.changes:
            continue  # a scoped field difference was tried while playing
        if k.matches(d, state):
            return k.name
    return None


def _games_where(has: Callable[[VariantSpec], bool]) -> tuple[str, ...]:
    """The ids of the games whose spec ``has`` the fact, in the order of ``Game``."""
    return tuple(game.value for game in _enums.Game if has(game.spec))


def _brings_in(spec: VariantSpec) -> bool:
    return spec.forced_bets == "bring_in"


#: The rule classes :func:`check_engine` counts, and the games that have each: a bring-in
#: and its completion and the open-pair big bet in the games that bring in, a reshuffle
#: where discards or recycled burns can be dealt (a draw game, or one that can run out).
RULE_CLASSES: Final = {
    "bring-in": _games_where(_brings_in),
    "completion": _games_where(_brings_in),
    "cap": _games_where(lambda _: True),
    "open pair": _games_where(_brings_in),
    "side pots": _games_where(lambda _: True),
    "odd chip": _games_where(lambda _: True),
    "show order": _games_where(lambda _: True),
    "reshuffle": _games_where(lambda spec: spec.is_draw or spec.community_card),
}

#: Hands :func:`check_engine` plays by default: enough that every rule class of
#: :data:`RULE_CLASSES` its game has is met (about 10 to 20 s for a Python engine on
#: this project's 2-core test machine; holecard against itself: 3 to 6 s).
DEFAULT_HANDS: Final = 300


def _rule_classes(game: Game) -> list[str]:
    """The rule classes ``game`` can go through, as it is configured."""
    config = game._config
    out = [name for name, games in RULE_CLASSES.items() if config.game in games]
    fixed = config.betting == "FIXED_LIMIT"
    if not fixed or config.options.get("max_raises", "none") == "none":
        out.remove("cap")
    if not fixed or config.options.get("open_pair_double_bet") != "true":
        out = [c for c in out if c != "open pair"]
    if "completion" in out and (
        not fixed or config.stakes["bring_in"] >= config.stakes["small_bet"]
    ):
        out.remove("completion")
    return out


def mixed_stacks(game: Game) -> Callable[[random.Random], tuple[int, ...]]:
    """The default stacks of :func:`check_engine`: deep, medium and short, mixed.

    Each hand seats 2 to ``max_players`` players (2-7: up to 6, stud: up to 8, so that
    the deck runs out now and then); each seat is deep (100 big bets, a third of the
    seats), medium (15 to 30 big bets) or short (one chip to 6 big bets), so that
    all-ins and side pots come in a good share of the hands while other hands play
    every street with every bet.

    >>> from holecard import Razz
    >>> import random
    >>> draw = mixed_stacks(Razz(ante=1, bring_in=2, small_bet=5, big_bet=10))
    >>> stacks = draw(random.Random(0))
    >>> 2 <= len(stacks) <= 8 and all(s >= 1 for s in stacks)
    True
    """
    config = game._config
    stakes = config.stakes
    big = max(stakes["big_bet"], stakes["min_bet"] * 2, stakes["big_blind"] * 2, 2)
    most = min(int(config.options.get("max_players", "6")), 8)

    def draw(rng: random.Random) -> tuple[int, ...]:
        n = rng.randint(2, most)
        out = []
        for _ in range(n):
            kind = rng.random()
            if kind < 1 / 3:
                out.append(100 * big)
            elif kind < 2 / 3:
                out.append(rng.randint(15 * big, 30 * big))
            else:
                out.append(rng.randint(1, 6 * big))
        return tuple(out)

    return draw


def typed_options(game: Game) -> dict[str, object]:
    """Every docs/rules.md §6 option of ``game`` as a typed value, for an adapter.

    ``game.options`` holds text (``"true"``, ``"3"``, ``"FULL_BET"``); here switches are
    ``bool``, counts ``int``, ``none`` is ``None`` and named values are the enums of
    :mod:`holecard.options` (``LimitShortAllInRule.FULL_BET`` …), which compare equal to
    their names.

    >>> from holecard import SevenCardStud
    >>> options = typed_options(SevenCardStud(ante=1, bring_in=2, small_bet=5))
    >>> options["max_raises"], options["open_pair_double_bet"], options["bring_in_card"]
    (3, True, <BringInCard.AUTO: 'AUTO'>)
    """
    from holecard import options as opts

    enums = {
        name: cls
        for name, cls in vars(opts).items()
        if isinstance(cls, type) and issubclass(cls, enum.Enum)
    }
    by_option = {
        "showdown_first_if_no_bet": "ShowdownFirst",
    }
    out: dict[str, object] = {}
    for name, text in game.options.items():
        camel = by_option.get(name, "".join(part.title() for part in name.split("_")))
        value: object = text
        if text in ("true", "false"):
            value = text == "true"
        elif text == "none":
            value = None
        elif text.lstrip("-").isdigit():
            value = int(text)
        elif camel in enums:
            try:
                value = enums[camel](text)
            except ValueError:
                value = text
        out[name] = value
    return out


def _stacks_for(
    stacks: Sequence[int] | Callable[[random.Random], Sequence[int]], rng: random.Random
) -> tuple[int, ...]:
    chosen = stacks(rng) if callable(stacks) else stacks
    out = tuple(chosen)
    if len(out) < 2 or any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in out):
        raise ConfigurationError(
            f"stacks must give two or more whole numbers of chips >= 1, got {out!r}"
        )
    return out


def check_engine(
    adapter: EngineAdapter,
    *,
    game: Game,
    hands: int = DEFAULT_HANDS,
    seed: int = 0,
    stacks: Sequence[int] | Callable[[random.Random], Sequence[int]] | None = None,
    known: Sequence[KnownDifference] = (),
    probe_illegal: bool = True,
    shrink: bool = True,
    max_steps: int = 500,
) -> EngineReport:
    """Play ``hands`` random hands of ``game`` in your engine and holecard's, comparing.

    Args:
        adapter: your engine (:class:`EngineAdapter`).
        game: a holecard game (``SevenCardStud(ante=1, bring_in=2, small_bet=5)`` …): the
            rules holecard plays, with ``profile=`` and options for your conventions.
        hands: how many hands (:data:`DEFAULT_HANDS`; the report's ``exercised`` says
            how many went through each rule class).
        seed: the seed of the decks, stacks and moves (same seed, same run).
        stacks: the starting stacks, or a function of a :class:`random.Random` that
            draws them for each hand; default :func:`mixed_stacks`: 2 to 8 players (2-7:
            6), deep, medium and short, so all-ins and side pots come often.
        known: the classes of intended differences (:class:`KnownDifference`).
        probe_illegal: now and then try a move holecard refuses, which your engine must
            refuse too, unchanged.
        shrink: shrink the first unexplained divergence (fewer moves, passive choices,
            smaller stacks, and hypothesis's shrinker when hypothesis is installed).
        max_steps: the longest hand.

    Returns:
        The report: counts, the first unexplained divergence (shrunk, with its PHH
        reproduction) and the first example of each known difference.

    Raises:
        ConfigurationError: ``hands`` below 1 or bad stacks.
        ArgumentTypeError: an adapter without the :class:`EngineAdapter` methods, or a
            ``game`` that is not a game table.
    """
    if not isinstance(adapter, EngineAdapter):
        raise ArgumentTypeError(
            "adapter must have start, legal_moves, apply and observe, got "
            f"{type(adapter).__name__}"
        )
    from holecard.games import _Game

    if not isinstance(game, _Game):
        raise ArgumentTypeError(
            "game must be a holecard game table (SevenCardStud(ante=1, bring_in=2, "
            f"small_bet=5), Razz.ten_twenty() ...), got {type(game).__name__} {game!r}"
        )
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ConfigurationError(f"hands must be a whole number >= 1, got {hands!r}")
    if stacks is None:
        stacks = mixed_stacks(game)
    rng = random.Random(seed)
    classes = _rule_classes(game)
    through = dict.fromkeys(classes, 0)
    counts = {k.name: 0 for k in known}
    equal = unexplained = 0
    first: tuple[_Hand, list[int], Divergence] | None = None
    examples: dict[str, Divergence] = {}
    for number in range(hands):
        deck = list(_DECK)
        rng.shuffle(deck)
        hand = _Hand(
            game=game,
            stacks=_stacks_for(stacks, rng),
            deck=tuple(deck),
            number=number,
            probe_illegal=probe_illegal,
            max_steps=max_steps,
            known=tuple(known),
        )
        choices = _Choices(random.Random(rng.getrandbits(64)))
        found, state = _play(adapter, hand, choices)
        for name in exercised(state) | hand.through:
            if name in through:
                through[name] += 1
        if found is None and hand.tolerated is None:
            equal += 1
            continue
        if found is None and hand.tolerated is not None:
            tolerated = hand.tolerated
            name = tolerated.known or ""
            counts[name] += 1
            note = (
                f"known difference {name}: hand {number}, {tolerated.description}\n"
                "# the hand went on with the moves both engines list"
            )
            examples.setdefault(name, replace(tolerated, phh=_phh_text(state, note)))
            continue
        assert found is not None
        known_name = _classify(found, state, known)
        if known_name is not None:
            counts[known_name] += 1
            example = replace(found, known=known_name)
            example = replace(example, phh=_phh_of(example, state))
            examples.setdefault(known_name, example)
            continue
        unexplained += 1
        if first is None:
            first = (hand, list(choices.used), found)
    shrunk: Divergence | None = None
    if first is not None:
        hand, recorded, found = first
        if shrink:
            found, state = _shrink(adapter, hand, recorded, found, known)
        else:
            _, state = _play(adapter, hand, _Choices(None, recorded))
        shrunk = replace(found, phh=_phh_of(found, state))
    return EngineReport(
        game=repr(game),
        hands=hands,
        equal=equal,
        known=tuple(counts.items()),
        unexplained=unexplained,
        first=shrunk,
        examples=tuple(examples.values()),
        exercised=tuple(through.items()),
    )


def _phh_of(d: Divergence, state: State) -> str:
    comment = f"hand {d.hand}, {d.description}"
    if d.known is not None:
        comment = f"known difference {d.known}: {comment}"
    if d.move is not None:
        comment += f"\n# the step's move, not in the actions: {d.move!r}"
    return _phh_text(state, comment)


def assert_engine_conforms(adapter: EngineAdapter, **options: object) -> EngineReport:
    """:func:`check_engine` for a test suite: raise ``AssertionError`` on a divergence.

    Takes the same keyword arguments as :func:`check_engine`; the error message is the
    report with the shrunk reproduction. Returns the report when nothing is unexplained.

    >>> from holecard import DeuceSevenTripleDraw
    >>> game = DeuceSevenTripleDraw(small_bet=2, small_blind=1)
    >>> assert_engine_conforms(HolecardAdapter(), game=game, hands=3, stacks=[40, 40]).ok
    True
    """
    report = check_engine(adapter, **options)  # type: ignore[arg-type]
    if not report.ok:
        raise AssertionError(str(report))
    return report


class ReferenceAdapter:
    """holecard's pure-Python reference engine (:mod:`holecard.reference`) as an adapter.

    A second, independent implementation of docs/rules.md: a correct peer. Its recycled
    cards (T-9.2, D-10) go under the stub in its own order (burn and discard order, not
    shuffled), which the kit accepts: the order of recycled cards is an engine's choice.

    >>> from holecard import SevenCardStud
    >>> check_engine(ReferenceAdapter(), game=SevenCardStud(ante=1, bring_in=2, small_bet=5),
    ...              hands=3).ok
    True
    """

    def __init__(self) -> None:
        self.state: object = None

    def start(self, game: Game, stacks: Sequence[int], deck: Sequence[Card]) -> None:
        """Deal the hand in the reference engine, with the game's options."""
        from holecard.reference import engine

        cls = getattr(engine, type(game).__name__)
        # Only what the reference's game takes: holecard lists every option and amount.
        allowed = {*engine._COMMON_OPTIONS, *cls._extra_options, *cls._table_defaults}
        given = {**game.stakes, **typed_options(game)}
        kwargs = {k: v for k, v in given.items() if k in allowed and v is not None}
        ref = cls(betting=str(game.betting), **kwargs)
        self.state = ref.start(list(stacks), deck=[str(c) for c in deck])

    def _hand(self) -> Any:  # noqa: ANN401 - a holecard.reference.engine State
        if self.state is None:
            raise RuntimeError("start() a hand first")
        return self.state

    def legal_moves(self) -> Iterable[Move]:
        """The reference engine's legal moves, as holecard's :class:`~holecard.Move`."""
        out = []
        for m in self._hand().legal_moves():
            if m.kind == "draw":
                out.append(Move("draw", discards=[Card(str(c)) for c in m.discards]))
            else:
                out.append(Move(m.kind, m.amount) if m.amount is not None else Move(m.kind))
        return out

    def apply(self, move: Move) -> None:
        """Play ``move`` (the reference raises its IllegalActionError when it refuses)."""
        self._hand().apply(move)

    def observe(self) -> Observation:
        """The reference state in holecard's terms."""
        s = self._hand()
        over = bool(s.is_over)
        return Observation(
            actor=None if over else s.actor,
            stacks=tuple(s.stacks),
            is_over=over,
            pots=tuple(p.amount for p in s.pots),
            payoffs=tuple(s.payoffs) if over else None,
            hole_cards=tuple(tuple(Card(str(c)) for c in p.hole_cards) for p in s.players),
            board=tuple(Card(str(c)) for c in s.board),
        )
