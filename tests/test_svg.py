"""The SVG pictures: golden files for a handful of values, valid XML, accessible names.

The golden files are in ``tests/data/svg/``; after an intended change of the drawing,
``python tests/test_svg.py`` writes them anew (look at them before committing).
"""

from __future__ import annotations

import pickle
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from holecard import (
    Card,
    Cards,
    DeuceSevenTripleDraw,
    Game,
    SevenCardStud,
    SevenCardStudHiLo,
    State,
    equity,
    evaluate_high,
    simulate,
    svg,
)
from holecard import events as ev
from holecard._narration import street_label, street_title
from holecard.exceptions import (
    ArgumentTypeError,
    ConfigurationError,
    IndexOutOfRangeError,
    InvalidHandError,
)

GOLDEN = Path(__file__).parent / "data" / "svg"
NS = "{http://www.w3.org/2000/svg}"


def _stud_fourth_street() -> State:
    """Three players on fourth street, seat 1 folded, with bets out."""
    state = SevenCardStud(ante=1, bring_in=2, small_bet=5).start([100, 80, 120], seed=7)
    state.post_bring_in()
    state.fold()
    state.complete()
    state.call()
    state.bet_or_raise_to(5)
    return state


def _stud8_showdown() -> State:
    state = SevenCardStudHiLo(ante=1, bring_in=2, small_bet=5).start([60, 60], seed=3)
    state.post_bring_in()
    while not state.is_over:
        legal = state.legal_actions()
        _ = state.check() if legal.check else state.call()
    return state


def _deuce_seven_after_a_draw() -> State:
    state = DeuceSevenTripleDraw(small_bet=2).start([50, 50, 50], seed=3)
    state.call()
    state.call()
    state.check()
    for seat_discards in (2, 0, 1):
        cards = list(state.players[state.actor or 0].hole_cards)
        _ = state.draw(cards[:seat_discards]) if seat_discards else state.stand_pat()
    return state


PICTURES: dict[str, Callable[[], str]] = {
    "card-As": lambda: Card("As").svg(),
    "card-Td-four-color": lambda: Card("Td").svg(four_color=True),
    "cards-highlight": lambda: Cards("Ah Kc 7d 2s").svg(highlight=[Card("Ah"), Card("2s")]),
    "hand-value-among": lambda: evaluate_high("As Ks Qs Js Ts 2d 3c").svg(
        among=Cards("As Ks Qs Js Ts 2d 3c")
    ),
    "table-stud-spectator": lambda: _stud_fourth_street().svg(),
    "table-stud-seat0": lambda: _stud_fourth_street().svg(viewer=0, names=["Ann", "Bo", "Cy"]),
    "table-stud8-showdown": lambda: _stud8_showdown().svg(),
    "table-deuce-seven-draw": lambda: _deuce_seven_after_a_draw().svg(viewer=1),
    "equity-stud8": lambda: equity("stud8", ["As 2s 3h 4h 9d", "Kd Kc Qd Qs 5c"]).svg(),
    "equity-razz": lambda: equity("razz", ["As 2s 3h 4h 9d", "Kd Kc Qd Qs 5c"]).svg(),
}


def _titles(text: str) -> list[str]:
    root = ET.fromstring(text)
    return [t.text or "" for t in root.iter(f"{NS}title")]


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_golden(name: str) -> None:
    text = PICTURES[name]()
    want = (GOLDEN / f"{name}.svg").read_text(encoding="utf-8")
    assert text == want, f"{name} changed: python tests/test_svg.py rewrites the golden files"
    root = ET.fromstring(text)  # well-formed XML
    assert root.tag == f"{NS}svg"
    assert root[0].tag == f"{NS}title"  # the first child names the picture
    assert root.get("role") == "img"
    assert len(text) < 40_000


def test_titles_name_the_cards_and_the_table() -> None:
    assert _titles(PICTURES["card-Td-four-color"]()) == ["ten of diamonds", "ten of diamonds"]
    titles = _titles(PICTURES["table-stud-spectator"]())
    assert titles[0].startswith("Seven-card stud, fourth street: pot ")
    assert "face-down card" in titles
    assert any(t.startswith("seat 1: stack ") and t.endswith(", folded") for t in titles)
    mine = _titles(PICTURES["table-stud-seat0"]())
    assert any(t.endswith(", face down") for t in mine)  # seat 0 sees its own down cards
    assert mine.count("face-down card") == 2  # seat 2's (seat 1 folded: its hand is mucked)
    showdown = _titles(PICTURES["table-stud8-showdown"]())
    assert "face-down card" not in showdown  # both hands were shown
    draw = _titles(PICTURES["table-deuce-seven-draw"]())
    assert draw.count("face-down card") == 10
    assert sum(t.endswith(", face down") for t in draw) == 5


def test_stud8_equity_bars_show_the_high_and_low_halves() -> None:
    e = equity("stud8", ["As 2s 3h 4h 9d", "Kd Kc Qd Qs 5c"])
    assert e.high is not None
    assert e.low is not None
    root = ET.fromstring(PICTURES["equity-stud8"]())
    for i, name in enumerate(("player 1", "player 2")):
        bar = root.find(f"{NS}g[@data-player='{i}']")
        assert bar is not None
        halves = {h.get("data-half"): h for h in bar.findall(f"{NS}g")}
        assert set(halves) == {"high", "low"}
        for half, share in (("high", e.high[i]), ("low", e.low[i])):
            assert float(halves[half].get("data-share") or "nan") == pytest.approx(share, abs=1e-6)
            title = halves[half].find(f"{NS}title")
            assert title is not None
            assert title.text == f"{name}, {half} half: {100 * share:.2f}% of the pot"
        scoops = bar.find(f"{NS}rect[@class='scoops']")
        assert scoops is not None
        assert float(scoops.get("width") or "nan") == pytest.approx(
            300 * e.wins[i] / e.outcomes, abs=0.01
        )
    # Games without a low half keep the whole-pot and split-pot bar.
    razz = PICTURES["equity-razz"]()
    assert 'data-half="' not in razz
    assert "hatched: split pots" in razz


def test_draw_counts_bets_and_pots_are_drawn() -> None:
    text = PICTURES["table-deuce-seven-draw"]()
    assert "drew 2" in text
    assert "drew pat" in text
    assert "drew 1" in text
    state = _stud_fourth_street()
    table = ET.fromstring(state.svg())
    assert table.get("data-pot") == str(sum(p.amount for p in state.pots))
    seats = [g for g in table.iter(f"{NS}g") if g.get("class") == "seat"]
    assert [int(g.get("data-stack", "-1")) for g in seats] == state.stacks
    assert [int(g.get("data-bet", "-1")) for g in seats] == state.bets


def test_suits_differ_in_shape_not_only_colour() -> None:
    shapes = {s: Card(f"A{s}").svg().split("</title>", 2)[2] for s in "cdhs"}
    bodies = {s: shape.replace("#c0392b", "#111") for s, shape in shapes.items()}
    assert len(set(bodies.values())) == 4


def test_simulation_charts() -> None:
    result = simulate("razz", players=3, hands=600, seed=5, bots="random")
    drawn = result._repr_svg_()
    assert drawn is not None  # a result of hands draws its chart (one of sessions does not)
    chart = ET.fromstring(drawn)
    assert chart[0].text is not None
    assert chart[0].text.startswith("Razz simulation: seat 0 ")
    from holecard._simulate import simulate_chunks

    runs = list(simulate_chunks("razz", players=3, hands=600, seed=5, bots="random", chunk=200))
    lines = ET.fromstring(svg.cumulative_chart(runs))
    finals = [float(g.get("data-final", "nan")) for g in lines.iter(f"{NS}g") if g.get("class")]
    assert finals == pytest.approx([c / result.big_bet for c in result.chips_won])
    with pytest.raises(InvalidHandError, match="at least one result"):
        svg.cumulative_chart([])


def test_bad_arguments_are_named() -> None:
    state = _stud_fourth_street()
    with pytest.raises(IndexOutOfRangeError, match="viewer must be a seat from 0 to 2, got 3"):
        state.svg(viewer=3)
    with pytest.raises(ArgumentTypeError, match="viewer must be"):
        state.svg(viewer="me")  # type: ignore[arg-type]
    with pytest.raises(IndexOutOfRangeError, match="names lists 1 names for 3 seats"):
        state.svg(names=["x"])
    with pytest.raises(InvalidHandError, match="among lacks the hand's cards"):
        evaluate_high("As Ks Qs Js Ts").svg(among=Cards("As Ks"))
    with pytest.raises(ArgumentTypeError, match="c must be a Card, got str 'As'"):
        svg.card("As")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="width must be from 1 to 1000 pixels, got 0"):
        svg.card(Card("As"), width=0)
    with pytest.raises(ArgumentTypeError, match="width must be a number of pixels, got str"):
        svg.cards(Cards("As Kd"), width="40")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="title must be text or None, got int"):
        svg.cards(Cards("As Kd"), title=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="names must be a list of names"):
        state.svg(names=[1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="known must be cards, got int"):
        svg.table(state, known=5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="value must be a HandValue"):
        svg.hand_value(Card("As"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="state must be a State"):
        svg.table(evaluate_high("As Ks Qs Js Ts"))  # type: ignore[arg-type]
    result = simulate("razz", players=2, hands=2, seed=1)
    with pytest.raises(ArgumentTypeError, match=r"result must be an Equity .*SimulationResult"):
        svg.equity_chart(result)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="result must be a SimulationResult"):
        svg.simulation_chart(equity("razz", ["As 2s 3h", "Kd Kc Qd"]))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="results must be a list of SimulationResult"):
        svg.cumulative_chart(result)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="each of results must be a SimulationResult"):
        svg.cumulative_chart([result, None])  # type: ignore[list-item]


def test_cards_value_type() -> None:
    hand = Cards("As Kd")
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert hash(hand) == hash(Cards([Card("As"), Card("Kd")]))
    assert repr(hand) == "Cards('As Kd')"
    assert Cards()._repr_svg_().count("<title>no cards</title>") == 1


@pytest.mark.parametrize("game", list(Game))
def test_the_narration_and_the_pictures_name_every_street_alike(game: Game) -> None:
    # The terminal narration titles a street from its event, the SVG table and the HTML
    # replayer label it from the state's street name: the same words either way.
    titles = []
    for number, street in enumerate(game.spec.streets):  # each draw, then its betting
        if street.draw is not None:
            drawn = ev.StreetStarted(number, draw=True)
            assert street_title(game.value, drawn) == street_label(street.draw)
            titles.append(street_title(game.value, drawn))
        started = ev.StreetStarted(number, draw=False)
        assert street_title(game.value, started) == street_label(street.name)
        titles.append(street_title(game.value, started))
    if game is Game.DEUCE_SEVEN:  # the words themselves (the narration said "pre-draw")
        assert titles == [
            "before the first draw",
            "first draw",
            "after the first draw",
            "second draw",
            "after the second draw",
            "third draw",
            "after the third draw",
        ]
    else:
        assert all(title.endswith(" street") for title in titles)


if __name__ == "__main__":  # rewrite the golden files
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, draw in PICTURES.items():
        (GOLDEN / f"{name}.svg").write_text(draw(), encoding="utf-8")
    print(f"wrote {len(PICTURES)} files to {GOLDEN}", file=sys.stderr)


def test_text_xml_cannot_hold_is_replaced_and_the_rest_escaped() -> None:
    # A player's name with control characters (from a hand history) broke the document.
    state = SevenCardStud.ten_twenty().start([100, 100], seed=1)
    names = ["a\x00b\x1b[31m\x01<&\"'", "z\ufffe"]
    doc = svg.table(state, names=names)
    root = ET.fromstring(doc)
    text = " ".join(root.itertext())
    assert "a\ufffdb\ufffd[31m\ufffd<&\"'" in text
    assert "z\ufffd" in text
    ET.fromstring(svg.cards(Cards("As Kd"), title="x\x00y"))


def test_a_simulation_of_no_hands_has_no_rate_in_its_title() -> None:
    doc = simulate("stud", players=2, hands=0)._repr_svg_()
    assert doc is not None
    assert "nan" not in doc
    assert "seat 0 no hands" in doc
