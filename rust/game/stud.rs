//! Stud rules: the deal, the bring-in choice (E-2.6, G-1.4.2), first to act on later
//! streets (E-2.5) and deck exhaustion before seventh street (T-9).

use super::options::ShowingTieBreak;
use super::state::{seats_of, Event, GameState, Showing};
use crate::card::Card;

/// Card order with the ace low (razz): rank 1..13, then suit.
pub(crate) fn ace_low_key(c: Card) -> u8 {
    let rank = c.rank() as u8;
    let r = if rank == 14 { 1 } else { rank };
    r * 4 + c.suit() as u8
}

impl GameState {
    /// Stud deal (S-4, T-3): the down cards to every player in rotations from `ord 0`,
    /// then the door card.
    pub(crate) fn deal_stud_initial(&mut self) {
        let first = self.cfg.spec().street(0);
        for _ in 0..first.down {
            for seat in self.by_position(self.everyone()) {
                self.deal_to(seat, false);
            }
        }
        for _ in 0..first.up {
            for seat in self.by_position(self.everyone()) {
                self.deal_to(seat, true);
            }
        }
    }

    /// The player whose door card brings in (E-2.6), chosen by cards only.
    pub(crate) fn bring_in_seat(&self) -> u8 {
        let highest = self.cfg.bring_in_highest();
        let spec = self.cfg.spec();
        let razz = spec.showdown.ace_low();
        let door = usize::from(spec.street(0).down);
        let mut best: Option<(u8, u8)> = None;
        for seat in self.by_position(self.everyone()) {
            let s = &self.seats[seat as usize];
            if s.ncards as usize <= door {
                continue;
            }
            let c = Self::card(s.cards[door]);
            let key = if razz { ace_low_key(c) } else { c.index() };
            let better = match best {
                None => true,
                Some((k, _)) => {
                    if highest {
                        key > k
                    } else {
                        key < k
                    }
                }
            };
            if better {
                best = Some((key, seat));
            }
        }
        best.map_or(self.seat_at(0), |(_, s)| s)
    }

    /// Whether any live player's up-cards contain a pair (G-1.6.4).
    pub(crate) fn any_open_pair(&self) -> bool {
        seats_of(self.live).any(|p| {
            let s = &self.seats[p as usize];
            let mut ranks = 0u16;
            let mut up = s.up_mask;
            while up != 0 {
                let bit = 1u16 << (s.cards[up.trailing_zeros() as usize] >> 2);
                if ranks & bit != 0 {
                    return true;
                }
                ranks |= bit;
                up &= up - 1;
            }
            false
        })
    }

    /// The live player with the best showing hand (E-2.5), ties by `showing_tie_break`.
    pub(crate) fn best_showing_seat(&mut self) -> u8 {
        let mut best: Option<(u32, u8, u8)> = None; // (strength, tie key, seat)
        for seat in self.by_position(self.live) {
            let (strength, tie) = self.showing_of(seat);
            let better = match best {
                None => true,
                Some((bs, bt, _)) => strength > bs || (strength == bs && tie > bt),
            };
            if better {
                best = Some((strength, tie, seat));
            }
        }
        best.map_or(self.seat_at(0), |(_, _, s)| s)
    }

    /// `seat`'s showing strength and suit tie key (0 unless ties go by suit), from the
    /// cache, which takes in the up-cards dealt since it was last brought up to date.
    fn showing_of(&mut self, seat: u8) -> (u32, u8) {
        let s = &self.seats[seat as usize];
        let mut entry = self.showing.0[seat as usize];
        if entry.up_mask == s.up_mask {
            return (entry.strength, entry.tie);
        }
        if s.up_mask & entry.up_mask != entry.up_mask {
            entry = Showing::default(); // not a later state of the same up-cards
        }
        let game = self.cfg.showing_game();
        let razz = self.cfg.spec().showdown.ace_low();
        let by_suit = self.cfg.options.showing_tie_break == ShowingTieBreak::Suit;
        // Cards are only ever added after the ones held: the new bits are the new cards,
        // in the order received.
        let mut new = s.up_mask & !entry.up_mask;
        while new != 0 {
            let c = s.cards[new.trailing_zeros() as usize];
            new &= new - 1;
            entry.up.push(game, c);
            if by_suit {
                entry.tie = entry
                    .tie
                    .max(if razz { ace_low_key(Self::card(c)) } else { c });
            }
        }
        entry.up_mask = s.up_mask;
        entry.strength = entry.up.strength(game);
        self.showing.0[seat as usize] = entry;
        (entry.strength, entry.tie)
    }

    /// Burns and deals the street `self.street` (1-based after the first round). Returns
    /// whether a betting round follows (false only for a community card without betting,
    /// T-9.4).
    pub(crate) fn deal_stud_street(&mut self) -> bool {
        let spec = self.cfg.spec();
        let up = spec.street(self.street).up > 0;
        let last = self.street + 1 == spec.rounds();
        let o = self.cfg.options;
        // T-9: only a last card dealt down can run the deck out (seventh street).
        if last && !up {
            let n = self.live_count();
            let b = usize::from(o.burn_cards);
            let r = usize::from(o.reserve_bottom_card);
            let need = n + b + r;
            // T-9.2: shuffle the earlier burns into the stub (nothing to do without
            // burns: the stub is not reshuffled on its own).
            if (self.stub_len as usize) < need
                && o.recycle_burns_before_community
                && !self.burns.is_empty()
            {
                let pool = self.burns.union(
                    self.stub[..self.stub_len as usize]
                        .iter()
                        .map(|&i| Self::card(i))
                        .collect(),
                );
                let recycled = self.burns;
                self.burns = crate::cardset::CardSet::EMPTY;
                if self.seeded {
                    self.restock(pool);
                } else {
                    // A fixed deck without a seed: the stub as it is, then the burns under
                    // it in the order they were burnt (every card so far came off the
                    // deck's top, so that is their order in the deck).
                    let mut cards: Vec<Card> = self.stub[..self.stub_len as usize]
                        .iter()
                        .rev()
                        .map(|&i| Self::card(i))
                        .collect();
                    cards.extend(
                        self.initial_deck
                            .iter()
                            .map(|&i| Self::card(i))
                            .filter(|&c| recycled.contains(c)),
                    );
                    self.restock_in_order(&cards);
                }
                self.log(Event::Recycle { cards: recycled });
            }
            if (self.stub_len as usize) < need {
                // T-9.3: one community card.
                if self.stub_len >= 2 {
                    self.burn();
                }
                if let Some(c) = self.take() {
                    let card = Self::card(c);
                    self.board = Some(card);
                    self.log(Event::Board { card });
                }
                return o.community_card_betting;
            }
        }
        self.burn();
        for seat in self.by_position(self.live) {
            self.deal_to(seat, up);
        }
        true
    }
}
