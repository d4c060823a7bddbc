//! `Card`, `Deck` and the conversion of anything card-like into cards.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

use super::args::{CardIndex, Position, Seed, DEAL_COUNT};
use super::error;
use super::guard::guarded;
use crate::card::{self, Card};
use crate::deck::Deck;
use crate::error::CardError;

/// A playing card: immutable, hashable, ordered by rank then suit, picklable.
///
/// >>> from holecard import Card, Rank, Suit
/// >>> c = Card("As")
/// >>> c, str(c), c.rank is Rank.ACE, c.suit is Suit.SPADES, c.index
/// (Card('As'), 'As', True, True, 51)
/// >>> Card("2c") < Card("2d") < Card("3c")
/// True
#[pyclass(module = "holecard._core", name = "Card", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub(crate) Card);

pub(crate) fn enum_member(
    py: Python<'_>,
    cache: &'static PyOnceLock<Py<PyTuple>>,
    name: &str,
    i: usize,
) -> PyResult<Py<PyAny>> {
    let members = cache.get_or_try_init(py, || -> PyResult<Py<PyTuple>> {
        let cls = py.import("holecard._enums")?.getattr(name)?;
        let list: Vec<Bound<'_, PyAny>> = cls.try_iter()?.collect::<PyResult<_>>()?;
        Ok(PyTuple::new(py, list)?.unbind())
    })?;
    Ok(members.bind(py).get_item(i)?.unbind())
}

/// Tuples of cards built from one shared object per card: a hand's cards cost a tuple
/// and reference counts, not a new object each.
pub(crate) fn card_tuple<'py>(
    py: Python<'py>,
    cards: impl IntoIterator<Item = Card>,
) -> PyResult<Bound<'py, PyTuple>> {
    let all = shared_cards(py)?;
    let objects: Vec<&Bound<'py, PyCard>> = cards
        .into_iter()
        .map(|c| all[c.index() as usize].bind(py))
        .collect();
    PyTuple::new(py, objects)
}

/// The shared object of `card` (see [`card_tuple`]).
pub(crate) fn card_object(py: Python<'_>, card: Card) -> PyResult<Bound<'_, PyCard>> {
    Ok(shared_cards(py)?[card.index() as usize].bind(py).clone())
}

/// One `Card` object per card, by index, built once.
fn shared_cards(py: Python<'_>) -> PyResult<&Vec<Py<PyCard>>> {
    static CARDS: PyOnceLock<Vec<Py<PyCard>>> = PyOnceLock::new();
    CARDS.get_or_try_init(py, || Card::all().map(|c| Py::new(py, PyCard(c))).collect())
}

// PyO3 methods take `&self`, even on a one-byte `Copy` type.
#[allow(clippy::trivially_copy_pass_by_ref)]
#[pymethods]
impl PyCard {
    /// A card from its text (`"As"`, `"Td"`, `"10d"`) or a card (itself, as every API that
    /// takes cards takes a `Card`); an index is `Card.from_index`'s.
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        guarded(|| {
            if let Ok(card) = text.cast::<PyCard>() {
                return Ok(Self(card.get().0));
            }
            match text.cast::<PyString>() {
                Ok(s) => Ok(Self(s.to_str()?.parse()?)),
                Err(_) => Err(not_card_text(text)),
            }
        })
    }

    /// The card with index `4 * (rank - 2) + suit` (0 = `2c` … 51 = `As`).
    #[staticmethod]
    fn from_index(index: CardIndex) -> PyResult<Self> {
        guarded(|| Ok(Self(Card::from_index(index.0)?)))
    }

    /// The rank, a `holecard.Rank`.
    #[getter]
    fn rank(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        static RANKS: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
        guarded(|| enum_member(py, &RANKS, "Rank", (self.0.rank() as usize) - 2))
    }

    /// The suit, a `holecard.Suit`.
    #[getter]
    fn suit(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        static SUITS: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
        guarded(|| enum_member(py, &SUITS, "Suit", self.0.suit() as usize))
    }

    /// The index `4 * (rank - 2) + suit`.
    #[getter]
    fn index(&self) -> PyResult<u8> {
        guarded(|| Ok(self.0.index()))
    }

    /// The card's spoken name (``"ace of spades"``, ``"deuce of clubs"``), with the rank
    /// names of the hand names (``"Pair of deuces"``).
    ///
    /// >>> from holecard import Card
    /// >>> Card("Td").name
    /// 'ten of diamonds'
    #[getter]
    fn name(&self) -> PyResult<String> {
        guarded(|| Ok(self.0.name()))
    }

    fn __repr__(&self) -> PyResult<String> {
        guarded(|| Ok(format!("Card('{}')", self.0)))
    }

    fn __str__(&self) -> PyResult<String> {
        guarded(|| Ok(self.0.to_string()))
    }

    fn __getnewargs__(&self) -> PyResult<(String,)> {
        guarded(|| Ok((self.0.to_string(),)))
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// The error for `Card(x)` with something other than text; an integer is pointed to
/// `Card.from_index`.
#[cold]
fn not_card_text(obj: &Bound<'_, PyAny>) -> PyErr {
    let hint = if obj.is_instance_of::<PyInt>() {
        " (index: Card.from_index)"
    } else {
        ""
    };
    error::not_card_text(obj, hint)
}

fn one_card(item: &Bound<'_, PyAny>, position: usize) -> PyResult<Card> {
    if let Ok(c) = item.cast::<PyCard>() {
        return Ok(c.get().0);
    }
    if let Ok(s) = item.cast::<PyString>() {
        let text = s.to_str()?;
        return text.parse::<Card>().map_err(|_| {
            CardError::Parse {
                token: text.to_string(),
                position,
            }
            .into()
        });
    }
    Err(error::not_a_card_at(position, item))
}

/// Cards from a string (`"As Kd"`), one `Card`, or an iterable of `Card` or `str`.
pub(crate) fn extract_cards(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    if let Ok(list) = obj.cast::<PyList>() {
        return list
            .iter()
            .enumerate()
            .map(|(i, x)| one_card(&x, i))
            .collect();
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        return tuple
            .iter()
            .enumerate()
            .map(|(i, x)| one_card(&x, i))
            .collect();
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(card::parse_cards(s.to_str()?)?);
    }
    if let Ok(c) = obj.cast::<PyCard>() {
        return Ok(vec![c.get().0]);
    }
    let iter = obj.try_iter().map_err(|_| error::not_cards(obj))?;
    iter.enumerate().map(|(i, x)| one_card(&x?, i)).collect()
}

/// Reads cards from text: `"As Kd 7h"`, `"AsKd7h"`, `"As, Kd, 7h"`, `10` for `T`, any case.
/// A card given twice is a `DuplicateCardError`.
#[pyfunction]
pub fn parse_cards(cards: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    guarded(|| {
        let cards = extract_cards(cards)?;
        crate::cardset::CardSet::from_cards(&cards)?;
        Ok(cards.into_iter().map(PyCard).collect())
    })
}

/// A shuffled 52-card deck; the same seed gives the same order on every platform.
///
/// >>> from holecard import Deck
/// >>> d = Deck(seed=42)
/// >>> len(d), d.deal(2), len(d)
/// (52, [Card('Td'), Card('8h')], 50)
/// >>> Deck(seed=42).cards == Deck(seed=42).cards
/// True
#[pyclass(module = "holecard._core", name = "Deck")]
#[derive(Clone)]
pub struct PyDeck(Deck);

#[pymethods]
impl PyDeck {
    #[new]
    #[pyo3(signature = (*, seed = None))]
    fn new(seed: Option<Seed>) -> PyResult<Self> {
        guarded(|| {
            let seed = seed.map_or_else(
                || {
                    use std::hash::{BuildHasher, RandomState};
                    // Unseeded decks draw their seed from the process's random hasher keys.
                    RandomState::new().hash_one(std::time::SystemTime::now())
                },
                |s| s.0,
            );
            Ok(Self(Deck::shuffled(seed)))
        })
    }

    /// A deck that deals `cards` in the given order, first card first.
    #[staticmethod]
    fn from_cards(cards: &Bound<'_, PyAny>) -> PyResult<Self> {
        guarded(|| {
            let cards = extract_cards(cards)?;
            crate::cardset::CardSet::from_cards(&cards)?;
            Ok(Self(Deck::from_order(&cards)))
        })
    }

    /// Deals `count` cards from the top; more than are left is an `IndexOutOfRangeError`.
    ///
    /// The count is checked first, and the deck then changes only through `Vec::pop`,
    /// which cannot panic: a failure leaves no half-dealt deck behind.
    #[pyo3(signature = (count = Position::of(1)), text_signature = "($self, count=1)")]
    #[allow(clippy::needless_pass_by_value)]
    fn deal(slf: &Bound<'_, Self>, count: Position<DEAL_COUNT>) -> PyResult<Vec<PyCard>> {
        // `count` was read (an `__index__` runs Python code, which may read this deck)
        // before the deck is borrowed.
        let mut this = slf.try_borrow_mut()?;
        guarded(|| {
            let count = count.check(this.0.len() as u64)?;
            Ok((0..count)
                .filter_map(|_| this.0.deal().map(PyCard))
                .collect())
        })
    }

    /// The undealt cards, top card first.
    #[getter]
    fn cards(&self) -> PyResult<Vec<PyCard>> {
        guarded(|| Ok(self.0.cards().into_iter().map(PyCard).collect()))
    }

    fn __len__(&self) -> PyResult<usize> {
        guarded(|| Ok(self.0.len()))
    }

    fn __repr__(&self) -> PyResult<String> {
        guarded(|| Ok(format!("<Deck of {} cards>", self.0.len())))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        guarded(|| match other.cast::<PyDeck>() {
            Ok(o) => Ok(o.try_borrow()?.0 == self.0),
            Err(_) => Ok(false),
        })
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (Vec<PyCard>,))> {
        guarded(|| {
            let from_cards = slf.get_type().getattr("from_cards")?.unbind();
            Ok((from_cards, (slf.try_borrow()?.cards()?,)))
        })
    }
}
