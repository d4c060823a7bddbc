//! Batch evaluation: many hands of `k` cards in one flat `u8` buffer, spread over threads.
//!
//! Each row is validated while it is evaluated (indices below 52, no card twice): the sum
//! of its cards' mask bits must have one bit per card, so the bits of all the rows of a
//! chunk must add up to `k` per row (no row can have more). When they do not, the chunk's
//! first bad row is found and reported as the error; strengths of other rows may already
//! have been written to the output. [`Check::Trusted`] skips that count for rows the
//! caller vouches for: every index is still masked into its table, so a bad row reads
//! nothing out of bounds; it only gets a meaningless strength.

use wide::u64x2;

use crate::error::EvalError;

use crate::eval::tables::{
    mask_of, rank_entry, suit_bias, tables, PairSums, Ranked, SokoTables, Tables, SUIT_FLAGS,
    TABLE_LEN,
};
use crate::eval::Ranking;
use crate::threads::fold_items;

/// Rows per parallel task: large enough to amortise scheduling, small enough to balance.
const CHUNK_ROWS: usize = 16 * 1024;

/// Whether a batch call proves its rows valid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Check {
    /// Every row is checked: an index above 51 or a card twice is an error naming the
    /// first such row (the default).
    #[default]
    Rows,
    /// The caller vouches for the rows (about a fifth faster). Still memory-safe: a bad
    /// row gets an unspecified strength instead of an error.
    Trusted,
}

/// Strengths of `n = cards.len() / k` hands stored row after row, as
/// [`crate::HandValue::strength`] (8-or-better: 0 where there is no qualifying low).
/// `threads`: `None` uses every core; `Some(1)` runs on the calling thread.
pub fn evaluate(
    ranking: Ranking,
    cards: &[u8],
    k: usize,
    threads: Option<usize>,
) -> Result<Vec<u32>, EvalError> {
    let rows = check(ranking, cards.len(), k)?;
    let mut out = vec![0u32; rows];
    fill(ranking, cards, k, threads, Check::Rows, &mut out)?;
    Ok(out)
}

/// The number of rows in `len` card indices, if `ranking` has a batch evaluator for rows
/// of `k` cards and they make whole rows; checked before any output is made.
pub fn check(ranking: Ranking, len: usize, k: usize) -> Result<usize, EvalError> {
    let (lo, hi) = match ranking {
        Ranking::High | Ranking::AceFive | Ranking::Low8 | Ranking::DeuceSeven => (5, 7),
        Ranking::Soko(_) => (5, 5),
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
    if !len.is_multiple_of(k) {
        return Err(EvalError::Unsupported(format!(
            "{len} card indices do not make whole rows of {k}"
        )));
    }
    Ok(len / k)
}

/// As [`evaluate`], writing the strengths into `out`, which must hold one slot per row:
/// a caller that evaluates batch after batch reuses one buffer instead of allocating.
/// `check` says whether the rows are validated. After an error, `out` may hold some
/// strengths already written.
pub fn evaluate_into(
    ranking: Ranking,
    cards: &[u8],
    k: usize,
    threads: Option<usize>,
    check_rows: Check,
    out: &mut [u32],
) -> Result<(), EvalError> {
    let rows = check(ranking, cards.len(), k)?;
    if out.len() != rows {
        return Err(EvalError::Unsupported(format!(
            "the output has {} slots for {rows} rows",
            out.len()
        )));
    }
    fill(ranking, cards, k, threads, check_rows, out)
}

/// Evaluates rows of the shape [`check`] accepted into an output of one slot per row.
fn fill(
    ranking: Ranking,
    cards: &[u8],
    k: usize,
    threads: Option<usize>,
    check_rows: Check,
    out: &mut [u32],
) -> Result<(), EvalError> {
    let t = tables();
    let work = |(chunk_no, (rows, res)): (usize, (&[u8], &mut [u32]))| {
        let bad = match check_rows {
            Check::Rows => run_rows::<true>(t, ranking, k, rows, res),
            Check::Trusted => run_rows::<false>(t, ranking, k, rows, res),
        };
        bad.map(|r| chunk_no * CHUNK_ROWS + r)
    };
    let chunks = cards
        .chunks(CHUNK_ROWS * k)
        .zip(out.chunks_mut(CHUNK_ROWS))
        .enumerate();
    // A thread takes chunks in order, so once it has found a bad row its later chunks
    // cannot hold the first one: it skips them (on one thread, everything after it).
    let bad = fold_items(
        threads,
        chunks,
        || None,
        |bad: Option<usize>, chunk| bad.or_else(|| work(chunk)),
        |a, b| a.into_iter().chain(b).min(),
    );
    match bad {
        Some(row) => Err(bad_row(&cards[row * k..(row + 1) * k], row)),
        None => Ok(()),
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

/// Evaluates one chunk; returns the index (within the chunk) of the first bad row, when
/// `VALIDATE`.
fn run_rows<const VALIDATE: bool>(
    t: &Tables,
    ranking: Ranking,
    k: usize,
    rows: &[u8],
    out: &mut [u32],
) -> Option<usize> {
    // Each arm fetches its table once, outside the per-hand loop.
    match (ranking, k) {
        (Ranking::High, _) => {
            let high = Flush::high(t.high_t());
            match k {
                5 => run::<5, VALIDATE>(rows, out, &high),
                6 => run::<6, VALIDATE>(rows, out, &high),
                _ => run::<7, VALIDATE>(rows, out, &high),
            }
        }
        (Ranking::AceFive | Ranking::Low8, _) => {
            let low = RanksOnly(if ranking == Ranking::AceFive {
                t.ace_five_t()
            } else {
                t.low8_t()
            });
            match k {
                5 => run::<5, VALIDATE>(rows, out, &low),
                6 => run::<6, VALIDATE>(rows, out, &low),
                _ => run::<7, VALIDATE>(rows, out, &low),
            }
        }
        (Ranking::DeuceSeven, _) => {
            let d7 = Flush::deuce_seven(t.deuce7_t());
            match k {
                5 => run::<5, VALIDATE>(rows, out, &d7),
                6 => run::<6, VALIDATE>(rows, out, &d7),
                _ => run::<7, VALIDATE>(rows, out, &d7),
            }
        }
        (Ranking::Soko(mode), _) => run::<5, VALIDATE>(rows, out, t.soko_t(mode)),
        (Ranking::Showing(_), _) => Some(0),
    }
}

/// How a ranking turns a hand's summary into its strength, split so that the common case
/// (suits do not matter) is one lookup with no branch.
trait Lookup {
    /// The rank table: the strength of every hand whose suits do not matter.
    fn ranks(&self) -> &[u16; TABLE_LEN];
    /// Added to a hand's key so that [`SUIT_FLAGS`] flag a hand whose suits may matter
    /// (enough cards of one suit; see [`suit_bias`]); with `flags` 0 none is flagged.
    fn bias_and_flags(&self) -> (u64, u64);
    /// The strength of a flagged hand, from its key (without the bias) and card mask.
    fn with_suits(&self, key: u64, mask: u64) -> u16;
}

/// A ranking in which five cards of a suit make a flush, with how a hand holding five
/// of a suit is valued: high always plays the flush ([`Flush::high`]); deuce-to-seven's
/// best five of six or seven cards avoid it when they can ([`Flush::deuce_seven`]).
struct Flush<'a>(&'a Ranked, fn(&Ranked, u64, u64) -> u16);

impl<'a> Flush<'a> {
    fn high(t: &'a Ranked) -> Self {
        Flush(t, |t, key, mask| t.with_flush(key, || mask))
    }
    fn deuce_seven(t: &'a Ranked) -> Self {
        Flush(t, Ranked::deuce_seven_suited)
    }
}

impl Lookup for Flush<'_> {
    fn ranks(&self) -> &[u16; TABLE_LEN] {
        &self.0.rank
    }
    fn bias_and_flags(&self) -> (u64, u64) {
        (suit_bias(5), SUIT_FLAGS)
    }
    fn with_suits(&self, key: u64, mask: u64) -> u16 {
        (self.1)(self.0, key, mask)
    }
}

/// A ranking that ignores suits (ace-to-five, 8-or-better).
struct RanksOnly<'a>(&'a Ranked);

impl Lookup for RanksOnly<'_> {
    fn ranks(&self) -> &[u16; TABLE_LEN] {
        &self.0.rank
    }
    fn bias_and_flags(&self) -> (u64, u64) {
        (0, 0)
    }
    fn with_suits(&self, key: u64, _mask: u64) -> u16 {
        self.0.by_ranks(key)
    }
}

/// Soko: four cards of a suit may make a four-flush or a flush (E-2.5).
impl Lookup for SokoTables {
    fn ranks(&self) -> &[u16; TABLE_LEN] {
        &self.rank
    }
    fn bias_and_flags(&self) -> (u64, u64) {
        (suit_bias(4), SUIT_FLAGS)
    }
    fn with_suits(&self, key: u64, mask: u64) -> u16 {
        self.value(key, || mask)
    }
}

/// Hands summarised per block before their table lookups: keeping the lookups apart
/// from the summing lets the CPU keep many of them in flight at once, and keeps the rare
/// call for a hand whose suits matter out of both loops.
// 256 rather than 64: 0.9 fewer instructions a hand and 3-5 % less time on an Intel Xeon
// (paired against OMPEval: 1.02-1.03x its time checked, from 1.05-1.06x). At most 256, so
// that a row's place in its block fits the `u8` of the flagged list.
const BLOCK: usize = 256;
const _: () = assert!(BLOCK <= 1 << u8::BITS);

/// The summed keys (plus `bias`) and, when `VALIDATE`, summed mask bits of a hand of `K`
/// cards, two cards per lookup (see [`PairSums`]).
// In the hot loop of `run`, whose tables must stay in registers.
#[allow(clippy::inline_always)]
#[inline(always)]
fn sums<const K: usize, const VALIDATE: bool>(
    pairs: &PairSums,
    hand: &[u8],
    bias: u64,
) -> (u64, u64) {
    let (twos, last) = hand.as_chunks::<2>();
    let index = |two: [u8; 2]| usize::from(u16::from_le_bytes(two));
    let lone = |c: u8| usize::from(c) | PairSums::LONE;
    if VALIDATE {
        let mut sum = u64x2::new([bias, 0]);
        for &two in twos {
            sum += pairs.both(index(two));
        }
        for &c in last {
            sum += pairs.both(lone(c));
        }
        let [key, mask] = sum.to_array();
        (key, mask)
    } else {
        let mut key = bias;
        for &two in twos {
            key += pairs.key(index(two));
        }
        for &c in last {
            key += pairs.key(lone(c));
        }
        (key, 0)
    }
}

/// Evaluates rows of `K` cards in blocks: sums every hand of a block, looks them all up
/// by ranks, then redoes the few whose suits matter. Returns the index of the first bad
/// row, when `VALIDATE`.
// One function with inlined helpers, so that the tables stay in registers.
#[inline]
fn run<const K: usize, const VALIDATE: bool>(
    rows: &[u8],
    out: &mut [u32],
    lookup: &impl Lookup,
) -> Option<usize> {
    let pairs = PairSums::get();
    let ranks = lookup.ranks();
    let (bias, flags) = lookup.bias_and_flags();
    let mut keys = [0u64; BLOCK];
    let mut flagged = [0u8; BLOCK];
    // The mask bits of every row so far: `K` per row unless a row is bad.
    let mut mask_bits = 0usize;
    for (block, res) in rows.chunks(K * BLOCK).zip(out.chunks_mut(BLOCK)) {
        for (hand, key) in block.chunks_exact(K).zip(keys.iter_mut()) {
            let (sum, mask) = sums::<K, VALIDATE>(pairs, hand, bias);
            if VALIDATE {
                mask_bits += mask.count_ones() as usize;
            }
            *key = sum;
        }
        let mut n_flagged = 0;
        for (i, (slot, &key)) in res.iter_mut().zip(keys.iter()).enumerate() {
            if key & flags != 0 {
                flagged[n_flagged % BLOCK] = i as u8;
                n_flagged += 1;
            }
            *slot = u32::from(rank_entry(ranks, key));
        }
        for &i in flagged.iter().take(n_flagged) {
            let i = usize::from(i);
            let hand = block.get(i * K..(i + 1) * K).unwrap_or_default();
            let (key, mask) = sums::<K, true>(pairs, hand, 0);
            if let Some(slot) = res.get_mut(i) {
                *slot = u32::from(lookup.with_suits(key, mask));
            }
        }
    }
    if VALIDATE && mask_bits != out.len() * K {
        return rows
            .chunks_exact(K)
            .position(|hand| mask_of(hand).count_ones() as usize != K);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::eval::FourStraight;

    fn row(text: &str) -> Vec<u8> {
        parse_cards(text)
            .unwrap()
            .iter()
            .map(|c| c.index())
            .collect()
    }

    /// Every batch ranking (Soko in two of its modes).
    const RANKINGS: [Ranking; 6] = [
        Ranking::High,
        Ranking::AceFive,
        Ranking::Low8,
        Ranking::DeuceSeven,
        Ranking::Soko(FourStraight::Consecutive),
        Ranking::Soko(FourStraight::WithGutshot),
    ];

    /// `n` rows of `k` cards cycling through a few hands, with `special` placed at rows
    /// `BLOCK - 1`, `BLOCK` (the edges of the first two blocks) and `n - 1` (the partial
    /// last block).
    fn rows_with(k: usize, n: usize, special: &[u8]) -> Vec<u8> {
        let plain = [
            row("2c 7d 9h Js Kc 4d 3h"),
            row("Ac Ad 5h 5s 9c Td Qh"),
            row("3s 4s 8s 2d 6h Kh Ah"),
        ];
        let mut cards = Vec::new();
        for i in 0..n {
            if i == BLOCK - 1 || i == BLOCK || i == n - 1 {
                cards.extend_from_slice(special);
            } else {
                cards.extend_from_slice(&plain[i % 3][..k]);
            }
        }
        cards
    }

    #[test]
    fn suited_hands_at_block_edges_equal_single_evaluation() {
        let t = tables();
        let cases: [(Ranking, usize, &str); 7] = [
            (Ranking::High, 7, "2h 9h Jh Kh 4h 4c 4d"),
            (Ranking::High, 6, "2h 3h 4h 5h 6h 7h"),
            (Ranking::DeuceSeven, 5, "2s 3s 4s 5s 7s"),
            (Ranking::DeuceSeven, 6, "2s 3s 4s 5s 7s 8d"),
            (Ranking::DeuceSeven, 7, "2s 3s 4s 5s 7s 8s 9d"),
            (
                Ranking::Soko(FourStraight::Consecutive),
                5,
                "2d 6d 9d Kd Ks",
            ),
            (
                Ranking::Soko(FourStraight::Consecutive),
                5,
                "2d 6d 9d Kd Ad",
            ),
        ];
        for (ranking, k, special) in cases {
            // Besides the edges, every row suited: a whole block of flagged rows and more.
            let n = BLOCK + BLOCK / 2 + 3;
            let all = row(special).repeat(2 * BLOCK + 5);
            for cards in [rows_with(k, n, &row(special)), all] {
                let got = evaluate(ranking, &cards, k, Some(1)).unwrap();
                for (i, hand) in cards.chunks_exact(k).enumerate() {
                    let want = match ranking {
                        Ranking::High => t.high(hand),
                        Ranking::DeuceSeven => t.deuce_seven(hand),
                        Ranking::Soko(mode) => t.soko(mode, hand),
                        _ => unreachable!(),
                    };
                    assert_eq!(got[i], u32::from(want), "{ranking:?} row {i}");
                }
            }
        }
    }

    /// The summed mask bits reject every repeated card (two up to `k` copies, whose sum
    /// carries into other cards' bits) and every index that is not a card, in any slot of
    /// a row, at the edges of blocks and in the partial last block, for every ranking;
    /// the same rows without the bad one get their per-hand strengths.
    #[test]
    fn every_repeat_and_bad_index_is_the_reported_row() {
        let plain = row("2c 7d 9h Js Kc 4d 3h");
        // 2c twice sums to the bit of 3c: the carry leaves one bit where two cards were.
        let carries = [row("2c 2c 4c 5c 6c"), row("2c 2c 3c 3c 4c")];
        let n = BLOCK + 66;
        for ranking in RANKINGS {
            for k in 5..=7 {
                let Ok(rows) = check(ranking, n * k, k) else {
                    continue;
                };
                let base = rows_with(k, rows, &plain[..k]);
                let strengths = evaluate(ranking, &base, k, Some(1)).unwrap();
                for (hand, &got) in base.chunks_exact(k).zip(&strengths) {
                    assert_eq!(
                        got,
                        ranking.strength_unchecked(hand),
                        "{ranking:?} {hand:?}"
                    );
                }
                let mut bad_rows: Vec<Vec<u8>> = carries
                    .iter()
                    .map(|r| {
                        let mut r = r.clone();
                        r.resize(k, 50);
                        r
                    })
                    .collect();
                for pos in 0..k {
                    for repeats in 2..=k - pos {
                        let mut r = plain[..k].to_vec();
                        for slot in r.iter_mut().skip(pos).take(repeats) {
                            *slot = 51;
                        }
                        bad_rows.push(r);
                    }
                    for index in [52u8, 63, 64, 255] {
                        let mut r = plain[..k].to_vec();
                        r[pos] = index;
                        bad_rows.push(r);
                    }
                }
                for bad in &bad_rows {
                    for at in [0, 7, BLOCK - 1, BLOCK, n - 1] {
                        let mut cards = base.clone();
                        cards[at * k..(at + 1) * k].copy_from_slice(bad);
                        let err = evaluate(ranking, &cards, k, Some(1)).unwrap_err();
                        assert!(
                            matches!(err, EvalError::BadRow { row, .. } if row == at),
                            "{ranking:?} {bad:?} at row {at}: {err}"
                        );
                    }
                }
            }
        }
    }

    /// Trusted rows: the same strengths as checked rows on valid hands; on any bytes at
    /// all (every index 0-255, repeats, hands whose suits matter or seem to), no panic and
    /// no error, for every ranking and hand size, on one thread and on several.
    #[test]
    fn trusted_rows_equal_checked_ones_and_garbage_is_harmless() {
        let plain = row("2c 7d 9h Js Kc 4d 3h");
        // A linear congruential stream of bytes: every value, in every slot, many times.
        let mut x = 12345u32;
        let garbage: Vec<u8> = (0..7 * 70_000)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (x >> 16) as u8
            })
            .collect();
        for ranking in RANKINGS {
            for k in 5..=7 {
                if check(ranking, 0, k).is_err() {
                    continue;
                }
                let valid = rows_with(k, 300, &plain[..k]);
                let mut checked = vec![0; 300];
                let mut trusted = vec![1; 300];
                evaluate_into(ranking, &valid, k, Some(1), Check::Rows, &mut checked).unwrap();
                evaluate_into(ranking, &valid, k, Some(1), Check::Trusted, &mut trusted).unwrap();
                assert_eq!(checked, trusted, "{ranking:?} k={k}");
                let bytes = &garbage[..garbage.len() / k * k];
                let mut out = vec![0; bytes.len() / k];
                for threads in [Some(1), Some(2)] {
                    evaluate_into(ranking, bytes, k, threads, Check::Trusted, &mut out).unwrap();
                    assert!(
                        evaluate_into(ranking, bytes, k, threads, Check::Rows, &mut out).is_err()
                    );
                }
            }
        }
    }

    #[test]
    fn bad_counts_and_output_sizes_are_errors() {
        let cards = rows_with(7, 100, &row("2c 3c 4c 5c 6c 7c 8c"));
        for k in [0, 4, 8] {
            assert!(matches!(
                evaluate(Ranking::High, &cards, k, Some(1)),
                Err(EvalError::Count { .. })
            ));
        }
        for len in [99, 101] {
            let mut out = vec![0u32; len];
            let err = evaluate_into(Ranking::High, &cards, 7, Some(1), Check::Rows, &mut out)
                .unwrap_err();
            assert!(err
                .to_string()
                .contains(&format!("{len} slots for 100 rows")));
        }
        assert!(evaluate(Ranking::High, &cards[..699], 7, Some(1)).is_err());
    }
}
