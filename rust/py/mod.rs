//! The `holecard._core` extension: the only code that uses PyO3.
//!
//! Users import from `holecard`, never from `_core`; the Python package re-exports the
//! classes and wraps the functions with docstrings and keyword-only signatures.

mod agents;
mod args;
mod cards;
mod chunks;
mod equity;
mod error;
mod eval;
mod events;
mod game;
mod guard;
mod interrupt;
mod moves;
mod options;
mod player;
mod sim;
mod spec;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The compiled core of holecard.
#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    guard::guarded(|| add_members(m))
}

fn add_members(m: &Bound<'_, PyModule>) -> PyResult<()> {
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
    m.add_function(wrap_pyfunction!(moves::moves_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(eval::distinct_values, m)?)?;
    #[cfg(feature = "test-hooks")]
    m.add_function(wrap_pyfunction!(interrupt::_induce_internal_error, m)?)?;
    m.add_class::<game::PyGameConfig>()?;
    m.add_class::<game::PyGameState>()?;
    m.add_class::<game::PyLegalActions>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<moves::PyMoves>()?;
    m.add_class::<agents::PyEncoding>()?;
    m.add_class::<agents::PyBot>()?;
    m.add_class::<agents::PyChanceHand>()?;
    m.add_function(wrap_pyfunction!(agents::restore_chance_hand, m)?)?;
    m.add_class::<player::PyPlayer>()?;
    m.add_class::<options::PyOptionSpec>()?;
    m.add_function(wrap_pyfunction!(options::option_specs, m)?)?;
    m.add_function(wrap_pyfunction!(options::option_profiles, m)?)?;
    m.add_class::<spec::PyStreet>()?;
    m.add_class::<spec::PyVariantSpec>()?;
    m.add_function(wrap_pyfunction!(spec::variant_specs, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_config, m)?)?;
    m.add_function(wrap_pyfunction!(game::restore_state, m)?)?;
    m.add_class::<equity::PyEquity>()?;
    m.add_function(wrap_pyfunction!(equity::equity, m)?)?;
    m.add_class::<chunks::PyEquityWork>()?;
    m.add_class::<chunks::PyEquityTotals>()?;
    m.add_function(wrap_pyfunction!(chunks::units_per_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(chunks::chunk_ranges, m)?)?;
    m.add_class::<chunks::PyChunkRanges>()?;
    m.add("EQUITY_POT_UNITS", crate::equity::POT_UNITS)?;
    m.add_class::<sim::PySeatTotals>()?;
    m.add_class::<sim::PyTotals>()?;
    m.add_class::<sim::PySimTotals>()?;
    m.add_function(wrap_pyfunction!(sim::simulate, m)?)?;
    m.add_class::<sim::PySessionSeatTotals>()?;
    m.add_class::<sim::PySessionTotals>()?;
    m.add_function(wrap_pyfunction!(sim::simulate_sessions, m)?)?;
    m.add_function(wrap_pyfunction!(sim::hand_seed, m)?)?;
    m.add_function(wrap_pyfunction!(sim::hand_seconds, m)?)?;
    m.add_function(wrap_pyfunction!(sim::bot_name, m)?)?;
    m.add("BOTS", PyTuple::new(m.py(), sim::bot_names())?)?;
    m.add("DEFAULT_BOT", crate::sim::Bot::DEFAULT.name())?;
    m.add("DEFAULT_STACK_BIG_BETS", crate::sim::DEFAULT_STACK_BIG_BETS)?;
    m.add("MAX_PLAYERS", crate::game::MAX_SEATS)?;
    m.add("MAX_CHIPS", crate::game::MAX_CHIPS)?;
    m.add_function(wrap_pyfunction!(args::whole_number, m)?)?;
    // The core's name lists, as data: Python's own tables are tied to them by
    // tests/test_name_parity.py.
    let py = m.py();
    m.add(
        "ACTION_KINDS",
        PyTuple::new(py, crate::game::Action::KINDS)?,
    )?;
    m.add(
        "ACTION_CODES",
        PyTuple::new(py, crate::game::Action::CODES)?,
    )?;
    let moves = &crate::game::Action::KINDS[..crate::game::Action::MOVE_KINDS];
    m.add("MOVE_KINDS", PyTuple::new(py, moves)?)?;
    m.add("EVENT_KINDS", PyTuple::new(py, crate::game::Event::KINDS)?)?;
    m.add(
        "RANKING_CODES",
        PyTuple::new(py, crate::eval::Ranking::CODES)?,
    )?;
    m.add("STREET_NAMES", PyTuple::new(py, street_names())?)?;
    m.add("MAX_THREADS", crate::threads::MAX_THREADS)?;
    Ok(())
}

/// Every street word `State.street` can report: each variant's round and draw names in
/// dealing order (each once), then the word of a hand that is over.
fn street_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    let rounds = crate::game::spec::VARIANTS.iter().flat_map(|v| v.streets);
    for word in rounds.flat_map(|s| s.draw.into_iter().chain([s.name])) {
        if !names.contains(&word) {
            names.push(word);
        }
    }
    names.push(crate::game::GameState::OVER);
    names
}
