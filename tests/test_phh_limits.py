"""Issue 40 item 7, PHH part: the PHH reader refuses text beyond its stated limits (size,
line length, nesting, key parts, number length) with a holecard error naming the line,
never RecursionError or Python's own ValueError, and in time linear in the text."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import PHH_DIR
from holecard import phh
from holecard.exceptions import HandHistoryError, HandHistorySyntaxError

HEADER = 'variant = "F7S"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'


def refused(text: str, message: str) -> HandHistorySyntaxError:
    with pytest.raises(HandHistorySyntaxError, match=message) as info:
        phh.loads(text)
    assert isinstance(info.value, ValueError)
    return info.value


def test_deep_nesting_is_refused_by_name_not_by_recursion_error() -> None:
    # Issue 40: 2,000 nested [ raised RecursionError from tomllib.
    text = HEADER + "x = " + "[" * 2000 + "1" + "]" * 2000 + "\n"
    refused(text, r"nested more than 32 deep \(at line 6, column 37\)")
    refused(
        HEADER + "x = " + "{a = " * 2000 + "1" + "}" * 2000, r"32 deep \(at line 6, column 165"
    )
    text = HEADER + "x = " + "[" * 32 + "1" + "]" * 32 + "\n"  # at the limit
    assert phh.loads(text).extras["x"] == [
        [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
    ]


def test_brackets_in_strings_and_comments_do_not_count() -> None:
    text = (
        HEADER
        + 'x = "'
        + "[" * 100
        + "\"  # {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{\ny = '''\n"
        + ("[" * 100 + "'''\n")
    )
    hh = phh.loads(text)
    assert hh.extras["x"] == "[" * 100
    assert hh.extras["y"] == "[" * 100


def test_huge_integers_are_refused_by_name_not_by_pythons_digit_limit() -> None:
    # Issue 40: a 5,000-digit integer raised builtins ValueError ("Exceeds the limit").
    refused(HEADER + "starting_stacks = [" + "9" * 5000 + ", 1]\n", r"number of 5,000 characters")
    refused(HEADER + "x = 0x" + "f" * 5000 + "\n", r"number of 5,002 characters.*line 6")
    refused(HEADER + "x = 1." + "5" * 100 + "\n", r"number of 102 characters")
    refused(HEADER + "x = -" + "9" * 5000 + "\n", r"number of 5,000 characters")
    hh = phh.loads(HEADER + "x = " + "9" * 64 + "\n")  # at the limit
    assert hh.extras["x"] == int("9" * 64)


def test_dotted_keys_and_table_names_have_at_most_17_parts() -> None:
    # tomllib checks a dotted key's every prefix against the table's: quadratic in its parts.
    refused(HEADER + "a" + ".a" * 5000 + " = 1\n", r"more than 16 dots.*line 6")
    refused(HEADER + "[t" + ".t" * 5000 + "]\nb = 1\n", r"more than 16 dots.*line 6")
    refused(HEADER + "1" + ".1" * 20 + " = 1\n", r"more than 16 dots.*line 6")
    hh = phh.loads(HEADER + "a" + ".a" * 16 + " = 1\n")
    assert "a" in hh.extras
    # A float's dot is not a key's: a long line of them is fine.
    hh = phh.loads(
        HEADER + "x = [" + ", ".join(["-1.5", "2.5e3", "1979-05-27T07:32:00.5"] * 30) + "]\n"
    )
    assert len(hh.extras["x"]) == 90


def test_long_lines_and_long_texts_are_refused() -> None:
    refused(
        HEADER + 'x = "' + "a" * 70_000 + '"\n', r"line 6 has 70,006 characters; at most 65,536"
    )
    refused(
        HEADER + ('x = "' + "a" * 1000 + '"\n') * 1100,
        r"1,10\d,\d+ characters; a hand history has at most 1,048,576",
    )


def test_load_reads_no_further_than_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.phh"
    path.write_text(HEADER + ("# " + "a" * 1000 + "\n") * 2000, encoding="utf-8")
    with pytest.raises(HandHistorySyntaxError, match=f"{path}: more than 1,048,576 bytes"):
        phh.load(path)
    zero = Path("/dev/zero")
    if zero.exists():  # an endless file: read up to the limit, then refused
        with pytest.raises(HandHistoryError, match="more than 1,048,576 bytes"):
            phh.load(zero)


def test_a_parser_error_the_checks_let_through_is_still_a_holecard_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Around tomllib: should it still raise RecursionError or its own ValueError (limits
    raised here), the reader says so as a HandHistorySyntaxError."""
    monkeypatch.setattr(phh, "_MAX_NESTING", 10**6)
    monkeypatch.setattr(phh, "_MAX_NUMBER_CHARS", 10**6)
    refused(
        HEADER + "x = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deep for the TOML parser"
    )
    refused(HEADER + "x = " + "9" * 5000 + "\n", "integer.*5000 digits")


def _normal(size: int) -> str:
    """A real hand, padded with more real actions to about ``size`` characters."""
    hh = phh.load(PHH_DIR / "wsop-2023-43-5" / "57.phh")
    text = phh.dumps(hh)
    lines = ['  "p1 cc",  # a comment 0.5\n'] * ((size - len(text)) // 28)
    return text + "pad = [\n" + "".join(lines) + "]\n"


def _lines(count: int, line: Callable[[int], str]) -> str:
    return HEADER + "".join(line(i) for i in range(count))


WORST: dict[str, Callable[[int], str]] = {
    # Beyond the limits, refused: tomllib took time quadratic in a dotted key's parts (30,000
    # parts a line) and recursed on nesting.
    "long-dotted-keys": lambda n: _lines(n // 60_000, lambda i: f"k{i}" + ".k" * 29_940 + "=1\n"),
    "deep-nesting": lambda n: _lines(n // 60_000, lambda i: f"x{i}=" + "[" * 59_880 + "\n"),
    # Each at the limits, repeated to the size: nesting, dotted keys under a dotted table
    # name, long numbers, strings full of brackets and quotes, and many small values.
    "nesting": lambda n: _lines(n // 75, lambda i: f"k{i} = " + "[" * 32 + "]" * 32 + "\n"),
    "dotted": lambda n: (
        HEADER
        + "[t"
        + ".t" * 16
        + "]\n"
        + "".join(f"k{i}" + ".k" * 16 + " = 1\n" for i in range(n // 44))
    ),
    "numbers": lambda n: _lines(n // 75, lambda i: f"k{i} = {'9' * 64}\n"),
    "strings": lambda n: _lines(n // 76, lambda i: f'k{i} = "' + '[\\"{' * 16 + '"\n'),
    "values": lambda n: _lines(n // 75, lambda i: f"k{i} = [" + "0," * 30 + "]\n"),
}


def _seconds(text: str) -> float:
    """The best of three times to read ``text`` (or refuse it)."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        with contextlib.suppress(HandHistorySyntaxError):  # the refused cases
            phh.loads(text)
        times.append(time.perf_counter() - start)
    return min(times)


@pytest.mark.parametrize("case", WORST)
def test_reading_time_is_linear_in_the_text(case: str) -> None:
    """A crafted worst case takes about as long as a normal text of the same size.

    tomllib itself reads many small values or dotted keys up to twenty times slower per
    character than a hand's strings, hence the margin; a quadratic case is thousands of
    times slower at this size.
    """
    size = 180_000
    worst, normal = WORST[case](size), _normal(size)
    assert 0.9 * size < len(worst) <= size
    assert 0.9 * size < len(normal) <= size
    phh.loads(normal)
    ratio = _seconds(worst) / _seconds(normal)
    assert ratio < 40, f"{case}: {ratio:.1f} times a normal text's time"


def test_a_hand_of_thousands_of_actions_is_written_within_the_line_limit() -> None:
    """dumps wrote ``actions`` on one line, which the reader's line limit would refuse: a
    no-limit raising war of 6,000 raises, written and read back."""
    actions = ["d dh p1 AsKs2c", "d dh p2 AhKh9d", "p1 pb", "p2 cbr 2"]
    actions += [f"p{1 + i % 2} cbr {4 + 2 * i}" for i in range(6000)] + ["p1 f"]
    hh = phh.HandHistory(
        variant="N7S",
        antes=[0, 0],
        bring_in=1,
        min_bet=2,
        starting_stacks=[10**6, 10**6],
        actions=actions,
    )
    text = phh.dumps(hh)
    assert len(text) > 65_536
    back = phh.loads(text)
    assert back.actions == actions
    assert back.replay().is_over


def test_a_replay_takes_at_most_ten_thousand_actions() -> None:
    """Replaying slows faster than the hand grows (the search for a rebuilt stub's order
    copies the history per action): a hand of more actions than any table plays is refused
    before any is replayed, by both replay entry points, and the limit is named."""
    actions = ["d dh p1 AsKs2c", "d dh p2 AhKh9d", "p1 pb", "p2 cbr 2"]
    actions += [f"p{1 + i % 2} cbr {4 + 2 * i}" for i in range(phh.MAX_REPLAY_ACTIONS)]
    hh = phh.HandHistory(
        variant="N7S",
        antes=[0, 0],
        bring_in=1,
        min_bet=2,
        starting_stacks=[10**8, 10**8],
        actions=actions,
    )
    with pytest.raises(phh.ReplayError, match="10,004 actions; a replay takes at most 10,000"):
        hh.replay()
    with pytest.raises(phh.ReplayError, match="at most 10,000"):
        next(hh.replay_steps())
