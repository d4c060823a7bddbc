//! Seeded Monte Carlo: uniform completions drawn job by job.
//!
//! Job `j` covers samples `j · JOB_SAMPLES ..` and owns the generator
//! `rng_for_seed(job_seed(seed, j))`. Each sample deals the cards the players are missing
//! by a partial Fisher-Yates shuffle of the stub (each step picks uniformly among the
//! cards not yet dealt in this sample, so the stub's order left by the previous sample
//! does not matter), player after player in hand order.

use std::ops::Range;

use rand_core::RngCore;
use rayon::prelude::*;

use crate::control::Control;

use super::{split, strengths, Setup, Tally, Totals, JOB_SAMPLES, MAX_PLAYERS, POT_UNITS};
use crate::deck::rng_for_seed;
use crate::eval::tables::{Tables, CARD_KEY};
use crate::eval::Ranking;

/// [`crate::deck::uniform_below`] for one fixed bound, with its divisions precomputed: the same
/// rejection zone, and `x % n` by Lemire's exact "fastmod" (two multiplications), so every
/// draw equals `uniform_below(rng, n)` for the same generator state.
struct Below {
    n: u32,
    zone: u32,
    /// `ceil(2^64 / n)` (0 for `n = 1`, which still gives `x % 1 = 0`).
    inverse: u64,
}

impl Below {
    fn new(n: u32) -> Below {
        Below {
            n,
            zone: u32::MAX - (u32::MAX - n + 1) % n,
            inverse: (u64::MAX / u64::from(n)).wrapping_add(1),
        }
    }

    #[inline]
    fn draw(&self, rng: &mut impl RngCore) -> u32 {
        loop {
            let x = rng.next_u32();
            if x <= self.zone {
                let low = self.inverse.wrapping_mul(u64::from(x));
                return ((u128::from(low) * u128::from(self.n)) >> 64) as u32;
            }
        }
    }
}

/// SplitMix64's output function: a bijective 64-bit mixer.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of Monte Carlo job `job` of a run seeded with `seed`.
#[must_use]
pub fn job_seed(seed: u64, job: u64) -> u64 {
    splitmix64(splitmix64(seed) ^ job)
}

/// Jobs a run of `samples` samples is cut into.
pub(super) fn jobs(samples: u64) -> u64 {
    samples.div_ceil(JOB_SAMPLES)
}

/// The totals of jobs `jobs` (a range of `0 .. jobs(samples)`) of a run of `samples`
/// samples seeded with `seed`.
pub(super) fn run(
    setup: &Setup,
    t: &Tables,
    jobs: Range<u64>,
    samples: u64,
    seed: u64,
    cancel: &Control,
) -> Totals {
    let one = |j: u64| {
        let count = JOB_SAMPLES.min(samples - j * JOB_SAMPLES);
        let s = job_seed(seed, j);
        // One instance of the sampling loop per ranking, so the evaluator is inlined.
        match setup.rankings {
            (Ranking::High, None) => job(setup, s, count, |k, c| (t.high_of(k, c), 0)),
            (Ranking::High, Some(Ranking::Low8)) => {
                job(setup, s, count, |k, c| (t.high_of(k, c), t.low8_of(k, c)))
            }
            (Ranking::AceFive, None) => job(setup, s, count, |k, c| (t.ace_five_of(k, c), 0)),
            (Ranking::Soko(mode), None) => job(setup, s, count, |k, c| (t.soko_of(mode, k, c), 0)),
            (Ranking::DeuceSeven, None) => job(setup, s, count, |k, c| (t.deuce_seven_of(k, c), 0)),
            rankings => job(setup, s, count, |k, c| strengths(rankings, t, k, c)),
        }
    };
    cancel.set_total(jobs.end - jobs.start);
    jobs.into_par_iter()
        // A cancelled run skips its remaining jobs; the caller discards the totals.
        .filter(|_| !cancel.is_cancelled())
        .map(|j| {
            let tally = one(j);
            cancel.advance(1);
            tally
        })
        .fold(Totals::default, |acc, tally| acc.add(&tally))
        .reduce(Totals::default, |a, b| a.merge(&b))
}

/// `count` samples from the generator seeded with `seed`.
fn job(setup: &Setup, seed: u64, count: u64, eval: impl Fn(u64, &[u8]) -> (u16, u16)) -> Tally {
    let n = setup.players();
    let size = setup.hand_cards();
    let hilo = setup.is_hilo();
    let mut rng = rng_for_seed(seed);
    let mut stub = setup.stub.clone();
    let m = stub.len();
    let need: usize = setup.missing.iter().sum();
    let mut hands = [[0u8; 7]; MAX_PLAYERS];
    // Per player: where his dealt cards start in the stub and in his hand.
    let mut first = [0usize; MAX_PLAYERS];
    let mut held = [0usize; MAX_PLAYERS];
    let mut at = 0;
    for p in 0..n {
        hands[p][..setup.held[p].len()].copy_from_slice(&setup.held[p]);
        held[p] = setup.held[p].len();
        first[p] = at;
        at += setup.missing[p];
    }
    let held_key = &setup.held_key[..n];
    let mut hi = [0u16; MAX_PLAYERS];
    let mut lo = [0u16; MAX_PLAYERS];
    let mut units = [0u32; MAX_PLAYERS];
    let mut tally = Tally::default();
    let draws: Vec<Below> = (0..need).map(|i| Below::new((m - i) as u32)).collect();
    for _ in 0..count {
        for (i, below) in draws.iter().enumerate() {
            let j = i + below.draw(&mut rng) as usize;
            stub.swap(i, j);
        }
        for p in 0..n {
            let hand = &mut hands[p];
            let mut key = held_key[p];
            for (slot, &c) in hand[held[p]..size].iter_mut().zip(&stub[first[p]..]) {
                *slot = c;
                key += CARD_KEY[c as usize];
            }
            (hi[p], lo[p]) = eval(key, &hand[..size]);
        }
        split(&hi[..n], &lo[..n], hilo, &mut units[..n]);
        tally.outcomes += 1;
        for (p, &u) in units[..n].iter().enumerate() {
            tally.units[p] += u64::from(u);
            tally.squares[p] += u64::from(u * u);
            // Branch-free: who wins a sample is unpredictable by design.
            tally.wins[p] += u64::from(u == POT_UNITS);
            tally.ties[p] += u64::from(u.wrapping_sub(1) < POT_UNITS - 1);
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::uniform_below;

    #[test]
    fn below_equals_uniform_below() {
        for n in (1..=60).chain([1000, 65_537, 1 << 31, u32::MAX - 1, u32::MAX]) {
            let below = Below::new(n);
            let (mut a, mut b) = (rng_for_seed(u64::from(n)), rng_for_seed(u64::from(n)));
            for _ in 0..2000 {
                assert_eq!(below.draw(&mut a), uniform_below(&mut b, n), "n = {n}");
            }
        }
    }
}
