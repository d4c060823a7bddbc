//! Readable names of hand values and the five cards that make them.

use super::{Category, HandValue, Ranking};
use crate::card::{Card, Rank};

fn rank(v: u32) -> Rank {
    // Rank values 1 (ace low) ..= 14.
    Rank::from_value(if v == 1 { 14 } else { v as u8 }).unwrap_or(Rank::Ace)
}

fn nibbles(key: u32, n: usize) -> Vec<u32> {
    (0..n).map(|i| key >> (4 * (n - 1 - i)) & 0xf).collect()
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A high-style name from the category and the rank values, best first (E-2.1 order).
fn high_name(cat: Category, r: &[u32]) -> String {
    let name = |i: usize| rank(r[i]).name();
    let plural = |i: usize| rank(r[i]).plural();
    match cat {
        Category::StraightFlush if r[0] == 14 => "Royal flush".into(),
        Category::StraightFlush => format!("Straight flush, {} high", name(0)),
        Category::FourOfAKind => format!("Four of a kind, {}", plural(0)),
        Category::FullHouse => format!("Full house, {} over {}", plural(0), plural(3)),
        Category::Flush => format!("Flush, {} high", name(0)),
        Category::Straight => format!("Straight, {} high", name(0)),
        Category::ThreeOfAKind => format!("Three of a kind, {}", plural(0)),
        Category::TwoPair => format!("Two pair, {} and {}", plural(0), plural(2)),
        Category::OnePair => format!("Pair of {}", plural(0)),
        Category::FourFlush => format!("Four-flush, {} high", name(0)),
        Category::FourStraight => format!("Four-straight, {} high", name(0)),
        Category::HighCard => format!("High card, {}", name(0)),
    }
}

fn low_sequence(r: &[u32]) -> String {
    r.iter()
        .filter(|&&v| v != 0)
        .map(|&v| if v == 1 { 'A' } else { rank(v).to_char() })
        .map(String::from)
        .collect::<Vec<_>>()
        .join("-")
}

/// The readable name of a value.
pub(crate) fn describe(v: HandValue) -> String {
    let raw = v.raw_key();
    let cat = v.category();
    match v.ranking() {
        Ranking::High | Ranking::Soko(_) => high_name(cat, &nibbles(raw, 5)),
        Ranking::DeuceSeven => {
            let r = nibbles(0xFF_FFFF - raw, 5);
            if cat == Category::HighCard {
                format!("{} low", low_sequence(&r))
            } else {
                high_name(cat, &r)
            }
        }
        Ranking::AceFive | Ranking::Low8 => {
            // Ace-to-five keys hold 14 - (0 = ace … 12 = king); rank value = that + 1.
            let r: Vec<u32> = nibbles(raw, 5).iter().map(|&n| 15 - n).collect();
            if cat == Category::HighCard {
                format!("{} low", low_sequence(&r))
            } else {
                format!("{} ({})", high_name(cat, &r), low_sequence(&r))
            }
        }
        Ranking::Showing(game) => {
            let mut r = nibbles(raw, 4);
            if game == super::ShowingGame::Razz {
                r = r.iter().map(|&n| if n == 0 { 0 } else { 15 - n }).collect();
                return format!("{} showing", low_sequence(&r));
            }
            r.retain(|&n| n != 0);
            r.resize(5, 0);
            format!("{} showing", capitalise(&high_name(cat, &r).to_lowercase()))
        }
    }
}

/// Sort key presenting a card within a made hand: bigger first.
fn present(cards: &[Card], v: HandValue) -> Vec<Card> {
    let cat = v.category();
    let ace_low = matches!(
        v.ranking(),
        Ranking::AceFive | Ranking::Low8 | Ranking::Showing(super::ShowingGame::Razz)
    );
    let count = |c: Card| cards.iter().filter(|d| d.rank() == c.rank()).count();
    let ranks: Vec<u8> = cards.iter().map(|c| c.rank() as u8).collect();
    let wheel_like = ranks.contains(&14)
        && ranks.contains(&2)
        && !ranks.contains(&13)
        && matches!(
            cat,
            Category::Straight | Category::StraightFlush | Category::FourStraight
        );
    let value = |c: Card| -> u8 {
        let r = c.rank() as u8;
        if r == 14 && (ace_low || wheel_like) {
            1
        } else {
            r
        }
    };
    let mut out = cards.to_vec();
    if cat == Category::FourFlush {
        // The four suited cards first, then the odd card (E-2.2.5).
        let suit_count = |c: Card| cards.iter().filter(|d| d.suit() == c.suit()).count();
        out.sort_by_key(|&c| std::cmp::Reverse((suit_count(c) >= 4, value(c), c.suit())));
    } else if cat == Category::FourStraight {
        let in_run = |c: Card| four_run(cards, value).contains(&value(c));
        let mut seen = Vec::new();
        out.sort_by_key(|&c| std::cmp::Reverse((in_run(c), value(c), c.suit())));
        // A paired run card: keep one copy in the run, the other is the odd card.
        let (mut run, mut odd): (Vec<Card>, Vec<Card>) = (Vec::new(), Vec::new());
        for c in out {
            if in_run(c) && !seen.contains(&value(c)) {
                seen.push(value(c));
                run.push(c);
            } else {
                odd.push(c);
            }
        }
        run.extend(odd);
        return run;
    } else {
        out.sort_by_key(|&c| std::cmp::Reverse((count(c), value(c), c.suit())));
    }
    out
}

/// The rank values of the four-run in a Soko four-straight hand (best run if several).
fn four_run(cards: &[Card], value: impl Fn(Card) -> u8) -> Vec<u8> {
    let mut vals: Vec<u8> = cards.iter().map(|&c| value(c)).collect();
    vals.sort_unstable();
    vals.dedup();
    for top in (4..=14u8).rev() {
        let run: Vec<u8> = (0..4).map(|i| top - i).collect();
        let has = |v: u8| {
            vals.contains(&v) || (v == 1 && vals.contains(&14)) || (v == 14 && vals.contains(&1))
        };
        if run.iter().all(|&v| has(v)) {
            return run;
        }
    }
    // Gutshot mode: the four highest distinct ranks inside a five-rank window.
    for top in (5..=14u8).rev() {
        let inside: Vec<u8> = vals
            .iter()
            .copied()
            .filter(|v| (top - 4..=top).contains(v))
            .collect();
        if inside.len() >= 4 {
            return inside.into_iter().rev().take(4).collect();
        }
    }
    Vec::new()
}

/// The five cards (showing hands: all cards) that make `v`, best first.
pub(crate) fn best_five(v: HandValue, cards: &[Card]) -> Vec<Card> {
    if matches!(v.ranking(), Ranking::Showing(_)) || cards.len() <= 5 {
        return present(cards, v);
    }
    let n = cards.len();
    let mut best: Option<Vec<Card>> = None;
    for skip in 0u32..1 << n {
        if (n as u32) - skip.count_ones() != 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| skip >> i & 1 == 0)
            .map(|i| cards[i])
            .collect();
        let idx: Vec<u8> = five.iter().map(|c| c.index()).collect();
        if v.ranking().strength_unchecked(&idx) != v.strength() {
            continue;
        }
        // Among equal hands, prefer the highest cards by index, for a stable answer.
        let mut key = idx.clone();
        key.sort_unstable_by(|a, b| b.cmp(a));
        let better = best.as_ref().is_none_or(|b| {
            let mut k: Vec<u8> = b.iter().map(|c| c.index()).collect();
            k.sort_unstable_by(|a, b| b.cmp(a));
            key > k
        });
        if better {
            best = Some(five);
        }
    }
    present(&best.unwrap_or_else(|| cards[..5].to_vec()), v)
}
