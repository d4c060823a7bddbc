//! Cutting numbered units of work (simulated hands, equity units) into chunks for an
//! executor: how big a chunk should be, and the chunks themselves.
//!
//! A chunk's result never depends on the cut (every unit is seeded by its own number and
//! totals are integers), so the size only trades per-chunk overhead against balance: big
//! enough that the executor's overhead is a small fraction of it, small enough that every
//! worker gets several chunks, and capped so that a retried chunk and the progress bar
//! move in steps of seconds (docs/scaling.md).

use std::ops::Range;

/// A chunk lasts at least this many times the executor's per-chunk overhead (≤ 2 %).
pub const MIN_CHUNK_OVERHEADS: f64 = 50.0;

/// Chunks per worker wanted for balance, when the work is big enough.
pub const CHUNKS_PER_WORKER: f64 = 4.0;

/// Longest chunk wanted, in core-seconds (unless the overhead asks for more).
pub const MAX_CHUNK_SECONDS: f64 = 10.0;

/// The most chunks one run is cut into: their list is made before the first is sent.
pub const MAX_CHUNKS: u64 = 1 << 24;

/// Units per chunk for `units` units taking `core_seconds` on one core, spread over
/// `workers` workers whose executor costs `overhead_seconds` per chunk; never so few that
/// the run makes more than [`MAX_CHUNKS`] chunks.
#[must_use]
// Estimates: float precision is plenty, and the result is clamped to 1 ..= units.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
pub fn units_per_chunk(units: u64, core_seconds: f64, workers: u64, overhead_seconds: f64) -> u64 {
    if units == 0 {
        return 1;
    }
    let unit_seconds = (core_seconds / units as f64).max(f64::MIN_POSITIVE);
    let balanced = core_seconds / (CHUNKS_PER_WORKER * workers.max(1) as f64);
    let least = overhead_seconds.max(0.0) * MIN_CHUNK_OVERHEADS;
    let target = balanced.min(MAX_CHUNK_SECONDS).max(least);
    let per_chunk = (target / unit_seconds).round();
    if per_chunk.is_nan() || per_chunk >= units as f64 {
        units
    } else {
        (per_chunk as u64).max(units.div_ceil(MAX_CHUNKS)).max(1)
    }
}

/// `0 .. units` cut into consecutive ranges of `per_chunk` units (the last may be shorter);
/// no ranges for no units.
#[must_use]
pub fn ranges(units: u64, per_chunk: u64) -> Vec<Range<u64>> {
    let per_chunk = per_chunk.max(1);
    (0..units.div_ceil(per_chunk))
        .map(|c| c * per_chunk..((c + 1) * per_chunk).min(units))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chosen_sizes_never_make_more_than_the_most_chunks() {
        // A trillion units worth 300 core-years: chunks of 10 core-seconds would be a
        // billion of them.
        for (units, core_seconds) in [(1u64 << 40, 1e10), (u64::MAX, 1e12), (MAX_CHUNKS + 1, 1e9)] {
            let per = units_per_chunk(units, core_seconds, 64, 0.0);
            assert!(units.div_ceil(per) <= MAX_CHUNKS, "{units}: {per}");
        }
    }

    #[test]
    fn ranges_cover_every_unit_once() {
        for units in [0, 1, 7, 512, 1000] {
            for per in [1, 3, 512, 2000] {
                let r = ranges(units, per);
                let flat: Vec<u64> = r.iter().flat_map(Clone::clone).collect();
                assert_eq!(flat, (0..units).collect::<Vec<_>>(), "{units} by {per}");
                assert!(r.iter().all(|c| c.end - c.start <= per && c.end > c.start));
            }
        }
    }

    #[test]
    fn chunks_balance_and_outweigh_the_overhead() {
        // 100 core-seconds on 5 workers: 20 chunks of 5 s.
        assert_eq!(units_per_chunk(1000, 100.0, 5, 0.01), 50);
        // Large work: chunks of at most ten seconds.
        assert_eq!(units_per_chunk(1_000_000, 10_000.0, 2, 0.01), 1000);
        // Small work: a chunk is still at least 50 overheads (0.5 s), here the whole run.
        assert_eq!(units_per_chunk(100, 0.4, 8, 0.01), 100);
        assert_eq!(units_per_chunk(100, 1.0, 8, 0.01), 50);
        assert_eq!(units_per_chunk(0, 1.0, 8, 0.01), 1);
        assert_eq!(units_per_chunk(10, 0.0, 8, 0.01), 10);
    }
}
