//! holecard: cards, hand evaluators and game engines for stud and draw poker.
//!
//! The core is free of Python: everything under `py/` (behind the default `python`
//! feature) is the PyO3 layer that exposes it as the `holecard._core` extension.
#![forbid(unsafe_code)]

pub mod batch;
pub mod card;
pub mod cardset;
pub mod chunks;
pub mod control;
pub mod deck;
pub mod equity;
pub mod error;
pub mod eval;
pub mod game;
pub mod sim;
pub mod threads;

#[cfg(test)]
mod module_graph;

#[cfg(feature = "python")]
mod py;

pub use card::{Card, Rank, Suit};
pub use cardset::CardSet;
pub use deck::Deck;
pub use error::{CardError, EvalError};
pub use eval::{Category, HandValue, Ranking};
