"""A table that plays consecutive hands: :class:`Table`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from holecard import _core
from holecard._enums import Game
from holecard.exceptions import ArgumentTypeError, ConfigurationError, IllegalActionError
from holecard.games import Move, State, _Game

if TYPE_CHECKING:
    from holecard.phh import HandHistory

__all__ = ["Table"]


class Table:
    """Consecutive hands of one game at one table, carrying the stacks from hand to hand.

    Seats keep their numbers for the whole session. Before every hand the seats with chips
    are dealt in, in clockwise order starting left of the dealer (stud: the dealer box;
    2-7: the button), so each hand's seat 0 is the first to the dealer's left; after the
    hand the button moves to the next seat clockwise that still has chips. The stud dealer
    box stays where it is (``stud_dealer_position = FIXED``, the default, docs/rules.md
    G-1.2.3) or moves like the button (``ROTATING``). A seat that
    loses its last chip is retired; the session is over when one seat has every chip (or
    ``max_hands`` hands were played).

    ``levels`` is an optional schedule by hand count, like tournament levels: pairs
    ``(hand, table)`` ascending, each table (of the same game) dealing from that hand
    number (0-based) on. Every finished hand is kept (``hands``, and ``to_phh()`` for the
    PHH list); chips are conserved: ``sum(stacks)`` never changes.

    >>> from holecard import Razz, Table
    >>> table = Table(Razz.ten_twenty(), [100, 100, 100], seed=5, max_hands=20,
    ...               levels=[(2, Razz(ante=5, bring_in=10, small_bet=20))])
    >>> def passive(state):
    ...     moves = state.legal_moves()
    ...     return moves[0] if state.legal_actions().check else moves[min(1, len(moves) - 1)]
    >>> while not table.is_over:
    ...     _ = table.play_hand(passive)
    >>> sum(table.stacks), table.hands[1].history[0].amount, table.hands[2].history[0].amount
    (300, 1, 5)
    >>> len(table.to_phh()) == table.hand_count
    True
    """

    def __init__(
        self,
        game: _Game,
        stacks: Sequence[int],
        *,
        seed: int | None = None,
        dealer: int | None = None,
        levels: Sequence[tuple[int, _Game]] = (),
        max_hands: int | None = None,
    ) -> None:
        """Seats the players.

        Args:
            game: the table of the first hands (``Razz(...)``, ``SevenCardStud.ten_twenty()``).
            stacks: chips per seat (at least two seats with chips).
            seed: seeds every hand's shuffle (random when ``None``).
            dealer: the seat of the first dealer (default the last seat).
            levels: ``(hand, table)`` pairs: from hand number ``hand`` on, deal ``table``.
            max_hands: stop after this many hands (default: until one seat has every chip).

        Raises:
            ArgumentTypeError: a ``game`` or a level table that is not a game table.
            ConfigurationError: fewer than two seats with chips, more seats than a level's
                game deals to, a negative stack, stacks of 2**58 chips or more in all, a
                dealer not at the table, or levels that are not ascending, not after hand
                0, or of another game.
        """
        if not isinstance(game, _Game):
            raise ArgumentTypeError(f"game must be a game table, got {type(game).__name__}")
        if not isinstance(stacks, Sequence) or isinstance(stacks, str | bytes):
            raise ArgumentTypeError(
                f"stacks must be a sequence of chips, got {type(stacks).__name__}"
            )
        self._stacks = [
            _core._whole_number(s, f"the stack of seat {i}", 0, _core.MAX_CHIPS)
            for i, s in enumerate(stacks)
        ]
        if sum(1 for s in self._stacks if s > 0) < 2:
            raise ConfigurationError(f"a table needs two seats with chips, got {self._stacks}")
        # Chips move between seats, so one seat may come to hold them all.
        if sum(self._stacks) > _core.MAX_CHIPS:
            raise ConfigurationError("the stacks must add up to less than 2**58 chips")
        n = len(self._stacks)
        self._dealer = n - 1 if dealer is None else _core._whole_number(dealer, "dealer", 0, n - 1)
        if seed is not None:
            seed = _core._whole_number(seed, "seed", 0, 2**64 - 1)
        if max_hands is not None:
            max_hands = _core._whole_number(max_hands, "max_hands", 1, 2**64 - 1)
        if not isinstance(levels, Sequence) or not all(
            isinstance(level, tuple) and len(level) == 2 for level in levels
        ):
            raise ArgumentTypeError("levels must be a sequence of (hand, game table) pairs")
        last = 0
        for hand, table in levels:
            hand = _core._whole_number(hand, "level hand", 0, 2**64 - 1)
            if not isinstance(table, _Game):
                raise ArgumentTypeError(
                    f"a level must be (hand, game table), got {type(table).__name__}"
                )
            if table.game is not game.game:
                raise ConfigurationError(
                    f"level at hand {hand} is {table.game.value}, not {game.game.value}"
                )
            if hand <= last:
                raise ConfigurationError(
                    f"levels must start after hand 0 and ascend, got hand {hand} after {last}"
                )
            last = hand
        self._levels = [(0, game), *levels]
        dealt = sum(1 for s in self._stacks if s > 0)  # retired seats are not dealt in
        for _, table in self._levels:  # every seat with chips must be dealt in, at every level
            most = int(table.options["max_players"])
            if dealt > most:
                raise ConfigurationError(
                    f"{table.game.value} deals to at most {most} players, "
                    f"got {dealt} seats with chips"
                )
        self._max_hands = max_hands
        self._rng = random.Random(seed)
        self._hands: list[State] = []
        self._seats: list[tuple[int, ...]] = []
        self._current: State | None = None

    def _settle(self) -> None:
        """Books the hand in play once it is over."""
        if self._current is not None and self._current.is_over:
            self._finish(self._current)

    @property
    def stacks(self) -> list[int]:
        """Chips per seat (before the hand in play, if one is; 0 for a retired seat)."""
        self._settle()
        return list(self._stacks)

    @property
    def dealer(self) -> int:
        """The seat of the dealer of the next hand (or of the hand in play)."""
        self._settle()
        return self._dealer

    @property
    def game(self) -> _Game:
        """The table the next hand (or the hand in play) is dealt at, by the schedule."""
        self._settle()
        count = len(self._hands)
        return [table for start, table in self._levels if start <= count][-1]

    @property
    def _config(self) -> _core.GameConfig:
        """The game configuration of :attr:`game`.

        ``holecard.agents.Encoding(table, players=...)`` and ``Bot(name, table)`` read it,
        so that they take a session as the game its next hand is dealt at.
        """
        return self.game._config

    @property
    def current(self) -> State | None:
        """The hand in play (dealt and not over), or ``None``.

        After a policy of :meth:`play_hand` raised (or returned an illegal move), the hand
        stays in play: finish it here (``table.current.apply(...)``, or
        ``table.current.timeout()`` until it is over), then deal on.
        """
        self._settle()
        return self._current

    @property
    def hands(self) -> tuple[State, ...]:
        """Every finished hand, in order."""
        self._settle()
        return tuple(self._hands)

    @property
    def hand_count(self) -> int:
        """The number of finished hands."""
        self._settle()
        return len(self._hands)

    @property
    def hand_seats(self) -> tuple[tuple[int, ...], ...]:
        """For every finished hand, the table seat of each of its seats."""
        self._settle()
        return tuple(self._seats[: len(self._hands)])

    @property
    def is_over(self) -> bool:
        """One seat has every chip, or ``max_hands`` hands were played."""
        self._settle()
        alive = sum(1 for s in self._stacks if s > 0)
        return alive < 2 or (self._max_hands is not None and len(self._hands) >= self._max_hands)

    def seating(self) -> tuple[int, ...]:
        """The table seats dealt into the next hand, in the hand's seat order."""
        n = len(self._stacks)
        order = [(self._dealer + 1 + k) % n for k in range(n)]
        return tuple(s for s in order if self._stacks[s] > 0)

    def next_hand(self) -> State:
        """Deals the next hand (the one in play must be over) and returns its state.

        Raises:
            IllegalActionError: the session is over, or the hand in play is not.
        """
        self._settle()
        if self._current is not None:
            raise IllegalActionError("the hand in play is not over (finish Table.current)")
        if self.is_over:
            raise IllegalActionError("the session is over")
        seats = self.seating()
        state = self.game.start([self._stacks[s] for s in seats], seed=self._rng.getrandbits(63))
        self._seats.append(seats)
        self._current = state
        return state

    def _booked(self, state: State) -> tuple[list[int], int]:
        """The stacks and the dealer once ``state``, the last hand dealt, is booked."""
        stacks = list(self._stacks)
        for seat, stack in zip(self._seats[-1], state.stacks, strict=True):
            stacks[seat] = stack
        dealer, n = self._dealer, len(stacks)
        # G-1.2.3: a fixed stud dealer box does not move; the 2-7 button always does.
        played = [table for start, table in self._levels if start <= len(self._hands)][-1]
        fixed_box = Game(played._GAME).spec.dealer == "box" and (
            played.options.get("stud_dealer_position") == "FIXED"
        )
        if not fixed_box and sum(1 for s in stacks if s > 0) >= 2:
            dealer = next((dealer + k) % n for k in range(1, n + 1) if stacks[(dealer + k) % n])
        return stacks, dealer

    def _finish(self, state: State) -> None:
        self._stacks, self._dealer = self._booked(state)
        self._hands.append(state)
        self._current = None

    def play_hand(self, policy: Callable[[State], Move]) -> State:
        """Deals and plays one hand, every decision by ``policy(state)``; returns it.

        Raises:
            IllegalActionError: the session is over, the hand in play is not over, or
                ``policy`` returned an illegal move (the hand then stays in play, as after
                any error of ``policy``: see :attr:`current`).
        """
        if not callable(policy):
            raise ArgumentTypeError(f"policy must be callable, got {type(policy).__name__}")
        state = self.next_hand()
        while not state.is_over:
            state.apply(policy(state))
        self._settle()
        return state

    def to_phh(self) -> list[HandHistory]:
        """Every finished hand as a PHH hand history; ``players`` names the table seats.

        A hand still in play (:attr:`current`) is not one of them.
        """
        self._settle()
        return [
            state.to_phh(players=[f"seat {s}" for s in seats])
            for state, seats in zip(self._hands, self.hand_seats, strict=True)
        ]

    def __repr__(self) -> str:
        """``Table(Razz, stacks=[100, 90, 110], dealer=0, hands=1)``, as the properties say.

        Never raises, and changes nothing: a hand over but not yet booked shows as booked
        (as :attr:`stacks` would book it), a hand in play as ``hand in play``. A table that
        is not fully set up (its ``__init__`` raised part way, or it was made by
        ``Table.__new__``) shows what it holds and ``?`` for the rest.
        """
        known = vars(self)
        stacks: object = known.get("_stacks", "?")
        dealer: object = known.get("_dealer", "?")
        hands = known.get("_hands")
        count = len(hands) if isinstance(hands, list) else None
        current = known.get("_current")
        note = ""
        if isinstance(current, State):
            note = ", hand in play"
            if current.is_over:  # booked when next asked for: shown booked already
                note = ", last hand not booked"
                if count is not None and {"_stacks", "_dealer", "_seats"} <= known.keys():
                    try:
                        stacks, dealer = self._booked(current)
                    except (LookupError, ValueError):  # a record cut short: shown as it is
                        pass
                    else:
                        count, note = count + 1, ""
        levels = known.get("_levels")
        game = "?"
        if isinstance(levels, list):
            dealt = [table for start, table in levels if start <= (count or 0)]
            game = type(dealt[-1]).__name__ if dealt else "?"
        shown = "?" if count is None else count
        return f"Table({game}, stacks={stacks}, dealer={dealer}, hands={shown}{note})"
