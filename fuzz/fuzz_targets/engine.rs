//! The game engine under arbitrary tables and arbitrary action sequences (illegal ones
//! included): every action is either applied or rejected with the state unchanged (and
//! `check` agrees with `apply`), and after every step chips are conserved and no card is
//! in two places. Nothing panics.
#![no_main]

use holecard::cardset::CardSet;
use holecard::game::options::BettingStructure;
use holecard::game::{Action, GameConfig, GameKind, GameState, Options, Start, StakesInput};
use holecard::Card;
use libfuzzer_sys::fuzz_target;

/// Every word an option value can be; `Options::set` refuses what does not fit.
const VALUES: &[&str] = &[
    "true", "false", "0", "1", "3", "4", "None", "FIXED", "ROTATING", "LOWEST", "HIGHEST",
    "AUTO", "NEVER", "ROUND_BEGINS_HEADS_UP", "BECOMES_HEADS_UP_BEFORE_CAP", "HALF_BET",
    "FULL_BET", "CHECK_OR_FOLD", "FOLD", "POSITION", "SUIT", "CONSECUTIVE", "OPEN_ENDED",
    "WITH_GUTSHOT", "HIGH_CARD_BY_SUIT_BEST5", "HIGH_CARD_BY_SUIT_ALL", "LOW_CARD_BY_SUIT_ALL",
    "BEST_SHOWING", "LEFT_OF_DEALER", "NEXT_ROUND_ONLY", "REST_OF_HAND", "NONE",
    "EXCLUDE_OWN_DISCARDS", "EXCLUDE_CURRENT_ROUND", "WHOLE_HAND", "CURRENT_DRAW",
];

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }

    fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |v, _| v << 8 | u64::from(self.byte()))
    }
}

fn chips(state: &GameState) -> (u64, u64) {
    let seats = state.seats();
    let start: u64 = seats.iter().map(|s| s.start_stack).sum();
    let now: u64 = seats.iter().map(|s| s.stack + s.total).sum::<u64>()
        - seats.iter().map(|s| s.won).sum::<u64>();
    (start, now)
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let game = [
        GameKind::Soko,
        GameKind::Stud,
        GameKind::Stud8,
        GameKind::Razz,
        GameKind::DeuceSeven,
    ][b.below(5)];
    let structure = [
        BettingStructure::FixedLimit,
        BettingStructure::PotLimit,
        BettingStructure::NoLimit,
    ][b.below(3)];
    let mut options = [Options::defaults, Options::wsop, Options::pokerkit][b.below(3)](game);
    let names: Vec<&'static str> = options.items().iter().map(|(n, _)| *n).collect();
    for _ in 0..b.below(6) {
        let name = names[b.below(names.len())];
        let _ = options.set(name, VALUES[b.below(VALUES.len())]);
    }
    let small = 1 + b.below(20) as u64;
    let stud = game != GameKind::DeuceSeven;
    let stakes = StakesInput {
        ante: stud.then(|| b.below(4) as u64),
        bring_in: stud.then(|| 1 + b.below(small as usize) as u64),
        small_bet: Some(small),
        big_bet: Some(small * (1 + b.below(3) as u64)),
        small_blind: (!stud).then_some(small / 2),
        big_blind: (!stud).then_some(small),
        min_bet: (structure != BettingStructure::FixedLimit).then_some(small),
    };
    let Ok(config) = GameConfig::new(game, structure, stakes, options) else {
        return;
    };
    let players = 2 + b.below(7);
    let stacks: Vec<u64> = (0..players).map(|_| 1 + b.below(400) as u64).collect();
    // Tops for the stubs the hand may rebuild: any cards, repeats included (refused).
    let restocks: Vec<Vec<Card>> = (0..b.below(3))
        .map(|_| {
            (0..b.below(12))
                .filter_map(|_| Card::from_index(b.below(52) as i64).ok())
                .collect()
        })
        .collect();
    let start = Start {
        seed: Some(b.u64()),
        deck: None,
        dealer: None,
        restocks,
    };
    let Ok(mut state) = GameState::new(&config, &stacks, &start) else {
        return;
    };
    for _ in 0..400 {
        if state.is_over() || b.0.is_empty() {
            break;
        }
        let legal = state.legal_actions();
        let amount = match b.below(4) {
            0 => legal.min_raise_to.unwrap_or(0),
            1 => legal.max_raise_to.unwrap_or(0),
            2 => legal.min_raise_to.unwrap_or(0) + b.below(50) as u64,
            _ => b.u64(),
        };
        let discards: CardSet = (0..b.below(7))
            .filter_map(|_| Card::from_index(b.below(56) as i64).ok())
            .collect();
        let action = [
            Action::Fold,
            Action::Check,
            Action::Call,
            Action::PostBringIn,
            Action::Complete,
            Action::BetRaiseTo(amount),
            Action::Draw(discards),
            Action::StandPat,
            Action::Timeout,
        ][b.below(9)];
        let before = state.clone();
        let checked = state.check(&action);
        match state.apply(action) {
            Ok(_) => assert!(checked.is_ok(), "check refused what apply took: {action:?}"),
            Err(_) => {
                assert!(checked.is_err(), "check allowed what apply refused: {action:?}");
                assert_eq!(state, before, "a rejected {action:?} changed the state");
            }
        }
        let (start_chips, now) = chips(&state);
        assert_eq!(start_chips, now, "chips not conserved after {action:?}");
        assert_eq!(state.card_conflicts(), 0, "a card in two places after {action:?}");
    }
    if state.is_over() {
        assert_eq!(state.payoffs().iter().sum::<i64>(), 0);
    }
});
