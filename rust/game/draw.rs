//! 2-7 triple draw: button and blinds (G-1.4.3, D-2), the draw rounds (D-5), the draw
//! time-out (D-7) and the reshuffle when the stub runs out (D-10).

use super::options::{DrawTimeoutPenalty, OwnDiscardsScope, ReshufflePolicy};
use super::state::{illegal, Action, ActionError, Event, GameState, Phase, Resolved};
use crate::cardset::CardSet;

impl GameState {
    /// (small blind, big blind) seats; heads-up the button posts the small blind.
    pub(crate) fn blind_seats(&self) -> (u8, u8) {
        if self.n == 2 {
            (self.dealer, (self.dealer + 1) % 2)
        } else {
            ((self.dealer + 1) % self.n, (self.dealer + 2) % self.n)
        }
    }

    /// Posts the blinds (live bets; short blinds go all-in, G-1.4.3).
    pub(crate) fn post_blinds(&mut self) {
        let (sb, bb) = self.blind_seats();
        let st = self.cfg.stakes;
        for (seat, amount, big) in [(sb, st.small_blind, false), (bb, st.big_blind, true)] {
            if amount > 0 {
                let a = self.put(seat, amount);
                self.history.push(Event::Blind {
                    seat,
                    amount: a,
                    big,
                });
            }
        }
    }

    /// Starts draw round `self.street + 1`: the burn, then the first drawer.
    pub(crate) fn start_draw(&mut self) {
        self.phase = Phase::Drawing;
        self.history.push(Event::Street {
            street: self.street + 1,
            draw: true,
        });
        for s in &mut self.seats[..self.n as usize] {
            s.drew = false;
            s.round_discards = CardSet::EMPTY;
        }
        self.burn();
        self.actor = self.next_drawer();
    }

    /// The next live player (all-in included) in position order who has not drawn.
    fn next_drawer(&self) -> Option<u8> {
        (0..self.n)
            .map(|o| self.seat_at(o))
            .find(|&s| !self.seats[s as usize].folded && !self.seats[s as usize].drew)
    }

    /// Validates a draw-round action.
    pub(crate) fn resolve_draw(&self, p: u8, action: Action) -> Result<Resolved, ActionError> {
        match action {
            Action::StandPat => Ok(Resolved::Draw(p, CardSet::EMPTY, false)),
            Action::Draw(d) => {
                let hand = self.seats[p as usize].card_set();
                if d.difference(hand).is_empty() {
                    Ok(Resolved::Draw(p, d, false))
                } else {
                    let bad: Vec<String> =
                        d.difference(hand).iter().map(|c| c.to_string()).collect();
                    Err(illegal!(
                        "seat {p} cannot discard {}: not in his hand",
                        bad.join(" ")
                    ))
                }
            }
            Action::Timeout => Ok(Resolved::Timeout(
                p,
                Box::new(Resolved::Draw(p, CardSet::EMPTY, true)),
            )),
            _ => Err(illegal!(
                "seat {p} must draw or stand pat (draw round {})",
                self.street + 1
            )),
        }
    }

    /// Whether `p` is the last player to draw in this round.
    fn last_drawer(&self, p: u8) -> bool {
        self.seats()
            .iter()
            .enumerate()
            .all(|(i, s)| i == p as usize || s.folded || s.drew)
    }

    /// The D-10 reshuffle pool for player `p` (`stub_rest` = cards left in the stub that
    /// join the pool).
    fn reshuffle_pool(&self, p: u8, stub_rest: CardSet, needed: usize) -> CardSet {
        let me = &self.seats[p as usize];
        let own = match self.cfg.options.own_discards_scope {
            OwnDiscardsScope::WholeHand => me.discards,
            OwnDiscardsScope::CurrentDraw => me.round_discards,
        };
        let everything = self.burns.union(self.muck).union(stub_rest);
        match self.cfg.options.reshuffle_policy {
            ReshufflePolicy::ExcludeOwnDiscards => {
                everything.difference(own).difference(me.round_discards)
            }
            ReshufflePolicy::ExcludeCurrentRound => {
                let current: CardSet = self
                    .seats()
                    .iter()
                    .fold(CardSet::EMPTY, |acc, s| acc.union(s.round_discards));
                let pool = everything.difference(current);
                if pool.len() >= needed {
                    pool
                } else {
                    // D-10 fallback: add the current round's discards of the others.
                    everything.difference(own).difference(me.round_discards)
                }
            }
        }
    }

    pub(crate) fn do_draw(&mut self, p: u8, discards: CardSet, timed_out: bool) -> Event {
        // D-7 penalty bookkeeping.
        {
            let penalty = self.cfg.options.draw_timeout_penalty;
            let s = &mut self.seats[p as usize];
            if timed_out {
                s.no_raise = penalty != DrawTimeoutPenalty::None;
            } else if penalty == DrawTimeoutPenalty::NextRoundOnly {
                s.no_raise = false;
            }
        }
        // Remove the discards from the hand, keeping the order of the rest.
        {
            let s = &mut self.seats[p as usize];
            let mut kept = [0u8; 7];
            let mut k = 0;
            for i in 0..s.ncards as usize {
                if !discards.contains(Self::card(s.cards[i])) {
                    kept[k] = s.cards[i];
                    k += 1;
                }
            }
            s.cards = kept;
            s.ncards = k as u8;
            s.up_mask = 0;
            s.discards = s.discards.union(discards);
            s.round_discards = discards;
            s.drew = true;
        }
        self.muck = self.muck.union(discards);
        let mut received = CardSet::EMPTY;
        let need = discards.len();
        let exclude_current =
            self.cfg.options.reshuffle_policy == ReshufflePolicy::ExcludeCurrentRound;
        for got in 0..need {
            let remaining = need - got;
            let usable = if exclude_current {
                // WSOP: the last stub card is used only if it completes the round.
                self.stub_len >= 2 || (self.stub_len == 1 && remaining == 1 && self.last_drawer(p))
            } else {
                self.stub_len >= 1
            };
            if !usable {
                let rest: CardSet = self.stub[..self.stub_len as usize]
                    .iter()
                    .map(|&i| Self::card(i))
                    .collect();
                let pool = self.reshuffle_pool(p, rest, remaining);
                self.burns = self.burns.difference(pool);
                self.muck = self.muck.difference(pool);
                let size = pool.len() as u8;
                self.restock(pool);
                self.history.push(Event::Reshuffle { cards: size });
                if self.cfg.options.burn_after_reshuffle {
                    self.burn();
                }
            }
            if let Some(c) = self.take() {
                received.insert(Self::card(c));
                self.seats[p as usize].push_card(c, false);
            }
        }
        self.actor = self.next_drawer();
        Event::Draw {
            seat: p,
            discards,
            received,
        }
    }
}
