"""The wheels of `make wheels`, one per platform, each checked as far as this machine can.

Linux x86-64 (glibc) runs here: tests/test_wheel.py installs it and runs the README. The
Linux aarch64 (glibc) wheel runs under QEMU user emulation with the Python and NumPy of an
arm64 Debian root (`make arm64-root`): the release smoke script
(.github/scripts/smoke.py: every evaluator, single and batch, on the same seeded hands, a
PHH replay, an exact and a sampled equity, a short simulation) must print exactly what it
prints natively with the x86-64 wheel. The others cannot run here and are checked
statically: musllinux (Debian packages musl, but no CPython linked against it, and PyPI
has none), macOS and Windows. For every wheel the extension's architecture, its
``PyInit__core`` export and the libraries it links against are read with LIEF, with the
glibc symbol versions the Linux ones need (none for musl, at most 2.17 for manylinux2014),
and auditwheel confirms the manylinux tags. Every wheel holds only the package: no test
data.

``HOLECARD_WHEELS=folder`` tests the wheels `make wheels` built there beforehand instead
of building them here; ``HOLECARD_ARM64_ROOT=folder`` names the arm64 root (by default
``~/.cache/holecard-ci/debian-bookworm-arm64``, made by `make arm64-root` when missing).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from test_release_files import python_tools
from test_wheel import made, run

ROOT = Path(__file__).resolve().parent.parent
SMOKE = ROOT / ".github" / "scripts" / "smoke.py"
HAND = ROOT / "tests" / "data" / "phh" / "wsop-2023-43-5" / "5.phh"
CACHE = Path(os.environ.get("HOLECARD_CI_CACHE", Path.home() / ".cache" / "holecard-ci"))


@dataclass(frozen=True)
class Platform:
    """One wheel of `make wheels` and what its extension must be."""

    tag: str  # the wheel's platform tag (a regular expression)
    extension: str  # the extension's path in the wheel
    binary: str  # LIEF's format: ELF, PE or MachO
    machine: str  # LIEF's name of the architecture
    libraries: str  # what every linked library's name must match (a regular expression)
    checked: str  # how it is checked here: natively, emulated or statically


GLIBC = (
    r"libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libgcc_s\.so\.1"
    r"|ld-linux-(x86-64|aarch64)\.so\.[12]"
)
# zig links musl's libc as libc.so, a name musl's loader answers with itself.
MUSL = r"libc(\.musl-[a-z0-9_]+)?\.so(\.1)?"
# abi3 on macOS: Python's symbols are looked up when the module loads, never linked.
# Rust's standard library links libiconv (and its libcharset), which every macOS has.
MACOS = r"/usr/lib/(libSystem\.B|libiconv\.2|libcharset\.1)\.dylib"
# abi3 on Windows: python3.dll (any CPython from 3.11), the C runtime and Windows itself.
WINDOWS = (
    r"(?i)(python3|kernel32|ntdll|msvcrt|ws2_32|bcrypt|advapi32|userenv|"
    r"api-ms-win-[a-z0-9-]+|bcryptprimitives)\.dll"
)
SO = "holecard/_core.abi3.so"
PLATFORMS = {
    "linux-x86_64": Platform(
        r"manylinux2014_x86_64\.manylinux_2_17_x86_64", SO, "ELF", "X86_64", GLIBC, "natively"
    ),
    "linux-aarch64": Platform(
        r"manylinux2014_aarch64\.manylinux_2_17_aarch64", SO, "ELF", "AARCH64", GLIBC, "emulated"
    ),
    "musllinux-x86_64": Platform(r"musllinux_1_2_x86_64", SO, "ELF", "X86_64", MUSL, "statically"),
    "musllinux-aarch64": Platform(
        r"musllinux_1_2_aarch64", SO, "ELF", "AARCH64", MUSL, "statically"
    ),
    "macos-x86_64": Platform(r"macosx_\d+_\d+_x86_64", SO, "MachO", "X86_64", MACOS, "statically"),
    "macos-arm64": Platform(r"macosx_\d+_\d+_arm64", SO, "MachO", "ARM64", MACOS, "statically"),
    "windows-x86_64": Platform(
        r"win_amd64", "holecard/_core.pyd", "PE", "AMD64", WINDOWS, "statically"
    ),
}


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of wheels that `make wheels` builds."""
    return made("wheels", "WHEELS_DIST", "HOLECARD_WHEELS", tmp_path_factory)


@pytest.fixture(scope="module")
def arm64_root() -> Path:
    """An arm64 Debian root with python3 and python3-numpy (made once, then kept)."""
    root = Path(os.environ.get("HOLECARD_ARM64_ROOT", CACHE / "debian-bookworm-arm64"))
    run("make", "--no-print-directory", "arm64-root", f"ARM64_ROOT={root}", cwd=ROOT)
    return root


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """LIEF and auditwheel."""
    return python_tools(tmp_path_factory, {"lief": "lief>=0.16", "auditwheel": "auditwheel>=6"})


def the_wheel(wheels: Path, platform: Platform) -> Path:
    found = [
        w
        for w in wheels.glob("holecard-*-cp311-abi3-*.whl")
        if re.search(rf"-cp311-abi3-{platform.tag}\.whl$", w.name)
    ]
    assert len(found) == 1, (platform.tag, sorted(w.name for w in wheels.iterdir()))
    return found[0]


def extract(wheel: Path, into: Path) -> Path:
    with zipfile.ZipFile(wheel) as z:
        z.extractall(into)
    return into


def test_every_platform_has_one_abi3_wheel_and_nothing_else_is_unknown(wheels: Path) -> None:
    names = sorted(w.name for w in wheels.glob("*.whl"))
    known = [n for n in names if any(re.search(p.tag, n) for p in PLATFORMS.values())]
    assert known == names
    for platform in PLATFORMS.values():
        the_wheel(wheels, platform)
    # And the sdist beside them.
    assert len(list(wheels.glob("holecard-*.tar.gz"))) == 1


@pytest.mark.parametrize("name", PLATFORMS)
def test_each_wheel_holds_the_package_alone(wheels: Path, name: str) -> None:
    platform = PLATFORMS[name]
    wheel = the_wheel(wheels, platform)
    version = wheel.name.split("-")[1]
    names = zipfile.ZipFile(wheel).namelist()
    # Nothing but the package and its metadata: no test data, whatever its licence.
    outside = [
        n for n in names if not n.startswith(("holecard/", f"holecard-{version}.dist-info/"))
    ]
    assert outside == []
    extensions = [n for n in names if re.match(r"holecard/_core\.", n) and not n.endswith(".pyi")]
    assert extensions == [platform.extension]
    for part in ("holecard/py.typed", "holecard/_core.pyi", "holecard/reference/__init__.py"):
        assert part in names
    assert f"holecard-{version}.dist-info/licenses/LICENSE" in names


@pytest.mark.parametrize("name", PLATFORMS)
def test_each_extension_is_built_for_its_platform(
    wheels: Path, name: str, tools: dict[str, str], tmp_path: Path
) -> None:
    platform = PLATFORMS[name]
    lief: ModuleType = importlib.import_module("lief")
    lief.logging.disable()  # its notes on Mach-O fields it does not read
    binary = lief.parse(str(extract(the_wheel(wheels, platform), tmp_path) / platform.extension))
    assert binary is not None
    fmt = getattr(lief, platform.binary)
    assert isinstance(binary, fmt.Binary), type(binary)
    if platform.binary == "ELF":
        machine = binary.header.machine_type
        assert machine == getattr(lief.ELF.ARCH, platform.machine)
        libraries = list(binary.libraries)
        versions = {
            aux.name
            for need in binary.symbols_version_requirement
            for aux in need.get_auxiliary_symbols()
        }
        if platform.libraries == MUSL:
            # musl versions no symbol: any version needed would be glibc's.
            assert versions == set()
        else:
            # manylinux2014: nothing newer than glibc 2.17.
            assert versions
            for version in versions:
                found = re.fullmatch(r"GLIBC_2\.(\d+)(\.\d+)?", version)
                assert found, version
                assert int(found.group(1)) <= 17, version
    elif platform.binary == "MachO":
        assert binary.header.cpu_type == getattr(lief.MachO.Header.CPU_TYPE, platform.machine)
        # The libraries it loads, not its own name (LC_ID_DYLIB).
        load = lief.MachO.LoadCommand.TYPE.LOAD_DYLIB
        libraries = [lib.name for lib in binary.libraries if lib.command == load]
    else:
        assert binary.header.machine == getattr(lief.PE.Header.MACHINE_TYPES, platform.machine)
        libraries = [imp.name for imp in binary.imports]
        # The stable ABI's DLL, not one CPython version's (python311.dll).
        assert "python3.dll" in [lib.lower() for lib in libraries]
    exported = {f.name.lstrip("_") for f in binary.exported_functions}
    assert "PyInit__core" in exported
    assert libraries
    assert [lib for lib in libraries if not re.fullmatch(platform.libraries, lib)] == []
    # Never one CPython's library (libpython3.11.so, python311.dll): the extension takes
    # its Python from whichever interpreter loads it.
    assert not [lib for lib in libraries if re.search(r"(?i)libpython|python3\d", lib)]


# auditwheel looks a musl wheel's libc.so up in this glibc machine's folders (and finds a
# linker script there), so the musllinux wheels are checked by LIEF above alone.
@pytest.mark.parametrize("name", [n for n, p in PLATFORMS.items() if p.libraries == GLIBC])
def test_auditwheel_confirms_each_manylinux_tag(
    wheels: Path, name: str, tools: dict[str, str], tmp_path: Path
) -> None:
    platform = PLATFORMS[name]
    wheel = the_wheel(wheels, platform)
    shown = " ".join(
        run(sys.executable, "-m", "auditwheel", "show", wheel, cwd=tmp_path, env=tools).split()
    )
    policy = re.sub(r"manylinux2014_\w+\\\.", "", platform.tag).replace("\\", "")
    assert f'consistent with the following platform tag: "{policy}"' in shown, shown
    # Only the system libraries the policy allows, none to be bundled into the wheel.
    assert "external shared libraries are required" not in shown, shown


def smoke(python: list[str | Path], package: Path, cwd: Path) -> dict[str, object]:
    """What .github/scripts/smoke.py prints, run by `python` with the package in `package`."""
    # Only what Python needs: no PYTHONPATH or site folders of this machine's own.
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(cwd),
        "PYTHONPATH": str(package),
        "PYTHONNOUSERSITE": "1",
        "LC_ALL": "C.UTF-8",
    }
    out = run(*python, SMOKE, HAND, cwd=cwd, env=env)
    record: dict[str, object] = json.loads(out)
    module = Path(str(record.pop("module")))
    assert module.is_relative_to(package), module  # the wheel's copy, not another
    return record


@pytest.fixture(scope="module")
def native_results(wheels: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The smoke script's results with the x86-64 abi3 wheel, run natively."""
    home = tmp_path_factory.mktemp("x86_64")
    package = extract(the_wheel(wheels, PLATFORMS["linux-x86_64"]), home / "site")
    return smoke([sys.executable], package, home)


def test_aarch64_wheel_under_emulation_matches_x86_64(
    wheels: Path,
    arm64_root: Path,
    native_results: dict[str, object],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    qemu = shutil.which("qemu-aarch64-static")
    assert qemu, "make arm64-root installs qemu-user-static"
    package = extract(the_wheel(wheels, PLATFORMS["linux-aarch64"]), tmp_path / "site")
    # -L: the guest's absolute paths (its loader, libraries, Python) are read in the root.
    emulated = smoke([qemu, "-L", arm64_root, arm64_root / "usr/bin/python3"], package, tmp_path)
    assert emulated.pop("machine") == "aarch64"
    assert native_results.get("machine") == "x86_64"
    native = {k: v for k, v in native_results.items() if k != "machine"}
    evaluations = emulated["evaluations"]
    assert isinstance(evaluations, dict)
    for evaluator, values in evaluations.items():
        assert values == native["evaluations"][evaluator], evaluator  # type: ignore[index]
    assert emulated == native
    with capsys.disabled():
        counts = {k: len(v) for k, v in evaluations.items()}
        print(
            f"\naarch64 under QEMU: holecard {emulated['version']}, same results as x86-64: "
            f"evaluators {counts}, replay {emulated['replay']}, "
            f"exact equity {emulated['equity_exact']}, sampled {emulated['equity_sampled']}"
        )
