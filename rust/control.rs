//! Control of long native work: cooperative cancellation (Ctrl-C from Python, a host's
//! deadline) and progress counting.
//!
//! Long jobs check the token between units of work of a few milliseconds and stop early
//! once it is cancelled (the caller then discards the partial result), and count the
//! units they finish so that a waiting thread can report progress.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A cancellation flag and a progress count shared by the caller and the workers.
#[derive(Debug, Default)]
pub struct Control {
    cancelled: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
}

impl Control {
    /// A token that is not cancelled, with no progress.
    #[must_use]
    pub const fn new() -> Control {
        Control {
            cancelled: AtomicBool::new(false),
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
        }
    }

    /// Asks the work to stop.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the work should stop.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Announces how many units the work has.
    pub fn set_total(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
    }

    /// Records `units` more units finished.
    pub fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }

    /// Units finished and units in all (0 when the work did not say).
    #[must_use]
    pub fn progress(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }
}

/// A token nobody cancels and nobody watches, for callers without a way to interrupt.
pub static NEVER: Control = Control::new();
