"""What a release rests on: the workflows (valid, and building what `make wheels` builds),
the version written once, the changelog, the policy files, and the licences of the test
data as the sdist ships them (tests/data/README.md)."""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import re
import sys
import tarfile
import tomllib
from pathlib import Path
from typing import Any

import pytest

import holecard
from test_wheel import run

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
DATA = ROOT / "tests" / "data"


def python_tools(factory: pytest.TempPathFactory, modules: dict[str, str]) -> dict[str, str]:
    """The environment in which the modules (module name: requirement) import: this one
    when it has them (`make dev` installs them), else with them installed for this run
    into a folder of their own, which is also put on this process's path."""
    env = dict(os.environ)
    try:
        for module in modules:
            importlib.import_module(module)
    except ImportError:
        folder = factory.mktemp("tools")
        run(
            *(sys.executable, "-m", "pip", "install", "--quiet", "--target", folder),
            *modules.values(),
            cwd=folder,
        )
        sys.path.insert(0, str(folder))
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(folder), env.get("PYTHONPATH")]))
    return env


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """check-jsonschema, with the GitHub workflow schema it carries and ruamel.yaml."""
    return python_tools(tmp_path_factory, {"check_jsonschema": "check-jsonschema>=0.29"})


def workflow(name: str, tools: dict[str, str]) -> Any:  # noqa: ANN401 # YAML, any shape
    # ruamel reads YAML 1.2, in which the key `on` stays a string (YAML 1.1 makes it True).
    yaml = importlib.import_module("ruamel.yaml")
    return yaml.YAML(typ="safe").load((WORKFLOWS / name).read_text())


def steps_run(job: dict[str, Any]) -> list[str]:
    return [str(step["run"]) for step in job["steps"] if "run" in step]


@pytest.mark.parametrize("name", ["ci.yml", "release.yml"])
def test_workflows_are_valid(name: str, tools: dict[str, str], tmp_path: Path) -> None:
    out = run(
        *(sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows"),
        WORKFLOWS / name,
        cwd=tmp_path,
        env=tools,
    )
    assert "ok -- validation done" in out


def test_ci_runs_make_check_on_pushes_and_pull_requests(tools: dict[str, str]) -> None:
    ci = workflow("ci.yml", tools)
    assert {"push", "pull_request"} <= set(ci["on"])
    (job,) = ci["jobs"].values()
    # What a developer runs, and nothing else: the checks are written once, in the Makefile.
    assert steps_run(job)[-1] == "make check"


def make_wheels_targets() -> dict[str, str]:
    """`make wheels`' targets and their platform tags, read from the Makefile."""
    text = (ROOT / "Makefile").read_text()
    block = re.search(r"^WHEELS_TARGETS \?=(.*?)(?<!\\)\n", text, re.M | re.S)
    assert block
    specs = block.group(1).replace("\\\n", " ").split()
    targets = dict(spec.split(":", 1) for spec in specs)
    # `make wheel` builds this one; Windows is built with the GNU ABI here, MSVC there.
    targets["x86_64-unknown-linux-gnu"] = "manylinux2014"
    targets["x86_64-pc-windows-msvc"] = targets.pop("x86_64-pc-windows-gnu")
    return targets


def test_release_builds_every_platform_of_make_wheels(tools: dict[str, str]) -> None:
    release = workflow("release.yml", tools)
    assert release["on"]["push"]["tags"] == ["v*"]
    job = release["jobs"]["wheels"]
    matrix = {row["target"]: row["tag"] for row in job["strategy"]["matrix"]["include"]}
    assert matrix == make_wheels_targets()
    builds = [s["with"] for s in job["steps"] if str(s.get("uses", "")).startswith("PyO3/")]
    # The abi3 wheel as `make wheels` builds it, and the version-specific ones.
    assert [b["args"] for b in builds] == [
        "--release --features abi3 --out dist",
        "--release --out dist --interpreter python3.11 python3.12 python3.13",
    ]
    # Each wheel run on its platform by the script the emulated aarch64 test runs.
    assert all(".github/scripts/smoke.sh" in r for r in steps_run(job))
    assert release["jobs"]["sdist"]["steps"][1]["with"]["command"] == "sdist"


def test_release_publishes_by_trusted_publishing_on_a_tag(tools: dict[str, str]) -> None:
    publish = workflow("release.yml", tools)["jobs"]["publish"]
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(publish["needs"]) == {"wheels", "sdist"}
    # An OIDC token for PyPI, no stored password.
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["steps"][-1]["uses"] == "pypa/gh-action-pypi-publish@release/v1"
    assert "with" not in publish["steps"][-1]


def test_the_version_is_written_once() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in pyproject["project"]
    assert pyproject["project"]["dynamic"] == ["version"]
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())["package"]["version"]
    assert holecard.__version__ == cargo
    assert importlib.metadata.version("holecard") == cargo


def test_changelog_keeps_a_changelog() -> None:
    text = (ROOT / "CHANGELOG.md").read_text()
    assert text.startswith("# Changelog\n")
    assert "keepachangelog.com" in text
    assert "semver.org" in text
    versions = re.findall(r"^## \[(.+?)\](.*)$", text, re.M)
    assert versions[0] == ("Unreleased", "")
    for version, date in versions[1:]:
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), version
        assert re.fullmatch(r" - \d{4}-\d{2}-\d{2}", date), (version, date)
    kinds = set(re.findall(r"^### (.+)$", text, re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
    # A released version is never above the one being built.
    cargo = tuple(int(part) for part in holecard.__version__.split("."))
    for version, _ in versions[1:]:
        assert tuple(int(part) for part in version.split(".")) <= cargo


@pytest.mark.parametrize(
    "name", ["CHANGELOG.md", "SECURITY.md", "CONTRIBUTING.md", "docs/compatibility.md"]
)
def test_policy_files_link_to_what_exists(name: str) -> None:
    path = ROOT / name
    text = path.read_text()
    links = re.findall(r"\]\(([^)#]*)(#[^)]*)?\)", text)
    local = [(target, anchor) for target, anchor in links if not target.startswith("http")]
    assert local or name == "CHANGELOG.md"
    for target, anchor in local:
        linked = (path.parent / target).resolve()
        assert linked.exists(), (name, target)
        if anchor:
            headings = re.findall(r"^#+ (.+)$", linked.read_text(), re.M)
            slugs = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-") for h in headings}
            assert anchor[1:] in slugs, (name, target, anchor)


def test_contributing_points_to_the_one_home_of_how_to_change_things() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text()
    assert "docs/architecture.md#changing-things" in text
    for command in ("make dev", "make check"):
        assert command in text


def data_table() -> dict[str, dict[str, str]]:
    """tests/data/README.md's table: folder -> source, licence, in the sdist, in the wheels."""
    text = (DATA / "README.md").read_text()
    header = "| folder | source | licence | in the sdist | in the wheels |"
    assert header in text
    rows = text.split(header, 1)[1].split("\n\n", 1)[0].strip().splitlines()[1:]
    table = {}
    for row in rows:
        folder, source, licence, sdist, wheels = (c.strip() for c in row.strip("|").split("|"))
        table[folder.strip("`/")] = {
            "source": source,
            "licence": licence,
            "sdist": sdist,
            "wheels": wheels,
        }
    return table


def test_every_data_folder_states_its_source_and_licence() -> None:
    table = data_table()
    assert set(table) == {p.name for p in DATA.iterdir() if p.is_dir()}
    for folder, row in table.items():
        assert row["source"], folder
        assert row["licence"], folder
        assert row["sdist"] in ("yes", "no"), folder
        assert row["wheels"] in ("yes", "no"), folder
        # Third-party data under a copyleft licence is never passed on under MIT.
        if "GPL" in row["licence"]:
            assert row["sdist"] == row["wheels"] == "no", folder
    # The wheels hold the package alone (tests/test_wheels_platforms.py checks each).
    assert {row["wheels"] for row in table.values()} == {"no"}


def test_the_sdist_ships_the_data_the_table_says(tmp_path: Path) -> None:
    maturin = Path(sys.executable).with_name("maturin")
    run(maturin, "sdist", "--out", tmp_path, cwd=ROOT)
    (sdist,) = tmp_path.glob("holecard-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = [n.split("/", 1)[1] for n in tar.getnames() if "/" in n]
    for folder, row in data_table().items():
        shipped = [n for n in names if n.startswith(f"tests/data/{folder}/")]
        if row["sdist"] == "yes":
            assert shipped, folder
        else:
            assert shipped == [], folder
    # What building needs is there.
    for needed in ("Cargo.toml", "Cargo.lock", "pyproject.toml", "LICENSE", "rust/lib.rs"):
        assert needed in names


# ----- what each make target installs, and the extras ----------------------------------


def make_group(name: str) -> list[str]:
    """The requirements of the Makefile's ``NAME_DEPS``, as make expands them."""
    text = run(
        "make",
        "-s",
        "--no-print-directory",
        "--eval",
        "deps: ; @printf '%s\\n' $(" + name + "_DEPS)",
        "deps",
        cwd=ROOT,
    )
    return text.split()


def extras() -> dict[str, list[str]]:
    """pyproject.toml's extras, each with the extras it names (``holecard[...]``) resolved."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    table: dict[str, list[str]] = declared["optional-dependencies"]

    def resolve(extra: str) -> list[str]:
        out: list[str] = []
        for requirement in table[extra]:
            named = re.fullmatch(r"holecard\[(.*)\]", requirement)
            out += (
                [r for e in named.group(1).split(",") for r in resolve(e)]
                if named
                else [requirement]
            )
        return out

    return {extra: resolve(extra) for extra in table} | {"": declared["dependencies"]}


def requirement_name(requirement: str) -> str:
    return re.split(r"[\[<>=!~ ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_make_installs_what_the_extras_pin() -> None:
    pinned = extras()
    dev = set(pinned["dev"] + pinned[""])
    check = set(make_group("DEV")) | set(make_group("ALL"))
    # `make dev` then `make check`: the environment `pip install '.[dev]'` makes, pinned alike.
    assert check == dev
    # `make dev` alone: the build and lint tools, pytest and hypothesis, nothing heavy.
    assert {requirement_name(r) for r in make_group("DEV")} == {
        "maturin", "numpy", "pytest", "hypothesis", "mypy", "ruff",
    }  # fmt: skip
    assert set(make_group("BENCH")) == set(pinned["bench"])
    for extra in ("plot", "pandas", "polars", "ray", "dask", "rl"):
        assert set(pinned[extra]) <= check, extra


def test_make_check_installs_every_group_once_and_make_wheel_none_of_them() -> None:
    out = run("make", "-n", "-B", "python-check", "wheel", cwd=ROOT)
    installs = [line for line in out.splitlines() if "pip install" in line]
    # The dev tools, then every group in one go (which stamps each group's own target too).
    assert sum("ray>=2.9" in line for line in installs) == 1
    wheel = run("make", "-n", "-B", "wheel", cwd=ROOT)
    heavy = ("ray", "dask", "open_spiel", "polars", "pandas", "selenium", "ipykernel")
    assert not [
        line
        for line in wheel.splitlines()
        if "pip install" in line and any(h in line for h in heavy)
    ]
    assert "ziglang" in wheel
    check = (ROOT / "Makefile").read_text()
    assert re.search(r"^python-check: dev \$\(VENV\)/\.installed-all", check, re.M)
    assert "HOLECARD_CHECK=1 " in check


def test_each_documented_extra_adds_what_its_text_says() -> None:
    # "`holecard[testing]` (hypothesis, for `holecard.testing`)": the packages named before
    # "for" are the extra's, all of them and no more.
    pinned = extras()
    found = {}
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for extra, names in re.findall(
            r"`holecard\[(\w+)\]` \(([^()`]*?),? for\s", page.read_text()
        ):
            said = {
                re.sub(r"[^a-z0-9]", "", n.lower()) for n in re.split(r",\s*|\s+and\s+", names)
            }
            have = {re.sub(r"[^a-z0-9]", "", requirement_name(r)) for r in pinned[extra]}
            found[extra] = page.name
            assert said == have, (page.name, extra, said, have)
    assert "testing" in found
    assert [requirement_name(r) for r in pinned["testing"]] == ["hypothesis"]
