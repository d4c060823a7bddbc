//! The one mapping from core errors to the Python exceptions of `holecard.exceptions`,
//! and the messages of the mistakes the PyO3 layer finds itself (one function per kind of
//! mistake, taking the values): no other file of `rust/py` words a user-facing message.

use std::ops::Range;

use pyo3::exceptions::{PyIndexError, PyMemoryError};
use pyo3::prelude::*;

use crate::card::Card;
use crate::equity::{EquityError, RecordError};
use crate::error::{CardError, EvalError};
use crate::game::catalog::limit_text;
use crate::game::options::ConfigError;
use crate::game::ActionError;
use crate::sim::SimError;

pyo3::import_exception!(holecard.exceptions, CardParseError);
pyo3::import_exception!(holecard.exceptions, DuplicateCardError);
pyo3::import_exception!(holecard.exceptions, InvalidHandError);
pyo3::import_exception!(holecard.exceptions, RankingMismatchError);
pyo3::import_exception!(holecard.exceptions, InternalError);
pyo3::import_exception!(holecard.exceptions, ConfigurationError);
pyo3::import_exception!(holecard.exceptions, IllegalActionError);
pyo3::import_exception!(holecard.exceptions, ArgumentTypeError);
pyo3::import_exception!(holecard.exceptions, IndexOutOfRangeError);

impl From<CardError> for PyErr {
    fn from(e: CardError) -> PyErr {
        match e {
            CardError::Parse { .. } | CardError::Index(_) => CardParseError::new_err(e.to_string()),
            CardError::Duplicate { .. } => DuplicateCardError::new_err(e.to_string()),
        }
    }
}

impl From<EvalError> for PyErr {
    fn from(e: EvalError) -> PyErr {
        match e {
            EvalError::Card(c) => c.into(),
            other => InvalidHandError::new_err(other.to_string()),
        }
    }
}

impl From<EquityError> for PyErr {
    fn from(e: EquityError) -> PyErr {
        match e {
            EquityError::Duplicate { .. } => DuplicateCardError::new_err(e.to_string()),
            EquityError::PlayerCount(_)
            | EquityError::HandSize { .. }
            | EquityError::DeckTooSmall { .. } => InvalidHandError::new_err(e.to_string()),
            EquityError::ZeroSamples
            | EquityError::ZeroThreads
            | EquityError::TooManyOutcomes(_)
            | EquityError::TooManyForCluster(_)
            | EquityError::UnitRange { .. }
            | EquityError::Incomplete { .. } => ConfigurationError::new_err(e.to_string()),
            EquityError::Cancelled => pyo3::exceptions::PyKeyboardInterrupt::new_err(e.to_string()),
        }
    }
}

impl From<ActionError> for PyErr {
    fn from(e: ActionError) -> PyErr {
        IllegalActionError::new_err(e.to_string())
    }
}

impl From<ConfigError> for PyErr {
    fn from(e: ConfigError) -> PyErr {
        ConfigurationError::new_err(e.to_string())
    }
}

impl From<SimError> for PyErr {
    fn from(e: SimError) -> PyErr {
        ConfigurationError::new_err(e.0)
    }
}

// ----- messages of mistakes the PyO3 layer finds (one function per kind of mistake) -----

/// A `Move` kind that is none of `kinds`.
pub(crate) fn unknown_move_kind(kind: &str, kinds: &[&str]) -> PyErr {
    ConfigurationError::new_err(format!(
        "unknown move kind {kind:?} (expected one of {})",
        kinds.join(", ")
    ))
}

/// A `Move` of `kind` given a `part` (amount, discards) it does not take.
pub(crate) fn move_takes_no(part: &str, kind: &str) -> PyErr {
    ConfigurationError::new_err(format!("a {kind} move takes no {part}"))
}

/// A pickled `Moves` listing `kind` before the bets.
pub(crate) fn not_a_head_move(kind: &str) -> PyErr {
    ConfigurationError::new_err(format!("{kind:?} is not a move listed before the bets"))
}

/// A pickled history naming an action by an unknown `code`.
pub(crate) fn unknown_action_code(code: &str) -> PyErr {
    IllegalActionError::new_err(format!("unknown action code {code:?}"))
}

/// A ranking code no ranking has.
pub(crate) fn unknown_ranking(code: &str) -> PyErr {
    ConfigurationError::new_err(format!("unknown ranking {code:?}"))
}

/// Ordering a value of ranking `ours` against one of `theirs` (codes).
pub(crate) fn ranking_mismatch(ours: &str, theirs: &str) -> PyErr {
    /// A ranking code with its article: "a high", "an ace_five".
    fn with_article(code: &str) -> String {
        let vowel = code.starts_with(['a', 'e', 'i', 'o', 'u']);
        format!("{} {code}", if vowel { "an" } else { "a" })
    }
    RankingMismatchError::new_err(format!(
        "cannot order {} value against {} value",
        with_article(ours),
        with_article(theirs)
    ))
}

impl From<RecordError> for PyErr {
    fn from(e: RecordError) -> PyErr {
        ConfigurationError::new_err(e.to_string())
    }
}

/// Merged equity totals that make an impossible record.
pub(crate) fn totals_do_not_add_up(problem: &RecordError) -> PyErr {
    ConfigurationError::new_err(format!(
        "the totals do not add up (a chunk is wrong): {problem}"
    ))
}

/// Equity totals of `players` offered to finish work of `work` players.
pub(crate) fn totals_of_other_players(players: usize, work: usize) -> PyErr {
    ConfigurationError::new_err(format!(
        "totals of {players} players cannot finish work of {work}"
    ))
}

/// Units of a work no totals cover.
pub(crate) fn units_missing(gap: &Range<u64>) -> PyErr {
    ConfigurationError::new_err(format!(
        "units {}..{} missing from the totals (a chunk never came back)",
        gap.start, gap.end
    ))
}

/// Totals covering units past the work's `units`.
pub(crate) fn units_beyond(extra: &Range<u64>, units: u64) -> PyErr {
    ConfigurationError::new_err(format!(
        "the totals cover units {}..{}, past the {units} units of this work",
        extra.start, extra.end
    ))
}

/// A range of `what` (units, hands, sessions) from `a` back to `b`.
pub(crate) fn range_backwards(what: &str, a: u64, b: u64) -> PyErr {
    ConfigurationError::new_err(format!("the range of {what} {a}..{b} runs backwards"))
}

/// Units `r` of `what` counted twice.
pub(crate) fn counted_twice(what: &str, r: &Range<u64>) -> PyErr {
    ConfigurationError::new_err(format!(
        "{what} {}..{} counted twice (a chunk's totals were added twice)",
        r.start, r.end
    ))
}

/// `EquityTotals` lists of different lengths (units, squares, wins, ties, low), or more
/// than `most` players.
pub(crate) fn totals_lengths(most: usize, got: [usize; 5]) -> PyErr {
    let [n, squares, wins, ties, low] = got;
    ConfigurationError::new_err(format!(
        "EquityTotals needs one unit sum, square sum, win count, tie count and low unit sum \
         per player (at most {most}): got {n}, {squares}, {wins}, {ties} and {low}"
    ))
}

/// A player's low units above his units.
pub(crate) fn low_above_units(player: usize, low: u128, units: u128) -> PyErr {
    ConfigurationError::new_err(format!(
        "EquityTotals: player {player} won {low} pot units with his low but only {units} in all"
    ))
}

/// Adding equity totals of `ours` and `theirs` players.
pub(crate) fn adding_other_players(ours: usize, theirs: usize) -> PyErr {
    ConfigurationError::new_err(format!(
        "cannot add the equity totals of {ours} and {theirs} players"
    ))
}

/// `units` in chunks of `per_chunk` making `count` chunks, more than 2**24.
pub(crate) fn too_many_chunks(units: u64, per_chunk: u64, count: u64) -> PyErr {
    ConfigurationError::new_err(format!(
        "{units} units in chunks of {per_chunk} would make {count} chunks, more than 2**24: \
         give a larger chunk size"
    ))
}

/// A chunk index outside the `len` chunks.
pub(crate) fn chunk_out_of_range(index: i64, len: u64) -> PyErr {
    PyIndexError::new_err(format!("chunk {index} out of range: there are {len}"))
}

/// A pickled hand value whose `strength` is not that of its cards.
pub(crate) fn strength_mismatch(strength: u32) -> PyErr {
    InvalidHandError::new_err(format!("strength {strength} does not match the cards"))
}

/// A game `id` without showing hands (`stud`: the games that have them).
pub(crate) fn no_showing_hands(id: &str, stud: &[&str]) -> PyErr {
    InvalidHandError::new_err(format!(
        "no showing hands in game {id:?} (expected one of {})",
        stud.join(", ")
    ))
}

/// What is wrong with a batch call's `out` array.
pub(crate) enum OutProblem {
    /// An array of another shape or type.
    Array {
        /// Its shape, as numpy writes it.
        shape: String,
        /// Its dtype, as numpy writes it.
        dtype: String,
    },
    /// Not an array: the name of its type.
    Object(String),
    /// A `uint32` array of this many slots, not one per row.
    Slots(usize),
    /// Not C-contiguous and aligned.
    Layout,
    /// Not writable, and numpy's reason.
    Unwritable(String),
}

/// A batch call's `out` array that cannot take `rows` strengths.
pub(crate) fn bad_out(rows: usize, problem: &OutProblem) -> PyErr {
    let problem = match problem {
        OutProblem::Array { shape, dtype } => {
            format!("got an array of shape {shape}, dtype {dtype}")
        }
        OutProblem::Object(name) => format!("got a {name}"),
        OutProblem::Slots(n) => format!("it has {n} slots"),
        OutProblem::Layout => "it is not C-contiguous and aligned".to_string(),
        OutProblem::Unwritable(e) => format!("it cannot be written ({e})"),
    };
    ConfigurationError::new_err(format!(
        "out must be a writable, C-contiguous 1-D uint32 array of {rows} slots (one per row); \
         {problem}"
    ))
}

/// An output array that cannot be borrowed for writing as one slice, and why.
pub(crate) fn out_unwritable(reason: &str) -> PyErr {
    ConfigurationError::new_err(format!("out cannot be written: {reason}"))
}

/// A four-straight mode given for a `ranking` other than Soko.
pub(crate) fn four_straight_not_soko(ranking: &str) -> PyErr {
    ConfigurationError::new_err(format!(
        "four_straight applies to the soko ranking only, not {ranking:?}"
    ))
}

/// Hands of `n` x `k` card indices that are not one block and cannot be copied.
pub(crate) fn no_memory_for_copy(n: usize, k: usize) -> PyErr {
    PyMemoryError::new_err(format!(
        "the hands are not one C-contiguous block, and a copy of their {n} x {k} card indices \
         cannot be allocated"
    ))
}

/// A value as messages show it: its type and (shortened) repr, e.g. `str 'x'`.
pub(crate) fn describe(obj: &Bound<'_, PyAny>) -> String {
    let ty = obj
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    let mut text = obj
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string());
    if text.chars().count() > 40 {
        text = text.chars().take(37).collect::<String>() + "...";
    }
    format!("{ty} {text}")
}

/// The error for an argument of the wrong type: `{name} must be {what}, got {type} {repr}`.
pub(crate) fn wrong_type(name: &str, what: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    ArgumentTypeError::new_err(format!("{name} must be {what}, got {}", describe(obj)))
}

/// Which error an out-of-range number raises.
#[derive(Clone, Copy)]
pub(crate) enum OutOfRange {
    /// `ConfigurationError` (a `ValueError`): thread counts, seeds, chip amounts, counts.
    Configuration,
    /// `CardParseError`: card indices.
    Card,
    /// `IndexOutOfRangeError`: slots of a fixed table (action indices).
    Index,
}

/// What a whole-number argument must be: its name and range (`max` as text names it).
fn whole_range((name, min, max): (&str, u64, u64)) -> String {
    format!(
        "{name} must be a whole number from {min} to {}",
        limit_text(max)
    )
}

/// A whole number `got` outside the range `(name, min, max)`, raised as `kind` says.
pub(crate) fn not_in_range(range: (&str, u64, u64), kind: OutOfRange, got: &str) -> PyErr {
    let message = format!("{}, got {got}", whole_range(range));
    match kind {
        OutOfRange::Configuration => ConfigurationError::new_err(message),
        OutOfRange::Card => CardParseError::new_err(message),
        OutOfRange::Index => IndexOutOfRangeError::new_err(message),
    }
}

/// Something other than a whole number where one of the range `(name, min, max)` goes.
pub(crate) fn not_a_whole_number(range: (&str, u64, u64), obj: &Bound<'_, PyAny>) -> PyErr {
    ArgumentTypeError::new_err(format!("{}, got {}", whole_range(range), describe(obj)))
}

/// `Card(x)` with something other than text; `hint` points an integer to `from_index`.
pub(crate) fn not_card_text(obj: &Bound<'_, PyAny>, hint: &str) -> PyErr {
    ArgumentTypeError::new_err(format!(
        "Card() takes text such as \"As\" or a Card, not {}{hint}",
        describe(obj)
    ))
}

/// An item of a card list at `position` that is neither a `Card` nor text.
pub(crate) fn not_a_card_at(position: usize, item: &Bound<'_, PyAny>) -> PyErr {
    ArgumentTypeError::new_err(format!(
        "expected a Card or a card string at position {position}, got {}",
        describe(item)
    ))
}

/// Something given as cards that is not text, a card or an iterable.
pub(crate) fn not_cards(obj: &Bound<'_, PyAny>) -> PyErr {
    ArgumentTypeError::new_err(format!(
        "expected cards (a string, a Card, or an iterable of them), got {}",
        describe(obj)
    ))
}

/// A panic caught at the boundary, with its message.
pub(crate) fn internal(what: &str) -> PyErr {
    InternalError::new_err(format!(
        "internal error in holecard's native code (please report it): {what}"
    ))
}

/// A panic caught at the boundary after which the object could not be restored.
pub(crate) fn internal_not_restored(what: &str, failed: &PyErr) -> PyErr {
    internal(&format!(
        "{what}; the object could not be restored and may be inconsistent ({failed})"
    ))
}

/// A player given more than 8 cards.
pub(crate) fn too_many_held(got: usize) -> PyErr {
    InvalidHandError::new_err(format!("a player holds at most 8 cards, got {got}"))
}

/// An up card that is not among the player's hole cards.
pub(crate) fn up_card_not_held(card: Card) -> PyErr {
    InvalidHandError::new_err(format!("up card {card} is not among the hole cards"))
}

/// An option as an argument name in messages.
pub(crate) fn option_label(name: &str) -> String {
    format!("option {name}")
}

/// The stack of seat `i` as an argument name in messages.
pub(crate) fn stack_label(i: usize) -> String {
    format!("the stack of seat {i}")
}

/// An option `name` that is unknown, or (`game`: the game id) known but not of that game.
pub(crate) fn option_not_here(name: &str, game: Option<&str>) -> PyErr {
    ConfigurationError::new_err(match game {
        Some(game) => format!("option {name} does not apply to {game}"),
        None => format!("unknown option {name:?}"),
    })
}

/// An option of the `only` betting structure set on a table of `structure`.
pub(crate) fn option_only_in(name: &str, only: &str, structure: &str) -> PyErr {
    ConfigurationError::new_err(format!(
        "option {name} applies only in {only} (this table is {structure})"
    ))
}

/// A profile that is none of `profiles`.
pub(crate) fn unknown_profile(profile: &str, profiles: &[&str]) -> PyErr {
    ConfigurationError::new_err(format!(
        "unknown profile {profile:?} (expected {})",
        profiles.join(", ")
    ))
}

/// A bet or raise to more chips than any stack can hold.
pub(crate) fn raise_too_big(amount: &Bound<'_, PyAny>) -> PyErr {
    IllegalActionError::new_err(format!("cannot bet or raise to {amount} chips"))
}

/// A state passed to an encoding that was dealt at another table.
pub(crate) fn not_this_encodings_hand(players: usize, game: &str) -> PyErr {
    ConfigurationError::new_err(format!(
        "the state is not a hand of this encoding's table ({players} players of {game})"
    ))
}

/// An action slot that is not legal now (with its label where the encoding has one).
pub(crate) fn slot_not_legal(index: impl std::fmt::Display, label: Option<&str>) -> PyErr {
    match label {
        Some(label) => {
            IllegalActionError::new_err(format!("action {index} ({label}) is not legal now"))
        }
        None => IllegalActionError::new_err(format!("action {index} is not legal now")),
    }
}

/// A move that no legal action slot holds now (`shown`: its repr).
pub(crate) fn move_in_no_legal_slot(shown: &str) -> PyErr {
    IllegalActionError::new_err(format!(
        "{shown} is not the move of any legal action slot now"
    ))
}

/// An `out` array of the wrong kind.
pub(crate) fn out_must_be(what: &str) -> PyErr {
    ConfigurationError::new_err(format!("out must be {what}"))
}

/// An `out` array of the wrong length.
pub(crate) fn out_length(wanted: usize, got: usize) -> PyErr {
    ConfigurationError::new_err(format!("out must hold {wanted} values, got {got}"))
}

/// A stack list of the wrong length.
pub(crate) fn stacks_count(wanted: usize, got: usize) -> PyErr {
    ConfigurationError::new_err(format!("stacks must have {wanted} entries, got {got}"))
}

/// A chance outcome that is no card index.
pub(crate) fn chance_not_a_card(index: impl std::fmt::Display) -> PyErr {
    IllegalActionError::new_err(format!("{index} is not a card"))
}

/// `restocks` that is not a list of card lists.
pub(crate) fn restocks_not_lists(restocks: &Bound<'_, PyAny>) -> PyErr {
    ConfigurationError::new_err(format!(
        "restocks must be a list of card lists, one per rebuilt stub, got {}",
        describe(restocks)
    ))
}

/// The `k`-th restock's cards could not be read.
pub(crate) fn bad_restock(k: usize, problem: &PyErr) -> PyErr {
    ConfigurationError::new_err(format!("bad restock {k}: {problem}"))
}

/// A `places` list of the wrong length.
pub(crate) fn places_count(got: usize, wanted: usize) -> PyErr {
    ConfigurationError::new_err(format!("places lists {got} places, expected {wanted}"))
}

/// A totals unit that is neither hands nor sessions.
pub(crate) fn unknown_unit(unit: &str) -> PyErr {
    ConfigurationError::new_err(format!("unit must be 'hands' or 'sessions', got '{unit}'"))
}
