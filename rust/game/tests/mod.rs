//! Engine tests: the docs/rules.md §5.3 vectors V-B, V-W, V-M, V-R, V-K as named tests, option
//! behaviour, and random legal play of thousands of hands per game and structure.

use super::options::*;
use super::*;
use crate::card::{parse_cards, Card};
use crate::cardset::CardSet;
use crate::deck::{rng_for_seed, uniform_below};

fn cfg_with(
    game: GameKind,
    structure: BettingStructure,
    stakes: StakesInput,
    f: impl FnOnce(&mut Options),
) -> GameConfig {
    let mut o = Options::defaults(game);
    f(&mut o);
    GameConfig::new(game, structure, stakes, o).unwrap()
}

fn stud_stakes(ante: u64, bring_in: u64, small: u64) -> StakesInput {
    StakesInput {
        ante: Some(ante),
        bring_in: Some(bring_in),
        small_bet: Some(small),
        ..StakesInput::default()
    }
}

fn blind_stakes(sb: u64, bb: u64) -> StakesInput {
    StakesInput {
        small_blind: Some(sb),
        big_blind: Some(bb),
        small_bet: Some(bb),
        ..StakesInput::default()
    }
}

/// The listed cards first, then every other card in index order.
fn deck(prefix: &str) -> Vec<Card> {
    let mut d = parse_cards(prefix).unwrap();
    let used: CardSet = d.iter().copied().collect();
    assert_eq!(used.len(), d.len(), "duplicate in test deck");
    d.extend(Card::all().filter(|c| !used.contains(*c)));
    d
}

fn start(cfg: &GameConfig, stacks: &[u64], deck_text: &str) -> GameState {
    GameState::new(
        cfg,
        stacks,
        &Start {
            deck: Some(deck(deck_text)),
            ..Start::default()
        },
    )
    .unwrap()
}

/// A hand dealt from the deck that `seed` shuffles.
fn seeded(cfg: &GameConfig, stacks: &[u64], seed: u64) -> GameState {
    let start = Start {
        seed: Some(seed),
        ..Start::default()
    };
    GameState::new(cfg, stacks, &start).unwrap()
}

/// Checks or calls until the betting round ends.
fn check_or_call_while_betting(st: &mut GameState) {
    while st.phase() == Phase::Betting {
        let la = st.legal_actions();
        st.apply(if la.check {
            Action::Check
        } else {
            Action::Call
        })
        .unwrap();
    }
}

/// A stud deck: hole cards `downs` (per round, seat order), door cards, then the rest.
fn stud_deck(downs: &[&str], doors: &str) -> String {
    let mut s = String::new();
    for d in downs {
        s.push_str(d);
        s.push(' ');
    }
    s.push_str(doors);
    s
}

// ----- V-B: bring-in ------------------------------------------------------------------

fn five_door_deck() -> String {
    // 5 players, door cards 3h 2d 2c As Ah (V-B1).
    stud_deck(&["9c 9d Tc Td Jc", "Jd Qc Qd Kc Kd"], "3h 2d 2c As Ah")
}

#[test]
fn v_b1_lowest_door_card_brings_in() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    let st = start(&cfg, &[100; 5], &five_door_deck());
    assert_eq!(st.actor(), Some(2));
    assert_eq!(st.legal_actions().bring_in, Some(2));
}

#[test]
fn v_b2_highest_door_card_brings_in_suit_breaks_tie() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |o| {
            o.bring_in_card = BringInCard::Highest;
        },
    );
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
    let cfg = cfg_with(
        GameKind::Stud8,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    let d = stud_deck(&["9c 9d", "Jd Qc"], "Ac 2d");
    let st = start(&cfg, &[100; 2], &d);
    assert_eq!(st.actor(), Some(1));
}

#[test]
fn razz_highest_door_brings_in_aces_low() {
    let cfg = cfg_with(
        GameKind::Razz,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    // Ac is low in razz; Ks brings in before Kc.
    let d = stud_deck(&["9c 9d 2c", "Jd Qc 3c"], "Kc Ac Ks");
    assert_eq!(start(&cfg, &[100; 3], &d).actor(), Some(2));
}

#[test]
fn g_1_4_2_bring_in_passes_when_selected_player_is_all_in_for_the_ante() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(5, 2, 10),
        |_| {},
    );
    let d = stud_deck(&["9c 9d 8s", "Jd Qc 8h"], "2c Kd 3c");
    let st = start(&cfg, &[5, 100, 100], &d);
    assert_eq!(st.actor(), Some(1));
    assert_eq!(st.seats()[0].stack, 0);
}

// ----- V-W: first to act --------------------------------------------------------------

/// Plays the bring-in round as bring-in + calls and returns the state at the next street.
fn to_fourth(cfg: &GameConfig, stacks: &[u64], d: &str) -> GameState {
    let mut st = start(cfg, stacks, d);
    st.apply(Action::PostBringIn).unwrap();
    while st.street_index() == 0 {
        st.apply(Action::Call).unwrap();
    }
    st
}

#[test]
fn v_w1_pair_acts_before_ace_king() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    // seat 0 door Ah, 4th Kd; seat 1 door 5c, 4th 5d.
    let d = stud_deck(&["2c 2d", "3c 3d"], "Ah 5c") + " 9s Kd 5d";
    let st = to_fourth(&cfg, &[100; 2], &d);
    assert_eq!(st.actor(), Some(1));
}

#[test]
fn v_w2_w3_trips_kickers_and_position_or_suit_ties() {
    // V-W2: 8s 8h Ad before 8d 8c Kc.
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    let d = stud_deck(&["2c 2d", "3c 3d"], "8d 8s") + " 9s 8c 8h 9d Kc Ad";
    let mut st = to_fourth(&cfg, &[1000; 2], &d);
    while st.street_index() == 1 {
        st.apply(Action::Check).unwrap();
    }
    assert_eq!(st.actor(), Some(1));
    // V-W3: seat 0 8d 8c Ac vs seat 2 8s 8h Ad: POSITION → seat 0, SUIT → seat 2.
    let d3 = stud_deck(&["2c 2d 2h", "3c 3d 3h"], "8d Kh 8s") + " 9s 8c 8h 9d Ac Ad";
    for (tb, want) in [(ShowingTieBreak::Position, 0), (ShowingTieBreak::Suit, 2)] {
        let cfg = cfg_with(
            GameKind::Stud,
            BettingStructure::FixedLimit,
            stud_stakes(1, 2, 10),
            |o| {
                o.showing_tie_break = tb;
            },
        );
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
    let cfg = cfg_with(
        game,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    let downs: &[&str] = if game == GameKind::Soko {
        &["3c 3d"]
    } else {
        &["3c 3d", "4c 4d"]
    };
    let d = stud_deck(downs, "5h Ac") + " Js 6h Ad Jd 7h 9s Jc Kh 2h";
    let mut st = start(&cfg, &[1000; 2], &d);
    st.apply(Action::PostBringIn).unwrap();
    while st.street_index() < 3 {
        match st.legal_actions() {
            la if la.check => st.apply(Action::Check).unwrap(),
            _ => st.apply(Action::Call).unwrap(),
        };
    }
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

// ----- V-M: money ---------------------------------------------------------------------

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

/// A stud/8 showdown with fixed cards: 3 players, everybody checks down.
fn hilo_showdown(downs: &[&str], doors: &str, rest: &str, stacks: &[u64], ante: u64) -> GameState {
    let cfg = cfg_with(
        GameKind::Stud8,
        BettingStructure::FixedLimit,
        stud_stakes(ante, 1, 2),
        |_| {},
    );
    let d = stud_deck(downs, doors) + " " + rest;
    let mut st = start(&cfg, stacks, &d);
    while !st.is_over() {
        let la = st.legal_actions();
        if la.bring_in.is_some() {
            st.apply(Action::PostBringIn).unwrap();
        } else if la.check {
            st.apply(Action::Check).unwrap();
        } else {
            st.apply(Action::Call).unwrap();
        }
    }
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
    let cfg = cfg_with(
        GameKind::Stud8,
        BettingStructure::FixedLimit,
        stud_stakes(21, 1, 2),
        |_| {},
    );
    let d = stud_deck(&["2c 2d Kc", "3c 3d Kd"], "4c 4d Qc")
        + " 9s 5c 5d Qd 9h 6h 6s Jc Ts Kh Ks Jd Th Qh Qs 7c";
    let mut st = start(&cfg, &[100; 3], &d);
    while !st.is_over() {
        let la = st.legal_actions();
        let a = if la.bring_in.is_some() {
            Action::PostBringIn
        } else if la.check {
            Action::Check
        } else {
            Action::Call
        };
        st.apply(a).unwrap();
    }
    let won: Vec<u64> = st.seats().iter().map(|s| s.won).collect();
    assert_eq!(won, vec![33, 33, 0]);
    // V-M8: half by half (scoop_identical_split = false) gives 34/32.
    let cfg = cfg_with(
        GameKind::Stud8,
        BettingStructure::FixedLimit,
        stud_stakes(21, 1, 2),
        |o| {
            o.scoop_identical_split = false;
        },
    );
    let mut st = start(&cfg, &[100; 3], &d);
    while !st.is_over() {
        let la = st.legal_actions();
        let a = if la.bring_in.is_some() {
            Action::PostBringIn
        } else if la.check {
            Action::Check
        } else {
            Action::Call
        };
        st.apply(a).unwrap();
    }
    let won: Vec<u64> = st.seats().iter().map(|s| s.won).collect();
    assert_eq!(won, vec![34, 32, 0]);
}

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

// ----- V-R: raises and short all-ins --------------------------------------------------

/// A 2-7 FL table (S = 20) after the blinds where seat `first` acts first after the draw.
fn fl_round_after_draw(stacks: &[u64], rule: LimitShortAllInRule) -> GameState {
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(10, 20),
        |o| {
            o.limit_short_all_in_rule = rule;
            o.max_raises = None;
        },
    );
    let mut st = GameState::new(&cfg, stacks, &Start::default()).unwrap();
    // Everybody calls the big blind, the big blind checks.
    while st.street_index() == 0 && st.phase() == Phase::Betting {
        let la = st.legal_actions();
        st.apply(if la.check {
            Action::Check
        } else {
            Action::Call
        })
        .unwrap();
    }
    while st.phase() == Phase::Drawing {
        st.apply(Action::StandPat).unwrap();
    }
    st
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
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::NoLimit,
        blind_stakes(50, 100),
        |_| {},
    );
    // 6 seats: 0 SB, 1 BB, 2..5 = A B C D? Use post-draw round: everyone checks pre-draw.
    let mut st =
        GameState::new(&cfg, &[5000, 5000, 5000, 225, 5000, 300], &Start::default()).unwrap();
    check_or_call_while_betting(&mut st);
    while st.phase() == Phase::Drawing {
        st.apply(Action::StandPat).unwrap();
    }
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
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::NoLimit,
        blind_stakes(50, 100),
        |_| {},
    );
    let mut st = GameState::new(&cfg, &[5000, 5000, 350], &Start::default()).unwrap();
    check_or_call_while_betting(&mut st);
    while st.phase() == Phase::Drawing {
        st.apply(Action::StandPat).unwrap();
    }
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
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(0, 5, 15),
        |_| {},
    );
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
    let cfg = cfg_with(
        GameKind::Razz,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
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
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(0, 5, 10),
        |o| {
            o.limit_short_all_in_rule = LimitShortAllInRule::FullBet;
        },
    );
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

#[test]
fn v_r6_cap_after_completion() {
    for (max, raises_ok) in [(Some(3), 3), (Some(4), 4)] {
        let cfg = cfg_with(
            GameKind::Stud,
            BettingStructure::FixedLimit,
            stud_stakes(1, 2, 10),
            |o| {
                o.max_raises = max;
            },
        );
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
        cfg_with(
            GameKind::Stud,
            BettingStructure::FixedLimit,
            stud_stakes(1, 2, 10),
            |o| {
                o.uncapped_heads_up = mode;
            },
        )
    };
    // Round begins heads-up → no cap.
    let mut st = GameState::new(
        &mk(UncappedHeadsUp::RoundBeginsHeadsUp),
        &[1000; 2],
        &Start::default(),
    )
    .unwrap();
    st.apply(Action::PostBringIn).unwrap();
    st.apply(Action::Complete).unwrap();
    for _ in 0..6 {
        let to = st.legal_actions().min_raise_to.unwrap();
        st.apply(Action::BetRaiseTo(to)).unwrap();
    }
    assert!(st.legal_actions().min_raise_to.is_some());
    // NEVER: capped.
    let mut st =
        GameState::new(&mk(UncappedHeadsUp::Never), &[1000; 2], &Start::default()).unwrap();
    st.apply(Action::PostBringIn).unwrap();
    st.apply(Action::Complete).unwrap();
    for _ in 0..3 {
        let to = st.legal_actions().min_raise_to.unwrap();
        st.apply(Action::BetRaiseTo(to)).unwrap();
    }
    assert!(st.legal_actions().min_raise_to.is_none());
    // Becomes heads-up before the cap: 3 players, one folds, then uncapped.
    let mut st = GameState::new(
        &mk(UncappedHeadsUp::BecomesHeadsUpBeforeCap),
        &[1000; 3],
        &Start::default(),
    )
    .unwrap();
    st.apply(Action::PostBringIn).unwrap();
    st.apply(Action::Complete).unwrap();
    st.apply(Action::Fold).unwrap();
    for _ in 0..5 {
        let to = st.legal_actions().min_raise_to.unwrap();
        st.apply(Action::BetRaiseTo(to)).unwrap();
    }
    assert!(st.legal_actions().min_raise_to.is_some());
}

// ----- V-K: deck exhaustion -----------------------------------------------------------

fn check_down(st: &mut GameState) {
    while !st.is_over() {
        let la = st.legal_actions();
        let a = if la.bring_in.is_some() {
            Action::PostBringIn
        } else if la.check {
            Action::Check
        } else if la.call.is_some() {
            Action::Call
        } else {
            Action::StandPat
        };
        st.apply(a).unwrap();
    }
}

#[test]
fn v_k1_eight_players_reach_seventh_community_card_no_betting() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    let mut st = seeded(&cfg, &[1000; 8], 5);
    // Play to 7th street: the last bet on 6th street by seat x makes it first to show.
    while st.street_index() < 3 {
        let la = st.legal_actions();
        let a = if la.bring_in.is_some() {
            Action::PostBringIn
        } else if la.check {
            Action::Check
        } else {
            Action::Call
        };
        st.apply(a).unwrap();
    }
    let bettor = st.actor().unwrap();
    st.apply(Action::BetRaiseTo(20)).unwrap();
    while !st.is_over() {
        st.apply(Action::Call).unwrap();
    }
    assert!(st.board().is_some());
    assert!(st
        .history()
        .iter()
        .any(|e| matches!(e, Event::Recycle { .. })));
    let first_show = st.history().iter().find_map(|e| match e {
        Event::Show { seat } => Some(*seat),
        _ => None,
    });
    assert_eq!(first_show, Some(bettor));
    assert_eq!(st.card_conflicts(), 0);
    // No betting on the community card round.
    assert!(st
        .history()
        .iter()
        .all(|e| !matches!(e, Event::Street { street: 4, .. })));
}

#[test]
fn v_k2_seven_players_recycle_burns() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    let mut st = seeded(&cfg, &[1000; 7], 9);
    check_down(&mut st);
    assert!(st.board().is_none());
    assert!(st
        .history()
        .iter()
        .any(|e| matches!(e, Event::Recycle { cards: 3 })));
    assert!(st.seats().iter().all(|s| s.cards().count() == 7));
    assert_eq!(st.card_conflicts(), 0);
}

#[test]
fn v_k1_community_card_betting_option() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |o| {
            o.community_card_betting = true;
        },
    );
    let mut st = seeded(&cfg, &[1000; 8], 5);
    check_down(&mut st);
    assert!(st.board().is_some());
    assert!(st.history().iter().any(|e| matches!(
        e,
        Event::Street {
            street: 4,
            draw: false
        }
    )));
}

#[test]
fn v_k3_deuce_seven_reshuffle() {
    // 6 players, first draw, all six draw five: players 1-4 get 20 cards, the 5th gets the
    // last stub card then 4 from the pool of 21 (burn + 20 discards), his own excluded.
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        |_| {},
    );
    let mut st = seeded(&cfg, &[100; 6], 3);
    check_or_call_while_betting(&mut st);
    for k in 0..6 {
        let p = st.actor().unwrap();
        let hand = st.seats()[p as usize].card_set();
        st.apply(Action::Draw(hand)).unwrap();
        if k == 4 {
            let e = st
                .history()
                .iter()
                .rev()
                .find(|e| matches!(e, Event::Reshuffle { .. }));
            assert_eq!(e, Some(&Event::Reshuffle { cards: 21 }));
            // He never gets his own discards back.
            let own = st.seats()[p as usize].discards;
            assert!(
                st.seats()[p as usize].card_set().difference(own)
                    == st.seats()[p as usize].card_set()
            );
        }
        assert_eq!(st.card_conflicts(), 0);
    }
    assert_eq!(st.stub().len(), 12);
}

// ----- other rules --------------------------------------------------------------------

#[test]
fn open_pair_allows_the_big_bet_on_fourth_street() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    let d = stud_deck(&["2c 2d", "3c 3d"], "Ah 5c") + " 9s Kd 5d";
    let mut st = to_fourth(&cfg, &[1000; 2], &d);
    let la = st.legal_actions();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(10), Some(20)));
    st.apply(Action::BetRaiseTo(20)).unwrap();
    let la = st.legal_actions();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(40), Some(40)));
    // stud/8 never (H-3).
    let cfg = cfg_with(
        GameKind::Stud8,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    let st = to_fourth(&cfg, &[1000; 2], &d);
    let la = st.legal_actions();
    assert_eq!((la.min_raise_to, la.max_raise_to), (Some(10), Some(10)));
}

#[test]
fn bring_in_cannot_fold_or_check_and_rejection_leaves_state_unchanged() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
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
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        |_| {},
    );
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
fn draw_timeout_forbids_raising_next_round_only() {
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        |_| {},
    );
    let mut st = GameState::new(&cfg, &[100; 2], &Start::default()).unwrap();
    st.apply(Action::Call).unwrap();
    st.apply(Action::Check).unwrap();
    st.apply(Action::Timeout).unwrap(); // seat 0 times out in the first draw
    st.apply(Action::StandPat).unwrap();
    assert_eq!(st.actor(), Some(0));
    let la = st.legal_actions();
    assert!(la.check && la.min_raise_to.is_none());
    st.apply(Action::Check).unwrap();
    st.apply(Action::BetRaiseTo(2)).unwrap(); // seat 1 may bet
    let la = st.legal_actions();
    assert!(la.call.is_some() && la.min_raise_to.is_none());
    st.apply(Action::Call).unwrap();
    st.apply(Action::StandPat).unwrap(); // timely draw clears it
    st.apply(Action::StandPat).unwrap();
    assert!(st.legal_actions().min_raise_to.is_some());
}

#[test]
fn config_errors_name_the_problem() {
    let bad = GameConfig::new(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 20, 10),
        Options::defaults(GameKind::Stud),
    );
    assert!(bad.unwrap_err().to_string().contains("bring_in"));
    let mut o = Options::defaults(GameKind::DeuceSeven);
    o.odd_chip_order = OddChipOrder::HighCardBySuitBest5;
    assert!(GameConfig::new(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        o
    )
    .is_err());
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        |_| {},
    );
    assert!(GameState::new(&cfg, &[100; 7], &Start::default()).is_err());
    assert!(GameState::new(&cfg, &[100, 0], &Start::default()).is_err());
    let mut o = Options::defaults(GameKind::Stud);
    assert!(o.set("max_raises", "x").is_err());
    assert!(o.set("nope", "1").is_err());
    o.set("max_raises", "none").unwrap();
    assert_eq!(o.max_raises, None);
}

#[test]
fn options_round_trip_by_name() {
    for game in GameKind::ALL {
        let o = Options::wsop(*game);
        let mut p = Options::defaults(*game);
        for (name, value) in o.items() {
            p.set(name, &value).unwrap();
        }
        assert_eq!(o, p);
    }
}

// ----- random legal play --------------------------------------------------------------

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
        while !st.is_over() {
            assert_eq!(chips_in_play(&st), start_total);
            assert_eq!(
                st.card_conflicts(),
                0,
                "{game:?} hand {h}: {:?}",
                st.history()
            );
            // An arbitrary action first: `check` agrees with `apply`, and a rejected action
            // leaves the state untouched.
            if h % 3 == 0 {
                let x = arbitrary_action(&st, &mut rng);
                let before = st.clone();
                let ok = st.check(&x).is_ok();
                let r = st.apply(x);
                assert_eq!(ok, r.is_ok(), "{x:?}");
                if r.is_err() {
                    assert_eq!(st, before);
                }
                if st.is_over() {
                    break;
                }
            }
            let a = random_action(&st, &mut rng);
            st.apply(a).unwrap_or_else(|e| {
                panic!(
                    "{game:?} {structure:?} hand {h}: {a:?} rejected: {e}; {:?}",
                    st.legal_actions()
                )
            });
            steps += 1;
            assert!(steps < 500, "hand does not end");
        }
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
                while !st.is_over() {
                    let a = random_action(&st, &mut rng);
                    st.apply(a).unwrap();
                }
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

// ----- options ------------------------------------------------------------------------

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
        let cfg = cfg_with(
            GameKind::Stud,
            BettingStructure::FixedLimit,
            stud_stakes(1, 1, 2),
            |o| {
                o.odd_chip_order = order;
            },
        );
        let mut st = start(&cfg, &[100; 3], &odd_chip_deck());
        assert_eq!(st.actor(), Some(0));
        st.apply(Action::PostBringIn).unwrap();
        st.apply(Action::Call).unwrap();
        st.apply(Action::Fold).unwrap();
        check_down(&mut st);
        let won: Vec<u64> = st.seats().iter().map(|s| s.won).collect();
        assert_eq!(won, want, "{order:?}");
    }
}

fn first_show(st: &GameState) -> Option<u8> {
    st.history().iter().find_map(|e| match e {
        Event::Show { seat } => Some(*seat),
        _ => None,
    })
}

#[test]
fn g_1_12_2_show_order_without_a_bet() {
    // Seat 2 has the best showing hand (a pair of aces up); nobody bets on 7th street.
    let d = "2c 3c As 2d 3d Kc 4h 5h Ac 9s 6s 7s Ad 9d Jd Qh 8c 9h Td Th 8h 9c Js Qs Ts";
    let best = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 1, 2),
        |_| {},
    );
    let mut st = start(&best, &[100; 3], d);
    check_down(&mut st);
    assert_eq!(first_show(&st), Some(2));
    let left = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 1, 2),
        |o| {
            o.showdown_first_if_no_bet = ShowdownFirst::LeftOfDealer;
        },
    );
    let mut st = start(&left, &[100; 3], d);
    check_down(&mut st);
    assert_eq!(first_show(&st), Some(0));
}

#[test]
fn t_9_options_reserve_and_no_recycling() {
    let run = |n: usize, f: &dyn Fn(&mut Options)| {
        let cfg = cfg_with(
            GameKind::Stud,
            BettingStructure::FixedLimit,
            stud_stakes(1, 2, 10),
            f,
        );
        let mut st = seeded(&cfg, &vec![1000; n], 1);
        check_down(&mut st);
        assert_eq!(st.card_conflicts(), 0);
        st.board().is_some()
    };
    assert!(!run(7, &|_| {}));
    assert!(run(7, &|o| o.recycle_burns_before_community = false));
    assert!(!run(7, &|o| {
        o.recycle_burns_before_community = false;
        o.burn_cards = false;
    }));
    assert!(!run(7, &|o| o.reserve_bottom_card = true)); // 7 + 3 = 10 >= 7 + 1 + 1
    assert!(run(8, &|o| o.burn_cards = false)); // 56 > 52 cards
}

#[test]
fn d_10_exclude_current_round_falls_back() {
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        |o| {
            o.reshuffle_policy = ReshufflePolicy::ExcludeCurrentRound;
        },
    );
    let mut st = seeded(&cfg, &[100; 6], 3);
    check_or_call_while_betting(&mut st);
    for _ in 0..6 {
        let p = st.actor().unwrap();
        let hand = st.seats()[p as usize].card_set();
        st.apply(Action::Draw(hand)).unwrap();
        assert_eq!(st.card_conflicts(), 0);
        assert!(
            st.seats()[p as usize]
                .card_set()
                .difference(st.seats()[p as usize].discards)
                .len()
                == 5
        );
    }
    // The pool of burns and earlier discards is empty on the first draw: the fallback adds
    // the other players' current discards and the last stub card (1 + 20 + 1).
    assert!(st.history().contains(&Event::Reshuffle { cards: 22 }));
}

#[test]
fn fold_when_check_free_and_timeout_fold_options() {
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        |o| {
            o.allow_fold_when_check_free = true;
            o.betting_timeout_action = BettingTimeoutAction::Fold;
        },
    );
    let mut st = GameState::new(&cfg, &[100; 3], &Start::default()).unwrap();
    st.apply(Action::Call).unwrap();
    st.apply(Action::Call).unwrap();
    assert!(st.legal_actions().fold && st.legal_actions().check);
    st.apply(Action::Timeout).unwrap();
    assert!(st.seats()[1].folded);
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        |_| {},
    );
    let mut st = GameState::new(&cfg, &[100; 3], &Start::default()).unwrap();
    st.apply(Action::Call).unwrap();
    st.apply(Action::Call).unwrap();
    assert!(!st.legal_actions().fold);
    st.apply(Action::Timeout).unwrap();
    assert!(!st.seats()[1].folded);
    assert_eq!(st.phase(), Phase::Drawing);
}

#[test]
fn rotating_stud_dealer_moves_the_first_seat() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |o| {
            o.stud_dealer_position = StudDealerPosition::Rotating;
        },
    );
    let st = GameState::new(
        &cfg,
        &[100; 3],
        &Start {
            deck: Some(deck("")),
            dealer: Some(0),
            ..Start::default()
        },
    )
    .unwrap();
    // Seat 1 is first left of the dealer: it gets the first card (2c).
    assert_eq!(st.seats()[1].cards().next(), "2c".parse().ok());
    assert_eq!(st.ord(1), 0);
}

#[test]
fn soko_showdown_four_flush_beats_pair_and_razz_low_wins() {
    // Soko: seat 0 makes a four-flush, seat 1 a pair of aces.
    let cfg = cfg_with(
        GameKind::Soko,
        BettingStructure::FixedLimit,
        stud_stakes(1, 1, 2),
        |_| {},
    );
    let d = "2h Ac 5h Ad 9s 6h Kd 9d 7h Qc 9c Js 8c";
    let mut st = start(&cfg, &[100; 2], d);
    check_down(&mut st);
    assert_eq!(st.payoffs(), vec![2, -2]);
    // Razz: seat 0 has 5-4-3-2-A, seat 1 has a pair.
    let cfg = cfg_with(
        GameKind::Razz,
        BettingStructure::FixedLimit,
        stud_stakes(1, 1, 2),
        |_| {},
    );
    let d = "Ac Kc 2d Kd 3h Qh Js 4s 9c Jc 5d 8c Tc Qs 8d 7c 9d 7h";
    let mut st = start(&cfg, &[100; 2], d);
    check_down(&mut st);
    assert_eq!(st.payoffs(), vec![2, -2]);
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

#[test]
fn g_1_4_3_short_big_blind_is_called_in_full() {
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(5, 10),
        |_| {},
    );
    // Seat 1 (big blind) has 6 chips only.
    let st = GameState::new(&cfg, &[100, 6, 100], &Start::default()).unwrap();
    assert_eq!(st.seats()[1].bet, 6);
    let la = st.legal_actions();
    assert_eq!((la.call, la.min_raise_to), (Some(10), Some(20)));
}

#[test]
fn g_1_10_1_uncalled_bet_is_returned() {
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
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

#[test]
fn h_6_side_pots_split_hi_lo_separately() {
    // Seat 0 is all-in for the ante and the bring-in; the side pot is contested by the
    // other two only, and every pot is awarded in full.
    let cfg = cfg_with(
        GameKind::Stud8,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    for seed in 0..200 {
        let mut st = seeded(&cfg, &[3, 200, 200], seed);
        check_down(&mut st);
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

// ----- Regressions found by the differential test (tests/test_engine_differential.py) ---

/// Plays `actions` from a stud-family start with the deck in index order.
fn play_from(
    cfg: &GameConfig,
    stacks: &[u64],
    dealer: Option<u8>,
    actions: &[Action],
) -> GameState {
    let mut st = GameState::new(
        cfg,
        stacks,
        &Start {
            deck: Some(deck("")),
            dealer,
            ..Start::default()
        },
    )
    .unwrap();
    for &a in actions {
        st.apply(a).unwrap();
    }
    st
}

#[test]
fn g_1_10_2_pots_after_the_award_are_the_pots_awarded() {
    // Seat 1 is all-in for 1 chip, seats 2 and 3 for 2: a main pot of 3 for all three and
    // a side pot of 2. After the award the all-in players hold their winnings again; the
    // pots must still be the ones that were awarded (it used to show one merged pot).
    let cfg = cfg_with(
        GameKind::Soko,
        BettingStructure::FixedLimit,
        stud_stakes(0, 1, 2),
        |o| o.stud_dealer_position = StudDealerPosition::Rotating,
    );
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

#[test]
fn g_1_7_5_first_raise_after_a_short_all_in_over_the_bring_in_goes_to_m() {
    // PL Soko, B = 1, M = 4: seat 0 brings in all-in for 1, seat 1 is all-in to 2 (less
    // than M: not a raise). The first raise is still "to at least M" (4), not C + M (6).
    let cfg = cfg_with(
        GameKind::Soko,
        BettingStructure::PotLimit,
        StakesInput {
            min_bet: Some(4),
            ..stud_stakes(0, 1, 2)
        },
        |o| o.bring_in_card = BringInCard::Lowest,
    );
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
    let cfg = cfg_with(
        GameKind::Soko,
        BettingStructure::PotLimit,
        StakesInput {
            min_bet: Some(4),
            ..stud_stakes(0, 1, 2)
        },
        |o| o.bring_in_card = BringInCard::Lowest,
    );
    let mut st = GameState::new(
        &cfg,
        &[1, 2, 5, 1, 10],
        &Start {
            deck: Some(deck("2c 2d 2h 2s 3c 3h 3d 3s 4c 4d")),
            ..Start::default()
        },
    )
    .unwrap();
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

#[test]
fn t_9_2_no_burns_means_nothing_to_recycle() {
    // Razz, burn_cards off, 8 players all in for 1: 7th street finds 52 - 8 * 6 = 4 cards
    // for 8 players. There are no burns to recycle, so the stub must not be reshuffled:
    // the community card is the stub's top card.
    let cfg = cfg_with(
        GameKind::Razz,
        BettingStructure::FixedLimit,
        stud_stakes(1, 1, 2),
        |o| o.burn_cards = false,
    );
    let st = play_from(&cfg, &[1; 8], None, &[]);
    assert!(st.is_over());
    assert!(!st
        .history()
        .iter()
        .any(|e| matches!(e, Event::Recycle { .. })));
    assert_eq!(st.board(), Some(deck("")[48]));
}

#[test]
fn seeded_hands_deal_the_seeded_deck() {
    // `GameState::new` shuffles in place; it must deal exactly `Deck::shuffled(seed)`.
    let cfg = cfg_with(
        GameKind::Stud,
        BettingStructure::FixedLimit,
        stud_stakes(1, 2, 10),
        |_| {},
    );
    for seed in [0, 1, 42, u64::MAX] {
        let start = Start {
            seed: Some(seed),
            ..Start::default()
        };
        let st = GameState::new(&cfg, &[100; 6], &start).unwrap();
        assert_eq!(st.initial_deck(), crate::deck::Deck::shuffled(seed).cards());
    }
}

// ----- D-10.5: never his own discards, from any stub ---------------------------------

/// What [`six_full_draws`] saw.
#[derive(Debug, Default)]
struct FullDraws {
    /// Every draw as `seat:cards` (cards in the order dealt), first draw first.
    dealt: Vec<String>,
    /// Own discards passed over (left on the stub) by draws that took a later card.
    skipped: usize,
    /// Cards a player received that he had discarded in an earlier draw round.
    returned: usize,
    /// Reshuffles.
    reshuffles: usize,
}

/// Six players call every bet and throw their whole hand at every draw, from the deck in
/// card order: the first draw reshuffles and the second and third draws deal from stubs
/// that hold the others' and their own earlier discards. Checks every draw: he receives
/// none of his own discards (within `own_discards_scope`), and a draw that needs no
/// reshuffle deals exactly the stub's first cards that are not his own discards.
fn six_full_draws(f: impl FnOnce(&mut Options)) -> FullDraws {
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        f,
    );
    let whole = cfg.options.own_discards_scope == OwnDiscardsScope::WholeHand;
    let mut st = start(&cfg, &[1000; 6], "");
    let mut out = FullDraws::default();
    while !st.is_over() {
        if st.phase() != Phase::Drawing {
            check_or_call_while_betting(&mut st);
            continue;
        }
        let p = st.actor().unwrap();
        let hand = st.seats()[p as usize].card_set();
        let earlier = st.seats()[p as usize].discards;
        let own = if whole { earlier.union(hand) } else { hand };
        let stub = st.stub();
        let shuffles = st.history().len();
        st.apply(Action::Draw(hand)).unwrap();
        let got: Vec<Card> = st.seats()[p as usize].cards().collect();
        assert_eq!(got.len(), 5);
        let got_set: CardSet = got.iter().copied().collect();
        assert!(
            got_set.difference(own) == got_set,
            "seat {p} got own discards back"
        );
        assert_eq!(st.card_conflicts(), 0);
        out.returned += got_set.len() - got_set.difference(earlier).len();
        let reshuffled = st.history()[shuffles..]
            .iter()
            .any(|e| matches!(e, Event::Reshuffle { .. }));
        let usable: Vec<Card> = stub.iter().copied().filter(|&c| !own.contains(c)).collect();
        if reshuffled {
            out.reshuffles += 1;
            // He first received the stub's cards he may take (WSOP: not its last card).
            let last_kept = cfg.options.reshuffle_policy == ReshufflePolicy::ExcludeCurrentRound
                && usable.last().is_some()
                && usable.last() == stub.last();
            let before = usable.len() - usize::from(last_kept);
            assert_eq!(got[..before], usable[..before]);
        } else {
            assert_eq!(got[..], usable[..5]);
            let last = stub.iter().position(|&c| c == got[4]).unwrap();
            out.skipped += stub[..last].iter().filter(|&&c| own.contains(c)).count();
        }
        let cards: Vec<String> = got.iter().map(ToString::to_string).collect();
        out.dealt.push(format!("{p}:{}", cards.join("")));
    }
    out
}

#[test]
fn d_10_5_later_draws_pass_over_their_own_discards() {
    for policy in [
        ReshufflePolicy::ExcludeOwnDiscards,
        ReshufflePolicy::ExcludeCurrentRound,
    ] {
        for burn in [false, true] {
            let seen = six_full_draws(|o| {
                o.reshuffle_policy = policy;
                o.burn_after_reshuffle = burn;
            });
            assert_eq!(seen.dealt.len(), 18);
            assert!(seen.reshuffles >= 3, "{policy:?} {burn}: {seen:?}");
            assert!(seen.skipped > 0, "{policy:?} {burn}: {seen:?}");
            assert_eq!(seen.returned, 0, "{policy:?} {burn}");
        }
    }
}

#[test]
fn d_10_5_current_draw_scope_only_passes_over_this_rounds_discards() {
    for policy in [
        ReshufflePolicy::ExcludeOwnDiscards,
        ReshufflePolicy::ExcludeCurrentRound,
    ] {
        let seen = six_full_draws(|o| {
            o.reshuffle_policy = policy;
            o.own_discards_scope = OwnDiscardsScope::CurrentDraw;
        });
        assert_eq!(seen.dealt.len(), 18);
        // Earlier discards may come back; this round's never can be in the stub.
        assert!(seen.returned > 0, "{policy:?}: {seen:?}");
        assert_eq!(seen.skipped, 0, "{policy:?}");
    }
}

#[test]
fn d_10_5_exact_cards_of_reshuffled_stubs() {
    // The deck in card order (seeded reshuffles); every draw as `seat:cards`, three
    // rounds of six. The first round reshuffles for seat 4.
    let cases = [
        (
            ReshufflePolicy::ExcludeOwnDiscards,
            OwnDiscardsScope::WholeHand,
            "0:9sTcTdThTs 1:JcJdJhJsQc 2:QdQhQsKcKd 3:KhKsAcAdAh 4:As4c9h2s2h 5:8c8s7d8h7c \
             0:8d3s2d6s5h 1:2c6h3h5c4d 2:5sJdJh9s3d 3:9d6dTcTsQc 4:4sJc5d7sJs 5:6c7h3c9cTd \
             0:4hAhAc2hAd 1:KdKhQhKsQd 2:As9h8s2s7d 3:KcQs8h4c7c 4:3h6s6dJh8d 5:5sThTs2cJd",
        ),
        (
            ReshufflePolicy::ExcludeOwnDiscards,
            OwnDiscardsScope::CurrentDraw,
            "0:9sTcTdThTs 1:JcJdJhJsQc 2:QdQhQsKcKd 3:KhKsAcAdAh 4:As4c9h2s2h 5:8c8s7d8h7c \
             0:2c6h8d3s3h 1:2d6s5c5h4d 2:5sJdJh9s3d 3:9d6dTcTsQc 4:6c4sJc7h5d 5:3c7s9cJsTd \
             0:Th4h2hAs4c 1:KdKh2s8h8s 2:Ah7dQhQdKs 3:9hAdKc8cQs 4:7cAcJh2d8d 5:2c9s6sTc3h",
        ),
        (
            ReshufflePolicy::ExcludeCurrentRound,
            OwnDiscardsScope::WholeHand,
            "0:9sTcTdThTs 1:JcJdJhJsQc 2:QdQhQsKcKd 3:KhKsAcAdAh 4:2s5c8c8h2h 5:4dAs5s3s7c \
             0:7d8s4c9h8d 1:3h6h2c9c7s 2:5d2d6s6d4s 3:4h5h9d3d7h 4:9sThJdAcQc 5:3cJhKdTc6c \
             0:JcAdQhQsKh 1:TsQdKsAh8h 2:2s3s5s8c5c 3:KcAsTd2hJs 4:4d7d4c4s9d 5:2c4h5h8s9c",
        ),
        (
            ReshufflePolicy::ExcludeCurrentRound,
            OwnDiscardsScope::CurrentDraw,
            "0:9sTcTdThTs 1:JcJdJhJsQc 2:QdQhQsKcKd 3:KhKsAcAdAh 4:2s5c8c8h2h 5:4dAs5s3s7c \
             0:3h7d8s6h4c 1:9h2c8d2d5d 2:3d9c3c7h6s 3:4s7s6c4h5h 4:6dTd9dAhTc 5:KcKd9sJdJh \
             0:TsQdQcKhJs 1:AcQsJcQhTh 2:4d3sAsAd8c 3:2hKs8h7c5s 4:5c6s3d4c9c 5:2s2c7h3h4s",
        ),
    ];
    for (policy, scope, want) in cases {
        let seen = six_full_draws(|o| {
            o.reshuffle_policy = policy;
            o.own_discards_scope = scope;
        });
        assert_eq!(seen.dealt.join(" "), want, "{policy:?} {scope:?}");
    }
}

// ----- C-26: heads-up blinds in 2-7 ---------------------------------------------------

/// What [`heads_up_blinds`] saw: the blinds as `(seat, amount)`, the first card's seat,
/// and the first actor before the first draw, in the first draw and after it.
type HeadsUp = (Vec<(u8, u64)>, Option<u8>, [Option<u8>; 3]);

/// A heads-up 2-7 hand (button seat 1) under `heads_up_small_blind`.
fn heads_up_blinds(option: HeadsUpSmallBlind) -> HeadsUp {
    let cfg = cfg_with(
        GameKind::DeuceSeven,
        BettingStructure::FixedLimit,
        blind_stakes(1, 2),
        |o| o.heads_up_small_blind = option,
    );
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
    check_or_call_while_betting(&mut st);
    let draw = st.actor();
    while st.phase() == Phase::Drawing {
        st.apply(Action::StandPat).unwrap();
    }
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
            let cfg = cfg_with(
                GameKind::DeuceSeven,
                BettingStructure::FixedLimit,
                blind_stakes(1, 2),
                |o| o.heads_up_small_blind = option,
            );
            let mut st = seeded(&cfg, &vec![100; n], 11);
            while !st.is_over() {
                if st.phase() == Phase::Drawing {
                    let p = st.actor().unwrap();
                    let two: CardSet = st.seats()[p as usize].cards().take(2).collect();
                    st.apply(Action::Draw(two)).unwrap();
                } else {
                    check_or_call_while_betting(&mut st);
                }
            }
            st.history().to_vec()
        };
        assert_eq!(
            play(HeadsUpSmallBlind::Button),
            play(HeadsUpSmallBlind::LeftOfButton),
            "{n} players"
        );
    }
}
