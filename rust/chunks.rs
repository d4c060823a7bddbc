//! Cutting numbered units of work (simulated hands, equity units) into chunks for an
//! executor: how big a chunk should be, and the chunks themselves.
//!
//! A chunk's result never depends on the cut (every unit is seeded by its own number and
//! totals are integers), so the size only trades per-chunk overhead against balance: big
//! enough that the executor's overhead is a small fraction of it, small enough that every
//! worker gets several chunks, and capped so that a retried chunk and the progress bar
//! move in steps of seconds (docs/scaling.md).
//!
//! The chunks are made on demand ([`Chunks`]), never listed, and the totals of chunks
//! say which units they cover ([`Covered`]): merging refuses a unit counted twice, and
//! finishing a run refuses one missing.

use std::ops::Range;

/// A chunk lasts at least this many times the executor's per-chunk overhead (≤ 2 %).
pub const MIN_CHUNK_OVERHEADS: f64 = 50.0;

/// Chunks per worker wanted for balance, when the work is big enough.
pub const CHUNKS_PER_WORKER: f64 = 4.0;

/// Longest chunk wanted, in core-seconds (unless the overhead asks for more).
pub const MAX_CHUNK_SECONDS: f64 = 10.0;

/// The most chunks one run is cut into: each costs the driver a round trip and a merge.
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

/// `0 .. units` cut into consecutive ranges of `per_chunk` units (the last may be shorter),
/// each made when asked for; no ranges for no units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chunks {
    units: u64,
    per_chunk: u64,
}

impl Chunks {
    /// The chunks of `0 .. units` (`per_chunk` 0 counts as 1).
    #[must_use]
    pub fn new(units: u64, per_chunk: u64) -> Chunks {
        Chunks {
            units,
            per_chunk: per_chunk.max(1),
        }
    }

    /// Units in all.
    #[must_use]
    pub fn units(&self) -> u64 {
        self.units
    }

    /// Units per chunk (the last may have fewer).
    #[must_use]
    pub fn per_chunk(&self) -> u64 {
        self.per_chunk
    }

    /// How many chunks there are.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.units.div_ceil(self.per_chunk)
    }

    /// Whether there are none (no units).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.units == 0
    }

    /// Chunk `index`, or `None` past the last.
    #[must_use]
    pub fn get(&self, index: u64) -> Option<Range<u64>> {
        (index < self.len()).then(|| {
            // index * per_chunk < units: no overflow, and the end never passes units.
            let start = index * self.per_chunk;
            start..start + (self.units - start).min(self.per_chunk)
        })
    }
}

/// The units some totals cover: sorted, disjoint, non-empty ranges, touching ones joined.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Covered(Vec<Range<u64>>);

impl Covered {
    /// Units `range` (nothing when it is empty).
    #[must_use]
    pub fn of(range: Range<u64>) -> Covered {
        Covered(if range.is_empty() {
            vec![]
        } else {
            vec![range]
        })
    }

    /// The union of `ranges` (empty ones ignored); `Err` with the units two of them share.
    pub fn from_ranges(
        ranges: impl IntoIterator<Item = Range<u64>>,
    ) -> Result<Covered, Range<u64>> {
        let mut all: Vec<Range<u64>> = ranges.into_iter().filter(|r| !r.is_empty()).collect();
        all.sort_unstable_by_key(|r| r.start);
        let mut joined: Vec<Range<u64>> = Vec::with_capacity(all.len());
        for r in all {
            match joined.last_mut() {
                Some(last) if r.start < last.end => return Err(r.start..r.end.min(last.end)),
                Some(last) if r.start == last.end => last.end = r.end,
                _ => joined.push(r),
            }
        }
        Ok(Covered(joined))
    }

    /// The units of both; `Err` with units both cover (counted twice).
    pub fn union(&self, other: &Covered) -> Result<Covered, Range<u64>> {
        Covered::from_ranges(self.0.iter().chain(&other.0).cloned())
    }

    /// The ranges, ascending.
    #[must_use]
    pub fn ranges(&self) -> &[Range<u64>] {
        &self.0
    }

    /// How many units are covered (disjoint ranges of `u64` units: it fits).
    #[must_use]
    pub fn count(&self) -> u64 {
        self.0.iter().map(|r| r.end - r.start).sum()
    }

    /// The first units of `0 .. units` not covered, if any.
    #[must_use]
    pub fn missing(&self, units: u64) -> Option<Range<u64>> {
        let mut at = 0;
        for r in self.0.iter().take_while(|r| r.start < units) {
            if r.start > at {
                return Some(at..r.start);
            }
            at = r.end;
        }
        (at < units).then_some(at..units)
    }

    /// The covered units at or past `units`, if any.
    #[must_use]
    pub fn beyond(&self, units: u64) -> Option<Range<u64>> {
        self.0
            .last()
            .filter(|r| r.end > units)
            .map(|r| r.start.max(units)..r.end)
    }

    /// `what` and the ranges, as in "hands 0..500, 1000..1500" or "no hands".
    #[must_use]
    pub fn describe(&self, what: &str) -> String {
        if self.0.is_empty() {
            return format!("no {what}");
        }
        let mut shown: Vec<String> = self
            .0
            .iter()
            .take(4)
            .map(|r| format!("{}..{}", r.start, r.end))
            .collect();
        if self.0.len() > 4 {
            shown.push(format!("and {} more ranges", self.0.len() - 4));
        }
        format!("{what} {}", shown.join(", "))
    }
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
                let chunks = Chunks::new(units, per);
                let r: Vec<Range<u64>> = (0..chunks.len()).filter_map(|i| chunks.get(i)).collect();
                let flat: Vec<u64> = r.iter().flat_map(Clone::clone).collect();
                assert_eq!(flat, (0..units).collect::<Vec<_>>(), "{units} by {per}");
                assert!(r.iter().all(|c| c.end - c.start <= per && c.end > c.start));
                assert_eq!(chunks.get(chunks.len()), None);
            }
        }
    }

    #[test]
    fn the_last_chunk_of_the_most_units_does_not_overflow() {
        let chunks = Chunks::new(u64::MAX, (1 << 63) + 1);
        assert_eq!(chunks.len(), 2);
        assert_eq!(chunks.get(1), Some((1 << 63) + 1..u64::MAX));
    }

    #[test]
    fn coverage_joins_touching_ranges_and_refuses_overlap() {
        let a = Covered::from_ranges([5..8, 0..5, 10..12, 3..3]).unwrap();
        assert_eq!(a.ranges(), &[0..8, 10..12]);
        assert_eq!(a.count(), 10);
        assert_eq!(a.missing(12), Some(8..10));
        assert_eq!(a.missing(8), None);
        assert_eq!(a.beyond(8), Some(10..12));
        assert_eq!(a.beyond(12), None);
        assert_eq!(a.union(&Covered::of(7..9)), Err(7..8));
        let whole = a.union(&Covered::of(8..10)).unwrap();
        assert_eq!(whole, Covered::of(0..12));
        assert_eq!(whole.missing(20), Some(12..20));
        assert_eq!(Covered::default().missing(3), Some(0..3));
        assert_eq!(a.describe("hands"), "hands 0..8, 10..12");
        assert_eq!(Covered::default().describe("units"), "no units");
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
