"""A game is a row (issue 41): no Python code branches on a game id, and the rows tell the truth.

Outside the oracle (``holecard.reference``) and the registry modules, the package reads a
game's facts from ``Game.spec`` (the compiled core's variant table) or from its record in
``holecard.games.GAME_ROWS``, never by comparing a game id: the source is scanned with
:mod:`ast`. Each spec fact the Python layer reads is checked against what the engine does.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from holecard import Game, Rank, _core, games, phh
from holecard import events as ev
from holecard._game_rows import GAME_ROWS, GameRow, game_row
from holecard.conformance.rules import RULE_NAMES
from holecard.exceptions import ConfigurationError
from holecard.sites import fulltilt, pokerstars

PACKAGE = Path(__file__).resolve().parents[1] / "python" / "holecard"
#: The oracle implements every game itself; the registry modules name each game once.
EXEMPT_DIRS = ("reference",)
REGISTRY = ("_enums.py", "games.py", "_game_rows.py")

GAME_IDS = frozenset(game.value for game in Game)
MEMBERS = frozenset(game.name for game in Game)


def _names_a_game(node: ast.expr) -> bool:
    """``"stud"``, ``Game.STUD``, ``Game.STUD.value``, or a tuple/list/set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in GAME_IDS
    if isinstance(node, ast.Attribute):
        if node.attr == "value":
            return _names_a_game(node.value)
        return (
            node.attr in MEMBERS and isinstance(node.value, ast.Name) and node.value.id == "Game"
        )
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_game(e) for e in node.elts)
    return False


def _branch(node: ast.AST) -> str | None:
    """What ``node`` does with a game, if it branches on one."""
    if isinstance(node, ast.Compare):
        operands = (node.left, *node.comparators)
        return "compares a game" if any(_names_a_game(x) for x in operands) else None
    if isinstance(node, ast.Subscript):
        return "looks up by a game" if _names_a_game(node.slice) else None
    if isinstance(node, ast.MatchValue):
        return "matches a game" if _names_a_game(node.value) else None
    if isinstance(node, ast.Dict):
        keyed = node.keys and all(k is not None and _names_a_game(k) for k in node.keys)
        return "is a table keyed by game" if keyed else None
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        listed = len(node.elts) >= 2 and all(_names_a_game(e) for e in node.elts)
        return "lists games" if listed else None
    return None


def offences(source: str) -> list[tuple[int, str]]:
    """The lines of ``source`` that branch on a game id, with what they do.

    A comparison or membership test with a game id or ``Game`` member, a subscript by one,
    a ``case`` of one, a dict keyed only by game ids (a per-game fact table) and a literal
    list of two or more games.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        what = _branch(node)
        if what is not None and isinstance(node, ast.expr | ast.pattern):
            found.append((node.lineno, what))
    return sorted(found)


def _scanned() -> list[Path]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] in EXEMPT_DIRS:
            continue
        if str(relative) in REGISTRY:
            continue
        out.append(path)
    return out


def test_no_code_outside_the_registry_and_the_oracle_branches_on_a_game() -> None:
    scanned = _scanned()
    assert len(scanned) > 30  # the package was found
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {what}"
        for path in scanned
        for line, what in offences(path.read_text(encoding="utf-8"))
    ]
    assert not found, "read Game.spec or GAME_ROWS instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'if kind == "deuce_seven": pass',
        "x = state.game != 'stud8'",
        "y = game is Game.SOKO",
        "z = game_id != Game.SOKO.value",
        'w = game in ("stud", "razz")',
        'v = {"stud": 1, "razz": 2}',
        'u = TABLE["razz"]',
        'match g:\n    case "soko": pass',
        'GAMES = ["stud", "stud8"]',
    ],
)
def test_the_scan_finds_each_way_of_branching_on_a_game(source: str) -> None:
    assert offences(source)


@pytest.mark.parametrize(
    "source",
    [
        # A ranking table shares two names with the games but is keyed by ranking.
        'BY_RANKING = {"high": 1, "soko": 2, "ace_five": 3, "low8": 4, "deuce_seven": 5}',
        'r = simulate("razz", players=2)',
        "spec = Game(game).spec.is_draw",
        'stats = PlayerStats("", Game.STUD, "")',
    ],
)
def test_the_scan_lets_uses_that_are_no_branch_pass(source: str) -> None:
    assert offences(source) == []


def test_one_record_per_game_in_the_order_of_game() -> None:
    assert list(GAME_ROWS) == list(Game)
    assert all(isinstance(row, GameRow) and row.game is game for game, row in GAME_ROWS.items())
    assert games.GAME_ROWS is GAME_ROWS
    assert games.game_row("razz") is GAME_ROWS[Game.RAZZ] is game_row(Game.RAZZ)
    with pytest.raises(ConfigurationError, match="holdem"):
        game_row("holdem")


@pytest.mark.parametrize("game", list(Game))
def test_site_names_are_read_as_the_game(game: Game) -> None:
    row = GAME_ROWS[game]
    for name in row.pokerstars:
        line = f"PokerStars Hand #1: {name} Limit ($1/$2) - 2010/01/01 12:00:00 ET"
        m = pokerstars._HEAD.match(line)
        assert m is not None
        assert m["game"] == name
        assert pokerstars._GAMES[name] == game.value
    for name in row.fulltilt:
        m = fulltilt._HEAD_END.fullmatch(f"{name} - 12:00:00 ET - 2010/01/01")
        assert m is not None
        assert m["game"] == name
        assert fulltilt._GAMES[name] == game.value
    # Every name a site gives is one game's.
    assert len(pokerstars._GAMES) == sum(len(r.pokerstars) for r in GAME_ROWS.values())
    assert len(fulltilt._GAMES) == sum(len(r.fulltilt) for r in GAME_ROWS.values())


@pytest.mark.parametrize("game", list(Game))
def test_pokerkit_class_and_showdown_rule(game: Game) -> None:
    row = GAME_ROWS[game]
    assert row.showdown_rule in RULE_NAMES
    if row.pokerkit is not None:
        import pokerkit  # the dev extras install it (the conformance kit's peer)

        cls = getattr(pokerkit, row.pokerkit)
        assert issubclass(cls, pokerkit.FixedLimitPokerMixin)
        assert issubclass(cls, pokerkit.Poker)


_PASSIVE = ("post_bring_in", "check", "call", "stand_pat")


def _play_out(state: games.State) -> set[str]:
    """Posts the bring-in, checks, calls and stands pat to the end; the moves offered."""
    offered: set[str] = set()
    while not state.is_over:
        moves = {m.kind: m for m in state.legal_moves()}
        offered |= set(moves)
        state.apply(next(moves[kind] for kind in _PASSIVE if kind in moves))
    return offered


def _start(game: Game, players: int = 3, seed: int = 1, **table: object) -> games.State:
    return games.game_class(game).ten_twenty(**table).start([500] * players, seed=seed)


@pytest.mark.parametrize("game", list(Game))
def test_draw_and_stud_are_what_the_engine_plays(game: Game) -> None:
    spec = game.spec
    assert spec.is_stud is not spec.is_draw
    assert spec.is_draw == any(s.draw is not None for s in spec.streets)
    state = _start(game)
    offered = _play_out(state)
    assert ("stand_pat" in offered) is spec.is_draw
    # A stud game shows up cards; a draw game none.
    assert any(p.up_cards for p in state.players) is spec.is_stud


@pytest.mark.parametrize("game", list(Game))
def test_cards_dealt_at_the_start(game: Game) -> None:
    spec = game.spec
    first = spec.streets[0]
    assert spec.start_cards == first.down + first.up
    for seed in range(3):
        state = _start(game, seed=seed)
        for p in state.players:
            assert len(p.down_cards) + len(p.up_cards) == spec.start_cards
            assert (len(p.down_cards), len(p.up_cards)) == (first.down, first.up)


@pytest.mark.parametrize("game", list(Game))
def test_forced_bets_are_what_the_engine_posts(game: Game) -> None:
    spec = game.spec
    state = _start(game)
    blinds = [e for e in state.history if isinstance(e, ev.BlindPosted)]
    if spec.forced_bets == "blinds":
        assert len(blinds) == 2
        assert state.legal_actions().bring_in is None
    else:
        assert spec.forced_bets == "bring_in"
        assert blinds == []
        assert state.legal_actions().bring_in == 3


@pytest.mark.parametrize("game", [g for g in Game if g.spec.forced_bets == "bring_in"])
def test_bring_in_card_is_the_door_card_that_brings_in(game: Game) -> None:
    spec = game.spec
    assert spec.bring_in_card in ("LOWEST", "HIGHEST")
    ace_low = spec.rankings[0] == "ace_five"

    def rank(card: _core.Card) -> int:
        return 1 if ace_low and card.rank is Rank.ACE else int(card.rank)

    for seed in range(20):
        state = _start(game, players=5, seed=seed)  # fixed limit, bring_in_card AUTO
        doors = [rank(p.up_cards[0]) for p in state.players]
        actor = state.actor
        assert actor is not None
        pick = min(doors) if spec.bring_in_card == "LOWEST" else max(doors)
        assert doors[actor] == pick


@pytest.mark.parametrize("game", list(Game))
def test_dealer_button_moves_and_box_stays(game: Game) -> None:
    spec = game.spec
    assert spec.dealer in ("box", "button")
    table = games.game_class(game).ten_twenty()
    if spec.dealer == "button":
        assert table.start([500] * 3, seed=1, dealer=1).dealer == 1
    else:
        # A fixed dealer box: the engine takes no dealer seat unless it rotates.
        with pytest.raises(ConfigurationError):
            table.start([500] * 3, seed=1, dealer=1)
        rotating = games.game_class(game).ten_twenty(stud_dealer_position="ROTATING")
        assert rotating.start([500] * 3, seed=1, dealer=1).dealer == 1


@pytest.mark.parametrize("game", list(Game))
def test_hilo_is_a_pot_split_high_and_low(game: Game) -> None:
    spec = game.spec
    assert spec.is_hilo is (len(spec.rankings) == 2)
    shares = set()
    for seed in range(20):
        state = _start(game, seed=seed)
        _play_out(state)
        shares |= {str(e.share) for e in state.history if isinstance(e, ev.PotAwarded)}
    assert ("low" in shares) is spec.is_hilo


@pytest.mark.parametrize("game", list(Game))
def test_four_straights_is_where_the_four_straight_mode_applies(game: Game) -> None:
    spec = game.spec
    assert spec.four_straights is (spec.rankings[0] == "soko")
    (mode,) = [o for o in _core.option_specs() if o.name == "four_straight_mode"]
    assert (game.value in mode.games) is spec.four_straights


@pytest.mark.parametrize("game", list(Game))
def test_community_card_is_dealt_when_a_full_table_runs_the_deck_out(game: Game) -> None:
    spec = game.spec
    state = _start(game, players=spec.max_players)
    _play_out(state)
    board = [e for e in state.history if isinstance(e, ev.BoardCardDealt)]
    assert bool(board) is spec.community_card


@pytest.mark.parametrize("game", list(Game))
def test_phh_code_is_the_variant_phh_reads(game: Game) -> None:
    code = game.spec.phh_code
    assert re.fullmatch(r"[0-9A-Z/]+", code)
    assert phh.parse_variant("F" + code) == (game.value, "FIXED_LIMIT")
