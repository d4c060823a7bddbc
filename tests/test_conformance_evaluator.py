"""check_evaluator: holecard's own evaluators and two peers (phevaluator, eval7) induce
holecard's order; broken evaluators are caught with the first misordered pair."""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import numpy as np
import numpy.typing as npt
import phevaluator
import pytest

from holecard import (
    ArgumentTypeError,
    Card,
    ConfigurationError,
    batch,
    evaluate_ace_five,
    evaluate_high,
    evaluate_low8,
)
from holecard.testing import EvaluatorReport, check_evaluator


def _eval7() -> Any:  # noqa: ANN401 - the eval7 module
    with warnings.catch_warnings():
        # eval7 builds its hand-range parser with pyparsing names deprecated in pyparsing 3.
        warnings.simplefilter("ignore", DeprecationWarning)
        import eval7
    return eval7


def test_phevaluator_seven_card_high_orders_as_holecard() -> None:
    # phevaluator ranks from the best hand (1 = royal flush): lower is better. Its card
    # integers are holecard's indices (4 * rank + suit, 2c = 0).
    report = check_evaluator(
        lambda cards: phevaluator.evaluate_cards(*(c.index for c in cards)),
        "high",
        cards=7,
        samples=60_000,
        better="lower",
    )
    assert report.ok, str(report)
    # 60,000 random hands and two of each of the 7,462 classes (fewer where one is alone).
    assert 60_000 + 7_462 < report.hands <= 60_000 + 2 * 7_462
    assert (report.cards, report.exhaustive) == (7, False)


def test_eval7_seven_card_high_orders_as_holecard() -> None:
    eval7 = _eval7()
    deck = [eval7.Card(str(Card.from_index(i))) for i in range(52)]
    report = check_evaluator(
        lambda cards: eval7.evaluate([deck[c.index] for c in cards]),
        "high",
        cards=7,
        samples=60_000,
    )
    assert report.ok, str(report)


def test_every_five_card_hand_vectorized() -> None:
    report = check_evaluator(
        batch.evaluate_high, "high", cards=5, exhaustive=True, vectorized=True
    )
    assert report.ok
    assert report.exhaustive
    assert report.hands == 2_598_960
    assert str(report) == "high, every 5-card hands (2,598,960): same order as holecard"


@pytest.mark.parametrize(
    ("ranking", "fn"),
    [
        ("ace_five", lambda cards: evaluate_ace_five(cards).strength),
        ("low8", lambda cards: None if (v := evaluate_low8(cards)) is None else v.strength),
    ],
)
def test_holecard_evaluators_pass_six_cards(ranking: str, fn: object) -> None:
    assert check_evaluator(fn, ranking, cards=6, samples=5_000).ok  # type: ignore[arg-type]


def _no_wheel(cards: tuple[Card, ...]) -> int:
    """A high evaluator that does not know the five-high straight (G-1.1.2)."""
    value = evaluate_high(cards)
    ranks = sorted({c.index // 4 for c in cards})
    if ranks == [0, 1, 2, 3, 12] and value.category.name in ("STRAIGHT", "STRAIGHT_FLUSH"):
        return 0  # scored as the worst hand
    return value.strength


def test_a_missing_wheel_is_caught() -> None:
    report = check_evaluator(_no_wheel, "high", cards=5, exhaustive=False, samples=100_000)
    pair = report.misordered
    assert pair is not None
    assert not pair.tie
    wheel = {c.index // 4 for c in pair.second}
    assert wheel == {0, 1, 2, 3, 12}, pair.describe()
    assert pair.yours[1] == 0
    assert pair.holecard[0] < pair.holecard[1]
    assert pair.describe().startswith("holecard ranks ")
    assert pickle.loads(pickle.dumps(report)) == report
    assert isinstance(report, EvaluatorReport)


def test_suits_breaking_ties_are_caught() -> None:
    report = check_evaluator(
        lambda cards: (evaluate_high(cards).strength, max(cards).index % 4),
        "high",
        cards=5,
        exhaustive=False,
        samples=3_000,
    )
    assert report.misordered is not None
    assert report.misordered.tie
    assert "holecard ties" in report.misordered.describe()


def _wrong_length(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint32]:
    return batch.evaluate_high(hands)[1:]


def test_bad_arguments() -> None:
    with pytest.raises(ConfigurationError, match="ranking"):
        check_evaluator(len, "omaha")
    with pytest.raises(ConfigurationError, match="better must be 'higher' or 'lower', got 'up'"):
        check_evaluator(len, "high", better="up")
    with pytest.raises(ConfigurationError, match="takes 5 cards"):
        check_evaluator(len, "soko", cards=7)
    with pytest.raises(ConfigurationError, match="samples"):
        check_evaluator(len, "high", cards=7, samples=0)
    with pytest.raises(ArgumentTypeError, match="fn"):
        check_evaluator(3, "high")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="one value per hand"):
        check_evaluator(_wrong_length, "high", cards=7, samples=10, vectorized=True)
