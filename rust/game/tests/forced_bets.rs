//! Forced bets: the bring-in card (V-B), the bring-in player's options (G-1.4.2), blinds
//! and the short big blind (G-1.4.3), and who posts the small blind heads-up in 2-7 (C-26).

use super::*;

fn five_door_deck() -> String {
    // 5 players, door cards 3h 2d 2c As Ah (V-B1).
    stud_deck(&["9c 9d Tc Td Jc", "Jd Qc Qd Kc Kd"], "3h 2d 2c As Ah")
}

#[test]
fn v_b1_lowest_door_card_brings_in() {
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    let st = start(&cfg, &[100; 5], &five_door_deck());
    assert_eq!(st.actor(), Some(2));
    assert_eq!(st.legal_actions().bring_in, Some(2));
}

#[test]
fn v_b2_highest_door_card_brings_in_suit_breaks_tie() {
    let cfg = fixed_limit(GameKind::Stud, |o| {
        o.bring_in_card = BringInCard::Highest;
    });
    let st = start(&cfg, &[100; 5], &five_door_deck());
    assert_eq!(st.actor(), Some(3)); // As beats Ah on suit
                                     // AUTO in pot limit = highest too (E-2.6).
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::PotLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    assert_eq!(start(&cfg, &[100; 5], &five_door_deck()).actor(), Some(3));
}

#[test]
fn v_b3_stud8_ace_counts_high_for_bring_in() {
    let cfg = fixed_limit(GameKind::Stud8, |_| {});
    let d = stud_deck(&["9c 9d", "Jd Qc"], "Ac 2d");
    let st = start(&cfg, &[100; 2], &d);
    assert_eq!(st.actor(), Some(1));
}

#[test]
fn razz_highest_door_brings_in_aces_low() {
    let cfg = fixed_limit(GameKind::Razz, |_| {});
    // Ac is low in razz; Ks brings in before Kc.
    let d = stud_deck(&["9c 9d 2c", "Jd Qc 3c"], "Kc Ac Ks");
    assert_eq!(start(&cfg, &[100; 3], &d).actor(), Some(2));
}

#[test]
fn g_1_4_2_bring_in_passes_when_selected_player_is_all_in_for_the_ante() {
    let cfg = fixed_limit_at(GameKind::Stud, stud_stakes(5, 2, 10), |_| {});
    let d = stud_deck(&["9c 9d 8s", "Jd Qc 8h"], "2c Kd 3c");
    let st = start(&cfg, &[5, 100, 100], &d);
    assert_eq!(st.actor(), Some(1));
    assert_eq!(st.seats()[0].stack, 0);
}

#[test]
fn bring_in_cannot_fold_or_check_and_rejection_leaves_state_unchanged() {
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    let mut st = GameState::new(&cfg, &[100; 3], &Start::default()).unwrap();
    let before = st.clone();
    for a in [
        Action::Fold,
        Action::Check,
        Action::Call,
        Action::BetRaiseTo(7),
        Action::StandPat,
    ] {
        assert!(st.apply(a).is_err(), "{a:?}");
        assert_eq!(st, before);
    }
    // Completing is fine; bring-in player never gets an option after calls (G-1.4.2).
    st.apply(Action::PostBringIn).unwrap();
    st.apply(Action::Call).unwrap();
    st.apply(Action::Call).unwrap();
    assert_eq!(st.street_index(), 1);
}

#[test]
fn deuce_seven_big_blind_option_and_heads_up_order() {
    let cfg = fixed_limit(GameKind::DeuceSeven, |_| {});
    let mut st = GameState::new(&cfg, &[100; 3], &Start::default()).unwrap();
    // Button = seat 2; SB 0, BB 1; first to act = seat 2.
    assert_eq!(st.actor(), Some(2));
    st.apply(Action::Call).unwrap();
    st.apply(Action::Call).unwrap();
    assert_eq!(st.actor(), Some(1));
    assert!(st.legal_actions().check && st.legal_actions().min_raise_to == Some(4));
    // Heads-up: the button posts the SB and acts first pre-draw, last after the draw.
    let mut st = GameState::new(&cfg, &[100; 2], &Start::default()).unwrap();
    assert_eq!(st.seats()[1].bet, 1);
    assert_eq!(st.actor(), Some(1));
    st.apply(Action::Call).unwrap();
    st.apply(Action::Check).unwrap();
    assert_eq!(st.phase(), Phase::Drawing);
    assert_eq!(st.actor(), Some(0));
    st.apply(Action::StandPat).unwrap();
    st.apply(Action::StandPat).unwrap();
    assert_eq!(st.actor(), Some(0));
}

#[test]
fn g_1_4_3_short_big_blind_is_called_in_full() {
    let cfg = fixed_limit_at(GameKind::DeuceSeven, blind_stakes(5, 10), |_| {});
    // Seat 1 (big blind) has 6 chips only.
    let st = GameState::new(&cfg, &[100, 6, 100], &Start::default()).unwrap();
    assert_eq!(st.seats()[1].bet, 6);
    let la = st.legal_actions();
    assert_eq!((la.call, la.min_raise_to), (Some(10), Some(20)));
}

/// What [`heads_up_blinds`] saw: the blinds as `(seat, amount)`, the first card's seat,
/// and the first actor before the first draw, in the first draw and after it.
type HeadsUp = (Vec<(u8, u64)>, Option<u8>, [Option<u8>; 3]);

/// A heads-up 2-7 hand (button seat 1) under `heads_up_small_blind`.
fn heads_up_blinds(option: HeadsUpSmallBlind) -> HeadsUp {
    let cfg = fixed_limit(GameKind::DeuceSeven, |o| o.heads_up_small_blind = option);
    let mut st = start(&cfg, &[100, 100], "");
    let blinds = st
        .history()
        .iter()
        .filter_map(|e| match e {
            Event::Blind { seat, amount, .. } => Some((*seat, *amount)),
            _ => None,
        })
        .collect();
    let first_card = st.history().iter().find_map(|e| match e {
        Event::Deal { seat, .. } => Some(*seat),
        _ => None,
    });
    let predraw = st.actor();
    play_until(&mut st, passive, betting_over);
    let draw = st.actor();
    play_until(&mut st, passive, on_street(1));
    (blinds, first_card, [predraw, draw, st.actor()])
}

#[test]
fn c_26_heads_up_button_posts_the_small_blind() {
    // The button acts first before the draw, last after it; draws start left of him.
    assert_eq!(
        heads_up_blinds(HeadsUpSmallBlind::Button),
        (vec![(1, 1), (0, 2)], Some(1), [Some(1), Some(0), Some(0)])
    );
}

#[test]
fn c_26_heads_up_left_of_button_posts_the_small_blind() {
    // The small blind, left of the button, is dealt first and acts first in every round.
    assert_eq!(
        heads_up_blinds(HeadsUpSmallBlind::LeftOfButton),
        (vec![(0, 1), (1, 2)], Some(0), [Some(0), Some(0), Some(0)])
    );
}

#[test]
fn c_26_heads_up_small_blind_does_not_change_three_handed_play() {
    for n in 3..=6 {
        let play = |option| {
            let cfg = fixed_limit(GameKind::DeuceSeven, |o| o.heads_up_small_blind = option);
            let mut st = seeded(&cfg, &vec![100; n], 11);
            // Everybody checks or calls and draws two (his first two cards).
            let draw_two = |st: &GameState| match st.actor() {
                Some(p) if st.phase() == Phase::Drawing => {
                    Action::Draw(st.seats()[p as usize].cards().take(2).collect())
                }
                _ => passive(st),
            };
            play_until(&mut st, draw_two, the_end);
            st.history().to_vec()
        };
        assert_eq!(
            play(HeadsUpSmallBlind::Button),
            play(HeadsUpSmallBlind::LeftOfButton),
            "{n} players"
        );
    }
}
