//! Exact enumeration of every completion.
//!
//! Each player's strength depends only on his own cards, so it is computed once per set of
//! cards he could receive: for player `p` missing `k` cards, the *list* of all `C(m, k)`
//! sets from the stub, each with its card mask and strengths (built with running key
//! sums). A completion is then a choice of one entry per list with pairwise disjoint masks.
//! Players are walked in nested loops, the longest list innermost; the innermost level
//! only *counts*, for the best high (and low) of the outer players, how many of its entries
//! disjoint from the outer cards beat, tie or lose to it, and the pot is split once per
//! outcome class. Two ways to count:
//!
//! * **scan**: a branch-free pass over the innermost list with a mask test per entry,
//!   which the compiler vectorises (always used for hi/lo, which needs joint high/low
//!   counts);
//! * **subsets** (high-only games, innermost sets of at most four cards): the innermost
//!   strengths are indexed, sorted, by every subset of their cards, and the entries
//!   disjoint from the used cards `U` are counted by inclusion–exclusion,
//!   `Σ_{S ⊆ U, |S| ≤ k} (-1)^|S| · #{entries ⊇ S}`, with two binary searches per term.
//!   Heads-up fourth street needs 8 terms per outer entry instead of a 13,244-entry scan.
//!
//! Work is cut into *units* over the outermost loops (as many levels as it takes to give
//! every unit a share; the innermost list only when every outer level together is short)
//! and summed as integers, so the result does not depend on
//! scheduling. The cut follows from the lists' lengths alone, so any range of units can run
//! on any machine (see [`super::Work`]) and the ranges add up to the whole.

use std::ops::Range;

use rayon::prelude::*;

use crate::control::Control;

use super::{binomial, record, split, strengths, total, Setup, Tally, Totals, MAX_PLAYERS};
use crate::eval::tables::{Tables, CARD_KEY};

/// Units the enumeration is cut into (about; enough to balance any core count in practice,
/// and to spread one job over a cluster's workers).
const UNITS: usize = 4096;

/// Every set of cards one player may receive, with its mask and strengths.
struct List {
    masks: Vec<u64>,
    hi: Vec<u16>,
    lo: Vec<u16>,
}

impl List {
    fn build(setup: &Setup, t: &Tables, player: usize) -> List {
        let held = &setup.held[player];
        let k = setup.missing[player];
        let mut buf = [0u8; 7];
        buf[..held.len()].copy_from_slice(held);
        let mut list = List {
            masks: Vec::new(),
            hi: Vec::new(),
            lo: Vec::new(),
        };
        let size = setup.hand_cards();
        let mut add = |key: u64, mask: u64, cards: &[u8]| {
            let (h, l) = strengths(setup.rankings, t, key, &cards[..size]);
            list.masks.push(mask);
            list.hi.push(h);
            list.lo.push(l);
        };
        combos(
            &setup.stub,
            k,
            held.len(),
            setup.held_key[player],
            0,
            &mut buf,
            &mut add,
        );
        list
    }

    fn len(&self) -> usize {
        self.masks.len()
    }
}

/// Calls `f(key, mask, cards)` for every `k`-subset of `stub`, written into `buf[at..]`,
/// in lexicographic order; `key` and `mask` are running sums.
fn combos(
    stub: &[u8],
    k: usize,
    at: usize,
    key: u64,
    mask: u64,
    buf: &mut [u8; 7],
    f: &mut impl FnMut(u64, u64, &[u8]),
) {
    if k == 0 {
        f(key, mask, &buf[..]);
        return;
    }
    // Leave room for the k - 1 cards after this one.
    for i in 0..=stub.len() - k {
        let c = stub[i];
        buf[at] = c;
        combos(
            &stub[i + 1..],
            k - 1,
            at + 1,
            key + CARD_KEY[c as usize],
            mask | 1 << c,
            buf,
            f,
        );
    }
}

/// The nested walk over the players' lists, outermost list first.
struct Walk<'a> {
    lists: Vec<&'a List>,
    /// The player whose list is at each level.
    player_of: Vec<usize>,
    hilo: bool,
    /// The innermost list's subset index, when counting by subsets.
    index: Option<&'a SubsetIndex>,
}

/// Strengths of the players at the outer levels of the current walk.
struct Outer {
    hi: [u16; MAX_PLAYERS],
    lo: [u16; MAX_PLAYERS],
}

/// Largest innermost set size the subset index handles (its memory is `2^k` per entry).
const MAX_SUBSET_K: usize = 4;

/// How a request will be enumerated: the players' order (outermost first) and the
/// innermost counting method.
pub(super) struct Plan {
    pub(super) order: Vec<usize>,
    pub(super) subsets: bool,
    /// Estimated elementary steps, in high-only scanned innermost entries (see
    /// [`estimate`]).
    pub(super) work: u128,
    /// The units of work: ranges of the split outer levels' tuples, each crossed (when
    /// every outer list together is short) with parts of the innermost (see [`Grid`]).
    grid: Grid,
}

/// How the nested walk is cut into units. The index tuples of the outermost `split` levels
/// (as few levels as make at least [`UNITS`] tuples), flattened with the outermost level
/// most significant, are cut into ranges; when even every outer level together makes fewer
/// tuples than that (few players, short lists), each range is crossed with parts of the
/// innermost list. It follows from the lists' lengths alone, so every machine cuts a
/// request the same way without building anything.
///
/// Cutting deeper levels rather than the innermost list matters multiway: a short outermost
/// list (one missing card) crossed with parts of the innermost would repeat the whole outer
/// walk once per part.
struct Grid {
    /// Every level's list length, in walk order (innermost last).
    lens: Vec<usize>,
    /// How many outer levels the units split.
    split: usize,
    /// Tuples of the split levels.
    flat_len: usize,
    flat_chunk: usize,
    inner_chunk: usize,
    inner_parts: usize,
}

impl Grid {
    fn new(lens: &[usize], subsets: bool) -> Grid {
        // Every list has at least one entry (C(m, k) with k <= m).
        let lens: Vec<usize> = lens.iter().map(|&l| l.max(1)).collect();
        let last = lens.len() - 1;
        let (mut split, mut flat_len) = (1, lens[0]);
        while flat_len < UNITS && split < last {
            flat_len = flat_len.saturating_mul(lens[split]);
            split += 1;
        }
        let inner_len = lens[last];
        let wanted_parts = if subsets || split < last {
            1
        } else {
            UNITS.div_ceil(flat_len).min(inner_len)
        };
        let inner_chunk = inner_len.div_ceil(wanted_parts);
        Grid {
            split,
            flat_len,
            flat_chunk: flat_len.div_ceil(UNITS),
            inner_chunk,
            inner_parts: inner_len.div_ceil(inner_chunk),
            lens,
        }
    }

    fn units(&self) -> u64 {
        (self.flat_len.div_ceil(self.flat_chunk) * self.inner_parts) as u64
    }

    /// The flattened tuples and the innermost range of unit `u`.
    fn unit(&self, u: u64) -> (Range<usize>, Range<usize>) {
        let (o, i) = (u as usize / self.inner_parts, u as usize % self.inner_parts);
        let (o, i) = (o * self.flat_chunk, i * self.inner_chunk);
        let inner_len = self.lens[self.lens.len() - 1];
        (
            o..(o + self.flat_chunk).min(self.flat_len),
            i..(i + self.inner_chunk).min(inner_len),
        )
    }

    /// The split levels' indices of flattened tuple `f`.
    fn decode(&self, mut f: usize) -> [usize; MAX_PLAYERS] {
        let mut idx = [0; MAX_PLAYERS];
        for l in (0..self.split).rev() {
            idx[l] = f % self.lens[l];
            f /= self.lens[l];
        }
        idx
    }

    /// Steps `idx` to the next flattened tuple (the innermost split level fastest).
    fn advance(&self, idx: &mut [usize; MAX_PLAYERS]) {
        for l in (0..self.split).rev() {
            idx[l] += 1;
            if idx[l] < self.lens[l] {
                return;
            }
            idx[l] = 0;
        }
    }
}

/// Terms of the inclusion–exclusion over `used` cards with sets of at most `k` cards.
fn subset_terms(used: usize, k: usize) -> u128 {
    (0..=k.min(used))
        .map(|s| binomial(used as u128, s as u128))
        .sum()
}

/// Cost of one subset-index term relative to one scanned entry (two binary searches).
const TERM_COST: u128 = 40;

pub(super) fn plan(setup: &Setup) -> Plan {
    let n = setup.players();
    let m = setup.stub.len() as u128;
    let len = |p: usize| binomial(m, setup.missing[p] as u128);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| len(p));
    let inner = order[n - 1];
    let used: usize = order[..n - 1].iter().map(|&p| setup.missing[p]).sum();
    let k = setup.missing[inner];
    let scan_step = len(inner);
    let term_step = subset_terms(used, k).saturating_mul(TERM_COST);
    let subsets = !setup.is_hilo() && k <= MAX_SUBSET_K && term_step < scan_step;
    if subsets {
        // Outermost the longest outer list: the units split it.
        order[..n - 1].reverse();
    }
    let list_len = |p: usize| usize::try_from(len(p)).unwrap_or(usize::MAX);
    let lens: Vec<usize> = order.iter().map(|&p| list_len(p)).collect();
    let grid = Grid::new(&lens, subsets);
    let work = estimate(setup, &order, &grid, subsets, term_step);
    Plan {
        order,
        subsets,
        work,
        grid,
    }
}

/// Cost of one innermost call per player (the outer best, each class's split), in
/// scanned entries of a high-only game (measured, docs/scaling.md).
const CALL_COST_PER_PLAYER: u128 = 40;

/// Cost of a hi/lo scanned entry relative to a high-only one (nine counts instead of
/// three), and of a hi/lo call (nine classes to split instead of three); measured,
/// docs/scaling.md.
const HILO_SCAN_COST: u128 = 3;
const HILO_CALL_COST: u128 = 3;

/// The steps (high-only scanned entries) the walk takes: every innermost call with its
/// scan or inclusion–exclusion terms, and the last outer loop's iterations.
fn estimate(setup: &Setup, order: &[usize], grid: &Grid, subsets: bool, term_step: u128) -> u128 {
    let n = order.len();
    let m = setup.stub.len() as u128;
    // Innermost calls: the disjoint choices of the outer players' sets, exactly
    // (m! / (k_1! ... k_{n-1}! (m - sum k)!)), repeated once per part of the innermost.
    let (mut calls, mut left) = (1u128, m);
    for &p in &order[..n - 1] {
        let k = setup.missing[p] as u128;
        calls = calls.saturating_mul(binomial(left, k));
        left -= k;
    }
    let parts = grid.inner_parts as u128;
    // The last outer loop tests its whole list once per choice of the levels above it.
    let k_last = setup.missing[order[n - 2]] as u128;
    let loops =
        (calls / binomial(left + k_last, k_last).max(1)).saturating_mul(binomial(m, k_last));
    let (scan_cost, call_cost) = if setup.is_hilo() {
        (HILO_SCAN_COST, HILO_CALL_COST)
    } else {
        (1, 1)
    };
    let per_call = if subsets {
        term_step
    } else {
        grid.lens[n - 1] as u128 / parts * scan_cost
    };
    let call = CALL_COST_PER_PLAYER * n as u128 * call_cost;
    calls
        .saturating_mul(parts)
        .saturating_mul(per_call.saturating_add(call))
        .saturating_add(loops.saturating_mul(parts))
}

impl Plan {
    /// Units of work the enumeration is cut into.
    pub(super) fn units(&self) -> u64 {
        self.grid.units()
    }

    /// How many outer levels the units split, and how many parts of the innermost list
    /// each crosses.
    #[cfg(test)]
    pub(super) fn cut(&self) -> (usize, usize) {
        (self.grid.split, self.grid.inner_parts)
    }

    /// Turns `subsets` off or on (the tests compare both ways of counting); the units
    /// change with it.
    #[cfg(test)]
    pub(super) fn set_subsets(&mut self, subsets: bool) {
        self.subsets = subsets;
        self.grid = Grid::new(&self.grid.lens, subsets);
    }
}

/// The outermost player, and his card sets that units `units` cover whole, in list order;
/// `None` when those units cut inside one of his sets (the grid splits deeper levels, or
/// the innermost list, and the range starts or ends inside a set).
pub(super) fn outer_sets(
    setup: &Setup,
    plan: &Plan,
    units: Range<u64>,
) -> Option<(usize, Vec<Vec<u8>>)> {
    let grid = &plan.grid;
    // Tuples of the split levels per outermost set.
    let per_set: usize = grid.lens[1..grid.split].iter().product();
    let outer = if units.is_empty() {
        0..0
    } else {
        let (first, last) = (grid.unit(units.start), grid.unit(units.end - 1));
        let whole = first.1.start == 0
            && last.1.end == grid.lens[grid.lens.len() - 1]
            && first.0.start % per_set == 0
            && last.0.end % per_set == 0;
        if !whole {
            return None;
        }
        first.0.start / per_set..last.0.end / per_set
    };
    let player = plan.order[0];
    let k = setup.missing[player];
    let mut sets = Vec::new();
    let mut at = 0;
    let mut buf = [0u8; 7];
    combos(
        &setup.stub,
        k,
        0,
        0,
        0,
        &mut buf,
        &mut |_, _, cards: &[u8]| {
            if outer.contains(&at) {
                sets.push(cards[..k].to_vec());
            }
            at += 1;
        },
    );
    Some((player, sets))
}

/// What one machine builds once per request before it runs any unit: every player's list
/// and, when counting by subsets, the innermost list's index.
pub(super) struct Built {
    lists: Vec<List>,
    index: Option<SubsetIndex>,
}

pub(super) fn build(setup: &Setup, t: &Tables, plan: &Plan) -> Built {
    let n = setup.players();
    let lists: Vec<List> = (0..n)
        .into_par_iter()
        .map(|p| List::build(setup, t, p))
        .collect();
    let inner = plan.order[n - 1];
    let index = plan
        .subsets
        .then(|| SubsetIndex::build(&lists[inner], setup.missing[inner]));
    Built { lists, index }
}

/// The totals of units `units` (a range of `0 .. plan.units()`).
pub(super) fn run(
    setup: &Setup,
    built: &Built,
    plan: &Plan,
    units: Range<u64>,
    threads: Option<usize>,
    cancel: &Control,
) -> Totals {
    let walk = Walk {
        lists: plan.order.iter().map(|&p| &built.lists[p]).collect(),
        player_of: plan.order.clone(),
        hilo: setup.is_hilo(),
        index: built.index.as_ref(),
    };
    total(units, threads, cancel, |u| {
        let (flat, inner) = plan.grid.unit(u);
        walk.job(&plan.grid, flat, &inner)
    })
}

/// `C(n, k)` for `n <= 52`, `k <= MAX_SUBSET_K`: the combinatorial number system's digits.
const BINOM: [[u32; MAX_SUBSET_K + 1]; 53] = {
    let mut t = [[0u32; MAX_SUBSET_K + 1]; 53];
    let mut n = 0;
    while n < 53 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_SUBSET_K {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The innermost strengths grouped by every subset of up to `k` of their cards, sorted
/// within each group. The group of a subset `c_1 < … < c_s` (card indices) is found by its
/// combinatorial rank `Σ C(c_i, i)` among the subsets of its size.
struct SubsetIndex {
    k: usize,
    /// Per subset size `s`: group starts by rank (`C(52, s) + 1` entries) into `values`.
    starts: Vec<Vec<u32>>,
    values: Vec<u16>,
}

impl SubsetIndex {
    fn build(list: &List, k: usize) -> SubsetIndex {
        let mut starts: Vec<Vec<u32>> = (0..=k)
            .map(|s| vec![0u32; BINOM[52][s] as usize + 1])
            .collect();
        let for_each_subset = |mask: u64, f: &mut dyn FnMut(usize, usize)| {
            let mut cards = [0usize; MAX_SUBSET_K];
            let mut bits = mask;
            for slot in cards.iter_mut().take(k) {
                *slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
            }
            for sub in 0u32..1 << k {
                let (mut s, mut rank) = (0, 0);
                for (i, &c) in cards[..k].iter().enumerate() {
                    if sub >> i & 1 == 1 {
                        s += 1;
                        rank += BINOM[c][s] as usize;
                    }
                }
                f(s, rank);
            }
        };
        for &mask in &list.masks {
            for_each_subset(mask, &mut |s, rank| starts[s][rank + 1] += 1);
        }
        // Counts (shifted one place) become running starts across all groups.
        let mut total = 0u32;
        for group in &mut starts {
            group[0] = total;
            for slot in &mut group[1..] {
                total += *slot;
                *slot = total;
            }
        }
        let mut fill = starts.clone();
        let mut values = vec![0u16; total as usize];
        for (&mask, &h) in list.masks.iter().zip(&list.hi) {
            for_each_subset(mask, &mut |s, rank| {
                values[fill[s][rank] as usize] = h;
                fill[s][rank] += 1;
            });
        }
        for group in &starts {
            for w in group.windows(2) {
                values[w[0] as usize..w[1] as usize].sort_unstable();
            }
        }
        SubsetIndex { k, starts, values }
    }

    /// `[disjoint, beat best, tie best]` among the entries disjoint from `used` (sorted
    /// card indices), by inclusion–exclusion over the subsets of `used`.
    fn count(&self, used: &[usize], best: u16) -> [u64; 3] {
        let mut acc = [0i64; 3];
        self.terms(used, 0, 0, 0, best, &mut acc);
        acc.map(|x| u64::try_from(x).unwrap_or(0))
    }

    fn terms(
        &self,
        used: &[usize],
        from: usize,
        s: usize,
        rank: usize,
        best: u16,
        acc: &mut [i64; 3],
    ) {
        let group = &self.starts[s];
        let v = &self.values[group[rank] as usize..group[rank + 1] as usize];
        let at_most = v.partition_point(|&x| x <= best);
        let below = v.partition_point(|&x| x < best);
        let sign = if s.is_multiple_of(2) { 1 } else { -1 };
        acc[0] += sign * v.len() as i64;
        acc[1] += sign * (v.len() - at_most) as i64;
        acc[2] += sign * (at_most - below) as i64;
        if s < self.k {
            for j in from..used.len() {
                self.terms(
                    used,
                    j + 1,
                    s + 1,
                    rank + BINOM[used[j]][s + 1] as usize,
                    best,
                    acc,
                );
            }
        }
    }
}

impl Walk<'_> {
    /// The totals of the split levels' flattened tuples `flat`, each crossed with `inner`.
    fn job(&self, grid: &Grid, flat: Range<usize>, inner: &Range<usize>) -> Tally {
        let mut tally = Tally::default();
        let mut state = Outer {
            hi: [0; MAX_PLAYERS],
            lo: [0; MAX_PLAYERS],
        };
        let split = grid.split;
        // (At the innermost level `level` scans `inner` and ignores the range.)
        let below = 0..self.lists[split].len();
        let mut idx = grid.decode(flat.start);
        for _ in flat {
            let mut used = 0u64;
            let disjoint = (0..split).all(|l| {
                let (list, i) = (self.lists[l], idx[l]);
                let m = list.masks[i];
                state.hi[l] = list.hi[i];
                state.lo[l] = list.lo[i];
                let free = m & used == 0;
                used |= m;
                free
            });
            if disjoint {
                self.level(split, used, below.clone(), inner, &mut state, &mut tally);
            }
            grid.advance(&mut idx);
        }
        tally
    }

    fn level(
        &self,
        lvl: usize,
        used: u64,
        range: Range<usize>,
        inner: &Range<usize>,
        state: &mut Outer,
        tally: &mut Tally,
    ) {
        let last = self.lists.len() - 1;
        if lvl == last {
            self.innermost(used, inner.clone(), state, tally);
            return;
        }
        let here = self.lists[lvl];
        let next = if lvl + 1 == last {
            inner.clone()
        } else {
            0..self.lists[lvl + 1].len()
        };
        for i in range {
            let m = here.masks[i];
            if m & used != 0 {
                continue;
            }
            state.hi[lvl] = here.hi[i];
            state.lo[lvl] = here.lo[i];
            self.level(lvl + 1, used | m, next.clone(), inner, state, tally);
        }
    }

    /// Counts the innermost entries disjoint from `used` by how they compare with the
    /// outer players' best, and splits one pot per class.
    fn innermost(&self, used: u64, range: Range<usize>, state: &mut Outer, tally: &mut Tally) {
        let last = self.lists.len() - 1;
        let inner = self.lists[last];
        let best_hi = state.hi[..last].iter().copied().max().unwrap_or(0);
        let best_lo = state.lo[..last].iter().copied().max().unwrap_or(0);
        let masks = &inner.masks[range.clone()];
        let his = &inner.hi[range.clone()];
        // (count, inner high, inner low) per class; the inner values only need to compare
        // with the outer best the way the counted entries do.
        let mut classes = [(0u64, 0u16, 0u16); 9];
        if self.hilo {
            let c = count_hilo(masks, his, &inner.lo[range], used, best_hi, best_lo);
            let c: [u64; 9] = c.map(u64::from);
            let (gh, eh) = (best_hi + 1, best_hi);
            let (gl, el) = (best_lo + 1, best_lo);
            let hg = [c[5], c[6], c[1] - c[5] - c[6]];
            let he = [c[7], c[8], c[2] - c[7] - c[8]];
            let hl = [
                c[3] - c[5] - c[7],
                c[4] - c[6] - c[8],
                c[0] - c[1] - c[2] - (c[3] - c[5] - c[7]) - (c[4] - c[6] - c[8]),
            ];
            for (row, (rows, h)) in [(hg, gh), (he, eh), (hl, 0)].into_iter().enumerate() {
                for (col, l) in [gl, el, 0].into_iter().enumerate() {
                    classes[row * 3 + col] = (rows[col], h, l);
                }
            }
        } else {
            let [ok, gt, eq] = if let Some(index) = self.index {
                let mut cards = [0usize; 64];
                let mut k = 0;
                let mut bits = used;
                while bits != 0 {
                    cards[k] = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    k += 1;
                }
                index.count(&cards[..k], best_hi)
            } else {
                count_high(masks, his, used, best_hi).map(u64::from)
            };
            classes[0] = (gt, best_hi + 1, 0);
            classes[1] = (eq, best_hi, 0);
            classes[2] = (ok - gt - eq, 0, 0);
        }
        let n = self.lists.len();
        let mut units = [0u32; MAX_PLAYERS];
        let mut low = [0u32; MAX_PLAYERS];
        let mut by_player = [0u32; MAX_PLAYERS];
        let mut low_by_player = [0u32; MAX_PLAYERS];
        for (count, h, l) in classes {
            if count == 0 {
                continue;
            }
            state.hi[last] = h;
            state.lo[last] = l;
            split(
                &state.hi[..n],
                &state.lo[..n],
                self.hilo,
                &mut units[..n],
                &mut low[..n],
            );
            for (lvl, (&u, &l)) in units[..n].iter().zip(&low[..n]).enumerate() {
                by_player[self.player_of[lvl]] = u;
                low_by_player[self.player_of[lvl]] = l;
            }
            tally.outcomes += count;
            record(tally, &by_player[..n], &low_by_player[..n], count);
        }
    }
}

/// Entries disjoint from `used`: how many, how many beat `best`, how many tie it.
#[inline(never)]
fn count_high(masks: &[u64], his: &[u16], used: u64, best: u16) -> [u32; 3] {
    let (mut ok, mut gt, mut eq) = (0u32, 0u32, 0u32);
    for (&m, &h) in masks.iter().zip(his) {
        let free = u32::from(m & used == 0);
        ok += free;
        gt += free & u32::from(h > best);
        eq += free & u32::from(h == best);
    }
    [ok, gt, eq]
}

/// As [`count_high`] for high and low together: disjoint, high beats, high ties, low
/// beats, low ties, then the four joint counts (beats/beats, beats/ties, ties/beats,
/// ties/ties).
#[inline(never)]
fn count_hilo(
    masks: &[u64],
    his: &[u16],
    los: &[u16],
    used: u64,
    best_hi: u16,
    best_lo: u16,
) -> [u32; 9] {
    let mut c = [0u32; 9];
    for ((&m, &h), &l) in masks.iter().zip(his).zip(los) {
        let free = u32::from(m & used == 0);
        let gh = free & u32::from(h > best_hi);
        let eh = free & u32::from(h == best_hi);
        let gl = u32::from(l > best_lo);
        let el = u32::from(l == best_lo);
        c[0] += free;
        c[1] += gh;
        c[2] += eh;
        c[3] += free & gl;
        c[4] += free & el;
        c[5] += gh & gl;
        c[6] += gh & el;
        c[7] += eh & gl;
        c[8] += eh & el;
    }
    c
}
