//! Exact enumeration of every completion.
//!
//! Each player's strength depends only on his own cards, so it is computed once per set of
//! cards he could receive: for player `p` missing `k` cards, the *list* of all `C(m, k)`
//! sets from the stub, each with its card mask and strengths (built with running key
//! sums). A completion is then a choice of one entry per list with pairwise disjoint masks.
//! Players are walked in nested loops, the longest list innermost; the innermost loop only
//! counts, for the best high (and low) of the outer players, how many of its disjoint
//! entries beat, tie or lose to it — a branch-free loop the compiler vectorises — and the
//! pot is split once per outcome class. Work is cut into jobs over the outermost loop (and
//! the innermost when the outermost is short) and summed as integers, so the result does
//! not depend on scheduling.

use std::ops::Range;

use rayon::prelude::*;

use super::{record, split, strengths, Setup, Tally, Totals, MAX_PLAYERS};
use crate::eval::tables::{Tables, CARD_KEY};

/// Jobs the work is cut into (enough to balance any core count in practice).
const JOBS: usize = 1024;

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
        let size = setup.game.final_size();
        let mut add = |key: u64, mask: u64, cards: &[u8]| {
            let (h, l) = strengths(setup.game, t, key, &cards[..size]);
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
}

/// Strengths of the players at the outer levels of the current walk.
struct Outer {
    hi: [u16; MAX_PLAYERS],
    lo: [u16; MAX_PLAYERS],
}

pub(super) fn run(setup: &Setup, t: &Tables) -> Totals {
    let n = setup.players();
    let lists: Vec<List> = (0..n)
        .into_par_iter()
        .map(|p| List::build(setup, t, p))
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&p| lists[p].len());
    let walk = Walk {
        lists: order.iter().map(|&p| &lists[p]).collect(),
        player_of: order,
        hilo: setup.game.is_hilo(),
    };
    let outer_len = walk.lists[0].len();
    let inner_len = walk.lists[n - 1].len();
    let outer_chunk = outer_len.div_ceil(JOBS).max(1);
    let inner_parts = JOBS.div_ceil(outer_len.max(1)).min(inner_len.max(1));
    let inner_chunk = inner_len.div_ceil(inner_parts).max(1);
    let jobs: Vec<(Range<usize>, Range<usize>)> = (0..outer_len)
        .step_by(outer_chunk)
        .flat_map(|o| {
            (0..inner_len).step_by(inner_chunk).map(move |i| {
                (
                    o..(o + outer_chunk).min(outer_len),
                    i..(i + inner_chunk).min(inner_len),
                )
            })
        })
        .collect();
    jobs.into_par_iter()
        .map(|(outer, inner)| walk.job(outer, &inner))
        .fold(Totals::default, |acc, tally| acc.add(&tally))
        .reduce(Totals::default, |a, b| a.merge(&b))
}

impl Walk<'_> {
    fn job(&self, outer: Range<usize>, inner: &Range<usize>) -> Tally {
        let mut tally = Tally::default();
        let mut state = Outer {
            hi: [0; MAX_PLAYERS],
            lo: [0; MAX_PLAYERS],
        };
        self.level(0, 0, outer, inner, &mut state, &mut tally);
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
        let list = self.lists[lvl];
        let next = if lvl + 1 == last {
            inner.clone()
        } else {
            0..self.lists[lvl + 1].len()
        };
        for i in range {
            let m = list.masks[i];
            if m & used != 0 {
                continue;
            }
            state.hi[lvl] = list.hi[i];
            state.lo[lvl] = list.lo[i];
            self.level(lvl + 1, used | m, next.clone(), inner, state, tally);
        }
    }

    /// Counts the innermost entries disjoint from `used` by how they compare with the
    /// outer players' best, and splits one pot per class.
    fn innermost(&self, used: u64, range: Range<usize>, state: &mut Outer, tally: &mut Tally) {
        let last = self.lists.len() - 1;
        let list = self.lists[last];
        let best_hi = state.hi[..last].iter().copied().max().unwrap_or(0);
        let best_lo = state.lo[..last].iter().copied().max().unwrap_or(0);
        let masks = &list.masks[range.clone()];
        let his = &list.hi[range.clone()];
        // (count, inner high, inner low) per class; the inner values only need to compare
        // with the outer best the way the counted entries do.
        let mut classes = [(0u64, 0u16, 0u16); 9];
        if self.hilo {
            let c = count_hilo(masks, his, &list.lo[range], used, best_hi, best_lo);
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
            let [ok, gt, eq] = count_high(masks, his, used, best_hi);
            let (ok, gt, eq) = (u64::from(ok), u64::from(gt), u64::from(eq));
            classes[0] = (gt, best_hi + 1, 0);
            classes[1] = (eq, best_hi, 0);
            classes[2] = (ok - gt - eq, 0, 0);
        }
        let n = self.lists.len();
        let mut units = [0u32; MAX_PLAYERS];
        let mut by_player = [0u32; MAX_PLAYERS];
        for (count, h, l) in classes {
            if count == 0 {
                continue;
            }
            state.hi[last] = h;
            state.lo[last] = l;
            split(&state.hi[..n], &state.lo[..n], self.hilo, &mut units[..n]);
            for (lvl, &u) in units[..n].iter().enumerate() {
                by_player[self.player_of[lvl]] = u;
            }
            tally.outcomes += count;
            record(tally, &by_player[..n], count);
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
