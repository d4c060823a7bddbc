"""Fuzzing holecard.sites: arbitrary text, real hands mutated (lines deleted and
duplicated, tokens changed, huge numbers, unicode) and lines of one delimiter repeated
(the shape that makes regular expressions backtrack). Every hand comes out imported or
skipped with a reason, never another exception; every imported hand writes as PHH; and
reading takes time linear in the text.

``HOLECARD_SITES_FUZZ_EXAMPLES=N`` runs N examples per test instead of the profile's
(a long run: docs/robustness.md).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holecard import phh, sites

DATA = Path(__file__).parent / "data" / "hh"
_EXAMPLES = os.environ.get("HOLECARD_SITES_FUZZ_EXAMPLES")
_SETTINGS = settings(
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    max_examples=int(_EXAMPLES) if _EXAMPLES else settings().max_examples,
)
#: Seconds allowed per character read, and a floor: about fifty times a real file's rate
#: (tests/test_sites_hostile.py measures the worst cases more closely).
_PER_CHAR = 25e-6
_FLOOR = 0.5


def _hands() -> list[str]:
    """Every hand of tests/data/hh/ as text."""
    out = []
    for f in sorted(DATA.rglob("*.txt")):
        for _, lines, _, _ in sites._hands(sites.decode(f.read_bytes())):
            out.append("\n".join(lines) + "\n")
    return out


HANDS = _hands()
#: Words and delimiters the readers look for, and values they must refuse.
TOKENS = [
    "[",
    "]",
    " [",
    " []",
    "(",
    ")",
    " (",
    ": ",
    ' said, "',
    "***",
    " - ",
    " - Limit ",
    "Table ",
    "a (1), Table ",
    "Razz Limit (",
    " mucked [",
    " wins the pot (",
    " collected ",
    "Dealt to ",
    "Seat 1: ",
    " posts the ante ",
    " and is all-in",
    "$",
    ",",
    ".",
    "0",
    "9" * 30,
    "9" * 4_400,
    "-2",
    "$NaN",
    "1e308",
    "Ac",
    "10h",
    "\ufeff",
    "\r",
    "\u2028",
    "é",
    "\x00",
]


def _check(text: str) -> None:
    """The reader's promises on ``text``."""
    text += "\n"  # text, not a path (as the CLI passes a file's text)
    elapsed = float("inf")
    for _ in range(2):  # a second reading only if the first was slow (a shared machine)
        start = time.perf_counter()
        items = list(sites.scan(text))
        elapsed = min(elapsed, time.perf_counter() - start)
        if elapsed <= _FLOOR + _PER_CHAR * len(text):
            break
    assert elapsed <= _FLOOR + _PER_CHAR * len(text), f"{len(text):,} characters: {elapsed:.2f} s"
    for item in items:
        if isinstance(item, sites.SkippedHand):
            assert item.reason
            assert len(item.reason) < 1_000, item.reason[:200]
        else:
            assert isinstance(item, phh.HandHistory)
            phh.dumps(item)  # what import and stats do with it


@_SETTINGS
@given(st.text(max_size=2_000))
def test_arbitrary_text(text: str) -> None:
    _check(text)


@_SETTINGS
@given(st.sampled_from(["PokerStars Game #1: ", "Full Tilt Poker Game #1: "]), st.text())
def test_arbitrary_text_after_a_header(header: str, text: str) -> None:
    _check(header + text)


_MUTATION = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 300)),
    st.tuples(st.just("duplicate"), st.integers(0, 300), st.integers(1, 50)),
    st.tuples(st.just("token"), st.integers(0, 300), st.integers(0, 300), st.sampled_from(TOKENS)),
    st.tuples(st.just("text"), st.integers(0, 300), st.integers(0, 300), st.text(max_size=20)),
    st.tuples(st.just("number"), st.integers(0, 300), st.sampled_from(TOKENS[-16:-4])),
)


def _mutate(lines: list[str], mutation: tuple[object, ...]) -> None:
    """Applies one mutation to a hand's lines, in place."""
    kind, where = mutation[0], mutation[1]
    assert isinstance(where, int)
    i = where % len(lines)
    if kind == "delete" and len(lines) > 1:
        del lines[i]
    elif kind == "duplicate":
        times = mutation[2]
        assert isinstance(times, int)
        lines[i:i] = [lines[i]] * times
    elif kind in ("token", "text"):
        at, new = mutation[2], mutation[3]
        assert isinstance(at, int)
        assert isinstance(new, str)
        words = lines[i].split(" ")
        words[at % len(words)] = new
        lines[i] = " ".join(words)
    elif kind == "number":
        new = mutation[2]
        assert isinstance(new, str)
        digits = [j for j, c in enumerate(lines[i]) if c.isdigit()]
        if digits:
            j = digits[0]
            lines[i] = lines[i][:j] + new + lines[i][j + 1 :]


@_SETTINGS
@given(st.sampled_from(HANDS), st.lists(_MUTATION, min_size=1, max_size=8))
def test_mutated_real_hands(hand: str, mutations: list[tuple[object, ...]]) -> None:
    lines = hand.split("\n")
    for mutation in mutations:
        _mutate(lines, mutation)
    _check("\n".join(lines))


@_SETTINGS
@given(
    st.sampled_from(HANDS),
    st.integers(0, 300),
    st.sampled_from(["", "Dealt to ", "Seat 1: ", "A: shows", "a", "*** ", "Total pot 1"]),
    st.lists(st.sampled_from(TOKENS[:22]), min_size=1, max_size=3),
    st.integers(1, 4_000),
    st.sampled_from(["", "x", "]", ")", " - 1"]),
)
def test_repeated_delimiters_read_in_linear_time(
    hand: str, where: int, prefix: str, unit: list[str], times: int, suffix: str
) -> None:
    lines = hand.split("\n")
    line = prefix + "".join(unit) * times + suffix
    lines.insert(where % len(lines), line)
    if where % 3 == 0:  # or as the header
        lines[0] = lines[0] + "".join(unit) * times
    _check("\n".join(lines))
