//! `HandValue`, the evaluator functions and batch evaluation.

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyReadwriteArray1, PyUntypedArrayMethods};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple};

use super::args::{self, Callback, FourStraightArg, Threads};
use super::cards::{extract_cards, PyCard};
use super::error::{self, InvalidHandError, OutProblem};
use super::guard::guarded;
use crate::batch;
use crate::card::Card;
use crate::eval::{self, FourStraight, HandValue, Ranking, Summary};
use crate::game::spec::{VariantSpec, VARIANTS};

/// The value of a hand under one ranking. Greater is stronger in every ranking, low games
/// included; comparing values of different rankings raises `TypeError`.
///
/// >>> from holecard import evaluate_high, Category
/// >>> v = evaluate_high("Kh Kd Ks 7c 7d 2s 3c")
/// >>> v.category is Category.FULL_HOUSE, str(v)
/// (True, 'Full house, kings over sevens')
/// >>> v
/// HandValue(FULL_HOUSE, 'Ks Kh Kd 7d 7c')
/// >>> v > evaluate_high("Ah Ad Ac Qs Jd 9c 8c")
/// True
// No `freelist`: PyO3 0.30 guards it with a mutex taken on every allocation and free,
// which cost more time than CPython's own small-object allocator (paired runs).
#[pyclass(module = "holecard._core", name = "HandValue", frozen)]
pub struct PyHandValue {
    value: HandValue,
    /// The cards evaluated (at most seven; no heap allocation per value).
    held: [Card; 7],
    len: u8,
}

impl PyHandValue {
    fn new(value: HandValue, cards: &[Card]) -> Self {
        let (held, len) = Self::held_of(cards);
        Self {
            value,
            held,
            len: len as u8,
        }
    }

    /// At most seven cards in the fixed array a value keeps, and how many there are.
    fn held_of(cards: &[Card]) -> ([Card; 7], usize) {
        let mut held = [Card::new(crate::Rank::Two, crate::Suit::Clubs); 7];
        let n = cards.len().min(7);
        held[..n].copy_from_slice(&cards[..n]);
        (held, n)
    }

    fn held_cards(&self) -> &[Card] {
        &self.held[..self.len as usize]
    }
}

/// A ranking's stable code ([`Ranking::code`]).
pub(crate) fn ranking_code(r: Ranking) -> &'static str {
    r.code()
}

fn ranking_from_code(code: &str) -> PyResult<Ranking> {
    Ranking::of_code(code).ok_or_else(|| error::unknown_ranking(code))
}

#[pymethods]
impl PyHandValue {
    /// The category, a `holecard.Category`.
    #[getter]
    fn category(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        static CATEGORY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        guarded(|| {
            let cls = CATEGORY.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
                Ok(py.import("holecard._enums")?.getattr("Category")?.unbind())
            })?;
            Ok(cls.bind(py).call1((self.value.category() as u8,))?.unbind())
        })
    }

    /// The five cards used (showing hands: the up-cards), best first.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guarded(|| {
            let five = eval::best_five(self.value, self.held_cards());
            PyTuple::new(py, five.into_iter().map(PyCard))
        })
    }

    /// An integer that orders values of this ranking: greater is stronger.
    #[getter]
    fn strength(&self) -> PyResult<u32> {
        guarded(|| Ok(self.value.strength()))
    }

    /// The ranking's name, e.g. `"high"`, `"soko"`, `"low8"`, `"showing_stud"`.
    #[getter]
    fn ranking(&self) -> PyResult<&'static str> {
        guarded(|| Ok(ranking_code(self.value.ranking())))
    }

    fn __str__(&self) -> PyResult<String> {
        guarded(|| Ok(self.value.to_string()))
    }

    fn __repr__(&self) -> PyResult<String> {
        guarded(|| {
            let five: Vec<String> = eval::best_five(self.value, self.held_cards())
                .iter()
                .map(ToString::to_string)
                .collect();
            let cat = format!("{:?}", self.value.category());
            // CamelCase → UPPER_SNAKE, as the Python enum member.
            let mut name = String::new();
            for (i, ch) in cat.chars().enumerate() {
                if ch.is_uppercase() && i > 0 {
                    name.push('_');
                }
                name.push(ch.to_ascii_uppercase());
            }
            Ok(format!("HandValue({name}, '{}')", five.join(" ")))
        })
    }

    fn __hash__(&self) -> PyResult<u64> {
        use std::hash::{DefaultHasher, Hash, Hasher};
        guarded(|| {
            let mut h = DefaultHasher::new();
            ranking_code(self.value.ranking()).hash(&mut h);
            self.value.strength().hash(&mut h);
            Ok(h.finish())
        })
    }

    fn __richcmp__(
        &self,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
        py: Python<'_>,
    ) -> PyResult<Py<PyAny>> {
        guarded(|| {
            let Ok(other) = other.cast::<PyHandValue>() else {
                return Ok(py.NotImplemented());
            };
            let other = other.get().value;
            let same = other.ranking() == self.value.ranking();
            let result = match op {
                CompareOp::Eq => same && other.strength() == self.value.strength(),
                CompareOp::Ne => !same || other.strength() != self.value.strength(),
                _ if !same => {
                    return Err(error::ranking_mismatch(
                        self.value.ranking().code(),
                        other.ranking().code(),
                    ))
                }
                _ => op.matches(self.value.strength().cmp(&other.strength())),
            };
            Ok(pyo3::types::PyBool::new(py, result)
                .to_owned()
                .into_any()
                .unbind())
        })
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, ReduceArgs)> {
        guarded(|| {
            let f = py
                .import("holecard._core")?
                .getattr("hand_value_from_parts")?
                .unbind();
            let idx = self.held_cards().iter().map(|c| c.index()).collect();
            Ok((
                f,
                (
                    ranking_code(self.value.ranking()),
                    self.value.strength(),
                    idx,
                ),
            ))
        })
    }
}

/// The arguments pickle passes back to [`hand_value_from_parts`].
type ReduceArgs = (&'static str, u32, Vec<u8>);

/// Rebuilds a `HandValue` (used by pickle).
#[pyfunction]
pub fn hand_value_from_parts(
    ranking: &str,
    strength: u32,
    cards: Vec<u8>,
) -> PyResult<PyHandValue> {
    guarded(|| {
        let ranking = ranking_from_code(ranking)?;
        let cards: Vec<Card> = cards
            .into_iter()
            .map(|i| Card::from_index(i64::from(i)))
            .collect::<Result<_, _>>()?;
        ranking.validate(&cards)?;
        let idx: Vec<u8> = cards.iter().map(|c| c.index()).collect();
        let value = HandValue::from_parts(ranking, strength)
            .filter(|v| v.strength() == ranking.strength_unchecked(&idx))
            .ok_or_else(|| error::strength_mismatch(strength))?;
        Ok(PyHandValue::new(value, &cards))
    })
}

/// The card a `Card` object holds.
// Seven times in each single evaluation.
#[allow(clippy::inline_always)]
#[inline(always)]
fn card(item: &Bound<'_, PyAny>) -> Option<Card> {
    item.cast::<PyCard>().ok().map(|c| c.get().0)
}

/// Up to seven `Card`s read from a list or tuple of `Card` objects without allocating, with
/// their summary, or `None` for anything else (left to the general conversion, which names
/// what is wrong). The fast path of single evaluation: a tuple lends its items without
/// reference counts; each card is summarised as it is read.
fn held_cards(cards: &Bound<'_, PyAny>) -> Option<([Card; 7], usize, Summary)> {
    let mut held = [Card::new(crate::Rank::Two, crate::Suit::Clubs); 7];
    let mut sum = Summary::default();
    let mut keep = |slot: &mut Card, c: Card| {
        sum.add(c);
        *slot = c;
    };
    let n = if let Ok(list) = cards.cast::<PyList>() {
        let n = list.len();
        // A list's iterator reads each item and the length inline, where the stable ABI
        // has a function call for each: there the items are read by index.
        #[cfg(not(feature = "abi3"))]
        for (slot, item) in held.iter_mut().zip(list.iter()) {
            keep(slot, card(&item)?);
        }
        #[cfg(feature = "abi3")]
        for (i, slot) in held.iter_mut().enumerate().take(n) {
            keep(slot, card(&list.get_item(i).ok()?)?);
        }
        n
    } else if let Ok(tuple) = cards.cast::<PyTuple>() {
        for (slot, item) in held.iter_mut().zip(tuple.iter_borrowed()) {
            keep(slot, card(&item)?);
        }
        tuple.len()
    } else {
        return None;
    };
    (n <= held.len()).then_some((held, n, sum))
}

/// Validates and evaluates; `None` only for an 8-or-better hand without a low.
fn evaluate_opt(ranking: Ranking, cards: &Bound<'_, PyAny>) -> PyResult<Option<PyHandValue>> {
    let (held, n, value) = if let Some((held, n, sum)) = held_cards(cards) {
        let idx = held.map(Card::index);
        let value = ranking.value_summarised(&held[..n], &idx[..n], sum)?;
        (held, n, value)
    } else {
        let owned = extract_cards(cards)?;
        let value = ranking.value(&owned)?;
        let (held, n) = PyHandValue::held_of(&owned);
        (held, n, value)
    };
    Ok(value.map(|value| PyHandValue {
        value,
        held,
        len: n as u8,
    }))
}

fn evaluate(ranking: Ranking, cards: &Bound<'_, PyAny>) -> PyResult<PyHandValue> {
    evaluate_opt(ranking, cards)?
        .ok_or_else(|| InvalidHandError::new_err("the hand has no value in this ranking"))
}

/// Best high hand of 5-7 cards (docs/rules.md E-2.1).
#[pyfunction]
pub fn evaluate_high(cards: &Bound<'_, PyAny>) -> PyResult<PyHandValue> {
    guarded(|| evaluate(Ranking::High, cards))
}

/// Soko value of exactly five cards (docs/rules.md E-2.2).
#[pyfunction]
#[pyo3(signature = (cards, *, four_straight = FourStraightArg(FourStraight::Consecutive)))]
#[pyo3(text_signature = "(cards, *, four_straight='CONSECUTIVE')")]
pub fn evaluate_soko(
    cards: &Bound<'_, PyAny>,
    four_straight: FourStraightArg,
) -> PyResult<PyHandValue> {
    guarded(|| evaluate(Ranking::Soko(four_straight.0), cards))
}

/// Best ace-to-five low of 5-7 cards (docs/rules.md E-2.3.1-2; razz).
#[pyfunction]
pub fn evaluate_ace_five(cards: &Bound<'_, PyAny>) -> PyResult<PyHandValue> {
    guarded(|| evaluate(Ranking::AceFive, cards))
}

/// Best 8-or-better low of 5-7 cards, or `None` (docs/rules.md E-2.3.3-4).
#[pyfunction]
pub fn evaluate_low8(cards: &Bound<'_, PyAny>) -> PyResult<Option<PyHandValue>> {
    guarded(|| evaluate_opt(Ranking::Low8, cards))
}

/// Best deuce-to-seven low of 5-7 cards (docs/rules.md E-2.4): the lowest five among them.
#[pyfunction]
pub fn evaluate_deuce_seven(cards: &Bound<'_, PyAny>) -> PyResult<PyHandValue> {
    guarded(|| evaluate(Ranking::DeuceSeven, cards))
}

/// Showing hand of 1-4 up-cards for stud first-to-act (docs/rules.md E-2.5).
#[pyfunction]
#[pyo3(signature = (
    cards, *, game, soko_four_card_hands = true,
    four_straight = FourStraightArg(FourStraight::Consecutive)
))]
#[pyo3(text_signature = "(cards, *, game, soko_four_card_hands=True, four_straight='CONSECUTIVE')")]
pub fn evaluate_showing(
    cards: &Bound<'_, PyAny>,
    game: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = args::soko_four_card_hands_flag)] soko_four_card_hands: bool,
    four_straight: FourStraightArg,
) -> PyResult<PyHandValue> {
    guarded(|| {
        let mode = four_straight.0;
        let text = args::text(game, "game")?;
        let id = text.to_str()?;
        // Either case, as `holecard.Game` reads game names.
        let showing = VariantSpec::by_id(&id.to_ascii_lowercase())
            .and_then(|v| v.showing_game(soko_four_card_hands, mode));
        let Some(game) = showing else {
            let stud: Vec<&str> = VARIANTS
                .iter()
                .filter(|v| v.showing.is_some())
                .map(|v| v.id)
                .collect();
            return Err(error::no_showing_hands(id, &stud));
        };
        evaluate(Ranking::Showing(game), cards)
    })
}

/// Number of distinct values of a ranking (by code), as counted in docs/rules.md §5.1.
#[pyfunction]
pub fn distinct_values(ranking: &str) -> PyResult<Option<usize>> {
    guarded(|| Ok(ranking_from_code(ranking)?.distinct_values()))
}

/// Rows evaluated between two checks for Ctrl-C and progress reports: a few
/// milliseconds of work, so an interrupt is seen well within a second.
const ROWS_PER_STEP: usize = 1 << 20;

/// The caller's `out` array, borrowed for writing, if it can take `rows` strengths: a
/// writable, C-contiguous, aligned 1-D `uint32` array of exactly that length, not in use
/// elsewhere (such as the hands themselves).
fn output_array<'py>(
    out: &Bound<'py, PyAny>,
    rows: usize,
) -> PyResult<PyReadwriteArray1<'py, u32>> {
    let problem = match out.cast::<PyArray1<u32>>() {
        Err(_) => {
            let attr = |name: &str| out.getattr(name).map(|v| v.to_string());
            if let (Ok(shape), Ok(dtype)) = (attr("shape"), attr("dtype")) {
                OutProblem::Array { shape, dtype }
            } else {
                let name = out.get_type().name().map(|n| n.to_string());
                OutProblem::Object(name.unwrap_or_else(|_| "?".into()))
            }
        }
        Ok(a) if a.len() != rows => OutProblem::Slots(a.len()),
        Ok(a) if !a.is_c_contiguous() || !a.is_aligned() => OutProblem::Layout,
        Ok(a) => match a.try_readwrite() {
            Ok(writer) => return Ok(writer),
            Err(e) => OutProblem::Unwritable(e.to_string()),
        },
    };
    Err(error::bad_out(rows, &problem))
}

/// Rows from which a new output comes from `numpy.empty` rather than zeroed memory.
const UNZEROED_FROM_ROWS: usize = 1 << 14;

/// A new output array of `rows` slots. A large one is left unzeroed (`numpy.empty`):
/// every slot is written before it is returned, and zeroing first would cost a tenth of the
/// evaluation itself (fresh pages faulted in, or a memset). A small one is zeroed, which is
/// cheaper than calling into Python for it.
fn new_output(py: Python<'_>, rows: usize) -> PyResult<Bound<'_, PyArray1<u32>>> {
    static EMPTY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    if rows < UNZEROED_FROM_ROWS {
        return Ok(PyArray1::zeros(py, rows, false));
    }
    let empty = EMPTY.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("numpy")?.getattr("empty")?.unbind())
    })?;
    let array = empty.bind(py).call1((rows, "uint32"))?;
    Ok(array.cast_into::<PyArray1<u32>>()?)
}

/// The error for an output array that cannot be borrowed for writing as one slice.
fn unwritable(e: impl std::fmt::Display) -> PyErr {
    error::out_unwritable(&e.to_string())
}

/// Strengths of every row of a `uint8 (n, k)` array, with the GIL released, written into
/// `out` when given (and returned) or into a new array.
///
/// The rows are evaluated in steps; between steps the call checks for signals (so Ctrl-C
/// raises `KeyboardInterrupt`) and reports `progress(done, total)` if given.
// PyO3 extracts arguments by value; the read-only borrow ends with the call.
#[allow(clippy::needless_pass_by_value)]
#[pyfunction]
#[pyo3(signature = (
    ranking, hands, *, four_straight = None, threads = None, progress = None, out = None,
    validate = true
))]
#[pyo3(
    text_signature = "(ranking, hands, *, four_straight=None, threads=None, progress=None, out=None, validate=True)"
)]
#[allow(clippy::too_many_arguments)]
pub fn batch_evaluate<'py>(
    py: Python<'py>,
    ranking: &str,
    hands: PyReadonlyArray2<'py, u8>,
    four_straight: Option<FourStraightArg>,
    threads: Option<Threads>,
    progress: Option<Callback<'py>>,
    out: Option<Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::validate_flag)] validate: bool,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    guarded(|| {
        let check_rows = if validate {
            batch::Check::Rows
        } else {
            batch::Check::Trusted
        };
        let ranking = match (ranking_from_code(ranking)?, four_straight) {
            (Ranking::Soko(_), Some(mode)) => Ranking::Soko(mode.0),
            (ranking, None) => ranking,
            (_, Some(_)) => return Err(error::four_straight_not_soko(ranking)),
        };
        let threads = threads.map(|t| t.0);
        let progress = progress.map(|p| p.0);
        let view = hands.as_array();
        let (n, k) = view.dim();
        if k == 0 {
            return Err(InvalidHandError::new_err(
                "hands have no cards (shape (n, 0))",
            ));
        }
        // Shape and count checks come first: before anything is copied or made.
        let total = batch::check(ranking, n.saturating_mul(k), k)?;
        let owned;
        // `as_slice` also accepts Fortran order, which would read the cards column-wise.
        let flat: &[u8] = if let (true, Ok(s)) = (view.is_standard_layout(), hands.as_slice()) {
            s
        } else {
            // A strided or broadcast view is copied row after row; refused, not aborted on,
            // when the copy cannot be allocated.
            let mut copy = Vec::new();
            copy.try_reserve_exact(n * k)
                .map_err(|_| error::no_memory_for_copy(n, k))?;
            copy.extend(view.iter().copied());
            owned = copy;
            &owned
        };
        let mut writer = match &out {
            Some(given) => output_array(given, total)?,
            None => new_output(py, total)?.try_readwrite().map_err(unwritable)?,
        };
        let array: &Bound<'py, PyArray1<u32>> = &writer;
        let array = array.clone();
        let strengths = writer.as_slice_mut().map_err(unwritable)?;
        let steps = flat
            .chunks(ROWS_PER_STEP * k)
            .zip(strengths.chunks_mut(ROWS_PER_STEP));
        for (step, (rows, part)) in steps.enumerate() {
            let first = step * ROWS_PER_STEP;
            py.detach(|| batch::evaluate_into(ranking, rows, k, threads, check_rows, part))
                .map_err(|e| match e {
                    // Row numbers count from the start of the whole array.
                    crate::error::EvalError::BadRow { row, reason } => {
                        crate::error::EvalError::BadRow {
                            row: row + first,
                            reason,
                        }
                    }
                    other => other,
                })?;
            py.check_signals()?;
            if let Some(report) = &progress {
                report.call1((first + part.len(), total))?;
            }
        }
        drop(writer);
        Ok(array)
    })
}
