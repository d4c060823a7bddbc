//! Betting rounds: fixed-limit, pot-limit and no-limit sizing, the cap and its heads-up
//! options, the stud completion, short all-ins and re-opening (G-1.5 … G-1.9), and the
//! open-pair big bet (G-1.6.4).

use super::options::{BettingTimeoutAction, LimitShortAllInRule, UncappedHeadsUp};
use super::state::{
    illegal, Action, ActionError, Event, GameState, LegalActions, Resolved, TimedOut,
};

impl GameState {
    /// The cap is reached (fixed limit only, G-1.6.2).
    pub(crate) fn capped(&self) -> bool {
        self.cfg.is_fixed_limit()
            && !self.round.uncapped
            && self
                .cfg
                .options
                .max_raises
                .is_some_and(|m| self.round.bets > m)
    }

    /// `BECOMES_HEADS_UP_BEFORE_CAP`: once heads-up before the cap, the round is uncapped.
    pub(crate) fn refresh_cap(&mut self) {
        if self.cfg.options.uncapped_heads_up == UncappedHeadsUp::BecomesHeadsUpBeforeCap
            && !self.capped()
            && self.active_count() <= 2
        {
            self.round.uncapped = true;
        }
    }

    /// Fixed limit: the totals of a full bet/raise now (small, big; equal unless the
    /// open-pair choice is open). A completion goes to the small bet.
    fn fl_targets(&self) -> (u64, u64) {
        let st = self.cfg.stakes;
        let r = &self.round;
        let c = r.c;
        let (small, big) = if r.bring_in_street && !r.opened {
            (st.small_bet, st.small_bet)
        } else if r.double_allowed {
            if r.big_bet_made {
                (r.base + st.big_bet, r.base + st.big_bet)
            } else {
                (r.base + st.small_bet, r.base + st.big_bet.max(st.small_bet))
            }
        } else {
            (r.base + r.unit, r.base + r.unit)
        };
        // Short all-ins can carry C past the small-bet total under the open pair (FULL_BET:
        // two all-ins that each add less than S); only the targets above C remain, the
        // big one (G-1.9.3 "complete to C_before + F'" with F' = G). Were both passed,
        // one bet over C would be the only raise left.
        match (small > c, big > c) {
            (true, _) => (small, big),
            (false, true) => (big, big),
            (false, false) => (c + r.unit, c + r.unit),
        }
    }

    /// Pot/no limit: the smallest total of a full bet/raise now (G-1.7.4, G-1.7.5).
    fn pl_min_to(&self) -> u64 {
        let r = &self.round;
        let m = self.cfg.stakes.min_bet;
        // G-1.7.5: until the first full raise, the stud first round's raises go to at
        // least M, also after short all-ins above the bring-in (C < M while unopened).
        let forced = r.bring_in_street;
        if !r.opened && (r.c == 0 || forced) {
            if m > r.c {
                m
            } else {
                r.c + m
            }
        } else {
            r.c + r.r.max(m)
        }
    }

    /// The pot `P` of G-1.7.1: everything in the pot plus every bet in front.
    fn pot_total(&self) -> u64 {
        self.seats().iter().map(|s| s.total).sum()
    }

    /// The full increment a bet/raise would make now (`F'` of G-1.9.3, or `R`).
    fn full_increment(&self) -> u64 {
        if self.cfg.is_fixed_limit() {
            self.fl_unit()
        } else {
            self.round.r.max(self.cfg.stakes.min_bet)
        }
    }

    /// G-1.9.3 *F'*: the increment of a full bet or raise in fixed limit, `S - B` while a
    /// stud completion is pending, else the street's bet (the big bet once an open-pair
    /// big bet was made). Short all-ins do not change it. `base` is B once the bring-in
    /// is posted, and 0 before it or when the bring-in player opened short instead, so
    /// that opening completes from nothing: F' = S.
    fn fl_unit(&self) -> u64 {
        let st = self.cfg.stakes;
        if self.round.bring_in_street && !self.round.opened {
            st.small_bet - self.round.base.min(st.small_bet)
        } else if self.round.double_allowed && self.round.big_bet_made {
            st.big_bet
        } else {
            self.round.unit
        }
    }

    /// Whether `p` (who already acted) faces enough of an increase to raise again.
    fn reopened_for(&self, p: u8) -> bool {
        let s = &self.seats[p as usize];
        if !s.acted {
            return true;
        }
        let diff = self.round.c.saturating_sub(s.last_c);
        if self.cfg.is_fixed_limit() {
            let unit = self.fl_unit();
            match self.cfg.options.limit_short_all_in_rule {
                LimitShortAllInRule::HalfBet => 2 * diff >= unit && diff > 0,
                LimitShortAllInRule::FullBet => diff >= unit && diff > 0,
            }
        } else {
            diff > 0 && diff >= self.round.r.max(self.cfg.stakes.min_bet)
        }
    }

    /// Whether `p` may bet or raise at all now.
    fn raise_allowed(&self, p: u8) -> bool {
        let s = &self.seats[p as usize];
        if s.no_raise || s.bet + s.stack <= self.round.c || self.capped() {
            return false;
        }
        // G-1.9.5: nobody raises when every other live player is all-in.
        let others = self.active & !(1 << p) != 0;
        others && self.reopened_for(p)
    }

    /// The legal actions of the player to act in a betting round.
    pub(crate) fn betting_options(&self, p: u8) -> LegalActions {
        let s = &self.seats[p as usize];
        let st = self.cfg.stakes;
        let fl = self.cfg.is_fixed_limit();
        let c = self.round.c;
        let allin = s.bet + s.stack;
        let mut la = LegalActions::default();
        if self.round.bring_in_pending {
            la.bring_in = Some(st.bring_in.min(s.stack));
            if s.stack > st.bring_in {
                if fl {
                    if st.bring_in < st.small_bet {
                        la.complete = Some(st.small_bet.min(allin));
                    }
                } else {
                    let min = st.min_bet;
                    let max = if self.pot_limit() {
                        self.pot_total().max(min)
                    } else {
                        allin
                    };
                    la.min_raise_to = Some(min.min(allin));
                    la.max_raise_to = Some(max.min(allin));
                }
            }
            return la;
        }
        la.fold = s.bet < c || self.cfg.options.allow_fold_when_check_free;
        la.check = s.bet >= c;
        if s.bet < c {
            la.call = Some((c - s.bet).min(s.stack));
        }
        if self.raise_allowed(p) {
            if fl {
                let (small, big) = self.fl_targets();
                if self.round.bring_in_street && !self.round.opened {
                    la.complete = Some(small.min(allin));
                } else {
                    la.min_raise_to = Some(small.min(allin));
                    la.max_raise_to = Some(big.min(allin));
                    la.fixed_totals = true;
                }
            } else {
                let full = self.pl_min_to();
                let cap = if self.pot_limit() {
                    (2 * c + self.pot_total()).saturating_sub(s.bet).max(full)
                } else {
                    allin
                };
                la.min_raise_to = Some(full.min(allin));
                la.max_raise_to = Some(cap.min(allin));
            }
        }
        la
    }

    /// Validates a betting action.
    pub(crate) fn resolve_bet(&self, p: u8, action: Action) -> Result<Resolved, ActionError> {
        let la = &self.legal;
        let pending = self.round.bring_in_pending;
        match action {
            Action::Fold => {
                if la.fold {
                    Ok(Resolved::Fold(p))
                } else if pending {
                    Err(illegal!(
                        "seat {p} must post the bring-in or complete; the bring-in may not fold"
                    ))
                } else {
                    Err(illegal!(
                        "seat {p} may not fold when checking is free (allow_fold_when_check_free is off)"
                    ))
                }
            }
            Action::Check => {
                if la.check && !pending {
                    Ok(Resolved::Check(p))
                } else if pending {
                    Err(illegal!("seat {p} must post the bring-in or complete, not check"))
                } else {
                    Err(illegal!(
                        "seat {p} may not check facing a bet of {} (call {} or fold)",
                        self.round.c,
                        la.call.unwrap_or(0)
                    ))
                }
            }
            Action::Call => match la.call {
                Some(_) => Ok(Resolved::Call(p)),
                None if pending => Err(illegal!("seat {p} must post the bring-in or complete")),
                None => Err(illegal!("seat {p} has nothing to call; check instead")),
            },
            Action::PostBringIn => match la.bring_in {
                Some(_) => Ok(Resolved::BringIn(p)),
                None => Err(illegal!("no bring-in is due now")),
            },
            Action::Complete => match la.complete {
                Some(to) => Ok(Resolved::Wager(p, to, true)),
                None => Err(illegal!(
                    "seat {p} may not complete now (completion is the first fixed-limit bet over the bring-in)"
                )),
            },
            Action::BetRaiseTo(x) => self.resolve_wager(p, x, la),
            Action::Timeout => {
                let inner = if pending {
                    TimedOut::BringIn
                } else if la.check
                    && self.cfg.options.betting_timeout_action == BettingTimeoutAction::CheckOrFold
                {
                    TimedOut::Check
                } else {
                    TimedOut::Fold
                };
                Ok(Resolved::Timeout(p, inner))
            }
            Action::Draw(_) | Action::StandPat => {
                Err(illegal!("seat {p} is in a betting round, not a draw"))
            }
        }
    }

    fn resolve_wager(&self, p: u8, x: u64, la: &LegalActions) -> Result<Resolved, ActionError> {
        if let Some(to) = la.complete {
            if x == to {
                return Ok(Resolved::Wager(p, x, true));
            }
            return Err(illegal!("seat {p} may complete to {to} only (got {x})"));
        }
        let (Some(min), Some(max)) = (la.min_raise_to, la.max_raise_to) else {
            let why = if self.seats[p as usize].no_raise {
                "he timed out in the draw (D-7)"
            } else if self.capped() {
                "the betting is capped"
            } else {
                "the betting is not open to him"
            };
            return Err(illegal!("seat {p} may not bet or raise: {why}"));
        };
        let ok = if self.cfg.is_fixed_limit() {
            x == min || x == max
        } else {
            (min..=max).contains(&x)
        };
        if ok {
            Ok(Resolved::Wager(p, x, false))
        } else if self.cfg.is_fixed_limit() && min != max {
            Err(illegal!(
                "seat {p} may bet or raise to {min} or {max} only (got {x})"
            ))
        } else if self.cfg.is_fixed_limit() {
            Err(illegal!(
                "seat {p} may bet or raise to {min} only (got {x})"
            ))
        } else {
            Err(illegal!(
                "seat {p} may bet or raise to {min}..={max} (got {x})"
            ))
        }
    }

    fn after_bet_action(&mut self, p: u8) {
        self.round.any_action = true;
        self.refresh_cap();
        self.actor = if self.live_count() <= 1 {
            None
        } else {
            // `next_actor_from` wraps `n` to seat 0 itself, without a division.
            self.next_actor_from(p + 1)
        };
    }

    pub(crate) fn do_fold(&mut self, p: u8) -> Event {
        let s = &mut self.seats[p as usize];
        s.folded = true;
        s.acted = true;
        let cards = s.card_set();
        s.ncards = 0;
        s.up_mask = 0;
        self.sync_masks(p);
        self.muck = self.muck.union(cards);
        self.after_bet_action(p);
        Event::Fold { seat: p }
    }

    pub(crate) fn do_check(&mut self, p: u8) -> Event {
        let c = self.round.c;
        let s = &mut self.seats[p as usize];
        s.acted = true;
        s.last_c = c;
        self.after_bet_action(p);
        Event::Check { seat: p }
    }

    pub(crate) fn do_call(&mut self, p: u8) -> Event {
        let c = self.round.c;
        let owed = c.saturating_sub(self.seats[p as usize].bet);
        let amount = self.put(p, owed);
        let s = &mut self.seats[p as usize];
        s.acted = true;
        s.last_c = c;
        self.after_bet_action(p);
        Event::Call { seat: p, amount }
    }

    pub(crate) fn do_bring_in(&mut self, p: u8) -> Event {
        let st = self.cfg.stakes;
        let amount = self.put(p, st.bring_in);
        let r = &mut self.round;
        r.bring_in_pending = false;
        // G-1.4.2: the others owe the full bring-in even if it was posted short.
        r.c = st.bring_in;
        r.base = st.bring_in;
        // A bring-in of a full bet (FL: B = S; PL/NL: B = M, G-1.7.5 "incomplete" only
        // when B < M) opens the round: later raises are C + max(R, M).
        let full = if self.cfg.is_fixed_limit() {
            st.bring_in >= st.small_bet
        } else {
            st.bring_in >= st.min_bet
        };
        if full {
            r.opened = true;
            r.bets = 1;
        }
        let s = &mut self.seats[p as usize];
        s.acted = true;
        s.last_c = st.bring_in;
        self.after_bet_action(p);
        Event::BringIn { seat: p, amount }
    }

    pub(crate) fn do_wager(&mut self, p: u8, to: u64, complete: bool) -> Event {
        let c_before = self.round.c;
        let base_before = self.round.base;
        // G-1.7.5: the first full raise over the bring-in sets R := max(M, to - B), B
        // being the last full level (`base`: B once posted, 0 if the bring-in player
        // opened short instead).
        let over_bring_in =
            self.round.bring_in_street && !self.round.opened && !self.round.bring_in_pending;
        let full = if self.cfg.is_fixed_limit() {
            // Reaching a full target (the completion, base + F, or under the open pair
            // base + S / base + G) is a full wager even when short all-ins before it left
            // less than F' to add (G-1.9.3 "complete to C_before + F', which counts as a
            // raise"). Below the target only an all-in can stop: G-1.9.3 classifies it.
            let (small, big) = self.fl_targets();
            let fprime = self.full_increment().max(1);
            let delta = to.saturating_sub(c_before);
            to == small
                || to == big
                || match self.cfg.options.limit_short_all_in_rule {
                    LimitShortAllInRule::HalfBet => 2 * delta >= fprime,
                    LimitShortAllInRule::FullBet => delta >= fprime,
                }
        } else {
            to >= self.pl_min_to()
        };
        let add = to.saturating_sub(self.seats[p as usize].bet);
        self.put(p, add);
        let st = self.cfg.stakes;
        let fl = self.cfg.is_fixed_limit();
        let r = &mut self.round;
        r.bring_in_pending = false;
        if to > c_before {
            r.aggressor = Some(p);
            if full {
                r.bets += 1;
                r.opened = true;
                r.base = to;
                if !fl {
                    let from = if over_bring_in { base_before } else { c_before };
                    r.r = st.min_bet.max(to - from);
                }
                // G-1.6.4: only a bet or raise of the big size fixes later raises at G;
                // an all-in between S and G leaves the choice open.
                if fl
                    && r.double_allowed
                    && to - base_before == st.big_bet
                    && st.big_bet != st.small_bet
                {
                    r.big_bet_made = true;
                }
                for (i, q) in self.seats[..self.n as usize].iter_mut().enumerate() {
                    if i != p as usize {
                        q.acted = false;
                    }
                }
            }
            // A short all-in (not a full raise) leaves `base`, the last full level: the
            // next full raise goes to it plus one bet (G-1.9.3 "complete to C_before +
            // F'", C_before being the level before the chain of short all-ins).
            self.round.c = to;
        }
        let c = self.round.c;
        let s = &mut self.seats[p as usize];
        s.acted = true;
        s.last_c = c;
        self.after_bet_action(p);
        if complete {
            Event::Complete { seat: p, to }
        } else {
            Event::BetRaise { seat: p, to }
        }
    }
}
