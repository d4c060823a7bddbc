//! The integer totals of a run, of `simulate`'s hands or of sessions: one type for both.
//!
//! Per seat a net and its sum of squares (128 bits), the hands it was dealt into and the
//! counts each unit keeps (hands and showdowns won per hand; busts and places per
//! session), and for the run its counts and the units it covers. Totals add exactly
//! ([`Totals::merge`]): a sum that would pass its type, or a unit counted twice, is an
//! error ([`SimError`]), never a wrapped number; [`Totals::check`] refuses totals no run
//! could give.

use std::fmt;

use super::SimError;
use crate::chunks::Covered;
use crate::game::{MAX_CHIPS, MAX_SEATS};

/// What a run counts: independent hands (`simulate`) or sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Hands, every seat's stack reset before each.
    Hands,
    /// Sessions of consecutive hands carrying the stacks.
    Sessions,
}

impl Unit {
    /// The word for the units, as errors name them.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Unit::Hands => "hands",
            Unit::Sessions => "sessions",
        }
    }
}

/// One seat's totals over a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatTotals {
    /// Net chips won (final minus starting stack), summed over the units.
    pub net: i128,
    /// Sum of the squared per-unit results (for the standard deviation).
    pub net_squared: u128,
    /// Hands the seat was dealt into.
    pub hands: u64,
    /// Hands in which the seat won all or part of a pot, or was the last player left.
    pub hands_won: u64,
    /// Hands the seat played to a showdown (two or more players left at the end).
    pub showdowns: u64,
    /// Showdowns in which the seat won all or part of a pot.
    pub showdowns_won: u64,
    /// Sessions in which the seat lost its last chip.
    pub busts: u64,
    /// `places[k]`: sessions the seat finished in place `k + 1`.
    pub places: [u64; MAX_SEATS],
}

impl SeatTotals {
    fn add(&mut self, o: &SeatTotals, seat: usize) -> Result<(), SimError> {
        self.net = sum(self.net.checked_add(o.net), "net", seat)?;
        self.add_square(o.net_squared, seat)?;
        let counts = [
            (&mut self.hands, o.hands, "hands"),
            (&mut self.hands_won, o.hands_won, "hands won"),
            (&mut self.showdowns, o.showdowns, "showdowns"),
            (&mut self.showdowns_won, o.showdowns_won, "showdowns won"),
            (&mut self.busts, o.busts, "busts"),
        ];
        for (a, b, what) in counts {
            *a = sum(a.checked_add(b), what, seat)?;
        }
        for (a, b) in self.places.iter_mut().zip(o.places) {
            *a = sum(a.checked_add(b), "places", seat)?;
        }
        Ok(())
    }

    fn add_square(&mut self, square: u128, seat: usize) -> Result<(), SimError> {
        self.net_squared = sum(
            self.net_squared.checked_add(square),
            "sum of squared results",
            seat,
        )?;
        Ok(())
    }

    /// Adds one unit's result `net` (of magnitude below 2**61: its square fits) for seat
    /// `seat`; an error when the sum of squares would pass 2**128 - 1.
    pub(crate) fn add_result(&mut self, net: i128, seat: usize) -> Result<(), SimError> {
        // The net cannot overflow: fewer than 2**64 units of less than 2**61 chips each.
        self.net += net;
        self.add_square(net.unsigned_abs() * net.unsigned_abs(), seat)
    }
}

/// The totals of a run (or of a part of it) and the units it covers.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Totals {
    /// What the run counts.
    pub unit: Unit,
    /// Sessions played (0 when the unit is the hand).
    pub sessions: u64,
    /// Hands played in all.
    pub hands: u64,
    /// Hands that ended in a showdown (counted when the unit is the hand).
    pub showdown_hands: u64,
    /// Sessions stopped by `max_hands` with two or more seats still in.
    pub unfinished: u64,
    /// Actions the bots took.
    pub actions: u64,
    /// Every seat's starting stack in every hand (hands; 0 for sessions, which start from
    /// the session's stacks).
    pub stack: u64,
    /// Per-seat totals.
    pub seats: Vec<SeatTotals>,
    /// The units counted.
    pub covered: Covered,
}

impl Totals {
    /// No units yet, for `players` seats with `stack` chips each (0 for sessions).
    #[must_use]
    pub fn empty(unit: Unit, players: usize, stack: u64) -> Totals {
        Totals {
            unit,
            sessions: 0,
            hands: 0,
            showdown_hands: 0,
            unfinished: 0,
            actions: 0,
            stack,
            seats: vec![SeatTotals::default(); players],
            covered: Covered::default(),
        }
    }

    /// Units counted: the hands, or the sessions.
    #[must_use]
    pub fn count(&self) -> u64 {
        match self.unit {
            Unit::Hands => self.hands,
            Unit::Sessions => self.sessions,
        }
    }

    /// Adds another run's totals (of the same table or session) to these: an error, and
    /// these totals left part-way, when they count other units or seats, share a unit, or
    /// a sum would overflow.
    pub fn merge(&mut self, o: &Totals) -> Result<(), SimError> {
        if o.unit != self.unit {
            return Err(SimError(format!(
                "cannot add the totals of {} and of {}",
                self.unit.name(),
                o.unit.name()
            )));
        }
        let (a, b) = (self.seats.len(), o.seats.len());
        if self.unit == Unit::Hands && (a != b || self.stack != o.stack) {
            return Err(SimError(format!(
                "cannot add the totals of different tables: {a} seats with stack {} and {b} \
                 seats with stack {}",
                self.stack, o.stack
            )));
        }
        if a != b {
            return Err(SimError(format!(
                "cannot add the totals of sessions of {a} and {b} seats"
            )));
        }
        let what = self.unit.name();
        self.covered = self.covered.union(&o.covered).map_err(|r| {
            SimError(format!(
                "{what} {}..{} counted twice (a chunk's totals were added twice)",
                r.start, r.end
            ))
        })?;
        let all = usize::MAX;
        let counts = [
            (&mut self.sessions, o.sessions, "sessions"),
            (&mut self.hands, o.hands, "hands"),
            (&mut self.showdown_hands, o.showdown_hands, "showdown hands"),
            (&mut self.unfinished, o.unfinished, "unfinished"),
            (&mut self.actions, o.actions, "actions"),
        ];
        for (a, b, what) in counts {
            *a = sum(a.checked_add(b), what, all)?;
        }
        for (i, (a, b)) in self.seats.iter_mut().zip(&o.seats).enumerate() {
            a.add(b, i)?;
        }
        Ok(())
    }

    /// Checks that these totals can be those of a run of their unit over the units they
    /// cover: counts within bounds, nets summing to zero, sums of squares possible, as
    /// many units covered as counted. The error names the first total that cannot be.
    pub fn check(&self) -> Result<(), SimError> {
        self.check_counts()?;
        self.check_covered()
    }

    /// [`Totals::check`] but for the units covered.
    pub fn check_counts(&self) -> Result<(), SimError> {
        let players = self.seats.len();
        if !(2..=MAX_SEATS).contains(&players) {
            return impossible(format!("{players} seats, not 2 to {MAX_SEATS}"));
        }
        let most = match self.unit {
            Unit::Hands => self.check_hands()?,
            Unit::Sessions => self.check_sessions()?,
        };
        check_nets(&self.seats, self.count(), most, self.unit.name())
    }

    /// An error unless the units covered are as many as those counted.
    pub fn check_covered(&self) -> Result<(), SimError> {
        let (n, what) = (self.count(), self.unit.name());
        if self.covered.count() != n {
            return Err(SimError(format!(
                "the totals count {n} {what} but cover {} ({})",
                self.covered.count(),
                self.covered.describe(what)
            )));
        }
        Ok(())
    }

    /// The checks of hands' totals; the most a seat's result in one hand can be.
    fn check_hands(&self) -> Result<u128, SimError> {
        let (n, stack) = (self.hands, self.stack);
        if stack == 0 || stack > MAX_CHIPS {
            return impossible(format!("a stack of {stack}, not 1 to 2**58 - 1"));
        }
        if self.sessions > 0 || self.unfinished > 0 {
            return impossible(format!(
                "{} sessions ({} unfinished) in totals of hands",
                self.sessions, self.unfinished
            ));
        }
        if self.showdown_hands > n {
            return impossible(format!("{} showdowns in {n} hands", self.showdown_hands));
        }
        for (i, s) in self.seats.iter().enumerate() {
            // Every seat is dealt every hand; it cannot bust or place.
            if s.hands != n || s.busts > 0 || s.places.iter().any(|&p| p > 0) {
                return impossible(format!(
                    "seat {i} was dealt {} of {n} hands, went bust {} times and has places",
                    s.hands, s.busts
                ));
            }
            if s.hands_won > n {
                return impossible(format!("seat {i} won {} of {n} hands", s.hands_won));
            }
            if s.showdowns > self.showdown_hands {
                return impossible(format!(
                    "seat {i} reached {} of {} showdowns",
                    s.showdowns, self.showdown_hands
                ));
            }
            if s.showdowns_won > s.showdowns.min(s.hands_won) {
                return impossible(format!(
                    "seat {i} won {} of {} showdowns ({} hands won)",
                    s.showdowns_won, s.showdowns, s.hands_won
                ));
            }
        }
        // Every hand has a winner; every showdown two players, and a winner.
        let total = |f: fn(&SeatTotals) -> u64| -> u128 {
            self.seats.iter().map(|s| u128::from(f(s))).sum()
        };
        let won = total(|s| s.hands_won);
        let reached = total(|s| s.showdowns);
        let sd_won = total(|s| s.showdowns_won);
        let showdowns = u128::from(self.showdown_hands);
        if won < u128::from(n) || reached < 2 * showdowns || sd_won < showdowns {
            return impossible(format!(
                "{won} hands won of {n}, {reached} seats at {showdowns} showdowns, \
                 {sd_won} showdowns won"
            ));
        }
        // A seat loses at most its stack, and wins at most every other seat's.
        Ok(u128::from(stack) * (self.seats.len() as u128 - 1))
    }

    /// The checks of sessions' totals; the most a seat's result in one session can be.
    fn check_sessions(&self) -> Result<u128, SimError> {
        let (n, players) = (self.sessions, self.seats.len());
        if self.stack != 0 || self.showdown_hands != 0 {
            return impossible(format!(
                "a stack of {} and {} showdown hands in totals of sessions",
                self.stack, self.showdown_hands
            ));
        }
        if self.unfinished > n {
            return impossible(format!("{} of {n} sessions unfinished", self.unfinished));
        }
        for (i, s) in self.seats.iter().enumerate() {
            if s.hands_won > 0 || s.showdowns > 0 || s.showdowns_won > 0 {
                return impossible(format!("seat {i} has hands won in totals of sessions"));
            }
            if s.busts > n {
                return impossible(format!("seat {i} went bust in {} of {n} sessions", s.busts));
            }
            if s.hands > self.hands {
                return impossible(format!(
                    "seat {i} was dealt {} of {} hands",
                    s.hands, self.hands
                ));
            }
            if let Some(k) = (players..MAX_SEATS).find(|&k| s.places[k] > 0) {
                return impossible(format!("seat {i} finished in place {} of {players}", k + 1));
            }
            let places: u128 = s.places.iter().map(|&p| u128::from(p)).sum();
            if places != u128::from(n) {
                return impossible(format!("seat {i} has {places} places in {n} sessions"));
            }
        }
        for k in 0..players {
            let count: u128 = self.seats.iter().map(|s| u128::from(s.places[k])).sum();
            if count != u128::from(n) {
                return impossible(format!(
                    "place {} is counted {count} times in {n} sessions",
                    k + 1
                ));
            }
        }
        // A session moves fewer than 2**58 chips (the most in play).
        Ok(u128::from(MAX_CHIPS))
    }
}

/// The fields each unit keeps, under the names of the runs' totals before they were one
/// type (the pinned session digests are of this text).
impl fmt::Debug for Totals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Seat<'a>(&'a SeatTotals, Unit);
        impl fmt::Debug for Seat<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let s = self.0;
                match self.1 {
                    Unit::Hands => f
                        .debug_struct("SeatStats")
                        .field("net", &s.net)
                        .field("net_squared", &s.net_squared)
                        .field("hands_won", &s.hands_won)
                        .field("showdowns", &s.showdowns)
                        .field("showdowns_won", &s.showdowns_won)
                        .finish(),
                    Unit::Sessions => f
                        .debug_struct("SessionSeatStats")
                        .field("net", &s.net)
                        .field("net_squared", &s.net_squared)
                        .field("hands", &s.hands)
                        .field("busts", &s.busts)
                        .field("places", &s.places)
                        .finish(),
                }
            }
        }
        let seats: Vec<Seat<'_>> = self.seats.iter().map(|s| Seat(s, self.unit)).collect();
        match self.unit {
            Unit::Hands => f
                .debug_struct("SimStats")
                .field("hands", &self.hands)
                .field("seats", &seats)
                .field("showdown_hands", &self.showdown_hands)
                .field("actions", &self.actions)
                .field("stack", &self.stack)
                .field("covered", &self.covered)
                .finish(),
            Unit::Sessions => f
                .debug_struct("SessionStats")
                .field("sessions", &self.sessions)
                .field("hands", &self.hands)
                .field("unfinished", &self.unfinished)
                .field("actions", &self.actions)
                .field("seats", &seats)
                .finish(),
        }
    }
}

fn impossible<T>(m: impl fmt::Display) -> Result<T, SimError> {
    Err(SimError(format!("impossible totals: {m}")))
}

/// A checked sum of `what` (of seat `seat`, unless it is `usize::MAX`): an error naming it
/// when it overflowed.
fn sum<T: MaxText>(total: Option<T>, what: &str, seat: usize) -> Result<T, SimError> {
    total.ok_or_else(|| {
        let whose = if seat == usize::MAX {
            String::new()
        } else {
            format!("seat {seat}'s ")
        };
        SimError(format!(
            "the totals overflow: {whose}{what} would pass {}: play fewer hands or smaller \
             stacks",
            T::MAX_TEXT
        ))
    })
}

/// How the largest value of a total's type is written in errors.
trait MaxText {
    const MAX_TEXT: &'static str;
}

impl MaxText for u64 {
    const MAX_TEXT: &'static str = "2**64 - 1";
}

impl MaxText for u128 {
    const MAX_TEXT: &'static str = "2**128 - 1";
}

impl MaxText for i128 {
    const MAX_TEXT: &'static str = "2**127 - 1";
}

/// Checks the seats' `(net, sum of squares)` over `n` units of `what`, each result of
/// magnitude at most `most`: the nets sum to zero and every sum of squares is possible.
fn check_nets(seats: &[SeatTotals], n: u64, most: u128, what: &str) -> Result<(), SimError> {
    let total = seats.iter().try_fold(0i128, |a, s| a.checked_add(s.net));
    if total != Some(0) {
        let total = total.map_or_else(|| "more than 2**127".into(), |t| t.to_string());
        return impossible(format!("the nets sum to {total}, not 0"));
    }
    for (i, s) in seats.iter().enumerate() {
        if !possible_squares(n, s.net, s.net_squared, Some(most)) {
            return impossible(format!(
                "seat {i}'s sum of squared results {} is impossible with a net of {} over \
                 {n} {what}",
                s.net_squared, s.net
            ));
        }
    }
    Ok(())
}

/// Whether `n` results (each of magnitude at most `most`, if given) can sum to `net` with
/// squares summing to `squares`: x² ≡ x (mod 2), x² ≥ |x|, and n·Σx² ≥ (Σx)² (Cauchy-Schwarz),
/// all in exact integers.
pub(crate) fn possible_squares(n: u64, net: i128, squares: u128, most: Option<u128>) -> bool {
    let a = net.unsigned_abs();
    if n == 0 {
        return a == 0 && squares == 0;
    }
    if squares % 2 != a % 2 || squares < a {
        return false;
    }
    // ceil(a² / n) with a = q·n + r: q²·n + 2·q·r + ceil(r² / n), r < n ≤ 2**64.
    let n = u128::from(n);
    let (q, r) = (a / n, a % n);
    let least = q
        .checked_mul(q)
        .and_then(|x| x.checked_mul(n))
        .and_then(|x| x.checked_add(q.checked_mul(r)?.checked_mul(2)?))
        .and_then(|x| x.checked_add((r * r).div_ceil(n)));
    if least.is_none_or(|least| squares < least) {
        return false;
    }
    most.is_none_or(|m| {
        n.checked_mul(m).is_none_or(|top| a <= top)
            && m.checked_mul(m)
                .and_then(|m2| m2.checked_mul(n))
                .is_none_or(|top| squares <= top)
    })
}
