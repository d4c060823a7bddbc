//! Showdown: who shows first (G-1.12.2) and who wins in Soko and razz.

use super::*;

#[test]
fn g_1_12_2_show_order_without_a_bet() {
    // Seat 2 has the best showing hand (a pair of aces up); nobody bets on 7th street.
    let d = "2c 3c As 2d 3d Kc 4h 5h Ac 9s 6s 7s Ad 9d Jd Qh 8c 9h Td Th 8h 9c Js Qs Ts";
    let best = fixed_limit_at(GameKind::Stud, stud_stakes(1, 1, 2), |_| {});
    let mut st = start(&best, &[100; 3], d);
    play_until(&mut st, passive, the_end);
    assert_eq!(first_show(&st), Some(2));
    let left = fixed_limit_at(GameKind::Stud, stud_stakes(1, 1, 2), |o| {
        o.showdown_first_if_no_bet = ShowdownFirst::LeftOfDealer;
    });
    let mut st = start(&left, &[100; 3], d);
    play_until(&mut st, passive, the_end);
    assert_eq!(first_show(&st), Some(0));
}

#[test]
fn soko_showdown_four_flush_beats_pair_and_razz_low_wins() {
    let payoffs = |game, d| {
        let cfg = fixed_limit_at(game, stud_stakes(1, 1, 2), |_| {});
        let mut st = start(&cfg, &[100; 2], d);
        play_until(&mut st, passive, the_end);
        st.payoffs()
    };
    // Soko: seat 0 makes a four-flush, seat 1 a pair of aces.
    let d = "2h Ac 5h Ad 9s 6h Kd 9d 7h Qc 9c Js 8c";
    assert_eq!(payoffs(GameKind::Soko, d), vec![2, -2]);
    // Razz: seat 0 has 5-4-3-2-A, seat 1 has a pair.
    let d = "Ac Kc 2d Kd 3h Qh Js 4s 9c Jc 5d 8c Tc Qs 8d 7c 9d 7h";
    assert_eq!(payoffs(GameKind::Razz, d), vec![2, -2]);
}
