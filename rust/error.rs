//! Error types of the core, one enum per area; every message names the bad input.

use thiserror::Error;

/// A card, or a list of cards, could not be read or is not a valid set of cards.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardError {
    /// Text that is not a card.
    #[error("invalid card {token:?} at position {position}")]
    Parse {
        /// The offending text.
        token: String,
        /// Zero-based position of the token among the cards read so far.
        position: usize,
    },
    /// A card index outside `0..52`.
    #[error("invalid card index {0} (expected 0..=51)")]
    Index(i64),
    /// The same card given twice.
    #[error("duplicate card {card} at position {position}")]
    Duplicate {
        /// The repeated card, as text.
        card: String,
        /// Zero-based position of the second occurrence.
        position: usize,
    },
}

/// A hand that an evaluator cannot rank.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EvalError {
    /// Wrong number of cards for the ranking.
    #[error("{ranking} needs {expected} cards, got {got}")]
    Count {
        /// The ranking asked for.
        ranking: &'static str,
        /// What it accepts, e.g. "5 to 7".
        expected: &'static str,
        /// How many were given.
        got: usize,
    },
    /// A card problem (parse, index or duplicate).
    #[error(transparent)]
    Card(#[from] CardError),
    /// A batch row that is not a valid hand.
    #[error("row {row}: {reason}")]
    BadRow {
        /// Zero-based index of the first bad row.
        row: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A request the evaluator does not support (e.g. a showing hand for a draw game).
    #[error("{0}")]
    Unsupported(String),
}
