//! Seeded Monte Carlo: uniform completions drawn job by job.
//!
//! Job `j` covers samples `j · JOB_SAMPLES ..` and owns the generator
//! [`Stream::new`]`(job_seed(seed, j))`. Each sample deals the cards the players are
//! missing by a partial Fisher-Yates shuffle of a stub (each step picks uniformly among
//! the cards not yet dealt in this sample, so the stub's order left by an earlier sample
//! does not matter), player after player in hand order, each player's steps from one
//! 64-bit draw ([`Dealer`]): a sample of three third-street stud hands costs three draws
//! instead of twelve. Samples are dealt in pairs, from two copies of the stub, player by
//! player in turn: the draws of samples `2t` and `2t + 1` go to player 0 of the first,
//! player 0 of the second, player 1 of the first, and so on.

use std::ops::Range;

use crate::control::Control;

use super::{record, split, total, Setup, Tally, Totals, JOB_SAMPLES, MAX_PLAYERS};
use wide::u64x2;

use crate::eval::tables::{mask_of, Tables, CARD_KEY_MASK};
use crate::game::spec::Showdown;

/// SplitMix64's increment (the golden ratio in 64 bits).
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function: a bijective 64-bit mixer.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One step of SplitMix64 from state `z`.
fn splitmix64(z: u64) -> u64 {
    mix(z.wrapping_add(GAMMA))
}

/// The seed of Monte Carlo job `job` of a run seeded with `seed`.
#[must_use]
pub fn job_seed(seed: u64, job: u64) -> u64 {
    splitmix64(splitmix64(seed) ^ job)
}

/// A job's generator: the SplitMix64 sequence from its seed (Steele, Lea and Flood 2014,
/// the generator of Java's `SplittableRandom`; it passes BigCrush). Sampling needs
/// statistical quality, not secrecy, and this costs a nanosecond a draw where ChaCha8
/// cost several; defined here, a seed gives the same draws on every platform.
struct Stream(u64);

impl Stream {
    fn new(seed: u64) -> Stream {
        Stream(seed)
    }

    #[inline]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        mix(self.0)
    }
}

/// Room for any stub: indices that are a `u8` are in bounds by construction.
const STUB: usize = 256;

/// The most cards a hand can be missing in any game (stud holds at least its two down
/// cards of seven; deuce-to-seven may hold none of five).
const MOST_MISSING: usize = 5;

/// One job's deal: two copies of the stub, each shuffled in place by a partial
/// Fisher-Yates shuffle every other sample, and each player's fixed part.
///
/// Two copies, because a sample's shuffle reads the positions the previous one's swaps
/// stored to: alternating copies lets the processor overlap two samples' shuffles
/// (1.04-1.14x the samples a second on three-way third street).
///
/// A player's missing cards (at most five, from at most 50) come from one 64-bit draw, by
/// batched ranged integers (Brackett-Rolfe and Lemire 2024): for bounds `n_1 … n_k`,
/// `x · n_1` gives the first index in its high 64 bits and leaves its low 64 bits for
/// `· n_2`, and so on; the indices are exactly the mixed-radix digits of
/// `⌊x · P / 2^64⌋`, `P = n_1 ⋯ n_k < 2^29`, which Lemire's rejection of the `2^64 mod P`
/// lowest remainders makes uniform on `0 .. P` (a draw is rejected with probability
/// below `2^-35`).
struct Dealer {
    stubs: [[u8; STUB]; 2],
    seats: Vec<Seat>,
}

/// One player's part of a deal.
struct Seat {
    /// His first Fisher-Yates step (stub position); his missing cards take the steps from
    /// it on.
    start: u8,
    /// How many cards he is missing.
    missing: usize,
    /// The first step's bound: the stub cards not yet dealt then (each later step has one
    /// fewer).
    left: u64,
    /// `2^64 mod P`, `P` the product of their bounds: a draw leaving less is rejected.
    reject_below: u64,
    /// The summed card keys and card mask of what he holds, side by side.
    held: u64x2,
}

impl Dealer {
    fn new(setup: &Setup) -> Dealer {
        // Every game's hands hold all but at most five of their cards (the test
        // `no_hand_misses_more_than_the_dealer_deals`); `deal_pair` has no arm for more.
        assert!(
            setup.missing.iter().all(|&k| k <= MOST_MISSING),
            "a hand misses more than {MOST_MISSING} cards"
        );
        let m = setup.stub.len();
        let mut stub = [0u8; STUB];
        stub[..m].copy_from_slice(&setup.stub);
        let mut at = 0;
        let seats = (0..setup.players())
            .map(|p| {
                let (start, missing) = (at, setup.missing[p]);
                at += missing;
                let product: u64 = (m - start - missing + 1..=m - start)
                    .map(|bound| bound as u64)
                    .product();
                Seat {
                    start: u8::try_from(start).expect("a stub has at most 52 cards"),
                    missing,
                    left: (m - start) as u64,
                    reject_below: product.wrapping_neg() % product,
                    held: u64x2::new([setup.held_key[p], mask_of(&setup.held[p])]),
                }
            })
            .collect();
        Dealer {
            stubs: [stub; 2],
            seats,
        }
    }

    /// Deals the next two samples, one from each stub: every player's summed card keys
    /// and card mask (the sum of distinct cards' mask bits), with one SIMD add per card.
    #[allow(clippy::inline_always)] // once per pair of samples, in each game's sampling loop
    #[inline(always)]
    fn deal_pair(&mut self, rng: &mut Stream, hands: &mut [[u64x2; MAX_PLAYERS]; 2]) {
        let Dealer { stubs, seats } = self;
        for (p, seat) in seats.iter().enumerate() {
            for g in 0..2 {
                let stub = &mut stubs[g];
                // A loop of a known length per seat: unrolled, one seat's steps overlap
                // where the loop over a range left them one after another (1.4-1.6x the
                // samples a second, though it counts more instructions).
                hands[g][p] = match seat.missing {
                    0 => seat.held,
                    1 => deal_seat::<1>(stub, rng, seat),
                    2 => deal_seat::<2>(stub, rng, seat),
                    3 => deal_seat::<3>(stub, rng, seat),
                    4 => deal_seat::<4>(stub, rng, seat),
                    _ => deal_seat::<MOST_MISSING>(stub, rng, seat),
                };
            }
        }
    }
}

/// One seat's `N` missing cards (at most five) from one 64-bit draw per try, as
/// [`Dealer`] describes: step `i` swaps a card uniform among stub positions `i ..` into
/// position `i`.
#[allow(clippy::inline_always)] // in the sampling loop, once per seat and sample
#[inline(always)]
fn deal_seat<const N: usize>(stub: &mut [u8; STUB], rng: &mut Stream, seat: &Seat) -> u64x2 {
    loop {
        let mut x = rng.next();
        let mut sum = seat.held;
        for k in 0..N {
            let i = usize::from(seat.start.wrapping_add(k as u8));
            let wide = u128::from(x) * u128::from(seat.left - k as u64);
            x = wide as u64;
            // A rejected draw's swaps stay: they only reorder the cards not yet dealt,
            // among which the accepted draw picks uniformly.
            let j = usize::from((i + (wide >> 64) as usize) as u8);
            // The dealt card as loaded, not reread after the swap's stores.
            let card = stub[j];
            stub.swap(i, j);
            sum += CARD_KEY_MASK[card as usize];
        }
        if x >= seat.reject_below {
            break sum;
        }
    }
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
    threads: Option<usize>,
    cancel: &Control,
) -> Totals {
    let one = |j: u64| {
        let count = JOB_SAMPLES.min(samples - j * JOB_SAMPLES);
        let s = job_seed(seed, j);
        // One instance of the sampling loop per game, so the evaluator is inlined; each
        // ranks a hand from its summed keys and (for flushes) its card mask.
        match setup.spec.showdown {
            Showdown::High => {
                let high = t.high_t();
                by_players::<false>(setup, s, count, |k, m| (high.with_flush(k, || m), 0))
            }
            Showdown::HighLow8 => {
                let (high, low) = (t.high_t(), t.low8_t());
                by_players::<true>(setup, s, count, |k, m| {
                    (high.with_flush(k, || m), low.by_ranks(k))
                })
            }
            Showdown::AceFive => {
                let low = t.ace_five_t();
                by_players::<false>(setup, s, count, |k, _| (low.by_ranks(k), 0))
            }
            Showdown::Soko => {
                let soko = t.soko_t(setup.four_straight);
                by_players::<false>(setup, s, count, |k, m| (soko.value(k, || m), 0))
            }
            Showdown::DeuceSeven => {
                // Five-card hands: suited means a flush, which the flush table ranks.
                let low = t.deuce7_t();
                by_players::<false>(setup, s, count, |k, m| (low.with_flush(k, || m), 0))
            }
        }
    };
    total(jobs, threads, cancel, one)
}

/// Samples dealt before any is ranked: their table reads then overlap.
const BATCH: usize = 16;

/// Most outcome classes a job counts in a table (`2^n`, or `2^2n` in hi/lo): beyond, it
/// splits every sample's pot as it comes.
const MAX_CLASSES: usize = 1 << 12;

/// The winners of one pot, player by player: the best value so far and who has it.
#[derive(Clone, Copy, Default)]
struct Winners {
    best: u16,
    /// Bit `p` set when player `p` has `best`.
    mask: usize,
}

impl Winners {
    /// Player `p`'s value `v`, branch-free: a better value restarts the set, an equal one
    /// joins it.
    #[inline]
    fn add(&mut self, p: usize, v: u16) {
        let better = usize::from(v > self.best);
        let joins = better | usize::from(v == self.best);
        self.mask = (self.mask & better.wrapping_sub(1)) | joins << p;
        self.best = self.best.max(v);
    }

    /// The winners as a class: bit `p` set for each, or 0 when the best is 0 (nobody
    /// has a qualifying low).
    #[inline]
    fn class(self) -> usize {
        self.mask * usize::from(self.best > 0)
    }
}

/// Adds `count` outcomes of class `class` (high winners in bits `0 .. n`, low winners
/// above) to the tally, the pot split as [`split`] splits it.
fn add_class(tally: &mut Tally, n: usize, hilo: bool, class: usize, count: u64) {
    let mut hi = [0u16; MAX_PLAYERS];
    let mut lo = [0u16; MAX_PLAYERS];
    for p in 0..n {
        hi[p] = 1 + (class >> p & 1) as u16;
        lo[p] = (class >> (n + p) & 1) as u16;
    }
    let (mut units, mut low) = ([0u32; MAX_PLAYERS], [0u32; MAX_PLAYERS]);
    split(&hi[..n], &lo[..n], hilo, &mut units[..n], &mut low[..n]);
    record(tally, &units[..n], &low[..n], count);
    for (square, &u) in tally.squares.iter_mut().zip(&units[..n]) {
        *square += u64::from(u * u) * count;
    }
    tally.outcomes += count;
}

/// [`job`] for the number of players at hand. Two to four players, the commonest
/// questions, each have an instance with the count known when compiled: the per-sample
/// loop that ranks the players is unrolled (three-way third street: 12-15 % fewer
/// instructions a sample, 1.05-1.11x the samples a second; six-way gained too little
/// for more instances to pay for their code).
fn by_players<const HILO: bool>(
    setup: &Setup,
    seed: u64,
    count: u64,
    eval: impl Fn(u64, u64) -> (u16, u16),
) -> Tally {
    match setup.players() {
        2 => job::<HILO, 2>(setup, seed, count, eval),
        3 => job::<HILO, 3>(setup, seed, count, eval),
        4 => job::<HILO, 4>(setup, seed, count, eval),
        _ => job::<HILO, 0>(setup, seed, count, eval),
    }
}

/// `count` samples from the generator seeded with `seed`, each player's hand ranked by
/// `eval(key, mask)` (high, and low in hi/lo). A sample only counts one to its outcome
/// class (who has the best high and the best low); the classes' pots are split once at
/// the end. `PLAYERS` is the number of players, or 0 for any.
fn job<const HILO: bool, const PLAYERS: usize>(
    setup: &Setup,
    seed: u64,
    count: u64,
    eval: impl Fn(u64, u64) -> (u16, u16),
) -> Tally {
    let n = if PLAYERS > 0 {
        PLAYERS
    } else {
        setup.players()
    };
    let mut rng = Stream::new(seed);
    let mut dealer = Dealer::new(setup);
    let classes = 1usize << if HILO { 2 * n } else { n };
    let mut counts = vec![0u32; if classes <= MAX_CLASSES { classes } else { 0 }];
    let mut tally = Tally::default();
    let mut dealt = [[u64x2::ZERO; MAX_PLAYERS]; BATCH];
    let mut left = count;
    while left > 0 {
        let batch = BATCH.min(usize::try_from(left).unwrap_or(BATCH));
        // Always a whole batch, in pairs (a job's last batch deals more than it counts).
        for pair in dealt.as_chunks_mut::<2>().0 {
            dealer.deal_pair(&mut rng, pair);
        }
        for hands in dealt.iter().take(batch) {
            let (mut hi, mut lo) = (Winners::default(), Winners::default());
            for (p, hand) in hands[..n].iter().enumerate() {
                let [key, mask] = hand.to_array();
                let (h, l) = eval(key, mask);
                hi.add(p, h);
                if HILO {
                    lo.add(p, l);
                }
            }
            let class = if HILO {
                hi.class() | lo.class() << n
            } else {
                hi.class()
            };
            match counts.get_mut(class) {
                Some(c) => *c += 1,
                None => add_class(&mut tally, n, HILO, class, 1),
            }
        }
        left -= batch as u64;
    }
    for (class, &c) in counts.iter().enumerate() {
        if c > 0 {
            add_class(&mut tally, n, HILO, class, u64::from(c));
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::eval::FourStraight;
    use crate::game::GameKind;

    /// The published SplitMix64 sequence from seed 1234567 (the reference C code's).
    #[test]
    fn stream_is_splitmix64() {
        let mut s = Stream::new(1_234_567);
        let got: Vec<u64> = (0..3).map(|_| s.next()).collect();
        assert_eq!(
            got,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423
            ]
        );
    }

    /// The running winners equal the naive ones for every 4-player vector of values 0-3
    /// (ties and all-zero lows included).
    #[test]
    fn winners_are_everyone_with_the_best_positive_value() {
        for code in 0..4u32.pow(4) {
            let values: Vec<u16> = (0..4).map(|p| (code >> (2 * p) & 3) as u16).collect();
            let mut running = Winners::default();
            for (p, &v) in values.iter().enumerate() {
                running.add(p, v);
            }
            let best = *values.iter().max().unwrap();
            let naive = if best == 0 {
                0
            } else {
                (0..4).filter(|&p| values[p] == best).map(|p| 1 << p).sum()
            };
            assert_eq!(running.class(), naive, "{values:?}");
        }
    }

    /// The instances for two to four players count exactly what the one for any count
    /// does, sample for sample: high alone, and high with the 8-or-better low.
    #[test]
    fn instances_for_a_player_count_equal_the_general_one() {
        let hands = ["As Ah Kd", "Qc Jc Tc", "9s 9d 4h", "2c 3c 4c", "7h 8h 9c"];
        let t = crate::eval::tables::tables();
        let (high, low) = (t.high_t(), t.low8_t());
        let eval = |k, m| (high.with_flush(k, || m), low.by_ranks(k));
        for n in 2..=5 {
            let held: Vec<Vec<Card>> = hands[..n]
                .iter()
                .map(|h| crate::card::parse_cards(h).unwrap())
                .collect();
            let setup = Setup::new(GameKind::Stud8, FourStraight::Consecutive, &held, &[]).unwrap();
            for seed in 0..3 {
                let any = job::<true, 0>(&setup, seed, 2_001, eval);
                assert_eq!(by_players::<true>(&setup, seed, 2_001, eval), any);
                let any = job::<false, 0>(&setup, seed, 2_001, eval);
                assert_eq!(by_players::<false>(&setup, seed, 2_001, eval), any);
                assert_eq!(any.outcomes, 2_001);
            }
        }
    }

    #[test]
    fn no_hand_misses_more_than_the_dealer_deals() {
        for &game in GameKind::ALL {
            let (least, most) = crate::game::VariantSpec::of(game).held_range();
            assert!(most - least <= MOST_MISSING, "{game:?}: {least}..={most}");
        }
    }

    /// Every card reaches every dealt position equally often, each hand sums exactly the
    /// cards dealt to it, and the two samples of a pair are independent.
    #[test]
    fn deals_are_uniform() {
        // Two 2-7 players keeping nothing, twelve cards left: ten dealt a sample.
        let dead: Vec<Card> = (12..52).map(|i| Card::from_index(i).unwrap()).collect();
        let setup = Setup::new(
            GameKind::DeuceSeven,
            FourStraight::Consecutive,
            &[vec![], vec![]],
            &dead,
        )
        .unwrap();
        let mut dealer = Dealer::new(&setup);
        let product: u64 = 7 * 6 * 5 * 4 * 3;
        assert_eq!(
            dealer.seats[1].reject_below,
            product.wrapping_neg() % product
        );
        let mut rng = Stream::new(9);
        let mut hands = [[u64x2::ZERO; MAX_PLAYERS]; 2];
        let mut seen = [[0u32; 12]; 10];
        // Per pair, the first card of its first sample against that of its second.
        let mut joint = [[0u32; 12]; 12];
        let pairs = 120_000;
        for _ in 0..pairs {
            dealer.deal_pair(&mut rng, &mut hands);
            for (stub, hands) in dealer.stubs.iter().zip(&hands) {
                for (pos, &c) in stub[..10].iter().enumerate() {
                    seen[pos][c as usize] += 1;
                }
                for (p, hand) in hands[..2].iter().enumerate() {
                    let cards = &stub[5 * p..5 * p + 5];
                    let want: u64x2 = cards.iter().map(|&c| CARD_KEY_MASK[c as usize]).sum();
                    assert_eq!(hand.to_array(), want.to_array());
                }
            }
            joint[dealer.stubs[0][0] as usize][dealer.stubs[1][0] as usize] += 1;
        }
        // 5 sigma: binomial standard deviations of 135 and 28.8.
        let expected = f64::from(2 * pairs) / 12.0;
        for row in &seen {
            for &k in row {
                assert!((f64::from(k) - expected).abs() < 5.0 * 135.0, "{seen:?}");
            }
        }
        let expected = f64::from(pairs) / 144.0;
        for row in &joint {
            for &k in row {
                assert!((f64::from(k) - expected).abs() < 5.0 * 28.8, "{joint:?}");
            }
        }
    }
}
