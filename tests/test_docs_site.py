"""The documentation site (mkdocs.yml, docs/) documents every public name, lists every page,
and shows no code it does not run.

The API reference pages (docs/reference/) hold one ``::: identifier`` directive per object,
on the page of the module that defines it, and a cross-reference ``[`name`][identifier]`` on
the page of every other public module that exports it. A name added to a module's
``__all__`` without either fails here; ``mkdocs build --strict`` (in ``make check``) fails on
a directive or a cross-reference that does not resolve.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

import holecard

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REFERENCE = DOCS / "reference"

#: Every public module with an ``__all__``, and its reference page.
MODULES = {
    "holecard": "holecard.md",
    "holecard.games": "games.md",
    "holecard.options": "options.md",
    "holecard.events": "events.md",
    "holecard.exceptions": "exceptions.md",
    "holecard.batch": "batch.md",
    "holecard.phh": "phh.md",
    "holecard.sites": "sites.md",
    "holecard.stats": "stats.md",
    "holecard.agents": "agents.md",
    "holecard.gymnasium": "gymnasium.md",
    "holecard.pettingzoo": "pettingzoo.md",
    "holecard.openspiel": "openspiel.md",
    "holecard.svg": "svg.md",
    "holecard.html": "html.md",
    "holecard.conformance": "conformance.md",
    "holecard.testing": "testing.md",
    "holecard.reference": "reference.md",
}
#: Public modules that are front ends, documented by their ``--help``, not in the reference.
NOT_IN_REFERENCE = {"holecard.cli"}

DIRECTIVE = re.compile(r"^::: ([\w.]+)$", re.M)
CROSS_REFERENCE = re.compile(r"\[`(\w+)`\]\[([\w.]+)\]")


def resolve(identifier: str) -> object:
    """The object an identifier names: the longest importable module, then attributes."""
    parts = identifier.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            found = getattr(found, part)
        return found
    raise AssertionError(f"{identifier} names nothing importable")


def is_value(obj: object) -> bool:
    """A constant (a number, a name, a table): documented by its own name, never by identity."""
    return not (inspect.isclass(obj) or inspect.isroutine(obj) or isinstance(obj, ModuleType))


def documents(page: str, module: ModuleType, name: str) -> bool:
    """Whether ``page`` documents ``module.name``: a directive, or a cross-reference to one."""
    obj = getattr(module, name)
    qualified = f"{module.__name__}.{name}"
    directives = DIRECTIVE.findall(page)
    if qualified in directives:
        return True
    if is_value(obj):
        return False
    everywhere = {d for p in REFERENCE.glob("*.md") for d in DIRECTIVE.findall(p.read_text())}
    targets = [t for shown, t in CROSS_REFERENCE.findall(page) if shown == name]
    return any(
        resolve(identifier) is obj
        for identifier in directives + [t for t in targets if t in everywhere]
    )


def test_every_public_module_has_a_reference_page() -> None:
    public = {
        f"holecard.{info.name}"
        for info in pkgutil.iter_modules(holecard.__path__)
        if not info.name.startswith("_")
    }
    assert public - NOT_IN_REFERENCE <= set(MODULES)
    assert {p.name for p in REFERENCE.glob("*.md")} == {*MODULES.values(), "index.md"}


@pytest.mark.parametrize(("module_name", "page"), MODULES.items())
def test_every_public_name_is_in_the_reference(module_name: str, page: str) -> None:
    module = importlib.import_module(module_name)
    text = (REFERENCE / page).read_text()
    assert f"::: {module_name}\n" in text  # the module's own documentation opens its page
    missing = [name for name in module.__all__ if not documents(text, module, name)]
    assert missing == [], f"{page} does not document {module_name}.{missing}"


def test_every_directive_names_an_object() -> None:
    for path in REFERENCE.glob("*.md"):
        for identifier in DIRECTIVE.findall(path.read_text()):
            resolve(identifier)


def test_a_missing_name_is_noticed() -> None:
    html = importlib.import_module("holecard.html")
    games = importlib.import_module("holecard.games")
    page = "::: holecard.html\n\n::: holecard.html.replay_page\n"
    assert documents(page, html, "replay_page")
    assert not documents("::: holecard.html\n", html, "replay_page")
    # A cross-reference counts only when it leads to a directive of the same object.
    assert documents("[`State`][holecard._core.State]", games, "State")
    assert not documents("[`State`][holecard._core.Card]", games, "State")
    assert not documents("[`BOTS`][holecard._core.BOTS]", holecard, "BOTS")


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def test_every_page_is_in_the_navigation() -> None:
    config = (ROOT / "mkdocs.yml").read_text()
    for path in DOCS.rglob("*.md"):
        assert path.relative_to(DOCS).as_posix() in config, path


@pytest.mark.parametrize("path", pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_python_example_is_a_doctest(path: Path) -> None:
    # pytest runs the doctests of README.md and docs/*.md, and tests/test_readme_shell.py
    # their console blocks; a plain Python block would be shown but never run.
    blocks = re.findall(r"^```(\w*)\n(.*?)^```", path.read_text(), flags=re.M | re.S)
    for language, body in blocks:
        assert language != "python" or body.lstrip().startswith(">>> "), (path, body[:80])


def test_the_makefile_installs_the_docs_extra() -> None:
    # `make docs` and `make check` install DOCS_TOOLS; `pip install '.[docs]'` the extra.
    makefile = (ROOT / "Makefile").read_text()
    [line] = re.findall(r"^DOCS_TOOLS := (.+)$", makefile, flags=re.M)
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert re.findall(r'"([^"]+)"', line) == extra["optional-dependencies"]["docs"]


def test_the_readme_links_to_what_exists() -> None:
    # The README is outside the site, so `mkdocs build --strict` does not check its links.
    text = (ROOT / "README.md").read_text()
    links = re.findall(r"\]\(([^)#]*)(#[^)]*)?\)", text)
    local = [(target, anchor) for target, anchor in links if not target.startswith("http")]
    assert len(local) >= 10
    for target, anchor in local:
        linked = ROOT / target
        assert linked.exists(), target
        if anchor:
            headings = re.findall(r"^#+ (.+)$", linked.read_text(), re.M)
            slugs = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-") for h in headings}
            assert anchor[1:] in slugs, (target, anchor)
