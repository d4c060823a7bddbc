"""The command line: a few runs as a user runs it (``python -m holecard`` in a subprocess),
the rest in-process through ``holecard.cli.main``."""

from __future__ import annotations

import io
import os
import re
import shlex
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import holecard
from conftest import DATA, PHH_DIR
from holecard import phh, sites
from holecard.cli import main
from holecard.cli import play as play_command

HAND5 = PHH_DIR / "wsop-2023-43-5" / "5.phh"
YOCKEY = PHH_DIR / "historical" / "arieh-yockey-2019.phh"
SITES = DATA / "hh"
CO_STEAL = SITES / "cash" / "FTP" / "Stud" / "7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt"
STARS_DRAW = SITES / "cash" / "Stars" / "Draw" / "3-Draw-Limit-USD-0.10-0.20-200911.txt"
CANCELLED = SITES / "cash" / "Stars" / "Draw" / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "holecard", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, match: str) -> None:
    assert code == 2, err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert match in lines[0], lines[0]


# ----- as a user runs it ------------------------------------------------------------------


def test_module_and_version() -> None:
    p = run("--version")
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == f"holecard {holecard.__version__}"
    p = run("eval", "stud8", "As 2s 3d 4c 5h Kd Kc")
    assert p.returncode == 0
    assert p.stdout.startswith("Straight, five high")


def test_bad_input_in_a_subprocess_is_one_line() -> None:
    p = run("simulate", "stud", "--hands", "99999999999999999999999")
    assert_one_line_error(p.returncode, p.stderr, "argument --hands: must be at most 2**64 - 1")


def test_broken_pipe_is_quiet() -> None:
    # The reader goes away after one line of far more than a pipe holds: no traceback, no
    # "Exception ignored", exit status 1.
    hands = ["As Ks Qs Js Ts 2d 3c"] * 3000
    cmd = [sys.executable, "-m", "holecard", "eval", "stud", *hands]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as p:
        assert p.stdout is not None
        assert p.stderr is not None
        assert p.stdout.readline().startswith("Royal flush")
        p.stdout.close()
        err = p.stderr.read()
        assert p.wait(timeout=60) == 1
    assert err == ""


# ----- eval and equity --------------------------------------------------------------------


def test_eval(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "eval", "stud8", "As 2s 3d 4c 5h Kd Kc", "As Ad Kd Kc Qh Jh 9s")
    assert code == 0
    first, second = out.splitlines()
    assert first.startswith("Straight, five high  [5h 4c 3d 2s As]  strength ")
    assert "| 5-4-3-2-A low  [5h 4c 3d 2s As]" in first
    assert first.count("low") == 1
    assert second.endswith("| no qualifying low")


def test_version_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "--version") == (0, f"holecard {holecard.__version__}\n", "")


def test_equity_exact_and_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "equity", "stud", "As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d")
    assert (code, err) == (0, "")
    assert "71.410%" in out
    assert "28.590%" in out
    assert out.splitlines()[-1] == "stud: exact, 1,560 outcomes"
    code, out, _ = cli(
        capsys, "equity", "razz", "As 2d 3h", "Kc Qd Jh", "--samples", "2000", "--seed", "1"
    )
    assert code == 0
    assert out.splitlines()[-1] == "razz: Monte Carlo, 2,000 samples, seed 1"
    assert out.count("player") == 2
    assert out.count("±") == 2


def test_equity_singular_and_no_nan(capsys: pytest.CaptureFixture[str]) -> None:
    # Seven cards each: one completion.
    hands = ("As Ah Ts Th 8h 8d 2c", "Kc Qc Jc Td 3c 2d 4h")
    code, out, _ = cli(capsys, "equity", "stud", *hands)
    assert code == 0
    assert out.splitlines()[-1] == "stud: exact, 1 outcome"
    code, out, _ = cli(capsys, "equity", "stud", "As Ah", "Kd Kc", "--samples", "1", "--seed", "3")
    assert code == 0
    assert out.splitlines()[-1] == "stud: Monte Carlo, 1 sample, seed 3"
    assert "nan" not in out.lower()
    assert "±" not in out  # one sample has no standard error


def test_equity_refusal_names_the_cli_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "equity", "stud", "As Ah Kd", "Qc Qd 2s", "7c 8c 9c")
    assert_one_line_error(code, err, "pass --samples N for a Monte Carlo estimate")
    assert "samples=" not in err


def test_equity_progress(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("equity", "razz", "As 2d 3h", "Kc Qd Jh", "--samples", "20000", "--seed", "1")
    code, out, err = cli(capsys, *args, "--progress")
    assert code == 0
    assert "100.0%" in err
    assert err.endswith("\n")
    code, out2, err2 = cli(capsys, *args, "--no-progress")
    assert (code, out2, err2) == (0, out, "")
    code, out3, err3 = cli(capsys, *args)  # not a terminal: no bar
    assert (code, out3, err3) == (0, out, "")


# ----- simulate ---------------------------------------------------------------------------


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


#: ``holecard ARGS`` in a child that says when its progress bar is first drawn (seconds
#: after the bar was made, hands done, hands) and then stops as at a Ctrl-C. A bar not drawn
#: within a minute (a safety net: a loaded machine may take seconds to import) is a Ctrl-C
#: too, with nothing said.
FIRST_UPDATE = """
import os, signal, sys, threading, time
from holecard.cli import commands, main

def first(bar, done, total):
    print(f"{time.monotonic() - bar.started:.3f} {done} {total}", flush=True)
    raise KeyboardInterrupt

commands._Progress.__call__ = first
timer = threading.Timer(60.0, os.kill, (os.getpid(), signal.SIGINT))
timer.daemon = True
timer.start()
sys.exit(main(sys.argv[1:]))
"""


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # as conftest.python_child does


@pytest.mark.parametrize("plot", [False, True], ids=["bar", "bar_and_plot"])
def test_simulate_progress_starts_at_once(tmp_path: Path, plot: bool) -> None:
    # 10**12 hands: a hundredth of them is minutes of work; the first update comes within
    # about a second all the same.
    args = ["simulate", "stud", "--hands", str(10**12), "--seed", "1", "--progress"]
    if plot:
        args += ["--plot", str(tmp_path / "run.png")]
    p = subprocess.run(
        [sys.executable, "-c", FIRST_UPDATE, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=_default_sigint,
    )
    assert p.returncode == 130, p.stderr
    assert p.stdout, "no progress within a minute"
    seconds, done, total = p.stdout.split()
    # A chunk is about STEP_SECONDS of the estimated work; a machine busy with other tests
    # (pytest-xdist's other worker) stretches it several times. Unchunked, the first update
    # would come after a hundredth of the run: hours.
    assert float(seconds) < 5.0
    assert 0 < int(done) < int(total) // 1000


def test_simulate_short_bots_list_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    # The README's example: two bots around a table of six.
    args = ("simulate", "stud", "--players", "6", "--hands", "200", "--seed", "2")
    code, out, err = cli(capsys, *args, "--bots", "strength,random")
    assert (code, err) == (0, "")
    rows = [ln.split()[:2] for ln in out.splitlines() if re.match(r"\s+\d+  ", ln)]
    assert rows == [[str(i), ("strength", "random")[i % 2]] for i in range(6)]
    code, out, err = cli(capsys, *args, "--bots", "strength", "random", "random")
    seats = [ln.split()[1] for ln in out.splitlines() if re.match(r"\s+\d+  ", ln)]
    assert seats == ["strength", "random", "random"] * 2
    code, _, err = cli(capsys, *args, "--bots", "a,b,c,d,e,f,g")
    assert_one_line_error(code, err, "--bots lists 7 bots for 6 players")


def test_simulate_takes_the_game_after_the_bots_list(capsys: pytest.CaptureFixture[str]) -> None:
    # --bots takes several names; the game after them is the GAME, not a third bot.
    rest = ("--players", "3", "--hands", "50", "--seed", "2", "--no-progress")

    def table(out: str) -> list[str]:
        return out.splitlines()[:-1]  # not the timing line

    code, out, err = cli(capsys, "simulate", "--bots", "strength", "random", "stud", *rest)
    assert (code, err) == (0, "")
    assert out.startswith("stud (fixed limit), 3 players, 50 hands, seed 2")
    seats = [ln.split()[1] for ln in out.splitlines() if re.match(r"\s+\d+  ", ln)]
    assert seats == ["strength", "random", "strength"]
    code, after, err = cli(capsys, "simulate", "stud", "--bots", "strength", "random", *rest)
    assert (code, err, table(after)) == (0, "", table(out))
    # Options after the list, and a comma-separated list, too.
    code, after, err = cli(capsys, "simulate", *rest, "--bots", "strength,random", "stud")
    assert (code, err, table(after)) == (0, "", table(out))
    # A game given before the list leaves a game name in it a (wrong) bot name.
    code, _, err = cli(capsys, "simulate", "stud", "--bots", "strength", "razz", *rest)
    assert_one_line_error(code, err, "unknown bot 'razz'")
    # No game at all: still argparse's message.
    code, _, err = cli(capsys, "simulate", "--bots", "strength", "random", *rest)
    assert_one_line_error(code, err, "the following arguments are required: GAME")


def test_simulate_one_hand_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "simulate", "razz", "--players", "2", "--hands", "1", "--seed", "4")
    assert code == 0
    assert re.search(r"^1 hand in ", out, re.M)


def test_simulate_table_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(
        capsys, "simulate", "deuce_seven", "--players", "4", "--hands", "500", "--seed", "1",
        "--betting", "no_limit", "--set", "big_blind=20", "--no-progress",
    )  # fmt: skip
    assert code == 0, err
    assert "no limit" in out


def test_plot_path_is_checked_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Far too many hands to finish in a test: the error must come first.
    big = ("simulate", "stud", "--hands", str(10**12), "--no-progress")
    code, out, err = cli(capsys, *big, "--plot", str(tmp_path / "missing" / "p.png"))
    assert_one_line_error(code, err, "cannot write")
    assert out == ""
    code, _, err = cli(capsys, *big, "--plot", str(tmp_path))
    assert_one_line_error(code, err, "is a directory")
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
        code, _, err = cli(capsys, *big, "--plot", str(locked / "p.png"))
        assert_one_line_error(code, err, "cannot write")
    # A writable path that did not exist is not left behind by the check.
    code, _, err = cli(capsys, *big, "--bots", "shark", "--plot", str(tmp_path / "n.png"))
    assert_one_line_error(code, err, "unknown bot 'shark'")
    assert not (tmp_path / "n.png").exists()


# ----- numbers on the command line ----------------------------------------------------------

NUMERIC = [
    ("simulate", "stud", "--hands"),
    ("simulate", "stud", "--players"),
    ("simulate", "stud", "--stack"),
    ("simulate", "stud", "--threads"),
    ("simulate", "stud", "--seed"),
    ("equity", "stud", "As Ah", "Kd Kc", "--samples"),
    ("equity", "stud", "As Ah", "Kd Kc", "--seed"),
    ("equity", "stud", "As Ah", "Kd Kc", "--threads"),
    ("play", "stud", "--players"),
    ("play", "stud", "--stack"),
    ("play", "stud", "--hands"),
    ("play", "stud", "--seed"),
]


@pytest.mark.parametrize("command", NUMERIC, ids=lambda c: f"{c[0]} {c[-1]}")
@pytest.mark.parametrize(
    "value",
    ["-1", "-99999999999999999999999", str(2**64), "9" * 5000, "10**9", "x", ""],
    ids=lambda v: v if len(v) < 30 else f"{len(v)} digits",
)
def test_bad_numbers_are_one_line(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...], value: str
) -> None:
    code, out, err = cli(capsys, *command, value)
    assert_one_line_error(code, err, f"argument {command[-1]}: ")
    assert out == ""


@pytest.mark.parametrize(
    "command",
    [
        ("simulate", "stud", "--hands", "0"),
        ("simulate", "stud", "--players", "0"),
        ("simulate", "stud", "--stack", "0"),
        ("simulate", "stud", "--threads", "0"),
        ("simulate", "stud", "--threads", "100000"),
        ("equity", "stud", "As Ah", "Kd Kc", "--samples", "0"),
        ("equity", "stud", "As Ah", "Kd Kc", "--threads", "0"),
        ("play", "stud", "--hands", "0"),
        ("play", "stud", "--stack", "0"),
    ],
    ids=" ".join,
)
def test_zero_and_too_many_are_one_line(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    code, out, err = cli(capsys, *command)
    assert_one_line_error(code, err, f"argument {command[-2]}: must be at ")
    assert out == ""


@pytest.mark.parametrize(
    ("command", "bots"), [("simulate", "strength,random"), ("play", "random")]
)
def test_huge_players_do_not_allocate(
    capsys: pytest.CaptureFixture[str], command: str, bots: str
) -> None:
    import tracemalloc

    tracemalloc.start()
    try:
        code, out, err = cli(capsys, command, "stud", "--players", "100000000", "--bots", bots)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert_one_line_error(code, err, "players")
    assert peak < 20_000_000  # 100 million seats would take hundreds of megabytes
    assert out == ""


def test_huge_engine_limits_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    # In range for the command line, out of range for the engine: still one line, no work.
    code, _, err = cli(capsys, "simulate", "stud", "--stack", str(2**60), "--hands", "10")
    assert_one_line_error(code, err, "2**58")
    code, _, err = cli(capsys, "simulate", "deuce_seven", "--players", "8", "--hands", "10")
    assert_one_line_error(code, err, "2 to 6 players")
    code, out, err = cli(capsys, "play", "stud", "--stack", str(2**60))
    assert_one_line_error(code, err, "2**58")
    assert out == ""


# ----- replay -----------------------------------------------------------------------------


def test_replay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "replay", str(HAND5))
    assert code == 0, err
    assert "each player antes 50,000" in out
    assert "-- third street (pot 250,000) --" in out
    assert "fifth street" in out
    assert "Matthew Ashton completes to 200,000" in out
    assert "Kristopher Tong bets 400,000" in out
    assert "finishing stacks match" in out
    # The cards of a street come right after its header.
    lines = out.splitlines()
    i = lines.index("  -- fourth street (pot 650,000) --")
    assert lines[i + 1] == "    Matthew Ashton: 6d"


def test_replay_deuce_seven_blinds_and_pot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "replay", str(YOCKEY))
    assert code == 0
    assert "Bryce Yockey posts the small blind 75,000" in out
    assert "Phil Hui posts the big blind 150,000" in out
    assert "Josh Arieh raises to 300,000" in out  # the big blind is the first wager
    assert "Bryce Yockey bets 150,000" in out  # after the draw the first wager is a bet
    # 75k + 150k blinds, 300k + 375k + 150k raised and called: the folded blind stays in.
    assert "-- first draw (pot 1,050,000) --" in out
    assert "Josh Arieh wins 2,510,000 from the main pot" in out
    assert "Bryce Yockey: [7h 6c 4c 3d 2c]" in out


def edited(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    """A copy of ``source`` in ``tmp_path`` with ``old`` replaced by ``new`` (which must occur)."""
    text = source.read_text(encoding="utf-8")
    assert old in text
    copy = tmp_path / source.name
    copy.write_text(text.replace(old, new), encoding="utf-8")
    return copy


def test_replay_reports_wrong_finishing_stacks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = edited(tmp_path, HAND5, "4950000]", "4950001]")
    code, out, _ = cli(capsys, "replay", str(bad))
    assert code == 1
    assert "DO NOT match" in out


def test_replay_of_empty_finishing_stacks_compares_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = HAND5.read_text(encoding="utf-8")
    start = text.index("finishing_stacks = [")
    end = text.index("]", start) + 1
    empty = tmp_path / "empty.phh"
    empty.write_text(text[:start] + "finishing_stacks = []" + text[end:], encoding="utf-8")
    code, out, _ = cli(capsys, "replay", str(empty))
    assert code == 0, out
    assert "records no finishing stacks" in out


def test_replay_illegal_action_names_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = edited(tmp_path, YOCKEY, '"p1 cbr 150000"', '"p1 cbr 7"')
    line = 1 + YOCKEY.read_text(encoding="utf-8").splitlines().index(
        '  "p1 cbr 150000",  # Yockey'
    )
    code, out, err = cli(capsys, "replay", str(bad))
    assert code == 1, err
    assert f"ILLEGAL: {bad}, line {line}: action " in out


@pytest.mark.parametrize(
    ("content", "match"),
    [
        ("this is = = not toml", "(at line 1, column 6)"),
        ('variant = "F7S"\nantes = [0, 0]\nstarting_stacks = [\n', "Invalid value"),
        ("antes = [1, 1]\n", "a hand history needs a 'variant'"),
        ('\n\nvariant = "NLHE"\n', "x.phh, line 3: unsupported variant code 'NLHE'"),
        ('variant = "F7S"\nstarting_stacks = [100]\n', "two starting stacks"),
        ('variant = "F7S"\nstarting_stacks = "abc"\nantes = 5\n', ""),
        ('variant = "F7S"\nstarting_stacks = [1, 2]\nactions = [1, 2]\n', ""),
        ("variant = 5\n", ""),
    ],
)
def test_bad_phh_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, match: str
) -> None:
    bad = tmp_path / "x.phh"
    bad.write_text(content, encoding="utf-8")
    code, out, err = cli(capsys, "replay", str(bad))
    assert_one_line_error(code, err, f"holecard: error: {bad}")
    assert match in err
    assert out == ""


def test_replay_not_utf8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "x.phh"
    bad.write_bytes(b'variant = "F7S"\n\xff\xfe')
    code, _, err = cli(capsys, "replay", str(bad))
    assert_one_line_error(code, err, f"holecard: error: {bad}: ")
    assert "utf-8" in err.lower()


def test_replay_directory_and_missing_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = cli(capsys, "replay", str(tmp_path))
    assert_one_line_error(code, err, f"{tmp_path} is a directory")
    code, _, err = cli(capsys, "replay", str(tmp_path / "none.phh"))
    assert_one_line_error(code, err, f"no such file: {tmp_path / 'none.phh'}")


def test_replay_a_site_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "replay", str(CO_STEAL))
    assert code == 0, err
    assert out.startswith(f"{CO_STEAL}, hand 21536266313: F7S (stud, fixed limit), 7 players")
    assert "    Hero: [5h 3c] Td" in out  # the hero's cards are known
    assert "    kwuiyhw: [?? ??] Kc" in out  # the others' down cards are not: never invented
    assert "kwuiyhw completes to 300" in out
    assert "legal: yes; finishing stacks match" in out
    code, out, err = cli(capsys, "replay", str(STARS_DRAW), "--hand", "35839001292")
    assert code == 0, err
    assert "hand 35839001292: F2L3D (deuce_seven, fixed limit), 6 players" in out
    assert "rumble1111 draws 2\n" in out  # a hidden draw: its count only
    assert "Hero draws" not in out  # the hero folded before the draw
    assert "legal: yes; finishing stacks match" in out


def test_replay_a_site_file_asks_which_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "replay", str(STARS_DRAW))
    assert_one_line_error(code, err, "holds 17 hands (35839001292, 35839050562, ")
    assert "choose one with --hand ID" in err
    code, _, err = cli(capsys, "replay", str(STARS_DRAW), "--hand", "1")
    assert_one_line_error(code, err, f"{STARS_DRAW}: no hand 1")
    code, _, err = cli(capsys, "replay", str(CANCELLED), "--hand", "20349633663")
    assert_one_line_error(
        code, err, "hand 20349633663 was not imported: hand 20349633663: cancelled"
    )
    code, _, err = cli(capsys, "replay", str(HAND5), "--hand", "6")
    assert_one_line_error(code, err, f"{HAND5} is hand 5, not 6")
    code, out, _ = cli(capsys, "replay", str(HAND5), "--hand", "5")
    assert "finishing stacks match" in out


def test_replay_an_illegal_site_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A completion to $4 at $3/$6 (the $1 more returned): the chips add up, the rules do not.
    bad = edited(tmp_path, CO_STEAL, "completes it to $3", "completes it to $4")
    bad = edited(tmp_path, bad, "Uncalled bet of $2", "Uncalled bet of $3")
    code, out, err = cli(capsys, "replay", str(bad))
    assert code == 1, err
    assert f"ILLEGAL: {bad}, hand 21536266313: action " in out


# ----- import and stats ------------------------------------------------------------------


def test_import_writes_one_phh_per_hand_and_says_what_it_skipped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = tmp_path / "out" / "phh"
    code, out, err = cli(capsys, "import", str(SITES), "--out", str(out_dir))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"imported 124 hands into {out_dir} (1 hand found twice, written once):"
    assert "  PokerStars F7S/8: 7 hands" in lines
    assert "skipped 3 hands:" in lines
    assert f"  {CANCELLED}: hand 20349633663: cancelled" in lines
    written = sorted(out_dir.iterdir())
    assert len(written) == 124
    hand = next(h for h in sites.read(CO_STEAL))
    back = phh.load(out_dir / "fulltilt-21536266313.phh")
    assert back == hand
    assert list(back.replay().stacks) == back.finishing_stacks


def test_import_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = cli(capsys, "import", str(tmp_path / "none.txt"), "--out", str(tmp_path))
    assert_one_line_error(code, err, f"no such file: {tmp_path / 'none.txt'}")
    code, _, err = cli(capsys, "import", str(CO_STEAL), "--out", str(CO_STEAL))
    assert_one_line_error(code, err, f"--out {CO_STEAL}: not a folder")
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = cli(capsys, "import", str(empty), "--out", str(tmp_path / "x"))
    assert_one_line_error(code, err, "no PokerStars or Full Tilt hand histories in")
    assert not (tmp_path / "x").exists()


def test_stats_of_site_files_and_of_their_phh_files_agree(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = cli(capsys, "stats", str(SITES))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split() == [
        "player", "game", "unit", "hands", "VPIP", "raise", "steal", "BI", "def", "AF",
        "WTSD", "W$SD", "net", "BB/100", "draws",
    ]  # fmt: skip
    kwuiyhw = next(ln for ln in lines if ln.startswith("kwuiyhw "))
    assert kwuiyhw.split() == [
        "kwuiyhw", "stud", "USD", "cents", "5", "20%", "20%", "1/1", "(1)", "0/0", "-", "0%",
        "-", "100", "+3.3", "-",
    ]  # fmt: skip
    assert "124 hands counted (1 hand found twice, counted once)" in lines
    assert "skipped 3 hands:" in lines
    cli(capsys, "import", str(SITES), "--out", str(tmp_path))
    code, again, err = cli(capsys, "stats", str(tmp_path))
    assert code == 0, err
    table = lines[: lines.index("")]  # the rows, down to the legend
    assert len(table) == 76
    assert again.splitlines()[: len(table) + 1] == [*table, ""]


def test_stats_for_some_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "stats", str(CO_STEAL), str(HAND5), "--player", "kwuiyhw")
    assert code == 0, err
    rows = [ln for ln in out.splitlines()[1:] if ln.startswith(("kwuiyhw", "Matthew"))]
    assert [r.split()[0] for r in rows] == ["kwuiyhw"]
    assert "2 hands counted" in out
    code, _, err = cli(capsys, "stats", str(CO_STEAL), "--player", "Nobody", "--player", "Hero")
    assert_one_line_error(code, err, "no hands of 'Nobody'")
    code, _, err = cli(capsys, "stats", str(CANCELLED))
    assert_one_line_error(code, err, f"no hands in {CANCELLED}")


def test_stats_of_only_unreadable_hands_says_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    short = tmp_path / "short.phh"
    short.write_text(
        HAND5.read_text(encoding="utf-8").replace(", 'Kristopher Tong']", "]"), encoding="utf-8"
    )
    code, _, err = cli(capsys, "stats", str(short))
    assert_one_line_error(
        code, err, f"no hands in {short} (1 hand skipped: field 'players' lists 4"
    )
    # Read, but not countable: said too, not an empty table.
    bare = tmp_path / "bare.phh"
    bare.write_text('variant = "F7S"\n', encoding="utf-8")
    code, _, err = cli(capsys, "stats", str(bare))
    assert_one_line_error(
        code,
        err,
        f"no hand of {bare} could be counted (1 hand; hand #1: a hand needs at least two",
    )


# ----- play -------------------------------------------------------------------------------


#: Every refused move the prompt can be given, then a legal one (c), over and over.
BAD_MOVES = ["f", "k", "b", "o", "r 99999", "r 1", "d 2s", "d Xx", "d Th Th", "c"]


def refusals(game: str, seed: int) -> set[str]:
    """What ``holecard play`` answers to BAD_MOVES over two hands of ``game``."""
    script = "\n".join(BAD_MOVES * 40) + "\n"
    out = io.StringIO()
    assert (
        play_command.run(game, players=2, seed=seed, hands=2, inp=io.StringIO(script), out=out)
        == 0
    )
    return {ln.split("): ", 1)[1] for ln in out.getvalue().splitlines() if "): not allowed" in ln}


def test_play_refuses_moves_in_the_players_words() -> None:
    said = refusals("deuce_seven", 5) | refusals("stud", 3) | refusals("razz", 0)
    for words in (
        "not allowed: you do not hold 2s",
        "not allowed: you named Th twice",
        "not allowed: 'Xx' is not a card (a rank and a suit, e.g. 9h Kd Ts)",
        "not allowed: folding when you can check is off in this game (k checks)",
        "not allowed: you must post the bring-in (b) or complete (o)",
        "not allowed: there is no bring-in to post now",
        "not allowed: there is no bring-in to complete now",
        "not allowed: you must post the bring-in (b) or complete (o): the bring-in may not fold",
        "not allowed: you cannot check: there is 3 to call (c calls, f folds)",
        "not allowed: you may bet 20, not 99,999",
        "not allowed: you may bet 10, not 1",
        "not allowed: you may raise to 30, not 1",
    ):
        assert words in said, sorted(said)
    # Never the engine's words: seats, "his hand", option names, positions in a string.
    for line in said:
        assert not re.search(r"seat \d|his hand|allow_|_|position \d", line), line


def test_play_through_stdin() -> None:
    # Bad input first (unknown action, an illegal raise, a bad card), then calls until the
    # hand ends; "n" declines another hand.
    script = "zz\nr 99999\nd Xx\n" + "c\n" * 40 + "n\n"  # r 99999: only completing is allowed
    p = run("play", "stud", "--seed", "3", "--players", "3", stdin=script)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    assert "unknown action" in p.stdout
    assert "not allowed: you may complete to 10 (o), not 99,999" in p.stdout
    assert "there is no draw now" in p.stdout
    assert "result:" in p.stdout
    assert "bye" in p.stdout
    assert "[?? ??]" in p.stdout  # the bots' down cards are hidden


def test_play_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("c\np\n"))
    code, out, err = cli(capsys, "play", "deuce_seven", "--seed", "5", "--players", "3")
    assert (code, err) == (0, "")  # end of input quits cleanly
    assert out.endswith("bye\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\n" * 60))
    code, out, _ = cli(capsys, "play", "razz", "--seed", "1", "--hands", "1")
    assert code == 0
    assert "result:" in out


# ----- other mistakes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("eval", "holdem", "As Ks Qs Js Ts"), "invalid choice"),
        (("eval", "stud", "As Ks Qs Js Tx"), "Tx"),
        (
            ("equity", "stud", "As Ah Ah", "Kd Kc Ks"),
            "duplicate card Ah: twice in player 1's hand",
        ),
        (("equity", "razz", "As 2d", "Kc"), "player 2: a razz hand lists 2 to 7 cards, got 1"),
        (("equity", "razz", "As 2d", "Kc Qd", "--dead", "4c 4c"), "twice in the dead cards"),
        (("simulate", "holdem", "--hands", "10"), "invalid choice"),
        (("simulate", "stud", "--bots", "shark", "--hands", "10"), "unknown bot"),
        (("simulate", "stud", "--players", "12", "--hands", "10"), "players"),
        (("simulate", "stud", "--set", "antee=1", "--hands", "10"), "unknown table keyword"),
        # Only table keywords: not the run's own options, nor the game argument.
        (("simulate", "stud", "--set", "hands=3"), "--set hands: unknown table keyword hands"),
        (("simulate", "stud", "--set", "game=razz"), "--set game: unknown table keyword game"),
        (("simulate", "stud", "--set", "threads=4096"), "--set threads: unknown table keyword"),
        (("simulate", "stud", "--set", "burn_cards=maybe"), "--set burn_cards=maybe: option"),
        (
            ("simulate", "stud", "--betting", "no_limit", "--set", "max_raises=2"),
            "max_raises applies only in FIXED_LIMIT",
        ),
        (("play", "stud", "--players", "1"), "players"),
        (("play", "stud", "--bots", "shark"), "unknown bot"),
        (("frobnicate",), "invalid choice"),
        ((), "required: COMMAND"),
        (("eval", "stud", "As Ks Qs Js Ts", "--frob\nx"), "unrecognized arguments: --frob\\nx"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], match: str
) -> None:
    code, _, err = cli(capsys, *args)
    assert_one_line_error(code, err, match)


def test_simulate_reads_option_text_as_phh_files_do(capsys: pytest.CaptureFixture[str]) -> None:
    # The catalogue's reading of option text: 0/1/yes/no for a bool, enum names in any
    # case, none for no cap. The same seed and options give the same result either way.
    base = ("simulate", "stud", "--players", "3", "--hands", "60", "--seed", "4")
    code, spelled, err = cli(
        capsys, *base, "--set", "burn_cards=0", "--set", "bring_in_card=highest",
        "--set", "max_raises=none",
    )  # fmt: skip
    assert code == 0, err
    code, plain, err = cli(
        capsys, *base, "--set", "burn_cards=false", "--set", "bring_in_card=HIGHEST",
        "--set", "max_raises=None",
    )  # fmt: skip
    assert code == 0, err
    assert spelled.splitlines()[:5] == plain.splitlines()[:5]


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
    assert_one_line_error(p.returncode, p.stderr, "matplotlib")


def test_internal_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import holecard.cli.commands

    def broken(*args: object) -> None:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setitem(holecard.cli.commands.EVALUATORS, "stud", [broken])
    code, out, err = cli(capsys, "eval", "stud", "As Ks Qs Js Ts")
    assert code == 70
    assert out == ""
    assert (
        err == "holecard: internal error: RuntimeError: boom\\nsecond line (please report this)\n"
    )


@pytest.mark.parametrize(
    ("command", "redirect"),
    [("eval stud 'As Ks Qs Js Ts'", ">&-"), ("play razz --seed 1", "<&-")],
)
def test_a_closed_standard_stream_is_the_null_device(command: str, redirect: str) -> None:
    # Python leaves a stream the shell closed as None: it was an internal error (exit 70).
    done = subprocess.run(
        f"{shlex.quote(sys.executable)} -m holecard {command} {redirect}",
        shell=True,
        capture_output=redirect == "<&-",
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0


def test_control_characters_in_a_history_reach_the_terminal_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A name that would turn the terminal red (and one more control character).
    text = HAND5.read_text(encoding="utf-8")
    first = re.search(r"players = \[(['\"])(.*?)\1", text)
    assert first is not None
    bad = tmp_path / "5.phh"
    bad.write_text(text.replace(first.group(0), 'players = ["Bad\\u001b[31m\\u0001"'), "utf-8")
    code, out, _ = cli(capsys, "replay", str(bad))
    assert code == 0
    assert "Bad\\x1b[31m\\x01" in out
    assert "\x1b" not in out
    assert "\x01" not in out


def test_replay_reads_a_pipe_and_names_a_path_it_cannot_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fifo = tmp_path / "hand.phh"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat {shlex.quote(str(HAND5))} > {fifo}"])
    code, out, err = cli(capsys, "replay", str(fifo))
    writer.wait(timeout=30)
    assert code == 0, err
    assert "finishing stacks match" in out
    under_a_file = HAND5 / "page.html"
    code, _, err = cli(capsys, "replay", str(HAND5), "--html", str(under_a_file))
    assert_one_line_error(code, err, f"--html {under_a_file}: cannot write: Not a directory")
    # Only files are written: not a device (tests/test_cli_paths.py has the rest).
    code, _, err = cli(capsys, "replay", str(HAND5), "--html", "/dev/null", "--force")
    assert_one_line_error(code, err, "--html /dev/null: not a regular file")


def test_an_illegal_replay_says_no_page_was_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "page.html"
    code, out, _ = cli(
        capsys, "replay", str(PHH_DIR / "wsop-2023-43-5" / "85.phh"), "--html", str(page)
    )
    assert code == 1
    assert f"no replayer page written to {page}: the hand cannot be replayed" in out
    assert not page.exists()


def test_stats_finds_phh_files_whatever_the_case_of_their_suffix(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "HAND5.PHH").write_bytes(HAND5.read_bytes())
    code, out, _ = cli(capsys, "stats", str(tmp_path))
    assert code == 0
    assert "1 hand counted" in out


def test_stats_names_each_file_of_skipped_hands_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A PHH file that cannot be read (its reader's message starts with the path), and a
    # site file of two cancelled hands: each path is said once, then why for each hand.
    (tmp_path / "5.phh").write_bytes(HAND5.read_bytes())
    bad = tmp_path / "bad.phh"
    bad.write_text(
        HAND5.read_text(encoding="utf-8").replace(", 'Kristopher Tong']", "]"), encoding="utf-8"
    )
    cancelled = CANCELLED.read_text(encoding="utf-8")
    two = tmp_path / "two.txt"
    two.write_text(cancelled + "\n\n" + cancelled.replace("20349633663", "20349633664"), "utf-8")
    code, out, err = cli(capsys, "stats", str(tmp_path))
    assert code == 0, err
    lines = out.splitlines()
    start = lines.index("skipped 3 hands:")
    assert lines[start + 1 :] == [
        f"  {bad}: field 'players' lists 4 entries for 5 players (starting_stacks)",
        f"  {two}: 2 hands:",
        "    hand 20349633663: cancelled",
        "    hand 20349633664: cancelled",
    ]
    assert sum(line.count(str(bad)) for line in lines) == 1
    # With nothing else to count, the one-line error does not repeat the path either.
    code, _, err = cli(capsys, "stats", str(bad))
    assert_one_line_error(code, err, f"no hands in {bad} (1 hand skipped: field 'players' lists")
    assert err.count(str(bad)) == 1


def test_replay_of_a_name_without_a_known_suffix_reads_by_content(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Standard input as a user pipes it: PHH or a site's hand history, told by the content.
    p = run("replay", "/dev/stdin", stdin=HAND5.read_text(encoding="utf-8"))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("/dev/stdin: F7S (stud, fixed limit), 5 players")
    assert "finishing stacks match" in p.stdout
    p = run("replay", "/dev/stdin", stdin=CO_STEAL.read_text(encoding="utf-8"))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("/dev/stdin, hand 21536266313: F7S (stud, fixed limit)")
    assert "finishing stacks match" in p.stdout
    # A pipe with no suffix, and files named otherwise (a site's UTF-16 file too).
    fifo = tmp_path / "hand"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f"cat {shlex.quote(str(HAND5))} > {fifo}"])
    code, out, err = cli(capsys, "replay", str(fifo))
    writer.wait(timeout=30)
    assert code == 0, err
    assert "finishing stacks match" in out
    site = tmp_path / "hand.log"
    site.write_text(CO_STEAL.read_text(encoding="utf-8"), encoding="utf-16")
    code, out, err = cli(capsys, "replay", str(site))
    assert code == 0, err
    assert out.startswith(f"{site}, hand 21536266313: F7S")
    toml = tmp_path / "hand.toml"
    toml.write_bytes(HAND5.read_bytes())
    code, out, err = cli(capsys, "replay", str(toml), "--hand", "5")
    assert code == 0, err
    assert "finishing stacks match" in out
    # A PHH hand saved as .txt (the site histories' suffix) is read as what it holds.
    saved = tmp_path / "hand.txt"
    saved.write_bytes(HAND5.read_bytes())
    code, out, err = cli(capsys, "replay", str(saved))
    assert code == 0, err
    assert "finishing stacks match" in out
    saved.write_text("hello\n", encoding="utf-8")
    code, _, err = cli(capsys, "replay", str(saved))
    assert_one_line_error(code, err, "neither a PokerStars or Full Tilt hand history nor PHH")
    # Neither: one line that says so, and why it is not PHH.
    other = tmp_path / "notes"
    other.write_text("hello\n", encoding="utf-8")
    code, _, err = cli(capsys, "replay", str(other))
    assert_one_line_error(
        code, err, f"{other}: neither a PokerStars or Full Tilt hand history nor PHH: Expected"
    )
    other.write_bytes(b"\xff\x00\xff")
    code, _, err = cli(capsys, "replay", str(other))
    assert_one_line_error(code, err, "nor PHH: not UTF-8 text")
    other.write_text(" \n", encoding="utf-8")
    code, _, err = cli(capsys, "replay", str(other))
    assert_one_line_error(code, err, f"{other}: empty: no hand history to replay")


def test_stats_keeps_blank_names_of_different_hands_apart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = HAND5.read_text(encoding="utf-8")
    assert "'James Obst'" in text
    (tmp_path / "a.phh").write_text(text.replace("'James Obst'", "''"), encoding="utf-8")
    (tmp_path / "b.phh").write_text(
        text.replace("'James Obst'", "'  '").replace("hand = 5", "hand = 6"), encoding="utf-8"
    )
    code, out, err = cli(capsys, "stats", str(tmp_path))
    assert code == 0, err
    rows = [ln.split("  ")[0] for ln in out.splitlines()[1:] if ln.startswith("(unnamed")]
    assert rows == ["(unnamed p1, hand 5)", "(unnamed p1, hand 6)"]
    assert "2 hands counted" in out


def test_a_ctrl_c_in_main_leaves_the_callers_handler_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A notebook or test calling main() keeps its Ctrl-C: it was ignored for good after
    # one interrupted command. (The holecard command, which exits next, keeps ignoring it.)
    import holecard.cli.parser

    def interrupt(argv: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(holecard.cli.parser, "main", interrupt)
    before = signal.getsignal(signal.SIGINT)
    assert main(["eval", "stud", "As Ks Qs Js Ts"]) == 130
    assert signal.getsignal(signal.SIGINT) is before
