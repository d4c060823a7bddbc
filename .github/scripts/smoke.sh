#!/bin/sh
# Installs one wheel (and NumPy, from the index) into a fresh virtual environment of the
# CPython it was built for (the oldest it takes, 3.11, for the abi3 wheel) and runs
# smoke.py with it from outside the source tree. POSIX sh: the release workflow runs it on
# Linux, in Alpine, on macOS and in Git Bash on Windows.
#   sh .github/scripts/smoke.sh dist/holecard-0.1.0-cp311-abi3-manylinux2014_x86_64....whl
set -eu
wheel=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
version=$(basename "$wheel" | sed -n 's/^[^-]*-[^-]*-cp3\([0-9]*\)-.*/3.\1/p')
[ -n "$version" ] || { echo "smoke.sh: no CPython tag in $wheel" >&2; exit 1; }
if command -v "python$version" >/dev/null 2>&1; then python="python$version"
elif command -v py >/dev/null 2>&1; then python="py -$version"   # Windows' launcher
else echo "smoke.sh: no CPython $version here for $wheel" >&2; exit 1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
$python -m venv "$work/venv"
bin="$work/venv/bin"; [ -d "$bin" ] || bin="$work/venv/Scripts"
"$bin/python" -m pip install --quiet "$wheel"
cd "$work"
echo "smoke test of $(basename "$wheel") with CPython $version"
"$bin/python" "$here/smoke.py" "$here/../../tests/data/phh/wsop-2023-43-5/5.phh"
