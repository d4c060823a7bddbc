"""Where the command line writes and what it reads (issue 40, item 9).

It never writes over its own input (the same file by inode: a symlink or a hard link to it
too), asks nothing, refuses to overwrite an existing file unless ``--force`` says so, does
not follow a symlink at the output path, and reads no endless or huge input: devices such as
``/dev/zero`` are refused, pipes and files are read through a bounded reader.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from holecard.cli import commands
from test_cli import CO_STEAL, HAND5, cli
from test_cli import assert_one_line_error as one_line_error


@pytest.fixture
def hand(tmp_path: Path) -> Path:
    path = tmp_path / "in.phh"
    path.write_bytes(HAND5.read_bytes())
    return path


def imported(capsys: pytest.CaptureFixture[str], out: Path) -> Path:
    """The one PHH file ``holecard import`` writes of a one-hand site file into ``out``."""
    code, _, err = cli(capsys, "import", str(CO_STEAL), "--out", str(out))
    assert code == 0, err
    [written] = out.iterdir()
    return written


# ----- never over the input ---------------------------------------------------------------


def test_replay_never_writes_its_page_over_its_own_input(
    capsys: pytest.CaptureFixture[str], hand: Path, tmp_path: Path
) -> None:
    # `holecard replay in.phh --html in.phh` replaced the hand with the page.
    before = hand.read_bytes()
    for force in ([], ["--force"]):
        code, _, err = cli(capsys, "replay", str(hand), "--html", str(hand), *force)
        one_line_error(code, err, f"--html {hand}: is the input file {hand}")
        assert hand.read_bytes() == before
    # Under another name: a symlink to it, a hard link to it, a path through "..".
    link = tmp_path / "link.html"
    link.symlink_to(hand)
    hard = tmp_path / "hard.html"
    os.link(hand, hard)
    dotted = tmp_path / "sub"
    dotted.mkdir()
    for out in (link, hard, dotted / ".." / "in.phh"):
        code, _, err = cli(capsys, "replay", str(hand), "--html", str(out), "--force")
        assert code == 2, err
        assert hand.read_bytes() == before


def test_import_never_writes_over_its_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    written = imported(capsys, out)
    # Its input under the output's name (a hard link: the same file), even with --force.
    site = out / "copy.txt"
    site.write_bytes(CO_STEAL.read_bytes())
    written.unlink()
    os.link(site, written)
    before = site.read_bytes()
    code, _, err = cli(capsys, "import", str(site), "--out", str(out), "--force")
    one_line_error(code, err, f"--out {out}: {written.name}: is the input file {site}")
    assert site.read_bytes() == before


# ----- no overwriting unless --force, no following symlinks --------------------------------


def test_html_refuses_an_existing_file_unless_forced(
    capsys: pytest.CaptureFixture[str], hand: Path, tmp_path: Path
) -> None:
    page = tmp_path / "page.html"
    page.write_text("mine", encoding="utf-8")
    code, out, err = cli(capsys, "replay", str(hand), "--html", str(page))
    one_line_error(code, err, f"--html {page}: exists: pass --force to overwrite it")
    assert out == ""  # refused before the replay is printed
    assert page.read_text(encoding="utf-8") == "mine"
    code, out, err = cli(capsys, "replay", str(hand), "--html", str(page), "--force")
    assert code == 0, err
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    # A new file needs no --force.
    fresh = tmp_path / "fresh.html"
    code, _, err = cli(capsys, "replay", str(hand), "--html", str(fresh))
    assert code == 0, err
    assert fresh.exists()


def test_html_does_not_follow_a_symlink(
    capsys: pytest.CaptureFixture[str], hand: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    link = tmp_path / "page.html"
    link.symlink_to(victim)
    dangling = tmp_path / "dangling.html"
    dangling.symlink_to(tmp_path / "nowhere" / "x")
    for out in (link, dangling):
        for force in ([], ["--force"]):
            code, _, err = cli(capsys, "replay", str(hand), "--html", str(out), *force)
            one_line_error(code, err, f"--html {out}: is a symbolic link")
    assert victim.read_text(encoding="utf-8") == "precious"
    assert link.is_symlink()
    assert not (tmp_path / "nowhere").exists()


def test_outputs_that_are_not_files_are_refused(
    capsys: pytest.CaptureFixture[str], hand: Path, tmp_path: Path
) -> None:
    fifo = tmp_path / "fifo.html"
    os.mkfifo(fifo)
    code, _, err = cli(capsys, "replay", str(hand), "--html", str(fifo), "--force")
    one_line_error(code, err, f"--html {fifo}: not a regular file")
    code, _, err = cli(capsys, "replay", str(hand), "--html", str(tmp_path))
    one_line_error(code, err, f"--html {tmp_path}: is a directory")
    missing = tmp_path / "no" / "page.html"
    code, _, err = cli(capsys, "replay", str(hand), "--html", str(missing))
    one_line_error(code, err, f"--html {missing}: cannot write: no such folder")
    under_a_file = hand / "page.html"
    code, _, err = cli(capsys, "replay", str(hand), "--html", str(under_a_file))
    one_line_error(code, err, f"--html {under_a_file}: ")


def test_plot_refuses_an_existing_file_or_a_symlink_before_the_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plot = tmp_path / "plot.png"
    plot.write_bytes(b"mine")
    args = ["simulate", "razz", "--players", "2", "--hands", "50", "--seed", "1"]
    code, out, err = cli(capsys, *args, "--plot", str(plot))
    one_line_error(code, err, f"--plot {plot}: exists: pass --force to overwrite it")
    assert out == ""
    assert plot.read_bytes() == b"mine"
    link = tmp_path / "link.png"
    link.symlink_to(plot)
    code, _, err = cli(capsys, *args, "--plot", str(link), "--force")
    one_line_error(code, err, f"--plot {link}: is a symbolic link")
    assert plot.read_bytes() == b"mine"
    code, _, err = cli(capsys, *args, "--plot", str(plot), "--force")
    assert code == 0, err
    assert plot.read_bytes().startswith(b"\x89PNG")


def test_import_refuses_existing_files_unless_forced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    written = imported(capsys, out)
    written.write_text("mine", encoding="utf-8")
    code, _, err = cli(capsys, "import", str(CO_STEAL), "--out", str(out))
    one_line_error(code, err, f"--out {out}: {written.name}: exists: pass --force to overwrite")
    assert written.read_text(encoding="utf-8") == "mine"
    code, _, err = cli(capsys, "import", str(CO_STEAL), "--out", str(out), "--force")
    assert code == 0, err
    assert written.read_text(encoding="utf-8").startswith("variant")
    # A symlink in its place is not followed, even with --force.
    victim = tmp_path / "victim"
    victim.write_text("precious", encoding="utf-8")
    written.unlink()
    written.symlink_to(victim)
    code, _, err = cli(capsys, "import", str(CO_STEAL), "--out", str(out), "--force")
    one_line_error(code, err, f"--out {out}: {written.name}: is a symbolic link")
    assert victim.read_text(encoding="utf-8") == "precious"


def test_no_temporary_file_is_left_behind(
    capsys: pytest.CaptureFixture[str], hand: Path, tmp_path: Path
) -> None:
    out = tmp_path / "pages"
    out.mkdir()
    page = out / "page.html"
    code, _, err = cli(capsys, "replay", str(hand), "--html", str(page))
    assert code == 0, err
    code, _, err = cli(capsys, "replay", str(hand), "--html", str(page), "--force")
    assert code == 0, err
    assert [p.name for p in out.iterdir()] == ["page.html"]


# ----- bounded input ----------------------------------------------------------------------


def test_replay_of_dev_zero_is_refused_at_once() -> None:
    # It read without limit: 4.3 GB after 12 s.
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "holecard", "replay", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "holecard: error: /dev/zero: not a regular file or a pipe: holecard does not read it\n"
    )
    assert time.monotonic() - started < 30


@pytest.mark.parametrize("command", ["stats", "import"])
def test_stats_and_import_refuse_devices(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    out = ["--out", str(tmp_path / "out")] if command == "import" else []
    code, _, err = cli(capsys, command, "/dev/zero", *out)
    one_line_error(code, err, "/dev/zero: not a regular file")
    # Nor inside a folder: a FIFO named like a hand history would block the read forever.
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "5.phh").write_bytes(HAND5.read_bytes())
    os.mkfifo(folder / "stuck.txt")
    code, _, err = cli(capsys, command, str(folder), *out)
    one_line_error(code, err, f"{folder / 'stuck.txt'}: not a regular file")


def test_inputs_over_the_size_limit_are_refused(
    capsys: pytest.CaptureFixture[str],
    hand: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    size = hand.stat().st_size
    monkeypatch.setattr(commands, "MAX_INPUT_BYTES", size)
    code, _, err = cli(capsys, "replay", str(hand))
    assert code == 0, err  # exactly at the limit
    monkeypatch.setattr(commands, "MAX_INPUT_BYTES", size - 1)
    message = f"{hand}: larger than {size - 1:,} bytes, holecard's limit for an input file"
    for command in ("replay", "stats"):
        code, _, err = cli(capsys, command, str(hand))
        one_line_error(code, err, message)
    code, _, err = cli(capsys, "import", str(hand), "--out", str(tmp_path / "o"))
    one_line_error(code, err, message)


def test_a_pipe_is_read_through_a_bounded_reader(
    capsys: pytest.CaptureFixture[str], hand: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A pipe has no size to look at: the reading stops one byte past the limit.
    monkeypatch.setattr(commands, "MAX_INPUT_BYTES", 1000)
    fifo = tmp_path / "endless"
    os.mkfifo(fifo)
    with subprocess.Popen(
        ["sh", "-c", f"head -c 100000000 /dev/zero > '{fifo}'"], stderr=subprocess.DEVNULL
    ) as writer:
        code, _, err = cli(capsys, "replay", str(fifo))
        writer.kill()
    one_line_error(code, err, f"{fifo}: larger than 1,000 bytes")
