//! The state machine: [`GameState`], [`Action`], [`Event`], [`LegalActions`].

use std::fmt;

use thiserror::Error;

use super::options::{config_err, BettingStructure, ConfigError};

use super::config::GameConfig;
use super::spec::BetUnit;
use super::spec::GameKind;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::eval::UpCards;

/// The most seats any game deals to.
pub const MAX_SEATS: usize = 8;

/// The most chips a stack may hold: below 2**58, six bits short of a `u64`, so that sums
/// of chips never overflow. A run of hands, whose chips move between seats, caps the
/// stacks' total instead.
pub const MAX_CHIPS: u64 = (1 << 58) - 1;

/// A player's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Fold.
    Fold,
    /// Check.
    Check,
    /// Call (all-in for less when short).
    Call,
    /// Post the stud bring-in.
    PostBringIn,
    /// Complete the stud bring-in to the small bet (fixed limit).
    Complete,
    /// Bet or raise to a total for this round.
    BetRaiseTo(u64),
    /// 2-7: discard these cards and draw as many (empty = stand pat).
    Draw(CardSet),
    /// 2-7: discard nothing.
    StandPat,
    /// The player ran out of time (G-1.5.6 in betting, D-7 in a draw).
    Timeout,
}

/// Which part of a pot an award is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Share {
    /// The whole pot (one winner, or every contestant folded but one, or one split).
    Whole,
    /// The high half (stud/8).
    High,
    /// The low half (stud/8).
    Low,
}

/// Something that happened in the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Event {
    /// An ante was posted.
    Ante { seat: u8, amount: u64 },
    /// A blind was posted (2-7).
    Blind { seat: u8, amount: u64, big: bool },
    /// A card was dealt to a player.
    Deal { seat: u8, card: Card, up: bool },
    /// A card was burned.
    Burn { card: Card },
    /// The stud community card was turned (T-9.3).
    Board { card: Card },
    /// These burned cards were shuffled back into the stub (T-9.2).
    Recycle { cards: CardSet },
    /// The stub was rebuilt from these cards (the reshuffle pool) for `seat`'s draw (D-10).
    Reshuffle { seat: u8, cards: CardSet },
    /// A bring-in was posted.
    BringIn { seat: u8, amount: u64 },
    /// The bring-in was completed to a total.
    Complete { seat: u8, to: u64 },
    /// A player folded.
    Fold { seat: u8 },
    /// A player checked.
    Check { seat: u8 },
    /// A player called, adding `amount`.
    Call { seat: u8, amount: u64 },
    /// A player bet or raised to a total for the round.
    BetRaise { seat: u8, to: u64 },
    /// A player drew (an empty `discards` = stood pat).
    Draw {
        seat: u8,
        discards: CardSet,
        received: CardSet,
    },
    /// A player timed out; the next event is what the time-out did.
    Timeout { seat: u8 },
    /// A betting round (`street` = index) or draw started.
    Street { street: u8, draw: bool },
    /// Uncalled chips went back to their owner (G-1.10.1).
    Uncalled { seat: u8, amount: u64 },
    /// A player showed his hand at showdown, in show order (G-1.12.2).
    Show { seat: u8 },
    /// Chips from pot `pot` (0 = main) went to a player.
    Award {
        seat: u8,
        amount: u64,
        pot: u8,
        share: Share,
    },
}

impl Event {
    /// Every event kind's short name, in [`Event::kind_index`] order: the one table of
    /// them (Python reads it as `_core.EVENT_KINDS`; `holecard.events` has one class per
    /// name).
    pub const KINDS: [&'static str; 19] = [
        "ante",
        "blind",
        "deal",
        "burn",
        "board",
        "recycle",
        "reshuffle",
        "bring_in",
        "complete",
        "fold",
        "check",
        "call",
        "bet_raise",
        "draw",
        "timeout",
        "street",
        "uncalled",
        "show",
        "award",
    ];

    /// The position of the event's kind in [`Event::KINDS`].
    #[must_use]
    pub fn kind_index(&self) -> usize {
        match self {
            Event::Ante { .. } => 0,
            Event::Blind { .. } => 1,
            Event::Deal { .. } => 2,
            Event::Burn { .. } => 3,
            Event::Board { .. } => 4,
            Event::Recycle { .. } => 5,
            Event::Reshuffle { .. } => 6,
            Event::BringIn { .. } => 7,
            Event::Complete { .. } => 8,
            Event::Fold { .. } => 9,
            Event::Check { .. } => 10,
            Event::Call { .. } => 11,
            Event::BetRaise { .. } => 12,
            Event::Draw { .. } => 13,
            Event::Timeout { .. } => 14,
            Event::Street { .. } => 15,
            Event::Uncalled { .. } => 16,
            Event::Show { .. } => 17,
            Event::Award { .. } => 18,
        }
    }

    /// The event's kind as a short name (`"fold"`, `"bet_raise"` …).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        Self::KINDS[self.kind_index()]
    }

    /// The seat the event is about, if any.
    #[must_use]
    pub fn seat(&self) -> Option<u8> {
        match *self {
            Event::Ante { seat, .. }
            | Event::Blind { seat, .. }
            | Event::Deal { seat, .. }
            | Event::BringIn { seat, .. }
            | Event::Complete { seat, .. }
            | Event::Fold { seat }
            | Event::Check { seat }
            | Event::Call { seat, .. }
            | Event::BetRaise { seat, .. }
            | Event::Draw { seat, .. }
            | Event::Timeout { seat }
            | Event::Reshuffle { seat, .. }
            | Event::Uncalled { seat, .. }
            | Event::Show { seat }
            | Event::Award { seat, .. } => Some(seat),
            _ => None,
        }
    }
}

fn cards_text(set: CardSet) -> String {
    set.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Ante { seat, amount } => write!(f, "Ante(seat={seat}, amount={amount})"),
            Event::Blind { seat, amount, big } => write!(
                f,
                "Blind(seat={seat}, amount={amount}, {})",
                if big { "big" } else { "small" }
            ),
            Event::Deal { seat, card, up } => write!(
                f,
                "Deal(seat={seat}, card={card}, {})",
                if up { "up" } else { "down" }
            ),
            Event::Burn { card } => write!(f, "Burn(card={card})"),
            Event::Board { card } => write!(f, "Board(card={card})"),
            Event::Recycle { cards } => write!(f, "Recycle(cards='{}')", cards_text(cards)),
            Event::Reshuffle { seat, cards } => {
                write!(f, "Reshuffle(seat={seat}, cards='{}')", cards_text(cards))
            }
            Event::BringIn { seat, amount } => write!(f, "BringIn(seat={seat}, amount={amount})"),
            Event::Complete { seat, to } => write!(f, "Complete(seat={seat}, to={to})"),
            Event::Fold { seat } => write!(f, "Fold(seat={seat})"),
            Event::Check { seat } => write!(f, "Check(seat={seat})"),
            Event::Call { seat, amount } => write!(f, "Call(seat={seat}, amount={amount})"),
            Event::BetRaise { seat, to } => write!(f, "BetRaise(seat={seat}, to={to})"),
            Event::Draw {
                seat,
                discards,
                received,
            } => write!(
                f,
                "Draw(seat={seat}, discards='{}', received='{}')",
                cards_text(discards),
                cards_text(received)
            ),
            Event::Timeout { seat } => write!(f, "Timeout(seat={seat})"),
            Event::Street { street, draw } => {
                write!(
                    f,
                    "{}(number={street})",
                    if draw { "DrawRound" } else { "BettingRound" }
                )
            }
            Event::Uncalled { seat, amount } => write!(f, "Uncalled(seat={seat}, amount={amount})"),
            Event::Show { seat } => write!(f, "Show(seat={seat})"),
            Event::Award {
                seat,
                amount,
                pot,
                share,
            } => write!(
                f,
                "Award(seat={seat}, amount={amount}, pot={pot}, share={})",
                match share {
                    Share::Whole => "whole",
                    Share::High => "high",
                    Share::Low => "low",
                }
            ),
        }
    }
}

/// An action the rules do not allow now.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// No more actions: the hand is over.
    #[error("the hand is over")]
    HandOver,
    /// The action is not legal now; the message says why.
    #[error("{0}")]
    Illegal(String),
}

/// Builds an [`ActionError::Illegal`].
macro_rules! illegal {
    ($($arg:tt)*) => { $crate::game::state::ActionError::Illegal(format!($($arg)*)) };
}
pub(crate) use illegal;

/// What the player to act may do (`LegalActions` in Python).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)]
pub struct LegalActions {
    /// Folding is allowed.
    pub fold: bool,
    /// Checking is allowed.
    pub check: bool,
    /// Chips to add to call, if calling is allowed.
    pub call: Option<u64>,
    /// The bring-in amount, if the player must bring in.
    pub bring_in: Option<u64>,
    /// The total to complete to, if completing is allowed (fixed limit).
    pub complete: Option<u64>,
    /// The smallest total to bet or raise to.
    pub min_raise_to: Option<u64>,
    /// The largest total to bet or raise to (fixed limit: the only other size, if any).
    pub max_raise_to: Option<u64>,
    /// Drawing (or standing pat) is the action.
    pub draw: bool,
    /// Fixed limit: `min_raise_to` and `max_raise_to` are the only legal totals, not the
    /// ends of a range (see [`LegalActions::raise_totals`]).
    pub fixed_totals: bool,
}

impl LegalActions {
    /// Every legal total for a bet or raise, ascending, where the set is finite: in fixed
    /// limit one or two totals (the small or the big bet under an open pair, or a full bet
    /// and an all-in short of the next one). `None` in pot and no limit, where every total
    /// from `min_raise_to` to `max_raise_to` is legal, and when no bet or raise is.
    #[must_use]
    pub fn raise_totals(&self) -> Option<impl Iterator<Item = u64>> {
        match (self.fixed_totals, self.min_raise_to, self.max_raise_to) {
            (true, Some(lo), Some(hi)) => Some(std::iter::once(lo).chain((hi > lo).then_some(hi))),
            _ => None,
        }
    }
}

/// What the hand is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A betting round.
    Betting,
    /// A 2-7 draw round.
    Drawing,
    /// The hand is over; pots are awarded.
    Over,
}

/// One seat at the table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)]
pub struct Seat {
    /// Chips behind.
    pub stack: u64,
    /// Chips at the start of the hand.
    pub start_stack: u64,
    /// Chips committed in the current betting round.
    pub bet: u64,
    /// Chips put into the hand (antes included), after uncalled returns.
    pub total: u64,
    /// Chips won from pots.
    pub won: u64,
    /// Folded.
    pub folded: bool,
    /// Acted since the betting was last re-opened to him (G-1.5.3).
    pub(crate) acted: bool,
    /// `C` when he last acted voluntarily (G-1.5 `L[p]`).
    pub(crate) last_c: u64,
    /// Cards held, in the order received (card indices).
    pub(crate) cards: [u8; 7],
    /// Number of cards held.
    pub(crate) ncards: u8,
    /// Bit `i` set: `cards[i]` is face up.
    pub(crate) up_mask: u8,
    /// Every card he discarded in this hand (2-7).
    pub(crate) discards: CardSet,
    /// The cards he discarded in the current draw round.
    pub(crate) round_discards: CardSet,
    /// Drew in the current draw round.
    pub(crate) drew: bool,
    /// May not bet or raise (D-7 time-out penalty).
    pub(crate) no_raise: bool,
}

impl Seat {
    /// The cards held, in the order received.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.ncards as usize]
            .iter()
            .filter_map(|&i| Card::from_index(i64::from(i)).ok())
    }

    /// The face-down cards, in the order received (Python's `Player.hole_cards` is every
    /// card, as PokerKit counts them; this is `Player.down_cards`).
    pub fn down_cards(&self) -> impl Iterator<Item = Card> + '_ {
        let up = self.up_mask;
        self.cards()
            .enumerate()
            .filter(move |(i, _)| up >> i & 1 == 0)
            .map(|(_, c)| c)
    }

    /// The face-up cards.
    pub fn up_cards(&self) -> impl Iterator<Item = Card> + '_ {
        let up = self.up_mask;
        self.cards()
            .enumerate()
            .filter(move |(i, _)| up >> i & 1 == 1)
            .map(|(_, c)| c)
    }

    /// The cards as a set.
    #[must_use]
    pub fn card_set(&self) -> CardSet {
        self.cards().collect()
    }

    /// In the hand and out of chips.
    #[must_use]
    pub fn all_in(&self) -> bool {
        !self.folded && self.stack == 0
    }

    /// In the hand with chips behind: can still act in betting.
    #[must_use]
    pub fn active(&self) -> bool {
        !self.folded && self.stack > 0
    }

    pub(crate) fn push_card(&mut self, c: u8, up: bool) {
        let i = self.ncards as usize;
        if i < self.cards.len() {
            self.cards[i] = c;
            if up {
                self.up_mask |= 1 << i;
            }
            self.ncards += 1;
        }
    }
}

/// The state of the current betting round (G-1.5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)]
pub(crate) struct Round {
    /// `C`: the amount to match.
    pub c: u64,
    /// Fixed limit: a full raise goes to `base + F`.
    pub base: u64,
    /// Pot/no limit `R`: the last full increment.
    pub r: u64,
    /// Bets and raises counted toward the cap (the opening bet is 1).
    pub bets: u32,
    /// A full bet (or the big blind, or a completion) has opened the round.
    pub opened: bool,
    /// Stud first round: the bring-in is still to be posted.
    pub bring_in_pending: bool,
    /// Stud first round (completion rules apply until opened).
    pub bring_in_street: bool,
    /// Fixed limit unit `F` of the round.
    pub unit: u64,
    /// Open pair: bets may be small or big (G-1.6.4).
    pub double_allowed: bool,
    /// A big bet was made under the open-pair rule.
    pub big_bet_made: bool,
    /// The cap no longer applies (heads-up options).
    pub uncapped: bool,
    /// Last player to bet, raise or complete.
    pub aggressor: Option<u8>,
    /// Any action was taken in this round.
    pub any_action: bool,
}

/// How a hand starts: the deck and the dealer position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Start {
    /// Shuffle seed (used when `deck` is `None`; also seeds reshuffles).
    pub seed: Option<u64>,
    /// A fixed order of all 52 cards, top first.
    pub deck: Option<Vec<Card>>,
    /// 2-7: the button seat (default the last seat); stud: the seat of the dealer box
    /// (default the last seat, so seat 0 is first left of it; other values need the
    /// `ROTATING` option).
    pub dealer: Option<u8>,
    /// The top of each stub rebuilt during the hand, in the order they are rebuilt (2-7
    /// reshuffles, D-10; stud burns recycled, T-9.2): the listed cards that are in the
    /// new stub go on top of it in this order, top first, above the rest in their
    /// shuffled order; listed cards that are not in it are passed over. A hand history
    /// names the cards dealt after a reshuffle, which no deck order can (its replay sets
    /// them here); empty in ordinary play.
    pub restocks: Vec<Vec<Card>>,
}

// The stud rules' cache (filled in `stud.rs`) is declared here, with the state it is
// part of, so that the state does not import the stud rules.
/// Every seat's showing hand (E-2.5) with the up-cards it was worked out for: a seat's
/// showing hand changes only when it gets an up-card, so later streets reuse it. Derived
/// data, filled on demand: it takes no part in comparing states (every cache is equal).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ShowingCache(pub(crate) [Showing; MAX_SEATS]);

impl PartialEq for ShowingCache {
    fn eq(&self, _: &ShowingCache) -> bool {
        true
    }
}

impl Eq for ShowingCache {}

/// One seat's entry of the [`ShowingCache`] (no up-cards: strength and tie key 0).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Showing {
    /// The seat's `up_mask` when it was worked out.
    pub(crate) up_mask: u8,
    /// Those up-cards.
    pub(crate) up: UpCards,
    /// Their showing strength.
    pub(crate) strength: u32,
    /// The suit tie key (E-2.5, `showing_tie_break = SUIT`), else 0.
    pub(crate) tie: u8,
}

/// The state of one hand of any game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    pub(crate) cfg: GameConfig,
    pub(crate) n: u8,
    pub(crate) dealer: u8,
    pub(crate) seats: [Seat; MAX_SEATS],
    /// Bit `i` set: seat `i` has not folded. Kept with `seats` (see
    /// [`GameState::sync_masks`]) so that counting and finding players are bit operations.
    pub(crate) live: u8,
    /// Bit `i` set: seat `i` is [`Seat::active`] (not folded, chips behind).
    pub(crate) active: u8,
    /// Undealt cards; the top card is `stub[stub_len - 1]`.
    pub(crate) stub: [u8; 52],
    pub(crate) stub_len: u8,
    pub(crate) burns: CardSet,
    /// Discards and folded hands not yet recycled.
    pub(crate) muck: CardSet,
    pub(crate) board: Option<Card>,
    pub(crate) phase: Phase,
    /// Betting round index (0-based); in a draw, the draw number is `street + 1`.
    pub(crate) street: u8,
    pub(crate) actor: Option<u8>,
    pub(crate) round: Round,
    /// Aggressor and round index of the last betting round that had any action.
    pub(crate) final_aggressor: Option<u8>,
    /// The seat that acts first by rule on the last betting round that took place
    /// (G-1.12.2 `BEST_SHOWING`), or `None` before any did.
    pub(crate) final_opener: Option<u8>,
    /// Chips the house took from the pots at the end (G-1.10.7).
    pub(crate) rake: u64,
    pub(crate) rng_seed: u64,
    /// See [`ResolvedStart`]'s `seeded`.
    pub(crate) seeded: bool,
    pub(crate) reshuffles: u32,
    /// Cards the next restock puts on top of its stub, top first: the chance dealer of
    /// `rust/game/chance.rs` chooses them (empty in ordinary play).
    pub(crate) pinned: Pinned,
    /// [`Start::restocks`], as card indices: entry `k` tops the stub of restock `k + 1`.
    pub(crate) restocks: Vec<Vec<u8>>,
    pub(crate) initial_deck: [u8; 52],
    pub(crate) history: Vec<Event>,
    pub(crate) actions: Vec<Action>,
    /// Whether events and actions are kept in `history` and `actions`: always, except in
    /// the simulator's own hands, which nobody reads (the rules never look back at them).
    pub(crate) record: bool,
    /// The legal actions now, computed once after every change (a function of the rest
    /// of the state, so equality and hashing are unaffected): callers usually ask for
    /// them and then act, and the action is checked against the same set.
    pub(crate) legal: LegalActions,
    /// Each seat's showing hand, kept across streets (stud; derived data).
    pub(crate) showing: ShowingCache,
}

/// A validated [`Start`]: what [`GameState`]'s `fresh` deals a hand from.
struct ResolvedStart {
    /// The deck, top first, as card indices.
    order: [u8; 52],
    /// The seed of reshuffles.
    seed: u64,
    /// Whether recycled cards are shuffled with `seed` (a seed was given, or no deck);
    /// `false` for a fixed deck without a seed (T-9.2's engine reading).
    seeded: bool,
    dealer: u8,
    /// [`Start::restocks`] as card indices.
    restocks: Vec<Vec<u8>>,
}

/// Up to eight cards, in order (see [`GameState`]'s `pinned`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Pinned {
    cards: [u8; 8],
    len: u8,
}

impl Pinned {
    /// The first eight of `cards`.
    pub(crate) fn of(cards: &[u8]) -> Pinned {
        let mut p = Pinned::default();
        for (slot, &c) in p.cards.iter_mut().zip(cards) {
            *slot = c;
            p.len += 1;
        }
        p
    }

    pub(crate) fn cards(&self) -> &[u8] {
        &self.cards[..usize::from(self.len)]
    }
}

/// The seats of a bit mask (bit `i` = seat `i`), ascending.
pub(crate) fn seats_of(mask: u8) -> SeatBits {
    SeatBits {
        rest: mask,
        offset: 0,
    }
}

/// The seats of a bit mask clockwise from seat `from` (inclusive, below 8): the seats
/// from `from` up, then those below it.
pub(crate) fn clockwise(mask: u8, from: u8) -> SeatBits {
    // The mask rotated right by `from` over eight seats: bit `i` is seat `from + i`
    // (mod 8). Seats past the table's last are empty, so this is the table's order.
    let twice = u16::from(mask) | u16::from(mask) << 8;
    SeatBits {
        rest: (twice >> (from & 7)) as u8,
        offset: from,
    }
}

/// The seats of [`seats_of`] and [`clockwise`]: bit `i` of `rest` is seat
/// `(offset + i) mod 8`.
pub(crate) struct SeatBits {
    rest: u8,
    offset: u8,
}

impl Iterator for SeatBits {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.rest == 0 {
            return None;
        }
        let i = self.rest.trailing_zeros() as u8;
        self.rest &= self.rest - 1;
        Some((self.offset + i) & 7)
    }
}

/// FNV-1a of a deck order: the reshuffle seed of a hand started from a fixed deck.
fn deck_hash(order: &[u8; 52]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in order {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

impl GameState {
    /// Starts a hand: posts antes and blinds and deals, then stops at the first decision.
    pub fn new(cfg: &GameConfig, stacks: &[u64], start: &Start) -> Result<GameState, ConfigError> {
        Self::new_recording(cfg, stacks, start, true)
    }

    /// [`GameState::new`], recording the hand's events and actions or not (see `record`).
    pub(crate) fn new_recording(
        cfg: &GameConfig,
        stacks: &[u64],
        start: &Start,
        record: bool,
    ) -> Result<GameState, ConfigError> {
        let resolved = Self::resolve_start(cfg, stacks, start)?;
        let buffers = (Vec::with_capacity(96), Vec::with_capacity(32));
        let mut st = Self::fresh(cfg, stacks, resolved, buffers, record);
        st.begin();
        Ok(st)
    }

    /// Starts a new hand in place of this one, exactly as [`GameState::new`] would, but
    /// reusing this state's memory for the history (simulations deal millions of hands).
    /// On an error this state is unchanged.
    pub fn restart(
        &mut self,
        cfg: &GameConfig,
        stacks: &[u64],
        start: &Start,
    ) -> Result<(), ConfigError> {
        let resolved = Self::resolve_start(cfg, stacks, start)?;
        self.deal(cfg, stacks, resolved);
        Ok(())
    }

    /// Validates a hand's start: the deck order (top first), the reshuffle seed, the
    /// dealer seat and the tops of rebuilt stubs.
    fn resolve_start(
        cfg: &GameConfig,
        stacks: &[u64],
        start: &Start,
    ) -> Result<ResolvedStart, ConfigError> {
        let n = stacks.len();
        if n < 2 || n > cfg.options.max_players as usize {
            return Err(config_err!(
                "{} needs 2 to {} players, got {n}",
                cfg.game.id(),
                cfg.options.max_players
            ));
        }
        if let Some(i) = stacks.iter().position(|&s| s == 0) {
            return Err(config_err!("seat {i} has no chips"));
        }
        if stacks.iter().any(|&s| s > MAX_CHIPS) {
            return Err(config_err!("stacks must be below 2**58 chips"));
        }
        let dealer = match start.dealer {
            None => (n - 1) as u8,
            Some(d) if (d as usize) < n => {
                if !cfg.dealer_moves() && d as usize != n - 1 {
                    return Err(config_err!(
                        "the stud dealer box is fixed before seat 0 (dealer={}); set stud_dealer_position=ROTATING to move it",
                        n - 1
                    ));
                }
                d
            }
            Some(d) => return Err(config_err!("dealer seat {d} is not at the table of {n}")),
        };
        for (k, top) in start.restocks.iter().enumerate() {
            CardSet::from_cards(top).map_err(|e| config_err!("bad restock {k}: {e}"))?;
        }
        let mut order = [0u8; 52];
        let rng_seed;
        if let Some(deck) = &start.deck {
            if deck.len() != 52 {
                return Err(config_err!(
                    "deck must hold all 52 cards, got {}",
                    deck.len()
                ));
            }
            CardSet::from_cards(deck).map_err(|e| config_err!("bad deck: {e}"))?;
            for (o, c) in order.iter_mut().zip(deck) {
                *o = c.index();
            }
            rng_seed = start.seed.unwrap_or_else(|| deck_hash(&order));
        } else {
            // The order of `Deck::shuffled(seed)` (which shuffles `Card::all()`, the cards
            // in index order), shuffled as indices in place without allocating.
            let seed = start.seed.unwrap_or(0);
            for (o, all) in order.iter_mut().zip(Card::all()) {
                *o = all.index();
            }
            crate::deck::shuffle(&mut order, &mut crate::deck::rng_for_seed(seed));
            rng_seed = seed;
        }
        let restocks = start
            .restocks
            .iter()
            .map(|top| top.iter().map(|c| c.index()).collect())
            .collect();
        Ok(ResolvedStart {
            order,
            seed: rng_seed,
            seeded: start.seed.is_some() || start.deck.is_none(),
            dealer,
            restocks,
        })
    }

    /// Starts a hand from a resolved start (no validation) in this state, keeping the
    /// history buffers' memory.
    fn deal(&mut self, cfg: &GameConfig, stacks: &[u64], resolved: ResolvedStart) {
        let mut history = std::mem::take(&mut self.history);
        let mut actions = std::mem::take(&mut self.actions);
        history.clear();
        actions.clear();
        let record = self.record;
        *self = Self::fresh(cfg, stacks, resolved, (history, actions), record);
        self.begin();
    }

    /// A hand before its first forced bet: the one place that says what every field of a
    /// new hand holds (for [`GameState::new`] and the in-place [`GameState::deal`]).
    fn fresh(
        cfg: &GameConfig,
        stacks: &[u64],
        resolved: ResolvedStart,
        (history, actions): (Vec<Event>, Vec<Action>),
        record: bool,
    ) -> GameState {
        let ResolvedStart {
            order,
            seed,
            seeded,
            dealer,
            restocks,
        } = resolved;
        let mut seats = [Seat::default(); MAX_SEATS];
        let mut active = 0;
        for (i, (seat, &s)) in seats.iter_mut().zip(stacks).enumerate() {
            seat.stack = s;
            seat.start_stack = s;
            active |= u8::from(s > 0) << i;
        }
        let mut stub = order;
        stub.reverse();
        GameState {
            cfg: *cfg,
            n: stacks.len() as u8,
            dealer,
            seats,
            live: ((1u16 << stacks.len()) - 1) as u8,
            active,
            stub,
            stub_len: 52,
            burns: CardSet::EMPTY,
            muck: CardSet::EMPTY,
            board: None,
            phase: Phase::Betting,
            street: 0,
            actor: None,
            round: Round::default(),
            final_aggressor: None,
            final_opener: None,
            rake: 0,
            rng_seed: seed,
            seeded,
            reshuffles: 0,
            pinned: Pinned::default(),
            restocks,
            initial_deck: order,
            history,
            actions,
            record,
            legal: LegalActions::default(),
            showing: ShowingCache::default(),
        }
    }

    // ----- accessors -------------------------------------------------------------------

    /// Chips the house took from the pots (G-1.10.7; 0 until the hand is over).
    #[must_use]
    pub fn rake(&self) -> u64 {
        self.rake
    }

    /// The table.
    #[must_use]
    pub fn config(&self) -> &GameConfig {
        &self.cfg
    }

    /// Number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.n as usize
    }

    /// The seats (one per player).
    #[must_use]
    pub fn seats(&self) -> &[Seat] {
        &self.seats[..self.n as usize]
    }

    /// The seat to act, or `None` (hand over).
    #[must_use]
    pub fn actor(&self) -> Option<u8> {
        self.actor
    }

    /// The phase of the hand.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current betting round index (0-based).
    #[must_use]
    pub fn street_index(&self) -> u8 {
        self.street
    }

    /// The street name of a hand that is over.
    pub const OVER: &'static str = "over";

    /// The current street's name (`"third"` … `"seventh"`, `"second"` … `"fifth"` in Soko,
    /// `"predraw"`, `"first_draw"`, `"after_first_draw"` … in 2-7, `"over"` at the end).
    #[must_use]
    pub fn street_name(&self) -> &'static str {
        match self.phase {
            Phase::Over => Self::OVER,
            Phase::Drawing => self
                .cfg
                .spec()
                .street(self.street + 1)
                .draw
                .unwrap_or("draw"),
            Phase::Betting => self.cfg.spec().street(self.street).name,
        }
    }

    /// Whether the hand is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The stud community card, if one was dealt (T-9.3).
    #[must_use]
    pub fn board(&self) -> Option<Card> {
        self.board
    }

    /// The events so far.
    #[must_use]
    pub fn history(&self) -> &[Event] {
        &self.history
    }

    /// The actions applied so far, in order.
    #[must_use]
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The deck order the hand started from, top first.
    #[must_use]
    pub fn initial_deck(&self) -> Vec<Card> {
        self.initial_deck
            .iter()
            .filter_map(|&i| Card::from_index(i64::from(i)).ok())
            .collect()
    }

    /// The [`Start`] that deals this hand again: its deck order, reshuffle seed, dealer
    /// and restock tops (with the same stacks and actions, the same hand).
    #[must_use]
    pub fn replay_start(&self) -> Start {
        Start {
            seed: self.seeded.then_some(self.rng_seed),
            deck: Some(self.initial_deck()),
            dealer: Some(self.dealer),
            restocks: self.restocks(),
        }
    }

    /// The tops the hand's rebuilt stubs were given ([`Start::restocks`]).
    #[must_use]
    pub fn restocks(&self) -> Vec<Vec<Card>> {
        self.restocks
            .iter()
            .map(|top| top.iter().map(|&i| Self::card(i)).collect())
            .collect()
    }

    /// The seed used for reshuffles (T-9.2, D-10).
    #[must_use]
    pub fn rng_seed(&self) -> u64 {
        self.rng_seed
    }

    /// The dealer (stud: dealer box; 2-7: button) seat.
    #[must_use]
    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    /// Chips behind, per seat.
    #[must_use]
    pub fn stacks(&self) -> Vec<u64> {
        self.seats().iter().map(|s| s.stack).collect()
    }

    /// Chips won minus chips put in, per seat (final once the hand is over).
    #[must_use]
    pub fn payoffs(&self) -> Vec<i64> {
        self.seats()
            .iter()
            .map(|s| s.stack as i64 - s.start_stack as i64)
            .collect()
    }

    /// Undealt cards, top first.
    #[must_use]
    pub fn stub(&self) -> Vec<Card> {
        self.stub[..self.stub_len as usize]
            .iter()
            .rev()
            .filter_map(|&i| Card::from_index(i64::from(i)).ok())
            .collect()
    }

    /// Burned cards not recycled.
    #[must_use]
    pub fn burns(&self) -> CardSet {
        self.burns
    }

    /// Discarded and folded cards not recycled.
    #[must_use]
    pub fn muck(&self) -> CardSet {
        self.muck
    }

    /// Position order: 0 = first seat left of the dealer (G-1.2.2).
    #[must_use]
    pub fn ord(&self, seat: u8) -> u8 {
        // `seat + n - dealer - 1` is below 2n for a seat at the table: no division.
        Self::wrap(seat + self.n - self.dealer - 1, self.n)
    }

    /// `x % n` for the small sums of seat arithmetic, without a division when `x < 2n`.
    fn wrap(x: u8, n: u8) -> u8 {
        if x < n {
            x
        } else if x - n < n {
            x - n
        } else {
            x % n
        }
    }

    /// The seat with position `ord`.
    pub(crate) fn seat_at(&self, ord: u8) -> u8 {
        Self::wrap(self.dealer + 1 + ord, self.n)
    }

    /// The seats of `mask` in position order (from the first seat left of the dealer).
    pub(crate) fn by_position(&self, mask: u8) -> SeatBits {
        clockwise(mask, self.seat_at(0))
    }

    /// Every seat at the table, as a mask.
    pub(crate) fn everyone(&self) -> u8 {
        ((1u16 << self.n) - 1) as u8
    }

    pub(crate) fn live_count(&self) -> usize {
        self.live.count_ones() as usize
    }

    pub(crate) fn active_count(&self) -> usize {
        self.active.count_ones() as usize
    }

    /// Brings seat `p`'s bits in `live` and `active` up to date after its stack or its
    /// folding changed.
    pub(crate) fn sync_masks(&mut self, p: u8) {
        let s = &self.seats[p as usize];
        let bit = 1u8 << p;
        self.live = if s.folded {
            self.live & !bit
        } else {
            self.live | bit
        };
        self.active = if s.active() {
            self.active | bit
        } else {
            self.active & !bit
        };
    }

    /// Whether `live` and `active` agree with the seats (checked in debug builds).
    fn masks_agree(&self) -> bool {
        let (mut live, mut active) = (0u8, 0u8);
        for (i, s) in self.seats().iter().enumerate() {
            live |= u8::from(!s.folded) << i;
            active |= u8::from(s.active()) << i;
        }
        (live, active) == (self.live, self.active)
    }

    /// Adds an event to the history (when recording).
    #[inline]
    pub(crate) fn log(&mut self, event: Event) {
        if self.record {
            self.history.push(event);
        }
    }

    // ----- dealing ---------------------------------------------------------------------

    /// Takes the top card of the stub.
    pub(crate) fn take(&mut self) -> Option<u8> {
        if self.stub_len == 0 {
            return None;
        }
        self.stub_len -= 1;
        Some(self.stub[self.stub_len as usize])
    }

    pub(crate) fn card(i: u8) -> Card {
        Card::from_index(i64::from(i)).unwrap_or(Card::new(crate::Rank::Two, crate::Suit::Clubs))
    }

    pub(crate) fn deal_to(&mut self, seat: u8, up: bool) {
        if let Some(c) = self.take() {
            self.seats[seat as usize].push_card(c, up);
            self.log(Event::Deal {
                seat,
                card: Self::card(c),
                up,
            });
        }
    }

    pub(crate) fn burn(&mut self) {
        if self.cfg.options.burn_cards {
            if let Some(c) = self.take() {
                self.burns.insert(Self::card(c));
                self.log(Event::Burn {
                    card: Self::card(c),
                });
            }
        }
    }

    /// Shuffles `pool` into a fresh stub (with the hand's seeded generator).
    pub(crate) fn restock(&mut self, pool: CardSet) {
        let mut cards: Vec<Card> = pool.iter().collect();
        let mut rng = crate::deck::rng_for_seed(
            self.rng_seed ^ u64::from(self.reshuffles + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        crate::deck::shuffle(&mut cards, &mut rng);
        self.restock_in_order(&cards);
    }

    /// Makes `cards` (top first) the fresh stub, then puts the hand's chosen cards for this
    /// restock on top.
    pub(crate) fn restock_in_order(&mut self, cards: &[Card]) {
        self.reshuffles += 1;
        // Keep any cards still in the stub on top? No: the pool is the whole new stub.
        self.stub_len = 0;
        for c in cards.iter().rev() {
            self.stub[self.stub_len as usize] = c.index();
            self.stub_len += 1;
        }
        // The stub's top is its end: each card moved there in reverse order leaves the
        // first listed on top. The hand's own order for this restock first, then the
        // chance dealer's.
        let len = self.stub_len as usize;
        let order = self
            .restocks
            .get(self.reshuffles as usize - 1)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let pinned = std::mem::take(&mut self.pinned);
        for &c in order.iter().rev().chain(pinned.cards().iter().rev()) {
            if let Some(i) = self.stub[..len].iter().position(|&x| x == c) {
                self.stub[i..len].rotate_left(1);
            }
        }
    }

    // ----- forced bets and the flow of the hand ----------------------------------------

    /// Moves chips from a seat's stack into his bet (capped at his stack).
    pub(crate) fn put(&mut self, seat: u8, amount: u64) -> u64 {
        let s = &mut self.seats[seat as usize];
        let a = amount.min(s.stack);
        s.stack -= a;
        s.bet += a;
        s.total += a;
        self.sync_masks(seat);
        a
    }

    /// Posts the antes and blinds and deals, then plays on to the first decision.
    fn begin(&mut self) {
        let ante = self.cfg.stakes.ante;
        for seat in self.by_position(self.everyone()) {
            if ante > 0 {
                let s = &mut self.seats[seat as usize];
                let a = ante.min(s.stack);
                s.stack -= a;
                s.total += a;
                self.sync_masks(seat);
                self.log(Event::Ante { seat, amount: a });
            }
        }
        if self.cfg.game.is_stud() {
            self.deal_stud_initial();
        } else {
            self.post_blinds();
            for _ in 0..self.cfg.spec().street(0).down {
                for o in 0..self.n {
                    let seat = self.blind_seats().0;
                    let seat = (seat + o) % self.n;
                    self.deal_to(seat, false);
                }
            }
        }
        self.start_round();
        self.advance();
        self.refresh_legal();
    }

    /// Starts betting round `self.street`.
    pub(crate) fn start_round(&mut self) {
        self.phase = Phase::Betting;
        self.log(Event::Street {
            street: self.street,
            draw: false,
        });
        let fl = self.cfg.is_fixed_limit();
        let st = self.cfg.stakes;
        let big = self.cfg.spec().street(self.street).bet == BetUnit::Big;
        let mut round = Round {
            unit: if fl && big { st.big_bet } else { st.small_bet },
            r: st.min_bet,
            ..Round::default()
        };
        for s in &mut self.seats[..self.n as usize] {
            s.acted = false;
            s.last_c = 0;
        }
        let opener;
        if self.cfg.game.is_stud() {
            if self.street == 0 {
                round.bring_in_street = true;
                round.bring_in_pending = true;
                opener = self.bring_in_seat();
            } else {
                round.double_allowed = fl
                    && self.street == 1
                    && self.cfg.options.open_pair_double_bet
                    && self.any_open_pair();
                opener = self.best_showing_seat();
            }
        } else if self.street == 0 {
            let (_, bb) = self.blind_seats();
            round.c = st.big_blind;
            round.base = st.big_blind;
            round.r = st.min_bet.max(st.big_blind);
            round.opened = true;
            round.bets = 1;
            opener = (bb + 1) % self.n;
        } else {
            opener = (self.dealer + 1) % self.n;
        }
        if self.cfg.options.uncapped_heads_up == super::options::UncappedHeadsUp::RoundBeginsHeadsUp
            && self.active_count() <= 2
        {
            round.uncapped = true;
        }
        self.round = round;
        self.refresh_cap();
        // G-1.5.4: no betting when at most one player can act and nobody owes chips.
        let c = self.round.c;
        let owing = seats_of(self.active).any(|p| self.seats[p as usize].bet < c);
        if self.active_count() < 2 && !owing {
            self.actor = None;
            self.round.bring_in_pending = false;
            return;
        }
        self.final_opener = Some(opener);
        if self.round.bring_in_pending {
            // G-1.4.2: selection is by cards; a player without chips passes it clockwise.
            self.actor = clockwise(self.active, opener).next();
        } else {
            self.actor = self.next_actor_from(opener);
        }
    }

    /// The first seat from `from` (inclusive, clockwise; `from` may be `n`, for seat 0)
    /// that must act in this round.
    pub(crate) fn next_actor_from(&self, from: u8) -> Option<u8> {
        let c = self.round.c;
        let from = if from >= self.n { from - self.n } else { from };
        // A lone active player who has not acted need not: nobody is left to bet against.
        let alone = self.active.is_power_of_two();
        clockwise(self.active, from).find(|&p| {
            let s = &self.seats[p as usize];
            s.bet < c || (!s.acted && !alone)
        })
    }

    /// Runs automatic steps (closing rounds, dealing, draws start, showdown) until a
    /// player must act or the hand is over.
    #[inline]
    pub(crate) fn advance(&mut self) {
        // Most actions leave a player to act: that check stays inline in `apply`.
        if self.phase != Phase::Over && self.actor.is_none() {
            self.run_automatic_steps();
        }
    }

    /// [`GameState::advance`] once nobody is to act.
    #[inline(never)]
    fn run_automatic_steps(&mut self) {
        for _ in 0..64 {
            if self.phase == Phase::Over || self.actor.is_some() {
                return;
            }
            match self.phase {
                Phase::Betting => {
                    self.close_round();
                    if self.live_count() <= 1 {
                        self.award_uncontested();
                        return;
                    }
                    let rounds = self.cfg.spec().rounds();
                    if self.street + 1 >= rounds {
                        self.showdown();
                        return;
                    }
                    if self.cfg.game.is_stud() {
                        self.street += 1;
                        let betting = self.deal_stud_street();
                        if betting {
                            self.start_round();
                        } else {
                            self.showdown();
                            return;
                        }
                    } else {
                        self.start_draw();
                    }
                }
                Phase::Drawing => {
                    self.street += 1;
                    self.start_round();
                }
                Phase::Over => return,
            }
        }
    }

    /// Ends the betting round: returns uncalled chips and clears the round's bets.
    fn close_round(&mut self) {
        let n = self.n as usize;
        let mut top = 0;
        let mut top_seat = 0usize;
        for (i, s) in self.seats[..n].iter().enumerate() {
            if s.bet > top {
                top = s.bet;
                top_seat = i;
            }
        }
        let second = self.seats[..n]
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != top_seat)
            .map(|(_, s)| s.bet)
            .max()
            .unwrap_or(0);
        if top > second {
            let excess = top - second;
            let s = &mut self.seats[top_seat];
            s.bet -= excess;
            s.total -= excess;
            s.stack += excess;
            self.sync_masks(top_seat as u8);
            self.log(Event::Uncalled {
                seat: top_seat as u8,
                amount: excess,
            });
        }
        for s in &mut self.seats[..n] {
            s.bet = 0;
        }
        if self.round.any_action {
            self.final_aggressor = self.round.aggressor;
        }
        self.round.bring_in_pending = false;
    }

    // ----- the public action API -------------------------------------------------------

    /// What the player to act may do (all `false`/`None` when the hand is over).
    #[must_use]
    pub fn legal_actions(&self) -> LegalActions {
        self.legal
    }

    fn refresh_legal(&mut self) {
        self.legal = match (self.phase, self.actor) {
            (Phase::Drawing, Some(_)) => LegalActions {
                draw: true,
                ..LegalActions::default()
            },
            (Phase::Betting, Some(p)) => self.betting_options(p),
            _ => LegalActions::default(),
        };
    }

    /// Checks an action without applying it.
    pub fn check(&self, action: &Action) -> Result<(), ActionError> {
        self.resolve(*action).map(|_| ())
    }

    /// Applies an action; on error the state is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Event, ActionError> {
        let resolved = self.resolve(action)?;
        let event = self.perform(resolved);
        if self.record {
            self.actions.push(action);
        }
        self.advance();
        self.refresh_legal();
        debug_assert!(self.masks_agree(), "live/active masks out of step");
        Ok(event)
    }

    /// Validates an action and says what it does.
    fn resolve(&self, action: Action) -> Result<Resolved, ActionError> {
        let Some(p) = self.actor else {
            return Err(ActionError::HandOver);
        };
        match self.phase {
            Phase::Over => Err(ActionError::HandOver),
            Phase::Drawing => self.resolve_draw(p, action),
            Phase::Betting => self.resolve_bet(p, action),
        }
    }

    fn perform(&mut self, r: Resolved) -> Event {
        match r {
            Resolved::Timeout(p, inner) => {
                self.log(Event::Timeout { seat: p });
                let _ = self.perform_inner(inner.resolved(p));
                Event::Timeout { seat: p }
            }
            other => self.perform_inner(other),
        }
    }

    fn perform_inner(&mut self, r: Resolved) -> Event {
        let e = match r {
            Resolved::Fold(p) => self.do_fold(p),
            Resolved::Check(p) => self.do_check(p),
            Resolved::Call(p) => self.do_call(p),
            Resolved::BringIn(p) => self.do_bring_in(p),
            Resolved::Wager(p, to, complete) => self.do_wager(p, to, complete),
            Resolved::Draw(p, discards, timed_out) => self.do_draw(p, discards, timed_out),
            Resolved::Timeout(p, _) => Event::Timeout { seat: p },
        };
        self.log(e);
        e
    }

    /// Whether the structure is pot limit.
    pub(crate) fn pot_limit(&self) -> bool {
        self.cfg.structure == BettingStructure::PotLimit
    }

    /// All cards in the hand's places (stub, burns, muck, hands, board) as a check that
    /// every card is in exactly one place: returns the number of cards found twice.
    #[must_use]
    pub fn card_conflicts(&self) -> usize {
        let mut seen = CardSet::EMPTY;
        let mut dup = 0;
        let mut add = |c: Card| {
            if !seen.insert(c) {
                dup += 1;
            }
        };
        for &i in &self.stub[..self.stub_len as usize] {
            add(Self::card(i));
        }
        for c in self.burns.iter().chain(self.muck.iter()) {
            add(c);
        }
        for s in self.seats() {
            for c in s.cards() {
                add(c);
            }
        }
        if let Some(b) = self.board {
            add(b);
        }
        dup + (52 - seen.len())
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> GameKind {
        self.cfg.game
    }
}

/// A validated action, ready to perform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resolved {
    Fold(u8),
    Check(u8),
    Call(u8),
    BringIn(u8),
    /// Bet/raise/complete to a total; `true` = reported as a completion.
    Wager(u8, u64, bool),
    /// Discards; `true` = forced by a time-out.
    Draw(u8, CardSet, bool),
    Timeout(u8, TimedOut),
}

/// What a time-out does (G-1.5.6 in betting, D-7 in a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimedOut {
    Fold,
    Check,
    BringIn,
    /// Stand pat in a draw.
    StandPat,
}

impl TimedOut {
    /// The action the time-out takes for seat `p`.
    fn resolved(self, p: u8) -> Resolved {
        match self {
            TimedOut::Fold => Resolved::Fold(p),
            TimedOut::Check => Resolved::Check(p),
            TimedOut::BringIn => Resolved::BringIn(p),
            TimedOut::StandPat => Resolved::Draw(p, CardSet::EMPTY, true),
        }
    }
}
