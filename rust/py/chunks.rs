//! Equity and simulation cut into chunks for an executor: `EquityWork` (an equity request
//! cut into numbered units), `EquityTotals` (the integer totals of any units, which add up
//! and say which units they cover), `ChunkRanges` (the chunks, made on demand) and the
//! chunk arithmetic of `crate::chunks`. The Python driver is `holecard._distribute`.

use std::hash::{Hash, Hasher};

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::args::{Callback, FourStraightArg, GameArg, Samples, Seed, Threads};
use super::equity::{request, PyEquity};
use super::error::{self, ConfigurationError};
use super::guard::guarded;
use crate::card::Card;
use crate::chunks::{Chunks, Covered};
use crate::equity::{Scale, Totals, Work, MAX_PLAYERS};
use crate::game::GameKind;

/// An equity request (the arguments of :func:`holecard.equity`) cut into numbered units
/// that run anywhere and add up exactly; exact enumeration is accepted up to cluster size.
/// Picklable (by its arguments); the lists an exact enumeration builds are built on the
/// first :meth:`run` and kept by this object.
#[pyclass(module = "holecard._core", name = "EquityWork", frozen)]
pub struct PyEquityWork {
    game: GameKind,
    hands: Vec<Vec<Card>>,
    dead: Vec<Card>,
    samples: Option<u64>,
    seed: u64,
    threads: Option<usize>,
    four_straight: crate::eval::FourStraight,
    work: Work,
}

/// The constructor's arguments, as `__reduce__` gives them.
type WorkArgs = (
    &'static str,
    Vec<String>,
    String,
    Option<u64>,
    u64,
    Option<usize>,
    &'static str,
);

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[pymethods]
impl PyEquityWork {
    #[new]
    #[pyo3(signature = (
        game, hands, dead = None, samples = None, seed = Seed(0), threads = None,
        four_straight = None
    ))]
    #[allow(clippy::needless_pass_by_value)]
    fn new(
        game: GameArg,
        hands: &Bound<'_, PyAny>,
        dead: Option<&Bound<'_, PyAny>>,
        samples: Option<Samples>,
        seed: Seed,
        threads: Option<Threads>,
        four_straight: Option<FourStraightArg>,
    ) -> PyResult<Self> {
        guarded(|| {
            let (samples, seed, threads) = (samples.map(|s| s.0), seed.0, threads.map(|t| t.0));
            let r = request(game.0, hands, dead, threads, four_straight)?;
            Ok(PyEquityWork {
                game: game.0,
                hands: r.hands,
                dead: r.dead,
                samples,
                seed,
                threads,
                four_straight: r.four_straight,
                work: r.prepared.divide(samples, seed, Scale::Cluster)?,
            })
        })
    }

    /// Units of work, numbered from 0.
    #[getter]
    fn units(&self) -> u64 {
        self.work.units()
    }

    /// Outcomes in all: the samples, or the completions enumerated.
    #[getter]
    fn outcomes(&self) -> u64 {
        self.work.outcomes()
    }

    /// Whether every completion is enumerated.
    #[getter]
    fn exact(&self) -> bool {
        self.work.is_exact()
    }

    /// The estimated time of the whole work on one core, in seconds.
    #[getter]
    fn core_seconds(&self) -> f64 {
        self.work.core_seconds()
    }

    /// Units per chunk: ``chunk_size`` outcomes' worth (at least one unit), or when it is
    /// ``None`` the size :func:`units_per_chunk` picks for ``workers`` workers costing
    /// ``overhead_seconds`` per chunk.
    #[pyo3(signature = (chunk_size, workers, overhead_seconds))]
    fn units_per_chunk(&self, chunk_size: Option<u64>, workers: u64, overhead_seconds: f64) -> u64 {
        let (units, outcomes) = (self.work.units(), self.work.outcomes().max(1));
        match chunk_size {
            Some(size) => {
                let per = (u128::from(size) * u128::from(units)).div_ceil(u128::from(outcomes));
                u64::try_from(per)
                    .unwrap_or(u64::MAX)
                    .clamp(1, units.max(1))
            }
            None => crate::chunks::units_per_chunk(
                units,
                self.work.core_seconds(),
                workers,
                overhead_seconds,
            ),
        }
    }

    /// For exact work: ``(player, card sets)``, the player whose first cards dealt the
    /// units split and the sets of them that units ``start .. stop`` cover whole (as
    /// text); ``None`` for Monte Carlo or when those units cut inside one set. Running
    /// :func:`holecard.equity` once per set, added to his hand, counts the same
    /// completions as the units: an independent check of any chunk.
    fn split_sets(&self, start: u64, stop: u64) -> Option<(usize, Vec<String>)> {
        self.work
            .split_sets(start..stop)
            .map(|(player, sets)| (player, sets.iter().map(|s| cards_text(s)).collect()))
    }

    /// The totals of units ``start .. stop``, on this machine's threads (Ctrl-C stops it).
    #[pyo3(signature = (start, stop, *, progress = None))]
    #[allow(clippy::needless_pass_by_value)]
    fn run(
        &self,
        py: Python<'_>,
        start: u64,
        stop: u64,
        progress: Option<Callback<'_>>,
    ) -> PyResult<PyEquityTotals> {
        guarded(|| {
            let progress = progress.as_ref().map(|p| &p.0);
            let totals = super::interrupt::interruptible_with_progress(py, progress, |cancel| {
                self.work.run(start..stop, cancel)
            })??;
            Ok(PyEquityTotals {
                totals,
                players: self.hands.len(),
                covered: Covered::of(start..stop),
            })
        })
    }

    /// The :class:`Equity` of the merged totals of every unit (refused unless they cover
    /// every unit once and count every outcome once).
    fn finish(&self, totals: &PyEquityTotals) -> PyResult<PyEquity> {
        if totals.players != self.hands.len() {
            return Err(error::totals_of_other_players(
                totals.players,
                self.hands.len(),
            ));
        }
        // Equal outcome counts are not enough: a chunk counted twice and another of the
        // same size missing would pass.
        let units = self.work.units();
        if let Some(gap) = totals.covered.missing(units) {
            return Err(error::units_missing(&gap));
        }
        if let Some(extra) = totals.covered.beyond(units) {
            return Err(error::units_beyond(&extra, units));
        }
        let e = self.work.finish(&totals.totals)?;
        // Totals a chunk got wrong (or made by hand) would make an impossible result.
        e.check().map_err(|p| error::totals_do_not_add_up(&p))?;
        Ok(PyEquity::new_record(
            self.game,
            e,
            self.samples.map(|_| self.seed),
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, WorkArgs) {
        let me = slf.get();
        (
            slf.get_type().into_any(),
            (
                me.game.id(),
                me.hands.iter().map(|h| cards_text(h)).collect(),
                cards_text(&me.dead),
                me.samples,
                me.seed,
                me.threads,
                me.four_straight.name(),
            ),
        )
    }
}

/// The integer totals of some units of an :class:`EquityWork`, and the units they cover:
/// they merge exactly with ``+`` in any order, and a unit counted twice is refused.
/// Immutable, hashable, picklable.
#[pyclass(module = "holecard._core", name = "EquityTotals", frozen)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyEquityTotals {
    totals: Totals,
    players: usize,
    covered: Covered,
}

/// `a` plus `b`, or `None` when a sum passes what 128 bits hold.
fn checked_merge(a: &Totals, b: &Totals) -> Option<Totals> {
    let mut sum = a.clone();
    sum.outcomes = a.outcomes.checked_add(b.outcomes)?;
    for p in 0..MAX_PLAYERS {
        sum.units[p] = a.units[p].checked_add(b.units[p])?;
        sum.low[p] = a.low[p].checked_add(b.low[p])?;
        sum.squares[p] = a.squares[p].checked_add(b.squares[p])?;
        sum.wins[p] = a.wins[p].checked_add(b.wins[p])?;
        sum.ties[p] = a.ties[p].checked_add(b.ties[p])?;
    }
    Some(sum)
}

/// The coverage of `ranges` (``(start, stop)`` pairs) of `what`; a range that runs
/// backwards, or units two ranges share, is an error naming them.
pub(crate) fn covered(ranges: &[(u64, u64)], what: &str) -> PyResult<Covered> {
    if let Some((a, b)) = ranges.iter().find(|(a, b)| a > b) {
        return Err(error::range_backwards(what, *a, *b));
    }
    Covered::from_ranges(ranges.iter().map(|&(a, b)| a..b)).map_err(|r| twice(what, &r))
}

/// The error for units `r` of `what` counted twice.
pub(crate) use super::error::counted_twice as twice;

/// The ranges as Python reads them.
pub(crate) fn pairs(covered: &Covered) -> Vec<(u64, u64)> {
    covered.ranges().iter().map(|r| (r.start, r.end)).collect()
}

/// Per-player counts as Python reads and writes them.
type Counts = Vec<u128>;

#[pymethods]
impl PyEquityTotals {
    /// ``low`` (the part of each unit sum won with the low hand, stud hi/lo) defaults to
    /// zeros; ``ranges``, the ``(start, stop)`` units counted, to none.
    #[new]
    #[pyo3(signature = (outcomes, units, squares, wins, ties, low = None, ranges = Vec::new()))]
    #[allow(clippy::needless_pass_by_value, clippy::too_many_arguments)]
    fn new(
        outcomes: u128,
        units: Counts,
        squares: Counts,
        wins: Counts,
        ties: Counts,
        low: Option<Counts>,
        ranges: Vec<(u64, u64)>,
    ) -> PyResult<Self> {
        let n = units.len();
        let low = low.unwrap_or_else(|| vec![0; n]);
        if n > MAX_PLAYERS || [squares.len(), wins.len(), ties.len(), low.len()] != [n; 4] {
            return Err(error::totals_lengths(
                MAX_PLAYERS,
                [n, squares.len(), wins.len(), ties.len(), low.len()],
            ));
        }
        if let Some(p) = (0..n).find(|&p| low[p] > units[p]) {
            return Err(error::low_above_units(p, low[p], units[p]));
        }
        let mut totals = Totals {
            outcomes,
            ..Totals::default()
        };
        totals.units[..n].copy_from_slice(&units);
        totals.squares[..n].copy_from_slice(&squares);
        totals.wins[..n].copy_from_slice(&wins);
        totals.ties[..n].copy_from_slice(&ties);
        totals.low[..n].copy_from_slice(&low);
        Ok(PyEquityTotals {
            totals,
            players: n,
            covered: covered(&ranges, "units")?,
        })
    }

    /// The units counted, as ascending ``(start, stop)`` ranges (touching ones joined).
    #[getter]
    fn ranges(&self) -> Vec<(u64, u64)> {
        pairs(&self.covered)
    }

    /// Outcomes counted.
    #[getter]
    fn outcomes(&self) -> u128 {
        self.totals.outcomes
    }

    /// Per player, pot units won.
    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.totals.units[..self.players])
    }

    /// Per player, the sum of squared per-outcome pot units (Monte Carlo).
    #[getter]
    fn squares<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.totals.squares[..self.players])
    }

    /// Per player, outcomes won outright.
    #[getter]
    fn wins<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.totals.wins[..self.players])
    }

    /// Per player, outcomes split.
    #[getter]
    fn ties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.totals.ties[..self.players])
    }

    /// Per player, the part of ``units`` won with the low hand (stud hi/lo; 0 otherwise).
    #[getter]
    fn low<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.totals.low[..self.players])
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyEquityTotals>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get();
        if other.players != self.players {
            return Err(error::adding_other_players(self.players, other.players));
        }
        let covered = self
            .covered
            .union(&other.covered)
            .map_err(|r| twice("units", &r))?;
        let totals = checked_merge(&self.totals, &other.totals).ok_or_else(|| {
            ConfigurationError::new_err("adding these equity totals passes 2**128 - 1")
        })?;
        let sum = PyEquityTotals {
            totals,
            players: self.players,
            covered,
        };
        Ok(Py::new(py, sum)?.into_any())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyEquityTotals>()
            .is_ok_and(|o| self == o.get())
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "EquityTotals(outcomes={}, units={}, squares={}, wins={}, ties={}, low={}, \
             ranges={:?})",
            self.totals.outcomes,
            self.units(py)?.repr()?,
            self.squares(py)?.repr()?,
            self.wins(py)?.repr()?,
            self.ties(py)?.repr()?,
            self.low(py)?.repr()?,
            self.ranges(),
        ))
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, PyAny>,
        (
            u128,
            Counts,
            Counts,
            Counts,
            Counts,
            Counts,
            Vec<(u64, u64)>,
        ),
    ) {
        let me = slf.get();
        let t = &me.totals;
        let n = me.players;
        (
            slf.get_type().into_any(),
            (
                t.outcomes,
                t.units[..n].to_vec(),
                t.squares[..n].to_vec(),
                t.wins[..n].to_vec(),
                t.ties[..n].to_vec(),
                t.low[..n].to_vec(),
                me.ranges(),
            ),
        )
    }
}

/// Units per chunk for ``units`` units worth ``core_seconds`` on one core, spread over
/// ``workers`` workers whose executor costs ``overhead_seconds`` per chunk.
#[pyfunction]
pub fn units_per_chunk(units: u64, core_seconds: f64, workers: u64, overhead_seconds: f64) -> u64 {
    crate::chunks::units_per_chunk(units, core_seconds, workers, overhead_seconds)
}

/// ``0 .. units`` cut into consecutive ``(start, stop)`` ranges of ``per_chunk`` units,
/// made on demand (a sequence: ``len``, indexing, iteration); refused when that makes more
/// than `crate::chunks::MAX_CHUNKS` (2**24) of them.
#[pyfunction]
pub fn chunk_ranges(units: u64, per_chunk: u64) -> PyResult<PyChunkRanges> {
    guarded(|| {
        let chunks = Chunks::new(units, per_chunk);
        if chunks.len() > crate::chunks::MAX_CHUNKS {
            return Err(error::too_many_chunks(units, per_chunk, chunks.len()));
        }
        Ok(PyChunkRanges(chunks))
    })
}

/// The chunks of :func:`chunk_ranges`: a read-only sequence of ``(start, stop)`` ranges,
/// each computed when read.
#[pyclass(module = "holecard._core", name = "ChunkRanges", frozen, sequence)]
pub struct PyChunkRanges(Chunks);

#[pymethods]
impl PyChunkRanges {
    /// Units in all.
    #[getter]
    fn units(&self) -> u64 {
        self.0.units()
    }

    /// Units per chunk (the last may have fewer).
    #[getter]
    fn per_chunk(&self) -> u64 {
        self.0.per_chunk()
    }

    // At most 2**24 chunks (checked in chunk_ranges): a usize.
    #[allow(clippy::cast_possible_truncation)]
    fn __len__(&self) -> usize {
        self.0.len() as usize
    }

    fn __getitem__(&self, index: i64) -> PyResult<(u64, u64)> {
        let len = self.0.len();
        let at = if index < 0 {
            len.checked_sub(index.unsigned_abs())
        } else {
            Some(index.unsigned_abs())
        };
        at.and_then(|i| self.0.get(i))
            .map(|r| (r.start, r.end))
            .ok_or_else(|| error::chunk_out_of_range(index, len))
    }

    fn __iter__(&self) -> PyChunkIter {
        PyChunkIter {
            chunks: self.0,
            next: std::sync::atomic::AtomicU64::new(0),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "ChunkRanges(units={}, per_chunk={})",
            self.0.units(),
            self.0.per_chunk()
        )
    }
}

/// An iterator over :class:`ChunkRanges`.
#[pyclass(module = "holecard._core", name = "ChunkIterator", frozen)]
pub struct PyChunkIter {
    chunks: Chunks,
    next: std::sync::atomic::AtomicU64,
}

#[pymethods]
impl PyChunkIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<(u64, u64)> {
        let i = self
            .next
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            .min(self.chunks.len());
        self.chunks.get(i).map(|r| (r.start, r.end))
    }
}
