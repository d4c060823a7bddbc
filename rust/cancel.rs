//! Cooperative cancellation of long native work (Ctrl-C from Python, a host's deadline).
//!
//! Long jobs check their token between units of work of a few milliseconds and stop early
//! once it is cancelled; the caller then discards the partial result.

use std::sync::atomic::{AtomicBool, Ordering};

/// A cancellation flag shared by the caller and the worker threads.
#[derive(Debug, Default)]
pub struct Cancel(AtomicBool);

impl Cancel {
    /// A token that is not cancelled.
    #[must_use]
    pub const fn new() -> Cancel {
        Cancel(AtomicBool::new(false))
    }

    /// Asks the work to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the work should stop.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A token nobody cancels, for callers without a way to interrupt.
pub static NEVER: Cancel = Cancel::new();
