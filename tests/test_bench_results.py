"""The recorded `make bench` runs stay readable by the script that summarises them for the
README's Speed table (benches/python/summarise_results.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benches" / "python" / "summarise_results.py"
RESULTS = ROOT / "benches" / "results"


def summarise(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--results", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_every_figure_of_the_newest_run_is_read() -> None:
    done = summarise(RESULTS)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[1:]
    assert len(rows) >= 40
    # No row of the newest run (the last column before the range) is missing.
    assert all(row.split()[-2] != "-" for row in rows), done.stdout


def test_a_run_missing_figures_is_reported(tmp_path: Path) -> None:
    newest = sorted(RESULTS.glob("*-make-bench.txt"))[-1]
    shutil.copy(newest, tmp_path / newest.name)
    cut = tmp_path / "2999-01-01T00-00Z-make-bench.txt"
    text = newest.read_text()
    cut.write_text(text[: text.index("Monte Carlo equity")])
    done = summarise(tmp_path)
    assert done.returncode == 1
    assert "Monte Carlo stud / poker-equity" in done.stderr
