//! `Player`: one seat's cards, chips and status, as `State.players[i]` returns it.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::args::{self, OutOfRange};
use super::cards::{card_tuple, extract_cards};
use super::error;
use super::guard::guarded;
use crate::card::Card;
use crate::game::Seat;

/// One seat: its cards, chips behind, whether it folded, its bet this round.
///
/// ``hole_cards`` are all the cards the player holds, in the order received (as PHH ``dh``
/// and PokerKit count them: stud up-cards included); ``up_cards`` are the face-up ones
/// and ``down_cards`` the face-down ones, each in the order received. A folded player's
/// cards are in the muck: all three are empty. Immutable, hashable and picklable.
///
/// >>> from holecard import Player
/// >>> p = Player(hole_cards="2c 3d Ah", up_cards="Ah", stack=90, folded=False, bet=4)
/// >>> p.up_cards, p.down_cards, p.stack
/// ((Card('Ah'),), (Card('2c'), Card('3d')), 90)
#[pyclass(module = "holecard._core", name = "Player", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPlayer {
    cards: Vec<Card>,
    /// Bit `i` set: `cards[i]` is face up.
    up_mask: u8,
    stack: u64,
    folded: bool,
    bet: u64,
}

impl PyPlayer {
    pub(crate) fn of(seat: &Seat) -> PyPlayer {
        PyPlayer {
            cards: seat.cards().collect(),
            up_mask: seat.up_mask,
            stack: seat.stack,
            folded: seat.folded,
            bet: seat.bet,
        }
    }

    /// The cards whose face-up bit is `up`, in the order received.
    fn facing(&self, up: bool) -> impl Iterator<Item = Card> + '_ {
        self.cards
            .iter()
            .enumerate()
            .filter(move |&(i, _)| (self.up_mask >> i & 1 == 1) == up)
            .map(|(_, &c)| c)
    }

    fn up(&self) -> impl Iterator<Item = Card> + '_ {
        self.facing(true)
    }
}

/// What `__reduce__` returns: the class and the constructor's arguments.
type Reduced<'py> = (
    Bound<'py, PyAny>,
    (Bound<'py, PyTuple>, Bound<'py, PyTuple>, u64, bool, u64),
);

#[pymethods]
impl PyPlayer {
    #[new]
    #[pyo3(signature = (hole_cards, up_cards, stack, folded, bet))]
    fn new(
        hole_cards: &Bound<'_, PyAny>,
        up_cards: &Bound<'_, PyAny>,
        stack: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = args::folded_flag)] folded: bool,
        bet: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        guarded(|| {
            let stack = args::whole(stack, "stack", 0, u64::MAX, OutOfRange::Configuration)?;
            let bet = args::whole(bet, "bet", 0, u64::MAX, OutOfRange::Configuration)?;

            let cards = extract_cards(hole_cards)?;
            crate::cardset::CardSet::from_cards(&cards)?;
            if cards.len() > 8 {
                return Err(error::too_many_held(cards.len()));
            }
            let mut up_mask = 0u8;
            for c in extract_cards(up_cards)? {
                let i = cards
                    .iter()
                    .position(|&h| h == c)
                    .ok_or_else(|| error::up_card_not_held(c))?;
                up_mask |= 1 << i;
            }
            Ok(PyPlayer {
                cards,
                up_mask,
                stack,
                folded,
                bet,
            })
        })
    }

    /// Every card held, in the order received.
    #[getter]
    fn hole_cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guarded(|| card_tuple(py, self.cards.iter().copied()))
    }

    /// The face-up cards, in the order received.
    #[getter]
    fn up_cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guarded(|| card_tuple(py, self.up()))
    }

    /// The face-down cards, in the order received (stud: the hole cards proper; 2-7: the
    /// whole hand).
    #[getter]
    fn down_cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guarded(|| card_tuple(py, self.facing(false)))
    }

    /// Chips behind.
    #[getter]
    fn stack(&self) -> u64 {
        self.stack
    }

    /// Whether the player folded.
    #[getter]
    fn folded(&self) -> bool {
        self.folded
    }

    /// Chips in front of the player in the current betting round.
    #[getter]
    fn bet(&self) -> u64 {
        self.bet
    }

    fn __repr__(&self) -> String {
        let cards = |it: &mut dyn Iterator<Item = Card>| {
            let text: Vec<String> = it.map(|c| format!("Card('{c}')")).collect();
            match text.len() {
                1 => format!("({},)", text[0]),
                _ => format!("({})", text.join(", ")),
            }
        };
        format!(
            "Player(hole_cards={}, up_cards={}, stack={}, folded={}, bet={})",
            cards(&mut self.cards.iter().copied()),
            cards(&mut self.up()),
            self.stack,
            if self.folded { "True" } else { "False" },
            self.bet
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let me = slf.get();
        Ok((
            slf.get_type().into_any(),
            (
                me.hole_cards(py)?,
                me.up_cards(py)?,
                me.stack,
                me.folded,
                me.bet,
            ),
        ))
    }
}
