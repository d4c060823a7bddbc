//! Game engines: `GameConfig` (a validated table), `GameState` (one hand), `LegalActions`
//! and `Event`. The Python classes in `holecard.games` wrap these thinly.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::{MutexExt, PyOnceLock};
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyList, PyTuple};

use std::sync::{Mutex, MutexGuard};

use super::args::{self, GameArg, OutOfRange, Position, Seed, SEAT};
use super::cards::{card_tuple, extract_cards, PyCard};
use super::error::{self, InternalError};
use super::events::event_object;
use super::guard::{guarded, guarded_mut};
use super::moves::{PyMove, PyMoves};
use super::player::PyPlayer;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::catalog;
use crate::game::catalog::{Options, PROFILES};
use crate::game::options::{BettingStructure, OptionKind};
use crate::game::spec::GameKind;
use crate::game::{
    Action, ActionError, Event, GameConfig, GameState, LegalActions, StakesInput, Start,
};

/// The text form of an option value, typed by the option catalogue: a bool for a bool
/// option, a whole number (or `None` where the option allows it) for a number, an enum
/// member or its name for an enum option.
fn option_text(name: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    let what = error::option_label(name);
    let kind = catalog::spec(name).map(|s| s.kind);
    match kind {
        Some(OptionKind::Bool) => match v.cast::<PyBool>() {
            Ok(b) => Ok(b.is_true().to_string()),
            Err(_) => Err(args::wrong_type(&what, "a bool", v)),
        },
        Some(k @ (OptionKind::Int | OptionKind::IntOrNone)) => {
            if v.is_none() && k == OptionKind::IntOrNone {
                return Ok("none".into());
            }
            if !v.is_instance_of::<PyInt>() || v.is_instance_of::<PyBool>() {
                let expected = if k == OptionKind::IntOrNone {
                    "a whole number or None"
                } else {
                    "a whole number"
                };
                return Err(args::wrong_type(&what, expected, v));
            }
            // A Python int beyond u64 (or negative) goes on as its digits: `Options::set`
            // refuses it with the option's range, as it does the same text from a file.
            Ok(v.str()?.to_string())
        }
        _ => {
            if let Ok(s) = v.extract::<String>() {
                return Ok(s);
            }
            if !v.is_instance_of::<PyInt>() {
                if let Ok(n) = v.getattr("name") {
                    if let Ok(s) = n.extract::<String>() {
                        return Ok(s);
                    }
                }
            }
            Err(args::wrong_type(&what, "an enum member or name", v))
        }
    }
}

/// A stake argument: a whole number from 0 to `MAX_STAKE` (the engine's limit, so that the
/// message gives the range it keeps), or `None`.
fn chips(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<u64>> {
    value
        .map(|v| {
            args::whole(
                v,
                name,
                0,
                crate::game::MAX_STAKE,
                OutOfRange::Configuration,
            )
        })
        .transpose()
}

/// A validated table: game, betting structure, chip amounts and docs/rules.md §6 options.
#[pyclass(module = "holecard._core", name = "GameConfig", frozen, eq)]
#[derive(Clone)]
pub struct PyGameConfig {
    pub(crate) cfg: GameConfig,
    profile: String,
    input: StakesInput,
}

#[pymethods]
impl PyGameConfig {
    #[new]
    #[pyo3(signature = (game, *, betting = "FIXED_LIMIT", ante = None, bring_in = None,
        small_bet = None, big_bet = None, small_blind = None, big_blind = None, min_bet = None,
        profile = None, options = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: GameArg,
        betting: &str,
        ante: Option<&Bound<'_, PyAny>>,
        bring_in: Option<&Bound<'_, PyAny>>,
        small_bet: Option<&Bound<'_, PyAny>>,
        big_bet: Option<&Bound<'_, PyAny>>,
        small_blind: Option<&Bound<'_, PyAny>>,
        big_blind: Option<&Bound<'_, PyAny>>,
        min_bet: Option<&Bound<'_, PyAny>>,
        profile: Option<&str>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        guarded(|| {
            let ante = chips(ante, "ante")?;
            let bring_in = chips(bring_in, "bring_in")?;
            let small_bet = chips(small_bet, "small_bet")?;
            let big_bet = chips(big_bet, "big_bet")?;
            let small_blind = chips(small_blind, "small_blind")?;
            let big_blind = chips(big_blind, "big_blind")?;
            let min_bet = chips(min_bet, "min_bet")?;
            let game = game.0;
            let structure: BettingStructure = betting.parse()?;
            let profile = profile.unwrap_or("default").to_ascii_lowercase();
            let mut o = profile_options(&profile, game)?;
            if let Some(opts) = options {
                for (k, v) in opts.iter() {
                    let name: String = k.extract()?;
                    if !Options::applies_to(&name, game) {
                        let known = catalog::spec(&name).is_some();
                        return Err(error::option_not_here(&name, known.then(|| game.id())));
                    }
                    if let Some(only) = catalog::spec(&name)
                        .and_then(|spec| spec.only_in)
                        .filter(|&only| only != structure)
                    {
                        return Err(error::option_only_in(&name, only.name(), structure.name()));
                    }
                    let text = option_text(&name, &v)?;
                    o.set(&name, &text)?;
                }
            }
            let input = stakes_input([
                ante,
                bring_in,
                small_bet,
                big_bet,
                small_blind,
                big_blind,
                min_bet,
            ]);
            let cfg = GameConfig::new(game, structure, input, o)?;
            Ok(Self {
                cfg,
                profile,
                input,
            })
        })
    }

    /// The game id.
    #[getter]
    fn game(&self) -> PyResult<&'static str> {
        guarded(|| Ok(self.cfg.game.id()))
    }

    /// The betting structure's name.
    #[getter]
    fn betting(&self) -> PyResult<&'static str> {
        guarded(|| Ok(self.cfg.structure.name()))
    }

    /// The name of the profile the table was built under (lowercase; `"default"` when
    /// none was given): with the options it sets the table has no keyword for.
    #[getter]
    fn profile(&self) -> PyResult<&str> {
        guarded(|| Ok(self.profile.as_str()))
    }

    /// The resolved chip amounts as a dict.
    #[getter]
    fn stakes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guarded(|| {
            let s = self.cfg.stakes;
            let d = PyDict::new(py);
            d.set_item("ante", s.ante)?;
            d.set_item("bring_in", s.bring_in)?;
            d.set_item("small_bet", s.small_bet)?;
            d.set_item("big_bet", s.big_bet)?;
            d.set_item("small_blind", s.small_blind)?;
            d.set_item("big_blind", s.big_blind)?;
            d.set_item("min_bet", s.min_bet)?;
            Ok(d)
        })
    }

    /// Every option as name → value text (enum names, `true`/`false`, numbers, `none`).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guarded(|| {
            let d = PyDict::new(py);
            for (k, v) in self.cfg.options.items() {
                d.set_item(k, v)?;
            }
            Ok(d)
        })
    }

    /// Starts a hand.
    #[allow(clippy::needless_pass_by_value)]
    #[pyo3(signature = (stacks, *, seed = None, deck = None, dealer = None, restocks = None))]
    fn start(
        &self,
        stacks: &Bound<'_, PyAny>,
        seed: Option<Seed>,
        deck: Option<&Bound<'_, PyAny>>,
        dealer: Option<&Bound<'_, PyAny>>,
        restocks: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGameState> {
        guarded(|| {
            let stacks = stack_list(stacks)?;
            let dealer = match (dealer, stacks.len()) {
                (Some(d), n) if n > 0 => {
                    let last = (n - 1) as u64;
                    let d = args::whole(d, "dealer", 0, last, OutOfRange::Configuration)?;
                    Some(u8::try_from(d).unwrap_or(u8::MAX))
                }
                _ => None,
            };
            let seed = seed.map(|s| s.0);
            let deck = match deck {
                Some(d) if !d.is_none() => Some(extract_cards(d)?),
                _ => None,
            };
            let seed = if deck.is_none() && seed.is_none() {
                use std::hash::{BuildHasher, RandomState};
                Some(RandomState::new().hash_one(std::time::SystemTime::now()))
            } else {
                seed
            };
            let restocks = match restocks {
                Some(r) if !r.is_none() => restock_list(r)?,
                _ => Vec::new(),
            };
            let start = Start {
                seed,
                deck,
                dealer,
                restocks,
            };
            let state = GameState::new(&self.cfg, &stacks, &start)?;
            Ok(PyGameState {
                state,
                config: self.clone(),
                seats: SeatCache::default(),
                events: EventCache::default(),
            })
        })
    }

    fn __repr__(&self) -> PyResult<String> {
        guarded(|| {
            Ok(format!(
                "GameConfig({:?}, betting={:?}, profile={:?})",
                self.cfg.game.id(),
                self.cfg.structure.name(),
                self.profile
            ))
        })
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Py<PyAny>, Bound<'py, PyTuple>)> {
        guarded(|| {
            let f = py
                .import("holecard._core")?
                .getattr("_game_config")?
                .unbind();
            let i = self.input;
            let stakes = [
                i.ante,
                i.bring_in,
                i.small_bet,
                i.big_bet,
                i.small_blind,
                i.big_blind,
                i.min_bet,
            ];
            let args = PyTuple::new(
                py,
                [
                    self.cfg.game.id().into_pyobject(py)?.into_any(),
                    self.cfg.structure.name().into_pyobject(py)?.into_any(),
                    PyTuple::new(py, stakes)?.into_any(),
                    self.profile.as_str().into_pyobject(py)?.into_any(),
                    self.options(py)?.into_any(),
                ],
            )?;
            Ok((f, args))
        })
    }
}

impl PartialEq for PyGameConfig {
    /// Two tables are equal when their game, structure, amounts and options are.
    fn eq(&self, other: &Self) -> bool {
        self.cfg == other.cfg
    }
}

/// The starting stacks: any iterable of chip amounts but text, each a whole number from 0
/// to `MAX_CHIPS` (the engine's limit, so that the message gives the range it keeps).
pub(crate) fn stack_list(stacks: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let what = "a sequence of chip amounts, one per seat";
    if stacks.is_instance_of::<pyo3::types::PyString>() {
        return Err(args::wrong_type("stacks", what, stacks));
    }
    let items = stacks
        .try_iter()
        .map_err(|_| args::wrong_type("stacks", what, stacks))?;
    items
        .enumerate()
        .map(|(i, s)| {
            let name = error::stack_label(i);
            args::whole(
                &s?,
                &name,
                0,
                crate::game::MAX_CHIPS,
                OutOfRange::Configuration,
            )
        })
        .collect()
}

/// The options a table starts from under a profile (lowercase name).
fn profile_options(profile: &str, game: GameKind) -> PyResult<Options> {
    Options::profile(profile, game).ok_or_else(|| error::unknown_profile(profile, PROFILES))
}

/// The stake amounts as given, in the order ante, bring-in, small bet, big bet, small
/// blind, big blind, minimum bet (unset ones are derived by `GameConfig::new`).
fn stakes_input(
    [ante, bring_in, small_bet, big_bet, small_blind, big_blind, min_bet]: [Option<u64>; 7],
) -> StakesInput {
    StakesInput {
        ante,
        bring_in,
        small_bet,
        big_bet,
        small_blind,
        big_blind,
        min_bet,
    }
}

/// Rebuilds a `GameConfig` from its parts (pickle): the stakes as given (see
/// [`stakes_input`]), the profile's name and every option's value text.
#[pyfunction]
#[pyo3(name = "_game_config")]
pub fn game_config(
    game: GameArg,
    betting: &str,
    stakes: [Option<u64>; 7],
    profile: String,
    options: &Bound<'_, PyDict>,
) -> PyResult<PyGameConfig> {
    guarded(|| {
        let g = game.0;
        // The profile's options, each then set to its pickled value.
        let mut o = profile_options(&profile, g)?;
        for (k, v) in options.iter() {
            let name: String = k.extract()?;
            let text: String = v.extract()?;
            o.set(&name, &text)?;
        }
        let input = stakes_input(stakes);
        let cfg = GameConfig::new(g, betting.parse()?, input, o)?;
        Ok(PyGameConfig {
            cfg,
            profile,
            input,
        })
    })
}

/// The answer of an `==`/`!=`-only `__richcmp__` whose operands are equal when `eq`.
fn equality(py: Python<'_>, op: CompareOp, eq: bool) -> Py<PyAny> {
    match op {
        CompareOp::Eq => PyBool::new(py, eq).to_owned().into_any().unbind(),
        CompareOp::Ne => PyBool::new(py, !eq).to_owned().into_any().unbind(),
        _ => py.NotImplemented(),
    }
}

/// What the player to act may do. `call` = chips to add; `complete`, `min_raise_to`,
/// `max_raise_to` = totals for the round; all `False`/`None` when the hand is over.
/// `raise_totals` = every legal bet/raise total, ascending, in fixed limit, where the
/// totals are a set, not a range (under an open pair `(4, 8)`, never 6; all-in short of
/// the big bet `(4, 7)`); `None` in pot and no limit, where every total from
/// `min_raise_to` to `max_raise_to` is legal, and when no bet or raise is. While a
/// completion is open the completion is the `complete` move, not a raise total
/// (`bet_or_raise_to(complete)` is accepted as another way to write it).
///
/// The attributes are stored as ready Python objects (read-only members), so reading one
/// is a plain attribute load: players and bots read several per action.
#[pyclass(module = "holecard._core", name = "LegalActions", frozen)]
pub struct PyLegalActions {
    value: LegalActions,
    /// Folding is allowed.
    #[pyo3(get)]
    fold: Py<PyAny>,
    /// Checking is allowed.
    #[pyo3(get)]
    check: Py<PyAny>,
    /// Drawing (or standing pat) is the action.
    #[pyo3(get)]
    draw: Py<PyAny>,
    /// Chips to add to call, or None.
    #[pyo3(get)]
    call: Py<PyAny>,
    /// The bring-in amount, or None.
    #[pyo3(get)]
    bring_in: Py<PyAny>,
    /// The total to complete to, or None.
    #[pyo3(get)]
    complete: Py<PyAny>,
    /// Smallest bet/raise total, or None.
    #[pyo3(get)]
    min_raise_to: Py<PyAny>,
    /// Largest bet/raise total, or None (fixed limit: the other allowed size).
    #[pyo3(get)]
    max_raise_to: Py<PyAny>,
}

impl PyLegalActions {
    fn new(py: Python<'_>, value: LegalActions) -> PyResult<Self> {
        let flag = |b: bool| PyBool::new(py, b).to_owned().into_any().unbind();
        let chips = |v: Option<u64>| -> PyResult<Py<PyAny>> {
            Ok(v.into_pyobject(py)?.into_any().unbind())
        };
        Ok(PyLegalActions {
            value,
            fold: flag(value.fold),
            check: flag(value.check),
            draw: flag(value.draw),
            call: chips(value.call)?,
            bring_in: chips(value.bring_in)?,
            complete: chips(value.complete)?,
            min_raise_to: chips(value.min_raise_to)?,
            max_raise_to: chips(value.max_raise_to)?,
        })
    }
}

#[pymethods]
impl PyLegalActions {
    /// Every legal bet/raise total, ascending, where the set is finite (fixed limit);
    /// None in pot and no limit (every total from min to max) and when none is legal.
    /// Built when read, so that `legal_actions()` costs nothing for it.
    #[getter]
    fn raise_totals<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        guarded(|| {
            self.value
                .raise_totals()
                .map(|t| PyTuple::new(py, t.collect::<Vec<_>>()))
                .transpose()
        })
    }
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        guarded(|| {
            let Ok(other) = other.cast::<PyLegalActions>() else {
                return Ok(py.NotImplemented());
            };
            let eq = other.get().value == self.value;
            Ok(equality(py, op, eq))
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.value.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> PyResult<String> {
        guarded(|| {
            let l = &self.value;
            let o = |v: Option<u64>| v.map_or_else(|| "None".to_string(), |x| x.to_string());
            let b = |v: bool| if v { "True" } else { "False" };
            let totals = l.raise_totals().map_or_else(
                || "None".to_string(),
                |t| {
                    let t: Vec<String> = t.map(|x| x.to_string()).collect();
                    match t.len() {
                        1 => format!("({},)", t[0]),
                        _ => format!("({})", t.join(", ")),
                    }
                },
            );
            Ok(format!(
                "LegalActions(fold={}, check={}, call={}, bring_in={}, complete={}, min_raise_to={}, max_raise_to={}, raise_totals={totals}, draw={})",
                b(l.fold),
                b(l.check),
                o(l.call),
                o(l.bring_in),
                o(l.complete),
                o(l.min_raise_to),
                o(l.max_raise_to),
                b(l.draw)
            ))
        })
    }
}

fn decode_action(code: &str, arg: u64) -> PyResult<Action> {
    Action::decode(code, arg).ok_or_else(|| error::unknown_action_code(code))
}

/// One hand. Illegal actions raise ``IllegalActionError`` and change nothing.
///
/// States compare equal when they come from the same table, stacks, deck and actions; they
/// can be copied and pickled. One class, implemented natively: every method is a direct
/// call, with no Python frame between the caller and the engine.
#[pyclass(module = "holecard._core", name = "State")]
#[derive(Clone)]
pub struct PyGameState {
    pub(crate) state: GameState,
    config: PyGameConfig,
    /// `players`, built on the first read after a change (not part of the value).
    seats: SeatCache,
    /// `history`'s values built so far (not part of the value).
    events: EventCache,
}

/// The `holecard.events` values of a state's history built so far, in order: the history
/// only grows, so each event is built once. A copy starts empty. Behind a mutex, so that
/// reading `history` needs only a shared borrow of the state: threads that read never
/// refuse each other.
#[derive(Default)]
struct EventCache(Mutex<Vec<Py<PyAny>>>);

impl Clone for EventCache {
    fn clone(&self) -> Self {
        EventCache::default()
    }
}

/// The `Player` values of a state, each built on its first read after a change and
/// shared by every read until the next one (`players` and `player(i)` alike): they are
/// immutable, so handing out the same object is safe. A copy starts empty (it rebuilds
/// on its first read), and every action empties it, a refused or rewound one included,
/// so a read never sees seats of another moment. Behind a mutex, as [`EventCache`].
#[derive(Default)]
struct SeatCache(Mutex<SeatSlots>);

#[derive(Default)]
struct SeatSlots {
    all: Option<Py<PyTuple>>,
    one: [Option<Py<PyPlayer>>; crate::game::MAX_SEATS],
}

impl Clone for SeatCache {
    fn clone(&self) -> Self {
        SeatCache::default()
    }
}

/// A cache's contents, locked without holding the interpreter while waiting (another
/// thread may hold the lock while it builds Python values); a cache left poisoned by a
/// caught panic starts again empty.
fn lock_cache<'a, T: Default>(cache: &'a Mutex<T>, py: Python<'_>) -> MutexGuard<'a, T> {
    cache.lock_py_attached(py).unwrap_or_else(|poisoned| {
        let mut slots = poisoned.into_inner();
        *slots = T::default();
        slots
    })
}

/// How many times an action lets reading threads finish before it is refused: a reader
/// borrows the state only while it builds Python values from it.
const ACTION_WAIT_TURNS: u32 = 10_000;

impl PyGameState {
    /// The `State` of a hand of `config`.
    pub(crate) fn of(state: GameState, config: PyGameConfig) -> PyGameState {
        PyGameState {
            state,
            config,
            seats: SeatCache::default(),
            events: EventCache::default(),
        }
    }

    /// Seat `i`'s `Player` (built now unless read since the last change), from the locked
    /// seat cache.
    fn seat_player<'py>(
        &self,
        py: Python<'py>,
        slots: &mut SeatSlots,
        i: usize,
    ) -> PyResult<Bound<'py, PyPlayer>> {
        if let Some(all) = &slots.all {
            return Ok(all.bind(py).get_item(i)?.cast_into::<PyPlayer>()?);
        }
        let slot = slots
            .one
            .get_mut(i)
            .ok_or_else(|| InternalError::new_err("a checked seat is missing"))?;
        if let Some(p) = slot {
            return Ok(p.bind(py).clone());
        }
        let seat = self
            .state
            .seats()
            .get(i)
            .ok_or_else(|| InternalError::new_err("a checked seat is missing"))?;
        let p = Bound::new(py, PyPlayer::of(seat))?;
        *slot = Some(p.clone().unbind());
        Ok(p)
    }
}

impl PyGameState {
    /// Applies an action whole or not at all. The engine validates an action before it
    /// changes anything, so an illegal one leaves the state as it was; a panic part-way
    /// through is undone by [`rewind`] before `InternalError` is raised.
    ///
    /// The state is borrowed mutably only while the engine applies the action, which runs
    /// no Python code, so no other thread can run meanwhile; an action waits for threads
    /// reading the state to finish (they hold it while they build Python values). Building
    /// the event runs Python code, and other threads may then read the state.
    fn act<'py>(slf: &Bound<'py, Self>, a: Action) -> PyResult<Bound<'py, PyAny>> {
        let event = Self::borrow_to_act(slf)?.act_with(|s| s.apply(a))?;
        let this = slf.try_borrow()?;
        guarded(|| event_object(slf.py(), &event, &this.state))
    }

    /// The state to change, once no other thread reads it; PyO3's `RuntimeError` if it is
    /// still borrowed after [`ACTION_WAIT_TURNS`] turns (the caller's own borrow, say).
    fn borrow_to_act<'py>(slf: &Bound<'py, Self>) -> PyResult<PyRefMut<'py, Self>> {
        for _ in 0..ACTION_WAIT_TURNS {
            if let Ok(this) = slf.try_borrow_mut() {
                return Ok(this);
            }
            slf.py().detach(std::thread::yield_now);
        }
        Ok(slf.try_borrow_mut()?)
    }

    fn act_with(
        &mut self,
        action: impl FnOnce(&mut GameState) -> Result<Event, ActionError>,
    ) -> PyResult<Event> {
        // Only a length is read here: nothing is copied or allocated unless a panic is caught.
        let done = self.state.actions().len();
        self.seats = SeatCache::default();
        let cfg = &self.config.cfg;
        Ok(guarded_mut(&mut self.state, action, |s| {
            rewind(s, cfg, done)
        })??)
    }

    /// Applies an action as [`PyGameState::act`] does, without building its event.
    pub(crate) fn play(&mut self, a: Action) -> PyResult<()> {
        self.act_with(|s| s.apply(a)).map(drop)
    }

    /// The test hook behind `_core._induce_internal_error(state=...)`: a timeout that the
    /// engine applies in full, then a panic before the call returns (`test-hooks` only).
    #[cfg(feature = "test-hooks")]
    pub(crate) fn induce_panic_mid_action(&mut self, what: &str) -> PyResult<()> {
        self.act_with(|s| {
            s.apply(Action::Timeout)?;
            panic!("{what}")
        })
        .map(drop)
    }
}

/// `Game.start`'s `restocks`: one card list per rebuilt stub (a string is one list, not
/// a list of them, so it is refused rather than read card by card).
fn restock_list(restocks: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<Card>>> {
    let not_lists = || error::restocks_not_lists(restocks);
    if restocks.is_instance_of::<pyo3::types::PyString>() || restocks.cast::<PyCard>().is_ok() {
        return Err(not_lists());
    }
    let items = restocks.try_iter().map_err(|_| not_lists())?;
    items
        .enumerate()
        .map(|(k, top)| extract_cards(&top?).map_err(|e| error::bad_restock(k, &e)))
        .collect()
}

/// The starting stack of each seat.
fn start_stacks(state: &GameState) -> Vec<u64> {
    state.seats().iter().map(|s| s.start_stack).collect()
}

/// The hand started from `stacks` and `start` with `actions` applied in order: how pickle
/// rebuilds a state, and how [`rewind`] undoes an action that panicked.
fn replay(
    cfg: &GameConfig,
    stacks: &[u64],
    start: &Start,
    actions: impl IntoIterator<Item = PyResult<Action>>,
) -> PyResult<GameState> {
    let mut state = GameState::new(cfg, stacks, start)?;
    for action in actions {
        state.apply(action?)?;
    }
    Ok(state)
}

/// Puts `state` back as it stood after its first `done` actions by replaying them. What
/// the replay reads (the starting stacks, deck order, seed and dealer, and the recorded
/// actions, which only ever grow) is set when the hand starts and never changed, so it is
/// intact after a panic part-way through an action; the pickle tests check that a replay
/// reproduces a hand exactly.
fn rewind(state: &mut GameState, cfg: &GameConfig, done: usize) -> PyResult<()> {
    let actions = state
        .actions()
        .get(..done)
        .ok_or_else(|| InternalError::new_err("the recorded actions were lost"))?
        .to_vec();
    *state = replay(
        cfg,
        &start_stacks(state),
        &state.replay_start(),
        actions.into_iter().map(Ok),
    )?;
    Ok(())
}

#[pymethods]
impl PyGameState {
    /// The table this hand is played at (internal: `holecard.phh` reads it).
    #[getter(_config)]
    fn config(&self) -> PyResult<PyGameConfig> {
        guarded(|| Ok(self.config.clone()))
    }
    /// The seat to act, or ``None`` when the hand is over.
    #[getter]
    fn actor(&self) -> PyResult<Option<u8>> {
        guarded(|| Ok(self.state.actor()))
    }
    /// The current street's name.
    ///
    /// Stud ``third`` … ``seventh``; Soko ``second`` … ``fifth``; 2-7 ``predraw``,
    /// ``first_draw``, ``after_first_draw`` … ``after_third_draw``; ``over`` at the end.
    #[getter]
    fn street(&self) -> PyResult<&'static str> {
        guarded(|| Ok(self.state.street_name()))
    }
    /// Whether the hand is over (pots awarded).
    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        guarded(|| Ok(self.state.is_over()))
    }
    /// What the player to act may do.
    fn legal_actions(&self, py: Python<'_>) -> PyResult<PyLegalActions> {
        guarded(|| PyLegalActions::new(py, self.state.legal_actions()))
    }
    /// Every legal move of the player to act, in a fixed order (see ``Moves``).
    fn legal_moves(&self) -> PyResult<PyMoves> {
        guarded(|| Ok(PyMoves(self.state.legal_moves())))
    }
    /// Plays ``move`` (a ``Move``) as its method would, returning the same event.
    fn apply<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let action = match r#move.cast::<PyMove>() {
            Ok(m) => m.get().0,
            Err(_) => return Err(args::wrong_type("move", "a Move", r#move)),
        };
        Self::act(slf, action)
    }
    /// Fold.
    fn fold<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::act(slf, Action::Fold)
    }
    /// Check.
    fn check<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::act(slf, Action::Check)
    }
    /// Call (all-in for less when short).
    fn call<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::act(slf, Action::Call)
    }
    /// Post the stud bring-in.
    fn post_bring_in<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::act(slf, Action::PostBringIn)
    }
    /// Complete the bring-in to the small bet (fixed limit).
    fn complete<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::act(slf, Action::Complete)
    }
    /// Bet or raise to ``amount``, the player's total for this betting round.
    fn bet_or_raise_to<'py>(
        slf: &Bound<'py, Self>,
        amount: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let to = guarded(|| {
            if amount.is_instance_of::<PyBool>() {
                return Err(args::wrong_type(
                    "amount",
                    "a whole number of chips",
                    amount,
                ));
            }
            match amount.extract::<u64>() {
                Ok(to) => Ok(to),
                Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(amount.py()) => {
                    Err(error::raise_too_big(amount))
                }
                Err(_) => Err(args::wrong_type(
                    "amount",
                    "a whole number of chips",
                    amount,
                )),
            }
        })?;
        Self::act(slf, Action::BetRaiseTo(to))
    }
    /// 2-7: discard these cards and draw as many (nothing = stand pat).
    fn draw<'py>(
        slf: &Bound<'py, Self>,
        discards: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let set = guarded(|| Ok(CardSet::from_cards(&extract_cards(discards)?)?))?;
        Self::act(slf, Action::Draw(set))
    }
    /// 2-7: draw no card.
    fn stand_pat<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::act(slf, Action::StandPat)
    }
    /// The player to act ran out of time.
    ///
    /// In a betting round: check when free, else fold (G-1.5.6; the bring-in is posted). In
    /// a 2-7 draw: stand pat, with no bet or raise in the next betting round (D-7).
    fn timeout<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Self::act(slf, Action::Timeout)
    }
    /// Chips behind, per seat.
    #[getter]
    fn stacks(&self) -> PyResult<Vec<u64>> {
        guarded(|| Ok(self.state.stacks()))
    }
    /// Chips the house took from the pots (docs/rules.md G-1.10.7; 0 until the hand is over).
    #[getter]
    fn rake(&self) -> PyResult<u64> {
        guarded(|| Ok(self.state.rake()))
    }
    /// Chips won minus chips put in, per seat.
    #[getter]
    fn payoffs(&self) -> PyResult<Vec<i64>> {
        guarded(|| Ok(self.state.payoffs()))
    }
    /// Chips in front of each seat in the current betting round.
    #[getter]
    fn bets(&self) -> PyResult<Vec<u64>> {
        guarded(|| Ok(self.state.seats().iter().map(|s| s.bet).collect()))
    }
    /// Main pot then side pots (``Pot(amount, players)``), from the chips of finished
    /// betting rounds.
    #[getter]
    fn pots<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        static POT: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        guarded(|| {
            let pot = POT.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
                Ok(py.import("holecard._types")?.getattr("Pot")?.unbind())
            })?;
            self.state
                .pots()
                .into_iter()
                .map(|p| {
                    let seats = PyTuple::new(py, p.seats().collect::<Vec<u8>>())?;
                    pot.bind(py).call1((p.amount, seats))
                })
                .collect()
        })
    }
    /// Every seat's cards, stack and status.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guarded(|| {
            let mut slots = lock_cache(&self.seats.0, py);
            if let Some(players) = &slots.all {
                return Ok(players.bind(py).clone());
            }
            let players = (0..self.state.seats().len())
                .map(|i| self.seat_player(py, &mut slots, i))
                .collect::<PyResult<Vec<_>>>()?;
            let players = PyTuple::new(py, players)?;
            slots.all = Some(players.clone().unbind());
            Ok(players)
        })
    }
    /// One seat's cards, stack and status (`players[seat]` without the others); a seat
    /// not at the table (negative included) is an ``IndexOutOfRangeError``.
    #[allow(clippy::needless_pass_by_value)]
    fn player<'py>(&self, py: Python<'py>, seat: Position<SEAT>) -> PyResult<Bound<'py, PyAny>> {
        let last = self.state.seats().len().saturating_sub(1) as u64;
        guarded(|| {
            let seat = seat.check(last)?;
            let i = usize::try_from(seat)
                .map_err(|_| InternalError::new_err("a checked seat is missing"))?;
            let mut slots = lock_cache(&self.seats.0, py);
            Ok(self.seat_player(py, &mut slots, i)?.into_any())
        })
    }
    /// The stud community card (docs/rules.md T-9.3) if one was dealt: ``()`` or ``(card,)``.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guarded(|| card_tuple(py, self.state.board()))
    }
    /// Every event so far, in order (``holecard.events`` values).
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guarded(|| {
            let history = self.state.history();
            let mut built = lock_cache(&self.events.0, py);
            // A rewound action's events were never read: the cache is a prefix of the history.
            built.truncate(history.len());
            for e in &history[built.len()..] {
                built.push(event_object(py, e, &self.state)?.unbind());
            }
            PyTuple::new(py, built.iter().map(|e| e.bind(py)))
        })
    }
    /// Number of events so far (internal, for the differential tests).
    #[getter(_history_len)]
    fn history_len(&self) -> PyResult<usize> {
        guarded(|| Ok(self.state.history().len()))
    }
    /// The dealer box (stud) or button (2-7) seat.
    #[getter]
    fn dealer(&self) -> PyResult<u8> {
        guarded(|| Ok(self.state.dealer()))
    }
    /// The undealt cards, top first (internal, for the differential tests).
    #[getter(_stub)]
    fn stub(&self) -> PyResult<Vec<PyCard>> {
        guarded(|| Ok(self.state.stub().into_iter().map(PyCard).collect()))
    }

    // Unguarded: a derived `Clone` of owned data cannot panic (running out of memory
    // aborts), and moving a whole state through `catch_unwind` made copies ~25% slower.
    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __richcmp__(
        &self,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
        py: Python<'_>,
    ) -> PyResult<Py<PyAny>> {
        guarded(|| {
            let Ok(other) = other.cast::<PyGameState>() else {
                return Ok(py.NotImplemented());
            };
            let o = other.try_borrow()?;
            let eq = o.state == self.state && o.config == self.config;
            Ok(equality(py, op, eq))
        })
    }

    fn __repr__(&self) -> PyResult<String> {
        guarded(|| {
            Ok(format!(
                "<State {} street={} actor={} stacks={:?}>",
                self.state.game().id(),
                self.state.street_name(),
                self.state
                    .actor()
                    .map_or_else(|| "None".to_string(), |a| a.to_string()),
                self.state.stacks()
            ))
        })
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Py<PyAny>, Bound<'py, PyTuple>)> {
        guarded(|| {
            let f = py
                .import("holecard._core")?
                .getattr("_restore_state")?
                .unbind();
            let starts = start_stacks(&self.state);
            let deck: Vec<u8> = self
                .state
                .initial_deck()
                .iter()
                .map(|c| c.index())
                .collect();
            let actions = PyList::empty(py);
            for a in self.state.actions() {
                actions.append(a.encode())?;
            }
            let restocks = PyList::empty(py);
            for top in &self.state.restocks {
                restocks.append(PyBytes::new(py, top))?;
            }
            let mut args = vec![
                Py::new(py, self.config.clone())?.into_bound(py).into_any(),
                starts.into_pyobject(py)?.into_any(),
                PyBytes::new(py, &deck).into_any(),
                // `None` for a fixed deck without a seed: its recycled cards are not shuffled.
                self.state.replay_start().seed.into_pyobject(py)?.into_any(),
                self.state.dealer().into_pyobject(py)?.into_any(),
                actions.into_any(),
            ];
            // Only a hand started with `restocks` has a seventh part, so that every other
            // pickle reads as it did before they existed.
            if !restocks.is_empty() {
                args.push(restocks.into_any());
            }
            let args = PyTuple::new(py, args)?;
            Ok((f, args))
        })
    }
}

/// Rebuilds a `GameState` by replaying its actions (pickle).
#[pyfunction]
#[pyo3(
    name = "_restore_state",
    signature = (config, stacks, deck, rng_seed, dealer, actions, restocks = None)
)]
#[allow(clippy::needless_pass_by_value)]
pub fn restore_state(
    config: PyRef<'_, PyGameConfig>,
    stacks: Vec<u64>,
    deck: Vec<u8>,
    rng_seed: Option<u64>,
    dealer: u8,
    actions: Vec<(String, u64)>,
    restocks: Option<Vec<Vec<u8>>>,
) -> PyResult<PyGameState> {
    guarded(|| {
        let cards = |indices: &[u8]| -> PyResult<Vec<Card>> {
            Ok(indices
                .iter()
                .map(|&i| Card::from_index(i64::from(i)))
                .collect::<Result<_, _>>()?)
        };
        let restocks = restocks
            .unwrap_or_default()
            .iter()
            .map(|top| cards(top))
            .collect::<PyResult<_>>()?;
        let actions = actions.iter().map(|(code, arg)| decode_action(code, *arg));
        let start = Start {
            seed: rng_seed,
            deck: Some(cards(&deck)?),
            dealer: Some(dealer),
            restocks,
        };
        let state = replay(&config.cfg, &stacks, &start, actions)?;
        Ok(PyGameState {
            state,
            config: config.clone(),
            seats: SeatCache::default(),
            events: EventCache::default(),
        })
    })
}
