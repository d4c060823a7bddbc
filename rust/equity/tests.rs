//! Exact results against a naive enumerator written independently of the fast path.

use super::*;
use crate::card::parse_cards;

/// A game and its Soko four-straight mode, as the equity entry points take them.
type G = (GameKind, FourStraight);
const STUD: G = (GameKind::Stud, FourStraight::Consecutive);
const STUD8: G = (GameKind::Stud8, FourStraight::Consecutive);
const RAZZ: G = (GameKind::Razz, FourStraight::Consecutive);
const DEUCE_SEVEN: G = (GameKind::DeuceSeven, FourStraight::Consecutive);

fn soko(mode: FourStraight) -> G {
    (GameKind::Soko, mode)
}

fn equity(
    game: G,
    hands: &[Vec<Card>],
    dead: &[Card],
    samples: Option<u64>,
    seed: u64,
    threads: Option<usize>,
) -> Result<Equity, EquityError> {
    super::equity(game.0, game.1, hands, dead, samples, seed, threads)
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn hands(texts: &[&str]) -> Vec<Vec<Card>> {
    texts.iter().map(|t| cards(t)).collect()
}

/// Each player's share of one pot, straight from docs/rules.md H-5 / G-1.11 in floating point.
fn naive_split(game: G, finals: &[Vec<u8>]) -> Vec<f64> {
    // The rankings written out here, not read from the VariantSpec under test.
    let high = match game {
        (GameKind::Stud | GameKind::Stud8, _) => Ranking::High,
        (GameKind::Razz, _) => Ranking::AceFive,
        (GameKind::Soko, mode) => Ranking::Soko(mode),
        (GameKind::DeuceSeven, _) => Ranking::DeuceSeven,
    };
    let hi: Vec<u32> = finals.iter().map(|f| high.strength_unchecked(f)).collect();
    let lo: Vec<u32> = finals
        .iter()
        .map(|f| {
            if game.0 == GameKind::Stud8 {
                Ranking::Low8.strength_unchecked(f)
            } else {
                0
            }
        })
        .collect();
    let winners = |v: &[u32]| {
        let best = *v.iter().max().unwrap();
        let w: Vec<bool> = v.iter().map(|&x| x == best && x > 0).collect();
        let k = f64::from(w.iter().filter(|&&b| b).count() as u32);
        (w, k)
    };
    let (hw, hk) = winners(&hi);
    let (lw, lk) = winners(&lo);
    (0..finals.len())
        .map(|p| {
            if lk == 0.0 {
                if hw[p] {
                    1.0 / hk
                } else {
                    0.0
                }
            } else {
                (if hw[p] { 0.5 / hk } else { 0.0 }) + (if lw[p] { 0.5 / lk } else { 0.0 })
            }
        })
        .collect()
}

/// Every completion: player by player, each `k`-subset of what is left.
fn naive(game: G, hs: &[Vec<Card>], dead: &[Card]) -> (Vec<f64>, u64) {
    fn rec(
        setup: &Setup,
        game: G,
        p: usize,
        left: &[u8],
        finals: &mut Vec<Vec<u8>>,
        sums: &mut [f64],
        count: &mut u64,
    ) {
        if p == setup.players() {
            for (s, x) in sums.iter_mut().zip(naive_split(game, finals)) {
                *s += x;
            }
            *count += 1;
            return;
        }
        let k = setup.missing[p];
        // Every k-subset by bitmask over `left` (small cases only).
        for bits in 0u64..1 << left.len() {
            if bits.count_ones() as usize != k {
                continue;
            }
            let mut hand = setup.held[p].clone();
            let mut rest = Vec::new();
            for (i, &c) in left.iter().enumerate() {
                if bits >> i & 1 == 1 {
                    hand.push(c);
                } else {
                    rest.push(c);
                }
            }
            finals.push(hand);
            rec(setup, game, p + 1, &rest, finals, sums, count);
            finals.pop();
        }
    }
    let setup = Setup::new(game.0, game.1, hs, dead).unwrap();
    let mut sums = vec![0.0; hs.len()];
    let mut count = 0u64;
    rec(
        &setup,
        game,
        0,
        &setup.stub,
        &mut Vec::new(),
        &mut sums,
        &mut count,
    );
    let n = f64::from(u32::try_from(count).unwrap());
    (sums.iter().map(|s| s / n).collect(), count)
}

/// Dead cards leaving only `keep` cards of the stub (the first ones by index not listed).
fn dead_leaving(hs: &[Vec<Card>], keep: usize) -> Vec<Card> {
    let listed: Vec<Card> = hs.iter().flatten().copied().collect();
    Card::all()
        .filter(|c| !listed.contains(c))
        .skip(keep)
        .collect()
}

fn check(game: G, texts: &[&str], keep: usize) {
    let hs = hands(texts);
    let dead = dead_leaving(&hs, keep);
    let (want, count) = naive(game, &hs, &dead);
    for threads in [Some(1), Some(2), None] {
        let got = equity(game, &hs, &dead, None, 0, threads).unwrap();
        assert!(got.exact);
        assert_eq!(got.outcomes, count, "{game:?} {texts:?}");
        for (g, w) in got.shares.iter().zip(&want) {
            assert!(
                (g - w).abs() < 1e-12,
                "{game:?} {texts:?}: {:?} vs {want:?}",
                got.shares
            );
        }
        let total: f64 = got.shares.iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}

#[test]
fn exact_matches_naive_small_stubs() {
    check(STUD, &["As Ah Ts Th 8h", "Kc Qc Jc Td 3c"], 9);
    check(
        STUD,
        &[
            "As Ah Ts Th 8h 8d",
            "Kc Qc Jc Td 3c 2d",
            "9s 9d 4h 4d 5c 5d",
        ],
        10,
    );
    check(
        STUD8,
        &["Ac 2d 3h Kd Ks", "5c 6d 7h 8s Qd", "Ah Ad 4c 4s 9d"],
        8,
    );
    check(STUD8, &["Ac 2d 3h 4s Kd Ks", "5c 6d 7h 8s 9d Td"], 14);
    check(RAZZ, &["Ac 2d 3h Kd Ks", "5c 6d 7h 8s Qd"], 10);
    check(
        soko(FourStraight::Consecutive),
        &["As Ks Qs", "9h 8h 7d", "2c 2d"],
        9,
    );
    check(soko(FourStraight::OpenEnded), &["Ah 2h 3h", "Jd Qd Kd"], 10);
    check(DEUCE_SEVEN, &["7c 5d 4h 3s", "8c 6d 4d 2s"], 12);
    check(DEUCE_SEVEN, &["7c 5d 4h", "8c 6d", "2c 3c 4c 5c"], 9);
}

/// Six-way sixth street: the units cut the outer levels' tuples four levels deep.
const SIX_WAY: [&str; 6] = [
    "As Ah Ts Th 8h 8d",
    "Kc Qc Jc Td 3c 2d",
    "9s 9d 4h 4d 5c 5d",
    "7s 7d 6h 6c Js Qd",
    "Ad 2h 3s 4s Kh Ks",
    "Ac 2c 8c Jh Jd Qh",
];

#[test]
fn exact_matches_naive_when_units_cut_deep_levels() {
    for (game, keep) in [(STUD, 14), (STUD8, 12), (RAZZ, 13)] {
        let hs = hands(&SIX_WAY);
        let dead = dead_leaving(&hs, keep);
        let setup = Setup::new(game.0, game.1, &hs, &dead).unwrap();
        let (split, parts) = exact::plan(&setup).cut();
        assert!(
            split >= 3 && parts == 1,
            "{game:?}: {split} levels, {parts} parts"
        );
        check(game, &SIX_WAY, keep);
    }
}

#[test]
fn multiway_units_never_repeat_the_outer_walk() {
    // Two players missing one card and three missing two: the outermost lists are short.
    // Crossing them with parts of the innermost list repeated the whole outer walk once
    // per part (about 16 times the work the estimate allowed for).
    let hs = hands(&[
        "As Ah Ts Th 8h",
        "Kc Qc Jc Td 3c",
        "9s 9d 4h 4d 5c",
        "7s 7d 6h 6c Js Qd",
        "Ad 2h 3s 4s Kh Ks",
    ]);
    let setup = Setup::new(STUD.0, STUD.1, &hs, &[]).unwrap();
    let plan = exact::plan(&setup);
    assert_eq!(plan.cut(), (3, 1));
    // The estimate counts the disjoint choices of the outer sets exactly, 25 · 24 ·
    // C(23, 2) · C(21, 2) innermost calls, each scanning the whole list of C(25, 2) = 300.
    let calls: u128 = 25 * 24 * 253 * 210;
    assert!(
        plan.work > calls * 300 && plan.work < calls * 600,
        "{}",
        plan.work
    );
}

#[test]
fn hi_lo_work_counts_its_cost_against_the_limit() {
    // Four-way fifth street: stud enumerates on one machine (about half a minute), the
    // same cards at stud hi/lo (nine counts per entry) would take minutes and are refused.
    let four_way = hands(&[
        "As Ah Ts Th 8h",
        "Kc Qc Jc Td 3c",
        "9s 9d 4h 4d 5c",
        "7s 7d 6h 6c Js",
    ]);
    let divide = |game: G| {
        prepare(game.0, game.1, &four_way, &[], None)
            .unwrap()
            .divide(None, 0, Scale::OneMachine)
    };
    assert!(divide(STUD).is_ok());
    assert!(divide(RAZZ).is_ok());
    assert!(matches!(
        divide(STUD8),
        Err(EquityError::TooManyOutcomes(_))
    ));
}

#[test]
fn pokenum_stud_example() {
    // pokenum's documented example (docs/rules.md E-2.1): 40 stub cards, one each.
    let hs = hands(&["As Ah Ts Th 8h 8d", "Kc Qc Jc Td 3c 2d"]);
    let e = equity(STUD, &hs, &[], None, 0, None).unwrap();
    assert_eq!(e.outcomes, 40 * 39);
    assert_eq!(e.wins, vec![1114, 446]);
    assert_eq!(e.ties, vec![0, 0]);
    assert_eq!(e.units[0], 1114 * u128::from(POT_UNITS));
}

#[test]
fn hilo_quartering() {
    // H-5.3: X has the best high (a flush) and ties Y for the low 7-5-4-3-2; Z has two
    // pair and no low: X 3/4, Y 1/4.
    let hs = hands(&[
        "7h 5h 4h 3h 2h Kc Kd",
        "7c 5d 4s 3c 2d Qc Qd",
        "Ts Td Js Jh 9c 9h 8s",
    ]);
    let e = equity(STUD8, &hs, &[], None, 0, None).unwrap();
    assert_eq!(e.outcomes, 1);
    let p = u128::from(POT_UNITS);
    assert_eq!(e.units, vec![3 * p / 4, p / 4, 0]);
    assert_eq!((e.wins, e.ties), (vec![0, 0, 0], vec![1, 1, 0]));
}

#[test]
fn monte_carlo_is_thread_independent_and_close() {
    let hs = hands(&["As Ah Ks Kh", "Qc Jc Tc 9c"]);
    let exact = equity(STUD, &hs, &[], None, 0, None).unwrap();
    let a = equity(STUD, &hs, &[], Some(300_000), 7, Some(1)).unwrap();
    let b = equity(STUD, &hs, &[], Some(300_000), 7, Some(2)).unwrap();
    assert_eq!(a, b);
    assert!(!a.exact);
    for p in 0..2 {
        assert!((a.shares[p] - exact.shares[p]).abs() < 5.0 * a.stderr[p]);
    }
}

/// The sampler's estimate of every game lies within a few standard errors of the exact
/// value, and in stud hi/lo so do the low halves (their spread is at most the share's).
#[test]
// Counts far below 2^52: exact in floating point.
#[allow(clippy::cast_precision_loss)]
fn monte_carlo_is_close_to_exact_in_every_game() {
    let cases: [(G, &[&str]); 6] = [
        (
            STUD,
            &[
                "As Ah Kd 7c 7d 2s",
                "Qc Jc Tc 9d 2h 3h",
                "5s 5h 6d 6c 8c 8d",
            ],
        ),
        (
            STUD8,
            &[
                "Ac 2d 3h Kd 7c Jh",
                "5c 6d 7h 8s Qd Js",
                "Ah Ad Ks Qs 9c 9s",
            ],
        ),
        (
            RAZZ,
            &[
                "Ac 2d 3h Kd 9h Jh",
                "5c 6d 7h 8s Qd Js",
                "Ah 4d 6s Qs 9c 8c",
            ],
        ),
        (
            soko(FourStraight::Consecutive),
            &["As Ks Qs Js", "9h 8h 7d 6d", "2c 2d 3h"],
        ),
        (DEUCE_SEVEN, &["7c 5d 4h 3s", "8c 6d 2h", "9c 3c 4c 5c"]),
        (STUD8, &["As 2s 3d 4c 5h", "Kh Kd Qs Jc 9s"]),
    ];
    for (game, texts) in cases {
        let hs = hands(texts);
        let exact = equity(game, &hs, &[], None, 0, None).unwrap();
        let mc = equity(game, &hs, &[], Some(200_000), 11, None).unwrap();
        let pot = mc.outcomes as f64 * f64::from(POT_UNITS);
        let exact_pot = exact.outcomes as f64 * f64::from(POT_UNITS);
        for p in 0..hs.len() {
            let off = (mc.shares[p] - exact.shares[p]).abs();
            assert!(
                off <= 5.0 * mc.stderr[p],
                "{game:?} {texts:?} player {p}: {off}"
            );
            if let (Some(low), Some(exact_low)) = (&mc.low_units, &exact.low_units) {
                let off = (low[p] as f64 / pot - exact_low[p] as f64 / exact_pot).abs();
                assert!(
                    off <= 5.0 * mc.stderr[p],
                    "{texts:?} low of player {p}: {off}"
                );
            }
        }
        assert_eq!(mc.low_units.is_some(), game == STUD8);
        assert_eq!(exact.low_units.is_some(), game == STUD8);
    }
}

/// The low halves: the quartering example, and a wheel that scoops.
#[test]
fn low_units_count_the_low_half() {
    let hs = hands(&[
        "7h 5h 4h 3h 2h Kc Kd",
        "7c 5d 4s 3c 2d Qc Qd",
        "Ts Td Js Jh 9c 9h 8s",
    ]);
    let e = equity(STUD8, &hs, &[], None, 0, None).unwrap();
    let p = u128::from(POT_UNITS);
    // X: the whole high half and a quarter; Y: a quarter, all low; Z: nothing.
    assert_eq!(e.low_units, Some(vec![p / 4, p / 4, 0]));
    let wheel = hands(&["Ac 2c 3d 4d 5h Kh Ks", "As 2s 3h 4h 9s Kd Kc"]);
    let e = equity(STUD8, &wheel, &[], None, 0, None).unwrap();
    assert_eq!(e.low_units, Some(vec![p / 2, 0]));
    assert_eq!(e.units, vec![p, 0]);
    // Nobody has a low: the high hand's whole pot is high.
    let no_low = hands(&["As Ah Kd Kc Qs Jh 9d", "Ts Th 9s 9h 8d 8c 2h"]);
    let e = equity(STUD8, &no_low, &[], None, 0, None).unwrap();
    assert_eq!((e.units, e.low_units), (vec![p, 0], Some(vec![0, 0])));
}

#[test]
fn bad_input() {
    let hs = hands(&["As Ah", "As Kd"]);
    assert!(matches!(
        equity(STUD, &hs, &[], None, 0, None),
        Err(EquityError::Duplicate { .. })
    ));
    let hs = hands(&["As Ah", "Kd Kc"]);
    assert!(matches!(
        equity(STUD, &hs, &cards("Ah"), None, 0, None),
        Err(EquityError::Duplicate { .. })
    ));
    assert_eq!(
        equity(STUD, &hs[..1], &[], None, 0, None),
        Err(EquityError::PlayerCount(1))
    );
    assert_eq!(
        equity(STUD, &hs, &[], Some(0), 0, None),
        Err(EquityError::ZeroSamples)
    );
    assert_eq!(
        equity(STUD, &hs, &[], None, 0, Some(0)),
        Err(EquityError::ZeroThreads)
    );
    let big = hands(&["As Ah Ad Ac Ks Kh"]);
    assert!(matches!(
        equity(
            soko(FourStraight::Consecutive),
            &[big[0].clone(), hs[1].clone()],
            &[],
            None,
            0,
            None
        ),
        Err(EquityError::HandSize { hand: 0, .. })
    ));
    let eight: Vec<Vec<Card>> = (0..8)
        .map(|i| {
            vec![
                Card::from_index(2 * i).unwrap(),
                Card::from_index(2 * i + 1).unwrap(),
            ]
        })
        .collect();
    assert!(matches!(
        equity(STUD, &eight, &[], Some(10), 0, None),
        Err(EquityError::DeckTooSmall {
            needed: 40,
            left: 36
        })
    ));
    assert!(matches!(
        equity(
            STUD,
            &hands(&["As Ah", "Kd Kc", "Qd Qc"]),
            &[],
            None,
            0,
            None
        ),
        Err(EquityError::TooManyOutcomes(_))
    ));
    assert!(GameKind::from_id("holdem").is_err());
}

/// Both innermost counting methods (scan and subset index) give identical totals.
#[test]
fn subset_index_equals_scan() {
    let cases: [(G, &[&str], usize); 6] = [
        (STUD, &["As Ah Kd 7c", "Qc Jc Tc 9d"], 44),
        (RAZZ, &["Ac 2d 3h", "5c 6d 7h 8s Kd"], 30),
        (STUD, &["As Ah Kd 7c 7d", "Qc Jc Tc 9d", "2c 2s 3h 4h"], 24),
        (soko(FourStraight::Consecutive), &["Jh Qd", "9c 9d 4h"], 44),
        (DEUCE_SEVEN, &["7c 5d", "8c 6d 3s"], 47),
        (
            soko(FourStraight::OpenEnded),
            &["Jh", "9c 9d", "2s 3s 4s 5s"],
            20,
        ),
    ];
    let t = tables();
    for (game, texts, keep) in cases {
        let hs = hands(texts);
        let dead = dead_leaving(&hs, keep);
        let setup = Setup::new(game.0, game.1, &hs, &dead).unwrap();
        let mut plan = exact::plan(&setup);
        assert!(plan.subsets, "{texts:?} should use the subset index");
        let count = |plan: &exact::Plan| {
            let built = exact::build(&setup, t, plan);
            exact::run(
                &setup,
                &built,
                plan,
                0..plan.units(),
                None,
                &crate::control::NEVER,
            )
            .finish(setup.players(), true, setup.is_hilo())
        };
        let by_subsets = count(&plan);
        plan.set_subsets(false);
        let by_scan = count(&plan);
        assert_eq!(by_subsets, by_scan, "{game:?} {texts:?}");
        assert_eq!(u128::from(by_scan.outcomes), setup.completions());
    }
}

#[test]
fn work_in_any_ranges_adds_up_to_one_run() {
    let cases: [(G, &[&str], Option<u64>); 5] = [
        (STUD8, &["As 2s 3d 4c 5h", "Kh Kd Qs Jc 9s"], None),
        (
            STUD,
            &[
                "As Ah Kd 7c 7d 6s",
                "Qc Jc Tc 9d 9h 6h",
                "2c 2s 3h 4h 5h 6d",
            ],
            None,
        ),
        (RAZZ, &["Ah 2h 3c", "Kd Qs Js"], Some(300_000)),
        (DEUCE_SEVEN, &["7c 5d 4h", "8c 6d"], None),
        (STUD, &SIX_WAY, None),
    ];
    for (game, texts, samples) in cases {
        let divide = |scale| {
            prepare(game.0, game.1, &hands(texts), &[], Some(2))
                .and_then(|p| p.divide(samples, 7, scale))
                .unwrap()
        };
        let whole = prepare(game.0, game.1, &hands(texts), &[], Some(2))
            .and_then(|p| p.run(samples, 7, &NEVER))
            .unwrap();
        let work = divide(Scale::Cluster);
        for per_chunk in [1, 7, 500] {
            // Last chunk first: the order of the merge does not matter.
            let chunks = crate::chunks::Chunks::new(work.units(), per_chunk);
            let totals = (0..chunks.len())
                .rev()
                .filter_map(|i| chunks.get(i))
                .map(|r| work.run(r, &NEVER).unwrap())
                .fold(Totals::default(), |a, b| a.merge(&b));
            assert_eq!(
                work.finish(&totals).unwrap(),
                whole,
                "{texts:?} by {per_chunk}"
            );
        }
        let half = work.run(0..work.units() / 2, &NEVER).unwrap();
        assert!(matches!(
            work.finish(&half),
            Err(EquityError::Incomplete { .. })
        ));
        assert!(matches!(
            work.run(1..work.units() + 1, &NEVER),
            Err(EquityError::UnitRange { .. })
        ));
    }
}

#[test]
fn a_cluster_takes_what_one_machine_refuses() {
    let three_way = hands(&["As Ah Kd 7c", "Qc Jc Tc 9d", "2c 2s 3h 4h"]);
    let prepared = || {
        prepare(
            GameKind::Stud,
            FourStraight::Consecutive,
            &three_way,
            &[],
            None,
        )
    };
    assert!(matches!(
        prepared().unwrap().divide(None, 0, Scale::OneMachine),
        Err(EquityError::TooManyOutcomes(459_377_318_400))
    ));
    let work = prepared().unwrap().divide(None, 0, Scale::Cluster).unwrap();
    assert_eq!(work.outcomes(), 459_377_318_400);
    // Seven-way third street is beyond any cluster.
    let seven = hands(&[
        "As Ah", "Kd Kc", "Qs Qh", "Js Jh", "Ts Th", "9s 9h", "8s 8h",
    ]);
    let huge = prepare(GameKind::Stud, FourStraight::Consecutive, &seven, &[], None).unwrap();
    assert!(matches!(
        huge.divide(None, 0, Scale::Cluster),
        Err(EquityError::TooManyForCluster(_))
    ));
}
