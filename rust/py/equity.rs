//! `equity`: showdown equity with the GIL released (the Python wrapper is
//! `holecard.equity`).

use std::hash::{Hash, Hasher};

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use super::args::{self, Callback, FourStraightArg, GameArg, Samples, Seed, Threads};
use super::cards::extract_cards;
use super::error::ArgumentTypeError;
use super::guard::guarded;
use super::spec::game_member;
use crate::card::Card;
use crate::control::NEVER;
use crate::equity as core;
use crate::game::GameKind;

/// The result of :func:`holecard.equity`: expected pot shares, with counts.
///
/// Attributes:
///     game: The :class:`~holecard.Game`.
///     shares: Expected fraction of the pot per player, in hand order; sums to 1.
///     exact: ``True`` when every completion was enumerated, ``False`` for Monte Carlo.
///     outcomes: Completions enumerated, or samples drawn.
///     wins: Per player, the outcomes in which he takes the whole pot (in stud hi/lo, the
///         scoops).
///     ties: Per player, the outcomes in which he takes part of the pot but not all of it
///         (split pots; in stud hi/lo also a half or a quarter).
///     stderr: Per player, the standard error of his share (0.0 when exact; NaN from a
///         single sample).
///     units: Per player, pot units won summed over all outcomes, a pot being
///         :data:`~holecard._equity.POT_UNITS`; ``shares[i] == units[i] / (outcomes *
///         POT_UNITS)`` exactly.
///     seed: The Monte Carlo seed (``None`` for exact results); passing it again
///         reproduces the result, whatever the thread count.
///     low_units: Stud hi/lo: per player, the part of ``units`` won with the low hand
///         (the rest was won with the high hand, including whole pots taken when nobody
///         has a low). ``None`` in games without a low half.
///     high: Stud hi/lo: per player, the expected fraction of the pot won with the high
///         hand; ``None`` in games without a low half.
///     low: Stud hi/lo: per player, the expected fraction of the pot won with the low
///         hand; ``None`` in games without a low half. ``high[i] + low[i]`` is
///         ``shares[i]`` (exactly so in ``units`` and ``low_units``).
///
/// Immutable, hashable and picklable; two results are equal when every field is (a NaN
/// standard error equals itself).
///
/// >>> from holecard import equity
/// >>> e = equity("razz", ("Ah 2h 3c 4d", "Kd Qs Js Td"))
/// >>> e.game, e.losses[1] == e.wins[0], sum(e.fractions), e.low
/// (<Game.RAZZ: 'razz'>, True, Fraction(1, 1), None)
/// >>> e = equity("stud8", ("As 2s 3d 4c Kh Kd", "Qh Qs Jc Jd 9s 8d"))
/// >>> [round(x, 4) for x in e.shares], [round(x, 4) for x in e.high], e.low[1]
/// ([0.5054, 0.4946], [0.3179, 0.4946], 0.0)
#[pyclass(module = "holecard._core", name = "Equity", frozen)]
pub struct PyEquity {
    game: GameKind,
    result: core::Equity,
    seed: Option<u64>,
}

/// What `Equity.__reduce__` returns: the class and the constructor's arguments.
type Reduced<'py> = (
    Bound<'py, PyAny>,
    (
        Py<PyAny>,
        Vec<f64>,
        bool,
        u64,
        Vec<u64>,
        Vec<u64>,
        Vec<f64>,
        Vec<u128>,
        Option<u64>,
        Option<Vec<u128>>,
    ),
);

#[pymethods]
impl PyEquity {
    /// A result record from its fields (as :func:`holecard.equity` builds it; pickling).
    /// ``low_units`` is refused in a game without a low half; in stud hi/lo, leaving it out
    /// records a result without its halves (``high`` and ``low`` are then ``None``).
    #[new]
    #[pyo3(signature = (game, shares, exact, outcomes, wins, ties, stderr, units, seed, low_units = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: GameArg,
        shares: Vec<f64>,
        exact: bool,
        outcomes: u64,
        wins: Vec<u64>,
        ties: Vec<u64>,
        stderr: Vec<f64>,
        units: Vec<u128>,
        seed: Option<u64>,
        low_units: Option<Vec<u128>>,
    ) -> PyResult<Self> {
        let result = core::Equity {
            shares,
            exact,
            outcomes,
            wins,
            ties,
            units,
            low_units,
            stderr,
        };
        result.check_for(game.0)?;
        Ok(PyEquity {
            game: game.0,
            result,
            seed,
        })
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        game_member(py, self.game)
    }

    #[getter]
    fn shares<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.result.shares)
    }

    #[getter]
    fn exact(&self) -> bool {
        self.result.exact
    }

    #[getter]
    fn outcomes(&self) -> u64 {
        self.result.outcomes
    }

    #[getter]
    fn wins<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.result.wins)
    }

    #[getter]
    fn ties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.result.ties)
    }

    #[getter]
    fn stderr<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.result.stderr)
    }

    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.result.units)
    }

    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    #[getter]
    fn low_units<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.result
            .low_units
            .as_ref()
            .map(|low| PyTuple::new(py, low))
            .transpose()
    }

    /// Stud hi/lo: per player, the expected fraction of the pot won with the high hand.
    #[getter]
    fn high<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.halves(py, |units, low| units - low)
    }

    /// Stud hi/lo: per player, the expected fraction of the pot won with the low hand.
    #[getter]
    fn low<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.halves(py, |_, low| low)
    }

    /// Per player, the outcomes in which he wins nothing.
    #[getter]
    fn losses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let r = &self.result;
        let losses = r
            .wins
            .iter()
            .zip(&r.ties)
            .map(|(w, t)| r.outcomes.saturating_sub(w.saturating_add(*t)));
        PyTuple::new(py, losses)
    }

    /// The shares as exact fractions (for Monte Carlo, of the sampled outcomes).
    #[getter]
    fn fractions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let fraction = py.import("fractions")?.getattr("Fraction")?;
        let pot = u128::from(self.result.outcomes) * u128::from(core::POT_UNITS);
        let shares: Vec<Bound<'py, PyAny>> = self
            .result
            .units
            .iter()
            .map(|&u| fraction.call1((u, pot)))
            .collect::<PyResult<_>>()?;
        PyTuple::new(py, shares)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyEquity>()
            .is_ok_and(|o| self.key() == o.get().key())
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        // Python writes the floats and tuples, as a dataclass's repr would.
        let r = &self.result;
        let repr = |t: Bound<'_, PyTuple>| t.repr().map(|s| s.to_string());
        Ok(format!(
            "Equity(game='{}', shares={}, exact={}, outcomes={}, wins={}, ties={}, \
             stderr={}, units={}, seed={}, low_units={})",
            self.game.id(),
            repr(self.shares(py)?)?,
            if r.exact { "True" } else { "False" },
            r.outcomes,
            repr(self.wins(py)?)?,
            repr(self.ties(py)?)?,
            repr(self.stderr(py)?)?,
            repr(self.units(py)?)?,
            self.seed.map_or("None".to_string(), |s| s.to_string()),
            match self.low_units(py)? {
                Some(t) => repr(t)?,
                None => "None".to_string(),
            },
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let me = slf.get();
        let r = &me.result;
        Ok((
            slf.get_type().into_any(),
            (
                me.game(slf.py())?,
                r.shares.clone(),
                r.exact,
                r.outcomes,
                r.wins.clone(),
                r.ties.clone(),
                r.stderr.clone(),
                r.units.clone(),
                me.seed,
                r.low_units.clone(),
            ),
        ))
    }
}

impl PyEquity {
    /// Per player, `half(units, low_units)` as a fraction of the pot; `None` without halves.
    // Fractions are reported as floats; the exact integers stay in `units` and `low_units`.
    #[allow(clippy::cast_precision_loss)]
    fn halves<'py>(
        &self,
        py: Python<'py>,
        half: impl Fn(u128, u128) -> u128,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let r = &self.result;
        let pot = r.outcomes as f64 * f64::from(core::POT_UNITS);
        r.low_units
            .as_ref()
            .map(|low| {
                let fractions = r
                    .units
                    .iter()
                    .zip(low)
                    .map(|(&u, &l)| half(u, l) as f64 / pot);
                PyTuple::new(py, fractions)
            })
            .transpose()
    }

    /// Every field, floats by their bits (so a NaN standard error equals itself).
    #[allow(clippy::type_complexity)]
    fn key(
        &self,
    ) -> (
        GameKind,
        Vec<u64>,
        bool,
        u64,
        &[u64],
        &[u64],
        Vec<u64>,
        &[u128],
        Option<u64>,
        Option<&[u128]>,
    ) {
        let r = &self.result;
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect();
        (
            self.game,
            bits(&r.shares),
            r.exact,
            r.outcomes,
            &r.wins,
            &r.ties,
            bits(&r.stderr),
            &r.units,
            self.seed,
            r.low_units.as_deref(),
        )
    }
}

/// Work this small (completions or samples; a few milliseconds) runs on the calling thread
/// with the GIL released: handing it to an interruptible worker thread costs more than the
/// work itself, and it ends long before a Ctrl-C would matter.
const INLINE_WORK: u128 = 100_000;

/// A request's cards read from Python and checked: the hands, the dead cards and the
/// validated request.
pub(crate) struct Request {
    pub(crate) hands: Vec<Vec<Card>>,
    pub(crate) dead: Vec<Card>,
    pub(crate) four_straight: crate::eval::FourStraight,
    pub(crate) prepared: core::Prepared,
}

/// Reads and checks `equity`'s cards and options (shared with `EquityWork`).
pub(crate) fn request(
    game: GameKind,
    hands: &Bound<'_, PyAny>,
    dead: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
    four_straight: Option<FourStraightArg>,
) -> PyResult<Request> {
    let four_straight = four_straight.map_or(crate::eval::FourStraight::Consecutive, |m| m.0);
    if hands.is_instance_of::<PyString>() {
        return Err(ArgumentTypeError::new_err(
            "hands must be a sequence of hands (e.g. [\"As Ah\", \"Kd Kc\"]), not one string",
        ));
    }
    let hands: Vec<Vec<Card>> = hands
        .try_iter()
        .map_err(|_| args::wrong_type("hands", "an iterable of hands", hands))?
        .map(|h| extract_cards(&h?))
        .collect::<PyResult<_>>()?;
    let dead = match dead {
        Some(d) => extract_cards(d)?,
        None => Vec::new(),
    };
    let prepared = core::prepare(game, four_straight, &hands, &dead, threads)?;
    Ok(Request {
        hands,
        dead,
        four_straight,
        prepared,
    })
}

impl PyEquity {
    /// The record of a finished request.
    pub(crate) fn new_record(game: GameKind, result: core::Equity, seed: Option<u64>) -> Self {
        PyEquity { game, result, seed }
    }
}

/// Expected pot shares of `hands` in `game` (docs/rules.md §2, H-5): exact when `samples` is
/// `None`, otherwise seeded Monte Carlo. See `holecard.equity` for the documented API.
#[pyfunction]
#[pyo3(signature = (
    game, hands, *, dead = None, samples = None, seed = Seed(0), threads = None,
    four_straight = None, progress = None
))]
#[allow(clippy::too_many_arguments, clippy::needless_pass_by_value)]
pub fn equity(
    py: Python<'_>,
    game: GameArg,
    hands: &Bound<'_, PyAny>,
    dead: Option<&Bound<'_, PyAny>>,
    samples: Option<Samples>,
    seed: Seed,
    threads: Option<Threads>,
    four_straight: Option<FourStraightArg>,
    progress: Option<Callback<'_>>,
) -> PyResult<PyEquity> {
    guarded(|| {
        let (samples, seed, threads) = (samples.map(|s| s.0), seed.0, threads.map(|t| t.0));
        let progress = progress.as_ref().map(|p| &p.0);
        let request = request(game.0, hands, dead, threads, four_straight)?.prepared;
        let e = if progress.is_none() && request.work(samples) <= INLINE_WORK {
            py.detach(|| request.run(samples, seed, &NEVER))?
        } else {
            super::interrupt::interruptible_with_progress(py, progress, |cancel| {
                request.run(samples, seed, cancel)
            })??
        };
        Ok(PyEquity::new_record(game.0, e, samples.map(|_| seed)))
    })
}
