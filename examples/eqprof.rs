use holecard::card::parse_cards;
use holecard::equity::{equity, Game};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hs: Vec<Vec<holecard::Card>> = ["As Ah Kd", "Qc Jc Tc"]
        .iter()
        .map(|t| parse_cards(t).unwrap())
        .collect();
    let t = std::time::Instant::now();
    let n: u64 = args.get(1).map_or(20_000_000, |s| s.parse().unwrap());
    let e = equity(Game::Stud, &hs, &[], Some(n), 1, Some(1)).unwrap();
    let dt = t.elapsed().as_secs_f64();
    eprintln!("{:?} {:.3}s {:.1} M/s", e.shares, dt, n as f64 / dt / 1e6);
}
