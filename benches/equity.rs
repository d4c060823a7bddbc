//! Criterion benchmarks of equity: exact enumeration and Monte Carlo throughput.
//!
//! `cargo bench --no-default-features --bench equity`; the README quotes the medians.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use holecard::card::parse_cards;
use holecard::equity::{self, Equity};
use holecard::eval::FourStraight;
use holecard::game::GameKind;
use holecard::Card;

/// Equity of a game without Soko's four-straight option (none of these is Soko).
fn equity(
    game: GameKind,
    hs: &[Vec<Card>],
    samples: Option<u64>,
    seed: u64,
    threads: usize,
) -> Equity {
    let mode = FourStraight::Consecutive;
    equity::equity(game, mode, hs, &[], samples, seed, Some(threads)).unwrap()
}

fn hands(texts: &[&str]) -> Vec<Vec<Card>> {
    texts.iter().map(|t| parse_cards(t).unwrap()).collect()
}

/// Heads-up exact equity: fourth street (4 cards each, 3 to come from 44: 141,181,040
/// completions) and, for stud, third street (4 to come from 46: 18,265,297,050).
fn exact_heads_up(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact_heads_up");
    group.sample_size(10);
    let cases = [
        ("stud_4th", GameKind::Stud, ["As Ah Kd 7c", "Qc Jc Tc 9d"]),
        ("stud8_4th", GameKind::Stud8, ["Ac 2d 3h Kd", "5c 6d 7h 8s"]),
        ("razz_4th", GameKind::Razz, ["Ac 2d 3h Kd", "5c 6d 7h 8s"]),
        ("stud_3rd", GameKind::Stud, ["As Ah Kd", "Qc Jc Tc"]),
    ];
    for threads in [1usize, 2] {
        for (name, game, texts) in &cases {
            let hs = hands(texts);
            let e = equity(*game, &hs, None, 0, 1);
            group.throughput(Throughput::Elements(e.outcomes));
            group.bench_with_input(
                BenchmarkId::new(*name, format!("{threads}_threads")),
                &hs,
                |b, hs| b.iter(|| equity(*game, hs, None, 0, threads)),
            );
        }
    }
    group.finish();
}

/// Monte Carlo showdowns per second: heads-up stud and stud/8 from third street, 2-7
/// with two cards to draw each, and three-way third-street stud, stud/8 and razz.
fn monte_carlo(c: &mut Criterion) {
    const SAMPLES: u64 = 4_000_000;
    let mut group = c.benchmark_group("monte_carlo");
    group.sample_size(10);
    group.throughput(Throughput::Elements(SAMPLES));
    let cases = [
        (
            "stud_3rd_heads_up",
            GameKind::Stud,
            hands(&["As Ah Kd", "Qc Jc Tc"]),
        ),
        (
            "stud8_3rd_heads_up",
            GameKind::Stud8,
            hands(&["Ac 2d Kd", "5c 6d 7h"]),
        ),
        (
            "deuce_seven_draw2",
            GameKind::DeuceSeven,
            hands(&["7c 5d 4h", "8c 6d 3s"]),
        ),
    ];
    for threads in [1usize, 2] {
        for (name, game, hs) in &cases {
            group.bench_with_input(
                BenchmarkId::new(*name, format!("{threads}_threads")),
                hs,
                |b, hs| b.iter(|| equity(*game, hs, Some(SAMPLES), 1, threads)),
            );
        }
    }
    // The three-way third-street spots of benches/python/bench_equity.py, on one thread.
    let three_way = [
        (
            "stud_3rd_three_way",
            GameKind::Stud,
            hands(&["As Ah Kd", "Qc Jc Tc", "9s 9d 4h"]),
        ),
        (
            "stud8_3rd_three_way",
            GameKind::Stud8,
            hands(&["Ac 2d 3h", "5c 6d 7h", "Ks Kh Qd"]),
        ),
        (
            "razz_3rd_three_way",
            GameKind::Razz,
            hands(&["Ac 2d 3h", "5c 6d 7h", "Ks Kh Qd"]),
        ),
    ];
    for (name, game, hs) in &three_way {
        group.bench_with_input(BenchmarkId::new(*name, "1_threads"), hs, |b, hs| {
            b.iter(|| equity(*game, hs, Some(SAMPLES), 1, 1));
        });
    }
    group.finish();
}

criterion_group!(benches, exact_heads_up, monte_carlo);
criterion_main!(benches);
