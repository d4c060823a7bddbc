//! Criterion benchmarks of the evaluators: single-thread batch throughput per ranking.
//!
//! `cargo bench --no-default-features --bench eval`; the README quotes the medians.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use holecard::batch;
use holecard::deck::{rng_for_seed, shuffle};
use holecard::eval::{FourStraight, Ranking};
use holecard::Card;

const HANDS: usize = 1 << 20;

/// `HANDS` random hands of `k` distinct cards, row after row.
fn random_hands(k: usize) -> Vec<u8> {
    let mut rng = rng_for_seed(2024);
    let mut deck: Vec<Card> = Card::all().collect();
    let mut out = Vec::with_capacity(HANDS * k);
    for _ in 0..HANDS {
        shuffle(&mut deck, &mut rng);
        out.extend(deck[..k].iter().map(|c| c.index()));
    }
    out
}

fn batch_single_thread(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch_single_thread");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.sample_size(20);
    let seven = random_hands(7);
    let five = random_hands(5);
    let cases: [(&str, Ranking, &Vec<u8>, usize); 7] = [
        ("high7", Ranking::High, &seven, 7),
        ("ace_five7", Ranking::AceFive, &seven, 7),
        ("low8_7", Ranking::Low8, &seven, 7),
        ("deuce_seven7", Ranking::DeuceSeven, &seven, 7),
        ("high5", Ranking::High, &five, 5),
        ("soko5", Ranking::Soko(FourStraight::Consecutive), &five, 5),
        ("deuce_seven5", Ranking::DeuceSeven, &five, 5),
    ];
    for (name, ranking, hands, k) in cases {
        group.bench_with_input(BenchmarkId::from_parameter(name), hands, |b, h| {
            b.iter(|| batch::evaluate(ranking, h, k, Some(1)).map(|v| v.len()));
        });
    }
    // The evaluation alone: the output buffer is allocated once and reused; with the rows
    // checked (the default) and trusted.
    let mut out = vec![0u32; HANDS];
    for (name, check) in [
        ("high7_into", batch::Check::Rows),
        ("high7_into_trusted", batch::Check::Trusted),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| batch::evaluate_into(Ranking::High, &seven, 7, Some(1), check, &mut out));
        });
    }
    group.finish();
}

criterion_group!(benches, batch_single_thread);
criterion_main!(benches);
