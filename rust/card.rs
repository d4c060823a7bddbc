//! Ranks, suits and cards.
//!
//! A [`Card`] is a `u8` index `4 * (rank - 2) + suit` with suits clubs 0, diamonds 1,
//! hearts 2, spades 3, so `2c` is 0, `As` is 51 and the derived order sorts by rank,
//! then suit.

use std::fmt;
use std::str::FromStr;

use crate::error::CardError;

/// A card rank, `Two` = 2 up to `Ace` = 14.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks, deuce first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with value `v` (2..=14).
    #[must_use]
    pub fn from_value(v: u8) -> Option<Rank> {
        (2..=14).contains(&v).then(|| Rank::ALL[(v - 2) as usize])
    }

    /// The rank's character in card text (`T` for ten).
    #[must_use]
    pub fn to_char(self) -> char {
        b"23456789TJQKA"[(self as u8 - 2) as usize] as char
    }

    /// The English name, e.g. "king".
    #[must_use]
    pub fn name(self) -> &'static str {
        [
            "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace",
        ][(self as u8 - 2) as usize]
    }

    /// The English plural, e.g. "kings", "sixes".
    #[must_use]
    pub fn plural(self) -> &'static str {
        [
            "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces",
        ][(self as u8 - 2) as usize]
    }
}

/// A suit, in the order used for bring-in and odd-chip ties: clubs < diamonds < hearts < spades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Suit {
    Clubs = 0,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All suits, clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's character in card text.
    #[must_use]
    pub fn to_char(self) -> char {
        b"cdhs"[self as usize] as char
    }

    /// The English name, e.g. "spades".
    #[must_use]
    pub fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }
}

/// One of the 52 cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Card(u8);

impl Card {
    /// The card of the given rank and suit.
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(4 * (rank as u8 - 2) + suit as u8)
    }

    /// The card with index `i` (0..=51).
    pub fn from_index(i: i64) -> Result<Card, CardError> {
        u8::try_from(i)
            .ok()
            .filter(|&v| v < 52)
            .map(Card)
            .ok_or(CardError::Index(i))
    }

    /// The card's index, `4 * (rank - 2) + suit`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The rank.
    #[must_use]
    pub fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }

    /// The suit.
    #[must_use]
    pub fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// The card's spoken name, e.g. "ace of spades", "deuce of clubs" (the rank names of
    /// the hand names: "Pair of deuces").
    #[must_use]
    pub fn name(self) -> String {
        format!("{} of {}", self.rank().name(), self.suit().name())
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().to_char(), self.suit().to_char())
    }
}

fn rank_of(c: char) -> Option<Rank> {
    let v = match c.to_ascii_uppercase() {
        d @ '2'..='9' => d as u8 - b'0',
        'T' => 10,
        'J' => 11,
        'Q' => 12,
        'K' => 13,
        'A' => 14,
        _ => return None,
    };
    Rank::from_value(v)
}

fn suit_of(c: char) -> Option<Suit> {
    match c.to_ascii_lowercase() {
        'c' => Some(Suit::Clubs),
        'd' => Some(Suit::Diamonds),
        'h' => Some(Suit::Hearts),
        's' => Some(Suit::Spades),
        _ => None,
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// Reads one card: a rank (`2`-`9`, `T` or `10`, `J`, `Q`, `K`, `A`, either case)
    /// followed by a suit (`c`, `d`, `h`, `s`, either case), nothing else.
    fn from_str(s: &str) -> Result<Card, CardError> {
        let bad = || CardError::Parse {
            token: s.to_string(),
            position: 0,
        };
        let t = s.trim();
        let (rank_text, suit_text) = match t.char_indices().last() {
            Some((i, _)) if i > 0 => t.split_at(i),
            _ => return Err(bad()),
        };
        let rank = if rank_text == "10" {
            Rank::Ten
        } else {
            let mut chars = rank_text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => rank_of(c).ok_or_else(bad)?,
                _ => return Err(bad()),
            }
        };
        let suit = suit_text.chars().next().and_then(suit_of).ok_or_else(bad)?;
        Ok(Card::new(rank, suit))
    }
}

/// Reads a list of cards: `"As Kd 7h"`, `"AsKd7h"`, `"As, Kd, 7h"`, `10` for `T`, either
/// case. Errors name the bad token and its position; trailing junk is an error. Duplicates
/// are allowed here (see [`crate::CardSet::from_cards`] to reject them).
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    let mut cards = Vec::new();
    for chunk in text.split(|c: char| c.is_whitespace() || c == ',') {
        let mut rest = chunk;
        while !rest.is_empty() {
            // A card is 2 characters, or 3 when the rank is written "10".
            let len = if rest.starts_with("10") { 3 } else { 2 };
            let end = rest.char_indices().nth(len).map_or(rest.len(), |(i, _)| i);
            let token = &rest[..end];
            let card = token.parse::<Card>().map_err(|_| CardError::Parse {
                token: token.to_string(),
                position: cards.len(),
            })?;
            cards.push(card);
            rest = &rest[end..];
        }
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_layout() {
        assert_eq!("2c".parse::<Card>().unwrap().index(), 0);
        assert_eq!("As".parse::<Card>().unwrap().index(), 51);
        assert_eq!("Td".parse::<Card>().unwrap().index(), 33);
    }

    #[test]
    fn spoken_names_use_the_hand_names_ranks() {
        assert_eq!("2c".parse::<Card>().unwrap().name(), "deuce of clubs");
        assert_eq!("Td".parse::<Card>().unwrap().name(), "ten of diamonds");
        assert_eq!("As".parse::<Card>().unwrap().name(), "ace of spades");
        let names: std::collections::HashSet<String> = Card::all().map(Card::name).collect();
        assert_eq!(names.len(), 52);
    }

    #[test]
    fn display_round_trips() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
    }

    #[test]
    fn parse_forms() {
        let want: Vec<Card> = ["As", "Kd", "Th"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        for text in ["As Kd Th", "AsKdTh", "As, Kd, Th", "as kD 10h", "AS,KD,10H"] {
            assert_eq!(parse_cards(text).unwrap(), want, "{text}");
        }
        assert_eq!(parse_cards("").unwrap(), vec![]);
    }

    #[test]
    fn parse_errors_name_token_and_position() {
        assert_eq!(
            parse_cards("As Kx"),
            Err(CardError::Parse {
                token: "Kx".into(),
                position: 1
            })
        );
        assert!(parse_cards("Ksxyz").is_err());
        assert!(parse_cards("A").is_err());
        assert!("1s".parse::<Card>().is_err());
        assert!("Ass".parse::<Card>().is_err());
        assert!(Card::from_index(52).is_err());
        assert!(Card::from_index(-1).is_err());
    }
}
