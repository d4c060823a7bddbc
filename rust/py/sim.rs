//! `simulate`: self-play with the built-in bots, GIL released (the Python wrapper is
//! `holecard.simulate`).

use pyo3::prelude::*;

use super::args::{Callback, Hands, Seed, Threads};
use super::chunks::{covered, pairs, twice};
use super::error::ConfigurationError;
use super::game::PyGameConfig;
use super::guard::guarded;
use crate::chunks::Covered;
use crate::game::{GameConfig, MAX_SEATS};
use crate::sim::session::{Session, SessionSeatStats, SessionStats};
use crate::sim::{self, Bot, SeatStats, SimStats, Table};

/// Rebuilds the Rust table of a `holecard._core.GameConfig` from its public getters.
/// One seat's integer totals over a run or a chunk of it: they add up exactly.
#[pyclass(module = "holecard._core", name = "SeatTotals", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PySeatTotals(SeatStats);

#[pymethods]
impl PySeatTotals {
    #[new]
    fn new(
        net: i128,
        net_squared: u128,
        hands_won: u64,
        showdowns: u64,
        showdowns_won: u64,
    ) -> Self {
        PySeatTotals(SeatStats {
            net,
            net_squared,
            hands_won,
            showdowns,
            showdowns_won,
        })
    }

    /// Net chips won, summed over hands.
    #[getter]
    fn net(&self) -> i128 {
        self.0.net
    }

    /// Sum of the squared per-hand results (for the standard deviation).
    #[getter]
    fn net_squared(&self) -> u128 {
        self.0.net_squared
    }

    /// Hands won (all or part of a pot, or the last player left).
    #[getter]
    fn hands_won(&self) -> u64 {
        self.0.hands_won
    }

    /// Hands played to a showdown.
    #[getter]
    fn showdowns(&self) -> u64 {
        self.0.showdowns
    }

    /// Showdowns won (all or part of a pot).
    #[getter]
    fn showdowns_won(&self) -> u64 {
        self.0.showdowns_won
    }

    fn __repr__(&self) -> String {
        let s = self.0;
        format!(
            "SeatTotals(net={}, net_squared={}, hands_won={}, showdowns={}, showdowns_won={})",
            s.net, s.net_squared, s.hands_won, s.showdowns, s.showdowns_won
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (i128, u128, u64, u64, u64)) {
        let s = slf.get().0;
        (
            slf.get_type().into_any(),
            (
                s.net,
                s.net_squared,
                s.hands_won,
                s.showdowns,
                s.showdowns_won,
            ),
        )
    }
}

/// The integer totals of a run of hands (or of one chunk of it) on one table, and the
/// hands they cover: they merge exactly with ``+``, so chunks run anywhere add up to the
/// whole run's totals; a hand counted twice, a sum that would overflow and totals no run
/// could give are refused.
#[pyclass(module = "holecard._core", name = "SimTotals", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PySimTotals {
    stats: SimStats,
    stack: u64,
    covered: Covered,
}

/// The constructor's arguments, as `SimTotals.__reduce__` gives them.
type SimArgs = (u64, u64, u64, u64, Vec<PySeatTotals>, Vec<(u64, u64)>);

/// An error unless `covered` counts `count` units of `what`.
fn check_count(covered: &Covered, count: u64, what: &str) -> PyResult<()> {
    if covered.count() != count {
        return Err(ConfigurationError::new_err(format!(
            "the totals count {count} {what} but cover {} ({})",
            covered.count(),
            covered.describe(what)
        )));
    }
    Ok(())
}

#[pymethods]
impl PySimTotals {
    /// ``ranges``: the ``(start, stop)`` ranges of hands counted (``hands`` in all).
    #[new]
    #[allow(clippy::needless_pass_by_value)]
    fn new(
        hands: u64,
        showdown_hands: u64,
        actions: u64,
        stack: u64,
        seats: Vec<PyRef<'_, PySeatTotals>>,
        ranges: Vec<(u64, u64)>,
    ) -> PyResult<Self> {
        let totals = SimStats {
            hands,
            seats: seats.into_iter().map(|s| s.0).collect(),
            showdown_hands,
            actions,
        };
        totals.check(stack)?;
        let covered = covered(&ranges, "hands")?;
        check_count(&covered, hands, "hands")?;
        Ok(PySimTotals {
            stats: totals,
            stack,
            covered,
        })
    }

    /// The hands counted, as ascending ``(start, stop)`` ranges (touching ones joined).
    #[getter]
    fn ranges(&self) -> Vec<(u64, u64)> {
        pairs(&self.covered)
    }

    /// Hands played.
    #[getter]
    fn hands(&self) -> u64 {
        self.stats.hands
    }

    /// Hands that ended in a showdown.
    #[getter]
    fn showdown_hands(&self) -> u64 {
        self.stats.showdown_hands
    }

    /// Actions the bots took.
    #[getter]
    fn actions(&self) -> u64 {
        self.stats.actions
    }

    /// Every seat's starting stack in every hand.
    #[getter]
    fn stack(&self) -> u64 {
        self.stack
    }

    /// Per-seat totals, in seat order.
    #[getter]
    fn seats(&self) -> Vec<PySeatTotals> {
        self.stats.seats.iter().map(|&s| PySeatTotals(s)).collect()
    }

    /// The totals of both runs (same table: same seats and stack).
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PySimTotals>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        if other.stats.seats.len() != self.stats.seats.len() || other.stack != self.stack {
            return Err(ConfigurationError::new_err(format!(
                "cannot add the totals of different tables: {} seats with stack {} and {} \
                 seats with stack {}",
                self.stats.seats.len(),
                self.stack,
                other.stats.seats.len(),
                other.stack
            )));
        }
        let covered = self
            .covered
            .union(&other.covered)
            .map_err(|r| twice("hands", &r))?;
        let mut sum = self.stats.clone();
        sum.merge(&other.stats)?;
        Ok(Py::new(
            py,
            PySimTotals {
                stats: sum,
                stack: self.stack,
                covered,
            },
        )?
        .into_any())
    }

    fn __repr__(&self) -> String {
        format!(
            "SimTotals(hands={}, showdown_hands={}, actions={}, stack={}, seats=[{}], \
             ranges={:?})",
            self.stats.hands,
            self.stats.showdown_hands,
            self.stats.actions,
            self.stack,
            self.seats()
                .iter()
                .map(PySeatTotals::__repr__)
                .collect::<Vec<_>>()
                .join(", "),
            self.ranges()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, SimArgs) {
        let me = slf.get();
        (
            slf.get_type().into_any(),
            (
                me.stats.hands,
                me.stats.showdown_hands,
                me.stats.actions,
                me.stack,
                me.seats(),
                me.ranges(),
            ),
        )
    }
}

#[pyfunction]
#[pyo3(signature = (
    config, bots, hands, *, seed, threads = None, stack = None, first_hand = 0, progress = None
))]
#[allow(clippy::needless_pass_by_value, clippy::too_many_arguments)]
pub fn simulate(
    py: Python<'_>,
    config: PyRef<'_, PyGameConfig>,
    bots: Vec<String>,
    hands: Hands,
    seed: Seed,
    threads: Option<Threads>,
    stack: Option<u64>,
    first_hand: u64,
    progress: Option<Callback<'_>>,
) -> PyResult<PySimTotals> {
    guarded(|| {
        let (hands, seed, threads) = (hands.0, seed.0, threads.map(|t| t.0));
        let progress = progress.as_ref().map(|p| &p.0);
        let cfg = config.cfg;
        let bots = parse_bots(&bots)?;
        let table = Table::new(cfg, bots, stack)?;
        let stats = super::interrupt::interruptible_with_progress(py, progress, |cancel| {
            sim::simulate_range_cancellable(&table, first_hand, hands, seed, threads, cancel)
        })??;
        Ok(PySimTotals {
            stats,
            stack: table.stack(),
            // first_hand + hands was checked to fit by the run.
            covered: Covered::of(first_hand..first_hand + hands),
        })
    })
}

/// One seat's integer totals over a run of sessions (or a chunk of it): they add up.
#[pyclass(
    module = "holecard._core",
    name = "SessionSeatTotals",
    frozen,
    eq,
    hash
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PySessionSeatTotals(SessionSeatStats);

/// What `SessionSeatTotals.__reduce__` returns: the class and the constructor's arguments.
type SessionSeatReduced<'py> = (Bound<'py, PyAny>, (i128, u128, u64, u64, Vec<u64>));

#[pymethods]
impl PySessionSeatTotals {
    #[new]
    #[allow(clippy::needless_pass_by_value)]
    fn new(
        net: i128,
        net_squared: u128,
        hands: u64,
        busts: u64,
        places: Vec<u64>,
    ) -> PyResult<Self> {
        if places.len() != MAX_SEATS {
            return Err(ConfigurationError::new_err(format!(
                "places lists {} places, expected {MAX_SEATS}",
                places.len()
            )));
        }
        let mut p = [0u64; MAX_SEATS];
        p.copy_from_slice(&places);
        Ok(PySessionSeatTotals(SessionSeatStats {
            net,
            net_squared,
            hands,
            busts,
            places: p,
        }))
    }

    /// Final stack minus starting stack, summed over sessions.
    #[getter]
    fn net(&self) -> i128 {
        self.0.net
    }

    /// Sum of the squared per-session results.
    #[getter]
    fn net_squared(&self) -> u128 {
        self.0.net_squared
    }

    /// Hands the seat was dealt into.
    #[getter]
    fn hands(&self) -> u64 {
        self.0.hands
    }

    /// Sessions in which the seat lost its last chip.
    #[getter]
    fn busts(&self) -> u64 {
        self.0.busts
    }

    /// ``places[k]``: sessions finished in place ``k + 1`` (eight entries).
    #[getter]
    fn places(&self) -> Vec<u64> {
        self.0.places.to_vec()
    }

    fn __repr__(&self) -> String {
        let s = self.0;
        format!(
            "SessionSeatTotals(net={}, net_squared={}, hands={}, busts={}, places={:?})",
            s.net, s.net_squared, s.hands, s.busts, s.places
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> SessionSeatReduced<'py> {
        let s = slf.get().0;
        (
            slf.get_type().into_any(),
            (s.net, s.net_squared, s.hands, s.busts, s.places.to_vec()),
        )
    }
}

/// The integer totals of a run of sessions (or of one chunk of it), and the sessions they
/// cover: they merge exactly with ``+``; a session counted twice, a sum that would
/// overflow and totals no run could give are refused.
#[pyclass(module = "holecard._core", name = "SessionTotals", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PySessionTotals {
    stats: SessionStats,
    covered: Covered,
}

/// What `SessionTotals.__reduce__` returns: the class and the constructor's arguments.
type SessionReduced<'py> = (
    Bound<'py, PyAny>,
    (
        u64,
        u64,
        u64,
        u64,
        Vec<PySessionSeatTotals>,
        Vec<(u64, u64)>,
    ),
);

#[pymethods]
impl PySessionTotals {
    /// ``ranges``: the ``(start, stop)`` ranges of sessions counted (``sessions`` in all).
    #[new]
    #[allow(clippy::needless_pass_by_value)]
    fn new(
        sessions: u64,
        hands: u64,
        unfinished: u64,
        actions: u64,
        seats: Vec<PyRef<'_, PySessionSeatTotals>>,
        ranges: Vec<(u64, u64)>,
    ) -> PyResult<Self> {
        let totals = SessionStats {
            sessions,
            hands,
            unfinished,
            actions,
            seats: seats.into_iter().map(|s| s.0).collect(),
        };
        totals.check()?;
        let covered = covered(&ranges, "sessions")?;
        check_count(&covered, sessions, "sessions")?;
        Ok(PySessionTotals {
            stats: totals,
            covered,
        })
    }

    /// The sessions counted, as ascending ``(start, stop)`` ranges (touching ones joined).
    #[getter]
    fn ranges(&self) -> Vec<(u64, u64)> {
        pairs(&self.covered)
    }

    /// Sessions played.
    #[getter]
    fn sessions(&self) -> u64 {
        self.stats.sessions
    }

    /// Hands played in all.
    #[getter]
    fn hands(&self) -> u64 {
        self.stats.hands
    }

    /// Sessions stopped by ``max_hands`` with two or more seats still in.
    #[getter]
    fn unfinished(&self) -> u64 {
        self.stats.unfinished
    }

    /// Actions the bots took.
    #[getter]
    fn actions(&self) -> u64 {
        self.stats.actions
    }

    /// Per-seat totals, in seat order.
    #[getter]
    fn seats(&self) -> Vec<PySessionSeatTotals> {
        self.stats
            .seats
            .iter()
            .map(|&s| PySessionSeatTotals(s))
            .collect()
    }

    /// The totals of both runs (of the same session: same seats).
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PySessionTotals>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        if other.stats.seats.len() != self.stats.seats.len() {
            return Err(ConfigurationError::new_err(format!(
                "cannot add the totals of sessions of {} and {} seats",
                self.stats.seats.len(),
                other.stats.seats.len()
            )));
        }
        let covered = self
            .covered
            .union(&other.covered)
            .map_err(|r| twice("sessions", &r))?;
        let mut stats = self.stats.clone();
        stats.merge(&other.stats)?;
        Ok(Py::new(py, PySessionTotals { stats, covered })?.into_any())
    }

    fn __repr__(&self) -> String {
        format!(
            "SessionTotals(sessions={}, hands={}, unfinished={}, actions={}, seats=[{}], \
             ranges={:?})",
            self.stats.sessions,
            self.stats.hands,
            self.stats.unfinished,
            self.stats.actions,
            self.seats()
                .iter()
                .map(PySessionSeatTotals::__repr__)
                .collect::<Vec<_>>()
                .join(", "),
            self.ranges()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> SessionReduced<'py> {
        let me = slf.get();
        (
            slf.get_type().into_any(),
            (
                me.stats.sessions,
                me.stats.hands,
                me.stats.unfinished,
                me.stats.actions,
                me.seats(),
                me.ranges(),
            ),
        )
    }
}

/// Plays sessions ``first_session .. first_session + sessions`` (GIL released): every
/// session starts from ``stacks`` and deals hands of ``config`` (then of each level's
/// table from its first hand) until one seat has every chip or ``max_hands`` hands.
#[pyfunction]
#[pyo3(signature = (
    config, bots, sessions, *, seed, stacks, levels = Vec::new(), max_hands = None,
    threads = None, first_session = 0, progress = None
))]
#[allow(clippy::needless_pass_by_value, clippy::too_many_arguments)]
pub fn simulate_sessions(
    py: Python<'_>,
    config: PyRef<'_, PyGameConfig>,
    bots: Vec<String>,
    sessions: Hands,
    seed: Seed,
    stacks: Vec<u64>,
    levels: Vec<(u64, PyRef<'_, PyGameConfig>)>,
    max_hands: Option<u64>,
    threads: Option<Threads>,
    first_session: u64,
    progress: Option<Callback<'_>>,
) -> PyResult<PySessionTotals> {
    guarded(|| {
        let progress = progress.as_ref().map(|p| &p.0);
        let bots = parse_bots(&bots)?;
        let levels: Vec<(u64, GameConfig)> = levels.iter().map(|(h, c)| (*h, c.cfg)).collect();
        let session = Session::new(config.cfg, bots, stacks, &levels, max_hands)?;
        let threads = threads.map(|t| t.0);
        let stats = super::interrupt::interruptible_with_progress(py, progress, |cancel| {
            sim::session::simulate_sessions(
                &session,
                first_session,
                sessions.0,
                seed.0,
                threads,
                cancel,
            )
        })??;
        Ok(PySessionTotals {
            stats,
            // first_session + sessions was checked to fit by the run.
            covered: Covered::of(first_session..first_session + sessions.0),
        })
    })
}

/// The seed of unit ``index`` (a hand of ``simulate``, a session, or a hand within a
/// session) of a run seeded with ``seed``: ``hand_seed(hand_seed(seed, s), h)`` deals
/// hand ``h`` of session ``s``. It seeds the deck and the bots' decisions.
#[pyfunction]
pub fn hand_seed(seed: Seed, index: Seed) -> u64 {
    sim::hand_seed(seed.0, index.0)
}

/// The estimated time of one hand of ``config`` with ``bots`` (in seat order) on one
/// core, in seconds: what sizes ``simulate``'s parallel jobs and executor chunks.
#[pyfunction]
#[allow(clippy::needless_pass_by_value)]
pub fn hand_seconds(config: PyRef<'_, PyGameConfig>, bots: Vec<String>) -> PyResult<f64> {
    guarded(|| Ok(sim::hand_seconds(config.cfg.game, &parse_bots(&bots)?)))
}

/// The name of the built-in bot ``name`` names (any case, ``-`` for ``_``); an unknown
/// name is a ``ConfigurationError`` listing the bots.
#[pyfunction]
pub fn bot_name(name: &str) -> PyResult<&'static str> {
    guarded(|| Ok(name.parse::<Bot>()?.name()))
}

/// The built-in bots' names, in the order the documentation lists them.
pub fn bot_names() -> [&'static str; 4] {
    Bot::ALL.map(Bot::name)
}

/// The bots named in seat order; an unknown name is an error naming it.
fn parse_bots(names: &[String]) -> Result<Vec<Bot>, sim::SimError> {
    names.iter().map(|b| b.parse::<Bot>()).collect()
}
