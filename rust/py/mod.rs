//! The `holecard._core` extension: the only code that uses PyO3.
//!
//! Users import from `holecard`, never from `_core`; the Python package re-exports the
//! classes and wraps the functions with docstrings and keyword-only signatures.

mod cards;
mod error;
mod eval;

use pyo3::prelude::*;

/// The compiled core of holecard.
#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<cards::PyCard>()?;
    m.add_class::<cards::PyDeck>()?;
    m.add_class::<eval::PyHandValue>()?;
    m.add_function(wrap_pyfunction!(cards::parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_high, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_soko, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_ace_five, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_low8, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_deuce_seven, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_showing, m)?)?;
    m.add_function(wrap_pyfunction!(eval::batch_evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(eval::hand_value_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(eval::distinct_values, m)?)?;
    Ok(())
}
