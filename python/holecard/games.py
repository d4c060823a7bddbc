"""Game engines: one class per game, and the :class:`State` of a hand.

A game object is a validated table (chip amounts, betting structure, docs/rules.md §6 options);
``start()`` deals a hand and returns its :class:`State`, which is driven one action at a
time. Forced bets, dealing, showdown and the award of the pots happen automatically.

>>> from holecard.games import SevenCardStud
>>> game = SevenCardStud(ante=1, bring_in=2, small_bet=10)
>>> state = game.start([100, 100, 100], seed=7)
>>> state.street, state.legal_actions().bring_in
('third', 2)
>>> state.post_bring_in()
BringInPosted(seat=0, amount=2)
>>> while not state.is_over:
...     la = state.legal_actions()
...     _ = state.check() if la.check else state.call()
>>> sum(state.payoffs)
0

Every legal move is also a value (:class:`Move`), listed in a fixed order by
``legal_moves()`` and played by ``apply()``, for bots, interfaces and learning agents.
In fixed limit ``LegalActions.raise_totals`` names each legal bet total:

>>> state = game.start([100, 100], seed=7)
>>> state.legal_moves()
Moves(Move('post_bring_in'), Move('complete'))
>>> state.apply(Move("post_bring_in"))
BringInPosted(seat=0, amount=2)
>>> state.legal_moves()
Moves(Move('fold'), Move('call'), Move('complete'))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar, Final, Never, Self

from holecard import _core
from holecard._core import LegalActions
from holecard._enums import FourStraightMode, Game

# Re-exported: the facts only the Python layer uses, one record per game, beside the table
# classes below (the engine's facts are ``Game.spec``).
from holecard._game_rows import GAME_ROWS as GAME_ROWS
from holecard._game_rows import GameRow as GameRow
from holecard._game_rows import game_row as game_row
from holecard._types import CardsLike, Pot
from holecard.exceptions import ConfigurationError
from holecard.options import (
    Betting,
    BettingTimeoutAction,
    BringInCard,
    DrawTimeoutPenalty,
    HeadsUpSmallBlind,
    LimitShortAllInRule,
    OddChipOrder,
    OwnDiscardsScope,
    Profile,
    ReshufflePolicy,
    ShowdownFirst,
    ShowingTieBreak,
    SplitHalfOddChip,
    StudDealerPosition,
    UncappedHeadsUp,
)

if TYPE_CHECKING:
    from holecard.events import Event

__all__ = [
    "GAME_CLASSES",
    "DeuceSevenTripleDraw",
    "Event",
    "LegalActions",
    "Move",
    "Moves",
    "Player",
    "Pot",
    "Razz",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "Soko",
    "State",
    "game_class",
]


class _Unset(enum.Enum):
    UNSET = "UNSET"


_UNSET = _Unset.UNSET


Player = _core.Player
State = _core.State
Move = _core.Move
Moves = _core.Moves
Sequence.register(Moves)


def _name(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


def _table_keywords(cls: type[_Game]) -> list[str]:
    """The keywords a table of ``cls`` takes: its stakes, structure, profile and options."""
    import inspect  # here, not with holecard: `import holecard` stays quick

    parameters = inspect.signature(cls.__init__).parameters.values()
    return [p.name for p in parameters if p.kind is p.KEYWORD_ONLY]


def _unknown_keywords(cls: type[_Game], names: Iterable[str]) -> ConfigurationError:
    """The error for keywords that are none of the table's, with the nearest known name."""
    import difflib  # here, for this error only: `import holecard` stays quick

    known = _table_keywords(cls)
    named = []
    for name in sorted(names):
        near = difflib.get_close_matches(name, known, n=1)
        named.append(f"{name} (did you mean {near[0]}?)" if near else name)
    plural = "s" if len(named) > 1 else ""
    return ConfigurationError(f"unknown table keyword{plural} {', '.join(named)} for {cls._GAME}")


class _Game:
    """A table of one game; see the subclasses."""

    _GAME: ClassVar[str]

    def __init__(
        self,
        *,
        ante: int | None = None,
        bring_in: int | None = None,
        small_bet: int | None = None,
        big_bet: int | None = None,
        small_blind: int | None = None,
        big_blind: int | None = None,
        min_bet: int | None = None,
        betting: Betting | str = Betting.FIXED_LIMIT,
        profile: Profile | str = Profile.DEFAULT,
        chip_unit: int | None = None,
        max_players: int | None = None,
        stud_dealer_position: StudDealerPosition | str | None = None,
        burn_cards: bool | None = None,
        bring_in_card: BringInCard | str | None = None,
        max_raises: int | _Unset | None = _UNSET,
        uncapped_heads_up: UncappedHeadsUp | str | None = None,
        open_pair_double_bet: bool | None = None,
        limit_short_all_in_rule: LimitShortAllInRule | str | None = None,
        allow_fold_when_check_free: bool | None = None,
        betting_timeout_action: BettingTimeoutAction | str | None = None,
        showing_tie_break: ShowingTieBreak | str | None = None,
        soko_showing_four_card_hands: bool | None = None,
        four_straight_mode: FourStraightMode | str | None = None,
        odd_chip_order: OddChipOrder | str | None = None,
        scoop_identical_split: bool | None = None,
        showdown_first_if_no_bet: ShowdownFirst | str | None = None,
        recycle_burns_before_community: bool | None = None,
        reserve_bottom_card: bool | None = None,
        community_card_betting: bool | None = None,
        draw_time_limit: int | None = None,
        draw_timeout_penalty: DrawTimeoutPenalty | str | None = None,
        reshuffle_policy: ReshufflePolicy | str | None = None,
        own_discards_scope: OwnDiscardsScope | str | None = None,
        burn_after_reshuffle: bool | None = None,
        heads_up_small_blind: HeadsUpSmallBlind | str | None = None,
        split_half_odd_chip: SplitHalfOddChip | str | None = None,
        rake_basis_points: int | None = None,
        rake_cap: int | _Unset | None = _UNSET,
        **unknown: Never,
    ) -> None:
        if unknown:
            raise _unknown_keywords(type(self), unknown)
        given = {
            "chip_unit": chip_unit,
            "max_players": max_players,
            "stud_dealer_position": stud_dealer_position,
            "burn_cards": burn_cards,
            "bring_in_card": bring_in_card,
            "uncapped_heads_up": uncapped_heads_up,
            "open_pair_double_bet": open_pair_double_bet,
            "limit_short_all_in_rule": limit_short_all_in_rule,
            "allow_fold_when_check_free": allow_fold_when_check_free,
            "betting_timeout_action": betting_timeout_action,
            "showing_tie_break": showing_tie_break,
            "soko_showing_four_card_hands": soko_showing_four_card_hands,
            "four_straight_mode": four_straight_mode,
            "odd_chip_order": odd_chip_order,
            "scoop_identical_split": scoop_identical_split,
            "showdown_first_if_no_bet": showdown_first_if_no_bet,
            "recycle_burns_before_community": recycle_burns_before_community,
            "reserve_bottom_card": reserve_bottom_card,
            "community_card_betting": community_card_betting,
            "draw_time_limit": draw_time_limit,
            "draw_timeout_penalty": draw_timeout_penalty,
            "reshuffle_policy": reshuffle_policy,
            "own_discards_scope": own_discards_scope,
            "burn_after_reshuffle": burn_after_reshuffle,
            "heads_up_small_blind": heads_up_small_blind,
            "split_half_odd_chip": split_half_odd_chip,
            "rake_basis_points": rake_basis_points,
        }
        options: dict[str, object] = {k: _name(v) for k, v in given.items() if v is not None}
        if max_raises is not _UNSET:
            options["max_raises"] = max_raises
        if rake_cap is not _UNSET:
            options["rake_cap"] = rake_cap
        stakes = {
            "ante": ante,
            "bring_in": bring_in,
            "small_bet": small_bet,
            "big_bet": big_bet,
            "small_blind": small_blind,
            "big_blind": big_blind,
            "min_bet": min_bet,
        }
        # The core names any amount or option of the wrong type or out of range.
        self._config = _core.GameConfig(
            self._GAME,
            betting=Betting(betting).value,
            profile=str(_name(profile)),
            options=options,
            **stakes,
        )

    @classmethod
    def ten_twenty(cls, **table: object) -> Self:
        """A table at ten-twenty stakes, what ``holecard play`` and ``simulate`` deal.

        Small bet 10 and big bet 20; the stud games ante 1 and bring in 3, 2-7 posts blinds
        of 5 and 10. ``table`` sets the betting structure and options (and may override an
        amount; a small bet given without a big bet brings the default big bet, twice it).

        >>> Razz.ten_twenty().stakes["bring_in"]
        3
        >>> DeuceSevenTripleDraw.ten_twenty(betting="NO_LIMIT").stakes["big_blind"]
        10
        >>> Razz.ten_twenty(small_bet=40).stakes["big_bet"]
        80
        """
        stakes: dict[str, object] = dict(Game(cls._GAME).spec.ten_twenty_stakes)
        if "small_bet" in table and "big_bet" not in table:
            del stakes["big_bet"]  # the big bet follows the small bet given (G = 2·S)
        return cls(**{**stakes, **table})  # type: ignore[arg-type] # keywords checked by __init__

    @property
    def game(self) -> Game:
        """The game."""
        return Game(self._GAME)

    @property
    def betting(self) -> Betting:
        """The betting structure."""
        return Betting(self._config.betting)

    @property
    def profile(self) -> str:
        """The name of the option profile the table was built from (``"default"`` unless given).

        >>> SevenCardStud.ten_twenty(profile="WSOP").profile
        'wsop'
        """
        return self._config.profile

    @property
    def stakes(self) -> dict[str, int]:
        """The table's chip amounts with defaults resolved."""
        return dict(self._config.stakes)

    @property
    def options(self) -> dict[str, str]:
        """Every docs/rules.md §6 option's value (enum names, ``true``/``false``, numbers)."""
        return dict(self._config.options)

    def start(
        self,
        stacks: Sequence[int],
        *,
        seed: int | None = None,
        deck: CardsLike | None = None,
        dealer: int | None = None,
        restocks: Iterable[CardsLike] | None = None,
    ) -> State:
        """Deals a hand.

        Args:
            stacks: chips per seat (stud: seat 0 is first left of the dealer box).
            seed: shuffle seed (random when neither ``seed`` nor ``deck`` is given).
            deck: all 52 cards in dealing order, top first (burns included).
            dealer: 2-7: the button seat (default the last seat, so seat 0 posts the small
                blind); stud: the dealer box (only with ``stud_dealer_position=ROTATING``).
            restocks: the top of each stub rebuilt during the hand, in the order they are
                rebuilt (2-7 reshuffles, D-10; stud burns recycled, T-9.2): the listed
                cards that are in the new stub go on top of it in this order, above the
                rest in their shuffled order; listed cards not in it are passed over. A
                hand history names the cards dealt after a reshuffle, which no deck order
                can: :mod:`holecard.phh` replays such hands through it.
        """
        return self._config.start(stacks, seed=seed, deck=deck, dealer=dealer, restocks=restocks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Game):
            return NotImplemented
        return type(self) is type(other) and bool(self._config == other._config)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        stakes = ", ".join(f"{k}={v}" for k, v in self.stakes.items() if v)
        profile = "" if self.profile == "default" else f", profile={self.profile!r}"
        return f"{type(self).__name__}({stakes}, betting={self.betting.value}{profile})"


class Soko(_Game):
    """Soko (Canadian / Scandinavian stud), docs/rules.md §3.1."""

    _GAME = "soko"


class SevenCardStud(_Game):
    """Seven-card stud, docs/rules.md §3.2."""

    _GAME = "stud"


class SevenCardStudHiLo(_Game):
    """Seven-card stud hi/lo 8-or-better, docs/rules.md §3.3."""

    _GAME = "stud8"


class Razz(_Game):
    """Razz: stud with the ace-to-five low; the highest door card brings in (aces low)."""

    _GAME = "razz"


class DeuceSevenTripleDraw(_Game):
    """2-7 triple draw, docs/rules.md §3.4 (blinds, three draws).

    Heads-up, ``heads_up_small_blind`` (C-26) says who posts the small blind:
    ``BUTTON`` (default) the button, who acts first before the first draw and last after
    every draw; ``LEFT_OF_BUTTON`` the other player, who acts first in every round.

    >>> game = DeuceSevenTripleDraw(small_bet=2, heads_up_small_blind="LEFT_OF_BUTTON")
    >>> state = game.start([50, 50], seed=1)
    >>> [(e.seat, e.amount) for e in state.history if e.kind == "blind"], state.actor
    ([(0, 1), (1, 2)], 0)
    """

    _GAME = "deuce_seven"


#: The table class of every game, the one Python registry of games (their engine facts are
#: in ``Game.spec``, the others in ``GAME_ROWS``).
GAME_CLASSES: Final[Mapping[Game, type[_Game]]] = MappingProxyType(
    {Game(cls._GAME): cls for cls in _Game.__subclasses__()}
)


def game_class(game: Game | str) -> type[_Game]:
    """The table class of a game id.

    >>> game_class("razz").__name__
    'Razz'

    Raises:
        ConfigurationError: an unknown game id, naming it and the games.
        ArgumentTypeError: a ``game`` that is not text.
    """
    return GAME_CLASSES[Game(game)]


def __getattr__(name: str) -> object:
    # `Event` is re-exported on first use: holecard.events builds its dataclasses when
    # imported, which `import holecard` (which imports this module) should not pay for.
    if name == "Event":
        from holecard.events import Event

        return Event
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
