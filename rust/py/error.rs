//! The one mapping from core errors to the Python exceptions of `holecard.exceptions`.

use pyo3::prelude::*;

use crate::error::{CardError, EvalError};

pyo3::import_exception!(holecard.exceptions, CardParseError);
pyo3::import_exception!(holecard.exceptions, DuplicateCardError);
pyo3::import_exception!(holecard.exceptions, InvalidHandError);
pyo3::import_exception!(holecard.exceptions, RankingMismatchError);
pyo3::import_exception!(holecard.exceptions, InternalError);

impl From<CardError> for PyErr {
    fn from(e: CardError) -> PyErr {
        match e {
            CardError::Parse { .. } | CardError::Index(_) => CardParseError::new_err(e.to_string()),
            CardError::Duplicate { .. } => DuplicateCardError::new_err(e.to_string()),
        }
    }
}

impl From<EvalError> for PyErr {
    fn from(e: EvalError) -> PyErr {
        match e {
            EvalError::Card(c) => c.into(),
            other => InvalidHandError::new_err(other.to_string()),
        }
    }
}
