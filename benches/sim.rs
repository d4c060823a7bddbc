//! Criterion benchmarks of self-play simulation: whole hands played by the rules engine.
//!
//! `cargo bench --no-default-features --bench sim`; throughput is in hands per second.
//! The headline case is six-handed fixed-limit seven-card stud with strength bots on two
//! threads (target: 500,000 hands/s on two cores).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use holecard::game::options::BettingStructure;
use holecard::game::spec::GameKind;
use holecard::game::GameConfig;
use holecard::sim::{simulate, Bot, Table};

const HANDS: u64 = 100_000;

/// A fixed-limit ten-twenty table ([`GameConfig::ten_twenty`]) with `bots` in seat order.
fn table(game: GameKind, bots: &[Bot]) -> Table {
    let cfg = GameConfig::ten_twenty(game, BettingStructure::FixedLimit);
    Table::new(cfg, bots.to_vec(), None).expect("valid bots")
}

fn stud_six_handed(c: &mut Criterion) {
    let mut group = c.benchmark_group("sim_stud_fl_6max");
    group.throughput(Throughput::Elements(HANDS));
    group.sample_size(10);
    let mixed = [
        Bot::Strength,
        Bot::Random,
        Bot::CallingStation,
        Bot::Strength,
        Bot::Random,
        Bot::CallingStation,
    ];
    let cases: [(&str, [Bot; 6], usize); 5] = [
        ("strength/1t", [Bot::Strength; 6], 1),
        ("strength/2t", [Bot::Strength; 6], 2),
        ("random/2t", [Bot::Random; 6], 2),
        ("calling_station/2t", [Bot::CallingStation; 6], 2),
        ("mixed/2t", mixed, 2),
    ];
    for (name, bots, threads) in cases {
        let t = table(GameKind::Stud, &bots);
        group.bench_with_input(BenchmarkId::from_parameter(name), &t, |b, t| {
            b.iter(|| simulate(t, HANDS, 7, Some(threads)).map(|r| r.hands));
        });
    }
    group.finish();
}

fn every_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("sim_fl_6max_strength_2t");
    group.throughput(Throughput::Elements(HANDS));
    group.sample_size(10);
    for game in [
        GameKind::Soko,
        GameKind::Stud8,
        GameKind::Razz,
        GameKind::DeuceSeven,
    ] {
        let t = table(game, &[Bot::Strength; 6]);
        group.bench_with_input(BenchmarkId::from_parameter(game.id()), &t, |b, t| {
            b.iter(|| simulate(t, HANDS, 7, Some(2)).map(|r| r.hands));
        });
    }
    group.finish();
}

/// The equity bot runs a Monte Carlo each round: a thousand hands per sample.
fn equity_bots(c: &mut Criterion) {
    const EQUITY_HANDS: u64 = 1000;
    let mut group = c.benchmark_group("sim_fl_6max_equity_2t");
    group.throughput(Throughput::Elements(EQUITY_HANDS));
    group.sample_size(10);
    for game in [GameKind::Stud, GameKind::Razz] {
        let t = table(game, &[Bot::Equity; 6]);
        group.bench_with_input(BenchmarkId::from_parameter(game.id()), &t, |b, t| {
            b.iter(|| simulate(t, EQUITY_HANDS, 7, Some(2)).map(|r| r.hands));
        });
    }
    group.finish();
}

criterion_group!(benches, stud_six_handed, every_game, equity_bots);
criterion_main!(benches);
