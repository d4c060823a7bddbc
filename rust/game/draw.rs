//! 2-7 triple draw: button and blinds (G-1.4.3, D-2), the draw rounds (D-5), the draw
//! time-out (D-7) and the reshuffle when the stub runs out (D-10).
//!
//! Heads-up blinds (C-26, `heads_up_small_blind`): with `BUTTON` (default) the button
//! posts the small blind, is dealt first and acts first before the first draw; the other
//! player, the big blind, acts first after every draw. With `LEFT_OF_BUTTON` the player
//! left of the button posts the small blind, as at a full table, and so acts first in
//! every round. Draws always start left of the button. Three or more players are not
//! affected.
//!
//! Dealing a draw (D-10): the drawer takes the stub's cards from the top, but never a
//! card he discarded earlier in this hand (`own_discards_scope = WHOLE_HAND`) or in this
//! draw round (`CURRENT_DRAW`): such a card is skipped and stays in the stub, in its
//! place, for the players after him (D-10.5; a stub reshuffled for one player holds the
//! others' discards, which they may reach later). When no card he may take is left
//! (`EXCLUDE_CURRENT_ROUND`: also when the next one is the stub's last card and does not
//! complete the round), the stub's rest joins the reshuffle pool.
//! `EXCLUDE_OWN_DISCARDS` pools burns, muck and every discard except his own (which go
//! to the muck); `EXCLUDE_CURRENT_ROUND` pools burns, muck and earlier rounds' discards
//! (his own among them are skipped when dealt to him) and falls back to adding the
//! others' current discards when fewer cards than he needs (plus the burn under
//! `burn_after_reshuffle`) would be left for him. After a reshuffle the drawer is dealt
//! the rest of his cards from the new stub (the last-card rule applies once per drawer).

use super::options::{DrawTimeoutPenalty, HeadsUpSmallBlind, OwnDiscardsScope, ReshufflePolicy};
use super::state::{illegal, Action, ActionError, Event, GameState, Phase, Resolved, TimedOut};
use crate::cardset::CardSet;

impl GameState {
    /// (small blind, big blind) seats. Heads-up (C-26) the button posts the small blind
    /// (`BUTTON`), or, with `LEFT_OF_BUTTON`, the other player does, as at a full table.
    pub(crate) fn blind_seats(&self) -> (u8, u8) {
        if self.n == 2 && self.cfg.options.heads_up_small_blind == HeadsUpSmallBlind::Button {
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
                self.log(Event::Blind {
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
        self.log(Event::Street {
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
            Action::Timeout => Ok(Resolved::Timeout(p, TimedOut::StandPat)),
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

    /// The cards `p` may not be dealt in this draw (D-10.2, D-10.5): every card he
    /// discarded in this hand (`WHOLE_HAND`) or in this draw round (`CURRENT_DRAW`).
    pub(crate) fn own_discards(&self, p: u8) -> CardSet {
        let me = &self.seats[p as usize];
        match self.cfg.options.own_discards_scope {
            OwnDiscardsScope::WholeHand => me.discards,
            OwnDiscardsScope::CurrentDraw => me.round_discards,
        }
    }

    /// The index in `self.stub` of the topmost card not in `own` (D-10.5: the cards
    /// above it are his own discards, skipped).
    fn topmost_outside(&self, own: CardSet) -> Option<usize> {
        (0..self.stub_len as usize)
            .rev()
            .find(|&i| !own.contains(Self::card(self.stub[i])))
    }

    /// Takes the stub card at index `i`; the skipped cards above it stay on the stub, in
    /// their order, for the players after him.
    fn take_at(&mut self, i: usize) -> u8 {
        let len = self.stub_len as usize;
        let c = self.stub[i];
        self.stub.copy_within(i + 1..len, i);
        self.stub_len -= 1;
        c
    }

    /// Rebuilds the stub for `p`, who still needs `needed` cards (D-10.2, D-10.3). The
    /// cards left in the stub (only ones he may not take, or the last card under
    /// `EXCLUDE_CURRENT_ROUND`) join the pool; those the pool leaves out go to the muck.
    fn reshuffle_for(&mut self, p: u8, own: CardSet, needed: usize) {
        let rest: CardSet = self.stub[..self.stub_len as usize]
            .iter()
            .map(|&i| Self::card(i))
            .collect();
        let mine = self.seats[p as usize].round_discards;
        let everything = self.burns.union(self.muck).union(rest);
        let pool = match self.cfg.options.reshuffle_policy {
            ReshufflePolicy::ExcludeOwnDiscards => everything.difference(own).difference(mine),
            ReshufflePolicy::ExcludeCurrentRound => {
                // Burns, muck and earlier rounds' discards (his own among them are skipped
                // when dealt to him, D-10.5) and the stub's rest.
                let current: CardSet = self
                    .seats()
                    .iter()
                    .fold(CardSet::EMPTY, |acc, s| acc.union(s.round_discards));
                let pool = self.burns.union(rest).union(self.muck.difference(current));
                let burn = usize::from(self.cfg.options.burn_after_reshuffle);
                if pool.difference(own).len() >= needed + burn {
                    pool
                } else {
                    // D-10 fallback: add the current round's discards of the others.
                    everything.difference(mine)
                }
            }
        };
        self.burns = self.burns.difference(pool);
        self.muck = self.muck.union(rest).difference(pool);
        self.restock(pool);
        self.log(Event::Reshuffle {
            seat: p,
            cards: pool,
        });
        if self.cfg.options.burn_after_reshuffle {
            self.burn();
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
        // D-10: deal from the stub, skipping his own discards (step 5); reshuffle when
        // the stub has no card left for him (EXCLUDE_CURRENT_ROUND: also when the next one
        // is the stub's last card and would not complete the round). After a reshuffle he
        // is dealt from the new stub.
        let own = self.own_discards(p);
        let exclude_current =
            self.cfg.options.reshuffle_policy == ReshufflePolicy::ExcludeCurrentRound;
        let need = discards.len();
        let mut received = CardSet::EMPTY;
        let mut reshuffled = false;
        while received.len() < need {
            let remaining = need - received.len();
            let mut next = self.topmost_outside(own);
            // WSOP: the last stub card (index 0) is used only if it completes the round.
            let keep_last = exclude_current
                && !reshuffled
                && next == Some(0)
                && !(remaining == 1 && self.last_drawer(p));
            if next.is_none() || keep_last {
                self.reshuffle_for(p, own, remaining);
                reshuffled = true;
                next = self.topmost_outside(own);
            }
            let Some(i) = next else {
                break; // the pool was empty (impossible with <= 6 players, D-10.4)
            };
            let c = self.take_at(i);
            received.insert(Self::card(c));
            self.seats[p as usize].push_card(c, false);
        }
        self.actor = self.next_drawer();
        Event::Draw {
            seat: p,
            discards,
            received,
        }
    }
}
