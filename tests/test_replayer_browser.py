"""The replayer page in a real browser (Chromium driven by selenium; ``make check`` installs both).

Every vendored PHH hand and a few generated hands of each game are opened, stepped through
by clicking and by key presses, and at every step the pot, the stacks, the bets and the
visible cards of the page are compared with the engine's state at that step. No request
may leave the page. A stud and a 2-7 page are saved as screenshots in the test's folder.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from holecard import Card, State, phh
from holecard.exceptions import ArgumentTypeError
from holecard.games import (
    DeuceSevenTripleDraw,
    Razz,
    SevenCardStud,
    SevenCardStudHiLo,
    Soko,
)
from holecard.html import replay_page

DATA = Path(__file__).parent / "data" / "phh"
#: wsop-2023-43-5/85 holds an illegal raise (errata/85 is the corrected hand): no page.
ILLEGAL = DATA / "wsop-2023-43-5" / "85.phh"
HANDS = sorted(p for p in DATA.rglob("*.phh") if p != ILLEGAL)

#: What the visible step shows, read from its SVG (the numbers are also on the page).
READ_STEP = """
const fig = document.querySelector("figure.step:not([hidden])");
const svg = fig.querySelector("svg");
const seats = [...svg.querySelectorAll("g.seat")].map(g => ({
  stack: Number(g.dataset.stack), bet: Number(g.dataset.bet),
  stackText: g.querySelector("text.stack").textContent,
  cards: [...g.querySelectorAll("g.card")].map(c => c.dataset.card)}));
const rect = fig.getBoundingClientRect();
return JSON.stringify({step: Number(fig.dataset.step), pot: Number(svg.dataset.pot),
  pots: [...svg.querySelectorAll("text.pot")].map(t => t.textContent), seats: seats,
  board: [...svg.querySelectorAll(":scope > g.card")].map(c => c.dataset.card),
  visible: rect.width > 0 && rect.height > 0,
  current: [...document.querySelectorAll("#log li.current")].map(li => li.dataset.step),
  shown: document.querySelectorAll("figure.step:not([hidden])").length,
  result: !document.getElementById("result").hidden});
"""


def _chromium() -> tuple[str, str]:
    browser = shutil.which("chromium")
    driver = shutil.which("chromedriver")
    missing = "Chromium is missing: make check installs chromium and chromium-driver"
    assert browser, missing
    assert driver, missing
    return browser, driver


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    binary, driver_path = _chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def _expected(state: State, known: frozenset[str]) -> dict[str, Any]:
    """What the page must show for ``state``: every recorded card face up, others as ??."""
    return {
        "pot": sum(p.amount for p in state.pots),
        "stacks": list(state.stacks),
        "bets": list(state.bets),
        "cards": [
            [str(c) if str(c) in known else "??" for c in p.hole_cards] for p in state.players
        ],
        "board": [str(c) if str(c) in known else "??" for c in state.board],
    }


def _steps(hh: phh.HandHistory) -> tuple[list[dict[str, Any]], frozenset[str]]:
    """The engine's state at each step of the page (the deal, then each changing action)."""
    out: list[dict[str, Any]] = []
    seen = -1
    known: frozenset[str] = frozenset()
    for step in hh.replay_steps():
        state = step.state
        assert isinstance(state, State)
        known = step.known
        if len(state.history) != seen:
            seen = len(state.history)
            out.append(_expected(state, known))
    return out, known


def _check(driver: webdriver.Chrome, k: int, want: dict[str, Any], last: int) -> None:
    got = json.loads(driver.execute_script(READ_STEP))
    assert (got["step"], got["shown"], got["visible"]) == (k, 1, True)
    assert got["current"] == [str(k)]  # the log highlights this step only
    assert got["result"] == (k == last)
    assert got["pot"] == want["pot"]
    assert sum(int(t.split()[-1].replace(",", "")) for t in got["pots"]) == want["pot"]
    assert [s["stack"] for s in got["seats"]] == want["stacks"]
    assert [int(s["stackText"].replace(",", "")) for s in got["seats"]] == want["stacks"]
    assert [s["bet"] for s in got["seats"]] == want["bets"]
    assert [s["cards"] for s in got["seats"]] == want["cards"]
    assert got["board"] == want["board"]


def _requests(driver: webdriver.Chrome) -> list[str]:
    """The URLs the page asked for since the last call (Chromium's performance log)."""
    urls = []
    for entry in driver.get_log("performance"):  # type: ignore[no-untyped-call]
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def _open(driver: webdriver.Chrome, page: Path) -> None:
    driver.get_log("performance")  # type: ignore[no-untyped-call] # drop what came before
    driver.get(page.as_uri())
    assert _requests(driver) == [page.as_uri()]  # the page itself, nothing else


def _walk(driver: webdriver.Chrome, steps: list[dict[str, Any]]) -> None:
    """Forward by clicks, back by key presses, then the slider's ends by keys."""
    last = len(steps) - 1
    _check(driver, 0, steps[0], last)
    nxt = driver.find_element(By.ID, "next")
    for k in range(1, last + 1):
        nxt.click()
        _check(driver, k, steps[k], last)
    nxt.click()  # past the end: stays on the last step
    _check(driver, last, steps[last], last)
    body = driver.find_element(By.TAG_NAME, "body")
    for k in range(last - 1, -1, -1):
        body.send_keys(Keys.ARROW_LEFT)
        _check(driver, k, steps[k], last)
    body.send_keys(Keys.END)
    _check(driver, last, steps[last], last)
    body.send_keys(Keys.HOME)
    _check(driver, 0, steps[0], last)
    body.send_keys(Keys.ARROW_RIGHT)
    _check(driver, min(1, last), steps[min(1, last)], last)
    driver.find_element(By.ID, "last").click()
    _check(driver, last, steps[last], last)
    assert _requests(driver) == []


def _generated() -> list[tuple[str, phh.HandHistory]]:
    """Two random hands of each game, played to the end by a seeded random policy."""
    tables = [
        Soko(ante=1, bring_in=2, small_bet=4),
        SevenCardStud(ante=1, bring_in=2, small_bet=4),
        SevenCardStudHiLo(ante=1, bring_in=2, small_bet=4),
        Razz(ante=1, bring_in=2, small_bet=4),
        DeuceSevenTripleDraw(small_bet=4),
    ]
    out = []
    for game in tables:
        for seed in (1, 2):
            rng = random.Random(seed)
            state = game.start([120, 60, 90, 200][: 3 + seed % 2], seed=seed)
            while not state.is_over:
                moves = list(state.legal_moves())
                # Mostly calls and checks, so hands reach the showdown.
                calm = [m for m in moves if m.kind in ("check", "call", "stand_pat")]
                move = rng.choice(calm if calm and rng.random() < 0.7 else moves)
                if move.kind == "draw":
                    cards = list(state.players[state.actor or 0].hole_cards)
                    state.draw(rng.sample(cards, rng.randint(1, 3)))
                else:
                    state.apply(move)
            out.append((f"{type(game).__name__}-{seed}", state.to_phh()))
    return out


def test_every_vendored_and_generated_hand_steps_like_the_engine(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    assert len(HANDS) >= 40
    cases = [(str(p.relative_to(DATA)), phh.load(p)) for p in HANDS] + _generated()
    shots = {}
    for name, hh in cases:
        page = tmp_path / (name.replace("/", "_") + ".html")
        page.write_text(replay_page(hh), encoding="utf-8")
        steps, _ = _steps(hh)
        _open(browser, page)
        _walk(browser, steps)
        game = phh.parse_variant(hh.variant)[0]
        if game in ("stud", "deuce_seven") and game not in shots:
            browser.find_element(By.ID, "last").click()
            shot = tmp_path / f"{game}.png"
            assert browser.save_screenshot(str(shot))
            shots[game] = shot
    assert sorted(shots) == ["deuce_seven", "stud"]
    assert all(p.stat().st_size > 10_000 for p in shots.values())


def test_an_illegal_hand_is_refused_naming_the_action() -> None:
    with pytest.raises(phh.ReplayError, match="action 18 'p2 cbr 750000' rejected"):
        replay_page(phh.load(ILLEGAL))


def test_bad_arguments_are_named() -> None:
    import holecard.reference.engine

    hh = phh.loads(
        'variant = "FR"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
        'starting_stacks = [20, 20]\nactions = ["d dh p1 ????Ks", "d dh p2 ????2s", "p1 pb"]\n'
    )
    with pytest.raises(ArgumentTypeError, match=r"history must be a phh\.HandHistory, got str"):
        replay_page("hand.phh")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="four_color must be True or False"):
        replay_page(hh, four_color=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="title must be text or None, got bytes"):
        replay_page(hh, title=b"x")  # type: ignore[arg-type]
    with pytest.raises(
        ArgumentTypeError,
        match=r"engine must make holecard's own states .* holecard\.reference\.engine made",
    ):
        replay_page(hh, engine=holecard.reference.engine)


def test_unknown_cards_are_backs_and_recorded_down_cards_are_shown(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    hh = phh.loads(
        'variant = "FR"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
        'starting_stacks = [20, 20]\nactions = ["d dh p1 ????Ks", "d dh p2 Ah3d2s", "p1 pb",'
        ' "p2 f"]\n'
    )
    page = tmp_path / "razz.html"
    page.write_text(replay_page(hh), encoding="utf-8")
    _open(browser, page)
    got = json.loads(browser.execute_script(READ_STEP))
    assert [s["cards"] for s in got["seats"]] == [["??", "??", "Ks"], ["Ah", "3d", "2s"]]
    titles = browser.execute_script(
        "return [...document.querySelectorAll('figure.step:not([hidden]) g.card > title')]"
        ".map(t => t.textContent)"
    )
    assert titles == [
        "unknown card",
        "unknown card",
        "king of spades",
        "ace of hearts, face down",
        "three of diamonds, face down",
        "deuce of spades",
    ]
    assert Card("Ks") in {Card(c) for c in next(hh.replay_steps()).known}


#: The page as a person reads it: where the window is scrolled, the title, the log's text
#: and its current line's place in the log's box, and the pot the table shows in all.
READ_VIEW = """
const h1 = document.querySelector("h1").getBoundingClientRect();
const log = document.getElementById("log").getBoundingClientRect();
const li = document.querySelector("#log li.current").getBoundingClientRect();
const svg = document.querySelector("figure.step:not([hidden]) svg");
const total = svg.querySelector("text.pot-total");
return JSON.stringify({scrollY: window.scrollY, titleTop: h1.top, titleBottom: h1.bottom,
  height: window.innerHeight, inLog: li.top >= log.top - 1 && li.bottom <= log.bottom + 1,
  text: document.querySelector("#log li.current").textContent,
  total: total ? Number(total.dataset.amount) : Number(svg.dataset.pot)});
"""


def test_the_page_opens_at_its_title_and_tells_the_hand_in_words(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    # In a 900-pixel-high window, wide (the log beside the table) and narrower (the log
    # below it), the longest logs included.
    longest = sorted(HANDS, key=lambda p: len(phh.load(p).actions))[-3:]
    hands = [DATA / "wsop-2023-43-5" / "57.phh", DATA / "wsop-2023-43-5" / "5.phh", *longest]
    try:
        for width in (1400, 1024):
            browser.set_window_size(width, 900)
            _read_every_step(browser, tmp_path, hands)
    finally:
        browser.set_window_size(1400, 900)


def _read_every_step(browser: webdriver.Chrome, tmp_path: Path, hands: list[Path]) -> None:
    for path in hands:
        hh = phh.load(path)
        page = tmp_path / (path.stem + ".html")
        page.write_text(replay_page(hh), encoding="utf-8")
        _open(browser, page)
        body = browser.find_element(By.TAG_NAME, "body")
        for k in range(len(_steps(hh)[0])):
            if k:
                body.send_keys(Keys.ARROW_RIGHT)
            view = json.loads(browser.execute_script(READ_VIEW))
            # The window never scrolls: the title stays in sight, the log scrolls in its box.
            assert view["scrollY"] == 0, (path.name, k)
            assert 0 <= view["titleTop"] < view["titleBottom"] <= view["height"], (path.name, k)
            assert view["inLog"], (path.name, k)
            # The log in words, not PHH codes ("p5 pb"); a street's pot as the table shows it
            # (the blinds and a bring-in in front of the players included).
            assert not re.search(r"\b(p\d+ (f|cc|cbr|pb|sd|sm)|d dh)\b", view["text"]), view
            heads = re.findall(r"\(pot ([\d,]+)\) --", view["text"])
            if heads:
                assert view["total"] == int(heads[-1].replace(",", "")), (path.name, k, view)
