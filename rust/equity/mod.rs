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
//! Monte Carlo splits the samples into jobs of [`JOB_SAMPLES`]; job `j` draws from its own
//! generator seeded with [`job_seed`]`(seed, j)` (`sample.rs` defines both, bit for bit),
//! so the same seed gives the same result on every platform and whatever the thread count.

mod exact;
mod record;
mod sample;
#[cfg(test)]
mod tests;

use thiserror::Error;

pub use record::RecordError;
pub use sample::job_seed;

use crate::card::Card;
use crate::control::{Control, NEVER};
use crate::eval::tables::{tables, Tables, CARD_KEY};
use crate::eval::{FourStraight, Ranking};
use crate::game::{GameKind, VariantSpec};
use crate::threads::{fold_items, with_threads};
use std::ops::Range;
use std::sync::OnceLock;

/// Most hands an equity calculation takes.
pub const MAX_PLAYERS: usize = 10;

/// Pot units in one pot: `2 · lcm(1..=10)`, so every hi/lo quarter-split of up to
/// [`MAX_PLAYERS`] winners is a whole number of units.
pub const POT_UNITS: u32 = 5040;

/// Samples per Monte Carlo job (the unit of work that owns one seeded generator).
pub const JOB_SAMPLES: u64 = 1 << 16;

/// Most elementary steps exact enumeration takes on (about a minute on one core); beyond
/// it, ask for samples. A step is one innermost entry of a high-only game scanned; hi/lo
/// entries, inclusion–exclusion terms and each call's fixed cost count as several (see
/// `estimate` in `exact.rs`).
pub const MAX_EXACT_WORK: u128 = 100_000_000_000;

/// Most elementary steps an exact enumeration spread over a cluster takes on: about three
/// core-years (a day on a thousand cores), and small enough that no unit's totals overflow.
pub const MAX_CLUSTER_WORK: u128 = MAX_EXACT_WORK * 100_000_000 / 60;

/// Most completions an exact enumeration counts, so that no unit's `u64` totals overflow.
const MAX_COMPLETIONS: u128 = 1_000_000_000_000_000_000;

/// Elementary exact-enumeration steps one core takes a second (measured, docs/scaling.md).
pub const EXACT_STEPS_PER_SECOND: f64 = 1.5e9;

/// One Monte Carlo sample's time per player on one core, in seconds (measured,
/// docs/scaling.md).
pub const SAMPLE_SECONDS_PER_PLAYER: f64 = 1e-8;

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
    #[error("duplicate card {card}: {}", places(first, second))]
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
        "exact enumeration of {0} completions would take too long on one machine; \
         pass samples= for a Monte Carlo estimate, or executor= to spread it over many"
    )]
    TooManyOutcomes(u128),
    /// Exact enumeration would take too long even spread over a cluster.
    #[error(
        "exact enumeration of {0} completions would take years even on a cluster; \
         pass samples= for a Monte Carlo estimate"
    )]
    TooManyForCluster(u128),
    /// A range of units outside the work.
    #[error("units {start}..{stop} are not within the work's 0..{units}")]
    UnitRange {
        /// First unit asked for.
        start: u64,
        /// One past the last unit asked for.
        stop: u64,
        /// Units the work has.
        units: u64,
    },
    /// Totals that do not cover the work exactly once.
    #[error("the totals count {got} outcomes, the work has {expected}: a chunk is missing or counted twice")]
    Incomplete {
        /// Outcomes in the totals.
        got: u128,
        /// Outcomes of the work.
        expected: u64,
    },
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
    /// Stud hi/lo only (`None` in games without a low half): per player, the part of
    /// `units` won with the low hand; the rest, `units[i] - low_units[i]`, was won with the
    /// high hand (a high hand that takes the whole pot because nobody has a low wins all of
    /// it as high).
    pub low_units: Option<Vec<u128>>,
    /// Per player, the standard error of `shares[i]` (0 for exact results).
    pub stderr: Vec<f64>,
}

/// What the core needs to know about one request, validated.
struct Setup {
    /// The game's streets and showdown.
    spec: &'static VariantSpec,
    /// The rankings of the main and (stud/8) low halves.
    rankings: (Ranking, Option<Ranking>),
    /// Soko's four-straight mode (the one in `rankings`).
    four_straight: FourStraight,
    /// Per player, the held cards as indices.
    held: Vec<Vec<u8>>,
    /// Per player, the summed card keys of the held cards.
    held_key: Vec<u64>,
    /// Per player, how many cards he is missing.
    missing: Vec<usize>,
    /// The stub, in index order.
    stub: Vec<u8>,
}

/// Where a duplicate card was listed: "in hand 0 and in hand 1", "twice in hand 0".
fn places(first: &str, second: &str) -> String {
    if first == second {
        format!("twice in {first}")
    } else {
        format!("in {first} and in {second}")
    }
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
            four_straight,
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

/// Splits one pot among `hi.len()` players: `out[p]` receives player `p`'s pot units,
/// `low_out[p]` the part of them won with his low (0 unless `hilo`).
/// High only when `hilo` is false or nobody has a low (`lo` all 0); otherwise half to the
/// best high, half to the best low, ties splitting their half (docs/rules.md H-5, G-1.11).
/// Branch-free: which case applies is unpredictable from one deal to the next.
#[inline]
fn split(hi: &[u16], lo: &[u16], hilo: bool, out: &mut [u32], low_out: &mut [u32]) {
    let best_hi = hi.iter().copied().max().unwrap_or(0);
    let high_winners = hi.iter().filter(|&&v| v == best_hi).count();
    if !hilo {
        let each = SHARE_OF[high_winners];
        for ((o, l), &v) in out.iter_mut().zip(low_out.iter_mut()).zip(hi) {
            *o = u32::from(v == best_hi) * each;
            *l = 0;
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
    for (((o, low), &h), &l) in out.iter_mut().zip(low_out.iter_mut()).zip(hi).zip(lo) {
        *low = u32::from(l == best_lo) * lo_each;
        *o = u32::from(h == best_hi) * hi_each + *low;
    }
}

/// Per-player totals a job adds up; merged by plain integer addition.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Tally {
    outcomes: u64,
    units: [u64; MAX_PLAYERS],
    /// The part of `units` won with the low hand (stud hi/lo).
    low: [u64; MAX_PLAYERS],
    /// Sum of squared per-outcome units (Monte Carlo only).
    squares: [u64; MAX_PLAYERS],
    wins: [u64; MAX_PLAYERS],
    ties: [u64; MAX_PLAYERS],
}

/// Integer totals over any set of units, wide enough for any sample count; they merge
/// exactly by addition ([`Totals::merge`]), whatever the order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Totals {
    /// Outcomes counted.
    pub outcomes: u128,
    /// Per player, pot units won.
    pub units: [u128; MAX_PLAYERS],
    /// Per player, the part of `units` won with the low hand (stud hi/lo; 0 otherwise).
    pub low: [u128; MAX_PLAYERS],
    /// Per player, the sum of squared per-outcome pot units (Monte Carlo only).
    pub squares: [u128; MAX_PLAYERS],
    /// Per player, outcomes won outright.
    pub wins: [u128; MAX_PLAYERS],
    /// Per player, outcomes split.
    pub ties: [u128; MAX_PLAYERS],
}

impl Totals {
    fn add(mut self, t: &Tally) -> Totals {
        self.outcomes += u128::from(t.outcomes);
        for p in 0..MAX_PLAYERS {
            self.units[p] += u128::from(t.units[p]);
            self.low[p] += u128::from(t.low[p]);
            self.squares[p] += u128::from(t.squares[p]);
            self.wins[p] += u128::from(t.wins[p]);
            self.ties[p] += u128::from(t.ties[p]);
        }
        self
    }

    /// These totals plus `other`'s.
    #[must_use]
    pub fn merge(mut self, other: &Totals) -> Totals {
        self.outcomes += other.outcomes;
        for p in 0..MAX_PLAYERS {
            self.units[p] += other.units[p];
            self.low[p] += other.low[p];
            self.squares[p] += other.squares[p];
            self.wins[p] += other.wins[p];
            self.ties[p] += other.ties[p];
        }
        self
    }

    // Shares are reported as floats; the exact integers stay available in `units`.
    #[allow(clippy::cast_precision_loss)]
    fn finish(&self, players: usize, exact: bool, hilo: bool) -> Equity {
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
            low_units: hilo.then(|| self.low[..players].to_vec()),
            stderr,
        }
    }
}

/// The totals of `units`, each unit tallied by `tally`, on `threads` threads. A cancelled
/// run skips its remaining units; the caller discards the totals.
fn total(
    units: Range<u64>,
    threads: Option<usize>,
    cancel: &Control,
    tally: impl Fn(u64) -> Tally + Sync,
) -> Totals {
    cancel.set_total(units.end - units.start);
    // The units end at a cancel, so that no thread steps through the rest of a run of
    // up to 2**64 units (Ctrl-C then took as long as the run).
    fold_items(
        threads,
        units.take_while(|_| !cancel.is_cancelled()),
        Totals::default,
        |acc, u| {
            let t = tally(u);
            cancel.advance(1);
            acc.add(&t)
        },
        |a, b| a.merge(&b),
    )
}

/// Adds `count` outcomes in which player `p` receives `units[p]` pot units, `low[p]` of
/// them with his low.
#[inline]
fn record(tally: &mut Tally, units: &[u32], low: &[u32], count: u64) {
    for (p, (&u, &l)) in units.iter().zip(low).enumerate() {
        tally.units[p] += u64::from(u) * count;
        tally.low[p] += u64::from(l) * count;
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

    /// Runs the request on this machine (see [`equity_cancellable`]): exact enumeration up
    /// to [`MAX_EXACT_WORK`].
    pub fn run(
        self,
        samples: Option<u64>,
        seed: u64,
        cancel: &Control,
    ) -> Result<Equity, EquityError> {
        let work = self.divide(samples, seed, Scale::OneMachine)?;
        let totals = work.run(0..work.units(), cancel)?;
        work.finish(&totals)
    }

    /// The request as [`Work`] cut into units that run anywhere and add up.
    pub fn divide(
        self,
        samples: Option<u64>,
        seed: u64,
        scale: Scale,
    ) -> Result<Work, EquityError> {
        let mode = match samples {
            Some(0) => return Err(EquityError::ZeroSamples),
            Some(samples) => Mode::Sample { samples, seed },
            None => {
                let total = self.setup.completions();
                let plan = exact::plan(&self.setup);
                let limit = match scale {
                    Scale::OneMachine => MAX_EXACT_WORK,
                    Scale::Cluster => MAX_CLUSTER_WORK,
                };
                if plan.work > limit || total > MAX_COMPLETIONS {
                    return Err(match scale {
                        Scale::OneMachine => EquityError::TooManyOutcomes(total),
                        Scale::Cluster => EquityError::TooManyForCluster(total),
                    });
                }
                Mode::Exact {
                    plan,
                    built: OnceLock::new(),
                }
            }
        };
        Ok(Work {
            setup: self.setup,
            threads: self.threads,
            mode,
        })
    }
}

/// Where an exact enumeration will run, which sets the largest one accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// This machine: up to [`MAX_EXACT_WORK`] (about a minute on one core).
    OneMachine,
    /// Many machines: up to [`MAX_CLUSTER_WORK`].
    Cluster,
}

/// An equity request cut into numbered *units* (Monte Carlo jobs of [`JOB_SAMPLES`], or
/// parts of the exact enumeration's outer loops) whose integer [`Totals`] add up
/// exactly: any split of `0 .. units()` into ranges, run on any machines in any order,
/// merges into the totals of one run, so [`Work::finish`] gives the same [`Equity`] bit for
/// bit. The cut depends on the request alone.
pub struct Work {
    setup: Setup,
    threads: Option<usize>,
    mode: Mode,
}

enum Mode {
    Sample {
        samples: u64,
        seed: u64,
    },
    Exact {
        plan: exact::Plan,
        /// The lists and index, built on the first run on this machine and kept.
        built: OnceLock<exact::Built>,
    },
}

impl Work {
    /// How many units the work is cut into.
    #[must_use]
    pub fn units(&self) -> u64 {
        match &self.mode {
            Mode::Sample { samples, .. } => sample::jobs(*samples),
            Mode::Exact { plan, .. } => plan.units(),
        }
    }

    /// Outcomes in all: samples, or completions.
    #[must_use]
    pub fn outcomes(&self) -> u64 {
        match &self.mode {
            Mode::Sample { samples, .. } => *samples,
            // Checked to fit when the work was divided.
            Mode::Exact { .. } => u64::try_from(self.setup.completions()).unwrap_or(u64::MAX),
        }
    }

    /// Whether the work enumerates every completion.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        matches!(self.mode, Mode::Exact { .. })
    }

    /// The estimated time of the whole work on one core, in seconds.
    // An estimate: float precision is plenty.
    #[allow(clippy::cast_precision_loss)]
    #[must_use]
    pub fn core_seconds(&self) -> f64 {
        match &self.mode {
            Mode::Sample { samples, .. } => {
                *samples as f64 * self.setup.players() as f64 * SAMPLE_SECONDS_PER_PLAYER
            }
            Mode::Exact { plan, .. } => plan.work as f64 / EXACT_STEPS_PER_SECOND,
        }
    }

    /// For exact work: the player whose card sets (his first cards dealt) the units split,
    /// and the card sets units `units` cover whole; `None` for Monte Carlo, or when those
    /// units cut inside one card set. Running the request once per card set, with the set
    /// added to his hand, counts the same completions as the units.
    #[must_use]
    pub fn split_sets(&self, units: Range<u64>) -> Option<(usize, Vec<Vec<Card>>)> {
        let Mode::Exact { plan, .. } = &self.mode else {
            return None;
        };
        if units.start > units.end || units.end > self.units() {
            return None;
        }
        let (player, sets) = exact::outer_sets(&self.setup, plan, units)?;
        let cards = sets
            .into_iter()
            // Stub cards are indices below 52.
            .map(|set| {
                set.into_iter()
                    .filter_map(|c| Card::from_index(i64::from(c)).ok())
                    .collect()
            })
            .collect();
        Some((player, cards))
    }

    /// The totals of the units in `units` (a range of `0 .. units()`), on this machine's
    /// threads; [`EquityError::Cancelled`] once `cancel` is set.
    pub fn run(&self, units: Range<u64>, cancel: &Control) -> Result<Totals, EquityError> {
        if units.start > units.end || units.end > self.units() {
            return Err(EquityError::UnitRange {
                start: units.start,
                stop: units.end,
                units: self.units(),
            });
        }
        let t = tables();
        let setup = &self.setup;
        let totals = match &self.mode {
            Mode::Sample { samples, seed } => {
                sample::run(setup, t, units, *samples, *seed, self.threads, cancel)
            }
            Mode::Exact { plan, built } => {
                // Built outside the cell: a pool thread waiting inside the build could
                // otherwise take another caller's `run` of this work and wait on the
                // cell it is filling. Two callers racing may both build; one is kept.
                let built = if let Some(b) = built.get() {
                    b
                } else {
                    let b = with_threads(self.threads, || exact::build(setup, t, plan));
                    built.get_or_init(|| b)
                };
                exact::run(setup, built, plan, units, self.threads, cancel)
            }
        };
        if cancel.is_cancelled() {
            return Err(EquityError::Cancelled);
        }
        Ok(totals)
    }

    /// The answer from the merged totals of every unit; [`EquityError::Incomplete`] when
    /// they count another number of outcomes (a unit missing or counted twice).
    pub fn finish(&self, totals: &Totals) -> Result<Equity, EquityError> {
        if totals.outcomes != u128::from(self.outcomes()) {
            return Err(EquityError::Incomplete {
                got: totals.outcomes,
                expected: self.outcomes(),
            });
        }
        Ok(totals.finish(self.setup.players(), self.is_exact(), self.setup.is_hilo()))
    }
}
