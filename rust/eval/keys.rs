//! Raw comparison keys of five-card hands: the slow, readable definition of every ranking.
//!
//! A raw key is `order << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`: the
//! category's place in the ranking, then five rank nibbles, compared as one integer
//! (greater = stronger; low rankings invert the ranks). These functions build the
//! lookup tables once (see `tables.rs`) and pick the five cards shown in `HandValue::cards`;
//! the hot paths never call them.

use super::{Category, FourStraight};

/// Ranks are 0 (deuce) ..= 12 (ace) here; `counts[r]` is how many cards of rank `r`.
pub(crate) type Counts = [u8; 13];

fn pack(order: u32, nibbles: &[u32]) -> u32 {
    let mut key = order;
    for i in 0..5 {
        key = key << 4 | nibbles.get(i).copied().unwrap_or(0);
    }
    key
}

/// The ranks (0..=12) of a hand, grouped by count then rank, both descending:
/// `K K K 7 7` for kings full of sevens.
pub(crate) fn grouped(counts: &Counts) -> Vec<u32> {
    let mut ranks: Vec<(u8, u32)> = (0..13u32)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks
        .iter()
        .flat_map(|&(n, r)| std::iter::repeat_n(r, n as usize))
        .collect()
}

/// The top rank (0..=12, ace-low wheel = 3) of a five-rank straight, if the counts hold one.
pub(crate) fn straight_top(counts: &Counts, wheel: bool) -> Option<u32> {
    let present = |r: usize| counts[r] > 0;
    (4..13usize)
        .rev()
        .find(|&top| (top - 4..=top).all(present))
        .map(|t| t as u32)
        .or_else(|| (wheel && present(12) && (0..4).all(present)).then_some(3))
}

fn pairing_category(counts: &Counts) -> Category {
    let mut c: Vec<u8> = counts.iter().copied().filter(|&n| n > 0).collect();
    c.sort_unstable_by(|a, b| b.cmp(a));
    match c.as_slice() {
        [4, ..] => Category::FourOfAKind,
        [3, 2] => Category::FullHouse,
        [3, ..] => Category::ThreeOfAKind,
        [2, 2, ..] => Category::TwoPair,
        [2, ..] => Category::OnePair,
        _ => Category::HighCard,
    }
}

/// The high-hand category and raw key (E-2.1) of five cards; `wheel` allows `5-4-3-2-A`
/// (false for deuce-to-seven, E-2.4).
pub(crate) fn high(counts: &Counts, flush: bool, wheel: bool) -> (Category, u32) {
    let straight = straight_top(counts, wheel).filter(|_| counts.iter().all(|&n| n <= 1));
    if let Some(top) = straight {
        let run: Vec<u32> = (0..5).map(|i| (top + 13 - i) % 13 + 2).collect();
        let cat = if flush {
            Category::StraightFlush
        } else {
            Category::Straight
        };
        return (cat, pack(high_order(cat), &run));
    }
    let cat = if flush {
        Category::Flush
    } else {
        pairing_category(counts)
    };
    let ranks: Vec<u32> = grouped(counts).iter().map(|r| r + 2).collect();
    (cat, pack(high_order(cat), &ranks))
}

/// Place of a category in the high ranking (E-2.1: high card 1 … straight flush 9).
pub(crate) fn high_order(cat: Category) -> u32 {
    match cat {
        Category::HighCard => 1,
        Category::OnePair => 2,
        Category::TwoPair => 3,
        Category::ThreeOfAKind => 4,
        Category::Straight => 5,
        Category::Flush => 6,
        Category::FullHouse => 7,
        Category::FourOfAKind => 8,
        Category::StraightFlush => 9,
        Category::FourStraight | Category::FourFlush => 0,
    }
}

/// Place of a category in the Soko ranking (E-2.2.1).
pub(crate) fn soko_order(cat: Category) -> u32 {
    match cat {
        Category::HighCard => 1,
        Category::OnePair => 2,
        Category::FourStraight => 3,
        Category::FourFlush => 4,
        other => high_order(other) + 2,
    }
}

/// The four-straight key (top of the run, ace low as rank value 1; odd card) of a Soko
/// hand without a five-card straight, under `mode` (E-2.2.3): the best one if several.
fn four_straight(counts: &Counts, mode: FourStraight) -> Option<Vec<u32>> {
    // Rank values 1 (ace low) ..= 14 (ace high), present or not.
    let has = |v: u32| counts[((v + 11) % 13) as usize] > 0;
    let mut best: Option<Vec<u32>> = None;
    let lowest_top = if mode == FourStraight::OpenEnded {
        5
    } else {
        4
    };
    let highest_top = if mode == FourStraight::OpenEnded {
        13
    } else {
        14
    };
    for top in (lowest_top..=highest_top).rev() {
        let windows: Vec<Vec<u32>> = if mode == FourStraight::WithGutshot {
            // Any four of the five ranks top-4..=top (E-2.2.3 option WITH_GUTSHOT).
            if top < 5 {
                continue;
            }
            (0..5)
                .map(|gap| (0..5).filter(|&i| i != gap).map(|i| top - i).collect())
                .collect()
        } else {
            vec![(0..4).map(|i| top - i).collect()]
        };
        for run in windows {
            if !run.iter().all(|&v| has(v)) {
                continue;
            }
            // The odd card: the fifth card, which may pair one of the run.
            let mut rest = *counts;
            for &v in &run {
                rest[((v + 11) % 13) as usize] -= 1;
            }
            let odd = (0..13).find(|&r| rest[r] > 0).map_or(0, |r| r as u32 + 2);
            // E-2.2.5: the top card of the run, then the odd card (for gutshot sets too).
            let key = vec![run[0], odd];
            if best.as_ref().is_none_or(|b| key > *b) {
                best = Some(key);
            }
        }
    }
    best
}

/// The Soko category and raw key (E-2.2) of five cards. `four_flush` holds the four
/// suited ranks (0..=12) and the odd card's rank when exactly four cards share a suit.
pub(crate) fn soko(
    counts: &Counts,
    flush: bool,
    four_flush: Option<([u32; 4], u32)>,
    mode: FourStraight,
) -> (Category, u32) {
    let (cat, key) = high(counts, flush, true);
    if cat != Category::OnePair && cat != Category::HighCard {
        return (cat, key & 0xF_FFFF | soko_order(cat) << 20);
    }
    if let Some((mut suited, odd)) = four_flush {
        suited.sort_unstable_by(|a, b| b.cmp(a));
        let nibbles: Vec<u32> = suited.iter().chain([odd].iter()).map(|r| r + 2).collect();
        return (
            Category::FourFlush,
            pack(soko_order(Category::FourFlush), &nibbles),
        );
    }
    if let Some(run) = four_straight(counts, mode) {
        return (
            Category::FourStraight,
            pack(soko_order(Category::FourStraight), &run),
        );
    }
    (cat, key & 0xF_FFFF | soko_order(cat) << 20)
}

/// Ace-to-five low key (E-2.3.1-2) of five cards: fewer duplicates first, then the ranks
/// grouped by count (ace = 1) compared from the highest down, lower better.
pub(crate) fn ace_five(counts: &Counts) -> (Category, u32) {
    // Re-index ranks so that the ace is lowest: 0 = ace, 1 = deuce, …, 12 = king.
    let mut low: Counts = [0; 13];
    low[0] = counts[12];
    low[1..].copy_from_slice(&counts[..12]);
    let cat = pairing_category(counts);
    let order = match cat {
        Category::HighCard => 6,
        Category::OnePair => 5,
        Category::TwoPair => 4,
        Category::ThreeOfAKind => 3,
        Category::FullHouse => 2,
        _ => 1,
    };
    let nibbles: Vec<u32> = grouped(&low).iter().map(|r| 14 - r).collect();
    (cat, pack(order, &nibbles))
}

/// The 8-or-better key (E-2.3.3), or `None` when the five cards do not qualify.
pub(crate) fn low8(counts: &Counts) -> Option<u32> {
    let distinct_low = counts[12] <= 1 && counts[..7].iter().all(|&n| n <= 1);
    let five_low = u32::from(counts[12]) + counts[..7].iter().map(|&n| u32::from(n)).sum::<u32>();
    (distinct_low && five_low == 5).then(|| ace_five(counts).1)
}

/// Deuce-to-seven key (E-2.4) of five cards: the high key with the ace always high and no
/// wheel, inverted so that the lowest hand is greatest.
pub(crate) fn deuce_seven(counts: &Counts, flush: bool) -> (Category, u32) {
    let (cat, key) = high(counts, flush, false);
    (cat, 0xFF_FFFF - key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(ranks: &str) -> Counts {
        let mut c = [0; 13];
        for ch in ranks.chars() {
            let r = "23456789TJQKA".find(ch).unwrap();
            c[r] += 1;
        }
        c
    }

    #[test]
    fn wheel_is_five_high() {
        let (cat, wheel) = high(&counts("A2345"), false, true);
        assert_eq!(cat, Category::Straight);
        assert!(wheel < high(&counts("23456"), false, true).1);
        assert_eq!(high(&counts("A2345"), false, false).0, Category::HighCard);
    }

    #[test]
    fn four_straight_modes() {
        let a234k = counts("A234K");
        assert!(four_straight(&a234k, FourStraight::Consecutive).is_some());
        assert!(four_straight(&a234k, FourStraight::OpenEnded).is_none());
        assert!(four_straight(&counts("5689K"), FourStraight::Consecutive).is_none());
        assert!(four_straight(&counts("5689K"), FourStraight::WithGutshot).is_some());
        assert!(four_straight(&counts("QKA23"), FourStraight::Consecutive).is_none());
    }

    #[test]
    fn low8_qualifier() {
        assert!(low8(&counts("A2345")).is_some());
        assert!(low8(&counts("87654")).is_some());
        assert!(low8(&counts("97654")).is_none());
        assert!(low8(&counts("AA234")).is_none());
    }
}
