//! `equity`: showdown equity with the GIL released (the Python wrapper is
//! `holecard.equity`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use super::cards::extract_cards;
use super::error::{DuplicateCardError, InvalidHandError};
use super::guard::guarded;
use crate::card::Card;
use crate::control::NEVER;
use crate::equity::{self as core, EquityError, Game};
use crate::eval::FourStraight;

pyo3::import_exception!(holecard.exceptions, ConfigurationError);

impl From<EquityError> for PyErr {
    fn from(e: EquityError) -> PyErr {
        match e {
            EquityError::Duplicate { .. } => DuplicateCardError::new_err(e.to_string()),
            EquityError::PlayerCount(_)
            | EquityError::HandSize { .. }
            | EquityError::DeckTooSmall { .. } => InvalidHandError::new_err(e.to_string()),
            EquityError::UnknownGame(_)
            | EquityError::ZeroSamples
            | EquityError::ZeroThreads
            | EquityError::TooManyOutcomes(_) => ConfigurationError::new_err(e.to_string()),
            EquityError::Cancelled => pyo3::exceptions::PyKeyboardInterrupt::new_err(e.to_string()),
        }
    }
}

fn four_straight_mode(text: &str) -> PyResult<FourStraight> {
    text.parse()
        .map_err(|e: crate::error::EvalError| ConfigurationError::new_err(e.to_string()))
}

/// The raw result: shares, exact, outcomes, wins, ties, units, stderr.
type RawEquity = (Vec<f64>, bool, u64, Vec<u64>, Vec<u64>, Vec<u128>, Vec<f64>);

/// Work this small (completions or samples; a few milliseconds) runs on the calling thread
/// with the GIL released: handing it to an interruptible worker thread costs more than the
/// work itself, and it ends long before a Ctrl-C would matter.
const INLINE_WORK: u128 = 100_000;

/// Expected pot shares of `hands` in `game` (RULES §2, H-5): exact when `samples` is
/// `None`, otherwise seeded Monte Carlo. See `holecard.equity` for the documented API.
#[pyfunction]
#[pyo3(signature = (
    game, hands, *, dead = None, samples = None, seed = 0, threads = None,
    four_straight = "CONSECUTIVE", progress = None
))]
#[allow(clippy::too_many_arguments)]
pub fn equity(
    py: Python<'_>,
    game: &str,
    hands: &Bound<'_, PyAny>,
    dead: Option<&Bound<'_, PyAny>>,
    samples: Option<u64>,
    seed: u64,
    threads: Option<usize>,
    four_straight: &str,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<RawEquity> {
    guarded(|| {
        let game = Game::from_id(game, four_straight_mode(four_straight)?)?;
        if hands.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "hands must be a sequence of hands (e.g. [\"As Ah\", \"Kd Kc\"]), not one string",
            ));
        }
        let hands: Vec<Vec<Card>> = hands
            .try_iter()
            .map_err(|_| PyTypeError::new_err("hands must be an iterable of hands"))?
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
