"""Reference rules engine: a slow, literal implementation of docs/rules.md (the oracle).

Every rule is implemented straight from docs/rules.md and cited by number in comments. The
engine shares no code with the Rust core; it only uses the reference evaluators.

Games: :class:`Soko` (§3.1), :class:`SevenCardStud` (§3.2), :class:`SevenCardStudHiLo`
(§3.3), :class:`DeuceSevenTripleDraw` (§3.4) and the extension :class:`Razz`.

Conventions (those of the public ``holecard.games.State`` API):

* Cards are strings such as ``"As"``. ``deck`` lists all 52 cards, top card first.
* Seats are ``0 … n-1`` clockwise. Stud games: the dealer box sits just before seat 0
  (``dealer=-1``, G-1.2.2), so seat 0 is dealt first. 2-7: ``dealer`` is the button seat,
  default the last seat, so seat 0 posts the small blind (heads-up the button posts it,
  unless ``heads_up_small_blind = LEFT_OF_BUTTON``).
* ``State.street`` is the 0-based index of the betting round. Stud: 0 = the first round
  (Soko: after two cards; stud: 3rd street), 1 = the next street, … 2-7: the draw that
  precedes betting round ``k`` belongs to street ``k`` (draws happen at streets 1, 2, 3).
* A state changes only through its action methods; forced bets, dealing, burns,
  run-outs, the showdown and the pot award happen automatically.
* ``stud_dealer_position = ROTATING`` only changes how a host passes ``dealer`` from one
  hand to the next (the engine plays single hands); with ``FIXED`` ``dealer`` must be -1.

Extension: :class:`Razz` is the stud engine with the ace-to-five low (no qualifier), the
highest door card brings in with aces low (``bring_in_card = AUTO`` means ``HIGHEST``
there in every structure), the lowest showing hand acts first on later streets, and the
open-pair big bet is off by default (R-5; ``open_pair_double_bet = True`` turns it on).

Interpretations where docs/rules.md leaves room (each is a deliberate choice):

* FL bring-in equal to the small bet: the bring-in is then the round's opening bet (no
  completion). FL 2-7 requires ``big_blind == small_bet`` (G-1.4.3: the BB is the
  opening bet). PL/NL stud with ``bring_in == min_bet``: the bring-in opens the betting.
* G-1.9.3 F' in fixed limit: ``S - B`` while the completion is pending, otherwise the
  street unit (with an open pair: ``S`` until a big bet was made, then ``G``). A short
  all-in counts as a full wager when it adds at least F'/2 (``HALF_BET``; ``FULL_BET``:
  F'); a wager that reaches a full target ("last full level + unit", or S for the
  completion) is always full, however little it adds over short all-ins before it. A
  player who already acted may raise again when a full wager was made after his action
  or when the accumulated increase he faces is at least F'/2 (``FULL_BET``: F'). Later
  full raises go to "last full level + unit" (V-R1, V-R2, V-R5). The bring-in player
  who opens instead of posting completes from nothing, so F' = S for him. Under the open
  pair only a wager of exactly G fixes later raises at G, and when short all-ins have
  carried C past the small-bet total, the big-bet total is the only raise left. An
  all-in for less than the largest legal target is always allowed (G-1.9.1), also
  between S and G under the open-pair rule.
* Heads-up (G-1.6.2) means two live players who are not all-in.
* ``showing_tie_break = SUIT``: highest single up-card by rank (in razz aces are low, as
  for its bring-in), then suit. ``odd_chip_order`` (ranks as in the half being split:
  the ace is low in ace-to-five halves, razz and the stud/8 low):
  ``HIGH_CARD_BY_SUIT_BEST5`` uses the highest of the five cards of the half being split
  (for a low half the low's cards); ``HIGH_CARD_BY_SUIT_ALL`` the highest of all the
  player's cards;
  ``LOW_CARD_BY_SUIT_ALL`` is ``..._ALL`` for high halves and, for low halves (stud/8 low, razz),
  the lowest card (ace low), then the
  lowest suit. A remainder smaller than one chip unit goes to the next winner in order.
* Show order (G-1.12.2): the last player to bet/raise/complete (short all-ins included)
  on the last betting round that took place; otherwise that round's first actor by
  rule (bring-in, best showing hand) or the first seat left of the dealer; the others
  clockwise, players contesting higher side pots first.
* D-10.5 (never his own discards, from any stub): a drawer is dealt the stub's cards
  from the top, but a card he discarded earlier in the hand (``WHOLE_HAND``; under
  ``CURRENT_DRAW`` only in this draw round) is passed over: it stays in the stub, in
  its place, for the players after him, and he takes the next card. "His discards" are
  cards, whoever held them since (a card he threw, dealt to another player and folded
  or thrown again is still his). When only passed-over cards are left (or none), the
  stub's rest joins the reshuffle: under ``EXCLUDE_OWN_DISCARDS`` it goes back to the
  muck, since the pool leaves his own discards out.
* D-10 ``EXCLUDE_CURRENT_ROUND``: the stub's last card is dealt only when it completes
  the round (the drawer is the last one and it is his last card); otherwise the stub's
  rest joins the pool, which is burns + muck + discards of earlier draws (his own
  included: D-10.5 passes over them when they reach him). When fewer of its cards than
  he still needs (plus one under ``burn_after_reshuffle``) are cards he may take, the
  D-10 fallback adds the current discards of the players who already drew. The
  last-card rule applies once per drawer: after the stub is rebuilt for him he takes
  the rest of his cards from it.
* C-26 ``heads_up_small_blind``: ``BUTTON`` (default, G-1.4.3) the button posts the
  small blind, is dealt first and acts first before the first draw; the big blind acts
  first after every draw. ``LEFT_OF_BUTTON``: the full-table rule read literally with
  two players: the player left of the button posts the small blind, is dealt first and
  acts first in every round; the button posts the big blind. Draws always start left of
  the button (D-5), so both readings draw in the same order. Three or more players: no
  effect.
* C-27 ``split_half_odd_chip`` (stud hi/lo, H-5 step 5): ``HIGH_WINNER`` (default) every
  odd unit left when a half is shared goes to the winner of the high half, the one nearest
  the dealer among several, the low half's odd unit included (paid as part of the low
  half, after its winners); ``WITHIN_HALF`` keeps it in that half, by ``odd_chip_order``.
* A betting time-out of a bring-in player posts the bring-in (he may not fold).
* The bring-in player who opens instead of posting (G-1.4.2) makes an opening bet from
  nothing (C = 0): FL the completion to S, PL/NL any total from M (also when B == M),
  with R = its size; the first raise over a *posted* bring-in goes to at least M and
  sets R = max(M, total - B) (G-1.7.5), also after short all-ins above B.
* ``pots`` lists the chips of finished betting rounds (chips bet in the current round
  stay in front of their owners until it closes) and no empty pot; a folded player's
  cards are in the muck (``players[p]`` shows none).

Layout: the cards (:mod:`holecard.reference.cards`), pots and splitting
(:mod:`~holecard.reference.pots`) and the values a state hands out
(:mod:`~holecard.reference.values`) live in their own modules; this one holds the games and
the :class:`State` machine and re-exports the rest. The history events are the values of
:mod:`holecard.events`, shared with the fast engine so that the two histories of one hand
compare with ``==`` (the oracle shares those value classes only, never rules).

The fast engine (``holecard.games``) follows the same readings; the differential test
(``tests/test_engine_differential.py``) checks the two against each other.

Recycling order (T-9, D-10): when the engine was given ``seed`` the recycled cards are
shuffled with ``random.Random(seed)``; with ``deck=`` and no seed they are put under the
stub in the order they left play (burn order / discard order), so tests are repeatable.
``start(..., recycle_order=f)`` (or setting ``state.recycle_order``) fixes the order
instead, for that state only: ``f`` gets the cards in the order they left play and returns
them in the order they go under the stub. ``start(..., restocks=[...])`` then puts chosen
cards on top of each rebuilt stub, in order. ``start(..., chance=f)`` instead lets ``f``
name every card the dealer takes, as the fast engine's ``holecard.agents.ChanceHand``
does: ``f(take, outcomes)`` gets what the card is for, ``(purpose, seat, up, stub)``
(``"deal"`` to ``seat`` face ``up`` or down, ``"draw"`` a replacement of ``seat``'s draw,
``"burn"``, or ``"board"``; ``stub`` 0 for the deck, ``k`` for the ``k``-th rebuilt stub),
and the cards it may be (the stub's; never a drawer's own discards, D-10.5), and returns
one of them; the other cards keep their order. For a drawer's card with one card to
choose it may return None instead: that card goes to the bottom of the stub, where
``EXCLUDE_CURRENT_ROUND`` passes it over and rebuilds the stub for him (D-10: the stub's
last card completes the round only); where it would not, ``f`` is asked again and must
name it. A hand history's replay does so.

Example:
    >>> game = SevenCardStud(ante=1, bring_in=2, small_bet=5)
    >>> state = game.start([100, 100, 100], seed=1)
    >>> state.legal_actions().bring_in
    2
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final

from holecard.events import (
    AntePosted,
    BetOrRaised,
    Blind,
    BlindPosted,
    BoardCardDealt,
    BringInPosted,
    BurnsRecycled,
    Called,
    Card,
    CardBurned,
    CardDealt,
    Checked,
    Completed,
    Drew,
    Event,
    Folded,
    HandShown,
    PotAwarded,
    Reshuffled,
    Share,
    StreetStarted,
    TimedOut,
    UncalledBetReturned,
    card_set,
)
from holecard.reference import evaluators as ev
from holecard.reference.cards import ALL_CARDS, RANKS, SUITS, _rank, _suit, parse_cards
from holecard.reference.options import (
    Betting,
    BettingTimeoutAction,
    BringInCard,
    DrawTimeoutPenalty,
    FourStraightMode,
    HeadsUpSmallBlind,
    LimitShortAllInRule,
    OddChipOrder,
    OwnDiscardsScope,
    ReshufflePolicy,
    ShowdownFirst,
    ShowingTieBreak,
    SplitHalfOddChip,
    StudDealerPosition,
    UncappedHeadsUp,
    coerce,
)
from holecard.reference.pots import Pot, build_pots, rake_of, split_amount, split_hi_lo, take_rake
from holecard.reference.values import MOVE_KINDS, LegalActions, Move, PlayerView

__all__ = [
    "ALL_CARDS",
    "MOVE_KINDS",
    "RANKS",
    "SUITS",
    "AntePosted",
    "BetOrRaised",
    "BlindPosted",
    "BoardCardDealt",
    "BringInPosted",
    "BurnsRecycled",
    "Called",
    "CardBurned",
    "CardDealt",
    "Checked",
    "Completed",
    "ConfigurationError",
    "DeuceSevenTripleDraw",
    "Drew",
    "Event",
    "Folded",
    "Game",
    "HandShown",
    "IllegalActionError",
    "LegalActions",
    "Move",
    "PlayerView",
    "Pot",
    "PotAwarded",
    "Razz",
    "RecycleOrder",
    "Reshuffled",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "Soko",
    "State",
    "StreetStarted",
    "TableRecord",
    "TimedOut",
    "UncalledBetReturned",
    "build_pots",
    "parse_cards",
    "split_amount",
    "split_hi_lo",
]

#: A :attr:`State.recycle_order` function: recycled cards in the order they left play in,
#: the same cards in the order they go under the stub out.
RecycleOrder = Callable[[list[str]], list[str]]

#: What a card the dealer takes is for: ``(purpose, seat, up, stub)`` (see ``chance``).
Take = tuple[str, int | None, bool | None, int]

#: A ``start(chance=...)`` function: names the card of a take among the cards it may be
#: (None: a drawer's one card of the stub goes to its bottom, see ``chance``).
Chance = Callable[[Take, frozenset[str]], str | None]


class TableRecord:
    """What a hand history says about a state's table (``State._config``).

    Read as the fast engine's ``GameConfig`` reads: the game id, the betting structure's
    name, the table amounts, every option's value text and the rules profile (None: none
    known).
    """

    def __init__(self, game: Game) -> None:
        """The record of ``game``'s table."""
        self.game = game.kind
        self.betting = game.betting.name
        self.stakes = {k: v for k, v in game.table.items() if v is not None}
        self.options: dict[str, str] = {}
        for key, value in game.options.items():
            if isinstance(value, enum.Enum):
                self.options[key] = value.name
            elif value is None or isinstance(value, bool):
                self.options[key] = str(value).lower()
            else:
                self.options[key] = str(value)
        self.profile: str | None = None


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the current state (state unchanged)."""


class ConfigurationError(ValueError):
    """A bad table, option, stack list or deck given to a game."""


# ------------------------------------------------------------------------------------
# Games

_COMMON_OPTIONS: Final[dict[str, object]] = {
    "betting": Betting.FIXED_LIMIT,
    "chip_unit": 1,
    "burn_cards": True,
    "max_raises": 3,
    "uncapped_heads_up": UncappedHeadsUp.NEVER,
    "limit_short_all_in_rule": LimitShortAllInRule.HALF_BET,
    "allow_fold_when_check_free": False,
    "betting_timeout_action": BettingTimeoutAction.CHECK_OR_FOLD,
    "odd_chip_order": OddChipOrder.POSITION,
    "rake_basis_points": 0,
    "rake_cap": None,
}
_STUD_OPTIONS: Final[dict[str, object]] = {
    "stud_dealer_position": StudDealerPosition.FIXED,
    "bring_in_card": BringInCard.AUTO,
    "showing_tie_break": ShowingTieBreak.POSITION,
    "showdown_first_if_no_bet": ShowdownFirst.BEST_SHOWING,
}
_DECK_OPTIONS: Final[dict[str, object]] = {
    "recycle_burns_before_community": True,
    "reserve_bottom_card": False,
    "community_card_betting": False,
}
_ENUMS: Final[dict[str, type[Any]]] = {
    "betting": Betting,
    "uncapped_heads_up": UncappedHeadsUp,
    "limit_short_all_in_rule": LimitShortAllInRule,
    "betting_timeout_action": BettingTimeoutAction,
    "odd_chip_order": OddChipOrder,
    "stud_dealer_position": StudDealerPosition,
    "bring_in_card": BringInCard,
    "showing_tie_break": ShowingTieBreak,
    "showdown_first_if_no_bet": ShowdownFirst,
    "four_straight_mode": FourStraightMode,
    "draw_timeout_penalty": DrawTimeoutPenalty,
    "reshuffle_policy": ReshufflePolicy,
    "own_discards_scope": OwnDiscardsScope,
    "heads_up_small_blind": HeadsUpSmallBlind,
    "split_half_odd_chip": SplitHalfOddChip,
}
_BOOLS: Final = frozenset(
    {
        "burn_cards",
        "allow_fold_when_check_free",
        "open_pair_double_bet",
        "soko_showing_four_card_hands",
        "scoop_identical_split",
        "recycle_burns_before_community",
        "reserve_bottom_card",
        "community_card_betting",
        "burn_after_reshuffle",
    }
)


#: The options of docs/rules.md §6.2 whose "games" column reads "fixed limit" (or
#: "fixed-limit stud games"): a table in pot or no limit refuses them.
_FIXED_LIMIT_ONLY = (
    "max_raises",
    "uncapped_heads_up",
    "open_pair_double_bet",
    "limit_short_all_in_rule",
)


class Game:
    """A variant with its table and rule options; ``start`` deals a hand.

    Construct through the subclasses. Keyword arguments: the table amounts of the game
    and every docs/rules.md §6 option that applies to it (enum options as members or names;
    ``betting_structure`` is accepted as an alias of ``betting``). Anything else raises
    :class:`ConfigurationError`.
    """

    kind: str = ""
    name: str = ""
    _table_defaults: ClassVar[dict[str, int | None]] = {}
    _extra_options: ClassVar[dict[str, object]] = {}

    def __init__(self, **kwargs: object) -> None:
        """Validate and store the table and the options (see the class docstring).

        Args:
            **kwargs: table amounts and §6 options.

        Raises:
            ConfigurationError: unknown option, bad value, inconsistent table.
        """
        if "betting_structure" in kwargs:
            if "betting" in kwargs:
                raise ConfigurationError("give betting or betting_structure, not both")
            kwargs["betting"] = kwargs.pop("betting_structure")
        defaults: dict[str, object] = {**_COMMON_OPTIONS, **self._extra_options}
        defaults["max_players"] = 6 if self.kind == "deuce_seven" else 8
        allowed = set(defaults) | set(self._table_defaults)
        unknown = sorted(set(kwargs) - allowed)
        if unknown:
            raise ConfigurationError(
                f"unknown option(s) for {type(self).__name__}: {', '.join(unknown)}; "
                f"allowed: {', '.join(sorted(allowed))}"
            )
        opts: dict[str, object] = {}
        for key, default in defaults.items():
            value = kwargs.get(key, default)
            if value is None and key not in ("max_raises", "rake_cap"):  # None: not given
                value = default
            if key in _ENUMS:
                try:
                    value = coerce(_ENUMS[key], value)
                except ValueError as exc:
                    raise ConfigurationError(f"option {key}: {exc}") from None
            elif key in _BOOLS:
                if not isinstance(value, bool):
                    raise ConfigurationError(f"option {key} must be a bool, got {value!r}")
            elif key == "max_raises":
                if value is not None and (
                    not isinstance(value, int) or isinstance(value, bool) or not 1 <= value < 2**32
                ):
                    raise ConfigurationError(
                        f"max_raises must be an int from 1 to 2**32 - 1 or None, got {value!r}"
                    )
            elif key == "rake_cap":
                if value is not None and (
                    not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**32
                ):
                    raise ConfigurationError(
                        f"rake_cap must be an int from 0 to 2**32 - 1 or None, got {value!r}"
                    )
            elif key == "rake_basis_points":
                if (
                    not isinstance(value, int)
                    or isinstance(value, bool)
                    or not 0 <= value <= 10000
                ):
                    raise ConfigurationError(
                        f"rake_basis_points must be an int from 0 to 10000, got {value!r}"
                    )
            elif key == "draw_time_limit":
                if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value < 2**32:
                    raise ConfigurationError(
                        f"draw_time_limit must be whole seconds from 1 to 2**32 - 1, got {value!r}"
                    )
            elif key in ("chip_unit", "max_players") and (
                not isinstance(value, int) or isinstance(value, bool) or value < 1
            ):
                raise ConfigurationError(f"{key} must be a positive int, got {value!r}")
            opts[key] = value
        if opts["betting"] is not Betting.FIXED_LIMIT:
            for key in _FIXED_LIMIT_ONLY:
                # Given: any value, and for max_raises also None ("no cap").
                if key in kwargs and (kwargs[key] is not None or key == "max_raises"):
                    raise ConfigurationError(f"option {key} applies only in fixed limit")
        hard_max = 6 if self.kind == "deuce_seven" else 8
        if not 2 <= int(opts["max_players"]) <= hard_max:  # type: ignore[call-overload]
            raise ConfigurationError(f"max_players must be between 2 and {hard_max}")
        self.options: dict[str, object] = opts
        self.betting: Betting = opts["betting"]  # type: ignore[assignment]
        self._setup_table(kwargs)

    # -- table ----------------------------------------------------------------------

    def _setup_table(self, kwargs: dict[str, object]) -> None:
        table: dict[str, int] = {}
        for key, default in self._table_defaults.items():
            value = kwargs.get(key, default)
            if value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigurationError(f"{key} must be an int number of chips, got {value!r}")
            if value < 0:
                raise ConfigurationError(f"{key} must not be negative, got {value}")
            table[key] = value
        small = table.get("small_bet", 0)
        if small <= 0:
            raise ConfigurationError("small_bet must be positive")
        table.setdefault("big_bet", 2 * small)
        table.setdefault("min_bet", small)
        if table["big_bet"] < small:
            raise ConfigurationError("big_bet must be at least small_bet")
        if table["min_bet"] <= 0:
            raise ConfigurationError("min_bet must be positive")
        fixed = self.betting is Betting.FIXED_LIMIT
        if self.kind == "deuce_seven":
            table.setdefault("big_blind", small)
            table.setdefault("small_blind", table["big_blind"] // 2)
            if table["big_blind"] <= 0:
                raise ConfigurationError("big_blind must be positive")
            if table["small_blind"] > table["big_blind"]:
                raise ConfigurationError("small_blind must not exceed big_blind")
            if fixed and table["big_blind"] != small:
                raise ConfigurationError(
                    "fixed limit needs big_blind == small_bet (G-1.4.3: the big blind is the "
                    "opening bet)"
                )
        else:
            b = table.get("bring_in", 0)
            if b <= 0:
                raise ConfigurationError("bring_in must be positive (G-1.4.2)")
            if fixed and b > small:  # S-5: 0 < B <= S in FL
                raise ConfigurationError(f"bring_in {b} is above the small bet {small}")
            if not fixed and b > table["min_bet"]:  # S-5: 0 < B <= M in PL/NL
                raise ConfigurationError(
                    f"bring_in {b} is above the minimum bet {table['min_bet']}"
                )
        unit = int(self.options["chip_unit"])  # type: ignore[call-overload]
        for key, value in table.items():
            if value % unit:
                raise ConfigurationError(f"{key} {value} is not a multiple of chip_unit {unit}")
        self.table: dict[str, int] = table

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - options are heterogeneous
        """Options and table amounts read as attributes (``game.max_raises``)."""
        d = self.__dict__
        if "options" in d and name in d["options"]:
            return d["options"][name]
        if "table" in d and name in d["table"]:
            return d["table"][name]
        raise AttributeError(name)

    def __eq__(self, other: object) -> bool:
        """Same variant, table and options."""
        if not isinstance(other, Game):
            return NotImplemented
        return (self.kind, self.options, self.table) == (other.kind, other.options, other.table)

    def __hash__(self) -> int:
        """Hash of the variant and table."""
        return hash((self.kind, tuple(sorted(self.table.items()))))

    def __repr__(self) -> str:
        """Readable summary."""
        table = ", ".join(f"{k}={v}" for k, v in self.table.items())
        return f"{type(self).__name__}({table}, betting={self.betting.name})"

    def __getstate__(self) -> dict[str, object]:
        """Pickle support (``__getattr__`` is defined)."""
        return dict(self.__dict__)

    def __setstate__(self, state: dict[str, object]) -> None:
        """Pickle support."""
        self.__dict__.update(state)

    # -- game shape -----------------------------------------------------------------

    @property
    def is_stud(self) -> bool:
        """Soko, stud, stud/8 or razz."""
        return self.kind != "deuce_seven"

    @property
    def streets(self) -> int:
        """Number of betting rounds."""
        return {"soko": 4, "deuce_seven": 4}.get(self.kind, 5)

    def unit(self, street: int) -> int:
        """FL bet unit of a street (S-8, T-5..8, D-6); PL/NL: the minimum bet."""
        if self.betting is not Betting.FIXED_LIMIT:
            return self.table["min_bet"]
        return self.table["small_bet"] if street < 2 else self.table["big_bet"]

    def start(
        self,
        stacks: Sequence[int],
        *,
        seed: int | None = None,
        deck: str | Sequence[object] | None = None,
        dealer: int | None = None,
        recycle_order: RecycleOrder | None = None,
        restocks: Sequence[str | Sequence[object]] | None = None,
        chance: Chance | None = None,
    ) -> State:
        """Deal a new hand.

        Args:
            stacks: chips of every seat (2 … max_players seats, each positive).
            seed: shuffles the deck with ``random.Random(seed)`` (and recycled cards).
            deck: a permutation of all 52 cards, top first (overrides the shuffle).
            dealer: stud: the dealer position (-1 = dealer box before seat 0, the only
                value allowed with ``stud_dealer_position = FIXED``); 2-7: the button
                seat (default the last seat).
            recycle_order: fixes the order of recycled cards (see :attr:`State.recycle_order`).
            restocks: the top of each stub rebuilt during the hand, in the order they are
                rebuilt (2-7 reshuffles, stud burns recycled): the listed cards that are in
                the new stub go on top, in this order, above the rest; listed cards that
                are not in it are passed over (see :attr:`State.restocks`).
            chance: names every card the dealer takes (see the module docstring); the
                deck's order then counts for nothing but the order of the cards it leaves.

        Returns:
            The state, waiting for the first decision.

        Raises:
            ConfigurationError: bad stacks, deck or dealer.
        """
        return State(
            self,
            stacks,
            seed=seed,
            deck=deck,
            dealer=dealer,
            recycle_order=recycle_order,
            restocks=restocks,
            chance=chance,
        )


class _StudGame(Game):
    _table_defaults: ClassVar[dict[str, int | None]] = {
        "ante": 1,
        "bring_in": 2,
        "small_bet": 4,
        "big_bet": None,
        "min_bet": None,
    }


class Soko(_StudGame):
    """Soko / Canadian / Scandinavian stud (docs/rules.md §3.1): 1 down + 4 up, 4 rounds."""

    kind = "soko"
    name = "soko"
    _extra_options: ClassVar[dict[str, object]] = {
        **_STUD_OPTIONS,
        "showdown_first_if_no_bet": ShowdownFirst.LEFT_OF_DEALER,  # S-11
        "open_pair_double_bet": True,  # S-9
        "soko_showing_four_card_hands": True,  # E-2.5.3
        "four_straight_mode": FourStraightMode.CONSECUTIVE,  # E-2.2.3
    }


class SevenCardStud(_StudGame):
    """Seven-card stud high (docs/rules.md §3.2)."""

    kind = "stud"
    name = "stud"
    _extra_options: ClassVar[dict[str, object]] = {
        **_STUD_OPTIONS,
        "open_pair_double_bet": True,  # T-6
        **_DECK_OPTIONS,
    }


class SevenCardStudHiLo(_StudGame):
    """Seven-card stud high/low 8-or-better (docs/rules.md §3.3)."""

    kind = "stud8"
    name = "stud8"
    _extra_options: ClassVar[dict[str, object]] = {
        **_STUD_OPTIONS,
        "open_pair_double_bet": False,  # H-3
        "scoop_identical_split": True,  # G-1.11.3
        "split_half_odd_chip": SplitHalfOddChip.HIGH_WINNER,  # H-5 step 5, C-27
        **_DECK_OPTIONS,
    }


class Razz(_StudGame):
    """Razz (extension): stud with the ace-to-five low; see the module docstring."""

    kind = "razz"
    name = "razz"
    _extra_options: ClassVar[dict[str, object]] = {
        **_STUD_OPTIONS,
        "open_pair_double_bet": False,  # R-5 (G-1.6.4: every fixed-limit stud game)
        **_DECK_OPTIONS,
    }


class DeuceSevenTripleDraw(Game):
    """Deuce-to-seven triple draw (docs/rules.md §3.4): blinds, 5 cards, 3 draws, 4 rounds."""

    kind = "deuce_seven"
    name = "deuce_seven"
    _table_defaults: ClassVar[dict[str, int | None]] = {
        "ante": 0,
        "small_blind": None,
        "big_blind": None,
        "small_bet": 2,
        "big_bet": None,
        "min_bet": None,
    }
    _extra_options: ClassVar[dict[str, object]] = {
        # G-1.12.2: accepted in every game; in 2-7 both values show from the button's left.
        "showdown_first_if_no_bet": ShowdownFirst.LEFT_OF_DEALER,
        "draw_time_limit": 30,
        "draw_timeout_penalty": DrawTimeoutPenalty.NEXT_ROUND_ONLY,
        "reshuffle_policy": ReshufflePolicy.EXCLUDE_OWN_DISCARDS,
        "own_discards_scope": OwnDiscardsScope.WHOLE_HAND,
        "burn_after_reshuffle": False,
        "heads_up_small_blind": HeadsUpSmallBlind.BUTTON,
    }

    def __init__(self, **kwargs: object) -> None:
        """See :class:`Game`; suit-based odd-chip orders are stud-only (§6)."""
        super().__init__(**kwargs)
        if self.options["odd_chip_order"] is not OddChipOrder.POSITION:
            raise ConfigurationError("odd_chip_order suit options apply to stud games only (§6)")


# ------------------------------------------------------------------------------------
# State


class State:
    """One hand in progress (or finished). See the module docstring for conventions.

    Attributes:
        recycle_order: None (the default), or a function that fixes the order of recycled
            cards for this state only (stud burns recycled under T-9, the 2-7 reshuffle of
            D-10): it receives the cards in the order they left play (burn order / discard
            order) and returns the same cards in the order they go under the stub, top
            first. Tests set it to deal recycled cards in another engine's order; it may be
            replaced between actions. It does not count in ``==``.
        restocks: the tops of the stubs rebuilt during the hand (``start(restocks=...)``):
            entry ``k`` goes on top of the ``k``-th rebuilt stub (after ``recycle_order``
            or the shuffle has ordered it), so that a hand history, which names the cards
            dealt after a reshuffle, can be replayed.
    """

    # pylint: disable=too-many-instance-attributes

    def __init__(
        self,
        game: Game,
        stacks: Sequence[int],
        *,
        seed: int | None,
        deck: str | Sequence[object] | None,
        dealer: int | None,
        recycle_order: RecycleOrder | None = None,
        restocks: Sequence[str | Sequence[object]] | None = None,
        chance: Chance | None = None,
    ) -> None:
        """Validate the inputs, post forced bets, deal and wait for the first action."""
        n = len(stacks)
        max_players = int(game.options["max_players"])  # type: ignore[call-overload]
        if not 2 <= n <= max_players:
            raise ConfigurationError(f"{n} players; this game seats 2 to {max_players}")
        for s in stacks:
            if not isinstance(s, int) or isinstance(s, bool) or s <= 0:
                raise ConfigurationError(f"every stack must be a positive int, got {s!r}")
        self.game = game
        self.n = n
        # G-1.2: dealer position and ord().
        if game.is_stud:
            d = -1 if dealer is None else dealer
            if game.options["stud_dealer_position"] is StudDealerPosition.FIXED and d != -1:
                raise ConfigurationError("stud_dealer_position is FIXED: dealer must be -1")
            if not -1 <= d < n:
                raise ConfigurationError(f"dealer {d} out of range -1..{n - 1}")
        else:
            d = n - 1 if dealer is None else dealer
            if not 0 <= d < n:
                raise ConfigurationError(f"dealer (button) {d} out of range 0..{n - 1}")
        self.dealer = d
        # Deck.
        self.chance = chance
        if seed is None and deck is None and chance is not None:
            deck = ALL_CARDS  # chance names every card: the order only ranks the rest
        if seed is None and deck is None:
            seed = random.SystemRandom().randrange(2**63)
        self._seeded = seed is not None
        rng = random.Random(seed)
        if deck is not None:
            try:
                cards = parse_cards(deck)
            except ValueError as exc:
                raise ConfigurationError(f"bad deck: {exc}") from None
            if sorted(cards) != sorted(ALL_CARDS):
                raise ConfigurationError("deck must be a permutation of all 52 cards")
        else:
            cards = list(ALL_CARDS)
            rng.shuffle(cards)
        self._rng_state: object = rng.getstate()
        self.restocks: list[list[str]] = []
        if isinstance(restocks, str):
            raise ConfigurationError("restocks must be a list of card lists, not one string")
        for k, top in enumerate(restocks or ()):
            try:
                listed = parse_cards(top)
            except (ValueError, TypeError) as exc:
                raise ConfigurationError(f"bad restock {k}: {exc}") from None
            if len(set(listed)) != len(listed):
                raise ConfigurationError(f"bad restock {k}: a card is listed twice")
            self.restocks.append(listed)
        self._rebuilt = 0  # stubs rebuilt so far (restocks[k] tops the (k+1)-th)
        self.stub: list[str] = cards
        self.burns: list[str] = []
        self.board: list[str] = []
        self.dead: list[tuple[str, str, int, int]] = []  # D-10 pool log: card, kind, owner, draw
        # Seats.
        self.start_stacks = list(stacks)
        self.stack = list(stacks)
        self.cards: list[list[tuple[str, bool]]] = [[] for _ in range(n)]
        self.folded = [False] * n
        self.total = [0] * n  # T[p]
        self.bet = [0] * n  # bet[p]
        self.acted = [False] * n
        self.last_c: list[int | None] = [None] * n  # L[p]
        self.discarded: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.penalty: list[int] = [-1] * n  # D-7: street up to which bet/raise is barred
        # A tuple, as the fast engine's ``State.history``: the two compare with ``==``.
        self.history: tuple[Event, ...] = ()
        # Round state.
        self.street = 0
        self.phase = "bet"  # "bet", "draw", "over"
        self.actor: int | None = None
        self.C = 0
        self.full = 0
        self.R = 0
        self.bets = 0
        self.opened = False
        self.completion = False
        self.big_made = False
        self.open_pair = False
        self.uncapped = False
        self.bring_in_pending = False
        self.last_actor: int | None = None
        self.aggressor: dict[int, int] = {}
        self.round_opener: dict[int, int] = {}
        self.betting_rounds: list[int] = []
        self.draw_queue: list[int] = []
        self.final_pots: list[Pot] | None = None
        self.rake = 0  # chips the house took (G-1.10.7), set when the pots are paid
        self.recycle_order = recycle_order
        self._begin()

    # -- small helpers ------------------------------------------------------------------

    def ord(self, seat: int) -> int:
        """G-1.2.2: ``(seat - dealer - 1) mod n``; 0 = first seat left of the dealer."""
        return (seat - self.dealer - 1) % self.n

    def _clockwise(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(self.n)]

    def _by_ord(self) -> list[int]:
        return sorted(range(self.n), key=self.ord)

    def _live(self) -> list[int]:
        return [p for p in self._by_ord() if not self.folded[p]]

    def _can_bet(self, p: int) -> bool:
        return not self.folded[p] and self.stack[p] > 0

    def _opt(self, name: str) -> Any:  # noqa: ANN401 - options are heterogeneous
        return self.game.options[name]

    @property
    def _fixed(self) -> bool:
        return self.game.betting is Betting.FIXED_LIMIT

    def _log(self, event: Event) -> None:
        self.history += (event,)

    def _commit(self, p: int, amount: int) -> int:
        amount = min(amount, self.stack[p])
        self.stack[p] -= amount
        self.bet[p] += amount
        self.total[p] += amount
        return amount

    @property
    def _config(self) -> TableRecord:
        """The table's record, as the fast engine's ``State._config`` (``holecard.phh``)."""
        return TableRecord(self.game)

    def _take(self, take: Take, own: set[str] | None = None) -> str:
        """The next card for ``take``: the stub's top, or the one ``chance`` names.

        ``own``: the drawer's own discards, which he is never dealt (D-10.5); with them
        the stub's first other card (``chance``: any other).
        """
        if not self.stub:
            raise RuntimeError("the stub is empty (should be impossible, docs/rules.md §5.2)")
        if self.chance is None:
            i = 0 if not own else next(i for i, c in enumerate(self.stub) if c not in own)
            return self.stub.pop(i)
        outcomes = frozenset(c for c in self.stub if not own or c not in own)
        card = self.chance(take, outcomes)
        if card is None:  # no card can be buried here: asked again, it must name one
            card = self.chance(take, outcomes)
        if card is None or card not in outcomes:
            raise ValueError(f"chance named {card!r}, which cannot be dealt now")
        self.stub.remove(card)
        return card

    def _burn(self) -> None:
        if self._opt("burn_cards") and self.stub:  # G-1.3.2
            card = self._take(("burn", None, None, self._rebuilt))
            self.burns.append(card)
            if not self.game.is_stud:
                self.dead.append((card, "burn", -1, self.street))
            self._log(CardBurned(Card(card)))

    def _deal(self, p: int, face_up: bool) -> None:
        card = self._take(("deal", p, face_up, self._rebuilt))
        self.cards[p].append((card, face_up))
        self._log(CardDealt(p, Card(card), face_up))

    def _recycle(self, cards: list[str]) -> list[str]:
        """Order a rebuilt stub, top first.

        By recycle_order, else shuffled when seeded, else as given; then this rebuild's
        listed ``restocks`` cards on top.
        """
        ordered = self._recycle_order(list(cards))
        k, self._rebuilt = self._rebuilt, self._rebuilt + 1
        if k >= len(self.restocks):
            return ordered
        top = [c for c in self.restocks[k] if c in ordered]
        return top + [c for c in ordered if c not in top]

    def _recycle_order(self, cards: list[str]) -> list[str]:
        if self.recycle_order is not None:
            ordered = list(self.recycle_order(list(cards)))
            if sorted(ordered) != sorted(cards):
                raise ValueError(f"recycle_order returned {ordered}, not a reordering of {cards}")
            return ordered
        if self._seeded:
            rng = random.Random()
            rng.setstate(self._rng_state)  # type: ignore[arg-type]
            rng.shuffle(cards)
            self._rng_state = rng.getstate()
        return cards

    def _hand(self, p: int) -> list[str]:
        return [c for c, _ in self.cards[p]]

    def _up(self, p: int) -> list[str]:
        return [c for c, up in self.cards[p] if up]

    # -- public views ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """The hand is finished and the pots are paid."""
        return self.phase == "over"

    @property
    def stacks(self) -> list[int]:
        """Chips behind of every seat."""
        return list(self.stack)

    @property
    def payoffs(self) -> list[int]:
        """Chips won minus chips put in, per seat (stack now minus starting stack)."""
        return [s - s0 for s, s0 in zip(self.stack, self.start_stacks, strict=True)]

    @property
    def pots(self) -> list[Pot]:
        """The pots of the chips of finished betting rounds (G-1.10.2); final pots at the end.

        Chips bet in the current round stay in front of their owners (``bet``) until the
        round closes, as the fast engine and PokerKit show them; pots without chips are
        not listed (an interpretation: docs/rules.md does not say when a bet joins a pot).
        """
        if self.final_pots is not None:
            return [p for p in self.final_pots if p.amount > 0]
        finished = [t - b for t, b in zip(self.total, self.bet, strict=True)]
        pots = build_pots(finished, [not f for f in self.folded], self._all_in_flags())
        return [p for p in pots if p.amount > 0]

    def _all_in_flags(self) -> list[bool]:
        return [not self.folded[p] and self.stack[p] == 0 for p in range(self.n)]

    @property
    def players(self) -> list[PlayerView]:
        """A snapshot of every seat; a folded player's cards are in the muck (empty)."""
        return [
            PlayerView(
                seat=p,
                hole_cards=() if self.folded[p] else tuple(self._hand(p)),
                up_cards=() if self.folded[p] else tuple(c for c, up in self.cards[p] if up),
                down_cards=() if self.folded[p] else tuple(c for c, up in self.cards[p] if not up),
                stack=self.stack[p],
                folded=self.folded[p],
                all_in=not self.folded[p] and self.stack[p] == 0,
                bet=self.bet[p],
                contributed=self.total[p],
            )
            for p in range(self.n)
        ]

    @property
    def is_drawing(self) -> bool:
        """A draw decision is expected (2-7)."""
        return self.phase == "draw"

    def __eq__(self, other: object) -> bool:
        """Same game, cards, chips, history and position in the hand."""
        if not isinstance(other, State):
            return NotImplemented
        mine = {k: v for k, v in self.__dict__.items() if k != "recycle_order"}
        theirs = {k: v for k, v in other.__dict__.items() if k != "recycle_order"}
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """Short summary."""
        return (
            f"<State {self.game!r} street={self.street} phase={self.phase} "
            f"actor={self.actor} stacks={self.stack}>"
        )

    # -- hand flow ------------------------------------------------------------------------

    def _begin(self) -> None:
        g = self.game
        ante = g.table.get("ante", 0)
        order = self._by_ord()
        if ante:  # G-1.4.1: every dealt-in player posts the ante (short: all he has).
            for p in order:
                self._log(AntePosted(p, self._commit(p, ante)))
            self.bet = [0] * self.n  # antes are dead money, not round commitments
        if g.is_stud:
            # S-4 / T-3 / G-1.3.1: deal rounds from ord 0; Soko: down, up; stud: down, down, up.
            pattern = [False, True] if g.kind == "soko" else [False, False, True]
            for face_up in pattern:
                for p in order:
                    self._deal(p, face_up)
            self._start_betting(0)
        else:
            # D-2 / G-1.4.3: blinds; heads-up see C-26 (_blind_seats).
            sb, bb = self._blind_seats()
            self._log(BlindPosted(sb, self._commit(sb, g.table["small_blind"]), Blind.SMALL))
            self._log(BlindPosted(bb, self._commit(bb, g.table["big_blind"]), Blind.BIG))
            # D-3: five cards, one at a time, starting with the small blind.
            for _ in range(5):
                for p in self._clockwise(sb):
                    self._deal(p, False)
            self._start_betting(0)

    def _blind_seats(self) -> tuple[int, int]:
        # G-1.4.3: small blind left of the button, big blind next. Heads-up (C-26) the
        # button posts the small blind unless heads_up_small_blind = LEFT_OF_BUTTON, which
        # keeps the full-table rule (then the button posts the big blind).
        if self.n == 2 and self._opt("heads_up_small_blind") is HeadsUpSmallBlind.BUTTON:
            return self.dealer, (self.dealer + 1) % 2
        return (self.dealer + 1) % self.n, (self.dealer + 2) % self.n

    def _showing_key(self, p: int) -> tuple[Any, ...]:
        """E-2.5: greater acts first; ties by showing_tie_break (E-2.5.4)."""
        g = self.game
        up = self._up(p)
        value = ev.evaluate_showing(
            up,
            game=g.kind,
            soko_four_card_hands=bool(g.options.get("soko_showing_four_card_hands", True)),
            four_straight=coerce(
                FourStraightMode, g.options.get("four_straight_mode", "CONSECUTIVE")
            ).name,
        )
        if self._opt("showing_tie_break") is ShowingTieBreak.SUIT:
            # Highest single up-card by rank then suit; razz ranks aces low, as for its
            # bring-in (an interpretation shared with the fast engine).
            ace_low = g.kind == "razz"
            best = max((1 if ace_low and _rank(c) == 14 else _rank(c), _suit(c)) for c in up)
            return (value, best, -self.ord(p))
        return (value, -self.ord(p))

    def _best_showing(self) -> int:
        return max(self._live(), key=self._showing_key)

    def _bring_in_seat(self) -> int:
        """E-2.6: chosen by the door card only (never by who can pay)."""
        g = self.game
        mode = self._opt("bring_in_card")
        if mode is BringInCard.AUTO:
            highest = g.kind == "razz" or not self._fixed  # E-2.6.2 (razz: extension)
        else:
            highest = mode is BringInCard.HIGHEST

        def key(p: int) -> tuple[int, ...]:
            door = self._up(p)[0]
            return ev.bring_in_order(door, highest=highest, game=g.kind)

        return max(range(self.n), key=key)

    def _start_betting(self, street: int) -> None:
        """Open betting round ``street`` (G-1.5), or skip it when betting is closed."""
        g = self.game
        self._log(StreetStarted(street, False))
        self.phase = "bet"
        self.street = street
        self.bet = [0] * self.n
        self.acted = [False] * self.n
        self.last_c = [None] * self.n
        self.C = 0
        self.full = 0
        self.R = g.unit(street)
        self.bets = 0
        self.opened = False
        self.completion = False
        self.big_made = False
        self.uncapped = False
        self.last_actor = None
        self.bring_in_pending = False
        # G-1.6.4 / S-9 / T-6: open pair on street index 1 (4th street, Soko round 2).
        self.open_pair = (
            self._fixed
            and street == 1
            and bool(g.options.get("open_pair_double_bet", False))
            and any(
                len(set(_rank(c) for c in self._up(p))) < len(self._up(p)) for p in self._live()
            )
        )
        if not g.is_stud and street == 0:
            # Blinds were posted by _begin: restore their commitments for this round.
            sb, bb = self._blind_seats()
            self.bet[sb] = self.total[sb] - g.table["ante"]
            self.bet[bb] = self.total[bb] - g.table["ante"]
            self.C = g.table["big_blind"]  # G-1.4.3: later players call the full BB
            self.full = self.C
            self.opened = True
            self.bets = 1  # G-1.6.2: the big blind is the opening bet
            # G-1.4.3 / G-1.8.1: the big blind is a full bet, so it is the last full
            # increment R (min raise-to C + max(R, M), also when min_bet < big_blind).
            self.R = max(self.R, self.C)
            opener = (bb + 1) % self.n  # D-4
        elif g.is_stud and street == 0:
            opener = self._bring_in_seat()  # G-1.4.2
        elif g.is_stud:
            opener = self._best_showing()  # S-7 / T-6..8 / H-4
        else:
            opener = (self.dealer + 1) % self.n  # D-6
        self.round_opener[street] = opener
        active = [p for p in range(self.n) if self._can_bet(p)]
        behind = [p for p in active if True]
        # G-1.5.4: no betting when at most one live player still has chips, unless he
        # faces a bet he has not matched (blinds).
        if len(behind) <= 1 and all(self.bet[p] >= self.C for p in behind):
            self._end_round(betting_held=False)
            return
        self.betting_rounds.append(street)
        self._note_heads_up(start=True)
        if g.is_stud and street == 0:
            # G-1.4.2: the obligation passes clockwise to a player who has chips.
            seat = next(p for p in self._clockwise(opener) if self._can_bet(p))
            self.bring_in_pending = True
            self.actor = seat
            return
        self.actor = None
        self._advance(from_seat=(opener - 1) % self.n)

    def _note_heads_up(self, *, start: bool = False) -> None:
        """G-1.6.2 heads-up exceptions to the cap."""
        if not self._fixed:
            return
        mode = self._opt("uncapped_heads_up")
        players = [p for p in self._live() if self.stack[p] > 0]
        if mode is UncappedHeadsUp.ROUND_BEGINS_HEADS_UP and start and len(players) <= 2:
            self.uncapped = True
        if (
            mode is UncappedHeadsUp.BECOMES_HEADS_UP_BEFORE_CAP
            and len(players) <= 2
            and not self._capped()
        ):
            self.uncapped = True

    def _capped(self) -> bool:
        cap = self._opt("max_raises")
        if cap is None or self.uncapped or not self._fixed:
            return False
        return bool(self.bets >= 1 + cap)

    def _needs_action(self, p: int) -> bool:
        return self._can_bet(p) and (not self.acted[p] or self.bet[p] < self.C)

    def _advance(self, from_seat: int) -> None:
        """G-1.5.1 / G-1.5.3: next player to act, or the end of the round."""
        self._note_heads_up()
        live = self._live()
        if len(live) == 1:
            self._end_round(betting_held=True)
            return
        active = [p for p in live if self.stack[p] > 0]
        if len(active) == 0 or (len(active) == 1 and self.bet[active[0]] >= self.C):
            self._end_round(betting_held=True)
            return
        for i in range(1, self.n + 1):
            p = (from_seat + i) % self.n
            if self._needs_action(p):
                self.actor = p
                return
        self._end_round(betting_held=True)

    def _end_round(self, *, betting_held: bool) -> None:
        """Close the round: G-1.10.1 uncalled chips; then next street or showdown."""
        self.actor = None
        self._return_uncalled()
        live = self._live()
        if len(live) == 1:  # G-1.5.5
            self._award()
            return
        if self.street + 1 >= self.game.streets:
            self._award()
            return
        self._next_street()

    def _return_uncalled(self) -> None:
        commits = sorted(self.bet, reverse=True)
        if not commits or commits[0] == 0:
            return
        top = commits[0]
        second = commits[1] if len(commits) > 1 else 0
        if top > second:
            p = self.bet.index(top)
            excess = top - second
            self.bet[p] -= excess
            self.total[p] -= excess
            self.stack[p] += excess
            self._log(UncalledBetReturned(p, excess))

    def _next_street(self) -> None:
        g = self.game
        street = self.street + 1
        self.street = street
        self.bet = [0] * self.n
        if g.is_stud:
            last = street == g.streets - 1
            if g.kind != "soko" and last:
                if not self._deal_seventh():
                    return
            else:
                self._burn()  # G-1.3.2
                for p in self._live():
                    self._deal(p, True)  # S-7, T-6, T-7: face up
            self._start_betting(street)
        else:
            # D-5: burn, then each live player from left of the button draws.
            self._log(StreetStarted(street, True))
            self._burn()
            self.phase = "draw"
            self.draw_queue = [p for p in self._clockwise(self.dealer + 1) if not self.folded[p]]
            self.actor = self.draw_queue[0]

    def _deal_seventh(self) -> bool:
        """T-8 / T-9: 7th street, with deck-exhaustion handling; False if it ended the hand."""
        live = self._live()
        n = len(live)
        b = 1 if self._opt("burn_cards") else 0
        r = 1 if self._opt("reserve_bottom_card") else 0
        need = n + b + r
        if len(self.stub) < need and self._opt("recycle_burns_before_community") and self.burns:
            recycled = self.burns
            self.burns = []
            self._log(BurnsRecycled(card_set(recycled)))  # T-9.2
            self.stub = self._recycle(self.stub + recycled)  # unseeded: in this order
        if len(self.stub) >= need:  # T-9.1 / T-9.2
            self._burn()
            for p in live:
                self._deal(p, False)  # T-8: face down
            return True
        # T-9.3: one community card.
        if b and len(self.stub) >= 2:
            self._burn()
        card = self._take(("board", None, None, self._rebuilt))
        self.board.append(card)
        self._log(BoardCardDealt(Card(card)))
        if not self._opt("community_card_betting"):  # T-9.4 default: no betting
            self.phase = "bet"
            self._end_round(betting_held=False)
            return False
        return True

    # -- legal actions ---------------------------------------------------------------------

    def _nominal_increment(self) -> int:
        """F' of G-1.9.3: S - B for a completion, else the street unit."""
        g = self.game
        if self.completion:
            return g.table["small_bet"] - self.full
        if self.open_pair and not self.big_made:
            return g.table["small_bet"]
        if self.open_pair:
            return g.table["big_bet"]
        return g.unit(self.street)

    def _fl_targets(self) -> list[int]:
        """FL totals a full completion/bet/raise may make (G-1.6)."""
        g = self.game
        if self.completion:
            return [g.table["small_bet"]]  # G-1.6.3
        if self.open_pair:  # G-1.6.4
            if self.big_made:
                targets = [self.full + g.table["big_bet"]]
            else:
                targets = sorted(
                    {self.full + g.table["small_bet"], self.full + g.table["big_bet"]}
                )
        else:
            targets = [self.full + g.unit(self.street)]
        # Short all-ins that are not full wagers can carry C past the small total (open
        # pair, FULL_BET): only totals above C are raises; none left means one more unit.
        return [t for t in targets if t > self.C] or [self.C + g.unit(self.street)]

    def _may_raise(self, p: int) -> bool:
        if self.penalty[p] >= self.street:  # D-7
            return False
        others = [q for q in self._live() if q != p and self.stack[q] > 0]
        if not others:  # G-1.9.5
            return False
        if self.stack[p] + self.bet[p] <= self.C:  # G-1.9.4
            return False
        if self._capped():  # G-1.6.2
            return False
        faced_since = self.last_c[p]
        # G-1.9.2 / G-1.9.3: a player who already acted raises only if re-opened for him.
        return faced_since is None or self._reopened(self.C - faced_since)

    def _reopened(self, faced: int) -> bool:
        """Whether an accumulated increase ``faced`` re-opens the betting (G-1.9)."""
        if not self._fixed:
            return faced >= self.R  # G-1.9.2
        nominal = self._nominal_increment()
        if self._opt("limit_short_all_in_rule") is LimitShortAllInRule.HALF_BET:
            return 2 * faced >= nominal  # G-1.9.3 [WSOP-L] 129 last sentence
        return faced >= nominal  # FULL_BET

    def _raise_bounds(self, p: int) -> tuple[int, int] | None:
        """(min, max) raise-to totals for p, or None."""
        if not self._may_raise(p):
            return None
        allin = self.stack[p] + self.bet[p]
        g = self.game
        if self._fixed:
            targets = self._fl_targets()
            lo, hi = targets[0], targets[-1]
        else:
            m = g.table["min_bet"]
            lo = (
                m
                if (g.is_stud and self.street == 0 and not self.opened)
                else self.C + max(self.R, m)
            )
            if self.game.betting is Betting.POT_LIMIT:
                pot = sum(self.total)  # G-1.7.1: pots + every bet in front
                hi = max(2 * self.C - self.bet[p] + pot, lo)  # G-1.7.3
            else:
                hi = allin  # G-1.8.1
        lo, hi = min(lo, allin), min(hi, allin)  # G-1.9.1: all-in for less
        return lo, hi

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (all False/None when the hand is over)."""
        p = self.actor
        if p is None or self.phase == "over":
            return LegalActions()
        if self.phase == "draw":
            return LegalActions(draw=True)
        g = self.game
        if self.bring_in_pending:
            # G-1.4.2: post B (or his stack) or open for a full bet; no check, no fold.
            b = g.table["bring_in"]
            allin = self.stack[p]
            complete = None
            lo_hi: tuple[int, int] | None = None
            if allin > b:
                if self._fixed:
                    if b < g.table["small_bet"]:
                        complete = min(g.table["small_bet"], allin)
                else:
                    m = g.table["min_bet"]
                    least = m  # G-1.4.2: "any legal opening bet >= M" (also when B == M)
                    pot = sum(self.total)  # G-1.7.2: an opening bet of at most the pot
                    most = allin if g.betting is Betting.NO_LIMIT else max(pot, least)
                    lo_hi = (min(least, allin), min(most, allin))
            return LegalActions(
                bring_in=min(b, allin),
                complete=complete,
                min_raise_to=lo_hi[0] if lo_hi else None,
                max_raise_to=lo_hi[1] if lo_hi else None,
            )
        to_call = self.C - self.bet[p]
        fold = to_call > 0 or bool(self._opt("allow_fold_when_check_free"))
        check = to_call <= 0
        call = min(to_call, self.stack[p]) if to_call > 0 else None
        bounds = self._raise_bounds(p)
        complete = None
        lo: int | None = None
        hi: int | None = None
        totals: tuple[int, ...] | None = None
        if bounds is not None:
            lo, hi = bounds
            if self._fixed and self.completion:
                complete, lo, hi = lo, None, None
            elif self._fixed:
                # G-1.6: the full targets he can afford; G-1.9.1: or all-in for less than
                # the largest one.
                targets = self._fl_targets()
                allin = self.stack[p] + self.bet[p]
                short = {allin} if allin < targets[-1] else set()
                totals = tuple(sorted({t for t in targets if t <= allin} | short))
        return LegalActions(
            fold=fold,
            check=check,
            call=call,
            complete=complete,
            min_raise_to=lo,
            max_raise_to=hi,
            raise_totals=totals,
        )

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move of the player to act, in the fast engine's documented order.

        Betting: fold, check, call, post the bring-in, complete (each when
        :meth:`legal_actions` allows it), then every bet/raise total ascending (fixed
        limit: ``raise_totals``; pot and no limit: every integer from ``min_raise_to`` to
        ``max_raise_to``, G-1.7, G-1.8). A draw (D-5: any of his cards, none included):
        one move per subset, move ``m`` throwing the cards whose bits are set in ``m``
        over his hand in dealt order. Time-outs are not listed. Empty when the hand is
        over.
        """
        la = self.legal_actions()
        if self.actor is None or self.phase == "over":
            return ()
        if la.draw:
            hand = self._hand(self.actor)
            return tuple(
                Move("draw", discards=tuple(c for i, c in enumerate(hand) if m >> i & 1))
                for m in range(2 ** len(hand))
            )
        offered = (
            ("fold", la.fold),
            ("check", la.check),
            ("call", la.call is not None),
            ("post_bring_in", la.bring_in is not None),
            ("complete", la.complete is not None),
        )
        moves = [Move(kind) for kind, ok in offered if ok]
        totals: Iterable[int] = ()
        if la.raise_totals is not None:
            totals = la.raise_totals
        elif la.min_raise_to is not None and la.max_raise_to is not None:
            totals = range(la.min_raise_to, la.max_raise_to + 1)
        moves += [Move("bet_or_raise_to", t) for t in totals]
        return tuple(moves)

    def apply(self, move: Move) -> State:
        """Play ``move`` through the method its ``kind`` names.

        Returns:
            self.

        Raises:
            IllegalActionError: the move is not legal now.
        """
        if move.kind == "bet_or_raise_to" and move.amount is not None:
            return self.bet_or_raise_to(move.amount)
        if move.kind == "draw":
            return self.draw(move.discards)
        if move.kind not in MOVE_KINDS:
            raise IllegalActionError(f"unknown move {move!r}")
        method: Any = getattr(self, move.kind)
        result: State = method()
        return result

    # -- actions ---------------------------------------------------------------------------

    def _require_actor(self, what: str) -> int:
        if self.phase == "over" or self.actor is None:
            raise IllegalActionError(f"cannot {what}: the hand is over")
        if self.phase == "draw":
            raise IllegalActionError(f"cannot {what}: seat {self.actor} must draw now")
        return self.actor

    def fold(self) -> State:
        """Fold (G-1.5.2).

        Returns:
            self.

        Raises:
            IllegalActionError: folding is not allowed now.
        """
        p = self._require_actor("fold")
        if self.bring_in_pending:
            raise IllegalActionError(
                f"seat {p} must post the bring-in or complete; he may not fold"
            )
        if not self.legal_actions().fold:
            raise IllegalActionError(
                f"seat {p} may check for free; folding is not offered (allow_fold_when_check_free)"
            )
        self._do_fold(p)
        return self

    def _do_fold(self, p: int) -> None:
        self.folded[p] = True
        self.acted[p] = True
        for c in self._hand(p):
            self.dead.append((c, "muck", p, self.street))
        self._log(Folded(p))
        self._after_action(p)

    def check(self) -> State:
        """Check (bet[p] == C).

        Returns:
            self.

        Raises:
            IllegalActionError: there is a bet to call.
        """
        p = self._require_actor("check")
        if self.bring_in_pending:
            raise IllegalActionError(
                f"seat {p} must post the bring-in or complete; he may not check"
            )
        if self.bet[p] < self.C:
            raise IllegalActionError(f"seat {p} cannot check: {self.C - self.bet[p]} to call")
        self.acted[p] = True
        self.last_c[p] = self.C
        self._log(Checked(p))
        self._after_action(p)
        return self

    def call(self) -> State:
        """Call ``min(C - bet, stack)``.

        Returns:
            self.

        Raises:
            IllegalActionError: nothing to call.
        """
        p = self._require_actor("call")
        if self.bring_in_pending:
            raise IllegalActionError(
                f"seat {p} must post the bring-in or complete; nothing to call"
            )
        if self.bet[p] >= self.C:
            raise IllegalActionError(f"seat {p} has nothing to call; check instead")
        amount = self._commit(p, self.C - self.bet[p])
        self.acted[p] = True
        self.last_c[p] = self.C
        self._log(Called(p, amount))
        self._after_action(p)
        return self

    def post_bring_in(self) -> State:
        """Post the bring-in (G-1.4.2).

        Returns:
            self.

        Raises:
            IllegalActionError: no bring-in is due.
        """
        p = self._require_actor("post the bring-in")
        if not self.bring_in_pending:
            raise IllegalActionError("no bring-in is due now")
        g = self.game
        b = g.table["bring_in"]
        amount = self._commit(p, b)
        self.bring_in_pending = False
        self.acted[p] = True
        self.C = b  # short bring-in: the others still call the full B (G-1.4.2)
        self.full = b
        self.last_c[p] = b
        if self._fixed:
            if b >= g.table["small_bet"]:
                self.bets = 1  # a full bet: the opening bet of the round
            else:
                self.completion = True  # G-1.6.3: the next increase completes to S
        else:
            self.opened = b >= g.table["min_bet"]  # G-1.7.5
        self._log(BringInPosted(p, amount))
        self._after_action(p)
        return self

    def complete(self) -> State:
        """Complete the bring-in to the small bet (FL stud, G-1.6.3).

        Returns:
            self.

        Raises:
            IllegalActionError: no completion is possible now.
        """
        p = self._require_actor("complete")
        legal = self.legal_actions()
        if legal.complete is None:
            raise IllegalActionError(f"seat {p} cannot complete now")
        self._wager(p, legal.complete, completing=True)
        return self

    def bet_or_raise_to(self, amount: int) -> State:
        """Bet or raise to ``amount`` (this round's total commitment).

        In FL stud a bet to the completion total is accepted as the completion.

        Args:
            amount: the total.

        Returns:
            self.

        Raises:
            IllegalActionError: the amount or the raise itself is not allowed.
        """
        p = self._require_actor("bet or raise")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalActionError(f"amount must be an int, got {amount!r}")
        legal = self.legal_actions()
        if legal.complete is not None and amount == legal.complete:
            self._wager(p, amount, completing=True)
            return self
        lo, hi = legal.min_raise_to, legal.max_raise_to
        if lo is None or hi is None:
            why = "the betting is capped" if self._capped() else "a raise is not allowed now"
            if self.penalty[p] >= self.street:
                why = "a draw time-out bars him from betting this round (D-7)"
            elif legal.complete is not None:
                why = f"the only increase is the completion to {legal.complete}"
            raise IllegalActionError(f"seat {p} cannot bet or raise to {amount}: {why}")
        allin = self.stack[p] + self.bet[p]
        if self._fixed:
            targets = self._fl_targets()
            ok = amount in targets or (amount == allin and allin < targets[-1])  # G-1.9.1
            if not ok:
                allowed = ", ".join(str(t) for t in self._fl_targets() if t <= allin) or str(allin)
                raise IllegalActionError(
                    f"seat {p} cannot bet or raise to {amount} in fixed limit; allowed: {allowed}"
                )
        elif not (lo <= amount <= hi or (amount == allin and allin < lo)):
            raise IllegalActionError(
                f"seat {p} cannot bet or raise to {amount}; allowed {lo} to {hi}"
            )
        if amount > allin:
            raise IllegalActionError(f"seat {p} has only {allin} chips in total")
        self._wager(p, amount, completing=False)
        return self

    def _wager(self, p: int, total: int, *, completing: bool) -> None:
        """Apply a completion/bet/raise to ``total`` and classify it (G-1.6-1.9)."""
        g = self.game
        if self.bring_in_pending:
            # G-1.4.2: opening for a full bet instead of posting B. Nothing is in front of
            # anybody yet, so it is an opening bet from C = 0 (FL: the completion to S;
            # PL/NL: R = its size, G-1.7.4), not a raise over a B that was never posted.
            self.bring_in_pending = False
            self.C = self.full = 0
            if self._fixed:
                self.completion = True
            else:
                self.opened = False
        was_completion = self.completion
        old_c = self.C
        self._commit(p, total - self.bet[p])
        self.acted[p] = True
        if self._fixed:
            targets = self._fl_targets()
            full_raise = total in targets
            if not full_raise and total > old_c:
                # G-1.9.3: an all-in short of every target is a full wager when it adds
                # at least F'/2 (HALF_BET) or F' (FULL_BET; possible between S and G
                # under the open pair).
                nominal = self._nominal_increment()
                half = self._opt("limit_short_all_in_rule") is LimitShortAllInRule.HALF_BET
                added = 2 * (total - old_c) if half else total - old_c
                full_raise = added >= nominal
            if full_raise:
                if (
                    self.open_pair
                    and total - self.full == g.table["big_bet"]
                    and g.table["big_bet"] != g.table["small_bet"]
                ):
                    self.big_made = True  # G-1.6.4: later raises are big bets
                self.bets += 1  # G-1.6.2: counts toward the cap
                self.full = total
                self.completion = False
        else:
            m = g.table["min_bet"]
            if g.is_stud and self.street == 0 and not self.opened:
                full_raise = total >= m  # G-1.7.5: the first raise is to at least M
                if full_raise:
                    self.R = max(m, total - self.full)
            else:
                full_raise = total - old_c >= max(self.R, m)  # G-1.7.4 / G-1.8.1
                if full_raise:
                    self.R = total - old_c
            if full_raise:
                self.opened = True
                self.full = total
                self.bets += 1
        self.C = max(old_c, total)
        if full_raise:
            # G-1.9: a full wager re-opens the betting for everybody else.
            for q in range(self.n):
                if q != p:
                    self.last_c[q] = None
        self.last_c[p] = self.C
        self.aggressor[self.street] = p
        completed = completing or was_completion
        self._log(Completed(p, total) if completed else BetOrRaised(p, total))
        self._after_action(p)

    def timeout(self) -> State:
        """Time-out of the player to act (G-1.5.6 in betting, D-7 in a draw).

        Betting: check if free, else fold (``betting_timeout_action = FOLD``: fold); a
        pending bring-in is posted (he may not fold). Draw: stand pat, and D-7 bars him
        from betting or raising in the following round(s) per ``draw_timeout_penalty``.

        Returns:
            self.

        Raises:
            IllegalActionError: the hand is over.
        """
        if self.phase == "over" or self.actor is None:
            raise IllegalActionError("cannot time out: the hand is over")
        p = self.actor
        self._log(TimedOut(p))
        if self.phase == "draw":
            mode = self._opt("draw_timeout_penalty")
            if mode is DrawTimeoutPenalty.NEXT_ROUND_ONLY:
                self.penalty[p] = self.street
            elif mode is DrawTimeoutPenalty.REST_OF_HAND:
                self.penalty[p] = self.game.streets
            self._do_draw(p, [])
            return self
        if self.bring_in_pending:
            return self.post_bring_in()
        free = self.bet[p] >= self.C
        if free and self._opt("betting_timeout_action") is BettingTimeoutAction.CHECK_OR_FOLD:
            return self.check()
        self._do_fold(p)
        return self

    def _after_action(self, p: int) -> None:
        self.last_actor = p
        self._advance(from_seat=p)

    # -- draws (2-7) ------------------------------------------------------------------------

    def draw(self, discards: str | Iterable[object] = ()) -> State:
        """Discard ``discards`` (0-5 of his cards) and receive as many (D-5).

        Args:
            discards: the cards to throw, as a string or an iterable of cards.

        Returns:
            self.

        Raises:
            IllegalActionError: not a draw turn, or cards he does not hold.
        """
        if self.phase != "draw" or self.actor is None:
            raise IllegalActionError("no draw is in progress")
        p = self.actor
        try:
            cards = parse_cards(discards)
        except ValueError as exc:
            raise IllegalActionError(f"bad discards: {exc}") from None
        hand = self._hand(p)
        if len(set(cards)) != len(cards):
            raise IllegalActionError(f"duplicate discards {cards}")
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalActionError(f"seat {p} does not hold {' '.join(missing)}")
        self._do_draw(p, cards)
        return self

    def stand_pat(self) -> State:
        """Draw no cards (D-5).

        Returns:
            self.
        """
        return self.draw([])

    def _do_draw(self, p: int, discards: list[str]) -> None:
        draw_index = self.street
        self.cards[p] = [(c, up) for c, up in self.cards[p] if c not in discards]
        for c in discards:
            self.discarded[p].append((c, draw_index))
            self.dead.append((c, "discard", p, draw_index))
        received = self._replacements(p, len(discards))
        for c in received:
            self.cards[p].append((c, False))
        self._log(Drew(p, card_set(discards), card_set(received)))
        self.draw_queue.pop(0)
        if self.draw_queue:
            self.actor = self.draw_queue[0]
            return
        self._start_betting(self.street)

    def _own_discards(self, p: int) -> set[str]:
        """D-10.2 / D-10.5: the cards ``p`` may not be dealt in this draw.

        Every card he discarded in this hand (``WHOLE_HAND``) or in this draw round
        (``CURRENT_DRAW``), whoever has held it since.
        """
        whole = self._opt("own_discards_scope") is OwnDiscardsScope.WHOLE_HAND
        return {c for c, when in self.discarded[p] if whole or when == self.street}

    def _replacements(self, p: int, k: int) -> list[str]:
        """Deal k cards to p (D-5): his own discards are skipped (D-10.5), D-10 reshuffles.

        The stub is rebuilt when it holds no card he may take (``EXCLUDE_CURRENT_ROUND``:
        also when the next one is its last card and does not complete the round).
        """
        own = self._own_discards(p)
        wsop = self._opt("reshuffle_policy") is ReshufflePolicy.EXCLUDE_CURRENT_ROUND
        last_drawer = len(self.draw_queue) == 1
        got: list[str] = []
        reshuffled = False
        while len(got) < k:
            # D-10.5: a card he discarded is passed over; it stays where it is in the
            # stub, for the players after him, and he takes the next one.
            mine = [c not in own for c in self.stub]
            i = mine.index(True) if True in mine else None
            # EXCLUDE_CURRENT_ROUND: the stub's last card only if it completes the round
            # (he is the last drawer and it is his last card); applied before the stub
            # is rebuilt for him, not to the rebuilt one.
            completes = k - len(got) == 1 and last_drawer
            keeps_last = wsop and not reshuffled and i == len(self.stub) - 1 and not completes
            if i is None or keeps_last:
                self._reshuffle(p, own, k - len(got))  # D-10.1-3
                reshuffled = True
                mine = [c not in own for c in self.stub]
                if True not in mine:
                    raise RuntimeError(
                        "the reshuffle pool is empty (impossible, docs/rules.md D-10.4)"
                    )
            take = ("draw", p, None, self._rebuilt)
            if self.chance is not None and not reshuffled and wsop and not completes:
                outcomes = frozenset(c for c in self.stub if c not in own)
                if len(outcomes) == 1:
                    (last,) = outcomes
                    card = self.chance(take, outcomes)
                    if card is None:
                        # His one card goes to the bottom: the rule above passes it over.
                        self.stub.remove(last)
                        self.stub.append(last)
                        continue
                    if card != last:
                        raise ValueError(f"chance named {card!r}, which cannot be dealt now")
                    self.stub.remove(last)
                    got.append(last)
                    continue
            got.append(self._take(take, own))
        return got

    def _reshuffle(self, p: int, own: set[str], need: int) -> None:
        """D-10.2-3: the stub's rest and the pool become a new stub for ``p``."""
        draw_index = self.street
        leftover = [(c, "stub", -1, draw_index) for c in self.stub]
        self.stub = []
        if self._opt("reshuffle_policy") is ReshufflePolicy.EXCLUDE_OWN_DISCARDS:
            # D-10.2: burns + muck + every discard so far, minus every card he discarded
            # (within own_discards_scope; his current discards always); those stay out.
            pool = [e for e in self.dead + leftover if e[0] not in own]
        else:
            # EXCLUDE_CURRENT_ROUND: the stub's rest + burns + muck + earlier-round
            # discards (his own among them are passed over when dealt to him, D-10.5).
            current = [e for e in self.dead if e[1] == "discard" and e[3] == draw_index]
            pool = leftover + [e for e in self.dead if e not in current]
            burn = 1 if self._opt("burn_after_reshuffle") else 0
            if sum(e[0] not in own for e in pool) < need + burn:
                # Infeasible live procedure: add the current discards of the others.
                pool += [e for e in current if e[2] != p]
        pool_cards = [e[0] for e in pool]
        chosen = set(pool_cards)
        # Left out of the pool: back to the muck (his own discards from the stub too).
        self.dead = [e for e in self.dead + leftover if e[0] not in chosen]
        self.burns = [c for c in self.burns if c not in chosen]
        self.stub = self._recycle(pool_cards)
        self._log(Reshuffled(p, card_set(self.stub)))
        if self._opt("burn_after_reshuffle"):  # D-10.3 option
            self._burn()

    # -- showdown ---------------------------------------------------------------------------

    def _award(self) -> None:
        """G-1.10 / G-1.11 / G-1.12: build pots, show, split, pay."""
        self.phase = "over"
        self.actor = None
        live = self._live()
        pots = build_pots(self.total, [not f for f in self.folded], self._all_in_flags())
        pots = [p for p in pots if p.amount > 0]
        # G-1.10.7: the house's share leaves the pots before anyone is paid.
        self.rake = rake_of(
            pots,
            self._opt("rake_basis_points"),
            self._opt("rake_cap"),
            int(self._opt("chip_unit")),
        )
        pots = take_rake(pots, self.rake)
        self.final_pots = pots
        if len(live) == 1:
            for i, pot in enumerate(pots):
                self._pay(i, Share.WHOLE, {live[0]: pot.amount})
            return
        for p in self._show_order(pots):  # G-1.12.2: in show order
            self._log(HandShown(p, tuple(Card(c) for c in self._hand(p))))
        g = self.game
        unit = int(self._opt("chip_unit"))
        values = {p: self._values(p) for p in live}
        for i, pot in enumerate(pots):
            contenders = list(pot.eligible)
            if not contenders:
                continue
            if len(contenders) == 1:  # G-1.10.5
                self._pay(i, Share.WHOLE, {contenders[0]: pot.amount})
                continue
            best = max(values[p][0] for p in contenders)
            high = self._odd_order([p for p in contenders if values[p][0] == best], "high", values)
            lows = [values[p][1] for p in contenders if values[p][1] is not None]
            low: list[int] = []
            if g.kind == "stud8" and lows:
                best_low = max(lows)
                low = self._odd_order(
                    [p for p in contenders if values[p][1] == best_low], "low", values
                )
            scoop = bool(g.options.get("scoop_identical_split", True))
            # H-5 step 5: under HIGH_WINNER an odd unit of a shared half goes to the high
            # winner, the one nearest the dealer among several.
            rule = g.options.get("split_half_odd_chip", SplitHalfOddChip.WITHIN_HALF)
            taker = min(high, key=self.ord) if rule is SplitHalfOddChip.HIGH_WINNER else None
            hi_shares, lo_shares = split_hi_lo(
                pot.amount, high, low, unit, scoop_identical_split=scoop, odd_to_high_winner=taker
            )
            half = Share.WHOLE if not lo_shares else Share.HIGH
            self._pay(i, half, hi_shares)
            self._pay(i, Share.LOW, lo_shares)

    def _pay(self, pot: int, share: Share, shares: dict[int, int]) -> None:
        """Pay each seat his chips of pot ``pot`` (in the odd-chip order ``shares`` lists)."""
        for seat, amount in shares.items():
            if amount:
                self.stack[seat] += amount
                self._log(PotAwarded(seat, amount, pot, share))

    def _all_cards(self, p: int) -> list[str]:
        return self._hand(p) + list(self.board)

    def _values(self, p: int) -> tuple[Any, Any]:
        """(main value, low value or None) of p's hand (S-10, T-10, H-5, D-8, razz)."""
        g = self.game
        cards = self._all_cards(p)
        if g.kind == "soko":
            mode = self._opt("four_straight_mode").name
            return ev.evaluate_soko(cards, four_straight=mode), None
        if g.kind == "stud":
            return ev.evaluate_high(cards), None
        if g.kind == "stud8":
            return ev.evaluate_high(cards), ev.evaluate_low8(cards)
        if g.kind == "razz":
            return ev.evaluate_ace_five(cards), None
        return ev.evaluate_deuce_seven(cards), None

    def _odd_order(
        self, winners: list[int], half: str, values: dict[int, tuple[Any, Any]]
    ) -> list[int]:
        """G-1.11.4: order winners for odd chips."""
        mode = self._opt("odd_chip_order")
        g = self.game
        low_half = half == "low" or g.kind in ("razz", "deuce_seven")
        ace_low = half == "low" or g.kind == "razz"

        def card_key(c: str, *, low_rank: bool) -> tuple[int, int]:
            r = _rank(c)
            if low_rank and r == 14:
                r = 1
            return (r, _suit(c))

        def key(p: int) -> tuple[Any, ...]:
            if mode is OddChipOrder.POSITION:
                return (self.ord(p),)
            if mode is OddChipOrder.HIGH_CARD_BY_SUIT_BEST5:
                value = values[p][1] if half == "low" else values[p][0]
                best = max(card_key(c, low_rank=ace_low) for c in value.cards)
                return (-best[0], -best[1], self.ord(p))
            if mode is OddChipOrder.LOW_CARD_BY_SUIT_ALL and low_half:
                lowest = min(card_key(c, low_rank=ace_low) for c in self._all_cards(p))
                return (lowest[0], lowest[1], self.ord(p))
            best = max(card_key(c, low_rank=ace_low) for c in self._all_cards(p))
            return (-best[0], -best[1], self.ord(p))

        return sorted(winners, key=key)

    def _show_order(self, pots: list[Pot]) -> list[int]:
        """G-1.12.2 / S-11 / T-11 / D-9."""
        live = self._live()
        final = self.betting_rounds[-1] if self.betting_rounds else None
        first: int
        if (
            final is not None
            and final in self.aggressor
            and not self.folded[self.aggressor[final]]
        ):
            first = self.aggressor[final]
        else:
            g = self.game
            rule = g.options.get("showdown_first_if_no_bet", None)
            if not g.is_stud:
                first = (self.dealer + 1) % self.n  # D-9
            elif rule is ShowdownFirst.BEST_SHOWING and final is not None:
                # The player who would have acted first on that round (T-11): the
                # bring-in on the first round, else that round's best showing hand.
                first = self.round_opener[final]
            else:
                first = self._by_ord()[0]  # LEFT_OF_DEALER
            first = next(p for p in self._clockwise(first) if p in live)
        clockwise = [p for p in self._clockwise(first) if p in live]
        # Players in a side pot show before a player all-in only for a lower pot.
        depth = {
            p: max((i for i, pot in enumerate(pots) if p in pot.eligible), default=0) for p in live
        }
        return sorted(clockwise, key=lambda p: (-depth[p], clockwise.index(p)))
