//! The game engine: variant specs (data) plus the shared machinery of every game:
//! streets and dealing, forced bets, fixed/pot/no-limit betting, pots and side pots,
//! showdown and the history of events.
//!
//! One type, [`GameState`], plays a hand of any game. Its API is
//! [`GameState::legal_actions`], [`GameState::check`] and [`GameState::apply`]: an applied
//! action returns an immutable [`Event`] that is also kept in [`GameState::history`]; a
//! rejected action returns an [`ActionError`] and leaves the state untouched. Forced bets,
//! dealing, showdown and the award of the pots happen automatically. Nothing here panics on
//! user input.
//!
//! Readings where docs/rules.md leaves room, shared with the reference engine
//! (`holecard.reference.engine`, checked by `tests/test_engine_differential.py`):
//! the bring-in player who opens instead of posting makes an opening bet from nothing
//! (FL: the completion; PL/NL: any total from *M*, also when *B* = *M*, and *R* = its
//! size); the first raise over a posted bring-in goes to at least *M* and sets
//! *R* = max(*M*, total − *B*) (G-1.7.5), also after short all-ins above *B*; the big
//! blind is a full bet (*R* = BB in PL/NL); [`GameState::pots`] lists the chips of finished
//! betting rounds, never an empty pot, and at the end the pots that were awarded; a folded
//! player's cards are in the muck.
//!
//! Files, each importing only those before it: `options.rs` (the option value types),
//! `spec.rs` (the games and their per-game data), `catalog.rs` (the docs/rules.md §6
//! option catalogue), `config.rs` (the validated table),
//! `betting.rs` (G-1.5 … G-1.9), `pot.rs` (G-1.10, G-1.11, H-5), `stud.rs` (bring-in, first to
//! act, T-9), `draw.rs` (D-5, D-7, D-10), `state.rs` (the state machine).

mod betting;
pub mod catalog;
pub mod chance;
pub mod config;
mod draw;
pub mod encoding;
mod moves;
pub mod observe;
pub mod options;
pub mod pot;
pub mod spec;
mod state;
mod stud;

pub use catalog::Options;
pub use config::GameConfig;
pub use moves::{LegalMoves, MovesParts};
pub use options::ConfigError;
pub use pot::Pot;
pub use spec::{GameKind, Stakes, StakesInput, VariantSpec, MAX_STAKE};
pub use state::{
    Action, ActionError, Event, GameState, LegalActions, Phase, Seat, Share, Start, MAX_CHIPS,
    MAX_SEATS,
};

#[cfg(test)]
mod tests;
