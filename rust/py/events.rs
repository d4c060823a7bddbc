//! The core's history events as the typed values of `holecard.events`, the module both
//! engines share: one Python class per event kind, built here from each `Event`.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

use super::cards::{card_object, card_tuple};
use crate::game::{Event, GameState, Share};

/// The classes and enum members of `holecard.events` this module builds, looked up once.
struct Classes {
    ante: Py<PyAny>,
    blind: Py<PyAny>,
    street: Py<PyAny>,
    deal: Py<PyAny>,
    burn: Py<PyAny>,
    board: Py<PyAny>,
    recycle: Py<PyAny>,
    reshuffle: Py<PyAny>,
    bring_in: Py<PyAny>,
    complete: Py<PyAny>,
    bet_raise: Py<PyAny>,
    call: Py<PyAny>,
    check: Py<PyAny>,
    fold: Py<PyAny>,
    timeout: Py<PyAny>,
    draw: Py<PyAny>,
    uncalled: Py<PyAny>,
    show: Py<PyAny>,
    award: Py<PyAny>,
    /// `Blind.SMALL`, `Blind.BIG`.
    blinds: [Py<PyAny>; 2],
    /// `Share.WHOLE`, `Share.HIGH`, `Share.LOW`.
    shares: [Py<PyAny>; 3],
}

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();
    CLASSES.get_or_try_init(py, || {
        let m = py.import("holecard.events")?;
        let get = |name: &str| -> PyResult<Py<PyAny>> { Ok(m.getattr(name)?.unbind()) };
        let member = |class: &str, name: &str| -> PyResult<Py<PyAny>> {
            Ok(m.getattr(class)?.getattr(name)?.unbind())
        };
        Ok(Classes {
            ante: get("AntePosted")?,
            blind: get("BlindPosted")?,
            street: get("StreetStarted")?,
            deal: get("CardDealt")?,
            burn: get("CardBurned")?,
            board: get("BoardCardDealt")?,
            recycle: get("BurnsRecycled")?,
            reshuffle: get("Reshuffled")?,
            bring_in: get("BringInPosted")?,
            complete: get("Completed")?,
            bet_raise: get("BetOrRaised")?,
            call: get("Called")?,
            check: get("Checked")?,
            fold: get("Folded")?,
            timeout: get("TimedOut")?,
            draw: get("Drew")?,
            uncalled: get("UncalledBetReturned")?,
            show: get("HandShown")?,
            award: get("PotAwarded")?,
            blinds: [member("Blind", "SMALL")?, member("Blind", "BIG")?],
            shares: [
                member("Share", "WHOLE")?,
                member("Share", "HIGH")?,
                member("Share", "LOW")?,
            ],
        })
    })
}

/// `event` of `state`'s hand as its `holecard.events` value. A shown hand is read from the
/// seat: shows come at the end of the hand, after which nobody's cards change.
pub(crate) fn event_object<'py>(
    py: Python<'py>,
    event: &Event,
    state: &GameState,
) -> PyResult<Bound<'py, PyAny>> {
    let c = classes(py)?;
    let make = |class: &Py<PyAny>, args: Bound<'py, PyTuple>| class.bind(py).call1(args);
    match *event {
        Event::Ante { seat, amount } => make(&c.ante, (seat, amount).into_pyobject(py)?),
        Event::Blind { seat, amount, big } => {
            let blind = c.blinds[usize::from(big)].bind(py);
            make(&c.blind, (seat, amount, blind).into_pyobject(py)?)
        }
        Event::Street { street, draw } => make(&c.street, (street, draw).into_pyobject(py)?),
        Event::Deal { seat, card, up } => make(
            &c.deal,
            (seat, card_object(py, card)?, up).into_pyobject(py)?,
        ),
        Event::Burn { card } => make(&c.burn, (card_object(py, card)?,).into_pyobject(py)?),
        Event::Board { card } => make(&c.board, (card_object(py, card)?,).into_pyobject(py)?),
        Event::Recycle { cards } => make(
            &c.recycle,
            (card_tuple(py, cards.iter())?,).into_pyobject(py)?,
        ),
        Event::Reshuffle { seat, cards } => make(
            &c.reshuffle,
            (seat, card_tuple(py, cards.iter())?).into_pyobject(py)?,
        ),
        Event::BringIn { seat, amount } => make(&c.bring_in, (seat, amount).into_pyobject(py)?),
        Event::Complete { seat, to } => make(&c.complete, (seat, to).into_pyobject(py)?),
        Event::BetRaise { seat, to } => make(&c.bet_raise, (seat, to).into_pyobject(py)?),
        Event::Call { seat, amount } => make(&c.call, (seat, amount).into_pyobject(py)?),
        Event::Check { seat } => make(&c.check, (seat,).into_pyobject(py)?),
        Event::Fold { seat } => make(&c.fold, (seat,).into_pyobject(py)?),
        Event::Timeout { seat } => make(&c.timeout, (seat,).into_pyobject(py)?),
        Event::Draw {
            seat,
            discards,
            received,
        } => make(
            &c.draw,
            (
                seat,
                card_tuple(py, discards.iter())?,
                card_tuple(py, received.iter())?,
            )
                .into_pyobject(py)?,
        ),
        Event::Uncalled { seat, amount } => make(&c.uncalled, (seat, amount).into_pyobject(py)?),
        Event::Show { seat } => {
            let held = state
                .seats()
                .get(usize::from(seat))
                .map(|s| s.cards().collect::<Vec<_>>())
                .unwrap_or_default();
            make(&c.show, (seat, card_tuple(py, held)?).into_pyobject(py)?)
        }
        Event::Award {
            seat,
            amount,
            pot,
            share,
        } => {
            let share = c.shares[match share {
                Share::Whole => 0,
                Share::High => 1,
                Share::Low => 2,
            }]
            .bind(py);
            make(&c.award, (seat, amount, pot, share).into_pyobject(py)?)
        }
    }
}
