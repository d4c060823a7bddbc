//! Lookup tables and the fast evaluation paths shared by single and batch evaluation.
//!
//! Every hand is summarised by adding one precomputed `u64` per card: the low 32 bits sum
//! per-rank multipliers chosen so that every multiset of at most seven ranks has a unique
//! sum (the rank key; the multipliers are OMPEval's), the high 32 bits count cards per suit
//! in four nibbles. A second `u64`, the card mask, ORs one bit per card into four 16-bit
//! suit lanes (`16 * suit + rank`). A flush (or a Soko four-flush) is detected from the suit
//! counts and read from the mask's lane; everything else depends only on the ranks and is
//! found by a perfect hash of the rank key: `slot = key + offset[key >> 12]` (row
//! displacement, built once at first use).
//!
//! Tables hold a dense *strength*: the 1-based place of the hand's value among all
//! distinct values of its ranking, weakest first (high: 1 ..= 7,462). The same strength is
//! returned by single and batch evaluation, so they agree by construction.
//!
//! The 5-card values come from `keys.rs`, the readable definition; 6- and 7-card values are
//! the maximum over the hand minus one card, which is exactly "the best five".

use std::collections::HashMap;
use std::sync::OnceLock;

use wide::u64x2;

use super::keys::{self, Counts};
use super::offsets::{ROW_OFFSETS, SLOTS};
use super::{Category, FourStraight, Ranking};

/// Rank multipliers: every multiset of 0-7 ranks (at most four of each) has a distinct sum.
pub(crate) const RANK_BASES: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x17_6005, 0x36_6000, 0x41_a013, 0x47_802e,
    0x47_9068, 0x48_c0e4, 0x48_f211, 0x49_4493,
];
const ROW_SHIFT: u32 = 12;
/// Rank tables are a power of two long so that masked indices need no bounds check.
pub(crate) const TABLE_LEN: usize = SLOTS.next_power_of_two();

const fn card_keys() -> [u64; 256] {
    let mut keys = [0u64; 256];
    let mut c = 0;
    while c < 52 {
        keys[c] = RANK_BASES[c / 4] as u64 | 1u64 << (32 + 4 * (c % 4));
        c += 1;
    }
    keys
}

/// Per-card rank key plus suit counter, indexed by any `u8` (no bounds check needed).
pub(crate) static CARD_KEY: [u64; 256] = card_keys();

const fn card_masks() -> [u64; 256] {
    let mut masks = [0u64; 256];
    let mut c = 0;
    while c < 52 {
        masks[c] = 1u64 << (16 * (c % 4) + c / 4);
        c += 1;
    }
    masks
}

/// Per-card mask bit `16 * suit + rank`, indexed by any `u8`; an index that is not a card
/// has no bit (which lets the batch path validate a hand with one popcount, see
/// [`PairSums`]).
pub(crate) static CARD_MASK: [u64; 256] = card_masks();

/// Per-card rank key and mask bit side by side, indexed by any `u8`, for the Monte Carlo
/// sampler: it adds both halves of each card it deals with one SIMD add (the batch path
/// reads two cards at a time from [`PairSums`] instead).
pub(crate) static CARD_KEY_MASK: [u64x2; 256] = {
    let mut both = [u64x2::new([0, 0]); 256];
    let mut c = 0;
    while c < 52 {
        both[c] = u64x2::new([CARD_KEY[c], CARD_MASK[c]]);
        c += 1;
    }
    both
};

/// Rows of [`PairSums`] in use: `a | b << 8` for two cards `a`, `b` below 52, and the row
/// [`PairSums::LONE`] for one card `a` alone.
const PAIR_INDICES: usize = 1 << 16;

/// The summed card keys and summed mask bits of every two cards, for the batch path: a
/// hand's two next card indices read as one little-endian `u16` find both sums with one
/// 16-byte load, added to the hand's running sums with one SIMD add, halving the loads
/// and additions per hand. Summing the mask bits instead of ORing them validates as well,
/// since a sum of `k` powers of two has `k` bits set only if no two of them are equal (any
/// carry loses a bit); an entry holding an index that is not a card adds nothing, so it
/// also leaves fewer than `k` bits.
///
/// Two arrays of 65,536 entries: `[key, mask]` pairs for checked rows (1 MiB), whose key
/// and mask share a cache line, halving the lines a hand touches against two separate
/// arrays (the batch path spends much of its time waiting on this table); and the keys
/// alone for trusted rows (512 KiB), which need no mask and so touch half the bytes
/// again. Only the entries of cards are ever written (allocated zeroed, the rest stay
/// untouched pages): 45 and 23 KiB of entries, on 53 pages each.
pub(crate) struct PairSums {
    both: Box<[u64x2; PAIR_INDICES]>,
    keys: Box<[u64; PAIR_INDICES]>,
}

impl PairSums {
    /// The row whose entry `a | LONE` is card `a` alone (the last card of an odd hand).
    pub(crate) const LONE: usize = 0xff00;

    /// The table, built on first use (a millisecond).
    pub(crate) fn get() -> &'static PairSums {
        static PAIRS: OnceLock<PairSums> = OnceLock::new();
        PAIRS.get_or_init(|| {
            let mut both: Box<[u64x2; PAIR_INDICES]> = vec![u64x2::ZERO; PAIR_INDICES]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("the vector has PAIR_INDICES entries"));
            let mut keys: Box<[u64; PAIR_INDICES]> = vec![0; PAIR_INDICES]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("the vector has PAIR_INDICES entries"));
            for a in 0..52 {
                let pairs = (0..52).map(|b| (a | b << 8, [a, b]));
                for (i, cards) in pairs.chain([(a | Self::LONE, [a, 255])]) {
                    both[i] = cards.iter().map(|&c| CARD_KEY_MASK[c]).sum();
                    keys[i] = both[i].to_array()[0];
                }
            }
            PairSums { both, keys }
        })
    }

    /// The `[key, mask]` sums of the entry at `index` (below 65,536).
    // In the batch path's hot loop.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn both(&self, index: usize) -> u64x2 {
        self.both[index & (PAIR_INDICES - 1)]
    }

    /// The key sum alone of the entry at `index` (below 65,536).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn key(&self, index: usize) -> u64 {
        self.keys[index & (PAIR_INDICES - 1)]
    }

    /// Bytes held (most of them never touched).
    #[cfg(test)]
    fn bytes(&self) -> usize {
        size_of_val(&*self.both) + size_of_val(&*self.keys)
    }
}

/// The card mask of a hand (see [`CARD_MASK`]).
#[inline]
pub(crate) fn mask_of(cards: &[u8]) -> u64 {
    cards.iter().fold(0, |m, &c| m | CARD_MASK[c as usize])
}

/// What added to a key's suit nibbles sets bit 3 of each suit that at least `n` cards share
/// (5 for a flush, 4 for a Soko four-flush): a nibble counts at most seven, so
/// `count + 8 - n` reaches 8 exactly from `n` on, and stays below 16.
#[inline]
pub(crate) const fn suit_bias(n: u32) -> u64 {
    ((0x1111 * (8 - n)) as u64) << 32
}

/// Bit 3 of each suit nibble of a key (see [`suit_bias`]).
pub(crate) const SUIT_FLAGS: u64 = 0x8888 << 32;

/// The suit nibbles of a key, bit 3 set in each suit that at least `n` cards share (see
/// [`suit_bias`]); 0 when no suit has `n` cards. Callers take the lowest flagged suit,
/// which is the only one while `2 * n` exceeds the hand size (5 of at most 7 cards; 4 of
/// Soko's 5).
#[inline]
pub(crate) fn suits_with(key: u64, n: u32) -> u32 {
    debug_assert!((4..=5).contains(&n));
    ((key.wrapping_add(suit_bias(n)) & SUIT_FLAGS) >> 32) as u32
}

/// The 13-bit rank mask of one suit's lane of a card mask.
#[inline]
fn suit_lane(mask: u64, suit: u32) -> usize {
    (mask >> (16 * (suit & 3))) as usize & 0x1fff
}

/// A ranking's dense values: the category of each strength (index 0 unused).
pub(crate) struct Scale {
    pub(crate) categories: Vec<Category>,
    pub(crate) raw: Vec<u32>,
}

impl Scale {
    fn from_raw(mut entries: Vec<(u32, Category)>) -> (Scale, HashMap<u32, u16>) {
        entries.sort_unstable_by_key(|e| e.0);
        entries.dedup_by_key(|e| e.0);
        let dense = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.0, (i + 1) as u16))
            .collect();
        let scale = Scale {
            categories: std::iter::once(Category::HighCard)
                .chain(entries.iter().map(|e| e.1))
                .collect(),
            raw: std::iter::once(0)
                .chain(entries.iter().map(|e| e.0))
                .collect(),
        };
        (scale, dense)
    }

    /// Number of distinct values.
    pub(crate) fn len(&self) -> usize {
        self.categories.len() - 1
    }
}

/// Soko tables for one four-straight mode.
pub(crate) struct SokoTables {
    pub(crate) scale: Scale,
    pub(crate) rank: RankTable,
    flush: Vec<u16>,
    /// Indexed by `suited_rank_mask << 4 | odd_rank`.
    four_flush: Vec<u16>,
}

fn counts_of_mask(mask: u32) -> Counts {
    let mut c = [0u8; 13];
    for (r, slot) in c.iter_mut().enumerate() {
        *slot = (mask >> r & 1) as u8;
    }
    c
}

fn rank_key(counts: &Counts) -> u32 {
    counts
        .iter()
        .zip(RANK_BASES)
        .map(|(&n, b)| u32::from(n) * b)
        .sum()
}

/// The table slot of a rank key (a key of 5-7 cards).
#[inline]
fn slot(key: u32) -> usize {
    key.wrapping_add(ROW_OFFSETS[(key >> ROW_SHIFT) as usize & (ROW_OFFSETS.len() - 1)]) as usize
}

/// Every rank multiset of 5 to 7 cards (at most four of a rank), fewest cards first.
fn multisets() -> Vec<Counts> {
    fn rec(r: usize, left: u8, cur: &mut Counts, out: &mut Vec<Counts>) {
        if r == 13 {
            out.push(*cur);
            return;
        }
        for n in 0..=left.min(4) {
            cur[r] = n;
            rec(r + 1, left - n, cur, out);
        }
        cur[r] = 0;
    }
    let mut all = Vec::new();
    rec(0, 7, &mut [0; 13], &mut all);
    all.retain(|c| c.iter().map(|&n| n as usize).sum::<usize>() >= 5);
    all.sort_by_key(|c| c.iter().map(|&n| n as usize).sum::<usize>());
    all
}

#[cfg(test)]
/// Row-displacement perfect hash of `keys`: returns per-row offsets and the slot count.
fn perfect_hash(keys: &[u32]) -> (Vec<u32>, usize) {
    let rows = (keys.iter().max().map_or(0, |&k| k >> ROW_SHIFT) + 1) as usize;
    let mut by_row: Vec<Vec<u32>> = vec![Vec::new(); rows];
    for &k in keys {
        by_row[(k >> ROW_SHIFT) as usize].push(k & ((1 << ROW_SHIFT) - 1));
    }
    let mut order: Vec<usize> = (0..rows).filter(|&r| !by_row[r].is_empty()).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(by_row[r].len()));
    let mut used: Vec<bool> = Vec::new();
    let mut offsets = vec![0u32; rows];
    let mut first_free = 0usize;
    for r in order {
        let cols = &by_row[r];
        let min_col = *cols.iter().min().unwrap_or(&0) as usize;
        // Start where the row's lowest column would land on the first free slot.
        let mut start = first_free.saturating_sub(min_col);
        loop {
            if cols
                .iter()
                .all(|&c| !used.get(start + c as usize).copied().unwrap_or(false))
            {
                break;
            }
            start += 1;
        }
        for &c in cols {
            let slot = start + c as usize;
            if slot >= used.len() {
                used.resize(slot + 1, false);
            }
            used[slot] = true;
        }
        while first_free < used.len() && used[first_free] {
            first_free += 1;
        }
        // slot = key + offset (wrapping), with key = row << SHIFT | col.
        offsets[r] = (start as u32).wrapping_sub((r as u32) << ROW_SHIFT);
    }
    (offsets, used.len())
}

/// A table indexed by perfect-hash slot; its fixed power-of-two length lets a masked index
/// go without a bounds check.
pub(crate) type RankTable = Box<[u16; TABLE_LEN]>;

/// The entry of a summed hand (5-7 cards) in a rank table.
#[inline]
pub(crate) fn rank_entry(table: &[u16; TABLE_LEN], key: u64) -> u16 {
    table[slot(key as u32) & (TABLE_LEN - 1)]
}

/// A zeroed rank table.
fn rank_table() -> RankTable {
    vec![0u16; TABLE_LEN]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has TABLE_LEN entries"))
}

/// One ranking's tables: its scale, the rank table and (when suits matter) a flush table.
pub(crate) struct Ranked {
    pub(crate) scale: Scale,
    pub(crate) rank: RankTable,
    flush: Vec<u16>,
}

/// All lookup tables, each ranking built on its first use (milliseconds), so a program
/// that evaluates only high hands never builds the Soko tables.
#[derive(Default)]
pub(crate) struct Tables {
    high: OnceLock<Ranked>,
    ace_five: OnceLock<Ranked>,
    low8: OnceLock<Ranked>,
    deuce7: OnceLock<Ranked>,
    soko: [OnceLock<SokoTables>; 3],
}

/// The tables.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::default)
}

/// Every rank multiset of 5-7 cards, and the 5-card ones, computed once.
fn shapes() -> &'static (Vec<Counts>, Vec<Counts>) {
    static SHAPES: OnceLock<(Vec<Counts>, Vec<Counts>)> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let sets = multisets();
        let five = sets
            .iter()
            .filter(|c| c.iter().map(|&n| n as usize).sum::<usize>() == 5)
            .copied()
            .collect();
        (sets, five)
    })
}

fn flush_masks() -> impl Iterator<Item = u32> {
    (0u32..1 << 13).filter(|m| m.count_ones() == 5)
}

impl Ranked {
    /// The strength of a hand whose suits do not matter (or that holds no flush).
    #[inline]
    pub(crate) fn by_ranks(&self, key: u64) -> u16 {
        rank_entry(&self.rank, key)
    }

    /// The strength of a hand of 5-7 cards, reading the flush table when five share a suit.
    /// `mask` gives the hand's card mask; it is only called for a flush, so callers that
    /// have no mask at hand pay for it on that rare path alone.
    #[inline]
    pub(crate) fn with_flush(&self, key: u64, mask: impl FnOnce() -> u64) -> u16 {
        let flush = suits_with(key, 5);
        if flush == 0 {
            self.by_ranks(key)
        } else {
            self.flush[suit_lane(mask(), flush.trailing_zeros() / 4)]
        }
    }

    /// High (E-2.1): 5-card values, then the best five by removing one card at a time.
    fn high() -> Ranked {
        let (sets, five) = shapes();
        let entries = five
            .iter()
            .map(|c| keys::high(c, false, true))
            .chain(flush_masks().map(|m| keys::high(&counts_of_mask(m), true, true)))
            .map(|(cat, k)| (k, cat))
            .collect();
        let (scale, dense) = Scale::from_raw(entries);
        Ranked {
            scale,
            rank: best_of_subsets(sets, |c| dense[&keys::high(c, false, true).1]),
            flush: flush_table(|m| dense[&keys::high(&counts_of_mask(m), true, true).1]),
        }
    }

    /// Ace-to-five (E-2.3.1-2): ranks only.
    fn ace_five() -> Ranked {
        let (sets, five) = shapes();
        let entries = five
            .iter()
            .map(keys::ace_five)
            .map(|(cat, k)| (k, cat))
            .collect();
        let (scale, dense) = Scale::from_raw(entries);
        Ranked {
            scale,
            rank: best_of_subsets(sets, |c| dense[&keys::ace_five(c).1]),
            flush: Vec::new(),
        }
    }

    /// 8-or-better (E-2.3.3-4): ranks only; 0 where there is no qualifying low.
    fn low8() -> Ranked {
        let (sets, five) = shapes();
        let entries = five
            .iter()
            .filter_map(|c| keys::low8(c).map(|k| (k, Category::HighCard)))
            .collect();
        let (scale, dense) = Scale::from_raw(entries);
        Ranked {
            scale,
            rank: best_of_subsets(sets, |c| keys::low8(c).map_or(0, |k| dense[&k])),
            flush: Vec::new(),
        }
    }

    /// Deuce-to-seven (E-2.4): 5-card values, then the best five by removing one card at
    /// a time. The rank table is right for every hand without five cards of a suit; the
    /// flush table holds the five-card flushes only, since with six or seven cards the
    /// best five may avoid the flush (see [`Ranked::deuce_seven_suited`]).
    fn deuce_seven() -> Ranked {
        let (sets, five) = shapes();
        let entries = five
            .iter()
            .map(|c| keys::deuce_seven(c, false))
            .chain(flush_masks().map(|m| keys::deuce_seven(&counts_of_mask(m), true)))
            .map(|(cat, k)| (k, cat))
            .collect();
        let (scale, dense) = Scale::from_raw(entries);
        let rank = best_of_subsets(sets, |c| dense[&keys::deuce_seven(c, false).1]);
        let mut flush = vec![0u16; 1 << 13];
        for m in flush_masks() {
            flush[m as usize] = dense[&keys::deuce_seven(&counts_of_mask(m), true).1];
        }
        Ranked { scale, rank, flush }
    }

    /// Deuce-to-seven of 5-7 cards of which five or more share a suit: the best of its
    /// five-card hands (a flush only if every five-card choice is one), from the summed
    /// keys and the card mask. The rare path: a hand has five cards of a suit in about
    /// 2% of 6-card and 3% of 7-card deals.
    pub(crate) fn deuce_seven_suited(&self, key: u64, mask: u64) -> u16 {
        if mask.count_ones() <= 5 {
            return self.with_flush(key, || mask);
        }
        let mut cards = [0usize; 7];
        let mut n = 0;
        let mut rest = mask;
        while rest != 0 && n < cards.len() {
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            cards[n] = bit % 16 * 4 + bit / 16;
            n += 1;
        }
        let cards = &cards[..n];
        (0u32..1 << n)
            .filter(|keep| keep.count_ones() == 5)
            .map(|keep| {
                let chosen = cards
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| keep >> i & 1 == 1);
                let (k, m) = chosen.fold((0, 0), |(k, m), (_, &c)| {
                    (k + CARD_KEY[c], m | CARD_MASK[c])
                });
                self.with_flush(k, || m)
            })
            .max()
            .unwrap_or(0)
    }
}

impl Tables {
    pub(crate) fn high_t(&self) -> &Ranked {
        self.high.get_or_init(Ranked::high)
    }

    pub(crate) fn ace_five_t(&self) -> &Ranked {
        self.ace_five.get_or_init(Ranked::ace_five)
    }

    pub(crate) fn low8_t(&self) -> &Ranked {
        self.low8.get_or_init(Ranked::low8)
    }

    pub(crate) fn deuce7_t(&self) -> &Ranked {
        self.deuce7.get_or_init(Ranked::deuce_seven)
    }

    pub(crate) fn soko_t(&self, mode: FourStraight) -> &SokoTables {
        self.soko[mode as usize].get_or_init(|| SokoTables::build(mode))
    }

    /// The scale of the high ranking.
    pub(crate) fn high_scale(&self) -> &Scale {
        &self.high_t().scale
    }

    /// The scale of the ace-to-five ranking.
    pub(crate) fn ace_five_scale(&self) -> &Scale {
        &self.ace_five_t().scale
    }

    /// The scale of the 8-or-better ranking.
    pub(crate) fn low8_scale(&self) -> &Scale {
        &self.low8_t().scale
    }

    /// The scale of the deuce-to-seven ranking.
    pub(crate) fn deuce7_scale(&self) -> &Scale {
        &self.deuce7_t().scale
    }

    /// The scale of a Soko ranking.
    pub(crate) fn soko_scale(&self, mode: FourStraight) -> &Scale {
        &self.soko_t(mode).scale
    }

    /// High strength of 5-7 valid, distinct cards (E-2.1).
    #[inline]
    pub(crate) fn high(&self, cards: &[u8]) -> u16 {
        let key = summarise(cards);
        self.high_of(key, cards)
    }

    /// As above, from the summarised hand.
    #[inline]
    pub(crate) fn high_of(&self, key: u64, cards: &[u8]) -> u16 {
        self.high_t().with_flush(key, || mask_of(cards))
    }

    /// Ace-to-five strength of 5-7 valid, distinct cards.
    #[inline]
    pub(crate) fn ace_five(&self, cards: &[u8]) -> u16 {
        let key = summarise(cards);
        self.ace_five_of(key, cards)
    }

    /// As above, from the summarised hand.
    #[inline]
    pub(crate) fn ace_five_of(&self, key: u64, _cards: &[u8]) -> u16 {
        self.ace_five_t().by_ranks(key)
    }

    /// 8-or-better strength of 5-7 valid, distinct cards, 0 without a qualifying low.
    #[inline]
    pub(crate) fn low8(&self, cards: &[u8]) -> u16 {
        let key = summarise(cards);
        self.low8_of(key, cards)
    }

    /// As above, from the summarised hand.
    #[inline]
    pub(crate) fn low8_of(&self, key: u64, _cards: &[u8]) -> u16 {
        self.low8_t().by_ranks(key)
    }

    /// Deuce-to-seven strength of 5-7 valid, distinct cards (the best five).
    #[inline]
    pub(crate) fn deuce_seven(&self, cards: &[u8]) -> u16 {
        let key = summarise(cards);
        self.deuce_seven_of(key, cards)
    }

    /// As above, from the summarised hand.
    #[inline]
    pub(crate) fn deuce_seven_of(&self, key: u64, cards: &[u8]) -> u16 {
        let t = self.deuce7_t();
        if suits_with(key, 5) == 0 {
            t.by_ranks(key)
        } else {
            t.deuce_seven_suited(key, mask_of(cards))
        }
    }

    /// The strength of 5-7 valid, distinct cards under a five-card ranking, from the
    /// summarised hand (0 for a showing ranking, which has no table here).
    #[inline]
    pub(crate) fn strength_of(&self, ranking: Ranking, key: u64, cards: &[u8]) -> u16 {
        match ranking {
            Ranking::High => self.high_of(key, cards),
            Ranking::AceFive => self.ace_five_of(key, cards),
            Ranking::Low8 => self.low8_of(key, cards),
            Ranking::DeuceSeven => self.deuce_seven_of(key, cards),
            Ranking::Soko(mode) => self.soko_of(mode, key, cards),
            Ranking::Showing(_) => 0,
        }
    }

    /// Soko strength of exactly 5 valid, distinct cards.
    #[inline]
    pub(crate) fn soko(&self, mode: FourStraight, cards: &[u8]) -> u16 {
        let key = summarise(cards);
        self.soko_of(mode, key, cards)
    }

    /// As above, from the summarised hand.
    #[inline]
    pub(crate) fn soko_of(&self, mode: FourStraight, key: u64, cards: &[u8]) -> u16 {
        self.soko_t(mode).value(key, || mask_of(cards))
    }
}

/// The summed card keys of a hand.
#[inline]
pub(crate) fn summarise(cards: &[u8]) -> u64 {
    cards.iter().map(|&c| CARD_KEY[c as usize]).sum()
}

/// A rank table: 5-card multisets get `value5`, larger ones the best value after removing
/// one card (multisets come fewest cards first, so the smaller ones are already filled).
fn best_of_subsets(sets: &[Counts], value5: impl Fn(&Counts) -> u16) -> RankTable {
    let mut table = rank_table();
    for c in sets {
        let key = rank_key(c);
        let n: u8 = c.iter().sum();
        table[slot(key)] = if n == 5 {
            value5(c)
        } else {
            (0..13)
                .filter(|&r| c[r] > 0)
                .map(|r| table[slot(key - RANK_BASES[r])])
                .max()
                .unwrap_or(0)
        };
    }
    table
}

/// A flush table over 13-bit suited-rank masks: 5 bits from `value5`, 6-7 bits the best
/// after removing one rank.
fn flush_table(value5: impl Fn(u32) -> u16) -> Vec<u16> {
    let mut table = vec![0u16; 1 << 13];
    let mut masks: Vec<u32> = (0u32..1 << 13)
        .filter(|m| (5..=7).contains(&m.count_ones()))
        .collect();
    masks.sort_by_key(|m| m.count_ones());
    for m in masks {
        table[m as usize] = if m.count_ones() == 5 {
            value5(m)
        } else {
            (0..13)
                .filter(|r| m >> r & 1 == 1)
                .map(|r| table[(m & !(1 << r)) as usize])
                .max()
                .unwrap_or(0)
        };
    }
    table
}

impl SokoTables {
    /// The strength of a hand with no four cards of a suit.
    #[inline]
    pub(crate) fn by_ranks(&self, key: u64) -> u16 {
        rank_entry(&self.rank, key)
    }

    /// Soko strength of exactly 5 valid, distinct cards, from the summarised hand; `mask`
    /// gives the card mask and is only called when four or more share a suit.
    #[inline]
    pub(crate) fn value(&self, key: u64, mask: impl FnOnce() -> u64) -> u16 {
        let t = self;
        let four = suits_with(key, 4);
        let by_ranks = t.by_ranks(key);
        if four == 0 {
            return by_ranks;
        }
        let suit = four.trailing_zeros() / 4;
        let mask = mask();
        let suited = suit_lane(mask, suit);
        if suited.count_ones() == 5 {
            return t.flush[suited];
        }
        // The one card off the suit: folding the other lanes leaves its rank bit.
        let off = mask & !(0x1fff << (16 * suit));
        let odd = (off | off >> 16 | off >> 32 | off >> 48).trailing_zeros() as usize & 0xf;
        // A straight outranks the four-flush; nothing else a four-suited hand can be does.
        by_ranks.max(t.four_flush[(suited << 4 | odd) & 0x1ffff])
    }

    fn build(mode: FourStraight) -> SokoTables {
        let (_, five) = shapes();
        let four_masks: Vec<u32> = (0u32..1 << 13).filter(|m| m.count_ones() == 4).collect();
        let four_flush_hand = |m: u32, odd: u32| {
            let mut c = counts_of_mask(m);
            c[odd as usize] += 1;
            let suited: Vec<u32> = (0..13).filter(|r| m >> r & 1 == 1).collect();
            let suited = [suited[0], suited[1], suited[2], suited[3]];
            keys::soko(&c, false, Some((suited, odd)), mode)
        };
        let mut entries: Vec<(u32, Category)> = five
            .iter()
            .map(|c| {
                let (cat, k) = keys::soko(c, false, None, mode);
                (k, cat)
            })
            .collect();
        let flush_masks: Vec<u32> = (0u32..1 << 13).filter(|m| m.count_ones() == 5).collect();
        entries.extend(flush_masks.iter().map(|&m| {
            let (cat, k) = keys::soko(&counts_of_mask(m), true, None, mode);
            (k, cat)
        }));
        for &m in &four_masks {
            for odd in 0..13 {
                let (cat, k) = four_flush_hand(m, odd);
                entries.push((k, cat));
            }
        }
        let (scale, dense) = Scale::from_raw(entries);
        let mut rank = rank_table();
        for c in five {
            rank[slot(rank_key(c))] = dense[&keys::soko(c, false, None, mode).1];
        }
        let mut flush = vec![0u16; 1 << 13];
        for &m in &flush_masks {
            flush[m as usize] = dense[&keys::soko(&counts_of_mask(m), true, None, mode).1];
        }
        let mut four_flush = vec![0u16; 1 << 17];
        for &m in &four_masks {
            for odd in 0..13 {
                four_flush[(m as usize) << 4 | odd as usize] = dense[&four_flush_hand(m, odd).1];
            }
        }
        SokoTables {
            scale,
            rank,
            flush,
            four_flush,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Scale {
        fn bytes(&self) -> usize {
            self.categories.len() * size_of::<Category>() + self.raw.len() * size_of::<u32>()
        }
    }

    impl Ranked {
        fn bytes(&self) -> usize {
            self.scale.bytes() + size_of_val(&*self.rank) + self.flush.len() * 2
        }
    }

    impl SokoTables {
        fn bytes(&self) -> usize {
            self.scale.bytes()
                + size_of_val(&*self.rank)
                + (self.flush.len() + self.four_flush.len()) * 2
        }
    }

    /// Every lookup table, each ranking and Soko mode built, fits in a few megabytes
    /// (4.0 MiB: 1 MiB of it the batch path's pair sums, a sixth the rank tables'
    /// power-of-two padding, neither touched beyond the entries in use); a table left out
    /// of the count, or grown, moves the total out of the README's figure.
    #[test]
    fn every_table_together_takes_a_few_mib() {
        let t = tables();
        let rankings: usize = [t.high_t(), t.ace_five_t(), t.low8_t(), t.deuce7_t()]
            .iter()
            .map(|r| r.bytes())
            .sum();
        let soko: usize = [
            FourStraight::Consecutive,
            FourStraight::OpenEnded,
            FourStraight::WithGutshot,
        ]
        .iter()
        .map(|&m| t.soko_t(m).bytes())
        .sum();
        let statics = size_of_val(&ROW_OFFSETS)
            + size_of_val(&CARD_KEY)
            + size_of_val(&CARD_MASK)
            + size_of_val(&CARD_KEY_MASK)
            + PairSums::get().bytes();
        let total = rankings + soko + statics;
        // The README's figures: 4.5 MiB, of which the pair sums are 1.5 MiB and the padding
        // of the seven rank tables (four rankings, three Soko modes) past the slots in use
        // is about a seventh.
        assert_eq!(PairSums::get().bytes(), 3 << 19);
        assert!(
            ((44 << 20)..(46 << 20)).contains(&(10 * total)),
            "{total} bytes"
        );
        let padding = 7 * (TABLE_LEN - SLOTS) * size_of::<u16>();
        let percent = 100 * padding / total;
        assert!((13..16).contains(&percent), "padding {padding} of {total}");
    }

    /// The committed row offsets map every rank multiset of 5-7 cards to its own slot.
    #[test]
    fn row_offsets_are_a_perfect_hash() {
        let mut seen = vec![false; SLOTS];
        for c in multisets() {
            let s = slot(rank_key(&c));
            assert!(s < SLOTS && !seen[s], "collision at {s}");
            seen[s] = true;
        }
    }

    /// Rewrites `offsets.rs` (run after changing `RANK_BASES`):
    /// `cargo test --release --no-default-features regenerate_row_offsets -- --ignored`.
    #[test]
    #[ignore = "regenerates a source file"]
    fn regenerate_row_offsets() {
        use std::fmt::Write;
        let keys: Vec<u32> = multisets().iter().map(rank_key).collect();
        let (mut offsets, slots) = perfect_hash(&keys);
        offsets.resize(offsets.len().next_power_of_two(), 0);
        let mut text = String::from(
            "//! Row offsets of the rank-key perfect hash, generated by\n\
             //! `tables::tests::regenerate_row_offsets` (do not edit).\n\
             #![allow(clippy::unreadable_literal)]\n\n",
        );
        let _ = writeln!(
            text,
            "/// Slots used by the hash.\npub(crate) const SLOTS: usize = {slots};"
        );
        let _ = write!(
            text,
            "/// Per-row offsets: `slot = key + ROW_OFFSETS[key >> 12]` (wrapping), padded to a power\n\
             /// of two so that a masked index needs no bounds check.\n\
             #[rustfmt::skip]\npub(crate) static ROW_OFFSETS: [u32; {}] = [\n",
            offsets.len()
        );
        for chunk in offsets.chunks(8) {
            let line: Vec<String> = chunk.iter().map(|o| format!("{o:#010x}")).collect();
            let _ = writeln!(text, "    {},", line.join(", "));
        }
        text += "];\n";
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/rust/eval/offsets.rs"),
            text,
        )
        .unwrap();
    }
}
