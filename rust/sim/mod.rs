//! Self-play simulation: whole hands played by the rules engine with built-in bots.
//!
//! [`simulate`] deals `hands` hands of one table, each played from the first forced bet to
//! the award of the pots by [`GameState`] (every action is validated by the engine, exactly
//! as for a human player), and totals per-seat results.
//!
//! **Stacks** reset every hand to `stack` chips (default [`DEFAULT_STACK_BIG_BETS`] big bets),
//! so every hand is an independent sample.
//!
//! **Seats.** Bot `i` sits in seat `i` for the whole run. In 2-7 the button moves one seat
//! clockwise every hand: hand `h` has the button on seat `(players - 1 + h) % players`, so
//! hand 0 uses the engine's default (seat 0 posts the small blind) and every seat takes
//! every position equally often. In the stud games the dealer box stays before seat 0
//! (`stud_dealer_position = FIXED`, docs/rules.md G-1.2.3): the bring-in and the first to act come
//! from the cards, so position rotates by itself; with `stud_dealer_position = ROTATING`
//! the box moves one seat per hand like the 2-7 button.
//!
//! **Determinism.** Hand `h` is dealt and played from a seed derived from `(seed, h)` alone
//! (see [`hand_seed`]); the hands are split into jobs (of [`JOB_HANDS`] hands, or fewer
//! at a table that costs more) that run on rayon's threads, and every total is an integer
//! sum. So the same seed gives the same result whatever the thread count or the job size,
//! and a run split into consecutive ranges (see [`simulate_range`]) adds up to the same
//! totals as one run.
//!
//! **Totals never wrap.** The run's [`Totals`] (the type sessions total in too) sum nets in
//! 128 bits (a hand moves less than 2**61 chips, a run has fewer than 2**64 hands); a sum of
//! squares, or a count added to another run's, that would pass its type is an error
//! ([`SimError`]), not a wrapped number.

mod bots;
mod d7_rollout;
pub mod decide;
mod equity_bot;
pub mod session;
pub mod totals;

use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use thiserror::Error;

use crate::chunks::Covered;
use crate::control::{Control, NEVER};
use crate::deck::rng_for_seed;
use crate::game::{GameConfig, GameKind, GameState, Start, MAX_CHIPS};
use crate::threads::with_threads;

pub use bots::Bot;
use bots::{Context, Thresholds};
pub use totals::{SeatTotals, Totals, Unit};

/// Most hands per parallel job.
pub const JOB_HANDS: u64 = 512;

/// About how long a parallel job lasts, in seconds: expensive tables (equity bots) get
/// fewer hands per job, so that a short run still uses every thread and a cancelled one
/// stops within a job.
const JOB_SECONDS: f64 = 0.02;

/// The default starting stack, in big bets.
pub const DEFAULT_STACK_BIG_BETS: u64 = 100;

/// A simulation that cannot run: bad player count, bot list or stack.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SimError(pub String);

/// A table to simulate: the game, the bots in seat order and the starting stack.
#[derive(Debug, Clone)]
pub struct Table {
    config: GameConfig,
    bots: Vec<Bot>,
    stack: u64,
    thresholds: Thresholds,
}

impl Table {
    /// Validates a table: 2 to `max_players` bots and a positive stack (`None`: 100 big
    /// bets).
    pub fn new(config: GameConfig, bots: Vec<Bot>, stack: Option<u64>) -> Result<Table, SimError> {
        let n = bots.len();
        let max = config.options.max_players as usize;
        if n < 2 || n > max {
            return Err(SimError(format!(
                "{} needs 2 to {max} players, got {n}",
                config.game.id()
            )));
        }
        let stack = stack.unwrap_or(config.stakes.big_bet.saturating_mul(DEFAULT_STACK_BIG_BETS));
        if stack == 0 {
            return Err(SimError("stack must be positive".into()));
        }
        if stack > MAX_CHIPS {
            return Err(SimError("stack must be below 2**58 chips".into()));
        }
        // A hand must be startable: let the engine validate the stacks once.
        GameState::new(&config, &vec![stack; n], &Start::default())
            .map_err(|e| SimError(e.to_string()))?;
        Ok(Table {
            thresholds: Thresholds::new(&config),
            config,
            bots,
            stack,
        })
    }

    /// The game table.
    #[must_use]
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The bots, in seat order.
    #[must_use]
    pub fn bots(&self) -> &[Bot] {
        &self.bots
    }

    /// The starting stack of every seat in every hand.
    #[must_use]
    pub fn stack(&self) -> u64 {
        self.stack
    }

    /// The estimated time of one hand at this table on one core (see [`hand_seconds`]).
    #[must_use]
    pub fn hand_seconds(&self) -> f64 {
        hand_seconds(self.config.game, &self.bots)
    }

    /// Hands per parallel job: [`JOB_HANDS`], or fewer, down to one, so that a job lasts
    /// about [`JOB_SECONDS`].
    // Rounded from a positive estimate no greater than JOB_HANDS (512: exact in an f64).
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    fn job_hands(&self) -> u64 {
        let hands = (JOB_SECONDS / self.hand_seconds()).round();
        if hands >= JOB_HANDS as f64 {
            JOB_HANDS
        } else {
            (hands as u64).max(1)
        }
    }

    /// Plays hand number `hand` of a run seeded with `seed` and returns the final state.
    #[must_use]
    pub fn play_hand(&self, seed: u64, hand: u64) -> GameState {
        let mut ctx = Context::new(&self.thresholds, hand_seed(seed, hand));
        let mut slot = None;
        self.play(&mut ctx, hand, &mut slot, true);
        let Some(state) = slot else {
            unreachable!("play leaves the hand in the slot")
        };
        state
    }

    /// Plays hand `hand` in `slot` (reusing the state there, if any), keeping its events
    /// and actions if `record`.
    fn play<'s>(
        &self,
        ctx: &mut Context<'_>,
        hand: u64,
        slot: &'s mut Option<GameState>,
        record: bool,
    ) -> &'s GameState {
        let n = self.bots.len();
        let stacks = [self.stack; crate::game::MAX_SEATS];
        let rotate = self.config.dealer_moves();
        let dealer = rotate.then(|| ((n as u64 - 1 + hand) % n as u64) as u8);
        // Validated in `Table::new`; the same stacks and a legal dealer cannot fail.
        let Ok(state) = play_hand_in(
            &self.config,
            &self.bots,
            &stacks[..n],
            dealer,
            ctx,
            slot,
            record,
        ) else {
            unreachable!("table validated in Table::new")
        };
        state
    }

    /// Plays hands `first .. first + count` of a run seeded with `seed`, on one thread.
    fn run_serial(&self, seed: u64, first: u64, count: u64) -> Result<Totals, SimError> {
        let mut stats = Totals::empty(Unit::Hands, self.bots.len(), self.stack);
        stats.covered = Covered::of(first..first + count);
        let mut ctx = Context::new(&self.thresholds, 0);
        let mut slot = None;
        for h in first..first + count {
            ctx.reset(hand_seed(seed, h));
            // Only the totals are kept: the hand's events and actions are not recorded.
            let hand = self.play(&mut ctx, h, &mut slot, false);
            record(&mut stats, hand)?;
        }
        // At most a few hundred actions a hand, fewer than 2**64 hands a job: no overflow
        // that a run could reach in centuries.
        stats.actions = ctx.actions;
        Ok(stats)
    }
}

/// Deals a hand of `cfg` from `stacks` (the bot of hand seat `i` is `bots[i]`) with the
/// dealer at `dealer` (`None`: the last seat) and the deck of `ctx.seed`, in `slot`
/// (reusing the state there), and plays it out; `record`: keep the hand's events and
/// actions (a new slot only: a reused state keeps its setting), which a table with an
/// equity bot always does.
fn play_hand_in<'s>(
    cfg: &GameConfig,
    bots: &[Bot],
    stacks: &[u64],
    dealer: Option<u8>,
    ctx: &mut Context<'_>,
    slot: &'s mut Option<GameState>,
    record: bool,
) -> Result<&'s GameState, crate::game::ConfigError> {
    let start = Start {
        seed: Some(ctx.seed),
        deck: None,
        dealer,
        restocks: Vec::new(),
    };
    // The equity bot reads the opponents' draws from the history (2-7).
    let record = record || bots.contains(&Bot::Equity);
    let state = match slot {
        Some(state) => {
            state.restart(cfg, stacks, &start)?;
            state
        }
        None => slot.insert(GameState::new_recording(cfg, stacks, &start, record)?),
    };
    while let Some(seat) = state.actor() {
        let action = bots[seat as usize].act(state, seat, ctx);
        if state.apply(action).is_err() {
            // A bot bug must not stall the run: fall back to the engine's time-out,
            // which is always legal (check/fold, or stand pat).
            let _ = state.apply(crate::game::Action::Timeout);
            debug_assert!(
                false,
                "bot {:?} chose an illegal {action:?}",
                bots[seat as usize]
            );
        }
        ctx.actions += 1;
    }
    Ok(state)
}

/// Adds the result of a finished hand to `totals`; an error when a seat's sum of squares
/// would pass 2**128 - 1 (the counts cannot overflow: one per hand).
fn record(totals: &mut Totals, hand: &GameState) -> Result<(), SimError> {
    let players = hand.seats();
    let live = players.iter().filter(|s| !s.folded).count();
    let showdown = live >= 2;
    totals.hands += 1;
    totals.showdown_hands += u64::from(showdown);
    for (i, (t, s)) in totals.seats.iter_mut().zip(players).enumerate() {
        // Below 2**58 chips a stack, at most eight seats: |net| < 2**61.
        t.add_result(i128::from(s.stack) - i128::from(s.start_stack), i)?;
        t.hands += 1;
        // A pot share, or the last player left (also when the pot was only his own bet).
        let won = s.won > 0 || (live == 1 && !s.folded);
        t.hands_won += u64::from(won);
        if showdown && !s.folded {
            t.showdowns += 1;
            t.showdowns_won += u64::from(won);
        }
    }
    Ok(())
}

/// The seed of hand `hand` in a run seeded with `seed` (SplitMix64 of both).
#[must_use]
pub fn hand_seed(seed: u64, hand: u64) -> u64 {
    splitmix64(splitmix64(seed) ^ hand.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays `hands` hands (numbers `0 .. hands`) and totals the results. `threads: None` uses
/// every core; the result does not depend on it.
pub fn simulate(
    table: &Table,
    hands: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<Totals, SimError> {
    simulate_range(table, 0, hands, seed, threads)
}

/// Plays hands `first .. first + hands` of the run seeded with `seed`. Consecutive ranges
/// add up (with [`Totals::merge`]) to the totals of one run over their union.
pub fn simulate_range(
    table: &Table,
    first: u64,
    hands: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<Totals, SimError> {
    simulate_range_cancellable(table, first, hands, seed, threads, &NEVER)
}

/// [`simulate_range`] that stops early (with an error) once `cancel` is set; each worker
/// checks it between jobs (of [`JOB_HANDS`] hands or, at tables that cost more, fewer).
pub fn simulate_range_cancellable(
    table: &Table,
    first: u64,
    hands: u64,
    seed: u64,
    threads: Option<usize>,
    cancel: &Control,
) -> Result<Totals, SimError> {
    check_run(threads, first, hands, "hands")?;
    let job_hands = table.job_hands();
    let jobs = hands.div_ceil(job_hands);
    cancel.set_total(hands);
    let job = |j: u64| {
        let start = j * job_hands;
        let count = job_hands.min(hands - start);
        let stats = table.run_serial(seed, first + start, count);
        cancel.advance(count);
        stats
    };
    // Merged as the jobs finish: memory stays that of one block, however long the run.
    let mut total = Totals::empty(Unit::Hands, table.bots.len(), table.stack);
    // Always on a pool's thread: the equity bot's estimates run there inline.
    with_threads(threads, || -> Result<(), SimError> {
        if threads == Some(1) || jobs <= 1 {
            for j in (0..jobs).take_while(|_| !cancel.is_cancelled()) {
                total.merge(&job(j)?)?;
            }
        } else {
            // Block after block, so that a cancel ends the run within a block instead of
            // every thread stepping through the rest of up to 2**64 jobs.
            let mut start = 0;
            while start < jobs && !cancel.is_cancelled() {
                let end = jobs.min(start.saturating_add(PARALLEL_BLOCK_JOBS));
                let block: Vec<Result<Totals, SimError>> = (start..end)
                    .into_par_iter()
                    .filter(|_| !cancel.is_cancelled())
                    .map(job)
                    .collect();
                for part in block {
                    total.merge(&part?)?;
                }
                start = end;
            }
        }
        Ok(())
    })?;
    if cancel.is_cancelled() {
        return Err(SimError("interrupted".into()));
    }
    Ok(total)
}

/// Jobs handed to the pool at a time: enough to keep every thread busy between two
/// blocks, few enough that a cancel is seen within one.
const PARALLEL_BLOCK_JOBS: u64 = 4096;

/// Checks a run's thread count and that units `first .. first + count` (of `what`) exist.
fn check_run(threads: Option<usize>, first: u64, count: u64, what: &str) -> Result<(), SimError> {
    if threads == Some(0) {
        return Err(SimError("threads must be at least 1".into()));
    }
    if first.checked_add(count).is_none() {
        return Err(SimError(format!("too many {what}")));
    }
    Ok(())
}

impl FromStr for Bot {
    type Err = SimError;
    /// A bot by its [`Bot::name`], ignoring case, surrounding space and `-` for `_`.
    fn from_str(s: &str) -> Result<Bot, SimError> {
        let key = s.trim().to_ascii_lowercase().replace('-', "_");
        Bot::ALL
            .into_iter()
            .find(|b| b.name() == key)
            .ok_or_else(|| {
                let names: Vec<&str> = Bot::ALL.iter().map(|b| b.name()).collect();
                SimError(format!(
                    "unknown bot '{s}' (expected one of {})",
                    names.join(", ")
                ))
            })
    }
}

impl fmt::Display for Bot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The estimated time of one hand of `game` with `bots` on one core, in seconds: what
/// sizes parallel jobs here and executor chunks in Python.
#[must_use]
pub fn hand_seconds(game: GameKind, bots: &[Bot]) -> f64 {
    bots.iter().map(|b| b.seat_hand_seconds(game)).sum()
}

/// A generator for bot decisions, separate from the deck's.
fn bot_rng(seed: u64) -> ChaCha8Rng {
    rng_for_seed(seed ^ 0x5851_f42d_4c95_7f2d)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod soak;

#[cfg(test)]
mod pinned;
