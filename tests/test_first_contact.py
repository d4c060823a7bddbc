"""What a new user meets first: `make dev` installs little, and `make check` everything.

`make dev` installs the build and lint tools and what the core tests need; the tests of the
extras (the agent environments, the data frames, the cluster executors, the peers the
conformance tests compare with, the browser and the notebooks) need `make check`, which
installs every group and runs pytest with ``HOLECARD_CHECK=1``: there, every one of them
imports, so none of their tests can be missed for a missing package.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import holecard

ROOT = Path(__file__).resolve().parent.parent

#: The module each extra group's tests import, and the package that provides it.
EXTRA_MODULES = {
    "matplotlib": "matplotlib",
    "pandas": "pandas",
    "polars": "polars",
    "ray": "ray",
    "distributed": "dask",
    "pyspiel": "open_spiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "gymnasium",
    "pokerkit": "pokerkit",
    "phevaluator": "phevaluator",
    "eval7": "eval7",
    "treys": "treys",
    "selenium": "selenium",
    "nbclient": "nbclient",
    "nbformat": "nbformat",
    "ipykernel": "ipykernel",
}


def test_make_check_installs_every_extra_and_says_so() -> None:
    makefile = (ROOT / "Makefile").read_text()
    all_deps = re.search(r"^ALL_DEPS\s*:=(.*?)(?<!\\)\n", makefile, re.M | re.S)
    assert all_deps
    groups = re.findall(r"\$\((\w+)\)", all_deps.group(1))
    listed = " ".join(
        m.group(1)
        for g in groups
        if (m := re.search(rf"^{g}\s*:=(.*?)(?<!\\)\n", makefile, re.M | re.S))
    )
    for package in EXTRA_MODULES.values():
        assert f'"{package}' in listed, package
    recipe = makefile.split("\npython-check:", 1)[1].split("\n\n", 1)[0]
    assert "$(VENV)/.installed-all" in recipe.splitlines()[0]
    assert "HOLECARD_CHECK=1" in recipe
    if os.environ.get("HOLECARD_CHECK"):
        # Under `make check`: every extra is here, so no test of one is skipped or lost.
        missing = [m for m in EXTRA_MODULES if importlib.util.find_spec(m) is None]
        assert not missing, f"make check did not install {missing}"


def test_the_bots_rules_are_documented_publicly_with_the_codes_numbers() -> None:

    page = (ROOT / "docs" / "bots.md").read_text()
    assert re.findall(r"^## (\w+)$", page, re.M) == list(holecard.BOTS)
    assert "`strength` (the default: `bots=None` seats strength bots)" in page
    assert holecard._core.DEFAULT_BOT == "strength"
    page = " ".join(page.split())  # the phrases, whatever the line breaks
    # The equity bot's numbers, as its code has them.
    code = (ROOT / "rust" / "sim" / "equity_bot.rs").read_text()
    constant = dict(re.findall(r"^pub const (\w+): \w+ = ([\d.]+);", code, re.M))
    assert f"({constant['SAMPLES']} samples)" in page
    assert f"bets from strength {constant['BET']}" in page
    assert f"raises from strength {constant['RAISE']}" in page
    assert constant["RESPECT"] == "0.8"  # a fifth off:
    assert "discounted by a fifth for every bet" in page
