//! Pots: uncalled bets are returned when a round closes (state.rs); here the side pots
//! (G-1.10), the showdown with hi/lo splits and quartering (H-5), the identical-winners
//! split (G-1.11.3), every odd-chip order (G-1.11.4), the odd unit of a shared half
//! (H-5.5, `split_half_odd_chip`) and the show order (G-1.12.2).

use super::options::{OddChipOrder, ShowdownFirst, SplitHalfOddChip};
use super::spec::Showdown;
use super::state::{Event, GameState, Phase, Share, MAX_SEATS};
use super::stud::ace_low_key;
use crate::card::Card;
use crate::eval::{best_five, HandValue, Ranking};

/// A pot and the seats that contest it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pot {
    /// Chips in the pot.
    pub amount: u64,
    /// Bit `i` set: seat `i` contests the pot.
    pub eligible: u8,
}

impl Pot {
    /// The seats contesting the pot.
    pub fn seats(self) -> impl Iterator<Item = u8> {
        (0..8u8).filter(move |i| self.eligible >> i & 1 == 1)
    }
}

/// Up to eight pots (one per contribution level), kept without allocating: the
/// simulator builds them several times in every hand.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PotList {
    pots: [Pot; MAX_SEATS],
    len: usize,
}

impl PotList {
    const EMPTY: PotList = PotList {
        pots: [Pot {
            amount: 0,
            eligible: 0,
        }; MAX_SEATS],
        len: 0,
    };

    fn push(&mut self, pot: Pot) {
        if self.len < MAX_SEATS {
            self.pots[self.len] = pot;
            self.len += 1;
        }
    }

    fn last_mut(&mut self) -> Option<&mut Pot> {
        self.len.checked_sub(1).map(|i| &mut self.pots[i])
    }

    /// Drops the empty pots, keeping the order of the others.
    fn drop_empty(&mut self) {
        let mut k = 0;
        for i in 0..self.len {
            if self.pots[i].amount > 0 {
                self.pots[k] = self.pots[i];
                k += 1;
            }
        }
        self.len = k;
    }
}

impl std::ops::Deref for PotList {
    type Target = [Pot];
    fn deref(&self) -> &[Pot] {
        &self.pots[..self.len]
    }
}

/// Builds the main pot and side pots from contributions (G-1.10.2, G-1.10.3).
/// `totals[i]` = chips seat `i` put in; `live`/`all_in` are seat bit masks.
#[must_use]
pub fn build_pots(totals: &[u64], live: u8, all_in: u8) -> Vec<Pot> {
    pot_list(totals, live, all_in).to_vec()
}

/// [`build_pots`] for at most eight seats, without allocating.
pub(crate) fn pot_list(totals: &[u64], live: u8, all_in: u8) -> PotList {
    if all_in & live == 0 && live != 0 {
        return single_pot(totals, live);
    }
    let mut levels = [0u64; MAX_SEATS];
    let mut nlevels = 0;
    let mut top_free = None::<u64>;
    for (i, &t) in totals.iter().enumerate().take(MAX_SEATS) {
        if live >> i & 1 == 0 {
            continue;
        }
        if all_in >> i & 1 == 1 {
            levels[nlevels] = t;
            nlevels += 1;
        } else {
            top_free = Some(top_free.map_or(t, |m: u64| m.max(t)));
        }
    }
    if let Some(t) = top_free {
        if nlevels < MAX_SEATS {
            levels[nlevels] = t;
            nlevels += 1;
        }
    }
    let levels = &mut levels[..nlevels];
    levels.sort_unstable();
    let mut pots = PotList::EMPTY;
    let mut prev = 0;
    for (j, &l) in levels.iter().enumerate() {
        if j > 0 && l == prev {
            continue; // a level already made
        }
        let mut amount = 0;
        let mut eligible = 0u8;
        for (i, &t) in totals.iter().enumerate() {
            amount += t.min(l) - t.min(prev);
            if live >> i & 1 == 1 && t >= l {
                eligible |= 1 << i;
            }
        }
        if amount > 0 || pots.is_empty() {
            match pots.last_mut() {
                Some(last) if last.eligible == eligible => last.amount += amount,
                _ => pots.push(Pot { amount, eligible }),
            }
        }
        prev = l;
    }
    // Chips above the top level (cannot happen after uncalled returns) join the last pot.
    let rest: u64 = totals.iter().map(|&t| t.saturating_sub(prev)).sum();
    if rest > 0 {
        if let Some(last) = pots.last_mut() {
            last.amount += rest;
        }
    }
    pots.drop_empty();
    pots
}

/// [`pot_list`] when no live seat is all-in: one contribution level, the live seats'
/// highest total, and one pot of every chip (chips above that level join it too).
fn single_pot(totals: &[u64], live: u8) -> PotList {
    let mut top = 0;
    let mut amount = 0;
    for (i, &t) in totals.iter().enumerate() {
        amount += t;
        if live >> i & 1 == 1 {
            top = top.max(t);
        }
    }
    let mut eligible = 0u8;
    for (i, &t) in totals.iter().enumerate() {
        if live >> i & 1 == 1 && t >= top {
            eligible |= 1 << i;
        }
    }
    let mut pots = PotList::EMPTY;
    if amount > 0 {
        pots.push(Pot { amount, eligible });
    }
    pots
}

/// Takes `rake` chips from the pots, the main pot first (G-1.10.7); emptied pots go.
fn take_rake(pots: &mut PotList, rake: u64) {
    let mut rest = rake;
    for pot in &mut pots.pots[..pots.len] {
        let taken = rest.min(pot.amount);
        pot.amount -= taken;
        rest -= taken;
    }
    pots.drop_empty();
}

/// Splits `amount` among `winners` (already in odd-chip order) in units of `unit`
/// (G-1.11.1): everyone gets the same number of units, the remaining units go one each
/// to the first winners.
#[must_use]
pub fn split(amount: u64, winners: &[u8], unit: u64) -> Vec<(u8, u64)> {
    shares(amount, winners, unit).collect()
}

/// [`split`], share by share.
fn shares(amount: u64, winners: &[u8], unit: u64) -> impl Iterator<Item = (u8, u64)> + '_ {
    let k = winners.len() as u64;
    let unit = unit.max(1);
    let each = even_share(amount, winners.len(), unit);
    let mut rest = amount - each * k;
    winners.iter().map(move |&w| {
        let extra = if rest >= unit {
            unit
        } else {
            // A remainder smaller than a unit goes to the first winner in order.
            rest
        };
        rest -= extra;
        (w, each + extra)
    })
}

/// What each of `k` winners gets of `amount` before the odd units: `floor(X / (k·u))·u`
/// (G-1.11.1).
fn even_share(amount: u64, k: usize, unit: u64) -> u64 {
    let k = k as u64;
    let unit = unit.max(1);
    if k == 0 {
        0
    } else {
        amount / (k * unit) * unit
    }
}

/// Up to eight seats in an order, kept without allocating.
#[derive(Debug, Clone, Copy, Default)]
struct SeatList {
    seats: [u8; MAX_SEATS],
    len: usize,
}

impl SeatList {
    fn push(&mut self, seat: u8) {
        if self.len < MAX_SEATS {
            self.seats[self.len] = seat;
            self.len += 1;
        }
    }
}

impl FromIterator<u8> for SeatList {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> SeatList {
        let mut list = SeatList::default();
        for seat in iter {
            list.push(seat);
        }
        list
    }
}

impl std::ops::Deref for SeatList {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.seats[..self.len]
    }
}

impl std::ops::DerefMut for SeatList {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.seats[..self.len]
    }
}

/// Per-player showdown data.
#[derive(Clone, Copy, Default)]
struct Hand {
    /// Card indices: the player's, then the community card, if any.
    cards: [u8; 8],
    len: usize,
    high: u32,
    low: u32,
}

impl Hand {
    fn cards(&self) -> Vec<Card> {
        self.cards[..self.len]
            .iter()
            .map(|&c| GameState::card(c))
            .collect()
    }
}

impl GameState {
    /// The pots as they stand (chips of finished rounds; at the end, the pots awarded).
    #[must_use]
    pub fn pots(&self) -> Vec<Pot> {
        self.pot_list().to_vec()
    }

    /// [`GameState::pots`] without allocating.
    pub(crate) fn pot_list(&self) -> PotList {
        let n = self.n as usize;
        let mut totals = [0u64; 8];
        let (mut live, mut all_in) = (0u8, 0u8);
        for (i, s) in self.seats[..n].iter().enumerate() {
            totals[i] = s.total - s.bet;
            if !s.folded {
                live |= 1 << i;
                // All-in before the award: after it his stack holds only his winnings
                // (`won`), so the pots shown at the end are the pots awarded.
                if s.stack == s.won {
                    all_in |= 1 << i;
                }
            }
        }
        let mut pots = pot_list(&totals[..n], live, all_in);
        take_rake(&mut pots, self.rake);
        pots
    }

    /// Settles the rake (G-1.10.7) before the pots are awarded: the rule's share of every
    /// chip in the pots, capped, in whole chip units; [`GameState::pots`] then shows the
    /// pots without it.
    fn settle_rake(&mut self) {
        let o = &self.cfg.options;
        if o.rake_basis_points == 0 {
            self.rake = 0; // no share of any pot
            return;
        }
        let total: u64 = self.pot_list().iter().map(|p| p.amount).sum();
        let share = u128::from(total) * u128::from(o.rake_basis_points) / 10_000;
        let mut rake = u64::try_from(share).unwrap_or(u64::MAX);
        if let Some(cap) = o.rake_cap {
            rake = rake.min(u64::from(cap));
        }
        let unit = o.chip_unit.max(1);
        self.rake = rake / unit * unit;
    }

    /// Every opponent folded: the last player takes every pot (G-1.5.5).
    pub(crate) fn award_uncontested(&mut self) {
        self.phase = Phase::Over;
        self.actor = None;
        self.settle_rake();
        let pots = self.pot_list();
        for (k, pot) in pots.iter().enumerate() {
            if let Some(w) = pot.seats().next() {
                self.pay(w, pot.amount, k as u8, Share::Whole);
            } else if let Some(w) = (0..self.n).find(|&i| !self.seats[i as usize].folded) {
                self.pay(w, pot.amount, k as u8, Share::Whole);
            }
        }
    }

    fn pay(&mut self, seat: u8, amount: u64, pot: u8, share: Share) {
        if amount == 0 {
            return;
        }
        let s = &mut self.seats[seat as usize];
        s.stack += amount;
        s.won += amount;
        self.sync_masks(seat);
        self.log(Event::Award {
            seat,
            amount,
            pot,
            share,
        });
    }

    /// The show order (G-1.12.2): the last aggressor of the final betting round, else the
    /// first to act on it (`BEST_SHOWING`) or the first left of the dealer; then clockwise.
    fn show_order(&self, pots: &PotList) -> SeatList {
        let live = |s: u8| !self.seats[s as usize].folded;
        let first = if let Some(s) = self.final_aggressor.filter(|&s| live(s)) {
            s
        } else {
            let best = self.cfg.game.is_stud()
                && self.cfg.options.showdown_first_if_no_bet == ShowdownFirst::BestShowing;
            // BEST_SHOWING: who acted first by rule on that round (the bring-in on the
            // first); left of the dealer when no betting round took place.
            match self.final_opener.filter(|_| best) {
                Some(s) => s,
                None => (0..self.n)
                    .map(|o| self.seat_at(o))
                    .find(|&s| live(s))
                    .unwrap_or(0),
            }
        };
        let mut order: SeatList = (0..self.n)
            .map(|i| (first + i) % self.n)
            .filter(|&s| live(s))
            .collect();
        // Players in a side pot show before a player all-in for an earlier pot only.
        let top = |s: u8| {
            pots.iter()
                .rposition(|p| p.eligible >> s & 1 == 1)
                .unwrap_or(0)
        };
        order.sort_by_key(|&s| std::cmp::Reverse(top(s)));
        order
    }

    fn hand_of(&self, seat: u8) -> Hand {
        let s = &self.seats[seat as usize];
        let mut h = Hand::default();
        // All seven slots, a fixed-size copy (a copy of `ncards` bytes calls memcpy).
        h.cards[..7].copy_from_slice(&s.cards);
        h.len = usize::from(s.ncards);
        if let Some(b) = self.board {
            h.cards[h.len] = b.index();
            h.len += 1;
        }
        let cards = &h.cards[..h.len.min(7)];
        let (main, low) = self.cfg.rankings();
        let ok = match main {
            Ranking::Soko(_) | Ranking::DeuceSeven => cards.len() == 5,
            _ => (5..=7).contains(&cards.len()),
        };
        if ok {
            h.high = main.strength_unchecked(cards);
            if let Some(low) = low {
                h.low = low.strength_unchecked(cards);
            }
        }
        h
    }

    /// Odd-chip order of `winners` for one half (G-1.11.4).
    fn odd_chip_sorted(&self, winners: &mut [u8], hands: &[Hand; 8], low_half: bool) {
        let order = self.cfg.options.odd_chip_order;
        let showdown = self.cfg.spec().showdown;
        let low_game = low_half || showdown.ace_low();
        let key_hi = |c: Card| if low_game { ace_low_key(c) } else { c.index() };
        match order {
            OddChipOrder::Position => winners.sort_by_key(|&w| self.ord(w)),
            OddChipOrder::HighCardBySuitBest5 => {
                let ranking = if low_half {
                    Ranking::Low8
                } else {
                    self.cfg.main_ranking()
                };
                winners.sort_by_key(|&w| {
                    let h = &hands[w as usize];
                    let strength = if low_half { h.low } else { h.high };
                    let own = h.cards();
                    let five = HandValue::from_parts(ranking, strength)
                        .map(|v| best_five(v, &own))
                        .unwrap_or(own);
                    std::cmp::Reverse(five.iter().map(|&c| key_hi(c)).max().unwrap_or(0))
                });
            }
            OddChipOrder::HighCardBySuitAll | OddChipOrder::LowCardBySuitAll => {
                // G-1.11.4: the lowest card only for LOW_CARD_BY_SUIT_ALL in a low half
                // (stud/8 low, razz, 2-7); otherwise the highest. Ranks as in the half
                // being split: the ace is low in ace-to-five halves.
                let low_split = low_game || showdown == Showdown::DeuceSeven;
                let lowest = order == OddChipOrder::LowCardBySuitAll && low_split;
                winners.sort_by_key(|&w| {
                    let own = self.seats[w as usize].cards();
                    if lowest {
                        i32::from(own.map(key_hi).min().unwrap_or(0))
                    } else {
                        -i32::from(own.map(key_hi).max().unwrap_or(0))
                    }
                });
            }
        }
    }

    /// H-5.5 under `split_half_odd_chip = HIGH_WINNER`: pays the two halves of pot `k`,
    /// every odd unit of a shared half to the high winner nearest the dealer (the low
    /// half's included, paid as part of the low half after its winners).
    fn pay_odd_units_to_high_winner(
        &mut self,
        k: u8,
        high: &[u8],
        low: &[u8],
        (high_half, low_half): (u64, u64),
        unit: u64,
    ) {
        let taker = high
            .iter()
            .copied()
            .min_by_key(|&w| self.ord(w))
            .unwrap_or(0);
        let high_each = even_share(high_half, high.len(), unit);
        for &w in high {
            let odd = if w == taker {
                high_half - high_each * high.len() as u64
            } else {
                0
            };
            self.pay(w, high_each + odd, k, Share::High);
        }
        let low_each = even_share(low_half, low.len(), unit);
        let low_odd = low_half - low_each * low.len() as u64;
        for &w in low {
            let odd = if w == taker { low_odd } else { 0 };
            self.pay(w, low_each + odd, k, Share::Low);
        }
        if !low.contains(&taker) {
            self.pay(taker, low_odd, k, Share::Low);
        }
    }

    /// Showdown (G-1.12, H-5): every pot is awarded separately.
    pub(crate) fn showdown(&mut self) {
        self.phase = Phase::Over;
        self.actor = None;
        self.settle_rake();
        let pots = self.pot_list();
        // The show order only orders the Show events.
        if self.record {
            for &s in self.show_order(&pots).iter() {
                self.log(Event::Show { seat: s });
            }
        }
        let mut hands = [Hand::default(); 8];
        for seat in 0..self.n {
            if !self.seats[seat as usize].folded {
                hands[seat as usize] = self.hand_of(seat);
            }
        }
        let unit = self.cfg.options.chip_unit;
        let hilo = self.cfg.spec().showdown.is_hilo();
        for (k, pot) in pots.iter().enumerate() {
            let k = k as u8;
            let contestants: SeatList = pot.seats().collect();
            if contestants.len() <= 1 {
                if let Some(&w) = contestants.first() {
                    self.pay(w, pot.amount, k, Share::Whole);
                }
                continue;
            }
            let best_high = contestants
                .iter()
                .map(|&s| hands[s as usize].high)
                .max()
                .unwrap_or(0);
            let mut high: SeatList = contestants
                .iter()
                .copied()
                .filter(|&s| hands[s as usize].high == best_high)
                .collect();
            let best_low = if hilo {
                contestants
                    .iter()
                    .map(|&s| hands[s as usize].low)
                    .max()
                    .unwrap_or(0)
            } else {
                0
            };
            let mut low: SeatList = if best_low > 0 {
                contestants
                    .iter()
                    .copied()
                    .filter(|&s| hands[s as usize].low == best_low)
                    .collect()
            } else {
                SeatList::default()
            };
            self.odd_chip_sorted(&mut high, &hands, false);
            if low.is_empty()
                || (self.cfg.options.scoop_identical_split && {
                    let (mut a, mut b) = (high, low);
                    a.sort_unstable();
                    b.sort_unstable();
                    *a == *b
                })
            {
                for (w, amt) in shares(pot.amount, &high, unit) {
                    self.pay(w, amt, k, Share::Whole);
                }
                continue;
            }
            self.odd_chip_sorted(&mut low, &hands, true);
            let low_half = pot.amount / (2 * unit) * unit;
            let high_half = pot.amount - low_half;
            if self.cfg.options.split_half_odd_chip == SplitHalfOddChip::WithinHalf {
                for (w, amt) in shares(high_half, &high, unit) {
                    self.pay(w, amt, k, Share::High);
                }
                for (w, amt) in shares(low_half, &low, unit) {
                    self.pay(w, amt, k, Share::Low);
                }
                continue;
            }
            self.pay_odd_units_to_high_winner(k, &high, &low, (high_half, low_half), unit);
        }
    }
}
