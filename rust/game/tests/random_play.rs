//! Random legal play of thousands of hands per game and structure, with arbitrary actions
//! in between (a rejected one leaves the state untouched), and a coverage report of the
//! events they reach.

use super::*;
use crate::deck::{rng_for_seed, uniform_below};

fn random_action(st: &GameState, rng: &mut impl rand_core::RngCore) -> Action {
    let la = st.legal_actions();
    if la.draw {
        let p = st.actor().unwrap();
        let hand: Vec<Card> = st.seats()[p as usize].cards().collect();
        return match uniform_below(rng, 8) {
            0 => Action::StandPat,
            1 => Action::Timeout,
            _ => Action::Draw(
                hand.iter()
                    .copied()
                    .filter(|_| uniform_below(rng, 2) == 0)
                    .collect(),
            ),
        };
    }
    let mut options: Vec<Action> = Vec::new();
    if la.fold {
        options.push(Action::Fold);
    }
    if la.check {
        options.push(Action::Check);
        options.push(Action::Check);
    }
    if la.call.is_some() {
        options.push(Action::Call);
        options.push(Action::Call);
        options.push(Action::Call);
    }
    if la.bring_in.is_some() {
        options.push(Action::PostBringIn);
    }
    if la.complete.is_some() {
        options.push(Action::Complete);
    }
    if let (Some(lo), Some(hi)) = (la.min_raise_to, la.max_raise_to) {
        options.push(Action::BetRaiseTo(lo));
        options.push(Action::BetRaiseTo(hi));
        if hi > lo && !st.config().is_fixed_limit() {
            options.push(Action::BetRaiseTo(
                lo + u64::from(uniform_below(rng, (hi - lo).min(1 << 30) as u32 + 1)),
            ));
        }
    }
    if uniform_below(rng, 50) == 0 {
        return Action::Timeout;
    }
    options[uniform_below(rng, options.len() as u32) as usize]
}

fn arbitrary_action(st: &GameState, rng: &mut impl rand_core::RngCore) -> Action {
    let la = st.legal_actions();
    let jitter = u64::from(uniform_below(rng, 5));
    let near = |v: Option<u64>| v.unwrap_or(10).saturating_add(jitter).saturating_sub(2);
    match uniform_below(rng, 10) {
        0 => Action::Fold,
        1 => Action::Check,
        2 => Action::Call,
        3 => Action::PostBringIn,
        4 => Action::Complete,
        5 => Action::BetRaiseTo(near(la.min_raise_to)),
        6 => Action::BetRaiseTo(near(la.max_raise_to)),
        7 => Action::Draw(CardSet(rng.next_u64() & CardSet::FULL.0 & rng.next_u64())),
        8 => Action::StandPat,
        _ => Action::Timeout,
    }
}

fn chips_in_play(st: &GameState) -> u64 {
    st.seats().iter().map(|s| s.stack + s.total - s.won).sum()
}

fn random_hands(
    game: GameKind,
    structure: BettingStructure,
    hands: u64,
    tweak: impl Fn(&mut Options, u64),
) {
    let mut rng = rng_for_seed(game as u64 * 1000 + structure as u64);
    for h in 0..hands {
        let stakes = if game.is_stud() {
            StakesInput {
                ante: Some(u64::from(uniform_below(&mut rng, 3))),
                bring_in: Some(2),
                small_bet: Some(10),
                ..StakesInput::default()
            }
        } else {
            StakesInput {
                ante: Some(u64::from(uniform_below(&mut rng, 2))),
                small_blind: Some(5),
                big_blind: Some(10),
                small_bet: Some(10),
                ..StakesInput::default()
            }
        };
        let mut o = Options::defaults(game);
        tweak(&mut o, h);
        let cfg = GameConfig::new(game, structure, stakes, o).unwrap();
        let n = 2 + uniform_below(&mut rng, u32::from(game.max_seats()) - 1) as usize;
        let stacks: Vec<u64> = (0..n)
            .map(|_| 1 + u64::from(uniform_below(&mut rng, if h % 3 == 0 { 40 } else { 400 })))
            .collect();
        let start_total: u64 = stacks.iter().sum();
        let mut st = seeded(&cfg, &stacks, h);
        let mut steps = 0;
        // In every third hand each step tries an arbitrary action first: `check` agrees
        // with `apply`, and a rejected action leaves the state untouched; an accepted one
        // is played, then a random legal action.
        let mut arbitrary_next = true;
        let policy = |st: &GameState| {
            if arbitrary_next {
                assert_eq!(chips_in_play(st), start_total);
                assert_eq!(
                    st.card_conflicts(),
                    0,
                    "{game:?} hand {h}: {:?}",
                    st.history()
                );
                if h % 3 == 0 {
                    let x = arbitrary_action(st, &mut rng);
                    let mut tried = st.clone();
                    let ok = st.check(&x).is_ok();
                    let r = tried.apply(x);
                    assert_eq!(ok, r.is_ok(), "{x:?}");
                    if r.is_ok() {
                        arbitrary_next = false;
                        return x;
                    }
                    assert_eq!(&tried, st);
                }
            }
            arbitrary_next = true;
            steps += 1;
            assert!(steps < 500, "hand does not end");
            random_action(st, &mut rng)
        };
        play_until(&mut st, policy, the_end);
        assert_eq!(chips_in_play(&st), start_total);
        assert_eq!(st.card_conflicts(), 0);
        assert_eq!(st.payoffs().iter().sum::<i64>(), 0);
        let won: u64 = st.seats().iter().map(|s| s.won).sum();
        let put: u64 = st.seats().iter().map(|s| s.total).sum();
        assert_eq!(won, put, "{game:?} hand {h}: every chip awarded");
        assert!(st.legal_actions() == LegalActions::default());
        assert_eq!(st.apply(Action::Check), Err(ActionError::HandOver));
    }
}

fn vary(o: &mut Options, h: u64) {
    if h % 5 == 1 {
        o.limit_short_all_in_rule = LimitShortAllInRule::FullBet;
        o.burn_cards = false;
    }
    if h % 5 == 2 {
        o.uncapped_heads_up = UncappedHeadsUp::BecomesHeadsUpBeforeCap;
        o.reserve_bottom_card = true;
        o.community_card_betting = true;
        o.reshuffle_policy = ReshufflePolicy::ExcludeCurrentRound;
    }
    if h % 5 == 3 {
        o.allow_fold_when_check_free = true;
        o.own_discards_scope = OwnDiscardsScope::CurrentDraw;
        o.burn_after_reshuffle = true;
        o.recycle_burns_before_community = false;
    }
    if h % 5 == 4 && o.odd_chip_order == OddChipOrder::Position && o.max_players == 8 {
        o.odd_chip_order = [
            OddChipOrder::HighCardBySuitBest5,
            OddChipOrder::HighCardBySuitAll,
            OddChipOrder::LowCardBySuitAll,
        ][(h / 5 % 3) as usize];
        o.showing_tie_break = ShowingTieBreak::Suit;
    }
}

macro_rules! random_play {
    ($($name:ident: $game:expr, $structure:expr;)+) => {$(
        #[test]
        fn $name() {
            random_hands($game, $structure, 3000, vary);
        }
    )+};
}

random_play! {
    random_play_soko_fl: GameKind::Soko, BettingStructure::FixedLimit;
    random_play_soko_pl: GameKind::Soko, BettingStructure::PotLimit;
    random_play_soko_nl: GameKind::Soko, BettingStructure::NoLimit;
    random_play_stud_fl: GameKind::Stud, BettingStructure::FixedLimit;
    random_play_stud_pl: GameKind::Stud, BettingStructure::PotLimit;
    random_play_stud_nl: GameKind::Stud, BettingStructure::NoLimit;
    random_play_stud8_fl: GameKind::Stud8, BettingStructure::FixedLimit;
    random_play_stud8_pl: GameKind::Stud8, BettingStructure::PotLimit;
    random_play_stud8_nl: GameKind::Stud8, BettingStructure::NoLimit;
    random_play_razz_fl: GameKind::Razz, BettingStructure::FixedLimit;
    random_play_razz_pl: GameKind::Razz, BettingStructure::PotLimit;
    random_play_razz_nl: GameKind::Razz, BettingStructure::NoLimit;
    random_play_deuce_seven_fl: GameKind::DeuceSeven, BettingStructure::FixedLimit;
    random_play_deuce_seven_pl: GameKind::DeuceSeven, BettingStructure::PotLimit;
    random_play_deuce_seven_nl: GameKind::DeuceSeven, BettingStructure::NoLimit;
}

#[test]
#[ignore = "coverage report for development"]
fn coverage_report() {
    use std::collections::HashMap;
    let mut counts: HashMap<&'static str, usize> = HashMap::new();
    let mut rng = rng_for_seed(1);
    for game in GameKind::ALL {
        for structure in BettingStructure::ALL {
            for h in 0..2000u64 {
                let stakes = if game.is_stud() {
                    stud_stakes(1, 2, 10)
                } else {
                    blind_stakes(5, 10)
                };
                let mut o = Options::defaults(*game);
                vary(&mut o, h);
                let cfg = GameConfig::new(*game, *structure, stakes, o).unwrap();
                let n = 2 + (h as usize % (game.max_seats() as usize - 1));
                let stacks: Vec<u64> = (0..n).map(|i| 20 + (i as u64 * 37 + h) % 300).collect();
                let mut st = seeded(&cfg, &stacks, h);
                play_until(&mut st, |st| random_action(st, &mut rng), the_end);
                for e in st.history() {
                    *counts.entry(e.kind()).or_default() += 1;
                    if let Event::Award {
                        share: Share::Low, ..
                    } = e
                    {
                        *counts.entry("low_award").or_default() += 1;
                    }
                    if let Event::Award { pot: 1.., .. } = e {
                        *counts.entry("side_pot_award").or_default() += 1;
                    }
                }
            }
        }
    }
    let mut v: Vec<_> = counts.into_iter().collect();
    v.sort_unstable();
    eprintln!("{v:?}");
}
