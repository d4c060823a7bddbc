//! The game registry (`rust/game/spec.rs`) as Python data: `variant_specs()`.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

use super::cards::enum_member;
use super::eval::ranking_code;
use crate::eval::FourStraight;
use crate::game::spec::{BetUnit, Dealer, ForcedBets, Showdown, Street, VARIANTS};
use crate::game::{GameKind, StakesInput, VariantSpec};

/// One betting round of a game and the deal or draw before it.
#[pyclass(module = "holecard._core", name = "Street", frozen)]
pub struct PyStreet {
    street: &'static Street,
}

#[pymethods]
impl PyStreet {
    /// The round's name, as `State.street` reports it (`"third"`, `"after_first_draw"` …).
    #[getter]
    fn name(&self) -> &'static str {
        self.street.name
    }

    /// Cards dealt face down to each live player before the round.
    #[getter]
    fn down(&self) -> u8 {
        self.street.down
    }

    /// Cards dealt face up to each live player before the round.
    #[getter]
    fn up(&self) -> u8 {
        self.street.up
    }

    /// The name of the draw before the round (`"first_draw"` …), `None` for none.
    #[getter]
    fn draw(&self) -> Option<&'static str> {
        self.street.draw
    }

    /// The fixed-limit bet unit: `"small"` or `"big"`.
    #[getter]
    fn bet(&self) -> &'static str {
        match self.street.bet {
            BetUnit::Small => "small",
            BetUnit::Big => "big",
        }
    }

    fn __repr__(&self) -> String {
        let s = self.street;
        format!(
            "Street(name={:?}, down={}, up={}, draw={}, bet={:?})",
            s.name,
            s.down,
            s.up,
            s.draw.map_or("None".to_string(), |d| format!("{d:?}")),
            self.bet()
        )
    }
}

/// A game's streets, hand size and showdown rankings.
#[pyclass(module = "holecard._core", name = "VariantSpec", frozen)]
pub struct PyVariantSpec {
    spec: &'static VariantSpec,
}

#[pymethods]
impl PyVariantSpec {
    /// The game id (`"soko"`, `"stud"`, `"stud8"`, `"razz"`, `"deuce_seven"`).
    #[getter]
    fn id(&self) -> &'static str {
        self.spec.id
    }

    /// The game's name in words.
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.name
    }

    /// The betting rounds in order.
    #[getter]
    fn streets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let streets = self.spec.streets.iter().map(|street| PyStreet { street });
        PyTuple::new(py, streets)
    }

    /// Cards in a finished hand.
    #[getter]
    fn hand_cards(&self) -> u8 {
        self.spec.hand_cards
    }

    /// Most players the game deals to.
    #[getter]
    fn max_players(&self) -> u8 {
        self.spec.max_seats
    }

    /// The chip amounts of a ten-twenty table (small bet 10, big bet 20; the stud games
    /// ante 1 and bring in 3, 2-7 posts blinds of 5 and 10), the stakes `holecard play`
    /// and `simulate` deal when given none, by keyword.
    #[getter]
    fn ten_twenty_stakes(&self) -> Vec<(&'static str, u64)> {
        let stakes = StakesInput::ten_twenty(self.spec.game);
        stakes
            .named()
            .into_iter()
            .filter_map(|(name, v)| v.map(|v| (name, v)))
            .collect()
    }

    /// Whether the game draws (2-7) rather than deals up cards.
    #[getter]
    fn is_draw(&self) -> bool {
        self.spec.is_draw()
    }

    /// Whether the game deals up cards and brings in (the stud games: Soko, stud, stud/8,
    /// razz) rather than draws.
    #[getter]
    fn is_stud(&self) -> bool {
        !self.spec.is_draw()
    }

    /// The PHH variant code after its structure letter (`"7S"` in `F7S`, `"2L3D"` in
    /// `N2L3D`; `"5SK"`, Soko, is this project's own).
    #[getter]
    fn phh_code(&self) -> &'static str {
        self.spec.phh_code
    }

    /// Cards each player is dealt before the first betting round (down and up).
    #[getter]
    fn start_cards(&self) -> u8 {
        let first = &self.spec.streets[0];
        first.down + first.up
    }

    /// The forced bets that open a hand: `"bring_in"` (antes and a bring-in by the door
    /// cards) or `"blinds"` (a small and a big blind; antes optional).
    #[getter]
    fn forced_bets(&self) -> &'static str {
        match self.spec.forced {
            ForcedBets::BringIn => "bring_in",
            ForcedBets::Blinds => "blinds",
        }
    }

    /// The door card that brings in under `bring_in_card=AUTO` in fixed limit: `"LOWEST"`,
    /// or `"HIGHEST"` (razz, aces low).
    #[getter]
    fn bring_in_card(&self) -> &'static str {
        self.spec.bring_in_card.name()
    }

    /// Where the dealer sits: `"box"` (a dealer box, fixed unless `stud_dealer_position`
    /// is `ROTATING`) or `"button"` (moves one seat every hand).
    #[getter]
    fn dealer(&self) -> &'static str {
        match self.spec.dealer {
            Dealer::Box => "box",
            Dealer::Button => "button",
        }
    }

    /// Whether the pot is split between the best high and the best qualifying low.
    #[getter]
    fn is_hilo(&self) -> bool {
        self.spec.showdown.is_hilo()
    }

    /// Whether the showdown ranking counts four-straights and four-flushes (Soko), so that
    /// a table's `four_straight_mode` applies.
    #[getter]
    fn four_straights(&self) -> bool {
        self.spec.showdown == Showdown::Soko
    }

    /// Whether eight players can run the deck out, so that a community card may be dealt
    /// (T-9).
    #[getter]
    fn community_card(&self) -> bool {
        self.spec.community_card
    }

    /// The rankings that split the pot at showdown, main (high or only) half first, by
    /// their batch codes (`"high"`, `"low8"`, `"soko"` with consecutive four-straights …).
    #[getter]
    fn rankings(&self) -> Vec<&'static str> {
        let (main, low) = self.spec.showdown.rankings(FourStraight::Consecutive);
        std::iter::once(main).chain(low).map(ranking_code).collect()
    }

    fn __repr__(&self) -> String {
        format!("<VariantSpec {}>", self.spec.id)
    }
}

/// Every game's spec, in the order of `holecard.Game`.
#[pyfunction]
pub fn variant_specs(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    PyTuple::new(py, VARIANTS.iter().map(|spec| PyVariantSpec { spec }))
}

static GAME_MEMBERS: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();

/// The `holecard.Game` member of a game.
pub(crate) fn game_member(py: Python<'_>, game: GameKind) -> PyResult<Py<PyAny>> {
    let i = VARIANTS.iter().position(|v| v.game == game).unwrap_or(0);
    enum_member(py, &GAME_MEMBERS, "Game", i)
}
