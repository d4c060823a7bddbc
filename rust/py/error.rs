//! The one mapping from core errors to the Python exceptions of `holecard.exceptions`.

use pyo3::prelude::*;

use crate::equity::EquityError;
use crate::error::{CardError, EvalError};
use crate::game::options::ConfigError;
use crate::game::ActionError;
use crate::sim::SimError;

pyo3::import_exception!(holecard.exceptions, CardParseError);
pyo3::import_exception!(holecard.exceptions, DuplicateCardError);
pyo3::import_exception!(holecard.exceptions, InvalidHandError);
pyo3::import_exception!(holecard.exceptions, RankingMismatchError);
pyo3::import_exception!(holecard.exceptions, InternalError);
pyo3::import_exception!(holecard.exceptions, ConfigurationError);
pyo3::import_exception!(holecard.exceptions, IllegalActionError);
pyo3::import_exception!(holecard.exceptions, ArgumentTypeError);
pyo3::import_exception!(holecard.exceptions, IndexOutOfRangeError);

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

impl From<EquityError> for PyErr {
    fn from(e: EquityError) -> PyErr {
        match e {
            EquityError::Duplicate { .. } => DuplicateCardError::new_err(e.to_string()),
            EquityError::PlayerCount(_)
            | EquityError::HandSize { .. }
            | EquityError::DeckTooSmall { .. } => InvalidHandError::new_err(e.to_string()),
            EquityError::ZeroSamples
            | EquityError::ZeroThreads
            | EquityError::TooManyOutcomes(_)
            | EquityError::TooManyForCluster(_)
            | EquityError::UnitRange { .. }
            | EquityError::Incomplete { .. } => ConfigurationError::new_err(e.to_string()),
            EquityError::Cancelled => pyo3::exceptions::PyKeyboardInterrupt::new_err(e.to_string()),
        }
    }
}

impl From<ActionError> for PyErr {
    fn from(e: ActionError) -> PyErr {
        IllegalActionError::new_err(e.to_string())
    }
}

impl From<ConfigError> for PyErr {
    fn from(e: ConfigError) -> PyErr {
        ConfigurationError::new_err(e.to_string())
    }
}

impl From<SimError> for PyErr {
    fn from(e: SimError) -> PyErr {
        ConfigurationError::new_err(e.0)
    }
}
