//! Arguments read from Python with holecard's errors instead of PyO3's built-in ones.
//!
//! PyO3's own extraction of a `u64`, `usize` or `&str` raises a bare `OverflowError` or
//! `TypeError`. The newtypes and helpers here raise `ArgumentTypeError` for a value of the
//! wrong type and `ConfigurationError` (a seat or deal count: `IndexOutOfRangeError`; a
//! card index: `CardParseError`) for a number out of range, each message naming the
//! argument, the accepted range and the value given. PyO3 passes an extraction error
//! through unchanged (it only adds a note naming the argument), so a newtype argument
//! costs what the plain integer did: one `extract::<u64>()` and a range check.

use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

use super::error::{self, ConfigurationError};
use crate::eval::FourStraight;
use crate::game::{GameKind, VariantSpec};

pub(crate) use super::error::{wrong_type, OutOfRange};

/// `obj` as a whole number in `min..=max`, or the error naming `name` and the range.
/// `bool` is refused (a flag is not a count), objects with `__index__` are accepted.
pub(crate) fn whole(
    obj: &Bound<'_, PyAny>,
    name: &str,
    min: u64,
    max: u64,
    kind: OutOfRange,
) -> PyResult<u64> {
    let range = (name, min, max);
    let out_of_range = |got: String| error::not_in_range(range, kind, &got);
    if obj.is_instance_of::<PyBool>() {
        return Err(error::not_a_whole_number(range, obj));
    }
    match obj.extract::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        Ok(v) => Err(out_of_range(v.to_string())),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(out_of_range(
            obj.str()
                .map_or_else(|_| "?".to_string(), |s| s.to_string()),
        )),
        Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) => {
            Err(error::not_a_whole_number(range, obj))
        }
        Err(e) => Err(e),
    }
}

/// [`Position`] kinds: a seat at the table.
pub(crate) const SEAT: usize = 0;
/// [`Position`] kinds: a number of cards to deal.
pub(crate) const DEAL_COUNT: usize = 1;
/// The argument name of each [`Position`] kind.
const POSITION_NAMES: [&str; 2] = ["seat", "count"];

/// A position whose range is known only in the call (a seat, a number of cards to deal):
/// the type is checked when the argument is read, the range by [`Position::check`]; both
/// errors name the argument (`POSITION_NAMES[KIND]`).
#[derive(Clone, Debug)]
pub(crate) struct Position<const KIND: usize> {
    /// The number, or the text of an integer too large or negative for a `u64`.
    value: Result<u64, String>,
}

impl<const KIND: usize> Position<KIND> {
    /// The position `n`.
    pub(crate) const fn of(n: u64) -> Self {
        Self { value: Ok(n) }
    }

    /// The position, if it is at most `max`; else `IndexOutOfRangeError`.
    pub(crate) fn check(&self, max: u64) -> PyResult<u64> {
        match &self.value {
            Ok(v) if *v <= max => Ok(*v),
            Ok(v) => Err(position_error(POSITION_NAMES[KIND], max, &v.to_string())),
            Err(text) => Err(position_error(POSITION_NAMES[KIND], max, text)),
        }
    }
}

#[cold]
fn position_error(name: &str, max: u64, got: &str) -> PyErr {
    error::not_in_range((name, 0, max), OutOfRange::Index, got)
}

impl<'a, 'py, const KIND: usize> FromPyObject<'a, 'py> for Position<KIND> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let name = POSITION_NAMES[KIND];
        if obj.is_instance_of::<PyBool>() {
            return Err(wrong_type(name, "a whole number", &obj));
        }
        match obj.extract::<u64>() {
            Ok(v) => Ok(Self::of(v)),
            Err(e) if e.is_instance_of::<PyOverflowError>(py) => Ok(Self {
                value: Err(obj
                    .str()
                    .map_or_else(|_| "?".to_string(), |s| s.to_string())),
            }),
            Err(e) if e.is_instance_of::<PyTypeError>(py) => {
                Err(wrong_type(name, "a whole number", &obj))
            }
            Err(e) => Err(e),
        }
    }
}

/// A yes/no argument named `name`: `True` or `False` (NumPy's `bool_` too); anything else
/// is an `ArgumentTypeError` naming the argument rather than a guess at its truth.
pub(crate) fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.extract::<bool>()
        .map_err(|_| wrong_type(name, "True or False", obj))
}

/// The `validate=` flag of the batch evaluators (see [`flag`]).
pub(crate) fn validate_flag(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(obj, "validate")
}

/// The `soko_four_card_hands=` flag of `evaluate_showing` (see [`flag`]).
pub(crate) fn soko_four_card_hands_flag(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(obj, "soko_four_card_hands")
}

/// The `folded=` flag of `Player` (see [`flag`]).
pub(crate) fn folded_flag(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(obj, "folded")
}

/// A `progress=` callback: anything callable; anything else is an `ArgumentTypeError`
/// when the call starts, not a `TypeError` from deep inside the run.
#[derive(Clone, Debug)]
pub(crate) struct Callback<'py>(pub(crate) Bound<'py, PyAny>);

impl<'a, 'py> FromPyObject<'a, 'py> for Callback<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_callable() {
            Ok(Self(obj.to_owned()))
        } else {
            Err(wrong_type(
                "progress",
                "callable as progress(done, total), or None",
                &obj,
            ))
        }
    }
}

/// `obj` as text, or `ArgumentTypeError` naming `name`.
pub(crate) fn text<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, PyString>> {
    obj.cast::<PyString>()
        .cloned()
        .map_err(|_| wrong_type(name, "text (a str)", obj))
}

/// Defines a newtype read as a whole number in a fixed range.
macro_rules! whole_number_arg {
    ($(#[$doc:meta])* $ty:ident($inner:ty), $name:literal, $min:expr, $max:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $ty(pub(crate) $inner);

        impl<'a, 'py> FromPyObject<'a, 'py> for $ty {
            type Error = PyErr;

            fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
                let v = whole(&obj, $name, $min, $max, OutOfRange::Configuration)?;
                // In range, so the conversion cannot fail.
                Ok(Self(<$inner>::try_from(v).unwrap_or(<$inner>::MAX)))
            }
        }
    };
}

whole_number_arg!(
    /// `threads=`: worker threads, 1 to [`crate::threads::MAX_THREADS`].
    Threads(usize),
    "threads",
    1,
    crate::threads::MAX_THREADS as u64
);

whole_number_arg!(
    /// `seed=`: any 64-bit seed.
    Seed(u64),
    "seed",
    0,
    u64::MAX
);

whole_number_arg!(
    /// `samples=`: Monte Carlo samples, at least 1.
    Samples(u64),
    "samples",
    1,
    u64::MAX
);

whole_number_arg!(
    /// `hands=`: hands to play.
    Hands(u64),
    "hands",
    0,
    u64::MAX
);

/// A card index, 0 (`2c`) to 51 (`As`); anything else is a `CardParseError`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CardIndex(pub(crate) i64);

impl<'a, 'py> FromPyObject<'a, 'py> for CardIndex {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let v = whole(&obj, "card index", 0, 51, OutOfRange::Card)?;
        Ok(Self(i64::try_from(v).unwrap_or(i64::MAX)))
    }
}

/// `four_straight=`: a Soko four-straight mode by name (any case); an unknown name is a
/// `ConfigurationError`, as every unknown option is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FourStraightArg(pub(crate) FourStraight);

impl<'a, 'py> FromPyObject<'a, 'py> for FourStraightArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let name = text(&obj, "four_straight")?;
        name.to_str()?
            .parse()
            .map(Self)
            .map_err(|e: crate::error::EvalError| ConfigurationError::new_err(e.to_string()))
    }
}

/// A game id (`"stud"`, a `holecard.Game` member …), read once for every entry point.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameArg(pub(crate) GameKind);

impl<'a, 'py> FromPyObject<'a, 'py> for GameArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let id = text(&obj, "game")?;
        let spec = VariantSpec::find(&id.to_str()?.trim().to_ascii_lowercase())?;
        Ok(Self(spec.game))
    }
}

/// `value` as a whole number from `low` to `high`, raising what a Rust-read argument named
/// `name` would (the Python wrappers' checks of their own arguments).
#[pyfunction]
#[pyo3(name = "_whole_number")]
pub fn whole_number(value: &Bound<'_, PyAny>, name: &str, low: u64, high: u64) -> PyResult<u64> {
    super::guard::guarded(|| whole(value, name, low, high, OutOfRange::Configuration))
}
