//! Stud showing hands (E-2.5): who acts first from the up-cards alone.
//!
//! Strength layout: `order << 20 | category << 16 | four rank nibbles`, greater acts first.
//! Straights and flushes never count, except Soko's four-card hands with the
//! `soko_showing_four_card_hands` option (E-2.5.3). Razz (an extension sharing the stud
//! engine) ranks showing hands ace-to-five: the lowest showing hand acts first.

use super::keys::{grouped, Counts};
use super::{Category, EvalError, HandValue, Ranking};
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
    /// Soko; `four_card_hands` ranks four suited or consecutive up-cards between two pair
    /// and one pair (E-2.5.3).
    Soko {
        /// The `soko_showing_four_card_hands` option.
        four_card_hands: bool,
    },
}

fn pairing(counts: &Counts) -> Category {
    let mut c: Vec<u8> = counts.iter().copied().filter(|&n| n > 0).collect();
    c.sort_unstable_by(|a, b| b.cmp(a));
    match c.as_slice() {
        [4, ..] => Category::FourOfAKind,
        [3, ..] => Category::ThreeOfAKind,
        [2, 2] => Category::TwoPair,
        [2, ..] => Category::OnePair,
        _ => Category::HighCard,
    }
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
    let mut counts: Counts = [0; 13];
    for c in cards {
        counts[(c.rank() as usize) - 2] += 1;
    }
    let cat = pairing(&counts);
    if game == ShowingGame::Razz {
        let order = match cat {
            Category::HighCard => 5,
            Category::OnePair => 4,
            Category::TwoPair => 3,
            Category::ThreeOfAKind => 2,
            _ => 1,
        };
        let mut low: Counts = [0; 13];
        low[0] = counts[12];
        low[1..].copy_from_slice(&counts[..12]);
        let nibbles: Vec<u32> = grouped(&low).iter().map(|r| 14 - r).collect();
        return pack(order, cat, &nibbles);
    }
    if let (
        ShowingGame::Soko {
            four_card_hands: true,
        },
        4,
        Category::HighCard,
    ) = (game, cards.len(), cat)
    {
        let suited = cards.iter().all(|c| c.suit() == cards[0].suit());
        let mut ranks: Vec<u32> = cards.iter().map(|c| c.rank() as u32).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        if suited {
            return pack(4, Category::FourFlush, &ranks);
        }
        if ranks[0] - ranks[3] == 3 {
            return pack(3, Category::FourStraight, &ranks);
        }
        if ranks == [14, 4, 3, 2] {
            return pack(3, Category::FourStraight, &[4, 3, 2, 1]);
        }
    }
    let order = match cat {
        Category::HighCard => 1,
        Category::OnePair => 2,
        Category::TwoPair => 5,
        Category::ThreeOfAKind => 6,
        _ => 7,
    };
    let nibbles: Vec<u32> = grouped(&counts).iter().map(|r| r + 2).collect();
    pack(order, cat, &nibbles)
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
