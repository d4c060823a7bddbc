//! Exhaustive and property checks of the evaluators against docs/rules.md §5.1.

use super::*;
use crate::card::parse_cards;
use std::collections::{BTreeMap, HashSet};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

/// Calls `f` with every 5-card hand (as indices).
fn every_five(mut f: impl FnMut(&[u8; 5])) {
    for a in 0..48u8 {
        for b in a + 1..49 {
            for c in b + 1..50 {
                for d in c + 1..51 {
                    for e in d + 1..52 {
                        f(&[a, b, c, d, e]);
                    }
                }
            }
        }
    }
}

fn census(ranking: Ranking) -> (BTreeMap<Category, usize>, usize, usize) {
    let mut by_cat = BTreeMap::new();
    let mut distinct = HashSet::new();
    let mut none = 0;
    every_five(|h| {
        let s = ranking.strength_unchecked(h);
        if s == 0 {
            none += 1;
            return;
        }
        distinct.insert(s);
        let v = HandValue::from_parts(ranking, s).unwrap();
        *by_cat.entry(v.category()).or_insert(0) += 1;
    });
    (by_cat, distinct.len(), none)
}

#[test]
fn high_census_matches_rules_5_1() {
    use Category::*;
    let (by_cat, distinct, _) = census(Ranking::High);
    let want = [
        (HighCard, 1_302_540),
        (OnePair, 1_098_240),
        (TwoPair, 123_552),
        (ThreeOfAKind, 54_912),
        (Straight, 10_200),
        (Flush, 5_108),
        (FullHouse, 3_744),
        (FourOfAKind, 624),
        (StraightFlush, 40),
    ];
    assert_eq!(by_cat, want.into_iter().collect());
    assert_eq!(distinct, 7_462);
    assert_eq!(Ranking::High.distinct_values(), Some(7_462));
}

#[test]
fn soko_census_matches_rules_5_1() {
    use Category::*;
    let (by_cat, distinct, _) = census(Ranking::Soko(super::FourStraight::Consecutive));
    let want = [
        (HighCard, 1_150_080),
        (OnePair, 1_047_552),
        (FourStraight, 92_208),
        (FourFlush, 110_940),
        (TwoPair, 123_552),
        (ThreeOfAKind, 54_912),
        (Straight, 10_200),
        (Flush, 5_108),
        (FullHouse, 3_744),
        (FourOfAKind, 624),
        (StraightFlush, 40),
    ];
    assert_eq!(by_cat, want.into_iter().collect());
    assert_eq!(distinct, 16_707);
    let (open, _, _) = census(Ranking::Soko(super::FourStraight::OpenEnded));
    assert_eq!(open[&FourStraight], 73_872);
    assert_eq!(open[&OnePair], 1_050_528);
    assert_eq!(open[&HighCard], 1_165_440);
    let (gut, _, _) = census(Ranking::Soko(super::FourStraight::WithGutshot));
    assert_eq!(gut[&FourStraight], 325_008);
    assert_eq!(gut[&OnePair], 1_002_912);
    assert_eq!(gut[&HighCard], 961_920);
}

#[test]
fn deuce_seven_census_matches_rules_5_1() {
    let (by_cat, distinct, _) = census(Ranking::DeuceSeven);
    assert_eq!(distinct, 7_462);
    assert_eq!(by_cat[&Category::Straight], 9 * 1_020);
    assert_eq!(by_cat[&Category::HighCard], 1_303_560);
    assert_eq!(by_cat[&Category::Flush], 5_112);
    assert_eq!(by_cat[&Category::StraightFlush], 36);
}

#[test]
fn ace_five_and_low8_census_match_rules_5_1() {
    let (_, distinct, _) = census(Ranking::AceFive);
    assert_eq!(distinct, 6_175);
    let (by_cat, distinct, none) = census(Ranking::Low8);
    assert_eq!(distinct, 56);
    assert_eq!(by_cat.values().sum::<usize>(), 57_344);
    assert_eq!(none, 2_598_960 - 57_344);
}

#[test]
fn seven_cards_are_the_best_five() {
    // A fixed pseudo-random sample (the full space is the ignored test below).
    let mut deck: Vec<Card> = Card::all().collect();
    let mut rng = crate::deck::rng_for_seed(5);
    for _ in 0..20_000 {
        crate::deck::shuffle(&mut deck, &mut rng);
        for n in 6..=7 {
            let hand = &deck[..n];
            for ranking in [
                Ranking::High,
                Ranking::AceFive,
                Ranking::Low8,
                Ranking::DeuceSeven,
            ] {
                let idx: Vec<u8> = hand.iter().map(|c| c.index()).collect();
                let best = (0..n)
                    .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                    .filter(|_| n == 7)
                    .map(|(i, j)| {
                        let five: Vec<u8> = (0..7)
                            .filter(|&x| x != i && x != j)
                            .map(|x| idx[x])
                            .collect();
                        ranking.strength_unchecked(&five)
                    })
                    .chain((0..n).filter(|_| n == 6).map(|i| {
                        let five: Vec<u8> = (0..6).filter(|&x| x != i).map(|x| idx[x]).collect();
                        ranking.strength_unchecked(&five)
                    }))
                    .max()
                    .unwrap();
                assert_eq!(ranking.strength_unchecked(&idx), best, "{hand:?}");
            }
        }
    }
}

/// 2-7 of six and seven cards with five or more of a suit (the path that does not read
/// the rank table): hands dealt from two suits, against the slow evaluation, and the best
/// five avoiding the flush.
#[test]
fn deuce_seven_of_six_and_seven_suited_cards_is_the_best_five() {
    let mut deck: Vec<Card> = Card::all().filter(|c| c.suit() as u8 >= 2).collect();
    let mut rng = crate::deck::rng_for_seed(7);
    let mut suited = 0;
    for _ in 0..4_000 {
        crate::deck::shuffle(&mut deck, &mut rng);
        for n in 5..=7 {
            let hand = &deck[..n];
            let v = evaluate_deuce_seven(hand).unwrap();
            assert_eq!(
                slow_strength(Ranking::DeuceSeven, hand),
                Some(v.strength()),
                "{hand:?}"
            );
            suited += usize::from(hand.iter().filter(|c| c.suit() == hand[0].suit()).count() >= 5);
        }
    }
    assert!(suited > 1_000, "{suited}");
    let d7 = |s: &str| evaluate_deuce_seven(&cards(s)).unwrap();
    assert_eq!(d7("2h 3h 4h 5h 7h 8c").to_string(), "8-5-4-3-2 low");
    assert_eq!(d7("2h 3h 4h 5h 7h 8h 9c").to_string(), "9-5-4-3-2 low");
    assert_eq!(d7("2h 3h 4h 5h 7h 8h 9h").category(), Category::Flush);
    assert_eq!(d7("7c 5d 4h 3s 2c 2d 2h"), d7("7c 5d 4h 3s 2c"));
}

/// All 133,784,560 seven-card hands: the published category table and the 8-or-better
/// count (docs/rules.md §5.1), with batch evaluation equal to single evaluation for every hand in
/// the high, 8-or-better, ace-to-five and deuce-to-seven rankings, and the number of
/// distinct 2-7 values. Run with `cargo test --release --
/// --ignored`.
#[test]
#[ignore = "exhaustive over 133 million hands: run in release mode"]
fn every_seven_card_hand() {
    let t = tables::tables();
    let mut cats = [0u64; 16];
    let mut qualifying = 0u64;
    let mut wheels = 0u64;
    let wheel = t.low8_scale().len() as u16;
    let mut d7_seen = vec![false; t.deuce7_scale().len() + 1];
    let mut rows = Vec::new();
    // One batch per pair of lowest cards: at most C(50, 5) rows at a time.
    for a in 0..46u8 {
        for b in a + 1..47 {
            rows.clear();
            for c in b + 1..48 {
                for d in c + 1..49 {
                    for e in d + 1..50 {
                        for f in e + 1..51 {
                            for g in f + 1..52 {
                                rows.extend_from_slice(&[a, b, c, d, e, f, g]);
                            }
                        }
                    }
                }
            }
            let batch = |r| crate::batch::evaluate(r, &rows, 7, Some(1)).unwrap();
            let (high, low8, ace_five, deuce_seven) = (
                batch(Ranking::High),
                batch(Ranking::Low8),
                batch(Ranking::AceFive),
                batch(Ranking::DeuceSeven),
            );
            for (i, h) in rows.chunks_exact(7).enumerate() {
                let (hi, lo, d7) = (t.high(h), t.low8(h), t.deuce_seven(h));
                assert_eq!(
                    (high[i], low8[i], ace_five[i], deuce_seven[i]),
                    (
                        u32::from(hi),
                        u32::from(lo),
                        u32::from(t.ace_five(h)),
                        u32::from(d7)
                    ),
                    "{h:?}"
                );
                d7_seen[d7 as usize] = true;
                cats[t.high_scale().categories[hi as usize] as usize] += 1;
                qualifying += u64::from(lo > 0);
                wheels += u64::from(lo == wheel);
            }
        }
    }
    assert_eq!(
        cats[1..10],
        [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    assert_eq!(qualifying, 24_530_944);
    assert_eq!(wheels, 781_824);
    // 2-7 best five of seven: the distinct values that occur (of the 7,462 five-card ones).
    assert_eq!(d7_seen.iter().filter(|&&s| s).count(), D7_SEVEN_CARD_VALUES);
}

/// The number of distinct 2-7 values among all seven-card hands, of the 7,462 five-card
/// ones: most of the weakest hands (many flushes, straights, full houses …) are never the
/// best five of seven. Pinned from the first exhaustive run; single evaluation is checked against the
/// slow subset evaluation and the Python oracle on samples.
const D7_SEVEN_CARD_VALUES: usize = 5_536;

#[test]
fn vectors_rules_5_3_high() {
    let hv = |s: &str| evaluate_high(&cards(s)).unwrap();
    // V-H1 the wheel is the lowest straight.
    assert!(hv("5c 4d 3h 2s Ac") < hv("6c 5d 4h 3s 2c"));
    // V-H2 plays the flush.
    assert_eq!(hv("As Ks Qs Js 9s 9d 9c").category(), Category::Flush);
    // V-H3 two pair with the best kicker.
    let v = hv("Ah Ad Kc Kd Qs Qh 2c");
    assert_eq!(v.category(), Category::TwoPair);
    assert_eq!(v, hv("Ah Ad Kc Kd Qs"));
    assert_eq!(hv("As Ks Qs Js Ts 2d 3c").to_string(), "Royal flush");
    assert_eq!(
        hv("Kh Kd Ks 7c 7d").to_string(),
        "Full house, kings over sevens"
    );
}

#[test]
fn vectors_rules_5_3_soko() {
    let sv = |s: &str| evaluate_soko(&cards(s), FourStraight::Consecutive).unwrap();
    let so = |s: &str| evaluate_soko(&cards(s), FourStraight::OpenEnded).unwrap();
    assert!(sv("Kh 8h 6h 4h 8s") > sv("Qh Jh Th 9h Ts")); // V-S1
    assert!(sv("5d 8h 9h Jh Kh") > sv("5s 6s 7s 8c Th")); // V-S2
    assert!(sv("5s 6s 7s 8c Th") > sv("As Ad Kc Qd 2h")); // V-S2/3
    assert!(sv("2c 2d 3c 3d 4h") > sv("Ah Kh Qh Jh 9c")); // V-S4
    assert!(sv("5h 6c 7d 8s Kc") > sv("5d 6h 7s 8c 8d")); // V-S5
    assert!(sv("2h 3c 4d 5s 9c") > sv("Ah 2c 3d 4s Kc")); // V-S6
    assert!(sv("Jh Qc Kd As 2h") > sv("9h Tc Jd Qs Ah")); // V-S7
    assert_eq!(sv("Qh Kc Ad 2s 7h").category(), Category::HighCard); // V-S8
    assert_eq!(sv("5h 6c 8d 9s Kc").category(), Category::HighCard); // V-S9
    assert_eq!(sv("5h 6h 7h 8h Kc").category(), Category::FourFlush); // V-S10
    assert_eq!(sv("5h 6h 7h Kh 8c").category(), Category::FourFlush); // V-S11
    assert_eq!(so("Ah 2c 3d 4s Kc").category(), Category::HighCard); // V-S12
    assert_eq!(sv("Kh 8h 6h 4h 2s"), sv("Kd 8d 6d 4d 2c")); // V-S13
    assert_eq!(sv("Kh 8h 6h 4h 8s").to_string(), "Four-flush, king high");
}

#[test]
fn vectors_rules_5_3_lows() {
    let d7 = |s: &str| evaluate_deuce_seven(&cards(s)).unwrap();
    assert!(d7("7c 5d 4h 3s 2c") > d7("7c 6d 4h 3s 2c")); // V-D1
    assert_eq!(d7("7c 6d 5h 4s 3c").category(), Category::Straight); // V-D2
    assert!(d7("Ac 5d 4h 3s 2c") > d7("2c 2d 3h 4s 5c")); // V-D3/4
    assert!(d7("Ac 5d 4h 3s 2c") < d7("Kc Qd Jh 9s 8c")); // V-D5
    assert!(d7("2c 2d 7h 5s 3c") > d7("3c 3d 7h 5s 2c")); // V-D6
    assert_eq!(d7("7h 5h 4h 3h 2h").category(), Category::Flush); // V-D7
    assert!(d7("8c 6d 5h 4s 3c") > d7("9c 5d 4h 3s 2c")); // V-D8
    let a5 = |s: &str| evaluate_ace_five(&cards(s)).unwrap();
    let l8 = |s: &str| evaluate_low8(&cards(s)).unwrap();
    assert_eq!(a5("5h 4h 3h 2h Ah").strength(), 6_175); // V-L1
    assert!(a5("8c 6d 4h 2s Ac") > a5("8c 6d 5h 2s Ac")); // V-L2
    assert_eq!(l8("Ac 2d 4h 5s 6c 7d 8h"), l8("6c 5s 4h 2d Ac")); // V-L3
    assert_eq!(l8("Ac Ad 2c 2d 3h 9s Kc"), None); // V-L4
    assert_eq!(l8("9c 8d 7h 6s 5c 4d Kh"), l8("8d 7h 6s 5c 4d")); // V-L5
    assert_eq!(a5("8c 6d 4h 2s Ac").to_string(), "8-6-4-2-A low");
    assert_eq!(d7("7c 5d 4h 3s 2c").to_string(), "7-5-4-3-2 low");
}

#[test]
fn vectors_rules_5_3_showing() {
    let st = |s: &str| evaluate_showing(&cards(s), ShowingGame::Stud).unwrap();
    let so = |s: &str| {
        evaluate_showing(
            &cards(s),
            ShowingGame::soko(true, FourStraight::Consecutive),
        )
        .unwrap()
    };
    assert!(st("5c 5d") > st("Ah Kd")); // V-W1
    assert!(st("8s 8h Ad") > st("8d 8c Kc")); // V-W2
    assert_eq!(st("8d 8c Ac"), st("8s 8h Ad")); // V-W3 (tie, broken by the engine)
    assert!(so("5h 6h 7h Kh") > so("Ac Ad 9s 2h")); // V-W4
                                                    // E-2.5.3 with E-2.2.3: the mode decides which four up-cards are a four-straight.
    let mode = |m, s: &str| evaluate_showing(&cards(s), ShowingGame::soko(true, m)).unwrap();
    let gut = |s: &str| mode(FourStraight::WithGutshot, s);
    let open = |s: &str| mode(FourStraight::OpenEnded, s);
    assert!(so("3c 4d 5h 6s") > so("3d 4h 5s 7c")); // a gutshot is only high cards
    assert!(gut("3c 4d 5h 6s") < gut("3d 4h 5s 7c")); // ... unless WITH_GUTSHOT: 7 > 6
    assert_eq!(gut("3d 4h 5s 7c"), gut("3h 4s 6c 7d")); // top card only (E-2.2.5)
    assert!(so("Ac 2d 3h 4s") > so("Kc Kd")); // A-2-3-4 counts by default
    assert!(open("Ac 2d 3h 4s") < open("2c 2d")); // but not OPEN_ENDED
    assert!(st("5h 6h 7h Kh") < st("Ac Ad 9s 2h")); // V-W5
    assert!(st("2c 2d 3h 3s") > st("Ah Ad Kc Qd")); // V-W6
    assert!(st("Kc Kd 2h 2s") > st("Qh Qd Jc Jd")); // V-W7
    assert!(st("9c 9d 2h 2s") > st("Ah Ad Kc Qd")); // V-W8
}

#[test]
fn best_five_is_presented_best_first() {
    let hand = cards("2c Kh 7d Ks 7c Kd 3s");
    let v = evaluate_high(&hand).unwrap();
    let five: Vec<String> = best_five(v, &hand)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(five.join(" "), "Ks Kh Kd 7d 7c");
    let wheel = cards("Ac 2d 3h 4s 5c 9d Jh");
    let v = evaluate_high(&wheel).unwrap();
    let five: Vec<String> = best_five(v, &wheel)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(five.join(" "), "5c 4s 3h 2d Ac");
}

#[test]
fn wrong_counts_and_duplicates_are_errors() {
    assert!(evaluate_high(&cards("As Ks Qs Js")).is_err());
    assert!(evaluate_high(&cards("As Ks Qs Js Ts 9s 8s 7s")).is_err());
    assert!(evaluate_soko(&cards("As Ks Qs Js Ts 9s"), FourStraight::Consecutive).is_err());
    let e = evaluate_high(&cards("As Ks Qs Js As")).unwrap_err();
    assert_eq!(e.to_string(), "duplicate card As at position 4");
}

#[test]
fn fast_equals_slow_on_random_hands() {
    let mut deck: Vec<Card> = Card::all().collect();
    let mut rng = crate::deck::rng_for_seed(11);
    let rankings = [
        (Ranking::High, 5..=7),
        (Ranking::Soko(FourStraight::Consecutive), 5..=5),
        (Ranking::Soko(FourStraight::OpenEnded), 5..=5),
        (Ranking::Soko(FourStraight::WithGutshot), 5..=5),
        (Ranking::AceFive, 5..=7),
        (Ranking::Low8, 5..=7),
        (Ranking::DeuceSeven, 5..=7),
    ];
    for _ in 0..3_000 {
        crate::deck::shuffle(&mut deck, &mut rng);
        for (ranking, sizes) in rankings.clone() {
            for n in sizes {
                let hand = &deck[..n];
                let idx: Vec<u8> = hand.iter().map(|c| c.index()).collect();
                let fast = ranking.strength_unchecked(&idx);
                assert_eq!(
                    slow_strength(ranking, hand).unwrap_or(0),
                    fast,
                    "{ranking:?} {hand:?}"
                );
            }
        }
    }
}
