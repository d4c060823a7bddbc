//! Pots: side pots (V-M11, V-M12, G-1.10), uncalled bets, hi/lo splits (V-M4 … V-M10, H-5,
//! H-6), odd chips (G-1.11.4) and the chip unit.

use super::*;

#[test]
fn v_m11_side_pots() {
    use super::pot::build_pots;
    let pots = build_pots(&[10, 30, 30], 0b111, 0b001);
    assert_eq!(
        pots,
        vec![
            Pot {
                amount: 30,
                eligible: 0b111
            },
            Pot {
                amount: 40,
                eligible: 0b110
            }
        ]
    );
}

#[test]
fn v_m12_ante_level_main_pot() {
    use super::pot::build_pots;
    // A all-in for the ante (1), B and C in for 21, D folded after 6.
    let pots = build_pots(&[1, 21, 21, 6], 0b0111, 0b0001);
    assert_eq!(
        pots,
        vec![
            Pot {
                amount: 4,
                eligible: 0b0111
            },
            Pot {
                amount: 45,
                eligible: 0b0110
            }
        ]
    );
}

#[test]
fn g_1_10_1_uncalled_bet_is_returned() {
    let cfg = fixed_limit(GameKind::Stud, |_| {});
    let mut st = seeded(&cfg, &[100; 3], 4);
    st.apply(Action::PostBringIn).unwrap();
    st.apply(Action::Complete).unwrap();
    let bettor = (st.actor().unwrap() + 2) % 3;
    st.apply(Action::Fold).unwrap();
    st.apply(Action::Fold).unwrap();
    assert!(st.is_over());
    assert!(st.history().contains(&Event::Uncalled {
        seat: bettor,
        amount: 8
    }));
    // He wins the two other antes and the bring-in: +4.
    assert_eq!(st.payoffs()[bettor as usize], 4);
}

#[test]
fn g_1_10_2_pots_after_the_award_are_the_pots_awarded() {
    // Seat 1 is all-in for 1 chip, seats 2 and 3 for 2: a main pot of 3 for all three and
    // a side pot of 2. After the award the all-in players hold their winnings again; the
    // pots must still be the ones that were awarded (it used to show one merged pot).
    let cfg = fixed_limit_at(GameKind::Soko, stud_stakes(0, 1, 2), |o| {
        o.stud_dealer_position = StudDealerPosition::Rotating;
    });
    let st = play_from(
        &cfg,
        &[1, 1, 2, 2],
        Some(0),
        &[
            Action::PostBringIn,
            Action::Call,
            Action::Complete,
            Action::Fold,
            Action::Call,
        ],
    );
    assert!(st.is_over());
    let pots: Vec<(u64, Vec<u8>)> = st
        .pots()
        .iter()
        .map(|p| (p.amount, p.seats().collect()))
        .collect();
    assert_eq!(pots, vec![(3, vec![1, 2, 3]), (2, vec![2, 3])]);
}

/// A stud/8 showdown with fixed cards: 3 players, everybody checks down.
fn hilo_showdown(downs: &[&str], doors: &str, rest: &str, stacks: &[u64], ante: u64) -> GameState {
    let cfg = fixed_limit_at(GameKind::Stud8, stud_stakes(ante, 1, 2), |_| {});
    let d = stud_deck(downs, doors) + " " + rest;
    let mut st = start(&cfg, stacks, &d);
    play_until(&mut st, passive, the_end);
    st
}

#[test]
fn v_m4_quartered_low() {
    // Pot 120 = 3 antes of 39 + 3 bring-ins of 1. X (seat 0): A-2-3-4-5 of clubs = best
    // high and the wheel; Y (seat 1): a 5-high straight and the wheel; Z: two pair, no low.
    // X: 60 + 30 = 90, Y: 30 (H-5.3).
    let st = hilo_showdown(
        &["Th Kd 9c", "9h Qd 9d"],
        "5c 5s Qc",
        "8s Ac Ad Jc 8d 2c 2d Jd 8h 3c 3d Ks 8c 4c 4h 7s",
        &[100; 3],
        39,
    );
    let won: Vec<u64> = st.seats().iter().map(|s| s.won).collect();
    assert_eq!(won, vec![90, 30, 0]);
    assert_eq!(st.payoffs(), vec![50, -10, -40]);
}

#[test]
fn v_m10_no_qualifying_low_high_scoops() {
    // Nobody has five different ranks of 8 or lower: the best high takes everything.
    let st = hilo_showdown(
        &["Th Kd 9c", "9h Qd 9d"],
        "Kc Ks Qc",
        "8s Ac Ad Jc 8d Tc Td Jd 7h Js 3d Qs 8c 4c 4h 7s",
        &[100; 3],
        39,
    );
    let won: Vec<u64> = st.seats().iter().map(|s| s.won).collect();
    assert_eq!(won.iter().filter(|&&w| w > 0).count(), 1);
    assert!(st.history().iter().all(|e| !matches!(
        e,
        Event::Award {
            share: Share::Low,
            ..
        }
    )));
}

#[test]
fn v_m4_to_m10_hi_lo_splits() {
    use super::pot::split;
    // The arithmetic of H-5 / G-1.11 (pot 120: X 60 + 30, Y 30).
    let low_half = |x: u64| x / 2;
    assert_eq!((120 - low_half(120), low_half(120)), (60, 60));
    assert_eq!(split(60, &[0, 1], 1), vec![(0, 30), (1, 30)]);
    // V-M5 pot 125: high 63, low 31 / 31.
    assert_eq!(125 - low_half(125), 63);
    assert_eq!(split(low_half(125), &[1, 2], 1), vec![(1, 31), (2, 31)]);
    // V-M6 pot 127: 64 / 32 / 31 (odd low unit to the first in order).
    assert_eq!(127 - low_half(127), 64);
    assert_eq!(split(low_half(127), &[1, 2], 1), vec![(1, 32), (2, 31)]);
    // V-M7 pot 66 both ways → 33/33; V-M9 pot 67 → 34/33.
    assert_eq!(split(66, &[0, 1], 1), vec![(0, 33), (1, 33)]);
    assert_eq!(split(67, &[0, 1], 1), vec![(0, 34), (1, 33)]);
}

#[test]
fn v_m7_identical_hands_both_ways_split_once_in_the_engine() {
    // Seats 0 and 1 both make 6-5-4-3-2 (a straight and the same low); seat 2 nothing.
    // ante 21 x 3 + bring-in 1 x 3 = 66.
    let d = stud_deck(&["2c 2d Kc", "3c 3d Kd"], "4c 4d Qc")
        + " 9s 5c 5d Qd 9h 6h 6s Jc Ts Kh Ks Jd Th Qh Qs 7c";
    let won = |f: fn(&mut Options)| -> Vec<u64> {
        let cfg = fixed_limit_at(GameKind::Stud8, stud_stakes(21, 1, 2), f);
        let mut st = start(&cfg, &[100; 3], &d);
        play_until(&mut st, passive, the_end);
        st.seats().iter().map(|s| s.won).collect()
    };
    assert_eq!(won(|_| {}), vec![33, 33, 0]);
    // V-M8: half by half (scoop_identical_split = false) gives 34/32.
    assert_eq!(won(|o| o.scoop_identical_split = false), vec![34, 32, 0]);
}

#[test]
fn h_5_5_odd_unit_of_a_shared_low_half_by_split_half_odd_chip() {
    // Seat 0: kings full, no low; seats 1 and 2 tie for the low with 7-5-4-3-2 and lose the
    // high. Pot 15 = 3 antes of 4 + 3 bring-ins of 1: high half 8, low half 7 shared.
    let d = stud_deck(&["Kh 2c 2d", "Kd 3c 3d"], "Kc 4d 4h")
        + " 8s Qs 5h 5c 8d Qh 7s 7c 8h Js Jh Th 8c 9d Td 9h";
    let won = |split: SplitHalfOddChip| -> Vec<u64> {
        let cfg = fixed_limit_at(GameKind::Stud8, stud_stakes(4, 1, 2), |o| {
            o.split_half_odd_chip = split;
        });
        let mut st = start(&cfg, &[100; 3], &d);
        play_until(&mut st, passive, the_end);
        st.seats().iter().map(|s| s.won).collect()
    };
    // HIGH_WINNER (default): the low half's odd unit goes to the high winner, 9/3/3.
    assert_eq!(
        Options::defaults(GameKind::Stud8).split_half_odd_chip,
        SplitHalfOddChip::HighWinner
    );
    assert_eq!(won(SplitHalfOddChip::HighWinner), vec![9, 3, 3]);
    // WITHIN_HALF: it stays in the low half, with seat 1, nearer the dealer box: 8/4/3.
    assert_eq!(won(SplitHalfOddChip::WithinHalf), vec![8, 4, 3]);
}

#[test]
fn h_5_5_profiles_keep_the_odd_unit_within_the_half() {
    for profile in ["wsop", "pokerkit", "pokerstars", "fulltilt"] {
        let o = Options::profile(profile, GameKind::Stud8).unwrap();
        assert_eq!(
            o.split_half_odd_chip,
            SplitHalfOddChip::WithinHalf,
            "{profile}"
        );
    }
}

#[test]
fn h_6_side_pots_split_hi_lo_separately() {
    // Seat 0 is all-in for the ante and the bring-in; the side pot is contested by the
    // other two only, and every pot is awarded in full.
    let cfg = fixed_limit(GameKind::Stud8, |_| {});
    for seed in 0..200 {
        let mut st = seeded(&cfg, &[3, 200, 200], seed);
        play_until(&mut st, passive, the_end);
        let pots = st.pots();
        let paid: u64 = st.seats().iter().map(|s| s.won).sum();
        assert_eq!(paid, pots.iter().map(|p| p.amount).sum::<u64>());
        for (k, pot) in pots.iter().enumerate() {
            let got: u64 = st
                .history()
                .iter()
                .filter_map(|e| match *e {
                    Event::Award {
                        pot, amount, seat, ..
                    } if pot as usize == k => {
                        assert!(pots[k].eligible >> seat & 1 == 1);
                        Some(amount)
                    }
                    _ => None,
                })
                .sum();
            assert_eq!(got, pot.amount);
        }
    }
}

fn odd_chip_deck() -> String {
    // Seat 0 (Y) and seat 1 (X) both play A-K-Q-J-9; seat 2 folds. Pot 5 = 3 + 1 + 1.
    "Ah As 4c Kh Ks 4d 2h 3d 7s 5c Qh Qs 5d Jc Jd 5h 9d 9h 5s 3c 2c".to_string()
}

#[test]
fn g_1_11_4_odd_chip_orders() {
    for (order, want) in [
        (OddChipOrder::Position, vec![3, 2, 0]),
        (OddChipOrder::HighCardBySuitBest5, vec![2, 3, 0]),
        (OddChipOrder::HighCardBySuitAll, vec![2, 3, 0]),
        (OddChipOrder::LowCardBySuitAll, vec![2, 3, 0]),
    ] {
        let cfg = fixed_limit_at(GameKind::Stud, stud_stakes(1, 1, 2), |o| {
            o.odd_chip_order = order;
        });
        let mut st = start(&cfg, &[100; 3], &odd_chip_deck());
        assert_eq!(st.actor(), Some(0));
        st.apply(Action::PostBringIn).unwrap();
        st.apply(Action::Call).unwrap();
        st.apply(Action::Fold).unwrap();
        play_until(&mut st, passive, the_end);
        let won: Vec<u64> = st.seats().iter().map(|s| s.won).collect();
        assert_eq!(won, want, "{order:?}");
    }
}

#[test]
fn chip_unit_splits_in_units() {
    use super::pot::split;
    assert_eq!(split(50, &[0, 1], 5), vec![(0, 25), (1, 25)]);
    assert_eq!(split(55, &[0, 1], 5), vec![(0, 30), (1, 25)]);
    let mut o = Options::defaults(GameKind::Stud);
    o.chip_unit = 5;
    assert!(GameConfig::new(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 5, 10),
        o
    )
    .is_err());
}
