//! `simulate`: self-play with the built-in bots, GIL released (the Python wrapper is
//! `holecard.simulate`).

use pyo3::prelude::*;

use super::args::{Callback, Hands, Seed, Threads};
use super::chunks::{covered, pairs};
use super::error;
use super::game::PyGameConfig;
use super::guard::guarded;
use crate::game::{GameConfig, MAX_SEATS};
use crate::sim::session::Session;
use crate::sim::{self, Bot, SeatTotals, Table, Totals, Unit};

/// One seat's integer totals over a run of hands or of sessions (or a chunk of it): they
/// add up exactly. The counts a unit does not keep are 0 (a run of hands has no busts
/// nor places, a run of sessions no hands won nor showdowns).
#[pyclass(
    module = "holecard._core",
    name = "SeatTotals",
    subclass,
    frozen,
    eq,
    hash
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PySeatTotals(SeatTotals);

/// The constructor's arguments, as `SeatTotals.__reduce__` gives them.
type SeatArgs = (i128, u128, u64, u64, u64, u64, u64, Vec<u64>);

/// `places` as the fixed per-place counts; an error unless it lists `MAX_SEATS` places.
fn places_of(places: Option<Vec<u64>>) -> PyResult<[u64; MAX_SEATS]> {
    let mut p = [0u64; MAX_SEATS];
    if let Some(places) = places {
        if places.len() != MAX_SEATS {
            return Err(error::places_count(places.len(), MAX_SEATS));
        }
        p.copy_from_slice(&places);
    }
    Ok(p)
}

#[pymethods]
impl PySeatTotals {
    /// ``places`` (eight entries) defaults to zeros.
    #[new]
    #[pyo3(signature = (
        net, net_squared, hands_won = 0, showdowns = 0, showdowns_won = 0, hands = 0,
        busts = 0, places = None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        net: i128,
        net_squared: u128,
        hands_won: u64,
        showdowns: u64,
        showdowns_won: u64,
        hands: u64,
        busts: u64,
        places: Option<Vec<u64>>,
    ) -> PyResult<Self> {
        Ok(PySeatTotals(SeatTotals {
            net,
            net_squared,
            hands,
            hands_won,
            showdowns,
            showdowns_won,
            busts,
            places: places_of(places)?,
        }))
    }

    /// Net chips won (final minus starting stack), summed over the hands or sessions.
    #[getter]
    fn net(&self) -> i128 {
        self.0.net
    }

    /// Sum of the squared per-hand (per-session) results, for the standard deviation.
    #[getter]
    fn net_squared(&self) -> u128 {
        self.0.net_squared
    }

    /// Hands the seat was dealt into.
    #[getter]
    fn hands(&self) -> u64 {
        self.0.hands
    }

    /// Hands won (all or part of a pot, or the last player left); runs of hands.
    #[getter]
    fn hands_won(&self) -> u64 {
        self.0.hands_won
    }

    /// Hands played to a showdown; runs of hands.
    #[getter]
    fn showdowns(&self) -> u64 {
        self.0.showdowns
    }

    /// Showdowns won (all or part of a pot); runs of hands.
    #[getter]
    fn showdowns_won(&self) -> u64 {
        self.0.showdowns_won
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
            "SeatTotals(net={}, net_squared={}, hands_won={}, showdowns={}, showdowns_won={}, \
             hands={}, busts={}, places={:?})",
            s.net,
            s.net_squared,
            s.hands_won,
            s.showdowns,
            s.showdowns_won,
            s.hands,
            s.busts,
            s.places
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, SeatArgs) {
        let s = slf.get().0;
        (
            slf.py().get_type::<PySeatTotals>().into_any(),
            (
                s.net,
                s.net_squared,
                s.hands_won,
                s.showdowns,
                s.showdowns_won,
                s.hands,
                s.busts,
                s.places.to_vec(),
            ),
        )
    }
}

/// The `SeatTotals` of a seat over sessions, by the arguments sessions count.
#[pyclass(module = "holecard._core", name = "SessionSeatTotals", extends = PySeatTotals, frozen)]
pub struct PySessionSeatTotals;

#[pymethods]
impl PySessionSeatTotals {
    #[new]
    fn new(
        net: i128,
        net_squared: u128,
        hands: u64,
        busts: u64,
        places: Vec<u64>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let seat = PySeatTotals::new(net, net_squared, 0, 0, 0, hands, busts, Some(places))?;
        Ok(PyClassInitializer::from(seat).add_subclass(PySessionSeatTotals))
    }
}

/// The integer totals of a run (or of one chunk of it) of hands on one table, or of
/// sessions, and the units they cover: they merge exactly with ``+``, so chunks run
/// anywhere add up to the whole run's totals; a unit counted twice, a sum that would
/// overflow, totals of other units or seats and totals no run could give are refused.
#[pyclass(module = "holecard._core", name = "Totals", subclass, frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyTotals(Totals);

/// The constructor's arguments, as `Totals.__reduce__` gives them.
type TotalsArgs = (
    &'static str,
    u64,
    u64,
    u64,
    u64,
    u64,
    u64,
    Vec<PySeatTotals>,
    Vec<(u64, u64)>,
);

impl PyTotals {
    /// Checked totals of `unit` over `ranges`.
    #[allow(clippy::too_many_arguments)]
    fn checked(
        unit: Unit,
        sessions: u64,
        hands: u64,
        showdown_hands: u64,
        unfinished: u64,
        actions: u64,
        stack: u64,
        seats: Vec<SeatTotals>,
        ranges: &[(u64, u64)],
    ) -> PyResult<Self> {
        let mut totals = Totals::empty(unit, 0, stack);
        totals.sessions = sessions;
        totals.hands = hands;
        totals.showdown_hands = showdown_hands;
        totals.unfinished = unfinished;
        totals.actions = actions;
        totals.seats = seats;
        // The counts first, then the ranges, then that they agree.
        totals.check_counts()?;
        totals.covered = covered(ranges, unit.name())?;
        totals.check_covered()?;
        Ok(PyTotals(totals))
    }
}

#[pymethods]
impl PyTotals {
    /// ``unit``: ``"hands"`` or ``"sessions"``; ``ranges``: the ``(start, stop)`` ranges of
    /// the units counted.
    #[new]
    #[allow(clippy::needless_pass_by_value, clippy::too_many_arguments)]
    fn new(
        unit: &str,
        sessions: u64,
        hands: u64,
        showdown_hands: u64,
        unfinished: u64,
        actions: u64,
        stack: u64,
        seats: Vec<PyRef<'_, PySeatTotals>>,
        ranges: Vec<(u64, u64)>,
    ) -> PyResult<Self> {
        let unit = match unit {
            "hands" => Unit::Hands,
            "sessions" => Unit::Sessions,
            _ => return Err(error::unknown_unit(unit)),
        };
        let seats = seats.iter().map(|s| s.0).collect();
        PyTotals::checked(
            unit,
            sessions,
            hands,
            showdown_hands,
            unfinished,
            actions,
            stack,
            seats,
            &ranges,
        )
    }

    /// What the run counts: ``"hands"`` or ``"sessions"``.
    #[getter]
    fn unit(&self) -> &'static str {
        self.0.unit.name()
    }

    /// The units counted, as ascending ``(start, stop)`` ranges (touching ones joined).
    #[getter]
    fn ranges(&self) -> Vec<(u64, u64)> {
        pairs(&self.0.covered)
    }

    /// Sessions played (0 for a run of hands).
    #[getter]
    fn sessions(&self) -> u64 {
        self.0.sessions
    }

    /// Hands played in all.
    #[getter]
    fn hands(&self) -> u64 {
        self.0.hands
    }

    /// Hands that ended in a showdown (runs of hands).
    #[getter]
    fn showdown_hands(&self) -> u64 {
        self.0.showdown_hands
    }

    /// Sessions stopped by ``max_hands`` with two or more seats still in.
    #[getter]
    fn unfinished(&self) -> u64 {
        self.0.unfinished
    }

    /// Actions the bots took.
    #[getter]
    fn actions(&self) -> u64 {
        self.0.actions
    }

    /// Every seat's starting stack in every hand (0 for sessions).
    #[getter]
    fn stack(&self) -> u64 {
        self.0.stack
    }

    /// Per-seat totals, in seat order.
    #[getter]
    fn seats(&self) -> Vec<PySeatTotals> {
        self.0.seats.iter().map(|&s| PySeatTotals(s)).collect()
    }

    /// The totals of both runs (of the same unit and table or session).
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyTotals>() else {
            return Ok(py.NotImplemented());
        };
        let mut sum = self.0.clone();
        sum.merge(&other.get().0)?;
        Ok(Py::new(py, PyTotals(sum))?.into_any())
    }

    fn __repr__(&self) -> String {
        let t = &self.0;
        format!(
            "Totals(unit={:?}, sessions={}, hands={}, showdown_hands={}, unfinished={}, \
             actions={}, stack={}, seats=[{}], ranges={:?})",
            t.unit.name(),
            t.sessions,
            t.hands,
            t.showdown_hands,
            t.unfinished,
            t.actions,
            t.stack,
            self.seats()
                .iter()
                .map(PySeatTotals::__repr__)
                .collect::<Vec<_>>()
                .join(", "),
            self.ranges()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, TotalsArgs) {
        let me = slf.get();
        let t = &me.0;
        (
            slf.py().get_type::<PyTotals>().into_any(),
            (
                t.unit.name(),
                t.sessions,
                t.hands,
                t.showdown_hands,
                t.unfinished,
                t.actions,
                t.stack,
                me.seats(),
                me.ranges(),
            ),
        )
    }
}

/// `Totals` of a run of hands, by the arguments a run of hands counts (every seat is
/// dealt every hand).
#[pyclass(module = "holecard._core", name = "SimTotals", extends = PyTotals, frozen)]
pub struct PySimTotals;

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
    ) -> PyResult<PyClassInitializer<Self>> {
        let seats = seats.iter().map(|s| SeatTotals { hands, ..s.0 }).collect();
        let t = PyTotals::checked(
            Unit::Hands,
            0,
            hands,
            showdown_hands,
            0,
            actions,
            stack,
            seats,
            &ranges,
        )?;
        Ok(PyClassInitializer::from(t).add_subclass(PySimTotals))
    }
}

/// `Totals` of a run of sessions, by the arguments a run of sessions counts.
#[pyclass(module = "holecard._core", name = "SessionTotals", extends = PyTotals, frozen)]
pub struct PySessionTotals;

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
        seats: Vec<PyRef<'_, PySeatTotals>>,
        ranges: Vec<(u64, u64)>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let seats = seats.iter().map(|s| s.0).collect();
        let t = PyTotals::checked(
            Unit::Sessions,
            sessions,
            hands,
            0,
            unfinished,
            actions,
            0,
            seats,
            &ranges,
        )?;
        Ok(PyClassInitializer::from(t).add_subclass(PySessionTotals))
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
) -> PyResult<PyTotals> {
    guarded(|| {
        let (hands, seed, threads) = (hands.0, seed.0, threads.map(|t| t.0));
        let progress = progress.as_ref().map(|p| &p.0);
        let cfg = config.cfg;
        let bots = parse_bots(&bots)?;
        let table = Table::new(cfg, bots, stack)?;
        let stats = super::interrupt::interruptible_with_progress(py, progress, |cancel| {
            sim::simulate_range_cancellable(&table, first_hand, hands, seed, threads, cancel)
        })??;
        Ok(PyTotals(stats))
    })
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
) -> PyResult<PyTotals> {
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
        Ok(PyTotals(stats))
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
