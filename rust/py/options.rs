//! The rule-option catalogue (`rust/game/catalog.rs`) as Python data: `option_specs()` and
//! `option_profiles()`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::guard::guarded;
use crate::game::catalog::{OptionSpec, Options, OPTION_SPECS, PROFILES};
use crate::game::options::{BettingStructure, OptionKind};
use crate::game::spec::VARIANTS;

/// One option of docs/rules.md §6: its name, value kind, values, defaults, games and rules.
#[pyclass(module = "holecard._core", name = "OptionSpec", frozen)]
pub struct PyOptionSpec {
    spec: &'static OptionSpec,
}

#[pymethods]
impl PyOptionSpec {
    /// The option's name (the keyword of the game classes).
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.name
    }

    /// `"bool"`, `"int"`, `"int_or_none"` or `"enum"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.spec.kind.name()
    }

    /// The smallest value of a numeric option, else `None`.
    #[getter]
    fn minimum(&self) -> Option<u64> {
        self.spec.minimum
    }

    /// The largest value of a numeric option, else `None`.
    #[getter]
    fn maximum(&self) -> Option<u64> {
        self.spec.maximum
    }

    /// The game ids the option applies to (other games refuse it).
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.spec.games().into_iter().map(|g| g.spec().id))
    }

    /// The betting structures the option applies in (the fixed-limit options: only
    /// ``FIXED_LIMIT``; a table of another structure refuses them).
    #[getter]
    fn structures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let names: Vec<&str> = BettingStructure::ALL
            .iter()
            .filter(|&&s| self.spec.applies_in(s))
            .map(|s| s.name())
            .collect();
        PyTuple::new(py, names)
    }

    /// Game id → the option's default there, as value text (for the games it applies to).
    #[getter]
    fn defaults<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guarded(|| {
            let d = PyDict::new(py);
            for g in self.spec.games() {
                d.set_item(g.id(), self.spec.default_text(g))?;
            }
            Ok(d)
        })
    }

    /// Game id → every value text the option takes there (bools and enums; empty for
    /// numbers, which take any whole number from `minimum`).
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guarded(|| {
            let d = PyDict::new(py);
            for g in self.spec.games() {
                if let Some(v) = self.spec.values(g) {
                    d.set_item(g.id(), PyTuple::new(py, v)?)?;
                }
            }
            Ok(d)
        })
    }

    /// The docs/rules.md rule ids (`("G-1.4.3", "C-26")`).
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.spec.rules.split(", ").collect::<Vec<_>>())
    }

    /// One line of description.
    #[getter]
    fn doc(&self) -> String {
        self.spec.doc()
    }

    /// A value text of this option as a Python value: `bool`, `int`, `None` or an enum name.
    fn value<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
        guarded(|| {
            let canonical = self.spec.canonical_text(text)?;
            Ok(match self.spec.kind {
                OptionKind::Bool => (canonical == "true")
                    .into_pyobject(py)?
                    .to_owned()
                    .into_any(),
                OptionKind::IntOrNone if canonical == "none" => py.None().into_bound(py),
                OptionKind::Int | OptionKind::IntOrNone => canonical
                    .parse::<u64>()
                    .unwrap_or_default()
                    .into_pyobject(py)?
                    .into_any(),
                OptionKind::Enum(_) => canonical.into_pyobject(py)?.into_any(),
            })
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "OptionSpec({:?}, kind={:?})",
            self.spec.name,
            self.spec.kind.name()
        )
    }
}

/// Every option of docs/rules.md §6 as a record, in the table's order.
#[pyfunction]
pub fn option_specs(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    guarded(|| {
        let specs = OPTION_SPECS
            .iter()
            .map(|spec| Py::new(py, PyOptionSpec { spec }))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, specs)
    })
}

/// Profile name → game id → what the profile changes from the defaults there (option →
/// value text), docs/rules.md §6.3.
#[pyfunction]
pub fn option_profiles(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    guarded(|| {
        let out = PyDict::new(py);
        for &profile in PROFILES {
            let per_game = PyDict::new(py);
            for g in VARIANTS.iter().map(|v| v.game) {
                let d = PyDict::new(py);
                for (k, v) in Options::profile_changes(profile, g).unwrap_or_default() {
                    d.set_item(k, v)?;
                }
                per_game.set_item(g.id(), d)?;
            }
            out.set_item(profile, per_game)?;
        }
        Ok(out)
    })
}
