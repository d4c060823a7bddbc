//! `CardSet`: a set of cards as a 64-bit mask (bit `i` = card index `i`).

use crate::card::Card;
use crate::error::CardError;

/// A set of cards; bit `i` holds the card with index `i`, so each rank is one nibble.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1 << 52) - 1);

    /// Builds a set from distinct cards; a repeated card is an error naming it.
    pub fn from_cards(cards: &[Card]) -> Result<CardSet, CardError> {
        let mut set = CardSet::EMPTY;
        for (position, &c) in cards.iter().enumerate() {
            if !set.insert(c) {
                return Err(CardError::Duplicate {
                    card: c.to_string(),
                    position,
                });
            }
        }
        Ok(set)
    }

    /// Adds a card; `false` if it was already there.
    pub fn insert(&mut self, c: Card) -> bool {
        let bit = 1u64 << c.index();
        let fresh = self.0 & bit == 0;
        self.0 |= bit;
        fresh
    }

    /// Removes a card; `false` if it was not there.
    pub fn remove(&mut self, c: Card) -> bool {
        let bit = 1u64 << c.index();
        let present = self.0 & bit != 0;
        self.0 &= !bit;
        present
    }

    /// Whether the card is in the set.
    #[must_use]
    pub fn contains(self, c: Card) -> bool {
        self.0 >> c.index() & 1 == 1
    }

    /// Number of cards.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in index order (lowest first).
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            Card::from_index(i64::from(i)).ok()
        })
    }

    /// Cards in either set.
    #[must_use]
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in `self` but not in `other`.
    #[must_use]
    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_are_named() {
        let c: Card = "As".parse().unwrap();
        let err = CardSet::from_cards(&[c, c]).unwrap_err();
        assert_eq!(err.to_string(), "duplicate card As at position 1");
    }

    #[test]
    fn iter_in_index_order() {
        let set: CardSet = Card::all().collect();
        assert_eq!(set, CardSet::FULL);
        assert!(set.iter().map(Card::index).eq(0..52));
    }
}
