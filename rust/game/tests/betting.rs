//! Betting: pot- and no-limit raise sizes (V-M1 … V-M3, G-1.7.5), caps and heads-up caps
//! (V-R6), the open pair on 4th street, and fold or time-out options.

use super::*;

#[test]
fn v_m1_pot_limit_raise() {
    // Pot 100 before the bet, bet 50 → max raise-to 250: 2-7 PL heads-up after the draw.
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::PotLimit,
        blind_stakes(25, 50),
        |_| {},
    );
    let mut st = GameState::new(&cfg, &[1000, 1000], &Start::default()).unwrap();
    st.apply(Action::Call).unwrap(); // button/SB completes
    st.apply(Action::Check).unwrap(); // BB: pot 100
    st.apply(Action::StandPat).unwrap();
    st.apply(Action::StandPat).unwrap();
    let first = st.actor().unwrap();
    st.apply(Action::BetRaiseTo(50)).unwrap();
    assert_ne!(st.actor(), Some(first));
    assert_eq!(st.legal_actions().max_raise_to, Some(250));
}

#[test]
fn v_m2_deuce_seven_pot_limit_utg() {
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::PotLimit,
        blind_stakes(1, 2),
        |_| {},
    );
    let st = GameState::new(&cfg, &[100; 6], &Start::default()).unwrap();
    assert_eq!(st.actor(), Some(2));
    let la = st.legal_actions();
    assert_eq!(la.max_raise_to, Some(7));
    assert_eq!(la.min_raise_to, Some(4));
}

#[test]
fn v_m3_stud_pot_limit_after_bring_in() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::PotLimit,
        StakesInput {
            ante: Some(1),
            bring_in: Some(2),
            small_bet: Some(10),
            min_bet: Some(10),
            ..StakesInput::default()
        },
        |o| o.bring_in_card = BringInCard::Lowest,
    );
    let mut st = GameState::new(&cfg, &[100; 8], &Start::default()).unwrap();
    let b = st.actor().unwrap();
    st.apply(Action::PostBringIn).unwrap();
    assert_eq!(st.actor(), Some((b + 1) % 8));
    let la = st.legal_actions();
    assert_eq!(la.max_raise_to, Some(14));
    assert_eq!(la.min_raise_to, Some(10));
    assert_eq!(la.complete, None);
}

#[test]
fn v_r6_cap_after_completion() {
    for (max, raises_ok) in [(Some(3), 3), (Some(4), 4)] {
        let cfg = fixed_limit(GameKind::Stud, |o| {
            o.max_raises = max;
        });
        let mut st = GameState::new(&cfg, &[1000; 4], &Start::default()).unwrap();
        st.apply(Action::PostBringIn).unwrap();
        st.apply(Action::Complete).unwrap();
        for _ in 0..raises_ok {
            let to = st.legal_actions().min_raise_to.unwrap();
            st.apply(Action::BetRaiseTo(to)).unwrap();
        }
        let la = st.legal_actions();
        assert_eq!(la.min_raise_to, None, "capped after {raises_ok} raises");
        assert!(la.call.is_some());
    }
}

#[test]
fn uncapped_heads_up_options() {
    let mk = |mode| {
        fixed_limit(GameKind::Stud, |o| {
            o.uncapped_heads_up = mode;
        })
    };
    // Bring-in, completion, a fold if `fold`, then `raises` raises: may the next raise?
    let can_raise = |mode, players: usize, fold: bool, raises: usize| {
        let mut st = GameState::new(&mk(mode), &vec![1000; players], &Start::default()).unwrap();
        st.apply(Action::PostBringIn).unwrap();
        st.apply(Action::Complete).unwrap();
        if fold {
            st.apply(Action::Fold).unwrap();
        }
        for _ in 0..raises {
            let to = st.legal_actions().min_raise_to.unwrap();
            st.apply(Action::BetRaiseTo(to)).unwrap();
        }
        st.legal_actions().min_raise_to.is_some()
    };
    // Round begins heads-up → no cap.
    assert!(can_raise(UncappedHeadsUp::RoundBeginsHeadsUp, 2, false, 6));
    // NEVER: capped.
    assert!(!can_raise(UncappedHeadsUp::Never, 2, false, 3));
    // Becomes heads-up before the cap: 3 players, one folds, then uncapped.
    assert!(can_raise(
        UncappedHeadsUp::BecomesHeadsUpBeforeCap,
        3,
        true,
        5
    ));
}

#[test]
fn open_pair_allows_the_big_bet_on_fourth_street() {
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    let d = stud_deck(&["2c 2d", "3c 3d"], "Ah 5c") + " 9s Kd 5d";
    let mut st = start(&cfg, &[1000; 2], &d);
    play_until(&mut st, passive, on_street(1));
    let la = st.legal_actions();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(10), Some(20)));
    st.apply(Action::BetRaiseTo(20)).unwrap();
    let la = st.legal_actions();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(40), Some(40)));
    // stud/8 never (H-3).
    let cfg = fixed_limit(GameKind::Stud8, |_| {});
    let mut st = start(&cfg, &[1000; 2], &d);
    play_until(&mut st, passive, on_street(1));
    let la = st.legal_actions();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(10), Some(10)));
}

#[test]
fn fold_when_check_free_and_timeout_fold_options() {
    let cfg = fixed_limit(GameKind::DeuceSeven, |o| {
        o.allow_fold_when_check_free = true;
        o.betting_timeout_action = BettingTimeoutAction::Fold;
    });
    let mut st = GameState::new(&cfg, &[100; 3], &Start::default()).unwrap();
    st.apply(Action::Call).unwrap();
    st.apply(Action::Call).unwrap();
    assert!(st.legal_actions().fold && st.legal_actions().check);
    st.apply(Action::Timeout).unwrap();
    assert!(st.seats()[1].folded);
    let cfg = fixed_limit(GameKind::DeuceSeven, |_| {});
    let mut st = GameState::new(&cfg, &[100; 3], &Start::default()).unwrap();
    st.apply(Action::Call).unwrap();
    st.apply(Action::Call).unwrap();
    assert!(!st.legal_actions().fold);
    st.apply(Action::Timeout).unwrap();
    assert!(!st.seats()[1].folded);
    assert_eq!(st.phase(), Phase::Drawing);
}

#[test]
fn g_1_7_5_no_limit_bring_in_raise_sets_the_increment() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::NoLimit,
        StakesInput {
            ante: Some(1),
            bring_in: Some(2),
            small_bet: Some(10),
            ..StakesInput::default()
        },
        |_| {},
    );
    let mut st = GameState::new(&cfg, &[1000; 3], &Start::default()).unwrap();
    let la = st.legal_actions();
    assert_eq!(
        (la.bring_in, la.min_raise_to, la.max_raise_to),
        (Some(2), Some(10), Some(999))
    );
    st.apply(Action::PostBringIn).unwrap();
    assert_eq!(st.legal_actions().min_raise_to, Some(10));
    st.apply(Action::BetRaiseTo(30)).unwrap();
    // R = max(M, 30 - 2) = 28 → the next raise is to at least 58.
    assert_eq!(st.legal_actions().min_raise_to, Some(58));
}

/// Pot-limit Soko, no ante, B = 1, S = 2, M = 4; the lowest door card brings in.
fn pot_limit_soko() -> GameConfig {
    cfg_with(
        GameKind::Soko,
        BettingStructure::PotLimit,
        StakesInput {
            min_bet: Some(4),
            ..stud_stakes(0, 1, 2)
        },
        |o| o.bring_in_card = BringInCard::Lowest,
    )
}

#[test]
fn g_1_7_5_first_raise_after_a_short_all_in_over_the_bring_in_goes_to_m() {
    // PL Soko, B = 1, M = 4: seat 0 brings in all-in for 1, seat 1 is all-in to 2 (less
    // than M: not a raise). The first raise is still "to at least M" (4), not C + M (6).
    let cfg = pot_limit_soko();
    let st = play_from(
        &cfg,
        &[1, 2, 5, 1],
        None,
        &[Action::PostBringIn, Action::BetRaiseTo(2)],
    );
    let la = st.legal_actions();
    assert_eq!(
        (la.call, la.min_raise_to, la.max_raise_to),
        (Some(2), Some(4), Some(5))
    );
}

#[test]
fn g_1_7_5_first_raise_over_the_bring_in_sets_r_from_b() {
    // NL stud, B = 2, M = 10: seat 1 goes all-in to 5 (short), seat 2 raises to 30; R is
    // max(M, 30 - B) = 28, so the next raise goes to at least 58.
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::NoLimit,
        stud_stakes(0, 2, 10),
        |o| o.bring_in_card = BringInCard::Lowest,
    );
    let mut st = play_from(&cfg, &[100, 5, 100, 100], None, &[Action::PostBringIn]);
    assert_eq!(st.actor(), Some(1));
    st.apply(Action::BetRaiseTo(5)).unwrap();
    st.apply(Action::BetRaiseTo(30)).unwrap();
    assert_eq!(st.legal_actions().min_raise_to, Some(58));
}

#[test]
fn g_1_7_5_first_raise_after_a_short_opening_by_the_bring_in_player() {
    // PL Soko, B = 1, M = 4: the bring-in player opens all-in for 2 instead of posting B
    // (no full bet, nothing posted), the next player raises all-in to 5: R = 5 - 0, so the
    // next full raise goes to 10 (not 5 + max(M, 5 - B) = 9).
    let cfg = pot_limit_soko();
    let mut st = start(&cfg, &[1, 2, 5, 1, 10], "2c 2d 2h 2s 3c 3h 3d 3s 4c 4d");
    for a in [Action::BetRaiseTo(2), Action::BetRaiseTo(5), Action::Call] {
        st.apply(a).unwrap();
    }
    assert_eq!(st.legal_actions().min_raise_to, Some(10));
}

#[test]
fn g_1_7_5_bring_in_of_a_full_min_bet_opens_the_round() {
    // PL Soko, B = M = 2: the bring-in is a full bet. Seat 3 brings in short (1), seat 4 is
    // all-in to 3 (not a raise), seat 5 raises to 5: a full raise of 2 over 3, so the next
    // raise goes to 7 (it used to be treated as the first raise over an incomplete B: 8).
    let cfg = cfg_with(
        GameKind::Soko,
        BettingStructure::PotLimit,
        StakesInput {
            min_bet: Some(2),
            ..stud_stakes(1, 2, 2)
        },
        |_| {},
    );
    let st = play_from(
        &cfg,
        &[1, 1, 1, 2, 4, 7, 9, 1],
        None,
        &[
            Action::PostBringIn,
            Action::BetRaiseTo(3),
            Action::BetRaiseTo(5),
        ],
    );
    let la = st.legal_actions();
    assert_eq!(
        (la.call, la.min_raise_to, la.max_raise_to),
        (Some(5), Some(7), Some(8))
    );
}
