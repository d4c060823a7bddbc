//! The consistency of an [`Equity`] record given from outside (a pickle, merged totals,
//! a record built by hand): its counts, shares and pot units must agree, as those of a
//! request always do.

use thiserror::Error;

use super::{Equity, MAX_PLAYERS, POT_UNITS};
use crate::game::{GameKind, VariantSpec};

/// What makes a record one no request could give; every message names the bad field.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RecordError {
    /// The per-player lists differ in length.
    #[error(
        "an Equity needs one share, win count, tie count, standard error and unit sum per \
         player: got {shares}, {wins}, {ties}, {stderr} and {units}"
    )]
    Lengths {
        /// Shares given.
        shares: usize,
        /// Win counts given.
        wins: usize,
        /// Tie counts given.
        ties: usize,
        /// Standard errors given.
        stderr: usize,
        /// Unit sums given.
        units: usize,
    },
    /// Fewer than two players, or more than [`MAX_PLAYERS`].
    #[error("an Equity has 2 to {MAX_PLAYERS} players, got {0}")]
    Players(usize),
    /// No outcome counted.
    #[error("an Equity counts at least one outcome, got 0")]
    NoOutcome,
    /// A hand's wins and ties are more than the outcomes.
    #[error("hand {hand}: {wins} wins and {ties} ties are more than the {outcomes} outcomes")]
    Counts {
        /// Zero-based index of the hand.
        hand: usize,
        /// Its wins.
        wins: u64,
        /// Its ties.
        ties: u64,
        /// The outcomes counted.
        outcomes: u64,
    },
    /// A share outside 0..=1.
    #[error("shares must be from 0 to 1, got {0}")]
    Share(f64),
    /// A standard error that is negative or not finite (NaN is allowed from one sample).
    #[error("standard errors must be finite and not negative, got {0}")]
    Stderr(f64),
    /// The units do not pay out the pot of every outcome.
    #[error(
        "units must add up to the pot of every outcome, {outcomes} x {POT_UNITS} = {pot}, \
         got {}", paid.map_or_else(|| "more".to_string(), |p| p.to_string())
    )]
    Units {
        /// The outcomes counted.
        outcomes: u64,
        /// Their pot units.
        pot: u128,
        /// The units paid, `None` when their sum passes 128 bits.
        paid: Option<u128>,
    },
    /// Low units in a game whose pot has no low half.
    #[error("low_units: {0} has no low half (only stud8 has)")]
    NoLowHalf(&'static str),
    /// Low units not one per player, or one above the player's units.
    #[error(
        "low_units needs one count per player ({players}), none above his units: got \
         {low:?} for units {units:?}"
    )]
    LowUnits {
        /// The players.
        players: usize,
        /// The low units given.
        low: Vec<u128>,
        /// The units given.
        units: Vec<u128>,
    },
}

impl Equity {
    /// Checks that the record's counts, shares and pot units agree, as a request's do.
    ///
    /// # Errors
    /// The first [`RecordError`] found (the lengths first, the low units not at all: see
    /// [`Equity::check_for`]).
    pub fn check(&self) -> Result<(), RecordError> {
        let Equity {
            shares,
            exact,
            outcomes,
            wins,
            ties,
            stderr,
            units,
            ..
        } = self;
        let (exact, outcomes) = (*exact, *outcomes);
        let n = shares.len();
        if [wins.len(), ties.len(), stderr.len(), units.len()] != [n; 4] {
            return Err(RecordError::Lengths {
                shares: n,
                wins: wins.len(),
                ties: ties.len(),
                stderr: stderr.len(),
                units: units.len(),
            });
        }
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(RecordError::Players(n));
        }
        if outcomes == 0 {
            return Err(RecordError::NoOutcome);
        }
        for (hand, (&w, &t)) in wins.iter().zip(ties).enumerate() {
            if w.checked_add(t).is_none_or(|wt| wt > outcomes) {
                return Err(RecordError::Counts {
                    hand,
                    wins: w,
                    ties: t,
                    outcomes,
                });
            }
        }
        if let Some(&s) = shares.iter().find(|s| !(0.0..=1.0).contains(*s)) {
            return Err(RecordError::Share(s));
        }
        // One sample has no spread to estimate: its standard errors are NaN.
        let unknown_spread = !exact && outcomes < 2;
        if let Some(&e) = stderr
            .iter()
            .find(|e| !(e.is_finite() && **e >= 0.0 || unknown_spread && e.is_nan()))
        {
            return Err(RecordError::Stderr(e));
        }
        // Every outcome pays out the whole pot: the units add up to outcomes x POT_UNITS.
        let pot = u128::from(outcomes) * u128::from(POT_UNITS);
        let paid = units.iter().try_fold(0u128, |a, &u| a.checked_add(u));
        if paid != Some(pot) {
            return Err(RecordError::Units {
                outcomes,
                pot,
                paid,
            });
        }
        Ok(())
    }

    /// [`Equity::check`], then that low units are given only where the pot of `game` has
    /// a low half (the spec's hi/lo showdown), one per player and none above his units.
    ///
    /// # Errors
    /// The first [`RecordError`] found.
    pub fn check_for(&self, game: GameKind) -> Result<(), RecordError> {
        self.check()?;
        let Some(low) = &self.low_units else {
            return Ok(());
        };
        let spec = VariantSpec::of(game);
        if !spec.showdown.is_hilo() {
            return Err(RecordError::NoLowHalf(spec.id));
        }
        let units = &self.units;
        let players = self.shares.len();
        if low.len() != players || low.iter().zip(units).any(|(l, u)| l > u) {
            return Err(RecordError::LowUnits {
                players,
                low: low.clone(),
                units: units.clone(),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two players, four exact outcomes: player 0 wins three, they split one.
    fn record() -> Equity {
        let pot = u128::from(POT_UNITS);
        Equity {
            shares: vec![0.875, 0.125],
            exact: true,
            outcomes: 4,
            wins: vec![3, 0],
            ties: vec![1, 1],
            units: vec![3 * pot + pot / 2, pot / 2],
            low_units: None,
            stderr: vec![0.0, 0.0],
        }
    }

    #[test]
    fn a_consistent_record_passes_and_each_fault_is_named() {
        assert_eq!(record().check(), Ok(()));
        let mut e = record();
        e.ties[1] = 5;
        assert_eq!(
            e.check().map_err(|e| e.to_string()),
            Err("hand 1: 0 wins and 5 ties are more than the 4 outcomes".to_string())
        );
        let mut e = record();
        e.units[1] += 1;
        assert!(matches!(
            e.check(),
            Err(RecordError::Units { outcomes: 4, .. })
        ));
        let mut e = record();
        e.stderr.pop();
        assert!(matches!(
            e.check(),
            Err(RecordError::Lengths { stderr: 1, .. })
        ));
    }

    #[test]
    fn low_units_only_where_the_spec_splits_the_pot_high_low() {
        let mut e = record();
        e.low_units = Some(vec![0, 0]);
        assert_eq!(e.check_for(GameKind::Stud8), Ok(()));
        for game in [
            GameKind::Stud,
            GameKind::Razz,
            GameKind::Soko,
            GameKind::DeuceSeven,
        ] {
            assert_eq!(
                e.check_for(game),
                Err(RecordError::NoLowHalf(VariantSpec::of(game).id))
            );
        }
        e.low_units = Some(vec![0, u128::MAX]);
        assert!(matches!(
            e.check_for(GameKind::Stud8),
            Err(RecordError::LowUnits { players: 2, .. })
        ));
    }
}
