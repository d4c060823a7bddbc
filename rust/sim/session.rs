//! Tournament-style sessions: consecutive hands of one game carrying the stacks.
//!
//! A [`Session`] follows the rules of Python's `holecard.Table`: before every hand the
//! seats with chips are dealt in, clockwise from the seat left of the dealer (stud: the
//! dealer box; 2-7: the button), so that seat is the hand's seat 0 and the dealer its last
//! seat; after the hand the button moves to the next seat clockwise that still has chips,
//! and so does a stud dealer box under `stud_dealer_position = ROTATING` (a `FIXED` box,
//! the default, stays: G-1.2.3).
//! A seat that loses its last chip is retired. A session ends when one seat has every
//! chip, or after `max_hands` hands. `levels` changes the table (stakes) by hand number,
//! like tournament levels.
//!
//! **Places.** The last seat left finishes first; seats retired in the same hand are
//! ranked by their stacks at the start of that hand (more chips, better place), then by
//! seat number; when `max_hands` stops a session, the seats still in are ranked by their
//! stacks, then by seat number, above every retired seat.
//!
//! **Determinism.** Session `s` of a run seeded with `seed` is seeded with
//! `hand_seed(seed, s)`, and its hand `h` is dealt and played from
//! `hand_seed(hand_seed(seed, s), h)` alone: the same seed gives the same totals whatever
//! the thread count or the chunks (consecutive ranges of sessions) the run is cut into.

use rayon::prelude::*;

use super::bots::{Context, Thresholds};
use super::totals::{Totals, Unit};
use super::{hand_seed, play_hand_in, Bot, SimError};
use crate::chunks::Covered;
use crate::control::Control;
use crate::game::options::StudDealerPosition;
use crate::game::{GameConfig, GameState, MAX_CHIPS, MAX_SEATS};
use crate::threads::with_threads;

/// The tables and seats of a session, validated.
#[derive(Debug, Clone)]
pub struct Session {
    /// `(first hand, table)`, ascending from `(0, _)`.
    levels: Vec<(u64, GameConfig)>,
    bots: Vec<Bot>,
    stacks: Vec<u64>,
    max_hands: Option<u64>,
    thresholds: Thresholds,
}

impl Session {
    /// Validates a session: 2 to the game's maximum seats, one bot per seat, at least two
    /// seats with chips, fewer than 2**58 chips in all, and levels of the same game that
    /// start after hand 0 and ascend.
    pub fn new(
        config: GameConfig,
        bots: Vec<Bot>,
        stacks: Vec<u64>,
        levels: &[(u64, GameConfig)],
        max_hands: Option<u64>,
    ) -> Result<Session, SimError> {
        let n = bots.len();
        let max = config.options.max_players as usize;
        if n < 2 || n > max {
            return Err(SimError(format!(
                "{} needs 2 to {max} players, got {n}",
                config.game.id()
            )));
        }
        if stacks.len() != n {
            return Err(SimError(format!(
                "stacks lists {} seats for {n} players",
                stacks.len()
            )));
        }
        if stacks.iter().filter(|&&s| s > 0).count() < 2 {
            return Err(SimError(format!(
                "a session needs two seats with chips, got {stacks:?}"
            )));
        }
        let total: u128 = stacks.iter().map(|&s| u128::from(s)).sum();
        if total > u128::from(MAX_CHIPS) {
            return Err(SimError(
                "the stacks must add up to less than 2**58 chips".into(),
            ));
        }
        if max_hands == Some(0) {
            return Err(SimError("max_hands must be at least 1".into()));
        }
        let mut all = vec![(0, config)];
        for &(hand, cfg) in levels {
            if cfg.game != config.game {
                return Err(SimError(format!(
                    "level at hand {hand} is {}, not {}",
                    cfg.game.id(),
                    config.game.id()
                )));
            }
            let last = all.last().map_or(0, |l| l.0);
            if hand <= last {
                return Err(SimError(format!(
                    "levels must start after hand 0 and ascend, got hand {hand} after {last}"
                )));
            }
            all.push((hand, cfg));
        }
        // Every level must be able to deal a hand to every seat count it may meet.
        for (_, cfg) in &all {
            for k in 2..=n {
                GameState::new(cfg, &vec![1; k], &crate::game::Start::default())
                    .map_err(|e| SimError(e.to_string()))?;
            }
        }
        Ok(Session {
            thresholds: Thresholds::new(&config),
            levels: all,
            bots,
            stacks,
            max_hands,
        })
    }

    /// The starting stacks.
    #[must_use]
    pub fn stacks(&self) -> &[u64] {
        &self.stacks
    }

    /// The table of hand `hand`.
    fn table_at(&self, hand: u64) -> &GameConfig {
        let i = self.levels.partition_point(|l| l.0 <= hand);
        &self.levels[i.max(1) - 1].1
    }

    /// Plays session number `session` of a run seeded with `seed` into `stats`; stops
    /// early (between hands) once `cancel` is set.
    fn play(
        &self,
        seed: u64,
        session: u64,
        stats: &mut Totals,
        cancel: &Control,
    ) -> Result<(), SimError> {
        let n = self.bots.len();
        let session_seed = hand_seed(seed, session);
        let mut stacks = self.stacks.clone();
        let mut dealer = n - 1;
        let mut ctx = Context::new(&self.thresholds, 0);
        let mut slot = None;
        // (hand of the bust, stack at the start of that hand) per retired seat.
        let mut retired: [Option<(u64, u64)>; MAX_SEATS] = [None; MAX_SEATS];
        let mut hand = 0u64;
        let alive = |stacks: &[u64]| stacks.iter().filter(|&&s| s > 0).count();
        while alive(&stacks) >= 2 && self.max_hands.is_none_or(|m| hand < m) {
            if cancel.is_cancelled() {
                return Ok(());
            }
            let mut seat_of = [0usize; MAX_SEATS];
            let mut bots = [Bot::Random; MAX_SEATS];
            let mut hand_stacks = [0u64; MAX_SEATS];
            let mut k = 0;
            for o in 1..=n {
                let s = (dealer + o) % n;
                if stacks[s] > 0 {
                    (seat_of[k], bots[k], hand_stacks[k]) = (s, self.bots[s], stacks[s]);
                    k += 1;
                }
            }
            ctx.reset(hand_seed(session_seed, hand));
            let cfg = self.table_at(hand);
            // Checked in `Session::new`: every level deals any seat count from 2 to n.
            let Ok(played) = play_hand_in(
                cfg,
                &bots[..k],
                &hand_stacks[..k],
                None,
                &mut ctx,
                &mut slot,
                false, // only the stacks are read: the hands' events are not recorded
            ) else {
                unreachable!("levels validated in Session::new")
            };
            for (i, s) in played.seats().iter().enumerate() {
                let seat = seat_of[i];
                stacks[seat] = s.stack;
                stats.seats[seat].hands += 1;
                if s.stack == 0 {
                    retired[seat] = Some((hand, hand_stacks[i]));
                }
            }
            hand += 1;
            // G-1.2.3: a fixed stud dealer box does not move; the 2-7 button always does.
            let fixed_box =
                cfg.game.is_stud() && cfg.options.stud_dealer_position == StudDealerPosition::Fixed;
            if !fixed_box && alive(&stacks) >= 2 {
                dealer = (1..=n)
                    .map(|o| (dealer + o) % n)
                    .find(|&s| stacks[s] > 0)
                    .unwrap_or(dealer);
            }
        }
        stats.sessions += 1;
        stats.hands += hand;
        stats.actions += ctx.actions;
        stats.unfinished += u64::from(alive(&stacks) >= 2);
        // Places: seats still in by stack, then the retired by bust hand and stack.
        let mut order: Vec<usize> = (0..n).collect();
        let key = |s: usize| match retired[s] {
            None if stacks[s] > 0 => (1u8, u64::MAX, stacks[s]),
            Some((h, start)) => (0, h, start),
            // Seated without chips: below everybody.
            None => (0, 0, 0),
        };
        order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
        for (place, &seat) in order.iter().enumerate() {
            let t = &mut stats.seats[seat];
            // Fewer than 2**58 chips in play: |net| < 2**58.
            t.add_result(
                i128::from(stacks[seat]) - i128::from(self.stacks[seat]),
                seat,
            )?;
            t.busts += u64::from(retired[seat].is_some());
            t.places[place] += 1;
        }
        Ok(())
    }
}

/// Plays sessions `first .. first + count` of the run seeded with `seed` and totals them;
/// `threads: None` uses every core. Stops early with an error once `cancel` is set.
pub fn simulate_sessions(
    session: &Session,
    first: u64,
    count: u64,
    seed: u64,
    threads: Option<usize>,
    cancel: &Control,
) -> Result<Totals, SimError> {
    super::check_run(threads, first, count, "sessions")?;
    let n = session.bots.len();
    cancel.set_total(count);
    let one = |s: u64| -> Result<Totals, SimError> {
        let mut stats = Totals::empty(Unit::Sessions, n, 0);
        stats.covered = Covered::of(first + s..first + s + 1);
        session.play(seed, first + s, &mut stats, cancel)?;
        cancel.advance(1);
        Ok(stats)
    };
    let total = with_threads(threads, || {
        (0..count)
            .into_par_iter()
            .filter(|_| !cancel.is_cancelled())
            .map(one)
            .try_reduce(
                || Totals::empty(Unit::Sessions, n, 0),
                |mut a, b| {
                    a.merge(&b)?;
                    Ok(a)
                },
            )
    })?;
    if cancel.is_cancelled() {
        return Err(SimError("interrupted".into()));
    }
    Ok(total)
}
