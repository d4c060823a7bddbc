"""The command line, run as a user runs it: ``python -m holecard ...`` in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PHH = Path(__file__).resolve().parent / "data" / "phh"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "holecard", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def assert_one_line_error(p: subprocess.CompletedProcess[str], match: str) -> None:
    assert p.returncode == 2, p
    assert "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert match in lines[0]


def test_eval() -> None:
    p = run("eval", "stud8", "As 2s 3d 4c 5h Kd Kc")
    assert p.returncode == 0
    assert "Straight" in p.stdout
    assert "low" in p.stdout


def test_equity() -> None:
    p = run("equity", "stud", "As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d")
    assert p.returncode == 0, p.stderr
    assert "71.410%" in p.stdout
    assert "28.590%" in p.stdout
    assert "exact" in p.stdout
    p = run("equity", "razz", "As 2d 3h", "Kc Qd Jh", "--samples", "2000", "--seed", "1")
    assert p.returncode == 0, p.stderr
    assert "Monte Carlo" in p.stdout
    assert p.stdout.count("player") == 2


def test_simulate_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "out.png"
    p = run(
        "simulate", "stud", "--players", "3", "--hands", "4000", "--seed", "7",
        "--bots", "strength", "random", "calling_station", "--plot", str(png), "--progress",
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert "bb/100" in p.stdout
    assert "calling_station" in p.stdout
    assert "hands/s" in p.stderr  # the progress bar
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    again = run("simulate", "stud", "--players", "3", "--hands", "4000", "--seed", "7",
                "--bots", "strength,random,calling_station", "--threads", "1")  # fmt: skip

    def table(out: str) -> list[str]:
        return [ln for ln in out.splitlines() if ln[:4].strip().isdigit()]

    # Same seed, same result (chunked or not, any thread count).
    assert table(p.stdout) == table(again.stdout)
    assert len(table(p.stdout)) == 3


def test_simulate_table_options() -> None:
    p = run("simulate", "deuce_seven", "--players", "4", "--hands", "500", "--seed", "1",
            "--betting", "no_limit", "--set", "big_blind=20", "--no-progress")  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert "no limit" in p.stdout


def test_replay() -> None:
    p = run("replay", str(PHH / "wsop-2023-43-5" / "5.phh"))
    assert p.returncode == 0, p.stderr
    assert "third street" in p.stdout
    assert "fifth street" in p.stdout
    assert "Matthew Ashton completes to 200000" in p.stdout
    assert "finishing stacks match" in p.stdout


def test_replay_reports_wrong_finishing_stacks(tmp_path: Path) -> None:
    text = (PHH / "wsop-2023-43-5" / "5.phh").read_text(encoding="utf-8")
    bad = tmp_path / "bad.phh"
    bad.write_text(text.replace("4950000]", "4950001]"), encoding="utf-8")
    p = run("replay", str(bad))
    assert p.returncode == 1
    assert "DO NOT match" in p.stdout


def test_play_through_stdin() -> None:
    # Bad input first (unknown action, an illegal raise, a bad card), then calls until the
    # hand ends; "n" declines another hand.
    script = "zz\nr 99999\nd Xx\n" + "c\n" * 40 + "n\n"
    p = run("play", "stud", "--seed", "3", "--players", "3", stdin=script)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    assert "unknown action" in p.stdout
    assert "not allowed" in p.stdout
    assert "result:" in p.stdout
    assert "bye" in p.stdout
    assert "[?? ??]" in p.stdout  # the bots' down cards are hidden


def test_play_deuce_seven_and_eof() -> None:
    p = run("play", "deuce_seven", "--seed", "5", "--players", "3", stdin="c\np\n")
    assert p.returncode == 0, p.stderr  # end of input quits cleanly
    assert "bye" in p.stdout
    assert "Traceback" not in p.stderr
    p = run("play", "razz", "--seed", "1", "--hands", "1", stdin="c\n" * 60)
    assert p.returncode == 0
    assert "result:" in p.stdout


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("eval", "holdem", "As Ks Qs Js Ts"), "invalid choice"),
        (("eval", "stud", "As Ks Qs Js Tx"), "Tx"),
        (("equity", "stud", "As Ah Ah", "Kd Kc Ks"), "error"),
        (("simulate", "holdem", "--hands", "10"), "invalid choice"),
        (("simulate", "stud", "--bots", "shark", "--hands", "10"), "unknown bot"),
        (("simulate", "stud", "--players", "12", "--hands", "10"), "players"),
        (("simulate", "stud", "--set", "antee=1", "--hands", "10"), "unknown table keyword"),
        (("replay", "/no/such/file.phh"), "no such file"),
        (("play", "stud", "--players", "1"), "players"),
        (("frobnicate",), "invalid choice"),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, ...], match: str) -> None:
    assert_one_line_error(run(*args), match)


def test_bad_phh_file(tmp_path: Path) -> None:
    bad = tmp_path / "x.phh"
    bad.write_text("this is = = not toml", encoding="utf-8")
    assert_one_line_error(run("replay", str(bad)), "x.phh")


def test_simulate_plot_without_matplotlib(tmp_path: Path) -> None:
    # A clear one-line error when matplotlib cannot be imported.
    code = (
        "import sys; sys.modules['matplotlib'] = None; "
        "from holecard.cli import main; "
        f"sys.exit(main(['simulate', 'stud', '--hands', '10', '--plot', '{tmp_path / 'p.png'}']))"
    )
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert_one_line_error(p, "matplotlib")
