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
use super::{check_nets, hand_seed, play_hand_in, sum, Bot, SimError};
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
    /// Final stack minus starting stack, summed over sessions (128 bits: never wraps).
    pub net: i128,
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
    fn add(&mut self, o: &SessionSeatStats, seat: usize) -> Result<(), SimError> {
        self.net = sum(self.net.checked_add(o.net), "net", seat)?;
        self.net_squared = sum(
            self.net_squared.checked_add(o.net_squared),
            "sum of squared results",
            seat,
        )?;
        self.hands = sum(self.hands.checked_add(o.hands), "hands", seat)?;
        self.busts = sum(self.busts.checked_add(o.busts), "busts", seat)?;
        for (a, b) in self.places.iter_mut().zip(o.places) {
            *a = sum(a.checked_add(b), "places", seat)?;
        }
        Ok(())
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

    /// Adds another run's totals (of the same session) to these; an error, and these
    /// totals left part-way, when a sum would overflow.
    pub fn merge(&mut self, o: &SessionStats) -> Result<(), SimError> {
        let all = usize::MAX;
        self.sessions = sum(self.sessions.checked_add(o.sessions), "sessions", all)?;
        self.hands = sum(self.hands.checked_add(o.hands), "hands", all)?;
        self.unfinished = sum(self.unfinished.checked_add(o.unfinished), "unfinished", all)?;
        self.actions = sum(self.actions.checked_add(o.actions), "actions", all)?;
        for (i, (a, b)) in self.seats.iter_mut().zip(&o.seats).enumerate() {
            a.add(b, i)?;
        }
        Ok(())
    }

    /// Checks that these totals can be those of sessions of their seats: counts within
    /// bounds, every place given once a session, nets summing to zero, sums of squares
    /// possible. The error names the first total that cannot be.
    pub fn check(&self) -> Result<(), SimError> {
        let (n, players) = (self.sessions, self.seats.len());
        let bad = |m: String| Err(SimError(format!("impossible totals: {m}")));
        if !(2..=MAX_SEATS).contains(&players) {
            return bad(format!("{players} seats, not 2 to {MAX_SEATS}"));
        }
        if self.unfinished > n {
            return bad(format!("{} of {n} sessions unfinished", self.unfinished));
        }
        for (i, s) in self.seats.iter().enumerate() {
            if s.busts > n {
                return bad(format!("seat {i} went bust in {} of {n} sessions", s.busts));
            }
            if s.hands > self.hands {
                return bad(format!(
                    "seat {i} was dealt {} of {} hands",
                    s.hands, self.hands
                ));
            }
            if let Some(k) = (players..MAX_SEATS).find(|&k| s.places[k] > 0) {
                return bad(format!("seat {i} finished in place {} of {players}", k + 1));
            }
            let places: u128 = s.places.iter().map(|&p| u128::from(p)).sum();
            if places != u128::from(n) {
                return bad(format!("seat {i} has {places} places in {n} sessions"));
            }
        }
        for k in 0..players {
            let count: u128 = self.seats.iter().map(|s| u128::from(s.places[k])).sum();
            if count != u128::from(n) {
                return bad(format!(
                    "place {} is counted {count} times in {n} sessions",
                    k + 1
                ));
            }
        }
        // A session moves fewer than 2**58 chips (the most in play).
        let nets: Vec<(i128, u128)> = self.seats.iter().map(|s| (s.net, s.net_squared)).collect();
        check_nets(&nets, n, u128::from(MAX_CHIPS), "sessions")
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
    fn play(
        &self,
        seed: u64,
        session: u64,
        stats: &mut SessionStats,
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
            // Fewer than 2**58 chips in play: |net| < 2**58, its square < 2**116.
            let net = i128::from(stacks[seat]) - i128::from(self.stacks[seat]);
            t.net += net;
            let square = net.unsigned_abs() * net.unsigned_abs();
            t.net_squared = sum(
                t.net_squared.checked_add(square),
                "sum of squared results",
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
) -> Result<SessionStats, SimError> {
    super::check_run(threads, first, count, "sessions")?;
    let n = session.bots.len();
    cancel.set_total(count);
    let one = |s: u64| -> Result<SessionStats, SimError> {
        let mut stats = SessionStats::empty(n);
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
                || SessionStats::empty(n),
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
