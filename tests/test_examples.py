"""The scripts in examples/ run (briefly) and print what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_learn_razz_prints_its_table_and_draws_its_plot(tmp_path: Path) -> None:
    plot = tmp_path / "learn.png"
    done = subprocess.run(
        [
            sys.executable,
            str(EXAMPLES / "learn_razz.py"),
            *("--hands", "60", "--every", "30", "--eval-hands", "10", "--plot", str(plot)),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    lines = done.stdout.splitlines()
    assert lines[0].split() == [
        "hands",
        "|",
        "vs",
        "random",
        "|",
        "vs",
        "calling_station",
        "(big",
        "bets",
        "per",
        "hand)",
    ]
    assert [line.split()[0] for line in lines[1:4]] == ["0", "30", "60"]
    assert plot.stat().st_size > 1000


def test_learn_razz_writes_into_its_output_folder_not_the_current_one(tmp_path: Path) -> None:
    here, out = tmp_path / "here", tmp_path / "out"
    here.mkdir()
    short = ("--hands", "20", "--every", "20", "--eval-hands", "5")
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "learn_razz.py"), *short, "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
        cwd=here,
    )
    assert list(here.iterdir()) == []
    assert (out / "learn_razz.png").stat().st_size > 1000
    assert done.stdout.splitlines()[-1] == f"plot: {out / 'learn_razz.png'}"
    # By default: examples/output/, which git ignores.
    ignored = (EXAMPLES.parent / ".gitignore").read_text().split()
    assert "/examples/output/" in ignored
    usage = subprocess.run(
        [sys.executable, str(EXAMPLES / "learn_razz.py"), "--help"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert f"(default {EXAMPLES / 'output'})" in " ".join(usage.stdout.split())
