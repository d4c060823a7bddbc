"""Check your poker engine against holecard's, hand by hand and step by step.

You wrap your engine in a small adapter (:class:`EngineAdapter`: start a hand from a
holecard game, stacks and a fixed deck; list legal moves; apply a move; report what a
player sees). :func:`check_engine` then deals random hands to both engines from the same
decks, plays random legal moves (and, now and then, an illegal one that both must refuse)
and compares the two after every step. Each hand ends **equal**, with a **known
difference** (a class of intended differences you declared, :class:`KnownDifference`:
a house rule, a documented limitation) or **unexplained**. The first unexplained
divergence is shrunk to a short reproduction, given as PHH text with a one-line
description naming the rule of docs/rules.md::

    step 7: your engine offers Move('bet_or_raise_to', 25), holecard refuses: cap of 3
    raises (docs/rules.md G-1.6.2)

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
from typing import TYPE_CHECKING, Final, Protocol, runtime_checkable

from holecard._core import Card, Move, State
from holecard.conformance.rules import field_rule, offer_rule, refusal_rule
from holecard.exceptions import ArgumentTypeError, ConfigurationError, IllegalActionError
from holecard.options import Betting

if TYPE_CHECKING:
    from holecard.games import _Game as Game

__all__ = [
    "Divergence",
    "DivergenceKind",
    "EngineAdapter",
    "EngineReport",
    "HolecardAdapter",
    "KnownDifference",
    "Observation",
    "assert_engine_conforms",
    "check_engine",
    "illegal_moves",
    "refused_amounts",
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
    """

    actor: int | None
    stacks: tuple[int, ...]
    is_over: bool
    pots: tuple[int, ...] | None = None
    payoffs: tuple[int, ...] | None = None
    hole_cards: tuple[tuple[Card, ...], ...] | None = None


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


@dataclass(frozen=True)
class KnownDifference:
    """A class of intended differences: a house rule, a documented limitation.

    A hand whose divergence ``matches`` is counted under ``name`` instead of as
    unexplained. ``matches(divergence, state)`` sees the divergence and holecard's state
    at that point (before the step's move for move divergences).

    Attributes:
        name: a short name (``odd-chip-to-low``).
        rule: the docs/rules.md rule your engine plays differently.
        description: what your engine does instead.
        matches: the test.

    >>> odd_chip = KnownDifference(
    ...     "odd-chip-to-low", "H-5.5", "the odd chip of a hi/lo split goes to the low half",
    ...     lambda d, state: d.subject == "payoffs")
    >>> odd_chip.name
    'odd-chip-to-low'
    """

    name: str
    rule: str
    description: str
    matches: Callable[[Divergence, State], bool] = field(compare=False)


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
    """

    game: str
    hands: int
    equal: int
    known: tuple[tuple[str, int], ...]
    unexplained: int
    first: Divergence | None
    examples: tuple[Divergence, ...] = ()

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
    #: The first known difference in the moves offered, which the hand played past.
    tolerated: Divergence | None = None


def _text(value: object) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return "[" + ", ".join(" ".join(map(str, seat)) for seat in value) + "]"
    return str(value)


def _compare(state: State, mine: Observation, yours: Observation) -> tuple[str, str, str] | None:
    """The first differing field of two observations: ``(field, holecard, yours)``."""
    checks: list[tuple[str, object, object]] = [
        ("is_over", mine.is_over, yours.is_over),
        ("actor", mine.actor, yours.actor),
        ("stacks", mine.stacks, tuple(yours.stacks)),
    ]
    if yours.pots is not None and not mine.is_over:
        checks.append(("pots", mine.pots, tuple(yours.pots)))
    if yours.payoffs is not None and mine.is_over:
        checks.append(("payoffs", mine.payoffs, tuple(yours.payoffs)))
    if yours.hole_cards is not None and not mine.is_over and mine.hole_cards is not None:
        live = [i for i, p in enumerate(state.players) if not p.folded]
        a = tuple(tuple(sorted(mine.hole_cards[i])) for i in live)
        theirs = list(yours.hole_cards) + [()] * len(state.players)
        b = tuple(tuple(sorted(theirs[i])) for i in live)
        checks.append(("hole_cards", a, b))
    for name, x, y in checks:
        if x != y:
            return name, _text(x), _text(y)
    return None


def _phh_text(state: State, comment: str) -> str:
    from holecard import phh

    return f"# {comment}\n" + phh.dumps(state.to_phh())


def _play(
    adapter: EngineAdapter, hand: _Hand, choices: _Choices
) -> tuple[Divergence | None, State]:
    """Play one hand in both engines; the first divergence (without its PHH) or None."""
    state = hand.game.start(list(hand.stacks), deck=list(hand.deck))
    hand.moves = []
    hand.tolerated = None

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
                f"observe() raised {exc!r}",
            )
        diff = _compare(state, observe_holecard(state), yours)
        if diff is None:
            return None
        name, mine, theirs = diff
        rule = field_rule(state, name)
        step = len(hand.moves)
        return diverge(
            DivergenceKind.STATE,
            name,
            mine,
            theirs,
            rule,
            f"step {step}: {name} differ: holecard {mine}, your engine {theirs} "
            f"(docs/rules.md {rule})",
        )

    try:
        adapter.start(hand.game, hand.stacks, hand.deck)
    except Exception as exc:
        return diverge(
            DivergenceKind.ERROR, "start", "", repr(exc), "G-1.3", f"start() raised {exc!r}"
        ), state
    found = compare()
    while found is None and not state.is_over and len(hand.moves) < hand.max_steps:
        step = len(hand.moves)
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
                f"step {step}: legal_moves() raised {exc!r}",
            ), state
        # Pot and no limit: a raise is listed by the smallest and the largest total, every
        # total between them being legal too (an adapter need not list them all).
        ranged = hand.game.betting is not Betting.FIXED_LIMIT
        differences = _move_differences(hand, state, ours, theirs, ranged, diverge)
        for d in differences:
            name = _classify(d, state, hand.known)
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
                return found, state
        pick = choices.take(_random_move_index(ours))
        move = _passive(ours) if pick == 0 else ours[(pick - 1) % len(ours)]
        try:
            adapter.apply(move)
        except Exception as exc:
            rule = offer_rule(state, move)
            return diverge(
                DivergenceKind.REFUSED,
                repr(move),
                "plays it",
                repr(exc),
                rule,
                f"step {step}: your engine refuses {move!r} ({exc}), holecard plays it "
                f"(docs/rules.md {rule})",
                move,
            ), state
        hand.moves.append(move)
        state.apply(move)
        found = compare()
    return found, state


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
            f"step {step}: {what} (docs/rules.md {rule})",
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
    candidates = illegal_moves(state)
    if not candidates:
        return None
    pick = choices.take(
        lambda rng: rng.randrange(len(candidates)) + 1 if rng.random() < 0.2 else 0
    )
    if pick == 0:
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
        f"step {step}: your engine accepts {move!r}, holecard refuses: {why} "
        f"(docs/rules.md {rule})",
        move,
    )


# ------------------------------------------------------------------------------------
# Shrinking a divergence


def _signature(d: Divergence) -> tuple[str, str, str]:
    """What makes two divergences "the same bug" when shrinking.

    Their kind, the move kind or field, and the rule.
    """
    subject = d.subject.split(",")[0] if d.kind is not DivergenceKind.STATE else d.subject
    return str(d.kind), subject, d.rule


def _reproduces(
    adapter: EngineAdapter,
    hand: _Hand,
    recorded: Sequence[int],
    want: tuple[str, str, str],
    known: Sequence[KnownDifference],
) -> tuple[Divergence, State, list[int]] | None:
    """Replay ``recorded``; the same unexplained divergence, or None.

    Returns the divergence, holecard's state and the choices used (trailing passive
    choices dropped).
    """
    choices = _Choices(None, recorded)
    found, state = _play(adapter, hand, choices)
    if found is None or _signature(found) != want or _classify(found, state, known) is not None:
        return None
    used = choices.used
    while used and used[-1] == 0:
        used.pop()
    return found, state, used


def _size(found: Divergence, used: Sequence[int]) -> tuple[int, int, int, int]:
    return len(found.moves), len(used), sum(used), sum(found.stacks)


def _shrink(
    adapter: EngineAdapter,
    hand: _Hand,
    recorded: list[int],
    found: Divergence,
    known: Sequence[KnownDifference],
) -> tuple[Divergence, State]:
    """A shorter, simpler hand with the same divergence.

    Fewer moves, passive choices, smaller stacks; with hypothesis installed, its shrinker
    is tried as well.
    """
    want = _signature(found)
    best = _reproduces(adapter, hand, recorded, want, known)
    if best is None:  # the engine is not deterministic: keep what was found
        return found, hand.game.start(list(hand.stacks), deck=list(hand.deck))
    best_hand = hand

    def better(trial_hand: _Hand, trial: list[int]) -> bool:
        nonlocal best, best_hand
        assert best is not None
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
    hyp = _hypothesis_shrink(adapter, best_hand, best[2], want, known)
    if hyp is not None and _size(hyp[0], hyp[2]) < _size(best[0], best[2]):
        best = hyp
    return best[0], best[1]


def _hypothesis_shrink(
    adapter: EngineAdapter,
    hand: _Hand,
    recorded: list[int],
    want: tuple[str, str, str],
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
                max_examples=200,
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
    for k in known:
        if k.matches(d, state):
            return k.name
    return None


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
    hands: int = 100,
    seed: int = 0,
    stacks: Sequence[int] | Callable[[random.Random], Sequence[int]] = (200, 200, 200, 200),
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
        hands: how many hands.
        seed: the seed of the decks, stacks and moves (same seed, same run).
        stacks: the starting stacks, or a function of a :class:`random.Random` that
            draws them for each hand (short and mixed stacks reach the all-in rules).
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
    rng = random.Random(seed)
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
