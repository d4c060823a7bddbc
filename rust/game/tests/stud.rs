//! Stud specifics: who acts first from the cards showing (V-W), Soko's four-flush showing,
//! and the ranks of showing hands.

use super::*;

#[test]
fn v_w1_pair_acts_before_ace_king() {
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    // seat 0 door Ah, 4th Kd; seat 1 door 5c, 4th 5d.
    let d = stud_deck(&["2c 2d", "3c 3d"], "Ah 5c") + " 9s Kd 5d";
    let mut st = start(&cfg, &[100; 2], &d);
    play_until(&mut st, passive, on_street(1));
    assert_eq!(st.actor(), Some(1));
}

#[test]
fn v_w2_w3_trips_kickers_and_position_or_suit_ties() {
    // V-W2: 8s 8h Ad before 8d 8c Kc.
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    let d = stud_deck(&["2c 2d", "3c 3d"], "8d 8s") + " 9s 8c 8h 9d Kc Ad";
    let mut st = start(&cfg, &[1000; 2], &d);
    play_until(&mut st, passive, on_street(2));
    assert_eq!(st.actor(), Some(1));
    // V-W3: seat 0 8d 8c Ac vs seat 2 8s 8h Ad: POSITION → seat 0, SUIT → seat 2.
    let d3 = stud_deck(&["2c 2d 2h", "3c 3d 3h"], "8d Kh 8s") + " 9s 8c 8h 9d Ac Ad";
    for (tb, want) in [(ShowingTieBreak::Position, 0), (ShowingTieBreak::Suit, 2)] {
        let cfg = fixed_limit(GameKind::Stud, |o| {
            o.showing_tie_break = tb;
        });
        let mut st = start(&cfg, &[1000; 3], &d3);
        st.apply(Action::PostBringIn).unwrap(); // seat 0 (8d) brings in
        st.apply(Action::Fold).unwrap(); // seat 1
        st.apply(Action::Call).unwrap(); // seat 2
        assert_eq!(st.actor(), Some(want), "4th street {tb:?}");
        st.apply(Action::Check).unwrap();
        st.apply(Action::Check).unwrap();
        assert_eq!(st.actor(), Some(want), "{tb:?}");
    }
}

fn soko_four_up(game: GameKind) -> GameState {
    // Seat 0 up 5h 6h 7h Kh; seat 1 up Ac Ad 9s 2h.
    let cfg = fixed_limit(game, |_| {});
    let downs: &[&str] = if game == GameKind::Soko {
        &["3c 3d"]
    } else {
        &["3c 3d", "4c 4d"]
    };
    let d = stud_deck(downs, "5h Ac") + " Js 6h Ad Jd 7h 9s Jc Kh 2h";
    let mut st = start(&cfg, &[1000; 2], &d);
    play_until(&mut st, passive, on_street(3));
    st
}

#[test]
fn v_w4_soko_four_flush_up_acts_before_a_pair() {
    assert_eq!(soko_four_up(GameKind::Soko).actor(), Some(0));
}

#[test]
fn v_w5_stud_ignores_four_flush_up() {
    assert_eq!(soko_four_up(GameKind::Stud).actor(), Some(1));
}

#[test]
fn v_w6_w7_w8_two_pair_showing() {
    use crate::eval::{evaluate_showing, ShowingGame};
    let s = |t: &str| evaluate_showing(&parse_cards(t).unwrap(), ShowingGame::Stud).unwrap();
    assert!(s("2c 2d 3h 3s") > s("Ah Ad Kc Qd"));
    assert!(s("Kc Kd 2h 2s") > s("Qh Qd Jc Jd"));
    assert!(s("9c 9d 2h 2s") > s("Ah Ad Kc Qd"));
}
