//! `equity`: showdown equity with the GIL released (the Python wrapper is
//! `holecard.equity`).

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::args::{self, Callback, FourStraightArg, Samples, Seed, Threads};
use super::cards::extract_cards;
use super::error::ArgumentTypeError;
use super::guard::guarded;
use crate::card::Card;
use crate::control::NEVER;
use crate::equity::{self as core, Game};

/// The raw result: shares, exact, outcomes, wins, ties, units, stderr.
type RawEquity = (Vec<f64>, bool, u64, Vec<u64>, Vec<u64>, Vec<u128>, Vec<f64>);

/// Work this small (completions or samples; a few milliseconds) runs on the calling thread
/// with the GIL released: handing it to an interruptible worker thread costs more than the
/// work itself, and it ends long before a Ctrl-C would matter.
const INLINE_WORK: u128 = 100_000;

/// Expected pot shares of `hands` in `game` (docs/rules.md §2, H-5): exact when `samples` is
/// `None`, otherwise seeded Monte Carlo. See `holecard.equity` for the documented API.
#[pyfunction]
#[pyo3(signature = (
    game, hands, *, dead = None, samples = None, seed = Seed(0), threads = None,
    four_straight = None, progress = None
))]
#[allow(clippy::too_many_arguments, clippy::needless_pass_by_value)]
pub fn equity(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    hands: &Bound<'_, PyAny>,
    dead: Option<&Bound<'_, PyAny>>,
    samples: Option<Samples>,
    seed: Seed,
    threads: Option<Threads>,
    four_straight: Option<FourStraightArg>,
    progress: Option<Callback<'_>>,
) -> PyResult<RawEquity> {
    guarded(|| {
        let mode = four_straight.map_or(crate::eval::FourStraight::Consecutive, |m| m.0);
        let game = Game::from_id(args::text(game, "game")?.to_str()?, mode)?;
        if hands.is_instance_of::<PyString>() {
            return Err(ArgumentTypeError::new_err(
                "hands must be a sequence of hands (e.g. [\"As Ah\", \"Kd Kc\"]), not one string",
            ));
        }
        let (samples, seed, threads) = (samples.map(|s| s.0), seed.0, threads.map(|t| t.0));
        let progress = progress.as_ref().map(|p| &p.0);
        let hands: Vec<Vec<Card>> = hands
            .try_iter()
            .map_err(|_| args::wrong_type("hands", "an iterable of hands", hands))?
            .map(|h| extract_cards(&h?))
            .collect::<PyResult<_>>()?;
        let dead = match dead {
            Some(d) => extract_cards(d)?,
            None => Vec::new(),
        };
        let request = core::prepare(game, &hands, &dead, threads)?;
        let e = if progress.is_none() && request.work(samples) <= INLINE_WORK {
            py.detach(|| request.run(samples, seed, &NEVER))?
        } else {
            super::interrupt::interruptible_with_progress(py, progress, |cancel| {
                request.run(samples, seed, cancel)
            })??
        };
        Ok((
            e.shares, e.exact, e.outcomes, e.wins, e.ties, e.units, e.stderr,
        ))
    })
}
