"""``holecard import`` replays every hand before it writes it (issue 40, item 8): a hand that
fails replay (a card dealt twice) is listed with the reason and not written, unless
``--write-failing`` says so; the summary counts them."""

from __future__ import annotations

from pathlib import Path

import pytest

from holecard import phh
from test_cli import CO_STEAL, cli

#: The Full Tilt hand with Hero's up card made bllodshot's (9c): dealt twice.
DEALT_TWICE = CO_STEAL.read_text(encoding="utf-8").replace(
    "Dealt to Hero [5h 3c] [Td]", "Dealt to Hero [5h 3c] [9c]"
)
DEALT_TWICE_ID = "21536266313"


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    """A folder of two site files: a good hand and the same hand with a card dealt twice."""
    folder = tmp_path / "in"
    folder.mkdir()
    assert CO_STEAL.read_text(encoding="utf-8") != DEALT_TWICE
    (folder / "bad.txt").write_text(DEALT_TWICE.replace(DEALT_TWICE_ID, "1"), encoding="utf-8")
    (folder / "good.txt").write_bytes(CO_STEAL.read_bytes())
    return folder


def test_a_hand_that_fails_replay_is_reported_and_not_written(
    capsys: pytest.CaptureFixture[str], sources: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    code, text, err = cli(capsys, "import", str(sources), "--out", str(out))
    assert code == 0, err
    lines = text.splitlines()
    assert lines[0] == f"imported 1 hand into {out}:"
    assert "not written: 1 hand that fails replay:" in lines
    failing = lines[lines.index("not written: 1 hand that fails replay:") + 1]
    assert failing.startswith("  Full Tilt Poker hand 1: cards dealt twice: 9c")
    written = sorted(p.name for p in out.iterdir())
    assert written == [f"fulltilt-{DEALT_TWICE_ID}.phh"]
    # What was written replays.
    phh.load(out / written[0]).replay()


def test_write_failing_writes_them_and_still_lists_them(
    capsys: pytest.CaptureFixture[str], sources: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    code, text, err = cli(capsys, "import", str(sources), "--out", str(out), "--write-failing")
    assert code == 0, err
    lines = text.splitlines()
    assert lines[0] == f"imported 2 hands into {out}:"
    assert "written although it fails replay: 1 hand:" in lines
    assert sorted(p.name for p in out.iterdir()) == [
        "fulltilt-1.phh",
        f"fulltilt-{DEALT_TWICE_ID}.phh",
    ]
    with pytest.raises(phh.ReplayError, match="cards dealt twice"):
        phh.load(out / "fulltilt-1.phh").replay()


def test_only_failing_hands_is_still_a_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(DEALT_TWICE, encoding="utf-8")
    out = tmp_path / "out"
    code, text, err = cli(capsys, "import", str(bad), "--out", str(out))
    assert code == 0, err
    assert text.splitlines()[:3] == [
        f"imported 0 hands into {out}:",
        "not written: 1 hand that fails replay:",
        f"  Full Tilt Poker hand {DEALT_TWICE_ID}: cards dealt twice: 9c (action 4 "
        "'d dh p5 5h3c9c' deals 9c again; p1 holds it)",
    ]
    assert list(out.iterdir()) == []
