"""A hand replayer in one self-contained HTML page: :func:`replay_page`.

The page holds everything inline (style, script and the pictures of :mod:`holecard.svg`;
no font, image or script is fetched, and its content security policy forbids any
request). It steps through the hand one player action at a time, with buttons, the arrow
keys (Home and End jump to either end), a slider and a click on the event log, where the
current step is highlighted; the last step shows the showdown and the payoffs.

Every step is the engine's own state after that action (:meth:`HandHistory.replay_steps`),
drawn as a table; the page computes nothing itself. Cards the history does not record
(``??``) are drawn as card backs marked with a question mark; the down cards it does record
are drawn face up on a tinted face.

>>> from holecard import phh
>>> from holecard.html import replay_page
>>> page = replay_page(phh.load("tests/data/phh/wsop-2023-43-5/5.phh"))
>>> page.startswith("<!DOCTYPE html>") and page.count('class="step"')
12
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from holecard._core import Card, State
from holecard._enums import Game
from holecard._narration import Narrator, street_label
from holecard.exceptions import ArgumentTypeError
from holecard.phh import HandHistory, parse_variant
from holecard.svg import _CX, _CY, _esc, _flag, _text, _title, table

if TYPE_CHECKING:
    from holecard.phh import ReplayStep

__all__ = ["replay_page"]

#: Only what the page carries inline may run or style it; nothing may be fetched.
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

_STYLE = """
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 1em; color: #111;
       background: #f4f4f0; }
h1 { font-size: 1.3em; margin: 0 0 .2em; }
header p { margin: .1em 0; color: #444; }
main { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
#view { flex: 0 1 960px; min-width: 320px; }
#view svg { width: 100%; height: auto; }
.controls { display: flex; gap: .4em; align-items: center; margin: .4em 0; }
.controls button { font-size: 1.1em; min-width: 2.4em; }
#slider { flex: 1; }
#where { min-width: 8em; text-align: center; }
#log { flex: 1 1 300px; max-height: 620px; overflow-y: auto; margin: 0; padding-left: 2.2em;
       background: #fff; border: 1px solid #ccc; position: relative; scrollbar-gutter: stable; }
#log li { padding: .15em .3em; cursor: pointer; white-space: pre-wrap; }
#log li.current { background: #ffe9a8; outline: 2px solid #e0a800; font-weight: bold; }
#result table { border-collapse: collapse; }
#result td, #result th { border: 1px solid #bbb; padding: .2em .6em; text-align: right; }
#result td:first-child, #result th:first-child { text-align: left; }
"""

_SCRIPT = """
(function () {
  var steps = document.querySelectorAll(".step");
  var items = document.querySelectorAll("#log li");
  var slider = document.getElementById("slider");
  var where = document.getElementById("where");
  var result = document.getElementById("result");
  var log = document.getElementById("log");
  var last = steps.length - 1;
  // Scrolls the log's own box to the step's line, never the page (scrollIntoView would
  // scroll the window too, past the title, when the log reaches below it).
  function reveal(li) {
    if (li.offsetTop < log.scrollTop) { log.scrollTop = li.offsetTop; }
    else if (li.offsetTop + li.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = li.offsetTop + li.offsetHeight - log.clientHeight;
    }
  }
  function show(k) {
    k = Math.max(0, Math.min(last, k));
    for (var i = 0; i <= last; i++) {
      steps[i].hidden = i !== k;
      items[i].classList.toggle("current", i === k);
      if (i === k) { items[i].setAttribute("aria-current", "step"); }
      else { items[i].removeAttribute("aria-current"); }
    }
    slider.value = String(k);
    where.textContent = "step " + (k + 1) + " of " + (last + 1);
    result.hidden = k !== last;
    reveal(items[k]);  // after the result is shown or hidden: the layout is final
    document.body.setAttribute("data-step", String(k));
  }
  function current() { return Number(slider.value); }
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current() - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current() + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  slider.addEventListener("input", function () { show(current()); });
  items.forEach(function (li, i) { li.addEventListener("click", function () { show(i); }); });
  document.addEventListener("keydown", function (e) {
    if (e.target === slider) { return; }  // the slider moves itself with the arrow keys
    var moves = {ArrowRight: current() + 1, ArrowDown: current() + 1, ArrowLeft: current() - 1,
                 ArrowUp: current() - 1, Home: 0, End: last};
    if (e.key in moves) { e.preventDefault(); show(moves[e.key]); }
  });
  show(0);
})();
"""


def _names(hh: HandHistory, n: int) -> list[str]:
    given = [str(p) for p in hh.players or []]
    return [given[i] if i < len(given) and given[i] else f"p{i + 1}" for i in range(n)]


def _page_steps(hh: HandHistory, engine: object) -> list[ReplayStep]:
    """The deal, then every action that changed the hand.

    Dealing and shows are the engine's own, so they belong to the action before them.
    """
    out: list[ReplayStep] = []
    seen = -1
    for step in hh.replay_steps(engine=engine):
        length = len(step.state.history)  # type: ignore[attr-defined]
        if length != seen:
            out.append(step)
            seen = length
    return out


def replay_page(
    history: HandHistory,
    *,
    four_color: bool = False,
    title: str | None = None,
    engine: object = None,
) -> str:
    """One self-contained HTML page that replays ``history`` step by step.

    Args:
        history: the hand (from :mod:`holecard.phh`, or any importer that makes a
            :class:`~holecard.phh.HandHistory`).
        four_color: four suit colours.
        title: the page's title (default: the game and the players).
        engine: the engine to replay through (see :meth:`HandHistory.replay`).

    Returns:
        The page's HTML text (UTF-8 when written).

    Raises:
        ReplayError: the history cannot be replayed (the message names the action), or
            ``engine`` is not an engine.
        ArgumentTypeError: ``history`` is not a hand history, ``four_color`` not a bool,
            ``title`` not text, or ``engine`` not one whose states the page can draw.
    """
    if not isinstance(history, HandHistory):
        raise ArgumentTypeError(
            f"history must be a phh.HandHistory, got {type(history).__name__} {history!r}"
        )
    four_color = _flag(four_color, "four_color")
    title = _title(title)
    steps = _page_steps(history, engine)
    final = steps[-1].state
    if not isinstance(final, State):  # another engine's states: no pictures of those
        raise ArgumentTypeError(
            "engine must make holecard's own states (None: holecard.games), whose tables"
            f" replay_page draws; {getattr(engine, '__name__', repr(engine))} made"
            f" {type(final).__module__}.{type(final).__qualname__}"
        )
    game, betting = parse_variant(history.variant)
    n = len(final.players)
    names = _names(history, n)
    known_cards = {Card(c) for c in steps[0].known}
    narrator = Narrator(
        game,
        final,
        lambda seat: names[seat] if seat < n else f"p{seat + 1}",
        known=known_cards.__contains__,
    )
    heading = title or f"{Game(game).label}: {', '.join(names)}"
    pictures: list[str] = []
    log: list[str] = []
    told = 0
    for k, step in enumerate(steps):
        state = step.state
        assert isinstance(state, State)
        events = state.history[told:]
        told = len(state.history)
        lines = [line for e in events for line in narrator.lines(e)]
        if k == len(steps) - 1:
            lines += narrator.finish()
        what = "deal" if step.action is None else step.action
        # The narration, in words; the PHH code stays in the item's data and tooltip.
        text = "\n".join(line.rstrip() for line in lines if line.strip())
        log.append(
            f'<li data-step="{k}" data-action="{_esc(what)}" title="PHH: {_esc(what)}">'
            f"{_esc(text or ('the deal' if k == 0 else 'no change'))}</li>"
        )
        svg = _with_bets(
            table(state, viewer="all", known=known_cards, names=names, four_color=four_color),
            state,
        )
        pictures.append(
            f'<figure class="step" id="step-{k}" data-step="{k}"'
            f' data-street="{_esc(street_label(state.street))}"'
            f"{'' if k == 0 else ' hidden'}>{svg}</figure>"
        )
    rows = "".join(
        f"<tr><td>{_esc(names[i])}</td><td>{start:,}</td><td>{end:,}</td><td>{pay:+,}</td></tr>"
        for i, (start, end, pay) in enumerate(
            zip(
                [s - p for s, p in zip(final.stacks, final.payoffs, strict=True)],
                final.stacks,
                final.payoffs,
                strict=True,
            )
        )
    )
    about = _about(history, betting)
    data = json.dumps({"steps": len(steps), "players": names})
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_esc(heading)}</title><style>{_STYLE}</style></head>\n"
        f"<body data-step=\"0\" data-replay='{_esc(data)}'>"
        f"<header><h1>{_esc(heading)}</h1>{about}</header>\n<main>"
        '<section id="view" aria-label="table">'
        f'<div id="tables">{"".join(pictures)}</div>'
        '<nav class="controls" aria-label="steps">'
        '<button id="first" type="button" title="first step (Home)" aria-label="first step">'
        "|&#x25C0;</button>"
        '<button id="prev" type="button" title="previous step (left arrow)"'
        ' aria-label="previous step">&#x25C0;</button>'
        '<span id="where" aria-live="polite"></span>'
        '<button id="next" type="button" title="next step (right arrow)" aria-label="next step">'
        "&#x25B6;</button>"
        '<button id="last" type="button" title="last step (End)" aria-label="last step">'
        "&#x25B6;|</button>"
        f'<input id="slider" type="range" min="0" max="{len(steps) - 1}" value="0"'
        ' aria-label="step of the hand">'
        "</nav>"
        '<section id="result" aria-label="result" hidden><h2>Result</h2><table>'
        "<tr><th>player</th><th>start</th><th>end</th><th>won</th></tr>"
        f"{rows}</table></section></section>\n"
        f'<ol id="log" aria-label="event log">{"".join(log)}</ol>'
        f"</main><script>{_SCRIPT}</script></body></html>\n"
    )


def _with_bets(svg: str, state: State) -> str:
    """The table with a line under its pot: the pot and the bets in front of the players.

    The log's street headers count the bets in (blinds, a bring-in); the pot of the picture
    holds only what was gathered into the middle.
    """
    bets = sum(state.bets)
    if not bets:
        return svg
    pots = state.pots
    total = sum(p.amount for p in pots) + bets
    line = _text(
        _CX,
        _CY - 36 + 16 * max(1, len(pots)),
        f"{total:,} with the bets",
        size=13,
        anchor="middle",
        fill="#fff",
        cls="pot-total",
        extra=f' data-amount="{total}"',
    )
    end = svg.rindex("</svg>")
    return svg[:end] + line + svg[end:]


def _about(hh: HandHistory, betting: str) -> str:
    """The header's lines: the table's stakes and the history's event and hand."""
    stakes: Sequence[tuple[str, object]] = (
        ("antes", max(hh.antes, default=0) if hh.antes else None),
        ("bring-in", hh.bring_in),
        (
            "blinds",
            "/".join(f"{b:,}" for b in hh.blinds_or_straddles if b)
            if hh.blinds_or_straddles
            else None,
        ),
        ("bets", f"{hh.small_bet:,}/{hh.big_bet:,}" if hh.small_bet and hh.big_bet else None),
        ("minimum bet", hh.min_bet),
    )
    parts = [betting.lower().replace("_", " ")]
    parts += [
        f"{name} {value:,}" if isinstance(value, int | float) else f"{name} {value}"
        for name, value in stakes
        if value
    ]
    lines = [f"<p>{_esc(', '.join(parts))}</p>"]
    where = ", ".join(str(x) for x in (hh.event, hh.venue, hh.year) if x)
    if hh.hand is not None:
        where += f"{', ' if where else ''}hand {hh.hand}"
    if where:
        lines.append(f"<p>{_esc(where)}</p>")
    return "".join(lines)
