//! Batch evaluation: many hands of `k` cards in one flat `u8` buffer, spread over threads.
//!
//! Each row is validated while it is evaluated (indices below 52, no card twice): the OR of
//! its cards' mask bits must have one bit per card. The first bad row is reported and no
//! result is returned.

use rayon::prelude::*;

use crate::error::EvalError;
use crate::eval::tables::{tables, Tables, CARD_KEY, CARD_MASK};
use crate::eval::Ranking;
use crate::threads::with_threads;

/// Rows per parallel task: large enough to amortise scheduling, small enough to balance.
const CHUNK_ROWS: usize = 16 * 1024;

/// Strengths of `n = cards.len() / k` hands stored row after row, as
/// [`crate::HandValue::strength`] (8-or-better: 0 where there is no qualifying low).
/// `threads`: `None` uses every core; `Some(1)` runs on the calling thread.
pub fn evaluate(
    ranking: Ranking,
    cards: &[u8],
    k: usize,
    threads: Option<usize>,
) -> Result<Vec<u32>, EvalError> {
    let (lo, hi) = match ranking {
        Ranking::High | Ranking::AceFive | Ranking::Low8 => (5, 7),
        Ranking::Soko(_) | Ranking::DeuceSeven => (5, 5),
        Ranking::Showing(_) => {
            return Err(EvalError::Unsupported(
                "showing hands have no batch evaluator".into(),
            ))
        }
    };
    if !(lo..=hi).contains(&k) {
        return Err(EvalError::Count {
            ranking: ranking.name(),
            expected: if lo == hi { "exactly 5" } else { "5 to 7" },
            got: k,
        });
    }
    if cards.len() % k != 0 {
        return Err(EvalError::Unsupported(format!(
            "{} card indices do not make whole rows of {k}",
            cards.len()
        )));
    }
    let t = tables();
    let mut out = vec![0u32; cards.len() / k];
    let work = |(chunk_no, (rows, res)): (usize, (&[u8], &mut [u32]))| {
        run_rows(t, ranking, k, rows, res).map(|r| chunk_no * CHUNK_ROWS + r)
    };
    let bad = if threads == Some(1) || out.len() <= CHUNK_ROWS {
        cards
            .chunks(CHUNK_ROWS * k)
            .zip(out.chunks_mut(CHUNK_ROWS))
            .enumerate()
            .find_map(work)
    } else {
        let par = |out: &mut [u32]| {
            cards
                .par_chunks(CHUNK_ROWS * k)
                .zip(out.par_chunks_mut(CHUNK_ROWS))
                .enumerate()
                .filter_map(work)
                .min()
        };
        with_threads(threads, || par(&mut out))
    };
    match bad {
        Some(row) => Err(bad_row(&cards[row * k..(row + 1) * k], row)),
        None => Ok(out),
    }
}

fn bad_row(row_cards: &[u8], row: usize) -> EvalError {
    let reason = if let Some(&c) = row_cards.iter().find(|&&c| c >= 52) {
        format!("card index {c} is not in 0..=51")
    } else {
        let mut seen = 0u64;
        let dup = row_cards
            .iter()
            .find(|&&c| {
                let fresh = seen >> c & 1 == 0;
                seen |= 1 << c;
                !fresh
            })
            .copied()
            .unwrap_or(0);
        format!("card index {dup} appears twice")
    };
    EvalError::BadRow { row, reason }
}

/// Evaluates one chunk; returns the index (within the chunk) of the first bad row.
fn run_rows(t: &Tables, ranking: Ranking, k: usize, rows: &[u8], out: &mut [u32]) -> Option<usize> {
    // Each arm fetches its table once, outside the per-hand loop.
    match (ranking, k) {
        (Ranking::High, _) => {
            let high = t.high_t();
            match k {
                5 => run::<5>(rows, out, |k, m| high.with_flush(k, || m)),
                6 => run::<6>(rows, out, |k, m| high.with_flush(k, || m)),
                _ => run::<7>(rows, out, |k, m| high.with_flush(k, || m)),
            }
        }
        (Ranking::AceFive | Ranking::Low8, _) => {
            let low = if ranking == Ranking::AceFive {
                t.ace_five_t()
            } else {
                t.low8_t()
            };
            match k {
                5 => run::<5>(rows, out, |k, _| low.by_ranks(k)),
                6 => run::<6>(rows, out, |k, _| low.by_ranks(k)),
                _ => run::<7>(rows, out, |k, _| low.by_ranks(k)),
            }
        }
        (Ranking::DeuceSeven, _) => {
            let d7 = t.deuce7_t();
            run::<5>(rows, out, |k, m| d7.with_flush(k, || m))
        }
        (Ranking::Soko(mode), _) => {
            let soko = t.soko_t(mode);
            run::<5>(rows, out, |k, m| soko.value(k, || m))
        }
        (Ranking::Showing(_), _) => Some(0),
    }
}

/// Hands summarised per block before their table lookups: keeping the lookups apart
/// from the summing lets the CPU keep many of them in flight at once.
const BLOCK: usize = 64;

/// Evaluates rows of `K` cards; returns the index of the first bad row.
#[inline]
fn run<const K: usize>(
    rows: &[u8],
    out: &mut [u32],
    eval: impl Fn(u64, u64) -> u16,
) -> Option<usize> {
    let mut scratch = Scratch::default();
    // Whole blocks have a length the compiler knows; the remainder runs the same code.
    let blocks = rows.chunks_exact(K * BLOCK);
    let tail = blocks.remainder();
    let mut outs = out.chunks_exact_mut(BLOCK);
    for (b, (block, res)) in blocks.zip(&mut outs).enumerate() {
        if let Some(i) = run_block::<K>(block, res, &mut scratch, &eval) {
            return Some(b * BLOCK + i);
        }
    }
    let done = rows.len() / (K * BLOCK) * BLOCK;
    run_block::<K>(tail, outs.into_remainder(), &mut scratch, &eval).map(|i| done + i)
}

/// Per-block summaries: each hand's summed card keys and ORed card mask.
struct Scratch {
    keys: [u64; BLOCK],
    masks: [u64; BLOCK],
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            keys: [0; BLOCK],
            masks: [0; BLOCK],
        }
    }
}

/// Summarises and validates up to `BLOCK` rows, then looks them all up.
// `run` calls this twice (whole blocks, remainder); both must inline for speed.
#[allow(clippy::inline_always)]
#[inline(always)]
fn run_block<const K: usize>(
    block: &[u8],
    res: &mut [u32],
    s: &mut Scratch,
    eval: &impl Fn(u64, u64) -> u16,
) -> Option<usize> {
    let slots = s.keys.iter_mut().zip(s.masks.iter_mut());
    for (i, (hand, (key_slot, mask_slot))) in block.chunks_exact(K).zip(slots).enumerate() {
        let mut key = 0u64;
        let mut mask = 0u64;
        for &c in hand {
            key += CARD_KEY[c as usize];
            mask |= CARD_MASK[c as usize];
        }
        // A repeated card or an index above 51 leaves fewer than K bits.
        if mask.count_ones() as usize != K {
            return Some(i);
        }
        *key_slot = key;
        *mask_slot = mask;
    }
    for ((slot, &key), &mask) in res.iter_mut().zip(&s.keys).zip(&s.masks) {
        *slot = u32::from(eval(key, mask));
    }
    None
}
