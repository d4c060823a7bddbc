//! `Move` (one legal move as a value) and `Moves` (every legal move now, as a sequence):
//! what `State.legal_moves()` returns and `State.apply(move)` takes.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PySlice, PyTuple};

use super::args::{self, OutOfRange};
use super::cards::{card_tuple, extract_cards};
use super::error::{self, ConfigurationError, IllegalActionError, IndexOutOfRangeError};
use super::guard::guarded;
use crate::cardset::CardSet;
use crate::game::{Action, LegalMoves, MovesParts};

/// The kinds a `Move` is made of, in the order the documentation lists them (every
/// action but the time-out).
const KINDS: &[&str] = Action::KINDS.split_at(Action::MOVE_KINDS).0;

/// One move of the player to act, as an immutable value: what ``State.legal_moves()``
/// lists and ``State.apply(move)`` plays.
///
/// ``kind`` is the name of the ``State`` method the move calls (``fold``, ``check``,
/// ``call``, ``post_bring_in``, ``complete``, ``bet_or_raise_to``, ``draw``,
/// ``stand_pat``); ``amount`` is the round total of a ``bet_or_raise_to`` (else
/// ``None``); ``discards`` the cards a ``draw`` throws, in card order (else ``()``). A
/// draw of no card is the ``stand_pat`` move. Moves compare and hash by value, pickle, and
/// match positionally (``case Move("bet_or_raise_to", amount)``), so bots, user interfaces
/// and learning agents can share them as dictionary keys or action labels.
///
/// >>> from holecard import Move
/// >>> Move("bet_or_raise_to", 40)
/// Move('bet_or_raise_to', 40)
/// >>> Move("draw", discards="Kd 2c").discards
/// (Card('2c'), Card('Kd'))
/// >>> Move("draw") == Move("stand_pat")
/// True
#[pyclass(module = "holecard._core", name = "Move", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove(pub(crate) Action);

/// What `Move.__reduce__` returns: the class and the constructor's arguments.
type Reduced<'py> = (
    Bound<'py, PyAny>,
    (&'static str, Option<u64>, Bound<'py, PyTuple>),
);

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (kind, amount = None, discards = None))]
    fn new(
        kind: &Bound<'_, PyAny>,
        amount: Option<&Bound<'_, PyAny>>,
        discards: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        guarded(|| {
            let kind = args::text(kind, "kind")?;
            let kind = kind.to_str()?;
            let amount = amount
                .map(|a| args::whole(a, "amount", 0, u64::MAX, OutOfRange::Configuration))
                .transpose()?;
            let cards = match discards {
                Some(d) if !d.is_none() => Some(CardSet::from_cards(&extract_cards(d)?)?),
                _ => None,
            };
            // An unknown kind first: "raise" with an amount is a misspelt kind, not a
            // raise that may not carry one.
            if !KINDS.contains(&kind) {
                return Err(error::unknown_move_kind(kind, KINDS));
            }
            if amount.is_some() && kind != "bet_or_raise_to" {
                return Err(error::move_takes_no("amount", kind));
            }
            if cards.is_some_and(|c| !c.is_empty()) && kind != "draw" {
                return Err(error::move_takes_no("discards", kind));
            }
            let action = match (Action::plain(kind), kind) {
                (Some(plain), _) => plain,
                (None, "bet_or_raise_to") => Action::BetRaiseTo(amount.ok_or_else(|| {
                    ConfigurationError::new_err("a bet_or_raise_to move needs an amount")
                })?),
                (None, "draw" | "stand_pat") => match cards {
                    Some(c) if !c.is_empty() => Action::Draw(c),
                    _ => Action::StandPat,
                },
                (None, other) => return Err(error::unknown_move_kind(other, KINDS)),
            };
            Ok(PyMove(action))
        })
    }

    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("kind", "amount", "discards")
    }

    /// The name of the ``State`` method the move calls.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind_name()
    }

    /// The round total of a ``bet_or_raise_to`` move, else ``None``.
    #[getter]
    fn amount(&self) -> Option<u64> {
        match self.0 {
            Action::BetRaiseTo(x) => Some(x),
            _ => None,
        }
    }

    /// The cards a ``draw`` move discards, in card order (``()`` for every other move).
    #[getter]
    fn discards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guarded(|| match self.0 {
            Action::Draw(d) => card_tuple(py, d.iter()),
            _ => Ok(PyTuple::empty(py)),
        })
    }

    pub(crate) fn __repr__(&self) -> String {
        match self.0 {
            Action::BetRaiseTo(x) => format!("Move('bet_or_raise_to', {x})"),
            Action::Draw(d) => {
                let text: Vec<String> = d.iter().map(|c| c.to_string()).collect();
                format!("Move('draw', discards='{}')", text.join(" "))
            }
            other => format!("Move('{}')", other.kind_name()),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let me = slf.get();
        Ok((
            slf.get_type().into_any(),
            (me.kind(), me.amount(), me.discards(py)?),
        ))
    }
}

/// Every legal move of the player to act (``State.legal_moves()``): an immutable sequence
/// of :class:`Move` (``len``, indexing, slicing, ``in``, iteration, ``index``,
/// ``count``), empty when the hand is over. A time-out is always possible and not listed.
///
/// The order is fixed, so an index names a move: ``fold``, ``check``, ``call``,
/// ``post_bring_in``, ``complete``, then the ``bet_or_raise_to`` totals ascending (fixed
/// limit: ``LegalActions.raise_totals``; pot and no limit: every total from
/// ``min_raise_to`` to ``max_raise_to``); in a 2-7 draw all 32 subsets of the hand, move
/// ``m`` discarding the cards whose bits are set in ``m`` over ``hole_cards`` in dealing
/// order (move 0 stands pat, move 31 discards all five). The moves are computed when read,
/// so a no-limit range of any size costs nothing to return. ``Moves`` compare, hash and
/// pickle by value (a pickle stores what they are made of, not the moves).
#[pyclass(module = "holecard._core", name = "Moves", frozen, sequence)]
pub struct PyMoves(pub(crate) LegalMoves);

impl PyMoves {
    fn at(&self, i: u64) -> PyResult<PyMove> {
        self.0
            .get(i)
            .map(PyMove)
            .ok_or_else(|| IndexOutOfRangeError::new_err("move index out of range"))
    }

    fn find(&self, value: &Bound<'_, PyAny>) -> Option<u64> {
        let m = value.cast::<PyMove>().ok()?;
        self.0.position(&m.get().0)
    }
}

#[pymethods]
impl PyMoves {
    fn __len__(&self) -> usize {
        usize::try_from(self.0.len()).unwrap_or(usize::MAX)
    }

    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        guarded(|| {
            let len = self.__len__();
            if let Ok(slice) = index.cast::<PySlice>() {
                // A zero step is Python's ValueError; here it is a holecard error.
                let ix = slice
                    .indices(isize::try_from(len).unwrap_or(isize::MAX))
                    .map_err(|e| ConfigurationError::new_err(e.value(py).to_string()))?;
                let moves = (0..ix.slicelength).map(|k| {
                    let i = ix.start + k.cast_signed() * ix.step;
                    Py::new(py, self.at(i as u64)?)
                });
                return Ok(PyTuple::new(py, moves.collect::<PyResult<Vec<_>>>()?)?.into_any());
            }
            let i: isize = index.extract().map_err(|_| {
                // An integer too big for an index is out of range, like any other.
                if index.is_instance_of::<PyInt>() {
                    IndexOutOfRangeError::new_err("move index out of range")
                } else {
                    args::wrong_type("a move index", "an integer or a slice", index)
                }
            })?;
            let i = if i < 0 { i + len.cast_signed() } else { i };
            if i < 0 {
                return Err(IndexOutOfRangeError::new_err("move index out of range"));
            }
            Ok(Py::new(py, self.at(i as u64)?)?.into_bound(py).into_any())
        })
    }

    fn __contains__(&self, value: &Bound<'_, PyAny>) -> bool {
        self.find(value).is_some()
    }

    /// The position of ``value``; ``ValueError`` if it is not a legal move.
    #[pyo3(signature = (value, /))]
    fn index(&self, value: &Bound<'_, PyAny>) -> PyResult<u64> {
        self.find(value)
            .ok_or_else(|| IllegalActionError::new_err("not a legal move now"))
    }

    /// 1 if ``value`` is a legal move, else 0 (each move is listed once).
    #[pyo3(signature = (value, /))]
    fn count(&self, value: &Bound<'_, PyAny>) -> usize {
        usize::from(self.find(value).is_some())
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        match (other.cast::<PyMoves>(), op) {
            (Ok(o), CompareOp::Eq) => (o.get().0 == self.0).into_pyobject(py).map_or_else(
                |_| py.NotImplemented(),
                |b| b.to_owned().into_any().unbind(),
            ),
            (Ok(o), CompareOp::Ne) => (o.get().0 != self.0).into_pyobject(py).map_or_else(
                |_| py.NotImplemented(),
                |b| b.to_owned().into_any().unbind(),
            ),
            _ => py.NotImplemented(),
        }
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, MovesArgs)> {
        guarded(|| {
            let rebuild = py.import("holecard._core")?.getattr("moves_from_parts")?;
            let p = self.0.parts();
            let head = p.head.iter().map(|&a| a.kind_name()).collect();
            Ok((rebuild.unbind(), (head, p.bets, p.fixed, p.hand)))
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> PyResult<String> {
        guarded(|| {
            let n = self.0.len();
            let show = |i: u64| self.at(i).map(|m| m.__repr__());
            let items: Vec<String> = if n <= 8 {
                (0..n).map(show).collect::<PyResult<_>>()?
            } else {
                vec![show(0)?, show(1)?, "...".into(), show(n - 1)?]
            };
            Ok(format!("Moves({})", items.join(", ")))
        })
    }
}

/// What `Moves.__reduce__` passes to [`moves_from_parts`]: the kinds of the moves before
/// the bets, the lowest and highest bet total, whether only those two ends are legal, and
/// in a draw the hand's card indices in dealing order.
type MovesArgs = (Vec<&'static str>, Option<(u64, u64)>, bool, Option<Vec<u8>>);

/// Rebuilds a `Moves` (used by pickle); an error names parts no position could produce.
#[pyfunction]
pub fn moves_from_parts(
    head: Vec<String>,
    bets: Option<(u64, u64)>,
    fixed: bool,
    hand: Option<Vec<u8>>,
) -> PyResult<PyMoves> {
    guarded(|| {
        let head = head
            .into_iter()
            .map(|kind| Action::plain(&kind).ok_or_else(|| error::not_a_head_move(&kind)))
            .collect::<PyResult<Vec<_>>>()?;
        let parts = MovesParts {
            head,
            bets,
            fixed,
            hand,
        };
        LegalMoves::from_parts(&parts)
            .map(PyMoves)
            .map_err(ConfigurationError::new_err)
    })
}
