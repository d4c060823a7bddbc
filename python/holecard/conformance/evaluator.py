"""Does your hand evaluator order hands as holecard does?

:func:`check_evaluator` calls your evaluator on hands of every size the ranking is used
with (5, 6 and 7 cards; Soko: 5), evaluates the same hands with holecard's batch
evaluator, and checks that your values induce exactly holecard's order: hands holecard
ties get equal values, and a hand holecard ranks higher gets a better value. Raw numbers
never need to agree. The hands of each size are random ones plus two of every class
holecard tells apart (every straight flush, every set of quads and full house …), so a
bug in a rare hand is found as surely as one in a common hand.

>>> from holecard import evaluate_high
>>> report = check_evaluator(lambda cards: evaluate_high(cards).strength, "high", cards=7,
...                          samples=2_000)
>>> report.ok, report.cards, report.hands > 2_000  # and two hands of each class
(True, 7, True)
>>> broken = check_evaluator(lambda cards: len({c.rank for c in cards}), "high", cards=5,
...                          exhaustive=False, samples=2_000)
>>> broken.ok
False
>>> print(broken.misordered.describe())  # doctest: +ELLIPSIS
holecard ranks ... above ...
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from holecard._core import Card
from holecard._enums import Game
from holecard.exceptions import ArgumentTypeError, ConfigurationError

__all__ = ["Better", "EvaluatorReport", "MisorderedPair", "check_evaluator"]

_DECK: Final = tuple(Card.from_index(i) for i in range(52))
#: How many cards each of holecard's rankings takes (inclusive bounds), as its evaluators
#: do (``evaluate_deuce_seven`` takes the best five of up to seven, as the others).
CARD_COUNTS: Final[dict[str, tuple[int, int]]] = {
    "high": (5, 7),
    "soko": (5, 5),
    "ace_five": (5, 7),
    "low8": (5, 7),
    "deuce_seven": (5, 7),
}

#: The rankings whose evaluator takes a four-straight mode (Soko's: ``Game.spec``).
_FOUR_STRAIGHT_RANKINGS: Final = frozenset(
    game.spec.rankings[0] for game in Game if game.spec.four_straights
)


class Better(enum.StrEnum):
    """Which of your evaluator's values is the better hand."""

    HIGHER = "higher"
    LOWER = "lower"


@dataclass(frozen=True)
class MisorderedPair:
    """Two hands that your evaluator orders differently from holecard.

    Attributes:
        first: the hand holecard ranks lower (or equal, when ``tie``).
        second: the hand holecard ranks higher (or equal).
        holecard: holecard's strengths of ``first`` and ``second`` (greater is better,
            ``0`` for no qualifying 8-or-better low).
        yours: your evaluator's values of ``first`` and ``second``.
        tie: holecard ties the two hands (and your values differ).
    """

    first: tuple[Card, ...]
    second: tuple[Card, ...]
    holecard: tuple[int, int]
    yours: tuple[object, object]
    tie: bool

    def describe(self) -> str:
        """One line: the two hands, holecard's verdict and your values."""
        a = " ".join(map(str, self.first))
        b = " ".join(map(str, self.second))
        if self.tie:
            return (
                f"holecard ties {a} and {b} (strength {self.holecard[0]}); your evaluator "
                f"gives {self.yours[0]!r} and {self.yours[1]!r}"
            )
        return (
            f"holecard ranks {b} above {a} (strengths {self.holecard[1]} > "
            f"{self.holecard[0]}); your evaluator gives {self.yours[1]!r} and "
            f"{self.yours[0]!r}"
        )


@dataclass(frozen=True)
class EvaluatorReport:
    """What :func:`check_evaluator` found.

    Attributes:
        ranking: the ranking checked.
        cards: cards per hand, or the hand sizes checked (a tuple) when there are several.
        hands: hands evaluated (of every size).
        exhaustive: whether every hand of each size was evaluated.
        misordered: the first pair in holecard's order that your values misorder
            (``None``: your evaluator induces exactly holecard's order on these hands);
            with several sizes, that of the smallest size with one.
        parts: with several sizes, the report of each size, smallest first.
    """

    ranking: str
    cards: int | tuple[int, ...]
    hands: int
    exhaustive: bool
    misordered: MisorderedPair | None
    parts: tuple[EvaluatorReport, ...] = ()

    @property
    def ok(self) -> bool:
        """No misordered pair."""
        return self.misordered is None

    def __str__(self) -> str:
        if self.parts:
            return "\n".join(str(p) for p in self.parts)
        scope = "every" if self.exhaustive else f"{self.hands:,} sampled"
        head = f"{self.ranking}, {scope} {self.cards}-card hands"
        if self.misordered is None:
            return f"{head} ({self.hands:,}): same order as holecard"
        return f"{head}: {self.misordered.describe()}"


@lru_cache(maxsize=2)
def _all_hands(k: int) -> npt.NDArray[np.uint8]:
    flat = np.fromiter(
        (i for combo in combinations(range(52), k) for i in combo),
        dtype=np.uint8,
        count=comb(52, k) * k,
    )
    out = flat.reshape(-1, k)
    out.flags.writeable = False  # cached: shared by every check
    return out


@lru_cache(maxsize=8)
def _classes(
    ranking: str, four_straight: str | None
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Every 5-card hand grouped by holecard's strength: ``(order, starts, sizes)``.

    ``order`` lists the hands (indices into :func:`_all_hands`) class by class; class
    ``i`` is ``order[starts[i] : starts[i] + sizes[i]]``.
    """
    strengths = _holecard_strengths(ranking, _all_hands(5), four_straight)
    order = np.argsort(strengths, kind="stable")
    _, starts, sizes = np.unique(strengths[order], return_index=True, return_counts=True)
    return order, starts, sizes


def _class_hands(
    ranking: str, four_straight: str | None, rng: np.random.Generator
) -> npt.NDArray[np.uint8]:
    """Two random 5-card hands of every class holecard tells apart (one if it is alone).

    Uniform samples seldom hold the rare classes (a straight flush is one hand in 65,000),
    where a bug is as likely as anywhere.
    """
    order, starts, sizes = _classes(ranking, four_straight)
    picks = [starts + (rng.random(len(sizes)) * sizes).astype(np.intp) for _ in range(2)]
    chosen = np.unique(order[np.concatenate(picks)])
    return _all_hands(5)[chosen]


def _sampled_hands(
    k: int, samples: int, seed: int, ranking: str, four_straight: str | None
) -> npt.NDArray[np.uint8]:
    """``samples`` random hands of ``k`` cards, then every class's hands.

    For 6 and 7 cards each class's 5-card hand gets random cards to fill it up.
    """
    rng = np.random.default_rng(seed)
    keys = rng.random((samples, 52))
    uniform = np.argsort(keys, axis=1)[:, :k].astype(np.uint8)
    classes = _class_hands(ranking, four_straight, rng)
    if k > 5:
        keys = rng.random((len(classes), 52))
        rows = np.arange(len(classes))[:, None]
        keys[rows, classes] = 2.0  # the hand's own cards sort last: never drawn again
        extra = np.argsort(keys, axis=1)[:, : k - 5].astype(np.uint8)
        classes = np.concatenate([classes, extra], axis=1)
    return np.concatenate([uniform, classes])


def _holecard_strengths(
    ranking: str, hands: npt.NDArray[np.uint8], four_straight: str | None
) -> npt.NDArray[np.int64]:
    from holecard import batch

    evaluate = getattr(batch, f"evaluate_{ranking}")
    if ranking in _FOUR_STRAIGHT_RANKINGS:
        out = evaluate(hands, four_straight=four_straight or "CONSECUTIVE")
    else:
        out = evaluate(hands)
    return np.asarray(out, dtype=np.int64)


def check_evaluator(
    fn: Callable[[Any], object],
    ranking: str,
    *,
    cards: int | Sequence[int] | None = None,
    exhaustive: bool | None = None,
    samples: int = 50_000,
    seed: int = 0,
    better: Better | str = Better.HIGHER,
    four_straight: str | None = None,
    vectorized: bool = False,
) -> EvaluatorReport:
    """Check that ``fn`` orders hands as holecard's ``ranking`` does.

    Args:
        fn: your evaluator: takes a tuple of :class:`~holecard.Card` (``str(card)`` is
            ``"As"``, ``card.index`` is ``4 * rank + suit`` from ``2c`` = 0 to ``As`` = 51)
            and returns a value whose order (numbers, tuples, anything sortable) says how
            good the hand is; ``None`` for "no hand" (no qualifying 8-or-better low) is
            below every value.
        ranking: ``"high"``, ``"soko"``, ``"ace_five"``, ``"low8"`` or ``"deuce_seven"``.
        cards: cards per hand, or several sizes; default every size the ranking is used
            with (:data:`CARD_COUNTS`: 5, 6 and 7; Soko 5), since a bug may show only
            in seven-card hands (two sets of trips, say).
        exhaustive: every hand of each size (default no: ``samples`` random hands plus two
            hands of every class holecard tells apart, about 15,000 more; every 5-card
            hand is 2,598,960 calls of ``fn``, 40 s for a fast Python evaluator here).
        samples: random hands drawn per size when not exhaustive (the default check of a
            high evaluator calls ``fn`` about 195,000 times, 65,000 per size: 3 to 6 s
            for phevaluator, eval7 or treys on this project's 2-core test machine).
        seed: the sample's seed.
        better: ``"higher"`` (default) when a greater value of yours is a better hand,
            ``"lower"`` when a smaller one is (ranks counted from the best hand).
        four_straight: Soko's ``four_straight_mode``.
        vectorized: ``fn`` takes all the hands at once, as a ``uint8`` NumPy array of
            card indices of shape ``(n, cards)``, and returns ``n`` numbers (much faster
            for an evaluator that has a batch form).

    Returns:
        The report; ``report.misordered`` holds the first misordered pair in holecard's
        order, with both hands and both evaluators' values.

    Raises:
        ConfigurationError: an unknown ranking, a ``better`` other than higher or lower, a
            card count it does not take, or ``samples`` below 1.
        ArgumentTypeError: ``fn`` cannot be called.
    """
    if not callable(fn):
        raise ArgumentTypeError(f"fn must be a function of a hand, got {type(fn).__name__}")
    if ranking not in CARD_COUNTS:
        raise ConfigurationError(
            f"ranking must be one of {', '.join(CARD_COUNTS)}, got {ranking!r}"
        )
    least, most = CARD_COUNTS[ranking]
    counts = f"{least} to {most}" if least < most else f"{least}"
    if cards is None:
        sizes = list(range(least, most + 1))
    elif isinstance(cards, int) and not isinstance(cards, bool):
        sizes = [cards]
    elif isinstance(cards, Sequence) and not isinstance(cards, str) and cards:
        sizes = sorted(set(cards))
    else:
        raise ConfigurationError(f"ranking {ranking!r} takes {counts} cards, got cards={cards!r}")
    for k in sizes:
        if isinstance(k, bool) or not isinstance(k, int) or not least <= k <= most:
            raise ConfigurationError(
                f"ranking {ranking!r} takes {counts} cards, got cards={cards!r}"
            )
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ConfigurationError(f"samples must be a whole number >= 1, got {samples!r}")
    try:
        lower_is_better = Better(str(better).lower()) is Better.LOWER
    except ValueError:
        names = " or ".join(repr(b.value) for b in Better)
        raise ConfigurationError(f"better must be {names}, got {better!r}") from None
    parts = [
        _check_size(
            fn,
            ranking,
            k,
            bool(exhaustive),
            samples,
            seed,
            lower_is_better,
            four_straight,
            vectorized,
        )
        for k in sizes
    ]
    if len(parts) == 1:
        return parts[0]
    return EvaluatorReport(
        ranking=ranking,
        cards=tuple(sizes),
        hands=sum(p.hands for p in parts),
        exhaustive=all(p.exhaustive for p in parts),
        misordered=next((p.misordered for p in parts if p.misordered is not None), None),
        parts=tuple(parts),
    )


def _check_size(
    fn: Callable[[Any], object],
    ranking: str,
    cards: int,
    every: bool,
    samples: int,
    seed: int,
    lower_is_better: bool,
    four_straight: str | None,
    vectorized: bool,
) -> EvaluatorReport:
    """:func:`check_evaluator` on hands of one size."""
    if every:
        hands = _all_hands(cards)
    else:
        hands = _sampled_hands(cards, samples, seed + cards, ranking, four_straight)
    strengths = _holecard_strengths(ranking, hands, four_straight)
    if vectorized:
        yours: Sequence[object] = np.asarray(fn(hands.copy())).tolist()
        if len(yours) != len(hands):
            raise ConfigurationError(
                f"a vectorized fn must return one value per hand: {len(hands)} hands, "
                f"{len(yours)} values"
            )
    else:
        card = _DECK.__getitem__
        yours = [fn(tuple(map(card, row))) for row in hands.tolist()]
    return EvaluatorReport(
        ranking=ranking,
        cards=cards,
        hands=len(hands),
        exhaustive=every,
        misordered=_first_misordered(hands, strengths, yours, lower_is_better),
    )


def _first_misordered(
    hands: npt.NDArray[np.uint8],
    strengths: npt.NDArray[np.int64],
    yours: Sequence[object],
    lower_is_better: bool,
) -> MisorderedPair | None:
    """The first pair, in holecard's order, whose values your evaluator orders otherwise.

    Your values must be a strictly increasing function of holecard's strength: equal
    within each of holecard's ties, and rising from one strength to the next. Hands are
    sorted by holecard's strength, then by your value (``None`` first), so the first
    tie with two values and the first step down show at neighbouring positions.
    """
    ranks = _dense_ranks(yours, lower_is_better)
    order = np.lexsort((ranks, strengths))
    s, r = strengths[order], ranks[order]
    same = s[1:] == s[:-1]
    bad = (same & (r[1:] != r[:-1])) | (~same & (r[1:] <= r[:-1]))
    hits = np.flatnonzero(bad)
    if hits.size == 0:
        return None
    i = int(hits[0])
    a, b = int(order[i]), int(order[i + 1])
    return MisorderedPair(
        first=tuple(_DECK[x] for x in hands[a].tolist()),
        second=tuple(_DECK[x] for x in hands[b].tolist()),
        holecard=(int(strengths[a]), int(strengths[b])),
        yours=(yours[a], yours[b]),
        tie=bool(same[i]),
    )


def _dense_ranks(values: Sequence[object], lower_is_better: bool) -> npt.NDArray[np.int64]:
    """Each value's place among the distinct values, best last (``None`` lowest)."""
    present = sorted({v for v in values if v is not None}, reverse=lower_is_better)  # type: ignore[type-var]
    place = {v: i + 1 for i, v in enumerate(present)}
    return np.fromiter(
        (0 if v is None else place[v] for v in values), dtype=np.int64, count=len(values)
    )
