"""Every shell example in the README and the documentation pages runs, and prints what the
page shows.

The pages' ``console`` blocks hold commands after ``$ `` and, below each, the output it
prints (``...`` stands for any text, as in doctests: timings, progress). Each command runs
in a fresh folder that sees the repository's shipped files (``tests/``) as in a clone, with
the environment's ``holecard`` script first on the PATH, so files an example writes
(``--plot``) stay out of the tree.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The README and every page of the documentation site (docs/).
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
CHECKER = doctest.OutputChecker()
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def examples(text: str) -> list[tuple[str, str]]:
    """(command, expected output) for every ``$ `` line of every console block."""
    found: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        command: str | None = None
        output: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command is not None:
            found.append((command, "\n".join(output)))
    return found


EXAMPLES = [e for page in PAGES for e in examples(page.read_text(encoding="utf-8"))]


def test_the_pages_have_shell_examples() -> None:
    commands = [c for c, _ in EXAMPLES]
    for sub in ("eval", "equity", "simulate", "replay", "import", "stats"):
        assert any(c.startswith(f"holecard {sub} ") for c in commands), sub


def test_the_parser_sees_commands_and_outputs() -> None:
    text = "```console\n$ holecard a\nx\n...\n$ holecard b\n```\n```python\n$ no\n```"
    assert examples(text) == [("holecard a", "x\n..."), ("holecard b", "")]


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_shell_example(command: str, expected: str, tmp_path: Path) -> None:
    argv = shlex.split(command)
    assert argv[0] == "holecard", "the pages' shell examples run the holecard command"
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    assert CHECKER.check_output(expected + "\n", done.stdout, FLAGS), (
        f"the page shows:\n{expected}\n\n{command} printed:\n{done.stdout}"
    )
    for arg in argv:  # what an example writes is there
        if arg.endswith((".png", ".html")):
            assert (tmp_path / arg).stat().st_size > 0, arg
