//! Hand evaluators, one per ranking, and the [`HandValue`] they return.
//!
//! A `HandValue` is a ranking plus a `strength`: for table-driven rankings the dense,
//! 1-based place of the hand among all distinct values of that ranking, weakest first
//! (high 1 ..= 7,462; Soko 1 ..= 16,707; ace-to-five 1 ..= 6,175; 8-or-better 1 ..= 56;
//! deuce-to-seven 1 ..= 7,462), so greater is always stronger, low games included. Showing
//! hands (E-2.5) use a packed key instead: `order << 20` plus four rank nibbles.

mod keys;
mod names;
mod offsets;
mod showing;
pub(crate) mod tables;

use std::cmp::Ordering;
use std::fmt;

use crate::card::Card;
use crate::cardset::CardSet;
use crate::error::EvalError;

pub(crate) use showing::UpCards;
pub use showing::{evaluate_showing, ShowingGame};
use tables::tables;

/// Hand categories, numbered as the Python `holecard.Category` enum. The numbers name a
/// category; they do not order categories across rankings (Soko places the four-flush
/// below two pair).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Category {
    HighCard = 1,
    OnePair = 2,
    TwoPair = 3,
    ThreeOfAKind = 4,
    Straight = 5,
    Flush = 6,
    FullHouse = 7,
    FourOfAKind = 8,
    StraightFlush = 9,
    FourStraight = 10,
    FourFlush = 11,
}

/// Which four-card runs count as a Soko four-straight (E-2.2.3, option `four_straight_mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum FourStraight {
    /// Four consecutive ranks, ace high or low (default).
    #[default]
    Consecutive = 0,
    /// As `Consecutive` but without `A-2-3-4` and `J-Q-K-A`.
    OpenEnded = 1,
    /// Any four ranks within a five-rank window.
    WithGutshot = 2,
}

impl FourStraight {
    /// Every mode, in the order of [`FourStraight::NAMES`].
    pub const ALL: [FourStraight; 3] = [
        FourStraight::Consecutive,
        FourStraight::OpenEnded,
        FourStraight::WithGutshot,
    ];

    /// The option value names (`four_straight_mode`), one per mode.
    pub const NAMES: [&'static str; 3] = ["CONSECUTIVE", "OPEN_ENDED", "WITH_GUTSHOT"];

    /// The mode's option value name (`"OPEN_ENDED"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The mode named `text` (any case, surrounding space ignored).
    #[must_use]
    pub fn named(text: &str) -> Option<FourStraight> {
        let key = text.trim().to_ascii_uppercase();
        Self::ALL.into_iter().find(|m| m.name() == key)
    }
}

impl std::str::FromStr for FourStraight {
    type Err = EvalError;

    /// Reads an option value (`CONSECUTIVE`, `OPEN_ENDED`, `WITH_GUTSHOT`, any case).
    fn from_str(text: &str) -> Result<FourStraight, EvalError> {
        FourStraight::named(text).ok_or_else(|| {
            EvalError::Unsupported(format!(
                "unknown four_straight mode {text:?} (expected one of {})",
                FourStraight::NAMES.join(", ")
            ))
        })
    }
}

/// A way of ranking hands; values of different rankings never compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ranking {
    /// Best five of 5-7 cards, E-2.1.
    High,
    /// Soko, exactly five cards, E-2.2.
    Soko(FourStraight),
    /// Ace-to-five low, best of 5-7 cards (razz), E-2.3.1-2.
    AceFive,
    /// 8-or-better qualifying low, best of 5-7 cards, E-2.3.3-4.
    Low8,
    /// Deuce-to-seven low, 5-7 cards (the best five), E-2.4.
    DeuceSeven,
    /// Stud showing hand of 1-4 up-cards, E-2.5.
    Showing(ShowingGame),
}

impl Ranking {
    /// Every hand ranking (the table-driven ones), each Soko mode once.
    pub const HANDS: [Ranking; 7] = [
        Ranking::High,
        Ranking::Soko(FourStraight::Consecutive),
        Ranking::Soko(FourStraight::OpenEnded),
        Ranking::Soko(FourStraight::WithGutshot),
        Ranking::AceFive,
        Ranking::Low8,
        Ranking::DeuceSeven,
    ];

    /// Every showing-hand ranking, Soko's normalised as [`ShowingGame::soko`] does.
    pub const SHOWING: [Ranking; 7] = [
        Ranking::Showing(ShowingGame::Stud),
        Ranking::Showing(ShowingGame::Stud8),
        Ranking::Showing(ShowingGame::Razz),
        Ranking::Showing(ShowingGame::Soko {
            four_card_hands: true,
            four_straight: FourStraight::Consecutive,
        }),
        Ranking::Showing(ShowingGame::Soko {
            four_card_hands: true,
            four_straight: FourStraight::OpenEnded,
        }),
        Ranking::Showing(ShowingGame::Soko {
            four_card_hands: true,
            four_straight: FourStraight::WithGutshot,
        }),
        Ranking::Showing(ShowingGame::Soko {
            four_card_hands: false,
            four_straight: FourStraight::Consecutive,
        }),
    ];

    /// Every ranking's stable code ([`Ranking::code`]), the hand rankings first, then the
    /// showing ones, as Python reads them in `_core.RANKING_CODES`.
    pub const CODES: [&'static str; 14] = {
        let mut out = [""; 14];
        let mut i = 0;
        while i < 7 {
            out[i] = Self::HANDS[i].code();
            out[7 + i] = Self::SHOWING[i].code();
            i += 1;
        }
        out
    };

    /// The ranking's stable code, used by pickling and batch calls (`"high"`,
    /// `"soko_open_ended"`, `"showing_razz"` …); unlike [`Ranking::name`] it tells every
    /// ranking apart.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Ranking::High => "high",
            Ranking::Soko(FourStraight::Consecutive) => "soko",
            Ranking::Soko(FourStraight::OpenEnded) => "soko_open_ended",
            Ranking::Soko(FourStraight::WithGutshot) => "soko_with_gutshot",
            Ranking::AceFive => "ace_five",
            Ranking::Low8 => "low8",
            Ranking::DeuceSeven => "deuce_seven",
            Ranking::Showing(ShowingGame::Stud) => "showing_stud",
            Ranking::Showing(ShowingGame::Stud8) => "showing_stud8",
            Ranking::Showing(ShowingGame::Razz) => "showing_razz",
            Ranking::Showing(ShowingGame::Soko {
                four_card_hands: false,
                ..
            }) => "showing_soko_plain",
            Ranking::Showing(ShowingGame::Soko { four_straight, .. }) => match four_straight {
                FourStraight::Consecutive => "showing_soko",
                FourStraight::OpenEnded => "showing_soko_open_ended",
                FourStraight::WithGutshot => "showing_soko_with_gutshot",
            },
        }
    }

    /// The ranking of `code` ([`Ranking::code`]), if any.
    #[must_use]
    pub fn of_code(code: &str) -> Option<Ranking> {
        Self::HANDS
            .into_iter()
            .chain(Self::SHOWING)
            .find(|r| r.code() == code)
    }

    /// The number of cards the ranking accepts, as text for errors, and its bounds.
    fn card_counts(self) -> (&'static str, usize, usize) {
        match self {
            Ranking::High | Ranking::AceFive | Ranking::Low8 | Ranking::DeuceSeven => {
                ("5 to 7", 5, 7)
            }
            Ranking::Soko(_) => ("exactly 5", 5, 5),
            Ranking::Showing(_) => ("1 to 4", 1, 4),
        }
    }

    /// A short name used in messages.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Ranking::High => "high",
            Ranking::Soko(_) => "soko",
            Ranking::AceFive => "ace_five",
            Ranking::Low8 => "low8",
            Ranking::DeuceSeven => "deuce_seven",
            Ranking::Showing(_) => "showing",
        }
    }

    /// Checks that `cards` are distinct and as many as the ranking takes.
    pub fn validate(self, cards: &[Card]) -> Result<CardSet, EvalError> {
        let (expected, lo, hi) = self.card_counts();
        if !(lo..=hi).contains(&cards.len()) {
            return Err(EvalError::Count {
                ranking: self.name(),
                expected,
                got: cards.len(),
            });
        }
        Ok(CardSet::from_cards(cards)?)
    }

    /// Strength of valid, distinct cards (see [`Ranking::validate`]); 0 = no 8-or-better low.
    #[must_use]
    pub fn strength_unchecked(self, cards: &[u8]) -> u32 {
        let t = tables();
        u32::from(match self {
            Ranking::High => t.high(cards),
            Ranking::Soko(mode) => t.soko(mode, cards),
            Ranking::AceFive => t.ace_five(cards),
            Ranking::Low8 => t.low8(cards),
            Ranking::DeuceSeven => t.deuce_seven(cards),
            Ranking::Showing(game) => {
                let cards: Vec<Card> = cards
                    .iter()
                    .filter_map(|&c| Card::from_index(i64::from(c)).ok())
                    .collect();
                return showing::strength(game, &cards);
            }
        })
    }

    /// The value of valid, distinct cards (see [`Ranking::validate`]): `None` only for an
    /// 8-or-better hand without a low. The tables hold only real strengths, so a dense
    /// ranking's value needs no range check (the single-evaluation fast path).
    #[must_use]
    pub fn value_unchecked(self, cards: &[u8]) -> Option<HandValue> {
        let strength = self.strength_unchecked(cards);
        match self {
            Ranking::Showing(_) => HandValue::from_parts(self, strength),
            _ => (strength != 0).then_some(HandValue {
                ranking: self,
                strength,
            }),
        }
    }

    /// Whether `n` cards summarised card by card ([`Summary`]) are a hand this ranking
    /// takes: a count it accepts and no card twice (distinct cards set one mask bit each).
    /// Showing hands are left to [`Ranking::validate`]. The single-evaluation fast path
    /// proves the cards valid from the summary it ranks them by, where `validate` builds a
    /// set; when this is false, `validate` names what is wrong.
    #[must_use]
    #[inline]
    fn takes(self, sum: Summary, n: usize) -> bool {
        let (_, lo, hi) = self.card_counts();
        !matches!(self, Ranking::Showing(_))
            && (lo..=hi).contains(&n)
            && sum.mask.count_ones() as usize == n
    }

    /// The value of `cards` from their summary, when [`Ranking::takes`] them: `None` only
    /// for an 8-or-better hand without a low.
    #[must_use]
    #[inline]
    fn value_of_summary(self, sum: Summary, cards: &[u8]) -> Option<HandValue> {
        debug_assert!(self.takes(sum, cards.len()));
        let strength = u32::from(tables().strength_of(self, sum.key, cards));
        (strength != 0).then_some(HandValue {
            ranking: self,
            strength,
        })
    }

    /// The value of `cards`, validated (see [`Ranking::validate`]): `None` only for an
    /// 8-or-better hand without a low.
    pub fn value(self, cards: &[Card]) -> Result<Option<HandValue>, EvalError> {
        // No ranking takes more than seven cards: `validate` names the count.
        if cards.len() > 7 {
            self.validate(cards)?;
        }
        let cards = &cards[..cards.len().min(7)];
        let idx: [u8; 7] = std::array::from_fn(|i| cards.get(i).map_or(0, |c| c.index()));
        self.value_summarised(cards, &idx[..cards.len()], Summary::of(cards))
    }

    /// As [`Ranking::value`], for at most seven cards already summarised (with their
    /// indices): valid cards are ranked by the summary that proves them valid; anything
    /// else goes through [`Ranking::validate`], which names what is wrong.
    #[inline]
    pub(crate) fn value_summarised(
        self,
        cards: &[Card],
        idx: &[u8],
        sum: Summary,
    ) -> Result<Option<HandValue>, EvalError> {
        if self.takes(sum, cards.len()) {
            Ok(self.value_of_summary(sum, idx))
        } else {
            self.value_validated(cards, idx)
        }
    }

    /// The value of cards the summary did not prove valid (a fault, or a showing hand).
    #[cold]
    #[inline(never)]
    fn value_validated(self, cards: &[Card], idx: &[u8]) -> Result<Option<HandValue>, EvalError> {
        self.validate(cards)?;
        Ok(self.value_unchecked(idx))
    }

    /// Number of distinct values (`None` for showing hands, which are not dense).
    #[must_use]
    pub fn distinct_values(self) -> Option<usize> {
        self.scale().map(tables::Scale::len)
    }

    fn scale(self) -> Option<&'static tables::Scale> {
        let t = tables();
        match self {
            Ranking::High => Some(t.high_scale()),
            Ranking::Soko(mode) => Some(t.soko_scale(mode)),
            Ranking::AceFive => Some(t.ace_five_scale()),
            Ranking::Low8 => Some(t.low8_scale()),
            Ranking::DeuceSeven => Some(t.deuce7_scale()),
            Ranking::Showing(_) => None,
        }
    }
}

/// A hand summarised card by card: its summed card keys and the union of its card bits.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Summary {
    key: u64,
    mask: u64,
}

impl Summary {
    /// The summary of `cards`.
    pub(crate) fn of(cards: &[Card]) -> Summary {
        let mut sum = Summary::default();
        for &c in cards {
            sum.add(c);
        }
        sum
    }

    /// Adds a card (a repeat leaves the mask as it was, which [`Ranking::takes`]
    /// notices).
    #[inline]
    pub(crate) fn add(&mut self, c: Card) {
        let i = usize::from(c.index());
        self.key += tables::CARD_KEY[i];
        self.mask |= tables::CARD_MASK[i];
    }
}

/// The value of a hand under one ranking; greater is stronger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandValue {
    ranking: Ranking,
    strength: u32,
}

impl HandValue {
    /// Rebuilds a value from its parts (as returned by [`HandValue::strength`]); `None` if
    /// the strength is out of range for the ranking.
    #[must_use]
    pub fn from_parts(ranking: Ranking, strength: u32) -> Option<HandValue> {
        let ok = match ranking.distinct_values() {
            Some(n) => (1..=n as u32).contains(&strength),
            None => showing::category(strength).is_some(),
        };
        ok.then_some(HandValue { ranking, strength })
    }

    /// The ranking this value belongs to.
    #[must_use]
    pub fn ranking(self) -> Ranking {
        self.ranking
    }

    /// The strength: greater is stronger, comparable within one ranking only.
    #[must_use]
    pub fn strength(self) -> u32 {
        self.strength
    }

    /// The hand's category.
    #[must_use]
    pub fn category(self) -> Category {
        match self.ranking.scale() {
            Some(scale) => scale.categories[self.strength as usize],
            None => showing::category(self.strength).unwrap_or(Category::HighCard),
        }
    }

    /// The ranking's comparison key of this value (see `keys.rs`), used for names.
    pub(crate) fn raw_key(self) -> u32 {
        self.ranking
            .scale()
            .map_or(self.strength, |s| s.raw[self.strength as usize])
    }
}

impl PartialOrd for HandValue {
    /// Values of different rankings are unordered.
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        (self.ranking == other.ranking).then(|| self.strength.cmp(&other.strength))
    }
}

impl fmt::Display for HandValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&names::describe(*self))
    }
}

/// The value of `cards`; strength 0 only for an 8-or-better hand without a low (which
/// [`evaluate_low8`] turns into `None`).
fn evaluate(ranking: Ranking, cards: &[Card]) -> Result<HandValue, EvalError> {
    Ok(ranking.value(cards)?.unwrap_or(HandValue {
        ranking,
        strength: 0,
    }))
}

/// Best high hand of 5-7 cards (E-2.1).
pub fn evaluate_high(cards: &[Card]) -> Result<HandValue, EvalError> {
    evaluate(Ranking::High, cards)
}

/// Soko value of exactly five cards (E-2.2).
pub fn evaluate_soko(cards: &[Card], mode: FourStraight) -> Result<HandValue, EvalError> {
    evaluate(Ranking::Soko(mode), cards)
}

/// Best ace-to-five low of 5-7 cards (E-2.3.1-2).
pub fn evaluate_ace_five(cards: &[Card]) -> Result<HandValue, EvalError> {
    evaluate(Ranking::AceFive, cards)
}

/// Best 8-or-better low of 5-7 cards, `None` without one (E-2.3.3-4).
pub fn evaluate_low8(cards: &[Card]) -> Result<Option<HandValue>, EvalError> {
    let v = evaluate(Ranking::Low8, cards)?;
    Ok((v.strength > 0).then_some(v))
}

/// Best deuce-to-seven low of 5-7 cards (E-2.4): the lowest five-card hand among them.
pub fn evaluate_deuce_seven(cards: &[Card]) -> Result<HandValue, EvalError> {
    evaluate(Ranking::DeuceSeven, cards)
}

/// The strength of valid, distinct `cards` computed the slow way: every 5-card subset is
/// ranked from its rank counts and suits by the readable definitions in `keys.rs`, and
/// the best key is looked up on the ranking's scale. It shares neither the perfect hash
/// nor the flush shortcuts with [`Ranking::strength_unchecked`], which fuzzing and tests
/// check against it. `None` for showing hands and for an 8-or-better hand without a low.
#[must_use]
pub fn slow_strength(ranking: Ranking, cards: &[Card]) -> Option<u32> {
    let n = cards.len();
    let mut best: Option<u32> = None;
    for skip in 0u32..1 << n {
        if n - (skip.count_ones() as usize) != 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| skip >> i & 1 == 0)
            .map(|i| cards[i])
            .collect();
        let mut counts: keys::Counts = [0; 13];
        let mut per_suit = [0u32; 4];
        for c in &five {
            counts[c.rank() as usize - 2] += 1;
            per_suit[c.suit() as usize] |= 1 << (c.rank() as u32 - 2);
        }
        let flush = per_suit.iter().any(|m| m.count_ones() == 5);
        let four = per_suit.iter().position(|m| m.count_ones() == 4).map(|s| {
            let m = per_suit[s];
            let ranks: Vec<u32> = (0..13).filter(|r| m >> r & 1 == 1).collect();
            let odd = five
                .iter()
                .find(|c| c.suit() as usize != s)
                .map_or(0, |c| c.rank() as u32 - 2);
            ([ranks[0], ranks[1], ranks[2], ranks[3]], odd)
        });
        let raw = match ranking {
            Ranking::High => Some(keys::high(&counts, flush, true).1),
            Ranking::Soko(mode) => Some(keys::soko(&counts, flush, four, mode).1),
            Ranking::AceFive => Some(keys::ace_five(&counts).1),
            Ranking::Low8 => keys::low8(&counts),
            Ranking::DeuceSeven => Some(keys::deuce_seven(&counts, flush).1),
            Ranking::Showing(_) => return None,
        };
        best = best.max(raw);
    }
    let raw = best?;
    let scale = ranking.scale()?;
    scale.raw.binary_search(&raw).ok().map(|i| i as u32)
}

/// The five cards that make `value` out of `cards` (5-7 cards, as evaluated), best first.
/// Showing hands return all their cards, best first.
#[must_use]
pub fn best_five(value: HandValue, cards: &[Card]) -> Vec<Card> {
    names::best_five(value, cards)
}

#[cfg(test)]
mod tests;
