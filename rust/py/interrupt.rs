//! Long native work that Ctrl-C can stop and a panic cannot escape.
//!
//! The work runs on a scoped thread with the GIL released while the calling thread waits
//! in short slices, checking for signals between them. On `KeyboardInterrupt` (or any
//! signal handler's exception) the work is cancelled, joined, and the exception raised.
//! A panic in the work becomes `holecard.InternalError` instead of a `PanicException`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;

use super::error::InternalError;
#[cfg(feature = "test-hooks")]
use super::game::PyGameState;
#[cfg(feature = "test-hooks")]
use super::guard::guarded;
use super::guard::internal;
use crate::control::Control;

/// How often the waiting thread looks for signals.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// Runs `work` interruptibly (see the module docs), calling `progress(done, total)` (in
/// the work's own units), if given, about every 50 ms while it runs, and once at the end.
pub(crate) fn interruptible_with_progress<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&Control) -> T + Send,
) -> PyResult<T> {
    let cancel = Control::new();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let cancel = &cancel;
        scope.spawn(move || {
            // The receiver may be gone only after an interrupt, when the result is unwanted.
            let _ = tx.send(catch_unwind(AssertUnwindSafe(|| work(cancel))));
        });
        let mut rx = rx;
        loop {
            // The receiver moves into each wait (it is `Send`, not `Sync`) and comes back.
            let (back, got) = py.detach(move || {
                let got = rx.recv_timeout(SIGNAL_CHECK);
                (rx, got)
            });
            rx = back;
            let report = |c: &Control| -> PyResult<()> {
                if let Some(callback) = progress {
                    callback.call1(c.progress())?;
                }
                Ok(())
            };
            match got {
                Ok(Ok(value)) => {
                    report(cancel)?;
                    return Ok(value);
                }
                Ok(Err(payload)) => return Err(internal(payload.as_ref())),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals().and_then(|()| report(cancel)) {
                        cancel.cancel();
                        // Wait for the workers to notice; the scope joins the thread.
                        let _ = py.detach(move || rx.recv());
                        return Err(interrupt);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(InternalError::new_err(
                        "native worker ended without a result",
                    ))
                }
            }
        }
    })
}

/// Panics in native code on purpose, so the tests can prove that a native failure reaches
/// Python as `holecard.InternalError`, never as a `PanicException`: by default on the
/// worker of [`interruptible_with_progress`]; with `inline=True` on the calling thread, through
/// [`guarded`] like every short call; with `state`, in the middle of an action on that
/// `GameState` (after the engine applied a timeout), which must leave it unchanged. Built
/// with the `test-hooks` feature only (`make dev`), never into a wheel.
#[cfg(feature = "test-hooks")]
#[pyfunction]
#[pyo3(signature = (*, inline = false, state = None))]
pub fn _induce_internal_error(
    py: Python<'_>,
    inline: bool,
    state: Option<&Bound<'_, PyGameState>>,
) -> PyResult<()> {
    const WHAT: &str = "deliberately induced failure";
    if let Some(state) = state {
        return state.try_borrow_mut()?.induce_panic_mid_action(WHAT);
    }
    if inline {
        return guarded(|| -> PyResult<()> { panic!("{WHAT}") });
    }
    interruptible_with_progress(py, None, |_| -> () { panic!("{WHAT}") })
}
