"""The package's import graph: no cycles, and an oracle that imports nothing above it.

Every module of ``holecard`` is imported (found with :mod:`pkgutil`), and the graph is built
from the modules' source: every ``import`` / ``from ... import`` of a ``holecard`` module,
at module level, inside functions and under ``if TYPE_CHECKING:`` alike (``from pkg import
name`` is an edge to ``pkg.name`` when that is a module, else to ``pkg``). The implicit
import of a parent package is not an edge. The compiled core is checked from its Rust
source: it imports only the listed modules below the package, never the layers above.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
import textwrap
from pathlib import Path

import pytest

#: What the pure-Python oracle must never reach: it is checked against these, so it may not
#: share their code (and the compiled core is what it checks).
ORACLE_FORBIDDEN = ("holecard.phh", "holecard.cli", "holecard.games", "holecard._core")

#: The value classes both engines share (issue 13): the oracle records its history in them,
#: so it reaches the compiled core through them, for the ``Card`` values they hold only.
SHARED_VALUES = {"holecard.events": {"holecard._core"}}

#: The only modules the compiled core imports at run time: the enums, named tuples and
#: history events it returns (:class:`holecard.Category`, :class:`holecard.Pot`,
#: :mod:`holecard.events`), itself, NumPy, and the standard library's ``fractions``
#: (``Equity.fractions``).
CORE_IMPORTS = {
    "holecard._core",
    "holecard._enums",
    "holecard._types",
    "holecard.events",
    "numpy",
    "fractions",
}

RUST_PY = Path(__file__).resolve().parents[1] / "rust" / "py"

Graph = dict[str, set[str]]


def module_files(package: str) -> dict[str, Path | None]:
    """Import every module of ``package``; map its name to its source file (None: compiled)."""
    root = importlib.import_module(package)
    found: dict[str, Path | None] = {package: Path(str(root.__file__))}

    def fail(name: str) -> None:
        raise ImportError(f"cannot import package {name}")

    for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}.", onerror=fail):
        module = importlib.import_module(info.name)
        file = getattr(module, "__file__", None)
        found[info.name] = Path(file) if file and file.endswith(".py") else None
    return found


def _imported(
    node: ast.Import | ast.ImportFrom, name: str, is_package: bool, modules: set[str]
) -> list[str]:
    """The modules an import statement loads (``from pkg import sub``: ``pkg.sub``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        parts = (name if is_package else name.rpartition(".")[0]).split(".")
        anchor = ".".join(parts[: len(parts) - node.level + 1])
        base = f"{anchor}.{node.module}" if node.module else anchor
    else:
        base = node.module or ""
    subs = [f"{base}.{alias.name}" for alias in node.names]
    return [sub if sub in modules else base for sub in subs]


def import_graph(package: str) -> Graph:
    """Module → the modules of ``package`` it imports anywhere in its source."""
    files = module_files(package)
    graph: Graph = {name: set() for name in files}
    for name, path in files.items():
        if path is None:
            continue
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target in _imported(node, name, is_package, set(files)):
                if target in files and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The cycles a depth-first walk meets, each as ``[a, b, ..., a]`` (none: acyclic)."""
    found: list[list[str]] = []
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if target in path:
                found.append([*path[path.index(target) :], target])
            elif target not in done:
                visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            visit(module)
    return found


def reachable(graph: Graph, start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def _describe(found: list[list[str]]) -> str:
    return "import cycles:\n" + "\n".join("  " + " -> ".join(c) for c in found)


def test_every_module_imports_and_the_graph_has_no_cycle() -> None:
    graph = import_graph("holecard")
    for expected in ("holecard.cli.parser", "holecard.reference.engine", "holecard._core"):
        assert expected in graph  # the walk found the subpackages and the extension
    found = cycles(graph)
    assert not found, _describe(found)


def test_the_oracle_imports_nothing_above_it() -> None:
    """The oracle reaches none of ORACLE_FORBIDDEN except through the shared value
    classes, which import nothing but what SHARED_VALUES lists."""
    graph = import_graph("holecard")
    for module, allowed in SHARED_VALUES.items():
        assert graph[module] <= allowed, f"{module} imports {sorted(graph[module] - allowed)}"
    assert "holecard.events" in graph["holecard.reference.engine"]
    own = {m: set() if m in SHARED_VALUES else targets for m, targets in graph.items()}
    oracle = [m for m in graph if m == "holecard.reference" or m.startswith("holecard.reference.")]
    assert "holecard.reference.pots" in oracle
    for module in oracle:
        bad = sorted(
            t
            for t in reachable(own, module)
            if any(t == f or t.startswith(f"{f}.") for f in ORACLE_FORBIDDEN)
        )
        assert not bad, f"{module} imports {bad}"


def test_only_front_ends_import_the_command_line() -> None:
    """``holecard.cli`` is a front end (docs/architecture.md): the library modules beneath
    it, the replayers included, never import it, directly or through another module."""
    graph = import_graph("holecard")
    front_ends = {"holecard", "holecard.__main__", "holecard.cli"}
    library = [m for m in graph if m not in front_ends and not m.startswith("holecard.cli.")]
    assert {"holecard.svg", "holecard.html", "holecard._narration"} <= set(library)
    for module in library:
        bad = sorted(t for t in reachable(graph, module) if t.startswith("holecard.cli"))
        assert not bad, f"{module} imports {bad}"


def test_the_core_imports_nothing_above_it() -> None:
    """Every ``import("...")`` in the Rust bindings names a module of CORE_IMPORTS."""
    found = {
        (path.name, module)
        for path in sorted(RUST_PY.glob("*.rs"))
        for module in re.findall(r'import\(\s*"([^"]+)"\s*\)', path.read_text(encoding="utf-8"))
    }
    assert ("game.rs", "holecard._types") in found  # the pattern finds the imports
    bad = sorted((file, module) for file, module in found if module not in CORE_IMPORTS)
    assert not bad, f"the compiled core imports modules above it: {bad}"


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_a_cycle_is_found_and_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cycles through a function-level import, a relative one and a ``from pkg import
    function`` (an edge to ``pkg``) are reported; the implicit parent import is no edge."""
    _write(
        tmp_path,
        {
            "cyc/__init__.py": "from cyc.low import helper\n",
            "cyc/low.py": "def helper() -> None:\n    from cyc.sub import top\n",
            "cyc/sub/__init__.py": "",
            "cyc/sub/top.py": "from ..low import helper\nfrom cyc import helper as h\n",
            "cyc/side.py": "import cyc.low\n",
        },
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        graph = import_graph("cyc")
    finally:
        for name in [m for m in sys.modules if m == "cyc" or m.startswith("cyc.")]:
            del sys.modules[name]
    assert graph == {
        "cyc": {"cyc.low"},
        "cyc.low": {"cyc.sub.top"},
        "cyc.side": {"cyc.low"},
        "cyc.sub": set(),
        "cyc.sub.top": {"cyc.low", "cyc"},
    }
    found = cycles(graph)
    assert found == [
        ["cyc", "cyc.low", "cyc.sub.top", "cyc"],
        ["cyc.low", "cyc.sub.top", "cyc.low"],
    ]
    assert "  cyc.low -> cyc.sub.top -> cyc.low" in _describe(found)
    assert reachable(graph, "cyc.side") == {"cyc", "cyc.low", "cyc.sub.top"}


def test_an_acyclic_graph_passes() -> None:
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    assert cycles({"a": {"a"}}) == [["a", "a"]]
