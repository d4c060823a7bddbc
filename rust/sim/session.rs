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
use super::{hand_seed, play_hand_in, Bot, SimError};
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

/// One seat's totals over a run of sessions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SessionSeatStats {
    /// Final stack minus starting stack, summed over sessions.
    pub net: i64,
    /// Sum of the squared per-session results.
    pub net_squared: u128,
    /// Hands the seat was dealt into.
    pub hands: u64,
    /// Sessions in which the seat lost its last chip.
    pub busts: u64,
    /// `places[k]`: sessions the seat finished in place `k + 1`.
    pub places: [u64; MAX_SEATS],
}

impl SessionSeatStats {
    fn add(&mut self, o: &SessionSeatStats) {
        self.net += o.net;
        self.net_squared += o.net_squared;
        self.hands += o.hands;
        self.busts += o.busts;
        for (a, b) in self.places.iter_mut().zip(o.places) {
            *a += b;
        }
    }
}

/// The totals of a run of sessions; they add up exactly ([`SessionStats::merge`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SessionStats {
    /// Sessions played.
    pub sessions: u64,
    /// Hands played in all.
    pub hands: u64,
    /// Sessions stopped by `max_hands` with two or more seats still in.
    pub unfinished: u64,
    /// Actions the bots took.
    pub actions: u64,
    /// Per-seat totals.
    pub seats: Vec<SessionSeatStats>,
}

impl SessionStats {
    /// No sessions yet, for `players` seats.
    #[must_use]
    pub fn empty(players: usize) -> SessionStats {
        SessionStats {
            sessions: 0,
            hands: 0,
            unfinished: 0,
            actions: 0,
            seats: vec![SessionSeatStats::default(); players],
        }
    }

    /// Adds another run's totals (of the same session) to these.
    pub fn merge(&mut self, o: &SessionStats) {
        self.sessions += o.sessions;
        self.hands += o.hands;
        self.unfinished += o.unfinished;
        self.actions += o.actions;
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.add(b);
        }
    }
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
    fn play(&self, seed: u64, session: u64, stats: &mut SessionStats, cancel: &Control) {
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
                return;
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
            let net = stacks[seat] as i64 - self.stacks[seat] as i64;
            t.net += net;
            t.net_squared += u128::from(net.unsigned_abs()) * u128::from(net.unsigned_abs());
            t.busts += u64::from(retired[seat].is_some());
            t.places[place] += 1;
        }
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
) -> Result<SessionStats, SimError> {
    super::check_run(threads, first, count, "sessions")?;
    let n = session.bots.len();
    cancel.set_total(count);
    let one = |s: u64| {
        let mut stats = SessionStats::empty(n);
        session.play(seed, first + s, &mut stats, cancel);
        cancel.advance(1);
        stats
    };
    let total = with_threads(threads, || {
        (0..count)
            .into_par_iter()
            .filter(|_| !cancel.is_cancelled())
            .map(one)
            .reduce(
                || SessionStats::empty(n),
                |mut a, b| {
                    a.merge(&b);
                    a
                },
            )
    });
    if cancel.is_cancelled() {
        return Err(SimError("interrupted".into()));
    }
    Ok(total)
}
