"""Hypothesis drives the command line with wild input, in-process through ``main(argv)``.

Every run must end with exit status 0 or 2 (``replay`` also 1: a legal file whose hand is
illegal or ends elsewhere), never with an exception, and a status of 2 must come with
exactly one line on standard error. Numbers are wild (zero, negative, beyond 2**64, not
numbers at all) except where a valid value means real work: then they are small, so the
whole file runs in seconds.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import PHH_DIR
from holecard.cli import main

GAMES = ["soko", "stud", "stud8", "razz", "deuce_seven", "high"]
JUNK = ["", " ", "-", "--", "nan", "1e3", "0x10", "½", "١٢", "As\nKs", "♠A", "\x00", "é" * 3]

# A few dozen examples per command in the normal run; the "exhaustive" profile searches long.
EXAMPLES = 2_000 if os.environ.get("HYPOTHESIS_PROFILE") == "exhaustive" else 40
fuzz = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)


def wild_text() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(JUNK), st.text(max_size=12))


def number(cheap: int) -> st.SearchStrategy[str]:
    """Text for a numeric option: invalid values of every kind, or a valid one up to
    ``cheap`` (a valid huge value would be real work, not a test of the checks)."""
    valid = st.integers(1, cheap).map(str)
    return st.one_of(
        valid,
        valid,
        valid,
        st.integers(-(2**70), 0).map(str),
        st.integers(2**64, 2**70).map(str),
        st.sampled_from(JUNK),
        st.text(max_size=6),
    )


def game() -> st.SearchStrategy[str]:
    """Mostly a real game id (so the run gets past the parser), sometimes not."""
    wrong = ["", "holdem", "STUD", " stud", "stud\n", "razz8", "é", "-h"]
    return st.sampled_from(GAMES * 3 + wrong)


DECK = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]


@st.composite
def deal(draw: st.DrawFn, *, most: int = 3) -> list[str]:
    """Up to ``most`` hands of distinct real cards, mostly of a size some game plays, now
    and then one that is junk or repeats a card of another hand."""
    deck: list[str] = draw(st.permutations(DECK))
    size = st.one_of(st.sampled_from([5, 5, 7, 3]), st.integers(0, 8))
    sizes: list[int] = draw(st.lists(size, min_size=1, max_size=most))
    hands: list[str] = []
    at = 0
    for n in sizes:
        hands.append(" ".join(deck[at : at + n]))
        at += n
    spoil: int = draw(st.integers(0, 3 * len(hands)))
    if spoil < len(hands):  # about one run in four
        bad: str = draw(st.one_of(wild_text(), st.just(f"{hands[0]} {deck[0]}")))
        hands[spoil] = bad
    return hands


def cards() -> st.SearchStrategy[str]:
    """One hand's text: real cards or anything."""
    return st.one_of(deal(most=1).map(lambda hands: hands[0]), wild_text())


def options(choices: dict[str, st.SearchStrategy[str]]) -> st.SearchStrategy[list[str]]:
    """Some of the options, each with a value from its strategy."""

    @st.composite
    def build(draw: st.DrawFn) -> list[str]:
        picked = draw(st.lists(st.sampled_from(sorted(choices)), unique=True, max_size=4))
        out: list[str] = []
        for name in picked:
            out += [name, draw(choices[name])]
        return out

    return build()


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        mock.patch.object(sys, "stdin", io.StringIO(stdin)),
    ):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def check(argv: list[str], stdin: str = "", *, allowed: tuple[int, ...] = (0, 2)) -> str:
    code, out, err = run(argv, stdin)
    event(f"exit status {code}")  # --hypothesis-show-statistics: how often work was done
    assert code in allowed, (argv, code, err)
    if code == 2:
        assert err.endswith("\n"), (argv, err)
        assert len(err.splitlines()) == 1, (argv, err)
    else:
        assert err == "", (argv, err)
    return out


@fuzz
@given(st.lists(st.one_of(st.sampled_from(["--version", "-h", "--help", "-V"]), wild_text())))
def test_top_level(argv: list[str]) -> None:
    check(argv)


@fuzz
@given(game(), st.one_of(deal(), st.lists(cards(), max_size=3)))
def test_eval(name: str, hands: list[str]) -> None:
    check(["eval", name, *hands])


@fuzz
@given(
    game(),
    deal(),
    options(
        {
            "--samples": number(300),
            "--seed": number(2**64 - 1),
            "--threads": number(2),
            "--dead": cards(),
            "--progress": st.just("--no-progress"),
        }
    ),
)
def test_equity(name: str, hands: list[str], opts: list[str]) -> None:
    # Exact enumeration of real hands can be long: keep it to Monte Carlo when the hands
    # are short (--samples is then the last word), else let it be refused or run quickly.
    if "--samples" not in opts and sum(len(h.split()) for h in hands) < 8:
        opts = [*opts, "--samples", "100"]
    check(["equity", name, *hands, *opts])


@fuzz
@given(
    game(),
    options(
        {
            "--players": number(8),
            "--hands": number(60),
            "--seed": number(2**64 - 1),
            "--threads": number(2),
            "--stack": number(2**60),
            "--bots": st.one_of(
                st.sampled_from(["random", "strength,random", "calling_station x", ","]),
                wild_text(),
            ),
            "--set": st.one_of(
                st.sampled_from(["ante=2", "max_raises=0", "ante=-1", "big_bet=", "=1", "x"]),
                wild_text(),
            ),
            "--betting": st.sampled_from(["no_limit", "pot_limit", "fixed_limit", "x"]),
        }
    ),
)
def test_simulate(name: str, opts: list[str]) -> None:
    if "--hands" not in opts:
        opts = [*opts, "--hands", "20"]
    check(["simulate", name, *opts, "--no-progress"])


@fuzz
@given(
    game(),
    options(
        {
            "--players": number(8),
            "--hands": number(2),
            "--seed": number(2**64 - 1),
            "--stack": number(2**60),
            "--bots": st.one_of(st.sampled_from(["random", "calling_station"]), wild_text()),
        }
    ),
    st.lists(
        st.one_of(
            st.sampled_from(["c", "x", "f", "r", "r 20", "r -5", "r 1e99", "a", "d", "p", "s"]),
            st.sampled_from(["d 2c", "d As Kd", "h", "?", "q", "n", "y", "b", "o"]),
            wild_text(),
        ),
        max_size=30,
    ),
)
def test_play(name: str, opts: list[str], lines: list[str]) -> None:
    check(["play", name, *opts], "\n".join(lines) + "\n")


def mutations() -> st.SearchStrategy[Callable[[str], str]]:
    """Ways to damage a real hand history: cut it, splice junk in, change a character,
    drop a line, change a digit (still TOML, often a different hand), or replace it all."""

    @st.composite
    def build(draw: st.DrawFn) -> Callable[[str], str]:
        kinds = ["digit", "digit", "digit", "line", "line", "cut", "splice", "replace", "whole"]
        kind = draw(st.sampled_from(kinds))
        junk = draw(wild_text())
        digit = draw(st.sampled_from("0123456789"))
        where = draw(st.floats(0, 1))

        def damage(text: str) -> str:
            i = int(where * len(text))
            if kind == "cut":
                return text[:i]
            if kind == "splice":
                return text[:i] + junk + text[i:]
            if kind == "replace":
                return text[:i] + junk + text[i + 1 :]
            if kind == "line":
                lines = text.splitlines(keepends=True)
                del lines[int(where * (len(lines) - 1))]
                return "".join(lines)
            if kind == "digit":
                spots = [j for j, c in enumerate(text) if c.isdigit()]
                j = spots[int(where * (len(spots) - 1))]
                return text[:j] + digit + text[j + 1 :]
            return junk

        return damage

    return build()


SOURCES = [*sorted(PHH_DIR.rglob("*.phh"))[:6], PHH_DIR / "historical" / "arieh-yockey-2019.phh"]


@fuzz
@given(st.sampled_from(SOURCES), mutations(), st.sampled_from(["file", "dir", "missing"]))
def test_replay(source: Path, damage: Callable[[str], str], what: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hand.phh"
        if what == "file":
            path.write_text(damage(source.read_text(encoding="utf-8")), encoding="utf-8")
        elif what == "dir":
            path.mkdir()
        check(["replay", str(path)], allowed=(0, 1, 2))
