"""OpenSpiel games for every holecard game (``pip install open_spiel``).

Importing this module registers ``python_holecard`` and ``python_repeated_holecard``
(consecutive hands: :class:`RepeatedHolecardGame`). ``python_holecard`` is one hand of any
holecard game, as a sequential, imperfect-information, zero-sum game with an explicit
chance node for every card the dealer takes (:class:`holecard.agents.ChanceHand`): each is
uniform over the cards the dealer could be taking (the undealt cards, burns included;
after a 2-7 reshuffle or recycled stud burns, the new stub's; never a drawer's own
discards), so exact search over small decks and sampling algorithms both work, and every
seat count the table allows can be played: a full stud table gets its community card
(docs/rules.md T-9), a full 2-7 table its reshuffles (D-10). Parameters:

* ``game``: ``razz`` (default), ``stud``, ``stud8``, ``soko``, ``deuce_seven``;
* ``players``: 2 (default) up to the table's ``max_players``;
* ``betting``: ``fixed_limit`` (default), ``pot_limit``, ``no_limit``;
* ``stack``: chips per seat (default ``holecard.agents.DEFAULT_STACK_BIG_BETS`` big bets);
* the stakes ``ante``, ``bring_in``, ``small_bet``, ``big_bet``, ``small_blind``,
  ``big_blind``, ``min_bet`` (-1, the default, keeps ten-twenty's);
* ``profile``: a rule profile (``default``, ``wsop``, ``pokerkit`` …);
* every rule option of docs/rules.md §6 under its name, read from the option catalogue
  (``holecard.options``): an enum option takes a member name (``""``, the default, keeps
  the table's value); a number takes a whole number, and ``-2`` where the option allows
  none (no limit); a bool option takes ``1`` or ``0``; ``-1``, the default, keeps the
  table's value (OpenSpiel types every parameter by its default, so a bool option cannot
  also say "unset");
* ``rewards``: ``chips`` (default) or ``big_bets``.

Player actions are the slots of :class:`holecard.agents.Encoding` (``action_labels``),
chance outcomes the card indices 0-51. Observation and information-state tensors are
the encoding's; at a chance node they show the last decision point (zeros while a hand
is dealt).

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
>>> game = pyspiel.load_game("python_holecard(game=stud,players=8,max_raises=-2,burn_cards=0)")
>>> game.table.options["max_raises"], game.table.options["burn_cards"]
('none', 'false')
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from holecard._core import MAX_PLAYERS, Card, option_specs
from holecard.agents import DEFAULT_GAME, DEFAULT_STACK_BIG_BETS, ChanceHand, Encoding
from holecard.exceptions import ConfigurationError
from holecard.games import State, game_class

__all__ = ["HolecardGame", "HolecardState", "RepeatedHolecardGame"]

#: The stakes a table takes (ten-twenty's when not given).
_STAKES = tuple(game_class(DEFAULT_GAME).ten_twenty().stakes)

#: The parameter value that keeps the table's own value of a rule option or stake.
_KEEP = {"enum": "", "bool": -1, "int": -1, "int_or_none": -1}
#: The parameter value of ``None`` (no limit) for an ``int_or_none`` option.
_NONE = -2

_PARAMETERS: dict[str, Any] = {
    "game": DEFAULT_GAME,
    "players": 2,
    "betting": "fixed_limit",
    "profile": "default",
    "stack": 0,
    "rewards": "chips",
    **dict.fromkeys(_STAKES, -1),
    **{spec.name: _KEEP[spec.kind] for spec in option_specs()},
}

#: The repeated game's own parameters (the single-hand game plays one hand).
_REPEATED: dict[str, Any] = {"max_num_hands": 10, "reset_stacks": False, "rotate_dealer": True}

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


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
        max_num_players=MAX_PLAYERS,
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


def _rule_options(params: dict[str, Any]) -> dict[str, object]:
    """The rule options the parameters set, as the game classes take them."""
    options: dict[str, object] = {}
    for spec in option_specs():
        value = params.get(spec.name, _KEEP[spec.kind])
        if value == _KEEP[spec.kind]:
            continue
        if spec.kind == "bool":
            if value not in (0, 1):
                raise ConfigurationError(f"{spec.name} must be 1, 0 or -1 (unset), got {value}")
            options[spec.name] = bool(value)
        elif spec.kind == "int_or_none" and value == _NONE:
            options[spec.name] = None
        else:
            options[spec.name] = value
    return options


class HolecardGame(pyspiel.Game):  # type: ignore[misc] # pyspiel ships no type information
    """One hand of a holecard game (see the module documentation)."""

    #: The game's OpenSpiel description (the repeated game has its own).
    game_type: pyspiel.GameType = _GAME_TYPE

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_PARAMETERS, **_REPEATED, "max_num_hands": 1, **(params or {})}
        stakes = {k: int(p[k]) for k in _STAKES if int(p[k]) >= 0}
        self.table = game_class(str(p["game"])).ten_twenty(
            betting=str(p["betting"]).upper(),
            profile=str(p["profile"]),
            **stakes,
            **_rule_options(p),
        )
        players = int(p["players"])
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
        #: The player of each hand seat, by the hand's first player.
        self.players_by_first = tuple(
            tuple((s + first) % players for s in range(players)) for first in range(players)
        )
        #: The first hand before its first card (states start from a copy of it).
        self.first_hand = ChanceHand(self.encoding, [self.stack] * players)
        total = self.stack * players
        # With stacks reset every hand a seat can lose a stack per hand.
        worst = self.stack * (self.hands if self.reset_stacks else 1)
        spec = self.table.game.spec
        min_unit = max(1, min(v for v in self.table.stakes.values() if v > 0))
        rounds = len(spec.streets)
        draws = sum(1 for street in spec.streets if street.draw is not None)
        # Chance nodes: every card dealt or drawn (reshuffles deal discards again), the
        # burns (one per street, one after a reshuffle) and the community card.
        cards = players * spec.hand_cards * (1 + draws) + 2 * rounds + 1
        longest = cards + rounds * players * (2 + total // min_unit) + players * rounds
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
        """The observation (default) or, with perfect recall, the information state.

        Both are one player's view: the public cards and actions and his own down cards.

        Raises:
            ConfigurationError: observation parameters, or an observation type of another
                view (no public information, or private information of no player or of
                every player), which this game does not provide.
        """
        if params:
            raise ConfigurationError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return HolecardObserver(self.encoding, perfect_recall=False)
        public = getattr(iig_obs_type, "public_info", True)
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        if not public or private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ConfigurationError(
                "holecard observes for one player, with the public information and his own "
                f"private information; got public_info={public}, private_info={private}"
            )
        return HolecardObserver(
            self.encoding, bool(getattr(iig_obs_type, "perfect_recall", False))
        )


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
    """The hands in play: the hand dealt by chance, stacks and seating.

    Players are OpenSpiel's ids; hand seat 0 (first left of the dealer) is player
    ``first``, which moves one place each hand under ``rotate_dealer``.
    """

    def __init__(self, game: HolecardGame) -> None:
        super().__init__(game)
        self._game = game
        n = game.encoding.players
        # OpenSpiel's clone deep-copies every attribute: few, and cheap to copy.
        self._chips = _Chips([game.stack] * n, [0] * n)
        self._hand_no = 0
        self.first = 0
        self.hand = game.first_hand.copy()
        self._player = _CHANCE

    def _deal(self) -> None:
        """Starts a hand: chance is to name its first card."""
        players = self._game.players_by_first[self.first]
        self.hand = ChanceHand(self._game.encoding, [self._chips.stacks[p] for p in players])
        self._player = _CHANCE

    @property
    def exact(self) -> State | None:
        """The hand at its last decision point (a copy; ``None`` while it is dealt)."""
        return self.hand.state

    @property
    def stacks(self) -> list[int]:
        """Each player's chips before the hand in play (after the last, once terminal)."""
        return list(self._chips.stacks)

    @property
    def hands_played(self) -> int:
        """The hands finished so far."""
        return self._hand_no

    def seat_of(self, player: int) -> int:
        """The hand seat of ``player``."""
        return self._game.players_by_first[self.first].index(player)

    def _end_hand(self) -> None:
        """Books the finished hand and deals the next one, or ends the game."""
        n = self._game.encoding.players
        players = self._game.players_by_first[self.first]
        chips = self._chips
        stacks = self.hand.stacks or []
        for seat, (won, stack) in enumerate(zip(self.hand.payoffs, stacks, strict=True)):
            chips.won[players[seat]] += won
            chips.stacks[players[seat]] = stack
        self._hand_no += 1
        if self._game.reset_stacks:
            chips.stacks = [self._game.stack] * n
        if self._hand_no >= self._game.hands or 0 in chips.stacks:
            self._player = _TERMINAL
            return
        if self._game.rotate_dealer:
            self.first = (self.first + 1) % n
        self._deal()

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are to be chosen, or TERMINAL."""
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        legal: list[int] = self.hand.legal_actions()
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card the dealer could be taking, each equally likely."""
        outcomes: list[tuple[int, float]] = self.hand.chance_outcomes()
        return outcomes

    def _apply_action(self, action: int) -> None:
        to_act = self.hand.apply(action)
        if to_act >= 0:
            self._player = self._game.players_by_first[self.first][to_act]
        elif to_act == ChanceHand.CHANCE:
            self._player = _CHANCE
        else:
            self._end_hand()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal {Card.from_index(int(action))}"
        return str(self._game.encoding.action_labels[int(action)])

    def is_terminal(self) -> bool:
        """The last hand is over."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """Each player's result (0 until the end), in chips or big bets."""
        if self._player != _TERMINAL:
            return [0.0] * self._game.encoding.players
        return [w / self._game.reward_scale for w in self._chips.won]

    def __str__(self) -> str:
        hand = self.hand.state
        events = " ".join(repr(e) for e in hand.history) if hand is not None else "dealing"
        return (
            f"hand {self._hand_no}, stacks {self._chips.stacks}, first player {self.first}, "
            f"{self.hand!r}\n{events}"
        )


class _Chips:
    """Each player's stack and winnings so far (copied by OpenSpiel's clone)."""

    __slots__ = ("stacks", "won")

    def __init__(self, stacks: list[int], won: list[int]) -> None:
        self.stacks, self.won = stacks, won

    def __deepcopy__(self, memo: dict[int, object]) -> _Chips:
        return _Chips(self.stacks[:], self.won[:])


class HolecardObserver:
    """OpenSpiel's observer interface over :class:`holecard.agents.Encoding`."""

    def __init__(self, encoding: Encoding, perfect_recall: bool) -> None:
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
        seat = state.seat_of(player)
        if self._perfect:
            state.hand.information_state(seat, self.tensor)
        else:
            state.hand.observation(seat, self.tensor)

    def string_from(self, state: HolecardState, player: int) -> str:
        """What ``player`` knows at ``state``, as text."""
        return str(state.hand.text(state.seat_of(player), information=self._perfect))


pyspiel.register_game(_GAME_TYPE, HolecardGame)
pyspiel.register_game(_REPEATED_GAME_TYPE, RepeatedHolecardGame)
