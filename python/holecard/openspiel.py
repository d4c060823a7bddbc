"""OpenSpiel games for every holecard game (``pip install open_spiel``).

Importing this module registers ``python_holecard`` and ``python_repeated_holecard``
(consecutive hands: :class:`RepeatedHolecardGame`). ``python_holecard`` is one hand of any
holecard game, as a sequential, imperfect-information, zero-sum game with an explicit
chance node for every card the dealer takes from the deck (uniform over the undealt cards,
burns included), so exact search over small decks and sampling algorithms both work.
Parameters:

* ``game``: ``razz`` (default), ``stud``, ``stud8``, ``soko``, ``deuce_seven``;
* ``players``: 2 (default) up to the most seats whose hand cannot run out of cards (the
  engine's reshuffles are not chance nodes): 2-7 heads-up only, the seven-card stud games
  up to 6 (they burn a card before each street), Soko up to 8 (:func:`max_players`);
* ``betting``: ``fixed_limit`` (default), ``pot_limit``, ``no_limit``;
* ``stack``: chips per seat (default 50 big bets); ``ante``, ``bring_in``,
  ``small_bet``, ``big_bet``, ``small_blind``, ``big_blind``, ``min_bet``: the stakes
  (default ten-twenty, -1 keeps the default);
* ``rewards``: ``chips`` (default) or ``big_bets``.

Player actions are the slots of :class:`holecard.agents.Encoding` (``action_labels``),
chance outcomes the card indices 0-51. Observation and information-state tensors are
the encoding's; at a chance node they show the last decision point (the cards being dealt
are not shown until every one is chosen).

>>> import pyspiel
>>> import holecard.openspiel
>>> game = pyspiel.load_game("python_holecard(game=razz,players=2)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['post_bring_in', 'complete'])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from holecard._core import Card
from holecard.agents import DEFAULT_STACK_BIG_BETS, Encoding
from holecard.exceptions import ConfigurationError
from holecard.games import Move, State, _Game, game_class

__all__ = ["HolecardGame", "HolecardState", "RepeatedHolecardGame", "max_players"]

_CARDS = [Card.from_index(i) for i in range(52)]

_STAKES = ("ante", "bring_in", "small_bet", "big_bet", "small_blind", "big_blind", "min_bet")

_PARAMETERS: dict[str, Any] = {
    "game": "razz",
    "players": 2,
    "betting": "fixed_limit",
    "stack": 0,
    "rewards": "chips",
    **dict.fromkeys(_STAKES, -1),
}

#: The repeated game's own parameters (the single-hand game plays one hand).
_REPEATED: dict[str, Any] = {"max_num_hands": 10, "reset_stacks": False, "rotate_dealer": True}


def _game_type(short_name: str, long_name: str, parameters: dict[str, Any]) -> pyspiel.GameType:
    """The OpenSpiel description of one of the two games."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


_GAME_TYPE = _game_type("python_holecard", "holecard stud and draw poker", _PARAMETERS)
_REPEATED_GAME_TYPE = _game_type(
    "python_repeated_holecard",
    "holecard stud and draw poker, consecutive hands",
    {**_PARAMETERS, **_REPEATED},
)


def _worst_case_cards(table: _Game, players: int) -> int:
    """The most cards a hand of ``players`` seats can take from the deck."""
    spec = table.game.spec
    draws = sum(1 for s in spec.streets if s.draw is not None)
    burns = len(spec.streets) if table.options.get("burn_cards") == "true" else 0
    return players * spec.hand_cards * (1 + draws) + burns


def max_players(table: _Game) -> int:
    """The most seats of ``table`` whose hand can never run out of cards.

    >>> from holecard import DeuceSevenTripleDraw, SevenCardStud
    >>> max_players(DeuceSevenTripleDraw.ten_twenty()), max_players(SevenCardStud.ten_twenty())
    (2, 6)
    """
    most = table.game.spec.max_players
    return max((n for n in range(2, most + 1) if _worst_case_cards(table, n) <= 52), default=1)


class HolecardGame(pyspiel.Game):  # type: ignore[misc] # pyspiel ships no type information
    """One hand of a holecard game (see the module documentation)."""

    #: The game's OpenSpiel description (the repeated game has its own).
    game_type: pyspiel.GameType = _GAME_TYPE

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_PARAMETERS, **_REPEATED, "max_num_hands": 1, **(params or {})}
        stakes = {k: int(p[k]) for k in _STAKES if int(p[k]) >= 0}
        self.table = game_class(str(p["game"])).ten_twenty(
            betting=str(p["betting"]).upper(), **stakes
        )
        players = int(p["players"])
        if not 2 <= players <= max_players(self.table):
            raise ConfigurationError(
                f"players must be from 2 to {max_players(self.table)} for "
                f"{self.table.game.value} in OpenSpiel (the deck must not run out), got {players}"
            )
        self.encoding = Encoding(self.table, players=players)
        big_bet = self.table.stakes["big_bet"] or 1
        self.stack = int(p["stack"]) or DEFAULT_STACK_BIG_BETS * big_bet
        if str(p["rewards"]) not in ("chips", "big_bets"):
            raise ConfigurationError(f"rewards must be chips or big_bets, got {p['rewards']!r}")
        self.reward_scale = float(big_bet) if p["rewards"] == "big_bets" else 1.0
        self.hands = int(p["max_num_hands"])
        if self.hands < 1:
            raise ConfigurationError(f"max_num_hands must be at least 1, got {self.hands}")
        self.reset_stacks = bool(p["reset_stacks"])
        self.rotate_dealer = bool(p["rotate_dealer"])
        total = self.stack * players
        # With stacks reset every hand a seat can lose a stack per hand.
        worst = self.stack * (self.hands if self.reset_stacks else 1)
        spec = self.table.game.spec
        min_unit = max(1, min(v for v in self.table.stakes.values() if v > 0))
        rounds = len(spec.streets)
        longest = 52 + rounds * players * (2 + total // min_unit) + players * rounds
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=52,
            num_players=players,
            min_utility=-worst / self.reward_scale,
            max_utility=worst * (players - 1) / self.reward_scale,
            utility_sum=0.0,
            max_game_length=longest * self.hands,
        )
        super().__init__(self.game_type, info, params or {})

    def __deepcopy__(self, memo: dict[int, object]) -> HolecardGame:
        # A game is immutable: states copied by OpenSpiel's clone() share it.
        return self

    def new_initial_state(self) -> HolecardState:
        """The hand before the first card is dealt."""
        return HolecardState(self)

    def make_py_observer(
        self, iig_obs_type: object = None, params: dict[str, Any] | None = None
    ) -> HolecardObserver:
        """The observation (default) or, with perfect recall, the information state."""
        if params:
            raise ConfigurationError(f"observation parameters are not supported: {params}")
        perfect = bool(getattr(iig_obs_type, "perfect_recall", False))
        return HolecardObserver(self.encoding, perfect)


class RepeatedHolecardGame(HolecardGame):
    """Consecutive hands of a holecard game, like OpenSpiel's repeated PokerKit game.

    Parameters beyond the single hand's: ``max_num_hands`` (default 10), ``reset_stacks``
    (default false: stacks carry over, and the game ends when a player has no chips),
    ``rotate_dealer`` (default true: the dealer or button moves one seat each hand).
    """

    game_type = _REPEATED_GAME_TYPE

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__({**_REPEATED, **(params or {})})


class HolecardState(pyspiel.State):  # type: ignore[misc] # pyspiel ships no type information
    """The hands in play: cards chosen by chance, moves made, stacks and seating.

    The cards and moves are this hand's; the stacks and seating matter in the repeated
    game.

    Players are OpenSpiel's ids; hand seat 0 (first left of the dealer) is player
    ``first``, which moves one place each hand under ``rotate_dealer``.
    """

    def __init__(self, game: HolecardGame) -> None:
        super().__init__(game)
        self._game = game
        n = game.encoding.players
        self._stacks = [game.stack] * n
        self._won = [0] * n
        self._hand_no = 0
        self._first = 0
        # The hand at the last decision point and its first player (None before one).
        self.exact: State | None = None
        self.exact_first = 0
        self._player = int(pyspiel.PlayerId.CHANCE)
        self._deal()

    def _deal(self) -> None:
        """Starts a hand: nothing chosen yet, the engine's first cards owed."""
        self._dealt: list[int] = []
        # The undealt cards, ascending: the chance outcomes, and the rest of the deck.
        self._left = list(range(52))
        self._moves: list[Move] = []
        self._hand = self._replay()
        # Cards the engine has taken that chance has not chosen yet.
        self._owed = 52 - len(self._hand._stub)
        self._refresh()

    def seat_of(self, player: int, first: int | None = None) -> int:
        """The hand seat of ``player`` (in the hand whose first player is ``first``)."""
        n = self._game.encoding.players
        return (player - (self._first if first is None else first)) % n

    def _replay(self) -> State:
        """The hand dealt from the chosen cards (then the rest in card order) and replayed."""
        n = self._game.encoding.players
        hand = self._game.table.start(
            [self._stacks[(s + self._first) % n] for s in range(n)],
            deck=[_CARDS[i] for i in self._dealt + self._left],
            seed=0,
        )
        for m in self._moves:
            hand.apply(m)
        return hand

    def _refresh(self) -> None:
        """Works out who is to act (chance while cards are owed), and ends a hand."""
        if self._owed:
            self._player = int(pyspiel.PlayerId.CHANCE)
            return
        self.exact, self.exact_first = self._hand, self._first
        n = self._game.encoding.players
        actor = self._hand.actor
        if actor is not None:
            self._player = (actor + self._first) % n
            return
        for s, (won, stack) in enumerate(zip(self._hand.payoffs, self._hand.stacks, strict=True)):
            self._won[(s + self._first) % n] += won
            self._stacks[(s + self._first) % n] = stack
        self._hand_no += 1
        if self._game.reset_stacks:
            self._stacks = [self._game.stack] * n
        if self._hand_no >= self._game.hands or 0 in self._stacks:
            self._player = int(pyspiel.PlayerId.TERMINAL)
            return
        if self._game.rotate_dealer:
            self._first = (self._first + 1) % n
        self._deal()

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are to be chosen, or TERMINAL."""
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        legal: list[int] = np.flatnonzero(self._game.encoding.action_mask(self._hand)).tolist()
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every undealt card, each equally likely."""
        p = 1.0 / len(self._left)
        return [(i, p) for i in self._left]

    def _apply_action(self, action: int) -> None:
        if self._owed:
            card = int(action)
            self._left.remove(card)
            self._dealt.append(card)
            self._owed -= 1
            # How many cards a hand takes does not depend on which cards they are, so the
            # hand is dealt again once, when chance has chosen all of them.
            if not self._owed:
                self._hand = self._replay()
        else:
            hand = self._hand
            street = hand.street
            move = self._game.encoding.move(hand, int(action))
            hand.apply(move)
            self._moves.append(move)
            # Cards are taken only by a draw or when a street ends.
            if move.kind == "draw" or hand.street != street or hand.is_over:
                self._owed = 52 - len(hand._stub) - len(self._dealt)
        self._refresh()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_index(int(action))}"
        return str(self._game.encoding.action_labels[int(action)])

    def is_terminal(self) -> bool:
        """The hand is over and every card it used is chosen."""
        return bool(self._player == pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        """Each player's result (0 until the end), in chips or big bets."""
        if not self.is_terminal():
            return [0.0] * self._game.encoding.players
        return [w / self._game.reward_scale for w in self._won]

    def __str__(self) -> str:
        cards = " ".join(str(Card.from_index(i)) for i in self._dealt)
        return (
            f"hand {self._hand_no}, stacks {self._stacks}, first player {self._first}\n"
            f"dealt: {cards}\nmoves: {' '.join(repr(m) for m in self._moves)}"
        )


class HolecardObserver:
    """OpenSpiel's observer interface over :class:`holecard.agents.Encoding`."""

    def __init__(self, encoding: Encoding, perfect_recall: bool) -> None:
        self._encoding = encoding
        self._perfect = perfect_recall
        shape = encoding.information_state_shape if perfect_recall else encoding.observation_shape
        self.tensor = np.zeros(shape, np.float32)
        sections = (
            encoding.information_state_sections
            if perfect_recall
            else encoding.observation_sections
        )
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        start = 0
        for name, size in sections:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def set_from(self, state: HolecardState, player: int) -> None:
        """Fills ``tensor`` with what ``player`` knows at ``state``."""
        if state.exact is None:
            self.tensor.fill(0.0)
            return
        view = self._encoding.information_state if self._perfect else self._encoding.observation
        self.tensor[:] = view(state.exact, state.seat_of(player, state.exact_first))

    def string_from(self, state: HolecardState, player: int) -> str:
        """What ``player`` knows at ``state``, as text."""
        if state.exact is None:
            return "dealing"
        view = (
            self._encoding.information_state_string
            if self._perfect
            else self._encoding.observation_string
        )
        return str(view(state.exact, state.seat_of(player, state.exact_first)))


pyspiel.register_game(_GAME_TYPE, HolecardGame)
pyspiel.register_game(_REPEATED_GAME_TYPE, RepeatedHolecardGame)
