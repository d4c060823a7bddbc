"""``holecard play`` transcripts: a scripted player at a table of bots, in-process.

The player is a function of the last prompt (``policy``), so a test says what it does at
each kind of decision and then reads the transcript the way a player would.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import TextIO, cast

import pytest

from holecard._narration import hand_name
from holecard.cli import play as play_command
from holecard.cli.commands import CommandError


class ScriptedPlayer:
    """Standard input that answers each prompt written to ``out`` with ``policy(prompt)``.

    ``None`` ends the input (the player leaves). Answers are echoed to ``out``, as a
    terminal shows them, and kept in ``answers``.
    """

    def __init__(self, out: io.StringIO, policy: Callable[[str], str | None]) -> None:
        self.out = out
        self.policy = policy
        self.answers: list[str] = []

    def readline(self) -> str:
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        answer = self.policy(prompt)
        if answer is None or len(self.answers) > 500:
            return ""
        self.answers.append(answer)
        self.out.write(answer + "\n")
        return answer + "\n"


def play(game: str, policy: Callable[[str], str | None], **table: object) -> str:
    out = io.StringIO()
    player = cast("TextIO", ScriptedPlayer(out, policy))
    code = play_command.run(game, inp=player, out=out, **table)  # type: ignore[arg-type]
    assert code == 0
    return out.getvalue()


def calls(prompt: str) -> str | None:
    """Check or call, bring in, stand pat; no second hand."""
    if prompt.startswith("another hand"):
        return "n"
    if "d CARDS" in prompt:
        return "p"
    return "c"


def bets(prompt: str) -> str | None:
    """Bet or raise whenever allowed (``r`` alone: the least), else as ``calls``."""
    if " r " in prompt or "(r " in prompt:
        return "r"
    return calls(prompt)


def hand_lines(text: str) -> list[str]:
    return text.splitlines()


def test_deuce_seven_announces_the_big_blind() -> None:
    text = play("deuce_seven", calls, players=3, seed=5, hands=2, bots="calling_station")
    assert "you post the small blind 5" in text
    assert "calling_station 1 posts the big blind 10" in text  # hand 1
    assert "calling_station 2 posts the big blind 10" in text  # hand 2: the button moved
    assert "small blind 10" not in text


def test_second_person_and_bet_or_raise() -> None:
    text = play("deuce_seven", bets, players=3, seed=5, hands=1, bots="calling_station")
    # Pre-draw the blinds are the first wager: the small blind raises; after a draw the
    # first wager is a bet.
    assert "you raise to 20" in text
    assert re.search(r"^  you bet 10$", text, re.M)
    assert re.search(r"^  you show 5c Kh Qs 4s Ah: A-K-Q-5-4 low$", text, re.M)
    assert re.search(r"^  you win 210 from the main pot$", text, re.M)
    for verb in ("folds", "checks", "calls", "bets", "raises", "shows", "posts", "wins", "draws"):
        assert f"you {verb}" not in text
    assert "bets/raises" not in text


def test_first_wager_of_a_street_is_offered_as_a_bet() -> None:
    text = play("stud", bets, players=3, seed=3, hands=1, bots="calling_station")
    prompts = [ln for ln in hand_lines(text) if ln.startswith("your action")]
    fourth = text.index("-- fourth street")
    # On fourth street nobody has bet before the player's first decision: r is a bet.
    first = next(p for p in prompts if text.index(p) > fourth)
    assert "r bet 10" in first
    assert "raise" not in first
    # Pre-draw in 2-7 the blinds are in: r is a raise.
    text = play("deuce_seven", calls, players=3, seed=5, hands=1, bots="calling_station")
    first = next(ln for ln in hand_lines(text) if ln.startswith("your action"))
    assert "r raise to 20" in first


def test_street_cards_come_after_the_header() -> None:
    text = play("stud", calls, players=3, seed=3, hands=1, bots="calling_station")
    lines = hand_lines(text)
    headers = [i for i, ln in enumerate(lines) if ln.startswith("-- ")]
    assert [lines[i].split(" (")[0] for i in headers[:2]] == [
        "-- third street",
        "-- fourth street",
    ]
    # Before the first header only the antes; right after it the player's three cards.
    first = headers[0]
    assert lines[first - 1] == "  each player antes 1"
    assert re.fullmatch(r"  you: \[\w\w \w\w\] \w\w", lines[first + 1])
    assert re.fullmatch(r"  calling_station 1: \[\?\? \?\?\] \w\w", lines[first + 2])
    assert re.fullmatch(r"  you: \w\w", lines[headers[1] + 1])
    assert not any(ln.startswith("  you are dealt") for ln in lines)


def test_hand_names_say_low_once() -> None:
    assert hand_name("deuce_seven", "7c 6d 5h 4s 2c") == "7-6-5-4-2 low"
    assert hand_name("stud8", "As 2s 3d 4c 5h Kd Kc") == "Straight, five high; 5-4-3-2-A low"
    assert hand_name("stud8", "As Ad Kd Kc Qh Jh 9s") == "Two pair, aces and kings; no low"
    text = play("stud8", calls, players=4, seed=11, hands=3, bots="calling_station")
    shows = [ln for ln in hand_lines(text) if " show" in ln]
    assert shows
    for line in shows:
        assert line.count(" low") <= 1, line


def test_r_with_a_non_number_gets_a_hint() -> None:
    def policy(prompt: str) -> str | None:
        if prompt.startswith("your action") and "r bet" in prompt and not policy.tried:  # type: ignore[attr-defined]
            policy.tried = True  # type: ignore[attr-defined]
            return "r lots"
        return calls(prompt)

    policy.tried = False  # type: ignore[attr-defined]
    text = play("stud", policy, players=3, seed=3, hands=1, bots="calling_station")
    assert "r takes a number: r 20 bets or raises to 20 (not 'lots')" in text
    assert "int()" not in text
    assert "invalid literal" not in text


def test_bare_d_asks_which_cards() -> None:
    answers = iter(["d", "", "d", "Xx", "d"])

    def policy(prompt: str) -> str | None:
        if prompt.startswith("another hand"):
            return "n"
        if "d CARDS" in prompt or prompt.startswith("discard which"):
            return next(answers, "p")
        return "c"

    out = io.StringIO()
    player = ScriptedPlayer(out, policy)
    play_command.run(
        "deuce_seven",
        players=2,
        seed=5,
        hands=1,
        bots="calling_station",
        inp=cast("TextIO", player),
        out=out,
    )
    text = out.getvalue()
    # d alone asks; an empty answer goes back to the action prompt, a bad card is refused.
    assert text.count("discard which cards? (e.g. 9h Kd; p to stand pat, empty to go back)") >= 2
    assert "not allowed:" in text
    draws = [ln for ln in hand_lines(text) if re.match(r"  you (draw|stand pat)", ln)]
    assert draws  # the player still made his draws
    first_draw = text.index("-- first draw")
    assert text.index("discard which") > first_draw
    assert player.answers[player.answers.index("d") + 1] == ""


def test_every_key_in_the_help_and_x_checks() -> None:
    helptext = play_command._HELP
    for key in play_command._VERB:
        assert re.search(rf"(^|, | ){re.escape(key)}(,| )", helptext, re.M), key
    text = play(
        "stud",
        lambda p: "x" if "k check" in p else calls(p),
        players=3,
        seed=3,
        hands=1,
        bots="calling_station",
    )
    assert "  you check" in text
    assert "unknown action" not in text


def test_help_and_unknown_keys() -> None:
    seen: list[str] = []

    def policy(prompt: str) -> str | None:
        if prompt.startswith("your action") and not seen:
            seen.append(prompt)
            return "h"
        if prompt.startswith("your action") and len(seen) == 1:
            seen.append(prompt)
            return "zz"
        return calls(prompt)

    text = play("razz", policy, players=2, seed=1, hands=1)
    assert "x, check" in text.replace("k, x, check", "x, check")
    assert "unknown action 'zz'; h for help" in text
    assert "h help" in seen[0]


def test_bot_draws_stay_hidden() -> None:
    text = play("deuce_seven", calls, players=3, seed=5, hands=1, bots="random")
    bot_draws = [ln for ln in hand_lines(text) if re.match(r"  random \d draws", ln)]
    assert bot_draws
    for line in bot_draws:
        assert re.fullmatch(r"  random \d draws \d", line), line


def test_plural_banner() -> None:
    text = play("razz", calls, players=2, seed=1, hands=1)
    assert "against 1 strength bot;" in text
    text = play("razz", calls, players=3, seed=1, hands=1)
    assert "against 2 strength bots;" in text


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"players": 1}, "2 to 8 players"),
        ({"players": 100_000_000}, "2 to 8 players"),
        ({"hands": 0}, "hands must be at least 1"),
        ({"seed": -1}, "seed must be"),
        ({"stack": 0}, "stack must be positive"),
        ({"bots": "shark"}, "unknown bot"),
    ],
)
def test_bad_arguments_fail_before_any_output(kwargs: dict[str, object], match: str) -> None:
    out = io.StringIO()
    with pytest.raises(CommandError, match=match):
        play_command.run("stud", inp=io.StringIO(""), out=out, **kwargs)  # type: ignore[arg-type]
    assert out.getvalue() == ""


def test_engine_stack_limit_before_any_output() -> None:
    out = io.StringIO()
    with pytest.raises(ValueError, match="2\\*\\*58"):
        play_command.run("stud", stack=2**60, inp=io.StringIO(""), out=out)
    assert out.getvalue() == ""
