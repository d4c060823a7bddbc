//! Stud showing hands (E-2.5): who acts first from the up-cards alone.
//!
//! Strength layout: `order << 20 | category << 16 | four rank nibbles`, greater acts first.
//! Straights and flushes never count, except Soko's four-card hands with the
//! `soko_showing_four_card_hands` option (E-2.5.3). Razz (an extension sharing the stud
//! engine) ranks showing hands ace-to-five: the lowest showing hand acts first.

use super::{Category, EvalError, FourStraight, HandValue, Ranking};
use crate::card::Card;

/// Which game's showing-hand rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShowingGame {
    /// Seven-card stud: pairs, trips, quads, then high cards (E-2.5.1-2).
    Stud,
    /// Stud hi/lo: the high showing hand, as stud (H-4).
    Stud8,
    /// Razz: the lowest ace-to-five showing hand acts first.
    Razz,
    /// Soko; `four_card_hands` ranks four suited up-cards, or four up-cards making a
    /// four-straight under `four_straight` (E-2.2.3), between two pair and one pair
    /// (E-2.5.3).
    Soko {
        /// The `soko_showing_four_card_hands` option.
        four_card_hands: bool,
        /// The `four_straight_mode` option; use [`ShowingGame::soko`] so that it is
        /// `Consecutive` whenever `four_card_hands` is off (it has no effect then).
        four_straight: FourStraight,
    },
}

impl ShowingGame {
    /// Soko's showing hands under its two options, normalised so that equal behaviour
    /// compares equal.
    #[must_use]
    pub fn soko(four_card_hands: bool, four_straight: FourStraight) -> Self {
        ShowingGame::Soko {
            four_card_hands,
            four_straight: if four_card_hands {
                four_straight
            } else {
                FourStraight::Consecutive
            },
        }
    }
}

/// The top card of four distinct up-card ranks (2..=14) that form a four-straight under
/// `mode` (E-2.2.3; the ace plays high or low, `A-2-3-4` tops at 4), or `None`.
fn four_run_top(ranks: [u32; 4], mode: FourStraight) -> Option<u32> {
    let mut best = None;
    for ace_low in [false, true] {
        let mut v = ranks.map(|r| if ace_low && r == 14 { 1 } else { r });
        v.sort_unstable();
        let span = v[3] - v[0];
        let fits = match mode {
            FourStraight::WithGutshot => span <= 4,
            FourStraight::Consecutive => span == 3,
            // Completable at both ends only: not A-2-3-4 nor J-Q-K-A.
            FourStraight::OpenEnded => span == 3 && v[3] != 4 && v[3] != 14,
        };
        if fits {
            best = best.max(Some(v[3]));
        }
    }
    best
}

/// Rank masks by multiplicity, packed in one word: bit `r` of 16-bit lane `n - 1` is set
/// when rank position `r` is held exactly `n` times. Positions are 0 = deuce … 12 = ace,
/// or with `ace_low` 0 = ace, 1 = deuce … 12 = king. (One register rather than an array:
/// narrow stores followed by wide loads stall store forwarding in this hot path.)
fn multiplicity_masks(cards: &[u8], ace_low: bool) -> u64 {
    cards.iter().fold(0, |m, &c| with_card(m, c, ace_low))
}

/// Multiplicity masks (see [`multiplicity_masks`]) with one more card.
fn with_card(m: u64, card: u8, ace_low: bool) -> u64 {
    const LANES: u64 = 1 | 1 << 16 | 1 << 32 | 1 << 48;
    let r = u32::from(card >> 2);
    let bit = 1u64 << if ace_low { (r + 1) % 13 } else { r };
    // The rank's bit in the lane of its current multiplicity (at most one lane).
    let held = m & (bit * LANES);
    if held == 0 {
        m | bit
    } else if held < bit << 48 {
        m ^ (held | held << 16) // one lane up
    } else {
        m
    }
}

/// A player's up-cards taken one at a time, as they are dealt: the engine keeps one per
/// seat across streets, so a new up-card costs one step rather than a fresh evaluation.
/// Only the first four count (a showing hand has at most four cards).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct UpCards {
    masks: u64,
    cards: [u8; 4],
    len: u8,
}

impl UpCards {
    /// Adds the next up-card (card index); past the fourth it is ignored.
    pub(crate) fn push(&mut self, game: ShowingGame, card: u8) {
        if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
            *slot = card;
            self.masks = with_card(self.masks, card, matches!(game, ShowingGame::Razz));
            self.len += 1;
        }
    }

    /// The showing strength of the cards so far (0 for none), as [`strength_of_indices`].
    pub(crate) fn strength(&self, game: ShowingGame) -> u32 {
        match self.len {
            0 => 0,
            k => strength_of_masks(game, self.masks, &self.cards[..usize::from(k)]),
        }
    }
}

/// Lane `n` (multiplicity `n + 1`) of packed masks.
fn lane(m: u64, n: u32) -> u16 {
    (m >> (16 * n)) as u16
}

fn pairing(m: u64) -> Category {
    if lane(m, 3) != 0 {
        Category::FourOfAKind
    } else if lane(m, 2) != 0 {
        Category::ThreeOfAKind
    } else if lane(m, 1) & lane(m, 1).wrapping_sub(1) != 0 {
        // Two pairs (of at most four cards: nothing else held). A bit test, not a
        // population count: the portable x86-64 target has no instruction for one.
        Category::TwoPair
    } else if lane(m, 1) != 0 {
        Category::OnePair
    } else {
        Category::HighCard
    }
}

/// Four nibbles of grouped rank positions (larger groups first, then higher positions,
/// each rank repeated as often as held), mapped by `f`; missing entries are 0.
fn grouped_key(m: u64, f: impl Fn(u32) -> u32) -> u32 {
    // `REPEAT[k]`: a nibble repeated `k` times.
    const REPEAT: [u32; 5] = [0, 0x1, 0x11, 0x111, 0x1111];
    let mut key = 0;
    let mut k = 0;
    for n in (0..4).rev() {
        let mut mask = lane(m, n);
        while mask != 0 && k < 4 {
            let r = mask.ilog2();
            mask &= !(1 << r);
            let times = (n + 1).min(4 - k);
            key = (key << (4 * times)) | (f(r) * REPEAT[times as usize]);
            k += times;
        }
    }
    key << (4 * (4 - k))
}

fn pack(order: u32, cat: Category, nibbles: &[u32]) -> u32 {
    let mut key = 0;
    for i in 0..4 {
        key = key << 4 | nibbles.get(i).copied().unwrap_or(0);
    }
    order << 20 | (cat as u32) << 16 | key
}

/// Strength of 1-4 distinct up-cards.
pub(crate) fn strength(game: ShowingGame, cards: &[Card]) -> u32 {
    let mut idx = [0u8; 4];
    let k = cards.len().min(4);
    for (i, c) in idx.iter_mut().zip(cards) {
        *i = c.index();
    }
    strength_of_indices(game, &idx[..k])
}

/// [`strength`] of 1-4 distinct card indices (the engine's own representation).
pub(crate) fn strength_of_indices(game: ShowingGame, cards: &[u8]) -> u32 {
    let razz = matches!(game, ShowingGame::Razz);
    strength_of_masks(game, multiplicity_masks(cards, razz), cards)
}

/// [`strength_of_indices`] of `cards` whose multiplicity masks (ace low in razz) are `m`.
fn strength_of_masks(game: ShowingGame, m: u64, cards: &[u8]) -> u32 {
    if matches!(game, ShowingGame::Razz) {
        let cat = pairing(m);
        let order = match cat {
            Category::HighCard => 5,
            Category::OnePair => 4,
            Category::TwoPair => 3,
            Category::ThreeOfAKind => 2,
            _ => 1,
        };
        // Worse (higher) ranks first, mapped so that a lower card gives a greater nibble.
        return order << 20 | (cat as u32) << 16 | grouped_key(m, |r| 14 - r);
    }
    let cat = pairing(m);
    if let (
        ShowingGame::Soko {
            four_card_hands: true,
            four_straight,
        },
        4,
        Category::HighCard,
    ) = (game, cards.len(), cat)
    {
        let suited = cards.iter().all(|&c| c & 3 == cards[0] & 3);
        let mut ranks = [0u32; 4];
        for (r, &c) in ranks.iter_mut().zip(cards) {
            *r = u32::from(c >> 2) + 2;
        }
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        if suited {
            return pack(4, Category::FourFlush, &ranks);
        }
        // E-2.2.5: four-straights compare by the top card of the run alone.
        if let Some(top) = four_run_top(ranks, four_straight) {
            return pack(3, Category::FourStraight, &[top]);
        }
    }
    let order = match cat {
        Category::HighCard => 1,
        Category::OnePair => 2,
        Category::TwoPair => 5,
        Category::ThreeOfAKind => 6,
        _ => 7,
    };
    order << 20 | (cat as u32) << 16 | grouped_key(m, |r| r + 2)
}

/// The category encoded in a showing strength, if it is one.
pub(crate) fn category(strength: u32) -> Option<Category> {
    use Category::{
        FourFlush, FourOfAKind, FourStraight, HighCard, OnePair, ThreeOfAKind, TwoPair,
    };
    let cat = [
        HighCard,
        OnePair,
        TwoPair,
        ThreeOfAKind,
        FourOfAKind,
        FourStraight,
        FourFlush,
    ]
    .into_iter()
    .find(|&c| c as u32 == (strength >> 16) & 0xf)?;
    (strength >> 20 != 0 && strength >> 23 == 0).then_some(cat)
}

/// The showing hand of 1-4 up-cards (E-2.5); greater acts first.
pub fn evaluate_showing(cards: &[Card], game: ShowingGame) -> Result<HandValue, EvalError> {
    let ranking = Ranking::Showing(game);
    ranking.validate(cards)?;
    Ok(HandValue {
        ranking,
        strength: strength(game, cards),
    })
}
