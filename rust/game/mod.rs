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
//! Files: `options.rs` (RULES §6), `spec.rs` (per-game data and the validated table),
//! `betting.rs` (G-1.5 … G-1.9), `pot.rs` (G-1.10, G-1.11, H-5), `stud.rs` (bring-in, first to
//! act, T-9), `draw.rs` (D-5, D-7, D-10), `state.rs` (the state machine).

mod betting;
mod draw;
pub mod options;
pub mod pot;
pub mod spec;
mod state;
mod stud;

pub use options::{ConfigError, GameKind, Options};
pub use pot::Pot;
pub use spec::{GameConfig, Stakes, StakesInput, VariantSpec};
pub use state::{
    Action, ActionError, Event, GameState, LegalActions, Phase, Seat, Share, Start, MAX_SEATS,
};

#[cfg(test)]
mod tests;
