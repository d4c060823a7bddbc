//! The one place where a Rust panic becomes a Python exception.
//!
//! Every `#[pyfunction]` and `#[pymethods]` body that calls into the crate runs inside
//! [`guarded`] (or, for `GameState` actions, [`guarded_mut`]), and long work runs on the
//! guarded worker of [`super::interrupt`]. A panic there reaches Python as
//! `holecard.InternalError` (a `HoleCardError` and a `RuntimeError`) with the panic's
//! message, never as PyO3's `PanicException`, which derives from `BaseException` and so
//! escapes `except Exception`. Left unguarded are only bodies that read a stored field or
//! copy stored data (the `LegalActions` getters, the `Event` getters that match on the
//! event's own fields, `copy.copy` of a card or a state), which cannot panic.
//!
//! `catch_unwind` allocates and copies nothing unless something panics, and everything
//! after a panic is kept out of line, so a guarded call costs about what it did unguarded.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::prelude::*;

use super::error::{self, internal as internal_error};

/// Runs `body`, turning a panic in it into `holecard.InternalError`. Errors that `body`
/// returns pass through unchanged.
pub(crate) fn guarded<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| Err(internal(payload.as_ref())))
}

/// As [`guarded`] for a body that mutates `target`, returning whatever `body` returns
/// (its own errors included, converted by the caller outside the guard): after a panic,
/// `recover` puts `target` back as it was before the call, and only then is
/// `InternalError` raised. If recovery fails too, the error says so.
pub(crate) fn guarded_mut<S, R>(
    target: &mut S,
    body: impl FnOnce(&mut S) -> R,
    recover: impl FnOnce(&mut S) -> PyResult<()>,
) -> PyResult<R> {
    match catch_unwind(AssertUnwindSafe(|| body(target))) {
        Ok(result) => Ok(result),
        Err(payload) => Err(after_panic(payload.as_ref(), || recover(target))),
    }
}

/// The error for a caught panic once `recover` has run. Kept out of line: the common path
/// of every guarded call stays as small as it was without the guard.
#[cold]
#[inline(never)]
fn after_panic(payload: &(dyn Any + Send), recover: impl FnOnce() -> PyResult<()>) -> PyErr {
    let what = panic_message(payload);
    match guarded(recover) {
        Ok(()) => internal_error(&what),
        Err(failed) => error::internal_not_restored(&what, &failed),
    }
}

/// The `InternalError` for a panic payload, carrying the panic's message.
#[cold]
#[inline(never)]
pub(crate) fn internal(payload: &(dyn Any + Send)) -> PyErr {
    internal_error(&panic_message(payload))
}

/// The message a panic was raised with.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(ToString::to_string)
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}
