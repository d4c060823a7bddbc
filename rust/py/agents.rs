//! `Encoding`: the action space, mask and tensors of one table for learning agents
//! (`rust/game/encoding.rs` and `rust/game/observe.rs` in Python).

use numpy::{PyArray1, PyArrayMethods, PyReadwriteArray1};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyList, PyTuple};

use super::args::{self, OutOfRange, Position, SEAT};
use super::error::{self, ConfigurationError, IllegalActionError};
use super::game::{PyGameConfig, PyGameState};
use super::guard::guarded;
use super::guard::guarded_mut;
use super::moves::PyMove;
use crate::card::Card;
use crate::game::chance::{ChanceHand, Purpose, ToAct};
use crate::game::encoding::ActionSpace;
use crate::game::observe::Observer;
use crate::game::{ActionError, GameState};
use crate::sim::decide::BotPlayer;
use crate::sim::Bot;

/// The fixed-size action space, the legal-action mask and the observation and
/// information-state tensors of one table and number of players: what the PettingZoo,
/// Gymnasium and OpenSpiel adapters are built on.
///
/// ``table`` is a game table (``Razz(...)``, ``SevenCardStud.ten_twenty()`` …). Actions
/// are the slots of a layout that depends only on the game and the betting structure
/// (``action_labels``): ``fold``, ``check``, ``call``, then in the stud games
/// ``post_bring_in`` and (fixed limit) ``complete``, then ``bet_min``, in pot limit
/// ``bet_half_pot``, in no limit ``bet_half_pot`` and ``bet_pot``, then ``bet_max``,
/// and in 2-7 the 32 draws (``stand_pat``, then ``discard_b0b1b2b3b4`` naming each card of
/// the hand in dealing order, 1 for discarded). Fixed limit and draws are exact: each
/// legal move has one slot. In pot and no limit a pot-fraction slot (the call plus that
/// part of the pot after calling) is legal only when its total lies strictly between the
/// smallest and the largest and differs from every earlier slot's, so the legal slots are
/// distinct legal moves.
///
/// Observations are NumPy ``float32`` vectors of one seat's view (own cards, opponents'
/// up cards, cards drawn, chips in big bets, the betting per round); the information
/// state adds the perfect-recall history. ``observation_sections`` and
/// ``information_state_sections`` name their parts. Neither reads another player's hidden
/// cards.
///
/// >>> from holecard import Razz
/// >>> from holecard.agents import Encoding
/// >>> enc = Encoding(Razz.ten_twenty(), players=2)
/// >>> enc.action_labels
/// ('fold', 'check', 'call', 'post_bring_in', 'complete', 'bet_min', 'bet_max')
/// >>> state = Razz.ten_twenty().start([200, 200], seed=1)
/// >>> enc.action_mask(state).tolist()
/// [0, 0, 0, 1, 1, 0, 0]
/// >>> enc.move(state, 4)
/// Move('complete')
/// >>> obs = enc.observation(state, 0)
/// >>> obs.dtype.name, obs.shape == enc.observation_shape
/// ('float32', True)
#[pyclass(module = "holecard._core", name = "Encoding", frozen, eq)]
#[derive(PartialEq)]
pub struct PyEncoding {
    config: PyGameConfig,
    space: ActionSpace,
    observer: Observer,
}

/// The table of a game table object (`Razz(...)`) or of a `GameConfig`.
fn table_config(table: &Bound<'_, PyAny>) -> PyResult<PyGameConfig> {
    match table.cast::<PyGameConfig>() {
        Ok(c) => Ok(c.get().clone()),
        Err(_) => table
            .getattr("_config")
            .ok()
            .and_then(|c| c.cast_into::<PyGameConfig>().ok())
            .map(|c| c.get().clone())
            .ok_or_else(|| {
                args::wrong_type(
                    "table",
                    "a game table (Razz(...), SevenCardStud.ten_twenty() ...)",
                    table,
                )
            }),
    }
}

impl PyEncoding {
    /// Calls `f` with `state`, checked to be a hand of this table.
    fn with_hand<T>(
        &self,
        state: &Bound<'_, PyAny>,
        f: impl FnOnce(&GameState) -> PyResult<T>,
    ) -> PyResult<T> {
        let state = state
            .cast::<PyGameState>()
            .map_err(|_| args::wrong_type("state", "a State", state))?
            .try_borrow()
            .map_err(|_| busy())?;
        let s = &state.state;
        if s.config() != self.observer.config() || s.players() != self.observer.players() {
            return Err(error::not_this_encodings_hand(
                self.observer.players(),
                self.observer.config().game.id(),
            ));
        }
        f(s)
    }

    fn seat(&self, seat: &Position<SEAT>) -> PyResult<usize> {
        Ok(seat.check(self.observer.players() as u64 - 1)? as usize)
    }

    fn tensor<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'_, PyAny>,
        seat: &Position<SEAT>,
        information: bool,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        guarded(|| {
            let seat = self.seat(seat)?;
            let v = self.with_hand(state, |s| Ok(self.observer.tensor(s, seat, information)?))?;
            Ok(PyArray1::from_vec(py, v))
        })
    }

    fn text(
        &self,
        state: &Bound<'_, PyAny>,
        seat: &Position<SEAT>,
        information: bool,
    ) -> PyResult<String> {
        guarded(|| {
            let seat = self.seat(seat)?;
            self.with_hand(state, |s| Ok(self.observer.text(s, seat, information)?))
        })
    }

    fn sections<'py>(&self, py: Python<'py>, information: bool) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.observer.sections(information))
    }
}

// PyO3 extracts arguments by value.
#[allow(clippy::needless_pass_by_value)]
#[pymethods]
impl PyEncoding {
    #[new]
    #[pyo3(signature = (table, *, players))]
    fn new(table: &Bound<'_, PyAny>, players: &Bound<'_, PyAny>) -> PyResult<Self> {
        guarded(|| {
            let config = table_config(table)?;
            // The table's own seat range, as its other refusals give it.
            let most = u64::from(config.cfg.options.max_players);
            let players = args::whole(players, "players", 2, most, OutOfRange::Configuration)?;
            let observer = Observer::new(&config.cfg, players as usize)?;
            Ok(PyEncoding {
                space: ActionSpace::new(config.cfg.game, config.cfg.structure),
                config,
                observer,
            })
        })
    }

    /// The table.
    #[getter]
    fn table(&self) -> PyGameConfig {
        self.config.clone()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.observer.players()
    }

    /// The number of action slots.
    #[getter]
    fn num_actions(&self) -> usize {
        self.space.len()
    }

    /// The name of every action slot, in order.
    #[getter]
    fn action_labels<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.space.labels())
    }

    /// 1 for every slot that is a legal move now, else 0 (``int8``; all 0 when the hand is
    /// over).
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        guarded(|| {
            let mask = self.with_hand(state, |s| Ok(self.space.mask(s)))?;
            let mask: Vec<i8> = mask.into_iter().map(|b| b as i8).collect();
            Ok(PyArray1::from_vec(py, mask))
        })
    }

    /// The move of slot ``action`` now. ``IllegalActionError`` if the slot is not legal
    /// now, ``IndexOutOfRangeError`` if there is no such slot.
    fn r#move(&self, state: &Bound<'_, PyAny>, action: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        guarded(|| {
            let last = self.space.len() as u64 - 1;
            let i = args::whole(action, "action", 0, last, OutOfRange::Index)?;
            let action = self.with_hand(state, |s| Ok(self.space.action(s, i as usize)))?;
            action
                .map(PyMove)
                .ok_or_else(|| error::slot_not_legal(i, Some(&self.space.labels()[i as usize])))
        })
    }

    /// Plays slot ``action`` on ``state`` (``encoding.move`` then ``state.apply`` in one
    /// call, for environments). ``IllegalActionError`` (the state unchanged) if the slot is
    /// not legal now, ``IndexOutOfRangeError`` if there is no such slot.
    fn play(&self, state: &Bound<'_, PyAny>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.r#move(state, action)?;
        let mut state = state
            .cast::<PyGameState>()
            .map_err(|_| args::wrong_type("state", "a State", state))?
            .try_borrow_mut()
            .map_err(|_| busy())?;
        state.play(m.0)
    }

    /// The slot of ``move`` now; ``IllegalActionError`` if no legal slot plays it (a move
    /// that is not legal, or in pot and no limit a total off the menu).
    fn action(&self, state: &Bound<'_, PyAny>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        guarded(|| {
            let m = r#move
                .cast::<PyMove>()
                .map_err(|_| args::wrong_type("move", "a Move", r#move))?;
            let index = self.with_hand(state, |s| Ok(self.space.index(s, &m.get().0)))?;
            index.ok_or_else(|| error::move_in_no_legal_slot(&m.get().__repr__()))
        })
    }

    /// The length of an observation, as a NumPy shape.
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.observer.len(false),)
    }

    /// The length of an information state, as a NumPy shape.
    #[getter]
    fn information_state_shape(&self) -> (usize,) {
        (self.observer.len(true),)
    }

    /// The parts of an observation in order, as ``(name, size)`` pairs.
    #[getter]
    fn observation_sections<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.sections(py, false)
    }

    /// The parts of an information state in order, as ``(name, size)`` pairs.
    #[getter]
    fn information_state_sections<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.sections(py, true)
    }

    /// What ``seat`` sees now, as a ``float32`` vector of ``observation_shape``.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'_, PyAny>,
        seat: Position<SEAT>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.tensor(py, state, &seat, false)
    }

    /// What ``seat`` knows of the whole hand (perfect recall), as a ``float32`` vector of
    /// ``information_state_shape``.
    fn information_state<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'_, PyAny>,
        seat: Position<SEAT>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.tensor(py, state, &seat, true)
    }

    /// The observation of ``seat`` as text, for debugging.
    fn observation_string(
        &self,
        state: &Bound<'_, PyAny>,
        seat: Position<SEAT>,
    ) -> PyResult<String> {
        self.text(state, &seat, false)
    }

    /// The information state of ``seat`` as text (the observation and every action).
    fn information_state_string(
        &self,
        state: &Bound<'_, PyAny>,
        seat: Position<SEAT>,
    ) -> PyResult<String> {
        self.text(state, &seat, true)
    }

    fn __repr__(&self) -> String {
        format!(
            "Encoding({} {}, players={}, actions={}, observation={}, information_state={})",
            self.observer.config().game.id(),
            self.observer.config().structure,
            self.observer.players(),
            self.space.len(),
            self.observer.len(false),
            self.observer.len(true)
        )
    }

    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<((PyGameConfig,), Bound<'py, PyDict>)> {
        let kwargs = PyDict::new(py);
        kwargs.set_item("players", self.observer.players())?;
        Ok(((self.config.clone(),), kwargs))
    }
}

/// A built-in bot (any of ``holecard.BOTS``: ``"random"``, ``"calling_station"``,
/// ``"strength"`` or ``"equity"``, as in ``simulate``) that decides one move at a time,
/// for environments that drive the hand themselves: ``act(state, seed)`` is its move for
/// the player to act (``None`` when the hand is over); ``seed`` seeds the random bot's
/// choice.
///
/// >>> from holecard import Razz
/// >>> from holecard.agents import Bot
/// >>> table = Razz.ten_twenty()
/// >>> state = table.start([200, 200], seed=1)
/// >>> Bot("calling_station", table).act(state, 0)
/// Move('post_bring_in')
#[pyclass(module = "holecard._core", name = "Bot", frozen)]
pub struct PyBot {
    player: BotPlayer,
    /// The table, kept whole (its profile and stakes as given) for pickling.
    table: PyGameConfig,
}

impl PyBot {
    /// `state` as a hand of this bot's table.
    fn hand_of<'a, 'py>(
        &self,
        state: &'a Bound<'py, PyAny>,
    ) -> PyResult<&'a Bound<'py, PyGameState>> {
        let hand = state
            .cast::<PyGameState>()
            .map_err(|_| args::wrong_type("state", "a State", state))?;
        if hand.try_borrow().map_err(|_| busy())?.state.config() != &self.table.cfg {
            return Err(ConfigurationError::new_err(
                "the state is not a hand of this bot's table",
            ));
        }
        Ok(hand)
    }
}

/// The error for a state borrowed elsewhere.
fn busy() -> PyErr {
    ConfigurationError::new_err("the state is being changed")
}

#[pymethods]
impl PyBot {
    #[new]
    fn new(name: &Bound<'_, PyAny>, table: &Bound<'_, PyAny>) -> PyResult<Self> {
        guarded(|| {
            let name = args::text(name, "name")?;
            let bot: Bot = name.to_str()?.parse()?;
            let config = table_config(table)?;
            Ok(PyBot {
                player: BotPlayer::new(bot, &config.cfg),
                table: config,
            })
        })
    }

    /// The bot's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.player.bot().name()
    }

    /// The bot's move for the player to act, ``None`` when the hand is over.
    #[allow(clippy::needless_pass_by_value)]
    fn act(&self, state: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<Option<PyMove>> {
        guarded(|| {
            let seed = args::whole(seed, "seed", 0, u64::MAX, OutOfRange::Configuration)?;
            let state = self.hand_of(state)?.try_borrow().map_err(|_| busy())?;
            Ok(self.player.act(&state.state, seed).map(PyMove))
        })
    }

    /// Plays the bot's move on ``state`` (``act`` then ``state.apply``, for environments);
    /// ``IllegalActionError`` when the hand is over.
    fn play(&self, state: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        let seed = args::whole(seed, "seed", 0, u64::MAX, OutOfRange::Configuration)?;
        let mut state = self.hand_of(state)?.try_borrow_mut().map_err(|_| busy())?;
        let action = guarded(|| Ok(self.player.act(&state.state, seed)))?;
        state.play(action.ok_or(ActionError::HandOver)?)
    }

    fn __repr__(&self) -> String {
        format!("Bot('{}')", self.player.bot().name())
    }

    /// Pickles as its name and table (a bot keeps no state between moves).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (&'static str, PyGameConfig),
    ) {
        let bot = slf.get();
        (slf.get_type(), (bot.player.bot().name(), bot.table.clone()))
    }
}

/// One hand of an ``Encoding``'s table in which chance names every card the dealer takes,
/// one card at a time (``rust/game/chance.rs``): what the OpenSpiel game
/// ``python_holecard`` plays. Each card is uniform over the cards the dealer could be
/// taking: the stub's, after a reshuffle (2-7) or recycled burns (stud) the pool's, never
/// a drawer's own discards; so every seat count the table allows can be played.
///
/// ``to_act`` is the seat to decide, ``CHANCE`` while a card is to be named, or ``OVER``.
/// ``apply`` takes an action slot of the encoding at a decision and a card index (0-51)
/// at chance, and returns the new ``to_act``. ``state`` is the hand at the last decision
/// point (``None`` during the first deal); the tensors show it.
///
/// ``take`` says what the card chance names next is for and ``follow`` makes a move
/// played through the ``State`` API: a hand history's replay (``holecard.phh``) names
/// every card so, the history's, while the engine decides the dealing.
///
/// >>> from holecard import Razz
/// >>> from holecard.agents import ChanceHand, Encoding
/// >>> hand = ChanceHand(Encoding(Razz.ten_twenty(), players=2), [200, 200])
/// >>> hand.to_act == ChanceHand.CHANCE, len(hand.chance_outcomes())
/// (True, 52)
/// >>> while hand.to_act == ChanceHand.CHANCE:
/// ...     _ = hand.apply(hand.legal_actions()[0])
/// >>> hand.to_act, hand.legal_actions()
/// (1, [3, 4])
#[pyclass(module = "holecard._core", name = "ChanceHand")]
pub struct PyChanceHand {
    encoding: Py<PyEncoding>,
    hand: ChanceHand,
    /// The stacks the hand started with and every action applied: what a pickle replays.
    stacks: Vec<u64>,
    log: Vec<u64>,
    /// A move made through ``follow`` that is no slot of the encoding (a pickle could not
    /// replay it).
    off_slots: bool,
}

impl PyChanceHand {
    fn code(&self) -> i64 {
        match self.hand.to_act() {
            ToAct::Chance => CHANCE,
            ToAct::Seat(s) => i64::from(s),
            ToAct::Over => OVER,
        }
    }

    fn write(
        &self,
        seat: &Position<SEAT>,
        out: &Bound<'_, PyAny>,
        information: bool,
    ) -> PyResult<()> {
        guarded(|| {
            let enc = self.encoding.get();
            let seat = enc.seat(seat)?;
            let what = "a writable contiguous float32 vector";
            let mut out: PyReadwriteArray1<'_, f32> = out
                .cast::<PyArray1<f32>>()
                .map_err(|_| args::wrong_type("out", what, out))?
                .try_readwrite()
                .map_err(|_| args::wrong_type("out", what, out))?;
            let out = out.as_slice_mut().map_err(|_| error::out_must_be(what))?;
            match self.hand.state() {
                Some(s) => enc.observer.write(s, seat, information, out)?,
                None if out.len() == enc.observer.len(information) => out.fill(0.0),
                None => return Err(error::out_length(enc.observer.len(information), out.len())),
            }
            Ok(())
        })
    }
}

/// The chance outcome `(card, 1/k)` at `[(k - 1) * 52 + card]`.
static OUTCOMES: PyOnceLock<Vec<Py<PyTuple>>> = PyOnceLock::new();

/// ``ChanceHand.to_act`` while chance names a card.
const CHANCE: i64 = -1;
/// ``ChanceHand.to_act`` once the hand is over.
const OVER: i64 = -2;

#[allow(clippy::needless_pass_by_value)]
#[pymethods]
impl PyChanceHand {
    /// ``to_act`` while chance names a card.
    #[classattr]
    const CHANCE: i64 = CHANCE;
    /// ``to_act`` once the hand is over.
    #[classattr]
    const OVER: i64 = OVER;

    #[new]
    fn new(encoding: &Bound<'_, PyAny>, stacks: &Bound<'_, PyAny>) -> PyResult<Self> {
        guarded(|| {
            let encoding = encoding
                .cast::<PyEncoding>()
                .map_err(|_| args::wrong_type("encoding", "an Encoding", encoding))?
                .clone();
            let stacks = super::game::stack_list(stacks)?;
            let enc = encoding.get();
            if stacks.len() != enc.observer.players() {
                return Err(error::stacks_count(enc.observer.players(), stacks.len()));
            }
            let hand = ChanceHand::new(&enc.config.cfg, &stacks)?;
            Ok(PyChanceHand {
                encoding: encoding.unbind(),
                hand,
                stacks,
                log: Vec::new(),
                off_slots: false,
            })
        })
    }

    /// The seat to decide, ``CHANCE`` or ``OVER``.
    #[getter]
    fn to_act(&self) -> i64 {
        self.code()
    }

    /// The legal action slots at a decision, the cards (indices) chance may name at
    /// chance, nothing when the hand is over.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        guarded(|| {
            Ok(match (self.hand.to_act(), self.hand.state()) {
                (ToAct::Chance, _) => self
                    .hand
                    .outcomes()
                    .iter()
                    .map(|c| usize::from(c.index()))
                    .collect(),
                (ToAct::Seat(_), Some(s)) => {
                    let resolved = self.encoding.get().space.resolve(s);
                    (0..resolved.len())
                        .filter(|&i| resolved[i].is_some())
                        .collect()
                }
                _ => Vec::new(),
            })
        })
    }

    /// Every card chance may name now with its probability (all equal); empty unless
    /// chance is to act.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let cards = self.hand.outcomes();
        let Some(row) = cards.len().checked_sub(1) else {
            return Ok(PyList::empty(py));
        };
        // Every (card, 1/k) pair is built once: a chance node lists ~40 of them.
        let all = OUTCOMES.get_or_try_init(py, || -> PyResult<Vec<Py<PyTuple>>> {
            let mut all = Vec::with_capacity(52 * 52);
            for k in 1..=52u8 {
                for card in 0..52u8 {
                    all.push(
                        PyTuple::new(
                            py,
                            [
                                card.into_pyobject(py)?.into_any(),
                                (1.0 / f64::from(k)).into_pyobject(py)?.into_any(),
                            ],
                        )?
                        .unbind(),
                    );
                }
            }
            Ok(all)
        })?;
        PyList::new(
            py,
            cards
                .iter()
                .map(|c| all[row * 52 + usize::from(c.index())].bind(py)),
        )
    }

    /// Plays ``action`` (a card index at chance, else an action slot) and returns the new
    /// ``to_act``. ``IllegalActionError`` (nothing changes) if it is not legal now,
    /// ``IndexOutOfRangeError`` if it is no card (at chance) or no slot (else).
    fn apply(slf: &Bound<'_, Self>, action: &Bound<'_, PyAny>) -> PyResult<i64> {
        // The largest index that can be legal now: a card at chance, else a slot.
        let last = {
            let hand = slf.try_borrow()?;
            match hand.hand.to_act() {
                ToAct::Chance => 51,
                _ => hand.encoding.get().space.len() as u64 - 1,
            }
        };
        // Read before the hand is borrowed mutably: an `__index__` runs Python code, which
        // may read this hand.
        let i = args::whole(action, "action", 0, last, OutOfRange::Index)?;
        slf.try_borrow_mut()?.apply_index(i)
    }

    /// What the card chance names next is for, ``None`` unless chance is to act:
    /// ``(purpose, seat, up, stub)`` with ``purpose`` ``"deal"`` (to ``seat``, face ``up``
    /// or down), ``"draw"`` (a replacement of ``seat``'s draw), ``"burn"`` or ``"board"``
    /// (the stud community card), and ``stub`` the stub it comes from: 0 the deck, ``k``
    /// the ``k``-th stub rebuilt in the hand (2-7 reshuffles, stud burns recycled).
    #[getter]
    fn take(&self) -> Option<(&'static str, Option<u8>, Option<bool>, u32)> {
        self.hand.pending().map(|p| {
            let (what, seat, up) = match p.purpose {
                Purpose::Deal { seat, up } => ("deal", Some(seat), Some(up)),
                Purpose::Draw { seat } => ("draw", Some(seat), None),
                Purpose::Burn => ("burn", None, None),
                Purpose::Board => ("board", None, None),
            };
            (what, seat, up, p.stub)
        })
    }

    /// The drawer to be dealt the next card takes none of the stub's: its one card he may
    /// take goes to the bottom, where the rules pass it over and rebuild the stub for him
    /// (``EXCLUDE_CURRENT_ROUND``, D-10: the stub's last card completes the round only).
    /// ``IllegalActionError`` (nothing changes) unless the next card is a draw's from the
    /// stub with one card to choose and burying it rebuilds the stub.
    fn bury(&mut self) -> PyResult<()> {
        let named = self.hand.named();
        let result = guarded_mut(
            &mut self.hand,
            |hand| hand.bury().map_err(PyErr::from),
            |hand| {
                hand.rewind(named);
                Ok(())
            },
        )?;
        result?;
        self.off_slots = true; // a pickle replays slots and cards, not this
        Ok(())
    }

    /// The player to act makes the move ``after`` made: ``after`` is a copy of ``state``
    /// moved on by one action of the ``State`` API (whose checks and messages it had).
    /// Returns the new ``to_act``. ``IllegalActionError`` if ``after`` is not this hand
    /// one action on, or chance is to act.
    fn follow(&mut self, after: &Bound<'_, PyAny>) -> PyResult<i64> {
        let after = after
            .cast::<PyGameState>()
            .map_err(|_| args::wrong_type("after", "a State", after))?
            .try_borrow()?;
        let named = self.hand.named();
        let enc = self.encoding.get();
        let action = match (self.hand.to_act(), self.hand.state()) {
            (ToAct::Seat(_), Some(s))
                if after.state.actions().len() == s.actions().len() + 1
                    && after.state.actions().starts_with(s.actions()) =>
            {
                after.state.actions()[s.actions().len()]
            }
            _ => {
                return Err(IllegalActionError::new_err(
                    "follow takes this hand's state moved on by one action",
                ))
            }
        };
        let slot = self.hand.state().and_then(|s| {
            let resolved = enc.space.resolve(s);
            resolved.iter().position(|a| *a == Some(action))
        });
        let result = guarded_mut(
            &mut self.hand,
            |hand| hand.act(action).map_err(PyErr::from),
            |hand| {
                hand.rewind(named);
                Ok(())
            },
        )?;
        result?;
        match slot {
            Some(i) => self.log.push(i as u64),
            None => self.off_slots = true,
        }
        Ok(self.code())
    }

    /// The hand at the last decision point (a copy), ``None`` during the first deal.
    #[getter]
    fn state(&self) -> Option<PyGameState> {
        self.hand
            .state()
            .map(|s| PyGameState::of(s.clone(), self.encoding.get().config.clone()))
    }

    /// Each seat's result in chips once the hand is over (zeros before).
    #[getter]
    fn payoffs(&self) -> Vec<i64> {
        match (self.hand.to_act(), self.hand.state()) {
            (ToAct::Over, Some(s)) => s.payoffs(),
            _ => vec![0; self.encoding.get().observer.players()],
        }
    }

    /// Each seat's chips behind at the last decision point (at the end: after the hand).
    #[getter]
    fn stacks(&self) -> Option<Vec<u64>> {
        self.hand.state().map(GameState::stacks)
    }

    /// Writes what ``seat`` sees (the encoding's observation) into ``out``, a ``float32``
    /// vector of ``observation_shape`` (zeros during the first deal).
    fn observation(&self, seat: Position<SEAT>, out: &Bound<'_, PyAny>) -> PyResult<()> {
        self.write(&seat, out, false)
    }

    /// Writes what ``seat`` knows (the encoding's information state) into ``out``.
    fn information_state(&self, seat: Position<SEAT>, out: &Bound<'_, PyAny>) -> PyResult<()> {
        self.write(&seat, out, true)
    }

    /// The observation (or with ``information``, the information state) of ``seat`` as
    /// text; ``"dealing"`` during the first deal.
    #[pyo3(signature = (seat, *, information = None))]
    fn text(
        &self,
        seat: Position<SEAT>,
        information: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        guarded(|| {
            let information = match information {
                None => false,
                Some(b) => b
                    .cast::<PyBool>()
                    .map_err(|_| args::wrong_type("information", "a bool", b))?
                    .is_true(),
            };
            let enc = self.encoding.get();
            let seat = enc.seat(&seat)?;
            match self.hand.state() {
                Some(s) => Ok(enc.observer.text(s, seat, information)?),
                None => Ok("dealing".to_string()),
            }
        })
    }

    /// An independent copy.
    fn copy(&self, py: Python<'_>) -> PyChanceHand {
        PyChanceHand {
            encoding: self.encoding.clone_ref(py),
            hand: self.hand.clone(),
            stacks: self.stacks.clone(),
            log: self.log.clone(),
            off_slots: self.off_slots,
        }
    }

    /// Pickles as the encoding, the starting stacks and the actions, replayed on load.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, ChanceHandArgs)> {
        if self.off_slots {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "a ChanceHand that followed a move outside its encoding's slots cannot be pickled",
            ));
        }
        let restore = py
            .import("holecard._core")?
            .getattr("_restore_chance_hand")?;
        Ok((
            restore,
            (
                self.encoding.clone_ref(py),
                self.stacks.clone(),
                self.log.clone(),
            ),
        ))
    }

    fn __copy__(&self, py: Python<'_>) -> PyChanceHand {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyChanceHand {
        self.copy(py)
    }

    fn __repr__(&self) -> String {
        let to_act = match self.hand.to_act() {
            ToAct::Chance => "chance".to_string(),
            ToAct::Seat(s) => format!("seat {s}"),
            ToAct::Over => "over".to_string(),
        };
        format!("<ChanceHand to_act={to_act}>")
    }
}

impl PyChanceHand {
    /// [`PyChanceHand::apply`] of an action index already read.
    fn apply_index(&mut self, i: u64) -> PyResult<i64> {
        let named = self.hand.named();
        let enc = self.encoding.get();
        let result = guarded_mut(
            &mut self.hand,
            |hand| match hand.to_act() {
                ToAct::Chance => {
                    let card = Card::from_index(i64::try_from(i).unwrap_or(i64::MAX))
                        .map_err(|_| error::chance_not_a_card(i))?;
                    hand.deal(card).map_err(PyErr::from)
                }
                ToAct::Seat(_) => {
                    let index = usize::try_from(i).unwrap_or(usize::MAX);
                    let action = hand
                        .slot(&enc.space, index)
                        .ok_or_else(|| error::slot_not_legal(i, None))?;
                    hand.act(action).map_err(PyErr::from)
                }
                ToAct::Over => Err(PyErr::from(ActionError::HandOver)),
            },
            |hand| {
                hand.rewind(named);
                Ok(())
            },
        )?;
        result?;
        self.log.push(i);
        Ok(self.code())
    }
}

/// What `_restore_chance_hand` takes: the encoding, the stacks and the actions.
type ChanceHandArgs = (Py<PyEncoding>, Vec<u64>, Vec<u64>);

/// Rebuilds a pickled `ChanceHand` by replaying its actions.
#[pyfunction]
#[pyo3(name = "_restore_chance_hand")]
#[allow(clippy::needless_pass_by_value)]
pub fn restore_chance_hand(
    py: Python<'_>,
    encoding: Bound<'_, PyEncoding>,
    stacks: Vec<u64>,
    log: Vec<u64>,
) -> PyResult<PyChanceHand> {
    let stacks = stacks.into_pyobject(py)?;
    let mut hand = PyChanceHand::new(encoding.as_any(), &stacks)?;
    for action in log {
        hand.apply_index(action)?;
    }
    Ok(hand)
}
