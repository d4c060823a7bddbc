//! Short all-ins: when they count as full bets or raises and whom they reopen the betting
//! for (V-R1 … V-R5, G-1.6.4, G-1.9.3).

use super::*;

/// A 2-7 FL table (S = 20) after the blinds where seat `first` acts first after the draw.
fn fl_round_after_draw(stacks: &[u64], rule: LimitShortAllInRule) -> GameState {
    let cfg = fixed_limit_at(GameKind::DeuceSeven, blind_stakes(10, 20), |o| {
        o.limit_short_all_in_rule = rule;
        o.max_raises = None;
    });
    after_the_draw(&cfg, stacks)
}

/// A 2-7 hand at `cfg` after the first draw: everybody called the big blind, the big
/// blind checked, everybody stood pat.
fn after_the_draw(cfg: &GameConfig, stacks: &[u64]) -> GameState {
    let mut st = GameState::new(cfg, stacks, &Start::default()).unwrap();
    play_until(&mut st, passive, on_street(1));
    st
}

/// No-limit 2-7, blinds 50 and 100.
fn no_limit_deuce_seven() -> GameConfig {
    cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::NoLimit,
        blind_stakes(50, 100),
        |_| {},
    )
}

#[test]
fn v_r1_half_bet_all_in_is_a_full_bet() {
    // 3 players, seat 0 (first after the button) has 35 = 20 blind-call + 15 left.
    let mut st = fl_round_after_draw(&[35, 200, 200], LimitShortAllInRule::HalfBet);
    assert_eq!(st.actor(), Some(0));
    assert_eq!(st.legal_actions().min_raise_to, Some(15)); // all-in for 15 only
    st.apply(Action::BetRaiseTo(15)).unwrap();
    let la = st.legal_actions();
    assert_eq!(la.call, Some(15));
    assert_eq!(la.min_raise_to, Some(35));
    assert!(la.fold);
}

#[test]
fn v_r2_short_all_in_raise_does_not_reopen() {
    // seat 0 bets 20, seat 1 all-in to 25, seat 2 may complete to 40; seat 0 may not raise.
    let mut st = fl_round_after_draw(&[200, 45, 200], LimitShortAllInRule::HalfBet);
    st.apply(Action::BetRaiseTo(20)).unwrap();
    assert_eq!(st.legal_actions().min_raise_to, Some(25)); // seat 1: all-in 25
    st.apply(Action::BetRaiseTo(25)).unwrap();
    let la = st.legal_actions();
    assert_eq!(
        (la.call, la.min_raise_to, la.max_raise_to),
        (Some(25), Some(40), Some(40))
    );
    st.apply(Action::Call).unwrap();
    assert_eq!(st.actor(), Some(0));
    let la = st.legal_actions();
    assert_eq!((la.call, la.min_raise_to), (Some(5), None));
    assert!(st.apply(Action::BetRaiseTo(45)).is_err());
}

#[test]
fn v_r3_no_limit_accumulated_short_all_ins_reopen() {
    // Blinds 50/100; A bets 100, B all-in 125, C calls 125, D all-in 200, E calls 200.
    // 6 seats: 0 SB, 1 BB, 2..5 = A B C D? Use post-draw round: everyone checks pre-draw.
    let cfg = no_limit_deuce_seven();
    let mut st = after_the_draw(&cfg, &[5000, 5000, 5000, 225, 5000, 300]);
    // After the draw the first to act is seat 0 (left of the button 5).
    // Seat order: A=0? Make seat 2 the bettor: seats 0 and 1 check.
    st.apply(Action::Check).unwrap();
    st.apply(Action::Check).unwrap();
    st.apply(Action::BetRaiseTo(100)).unwrap(); // A = seat 2
    st.apply(Action::BetRaiseTo(125)).unwrap(); // B = seat 3 all-in (225 - 100 pre-draw)
    st.apply(Action::Call).unwrap(); // C = seat 4
    st.apply(Action::BetRaiseTo(200)).unwrap(); // D = seat 5 all-in
    st.apply(Action::Fold).unwrap(); // seat 0
    st.apply(Action::Fold).unwrap(); // seat 1
    assert_eq!(st.actor(), Some(2));
    assert!(
        st.legal_actions().min_raise_to.is_some(),
        "A faces +100: a full raise"
    );
    st.apply(Action::Call).unwrap();
    assert_eq!(st.actor(), Some(4));
    let la = st.legal_actions();
    assert_eq!(la.min_raise_to, None, "C faces +75 only");
    assert_eq!(la.call, Some(75));
}

#[test]
fn v_r4_no_limit_short_all_in_over_a_raise() {
    // A bets 100, B raises to 200, C all-in 250, A calls → B may not raise.
    let mut st = after_the_draw(&no_limit_deuce_seven(), &[5000, 5000, 350]);
    st.apply(Action::BetRaiseTo(100)).unwrap(); // seat 0 = A
    st.apply(Action::BetRaiseTo(200)).unwrap(); // seat 1 = B
    st.apply(Action::BetRaiseTo(250)).unwrap(); // seat 2 = C all-in
    st.apply(Action::Call).unwrap(); // A calls
    assert_eq!(st.actor(), Some(1));
    let la = st.legal_actions();
    assert_eq!((la.call, la.min_raise_to), (Some(50), None));
}

#[test]
fn v_r5_stud_short_all_in_completion_counts() {
    // Bring-in 5, S = 15; the next player is all-in for 10 → the completion; raise to 25.
    let cfg = fixed_limit_at(GameKind::Stud, stud_stakes(0, 5, 15), |_| {});
    let d = stud_deck(&["9c 9d 8s", "Jd Qc 8h"], "2c Kd Kh");
    let mut st = start(&cfg, &[100, 10, 100], &d);
    st.apply(Action::PostBringIn).unwrap();
    assert_eq!(st.legal_actions().complete, Some(10));
    st.apply(Action::Complete).unwrap();
    let la = st.legal_actions();
    assert_eq!(
        (la.call, la.min_raise_to, la.complete),
        (Some(10), Some(25), None)
    );
}

#[test]
fn g_1_9_3_reaching_the_full_level_after_a_short_all_in_is_a_full_raise() {
    // FULL_BET: seat 0 bets 20, seat 1 all-in to 25 (short), seat 2 raises to 40 = the
    // last full level + F. That is a full raise although it adds only 15 over C = 25:
    // seat 0 may raise again, to 60.
    let mut st = fl_round_after_draw(&[200, 45, 200], LimitShortAllInRule::FullBet);
    st.apply(Action::BetRaiseTo(20)).unwrap();
    st.apply(Action::BetRaiseTo(25)).unwrap();
    st.apply(Action::BetRaiseTo(40)).unwrap();
    assert_eq!(st.actor(), Some(0));
    let la = st.legal_actions();
    assert_eq!((la.call, la.min_raise_to), (Some(20), Some(60)));
}

#[test]
fn g_1_9_3_bring_in_player_opening_short_completes_from_nothing() {
    // Razz, B = 2, S = 10: the bring-in player opens all-in for 4 instead of posting.
    // F' is S (nothing was posted), so 4 < 5 is not a full completion (HALF_BET): the
    // next player may still complete, here all-in to 5 (found by the differential test).
    let cfg = fixed_limit(GameKind::Razz, |_| {});
    let d = stud_deck(&["2c 3c 4c 5c", "2d 3d 4d 5d"], "Ac Kc 2h 3h");
    let mut st = start(&cfg, &[1, 5, 6, 2], &d);
    assert_eq!(st.actor(), Some(1)); // the king brings in
    assert_eq!(st.legal_actions().complete, Some(4));
    st.apply(Action::Complete).unwrap();
    let la = st.legal_actions();
    assert_eq!(
        (la.call, la.complete, la.min_raise_to),
        (Some(4), Some(5), None)
    );
}

/// Stud FL (B = 5, S = 10, G = 20, FULL_BET) on 4th street under the open pair: every seat
/// called the bring-in on 3rd street and seat 1, pairing his door 9h with the 9d, acts
/// first. `stacks` are before the bring-in round (each seat puts in 5).
fn open_pair_fourth_street(stacks: &[u64]) -> GameState {
    let cfg = fixed_limit_at(GameKind::Stud, stud_stakes(0, 5, 10), |o| {
        o.limit_short_all_in_rule = LimitShortAllInRule::FullBet;
    });
    // Doors 2c (bring-in), 9h, 8s, 7s; after the burn 3c, 4th street gives seat 1 the 9d.
    let (downs, doors) = match stacks.len() {
        3 => (["Ac Kc Qc", "Ad Kd Qd"], "2c 9h 8s 3c 4s 9d"),
        _ => (["Ac Kc Qc Jc", "Ad Kd Qd Jd"], "2c 9h 8s 7s 3c 4s 9d 2d 5h"),
    };
    let mut st = start(&cfg, stacks, &stud_deck(&downs, doors));
    st.apply(Action::PostBringIn).unwrap();
    for _ in 1..stacks.len() {
        st.apply(Action::Call).unwrap();
    }
    assert_eq!(st.street_index(), 1);
    assert_eq!(st.actor(), Some(1)); // the open pair acts first
    st
}

#[test]
fn g_1_6_4_all_in_between_small_and_big_bet_leaves_the_choice() {
    // Open pair on 4th street (S = 10, G = 20): an all-in bet of 15 is a full bet (it adds
    // at least S, FULL_BET), but not a big bet: the next raise is to 25 or 35.
    let mut st = open_pair_fourth_street(&[100, 20, 100]);
    let la = st.legal_actions();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(10), Some(15)));
    st.apply(Action::BetRaiseTo(15)).unwrap();
    let la = st.legal_actions();
    assert_eq!(
        (la.call, la.min_raise_to, la.max_raise_to),
        (Some(15), Some(25), Some(35))
    );
}

#[test]
fn g_1_9_3_short_all_ins_past_the_small_bet_leave_only_the_big_bet() {
    // Open pair on 4th street (S = 10, G = 20), FULL_BET: seat 1 is all-in for 9, seat 2
    // all-in for 15; neither is a full bet, and C = 15 is past the small total 10. Seat
    // 3 may call 15 or raise to the big total 20 only (both engines used to offer a raise
    // below C or an inverted range here).
    let mut st = open_pair_fourth_street(&[100, 14, 20, 100]);
    st.apply(Action::BetRaiseTo(9)).unwrap();
    let la = st.legal_actions();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(10), Some(15)));
    st.apply(Action::BetRaiseTo(15)).unwrap();
    assert_eq!(st.actor(), Some(3));
    let la = st.legal_actions();
    assert_eq!(
        (la.call, la.min_raise_to, la.max_raise_to),
        (Some(15), Some(20), Some(20))
    );
    assert!(st.apply(Action::BetRaiseTo(25)).is_err());
    st.apply(Action::BetRaiseTo(20)).unwrap();
}
