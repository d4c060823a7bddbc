//! [`ActionSpace`]: the fixed-size discrete action space of a game and betting structure,
//! shared by every learning adapter (PettingZoo, Gymnasium, OpenSpiel), and the mask of
//! the slots that are legal now.
//!
//! The slots, in this order (the layout depends only on the game and the structure):
//!
//! | slot | games | move |
//! | --- | --- | --- |
//! | `fold`, `check`, `call` | all | the move of that name |
//! | `post_bring_in` | stud games | post the bring-in |
//! | `complete` | stud games, fixed limit | complete the bring-in |
//! | `bet_min` | all | bet or raise to the smallest legal total |
//! | `bet_half_pot` | pot and no limit | to the call plus half the pot after calling |
//! | `bet_pot` | no limit | to the call plus the pot after calling |
//! | `bet_max` | all | to the largest legal total (fixed limit: the big bet or an all-in) |
//! | `stand_pat`, `discard_…` | 2-7 | slot `k` discards the cards whose bits are set in `k` over the hand in dealing order |
//!
//! Fixed limit and draws are exact: every legal move has exactly one slot. In pot and no
//! limit the totals between the smallest and the largest are a menu: a pot-fraction slot
//! is legal only when its total lies strictly between them and differs from every earlier
//! slot's, so no two legal slots name the same move and every legal slot is a legal move.

use super::moves::LegalMoves;
use super::options::BettingStructure;
use super::spec::GameKind;
use super::spec::VariantSpec;
use super::state::{Action, GameState, LegalActions};

/// One slot of an [`ActionSpace`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// Fold.
    Fold,
    /// Check.
    Check,
    /// Call.
    Call,
    /// Post the stud bring-in.
    PostBringIn,
    /// Complete the stud bring-in (fixed limit).
    Complete,
    /// Bet or raise to the smallest legal total.
    BetMin,
    /// Bet or raise to the call plus `num / den` of the pot after calling.
    BetPot {
        /// Numerator of the pot fraction.
        num: u64,
        /// Denominator of the pot fraction.
        den: u64,
    },
    /// Bet or raise to the largest legal total, when it is above the smallest.
    BetMax,
    /// 2-7: discard the cards whose bits are set over the hand in dealing order (0 stands
    /// pat).
    Draw(u8),
}

impl Slot {
    /// The slot's name (`"fold"`, `"bet_half_pot"`, `"discard_10100"` …): a draw slot
    /// names each card of the hand in dealing order, 1 for discarded.
    #[must_use]
    pub fn label(self, hand: u8) -> String {
        match self {
            Slot::Fold => "fold".into(),
            Slot::Check => "check".into(),
            Slot::Call => "call".into(),
            Slot::PostBringIn => "post_bring_in".into(),
            Slot::Complete => "complete".into(),
            Slot::BetMin => "bet_min".into(),
            Slot::BetPot { num: 1, den: 2 } => "bet_half_pot".into(),
            Slot::BetPot { num: 1, den: 1 } => "bet_pot".into(),
            Slot::BetPot { num, den } => format!("bet_{num}_{den}_pot"),
            Slot::BetMax => "bet_max".into(),
            Slot::Draw(0) => "stand_pat".into(),
            Slot::Draw(m) => {
                let bits: String = (0..hand)
                    .map(|j| if m >> j & 1 == 1 { '1' } else { '0' })
                    .collect();
                format!("discard_{bits}")
            }
        }
    }
}

/// The pot fractions of the menu between the smallest and the largest total.
fn pot_fractions(structure: BettingStructure) -> &'static [(u64, u64)] {
    match structure {
        BettingStructure::FixedLimit => &[],
        // The largest pot-limit total is the pot itself (`bet_max`).
        BettingStructure::PotLimit => &[(1, 2)],
        BettingStructure::NoLimit => &[(1, 2), (1, 1)],
    }
}

/// The action space of a game and betting structure (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ActionSpace {
    game: GameKind,
    structure: BettingStructure,
    slots: Vec<Slot>,
}

/// What the slots are resolved against: the legal moves and the pot now.
struct Now {
    moves: LegalMoves,
    la: LegalActions,
    /// The amount to match.
    to_call: u64,
    /// The pot after the player to act calls.
    pot_after_call: u64,
}

impl Now {
    fn of(state: &GameState) -> Now {
        let la = state.legal_actions();
        let bet = state
            .actor()
            .and_then(|p| state.seats().get(p as usize))
            .map_or(0, |s| s.bet);
        let to_call = state.seats().iter().map(|s| s.bet).max().unwrap_or(0);
        let pot: u64 = state.seats().iter().map(|s| s.total).sum();
        Now {
            moves: state.legal_moves(),
            la,
            to_call,
            pot_after_call: pot + to_call.saturating_sub(bet),
        }
    }

    fn listed(&self, a: Action) -> Option<Action> {
        self.moves.position(&a).map(|_| a)
    }
}

impl ActionSpace {
    /// The action space of `game` under `structure`.
    #[must_use]
    pub fn new(game: GameKind, structure: BettingStructure) -> ActionSpace {
        let spec = VariantSpec::of(game);
        let stud = !spec.is_draw();
        let mut slots = vec![Slot::Fold, Slot::Check, Slot::Call];
        if stud {
            slots.push(Slot::PostBringIn);
            if structure == BettingStructure::FixedLimit {
                slots.push(Slot::Complete);
            }
        }
        slots.push(Slot::BetMin);
        slots.extend(
            pot_fractions(structure)
                .iter()
                .map(|&(num, den)| Slot::BetPot { num, den }),
        );
        slots.push(Slot::BetMax);
        if !stud {
            slots.extend((0..1u16 << spec.hand_cards).map(|m| Slot::Draw(m as u8)));
        }
        ActionSpace {
            game,
            structure,
            slots,
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The betting structure.
    #[must_use]
    pub fn structure(&self) -> BettingStructure {
        self.structure
    }

    /// The number of slots.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never true: every space has the betting slots.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The slots in order.
    #[must_use]
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The slot names in order.
    #[must_use]
    pub fn labels(&self) -> Vec<String> {
        let hand = VariantSpec::of(self.game).hand_cards;
        self.slots.iter().map(|s| s.label(hand)).collect()
    }

    /// The move of every slot now (`None` where the slot is not legal), in slot order.
    /// The state must be of this space's game and structure.
    #[must_use]
    pub fn resolve(&self, state: &GameState) -> Vec<Option<Action>> {
        let now = Now::of(state);
        let bets = now.la.min_raise_to.zip(now.la.max_raise_to);
        // The largest total a pot-fraction slot has taken so far.
        let mut taken = bets.map_or(0, |(lo, _)| lo);
        self.slots
            .iter()
            .map(|&slot| match slot {
                Slot::Fold => now.listed(Action::Fold),
                Slot::Check => now.listed(Action::Check),
                Slot::Call => now.listed(Action::Call),
                Slot::PostBringIn => now.listed(Action::PostBringIn),
                Slot::Complete => now.listed(Action::Complete),
                Slot::BetMin => bets.and_then(|(lo, _)| now.listed(Action::BetRaiseTo(lo))),
                Slot::BetMax => bets
                    .filter(|&(lo, hi)| hi > lo)
                    .and_then(|(_, hi)| now.listed(Action::BetRaiseTo(hi))),
                Slot::BetPot { num, den } => {
                    let (_, hi) = bets?;
                    let to = now.to_call + now.pot_after_call.saturating_mul(num) / den.max(1);
                    if to > taken && to < hi {
                        taken = to;
                        now.listed(Action::BetRaiseTo(to))
                    } else {
                        None
                    }
                }
                Slot::Draw(m) => {
                    if now.la.draw {
                        now.moves.get(u64::from(m))
                    } else {
                        None
                    }
                }
            })
            .collect()
    }

    /// The legal slots now, 1 for legal and 0 for not, in slot order.
    #[must_use]
    pub fn mask(&self, state: &GameState) -> Vec<u8> {
        self.resolve(state)
            .iter()
            .map(|a| u8::from(a.is_some()))
            .collect()
    }

    /// The move of slot `index` now, `None` if it is not legal (or out of range).
    #[must_use]
    pub fn action(&self, state: &GameState, index: usize) -> Option<Action> {
        self.resolve(state).get(index).copied().flatten()
    }

    /// The slot of `action` now, `None` if no legal slot plays it (in pot and no limit, a
    /// total off the menu).
    #[must_use]
    pub fn index(&self, state: &GameState, action: &Action) -> Option<usize> {
        let action = match *action {
            Action::Draw(d) if d.is_empty() => Action::StandPat,
            a => a,
        };
        self.resolve(state).iter().position(|a| *a == Some(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::config::GameConfig;
    use crate::game::state::Start;

    /// At every step of random hands of every game and structure, the legal slots name
    /// distinct legal moves; in fixed limit and in draws they name every legal move, and
    /// in pot and no limit every legal move but the bet totals off the menu (the smallest
    /// and the largest always have a slot).
    #[test]
    fn mask_is_exactly_the_legal_moves() {
        for &game in GameKind::ALL {
            for structure in [
                BettingStructure::FixedLimit,
                BettingStructure::PotLimit,
                BettingStructure::NoLimit,
            ] {
                let space = ActionSpace::new(game, structure);
                let cfg = GameConfig::ten_twenty(game, structure);
                for seed in 0..30u64 {
                    let stacks = [300, 45, 200, 130, 17][..2 + (seed % 4) as usize].to_vec();
                    let start = Start {
                        seed: Some(seed),
                        ..Start::default()
                    };
                    let mut state = GameState::new(&cfg, &stacks, &start).unwrap();
                    let mut step = 0u64;
                    while !state.is_over() {
                        let moves = state.legal_moves();
                        let resolved = space.resolve(&state);
                        let legal: Vec<Action> = resolved.iter().flatten().copied().collect();
                        let mut distinct = legal.clone();
                        distinct.sort_by_key(|a| format!("{a:?}"));
                        distinct.dedup();
                        assert_eq!(distinct.len(), legal.len(), "two slots name one move");
                        for a in &legal {
                            assert!(moves.position(a).is_some(), "{a:?} is not legal");
                        }
                        for m in moves.iter() {
                            let off_menu = matches!(m, Action::BetRaiseTo(x)
                                if structure != BettingStructure::FixedLimit
                                    && Some(x) != state.legal_actions().min_raise_to
                                    && Some(x) != state.legal_actions().max_raise_to);
                            assert_eq!(
                                space.index(&state, &m).is_some(),
                                !off_menu || legal.contains(&m),
                                "{m:?} in {game:?} {structure:?}"
                            );
                        }
                        for (i, a) in resolved.iter().enumerate() {
                            assert_eq!(space.action(&state, i), *a);
                            if let Some(a) = a {
                                assert_eq!(space.index(&state, a), Some(i));
                            }
                        }
                        // Alternate menu moves and any legal move (off-menu totals too).
                        let k = step * 7919 + seed;
                        let pick = if step.is_multiple_of(2) {
                            legal[(k % legal.len() as u64) as usize]
                        } else {
                            moves.get(k % moves.len()).unwrap()
                        };
                        state.apply(pick).unwrap();
                        step += 1;
                    }
                    assert!(space.mask(&state).iter().all(|&b| b == 0));
                }
            }
        }
    }

    #[test]
    fn layouts_are_documented_sizes() {
        let size = |g, s| ActionSpace::new(g, s).len();
        assert_eq!(size(GameKind::Razz, BettingStructure::FixedLimit), 7);
        assert_eq!(size(GameKind::Stud, BettingStructure::PotLimit), 7);
        assert_eq!(size(GameKind::Soko, BettingStructure::NoLimit), 8);
        assert_eq!(size(GameKind::DeuceSeven, BettingStructure::FixedLimit), 37);
        assert_eq!(size(GameKind::DeuceSeven, BettingStructure::NoLimit), 39);
        let labels = ActionSpace::new(GameKind::DeuceSeven, BettingStructure::PotLimit).labels();
        assert_eq!(
            labels[..7],
            [
                "fold",
                "check",
                "call",
                "bet_min",
                "bet_half_pot",
                "bet_max",
                "stand_pat"
            ]
        );
        assert_eq!(labels[7], "discard_10000");
        assert_eq!(labels[37], "discard_11111");
    }
}
