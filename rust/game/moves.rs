//! [`LegalMoves`]: every legal move of the player to act, as a sequence of [`Action`]s.
//!
//! The order is fixed, so that an index can name a move: fold, check, call, post the
//! bring-in, complete, then the bet/raise totals ascending; in a 2-7 draw, one move per
//! subset of the hand, move `m` discarding the cards whose bits are set in `m` over the
//! hand in dealing order (move 0 stands pat, move 31 discards all five). In pot and no
//! limit every total from the minimum to the maximum is a move of its own, so the moves are
//! described rather than stored: [`LegalMoves::get`] and [`LegalMoves::position`] take
//! constant time however deep the stacks are.

use super::state::{Action, GameState, LegalActions, Phase};
use crate::cardset::CardSet;

/// Every legal move now, in the order of the module documentation (empty when the hand
/// is over). A time-out is always possible and is not listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LegalMoves {
    /// The moves before the bets (fold, check, call, bring-in, completion).
    head: [Action; 4],
    nhead: u8,
    /// The lowest and highest bet/raise total, if betting is open.
    bets: Option<(u64, u64)>,
    /// Fixed limit: the bets are the two ends only (one when equal).
    fixed: bool,
    /// A draw: the hand in dealing order.
    hand: [u8; 7],
    ncards: u8,
    draw: bool,
}

impl LegalMoves {
    pub(crate) fn of(state: &GameState) -> LegalMoves {
        let la: LegalActions = state.legal_actions();
        let mut moves = LegalMoves {
            head: [Action::Fold; 4],
            nhead: 0,
            bets: la.min_raise_to.zip(la.max_raise_to),
            fixed: la.fixed_totals,
            hand: [0; 7],
            ncards: 0,
            draw: false,
        };
        if state.phase() == Phase::Drawing {
            if let Some(p) = state.actor() {
                let seat = &state.seats[p as usize];
                moves.hand = seat.cards;
                moves.ncards = seat.ncards;
                moves.draw = true;
            }
            return moves;
        }
        let head = [
            (la.fold, Action::Fold),
            (la.check, Action::Check),
            (la.call.is_some(), Action::Call),
            (la.bring_in.is_some(), Action::PostBringIn),
            (la.complete.is_some(), Action::Complete),
        ];
        for (_, a) in head.into_iter().filter(|&(ok, _)| ok) {
            if let Some(slot) = moves.head.get_mut(moves.nhead as usize) {
                *slot = a;
                moves.nhead += 1;
            }
        }
        moves
    }

    fn nbets(&self) -> u64 {
        match self.bets {
            None => 0,
            Some((lo, hi)) if self.fixed => 1 + u64::from(hi > lo),
            Some((lo, hi)) => hi - lo + 1,
        }
    }

    fn ndraws(&self) -> u64 {
        if self.draw {
            1 << self.ncards
        } else {
            0
        }
    }

    /// The number of moves.
    #[must_use]
    pub fn len(&self) -> u64 {
        u64::from(self.nhead) + self.nbets() + self.ndraws()
    }

    /// No move is legal (the hand is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The move at `index`, if there is one.
    #[must_use]
    pub fn get(&self, index: u64) -> Option<Action> {
        let nhead = u64::from(self.nhead);
        if index < nhead {
            return self.head.get(index as usize).copied();
        }
        let i = index - nhead;
        if i < self.nbets() {
            let (lo, hi) = self.bets?;
            return Some(Action::BetRaiseTo(if self.fixed && i == 1 {
                hi
            } else {
                lo + i
            }));
        }
        let mask = i - self.nbets();
        if mask >= self.ndraws() {
            return None;
        }
        if mask == 0 {
            return Some(Action::StandPat);
        }
        let discards: CardSet = self.hand[..self.ncards as usize]
            .iter()
            .enumerate()
            .filter(|&(j, _)| mask >> j & 1 == 1)
            .map(|(_, &c)| GameState::card(c))
            .collect();
        Some(Action::Draw(discards))
    }

    /// Where `action` is among the moves, or `None` if it is not one of them (a time-out,
    /// an amount that is not legal, `Draw` of no card: standing pat is `StandPat`).
    #[must_use]
    pub fn position(&self, action: &Action) -> Option<u64> {
        let nhead = u64::from(self.nhead);
        match *action {
            Action::BetRaiseTo(x) => {
                let (lo, hi) = self.bets?;
                let i = if self.fixed {
                    [lo, hi].iter().position(|&t| t == x)? as u64
                } else if (lo..=hi).contains(&x) {
                    x - lo
                } else {
                    return None;
                };
                Some(nhead + i)
            }
            Action::StandPat if self.draw => Some(nhead + self.nbets()),
            Action::Draw(d) if self.draw && !d.is_empty() => {
                let mut mask = 0u64;
                let mut left = d;
                for (j, &c) in self.hand[..self.ncards as usize].iter().enumerate() {
                    if left.remove(GameState::card(c)) {
                        mask |= 1 << j;
                    }
                }
                left.is_empty().then_some(nhead + self.nbets() + mask)
            }
            Action::Timeout | Action::StandPat | Action::Draw(_) => None,
            other => self.head[..self.nhead as usize]
                .iter()
                .position(|&a| a == other)
                .map(|i| i as u64),
        }
    }

    /// The moves in order.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        (0..self.len()).map_while(|i| self.get(i))
    }
}

impl GameState {
    /// Every legal move of the player to act, in a fixed order ([`LegalMoves`]); each one
    /// is accepted by [`GameState::apply`].
    #[must_use]
    pub fn legal_moves(&self) -> LegalMoves {
        LegalMoves::of(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::options::{BettingStructure, GameKind, Options};
    use crate::game::spec::{GameConfig, StakesInput};
    use crate::game::state::Start;

    fn start(game: GameKind, structure: BettingStructure, seed: u64) -> GameState {
        let draw = game == GameKind::DeuceSeven;
        let input = StakesInput {
            ante: Some(1),
            small_bet: Some(4),
            big_bet: Some(8),
            bring_in: (!draw).then_some(1),
            small_blind: draw.then_some(2),
            big_blind: draw.then_some(4),
            ..StakesInput::default()
        };
        let cfg = GameConfig::new(game, structure, input, Options::defaults(game)).unwrap();
        let start = Start {
            seed: Some(seed),
            ..Start::default()
        };
        GameState::new(&cfg, &[60, 45, 200, 13], &start).unwrap()
    }

    /// Every listed move is accepted at its position, and every other action of the same
    /// kinds (amounts around the legal ones, other discards) is refused.
    #[test]
    fn moves_are_exactly_the_accepted_actions() {
        for game in [GameKind::Stud, GameKind::Soko, GameKind::DeuceSeven] {
            for structure in [
                BettingStructure::FixedLimit,
                BettingStructure::PotLimit,
                BettingStructure::NoLimit,
            ] {
                for seed in 0..20 {
                    let mut state = start(game, structure, seed);
                    let mut step = 0u64;
                    while !state.is_over() {
                        let moves = state.legal_moves();
                        assert!(!moves.is_empty());
                        for (i, m) in moves.iter().enumerate() {
                            assert_eq!(moves.position(&m), Some(i as u64));
                            assert!(state.check(&m).is_ok(), "{m:?} refused");
                        }
                        for x in 0..300 {
                            let a = Action::BetRaiseTo(x);
                            let completes = state.legal_actions().complete == Some(x);
                            assert_eq!(
                                state.check(&a).is_ok(),
                                moves.position(&a).is_some() || completes,
                                "{a:?}"
                            );
                        }
                        let pick = moves.get((step * 7919 + seed) % moves.len()).unwrap();
                        state.apply(pick).unwrap();
                        step += 1;
                    }
                    assert!(state.legal_moves().is_empty());
                }
            }
        }
    }
}
