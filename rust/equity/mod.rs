//! Showdown equity: every player's expected share of the pot when the unknown cards are
//! dealt out, by exact enumeration or by seeded Monte Carlo.
//!
//! # What is counted
//!
//! Each hand lists the cards its player holds; he is *completed* by dealing him the cards
//! he is missing (stud games to seven, Soko and deuce-to-seven to five) from the *stub*:
//! the 52 cards minus every listed card and every dead card. A **completion** gives every
//! player his own set of missing cards, disjoint from the others'. Players are told
//! apart, the order within one player's set is not: with `m` stub cards and players
//! missing `k_1, …, k_n` cards there are `C(m, k_1) · C(m - k_1, k_2) · … · C(m - k_1 - … -
//! k_{n-1}, k_n)` completions (a multinomial coefficient), all equally likely under a
//! random deal. Exact enumeration visits each once; Monte Carlo draws them uniformly.
//!
//! Example: stud, `As Ah Ts Th 8h 8d` against `Kc Qc Jc Td 3c 2d`, 40 stub cards, one card
//! each: `40 · 39 = 1,560` completions, of which the first hand wins 1,114 (= 557/780).
//!
//! # Shares
//!
//! Each completion's pot is split by the game's showdown: the best hand(s) take it, ties
//! split evenly (docs/rules.md G-1.11.1); in stud hi/lo the pot is halved between the best high
//! and the best qualifying 8-or-better low, each half split among its tied winners, and
//! the high hand scoops when nobody has a low (docs/rules.md H-5, G-1.11.2). Shares are kept as
//! whole *pot units* ([`POT_UNITS`] to a pot, a multiple of `2 · k` for every `k` up to
//! [`MAX_PLAYERS`]), so exact results are exact rationals and sums do not depend on the
//! order in which threads finish.
//!
//! # Determinism
//!
//! Monte Carlo splits the samples into jobs of [`JOB_SAMPLES`]; job `j` draws from
//! [`crate::deck::rng_for_seed`]`(job_seed(seed, j))` with [`crate::deck::uniform_below`],
//! so the same seed gives the same result on every platform and whatever the thread count.

mod exact;
mod sample;
#[cfg(test)]
mod tests;

use thiserror::Error;

pub use sample::job_seed;

use crate::card::Card;
use crate::control::{Control, NEVER};
use crate::eval::tables::{tables, Tables, CARD_KEY};
use crate::eval::{FourStraight, Ranking};
use crate::game::{GameKind, VariantSpec};
use crate::threads::with_threads;

/// Most hands an equity calculation takes.
pub const MAX_PLAYERS: usize = 10;

/// Pot units in one pot: `2 · lcm(1..=10)`, so every hi/lo quarter-split of up to
/// [`MAX_PLAYERS`] winners is a whole number of units.
pub const POT_UNITS: u32 = 5040;

/// Samples per Monte Carlo job (the unit of work that owns one seeded generator).
pub const JOB_SAMPLES: u64 = 1 << 16;

/// Most elementary steps exact enumeration takes on (about a minute on one core); beyond
/// it, ask for samples. A step is one innermost entry scanned, or a fortieth of an
/// inclusion–exclusion term (see `exact.rs`).
pub const MAX_EXACT_WORK: u128 = 100_000_000_000;

/// A request equity cannot answer; every message names the bad input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EquityError {
    /// Fewer than two hands, or more than [`MAX_PLAYERS`].
    #[error("equity needs 2 to {MAX_PLAYERS} hands, got {0}")]
    PlayerCount(usize),
    /// A hand with too few or too many cards for the game.
    #[error("hand {hand}: a {game} hand lists {least} to {most} cards, got {got}")]
    HandSize {
        /// Zero-based index of the hand.
        hand: usize,
        /// The game id.
        game: &'static str,
        /// Fewest cards the game accepts.
        least: usize,
        /// Most cards the game accepts.
        most: usize,
        /// How many cards the hand listed.
        got: usize,
    },
    /// The same card listed twice (in one hand, two hands, or a hand and the dead cards).
    #[error("duplicate card {card}: in {first} and in {second}")]
    Duplicate {
        /// The repeated card, as text.
        card: String,
        /// Where it appeared first, e.g. "hand 0".
        first: String,
        /// Where it appeared again, e.g. "the dead cards".
        second: String,
    },
    /// The stub cannot complete every hand.
    #[error("not enough cards: the hands are missing {needed} cards but only {left} remain")]
    DeckTooSmall {
        /// Cards the hands are missing in total.
        needed: usize,
        /// Cards left in the stub.
        left: usize,
    },
    /// `samples = 0`.
    #[error("samples must be at least 1")]
    ZeroSamples,
    /// `threads = 0`.
    #[error("threads must be at least 1")]
    ZeroThreads,
    /// Exact enumeration would take too long.
    #[error(
        "exact enumeration of {0} completions would take too long; \
         pass samples= for a Monte Carlo estimate"
    )]
    TooManyOutcomes(u128),
    /// The run was cancelled (Ctrl-C) before it finished.
    #[error("interrupted")]
    Cancelled,
}

/// The answer: each player's expected share of the pot, with counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    /// Expected fraction of the pot per player (in hand order), summing to 1.
    pub shares: Vec<f64>,
    /// `true` when every completion was enumerated, `false` for Monte Carlo.
    pub exact: bool,
    /// Completions enumerated, or samples drawn.
    pub outcomes: u64,
    /// Per player, the outcomes in which he takes the whole pot (in hi/lo: scoops).
    pub wins: Vec<u64>,
    /// Per player, the outcomes in which he takes part of the pot but not all of it.
    pub ties: Vec<u64>,
    /// Per player, pot units won summed over all outcomes; `shares[i] = units[i] /
    /// (outcomes · POT_UNITS)` exactly.
    pub units: Vec<u128>,
    /// Per player, the standard error of `shares[i]` (0 for exact results).
    pub stderr: Vec<f64>,
}

/// What the core needs to know about one request, validated.
struct Setup {
    /// The game's streets and showdown.
    spec: &'static VariantSpec,
    /// The rankings of the main and (stud/8) low halves.
    rankings: (Ranking, Option<Ranking>),
    /// Per player, the held cards as indices.
    held: Vec<Vec<u8>>,
    /// Per player, the summed card keys of the held cards.
    held_key: Vec<u64>,
    /// Per player, how many cards he is missing.
    missing: Vec<usize>,
    /// The stub, in index order.
    stub: Vec<u8>,
}

impl Setup {
    fn new(
        game: GameKind,
        four_straight: FourStraight,
        hands: &[Vec<Card>],
        dead: &[Card],
    ) -> Result<Setup, EquityError> {
        if !(2..=MAX_PLAYERS).contains(&hands.len()) {
            return Err(EquityError::PlayerCount(hands.len()));
        }
        let spec = VariantSpec::of(game);
        let (lo, hi) = spec.held_range();
        let mut seen: [Option<usize>; 52] = [None; 52];
        let place = |owner: usize| {
            if owner < hands.len() {
                format!("hand {owner}")
            } else {
                "the dead cards".to_string()
            }
        };
        let dead = dead.to_vec();
        for (owner, cards) in hands.iter().chain(std::iter::once(&dead)).enumerate() {
            if owner < hands.len() && !(lo..=hi).contains(&cards.len()) {
                return Err(EquityError::HandSize {
                    hand: owner,
                    game: spec.id,
                    least: lo,
                    most: hi,
                    got: cards.len(),
                });
            }
            for c in cards {
                let slot = &mut seen[c.index() as usize];
                if let Some(first) = *slot {
                    return Err(EquityError::Duplicate {
                        card: c.to_string(),
                        first: place(first),
                        second: place(owner),
                    });
                }
                *slot = Some(owner);
            }
        }
        let stub: Vec<u8> = (0..52u8).filter(|&c| seen[c as usize].is_none()).collect();
        let held: Vec<Vec<u8>> = hands
            .iter()
            .map(|h| h.iter().map(|c| c.index()).collect())
            .collect();
        let missing: Vec<usize> = hands.iter().map(|h| hi - h.len()).collect();
        let needed: usize = missing.iter().sum();
        if needed > stub.len() {
            return Err(EquityError::DeckTooSmall {
                needed,
                left: stub.len(),
            });
        }
        let held_key = held
            .iter()
            .map(|h| h.iter().map(|&c| CARD_KEY[c as usize]).sum())
            .collect();
        Ok(Setup {
            spec,
            rankings: spec.showdown.rankings(four_straight),
            held,
            held_key,
            missing,
            stub,
        })
    }

    fn players(&self) -> usize {
        self.held.len()
    }

    /// Cards in a finished hand.
    fn hand_cards(&self) -> usize {
        usize::from(self.spec.hand_cards)
    }

    /// Whether the pot is split high/low.
    fn is_hilo(&self) -> bool {
        self.rankings.1.is_some()
    }

    /// Number of completions (see the module docs), saturating at `u128::MAX`.
    fn completions(&self) -> u128 {
        let mut left = self.stub.len() as u128;
        let mut total: u128 = 1;
        for &k in &self.missing {
            total = total.saturating_mul(binomial(left, k as u128));
            left -= k as u128;
        }
        total
    }
}

/// `C(n, k)`, saturating.
fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    let mut r: u128 = 1;
    for i in 0..k {
        // r · (n - i) / (i + 1) stays whole at every step.
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

/// The high (or only) and low strength of a finished hand; greater is stronger, a low of
/// 0 means no qualifying low. Strengths are at least 1.
#[inline]
fn strengths(
    rankings: (Ranking, Option<Ranking>),
    t: &Tables,
    key: u64,
    cards: &[u8],
) -> (u16, u16) {
    let (main, low) = rankings;
    (
        t.strength_of(main, key, cards),
        low.map_or(0, |low| t.strength_of(low, key, cards)),
    )
}

/// `POT_UNITS / k`, indexed by `k` up to `2 · MAX_PLAYERS` (index 0 unused).
const SHARE_OF: [u32; 2 * MAX_PLAYERS + 1] = {
    let mut t = [0u32; 2 * MAX_PLAYERS + 1];
    let mut k = 1;
    while k < t.len() {
        t[k] = POT_UNITS / k as u32;
        k += 1;
    }
    t
};

/// Splits one pot among `hi.len()` players: `out[p]` receives player `p`'s pot units.
/// High only when `hilo` is false or nobody has a low (`lo` all 0); otherwise half to the
/// best high, half to the best low, ties splitting their half (docs/rules.md H-5, G-1.11).
/// Branch-free: which case applies is unpredictable from one deal to the next.
#[inline]
fn split(hi: &[u16], lo: &[u16], hilo: bool, out: &mut [u32]) {
    let best_hi = hi.iter().copied().max().unwrap_or(0);
    let high_winners = hi.iter().filter(|&&v| v == best_hi).count();
    if !hilo {
        let each = SHARE_OF[high_winners];
        for (o, &v) in out.iter_mut().zip(hi) {
            *o = u32::from(v == best_hi) * each;
        }
        return;
    }
    let best_lo = lo.iter().copied().max().unwrap_or(0);
    let low_winners = lo.iter().filter(|&&v| v == best_lo).count();
    let has_low = best_lo > 0;
    // With a low the high winners share half the pot and the low winners the other half;
    // without one (every low is 0, so all "tie" for it) the high winners take it all.
    let hi_each = SHARE_OF[high_winners << usize::from(has_low)];
    let lo_each = SHARE_OF[2 * low_winners] * u32::from(has_low);
    for ((o, &h), &l) in out.iter_mut().zip(hi).zip(lo) {
        *o = u32::from(h == best_hi) * hi_each + u32::from(l == best_lo) * lo_each;
    }
}

/// Per-player totals a job adds up; merged by plain integer addition.
#[derive(Debug, Clone, Default)]
struct Tally {
    outcomes: u64,
    units: [u64; MAX_PLAYERS],
    /// Sum of squared per-outcome units (Monte Carlo only).
    squares: [u64; MAX_PLAYERS],
    wins: [u64; MAX_PLAYERS],
    ties: [u64; MAX_PLAYERS],
}

/// Totals over all jobs, wide enough for any sample count.
#[derive(Debug, Clone, Default)]
struct Totals {
    outcomes: u128,
    units: [u128; MAX_PLAYERS],
    squares: [u128; MAX_PLAYERS],
    wins: [u128; MAX_PLAYERS],
    ties: [u128; MAX_PLAYERS],
}

impl Totals {
    fn add(mut self, t: &Tally) -> Totals {
        self.outcomes += u128::from(t.outcomes);
        for p in 0..MAX_PLAYERS {
            self.units[p] += u128::from(t.units[p]);
            self.squares[p] += u128::from(t.squares[p]);
            self.wins[p] += u128::from(t.wins[p]);
            self.ties[p] += u128::from(t.ties[p]);
        }
        self
    }

    fn merge(mut self, other: &Totals) -> Totals {
        self.outcomes += other.outcomes;
        for p in 0..MAX_PLAYERS {
            self.units[p] += other.units[p];
            self.squares[p] += other.squares[p];
            self.wins[p] += other.wins[p];
            self.ties[p] += other.ties[p];
        }
        self
    }

    // Shares are reported as floats; the exact integers stay available in `units`.
    #[allow(clippy::cast_precision_loss)]
    fn finish(&self, players: usize, exact: bool) -> Equity {
        let n = self.outcomes as f64;
        let pot = f64::from(POT_UNITS);
        let shares = (0..players)
            .map(|p| self.units[p] as f64 / (n * pot))
            .collect();
        let stderr = (0..players)
            .map(|p| {
                if exact {
                    return 0.0;
                }
                if self.outcomes < 2 {
                    return f64::NAN;
                }
                let mean = self.units[p] as f64 / n / pot;
                let mean_sq = self.squares[p] as f64 / n / (pot * pot);
                let var = (mean_sq - mean * mean).max(0.0) * n / (n - 1.0);
                (var / n).sqrt()
            })
            .collect();
        Equity {
            shares,
            exact,
            outcomes: u64::try_from(self.outcomes).unwrap_or(u64::MAX),
            wins: (0..players)
                .map(|p| u64::try_from(self.wins[p]).unwrap_or(u64::MAX))
                .collect(),
            ties: (0..players)
                .map(|p| u64::try_from(self.ties[p]).unwrap_or(u64::MAX))
                .collect(),
            units: self.units[..players].to_vec(),
            stderr,
        }
    }
}

/// Adds `count` outcomes in which player `p` receives `units[p]` pot units.
#[inline]
fn record(tally: &mut Tally, units: &[u32], count: u64) {
    for (p, &u) in units.iter().enumerate() {
        tally.units[p] += u64::from(u) * count;
        if u == POT_UNITS {
            tally.wins[p] += count;
        } else if u > 0 {
            tally.ties[p] += count;
        }
    }
}

/// Every player's expected share of the pot.
///
/// `hands[i]` lists the cards player `i` holds (stud games 2-7, Soko 1-5, deuce-to-seven
/// 0-5 kept cards); `dead` cards are out of play. `samples: None` enumerates every
/// completion (see the module docs); `Some(n)` draws `n` uniform completions from `seed`.
/// `threads: None` uses every core. The same inputs give the same result whatever the
/// thread count.
pub fn equity(
    game: GameKind,
    four_straight: FourStraight,
    hands: &[Vec<Card>],
    dead: &[Card],
    samples: Option<u64>,
    seed: u64,
    threads: Option<usize>,
) -> Result<Equity, EquityError> {
    equity_cancellable(
        game,
        four_straight,
        hands,
        dead,
        samples,
        seed,
        threads,
        &NEVER,
    )
}

/// A validated equity request: its hands checked once, then sized and run.
pub struct Prepared {
    setup: Setup,
    threads: Option<usize>,
}

/// Checks an equity request as [`equity`] does (thread count first, then the cards).
pub fn prepare(
    game: GameKind,
    four_straight: FourStraight,
    hands: &[Vec<Card>],
    dead: &[Card],
    threads: Option<usize>,
) -> Result<Prepared, EquityError> {
    if threads == Some(0) {
        return Err(EquityError::ZeroThreads);
    }
    Ok(Prepared {
        setup: Setup::new(game, four_straight, hands, dead)?,
        threads,
    })
}

/// [`equity`] that stops early with [`EquityError::Cancelled`] once `cancel` is set (each
/// worker checks it between jobs of a few milliseconds).
#[allow(clippy::too_many_arguments)]
pub fn equity_cancellable(
    game: GameKind,
    four_straight: FourStraight,
    hands: &[Vec<Card>],
    dead: &[Card],
    samples: Option<u64>,
    seed: u64,
    threads: Option<usize>,
    cancel: &Control,
) -> Result<Equity, EquityError> {
    prepare(game, four_straight, hands, dead, threads)?.run(samples, seed, cancel)
}

impl Prepared {
    /// The work the request would do: its completions when exact (`samples: None`), its
    /// samples otherwise.
    #[must_use]
    pub fn work(&self, samples: Option<u64>) -> u128 {
        samples.map_or_else(|| self.setup.completions(), u128::from)
    }

    /// Runs the request (see [`equity_cancellable`]).
    pub fn run(
        &self,
        samples: Option<u64>,
        seed: u64,
        cancel: &Control,
    ) -> Result<Equity, EquityError> {
        let (setup, threads) = (&self.setup, self.threads);
        let t = tables();
        match samples {
            Some(0) => Err(EquityError::ZeroSamples),
            Some(n) => {
                let totals = with_threads(threads, || sample::run(setup, t, n, seed, cancel));
                if cancel.is_cancelled() {
                    return Err(EquityError::Cancelled);
                }
                Ok(totals.finish(setup.players(), false))
            }
            None => {
                let total = setup.completions();
                let plan = exact::plan(setup);
                if plan.work > MAX_EXACT_WORK {
                    return Err(EquityError::TooManyOutcomes(total));
                }
                let totals = with_threads(threads, || exact::run(setup, t, &plan, cancel));
                if cancel.is_cancelled() {
                    return Err(EquityError::Cancelled);
                }
                debug_assert_eq!(totals.outcomes, total);
                Ok(totals.finish(setup.players(), true))
            }
        }
    }
}
