//! Criterion benchmarks of the game engine: whole hands played natively, six players with
//! 1,000 chips each at fixed-limit ten-twenty tables ([`GameConfig::ten_twenty`]), by the
//! random policy of `benches/python/bench_games.py` (uniform over the legal action kinds,
//! then a uniform legal amount; a draw discards a uniform number 0-5 of random cards).
//!
//! `cargo bench --no-default-features --bench game`; throughput is in hands.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use holecard::deck::{rng_for_seed, uniform_below};
use holecard::game::options::BettingStructure;
use holecard::game::{Action, GameConfig, GameKind, GameState, Start};
use holecard::CardSet;

/// Plays `hands` hands; returns the number of actions (so the work is not optimised away).
fn play(cfg: &GameConfig, hands: u64, seed: u64) -> u64 {
    let mut rng = rng_for_seed(seed);
    let mut actions = 0;
    for h in 0..hands {
        let start = Start {
            seed: Some(seed.wrapping_mul(1_000_003).wrapping_add(h)),
            ..Start::default()
        };
        let mut st = GameState::new(cfg, &[1_000; 6], &start).unwrap();
        while !st.is_over() {
            let la = st.legal_actions();
            actions += 1;
            let action = if la.draw {
                let p = st.actor().unwrap_or(0) as usize;
                let mut hand: Vec<_> = st.seats()[p].cards().collect();
                let k = uniform_below(&mut rng, 6) as usize;
                let mut discards = CardSet::EMPTY;
                for _ in 0..k.min(hand.len()) {
                    let i = uniform_below(&mut rng, hand.len() as u32) as usize;
                    discards.insert(hand.swap_remove(i));
                }
                Action::Draw(discards)
            } else {
                let mut kinds = [0u8; 4];
                let mut n = 0;
                for (k, ok) in [
                    la.fold,
                    la.check || la.call.is_some(),
                    la.bring_in.is_some(),
                    la.complete.is_some() || la.min_raise_to.is_some(),
                ]
                .into_iter()
                .enumerate()
                {
                    if ok {
                        kinds[n] = k as u8;
                        n += 1;
                    }
                }
                match kinds[uniform_below(&mut rng, n as u32) as usize] {
                    0 => Action::Fold,
                    1 if la.check => Action::Check,
                    1 => Action::Call,
                    2 => Action::PostBringIn,
                    _ if la.complete.is_some() => Action::Complete,
                    _ => {
                        let (lo, hi) = (la.min_raise_to.unwrap_or(0), la.max_raise_to.unwrap_or(0));
                        Action::BetRaiseTo(if uniform_below(&mut rng, 2) == 0 {
                            lo
                        } else {
                            hi
                        })
                    }
                }
            };
            st.apply(action).unwrap();
        }
    }
    actions
}

/// Hands per measured iteration.
const HANDS: u64 = 1_000;

fn whole_hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("hands_6max_fixed_limit");
    group.throughput(Throughput::Elements(HANDS));
    for (name, game) in [
        ("stud", GameKind::Stud),
        ("stud8", GameKind::Stud8),
        ("razz", GameKind::Razz),
        ("soko", GameKind::Soko),
        ("deuce_seven", GameKind::DeuceSeven),
    ] {
        let cfg = GameConfig::ten_twenty(game, BettingStructure::FixedLimit);
        group.bench_with_input(BenchmarkId::from_parameter(name), &cfg, |b, cfg| {
            b.iter(|| play(cfg, HANDS, 7));
        });
    }
    group.finish();
}

criterion_group!(benches, whole_hands);
criterion_main!(benches);
