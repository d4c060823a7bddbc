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

// The names of the kinds of action, in the order the documentation lists them (index
// [`Action::kind_index`]): the one table of them. Python reads them as
// `_core.ACTION_KINDS` and `_core.ACTION_CODES`.
impl Action {
    /// Every kind as the name of the `State` method that plays it.
    pub const KINDS: [&'static str; 9] = [
        "fold",
        "check",
        "call",
        "post_bring_in",
        "complete",
        "bet_or_raise_to",
        "draw",
        "stand_pat",
        "timeout",
    ];

    /// Every kind's code in a pickled history, in the order of [`Action::KINDS`].
    pub const CODES: [&'static str; 9] = [
        "fold",
        "check",
        "call",
        "bring_in",
        "complete",
        "raise",
        "draw",
        "stand_pat",
        "timeout",
    ];

    /// How many kinds a `Move` can be (every kind but the time-out, which is not listed).
    pub const MOVE_KINDS: usize = 8;

    /// The position of the action's kind in [`Action::KINDS`].
    #[must_use]
    pub fn kind_index(self) -> usize {
        match self {
            Action::Fold => 0,
            Action::Check => 1,
            Action::Call => 2,
            Action::PostBringIn => 3,
            Action::Complete => 4,
            Action::BetRaiseTo(_) => 5,
            Action::Draw(_) => 6,
            Action::StandPat => 7,
            Action::Timeout => 8,
        }
    }

    /// The kind as the name of the `State` method that plays it (`"post_bring_in"` …).
    #[must_use]
    pub fn kind_name(self) -> &'static str {
        Self::KINDS[self.kind_index()]
    }

    /// The kind's code in a pickled history (`"bring_in"`, `"raise"` …) and the number it
    /// carries (the total of a bet, the discards' bits of a draw, else 0).
    #[must_use]
    pub fn encode(self) -> (&'static str, u64) {
        let arg = match self {
            Action::BetRaiseTo(x) => x,
            Action::Draw(d) => d.0,
            _ => 0,
        };
        (Self::CODES[self.kind_index()], arg)
    }

    /// The action of a pickled `code` and its number (see [`Action::encode`]); `None` for
    /// an unknown code.
    #[must_use]
    pub fn decode(code: &str, arg: u64) -> Option<Action> {
        let i = Self::CODES.iter().position(|&c| c == code)?;
        Self::of_kind(i, arg)
    }

    /// The move of a kind that takes no amount and no cards (the kinds listed before the
    /// bets), by its method name.
    #[must_use]
    pub fn plain(kind: &str) -> Option<Action> {
        let i = Self::KINDS.iter().position(|&k| k == kind)?;
        Self::of_kind(i, 0).filter(|a| a.kind_index() < 5)
    }

    fn of_kind(index: usize, arg: u64) -> Option<Action> {
        Some(match index {
            0 => Action::Fold,
            1 => Action::Check,
            2 => Action::Call,
            3 => Action::PostBringIn,
            4 => Action::Complete,
            5 => Action::BetRaiseTo(arg),
            6 => Action::Draw(CardSet(arg & CardSet::FULL.0)),
            7 => Action::StandPat,
            8 => Action::Timeout,
            _ => return None,
        })
    }
}

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
        let legal = [
            la.fold,
            la.check,
            la.call.is_some(),
            la.bring_in.is_some(),
            la.complete.is_some(),
        ];
        for (_, a) in legal.into_iter().zip(HEAD_ORDER).filter(|&(ok, _)| ok) {
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

    /// What the moves are made of ([`LegalMoves::from_parts`] rebuilds them).
    #[must_use]
    pub fn parts(&self) -> MovesParts {
        MovesParts {
            head: self.head[..usize::from(self.nhead)].to_vec(),
            bets: self.bets,
            fixed: self.fixed,
            hand: self
                .draw
                .then(|| self.hand[..usize::from(self.ncards)].to_vec()),
        }
    }

    /// The moves `parts` describe, as [`LegalMoves::parts`] gave them; an error names
    /// what no position of a hand could produce.
    pub fn from_parts(parts: &MovesParts) -> Result<LegalMoves, String> {
        let order = |a: &Action| HEAD_ORDER.iter().position(|h| h == a);
        let mut last = None;
        for a in &parts.head {
            let at =
                order(a).ok_or_else(|| format!("{a:?} is not a move listed before the bets"))?;
            if last.is_some_and(|l| l >= at) {
                return Err("the moves before the bets repeat or are out of order".into());
            }
            last = Some(at);
        }
        if let Some((lo, hi)) = parts.bets {
            if lo > hi {
                return Err(format!(
                    "the lowest bet total {lo} is above the highest {hi}"
                ));
            }
        }
        let mut moves = LegalMoves {
            head: [Action::Fold; 4],
            nhead: parts.head.len() as u8,
            bets: parts.bets,
            fixed: parts.fixed,
            hand: [0; 7],
            ncards: 0,
            draw: false,
        };
        moves
            .head
            .get_mut(..parts.head.len())
            .ok_or("more than four moves before the bets")?
            .copy_from_slice(&parts.head);
        if let Some(hand) = &parts.hand {
            if !parts.head.is_empty() || parts.bets.is_some() {
                return Err("a draw has no other moves".into());
            }
            if hand.len() > 7 {
                return Err(format!("a draw from {} cards", hand.len()));
            }
            let mut seen = CardSet::EMPTY;
            for &c in hand {
                if c >= 52 || !seen.insert(GameState::card(c)) {
                    return Err(format!("card index {c} is not a card or is held twice"));
                }
            }
            moves.hand[..hand.len()].copy_from_slice(hand);
            moves.ncards = hand.len() as u8;
            moves.draw = true;
        }
        Ok(moves)
    }
}

/// The moves listed before the bets, in their order.
const HEAD_ORDER: [Action; 5] = [
    Action::Fold,
    Action::Check,
    Action::Call,
    Action::PostBringIn,
    Action::Complete,
];

/// What a [`LegalMoves`] is made of: the moves before the bets, the lowest and highest
/// bet total and whether only those two ends are legal (fixed limit), and in a draw the
/// hand in dealing order. Pickling a `Moves` stores these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovesParts {
    /// Fold, check, call, post the bring-in, complete: those that are legal, in order.
    pub head: Vec<Action>,
    /// The lowest and highest bet/raise total, if betting is open.
    pub bets: Option<(u64, u64)>,
    /// Fixed limit: the bets are the two ends only.
    pub fixed: bool,
    /// A draw: the hand the discards are chosen from, in dealing order.
    pub hand: Option<Vec<u8>>,
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
    use crate::game::catalog::Options;
    use crate::game::config::GameConfig;
    use crate::game::options::BettingStructure;
    use crate::game::spec::GameKind;
    use crate::game::spec::StakesInput;
    use crate::game::state::Start;

    #[test]
    fn every_action_kind_is_named_once_and_its_code_decodes() {
        let one_of_each = [
            Action::Fold,
            Action::Check,
            Action::Call,
            Action::PostBringIn,
            Action::Complete,
            Action::BetRaiseTo(40),
            Action::Draw(CardSet(0b1010)),
            Action::StandPat,
            Action::Timeout,
        ];
        for (i, a) in one_of_each.into_iter().enumerate() {
            assert_eq!(a.kind_index(), i);
            let (code, arg) = a.encode();
            assert_eq!(Action::decode(code, arg), Some(a));
            assert_eq!(Action::plain(a.kind_name()).is_some(), i < 5);
        }
        for names in [Action::KINDS, Action::CODES] {
            let mut sorted = names.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), names.len());
        }
        assert_eq!(Action::decode("raise_to", 4), None);
    }

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
    /// kinds (amounts around the legal ones, other discards) is refused; the moves rebuilt
    /// from their parts are the same moves.
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
                        assert_eq!(LegalMoves::from_parts(&moves.parts()), Ok(moves));
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

    #[test]
    fn parts_no_position_produces_are_refused() {
        let parts = |head: &[Action], bets, hand: Option<&[u8]>| MovesParts {
            head: head.to_vec(),
            bets,
            fixed: false,
            hand: hand.map(<[u8]>::to_vec),
        };
        let refused = [
            parts(&[Action::Call, Action::Fold], None, None),
            parts(&[Action::Fold, Action::Fold], None, None),
            parts(&[Action::BetRaiseTo(4)], None, None),
            parts(&[Action::StandPat], None, None),
            parts(&[], Some((9, 8)), None),
            parts(&[Action::Fold], None, Some(&[1, 2])),
            parts(&[], Some((1, 2)), Some(&[1, 2])),
            parts(&[], None, Some(&[1, 52])),
            parts(&[], None, Some(&[3, 3])),
            parts(&[], None, Some(&[0, 1, 2, 3, 4, 5, 6, 7])),
        ];
        for p in refused {
            assert!(LegalMoves::from_parts(&p).is_err(), "{p:?}");
        }
        let all = [
            Action::Fold,
            Action::Check,
            Action::Call,
            Action::PostBringIn,
            Action::Complete,
        ];
        assert!(LegalMoves::from_parts(&parts(&all, None, None)).is_err());
        let ok = LegalMoves::from_parts(&parts(&all[1..], Some((3, 5)), None)).unwrap();
        assert_eq!(ok.len(), 4 + 3);
    }
}
