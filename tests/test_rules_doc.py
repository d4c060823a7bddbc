"""docs/rules.md defines every rule identifier the repository cites.

README, docs, the package (docstrings, comments, error messages), the stub, the Rust
sources, the tests and the benchmarks cite rules by identifier (``G-1.9.3``, ``D-10``,
``C-26``, ``V-M7``, ``§6``, ``§5.1`` …). Each must be defined in docs/rules.md, in a
heading (``### G-1.4 Forced bets``, ``## §1 …``) or in bold (``**G-1.4.3**``). The
project's rules file is docs/rules.md, so nothing may cite ``RULES.md`` or ``RULES §6``
/ ``RULES E-2.1`` any more. Only files inside the repository are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from holecard.games import DeuceSevenTripleDraw, Razz, SevenCardStud, SevenCardStudHiLo, Soko

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
THIS_FILE = Path(__file__).resolve()

# A rule id (group "id"), optionally a range such as E-2.3.1-2 whose end is not an id of
# its own. Not part of a longer word (UTF-8, PCG-64, 1E-2) nor followed by ".x".
_ID = r"(?:[CDEGHRST]-\d+(?:\.\d+)*|V-[A-Z]\d*|§\d+(?:\.\d+)*)"
ID_RE = re.compile(rf"(?<![\w.§-])(?P<id>{_ID})(?:-\d+(?:\.\d+)*)?(?!\w|\.\w)")
# Definitions in docs/rules.md: the first word of a heading, or a bold id.
HEADING_RE = re.compile(rf"^#+\s+(?P<id>{_ID})(?!\w|\.\w)", re.MULTILINE)
BOLD_RE = re.compile(rf"\*\*(?P<id>{_ID})\*\*")
# A citation of the old, unpublished spec file.
OLD_CITATION_RE = re.compile(r"\bRULES(?:\.md\b|\s+(?:§|[A-Z]-\d))")


def scanned_files() -> list[Path]:
    """The repository files that may cite rules (this test excluded)."""
    globs = [
        "README.md",
        "Makefile",
        "docs/*.md",
        "python/holecard/**/*.py",
        "python/holecard/_core.pyi",
        "rust/**/*.rs",
        "tests/**/*.py",
        "benches/**/*.rs",
        "benches/**/*.py",
        "fuzz/fuzz_targets/*.rs",
    ]
    files = {p.resolve() for g in globs for p in ROOT.glob(g) if p.is_file()}
    files.discard(THIS_FILE)
    return sorted(files)


def cited_ids(text: str) -> Iterator[tuple[int, str]]:
    """Every (line number, rule id) cited in ``text``."""
    for number, line in enumerate(text.splitlines(), start=1):
        for m in ID_RE.finditer(line):
            yield number, m.group("id")


def defined_ids(doc: str) -> set[str]:
    """The ids docs/rules.md defines (headings and bold ids)."""
    return {m.group("id") for m in HEADING_RE.finditer(doc)} | {
        m.group("id") for m in BOLD_RE.finditer(doc)
    }


def undefined_citations(files: dict[str, str], doc: str) -> list[str]:
    """``path:line: id`` for every cited id that ``doc`` does not define."""
    defined = defined_ids(doc)
    return [
        f"{name}:{line}: {rule}"
        for name, text in files.items()
        for line, rule in cited_ids(text)
        if rule not in defined
    ]


def old_citations(files: dict[str, str]) -> list[str]:
    """``path:line: text`` for every line that still cites RULES.md."""
    return [
        f"{name}:{number}: {line.strip()}"
        for name, text in files.items()
        for number, line in enumerate(text.splitlines(), start=1)
        if OLD_CITATION_RE.search(line)
    ]


def read_all() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in scanned_files()}


def test_the_scan_sees_the_places_that_cite_rules() -> None:
    names = set(read_all())
    for expected in [
        "README.md",
        "docs/rules.md",
        "python/holecard/options.py",
        "python/holecard/_core.pyi",
        "rust/game/options.rs",
        "tests/test_eval_api.py",
    ]:
        assert expected in names
    assert str(THIS_FILE.relative_to(ROOT)) not in names


def test_every_cited_rule_is_defined_in_docs_rules_md() -> None:
    files = read_all()
    assert sum(1 for text in files.values() for _ in cited_ids(text)) > 300
    missing = undefined_citations(files, RULES_DOC.read_text(encoding="utf-8"))
    assert missing == [], "rule ids not defined in docs/rules.md:\n" + "\n".join(missing)


def test_nothing_cites_the_unpublished_rules_file() -> None:
    found = old_citations(read_all())
    assert found == [], "cite docs/rules.md instead:\n" + "\n".join(found)


def test_docs_rules_md_keeps_the_spec_numbering() -> None:
    defined = defined_ids(RULES_DOC.read_text(encoding="utf-8"))
    sections = {f"§{i}" for i in range(1, 7)} | {"§3.1", "§3.2", "§3.3", "§3.4"}
    sections |= {"§5.1", "§5.2", "§5.3"}
    assert sections <= defined
    assert {f"G-1.{i}" for i in range(1, 13)} <= defined
    assert {f"E-2.{i}" for i in range(1, 7)} <= defined
    assert {f"C-{i}" for i in range(1, 27)} <= defined
    assert {f"S-{i}" for i in range(1, 12)} | {f"T-{i}" for i in range(1, 14)} <= defined
    assert {f"H-{i}" for i in range(1, 8)} | {f"D-{i}" for i in range(1, 12)} <= defined
    assert {f"D-10.{i}" for i in range(1, 6)} | {f"T-9.{i}" for i in range(1, 5)} <= defined


def test_every_engine_option_is_documented() -> None:
    doc = RULES_DOC.read_text(encoding="utf-8")
    table = doc[doc.index("\n## §6 ") :]
    documented = set(re.findall(r"^\| `(\w+)`", table, re.MULTILINE))
    games = [
        Soko(ante=1, bring_in=1, small_bet=2),
        SevenCardStud(ante=1, bring_in=1, small_bet=2),
        SevenCardStudHiLo(ante=1, bring_in=1, small_bet=2),
        Razz(ante=1, bring_in=1, small_bet=2),
        DeuceSevenTripleDraw(small_bet=2),
    ]
    options = {name for game in games for name in game.options}
    assert len(options) > 20
    assert options - documented == set()
    for game in games:  # every value of every enum option appears in the table
        for name, value in game.options.items():
            if not value.isdigit() and value not in ("true", "false", "none"):
                assert f"`{value}`" in table, (name, value)


# The checker itself: it must be able to fail.


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("RULES G-1.9.3, D-10 and C-26.", ["G-1.9.3", "D-10", "C-26"]),
        ("(docs/rules.md §6) and §5.1: see E-2.5.3.", ["§6", "§5.1", "E-2.5.3"]),
        ("batch strengths (docs/rules.md E-2.3.1-2, razz)", ["E-2.3.1"]),
        ("the §5.3 vectors V-B, V-W, V-M12 and V-S13", ["§5.3", "V-B", "V-W", "V-M12", "V-S13"]),
        ("UTF-8, PCG-64, 1E-2, 2-7, A-5, x86-64, MSRV 1.89 and the G-1.x rules", []),
    ],
)
def test_citation_pattern(text: str, ids: list[str]) -> None:
    assert [rule for _, rule in cited_ids(text)] == ids


def test_a_bogus_id_is_reported() -> None:
    doc = RULES_DOC.read_text(encoding="utf-8")
    files = {"a.py": "# see docs/rules.md G-1.9.3\n# and docs/rules.md G-1.9.77 too\n"}
    assert undefined_citations(files, doc) == ["a.py:2: G-1.9.77"]
    # (C-27 exists since issue 44: C-99 stands for an undefined conflict.)
    assert undefined_citations({"b.rs": "/// T-9.5, §8, C-99, V-Q1"}, doc) == [
        "b.rs:1: T-9.5",
        "b.rs:1: §8",
        "b.rs:1: C-99",
        "b.rs:1: V-Q1",
    ]
    # Named only in running text, not in a heading or in bold: not a definition.
    assert "G-1.9.3" not in defined_ids("as G-1.9.3 says")
    assert defined_ids("### G-1.9 All-in\n**G-1.9.3** Fixed") == {"G-1.9", "G-1.9.3"}


def test_an_old_citation_is_reported() -> None:
    files = {
        "a.py": "ok: docs/rules.md §6\nbad: RULES §6 option\n",
        "b.rs": "/// see RULES.md\n/// RULES E-2.1 says\n/// RULESET is fine\n",
    }
    assert old_citations(files) == [
        "a.py:2: bad: RULES §6 option",
        "b.rs:1: /// see RULES.md",
        "b.rs:2: /// RULES E-2.1 says",
    ]
